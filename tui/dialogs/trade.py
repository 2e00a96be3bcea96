"""A trade from the Teams area (npb_offseason.md §6): your club's players and the other club's in
two lists (space marks a player), `o` offers them and the computer answers at once (accepted and
made, or refused with the reason, shown in the dialog); `[` / `]` change the other club. The
proposals dialog lists the computer's offers to your club: `a` accepts the highlighted one, `x`
refuses it. Both run the services in a thread worker and show their answer; texts in the app's
language (tui.labels, tr_ keys)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from league.visible import visible
from tui import services
from tui.labels import label
from tui.language import Bilingual
from tui.messages import EditRefused, TradeAnswered
from tui.widgets.plain import Plain


def _row(m: Any, ja: bool) -> Text:
    """One player as the lists show him: name, kind, age, worth, foreign, farm (data, not
    markup)."""
    marks = (" " + label("tr_foreign", ja) if m.foreign else "") + (
        " " + label("tr_farm", ja) if m.farm else "")
    return Text(f"{visible(m.name)[:12]:<12} {m.kind:<2} {m.age:>2} {m.worth:+5.1f}{marks}")


def _trade_text(v: Any, ja: bool) -> str:
    gives = "、".join(visible(n) for _p, n in v.gives)
    gets = "、".join(visible(n) for _p, n in v.gets)
    return label("tr_line", ja).format(team=v.team, gives=gives, other=v.other, gets=gets)


def _verdict(v: Any, ja: bool) -> str:
    """成立 / 不成立, or a manager's offer stored for the commissioner's program (a shared
    league)."""
    if v.state == "offered":
        return label("tr_offered", ja)
    return label("tr_accepted" if v.accepted else "tr_refused", ja)


class TradeDialog(Bilingual, ModalScreen[bool]):
    """Your club `team` offers players to another club; dismisses True when a trade was made."""

    DEFAULT_CSS = """
    TradeDialog {
        align: center middle;
    }
    #trade-dialog {
        width: 78;
        max-width: 100%;
        height: 22;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #trade-lists {
        height: 1fr;
    }
    #trade-lists SelectionList {
        width: 1fr;
        height: 1fr;
    }
    #trade-answer {
        height: 3;
    }
    """

    BINDINGS = [
        Binding("o", "offer", "key_trade_offer"),
        Binding("left_square_bracket", "other(-1)", "key_trade_prev"),
        Binding("right_square_bracket", "other(1)", "key_trade_next"),
        Binding("escape", "cancel", "key_cancel"),
    ]

    def __init__(self, db: Any, league: str | None, team: str, teams: Sequence[str],
                 japanese: bool = True) -> None:
        super().__init__()
        self.db, self.league, self.team = db, league, team
        self.teams = [t for t in teams if t != team]
        self.other = self.teams[0] if self.teams else team
        self._japanese = japanese
        self.made = False

    @property
    def ja(self) -> bool:
        """The app's label language now (it may change while the dialog is open)."""
        return bool(getattr(self.app, "japanese", self._japanese))

    def relabel(self) -> None:
        """The language changed: the title again (answers follow at the next one)."""
        self._title()

    def compose(self) -> ComposeResult:
        with Vertical(id="trade-dialog"):
            yield Plain(id="trade-title", classes="section-title")
            with Horizontal(id="trade-lists"):
                yield SelectionList[str](id="trade-mine")
                yield SelectionList[str](id="trade-theirs")
            yield Static(id="trade-answer")

    def on_mount(self) -> None:
        super().on_mount()
        self._load()
        self.query_one("#trade-mine", SelectionList).focus()

    def _title(self) -> None:
        self.query_one("#trade-title", Static).update(Text(label("tr_title", self.ja).format(
            team=self.team, other=self.other)))

    @work(thread=True, exclusive=True, group="trade")
    def _load(self) -> None:
        try:
            mine, theirs = services.trade_rosters(self.db, self.league, team=self.team,
                                                  other=self.other)
        except Exception as exc:  # noqa: BLE001 - a broken database is shown, not a crash
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(TradeAnswered((mine, theirs)))

    def on_trade_answered(self, message: TradeAnswered) -> None:
        message.stop()
        answer = message.answer
        ja = self.ja
        if isinstance(answer, tuple):          # the two rosters
            self._title()
            for sel, view in zip(("#trade-mine", "#trade-theirs"), answer):
                lst = self.query_one(sel, SelectionList)
                lst.clear_options()
                lst.add_options([(_row(m, ja), m.player) for m in view])
            return
        text = _trade_text(answer, ja)
        verdict = _verdict(answer, ja)
        self.query_one("#trade-answer", Static).update(Text(f"{verdict}: {text}\n"
                                                            f"{visible(answer.reason)}"))
        if answer.accepted:
            self.made = True
            self._load()

    def on_edit_refused(self, message: EditRefused) -> None:
        message.stop()
        self.query_one("#trade-answer", Static).update(Text(visible(message.text)))

    def action_offer(self) -> None:
        give = list(self.query_one("#trade-mine", SelectionList).selected)
        get = list(self.query_one("#trade-theirs", SelectionList).selected)
        if not give or not get:
            self.query_one("#trade-answer", Static).update(Text(label("tr_pick_both",
                                                                      self.ja)))
            return
        self._offer(give, get)

    @work(thread=True, exclusive=True, group="trade")
    def _offer(self, give: list[str], get: list[str]) -> None:
        try:
            v = services.trade_offer(self.db, self.league, team=self.team, other=self.other,
                                     give=give, get=get)
        except Exception as exc:  # noqa: BLE001
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(TradeAnswered(v))

    def action_other(self, step: int) -> None:
        if not self.teams:
            return
        self.other = self.teams[(self.teams.index(self.other) + step) % len(self.teams)]
        self.query_one("#trade-answer", Static).update("")
        self._load()

    def action_cancel(self) -> None:
        self.dismiss(self.made)


class ProposalsDialog(Bilingual, ModalScreen[bool]):
    """The computer's proposals to your club `team`: `a` accepts the highlighted one, `x`
    refuses it; dismisses True when a trade was made."""

    DEFAULT_CSS = """
    ProposalsDialog {
        align: center middle;
    }
    #proposals-dialog {
        width: 78;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #proposals-list {
        height: auto;
        max-height: 12;
    }
    #proposals-answer {
        height: auto;
    }
    """

    BINDINGS = [
        Binding("a", "answer(True)", "key_trade_accept"),
        Binding("x", "answer(False)", "key_trade_refuse"),
        Binding("escape", "cancel", "key_cancel"),
    ]

    def __init__(self, db: Any, league: str | None, team: str, japanese: bool = True) -> None:
        super().__init__()
        self.db, self.league, self.team, self._japanese = db, league, team, japanese
        self.proposals: list[Any] = []
        self.made = False

    @property
    def ja(self) -> bool:
        """The app's label language now (it may change while the dialog is open)."""
        return bool(getattr(self.app, "japanese", self._japanese))

    def relabel(self) -> None:
        """The language changed: the title again."""
        self.query_one("#proposals-title", Static).update(
            Text(label("tr_proposals", self.ja).format(team=self.team)))

    def compose(self) -> ComposeResult:
        with Vertical(id="proposals-dialog"):
            yield Plain(label("tr_proposals", self._japanese).format(team=self.team),
                        id="proposals-title", classes="section-title")
            yield OptionList(id="proposals-list")
            yield Static(id="proposals-answer")

    def on_mount(self) -> None:
        super().on_mount()
        self._load()
        self.query_one("#proposals-list", OptionList).focus()

    @work(thread=True, exclusive=True, group="proposals")
    def _load(self) -> None:
        try:
            props = services.trade_proposals(self.db, self.league, team=self.team)
        except Exception as exc:  # noqa: BLE001
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(TradeAnswered(props))

    def on_trade_answered(self, message: TradeAnswered) -> None:
        message.stop()
        ja = self.ja
        if isinstance(message.answer, list):
            self.proposals = message.answer
            lst = self.query_one("#proposals-list", OptionList)
            lst.clear_options()
            lst.add_options([Option(Text(f"{v.number}. {_trade_text(v, ja)}"), id=str(v.number))
                             for v in self.proposals])
            if self.proposals:
                lst.highlighted = 0
            else:
                self.query_one("#proposals-answer", Static).update(Text(label("tr_none", ja)))
            return
        v = message.answer
        verdict = _verdict(v, ja)
        self.query_one("#proposals-answer", Static).update(Text(f"{verdict}: "
                                                                f"{_trade_text(v, ja)}"))
        self.made = self.made or v.accepted
        self._load()

    def on_edit_refused(self, message: EditRefused) -> None:
        message.stop()
        self.query_one("#proposals-answer", Static).update(Text(visible(message.text)))

    def action_answer(self, accept: bool) -> None:
        lst = self.query_one("#proposals-list", OptionList)
        if lst.highlighted is None or not self.proposals:
            return
        self._answer(self.proposals[lst.highlighted].number, accept)

    @work(thread=True, exclusive=True, group="proposals")
    def _answer(self, number: int, accept: bool) -> None:
        try:
            call = services.trade_accept if accept else services.trade_refuse
            v = call(self.db, self.league, team=self.team, number=number)
        except Exception as exc:  # noqa: BLE001
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(TradeAnswered(v))

    def action_cancel(self) -> None:
        self.dismiss(self.made)
