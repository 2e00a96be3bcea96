"""Runner movement: a defense table read, its tokens applied to the batter and every runner,
cross-plays, outs, putouts and assists, and the play's description (rules §3.6).

Functions of the game in progress `g` (league.engine.state.GameState; league.engine.game.Game calls them); every roll is
logged through it and decisions come from its managers.
"""
from __future__ import annotations

from typing import Final

from league.engine.events import AGGRESSIVE, NO_RUN, TRY_OUT, TRY_SAFE, WALK_OFF
from league.engine.rules import hit_and_run as _hit_and_run
from league.engine.rules.crossplay import crossplay
from league.engine.ruleset import CIRCLE, TRY, DefenseRow, DefenseTable, token_text
from league.engine.state import (
    AB,
    ASK_AGGRESSIVE,
    BASE_NAMES,
    BASES_OF_HIT,
    D2,
    D3,
    F_DP,
    F_E,
    GIDP,
    HR,
    LEAD_FIRST,
    OUTFIELDERS,
    P_BF,
    P_H,
    P_HR,
    PA,
    SF,
    SH,
    E,
    GameState,
    H,
    Move,
    Runner,
    Side,
)
from league.engine.values import DefenceValues, TableValues

# the tables on which the defense may play aggressively (積極守備), asked after the batting result
AGGRESSIVE_TABLES: Final = frozenset(("single", "long", "outfield_fly", "ground", "infield_fly"))
# a tuple object to the compiled build (indexed by a number: not made again at each read)
CREDIT_OF_BASES: Final[tuple[str, ...]] = ("1B", "2B", "3B", "HR")
# who fields a play, by the raw defense roll (_fielder_pos): grounders and infield flies, and
# the other tables' (tuple objects made once, as CREDIT_OF_BASES). The same raw roll says
# whether the play is an error (at or below the error value, 1–3 for most teams, 4–5 for a
# few) and, on a grounder, a fine play (95–100), so up to engine version 6 the fielder of the
# lowest raws was charged with nearly every error (from 7, _error_pos). From engine version 6
# the raws 1, 2, 3, 4 go to the short, third, second and first baseman, the order of real
# infielders' errors (SS > 3B > 2B > 1B, docs/scoring.md "Who fields the ball"), and 5–8 repeat
# it (an error value of 5 or more); each keeps two of the eight slots, so each still fields a
# quarter of the plays and double plays (which fall on raws 60–100, spread evenly over the
# slots). The two ends go together: raws 97–100 read slots 1–4, so the grounder's fine plays of
# 97 to 100 go SS, 3B, 2B, 1B.
_INFIELD_PLAYS: Final[tuple[str, ...]] = ("1B", "SS", "3B", "2B", "1B", "SS", "3B", "2B")
# engine version 5 and before: raws 1, 2, 3 went to 2B, 3B, 1B, and a shortstop was charged
# with an error only at an error value of 4 (a stored game replays with the fielders it had)
_INFIELD_PLAYS_5: Final[tuple[str, ...]] = ("SS", "2B", "3B", "1B", "SS", "3B", "2B", "1B")
# the engine version from which _INFIELD_PLAYS holds (GameState.version)
ERRORS_BY_POSITION: Final = 6
# the outfield's (OUTFIELDERS[raw % 3]: raw 1 centre, 2 right, 3 left) and the single, long
# and home-run tables' are left as they were: with three (or six) slots the raw 1 goes to one
# man whatever the order, and the centre fielder, who has the most chances, was the one to have
# its error (errors a team-game, bundled league, version 6: CF .12, RF .04, LF .003; an order
# cannot share one raw among three; from version 7 the errors are _error_pos's)
_OTHER_PLAYS: Final[tuple[str, ...]] = ("LF", "CF", "RF", "SS", "2B", "CF")
# who is charged with a defense table's error (9.12) from engine version 7 (_error_pos): no
# longer the fielder of the raw defense roll, whose lowest raws (the errors) fall to one or two
# men whatever the order, but the man read off the raw roll that put the ball in play (the
# pitch's G or IF, or the bat's), the roll just before: no new die. That raw lies anywhere in a
# card's band of the result, and its remainders by 2, 3, 5 and 10 (by 20 on a grounder) come
# within a few per cent of even over a season (docs/scoring.md). A grounder's error goes to the
# short and third baseman on 5 of 20 remainders each, to the second baseman and the pitcher (a
# comebacker, or covering first) on 4 each, to the first baseman on 2; an infield fly's to the
# catcher on an even remainder by 10, else to SS 3B 2B 1B 1B; an outfield fly's or a hit's
# misplay to LF CF RF by the remainder by 3. So the infielders' and the battery's shares come
# near the real (SS 20 %, 3B 19, 2B 14, 1B 10, C + P 20 of all errors). The P and 2B slots
# repeat every 5 remainders (the evenest), the SS and 3B ones fill the rest of that pattern.
_GROUND_ERRORS: Final[tuple[str, ...]] = (
    "SS", "3B", "2B", "P", "SS", "SS", "3B", "2B", "P", "1B",
    "SS", "3B", "2B", "P", "3B", "SS", "3B", "2B", "P", "1B")
_POP_ERRORS: Final[tuple[str, ...]] = ("C", "SS", "C", "3B", "C", "2B", "C", "1B", "C", "1B")
# the engine version from which _error_pos holds (GameState.version)
ERRORS_OF_THE_BALL: Final = 7
_NO_MODS: Final[list[tuple[str, int]]] = []


def charge_error(g: GameState, dfn: Side, fielder: str) -> None:
    """An error charged to `fielder` of the side in the field (9.12): on his fielding line, and
    on his batting line (the box score's 失策) — from engine version 7 only when he is in the
    batting order: a DH game's pitcher, who does not bat, is given no batting line for it (up
    to version 6 he had one with no plate appearance and no position, counted as a game he
    batted in). The team's error (g.errs) is the caller's."""
    if g.version < ERRORS_OF_THE_BALL or fielder in dfn.order:
        g._bat_line(dfn.index, fielder)[E] += 1
    g._fld(dfn.index, fielder)[F_E] += 1


# a result's tokens as the roll log writes them ("1・2−・×"), by the tokens: the tables hold a
# few hundred results, written again at every defense roll of a full-record game
_TOKENS_TEXT: Final[dict[tuple[tuple[int, int], ...], str]] = {}


def tokens_text(tokens: tuple[tuple[int, int], ...]) -> str:
    """A defense result's tokens in the roll log's words (remembered)."""
    text = _TOKENS_TEXT.get(tokens)
    if text is None:
        if len(_TOKENS_TEXT) > 10_000:      # a long-lived process that read many rulesets
            _TOKENS_TEXT.clear()
        text = _TOKENS_TEXT[tokens] = "・".join(token_text(t) for t in tokens)
    return text


def table_values(table: DefenseTable, values: DefenceValues) -> TableValues:
    """A defense table read with a team's defence values: the table, the error value, the bound
    of an aggressive error (error value + 積極エラー値), each fine-play row with the roll from
    which it reads and the least of those rolls (101 without any: no roll of 1..100 reads a
    fine play below it); kept with the values (DefenceValues.tables), by the table's key."""
    known = values.tables.get(table.key)
    if known is not None and known[0] is table:
        return known
    err_value = values.error(table.error) if table.error != "none" else 0
    fine = tuple((values.fine(src), frow) for src, frow in table.fine)
    least = min((bound for bound, _frow in fine), default=101)
    tv = (table, err_value, err_value + values.aggressive_error, fine, least)
    values.tables[table.key] = tv
    return tv


def defend(g: GameState, key: str, bid: str, kind: str, infield_in: bool, bat_roll: int | None,
           pitch: str, bunt_ground: bool = False) -> None:
    """Read a defense table and move everyone (rules §3.6)."""
    dfn = g.sides[1 - g.half]
    table = g.defense_tables[key]
    values = dfn.values
    aggressive = False
    if g.ask_defense & ASK_AGGRESSIVE and key in AGGRESSIVE_TABLES:
        aggressive = bool(g.deciders[dfn.index].aggressive(g, key))
    bases = g.bases
    # the bases' situation as a number (1 first, 2 second, 4 third), told without an
    # operation on the empty bases of most batted balls
    sit = 0
    if bases[1] is not None:
        sit = 1
    if bases[2] is not None:
        sit |= 2
    if bases[3] is not None:
        sit |= 4
    seeded = g.seeded
    raw = seeded.roll("defense") if seeded is not None else g.dice.roll("defense")
    g.raws.append(raw)
    total = raw
    quiet = g.quiet
    # kept for the roll log only (a quiet game's: one empty list, never added to)
    mods: list[tuple[str, int]] = _NO_MODS if quiet else []
    if key == "ground" and sit:
        card = g.batting_card(bid)
        if bunt_ground:
            total -= card.BT
            if not quiet:
                mods.append(("bt", -card.BT))
        elif card.DP:
            mult = 1 + (1 if infield_in else 0) + (_hit_and_run.DP_MORE if kind == "hit_and_run" else 0)
            total -= card.DP * mult
            if not quiet:
                mods.append(("dp", -card.DP * mult))
    if key == "single" and bat_roll is not None and bat_roll <= values.aggressive_defense:
        total += values.range_total
        if not quiet:
            mods.append(("defense_modifier", values.range_total))
    if aggressive:
        total += values.aggressive_defense
        if not quiet:
            mods.append(("aggressive", values.aggressive_defense))
    modified = 1 if total < 1 else 100 if total > 100 else total
    agg_err = False
    row: DefenseRow | None = None
    # table_values, its kept answer read in place (once a batted ball)
    tv = values.tables.get(key)
    if tv is None or tv[0] is not table:
        tv = table_values(table, values)
    error_row = table.error_row
    if error_row is not None:
        if raw <= tv[1]:
            row = error_row
        elif aggressive and raw <= tv[2]:
            row = error_row
            agg_err = True
    if row is None and raw >= tv[4]:
        # a fine play (most rolls are below the least of their rolls: the rows not read)
        for bound, frow in tv[3]:
            if raw >= bound:
                row = frow
                break
    idx = -1
    if row is None:
        # DefenseTable.row_index and DefenseRow.result, read in place
        idx = table.lookup[(2 if infield_in else 0) + (1 if aggressive else 0)][modified]
        row = table.rows[idx]
    in_results = row.infield_in
    tokens = in_results[sit] if infield_in and in_results is not None else row.results[sit]
    if kind == "hit_and_run" and idx >= 0 and (key == "single" or key == "long"):
        tokens = _hit_and_run.runners_two_rows_up(table, idx, sit, infield_in, tokens)
    if not quiet:
        text = _TOKENS_TEXT.get(tokens)
        if text is None:
            text = tokens_text(tokens)
        dmods: tuple[tuple[str, int], ...] = tuple(mods) if mods else ()
        result = text + " (aggressive error)" if agg_err else text
        if g.log_in_place:
            # g.log, in place (its Roll made when the log is read: GameState.recording)
            g.recording.roll_rows.append(("defense", raw, dmods, modified, table.name, row.label,
                                          result))
        else:
            g.log("defense", raw, dmods, modified, table.name, row.label, result)
    is_error = row.label == "E"
    # the raw roll that put the ball in play (the pitch's or the bat's), which says who is
    # charged with the error (_error_pos): the roll before this one, read before a cross-play rolls
    raws = g.raws
    ball = raws[-2] if is_error and len(raws) > 1 else raw
    if sit == 0 and kind != "hit_and_run":
        return _apply_bases_empty(g, bid, key, row, tokens[0][0], is_error, agg_err, raw, ball)
    _apply(g, bid, key, row, tokens, aggressive, is_error, agg_err, kind, raw, ball)


def _apply_bases_empty(g: GameState, bid: str, key: str, row: DefenseRow, target: int,
                       is_error: bool, agg_err: bool, raw: int, ball: int) -> None:
    """`_apply` with nobody on base: only the batter moves, to `target` (0 out, 4 home).

    The same play and the same record as the general case, in the same order (fielding lines
    are made as the putout is credited), without the bookkeeping for runners."""
    half = g.half
    off, dfn = g.sides[half], g.sides[1 - half]
    earned = not (is_error and not agg_err)
    batter_out = target == 0
    if batter_out:
        grounder = key == "ground"
        g._credit_out(_fielder_pos(g, key, raw), 1, grounder, [])
    # g._bat_line, in place: the batter's line is made when he enters the order
    bl = g.bat.get(bid) if g.box else g._no_bat
    if bl is None:
        bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] = bl[PA] + 1
    pl[P_BF] = pl[P_BF] + 1
    credit = row.credit
    if credit is None:
        if not earned:
            credit = "E"
        elif batter_out:
            credit = "out"
        elif key == "ground" or key == "infield_fly":
            credit = "1B"
        else:
            credit = CREDIT_OF_BASES[(target if target < 4 else 4) - 1]
    bl[AB] = bl[AB] + 1
    if credit == "1B" or credit == "2B" or credit == "3B" or credit == "HR":
        _credit_hit(g, bl, pl, off.index, bid, dfn.pitcher, credit)
    if not earned:
        g.errs[dfn.index] += 1
        charge_error(g, dfn, g.defense.fielder(_error_pos(g, key, raw, ball)))
        if key == "ground" or key == "infield_fly" or key == "outfield_fly":
            g.phantom_outs += 1
    bases: list[Runner | None] = [None, None, None, None]
    if 1 <= target <= 3:
        bases[target] = Runner(bid, dfn.pitcher, earned)   # not made for a batter put out
    g.bases = bases
    if batter_out:
        g._record_outs(1)
    elif target >= 4:
        g._score([Runner(bid, dfn.pitcher, earned)], bid if credit != "E" else None, earned)
    if not g.quiet:
        # _what, in place: no double play, sacrifice fly or bunt with the bases empty
        what = ("HR" if key == "home_run" and credit == "HR"
                else _CREDITED.get(credit) or _OUT_ON[key])
        g.record(what, runs=1 if target >= 4 else 0,
                 mods=(AGGRESSIVE,) if agg_err else (), before=("", "", ""))
    off.batting_index = (off.batting_index + 1) % 9     # g._next_batter, in place


def _apply(g: GameState, bid: str, key: str, row: DefenseRow, tokens: tuple[tuple[int, int], ...],
           aggressive: bool, is_error: bool, agg_err: bool, kind: str, raw: int, ball: int) -> None:
    half = g.half
    off, dfn = g.sides[half], g.sides[1 - half]
    bases = g.bases
    quiet = g.quiet
    outs_before = g.outs
    batter_runner = Runner(bid, dfn.pitcher, not (is_error and not agg_err))
    notes: list[tuple[str, str, int]] = []
    # each runner's target base, lead runner first: a TRY token is the offense's decision
    # (send him or hold him), asked lead runner first
    lead_first: list[Move] = []
    for b in LEAD_FIRST:
        rn = bases[b]
        if rn is None:
            continue
        base, tkind = tokens[b]
        if base == 0:
            lead_first.append(Move(b, rn, 0))
            continue
        if base < b:
            base = b
        if tkind == TRY or (tkind == CIRCLE and aggressive):
            if g.deciders[off.index].send(g, b, base):
                rr = g.batting_card(rn.pid).RR
                safe = crossplay(g, rn, rr, "" if quiet else f"{BASE_NAMES[b]}→{BASE_NAMES[base]}")
                if not quiet:
                    notes.append((rn.pid, TRY_SAFE if safe else TRY_OUT, base))
                if not safe:
                    base = 0
            else:
                base -= 1
        lead_first.append(Move(b, rn, base))
    lead_first.append(Move(0, batter_runner, tokens[0][0]))
    final = lead_first[::-1]   # base order: batter first
    # force: a runner cannot stay on or behind the base of the runner behind him
    prev = 0
    for m in final:
        if m.to == 0:
            continue
        if m.to <= prev and m.to < 4:
            m.to = prev + 1
        prev = m.to if m.to < 4 else prev
    # hit-and-run, the fly is caught: every runner must get back with a cross-play on RR+2
    # (OF, HR table) or RR−2 (IF) (9-2-2), in the order the offense chooses (「どこから行っても
    # よい」, C.2); out if it fails; one who gets back stands on his own base (option
    # hit_and_run_back = "stays") or where the table put him ("table")
    if (kind == "hit_and_run" and final[0].to == 0
            and key in ("outfield_fly", "home_run", "infield_fly")):
        _hit_and_run._back_on_the_fly(g, final, key, outs_before, notes)
    # who is put out and who scores, lead runner first
    put_out: list[Move] = []
    scorers: list[Move] = []
    for m in lead_first:
        if m.to == 0:
            put_out.append(m)
        elif m.to >= 4:
            scorers.append(m)
    outs = len(put_out)
    batter_out = final[0].to == 0
    others_out = outs - (1 if batter_out else 0)
    # the inning ends at the third out: a double play with two out is one out, and whoever
    # the play did not need to put out stays on base (left on base, not gone)
    if outs > 3 - outs_before:
        outs = 3 - outs_before
    spared = [m.runner for m in put_out[outs:]] if len(put_out) > outs else []
    if outs:
        # 9.16(h): a batter who reaches while a runner left by an earlier pitcher is put out on
        # the play takes that runner's place in the earlier pitcher's account (each pitcher is
        # charged with the number of runners he put on, not with particular runners)
        if not batter_out:
            take_the_place(batter_runner, [m.runner for m in put_out[:outs] if m.start > 0],
                           dfn.pitcher)
        # putouts and assists: lead runners first, then the batter, up to the outs that count
        fpos = _fielder_pos(g, key, raw)
        in_play: list[list[int]] = []
        for m in put_out[:outs]:
            if m.start == 0:
                grounder = key == "ground"
                g._credit_out(fpos, 1, grounder, in_play)
            else:
                g._credit_out(fpos, min(m.start + 1, 4), True, in_play)
        if outs >= 2:
            for line in {id(x): x for x in in_play}.values():
                line[F_DP] = line[F_DP] + 1
    # credit (g._bat_line, in place: the batter's line is made when he enters the order)
    bl = g.bat.get(bid) if g.box else g._no_bat
    if bl is None:
        bl = g._bat_line(off.index, bid)
    pl = g.pit[dfn.pitcher]
    bl[PA] = bl[PA] + 1
    pl[P_BF] = pl[P_BF] + 1
    credit = row.credit
    bbase = final[0].to
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
            credit = CREDIT_OF_BASES[min(bbase, 4) - 1]
    # runs cross the plate lead runner first (C.2)
    walk_off = ""
    need = g.winning_runs_needed() if scorers and g._walk_off_cap() else 0
    if (need and len(scorers) >= need and outs_before + outs < 3
            and not (key == "home_run" and credit == "HR")):
        # the game ends when the winning run scores (9.06(f)): a hit counts only the bases the
        # winning runner advanced, and the runners behind him stop where they are
        winning = scorers[need - 1]
        if credit in BASES_OF_HIT:
            credited = min(BASES_OF_HIT[credit], 4 - winning.start)
            if credited < BASES_OF_HIT[credit]:
                walk_off = WALK_OFF[credited - 1]
                credit = CREDIT_OF_BASES[credited - 1]
            if final[0].to >= 4 and winning is not final[0]:
                scorers.remove(final[0])
            if winning is not final[0]:
                final[0].to = min(final[0].to, credited)   # he stops where his hit ends
        taken = {m.to for m in final if 1 <= m.to <= 3}
        free = [b for b in LEAD_FIRST if b not in taken]
        for m, b in zip(scorers[need:], free):
            m.to = b
        scorers = scorers[:need]
    scoring = [m.runner for m in scorers] if scorers else []
    sac_fly = (batter_out and (key == "outfield_fly" or key == "home_run") and credit == "out"
               and outs_before + outs < 3 and any(m.start == 3 and m.to >= 4 for m in final))
    # a bunt fielded as a grounder that puts out only the batter while every runner moves up
    # is a sacrifice bunt (9.08(a)), as when the bunt gets down
    sac_bunt = (kind == "bunt" and key == "ground" and batter_out and not others_out
                and credit == "out" and all(m.to > m.start for m in final[1:]))
    if sac_fly:
        bl[SF] = bl[SF] + 1
    elif sac_bunt:
        bl[SH] = bl[SH] + 1
    else:
        bl[AB] = bl[AB] + 1
    # most batted balls are no hit: _credit_hit's test first
    hit = credit == "1B" or credit == "2B" or credit == "3B" or credit == "HR"
    if hit:
        _credit_hit(g, bl, pl, off.index, bid, dfn.pitcher, credit)
    if is_error and not agg_err:
        g.errs[dfn.index] += 1
        charge_error(g, dfn, g.defense.fielder(_error_pos(g, key, raw, ball)))
        if key in ("ground", "infield_fly", "outfield_fly"):
            g.phantom_outs += 1
    gidp = key == "ground" and batter_out and others_out >= 1 and outs >= 2
    if gidp:
        bl[GIDP] = bl[GIDP] + 1
    # outs and runs: when the play makes the third out and the batter did not reach, no run counts
    after: list[Runner | None] = [None, None, None, None]
    nullified: list[Runner] = []
    if outs_before + outs >= 3 and (batter_out or not hit) and scoring:
        nullified, scoring = scoring, []
    for m in final:
        if 1 <= m.to <= 3:
            after[m.to] = m.runner
    g.bases = after
    if spared or nullified:
        g._leave_on_base(spared + nullified)
    rbi = bid if (credit not in ("E",) and not gidp) else None
    g._record_outs(outs)
    earned_play = not (is_error and not agg_err)
    if scoring:
        # the home-run table's home run is a ball out of the park: a walk-off one counts the
        # batter and every runner (9.06(g)), as a home run read off the batting card does
        g._score(scoring, rbi_batter=rbi, earned_play=earned_play,
                 full=key == "home_run" and credit == "HR")
    if not quiet:
        mods: list[str] = []
        if agg_err:
            mods.append(AGGRESSIVE)
        if nullified:
            mods.append(NO_RUN)
        if walk_off:
            mods.append(walk_off)
        # the runners before the play and their moves, in one pass (the batter's is not a move)
        on = ["", "", "", ""]
        moves: list[tuple[str, int, int]] = []
        for k in range(1, len(final)):
            m = final[k]
            pid = m.runner.pid
            on[m.start] = pid
            moves.append((pid, m.start, m.to))
        what = _what(key, credit, gidp, sac_fly, sac_bunt)
        g.record(what, runs=sum(1 for m in final if m.to >= 4) if what == "HR" else 0,
                 moves=tuple(moves), notes=tuple(notes) if notes else (),
                 mods=tuple(mods) if mods else (), before=(on[1], on[2], on[3]))
    off.batting_index = (off.batting_index + 1) % 9     # g._next_batter, in place


def take_the_place(batter: Runner, put_out: list[Runner], pitcher: str) -> None:
    """9.16(h): a batter who reaches on a play that puts out a runner left by an earlier pitcher
    takes that runner's place in the earlier pitcher's account (each pitcher is charged with the
    number of runners he put on, not with particular runners). `put_out`: the runners put out
    on the play, lead runner first. The one home of the rule: every play that puts out a runner
    while the batter reaches (a force, a failed bunt) calls it."""
    for rn in put_out:
        if rn.charged != pitcher:
            batter.charged = rn.charged
            break


def _credit_hit(g: GameState, bl: list[int], pl: list[int], team: int, bid: str, pitcher: str,
                credit: str) -> bool:
    """Credit the batter's hit of kind `credit` (1B 2B 3B HR) to his line, the pitcher's and the
    line score; whether it was a hit. Both ways of applying a defense play use it."""
    if not (credit == "1B" or credit == "2B" or credit == "3B" or credit == "HR"):
        return False
    bl[H] = bl[H] + 1
    pl[P_H] = pl[P_H] + 1
    hits = g.hits
    hits[team] = hits[team] + 1
    if credit == "2B":
        bl[D2] = bl[D2] + 1
    elif credit == "3B":
        bl[D3] = bl[D3] + 1
    elif credit == "HR":
        bl[HR] = bl[HR] + 1
        pl[P_HR] = pl[P_HR] + 1
        g.home_runs.append((team, bid, g.inning, pitcher))
    return True


def _fielder_for(g: GameState, key: str, raw: int) -> str:
    """Which fielder the defense table's play goes to: decided by the raw roll, no new die."""
    return g.defense.fielder(_fielder_pos(g, key, raw))


def _fielder_pos(g: GameState, key: str, raw: int) -> str:
    """The position of the fielder who makes the play of the defense table `key` read at the raw
    roll `raw` (his putout or assist, or his error): the raw roll decides, by the engine
    version that plays the game (_INFIELD_PLAYS)."""
    if key in ("ground", "infield_fly"):
        pos = (_INFIELD_PLAYS if g.version >= ERRORS_BY_POSITION else _INFIELD_PLAYS_5)[raw % 8]
    elif key == "outfield_fly":
        pos = OUTFIELDERS[raw % 3]
    else:
        pos = _OTHER_PLAYS[raw % 6]
    return pos


def _error_pos(g: GameState, key: str, raw: int, ball: int) -> str:
    """The position of the fielder charged with the error (9.12) of the defense table `key` read
    at the raw roll `raw`, the ball put in play by the raw roll `ball` (the pitch's or the
    bat's): from engine version 7 read off `ball` (_GROUND_ERRORS, _POP_ERRORS, the outfielders
    by its remainder by 3); before, the fielder of the play (_fielder_pos)."""
    if g.version < ERRORS_OF_THE_BALL:
        return _fielder_pos(g, key, raw)
    if key == "ground":
        return _GROUND_ERRORS[ball % 20]
    if key == "infield_fly":
        return _POP_ERRORS[ball % 10]
    return OUTFIELDERS[ball % 3]


# what a batted ball was (league.engine.events.BATTER_WHAT) by the batter's credit, else by
# the defense table it was read on
_CREDITED: Final = {"1B": "1B", "2B": "2B", "3B": "3B", "HR": "HRIP", "E": "E", "FC": "FC"}
_OUT_ON: Final = {"ground": "GO", "infield_fly": "PO", "outfield_fly": "FO", "home_run": "WALL",
                  "single": "FP", "long": "FP"}


def _what(key: str, credit: str, gidp: bool, sac_fly: bool, sac_bunt: bool = False) -> str:
    """The play's `what` in the play record."""
    if key == "home_run" and credit == "HR":
        # the home-run table's home run is a ball out of the park (9.06(g)): said as one read
        # off the batting card is; another table's home run stays inside it
        return "HR"
    what = _CREDITED.get(credit)
    if what is not None:
        return what
    if sac_bunt:
        return "SH"
    if sac_fly:
        return "SF"
    if gidp:
        return "DP"
    return _OUT_ON[key]

