"""Line-ups: who bats where, who fields where, who is on the bench and in the bullpen."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from league.engine.cards import FIELD_POSITIONS, Fielding, Player, by_fields
from league.errors import LeagueError

# a bullpen's roles (Lineup.roles), from the last inning back; the computer manager gives them
# (league.manager.bullpen), a saved bullpen keeps them
CLOSER: Final = "closer"
SETUP: Final = "setup"
MIDDLE: Final = "middle"
LONG: Final = "long"
MOPUP: Final = "mopup"
ROLES: Final = (CLOSER, SETUP, MIDDLE, LONG, MOPUP)


def fielding_of(p: Player, pos: str) -> Fielding | None:
    """`p.fielding_at(pos)`, for the line-ups' and the game's loops (in the compiled build, no
    Python call)."""
    for f in p.fielding:
        if f.position == pos:
            return f
    return None


def plays(p: Player, pos: str) -> bool:
    """`p.can_play(pos)`, as `fielding_of`."""
    if pos == "DH":
        return p.batting is not None
    return fielding_of(p, pos) is not None


@dataclass(slots=True, unsafe_hash=True)
class Lineup:
    """A starting line-up: nine (or ten with DH) players, a starting pitcher, the dressed bench.

    Never changed once made (a changed line-up is a new one: dataclasses.replace), and hashed
    and compared by its fields as a frozen dataclass is; not declared frozen, with its __init__
    written out: the compiled build makes a frozen dataclass through the dataclass's Python-level
    __init__ and a setattr call a field (some 15,000 machine instructions a line-up, four a
    game: the day's two and the bullpen's and innings' replacements), this one natively."""

    team: str
    order: tuple[str, ...]            # nine player ids in batting order
    positions: tuple[str, ...]        # the position of each batting slot ("DH" allowed)
    pitcher: str                      # starting pitcher id
    bench: tuple[str, ...]            # position players available to come in
    bullpen: tuple[str, ...]          # pitchers available to come in
    bullpen_ranked: bool = False      # the bullpen is in the manager's order (first = closer)
    roles: tuple[str, ...] = ()       # each reliever's role, as the bullpen (league/manager/bullpen.py)
    # players the computer put at a position their card does not list: a club short at a
    # position plays a man out of position (no range, a bad mark: game.OUT_OF_POSITION)
    stretched: tuple[str, ...] = ()
    # a league that plays its real usage (league/manager/usage.py): the real innings an
    # appearance of the day's pitchers — the starter's a start, a reliever's a relief game —
    # that the computer manager leaves them in for; () otherwise
    innings: tuple[tuple[str, float], ...] = ()
    # a league made from statistics from engine version 5 on (league/manager/usage.py,
    # `TeamUsage.habits`): each batter's real sacrifice bunts a plate appearance and steal
    # attempts a time on first, which the computer manager follows (its `offense_call`); ()
    # otherwise — the marker of the version-5 choices of such a league (pinch hitters too)
    habits: tuple[tuple[str, float, float], ...] = ()
    # such a league's batters' real games off the bench (games less games started, where the
    # file gives the starts): the computer's pinch hitters and runners are drawn by them
    # (league/manager/computer.py, `_off_bench`); () otherwise, and in the games played before
    off_bench: tuple[tuple[str, float], ...] = ()

    def __init__(self, team: str, order: tuple[str, ...], positions: tuple[str, ...], pitcher: str,
                 bench: tuple[str, ...], bullpen: tuple[str, ...], bullpen_ranked: bool = False,
                 roles: tuple[str, ...] = (), stretched: tuple[str, ...] = (),
                 innings: tuple[tuple[str, float], ...] = (),
                 habits: tuple[tuple[str, float, float], ...] = (),
                 off_bench: tuple[tuple[str, float], ...] = ()) -> None:
        self.team = team
        self.order = order
        self.positions = positions
        self.pitcher = pitcher
        self.bench = bench
        self.bullpen = bullpen
        self.bullpen_ranked = bullpen_ranked
        self.roles = roles
        self.stretched = stretched
        self.innings = innings
        self.habits = habits
        self.off_bench = off_bench

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)

    def men(self) -> tuple[str, ...]:
        """Every man of the line-up: the batting order, the starting pitcher, the bench and the
        bullpen."""
        return (*self.order, self.pitcher, *self.bench, *self.bullpen)

    def validate(self, players: dict[str, Player], dh: bool) -> None:
        """Refuse an impossible line-up with one message naming the team and the problem."""
        fault = self._fault(players, dh)
        if fault is not None:
            raise LeagueError(f"line-up of {self.team}: {fault}")

    def _fault(self, players: dict[str, Player], dh: bool) -> str | None:
        """The first thing wrong with the line-up, or None. Every game checks two line-ups, so
        the checks build no text until one fails."""
        order, positions, pitcher, team = self.order, self.positions, self.pitcher, self.team
        if dh and "P" in positions and "DH" not in positions:
            # the day's pitcher bats: his side gives up its DH for the game (5.11(b); NPB has
            # no two-way exception, issue 33)
            dh = False
        if len(order) != 9 or len(positions) != 9:
            return f"needs 9 batters with positions, has {len(order)}"
        # every man listed, in the order the message names the first wrong one (one list: the
        # compiled build iterates a tuple of groups as Python objects)
        for pid in [*order, pitcher, *self.bench, *self.bullpen]:
            p = players.get(pid)
            if p is None:
                return f"unknown player {pid!r}"
            if p.team != team:
                return f"{p.name} ({pid}) plays for {p.team}"
        ids = [*order, *self.bench, *self.bullpen]
        if dh:
            ids.append(pitcher)
        if len(set(ids)) != len(ids):
            return "a player is listed twice"
        need = _NEED_DH if dh else _NEED_P
        # nine positions are each of the nine needed once when they are the nine
        if frozenset(positions) != need:
            return f"positions {' '.join(positions)} must be each of {' '.join(sorted(need))} once"
        for pid, pos in zip(order, positions):
            if pos == "P":
                if pid != pitcher:
                    return "the P in the order must be the starting pitcher"
                continue
            if not plays(players[pid], pos) and pid not in self.stretched:
                return f"{players[pid].name} ({pid}) cannot play {pos}"
        if self.roles and len(self.roles) != len(self.bullpen):
            return f"{len(self.roles)} bullpen roles for {len(self.bullpen)} relievers"
        for role in self.roles:
            if role not in ROLES:
                return f"unknown bullpen role {role!r} (one of {' '.join(ROLES)})"
        if not players[pitcher].is_pitcher:
            return f"{players[pitcher].name} ({pitcher}) has no pitcher card"
        return None


# the positions a line-up fills: with the DH, and with the pitcher batting
_NEED_DH: Final = frozenset(FIELD_POSITIONS) - {"P"} | {"DH"}
_NEED_P: Final = frozenset(FIELD_POSITIONS)
