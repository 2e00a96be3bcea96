"""Team defence values from the marks of the nine players in the field (rulebook_notes §5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from league.cards import INFIELD, OUTFIELD, Fielding


@dataclass(frozen=True, slots=True)
class DefenceValues:
    """守備修正, 積極守備値, 積極エラー値 and the error / fine-play values of a defense."""

    range_total: int          # 守備修正
    aggressive_defense: int   # 積極守備値 = 1 + 2·(+) + (#) + ((#))
    aggressive_error: int     # 積極エラー値 = 1 + 2·(*) + (-)
    infield_error: int
    outfield_error: int
    overall_error: int
    infield_fine: int
    outfield_fine: int
    overall_fine: int

    def error(self, source: str | int) -> int:
        if isinstance(source, int):
            return source
        return {"infield": self.infield_error, "outfield": self.outfield_error,
                "overall": self.overall_error}.get(source, 0)

    def fine(self, source: str | int) -> int:
        if isinstance(source, int):
            return source
        return {"infield": self.infield_fine, "outfield": self.outfield_fine,
                "overall": self.overall_fine}.get(source, 101)


def defence_values(fielders: Iterable[Fielding], base: dict[str, int]) -> DefenceValues:
    """Compute the values for the players in the field (pitcher included), one Fielding each."""
    rng = 0
    agg_def = 1
    agg_err = 1
    marks = {"in_err": 0, "out_err": 0, "in_fine": 0, "out_fine": 0}
    for f in fielders:
        rng += f.defence
        fine = 2 if f.fine == "+" else 1 if f.fine == "#" else 0
        err = 2 if f.error == "*" else 1 if f.error == "-" else 0
        agg_def += fine + (1 if f.fine == "(#)" else 0)
        agg_err += err
        side = "in" if f.position in INFIELD else "out" if f.position in OUTFIELD else None
        if side:
            marks[f"{side}_err"] += err
            marks[f"{side}_fine"] += fine
    all_err = marks["in_err"] + marks["out_err"]
    all_fine = marks["in_fine"] + marks["out_fine"]
    return DefenceValues(
        range_total=rng,
        aggressive_defense=agg_def,
        aggressive_error=agg_err,
        infield_error=max(0, base["infield_error"] + marks["in_err"]),
        outfield_error=max(0, base["outfield_error"] + marks["out_err"]),
        overall_error=max(0, base["overall_error"] + all_err // 2),
        infield_fine=min(101, base["infield_fine"] - marks["in_fine"]),
        outfield_fine=min(101, base["outfield_fine"] - marks["out_fine"]),
        overall_fine=min(101, base["overall_fine"] - all_fine // 2),
    )
