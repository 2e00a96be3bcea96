"""The one dice interface (rules C.4): seeded, scripted, or typed in by a person.

Every roll in a game goes through a `Dice`. The engine asks for a d100 with a purpose
(`pitch`, `bat`, `defense`, ...) and logs what it did with it in a `RollLog`.
"""
from __future__ import annotations

import random
from typing import Callable, Iterable, Protocol

from league.engine.record import Entry
from league.errors import DiceError

try:  # the C generator random.Random is built on: the same rolls from the same seed, seeded
    # without random.py's Python-level seed() — dice are seeded for every game and for every
    # injured man's recovery check on every rest day (league/engine/injury.py)
    from _random import Random as _Random
except ImportError:  # a Python without CPython's _random module
    _Random = random.Random  # type: ignore[misc,assignment]
from league.numbers import normalise_digits, whole_number

PURPOSES = (
    "condition", "pitch", "bat", "defense", "x", "steal", "catcher", "crossplay", "bunt", "injury",
)


class Dice(Protocol):
    """Anything that can roll a d100 (1..100) for a stated purpose."""

    used: int

    def roll(self, purpose: str) -> int:
        """Return one d100 roll, 1..100."""
        ...


def read_d100(text: object) -> int:
    """Read a d100 as a person writes it: two d10 digits, "00" reads 100, "05" reads 5. Any
    value a file holds is taken (the compiled build would refuse a wrong type with a TypeError).

    Raises DiceError naming the value when it is not a roll of 1..100.
    """
    if isinstance(text, bool):
        raise DiceError(f"die roll {text!r} is not a number from 1 to 100")
    if isinstance(text, int):
        value = text
    else:
        s = str(text).strip()
        if normalise_digits(s) in ("00", "0 0"):
            return 100
        number = whole_number(s)
        if number is None:
            raise DiceError(f"die roll {text!r} is not a number from 1 to 100 (\"00\" reads 100)")
        value = number
    if not 1 <= value <= 100:
        raise DiceError(f"die roll {value} is outside 1..100")
    return value


class SeededDice:
    """Reproducible pseudo-random dice: the same seed gives the same rolls."""

    __slots__ = ("seed", "_random", "used")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = _Random(seed).random
        self.used = 0

    def roll(self, purpose: str) -> int:
        self.used += 1
        return int(self._random() * 100) + 1


def first_roll(seed: int) -> int:
    """`SeededDice(seed)`'s first roll, without the dice: an injured man's recovery check seeds
    dice for that one roll (league/engine/injury.py), some 7,000 times a season."""
    return int(_Random(seed).random() * 100) + 1


class ScriptedDice:
    """Dice that return a given list of rolls in order (tests and replays)."""

    __slots__ = ("_rolls", "used")

    def __init__(self, rolls: Iterable[object]) -> None:
        checked = []
        for i, r in enumerate(rolls, start=1):
            try:
                checked.append(read_d100(r))
            except DiceError as exc:
                raise DiceError(f"roll {i}: {exc}") from None
        self._rolls = checked
        self.used = 0

    @property
    def remaining(self) -> int:
        return len(self._rolls) - self.used

    def roll(self, purpose: str) -> int:
        if self.used >= len(self._rolls):
            raise DiceError(
                f"ran out of rolls: all {len(self._rolls)} were used and a {purpose} roll was needed"
            )
        value = self._rolls[self.used]
        self.used += 1
        return value


class TypedDice:
    """Dice a person rolls at the table and types in.

    `ask(purpose)` returns what the person typed; a bad entry is asked again, up to
    `attempts` times, with `on_error(message)` told why.
    """

    __slots__ = ("_ask", "_on_error", "_attempts", "used")

    def __init__(
        self,
        ask: Callable[[str], str | int],
        on_error: Callable[[str], None] | None = None,
        attempts: int = 20,
    ) -> None:
        self._ask = ask
        self._on_error = on_error
        self._attempts = attempts
        self.used = 0

    def roll(self, purpose: str) -> int:
        last = ""
        for _ in range(self._attempts):
            try:
                value = read_d100(self._ask(purpose))
            except DiceError as exc:
                last = str(exc)
                if self._on_error is not None:
                    self._on_error(last)
                continue
            self.used += 1
            return value
        raise DiceError(f"no valid {purpose} roll after {self._attempts} tries: {last}")


class Roll(Entry):
    """One logged roll (rules C.4): its purpose, the raw roll, the modifiers, the modified roll,
    and the table, row and result read; it reads as the tuple of these (league.engine.record)."""

    __slots__ = ("purpose", "raw", "modifiers", "modified", "table", "row", "result")

    def __init__(self, purpose: str, raw: int, modifiers: tuple[tuple[str, int], ...],
                 modified: int, table: str, row: str, result: str) -> None:
        self.purpose = purpose
        self.raw = raw
        self.modifiers = modifiers
        self.modified = modified
        self.table = table
        self.row = row
        self.result = result

    def astuple(self) -> tuple[str, int, tuple[tuple[str, int], ...], int, str, str, str]:
        return (self.purpose, self.raw, self.modifiers, self.modified, self.table, self.row,
                self.result)

    def names(self) -> tuple[str, ...]:
        return ("purpose", "raw", "modifiers", "modified", "table", "row", "result")

    def as_dict(self) -> dict:
        return {
            "purpose": self.purpose,
            "raw": self.raw,
            "modifiers": [{"source": s, "value": v} for s, v in self.modifiers],
            "modified": self.modified,
            "table": self.table,
            "row": self.row,
            "result": self.result,
        }


def clamp(value: int) -> int:
    """Modified rolls are clamped to 1..100 after modifiers (rules C.2)."""
    return 1 if value < 1 else 100 if value > 100 else value
