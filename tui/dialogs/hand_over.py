"""The computer manages the rest: hand one side or both of a game at the keyboard to the computer
manager for the rest of the half-inning, the inning or the game, or take them back.
Single keys: a / h / b the side (when you manage both), 1 / 2 / 3 how long, t take back."""
from __future__ import annotations

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.host import LeagueApp
from tui.labels import label
from tui.language import Bilingual
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain

# what the dialog dismisses: ("give", sides, span), ("take", sides) or None
HandOverChoice = tuple


class HandOverDialog(Bilingual, ModalScreen[HandOverChoice | None]):
    """Choose the sides and how long the computer manages them; Esc cancels."""

    app = getters.app(LeagueApp)

    DEFAULT_CSS = """
    HandOverDialog {
        align: center middle;
    }
    #hand-over {
        width: 64;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #hand-over-text {
        height: auto;
        margin: 1 0 0 0;
    }
    """

    BINDINGS = [
        Binding("a", "sides('away')", "key_away"),
        Binding("h", "sides('home')", "key_home"),
        Binding("b", "sides('both')", "key_both"),
        Binding("1", "give('half')", "key_ho_half"),
        Binding("2", "give('inning')", "key_ho_inning"),
        Binding("3", "give('game')", "key_ho_game"),
        Binding("t", "take", "key_ho_take"),
        Binding("escape", "cancel", "key_cancel"),
    ]

    def __init__(self, people: tuple[int, ...], teams: tuple[str, str],
                 handed: dict[int, str]) -> None:
        super().__init__()
        self.people = tuple(people)
        self.teams = teams
        self.handed = dict(handed)
        self.sides: tuple[int, ...] = self.people

    def compose(self) -> ComposeResult:
        with Vertical(id="hand-over"):
            yield Plain(id="hand-over-title", classes="section-title")
            yield Plain(id="hand-over-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.relabel()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "sides":
            return len(self.people) > 1
        if action == "take":
            return bool(self.handed)
        return True

    def _side_name(self, side: int, ja: bool) -> str:
        where = label("away" if side == 0 else "home", ja)
        return f"{self.teams[side]} ({where})"

    def relabel(self) -> None:
        ja = self.app.japanese
        self.query_one("#hand-over-title", Static).update(label("gm_hand_over_title", ja))
        t = Text()
        for side in self.people:
            span = self.handed.get(side)
            t.append(self._side_name(side, ja) + ": ", style="bold")
            t.append(label("gm_computer_manages", ja) + " — " + label(f"gm_span_{span}", ja)
                     if span else label("gm_you_manage", ja))
            t.append("\n")
        t.append("\n" + label("gm_which_side", ja) + ": ", style="bold")
        t.append(" + ".join(self._side_name(s, ja) for s in self.sides))
        if len(self.people) > 1:
            t.append("   (a / h / b)", style="dim")
        t.append("\n" + label("gm_how_long", ja) + ":\n", style="bold")
        for key, span in (("1", "half"), ("2", "inning"), ("3", "game")):
            t.append(f" {key} ", style="bold reverse")
            t.append(" " + label(f"gm_span_{span}", ja) + "\n")
        if self.handed:
            t.append(" t ", style="bold reverse")
            t.append(" " + label("key_ho_take", ja) + "\n")
        self.query_one("#hand-over-text", Static).update(t)

    def action_sides(self, which: str) -> None:
        self.sides = {"away": (0,), "home": (1,), "both": (0, 1)}[which]
        self.relabel()

    def action_give(self, span: str) -> None:
        self.dismiss(("give", self.sides, span))

    def action_take(self) -> None:
        sides = tuple(s for s in self.sides if s in self.handed) or tuple(self.handed)
        self.dismiss(("take", sides))

    def action_cancel(self) -> None:
        self.dismiss(None)
