"""What every Melting Pot screen shares: the host app, the label language and its changes."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from textual.binding import Binding
from textual.screen import Screen

from tui.labels import mp
from tui.language import Bilingual

if TYPE_CHECKING:
    from tui.services.troop import StoredEvent, TroopService


class EventHost(Protocol):
    """What the Melting Pot screens need of the app that shows them (tui.troop.app.TroopHost:
    the event app, the projector and the league app): the event service, the event in hand and
    the stage navigation. A protocol, so the screens never import the apps that import them."""

    event: StoredEvent | None

    @property
    def service(self) -> TroopService: ...

    def open_event(self, event: StoredEvent) -> None: ...

    def show_stage(self) -> None: ...

    def advance(self) -> None: ...

    def export(self) -> None: ...

    def show_log(self) -> None: ...

    def show_public(self) -> None: ...


class TroopScreen(Bilingual, Screen[None]):
    """A Melting Pot screen: labels follow the app's ``japanese`` setting (`L`), live. In the
    league app (area 7) its footer starts with `?`, the keys panel, as every area's does."""

    BINDINGS = [Binding("question_mark", "keys", "key_keys_areas")]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "keys":     # only where the app has the keys panel (not the event app)
            return hasattr(self.app, "action_show_keys")
        return True

    def action_keys(self) -> None:
        getattr(self.app, "action_show_keys")()

    @property
    def troop(self) -> EventHost:
        """The app as the event's host (every app that shows these screens is a TroopHost)."""
        return cast("EventHost", self.app)

    @property
    def ja(self) -> bool:
        return bool(getattr(self.app, "japanese", False))

    def t(self, key: str, **values: object) -> str:
        return mp(key, self.ja, **values)

    def on_mount(self) -> None:
        Bilingual.on_mount(self)   # bindings and relabel() follow the app's language

    def relabel(self) -> None:
        """The language changed: redraw with the new labels."""
