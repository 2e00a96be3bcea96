"""A manager of any class drives a game: the Manager protocol is the contract, not the class.

The engine asks its decisions of a ComputerManager (`Game.deciders`; the compiled build calls
its methods directly); any other manager (a person's, the referee's, a script's) is asked through
`league.manager.computer.Asking`, which passes every question on and names an answer of the wrong kind.
"""
from __future__ import annotations

import pytest

from league.engine.dice import SeededDice
from league.engine.game import Game
from league.errors import DecisionError
from league.manager.computer import (
    ASK_AGGRESSIVE,
    ASK_ALL,
    ASK_DEFENSE_CALL,
    ASK_PINCH_HITTER,
    ASK_PINCH_RUNNER,
    ASK_PITCHER_AGAIN,
    Asking,
    ComputerManager,
    Manager,
    make_lineup,
)
from league.season.simulate import players_of


class Delegate:
    """A manager of its own class (no ComputerManager subclass): it asks one for every answer,
    through the protocol's methods only, and may give a wrong answer to one question."""

    def __init__(self, wrong: dict[str, object] | None = None) -> None:
        self.computer = ComputerManager()
        self.wrong = wrong or {}
        self.asked: set[str] = set()

    def __getattr__(self, name: str):
        if name not in PROTOCOL:
            raise AttributeError(name)

        def answer(*args):
            self.asked.add(name)
            if name in self.wrong:
                return self.wrong[name]
            return getattr(self.computer, name)(*args)
        return answer


PROTOCOL = sorted(n for n, v in vars(Manager).items() if callable(v) and not n.startswith("_"))


def _game(league, ruleset, seed: int, away, home) -> Game:
    a, h = league.teams[0], league.teams[1]
    dh = league.dh_for(h.code)
    return Game(ruleset, players_of(league), make_lineup(a.code, list(a.active), dh),
                make_lineup(h.code, list(h.active), dh), away, home, SeededDice(seed), dh=dh,
                quiet=True)


def test_asking_passes_on_every_question_of_the_protocol():
    """Every decision of the Manager protocol is answered by the manager Asking holds, none by
    the computer manager Asking is built on."""
    assert len(PROTOCOL) == 16
    missing = [n for n in PROTOCOL if n not in vars(Asking)]
    assert missing == []


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_manager_of_another_class_plays_the_same_game(pacific, ruleset, seed):
    """Two managers of another class that answer as the computer does play the very game two
    computer managers play: the same rolls, lines and score."""
    plain = _game(pacific, ruleset, seed, ComputerManager(), ComputerManager()).play()
    away, home = Delegate(), Delegate()
    game = _game(pacific, ruleset, seed, away, home)
    assert all(isinstance(d, Asking) for d in game.deciders)
    other = game.play()
    assert other.raws == plain.raws
    assert other.batting == plain.batting
    assert other.pitching == plain.pitching
    assert (other.runs, other.winner) == (plain.runs, plain.winner)
    assert {"defense_call", "change_pitcher", "pinch_hitter"} <= away.asked | home.asked


def test_a_computer_manager_is_asked_itself(pacific, ruleset):
    """A ComputerManager (or a subclass, as the tests' scripted managers) is not wrapped."""
    away, home = ComputerManager(), ComputerManager()
    game = _game(pacific, ruleset, 1, away, home)
    assert game.deciders[0] is away and game.deciders[1] is home


@pytest.mark.parametrize("question, answer, message", [
    ("defense_call", 5, "unknown defense strategy 5"),
    ("defense_call", None, "unknown defense strategy None"),
    ("offense_call", "bunt", "unknown offense strategy 'bunt'"),
    ("offense_call", (), "unknown offense strategy ()"),
    ("pinch_hitter", 7, "pinch_hitter: 7 is not a player"),
    ("change_pitcher", ["P1"], "change_pitcher: ['P1'] is not a player"),
    ("pinch_runner", "fast", "pinch_runner: 'fast' is not a base and a bench player"),
    ("defensive_sub", ("SS",), "defensive_sub: ('SS',) is not a position and a bench player"),
    # a base that is none of the three: named, not an IndexError (nor the runner on third for -1)
    ("offense_call", ("steal", 7), "no base 7 to steal from"),
    ("offense_call", ("steal", -1), "no base -1 to steal from"),
])
def test_an_answer_of_the_wrong_kind_names_the_question(pacific, ruleset, question, answer,
                                                        message):
    """An answer of the wrong kind stops the game with a DecisionError that names the question
    and the answer, in the pure package and the compiled build alike (not a TypeError)."""
    wrong = Delegate({question: answer})
    game = _game(pacific, ruleset, 1, wrong, wrong)
    with pytest.raises(DecisionError) as err:
        game.play()
    assert message in str(err.value)


def test_an_offense_call_as_a_list_is_read_as_a_tuple(pacific, ruleset):
    """A saved or typed answer may come back as a list (JSON has no tuples): it is the same
    call."""
    away, home = Delegate(), Delegate()

    class Lists(Delegate):
        def __getattr__(self, name):
            inner = super().__getattr__(name)
            if name != "offense_call":
                return inner
            return lambda *args: list(inner(*args))

    plain = _game(pacific, ruleset, 2, away, home).play()
    listed = _game(pacific, ruleset, 2, Lists(), Lists()).play()
    assert listed.raws == plain.raws and listed.batting == plain.batting


class Recording(ComputerManager):
    """The computer's own policy, except that it notes the innings it is asked for a pinch
    hitter and a defensive replacement in (methods of its own: the engine must ask them)."""

    def __init__(self) -> None:
        super().__init__()
        self.pinch_asked: set[int] = set()
        self.sub_mid_inning: set[int] = set()

    def pinch_hitter(self, game):
        self.pinch_asked.add(game.inning)
        return super().pinch_hitter(game)

    def defensive_sub(self, game, inning_start):
        if not inning_start:
            self.sub_mid_inning.add(game.inning)
        return super().defensive_sub(game, inning_start)


def test_the_computer_manager_lets_pass_what_it_cannot_answer_in_a_half(pacific, mini, ruleset):
    """docs/manager.md, "In the game": no pinch hitter before the 5th, nor before the 7th but
    for a pitcher (none bats with the DH), no pinch runner, defense call or aggressive defense
    before the 7th, no defensive replacement mid-inning, and none of those a lead rules out —
    so the engine does not ask them in those halves (ComputerManager.asking)."""
    game = _game(pacific, ruleset, 1, ComputerManager(), ComputerManager())
    assert game.dh
    manager = game.deciders[0]
    game.inning = 1
    assert manager.asking(game, True) == 0
    assert manager.asking(game, False) == 0
    game.inning = 5
    assert manager.asking(game, True) == 0
    # without the DH the pitcher bats: he may be hit for from the 5th
    no_dh = _game(mini, ruleset, 1, ComputerManager(), ComputerManager())
    assert not no_dh.dh
    for inning, ask in ((4, 0), (5, ASK_PINCH_HITTER), (6, ASK_PINCH_HITTER)):
        no_dh.inning = inning
        assert no_dh.deciders[0].asking(no_dh, True) == ask
    game.inning = 7
    assert manager.asking(game, True) == ASK_PINCH_HITTER | ASK_PINCH_RUNNER
    assert manager.asking(game, False) == ASK_DEFENSE_CALL | ASK_AGGRESSIVE
    without = ComputerManager(strategies=False)
    assert without.asking(game, True) == ASK_PINCH_HITTER
    assert without.asking(game, False) == 0
    # a lead settles some for the half: the batting side's can only grow, the fielding side's
    # only shrink (the visitors bat: half 0)
    assert game.half == 0
    for score, batting, fielding in (
            ([0, 1], ASK_PINCH_HITTER | ASK_PINCH_RUNNER, ASK_DEFENSE_CALL | ASK_AGGRESSIVE),
            ([1, 0], ASK_PINCH_HITTER | ASK_PINCH_RUNNER, ASK_DEFENSE_CALL),
            ([2, 0], 0, 0),                 # two up: nobody bats or runs for a man
            ([0, 5], ASK_PINCH_HITTER | ASK_PINCH_RUNNER, ASK_DEFENSE_CALL | ASK_AGGRESSIVE)):
        game.score = score
        assert manager.asking(game, True) == batting, score
        assert manager.asking(game, False) == fielding, score
    no_dh.inning, no_dh.score = 8, [2, 0]    # without the DH a pitcher may still be hit for
    assert no_dh.deciders[0].asking(no_dh, True) == ASK_PINCH_HITTER


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("name", ["pacific", "mini"])
def test_a_question_a_manager_answers_itself_is_always_asked(request, ruleset, name, seed):
    """A subclass with a pinch-hitter and a defensive-replacement method of its own is asked
    before every batter from the 1st, and still plays the computer's game (with the DH and
    without, where the pitcher bats)."""
    league = request.getfixturevalue(name)
    plain = _game(league, ruleset, seed, ComputerManager(), ComputerManager()).play()
    away, home = Recording(), Recording()
    assert away.asking(_game(league, ruleset, seed, away, home), True) & ASK_PINCH_HITTER
    game = _game(league, ruleset, seed, away, home)
    result = game.play()
    assert 1 in away.pinch_asked and 1 in home.pinch_asked
    assert 1 in away.sub_mid_inning | home.sub_mid_inning
    assert result.raws == plain.raws and result.batting == plain.batting
    # any other manager is asked everything (Asking answers with methods of its own)
    game.inning = 1
    assert Asking(Delegate()).asking(game, True) == ASK_ALL
    assert Asking(Delegate()).asking(game, False) == ASK_ALL


class PitcherWatch(ComputerManager):
    """The computer's own policy for the pitcher, answered by a method of its own (so asked
    before every batter), noting its answer before the first batter of each half it opens in
    the field: right after the question at the start of the half."""

    def __init__(self) -> None:
        super().__init__()
        self.after_start = False
        self.first_answers: list[str | None] = []

    def change_pitcher(self, game, inning_start):
        answer = super().change_pitcher(game, inning_start)
        if not inning_start and self.after_start:
            self.first_answers.append(answer)
        self.after_start = inning_start
        return answer


@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize("name", ["pacific", "mini"])
def test_the_pitcher_question_before_the_first_batter_is_no_change(request, ruleset, name, seed):
    """docs/manager.md, "In the game": before the first batter of a half, right after the
    question at its start, the computer manager never changes the pitcher (the bases are empty),
    so the engine does not ask it again then; a manager that answers for the pitcher itself is
    asked, and the games are the same."""
    league = request.getfixturevalue(name)
    assert not ComputerManager().asking(_game(league, ruleset, seed, ComputerManager(),
                                              ComputerManager()), False) & ASK_PITCHER_AGAIN
    plain = _game(league, ruleset, seed, ComputerManager(), ComputerManager()).play()
    away, home = PitcherWatch(), PitcherWatch()
    game = _game(league, ruleset, seed, away, home)
    assert away.asking(game, False) & ASK_PITCHER_AGAIN
    result = game.play()
    answers = away.first_answers + home.first_answers
    # asked before the first batter of every half but those a reliever opens (his pitcher was
    # hit for: no question at the start of the half) and the last half when not needed
    assert len(answers) >= 12
    assert answers == [None] * len(answers)
    assert result.raws == plain.raws and result.batting == plain.batting
    assert result.pitching == plain.pitching
