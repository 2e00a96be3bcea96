"""A person's foreign signings in a shared league (issue 32, npb_offseason.md §5), on the real
PostgreSQL server: each manager signs from his own club's pool and releases his own club's
foreign players through the database's rules, and the attacks a manager with `psql` could make
are refused by PostgreSQL itself, every table as it was (tests/pg_league.attack): a choice for
another club, a man not in his pool or not his, past the room under the roster size, twice,
after his club said it was done, a choice changed or removed, the computer's decisions or the
news rewritten, the signature forged."""
from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from tui import services as sv

from pg_league import PG_URL, League, _one, attack, offseason_league, offseason_year
from pg_league import services_closed as services_closed  # the fixture, for this module

# one xdist group with the other modules whose league is a copy of the same one made once a
# process (pg_league.offseason_league)
pytestmark = [pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set"),
              pytest.mark.xdist_group("pg_offseason_foreign")]


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    """The bundled league (farms, foreign players), shared, A managing EDO and B YKH, a short
    season played and closed, the off-season's steps done up to the foreign players, which the
    commissioner opens: it waits for each managed club."""
    with offseason_league("nippon", a="EDO", b="YKH", until="foreign") as league:
        yield league


def _insert(team: str, player: str | None, action: str, year: int,
            made_by: str = "current_user") -> str:
    value = "null" if player is None else f"'{player}'"
    return ("insert into league_foreign_choice(league_id, year, team, player, action, made_by) "
            f"select id, {year}, '{team}', {value}, '{action}', {made_by} from league_league")


async def test_a_manager_signs_for_his_own_club_in_the_season_area(lg):
    """The app of B, manager of YKH: `o` lists his own club's pool and foreign players (not
    EDO's); Enter on a man of the pool signs him, through the database's rules, made by B."""
    from tui_helpers import season_area, steps_show, until

    # the commissioner's look (which carries a shared draft on) leaves the step reached where
    # it is: the foreign step, not the draft
    v = sv.offseason_steps(lg.url(lg.commissioner))
    assert [st for _k, _r, st in v.steps] == ["done"] * 5 + ["open", "later"]
    f = v.foreign
    assert f is not None
    assert "YKH" in f.waiting           # (this test runs first: the other ends the step)
    pool = [m for m in f.pool if m.team == "YKH"]
    sv.close_all()
    async with season_area(lg.url(lg.b), (120, 36)) as (app, pilot):
        await steps_show(app, pilot, "外国人選手")
        assert app.screen.data.steps.current == "foreign"
        await pilot.press("o")
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        keys = [k for k, _t in app.screen.players]
        assert keys[0] == "-" and keys[1:len(pool) + 1] == [m.player for m in pool]
        await pilot.press("down", "enter")
        await until(pilot, lambda: _one(lg, "select count(*) from league_foreign_choice "
                                            "where team = 'YKH'") == 1)
    assert _one(lg, "select made_by from league_foreign_choice where team = 'YKH'") == lg.b
    assert _one(lg, "select player from league_foreign_choice where team = 'YKH'") == \
        pool[0].player


def test_each_manager_signs_and_releases_for_his_own_club_only(lg):
    year = offseason_year(lg)
    v = sv.offseason_steps(lg.url(lg.a))
    f = v.foreign
    assert f is not None and f.people == ("EDO", "YKH") and set(f.waiting) == {"EDO", "YKH"}
    pool = [m for m in f.pool if m.team == "EDO"]
    mine = [m for m in f.players if m.team == "EDO"]
    theirs = [m for m in f.pool if m.team == "YKH"]
    assert pool and mine and theirs
    # A chooses for B's club: refused by the program and by the database
    with pytest.raises(sv.ServiceError, match="only YKH's manager or the commissioner"):
        sv.foreign_choice(lg.url(lg.a), team="YKH", sign=theirs[0].player)
    err = attack(lg, lg.a, (_insert("YKH", theirs[-1].player, "sign", year),))
    assert "row-level security" in str(err)
    # a man of another club's pool, a man not his, an action that is none
    err = attack(lg, lg.a, (_insert("EDO", theirs[0].player, "sign", year),))
    assert "not in EDO's pool" in str(err)
    err = attack(lg, lg.a, (_insert("EDO", "YKH01", "release", year),))
    assert "not one of EDO's foreign players" in str(err)
    err = attack(lg, lg.a, (_insert("EDO", pool[0].player, "promote", year),))
    assert "sign or release" in str(err)
    # another year's step (not open)
    err = attack(lg, lg.a, (_insert("EDO", pool[0].player, "sign", year + 1),))
    assert "not open" in str(err)
    # the step's state (the pools, the computer's choices, whom it waits for) and the news are
    # the commissioner's
    err = attack(lg, lg.a, ("update league_offseason set data = replace(data, "
                            "'\"YKH\"', '\"EDO\"')",))
    assert "permission denied" in str(err)
    err = attack(lg, lg.a, ("insert into league_transaction(league_id, kind, note) select id, "
                            "'sign', '{\"foreign\": true}' from league_league",))
    assert "permission denied" in str(err)
    # through the program: it lands, signed by him; a forged signature is replaced
    sv.foreign_choice(lg.url(lg.a), team="EDO", sign=pool[0].player)
    assert _one(lg, "select made_by from league_foreign_choice where team = 'EDO'") == lg.a
    with psycopg.connect(lg.conninfo(lg.a)) as conn:
        conn.execute(_insert("EDO", mine[0].player, "release", year, made_by="'the_owner'"))
    assert _one(lg, "select made_by from league_foreign_choice where action = 'release'") == lg.a
    # twice, changed, removed: refused
    err = attack(lg, lg.a, (_insert("EDO", pool[0].player, "sign", year),))
    assert "already" in str(err)
    err = attack(lg, lg.a, ("update league_foreign_choice set player = null",))
    assert "permission denied" in str(err)
    err = attack(lg, lg.a, ("delete from league_foreign_choice",))
    assert "permission denied" in str(err)
    # past the room under the roster size (room + the men he released)
    room = dict(f.room)["EDO"] + 1
    rest = [m.player for m in pool[1:]]
    for pid in rest[:max(0, room - 1)]:
        with psycopg.connect(lg.conninfo(lg.a)) as conn:
            conn.execute(_insert("EDO", pid, "sign", year))
    if len(rest) >= room:
        err = attack(lg, lg.a, (_insert("EDO", rest[room - 1], "sign", year),))
        assert "no room" in str(err)
    # done: nothing more, by the program or the database
    sv.foreign_choice(lg.url(lg.a), team="EDO", done=True)
    err = attack(lg, lg.a, (_insert("EDO", None, "done", year),))
    assert "has made its foreign signings already" in str(err)
    with pytest.raises(sv.ServiceError, match="EDO has made its foreign signings already"):
        sv.foreign_choice(lg.url(lg.a), team="EDO", release=mine[-1].player)
    # the step waits for YKH; B done too: the commissioner's next look decides
    sv.foreign_choice(lg.url(lg.b), team="YKH", done=True)
    sv.close_all()
    v = sv.offseason_steps(lg.url(lg.commissioner))
    assert v.foreign is not None and not v.foreign.waiting and v.current == "renew"
    signed = [m.player for m in v.foreign.signed if m.team == "EDO"]
    assert signed[0] == pool[0].player
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:     # YKH: what B chose, no more
        ykh = [r[0] for r in conn.execute("select player from league_foreign_choice where "
                                          "team = 'YKH' and action = 'sign' order by id")]
    assert [m.player for m in v.foreign.signed if m.team == "YKH"] == ykh
    assert [m.player for m in v.foreign.released if m.team == "EDO"] == [mine[0].player]
    err = attack(lg, lg.b, (_insert("YKH", theirs[0].player, "sign", year),))
    assert "does not wait for YKH" in str(err)

