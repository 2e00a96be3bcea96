"""A player's card drawn the way the physical card is read: bounds "~N" under each column,
the pitcher's condition rows A–D with the current one highlighted and a rolled value marked."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from league.engine.cards import BAT_COLUMNS, CONDITIONS, PITCH_COLUMNS, Bounds, Player
from league.visible import visible


def _row_cells(bounds: Bounds, roll: int | None) -> list[Text]:
    cells = []
    hit = bounds.read(roll) if roll else None
    for col, b in zip(bounds.columns, bounds.bounds):
        t = Text("-" if b is None else f"~{b}")
        if hit == col and b is not None:
            t.stylize("bold reverse")
        cells.append(t)
    return cells


def card_renderable(player: Player, *, condition: str | None = None, roll: int | None = None,
                    batting_roll: int | None = None, japanese: bool = True,
                    team: str | None = None) -> Group:
    """The Rich renderable of a card: ratings line, batting card, pitcher rows A–D. `team` is
    the team's name in the chosen language (default: its code)."""
    parts: list[Text | Table] = []
    name = player.name if japanese or not player.name_en else player.name_en
    head = Text(f"{visible(name)}  ", style="bold")
    head.append(f"{visible(team or player.team)} {player.id}  ", style="dim")
    head.append(("投" if japanese else "T") + f"{player.throws} " + ("打" if japanese else "B") + f"{player.bats}")
    head.append(f"  {'出場ランク' if japanese else 'rank'} {player.rank}", style="dim")
    parts.append(head)
    if player.batting is not None:
        b = player.batting
        t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold cyan")
        for c in BAT_COLUMNS:
            t.add_column(c, justify="right")
        t.add_row(*_row_cells(b.bounds, batting_roll))
        parts.append(t)
        parts.append(Text(f"BT {b.BT}  RR {b.RR}  SR {b.SR}  DP {b.DP}", style="green"))
    fielding = "  ".join(f.text() for f in player.fielding)
    if fielding:
        parts.append(Text(("守備 " if japanese else "Fielding ") + fielding, style="yellow"))
    if player.catcher is not None:
        cr = player.catcher
        parts.append(Text(("肩" if japanese else "arm") + f" {cr.arm}  " + ("捕" if japanese else "block")
                          + f" {cr.block}  " + ("リード" if japanese else "lead") + f" {cr.lead:+d}",
                          style="yellow"))
    if player.pitching is not None:
        p = player.pitching
        t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold magenta")
        t.add_column("", justify="left")
        for c in PITCH_COLUMNS:
            t.add_column(c, justify="right")
        for cond in CONDITIONS:
            current = cond == (condition or "B")
            label = Text(cond, style="bold" if current else "dim")
            cells = _row_cells(p.rows[cond], roll if current else None)
            if current:
                label.stylize("reverse")
            t.add_row(label, *cells, style="bold" if current else "")
        parts.append(t)
        extra = (f"安定度 {p.stability}  回 {p.innings:g}  先 {p.starter}  休 {p.rest}" if japanese else
                 f"stability {p.stability}  inn {p.innings:g}  start {p.starter}  rest {p.rest}")
        if p.bat_rank:
            extra += f"  {'打' if japanese else 'bat'} {p.bat_rank}"
        parts.append(Text(extra, style="green"))
    return Group(*parts)


class CardView(Static):
    """Shows one player's card; set `player`, `condition`, `roll` to redraw."""

    DEFAULT_CSS = """
    CardView {
        border: round $accent;
        padding: 0 1;
        height: auto;
    }
    """

    # the player, the language and the team's name change the card's height (a pitcher's rows,
    # a line that wraps): a new one lays the card out again, not only repaints it in the place
    # the last one took (a card drawn one line high, the rest cut, until something else moved)
    player: reactive[Player | None] = reactive(None, layout=True)
    condition: reactive[str | None] = reactive(None)
    roll: reactive[int | None] = reactive(None)
    batting_roll: reactive[int | None] = reactive(None)
    japanese: reactive[bool] = reactive(True, layout=True)
    team: reactive[str | None] = reactive(None, layout=True)   # the team's name in the chosen language

    def on_mount(self) -> None:
        # set before the card had mounted (a game's first question can come that soon), a
        # value's refresh only marks the card: the size measured from "—" stays cached
        self.refresh(layout=True)

    def render(self):
        if self.player is None:
            return Text("—", style="dim")
        return card_renderable(self.player, condition=self.condition, roll=self.roll,
                               batting_roll=self.batting_roll, japanese=self.japanese,
                               team=self.team)
