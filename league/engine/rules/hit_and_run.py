"""ヒットエンドラン: the hit-and-run (9-2-2), all of it here — the pitch roll's +5, the ground
ball's DP counted once more, the runners two rows up on a single or long hit, the strikeout's
forced steals and the caught fly's way back. The plate appearance and the batted-ball rules
(league.engine.rules.plate_appearance, .runners) ask these functions when the offense's call is
a hit-and-run.

Functions of the game in progress `g` (league.engine.state.GameState; league.engine.game.Game calls them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from typing import Final

from league.engine.events import BACK, DOUBLED
from league.engine.rules.crossplay import crossplay
from league.engine.rules.steal import steal
from league.engine.ruleset import DefenseTable
from league.engine.state import BASE_NAMES, GameState, Move, base_text
from league.errors import DecisionError


def pitch_modifier(g: GameState) -> tuple[str, int]:
    """The pitch roll's modifier on a hit-and-run: +5 (option hit_and_run_pitch)."""
    return ("hit_and_run", g.opt["hit_and_run_pitch"])


# the ground ball on a hit-and-run: the batter's DP is subtracted once more than otherwise (DP×2,
# DP×3 with the infield in)
DP_MORE: Final = 1


def runners_two_rows_up(table: DefenseTable, idx: int, sit: int, infield_in: bool,
                        tokens: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """A single or long hit on a hit-and-run: the batter's result as read, the runners' from two
    rows up (towards the error row), never past the first row below it."""
    up = table.rows[max(0, idx - 2)].result(sit, infield_in)
    return (tokens[0],) + up[1:]

def hit_and_run_strikeout(g: GameState) -> None:
    """K on a hit-and-run: every runner must steal with half SR; no stopping (9-2-2)."""
    for b in (3, 2, 1):
        if g.outs >= 3:
            return
        if g.bases[b] is None or (b < 3 and g.bases[b + 1] is not None):
            continue
        steal(g, b, mode="forced", half=True, bonus_allowed=False)


def _back_on_the_fly(g: GameState, final: list[Move], key: str, outs_before: int,
                     notes: list[tuple[str, str, int]]) -> None:
    """Hit-and-run, the fly is caught (9-2-2): each runner makes a cross-play to get back, in
    the order the offense chooses; no more once the third out is made."""
    back = g.opt["hit_and_run_if_rr" if key == "infield_fly" else "hit_and_run_back_rr"]
    stays = g.opt["hit_and_run_back"] == "stays"
    waiting = [m for m in final[1:] if m.to != 0]
    while waiting and outs_before + sum(1 for x in final if x.to == 0) < 3:
        if len(waiting) > 1:
            first = g.deciders[g.offense.index].back_first(g, [m.start for m in waiting])
            m = next((m for m in waiting if m.start == first), None)
            if m is None:
                raise DecisionError(f"no runner from {base_text(first)} "
                                    "has to get back")
        else:
            m = waiting[0]
        waiting.remove(m)
        safe = crossplay(g, m.runner, g.batting_card(m.runner.pid).RR + back,
                              f"back to {BASE_NAMES[m.start]}")
        notes.append((m.runner.pid, BACK if safe else DOUBLED, m.start))
        if not safe:
            m.to = 0
        elif stays:
            m.to = m.start
