"""The league database under test: an SQLite file, and a scratch PostgreSQL database when
IMPACT_TEST_PG_URL is set (made for the module, dropped afterwards). Import the fixtures."""
from __future__ import annotations

import os
import uuid

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from tui import services as sv

PG_URL = os.environ.get("IMPACT_TEST_PG_URL")


@pytest.fixture(autouse=True)
def _fresh_engines():
    yield
    sv.close_all()


@pytest.fixture(scope="module")
def pg_server_url():
    """A scratch PostgreSQL database for this module, dropped afterwards."""
    if not PG_URL:
        pytest.skip("IMPACT_TEST_PG_URL is not set")
    admin = sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    name = f"league_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(PG_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        sv.close_all()
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


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
