"""Errors the rules core raises. Each message names what was wrong and where."""
from __future__ import annotations


class LeagueError(ValueError):
    """Bad input to the rules core: a card, ruleset, line-up or roll that cannot be used."""


class CardError(LeagueError):
    """A card that cannot be read (bounds out of order, unknown mark, rating out of range)."""


class RulesetError(LeagueError):
    """A ruleset file that cannot be used; the message names file, table, row and problem."""


class DiceError(LeagueError):
    """A die roll outside 1..100, or a script of rolls that ran out."""


class DecisionError(LeagueError):
    """A strategy or choice the situation does not allow, or one that is needed but missing."""
