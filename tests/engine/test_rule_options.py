"""Rules C.2: every reading the engine makes where the rulebook is unclear is a named ruleset
option, its default documented in docs/rule_options.md, its values checked when a ruleset loads."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_rules_examples import standard_data

from league.engine.ruleset import DEFAULT_OPTIONS, OPTION_CHOICES, parse_ruleset
from league.errors import RulesetError

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rule_options.md").read_text(encoding="utf-8")


def _doc_default(option: str) -> str:
    m = re.search(rf"^\| `{option}` \| `([^`]+)` \|", DOC, re.M)
    assert m, f"docs/rule_options.md does not document the option {option}"
    return m.group(1)


@pytest.mark.parametrize("option", sorted(DEFAULT_OPTIONS))
def test_every_option_is_documented_with_its_default(ruleset, option):
    """docs/rule_options.md names every option with the default the engine uses, and the shipped
    ruleset uses that default."""
    value = DEFAULT_OPTIONS[option]
    shown = {True: "true", False: "false"}.get(value, f'"{value}"' if isinstance(value, str) else str(value))
    assert _doc_default(option) == shown
    assert ruleset.options[option] == value


@pytest.mark.parametrize("option", sorted(OPTION_CHOICES))
def test_a_reading_outside_its_choices_is_refused(option):
    """A ruleset naming a reading the engine does not know is refused, naming the option and the
    values it may take."""
    data = standard_data()
    data["options"][option] = "sometimes"
    with pytest.raises(RulesetError, match=rf"options, key {option}: must be"):
        parse_ruleset(data, "my.toml")


@pytest.mark.parametrize("option,value", [(k, v) for k, vs in sorted(OPTION_CHOICES.items())
                                          for v in vs])
def test_every_choice_of_a_reading_loads(option, value):
    data = standard_data()
    data["options"][option] = value
    assert parse_ruleset(data, "my.toml").options[option] == value
