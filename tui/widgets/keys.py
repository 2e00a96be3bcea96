"""The keys panel (`?`): the area's own keys first, in the chosen language, then the app's, then
the keys of the focused table or field (Textual's own, in the chosen language too).

Textual's HelpPanel lists the focused widget's keys first, in English, above the area's, and at
80×24 the area's keys were below the fold; its widget help is English markdown, left out here."""
from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import HelpPanel, KeyPanel, Static

from tui.labels import label

# Textual's own key descriptions (tables, fields, scrolling, tabs, lists), in both languages
GENERIC_KEYS: dict[str, tuple[str, str]] = {
    "Cursor up": ("上へ", "Cursor up"), "Cursor Up": ("上へ", "Cursor up"),
    "Cursor down": ("下へ", "Cursor down"), "Cursor Down": ("下へ", "Cursor down"),
    "Cursor left": ("左へ", "Cursor left"), "Cursor right": ("右へ", "Cursor right"),
    "Up": ("上へ", "Up"), "Down": ("下へ", "Down"),
    "Page up": ("前のページ", "Page up"), "Page down": ("次のページ", "Page down"),
    "Page Up": ("前のページ", "Page up"), "Page Down": ("次のページ", "Page down"),
    "Page Left": ("左のページ", "Page left"), "Page Right": ("右のページ", "Page right"),
    "Top": ("先頭へ", "Top"), "Bottom": ("末尾へ", "Bottom"), "Home": ("先頭へ", "Home"),
    "End": ("末尾へ", "End"), "First": ("先頭へ", "First"), "Last": ("末尾へ", "Last"),
    "Select": ("選ぶ", "Select"), "Submit": ("決定", "Submit"), "Toggle": ("切り替え", "Toggle"),
    "Toggle option": ("切り替え", "Toggle option"), "Press button": ("押す", "Press button"),
    "Show menu": ("一覧を開く", "Show menu"),
    "Next tab": ("次のタブ", "Next tab"), "Previous tab": ("前のタブ", "Previous tab"),
    "Next option": ("次の項目", "Next option"), "Previous option": ("前の項目", "Previous option"),
    "Scroll Up": ("上へ", "Scroll up"), "Scroll Down": ("下へ", "Scroll down"),
    "Scroll Left": ("左へ", "Scroll left"), "Scroll Right": ("右へ", "Scroll right"),
    "Scroll Home": ("先頭へ", "Scroll to the top"), "Scroll End": ("末尾へ", "Scroll to the end"),
    "Move cursor left": ("左へ", "Cursor left"),
    "Move cursor right or accept the completion suggestion": ("右へ", "Cursor right"),
    "Move cursor left a word": ("前の語へ", "A word left"),
    "Move cursor right a word": ("次の語へ", "A word right"),
    "Go to start": ("行頭へ", "Start of the line"), "Go to end": ("行末へ", "End of the line"),
    "Delete character left": ("左の1文字を消す", "Delete the character left"),
    "Delete character right": ("右の1文字を消す", "Delete the character right"),
    "Delete left to start of word": ("左の語を消す", "Delete the word left"),
    "Delete right to start of word": ("右の語を消す", "Delete the word right"),
    "Delete all to the left": ("左をすべて消す", "Delete all to the left"),
    "Delete all to the right": ("右をすべて消す", "Delete all to the right"),
    "Select all": ("すべて選ぶ", "Select all"), "Copy": ("コピー", "Copy"),
    "Copy selected text": ("コピー", "Copy"), "Cut": ("切り取り", "Cut"),
    "Cut selected text": ("切り取り", "Cut"), "Paste": ("貼り付け", "Paste"),
    "Paste text from the clipboard": ("貼り付け", "Paste"),
    "Undo": ("元に戻す", "Undo"), "Redo": ("やり直す", "Redo"),
    # every screen's own (Textual's Screen): moving between fields
    "Focus Next": ("次の欄へ", "Next field"), "Focus Previous": ("前の欄へ", "Previous field"),
}


def generic_key_text(description: str, japanese: bool) -> str | None:
    """What one of Textual's own key descriptions says in the chosen language; None for one
    without words in both (left out of the panel rather than shown in the other language)."""
    pair = GENERIC_KEYS.get(description)
    if pair is None:
        return None
    return pair[0] if japanese else pair[1]


def key_rows(screen: Screen[Any], japanese: bool) -> list[tuple[str, list[tuple[str, str]]]]:
    """The panel's sections, (title, [(keys, what they do)]): the area's (or dialog's) own keys,
    the app's, then the focused widget's. The area's and the app's descriptions are already in
    the chosen language (tui.language.translate_bindings)."""
    app = screen.app
    own: dict[str, list[str]] = {}
    common: dict[str, list[str]] = {}
    generic: dict[str, list[str]] = {}
    for active in screen.active_bindings.values():
        namespace, binding = active.node, active.binding
        if binding.system:
            continue
        if isinstance(namespace, App) and binding.description not in GENERIC_KEYS:
            text, into = binding.description, common
        elif isinstance(namespace, Screen) and binding.description not in GENERIC_KEYS:
            text, into = binding.description, own
        else:
            found = generic_key_text(binding.description, japanese)
            if found is None:
                continue
            text, into = found, generic
        if not text:
            continue
        keys = into.setdefault(text, [])
        shown = app.get_key_display(binding)
        if shown not in keys:
            keys.append(shown)
    sections = [(label("keys_panel_area", japanese), own),
                (label("keys_panel_app", japanese), common),
                (label("keys_panel_generic", japanese), generic)]
    return [(title, [(" ".join(keys), text) for text, keys in rows.items()])
            for title, rows in sections if rows]


class AreaKeysTable(Static):
    """The sections of :func:`key_rows` as one table."""

    DEFAULT_CSS = """
    AreaKeysTable { width: auto; height: auto; }
    """

    def render(self) -> Table:
        japanese = bool(getattr(self.app, "japanese", False))
        table = Table(padding=(0, 1), show_header=False, box=box.SIMPLE)
        table.add_column("", justify="right", style="bold", overflow="fold")
        table.add_column("", overflow="fold")
        for title, rows in key_rows(self.screen, japanese):
            table.add_row("", Text(title, style="underline"))
            for keys, text in rows:
                table.add_row(Text(keys), Text(text))
            table.add_section()
        return table


class AreaKeyPanel(KeyPanel):
    """Textual's key panel (it follows the screen's bindings as they change) with our table."""

    def compose(self) -> ComposeResult:
        yield AreaKeysTable(shrink=True, expand=False)


class KeysPanel(HelpPanel):
    """The panel `?` opens: a HelpPanel (Esc and `?` close it as before) without Textual's
    English widget help, wide enough at 80 columns for the descriptions on one line."""

    DEFAULT_CSS = """
    KeysPanel { width: 45%; min-width: 32; }
    """

    def compose(self) -> ComposeResult:
        yield AreaKeyPanel(id="keys-help")

    def update_help(self, focused_widget: Any) -> None:
        """The focused widget's keys are in the table; no English widget help above it."""
        self.remove_class("-show-help")
