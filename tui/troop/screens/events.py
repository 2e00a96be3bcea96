"""The list of unfinished events to resume, and the way to a new one."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from tui.refusals import refusal
from tui.services.troop import TroopInputError
from tui.troop.screens.base import TroopScreen
from tui.widgets.footer import KeyFooter


class EventsScreen(TroopScreen):
    """Start here: resume an unfinished event or set up a new one."""

    BINDINGS = [
        Binding("n", "new_event", "key_mp_new"),
        Binding("enter", "resume", "key_mp_resume", show=True),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.t("mp_events_title"), id="events-title", classes="screen-title")
        yield Static(self.t("mp_events_hint"), id="events-hint", classes="hint")
        yield OptionList(id="events")
        yield Static("", id="no-events", classes="hint")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def relabel(self) -> None:
        self.query_one("#events-title", Static).update(self.t("mp_events_title"))
        self.query_one("#events-hint", Static).update(self.t("mp_events_hint"))
        self.reload()

    def reload(self) -> None:
        events = self.troop.service.events_to_resume()
        options = self.query_one("#events", OptionList)
        options.clear_options()
        for summary in events:
            slips = (self.t("mp_event_slips", n=summary.slips_in, players=summary.players)
                     if summary.stage == "entry" else "")
            options.add_option(Option(
                Text(self.t("mp_event_line", id=summary.id, title=summary.title,
                            players=summary.players, round=summary.current_round,
                            stage=self.t(f"mp_stage_{summary.stage}"), slips=slips,
                            started=f"{summary.created_at:%Y-%m-%d %H:%M}")),
                id=str(summary.id),
            ))
        if events:
            options.highlighted = 0
            options.focus()
        self.query_one("#no-events", Static).update(
            "" if events else self.t("mp_no_events"))

    def action_new_event(self) -> None:
        from tui.troop.screens.setup import SetupScreen

        self.app.push_screen(SetupScreen())

    def action_resume(self) -> None:
        options = self.query_one("#events", OptionList)
        if options.highlighted is None:
            self.notify(self.t("mp_no_resume"))
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
            self.notify(refusal(str(error), self.ja), severity="error", markup=False)
            return
        self.troop.open_event(event)
