"""The league databases the services open: one engine per URL, reused; the unit of work a
service call opens once and passes down (`Work`); database failures told in one line."""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlmodel import Session

from league.errors import LeagueError
from storage.db import StorageError, make_engine, resolve_url
from storage.db import session as new_session

if TYPE_CHECKING:
    from storage.views import Access

_engines: dict[str, Engine] = {}
_making = threading.Lock()     # one engine per URL, when threads ask at once (the app warms up)


class ServiceError(LeagueError):
    """Anything a command cannot do, told in one line."""


def engine_for(db: Db) -> Engine:
    """The engine of a league database (made and migrated on first use, then reused)."""
    if isinstance(db, Work):
        return db.engine
    url = resolve_url(db)
    engine = _engines.get(url)
    if engine is None:
        with _making:
            engine = _engines.get(url)
            if engine is None:
                engine = _engines[url] = make_engine(url)
    return engine


class Work:
    """One unit of work: the league database a service call works on, opened once, and the
    league it names. A public service function takes `db` (a path, an SQLAlchemy URL, None for
    IMPACT_DB or the user's file, or a Work already open) and opens its unit of work with
    `Work.of(db, league)`; whatever it calls — a helper, another service — gets the Work, never
    the database string again. Transactions are the Work's sessions (`with w.session() as s`):
    one for a read, one per stored game. Who is connected (a shared league) is asked once."""

    __slots__ = ("engine", "league", "_access")

    def __init__(self, engine: Engine, league: str | None = None) -> None:
        self.engine = engine
        self.league = league
        self._access: Access | None = None

    @classmethod
    def of(cls, db: Db, league: str | None = None) -> Work:
        """The unit of work of `db`: `db` itself when it is one (for the same league)."""
        if isinstance(db, Work):
            if league is None or league == db.league:
                return db
            if db.league is None:
                return cls(db.engine, league)
            raise ServiceError(f"one unit of work, two leagues: {db.league!r} and {league!r}")
        return cls(engine_for(db), league)

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def session(self) -> Session:
        """A new session on the Work's database (``with w.session() as s: ...``)."""
        return new_session(self.engine)

    def access(self) -> Access:
        """Who is connected and what he may do in the league (asked once per Work)."""
        if self._access is None:
            from storage.sharing import access
            try:
                self._access = access(self.engine, self.league)
            except SQLAlchemyError as exc:
                raise db_error(exc) from None
        return self._access

    def require_commissioner(self, what: str) -> None:
        """Refuse early, in words, what only the commissioner of a shared league may do (the
        database refuses it anyway)."""
        if not self.postgres:
            from storage.location import READ_ONLY_REFUSAL, read_only
            if read_only(str(self.engine.url)):
                raise ServiceError(f"{READ_ONLY_REFUSAL} (nobody may {what})")
            return
        who = self.access()
        if not who.commissioner:
            raise ServiceError(f"only the commissioner may {what} ({_connected(who)})")

    def require_manager(self, team: str, what: str) -> None:
        """Refuse early, in words, a person's `what` for `team` when he is neither its manager
        nor the commissioner (the database refuses it anyway in a shared league)."""
        who = self.access()
        if not who.may_manage(team):
            raise ServiceError(f"only {team}'s manager or the commissioner may {what} for "
                               f"{team} ({_connected(who)})")


def _connected(who: Access) -> str:
    """Who is connected, as a refusal names him: his role, his kind and the clubs he manages."""
    teams = f" of {', '.join(who.teams)}" if who.teams else ""
    return f"connected as {who.role}, {who.kind}{teams}"


# what a public service function takes for its database: a reference, or a Work already open
Db = str | Path | Work | None


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


def database_errors() -> tuple[type[Exception], ...]:
    """What a database may fail with: SQLAlchemy's errors and the drivers' own."""
    return (SQLAlchemyError, *driver_errors())


def db_error(exc: Exception) -> ServiceError:
    """A database failure as one line (a locked SQLite file, a server gone away…)."""
    orig = getattr(exc, "orig", None)
    text = str(orig or exc).strip().splitlines()[0] if str(orig or exc).strip() else type(exc).__name__
    if "readonly database" in text or "read-only database" in text:
        from storage.location import READ_ONLY_REFUSAL
        return ServiceError(READ_ONLY_REFUSAL)
    if isinstance(exc, OperationalError) and "locked" in text:
        return ServiceError(f"the league database is busy (locked by another program): {text}")
    from storage.sharing import refusal  # a shared league's guard said no: say what, in words
    refused = refusal(text)
    if refused is not None:
        return ServiceError(refused)
    return ServiceError(f"database error: {text}")


def require_commissioner(db: Db, what: str, league: str | None = None) -> None:
    """Refuse early, in words, what only the commissioner of a shared league may do (the
    database refuses it anyway)."""
    Work.of(db, league).require_commissioner(what)



@contextlib.contextmanager
def scratch_postgres(url: str) -> Iterator[str]:
    """A database of its own on the PostgreSQL server at `url` for a benchmark (`impact bench
    --season --postgres`): made, its URL given, and dropped afterwards with every connection
    to it closed. The URL's role must be allowed to create databases."""
    import uuid

    import sqlalchemy as sa
    from sqlalchemy.engine import make_url

    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    name = f"impact_bench_{uuid.uuid4().hex[:12]}"
    try:
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        try:
            yield make_url(url).set(database=name).render_as_string(hide_password=False)
        finally:
            close_all()
            with admin.connect() as conn:
                conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


__all__ = ["scratch_postgres", "Db", "Work", "ServiceError", "StorageError", "engine_for", "close_all", "db_error",
           "driver_errors", "database_errors", "require_commissioner"]
