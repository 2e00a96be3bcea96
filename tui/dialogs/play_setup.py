"""Before a game at the keyboard: which sides you manage and who rolls the dice; for an
exhibition also the two teams. Single keys: a / h / b sides, c / t dice, Enter starts."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from tui.language import Bilingual
from tui.widgets.plain import Plain


@dataclass(frozen=True)
class PlayChoice:
    """What the setup dialog settled: sides managed (0 away, 1 home), dice, and for an
    exhibition the teams."""

    people: tuple[int, ...]
    dice: str                      # computer | typed
    away: str | None = None
    home: str | None = None


class PlaySetupDialog(Bilingual, ModalScreen[PlayChoice | None]):
    """Choose the sides and the dice (and the teams of an exhibition); Esc cancels."""

    DEFAULT_CSS = """
    PlaySetupDialog {
        align: center middle;
    }
    #play-setup {
        width: 80;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #play-setup-teams {
        height: auto;
    }
    #play-setup-teams OptionList {
        width: 1fr;
        height: 10;
    }
    #play-setup-choice {
        height: auto;
        margin: 1 0;
    }
    """

    BINDINGS = [
        Binding("a", "sides('away')", "key_away"),
        Binding("h", "sides('home')", "key_home"),
        Binding("b", "sides('both')", "key_both"),
        Binding("c", "dice('computer')", "key_computer_dice"),
        Binding("t", "dice('typed')", "key_typed_dice"),
        Binding("enter", "start", "key_start", priority=True),
        Binding("escape", "cancel", "key_cancel"),
    ]

    def __init__(self, title: str, *, teams: list[tuple[str, str]] | None = None,
                 people: tuple[int, ...] = (1,), dice: str = "computer") -> None:
        super().__init__()
        self.title_text = title
        self.teams = teams
        self.people = people
        self.dice = dice

    def compose(self) -> ComposeResult:
        with Vertical(id="play-setup"):
            yield Plain(self.title_text, classes="section-title")
            if self.teams:
                with Horizontal(id="play-setup-teams"):
                    yield OptionList(*[Option(f"{code}  {name}", id=code) for code, name in self.teams],
                                     id="away-team")
                    yield OptionList(*[Option(f"{code}  {name}", id=code) for code, name in self.teams],
                                     id="home-team")
            yield Plain(id="play-setup-choice")
        yield Footer()

    def on_mount(self) -> None:
        if self.teams:
            self.query_one("#away-team", OptionList).highlighted = 0
            self.query_one("#home-team", OptionList).highlighted = min(1, len(self.teams) - 1)
            self.query_one("#away-team", OptionList).focus()
        self._redraw()

    def _redraw(self) -> None:
        t = Text()
        sides = {(0,): "ビジター / away", (1,): "ホーム / home", (0, 1): "両方 / both"}
        t.append("采配 / You manage: ", style="bold")
        t.append(sides.get(self.people, "?") + "   (a / h / b)\n")
        t.append("ダイス / Dice: ", style="bold")
        t.append(("自動 / the computer rolls" if self.dice == "computer"
                  else "手入力 / you type each roll") + "   (c / t)\n")
        t.append("Enter 開始 / start   Esc 取消 / cancel", style="dim")
        self.query_one("#play-setup-choice", Static).update(t)

    def action_sides(self, which: str) -> None:
        self.people = {"away": (0,), "home": (1,), "both": (0, 1)}[which]
        self._redraw()

    def action_dice(self, how: str) -> None:
        self.dice = how
        self._redraw()

    def _team(self, wid: str) -> str | None:
        ol = self.query_one(wid, OptionList)
        if ol.highlighted is None:
            return None
        return ol.get_option_at_index(ol.highlighted).id

    def action_start(self) -> None:
        away = home = None
        if self.teams:
            away, home = self._team("#away-team"), self._team("#home-team")
            if away is None or home is None or away == home:
                self.notify("二つの違うチームを選んでください / choose two different teams",
                            severity="warning", timeout=4)
                return
        self.dismiss(PlayChoice(self.people, self.dice, away, home))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Enter in a team list moves on to the other list rather than starting
        event.stop()
        if event.option_list.id == "away-team":
            self.query_one("#home-team", OptionList).focus()
