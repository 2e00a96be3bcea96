"""Farm services for the Teams area and `impact roster`: a team's active roster (一軍) and farm
(二軍) with each player's injury and ten-day-rule date, and a person's call-ups and demotions
(登録抹消), each checked (league.season.farm), stored and logged as a transaction in one unit of work.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from league.engine.cards import Player
from league.engine.injury import severity
from league.errors import LeagueError
from league.offseason.people import age_in
from league.season.farm import (
    NO_SEASON,
    SEASON_CLOSED,
    UNKNOWN_MOVE,
    Move,
    RosterBook,
    call_up_problem,
    demotion_problem,
    may_return_on,
    roster_day,
)
from league.season.roster import League, code_as_typed
from storage import farm_store, roster_edit
from storage import repository as repo
from tui.services.db import Db, ServiceError, Work, db_error


@dataclass(frozen=True)
class FarmEntry:
    """One player of a team as the roster list shows him."""

    player: Player
    status: str                 # active | farm
    role: str                   # SP, RP, C or a position player's first position
    demoted_on: date | None
    back_on: date | None        # the ten-day rule: the first day he may be called up
    points: int                 # injury points
    injury: str                 # "" | light | heavy
    age: int | None = None      # his age for the season (on 1 April), None without a birth date


@dataclass(frozen=True)
class FarmView:
    season: int | None
    day: date | None            # the roster day (the next game day of the season)
    team: str
    team_name: str
    active_size: int
    roster_size: int
    entries: tuple[FarmEntry, ...]
    foreign_active: int = 4     # the foreign limit (外国人枠, league.season.foreign_limit)
    foreign_side: int = 3

    @property
    def foreign_count(self) -> int:
        """Foreign players on the active roster."""
        return sum(1 for e in self.active if e.player.foreign)

    @property
    def active(self) -> tuple[FarmEntry, ...]:
        return tuple(e for e in self.entries if e.status == "active")

    @property
    def farm(self) -> tuple[FarmEntry, ...]:
        return tuple(e for e in self.entries if e.status == "farm")

    @property
    def injured(self) -> tuple[FarmEntry, ...]:
        return tuple(e for e in self.entries if e.points > 0)


def _role(p: Player) -> str:
    if p.pitching is not None:
        return "SP" if p.pitching.starter > 0 else "RP"
    first = next((f.position for f in p.fielding if f.position != "P"), "DH")
    return first


def _state(s: Any, league: str | None, season: int | None
           ) -> tuple[int, repo.SeasonInfo | None, League, RosterBook, date | None]:
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    try:
        info: repo.SeasonInfo | None = repo.find_season(session=s, league_id=row.id,
                                                        number=season)
    except repo.NotFound:
        if season is not None:
            raise
        info = None
    sid = info.id if info is not None else None
    lg = repo.load_league(session=s, league_id=row.id, season_id=sid)
    book = farm_store.book_of(session=s, season_id=sid, league=lg,
                              season_seed=info.seed if info else 0)
    return row.id, info, lg, book, _roster_day(s, info)


def _roster_day(s: Any, info: repo.SeasonInfo | None) -> date | None:
    """The day a move counts from: the season's next game day (the last one when all are
    played); None before any season."""
    if info is None:
        return None
    games = repo.schedule(session=s, season_id=info.id, kind=None)
    return roster_day(((g.day, g.status == "final") for g in games), info.start)


def _view(info: repo.SeasonInfo | None, lg: League, book: RosterBook, day: date | None,
          team: str, ruleset: Any = None) -> FarmView:
    t = lg.team(team)
    entries = []
    for p in t.players:
        e = book.entries.get(p.id)
        status = book.status(p.id)
        points = e.points if e is not None else 0
        entries.append(FarmEntry(p, status, _role(p), e.demoted_on if e else None,
                                 may_return_on(e, lg.ten_days) if status == "farm" else None,
                                 points,
                                 severity(ruleset, p.rank, points),
                                 age_in(p.born, info.year if info else None)))
    order = {"SP": 0, "RP": 1}
    entries.sort(key=lambda x: (x.status != "active", order.get(x.role, 2), x.player.id))
    return FarmView(info.number if info else None, day, t.code, t.name, lg.active_size,
                    lg.roster_size, tuple(entries), lg.foreign_active, lg.foreign_side)


def team_farm(db: Db, team: str | None = None, league: str | None = None,
              season: int | None = None) -> FarmView:
    """A team's active roster and farm (the first team when `team` is None)."""
    try:
        with Work.of(db, league).session() as s:
            lid, info, lg, book, day = _state(s, league, season)
            rs = repo.league_ruleset_of(session=s, league_id=lid)
            code = lg.teams[0].code if team is None else (
                code_as_typed(team, [t.code for t in lg.teams]) or team.strip().upper())
            lg.team(code)
            return _view(info, lg, book, day, code, rs.injury_rules)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def league_farm(db: Db, league: str | None = None,
                season: int | None = None) -> tuple[FarmView, ...]:
    """Every club's active roster and farm, in the league's order of its teams (one read)."""
    try:
        with Work.of(db, league).session() as s:
            lid, info, lg, book, day = _state(s, league, season)
            rs = repo.league_ruleset_of(session=s, league_id=lid)
            return tuple(_view(info, lg, book, day, t.code, rs.injury_rules) for t in lg.teams)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def _refuse_departed(s: Any, lid: int, ref: str, kind: str) -> None:
    """A man of the league's history who is on no roster now: refused in one line saying how
    and when he left (his page stays: `impact player`)."""
    from tui.services.offseason import left_refusal, player_left
    try:
        pid, _name = repo.player_row(session=s, league_id=lid, ref=ref)
    except repo.NotFound:
        return
    left = player_left(s, lid, pid)
    if left is not None:
        raise ServiceError(left_refusal(kind, pid, left))


def move_player(db: Db, pid: str, kind: str, *, league: str | None = None) -> Move:
    """A person's call-up (`kind` "up") or demotion ("down") of a player of the latest season,
    on its roster day; refused in one line when the rules forbid it (the ten-day rule, a full
    active roster, an active roster left without what a game needs)."""
    if kind not in ("up", "down"):
        raise ServiceError(UNKNOWN_MOVE.format(kind=kind))
    w = Work.of(db, league)
    who = w.access()
    try:
        with w.session() as s:
            lid, info, lg, book, day = _state(s, league, None)
            if info is not None and info.closed:
                raise ServiceError(SEASON_CLOSED.format(number=info.number, year=info.year))
            if info is None and not who.commissioner:
                raise ServiceError(NO_SEASON)     # a manager never moves the league's own cards
            ref = pid.strip()
            try:
                player = lg.player(ref)
            except LeagueError:
                # as every command names a player: his id in any case, his name or a unique
                # part of it, or his English name (one line when none or several match)
                found, _name = repo.player_row(session=s, league_id=lid, ref=ref)
                try:
                    player = lg.player(found)
                except LeagueError:
                    _refuse_departed(s, lid, found, kind)
                    raise ServiceError(f"no player {ref!r} in this league (give an id such as "
                                       "SAP01 or a name)") from None
            if not who.may_manage(player.team):
                from tui.services.sharing import require_team
                require_team(w, player.team, league)     # names the team's manager
            today = day or date.today()
            if kind == "up":
                problem = call_up_problem(lg, book, player.id, today)
            else:
                reserves: tuple[str, ...] = ()
                if info is not None:
                    prefs = roster_edit.preferences(session=s, season_id=info.id,
                                                    team=player.team).get(player.team, {})
                    reserves = tuple(prefs.get("reserves", ()))
                problem = demotion_problem(lg, book, player.id, reserves)
            if problem:
                raise ServiceError(problem)
            move = Move(today, player.team, player.id, kind)
            if not who.commissioner:
                # a manager's own player: the database's function makes the move (a manager may
                # not write cards or transactions) by the league's rules alone, the same as
                # these (storage.roster_sql)
                from storage.sharing import SharingError, manager_roster_move
                s.rollback()
                try:
                    manager_roster_move(w.engine, league_id=lid, player=player.id, kind=kind)
                except SharingError as exc:
                    raise ServiceError(str(exc)) from None
                if kind == "down" and info is not None:
                    _forget_choices(s, info.id, player.team, player.id)
                    s.commit()
                return move
            from league.season.farm import apply_move
            apply_move(book, move)
            moves, entries = book.take()
            farm_store.store(session=s, league_id=lid, season_id=info.id if info else None,
                             moves=moves, entries=entries)
            if kind == "down" and info is not None:
                _forget_choices(s, info.id, player.team, player.id)
            s.commit()
            return move
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def _forget_choices(s: Any, season_id: int, team: str, pid: str) -> None:
    """A player sent down leaves his team's saved rotation, bullpen and batting order."""
    prefs = roster_edit.preferences(session=s, season_id=season_id, team=team).get(team, {})
    for kind in ("rotation", "bullpen", "reserves"):
        if pid in prefs.get(kind, ()):
            roster_edit.save_preference(session=s, season_id=season_id, team=team, kind=kind,
                                        data=[p for p in prefs[kind] if p != pid])
    if any(p == pid for p, _pos in prefs.get("order", ())):
        roster_edit.save_preference(session=s, season_id=season_id, team=team, kind="order",
                                    data=[])


def injuries_on(db: Db, league: str | None = None) -> bool:
    """Whether the league plays with injuries (its ruleset's [injury] table and option)."""
    try:
        with Work.of(db, league).session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            return repo.league_ruleset_of(session=s, league_id=row.id).injury_rules is not None
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def set_injuries(db: Db, on: bool, league: str | None = None) -> bool:
    """Play with injuries or without (the rule option `injuries`); returns whether they are
    played now (a ruleset without an [injury] table has none either way)."""
    return injuries_on(_set_rule_option(db, league, "injuries", on), league)


def usage_on(db: Db, league: str | None = None) -> tuple[bool, bool]:
    """Whether the league has its players' real usage (a league made from statistics:
    league.toml's [usage]) and whether its computer managers follow it (the rule option
    `usage`, on unless turned off)."""
    try:
        with Work.of(db, league).session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            has = "usage" in json.loads(row.settings or "{}")
            return has, bool(repo.league_ruleset_of(session=s, league_id=row.id)
                             .options.get("usage", True))
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def set_usage(db: Db, on: bool, league: str | None = None) -> tuple[bool, bool]:
    """Follow the league's real usage or play by the cards alone (the rule option `usage`);
    returns what `usage_on` says now."""
    return usage_on(_set_rule_option(db, league, "usage", on), league)


def _set_rule_option(db: Db, league: str | None, key: str, on: bool) -> Work:
    """Turn the league's rule option `key` on or off (the commissioner's); returns the Work."""
    w = Work.of(db, league)
    w.require_commissioner("change the league's rules")
    try:
        with w.session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            farm_store.set_rule_option(session=s, league_id=row.id, key=key, value=on)
            s.commit()
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    return w


__all__ = ["FarmEntry", "FarmView", "team_farm", "league_farm", "move_player", "injuries_on", "set_injuries",
           "usage_on", "set_usage"]
