"""The farm in the Teams area: `f` sends the player under the cursor down to the farm (二軍) and
calls a farm player up; the ten-day rule's refusal is one clear line."""
from __future__ import annotations

from tui import services
from tui.app import ImpactApp

from tui_helpers import opened, until

SIZE = (120, 40)


def _notes(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)


async def test_send_down_and_the_ten_day_rule_at_the_keyboard(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        services.sim_days(db, days=2)
        app.data_changed()
        await pilot.press("3")
        await until(pilot, lambda: app.screen.query("#pitchers-table")
                    and app.screen.query_one("#pitchers-table").row_count > 0)
        screen = app.screen
        view = services.team_roster(db, "SAP")
        reliever = next(p.id for p in view.active if p.pitching is not None
                        and p.pitching.starter == 0)
        pitchers = screen.query_one("#pitchers-table")
        pitchers.focus()
        pitchers.move_cursor(row=pitchers.get_row_index(reliever))
        await pilot.press("f")
        await until(pilot, lambda: reliever in services.team_roster(db, "SAP").farm)
        await until(pilot, lambda: str(pitchers.get_row(reliever)[0]) == "二軍"
                    and str(pitchers.get_row(reliever)[1]).endswith("〜"))
        assert [n.moves[0][0] for n in services.news(db) if n.kind == "down"] == [reliever]
        # calling him straight back up breaks the ten-day rule: refused, in one line
        pitchers.move_cursor(row=pitchers.get_row_index(reliever))
        await pilot.press("f")
        await until(pilot, lambda: "10日ルール" in _notes(app))
        note = next(str(n.message) for n in app._notifications if "10日ルール" in str(n.message))
        assert "\n" not in note and reliever in note
        assert reliever in services.team_roster(db, "SAP").farm
