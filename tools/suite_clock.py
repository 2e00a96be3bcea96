"""Where the test suite's time goes: each test's CPU and wall time, by xdist worker and group, and
the two-worker schedule those times make (issue 30: the whole suite in 5 minutes on two cores).

Record (a pytest plugin; every worker writes its own lines):

    IMPACT_SUITE_CLOCK=/tmp/clock PYTHONPATH=tools pytest -p suite_clock

Each test's line (JSON, /tmp/clock/<worker>.jsonl): its id, its xdist group, the worker, when its
set-up began and its tear-down ended (wall clock), and for each phase (setup, call, teardown)
its wall seconds and the CPU seconds of the worker process, its threads and the child processes
it waited for (a browser, a subprocess `impact`), the PostgreSQL server's work not included.
A worker's collection and start-up are a line of their own (`"test": null`).

Each phase also records the seconds the worker's main thread was ready but waited for a core
(/proc/thread-self/schedstat): a busy machine's delay, taken off for `--cost quiet`. A worker's
session end (fixtures torn down, the scratch PostgreSQL databases dropped) is a line too.

Read:

    python tools/suite_clock.py /tmp/clock [--workers 2] [--top 25] [--cost cpu|wall|max|quiet]
        [--order FILE [--regroup]] [--table tests/test_seconds.json] [--tests N]

prints the groups by cost, the run as it happened (each worker's busy time, its last group, its
session's end), and simulated schedules: pytest-xdist's loadgroup scheduler (`simulate`: a worker
is given a group, one more while it has two tests or fewer left, and one more after each test
while it has two or fewer) fed the groups in the order the run took them, in the order of
`--order` (lines `[test id, group, ...]` as tests/conftest.py sorted them; `--regroup`: the
tests in that file's groups, another grouping than the run's) and heaviest first. Its makespan
is the run's wall on a quiet machine with `--workers` cores, less the collection (some 7 s) and
the session's end. Costs: `cpu` (the default), each test's CPU seconds, which a busy machine
changes little; `wall` the seconds it took; `max` the larger of the two for each phase; `quiet`
the wall less the wait for a core: its CPU and its own waits (a sleep, the PostgreSQL server, a
subprocess, a browser — the last three inflated on a busy machine, where they wait for a core
too). Lines recorded without the wait for a core get an estimate of it (rough). `--table`
writes each test's seconds (of at least `--least`) for tests/conftest.py's order, and with
`--order` (the collection) each module whose every test was measured, by its path. `--cores C`:
1 to `--workers` + 1 workers sharing C cores, each test its CPU then its own wait (quiet less
CPU: on a busy machine an upper bound, since a subprocess's, a thread's or the server's wait for
a core counts as the test's own wait) — whether one more worker than cores fills the waits.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

# --- the plugin ---------------------------------------------------------------------------------


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _queued() -> float:
    """The seconds the worker's main thread was ready to run but waited for a core (Linux's
    /proc schedstat; 0 where there is none): a busy machine's delay, not the test's own wait."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class _Clock:
    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.out = (folder / f"{self.worker}.jsonl").open("a", encoding="utf-8")
        self.begun = time.time()
        self.phases: dict[str, tuple[float, float, float]] = {}

    def write(self, line: dict) -> None:
        self.out.write(json.dumps(line) + "\n")
        self.out.flush()


_clock: _Clock | None = None


def pytest_configure(config) -> None:
    global _clock
    folder = os.environ.get("IMPACT_SUITE_CLOCK")
    if folder:
        _clock = _Clock(Path(folder))


def _group(item) -> str:
    mark = item.get_closest_marker("xdist_group")
    if mark is None:
        return item.nodeid.split("::", 1)[0]
    return str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))


def pytest_collection_finish(session) -> None:
    if _clock is not None:
        _clock.write({"test": None, "worker": _clock.worker, "start": _clock.begun,
                      "end": time.time(), "cpu": _cpu(), "items": len(session.items)})


def _session_end():
    import pytest

    @pytest.hookimpl(hookwrapper=True)
    def pytest_sessionfinish(session, exitstatus):       # noqa: ARG001 (pytest's signature)
        begun, cpu = time.time(), _cpu()
        yield
        if _clock is not None:
            _clock.write({"test": None, "worker": _clock.worker, "finish": begun,
                          "end": time.time(), "cpu": _cpu() - cpu})
    return pytest_sessionfinish


pytest_sessionfinish = _session_end()


def _phase(name: str):
    import pytest

    @pytest.hookimpl(hookwrapper=True)
    def wrapper(item, *args):
        if _clock is None:
            yield
            return
        wall, cpu, queued = time.time(), _cpu(), _queued()
        yield
        _clock.phases[name] = (time.time() - wall, _cpu() - cpu, _queued() - queued)
    return wrapper


pytest_runtest_setup = _phase("setup")
pytest_runtest_call = _phase("call")
pytest_runtest_teardown = _phase("teardown")


def pytest_runtest_protocol(item, nextitem):       # noqa: ARG001 (pytest's signature)
    if _clock is not None:
        _clock.phases = {}
        item.stash[_START] = time.time()


def pytest_runtest_makereport(item, call) -> None:
    if _clock is None or call.when != "teardown":
        return
    phases = dict(_clock.phases)
    phases.setdefault("teardown", (call.duration, 0.0, 0.0))
    _clock.write({"test": item.nodeid, "group": _group(item), "worker": _clock.worker,
                  "start": item.stash.get(_START, call.start), "end": time.time(),
                  "wall": {k: round(v[0], 4) for k, v in phases.items()},
                  "cpu": {k: round(v[1], 4) for k, v in phases.items()},
                  "queued": {k: round(v[2], 4) for k, v in phases.items()}})


def _stash_key():
    import pytest
    return pytest.StashKey[float]()


_START = _stash_key()


# --- the reading ----------------------------------------------------------------------------------


def read(folder: Path) -> tuple[list[dict], list[dict]]:
    tests: list[dict] = []
    workers: list[dict] = []
    for path in sorted(folder.glob("*.jsonl")):
        for text in path.read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            (workers if line["test"] is None else tests).append(line)
    if any("queued" not in line for line in tests):
        _estimate_queued(tests)
    return tests, workers


def _estimate_queued(tests: list[dict], window: float = 150.0) -> None:
    """For lines recorded without the wait for a core: the worker's slowness at the time (its
    tests' wall over their CPU within `window` seconds) taken as every test's, so a test's wait
    of its own is what its wall has beyond its CPU times that slowness (rough: a busy machine's
    slowness changes from minute to minute)."""
    by_worker: dict[str, list[dict]] = defaultdict(list)
    for line in tests:
        by_worker[line["worker"]].append(line)
    for lines in by_worker.values():
        for line in lines:
            near = [x for x in lines if abs(x["start"] - line["start"]) < window]
            cpu = sum(sum(x["cpu"].values()) for x in near)
            wall = sum(sum(x["wall"].values()) for x in near)
            slow = wall / cpu if cpu > 1.0 else 1.0
            line["queued"] = {k: max(0.0, line["cpu"].get(k, 0.0) * (slow - 1.0))
                              for k in line["wall"]}


def cost_of(line: dict, how: str) -> float:
    """A test's seconds: CPU, wall, or for each phase the larger of the two."""
    cpu, wall = line["cpu"], line["wall"]
    if how == "cpu":
        return sum(cpu.values())
    if how == "wall":
        return sum(wall.values())
    if how == "quiet":
        queued = line.get("queued", {})
        return sum(max(cpu.get(k, 0.0), wall[k] - queued.get(k, 0.0)) for k in wall)
    return sum(max(cpu.get(k, 0.0), wall.get(k, 0.0)) for k in wall)


def _first_deal(workers: int, queue: list, pending: list[list], assign: Callable[[int], None]) -> None:
    """xdist's loadgroup start, as `simulate` and `shared_cores` model it: a group to each
    worker, then one more to each worker left with two tests or fewer."""
    for w in range(workers):
        if queue:
            assign(w)
    for w in range(workers):
        if queue and len(pending[w]) <= 2:
            assign(w)


def simulate(units: list[tuple[str, list[float]]], workers: int
             ) -> tuple[float, list[list[tuple[str, float, float]]]]:
    """The run of `units` (each a group and its tests' seconds, in the order handed out) as
    pytest-xdist's loadgroup scheduler makes it: each worker is given one unit, then one more
    while it has at most two tests left, and after each test one more unit if it has at most two
    tests left (LoadScopeScheduling._reschedule: a worker may so hold a second group behind a
    heavy group of one or two tests while the other worker is free). Returns the makespan and
    each worker's groups with their start and end."""
    queue = list(units)
    pending: list[list[tuple[str, float]]] = [[] for _ in range(workers)]
    taken: list[list[tuple[str, float, float]]] = [[] for _ in range(workers)]
    clock = [0.0] * workers

    def assign(w: int) -> None:
        group, seconds = queue.pop(0)
        pending[w].extend((group, s) for s in seconds)
        taken[w].append((group, -1.0, -1.0))

    _first_deal(workers, queue, pending, assign)
    while any(pending):
        w = min((i for i in range(workers) if pending[i]), key=lambda i: clock[i])
        group, seconds = pending[w].pop(0)
        for i, (g, b, e) in enumerate(taken[w]):
            if g == group:
                taken[w][i] = (g, clock[w] if b < 0 else b, clock[w] + seconds)
        clock[w] += seconds
        if queue and len(pending[w]) <= 2:
            assign(w)
    return max(clock), taken


def shared_cores(units: list[tuple[str, list[tuple[float, float]]]], workers: int, cores: int,
                 step: float = 0.01) -> float:
    """The makespan of `units` (each test as its CPU seconds and the seconds it waits on
    something else: the server, a browser, a sleep) run by `workers` workers on `cores` cores,
    handed out as in `simulate`: the workers on CPU share the cores evenly, a waiting worker
    needs none (so a third worker on two cores runs while another waits). Each test's CPU
    first, then its wait."""
    queue = list(units)
    pending: list[list[list[float]]] = [[] for _ in range(workers)]

    def assign(w: int) -> None:
        pending[w].extend([cpu, wait] for cpu, wait in queue.pop(0)[1])

    _first_deal(workers, queue, pending, assign)
    clock = 0.0
    while any(pending):
        on_cpu = [w for w in range(workers) if pending[w] and pending[w][0][0] > 0]
        share = min(1.0, cores / len(on_cpu)) if on_cpu else 1.0
        clock += step
        for w in range(workers):
            if not pending[w]:
                continue
            test = pending[w][0]
            if test[0] > 0:
                test[0] -= step * share
            else:
                test[1] -= step
            if test[0] <= 0 and test[1] <= 0:
                pending[w].pop(0)
                if queue and len(pending[w]) <= 2:
                    assign(w)
    return clock


def cpu_and_wait(tests: list[dict], order: list[str] | None
                 ) -> list[tuple[str, list[tuple[float, float]]]]:
    """The groups' tests as (CPU, own wait) — the wait is `quiet` less the CPU — in `order`."""
    pairs: dict[str, list[tuple[float, float]]] = defaultdict(list)
    first: dict[str, float] = {}
    for line in sorted(tests, key=lambda t: t["start"]):
        cpu = cost_of(line, "cpu")
        pairs[line["group"]].append((cpu, max(0.0, cost_of(line, "quiet") - cpu)))
        first.setdefault(line["group"], line["start"])
    if order is None:
        order = sorted(pairs, key=lambda g: first[g])
    return [(g, pairs[g]) for g in order if g in pairs]


def units_of(tests: list[dict], how: str, order: list[str] | None = None
             ) -> list[tuple[str, list[float]]]:
    """The groups with their tests' seconds, in `order` (group names; else as the run took them:
    by the first start)."""
    seconds: dict[str, list[float]] = defaultdict(list)
    first: dict[str, float] = {}
    for line in sorted(tests, key=lambda t: t["start"]):
        seconds[line["group"]].append(cost_of(line, how))
        first.setdefault(line["group"], line["start"])
    if order is None:
        order = sorted(seconds, key=lambda g: first[g])
    return [(g, seconds[g]) for g in order if g in seconds]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--cost", choices=("cpu", "wall", "max", "quiet"), default="cpu")
    parser.add_argument("--order", type=Path, help="a file of [test id, group] lines in the order "
                        "the workers hand them out (as tests/conftest.py sorted them)")
    parser.add_argument("--regroup", action="store_true", help="group the tests as --order's "
                        "file does (a grouping other than the run's)")
    parser.add_argument("--table", type=Path, help="write each test's seconds (--cost) of at "
                        "least --least seconds to this JSON file (tests/test_seconds.json: the "
                        "order tests/conftest.py hands the groups out in)")
    parser.add_argument("--least", type=float, default=0.2)
    parser.add_argument("--cores", type=int, default=0, help="also simulate 1 to --workers + 1 "
                        "workers sharing this many cores, each test its CPU then its own wait")
    parser.add_argument("--tests", type=int, default=0, help="also the N costliest tests")
    args = parser.parse_args(argv)
    tests, workers = read(args.folder)
    finishes = {w["worker"]: w for w in workers if "finish" in w}
    workers = [w for w in workers if "finish" not in w]
    listed: list[list] = []
    if args.order:
        listed = [json.loads(t) for t in args.order.read_text(encoding="utf-8").splitlines()]
        if args.regroup:     # each test in the group the file gives it (another grouping)
            group_of = {test: group for test, group, *_ in listed}
            for line in tests:
                line["group"] = group_of.get(line["test"].rsplit("@", 1)[0], line["group"])
    if not tests:
        print("no tests recorded", file=sys.stderr)
        return 1
    group_cost: dict[str, float] = defaultdict(float)
    group_cpu: dict[str, float] = defaultdict(float)
    group_wall: dict[str, float] = defaultdict(float)
    group_n: dict[str, int] = defaultdict(int)
    first_start: dict[str, float] = {}
    for line in tests:
        g = line["group"]
        group_cost[g] += cost_of(line, args.cost)
        group_cpu[g] += sum(line["cpu"].values())
        group_wall[g] += sum(line["wall"].values())
        group_n[g] += 1
        first_start[g] = min(first_start.get(g, line["start"]), line["start"])
    total_cpu = sum(group_cpu.values())
    total_wall = sum(group_wall.values())
    print(f"{len(tests)} tests in {len(group_cost)} groups: test CPU {total_cpu:.1f} s, "
          f"test wall {total_wall:.1f} s (summed over workers)")
    begun = min(w["start"] for w in workers) if workers else min(t["start"] for t in tests)
    print("\nthe run as it happened (seconds from the first worker's start):")
    by_worker: dict[str, list[dict]] = defaultdict(list)
    for line in tests:
        by_worker[line["worker"]].append(line)
    for w in sorted(by_worker):
        lines = sorted(by_worker[w], key=lambda t: t["start"])
        boot = next((x for x in workers if x["worker"] == w), None)
        busy = sum(sum(t["wall"].values()) for t in lines)
        last = lines[-1]
        print(f"  {w}: collected by {boot['end'] - begun if boot else 0:6.1f}, tests from "
              f"{lines[0]['start'] - begun:6.1f} to {last['end'] - begun:6.1f}, busy {busy:6.1f}, "
              f"CPU {sum(sum(t['cpu'].values()) for t in lines):6.1f}; last group {last['group']}")
        end = finishes.get(w)
        if end is not None:
            print(f"      its session's end (fixtures torn down, scratch databases dropped) "
                  f"{end['finish'] - begun:6.1f} to {end['end'] - begun:6.1f}, CPU {end['cpu']:.1f}")
    print(f"\nthe {args.top} costliest groups ({args.cost}); CPU, wall, tests, started at:")
    for g in sorted(group_cost, key=lambda g: -group_cost[g])[:args.top]:
        print(f"  {group_cost[g]:7.1f}  {group_cpu[g]:7.1f} {group_wall[g]:7.1f} {group_n[g]:4d} "
              f"{first_start[g] - begun:6.1f}  {g}")
    orders: list[tuple[str, list[str] | None]] = \
        [] if args.regroup else [("in the order the run took them", None)]
    if listed:
        orders.append((f"in the order of {args.order.name}",
                       list(dict.fromkeys(group for _, group, *_ in listed))))
    orders.append(("heaviest first by these costs",
                   sorted(group_cost, key=lambda g: -group_cost[g])))
    for name, order in orders:
        units = units_of(tests, args.cost, order)
        span, taken = simulate(units, args.workers)
        print(f"\nsimulated, {args.workers} workers, {name}: makespan {span:.1f} s "
              f"(sum/{args.workers} = {sum(sum(s) for _, s in units) / args.workers:.1f} s)")
        for i, groups in enumerate(taken):
            tail = ", ".join(f"{g} {b:.0f}-{e:.0f}" for g, b, e in groups[-3:])
            print(f"  worker {i}: {len(groups)} groups, ends {groups[-1][2] if groups else 0:.1f}; "
                  f"last: {tail}")
    if args.cores:
        order = orders[-1][1]
        units2 = cpu_and_wait(tests, order)
        cpu = sum(c for _, pairs in units2 for c, _ in pairs)
        wait = sum(w for _, pairs in units2 for _, w in pairs)
        print(f"\non {args.cores} cores, each test's CPU and its own wait (CPU {cpu:.1f} s, "
              f"waits {wait:.1f} s), heaviest first:")
        for n in range(1, args.workers + 2):
            print(f"  {n} workers: makespan {shared_cores(units2, n, args.cores):.1f} s")
    if args.table:
        table: dict[str, float] = defaultdict(float)
        for line in tests:
            table[line["test"].rsplit("@", 1)[0]] += cost_of(line, args.cost)
        kept = {t: round(s, 1) for t, s in table.items() if s >= args.least}
        if listed:      # the modules whose every test the run measured, by their path
            collected: dict[str, set[str]] = defaultdict(set)
            for test, *_ in listed:
                collected[test.split("::", 1)[0]].add(test)
            kept.update({module: 0.0 for module, ids in collected.items() if ids <= set(table)})
        kept = dict(sorted(kept.items()))
        args.table.write_text(json.dumps(kept, indent=0, ensure_ascii=False) + "\n",
                              encoding="utf-8")
        print(f"\n{len(kept)} tests of at least {args.least} s written to {args.table}")
    if args.tests:
        print(f"\nthe {args.tests} costliest tests ({args.cost}); setup/call/teardown CPU, wall:")
        for line in sorted(tests, key=lambda t: -cost_of(t, args.cost))[:args.tests]:
            c, w = line["cpu"], line["wall"]
            print(f"  {cost_of(line, args.cost):6.1f}  cpu {c.get('setup', 0):5.1f}/"
                  f"{c.get('call', 0):5.1f}/{c.get('teardown', 0):5.1f}  wall "
                  f"{w.get('setup', 0):5.1f}/{w.get('call', 0):5.1f}/{w.get('teardown', 0):5.1f}"
                  f"  {line['test']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
