"""FitTable (tui/widgets/table.py) shows what DataTable shows for the same cells: the rows it
measures as it adds them (text cells: every string becomes text) are laid out and drawn as
DataTable lays out and draws them after measuring them itself when idle, and rows of other
cells are still measured by DataTable."""
from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.widgets import DataTable

from tui.widgets.table import FitTable, _literal

from tui_helpers import settled

ROWS = [
    ("KYO-01", "小山 圭介", Text("京都", style="bold"), "P/1B", 3),
    ("KYO-02", "Ann[/]", Text("gone", style="dim"), "", 12345),
    ("TOK-10", "Ken [guest] a long name\x1b[2J", "東京", "C/LF/RF", 0.5),
    ("-", "evil\u202egnp.exe", "大阪", "SS", None),
]


def _fill(t: DataTable, *, literal: bool) -> None:
    t.add_column("id", width=6)
    t.add_columns("name", "team")
    t.add_column("pos", width=4)
    t.add_column("n")
    for i, cells in enumerate(ROWS * 5):
        if literal:
            cells = tuple(_literal(c) for c in cells)
        t.add_row(*cells, key=str(i))
    t.add_row(Text("only two"), "cells", key="short")     # fewer cells than columns


class Both(App):
    CSS = "DataTable { height: 12; width: 70; }"

    def compose(self) -> ComposeResult:
        yield FitTable(id="fit", cursor_type="row", zebra_stripes=True)
        yield DataTable(id="plain", cursor_type="row", zebra_stripes=True)


def _lines(t: DataTable) -> list[str]:
    return [t.render_line(y).text for y in range(t.size.height)]


async def test_a_fit_table_shows_what_a_data_table_shows_for_the_same_cells():
    app = Both()
    async with app.run_test(size=(80, 30)) as pilot:
        fit = app.query_one("#fit", FitTable)
        plain = app.query_one("#plain", DataTable)
        _fill(fit, literal=False)
        _fill(plain, literal=True)      # FitTable's strings are text: the same cells
        await settled(app, pilot)
        widths = [c.get_render_width(fit) for c in fit.ordered_columns]
        assert widths == [c.get_render_width(plain) for c in plain.ordered_columns]
        assert widths[1] == 2 + len("Ken [guest] a long name\\x1b[2J")    # the escape shown
        assert fit.virtual_size == plain.virtual_size
        assert fit.row_count == plain.row_count == 21
        assert _lines(fit) == _lines(plain)
        assert "Ann[/]" in "".join(_lines(fit))
        # refilled after a clear, columns and all: the same again
        for t, literal in ((fit, False), (plain, True)):
            t.clear(columns=True)
            _fill(t, literal=literal)
        fit.move_cursor(row=20)
        plain.move_cursor(row=20)
        await settled(app, pilot)
        assert [c.get_render_width(fit) for c in fit.ordered_columns] == widths
        assert fit.virtual_size == plain.virtual_size
        assert _lines(fit) == _lines(plain)
        assert "cells" in "".join(_lines(fit))
