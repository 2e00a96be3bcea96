"""Leaders: batting and pitching leader boards with the qualifiers (規定打席 / 規定投球回),
sorted by the chosen stat, filtered by team; Enter opens the player in the Players area."""
from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Footer, Header, Static

from league.boxscore import innings_text
from league.stats import RATE_STATS, qualified_outs, qualified_pa, stat_text
from tui import services
from tui.labels import label, season_title, stat_name
from tui.screens.base import AreaScreen
from tui.widgets.table import FitTable
from tui.widgets.plain import Plain

STATS = {
    "batting": ("avg", "hr", "rbi", "h", "r", "sb", "obp", "slg", "ops", "bb", "so", "doubles",
                "triples", "tb"),
    "pitching": ("era", "wins", "saves", "hold_points", "so", "whip", "outs", "games", "losses",
                 "holds", "complete_games"),
}
COLUMNS = {
    "batting": ("games", "pa", "avg", "hr", "rbi", "h", "sb", "obp", "ops"),
    "pitching": ("games", "outs", "era", "wins", "losses", "saves", "hold_points", "so", "whip"),
}
LIMIT = 30


@dataclass
class LeadersData:
    view: services.LeadersView
    team_games: dict[str, int]
    names: dict[str, str]


class LeadersScreen(AreaScreen):
    """成績上位: k switches batting / pitching, s / S cycle the stat (or choose a column header),
    t cycles the team filter, Enter opens the player."""

    BINDINGS = [
        Binding("k", "toggle_kind", "key_ld_kind"),
        Binding("s", "cycle_stat(1)", "key_ld_next"),
        Binding("S", "cycle_stat(-1)", "key_ld_prev", show=False),
        Binding("t", "cycle_team", "key_team"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.kind = "batting"
        self.stat = "avg"
        self.team: str | None = None
        self.teams: list[str] = []
        self.data: LeadersData | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="leaders-body"):
            yield Plain(id="leaders-title", classes="area-title")
            yield Plain(id="leaders-qualifier", classes="note")
            yield FitTable(id="leaders-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def load(self) -> LeadersData:
        view = self.call_service(services.leaders, kind=self.kind, stat=self.stat, team=self.team,
                                 limit=LIMIT)
        table = self.call_service(services.standings)
        return LeadersData(view, {r.team: r.games for r in table.rows}, table.names)

    def show(self, data: LeadersData) -> None:
        self.data = data
        self.teams = list(data.names)
        ja = self.app.japanese
        kind, stat = data.view.kind, data.view.stat
        team = (self.team_name(self.team) if self.team else label("ld_all_teams", ja))
        self.query_one("#leaders-title", Static).update(
            f"{label('ld_' + kind, ja)}  {stat_name(kind, stat, ja)}  [{team}]  "
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
        for row in data.view.rows:
            s = row.stats
            cells = [stat_text(c, getattr(s, c)) for c in cols]
            t.add_row(str(row.rank),
                      self.player_name(row.player_id, data.view.names.get(row.player_id)),
                      self.team_name(row.team), *cells, key=row.player_id)
        if not data.view.rows:
            self.query_one("#leaders-qualifier", Static).update(
                self._qualifier(data, ja) + f"  — {label('ld_none', ja)}")

    def _qualifier(self, data: LeadersData, ja: bool) -> str:
        games = ([data.team_games.get(self.team, 0)] if self.team
                 else list(data.team_games.values())) or [0]
        lo, hi = min(games), max(games)
        if self.kind == "batting":
            key, lo_t, hi_t, rule = ("ld_qualifier_pa", f"{qualified_pa(lo):g}",
                                     f"{qualified_pa(hi):g}", "× 3.1")
        else:
            key, lo_t, hi_t, rule = ("ld_qualifier_ip", innings_text(qualified_outs(lo)),
                                     innings_text(qualified_outs(hi)), "× 1.0")
        value = lo_t if lo == hi else f"{lo_t}–{hi_t}"
        note = "" if self.stat in RATE_STATS else ("  (率の項目のみ)" if ja else "  (rate stats only)")
        return f"{label(key, ja)} {value}  ({label('ld_team_games', ja)} {rule}){note}"

    # ------------------------------------------------------------------ actions
    def action_toggle_kind(self) -> None:
        self.kind = "pitching" if self.kind == "batting" else "batting"
        self.stat = STATS[self.kind][0]
        self.refresh_data()

    def action_cycle_stat(self, step: int) -> None:
        stats = STATS[self.kind]
        i = stats.index(self.stat) if self.stat in stats else 0
        self.stat = stats[(i + step) % len(stats)]
        self.refresh_data()

    def action_cycle_team(self) -> None:
        choices: list[str | None] = [None, *self.teams]
        i = choices.index(self.team) if self.team in choices else 0
        self.team = choices[(i + 1) % len(choices)]
        self.refresh_data()

    def choose_stat(self, stat: str) -> None:
        """Sort the board by `stat` (a stat of the current kind)."""
        if stat in STATS[self.kind] or stat in COLUMNS[self.kind]:
            self.stat = stat
            self.refresh_data()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        key = event.column_key.value
        if key and key not in ("rank", "name", "team"):
            self.choose_stat(key)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "leaders-table" and event.row_key.value:
            self.open_player(event.row_key.value)

    def open_player(self, pid: str) -> None:
        """Switch to the Players area and show this player there."""
        app = self.app
        app.switch_mode("players")

        def select() -> None:
            screen = app.screen
            if hasattr(screen, "select_player"):
                screen.select_player(pid)

        app.call_after_refresh(select)
