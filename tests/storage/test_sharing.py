"""A league shared by several managers, against the real PostgreSQL server with real roles:
each manager changes only his own team, the commissioner everything, and every change is in the
audit log written by the database — refused or recorded alike through the services, the CLI and
plain SQL."""
from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from league.errors import LeagueError
from tui import services as sv
from tui.cli.main import app as cli_app

from pg_league import ServerShared, pacific_shared

PG_URL = os.environ.get("IMPACT_TEST_PG_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")


@pytest.fixture(scope="module")
def shared() -> Iterator[ServerShared]:
    with pacific_shared("league_share") as lg:
        yield lg


@pytest.fixture(autouse=True)
def _close():
    yield
    sv.close_all()


def _sql(url: str, statement: str, **params):
    engine = sa.create_engine(url)
    try:
        with engine.begin() as conn:
            result = conn.execute(sa.text(statement), params)
            return result.rowcount if result.returns_rows is False else result.fetchall()
    finally:
        engine.dispose()


def _rotation(url: str, team: str) -> list[str]:
    view = sv.team_roster(url, team)
    return [p.id for p in view.active if p.pitching is not None and p.pitching.starter > 0]


def _log(lg: ServerShared, **filters):
    return sv.league_log(lg.owner_url, **filters)


def test_who_is_connected(shared):
    assert sv.whoami(shared.owner_url).kind == "owner"
    assert sv.whoami(shared.comm_url).kind == "commissioner"
    a = sv.whoami(shared.a_url)
    assert a.kind == "manager" and a.teams == ("SAP",) and a.role == shared.a
    assert a.may_manage("SAP") and not a.may_manage("SEN") and not a.commissioner
    assert sv.managers(shared.owner_url) == [{"manager": shared.a, "team": "SAP"},
                                             {"manager": shared.b, "team": "SEN"}]


def test_a_manager_changes_his_own_line_up_and_it_is_on_record(shared):
    ids = _rotation(shared.a_url, "SAP")
    sv.save_rotation(shared.a_url, "SAP", list(reversed(ids)))
    view = sv.team_roster(shared.owner_url, "SAP")
    assert list(view.rotation[: len(ids)]) == list(reversed(ids))
    [entry] = _log(shared, who=shared.a, kind="lineups", limit=1)
    assert entry.table == "league_roster_pref" and entry.teams == ("SAP",)
    assert json.loads(entry.after["data"]) == list(reversed(ids))


def test_a_manager_cannot_touch_another_teams_line_up(shared):
    ids = _rotation(shared.owner_url, "SEN")
    with pytest.raises(sv.ServiceError, match=f"SEN is managed by {shared.b}"):
        sv.save_rotation(shared.a_url, "SEN", ids)
    # plain SQL: an insert for SEN is refused by the row-level policy...
    with pytest.raises(sa.exc.ProgrammingError, match="row-level security"):
        _sql(shared.a_url, "insert into league_roster_pref(season_id, team, kind, data) "
                           "select id, 'SEN', 'order', '[]' from season_season limit 1")
    # ...and another team's rows are out of his reach (nothing is updated or deleted)
    sv.save_rotation(shared.b_url, "SEN", ids)
    assert _sql(shared.a_url, "update league_roster_pref set data = '[]' where team = 'SEN'") == 0
    assert _sql(shared.a_url, "delete from league_roster_pref where team = 'SEN'") == 0
    assert list(sv.team_roster(shared.owner_url, "SEN").rotation[: len(ids)]) == ids


def test_a_manager_cannot_edit_cards_results_schedules_or_the_log(shared):
    player = next(p for p in sv.team_roster(shared.owner_url, "SAP").active if p.batting)
    batting = sv.card_values(player)["batting"]
    batting["SR"] = str(1 + int(batting["SR"]) % 9)
    with pytest.raises(sv.ServiceError, match="only the commissioner may edit cards"):
        sv.save_card(shared.a_url, player.id, batting=batting)
    with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
        _sql(shared.a_url, "update league_card set team = 'SAP'")
    with pytest.raises(sv.ServiceError, match="only the commissioner"):
        sv.sim_days(shared.a_url, days=1)
    with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
        _sql(shared.a_url, "update season_schedule set status = 'final', home_runs = 9, away_runs = 0")
    with pytest.raises(sv.ServiceError, match="only the commissioner"):
        sv.new_season(shared.a_url, "pacific")
    with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
        _sql(shared.a_url, "delete from season_schedule")
    for url in (shared.a_url, shared.comm_url):
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
            _sql(url, "delete from league_audit")
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
            _sql(url, "update league_audit set who = 'nobody'")
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
            _sql(url, "insert into league_audit(who, tbl, op) values ('x', 'y', 'z')")
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied|must be owner"):
            _sql(url, "drop trigger impact_audit on league_card")
    with pytest.raises(sv.ServiceError, match="only the commissioner may export"):
        sv.export_league(shared.a_url, None, None, fmt="json")
    with pytest.raises(sv.ServiceError, match="only the commissioner may create or import"):
        sv.create_league(shared.a_url, "another", "pacific")
    with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
        _sql(shared.a_url, "insert into league_manager(role, league_id, team) "
                           "select current_user, id, 'SEN' from league_league")


def test_the_commissioner_does_each_and_the_log_names_him(shared):
    ids = _rotation(shared.owner_url, "SEN")
    sv.save_rotation(shared.comm_url, "SEN", list(reversed(ids)))
    player = next(p for p in sv.team_roster(shared.owner_url, "SEN").active if p.batting)
    batting = sv.card_values(player)["batting"]
    batting["SR"] = str(1 + int(batting["SR"]) % 9)
    sv.save_card(shared.comm_url, player.id, batting=batting)
    report = sv.sim_days(shared.comm_url, days=1)
    assert report.games > 0
    for kind in ("lineups", "results", "cards"):
        assert _log(shared, who=shared.commissioner, kind=kind, limit=1), kind
    finals = _log(shared, who=shared.commissioner, kind="schedule", limit=100_000)
    assert any(e.table == "season_schedule" and e.op == "update" and "status" in e.changed
               and e.after["status"] == "final" for e in finals)
    # the manager's roles are the owner's to give: even the commissioner may not
    with pytest.raises(LeagueError, match="database owner"):
        sv.add_manager(shared.comm_url, "someone_else", "CHB")


def test_two_managers_saving_at_once_both_land(shared):
    a_ids, b_ids = _rotation(shared.owner_url, "SAP"), _rotation(shared.owner_url, "SEN")
    errors: list[Exception] = []

    def save(url: str, team: str, ids: list[str]) -> None:
        try:
            for _ in range(3):
                sv.save_rotation(url, team, ids)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(shared.a_url, "SAP", a_ids[1:] + a_ids[:1])),
               threading.Thread(target=save, args=(shared.b_url, "SEN", b_ids[1:] + b_ids[:1]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert list(sv.team_roster(shared.owner_url, "SAP").rotation[: len(a_ids)]) == a_ids[1:] + a_ids[:1]
    assert list(sv.team_roster(shared.owner_url, "SEN").rotation[: len(b_ids)]) == b_ids[1:] + b_ids[:1]


def test_a_keyboard_game_records_who_played_and_the_commissioner_can_void_it(shared):
    game = next(g for _day, games in sv.schedule_days(shared.owner_url) for g in games
                if g.status != "final" and "SAP" in (g.away, g.home))
    side = 0 if game.away == "SAP" else 1
    setup = sv.start_live(shared.a_url, number=game.number, people=(side,))
    assert setup.info.played_by[side] == shared.a and setup.info.played_by[1 - side] is None
    other = 1 - side
    with pytest.raises(sv.ServiceError, match="his own team's side"):
        sv.start_live(shared.b_url, away="SAP", home="CHB", people=(0,))
    with pytest.raises(LeagueError, match="already being played"):
        sv.start_live(shared.b_url, number=game.number, people=(other,))
    with pytest.raises(sv.ServiceError, match="only the commissioner may"):
        sv.void_game(shared.a_url, setup.info.id)
    voided = sv.void_game(shared.comm_url, setup.info.id)
    assert voided.status == "voided"
    kept = {g.id: g for g in sv.keyboard_games(shared.owner_url)}
    assert kept[setup.info.id].status == "voided"


def test_the_cli_tells_a_refusal_in_one_line_and_prints_the_log(shared):
    runner = CliRunner()
    out = runner.invoke(cli_app, ["season", "sim", "--days", "1", "--db", shared.a_url])
    assert out.exit_code == 2
    lines = [ln for ln in out.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and "only the commissioner" in lines[0]
    out = runner.invoke(cli_app, ["league", "log", "--json", "--limit", "5", "--db", shared.a_url])
    assert out.exit_code == 0, out.output
    entries = json.loads(out.output)
    assert 0 < len(entries) <= 5 and {"who", "table", "before", "after", "at"} <= set(entries[0])
    out = runner.invoke(cli_app, ["league", "whoami", "--json", "--db", shared.a_url])
    assert json.loads(out.output)["kind"] == "manager"
    out = runner.invoke(cli_app, ["league", "manager", "add", "x_y", "--team", "SAP",
                                  "--db", shared.a_url])
    assert out.exit_code == 2 and "database owner" in out.output


def test_an_sqlite_league_stays_single_user(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pacific", "pacific")
    who = sv.whoami(db)
    assert who.kind == "single" and who.commissioner and who.may_manage("SAP")
    with pytest.raises(LeagueError, match="PostgreSQL"):
        sv.share(db)


async def test_the_app_says_whom_it_is_connected_as_and_greys_out_the_rest(shared):
    from tui.app import ImpactApp
    from tui.screens.league_log import LeagueLogScreen

    from tui_helpers import opened, until

    app = ImpactApp(db=shared.a_url)
    async with app.run_test(size=(120, 36)) as pilot:
        await opened(app, pilot)
        assert app.access is not None and app.access.kind == "manager"
        assert shared.a in app.sub_title and "SAP" in app.sub_title
        await pilot.press("2")
        await until(pilot, lambda: type(app.screen).__name__ == "ScheduleScreen")
        assert app.screen.check_action("sim", ("day",)) is None          # greyed out
        await pilot.press("3")
        await until(pilot, lambda: getattr(app.screen, "team", None) is not None)
        screen = app.screen
        assert screen.check_action("edit_card", ()) is None
        while screen.team != "SAP":
            screen.action_cycle_team(1)
            await until(pilot, lambda: screen.team is not None)
        assert screen.check_action("save_pref", ()) is True
        screen.action_cycle_team(1)
        await until(pilot, lambda: screen.team != "SAP")
        assert screen.check_action("save_pref", ()) is None
        app.open_league_log()
        await until(pilot, lambda: isinstance(app.screen, LeagueLogScreen)
                    and app.screen.query("#log-table")
                    and app.screen.query_one("#log-table").row_count > 0)
        assert all(e.who for e in app.screen.entries)


def test_sharing_again_guards_tables_added_since(shared):
    """`share` is idempotent, and re-applies grants and triggers to tables a migration added
    (make_engine does the same after running a migration on a shared league)."""
    _sql(shared.owner_url, "create table league_extra_test (id serial primary key, team text)")
    try:
        sv.share(shared.owner_url)
        _sql(shared.comm_url, "insert into league_extra_test(team) values ('SAP')")
        assert _sql(shared.a_url, "select team from league_extra_test") == [("SAP",)]
        with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
            _sql(shared.a_url, "insert into league_extra_test(team) values ('SEN')")
        [entry] = sv.league_log(shared.owner_url, who=shared.commissioner, kind="other", limit=1)
        assert entry.table == "league_extra_test" and entry.after["team"] == "SAP"
    finally:
        _sql(shared.owner_url, "drop table league_extra_test")


def test_a_managers_finished_game_is_replayed_and_recorded_by_the_commissioner(shared):
    from league.engine.dice import SeededDice
    from league.engine.live import live_game
    from league.manager.computer import ComputerManager

    from tests_live_helpers import person

    game = next(g for _day, games in sv.schedule_days(shared.owner_url) for g in games
                if g.status != "final" and "SEN" in (g.away, g.home))
    side = 0 if game.away == "SEN" else 1
    setup = sv.start_live(shared.b_url, number=game.number, people=(side,))
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={side: person()},
                     computer=ComputerManager, live_dice=lambda: SeededDice(11),
                     dh=setup.league.dh, fatigue=info.fatigue)
    result = g.play()
    # the manager may not write results: his game waits, finished, for the commissioner
    assert sv.finish_live(shared.b_url, info.id, result, g.live_log) is None
    waiting = {k.id: k for k in sv.keyboard_games(shared.owner_url)}[info.id]
    assert waiting.status == "finished" and waiting.played_by[side] == shared.b
    sv.sim_days(shared.comm_url, days=1)
    kept = {k.id: k for k in sv.keyboard_games(shared.owner_url)}[info.id]
    assert kept.status == "final"
    slot = next(s for _d, games in sv.schedule_days(shared.owner_url) for s in games
                if s.number == game.number)
    assert slot.status == "final" and (slot.away_runs, slot.home_runs) == tuple(result.runs)


def test_a_manager_makes_his_own_teams_farm_moves_and_no_others(shared):
    """Issue 16: a manager changes what belongs to his team, farm moves included (issue 12's
    一軍/二軍); the database makes the move (only the roster cell changes), keeps the ten-day
    rule and records it in the news and the log under his name."""
    view = sv.team_farm(shared.owner_url, "SAP")
    reliever = next(e for e in view.active if e.role == "RP")
    move = sv.move_player(shared.a_url, reliever.player.id, "down")
    assert move.kind == "down" and move.team == "SAP"
    after = sv.team_farm(shared.owner_url, "SAP")
    assert reliever.player.id in {e.player.id for e in after.farm}
    assert next(e for e in after.entries if e.player.id == reliever.player.id).demoted_on == move.day
    # the card itself is unchanged but for the roster cell
    before_card = reliever.player
    moved = next(e for e in after.entries if e.player.id == reliever.player.id).player
    assert moved.pitching == before_card.pitching and moved.batting == before_card.batting
    [entry] = _log(shared, who=shared.a, kind="cards", limit=1)
    assert entry.teams == ("SAP",)
    # the ten-day rule, in words from the service and from the database itself
    with pytest.raises(sv.ServiceError, match="ten"):
        sv.move_player(shared.a_url, reliever.player.id, "up")
    with pytest.raises(sa.exc.DBAPIError, match="ten-day rule"):
        _sql(shared.a_url, "select impact_roster_move(l.id, s.id, :p, 'up', :d, 10) "
                           "from league_league l join season_season s on s.league_id = l.id",
             p=reliever.player.id, d=move.day)
    # another team's player: refused by the service (naming his manager) and by the database
    other = next(e for e in sv.team_farm(shared.owner_url, "SEN").active if e.role == "RP")
    with pytest.raises(sv.ServiceError, match=f"SEN is managed by {shared.b}"):
        sv.move_player(shared.a_url, other.player.id, "down")
    with pytest.raises(sa.exc.DBAPIError, match="which you do not manage"):
        _sql(shared.a_url, "select impact_roster_move(l.id, s.id, :p, 'down', :d, 10) "
                           "from league_league l join season_season s on s.league_id = l.id",
             p=other.player.id, d=move.day)
    assert other.player.id not in {e.player.id for e in sv.team_farm(shared.owner_url, "SEN").farm}
    # and he cannot write the card's roster cell himself
    with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
        _sql(shared.a_url, "update league_card set team = team")
