"""The defense tables as the engine reads them at every batted ball: a table and its rows (rules
§3.6), read from a ruleset file by league.engine.ruleset (which names them too).

Native classes in the compiled build (setup.py): their fields are read directly, not looked up
by name (some seven reads a batted ball). Frozen, so they pickle by their fields
(cards.by_fields), as the cards do.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from league.engine.cards import by_fields


@dataclass(frozen=True, slots=True)
class DefenseRow:
    """One row of a defense table. `results[situation]` is a 4-tuple of runner tokens."""

    label: str                 # "E", "F", "f", "~8", "(99)"
    upto: int                  # the row's bound (100 for E/F rows)
    results: tuple[tuple[tuple[int, int], ...], ...]
    infield_in: tuple[tuple[tuple[int, int], ...], ...] | None
    infield_in_upto: int | None
    aggressive_only: bool
    credit: str | None

    def result(self, situation: int, infield_in: bool) -> tuple[tuple[int, int], ...]:
        if infield_in and self.infield_in is not None:
            return self.infield_in[situation]
        return self.results[situation]

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class DefenseTable:
    """A defense table: its E row, fine-play rows and the rows read by the modified roll."""

    key: str
    name: str
    error: str | int                  # where the error value comes from
    error_row: DefenseRow | None
    fine: tuple[tuple[str | int, DefenseRow], ...]  # (value source, row), checked in order
    rows: tuple[DefenseRow, ...]      # ordered by bound; the first is "just below the E row"
    # lookups: modified roll -> index into rows; [normal, aggressive, infield in, infield in + aggressive]
    lookup: tuple[tuple[int, ...], ...] = field(repr=False, compare=False, default=())

    def row_index(self, roll: int, aggressive: bool, infield_in: bool) -> int:
        return self.lookup[(2 if infield_in else 0) + (1 if aggressive else 0)][roll]

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)
