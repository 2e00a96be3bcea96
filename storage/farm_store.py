"""The farm and injuries of a season (migration 0010_farm): one ``season_roster`` row per player
with a demotion day (the ten-day rule) or injury points. A player's roster status is the
``roster`` cell of his season card (active / farm), changed with each move; every move is a
transaction of the league's log (kind ``up`` or ``down``, storage.history_store)."""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any, Optional

from sqlalchemy import UniqueConstraint, bindparam, select, update
from sqlmodel import Field, Session, col

from league.season.farm import Move, Notice, RosterBook, Standing
from league.season.roster import League
from storage import fastsql
from storage import history_store as hs
from storage.mappers import card_cells
from storage.rowbase import Row
from storage.tables import CardRow, PlayerRow


class SeasonRosterRow(Row, table=True):
    """A player's farm and injury standing in one season."""

    __tablename__ = "season_roster"
    __table_args__ = (UniqueConstraint("season_id", "player", name="uq_season_roster"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    player: str
    demoted_on: Optional[date] = None
    points: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    hurt_on: Optional[date] = None
    settled: Optional[date] = None


def standings(*, session: Session, season_id: int) -> dict[str, Standing]:
    # the columns, not ORM rows: read with the season's context and on every trade day
    t = SeasonRosterRow.__table__
    return {player: Standing(demoted_on, points, hurt_on, settled)
            for player, demoted_on, points, hurt_on, settled in session.execute(
                select(t.c.player, t.c.demoted_on, t.c.points, t.c.hurt_on, t.c.settled)
                .where(t.c.season_id == season_id))}


def book_of(*, session: Session, season_id: int | None, league: League,
            season_seed: int = 0) -> RosterBook:
    """The season's RosterBook: the farm from the cards, the standings from the table."""
    book = RosterBook(season_seed=season_seed)
    book.bind(league)
    if season_id is not None:
        book.entries = standings(session=session, season_id=season_id)
    return book


def store(*, session: Session, league_id: int, season_id: int | None, moves: Iterable[Move],
          entries: Mapping[str, Standing], notices: Iterable[Notice] = ()) -> None:
    """Store moves (the card's roster cell and a transaction each), standings and the saved lists
    set aside (an entry of the news each); the caller commits, with the game they came before
    when the season runner made them."""
    moves = list(moves)
    notices = list(notices)
    if notices:
        hs.add_notices(session=session, league_id=league_id, season_id=season_id,
                       notices=[(n.day, n.team, n.what, n.why) for n in notices])
    if season_id is not None and entries:
        # one upsert for them all (executemany on the connection's cursor, compiled once): the
        # standings change after nearly every game (recovery checks, injuries)
        _upsert_standings(session, season_id, entries)
    if moves:
        set_status(session=session, league_id=league_id, season_id=season_id,
                   status={m.player: ("farm" if m.kind == "down" else "active") for m in moves})
        for m in moves:
            if m.kind not in hs.ROSTER_KINDS:
                raise ValueError(f"unknown roster move {m.kind!r}")
        hs.add_roster_moves(session=session, league_id=league_id, season_id=season_id,
                            moves=[(m.day, m.kind, m.player, m.team, m.reason) for m in moves])
    session.flush()


def store_day(*, session: Session, league_id: int, season_id: int | None,
              games: Iterable[tuple[Iterable[Move], Mapping[str, Standing], Iterable[Notice]]]
              ) -> None:
    """`store` for a day's games at once, in their order (what each game's farm check brought:
    its moves, standings and saved lists set aside), with the rows `store` would leave game by
    game: one upsert of the standings (each player's last, as read now: the book's own
    entries), one write of the roster cells (each player's last status), the moves as
    transactions in their order — the notices' news entries keep their place among them (the
    same log, the same ids). The caller commits (the day's transaction)."""
    entries: dict[str, Standing] = {}
    status: dict[str, str] = {}
    moves: list[Move] = []

    def write_moves() -> None:
        if not moves:
            return
        for m in moves:
            if m.kind not in hs.ROSTER_KINDS:
                raise ValueError(f"unknown roster move {m.kind!r}")
        hs.add_roster_moves(session=session, league_id=league_id, season_id=season_id,
                            moves=[(m.day, m.kind, m.player, m.team, m.reason) for m in moves])
        moves.clear()

    for game_moves, game_entries, game_notices in games:
        notices = list(game_notices)
        if notices:     # the news entries come after the moves of the games before
            write_moves()
            hs.add_notices(session=session, league_id=league_id, season_id=season_id,
                           notices=[(n.day, n.team, n.what, n.why) for n in notices])
        entries.update(game_entries)
        for m in game_moves:
            status.pop(m.player, None)     # the order of the player's last move
            status[m.player] = "farm" if m.kind == "down" else "active"
            moves.append(m)
    if season_id is not None and entries:
        _upsert_standings(session, season_id, entries)
    if status:
        set_status(session=session, league_id=league_id, season_id=season_id, status=status)
    write_moves()
    session.flush()


def _upsert_standings(session: Session, season_id: int, entries: Mapping[str, Standing]) -> None:
    with fastsql.cursor_of(session) as (cursor, dialect):
        day = fastsql.day_param(dialect)
        if dialect.name == "postgresql":
            # one statement for them all, the columns as arrays (unnest keeps their order), not
            # a statement a player in a pipeline
            t = SeasonRosterRow.__tablename__
            cursor.execute(
                f"INSERT INTO {t} (season_id, player, {', '.join(_STANDING)}) SELECT %s, * "
                "FROM unnest(%s::text[], %s::date[], %s::int[], %s::date[], %s::date[]) "
                "ON CONFLICT (season_id, player) DO UPDATE SET "
                + ", ".join(f"{c} = excluded.{c}" for c in _STANDING),
                (season_id, list(entries), *([getattr(e, c) for e in entries.values()]
                                             for c in _STANDING)))
            return
        fastsql.run(cursor, dialect, "season_roster_upsert", _upsert, [
            (season_id, pid, day(e.demoted_on), e.points, day(e.hurt_on), day(e.settled))
            for pid, e in entries.items()])


_STANDING = ("demoted_on", "points", "hurt_on", "settled")


def _upsert(dialect: str) -> tuple[Any, tuple[str, ...]]:
    """INSERT … ON CONFLICT DO UPDATE of a player's standing (SQLite and PostgreSQL both)."""
    t = SeasonRosterRow.__table__
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as upsert
    else:
        from sqlalchemy.dialects.sqlite import insert as upsert  # type: ignore[assignment]
    keys = ("season_id", "player", *_STANDING)
    stmt = upsert(t).values({k: bindparam(k) for k in keys})
    stmt = stmt.on_conflict_do_update(index_elements=[t.c.season_id, t.c.player],
                                      set_={c: stmt.excluded[c] for c in _STANDING})
    return stmt, keys


_READ_SLICE = 500


def set_status(*, session: Session, league_id: int, season_id: int | None,
               status: Mapping[str, str]) -> None:
    """Write players' roster cells (active / farm) into the season's cards (or the league's own
    without a season), batting and pitching rows alike.

    A move comes with nearly every game of a league with a farm: each player's cards are read and
    written back on the session's cursor with statements compiled once (storage.fastsql)."""
    if not status:
        return
    c, p = CardRow.__table__, PlayerRow.__table__   # type: ignore[attr-defined]
    with fastsql.cursor_of(session) as (cursor, dialect):
        mark = fastsql.marker(dialect)
        season = f"c.season_id = {mark}" if season_id is not None else "c.season_id IS NULL"
        players = list(status)
        rows = []
        # the moved players' cards read at once (one round trip a day, not one a player), in
        # slices well under any database's count of parameters a statement; on PostgreSQL the
        # players as one array, so the statement's text is the same each day (psycopg prepares
        # it after its fifth use: the server no longer parses and plans it every day)
        for k in range(0, len(players), _READ_SLICE):
            part = players[k:k + _READ_SLICE]
            among = (f"= ANY({mark})" if dialect.name == "postgresql"
                     else f"IN ({', '.join([mark] * len(part))})")
            cursor.execute(
                f"SELECT p.pid, c.id, c.{c.c.batting.name}, c.{c.c.pitching.name} "
                f"FROM {c.name} c JOIN {p.name} p ON p.id = c.player_id "
                f"WHERE p.league_id = {mark} AND {season} AND p.pid {among}",
                [league_id, *([season_id] if season_id is not None else []),
                 *([part] if dialect.name == "postgresql" else part)])
            rows += [(_with_roster(bat, status[pid]), _with_roster(pit, status[pid]), cid)
                     for pid, cid, bat, pit in cursor.fetchall()]
        if dialect.name == "postgresql" and rows:
            # one statement for the day's cards: not one a card in a pipeline (≈ 3,000 a
            # season, each bound, sent and run on its own)
            values, params = fastsql.values_list(dialect, rows, ("text", "text", "int"))
            cursor.execute(f"UPDATE {c.name} AS c SET batting = v.bat, pitching = v.pit FROM "
                           f"({values}) AS v(bat, pit, id) WHERE c.id = v.id", params)
            return
        fastsql.run(cursor, dialect, "card_roster_cells", _card_cells, rows)


def _card_cells(_dialect: str) -> tuple[Any, tuple[str, ...]]:
    c = CardRow.__table__   # type: ignore[attr-defined]
    return (update(c).where(c.c.id == bindparam("k_id"))
            .values(batting=bindparam("k_bat"), pitching=bindparam("k_pit")),
            ("k_bat", "k_pit", "k_id"))


# a card's cells with its roster cell set, by (its cells, the status): a man called up and sent
# down again through a season has the same two texts each time (≈ 3,000 cells a season
# decoded and written again); strings only, forgotten at once past a bound
_ROSTERED: dict[tuple[str, str], str] = {}
_ROSTERED_KEPT = 20_000


def _with_roster(cells: str | None, value: str) -> str | None:
    if cells is None:
        return None
    done = _ROSTERED.get((cells, value))
    if done is None:
        if len(_ROSTERED) > _ROSTERED_KEPT:
            _ROSTERED.clear()
        data = card_cells(cells)
        data["roster"] = "" if value == "active" else value
        done = _ROSTERED[(cells, value)] = json.dumps(data, ensure_ascii=False,
                                                      separators=(",", ":"))
    return done


def set_rule_option(*, session: Session, league_id: int, key: str, value: object) -> None:
    """Set one rule option of the league's ruleset (checked like a ruleset's [options])."""
    from league.engine.ruleset import check_options
    from storage.tables import RulesetRow
    row = session.exec(select(RulesetRow)  # type: ignore[call-overload]
                       .where(col(RulesetRow.league_id) == league_id)).scalars().first()
    if row is None:
        row = RulesetRow(league_id=league_id, name="standard", options="{}")
    options = json.loads(row.options or "{}")
    options[key] = value
    row.options = json.dumps(check_options(options, "league options"), ensure_ascii=False)
    session.add(row)
    session.flush()
