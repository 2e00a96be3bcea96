"""TroopApp: run a Melting Pot event — facilitator screens plus a projector (public) view."""
from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from storage.troop_store import StoredEvent
from tui.troop.service import TroopService


class TroopHost:
    """What the Melting Pot screens need from the app that hosts them: the event service, the
    event in hand and the stage navigation. TroopApp (standalone) and the league app share it."""

    event: StoredEvent | None = None
    export_dir: Path = Path.cwd()
    _troop_service: TroopService | None = None
    troop_db_url: str | None = None

    @property
    def service(self) -> TroopService:
        if self._troop_service is None:
            self._troop_service = TroopService(self.troop_db_url)
        return self._troop_service

    def close_troop_service(self) -> None:
        if self._troop_service is not None:
            self._troop_service.close()
            self._troop_service = None

    # ------------------------------------------------------------------ stage screens

    def stage_screen(self) -> Screen[None]:
        """A fresh facilitator screen for the event's current stage."""
        from tui.troop.screens.final import FinalScreen
        from tui.troop.screens.result import ResultScreen
        from tui.troop.screens.slips import SlipEntryScreen

        assert self.event is not None
        if self.event.stage == "entry":
            return SlipEntryScreen()
        if self.event.stage == "finished":
            return FinalScreen()
        return ResultScreen()

    def open_event(self, event: StoredEvent) -> None:
        """Show an event (new or resumed) at the stage it is in."""
        self.event = event
        self.push_screen(self.stage_screen())

    def show_stage(self) -> None:
        """Replace the facilitator screen on top with the one for the current stage."""
        self.switch_screen(self.stage_screen())

    def advance(self) -> None:
        """Move the event one step on (reveal step, scoreboard, next round, end)."""
        assert self.event is not None
        self.event = self.service.advance(self.event)

    def export(self) -> None:
        assert self.event is not None
        try:
            csv_path, md_path, html_path = self.service.export(self.event, self.export_dir)
        except OSError as error:
            self.notify(f"export failed: {self.export_dir}: {error.strerror}", severity="error",
                        markup=False)
            return
        self.notify(f"Exported {csv_path.name}, {md_path.name} and {html_path.name} (printable"
                    f" record sheet) to {csv_path.parent}", markup=False)

    def show_log(self) -> None:
        from tui.troop.screens.dialogs import LogDialog

        assert self.event is not None
        self.push_screen(LogDialog(f"Log of {self.event.title}", self.service.log(self.event),
                                   "Nothing logged yet.", "esc: close"))

    def show_public(self) -> None:
        from tui.troop.screens.public import PublicScreen

        self.push_screen(PublicScreen())


class TroopApp(TroopHost, App[None]):
    """The event-mode app. Screens talk to :class:`TroopService`, never to the database."""

    CSS_PATH = "troop.tcss"
    TITLE = "Melting Pot"
    SUB_TITLE = "event mode"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, db_url: str | None = None, export_dir: Path | None = None) -> None:
        super().__init__()
        self.troop_db_url = db_url
        self.export_dir = export_dir or Path.cwd()
        self.event = None
        _ = self.service  # open (and check) the event database at once

    def on_mount(self) -> None:
        from tui.troop.screens.events import EventsScreen

        self.push_screen(EventsScreen())

    def on_unmount(self) -> None:
        self.close_troop_service()


class ProjectorApp(TroopHost, App[None]):
    """`impact troop projector`: the public board in a window of its own (on the projector),
    following the running event in the shared database. It shows; it never enters slips."""

    CSS_PATH = "troop.tcss"
    TITLE = "Melting Pot"
    SUB_TITLE = "projector"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True),
                Binding("q", "quit", "Quit")]

    def __init__(self, db_url: str | None = None, event_id: int | None = None) -> None:
        super().__init__()
        self.troop_db_url = db_url
        self.event_id = event_id
        self.event = None
        _ = self.service  # open (and check) the event database at once
        if event_id is not None:
            self.service.load(event_id)  # an unknown event is refused before the window opens

    def on_mount(self) -> None:
        from tui.troop.screens.public import PublicScreen

        self.push_screen(PublicScreen(follow=True, event_id=self.event_id))

    def on_unmount(self) -> None:
        self.close_troop_service()
