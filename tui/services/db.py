"""The league databases the services open: one engine per URL, reused, and database failures
told in one line."""
from __future__ import annotations

import threading
from pathlib import Path

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from league.errors import LeagueError
from storage.db import StorageError, make_engine, resolve_url

Db = str | Path | None

_engines: dict[str, Engine] = {}
_making = threading.Lock()     # one engine per URL, when threads ask at once (the app warms up)


class ServiceError(LeagueError):
    """Anything a command cannot do, told in one line."""


def engine_for(db: Db) -> Engine:
    """The engine of a league database (made and migrated on first use, then reused)."""
    url = resolve_url(db)
    engine = _engines.get(url)
    if engine is None:
        with _making:
            engine = _engines.get(url)
            if engine is None:
                engine = _engines[url] = make_engine(url)
    return engine


def close_all() -> None:
    """Dispose of every engine opened so far (the CLI does it after each command)."""
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


def driver_errors() -> tuple[type[Exception], ...]:
    """The database drivers' own errors (raised where storage uses a raw cursor)."""
    import sqlite3

    import psycopg
    return (sqlite3.Error, psycopg.Error)


def db_error(exc: Exception) -> ServiceError:
    """A database failure as one line (a locked SQLite file, a server gone away…)."""
    orig = getattr(exc, "orig", None)
    text = str(orig or exc).strip().splitlines()[0] if str(orig or exc).strip() else type(exc).__name__
    if "readonly database" in text or "read-only database" in text:
        from storage.location import READ_ONLY_REFUSAL
        return ServiceError(READ_ONLY_REFUSAL)
    if isinstance(exc, OperationalError) and "locked" in text:
        return ServiceError(f"the league database is busy (locked by another program): {text}")
    from storage.sharing import refusal   # a shared league's guard said no: say what, in words
    refused = refusal(text)
    if refused is not None:
        return ServiceError(refused)
    return ServiceError(f"database error: {text}")


def require_commissioner(db: Db, what: str, league: str | None = None) -> None:
    """Refuse early, in words, what only the commissioner of a shared league may do (the
    database refuses it anyway)."""
    engine = engine_for(db)
    if engine.dialect.name != "postgresql":
        from storage.location import READ_ONLY_REFUSAL, read_only
        if read_only(str(engine.url)):
            raise ServiceError(f"{READ_ONLY_REFUSAL} (nobody may {what})")
        return
    from storage.sharing import access
    who = access(engine, league)
    if not who.commissioner:
        raise ServiceError(f"only the commissioner may {what} (connected as {who.role}, "
                           f"{who.kind}{' of ' + ', '.join(who.teams) if who.teams else ''})")


__all__ = ["Db", "ServiceError", "StorageError", "engine_for", "close_all", "db_error",
           "driver_errors", "require_commissioner"]
