"""Where leagues are kept: engines and sessions, SQLite by default, any SQLAlchemy URL on request.

A league database is brought to the newest schema with the Alembic migrations shipped inside
this package each time it is opened, so a file made by an older version opens in a newer one.
Opening a database already at the newest schema reads its version row and the migration files'
text only: Alembic (a tenth of a second to import) is imported when a migration has to run.
SQLite gets foreign keys, WAL and a busy timeout so the app and a CLI command can share a file.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import ArgumentError
from sqlmodel import Session, create_engine

# re-exported: where a league is kept is resolved without SQLAlchemy (storage.location)
from storage.location import MIGRATIONS, VERSION_TABLE, StorageError, default_path, head_from_files, resolve_url  # noqa: F401

BUSY_TIMEOUT_MS = 10_000
WAL_CHECKPOINT_PAGES = 10_000
WAL_SIZE_LIMIT = 8 * 1024 * 1024


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    # WAL lets a reader (the app) and a writer (a CLI sim) work at once; NORMAL sync in WAL
    # still survives a killed process, it only risks the last commits on a power cut.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # a season writes ~100 KB of WAL a game: checkpoint every ~40 MB rather than every 4 MB (the
    # default), so the pages every game touches (indexes, rest, schedule) are copied into the
    # file once a season instead of a dozen times; the file shrinks back to 8 MB after that
    cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_PAGES}")
    cursor.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
    cursor.close()


def sqlite_like_commits(session: Session) -> None:
    """Let the transaction open on `session` commit without waiting for the server's disk, as
    SQLite's WAL with NORMAL sync commits (`_sqlite_pragmas`); nothing to do on SQLite.

    On PostgreSQL this is `SET LOCAL synchronous_commit = off`, for this transaction only (the
    connection goes back to the pool as it was). The transaction stays all or nothing, and
    survives this process being killed the moment `commit()` returns: PostgreSQL has it in its
    write-ahead log already, and the log writer flushes it within `wal_writer_delay` x 3 (0.6 s
    by default). Only a crash of the server or its machine within that time may lose it, whole,
    with the transactions committed after it, never a part of one: the same as a power cut
    does to SQLite's last commits. Any role may set it (a user-settable setting), so a shared
    league's commissioner needs no right for it. A season's days use it (a day's wait for the
    disk, 143 of them a season, was a third of PostgreSQL's extra time over SQLite)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SET LOCAL synchronous_commit = off"))


@contextmanager
def keys_unchecked(conn: Connection) -> Iterator[bool]:
    """SQLite's foreign keys off on `conn` for the transaction begun and ended inside (a season
    day's), on again after it; True when they are off, and the caller then checks once what
    the keys would have checked row by row (repository.check_day_keys: ≈ 2 lookups a line,
    150 k a season, 7 % of the storing's instructions), and may insert several rows a
    statement without a statement journal (fastsql.insert_rows). The pragma acts only between
    transactions: with one open on `conn`, or on another database, the keys stay as they are
    and False is yielded. A connection whose keys could not be put back on is dropped from
    the pool, never handed out with them off; a killed process takes its connection along."""
    raw = conn.connection.dbapi_connection if conn.dialect.name == "sqlite" else None
    if raw is None or raw.in_transaction:
        yield False
        return
    raw.execute("PRAGMA foreign_keys=OFF")
    try:
        yield True
    finally:
        # an interrupt (Ctrl-C) inside a statement makes SQLAlchemy close the connection: gone,
        # it is handed out by no pool, and the interrupt, not the closed database's error, goes on
        try:
            raw.execute("PRAGMA foreign_keys=ON")
            back = raw.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        except sqlite3.ProgrammingError:
            back = False
        if not back and not conn.invalidated:
            conn.invalidate()


def make_engine(url: str, *, migrate: bool = True, revision: str = "head") -> Engine:
    """An engine for `url`, its schema migrated to `revision` (the newest unless told)."""
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_engine(url, pool_pre_ping=True)
    except (ArgumentError, ImportError) as exc:
        raise StorageError(f"cannot use the database {url!r}: {exc}") from None
    if migrate and upgrade(engine, revision) and engine.dialect.name == "postgresql":
        from storage.sharing import reapply  # a shared league: guard the new tables too
        reapply(engine)
    return engine


def _alembic_config(engine: Engine) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("version_table", VERSION_TABLE)
    cfg.attributes["engine"] = engine
    return cfg


def current_revision(engine: Engine) -> str | None:
    """The schema revision stored in the database (None for an empty one)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
        return ctx.get_current_revision()


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert head is not None
    return head


def _stored_revision(engine: Engine) -> str | None:
    """The version row, read with plain SQL (None: no version table or no row)."""
    from sqlalchemy import inspect, text

    with engine.connect() as conn:
        if not inspect(conn).has_table(VERSION_TABLE):
            return None
        rows = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).fetchall()
    return rows[0][0] if len(rows) == 1 else None


def upgrade(engine: Engine, revision: str = "head") -> bool:
    """Run the migrations up to `revision`; nothing to do when the database is already there.
    True when a migration ran."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        if revision == "head":
            head = head_from_files()
            if head is not None and _stored_revision(engine) == head:
                return False          # the usual open: no Alembic at all
        from alembic import command
        from alembic.script import ScriptDirectory

        current = current_revision(engine)
        script = ScriptDirectory(str(MIGRATIONS))
        target = script.get_current_head() if revision == "head" else revision
        if current == target:
            return False
        if current is not None and current not in {s.revision for s in script.walk_revisions()}:
            raise StorageError(
                f"{engine.url.render_as_string(hide_password=True)}: made by a newer version of "
                f"Impact League (schema {current}); upgrade the program"
            )
        command.upgrade(_alembic_config(engine), revision)
        return True
    except SQLAlchemyError as exc:
        where = engine.url.render_as_string(hide_password=True)
        raise StorageError(f"cannot open the database {where}: {_short(exc)}") from None


def _short(exc: Exception) -> str:
    text = str(getattr(exc, "orig", exc) or exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def session(engine: Engine) -> Session:
    """A new session: one per unit of work (``with session(engine) as s: ...``)."""
    return Session(engine, expire_on_commit=False)
