"""チーム成績: each team's batting, pitching and fielding, and the league totals (per league in the
two-league setup), on the CLI (`impact stats teams`) and in the Leaders area (T)."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from tui import services
from tui.app import ImpactApp
from tui.cli.main import app as cli

from tui_helpers import settled, until

runner = CliRunner()


def _league(tmp_path, sample="nippon", days=2):
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, sample, sample)
    services.new_season(db, sample)
    services.sim_days(db, days=days)
    return db


def test_team_lines_add_up_to_the_players_and_the_leagues_to_the_teams(tmp_path):
    db = _league(tmp_path)
    view = services.team_stats(db)
    assert [g.code for g in view.groups] == ["CL", "PL", ""]
    standings = {r.team: r for r in services.standings(db).rows}
    for team, line in view.batting.items():
        assert line.games == standings[team].games
        assert line.r == standings[team].runs_for            # every run is some batter's
        assert view.pitching[team].r == standings[team].runs_against
        assert view.pitching[team].wins == standings[team].wins
        assert view.pitching[team].losses == standings[team].losses
    for g in view.groups:
        total = view.totals[g.code]["batting"]
        assert total.h == sum(view.batting[t].h for t in g.teams)
        assert total.games == sum(standings[t].games for t in g.teams)
    whole = view.totals[""]
    assert whole["batting"].r == whole["pitching"].r           # runs scored = runs allowed
    assert whole["fielding"].e == sum(v.e for v in view.fielding.values())


def test_impact_stats_teams_prints_each_kind_and_json_has_every_team(tmp_path):
    db = _league(tmp_path)
    out = runner.invoke(cli, ["stats", "teams", "--db", db])
    assert out.exit_code == 0, out.output
    assert "batting" in out.output and "pitching" in out.output and "fielding" in out.output
    assert "Cosmo League" in out.output and "league totals" in out.output
    data = json.loads(runner.invoke(cli, ["stats", "teams", "--db", db, "--json"]).output)
    assert len(data["teams"]) == 12 and [g["code"] for g in data["leagues"]] == ["CL", "PL", ""]
    edo = data["teams"]["EDO"]
    assert set(edo) == {"batting", "pitching", "fielding"} and edo["batting"]["avg"] is not None


def test_impact_stats_teams_refuses_an_unknown_league_in_one_line(tmp_path):
    db = _league(tmp_path, "mini", 1)
    out = runner.invoke(cli, ["stats", "teams", "--db", db, "-l", "nosuch"])
    assert out.exit_code == 2 and "nosuch" in out.output and "Traceback" not in out.output


async def test_leaders_team_stats_page_and_the_column_picker(tmp_path):
    db = _league(tmp_path, "pacific", 2)
    app = ImpactApp(db=db)
    async with app.run_test(size=(120, 36)) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("5")
        await until(pilot, lambda: app.current_mode == "leaders"
                    and app.screen.query_one("#leaders-table").row_count)
        await pilot.press("c")                                   # the column picker
        await until(pilot, lambda: app.screen.query("#pick-list"))
        options = app.screen.query_one("#pick-list")
        hr = next(i for i in range(options.option_count)
                  if options.get_option_at_index(i).id == "hr")
        options.highlighted = hr
        await pilot.press("enter")
        await until(pilot, lambda: getattr(app.screen, "stat", None) == "hr"
                    and "▼本塁打" in [str(c.label) for c in
                                    app.screen.query_one("#leaders-table").columns.values()])
        await pilot.press("T")                                   # チーム成績
        table = app.screen.query_one("#leaders-table")
        await until(pilot, lambda: table.row_count == 6 + 1)     # six teams and the whole
        await settled(app, pilot)
        avg = [float(str(table.get_row_at(i)[2 + 12])) for i in range(6)]   # 打率
        assert avg == sorted(avg, reverse=True)
        await pilot.press("k")                                   # pitching: by ERA, lowest first
        await until(pilot, lambda: "防御率" in str(app.screen.query_one("#leaders-title").render()))
        era = [float(str(table.get_row_at(i)[2 + 14])) for i in range(6)]
        assert era == sorted(era)
        assert str(table.get_row_at(6)[1]) == "全体"
