"""Pennant odds (優勝確率) and magic numbers for the Standings area and `impact odds`.

The rest of the season is played `runs` times on every core (a process pool); each run has its
own seed from the odds seed and the run number (league.season.odds.run_seed), so the odds are the same
whatever the number of processes. Progress is reported as runs finish and `cancel()` stops
between batches. Each finished report is kept under the day it was taken (storage.odds_store),
which is what the Standings area's chart draws.
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from league.season.margins import MAX_RUNS, MAX_WORKERS
from storage import odds_store
from storage import repository as repo
from tui.services.db import Db, ServiceError, Work, db_error
from tui.services.views import SPARKS, history_lines, sparkline  # noqa: F401  (kept where they were)

if TYPE_CHECKING:   # the engine and the process pool load when odds are run, not to draw the chart
    from league.season.odds import OddsReport, OddsSetup, RunResult
    from tui.services.context import SimReport
MAX_SEED = 2**31 - 1
BATCH = 10          # runs per task sent to a worker: progress every few hundred games
ESTIMATE_EVERY = 1.0   # seconds between two estimates from the runs so far

@contextlib.contextmanager
def _stderr_with_fileno():
    """Worker processes are started with the parent's stderr; inside the Textual app stderr is a
    capture without a real file descriptor, so the terminal's own is lent while they start."""
    current = sys.stderr
    try:
        ok = current is not None and current.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        ok = False
    if ok or sys.__stderr__ is None:
        yield
        return
    sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = current


@dataclass(frozen=True)
class OddsView:
    """A report with the teams' names and the season's stored history of odds."""

    report: OddsReport
    names: dict[str, str]
    history: list[odds_store.OddsPoint]
    title: str
    season: int
    league_names: dict[str, str] = dataclasses.field(default_factory=dict)   # code -> name


def odds_setup(db: Db, league: str | None = None, season: int | None = None, *,
               seed: int | None = None) -> tuple[OddsSetup, dict[str, str], int, int, str]:
    """Read what the runs need: the season's state, the results so far and the games left."""
    from league.season.odds import OddsSetup
    from league.season.schedule import ScheduledGame
    from league.season.standings import Outcome
    from league.season.state import SeasonState
    from tui.services.context import season_context

    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ServiceError(f"--seed must be 0 to {MAX_SEED}, not {seed}")
    try:
        with Work.of(db, league).session() as s:
            ctx = season_context(s, league, season)
            games = repo.schedule(session=s, season_id=ctx.season.id)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    # the players' ids and the teams' codes as the cards' own string objects wherever the runs
    # look them up (the rest, the book, the schedule read from storage are equal strings, not
    # the same ones): a dict's look-up then matches by identity, not by comparing the texts
    same = _Same(ctx.league)
    c = same.of
    played = tuple(Outcome(g.number, g.day, c(g.away), c(g.home), g.away_runs or 0,
                           g.home_runs or 0) for g in games if g.status == "final")
    pending = tuple(ScheduledGame(g.number, g.day, c(g.away), c(g.home), g.series)
                    for g in games if g.status != "final")
    book = ctx.roster
    book.entries = same.keys(book.entries)
    book.farm = {c(pid) for pid in book.farm}
    # the runs go on from where the season stands: its farm, who is hurt and for how long, and
    # the season's seed for their recovery (each run plays a copy of the book)
    state = SeasonState(league=ctx.league, players=ctx.players, rest=same.keys(ctx.rest),
                        last={c(t): None if pid is None else c(pid)
                              for t, pid in ctx.last.items()},
                        prefs=same.keys(ctx.prefs),
                        roster=book, days=same.keys(ctx.days), follow_usage=ctx.follow_usage,
                        relief=same.keys(ctx.relief), starts=same.keys(ctx.starts),
                        start_outs=same.keys(ctx.start_outs))
    teams = tuple(t.code for t in ctx.league.teams)
    # a league of two leagues: each has its own pennant, Climax Series and magic numbers
    leagues = tuple((g.code, tuple(g.teams)) for g in ctx.league.leagues) \
        if len(ctx.league.leagues) > 1 else ()
    setup = OddsSetup(state, ctx.ruleset, teams, played, pending,
                      ctx.season.seed % (MAX_SEED + 1) if seed is None else seed, leagues)
    names = {t.code: t.short or t.name for t in ctx.league.teams}
    return setup, names, ctx.season.id, ctx.season.number, ctx.league.name


class _Same:
    """Equal strings as one object: a league's players' ids and teams' codes as its cards hold
    them (odds_setup)."""

    def __init__(self, league: Any) -> None:
        self.known: dict[str, str] = {t.code: t.code for t in league.teams}
        self.known.update((p.id, p.id) for t in league.teams for p in t.players)

    def of(self, text: str) -> str:
        return self.known.get(text, text)

    def keys(self, d: dict) -> dict:
        """`d` with its keys as the cards' strings (in its order)."""
        return {self.known.get(k, k): v for k, v in d.items()}


def _batches(runs: int, workers: int) -> list[tuple[int, int]]:
    """The runs in batches (start, stop): the first run of each worker alone, so a first
    estimate comes as soon as one run is played, then BATCH runs a batch."""
    first = min(runs, 2 * workers)
    return [(a, a + 1) for a in range(first)] + [(a, min(a + BATCH, runs))
                                                 for a in range(first, runs, BATCH)]


def check_runs(runs: int, workers: int | None = None) -> None:
    """Refuse a number of runs or processes no one means (before anything is read or played)."""
    if runs < 1:
        raise ServiceError(f"--runs must be at least 1, not {runs}")
    if runs > MAX_RUNS:
        raise ServiceError(f"--runs must be at most {MAX_RUNS:,}, not {runs:,} "
                           f"(1,000 runs give each chance within about ±3 points)")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise ServiceError(f"--workers must be 1 to {MAX_WORKERS}, not {workers}")


def run_odds(setup: OddsSetup, runs: int, *, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             cancel: Callable[[], bool] | None = None,
             estimate: Callable[[OddsReport], None] | None = None) -> OddsReport | None:
    """Play the runs (on `workers` processes, every core by default); None when cancelled.
    `estimate(report)`: the odds of the runs played so far (each figure with its 95 % margin),
    as soon as the first run is played and then about once a second (ESTIMATE_EVERY); the last
    report is the runs' in order, the same whatever the estimates and the workers."""
    import multiprocessing
    import time
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    from league.season.odds import simulate_run, tally
    from tui.odds_worker import init_worker, run_batch

    check_runs(runs, workers)
    workers = max(1, workers or os.cpu_count() or 1)
    batches = _batches(runs, workers)
    results: dict[int, list[RunResult]] = {}
    done = 0
    shown: dict[str, float | None] = {"at": None}

    def report_so_far() -> None:
        """An estimate from the runs so far, on its budget (never for the last: the caller's)."""
        now = time.monotonic()
        last = shown["at"]
        if estimate is None or done >= runs or (last is not None
                                                and now - last < ESTIMATE_EVERY):
            return
        shown["at"] = now
        estimate(tally(setup, [r for a in sorted(results) for r in results[a]]))
    if workers == 1 or len(batches) == 1 or not setup.pending:
        from tui.bulkgc import bulk

        with bulk():
            for a, b in batches:
                if cancel is not None and cancel():
                    return None
                results[a] = [simulate_run(setup, r) for r in range(a, b)]
                done += b - a
                if progress is not None:
                    progress(done, runs)
                report_so_far()
    else:
        if cancel is not None and cancel():
            return None
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        todo = list(batches)
        running: dict[Future, int] = {}
        with _stderr_with_fileno():   # the pool and its first submissions start every process
            pool = ProcessPoolExecutor(max_workers=workers,
                                       mp_context=multiprocessing.get_context(method),
                                       initializer=init_worker, initargs=(setup,))
            while todo and len(running) < 2 * workers:
                a, b = todo.pop(0)
                running[pool.submit(run_batch, a, b)] = a
        try:
            # a few batches queued per worker, so cancelling does not wait for them all
            while todo or running:
                while todo and len(running) < 2 * workers:
                    a, b = todo.pop(0)
                    running[pool.submit(run_batch, a, b)] = a
                finished, _ = wait(list(running), timeout=0.2, return_when=FIRST_COMPLETED)
                if cancel is not None and cancel():
                    return None
                for f in finished:
                    a = running.pop(f)
                    batch = f.result()
                    results[a] = batch
                    done += len(batch)
                    if progress is not None:
                        progress(done, runs)
                if finished:
                    report_so_far()
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
    ordered = [r for a in sorted(results) for r in results[a]]
    return tally(setup, ordered)


def odds(db: Db, league: str | None = None, season: int | None = None, *, runs: int = 1000,
         seed: int | None = None, workers: int | None = None,
         progress: Callable[[int, int], None] | None = None,
         cancel: Callable[[], bool] | None = None, store: bool = True,
         estimate: Callable[[OddsView], None] | None = None) -> OddsView | None:
    """The pennant odds from the standings as they are, kept under today's date for the chart
    (None when cancelled: nothing is stored). `estimate(view)`: the odds of the runs so far
    while they run (run_odds), with the history stored before."""
    check_runs(runs, workers)
    w = Work.of(db, league)
    setup, names, season_id, number, title = odds_setup(w, league, season, seed=seed)
    league_names = {g.code: g.name for g in setup.state.league.leagues}
    so_far = None
    if estimate is not None:
        try:
            with w.session() as s:
                before = odds_store.odds_history(session=s, season_id=season_id)
        except SQLAlchemyError as exc:
            raise db_error(exc) from None

        def so_far(r: OddsReport) -> None:
            estimate(OddsView(r, names, before, title, number, league_names))
    report = run_odds(setup, runs, workers=workers, progress=progress, cancel=cancel,
                      estimate=so_far)
    if report is None:
        return None
    try:
        with w.session() as s:
            if store:
                odds_store.save_odds(session=s, season_id=season_id, report=report)
                s.commit()
            history = odds_store.odds_history(session=s, season_id=season_id)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    return OddsView(report, names, history, title, number, league_names)


def sim_days_with_odds(db: Db, league: str | None = None, season: int | None = None, *,
                       days: int | None = None, to_end: bool = False, runs: int = 100,
                       seed: int | None = None, workers: int | None = None,
                       progress: Callable[[int, Any], None] | None = None) -> SimReport:
    """Simulate day by day and take the odds (`runs` runs) after each day, so the Standings chart
    has a point for every simulated day; each day's games stored together as `sim_days` does."""
    from tui.services.context import SimReport
    from tui.services.seasons import sim_days

    check_runs(runs, workers)
    if days is None and not to_end:
        days = 1
    games = played_days = 0
    last = None
    remaining = 0
    w = Work.of(db, league)
    recorded: tuple[int, ...] = ()
    refused: tuple[str, ...] = ()
    traded: tuple[str, ...] = ()
    made: tuple[Any, ...] = ()
    while days is None or played_days < days:
        report = sim_days(w, league, season, days=1)
        remaining = report.remaining
        recorded, refused = recorded + report.recorded, refused + report.refused
        traded += report.trades
        made += report.trades_made
        if report.games == 0:
            break
        games += report.games
        played_days += 1
        last = report.last_day
        odds(w, league, season, runs=runs, seed=seed, workers=workers)
        if progress is not None:
            progress(played_days, last)
        if remaining == 0:
            break
    return SimReport(games, played_days, remaining, last, recorded=recorded, refused=refused,
                     trades=traded, trades_made=made)


def odds_history(db: Db, league: str | None = None, season: int | None = None
                 ) -> tuple[list[odds_store.OddsPoint], dict[str, str]]:
    """The season's stored odds, oldest first, and the teams' names."""
    try:
        with Work.of(db, league).session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            info = repo.find_season(session=s, league_id=row.id, number=season)
            # the teams' names only: the league's structure, no card parsed
            lg = repo.league_structure(session=s, league_id=row.id)
            history = odds_store.odds_history(session=s, season_id=info.id)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    return history, {t.code: t.short or t.name for t in lg.teams}


def report_dict(view: OddsView) -> dict:
    """The odds as JSON-ready data (`impact odds --json`)."""
    r = view.report
    return {
        "league": view.title, "season": view.season, "runs": r.runs, "seed": r.seed,
        "day": r.day.isoformat() if r.day else None, "played": r.played, "remaining": r.remaining,
        "climax_places": r.climax_places,
        "leagues": [{"league": code, "name": view.league_names.get(code, code),
                     "teams": list(teams)} for code, teams in r.leagues],
        "teams": [{"team": t.team, "name": view.names.get(t.team, t.team), "league": t.league,
                   "record": {"wins": t.record.wins, "losses": t.record.losses,
                              "draws": t.record.draws},
                   "pennant": t.pennant, "climax": t.climax, "ranks": list(t.ranks),
                   "expected": {"wins": t.wins, "losses": t.losses, "draws": t.draws},
                   "margin95": {"pennant": t.pennant_margin, "climax": t.climax_margin,
                                "wins": t.wins_margin},
                   "magic": t.magic.number, "magic_rival": t.magic.rival,
                   "clinched": t.magic.clinched} for t in r.teams],
        "history": [{"played": p.played, "day": p.day.isoformat() if p.day else None,
                     "team": p.team, "pennant": p.pennant, "climax": p.climax, "magic": p.magic,
                     "runs": p.runs} for p in view.history],
    }

