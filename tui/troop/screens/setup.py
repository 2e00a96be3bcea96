"""Setting up an event: players, the three strengths (guidelines shown), the reveal procedure."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, RadioButton, RadioSet, Static

from league.melting_pot import PROCEDURE_LABELS, MeltingPotError
from tui.troop.service import TroopInputError, TroopService, guideline_text

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class SetupScreen(Screen[None]):
    """The facilitator fixes everything before round 1."""

    BINDINGS = [
        Binding("ctrl+s", "create", "Start event"),
        Binding("escape", "back", "Back"),
    ]

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield Static("New Melting Pot event", classes="screen-title")
            yield Label("Event title")
            yield Input("Melting Pot", id="title")
            yield Label("Players (6–15), separated by commas")
            yield Input(placeholder="Aiko, Ben, Chie, …", id="players")
            yield Static("0 players", id="players-hint", classes="hint")
            for round_no in (1, 2, 3):
                with Horizontal(classes="strength-row"):
                    yield Label(f"Round {round_no} strength ({guideline_text(round_no)})")
                    yield Input(placeholder=guideline_text(round_no), id=f"s{round_no}",
                                restrict=r"[0-9]*")
            yield Label("Reveal procedure")
            with RadioSet(id="procedure"):
                yield RadioButton(PROCEDURE_LABELS["current"], value=True, id="current")
                yield RadioButton(PROCEDURE_LABELS["original"], id="original")
            yield Label("House-rule k (only for fewer than 6 or more than 15 players)")
            yield Input(placeholder="leave empty to follow the rules", id="house-k",
                        restrict=r"[0-9]*")
            yield Static("", id="setup-error", classes="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#players", Input).focus()

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id in ("players", "house-k"):
            self.query_one("#players-hint", Static).update(Text(TroopService.players_hint(
                self.query_one("#players", Input).value,
                self.query_one("#house-k", Input).value,
            )))

    def on_input_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        if message.input.id == "house-k":
            self.action_create()
        else:
            self.focus_next()

    def action_create(self) -> None:
        value = {i.id: i.value for i in self.query(Input)}
        pressed = self.query_one("#procedure", RadioSet).pressed_button
        procedure = pressed.id if pressed is not None and pressed.id else "current"
        try:
            event = self.troop.service.create_event(
                title=value["title"] or "",
                players_text=value["players"] or "",
                strength_texts=(value["s1"] or "", value["s2"] or "", value["s3"] or ""),
                procedure=procedure,
                house_k_text=value["house-k"] or "",
            )
        except (TroopInputError, MeltingPotError) as error:
            self.query_one("#setup-error", Static).update(Text(str(error)))
            return
        self.troop.event = event
        self.troop.show_stage()

    def action_back(self) -> None:
        self.app.pop_screen()
