"""The views the first screen shows (the standings, the league's names) and how they are made from
what storage reads, in a module without the database layer: the services and the app's first
read with plain sqlite3 (tui.opening) make them the same way."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from league.season.standings import Outcome, StandingRow
from league.season.standings import standings as league_standings
from storage.views import OddsPoint


@dataclass(frozen=True)
class LeagueTable:
    """The standings of one league (リーグ), its interleague games included."""

    code: str
    name: str
    name_en: str
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True)
class StandingsView:
    league: str
    title: str
    season: int
    rows: tuple[StandingRow, ...]        # every team of the league by record
    names: dict[str, str]
    games: int
    final: int
    tables: tuple[LeagueTable, ...] = ()  # per league (リーグ); one table in a league of one
    interleague: tuple[StandingRow, ...] = ()   # 交流戦順位: interleague games only
    year: int = 0
    phase: str = "regular"
    next_day: date | None = None          # the next day with regular-season games left
    interleague_next: bool = False        # the next day's games are interleague (交流戦)
    interleague_played: int = 0           # interleague games played (0: 交流戦 not begun)
    interleague_from: date | None = None  # the day of the first interleague game scheduled

    @property
    def interleague_begun(self) -> bool:
        """Whether an interleague game has been played: until then the 交流戦 table (every team
        0-0) is not shown, only the day it begins, as NPB's sites do."""
        return self.interleague_played > 0

    @property
    def phase_key(self) -> str:
        """regular, interleague (交流戦 under way), postseason or closed."""
        if self.phase == "regular" and self.interleague_next:
            return "interleague"
        return self.phase


@dataclass(frozen=True)
class NameBook:
    """Every team's (short, full, English full) name by code and every player's (name, English
    name) by id. English mode shows the team code where a short name is wanted (the league
    gives no short English name) and the league's own names where it gives no English ones."""

    teams: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    players: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the leagues (リーグ) of a league of two: code → (name, English name)
    leagues: dict[str, tuple[str, str]] = field(default_factory=dict)
    # the whole league's (organisation's) name and its English name (league.toml's name_en)
    title: tuple[str, str] = ("", "")

    def league_title(self, japanese: bool, name: str, stored: str = "") -> str:
        """The league's title in the chosen language: `name` (league.toml's) in Japanese; in
        English its name_en, else `stored` (the name the league is stored by, Latin letters
        as typed), so the English app never shows the Japanese title."""
        if japanese:
            return name
        return self.title[1] or stored or name

    def team(self, code: str, japanese: bool, *, full: bool = False) -> str:
        """A team's name: short (the code in English) or full (`name_en` in English)."""
        names = self.teams.get(code)
        if names is None:
            return code
        short, name, name_en = names
        if japanese:
            return (name or short) if full else (short or name)
        return (name_en or name or code) if full else code

    def player(self, pid: str, japanese: bool, default: str | None = None) -> str:
        """A player's name (his `name_en` in English, when the league gives one)."""
        names = self.players.get(pid)
        if names is None:
            return default if default is not None else pid
        name, name_en = names
        return name if japanese or not name_en else name_en

    def english(self, text: str) -> str:
        """`text` with every player's and team's name the league gives in Latin letters
        replaced by it (play-by-play lines, notes made in the league's language)."""
        pattern = self._pattern()
        if pattern is None:
            return text
        table = self._table()
        return pattern.sub(lambda m: table[m.group(0)], text)

    def _table(self) -> dict[str, str]:
        cached = self.__dict__.get("_table_cache")
        if cached is None:
            cached = {name: en for name, en in self.players.values() if en and name != en}
            cached.update({name: en for _s, name, en in self.teams.values() if en and name})
            cached.update({name: en for name, en in self.leagues.values() if en and name})
            object.__setattr__(self, "_table_cache", cached)
        return cached

    def _pattern(self) -> re.Pattern[str] | None:
        if "_pattern_cache" not in self.__dict__:
            names = sorted(self._table(), key=len, reverse=True)
            # a name is never part of a longer word (原 悠斗 inside 石原 悠斗)
            pattern = (re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, names)) + r")(?![\w])")
                       if names else None)
            object.__setattr__(self, "_pattern_cache", pattern)
        return self.__dict__["_pattern_cache"]


SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float], width: int) -> str:
    """Chances 0..1 as a line of block characters, the last `width` points."""
    out = []
    for v in values[-width:]:
        v = min(max(v, 0.0), 1.0)
        out.append(SPARKS[min(len(SPARKS) - 1, int(v * len(SPARKS)))] if v > 0 else "·")
    return "".join(out)


def history_lines(history: list[OddsPoint], teams: list[str]
                  ) -> dict[str, list[tuple[int, float]]]:
    """Per team, its pennant chance at each stored point: [(games played, chance), …]."""
    out: dict[str, list[tuple[int, float]]] = {t: [] for t in teams}
    for p in history:
        out.setdefault(p.team, []).append((p.played, p.pennant))
    return out


def _outcomes(finals: list) -> list[Outcome]:
    return [Outcome(g.number, g.day, g.away, g.home, g.away_runs or 0, g.home_runs or 0)
            for g in finals]


def league_tables(lg: Any, finals: list, *, games_behind_from: str = "leader"
                  ) -> tuple[dict[str, tuple[StandingRow, ...]], tuple[StandingRow, ...]]:
    """Each league's (リーグ) standings, its interleague games counted, and every team's."""
    outcomes = _outcomes(finals)
    tables = {g.code: league_standings(outcomes, list(g.teams), others=True,
                                       games_behind_from=games_behind_from)
              for g in lg.groups}
    overall = league_standings(outcomes, [t.code for t in lg.teams],
                               games_behind_from=games_behind_from)
    return tables, overall


def standings_view(league_name: str, lg: Any, info: Any, games: list,
                   games_behind_from: str = "leader") -> StandingsView:
    """The standings of the season `info` of the league `lg` (its structure) from its regular
    season's games in day order (services.standings; tui.opening's first read)."""
    finals = [g for g in games if g.status == "final"]
    pending = [g for g in games if g.status != "final"]
    tables, overall = league_tables(lg, finals, games_behind_from=games_behind_from)
    inter: tuple[StandingRow, ...] = ()
    inter_played = 0
    inter_from = None
    if len(lg.groups) == 2:
        inter_games = [o for o in _outcomes(finals) if lg.interleague(o.away, o.home)]
        inter = league_standings(inter_games, [t.code for t in lg.teams],
                                 games_behind_from=games_behind_from)
        inter_played = len(inter_games)
        inter_from = next((g.day for g in games if lg.interleague(g.away, g.home)), None)
    next_day = pending[0].day if pending else None
    inter_next = bool(pending) and any(lg.interleague(g.away, g.home) for g in pending
                                       if g.day == next_day)
    return StandingsView(league_name, lg.name, info.number, overall,
                         {t.code: t.short or t.name for t in lg.teams}, info.games, info.final,
                         tuple(LeagueTable(g.code, g.name, g.name_en, tables[g.code])
                               for g in lg.groups), inter, info.year, info.phase, next_day,
                         inter_next, inter_played, inter_from)


def names_of(players: dict[str, tuple[str, str]], texts: Any) -> NameBook:
    """The name book of a league's stored players (id → (name, "")) and its texts (LeagueTexts)
    (services.name_book; tui.opening's first read)."""
    # names only: the teams from league.toml and two columns of the cards' CSV, no card parsed
    # (parsing every card of a league with farms took a fifth of a second at every start)
    from storage.mappers import csv_rows
    structure = texts.structure()
    teams = {t.code: (t.short, t.name, t.name_en) for t in structure.teams}
    leagues = {lg.code: (lg.name, lg.name_en) for lg in structure.leagues}
    for text in (texts.batters, texts.pitchers):
        for r in csv_rows(text):
            if r.get("id"):
                players[r["id"]] = (r.get("name", ""), r.get("name_en", ""))
    return NameBook(teams, players, leagues, (structure.name, structure.name_en))
