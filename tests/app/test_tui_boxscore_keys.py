"""A box score at 80×24 in both languages: its lower half is reached with End, PgDn and Down
from the moment it opens (issue 29: they did nothing until Tab was pressed)."""
from __future__ import annotations

import re

import pytest

from tui import services
from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)


@pytest.mark.parametrize("japanese", [True, False])
async def test_end_pgdn_and_down_scroll_a_box_score_as_it_opens(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        services.sim_days(db, days=1)
        app.data_changed()
        app.open_boxscore(1)
        await until(pilot, lambda: type(app.screen).__name__ == "BoxScoreScreen"
                    and ("計" if japanese else "Totals") in str(
                        app.screen.query_one("#box-text").render()))
        scroll = app.screen.query_one("#box-scroll")
        await until(pilot, lambda: scroll.max_scroll_y > 0)
        assert scroll.scroll_y == 0
        await pilot.press("down")
        await until(pilot, lambda: scroll.scroll_y == 1)
        await pilot.press("pagedown")
        await until(pilot, lambda: scroll.scroll_y > 1)
        await pilot.press("end")
        await until(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)
        await pilot.press("home")
        await until(pilot, lambda: scroll.scroll_y == 0)
        # the NPB lines (issue 29): 残塁 / LOB of both teams in the box score's own language
        text = str(app.screen.query_one("#box-text").render())
        assert ("残塁 " if japanese else "LOB: ") in text
        assert ("LOB: " if japanese else "残塁 ") not in text
        # the play-by-play keeps a running score: its last line's is the final score
        box = app.screen._box.data
        plays = app.screen.query_one("#plays-table")
        await until(pilot, lambda: plays.row_count == len(box["plays"]))
        # the roll log's modifiers in the box score's language (左右+1, not platoon+1)
        rolls = app.screen.query_one("#rolls-table")
        await until(pilot, lambda: rolls.row_count == len(box["rolls"]))
        mods = " ".join(str(rolls.get_row_at(i)[3]) for i in range(rolls.row_count))
        assert ("左右" if japanese else "platoon") in mods
        assert (not re.search(r"[a-z]{2,}", mods)) if japanese else "左右" not in mods
        assert str(plays.get_row_at(plays.row_count - 1)[-1]) == \
            f"{box['away']['runs']}-{box['home']['runs']}"
