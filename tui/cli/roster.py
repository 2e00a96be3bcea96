"""`impact roster list|up|down`: a team's active roster (一軍) and farm (二軍), call-ups and
demotions (登録抹消) with the ten-day rule. Same conventions as tui/cli/league.py: --db,
--league, --json; a refusal is one line on stderr with exit status 2."""
from __future__ import annotations

from typing import Any, Optional

import typer

from tui.cli.common import (
    DB_OPT,
    JSON_OPT,
    LEAGUE_NAME_OPT,
    SEASON_OPT,
    OneLineHelpGroup,
    cells,
    echo,
    echo_json,
    fail,
    fit,
    guarded,
)

roster_app = typer.Typer(
    cls=OneLineHelpGroup,
    help="The active roster (一軍) and the farm (二軍): list, call up, demote (ten-day rule); "
         "play with injuries or without, with real usage or by the cards.",
    no_args_is_help=True)


def _entry_dict(e: Any) -> dict[str, Any]:
    return {"id": e.player.id, "name": e.player.name, "status": e.status, "role": e.role,
            "rank": e.player.rank, "born": e.player.born or None, "age": e.age,
            "foreign": e.player.foreign,
            "demoted_on": e.demoted_on, "back_on": e.back_on,
            "injury_points": e.points, "injury": e.injury or None}


def _view_dict(v: Any) -> dict[str, Any]:
    return {"season": v.season, "day": v.day, "team": v.team, "name": v.team_name,
            "active_size": v.active_size, "roster_size": v.roster_size,
            "foreign_active": v.foreign_active, "foreign_side": v.foreign_side,
            "foreign_on_active": v.foreign_count,
            "active": [_entry_dict(e) for e in v.active],
            "farm": [_entry_dict(e) for e in v.farm]}


# the name column: as wide as the widest name (a katakana name of a foreign player takes two
# cells a character), at least NAME_CELLS, at most NAME_MAX; a name wider is cut with "…"
NAME_CELLS = 16
NAME_MAX = 24


def _name_width(views: Any) -> int:
    widest = max((cells(e.player.name) for v in views for e in (*v.active, *v.farm)), default=0)
    return min(NAME_MAX, max(NAME_CELLS, widest))


def _echo_view(v: Any, width: int = NAME_CELLS) -> None:
    when = f", roster day {v.day}" if v.day else ""
    echo(f"{v.team_name} ({v.team}){when}: 一軍 {len(v.active)}/{v.active_size}, "
               f"二軍 {len(v.farm)}, under contract {len(v.entries)}/{v.roster_size}, "
               f"外国人 foreign active {v.foreign_count}/{v.foreign_active}")
    for title, rows in (("一軍 active", v.active), ("二軍 farm", v.farm)):
        echo(f"[{title}]")
        for e in rows:
            notes = ["外国人 foreign"] if e.player.foreign else []
            if e.injury:
                notes.append(f"injured ({e.injury}, {e.points} pt)")
            if e.back_on is not None and v.day is not None and v.day < e.back_on:
                notes.append(f"back on {e.back_on} (ten-day rule)")
            age = f"{e.age:>2}" if e.age is not None else " -"
            echo(f"  {e.player.id:<8} {fit(e.player.name, width)} {e.role:<3} {e.player.rank} {age}"
                       f"  {'; '.join(notes)}".rstrip())


def list_cmd(
    team: Optional[str] = typer.Argument(
        None, help="Team code, e.g. SAP (none: every club's roster, in the league's order)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The team's active roster and farm: role, 出場ランク, injury, the ten-day rule's date;
    with no TEAM every club's, one after the other (--json: a list, one object a club)."""
    from tui.services import farm as sf
    if team is None:
        views = sf.league_farm(db, league, season)
        if as_json:
            echo_json([_view_dict(v) for v in views])
            return
        for i, v in enumerate(views):
            if i:
                echo("")
            _echo_view(v, _name_width([v]))     # each club's table as `roster list TEAM`
        return
    v = sf.team_farm(db, team, league, season)
    if as_json:
        echo_json(_view_dict(v))
        return
    _echo_view(v, _name_width([v]))


def _move(player: str, kind: str, league: Optional[str], db: Optional[str],
          as_json: bool) -> None:
    from tui.services import farm as sf
    m = sf.move_player(db, player, kind, league=league)
    if as_json:
        echo_json({"player": m.player, "team": m.team, "move": m.kind, "day": m.day})
        return
    what = "called up to the active roster" if kind == "up" else "sent down to the farm"
    echo(f"{m.player} ({m.team}) {what} on {m.day}"
               + ("; he may come back on or after the tenth day" if kind == "down" else ""))


def up_cmd(
    player: str = typer.Argument(..., help="Player id (or a unique name)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Call a farm player up to the active roster (一軍登録); refused within ten days of his
    demotion or with the active roster full."""
    _move(player, "up", league, db, as_json)


def down_cmd(
    player: str = typer.Argument(..., help="Player id (or a unique name)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Send an active player down to the farm (登録抹消); he may not come back for ten days."""
    _move(player, "down", league, db, as_json)


def injuries_cmd(
    switch: Optional[str] = typer.Argument(None, help="on or off (none: show the setting)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Play with injuries (on, the default) or without (off): the rule option `injuries`."""
    from tui.services import farm as sf
    if switch is None:
        on = sf.injuries_on(db, league)
    elif switch.strip().lower() in ("on", "off"):
        on = sf.set_injuries(db, switch.strip().lower() == "on", league)
    else:
        fail(f"injuries {switch!r}: write on or off")
        return
    if as_json:
        echo_json({"injuries": on})
        return
    echo(f"injuries: {'on' if on else 'off'}"
               + (" (the league's ruleset has no [injury] table)"
                  if switch is not None and switch.strip().lower() == "on" and not on else ""))


def usage_cmd(
    switch: Optional[str] = typer.Argument(None, help="on or off (none: show the setting)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Real usage (a league made from statistics): the computer managers play its people as
    they were used (on, the default) or by the cards alone (off): the rule option `usage`."""
    from tui.services import farm as sf
    if switch is None:
        has, on = sf.usage_on(db, league)
    elif switch.strip().lower() in ("on", "off"):
        has, on = sf.set_usage(db, switch.strip().lower() == "on", league)
    else:
        fail(f"usage {switch!r}: write on or off")
        return
    if as_json:
        echo_json({"usage": on, "targets": has})
        return
    echo(f"real usage: {'on' if on else 'off'}"
         + ("" if has else " (the league has no real usage: it was not made from statistics)"))


def register(app: typer.Typer) -> None:
    roster_app.command("injuries")(guarded(injuries_cmd))
    roster_app.command("usage")(guarded(usage_cmd))
    roster_app.command("list")(guarded(list_cmd))
    roster_app.command("up")(guarded(up_cmd))
    roster_app.command("down")(guarded(down_cmd))
    app.add_typer(roster_app, name="roster")
