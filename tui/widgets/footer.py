"""The footer of every screen: Textual's Footer, rebuilt only when what it shows changes.

Textual's Footer recomposes all its keys whenever the screen's bindings are refreshed (a focus
change, data shown, the language). Each key is a widget styled on mount, so an area that refreshes
its bindings a few times while it opens spent a good part of the app's start rebuilding the
same footer; this one compares what it would show with what it shows and keeps it when equal,
and asks for one rebuild at a time (a screen's first bindings came twice before its first
rebuild, which made every key twice).

Each key is also styled once instead of three times: Textual's FooterKey starts compact, so on
mount it is restyled with the `-compact` class and once more without it when the footer's own
setting reaches it; here each key is made with the value it ends with (the same classes and the
same look: tests/test_tui_keys.py compares them with Textual's Footer)."""
from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """A Footer that recomposes only when its keys, their labels or their states change."""

    _shown: Any = None
    _rebuild_asked = False

    def _what_it_shows(self) -> Any:
        keys = tuple((binding.key, binding.action, binding.description, enabled, tooltip,
                      binding.group, self.app.get_key_display(binding))
                     for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
                     if binding.show)
        return keys, self.compact, self.show_command_palette

    def compose(self):  # type: ignore[override]
        self._rebuild_asked = False
        if self._bindings_ready:
            self._shown = self._what_it_shows()
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # the command palette's key is not bound to the footer's setting: it stays
                # compact, as in Textual's Footer
                compact = True if widget.has_class("-command-palette") else self.compact
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen) -> None:
        if self._bindings_ready and self.is_attached and screen is self.screen and (
                self._rebuild_asked
                or (self._shown is not None and self._what_it_shows() == self._shown)):
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._rebuild_asked = True     # Footer.bindings_changed asked for a recompose
