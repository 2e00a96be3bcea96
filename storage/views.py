"""What storage reads back as plain values (a season, a game of the schedule, a team's odds on a
day, who is connected), in a module without SQLAlchemy: the app's first screen is read with plain
sqlite3 (storage.first_read) into the same values the repository gives."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class SeasonInfo:
    id: int
    league_id: int
    number: int
    seed: int
    games_per_opponent: int
    series_length: int
    start: date
    games: int
    final: int
    year: int = 0
    phase: str = "regular"          # regular | postseason | closed

    @property
    def closed(self) -> bool:
        return self.phase == "closed"


@dataclass(frozen=True)
class StoredRest:
    available_on: date
    fatigue: int


@dataclass(frozen=True)
class GameSlot:
    """A game of the schedule as stored: its row id, number, day, teams, series and result."""

    id: int
    number: int
    day: date
    away: str
    home: str
    series: int
    status: str
    away_runs: int | None
    home_runs: int | None
    kind: str = "regular"           # regular | postseason


@dataclass(frozen=True)
class OddsPoint:
    """A team's odds on one day of the season."""

    played: int
    day: date | None
    team: str
    pennant: float
    climax: float
    magic: int | None
    runs: int
    wins: float = 0.0
    losses: float = 0.0
    draws: float = 0.0


@dataclass(frozen=True)
class Access:
    """Who is connected and what that allows."""

    role: str | None                       # the PostgreSQL role; None for SQLite
    kind: str                              # single | owner | commissioner | manager | reader
    teams: tuple[str, ...] = ()            # a manager's teams
    shared: bool = False

    @property
    def commissioner(self) -> bool:
        """May do what only the commissioner does (true for single-user and owner too)."""
        return self.kind in ("single", "owner", "commissioner")

    def may_manage(self, team: str) -> bool:
        """May change this team's line-up, rotation, bullpen and reserves."""
        return self.commissioner or team in self.teams

    def describe(self, japanese: bool = False) -> str:
        """One line for a status bar: whom the app is connected as."""
        if self.kind == "single":
            return "" if not japanese else ""
        names = {"owner": ("database owner", "所有者"), "commissioner": ("commissioner", "コミッショナー"),
                 "manager": ("manager", "監督"), "reader": ("read only", "閲覧のみ")}
        label = names[self.kind][1 if japanese else 0]
        teams = f" {', '.join(self.teams)}" if self.teams else ""
        if self.role is None:
            return label             # an SQLite league open read-only
        return f"{self.role} ({label}{teams})"
