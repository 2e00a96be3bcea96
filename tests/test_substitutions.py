"""Substitutions: pinch runners and defensive substitutions, by a person or the computer."""
from __future__ import annotations

import pytest
from conftest import ScriptedManager, situation_game

from league.engine.game import P_BF
from league.errors import DecisionError
from league.manager.computer import ComputerManager
from league.season.simulate import schedule, seeded_games


def _fast_bench(g):
    side = g.offense
    return max(side.bench, key=lambda b: g.batting_card(b).RR)


def test_a_pinch_runner_takes_the_base_and_the_batting_slot(mini, ruleset):
    """The runner keeps the pitcher charged with him; the new man bats in the slot he took."""
    off = ScriptedManager()
    g = situation_game(mini, ruleset, [], offense=off, runners=[1])
    side = g.offense
    old = g.bases[1].pid
    # put the runner in the batting order, as a real runner would be
    slot = (side.batting_index + 8) % 9
    side.order[slot] = old
    new = _fast_bench(g)
    charged = g.bases[1].charged
    g.pinch_run(side, 1, new)
    assert g.bases[1].pid == new and g.bases[1].charged == charged
    assert side.order[slot] == new and new not in side.bench
    assert g.plays[-1].text.startswith("pinch runner:")
    assert g.pos_text[new] == "PR"


def test_a_pinch_runner_needs_a_runner_and_a_bench_player(mini, ruleset):
    g = situation_game(mini, ruleset, [])
    with pytest.raises(DecisionError, match="no runner on base 2"):
        g.pinch_run(g.offense, 2, g.offense.bench[0])
    g = situation_game(mini, ruleset, [], runners=[1])
    with pytest.raises(DecisionError, match="not on the bench"):
        g.pinch_run(g.offense, 1, g.defense.pitcher)


def test_a_defensive_substitution_changes_the_team_defence_values(mini, ruleset):
    g = situation_game(mini, ruleset, [])
    side = g.defense
    pos, new = next((p, b) for p in ("SS", "2B", "3B", "CF", "LF", "RF", "1B")
                    for b in side.bench if g.players[b].can_play(p)
                    and g.players[b].fielding_at(p).defence != g.players[side.positions[p]].fielding_at(p).defence)
    before = side.values.range_total
    old = side.positions[pos]
    g.defensive_sub(side, pos, new)
    assert side.positions[pos] == new and new in side.order and old not in side.order
    assert side.values.range_total != before, "team values are recomputed on the substitution"
    assert g.plays[-1].text.startswith("defensive substitution:")
    with pytest.raises(DecisionError, match="cannot play"):
        catcherless = next(b for b in side.bench if not g.players[b].can_play("C"))
        g.defensive_sub(side, "C", catcherless)


def test_computer_managers_pinch_run_and_shore_up_the_defense_late(pacific, ruleset):
    runs = subs = 0
    for _, result in seeded_games(pacific, ruleset, schedule(pacific, 360), 4000):
        after_accident = False
        for p in result.plays:
            if p.text.startswith("accident:"):   # an injured man's replacement may come any time
                after_accident = True
                continue
            if after_accident:
                after_accident = False
                continue
            runs += p.text.startswith("pinch runner:")
            subs += p.text.startswith("defensive substitution:")
            # docs/manager.md, "In the game": runners from the 7th, gloves from the 8th
            if p.text.startswith("pinch runner:"):
                assert p.inning >= 7
            if p.text.startswith("defensive substitution:"):
                assert p.inning >= 8
        # whoever came in is in the box score
        assert all(line is not None for _, _, line, _ in result.batting)
    assert runs >= 1 and subs >= 1


def test_5_10_f_the_starter_pitches_to_the_first_batter(mini, ruleset):
    """公認野球規則 5.10(f): the starting pitcher pitches to the first batter until he is out or
    on base, unless hurt. The computer manager keeps a starter in bad condition in until then
    (and pulls him after); the engine refuses the change, except for a hurt pitcher."""
    g = situation_game(mini, ruleset, [], defense=ComputerManager())
    dfn = g.defense
    starter = dfn.pitcher
    dfn.condition = "D"          # he would come out at once otherwise
    assert g.starter_owes_a_batter(dfn)
    assert g.deciders[dfn.index].change_pitcher(g, True) is None
    with pytest.raises(DecisionError, match="5.10"):
        g.change_pitcher(dfn, dfn.bullpen[0])
    g.pit[starter][P_BF] = 1       # he has faced the first batter
    assert not g.starter_owes_a_batter(dfn)
    assert g.deciders[dfn.index].change_pitcher(g, True) in dfn.bullpen


def test_5_10_f_a_hurt_starter_may_leave_before_the_first_batter(mini, ruleset):
    """5.10(f)'s exception: a hurt starter is replaced at once."""
    g = situation_game(mini, ruleset, [50] * 5)
    dfn = g.defense
    starter, reliever = dfn.pitcher, dfn.bullpen[0]
    g.change_pitcher(dfn, reliever, hurt=True)
    assert dfn.pitcher == reliever and dfn.pitchers_used == [starter, reliever]


def test_5_10_f_a_tired_starter_plays_the_first_batter(mini, ruleset):
    """5.10(f): a starter carrying two fatigue points from earlier games (the way the scorer's
    recount found 45 of 1,756 starters gone before a batter) still pitches to the first batter:
    the half-inning's first play is a batter's, then the manager makes the change."""
    g = situation_game(mini, ruleset, [50] * 40, defense=ComputerManager())
    dfn = g.defense
    starter = dfn.pitcher
    dfn.carried_fatigue[starter] = 2
    g.play_half()
    assert dfn.pitchers_used[0] == starter and g.pit[starter][P_BF] >= 1
    first = next(p for p in g.plays if p.batter)
    changes = [p for p in g.plays if p.text.startswith("pitching change:")]
    assert not changes or g.plays.index(changes[0]) > g.plays.index(first)
