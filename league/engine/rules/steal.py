"""盗塁: steals with bonus and stop, pick-offs, the catcher table, double steals and no check
(9-2-3).

Functions of the game in progress `g` (league.engine.state.GameState; league.engine.game.Game calls them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from league.engine.state import BASE_NAMES, CS, F_CS, F_SBA, SB, GameState, Runner, _on, base_text
from league.errors import DecisionError


def steal_sr(g: GameState, base_from: int, sr: int, half: bool) -> int:
    """SR used for a steal from this base (9-2-3): 2nd SR, 3rd SR/4, home SR/10; halved on a
    hit-and-run strikeout (SR/2, SR/8, SR/20), rounded up."""
    div = {1: 1, 2: 4, 3: 10}[base_from] * (2 if half else 1)
    return _divide(g, sr, div)


def _divide(g: GameState, sr: int, div: int) -> int:
    """SR/n as the ruleset rounds it (option steal_rounding: "up", the default, or "down")."""
    return -(-sr // div) if g.opt["steal_rounding"] == "up" else sr // div


def pickoff_start(g: GameState, base_from: int, sr: int) -> int:
    """Where the pick-off rows begin: 80 or (2×SR, SR/2, SR/5) whichever is smaller (C.2)."""
    if base_from == 1:
        v = sr if g.opt["pickoff_second"] == "literal" else 2 * sr
    elif base_from == 2:
        v = _divide(g, sr, 2)
    else:
        v = _divide(g, sr, 5)
    return min(80, max(v, 1))


def steal(g: GameState, base_from: int, mode: str = "normal", sr_override: int | None = None,
          half: bool = False, bonus_allowed: bool = True) -> bool:
    """One runner steals (9-2-3). Returns True when the runner stopped (the +5 applies).

    mode: "normal" (the offense may stop), "no_stop" (first runner of a double steal),
    "must_stop" (a steal on a bonus: a catcher-table result means he stops), "forced" (a
    hit-and-run strikeout: every result short of success goes to the catcher table).
    """
    if base_from not in (1, 2, 3):
        raise DecisionError(f"no base {base_from!r} to steal from (1st, 2nd or 3rd)")
    rn = g.bases[base_from]
    if rn is None:
        raise DecisionError(f"no runner on {BASE_NAMES[base_from]} to steal")
    if base_from < 3 and g.bases[base_from + 1] is not None:
        raise DecisionError(
            f"the runner on {BASE_NAMES[base_from]} cannot steal: {BASE_NAMES[base_from + 1]} is taken")
    card = g.batting_card(rn.pid)
    rr, sr = card.RR, card.SR
    used = sr_override if sr_override is not None else steal_sr(g, base_from, sr, half)
    pick = pickoff_start(g, base_from, sr)
    raw = g.roll("steal")
    g._steal_raw = raw
    target = BASE_NAMES[base_from + 1] if base_from < 3 else "home"
    if raw <= rr or (rr <= 0 and raw == 1):
        res = "bonus" if bonus_allowed else "stolen"
    elif raw <= used:
        res = "stolen"
    elif raw < pick:
        res = "choice"
    else:
        res = "picked_off"
    if not g.quiet:
        g.log("steal", raw, (), raw, "steal", f"{BASE_NAMES[base_from]}→{target} SR {used}", res)
    arm_bonus = 1 if raw >= g.opt["steal_arm_bonus_from"] else 0
    if res in ("bonus", "stolen"):
        _stolen(g, base_from, rn)
        if res == "bonus" and g.outs < 3:
            bonus(g, base_from)
        return False
    if mode == "must_stop":
        if not g.quiet:
            g.record("STOP_BONUS", rn.pid, base=base_from + 1)
        return False
    if mode == "forced":
        if catcher_table(g, arm_bonus, f"steal of {target}"):
            _stolen(g, base_from, rn)
        else:
            _caught(g, base_from, rn, False)
        return False
    if res == "choice":
        go = mode == "no_stop" or g.deciders[g.offense.index].steal_go(g, base_from, raw)
        if not go:
            if not g.quiet:
                g.record("STOP", rn.pid, base=base_from + 1)
            return True
        if catcher_table(g, arm_bonus, f"steal of {target}"):
            _stolen(g, base_from, rn)
        else:
            _caught(g, base_from, rn, False)
        return False
    # picked off: the catcher table decides whether he gets back, the catcher's arm +1 (on
    # every pick-off row, or only from the 80 roll: option pickoff_arm_bonus)
    pick_bonus = 1 if g.opt["pickoff_arm_bonus"] == "always" else arm_bonus
    if catcher_table(g, pick_bonus, f"back to {BASE_NAMES[base_from]}"):
        if not g.quiet:
            g.record("PK_BACK", rn.pid, base=base_from)
    else:
        _caught(g, base_from, rn, True)
    return False


def catcher_table(g: GameState, arm_bonus: int, what: str) -> bool:
    """捕手表: the defense rolls; the catcher's arm picks the row. Returns True when safe (○)."""
    dfn = g.sides[1 - g.half]
    catcher = g.players[dfn.positions["C"]].catcher
    arm = (catcher.arm if catcher else 0) + arm_bonus
    raw = g.roll("catcher")
    out_from = g.rules.catcher_out_from_for(arm)
    safe = raw < out_from
    mods = (("steal_80", arm_bonus),) if arm_bonus else ()
    if not g.quiet:
        g.log("catcher", raw, mods, raw, "catcher", f"arm {arm}", ("○" if safe else "×") + f" ({what})")
    return safe


def _stolen(g: GameState, base_from: int, rn: Runner, how: str = "") -> None:
    """A stolen base (a steal, or an X-table S / S+: `how`), credited to the runner."""
    g._fld_at("C")[F_SBA] += 1
    g.bases[base_from] = None
    g._bat_line(g.offense.index, rn.pid)[SB] += 1
    if base_from == 3:
        g._score([rn], rbi_batter=None, earned_play=True)
    else:
        g.bases[base_from + 1] = rn
    if not g.quiet:
        g.record("SB", rn.pid, base=base_from + 1, mods=(how,) if how else ())


def _caught(g: GameState, base_from: int, rn: Runner, picked: bool) -> None:
    """A runner out on a steal: caught stealing (the catcher's throw to the base ahead) or
    picked off (the pitcher's throw back to his base). Either is a caught stealing charged to
    the runner and credited to the thrower — the catcher's or the pitcher's 盗塁刺 — with his
    assist and the putout to the man covering the base."""
    thrower = "P" if picked else "C"
    g._fld_at(thrower)[F_CS] += 1
    g._credit_out(thrower, base_from if picked else min(base_from + 1, 4), True, [])
    g.bases[base_from] = None
    g._bat_line(g.offense.index, rn.pid)[CS] += 1
    g._out(1)
    if not g.quiet:
        g.record("PK" if picked else "CS", rn.pid,
                 base=base_from if picked else base_from + 1)


def bonus(g: GameState, base_from: int) -> None:
    """ボーナス (9-2-3-4): another runner may steal with his own SR, or the same runner again."""
    if g.outs >= 3:
        return
    new_base = base_from + 1
    others = [b for b in g.runners() if b != new_base]
    candidates = []
    if others:
        for b in others:
            if b == 3 or g.bases[b + 1] is None:
                candidates.append(b)
    elif new_base <= 3:
        candidates = [new_base]
    if not candidates:
        return
    pick = g.deciders[g.offense.index].bonus_steal(g, candidates)
    if pick is None:
        return
    if pick not in candidates:
        raise DecisionError(f"the bonus cannot go to a runner on {base_text(pick)}")
    card = g.batting_card(_on(g.bases[pick]).pid)
    own = g.opt["bonus_steal_sr"] == "own"
    steal(g, pick, mode="must_stop", sr_override=card.SR if own else None, bonus_allowed=False)


def double_steal(g: GameState, first: int | None) -> None:
    """重盗・三重盗 (9-2-3-6)."""
    runners = g.runners()
    if len(runners) < 2:
        raise DecisionError("a double steal needs two or more runners")
    free = [b for b in runners if b == 3 or g.bases[b + 1] is None]
    if first is None:
        first = max(free)
    if first not in free:
        raise DecisionError(f"the runner on {BASE_NAMES[first]} cannot go first: the base ahead is taken")
    dfn = g.sides[1 - g.half]
    no_check = bool(g.deciders[dfn.index].no_check(g))
    rn = _on(g.bases[first])
    if no_check:
        # no die is rolled: the play log says so, the roll log holds only real rolls
        if not g.quiet:
            g.record("NO_CHECK")
        _stolen(g, first, rn)
        later_normal = True
        go_on = True
    else:
        steal(g, first, mode="no_stop", bonus_allowed=False)  # a bonus changes nothing
        steal_roll = g._steal_raw
        go_on = steal_roll <= 79
        later_normal = False
    if not go_on or g.outs >= 3:
        return
    for b in (3, 2, 1):
        if g.outs >= 3:
            break
        if g.bases[b] is None or b == first or g.bases[b] is rn:
            continue  # only the other runners join; the first runner has had his steal
        if b < 3 and g.bases[b + 1] is not None:
            continue
        if not g.deciders[g.offense.index].join_steal(g, b):
            continue
        card = g.batting_card(_on(g.bases[b]).pid)
        own = g.opt["no_check_later_sr" if later_normal else "double_steal_later_sr"] == "own"
        steal(g, b, sr_override=card.SR if own else None, bonus_allowed=False)
