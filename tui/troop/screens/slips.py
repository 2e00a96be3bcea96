"""Slip entry (facilitator): type each slip as written; see how it was read; the number hides."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static

from league.melting_pot import ROUNDS, MeltingPotError
from tui.troop.service import TroopInputError, slip_mark, slip_warning

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class SlipEntryScreen(Screen[None]):
    """One round's slips. The table only says whether a slip is in, never what it said."""

    BINDINGS = [
        Binding("up", "move(-1)", "Previous player"),
        Binding("down", "move(1)", "Next player"),
        # F5, not Ctrl+B: tmux takes Ctrl+B (and screen Ctrl+A) for itself
        Binding("f5", "battle", "Battle!"),
        Binding("f2", "public", "Projector view"),
        Binding("f3", "log", "Log"),
        Binding("f4", "players", "Players"),
        Binding("ctrl+l", "lower", "Lower round-3 strength"),
        Binding("escape", "leave", "Events"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="round-info", classes="screen-title")
        table: DataTable[str] = DataTable(id="slips", cursor_type="row", zebra_stripes=True)
        table.can_focus = False
        yield table
        yield Static("", id="current-player")
        yield Input(placeholder="the slip as written (empty = blank slip), then enter",
                    id="slip")
        yield Static("", id="reading", classes="reading")
        yield Static("", id="message", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#slips", DataTable)
        table.add_columns("Seat", "Player", "Troops left", "Slip")
        event = self.troop.event
        assert event is not None
        missing = self.troop.service.missing_slips(event)
        self.cursor = event.setup.players.index(missing[0]) if missing else 0
        self.refresh_view()
        self.query_one("#slip", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "lower":
            event = self.troop.event
            return event is not None and event.current_round == ROUNDS
        return True

    @property
    def player(self) -> str:
        assert self.troop.event is not None
        return self.troop.event.setup.players[self.cursor]

    def refresh_view(self) -> None:
        service, event = self.troop.service, self.troop.event
        assert event is not None
        strength = service.strength(event)
        players = len(event.setup.players)
        info = (f"Round {event.current_round} of {ROUNDS} — strength {strength.strength},"
                f" enemy force {players * strength.strength}")
        if strength.adjusted_from is not None:
            info += (f" (lowered from {strength.adjusted_from}:"
                     f" enemy force was {players * strength.adjusted_from})")
        self.query_one("#round-info", Static).update(info)

        troops = service.troops_before(event)
        entered = event.slips_of(event.current_round)
        table = self.query_one("#slips", DataTable)
        table.clear()
        for seat, name in enumerate(event.setup.players, start=1):
            table.add_row(str(seat), Text(name), str(troops[name]),
                          slip_mark(entered.get(name)), key=name)
        table.move_cursor(row=self.cursor)
        self.query_one("#current-player", Static).update(Text.assemble(
            "Slip for ", (self.player, "bold"), f" (troops left {troops[self.player]})",
            " — already entered; typing replaces it" if self.player in entered else ""))
        missing = service.missing_slips(event)
        self.say("All slips are in — F5 fights the battle." if not missing
                 else f"Waiting for {len(missing)} of {players} slips.")

    def say(self, message: str) -> None:
        """A line under the field; names in it are plain text."""
        self.query_one("#message", Static).update(Text(message))

    def action_move(self, step: int) -> None:
        assert self.troop.event is not None
        self.cursor = (self.cursor + step) % len(self.troop.event.setup.players)
        self.query_one("#reading", Static).update("")
        self.refresh_view()

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.value:
            # the last reading disappears as soon as the next slip is typed
            self.query_one("#reading", Static).update("")

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        event = self.troop.event
        assert event is not None
        player, value = self.player, message.value
        try:
            reading = self.troop.service.preview_slip(event, player, value)
        except (TroopInputError, MeltingPotError) as error:
            self.say(str(error))
            return
        warning = slip_warning(player, reading)
        if warning is None:
            self.store_slip(player, value)
            return
        from tui.troop.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.store_slip(player, value)
            else:
                self.say(f"Not recorded: {player}'s slip — correct it and press enter.")
            self.query_one("#slip", Input).focus()

        self.app.push_screen(ConfirmDialog(warning), answered)

    def store_slip(self, player: str, value: str) -> None:
        event = self.troop.event
        assert event is not None
        try:
            event, reading = self.troop.service.enter_slip(event, player, value)
        except (TroopInputError, MeltingPotError) as error:
            self.say(str(error))
            return
        self.troop.event = event
        self.query_one("#slip", Input).value = ""
        self.query_one("#reading", Static).update(Text(f"{player}'s slip read as: {reading.shown}"))
        missing = self.troop.service.missing_slips(event)
        if missing:
            order = event.setup.players
            after = [n for n in order[self.cursor + 1:] + order[: self.cursor + 1] if n in missing]
            self.cursor = order.index(after[0])
        self.refresh_view()

    def action_battle(self) -> None:
        event = self.troop.event
        assert event is not None
        try:
            self.troop.event = self.troop.service.fight(event)
        except (TroopInputError, MeltingPotError) as error:
            self.say(str(error))
            return
        self.troop.show_stage()

    def action_public(self) -> None:
        self.troop.show_public()

    def action_lower(self) -> None:
        from tui.troop.screens.dialogs import ConfirmDialog
        from tui.troop.screens.override import LowerStrengthDialog

        event = self.troop.event
        assert event is not None
        slips_in = self.troop.service.slips_in(event)

        def lowered(text: str | None) -> None:
            if text is None or self.troop.event is None:
                return
            try:
                self.troop.event = self.troop.service.lower_round3(
                    self.troop.event, text, confirmed=True)
            except (TroopInputError, MeltingPotError) as error:
                self.say(str(error))
                return
            self.refresh_view()

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(LowerStrengthDialog(), lowered)

        if slips_in:
            self.app.push_screen(ConfirmDialog(
                f"{slips_in} slips are already in, chosen against strength "
                f"{self.troop.service.strength(event).strength}. Change the round-3 strength"
                " anyway? (The change is kept in the event's log.)"), confirmed)
        else:
            self.app.push_screen(LowerStrengthDialog(), lowered)

    def action_log(self) -> None:
        self.troop.show_log()

    def action_players(self) -> None:
        from tui.troop.screens.dialogs import PlayersDialog

        event = self.troop.event
        assert event is not None
        current = self.player

        def edited(players: list[tuple[str, str]] | None) -> None:
            if players is None or self.troop.event is None:
                return
            try:
                self.troop.event = self.troop.service.edit_players(self.troop.event, players)
            except (TroopInputError, MeltingPotError) as error:
                self.say(str(error))
                return
            renamed = dict(players)
            order = [new for _, new in players]
            self.cursor = order.index(renamed[current].strip())
            self.refresh_view()

        self.app.push_screen(PlayersDialog(
            event.setup.players, "Players: edit a name in place; shift+↑/↓ moves a seat",
            "enter: next field — ctrl+s: save — esc: cancel"), edited)

    def action_leave(self) -> None:
        self.app.pop_screen()
