"""Pitching decisions: win, loss, save and holds (勝 敗 S H), from the game's record."""
from __future__ import annotations

from typing import TYPE_CHECKING

from league.game import P_OUTS

if TYPE_CHECKING:
    from league.game import Game


def decide(game: "Game", winner: int | None) -> dict[str, str]:
    """Return {pitcher id: "W" | "L" | "S" | "H"}; a drawn game has holds only."""
    out: dict[str, str] = {}
    if winner is not None:
        # the pitchers of record when the winner took the lead for the last time
        last = next((c for c in reversed(game.lead_changes) if c[0] == winner), None)
        if last is not None:
            _, win_pitcher, lose_pitcher = last
            wside = game.sides[winner]
            starter = wside.pitchers_used[0]
            if win_pitcher == starter and game.pit[starter][P_OUTS] < 15 and len(wside.pitchers_used) > 1:
                # a starter needs five innings for the win: it goes to the reliever who did most
                relievers = wside.pitchers_used[1:]
                win_pitcher = max(relievers, key=lambda p: (game.pit[p][P_OUTS], -relievers.index(p)))
            out[win_pitcher] = "W"
            out[lose_pitcher] = "L"
            finisher = wside.pitchers_used[-1]
            if finisher not in out and finisher != starter:
                ent = wside.entry.get(finisher, {})
                outs = game.pit[finisher][P_OUTS]
                if (0 < ent.get("lead", 0) <= 3 and outs >= 3) or outs >= 9:
                    out[finisher] = "S"
    for side in game.sides:
        last_pitcher = side.pitchers_used[-1]
        for pid in side.pitchers_used[1:]:
            if pid in out or pid == last_pitcher:
                continue
            ent = side.entry.get(pid, {})
            if 0 < ent.get("lead", 0) <= 3 and ent.get("outs", 0) >= 1 and not ent.get("blown"):
                out[pid] = "H"
    return out
