"""Schedule: the season calendar by day, results and upcoming games; simulate days in a worker."""
from __future__ import annotations

import threading
import time
from datetime import date

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Header, ProgressBar, Static

from league.errors import LeagueError
from league.numbers import rate_text
from league.season.standings import gb_text
from tui import services
from tui.labels import label
from tui.messages import SimFinished, SimProgressed
from tui.screens.base import AreaScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable


class ScheduleScreen(AreaScreen):
    """日程: days on the left, that day's games and the standings on the right (they follow a
    simulation as it goes); d / w / t / e simulate, Esc cancels."""

    COMMISSIONER_ACTIONS = frozenset({"sim"})

    BINDINGS = [
        Binding("d", "sim('day')", "key_sim_day"),
        Binding("w", "sim('week')", "key_sim_week"),
        Binding("t", "sim('to')", "key_sim_to"),
        Binding("e", "sim('end')", "key_sim_end"),
        Binding("escape", "cancel_sim", "key_stop", show=False),
        Binding("p", "play_game", "key_play"),
        Binding("j", "today", "key_today"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.days: list[tuple[date, list]] = []
        self.names: dict[str, str] = {}
        self._cancel = threading.Event()
        self.simulating = False
        self._to_today = False
        self._follow: date | None = None    # the day a simulation stored last
        self._reads = 0                         # the reads shown so far (show)
        self._day_shown: tuple[int, int] | None = None   # (the day's row, the read) _show_day drew
        self._built: tuple[bool, list[date]] | None = None   # the calendar's language and days

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="schedule-title", classes="area-title")
        with Horizontal(id="schedule-body"):
            yield FitTable(id="days-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="day-pane"):
                yield Plain(id="day-title", classes="section-title")
                yield FitTable(id="day-games", cursor_type="row")
                yield Plain(id="mini-title", classes="section-title")
                yield FitTable(id="mini-standings", cursor_type="none", zebra_stripes=True)
        with Horizontal(id="sim-bar"):
            yield Plain(id="sim-status")
            yield ProgressBar(id="sim-progress", show_eta=False)
        yield KeyFooter()

    def load(self):
        days = self.call_service(services.schedule_days)
        view = self.call_service(services.standings)
        return days, view

    def show(self, data) -> None:
        days, view = data
        self.days = days
        self._reads += 1
        self.names = view.names
        ja = self.app.japanese
        self.query_one("#schedule-title", Static).update(
            f"{label('schedule', ja)}  {self.league_title(view.title)}  {view.final}/{view.games}")
        t = self.query_one("#days-table", DataTable)
        keep = t.cursor_row if t.row_count and not self._to_today else None
        self._to_today = False
        follow = self._follow if self.simulating else None
        rows = []
        first_open = None
        for i, (d, games) in enumerate(days):
            if d == follow:
                keep = i        # a simulation's read: the calendar goes to the day being played
            done = sum(1 for g in games if g.status == "final")
            status = label("final", ja) if done == len(games) else (
                f"{done}/{len(games)}" if done else label("scheduled", ja))
            if first_open is None and done < len(games):
                first_open = i
            rows.append((f"{d.month:02d}-{d.day:02d} ({'月火水木金土日'[d.weekday()] if ja else d.strftime('%a')})",
                         str(len(games)), status))
        # a simulation's reads change the played days' status and the standings' figures: those
        # cells are set in place (each table drawn once); any other read fills the tables afresh
        built = (ja, [d for d, _games in days])
        in_place = self.simulating and built == self._built
        self._fill_mini(view, in_place=in_place)
        if not (in_place and isinstance(t, FitTable) and t.refill(rows)):
            t.clear(columns=True)
            t.add_columns(label("day", ja), label("g", ja), label("status", ja))
            for (d, _games), cells in zip(days, rows):
                t.add_row(*cells, key=d.isoformat())
            self._built = built
        # today: the first day with a game to play; once the season is played, its last day
        # (a simulation to the end stays there rather than jumping back to day one)
        target = keep if keep is not None else (
            first_open if first_open is not None else max(len(days) - 1, 0))
        if t.row_count:
            t.move_cursor(row=min(target, t.row_count - 1))
            self._show_day(min(target, t.row_count - 1))

    def _fill_mini(self, view, *, in_place: bool = False) -> None:
        """A compact standings table beside the calendar (`in_place`: the same columns, the
        figures set where they changed)."""
        ja = self.app.japanese
        self.query_one("#mini-title", Static).update(label("standings", ja))
        m = self.query_one("#mini-standings", FitTable)
        rows = [(self.team_name(r.team), str(r.wins), str(r.losses), str(r.draws),
                 rate_text(r.pct), gb_text(r.games_behind)) for r in view.rows]
        if in_place and m.refill(rows):
            return
        m.clear(columns=True)
        for key in ("team", "w", "l", "d", "pct", "gb"):
            m.add_column(label(key, ja), key=key)
        for cells in rows:      # rows by place, no key: a read sets them in place (refill)
            m.add_row(*cells)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "days-table":
            self._show_day(event.cursor_row)

    def _show_day(self, index: int) -> None:
        if not 0 <= index < len(self.days):
            return
        if self._day_shown == (index, self._reads):   # drawn with this read already
            return
        self._day_shown = (index, self._reads)
        ja = self.app.japanese
        d, games = self.days[index]
        self.query_one("#day-title", Static).update(d.isoformat())
        t = self.query_one("#day-games", DataTable)
        t.clear(columns=True)
        t.add_columns("#", label("away", ja), label("score", ja), label("home", ja))
        for g in games:
            score = f"{g.away_runs} - {g.home_runs}" if g.status == "final" else "vs"
            t.add_row(str(g.number), self.team_name(g.away), score,
                      self.team_name(g.home), key=str(g.number))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "day-games" and event.row_key.value:
            number = int(event.row_key.value)
            game = next((g for _, gs in self.days for g in gs if g.number == number), None)
            if game is not None and game.status == "final":
                self.app.open_boxscore(number)
            else:
                self.app.notify("まだ試合をしていません" if self.app.japanese else "Not played yet",
                                timeout=3)

    def action_play_game(self) -> None:
        """Play the highlighted game at the keyboard (it counts in the season)."""
        t = self.query_one("#day-games", DataTable)
        if not t.row_count or self.simulating:
            return
        number = int(t.coordinate_to_cell_key(Coordinate(t.cursor_row, 0)).row_key.value or 0)
        game = next((g for _, gs in self.days for g in gs if g.number == number), None)
        if game is None or game.status == "final":
            self.app.notify("この試合は終わっています" if self.app.japanese else "That game is played",
                            timeout=3)
            return
        from tui.screens.play import play_scheduled
        play_scheduled(self.app, number)

    # ------------------------------------------------------------------ simulation
    def action_sim(self, how: str) -> None:
        self.start_sim(how)

    def _today(self) -> int | None:
        """The row of the first day with a game still to play (None: the season is played)."""
        return next((i for i, (_d, games) in enumerate(self.days)
                     if any(g.status != "final" for g in games)), None)

    def action_today(self) -> None:
        """Jump to today: the first day with a game still to play (the last day when none)."""
        t = self.query_one("#days-table", DataTable)
        if not t.row_count:
            return
        row = self._today()
        t.move_cursor(row=t.row_count - 1 if row is None else row)
        t.focus()

    def start_sim(self, how: str) -> None:
        if self.days and self._today() is None:
            self.app.notify(label("sc_season_over", self.app.japanese), timeout=6)
            return
        if self.simulating:
            self.app.notify("シミュレーション中です (Esc で中止)" if self.app.japanese
                            else "Simulating already (Esc cancels)", timeout=3)
            return
        kwargs: dict = {}
        if how == "day":
            kwargs["days"] = 1
        elif how == "week":
            kwargs["days"] = 7
        elif how == "end":
            kwargs["to_end"] = True
        else:
            t = self.query_one("#days-table", DataTable)
            if not self.days or not t.row_count:
                return
            target = self.days[t.cursor_row][0]
            pending_days = sorted({d for d, gs in self.days if any(g.status != "final" for g in gs)})
            n = sum(1 for d in pending_days if d <= target)
            if n == 0:
                self.app.notify("その日までの試合は終わっています" if self.app.japanese
                                else "Every game up to that day is played", timeout=3)
                return
            kwargs["days"] = n
        self._cancel.clear()
        self._follow = None
        self.simulating = True
        self.query_one("#sim-progress", ProgressBar).update(total=None, progress=0)
        self._sim_worker(kwargs)

    def action_cancel_sim(self) -> None:
        if self.simulating:
            self._cancel.set()
            self.query_one("#sim-status", Static).update("…")

    # the screen follows a simulation on a budget, not game by game: the progress bar and the
    # status line a few times a second (nothing else drawn again, no layout), the calendar (the
    # day being played, its games) and the standings every couple of seconds, read again from
    # the database and drawn once; the worker posts and goes on (it never waits for the event
    # loop). Moving the calendar's cursor draws the whole table again, so it moves with the read.
    SHOW_EVERY = 0.25
    RELOAD_EVERY = 2.0

    @work(thread=True, exclusive=True, group="sim")
    def _sim_worker(self, kwargs: dict) -> None:
        last = {"shown": 0.0, "reload": time.monotonic()}

        def progress(done: int, total: int, slot) -> None:
            now = time.monotonic()
            if done != total and now - last["shown"] < self.SHOW_EVERY:
                return
            last["shown"] = now
            reload = done != total and now - last["reload"] >= self.RELOAD_EVERY
            if reload:
                last["reload"] = now
            self.post_message(SimProgressed(done, total, slot, reload))

        try:
            report = self.call_service(services.sim_days, progress=progress,
                                       cancel=self._cancel.is_set, **kwargs)
        except LeagueError as exc:
            self.post_message(SimFinished(None, str(exc)))
            return
        except Exception as exc:
            self.post_message(SimFinished(None, f"{type(exc).__name__}: {exc}"))
            return
        self.post_message(SimFinished(report))

    def on_sim_progressed(self, message: SimProgressed) -> None:
        if not self.simulating:     # a late message of a simulation already done
            return
        self._progress(message.done, message.total, message.slot)
        if message.reload:
            # the calendar follows the simulation when it is read again: the day being played
            # is the one highlighted (ScheduleScreen.show)
            self._follow = message.slot.day
            self.app.data_changed()

    def _progress(self, done: int, total: int, slot) -> None:
        self.query_one("#sim-progress", ProgressBar).update(total=total, progress=done)
        # one line of fixed height (app.tcss): its new text needs no layout of the screen
        self.query_one("#sim-status", Static).update(f"{slot.day}  #{slot.number}  {done}/{total}",
                                                     layout=False)

    def on_sim_finished(self, message: SimFinished) -> None:
        report, error = message.report, message.error
        self.simulating = False
        self._to_today = True   # the calendar shows the day the simulation stopped before
        ja = self.app.japanese
        if error:
            self.app.notify(error, severity="error", timeout=8)
        elif report is not None:
            text = (f"{report.games}試合 ({report.days}日) 終了" if ja
                    else f"{report.games} games ({report.days} days) played")
            if report.stopped:
                text += "  — 中止" if ja else "  — cancelled"
            if report.skipped:
                games = ", ".join(f"#{n}" for n in report.skipped)
                text += (f"  — {games} は対戦中のため飛ばしました" if ja
                         else f"  — skipped {games}: being played at the keyboard")
            if report.refused:
                n = len(report.refused)
                text += (f"  — キーボードの試合{n}件を無効にしました (ニュース参照)" if ja
                         else f"  — {n} keyboard game{'s' if n > 1 else ''} refused and voided "
                              "(see the news)")
            if report.trades:       # the computer's in season, the managers' offers it accepted
                n = len(report.trades)
                text += (f"  — トレード{n}件 (ニュース参照)" if ja
                         else f"  — {n} trade{'s' if n > 1 else ''} made (see the news)")
            self.query_one("#sim-status", Static).update(text)
            self.app.notify(text, timeout=4)
        self.app.data_changed()
