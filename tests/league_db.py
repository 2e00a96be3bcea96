"""The league database under test: an SQLite file, and a scratch PostgreSQL database when
IMPACT_TEST_PG_URL is set (made for the module, dropped when the session ends). Import the
fixtures."""
from __future__ import annotations

import os
import uuid
from collections.abc import Iterable

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from tui import services as sv

PG_URL = os.environ.get("IMPACT_TEST_PG_URL")


@pytest.fixture(autouse=True)
def _fresh_engines():
    yield
    sv.close_all()


# The scratch databases and roles the tests made on the server, dropped when the session ends
# (tests/conftest.py's pytest_sessionfinish calls drop_scratch), not as each module ends:
# PostgreSQL 15 makes every DROP DATABASE wait for an immediate checkpoint of the whole server
# (every dirty buffer written and synced), 0.4-1.5 s a database on this two-core machine while
# other tests write, some 30 databases a run. Dropped after the worker's last test, all at once
# (drop_scratch), they wait for one or two checkpoints together, and no test waits.
# A module's connections are closed when it ends all the same (its fixtures close the services'
# engines); nothing reads a database after its module, and every name is new (a process id or
# a random tag).
_scratch: dict[str, list[str]] = {"databases": [], "roles": []}


def drop_at_end(*, databases: Iterable[str] = (), roles: Iterable[str] = ()) -> None:
    """Drop these databases, then these roles, when the session ends (see above)."""
    _scratch["databases"].extend(databases)
    _scratch["roles"].extend(roles)


def drop_scratch() -> None:
    """Drop the databases and then the roles given to drop_at_end (the roles' grants live in
    the databases: a role goes after them). The databases all at once, each on its connection:
    the checkpoint each DROP DATABASE waits for is one for all the drops that asked while it
    was pending (at a load of 10: 12 databases 1.0 s together, 1.3-2.8 s each one by one; the
    session's end after five storage modules 43.7 s one by one, 2.4 s at once), so the worker
    that ends last does not add some 15 checkpoints to the run. Eight at a time were not at once:
    each eight waited for a checkpoint of their own (30 databases at a load of 8: 39-52 s eight
    at a time, 0.4-3.8 s thirty at once); a connection the server refuses for want of room
    (other workers' drops at the same moment) tries again."""
    from concurrent.futures import ThreadPoolExecutor

    from sqlalchemy.pool import NullPool

    databases, roles = _scratch["databases"], _scratch["roles"]
    if not PG_URL or not (databases or roles):
        return
    sv.close_all()
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT", poolclass=NullPool)

    def drop(name: str) -> None:
        import time

        for wait in (0.1, 0.2, 0.5, 1.0, 2.0, 5.0, None):
            try:
                with admin.connect() as conn:
                    conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                return
            except sa.exc.OperationalError as exc:
                if wait is None or getattr(exc.orig, "sqlstate", None) != TOO_MANY_CLIENTS:
                    raise
                time.sleep(wait)
    try:
        with ThreadPoolExecutor(max_workers=min(len(databases), DROPPING_AT_ONCE) or 1) as pool:
            list(pool.map(drop, databases))
        databases.clear()
        with admin.connect() as conn:
            while roles:
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{roles.pop(0)}"'))
    finally:
        admin.dispose()


# the connections drop_scratch opens at once (the server allows 100 by default; other tests'
# workers have theirs: a connection refused for that, TOO_MANY_CLIENTS, tries again)
DROPPING_AT_ONCE = 32
TOO_MANY_CLIENTS = "53300"


@pytest.fixture(scope="module")
def pg_server_url():
    """A scratch PostgreSQL database for this module, dropped when the session ends."""
    if not PG_URL:
        pytest.skip("IMPACT_TEST_PG_URL is not set")
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    name = f"league_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    drop_at_end(databases=[name])
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        sv.close_all()


def clean_pg(url: str) -> None:
    """Drop the league tables, so each test starts from an empty database."""
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        names = [r[0] for r in conn.execute(sa.text(
            "select tablename from pg_tables where schemaname = 'public' and "
            "(tablename like 'league%' or tablename like 'season%' or tablename like 'game%')"))]
        for n in names:
            conn.execute(sa.text(f'DROP TABLE IF EXISTS "{n}" CASCADE'))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path):
    """A new league database: an SQLite file, or a PostgreSQL database of its own at the newest
    schema (new_pg_database)."""
    if request.param == "sqlite":
        return str(tmp_path / "league.sqlite3")
    if not PG_URL:
        pytest.skip("IMPACT_TEST_PG_URL is not set")
    return new_pg_database()


# The database new_pg_database copies: made once a process, empty at the newest schema.
_at_head: list[str] = []


def new_pg_database() -> str:
    """The URL of a new scratch database (dropped when the session ends) at the newest schema,
    a copy (CREATE DATABASE ... TEMPLATE) of one the process migrated once. Each test of `db`
    had a module's database with the league's tables dropped (clean_pg) and migrated again
    from nothing: 29 migrations today, some 0.6 s of the server's time a test, against 0.15 s for a
    copy; the copy is the database the migrations make, and nothing else is in it."""
    assert PG_URL is not None
    from storage.db import make_engine

    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    name = f"league_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        if not _at_head:
            head = f"{name}_head"
            with admin.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{head}"'))
            drop_at_end(databases=[head])
            make_engine(make_url(PG_URL).set(database=head)
                        .render_as_string(hide_password=False)).dispose()
            _at_head.append(head)
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}" TEMPLATE "{_at_head[0]}"'))
    finally:
        admin.dispose()
    drop_at_end(databases=[name])
    return make_url(PG_URL).set(database=name).render_as_string(hide_password=False)


def copy_league(made: str, to: str) -> None:
    """A copy of the SQLite league file `made` at `to` (SQLite's backup: whatever its write-ahead
    log still holds is copied too), for a test that starts from a league made once."""
    import sqlite3

    source, target = sqlite3.connect(made), sqlite3.connect(to)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


IN_SEASON_TRADES = "\n[trades]\nin_season = true\n"


def trading_league(tmp_path, sample: str = "pacific", folder: str = "pac",
                   extra: str = IN_SEASON_TRADES):
    """A copy of the sample league `sample` in `tmp_path / folder` whose computer clubs trade in
    the season (league.toml's [trades] in_season = true, or `extra`), to store with
    create_league: the folder."""
    import shutil

    from storage.plainfiles import sample_league_path

    path = tmp_path / folder
    if not path.exists():
        shutil.copytree(sample_league_path(sample), path)
        toml = path / "league.toml"
        toml.write_text(toml.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return path
