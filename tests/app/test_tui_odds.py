"""The Standings area's pennant odds: o shows them (running them the first time), r runs them
again with a progress bar, Esc cancels; the chart grows a point per day the odds were taken."""
from __future__ import annotations

from tui import services
from tui.app import ImpactApp
from tui.screens.standings import StandingsScreen

from tui_helpers import opened, until

SIZE = (80, 24)


def _db(tmp_path) -> str:
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific", games_per_opponent=4, seed=3)
    services.sim_days(db, days=5)
    return db


async def test_o_runs_the_odds_and_shows_them_with_magic_numbers_and_a_trend(tmp_path, monkeypatch):
    monkeypatch.setattr(StandingsScreen, "ODDS_RUNS", 6)
    db = _db(tmp_path)
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen)
                    and app.screen.query("#standings-table")
                    and app.screen.query_one("#standings-table").row_count == 6)
        screen = app.screen
        assert not screen.query("#standings-odds")       # made the first time it is shown
        await pilot.press("o")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")  # 1,000 runs: asked
        await pilot.press("y")
        table = screen.query_one("#odds-table")
        await until(pilot, lambda: not screen.odds_running and table.row_count == 6, tries=3000)
        assert screen.query_one("#standings-odds").display
        assert not screen.query_one("#standings-games").display
        # each chance with its 95 % margin (issue 34): "48.3 ±3.1"
        cells = [str(table.get_row_at(i)[1]).split() for i in range(6)]
        assert all(len(c) == 2 and c[1].startswith("±") and float(c[1][1:]) > 0 for c in cells)
        pennant = [float(c[0]) for c in cells]
        assert abs(sum(pennant) - 100) < 0.5 and pennant == sorted(pennant, reverse=True)
        assert "±" in str(table.get_row_at(0)[4])       # the expected record's wins too
        assert "6/6 回" in str(screen.query_one("#odds-title").render())
        # a day later the odds are taken again: the trend has two points
        services.sim_days(db, days=1)
        screen.refresh_data()
        await pilot.press("r")
        await until(pilot, lambda: not screen.odds_running
                    and "2 時点" in str(screen.query_one("#odds-title").render()), tries=3000)
        trend = str(table.get_row_at(0)[5])
        assert len(trend) == 2
        await pilot.press("o")
        await until(pilot, lambda: screen.query_one("#standings-games").display)


async def test_escape_cancels_the_odds_and_keeps_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(StandingsScreen, "ODDS_RUNS", 400)
    db = _db(tmp_path)
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen)
                    and app.screen.query("#standings-table")
                    and app.screen.query_one("#standings-table").row_count == 6)
        screen = app.screen
        await pilot.press("r")
        await until(pilot, lambda: screen.odds_running)
        await pilot.press("escape")
        # on a busy machine the worker processes may take a while to start before they stop
        await until(pilot, lambda: not screen.odds_running, tries=3000)
        assert "中止" in str(screen.query_one("#odds-status").render())
    from tui.services import odds_history
    assert odds_history(db)[0] == []
