"""The footer of every screen: Textual's Footer, rebuilt only when what it shows changes.

Textual's Footer recomposes all its keys whenever the screen's bindings are refreshed (a focus
change, data shown, the language). Each key is a widget styled on mount, so an area that refreshes
its bindings a few times while it opens spent a good part of the app's start rebuilding the
same footer; this one compares what it would show with what it shows and keeps it when equal."""
from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """A Footer that recomposes only when its keys, their labels or their states change."""

    _shown: Any = None

    def _what_it_shows(self) -> Any:
        keys = tuple((binding.key, binding.action, binding.description, enabled, tooltip,
                      binding.group, self.app.get_key_display(binding))
                     for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
                     if binding.show)
        return keys, self.compact, self.show_command_palette

    def compose(self):  # type: ignore[override]
        if self._bindings_ready:
            self._shown = self._what_it_shows()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        if (self._bindings_ready and self.is_attached and screen is self.screen
                and self._shown is not None and self._what_it_shows() == self._shown):
            return
        super().bindings_changed(screen)
