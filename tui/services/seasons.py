"""Seasons: make the next season's calendar, simulate its days (a day's games stored together),
read its calendar back. The season's rules themselves live in `league.season.state`; what a
game of the season needs is read once (`tui.services.context`)."""
from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy.engine import Connection
from sqlmodel import Session

from league.engine.game import GameResult
from league.manager.rest import PitcherRest
from league.season.calendar import calendar_rules, make_calendar
from league.season.farm import Move, Notice, Standing
from league.season.postseason import postseason_specs
from league.season.schedule import make_schedule, schedule_from_csv, schedule_to_csv
from league.season.state import game_seed
from storage import live_store
from storage import repository as repo
from storage.db import keys_unchecked, sqlite_like_commits
from tui.bulkgc import bulk
from tui.services.context import (  # noqa: F401  (their home before tui.services.context)
    Progress,
    SeasonContext,
    SimReport,
    _context,
    play_slot,
    rosters_read_again,
    season_context,
    store_day_roster,
    store_roster,
)
from tui.services.db import Db, ServiceError, Work
from tui.services.trades import TradeView, season_trade_days, trade_answer, trades_before_games

FIRST_YEAR = 2026
# the fewest days a simulation stores with SQLite's foreign keys off (sim_days)
_UNCHECKED_DAYS = 4


def new_season(db: Db, league: str | None = None, *,
               games_per_opponent: int | None = None, series_length: int | None = None,
               seed: int | None = None, start: date | None = None,
               off_days: Sequence[int] = (0,), schedule_csv: Path | None = None,
               cards: Path | None = None) -> repo.SeasonInfo:
    """Make and store the next season of a league: its calendar (generated, or read from a
    schedule CSV, refused whole with file, line, column on a problem) and its cards.

    A league of two leagues, or with a `[schedule]` table, gets the professional calendar
    (league.season.calendar: 143 games by default, 交流戦, the All-Star break), `games_per_opponent`
    and `series_length` overriding its settings; any other league a round robin of
    `games_per_opponent` (24) games against each rival.

    The next season is a year on from the last, with a seed of its own (the last one's + 1
    unless given) so it plays other games; it carries the last season's cards and saved
    choices, and its pitchers start rested. A season under way must be closed first. After a
    closed season the off-season runs first (tui.services.offseason: players a year older, their
    cards grown or declined, the changes in the news).

    `cards` (a league folder's batters.csv and pitchers.csv) gives the new year's cards
    instead: a player matched by id keeps his history, new ids join, players left out leave
    (the managers' saved choices start afresh).
    """
    w = Work.of(db, league)
    w.require_commissioner("make seasons and schedules")
    with w.session() as s:
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
        done = None
        # a league renewed by statistics (the rule option renewal = "stats") does not also age
        renewal = repo.ruleset_of(session=s, league_id=row.id)[1].get("renewal", "growth")
        if carry is not None and cards is None and renewal != "stats":
            # the off-season between a closed season and this one (§7)
            from tui.services.offseason import renew
            done = renew(s, row.id, row.name, year, carry)
        if cards is not None:
            folder = Path(cards)
            if folder.suffix.lower() == ".toml" or folder.is_file():
                folder = folder.parent
            try:
                batters = (folder / "batters.csv").read_text(encoding="utf-8-sig")
                pitchers = (folder / "pitchers.csv").read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError) as exc:
                raise ServiceError(f"{folder}: cannot read the cards: {exc}") from None
            repo.take_cards(session=s, league_id=row.id, batters=batters, pitchers=pitchers,
                            where=str(folder))
            carry = None
        lg = repo.load_league(session=s, league_id=row.id)
        codes = [t.code for t in lg.teams]
        settings = lg.settings or {}
        calendar = bool(lg.leagues) or "schedule" in settings
        if calendar:
            rules = calendar_rules(settings.get("schedule"))
            changes: dict[str, Any] = {}
            if games_per_opponent is not None:
                changes["games_per_opponent"] = games_per_opponent
            if series_length is not None:
                changes["series_length"] = series_length
            if start is not None:
                changes["opening_day"] = f"{start.month:02d}-{start.day:02d}"
            rules = dataclasses.replace(rules, **changes)
            games_per_opponent, series_length = rules.games_per_opponent, rules.series_length
        else:
            games_per_opponent = games_per_opponent or 24
            series_length = series_length or 3
        if schedule_csv is not None:
            try:
                text = Path(schedule_csv).read_text(encoding="utf-8-sig")
            except (OSError, UnicodeDecodeError) as exc:
                raise ServiceError(f"{schedule_csv}: cannot be read: {exc}") from None
            games = schedule_from_csv(text, where=str(schedule_csv), teams=codes)
        elif calendar:
            games = make_calendar([g.teams for g in lg.groups], rules, year=year, seed=seed)
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
        if done is not None:
            from tui.services.offseason import record
            record(s, row.id, info.id, done)
        s.commit()
        return info


def offseason_finish(db: Db, league: str | None = None) -> repo.SeasonInfo:
    """The off-season's last step: growth and decline, the rosters checked, the new season made
    (`impact season new` with its defaults). Refused while the draft waits for a person's
    pick (`pick --computer` hands a club to the computer), or free agency for his offers."""
    from tui.services.offseason import _open, _view
    w = Work.of(db, league)
    w.require_commissioner("run the off-season")
    with w.session() as s:
        row, info, year = _open(s, league)
        view = _view(s, row, info, year)
    if view.waiting:
        raise ServiceError(f"the draft waits for {', '.join(view.waiting)}'s pick (round "
                           f"{view.round}): `impact offseason pick --team {view.waiting[0]} "
                           "PLAYER`, or `--computer` to let the computer pick for it")
    if view.fa_waiting:
        raise ServiceError(f"free agency waits for {', '.join(view.fa_waiting)}'s offers: "
                           f"`impact offseason offer --team {view.fa_waiting[0]} PLAYER`, "
                           "`--done` when they are made, or `--computer` to let the computer "
                           "offer for it")
    if view.foreign is not None and view.foreign.waiting:
        raise ServiceError(f"the foreign signings wait for {', '.join(view.foreign.waiting)}: "
                           f"`impact offseason sign --team {view.foreign.waiting[0]} --done` "
                           "when its choice is made, or `--computer`")
    return new_season(w, league)


def _latest(s: Session, league_id: int) -> repo.SeasonInfo | None:
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


def close_season(db: Db, league: str | None = None) -> repo.SeasonInfo:
    """Close the latest season once its games and its postseason (if the league has one) are
    played: it is frozen (no more games or edits) and its cards become the league's own, which
    the next season starts from (unless new ones come: `season new --cards`, `cards --into`)."""
    w = Work.of(db, league)
    w.require_commissioner("close seasons")
    with w.session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id)
        if info.closed:
            raise ServiceError(f"season {info.number} ({info.year}) is closed already")
        if info.final < info.games:
            raise ServiceError(f"season {info.number} ({info.year}) has {info.games - info.final}"
                               " games left to play; simulate them first (`impact season sim "
                               "--to-end`)")
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        if info.phase == "regular" and postseason_specs(
                (lg.settings or {}).get("postseason"), [g.code for g in lg.leagues]):
            raise ServiceError(f"season {info.number} ({info.year}) has a postseason to play: "
                               "`impact postseason start`, then `impact postseason sim`")
        left = [x.key for x in repo.postseason_series(session=s, season_id=info.id)
                if x.status != "final"]
        if left:
            raise ServiceError(f"the postseason is not over (series {', '.join(left)} still to "
                               "decide): `impact postseason sim`")
        repo.set_phase(session=s, season_id=info.id, phase="closed")
        repo.promote_cards(session=s, league_id=row.id, season_id=info.id)
        s.commit()
        return repo.season_info(session=s, season_id=info.id)


def sim_days(db: Db, league: str | None = None, season: int | None = None, *,
             days: int | None = None, to_end: bool = False, progress: Progress | None = None,
             cancel: Callable[[], bool] | None = None) -> SimReport:
    """Play the next `days` days with games left (or every day with `to_end`), each day's games
    stored together in one transaction; running again carries on from the first game not yet
    final.

    `progress(done, total, slot)` is called for each game once its day is stored; `cancel()` is
    asked before each game and stops cleanly between games (the games of the day played so far
    are stored). A Ctrl-C or a killed process loses at most the day being played or written,
    never half a game.
    """
    if days is None and not to_end:
        days = 1
    if days is not None and days < 1:
        raise ServiceError("--days must be at least 1")
    w = Work.of(db, league)
    w.require_commissioner("simulate games")
    keyboard = None
    traded: list[TradeView] = []
    if w.postgres:
        from tui.services.live import record_finished  # games managers finished, first
        keyboard = record_finished(w, league)
        # the managers' trade offers waiting for the commissioner's program: answered now, on
        # the rosters before the days played (a shared league's offers wait no longer than
        # the next simulation; `impact trade answer` answers them at any time)
        traded += [v for v in trade_answer(w, league) if v.accepted]
    with w.session() as s:
        ctx = season_context(s, league, season)
        if ctx.season.closed:
            raise ServiceError(f"season {ctx.season.number} ({ctx.season.year}) is closed")
        pending = repo.schedule(session=s, season_id=ctx.season.id, pending_only=True)
        live = live_store.playing_numbers(session=s, season_id=ctx.season.id)
        trading = season_trade_days(s, ctx.league_name, ctx.season, ctx.league.settings)
    # a game a person is playing at the keyboard is never simulated behind his back
    day_list = sorted({g.day for g in pending if g.number not in live})
    if days is not None:
        day_list = day_list[:days]
    chosen = set(day_list)
    todo = [g for g in pending if g.day in chosen]
    by_day: dict[date, list[repo.GameSlot]] = {}
    for g in todo:
        by_day.setdefault(g.day, []).append(g)
    total = len(todo)
    done = 0
    stopped = False
    skipped: list[int] = []
    played: list[repo.GameSlot] = []
    next_live = live
    # the days' transactions on one connection held throughout: a session a day would check one
    # out of the pool each day, and PostgreSQL's is pinged on each checkout (a round trip). On
    # SQLite its foreign keys are off for the days (each day checks its keys once before its
    # commit, _store_day): set once, as the pragma makes SQLite compile every statement again —
    # ≈ 10 M instructions each time, ≈ 3.8 M saved a day: a simulation of fewer days (a day at
    # a time with the pennant odds) keeps them on (bulk: the cyclic collector out of the way)
    with bulk(), w.engine.connect() as held, (
            keys_unchecked(held) if len(by_day) >= _UNCHECKED_DAYS
            else contextlib.nullcontext(False)) as unchecked:
        for day, slots in by_day.items():
            live = next_live    # games started at the keyboard meanwhile: read with the last day
            if day in trading:  # the computer's clubs trade before the day's games ([trades])
                with w.session() as s:
                    # weighed on the clubs as the simulation holds them (its league and
                    # farm: the season's cards as stored), not read and parsed again
                    if made := trades_before_games(w, s, league, day, trading,
                                                   (ctx.league, ctx.roster.farm)):
                        traded += made
                        s.commit()
                        ctx = rosters_read_again(s, ctx)   # the rosters as they are now
            games: list[_Played] = []
            for slot in slots:
                if cancel is not None and cancel():
                    stopped = True
                    break
                if slot.number in live:
                    skipped.append(slot.number)
                    total -= 1
                    continue
                # a quiet game stored compactly: its play-by-play and roll log are made on
                # demand by replaying its raw rolls (tui.services.games)
                result, rest, starters = play_slot(ctx, slot, quiet=True)
                moves, entries = ctx.roster.take()
                games.append(_Played(slot, result, rest, starters, moves, entries,
                                     ctx.roster.take_notices()))
                ctx.after_game(rest, starters, slot.day, result)
            next_live = _store_day(held, ctx, games, read_live=not stopped, unchecked=unchecked)
            for one in games:
                done += 1
                played.append(one.slot)
                if progress is not None:
                    progress(done, total, one.slot)
            if stopped:
                break
    played_days = len({g.day for g in played})
    # every live game up to the last day simulated was passed over, whether its day was
    # simulated or not
    last = day_list[-1] if day_list else None
    skipped += [g.number for g in pending if g.number in live and g.number not in skipped
                and (last is None or g.day <= last)]
    return SimReport(done, played_days, len(pending) - done,
                     played[-1].day if played else None, stopped, tuple(sorted(skipped)),
                     keyboard.numbers if keyboard else (), keyboard.refused if keyboard else (),
                     tuple(v.key for v in traded), tuple(traded))


@dataclasses.dataclass(frozen=True)
class _Played:
    """A game played and not stored yet, with the roster moves, standings and lists set aside
    that came before it."""

    slot: repo.GameSlot
    result: GameResult
    rest: dict[str, PitcherRest]
    starters: dict[str, str]
    moves: list[Move]
    entries: dict[str, Standing]
    notices: list[Notice]


def _store_day(held: Connection, ctx: SeasonContext, games: list[_Played], *,
               read_live: bool, unchecked: bool = False) -> set[int]:
    """Store a day's games in one transaction, each as it was played (the game, then what its
    farm check brought), and read the games started at the keyboard meanwhile (in the same
    transaction, just before its commit: a transaction of its own after the commit cost
    PostgreSQL three more round trips a day, and its rollback dropped the connection's prepared
    statements). A crash loses the whole day or nothing of it.

    `unchecked`: `held`'s foreign keys are off (storage.db.keys_unchecked, SQLite), and what
    they would have checked is checked once before the commit (repository.check_day_keys)."""
    if not games and not read_live:
        return set()
    sid = ctx.season.id
    with Session(held, expire_on_commit=False) as s:    # the day's transaction on `held`
        # committed as SQLite commits it (WAL, NORMAL sync): all or nothing and safe from a
        # killed process; a server crash may lose the last ~0.6 s of days, never half a day
        sqlite_like_commits(s)
        lines = repo.DayLines()
        ids = repo.record_game_rows(session=s, season_id=sid, compact=True, unchecked=unchecked,
                                    games=[(g.slot, g.result,
                                            game_seed(ctx.season.seed, g.slot.number))
                                           for g in games])
        for g, gid in zip(games, ids):
            lines.add(sid, gid, g.result, {p: repo.StoredRest(r.available_on, r.fatigue)
                                           for p, r in g.rest.items()}, g.starters)
        # the day's roster moves, standings and lists set aside, as each game brought them
        store_day_roster(s, ctx, [(g.moves, g.entries, g.notices) for g in games])
        if games:
            lines.write(session=s, unchecked=unchecked)
            if unchecked:
                repo.check_day_keys(session=s, league_id=ctx.league_id, season_id=sid,
                                    game_ids=ids)
        live = live_store.playing_numbers(session=s, season_id=sid) if read_live else set()
        if games:
            s.commit()
        return live


def games_to_play(db: Db, league: str | None = None, season: int | None = None
                  ) -> tuple[SeasonContext, list[repo.GameSlot]]:
    """The season as its games need it, and its games not played yet in order (what `impact
    bench --season` plays without storing them)."""
    with Work.of(db, league).session() as s:
        ctx = season_context(s, league, season)
        return ctx, repo.schedule(session=s, season_id=ctx.season.id, pending_only=True)


def schedule_csv(db: Db, league: str | None = None, season: int | None = None) -> str:
    """The season's calendar as CSV (the form `season new --schedule` reads)."""
    from league.season.schedule import ScheduledGame
    from tui.services.stats import schedule_days
    games = [ScheduledGame(g.number, g.day, g.away, g.home, g.series)
             for _, day_games in schedule_days(Work.of(db, league), league, season)
             for g in day_games]
    return schedule_to_csv(sorted(games, key=lambda g: g.number))


__all__ = ["SeasonContext", "SimReport", "Progress", "new_season", "close_season", "play_slot",
           "sim_days", "games_to_play", "schedule_csv"]
