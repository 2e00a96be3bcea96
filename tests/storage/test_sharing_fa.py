"""A person's free-agency offers in a shared league (issue 32, npb_offseason.md §4), on the real
PostgreSQL server: each manager makes his own club's offers (a declared free agent, a promised
role, years) through the database's rules, and the attacks a manager with `psql` could make are
refused by PostgreSQL itself, every table as it was (tests/pg_league.attack): an offer for
another club, a role or years his club may not offer, a player who did not declare, an offer
twice or after his club said it was done, an offer changed or removed, the player's choice
forged (the off-season's state or the news rewritten), the signature forged."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator

import psycopg
import pytest

from tui import services as sv

from pg_league import PG_URL, League, _one, attack, offseason_league, offseason_year
from pg_league import services_closed as services_closed  # the fixture, for this module

# one xdist group with the other modules whose league is a copy of the same one made once a
# process (pg_league.offseason_league)
pytestmark = [pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set"),
              pytest.mark.xdist_group("pg_offseason_fa")]


def _opened_fa() -> contextlib.AbstractContextManager[League]:
    """Pacific, shared, A managing SAP and B SEN, its season played and closed (the roster size
    raised to 32: pacific's clubs hold its 28, and a club may bid for others' only with room
    under it), the retirements and the draft done (the computer picking for every club) and
    free agency opened by the commissioner: it waits for each managed club's offers."""
    return offseason_league("pacific", a="SAP", b="SEN", until="fa", roster_size=32)


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    with _opened_fa() as league:
        yield league


def _insert(team: str, player: str | None, role: str, years: int, year: int,
            made_by: str = "current_user") -> str:
    value = "null" if player is None else f"'{player}'"
    return ("insert into league_fa_offer(league_id, year, team, player, role, years, made_by) "
            f"select id, {year}, '{team}', {value}, '{role}', {years}, {made_by} "
            "from league_league")


def test_free_agency_waits_for_each_managed_club_and_refuses_what_a_manager_may_not_do(lg):
    year = offseason_year(lg)
    v = sv.offseason_steps(lg.url(lg.a))
    assert v.fa_people == ("SAP", "SEN") and set(v.fa_waiting) == {"SAP", "SEN"}
    assert v.agents, "nobody declared in the shared league's first off-season"
    target = next(a for a in v.agents if dict(a.roles)["SAP"])
    role = dict(target.roles)["SAP"][0]
    most = dict(target.years)[role]
    # A offers for B's club: refused by the program and by the database
    with pytest.raises(sv.ServiceError, match="only SEN's manager or the commissioner"):
        sv.fa_offer(lg.url(lg.a), team="SEN", player=target.player)
    err = attack(lg, lg.a, (_insert("SEN", target.player, "bench", 1, year),))
    assert "row-level security" in str(err)
    # a player who did not declare (a man of the files who is no free agent)
    err = attack(lg, lg.a, (_insert("SAP", "SEN01", "bench", 1, year),))
    assert "not a declared free agent" in str(err)
    # a role his club may not promise, and years out of range
    wrong = "closer" if target.kind != "RP" else "regular"
    err = attack(lg, lg.a, (_insert("SAP", target.player, wrong, 1, year),))
    assert "may not promise" in str(err)
    for years in (0, most + 1):
        err = attack(lg, lg.a, (_insert("SAP", target.player, role, years, year),))
        assert f"1 to {most} years" in str(err)
    # another year's free agency (not open)
    err = attack(lg, lg.a, (_insert("SAP", target.player, role, 1, year + 1),))
    assert "is not open" in str(err)
    # the off-season's state is the commissioner's: no manager writes whom it waits for, the
    # free agents or the players' choices, nor the news
    err = attack(lg, lg.a, ("update league_offseason set data = replace(data, "
                            "'\"bench\"', '\"regular\"')",))
    assert "permission denied" in str(err)
    err = attack(lg, lg.a, ("insert into league_transaction(league_id, kind, note) select id, "
                            "'sign', '{\"fa\": \"domestic\"}' from league_league",))
    assert "permission denied" in str(err)
    # A's offer through the program: it lands, signed by him
    sv.fa_offer(lg.url(lg.a), team="SAP", player=target.player, role=role, years=most)
    assert _one(lg, "select made_by from league_fa_offer where team = 'SAP'") == lg.a
    # twice, changed, removed: refused
    err = attack(lg, lg.a, (_insert("SAP", target.player, "bench", 1, year),))
    assert "has offered" in str(err)
    err = attack(lg, lg.a, ("update league_fa_offer set years = 1 where team = 'SAP'",))
    assert "permission denied" in str(err)
    err = attack(lg, lg.a, ("delete from league_fa_offer where team = 'SAP'",))
    assert "permission denied" in str(err)
    # a forged signature is replaced by his login
    other = next((a for a in v.agents if a.player != target.player and dict(a.roles)["SAP"]),
                 None)
    if other is not None:
        with psycopg.connect(lg.conninfo(lg.a)) as conn:
            conn.execute(_insert("SAP", other.player, "bench", 1, year, made_by="'the_owner'"))
        assert _one(lg, "select made_by from league_fa_offer where player = "
                        f"'{other.player}'") == lg.a
    # done: no more offers, by the program or the database
    sv.fa_offer(lg.url(lg.a), team="SAP", done=True)
    err = attack(lg, lg.a, (_insert("SAP", None, "", 0, year),))
    assert "has made its offers already" in str(err)
    with pytest.raises(sv.ServiceError, match="SAP has made its offers already"):
        sv.fa_offer(lg.url(lg.a), team="SAP", player=target.player, role="bench", years=1)
    # free agency waits for SEN; B is done too: the commissioner's next look runs the market
    assert sv.offseason_steps(lg.url(lg.commissioner)).fa_waiting == ("SEN",)
    sv.fa_offer(lg.url(lg.b), team="SEN", done=True)
    assert sv.offseason_steps(lg.url(lg.b)).fa_waiting == ("SEN",)     # a manager's look: as was
    sv.close_all()
    v = sv.offseason_steps(lg.url(lg.commissioner))
    assert not v.fa_waiting and v.fa and v.current == "trades"
    d = next(f for f in v.fa if f.player == target.player)
    assert d.abroad or any(t == "SAP" for t, _r, _y in d.offers)   # A's offer was weighed
    # over: no offer lands any more
    err = attack(lg, lg.b, (_insert("SEN", target.player, "bench", 1, year),))
    assert "is not open" in str(err)


async def test_a_manager_offers_for_his_own_club_in_the_season_area():
    """The app of B, manager of SEN: `o` offers his own club's free agency (not SAP's, the
    first the step waits for), from the list of declared free agents and a list of terms; the
    offer is his (made_by), through the database's rules."""
    from tui_helpers import season_area, steps_show, until

    with _opened_fa() as league:
        v = sv.offseason_steps(league.url(league.commissioner))
        assert v.fa_waiting == ("SAP", "SEN")
        target = next((a for a in v.agents if dict(a.roles)["SEN"]), None)
        assert target is not None, "SEN may promise nobody anything"
        role = dict(target.roles)["SEN"][0]
        sv.close_all()
        async with season_area(league.url(league.b), (120, 36)) as (app, pilot):
            await steps_show(app, pilot, "FAオファー")
            await pilot.press("o")
            await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
            assert [k for k, _t in app.screen.players] == ["-"] + [a.player for a in v.agents]
            for _ in range(v.agents.index(target) + 1):
                await pilot.press("down")
            await pilot.press("enter")
            await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog"
                        and app.screen.players[0][0] == f"{role}:{dict(target.years)[role]}")
            await pilot.press("enter")
            await until(pilot, lambda: _one(league, "select count(*) from league_fa_offer") == 1)
        assert _one(league, "select made_by from league_fa_offer") == league.b
        assert _one(league, "select team from league_fa_offer") == "SEN"
        assert _one(league, "select player from league_fa_offer") == target.player
