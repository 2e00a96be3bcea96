"""`impact league share | manager | whoami | log | keyboard | void`: a PostgreSQL league shared by
several managers. The database is the guard; these commands set it up and read its record."""
from __future__ import annotations

import os
from typing import Optional

import typer

from tui.cli.common import (
    DB_OPT,
    JSON_OPT,
    LEAGUE_NAME_OPT,
    NumberArgumentCommand,
    OneLineHelpGroup,
    echo,
    echo_json,
    guarded,
)
from tui.cli.league import league_app

manager_app = typer.Typer(help="Managers of a shared league: add, remove, list.",
                          no_args_is_help=True,
                          cls=OneLineHelpGroup)


@league_app.command("share")
@guarded
def league_share(
    commissioner: Optional[str] = typer.Option(
        None, "--commissioner", help="Also make this login role a commissioner."),
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Set a PostgreSQL league up for several managers (run by the database owner; safe to run
    again): roles, grants, row-level security and the audit log."""
    from tui import services as sv
    out = sv.share(db, commissioner)
    if as_json:
        echo_json(out)
        return
    echo(f"shared: commissioners are the group {out['commissioner_group']}, managers the "
               f"group {out['manager_group']}; every change is now in the audit log "
               "(impact league log)")
    if commissioner:
        echo(f"commissioner: {commissioner}" + (" (new login role)" if out["created"] else ""))
    for note in out.get("notes", ()):
        echo(f"note: {note}")


@manager_app.command("add")
@guarded
def manager_add(
    name: str = typer.Argument(..., help="The manager's PostgreSQL login role (lower case)."),
    team: str = typer.Option(..., "--team", help="The team code he manages."),
    password: bool = typer.Option(False, "--password",
                                  help="Ask for a password (PostgreSQL keeps it hashed)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """A login role that may change only TEAM's line-up, rotation, bullpen and reserves."""
    from tui import services as sv
    secret = None
    if password:
        secret = typer.prompt(f"password for {name}", hide_input=True, confirmation_prompt=True)
    out = sv.add_manager(db, name, team, league=league, password=secret)
    if as_json:
        echo_json(out)
        return
    made = "new login role" if out["created"] else "existing role"
    echo(f"{name} manages {team} in {out['league']} ({made})")


@manager_app.command("remove")
@guarded
def manager_remove(
    name: str = typer.Argument(..., help="The manager's login role."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The manager loses his teams in this league."""
    from tui import services as sv
    out = sv.remove_manager(db, name, league=league)
    if as_json:
        echo_json(out)
        return
    gone = "; login role dropped" if out["role_dropped"] else ""
    echo(f"{name} no longer manages {', '.join(out['teams'])} in {out['league']}{gone}")


@manager_app.command("list")
@guarded
def manager_list(league: Optional[str] = LEAGUE_NAME_OPT, db: Optional[str] = DB_OPT,
                 as_json: bool = JSON_OPT) -> None:
    """Who manages which team."""
    from tui import services as sv
    rows = sv.managers(db, league)
    if as_json:
        echo_json(rows)
        return
    if not rows:
        echo("no managers (an SQLite league is single-user; a PostgreSQL league is shared "
                   "with: impact league share, then impact league manager add NAME --team CODE)")
    for r in rows:
        echo(f"{r['team']:6} {r['manager']}")


@league_app.command("whoami")
@guarded
def league_whoami(league: Optional[str] = LEAGUE_NAME_OPT, db: Optional[str] = DB_OPT,
                  as_json: bool = JSON_OPT) -> None:
    """Whom you are connected as, and what you may change."""
    from tui import services as sv
    who = sv.whoami(db, league)
    may = {
        "single": "everything (a single-user league)",
        "owner": "everything, and managers and sharing",
        "commissioner": "everything but managers and the audit log",
        "manager": f"the line-up, rotation, bullpen and reserves of {', '.join(who.teams) or 'no team yet'}",
        "reader": "nothing (read only)",
    }[who.kind]
    if as_json:
        echo_json({"role": who.role, "kind": who.kind, "teams": list(who.teams),
                    "shared": who.shared, "may_change": may})
        return
    echo(f"{who.role or os.environ.get('USER', 'you')}: {who.kind}; may change {may}")


@league_app.command("log")
@guarded
def league_log(
    team: Optional[str] = typer.Option(None, "--team", help="Only changes touching this team."),
    kind: Optional[str] = typer.Option(
        None, "--kind", help="cards, lineups, keyboard, schedule, season, results, league, "
                             "managers or other."),
    who: Optional[str] = typer.Option(None, "--who", help="Only changes made by this role."),
    limit: int = typer.Option(200, "--limit", help="At most this many entries (newest first)."),
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The audit log of a shared league: who changed what, when, before and after."""
    from tui import services as sv
    entries = sv.league_log(db, team=team, kind=kind, who=who, limit=limit)
    if as_json:
        echo_json([e.as_dict() for e in entries])
        return
    if not entries:
        echo("no changes recorded")
    for e in entries:
        teams = f" [{','.join(e.teams)}]" if e.teams else ""
        what = f" {', '.join(e.changed)}" if e.changed else ""
        echo(f"{e.at:%Y-%m-%d %H:%M:%S} {e.who:12} {e.op:6} {e.kind:9} {e.table}{teams}{what}")


@league_app.command("keyboard")
@guarded
def league_keyboard(league: Optional[str] = LEAGUE_NAME_OPT, db: Optional[str] = DB_OPT,
                    as_json: bool = JSON_OPT) -> None:
    """Games played at the keyboard: who played each side, and their state."""
    from tui import services as sv
    games = sv.keyboard_games(db, league)
    if as_json:
        echo_json([{"id": g.id, "number": g.number, "away": g.away, "home": g.home,
                     "status": g.status, "away_by": g.played_by[0], "home_by": g.played_by[1],
                     "updated_at": g.updated_at.isoformat()} for g in games])
        return
    if not games:
        echo("no games played at the keyboard")
    for g in games:
        by = " / ".join(p or "computer" for p in g.played_by)
        game = f"game {g.number}" if g.number is not None else "exhibition"
        echo(f"{g.id:4} {game:12} {g.away} @ {g.home}  {g.status:8} played by {by}")


@league_app.command("void", cls=NumberArgumentCommand)
@guarded
def league_void(saved_game: int = typer.Argument(..., help="The keyboard game's id "
                                                             "(impact league keyboard)."),
                db: Optional[str] = DB_OPT, as_json: bool = JSON_OPT) -> None:
    """Void a game played at the keyboard (commissioner): it stays in the record as voided."""
    from tui import services as sv
    info = sv.void_game(db, saved_game)
    if as_json:
        echo_json({"id": info.id, "status": info.status})
        return
    echo(f"saved game {info.id} ({info.away} @ {info.home}) is voided")


league_app.add_typer(manager_app, name="manager")
