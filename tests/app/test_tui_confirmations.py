"""Long or lasting work asks first, at 80×24 in both languages (issue 29): `o` in the standings
before 1,000 runs of the pennant odds, `c` in the Season area before closing the season. `n`
(or Esc) leaves things as they were; `y` goes ahead."""
from __future__ import annotations

import pytest

from tui import services
from tui.app import ImpactApp
from tui.screens.standings import StandingsScreen

from season_helpers import small_league
from tui_helpers import opened, until

SIZE = (80, 24)


def _on(app, name: str) -> bool:
    return type(app.screen).__name__ == name


def _question(app) -> str:
    return str(app.screen.query_one("#confirm-question").render())


@pytest.mark.parametrize("japanese", [True, False])
async def test_o_asks_before_running_the_pennant_odds(tmp_path, monkeypatch, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    monkeypatch.setattr(StandingsScreen, "ODDS_RUNS", 6)
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific", games_per_opponent=4, seed=3)
    services.sim_days(db, days=3)
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen)
                    and app.screen.query_one("#standings-table").row_count == 6)
        screen = app.screen
        await pilot.press("o")
        await until(pilot, lambda: _on(app, "ConfirmScreen"))
        assert ("シミュレーション" if japanese else "simulating") in _question(app)
        assert not screen.odds_running
        await pilot.press("n")
        await until(pilot, lambda: app.screen is screen)
        assert not screen.odds_running
        assert services.odds_history(db)[0] == []          # nothing was run
        await pilot.press("o")                             # back to the tables
        await pilot.press("o")
        await until(pilot, lambda: _on(app, "ConfirmScreen"))
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen and not screen.odds_running
                    and screen.query_one("#odds-table").row_count == 6)
    assert services.odds_history(db)[0] != []


@pytest.mark.parametrize("japanese", [True, False])
async def test_c_asks_before_closing_the_season(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = small_league(tmp_path)
    services.start_postseason(db)
    services.sim_postseason(db)
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("9")
        await until(pilot, lambda: app.current_mode == "season" and app.screen.data is not None
                    and app.screen.data.status.next_action == "close")
        screen = app.screen
        await pilot.press("c")
        await until(pilot, lambda: _on(app, "ConfirmScreen"))
        assert ("元に戻せません" if japanese else "cannot be undone") in _question(app)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen)
        assert services.season_status(db).next_action == "close"   # still open
        await pilot.press("c")
        await until(pilot, lambda: _on(app, "ConfirmScreen"))
        await pilot.press("y")
        await until(pilot, lambda: app.screen is screen and not screen.busy
                    and screen.data.status.next_action == "new_season")
    assert services.season_status(db).next_action == "new_season"
