"""`impact offseason show`: what the off-season before a season did (npb_offseason.md §7), in
its order — so far growth and decline (変化): each player's age in the new season and the columns
and ratings of his cards that moved, breakouts and collapses marked. Same conventions as
tui/cli/league.py: --db, --league, --json; a refusal is one line on stderr with exit status 2."""
from __future__ import annotations

from typing import Optional

import typer

from tui.cli.common import DB_OPT, JSON_OPT, LEAGUE_NAME_OPT, SEASON_OPT, echo, echo_json, guarded, pad

offseason_app = typer.Typer(
    help="The off-season (§7): retirements, the draft, growth and decline before a season.",
    no_args_is_help=True)

MARKS = {"breakout": "ブレイク breakout", "collapse": "急降下 collapse"}


def show_cmd(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
    top: int = typer.Option(0, "--top", min=0,
                            help="Only the N biggest changes (0: every player)."),
) -> None:
    """What the off-season before the season (the latest by default) did: 変化, biggest first."""
    from tui import services as sv
    v = sv.offseason(db, league, season)
    rows = v.changes[:top] if top else v.changes
    if as_json:
        data = v.as_dict()
        data["changes"] = data["changes"][:top] if top else data["changes"]
        echo_json(data)
        return
    if not v.changes and not v.departures:
        echo(f"season {v.season} ({v.year}): no off-season before it (the first season, or made "
             "from new cards)")
        return
    echo(f"season {v.season} ({v.year}): 引退・戦力外 retirements and releases: {len(v.departures)}")
    for d in v.departures:
        kind = "引退 retired" if d.kind == "retire" else "戦力外 released"
        cr = d.career
        line = (f"{d.seasons} seasons, PA {cr.get('pa', 0)} H {cr.get('h', 0)} HR {cr.get('hr', 0)}"
                + (f", IP {cr['outs'] // 3}.{cr['outs'] % 3} W {cr['wins']} L {cr['losses']}"
                   f" SV {cr['saves']}" if cr.get("outs") else ""))
        echo(f"  {d.player:<8} {pad(d.name, 16)} {d.team:<4} {d.age:>2}  {kind} ({d.reason}); "
             f"career: {line}")
    echo(f"ドラフト the draft: {len(v.picks)} picks")
    for p in v.picks:
        lot = f"  抽選 lottery of {', '.join(p.lottery)}" if p.lottery else ""
        hz = "  外れ1位" if p.hazure else ""
        echo(f"  R{p.round} #{p.number:<3} {p.team:<4} {p.player:<8} {pad(p.name, 16)} "
             f"{p.school} {p.age}{lot}{hz}")
    for pid, name, team in v.called_up:
        echo(f"一軍 called up in place of a player who left: {pid} {name} ({team})")
    up = sum(1 for c in v.changes if c.mark == "breakout")
    down = sum(1 for c in v.changes if c.mark == "collapse")
    echo(f"season {v.season} ({v.year}): 変化 growth and decline of {len(v.changes)} players "
         f"({up} breakouts, {down} collapses)")
    for c in rows:
        moved = "  ".join(f"{stat} {delta:+g}" for stat, delta in c.changes.items()) or "-"
        mark = f"  [{MARKS[c.mark]}]" if c.mark else ""
        echo(f"  {c.player:<8} {pad(c.name, 16)} {c.team:<4} {c.age:>2}  {moved}{mark}")


def register(app: typer.Typer) -> None:
    offseason_app.command("show")(guarded(show_cmd))
    app.add_typer(offseason_app, name="offseason")
