"""The postseason: start it from the final standings, play its series game by game (simulated
or at the keyboard), read the bracket. Its games are stored like the regular season's (box
score, plays, roll log) as `kind = "postseason"`, so their stats stay apart."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from sqlmodel import Session

from league.season.postseason import (
    SeriesFormat,
    SeriesState,
    japan_series_hosts,
    postseason_specs,
    seed_of,
    series_state,
)
from league.season.roster import League
from league.season.state import game_seed, play_scheduled
from storage import repository as repo
from storage.db import sqlite_like_commits
from tui.services.context import SeasonContext, SimReport, season_context, store_roster
from tui.services.db import Db, ServiceError, Work
from tui.services.stats import league_tables, standings


@dataclass(frozen=True)
class SeriesView:
    """One series of the bracket: its sides (once known), seeds, how it stands, its games."""

    key: str
    name: str
    name_en: str
    league: str
    high: str | None
    low: str | None
    high_seed: int | None
    low_seed: int | None
    format: SeriesFormat
    status: str                     # waiting | playing | final
    winner: str | None
    state: SeriesState
    games: tuple[repo.GameSlot, ...]


@dataclass(frozen=True)
class PostseasonView:
    season: int
    year: int
    phase: str
    series: tuple[SeriesView, ...]
    names: dict[str, str]
    champion: str | None            # the winner of the last series once it is decided

    @property
    def started(self) -> bool:
        return bool(self.series)

    @property
    def finished(self) -> bool:
        return bool(self.series) and all(s.status == "final" for s in self.series)


def _view(series: repo.StoredSeries) -> SeriesView:
    fmt = series.series_format()
    return SeriesView(series.key, series.name, series.format.get("name_en", "") or "",
                      series.league, series.high, series.low, series.high_seed, series.low_seed,
                      fmt, series.status, series.winner, series_state(fmt, series.results()),
                      series.games)


def postseason(db: Db, league: str | None = None, season: int | None = None) -> PostseasonView:
    """The season's postseason as it stands (no series before it starts)."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        stored = repo.postseason_series(session=s, season_id=info.id)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
    views = tuple(_view(x) for x in stored)
    champion = views[-1].winner if views and views[-1].status == "final" else None
    return PostseasonView(info.number, info.year, info.phase, views,
                          {t.code: t.short or t.name for t in lg.teams}, champion)


def start_postseason(db: Db, league: str | None = None) -> PostseasonView:
    """Seed the postseason from the final standings and open its first series."""
    w = Work.of(db, league)
    w.require_commissioner("start the postseason")
    with w.session() as s:
        ctx = season_context(s, league, None)
        info = ctx.season
        if info.phase == "closed":
            raise ServiceError(f"season {info.number} ({info.year}) is closed")
        if info.phase == "postseason":
            raise ServiceError(f"the postseason of season {info.number} has started already")
        if info.final < info.games:
            raise ServiceError(f"the regular season has {info.games - info.final} games left; "
                               "simulate them first (`impact season sim --to-end`)")
        specs = _specs(ctx)
        if not specs:
            raise ServiceError("this league has no postseason ([postseason] format = \"none\"); "
                               "close the season instead")
        finals = repo.final_games(session=s, season_id=info.id)
        tables, overall = league_tables(ctx.league, finals)
        ranks = {code: [r.team for r in rows] for code, rows in tables.items()}
        order = [r.team for r in overall]
        rows = []
        for spec in specs:
            high = seed_of(spec.high, ranks, order)
            low = seed_of(spec.low, ranks, order)
            if (spec.high.startswith("winner:") is False and high is None) or \
                    (spec.low.startswith("winner:") is False and low is None):
                raise ServiceError(f"series {spec.key}: the league has no {spec.high} or "
                                   f"{spec.low}")
            rows.append({"key": spec.key, "name": spec.name, "league": spec.league,
                         "high": high[0] if high else None, "low": low[0] if low else None,
                         "high_seed": high[1] if high else None,
                         "low_seed": low[1] if low else None,
                         "format": {**dataclasses.asdict(spec.format), "name_en": spec.name_en,
                                    "order": spec.order, "sides": [spec.high, spec.low]},
                         "feeds": ""})
        repo.create_postseason(session=s, season_id=info.id, series=rows)
        s.commit()
    return postseason(w, league)


def _specs(ctx: SeasonContext) -> list:
    settings = ctx.league.settings or {}
    return postseason_specs(settings.get("postseason"), [g.code for g in ctx.league.leagues])


def slot_innings(s: Session, league: League, season_id: int, slot: repo.GameSlot) -> int:
    """The last inning scheduled game `slot` may go to: a postseason game's by its series'
    format and its place in the series (innings_limit counts from 0, draws included: the Japan
    Series' games 1-7 stop after 12, a game 8 or later has no limit), else the league's
    extra_innings. The simulation and the game at the keyboard both ask here."""
    if slot.kind != "postseason":
        return league.extra_innings
    x = next(y for y in repo.postseason_series(session=s, season_id=season_id)
             if y.id == slot.series)
    index = [g.number for g in x.games].index(slot.number)
    return x.series_format().innings_limit(index) or league.extra_innings


def _next_day(s: Session, ctx: SeasonContext, series: repo.StoredSeries,
              all_series: list[repo.StoredSeries]) -> date:
    fmt = series.series_format()
    played = [g for g in series.games]
    if played:
        last = played[-1]
        nxt = last.day + timedelta(days=1)
        # a travel day when the series moves to the other park
        if fmt.park(len(played)) != fmt.park(len(played) - 1):
            nxt += timedelta(days=1)
        return nxt
    # the first game: after the regular season, or after the series it waited for
    feeders = [x for x in all_series if f"winner:{x.key}" in series.format.get("sides", [])]
    if feeders:
        end = max(x.games[-1].day for x in feeders if x.games)
    else:
        end = max(g.day for g in repo.final_games(session=s, season_id=ctx.season.id))
    return end + timedelta(days=fmt.rest_days + 1)


def _pending(series: list[repo.StoredSeries]) -> list[repo.StoredSeries]:
    return [x for x in series if x.status == "playing"]


def next_game(db: Db, league: str | None = None) -> repo.GameSlot | None:
    """The next postseason game to play, scheduled if it is not yet (None when none is left):
    the earliest of the series under way."""
    w = Work.of(db, league)
    w.require_commissioner("schedule postseason games")
    with w.session() as s:
        ctx = season_context(s, league, None)
        slot = _schedule_next(s, ctx)
        s.commit()
        return slot


def _schedule_next(s: Session, ctx: SeasonContext) -> repo.GameSlot | None:
    if ctx.season.phase != "postseason":
        raise ServiceError("the postseason has not started (`impact postseason start`)"
                           if ctx.season.phase == "regular" else "the season is closed")
    series = repo.postseason_series(session=s, season_id=ctx.season.id)
    candidates: list[tuple[date, int, repo.GameSlot | None]] = []
    for x in _pending(series):
        waiting = [g for g in x.games if g.status != "final"]
        if waiting:
            candidates.append((waiting[0].day, x.seq, waiting[0]))
            continue
        candidates.append((_next_day(s, ctx, x, series), x.seq, None))
    if not candidates:
        return None
    day, seq, slot = min(candidates, key=lambda c: (c[0], c[1]))
    if slot is not None:
        return slot
    x = next(y for y in series if y.seq == seq)
    fmt = x.series_format()
    park = fmt.park(len(x.games))
    assert x.high is not None and x.low is not None
    home, away = (x.high, x.low) if park == "H" else (x.low, x.high)
    return repo.add_postseason_game(session=s, season_id=ctx.season.id, series_id=x.id,
                                    day=day, away=away, home=home)


def settle(s: Session, ctx: SeasonContext) -> None:
    """After a postseason game: decide the series it belongs to when it is over, and send the
    winner on to the series that waits for him."""
    series = repo.postseason_series(session=s, season_id=ctx.season.id)
    by_key = {x.key: x for x in series}
    for x in series:
        if x.status != "playing":
            continue
        state = series_state(x.series_format(), x.results())
        if state.decided is None:
            continue
        winner = x.high if state.decided == "high" else x.low
        repo.update_series(session=s, series_id=x.id, status="final", winner=winner)
        for y in series:
            sides = y.format.get("sides", [])
            if f"winner:{x.key}" not in sides:
                continue
            high_ref, low_ref = sides
            seed = x.high_seed if winner == x.high else x.low_seed
            takes_high = high_ref == f"winner:{x.key}"
            values = ({"high": winner, "high_seed": seed} if takes_high
                      else {"low": winner, "low_seed": seed})
            high, low = (winner, y.low) if takes_high else (y.high, winner)
            repo.update_series(session=s, series_id=y.id, **values)
            if high and low:
                _order_sides(s, ctx, y, high, low, by_key)
                repo.update_series(session=s, series_id=y.id, status="playing")
    s.flush()


def _order_sides(s: Session, ctx: SeasonContext, y: repo.StoredSeries, a: str, b: str,
                 by_key: dict) -> None:
    """Two winners meet: the higher side is the one the series' order says."""
    order = y.format.get("order", "seed")
    lg = ctx.league
    if order == "alternate" and len(lg.leagues) == 2:
        hosts = japan_series_hosts(lg.leagues, ctx.season.year)
        high = a if lg.league_of(a).code == hosts else b
    else:
        finals = repo.final_games(session=s, season_id=ctx.season.id)
        _tables, overall = league_tables(lg, finals)
        place = {r.team: k for k, r in enumerate(overall)}
        high = a if place[a] <= place[b] else b
    low = b if high == a else a
    fresh = {x.key: x for x in repo.postseason_series(session=s, season_id=ctx.season.id)}[y.key]
    seeds = {fresh.high: fresh.high_seed, fresh.low: fresh.low_seed}
    repo.update_series(session=s, series_id=y.id, high=high, low=low,
                       high_seed=seeds.get(high), low_seed=seeds.get(low))


def sim_postseason(db: Db, league: str | None = None, *, games: int | None = None,
                   progress: Callable[[int, int, repo.GameSlot], None] | None = None,
                   cancel: Callable[[], bool] | None = None) -> SimReport:
    """Simulate the next `games` postseason games (every one left when None), each stored with
    the series it decides in its own transaction, committed as the season's days are
    (storage.db.sqlite_like_commits: on PostgreSQL without waiting for the server's disk; a game
    is still stored whole or not at all, and survives this process being killed once stored)."""
    if games is not None and games < 1:
        raise ServiceError("--games must be at least 1")
    w = Work.of(db, league)
    w.require_commissioner("simulate games")
    with w.session() as s:
        ctx = season_context(s, league, None)
    done, days, last = 0, set(), None
    stopped = False
    while games is None or done < games:
        if cancel is not None and cancel():
            stopped = True
            break
        with w.session() as s:
            sqlite_like_commits(s)
            slot = _schedule_next(s, ctx)
            if slot is None:
                break
            innings = slot_innings(s, ctx.league, ctx.season.id, slot)
            league_ = (dataclasses.replace(ctx.league, extra_innings=innings)
                       if innings != ctx.league.extra_innings else ctx.league)
            state = dataclasses.replace(ctx, league=league_)
            seed = game_seed(ctx.season.seed, slot.number)
            result, rest, starters = play_scheduled(state, ctx.ruleset, slot.day, slot.away,
                                                    slot.home, seed)
            repo.record_game(session=s, season_id=ctx.season.id, slot=slot, result=result,
                             seed=seed, rest={p: repo.StoredRest(r.available_on, r.fatigue)
                                              for p, r in rest.items()}, starters=starters)
            settle(s, ctx)
            store_roster(s, ctx)
            s.commit()
        ctx.after_game(rest, starters, slot.day, result)
        done += 1
        days.add(slot.day)
        last = slot.day
        if progress is not None:
            progress(done, games or 0, slot)
    with w.session() as s:
        left = sum(1 for x in repo.postseason_series(session=s, season_id=ctx.season.id)
                   if x.status != "final")
    return SimReport(done, len(days), left, last, stopped)


@dataclass(frozen=True)
class SeasonStatus:
    """Where a season stands and what comes next (`next_action`: sim, start_postseason,
    sim_postseason, close, new_season), for the app and `impact season status`."""

    number: int
    year: int
    phase: str                      # regular | interleague | postseason | closed
    games: int
    final: int
    next_day: date | None
    next_action: str
    next_step: str
    champion: str | None = None


def has_postseason(db: Db, league: str | None = None) -> bool:
    """Whether the league plays a postseason after its regular season (league.toml's
    [postseason]: format "none", or a league of one without one, plays none)."""
    w = Work.of(db, league)
    with w.session() as s:
        row = repo.find_league(session=s, name=w.league or league)
        assert row.id is not None
        # the settings and leagues only: no card read (a closed season's own cards need not
        # make a legal league file until the renewal mends them)
        lg = repo.league_structure(session=s, league_id=row.id)
    return bool(postseason_specs((lg.settings or {}).get("postseason"),
                                 [g.code for g in lg.leagues]))


def season_status(db: Db, league: str | None = None, season: int | None = None) -> SeasonStatus:
    """Where the season stands and what comes next."""
    w = Work.of(db, league)
    view = standings(w, league, season)
    post = postseason(w, league, season)
    has_post = has_postseason(w, league)
    phase = view.phase_key
    if view.phase == "closed":
        action, step = "new_season", ("the off-season and the next season: step by step "
                                      "(`impact offseason status`), or at once (`impact season "
                                      "new`)")
    elif view.final < view.games:
        action, step = "sim", "simulate the regular season (`impact season sim`)"
    elif view.phase == "regular" and has_post:
        action, step = "start_postseason", "start the postseason (`impact postseason start`)"
    elif view.phase == "postseason" and not post.finished:
        action, step = "sim_postseason", "play the postseason (`impact postseason sim`)"
    else:
        action, step = "close", "close the season (`impact season close`)"
    return SeasonStatus(view.season, view.year, phase, view.games, view.final, view.next_day,
                        action, step, post.champion)


__all__ = ["SeriesView", "PostseasonView", "SeasonStatus", "postseason", "season_status",
           "has_postseason",
           "start_postseason", "sim_postseason",
           "next_game", "settle"]
