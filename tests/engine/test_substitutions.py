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


def test_5_11_b_a_two_way_pitcher_who_bats_ends_his_sides_dh(mini, ruleset):
    """Issue 33: in a DH game a side may send its pitcher, a two-way man, to bat (NPB has no
    two-way exception): his line-up has him at P in the order and no DH; it is accepted, the
    side plays without the DH (its relievers bat in his slot), the other side keeps its DH."""
    from dataclasses import replace

    from league.engine.dice import SeededDice
    from league.engine.game import Game
    from league.engine.lineup import Lineup
    from league.errors import LeagueError
    from league.manager.computer import make_lineup
    from league.season.simulate import players_of

    players = players_of(mini)
    man = next(p for t in mini.teams for p in t.players if p.batting and p.pitching)
    home = next(t for t in mini.teams if any(p.id == man.id for p in t.players))
    away = next(t for t in mini.teams if t is not home)
    mine = make_lineup(home.code, list(home.players), True, starter=man.id)
    assert "DH" in mine.positions and man.id not in mine.order
    slot = mine.positions.index("DH")
    batting = replace(mine, order=mine.order[:slot] + (man.id,) + mine.order[slot + 1:],
                      positions=mine.positions[:slot] + ("P",) + mine.positions[slot + 1:])
    batting.validate(players, True)                 # accepted in a DH game
    with pytest.raises(LeagueError, match="must be the starting pitcher"):
        Lineup(batting.team, batting.order, batting.positions, batting.bullpen[0],
               batting.bench, batting.bullpen[1:]).validate(players, True)
    theirs = make_lineup(away.code, list(away.players), True)
    for seed in (1, 2, 3):
        g = Game(ruleset, players, theirs, batting, ComputerManager(), ComputerManager(),
                 SeededDice(seed), dh=True, quiet=True)
        assert not g.sides[1].dh and g.sides[0].dh and g.sides[1].positions["P"] == man.id
        result = g.play()
        side = g.sides[1]
        # he batted in his slot, and whoever pitches last for his side is in that slot now
        # (unless a pinch hitter batted for him last)
        assert any(pid == man.id and line[0] > 0 for s, pid, line, _pos in result.batting
                   if s == 1)
        assert side.positions["P"] == side.pitcher
        assert side.order[slot] == side.pitcher or g.pos_text[side.order[slot]].startswith("PH")
        assert "DH" not in side.positions
        assert g.sides[0].positions.get("DH") is not None


def test_5_11_b_the_pitcher_batting_for_the_dh_ends_it(mini, ruleset):
    """Issue 33: a person sends his pitcher (a two-way man) to bat for the DH: offered among
    the pinch hitters when the DH is up (not otherwise), accepted, and the DH ends: the pitcher
    bats in the DH's slot, the relievers after him bat there."""
    from league.engine.dice import SeededDice
    from league.engine.game import Game
    from league.manager.computer import make_lineup
    from league.season.simulate import players_of

    players = players_of(mini)
    man = next(p for t in mini.teams for p in t.players if p.batting and p.pitching)
    home = next(t for t in mini.teams if any(p.id == man.id for p in t.players))
    away = next(t for t in mini.teams if t is not home)
    mine = make_lineup(home.code, list(home.players), True, starter=man.id)
    theirs = make_lineup(away.code, list(away.players), True)
    g = Game(ruleset, players, theirs, mine, ComputerManager(), ComputerManager(),
             SeededDice(1), dh=True, quiet=True)
    side = g.sides[1]
    slot = mine.positions.index("DH")
    dh_man = mine.order[slot]
    side.batting_index = (slot + 1) % 9
    assert man.id not in g.pinch_hitters(side)          # not while another man is up
    with pytest.raises(DecisionError, match="not on the bench"):
        g.pinch_hit(side, man.id)
    side.batting_index = slot
    assert g.pinch_hitters(side) == [*side.bench, man.id]
    g.pinch_hit(side, man.id)
    assert side.order[slot] == man.id and not side.dh and "DH" not in side.positions
    assert side.positions["P"] == man.id and dh_man not in side.order
    new = side.bullpen[0]
    g.change_pitcher(side, new, hurt=True)
    assert side.order[slot] == new and side.positions["P"] == new


@pytest.mark.parametrize("version,pos_text", [(7, "PR-C"), (6, "PR")])
def test_a_pinch_runner_left_in_out_of_position_has_the_position_on_his_line(
        mini, ruleset, version, pos_text):
    """A pinch runner for the catcher stays in the field when nobody on the bench can catch
    (he plays out of position). From engine version 7 his line says where he plays (PR-C, 走捕)
    and the play-by-play that he goes in, as for a man who plays there; version 6 left "PR"
    alone, and its games replay so."""
    g = situation_game(mini, ruleset, [], runners=[1], version=version)
    side = g.offense
    catcher = side.positions["C"]
    g.bases[1].pid = catcher                   # the catcher is the runner on first
    side.bench = [b for b in side.bench if not g.players[b].can_play("C")]
    new = side.bench[0]
    g.pinch_run(side, 1, new)
    assert g.pos_text[new] == "PR"
    plays = len(g.plays)
    g.settle_defense(side)
    assert side.positions["C"] == new and g.pos_text[new] == pos_text
    said = [p.text for p in g.plays[plays:]]
    assert (said == [f"{g.players[new].name} goes in at C"]) if version >= 7 else said == []
