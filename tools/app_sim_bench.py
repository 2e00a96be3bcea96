"""A whole season simulated in the app beside the same season on the command line (issue 34).

    python tools/app_sim_bench.py [--league nippon] [--size 120x36] [--seed 1]

Makes two leagues from the same sample (a temp SQLite file) with the same new season, then:
- app: the league app runs headless (Textual's run_test at --size), the Schedule area is opened
  and `e` pressed; timed from the key to the end of the simulation (the screen's `simulating`
  goes off), wall and the process's CPU (user+sys, all threads);
- cli: `impact season sim --to-end -q` (python -m tui.cli.main) as a process of its own, wall
  and its CPU (user+sys) from the operating system.
Both play the same 858 games of the bundled league. Run it from any checkout: it imports `tui`
from the PYTHONPATH or the installed package, so the commit before a change can be timed the
same way (PYTHONPATH=/that/checkout python tools/app_sim_bench.py). On a busy machine the CPU
times are the figures to compare; wall times need a quiet one.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


async def _app_sim(db: str, size: tuple[int, int]) -> tuple[float, float, int, dict[str, float]]:
    from tui import services as sv
    from tui.app import ImpactApp

    app = ImpactApp(db=db, league="app")
    async with app.run_test(size=size) as pilot:
        app.animation_level = "none"
        deadline = time.monotonic() + 300
        while app.current_mode != "standings" and time.monotonic() < deadline:
            await pilot.pause(0.05)
        await pilot.press("2")
        while not getattr(app.screen, "days", None) and time.monotonic() < deadline:
            await pilot.pause(0.05)
        # the event loop runs this coroutine: its thread's CPU is the event loop's; the other
        # threads' (the simulation's worker, the screen's reads) is the rest of the process's.
        # Waiting is a plain sleep, neither a pilot's pause (it makes the screen draw at once
        # and walks every widget's queue) nor a look at each thread's figures: the bench's own
        # watching costs the app next to nothing
        t0, c0, e0 = time.perf_counter(), _cpu(), time.thread_time()
        await pilot.press("e")
        while getattr(app.screen, "simulating", False) and time.monotonic() < deadline + 600:
            await asyncio.sleep(0.1)
        wall, cpu, loop = time.perf_counter() - t0, _cpu() - c0, time.thread_time() - e0
        split = {"event loop": loop, "other threads": cpu - loop}
    info = sv.season_info(db, league="app")
    return wall, cpu, info.final, split


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--league", default="nippon")
    ap.add_argument("--size", default="120x36")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("app", "cli"), default=None)
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.split("x"))

    from tui import services as sv
    from tui.services.folders import sample_league_path

    folder = tempfile.mkdtemp(prefix="app-sim-bench-")
    db = str(Path(folder) / "bench.sqlite3")
    os.environ["IMPACT_CONFIG"] = str(Path(folder) / "settings.json")
    where = str(sample_league_path(args.league))
    for name in ("app", "cli"):
        sv.create_league(db, name, where)
        sv.new_season(db, name, seed=args.seed)
    sv.close_all()
    if args.only != "cli":
        wall, cpu, final, split = asyncio.run(_app_sim(db, (w, h)))
        print(f"app   {final} games  {wall:6.2f} s wall  {cpu:6.2f} s CPU (user+sys, the app's "
              "whole process from the key `e` to the end: "
              + ", ".join(f"{k} {v:.2f} s" for k, v in split.items()) + ")")
    if args.only != "app":
        c0 = _children_cpu()
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tui.cli.main", "season", "sim", "--to-end", "-q",
                        "--db", db, "--league", "cli"], check=True, stdout=subprocess.DEVNULL)
        wall, cpu = time.perf_counter() - t0, _children_cpu() - c0
        final = sv.season_info(db, league="cli").final
        print(f"cli   {final} games  {wall:6.2f} s wall  {cpu:6.2f} s CPU (user+sys, "
              "`impact season sim --to-end -q` as a process)")
    sv.close_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
