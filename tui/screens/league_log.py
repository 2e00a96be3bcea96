"""The league's news on a shared league: the audit log the database writes, newest first,
filtered by team (`t`) and kind of change (`k`); Esc goes back."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Static

from league.errors import LeagueError
from league.visible import visible
from tui import services
from tui.labels import label
from tui.screens.base import AreaScreen
from tui.services.sharing import KINDS
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

ALL_KINDS = (None, *sorted(set(KINDS.values())), "other")


class LeagueLogScreen(AreaScreen):
    """変更履歴 / League log: who changed what, when, before and after."""

    BINDINGS = [
        Binding("t", "cycle_team", "key_team"),
        Binding("k", "cycle_kind", "key_kind"),
        Binding("escape", "app.pop_screen", "key_back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.team: str | None = None
        self.kind: str | None = None
        self.teams: list[str] = []
        self.entries: list = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="log-title", classes="area-title")
        yield FitTable(id="log-table", cursor_type="row", zebra_stripes=True)
        yield Plain(id="log-detail")
        yield KeyFooter()

    def load(self):
        teams = [t.code for t in self.call_service(services.season_league).teams]
        try:
            entries = services.league_log(self.app.db, team=self.team, kind=self.kind, limit=500)
        except LeagueError as exc:
            return teams, [], str(exc)
        return teams, entries, ""

    def show(self, data) -> None:
        self.teams, self.entries, problem = data
        ja = self.app.japanese
        who = getattr(self.app, "access", None)
        connected = f"  — {who.describe(ja)}" if who is not None and who.role else ""
        filters = f"  [{self.team or label('log_all_teams', ja)} / {self.kind or label('log_all_kinds', ja)}]"
        title = Text(f"{label('league_log', ja)}{filters}{connected}")
        self.query_one("#log-title", Static).update(title)
        t = self.query_one("#log-table", DataTable)
        t.clear(columns=True)
        t.add_columns(label("log_when", ja), label("log_who", ja), label("log_what", ja),
                      label("log_kind", ja), label("team", ja), label("log_changed", ja))
        for e in self.entries:
            # names and values come from the database: shown as text, never markup
            t.add_row(e.at.strftime("%m-%d %H:%M:%S"), Text(e.who), Text(f"{e.op} {e.table}"),
                      e.kind, Text(",".join(e.teams)), Text(", ".join(e.changed)[:60]),
                      key=str(e.id))
        self.query_one("#log-detail", Static).update(Text(visible(problem)))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = event.row_key.value if event.row_key is not None else None
        entry = next((e for e in self.entries if str(e.id) == key), None)
        if entry is None:
            return
        if entry.changed:
            parts = [f"{name}: {(entry.before or {}).get(name)!r} → {(entry.after or {}).get(name)!r}"
                     for name in entry.changed]
        else:
            row = entry.after or entry.before or {}
            parts = [f"{name}: {value!r}" for name, value in row.items()]
        self.query_one("#log-detail", Static).update(Text(visible(visible("\n".join(parts)[:2000]))))

    def action_cycle_team(self) -> None:
        options = [None, *self.teams]
        self.team = options[(options.index(self.team) + 1) % len(options)] if self.team in options else None
        self.refresh_data()

    def action_cycle_kind(self) -> None:
        self.kind = ALL_KINDS[(ALL_KINDS.index(self.kind) + 1) % len(ALL_KINDS)]
        self.refresh_data()
