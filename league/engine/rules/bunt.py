"""バント・スクイズ: the bunt and the squeeze (9-2-1).

Functions of the game in progress `g` (league.engine.state.GameState; league.engine.game.Game calls them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from typing import Final

from league.engine.rules import runners as _runners
from league.engine.rules import x_table as _x_table
from league.engine.rules.crossplay import crossplay
from league.engine.state import AB, BASE_NAMES, P_BF, P_H, PA, SH, GameState, H, Runner, _on, base_text
from league.errors import DecisionError

# who fields a bunt that is down, by the cross-play's raw roll: its out and, from engine
# version 6, its error
_BUNT_FIELDERS: Final[tuple[str, ...]] = ("P", "3B", "1B", "C")


def bunt(g: GameState, bid: str, pitch: str, pitch_raw: int, squeeze: bool, infield_in: bool
         ) -> _x_table.Repitch | None:
    """バント/スクイズ (9-2-1): the pitch decides whether the bunt gets down; on an X result the
    pitch to throw again, if any (league.engine.rules.x_table)."""
    if pitch == "BB":
        g._walk(bid)
        if not g.quiet:
            g.record("BB")
        g._next_batter()
        return None
    if pitch == "X":
        return _x_table.x_table(g, bid, "bunt", infield_in, [])
    if pitch == "G":
        _runners.defend(g, "ground", bid, "bunt", infield_in, None, pitch, bunt_ground=True)
        return None
    if pitch == "IF":
        _runners.defend(g, "infield_fly", bid, "bunt", infield_in, None, pitch)
        return None
    lead_base = max(g.runners())
    if pitch == "K":
        swinging = squeeze or pitch_raw == 100
        g._strikeout(bid, False)
        if swinging and g.outs < 3:
            lead_rn = _on(g.bases[lead_base])
            rr = g.batting_card(lead_rn.pid).RR
            if not crossplay(g, lead_rn, rr, f"back to {BASE_NAMES[lead_base]}"):
                g.bases[lead_base] = None
                g._credit_out("C", lead_base, True, [])
                g._out(1)
                if not g.quiet:
                    g.record("CAUGHT_OFF", lead_rn.pid, base=lead_base)
                g._next_batter()
                return None
        g._next_batter()
        return None
    # bunt down: cross-play with RR = BT + lead runner RR
    card = g.batting_card(bid)
    lead = _on(g.bases[lead_base])
    lead_rr = g.batting_card(lead.pid).RR
    rr = card.BT + lead_rr
    mods = []
    if infield_in:
        rr -= 1
        mods.append(("infield_in", -1))
        rr = min(rr, 3)
    dfn = g.sides[1 - g.half]
    values = dfn.values
    raw = g.roll("bunt")
    plus_rr = max(lead_rr, card.BT)
    plus_upto = plus_rr + (1 if values.infield_error >= g.opt["bunt_plus_error_value"] else 0)
    # C.2: with a sloppy infield the widened "+" must be able to fire, so by default the "+"
    # comes before the error check (option bunt_error_check)
    check = g.opt["bunt_error_check"]
    if check == "after_plus" and raw <= plus_upto:
        res = "+"
    elif check != "none" and raw <= values.infield_error:
        res = "E"
    elif raw >= values.infield_fine:
        res = "out"
    elif raw <= plus_upto:
        res = "+"
    elif raw <= g.rules.crossplay_safe_upto(rr):
        res = "safe"
    else:
        res = "out"
    if not g.quiet:
        g.log("bunt", raw, tuple(mods), raw, "cross-play", f"RR {rr}", res)
    off = g.sides[g.half]
    mo, md = g.deciders[off.index], g.deciders[dfn.index]
    bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] = bl[PA] + 1
    pl[P_BF] = pl[P_BF] + 1
    old = g.bases
    scored: list[Runner] = []
    new: list[Runner | None] = [None, None, None, None]
    batter = Runner(bid, dfn.pitcher, True)

    def advance_all(extra_from: int | None = None):
        for b in (3, 2, 1):
            rn = old[b]
            if rn is None:
                continue
            to = b + 1 + (1 if extra_from == b else 0)
            if to >= 4:
                scored.append(rn)
            else:
                new[to] = rn

    if res == "E":
        batter.earned = False
        advance_all()
        new[1] = batter
        g.errs[dfn.index] += 1
        # from engine version 6 the man who fields the bunt (_BUNT_FIELDERS, as for its out),
        # no longer the grounder's fielder: that table's raws 1–5 go to the shortstop and
        # the second baseman first, who do not field bunts
        fielder = (dfn.fielder(_BUNT_FIELDERS[raw % 4])
                   if g.version >= _runners.ERRORS_BY_POSITION
                   else _runners._fielder_for(g, "ground", raw))
        _runners.charge_error(g, dfn, fielder)
        bl[AB] = bl[AB] + 1
        g.phantom_outs += 1
        what, who, base = "BUNT_E", "", 0
        outs = 0
    elif res == "+":
        choice = mo.bunt_plus(g)
        if choice is None:
            advance_all()
            new[1] = batter
            bl[AB] = bl[AB] + 1
            bl[H] = bl[H] + 1
            pl[P_H] = pl[P_H] + 1
            g.hits[off.index] += 1
            what, who, base = "BUNT_1B", "", 0
            outs = 0
        else:
            if choice not in bunt_extra_base_runners(g):
                raise DecisionError(f"the runner on {base_text(choice)} "
                                    "cannot take the extra base: his next base is not free")
            advance_all(extra_from=choice)
            bl[SH] = bl[SH] + 1
            what, who, base = "SH_EXTRA", _on(old[choice]).pid, 0
            outs = 1
    elif res == "safe":
        advance_all()
        bl[SH] = bl[SH] + 1
        what, who, base = "SH_ALL", "", 0
        outs = 1
    else:
        victim = md.bunt_out(g, [0] + g.runners())
        if victim not in [0] + g.runners():
            raise DecisionError(f"the defense cannot put out a runner on {base_text(victim)}")
        for b in (3, 2, 1):
            rn = old[b]
            if rn is None or b == victim:
                continue
            to = b + 1
            if to >= 4:
                scored.append(rn)
            else:
                new[to] = rn
        bl[AB] = bl[AB] + 1
        if victim != 0:
            new[1] = batter
            _runners.take_the_place(batter, [_on(old[victim])], dfn.pitcher)
            what, who, base = "BUNT_OUT", _on(old[victim]).pid, min(victim + 1, 4)
        else:
            what, who, base = "BUNT_BATTER_OUT", "", 0
        outs = 1
    g.bases = new
    if outs:
        fielder = _BUNT_FIELDERS[raw % 4]
        base = 1 if res != "out" or victim == 0 else min(victim + 1, 4)
        g._credit_out(fielder, base, True, [])
    g._record_outs(outs)
    if g.outs >= 3 and outs:
        # the third out: the runner who crossed does not score, he is left on base
        g._leave_on_base(scored)
        scored = []
    if scored:
        g._score(scored, rbi_batter=bid if res != "E" else None, earned_play=res != "E")
    if not g.quiet:
        g.record(what, who, base=base)
    g._next_batter()
    return None


def bunt_extra_base_runners(g: GameState) -> list[int]:
    """Bunt '+', batter out: the runners who may take one base more — those whose next base is
    free after everyone has moved up one (C.2); a runner from 3rd has already scored."""
    after = {b + 1 for b in g.runners()}
    return [b for b in g.runners() if b + 1 <= 3 and (b + 2 >= 4 or b + 2 not in after)]
