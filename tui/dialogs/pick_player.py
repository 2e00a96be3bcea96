"""Pick one player from a list (the bullpen for a pitching change, the bench for a pinch hitter)."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.language import Bilingual
from tui.widgets.plain import Plain


class PickPlayerDialog(Bilingual, ModalScreen[str | None]):
    """Choose a player: Enter picks the highlighted one, Esc cancels (dismisses None)."""

    DEFAULT_CSS = """
    PickPlayerDialog {
        align: center middle;
    }
    #pick-player {
        width: 100;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #pick-player OptionList {
        height: auto;
        max-height: 30;
    }
    """

    BINDINGS = [Binding("escape", "cancel", "key_cancel")]

    def __init__(self, title: str, players: list[tuple[str, Any]]) -> None:
        super().__init__()
        self.title_text = title
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(id="pick-player"):
            yield Plain(self.title_text, classes="section-title")
            # a name is data, never markup ("Ann[/]" neither crashes nor styles the list)
            yield OptionList(*[Option(Text(text) if isinstance(text, str) else text, id=pid)
                               for pid, text in self.players],
                             id="pick-list")

    def on_mount(self) -> None:
        self.query_one("#pick-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
