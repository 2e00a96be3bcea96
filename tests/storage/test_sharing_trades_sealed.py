"""Trade offers are the parties' business in a shared league (issue 32, npb_offseason.md §6): a
manager reads only the offers his club is party to — made by it or to it — with the program and
with `psql` alike, in the offer table and in the audit log, until the trade is done (a done
trade is public news); the commissioner reads all. Held by the database's rules (row-level
security), on the real PostgreSQL server: here C, the manager of a third club, is the attacker."""
from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from test_sharing_trades import _market

from tui import services as sv

from league_db import drop_at_end
from pg_league import PG_URL, League, rows, shared_league
from pg_league import services_closed as services_closed  # the fixture, for this module

pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")

OFFERS = "select team, other, state from league_trade_offer order by id"
LOGGED = ("select after->>'team', after->>'other', after->>'state' from league_audit "
          "where tbl = 'league_trade_offer' order by id")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    """Pacific, shared, A managing SAP, B SEN and C CHB; A has offered SEN a trade (SAP <-> SEN,
    between two managers' clubs) and a computer's club, TKZ, another: both unanswered."""
    with shared_league("pacific", a="SAP", b="SEN", games_per_opponent=1) as league:
        league.c = f"mgr_c_{league.tag}"  # type: ignore[attr-defined]
        try:
            sv.add_manager(league.url(), league.c, "CHB")  # type: ignore[attr-defined]
            mk = _market(league)
            sap, sen = mk.club("SAP")[0].player, mk.club("SEN")[0].player
            sv.trade_offer(league.url(league.a), team="SAP", other="SEN", give=[sap], get=[sen])
            sv.trade_offer(league.url(league.a), team="SAP", other="TKZ",
                           give=[sap], get=[mk.club("TKZ")[0].player])
            sv.close_all()
            yield league
        finally:
            sv.close_all()
            drop_at_end(roles=[league.c])  # type: ignore[attr-defined]  (after the database)


def test_a_third_club_s_manager_with_psql_reads_no_offer_between_two_others(lg):
    c = lg.c  # type: ignore[attr-defined]
    assert rows(lg, c, OFFERS) == []
    assert rows(lg, c, "select count(*) from league_trade_offer where team = 'SAP'") == [(0,)]
    assert rows(lg, c, LOGGED) == []
    # the club offered to reads the offer made to it, not the offer made to another club
    both = [("SAP", "SEN", "offered"), ("SAP", "TKZ", "offered")]
    assert rows(lg, lg.b, OFFERS) == [both[0]] and rows(lg, lg.b, LOGGED) == [both[0]]
    assert rows(lg, lg.a, OFFERS) == both and rows(lg, lg.a, LOGGED) == both
    assert rows(lg, lg.commissioner, OFFERS) == both
    assert rows(lg, lg.commissioner, LOGGED) == both


def test_the_program_shows_an_offer_in_the_log_only_to_its_two_clubs(lg):
    def logged(role: str, team: str | None = None) -> list[tuple[str, ...]]:
        return [e.teams for e in sv.league_log(lg.url(role), kind="trade", team=team)]
    assert logged(lg.c) == []  # type: ignore[attr-defined]
    # the club offered to finds the offer under its own name too
    assert logged(lg.b, team="SEN") == [("SAP", "SEN")]
    assert logged(lg.a) == [("SAP", "TKZ"), ("SAP", "SEN")]
    assert len(logged(lg.commissioner)) == 2


def test_a_done_trade_is_everyone_s_news_and_a_refused_offer_stays_the_parties(lg):
    answered = sv.trade_answer(lg.url(lg.commissioner))
    done = [(v.team, v.other) for v in answered if v.accepted]
    refused = [(v.team, v.other) for v in answered if not v.accepted]
    # the seeded league answers one of A's two offers each way (SAP <-> TKZ made, SEN refused)
    assert done and refused, answered
    c = lg.c  # type: ignore[attr-defined]
    # C reads the offers that became trades, in the table and the log, and the news has them
    assert rows(lg, c, OFFERS) == [(t, o, "accepted") for t, o in done]
    assert rows(lg, c, LOGGED) == [(t, o, "accepted") for t, o in done]
    assert set(done) <= {(v.team, v.other) for v in sv.trade_list(lg.url(c))}
    # the refused stay the two clubs' own
    assert {(t, o) for t, o, s in rows(lg, lg.a, OFFERS) if s == "refused"} == set(refused)
    for t, o in refused:
        party = {lg.a: "SAP", lg.b: "SEN"}
        for role, club in party.items():
            seen = (t, o, "refused") in rows(lg, role, OFFERS)
            assert seen == (club in (t, o))


def test_a_league_shared_at_0019_is_sealed_when_its_owner_opens_it(lg):
    """A shared league stored before 0020_trade_sealed (every manager read every trade offer):
    the owner's first open migrates it and seals the offers, in the table and the log."""
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("drop index ix_league_trade_offer_other")
        conn.execute("drop policy impact_read on league_trade_offer")
        conn.execute("create policy impact_read on league_trade_offer for select using (true)")
        conn.execute("drop policy impact_read on league_audit")
        conn.execute("create policy impact_read on league_audit for select using "
                     "(tbl <> 'league_fa_offer' or impact_manages((coalesce(after, before)"
                     "->>'league_id')::integer, coalesce(after, before)->>'team'))")
        conn.execute("update league_alembic_version set version_num = '0019_fa_offer_count'")
    c = lg.c  # type: ignore[attr-defined]
    assert ("SAP", "SEN", "refused") in rows(lg, c, OFFERS)      # as 0019 left it: open
    sv.close_all()
    assert sv.whoami(lg.url()).kind == "owner"                     # opened, migrated, sealed
    from storage.db import head_revision
    assert rows(lg, lg.owner, "select version_num from league_alembic_version") == [
        (head_revision(),)]
    assert {s for _t, _o, s in rows(lg, c, OFFERS)} == {"accepted"}
    assert {s for _t, _o, s in rows(lg, c, LOGGED)} == {"accepted"}
    assert ("SAP", "SEN", "refused") in rows(lg, lg.b, OFFERS)
