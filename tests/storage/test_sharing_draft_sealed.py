"""The first round of the draft is named at once (入札, npb_offseason.md §3): in a shared league a
manager's 入札 is his club's own until the round is drawn — another manager, with `psql` or the
program, reads neither the pick row nor its line in the audit log while it is pending, so he
cannot name the same man (or avoid him) knowing it; once the commissioner's program has drawn
the round (the lottery), every 入札 is everyone's to read, as at the draft meeting. Held by the
database's rules (row-level security), on the real PostgreSQL server."""
from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from tui import services as sv

from pg_league import PG_URL, League, offseason_league
from pg_league import services_closed as services_closed  # the fixture, for this module

pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")

PICKS = "select team, turn, prospect from league_draft_pick order by team, turn"
LOGGED = ("select after->>'team', after->>'prospect' from league_audit "
          "where tbl = 'league_draft_pick' order by id")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    """Pacific, shared, A managing SAP and B SEN, the draft open; A has named his 入札."""
    with offseason_league("pacific", a="SAP", b="SEN", until="draft") as league:
        v = sv.offseason_steps(league.url(league.a))
        league.bid = v.left[-1].key  # type: ignore[attr-defined]
        sv.draft_pick(league.url(league.a), team="SAP", player=league.bid)  # type: ignore[attr-defined]
        sv.close_all()
        yield league


def _rows(lg: League, role: str, sql: str) -> list[tuple]:
    with psycopg.connect(lg.conninfo(role)) as conn:
        return list(conn.execute(sql).fetchall())


def test_a_pending_first_round_pick_is_sealed_from_the_other_manager(lg):
    bid = lg.bid  # type: ignore[attr-defined]
    assert _rows(lg, lg.b, PICKS) == []
    assert _rows(lg, lg.b, LOGGED) == []
    assert _rows(lg, lg.a, PICKS) == [("SAP", 0, bid)] and _rows(lg, lg.a, LOGGED) == [
        ("SAP", bid)]
    assert _rows(lg, lg.commissioner, PICKS) == [("SAP", 0, bid)]
    # B's program does not show it either: the draft, to him, waits for both clubs
    v = sv.offseason_steps(lg.url(lg.b))
    assert not v.picks and bid in {p.key for p in v.left} and set(v.waiting) == {"SAP", "SEN"}


def test_once_the_round_is_drawn_every_first_round_pick_is_everyone_s(lg):
    bid = lg.bid  # type: ignore[attr-defined]
    sv.draft_pick(lg.url(lg.b), team="SEN", player=bid)     # the same man, not knowing
    assert _rows(lg, lg.a, PICKS) == [("SAP", 0, bid)]       # B's is sealed from A too
    sv.close_all()
    v = sv.offseason_steps(lg.url(lg.commissioner))          # the round drawn
    lot = next(p for p in v.picks if p.player == bid)
    assert set(lot.lottery) == {"SAP", "SEN"}
    both = [("SAP", 0, bid), ("SEN", 0, bid)]
    for role in (lg.a, lg.b):
        assert _rows(lg, role, PICKS)[:2] == both and set(_rows(lg, role, LOGGED)) >= {
            ("SAP", bid), ("SEN", bid)}
        mine = sv.offseason_steps(lg.url(role))
        assert next(p for p in mine.picks if p.player == bid).lottery == lot.lottery
