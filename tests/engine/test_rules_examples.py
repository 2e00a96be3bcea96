"""The worked examples of rulebook_notes §8 (T1–T18) that concern implemented rules.

Each test builds a game at a moment with scripted dice. Pitch and batting rolls are computed from
the cards in play (platoon included), so the tests survive a regeneration of the sample league;
where an example needs particular numbers (a rating, a catcher's lead, the team values) the test
sets them on the game's own copy of the cards.
"""
from __future__ import annotations

import dataclasses as dc
import tomllib
from importlib import resources

import pytest
from conftest import ScriptedManager, situation_game

from league.engine.cards import BAT_COLUMNS, CONDITIONS, PITCH_COLUMNS, Fielding, parse_bounds
from league.engine.dice import ScriptedDice, clamp, read_d100
from league.engine.game import AB, BB, GIDP, P_H, SB, H
from league.engine.ruleset import parse_ruleset
from league.engine.values import DefenceValues, defence_values
from league.errors import DiceError

# ------------------------------------------------------------------------------------------
# helpers (also used by test_rules_strategies.py)

NEUTRAL = DefenceValues(range_total=10, aggressive_defense=1, aggressive_error=1,
                        infield_error=2, outfield_error=2, overall_error=2,
                        infield_fine=98, outfield_fine=97, overall_fine=99)


def game(league, ruleset, rolls, **kw):
    """A situation game with DH (no pitcher batting) and known team defence values."""
    kw.setdefault("dh", True)
    g = situation_game(league, ruleset, rolls, **kw)
    g.defense.values = NEUTRAL
    return g


def set_values(g, **kw):
    g.defense.values = dc.replace(g.defense.values, **kw)


def set_batting(g, pid, bounds=None, **kw):
    """Change ratings (BT RR SR DP) or the bounds ("BB 1B LG HR OF G IF K") of a batter card."""
    p = g.players[pid]
    if bounds is not None:
        kw["bounds"] = parse_bounds(bounds, BAT_COLUMNS, "test card")
    g.players[pid] = dc.replace(p, batting=dc.replace(p.batting, **kw))


def set_catcher(g, **kw):
    cid = g.defense.positions["C"]
    p = g.players[cid]
    g.players[cid] = dc.replace(p, catcher=dc.replace(p.catcher, **kw))


def set_pitcher(g, row=None, **kw):
    """Change the defense pitcher's card: one row text for every condition, or other fields."""
    pid = g.defense.pitcher
    p = g.players[pid]
    if row is not None:
        b = parse_bounds(row, PITCH_COLUMNS, "test pitcher row")
        kw["rows"] = {c: b for c in CONDITIONS}
    g.players[pid] = dc.replace(p, pitching=dc.replace(p.pitching, **kw))


def platoon(g, bid=None):
    bid = bid or g.batter_id
    bats = g.players[bid].bats
    throws = g.players[g.defense.pitcher].throws
    return g.rules.platoon.get(throws + bats, 0)


def raw_for(g, column, extra=0, bid=None, avoid=(100,)):
    """A raw pitch roll that reads `column` on the pitcher's card after platoon and `extra`."""
    row = g.players[g.defense.pitcher].pitching.rows[g.defense.condition]
    mod = platoon(g, bid) + extra
    for raw in range(1, 101):
        if raw not in avoid and row.read(clamp(raw + mod)) == column:
            return raw
    raise AssertionError(f"no pitch roll reads {column} on {row.text()} (modifier {mod})")


def bat_for(g, column, bid=None, exact_hr=False):
    """A raw batting roll that reads `column` on the batter's card (never the exact HR bound
    unless asked, and never 1, so the 守備修正 of a single stays out of the way)."""
    card = g.batting_card(bid or g.batter_id)
    if exact_hr:
        assert card.bounds.width("HR") > 0
        return card.bounds.bound("HR")
    hr = card.bounds.bound("HR")
    for raw in range(2, 101):
        if card.bounds.read(raw) == column and not (column == "HR" and raw == hr):
            return raw
    raise AssertionError(f"no batting roll reads {column} on {card.bounds.text()}")


def standard_data():
    text = (resources.files("league") / "rulesets" / "standard.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def sb(g, pid):
    """Stolen bases of a player (a bench runner has no line until he does something)."""
    return g.bat[pid][SB] if pid in g.bat else 0


def rolls_of(g, purpose):
    return [r for r in g.rolls if r.purpose == purpose]


# ------------------------------------------------------------------------------------------
# T1, T2, T3: reading the pitcher card

def test_t1_card_reading_first_column_at_least_the_roll(mini, ruleset):
    """T1 (R2/B2): BS ≤47, BB ≤52, X ≤55; pitch roll 50 reads BB."""
    row = parse_bounds("- - 47 52 55 70 85 100", PITCH_COLUMNS, "T1")
    assert row.read(50) == "BB"
    assert row.read(47) == "BS" and row.read(48) == "BB" and row.read(53) == "X"
    # the same reading inside a game: the modified pitch roll 50 is a walk
    g = game(mini, ruleset, [])
    set_pitcher(g, "- - 47 52 55 70 85 100")
    raw = 50 - platoon(g)
    g.dice = ScriptedDice([raw])
    bid = g.batter_id
    g.plate_appearance()
    pitch = g.rolls[0]
    assert (pitch.raw, pitch.modified, pitch.result) == (raw, 50, "BB")
    assert g.bases[1].pid == bid
    assert g.bat[bid][BB] == 1 and g.bat[bid][AB] == 0


def test_t2_dash_column_is_skipped_and_05_reads_5(mini, ruleset):
    """T2 (R2): BS* ≤3, BS+ "--", BS ≤60; roll "05" reads 5 → BS (BS+ absent)."""
    row = parse_bounds("3 -- 60 65 70 80 90 100", PITCH_COLUMNS, "T2")
    roll = read_d100("05")
    assert roll == 5
    assert row.read(roll) == "BS"
    assert row.read(3) == "BS*" and row.read(4) == "BS"
    assert row.width("BS+") == 0
    assert ScriptedDice(["05"]).roll("pitch") == 5


def test_t3_bs_goes_to_the_batting_roll(mini, ruleset):
    """T3 (RP2): a BS pitch is followed by a batting roll on the batter's card."""
    g = game(mini, ruleset, [])
    set_pitcher(g, "1 2 60 65 70 80 90 100")
    g.dice = ScriptedDice([raw_for(g, "BS"), bat_for(g, "K")])
    g.plate_appearance()
    assert [r.purpose for r in g.rolls] == ["pitch", "bat"]
    assert g.rolls[0].result == "BS" and g.rolls[1].result == "K"
    assert g.outs == 1


# ------------------------------------------------------------------------------------------
# T4, T18: condition check

def test_t4_condition_check_lead_minus_one(mini, ruleset):
    """T4 (RP2): condition check raw 69 with the catcher's lead −1 → 68; column B → NE."""
    g = game(mini, ruleset, [69], condition="B")
    set_catcher(g, lead=-1)
    assert ruleset.condition["B"].read(68) == "NE"
    g.condition_check(g.defense)
    r = g.rolls[-1]
    assert r.purpose == "condition"
    assert (r.raw, r.modified, r.row) == (69, 68, "B")
    assert ("lead", -1) in r.modifiers
    assert r.result.startswith("NE")
    assert g.defense.condition == "B"


def test_t4_lead_moves_the_roll_across_a_bound(mini, ruleset):
    """T4 with a tiny table: the lead is added before the reading (raw 69 + lead −1 = 68)."""
    from league.engine.ruleset import CONDITION_COLUMNS
    tiny = parse_bounds("10 40 68 90 100", CONDITION_COLUMNS, "T4 table")
    rs = dc.replace(ruleset, condition={c: tiny for c in CONDITIONS})
    g = game(mini, rs, [69, 69], condition="B")
    set_catcher(g, lead=-1)
    g.condition_check(g.defense)
    assert g.rolls[-1].modified == 68 and g.rolls[-1].result.startswith("NE")
    assert g.defense.condition == "B"
    set_catcher(g, lead=0)
    g.condition_check(g.defense)
    assert g.rolls[-1].modified == 69 and g.rolls[-1].result.startswith("↑1")
    assert g.defense.condition == "A"


def _up2_raw(ruleset, cond):
    row = ruleset.condition[cond]
    return next(r for r in range(1, 101) if row.read(r) == "↑2")


@pytest.mark.parametrize("stability,start,expected", [
    ("C", "B", "A"),   # T18: ↑2 from B with stability C → only one step, A
    ("C", "C", "B"),   # one step only for C
    ("B", "C", "B"),   # ... and for B
    ("A", "C", "A"),   # stability A: the full two steps
])
def test_t18_stability_limits_up2(mini, ruleset, stability, start, expected):
    """T18 (R6): a ↑2 is only one rank when stability is B or C."""
    g = game(mini, ruleset, [], condition=start)
    set_catcher(g, lead=0)
    set_pitcher(g, stability=stability)
    g.dice = ScriptedDice([_up2_raw(ruleset, start)])
    g.condition_check(g.defense)
    assert g.rolls[-1].result.startswith("↑2")
    assert g.defense.condition == expected


def test_condition_d_is_first_raised_to_c(mini, ruleset):
    """§3.1 forced recovery (ver 7.1): a pitcher at D is checked on the C row."""
    row = ruleset.condition["C"]
    ne = next(r for r in range(1, 101) if row.read(r) == "NE")
    g = game(mini, ruleset, [ne], condition="D")
    set_catcher(g, lead=0)
    g.condition_check(g.defense)
    assert g.rolls[-1].row == "C"
    assert g.defense.condition == "C"


# ------------------------------------------------------------------------------------------
# T6: single table

def test_t6_single_no_runners_roll_94(mini, ruleset):
    """T6 (RP2): single table, nobody on, defense roll 94 → single, batter on 1st."""
    g = game(mini, ruleset, [])
    bid = g.batter_id
    g.dice = ScriptedDice([raw_for(g, "BS"), bat_for(g, "1B"), 94])
    g.plate_appearance()
    d = g.rolls[-1]
    assert d.purpose == "defense" and d.table == ruleset.tables["single"].name
    assert d.raw == 94 and d.modified == 94 and d.row == "~98"
    assert g.bases[1].pid == bid and g.bases[2] is None
    assert g.bat[bid][H] == 1 and g.pit[g.defense.pitcher][P_H] == 1
    assert g.outs == 0


# ------------------------------------------------------------------------------------------
# T7, T8, T9: steals

def test_t7_t8_steal_roll_95_goes_to_the_catcher_table_and_runner_gets_back(mini, ruleset):
    """T7/T8 (RP2): SR 36, steal roll 95 → catcher table (picked off: arm +1); defense roll 11
    → the runner is safe and stays on 1st."""
    g = game(mini, ruleset, [95, 11], runners=[1])
    rid = g.bases[1].pid
    set_batting(g, rid, SR=36, RR=2)
    set_catcher(g, arm=5)
    g.steal(1)
    steal, catcher = g.rolls
    assert steal.purpose == "steal" and steal.raw == 95 and steal.result == "picked_off"
    assert catcher.purpose == "catcher" and catcher.raw == 11
    assert catcher.row == "arm 6"          # arm 5, +1 on a pick-off
    assert catcher.result.startswith("○")
    assert g.bases[1].pid == rid and g.bases[2] is None
    assert g.outs == 0


def test_t8_catcher_table_out_on_a_high_roll(mini, ruleset):
    """T8 converse: the catcher table puts the runner out from its out_from value up."""
    out_from = ruleset.catcher_out_from_for(6)
    g = game(mini, ruleset, [95, out_from], runners=[1])
    rid = g.bases[1].pid
    set_batting(g, rid, SR=36, RR=2)
    set_catcher(g, arm=5)
    g.steal(1)
    assert g.rolls[-1].result.startswith("×")
    assert g.bases[1] is None and g.outs == 1


def test_t9_stop_gives_plus_five_on_the_next_pitch(mini, ruleset):
    """T9: after a stopped steal the batter bats with +5 on the pitch roll."""
    off = ScriptedManager(offense_call=[("steal", 1)], steal_go=False)
    g = game(mini, ruleset, [], runners=[1], offense=off)
    rid = g.bases[1].pid
    set_batting(g, rid, SR=36, RR=2)          # choice region: 37 .. 71 (pick-off from 2×36)
    raw = raw_for(g, "K", extra=5)
    plat = platoon(g)
    g.dice = ScriptedDice([50, raw])
    g.plate_appearance()
    steal, pitch = g.rolls
    assert steal.result == "choice"
    assert ("stop", 5) in pitch.modifiers
    assert pitch.modified == clamp(raw + plat + 5)
    assert pitch.result == "K"
    assert g.bases[1].pid == rid and sb(g, rid) == 0
    assert g.outs == 1


# ------------------------------------------------------------------------------------------
# T10: DP subtraction

def _ground_with_runner(mini, ruleset, call_d="none", call_o=("none",), dp=6):
    off = ScriptedManager(offense_call=call_o)
    dfn = ScriptedManager(defense_call=call_d)
    g = game(mini, ruleset, [], runners=[1], offense=off, defense=dfn)
    set_batting(g, g.batter_id, DP=dp)
    extra = 5 if call_o[0] == "hit_and_run" else 0
    g.dice = ScriptedDice([raw_for(g, "G", extra=extra), 60])
    g.plate_appearance()
    return g


@pytest.mark.parametrize("call_d,call_o,mult", [
    ("none", ("none",), 1),
    ("infield_in", ("none",), 2),
    ("none", ("hit_and_run",), 2),
    ("infield_in", ("hit_and_run",), 3),
])
def test_t10_dp_subtraction(mini, ruleset, call_d, call_o, mult):
    """T10 (RP2/R9): G with a runner on: −DP; again with infield in; again with hit-and-run."""
    g = _ground_with_runner(mini, ruleset, call_d, call_o)
    d = g.rolls[-1]
    assert d.purpose == "defense" and d.table == ruleset.tables["ground"].name
    assert d.modifiers == (("dp", -6 * mult),)
    assert d.modified == 60 - 6 * mult


def test_t10_no_dp_subtraction_with_nobody_on(mini, ruleset):
    """T10: the DP subtraction only applies with runners on base."""
    g = game(mini, ruleset, [])
    set_batting(g, g.batter_id, DP=6)
    g.dice = ScriptedDice([raw_for(g, "G"), 60])
    g.plate_appearance()
    assert g.rolls[-1].modifiers == () and g.rolls[-1].modified == 60


# ------------------------------------------------------------------------------------------
# T11, T12: runner notation on the ground-ball table

def _ground_12(league, rs, defense_raw):
    g = game(league, rs, [], runners=[1, 2])
    bid = g.batter_id
    set_batting(g, bid, DP=0)
    r1, r2 = g.bases[1].pid, g.bases[2].pid
    g.dice = ScriptedDice([raw_for(g, "G"), defense_raw])
    g.plate_appearance()
    return g, bid, r1, r2


def test_t11_batter_out_r1_to_second_r2_out(mini):
    """T11 (B12): `×・2・×` with runners on 1st and 2nd → batter out, R1 to 2nd, R2 out."""
    data = standard_data()
    # the row a modified roll of 50 reads (whatever its bound) gets T11's entry
    row = next(r for r in data["tables"]["ground"]["rows"] if r.get("upto", 0) >= 50)
    row["12-"] = "×・2・×・3"
    rs = parse_ruleset(data, "T11 ruleset")
    g, bid, r1, r2 = _ground_12(mini, rs, 50)
    assert g.rolls[-1].result.startswith("×・2・×")
    assert g.outs == 2
    assert g.bases[2].pid == r1
    assert g.bases[1] is None and g.bases[3] is None
    assert g.bat[bid][GIDP] == 1


def test_t12_batter_out_r1_out_r2_to_third(mini, ruleset):
    """T12 (B12): `×・×・3` with runners on 1st and 2nd → batter out, R1 out, R2 to 3rd."""
    g, bid, r1, r2 = _ground_12(mini, ruleset, 90)
    assert g.rolls[-1].result.startswith("×・×・3")
    assert g.outs == 2
    assert g.bases[3].pid == r2
    assert g.bases[1] is None and g.bases[2] is None
    assert g.bat[bid][GIDP] == 1


# ------------------------------------------------------------------------------------------
# T13: infield fly, fixed error 01 and fine play 80

def _infield_fly(mini, ruleset, defense_raw):
    g = game(mini, ruleset, [])
    bid = g.batter_id
    g.dice = ScriptedDice([raw_for(g, "IF"), defense_raw])
    g.plate_appearance()
    return g, bid


def test_t13_infield_fly_raw_1_is_an_error(mini, ruleset):
    """T13 (R8): IF, raw roll 1 → E row (fixed error value 01)."""
    g, bid = _infield_fly(mini, ruleset, 1)
    d = g.rolls[-1]
    assert d.table == ruleset.tables["infield_fly"].name and d.row == "E"
    assert g.bases[1].pid == bid and g.outs == 0
    assert g.errs[g.defense.index] == 1 and g.bat[bid][H] == 0


def test_t13_infield_fly_raw_80_is_a_fine_play(mini, ruleset):
    """T13 (R8): IF, raw roll 80 → fine-play row (fixed value 80); 79 reads the normal rows."""
    g, bid = _infield_fly(mini, ruleset, 80)
    assert g.rolls[-1].row == "F"
    assert g.outs == 1
    g2, _ = _infield_fly(mini, ruleset, 79)
    assert g2.rolls[-1].row not in ("E", "F")
    g3, bid3 = _infield_fly(mini, ruleset, 2)
    assert g3.rolls[-1].row not in ("E", "F")      # raw 2 is above the fixed error value
    assert g3.errs[g3.defense.index] == 0


# ------------------------------------------------------------------------------------------
# T14: infield in widens the infield hit

def test_t14_infield_in_ground_ball_10_is_an_infield_hit(mini, ruleset):
    """T14 (R9): infield in, common section, modified roll 10 → infield hit (~08 reads ~12)."""
    dfn = ScriptedManager(defense_call="infield_in")
    g = game(mini, ruleset, [], defense=dfn)
    bid = g.batter_id
    g.dice = ScriptedDice([raw_for(g, "G"), 10])
    g.plate_appearance()
    assert g.rolls[-1].modified == 10
    assert g.bases[1].pid == bid and g.outs == 0
    assert g.bat[bid][H] == 1
    # without infield in the same roll is an out
    g2 = game(mini, ruleset, [])
    g2.dice = ScriptedDice([raw_for(g2, "G"), 10])
    g2.plate_appearance()
    assert g2.outs == 1 and g2.bases[1] is None


# ------------------------------------------------------------------------------------------
# T15: team values from marks

def test_t15_aggressive_values_from_marks():
    """T15 (V5/R4): two +, one #, one (#); one *, two − → 積極守備値 7, 積極エラー値 5."""
    fielders = [
        Fielding("P", 1), Fielding("C", 3),
        Fielding("1B", 2, "(#)"), Fielding("2B", 3, "#"), Fielding("3B", 2, None, "-"),
        Fielding("SS", 3, "+"), Fielding("LF", 1, None, "*"), Fielding("CF", 4, "+"),
        Fielding("RF", 1, None, "-"),
    ]
    base = {"infield_error": 2, "outfield_error": 2, "overall_error": 2,
            "infield_fine": 98, "outfield_fine": 97, "overall_fine": 99}
    v = defence_values(fielders, base)
    assert v.aggressive_defense == 1 + 4 + 1 + 1 == 7
    assert v.aggressive_error == 1 + 2 + 2 == 5
    assert v.range_total == 20                 # 守備修正: the sum of the range numbers
    # ruleset §defence: * +2 / − +1 on errors, + −2 / # −1 on fine plays; overall = half
    assert v.infield_error == 2 + 1 and v.outfield_error == 2 + 3
    assert v.overall_error == 2 + 4 // 2
    assert v.infield_fine == 98 - 3 and v.outfield_fine == 97 - 2
    assert v.overall_fine == 99 - 5 // 2


def test_t15_values_are_recomputed_from_the_side(mini, ruleset):
    """§5: a side's values come from the nine players in the field (pitcher included)."""
    g = situation_game(mini, ruleset, [], dh=True)
    d = g.defense
    fielders = [g.players[d.fielder(pos)].fielding_at(pos) for pos in
                ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")]
    assert d.values == defence_values(fielders, ruleset.defence)


# ------------------------------------------------------------------------------------------
# dice

def test_dice_outside_1_to_100_are_rejected():
    """C.4 / §1.1: d100 rolls are 1..100; "00" reads 100, "05" reads 5."""
    for bad in (0, 101, -3, "x", "7.5"):
        with pytest.raises(DiceError):
            ScriptedDice([5, bad])
    assert ScriptedDice(["00"]).roll("pitch") == 100
    d = ScriptedDice([1, 100])
    assert d.roll("pitch") == 1 and d.roll("bat") == 100
    with pytest.raises(DiceError):
        d.roll("defense")
