"""A DataTable whose columns take the width of their cells at once.

DataTable measures new cells later, when it is idle; a table refilled while its screen is busy
(a worker posting results, the app under load) could keep the narrow widths of its labels.
Measuring each cell as it is added makes the layout the same however the refills fall.
"""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import DataTable


def _width(cell: Any) -> int:
    if isinstance(cell, Text):
        return cell.cell_len
    return max((cell_len(line) for line in str(cell).splitlines()), default=0)


class FitTable(DataTable):
    """DataTable with eager column widths (see the module doc)."""

    def add_row(self, *cells: Any, **kwargs: Any):  # type: ignore[override]
        key = super().add_row(*cells, **kwargs)
        for column, cell in zip(self.ordered_columns, cells):
            if column.auto_width:
                column.content_width = max(column.content_width, _width(cell))
        return key
