"""A question before something long or lasting (1,000 odds runs, closing a season): y or Enter
does it, n or Esc does not. Dismisses with the answer."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.labels import label
from tui.language import Bilingual
from tui.widgets.footer import KeyFooter


class ConfirmScreen(Bilingual, ModalScreen[bool]):
    """`question_key` is a label key; its text is shown in the app's language (and follows `L`)."""

    DEFAULT_CSS = """
    ConfirmScreen {
        align: center middle;
    }
    #confirm-box {
        width: 60;
        max-width: 100%;
        height: auto;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #confirm-hint {
        color: $text-muted;
    }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "key_yes"),
        Binding("enter", "answer(True)", "key_yes", show=False),
        Binding("n", "answer(False)", "key_no"),
        Binding("escape", "answer(False)", "key_no", show=False),
    ]

    def __init__(self, question_key: str, **values: object) -> None:
        super().__init__()
        self.question_key = question_key
        self.values = values

    def _texts(self) -> tuple[str, str]:
        ja = bool(getattr(self.app, "japanese", False))
        return (label(self.question_key, ja).format(**self.values), label("confirm_keys", ja))

    def compose(self) -> ComposeResult:
        question, hint = self._texts()
        with Vertical(id="confirm-box"):
            yield Static(Text(question), id="confirm-question")
            yield Static(Text(hint), id="confirm-hint")
        yield KeyFooter()

    def relabel(self) -> None:
        question, hint = self._texts()
        self.query_one("#confirm-question", Static).update(Text(question))
        self.query_one("#confirm-hint", Static).update(Text(hint))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
