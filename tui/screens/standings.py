"""Standings: the Japanese table (試合 勝 敗 分 勝率 ゲーム差 貯金), recent results, next games."""
from __future__ import annotations

import dataclasses
import threading

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, ProgressBar, Static

from league.errors import LeagueError
from league.numbers import rate_text
from league.season.margins import share_margin
from league.season.standings import gb_text, savings_text, streak_english, tiebreak_english
from tui import services
from tui.labels import interleague_note, label, season_title
from tui.messages import OddsEstimated, OddsFinished, OddsProgressed, RaceRead, WorkFailed
from tui.screens.base import AreaScreen
from tui.services.opening import StandingsData, standings_data
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

# the chart's lines (Okabe-Ito, then Tableau's: apart on dark and light themes)
CHART_COLORS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0),
                (86, 180, 233), (240, 228, 66), (140, 86, 75), (127, 127, 127), (188, 189, 34),
                (148, 103, 189), (23, 190, 207))
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class StandingsScreen(AreaScreen):
    """順位表 with the tiebreak reasons, the latest results and the next day's games; `o` shows the
    pennant odds (優勝確率), magic numbers and how the odds moved through the season instead,
    `r` runs them again (1,000 runs on every core, Esc cancels)."""

    BINDINGS = [
        Binding("g", "toggle_gb", "key_gb_from"),
        Binding("v", "next_table", "key_next_table"),
        Binding("o", "toggle_odds", "key_odds"),
        Binding("c", "cycle_chart", "key_chart"),
        Binding("r", "run_odds", "key_run_odds"),
        Binding("escape", "cancel_odds", "key_stop", show=False),
    ]
    ODDS_RUNS = 1000
    TREND_WIDTH = 24

    def __init__(self) -> None:
        super().__init__()
        self.gb_from = "leader"
        self.table_index = 0              # which league's table (then 交流戦) in a league of two
        self.showing_odds = False
        self.odds_running = False
        self._cancel = threading.Event()
        self._data: StandingsData | None = None
        self.chart: str | None = None     # the chart shown instead of the tables: race | odds
        self._race: services.RaceView | None = None
        self._estimate: services.OddsView | None = None    # the odds of the runs so far
        self._last_run: services.OddsView | None = None    # the last odds run to its end

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="standings-body"):
            yield Plain(id="standings-title", classes="area-title")
            yield FitTable(id="standings-table", cursor_type="row", zebra_stripes=True)
            yield Plain(id="standings-tiebreak", classes="note")
            with Horizontal(id="standings-games"):
                with Vertical():
                    yield Plain(id="recent-title", classes="section-title")
                    yield FitTable(id="recent-table", cursor_type="row")
                with Vertical():
                    yield Plain(id="upcoming-title", classes="section-title")
                    yield FitTable(id="upcoming-table", cursor_type="row")
            # the odds pane (#standings-odds) is made the first time it is shown (_odds_pane)
        yield KeyFooter()

    async def _odds_pane(self) -> None:
        """The pennant odds pane, made and filled the first time it is shown: most starts never
        show it, and its widgets were a tenth of the time the first screen took to show."""
        if self.query("#standings-odds"):
            return
        pane = Vertical(
            Plain(id="odds-title", classes="section-title"),
            FitTable(id="odds-table", cursor_type="row", zebra_stripes=True),
            Horizontal(Plain(id="odds-status"), ProgressBar(id="odds-progress", show_eta=False),
                       id="odds-bar"),
            id="standings-odds")
        await self.query_one("#standings-body", Vertical).mount(pane)
        if self._data is not None:
            self._fill_odds(self._data)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`v` (one league's table, the other's, 交流戦, both together) only in a league of two
        leagues (リーグ): in a league of one it had nothing to show and is not offered."""
        if action == "next_table" and (self._data is None or len(self._data.view.tables) < 2):
            return False
        return super().check_action(action, parameters)

    def action_next_table(self) -> None:
        """`v`: from the first league's table to the other's, 交流戦順位, both leagues' tables
        together, then the first again; while a chart is drawn, to the next league's chart."""
        if self._data is None:
            return
        shown = self._chart_index()
        self.table_index += 1
        if self.chart is not None:
            # the chart draws one league: the steps that would draw the same one are skipped
            for _ in range(len(self._data.view.tables) + 2):
                if self._chart_index() != shown:
                    break
                self.table_index += 1
        self.show(self._data)

    def _choice(self) -> int | None:
        """Which table `v` chose: a league's index (the first league's at the start, as before),
        len(tables) for 交流戦, or None for both leagues (each under its name); None in a league
        of one (its one table)."""
        tables = self._data.view.tables if self._data is not None else ()
        if len(tables) < 2:
            return None
        i = self.table_index % (len(tables) + 2)
        return None if i == len(tables) + 1 else i

    def _chart_index(self) -> int:
        """The league (リーグ) whose chart is drawn: the one chosen, else the first."""
        tables = self._data.view.tables if self._data is not None else ()
        i = self._choice()
        return i if i is not None and i < len(tables) else 0

    def _tables(self, v: services.StandingsView, ja: bool) -> tuple[str, list[tuple[str, tuple]]]:
        """The tables to show: (the title's name for them, [(a heading or "", its rows)]). Both
        leagues' tables one after the other, each under its name with its own ranks and
        ゲーム差, as the papers print セ and パ, where `v` chose both; else the one chosen."""
        tables = [(t.name if ja else (t.name_en or t.name), t.rows) for t in v.tables]
        if len(tables) < 2:
            return "", [("", v.rows)]
        i = self._choice()
        if i is None:
            return label("ld_both_leagues", ja), tables
        if i == len(tables):    # before its first game, no table: the day it begins (show)
            return label("interleague", ja), [("", v.interleague if v.interleague_begun else ())]
        return tables[i][0], [("", tables[i][1])]

    def _odds_part(self, ja: bool) -> tuple[str, set[str] | None]:
        """The league (リーグ) whose pennant odds `v` chose — its name and its teams — or both
        leagues (None, each league's teams together) where the tables show both or 交流戦; a
        league of one shows all its teams."""
        v = self._data.view if self._data is not None else None
        if v is None or len(v.tables) < 2:
            return "", None
        i = self._choice()
        if i is None:
            return label("ld_both_leagues", ja), None
        if i == len(v.tables):
            return label("ld_all_teams", ja), None
        t = v.tables[i]
        return (t.name if ja else (t.name_en or t.name)), {r.team for r in t.rows}

    def action_toggle_gb(self) -> None:
        self.gb_from = "above" if self.gb_from == "leader" else "leader"
        self.refresh_data()

    def load(self) -> StandingsData:
        return standings_data(self.app.db, self.app.league, self.gb_from)

    def show(self, data: StandingsData) -> None:
        self._data = data
        if self.chart is not None:
            self._race_worker()     # the chart follows the data and the league chosen
        ja = self.app.japanese
        v = data.view
        self._show_pane()
        if self.query("#standings-odds"):
            self._fill_odds(data)
        table_name, tables = self._tables(v, ja)
        self.query_one("#standings-title", Static).update(
            f"{self.league_title(v.title)}  {season_title(v.year, v.season, ja)}  "
            f"{label('phase_' + v.phase_key, ja)}  "
            f"{v.final}/{v.games} {'試合消化' if ja else 'games played'}"
            + (f"  {table_name}" if table_name else "")
            + ("" if self.gb_from == "leader" else ("  (ゲーム差: 直上のチームから)" if ja
                                                    else "  (GB from the team above)")))
        t = self.query_one("#standings-table", DataTable)
        t.clear(columns=True)
        above = self.gb_from != "leader"
        for key in ("rank", "team", "g", "w", "l", "d", "pct", "gb", "savings", "streak", "last10",
                    "rs", "ra"):
            # from the team above, the column's heading says so as the title does
            t.add_column(label("gb_above" if key == "gb" and above else key, ja), key=key)
        notes = []
        blank = [""] * 11
        for heading, rows in tables:
            if heading:                 # the league's name over its table, as fans read it
                t.add_row("", Text(heading, style="bold"), *blank, key="league:" + heading)
            for r in rows:
                pct = rate_text(r.pct)
                t.add_row(str(r.rank), self.team_name(r.team), str(r.games), str(r.wins),
                          str(r.losses), str(r.draws), pct,
                          gb_text(r.games_behind, from_leader=not above),
                          savings_text(r.savings), r.streak if ja else streak_english(r.streak),
                          r.last10, str(r.runs_for), str(r.runs_against), key=r.team)
                if r.tiebreak:
                    notes.append(f"{self.team_name(r.team)}: "
                                 f"{r.tiebreak if ja else tiebreak_english(r.tiebreak)}")
        if len(tables) > 1 and t.row_count > 1:
            t.move_cursor(row=1)        # on the first team, not its league's name
        # until the first game is played, a newcomer is told what to do next
        hint = [label("first_hint", ja)] if v.final == 0 else []
        if notes:
            below = label("tiebreak", ja) + ": " + "  ".join(notes)
        elif len(v.tables) > 1 and self._choice() == len(v.tables) and not v.interleague_begun:
            below = "  ".join([interleague_note(v.interleague_from, ja), *hint])  # no 交流戦 yet
        else:
            below = "  ".join(hint)
        self.query_one("#standings-tiebreak", Static).update(below)
        self.query_one("#recent-title", Static).update(
            label("recent", ja) + (f"  {data.recent[0].day}" if data.recent else ""))
        rt = self.query_one("#recent-table", DataTable)
        rt.clear(columns=True)
        rt.add_columns("#", label("away", ja), label("score", ja), label("home", ja))
        for g in data.recent:
            score = f"{g.away_runs} - {g.home_runs}" if g.status == "final" else "-"
            rt.add_row(str(g.number), self.team_name(g.away), score, self.team_name(g.home),
                       key=str(g.number))
        self.query_one("#upcoming-title", Static).update(
            label("today", ja) + (f"  {data.next_day}" if data.next_day else ""))
        ut = self.query_one("#upcoming-table", DataTable)
        ut.clear(columns=True)
        ut.add_columns("#", label("away", ja), label("home", ja))
        for g in data.upcoming:
            ut.add_row(str(g.number), self.team_name(g.away), self.team_name(g.home),
                       key=str(g.number))
        if not data.upcoming and v.games and v.final >= v.games:
            # the regular season played: say where the season goes on, not an empty list
            ut.add_row(Text(label("st_regular_done", ja)), "", "")

    # ------------------------------------------------------------------ pennant odds
    def _show_pane(self) -> None:
        charting = self.chart is not None
        self.query_one("#standings-games").display = not self.showing_odds and not charting
        for pane in self.query("#standings-odds"):
            pane.display = self.showing_odds and not charting
        for widget in self.query("#standings-table, #standings-tiebreak"):
            widget.display = not charting
        for pane in self.query("#standings-chart"):
            pane.display = charting

    # ------------------------------------------------------------------ charts
    async def action_cycle_chart(self) -> None:
        """`c`: the pennant race (貯金 by date), then the pennant odds over time, then the
        tables again; the league (リーグ) whose table `v` chose."""
        self.chart = {None: "race", "race": "odds", "odds": None}[self.chart]
        if self.chart is not None and not self.query("#standings-chart"):
            from textual_plotext import PlotextPlot
            await self.query_one("#standings-body", Vertical).mount(
                Vertical(Plain(id="chart-title", classes="section-title"),
                         PlotextPlot(id="chart-plot"), Plain(id="chart-legend"),
                         id="standings-chart"))
        self._show_pane()
        if self.chart is not None:
            self._race_worker()

    @work(thread=True, exclusive=True, group="chart")
    def _race_worker(self) -> None:
        try:
            race = self.call_service(services.pennant_race)
        except LeagueError as exc:
            self.app.post_message(WorkFailed.of(exc))
            return
        self.post_message(RaceRead(race))

    def on_race_read(self, message: RaceRead) -> None:
        message.stop()
        self._draw_chart(message.race)

    def _chart_group(self, race: services.RaceView) -> services.TeamGroup:
        """The league (リーグ) whose table is chosen (for both or 交流戦, the first)."""
        return race.groups[self._chart_index() % len(race.groups)]

    def _draw_chart(self, race: services.RaceView) -> None:
        """Draw the chosen chart with plotext: one line a team, days along, month ticks. Names
        reach plotext as plain text (it draws them with ANSI codes, never markup)."""
        if self.chart is None or not self.query("#chart-plot"):
            return
        from textual_plotext import PlotextPlot
        self._race = race
        ja = self.app.japanese
        group = self._chart_group(race)
        if self.chart == "race":
            lines = {t: [(d, float(v)) for d, v in race.race[group.code].get(t, [])]
                     for t in group.teams}
            title = label("chart_race", ja)
        else:
            lines = {t: [] for t in group.teams}
            for p in (self._data.odds if self._data is not None else []):
                if p.team in lines and p.day is not None:
                    lines[p.team].append((p.day, p.pennant * 100))
            title = label("chart_odds", ja)
        name = group.name if ja or not group.name_en else group.name_en
        self.query_one("#chart-title", Static).update(
            f"{title}  {name}" if len(race.groups) > 1 else title)
        plot = self.query_one("#chart-plot", PlotextPlot)
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        days = sorted({d for pts in lines.values() for d, _ in pts})
        if not days:
            plt.title(label("chart_none", ja))
            plot.refresh()
            return
        first = days[0].toordinal()
        legend = Text()
        # the legend is drawn by the app, not plotext (it counts a wide character as one cell)
        for k, (team, pts) in enumerate(lines.items()):
            color = CHART_COLORS[k % len(CHART_COLORS)]
            if pts:
                plt.plot([d.toordinal() - first for d, _ in pts], [v for _, v in pts],
                         color=color, marker="braille")
            legend.append("■ ", style="rgb({},{},{})".format(*color))
            legend.append(self.team_name(team))
            legend.append("  ")
        self.query_one("#chart-legend", Static).update(legend)
        months = sorted({d.replace(day=1) for d in days} - {days[0].replace(day=1)}
                        | ({days[0]} if days[0].day == 1 else set()))
        plt.xticks([m.toordinal() - first for m in months],
                   [f"{m.month}月" if ja else MONTHS[m.month - 1] for m in months])
        values = [v for pts in lines.values() for _, v in pts]
        low, high = (0, 100) if self.chart == "odds" else (min(0, min(values)), max(0, max(values)))
        step = next(s for s in (1, 2, 5, 10, 20, 25, 50) if (high - low) / s <= 5)
        plt.yticks(list(range(int(low // step * step), int(high) + step, step)))
        if self.chart == "odds":
            plt.ylim(0, 100)
        plot.refresh()

    def _fill_odds(self, data: StandingsData) -> None:
        """The latest stored odds, each team's magic number and a line of its pennant odds at
        every day they were taken; each chance with its 95 % margin."""
        ja = self.app.japanese
        history = data.odds
        if not history:
            self._odds_table([], history)
            self.query_one("#odds-title", Static).update(label("odds", ja) + "  "
                                                         + label("odds_none", ja))
            return
        last = max(p.played for p in history)
        latest = sorted((p for p in history if p.played == last), key=lambda p: (-p.pennant, p.team))
        done = self._last_run
        if done is not None and (done.report.played, done.report.runs) == (last, latest[0].runs):
            # the odds just run are the latest stored: shown with every figure's margin
            self._fill_odds_estimate(dataclasses.replace(done, history=history), done.report.runs)
            return
        days = sorted({p.played for p in history})
        when = latest[0].day.isoformat() if latest[0].day else "-"
        part = self._odds_part(ja)[0]
        self.query_one("#odds-title", Static).update(
            f"{label('odds', ja)}{f' [{part}]' if part else ''}  {when}  ({last}/{data.view.games}, "
            f"{latest[0].runs} {'回' if ja else 'runs'}, {len(days)} "
            f"{'時点' if ja else 'points'})")
        self._odds_table([(p.team, p.pennant, share_margin(p.pennant, p.runs), p.climax,
                           share_margin(p.climax, p.runs), p.magic,
                           f"{p.wins:.0f}-{p.losses:.0f}-{p.draws:.0f}") for p in latest],
                         history)

    def _fill_odds_estimate(self, view: services.OddsView, total: int) -> None:
        """The odds of the runs played so far (and, when they are done, of them all), each
        figure with its 95 % margin, and the runs so far in the title."""
        ja = self.app.japanese
        r = view.report
        widest = max((t.pennant_margin for t in r.teams), default=0.0)
        when = r.day.isoformat() if r.day else "-"
        games = self._data.view.games if self._data is not None else r.played + r.remaining
        points = len({p.played for p in view.history})
        part = self._odds_part(ja)[0]
        self.query_one("#odds-title", Static).update(
            f"{label('odds', ja)}{f' [{part}]' if part else ''}  {when}  ({r.played}/{games}, "
            f"{r.runs}/{total} "
            f"{'回' if ja else 'runs'}, ±{widest * 100:.1f}%, {points} "
            f"{'時点' if ja else 'points'})")
        self._odds_table([(t.team, t.pennant, t.pennant_margin, t.climax, t.climax_margin,
                           t.magic.number, f"{t.wins:.0f}-{t.losses:.0f}-{t.draws:.0f} "
                           f"±{t.wins_margin:.1f}")
                          for t in sorted(r.teams, key=lambda t: (-t.pennant, t.team))],
                         view.history)

    def _odds_table(self, rows: list, history: list) -> None:
        """The odds table: (team, pennant, its margin, climax, its margin, magic, expected)."""
        ja = self.app.japanese
        t = self.query_one("#odds-table", DataTable)
        t.clear(columns=True)
        for key in ("team", "pennant_pct", "climax_pct", "magic", "expected"):
            t.add_column(label(key, ja), key=key)
        t.add_column(label("odds_trend", ja), key="trend")
        teams = self._odds_part(ja)[1]
        if teams is not None:      # one league's pennant: its teams alone (`v`: the other, both)
            rows = [row for row in rows if row[0] in teams]
        if not rows:
            return
        lines = services.history_lines(history, [row[0] for row in rows])
        if self._data is not None and len(self._data.view.tables) > 1:
            # each league (リーグ) has its own pennant: its teams together, best chance first
            league_of = {r.team: i for i, lt in enumerate(self._data.view.tables) for r in lt.rows}
            rows.sort(key=lambda row: (league_of.get(row[0], len(league_of)), -row[1], row[0]))
        for team, pennant, pm, climax, cm, magic_number, expected in rows:
            if magic_number == 0:
                magic = label("odds_clinched", ja)
            else:
                magic = f"M{magic_number}" if magic_number is not None else "-"
            t.add_row(self.team_name(team), f"{pennant * 100:5.1f} ±{pm * 100:4.1f}",
                      f"{climax * 100:5.1f} ±{cm * 100:4.1f}", magic, expected,
                      services.sparkline([v for _, v in lines.get(team, [])], self.TREND_WIDTH),
                      key=team)

    async def action_toggle_odds(self) -> None:
        self.showing_odds = not self.showing_odds
        if self.showing_odds:
            await self._odds_pane()
        self._show_pane()
        if self.showing_odds and self._data is not None and not self._data.odds \
                and not self.odds_running:
            # 1,000 runs of the rest of the season take a while: asked first (`r` runs them)
            from tui.dialogs.confirm import ConfirmScreen

            async def answered(yes: bool | None) -> None:
                if yes:
                    await self.action_run_odds()

            self.app.push_screen(ConfirmScreen("confirm_odds", runs=self.ODDS_RUNS), answered)

    async def action_run_odds(self) -> None:
        if self.odds_running:
            self.app.notify("計算中です (Esc で中止)" if self.app.japanese
                            else "The odds are running (Esc cancels)", timeout=3)
            return
        await self._odds_pane()
        self.showing_odds = True
        self._show_pane()
        self._cancel.clear()
        self.odds_running = True
        self.query_one("#odds-progress", ProgressBar).update(total=self.ODDS_RUNS, progress=0)
        self.query_one("#odds-status", Static).update(label("odds_running", self.app.japanese))
        self._odds_worker()

    def action_cancel_odds(self) -> None:
        if self.odds_running:
            self._cancel.set()
            self.query_one("#odds-status", Static).update("…")

    @work(thread=True, exclusive=True, group="odds")
    def _odds_worker(self) -> None:
        def progress(done: int, total: int) -> None:
            self.post_message(OddsProgressed(done, total))

        def estimate(view: services.OddsView) -> None:
            self.post_message(OddsEstimated(view))

        try:
            view = self.call_service(services.odds, runs=self.ODDS_RUNS, progress=progress,
                                     cancel=self._cancel.is_set, estimate=estimate)
        except LeagueError as exc:
            self.post_message(OddsFinished(False, str(exc)))
            return
        except Exception as exc:  # a broken pool or database must not crash the app
            self.post_message(OddsFinished(False, f"{type(exc).__name__}: {exc}"))
            return
        if view is not None:
            self.post_message(OddsEstimated(view, final=True))
        self.post_message(OddsFinished(view is not None))

    def on_odds_estimated(self, message: OddsEstimated) -> None:
        if not (self.odds_running or message.final) or not self.query("#odds-table"):
            return
        self._estimate = message.view
        if message.final:
            self._last_run = message.view
        self._fill_odds_estimate(message.view, self.ODDS_RUNS)

    def on_odds_progressed(self, message: OddsProgressed) -> None:
        done, total = message.done, message.total
        self.query_one("#odds-progress", ProgressBar).update(total=total, progress=done)
        margin = ""
        if self._estimate is not None:
            widest = max((t.pennant_margin for t in self._estimate.report.teams), default=0.0)
            margin = f"  ±{widest * 100:.1f}%"
        self.query_one("#odds-status", Static).update(
            f"{label('odds_running', self.app.japanese)} {done}/{total}{margin}")

    def on_odds_finished(self, message: OddsFinished) -> None:
        finished, error = message.finished, message.error
        self.odds_running = False
        self._estimate = None
        if error:
            self.app.notify(error, severity="error", timeout=8)
            self.query_one("#odds-status", Static).update("")
            return
        self._odds_end = "done" if finished else "cancelled"
        self._say_odds_end()
        if finished:
            self.refresh_data()

    _odds_end: str | None = None      # how the last odds run ended: done, cancelled

    def _say_odds_end(self) -> None:
        """The odds' status line in the app's language (again when `L` changes it)."""
        if self._odds_end is None or self.odds_running or not self.query("#odds-status"):
            return
        ja = self.app.japanese
        self.query_one("#odds-status", Static).update(
            f"{self.ODDS_RUNS} {'回 完了' if ja else 'runs done'}" if self._odds_end == "done"
            else label("odds_cancelled", ja))

    def relabel(self) -> None:
        super().relabel()
        self._say_odds_end()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "recent-table" and event.row_key.value:
            self.app.open_boxscore(int(event.row_key.value))
