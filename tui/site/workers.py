"""The processes that make the box scores while the main process makes the rest of the site."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def _fresh_engines() -> None:
    """A forked worker opens its own database connections: the parent's pooled ones are left
    to the parent (SQLAlchemy's advice for forked processes: dispose without closing)."""
    from tui.services import db
    for engine in db._engines.values():
        engine.dispose(close=False)
    db._engines.clear()


def start_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes: forked where the system can (the modules already
    imported come along), else spawned."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context,
                               initializer=_fresh_engines)
