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

from pg_league import PG_URL, League, offseason_league, rows
from pg_league import services_closed as services_closed  # the fixture, for this module

# one xdist group with the other modules whose league is a copy of the same one made once a
# process (pg_league.offseason_league)
pytestmark = [pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set"),
              pytest.mark.xdist_group("pg_offseason_draft")]

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


def test_a_pending_first_round_pick_is_sealed_from_the_other_manager(lg):
    bid = lg.bid  # type: ignore[attr-defined]
    assert rows(lg, lg.b, PICKS) == []
    assert rows(lg, lg.b, LOGGED) == []
    assert rows(lg, lg.a, PICKS) == [("SAP", 0, bid)] and rows(lg, lg.a, LOGGED) == [
        ("SAP", bid)]
    assert rows(lg, lg.commissioner, PICKS) == [("SAP", 0, bid)]
    # B's program does not show it either; but it knows SAP has named (how many picks each
    # club has named is everyone's, league_draft_pick_count), so the draft waits for SEN only
    v = sv.offseason_steps(lg.url(lg.b))
    assert not v.picks and bid in {p.key for p in v.left} and v.waiting == ("SEN",)


def test_the_count_of_named_picks_reveals_no_pick(lg):
    """Everyone reads how many picks each club has named (league_draft_pick_count), never
    whom: the view has no column that names a man, and no row of it names A's 入札."""
    bid = lg.bid  # type: ignore[attr-defined]
    count = "select team, named from league_draft_pick_count order by team"
    for role in (lg.a, lg.b, lg.commissioner):
        assert rows(lg, role, count) == [("SAP", 1)]
    with psycopg.connect(lg.conninfo(lg.b)) as conn:
        cur = conn.execute("select * from league_draft_pick_count")
        names = [d.name for d in cur.description or ()]
        got = cur.fetchall()
    assert names == ["league_id", "year", "team", "named"]
    assert got and not any(bid in map(str, r) for r in got)


def test_once_the_round_is_drawn_every_first_round_pick_is_everyone_s(lg):
    bid = lg.bid  # type: ignore[attr-defined]
    sv.draft_pick(lg.url(lg.b), team="SEN", player=bid)     # the same man, not knowing
    assert rows(lg, lg.a, PICKS) == [("SAP", 0, bid)]       # B's is sealed from A too
    sv.close_all()
    v = sv.offseason_steps(lg.url(lg.commissioner))          # the round drawn
    lot = next(p for p in v.picks if p.player == bid)
    assert set(lot.lottery) == {"SAP", "SEN"}
    both = [("SAP", 0, bid), ("SEN", 0, bid)]
    for role in (lg.a, lg.b):
        assert rows(lg, role, PICKS)[:2] == both and set(rows(lg, role, LOGGED)) >= {
            ("SAP", bid), ("SEN", bid)}
        mine = sv.offseason_steps(lg.url(role))
        assert next(p for p in mine.picks if p.player == bid).lottery == lot.lottery



def test_a_hazure_pick_is_sealed_until_its_round_is_drawn(lg):
    """The lottery's loser names his 外れ1位 the same way: the other manager reads it once the
    commissioner's program has drawn that round."""
    v = sv.offseason_steps(lg.url(lg.commissioner))
    (loser,) = v.waiting
    who, other = (lg.a, lg.b) if loser == "SAP" else (lg.b, lg.a)
    hazure = v.left[-1].key
    sv.draft_pick(lg.url(who), team=loser, player=hazure)
    pending = (loser, 1, hazure)
    assert pending in rows(lg, who, PICKS) and pending not in rows(lg, other, PICKS)
    assert (loser, hazure) not in rows(lg, other, LOGGED)
    sv.close_all()
    sv.offseason_steps(lg.url(lg.commissioner))
    assert pending in rows(lg, other, PICKS) and (loser, hazure) in rows(lg, other, LOGGED)


def test_a_league_shared_at_0020_is_sealed_when_its_owner_opens_it(lg):
    """A shared league stored before 0021_draft_sealed (every manager read every pick): the
    owner's first open migrates it and seals the picks the draft has not made."""
    year = int(rows(lg, lg.owner, "select year from league_offseason")[0][0])
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("drop policy impact_read on league_draft_pick")
        conn.execute("create policy impact_read on league_draft_pick for select using (true)")
        conn.execute("drop function impact_draft_public(integer, integer, text) cascade")
        conn.execute("update league_alembic_version set version_num = '0020_trade_sealed'")
        # a pending pick of SEN's (as a manager's program would name it), by the owner
        turn = conn.execute("select count(*) from league_draft_pick where team = 'SEN'"
                            ).fetchone()[0]
        conn.execute("alter table league_draft_pick disable trigger user")
        conn.execute("insert into league_draft_pick(league_id, year, team, turn, prospect, "
                     f"made_by) select id, {year}, 'SEN', {turn}, '2099-001', 'x' "
                     "from league_league")
        conn.execute("alter table league_draft_pick enable trigger user")
    assert ("SEN", turn, "2099-001") in rows(lg, lg.a, PICKS)    # as 0020 left it: open
    sv.close_all()
    assert sv.whoami(lg.url()).kind == "owner"                     # opened, migrated, sealed
    from storage.db import head_revision
    assert rows(lg, lg.owner, "select version_num from league_alembic_version") == [
        (head_revision(),)]
    assert ("SEN", turn, "2099-001") not in rows(lg, lg.a, PICKS)
    assert ("SEN", turn, "2099-001") in rows(lg, lg.b, PICKS)
