"""A commissioner's transaction from the app: trade, release, sign or move. The dialog stores it
through the services (checked whole there) and stays open with the one-line reason when it is
refused; it dismisses with the news item when stored, None when cancelled."""
from __future__ import annotations

import re
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from league.visible import visible
from tui import services
from tui.labels import label
from tui.language import Bilingual
from tui.messages import EditRefused, TransactionStored
from tui.refusals import refusal
from tui.widgets.plain import Plain

FIELDS = ("tx_kind", "tx_players", "tx_team", "tx_other", "tx_for", "tx_note")


class TransactionDialog(Bilingual, ModalScreen["services.NewsItem | None"]):
    """Fields: kind (trade / release / sign / move), players (ids or names, comma separated),
    team, the other team and the players it gives (trade), a note. Enter or Ctrl+S stores."""

    DEFAULT_CSS = """
    TransactionDialog {
        align: center middle;
    }
    #tx-dialog {
        width: 76;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $accent;
        background: $panel;
        padding: 0 1;
    }
    #tx-dialog .field {
        height: 1;
        margin: 0 0 1 0;
    }
    #tx-dialog .field Label {
        width: 26;
    }
    #tx-dialog .field Input {
        width: 1fr;
        height: 1;
        border: none;
        padding: 0;
    }
    #tx-error {
        color: $error;
        text-style: bold;
        height: auto;
    }
    """

    BINDINGS = [
        Binding("escape", "cancel", "key_cancel"),
        Binding("ctrl+s", "save", "key_save"),
    ]

    def __init__(self, db: Any, league: str | None, japanese: bool = True) -> None:
        super().__init__()
        self.db = db
        self.league = league
        self.japanese = japanese

    def compose(self) -> ComposeResult:
        ja = self.japanese
        with Vertical(id="tx-dialog"):
            yield Plain(label("tx_title", ja), classes="section-title")
            for key in FIELDS:
                with Horizontal(classes="field"):
                    yield Label(label(key, ja))
                    yield Input(id=key.replace("_", "-"),
                                placeholder=label(key + "_hint", ja) if key + "_hint" in
                                _HINTS else "")
            yield Plain(id="tx-error")

    def on_mount(self) -> None:
        self.query_one("#tx-kind", Input).focus()

    def value(self, key: str) -> str:
        return self.query_one(f"#{key.replace('_', '-')}", Input).value.strip()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        kind = self.value("tx_kind").lower()

        def split(text: str) -> list[str]:
            return [p.strip() for p in text.replace("、", ",").split(",") if p.strip()]

        self._store(kind, split(self.value("tx_players")), self.value("tx_team") or None,
                    self.value("tx_other") or None, split(self.value("tx_for")),
                    self.value("tx_note"))

    @work(thread=True, exclusive=True, group="transaction")
    def _store(self, kind: str, players: list[str], team: str | None, other: str | None,
               others: list[str], note: str) -> None:
        try:
            item = services.transact(self.db, kind, players=players, team=team, other_team=other,
                                     others=others, note=note, league=self.league)
        except Exception as exc:  # noqa: BLE001 - a broken database is shown, not a crash
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(TransactionStored(item))

    def on_transaction_stored(self, message: TransactionStored) -> None:
        message.stop()
        self.dismiss(message.item)

    def on_edit_refused(self, message: EditRefused) -> None:
        message.stop()
        from rich.text import Text
        self.query_one("#tx-error", Static).update(
            Text(visible(in_the_dialog(refusal(message.text, self.japanese), self.japanese))))

    def action_cancel(self) -> None:
        self.dismiss(None)


# the command's options a refusal names (the services' words are the CLI's), as this dialog's fields
_FIELD_OF_OPTION = {"--team": "tx_team", "--with": "tx_other", "--for": "tx_for"}


def in_the_dialog(text: str, japanese: bool) -> str:
    """A refusal as the dialog's user reads it: `impact transaction`'s options it names
    (`--with`) become the fields he fills ("the Other team field", 「相手チーム」欄)."""
    def field(match: re.Match[str]) -> str:
        name = label(_FIELD_OF_OPTION[match.group(0)], japanese).removesuffix(" (trade)")
        return f"「{name}」欄" if japanese else f"the {name} field"

    return re.sub(r"--(?:team|with|for)\b", field, text)


_HINTS = {"tx_kind_hint", "tx_players_hint", "tx_team_hint", "tx_other_hint", "tx_for_hint"}
