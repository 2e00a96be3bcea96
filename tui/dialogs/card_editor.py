"""The card editor: a player's batting and/or pitching card as fields; an impossible card is
refused with the validator's message in the dialog and never leaves it."""
from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static
from textual.worker import Worker, WorkerState

from league.engine.cards import CONDITIONS, Player
from league.errors import LeagueError
from league.visible import visible
from tui.labels import label
from tui.language import Bilingual
from tui.refusals import refusal
from tui.services import card_values, check_card
from tui.services.cards import card_from_line
from tui.widgets.plain import Plain

CardEdit = dict[str, dict[str, str]]

_BAT_FIELDS = ("bounds", "BT", "RR", "SR", "DP", "positions", "arm", "block", "lead")
_PIT_FIELDS = (*CONDITIONS, "stability", "innings", "starter", "rest")
# the fields a stat line fills (positions and catcher ratings stay as they are)
_FROM_LINE = {"batting": ("bounds", "BT", "RR", "SR", "DP"), "pitching": _PIT_FIELDS}
_PITCHING_KEYS = {"ip", "ipouts", "投球回", "打者", "bfp", "bf", "er", "自責点", "登板", "先発",
                  "gs", "w", "l", "勝利", "敗北", "sv", "セーブ"}


def parse_stat_line(text: str) -> dict[str, str]:
    """ "打席=520 打数=460 安打=130" (or with commas) → {"打席": "520", …}; innings keep their
    space when quoted as IP=143_1/3 or written 143.1."""
    out: dict[str, str] = {}
    for tok in text.replace(",", " ").replace("、", " ").split():
        if "=" not in tok:
            raise LeagueError(f"{tok!r} is not KEY=VALUE (e.g. 打席=520 or PA=520)")
        k, v = tok.split("=", 1)
        if not k.strip() or not v.strip():
            raise LeagueError(f"{tok!r} is not KEY=VALUE (e.g. 打席=520 or PA=520)")
        out[k.strip()] = v.strip().replace("_", " ")
    if not out:
        raise LeagueError("type the season line first, e.g. 打席=520 打数=460 安打=130 本塁打=15")
    return out


class CardEditor(Bilingual, ModalScreen[CardEdit | None]):
    """Edit one player's card; dismisses with {"batting": fields, "pitching": fields} (the
    cards he has) once every field checks, or None when cancelled."""

    DEFAULT_CSS = """
    CardEditor {
        align: center middle;
    }
    #card-editor {
        width: 76;
        max-width: 100%;
        height: 100%;
        max-height: 40;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    /* the fields scroll between the title and the buttons: Save stays on screen at 80x24 */
    #card-editor VerticalScroll {
        height: 1fr;
    }
    #card-editor .field {
        height: 1;
        margin: 0 0 1 0;
    }
    #card-editor .field Label {
        width: 34;
        padding: 0 1 0 0;
    }
    #card-editor .field Input {
        width: 1fr;
    }
    #card-editor .card-section {
        text-style: bold;
        color: $accent;
        padding: 1 0 0 0;
    }
    #card-error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    #card-buttons {
        height: 3;
        align-horizontal: right;
    }
    """

    BINDINGS = [
        Binding("escape", "cancel", "key_cancel"),
        Binding("ctrl+s", "save", "key_save"),
        Binding("ctrl+l", "stat_line", "key_stat_line"),
    ]

    def __init__(self, player: Player, japanese: bool = True) -> None:
        super().__init__(classes="-card-editor")
        self.player = player
        self._japanese = japanese
        self.values = card_values(player)
        self._line = ""

    @property
    def japanese(self) -> bool:
        """The app's language (the one given when the editor stands alone)."""
        return bool(getattr(self.app, "japanese", self._japanese)) if self.is_attached \
            else self._japanese

    def relabel(self) -> None:
        """The language changed: draw the editor again, keeping what was typed."""
        for kind, fields in self.collect().items():
            self.values[kind].update(fields)
        self._line = self.query_one("#f-statline", Input).value
        self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        ja = self.japanese
        p = self.player
        name = p.name if ja or not p.name_en else p.name_en
        with Vertical(id="card-editor"):
            names = getattr(self.app, "league_names", None)    # the team in the chosen language
            team = names().team(p.team, ja) if names is not None else p.team
            yield Plain(f"{label('ce_title', ja)}: {name} ({team} {p.id})",
                         classes="area-title")
            with VerticalScroll():
                if "batting" in self.values:
                    yield Plain(label("ce_batting", ja), classes="card-section")
                    for name in _BAT_FIELDS:
                        yield from self._field("batting", name)
                if "pitching" in self.values:
                    yield Plain(label("ce_pitching", ja), classes="card-section")
                    for name in _PIT_FIELDS:
                        yield from self._field("pitching", name)
                yield Plain(label("ce_statline", ja), classes="card-section")
                yield Input(self._line, id="f-statline", compact=True,
                            placeholder=label("ce_statline_hint", ja))
            yield Plain("", id="card-error")
            with Horizontal(id="card-buttons"):
                yield Button(label("ce_save", ja), id="card-save", variant="primary")
                yield Button(label("ce_cancel", ja), id="card-cancel")

    def _field(self, kind: str, name: str) -> ComposeResult:
        ja = self.japanese
        text = {"bounds": label("ce_bounds", ja), "positions": label("ce_positions", ja),
                "arm": label("ce_arm", ja), "block": label("ce_block", ja),
                "lead": label("ce_lead", ja), "stability": label("tm_stability", ja),
                "innings": label("tm_innings", ja), "starter": label("tm_start", ja),
                "rest": label("tm_rest", ja)}.get(name, name)
        if name in CONDITIONS:
            text = f"{label('ce_row', ja)} {name}  BS* BS+ BS BB X G IF K"
        with Horizontal(classes="field"):
            yield Label(text)
            yield Input(self.values[kind].get(name, ""), id=f"f-{kind}-{name}", compact=True)

    def on_mount(self) -> None:
        first = self.query(Input)
        if first:
            first.first().focus()

    def collect(self) -> CardEdit:
        return {kind: {name: self.query_one(f"#f-{kind}-{name}", Input).value
                       for name in (_BAT_FIELDS if kind == "batting" else _PIT_FIELDS)}
                for kind in self.values}

    def action_save(self) -> None:
        edit = self.collect()
        what = f"{self.player.name} ({self.player.id})"
        try:
            for kind, fields in edit.items():
                check_card(kind, fields, what)
        except LeagueError as exc:
            said = refusal(str(exc), self.japanese)
            self.query_one("#card-error", Static).update(
                Text(visible(f"{label('ce_refused', self.japanese)}: {said}")))
            self.app.notify(said, title=label("ce_refused", self.japanese), severity="error",
                            timeout=6)
            return
        self.dismiss(edit)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "f-statline":
            self.fill_from_line(event.value)
            return
        self.action_save()

    # -- from a stat line ----------------------------------------------------------------------
    def action_stat_line(self) -> None:
        self.query_one("#f-statline", Input).focus()

    def fill_from_line(self, text: str) -> None:
        """Make the card from the season line typed in (a thread worker: the generator solves
        the card) and put it in the fields; nothing is saved until Save."""
        try:
            line = parse_stat_line(text)
        except LeagueError as exc:
            self._refused(str(exc))
            return
        keys = {k.lower() for k in line}
        if "pitching" in self.values and ("batting" not in self.values or keys & _PITCHING_KEYS):
            kind = "pitching"
        elif "batting" in self.values:
            kind = "batting"
        else:
            return
        p = self.player
        self._make(kind, line, p.bats, p.throws)

    @work(thread=True, exclusive=True, group="stat-line", exit_on_error=False)
    def _make(self, kind: str, line: dict[str, str], bats: str, throws: str
              ) -> tuple[str, dict[str, dict[str, str]] | str]:
        try:
            return kind, card_from_line(kind, line, bats=bats, throws=throws)
        except LeagueError as exc:   # a line the generator cannot read: said in the dialog
            return kind, str(exc)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "stat-line":
            return
        if event.state == WorkerState.ERROR:
            self._refused(str(event.worker.error))
        elif event.state == WorkerState.SUCCESS and event.worker.result is not None:
            kind, values = event.worker.result
            if isinstance(values, str):
                self._refused(values)
                return
            for name in _FROM_LINE[kind]:
                if name in values.get(kind, {}):
                    self.query_one(f"#f-{kind}-{name}", Input).value = values[kind][name]
            self.query_one("#card-error", Static).update(label("ce_filled", self.japanese))

    def _refused(self, message: str) -> None:
        self.query_one("#card-error", Static).update(
            Text(visible(f"{label('ce_refused', self.japanese)}: {refusal(message, self.japanese)}")))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "card-save":
            self.action_save()
        else:
            self.action_cancel()
