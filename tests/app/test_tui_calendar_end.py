"""The calendar after a simulation to the end of the season stays on the season's last day, at
80×24 in both languages (issue 29: it jumped back to day one)."""
from __future__ import annotations

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)


@pytest.mark.parametrize("japanese", [True, False])
async def test_e_simulates_to_the_end_and_the_calendar_stays_on_the_last_day(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="mini")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("2")
        days = lambda: app.screen.query_one("#days-table")  # noqa: E731
        await until(pilot, lambda: app.current_mode == "schedule" and days().row_count > 1)
        assert days().cursor_row == 0
        await pilot.press("e")
        await until(pilot, lambda: not app.screen.simulating and app.screen.days and all(
            g.status == "final" for _d, games in app.screen.days for g in games))
        last = days().row_count - 1
        await until(pilot, lambda: days().cursor_row == last)
        assert str(app.screen.query_one("#day-title").render()) == \
            app.screen.days[last][0].isoformat()
