"""Schedule, a simulation under way (issue 34): the screen follows it on a budget. The progress
bar and the status line a few times a second, nothing else; the calendar (the day being played,
its games) and the standings beside it each time they are read again (every
ScheduleScreen.RELOAD_EVERY), drawn once a read."""
from __future__ import annotations

import threading

from tui import services
from tui.app import ImpactApp

from tui_helpers import PATIENCE, until

SIZE = (120, 40)


async def test_each_read_of_a_simulation_puts_the_calendar_on_the_day_stored_last(
        tmp_path, monkeypatch):
    """The simulation is held on the first game of its third day (stored with the day) until the
    screen has read the league again: the calendar's cursor is then on that day, the day's games
    show their scores, and the standings beside them count every game stored so far; between
    reads the progress moved nothing in the calendar. Esc then stops it between games."""
    from tui.screens.schedule import ScheduleScreen

    monkeypatch.setattr(ScheduleScreen, "SHOW_EVERY", 0.0)     # every game shown ...
    monkeypatch.setattr(ScheduleScreen, "RELOAD_EVERY", 0.0)   # ... and read again
    db = str(tmp_path / "league.sqlite3")
    days = {}
    read_on_third = threading.Event()   # the screen has shown a read made with day 3 stored
    go_on = threading.Event()
    moved_by_progress: list[tuple[int, int]] = []

    real_show = ScheduleScreen.show

    def show(self, data):
        real_show(self, data)
        if self.simulating and self._follow is not None and self._follow == days.get("third"):
            read_on_third.set()

    real_progress = ScheduleScreen._progress

    def progress(self, done, total, slot):
        t = self.query_one("#days-table")
        before = t.cursor_row
        real_progress(self, done, total, slot)
        moved_by_progress.append((before, t.cursor_row))

    monkeypatch.setattr(ScheduleScreen, "show", show)
    monkeypatch.setattr(ScheduleScreen, "_progress", progress)

    real_sim = services.sim_days

    def held_sim(*args, progress=None, **kwargs):
        def held(done, total, slot):
            progress(done, total, slot)
            if slot.day == days.get("third") and not go_on.is_set():
                go_on.wait(PATIENCE)    # the test lets it go on once it has looked

        return real_sim(*args, progress=held, **kwargs)

    monkeypatch.setattr(services, "sim_days", held_sim)
    app = ImpactApp(db=db, sample="pacific")
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.animation_level = "none"
            await until(pilot, lambda: app.current_mode == "standings")
            await pilot.press("2")
            table = lambda: app.screen.query_one("#days-table")  # noqa: E731
            await until(pilot, lambda: app.current_mode == "schedule" and table().row_count > 3)
            screen = app.screen
            third = screen.days[2][0]
            days["third"] = third
            assert table().cursor_row == 0
            await pilot.press("e")
            await until(pilot, lambda: read_on_third.is_set())
            await until(pilot, lambda: str(screen.query_one("#day-title").render())
                        == third.isoformat())
            assert screen.simulating
            assert screen.days[table().cursor_row][0] == third
            games = screen.query_one("#day-games")
            assert games.row_count == len(screen.days[2][1]) > 0
            assert all(" - " in str(games.get_row_at(i)[2]) for i in range(games.row_count))
            stored = services.standings(db).final
            assert stored == sum(len(gs) for _d, gs in screen.days[:3])
            mini = screen.query_one("#mini-standings")
            decided = sum(int(str(mini.get_row_at(i)[c])) for i in range(mini.row_count)
                          for c in (1, 2, 3))
            assert decided == 2 * stored
            assert moved_by_progress and all(a == b for a, b in moved_by_progress)
            await pilot.press("escape")
            go_on.set()
            await until(pilot, lambda: not screen.simulating)
            assert "中止" in str(screen.query_one("#sim-status").render())
    finally:
        go_on.set()     # never leave the worker waiting
    assert services.standings(db).final == stored    # Esc stopped it before day 4
