"""Issue 10 part 4: one rule for what a number is, and strict JSON/TOML reading, everywhere."""
from __future__ import annotations

import pytest

from league.engine.cards import BAT_COLUMNS, parse_bounds, parse_fielding
from league.engine.dice import read_d100
from league.errors import CardError, DiceError
from league.jsontext import JSONInputError, load_json
from league.numbers import whole_number
from league.tomltext import TOMLInputError, load_toml
from league.troop.rules import read_slip


@pytest.mark.parametrize("text,value", [
    ("12", 12), (" 7 ", 7), ("１２", 12), ("００", 0), ("1" * 18, int("1" * 18)),
    ("²", None), ("1²", None), ("①", None), ("٣", None), ("१", None), ("1" * 19, None),
    ("-3", None), ("", None), ("1.0", None),
])
def test_a_number_is_ascii_or_full_width_digits(text, value):
    assert whole_number(text) == value


def test_the_rule_holds_for_dice_slips_cards_and_positions():
    assert read_d100("５") == 5 and read_d100("００") == 100
    for bad in ("²", "٣", "9" * 400):
        with pytest.raises(DiceError):
            read_d100(bad)
    assert read_slip("１２", 100).value == 12
    assert read_slip("1²", 100).note == "invalid"
    assert read_slip("9" * 5000, 40).value == 40          # digits beyond any count: all troops left
    assert parse_bounds("5 25 30 35 60 80 90 １００", BAT_COLUMNS, "x").bounds[-1] == 100
    with pytest.raises(CardError):
        parse_bounds("5 25 30 35 60 80 90 1⁰⁰", BAT_COLUMNS, "x")
    assert parse_fielding("SS４+", "x")[0].defence == 4
    with pytest.raises(CardError):
        parse_fielding("SS٣", "x")


@pytest.mark.parametrize("text,problem", [
    ('{"a": 1, "a": 2}', "line 1, column 10: duplicate key 'a'"),
    ("[" * 5000 + "]" * 5000, "nested more than 64 deep"),
    ("1" * 5000, "has 5000 digits"),
    ('{"x": NaN}', "NaN is not a JSON number"),
    ('{"x": -Infinity}', "Infinity is not a JSON number"),
    ('{"x": 1e999}', "too large"),
    ('{"x": ["a\\u0000"]}', "x[0]: a NUL character"),
    ('{"x": 1', "not valid JSON"),
])
def test_json_is_read_strictly_with_one_line(text, problem):
    with pytest.raises(JSONInputError) as info:
        load_json(text)
    assert problem in str(info.value) and "\n" not in str(info.value)


def test_json_and_toml_accept_a_byte_order_mark():
    assert load_json('\ufeff{"a": "５"}') == {"a": "５"}
    assert load_toml('\ufeffname = "x"\n') == {"name": "x"}


@pytest.mark.parametrize("text,problem", [
    ("x = " + "1" * 5000, "digits"),
    ("x = " + "[" * 3000 + "]" * 3000, "nested too deep"),
    ('x = "a\\u0000"', "x: a NUL character"),
    ("a = 1\nb = \x00", "line 2, column 5: a NUL character"),
    ("a = [", "malformed TOML"),
])
def test_toml_is_read_with_one_line(text, problem):
    with pytest.raises(TOMLInputError) as info:
        load_toml(text)
    assert problem in str(info.value) and "\n" not in str(info.value)
