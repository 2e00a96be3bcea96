"""`impact odds`: pennant odds (優勝確率), Climax Series chances and magic numbers."""
from __future__ import annotations

import time
from typing import Any, Optional

import typer

from league.season.margins import MAX_RUNS, MAX_WORKERS
from tui.cli.common import DB_OPT, JSON_OPT, LEAGUE_NAME_OPT, SEASON_OPT, echo, echo_json, guarded, pad, progress_shown


def odds_cmd(
    runs: int = typer.Option(1000, "--runs", min=1, max=MAX_RUNS, help="How many times the rest of the season is played."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the runs (default: the season's)."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, max=MAX_WORKERS,
                                          help="Processes (default: every core); the odds do not depend on it."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
) -> None:
    """Play the rest of the season N times: each team's chance of the pennant, of a Climax Series
    place and of each final rank, its expected record, and its magic number."""
    from tui import services as so
    t0 = time.perf_counter()
    if not progress_shown(quiet, as_json):
        view = so.odds(db, league, season, runs=runs, seed=seed, workers=workers)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True) as bar:
            task = bar.add_task("runs", total=runs)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            def estimate(v: Any) -> None:
                # the leader so far and the widest 95 % margin of a pennant chance
                top = max(v.report.teams, key=lambda t: t.pennant)
                widest = max(t.pennant_margin for t in v.report.teams)
                bar.update(task, description=(
                    f"runs {v.report.runs}: {v.names.get(top.team, top.team)} "
                    f"{top.pennant * 100:.0f}%, ±{widest * 100:.1f}"))

            view = so.odds(db, league, season, runs=runs, seed=seed, workers=workers,
                           progress=progress, estimate=estimate)
    assert view is not None
    elapsed = time.perf_counter() - t0
    if as_json:
        echo_json(so.report_dict(view))
        return
    r = view.report
    upto = f" after {r.day}" if r.day else ""
    echo(f"{view.title}  season {view.season}: {r.played} games played{upto}, "
               f"{r.remaining} left; {r.runs} runs, seed {r.seed} ({elapsed:.1f} s)")
    # each league (リーグ) of a league of two has its own pennant: a table each
    groups = r.leagues or (("", tuple(t.team for t in r.teams)),)
    for code, _teams in groups:
        rows = [t for t in r.teams if t.league == code]
        if code:
            echo(f"\n{view.league_names.get(code, code)}")
        ranks = " ".join(f"{k:>5}" for k in (f"{i}位" for i in range(1, len(rows) + 1)))
        echo(f"チーム      勝  敗  分  優勝%  ±95%   CS%  ±95%  M     予想成績         ±95%  "
             f"{ranks}")
        for t in rows:
            magic = (("優勝" if t.magic.clinched else f"M{t.magic.number}")
                     if t.magic.number is not None else "-")
            exp = f"{t.wins:5.1f}-{t.losses:5.1f}-{t.draws:4.1f}"
            dist = " ".join(f"{p * 100:5.1f}" for p in t.ranks)
            echo(f"{pad(view.names.get(t.team, t.team), 8)} {t.record.wins:>4} "
                       f"{t.record.losses:>3} {t.record.draws:>3} {t.pennant * 100:6.1f} "
                       f"{t.pennant_margin * 100:5.1f} {t.climax * 100:5.1f} "
                       f"{t.climax_margin * 100:5.1f}  {magic:<5} {exp} {t.wins_margin:5.1f}  "
                       f"{dist}")

        for t in rows:
            if t.magic.number:
                echo(f"magic number {t.magic.number} for {view.names.get(t.team, t.team)}"
                           + (f" (against {view.names.get(t.magic.rival, t.magic.rival)})"
                              if t.magic.rival else ""))
    echo("\n±95%: the 95 % margin of the figure before it (the true chance lies within it 19 "
         "times in 20; more runs, a smaller margin)")


def register(app: typer.Typer) -> None:
    app.command("odds")(guarded(odds_cmd))
