"""A person's trade offers in a shared league (migration 0016_trade_offer): one row an offer of
a manager's club (`gives` its players, `gets` the other club's, ids joined by commas), `state`
offered until the commissioner's program answers it (accepted and made, or refused, `answer`
the reason). What a manager may insert is the database's to check (storage.sharing), and in a
shared league he reads only the offers his club is party to until the trade is done (0020)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from sqlalchemy import Column, Index, Text, select
from sqlmodel import Field, Session, col

from storage.rowbase import SEALED_ID, Row

OFFERED, ACCEPTED, REFUSED = "offered", "accepted", "refused"
DECLINED = "declined"          # a computer's proposal a manager turned down (never a move)


class TradeOfferRow(Row, table=True):
    """A manager's offer: his club `team` sends `gives` to `other` for `gets`."""

    __tablename__ = "league_trade_offer"
    # the club an offer is made to: its side of the read rule in a shared league (0020)
    __table_args__ = (Index("ix_league_trade_offer_other", "league_id", "other"),)

    id: Optional[int] = Field(default=None, primary_key=True, sa_type=SEALED_ID)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    team: str
    other: str
    gives: str
    gets: str
    state: str = OFFERED
    answer: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    made_by: str = ""


@dataclass(frozen=True)
class Offer:
    id: int
    team: str
    other: str
    gives: tuple[str, ...]
    gets: tuple[str, ...]
    state: str
    answer: str
    made_by: str


def _offer(r: TradeOfferRow) -> Offer:
    assert r.id is not None
    return Offer(r.id, r.team, r.other, tuple(x for x in r.gives.split(",") if x),
                 tuple(x for x in r.gets.split(",") if x), r.state, r.answer, r.made_by)


def add(*, session: Session, league_id: int, team: str, other: str, gives: tuple[str, ...],
        gets: tuple[str, ...], state: str = OFFERED) -> int:
    """A manager's offer stored (the database checks it); its id."""
    row = TradeOfferRow(league_id=league_id, team=team, other=other, gives=",".join(gives),
                        gets=",".join(gets), state=state)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def offers(*, session: Session, league_id: int, state: str | None = None) -> list[Offer]:
    """The league's offers (of one state), oldest first."""
    q = select(TradeOfferRow).where(col(TradeOfferRow.league_id) == league_id)
    if state is not None:
        q = q.where(col(TradeOfferRow.state) == state)
    return [_offer(r) for r in session.exec(q.order_by(col(TradeOfferRow.id)))  # type: ignore[call-overload]
            .scalars().all()]


def answer(*, session: Session, offer_id: int, state: str, text: str) -> None:
    """The commissioner's program's answer to an offer."""
    row = session.get(TradeOfferRow, offer_id)
    assert row is not None
    row.state, row.answer = state, text
    session.add(row)
    session.flush()
