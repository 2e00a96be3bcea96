"""The calendar after a simulation to the end of the season stays on the season's last day, at
80×24 in both languages (issue 29: it jumped back to day one)."""
from __future__ import annotations

import pytest

from tui_helpers import schedule_area, until

SIZE = (80, 24)


@pytest.mark.parametrize("japanese", [True, False])
async def test_e_simulates_to_the_end_and_the_calendar_stays_on_the_last_day(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    async with schedule_area(str(tmp_path / "league.sqlite3"), SIZE, days=2,
                             sample="mini") as (app, pilot):
        days = lambda: app.screen.query_one("#days-table")  # noqa: E731
        assert days().cursor_row == 0
        await pilot.press("e")
        await until(pilot, lambda: not app.screen.simulating and app.screen.days and all(
            g.status == "final" for _d, games in app.screen.days for g in games))
        last = days().row_count - 1
        await until(pilot, lambda: days().cursor_row == last)
        assert str(app.screen.query_one("#day-title").render()) == \
            app.screen.days[last][0].isoformat()
