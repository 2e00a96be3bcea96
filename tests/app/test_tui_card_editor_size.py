"""The card editor at 80×24 in both languages: Save is on screen, clickable, and the fields
scroll between the title and the buttons (issue 29: Save was off screen)."""
from __future__ import annotations

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)


@pytest.mark.parametrize("japanese", [True, False])
async def test_save_is_on_screen_and_saves(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("3")
        await until(pilot, lambda: app.screen.query("#batters-table")
                    and app.screen.query_one("#batters-table").row_count > 0)
        app.screen.query_one("#batters-table").focus()
        await pilot.press("e")
        await until(pilot, lambda: app.screen.query("#card-editor #card-save")
                    and app.screen.query_one("#card-save").region.height > 0)
        editor = app.screen
        save = editor.query_one("#card-save")
        assert str(save.label) == ("保存" if japanese else "Save")
        assert save.region.bottom <= SIZE[1] and save.region.right <= SIZE[0]
        # the last field scrolls into view above the buttons
        editor.query_one("#f-statline").focus()
        await until(pilot, lambda: editor.query_one("#f-statline").region.height == 1
                    and editor.query_one("#f-statline").region.bottom <= save.region.y)
        await pilot.click("#card-save")
        await until(pilot, lambda: app.screen is not editor)
        assert not app.screen.query("#card-editor")
