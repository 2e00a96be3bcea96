"""The dice interface (rules C.4) and reading cards (rulebook §2.1)."""
from __future__ import annotations

import pickle

import pytest

from league.engine.cards import BAT_COLUMNS, PITCH_COLUMNS, Bounds, parse_bounds, parse_fielding
from league.engine.dice import ScriptedDice, SeededDice, TypedDice, read_d100
from league.errors import CardError, DiceError


def test_two_d10_read_00_as_100_and_05_as_5():
    assert read_d100("00") == 100
    assert read_d100("05") == 5
    assert read_d100(" 37 ") == 37


@pytest.mark.parametrize("bad", ["0", "101", "-3", "abc", "", "5.5"])
def test_a_die_outside_1_to_100_is_refused_with_its_value(bad):
    with pytest.raises(DiceError) as err:
        read_d100(bad)
    assert "1" in str(err.value) and "100" in str(err.value)


def test_seeded_dice_repeat_and_stay_in_range():
    a, b = SeededDice(9), SeededDice(9)
    rolls = [a.roll("pitch") for _ in range(2000)]
    assert rolls == [b.roll("pitch") for _ in range(2000)]
    assert min(rolls) == 1 and max(rolls) == 100
    assert a.used == 2000


def test_scripted_dice_run_out_with_a_count():
    d = ScriptedDice([3, "00", 50])
    assert [d.roll("pitch"), d.roll("bat"), d.roll("defense")] == [3, 100, 50]
    with pytest.raises(DiceError, match="all 3 were used and a steal roll was needed"):
        d.roll("steal")


def test_scripted_dice_name_the_bad_roll():
    with pytest.raises(DiceError, match="roll 2: die roll 0 is outside 1..100"):
        ScriptedDice([5, 0])


@pytest.mark.parametrize("bad", [{"d": 3}, [30], None, 4.5])
def test_a_roll_of_the_wrong_kind_in_a_file_is_named_not_a_type_error(bad):
    # a file's rolls can hold anything JSON does; the compiled build must say the same as the
    # pure one (its typed functions would otherwise refuse the value with a TypeError)
    with pytest.raises(DiceError, match=r"roll 2: die roll .* is not a number from 1 to 100"):
        ScriptedDice([5, bad, 7])


def test_typed_dice_ask_again_after_a_bad_entry():
    answers = iter(["7x", "120", "42"])
    asked, errors = [], []
    d = TypedDice(lambda purpose: (asked.append(purpose), next(answers))[1], errors.append)
    assert d.roll("pitch") == 42
    assert asked == ["pitch"] * 3
    assert len(errors) == 2 and "120" in errors[1]


def test_T1_pitcher_card_reads_the_first_bound_at_or_above_the_roll():
    """rulebook §8 T1: BS ~47, BB ~52, X ~55, roll 50 → BB."""
    row = Bounds.make(PITCH_COLUMNS, (None, None, 47, 52, 55, 70, 85, 100))
    assert row.read(50) == "BB"
    assert row.read(47) == "BS" and row.read(53) == "X"


def test_T2_a_dash_column_is_skipped():
    """rulebook §8 T2: BS* ~3, BS+ "--", BS ~60; roll "05" reads 5 → BS."""
    row = parse_bounds("3 -- 60 65 68 80 90 100", PITCH_COLUMNS, "test")
    assert row.read(read_d100("05")) == "BS"
    assert row.read(3) == "BS*"
    assert row.width("BS+") == 0


def test_a_card_with_bounds_out_of_order_is_refused():
    with pytest.raises(CardError, match="below the bound before it"):
        parse_bounds("5 30 28 45 65 85 92 100", BAT_COLUMNS, "batters.csv line 4")


def test_a_card_must_end_at_100():
    with pytest.raises(CardError, match="last bound must be ~100"):
        parse_bounds("5 30 38 45 65 85 92 99", BAT_COLUMNS, "card")


def test_fielding_marks_are_read():
    f = parse_fielding("SS4+;2B3(#)-;LF1*", "card")
    assert [(x.position, x.defence, x.fine, x.error) for x in f] == [
        ("SS", 4, "+", None), ("2B", 3, "(#)", "-"), ("LF", 1, None, "*")]
    with pytest.raises(CardError, match="not a position entry"):
        parse_fielding("QB5", "card")


def test_cards_line_ups_and_injury_rules_pickle_whole():
    # the pennant odds send the league to their worker processes; in the compiled build these
    # frozen classes are native and pickle by their fields (cards.by_fields)
    from league.engine.injury import InjuryRules
    from league.engine.lineup import Lineup
    from storage.plainfiles import load_league, sample_league_path

    league = load_league(sample_league_path("pacific"))
    players = [p for t in league.teams for p in t.players]
    assert any(p.pitching for p in players) and any(p.catcher for p in players)
    back = pickle.loads(pickle.dumps(players))
    assert back == players
    assert [p.batting.bounds.widths for p in back if p.batting] == [
        p.batting.bounds.widths for p in players if p.batting]          # compare=False fields too
    lineup = Lineup("SAP", tuple("abcdefghi"), ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "P"),
                    "i", ("j",), ("k", "l"), True, ("closer", "setup"))
    rules = InjuryRules({"A": 5}, trigger=frozenset({99, 100}))
    assert pickle.loads(pickle.dumps((lineup, rules))) == (lineup, rules)
