"""Small dialogs of the event app: confirm a doubtful slip or change, the event's log, and the
players' names and seats after setup. Names are data: always shown as plain text."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui.language import Bilingual
from tui.services.troop import LogEntry


class ConfirmDialog(Bilingual, ModalScreen[bool]):
    """A question answered with y (or enter) / n (or escape)."""

    BINDINGS = [
        Binding("y", "answer(True)", "key_yes"),
        Binding("enter", "answer(True)", "key_yes", show=False),
        Binding("n", "answer(False)", "key_no"),
        Binding("escape", "answer(False)", "key_no", show=False),
    ]

    def __init__(self, question: str, hint: str = "y / enter: yes — n / esc: no") -> None:
        super().__init__()
        self.question = question
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question), id="confirm-question")
            yield Static(Text(self.hint), classes="hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class LogDialog(Bilingual, ModalScreen[None]):
    """The event's log: corrections, strength changes, renamed or re-seated players."""

    BINDINGS = [Binding("escape", "close", "key_close"), Binding("f3", "close", "key_close", show=False)]

    def __init__(self, title: str, entries: list[LogEntry], empty: str, hint: str) -> None:
        super().__init__()
        self.title_text, self.entries, self.empty, self.hint = title, entries, empty, hint

    def compose(self) -> ComposeResult:
        lines = [f"{e.at:%H:%M}  R{e.round_no}  {e.text}" for e in self.entries]
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text), classes="screen-title")
            with VerticalScroll(id="log-lines"):
                yield Static(Text("\n".join(lines) if lines else self.empty), id="log-text")
            yield Static(Text(self.hint), classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class PlayersDialog(Bilingual, ModalScreen["list[tuple[str, str]] | None"]):
    """Edit names in place; shift+↑/↓ moves the player in the focused field one seat.
    Returns (old name, new name) in the new seating order, or None when cancelled."""

    BINDINGS = [
        Binding("ctrl+s", "save", "key_save", priority=True),
        Binding("shift+up", "move(-1)", "key_mp_seat_up", priority=True),
        Binding("shift+down", "move(1)", "key_mp_seat_down", priority=True),
        Binding("escape", "cancel", "key_cancel"),
    ]

    def __init__(self, players: tuple[str, ...], title: str, hint: str) -> None:
        super().__init__()
        self.order = list(players)              # original names in the current seating
        self.title_text, self.hint = title, hint

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.title_text), classes="screen-title")
            with VerticalScroll(id="player-fields"):
                for seat, name in enumerate(self.order, start=1):
                    yield Label(str(seat), classes="seat-label")
                    yield Input(name, id=f"player-{seat}", classes="player-name")
            yield Static(Text(self.hint), classes="hint")

    def on_mount(self) -> None:
        self.query(Input).first().focus()

    def _fields(self) -> list[Input]:
        return list(self.query(".player-name").results(Input))

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        self.focus_next()

    def action_move(self, step: int) -> None:
        fields = self._fields()
        focused = self.focused
        if not isinstance(focused, Input) or focused not in fields:
            return
        at = fields.index(focused)
        to = at + step
        if not 0 <= to < len(fields):
            return
        values = [f.value for f in fields]
        values[at], values[to] = values[to], values[at]
        self.order[at], self.order[to] = self.order[to], self.order[at]
        for field, value in zip(fields, values):
            field.value = value
        fields[to].focus()

    def action_save(self) -> None:
        self.dismiss([(old, field.value) for old, field in zip(self.order, self._fields())])

    def action_cancel(self) -> None:
        self.dismiss(None)
