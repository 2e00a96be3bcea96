"""Free-agency offers are sealed in a shared league (issue 32, npb_offseason.md §4): as in NPB, a
manager sees only his own club's offers — with the program and with `psql` alike, in the offer
table and in the audit log — the commissioner sees all; the free agent's list shows how many
offers each player has, not from whom, until he chooses. Held by the database's rules
(row-level security; the count a view), on the real PostgreSQL server."""
from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from tui import services as sv

from pg_league import PG_URL, League, offseason_league
from pg_league import services_closed as services_closed  # the fixture, for this module

# one xdist group with the other modules whose league is a copy of the same one made once a
# process (pg_league.offseason_league)
pytestmark = [pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set"),
              pytest.mark.xdist_group("pg_offseason_fa")]


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    """Pacific, shared, A managing SAP and B SEN, free agency open; SAP and SEN have each
    offered the same declared free agent (through the program, each his own)."""
    with offseason_league("pacific", a="SAP", b="SEN", until="fa", roster_size=32) as league:
        v = sv.offseason_steps(league.url(league.a))
        target = next(a for a in v.agents if dict(a.roles)["SAP"] and dict(a.roles)["SEN"])
        for role, team in ((league.a, "SAP"), (league.b, "SEN")):
            sv.fa_offer(league.url(role), team=team, player=target.player,
                        role=dict(target.roles)[team][-1], years=1)
        sv.close_all()
        league.target = target.player  # type: ignore[attr-defined]
        yield league


def _rows(lg: League, role: str, sql: str) -> list[tuple]:
    with psycopg.connect(lg.conninfo(role)) as conn:
        return list(conn.execute(sql).fetchall())


def test_a_manager_with_psql_reads_only_his_own_club_s_offers(lg):
    offers = "select team, player from league_fa_offer order by team"
    assert _rows(lg, lg.b, offers) == [("SEN", lg.target)]
    assert _rows(lg, lg.a, offers) == [("SAP", lg.target)]
    assert _rows(lg, lg.b, "select count(*) from league_fa_offer where team = 'SAP'") == [(0,)]
    assert _rows(lg, lg.commissioner, offers) == [("SAP", lg.target), ("SEN", lg.target)]
    # the audit log keeps every offer, and shows a manager only his own club's
    audit = ("select after->>'team' from league_audit where tbl = 'league_fa_offer' "
             "order by 1")
    assert _rows(lg, lg.b, audit) == [("SEN",)]
    assert _rows(lg, lg.commissioner, audit) == [("SAP",), ("SEN",)]
    # how many offers a free agent has: everyone's to read, from whom: not
    count = f"select offers from league_fa_offer_count where player = '{lg.target}'"
    assert _rows(lg, lg.b, count) == [(2,)]
    assert [c[0] for c in _rows(lg, lg.b, "select * from league_fa_offer_count limit 0")
            ] == [] and "team" not in _columns(lg, lg.b, "league_fa_offer_count")


def _columns(lg: League, role: str, table: str) -> list[str]:
    with psycopg.connect(lg.conninfo(role)) as conn:
        cur = conn.execute(f"select * from {table} limit 0")
        return [d.name for d in cur.description or ()]


def test_the_program_shows_a_manager_his_offers_and_how_many_the_player_has(lg):
    mine = {a.player: a for a in sv.offseason_steps(lg.url(lg.b)).agents}[lg.target]
    assert [t for t, _r, _y in mine.offers] == ["SEN"] and mine.count == 2
    assert mine.as_dict()["offers_count"] == 2
    all_ = {a.player: a for a in sv.offseason_steps(lg.url(lg.commissioner)).agents}[lg.target]
    assert [t for t, _r, _y in all_.offers] == ["SAP", "SEN"] and all_.count == 2
