"""A Static that shows its text as written: names a league file holds and text a person typed
(`Ann[/]`, `[b]Kings`, `Ken [guest]`) are data, never markup."""
from __future__ import annotations

from typing import Any

from textual.widgets import Static


class Plain(Static):
    """Static with markup off (pass `rich.text.Text` for styled text)."""

    def __init__(self, *args: Any, markup: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, markup=markup, **kwargs)
