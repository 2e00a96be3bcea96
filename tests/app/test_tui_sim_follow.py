"""Schedule, a simulation under way (issue 34): the screen follows it on a budget. The progress
bar and the status line a few times a second, nothing else; the calendar (the day being played,
its games) and the standings beside it each time they are read again (every
ScheduleScreen.RELOAD_EVERY), drawn once a read."""
from __future__ import annotations

import threading

from tui import services
from tui.labels import label

from tui_helpers import PATIENCE, schedule_area, until

SIZE = (120, 40)


async def test_each_read_of_a_simulation_puts_the_calendar_on_the_day_stored_last(
        tmp_path, monkeypatch):
    """The simulation is held on the first game of its third day (stored with the day) until the
    screen has read the league again: the calendar's cursor is then on that day, the day's games
    show their scores, and the standings beside them count every game stored so far; between
    reads the progress moved nothing in the calendar, and each read set the calendar's and the
    standings' cells in place. Esc then stops it between games."""
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

    from tui.widgets.table import FitTable

    refilled: list[tuple[str, bool]] = []
    real_refill = FitTable.refill

    def refill(self, rows):
        done = real_refill(self, rows)
        refilled.append((self.id, done))
        return done

    monkeypatch.setattr(FitTable, "refill", refill)
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
    try:
        async with schedule_area(db, SIZE, days=4, sample="pacific") as (app, pilot):
            table = lambda: app.screen.query_one("#days-table")  # noqa: E731
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
            # the reads during the simulation set the cells in place, never refill from scratch
            assert {"days-table", "mini-standings"} <= {i for i, done in refilled if done}
            assert all(done for _i, done in refilled)
            final = label("final", app.japanese)
            status = [str(table().get_row_at(i)[2]) for i in range(4)]
            assert status[:3] == [final] * 3 and status[3] != final
            await pilot.press("escape")
            go_on.set()
            await until(pilot, lambda: not screen.simulating)
            assert "中止" in str(screen.query_one("#sim-status").render())
    finally:
        go_on.set()     # never leave the worker waiting
    assert services.standings(db).final == stored    # Esc stopped it before day 4


async def test_a_table_refilled_in_place_sets_the_changed_cells_and_widens_its_columns():
    """FitTable.refill: rows of the table's shape go in cell by cell (text cells literal, a wider
    cell widens its column, the rows keep their keys); another shape is refused untouched."""
    from textual.app import App, ComposeResult

    from tui.widgets.table import FitTable

    class One(App):
        def compose(self) -> ComposeResult:
            yield FitTable(id="t")

    app = One()
    async with app.run_test(size=(60, 10)) as pilot:
        t = app.query_one("#t", FitTable)
        t.add_columns("team", "w")
        t.add_row("Ann", "1", key="a")
        t.add_row("Bo", "2", key="b")
        width = t.ordered_columns[0].content_width
        assert t.refill([("Bo", "3"), ("[b]Kings of the North", "1")])
        assert [[str(c) for c in t.get_row_at(i)] for i in range(2)] == [
            ["Bo", "3"], ["[b]Kings of the North", "1"]]      # markup shown as written
        assert t.get_row_index("a") == 0 and t.get_row_index("b") == 1
        await until(pilot, lambda: t.ordered_columns[0].content_width
                    == len("[b]Kings of the North") > width)
        assert not t.refill([("Cy", "4")]) and not t.refill([("Cy",), ("Di",)])
        assert [str(c) for c in t.get_row_at(0)] == ["Bo", "3"] and t.row_count == 2
