"""A person's draft picks in a shared league (issue 31, npb_offseason.md §3), on the real
PostgreSQL server: each manager names his own club's picks (his first-round 入札, his 外れ1位, a
pick a round) through the database's rules, and the attacks a manager with `psql` could make are
refused by PostgreSQL itself, every table as it was (tests/pg_league.attack): a pick for another
club, a pick twice or out of turn, a player taken already or not in the class, a pick changed
or removed after it was made, the off-season's state rewritten."""
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
              pytest.mark.xdist_group("pg_offseason_draft")]


def _opened_draft(draft: bool = True) -> contextlib.AbstractContextManager[League]:
    """Pacific, shared, A managing SAP and B SEN, its season played and closed, the retirements
    decided and the draft opened by the commissioner (a person picks for each managed club)."""
    return offseason_league("pacific", a="SAP", b="SEN", until="draft" if draft else "retire")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    with _opened_draft() as league:
        yield league


def _insert(team: str, turn: int, prospect: str | None, year: int) -> str:
    value = "null" if prospect is None else f"'{prospect}'"
    return ("insert into league_draft_pick(league_id, year, team, turn, prospect, made_by) "
            f"select id, {year}, '{team}', {turn}, {value}, current_user from league_league")


def test_the_draft_waits_for_each_managed_club_and_refuses_what_a_manager_may_not_do(lg):
    year = offseason_year(lg)
    v = sv.offseason_steps(lg.url(lg.a))
    assert v.people == ("SAP", "SEN") and set(v.waiting) == {"SAP", "SEN"} and not v.picks
    # the class's last: a man no computer club names in the first round, so that naming him
    # makes a lottery of the two managers' clubs alone (the class's best drew the computer's
    # clubs too in an off-season keyed by the season's seed)
    best = v.left[-1].key
    # A names for B's club: refused by the program and by the database
    with pytest.raises(sv.ServiceError, match="only SEN's manager or the commissioner"):
        sv.draft_pick(lg.url(lg.a), team="SEN", player=best)
    err = attack(lg, lg.a, (_insert("SEN", 0, best, year),))
    assert "row-level security" in str(err)
    # a player not in the class
    err = attack(lg, lg.a, (_insert("SAP", 0, "1999-001", year),))
    assert "no such player in the class" in str(err)
    # out of turn: a later turn than the one the draft waits for
    err = attack(lg, lg.a, (_insert("SAP", 1, best, year),))
    assert "not SAP's turn" in str(err)
    # the state of the off-season is the commissioner's: a manager cannot rewrite whose turn
    err = attack(lg, lg.a, ("update league_offseason set data = replace(data, "
                            "'\"SEN\"', '\"SAP\"')",))
    assert "permission denied" in str(err)
    # A names his 入札 through the program: it lands, made by him
    v = sv.draft_pick(lg.url(lg.a), team="SAP", player=best)
    assert _one(lg, "select made_by from league_draft_pick where team = 'SAP'") == lg.a
    # twice: the same turn again, with SQL, is refused (and so is changing or removing it)
    err = attack(lg, lg.a, (_insert("SAP", 0, v.left[1].key, year),))
    assert "has named" in str(err)
    with pytest.raises(sv.ServiceError, match="SAP has named its first-round pick already"):
        sv.draft_pick(lg.url(lg.a), team="SAP", player=v.left[1].key)
    err = attack(lg, lg.a, (f"update league_draft_pick set prospect = '{v.left[1].key}' "
                            "where team = 'SAP'",))
    assert "permission denied" in str(err)
    err = attack(lg, lg.a, ("delete from league_draft_pick where team = 'SAP'",))
    assert "permission denied" in str(err)
    # B names the same player, not knowing A's 入札 (sealed until the round is drawn:
    # tests/storage/test_sharing_draft_sealed.py): to him the draft waits for nobody now
    # (SAP has named: league_draft_pick_count), the commissioner's program draws the round
    v = sv.draft_pick(lg.url(lg.b), team="SEN", player=best)
    assert not v.picks and v.waiting == ()
    from typer.testing import CliRunner

    from tui.cli.main import app
    out = CliRunner().invoke(app, ["--db", lg.url(lg.b), "offseason", "status"]).output
    assert "every club has named its pick" in out and "the draft is over" not in out
    with pytest.raises(sv.ServiceError, match="SEN has named its first-round pick already"):
        sv.draft_pick(lg.url(lg.b), team="SEN", stop=True)
    # the commissioner carries the draft on: a lottery of the two; it waits for the loser's
    # 外れ1位, then later rounds
    sv.close_all()
    v = sv.offseason_steps(lg.url(lg.commissioner))
    lot = next(p for p in v.picks if p.player == best)
    assert set(lot.lottery) == {"SAP", "SEN"}
    loser = ({"SAP", "SEN"} - {lot.team}).pop()
    assert v.waiting == (loser,)
    taken = [p.player for p in v.picks]
    while v.waiting:
        team = v.waiting[0]
        who = lg.a if team == "SAP" else lg.b
        turn = int(_one(lg, f"select count(*) from league_draft_pick where team = '{team}'"))
        # a player taken already: refused by the database
        err = attack(lg, who, (_insert(team, turn, taken[0], year),))
        assert "taken already" in str(err)
        v = sv.draft_pick(lg.url(who), team=team, player=v.left[-1].key)
        sv.close_all()
        v = sv.offseason_steps(lg.url(lg.commissioner))
        taken = [p.player for p in v.picks]
    mine = [p for p in v.picks if p.team in ("SAP", "SEN")]
    assert mine and all(
        p.player in {r[0] for r in psycopg.connect(lg.conninfo(lg.owner)).execute(
            "select prospect from league_draft_pick").fetchall()} for p in mine)


async def test_a_manager_picks_for_his_own_club_in_the_season_area():
    """The app of the manager whose club is the second the draft waits for: `o` offers his own
    club's pick (not the first club's), from a list of the class; the pick is his."""
    from tui_helpers import season_area, steps_show, until

    with _opened_draft() as league:
        first, second = sv.offseason_steps(league.url(league.commissioner)).waiting
        who = next(r for r, t in league.teams.items() if t == second)
        sv.close_all()
        async with season_area(league.url(who), (120, 36)) as (app, pilot):
            await steps_show(app, pilot, "指名")
            v = app.screen.data.steps
            assert v.waiting == (first, second)
            await pilot.press("o")
            await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
            assert [k for k, _t in app.screen.players] == [p.key for p in v.left]
            await pilot.press("enter")
            await until(pilot, lambda: _one(league, "select count(*) from league_draft_pick "
                                                    f"where team = '{second}'") == 1)
        assert _one(league, "select made_by from league_draft_pick") == who
        assert _one(league, "select prospect from league_draft_pick") == v.left[0].key


async def test_the_commissioner_opens_a_shared_draft_for_the_managed_clubs_in_the_app():
    """The commissioner's `o` at the draft step opens it at once with each managed club as one a
    person picks for (no list of clubs to choose from: the managers pick)."""
    from tui_helpers import season_area, steps_show, steps_title, until

    with _opened_draft(draft=False) as league:
        async with season_area(league.url(league.commissioner), (120, 36)) as (app, pilot):
            await steps_show(app, pilot, "ドラフトを始める")
            await pilot.press("o")
            await until(pilot, lambda: "指名" in steps_title(app))
            assert type(app.screen).__name__ == "SeasonScreen"
        v = sv.offseason_steps(league.url(league.commissioner))
        assert v.people == ("SAP", "SEN") and set(v.waiting) == {"SAP", "SEN"}


async def test_a_manager_whose_view_waits_for_nobody_reads_why_in_the_season_area():
    """Both managers have named their 入札 (each sealed from the other): B's view of the draft
    waits for nobody. His Season area says so in the words `impact offseason status` prints
    (tui/labels.py os_draft_named, one home), not the step's generic "open the draft"; `o`
    looks again and asks the commissioner for nothing."""
    from typer.testing import CliRunner

    from tui.cli.main import app as cli
    from tui.labels import label

    from tui_helpers import _workers_done, season_area, steps_show, steps_title, until

    with _opened_draft() as league:
        best = sv.offseason_steps(league.url(league.a)).left[-1].key
        sv.draft_pick(league.url(league.a), team="SAP", player=best)
        sv.draft_pick(league.url(league.b), team="SEN", player=best)
        sv.close_all()
        out = CliRunner().invoke(cli, ["--db", league.url(league.b), "offseason",
                                       "status"]).output
        assert label("os_draft_named", False) in out
        async with season_area(league.url(league.b), (160, 36)) as (app, pilot):
            await steps_show(app, pilot, label("os_draft_named", True))
            assert label("os_do_draft", True) not in steps_title(app)
            # the notifications `o` raises, as raised: a toast leaves app._notifications after
            # its 3 s, which a busy machine's key press alone can take (the wait then timed out)
            raised: list[str] = []
            add = app._notifications.add

            def record(notification):
                raised.append(str(notification.message))
                return add(notification)
            app._notifications.add = record
            await pilot.press("o")
            named = label("os_draft_named", True)
            await until(pilot, lambda: named in raised)
            await _workers_done(app)                  # the look again, refused nothing
            await steps_show(app, pilot, named)
            assert type(app.screen).__name__ == "SeasonScreen"
            assert raised == [named]
        # nothing was carried on by the manager's `o`: the round is not drawn yet
        assert _one(league, "select count(*) from league_draft_pick") == 2
