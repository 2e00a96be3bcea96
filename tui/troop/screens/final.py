"""The final ranking (facilitator): points + troops left = score, the winners, exports."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from league.melting_pot import ranking, winners

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class FinalScreen(Screen[None]):
    """The end of the game."""

    BINDINGS = [
        Binding("ctrl+e", "export", "Export CSV, Markdown, record sheet"),
        Binding("f3", "log", "Log"),
        Binding("f2", "public", "Projector view"),
        Binding("escape", "leave", "Events"),
    ]

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Final ranking", classes="screen-title")
        yield Static("", id="winners")
        yield DataTable(id="final-table", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        event = self.troop.event
        assert event is not None
        final = self.troop.service.final(event)
        best = winners(final)
        self.query_one("#winners", Static).update(Text.assemble(
            f"Winner{'s' if len(best) > 1 else ''}: ", (", ".join(best), "bold")))
        table = self.query_one("#final-table", DataTable)
        table.add_columns("Place", "Player", "Points", "Troops left", "Score")
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
