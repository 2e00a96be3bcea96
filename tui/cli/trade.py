"""`impact trade`: trades (npb_offseason.md §6) — `offer` (your club's players for another's,
answered at once by the computer: accepted and made, or refused with the reason), `proposals`
(the computer's offers to your club), `accept` / `refuse` a proposal by its number, `list` (a
season's trades). Same conventions as tui/cli/league.py: --db, --league, --json; a refusal is
one line on stderr with exit status 2."""
from __future__ import annotations

from typing import Optional

import typer

from tui.cli.common import (
    DB_OPT,
    JSON_OPT,
    LEAGUE_NAME_OPT,
    SEASON_OPT,
    NumberArgumentCommand,
    OneLineHelpGroup,
    echo,
    echo_json,
    guarded,
)

trade_app = typer.Typer(help="Trades (§6): offer, the computer's proposals, accept or refuse, "
                             "the season's trades.", no_args_is_help=True,
                        cls=OneLineHelpGroup)

TEAM_OPT = typer.Option(..., "--team", "-t", help="Your club (its code).")


def _out(views, as_json: bool, empty: str) -> None:  # type: ignore[no-untyped-def]
    if as_json:
        echo_json([v.as_dict() for v in views])
        return
    if not views:
        echo(empty)
    for v in views:
        echo(f"{when_made(v)}{v.text()}" + (f"  — {v.reason}" if v.reason else ""))


def when_made(v) -> str:  # type: ignore[no-untyped-def]
    """When a trade was made (`impact trade list`), or a proposal's number."""
    if v.number:
        return f"{v.number}. "
    if v.when == "planned":
        return f"off-season before season {v.season}, planned: "
    if v.when == "offseason":
        return f"off-season before season {v.season}: "
    if v.when == "season":
        return f"season {v.season} {v.day}: " if v.day else f"season {v.season}: "
    return f"{v.day} " if v.day else "off-season "


def offer_cmd(team: str = TEAM_OPT,
              other: str = typer.Option(..., "--with", "-w", help="The other club."),
              give: list[str] = typer.Option(..., "--give", "-g",
                                             help="A player you give (id or name; repeat)."),
              get: list[str] = typer.Option(..., "--get",
                                            help="A player you want (id or name; repeat)."),
              league: Optional[str] = LEAGUE_NAME_OPT, db: Optional[str] = DB_OPT,
              as_json: bool = JSON_OPT) -> None:
    """Offer your club's players for another club's: the computer answers at once (by value,
    age and need) and the trade is made when it accepts. (The commissioner's trade by decree,
    answered by nobody, is `impact transaction trade`.)"""
    from tui import services as sv
    v = sv.trade_offer(db, league, team=team, other=other, give=give, get=get)
    if as_json:
        echo_json(v.as_dict())
        return
    echo(("accepted: " if v.accepted else "refused: ") + v.text())
    echo(v.reason)


def proposals_cmd(team: str = TEAM_OPT, league: Optional[str] = LEAGUE_NAME_OPT,
                  db: Optional[str] = DB_OPT, as_json: bool = JSON_OPT) -> None:
    """The computer's proposals to your club now (numbered for accept and refuse)."""
    from tui import services as sv
    _out(sv.trade_proposals(db, league, team=team), as_json,
         "no proposals now (none after the deadline, 31 July)")


def accept_cmd(number: int = typer.Argument(..., help="The proposal's number."),
               team: str = TEAM_OPT, league: Optional[str] = LEAGUE_NAME_OPT,
               db: Optional[str] = DB_OPT, as_json: bool = JSON_OPT) -> None:
    """Accept the computer's proposal NUMBER: the trade is made."""
    from tui import services as sv
    v = sv.trade_accept(db, league, team=team, number=number)
    _out([v], as_json, "")


def refuse_cmd(number: int = typer.Argument(..., help="The proposal's number."),
               team: str = TEAM_OPT, league: Optional[str] = LEAGUE_NAME_OPT,
               db: Optional[str] = DB_OPT, as_json: bool = JSON_OPT) -> None:
    """Refuse the computer's proposal NUMBER: it is not proposed again this year."""
    from tui import services as sv
    v = sv.trade_refuse(db, league, team=team, number=number)
    _out([v], as_json, "")


def answer_cmd(league: Optional[str] = LEAGUE_NAME_OPT, db: Optional[str] = DB_OPT,
               as_json: bool = JSON_OPT) -> None:
    """The commissioner's program answers the managers' offers (a shared league): each made or
    refused by the computer's measure."""
    from tui import services as sv
    _out(sv.trade_answer(db, league), as_json, "no offers to answer")


def list_cmd(league: Optional[str] = LEAGUE_NAME_OPT, season: Optional[int] = SEASON_OPT,
             db: Optional[str] = DB_OPT, as_json: bool = JSON_OPT) -> None:
    """The season's trades (the latest season by default), in order, each with when it was
    made: the off-season before the season, then the season's days. In the off-season the
    closed season's, then the off-season's so far (made since it closed, and the computer's
    its trades step planned, made with the new season)."""
    from tui import services as sv
    _out(sv.trade_list(db, league, season), as_json, "no trades this season")


def register(app: typer.Typer) -> None:
    trade_app.command("offer")(guarded(offer_cmd))
    trade_app.command("proposals")(guarded(proposals_cmd))
    trade_app.command("accept", cls=NumberArgumentCommand)(guarded(accept_cmd))
    trade_app.command("refuse", cls=NumberArgumentCommand)(guarded(refuse_cmd))
    trade_app.command("answer")(guarded(answer_cmd))
    trade_app.command("list")(guarded(list_cmd))
    app.add_typer(trade_app, name="trade")
