"""The projector view: big, clear, and nothing secret — never a name next to an amount."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Digits, Footer, Static

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class PublicScreen(Screen[None]):
    """Shows only the service's :class:`PublicBoard` for the event's stage."""

    BINDINGS = [
        Binding("space", "advance", "Next"),
        Binding("f2", "close", "Facilitator view"),
        Binding("escape", "close", "Facilitator view", show=False),
    ]

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    def compose(self) -> ComposeResult:
        with Vertical(id="public"):
            yield Static("", id="public-heading")
            with Center():
                yield Digits("", id="public-digits")
            yield Static("", id="public-big")
            yield Static("", id="public-lines")
            yield Static("", id="public-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        assert self.troop.event is not None
        board = self.troop.service.public_board(self.troop.event)
        self.query_one("#public-heading", Static).update(board.heading)
        numeric = board.big.isdigit()
        digits = self.query_one("#public-digits", Digits)
        digits.update(board.big if numeric else "")
        digits.display = numeric
        big = self.query_one("#public-big", Static)
        big.update("" if numeric else board.big)
        big.display = not numeric
        self.query_one("#public-lines", Static).update("\n".join(board.lines))
        self.query_one("#public-hint", Static).update(board.hint)

    def action_advance(self) -> None:
        event = self.troop.event
        if event is None or event.stage in ("entry", "finished"):
            self.notify("Nothing to reveal now.", timeout=2)
            return
        self.troop.advance()
        self.refresh_view()

    async def action_close(self) -> None:
        await self.app.pop_screen()
        self.troop.show_stage()
