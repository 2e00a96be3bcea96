"""The league databases the services open: one engine per URL, reused, and database failures
told in one line."""
from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from league.errors import LeagueError
from storage.db import StorageError, make_engine, resolve_url

Db = str | Path | None

_engines: dict[str, Engine] = {}


class ServiceError(LeagueError):
    """Anything a command cannot do, told in one line."""


def engine_for(db: Db) -> Engine:
    """The engine of a league database (made and migrated on first use, then reused)."""
    url = resolve_url(db)
    engine = _engines.get(url)
    if engine is None:
        engine = _engines[url] = make_engine(url)
    return engine


def close_all() -> None:
    """Dispose of every engine opened so far (the CLI does it after each command)."""
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


def db_error(exc: SQLAlchemyError) -> ServiceError:
    """A database failure as one line (a locked SQLite file, a server gone away…)."""
    orig = getattr(exc, "orig", None)
    text = str(orig or exc).strip().splitlines()[0] if str(orig or exc).strip() else type(exc).__name__
    if isinstance(exc, OperationalError) and "locked" in text:
        return ServiceError(f"the league database is busy (locked by another program): {text}")
    return ServiceError(f"database error: {text}")


__all__ = ["Db", "ServiceError", "StorageError", "engine_for", "close_all", "db_error"]
