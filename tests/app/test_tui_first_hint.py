"""The first screen tells a newcomer what to do next until the first game is played, at 80×24
in both languages (issue 29)."""
from __future__ import annotations

import pytest

from tui import services
from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)
HINT = {True: "2 日程 → d で1日進める", False: "2 Schedule → d plays a day"}


def _note(app) -> str:
    return str(app.screen.query_one("#standings-tiebreak").render())


@pytest.mark.parametrize("japanese", [True, False])
async def test_a_one_line_hint_until_the_first_game(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        # the hint's text and then its place: the layout follows the text a frame later, so a
        # busy machine can see the words before the line has its height
        await until(pilot, lambda: app.current_mode == "standings"
                    and HINT[japanese] in _note(app)
                    and app.screen.query_one("#standings-tiebreak").region.height >= 1)
        note = app.screen.query_one("#standings-tiebreak")
        assert note.region.height >= 1 and note.region.bottom <= SIZE[1] - 1   # above the footer
        assert HINT[not japanese] not in _note(app)
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "schedule"
                    and app.screen.query_one("#days-table").row_count)
        await pilot.press("d")
        await until(pilot, lambda: not app.screen.simulating
                    and services.standings(db).final > 0)
        await pilot.press("1")
        await until(pilot, lambda: app.current_mode == "standings"
                    and HINT[japanese] not in _note(app))
