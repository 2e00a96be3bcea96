"""Setting up an event: players, the three strengths (guidelines shown), the reveal procedure."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Header, Input, Label, RadioButton, RadioSet, Static

from league.troop.rules import GUIDELINE_STRENGTHS, MeltingPotError
from tui.refusals import refusal
from tui.services.troop import TroopInputError, TroopService
from tui.troop.screens.base import TroopScreen
from tui.widgets.footer import KeyFooter


class SetupScreen(TroopScreen):
    """The facilitator fixes everything before round 1."""

    BINDINGS = [
        Binding("ctrl+s", "create", "key_mp_start"),
        Binding("escape", "back", "key_back"),
    ]

    def _strength_label(self, round_no: int) -> str:
        low, high = GUIDELINE_STRENGTHS[round_no - 1]
        return self.t("mp_setup_strength", round=round_no, low=low, high=high)

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield Static(self.t("mp_setup_title"), id="setup-title", classes="screen-title")
            yield Label(self.t("mp_setup_event_title"), id="title-label")
            yield Input("Melting Pot", id="title")
            yield Label(self.t("mp_setup_players"), id="players-label")
            yield Input(placeholder="Aiko, Ben, Chie, …", id="players")
            yield Static(Text(TroopService.players_hint("", "", japanese=self.ja)),
                         id="players-hint", classes="hint")
            for round_no in (1, 2, 3):
                with Horizontal(classes="strength-row"):
                    yield Label(self._strength_label(round_no), id=f"s{round_no}-label")
                    yield Input(placeholder="{}–{}".format(*GUIDELINE_STRENGTHS[round_no - 1]),
                                id=f"s{round_no}",
                                restrict=r"[0-9]*")
            yield Label(self.t("mp_setup_procedure"), id="procedure-label")
            with RadioSet(id="procedure"):
                yield RadioButton(self.t("mp_setup_current"), value=True, id="current")
                yield RadioButton(self.t("mp_setup_original"), id="original")
            yield Label(self.t("mp_setup_house_k"), id="house-k-label")
            yield Input(placeholder=self.t("mp_setup_house_k_ph"), id="house-k",
                        restrict=r"[0-9]*")
            yield Static("", id="setup-error", classes="error")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#players", Input).focus()

    def relabel(self) -> None:
        self.query_one("#setup-title", Static).update(self.t("mp_setup_title"))
        for widget_id, key in (("title-label", "mp_setup_event_title"),
                               ("players-label", "mp_setup_players"),
                               ("procedure-label", "mp_setup_procedure"),
                               ("house-k-label", "mp_setup_house_k")):
            self.query_one(f"#{widget_id}", Label).update(self.t(key))
        for round_no in (1, 2, 3):
            self.query_one(f"#s{round_no}-label", Label).update(self._strength_label(round_no))
        self.query_one("#current", RadioButton).label = self.t("mp_setup_current")
        self.query_one("#original", RadioButton).label = self.t("mp_setup_original")
        self.query_one("#house-k", Input).placeholder = self.t("mp_setup_house_k_ph")
        self.show_hint()

    def show_hint(self) -> None:
        self.query_one("#players-hint", Static).update(Text(TroopService.players_hint(
            self.query_one("#players", Input).value,
            self.query_one("#house-k", Input).value, japanese=self.ja,
        )))

    def on_input_changed(self, message: Input.Changed) -> None:
        if message.input.id in ("players", "house-k"):
            self.show_hint()

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
            self.query_one("#setup-error", Static).update(Text(refusal(str(error), self.ja)))
            return
        self.troop.event = event
        self.troop.show_stage()

    def action_back(self) -> None:
        self.app.pop_screen()
