"""`impact site -o DIR`: the league's web site as static pages (tui/site)."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from tui.cli.common import echo
from tui.cli.league import DB_OPT, JSON_OPT, LEAGUE_NAME_OPT, _echo_json, _fail, guarded


def site_cmd(
    out: Path = typer.Option(..., "--out", "-o", help="The folder to write the site into "
                             "(made if missing; pages already there are rewritten only when "
                             "they change)."),
    workers: Optional[int] = typer.Option(None, "--workers", min=0, max=64,
                                          help="Processes that make the box scores beside this "
                                               "one (default: one per core; 0: none)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Write the league as a static web site: standings, schedule and results, box scores, teams,
    players, leaders, the postseason, history and news, in Japanese (DIR) and English (DIR/en).
    Open DIR/index.html from disk or copy the folder to any static host."""
    from tui.site.generator import SiteError, build_site
    t0 = time.perf_counter()
    try:
        report = build_site(db, league, out, workers=workers)
    except SiteError as exc:
        _fail(str(exc))
        return
    seconds = time.perf_counter() - t0
    if as_json:
        _echo_json({"out": str(out), "pages": len(report.pages), "written": sorted(report.written),
                    "removed": report.removed, "box_scores_made": report.games_made,
                    "seconds": round(seconds, 3)})
        return
    echo(f"{len(report.pages)} pages in {out}: {len(report.written)} written, "
               f"{len(report.pages) - len(report.written)} unchanged"
               + (f", {len(report.removed)} removed" if report.removed else "")
               + f"; {report.games_made} box scores made, the others' pages kept"
               + f" ({seconds:.1f} s); open {out / 'index.html'}")


def register(app: typer.Typer) -> None:
    app.command("site")(guarded(site_cmd))
