"""Line-ups: who bats where, who fields where, who is on the bench and in the bullpen."""
from __future__ import annotations

from dataclasses import dataclass

from league.bullpen import ROLES
from league.cards import FIELD_POSITIONS, Player
from league.errors import LeagueError


@dataclass(frozen=True, slots=True)
class Lineup:
    """A starting line-up: nine (or ten with DH) players, a starting pitcher, the dressed bench."""

    team: str
    order: tuple[str, ...]            # nine player ids in batting order
    positions: tuple[str, ...]        # the position of each batting slot ("DH" allowed)
    pitcher: str                      # starting pitcher id
    bench: tuple[str, ...]            # position players available to come in
    bullpen: tuple[str, ...]          # pitchers available to come in
    bullpen_ranked: bool = False      # the bullpen is in the manager's order (first = closer)
    roles: tuple[str, ...] = ()       # each reliever's role, as the bullpen (league/bullpen.py)

    def validate(self, players: dict[str, Player], dh: bool) -> None:
        """Refuse an impossible line-up with one message naming the team and the problem."""
        if self._sound(players, dh):
            return      # every game validates two line-ups: the checks below only name a fault
        where = f"line-up of {self.team}"
        if len(self.order) != 9 or len(self.positions) != 9:
            raise LeagueError(f"{where}: needs 9 batters with positions, has {len(self.order)}")
        everyone = list(self.order) + [self.pitcher] + list(self.bench) + list(self.bullpen)
        for pid in everyone:
            if pid not in players:
                raise LeagueError(f"{where}: unknown player {pid!r}")
            if players[pid].team != self.team:
                raise LeagueError(f"{where}: {players[pid].name} ({pid}) plays for {players[pid].team}")
        ids = list(self.order) + list(self.bench) + list(self.bullpen)
        if dh:
            ids.append(self.pitcher)
        if len(set(ids)) != len(ids):
            raise LeagueError(f"{where}: a player is listed twice")
        need = set(FIELD_POSITIONS) - {"P"}
        if dh:
            need.add("DH")
        else:
            need.add("P")
        if sorted(self.positions) != sorted(need):
            raise LeagueError(
                f"{where}: positions {' '.join(self.positions)} must be each of {' '.join(sorted(need))} once"
            )
        for pid, pos in zip(self.order, self.positions):
            if pos == "P":
                if pid != self.pitcher:
                    raise LeagueError(f"{where}: the P in the order must be the starting pitcher")
                continue
            if not players[pid].can_play(pos):
                raise LeagueError(f"{where}: {players[pid].name} ({pid}) cannot play {pos}")
        if self.roles and len(self.roles) != len(self.bullpen):
            raise LeagueError(f"{where}: {len(self.roles)} bullpen roles for {len(self.bullpen)} relievers")
        for role in self.roles:
            if role not in ROLES:
                raise LeagueError(f"{where}: unknown bullpen role {role!r} (one of {' '.join(ROLES)})")
        if not players[self.pitcher].is_pitcher:
            raise LeagueError(f"{where}: {players[self.pitcher].name} ({self.pitcher}) has no pitcher card")

    def _sound(self, players: dict[str, Player], dh: bool) -> bool:
        """The checks of `validate` without their messages: True only when every one passes."""
        order, positions, pitcher, team = self.order, self.positions, self.pitcher, self.team
        if len(order) != 9 or len(positions) != 9:
            return False
        for group in (order, self.bench, self.bullpen):
            for pid in group:
                p = players.get(pid)
                if p is None or p.team != team:
                    return False
        starter = players.get(pitcher)
        if starter is None or starter.team != team or starter.pitching is None:
            return False
        listed = len(order) + len(self.bench) + len(self.bullpen) + (1 if dh else 0)
        ids = set(order)
        ids.update(self.bench)
        ids.update(self.bullpen)
        if dh:
            ids.add(pitcher)
        if len(ids) != listed or frozenset(positions) != (_NEED_DH if dh else _NEED_P):
            return False     # with nine positions, nine different ones are each of them once
        for pid, pos in zip(order, positions):
            if pos == "P":
                if pid != pitcher:
                    return False
            elif not players[pid].can_play(pos):
                return False
        if self.roles:
            if len(self.roles) != len(self.bullpen):
                return False
            for role in self.roles:
                if role not in ROLES:
                    return False
        return True


# the positions a line-up fills: with the DH, and with the pitcher batting
_NEED_DH = frozenset(FIELD_POSITIONS) - {"P"} | {"DH"}
_NEED_P = frozenset(FIELD_POSITIONS)
