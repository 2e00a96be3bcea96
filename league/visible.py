"""Stored text shown as it is, never as what a terminal would do with it (issue 28).

A name, a note or a list a person wrote may hold characters that are not text but commands to
a terminal or to the layout: the C0 controls (ESC starts a terminal sequence that can recolour,
retitle or rewrite the screen), DEL, the C1 controls (CSI among them), and the bidirectional
controls that make `evil\u202egnp.exe` read as `evilexe.png`. Every face that shows stored text
— the command line's text, the app, CSV reports — shows each of them as a visible escape
(`\\x1b`, `\\u202e`); tab and newline are text and stay. JSON keeps the data as it is, written
with escapes (`visible_json`), so it reads back unchanged.
"""
from __future__ import annotations

import re
from typing import Final

# C0 but tab and newline, DEL, C1, and the bidirectional embeddings, overrides and isolates
CONTROLS: Final = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# what JSON (written with ensure_ascii=False) still holds raw: it escapes C0 itself
_JSON_RAW: Final = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def visible(text: str) -> str:
    """`text` with every control character (see the module) written as a visible escape."""
    if not CONTROLS.search(text):       # the usual case: nothing to do, no copy
        return text
    return CONTROLS.sub(_escape, text)


def visible_json(text: str) -> str:
    """A JSON text (json.dumps with ensure_ascii=False) with DEL, C1 and the bidirectional
    controls written as \\u escapes: the same data, read back unchanged, shown harmlessly."""
    if not _JSON_RAW.search(text):
        return text
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
