"""Standings once every regular-season game is played: the next games' list says so and where
the season goes on (9 Season), in place of an empty table; before, it lists the next day."""
from __future__ import annotations

import pytest
from textual.widgets import DataTable

from tui import services
from tui.app import ImpactApp

from tui_helpers import screen_text, until

SIZE = (100, 30)


def _upcoming(app) -> list[str]:
    table = app.screen.query_one("#upcoming-table", DataTable)
    return [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_next_games_say_when_the_regular_season_is_played(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="mini")
    words = ("レギュラーシーズンの試合はすべて終わりました" if japanese
             else "Every regular-season game is played")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings" and _upcoming(app))
        assert not any(words in row for row in _upcoming(app))     # the first day's games
        services.sim_days(db, to_end=True)
        app.data_changed()
        await until(pilot, lambda: _upcoming(app) and words in _upcoming(app)[0])
        assert len(_upcoming(app)) == 1
        await until(pilot, lambda: words in screen_text(app))
        await pilot.press("9")
        await until(pilot, lambda: app.current_mode == "season")
