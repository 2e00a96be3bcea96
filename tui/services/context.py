"""The season a service works on, read once in its unit of work (`SeasonContext`), and what
playing one of its games takes: the game itself (`play_slot`), the roster moves and injuries
it brought (`store_roster`), and what a simulation reports (`SimReport`).

The season, postseason and keyboard-game services all build on this module and on nothing of
each other's but what they call one way (seasons → live → postseason): no circle."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from sqlmodel import Session

from league.engine.game import GameResult
from league.engine.ruleset import Ruleset
from league.errors import LeagueError
from league.manager.rest import PitcherRest
from league.season.caches import forget_league_objects
from league.season.farm import Move, Notice, RosterBook, Standing
from league.season.prefs import pref_problem
from league.season.roster import League
from league.season.simulate import players_of
from league.season.state import SeasonState, game_seed, play_scheduled
from storage import farm_store, roster_edit
from storage import repository as repo

if TYPE_CHECKING:
    from tui.services.trades import TradeView


@dataclass(kw_only=True)
class SeasonContext(SeasonState):
    """What simulating a season needs, read once: the season's league, ruleset and state."""

    league_id: int
    league_name: str
    season: repo.SeasonInfo
    ruleset: Ruleset


def season_context(s: Session, league: str | None, season: int | None) -> SeasonContext:
    """The league's season (the latest when `season` is None) with everything its games need:
    the league with the season's cards, the ruleset, the pitchers' rest, the managers' saved
    choices, the farm and injuries, the teams' days."""
    # the league read here is new objects: what was remembered by the identity of those read
    # before only kept them alive (league.season.caches)
    forget_league_objects()
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    info = repo.find_season(session=s, league_id=row.id, number=season)
    lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
    ruleset = repo.league_ruleset_of(session=s, league_id=row.id)
    rest, last = repo.rest_state(session=s, season_id=info.id)
    prefs, book = _rosters(s, info, lg)
    starts, start_outs = repo.starts_made(session=s, season_id=info.id)
    return SeasonContext(league_id=row.id, league_name=row.name, season=info, league=lg,
                         ruleset=ruleset, players=players_of(lg),
                         follow_usage=bool(ruleset.options.get("usage", True)),
                         rest={p: PitcherRest(r.available_on, r.fatigue) for p, r in rest.items()},
                         last=dict(last), prefs=prefs, roster=book,
                         days=repo.team_days(session=s, season_id=info.id),
                         relief=repo.relief_games(session=s, season_id=info.id),
                         starts=starts, start_outs=start_outs)


def _rosters(s: Session, info: repo.SeasonInfo, lg: League
             ) -> tuple[dict[str, dict[str, list]], RosterBook]:
    """What of a season's context follows its cards: the managers' saved choices (a list
    naming players the team does not have set aside) and the farm and injuries (the book)."""
    aside: list[tuple[str, str, str]] = []
    prefs = roster_edit.preferences(session=s, season_id=info.id, set_aside=aside)
    # a list naming players the team does not have is set aside too (league.season.prefs)
    for team, lists in prefs.items():
        try:
            ids = {p.id for p in lg.team(team).players}
        except LeagueError:
            ids = set()
        for kind in list(lists):
            why = pref_problem(kind, lists[kind], ids, team)
            if why is not None:
                aside.append((team, kind, why))
                del lists[kind]
    book = farm_store.book_of(session=s, season_id=info.id, league=lg, season_seed=info.seed)
    # the commissioner's next game stores these in the news and takes the lists out of use
    book.notices.extend(Notice(None, team, kind, why) for team, kind, why in aside)
    return prefs, book


def rosters_read_again(s: Session, ctx: SeasonContext) -> SeasonContext:
    """`ctx` after a change of the season's cards stored in `s` (the computer's trades before a
    day's games): the league, the saved choices and the book read again, as `season_context`
    reads them; the pitchers' rest, the last starters, the teams' days and the relief games and
    starts carried on from `ctx`, as they are from one day to the next of a simulation (a
    trade changes none of them, and they are stored as they are kept)."""
    forget_league_objects()     # the league read here is new objects (season_context)
    lg = repo.load_league(session=s, league_id=ctx.league_id, season_id=ctx.season.id)
    prefs, book = _rosters(s, ctx.season, lg)
    return SeasonContext(league_id=ctx.league_id, league_name=ctx.league_name,
                         season=ctx.season, league=lg, ruleset=ctx.ruleset,
                         players=players_of(lg), follow_usage=ctx.follow_usage,
                         rest=ctx.rest, last=ctx.last, prefs=prefs, roster=book, days=ctx.days,
                         relief=ctx.relief, starts=ctx.starts, start_outs=ctx.start_outs)


_context = season_context     # its earlier name


def store_roster(s: Session, ctx: SeasonContext,
                 taken: tuple[list[Move], dict[str, Standing], list[Notice]] | None = None
                 ) -> None:
    """Store the roster moves, injury standings and saved lists set aside that the last game
    brought (with that game, in its transaction: a crash loses both or neither); `taken`: what
    was taken from the book when the game was played (a day's games are stored together)."""
    if taken is None:
        moves, entries = ctx.roster.take()
        notices = ctx.roster.take_notices()
    else:
        moves, entries, notices = taken
    if moves or entries or notices:
        farm_store.store(session=s, league_id=ctx.league_id, season_id=ctx.season.id,
                         moves=moves, entries=entries, notices=notices)
    for n in notices:   # a list set aside is out of use for good (the audit log keeps it)
        roster_edit.drop_preference(session=s, season_id=ctx.season.id, team=n.team, kind=n.what)


def store_day_roster(s: Session, ctx: SeasonContext,
                     taken: list[tuple[list[Move], dict[str, Standing], list[Notice]]]) -> None:
    """`store_roster` for a day's games at once (each game's `taken`, in their order): the same
    rows, fewer statements (storage.farm_store.store_day), in the day's transaction."""
    if not any(moves or entries or notices for moves, entries, notices in taken):
        return
    farm_store.store_day(session=s, league_id=ctx.league_id, season_id=ctx.season.id,
                         games=taken)
    for _moves, _entries, notices in taken:
        for n in notices:   # a list set aside is out of use for good (the audit log keeps it)
            roster_edit.drop_preference(session=s, season_id=ctx.season.id, team=n.team,
                                        kind=n.what)


def play_slot(ctx: SeasonContext, slot: repo.GameSlot, *, quiet: bool = False
              ) -> tuple[GameResult, dict[str, PitcherRest], dict[str, str]]:
    """Play one scheduled game: rested starters, carried fatigue, seeded dice; the new rest.
    `quiet` keeps the raw rolls only (the roll log and plays come back by replaying)."""
    return play_scheduled(ctx, ctx.ruleset, slot.day, slot.away, slot.home,
                          game_seed(ctx.season.seed, slot.number), quiet=quiet)


@dataclass(frozen=True)
class SimReport:
    """What a simulation did: games and days played, games left, the last day played, whether
    it was cancelled, and the games it left to the people playing them at the keyboard."""

    games: int
    days: int
    remaining: int
    last_day: date | None
    stopped: bool = False
    skipped: tuple[int, ...] = ()   # games being played at the keyboard: left for the person
    # keyboard games managers finished: recorded first (their numbers), or refused (why)
    recorded: tuple[int, ...] = ()
    refused: tuple[str, ...] = ()
    # trades made before the days played: the computer's in season ([trades] in_season) and the
    # managers' offers the computer accepted (a shared league), each by its key
    # (league.offseason.trades.Trade.key: "SAP:SAP01>SEN:SEN02")
    trades: tuple[str, ...] = ()
    # the same trades, each with its clubs and men named (what a person reads: TradeView.text)
    trades_made: tuple[TradeView, ...] = ()


# progress(done, total, slot): called after each stored game
Progress = Callable[[int, int, repo.GameSlot], None]


__all__ = ["SeasonContext", "season_context", "rosters_read_again", "store_roster", "store_day_roster", "play_slot", "SimReport",
           "Progress"]
