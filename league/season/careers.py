"""Careers and records: a player's seasons (年度別成績) with career totals, single-season and
career records of a league, and head-to-head records between teams across seasons.

Stats of a season are the league.season.stats dataclasses; a career is their field-by-field sum (rate
stats follow from the sums, so a career AVG is career H / career AB, never an average of AVGs).
Postseason stats are kept apart by the caller: a career is built from whichever seasons it is given.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import TypeVar

from league.errors import LeagueError
from league.season.standings import Outcome, head_to_head
from league.season.stats import BattingStats, FieldingStats, PitchingStats, qualifier, stat_text

S = TypeVar("S", BattingStats, PitchingStats, FieldingStats)


def add_stats(parts: Sequence[S]) -> S:
    """The field-by-field sum of stats of one kind (seasons into a career, teams into a season)."""
    if not parts:
        raise LeagueError("no stats to add")
    cls = type(parts[0])
    if any(type(p) is not cls for p in parts):
        raise LeagueError("cannot add stats of different kinds")
    return cls(**{f.name: sum(getattr(p, f.name) for p in parts) for f in fields(cls)})


@dataclass(frozen=True)
class CareerSeason:
    """One row of 年度別成績: the season's number and year label, team(s) and stats."""

    season: int
    year: str
    teams: tuple[str, ...]
    batting: BattingStats | None
    pitching: PitchingStats | None
    fielding: FieldingStats | None = None


@dataclass(frozen=True)
class Career:
    player: str
    seasons: tuple[CareerSeason, ...]
    batting: BattingStats | None
    pitching: PitchingStats | None
    fielding: FieldingStats | None

    @property
    def years(self) -> int:
        return len(self.seasons)


def career(player: str, seasons: Iterable[CareerSeason]) -> Career:
    """A career from its seasons (sorted by season number); totals are sums of the seasons."""
    rows = tuple(sorted(seasons, key=lambda s: s.season))

    def total(parts: list[S]) -> S | None:
        return add_stats(parts) if parts else None

    return Career(player, rows,
                  total([s.batting for s in rows if s.batting is not None]),
                  total([s.pitching for s in rows if s.pitching is not None]),
                  total([s.fielding for s in rows if s.fielding is not None]))


# --- records ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordSpec:
    key: str
    ja: str
    en: str
    kind: str                 # batting | pitching
    stat: str
    lower_is_better: bool = False
    # a rate record needs a minimum: per season, PA or outs per team game; for a career a total
    season_min_per_game: Fraction | None = None
    career_min: int | None = None


RECORDS: tuple[RecordSpec, ...] = (
    RecordSpec("avg", "打率", "AVG", "batting", "avg", False, Fraction(31, 10), 1000),
    RecordSpec("hr", "本塁打", "HR", "batting", "hr"),
    RecordSpec("rbi", "打点", "RBI", "batting", "rbi"),
    RecordSpec("h", "安打", "H", "batting", "h"),
    RecordSpec("sb", "盗塁", "SB", "batting", "sb"),
    RecordSpec("wins", "勝利", "W", "pitching", "wins"),
    RecordSpec("so", "奪三振", "SO", "pitching", "so"),
    RecordSpec("saves", "セーブ", "SV", "pitching", "saves"),
    RecordSpec("era", "防御率", "ERA", "pitching", "era", True, Fraction(3), 600),
)


@dataclass(frozen=True)
class RecordRow:
    rank: int
    player: str
    team: str                 # the team of that season; for a career, the last team
    season: int | None        # None for a career record
    value: float | int
    text: str


@dataclass(frozen=True)
class PlayerSeason:
    """A player's whole season for records: season number, his team, its games, stats."""

    season: int
    player: str
    team: str
    team_games: int
    batting: BattingStats | None
    pitching: PitchingStats | None


def _value(spec: RecordSpec, st: BattingStats | PitchingStats) -> float | int | None:
    v = getattr(st, spec.stat)
    return v


def _qualifies(spec: RecordSpec, st: BattingStats | PitchingStats, *, games: int | None) -> bool:
    if spec.season_min_per_game is None:
        return True
    have = st.pa if isinstance(st, BattingStats) else st.outs
    if games is None:             # career
        return spec.career_min is not None and have >= spec.career_min
    return have >= qualifier(games, spec.season_min_per_game)


def _ranked(spec: RecordSpec, rows: list[tuple[float | int | None, str, str, int | None]],
            limit: int) -> list[RecordRow]:
    valued = [(v, pid, team, season) for v, pid, team, season in rows
              if v is not None and (spec.season_min_per_game is not None or v > 0)]
    valued.sort(key=lambda r: (r[1], r[3] or 0))
    valued.sort(key=lambda r: r[0], reverse=not spec.lower_is_better)
    out: list[RecordRow] = []
    for i, (value, pid, team, season) in enumerate(valued[:limit]):
        rank = out[-1].rank if out and out[-1].value == value else i + 1
        out.append(RecordRow(rank, pid, team, season, value, stat_text(spec.stat, value)))
    return out


def season_records(seasons: Iterable[PlayerSeason], spec: RecordSpec,
                   limit: int = 10) -> list[RecordRow]:
    """The best single seasons in one stat (rate records need the season qualifier)."""
    rows: list[tuple[float | int | None, str, str, int | None]] = []
    for ps in seasons:
        st = ps.batting if spec.kind == "batting" else ps.pitching
        if st is None or not _qualifies(spec, st, games=ps.team_games):
            continue
        rows.append((_value(spec, st), ps.player, ps.team, ps.season))
    return _ranked(spec, rows, limit)


def career_records(seasons: Iterable[PlayerSeason], spec: RecordSpec,
                   limit: int = 10) -> list[RecordRow]:
    """The best careers in one stat (rate records need `career_min` PA or outs)."""
    by: dict[str, list[PlayerSeason]] = {}
    for ps in seasons:
        by.setdefault(ps.player, []).append(ps)
    rows: list[tuple[float | int | None, str, str, int | None]] = []
    for pid, mine in by.items():
        mine.sort(key=lambda p: p.season)
        parts = [getattr(p, spec.kind) for p in mine if getattr(p, spec.kind) is not None]
        if not parts:
            continue
        st = add_stats(parts)
        if not _qualifies(spec, st, games=None):
            continue
        rows.append((_value(spec, st), pid, mine[-1].team, None))
    return _ranked(spec, rows, limit)


# --- head to head -------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeadToHead:
    team: str
    opponent: str
    wins: int
    losses: int
    draws: int

    @property
    def text(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}" if self.draws else \
            f"{self.wins}-{self.losses}"


def head_to_head_table(outcomes: Iterable[Outcome], teams: Sequence[str]
                       ) -> dict[tuple[str, str], HeadToHead]:
    """Every pair's record (team's wins, losses, draws against opponent) over `outcomes`."""
    games = list(outcomes)
    out = {}
    for a in teams:
        for b in teams:
            if a != b:
                w, l_, d = head_to_head(games, a, b)
                out[(a, b)] = HeadToHead(a, b, w, l_, d)
    return out


def record_text(spec: RecordSpec, value: float | int) -> str:
    return stat_text(spec.stat, value)


def by_key(specs: Iterable[RecordSpec]) -> Mapping[str, RecordSpec]:
    return {s.key: s for s in specs}
