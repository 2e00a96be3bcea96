"""The pennant odds' worker processes: each gets the setup once and plays batches of runs.

Kept apart from the service layer so a worker imports the rules core only.
"""
from __future__ import annotations

from league.season.odds import OddsSetup, RunResult, simulate_run

_setup: OddsSetup | None = None    # this process's copy, sent once by the pool's initializer


def init_worker(setup: OddsSetup) -> None:
    from tui.bulkgc import settle_process

    global _setup
    _setup = setup
    settle_process()      # the setup lives the whole process: out of the collector's walks


def run_batch(start: int, stop: int) -> list[RunResult]:
    """Runs start..stop-1 of the odds."""
    assert _setup is not None, "init_worker was not called"
    return [simulate_run(_setup, r) for r in range(start, stop)]
