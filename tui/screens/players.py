"""Players: a searchable list; the chosen player's card as the physical card is read, his season
and career stats, a chart of his season (rolling AVG or running ERA) and his game log."""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, Header, Input, Sparkline, Static
from textual.widgets.data_table import RowDoesNotExist

from league.engine.cards import Player
from league.errors import LeagueError
from league.season.roster import League
from league.season.stats import stat_text
from tui import services
from tui.labels import label, stat_name
from tui.messages import PlayerRead, WorkFailed
from tui.screens.base import AreaScreen
from tui.widgets.card import CardView
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

# two short tables rather than one wide one: the detail pane is about 75 cells wide
BAT_SHOWN = (("games", "pa", "ab", "h", "doubles", "triples", "hr", "rbi"),
             ("sb", "bb", "so", "avg", "obp", "slg", "ops"))
PIT_SHOWN = (("games", "starts", "wins", "losses", "saves", "holds", "outs"),
             ("h", "hr", "bb", "so", "er", "era", "whip"))


class PlayersScreen(AreaScreen):
    """選手: type to filter (name, id or team), ↑/↓ choose; the detail loads in a worker."""

    AUTO_FOCUS = "#players-table"
    LIST = "#players-table"
    FILTER = "#players-filter"
    BINDINGS = [
        Binding("slash", "focus_search", "key_search"),
        Binding("escape", "focus_list", "key_list", show=False),
        Binding("y", "year_by_year", "key_year_by_year"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.league: League | None = None
        self.names: dict[str, str] = {}
        self.pending: str | None = None
        self.current: str | None = None
        # the player's card (None for a man who left the rosters), his stats and his chart
        self.detail: tuple[Player | None, services.PlayerView, services.SeasonSeries] | None = None
        # the men who left the rosters (id → name, English name, how): found by the filter
        self.departed: dict[str, tuple[str, str, str]] = {}
        # the men who refused to sign (入団拒否): no player page, found by the filter, who he is
        self.refused: dict[str, services.RefuserView] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="players-title", classes="area-title")
        with Horizontal(id="players-body"):
            with Vertical(id="players-list-pane"):
                yield Input(id="players-filter")
                yield FitTable(id="players-table", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="player-detail"):
                yield CardView(id="player-card")
                yield Plain(id="player-stats")
                yield Plain(id="chart-title", classes="section-title")
                yield Sparkline([], id="player-chart")
                yield Plain(id="log-title", classes="section-title")
                yield FitTable(id="player-log", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    # ------------------------------------------------------------------ the list
    def load(self) -> tuple[League, list[tuple[str, str, str, str]],
                            list[services.RefuserView]]:
        return (self.call_service(services.season_league),
                self.call_service(services.departed_players),
                self.call_service(services.refusers))

    def show(self, data: tuple[League, list[tuple[str, str, str, str]],
                               list[services.RefuserView]]) -> None:
        league, departed, refused = data
        self.league = league
        self.departed = {pid: (name, en, how) for pid, name, en, how in departed}
        self.refused = {r.key: r for r in refused}
        self.names = {t.code: t.short or t.name for t in league.teams}
        ja = self.app.japanese
        self.query_one("#players-title", Static).update(
            f"{label('players', ja)}  {self.league_title(league.name)}")
        self.query_one("#players-filter", Input).placeholder = label("pl_search", ja)
        self._fill()
        if self.pending:
            self.select_player(self.pending)
        elif self.current:
            self._load_player(self.current)

    def _players(self) -> list[Player]:
        if self.league is None:
            return []
        return [p for t in self.league.teams for p in t.players]

    def _fill(self) -> None:
        ja = self.app.japanese
        text = self.query_one("#players-filter", Input).value.strip().lower()
        t = self.query_one("#players-table", DataTable)
        keep = self.current
        t.clear(columns=True)
        # fixed widths: the list is laid out the same however early it fills
        for key, width in (("tm_id", 6), ("tm_name", 12), ("team", 6), ("tm_positions", 9)):
            t.add_column(label(key, ja), width=width)
        for p in self._players():
            team = self.team_name(p.team)
            if text and not (text in p.name.lower() or text in p.name_en.lower()
                             or text in p.id.lower() or text in team.lower()
                             or text in self.names.get(p.team, "").lower()
                             or text in p.team.lower()):
                continue
            pos = "/".join(f.position for f in p.fielding)
            t.add_row(p.id, p.name if ja or not p.name_en else p.name_en, team, pos, key=p.id)
        # a man who left keeps his page: listed when the filter names him (his id or name)
        for pid, (name, en, how) in self.departed.items() if text else ():
            if text in name.lower() or text in en.lower() or text in pid.lower():
                t.add_row(pid, name if ja or not en else en,
                          Text(label(f"pl_gone_{how}", ja), style="dim"), "", key=pid)
        # a man who refused to sign: listed when the filter names him, his line says who he is
        for key, r in self.refused.items() if text else ():
            if text in r.name.lower() or text in r.name_en.lower():
                t.add_row("-", r.name if ja or not r.name_en else r.name_en,
                          Text(label("pl_gone_refused", ja), style="dim"), "", key=key)
        if keep is not None:
            try:
                t.move_cursor(row=t.get_row_index(keep))
            except RowDoesNotExist:
                pass    # filtered out

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "players-filter":
            self._fill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "players-filter":
            self.action_focus_list()

    def action_focus_search(self) -> None:
        self.query_one("#players-filter", Input).focus()

    def action_year_by_year(self) -> None:
        """Open the chosen player's year-by-year page (年度別成績)."""
        if self.current is not None and self.current not in self.refused:
            from tui.screens.career import CareerScreen
            self.app.push_screen(CareerScreen(self.current))

    def action_focus_list(self) -> None:
        self.query_one("#players-table", DataTable).focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "players-table" and event.row_key.value:
            pid = event.row_key.value
            if pid != self.current:
                self._load_player(pid)

    def select_player(self, pid: str) -> None:
        """Show a player (the Leaders area calls this); the filter is cleared if it hides him."""
        if self.league is None:
            self.pending = pid
            return
        self.pending = None
        t = self.query_one("#players-table", DataTable)
        try:
            index = t.get_row_index(pid)
        except RowDoesNotExist:
            # a man who left is listed when the filter names him; anyone else, with none
            self.query_one("#players-filter", Input).value = pid if pid in self.departed else ""
            self._fill()
            try:
                index = t.get_row_index(pid)
            except RowDoesNotExist:
                self.app.notify(f"{pid}?", severity="warning", timeout=3)
                return
        t.move_cursor(row=index)
        t.focus()
        self._load_player(pid)

    # ------------------------------------------------------------------ one player
    def _load_player(self, pid: str) -> None:
        self.current = pid
        if pid in self.refused:
            self._show_refuser(self.refused[pid])
            return
        self._player_worker(pid)

    def _show_refuser(self, r: services.RefuserView) -> None:
        """A man who refused to sign (入団拒否): no card, stats or games; who he is instead."""
        ja = self.app.japanese
        self.detail = None
        card = self.query_one("#player-card", CardView)
        card.display = False
        card.player = None
        line = label("pl_refused", ja).format(
            name=r.name if ja or not r.name_en else r.name_en, team=self.team_name(r.team),
            round=r.round, season=r.season, year=r.year)
        if r.returns:
            line += label("pl_refused_back", ja).format(
                returns=r.returns, school=label("os_school_" + r.returns_as, ja))
        self.query_one("#player-stats", Static).update(Text(line, style="bold"))
        self.query_one("#player-chart", Sparkline).data = []
        self.query_one("#chart-title", Static).update("")
        self.query_one("#log-title", Static).update("")
        self.query_one("#player-log", DataTable).clear(columns=True)

    @work(thread=True, exclusive=True, group="player")
    def _player_worker(self, pid: str) -> None:
        try:
            view = self.call_service(services.player, pid)
            series = services.season_series(view)
        except Exception as exc:  # noqa: BLE001 - a broken database is a notification
            self.app.post_message(WorkFailed.of(exc))
            return
        self.post_message(PlayerRead(pid, view, series))

    def on_player_read(self, message: PlayerRead) -> None:
        message.stop()
        self._show_player(message.pid, message.view, message.series)

    def _show_player(self, pid: str, view: services.PlayerView,
                     series: services.SeasonSeries) -> None:
        if pid != self.current or self.league is None:
            return
        player: Player | None
        try:
            player = self.league.player(pid)
        except LeagueError:
            if pid not in self.departed:
                return
            player = None       # he left: no card on a roster, his page stays
        self.detail = (player, view, series)
        ja = self.app.japanese
        card = self.query_one("#player-card", CardView)
        card.japanese = ja
        card.team = self.team_name(player.team) if player is not None else None
        card.display = player is not None
        card.player = player
        card.refresh(layout=True)   # the card's height depends on the player (auto height)
        self.query_one("#player-stats", Static).update(self._stats_table(view, ja))
        chart = self.query_one("#player-chart", Sparkline)
        chart.data = list(series.values)
        key = "pl_chart_era" if series.kind == "era" else "pl_chart_avg"
        last = stat_text(series.kind, series.last) if series.last is not None else "-"
        self.query_one("#chart-title", Static).update(
            f"{label(key, ja)}  {last}" if series.values else
            f"{label(key, ja)}  {label('pl_no_games', ja)}")
        self._fill_log(view, ja)

    def _stats_table(self, view: services.PlayerView, ja: bool) -> Any:
        kind = "pitching" if view.pitching is not None or (
            view.batting is None and view.career_pitching is not None) else "batting"
        season = view.pitching if kind == "pitching" else view.batting
        career = view.career_pitching if kind == "pitching" else view.career_batting
        tables: list[Table | Text] = []
        for shown in PIT_SHOWN if kind == "pitching" else BAT_SHOWN:
            t = Table(box=None, padding=(0, 1), header_style="bold cyan", show_edge=False)
            t.add_column("")
            for s in shown:
                t.add_column(stat_name(kind, s, ja), justify="right")
            splits = view.splits.get(kind, {})
            rows = [("pl_season_short", season), ("pl_career_short", career),
                    *((f"pl_{k}", splits[k]) for k in ("vs_L", "vs_R", "home", "away")
                      if k in splits)]
            for key, stats in rows:
                if stats is None:
                    t.add_row(label(key, ja), *["-"] * len(shown))
                    continue
                t.add_row(label(key, ja), *[stat_text(s, getattr(stats, s)) for s in shown])
            tables.append(t)
        if view.born:
            line = label("pl_born", ja).format(born=view.born, age=view.age)
            if view.origin:
                o = view.origin
                line += "  " + label("pl_drafted", ja).format(
                    year=o["year"], round=o["round"], pick=o["pick"],
                    school=label("os_school_" + str(o["school"]), ja))
            if view.foreign:
                line += "  " + label("pl_foreign", ja)
            if view.service:
                line += "  " + label("pl_service", ja).format(**view.service)
                if view.service["right"]:
                    line += "  " + label("pl_right_" + view.service["right"], ja)
            tables.insert(0, Text(line))
        if view.left:
            left = view.left
            when = (label("pl_left_offseason", ja).format(season=left["season"],
                                                          year=left["year"])
                    if left["offseason"] else
                    label("pl_left_day", ja).format(day=left["day"], season=left["season"]))
            tables.insert(0, Text(label("pl_left", ja).format(
                how=label(f"pl_gone_{left['how']}", ja), team=self.team_name(left["team"]),
                when=when), style="bold"))
        return Group(*tables)

    def _fill_log(self, view: services.PlayerView, ja: bool) -> None:
        self.query_one("#log-title", Static).update(
            f"{label('pl_game_log', ja)}  ({len(view.game_log)})")
        t = self.query_one("#player-log", DataTable)
        t.clear(columns=True)
        pitcher = view.pitching is not None
        base = ["#", label("day", ja), label("pl_opponent", ja)]
        if pitcher:
            cols = ["started", "decision", "outs", "h", "bb", "so", "er"]
        else:
            cols = ["pos", "ab", "h", "hr", "rbi", "bb", "so", "sb"]
        kind = "pitching" if pitcher else "batting"
        names = {"pos": label("tm_pos", ja), "started": label("tm_role", ja),
                 "decision": "勝敗" if ja else "Dec"}
        t.add_columns(*base, *[names.get(c) or stat_name(kind, c, ja) for c in cols])
        # the season's games, then each postseason series' apart under its name, as NPB's
        # player pages list 日本シリーズ apart (impact player's "postseason game log, …")
        heading = [""] * (len(cols) + 1)     # the day, the opponent and the stats
        shown_series: set[str] = set()
        for e in [*view.game_log, *view.post_log]:
            line = e.get(kind)
            if line is None:
                continue
            series = e.get("series")
            if series is not None and series["key"] not in shown_series:
                shown_series.add(series["key"])
                t.add_row("", Text(series["name"], style="bold"), *heading,
                          key="series:" + series["key"])
            cells = []
            for c in cols:
                if c == "started":
                    cells.append(label("tm_starter" if line["started"] else "tm_reliever", ja))
                elif c == "decision":
                    cells.append(line.get("decision") or "")
                elif c == "outs":
                    cells.append(stat_text("outs", line["outs"]))
                else:
                    cells.append(str(line.get(c, "")))
            where = "vs" if e["home"] else "@"      # at home against, away at
            t.add_row(str(e["game"]), e["day"], f"{where} {self.team_name(e['opponent'])}",
                      *cells, key=str(e["game"]))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "player-log" and event.row_key.value \
                and event.row_key.value.isdigit():      # not a series' name
            self.app.open_boxscore(int(event.row_key.value))
