"""A small dialog: the facilitator lowers round 3's strength below the rules' value."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from tui.language import Bilingual


class LowerStrengthDialog(Bilingual, ModalScreen[str | None]):
    """Returns the typed strength (empty: back to the rules' value) or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "key_cancel")]

    def __init__(self, prompt: str = "Round 3 strength (lower only; empty = the rules' value),"
                 " then enter") -> None:
        super().__init__()
        self.prompt = prompt

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.prompt)
            yield Input(id="lower-strength", restrict=r"[0-9]*")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.dismiss(message.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
