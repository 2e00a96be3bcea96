"""A DataTable whose columns take the width of their cells at once, whose text cells are data
(a name such as `Ann[/]` or `[b]Kings` shows as written, never as markup), and whose row
highlights reach the screen only while the cursor is still on their row.

DataTable measures new cells later, when it is idle; a table refilled while its screen is busy
(a worker posting results, the app under load) could keep the narrow widths of its labels.
Measuring each cell as it is added makes the layout the same however the refills fall.

A row of text cells (every cell of an area's tables: strings become text) measured as it is added
is not measured again by DataTable when idle: that second measure, through Rich's console, was
most of a large table's fill (the Players list's ~800 rows on each keystroke of its filter and
each change of language). Its widths are the ones DataTable would give (a text's widest line).
"""
from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.coordinate import Coordinate
from textual.widgets import DataTable
from textual.widgets.data_table import Column

from league.visible import CONTROLS, visible


def _width(cell: Any) -> int:
    if isinstance(cell, Text):
        return cell.cell_len
    return max((cell_len(line) for line in str(cell).splitlines()), default=0)


def _literal(cell: Any) -> Any:
    """A string cell as plain text (DataTable would read it as markup), its control characters
    shown as escapes (league.visible): a stored name is data, never a terminal command."""
    if isinstance(cell, str):
        return Text(visible(cell))
    if isinstance(cell, Text) and CONTROLS.search(cell.plain):
        return Text(visible(cell.plain), style=cell.style)
    return cell


class FitTable(DataTable):
    """DataTable with eager column widths and literal text cells (see the module doc)."""

    # the columns in their order, kept while the columns are the same (see ordered_columns)
    _columns: tuple[Any, int, list[Column]] | None = None

    @property
    def ordered_columns(self) -> list[Column]:
        # DataTable works the list out again at each call: three times a row added, once a row
        # measured and once a line drawn. Columns change only by add_column (one more location),
        # remove_column and clear(columns=True) (a new map of locations): kept while neither.
        locations = self._column_locations
        kept = self._columns
        if kept is None or kept[0] is not locations or kept[1] != len(locations):
            kept = self._columns = (locations, len(locations), super().ordered_columns)
        return list(kept[2])

    def add_row(self, *cells: Any, height: int | None = 1,  # type: ignore[override]
                key: str | None = None, label: Any = None) -> Any:
        cells = tuple(_literal(c) for c in cells)
        row_key = super().add_row(*cells, height=height, key=key, label=label)
        columns = self.ordered_columns
        for column, cell in zip(columns, cells):
            if column.auto_width:
                column.content_width = max(column.content_width, _width(cell))
        if (height == 1 and label is None and len(cells) == len(columns)
                and all(type(c) is Text for c in cells)):
            # measured here as DataTable would measure it when idle (a text's widest line: the
            # width of its plain string; _width, never narrower, for the columns that fit their
            # cells): not again
            for column, cell in zip(columns, cells):
                if not column.auto_width:
                    column.content_width = max(column.content_width, _width(cell.plain))
            self._new_rows.discard(row_key)
        return row_key

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        # refilling a table highlights its first row as it is cleared, then the row the cursor
        # is put back on: only a highlight still under the cursor goes on to the screen (one
        # that acted on the first, a season chosen and read, would put the cursor there in
        # turn and read again, for ever)
        if event.cursor_row != self.cursor_row:
            event.stop()

    def watch_virtual_size(self, old: Any, new: Any) -> None:
        # a table of auto height takes the height of its rows, which DataTable works out when it
        # is idle; a layout asked for while the screen is laying out can be lost, and a busy
        # machine kept a refilled table zero rows high: ask again once the screen has refreshed
        if old.height != new.height:
            self.call_after_refresh(self.refresh, layout=True)

    def refill(self, rows: list[tuple[Any, ...]]) -> bool:
        """Put `rows` in the place of the table's own, cell by cell, when it holds as many rows of
        as many cells: only the cells that changed are set (a cell wider than its column widens
        it), so the table draws once and measures only those cells (a cleared and refilled table
        measures every row when idle and draws twice). The rows' keys stay those of the rows
        first added in their places. False, and nothing done, for another shape."""
        columns = self.ordered_columns
        if self.row_count != len(rows) or any(len(cells) != len(columns) for cells in rows):
            return False
        for y, cells in enumerate(rows):
            old = self.get_row_at(y)
            for x, (column, cell) in enumerate(zip(columns, cells)):
                cell = _literal(cell)
                if cell != old[x]:
                    self.update_cell_at(Coordinate(y, x), cell, update_width=(
                        column.auto_width and _width(cell) > column.content_width))
        return True

    def update_cell(self, row_key: Any, column_key: Any, value: Any, *,  # type: ignore[override]
                    update_width: bool = False) -> None:
        super().update_cell(row_key, column_key, _literal(value), update_width=update_width)

    def update_cell_at(self, coordinate: Any, value: Any, *,  # type: ignore[override]
                       update_width: bool = False) -> None:
        super().update_cell_at(coordinate, _literal(value), update_width=update_width)
