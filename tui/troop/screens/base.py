"""What every Melting Pot screen shares: the host app, the label language and its changes."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

from tui.labels import mp
from tui.language import Bilingual

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class TroopScreen(Bilingual, Screen[None]):
    """A Melting Pot screen: labels follow the app's ``japanese`` setting (`L`), live."""

    @property
    def troop(self) -> TroopApp:
        return cast("TroopApp", self.app)

    @property
    def ja(self) -> bool:
        return bool(getattr(self.app, "japanese", False))

    def t(self, key: str, **values: object) -> str:
        return mp(key, self.ja, **values)

    def on_mount(self) -> None:
        Bilingual.on_mount(self)   # bindings and relabel() follow the app's language

    def relabel(self) -> None:
        """The language changed: redraw with the new labels."""
