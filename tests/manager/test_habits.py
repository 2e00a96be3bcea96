"""Engine version 5 (issue 33): a league made from statistics carries its batters' real bunts
and steal attempts (Lineup.habits) and the computer follows them, and hits for its pitchers as
a real club did (league/manager/computer.py, `_habit_call`, `_hit_for_pitcher`; docs/cards.md,
"Real usage in the game"). Each choice with scripted dice; the manager's whim (`whim`) is the
count of the game's rolls so far, set here by hand."""
from __future__ import annotations

import dataclasses

import pytest
from conftest import situation_game

from league.engine.dice import SeededDice
from league.engine.game import P_OUTS
from league.manager.computer import BUNT_CHANCES, HABITS, STEAL_CHANCES, ComputerManager, whim
from league.manager.usage import habits, team_usage


def _with_habits(g, side: int, table):
    lus = list(g.lineups)
    lus[side] = dataclasses.replace(lus[side], habits=tuple(table))
    g.lineups = tuple(lus)


def _rolls_for(below: float, which: int, *, under: bool) -> int:
    """A count of rolls whose whim is under `below` (or not)."""
    for n in range(1, 200):
        if ((n * (0.6180339887498949, 0.41421356237309515)[which]) % 1.0 < below) == under:
            return n
    raise AssertionError("no such count")


def test_the_whim_is_read_from_the_games_rolls_and_falls_evenly():
    """`whim` is a pure function of the count of rolls (a replay chooses the same), evenly
    spread: of 10,000 counts, a share within a point of p falls under p."""
    class G:
        raws: list[int] = []
    g = G()
    under = 0
    for n in range(10_000):
        g.raws = [0] * n
        under += whim(g, 0) < 0.3           # type: ignore[arg-type]
    assert abs(under / 10_000 - 0.3) < 0.01


@pytest.mark.parametrize("sh, under, bunts", [(0.02, True, True), (0.02, False, False),
                                              (0.0, True, False)])
def test_a_batter_bunts_by_his_real_sacrifice_bunts(pacific, ruleset, sh, under, bunts):
    """Version 5, a side with habits: nobody out, a runner on first, a tied 3rd — a sacrifice
    situation (docs/manager.md, "Offense": 送りバント) — a batter bunts when the whim is under
    his real bunts a plate appearance times BUNT_CHANCES; a man who never bunted does not."""
    manager = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 40, inning=3, half=0, offense=manager,
                       runners=(1,))
    side = g.offense
    bid = side.order[side.batting_index]
    _with_habits(g, 0, [(bid, sh, 0.0), (g.bases[1].pid, 0.0, 0.0)])
    g.raws = [1] * _rolls_for(0.02 * BUNT_CHANCES, 0, under=under)
    assert (manager.offense_call(g) == ("bunt",)) == bunts


def test_without_habits_or_before_version_5_the_bunt_is_the_cards_rule(pacific, ruleset):
    """A line-up without habits (every league but one made from statistics from version 5 on),
    or a game of version 4, calls what version 4 called (the same situation, the same call)."""
    calls = []
    for version, with_habits in ((HABITS - 1, True), (HABITS, False), (HABITS - 1, False)):
        manager = ComputerManager(version=version)
        g = situation_game(pacific, ruleset, [50] * 40, inning=3, half=0, offense=manager,
                           runners=(1,))
        bid = g.offense.order[g.offense.batting_index]
        if with_habits:
            _with_habits(g, 0, [(bid, 0.5, 0.0)])
        g.raws = [1] * _rolls_for(0.02 * BUNT_CHANCES, 0, under=True)
        calls.append(manager.offense_call(g))
    assert calls[0] == calls[1] == calls[2]


@pytest.mark.parametrize("tries, under, steals", [(0.4, True, True), (0.4, False, False),
                                                  (0.0, True, False)])
def test_a_runner_goes_by_his_real_steal_attempts(pacific, ruleset, tries, under, steals):
    """Version 5, a side with habits: one out, a runner on first, second open, a tied game — a
    runner steals when the whim is under his real attempts a time on first over STEAL_CHANCES;
    a man who never ran does not."""
    manager = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 40, inning=4, half=0, offense=manager,
                       runners=(1,), outs=1)
    runner = g.bases[1].pid
    bid = g.offense.order[g.offense.batting_index]
    _with_habits(g, 0, [(runner, 0.0, tries), (bid, 0.0, 0.0)])
    g.raws = [1] * _rolls_for(0.4 / STEAL_CHANCES, 1, under=under)
    assert (manager.offense_call(g) == ("steal", 1)) == steals


def test_a_pitcher_bunts_with_one_out_too(pacific, ruleset):
    """Version 5, a side with habits, no DH: the pitcher bunts a runner on first over with one
    out as with none (real pitchers' sacrifice bunts); by version 4 only with nobody out."""
    league = dataclasses.replace(pacific, dh=False)
    got = []
    for version in (HABITS, HABITS - 1):
        manager = ComputerManager(version=version)
        g = situation_game(league, ruleset, [50] * 40, inning=3, half=0, offense=manager,
                           runners=(1,), outs=1, dh=False)
        side = g.offense
        side.batting_index = side.order.index(side.pitchers_used[0])
        _with_habits(g, 0, [(side.order[0], 0.0, 0.0)])
        got.append(manager.offense_call(g))
    assert got[0] == ("bunt",) and got[1] != ("bunt",)


def _pitcher_up(league, ruleset, manager, *, inning, score, runners, real, outs,
                reliever=False):
    g = situation_game(league, ruleset, [50] * 40, inning=inning, half=0, offense=manager,
                       runners=runners, dh=False)
    g.score = list(score)
    side = g.offense
    starter = side.pitchers_used[0]
    pid = starter
    if reliever:
        pid = side.bullpen[0]
        side.order = type(side.order)(pid if p == starter else p for p in side.order)
        side.pitchers_used.append(pid)
        side.pitcher = pid
        g.pit[pid] = [0] * len(g.pit[starter])
    g.pit[pid][P_OUTS] = outs
    side.batting_index = side.order.index(pid)
    g.lineups = (dataclasses.replace(g.lineups[0], innings=((pid, real),)), g.lineups[1])
    _with_habits(g, 0, [(side.order[0], 0.0, 0.0)])
    return g


@pytest.mark.parametrize("inning, score, runners, outs, hit", [
    (6, (0, 1), (2,), 15, True),     # the 6th, behind, a man in scoring position: hit for him
    (6, (0, 1), (1,), 15, False),    # a man on first only: he bats (his innings not done)
    (7, (1, 1), (), 19, True),       # the 7th, tied, within PH_SHORT_OUTS of his 8 innings
    (7, (1, 1), (), 12, False),      # the 7th, tied, four innings short: he bats
    (7, (4, 1), (), 21, False),      # three runs up: he bats
])
def test_the_starter_is_hit_for_as_a_real_club_hit_for_him(pacific, ruleset, inning, score,
                                                           runners, outs, hit):
    """Version 5, a side with habits, no DH (docs/manager.md, "In the game"): a starter of
    eight real innings a start is hit for from the 6th behind with a man in scoring position,
    and from the 7th two runs up or less once within PH_SHORT_OUTS of his innings."""
    league = dataclasses.replace(pacific, dh=False)
    manager = ComputerManager()
    g = _pitcher_up(league, ruleset, manager, inning=inning, score=score, runners=runners,
                    real=8.0, outs=outs)
    assert (manager.pinch_hitter(g) is not None) == hit


def test_by_version_4_a_starter_short_of_his_innings_bats_in_the_6th(pacific, ruleset):
    """The same starter in the 6th, behind with a man on second: version 4 leaves him to bat
    (real usage: his innings are not done), version 5 hits for him."""
    league = dataclasses.replace(pacific, dh=False)
    got = []
    for version in (HABITS - 1, HABITS):
        manager = ComputerManager(version=version)
        g = _pitcher_up(league, ruleset, manager, inning=6, score=(0, 1), runners=(2,),
                        real=8.0, outs=15)
        got.append(manager.pinch_hitter(g) is not None)
    assert got == [False, True]


@pytest.mark.parametrize("real, outs, score, hit", [
    (3.0, 1, (1, 1), False),     # a long man with two innings and more to go, not behind: bats
    (3.0, 1, (0, 1), True),      # behind: hit for
    (1.0, 1, (1, 1), True),      # a short man: hit for
    (3.0, 7, (1, 1), True),      # within an inning of his real innings a relief game: hit for
])
def test_a_reliever_is_hit_for_but_a_long_man_with_work_to_do(pacific, ruleset, real, outs,
                                                               score, hit):
    """Version 5, a side with habits, no DH: a reliever at bat in the 7th is hit for unless he
    has more than an inning of his real innings a relief game to go and his side is not
    behind."""
    league = dataclasses.replace(pacific, dh=False)
    manager = ComputerManager()
    g = _pitcher_up(league, ruleset, manager, inning=7, score=score, runners=(), real=real,
                    outs=outs, reliever=True)
    assert (manager.pinch_hitter(g) is not None) == hit


def test_habits_come_from_the_real_figures_and_only_where_given():
    """usage.habits: bunts a plate appearance and steal attempts a time on first; a table
    without the figures (a league made before version 5) gives none, so it plays as made."""
    got = habits({"a": {"pa": 500, "sh": 10, "sb": 30, "cs": 10, "on1": 160},
                  "b": {"pa": 400, "sh": 0, "sb": 0, "cs": 0, "on1": 100}})
    assert got == (("a", 0.02, 0.25), ("b", 0.0, 0.0))
    assert habits({"a": {"pa": 500, "g": 140}}) == ()
    old = team_usage({"games": 10, "batters": {"a": {"pa": 40, "g": 10, "C": 10}}}, ["a"], True)
    assert old.habits == ()


def test_habits_are_stored_with_the_line_up_and_a_game_with_them_replays_the_same(pacific,
                                                                                   ruleset):
    """The habits go with the line-up stored with a game (a replay decides the same); a
    line-up without them is stored as before. A game played twice from the same line-ups and
    dice is the same game."""
    from league.engine.boxscore import lineup_dict, lineup_from_dict
    from league.manager.computer import make_lineup
    from league.season.simulate import replay_game
    league = dataclasses.replace(pacific, dh=False)
    a, h = league.teams[0], league.teams[1]
    la = make_lineup(a.code, list(a.players), False)
    lh = make_lineup(h.code, list(h.players), False)
    assert "habits" not in lineup_dict(la)
    table = tuple((pid, 0.03, 0.5) for pid in (*la.order, *la.bench))
    la = dataclasses.replace(la, habits=table,
                             innings=((la.pitcher, 6.0), *((p, 1.0) for p in la.bullpen)))
    assert lineup_from_dict(lineup_dict(la)) == la
    one = replay_game(league, ruleset, la, lh, SeededDice(7))
    two = replay_game(league, ruleset, lineup_from_dict(lineup_dict(la)), lh, SeededDice(7))
    assert one.raws == two.raws and one.innings == two.innings
