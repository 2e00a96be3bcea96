"""The service layer between the interfaces (CLI, Textual screens) and storage + league logic.

Textual-free and Typer-free. Each function opens its own short sessions (one per unit of work),
and returns league objects or plain dataclasses, never ORM rows. `db` is a path, an SQLAlchemy
URL or None (``IMPACT_DB``, else the SQLite file in the user data folder).
"""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from league.boxscore import render, result_dict
from league.dice import ScriptedDice, SeededDice
from league.errors import LeagueError
from league.game import GameResult
from league.lineup import Lineup
from league.manager import make_lineup, pitching_value
from league.rest import PitcherRest, choose_starter, fatigue_points, next_rest
from league.roster import League
from league.ruleset import Ruleset
from league.schedule import make_schedule, schedule_from_csv, schedule_to_csv
from league.simulate import players_of, replay_game
from league.standings import Outcome, StandingRow
from league.standings import standings as league_standings
from league.stats import (
    BattingStats,
    FieldingStats,
    LeaderRow,
    PitchingStats,
    add_batting,
    add_fielding,
    add_pitching,
    leaders as league_leaders,
    stat_label,
)
from storage import repository as repo
from storage import roster_edit
from storage.db import StorageError, make_engine, resolve_url, session
from storage.mappers import LeagueTexts
from storage.plainfiles import sample_league_names, sample_league_path
from storage.rulesets import load_ruleset

SEED_STRIDE = 100_000

_engines: dict[str, Engine] = {}


class ServiceError(LeagueError):
    """Anything a command cannot do, told in one line."""


def engine_for(db: str | Path | None) -> Engine:
    """The engine of a league database (made and migrated on first use, then reused)."""
    url = resolve_url(db)
    engine = _engines.get(url)
    if engine is None:
        engine = _engines[url] = make_engine(url)
    return engine


def close_all() -> None:
    for engine in _engines.values():
        engine.dispose()
    _engines.clear()


def db_error(exc: SQLAlchemyError) -> ServiceError:
    """A database failure as one line (a locked SQLite file, a server gone away…)."""
    orig = getattr(exc, "orig", None)
    text = str(orig or exc).strip().splitlines()[0] if str(orig or exc).strip() else type(exc).__name__
    if isinstance(exc, OperationalError) and "locked" in text:
        return ServiceError(f"the league database is busy (locked by another program): {text}")
    return ServiceError(f"database error: {text}")


# --- leagues -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """Where a league comes from: plain-file texts, or a JSON document."""

    texts: LeagueTexts
    options: Mapping[str, Any]
    league: League
    seasons: Sequence[Any] = ()
    where: str = ""


def read_source(ref: str | Path) -> Source:
    """A league folder, its league.toml, a league JSON document, or a sample league's name."""
    text_ref = str(ref)
    path = Path(text_ref)
    if not path.exists() and "/" not in text_ref and text_ref in sample_league_names():
        path = sample_league_path(text_ref)
    elif not path.exists():
        known = ", ".join(sample_league_names())
        raise ServiceError(f"{ref}: no such league folder or file (sample leagues: {known})")
    if path.is_file() and path.suffix.lower() == ".json":
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise ServiceError(f"{path}: cannot be read: {exc}") from None
        texts, league, options, seasons = repo.parse_document(text, str(path))
        return Source(texts, options, league, seasons, str(path))
    texts = repo.read_plain_folder(path)
    return Source(texts, {}, texts.parse())


def create_league(db: str | Path | None, name: str, source: str | Path) -> repo.LeagueSummary:
    """Store a new league read (and checked whole) from a folder, a JSON file or a sample name."""
    src = read_source(source)
    engine = engine_for(db)
    with session(engine) as s:
        league_id = repo.create_league(session=s, name=name, texts=src.texts,
                                       options=src.options)
        for k, season in enumerate(src.seasons):
            repo.import_season(session=s, league_id=league_id, doc=season,
                               where=f"{src.where}: seasons[{k}]", league_texts_=src.texts)
        s.commit()
        return next(x for x in repo.list_leagues(session=s) if x.id == league_id)


create_league_from_sample = create_league
import_league = create_league


def list_leagues(db: str | Path | None) -> list[repo.LeagueSummary]:
    with session(engine_for(db)) as s:
        return repo.list_leagues(session=s)


def open_league(db: str | Path | None, name: str | None = None) -> League:
    """The league (its own cards) as a league object."""
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=name)
        assert row.id is not None
        return repo.load_league(session=s, league_id=row.id)


def export_league(db: str | Path | None, name: str | None, out: Path | None,
                  fmt: str = "plain") -> str | None:
    """Write the league as a folder (league.toml, batters.csv, pitchers.csv) or one JSON file.

    With `out` None, the JSON document is returned instead of written.
    """
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=name)
        assert row.id is not None
        if fmt == "json":
            text = json.dumps(repo.league_document(session=s, league_id=row.id),
                              ensure_ascii=False, indent=1) + "\n"
            if out is None:
                return text
            _write(out, text)
            return None
        texts = repo.stored_texts(session=s, league_id=row.id)
    if out is None:
        raise ServiceError("give a folder to export the plain files into")
    if out.exists() and not out.is_dir():
        raise ServiceError(f"{out}: exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    _write(out / "league.toml", texts.toml)
    _write(out / "batters.csv", texts.batters)
    _write(out / "pitchers.csv", texts.pitchers)
    return None


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be written: {exc.strerror or exc}") from None


# --- seasons -------------------------------------------------------------------------------------


def new_season(db: str | Path | None, league: str | None = None, *, games_per_opponent: int = 24,
               series_length: int = 3, seed: int = 0, start: date | None = None,
               off_days: Sequence[int] = (0,), schedule_csv: Path | None = None
               ) -> repo.SeasonInfo:
    """Make and store the next season of a league: its calendar (generated, or read from a
    schedule CSV, refused whole with file, line, column on a problem) and a copy of the cards."""
    engine = engine_for(db)
    with session(engine) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        lg = repo.load_league(session=s, league_id=row.id)
        codes = [t.code for t in lg.teams]
        if schedule_csv is not None:
            try:
                text = Path(schedule_csv).read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError) as exc:
                raise ServiceError(f"{schedule_csv}: cannot be read: {exc}") from None
            games = schedule_from_csv(text, where=str(schedule_csv), teams=codes)
        else:
            kwargs: dict[str, Any] = {"games_per_opponent": games_per_opponent,
                                      "series_length": series_length,
                                      "off_days": tuple(off_days), "seed": seed}
            if start is not None:
                kwargs["start"] = start
            games = make_schedule(codes, **kwargs)
        if not games:
            raise ServiceError("the schedule has no games")
        info = repo.create_season(session=s, league_id=row.id, games=games, seed=seed,
                                  games_per_opponent=games_per_opponent,
                                  series_length=series_length,
                                  start=games[0].day if games else (start or date.today()))
        s.commit()
        return info


@dataclass
class SeasonContext:
    """What simulating a season needs, read once: the season's league, ruleset and state."""

    league_id: int
    league_name: str
    season: repo.SeasonInfo
    league: League
    ruleset: Ruleset
    players: dict
    rest: dict[str, PitcherRest] = field(default_factory=dict)
    last: dict[str, str | None] = field(default_factory=dict)
    prefs: dict[str, dict[str, list]] = field(default_factory=dict)   # saved in the Teams area

    def reserves(self) -> frozenset[str]:
        return frozenset(pid for p in self.prefs.values() for pid in p.get("reserves", []))

    def rotation(self, team: str) -> list[str]:
        """The team's saved rotation (its players still active), else the computer's."""
        saved = [pid for pid in self.prefs.get(team, {}).get("rotation", [])
                 if pid not in self.reserves()]
        return saved or [pid for pid in rotation(self.league, team) if pid not in self.reserves()]


def _ruleset(name: str, options: Mapping[str, Any]) -> Ruleset:
    rs = load_ruleset(name)
    if options:
        rs = dataclasses.replace(rs, options={**rs.options, **options})
    return rs


def _context(s: Any, league: str | None, season: int | None) -> SeasonContext:
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    info = repo.find_season(session=s, league_id=row.id, number=season)
    lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
    rs_name, options = repo.ruleset_of(session=s, league_id=row.id)
    rest, last = repo.rest_state(session=s, season_id=info.id)
    prefs = roster_edit.preferences(session=s, season_id=info.id)
    return SeasonContext(row.id, row.name, info, lg, _ruleset(rs_name, options), players_of(lg),
                         {p: PitcherRest(r.available_on, r.fatigue) for p, r in rest.items()},
                         dict(last), prefs)


def rotation(league: League, team: str) -> list[str]:
    """A team's starters in rotation order (the computer manager's order: best first)."""
    starters = [p for p in league.team(team).players if p.pitching and p.pitching.starter > 0]
    starters.sort(key=lambda p: (-pitching_value(p), p.id))
    return [p.id for p in starters]


def game_seed(season_seed: int, number: int) -> int:
    return season_seed * SEED_STRIDE + number


@dataclass(frozen=True)
class SlotSetup:
    """How a scheduled game starts: each team's rested starter, the pitchers' carried fatigue,
    and the relievers still resting (they sit out)."""

    starters: dict[str, str]
    fatigue: dict[str, int]
    unavailable: frozenset[str]


def slot_setup(ctx: SeasonContext, slot: repo.GameSlot) -> SlotSetup:
    day = slot.day
    starters = {t: choose_starter(ctx.rotation(t), ctx.rest, day, ctx.last.get(t))
                for t in (slot.away, slot.home)}
    team_pitchers = [p for t in (slot.away, slot.home) for p in ctx.league.team(t).pitchers]
    fatigue = {p.id: n for p in team_pitchers
               if (n := fatigue_points(ctx.rest.get(p.id), day)) > 0}
    # relievers still resting sit out; the starters were chosen knowing their rest
    unavailable = frozenset(p.id for p in team_pitchers
                            if p.id in fatigue and p.id not in starters.values()) | ctx.reserves()
    return SlotSetup(starters, fatigue, unavailable)


def team_lineup(ctx: SeasonContext, team: str, setup: SlotSetup) -> Lineup:
    """A team's line-up for a scheduled game: its saved batting order when every player in it
    can play today, else the computer manager's; players sitting out are left off."""
    starter = setup.starters[team]
    roster = [p for p in ctx.league.team(team).players
              if p.id not in setup.unavailable or p.id == starter]
    computer = _with_bullpen(ctx, team, make_lineup(team, roster, ctx.league.dh, starter=starter))
    order = ctx.prefs.get(team, {}).get("order")
    if not order:
        return computer
    ids = [starter if pos == "P" else pid for pid, pos in order]
    positions = [pos for _pid, pos in order]
    here = {p.id for p in roster}
    if any(pid not in here for pid in ids):
        return computer
    taken = set(ids) | {starter}
    bench = tuple(pid for pid in computer.order + computer.bench
                  if pid not in taken and ctx.players[pid].pitching is None)
    lineup = Lineup(team, tuple(ids), tuple(positions), starter, bench[:max(len(computer.bench), 0)],
                    computer.bullpen, computer.bullpen_ranked)
    try:
        lineup.validate(ctx.players, ctx.league.dh)
    except LeagueError:
        return computer
    return lineup


def _with_bullpen(ctx: SeasonContext, team: str, lineup: Lineup) -> Lineup:
    """The saved bullpen order (first = the closer) for the relievers dressed today."""
    saved = [p for p in ctx.prefs.get(team, {}).get("bullpen", []) if p in lineup.bullpen]
    if not saved:
        return lineup
    others = [p for p in lineup.bullpen if p not in saved]
    return dataclasses.replace(lineup, bullpen=tuple(saved + others), bullpen_ranked=True)


def rest_after(players: Mapping[str, Any], result: GameResult, day: date,
               fatigue: Mapping[str, int]) -> dict[str, PitcherRest]:
    """Each pitcher's rest after a game (the rest-day option rule, fatigue carried in)."""
    first: dict[int, str] = {}
    rest: dict[str, PitcherRest] = {}
    for side, pid, line in result.pitching:
        started = first.setdefault(side, pid) == pid
        rest[pid] = next_rest(players[pid].pitching, line[0], started, day,
                              fatigue=fatigue.get(pid, 0))
    return rest


def play_slot(ctx: SeasonContext, slot: repo.GameSlot
              ) -> tuple[GameResult, dict[str, PitcherRest], dict[str, str]]:
    """Play one scheduled game: rested starters, carried fatigue, seeded dice; the new rest."""
    setup = slot_setup(ctx, slot)
    result = replay_game(ctx.league, ctx.ruleset, team_lineup(ctx, slot.away, setup),
                         team_lineup(ctx, slot.home, setup),
                         SeededDice(game_seed(ctx.season.seed, slot.number)), ctx.players,
                         fatigue=setup.fatigue)
    return result, rest_after(ctx.players, result, slot.day, setup.fatigue), setup.starters


@dataclass(frozen=True)
class SimReport:
    games: int
    days: int
    remaining: int
    last_day: date | None
    stopped: bool = False


Progress = Callable[[int, int, "repo.GameSlot"], None]


def sim_days(db: str | Path | None, league: str | None = None, season: int | None = None, *,
             days: int | None = None, to_end: bool = False, progress: Progress | None = None,
             cancel: Callable[[], bool] | None = None) -> SimReport:
    """Play the next `days` days with games left (or every day with `to_end`), each game stored
    in its own transaction; running again carries on from the first game not yet final.

    `progress(done, total, slot)` is called after each stored game; `cancel()` is asked before
    each game and stops cleanly between games. A Ctrl-C or a killed process leaves every game
    stored so far and never half a game.
    """
    if days is None and not to_end:
        days = 1
    if days is not None and days < 1:
        raise ServiceError("--days must be at least 1")
    engine = engine_for(db)
    with session(engine) as s:
        ctx = _context(s, league, season)
        pending = repo.schedule(session=s, season_id=ctx.season.id, pending_only=True)
    day_list = sorted({g.day for g in pending})
    if days is not None:
        day_list = day_list[:days]
    chosen = set(day_list)
    todo = [g for g in pending if g.day in chosen]
    done = 0
    stopped = False
    for slot in todo:
        if cancel is not None and cancel():
            stopped = True
            break
        result, rest, starters = play_slot(ctx, slot)
        with session(engine) as s:
            repo.record_game(session=s, season_id=ctx.season.id, slot=slot, result=result,
                             seed=game_seed(ctx.season.seed, slot.number),
                             rest={p: repo.StoredRest(r.available_on, r.fatigue)
                                   for p, r in rest.items()},
                             starters=starters)
            s.commit()
        ctx.rest.update(rest)
        ctx.last.update(starters)
        done += 1
        if progress is not None:
            progress(done, len(todo), slot)
    played_days = len({g.day for g in todo[:done]})
    return SimReport(done, played_days, len(pending) - done,
                     todo[done - 1].day if done else None, stopped)


def schedule_csv(db: str | Path | None, league: str | None = None,
                 season: int | None = None) -> str:
    """The season's calendar as CSV (the form `season new --schedule` reads)."""
    from league.schedule import ScheduledGame
    games = [ScheduledGame(g.number, g.day, g.away, g.home, g.series)
             for _, day_games in schedule_days(db, league, season) for g in day_games]
    return schedule_to_csv(sorted(games, key=lambda g: g.number))


def season_info(db: str | Path | None, league: str | None = None,
                season: int | None = None) -> repo.SeasonInfo:
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        return repo.find_season(session=s, league_id=row.id, number=season)


def schedule_days(db: str | Path | None, league: str | None = None,
                  season: int | None = None) -> list[tuple[date, list[repo.GameSlot]]]:
    """The season's calendar: each playing day with its games (and results when final)."""
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        games = repo.schedule(session=s, season_id=info.id)
    out: dict[date, list[repo.GameSlot]] = {}
    for g in games:
        out.setdefault(g.day, []).append(g)
    return list(out.items())


# --- reading a season ---------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsView:
    league: str
    title: str
    season: int
    rows: tuple[StandingRow, ...]
    names: dict[str, str]
    games: int
    final: int


def standings(db: str | Path | None, league: str | None = None, season: int | None = None, *,
              games_behind_from: str = "leader") -> StandingsView:
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        finals = repo.final_games(session=s, season_id=info.id)
    outcomes = [Outcome(g.number, g.day, g.away, g.home, g.away_runs or 0, g.home_runs or 0)
                for g in finals]
    rows = league_standings(outcomes, [t.code for t in lg.teams],
                            games_behind_from=games_behind_from)
    return StandingsView(row.name, lg.name, info.number, rows,
                         {t.code: t.short or t.name for t in lg.teams}, info.games, info.final)


def team_games(db: str | Path | None, league: str | None, season: int | None) -> dict[str, int]:
    view = standings(db, league, season)
    return {r.team: r.games for r in view.rows}


@dataclass(frozen=True)
class LeadersView:
    kind: str
    stat: str
    rows: list[LeaderRow]
    names: dict[str, str]
    season: int


def _season_stats(s: Any, season_id: int, kind: str, team: str | None = None,
                  player: str | None = None) -> dict[tuple[str, str], Any]:
    """Stats per (player, team) of one kind over the season's stored lines."""
    grouped: dict[tuple[str, str], list] = {}
    if kind == "batting":
        for ln in repo.batting_lines(session=s, season_ids=[season_id], team=team, player=player):
            grouped.setdefault((ln.player, ln.team), []).append(ln.line)
        return {k: add_batting(v) for k, v in grouped.items()}
    if kind == "pitching":
        for ln in repo.pitching_lines(session=s, season_ids=[season_id], team=team, player=player):
            grouped.setdefault((ln.player, ln.team), []).append(
                (ln.line, ln.decision, ln.started, ln.finished))
        return {k: add_pitching(v) for k, v in grouped.items()}
    if kind == "fielding":
        for ln in repo.fielding_lines(session=s, season_ids=[season_id], team=team, player=player):
            grouped.setdefault((ln.player, ln.team), []).append(ln.line)
        return {k: add_fielding(v) for k, v in grouped.items()}
    raise ServiceError(f"unknown kind of stats {kind!r}; use batting, pitching or fielding")


DEFAULT_STAT = {"batting": "avg", "pitching": "era", "fielding": "fielding_pct"}


def leaders(db: str | Path | None, league: str | None = None, season: int | None = None, *,
            kind: str = "batting", stat: str | None = None, team: str | None = None,
            limit: int = 10) -> LeadersView:
    """A leader board; rate stats only list players who meet their team's qualifier."""
    view = standings(db, league, season)
    games = {r.team: r.games for r in view.rows}
    if team is not None and team not in games:
        raise ServiceError(f"no team {team!r} in this league (teams: {', '.join(games)})")
    stat = stat or DEFAULT_STAT.get(kind, "avg")
    if kind not in DEFAULT_STAT:
        raise ServiceError(f"unknown kind of stats {kind!r}; use batting, pitching or fielding")
    stat_label(kind, stat)  # an unknown stat is refused even before any game is played
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        stats = _season_stats(s, info.id, kind, team=team)
        names = _names(s, row.id)
    board = league_leaders([(p, t, st) for (p, t), st in stats.items()], stat, team_games=games,
                           limit=limit)
    return LeadersView(kind, stat, board, names, view.season)


def _names(s: Any, league_id: int) -> dict[str, str]:
    lg = repo.load_league(session=s, league_id=league_id)
    return {p.id: p.name for t in lg.teams for p in t.players}


@dataclass(frozen=True)
class BoxScore:
    number: int
    day: date
    text: str
    data: dict
    result: GameResult


def boxscore(db: str | Path | None, number: int, league: str | None = None,
             season: int | None = None, *, plays: bool = True) -> BoxScore:
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        result, _data, seed = repo.game_result(session=s, slot=slot, players=players_of(lg))
    names = {t.code: t.short or t.name for t in lg.teams}
    data = result_dict(result, seed)
    data.update({"number": slot.number, "day": slot.day.isoformat(), "season": info.number})
    return BoxScore(slot.number, slot.day, render(result, names, plays=plays), data, result)


def replay(db: str | Path | None, number: int, league: str | None = None,
           season: int | None = None) -> tuple[GameResult, GameResult]:
    """A stored game and the same game played again from its line-ups, fatigue and raw rolls."""
    from league.simulate import replay_game

    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        rs_name, options = repo.ruleset_of(session=s, league_id=row.id)
        stored, data, _seed = repo.game_result(session=s, slot=slot, players=players_of(lg))
    away, home = stored.lineups
    again = replay_game(lg, _ruleset(rs_name, options), away, home,
                        ScriptedDice(raw_rolls(stored)), players_of(lg),
                        fatigue=dict(data.get("fatigue", {})))
    return stored, again


def raw_rolls(result: GameResult) -> list[int]:
    """The dice rolled in a game, in order, from its roll log (every entry is a real roll)."""
    return [r.raw for r in result.rolls]


@dataclass(frozen=True)
class PlayerView:
    id: str
    name: str
    team: str
    season: int
    batting: BattingStats | None
    pitching: PitchingStats | None
    fielding: FieldingStats | None
    career_batting: BattingStats | None
    career_pitching: PitchingStats | None
    career_fielding: FieldingStats | None
    game_log: list[dict]


def player(db: str | Path | None, ref: str, league: str | None = None,
           season: int | None = None) -> PlayerView:
    """A player's season and career stats and his game log (this season)."""
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        pid, name = repo.player_row(session=s, league_id=row.id, ref=ref)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        all_seasons = repo.season_ids(session=s, league_id=row.id)
        bat = repo.batting_lines(session=s, season_ids=[info.id], player=pid)
        pit = repo.pitching_lines(session=s, season_ids=[info.id], player=pid)
        fld = repo.fielding_lines(session=s, season_ids=[info.id], player=pid)
        cbat = repo.batting_lines(session=s, season_ids=all_seasons, player=pid)
        cpit = repo.pitching_lines(session=s, season_ids=all_seasons, player=pid)
        cfld = repo.fielding_lines(session=s, season_ids=all_seasons, player=pid)

    def b(lines: list) -> BattingStats | None:
        return add_batting(ln.line for ln in lines) if lines else None

    def p(lines: list) -> PitchingStats | None:
        return add_pitching((ln.line, ln.decision, ln.started, ln.finished)
                            for ln in lines) if lines else None

    def f(lines: list) -> FieldingStats | None:
        return add_fielding(ln.line for ln in lines) if lines else None

    from league.game import BAT_FIELDS, PIT_FIELDS
    log: dict[int, dict] = {}
    for ln in bat:
        e = log.setdefault(ln.number, {"game": ln.number, "day": ln.day.isoformat(),
                                       "team": ln.team, "opponent": ln.opponent})
        e["batting"] = {"pos": ln.pos, **dict(zip(BAT_FIELDS, ln.line))}
    for ln in pit:
        e = log.setdefault(ln.number, {"game": ln.number, "day": ln.day.isoformat(),
                                       "team": ln.team, "opponent": ln.opponent})
        e["pitching"] = {"decision": ln.decision, "started": ln.started,
                         **dict(zip(PIT_FIELDS, ln.line))}
    team = lg.player(pid).team
    return PlayerView(pid, name, team, info.number, b(bat), p(pit), f(fld), b(cbat), p(cpit),
                      f(cfld), [log[k] for k in sorted(log, key=lambda n: (log[n]["day"], n))])


def stats_dict(stats: Any) -> dict | None:
    """A stats object as JSON-ready data, with its rate stats."""
    if stats is None:
        return None
    out = dataclasses.asdict(stats)
    for name in ("avg", "obp", "slg", "ops", "tb", "era", "whip", "ip_text", "fielding_pct",
                 "cs_rate"):
        if hasattr(stats, name):
            out[name] = getattr(stats, name)
    return out


__all__ = [
    "ServiceError", "StorageError", "create_league", "create_league_from_sample", "import_league",
    "list_leagues", "open_league", "export_league", "new_season", "sim_days", "standings",
    "leaders", "boxscore", "replay", "player", "schedule_days", "season_info", "engine_for",
]
