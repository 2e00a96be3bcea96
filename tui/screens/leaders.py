"""Leaders: batting, pitching and fielding leader boards with the qualifiers (規定打席 / 規定投球回
/ games in the field), sorted by the chosen stat, filtered by team; the fielding boards by
position as NPB prints its 守備率 boards (p); Enter opens the player in the Players area."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static

from league.engine.boxscore import innings_text
from league.season.stats import (
    FIELDING_POSITIONS,
    POSITION_LABELS_JA,
    RATE_STATS,
    qualified_fielding_games,
    qualified_outs,
    qualified_pa,
    stat_text,
)
from tui import services
from tui.labels import label, season_title, stat_name
from tui.screens.base import AreaScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

STATS = {
    "batting": ("avg", "hr", "rbi", "h", "r", "sb", "obp", "slg", "ops", "bb", "so", "doubles",
                "triples", "tb"),
    "pitching": ("era", "wins", "saves", "hold_points", "so", "whip", "outs", "games", "losses",
                 "holds", "complete_games"),
    "fielding": ("fielding_pct", "po", "a", "dp", "e", "games", "cs_rate"),
}
COLUMNS = {
    "batting": ("games", "pa", "avg", "hr", "rbi", "h", "sb", "obp", "ops"),
    "pitching": ("games", "outs", "era", "wins", "losses", "saves", "hold_points", "so", "whip"),
    "fielding": ("games", "fielding_pct", "po", "a", "e", "dp"),
}
KINDS = ("batting", "pitching", "fielding")
# the fielding boards' positions in turn (p): every position together, then NPB's seven boards
POSITIONS: tuple[str | None, ...] = (None, *FIELDING_POSITIONS)
LIMIT = 30
# each league's board when both are shown one after the other: the ベスト10 the papers print
# (the second league's heading within a screen's reach; `v` shows one league's LIMIT)
BOTH_LIMIT = 10


TEAM_KINDS = ("batting", "pitching", "fielding")


@dataclass
class LeadersData:
    view: services.LeadersView
    team_games: dict[str, int]
    names: dict[str, str]
    teams: services.TeamStatsView | None = None   # チーム成績, when shown


class LeadersScreen(AreaScreen):
    """成績上位: k switches batting / pitching / fielding (p: the fielding board of one position,
    投手 捕手 一塁手 二塁手 三塁手 遊撃手 外野手, then every position again), c chooses the stat from a list (or click a column
    header; s / S step through them), t cycles the team filter, Enter opens the player; in a
    league of two each league's (リーグ) board under its name, one after the other, and v shows
    one league's alone, then the other's, then both again; T shows
    チーム成績 instead: every team's batting, pitching or fielding (k) with the league totals,
    sorted by any column (c or a header)."""

    BINDINGS = [
        Binding("k", "toggle_kind", "key_ld_kind"),
        Binding("p", "cycle_position", "key_ld_position"),
        Binding("c", "pick_stat", "key_ld_pick"),
        Binding("s", "cycle_stat(1)", "key_ld_next"),
        Binding("S", "cycle_stat(-1)", "key_ld_prev", show=False),
        Binding("t", "cycle_team", "key_team"),
        Binding("v", "next_part", "key_next_table"),
        Binding("T", "toggle_teams", "key_team_stats"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.kind = "batting"
        self.stat = "avg"
        self.position: str | None = None     # the fielding board's position (None: all)
        self.team: str | None = None
        self.teams: list[str] = []
        self.data: LeadersData | None = None
        self.showing_teams = False
        self.team_kind = "batting"
        self.team_stat = "avg"
        # which league of a league of two (its code), None for each league's board in turn
        self.part: str | None = None
        self.parts: list[tuple[str, str, str]] = []      # (code, name, English name)
        self._players: dict[str, str] = {}     # the table's row keys → player ids

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="leaders-body"):
            yield Plain(id="leaders-title", classes="area-title")
            yield Plain(id="leaders-qualifier", classes="note")
            yield FitTable(id="leaders-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`v` (the other league) only in a league of two leagues (リーグ): hidden, not shown
        in the footer, in a league of one."""
        if action == "next_part" and not self.parts:
            return False
        if action == "cycle_position" and (self.kind != "fielding" or self.showing_teams):
            return False
        return super().check_action(action, parameters)

    def load(self) -> LeadersData:
        table = self.call_service(services.standings)
        self.parts = [(t.code, t.name, t.name_en) for t in table.tables] \
            if len(table.tables) > 1 else []
        if self.part is not None and self.part not in {c for c, _n, _e in self.parts}:
            self.part = None
        both = bool(self.parts) and self.team is None and self.part is None
        view = self.call_service(services.leaders, kind=self.kind, stat=self.stat, team=self.team,
                                 limit=BOTH_LIMIT if both else LIMIT,
                                 part=None if self.team else self.part,
                                 position=self.position if self.kind == "fielding" else None)
        teams = self.call_service(services.team_stats) if self.showing_teams else None
        return LeadersData(view, {r.team: r.games for r in table.rows}, table.names, teams)

    def show(self, data: LeadersData) -> None:
        self.data = data
        if data.teams is not None and self.showing_teams:
            self._show_teams(data.teams)
            return
        self.teams = list(data.names)
        ja = self.app.japanese
        kind, stat = data.view.kind, data.view.stat
        team = (self.team_name(self.team) if self.team else self._part_name(ja))
        where = ""
        if kind == "fielding":
            pos = data.view.position
            where = "  " + (label("ld_all_positions", ja) if pos is None else
                            f"{POSITION_LABELS_JA[pos]} ({pos})" if ja else pos)
        self.query_one("#leaders-title", Static).update(
            f"{label('ld_' + kind, ja)}{where}  {stat_name(kind, stat, ja)}  [{team}]  "
            f"{season_title(None, data.view.season, ja)}")
        self.query_one("#leaders-qualifier", Static).update(self._qualifier(data, ja))
        t = self.query_one("#leaders-table", DataTable)
        t.clear(columns=True)
        t.add_column(label("rank", ja), key="rank")
        t.add_column(label("tm_name", ja), key="name")
        t.add_column(label("team", ja), key="team")
        cols = [stat] + [c for c in COLUMNS[kind] if c != stat]
        for c in cols:
            text = stat_name(kind, c, ja)
            t.add_column(f"▼{text}" if c == stat else text, key=c)
        self._players = {}
        boards: list[services.LeadersBoard | None] = list(
            data.view.boards if self.team is None and self.part is None else [])
        shown = False
        for board in boards or [None]:
            rows = data.view.rows if board is None else board.rows
            if board is not None:           # the league's name over its board, as fans read it
                name = board.name if ja or not board.name_en else board.name_en
                t.add_row("", Text(name, style="bold"), *[""] * (len(cols) + 1),
                          key="league:" + board.code)
            for row in rows:
                s = row.stats
                cells = [stat_text(c, getattr(s, c)) for c in cols]
                # a man traded between the leagues is on both boards: one key for each
                key = row.player_id if board is None else f"{board.code}:{row.player_id}"
                self._players[key] = row.player_id
                t.add_row(str(row.rank),
                          self.player_name(row.player_id, data.view.names.get(row.player_id)),
                          self.team_name(row.team), *cells, key=key)
                shown = True
        if boards and t.row_count > 1:
            t.move_cursor(row=1)            # on the first leader, not his league's name
        if not shown:
            self.query_one("#leaders-qualifier", Static).update(
                self._qualifier(data, ja) + f"  — {label('ld_none', ja)}")

    def _qualifier(self, data: LeadersData, ja: bool) -> str:
        games = ([data.team_games.get(self.team, 0)] if self.team
                 else list(data.team_games.values())) or [0]
        lo, hi = min(games), max(games)
        if self.kind == "batting":
            key, lo_t, hi_t, rule = ("ld_qualifier_pa", str(qualified_pa(lo)),
                                     str(qualified_pa(hi)), "× 3.1")
        elif self.kind == "fielding" and data.view.position != "P":
            # games in the field (at the position): two thirds of the team's, catchers half
            pos = data.view.position
            key, lo_t, hi_t, rule = ("ld_qualifier_fg",
                                     f"{qualified_fielding_games(lo, pos):g}",
                                     f"{qualified_fielding_games(hi, pos):g}",
                                     "× 1/2" if pos == "C" else "× 2/3")
        else:
            key, lo_t, hi_t, rule = ("ld_qualifier_ip", innings_text(qualified_outs(lo)),
                                     innings_text(qualified_outs(hi)), "× 1.0")
        value = lo_t if lo == hi else f"{lo_t}–{hi_t}"
        note = "" if self.stat in RATE_STATS else ("  (率の項目のみ)" if ja else "  (rate stats only)")
        return f"{label(key, ja)} {value}  ({label('ld_team_games', ja)} {rule}){note}"

    # ------------------------------------------------------------------ team stats
    def _show_teams(self, v: services.TeamStatsView) -> None:
        """チーム成績: each team's line of the kind, sorted by the chosen column, then each
        league's total and the whole's."""
        from league.season.stats import ASCENDING_STATS
        from tui.services.stats import TEAM_COLUMNS

        ja = self.ja
        kind, stat = self.team_kind, self.team_stat
        cols = TEAM_COLUMNS[kind]
        if stat not in cols:
            stat = self.team_stat = {"batting": "avg", "pitching": "era",
                                     "fielding": "fielding_pct"}[kind]
        self.query_one("#leaders-title", Static).update(
            f"{label('ld_team_stats', ja)}  {label('ld_kind_' + kind, ja)}  "
            f"{stat_name(kind, stat, ja)}  {season_title(None, v.season, ja)}")
        self.query_one("#leaders-qualifier", Static).update(label("ld_team_note", ja))
        t = self.query_one("#leaders-table", DataTable)
        t.clear(columns=True)
        t.add_column(label("rank", ja), key="rank")
        t.add_column(label("team", ja), key="team")
        for c in cols:
            text = stat_name(kind, c, ja)
            t.add_column(f"▼{text}" if c == stat else text, key=c)
        lines = v.lines(kind)
        teams = list(v.groups[-1].teams)

        def value(team: str) -> float:
            x = getattr(lines[team], stat)
            if x is None:
                return float("inf")
            return x if stat in ASCENDING_STATS else -x

        for i, team in enumerate(sorted(teams, key=value), start=1):
            t.add_row(str(i), self.team_name(team),
                      *[stat_text(c, getattr(lines[team], c)) for c in cols], key=team)
        for g in v.groups:
            name = (g.name if ja or not g.name_en else g.name_en) if g.code else label("ld_total", ja)
            t.add_row("", Text(name), *[stat_text(c, getattr(v.totals[g.code][kind], c))
                                        for c in cols], key="total:" + g.code)

    def action_toggle_teams(self) -> None:
        self.showing_teams = not self.showing_teams
        self.refresh_data()
        self.refresh_bindings()

    # ------------------------------------------------------------------ actions
    def action_toggle_kind(self) -> None:
        if self.showing_teams:
            self.team_kind = TEAM_KINDS[(TEAM_KINDS.index(self.team_kind) + 1) % len(TEAM_KINDS)]
            if self.data is not None and self.data.teams is not None:
                self._show_teams(self.data.teams)
            return
        self.kind = KINDS[(KINDS.index(self.kind) + 1) % len(KINDS)]
        self.stat = STATS[self.kind][0]
        self.refresh_data()
        self.refresh_bindings()

    def action_cycle_position(self) -> None:
        """`p` on the fielding boards: every position, then 投手 捕手 一塁手 二塁手 三塁手 遊撃手
        外野手 one board each (NPB's 守備率 boards), then every position again."""
        if self.kind != "fielding":
            return
        i = POSITIONS.index(self.position) if self.position in POSITIONS else 0
        self.position = POSITIONS[(i + 1) % len(POSITIONS)]
        self.refresh_data()

    def action_pick_stat(self) -> None:
        """Choose the column to sort by from a list of every stat of the kind shown."""
        from tui.dialogs.pick_player import PickPlayerDialog
        from tui.services.stats import TEAM_COLUMNS

        ja = self.ja
        kind = self.team_kind if self.showing_teams else self.kind
        stats = TEAM_COLUMNS[kind] if self.showing_teams else tuple(
            dict.fromkeys(STATS[kind] + COLUMNS[kind]))
        current = self.team_stat if self.showing_teams else self.stat

        def chosen(stat: str | None) -> None:
            if stat is not None:
                self.choose_stat(stat)

        self.app.push_screen(PickPlayerDialog(
            label("ld_pick_title", ja),
            [(s, ("▶ " if s == current else "  ") + stat_name(kind, s, ja)) for s in stats]),
            chosen)

    def action_cycle_stat(self, step: int) -> None:
        stats = STATS[self.kind]
        i = stats.index(self.stat) if self.stat in stats else 0
        self.stat = stats[(i + step) % len(stats)]
        self.refresh_data()

    def _part_name(self, ja: bool) -> str:
        """The league shown (リーグ), or both (each its board), or all teams (a league of one)."""
        for code, name, name_en in self.parts:
            if code == self.part:
                return name if ja else (name_en or name)
        return label("ld_both_leagues" if self.parts else "ld_all_teams", ja)

    def action_next_part(self) -> None:
        """`v`: from both leagues' boards to the first league's alone, the other's, both again."""
        if not self.parts:
            return
        choices: list[str | None] = [None] + [c for c, _n, _e in self.parts]
        i = choices.index(self.part) if self.part in choices else 0
        self.part = choices[(i + 1) % len(choices)]
        self.team = None
        self.refresh_data()

    def action_cycle_team(self) -> None:
        choices: list[str | None] = [None, *self.teams]
        i = choices.index(self.team) if self.team in choices else 0
        self.team = choices[(i + 1) % len(choices)]
        self.refresh_data()

    def choose_stat(self, stat: str) -> None:
        """Sort the board by `stat` (a stat of the current kind)."""
        if self.showing_teams:
            self.team_stat = stat
            if self.data is not None and self.data.teams is not None:
                self._show_teams(self.data.teams)
            return
        if stat in STATS[self.kind] or stat in COLUMNS[self.kind]:
            self.stat = stat
            self.refresh_data()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        key = event.column_key.value
        if key and key not in ("rank", "name", "team"):
            self.choose_stat(key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        pid = self._players.get(event.row_key.value or "")
        if event.data_table.id == "leaders-table" and pid and not self.showing_teams:
            self.open_player(pid)

    def open_player(self, pid: str) -> None:
        """Switch to the Players area and show this player there."""
        app = self.app
        app.switch_mode("players")

        def select() -> None:
            screen = app.screen
            if hasattr(screen, "select_player"):
                screen.select_player(pid)

        app.call_after_refresh(select)
