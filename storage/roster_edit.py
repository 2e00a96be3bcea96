"""Roster edits of one season: a card changed, players moved between the 28 and the reserves, and
a team's saved line-up, rotation and bullpen preferences.

A card is stored as its plain-file CSV cells (see storage.tables.CardRow), versioned per season;
an edit changes the season's copy only, after checking the cells with the league.engine.cards /
league.season.roster validators and then the whole league with the one parser, in one transaction.
Preferences live in ``league_roster_pref`` (migration 0003): one JSON list per season, team, kind.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Optional

from sqlalchemy import Column, Text, UniqueConstraint
from sqlmodel import Field, Session, col, select

from league.engine.cards import (
    BAT_COLUMNS,
    CONDITIONS,
    PITCH_COLUMNS,
    STABILITIES,
    parse_bounds,
    parse_fielding,
)
from league.errors import CardError, LeagueError
from league.season.farm import roster_problem
from league.season.prefs import LIST_NAMES, NOT_A_LIST, PREF_KINDS, SHORT_ROSTER, pref_problem  # noqa: F401
from league.season.roster import INNINGS_RANGE, RATING_RANGES, League
from storage.mappers import league_texts
from storage.rowbase import Row
from storage.tables import CardRow, LeagueRow, PlayerRow, RulesetRow, TeamRow

# a manager's saved lists and what each must look like: league.season.prefs


class RosterPrefRow(Row, table=True):
    """A team's saved choice for one season: `kind` is reserves, order, rotation or bullpen;
    `data` a JSON list (player ids; for order, [player id, position] pairs)."""

    __tablename__ = "league_roster_pref"
    __table_args__ = (UniqueConstraint("season_id", "team", "kind", name="uq_league_roster_pref"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    team: str
    kind: str
    data: str = Field(default="[]", sa_column=Column(Text, nullable=False))


# --- checking a card's cells -------------------------------------------------------------------


def _whole(text: str, name: str, what: str) -> int:
    t = str(text).strip()
    try:
        value = int(t)
    except ValueError:
        raise CardError(f"{what}: {name} {t!r} is not a whole number") from None
    lo, hi = RATING_RANGES[name]
    if not lo <= value <= hi:
        raise CardError(f"{what}: {name} {value} is outside {lo}..{hi}")
    return value


def check_batting(values: Mapping[str, str], what: str) -> dict[str, str]:
    """Check a batting card given as {"bounds": "5 28 34 37 62 80 89 100", "BT": .., "RR": ..,
    "SR": .., "DP": .., "positions": "C4;1B2", "arm"/"block"/"lead" for catchers}; return the
    CSV cells. CardError names the field and the problem."""
    bounds = parse_bounds(values.get("bounds", ""), BAT_COLUMNS, f"{what}: BB..K")
    cells = {c: ("-" if b is None else str(b)) for c, b in zip(BAT_COLUMNS, bounds.bounds)}
    for name in ("BT", "RR", "SR", "DP"):
        cells[name] = str(_whole(values.get(name, ""), name, what))
    fielding = parse_fielding(values.get("positions", ""), f"{what}: positions")
    cells["positions"] = ";".join(f.text() for f in fielding)
    catcher = any(f.position == "C" for f in fielding)
    for name in ("arm", "block", "lead"):
        raw = str(values.get(name, "") or "").strip()
        if catcher:
            if not raw:
                raise CardError(f"{what}: a catcher needs {name} (the positions include C)")
            cells[name] = str(_whole(raw, name, what))
        elif raw:
            raise CardError(f"{what}: {name} is only for catchers (the positions have no C)")
        else:
            cells[name] = ""
    return cells


def check_pitching(values: Mapping[str, str], what: str) -> dict[str, str]:
    """Check a pitching card given as {"A".."D": bounds rows, "stability", "innings", "starter",
    "rest"}; return the CSV cells. CardError names the field and the problem."""
    cells: dict[str, str] = {}
    for cond in CONDITIONS:
        row = parse_bounds(values.get(cond, ""), PITCH_COLUMNS, f"{what}: row {cond}")
        cells[cond] = row.text()
    stability = str(values.get("stability", "")).strip().upper()
    if stability not in STABILITIES:
        raise CardError(f"{what}: stability {stability!r} is not one of {', '.join(STABILITIES)}")
    cells["stability"] = stability
    raw = str(values.get("innings", "")).strip()
    try:
        innings = float(raw)
    except ValueError:
        raise CardError(f"{what}: innings {raw!r} is not a number") from None
    lo, hi = INNINGS_RANGE
    if not lo <= innings <= hi:
        raise CardError(f"{what}: innings {innings:g} is outside {lo:g}..{hi:g}")
    cells["innings"] = f"{innings:g}"
    for name in ("starter", "rest"):
        cells[name] = str(_whole(values.get(name, ""), name, what))
    return cells


# --- writing a card ----------------------------------------------------------------------------


def _season_cards(session: Session, league_id: int, season_id: int) -> list[tuple[str, CardRow]]:
    return [(pid, card) for pid, card in session.exec(
        select(PlayerRow.pid, CardRow).join(CardRow, col(CardRow.player_id) == PlayerRow.id)
        .where(PlayerRow.league_id == league_id, CardRow.season_id == season_id)
        .order_by(col(PlayerRow.id))).all()]


def _league_of(session: Session, league_id: int, season_id: int,
               cards: Sequence[tuple[str | None, str | None]]) -> League:
    league = session.get(LeagueRow, league_id)
    if league is None:
        raise LeagueError(f"no league with id {league_id}")
    ruleset = session.exec(select(RulesetRow).where(RulesetRow.league_id == league_id)).first()
    teams = session.exec(select(TeamRow).where(TeamRow.league_id == league_id)).all()
    return league_texts(league, ruleset, teams, cards, f"league {league.name}").parse()


def save_card(*, session: Session, league_id: int, season_id: int, pid: str,
              batting: Mapping[str, str] | None = None,
              pitching: Mapping[str, str] | None = None) -> League:
    """Change the season's copy of a player's card (the given cells only) after checking them,
    then the league as a whole (a team still needs a catcher and five starters); the caller
    commits. Returns the season's league with the new card."""
    rows = _season_cards(session, league_id, season_id)
    mine = next((card for p, card in rows if p == pid), None)
    if mine is None:
        raise LeagueError(f"no card of player {pid!r} in this season")
    name = pid
    if batting is not None:
        if not mine.batting:
            raise CardError(f"{pid} has no batting card to edit")
        cells = json.loads(mine.batting)
        name = cells.get("name", pid)
        cells.update(check_batting(batting, f"{name} ({pid})"))
        mine.batting = json.dumps(cells, ensure_ascii=False, separators=(",", ":"))
    if pitching is not None:
        if not mine.pitching:
            raise CardError(f"{pid} has no pitching card to edit")
        cells = json.loads(mine.pitching)
        name = cells.get("name", pid)
        cells.update(check_pitching(pitching, f"{name} ({pid})"))
        mine.pitching = json.dumps(cells, ensure_ascii=False, separators=(",", ":"))
    league = _league_of(session, league_id, season_id, [(c.batting, c.pitching) for _, c in rows])
    session.add(mine)
    session.flush()
    return league


# --- preferences: reserves, order, rotation, bullpen ----------------------------------------------


def preferences(*, session: Session, season_id: int, team: str | None = None,
                set_aside: list[tuple[str, str, str]] | None = None
                ) -> dict[str, dict[str, list]]:
    """{team: {kind: list}} of the season's saved preferences (of one team when given). A list
    that is not what its kind must be (league.season.prefs: not JSON, not a list, entries of the
    wrong shape) is left out; `set_aside`, when given, gets (team, kind, why) of each."""
    query = select(RosterPrefRow).where(RosterPrefRow.season_id == season_id)
    if team is not None:
        query = query.where(RosterPrefRow.team == team)
    out: dict[str, dict[str, list]] = {}
    for row in session.exec(query).all():
        try:
            data: Any = json.loads(row.data)
        except ValueError:
            why: str | None = NOT_A_LIST.format(what=LIST_NAMES.get(row.kind, row.kind))
        else:
            why = pref_problem(row.kind, data)
        if why is not None:
            if set_aside is not None:
                set_aside.append((row.team, row.kind, why))
            continue
        out.setdefault(row.team, {})[row.kind] = data
    return out


def save_preference(*, session: Session, season_id: int, team: str, kind: str,
                    data: Sequence[Any]) -> None:
    """Store (replace) one preference of a team; an empty list removes it."""
    why = pref_problem(kind, json.loads(json.dumps(list(data))))   # as it will be read back
    if why is not None:
        raise LeagueError(why)
    row = session.exec(select(RosterPrefRow).where(
        RosterPrefRow.season_id == season_id, RosterPrefRow.team == team,
        RosterPrefRow.kind == kind)).first()
    if not data:
        if row is not None:
            session.delete(row)
        session.flush()
        return
    text = json.dumps(list(data), ensure_ascii=False, separators=(",", ":"))
    if row is None:
        session.add(RosterPrefRow(season_id=season_id, team=team, kind=kind, data=text))
    else:
        row.data = text
        session.add(row)
    session.flush()


def drop_preference(*, session: Session, season_id: int, team: str, kind: str) -> None:
    """Remove a saved list, whatever it holds (one set aside as unusable)."""
    for row in session.exec(select(RosterPrefRow).where(
            RosterPrefRow.season_id == season_id, RosterPrefRow.team == team,
            RosterPrefRow.kind == kind)).all():
        session.delete(row)
    session.flush()


def check_active(league: League, team: str, reserves: set[str]) -> None:
    """Refuse an active roster (its players off the farm, less the reserves) without what a game
    needs — league.season.farm.roster_problem: a catcher, five starters, nine position players (ten
    with DH), a man for every position — or with more players than the roster size."""
    t = league.team(team)
    active = [p for p in t.active if p.id not in reserves]
    where = f"{t.short or t.name}"
    if len(active) > league.roster_size:
        raise LeagueError(f"{where}: {len(active)} players on the active roster; at most "
                          f"{league.roster_size}")
    problem = roster_problem(active, league.dh_for(team))
    if problem is not None:
        raise LeagueError(SHORT_ROSTER.format(team=where, problem=problem))
