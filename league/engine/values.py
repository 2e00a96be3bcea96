"""Team defence values from the marks of the nine players in the field (rulebook_notes §5), and a
batting card's worth (`batting_value`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Iterable

from league.engine.cards import INFIELD, OUTFIELD, BattingCard, Fielding
from league.engine.tables import DefenseRow, DefenseTable

# a defense table read with a defence's values (league.engine.rules.runners.table_values): the
# table, its error value, the bound of an aggressive error, each fine-play row with the roll
# from which it reads and the least of those rolls (101: none)
TableValues = tuple[DefenseTable, int, int, tuple[tuple[int, DefenseRow], ...], int]


@dataclass(slots=True)
class DefenceValues:
    """守備修正, 積極守備値, 積極エラー値 and the error / fine-play values of a defense.

    One object for equal values (defence_values), never changed once made. Not a frozen dataclass:
    the compiled build makes a frozen one through Python-level setattr calls (some 14,000
    machine instructions each, every substitution), this written-out __init__ natively."""

    range_total: int          # 守備修正
    aggressive_defense: int   # 積極守備値 = 1 + 2·(+) + (#) + ((#))
    aggressive_error: int     # 積極エラー値 = 1 + 2·(*) + (-)
    infield_error: int
    outfield_error: int
    overall_error: int
    infield_fine: int
    outfield_fine: int
    overall_fine: int
    # each defense table read with these values, by the table's key (the entry holds the table:
    # another ruleset's table of that key replaces it): one object for equal values, so what is
    # read from them outlives the substitution and the game that made them
    tables: dict[str, TableValues] = field(default_factory=dict, init=False, repr=False,
                                           compare=False)

    def __init__(self, range_total: int, aggressive_defense: int, aggressive_error: int,
                 infield_error: int, outfield_error: int, overall_error: int,
                 infield_fine: int, outfield_fine: int, overall_fine: int) -> None:
        self.range_total = range_total
        self.aggressive_defense = aggressive_defense
        self.aggressive_error = aggressive_error
        self.infield_error = infield_error
        self.outfield_error = outfield_error
        self.overall_error = overall_error
        self.infield_fine = infield_fine
        self.outfield_fine = outfield_fine
        self.overall_fine = overall_fine
        self.tables = {}

    def error(self, source: str | int) -> int:
        """The error value a table names: infield, outfield, overall, or a number of its own."""
        if isinstance(source, int):
            return source
        if source == "infield":
            return self.infield_error
        if source == "outfield":
            return self.outfield_error
        return self.overall_error if source == "overall" else 0

    def fine(self, source: str | int) -> int:
        """The fine-play value a table names (101: never)."""
        if isinstance(source, int):
            return source
        if source == "infield":
            return self.infield_fine
        if source == "outfield":
            return self.outfield_fine
        return self.overall_fine if source == "overall" else 101


def _marks(f: Fielding) -> tuple[int, int, int]:
    """A fielder's marks as the team defence values count them: (fine play: (+) 2, (#) 1;
    error: (*) 2, (-) 1; aggressive: his fine play, and 1 for ((#)))."""
    mark = f.fine
    fine = 2 if mark == "+" else 1 if mark == "#" else 0
    err = 2 if f.error == "*" else 1 if f.error == "-" else 0
    return fine, err, fine + (1 if mark == "(#)" else 0)


class FieldMarks:
    """The sums of some fielders' numbers and marks that the team defence values are made of
    (`defence_values`): the sums of several men add up, so a side keeps its eight fielders'
    while the same men hold the same places and adds the pitcher's (Side._values)."""

    range_total: int
    aggressive: int      # 2·(+) + (#) + ((#))
    error: int           # 2·(*) + (-)
    infield_error: int
    outfield_error: int
    infield_fine: int
    outfield_fine: int

    def __init__(self) -> None:
        self.range_total = 0
        self.aggressive = 0
        self.error = 0
        self.infield_error = 0
        self.outfield_error = 0
        self.infield_fine = 0
        self.outfield_fine = 0

    def add(self, f: Fielding, infield: bool, outfield: bool) -> None:
        """Count one fielder, playing in the infield, the outfield or neither."""
        # _marks, in place (some forty fielders counted a game)
        mark = f.fine
        fine = 2 if mark == "+" else 1 if mark == "#" else 0
        err = 2 if f.error == "*" else 1 if f.error == "-" else 0
        self.range_total += f.defence
        self.aggressive += fine + (1 if mark == "(#)" else 0)
        self.error += err
        if infield:
            self.infield_error += err
            self.infield_fine += fine
        elif outfield:
            self.outfield_error += err
            self.outfield_fine += fine


# a ruleset's base values ([defence]: infield, outfield and overall error; infield, outfield
# and overall fine play), read from its table once (defence_base), not at every substitution
DefenceBase = tuple[int, int, int, int, int, int]


def defence_base(base: dict[str, int]) -> DefenceBase:
    """The ruleset's [defence] base values in the order `marks_values` reads them."""
    return (base["infield_error"], base["outfield_error"], base["overall_error"],
            base["infield_fine"], base["outfield_fine"], base["overall_fine"])


def defence_values(fielders: Iterable[Fielding], base: dict[str, int]) -> DefenceValues:
    """Compute the values for the players in the field (pitcher included), one Fielding each."""
    marks = FieldMarks()
    for f in fielders:
        marks.add(f, f.position in INFIELD, f.position in OUTFIELD)
    return marks_values(marks, None, defence_base(base))


def marks_values(marks: FieldMarks, infielder: Fielding | None, base: DefenceBase
                 ) -> DefenceValues:
    """The values of the fielders counted in `marks` and one more infielder (the pitcher), if
    given: the sums are integers, so counting him here or with the others is the same. `base`:
    the ruleset's (defence_base)."""
    rng = marks.range_total
    agg_def = 1 + marks.aggressive
    agg_err = 1 + marks.error
    in_err = marks.infield_error
    out_err = marks.outfield_error
    in_fine = marks.infield_fine
    out_fine = marks.outfield_fine
    if infielder is not None:
        fine, err, aggressive = _marks(infielder)
        rng += infielder.defence
        agg_def += aggressive
        agg_err += err
        in_err += err
        in_fine += fine
    all_err = in_err + out_err
    all_fine = in_fine + out_fine
    infield_error = max(0, base[0] + in_err)
    outfield_error = max(0, base[1] + out_err)
    overall_error = max(0, base[2] + all_err // 2)
    infield_fine = min(101, base[3] - in_fine)
    outfield_fine = min(101, base[4] - out_fine)
    overall_fine = min(101, base[5] - all_fine // 2)
    key = (rng, agg_def, agg_err, infield_error, outfield_error, overall_error, infield_fine,
           outfield_fine, overall_fine)
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= 4096:     # a long-lived process that read many leagues
            _KNOWN.clear()
        known = _KNOWN[key] = DefenceValues(
            range_total=rng, aggressive_defense=agg_def, aggressive_error=agg_err,
            infield_error=infield_error, outfield_error=outfield_error,
            overall_error=overall_error, infield_fine=infield_fine, outfield_fine=outfield_fine,
            overall_fine=overall_fine)
    return known


# the values made so far, by what they hold: one object for equal values, so what is read from
# them and remembered with them (the defense tables' values, DefenceValues.tables) outlives the
# substitution and the game that made them — a pitching change seldom changes a team's values, and a team fields the same nine
# game after game. Nothing changes a DefenceValues once made
_KNOWN: Final[dict[tuple[int, int, int, int, int, int, int, int, int], DefenceValues]] = {}


def batting_value(card: BattingCard) -> float:
    """A rough on-base-plus-power worth of a batting card, for choosing line-ups and hitters (the
    computer manager's, league.manager.computer) and a hurt DH's replacement (league.engine.injury)."""
    # five look-ups: cheaper than remembering it by the row (hashing a row hashes its bounds)
    w = card.bounds.widths
    return w["BB"] * 0.7 + w["1B"] * 0.9 + w["LG"] * 1.3 + w["HR"] * 2.0 - w["K"] * 0.15
