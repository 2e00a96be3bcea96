"""Games at the keyboard: a person's decisions and the rolls are logged, so a game saved
mid-way resumes exactly, a plate appearance can be undone, and a finished scheduled game is
recorded like a simulated one."""
from __future__ import annotations

import pytest

from league.engine import ENGINE_VERSION
from league.engine.boxscore import result_dict
from league.engine.dice import ScriptedDice, SeededDice
from league.engine.live import LiveLog, live_game, offense_options
from league.errors import DecisionError
from league.manager.computer import ComputerManager, make_lineup

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


def test_a_game_saved_by_version_5_resumes_with_its_fielders(pacific, ruleset, lineups):
    """Engine version 6 gives a grounder or an infield fly to another fielder on most raw rolls
    (league.engine.rules.runners._INFIELD_PLAYS: the errors of raws 1–4 to SS, 3B, 2B, 1B): a
    game saved mid-way by version 5 resumes by version 5's rules (LiveLog.engine reaches the
    game, GameState.version), so it ends with the fielding lines it was played with."""
    def played(saved, quit_after=None):
        ask = person() if quit_after is None else person(quit_after=quit_after)
        game, dice = _new(pacific, ruleset, lineups, ask, saved=saved, seed=11)
        return game, dice

    whole5, _ = played(LiveLog(engine=5))
    assert whole5.version == 5
    expected = result_dict(whole5.play(), None)
    today, _ = played(None)
    assert today.version == ENGINE_VERSION
    fielded_today = result_dict(today.play(), None)
    assert fielded_today["fielding"] != expected["fielding"]
    assert fielded_today["plays"] == expected["plays"]      # the same game, other fielders

    g, _ = played(LiveLog(engine=5), quit_after=60)
    with pytest.raises(Quit):
        g.play()
    saved = LiveLog.from_dict(g.live_log.as_dict())   # as stored
    assert saved.engine == 5 and saved.rolls

    def same_stream():
        d = SeededDice(11)
        for _ in saved.rolls:
            d.roll("pitch")
        return d

    resumed, dice = played(saved)
    dice.set_live(same_stream)
    assert resumed.version == 5
    finished = resumed.play()
    assert result_dict(finished, None) == expected
    # its result says the version that played it, which is what is stored with it
    # (storage.mappers.game_data), not today's
    assert finished.version == 5


def test_both_sides_at_the_keyboard_replay_in_the_order_asked(pacific, ruleset, lineups):
    g, _ = _new(pacific, ruleset, lineups, person(), sides=(0, 1), seed=5)
    first = result_dict(g.play(), None)
    never = person(quit_after=0)
    again, _ = _new(pacific, ruleset, lineups, never, saved=g.live_log, sides=(0, 1), seed=999)
    assert result_dict(again.play(), None) == first
    assert never.asked == []


def test_undo_goes_back_to_the_start_of_the_last_plate_appearance(pacific, ruleset, lineups):
    # a game whose last question before the quit opens its plate appearance (seed 8 of the
    # cards before issue 12's calibration; a question asked after the PA's first rolls, as a
    # pitching change after an accident, would be asked again only after new rolls)
    g, _ = _new(pacific, ruleset, lineups, person(quit_after=30), seed=3)
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
    again, _ = _new(pacific, ruleset, lineups, ask, saved=back, seed=3)
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
    from league.engine.game import Runner
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


def test_a_game_handed_to_the_computer_on_both_sides_plays_through_and_replays(
        pacific, ruleset, lineups):
    """The computer manages the rest: no question reaches the person, every decision is logged
    (the computer's for a person's side too) and the game replays exactly from the logs, and it
    is the game two computer managers would have played."""
    from league.engine.live import Handover

    handovers = {}
    never = person(quit_after=0)

    def handed(side, game):
        if side not in handovers:
            handovers[side] = Handover.starting("game", game)
        return handovers[side].covers(game)

    g, _ = live_game(ruleset, _players(pacific), *lineups, people={0: never, 1: never},
                     computer=ComputerManager, live_dice=lambda: SeededDice(21), dh=pacific.dh,
                     handed=handed)
    first = result_dict(g.play(), None)
    assert never.asked == [] and g.live_log.decisions
    again, _ = _new(pacific, ruleset, lineups, person(quit_after=0), saved=g.live_log,
                    sides=(0, 1), seed=999)
    assert result_dict(again.play(), None) == first
    from league.engine.game import Game
    machine = Game(ruleset, _players(pacific), *lineups, ComputerManager(), ComputerManager(),
                   SeededDice(21), dh=pacific.dh)
    assert result_dict(machine.play(), None) == first


def test_a_handover_lasts_its_half_inning_or_inning(pacific, ruleset, lineups):
    from league.engine.live import COMPUTER_DECIDES, Handover

    state = {}
    asked_at = []

    def ask(method, game, options):
        asked_at.append((game.inning, game.half, method))
        if game.inning == 2 and game.half == 0 and "h" not in state:
            state["h"] = Handover.starting("half", game)
            return COMPUTER_DECIDES          # this question too
        if game.inning == 4 and "i" not in state:
            state["i"] = Handover.starting("inning", game)
            return COMPUTER_DECIDES
        return person()(method, game, options)

    def handed(side, game):
        return any(h.covers(game) for h in state.values())

    g, _ = live_game(ruleset, _players(pacific), *lineups, people={0: ask},
                     computer=ComputerManager, live_dice=lambda: SeededDice(4), dh=pacific.dh,
                     handed=handed)
    g.play()
    where = {(i, h) for i, h, _m in asked_at}
    first_at = {k: next(n for n, (i, h, _m) in enumerate(asked_at) if (i, h) == k) for k in where}
    assert (2, 0) in where and ((4, 0) in where or (4, 1) in where)
    # after the handover in the top of the 2nd, nothing more was asked in that half-inning
    assert [a for a in asked_at if a[:2] == (2, 0)] == [asked_at[first_at[(2, 0)]]]
    assert (3, 0) in where or (3, 1) in where          # the person manages again after it
    assert not [a for a in asked_at[first_at.get((4, 0), first_at.get((4, 1))) + 1:] if a[0] == 4]
    with pytest.raises(ValueError):
        Handover.starting("week", g)


def test_a_person_sends_his_two_way_pitcher_to_bat_for_the_dh(mini, ruleset):
    """Issue 33, 5.11(b): at the keyboard, with the DH up, the day's pitcher (a two-way man) is
    offered among the pinch hitters; sent, he bats and the side's DH ends; the saved game
    replays to the same result."""
    from league.engine.live import COMPUTER_DECIDES

    players = _players(mini)
    man = next(p for t in mini.teams for p in t.players if p.batting and p.pitching)
    home = next(t for t in mini.teams if any(p.id == man.id for p in t.players))
    away = next(t for t in mini.teams if t is not home)
    lineups = (make_lineup(away.code, list(away.players), True),
               make_lineup(home.code, list(home.players), True, starter=man.id))
    offered: list[list[str]] = []

    def ask(method, game, options):
        if method == "pinch_hitter" and game.offense.index == 1:
            offered.append(list(options["bench"]))
            if man.id in options["bench"] and game.offense.pitcher == man.id:
                return man.id
        return COMPUTER_DECIDES

    def play(saved=None):
        return live_game(ruleset, players, *lineups, people={1: ask}, computer=ComputerManager,
                         live_dice=lambda: SeededDice(4), dh=True, saved=saved)

    g, _ = play()
    result = g.play()
    side = g.sides[1]
    assert any(man.id in o for o in offered) and not all(man.id in o for o in offered)
    assert not side.dh and "DH" not in side.positions
    assert any(pid == man.id and line[0] > 0 for s, pid, line, _pos in result.batting if s == 1)
    saved = LiveLog.from_dict(g.live_log.as_dict())
    again, _ = play(saved)
    assert result_dict(again.play(), None) == result_dict(result, None)


def test_a_game_saved_by_an_older_engine_resumes_with_its_computer_manager(pacific, ruleset,
                                                                          lineups):
    """A game at the keyboard logs the person's decisions, not the computer's (it decides from
    the situation): so the log keeps the engine version the game began in (LiveLog.engine) and
    the computer managers that resume it choose as that version's did (ComputerManager's
    `version`, docs/manager.md "In the game"); a log saved before it was kept is version 2's."""
    from league.engine import ENGINE_VERSION
    made: list[int] = []

    def computer(version):
        made.append(version)
        return ComputerManager(version=version)

    g, _ = live_game(ruleset, _players(pacific), *lineups, people={0: person(quit_after=30)},
                     computer=computer, live_dice=lambda: SeededDice(8), dh=pacific.dh)
    with pytest.raises(Quit):
        g.play()
    assert set(made) == {ENGINE_VERSION} and g.live_log.engine == ENGINE_VERSION
    stored = g.live_log.as_dict()
    assert stored["engine"] == ENGINE_VERSION
    assert LiveLog.from_dict(stored).undo_point().engine == ENGINE_VERSION
    older = {k: v for k, v in stored.items() if k != "engine"}     # as version 2 saved it
    saved = LiveLog.from_dict(older)
    assert saved.engine is None and saved.version == 2 and LiveLog().version == ENGINE_VERSION
    made.clear()
    resumed, _ = live_game(ruleset, _players(pacific), *lineups, people={0: person()},
                           computer=computer, live_dice=lambda: SeededDice(8), dh=pacific.dh,
                           saved=saved)
    resumed.play()
    assert set(made) == {2} and resumed.live_log.as_dict()["engine"] == 2
