"""クロスプレー: the cross-play, a runner against the throw (the cross-play table, rules C.1) —
the runners' advances, the bunt and the hit-and-run's way back all play it.

A function of the game in progress `g` (league.engine.state.GameState; the roll is logged through it).
"""
from __future__ import annotations

from league.engine.state import GameState, Runner


def crossplay(g: GameState, rn: Runner, rr: int, what: str) -> bool:
    """A cross-play: the runner is safe on a roll up to the table's bound for his RR."""
    raw = g.roll("crossplay")
    safe_upto = g.rules.crossplay_safe_upto(rr)
    safe = raw <= safe_upto
    if not g.quiet:
        g.log("crossplay", raw, (), raw, "cross-play", f"RR {rr}", ("safe" if safe else "out") + f" ({what})")
    return safe

