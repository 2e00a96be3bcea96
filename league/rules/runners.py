"""Runner movement: a defense table read, its tokens applied to the batter and every runner,
cross-plays, outs, putouts and assists, and the play's description (rules §3.6).

Functions of the game in progress `g` (league.game.Game delegates to them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from league.ruleset import CIRCLE, DefenseRow, TRY, token_text
from league.game import AB, BASES_OF_HIT, BASE_NAMES, D2, D3, E, F_DP, F_E, GIDP, Game, H, HIT_WORDS, HR, OUTFIELDERS, PA, P_BF, P_H, P_HR, Runner, SF


def defend(g: "Game", key: str, bid: str, kind: str, infield_in: bool, bat_roll: int | None,
           pitch: str, bunt_ground: bool = False) -> None:
    """Read a defense table and move everyone (rules §3.6)."""
    off, dfn = g.offense, g.defense
    table = g.rules.tables[key]
    md = g.managers[dfn.index]
    values = dfn.values
    aggressive = False
    if key in ("single", "long", "outfield_fly", "ground", "infield_fly"):
        aggressive = bool(md.aggressive(g, key))
    sit = g.situation()
    raw = g.roll("defense")
    mods: list[tuple[str, int]] = []
    if key == "ground" and sit:
        card = g.batting_card(bid)
        if bunt_ground:
            mods.append(("bt", -card.BT))
        else:
            mult = 1 + (1 if infield_in else 0) + (1 if kind == "hit_and_run" else 0)
            if card.DP:
                mods.append(("dp", -card.DP * mult))
    if key == "single" and bat_roll is not None and bat_roll <= values.aggressive_defense:
        mods.append(("defense_modifier", values.range_total))
    if aggressive:
        mods.append(("aggressive", values.aggressive_defense))
    total = raw + sum(v for _, v in mods)
    modified = 1 if total < 1 else 100 if total > 100 else total
    err_value = values.error(table.error) if table.error != "none" else 0
    agg_err = False
    row: DefenseRow | None = None
    if table.error_row is not None and raw <= err_value:
        row = table.error_row
    elif table.error_row is not None and aggressive and raw <= err_value + values.aggressive_error:
        row = table.error_row
        agg_err = True
    else:
        for src, frow in table.fine:
            if raw >= values.fine(src):
                row = frow
                break
    idx = -1
    if row is None:
        idx = table.row_index(modified, aggressive, infield_in)
        row = table.rows[idx]
    tokens = list(row.result(sit, infield_in))
    if kind == "hit_and_run" and idx >= 0 and key in ("single", "long"):
        ridx = max(0, idx - 2)
        up = table.rows[ridx].result(sit, infield_in)
        tokens = [tokens[0]] + list(up[1:])
    if not g.quiet:
        text = "・".join(token_text(t) for t in tokens)
        g.log("defense", raw, tuple(mods), modified, table.name, row.label,
                 text + (" (aggressive error)" if agg_err else ""))
    is_error = row.label == "E"
    g._apply(bid, key, row, tokens, aggressive, is_error, agg_err, kind, raw)


def _apply(g: "Game", bid: str, key: str, row: DefenseRow, tokens: list[tuple[int, int]],
           aggressive: bool, is_error: bool, agg_err: bool, kind: str, raw: int) -> None:
    off, dfn = g.offense, g.defense
    mo = g.managers[off.index]
    outs_before = g.outs
    batter_runner = Runner(bid, dfn.pitcher, not (is_error and not agg_err))
    movers: list[tuple[int, Runner, int]] = [(0, batter_runner, tokens[0][0])]
    notes = []
    for b in (1, 2, 3):
        rn = g.bases[b]
        if rn is None:
            continue
        base, tkind = tokens[b]
        if tkind == CIRCLE and aggressive:
            tkind = TRY
        if base == 0:
            movers.append((b, rn, 0))
            continue
        if base < b:
            base = b
        movers.append((b, rn, base if tkind != TRY else -base))
    # decisions for TRY tokens, lead runner first (movers are in base order: reversed)
    final: list[list] = []
    for origin, rn, target in reversed(movers):
        if target < 0:
            target = -target
            if mo.send(g, origin, target):
                rr = g.batting_card(rn.pid).RR
                safe = g.crossplay(rn, rr, f"{BASE_NAMES[origin]}→{BASE_NAMES[target]}")
                notes.append(f"{g.name(rn.pid)} tries for {BASE_NAMES[target]}: "
                             + ("safe" if safe else "out"))
                target = target if safe else 0
            else:
                target = target - 1
        final.append([origin, rn, target])
    final.reverse()   # back to base order: batter first
    # force: a runner cannot stay on or behind the base of the runner behind him
    prev = 0
    for m in final:
        if m[2] == 0:
            continue
        if m[2] <= prev and m[2] < 4:
            m[2] = prev + 1
        prev = m[2] if m[2] < 4 else prev
    # hit-and-run, the fly is caught: every runner must get back with a cross-play on RR+2
    # (OF, HR table) or RR−2 (IF) (9-2-2), in the order the offense chooses (「どこから行っても
    # よい」, C.2); out if it fails; one who gets back stands on his own base (option
    # hit_and_run_back = "stays") or where the table put him ("table")
    if (kind == "hit_and_run" and final[0][2] == 0
            and key in ("outfield_fly", "home_run", "infield_fly")):
        g._back_on_the_fly(final, key, outs_before, notes)
    outs = sum(1 for m in final if m[2] == 0)
    batter_out = final[0][2] == 0
    others_out = outs - (1 if batter_out else 0)
    # the inning ends at the third out: a double play with two out is one out, and whoever
    # the play did not need to put out stays on base (left on base, not gone)
    outs = min(outs, 3 - outs_before)
    put_out = [m for m in final[::-1] if m[2] == 0]   # lead runner first
    spared = [m[1] for m in put_out[outs:]]
    # 9.16(h): a batter who reaches while a runner left by an earlier pitcher is put out on
    # the play takes that runner's place in the earlier pitcher's account (each pitcher is
    # charged with the number of runners he put on, not with particular runners)
    if final[0][2] != 0:
        inherited = next((m[1] for m in put_out[:outs]
                          if m[0] > 0 and m[1].charged != dfn.pitcher), None)
        if inherited is not None:
            batter_runner.charged = inherited.charged
    # putouts and assists: lead runners first, then the batter, up to the outs that count
    fpos = g._fielder_pos(key, raw)
    in_play: list[list[int]] = []
    for m in put_out[:outs]:
        if m[0] == 0:
            grounder = key == "ground"
            g._credit_out(fpos, 1 if grounder else 1, grounder, in_play)
        else:
            g._credit_out(fpos, min(m[0] + 1, 4), True, in_play)
    if outs >= 2:
        for line in {id(x): x for x in in_play}.values():
            line[F_DP] += 1
    # credit
    bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] += 1
    pl[P_BF] += 1
    credit = row.credit
    bbase = final[0][2]
    if credit is None:
        if is_error and not agg_err:
            credit = "E"
        elif batter_out:
            credit = "out"
        elif key in ("ground", "infield_fly") and others_out:
            credit = "FC"
        elif key in ("ground", "infield_fly"):
            credit = "1B"
        else:
            credit = ("1B", "2B", "3B", "HR")[min(bbase, 4) - 1]
    # runs cross the plate lead runner first (C.2)
    scorers = [m for m in final[::-1] if m[2] >= 4]
    walk_off_note = ""
    need = g.winning_runs_needed() if g._walk_off_cap() else 0
    if (need and len(scorers) >= need and outs_before + outs < 3
            and not (key == "home_run" and credit == "HR")):
        # the game ends when the winning run scores (9.06(f)): a hit counts only the bases the
        # winning runner advanced, and the runners behind him stop where they are
        winning = scorers[need - 1]
        if credit in BASES_OF_HIT:
            credited = min(BASES_OF_HIT[credit], 4 - winning[0])
            if credited < BASES_OF_HIT[credit]:
                walk_off_note = (f" — the winning run scores: credited as a "
                                 f"{HIT_WORDS[credited]} (9.06(f))")
                credit = ("1B", "2B", "3B", "HR")[credited - 1]
            if final[0][2] >= 4 and winning is not final[0]:
                scorers.remove(final[0])
            if winning is not final[0]:
                final[0][2] = min(final[0][2], credited)   # he stops where his hit ends
        taken = {m[2] for m in final if 1 <= m[2] <= 3}
        free = [b for b in (3, 2, 1) if b not in taken]
        for m, b in zip(scorers[need:], free):
            m[2] = b
        scorers = scorers[:need]
    scoring = [m[1] for m in scorers]
    sac_fly = (key in ("outfield_fly", "home_run") and batter_out and credit == "out"
               and any(m[0] == 3 and m[2] >= 4 for m in final) and outs_before + outs < 3)
    if sac_fly:
        bl[SF] += 1
    else:
        bl[AB] += 1
    hit = credit in ("1B", "2B", "3B", "HR")
    if hit:
        bl[H] += 1
        pl[P_H] += 1
        g.hits[off.index] += 1
        if credit == "2B":
            bl[D2] += 1
        elif credit == "3B":
            bl[D3] += 1
        elif credit == "HR":
            bl[HR] += 1
            pl[P_HR] += 1
            g.home_runs.append((off.index, bid, g.inning, dfn.pitcher))
    if is_error and not agg_err:
        g.errs[dfn.index] += 1
        fielder = g._fielder_for(key, raw)
        g._bat_line(dfn.index, fielder)[E] += 1
        g._fld(dfn.index, fielder)[F_E] += 1
        if key in ("ground", "infield_fly", "outfield_fly"):
            g.phantom_outs += 1
    gidp = key == "ground" and batter_out and others_out >= 1 and outs >= 2
    if gidp:
        bl[GIDP] += 1
    # outs and runs: when the play makes the third out and the batter did not reach, no run counts
    g.bases = [None, None, None, None]
    nullified: list[Runner] = []
    if outs_before + outs >= 3 and (batter_out or not hit) and scoring:
        nullified, scoring = scoring, []
    for m in final:
        if 1 <= m[2] <= 3:
            g.bases[m[2]] = m[1]
    g._leave_on_base(spared + nullified)
    desc = ""
    if not g.quiet:
        desc = g._describe(bid, key, credit, final, is_error, agg_err, gidp, sac_fly)
        if notes:
            desc += " (" + "; ".join(notes) + ")"
        if nullified:
            desc = (desc.replace(" scores", " crosses the plate")
                    + " — the third out: no run counts")
    rbi = bid if (credit not in ("E",) and not gidp) else None
    g._record_outs(outs)
    earned_play = not (is_error and not agg_err)
    if scoring:
        g._score(scoring, rbi_batter=rbi, earned_play=earned_play)
    if not g.quiet:
        g.say(desc + walk_off_note)
    if g.outs >= 3:
        g._end_half()
    g._next_batter()


def _fielder_for(g: "Game", key: str, raw: int) -> str:
    """Which fielder the defense table's play goes to: decided by the raw roll, no new die."""
    return g.defense.fielder(g._fielder_pos(key, raw))


def _fielder_pos(g: "Game", key: str, raw: int) -> str:
    if key in ("ground", "infield_fly"):
        pos = ("SS", "2B", "3B", "1B", "SS", "3B", "2B", "1B")[raw % 8]
    elif key == "outfield_fly":
        pos = OUTFIELDERS[raw % 3]
    else:
        pos = ("LF", "CF", "RF", "SS", "2B", "CF")[raw % 6]
    return pos


def _describe(g: "Game", bid, key, credit, final, is_error, agg_err, gidp, sac_fly) -> str:
    what = {"1B": "single", "2B": "double", "3B": "triple", "HR": "home run (inside the park)",
            "E": "reaches on an error", "FC": "fielder's choice"}.get(credit)
    if what is None:
        what = {"ground": "ground out", "infield_fly": "pop out", "outfield_fly": "fly out",
                "home_run": "caught at the wall", "single": "out (fine play)",
                "long": "out (fine play)"}[key]
        if gidp:
            what = "grounds into a double play"
        if sac_fly:
            what = "sacrifice fly"
    if agg_err:
        what += " (aggressive error, scored a hit)"
    parts = [f"{g.name(bid)}: {what}"]
    for origin, rn, target in final[1:]:
        if target == 0:
            parts.append(f"{g.name(rn.pid)} out")
        elif target >= 4:
            parts.append(f"{g.name(rn.pid)} scores")
        elif target != origin:
            parts.append(f"{g.name(rn.pid)} to {BASE_NAMES[target]}")
    return ", ".join(parts)


def crossplay(g: "Game", rn: Runner, rr: int, what: str) -> bool:
    """A cross-play: the runner is safe on a roll up to the table's bound for his RR."""
    raw = g.roll("crossplay")
    safe_upto = g.rules.crossplay_safe_upto(rr)
    safe = raw <= safe_upto
    if not g.quiet:
        g.log("crossplay", raw, (), raw, "cross-play", f"RR {rr}", ("safe" if safe else "out") + f" ({what})")
    return safe
