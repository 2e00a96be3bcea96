"""The projector view: big, clear, and nothing secret — never a name next to an amount.

Two uses: F2 on the facilitator's laptop (one screen; space steps the reveal), and
`impact troop projector` in a window of its own, which follows the running event from the
shared database and takes no part in it (no slip entry, no stepping)."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Digits, Static

from tui.services.troop import PublicBoard
from tui.troop.screens.base import TroopScreen
from tui.widgets.footer import KeyFooter

# how often the projector window looks at the shared database
POLL_SECONDS = 1.0


class PublicScreen(TroopScreen):
    """Shows only the service's :class:`PublicBoard` for the event's stage."""

    BINDINGS = [
        Binding("space", "advance", "key_next"),
        Binding("w", "toggle_missing", "key_mp_missing"),
        Binding("f2", "close", "key_mp_facilitator"),
        Binding("escape", "close", "key_mp_facilitator", show=False),
    ]

    def __init__(self, *, follow: bool = False, event_id: int | None = None) -> None:
        super().__init__()
        self.follow = follow           # a projector window of its own
        self.event_id = event_id       # the event it follows (None: the one changed last)
        self.show_missing = False
        self.board: PublicBoard | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="public"):
            yield Static("", id="public-heading")
            with Center():
                yield Digits("", id="public-digits")
            yield Static("", id="public-big")
            yield Static("", id="public-lines")
            yield Static("", id="public-hint")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.follow and action in ("advance", "close"):
            return False   # the projector window only shows; the facilitator runs the event
        return super().check_action(action, parameters)

    def on_mount(self) -> None:
        if self.follow:
            self.poll()
            self.set_interval(POLL_SECONDS, self.poll)
        else:
            self.refresh_view()

    def poll(self) -> None:
        """Load the followed event again from the shared database (projector window)."""
        try:
            self.troop.event = self.troop.service.follow(self.event_id)
        except Exception as error:  # a damaged or deleted event: say so, keep polling
            self.show_board(PublicBoard("Melting Pot", "",
                                        (self.t("mp_pub_cannot", error=error),)))
            return
        self.refresh_view()

    def relabel(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        event = self.troop.event
        if event is None:
            self.show_board(PublicBoard("Melting Pot", "", (self.t("mp_pub_waiting"),)))
            return
        self.show_board(self.troop.service.public_board(event, show_missing=self.show_missing,
                                                        japanese=self.ja))

    def show_board(self, board: PublicBoard) -> None:
        if board == self.board:
            return
        self.board = board
        self.query_one("#public-heading", Static).update(Text(board.heading))
        numeric = board.big.isdigit()
        digits = self.query_one("#public-digits", Digits)
        digits.update(board.big if numeric else "")
        digits.display = numeric
        big = self.query_one("#public-big", Static)
        big.update(Text("" if numeric else board.big))
        big.display = not numeric and bool(board.big)
        self.query_one("#public-lines", Static).update(Text("\n".join(board.lines)))
        self.query_one("#public-hint", Static).update(Text(board.hint))

    def action_toggle_missing(self) -> None:
        self.show_missing = not self.show_missing
        self.refresh_view()

    def action_advance(self) -> None:
        event = self.troop.event
        if event is None or event.stage in ("entry", "finished"):
            self.notify(self.t("mp_nothing_to_reveal"), timeout=2)
            return
        self.troop.advance()
        self.refresh_view()

    async def action_close(self) -> None:
        await self.app.pop_screen()
        self.troop.show_stage()
