"""The cyclic garbage collector during long simulations (a season's days, the pennant odds).

A simulation allocates a great many short-lived lists, tuples and dicts and frees nearly all of
them by reference counting; the cyclic collector, run every 700 allocations by default, spends
its time walking the league's cards and the season's state, which live the whole run (12 % of
an odds run, measured with `perf record`). For the run, what is alive when it starts is frozen
out of the collector's walks and the collector runs less often; cycles made during the run are
still collected. Nothing a simulation decides depends on it.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

THRESHOLD = 20_000        # allocations between the collector's youngest-generation runs

_depth = 0


def settle_process() -> None:
    """For a process that only simulates (an odds worker): once, for its whole life."""
    gc.collect()
    gc.freeze()
    first, *rest = gc.get_threshold()
    gc.set_threshold(max(first, THRESHOLD), *rest)


@contextmanager
def bulk() -> Iterator[None]:
    """The collector set for a long simulation in this process, and set back after it."""
    global _depth
    if _depth:
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
        return
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(before[0], THRESHOLD), *before[1:])
    _depth = 1
    try:
        yield
    finally:
        _depth = 0
        gc.set_threshold(*before)
        gc.unfreeze()
