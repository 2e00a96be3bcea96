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
same look: tests/app/test_tui_keys.py compares them with Textual's Footer)."""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
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
        return keys, self.compact, self.show_command_palette, self._width()

    def _width(self) -> int:
        return self.size.width or self.app.size.width

    def _key_cells(self, key_display: str, description: str, compact: bool,
                   palette: bool = False) -> int:
        """The cells a key takes (FooterKey's padding and the compact footer's margin)."""
        k, d = cell_len(key_display), cell_len(description)
        if palette:   # compact, a border on its left
            return k + (1 + d if d else 0) + (0 if self.compact else 1) + 1
        if compact:
            return k + (1 + d if d else 0) + 1
        return (k + 2 + d + 1) if d else k

    def compose(self):  # type: ignore[override]
        """Textual's Footer's keys (this app binds no key groups), only those that fit whole:
        a key cut under the command palette's key (docked on the right) garbled its wide
        characters ("^p コマ  ド")."""
        self._rebuild_asked = False
        if not self._bindings_ready:
            return
        self._shown = self._what_it_shows()
        active = self.screen.active_bindings
        by_action: dict[str, list[Any]] = {}
        for (_, binding, enabled, tooltip) in active.values():
            if binding.show:
                by_action.setdefault(binding.action, []).append((binding, enabled, tooltip))
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        room = self._width()
        if palette is not None:
            room -= self._key_cells(self.app.get_key_display(palette.binding),
                                    palette.binding.description, True, palette=True)
        compact = self.compact
        for bindings in by_action.values():
            binding, enabled, tooltip = bindings[0]
            display = self.app.get_key_display(binding)
            cells = self._key_cells(display, binding.description, compact)
            if cells > room:
                break
            room -= cells
            key = FooterKey(binding.key, display, binding.description, binding.action,
                            disabled=not enabled, tooltip=tooltip)
            key.set_reactive(FooterKey.compact, compact)
            key.set_class(compact, "-compact", update=False)
            yield key.data_bind(compact=Footer.compact)
        if palette is not None:
            binding = palette.binding
            # the command palette's key is not bound to the footer's setting: it stays
            # compact, as in Textual's Footer
            key = FooterKey(binding.key, self.app.get_key_display(binding), binding.description,
                            binding.action, classes="-command-palette",
                            disabled=not palette.enabled,
                            tooltip=binding.tooltip or binding.description)
            key.set_reactive(FooterKey.compact, True)
            key.set_class(True, "-compact", update=False)
            yield key

    def on_resize(self) -> None:
        """Another width fits other keys."""
        if self._bindings_ready and self._shown is not None \
                and self._shown != self._what_it_shows() and not self._rebuild_asked:
            self._rebuild_asked = True
            self.call_after_refresh(self.recompose)

    def bindings_changed(self, screen: Screen) -> None:
        if self._bindings_ready and self.is_attached and screen is self.screen and (
                self._rebuild_asked
                or (self._shown is not None and self._what_it_shows() == self._shown)):
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._rebuild_asked = True     # Footer.bindings_changed asked for a recompose
