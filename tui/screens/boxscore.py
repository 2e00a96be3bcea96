"""One finished game: box score, play-by-play, and the roll log of every die."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Header, Static, TabbedContent, TabPane, Tabs

from league.engine.boxscore import render
from league.engine.playtext import (
    modifier_name,
    note_lines,
    play_lines,
    play_text,
    roll_purpose,
    roll_table,
    roll_words,
)
from league.visible import visible
from tui import services
from tui.labels import label
from tui.screens.base import AreaScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable


class BoxScoreScreen(AreaScreen):
    """A game pushed on top of an area; Esc goes back."""

    BINDINGS = [Binding("escape", "app.pop_screen", "key_back")]

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="box-title", classes="area-title")
        with TabbedContent(id="box-tabs"):
            with TabPane(label("boxscore", self.ja), id="tab-box"):
                with VerticalScroll(id="box-scroll"):
                    yield Plain(id="box-text")
            with TabPane(label("plays", self.ja), id="tab-plays"):
                yield FitTable(id="plays-table", cursor_type="row", zebra_stripes=True)
            with TabPane(label("rolls", self.ja), id="tab-rolls"):
                yield FitTable(id="rolls-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        # a loading indicator at once; the worker replays the game for its play-by-play
        self.query_one("#box-tabs", TabbedContent).loading = True
        super().on_mount()

    def load(self):
        return self.call_service(services.boxscore, self.number, plays=False)

    def relabel(self) -> None:
        """The language changed: the box score is drawn again from the game in hand."""
        if self._box is not None:
            self.show(self._box)

    _box = None

    def show(self, box) -> None:
        self._box = box
        ja = self.app.japanese
        d = box.data
        for pane, key in (("tab-box", "boxscore"), ("tab-plays", "plays"), ("tab-rolls", "rolls")):
            self.query_one("#box-tabs", TabbedContent).get_tab(pane).label = label(key, ja)
        self.query_one("#box-title", Static).update(
            f"#{box.number}  {box.day}  {self.team_name(d['away']['team'])} {d['away']['runs']} - "
            f"{d['home']['runs']} {self.team_name(d['home']['team'])}")
        result = box.result

        def name(pid: str) -> str:
            return self.player_name(pid, result.players[pid].name)

        def line(text: str) -> str:
            """A note, or a line of a game stored before its plays were recorded."""
            return play_text(text, True) if ja else self.in_language(text)

        # each play's line from its record, the players named in the app's language
        lines = [visible(x) for x in play_lines(result, ja, name, older=line)]
        text = render(result, {c: self.team_name(c) for c in (result.away, result.home)},
                      plays=False, english=not ja, player_name=name, play_line=line,
                      notes=note_lines(result, ja, name, older=line), hr_numbers=box.hr_numbers)
        # a Text keeps the box score's own spacing (columns are aligned with spaces)
        self.query_one("#box-text", Static).update(Text(visible(text)))
        self.query_one("#box-tabs", TabbedContent).loading = False
        if self.focused is None or isinstance(self.focused, Tabs):
            # End, PgDn and Down scroll the box score from the start (Tab still reaches the
            # tabs, and the tabs' own keys switch to the play-by-play and the rolls)
            self.query_one("#box-scroll", VerticalScroll).focus()
        # the box score paints first; the play-by-play and roll log tables fill after it
        self.call_after_refresh(self._fill_tables, box, lines)

    def _fill_tables(self, box: "services.BoxScore", lines: list[str]) -> None:
        if box is not self._box:
            return
        ja = self.app.japanese
        d = box.data
        plays = self.query_one("#plays-table", DataTable)
        plays.clear(columns=True)
        plays.add_columns(label("bx_inning", ja), "", label("plays", ja), label("bx_outs", ja),
                          label("score", ja))
        for p, said in zip(d["plays"], lines):
            plays.add_row(str(p["inning"]), label("bx_" + p["half"], ja), said,
                          str(p["outs"]), f"{p['runs']['away']}-{p['runs']['home']}")
        rolls = self.query_one("#rolls-table", DataTable)
        rolls.clear(columns=True)
        rolls.add_columns(*(label("bx_" + c, ja) for c in (
            "n", "purpose", "raw", "modifiers", "modified", "table", "row", "result")))
        for i, r in enumerate(d["rolls"], start=1):
            mods = " ".join(f"{modifier_name(m['source'], ja)}{m['value']:+d}"
                            for m in r["modifiers"])
            rolls.add_row(str(i), roll_purpose(r["purpose"], ja), str(r["raw"]), mods,
                          str(r["modified"]), roll_table(r["table"], ja), roll_words(r["row"], ja),
                          roll_words(r["result"], ja))
