"""The plate appearance: the defense's and offense's calls, the pitch on the pitcher's card, the
batter's card, walks, strikeouts and home runs (rules §3).

Functions of the game in progress `g` (league.game.Game delegates to them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from league.errors import DecisionError
from league.game import AB, BB, F_PO, Game, H, HBP, HR, IBB, PA, P_BB, P_BF, P_H, P_HBP, P_HR, P_IBB, P_SO, Runner, SO


def plate_appearance(g: "Game") -> None:
    off, dfn = g.offense, g.defense
    mo, md = g.managers[off.index], g.managers[dfn.index]
    bid = g.batter_id
    call_d = md.defense_call(g)
    if call_d not in ("none", "ibb", "infield_in"):
        raise DecisionError(f"unknown defense strategy {call_d!r}")
    if call_d == "ibb":
        g._walk(bid, intentional=True)
        if not g.quiet:
            g.say(f"{g.name(bid)}: intentional walk")
        return g._next_batter()
    infield_in = call_d == "infield_in"
    call_o = mo.offense_call(g) if g.runners() else ("none",)
    kind = call_o[0]
    if kind != "none" and not g.runners():
        raise DecisionError(f"{kind} needs a runner on base")
    pitch_mods: list[tuple[str, int]] = []
    if g.pitch_bonus:
        pitch_mods.append(("stop", g.pitch_bonus))
        g.pitch_bonus = 0
    if kind == "steal":
        stopped = g.steal(call_o[1])
        if g.outs >= 3 or g._walk_off():
            return
        if stopped:
            pitch_mods.append(("stop", g.opt["stop_pitch"]))
        kind = "none"
    elif kind == "double_steal":
        g.double_steal(call_o[1] if len(call_o) > 1 else None)
        if g.outs >= 3 or g._walk_off():
            return
        kind = "none"
    elif kind == "hit_and_run":
        pitch_mods.append(("hit_and_run", g.opt["hit_and_run_pitch"]))
    elif kind not in ("none", "bunt", "squeeze"):  # a bunt is decided by the pitch
        raise DecisionError(f"unknown offense strategy {kind!r}")
    if not g.runners() and kind != "none":
        kind = "none"
    g.pitch(bid, kind, infield_in, pitch_mods)


def pitch(g: "Game", bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> None:
    off, dfn = g.offense, g.defense
    if kind != "none" and g.bases[1] is None and g.bases[2] is None and g.bases[3] is None:
        kind = "none"  # the runners are gone (an X result): the strategy lapses
    pid = dfn.pitcher
    pcard = g.players[pid].pitching
    batter = g.players[bid]
    bats = batter.bats
    throws = g.players[pid].throws
    if bats == "S":
        key = throws + "S"
    else:
        key = throws + bats
    plat = g.rules.platoon.get(key, 0)
    mods = [m for m in mods if m[0] != "platoon"]  # a re-pitch after X: platoon once only
    if plat:
        mods = [("platoon", plat)] + mods
    raw = g.roll("pitch")
    total = raw + sum(v for _, v in mods)
    modified = 1 if total < 1 else 100 if total > 100 else total
    row = pcard.rows[dfn.condition] if pcard else g.rules.sub_pitchers["B"].rows[dfn.condition]
    res = row.read(modified)
    if not g.quiet:
        g.log("pitch", raw, tuple(mods), modified, "pitcher card", dfn.condition, res)
    if kind in ("bunt", "squeeze"):
        return g.bunt(bid, res, raw, kind == "squeeze", infield_in)
    if res == "BB":
        g._walk(bid)
        if not g.quiet:
            g.say(f"{g.name(bid)}: walk")
        return g._next_batter()
    if res == "K":
        g._strikeout(bid, swinging_runner_check=False)
        if kind == "hit_and_run" and g.outs < 3 and g.runners():
            g.hit_and_run_strikeout()
        return g._next_batter() if g.outs < 3 else g._next_batter()
    if res == "X":
        return g.x_table(bid, kind, infield_in, mods)
    if res == "G":
        return g.defend("ground", bid, kind, infield_in, bat_roll=None, pitch=res)
    if res == "IF":
        return g.defend("infield_fly", bid, kind, infield_in, bat_roll=None, pitch=res)
    return g.bat_roll(bid, res, kind, infield_in)


def bat_roll(g: "Game", bid: str, pitch: str, kind: str, infield_in: bool) -> None:
    if g.heavy and bid in g.heavy:
        pitch = "BS"  # §7.6: a heavy injury reads BS*/BS+ as a plain BS for him
    card = g.batting_card(bid)
    raw = g.roll("bat")
    res = card.bounds.read(raw)
    if not g.quiet:
        g.log("bat", raw, (), raw, "batter card", "", res)
    if res == "HR" and not card.hr_defended and g.players[bid].batting is None:
        res = g.opt["pitcher_hr_without_plus"]
    if res == "BB":
        g._walk(bid)
        if not g.quiet:
            g.say(f"{g.name(bid)}: walk")
        return g._next_batter()
    if res == "K":
        g._strikeout(bid, False)
        if kind == "hit_and_run" and g.outs < 3 and g.runners():
            g.hit_and_run_strikeout()
        return g._next_batter()
    if res == "HR":
        exact = raw == card.bounds.bound("HR")
        if pitch in ("BS*", "BS+") or not exact:
            return g._home_run(bid)
        return g.defend("home_run", bid, kind, infield_in, bat_roll=raw, pitch=pitch)
    if res == "OF":
        table = "home_run" if pitch == "BS*" else "single" if pitch == "BS+" else "outfield_fly"
        return g.defend(table, bid, kind, infield_in, bat_roll=raw, pitch=pitch)
    table = {"1B": "single", "LG": "long", "G": "ground", "IF": "infield_fly"}[res]
    return g.defend(table, bid, kind, infield_in, bat_roll=raw, pitch=pitch)


def _walk(g: "Game", bid: str, intentional: bool = False, hbp: bool = False) -> None:
    off, dfn = g.offense, g.defense
    bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] += 1
    if hbp:
        bl[HBP] += 1
        pl[P_HBP] += 1
    else:
        bl[BB] += 1
        pl[P_BB] += 1
        if intentional:
            bl[IBB] += 1
            pl[P_IBB] += 1
    pl[P_BF] += 1
    # forced runners advance
    runs = []
    new = Runner(bid, dfn.pitcher, True)
    moving: Runner | None = new
    for b in (1, 2, 3):
        if g.bases[b] is None:
            g.bases[b] = moving
            moving = None
            break
        g.bases[b], moving = moving, g.bases[b]
    if moving is not None:
        runs.append(moving)
    g._score(runs, rbi_batter=bid, earned_play=True)


def _strikeout(g: "Game", bid: str, swinging_runner_check: bool) -> None:
    bl = g._bat_line(g.offense.index, bid)
    pl = g.pit[g.defense.pitcher]
    bl[PA] += 1
    bl[AB] += 1
    bl[SO] += 1
    pl[P_SO] += 1
    pl[P_BF] += 1
    g._fld_at("C")[F_PO] += 1
    g._out(1, None if g.quiet else f"{g.name(bid)}: strikeout")


def _home_run(g: "Game", bid: str) -> None:
    off, dfn = g.offense, g.defense
    bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] += 1
    bl[AB] += 1
    bl[H] += 1
    bl[HR] += 1
    pl[P_H] += 1
    pl[P_HR] += 1
    pl[P_BF] += 1
    g.hits[off.index] += 1
    g.home_runs.append((off.index, bid, g.inning, dfn.pitcher))
    scored = [rn for rn in (g.bases[3], g.bases[2], g.bases[1]) if rn is not None]
    scored.append(Runner(bid, dfn.pitcher, True))
    g.bases = [None, None, None, None]
    n = len(scored)
    # a home run over the fence counts every run, a walk-off one too (9.06(g))
    g._score(scored, rbi_batter=bid, earned_play=True, full=True)
    if not g.quiet:
        g.say(f"{g.name(bid)}: home run" + (f", {n} runs" if n > 1 else ""))
    g._next_batter()
