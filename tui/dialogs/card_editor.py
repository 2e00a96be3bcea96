"""The card editor: a player's batting and/or pitching card as fields; an impossible card is
refused with the validator's message in the dialog and never leaves it."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from league.cards import CONDITIONS, Player
from league.errors import LeagueError
from tui.labels import label
from tui.services import card_values, check_card

CardEdit = dict[str, dict[str, str]]

_BAT_FIELDS = ("bounds", "BT", "RR", "SR", "DP", "positions", "arm", "block", "lead")
_PIT_FIELDS = (*CONDITIONS, "stability", "innings", "starter", "rest")


class CardEditor(ModalScreen[CardEdit | None]):
    """Edit one player's card; dismisses with {"batting": fields, "pitching": fields} (the
    cards he has) once every field checks, or None when cancelled."""

    DEFAULT_CSS = """
    CardEditor {
        align: center middle;
    }
    #card-editor {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #card-editor VerticalScroll {
        height: auto;
        max-height: 24;
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
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "save", "Save"),
    ]

    def __init__(self, player: Player, japanese: bool = True) -> None:
        super().__init__(classes="-card-editor")
        self.player = player
        self.japanese = japanese
        self.values = card_values(player)

    def compose(self) -> ComposeResult:
        ja = self.japanese
        p = self.player
        with Vertical(id="card-editor"):
            yield Static(f"{label('ce_title', ja)}: {p.name} ({p.team} {p.id})",
                         classes="area-title")
            with VerticalScroll():
                if "batting" in self.values:
                    yield Static(label("ce_batting", ja), classes="card-section")
                    for name in _BAT_FIELDS:
                        yield from self._field("batting", name)
                if "pitching" in self.values:
                    yield Static(label("ce_pitching", ja), classes="card-section")
                    for name in _PIT_FIELDS:
                        yield from self._field("pitching", name)
            yield Static("", id="card-error")
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
            self.query_one("#card-error", Static).update(f"{label('ce_refused', self.japanese)}: {exc}")
            self.app.notify(str(exc), title=label("ce_refused", self.japanese), severity="error",
                            timeout=6)
            return
        self.dismiss(edit)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "card-save":
            self.action_save()
        else:
            self.action_cancel()
