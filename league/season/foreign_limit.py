"""The foreign limit (外国人枠, npb_offseason.md §5): a club may hold any number of foreign players
under contract, but on the active roster at most `foreign_active` of them (4) and at most
`foreign_side` pitchers or batters (3: not four pitchers nor four batters). A player with a
pitching card counts as a pitcher, every other as a batter (NPB registers a man as one or the
other). Who is foreign is the league file's `foreign` column (`parse_foreign`).

The rule in words and the checks live here, one home for them: the season's computer manager
(league.season.farm) never brings a foreign player up past the limit, a person's call-up is
refused in one line (`refusal`, through farm's `call_up_problem`), the shared league's database
function (storage/roster_sql.py) is generated from the same words and numbers, a league file
whose active roster breaks it is refused when read (league.season.roster), and the off-season
signs its foreign players within it (league.offseason.foreign).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from league.errors import LeagueError

if TYPE_CHECKING:
    from league.engine.cards import Player

FOREIGN_ACTIVE: Final = 4       # foreign players on an active roster, at most (a league's setting)
FOREIGN_SIDE: Final = 3         # ... of them pitchers, or batters, at most
FOREIGN_VALUES: Final = ("yes", "no")   # the `foreign` column of a league file ("" is no)

# the words, filled by the callers (the SQL function fills the same holes)
FOREIGN_FULL: Final = ("{team} has {count} foreign players on the active roster, the most the "
                       "league registers (foreign_active {limit}); {player} cannot come up")
FOREIGN_SIDE_FULL: Final = ("{team} has {count} foreign {side} on the active roster, the most the "
                            "league registers (foreign_side {limit}); {player} cannot come up")


def side_of(p: "Player") -> str:
    """"pitchers" for a man with a pitching card, else "batters"."""
    return "pitchers" if p.pitching is not None else "batters"


def counts(active: Iterable["Player"]) -> tuple[int, int, int]:
    """(foreign players, foreign pitchers, foreign batters) among `active`."""
    total = pitchers = 0
    for p in active:
        if p.foreign:
            total += 1
            pitchers += p.pitching is not None
    return total, pitchers, total - pitchers


def fits(active: Iterable["Player"], p: "Player", limit: int = FOREIGN_ACTIVE,
         side: int = FOREIGN_SIDE) -> bool:
    """Whether `p` may join the active roster `active` (not holding him) within the limit."""
    if not p.foreign:
        return True
    total, pitchers, _batters = counts(active)
    return room_for(total, pitchers, p.pitching is not None, limit, side)


def room_for(total: int, pitchers: int, pitcher: bool, limit: int = FOREIGN_ACTIVE,
             side: int = FOREIGN_SIDE) -> bool:
    """Whether one more foreign player (a pitcher or not) may join an active roster holding
    `total` foreign players, `pitchers` of them pitchers."""
    return total < limit and (pitchers if pitcher else total - pitchers) < side


def refusal(team: str, active: Iterable["Player"], p: "Player", player: str,
            limit: int = FOREIGN_ACTIVE, side: int = FOREIGN_SIDE) -> str | None:
    """Why `p` (named `player`) may not join `team`'s active roster `active` for the foreign
    limit, in one line; None when he may."""
    if not p.foreign:
        return None
    total, pitchers, batters = counts(active)
    if total >= limit:
        return FOREIGN_FULL.format(team=team, count=total, limit=limit, player=player)
    mine = side_of(p)
    have = pitchers if mine == "pitchers" else batters
    if have >= side:
        return FOREIGN_SIDE_FULL.format(team=team, count=have, side=mine, limit=side,
                                        player=player)
    return None


def over(active: Iterable["Player"], limit: int = FOREIGN_ACTIVE,
         side: int = FOREIGN_SIDE) -> str | None:
    """What an active roster breaks of the limit (e.g. "5 foreign players; at most 4"), or None."""
    total, pitchers, batters = counts(active)
    if total > limit:
        return f"{total} foreign players; at most {limit}"
    for name, n in (("pitchers", pitchers), ("batters", batters)):
        if n > side:
            return f"{n} foreign {name}; at most {side}"
    return None


def parse_foreign(text: str, where: str) -> bool:
    """The `foreign` cell of a league file: yes or no ("" is no). LeagueError naming `where`."""
    t = (text or "").strip().lower()
    if t in ("", "no"):
        return False
    if t == "yes":
        return True
    raise LeagueError(f"{where}: {text!r} is not yes or no (foreign: a foreign player, 外国人)")
