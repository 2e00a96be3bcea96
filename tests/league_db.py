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
    that ends last does not add some 15 checkpoints to the run."""
    from concurrent.futures import ThreadPoolExecutor

    from sqlalchemy.pool import NullPool

    databases, roles = _scratch["databases"], _scratch["roles"]
    if not PG_URL or not (databases or roles):
        return
    sv.close_all()
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT", poolclass=NullPool)

    def drop(name: str) -> None:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    try:
        with ThreadPoolExecutor(max_workers=DROPPING_AT_ONCE) as pool:
            list(pool.map(drop, databases))
        databases.clear()
        with admin.connect() as conn:
            while roles:
                conn.execute(sa.text(f'DROP ROLE IF EXISTS "{roles.pop(0)}"'))
    finally:
        admin.dispose()


# the connections drop_scratch opens at once (the server allows 100 by default; other tests'
# workers have theirs)
DROPPING_AT_ONCE = 8


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
    if request.param == "sqlite":
        return str(tmp_path / "league.sqlite3")
    url = request.getfixturevalue("pg_server_url")
    sv.close_all()
    clean_pg(url)
    return url


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
