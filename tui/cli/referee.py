"""`impact referee FILE [--json]`: resolve one plate appearance from a JSON request.

The CLI reads the file, the league (the "league" key names a folder; default: the bundled sample
league) and the ruleset (the "ruleset" key; default: the league's), then hands the request to the
pure `league.referee.referee`. Every problem is one line `impact referee: FILE: <problem>` and
exit code 2, never a traceback.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import NoReturn

import typer

from league.errors import LeagueError
from tui.cli.common import echo, echo_json_text


def _fail(file: Path, message: str) -> NoReturn:
    echo(f"impact referee: {file}: {message}", err=True)
    raise typer.Exit(2)


def run_referee(file: Path, as_json: bool) -> None:
    from league.referee import referee, render
    from tui.services.folders import read_league, read_ruleset

    try:
        text = file.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        _fail(file, "no such file")
    except IsADirectoryError:
        _fail(file, "is a folder, expected a JSON file")
    except (OSError, UnicodeDecodeError) as exc:
        _fail(file, f"cannot be read: {exc}")
    from league.jsontext import JSONInputError, load_json
    try:
        request = load_json(text)
    except JSONInputError as exc:
        _fail(file, str(exc))
    if not isinstance(request, dict):
        _fail(file, "the request must be a JSON object")
    try:
        where = request.get("league")
        if where is not None and not isinstance(where, str):
            raise LeagueError(f"league: {where!r} is not a folder name")
        league_path: Path | None = None      # the bundled sample league
        if where is not None:
            league_path = Path(where)
            if not league_path.is_absolute() and not league_path.exists():
                beside = file.parent / league_path
                if beside.exists():
                    league_path = beside
        lg = read_league(league_path)
        ref = request.get("ruleset") or lg.ruleset
        if not isinstance(ref, str):
            raise LeagueError(f"ruleset: {ref!r} is not a ruleset name or file")
        rs = read_ruleset(ref)
        report = referee(request, league=lg, ruleset=rs)
    except LeagueError as exc:
        _fail(file, str(exc))
    except (KeyError, TypeError, ValueError, IndexError) as exc:  # a request shape we did not foresee
        _fail(file, f"cannot resolve the request: {type(exc).__name__}: {exc}")
    if as_json:
        echo_json_text(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        echo("\n".join(render(report)))


def register(app: typer.Typer) -> None:
    """Add `impact referee` to the root app."""

    @app.command("referee")
    def referee_cmd(
        file: Path = typer.Argument(..., help="A JSON request: situation, strategies, choices, rolls."),
        as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    ) -> None:
        """Rules referee: resolve one plate appearance from the rolls made at the table."""
        run_referee(file, as_json)
