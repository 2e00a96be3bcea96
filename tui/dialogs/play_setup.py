"""Before a game at the keyboard: which sides you manage and who rolls the dice; for an
exhibition also the two teams. Single keys: a / h / b sides, c / t dice, Enter starts."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.host import LeagueApp
from tui.labels import label
from tui.language import Bilingual
from tui.widgets.footer import KeyFooter
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

    app = getters.app(LeagueApp)

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
    #play-setup-teams .play-setup-side {
        width: 1fr;
        height: auto;
    }
    #play-setup-teams OptionList {
        height: 10;
    }
    #play-setup-teams .side-head {
        text-style: bold;
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
                 people: tuple[int, ...] = (1,), dice: str = "computer",
                 sides: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.teams = teams
        self.people = people
        self.dice = dice
        self.sides = sides          # a scheduled game's (away, home) names

    def compose(self) -> ComposeResult:
        with Vertical(id="play-setup"):
            yield Plain(self.title_text, classes="section-title")
            if self.teams:
                with Horizontal(id="play-setup-teams"):
                    with Vertical(classes="play-setup-side"):
                        yield Plain(id="away-head", classes="side-head")
                        yield OptionList(*[Option(Text(f"{code}  {name}"), id=code)
                                           for code, name in self.teams], id="away-team")
                    with Vertical(classes="play-setup-side"):
                        yield Plain(id="home-head", classes="side-head")
                        yield OptionList(*[Option(Text(f"{code}  {name}"), id=code)
                                           for code, name in self.teams], id="home-team")
            yield Plain(id="play-setup-choice")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self.teams:
            self.query_one("#away-team", OptionList).highlighted = 0
            self.query_one("#home-team", OptionList).highlighted = min(1, len(self.teams) - 1)
            self.query_one("#away-team", OptionList).focus()
        self._redraw()

    def relabel(self) -> None:
        self._redraw()

    def _side_names(self) -> tuple[str, str] | None:
        if self.sides is not None:
            return self.sides
        if self.teams and self.is_mounted:
            away, home = self._team("#away-team"), self._team("#home-team")
            names = dict(self.teams)
            if away is not None and home is not None:
                return (f"{away} {names.get(away, '')}".strip(), f"{home} {names.get(home, '')}".strip())
        return None

    def _redraw(self) -> None:
        ja = self.app.japanese
        t = Text()
        sides = self._side_names()
        if self.teams:
            self.query_one("#away-head", Static).update(label("su_away_pick", ja))
            self.query_one("#home-head", Static).update(label("su_home_pick", ja))
        if sides is not None:
            t.append(label("su_away", ja) + ": ", style="bold")
            t.append(sides[0] + "\n")
            t.append(label("su_home", ja) + ": ", style="bold")
            t.append(sides[1] + "\n\n")
        who = {(0,): "su_you_away", (1,): "su_you_home", (0, 1): "su_you_both"}
        t.append(label("su_you_manage", ja) + ": ", style="bold")
        manage = label(who.get(self.people, "su_you_home"), ja)
        if sides is not None and len(self.people) == 1:
            manage += f" ({sides[self.people[0]]})"
        t.append(manage + "   (a / h / b)\n")
        t.append(label("su_dice", ja) + ": ", style="bold")
        t.append(label("su_dice_computer" if self.dice == "computer" else "su_dice_typed", ja)
                 + "   (c / t)\n")
        t.append(label("su_start", ja), style="dim")
        self.query_one("#play-setup-choice", Static).update(t)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._redraw()

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
                self.notify(label("su_two_teams", self.app.japanese), severity="warning", timeout=4)
                return
        self.dismiss(PlayChoice(self.people, self.dice, away, home))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        # Enter in a team list moves on to the other list rather than starting
        event.stop()
        if event.option_list.id == "away-team":
            self.query_one("#home-team", OptionList).focus()
