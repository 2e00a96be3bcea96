"""Games at the keyboard: a person's decisions and the rolls are logged, so a game saved
mid-way resumes exactly, a plate appearance can be undone, and a finished scheduled game is
recorded like a simulated one."""
from __future__ import annotations

import pytest

from league.boxscore import result_dict
from league.dice import ScriptedDice, SeededDice
from league.errors import DecisionError
from league.live import LiveLog, live_game, offense_options
from league.manager import ComputerManager, make_lineup


from tests_live_helpers import Quit, person  # noqa: E402


@pytest.fixture
def lineups(pacific):
    return (make_lineup("SAP", list(pacific.team("SAP").players), pacific.dh),
            make_lineup("FUK", list(pacific.team("FUK").players), pacific.dh))


def _players(league):
    return {p.id: p for t in league.teams for p in t.players}


def _new(pacific, ruleset, lineups, ask, *, saved=None, seed=3, sides=(0,)):
    return live_game(ruleset, _players(pacific), *lineups, people={s: ask for s in sides},
                     computer=ComputerManager, live_dice=lambda: SeededDice(seed), dh=pacific.dh,
                     saved=saved)


def test_a_game_saved_mid_way_resumes_exactly(pacific, ruleset, lineups):
    whole, _ = _new(pacific, ruleset, lineups, person(), seed=11)
    expected = result_dict(whole.play(), None)

    g, _ = _new(pacific, ruleset, lineups, person(quit_after=60), seed=11)
    with pytest.raises(Quit):
        g.play()
    saved = LiveLog.from_dict(g.live_log.as_dict())   # as stored
    assert saved.rolls and saved.decisions

    def same_stream():
        # the live dice carry on where the saved rolls stopped, so it is the same game
        d = SeededDice(11)
        for _ in saved.rolls:
            d.roll("pitch")
        return d

    ask = person()
    resumed, dice = _new(pacific, ruleset, lineups, ask, saved=saved, seed=11)
    dice.set_live(same_stream)
    result = resumed.play()
    assert result_dict(result, None) == expected
    # the saved part replayed without asking the person anything again
    assert len(ask.asked) == len(whole.live_log.decisions) - len(saved.decisions)


def test_both_sides_at_the_keyboard_replay_in_the_order_asked(pacific, ruleset, lineups):
    g, _ = _new(pacific, ruleset, lineups, person(), sides=(0, 1), seed=5)
    first = result_dict(g.play(), None)
    never = person(quit_after=0)
    again, _ = _new(pacific, ruleset, lineups, never, saved=g.live_log, sides=(0, 1), seed=999)
    assert result_dict(again.play(), None) == first
    assert never.asked == []


def test_undo_goes_back_to_the_start_of_the_last_plate_appearance(pacific, ruleset, lineups):
    g, _ = _new(pacific, ruleset, lineups, person(quit_after=30), seed=8)
    with pytest.raises(Quit):
        g.play()
    log = g.live_log
    back = log.undo_point()
    assert back is not None
    assert back.rolls == log.rolls[:len(back.rolls)] and len(back.rolls) <= len(log.rolls)
    assert [len(back.rolls), len(back.decisions)] == log.checkpoints[-1] or \
        [len(back.rolls), len(back.decisions)] in log.checkpoints
    # replaying the undone log stops at that plate appearance: the person is asked again there
    ask = person(quit_after=0)
    again, _ = _new(pacific, ruleset, lineups, ask, saved=back, seed=8)
    with pytest.raises(Quit):
        again.play()
    assert again.live_log.rolls == back.rolls


def test_a_log_that_does_not_match_the_game_is_refused(pacific, ruleset, lineups):
    g, _ = _new(pacific, ruleset, lineups, person(quit_after=20), seed=2)
    with pytest.raises(Quit):
        g.play()
    bad = LiveLog(list(g.live_log.rolls), [[0, "no_check", False]] + g.live_log.decisions, [])
    again, _ = _new(pacific, ruleset, lineups, person(), saved=bad, seed=2)
    with pytest.raises(DecisionError, match="does not replay"):
        again.play()


def test_a_damaged_log_is_one_clear_error():
    from league.errors import DiceError
    with pytest.raises(DiceError, match="outside 1..100"):
        LiveLog.from_dict({"rolls": [5, 101], "decisions": []})
    with pytest.raises(DiceError, match="damaged"):
        LiveLog.from_dict({"rolls": ["x"]})


def test_offense_choices_follow_the_rules(pacific, ruleset, lineups):
    from league.game import Runner
    g, _ = _new(pacific, ruleset, lineups, person())
    assert offense_options(g) == [("none",)]
    g.bases[1] = Runner(lineups[0].bench[0], "x", True)
    opts = offense_options(g)
    assert ("bunt",) in opts and ("hit_and_run",) in opts and ("steal", 1) in opts
    assert ("squeeze",) not in opts and not any(o[0] == "double_steal" for o in opts)
    g.bases[2] = Runner(lineups[0].bench[1], "x", True)
    opts = offense_options(g)
    assert ("steal", 1) not in opts, "second base is taken"
    assert ("steal", 2) in opts and ("double_steal", 2) in opts


def test_typed_rolls_drive_a_live_game(pacific, ruleset, lineups):
    g, dice = _new(pacific, ruleset, lineups, person(quit_after=5))
    dice.set_live(lambda: ScriptedDice([50] * 30))
    with pytest.raises(Exception):
        g.play()
    assert g.live_log.rolls[:5] == [50] * 5
