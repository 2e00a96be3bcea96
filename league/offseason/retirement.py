"""Retirements and releases (npb_offseason.md §2): between the end of the season and the end of
November players retire (older, declining, or out of the active roster for long) and clubs
release players (戦力外) to make room.

Each player's chance comes from his age in the coming season, how much he played in the season
just closed (plate appearances, batters faced) and whether he spent it on the farm; the draw is
the seeded stream of (league, player, year). A player of 33 or more who goes retires (引退); a
younger one is released (戦力外通告) and becomes a free agent. A few young ones go too.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.offseason.people import stream

RETIRE = "retire"       # 引退
RELEASE = "release"     # 戦力外通告: a free agent from now on
RETIRING_AGE = 33       # from this age a player who goes retires; younger, he is released

# the chance a year by the age he would have in the coming season (up to age, chance)
BY_AGE = ((22, 0.01), (25, 0.02), (28, 0.025), (30, 0.035), (32, 0.06), (34, 0.10), (36, 0.20),
          (38, 0.35), (39, 0.50), (40, 0.70), (99, 0.90))
IDLE = 1.8              # multiplier for a player who hardly played (below PLAYED) from age 24
PLAYED_PA = 60          # plate appearances, or
PLAYED_BF = 60          # batters faced, that count as having played
REGULAR = 0.45          # multiplier for a regular (at least REGULAR_PA / REGULAR_BF)
REGULAR_PA = 350
REGULAR_BF = 450


@dataclass(frozen=True)
class Standing:
    """One player as the off-season sees him: his team, age in the coming season, the plate
    appearances and batters faced of the season just closed, and whether he was on the farm."""

    player: str
    team: str
    age: int
    pa: int = 0
    bf: int = 0
    farm: bool = False


@dataclass(frozen=True)
class Departure:
    """A player who leaves his team: `kind` retire (引退) or release (戦力外), and why."""

    player: str
    team: str
    age: int
    kind: str
    reason: str             # "age" | "idle" | "choice"


def typical_chance(age: int) -> float:
    for upto, chance in BY_AGE:
        if age <= upto:
            return chance
    return BY_AGE[-1][1]


def chance(p: Standing) -> tuple[float, str]:
    """The chance he leaves this off-season and the main reason."""
    c = typical_chance(p.age)
    reason = "age" if p.age >= RETIRING_AGE else "choice"
    if p.pa >= REGULAR_PA or p.bf >= REGULAR_BF:
        c *= REGULAR
    elif p.pa < PLAYED_PA and p.bf < PLAYED_BF and p.age >= 24:
        c *= IDLE if not p.farm or p.age >= 27 else 1.5
        reason = "idle" if p.age < RETIRING_AGE + 3 else reason
    return min(c, 0.97), reason


def departures(league: str, year: int, players: Sequence[Standing]) -> list[Departure]:
    """Who leaves before the season of `year`, from the seeded stream of (league, player, year):
    the same league and season give the same list."""
    out = []
    for p in players:
        c, reason = chance(p)
        if stream("retire", league, p.player, year).random() < c:
            kind = RETIRE if p.age >= RETIRING_AGE else RELEASE
            out.append(Departure(p.player, p.team, p.age, kind, reason))
    return out
