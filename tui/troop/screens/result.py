"""After the battle (facilitator): the full, secret result while the public reveal runs."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Static

from tui.services.troop import reading_text, step_text
from tui.troop.screens.base import TroopScreen
from tui.widgets.footer import KeyFooter


class ResultScreen(TroopScreen):
    """Who committed what and scored what — for the facilitator only."""

    BINDINGS = [
        Binding("space", "advance", "key_next_step"),
        Binding("f2", "public", "key_mp_projector"),
        Binding("ctrl+e", "export", "key_mp_export"),
        Binding("f3", "log", "key_mp_log"),
        Binding("escape", "leave", "key_mp_events"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="result-title", classes="screen-title")
        yield Static("", id="result-summary")
        table: DataTable[str] = DataTable(id="result-table", zebra_stripes=True)
        yield table
        yield Static("", id="reveal-status", classes="hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()

    def relabel(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        service, event = self.troop.service, self.troop.event
        assert event is not None
        result = service.current_result(event)
        adjusted = (self.t("mp_result_adjusted", old=result.adjusted_from)
                    if result.adjusted_from is not None else "")
        self.query_one("#result-title", Static).update(
            self.t("mp_result_title", round=event.current_round))
        self.query_one("#result-summary", Static).update(Text.assemble(
            self.t("mp_result_summary", strength=result.strength, adjusted=adjusted,
                   force=result.enemy_force, total=result.total),
            (self.t("mp_victory" if result.victory else "mp_defeat"), "bold"),
            self.t("mp_result_rest", average=f"{float(result.average):g}",
                   closest=", ".join(result.closest), k=result.k)))
        totals = service.points_so_far(event)
        table = self.query_one("#result-table", DataTable)
        table.clear(columns=True)
        table.add_columns(self.t("mp_col_player"), self.t("mp_col_read"),
                          self.t("mp_col_committed"), self.t("mp_col_points"),
                          self.t("mp_col_troops"), self.t("mp_col_total_points"))
        for name in result.players:
            points = str(result.points[name])
            if name in result.cancelled:
                points += self.t("mp_penalty_cancelled")
            table.add_row(Text(name), Text(reading_text(result.readings[name], self.ja)), str(result.read[name]), points,
                          str(result.troops_left[name]), str(totals[name]), key=name)
        if event.stage == "reveal":
            steps = service.steps(event)
            upcoming = (step_text(steps[event.reveal_step], self.ja)
                        if event.reveal_step < len(steps) else self.t("mp_next_scoreboard"))
            status = self.t("mp_reveal_status", step=event.reveal_step, steps=len(steps),
                            next=upcoming)
        else:
            status = self.t("mp_scoreboard_up" if event.current_round < 3
                            else "mp_scoreboard_last")
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
