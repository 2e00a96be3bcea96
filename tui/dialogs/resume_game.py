"""Saved games at the keyboard: Enter resumes the highlighted one, x abandons it."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from tui.language import Bilingual
from tui.widgets.plain import Plain


class ResumeGameDialog(Bilingual, ModalScreen[tuple[str, int] | None]):
    """Dismisses ("resume", id), ("abandon", id) or None."""

    DEFAULT_CSS = """
    ResumeGameDialog {
        align: center middle;
    }
    #resume-game {
        width: 80;
        max-width: 100%;
        height: auto;
        max-height: 80%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #resume-list {
        height: auto;
        max-height: 16;
    }
    """

    BINDINGS = [
        Binding("x", "abandon", "key_abandon"),
        Binding("escape", "cancel", "key_cancel"),
    ]

    def __init__(self, games: list, names: dict[str, str] | None = None) -> None:
        super().__init__()
        self.games = games
        self.names = names or {}

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-game"):
            yield Plain("途中の試合 / Saved games", classes="section-title")
            options = []
            for g in self.games:
                what = f"#{g.number}" if g.number is not None else "exhibition"
                who = {(0,): "away", (1,): "home", (0, 1): "both"}.get(tuple(g.people), "")
                options.append(Option(
                    f"{what}  {self.names.get(g.away, g.away)} @ {self.names.get(g.home, g.home)}"
                    f"  ({who}, {g.dice}, {len(g.log.rolls)} rolls)  "
                    f"{g.updated_at:%Y-%m-%d %H:%M}", id=str(g.id)))
            yield OptionList(*options, id="resume-list")
        yield Footer()

    def on_mount(self) -> None:
        ol = self.query_one("#resume-list", OptionList)
        if self.games:
            ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(("resume", int(event.option.id or 0)))

    def action_abandon(self) -> None:
        ol = self.query_one("#resume-list", OptionList)
        if ol.highlighted is not None:
            self.dismiss(("abandon", int(ol.get_option_at_index(ol.highlighted).id or 0)))

    def action_cancel(self) -> None:
        self.dismiss(None)
