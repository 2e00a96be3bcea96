"""The X table: hit by pitch, walk, steals S / S+, wild pitch, balk and passed balls (rules §3.4).

Functions of the game in progress `g` (league.engine.state.GameState; league.engine.game.Game calls them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from league.engine.rules.steal import _stolen
from league.engine.state import F_PB, P_BK, P_WP, GameState, Runner

# the pitch thrown again after an X result (the X table's re-pitch, a steal on S / S+, every runner
# moving up on a balk, wild pitch or passed ball): the kind of play still on and the pitch's
# modifiers (league.engine.rules.plate_appearance.pitch throws it)
Repitch = tuple[str, list[tuple[str, int]]]


def x_table(g: GameState, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> Repitch | None:
    """The X result; the pitch to throw again, if any (the caller throws it)."""
    dfn = g.sides[1 - g.half]
    catcher = g.players[dfn.positions["C"]].catcher
    block = catcher.block if catcher else 0
    raw = g.roll("x")
    xm = (("block", block),) if block else ()
    total = raw + block
    modified = 1 if total < 1 else 100 if total > 100 else total
    code = g.rules.x_table.lookup[modified]
    if not g.quiet:
        g.log("x", raw, xm, modified, "X", str(modified), code)
    runners = g.runners()
    pl = g.pit[dfn.pitcher]
    if code == "HP":
        g._walk(bid, hbp=True)
        if not g.quiet:
            g.record("HBP")
        g._next_batter()
        return None
    if code == "BB":
        g._walk(bid)
        if not g.quiet:
            g.record("BBX")
        g._next_batter()
        return None
    if not runners:
        if g.opt["x_nobody_on"] == "walk":
            g._walk(bid)
            if not g.quiet:
                g.record("BBX0")
            g._next_batter()
            return None
        # re-pitch, the pitch roll moved against the pitcher (rules C.2)
        new_mods = [m for m in mods if m[0] != "x_repitch"]
        new_mods.append(("x_repitch", -g.opt["x_repitch_modifier"]))
        return kind, new_mods
    if code in ("S", "S+"):
        need = 3 if code == "S" else 1
        for b in (3, 2, 1):
            rn = g.bases[b]
            if rn is None or (b < 3 and g.bases[b + 1] is not None):
                continue
            card = g.batting_card(rn.pid)
            if card.RR >= need or (code == "S+" and card.SR >= 1):
                _stolen(g, b, rn, code)
                if g.outs >= 3 or g._walk_off():
                    return None
                return kind, mods
        # no eligible runner: as if this X never happened
        return kind, mods
    # BK WP PB PB+: everyone advances one base
    if code.startswith("PB"):
        g._fld_at("C")[F_PB] += 1
    if code == "WP":
        pl[P_WP] = pl[P_WP] + 1
    elif code == "BK":
        pl[P_BK] = pl[P_BK] + 1
    scored: list[Runner] = []
    third = g.bases[3]
    if third:
        scored.append(third)
    g.bases[3], g.bases[2], g.bases[1] = g.bases[2], g.bases[1], None
    if code == "PB+":
        for b in (3, 2, 1):
            on_base = g.bases[b]
            if on_base is not None:
                if b == 3:
                    scored.append(on_base)
                else:
                    g.bases[b + 1] = g.bases[b]
                g.bases[b] = None
                break
    g._score(scored, rbi_batter=None, earned_play=True, pb=code.startswith("PB"))
    if not g.quiet:
        # every runner moved up: each named, the lead runner first ("passed ball: A scores,
        # B to 3rd"); nobody stays on 1st
        moves = [(r.pid, 3, 4) for r in scored]
        for b in (3, 2):
            runner = g.bases[b]
            if runner is not None:
                moves.append((runner.pid, b - 1, b))
        g.record(code, moves=tuple(moves))
    if g._walk_off():
        return None
    return kind, mods
