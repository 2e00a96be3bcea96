"""The list of unfinished events to resume, and the way to a new one."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.troop.service import TroopInputError

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class EventsScreen(Screen[None]):
    """Start here: resume an unfinished event or set up a new one."""

    BINDINGS = [
        Binding("n", "new_event", "New event"),
        Binding("enter", "resume", "Resume", show=True),
    ]

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Melting Pot — events", classes="screen-title")
        yield Static("Unfinished events (enter to resume):", classes="hint")
        yield OptionList(id="events")
        yield Static("", id="no-events", classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        events = self.troop.service.events_to_resume()
        options = self.query_one("#events", OptionList)
        options.clear_options()
        for summary in events:
            where = f"round {summary.current_round}, {summary.stage}"
            if summary.stage == "entry":
                where += f", {summary.slips_in} of {summary.players} slips in"
            options.add_option(Option(
                Text(f"#{summary.id}  {summary.title} — {summary.players} players — {where}"
                     f" — started {summary.created_at:%Y-%m-%d %H:%M}"),
                id=str(summary.id),
            ))
        if events:
            options.highlighted = 0
            options.focus()
        self.query_one("#no-events", Static).update(
            "" if events else "No unfinished events. Press n to set up a new one."
        )

    def action_new_event(self) -> None:
        from tui.troop.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen())

    def action_resume(self) -> None:
        options = self.query_one("#events", OptionList)
        if options.highlighted is None:
            self.notify("No event to resume; press n for a new one.")
            return
        option = options.get_option_at_index(options.highlighted)
        self.resume(int(option.id or 0))

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        self.resume(int(message.option.id or 0))

    def resume(self, event_id: int) -> None:
        try:
            event = self.troop.service.resume(event_id)
        except TroopInputError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.troop.open_event(event)
