"""Services for games played at the keyboard: start (a scheduled game or an exhibition), save
after every plate appearance, resume, finish (recorded like a simulated game)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from league.engine.game import GameResult
from league.engine.lineup import Lineup
from league.engine.live import LiveLog, computer_rolls
from league.engine.ruleset import Ruleset
from league.errors import LeagueError
from league.manager.computer import make_lineup
from league.season.roster import League
from league.season.simulate import players_as_played
from league.season.state import rest_after, slot_setup, team_lineup
from storage import live_store
from storage import repository as repo
from tui.services.context import SeasonContext, season_context, store_roster
from tui.services.db import Db, ServiceError, Work, db_error
from tui.services.names import NameBook, name_book
from tui.services.postseason import settle, slot_innings
from tui.services.trades import season_trade_days, trades_before_games


@dataclass(frozen=True)
class LiveSetup:
    """Everything the play screen needs to run (or resume) a live game."""

    info: live_store.LiveGameInfo
    league: League
    ruleset: Ruleset
    players: dict
    names: dict[str, str]
    # each player's season so far (regular season): pid → (BattingStats | None, PitchingStats | None)
    season: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    book: NameBook = field(default_factory=NameBook)   # the league's names in both languages
    # the last inning the game may go to, as the simulated game's (postseason.slot_innings):
    # the league's extra_innings, a postseason game's by its series and its place in it
    innings: int | None = None


def _season_lines(s, season_id: int | None, teams: tuple[str, str]) -> dict[str, tuple[Any, Any]]:
    """The season's batting and pitching of the two teams' players, for the pickers."""
    from tui.services.stats import _season_totals
    out: dict[str, tuple[Any, Any]] = {}
    if season_id is None:
        return out
    for team in teams:
        for (pid, _t), st in _season_totals(s, season_id, "batting", team=team).items():
            out[pid] = (st, out.get(pid, (None, None))[1])
        for (pid, _t), st in _season_totals(s, season_id, "pitching", team=team).items():
            out[pid] = (out.get(pid, (None, None))[0], st)
    return out


def _lineups_for_slot(ctx: SeasonContext, slot: repo.GameSlot) -> tuple[Lineup, Lineup, dict[str, int]]:
    """The line-ups a scheduled game starts with, as a simulated game would (slot_setup)."""
    setup = slot_setup(ctx, slot.day, slot.away, slot.home)
    dh = ctx.league.dh_for(slot.home)
    platoon = ctx.ruleset.platoon
    return (team_lineup(ctx, slot.away, setup, dh=dh, platoon=platoon),
            team_lineup(ctx, slot.home, setup, dh=dh, platoon=platoon), setup.fatigue)


def start_live(db: Db, league: str | None = None, *, number: int | None = None,
               away: str | None = None, home: str | None = None, people: tuple[int, ...] = (1,),
               dice: str = "computer", seed: int = 1) -> LiveSetup:
    """Start a game at the keyboard: scheduled game `number` (it counts in the season) or an
    exhibition between `away` and `home`. `people` are the sides a person manages (0 away, 1 home)."""
    if not people or any(p not in (0, 1) for p in people):
        raise ServiceError("choose which sides you manage: away (0), home (1) or both")
    if dice not in ("computer", "typed"):
        raise ServiceError("dice are rolled by the computer or typed in (computer | typed)")
    w = Work.of(db, league)
    with w.session() as s:
        ctx = season_context(s, league, None)
        if number is not None:
            slot = repo.find_game(session=s, season_id=ctx.season.id, number=number)
            if slot.status == "final":
                raise ServiceError(f"game {number} has been played already")
            # the day's trades come before its first game, played here or simulated (a
            # manager's game on a shared league leaves them to the commissioner's program)
            if (not w.postgres or w.access().commissioner) and trades_before_games(
                    w, s, league, slot.day,
                    season_trade_days(s, ctx.league_name, ctx.season, ctx.league.settings)):
                s.commit()
                ctx = season_context(s, league, None)   # the rosters after the trades
            a, h, fatigue = _lineups_for_slot(ctx, slot)
            season_id: int | None = ctx.season.id
            innings = slot_innings(s, ctx.league, ctx.season.id, slot)
        else:
            if away is None or home is None or away == home:
                raise ServiceError("an exhibition needs two different teams (away and home)")
            for code in (away, home):
                ctx.league.team(code)
            dh = ctx.league.dh_for(home)
            a = make_lineup(away, list(ctx.league.team(away).players), dh)
            h = make_lineup(home, list(ctx.league.team(home).players), dh)
            fatigue, season_id = {}, None
            innings = ctx.league.extra_innings
        season = _season_lines(s, ctx.season.id, (a.team, h.team))
        try:
            info = live_store.create_live(session=s, league_id=ctx.league_id, season_id=season_id,
                                          number=number, away=a, home=h, people=tuple(people),
                                          fatigue=fatigue, dice=dice, seed=seed)
            s.commit()
        except SQLAlchemyError as exc:
            raise db_error(exc) from None
    return LiveSetup(info, ctx.league, ctx.ruleset, ctx.players,
                     {t.code: t.short or t.name for t in ctx.league.teams}, season,
                     name_book(w, league), innings)


def resume_live(db: Db, live_id: int, league: str | None = None) -> LiveSetup:
    """A saved game as it stood, ready to replay its log and carry on. The game goes on with
    its men as they were when it began: its line-ups are its record, so a man traded, moved or
    released since plays on for the side his line-up names (players_as_played, as a stored
    game's replay; repo.game_league brings a released man back) — the move counts from the
    next game."""
    w = Work.of(db, league)
    with w.session() as s:
        info = live_store.load_live(session=s, live_id=live_id)
        ctx = season_context(s, league, None)
        if info.league_id != ctx.league_id:
            raise ServiceError(f"saved game {live_id} belongs to another league")
        if info.season_id is not None and info.season_id != ctx.season.id:
            lg = repo.load_league(session=s, league_id=ctx.league_id, season_id=info.season_id)
        else:
            lg = ctx.league
        lg = repo.game_league(session=s, league_id=ctx.league_id,
                              season_id=info.season_id if info.season_id is not None
                              else ctx.season.id, lineups=info.lineups, league=lg)
        season = _season_lines(s, info.season_id if info.season_id is not None else ctx.season.id,
                               (info.away, info.home))
        innings = lg.extra_innings
        if info.number is not None and info.season_id is not None:
            try:
                slot = repo.find_game(session=s, season_id=info.season_id, number=info.number)
            except repo.NotFound:
                slot = None     # refused when it is recorded (_slot_of)
            if slot is not None:
                innings = slot_innings(s, lg, info.season_id, slot)
    return LiveSetup(info, lg, ctx.ruleset, players_as_played(lg, info.lineups),
                     {t.code: t.short or t.name for t in lg.teams}, season, name_book(w, league),
                     innings)


def scheduled_teams(db: Db, league: str | None, number: int) -> tuple[str, str]:
    """The away and home teams of scheduled game `number` of the current season."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        return slot.away, slot.home


def list_live(db: Db, league: str | None = None) -> list[live_store.LiveGameInfo]:
    """Games being played at the keyboard, latest first."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        return live_store.list_live(session=s, league_id=row.id)


def save_live(db: Db, live_id: int, log: LiveLog, dice: str | None = None) -> None:
    """Save the log (every plate appearance): one transaction."""
    with Work.of(db).session() as s:
        live_store.save_log(session=s, live_id=live_id, log=log, dice=dice)
        s.commit()


def finish_live(db: Db, live_id: int, result: GameResult, log: LiveLog,
                league: str | None = None) -> int | None:
    """Record a finished game: a scheduled one exactly like a simulated game (box score, stats,
    standings, pitchers' rest) in one transaction; an exhibition is only marked final. A game
    whose rolls were not all the computer's (its seed's) is marked in the record as typed by
    the person who played it."""
    w = Work.of(db, league)
    if w.access().kind == "manager":
        # A manager may not write results: his finished game waits, with its whole log, for the
        # commissioner, whose next simulation replays and records it (record_finished).
        with w.session() as s:
            live_store.mark_final(session=s, live_id=live_id, log=log, status="finished")
            s.commit()
        return None
    with w.session() as s:
        info = live_store.load_live(session=s, live_id=live_id)
        if info.status == "final":
            raise ServiceError(f"saved game {live_id} is finished already")
        if info.status == "voided":
            raise ServiceError(f"saved game {live_id} was voided by the commissioner")
        number = None
        if info.number is not None and info.season_id is not None:
            ctx = season_context(s, league, None)
            if ctx.season.id != info.season_id:
                raise ServiceError("the game belongs to an earlier season")
            slot = _slot_of(s, info)
            rest = {p: repo.StoredRest(r.available_on, r.fatigue)
                    for p, r in rest_after(ctx.players, result, slot.day, info.fatigue).items()}
            starters = {result.away: result.lineups[0].pitcher, result.home: result.lineups[1].pitcher}
            repo.record_game(session=s, season_id=info.season_id, slot=slot, result=result,
                             seed=None, rest=rest, starters=starters,
                             typed_by=typed_by(info, log))
            # the game's accidents go on the players' injury standings, with the game
            from league.season.farm import after_game
            after_game(ctx.roster, result, slot.day)
            store_roster(s, ctx)
            if slot.kind == "postseason":
                settle(s, ctx)
            number = info.number
        live_store.mark_final(session=s, live_id=live_id, log=log)
        s.commit()
    return number


def _slot_of(s: Any, info: live_store.LiveGameInfo) -> repo.GameSlot:
    """The scheduled game a keyboard game is: its number must be a game of its own two teams,
    not played yet (a finished game's number changed to another pair's is refused)."""
    assert info.number is not None and info.season_id is not None
    try:
        slot = repo.find_game(session=s, season_id=info.season_id, number=info.number)
    except repo.NotFound:
        raise ServiceError(f"there is no game {info.number} in its season") from None
    if (slot.away, slot.home) != (info.away, info.home):
        raise ServiceError(f"game {info.number} is {slot.away} @ {slot.home}, not "
                           f"{info.away} @ {info.home}")
    if slot.status == "final":
        raise ServiceError(f"game {info.number} has been played already")
    return slot


def typed_by(info: live_store.LiveGameInfo, log: LiveLog) -> str | None:
    """None when every roll of the log is the computer's (the game's seeded dice); otherwise
    who typed them: the people who played it (their roles on a shared league, "" alone)."""
    if computer_rolls(info.seed, log.rolls):
        return None
    return ", ".join(sorted({who for who in info.played_by if who}))


def info_kind(db: Db, league: str | None) -> str:
    """single | owner | commissioner | manager | reader: who is connected (see storage.sharing)."""
    return Work.of(db, league).access().kind


@dataclass(frozen=True)
class Recorded:
    """What the commissioner's recording step did with the keyboard games managers finished:
    the game numbers recorded, and the games refused (voided), each with its reason."""

    numbers: tuple[int, ...] = ()
    refused: tuple[str, ...] = ()


def record_finished(db: Db, league: str | None = None) -> Recorded:
    """Record the keyboard games that managers finished on a shared league: each is replayed
    in Python from its saved rolls and decisions (exactly, as every game replays) and stored
    like a simulated game. A game whose number is not a game of its two teams, whose line-ups
    are not theirs, or whose log does not replay to a finished game is refused: voided, with
    an entry in the news. The commissioner's simulation does this first."""
    w = Work.of(db, league)
    with w.session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        waiting = [g for g in live_store.list_live(session=s, league_id=row.id, playing_only=False)
                   if g.status == "finished"]
    done: list[int] = []
    refused: list[str] = []
    for info in sorted(waiting, key=lambda g: g.updated_at):
        try:
            setup = resume_live(w, info.id, league)
            result = verified(w, setup, league)
            finish_live(w, info.id, result, info.log, league)
        except (LeagueError, ValueError) as exc:
            what = (f"game {info.number}" if info.number is not None else "an exhibition") + \
                f" ({info.away} @ {info.home}, saved game {info.id})"
            refused.append(f"{what}: {exc}")
            _refuse(w, info, str(exc))
            continue
        if info.number is not None:
            done.append(info.number)
    return Recorded(tuple(done), tuple(refused))


def verified(db: Db, setup: LiveSetup, league: str | None = None) -> GameResult:
    """The result of a finished keyboard game, after the checks the commissioner's recording
    makes: its number is a game of its two teams in its season, its line-ups are legal line-ups
    of those teams, and its log replays (in Python) to a finished game and ends there."""
    info = setup.info
    if info.number is not None:
        with Work.of(db, league).session() as s:
            if info.season_id is None:
                raise ServiceError(f"game {info.number} has no season")
            _slot_of(s, info)
    away, home = info.lineups
    if (away.team, home.team) != (info.away, info.home):
        raise ServiceError(f"its line-ups are {away.team}'s and {home.team}'s")
    dh = setup.league.dh_for(info.home)
    try:
        for lineup in (away, home):
            lineup.validate(setup.players, dh)
        return replay_finished(setup)
    except ServiceError:
        raise
    except (LeagueError, ValueError, KeyError, IndexError, TypeError) as exc:
        raise ServiceError(f"its log does not replay: {exc}") from None


def _refuse(db: Db, info: live_store.LiveGameInfo, reason: str) -> None:
    """A refused keyboard game is voided (it stays in the record) and the news says why."""
    from storage import history_store as hs

    with Work.of(db).session() as s:
        live_store.void_live(session=s, live_id=info.id)
        hs.add_refused(session=s, league_id=info.league_id, season_id=info.season_id,
                       teams=(info.away, info.home), number=info.number, live_id=info.id,
                       reason=reason)
        s.commit()


def replay_finished(setup: LiveSetup) -> GameResult:
    """The result of a finished keyboard game, replayed from its log alone."""
    from league.engine.live import live_game
    from league.manager.computer import ComputerManager

    def no_more(*_args: object) -> object:
        raise ServiceError(f"saved game {setup.info.id} is not finished: its log ends mid-game")

    class _NoDice:
        used = 0

        def roll(self, purpose: str) -> int:
            no_more()
            return 0

    info = setup.info
    game, _ = live_game(setup.ruleset, setup.players, *info.lineups,
                        people={side: no_more for side in info.people},
                        computer=ComputerManager, live_dice=_NoDice, saved=info.log,
                        dh=setup.league.dh_for(info.home), fatigue=info.fatigue,
                        extra_innings=setup.innings)
    result = game.play()
    if (len(game.live_log.rolls), len(game.live_log.decisions)) != (len(info.log.rolls),
                                                                   len(info.log.decisions)):
        raise ServiceError(f"saved game {info.id}'s log goes on after the game's end "
                           f"({len(info.log.rolls) - len(game.live_log.rolls)} rolls, "
                           f"{len(info.log.decisions) - len(game.live_log.decisions)} decisions)")
    return result


def abandon_live(db: Db, live_id: int) -> None:
    """Throw a saved game away (the scheduled game stays to be played)."""
    with Work.of(db).session() as s:
        live_store.delete_live(session=s, live_id=live_id)
        s.commit()


__all__ = ["LiveSetup", "scheduled_teams", "start_live", "resume_live", "list_live", "save_live", "finish_live",
           "abandon_live", "record_finished", "Recorded", "verified", "typed_by", "replay_finished", "LeagueError"]
