"""Stored games: the box score (with play-by-play and roll log) and a replay from the rolls."""
from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import Any

from league.engine.boxscore import home_run_men, render, result_dict
from league.engine.dice import ScriptedDice
from league.engine.game import GameResult
from league.engine.lines import BAT_FIELDS
from league.engine.playtext import TYPED, TYPED_BY
from league.engine.ruleset import Ruleset
from league.errors import LeagueError
from league.season.roster import League
from league.season.simulate import players_as_played, players_of, replay_game
from storage import repository as repo
from storage.mappers import played_by
from storage.views import GameSlot
from tui.services.db import Db, Work


@dataclass(frozen=True)
class BoxScore:
    number: int
    day: date
    data: dict
    result: GameResult
    # each home run's number in the batter's season (N号), in result.home_runs' order
    hr_numbers: tuple[int, ...] = ()
    # the teams' names the texts use, and whether they end with the play-by-play
    names: dict[str, str] = dataclasses.field(default_factory=dict)
    plays: bool = True

    # Both texts are rendered when first read, once: the app draws its own box score in the
    # chosen language from `result` and reads neither, `impact boxscore` reads numbered_text.
    @cached_property
    def text(self) -> str:
        """The engine's box score of the game (render), the same as its replay's."""
        return render(self.result, self.names, plays=self.plays)

    @cached_property
    def numbered_text(self) -> str:
        """`text` with each home run's N号 (中野 修 4号（ソロ）…), as `impact boxscore` prints
        it."""
        return render(self.result, self.names, plays=self.plays, hr_numbers=self.hr_numbers)


def boxscore(db: Db, number: int, league: str | None = None,
             season: int | None = None, *, plays: bool = True) -> BoxScore:
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        ruleset = repo.league_ruleset_of(session=s, league_id=row.id)
        lg, result, data, seed = stored_game(s, row.id, info.id, slot, lg)
        numbers = home_run_numbers(s, info.id, slot, result)
        # a postseason game: its series and its number in it (日本シリーズ, game 8)
        place = (repo.series_games(session=s, season_id=info.id).get(slot.number)
                 if slot.kind == "postseason" else None)
        series = place._asdict() if place is not None else None
    if "raws" in data:
        result = with_log(lg, ruleset, result, data)
    typed_by = data.get("typed_by")
    engine = data.get("engine")     # the engine version that played it (None: stored before)
    if typed_by is not None:        # the record says whose dice these were (issue 28)
        result = dataclasses.replace(result, notes=[
            *result.notes, TYPED_BY.format(who=typed_by) if typed_by else TYPED])
    names = {t.code: t.short or t.name for t in lg.teams}
    data = result_dict(result, seed)
    data.update({"number": slot.number, "day": slot.day.isoformat(), "season": info.number,
                 "typed_by": typed_by, "engine": engine, "series": series})
    # each home run's N号 and the men on base (None: a game stored before its plays' record)
    for hr, number, men in zip(data.get("home_runs", ()), numbers, home_run_men(result)):
        hr.update({"season_number": number, "men_on": men})
    return BoxScore(slot.number, slot.day, data, result, numbers, names, plays)


def home_run_numbers(s: Any, season_id: int, slot: GameSlot, result: GameResult
                     ) -> tuple[int, ...]:
    """Each home run of the game numbered in its batter's season as the papers number it (12号):
    his home runs in the games of its kind (the regular season, or the postseason) played
    before it, in the order of day and game number, then his in this game so far."""
    men = {b for _s, b, _i, _p in result.home_runs}
    book = HomeRunBook([line for pid in men for line in repo.batting_lines(
        session=s, season_ids=[season_id], player=pid, kind=slot.kind)])
    return book.numbers(slot, result)


class HomeRunBook:
    """Each batter's home runs in a season's games of one kind (regular season or postseason),
    in the order of day and game number, from their stored batting lines: the numbers the papers
    give each home run of a game (N号) — his home runs in the games before it, then his in the
    game so far (home_run_numbers for one game, the web site for a season's games)."""

    def __init__(self, lines: Iterable[repo.StoredLine]) -> None:
        hr = BAT_FIELDS.index("hr")
        self._games: dict[str, list[tuple[date, int]]] = {}
        self._totals: dict[str, list[int]] = {}
        for line in sorted((x for x in lines if x.line[hr]), key=lambda x: (x.day, x.number)):
            totals = self._totals.setdefault(line.player, [0])
            self._games.setdefault(line.player, []).append((line.day, line.number))
            totals.append(totals[-1] + line.line[hr])

    def before(self, player: str, day: date, number: int) -> int:
        """His home runs in the games before game `number` of `day`."""
        games = self._games.get(player)
        if not games:
            return 0
        return self._totals[player][bisect_left(games, (day, number))]

    def numbers(self, slot: GameSlot, result: GameResult) -> tuple[int, ...]:
        """The game's home runs (result.home_runs, in order), each numbered in its batter's
        season."""
        counts: dict[str, int] = {}
        out = []
        for _side, b, _inning, _pitcher in result.home_runs:
            if b not in counts:
                counts[b] = self.before(b, slot.day, slot.number)
            counts[b] += 1
            out.append(counts[b])
        return tuple(out)


def replay(db: Db, number: int, league: str | None = None,
           season: int | None = None) -> tuple[GameResult, GameResult]:
    """A stored game and the same game played again from its line-ups, fatigue and raw rolls
    (a compactly stored game gets its play-by-play and roll log from that replay when it agrees
    with the stored lines)."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        ruleset = repo.league_ruleset_of(session=s, league_id=row.id)
        lg, stored, data, _seed = stored_game(s, row.id, info.id, slot, lg)
    again = played_again(lg, ruleset, stored, data,
                         data["raws"] if "raws" in data else raw_rolls(stored))
    if "raws" in data:
        # the stored lines, with the play-by-play and roll log the replay made
        if same_lines(stored, again):
            stored = dataclasses.replace(stored, recording=again.recording, raws=again.raws)
    return stored, again


def stored_game(s: Any, league_id: int, season_id: int, slot: GameSlot, league: League,
                players: dict | None = None) -> tuple[League, GameResult, dict, int | None]:
    """A stored game read (repo.game_result) with the league to show and replay it by: the
    season's `league` (its players `players`, when the caller has them), or, when a man of its
    line-ups has been released since, that league with him back (repo.game_league)."""
    result, data, seed = repo.game_result(
        session=s, slot=slot, players=players_of(league) if players is None else players)
    played = repo.game_league(session=s, league_id=league_id, season_id=season_id,
                              lineups=result.lineups, league=league)
    if played is not league:
        result = dataclasses.replace(result, players=players_of(played))
    return played, result, data, seed


def played_again(league: League, ruleset: Ruleset, stored: GameResult, data: dict,
                 raws: list[int]) -> GameResult:
    """A stored game played again from its line-ups, fatigue, injuries and raw rolls, by the
    managers of the engine version that played it: the one home of a stored game's replay.
    Its men play for the clubs its line-ups name, the clubs of its day (issue 32: a trade or a
    move since changes none of them; a later trade never rewrites history)."""
    away, home = stored.lineups
    return replay_game(league, ruleset, away, home, ScriptedDice(raws),
                       players_as_played(league, stored.lineups),
                       fatigue=dict(data.get("fatigue", {})), hurt=dict(data.get("hurt", {})),
                       version=played_by(data))


def raw_rolls(result: GameResult) -> list[int]:
    """The dice rolled in a game, in order, from its roll log (every entry is a real roll)."""
    return [r.raw for r in result.rolls]


def with_log(league: League, ruleset: Ruleset, stored: GameResult, data: dict) -> GameResult:
    """A compactly stored game with its play-by-play and roll log, made by replaying its raw
    rolls. The replay is checked against the stored lines; should the rules have changed since
    the game was played, the box score keeps its stored lines and says the play-by-play is gone."""
    try:
        again = played_again(league, ruleset, stored, data, data["raws"])
    except LeagueError as exc:
        return dataclasses.replace(stored, notes=[*stored.notes, f"no play-by-play: {exc}"])
    if same_lines(stored, again):
        return dataclasses.replace(stored, recording=again.recording, raws=again.raws)
    return dataclasses.replace(stored, notes=[*stored.notes, "no play-by-play: the rules have "
                                              "changed since this game was played"])


def same_lines(a: GameResult, b: GameResult) -> bool:
    """Do two results of a game agree on its line score, every line and the decisions?"""
    return (a.innings == b.innings and list(a.runs) == list(b.runs)
            and [(s, p, list(ln), pos) for s, p, ln, pos in a.batting]
            == [(s, p, list(ln), pos) for s, p, ln, pos in b.batting]
            and [(s, p, list(ln)) for s, p, ln in a.pitching]
            == [(s, p, list(ln)) for s, p, ln in b.pitching]
            and [(s, p, list(ln)) for s, p, ln in a.fielding]
            == [(s, p, list(ln)) for s, p, ln in b.fielding]
            and dict(a.decisions) == dict(b.decisions))


__all__ = ["BoxScore", "boxscore", "played_by", "replay", "raw_rolls", "same_lines", "with_log"]
