"""How fast the league app starts and opens a box score (issue 13: the first screen in under
0.8 s as a whole process; a box score shows a loading indicator at once and its text in under
0.3 s).

    python tools/startup_bench.py [--runs 10] [--db FILE] [--boxes 10] [--size 120x36]

Cold start: `impact --db FILE` is started as a new process in a pseudo-terminal `--runs` times;
each run ends when the first area (standings) has shown its data (the app writes the time to
the file named by IMPACT_READY_FILE and closes). Printed: the median and the spread of the time
from spawning the process to that moment. The database is made once (the bundled league with a
few days played; kept with --db), so the runs time an ordinary start, not the first-run set-up.

Box score: in one app (headless), once its first screen has shown and what it prepares after
that is done, `--boxes` box scores are opened one after the other; printed are the median times
until the loading indicator shows and until the box score's text shows (and the first one's).
Say the machine's load with the figures (`uptime`): a busy machine is slower. CPU time is
less sensitive to a busy machine: the CPU time to the first screen (the app writes it with the
moment) and that of the whole run, which includes what the app prepares after its first screen
(tui.app, `_warm_up`) before it closes.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import pty
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_db(db: str, days: int = 3) -> None:
    """The bundled league with a season and a few days played (skipped when the file exists)."""
    from tui import services as sv
    if Path(db).exists():
        return
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon")
    sv.sim_days(db, days=days)


def _command(db: str) -> list[str]:
    impact = Path(sys.executable).with_name("impact")
    if impact.exists():
        return [str(impact), "--db", db]
    found = shutil.which("impact")
    return [found, "--db", db] if found else [sys.executable, "-m", "tui", "--db", db]


def cold_start(db: str, size: tuple[int, int] = (120, 36), timeout: float = 60.0) -> float:
    """Seconds from spawning `impact` to its first screen showing data (the CPU time the
    process used is kept in `cold_start.cpu`: less sensitive to a busy machine)."""
    import fcntl
    import resource
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    with tempfile.TemporaryDirectory() as tmp:
        ready = Path(tmp) / "ready"
        env = dict(os.environ, IMPACT_READY_FILE=str(ready), TERM="xterm-256color",
                   COLUMNS=str(size[0]), LINES=str(size[1]))

        def drain() -> None:
            while True:
                try:
                    if not os.read(master, 65536):
                        return
                except OSError:
                    return

        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.time()
        proc = subprocess.Popen(_command(db), stdin=slave, stdout=slave, stderr=slave, env=env,
                                start_new_session=True)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            raise RuntimeError("the app did not reach its first screen") from None
        finally:
            os.close(slave)
            os.close(master)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cold_start.cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)  # type: ignore[attr-defined]
        if not ready.exists():
            raise RuntimeError(f"the app closed (exit {proc.returncode}) before its first screen")
        moment, *cpu = ready.read_text().split()
        # the CPU time the process had used when its first screen showed (an older app writes
        # only the moment)
        cold_start.ready_cpu = float(cpu[0]) if cpu else float("nan")  # type: ignore[attr-defined]
        return float(moment) - t0


async def _boxes(db: str, numbers: list[int]) -> list[tuple[float, float]]:
    from tui.bulkgc import pause_for_start
    pause_for_start()           # as `impact` starts the app (tui.launch)
    from tui.app import ImpactApp

    out = []
    app = ImpactApp(db=db)
    async with app.run_test(size=(120, 36)) as pilot:
        app.animation_level = "none"
        # as a person would: the first screen shown and what the app prepares after it (tui.app,
        # `_warm_up`: the database layer) done; a box score asked
        # for at the very moment the first screen shows waits for that too (say it: the first
        # box score's time is printed apart)
        while app.current_mode != "standings" or not getattr(app, "_warmed", True):
            await pilot.pause(0.01)
        await app.workers.wait_for_complete()
        for n in numbers:
            t0 = time.perf_counter()
            app.open_boxscore(n)
            loading = shown = None
            while shown is None:
                await asyncio.sleep(0.001)
                screen = app.screen
                if type(screen).__name__ != "BoxScoreScreen":
                    continue
                tabs = screen.query("#box-tabs")
                if loading is None and tabs and getattr(tabs.first(), "_cover_widget", None):
                    loading = time.perf_counter() - t0
                box = screen.query("#box-text")
                if box and "計" in str(box.first().render()) or box and "R   H   E" in str(
                        box.first().render()):
                    shown = time.perf_counter() - t0
            out.append((loading if loading is not None else float("nan"), shown))
            await pilot.press("escape")
            while type(app.screen).__name__ == "BoxScoreScreen":
                await pilot.pause(0.01)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--boxes", type=int, default=10)
    ap.add_argument("--db", default=None, help="the league file (made when missing; kept)")
    ap.add_argument("--size", default="120x36")
    args = ap.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    keep = args.db is not None
    folder = None if keep else tempfile.mkdtemp(prefix="impact-bench-")
    db = args.db if folder is None else str(Path(folder) / "league.sqlite3")
    try:
        make_db(db)
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
              f"on {os.cpu_count()} CPUs")
        times, cpu, ready_cpu = [], [], []
        for _ in range(args.runs):
            times.append(cold_start(db, size))  # type: ignore[arg-type]
            cpu.append(cold_start.cpu)  # type: ignore[attr-defined]
            ready_cpu.append(cold_start.ready_cpu)  # type: ignore[attr-defined]
        print(f"cold start to the first screen, {args.runs} runs: median "
              f"{statistics.median(times):.3f} s (min {min(times):.3f}, max {max(times):.3f}); "
              f"CPU time to the first screen (all threads): median "
              f"{statistics.median(ready_cpu):.3f} s; "
              f"of the whole run (to its exit, the warm-up after the first screen included): "
              f"median {statistics.median(cpu):.3f} s")
        if args.boxes:
            boxes = asyncio.run(_boxes(db, list(range(1, args.boxes + 1))))
            print(f"box score, {len(boxes)} opened: loading indicator after median "
                  f"{statistics.median(b[0] for b in boxes) * 1000:.0f} ms, text after median "
                  f"{statistics.median(b[1] for b in boxes) * 1000:.0f} ms "
                  f"(the first {boxes[0][1] * 1000:.0f} ms, max {max(b[1] for b in boxes) * 1000:.0f} ms)")
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
