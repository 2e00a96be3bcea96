"""A shared league on the real PostgreSQL server for the tests of a hostile manager (issue 28):
its own database, owned by a login role that may create roles but is not a superuser, with a
commissioner and two managers (neither a superuser), a snapshot of every table, and `attack`,
which runs a manager's statements and checks they end in a refusal that changed nothing.

With IMPACT_TEST_PG_URL set the tests using these run and fail when the server cannot be
reached: they never skip there."""
from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator, Sequence
from decimal import Decimal

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from tui import services as sv

from league_db import drop_at_end
from season_helpers import played_and_closed

PG_URL = os.environ.get("IMPACT_TEST_PG_URL")

# permission denied (grants, row-level security, our functions' refusals), a check violation
REFUSED = {"42501": "permission denied", "23514": "check violation"}


class League:
    """One shared league on its own database: its owner (a login role that may create roles,
    not a superuser), its commissioner and two managers, A and B."""

    def __init__(self, base: str, db: str, tag: str) -> None:
        self.db = db
        self.tag = tag
        self.owner = f"own_{tag}"
        self.commissioner = f"kom_{tag}"
        self.a = f"mgr_a_{tag}"
        self.b = f"mgr_b_{tag}"
        self.base = base
        self.teams: dict[str, str] = {}      # manager role -> team

    def url(self, role: str | None = None) -> str:
        u = make_url(self.base).set(database=self.db, username=role or self.owner, password=None)
        return u.render_as_string(hide_password=False)

    def conninfo(self, role: str) -> str:
        u = make_url(self.base).set(drivername="postgresql", database=self.db, username=role,
                                    password=None)
        return u.render_as_string(hide_password=False)

    @property
    def groups(self) -> tuple[str, str]:
        stem = self.db.lower()[:40]
        return f"{stem}_commissioner", f"{stem}_manager"


def _admin() -> sa.Engine:
    assert PG_URL is not None
    return sa.create_engine(PG_URL, isolation_level="AUTOCOMMIT")


@contextlib.contextmanager
def shared_league(source: str, *, a: str, b: str, games_per_opponent: int = 2,
                  name: str | None = None, tag: str | None = None) -> Iterator[League]:
    """The bundled league `source`, shared, with A managing team `a` and B team `b` (on the
    database `name`, its roles tagged `tag`: new ones unless given)."""
    tag = tag or uuid.uuid4().hex[:8]
    name = name or f"league_attack_{tag}"
    assert PG_URL is not None
    league = League(PG_URL, name, tag)
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(sa.text(f'create role "{league.owner}" login createrole'))
        conn.execute(sa.text(f'create database "{name}" owner "{league.owner}"'))
    try:
        sv.create_league(league.url(), source, source)
        sv.new_season(league.url(), source, games_per_opponent=games_per_opponent)
        sv.share(league.url(), commissioner=league.commissioner)
        sv.add_manager(league.url(), league.a, a)
        sv.add_manager(league.url(), league.b, b)
        league.teams = {league.a: a, league.b: b}
        sv.close_all()
        with admin.connect() as conn:
            supers = conn.execute(sa.text(
                "select rolname from pg_roles where rolsuper and rolname = any(:r)"),
                {"r": [league.owner, league.commissioner, league.a, league.b]}).scalars().all()
            assert supers == [], supers
        yield league
    finally:
        sv.close_all()
        admin.dispose()
        drop_at_end(databases=[name], roles=[league.a, league.b, league.commissioner,
                                             *league.groups, league.owner])


class ServerShared:
    """URLs of one shared league on a database of the server's own role (IMPACT_TEST_PG_URL's):
    the owner's, the commissioner's and two managers' (A manages SAP, B SEN), and `bare`, the
    database's URL without a user or password (what `impact serve` is given)."""

    def __init__(self, base: str, db: str, tag: str) -> None:
        self.db = db
        self.commissioner = f"kom_{tag}"
        self.a = f"mgr_a_{tag}"       # manages SAP
        self.b = f"mgr_b_{tag}"       # manages SEN

        def url(role: str | None) -> str:
            u = make_url(base).set(database=db)
            if role is not None:
                u = u.set(username=role, password=None)
            return u.render_as_string(hide_password=False)

        self.owner_url = url(None)
        self.comm_url = url(self.commissioner)
        self.a_url = url(self.a)
        self.b_url = url(self.b)
        self.bare = make_url(base).set(database=db)._replace(username=None, password=None) \
            .render_as_string(hide_password=False)


@contextlib.contextmanager
def pacific_shared(prefix: str, *, days: int = 0) -> Iterator[ServerShared]:
    """The bundled pacific league on a new database `prefix_<pid>_<tag>` owned by the server's
    role: a season of two games a pair (`days` of it played), shared with a commissioner, A
    managing SAP and B SEN. The database and the roles are dropped when the session ends
    (tests/league_db.py: drop_at_end)."""
    assert PG_URL is not None
    tag = uuid.uuid4().hex[:8]
    name = f"{prefix}_{os.getpid()}_{tag}"
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    lg = ServerShared(PG_URL, name, tag)
    try:
        sv.create_league(lg.owner_url, "pacific", "pacific")
        sv.new_season(lg.owner_url, "pacific", games_per_opponent=2)
        if days:
            sv.sim_days(lg.owner_url, "pacific", days=days)
        sv.share(lg.owner_url, commissioner=lg.commissioner)
        sv.add_manager(lg.owner_url, lg.a, "SAP")
        sv.add_manager(lg.owner_url, lg.b, "SEN")
        sv.close_all()
        yield lg
    finally:
        sv.close_all()
        admin.dispose()
        drop_at_end(databases=[name], roles=[lg.a, lg.b, lg.commissioner,
                                             f"{name}_commissioner", f"{name}_manager"])


# the off-season's steps in their order (npb_offseason.md §7), as far as a shared league's tests
# take them
STEPS = ("retire", "draft", "fa", "trades", "active_draft", "foreign")


@contextlib.contextmanager
def offseason_league(source: str, *, a: str, b: str, until: str,
                     roster_size: int | None = None) -> Iterator[League]:
    """`source` shared (A managing `a`, B `b`), a season of one game a pair played and closed
    (`roster_size` raised, when given, for room to bid), then the off-season's steps run by the
    commissioner up to `until`, which he runs last: a step before it that waits for the managed
    clubs (the draft's picks, free agency's offers) is answered by the computer for them.

    Each call gets a database of its own, a copy of one the process made once for these
    arguments (CREATE DATABASE ... TEMPLATE; _made): playing the season and the steps again
    for every module and test that asks was most of the sharing tests' set-up (eleven leagues
    made for seven modules; seven modules share four now, the test_sharing_* modules of one
    kind in one xdist group)."""
    key = (source, a, b, until, roster_size)
    made = _made.get(key)
    if made is None:
        made = _made[key] = _make(source, a=a, b=b, until=until, roster_size=roster_size)
    league = _copy(made)
    try:
        yield league
    finally:
        sv.close_all()


# the off-season leagues made in this process (offseason_league's arguments -> the league the
# copies are made from; nobody connects to it once made)
_made: dict[tuple, League] = {}
_copies = iter(range(1, 10 ** 6))
# a copy's database name is the made one's first STEM characters and its own number: the
# league's groups are named from the first 40 characters of its database's name (storage.sharing
# _groups), so every copy has the roles and groups the made league was shared with
STEM = 40


def _make(source: str, *, a: str, b: str, until: str, roster_size: int | None) -> League:
    tag = uuid.uuid4().hex[:8]
    stem = f"league_attack_{tag}_".ljust(STEM, "x")
    with shared_league(source, a=a, b=b, games_per_opponent=1, name=f"{stem}_0",
                       tag=tag) as league:
        url = league.url(league.commissioner)
        played_and_closed(url)
        if roster_size is not None:
            with psycopg.connect(league.conninfo(league.owner)) as conn:
                conn.execute(f"update league_league set roster_size = {int(roster_size)}")
            sv.close_all()
        for step in STEPS[:STEPS.index(until) + 1]:
            v = sv.offseason_step(url, step=step)
            if step == "draft" and step != until:
                for team in v.people:
                    sv.draft_pick(url, team=team, computer=True)
                sv.offseason_steps(url)
            elif step == "fa" and step != until:
                for team in v.fa_waiting:
                    sv.fa_offer(url, team=team, computer=True)
    return league       # its database and roles dropped when the session ends (shared_league)


def _copy(made: League) -> League:
    """A new database holding what `made`'s holds, owned by its owner, with its grants on the
    database itself (a template copies what is inside a database, not those)."""
    sv.close_all()
    name = f"{made.db[:STEM]}_{next(_copies)}"
    admin = _admin()
    try:
        with admin.connect() as conn:
            conn.execute(sa.text(f'create database "{name}" owner "{made.owner}" '
                                 f'template "{made.db}"'))
            drop_at_end(databases=[name])
            conn.execute(sa.text(f'revoke all on database "{name}" from public'))
            for grantee, privilege in conn.execute(sa.text(
                    "select coalesce(pg_get_userbyid(nullif(a.grantee, 0)), 'public'), "
                    "a.privilege_type from pg_database d, aclexplode(d.datacl) a "
                    "where d.datname = :n and a.grantee <> d.datdba"), {"n": made.db}):
                who = "public" if grantee == "public" else f'"{grantee}"'
                conn.execute(sa.text(f'grant {privilege} on database "{name}" to {who}'))
            acl: dict[str, list[str]] = {str(db): list(grants) for db, grants in conn.execute(
                sa.text("select datname, array(select x::text from unnest(datacl) x order by 1) "
                        "from pg_database where datname = any(:n)"), {"n": [made.db, name]})}
    finally:
        admin.dispose()
    assert acl[name] == acl[made.db], acl      # the same grants (in whatever order)
    league = League(made.base, name, made.tag)
    league.teams = dict(made.teams)
    return league


@pytest.fixture(autouse=True)
def services_closed() -> Iterator[None]:
    """The services' engines closed after each test (a module that imports this fixture gets
    it): the next test's connections are its own, and the scratch database can be dropped."""
    yield
    sv.close_all()


def offseason_year(lg: League) -> int:
    """The year of the league's off-season under way."""
    return int(_one(lg, "select year from league_offseason"))


def snapshot(lg: League) -> dict[str, tuple[int, Decimal, Decimal]]:
    """Every table of the league's schema (the audit log among them): its row count and a digest
    of its rows, read by the owner (row-level security does not hide rows from him).

    The digest is two sums over the rows of a 64-bit hash of each row's values, with two seeds
    (PostgreSQL's own hash functions, hash_record_extended): a row changed, added or removed
    changes them but for a chance of one in 2**128, whatever the rows' order. It makes no text
    of the rows: an md5 of each row's text took three times as long (a snapshot of the nippon
    league in its off-season, 19,000 rows of audit log as jsonb, 0.45 s), and each `attack`
    takes two."""
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        tables = [r[0] for r in conn.execute(
            "select tablename from pg_tables where schemaname = 'public' order by 1")]
        out = {}
        for t in tables:
            out[t] = conn.execute(
                f'select count(*), coalesce(sum(hash_record_extended(x, 0)::numeric), 0), '
                f'coalesce(sum(hash_record_extended(x, 1)::numeric), 0) from public."{t}" x'
            ).fetchone()
    assert "league_audit" in out and "league_roster_pref" in out
    return out


def attack(lg: League, role: str, statements: Sequence[str], *, params: dict | None = None
           ) -> psycopg.Error:
    """Run the statements in one transaction as `role`; the attack must end in a refusal (the
    error is returned) and leave every table as it was."""
    before = snapshot(lg)
    error: psycopg.Error | None = None
    with psycopg.connect(lg.conninfo(role)) as conn:
        try:
            for sql in statements:
                conn.execute(sql, params or {})
            conn.commit()
        except psycopg.Error as exc:
            error = exc
            conn.rollback()
    after = snapshot(lg)
    changed = sorted(t for t in before if before[t] != after.get(t))
    assert changed == [], f"the attack changed {changed}"
    assert error is not None, "the attack went through without an error"
    assert error.sqlstate in REFUSED, f"{error.sqlstate}: {error}"
    return error


def rows(lg: League, role: str, sql: str) -> list[tuple]:
    """What `role` reads with `sql` (psql's view: row-level security applies to him)."""
    with psycopg.connect(lg.conninfo(role)) as conn:
        return list(conn.execute(sql).fetchall())


def _one(lg: League, sql: str, role: str | None = None) -> object:
    with psycopg.connect(lg.conninfo(role or lg.owner)) as conn:
        row = conn.execute(sql).fetchone()
        return row[0] if row else None


def _temporary_back(lg: League, role: str) -> None:
    """Where the league's owner does not own the database he cannot take TEMPORARY from PUBLIC:
    give it back to one manager, so the attack meets the functions' own defence."""
    with _admin().connect() as conn:
        conn.execute(sa.text(f'grant temporary on database "{lg.db}" to "{role}"'))


def _temporary_gone(lg: League, role: str) -> None:
    with _admin().connect() as conn:
        conn.execute(sa.text(f'revoke temporary on database "{lg.db}" from "{role}"'))
