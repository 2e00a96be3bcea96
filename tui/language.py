"""The label language as one reactive of the app (`japanese`) that every screen follows.

A screen (or dialog) that mixes in :class:`Bilingual` watches the app's ``japanese`` from the
moment it is mounted, wherever it sits (in front, in another area's stack, under a dialog): its
key bindings are relabelled at once (the footer, the key panel) and its ``relabel()`` redraws
what it shows. Binding descriptions are label keys of ``tui.labels`` (``key_…``), so a binding
has one description per language.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from textual.binding import BindingsMap

from tui.labels import LABELS, label

# Textual's own bindings, and what they say in Japanese
_BUILTIN = {"Quit": ("終了", "Quit"), "palette": ("コマンド", "palette")}


def binding_text(description: str, japanese: bool) -> str:
    """What a binding with this description (a label key, or Textual's own) says."""
    if description in LABELS:
        return label(description, japanese)
    pair = _BUILTIN.get(description)
    if pair is not None:
        return pair[0] if japanese else pair[1]
    return description


def translate_bindings(node: Any, japanese: bool) -> None:
    """Relabel `node`'s bindings in the chosen language (their label keys are kept aside the
    first time, so the node can switch back and forth)."""
    originals: dict[tuple[str, str], str] | None = getattr(node, "_binding_label_keys", None)
    if originals is None:
        originals = {(b.key, b.action): b.description for _key, b in node._bindings}
        node._binding_label_keys = originals
    keys = {}
    for key, bindings in node._bindings.key_to_bindings.items():
        keys[key] = [replace(b, description=binding_text(
            originals.get((b.key, b.action), b.description), japanese)) for b in bindings]
    node._bindings = BindingsMap.from_keys(keys)


class Bilingual:
    """A screen that follows the app's label language: bindings at once, `relabel()` for the
    rest. Apps without a ``japanese`` reactive (none today) leave the screen as it is."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # made while the app runs: its keys are in the app's language from the start, so the
        # footer is not drawn twice when the screen mounts
        from textual._context import active_app
        app = active_app.get(None)
        if app is not None and hasattr(type(app), "japanese"):
            japanese = bool(getattr(app, "japanese"))
            translate_bindings(self, japanese)
            self._translated_as = japanese

    def on_mount(self) -> None:
        app = self.app  # type: ignore[attr-defined]
        if getattr(self, "_follows_language", False) or not hasattr(type(app), "japanese"):
            return
        self._follows_language = True
        self.watch(app, "japanese", self._language_changed, init=False)  # type: ignore[attr-defined]
        if getattr(self, "_translated_as", None) is not app.japanese:
            translate_bindings(self, app.japanese)
            self.refresh_bindings()  # type: ignore[attr-defined]

    def _language_changed(self, japanese: bool) -> None:
        translate_bindings(self, japanese)
        self.refresh_bindings()  # type: ignore[attr-defined]
        relabel = getattr(self, "relabel", None)
        if relabel is not None:
            relabel()

