"""The pinned situation panel of a game at the keyboard: inning, score, outs, runners with their
RR and SR, the declared strategies, the defence values in force, and the batter's and the
pitcher's cards with the current condition row highlighted and the rolled value marked."""
from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from league.engine.live import describe_call
from tui.widgets.card import CardView
from tui.widgets.plain import Plain

_BASES_JA = {1: "一塁", 2: "二塁", 3: "三塁"}
_BASES_EN = {1: "1st", 2: "2nd", 3: "3rd"}


def situation_text(game: Any, declared: dict[str, Any], japanese: bool,
                   names: dict[str, str] | None = None, dice: str = "",
                   compact: bool = False, player_name: Any = None) -> Text:
    """The situation above the cards, as Rich text (a pure function of the game state);
    `compact` (a small terminal) puts the runners on one line and the defence values on one."""
    names = names or {}
    name = player_name or game.name
    away, home = game.sides[0].team, game.sides[1].team
    half = ("表" if game.half == 0 else "裏") if japanese else ("Top" if game.half == 0 else "Bot")
    t = Text()
    t.append(f"{game.inning}回{half}" if japanese else f"{half} {game.inning}", style="bold")
    t.append(f"  {game.outs}" + ("アウト" if japanese else " out"), style="bold yellow")
    t.append(f"   {names.get(away, away)} {game.score[0]} - {game.score[1]} "
             f"{names.get(home, home)}", style="bold")
    if dice:
        t.append(f"   {dice}", style="dim")
    t.append("\n")
    bases = _BASES_JA if japanese else _BASES_EN
    for b in (3, 2, 1):
        rn = game.bases[b]
        t.append(f"{bases[b]} ", style="cyan")
        end = "  " if compact and b > 1 else "\n"
        if rn is None:
            t.append("—" + end, style="dim")
            continue
        card = game.batting_card(rn.pid)
        t.append(f"{name(rn.pid)} RR {card.RR} SR {card.SR}" if compact
                 else f"{name(rn.pid)}  RR {card.RR}  SR {card.SR}")
        t.append(end)
    dfn, off = game.defense, game.offense
    t.append(("守備 " if japanese else "Defense ") + f"{dfn.team}: ", style="magenta")
    t.append(describe_call(declared.get("defense", "none"), japanese) if "defense" in declared
             else "—")
    t.append(("   攻撃 " if japanese else "   Offense ") + f"{off.team}: ", style="magenta")
    t.append(describe_call(declared["offense"], japanese) if "offense" in declared else "—")
    if game.pitch_bonus:
        t.append(f"   stop +{game.pitch_bonus}", style="yellow")
    t.append("\n")
    v = dfn.values
    if compact:
        t.append(("守備修正 " if japanese else "range ") + f"{v.range_total:+d}  "
                 + ("積極 " if japanese else "agg. ") + f"{v.aggressive_defense}/{v.aggressive_error}  "
                 + f"E {v.infield_error}/{v.outfield_error}/{v.overall_error}  "
                 + f"FP {v.infield_fine}/{v.outfield_fine}/{v.overall_fine}")
    elif japanese:
        t.append(f"守備修正 {v.range_total:+d}  積極守備値 {v.aggressive_defense}  "
                 f"積極エラー値 {v.aggressive_error}\n")
        t.append(f"内野E {v.infield_error}  外野E {v.outfield_error}  全体E {v.overall_error}  "
                 f"FP 内野 {v.infield_fine} 外野 {v.outfield_fine} 全体 {v.overall_fine}")
    else:
        t.append(f"range {v.range_total:+d}  aggressive defense {v.aggressive_defense}  "
                 f"aggressive error {v.aggressive_error}\n")
        t.append(f"E infield {v.infield_error}  outfield {v.outfield_error}  all "
                 f"{v.overall_error}  FP infield {v.infield_fine}  outfield {v.outfield_fine}  "
                 f"all {v.overall_fine}")
    return t


class SituationPanel(Vertical):
    """The situation and the two cards; `show(game, ...)` redraws it (call it only while the
    engine waits for an answer, so the state does not move under it)."""

    DEFAULT_CSS = """
    SituationPanel {
        width: 64;
        height: 1fr;
        border: round $primary;
        padding: 0 0;
        overflow-y: auto;
        scrollbar-size-vertical: 1;
    }
    SituationPanel #situation-text {
        height: auto;
        padding: 0 1;
    }
    SituationPanel CardView {
        margin: 0 0;
    }
    """

    def compose(self) -> ComposeResult:
        yield Plain(id="situation-text")
        yield CardView(id="batter-card")
        yield CardView(id="pitcher-card")

    def show(self, game: Any, declared: dict[str, Any], *, pa_rolls: int = 0,
             japanese: bool = True, names: dict[str, str] | None = None, dice: str = "",
             compact: bool = False, player_name: Any = None) -> None:
        """Redraw from the game; rolls from index `pa_rolls` on belong to this plate appearance
        (the last pitch and bat rolls among them are marked on the cards)."""
        self.query_one("#situation-text", Static).update(
            situation_text(game, declared, japanese, names, dice, compact, player_name))
        pitch = bat = None
        for r in game.rolls[pa_rolls:]:
            if r.purpose == "pitch":
                pitch = r.modified
            elif r.purpose == "bat":
                bat = r.modified
        teams = names or {}        # the cards name the team as the situation line does
        batter = self.query_one("#batter-card", CardView)
        batter.japanese = japanese
        batter.team = teams.get(game.players[game.batter_id].team)
        batter.player = game.players[game.batter_id]
        batter.batting_roll = bat
        pitcher = self.query_one("#pitcher-card", CardView)
        pitcher.japanese = japanese
        pitcher.team = teams.get(game.players[game.defense.pitcher].team)
        pitcher.player = game.players[game.defense.pitcher]
        pitcher.condition = game.defense.condition
        pitcher.roll = pitch
