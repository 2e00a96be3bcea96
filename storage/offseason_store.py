"""The off-season between a closed season and the next (migration 0015_offseason): where its
steps stand and what they decided (``league_offseason``: the step reached, the departures, the
draft's class and the clubs a person picks for, as JSON), and the picks a person named
(``league_draft_pick``: one row a turn of a club, in the order its turns come; a NULL prospect
stops the club), and the free-agency offers a person made (``league_fa_offer``, migration
0017_fa_offer: one row an offer of a club to a declared player, a role and years; a NULL player
says the club has made all it makes), and the foreign signings and releases a person chose
(``league_foreign_choice``, migration 0018_foreign_choice: one row a choice, `sign` a man of his
club's pool or `release` one of its foreign players; a NULL player: done). The next season's
making reads them and removes them. How many offers each free agent has is a view
(``league_fa_offer_count``, 0019): in a shared league a manager reads only his own club's offers
(sealed, §4), and the count from every club. The men who refused a club's pick (入団拒否, §3)
outlive the off-season: ``league_amateur`` (migration 0026_amateur), one row a man, the year of
the class he comes back in and the amateur he is then (JSON), until that class is made."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional

import sqlalchemy as sa
from sqlalchemy import Column, Text, UniqueConstraint, delete, func, select
from sqlmodel import Field, Session, col

from storage.rowbase import SEALED_ID, Row


class OffseasonStateRow(Row, table=True):
    """One off-season of a league: the year of the season it leads to, the step reached."""

    __tablename__ = "league_offseason"
    __table_args__ = (UniqueConstraint("league_id", "year", name="uq_league_offseason"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    year: int
    step: str = ""
    data: str = Field(default="{}", sa_column=Column(Text, nullable=False, server_default="{}"))


class OffseasonPickRow(Row, table=True):
    """A person's entry for a club's turn of the draft (入札, 外れ1位, a pick a round)."""

    __tablename__ = "league_draft_pick"
    __table_args__ = (UniqueConstraint("league_id", "year", "team", "turn",
                                       name="uq_league_draft_pick"),)

    id: Optional[int] = Field(default=None, primary_key=True, sa_type=SEALED_ID)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    year: int
    team: str
    turn: int
    prospect: Optional[str] = None
    made_by: str = ""


class FaOfferRow(Row, table=True):
    """A person's offer for his club in free agency (npb_offseason.md §4): to `player` (a
    declared free agent), the promised `role`, `years`; NULL `player`: the club's offers are
    made (no more)."""

    __tablename__ = "league_fa_offer"
    __table_args__ = (UniqueConstraint("league_id", "year", "team", "player",
                                       name="uq_league_fa_offer"),)

    id: Optional[int] = Field(default=None, primary_key=True, sa_type=SEALED_ID)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    year: int
    team: str
    player: Optional[str] = None
    role: str = ""
    years: int = 0
    made_by: str = ""


class ForeignChoiceRow(Row, table=True):
    """A person's choice for his club at the foreign step (npb_offseason.md §5): `action` sign
    (a man of its pool) or release (one of its foreign players); NULL `player` (action done):
    the club's choice is made."""

    __tablename__ = "league_foreign_choice"
    __table_args__ = (UniqueConstraint("league_id", "year", "team", "player",
                                       name="uq_league_foreign_choice"),)

    id: Optional[int] = Field(default=None, primary_key=True, sa_type=SEALED_ID)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    year: int
    team: str
    player: Optional[str] = None
    action: str = ""
    made_by: str = ""


class AmateurRow(Row, table=True):
    """A man who refused his club's pick (入団拒否, npb_offseason.md §3) and comes back in a later
    class: `year` the year of the draft he may join, `prospect` the amateur he is then (the
    fields of league.offseason.draft.Prospect, JSON), `refused` the year of the draft he
    refused and `team` the club whose pick he refused. Kept from one off-season to the next;
    the class he joins removes him."""

    __tablename__ = "league_amateur"
    __table_args__ = (UniqueConstraint("league_id", "key", name="uq_league_amateur"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    key: str
    year: int
    refused: int
    team: str
    prospect: str = Field(sa_column=Column(Text, nullable=False))


def amateurs(*, session: Session, league_id: int) -> list[tuple[int, dict[str, Any]]]:
    """The men who refused in earlier drafts and have not come back yet: (the year of the class
    he may join, the amateur he is then as a dict), by key."""
    return [(r.year, json.loads(r.prospect)) for r in session.exec(
        select(AmateurRow)  # type: ignore[call-overload]
        .where(col(AmateurRow.league_id) == league_id).order_by(col(AmateurRow.key))).scalars()]


def keep_amateurs(*, session: Session, league_id: int, back: list[tuple[int, dict[str, Any]]],
                  entered: list[str]) -> None:
    """An off-season's refusals kept: the men of `entered` (keys) came back into its class and
    are removed, each of `back` (the year he may come back, the amateur as a dict with its
    `key`, `refused_year`, `refused_team`) stored (a man who refused again replaces his row).
    The caller commits."""
    keys = list(entered) + [str(p["key"]) for _y, p in back]
    if keys:
        session.execute(delete(AmateurRow).where(col(AmateurRow.league_id) == league_id,
                                                 col(AmateurRow.key).in_(keys)))
    for year, p in back:
        session.add(AmateurRow(league_id=league_id, key=str(p["key"]), year=year,
                               refused=int(p.get("refused_year", 0)),
                               team=str(p.get("refused_team", "")),
                               prospect=json.dumps(p, ensure_ascii=False, separators=(",", ":"))))
    session.flush()


@dataclass(frozen=True)
class Offseason:
    year: int
    step: str
    data: dict[str, Any]
    entries: dict[str, list[str | None]]
    # free agency: each club's offers (player, role, years) in the order made; None: done
    offers: dict[str, list[tuple[str | None, str, int]]] = field(default_factory=dict)


def get(*, session: Session, league_id: int, year: int) -> Offseason | None:
    row = session.exec(select(OffseasonStateRow)  # type: ignore[call-overload]
                       .where(col(OffseasonStateRow.league_id) == league_id,
                              col(OffseasonStateRow.year) == year)).scalars().first()
    if row is None:
        return None
    entries: dict[str, list[str | None]] = {}
    for r in session.exec(select(OffseasonPickRow)  # type: ignore[call-overload]
                          .where(col(OffseasonPickRow.league_id) == league_id,
                                 col(OffseasonPickRow.year) == year)
                          .order_by(col(OffseasonPickRow.team), col(OffseasonPickRow.turn))
                          ).scalars():
        entries.setdefault(r.team, []).append(r.prospect)
    return Offseason(year, row.step, json.loads(row.data or "{}"), entries,
                     fa_offers(session=session, league_id=league_id, year=year))


def fa_offers(*, session: Session, league_id: int, year: int
              ) -> dict[str, list[tuple[str | None, str, int]]]:
    """Each club's free-agency offers of the off-season before `year`, in the order made:
    (player, role, years); (None, "", 0) once the club said it makes no more."""
    out: dict[str, list[tuple[str | None, str, int]]] = {}
    for r in session.exec(select(FaOfferRow)  # type: ignore[call-overload]
                          .where(col(FaOfferRow.league_id) == league_id,
                                 col(FaOfferRow.year) == year)
                          .order_by(col(FaOfferRow.id))).scalars():
        out.setdefault(r.team, []).append((r.player, r.role, r.years))
    return out


# how many offers each declared free agent has, the clubs not named (migration
# 0019_fa_offer_count, a view): everyone's to read in a shared league, where the offers are sealed
FA_OFFER_COUNT = sa.table("league_fa_offer_count", sa.column("league_id"), sa.column("year"),
                          sa.column("player"), sa.column("offers"))


def fa_offer_counts(*, session: Session, league_id: int, year: int) -> dict[str, int]:
    """How many offers each declared free agent of the off-season before `year` has, from
    every club (a manager of a shared league reads only his own club's offers)."""
    v = FA_OFFER_COUNT.c
    return {str(p): int(n) for p, n in session.execute(
        select(v.player, v.offers).where(v.league_id == league_id, v.year == year))}


# how many picks each club has named at the draft, the men not named (migration
# 0023_draft_pick_count, a view): everyone's to read in a shared league, where a pending pick
# is sealed
DRAFT_PICK_COUNT = sa.table("league_draft_pick_count", sa.column("league_id"), sa.column("year"),
                            sa.column("team"), sa.column("named"))


def draft_pick_counts(*, session: Session, league_id: int, year: int) -> dict[str, int]:
    """How many picks (a stop too) each club has named at the draft of the off-season before
    `year` (a manager of a shared league reads only his own club's pending pick)."""
    v = DRAFT_PICK_COUNT.c
    return {str(t): int(n) for t, n in session.execute(
        select(v.team, v.named).where(v.league_id == league_id, v.year == year))}


def foreign_choices(*, session: Session, league_id: int, year: int
                    ) -> dict[str, list[tuple[str | None, str]]]:
    """Each club's choices at the foreign step of the off-season before `year`, in the order
    made: (player, "sign" | "release"); (None, "done") once the club's choice is made."""
    out: dict[str, list[tuple[str | None, str]]] = {}
    for r in session.exec(select(ForeignChoiceRow)  # type: ignore[call-overload]
                          .where(col(ForeignChoiceRow.league_id) == league_id,
                                 col(ForeignChoiceRow.year) == year)
                          .order_by(col(ForeignChoiceRow.id))).scalars():
        out.setdefault(r.team, []).append((r.player, r.action))
    return out


def add_foreign_choice(*, session: Session, league_id: int, year: int, team: str,
                       player: str | None, action: str, made_by: str = "") -> None:
    """A person's choice for his club at the foreign step (`player` None: done); the caller
    commits."""
    session.add(ForeignChoiceRow(league_id=league_id, year=year, team=team, player=player,
                                 action=action, made_by=made_by))
    session.flush()


def add_fa_offer(*, session: Session, league_id: int, year: int, team: str,
                 player: str | None, role: str = "", years: int = 0, made_by: str = "") -> None:
    """A person's offer for his club (`player` None: the club makes no more); the caller
    commits."""
    session.add(FaOfferRow(league_id=league_id, year=year, team=team, player=player, role=role,
                           years=years, made_by=made_by))
    session.flush()


def save(*, session: Session, league_id: int, year: int, step: str,
         data: dict[str, Any]) -> None:
    """The off-season's step and decisions stored (made or replaced); the caller commits."""
    row = session.exec(select(OffseasonStateRow)  # type: ignore[call-overload]
                       .where(col(OffseasonStateRow.league_id) == league_id,
                              col(OffseasonStateRow.year) == year)).scalars().first()
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    if row is None:
        row = OffseasonStateRow(league_id=league_id, year=year, step=step, data=text)
    else:
        row.step, row.data = step, text
    session.add(row)
    session.flush()


def add_entry(*, session: Session, league_id: int, year: int, team: str,
              prospect: str | None, made_by: str = "") -> int:
    """A person's entry for the club's next turn; returns its turn (0 first)."""
    turn = session.execute(select(func.count()).select_from(OffseasonPickRow)
                           .where(col(OffseasonPickRow.league_id) == league_id,
                                  col(OffseasonPickRow.year) == year,
                                  col(OffseasonPickRow.team) == team)).scalar_one()
    session.add(OffseasonPickRow(league_id=league_id, year=year, team=team, turn=turn,
                                 prospect=prospect, made_by=made_by))
    session.flush()
    return int(turn)


def clear(*, session: Session, league_id: int, year: int) -> None:
    """The off-season done: its state and entries removed (the news keeps what it did)."""
    for table in (OffseasonPickRow, FaOfferRow, ForeignChoiceRow, OffseasonStateRow):
        session.execute(delete(table).where(col(table.league_id) == league_id,  # type: ignore[attr-defined]
                                            col(table.year) == year))  # type: ignore[attr-defined]
