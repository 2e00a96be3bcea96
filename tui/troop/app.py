"""TroopApp: run a Melting Pot event — facilitator screens plus a projector (public) view."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from tui.labels import mp
from tui.language import translate_bindings
from tui.settings import load_settings, save_setting

if TYPE_CHECKING:   # the league app imports the event mode's storage only when it is used
    from tui.services.troop import StoredEvent, TroopService


if TYPE_CHECKING:
    _App = App[None]       # TroopHost is always mixed into an App (the league app, TroopApp)
else:
    _App = object


class TroopHost(_App):
    """What the Melting Pot screens need from the app that hosts them: the event service, the
    event in hand and the stage navigation. TroopApp (standalone) and the league app share it."""

    event: StoredEvent | None = None
    export_dir: Path = Path.cwd()
    _troop_service: TroopService | None = None
    troop_db_url: str | None = None

    @property
    def service(self) -> TroopService:
        if self._troop_service is None:
            from tui.services.troop import TroopService
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
        ja = bool(getattr(self, "japanese", False))
        try:
            csv_path, md_path, html_path = self.service.export(self.event, self.export_dir, ja)
        except OSError as error:
            self.notify(mp("mp_export_failed", ja, folder=self.export_dir, why=error.strerror),
                        severity="error", markup=False)
            return
        self.notify(mp("mp_exported", ja, files=", ".join(
            p.name for p in (csv_path, md_path, html_path)), folder=csv_path.parent),
            markup=False)

    def show_public(self) -> None:
        """The projector (public) view over the facilitator's screen (F2): every host has it,
        the league app's Melting Pot area too."""
        from tui.troop.screens.public import PublicScreen

        self.push_screen(PublicScreen())

    def show_log(self) -> None:
        from dataclasses import replace

        from tui.services.troop import log_text
        from tui.troop.screens.dialogs import LogDialog

        assert self.event is not None
        ja = bool(getattr(self, "japanese", False))
        entries = [replace(entry, text=log_text(entry.text, ja))
                   for entry in self.service.log(self.event)]
        self.push_screen(LogDialog(mp("mp_log_title", ja, title=self.event.title),
                                   entries, mp("mp_log_empty", ja),
                                   mp("mp_close_hint", ja)))


class LanguageMixin:
    """The event app and the projector follow the league app's label language (the saved
    setting) and switch it with `L` the same way."""

    def load_language(self) -> None:
        self.japanese = bool(load_settings().get("japanese", True))  # type: ignore[attr-defined]

    def watch_japanese(self, japanese: bool) -> None:
        self.sub_title = mp(self.SUBTITLE_KEY, japanese)  # type: ignore[attr-defined]
        translate_bindings(self, japanese)
        if self.is_running:  # type: ignore[attr-defined]
            self.screen.refresh_bindings()  # type: ignore[attr-defined]

    SUBTITLE_KEY = "mp_sub_event"

    def action_toggle_language(self) -> None:
        app = self  # an App
        app.japanese = not app.japanese  # type: ignore[attr-defined]
        app.notify("日本語" if app.japanese else "English", timeout=2)  # type: ignore[attr-defined]
        problem = save_setting("japanese", app.japanese)  # type: ignore[attr-defined]
        if problem:
            app.notify(problem, severity="warning", timeout=6, markup=False)  # type: ignore[attr-defined]



class TroopApp(LanguageMixin, TroopHost, App[None]):
    """The event-mode app. Screens talk to :class:`TroopService`, never to the database."""

    CSS_PATH = "troop.tcss"
    TITLE = "Melting Pot"
    SUB_TITLE = "event mode"
    BINDINGS = [Binding("ctrl+q", "quit", "key_quit", priority=True),
                Binding("L", "toggle_language", "key_language")]

    japanese: reactive[bool] = reactive(True)

    def __init__(self, db_url: str | None = None, export_dir: Path | None = None) -> None:
        super().__init__()
        self.troop_db_url = db_url
        self.export_dir = export_dir or Path.cwd()
        self.event = None
        self.load_language()
        _ = self.service  # open (and check) the event database at once

    def on_mount(self) -> None:
        from tui.troop.screens.events import EventsScreen

        self.push_screen(EventsScreen())

    def on_unmount(self) -> None:
        self.close_troop_service()


class ProjectorApp(LanguageMixin, TroopHost, App[None]):
    """`impact troop projector`: the public board in a window of its own (on the projector),
    following the running event in the shared database. It shows; it never enters slips."""

    CSS_PATH = "troop.tcss"
    TITLE = "Melting Pot"
    SUB_TITLE = "projector"
    SUBTITLE_KEY = "mp_sub_projector"
    BINDINGS = [Binding("ctrl+q", "quit", "key_quit", priority=True),
                Binding("q", "quit", "key_quit"),
                Binding("L", "toggle_language", "key_language")]

    japanese: reactive[bool] = reactive(True)

    def __init__(self, db_url: str | None = None, event_id: int | None = None) -> None:
        super().__init__()
        self.troop_db_url = db_url
        self.event_id = event_id
        self.event = None
        self.load_language()
        _ = self.service  # open (and check) the event database at once
        if event_id is not None:
            self.service.load(event_id)  # an unknown event is refused before the window opens

    def on_mount(self) -> None:
        from tui.troop.screens.public import PublicScreen

        self.push_screen(PublicScreen(follow=True, event_id=self.event_id))

    def on_unmount(self) -> None:
        self.close_troop_service()


if TYPE_CHECKING:   # the type checker proves that a TroopApp is the host the screens expect
    from tui.troop.screens.base import EventHost

    def _hosts(app: TroopApp) -> EventHost:
        return app
