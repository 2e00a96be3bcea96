"""What every Melting Pot screen shares: the host app, the label language and its changes."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

from tui.labels import mp

if TYPE_CHECKING:
    from tui.troop.app import TroopApp


class TroopScreen(Screen[None]):
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
        if hasattr(type(self.app), "japanese"):
            self.watch(self.app, "japanese", lambda _value: self.relabel(), init=False)

    def relabel(self) -> None:
        """The language changed: redraw with the new labels."""
