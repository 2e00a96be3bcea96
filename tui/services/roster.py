"""Roster services for the Teams and Players areas: a team's roster with its saved choices, card
edits, moves between the 28 and the reserves, line-up / rotation / bullpen preferences, and the
figures a player's season chart draws.

Textual-free like the rest of tui.services: each function opens its own short session (one
unit of work) and returns league objects or plain dataclasses. The season simulation plays the
saved preferences (league.season.state.team_lineup).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from league.engine.cards import Player
from league.engine.injury import severity
from league.engine.lineup import Lineup
from league.errors import LeagueError
from league.manager.computer import make_lineup, pitching_value
from league.season.farm import may_return_on
from league.season.roster import League
from league.season.state import rotation
from storage import farm_store, roster_edit
from storage import repository as repo
from tui.services.db import Db, ServiceError, Work, db_error
from tui.services.sharing import require_team
from tui.services.stats import PlayerView


def _season(s: Any, league: str | None, season: int | None) -> tuple[int, repo.SeasonInfo, League]:
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    info = repo.find_season(session=s, league_id=row.id, number=season)
    return row.id, info, repo.load_league(session=s, league_id=row.id, season_id=info.id)


def _open(info: repo.SeasonInfo) -> None:
    """A closed season is frozen: its cards and saved choices stay as they were."""
    if info.closed:
        raise ServiceError(f"season {info.number} ({info.year}) is closed; changes go to the "
                           "next season (`impact season new`)")


def season_league(db: Db, league: str | None = None, season: int | None = None) -> League:
    """The league with the season's cards (edits included)."""
    try:
        with Work.of(db, league).session() as s:
            return _season(s, league, season)[2]
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


# --- a team's roster ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterView:
    """One team of the season: its players, who is in reserve, and the line-up, rotation and
    bullpen (saved ones when `*_saved`, else the computer manager's)."""

    season: int
    teams: tuple[tuple[str, str], ...]      # (code, short name) of every team
    team: str
    team_name: str
    players: tuple[Player, ...]
    reserves: frozenset[str]
    roster_size: int
    dh: bool
    order: tuple[tuple[str, str], ...]      # (player id, position) in batting order
    order_saved: bool
    rotation: tuple[str, ...]
    rotation_saved: bool
    bullpen: tuple[str, ...]
    bullpen_saved: bool
    # the farm (二軍) and injuries (league.season.farm, league.engine.injury)
    farm: frozenset[str] = frozenset()
    injuries: Mapping[str, tuple[int, str]] = dataclasses.field(default_factory=dict)
    back_on: Mapping[str, date] = dataclasses.field(default_factory=dict)  # the ten-day rule
    active_size: int = 29
    year: int | None = None                 # the season's year: ages are on 1 April of it

    def age(self, player: Player) -> int | None:
        """The player's age for the season, None without a birth date."""
        from league.offseason.people import age_in
        return age_in(player.born, self.year)

    @property
    def active(self) -> tuple[Player, ...]:
        """The active roster (一軍) less the players set aside (控え)."""
        return tuple(p for p in self.players if p.id not in self.reserves
                     and p.id not in self.farm)


def _computer_rotation(lg: League, team: str, reserves: frozenset[str]) -> list[str]:
    return [p for p in rotation(lg, team) if p not in reserves]


def _computer_bullpen(players: Sequence[Player]) -> list[str]:
    pen = [p for p in players if p.pitching is not None and p.pitching.starter == 0]
    pen.sort(key=lambda p: (-pitching_value(p), p.id))
    return [p.id for p in pen]


def team_roster(db: Db, team: str | None = None, league: str | None = None,
                season: int | None = None) -> RosterView:
    """A team's roster for the season (the first team when `team` is None)."""
    try:
        with Work.of(db, league).session() as s:
            _lid, info, lg = _season(s, league, season)
            code = team or lg.teams[0].code
            t = lg.team(code)
            prefs = roster_edit.preferences(session=s, season_id=info.id, team=code).get(code, {})
            book = farm_store.book_of(session=s, season_id=info.id, league=lg)
            rules = repo.league_ruleset_of(session=s, league_id=_lid).injury_rules
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    farm = frozenset(p.id for p in t.players if p.id in book.farm)
    injuries = {p.id: (e.points, severity(rules, p.rank, e.points)) for p in t.players
                if (e := book.entries.get(p.id)) is not None and e.points > 0}
    back_on = {pid: d for pid in farm
               if (d := may_return_on(book.entries.get(pid), lg.ten_days)) is not None}
    reserves = frozenset(prefs.get("reserves", ()))
    active = [p for p in t.players if p.id not in reserves and p.id not in farm]
    ids = {p.id for p in active}
    rot = [p for p in prefs.get("rotation", ()) if p in ids]
    rot_saved = bool(rot)
    if not rot:
        rot = _computer_rotation(lg, code, reserves | farm)
    pen = [p for p in prefs.get("bullpen", ()) if p in ids]
    pen_saved = bool(pen)
    if not pen:
        pen = _computer_bullpen(active)
    order = [(p, pos) for p, pos in prefs.get("order", ()) if p in ids]
    order_saved = len(order) == 9
    if not order_saved:
        try:
            lu = make_lineup(code, active, lg.dh_for(code), starter=rot[0] if rot else None)
            order = list(zip(lu.order, lu.positions))
        except (ValueError, IndexError):
            order = []
    return RosterView(info.number, tuple((x.code, x.short or x.name) for x in lg.teams), code,
                      t.name, t.players, reserves, lg.roster_size, lg.dh_for(code), tuple(order),
                      order_saved, tuple(rot), rot_saved, tuple(pen), pen_saved, farm, injuries,
                      back_on, lg.active_size, info.year)


# --- card edits ---------------------------------------------------------------------------------


def check_card(kind: str, values: Mapping[str, str], what: str) -> dict[str, str]:
    """Check a card's fields without storing them (fast: the dialog calls it as you save);
    CardError tells what is impossible. `kind` is "batting" or "pitching"."""
    if kind == "batting":
        return roster_edit.check_batting(values, what)
    if kind == "pitching":
        return roster_edit.check_pitching(values, what)
    raise ServiceError(f"unknown kind of card {kind!r}; use batting or pitching")


def card_values(player: Player) -> dict[str, dict[str, str]]:
    """The editable fields of a player's cards, as the card editor shows them."""
    out: dict[str, dict[str, str]] = {}
    if player.batting is not None:
        b = player.batting
        out["batting"] = {"bounds": b.bounds.text(), "BT": str(b.BT), "RR": str(b.RR),
                          "SR": str(b.SR), "DP": str(b.DP),
                          "positions": ";".join(f.text() for f in player.fielding
                                                if not (player.pitching and f.position == "P")),
                          "arm": str(player.catcher.arm) if player.catcher else "",
                          "block": str(player.catcher.block) if player.catcher else "",
                          "lead": str(player.catcher.lead) if player.catcher else ""}
    if player.pitching is not None:
        p = player.pitching
        out["pitching"] = {**{c: p.rows[c].text() for c in p.rows},
                           "stability": p.stability, "innings": f"{p.innings:g}",
                           "starter": str(p.starter), "rest": str(p.rest)}
    return out


def save_card(db: Db, pid: str, *, batting: Mapping[str, str] | None = None,
              pitching: Mapping[str, str] | None = None, league: str | None = None,
              season: int | None = None) -> Player:
    """Store a card edit for the season (checked card, then checked league; one transaction);
    the player with his new card."""
    try:
        with Work.of(db, league).session() as s:
            lid, info, _lg = _season(s, league, season)
            _open(info)
            new = roster_edit.save_card(session=s, league_id=lid, season_id=info.id, pid=pid,
                                        batting=batting, pitching=pitching)
            s.commit()
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    return new.player(pid)


# --- reserves and preferences -----------------------------------------------------------------


def set_reserve(db: Db, pid: str, reserve: bool, *, league: str | None = None,
                season: int | None = None) -> RosterView:
    """Move a player to the reserves (`reserve`) or back to the 28; refused when the active
    roster would lack what a game needs. A player sent down leaves the saved choices."""
    w = Work.of(db, league)
    try:
        with w.session() as s:
            _lid, info, lg = _season(s, league, season)
            _open(info)
            team = lg.player(pid).team
            require_team(w, team, league)
            prefs = roster_edit.preferences(session=s, season_id=info.id, team=team).get(team, {})
            reserves = set(prefs.get("reserves", ()))
            if reserve:
                reserves.add(pid)
            else:
                reserves.discard(pid)
            roster_edit.check_active(lg, team, reserves)
            roster_edit.save_preference(session=s, season_id=info.id, team=team, kind="reserves",
                                        data=sorted(reserves))
            if reserve:
                for kind in ("rotation", "bullpen"):
                    if pid in prefs.get(kind, ()):
                        roster_edit.save_preference(
                            session=s, season_id=info.id, team=team, kind=kind,
                            data=[p for p in prefs[kind] if p != pid])
                if any(p == pid for p, _pos in prefs.get("order", ())):
                    roster_edit.save_preference(session=s, season_id=info.id, team=team,
                                                kind="order", data=[])
            s.commit()
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    return team_roster(w, team, league, season)


def save_order(db: Db, team: str, order: Sequence[tuple[str, str]], *, pitcher: str | None = None,
               league: str | None = None, season: int | None = None) -> None:
    """Save a batting order (nine (player id, position) pairs), checked as a line-up is."""
    w = Work.of(db, league)
    lg = season_league(w, league, season)
    players = {p.id: p for t in lg.teams for p in t.players}
    ids = [p for p, _pos in order]
    positions = [pos for _p, pos in order]
    starter = next((p for p, pos in order if pos == "P"), None) or pitcher
    if starter is None:
        starter = next((p.id for p in lg.team(team).players if p.pitching is not None), "")
    Lineup(team, tuple(ids), tuple(positions), starter, (), ()).validate(players,
                                                                         lg.dh_for(team))
    _save(w, team, "order", [[p, pos] for p, pos in order], league, season)


def save_rotation(db: Db, team: str, ids: Sequence[str], *, league: str | None = None,
                  season: int | None = None) -> None:
    """Save a rotation: the team's active starters (『先』 above 0) in the order they start."""
    w = Work.of(db, league)
    view = team_roster(w, team, league, season)
    active = {p.id: p for p in view.active}
    for pid in ids:
        p = active.get(pid)
        if p is None or p.pitching is None or p.pitching.starter == 0:
            raise ServiceError(f"{pid} is not an active starter of {view.team_name}")
    if len(set(ids)) != len(ids):
        raise ServiceError("a starter is listed twice in the rotation")
    _save(w, team, "rotation", list(ids), league, season)


def save_bullpen(db: Db, team: str, ids: Sequence[str], *, league: str | None = None,
                 season: int | None = None) -> None:
    """Save a bullpen order (first = first called): active pitchers of the team."""
    w = Work.of(db, league)
    view = team_roster(w, team, league, season)
    active = {p.id: p for p in view.active}
    for pid in ids:
        if pid not in active or active[pid].pitching is None:
            raise ServiceError(f"{pid} is not an active pitcher of {view.team_name}")
    _save(w, team, "bullpen", list(ids), league, season)


def clear_preference(db: Db, team: str, kind: str, *, league: str | None = None,
                     season: int | None = None) -> None:
    """Forget a saved preference: the computer manager's choice is shown again."""
    _save(db, team, kind, [], league, season)


def _save(db: Db, team: str, kind: str, data: list, league: str | None,
          season: int | None) -> None:
    w = Work.of(db, league)
    require_team(w, team, league)
    try:
        with w.session() as s:
            _lid, info, lg = _season(s, league, season)
            _open(info)
            lg.team(team)
            roster_edit.save_preference(session=s, season_id=info.id, team=team, kind=kind,
                                        data=data)
            s.commit()
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


# --- a player's season as a chart -----------------------------------------------------------


@dataclass(frozen=True)
class SeasonSeries:
    """Points of a season chart: `kind` "avg" (rolling batting average) or "era" (running ERA)."""

    kind: str
    values: tuple[float, ...]
    last: float | None


def season_series(view: PlayerView, window: int = 10) -> SeasonSeries:
    """Rolling batting average over the last `window` games for a batter, running ERA after
    each appearance for a pitcher (a pitcher who also bats gets his ERA)."""
    log = view.game_log
    if view.pitching is not None:
        er = outs = 0
        values: list[float] = []
        for e in log:
            p = e.get("pitching")
            if p is None:
                continue
            er += p["er"]
            outs += p["outs"]
            if outs:
                values.append(er * 27 / outs)
        return SeasonSeries("era", tuple(values), values[-1] if values else None)
    games = [e["batting"] for e in log if "batting" in e]
    values = []
    for i in range(len(games)):
        part = games[max(0, i - window + 1):i + 1]
        ab = sum(g["ab"] for g in part)
        if ab:
            values.append(sum(g["h"] for g in part) / ab)
        elif values:
            values.append(values[-1])
    return SeasonSeries("avg", tuple(values), values[-1] if values else None)


__all__ = [
    "LeagueError",
    "RosterView",
    "SeasonSeries",
    "card_values",
    "check_card",
    "clear_preference",
    "save_bullpen",
    "save_card",
    "save_order",
    "save_rotation",
    "season_league",
    "season_series",
    "set_reserve",
    "team_roster",
]
