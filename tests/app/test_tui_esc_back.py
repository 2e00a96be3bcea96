"""Esc goes back (README, "In the app"): from a page opened over an area — a box score, a
player's year-by-year page, the league log — to the area it was opened from, and it cancels a
dialog (the card editor) without a change."""
from __future__ import annotations

from tui import services
from tui.app import ImpactApp

from tui_helpers import opened, until

SIZE = (100, 30)


def _on(app, name: str) -> bool:
    return type(app.screen).__name__ == name


async def test_esc_goes_back_from_each_page_and_cancels_the_card_editor(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        services.sim_days(db, days=1)
        app.data_changed()
        # a box score from Games
        await pilot.press("6")
        await until(pilot, lambda: _on(app, "GamesScreen")
                    and app.screen.query_one("#games-table").row_count == 3)
        await pilot.press("enter")
        await until(pilot, lambda: _on(app, "BoxScoreScreen"))
        await pilot.press("escape")
        await until(pilot, lambda: _on(app, "GamesScreen"))
        # a player's year-by-year page from Players
        await pilot.press("4")
        await until(pilot, lambda: _on(app, "PlayersScreen") and app.screen.current is not None)
        await pilot.press("y")
        await until(pilot, lambda: _on(app, "CareerScreen"))
        await pilot.press("escape")
        await until(pilot, lambda: _on(app, "PlayersScreen"))
        # the league log (from the command palette)
        app.open_league_log()
        await until(pilot, lambda: _on(app, "LeagueLogScreen"))
        await pilot.press("escape")
        await until(pilot, lambda: _on(app, "PlayersScreen"))
        # the card editor from Teams: Esc cancels it, even from a field
        await pilot.press("3")
        await until(pilot, lambda: _on(app, "TeamsScreen") and app.screen.query("#batters-table")
                    and app.screen.query_one("#batters-table").row_count > 0)
        app.screen.query_one("#batters-table").focus()
        await pilot.press("e")
        await until(pilot, lambda: _on(app, "CardEditor"))
        await pilot.press("ctrl+l")                      # to the stat line
        await until(pilot, lambda: app.screen.query_one("#f-statline").has_focus)
        await pilot.press("escape")
        await until(pilot, lambda: _on(app, "TeamsScreen"))
