"""The final ranking (facilitator): points + troops left = score, the winners, exports."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Static

from league.troop.rules import ranking, winners
from tui.troop.screens.base import TroopScreen
from tui.widgets.footer import KeyFooter


class FinalScreen(TroopScreen):
    """The end of the game."""

    BINDINGS = [
        Binding("ctrl+e", "export", "key_mp_export"),
        Binding("f3", "log", "key_mp_log"),
        Binding("f2", "public", "key_mp_projector"),
        Binding("escape", "leave", "key_mp_events"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.t("mp_final_title"), id="final-title", classes="screen-title")
        yield Static("", id="winners")
        yield DataTable(id="final-table", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()

    def relabel(self) -> None:
        self.query_one("#final-title", Static).update(self.t("mp_final_title"))
        self.refresh_view()

    def refresh_view(self) -> None:
        event = self.troop.event
        assert event is not None
        final = self.troop.service.final(event)
        best = winners(final)
        self.query_one("#winners", Static).update(Text.assemble(
            self.t("mp_winners" if len(best) > 1 else "mp_winner"), (", ".join(best), "bold")))
        table = self.query_one("#final-table", DataTable)
        table.clear(columns=True)
        table.add_columns(self.t("mp_col_place"), self.t("mp_col_player"),
                          self.t("mp_col_points"), self.t("mp_col_troops"),
                          self.t("mp_col_score"))
        for place, name, score in ranking({n: f.score for n, f in final.items()}):
            table.add_row(str(place), Text(name), str(final[name].points),
                          str(final[name].troops_left), str(score), key=name)

    def action_export(self) -> None:
        self.troop.export()

    def action_public(self) -> None:
        self.troop.show_public()

    def action_log(self) -> None:
        self.troop.show_log()

    def action_leave(self) -> None:
        self.app.pop_screen()
