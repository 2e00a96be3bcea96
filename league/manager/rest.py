"""Pitcher rest days and fatigue between games (rulebook_notes §7.5, the ver 5.1 option rule).

| innings pitched                         | rest days                        |
|-----------------------------------------|----------------------------------|
| ≤ half of 『回』                         | 『休』/2, halves rounded up        |
| ≤ 『回』 (a starter: or ≤ 『先』)          | 『休』                             |
| beyond that                             | 『休』 + innings beyond, rounded up |

Real usage (issue 33; docs/cards.md, "Real usage"): a relief outing of a man whose line-up gave
him his real innings a relief game (Lineup.innings) is long only beyond those innings to the end
of their last inning, when that is more than his 『回』 — a real workhorse of 1.5–2 innings a
relief game (a card's 『回』 is his innings a game rounded to the half) came back the next day.

At least one day after any appearance; the day of the appearance is not a rest day, so a pitcher
who needs 5 days after pitching on the 1st is ready again on the 7th. Rest days are calendar
days (off days rest a pitcher too). The "all innings were ○" row is not used: the engine does not
keep ○ per inning.

Fatigue points (疲労ポイント) are a design of ours where the rulebook has a gap (§7.3, §9.12): a
pitcher used before his rest is over carries one point per day short; the engine takes 5 off his
condition rolls per point, and the points he pitched with lengthen his next rest by as many days.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from functools import lru_cache
from typing import Final

from league.engine.cards import PitchingCard, by_fields
from league.errors import LeagueError

CONDITION_PENALTY_PER_POINT = 5


def _innings(value: float) -> Fraction:
    """A card's innings as an exact fraction (6.5 → 13/2), so 1/3-inning comparisons are exact."""
    return Fraction(str(value))


def rest_days(card: PitchingCard, outs: int, started: bool, planned: float | None = None) -> int:
    """Days of rest a pitcher needs after getting `outs` outs (a start if `started`).
    `planned`: a relief outing's innings by real usage (Lineup.innings; `relief_limit`)."""
    if outs < 0:
        raise LeagueError(f"outs cannot be negative ({outs})")
    if planned is not None and not started:
        limit = relief_limit(planned)
        if limit > card.innings:
            return _rest_days(card.innings, card.starter, card.rest, outs, started, limit)
    return _rest_days(card.innings, card.starter, card.rest, outs, started)


def relief_limit(planned: float) -> int:
    """The whole innings a relief outing planned for `planned` innings (real usage) may run to
    before it rests its man longer: the outs the computer leaves him in for (at least one;
    league/manager/computer.py, `change_pitcher`) to the end of their inning."""
    return -(-max(1, round(planned * 3)) // 3)


# each card's 『回』 as an exact fraction's (numerator, denominator), by its value: a staff has a
# few values, and making a Fraction (from its text) costs more than the rest of the sum
_EXACT: Final[dict[float, tuple[int, int]]] = {}


@lru_cache(maxsize=4096)
def _rest_days(innings: float, starter: int, rest: int, outs: int, started: bool,
               limit: int = 0) -> int:
    """rest_days of the card's three figures: a pure function asked after every game, so each
    answer is remembered. Exact: the innings pitched (outs/3) against the card's 『回』 (n/d, its
    decimal text's fraction) compared in whole numbers, outs·d against 3n. `limit`: whole
    innings beyond which a relief outing is long, when more than 『回』 (`relief_limit`)."""
    exact = _EXACT.get(innings)
    if exact is None:
        f = _innings(innings)
        exact = _EXACT[innings] = (f.numerator, f.denominator)
    n, d = exact
    # the limit: 『回』, or for a starter 『先』 when that is more (starter/1 against n/d)
    if started and starter * d > n:
        n, d = starter, 1
    elif limit * d > n:
        n, d = limit, 1
    if 2 * exact[1] * outs <= 3 * exact[0]:      # pitched <= 『回』 / 2
        days = (rest + 1) // 2  # 『休』/2 with halves rounded up (四捨五入)
    elif outs * d <= 3 * n:                     # pitched <= the limit
        days = rest
    else:
        # the innings beyond the limit, (outs·d − 3n) / 3d, rounded up
        days = rest + -(-(outs * d - 3 * n) // (3 * d))
    return max(1, days)


@dataclass(frozen=True)
class PitcherRest:
    """When a pitcher is rested again, and the fatigue points he pitched with last time."""

    available_on: date
    fatigue: int = 0

    def __reduce__(self) -> tuple[object, ...]:
        # sent to the odds' workers: a native class pickles by its fields (cards.by_fields)
        return by_fields(self)


def fatigue_points(rest: PitcherRest | None, day: date) -> int:
    """Fatigue points of a pitcher used on `day`: one per day short of his rest, 0 when rested."""
    if rest is None:
        return 0
    return max(0, (rest.available_on - day).days)


def next_rest(card: PitchingCard, outs: int, started: bool, day: date, *,
              fatigue: int = 0, planned: float | None = None) -> PitcherRest:
    """The rest after an appearance on `day`; `fatigue` is the points he pitched with that day
    (from `fatigue_points`), each adding a day to the rest; `planned` a relief outing's real
    innings (`rest_days`)."""
    if fatigue < 0:
        raise LeagueError(f"fatigue points cannot be negative ({fatigue})")
    days = rest_days(card, outs, started, planned) + fatigue + 1
    on = day + (_DAYS[days] if days < len(_DAYS) else timedelta(days=days))
    # a frozen value, made once for each (day, points): a season makes one for every pitcher
    # of every game, and a Python class's __init__ costs a compiled caller some 4,000
    # instructions (issue 34)
    key = (on, fatigue)
    known = _RESTS.get(key)
    if known is None:
        if len(_RESTS) >= 4096:
            _RESTS.clear()
        known = _RESTS[key] = PitcherRest(on, fatigue)
    return known


_DAYS: Final = tuple(timedelta(days=k) for k in range(32))    # the rests there are, made once
_RESTS: Final[dict[tuple[date, int], PitcherRest]] = {}


def choose_starter(starters: Sequence[str], rest: Mapping[str, PitcherRest], day: date,
                   last: str | None) -> str:
    """The starter for `day`: the next rested man in rotation order after `last` (a six-man
    rotation in turn, as NPB's: its leaders make some 23-27 starts a season).

    With nobody rested, the one with the fewest fatigue points (the earliest in rotation order
    among equals). A pitcher missing from `rest` has not pitched yet and is rested.
    """
    if not starters:
        raise LeagueError("the rotation has no starters")
    order = list(starters)
    if last in order:
        i = order.index(last)
        order = order[i + 1:] + order[:i + 1]
    # the first with the fewest points: the first rested man, as none has fewer than 0 (asked
    # for both teams before every game, most days of the first man asked)
    best, fewest = order[0], -1
    for pid in order:
        points = fatigue_points(rest.get(pid), day)
        if points == 0:
            return pid
        if fewest < 0 or points < fewest:
            best, fewest = pid, points
    return best
