"""Slip entry (facilitator): type each slip as written; see how it was read; the number hides."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Input, Static

from league.troop.rules import ROUNDS, MeltingPotError
from tui.refusals import refusal
from tui.services.troop import TroopInputError, reading_text, slip_mark, slip_warning
from tui.troop.screens.base import TroopScreen
from tui.widgets.footer import KeyFooter


class SlipEntryScreen(TroopScreen):
    """One round's slips. The table only says whether a slip is in, never what it said."""

    BINDINGS = [
        Binding("up", "move(-1)", "key_mp_prev_player"),
        Binding("down", "move(1)", "key_mp_next_player"),
        # F5, not Ctrl+B: tmux takes Ctrl+B (and screen Ctrl+A) for itself
        Binding("f5", "battle", "key_mp_battle"),
        Binding("f2", "public", "key_mp_projector"),
        Binding("f3", "log", "key_mp_log"),
        Binding("f4", "players", "key_mp_players"),
        Binding("ctrl+l", "lower", "key_mp_lower"),
        Binding("escape", "leave", "key_mp_events"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="round-info", classes="screen-title")
        table: DataTable[str] = DataTable(id="slips", cursor_type="row", zebra_stripes=True)
        table.can_focus = False
        yield table
        yield Static("", id="current-player")
        yield Input(placeholder=self.t("mp_slip_placeholder"), id="slip")
        yield Static("", id="reading", classes="reading")
        yield Static("", id="message", classes="hint")
        yield KeyFooter()

    def on_mount(self) -> None:
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
        return super().check_action(action, parameters)

    @property
    def player(self) -> str:
        assert self.troop.event is not None
        return self.troop.event.setup.players[self.cursor]

    def refresh_view(self) -> None:
        service, event = self.troop.service, self.troop.event
        assert event is not None
        strength = service.strength(event)
        players = len(event.setup.players)
        info = self.t("mp_round_info", round=event.current_round, rounds=ROUNDS,
                      strength=strength.strength, force=players * strength.strength)
        if strength.adjusted_from is not None:
            info += self.t("mp_round_lowered", old=strength.adjusted_from,
                           old_force=players * strength.adjusted_from)
        self.query_one("#round-info", Static).update(Text(info))

        troops = service.troops_before(event)
        entered = event.slips_of(event.current_round)
        table = self.query_one("#slips", DataTable)
        table.clear(columns=True)
        table.add_columns(self.t("mp_col_seat"), self.t("mp_col_player"),
                          self.t("mp_col_troops"), self.t("mp_col_slip"))
        for seat, name in enumerate(event.setup.players, start=1):
            table.add_row(str(seat), Text(name), str(troops[name]),
                          slip_mark(entered.get(name), self.ja), key=name)
        table.move_cursor(row=self.cursor)
        self.query_one("#current-player", Static).update(Text.assemble(
            self.t("mp_slip_for"), (self.player, "bold"),
            self.t("mp_troops_left_paren", n=troops[self.player]),
            self.t("mp_already") if self.player in entered else ""))
        missing = service.missing_slips(event)
        self.say(self.t("mp_all_in") if not missing
                 else self.t("mp_waiting", missing=len(missing), players=players))

    def relabel(self) -> None:
        self.query_one("#slip", Input).placeholder = self.t("mp_slip_placeholder")
        self.query_one("#reading", Static).update("")
        self.refresh_view()

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
            self.say(refusal(str(error), self.ja))
            return
        warning = slip_warning(player, reading, self.ja)
        if warning is None:
            self.store_slip(player, value)
            return
        from tui.troop.screens.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.store_slip(player, value)
            else:
                self.say(self.t("mp_not_recorded", player=player))
            self.query_one("#slip", Input).focus()

        self.app.push_screen(ConfirmDialog(warning, self.t("mp_confirm_keys")), answered)

    def store_slip(self, player: str, value: str) -> None:
        event = self.troop.event
        assert event is not None
        try:
            event, reading = self.troop.service.enter_slip(event, player, value)
        except (TroopInputError, MeltingPotError) as error:
            self.say(refusal(str(error), self.ja))
            return
        self.troop.event = event
        self.query_one("#slip", Input).value = ""
        self.query_one("#reading", Static).update(
            Text(self.t("mp_read_as", player=player, shown=reading_text(reading, self.ja))))
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
            self.say(refusal(str(error), self.ja))
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
                self.say(refusal(str(error), self.ja))
                return
            self.refresh_view()

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.app.push_screen(LowerStrengthDialog(self.t("mp_lower_prompt")), lowered)

        if slips_in:
            self.app.push_screen(ConfirmDialog(
                self.t("mp_confirm_lower", n=slips_in,
                       strength=self.troop.service.strength(event).strength),
                self.t("mp_confirm_keys")), confirmed)
        else:
            self.app.push_screen(LowerStrengthDialog(self.t("mp_lower_prompt")), lowered)

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
                self.say(refusal(str(error), self.ja))
                return
            renamed = dict(players)
            order = [new for _, new in players]
            self.cursor = order.index(renamed[current].strip())
            self.refresh_view()

        self.app.push_screen(PlayersDialog(event.setup.players, self.t("mp_players_title"),
                                           self.t("mp_players_hint")), edited)

    def action_leave(self) -> None:
        self.app.pop_screen()
