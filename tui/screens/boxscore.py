"""One finished game: box score, play-by-play, and the roll log of every die."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Static, TabbedContent, TabPane

from tui import services
from tui.labels import label
from tui.screens.base import AreaScreen
from tui.widgets.table import FitTable
from tui.widgets.plain import Plain


class BoxScoreScreen(AreaScreen):
    """A game pushed on top of an area; Esc goes back."""

    CSS_PATH = "boxscore.tcss"
    BINDINGS = [Binding("escape", "app.pop_screen", "戻る/Back")]

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="box-title", classes="area-title")
        with TabbedContent(id="box-tabs"):
            with TabPane("ボックススコア / Box score", id="tab-box"):
                with VerticalScroll(id="box-scroll"):
                    yield Plain(id="box-text")
            with TabPane("一球速報 / Plays", id="tab-plays"):
                yield FitTable(id="plays-table", cursor_type="row", zebra_stripes=True)
            with TabPane("ダイス / Rolls", id="tab-rolls"):
                yield FitTable(id="rolls-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def load(self):
        return self.call_service(services.boxscore, self.number, plays=False)

    def show(self, box) -> None:
        ja = self.app.japanese
        d = box.data
        self.query_one("#box-title", Static).update(
            f"#{box.number}  {box.day}  {d['away']['team']} {d['away']['runs']} - "
            f"{d['home']['runs']} {d['home']['team']}")
        # a Text keeps the box score's own spacing (columns are aligned with spaces)
        self.query_one("#box-text", Static).update(Text(box.text))
        plays = self.query_one("#plays-table", DataTable)
        plays.clear(columns=True)
        plays.add_columns("回" if ja else "Inn", "", label("plays", ja), "out", label("score", ja))
        for p in d["plays"]:
            plays.add_row(str(p["inning"]), ("表" if p["half"] == "top" else "裏") if ja else p["half"],
                          p["text"], str(p["outs"]), f"{p['runs']['away']}-{p['runs']['home']}")
        rolls = self.query_one("#rolls-table", DataTable)
        rolls.clear(columns=True)
        rolls.add_columns("#", "purpose", "raw", "modifiers", "modified", "table", "row", "result")
        for i, r in enumerate(d["rolls"], start=1):
            mods = " ".join(f"{m['source']}{m['value']:+d}" for m in r["modifiers"])
            rolls.add_row(str(i), r["purpose"], str(r["raw"]), mods, str(r["modified"]), r["table"],
                          r["row"], r["result"])
