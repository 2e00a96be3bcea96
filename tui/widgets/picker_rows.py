"""What a manager chooses a pinch hitter, a pinch runner, a defensive substitute or a reliever by,
as the rows of a picker: the card's row, bats and throws, fatigue and rest, the season so far.
Pure functions of the game and the season lines (Rich text; names are data, never markup)."""
from __future__ import annotations

from typing import Any

from rich.text import Text

from league.season.stats import stat_text
from league.visible import visible


def bounds_text(bounds: Any) -> str:
    """A card row as it is read: "BB~4 1B~27 LG~34 …" ("-" for an absent column)."""
    return " ".join(f"{c}{'-' if b is None else '~' + str(b)}"
                    for c, b in zip(bounds.columns, bounds.bounds))


def _name(player: Any, ja: bool) -> str:
    return visible(player.name if ja or not getattr(player, "name_en", "") else player.name_en)


def _hands(player: Any, ja: bool) -> str:
    return (f"投{player.throws} 打{player.bats}" if ja
            else f"throws {player.throws} bats {player.bats}")


def batting_season(st: Any, ja: bool) -> str:
    """A batter's season line so far: AVG, HR, RBI, SB, OPS over his games."""
    if st is None or not st.pa:
        return "今季出場なし" if ja else "no games this season"
    if ja:
        return (f"今季 {st.games}試合 打率 {stat_text('avg', st.avg)} 本 {st.hr} 点 {st.rbi} "
                f"盗 {st.sb} OPS {stat_text('ops', st.ops)}")
    return (f"season: {st.games} G  AVG {stat_text('avg', st.avg)}  HR {st.hr}  RBI {st.rbi}  "
            f"SB {st.sb}  OPS {stat_text('ops', st.ops)}")


def pitching_season(st: Any, ja: bool) -> str:
    """A pitcher's season line so far: games, ERA, innings, W-L, saves, holds."""
    if st is None or not st.games:
        return "今季登板なし" if ja else "no games this season"
    if ja:
        return (f"今季 {st.games}登板 防御率 {stat_text('era', st.era)} {st.ip_text}回 "
                f"{st.wins}勝{st.losses}敗 {st.saves}S {st.holds}H")
    return (f"season: {st.games} G  ERA {stat_text('era', st.era)}  IP {st.ip_text}  "
            f"{st.wins}-{st.losses}  SV {st.saves}  HLD {st.holds}")


def batter_row(game: Any, pid: str, season: dict[str, tuple[Any, Any]], ja: bool,
               head: str = "") -> Text:
    """A bench player: name, hands, rank and positions; his batting card's row with BT RR SR
    DP; his season."""
    p = game.players[pid]
    t = Text()
    if head:
        t.append(head + "\n", style="bold cyan")
    t.append(_name(p, ja), style="bold")
    t.append(f"  {pid}  {_hands(p, ja)}  " + ("出場ランク " if ja else "rank ") + str(p.rank),
             style="dim")
    fielding = " ".join(f.text() for f in p.fielding)
    if fielding:
        t.append(("  守備 " if ja else "  fields ") + fielding, style="yellow")
    card = game.batting_card(pid)
    t.append("\n  " + bounds_text(card.bounds))
    t.append(f"  BT {card.BT} RR {card.RR} SR {card.SR} DP {card.DP}", style="green")
    t.append("\n  " + batting_season(season.get(pid, (None, None))[0], ja), style="dim")
    return t


def reliever_row(game: Any, side: Any, pid: str, season: dict[str, tuple[Any, Any]],
                 ja: bool, role: str = "") -> Text:
    """A bullpen arm: name, hands, role; the condition row he comes in on (B); stability,
    innings, rest days and the fatigue he carries; his season."""
    p = game.players[pid]
    c = p.pitching
    t = Text()
    t.append(_name(p, ja), style="bold")
    t.append(f"  {pid}  {_hands(p, ja)}", style="dim")
    if role:
        t.append(f"  {role}", style="cyan")
    if c is None:
        return t
    tired = game.fatigue_points(side, pid)
    t.append("  " + (f"安定度 {c.stability} 回 {c.innings:g} 休 {c.rest}" if ja
                     else f"stability {c.stability} inn {c.innings:g} rest {c.rest}"),
             style="green")
    t.append("  " + ((f"疲労 {tired}" if tired else "疲労なし") if ja
                     else (f"fatigue {tired}" if tired else "rested")),
             style="bold red" if tired else "green")
    t.append("\n  B: " + bounds_text(c.rows["B"]))
    t.append("\n  " + pitching_season(season.get(pid, (None, None))[1], ja), style="dim")
    return t
