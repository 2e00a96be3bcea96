"""`impact stats teams`: チーム成績 — batting, pitching and fielding by team with league totals;
`impact stats splits PLAYER`: a player's season split home / away."""
from __future__ import annotations

from typing import Any, Optional

import typer

from tui.cli.common import (
    DB_OPT,
    JSON_OPT,
    LEAGUE_NAME_OPT,
    SEASON_OPT,
    OneLineHelpGroup,
    echo,
    echo_json,
    guarded,
    pad,
)

stats_app = typer.Typer(help="Statistics beyond the leader boards: by team, a player's splits.",
                        no_args_is_help=True,
                        cls=OneLineHelpGroup)

def _table(kind: str, rows: list[tuple[str, Any]]) -> list[str]:
    from league.season.stats import stat_text
    from tui.labels import STAT_LABELS_EN
    from tui.services.stats import TEAM_COLUMNS

    cols = TEAM_COLUMNS[kind]
    heads = [STAT_LABELS_EN.get(c, c.upper()) for c in cols]
    cells = [[stat_text(c, getattr(st, c)) for c in cols] for _t, st in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(heads)]
    name_w = max([4] + [len(t) for t, _ in rows])
    out = [pad("", name_w) + "  " + "  ".join(h.rjust(w) for h, w in zip(heads, widths))]
    for (team, _st), row in zip(rows, cells):
        out.append(pad(team, name_w) + "  " + "  ".join(v.rjust(w) for v, w in zip(row, widths)))
    return out


def teams_cmd(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """チーム成績: each team's batting, pitching and fielding over the regular season, with each
    league's (リーグ) totals and the whole league's."""
    from tui import services as sv

    view = sv.team_stats(db, league, season)
    if as_json:
        echo_json({
            "season": view.season,
            "leagues": [{"code": g.code, "name": g.name, "name_en": g.name_en,
                         "teams": list(g.teams),
                         "totals": {k: sv.stats_dict(v) for k, v in view.totals[g.code].items()}}
                        for g in view.groups],
            "teams": {t: {k: sv.stats_dict(view.lines(k)[t])
                          for k in ("batting", "pitching", "fielding")}
                      for t in view.groups[-1].teams},
        })
        return
    for kind in ("batting", "pitching", "fielding"):
        echo(f"{kind}, season {view.season}")
        for g in view.groups:
            rows = [(t, view.lines(kind)[t]) for t in g.teams]
            rows.append((g.code or "total", view.totals[g.code][kind]))
            if g.code:
                echo(f"  {g.name}{' / ' + g.name_en if g.name_en else ''}")
            elif len(view.groups) > 1:
                continue   # the whole is the last line of each league's table below
            for line in _table(kind, rows):
                echo("  " + line)
        if len(view.groups) > 1:
            echo("  league totals")
            for line in _table(kind, [(g.code or "total", view.totals[g.code][kind])
                                      for g in view.groups]):
                echo("  " + line)
        echo("")


def splits_cmd(
    ref: str = typer.Argument(..., help="Player id (SAP01) or name."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """A player's regular season split: batting against left- and right-handed pitchers (vs LHP,
    vs RHP), batting and pitching at home and away."""
    from tui import services as sv
    from tui.cli.league import splits_json, splits_text

    view = sv.player(db, ref, league, season)
    if as_json:
        echo_json({"id": view.id, "name": view.name, "team": view.team, "season": view.season,
                    "splits": splits_json(view)})
        return
    echo(f"{view.name} ({view.id}, {view.team}), season {view.season}")
    lines = splits_text(view)
    if not lines:
        echo("  no games this season")
    for line in lines:
        echo("  " + line)


def register(app: typer.Typer) -> None:
    stats_app.command("teams")(guarded(teams_cmd))
    stats_app.command("splits")(guarded(splits_cmd))
    app.add_typer(stats_app, name="stats")
