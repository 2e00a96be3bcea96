"""History of a league: the transaction log (news), the awards the commissioner confirmed, the
award settings, and the season totals every title, award, career and record is computed from.

Tables (migration 0008_history): ``league_transaction`` one row per transaction (a trade, a
release, a signing, a move) with the players it moved as JSON; ``season_award`` one row per
award slot of a season (player NULL: 該当者なし); ``league_award_rules`` a league's award settings
as JSON. A released player is a free agent: his card stays, with no team (``FREE_AGENT``), and
the league's teams are read without him.

Season totals are summed by the database (GROUP BY season, player, team), so history over many
seasons reads a few thousand rows rather than every game line.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Optional

from sqlalchemy import Column, ColumnElement, Text, UniqueConstraint, bindparam, case, func, select, update
from sqlmodel import Field, Session, col
from sqlmodel import select as sm_select

from league.errors import LeagueError
from league.season.stats import BattingStats, FieldingStats, PitchingStats
from storage import fastsql
from storage.rowbase import Row
from storage.tables import (
    BAT_COLUMNS,
    FIELD_COLUMNS,
    PIT_COLUMNS,
    BattingLineRow,
    CardRow,
    FieldingLineRow,
    GameRow,
    PitchingLineRow,
    PlayerRow,
    ScheduleRow,
    SeasonRow,
    _now,
    in_seasons,
    of_player,
    players_named,
)

FREE_AGENT = ""        # CardRow.team of a released player (自由契約)
TRANSACTION_KINDS = ("trade", "release", "sign", "move")
# a team's own roster moves (storage.farm_store): call-up (一軍登録) and demotion (登録抹消)
ROSTER_KINDS = ("up", "down")
# a manager's saved list the season runner set aside (league.season.farm.Notice): kind "aside_<list>"
# ("aside_order", "aside_reserves", ...), the team as the one move's teams, the reason as note
ASIDE = "aside_"
# the off-season's renewal (league.offseason): each team's growth and decline (変化: one entry per
# team, its players as the moves, the changes as a JSON note {player: Change.as_dict()})
CHANGE = "change"
RETIRE = "retire"      # 引退: moves [player, team, ""]; a released player is a "release"
DRAFT = "draft"        # ドラフト: moves [player, "", team]; note {round, pick, school, age, lottery}
OFFSEASON_KINDS = (CHANGE, RETIRE, DRAFT)
# a keyboard game the commissioner's recording refused and voided: the teams, the reason
REFUSED = "keyboard_refused"


class TransactionRow(Row, table=True):
    """One transaction: `moves` is a JSON list of [player id, from team, to team] ("" = free)."""

    __tablename__ = "league_transaction"

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    season_id: Optional[int] = Field(default=None, foreign_key="season_season.id",
                                     ondelete="CASCADE")
    day: Optional[date] = None
    kind: str
    moves: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    note: str = Field(default="", sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=_now)


class AwardRow(Row, table=True):
    """The award the commissioner confirmed for one slot of a season (player NULL: nobody)."""

    __tablename__ = "season_award"
    __table_args__ = (UniqueConstraint("season_id", "league_part", "award",
                                       name="uq_season_award"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    league_part: str = ""          # the league (リーグ) of a two-league structure, "" for all
    award: str                     # mvp, rookie, best_nine:C, golden_glove:OF1, sawamura
    player: Optional[str] = None
    proposed: Optional[str] = None
    confirmed_at: datetime = Field(default_factory=_now)


class AwardRulesRow(Row, table=True):
    """A league's award settings (league.season.awards.AwardRules.to_mapping) as JSON."""

    __tablename__ = "league_award_rules"

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", unique=True)
    data: str = Field(default="{}", sa_column=Column(Text, nullable=False))


# --- season totals -------------------------------------------------------------------------------

_BAT_ATTR = {"d2": "doubles", "d3": "triples"}


@dataclass(frozen=True)
class Totals:
    """A player's totals with one team in one season (what the lines of his games add up to)."""

    season_id: int
    player: str
    team: str
    last_day: date
    last_number: int
    batting: BattingStats | None = None
    pitching: PitchingStats | None = None
    fielding: FieldingStats | None = None


def season_totals(*, session: Session, season_ids: Sequence[int], player: str | None = None,
                  kind: str = "regular") -> list[Totals]:
    """Every (season, player, team)'s batting, pitching and fielding totals of the stored games
    of one kind: the regular season's, or the postseason's (kept apart)."""
    if not season_ids:
        return []
    s = ScheduleRow.__table__
    g = GameRow.__table__
    found: dict[tuple[int, str, str], dict[str, Any]] = {}

    def grouped(table: Any, sums: list[Any]) -> Any:
        t = table.__table__
        q = (select(t.c.season_id, t.c.player, t.c.team, func.max(s.c.day), func.max(s.c.number),
                    func.count(), *sums)
             .join(g, g.c.id == t.c.game_id).join(s, s.c.id == g.c.schedule_id)
             .where(s.c.kind == kind, *(in_seasons(table, list(season_ids)) if player is None
                                        else of_player(table, player, list(season_ids)))))
        return session.execute(q.group_by(t.c.season_id, t.c.player, t.c.team)).all()

    def entry(row: Any) -> dict[str, Any]:
        e = found.setdefault((row[0], row[1], row[2]), {"day": row[3], "number": row[4]})
        if _as_date(row[3]) > _as_date(e["day"]):
            e["day"], e["number"] = row[3], row[4]
        return e

    bt = BattingLineRow.__table__
    for row in grouped(BattingLineRow, [func.sum(bt.c[c]) for c in BAT_COLUMNS]):
        entry(row)["batting"] = BattingStats(
            games=row[5], **{_BAT_ATTR.get(c, c): int(v or 0) for c, v in zip(BAT_COLUMNS, row[6:])})
    pt = PitchingLineRow.__table__
    dec = pt.c.decision
    counts = [func.sum(case((pt.c.started, 1), else_=0)),
              func.sum(case((dec == "W", 1), else_=0)), func.sum(case((dec == "L", 1), else_=0)),
              func.sum(case((dec == "S", 1), else_=0)), func.sum(case((dec == "H", 1), else_=0)),
              func.sum(case(((dec == "W") & ~pt.c.started, 1), else_=0)),
              func.sum(case((pt.c.started & pt.c.finished, 1), else_=0)),
              func.sum(case((pt.c.started & pt.c.finished & (pt.c.r == 0), 1), else_=0))]
    for row in grouped(PitchingLineRow, counts + [func.sum(pt.c[c]) for c in PIT_COLUMNS]):
        starts, w, l_, sv, h, relief_w, cg, sho = (int(v or 0) for v in row[6:14])
        entry(row)["pitching"] = PitchingStats(
            games=row[5], starts=starts, wins=w, losses=l_, saves=sv, holds=h,
            hold_points=h + relief_w, complete_games=cg, shutouts=sho,
            **{c: int(v or 0) for c, v in zip(PIT_COLUMNS, row[14:])})
    ft = FieldingLineRow.__table__
    for row in grouped(FieldingLineRow, [func.sum(ft.c[c]) for c in FIELD_COLUMNS]):
        entry(row)["fielding"] = FieldingStats(row[5], *(int(v or 0) for v in row[6:]))
    return [Totals(k[0], k[1], k[2], _as_date(e["day"]), e["number"], e.get("batting"),
                   e.get("pitching"), e.get("fielding"))
            for k, e in sorted(found.items())]


def _as_date(v: Any) -> date:
    return v if isinstance(v, date) else date.fromisoformat(str(v)[:10])


def position_games(*, session: Session, season_ids: Sequence[int]
                   ) -> dict[tuple[int, str, str], dict[str, int]]:
    """Regular-season games at each position per (season, player, team), from the batting lines:
    a line "PH-LF" counts as LF, "DH" as DH; a pinch hitter or runner who never fielded counts
    nowhere. (By team: a man traded between the two leagues has each league's games.)"""
    if not season_ids:
        return {}
    t = BattingLineRow.__table__
    s = ScheduleRow.__table__
    g = GameRow.__table__
    out: dict[tuple[int, str, str], dict[str, int]] = {}
    rows = session.execute(select(t.c.season_id, t.c.player, t.c.team, t.c.pos, func.count())
                           .join(g, g.c.id == t.c.game_id).join(s, s.c.id == g.c.schedule_id)
                           .where(t.c.season_id.in_(list(season_ids)), s.c.kind == "regular")
                           .group_by(t.c.season_id, t.c.player, t.c.team, t.c.pos)).all()
    known = {"P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "DH"}
    for sid, pid, team, pos, n in rows:
        first = next((p for p in str(pos or "").split("-") if p in known), None)
        if first is None:
            continue
        d = out.setdefault((sid, pid, team), {})
        d[first] = d.get(first, 0) + n
    return out


def card_seasons(*, session: Session, league_id: int) -> dict[str, list[tuple[int, str]]]:
    """For each player, the (season number, team) of every season he had a card on a team."""
    rows = session.execute(
        sm_select(PlayerRow.pid, SeasonRow.number, CardRow.team)
        .select_from(CardRow).join(PlayerRow, col(PlayerRow.id) == CardRow.player_id)
        .join(SeasonRow, col(SeasonRow.id) == CardRow.season_id)
        .where(PlayerRow.league_id == league_id, CardRow.team != FREE_AGENT)).all()
    out: dict[str, list[tuple[int, str]]] = {}
    for pid, number, team in rows:
        out.setdefault(pid, []).append((number, team))
    for v in out.values():
        v.sort()
    return out


# --- transactions --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Transaction:
    id: int
    season: int | None
    day: date | None
    kind: str
    moves: tuple[tuple[str, str, str], ...]     # (player, from team, to team); "" = free agent
    note: str
    created_at: datetime


def player_teams(*, session: Session, league_id: int, season_id: int | None
                 ) -> dict[str, str]:
    """Each player's team in the season's cards (or the league's own): "" for a free agent."""
    where = (CardRow.season_id.is_(None) if season_id is None  # type: ignore[union-attr]
             else CardRow.season_id == season_id)
    return dict(session.execute(sm_select(PlayerRow.pid, CardRow.team)
                                .join(PlayerRow, col(PlayerRow.id) == CardRow.player_id)
                                .where(PlayerRow.league_id == league_id, where)).all())


def apply_moves(*, session: Session, league_id: int, season_id: int | None,
                moves: Iterable[tuple[str, str, str]]) -> None:
    """Move players' cards: in the season's cards (if any) and in the league's own, so the next
    season starts from the rosters as they are now. The caller checks the league afterwards."""
    moves = list(moves)
    ids: dict[str, int] = dict(session.execute(sm_select(PlayerRow.pid, col(PlayerRow.id)).where(
        *players_named(league_id, [pid for pid, _src, _dst in moves]))).all())
    c = CardRow.__table__
    for pid, _src, dst in moves:
        if pid not in ids:
            raise LeagueError(f"no player {pid!r} in this league")
        targets: list[ColumnElement[bool]] = [c.c.season_id.is_(None)]
        if season_id is not None:
            targets.append(c.c.season_id == season_id)
        for t in targets:
            # the card's CSV cells name the team too: both change together
            for cid, bat, pit in session.execute(select(c.c.id, c.c.batting, c.c.pitching)
                                                 .where(c.c.player_id == ids[pid], t)).all():
                session.execute(update(c).where(c.c.id == cid).values(
                    team=dst, batting=_with_team(bat, dst), pitching=_with_team(pit, dst)))
    session.flush()


def _with_team(cells: str | None, team: str) -> str | None:
    if cells is None:
        return None
    data = json.loads(cells)
    data["team"] = team
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def add_transaction(*, session: Session, league_id: int, season_id: int | None, day: date | None,
                    kind: str, moves: Sequence[tuple[str, str, str]], note: str = "") -> int:
    if kind not in TRANSACTION_KINDS + ROSTER_KINDS + OFFSEASON_KINDS:
        raise LeagueError(f"unknown transaction {kind!r}; use {', '.join(TRANSACTION_KINDS)}")
    row = TransactionRow(league_id=league_id, season_id=season_id, day=day, kind=kind,
                         moves=json.dumps([list(m) for m in moves], ensure_ascii=False),
                         note=note)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def add_roster_moves(*, session: Session, league_id: int, season_id: int | None,
                     moves: Sequence[tuple[date, str, str, str, str]]) -> None:
    """Roster moves (day, kind up/down, player, team, reason) as transactions of the log, one
    statement for them all (the season runner stores a day's moves with its next game)."""
    if not moves:
        return
    now = _now()
    with fastsql.cursor_of(session) as (cursor, dialect):
        day_of = fastsql.day_param(dialect)
        stamp = fastsql.time_param(dialect)(now)
        rows = [(league_id, season_id, day_of(day), kind,
                 json.dumps([[pid, team, team]], ensure_ascii=False), reason, stamp)
                for day, kind, pid, team, reason in moves]
        if dialect.name == "postgresql":
            # one statement, the moves in their order (the same ids as one insert a move), not
            # one a move in a pipeline
            stmt, keys = _roster_move_insert(dialect.name)
            values, params = fastsql.values_list(dialect, rows)
            cursor.execute(f"INSERT INTO {stmt.table.name} ({', '.join(keys)}) {values}", params)
            return
        fastsql.run(cursor, dialect, "roster_moves", _roster_move_insert, rows)


def add_notices(*, session: Session, league_id: int, season_id: int | None,
                notices: Sequence[tuple[date | None, str, str, str]]) -> None:
    """Saved lists set aside (day, team, list, why) as entries of the league's news."""
    now = _now()
    for day, team, what, why in notices:
        session.add(TransactionRow(league_id=league_id, season_id=season_id, day=day,
                                   kind=ASIDE + what,
                                   moves=json.dumps([["", team, team]], ensure_ascii=False),
                                   note=why, created_at=now))
    session.flush()


def add_refused(*, session: Session, league_id: int, season_id: int | None,
                teams: tuple[str, str], number: int | None, live_id: int, reason: str) -> None:
    """A keyboard game refused by the commissioner's recording (and voided), in the news."""
    what = f"game {number}" if number is not None else "exhibition"
    session.add(TransactionRow(league_id=league_id, season_id=season_id, day=None, kind=REFUSED,
                               moves=json.dumps([["", teams[0], teams[1]]], ensure_ascii=False),
                               note=f"{what}, saved game {live_id}: {reason}",
                               created_at=_now()))
    session.flush()


def _roster_move_insert(_dialect: str) -> tuple[Any, tuple[str, ...]]:
    keys = ("league_id", "season_id", "day", "kind", "moves", "note", "created_at")
    return TransactionRow.__table__.insert().values(  # type: ignore[attr-defined]
        {k: bindparam(k) for k in keys}), keys


def retired(*, session: Session, league_id: int) -> set[str]:
    """The players who retired (引退): their careers are over."""
    rows = session.exec(sm_select(TransactionRow.moves).where(
        TransactionRow.league_id == league_id, TransactionRow.kind == RETIRE)).all()
    return {m[0] for text in rows for m in json.loads(text)}


def transactions(*, session: Session, league_id: int, limit: int | None = None,
                 kind: str | None = None) -> list[Transaction]:
    """The log, newest first; `kind`: those of that kind alone (a season's trades, not its
    thousand farm moves read and dropped)."""
    q = (sm_select(TransactionRow, SeasonRow.number)
         .join(SeasonRow, col(SeasonRow.id) == TransactionRow.season_id, isouter=True)
         .where(TransactionRow.league_id == league_id)
         .order_by(col(TransactionRow.id).desc()))
    if kind is not None:
        q = q.where(TransactionRow.kind == kind)
    if limit is not None:
        q = q.limit(limit)
    out = []
    for row, number in session.exec(q).all():
        assert row.id is not None
        out.append(Transaction(row.id, number, row.day, row.kind,
                               tuple(tuple(m) for m in json.loads(row.moves)),  # type: ignore[misc]
                               row.note, row.created_at))
    return out


def note_data(note: str | None) -> dict[str, Any]:
    """A transaction's note as data: the off-season's and the computer's notes are JSON objects;
    a note a person typed is text, no data ({} — also when it only looks like JSON)."""
    if not note or not note.startswith("{"):
        return {}
    try:
        data = json.loads(note)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def after_close(*, session: Session, league_id: int) -> set[int]:
    """The ids of the transactions a person made after their season closed (its off-season: a
    release, signing, trade or move between the seasons is kept in the closed season's news).
    What happened in a season is its cards as it closed; these came after."""
    q = (sm_select(TransactionRow.id)
         .join(SeasonRow, col(SeasonRow.id) == TransactionRow.season_id)
         .where(TransactionRow.league_id == league_id,
                col(SeasonRow.closed_at).is_not(None),
                col(TransactionRow.created_at) > col(SeasonRow.closed_at)))
    return {i for i in session.exec(q).all() if i is not None}


# --- awards --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredAward:
    season_id: int
    league_part: str
    award: str
    player: str | None
    proposed: str | None


def awards(*, session: Session, season_ids: Sequence[int]) -> list[StoredAward]:
    if not season_ids:
        return []
    rows = session.exec(sm_select(AwardRow).where(col(AwardRow.season_id).in_(list(season_ids)))
                        .order_by(col(AwardRow.id))).all()
    return [StoredAward(r.season_id, r.league_part, r.award, r.player, r.proposed) for r in rows]


def confirm_award(*, session: Session, season_id: int, league_part: str, award: str,
                  player: str | None, proposed: str | None) -> None:
    """Store (or replace) the commissioner's choice for one award slot."""
    row = session.exec(sm_select(AwardRow).where(
        AwardRow.season_id == season_id, AwardRow.league_part == league_part,
        AwardRow.award == award)).first()
    if row is None:
        row = AwardRow(season_id=season_id, league_part=league_part, award=award)
    row.player, row.proposed, row.confirmed_at = player, proposed, _now()
    session.add(row)
    session.flush()


def award_rules(*, session: Session, league_id: int) -> dict[str, Any]:
    row = session.exec(sm_select(AwardRulesRow).where(AwardRulesRow.league_id == league_id)).first()
    return json.loads(row.data) if row is not None else {}


def save_award_rules(*, session: Session, league_id: int, data: Mapping[str, Any]) -> None:
    row = session.exec(sm_select(AwardRulesRow).where(AwardRulesRow.league_id == league_id)).first()
    if row is None:
        row = AwardRulesRow(league_id=league_id)
    row.data = json.dumps(dict(data), ensure_ascii=False)
    session.add(row)
    session.flush()
