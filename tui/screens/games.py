"""Games: every finished game of the season, the postseason's included; Enter opens its box
score."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable, Header, Input, Static

from tui import services
from tui.labels import label
from tui.screens.base import AreaScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable


class GamesScreen(AreaScreen):
    """試合: finished games, newest first, filtered by a team code or name typed above (typing
    starts the filter; Esc goes back to the list)."""

    AUTO_FOCUS = "#games-table"
    LIST = "#games-table"
    FILTER = "#games-filter"

    def __init__(self) -> None:
        super().__init__()
        self.games: list = []
        self.names: dict[str, str] = {}
        self.series: dict = {}      # a postseason game's number → its series and game in it

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="games-title", classes="area-title")
        yield Input(placeholder=label("gm_filter", self.ja), id="games-filter")
        yield FitTable(id="games-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def load(self):
        days = self.call_service(services.schedule_days, kind=None)   # the postseason's too
        view = self.call_service(services.standings)
        finals = [g for _, gs in days for g in gs if g.status == "final"]
        # a postseason game's series and its number in it, said beside its day
        series = (self.call_service(services.series_games)
                  if any(g.kind == "postseason" for g in finals) else {})
        return list(reversed(finals)), view.names, series

    def show(self, data) -> None:
        self.games, self.names, self.series = data
        ja = self.app.japanese
        self.query_one("#games-title", Static).update(
            f"{label('games', ja)}  {len(self.games)}")
        self.query_one("#games-filter", Input).placeholder = label("gm_filter", ja)
        self._fill()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill()

    def _fill(self) -> None:
        ja = self.app.japanese
        typed = self.query_one("#games-filter", Input).value.strip()
        needle = typed.lower()
        t = self.query_one("#games-table", DataTable)
        t.clear(columns=True)
        t.add_columns("#", label("day", ja), label("away", ja), label("score", ja), label("home", ja))
        shown = 0
        for g in self.games:
            place = self.series.get(g.number)
            day = (label("gm_series", ja).format(day=g.day.isoformat(), name=place.name, n=place.game)
                   if place is not None else g.day.isoformat())
            teams = " ".join((g.away, g.home, self.names.get(g.away, ""), self.names.get(g.home, ""),
                              self.team_name(g.away, full=True),
                              self.team_name(g.home, full=True),
                              place.name if place is not None else "")).lower()
            if needle and needle not in teams:
                continue
            t.add_row(str(g.number), Text(day), self.team_name(g.away),
                      f"{g.away_runs} - {g.home_runs}", self.team_name(g.home),
                      key=str(g.number))
            shown += 1
            if shown >= 2000:  # page beyond what a person scans
                break
        if not shown:   # one line saying why the list is empty, and what to do (no key: not a game)
            empty = (label("gm_no_match", ja).format(text=typed) if self.games
                     else label("gm_none", ja))
            t.add_row(Text(empty), "", "", "", "")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.row_key.value and event.row_key.value.isdigit():
            self.app.open_boxscore(int(event.row_key.value))
