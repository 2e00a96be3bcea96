"""Saved games at the keyboard: Enter resumes the highlighted one, x abandons it."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import getters
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.host import LeagueApp
from tui.labels import label
from tui.language import Bilingual
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain


def where_text(where: list[int] | None, ja: bool) -> str:
    """Where a saved game stands: "7回表 2死" / "Top 7, 2 out" (— when an older version saved it)."""
    if not where:
        return "—"
    inning, half, outs = where[0], where[1], where[2]
    if ja:
        return f"{inning}回{'表' if half == 0 else '裏'} {outs}死"
    return f"{'Top' if half == 0 else 'Bottom'} {inning}, {outs} out"


def game_line(g: Any, ja: bool, team: Any) -> str:
    """One saved game: number, teams and score, inning, who manages, when it was saved."""
    what = f"#{g.number}" if g.number is not None else label("gm_exhibition", ja)
    who = label({(0,): "su_you_away", (1,): "su_you_home", (0, 1): "su_you_both"}.get(
        tuple(g.people), "su_you_home"), ja)
    where = g.log.where
    score = f" {where[3]}-{where[4]} " if where else " @ "
    return (f"{what}  {team(g.away, ja)}{score}{team(g.home, ja)}  {where_text(where, ja)}"
            f"  ({label('su_you_manage', ja)}: {who})  {g.updated_at:%Y-%m-%d %H:%M}")


class ResumeGameDialog(Bilingual, ModalScreen[tuple[str, int] | None]):
    """Dismisses ("resume", id), ("abandon", id) or None."""

    app = getters.app(LeagueApp)

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

    def __init__(self, games: list, names: Any = None) -> None:
        super().__init__()
        self.games = games
        self.names = names       # a NameBook (services.name_book), or None: the team codes

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-game"):
            yield Plain(id="resume-title", classes="section-title")
            yield OptionList(id="resume-list")
        yield KeyFooter()

    def _team(self, code: str, ja: bool) -> str:
        return self.names.team(code, ja) if self.names is not None else code

    def relabel(self) -> None:
        ja = self.app.japanese
        self.query_one("#resume-title", Static).update(label("rs_title", ja))
        ol = self.query_one("#resume-list", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ol.add_options([Option(Text(game_line(g, ja, self._team)), id=str(g.id)) for g in self.games])
        if self.games:
            ol.highlighted = keep if keep is not None and keep < len(self.games) else 0

    def on_mount(self) -> None:
        self.relabel()
        self.query_one("#resume-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(("resume", int(event.option.id or 0)))

    def action_abandon(self) -> None:
        ol = self.query_one("#resume-list", OptionList)
        if ol.highlighted is not None:
            self.dismiss(("abandon", int(ol.get_option_at_index(ol.highlighted).id or 0)))

    def action_cancel(self) -> None:
        self.dismiss(None)
