"""A finished exhibition's box score as text (an exhibition is not stored with the season)."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from tui.language import Bilingual
from tui.widgets.plain import Plain


class BoxTextDialog(Bilingual, ModalScreen[None]):
    """Shows rendered text; Esc or Enter closes."""

    DEFAULT_CSS = """
    BoxTextDialog {
        align: center middle;
    }
    #box-text-scroll {
        width: 110;
        max-width: 100%;
        height: 90%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    """

    BINDINGS = [Binding("escape", "close", "key_close"), Binding("enter", "close", show=False)]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box-text-scroll"):
            yield Plain(self.title_text, classes="section-title")
            yield Plain(self.text, id="box-text-body", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
