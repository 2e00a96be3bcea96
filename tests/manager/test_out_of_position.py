"""A club short at a position plays a man out of position (issue 31): when neither its hurt
players nor its farm give it a man for every position, the computer puts its best free man
there — from the same group (infield, outfield) when it can — with the engine's penalty for a
fielder out of position (no range, a bad mark: league.engine.game.OUT_OF_POSITION; rulebook
notes §7.2 leaves position eligibility to real baseball, where a club does exactly this), and
the season goes on instead of stopping."""
from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from league.engine.boxscore import lineup_dict, lineup_from_dict
from league.engine.dice import SeededDice
from league.engine.game import OUT_OF_POSITION
from league.manager.computer import make_lineup
from league.season.simulate import players_of, replay_game
from league.season.state import SeasonState, play_scheduled
from storage.plainfiles import load_league, sample_league_path


def _without_shortstops():
    """The mini league with its first team's shortstops listed at no position but 3B (nobody of
    the team can play SS); the league has no farm to mend it with."""
    lg = load_league(sample_league_path("mini"))
    team = lg.teams[0]
    ss = [p for p in team.players if p.can_play("SS")]
    assert ss and all(p.roster == "active" for p in team.players)

    def no_ss(p):
        if not p.can_play("SS"):
            return p
        third = next((f for f in p.fielding if f.position == "3B"), None) \
            or dataclasses.replace(p.fielding[0], position="3B")
        return dataclasses.replace(p, fielding=(third,))

    teams = (dataclasses.replace(team, players=tuple(no_ss(p) for p in team.players)),
             *lg.teams[1:])
    return dataclasses.replace(lg, teams=teams), team.code


def test_a_line_up_stretches_a_man_to_the_position_nobody_plays():
    lg, code = _without_shortstops()
    team = lg.team(code)
    dh = lg.dh_for(code)
    with pytest.raises(ValueError, match="nobody can play SS"):
        make_lineup(code, list(team.players), dh)
    lineup = make_lineup(code, list(team.players), dh, stretch=True)
    at = dict(zip(lineup.positions, lineup.order))
    assert lineup.stretched == (at["SS"],)
    short = lg.player(at["SS"])
    assert not short.can_play("SS")
    assert any(f.position in ("1B", "2B", "3B") for f in short.fielding)   # an infielder
    players = players_of(lg)
    lineup.validate(players, dh)
    # stored with the game and read back, the line-up still says who plays out of position
    assert lineup_from_dict(lineup_dict(lineup)) == lineup
    # an ordinary line-up's stored form is unchanged (the games stored before read the same)
    other = make_lineup(lg.teams[1].code, list(lg.teams[1].players), dh)
    assert other.stretched == () and "stretched" not in lineup_dict(other)


def test_the_game_fields_him_with_the_out_of_position_penalty(ruleset):
    lg, code = _without_shortstops()
    dh = lg.dh_for(code)
    players = players_of(lg)
    home = make_lineup(code, list(lg.team(code).players), dh, stretch=True)
    away = make_lineup(lg.teams[1].code, list(lg.teams[1].players), dh)
    result = replay_game(lg, ruleset, away, home, SeededDice(7), players)
    assert result.final_inning >= 9
    assert OUT_OF_POSITION["SS"].defence == -1 and OUT_OF_POSITION["SS"].error == "-"


def test_the_season_plays_on_with_a_club_short_at_a_position(ruleset):
    """Before: 'the farm has nobody to mend the roster with' stopped the season."""
    lg, code = _without_shortstops()
    state = SeasonState(league=lg, players=players_of(lg))
    rival = lg.teams[1].code
    result, _rest, _starters = play_scheduled(state, ruleset, date(2026, 4, 1), rival, code, 11)
    home = next(lu for lu in result.lineups if lu.team == code)
    at = dict(zip(home.positions, home.order))
    assert home.stretched == (at["SS"],)
    assert not lg.player(at["SS"]).can_play("SS")
