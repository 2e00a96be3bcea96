"""The figures of rules C.3, measured by playing the league's seasons, each beside its band.

Two tables. The per-game one sums the batting, pitching and fielding lines of many games (per
team per game unless the figure says otherwise). The season-level one reads whole 143-game
seasons as a fan reads them: the best and worst records in each league (リーグ), the title
holders (rate titles need 規定打席 = team games × 3.1, rounded half up, and 規定投球回 = team
games × 1.0), how many players qualify, how benches and bullpens are used. Season figures are
judged league by league (a league of two leagues of six has two batting titles a season, and the
league without the DH its own pinch-hit band): each is the mean over the seasons for that league.

The games are played the way a stored season plays them (league/season/state.py: the calendar of
league/season/calendar.py, the rotation by rest, carried fatigue, resting relievers sit out, the
manager's line-ups), in memory and quiet (no roll log, no play text). Season `s` of a run with
seed `seed` has the calendar seed `seed + s` and its games the seeds `game_seed(seed + s, n)`,
so a run is the same every time. Pure: no I/O.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from league.engine.game import (
    AB,
    BB,
    CS,
    D2,
    D3,
    GIDP,
    HBP,
    HR,
    P_ER,
    P_OUTS,
    P_SO,
    P_WP,
    PA,
    RBI,
    SB,
    SF,
    SH,
    SO,
    GameResult,
    H,
)
from league.engine.ruleset import Ruleset
from league.season.calendar import calendar_rules, make_calendar
from league.season.roster import League
from league.season.schedule import ScheduledGame, make_schedule
from league.season.simulate import players_of
from league.season.state import SeasonState, game_seed, play_scheduled
from league.season.stats import qualified_outs, qualified_pa

FIRST_YEAR = 2026


@dataclass(frozen=True, slots=True)
class Band:
    """A figure's band and how its numbers are shown ("{:.3f}", "{:.2%}", …)."""

    low: float
    high: float
    fmt: str
    label: str


# rules C.3, per team per game unless stated
PER_GAME_BANDS: dict[str, Band] = {
    "runs": Band(3.2, 3.8, "{:.2f}", "runs per team per game"),
    "AVG": Band(0.238, 0.252, "{:.3f}", "batting average"),
    "OBP": Band(0.300, 0.318, "{:.3f}", "on-base percentage"),
    "SLG": Band(0.340, 0.375, "{:.3f}", "slugging percentage"),
    "HR/PA": Band(0.014, 0.021, "{:.2%}", "home runs per plate appearance"),
    "BB/PA": Band(0.070, 0.087, "{:.2%}", "walks per plate appearance"),
    "K/PA": Band(0.18, 0.215, "{:.2%}", "strikeouts per plate appearance"),
    "HBP/PA": Band(0.006, 0.011, "{:.2%}", "hit by pitch per plate appearance"),
    "2B/H": Band(0.15, 0.19, "{:.2%}", "doubles per hit"),
    "3B/H": Band(0.015, 0.03, "{:.2%}", "triples per hit"),
    "SB attempts": Band(0.45, 0.8, "{:.2f}", "steal attempts per team per game"),
    "SB success": Band(0.65, 0.78, "{:.2%}", "share of steal attempts that succeed"),
    "errors": Band(0.38, 0.56, "{:.2f}", "errors per team per game"),
    "double plays": Band(0.55, 0.8, "{:.2f}", "grounded into double plays per team per game"),
    "sacrifice bunts": Band(0.5, 0.8, "{:.2f}", "sacrifice bunts per team per game"),
    "sacrifice flies": Band(0.15, 0.25, "{:.2f}", "sacrifice flies per team per game"),
    "wild pitches": Band(0.15, 0.3, "{:.2f}", "wild pitches per team per game"),
    "draws": Band(0.015, 0.04, "{:.2%}", "share of games drawn (12-inning limit)"),
}

# rules C.3, over a 143-game season: mean over the seasons and the leagues (リーグ)
SEASON_BANDS: dict[str, Band] = {
    "best W%": Band(0.570, 0.640, "{:.3f}", "best winning percentage in a league (W/(W+L))"),
    "worst W%": Band(0.380, 0.440, "{:.3f}", "worst winning percentage in a league"),
    "batting title": Band(0.300, 0.340, "{:.3f}", "best AVG with 規定打席 (team games × 3.1)"),
    "HR leader": Band(24, 40, "{:.1f}", "most home runs in a league"),
    "RBI leader": Band(80, 105, "{:.1f}", "most runs batted in"),
    "SB leader": Band(20, 45, "{:.1f}", "most stolen bases"),
    "ERA leader": Band(1.40, 2.30, "{:.2f}", "best ERA with 規定投球回 (team games × 1.0)"),
    "wins leader": Band(11, 17, "{:.1f}", "most wins"),
    "K leader": Band(140, 200, "{:.1f}", "most strikeouts (pitching)"),
    "saves leader": Band(28, 45, "{:.1f}", "most saves"),
    "HP leader": Band(35, 55, "{:.1f}", "most hold points (holds + relief wins)"),
    "qualified hitters": Band(3, 6, "{:.2f}", "hitters with 規定打席, per team"),
    "qualified pitchers": Band(1, 3, "{:.2f}", "pitchers with 規定投球回, per team"),
    "pinch-hit PA": Band(80, 200, "{:.1f}", "pinch-hit appearances per team (league with the DH)"),
    "pinch runners": Band(40, 120, "{:.1f}", "pinch runners per team"),
    "pitchers used": Band(18, 30, "{:.1f}", "pitchers who pitched, per team"),
    "starts leader": Band(23, 27, "{:.1f}", "most games started (six-man rotations)"),
    "complete games": Band(1, 6, "{:.2f}", "complete games per team"),
    "CG won": Band(0.5, 1.0, "{:.0%}", "share of complete games that are wins (most of them)"),
}


# a league without the DH: its pitchers bat, so its benches pinch-hit far more (NPB, 2016-17)
NO_DH_BANDS: dict[str, Band] = {
    "pinch-hit PA": Band(200, 340, "{:.1f}", "pinch-hit appearances per team (league without the DH)"),
}


def season_bands(dh: bool) -> dict[str, Band]:
    """The season figures' bands for a league (リーグ) with or without the DH."""
    return SEASON_BANDS if dh else {**SEASON_BANDS, **NO_DH_BANDS}


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured figure beside its band."""

    name: str
    value: float
    low: float
    high: float
    fmt: str
    label: str = ""
    league: str = ""          # a season figure: the league (リーグ) it was measured in

    @property
    def passed(self) -> bool:
        return self.low <= self.value <= self.high

    @property
    def shown(self) -> str:
        return self.fmt.format(self.value)

    def band_text(self) -> str:
        return f"{self.fmt.format(self.low)} – {self.fmt.format(self.high)}"

    @property
    def where(self) -> str:
        """The figure's name with its league, if it has one: "HR leader (CL)"."""
        return f"{self.name} ({self.league})" if self.league else self.name

    def as_dict(self) -> dict[str, Any]:
        # a figure nobody qualified for (no ERA leader) is NaN: null in JSON
        value = None if self.value != self.value else self.value
        out = {"figure": self.name, "value": value, "shown": self.shown, "low": self.low,
               "high": self.high, "band": self.band_text(), "passed": self.passed,
               "meaning": self.label}
        if self.league:
            out["league"] = self.league
        return out


def _figures(bands: dict[str, Band], values: dict[str, float], league: str = "") -> list[Figure]:
    return [Figure(k, values[k], b.low, b.high, b.fmt, b.label, league) for k, b in bands.items()]


class Tally:
    """Sums of the lines of many games: the per-game table."""

    def __init__(self) -> None:
        self.games = 0
        self.team_games = 0
        self.runs = 0
        self.errors = 0
        self.draws = 0
        self.wild_pitches = 0
        self.sums = [0] * 18

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.team_games += 2
        self.runs += sum(result.runs)
        self.errors += sum(result.errors)
        self.draws += result.runs[0] == result.runs[1]
        for _side, _pid, line, _pos in result.batting:
            for i, v in enumerate(line):
                self.sums[i] += v
        for _side, _pid, pline in result.pitching:
            self.wild_pitches += pline[P_WP]

    def values(self) -> dict[str, float]:
        s = self.sums
        tg = max(self.team_games, 1)
        pa = max(s[PA], 1)
        ab = max(s[AB], 1)
        h = s[H]
        singles = h - s[D2] - s[D3] - s[HR]
        tb = singles + 2 * s[D2] + 3 * s[D3] + 4 * s[HR]
        obp_den = max(s[AB] + s[BB] + s[HBP] + s[SF], 1)
        att = s[SB] + s[CS]
        return {
            "runs": self.runs / tg,
            "AVG": h / ab,
            "OBP": (h + s[BB] + s[HBP]) / obp_den,
            "SLG": tb / ab,
            "HR/PA": s[HR] / pa,
            "BB/PA": s[BB] / pa,
            "K/PA": s[SO] / pa,
            "HBP/PA": s[HBP] / pa,
            "2B/H": s[D2] / max(h, 1),
            "3B/H": s[D3] / max(h, 1),
            "SB attempts": att / tg,
            "SB success": s[SB] / max(att, 1),
            "errors": self.errors / tg,
            "double plays": s[GIDP] / tg,
            "sacrifice bunts": s[SH] / tg,
            "sacrifice flies": s[SF] / tg,
            "wild pitches": self.wild_pitches / tg,
            "draws": self.draws / max(self.games, 1),
        }

    def figures(self) -> list[Figure]:
        return _figures(PER_GAME_BANDS, self.values())


@dataclass
class _Season:
    """One season's counts: records, players' lines, bench and bullpen use per team."""

    team_games: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)
    losses: dict[str, int] = field(default_factory=dict)
    # (team, pid) -> [pa, ab, h, hr, rbi, sb]
    bat: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    # (team, pid) -> [outs, er, so, w, sv, hp, gs]
    pit: dict[tuple[str, str], list[int]] = field(default_factory=dict)
    pinch_hits: dict[str, int] = field(default_factory=dict)
    pinch_runs: dict[str, int] = field(default_factory=dict)
    complete: dict[str, int] = field(default_factory=dict)
    complete_won: dict[str, int] = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        teams = (result.away, result.home)
        for side, team in enumerate(teams):
            self.team_games[team] = self.team_games.get(team, 0) + 1
            if result.runs[side] > result.runs[1 - side]:
                self.wins[team] = self.wins.get(team, 0) + 1
            elif result.runs[side] < result.runs[1 - side]:
                self.losses[team] = self.losses.get(team, 0) + 1
        for side, pid, line, pos in result.batting:
            team = teams[side]
            b = self.bat.setdefault((team, pid), [0] * 6)
            b[0] += line[PA]
            b[1] += line[AB]
            b[2] += line[H]
            b[3] += line[HR]
            b[4] += line[RBI]
            b[5] += line[SB]
            if pos.startswith("PH"):
                self.pinch_hits[team] = self.pinch_hits.get(team, 0) + 1
            elif pos.startswith("PR"):
                self.pinch_runs[team] = self.pinch_runs.get(team, 0) + 1
        first: dict[int, str] = {}
        count: dict[int, int] = {}
        for side, pid, pline in result.pitching:
            team = teams[side]
            started = first.setdefault(side, pid) == pid
            count[side] = count.get(side, 0) + 1
            p = self.pit.setdefault((team, pid), [0] * 7)
            if started:
                p[6] += 1
            p[0] += pline[P_OUTS]
            p[1] += pline[P_ER]
            p[2] += pline[P_SO]
            d = result.decisions.get(pid)
            if d == "W":
                p[3] += 1
                if not started:
                    p[5] += 1        # a relief win is a hold point
            elif d == "S":
                p[4] += 1
            elif d == "H":
                p[5] += 1
        for side, n in count.items():
            if n == 1:
                team = teams[side]
                self.complete[team] = self.complete.get(team, 0) + 1
                if result.decisions.get(first[side]) == "W":
                    self.complete_won[team] = self.complete_won.get(team, 0) + 1


class SeasonTally:
    """Whole seasons, read per league (リーグ): the season-level table. `groups`: each league's
    team codes; `dh`: whether each has the DH (its pinch-hit band), `names` its code (both
    default to a league with the DH named by its number)."""

    def __init__(self, groups: Sequence[Sequence[str]], dh: Sequence[bool] | None = None,
                 names: Sequence[str] | None = None) -> None:
        self.groups = [tuple(g) for g in groups]
        self.dh = list(dh) if dh is not None else [True] * len(self.groups)
        self.names = list(names) if names is not None else [str(k + 1) for k in range(len(self.groups))]
        self.seasons: list[_Season] = []

    def start(self) -> None:
        self.seasons.append(_Season())

    def add(self, result: GameResult) -> None:
        self.seasons[-1].add(result)

    def values(self, league: int | None = None) -> dict[str, float]:
        """The season figures: of league number `league` (its mean over the seasons), or the
        mean over the seasons and every league (None)."""
        per_league: dict[str, list[float]] = {k: [] for k in (
            "best W%", "worst W%", "batting title", "HR leader", "RBI leader", "SB leader",
            "ERA leader", "wins leader", "K leader", "saves leader", "HP leader",
            "starts leader")}
        per_team: dict[str, list[float]] = {k: [] for k in (
            "qualified hitters", "qualified pitchers", "pinch-hit PA", "pinch runners",
            "pitchers used", "complete games")}
        cg = cg_won = 0
        groups = self.groups if league is None else [self.groups[league]]
        for s in self.seasons:
            for group in groups:
                teams = [t for t in group if s.team_games.get(t)]
                if not teams:
                    continue
                pct = [s.wins.get(t, 0) / max(s.wins.get(t, 0) + s.losses.get(t, 0), 1)
                       for t in teams]
                per_league["best W%"].append(max(pct))
                per_league["worst W%"].append(min(pct))
                bat = [(t, b) for (t, _pid), b in s.bat.items() if t in teams]
                pit = [(t, p) for (t, _pid), p in s.pit.items() if t in teams]
                q_bat = [b for t, b in bat if b[0] >= qualified_pa(s.team_games[t])]
                q_pit = [p for t, p in pit if p[0] >= qualified_outs(s.team_games[t])]
                per_league["batting title"].append(
                    max((b[2] / max(b[1], 1) for b in q_bat), default=0.0))
                per_league["HR leader"].append(max((b[3] for _t, b in bat), default=0))
                per_league["RBI leader"].append(max((b[4] for _t, b in bat), default=0))
                per_league["SB leader"].append(max((b[5] for _t, b in bat), default=0))
                per_league["ERA leader"].append(
                    min((p[1] * 27 / max(p[0], 1) for p in q_pit), default=float("nan")))
                per_league["wins leader"].append(max((p[3] for _t, p in pit), default=0))
                per_league["K leader"].append(max((p[2] for _t, p in pit), default=0))
                per_league["saves leader"].append(max((p[4] for _t, p in pit), default=0))
                per_league["HP leader"].append(max((p[5] for _t, p in pit), default=0))
                per_league["starts leader"].append(max((p[6] for _t, p in pit), default=0))
                for t in teams:
                    g = s.team_games[t]
                    per_team["qualified hitters"].append(sum(
                        1 for (tt, _pid), b in s.bat.items() if tt == t and b[0] >= qualified_pa(g)))
                    per_team["qualified pitchers"].append(sum(
                        1 for (tt, _pid), p in s.pit.items()
                        if tt == t and p[0] >= qualified_outs(g)))
                    per_team["pinch-hit PA"].append(s.pinch_hits.get(t, 0))
                    per_team["pinch runners"].append(s.pinch_runs.get(t, 0))
                    per_team["pitchers used"].append(sum(1 for (tt, _pid) in s.pit if tt == t))
                    per_team["complete games"].append(s.complete.get(t, 0))
                    cg += s.complete.get(t, 0)
                    cg_won += s.complete_won.get(t, 0)
        out = {k: _mean(v) for k, v in {**per_league, **per_team}.items()}
        out["CG won"] = cg_won / cg if cg else 0.0
        return out

    def figures(self) -> list[Figure]:
        """Each league's season figures beside its bands (C.3 judges them league by league)."""
        out: list[Figure] = []
        for k, name in enumerate(self.names):
            out += _figures(season_bands(self.dh[k]), self.values(k),
                            name if len(self.names) > 1 else "")
        return out


def _mean(values: list[float]) -> float:
    """The mean; a league where no pitcher qualified has no ERA leader (NaN fails its band)."""
    good = [v for v in values if v == v]
    if len(good) < len(values) or not values:
        return float("nan")
    return sum(good) / len(good)


# --- playing the seasons --------------------------------------------------------------------------


def season_calendar(league: League, year: int, seed: int) -> tuple[ScheduledGame, ...]:
    """The league's regular season as a stored season draws it: the professional calendar for a
    league of two leagues or with a [schedule] table, else a round robin of 24 games a rival."""
    settings = league.settings or {}
    if league.leagues or "schedule" in settings:
        rules = calendar_rules(settings.get("schedule"))
        return make_calendar([g.teams for g in league.groups], rules, year=year, seed=seed)
    return make_schedule([t.code for t in league.teams], seed=seed, start=date(year, 3, 27))


# progress(season number from 1, games done in it, games in it)
Progress = Callable[[int, int, int], None]


def season_games(league: League, ruleset: Ruleset, seed: int, *, seasons: int | None = None,
                 games: int | None = None, progress: Progress | None = None
                 ) -> Iterator[tuple[int, GameResult]]:
    """Play the league's seasons in order, quiet, as the season runner does; yields (season
    index from 0, result) for `seasons` whole seasons, or for the first `games` games."""
    if seasons is None and games is None:
        raise ValueError("give seasons or games")
    players = players_of(league)
    played = 0
    s = 0
    while (seasons is None or s < seasons) and (games is None or played < games):
        season_seed = seed + s
        calendar = season_calendar(league, FIRST_YEAR + s, season_seed)
        state = SeasonState(league=league, players=players)
        total = len(calendar) if games is None else min(len(calendar), games - played)
        for k, slot in enumerate(calendar[:total]):
            result, rest, starters = play_scheduled(
                state, ruleset, slot.day, slot.away, slot.home,
                game_seed(season_seed, slot.number), quiet=True)
            state.after_game(rest, starters, slot.day, result)
            played += 1
            if progress is not None:
                progress(s + 1, k + 1, total)
            yield s, result
        s += 1


@dataclass(frozen=True)
class Report:
    """What a calibration run measured: the per-game table (over `games` games) and, when whole
    seasons were played, the season-level table (over `seasons` seasons)."""

    league: str
    ruleset: str
    seed: int
    games: int
    seasons: int
    per_game: tuple[Figure, ...]
    season: tuple[Figure, ...] = ()

    @property
    def failed(self) -> list[Figure]:
        return [f for f in (*self.per_game, *self.season) if not f.passed]

    def season_by_league(self) -> list[tuple[str, list[Figure]]]:
        """The season figures, league by league (one untitled group for a league of one)."""
        out: dict[str, list[Figure]] = {}
        for f in self.season:
            out.setdefault(f.league, []).append(f)
        return list(out.items())

    def as_dict(self) -> dict[str, Any]:
        return {"league": self.league, "ruleset": self.ruleset, "seed": self.seed,
                "games": self.games, "seasons": self.seasons,
                "per_game": [f.as_dict() for f in self.per_game],
                "season": [f.as_dict() for f in self.season],
                "failed": [f.where for f in self.failed], "passed": not self.failed}


def calibrate(league: League, ruleset: Ruleset, *, games: int | None = None,
              seasons: int | None = None, seed: int = 1,
              progress: Progress | None = None) -> Report:
    """Measure C.3: `seasons` whole seasons give both tables (the per-game one over all their
    games); else the first `games` games (of as many seasons as they take) give the per-game
    table."""
    if (games is None) == (seasons is None):
        raise ValueError("give games or seasons")
    tally = Tally()
    seasonal = SeasonTally([g.teams for g in league.groups], [g.dh for g in league.groups],
                           [g.code for g in league.groups])
    current = -1
    for s, result in season_games(league, ruleset, seed, seasons=seasons, games=games,
                                  progress=progress):
        if s != current:
            seasonal.start()
            current = s
        tally.add(result)
        seasonal.add(result)
    return Report(league.name, ruleset.name, seed, tally.games, seasons or 0,
                  tuple(tally.figures()), tuple(seasonal.figures()) if seasons else ())
