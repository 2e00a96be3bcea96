"""The computer manager runs a bench like a professional one (issue 12; docs/manager.md).

Each test sets a game at a moment with scripted dice (conftest.situation_game: the first team of
the pacific league away, the second at home) or a season's state between games, and checks the
decision the computer manager makes there, citing the section of docs/manager.md it follows.
"""
from __future__ import annotations

from datetime import date, timedelta

import pytest
from conftest import situation_game

from league.engine.game import P_OUTS, P_R
from league.engine.scoring import save_situation_now as save_situation
from league.manager.bullpen import CLOSER, LONG, MIDDLE, MOPUP, SETUP, assign_roles
from league.manager.computer import ComputerManager
from league.manager.rest import PitcherRest, choose_starter
from league.season.calibration import calibrate
from league.season.simulate import players_of
from league.season.state import ROTATION_SIZE, SeasonState, rotation, slot_setup, team_lineup
from storage.plainfiles import load_league, sample_league_path
from storage.rulesets import load_ruleset

DAY = date(2025, 5, 10)


def _home_defends(pacific, ruleset, *, inning, score, starter_outs=0, starter_runs=0,
                  condition="B"):
    """Top of `inning`, the home team in the field with its computer manager; the score is
    (away, home); the home starter has pitched `starter_outs` outs and given `starter_runs`."""
    manager = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 40, inning=inning, half=0, defense=manager,
                       condition=condition)
    g.score = list(score)
    line = g.pit[g.defense.pitcher]
    line[P_OUTS], line[P_R] = starter_outs, starter_runs
    return g, manager


def _role(g, manager, role):
    side = g.defense
    return [p for p in side.bullpen if manager.roles(g, side)[p] == role]


# --- The bullpen -------------------------------------------------------------------------------

def test_roles_come_from_the_cards_the_best_short_reliever_closes(pacific):
    """docs/manager.md, "The bullpen": the best short reliever by the cards closes, the next two
    set up, the weakest mops up, the men with the most innings pitch long relief."""
    team = pacific.teams[1]
    relievers = [p for p in team.players if p.pitching and p.pitching.starter == 0]
    roles = assign_roles(relievers)
    assert sorted(roles.values()).count(CLOSER) == 1
    assert list(roles.values()).count(SETUP) == 2
    assert list(roles.values()).count(MOPUP) == 1
    from league.manager.bullpen import pitching_value
    closer = next(p for p in relievers if roles[p.id] == CLOSER)
    assert pitching_value(closer) == max(pitching_value(p) for p in relievers)
    for p in relievers:
        if roles[p.id] == LONG:
            assert p.pitching.innings >= 1.5


def test_the_saved_bullpen_order_names_the_closer_and_the_setup_men(pacific):
    """docs/manager.md, "The bullpen": the Teams area's saved order — first the closer, then
    the setup men — overrides the cards."""
    relievers = [p for p in pacific.teams[1].players if p.pitching and p.pitching.starter == 0]
    order = [p.id for p in reversed(relievers)]
    roles = assign_roles(relievers, order)
    assert roles[order[0]] == CLOSER
    assert roles[order[1]] == roles[order[2]] == SETUP


def test_the_dressed_bullpen_sits_in_role_order_the_best_first_within_a_role(pacific):
    """docs/manager.md, "The bullpen": the line-up lists the day's relievers closer first, then
    the setup men, the middle, long and mop-up men, each role's men by the cards' value (a saved
    order gives the roles; the line-up is then marked as the manager's order)."""
    from league.manager.bullpen import ROLE_RANK, pitching_value
    from league.manager.computer import make_lineup
    team = pacific.teams[1]
    staff = [p for p in team.players if p.pitching and p.pitching.starter == 0]
    starter = next(p.id for p in team.players if p.pitching and p.pitching.starter > 0)
    for saved in ([], [p.id for p in reversed(staff)]):
        roles = assign_roles(staff, saved)
        lineup = make_lineup(team.code, list(team.players), True, starter=starter, roles=roles,
                             ranking=saved)
        assert len(lineup.bullpen) >= 5
        assert lineup.roles == tuple(roles.get(pid, MIDDLE) for pid in lineup.bullpen)
        assert lineup.roles[0] == CLOSER and lineup.roles[1] == lineup.roles[2] == SETUP
        players = {p.id: p for p in team.players}
        places = [(ROLE_RANK[role], -pitching_value(players[pid]), pid)
                  for pid, role in zip(lineup.bullpen, lineup.roles)]
        assert places == sorted(places)
        assert lineup.bullpen_ranked == bool(saved)


def test_the_closer_comes_in_for_the_save(pacific, ruleset):
    """docs/manager.md, "The bullpen": at the start of the 9th with a lead of three runs or
    fewer (a save situation, 9.19) the closer takes the ball from a starter who is not
    pitching a shutout."""
    g, m = _home_defends(pacific, ruleset, inning=9, score=(2, 4), starter_outs=24, starter_runs=2)
    closer = _role(g, m, CLOSER)[0]
    assert m.change_pitcher(g, inning_start=True) == closer
    g.change_pitcher(g.defense, closer)
    assert g.defense.pitcher == closer and g.defense.pitchers_used[-1] == closer


def test_the_closer_replaces_the_setup_man_for_the_ninth(pacific, ruleset):
    """docs/manager.md, "The bullpen": a setup man who pitched the 8th gives way in the 9th."""
    g, m = _home_defends(pacific, ruleset, inning=9, score=(1, 2), starter_outs=21)
    setup = _role(g, m, SETUP)[0]
    g.change_pitcher(g.defense, setup)
    assert m.change_pitcher(g, inning_start=True) == _role(g, m, CLOSER)[0]


def test_no_closer_when_the_lead_is_big(pacific, ruleset):
    """docs/manager.md, "The bullpen": seven runs up is no save situation: the mop-up man."""
    assert not save_situation(7, 0) and save_situation(4, 2) and save_situation(3, 0)
    g, m = _home_defends(pacific, ruleset, inning=9, score=(1, 8), starter_outs=24, starter_runs=3)
    assert m.change_pitcher(g, inning_start=True) == _role(g, m, MOPUP)[0]


def test_the_setup_man_pitches_the_eighth_of_a_tie(pacific, ruleset):
    """docs/manager.md, "The bullpen": in the 8th with the score tied (or a lead of up to three)
    the first setup man relieves a starter who is not cruising."""
    g, m = _home_defends(pacific, ruleset, inning=8, score=(3, 3), starter_outs=21, starter_runs=3)
    assert m.change_pitcher(g, inning_start=True) == _role(g, m, SETUP)[0]


def test_a_middle_man_gives_way_to_the_setup_man_in_the_eighth(pacific, ruleset):
    """docs/manager.md, "The bullpen": a middle reliever who got the last outs of the 7th does
    not start the 8th with a one-run lead: the setup man does."""
    g, m = _home_defends(pacific, ruleset, inning=8, score=(2, 3), starter_outs=18)
    middle = _role(g, m, MIDDLE)[0]
    g.change_pitcher(g.defense, middle)
    g.pit[middle][P_OUTS] = 1
    assert m.change_pitcher(g, inning_start=True) == _role(g, m, SETUP)[0]


def test_the_seventh_belongs_to_the_second_setup_man(pacific, ruleset):
    """docs/manager.md, "The bullpen": the 7th-inning man is the second of the setup men."""
    g, m = _home_defends(pacific, ruleset, inning=7, score=(2, 3), starter_outs=18, starter_runs=2)
    g.pit[g.defense.pitcher][P_OUTS] = 60  # far beyond his 『先』: he is done
    assert m.change_pitcher(g, inning_start=True) == _role(g, m, SETUP)[-1]


def test_the_mop_up_man_pitches_when_far_behind(pacific, ruleset):
    """docs/manager.md, "The bullpen": a beaten starter in a lost game: the mop-up man."""
    g, m = _home_defends(pacific, ruleset, inning=6, score=(9, 1), starter_outs=15, starter_runs=7)
    assert m.change_pitcher(g, inning_start=True) == _role(g, m, MOPUP)[0]


def test_a_man_who_pitched_yesterday_is_kept_for_his_own_inning(pacific, ruleset):
    """docs/manager.md, "Rest": a reliever with a fatigue point (he pitched yesterday) pitches
    in his own role's spot — the closer for the save — but not as a stand-in elsewhere."""
    g, m = _home_defends(pacific, ruleset, inning=9, score=(2, 4), starter_outs=24, starter_runs=2)
    closer = _role(g, m, CLOSER)[0]
    g.defense.carried_fatigue[closer] = 1
    assert m.change_pitcher(g, inning_start=True) == closer
    # a tie in the 8th: the first setup man pitched yesterday, the other takes the inning
    g, m = _home_defends(pacific, ruleset, inning=8, score=(3, 3), starter_outs=21, starter_runs=3)
    first, second = _role(g, m, SETUP)
    g.defense.carried_fatigue[first] = 1
    assert m.change_pitcher(g, inning_start=True) == first   # his own spot: he still pitches
    g, m = _home_defends(pacific, ruleset, inning=6, score=(9, 1), starter_outs=15, starter_runs=7)
    mop = _role(g, m, MOPUP)[0]
    g.defense.carried_fatigue[mop] = 1
    assert m.change_pitcher(g, inning_start=True) != mop


def _state(league, rest=None, prefs=None):
    return SeasonState(league=league, players=players_of(league), rest=rest or {},
                       prefs=prefs or {})


def _closer_of(state, team):
    return next(p for p, r in state.roles(team).items() if r == CLOSER)


def test_the_closer_is_rested_after_pitching_two_days_running(pacific):
    """docs/manager.md, "Rest": a reliever who pitched yesterday is dressed (one fatigue point);
    one who pitched on both of the last two days sits out today."""
    from league.manager.rest import next_rest
    away, home = pacific.teams[0].code, pacific.teams[1].code
    state = _state(pacific)
    closer = _closer_of(state, home)
    card = state.players[closer].pitching
    yesterday = DAY - timedelta(days=1)
    # pitched yesterday only
    state.rest[closer] = next_rest(card, 3, False, yesterday)
    setup = slot_setup(state, DAY, away, home)
    assert closer not in setup.unavailable and setup.fatigue[closer] == 1
    lineup = team_lineup(state, home, setup, dh=True)
    assert closer in lineup.bullpen and lineup.roles[lineup.bullpen.index(closer)] == CLOSER
    # pitched the day before yesterday and again yesterday (with that fatigue point)
    before = next_rest(card, 3, False, yesterday - timedelta(days=1))
    state.rest[closer] = next_rest(card, 3, False, yesterday,
                                   fatigue=max(0, (before.available_on - yesterday).days))
    setup = slot_setup(state, DAY, away, home)
    assert closer in setup.unavailable
    lineup = team_lineup(state, home, setup, dh=True)
    assert closer not in lineup.bullpen
    # his role stays his: the setup man closes today, and the closer is back after a day off
    assert state.roles(home)[closer] == CLOSER
    assert lineup.roles[0] == SETUP


# --- Starters ------------------------------------------------------------------------------------

def test_the_rotation_is_at_most_six_and_a_seventh_starter_pitches_long_relief(pacific):
    """docs/manager.md, "Starters": the computer's rotation is the six best starters; a further
    starter is a long man."""
    league = pacific
    team = league.teams[1]
    starters = [p for p in team.players if p.pitching and p.pitching.starter > 0]
    assert len(_state(league).rotation(team.code)) == min(ROTATION_SIZE, len(starters))
    assert rotation(league, team.code)[:ROTATION_SIZE] == _state(league).rotation(team.code)
    relievers = [p for p in team.players if p.pitching and p.pitching.starter == 0]
    roles = assign_roles(relievers + starters[:1])
    assert roles[starters[0].id] == LONG


def test_the_rotation_goes_in_turn():
    """docs/manager.md, "Starters": the rotation goes in its order, six men in turn as NPB's
    (中6日) — the next rested man after the last starter, not the ace again after an off day;
    with the next man short of rest, the one after him."""
    rot = ["ACE", "TWO", "THREE"]
    rest = {"ACE": PitcherRest(DAY), "TWO": PitcherRest(DAY), "THREE": PitcherRest(DAY)}
    assert choose_starter(rot, rest, DAY, "ACE") == "TWO"
    assert choose_starter(rot, rest, DAY, "THREE") == "ACE"
    rest["ACE"] = PitcherRest(DAY + timedelta(days=1))
    assert choose_starter(rot, rest, DAY, "THREE") == "TWO"


@pytest.mark.slow
@pytest.mark.slow
def test_the_busiest_starters_make_23_to_27_starts():
    """Rules C.3 (issue 29): with six-man rotations NPB's starts leaders make about 23-27
    starts; a season of the bundled league, league by league, lands there (the aces coming
    round again after off days and five-man rotations gave 29-32)."""
    nippon = load_league(sample_league_path("nippon"))
    report = calibrate(nippon, load_ruleset(nippon.ruleset), seasons=1, seed=1)
    leaders = {f.league: f.value for f in report.season if f.name == "starts leader"}
    assert set(leaders) == {"CL", "PL"}
    assert all(23 <= v <= 27 for v in leaders.values()), leaders


def test_a_cruising_starter_finishes_the_game(pacific, ruleset):
    """docs/manager.md, "Starters": four runs up in the 9th, in good condition, hardly scored
    on: the starter goes for the complete game."""
    g, m = _home_defends(pacific, ruleset, inning=9, score=(1, 5), starter_outs=24, starter_runs=1,
                         condition="A")
    starter = g.defense.pitcher
    if g.players[starter].pitching.starter < 8:
        pytest.skip("the home starter's 『先』 is below 8")
    assert m.change_pitcher(g, inning_start=True) is None


def test_a_losing_starter_does_not_pitch_the_eighth(pacific, ruleset):
    """docs/manager.md, "Starters": behind late, the starter comes out (no eight-inning
    complete-game losses on the road)."""
    g, m = _home_defends(pacific, ruleset, inning=8, score=(2, 1), starter_outs=21, starter_runs=2,
                         condition="A")
    new = m.change_pitcher(g, inning_start=True)
    assert new is not None and new in g.defense.bullpen


def test_a_starter_who_loses_the_lead_late_comes_out_at_once(pacific, ruleset):
    """docs/manager.md, "Starters": a starter whose team falls behind in the 8th is pulled
    before the next batter."""
    g, m = _home_defends(pacific, ruleset, inning=8, score=(3, 2), starter_outs=22, starter_runs=3,
                         condition="A")
    assert m.change_pitcher(g, inning_start=False) is not None
