"""Official scoring on the field, with scripted dice: runs cross lead runner first (rules C.2),
walk-offs (公認野球規則 9.06(f), (g)), caught stealing and pick-offs credited to the runner and the
fielders, play lines with the outs after the play, and the readings of C.2 that are options
(bunt `+` and a sloppy infield, the extra base of a bunt `+`, the hit-and-run fly caught)."""
from __future__ import annotations

import dataclasses as dc

import pytest
from conftest import ScriptedManager
from test_rules_examples import (
    bat_for,
    game,
    platoon,
    raw_for,
    rolls_of,
    set_batting,
    set_catcher,
    set_pitcher,
    set_values,
)

from league.engine.dice import ScriptedDice
from league.engine.game import CS, D2, D3, F_A, F_CS, F_PO, HR, RBI, SH, H, Runner
from league.engine.scoring import decide
from league.engine.state import F_E
from league.errors import DecisionError

ROW = "10 20 50 55 60 75 90 100"        # BS* BS+ BS BB X G IF K
CARD = "5 30 40 50 70 85 95 100"        # BB 1B LG HR OF G IF K
LONG_DOUBLE = 30      # long-hit table ~40: 2・○・4・4 — a double, every runner scores
LONG_TRIPLE = 10      # long-hit table ~16: 3・4・4・4 — a triple, every runner scores
NE = None


def _ne(ruleset):
    return next(r for r in range(1, 101) if ruleset.condition["B"].read(r) == "NE")


def _setup(mini, ruleset, runners, inning=1, half=0, score=(0, 0), **kw):
    g = game(mini, ruleset, [], runners=runners, inning=inning, half=half, **kw)
    g.score = list(score)
    g.line = [[0] * inning, [0] * (inning - (1 if half == 0 else 0))]
    g.line[0][0], g.line[1][0] = score[0], score[1] if g.line[1] else 0
    set_pitcher(g, ROW)
    set_batting(g, g.batter_id, bounds=CARD)
    return g


def _long_hit(g, defense_raw):
    g.dice = ScriptedDice([raw_for(g, "BS"), bat_for(g, "LG"), defense_raw])
    g.plate_appearance()


# ------------------------------------------------------------------------------------------
# C.2: runs cross the plate lead runner first

def test_c2_lead_runner_scores_first_and_carries_the_tying_run(mini, ruleset):
    """C.2 runner order: a double scores the runner from 3rd, then the runner from 1st. Down 1,
    the runner from 3rd ties and the runner from 1st puts the offense ahead: that go-ahead run is
    charged to the pitcher who put him on, who takes the loss (9.17(a))."""
    g = _setup(mini, ruleset, [1, 3], inning=5, score=(0, 1))
    starter, reliever = g.defense.pitcher, g.defense.bullpen[0]
    r1, r3 = g.bases[1].pid, g.bases[3].pid
    g.dice = ScriptedDice([_ne(ruleset)])
    g.change_pitcher(g.defense, reliever)
    g.bases[1] = Runner(r1, reliever, True)     # the reliever walked him
    g.bases[3] = Runner(r3, starter, True)      # the starter's runner
    _long_hit(g, LONG_DOUBLE)
    runs = g.scoring_record().runs
    assert [r.runner for r in runs] == [r3, r1]
    assert [r.charged for r in runs] == [starter, reliever]
    assert [r.score for r in runs] == [(1, 1), (2, 1)]
    decisions = decide(dc.replace(g.scoring_record(), final=(2, 1)))
    assert decisions[reliever] == "L" and starter not in decisions


# ------------------------------------------------------------------------------------------
# 9.06(f), (g): walk-offs

def test_9_06_f_double_scoring_the_winner_from_first_stays_a_double(mini, ruleset):
    """9.06(f): tie, bottom 9th, runner on 1st; the double scores him — he advanced three bases,
    so the batter keeps his two: a double, one run, one RBI."""
    g = _setup(mini, ruleset, [1], inning=9, half=1)
    bid = g.batter_id
    _long_hit(g, LONG_DOUBLE)
    assert g.score == [0, 1] and g._walk_off()
    assert g.bat[bid][D2] == 1 and g.bat[bid][H] == 1 and g.bat[bid][RBI] == 1


def test_9_06_f_triple_with_the_winner_from_second_is_credited_a_double(mini, ruleset):
    """9.06(f): tie, runner on 2nd; a 'triple' ends the game when he scores — he advanced two
    bases, so the batter is credited with a double, and the play line says so."""
    g = _setup(mini, ruleset, [2], inning=9, half=1)
    bid = g.batter_id
    _long_hit(g, LONG_TRIPLE)
    assert g.score == [0, 1]
    assert g.bat[bid][D2] == 1 and g.bat[bid][D3] == 0 and g.bat[bid][RBI] == 1
    assert "credited as a double (9.06(f))" in g.plays[-1].text


def test_9_06_f_only_the_winning_run_counts(mini, ruleset):
    """9.06(f): tie, runners on 1st and 3rd; a double — the runner from 3rd scores the winning
    run (one base: a single), the runner from 1st does not score and stays on the field; one RBI."""
    g = _setup(mini, ruleset, [1, 3], inning=9, half=1)
    bid, r1, r3 = g.batter_id, g.bases[1].pid, g.bases[3].pid
    _long_hit(g, LONG_DOUBLE)
    assert g.score == [0, 1] and g.line[1][-1] == 1
    assert g.bat[bid][H] == 1 and g.bat[bid][D2] == 0 and g.bat[bid][RBI] == 1
    assert [r.runner for r in g.scoring_record().runs] == [r3]
    on = {b: g.bases[b].pid for b in g.runners()}
    assert r1 in on.values() and on.get(1) == bid


def test_9_06_f_two_runs_needed_the_second_is_the_winner(mini, ruleset):
    """9.06(f): down one, runners on 1st and 3rd; the double scores both: the runner from 1st is
    the winning run (three bases), so the double stands and both runs count."""
    g = _setup(mini, ruleset, [1, 3], inning=9, half=1, score=(1, 0))
    bid = g.batter_id
    _long_hit(g, LONG_DOUBLE)
    assert g.score == [1, 2]
    assert g.bat[bid][D2] == 1 and g.bat[bid][RBI] == 2


def test_9_06_g_walk_off_home_run_counts_in_full(mini, ruleset):
    """9.06(g): a home run over the fence ending the game counts every run: a tied game, bases
    loaded, a grand slam wins 4-0 with four RBI."""
    g = _setup(mini, ruleset, [1, 2, 3], inning=9, half=1)
    bid = g.batter_id
    g.dice = ScriptedDice([raw_for(g, "BS"), bat_for(g, "HR")])
    g.plate_appearance()
    assert g.score == [0, 4] and g.bat[bid][HR] == 1 and g.bat[bid][RBI] == 4


# ------------------------------------------------------------------------------------------
# caught stealing and pick-offs: the runner, the fielders, the outs after the play

def _steal(mini, ruleset, rolls, outs=2):
    g = game(mini, ruleset, rolls, runners=[1], outs=outs, offense=ScriptedManager(steal_go=True))
    set_batting(g, g.bases[1].pid, RR=3, SR=30)
    set_catcher(g, arm=3)
    return g


def test_caught_stealing_is_the_catchers_and_the_play_shows_three_out(mini, ruleset):
    """9-2-3 steal to the catcher table, out: the runner's CS, the catcher's CS and assist, the
    putout to the man covering 2nd; with two out the play line shows 3 out."""
    g = _steal(mini, ruleset, [45, 100], outs=2)
    rid = g.bases[1].pid
    g.steal(1)
    catcher, ss = g.defense.positions["C"], g.defense.positions["SS"]
    assert g.bat[rid][CS] == 1
    assert g.fld[catcher][F_CS] == 1 and g.fld[catcher][F_A] == 1 and g.fld[ss][F_PO] == 1
    assert g.outs == 3 and g.plays[-1].outs == 3 and "caught stealing" in g.plays[-1].text


def test_picked_off_is_the_pitchers_caught_stealing(mini, ruleset):
    """9-2-3 picked off and not back: a caught stealing charged to the runner and credited to
    the pitcher (his throw: CS and assist; the 1st baseman's putout); the line shows 3 out."""
    g = _steal(mini, ruleset, [60, 100], outs=2)
    rid = g.bases[1].pid
    g.steal(1)
    pitcher, first, catcher = g.defense.pitcher, g.defense.positions["1B"], g.defense.positions["C"]
    assert g.bat[rid][CS] == 1
    assert g.fld[pitcher][F_CS] == 1 and g.fld[pitcher][F_A] == 1 and g.fld[first][F_PO] == 1
    assert catcher not in g.fld or g.fld[catcher][F_CS] == 0
    assert g.plays[-1].outs == 3 and "picked off" in g.plays[-1].text


# ------------------------------------------------------------------------------------------
# C.2 bunt `+`: a sloppy infield, and the extra base

def _bunt(mini, ruleset, rolls, runners=(1,), off=None, **opts):
    rules = dc.replace(ruleset, options={**ruleset.options, **opts})
    off = off or ScriptedManager(offense_call=("bunt",))
    g = game(mini, rules, [], runners=list(runners), offense=off)
    set_values(g, infield_error=5)
    set_batting(g, g.batter_id, BT=1)
    for b in runners:
        set_batting(g, g.bases[b].pid, RR=3)
    g.dice = ScriptedDice([raw_for(g, "BS"), *rolls])
    g.plate_appearance()
    return g


@pytest.mark.parametrize("check,result", [("after_plus", "+"), ("before_plus", "E"), ("none", "+")])
def test_c2_bunt_plus_with_a_sloppy_infield_can_fire(mini, ruleset, check, result):
    """9-2-1 / C.2 bunt_error_check: infield error value 5 widens `+` to rolls up to RR+1 = 4;
    a roll of 4 is `+` when the `+` comes first (after_plus, the default) or there is no error
    check, and an error when the error check comes first (before_plus)."""
    g = _bunt(mini, ruleset, [4], bunt_error_check=check)
    assert rolls_of(g, "bunt")[0].result == result


def test_c2_bunt_plus_extra_base_only_to_a_runner_whose_next_base_is_free(mini, ruleset):
    """C.2: runners on 1st and 2nd, bunt `+`, batter out: after everyone moves up one, 3rd is
    taken, so the runner from 1st cannot take the extra base — naming him is refused — and the
    runner from 2nd may (he scores). Nobody vanishes."""
    with pytest.raises(DecisionError, match="next base is not free"):
        _bunt(mini, ruleset, [3], runners=(1, 2),
              off=ScriptedManager(offense_call=("bunt",), bunt_plus=1))
    off = ScriptedManager(offense_call=("bunt",), bunt_plus=2)
    g = game(mini, ruleset, [], runners=[1, 2], offense=off)
    assert g.bunt_extra_base_runners() == [2]
    r1 = g.bases[1].pid
    g = _bunt(mini, ruleset, [3], runners=(1, 2), off=off)
    assert g.outs == 1 and g.score == [1, 0] and g.bases[2].pid == r1 and g.bases[3] is None
    assert g.bat[g.sides[0].order[0]][SH] == 1


# ------------------------------------------------------------------------------------------
# C.2 hit-and-run, the fly is caught

def _hnr_fly(mini, ruleset, back_rolls, back_first=None, **opts):
    rules = dc.replace(ruleset, options={**ruleset.options, **opts})
    answers = {"offense_call": ("hit_and_run",)}
    if back_first is not None:
        answers["back_first"] = back_first
    off = ScriptedManager(**answers)
    g = game(mini, rules, [], runners=[1, 3], offense=off)
    set_batting(g, g.batter_id, bounds=CARD)
    for b in (1, 3):
        set_batting(g, g.bases[b].pid, RR=2)
    rids = {b: g.bases[b].pid for b in (1, 3)}
    # OF, outfield-fly table ~35: ×・1・3・4 (the runner from 3rd would score on the catch)
    g.dice = ScriptedDice([raw_for(g, "BS", extra=5), bat_for(g, "OF"), 30, *back_rolls])
    g.plate_appearance()
    return g, rids, off


def test_c2_hit_and_run_fly_caught_the_offense_orders_the_cross_plays(mini, ruleset):
    """9-2-2 / C.2 「どこから行ってもよい」: the offense chooses whose cross-play back comes first
    (a decision point); here the runner from 1st goes first."""
    upto = ruleset.crossplay_safe_upto(4)
    g, rids, off = _hnr_fly(mini, ruleset, [upto, upto], back_first=[1])
    assert "back_first" in off.asked
    backs = rolls_of(g, "crossplay")
    assert [r.result for r in backs] == ["safe (back to 1st)", "safe (back to 3rd)"]


@pytest.mark.parametrize("option,scored", [("stays", False), ("table", True)])
def test_c2_hit_and_run_back_option(mini, ruleset, option, scored):
    """C.2 hit_and_run_back: a runner who gets back stands on his own base ("stays", the default)
    or where the table put him ("table": the runner from 3rd scores on the catch)."""
    upto = ruleset.crossplay_safe_upto(4)
    g, rids, _ = _hnr_fly(mini, ruleset, [upto, upto], hit_and_run_back=option)
    assert g.outs == 1
    assert (g.score == [1, 0]) is scored
    assert (g.bases[3] is not None and g.bases[3].pid == rids[3]) is not scored
    assert g.bases[1].pid == rids[1]


def test_9_16_h_fielders_choice_keeps_the_earlier_pitchers_runner(mini, ruleset):
    """9.16(h): a reliever inherits the starter's runner on 1st; a ground ball forces him at 2nd
    and the batter reaches on the fielder's choice — the batter is now the starter's runner (each
    pitcher is charged with the number of runners he put on)."""
    g = _setup(mini, ruleset, [1], inning=5)
    starter, reliever = g.defense.pitcher, g.defense.bullpen[0]
    g.dice = ScriptedDice([_ne(ruleset)])
    g.change_pitcher(g.defense, reliever)
    set_pitcher(g, ROW)
    bid = g.batter_id
    set_batting(g, bid, DP=0)
    g.dice = ScriptedDice([raw_for(g, "G"), 60])      # ground ~64, 1--: 1・×・3・3
    g.plate_appearance()
    assert g.outs == 1 and g.bases[1].pid == bid and g.bases[2] is None
    assert g.bases[1].charged == starter


def test_9_16_h_failed_bunt_keeps_the_earlier_pitchers_runner(mini, ruleset):
    """9.16(h) on a failed bunt (バント失敗、走者二塁封殺): a reliever inherits the starter's
    runner on 1st; the bunt fails and the lead runner is forced at 2nd — the batter who reaches
    takes his place in the starter's account, and when he scores the run is the starter's."""
    off = ScriptedManager(offense_call=("bunt",), bunt_out=1)
    g = game(mini, ruleset, [], runners=[1], inning=5, offense=off)
    starter, reliever = g.defense.pitcher, g.defense.bullpen[0]
    g.dice = ScriptedDice([_ne(ruleset)])
    g.change_pitcher(g.defense, reliever)
    set_pitcher(g, ROW)
    bid = g.batter_id
    set_batting(g, bid, BT=1)
    set_batting(g, g.bases[1].pid, RR=1)
    g.dice = ScriptedDice([raw_for(g, "BS"), 100])     # the bunt gets down; 100: out
    g.plate_appearance()
    assert "bunt fails" in g.plays[-1].text and "out at 2nd" in g.plays[-1].text
    assert g.outs == 1 and g.bases[1].pid == bid and g.bases[2] is None
    assert g.bases[1].charged == starter
    # the batter who took the starter's place scores on a long hit: the starter's run
    off.answers.pop("offense_call")
    set_batting(g, g.batter_id, bounds=CARD)
    _long_hit(g, LONG_TRIPLE)
    runs = g.scoring_record().runs
    assert [(r.runner, r.charged) for r in runs] == [(bid, starter)]


def test_9_06_g_walk_off_home_run_on_the_home_run_table_counts_in_full(mini, ruleset):
    """9.06(g): the home-run table's home run (本塁打守備表 4・4・4・4) is a ball out of the park:
    a walk-off one counts the batter and every runner, as a home run off the card does; a tied
    game, runners on 1st and 2nd: 3-0, three RBI, nobody left on base, and the play is a
    home run, not one "inside the park"."""
    g = _setup(mini, ruleset, [1, 2], inning=9, half=1)
    bid = g.batter_id
    g.dice = ScriptedDice([raw_for(g, "BS"), bat_for(g, "HR", exact_hr=True), 30])
    g.plate_appearance()
    assert rolls_of(g, "defense")[0].table == "本塁打守備表"
    assert g.score == [0, 3] and g._walk_off()
    assert g.bat[bid][HR] == 1 and g.bat[bid][RBI] == 3 and g.bat[bid][H] == 1
    assert g.bases == [None, None, None, None]
    text = g.plays[-1].text
    assert "inside the park" not in text and text.endswith("home run, 3 runs")


# ------------------------------------------------------------------------------------------
# who is charged with an error (9.12): from engine version 7 the man read off the raw roll that
# put the ball in play (the pitch's or the bat's), before it the fielder of the raw defense roll

def _grounder(mini, ruleset, defense_raw, version=None, runners=(), error_value=2, pitch_raw=None):
    g = game(mini, ruleset, [], runners=list(runners), version=version)
    set_values(g, infield_error=error_value)
    set_batting(g, g.batter_id, DP=0)
    g.dice = ScriptedDice([raw_for(g, "G") if pitch_raw is None else pitch_raw(g), defense_raw])
    g.plate_appearance()
    return g


WIDE = "5 10 20 25 30 60 90 100"     # BS* BS+ BS BB X G IF K: G and IF 30 wide each


def _pitch_reading(column, remainder, by):
    """A function of the game that gives its pitcher the card WIDE and the raw pitch roll that
    reads `column` on it and leaves `remainder` divided by `by`."""
    def raw(g):
        set_pitcher(g, WIDE)
        mod = platoon(g)
        return next(r for r in range(1, 100) if r % by == remainder
                    and g.players[g.defense.pitcher].pitching.rows[g.defense.condition].read(
                        max(1, min(100, r + mod))) == column)
    return raw


def _charged(g):
    """The fielders charged with an error, by position (the pitcher's too: the DH bats)."""
    at = {**g.defense.positions, "P": g.defense.pitcher}
    return sorted(pos for pos, pid in at.items() if pid in g.fld and g.fld[pid][F_E])


@pytest.mark.parametrize("version,fielder", [(6, "SS"), (5, "2B")])
def test_9_12_a_grounder_error_on_raw_1_is_the_shortstops_from_version_6(mini, ruleset, version,
                                                                        fielder):
    """§3.6 / 9.12: a raw defense roll at or below the error value is an error, charged to the
    fielder the raw roll gives the play. From engine version 6 raw 1 is the shortstop's (the
    infield's errors run SS > 3B > 2B > 1B); a game of version 5 replays with its second
    baseman charged (docs/scoring.md, "Who fields the ball")."""
    g = _grounder(mini, ruleset, 1, version=version)
    assert rolls_of(g, "defense")[0].row == "E" and g.errs[g.defense.index] == 1
    assert g.bases[1].pid == g.offense.order[0] and not g.bases[1].earned
    assert _charged(g) == [fielder]


def test_9_12_the_lowest_raws_go_short_third_second_first(mini, ruleset):
    """Version 6: with an error value of 5, the raw rolls 1 to 5 charge the shortstop, the third,
    second and first baseman, then the shortstop again; each keeps two of the eight slots of
    the raw roll, so each fields a quarter of the plays as before."""
    assert [_charged(_grounder(mini, ruleset, raw, version=6, error_value=5))
            for raw in range(1, 6)] == [["SS"], ["3B"], ["2B"], ["1B"], ["SS"]]


@pytest.mark.parametrize("version,fielder", [(7, "P"), (6, "P"), (5, "SS")])
def test_9_12_a_bunts_error_is_the_man_who_fields_the_bunt(mini, ruleset, version, fielder):
    """9-2-1 / 9.12: a bunt's error (an infield error value of 5, the error check first) is
    charged from version 6 to the man who fields the bunt, as its out is credited (the raw roll
    4: the pitcher), no longer to the grounder's fielder of that roll (version 5: the
    shortstop); version 7 leaves it so."""
    rules = dc.replace(ruleset, options={**ruleset.options, "bunt_error_check": "before_plus"})
    g = game(mini, rules, [], runners=[1], offense=ScriptedManager(offense_call=("bunt",)),
             version=version)
    set_values(g, infield_error=5)
    set_batting(g, g.batter_id, BT=1)
    set_batting(g, g.bases[1].pid, RR=3)
    g.dice = ScriptedDice([raw_for(g, "BS"), 4])
    g.plate_appearance()
    assert rolls_of(g, "bunt")[0].result == "E"
    assert _charged(g) == [fielder]


@pytest.mark.parametrize("remainder,fielder", [(0, "SS"), (1, "3B"), (2, "2B"), (3, "P"), (4, "SS"),
                                               (9, "1B"), (14, "3B")])
def test_9_12_a_grounders_error_is_read_off_the_pitch_from_version_7(mini, ruleset, remainder,
                                                                     fielder):
    """9.12 / §3.6: from engine version 7 a grounder's error (the raw defense roll 1, at or
    below the error value) is charged to the man the pitch's raw roll names by its remainder by
    20 (runners._GROUND_ERRORS: SS, 3B 5 of 20 each, 2B and the pitcher 4, 1B 2), no longer to
    the defense roll's fielder, who was the shortstop for every raw 1; version 6 replays so."""
    pitch = _pitch_reading("G", remainder, 20)
    g = _grounder(mini, ruleset, 1, pitch_raw=pitch)
    assert rolls_of(g, "defense")[0].row == "E" and g.errs[g.defense.index] == 1
    assert not g.bases[1].earned
    assert _charged(g) == [fielder]
    assert _charged(_grounder(mini, ruleset, 1, version=6, pitch_raw=pitch)) == ["SS"]


def test_9_12_a_grounders_error_with_runners_on_is_read_off_the_pitch_too(mini, ruleset):
    """With runners on (the play that moves them, runners._apply) the same man is charged as
    with the bases empty: a pitch's raw of remainder 3 by 20 names the pitcher, and the fielding
    lines' errors come to the team's (the line score's)."""
    g = _grounder(mini, ruleset, 1, runners=[1, 2], pitch_raw=_pitch_reading("G", 3, 20))
    assert rolls_of(g, "defense")[0].row == "E"
    assert _charged(g) == ["P"]
    assert sum(line[F_E] for line in g.fld.values()) == g.errs[g.defense.index] == 1


@pytest.mark.parametrize("remainder,fielder", [(0, "C"), (2, "C"), (1, "SS"), (3, "3B"), (5, "2B"),
                                               (7, "1B"), (9, "1B")])
def test_9_12_an_infield_flys_error_is_the_catchers_or_an_infielders(mini, ruleset, remainder,
                                                                     fielder):
    """9.12: an infield fly's error (its table's error value 1: the raw defense roll 1) is the
    catcher's on an even remainder of the pitch's raw roll by 10, else the SS 3B 2B 1B 1B's
    (runners._POP_ERRORS): a pop near the plate or a foul pop dropped."""
    g = game(mini, ruleset, [])
    g.dice = ScriptedDice([_pitch_reading("IF", remainder, 10)(g), 1])
    g.plate_appearance()
    assert rolls_of(g, "defense")[0].row == "E"
    assert _charged(g) == [fielder]


@pytest.mark.parametrize("table", ["OF", "1B"])
def test_9_12_an_outfield_misplay_goes_to_the_outfielder_of_the_bat_roll(mini, ruleset, table):
    """9.12: an outfield fly's or a single's misplay (the raw defense roll 1, at or below the
    outfield or overall error value) is charged to LF, CF, RF by the remainder by 3 of the bat
    roll that hit the ball, evenly: no longer to the centre fielder at every raw 1 (version 6)."""
    seen = {}
    for bat in range(2, 101):
        g = game(mini, ruleset, [])
        set_pitcher(g, ROW)
        set_batting(g, g.batter_id, bounds=CARD)
        if g.batting_card(g.batter_id).bounds.read(bat) != table or bat % 3 in seen:
            continue
        g.dice = ScriptedDice([raw_for(g, "BS"), bat, 1])
        g.plate_appearance()
        assert rolls_of(g, "defense")[0].row == "E"
        seen[bat % 3] = _charged(g)
    assert seen == {0: ["LF"], 1: ["CF"], 2: ["RF"]}


@pytest.mark.parametrize("version,batting_line", [(7, False), (6, True)])
def test_9_12_a_dh_games_pitcher_charged_with_an_error_is_given_no_batting_line(
        mini, ruleset, version, batting_line):
    """9.12 / 5.11 (the DH): a pitcher who does not bat (the DH bats for him) and is charged
    with an error has it on his fielding line and in his team's errors (the line score's 失),
    and from engine version 7 no batting line for it — he did not bat, so the game is no
    batting game of his. Version 6 gave him a line of no plate appearance and no position
    (its bunts' errors: the raw roll 4 is the pitcher's), and replays so."""
    rules = dc.replace(ruleset, options={**ruleset.options, "bunt_error_check": "before_plus"})
    g = game(mini, rules, [], runners=[1], offense=ScriptedManager(offense_call=("bunt",)),
             version=version)
    pitcher = g.defense.pitcher
    assert pitcher not in g.defense.order                    # the DH bats
    set_values(g, infield_error=5)
    set_batting(g, g.batter_id, BT=1)
    set_batting(g, g.bases[1].pid, RR=3)
    g.dice = ScriptedDice([raw_for(g, "BS"), 4])
    g.plate_appearance()
    assert _charged(g) == ["P"] and g.fld[pitcher][F_E] == 1 == g.errs[g.defense.index]
    assert (pitcher in g.bat) is batting_line


def test_9_12_a_dh_games_pitcher_on_a_grounder_error_has_no_batting_line(mini, ruleset):
    """The same for a grounder's error read off the pitch (version 7: remainder 3 by 20 names
    the pitcher): the fielding lines' errors are the team's, the batting lines' none."""
    g = _grounder(mini, ruleset, 1, pitch_raw=_pitch_reading("G", 3, 20))
    pitcher = g.defense.pitcher
    assert _charged(g) == ["P"] and pitcher not in g.bat
    assert sum(line[F_E] for line in g.fld.values()) == g.errs[g.defense.index] == 1
