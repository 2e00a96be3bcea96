"""Seasons: make the next season's calendar, simulate its days (each game stored on its own),
read its calendar back. The season's rules themselves live in `league.season`."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from league.game import GameResult
from league.rest import PitcherRest
from league.ruleset import Ruleset
from league.schedule import make_schedule, schedule_from_csv, schedule_to_csv
from league.season import SeasonState, game_seed, play_scheduled
from league.simulate import players_of
from storage import repository as repo
from storage import roster_edit
from storage.db import session
from storage.rulesets import load_ruleset
from tui.services.db import ServiceError, engine_for, require_commissioner


FIRST_YEAR = 2026


def new_season(db: str | Path | None, league: str | None = None, *, games_per_opponent: int = 24,
               series_length: int = 3, seed: int | None = None, start: date | None = None,
               off_days: Sequence[int] = (0,), schedule_csv: Path | None = None
               ) -> repo.SeasonInfo:
    """Make and store the next season of a league: its calendar (generated, or read from a
    schedule CSV, refused whole with file, line, column on a problem) and its cards.

    The next season is a year on from the last, with a seed of its own (the last one's + 1
    unless given) so it plays other games; it carries the last season's cards and saved
    choices, and its pitchers start rested. A season under way must be closed first.
    """
    engine = engine_for(db)
    require_commissioner(db, "make seasons and schedules", league)
    with session(engine) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        prev = _latest(s, row.id)
        if prev is not None and prev.phase != "closed" and prev.final > 0:
            raise ServiceError(
                f"season {prev.number} ({prev.year}) is not closed: finish it and close it "
                "(`impact season close`) before the next one")
        if seed is None:
            seed = prev.seed + 1 if prev is not None else 0
        year = (start.year if start is not None
                else prev.year + 1 if prev is not None else FIRST_YEAR)
        if start is None and prev is not None:
            start = _same_day(prev.start, year)
        carry = prev.id if prev is not None and prev.closed else None
        lg = repo.load_league(session=s, league_id=row.id, season_id=carry)
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
                                  start=games[0].day, year=year, carry_from=carry)
        s.commit()
        return info


def _latest(s: Any, league_id: int) -> repo.SeasonInfo | None:
    try:
        return repo.find_season(session=s, league_id=league_id)
    except repo.NotFound:
        return None


def _same_day(day: date, year: int) -> date:
    """The same month and day in another year (28 February for a 29th in a common year)."""
    try:
        return day.replace(year=year)
    except ValueError:
        return day.replace(year=year, day=28)


def close_season(db: str | Path | None, league: str | None = None) -> repo.SeasonInfo:
    """Close the latest season: every game of it played, it is frozen (no more games, edits
    or saved choices) and the next season can start from its rosters."""
    engine = engine_for(db)
    with session(engine) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id)
        if info.closed:
            raise ServiceError(f"season {info.number} ({info.year}) is closed already")
        if info.final < info.games:
            raise ServiceError(f"season {info.number} ({info.year}) has {info.games - info.final}"
                               " games left to play; simulate them first (`impact season sim "
                               "--to-end`)")
        repo.set_phase(session=s, season_id=info.id, phase="closed")
        s.commit()
        return repo.season_info(session=s, season_id=info.id)


@dataclass(kw_only=True)
class SeasonContext(SeasonState):
    """What simulating a season needs, read once: the season's league, ruleset and state."""

    league_id: int
    league_name: str
    season: repo.SeasonInfo
    ruleset: Ruleset


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
    return SeasonContext(league_id=row.id, league_name=row.name, season=info, league=lg,
                         ruleset=_ruleset(rs_name, options), players=players_of(lg),
                         rest={p: PitcherRest(r.available_on, r.fatigue) for p, r in rest.items()},
                         last=dict(last), prefs=prefs)


def play_slot(ctx: SeasonContext, slot: repo.GameSlot, *, quiet: bool = False
              ) -> tuple[GameResult, dict[str, PitcherRest], dict[str, str]]:
    """Play one scheduled game: rested starters, carried fatigue, seeded dice; the new rest.
    `quiet` keeps the raw rolls only (the roll log and plays come back by replaying)."""
    return play_scheduled(ctx, ctx.ruleset, slot.day, slot.away, slot.home,
                          game_seed(ctx.season.seed, slot.number), quiet=quiet)


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
    require_commissioner(db, "simulate games", league)
    if engine.dialect.name == "postgresql":
        from tui.services.live import record_finished  # games managers finished, first
        record_finished(db, league)
    with session(engine) as s:
        ctx = _context(s, league, season)
        if ctx.season.closed:
            raise ServiceError(f"season {ctx.season.number} ({ctx.season.year}) is closed")
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
        # a quiet game stored compactly: its play-by-play and roll log are made on demand by
        # replaying its raw rolls (tui.services.games)
        result, rest, starters = play_slot(ctx, slot, quiet=True)
        with session(engine) as s:
            repo.record_game(session=s, season_id=ctx.season.id, slot=slot, result=result,
                             seed=game_seed(ctx.season.seed, slot.number),
                             rest={p: repo.StoredRest(r.available_on, r.fatigue)
                                   for p, r in rest.items()},
                             starters=starters, compact=True)
            s.commit()
        ctx.after_game(rest, starters)
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


__all__ = ["SeasonContext", "SimReport", "Progress", "new_season", "close_season", "play_slot",
           "sim_days",
           "schedule_csv", "season_info", "schedule_days"]
