"""The league app as its screens and dialogs see it (their `self.app`): `LeagueApp`.

The screens sit below the app in the layers (import-linter: tui.app imports them, never the
other way), so they cannot name `tui.app.ImpactApp`; they name this class, which ImpactApp
subclasses, and declare `app = getters.app(LeagueApp)` (Textual's typed `app` property): the
type checker then knows what they may ask of the app."""
from __future__ import annotations

from abc import abstractmethod
from typing import Any

from textual.app import App
from textual.reactive import reactive

from tui import services
from tui.messages import WorkFailed


class LeagueApp(App[None]):
    """What the league's screens and dialogs use of the app; `tui.app.ImpactApp` is the one
    implementation (and `tui.served.ServedApp`, the same app behind a login)."""

    # the label language of every screen (L switches it; the settings file keeps it)
    japanese: reactive[bool] = reactive(True)

    db: str | None                     # the league database: a file path or an SQLAlchemy URL
    league: str | None                 # which stored league (None: the only one)
    data_version: int                  # raised by data_changed(): areas reload when shown next
    access: services.Access | None     # who is connected (a shared league), once it is open

    def on_work_failed(self, message: WorkFailed) -> None:
        """A thread worker's read or action failed: say so (tui.messages.WorkFailed)."""
        self.notify(message.text, severity="error", timeout=message.timeout)

    @abstractmethod
    def data_changed(self) -> None:
        """Games were played or cards edited: every area reloads when it is shown next."""

    @abstractmethod
    def league_names(self) -> services.NameBook:
        """The league's names in both languages (any thread)."""

    @abstractmethod
    def take_first_data(self, screen: str) -> Any:
        """What was read for the area `screen` while the league opened, once (else None)."""

    @abstractmethod
    def screen_shown(self) -> None:
        """An area screen has shown its data."""

    @abstractmethod
    def open_boxscore(self, number: int) -> None:
        """Show the box score of game `number`."""


class KeepsItsArea:
    """A screen the area keys (1-9) must not leave while `keeps_area()` is true: a game played
    at the keyboard would go on unseen (tui.screens.play.PlayScreen)."""

    def keeps_area(self) -> bool:
        return False
