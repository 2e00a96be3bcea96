"""The cyclic garbage collector during long simulations (a season's days, the pennant odds).

A simulation allocates a great many short-lived lists, tuples and dicts and frees nearly all of
them by reference counting; the cyclic collector, run every 700 allocations by default, spends
its time walking the league's cards and the season's state, which live the whole run (12 % of
an odds run, measured with `perf record`). For the run, what is alive when it starts is frozen
out of the collector's walks and the collector runs less often; cycles made during the run are
still collected. Nothing a simulation decides depends on it.

The app's start (`impact` with no command, tui.launch) is the same kind of run: importing
Textual and building the first screen allocates a few hundred thousand objects that live as long
as the app, and the collector's full walks over them took about a seventh of a cold start (0.88
s median with it, 0.75 s without, tools/startup_bench.py). The launcher pauses the collector
before anything is imported; once the first screen has shown and the database layer is loaded
(tui.app, `_warm_up`), what is alive is frozen out of its walks and it runs again as usual.
"""
from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLD = 20_000        # allocations between the collector's youngest-generation runs

_lock = threading.Lock()
_depth = 0
_before: tuple[int, int, int] = gc.get_threshold()


_start_paused = False


def pause_for_start() -> None:
    """The app's start (tui.launch): no cyclic collection until `resume_after_start`."""
    global _start_paused
    if gc.isenabled():
        gc.disable()
        _start_paused = True


def resume_after_start() -> None:
    """After the app's start (any thread, any number of times): what is alive frozen out of the
    collector's walks, and the collector on again. Nothing to do when it was not paused."""
    global _start_paused
    with _lock:
        if not _start_paused:
            return
        _start_paused = False
        gc.freeze()
        gc.enable()


def settle_process() -> None:
    """For a process that only simulates (an odds worker): once, for its whole life."""
    gc.collect()
    gc.freeze()
    first, *rest = gc.get_threshold()
    gc.set_threshold(max(first, THRESHOLD), *rest)


@contextmanager
def bulk() -> Iterator[None]:
    """The collector set for a long simulation in this process, and set back after the last
    of those running at once (the app may simulate days and take the odds in two threads)."""
    global _depth, _before
    with _lock:
        if _depth == 0:
            _before = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(max(_before[0], THRESHOLD), *_before[1:])
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0:
                gc.set_threshold(*_before)
                gc.unfreeze()
