"""The plate appearance: the defense's and offense's calls, the pitch on the pitcher's card, the
batter's card, walks, strikeouts and home runs (rules §3).

Functions of the game in progress `g` (league.engine.state.GameState; league.engine.game.Game calls them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from typing import Final

from league.engine.rules import bunt as _bunt
from league.engine.rules import hit_and_run as _hit_and_run
from league.engine.rules import runners as _runners
from league.engine.rules import steal as _steal
from league.engine.rules import x_table as _x_table
from league.engine.state import AB, ASK_DEFENSE_CALL, HR, P_BF, P_H, P_HR, PA, GameState, H, Runner
from league.errors import DecisionError

# the defense table a batting result is read on (OF and HR are decided by the pitch first)
BAT_TABLES: Final = {"1B": "single", "LG": "long", "G": "ground", "IF": "infield_fly"}
# no call of the offense (one tuple object: see league.manager.computer's calls)
_NO_CALL: Final[tuple[object, ...]] = ("none",)
_NO_MODS: Final[list[tuple[str, int]]] = []


def plate_appearance(g: GameState) -> None:
    half = g.half
    off, dfn = g.sides[half], g.sides[1 - half]
    bid = off.order[off.batting_index]
    call_d = g.deciders[dfn.index].defense_call(g) if g.ask_defense & ASK_DEFENSE_CALL else "none"
    if call_d != "none" and call_d != "infield_in":
        if call_d != "ibb":
            raise DecisionError(f"unknown defense strategy {call_d!r}")
        g._walk(bid, True)
        if not g.quiet:
            g.record("IBB")
        return g._next_batter()
    infield_in = call_d == "infield_in"
    bases = g.bases
    kind = "none"
    call_o: tuple = _NO_CALL
    if bases[1] is not None or bases[2] is not None or bases[3] is not None:
        # the offense's call is a decision only with a runner on base
        call_o = g.deciders[off.index].offense_call(g)
        kind = call_o[0]
    # the pitch's modifiers besides the platoon's: most plate appearances have none (one empty
    # list shared by them, never changed: a modifier makes a new list)
    pitch_mods = _NO_MODS
    if g.pitch_bonus:
        pitch_mods = [("stop", g.pitch_bonus)]
        g.pitch_bonus = 0
    if kind != "none":
        if kind == "steal":
            stopped = _steal.steal(g, call_o[1])
            if g.outs >= 3 or g._walk_off():
                return
            if stopped:
                pitch_mods = [*pitch_mods, ("stop", g.opt["stop_pitch"])]
            kind = "none"
        elif kind == "double_steal":
            _steal.double_steal(g, call_o[1] if len(call_o) > 1 else None)
            if g.outs >= 3 or g._walk_off():
                return
            kind = "none"
        elif kind == "hit_and_run":
            pitch_mods = [*pitch_mods, _hit_and_run.pitch_modifier(g)]
        elif kind != "none" and kind != "bunt" and kind != "squeeze":  # a bunt is decided by the pitch
            raise DecisionError(f"unknown offense strategy {kind!r}")
        bases = g.bases
        if kind != "none" and bases[1] is None and bases[2] is None and bases[3] is None:
            kind = "none"
    # pitch(), in place (once a plate appearance)
    again = _pitch(g, bid, kind, infield_in, pitch_mods)
    while again is not None:
        again = _pitch(g, bid, again[0], infield_in, again[1])


def pitch(g: GameState, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> None:
    """The pitch on the pitcher's card and what follows from it; an X result may have the pitch
    thrown again (league.engine.rules.x_table), with its own modifiers, until one is not."""
    again = _pitch(g, bid, kind, infield_in, mods)
    while again is not None:
        again = _pitch(g, bid, again[0], infield_in, again[1])


def _pitch(g: GameState, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]
           ) -> _x_table.Repitch | None:
    dfn = g.sides[1 - g.half]
    bases = g.bases
    if kind != "none" and bases[1] is None and bases[2] is None and bases[3] is None:
        kind = "none"  # the runners are gone (an X result): the strategy lapses
    pitcher = g.players[dfn.pitcher]
    condition = dfn.condition
    row = dfn.mound_row
    if pitcher is not dfn.mound or condition != dfn.mound_condition or row is None:
        # his row today and the platoon modifiers of his hand, kept while the same card (an
        # accident gives a man another) pitches in the same condition
        pcard = pitcher.pitching
        row = pcard.rows[condition] if pcard else g.rules.sub_pitchers["B"].rows[condition]
        dfn.mound = pitcher
        dfn.mound_condition = condition
        dfn.mound_row = row
        dfn.mound_vs = g.platoon_by.get(pitcher.throws)
    # the platoon modifier is added here, once: mods holds the others (the stop, the
    # hit-and-run, an X table re-pitch's), as the X table passes them on
    vs = dfn.mound_vs
    plat = vs.get(g.players[bid].bats, 0) if vs is not None else 0
    seeded = g.seeded
    raw = seeded.roll("pitch") if seeded is not None else g.dice.roll("pitch")
    g.raws.append(raw)
    total = raw + plat
    for m in mods:
        total += m[1]
    modified = 1 if total < 1 else 100 if total > 100 else total
    res = row.lookup[modified]
    if not g.quiet:
        # most pitches have no modifier but the platoon's: one tuple made, not two added
        pmods: tuple[tuple[str, int], ...]
        if plat:
            pmods = (("platoon", plat),) + tuple(mods) if mods else (("platoon", plat),)
        else:
            pmods = tuple(mods) if mods else ()
        if g.log_in_place:
            # g.log, in place (its Roll made when the log is read: GameState.recording)
            g.recording.roll_rows.append(("pitch", raw, pmods, modified, "pitcher card",
                                          condition, res))
        else:
            g.log("pitch", raw, pmods, modified, "pitcher card", condition, res)
    if kind != "none" and (kind == "bunt" or kind == "squeeze"):
        return _bunt.bunt(g, bid, res, raw, kind == "squeeze", infield_in)
    # the results by how often a pitch reads them (BS 44 %, G 19, K 18, IF 7, BB 4, BS+ 3,
    # BS* 2, X 2 in the bundled league), each an equality of its own
    if res == "BS":
        bat_roll(g, bid, res, kind, infield_in)
        return None
    if res == "G":
        _runners.defend(g, "ground", bid, kind, infield_in, None, res)
        return None
    if res == "K":
        _struck_out(g, bid, kind)
        return None
    if res == "IF":
        _runners.defend(g, "infield_fly", bid, kind, infield_in, None, res)
        return None
    if res == "BB":
        _walked(g, bid)
        return None
    if res == "X":
        return _x_table.x_table(g, bid, kind, infield_in, mods)
    bat_roll(g, bid, res, kind, infield_in)
    return None


def _walked(g: GameState, bid: str) -> None:
    """A walk read off the pitcher's card or the batter's, and the next batter up
    (GameState._next_batter, in place: once a plate appearance)."""
    g._walk(bid)
    if not g.quiet:
        g.record("BB")
    off = g.sides[g.half]
    off.batting_index = (off.batting_index + 1) % 9


def _struck_out(g: GameState, bid: str, kind: str) -> None:
    """A strikeout read off the pitcher's card or the batter's (the hit-and-run's runners caught
    going), and the next batter up."""
    g._strikeout(bid, False)
    if kind == "hit_and_run" and g.outs < 3 and g.runners():
        _hit_and_run.hit_and_run_strikeout(g)
    off = g.sides[g.half]
    off.batting_index = (off.batting_index + 1) % 9


def bat_roll(g: GameState, bid: str, pitch: str, kind: str, infield_in: bool) -> None:
    if g.heavy and bid in g.heavy:
        pitch = "BS"  # §7.6: a heavy injury reads BS*/BS+ as a plain BS for him
    card = g._cards.get(bid)        # g.batting_card, its kept answer read in place
    if card is None:
        card = g.batting_card(bid)
    seeded = g.seeded
    raw = seeded.roll("bat") if seeded is not None else g.dice.roll("bat")
    g.raws.append(raw)
    res = card.bounds.lookup[raw]
    if not g.quiet:
        if g.log_in_place:
            g.recording.roll_rows.append(("bat", raw, (), raw, "batter card", "", res))  # g.log
        else:
            g.log("bat", raw, (), raw, "batter card", "", res)
    if res == "HR" and not card.hr_defended and g.players[bid].batting is None:
        res = g.opt["pitcher_hr_without_plus"]
    if res == "BB":
        _walked(g, bid)
        return None
    if res == "K":
        _struck_out(g, bid, kind)
        return None
    if res == "HR":
        exact = raw == card.bounds.bound("HR")
        if pitch == "BS*" or pitch == "BS+" or not exact:
            return _home_run(g, bid)
        return _runners.defend(g, "home_run", bid, kind, infield_in, raw, pitch)
    if res == "OF":
        table = "home_run" if pitch == "BS*" else "single" if pitch == "BS+" else "outfield_fly"
        return _runners.defend(g, table, bid, kind, infield_in, raw, pitch)
    return _runners.defend(g, BAT_TABLES[res], bid, kind, infield_in, raw, pitch)


def _home_run(g: GameState, bid: str) -> None:
    off, dfn = g.sides[g.half], g.sides[1 - g.half]
    bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] = bl[PA] + 1
    bl[AB] = bl[AB] + 1
    bl[H] = bl[H] + 1
    bl[HR] = bl[HR] + 1
    pl[P_H] = pl[P_H] + 1
    pl[P_HR] = pl[P_HR] + 1
    pl[P_BF] = pl[P_BF] + 1
    hits = g.hits
    hits[off.index] = hits[off.index] + 1
    g.home_runs.append((off.index, bid, g.inning, dfn.pitcher))
    scored = [rn for rn in (g.bases[3], g.bases[2], g.bases[1]) if rn is not None]
    scored.append(Runner(bid, dfn.pitcher, True))
    g.bases = [None, None, None, None]
    n = len(scored)
    # a home run over the fence counts every run, a walk-off one too (9.06(g))
    g._score(scored, rbi_batter=bid, earned_play=True, full=True)
    if not g.quiet:
        g.record("HR", runs=n)
    g._next_batter()
