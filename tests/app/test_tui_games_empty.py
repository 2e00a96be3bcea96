"""The Games area (`6`) says why its list is empty: before any game it says none is played yet
and how to play a day; a filter that matches no game says so, with the text as typed (as data,
never markup), and Enter on that line opens nothing."""
from __future__ import annotations

import pytest
from textual.widgets import DataTable

from tui import services
from tui.app import ImpactApp

from tui_helpers import screen_text, until

SIZE = (100, 30)


def _first_row(app) -> str:
    table = app.screen.query_one("#games-table", DataTable)
    return " ".join(str(c) for c in table.get_row_at(0)) if table.row_count else ""


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_games_area_says_why_its_list_is_empty(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("6")
        none_yet = "終わった試合はまだありません" if japanese else "No games played yet"
        await until(pilot, lambda: app.current_mode == "games" and none_yet in _first_row(app))
        assert app.screen.query_one("#games-table").row_count == 1
        await until(pilot, lambda: none_yet in screen_text(app))   # drawn at the next repaint
        await pilot.press("enter")                       # the line is no game: nothing opens
        await pilot.pause()
        assert type(app.screen).__name__ == "GamesScreen"

        services.sim_days(db, days=1)
        app.data_changed()
        await until(pilot, lambda: app.screen.query_one("#games-table").row_count == 3)
        await pilot.press("[", "b", "]", "z", "z")      # typing starts the filter
        await until(pilot, lambda: "[b]zz" in _first_row(app))
        assert app.screen.query_one("#games-table").row_count == 1
        await until(pilot, lambda: "[b]zz" in screen_text(app))
        await pilot.press("escape", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "GamesScreen"
        app.screen.query_one("#games-filter").value = ""
        await until(pilot, lambda: app.screen.query_one("#games-table").row_count == 3)
