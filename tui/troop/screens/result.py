"""After the battle (facilitator): the full, secret result while the public reveal runs."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from tui.troop.service import step_text

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class ResultScreen(Screen[None]):
    """Who committed what and scored what — for the facilitator only."""

    BINDINGS = [
        Binding("space", "advance", "Next step"),
        Binding("f2", "public", "Projector view"),
        Binding("ctrl+e", "export", "Export CSV, Markdown, record sheet"),
        Binding("f3", "log", "Log"),
        Binding("escape", "leave", "Events"),
    ]

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="result-title", classes="screen-title")
        yield Static("", id="result-summary")
        table: DataTable[str] = DataTable(id="result-table", zebra_stripes=True)
        yield table
        yield Static("", id="reveal-status", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#result-table", DataTable).add_columns(
            "Player", "Slip as read", "Committed", "Points", "Troops left", "Total points")
        self.refresh_view()

    def refresh_view(self) -> None:
        service, event = self.troop.service, self.troop.event
        assert event is not None
        result = service.current_result(event)
        adjusted = (f" (lowered from {result.adjusted_from})"
                    if result.adjusted_from is not None else "")
        self.query_one("#result-title", Static).update(
            f"Round {event.current_round} — facilitator's result (secret)")
        self.query_one("#result-summary", Static).update(Text.assemble(
            f"Strength {result.strength}{adjusted}, enemy force {result.enemy_force}; "
            f"total {result.total}: ", ("VICTORY" if result.victory else "DEFEAT", "bold"),
            f"; average {float(result.average):g}; closest: {', '.join(result.closest)}; "
            f"k = {result.k}"))
        totals = service.points_so_far(event)
        table = self.query_one("#result-table", DataTable)
        table.clear()
        for name in result.players:
            points = str(result.points[name])
            if name in result.cancelled:
                points += " (penalty cancelled)"
            table.add_row(Text(name), Text(result.readings[name].shown), str(result.read[name]), points,
                          str(result.troops_left[name]), str(totals[name]), key=name)
        if event.stage == "reveal":
            steps = service.steps(event)
            upcoming = (f"next: {step_text(steps[event.reveal_step])}"
                        if event.reveal_step < len(steps) else "next: the scoreboard")
            status = f"Public reveal: step {event.reveal_step} of {len(steps)} — {upcoming}"
        else:
            status = ("Scoreboard is up — space starts the next round"
                      if event.current_round < 3 else "Scoreboard is up — space: final ranking")
        self.query_one("#reveal-status", Static).update(Text(status))

    def action_advance(self) -> None:
        stage = self.troop.event.stage if self.troop.event else None
        self.troop.advance()
        assert self.troop.event is not None
        if self.troop.event.stage in ("reveal", "scoreboard") and stage != "scoreboard":
            self.refresh_view()
        else:
            self.troop.show_stage()

    def action_public(self) -> None:
        self.troop.show_public()

    def action_export(self) -> None:
        self.troop.export()

    def action_log(self) -> None:
        self.troop.show_log()

    def action_leave(self) -> None:
        self.app.pop_screen()
