"""Standings: the Japanese table (試合 勝 敗 分 勝率 ゲーム差 貯金), recent results, next games."""
from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Static

from league.standings import gb_text
from tui import services
from tui.labels import label
from tui.screens.base import AreaScreen
from tui.widgets.table import FitTable


@dataclass
class StandingsData:
    view: services.StandingsView
    recent: list
    upcoming: list
    next_day: object


class StandingsScreen(AreaScreen):
    """順位表 with the tiebreak reasons, the latest results and the next day's games."""

    BINDINGS = [Binding("g", "toggle_gb", "GB from leader/above")]

    def __init__(self) -> None:
        super().__init__()
        self.gb_from = "leader"

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="standings-body"):
            yield Static(id="standings-title", classes="area-title")
            yield FitTable(id="standings-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="standings-tiebreak", classes="note")
            with Horizontal(id="standings-games"):
                with Vertical():
                    yield Static(id="recent-title", classes="section-title")
                    yield FitTable(id="recent-table", cursor_type="row")
                with Vertical():
                    yield Static(id="upcoming-title", classes="section-title")
                    yield FitTable(id="upcoming-table", cursor_type="row")
        yield Footer()

    def action_toggle_gb(self) -> None:
        self.gb_from = "above" if self.gb_from == "leader" else "leader"
        self.refresh_data()

    def load(self) -> StandingsData:
        view = self.call_service(services.standings, games_behind_from=self.gb_from)
        days = self.call_service(services.schedule_days)
        played = [(d, gs) for d, gs in days if any(g.status == "final" for g in gs)]
        pending = [(d, gs) for d, gs in days if any(g.status != "final" for g in gs)]
        recent = played[-1][1] if played else []
        upcoming = [g for g in pending[0][1] if g.status != "final"] if pending else []
        return StandingsData(view, recent, upcoming, pending[0][0] if pending else None)

    def show(self, data: StandingsData) -> None:
        ja = self.app.japanese
        v = data.view
        self.query_one("#standings-title", Static).update(
            f"{v.title}  {v.season}{'年度' if ja else ' season'}  "
            f"{v.final}/{v.games} {'試合消化' if ja else 'games played'}"
            + ("" if self.gb_from == "leader" else ("  (ゲーム差: 直上のチームから)" if ja
                                                    else "  (GB from the team above)")))
        t = self.query_one("#standings-table", DataTable)
        t.clear(columns=True)
        for key in ("rank", "team", "g", "w", "l", "d", "pct", "gb", "savings", "streak", "last10",
                    "rs", "ra"):
            t.add_column(label(key, ja), key=key)
        notes = []
        for r in v.rows:
            pct = f"{r.pct:.3f}".lstrip("0") if r.pct < 1 else "1.000"
            t.add_row(str(r.rank), v.names.get(r.team, r.team), str(r.games), str(r.wins),
                      str(r.losses), str(r.draws), pct, gb_text(r.games_behind), f"{r.savings:+d}",
                      r.streak, r.last10, str(r.runs_for), str(r.runs_against), key=r.team)
            if r.tiebreak:
                notes.append(f"{v.names.get(r.team, r.team)}: {r.tiebreak}")
        self.query_one("#standings-tiebreak", Static).update(
            (label("tiebreak", ja) + ": " + "  ".join(notes)) if notes else "")
        names = v.names
        self.query_one("#recent-title", Static).update(
            label("recent", ja) + (f"  {data.recent[0].day}" if data.recent else ""))
        rt = self.query_one("#recent-table", DataTable)
        rt.clear(columns=True)
        rt.add_columns("#", label("away", ja), label("score", ja), label("home", ja))
        for g in data.recent:
            score = f"{g.away_runs} - {g.home_runs}" if g.status == "final" else "-"
            rt.add_row(str(g.number), names.get(g.away, g.away), score, names.get(g.home, g.home),
                       key=str(g.number))
        self.query_one("#upcoming-title", Static).update(
            label("today", ja) + (f"  {data.next_day}" if data.next_day else ""))
        ut = self.query_one("#upcoming-table", DataTable)
        ut.clear(columns=True)
        ut.add_columns("#", label("away", ja), label("home", ja))
        for g in data.upcoming:
            ut.add_row(str(g.number), names.get(g.away, g.away), names.get(g.home, g.home),
                       key=str(g.number))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "recent-table" and event.row_key.value:
            self.app.open_boxscore(int(event.row_key.value))
