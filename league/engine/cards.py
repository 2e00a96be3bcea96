"""Player cards: batter cards, pitcher cards with condition rows A–D, fielding marks.

A card column holds an upper bound "~N"; a roll reads the first column (left to right, dashes
skipped) whose bound is at least the roll (rulebook_notes §2.1).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Final

from league.errors import CardError
from league.numbers import normalise_digits, whole_number

PITCH_COLUMNS = ("BS*", "BS+", "BS", "BB", "X", "G", "IF", "K")
BAT_COLUMNS = ("BB", "1B", "LG", "HR", "OF", "G", "IF", "K")
CONDITIONS: Final[tuple[str, ...]] = ("A", "B", "C", "D")   # a tuple object to the compiled build, not four values
STABILITIES = ("S", "A", "B", "C")
HANDS = ("L", "R")
BAT_HANDS = ("L", "R", "S")
PLAYING_RANKS: Final = ("A", "B", "C", "D", "E")
FIELD_POSITIONS: Final = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
INFIELD: Final = frozenset(("P", "C", "1B", "2B", "3B", "SS"))
OUTFIELD: Final = frozenset(("LF", "CF", "RF"))
FINE_MARKS = ("+", "#", "(#)")
ERROR_MARKS = ("*", "-")


def by_fields(value: object) -> tuple[object, ...]:
    """How a frozen dataclass pickles (the odds send the league to their workers): its class and
    its fields in order. The compiled build's native classes cannot be restored one attribute
    at a time when frozen, so the cards, Lineup and InjuryRules reduce to this (`__reduce__`)."""
    return (type(value), tuple(getattr(value, f.name) for f in fields(value)))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Bounds:
    """One row of "~N" bounds over named columns; None is a "-" (the column is absent)."""

    columns: tuple[str, ...]
    bounds: tuple[int | None, ...]
    lookup: tuple[str, ...] = field(repr=False, compare=False, default=())
    widths: dict[str, int] = field(repr=False, compare=False, default_factory=dict)

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)

    @staticmethod
    def make(columns: tuple[str, ...], bounds: tuple[int | None, ...], what: str = "card row") -> "Bounds":
        """Validate and build a row: bounds non-decreasing, the last present one 100."""
        if len(bounds) != len(columns):
            raise CardError(
                f"{what}: {len(bounds)} values for {len(columns)} columns ({' '.join(columns)})"
            )
        last = 0
        for name, b in zip(columns, bounds):
            if b is None:
                continue
            if not 0 <= b <= 100:
                raise CardError(f"{what}: {name} bound ~{b} is outside 0..100")
            if b < last:
                raise CardError(f"{what}: {name} bound ~{b} is below the bound before it (~{last})")
            last = b
        if last != 100:
            raise CardError(f"{what}: the last bound must be ~100 so every roll reads, not ~{last}")
        table = [""] * 101
        roll = 1
        for name, b in zip(columns, bounds):
            if b is None:
                continue
            while roll <= b:
                table[roll] = name
                roll += 1
        table[0] = table[1]
        widths = {c: 0 for c in columns}
        for name in table[1:]:
            widths[name] += 1
        return Bounds(columns, bounds, tuple(table), widths)

    def read(self, roll: int) -> str:
        """The column a (clamped) roll of 1..100 reads."""
        return self.lookup[roll]

    def bound(self, column: str) -> int | None:
        return self.bounds[self.columns.index(column)]

    def width(self, column: str) -> int:
        """How many rolls of 1..100 read this column."""
        return self.widths[column]

    def text(self) -> str:
        return " ".join("-" if b is None else str(b) for b in self.bounds)


def parse_bounds(text: str, columns: tuple[str, ...], what: str) -> Bounds:
    """Read "3 - 48 55 58 75 86 100" (or with ~ and commas) into a Bounds row."""
    tokens = [t for t in re.split(r"[\s,]+", str(text).strip()) if t]
    values: list[int | None] = []
    for tok in tokens:
        tok = tok.lstrip("~")
        if tok in ("-", "--", ""):
            values.append(None)
        elif (number := whole_number(tok)) is not None:
            values.append(number)
        else:
            raise CardError(f"{what}: {tok!r} is not a bound (a number 0..100, or - for none)")
    return Bounds.make(columns, tuple(values), what)


@dataclass(frozen=True, slots=True)
class Fielding:
    """A position a player can field, its defence number (守備力) and marks."""

    position: str
    defence: int
    fine: str | None = None   # '+', '#' or '(#)'
    error: str | None = None  # '*' or '-'

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)

    def text(self) -> str:
        return f"{self.position}{self.defence}{self.fine or ''}{self.error or ''}"


FIELDING_SEPARATORS = r"[;\s/]+"     # between the entries of a positions cell
FIELDING_ENTRY = re.compile(r"^(P|C|1B|2B|3B|SS|LF|CF|RF)(-?[0-9]{1,3})?(\(#\)|\+|#)?(\*|-)?$")


def parse_fielding(text: str, what: str) -> tuple[Fielding, ...]:
    """Read "SS4+;2B3" — position, defence number, fine-play mark, error mark — separated by ; or space."""
    out = []
    seen = set()
    for tok in [t for t in re.split(FIELDING_SEPARATORS, str(text).strip()) if t]:
        m = FIELDING_ENTRY.match(normalise_digits(tok).upper())
        if not m:
            raise CardError(
                f"{what}: {tok!r} is not a position entry like SS4+ "
                "(position, defence number, mark + # (#), mark * -)"
            )
        pos, num, fine, err = m.groups()
        if pos in seen:
            raise CardError(f"{what}: position {pos} is listed twice")
        seen.add(pos)
        defence = int(num) if num else 0
        if not -5 <= defence <= 9:
            raise CardError(f"{what}: defence number {defence} for {pos} is outside -5..9")
        out.append(Fielding(pos, defence, fine, err))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CatcherRatings:
    """Catcher ratings: arm (肩, catcher table), block (捕, added to X rolls), lead (リード, condition)."""

    arm: int
    block: int
    lead: int

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class BattingCard:
    """A batter card: BB 1B LG HR OF G IF K bounds and the running/bunting ratings."""

    bounds: Bounds
    BT: int
    RR: int
    SR: int
    DP: int
    hr_defended: bool = True  # False for pitcher-table ranks without "+": an exact HR roll is a HR

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class PitchingCard:
    """A pitcher card: condition rows A–D, stability, 『回』, 『先』, 『休』 and batting rank."""

    rows: dict[str, Bounds]
    stability: str
    innings: float       # 『回』 average innings per appearance
    starter: int         # 『先』 starter endurance in innings; 0 = not a starter
    rest: int            # 『休』 rest interval in days
    bat_rank: str | None  # pitcher batting table rank ("A", "B+", ...) or None with own card

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)

    def row(self, condition: str) -> Bounds:
        return self.rows[condition]


@dataclass(frozen=True, slots=True)
class Player:
    """One player of a roster, with a batting card, a pitching card, or both."""

    id: str
    name: str
    team: str
    bats: str
    throws: str
    batting: BattingCard | None
    pitching: PitchingCard | None
    fielding: tuple[Fielding, ...]
    catcher: CatcherRatings | None = None
    rank: str = "B"  # 出場ランク (injury tolerance)
    name_en: str = ""  # the name in Latin letters, when the league file gives one
    roster: str = "active"  # 一軍 ("active", registered) or 二軍 ("farm"): league.season.farm
    born: str = ""  # birth date, YYYY-MM-DD (league.offseason.people); "" when a file gives none
    foreign: bool = False  # a foreign player (外国人枠: league.season.foreign_limit)
    ikusei: bool = False  # a 育成 (development) contract: on the farm, not on the 70

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)

    @property
    def is_pitcher(self) -> bool:
        return self.pitching is not None

    def fielding_at(self, position: str) -> Fielding | None:
        for f in self.fielding:
            if f.position == position:
                return f
        return None

    def can_play(self, position: str) -> bool:
        if position == "DH":
            return self.batting is not None
        return self.fielding_at(position) is not None
