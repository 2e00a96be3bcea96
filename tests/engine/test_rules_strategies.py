"""Chapter 9 strategies (impact_baseball.md Part A) and the plate-appearance rules of Part B/C,
each checked with scripted dice. Every test's docstring names the rule it checks."""
from __future__ import annotations

import pytest
from conftest import ScriptedManager
from test_rules_examples import (
    bat_for,
    game,
    platoon,
    raw_for,
    rolls_of,
    sb,
    set_batting,
    set_catcher,
    set_pitcher,
    set_values,
)

from league.engine.dice import ScriptedDice, clamp
from league.engine.game import (
    AB,
    BB,
    CS,
    F_PB,
    HBP,
    HR,
    IBB,
    P_HR,
    P_IBB,
    P_WP,
    PA,
    RBI,
    SH,
    SO,
    H,
)

ROW = "10 20 50 55 60 75 90 100"        # BS* BS+ BS BB X G IF K, every column present
CARD = "5 30 40 50 70 85 95 100"        # BB 1B LG HR OF G IF K; HR 41..50, exact HR roll 50


def line(g, pid, field):
    return g.bat[pid][field] if pid in g.bat else 0


# ==========================================================================================
# 9-1 defense

def test_9_1_1_intentional_walk(mini, ruleset):
    """9-1-1 intentional walk: no roll; the batter walks (IBB), forced runners advance."""
    dfn = ScriptedManager(defense_call="ibb")
    g = game(mini, ruleset, [], runners=[1], defense=dfn)
    bid, r1 = g.batter_id, g.bases[1].pid
    g.plate_appearance()
    assert g.rolls == []
    assert g.bases[1].pid == bid and g.bases[2].pid == r1
    assert g.bat[bid][IBB] == 1 and g.bat[bid][BB] == 1 and g.bat[bid][PA] == 1
    assert g.bat[bid][AB] == 0
    assert g.pit[g.defense.pitcher][P_IBB] == 1
    assert g.batter_id != bid


def test_9_1_2_infield_in_reads_the_infield_in_section(mini, ruleset):
    """9-1-2 infield in: the ground-ball table's infield-in section cuts the runner down at home."""
    def run(call):
        g = game(mini, ruleset, [], runners=[3], defense=ScriptedManager(defense_call=call))
        set_batting(g, g.batter_id, DP=0)
        bid, r3 = g.batter_id, g.bases[3].pid
        g.dice = ScriptedDice([raw_for(g, "G"), 50])
        g.plate_appearance()
        return g, bid, r3
    g, bid, r3 = run("none")            # common section ~62: ×・2・3・3 — runner holds
    assert g.outs == 1 and g.bases[3].pid == r3 and g.score == [0, 0]
    g, bid, r3 = run("infield_in")      # infield-in section ~62: 1・2・3・× — out at home
    assert g.outs == 1 and g.bases[3] is None and g.bases[1].pid == bid
    assert g.score == [0, 0]


# ------------------------------------------------------------------------------------------
# 9-1-3 aggressive defense

def _single_with_r2(mini, ruleset, defense_raw, aggressive, send=False, extra=(), **values):
    off = ScriptedManager(send=send)
    dfn = ScriptedManager(aggressive=aggressive)
    g = game(mini, ruleset, [], runners=[2], offense=off, defense=dfn)
    set_values(g, **values)
    bid, r2 = g.batter_id, g.bases[2].pid
    g.dice = ScriptedDice([raw_for(g, "BS"), bat_for(g, "1B"), defense_raw, *extra])
    g.plate_appearance()
    return g, bid, r2


def test_9_1_3_aggressive_circle_reads_h_minus(mini, ruleset):
    """9-1-3 aggressive defense: on 1B a [○] reads H− — the runner holds at 3rd unless sent."""
    g, bid, r2 = _single_with_r2(mini, ruleset, 30, aggressive=False)
    assert g.score == [1, 0] and g.bases[3] is None          # [○]: scores
    g, bid, r2 = _single_with_r2(mini, ruleset, 30, aggressive=True, send=False)
    d = g.rolls[-1]
    assert ("aggressive", 1) in d.modifiers and d.modified == 31
    assert g.score == [0, 0] and g.bases[3].pid == r2 and g.bases[1].pid == bid


def test_9_1_3_aggressive_h_minus_sent_home_crossplay(mini, ruleset):
    """9-1-3 aggressive defense: a runner sent on H− makes a cross-play on his RR (out if it fails)."""
    out_roll = ruleset.crossplay_safe_upto(9) + 1 if ruleset.crossplay_safe_upto(9) < 100 else None
    g, bid, r2 = _single_with_r2(mini, ruleset, 30, aggressive=True, send=True, extra=[1])
    assert rolls_of(g, "crossplay")[0].result.startswith("safe")
    assert g.score == [1, 0] and g.bases[3] is None
    if out_roll:
        g, bid, r2 = _single_with_r2(mini, ruleset, 30, aggressive=True, send=True, extra=[100])
        assert rolls_of(g, "crossplay")[0].result.startswith("out")
        assert g.score == [0, 0] and g.outs == 1 and g.bases[1].pid == bid


def test_9_1_3_aggressive_99_row(mini, ruleset):
    """9-1-3 aggressive defense: the (99) row of the single table is usable (a hit becomes an out)."""
    g, bid, _ = _single_with_r2(mini, ruleset, 98, aggressive=False, overall_fine=100,
                                aggressive_defense=2)
    assert g.rolls[-1].row == "~98" and g.bat[bid][H] == 1
    g, bid, r2 = _single_with_r2(mini, ruleset, 98, aggressive=True, overall_fine=100,
                                 aggressive_defense=2)
    d = g.rolls[-1]
    assert d.modified == 100 and d.row == "(99)"
    assert g.outs == 1 and g.bat[bid][H] == 0 and g.bases[2].pid == r2


def test_9_1_3_aggressive_error_scored_as_a_hit(mini, ruleset):
    """9-1-3 aggressive defense: the aggressive error value is added; such an error is a hit."""
    vals = dict(overall_error=2, aggressive_error=3)
    g, bid, _ = _single_with_r2(mini, ruleset, 4, aggressive=False, **vals)
    assert g.rolls[-1].row != "E" and g.errs[g.defense.index] == 0
    g, bid, _ = _single_with_r2(mini, ruleset, 4, aggressive=True, **vals)
    d = g.rolls[-1]
    assert d.row == "E" and "aggressive error" in d.result
    assert g.bat[bid][H] == 1 and g.errs[g.defense.index] == 0
    assert g.bases[1] is None or g.bases[1].pid != bid        # E row: batter takes 2nd
    # raw 6 is beyond both values: no error at all
    g, bid, _ = _single_with_r2(mini, ruleset, 6, aggressive=True, **vals)
    assert g.rolls[-1].row != "E"
    # a plain error (raw ≤ error value) is still an error under aggressive defense
    g, bid, _ = _single_with_r2(mini, ruleset, 2, aggressive=True, **vals)
    assert g.rolls[-1].row == "E" and g.errs[g.defense.index] == 1 and g.bat[bid][H] == 0


def test_9_1_3_no_aggressive_defense_against_hr(mini, ruleset):
    """9-1-3 aggressive defense: not allowed against HR (not even asked; no value added)."""
    dfn = ScriptedManager(aggressive=True)
    g = game(mini, ruleset, [], defense=dfn)
    set_pitcher(g, ROW)
    set_batting(g, g.batter_id, bounds=CARD)
    g.dice = ScriptedDice([raw_for(g, "BS"), 50, 50])
    g.plate_appearance()
    d = g.rolls[-1]
    assert d.table == ruleset.tables["home_run"].name
    assert "aggressive" not in dfn.asked
    assert all(src != "aggressive" for src, _ in d.modifiers)


# ==========================================================================================
# HR exact-roll rule and BS*/BS+ upgrades (§3.5)

def _hr_game(mini, ruleset, pitch, bat_raw, rest=()):
    g = game(mini, ruleset, [])
    set_pitcher(g, ROW)
    bid = g.batter_id
    set_batting(g, bid, bounds=CARD)
    g.dice = ScriptedDice([raw_for(g, pitch), bat_raw, *rest])
    g.plate_appearance()
    return g, bid


def test_hr_not_exact_is_a_home_run(mini, ruleset):
    """§3.5 HR: a batting roll inside HR but not on its bound is a home run (no defense roll)."""
    g, bid = _hr_game(mini, ruleset, "BS", 45)
    assert [r.purpose for r in g.rolls] == ["pitch", "bat"]
    assert g.score == [1, 0] and g.bat[bid][HR] == 1 and g.pit[g.defense.pitcher][P_HR] == 1


def test_hr_exact_roll_goes_to_the_hr_table(mini, ruleset):
    """§3.5 HR: the exact HR bound on a BS pitch goes to the HR defense table."""
    g, bid = _hr_game(mini, ruleset, "BS", 50, rest=[99])
    assert g.rolls[-1].table == ruleset.tables["home_run"].name
    assert g.outs == 1 and g.score == [0, 0]      # ~100 row: caught at the wall


@pytest.mark.parametrize("pitch", ["BS*", "BS+"])
def test_hr_exact_roll_after_bs_star_or_plus_is_certain(mini, ruleset, pitch):
    """§3.5 HR: after a BS* or BS+ pitch even the exact HR roll is a home run."""
    g, bid = _hr_game(mini, ruleset, pitch, 50)
    assert g.rolls[0].result == pitch
    assert [r.purpose for r in g.rolls] == ["pitch", "bat"]
    assert g.score == [1, 0] and g.bat[bid][HR] == 1


@pytest.mark.parametrize("pitch,table", [("BS*", "home_run"), ("BS+", "single"),
                                         ("BS", "outfield_fly")])
def test_of_upgraded_by_bs_star_and_bs_plus(mini, ruleset, pitch, table):
    """§3.5 OF: after BS* the HR table is used, after BS+ the single table, else the OF table."""
    g, bid = _hr_game(mini, ruleset, pitch, 60, rest=[50])
    assert g.rolls[1].result == "OF"
    assert g.rolls[-1].table == ruleset.tables[table].name


# ==========================================================================================
# X table (§3.3, C.2)

def _x_raw(ruleset, code, block):
    return next(r for r in range(1, 101) if ruleset.x_table.read(clamp(r + block)) == code)


def test_x_wild_pitch_advances_every_runner(mini, ruleset):
    """§3.3 X table WP: every runner advances one base; then the pitch is made again."""
    g = game(mini, ruleset, [], runners=[1, 3])
    set_catcher(g, block=0)
    r1 = g.bases[1].pid
    plat = platoon(g)
    g.dice = ScriptedDice([raw_for(g, "X"), _x_raw(ruleset, "WP", 0), raw_for(g, "K")])
    g.plate_appearance()
    x = rolls_of(g, "x")[0]
    assert x.result == "WP"
    assert g.score == [1, 0] and g.bases[2].pid == r1 and g.bases[1] is None
    assert g.pit[g.defense.pitcher][P_WP] == 1
    repitch = rolls_of(g, "pitch")[1]
    assert repitch.result == "K" and g.outs == 1
    # the platoon modifier is applied once to the new pitch, not twice
    assert repitch.modifiers.count(("platoon", plat)) == 1
    assert repitch.modified == clamp(repitch.raw + plat)


@pytest.mark.parametrize("code,event", [("PB", "passed ball"), ("WP", "wild pitch")])
def test_x_passed_ball_names_every_runner_it_moves(mini, ruleset, code, event):
    """§3.3 X table PB / WP: the play-by-play names each runner who moves, the lead runner first
    (issue 13: the play log names the runner on a passed ball), and the catcher is charged."""
    g = game(mini, ruleset, [], runners=[1, 3])
    set_catcher(g, block=0)
    r1, r3 = g.bases[1].pid, g.bases[3].pid
    g.dice = ScriptedDice([raw_for(g, "X"), _x_raw(ruleset, code, 0), raw_for(g, "K")])
    g.plate_appearance()
    line = next(p.text for p in g.plays if p.text.startswith(event))
    assert line == f"{event}: {g.name(r3)} scores, {g.name(r1)} to 2nd"
    assert g.fld[g.defense.positions["C"]][F_PB] == (1 if code == "PB" else 0)


def test_x_block_is_added_to_the_x_roll(mini, ruleset):
    """§3.3 X table: the catcher's 捕 (block) is added to the X roll."""
    g = game(mini, ruleset, [], runners=[1])
    set_catcher(g, block=3)
    hp = _x_raw(ruleset, "HP", 3)
    g.dice = ScriptedDice([raw_for(g, "X"), hp])
    bid = g.batter_id
    g.plate_appearance()
    x = rolls_of(g, "x")[0]
    assert x.modifiers == (("block", 3),) and x.modified == clamp(hp + 3)
    assert x.result == "HP" and g.bat[bid][HBP] == 1 and g.bases[1].pid == bid


def test_x_nobody_on_repitches_against_the_pitcher(mini, ruleset):
    """C.2 X with nobody on: the pitch is made again, the roll moved 5 against the pitcher
    (towards BS — a positive pitch modifier favours the pitcher)."""
    g = game(mini, ruleset, [])
    set_catcher(g, block=0)
    step = ruleset.options["x_repitch_modifier"]
    plat = platoon(g)
    g.dice = ScriptedDice([raw_for(g, "X"), _x_raw(ruleset, "WP", 0), raw_for(g, "K", extra=-step)])
    g.plate_appearance()
    pitches = rolls_of(g, "pitch")
    assert len(pitches) == 2 and g.bases == [None, None, None, None]
    assert ("x_repitch", -step) in pitches[1].modifiers
    assert pitches[1].modified == clamp(pitches[1].raw + plat - step)
    assert g.outs == 1


def test_x_nobody_on_walk_and_hp_still_count(mini, ruleset):
    """§3.3 X with nobody on: BB and HP are not re-pitched."""
    g = game(mini, ruleset, [])
    set_catcher(g, block=0)
    bid = g.batter_id
    g.dice = ScriptedDice([raw_for(g, "X"), _x_raw(ruleset, "BB", 0)])
    g.plate_appearance()
    assert g.bases[1].pid == bid and g.bat[bid][BB] == 1


# ==========================================================================================
# 9-2-1 bunt / squeeze

def _bunt(mini, ruleset, pitch, rolls=(), runners=(1,), call="bunt", bt=1, rr=4, off=None,
          dfn=None, pitch_raw=None, **values):
    off = off or ScriptedManager(offense_call=(call,))
    g = game(mini, ruleset, [], runners=list(runners), offense=off, defense=dfn)
    set_values(g, **values)
    bid = g.batter_id
    set_batting(g, bid, BT=bt, DP=5)
    for b in runners:
        set_batting(g, g.bases[b].pid, RR=rr)
    raw = pitch_raw if pitch_raw is not None else raw_for(g, pitch)
    g.dice = ScriptedDice([raw, *rolls])
    g.plate_appearance()
    return g, bid


def test_9_2_1_bunt_down_plus_all_safe(mini, ruleset):
    """9-2-1 bunt, BS → cross-play; `+` (roll ≤ max(RR, BT)), offense chooses all safe."""
    g, bid = _bunt(mini, ruleset, "BS", [3])        # infield E 2: 1..2 errors; + is 3..4
    b = rolls_of(g, "bunt")[0]
    assert b.result == "+" and b.row == "RR 5"      # BT 1 + lead runner RR 4
    assert g.outs == 0 and g.bases[1].pid == bid and g.bases[2] is not None
    assert g.bat[bid][H] == 1


def test_9_2_1_bunt_plus_extra_base(mini, ruleset):
    """9-2-1 bunt `+`: batter out, every runner +1, then one runner +1 more."""
    off = ScriptedManager(offense_call=("bunt",), bunt_plus=1)
    g, bid = _bunt(mini, ruleset, "BS", [4], off=off)
    assert g.outs == 1 and g.bases[1] is None and g.bases[2] is None
    assert g.bases[3] is not None and g.bat[bid][SH] == 1


def test_9_2_1_bunt_safe_is_a_sacrifice(mini, ruleset):
    """9-2-1 bunt `safe`: batter out, every runner +1 (sacrifice)."""
    safe = ruleset.crossplay_safe_upto(5)
    g, bid = _bunt(mini, ruleset, "BS", [safe])
    assert rolls_of(g, "bunt")[0].result == "safe"
    assert g.outs == 1 and g.bases[2] is not None and g.bases[1] is None
    assert g.bat[bid][SH] == 1 and g.bat[bid][AB] == 0


def test_9_2_1_bunt_out_defense_picks_the_runner(mini, ruleset):
    """9-2-1 bunt `out`: the defense puts out one runner; the batter takes 1st."""
    safe = ruleset.crossplay_safe_upto(5)
    g, bid = _bunt(mini, ruleset, "BS", [safe + 1])
    assert rolls_of(g, "bunt")[0].result == "out"
    assert g.outs == 1 and g.bases[1].pid == bid and g.bases[2] is None


def test_9_2_1_bunt_out_batter_chosen(mini, ruleset):
    """9-2-1 bunt `out`: if the defense takes the batter, every runner still advances."""
    dfn = ScriptedManager(bunt_out=0)
    safe = ruleset.crossplay_safe_upto(5)
    g, bid = _bunt(mini, ruleset, "BS", [safe + 1], dfn=dfn)
    assert g.outs == 1 and g.bases[1] is None and g.bases[2] is not None


def test_9_2_1_bunt_plus_extended_with_infield_error_5(mini, ruleset):
    """9-2-1 bunt: with an infield error value of 5 or more, rolls up to RR+1 are `+`."""
    g, _ = _bunt(mini, ruleset, "BS", [8], rr=7, infield_error=5)
    assert rolls_of(g, "bunt")[0].result == "+"
    g, _ = _bunt(mini, ruleset, "BS", [8], rr=7, infield_error=4)
    assert rolls_of(g, "bunt")[0].result == "safe"


def test_9_2_1_bunt_infield_in_rr_minus_one_capped_at_3(mini, ruleset):
    """9-1-2 / 9-2-1 bunt against infield in: RR −1, columns 4+ unusable (cap 3)."""
    dfn = ScriptedManager(defense_call="infield_in")
    roll = ruleset.crossplay_safe_upto(3) + 1         # out on RR 3, safe on RR 6
    assert roll <= ruleset.crossplay_safe_upto(6)
    g, _ = _bunt(mini, ruleset, "BS", [roll], bt=3, rr=4, dfn=dfn)
    b = rolls_of(g, "bunt")[0]
    assert b.row == "RR 3" and ("infield_in", -1) in b.modifiers and b.result == "out"
    g, _ = _bunt(mini, ruleset, "BS", [roll], bt=2, rr=4)
    assert rolls_of(g, "bunt")[0].row == "RR 6" and rolls_of(g, "bunt")[0].result == "safe"


def test_9_2_1_bunt_pitch_bb_walks(mini, ruleset):
    """9-2-1 bunt, BB pitch: walk."""
    g, bid = _bunt(mini, ruleset, "BB")
    assert g.bases[1].pid == bid and g.bases[2] is not None and g.bat[bid][BB] == 1
    assert rolls_of(g, "bunt") == []


def test_9_2_1_bunt_pitch_g_uses_bt_once(mini, ruleset):
    """9-2-1 bunt, G pitch: ground-ball table with BT instead of DP, subtracted once even with
    infield in."""
    for call in ("none", "infield_in"):
        g, bid = _bunt(mini, ruleset, "G", [60], bt=3, dfn=ScriptedManager(defense_call=call))
        d = g.rolls[-1]
        assert d.table == ruleset.tables["ground"].name
        assert d.modifiers == (("bt", -3),) and d.modified == 57


def test_9_2_1_bunt_pitch_if_pops_up(mini, ruleset):
    """9-2-1 bunt, IF pitch: the infield-fly table."""
    g, bid = _bunt(mini, ruleset, "IF", [50])
    assert g.rolls[-1].table == ruleset.tables["infield_fly"].name and g.outs == 1


def test_9_2_1_bunt_pitch_k_is_a_strikeout_without_crossplay(mini, ruleset):
    """9-2-1 bunt, K pitch: third-strike bunt foul — strikeout, runners stay."""
    g, bid = _bunt(mini, ruleset, "K")
    assert g.bat[bid][SO] == 1 and g.outs == 1 and g.bases[1] is not None
    assert rolls_of(g, "crossplay") == []


def test_9_2_1_squeeze_k_lead_runner_crossplay(mini, ruleset):
    """9-2-1 squeeze, K pitch: swinging strikeout; the lead runner makes a cross-play to get back."""
    safe = ruleset.crossplay_safe_upto(4)
    g, bid = _bunt(mini, ruleset, "K", [safe + 1], runners=(3,), call="squeeze")
    c = rolls_of(g, "crossplay")[0]
    assert c.row == "RR 4" and c.result.startswith("out")
    assert g.outs == 2 and g.bases[3] is None and g.score == [0, 0]
    g, bid = _bunt(mini, ruleset, "K", [safe], runners=(3,), call="squeeze")
    assert g.outs == 1 and g.bases[3] is not None


def test_9_2_1_bunt_k_on_roll_100_is_swinging(mini, ruleset):
    """9-2-1 bunt, K on a pitch roll of 100 ("00"): swinging, the lead runner must get back."""
    safe = ruleset.crossplay_safe_upto(4)
    g, bid = _bunt(mini, ruleset, "K", [safe + 1], pitch_raw=100)
    assert g.rolls[0].result == "K"
    assert len(rolls_of(g, "crossplay")) == 1 and g.outs == 2 and g.bases[1] is None


# ==========================================================================================
# 9-2-2 hit-and-run

def _hnr(mini, ruleset, pitch, rolls, runners=(1,), rr=2, sr=36, bounds=None, off=None):
    off = off or ScriptedManager(offense_call=("hit_and_run",))
    g = game(mini, ruleset, [], runners=list(runners), offense=off)
    bid = g.batter_id
    set_batting(g, bid, DP=4, **({"bounds": bounds} if bounds else {}))
    for b in runners:
        set_batting(g, g.bases[b].pid, RR=rr, SR=sr)
    rids = {b: g.bases[b].pid for b in runners}
    g.dice = ScriptedDice([raw_for(g, pitch, extra=5), *rolls])
    g.plate_appearance()
    return g, bid, rids


def test_9_2_2_hit_and_run_plus_five_on_the_pitch(mini, ruleset):
    """9-2-2 hit-and-run: +5 on the pitch roll."""
    g, bid, _ = _hnr(mini, ruleset, "BB", [])
    p = g.rolls[0]
    assert ("hit_and_run", 5) in p.modifiers
    assert p.modified == clamp(p.raw + sum(v for _, v in p.modifiers))
    assert g.bat[bid][BB] == 1


@pytest.mark.parametrize("defense_raw,plain_base", [(70, 2), (30, 2), (5, 3)])
def test_9_2_2_single_runners_two_rows_up(mini, ruleset, defense_raw, plain_base):
    """9-2-2 hit-and-run 1B: runners read two rows up, never past the row below the E row."""
    # without the hit-and-run, for comparison
    g0 = game(mini, ruleset, [], runners=[1])
    g0.dice = ScriptedDice([raw_for(g0, "BS"), bat_for(g0, "1B"), defense_raw])
    g0.plate_appearance()
    assert g0.bases[plain_base] is not None
    g, bid, rids = _hnr(mini, ruleset, "BS", [bat_for(g0, "1B", bid=g0.sides[0].order[0]),
                                             defense_raw])
    d = g.rolls[-1]
    assert d.row != "E" and g.errs[g.defense.index] == 0
    top = ruleset.tables["single"].rows[0].result(1, False)     # the row just below E
    assert top[1][0] == 3
    assert g.bases[3].pid == rids[1]          # R1 to 3rd (row ~12), not to 2nd
    assert g.bases[1].pid == bid              # the batter keeps his own row: single


def test_9_2_2_long_hit_runners_two_rows_up(mini, ruleset):
    """9-2-2 hit-and-run LG: long-hit table, runners two rows up."""
    g, bid, rids = _hnr(mini, ruleset, "BS", [bat_for(game(mini, ruleset, []), "LG"), 60])
    assert g.rolls[-1].table == ruleset.tables["long"].name
    assert g.rolls[-1].row == "~80"           # 2・[○]・4・4; two rows up: 3・4・4・4
    assert g.score == [1, 0] and g.bases[2].pid == bid


def test_9_2_2_ground_ball_dp_times_two(mini, ruleset):
    """9-2-2 hit-and-run G: DP×2 subtracted from the defense roll."""
    g, bid, _ = _hnr(mini, ruleset, "G", [60])
    assert g.rolls[-1].modifiers == (("dp", -8),) and g.rolls[-1].modified == 52


@pytest.mark.parametrize("safe", [True, False])
def test_9_2_2_outfield_fly_out_runners_crossplay_back_rr_plus_2(mini, ruleset, safe):
    """9-2-2 hit-and-run OF: on an out every runner makes a cross-play back with RR+2."""
    upto = ruleset.crossplay_safe_upto(4)
    g, bid, rids = _hnr(mini, ruleset, "BS", [60, 80, upto if safe else upto + 1], bounds=CARD)
    assert g.rolls[1].result == "OF" and g.rolls[2].table == ruleset.tables["outfield_fly"].name
    c = rolls_of(g, "crossplay")
    assert len(c) == 1 and c[0].row == "RR 4"
    if safe:
        assert g.outs == 1 and g.bases[1].pid == rids[1]
    else:
        assert g.outs == 2 and g.bases[1] is None


@pytest.mark.parametrize("safe", [True, False])
def test_9_2_2_infield_fly_out_runners_crossplay_back_rr_minus_2(mini, ruleset, safe):
    """9-2-2 hit-and-run IF (C.2): on an out every runner makes a cross-play back with RR−2."""
    upto = ruleset.crossplay_safe_upto(1)
    g, bid, rids = _hnr(mini, ruleset, "IF", [50, upto if safe else upto + 1], rr=3)
    c = rolls_of(g, "crossplay")
    assert len(c) == 1 and c[0].row == "RR 1"
    assert (g.outs, g.bases[1] is not None) == ((1, True) if safe else (2, False))


def test_9_2_2_hr_table_out_runners_crossplay_back(mini, ruleset):
    """9-2-2 hit-and-run HR: if the HR table makes an out, runners cross-play back with RR+2."""
    upto = ruleset.crossplay_safe_upto(4)
    g, bid, rids = _hnr(mini, ruleset, "BS", [50, 99, upto + 1], bounds=CARD)
    assert g.rolls[2].table == ruleset.tables["home_run"].name
    assert rolls_of(g, "crossplay")[0].row == "RR 4"
    assert g.outs == 2 and g.bases[1] is None


def test_9_2_2_strikeout_forced_half_sr_steal(mini, ruleset):
    """9-2-2 hit-and-run K: the runner must steal with half SR; short of success → catcher table."""
    g, bid, rids = _hnr(mini, ruleset, "K", [50, 1], sr=36)
    s = rolls_of(g, "steal")[0]
    assert "SR 18" in s.row
    c = rolls_of(g, "catcher")
    assert len(c) == 1 and c[0].result.startswith("○")
    assert g.bases[2].pid == rids[1] and sb(g, rids[1]) == 1 and g.outs == 1


def test_9_2_2_strikeout_steal_roll_80_arm_plus_one(mini, ruleset):
    """9-2-2 hit-and-run K: a steal roll of 80 or more gives the catcher's arm +1."""
    g = game(mini, ruleset, [])
    arm = g.players[g.defense.positions["C"]].catcher.arm
    out = ruleset.catcher_out_from_for(arm + 1)
    g, bid, rids = _hnr(mini, ruleset, "K", [85, out], sr=36)
    c = rolls_of(g, "catcher")[0]
    assert c.row == f"arm {arm + 1}" and c.result.startswith("×")
    assert g.outs == 2 and g.bases[1] is None and g.bat[rids[1]][CS] == 1


# ==========================================================================================
# 9-2-3 steals

def _steal_game(mini, ruleset, rolls, base=1, rr=3, sr=30, runners=None, **kw):
    g = game(mini, ruleset, rolls, runners=runners or [base], **kw)
    for b in g.runners():
        set_batting(g, g.bases[b].pid, RR=rr, SR=sr)
    set_catcher(g, arm=3)
    return g


def test_9_2_3_steal_bonus_on_1_to_rr(mini, ruleset):
    """9-2-3 steal: a roll of 1..RR is stolen with a bonus; alone, he may steal again (own SR)."""
    off = ScriptedManager(bonus_steal=2)
    g = _steal_game(mini, ruleset, [3, 25], offense=off)
    rid = g.bases[1].pid
    g.steal(1)
    first, second = rolls_of(g, "steal")
    assert first.result == "bonus"
    assert second.row.endswith("SR 30") and second.result == "stolen"   # own SR, not SR/4
    assert g.bases[3].pid == rid and sb(g, rid) == 2


def test_9_2_3_steal_bonus_declined(mini, ruleset):
    """9-2-3 bonus: the offense may decline it."""
    g = _steal_game(mini, ruleset, [2])
    rid = g.bases[1].pid
    g.steal(1)
    assert g.bases[2].pid == rid and len(g.rolls) == 1


def test_9_2_3_rr_zero_bonus_only_on_1(mini, ruleset):
    """9-2-3 steal: a runner with RR ≤ 0 gets the bonus only on a roll of 1."""
    g = _steal_game(mini, ruleset, [1], rr=0)
    g.steal(1)
    assert g.rolls[0].result == "bonus"
    g = _steal_game(mini, ruleset, [2], rr=0)
    g.steal(1)
    assert g.rolls[0].result == "stolen"


def test_9_2_3_stolen_up_to_sr(mini, ruleset):
    """9-2-3 steal: a roll above RR up to the SR used is stolen (no bonus)."""
    off = ScriptedManager()
    g = _steal_game(mini, ruleset, [30], offense=off)
    rid = g.bases[1].pid
    g.steal(1)
    assert g.rolls[0].result == "stolen" and g.bases[2].pid == rid
    assert "bonus_steal" not in off.asked


def test_9_2_3_choice_go_catcher_table(mini, ruleset):
    """9-2-3 steal, choice region: the offense goes on → catcher table (safe / caught)."""
    out = ruleset.catcher_out_from_for(3)
    off = ScriptedManager(steal_go=True)
    g = _steal_game(mini, ruleset, [31, out - 1], offense=off)
    rid = g.bases[1].pid
    assert g.steal(1) is False
    assert g.rolls[0].result == "choice" and g.rolls[1].row == "arm 3"
    assert g.bases[2].pid == rid
    g = _steal_game(mini, ruleset, [59, out], offense=ScriptedManager(steal_go=True))
    rid = g.bases[1].pid
    g.steal(1)
    assert g.rolls[0].result == "choice"             # pick-off from 2×30 = 60
    assert g.bases[1] is None and g.outs == 1 and g.bat[rid][CS] == 1


def test_9_2_3_choice_stop(mini, ruleset):
    """9-2-3 steal, choice region: stop → the runner stays (the +5 is in T9)."""
    g = _steal_game(mini, ruleset, [45])
    rid = g.bases[1].pid
    assert g.steal(1) is True
    assert g.bases[1].pid == rid and len(g.rolls) == 1


def test_9_2_3_picked_off_arm_plus_one(mini, ruleset):
    """9-2-3 steal: from the pick-off start (80 or 2×SR) the runner is picked off → catcher
    table with the arm +1."""
    g = _steal_game(mini, ruleset, [60, 1])
    g.steal(1)
    assert g.rolls[0].result == "picked_off" and g.rolls[1].row == "arm 4"
    g = _steal_game(mini, ruleset, [79, 1], sr=50)           # start min(80, 100) = 80
    g.steal(1)
    assert g.rolls[0].result == "choice"
    g = _steal_game(mini, ruleset, [80, 1], sr=50)
    g.steal(1)
    assert g.rolls[0].result == "picked_off"


@pytest.mark.parametrize("base,sr,used,pick", [(2, 40, 10, 20), (3, 40, 4, 8), (1, 40, 40, 80)])
def test_9_2_3_sr_scaling_by_target(mini, ruleset, base, sr, used, pick):
    """9-2-3 steal: SR used 2nd SR, 3rd ⌈SR/4⌉, home ⌈SR/10⌉; pick-off from 80 or 2×SR,
    ⌈SR/2⌉, ⌈SR/5⌉."""
    for roll, res in ((used, "stolen"), (used + 1, "choice"), (pick - 1, "choice"),
                      (pick, "picked_off")):
        if roll <= 1:
            continue
        g = _steal_game(mini, ruleset, [roll, 1], base=base, rr=1, sr=sr)
        g.steal(base)
        s = g.rolls[0]
        assert s.row.endswith(f"SR {used}")
        assert s.result == res, (roll, res)


def test_9_2_3_bonus_to_another_runner(mini, ruleset):
    """9-2-3-4 bonus: another runner may steal with his own SR as is."""
    off = ScriptedManager(bonus_steal=3)
    g = _steal_game(mini, ruleset, [2, 30], runners=[1, 3], offense=off)
    r1 = g.bases[1].pid
    g.steal(1)
    second = rolls_of(g, "steal")[1]
    assert second.row.endswith("SR 30") and second.result == "stolen"   # home, own SR 30
    assert g.score == [1, 0] and g.bases[2].pid == r1 and g.bases[3] is None


def test_9_2_3_bonus_steal_must_stop_and_no_plus_five(mini, ruleset):
    """9-2-3-4 bonus: a bonus steal that would reach the catcher table stops; no +5 on the pitch."""
    off = ScriptedManager(offense_call=[("steal", 1)], bonus_steal=2)
    g = _steal_game(mini, ruleset, [], offense=off)
    rid = g.bases[1].pid
    raw = raw_for(g, "K")
    g.dice = ScriptedDice([2, 40, raw])
    g.plate_appearance()
    steals = rolls_of(g, "steal")
    assert steals[0].result == "bonus" and steals[1].result in ("choice", "picked_off")
    assert rolls_of(g, "catcher") == []
    assert g.bases[2].pid == rid
    assert all(src != "stop" for src, _ in rolls_of(g, "pitch")[0].modifiers)


def test_9_2_3_double_steal(mini, ruleset):
    """9-2-3-6 double steal: the lead runner goes first (no stopping); on a roll ≤79 the other
    runner may steal as on a bonus (own SR as is)."""
    off = ScriptedManager(join_steal=True)
    g = _steal_game(mini, ruleset, [8, 29], runners=[1, 2], offense=off, rr=2, sr=40)
    r1, r2 = g.bases[1].pid, g.bases[2].pid
    g.double_steal(None)
    first, second = rolls_of(g, "steal")
    assert first.row.startswith("2nd") and first.result == "stolen"
    assert second.row.endswith("SR 40") and second.result == "stolen"
    assert g.bases[3].pid == r2 and g.bases[2].pid == r1


def test_9_2_3_double_steal_80_or_more_stops_the_others(mini, ruleset):
    """9-2-3-6 double steal: on a first roll of 80 or more no other runner may steal."""
    off = ScriptedManager(join_steal=True)
    g = _steal_game(mini, ruleset, [85, 1], runners=[1, 2], offense=off, rr=2, sr=40)
    g.double_steal(None)
    assert len(rolls_of(g, "steal")) == 1
    assert "join_steal" not in off.asked


def test_9_2_3_double_steal_no_check(mini, ruleset):
    """9-2-3-6 no check: the first runner's steal succeeds without a roll; the others steal
    with the SR of their target base."""
    off = ScriptedManager(join_steal=True)
    dfn = ScriptedManager(no_check=True)
    g = _steal_game(mini, ruleset, [40], runners=[1, 2], offense=off, defense=dfn, rr=2, sr=40)
    r1, r2 = g.bases[1].pid, g.bases[2].pid
    g.double_steal(None)
    assert g.dice.used == 1
    assert g.bases[3].pid == r2 and g.bases[2].pid == r1
    assert rolls_of(g, "steal")[-1].row.endswith("SR 40")


# ==========================================================================================
# end of the game

def test_walk_off_ends_the_game(mini, ruleset):
    """§1.4 / game flow: the home team wins as soon as it leads in the last inning's bottom half."""
    g = game(mini, ruleset, [], inning=9, half=1)
    g.line = [[0] * 9, [0] * 8]
    set_pitcher(g, ROW)
    set_batting(g, g.batter_id, bounds=CARD)
    set_catcher(g, lead=0)
    ne = next(r for r in range(1, 101) if ruleset.condition["B"].read(r) == "NE")
    g.dice = ScriptedDice([ne, raw_for(g, "BS"), 45, 50, 50, 50])
    g.play_half()
    assert g.finished and g.score == [0, 1] and g.outs == 0
    assert g.dice.remaining == 3
    assert g.bat[g.sides[1].order[0]][RBI] == 1


def test_9_2_3_double_steal_bonus_changes_nothing(mini, ruleset):
    """9-2-3-6 double steal: a bonus on the first steal changes nothing (no bonus steal)."""
    off = ScriptedManager(join_steal=False, bonus_steal=1)
    g = _steal_game(mini, ruleset, [1, 5, 5], runners=[1, 2], offense=off, rr=2, sr=40)
    r1, r2 = g.bases[1].pid, g.bases[2].pid
    g.double_steal(None)
    assert len(rolls_of(g, "steal")) == 1
    assert "bonus_steal" not in off.asked
    assert g.bases[3].pid == r2 and g.bases[1].pid == r1 and g.bases[2] is None


def test_single_defense_modifier_on_low_batting_roll(mini, ruleset):
    """§3.6 step 5: on 1B, a batting roll ≤ the 積極守備値 adds the 守備修正 to the defense roll."""
    g = game(mini, ruleset, [])
    set_values(g, aggressive_defense=20, range_total=12)
    set_batting(g, g.batter_id, bounds="5 30 40 50 70 85 95 100")
    g.dice = ScriptedDice([raw_for(g, "BS"), 20, 40])
    g.plate_appearance()
    d = g.rolls[-1]
    assert d.modifiers == (("defense_modifier", 12),) and d.modified == 52
    g = game(mini, ruleset, [])
    set_values(g, aggressive_defense=20, range_total=12)
    set_batting(g, g.batter_id, bounds="5 30 40 50 70 85 95 100")
    g.dice = ScriptedDice([raw_for(g, "BS"), 21, 40])
    g.plate_appearance()
    assert g.rolls[-1].modifiers == () and g.rolls[-1].modified == 40


@pytest.mark.parametrize("rr,stolen", [(3, True), (2, False)])
def test_x_s_advances_a_runner_with_rr_3_as_a_stolen_base(mini, ruleset, rr, stolen):
    """§3.3 X table S: one runner with RR ≥ 3 advances a base, scored as a steal; with no such
    runner the X is as if it never happened. Either way the pitch is made again."""
    g = game(mini, ruleset, [], runners=[1])
    set_catcher(g, block=0)
    rid = g.bases[1].pid
    set_batting(g, rid, RR=rr, SR=0)
    g.dice = ScriptedDice([raw_for(g, "X"), _x_raw(ruleset, "S", 0), raw_for(g, "K")])
    g.plate_appearance()
    assert rolls_of(g, "x")[0].result == "S"
    assert len(rolls_of(g, "pitch")) == 2 and g.outs == 1
    if stolen:
        assert g.bases[2].pid == rid and g.bases[1] is None and sb(g, rid) == 1
    else:
        assert g.bases[1].pid == rid and sb(g, rid) == 0


def test_error_and_fine_play_use_the_raw_roll_modified_is_clamped(mini, ruleset):
    """C.2: modifiers never create or remove an error / fine play (raw roll); the modified roll
    is clamped to 1..100."""
    off = ScriptedManager(offense_call=("hit_and_run",))
    dfn = ScriptedManager(defense_call="infield_in")
    g = game(mini, ruleset, [], runners=[1], offense=off, defense=dfn)
    set_batting(g, g.batter_id, DP=9)
    g.dice = ScriptedDice([raw_for(g, "G", extra=5), 98])      # infield fine value 98
    g.plate_appearance()
    d = g.rolls[-1]
    assert d.modifiers == (("dp", -27),) and d.modified == 71 and d.row == "F"
    g = game(mini, ruleset, [], runners=[1], offense=ScriptedManager(offense_call=("hit_and_run",)),
             defense=ScriptedManager(defense_call="infield_in"))
    set_batting(g, g.batter_id, DP=9)
    g.dice = ScriptedDice([raw_for(g, "G", extra=5), 10])
    g.plate_appearance()
    d = g.rolls[-1]
    assert d.modified == 1 and d.row != "E" and g.errs[g.defense.index] == 0
