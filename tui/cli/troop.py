"""`impact troop …`: Melting Pot from the command line (score a round, play a game, run an event)."""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Optional

import typer

from league.troop.rules import (
    EventResult,
    MeltingPotError,
    RoundResult,
    make_setup,
    play_event,
    score_round,
)
from tui.cli.common import OneLineHelpGroup, echo, echo_json_text

troop_app = typer.Typer(
    cls=OneLineHelpGroup,
    name="troop",
    help="Melting Pot, the troop game: score a round, play a whole game, run an event.",
    no_args_is_help=True,
)


class TroopFileError(ValueError):
    """A score or play file the command refuses; the message names the problem."""


def _fail(path: Path, problem: str) -> None:
    echo(f"error: {path}: {problem}", err=True)
    raise typer.Exit(code=2)


def _load(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise TroopFileError("no such file") from None
    except IsADirectoryError:
        raise TroopFileError("is a directory, not a file") from None
    except UnicodeDecodeError:
        raise TroopFileError("is not UTF-8 text") from None
    except OSError as error:
        raise TroopFileError(f"cannot be read ({error.strerror})") from None
    from league.jsontext import JSONInputError, load_json

    try:
        return load_json(text)
    except JSONInputError as error:
        raise TroopFileError(str(error)) from None


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TroopFileError(f"{what} must be a JSON object, got {type(value).__name__}")
    return value


def _only_keys(data: Mapping[str, Any], allowed: set[str], required: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise TroopFileError(
            f"unknown key {unknown[0]!r} (expected: {', '.join(sorted(allowed))})"
        )
    missing = sorted(required - set(data))
    if missing:
        raise TroopFileError(f"missing key {missing[0]!r}")


def _slips(value: Any, where: str) -> dict[str, Any]:
    slips = _object(value, where)
    for name, slip in slips.items():
        if slip is not None and (isinstance(slip, (dict, list))):
            raise TroopFileError(
                f"{where}: the slip of {name!r} must be a number, a string or null"
            )
    return slips


def round_json(result: RoundResult, *, with_strength: bool = False) -> dict[str, Any]:
    """A scored round as the JSON the `score` and `play` commands print."""
    data: dict[str, Any] = {
        "players": len(result.players),
        "k": result.k,
        "enemy_force": result.enemy_force,
        "read": dict(result.read),
        "total": result.total,
        "victory": result.victory,
        "average": float(result.average),
        "closest": list(result.closest),
        "points": dict(result.points),
        "troops_left": dict(result.troops_left),
    }
    if with_strength:
        data["strength"] = result.strength
        data["adjusted_from"] = result.adjusted_from
    return data


def event_json(result: EventResult) -> dict[str, Any]:
    """A played game as the JSON the `play` command prints."""
    return {
        "rounds": [round_json(r, with_strength=True) for r in result.rounds],
        "final": {
            name: {"points": f.points, "troops_left": f.troops_left, "score": f.score}
            for name, f in result.final.items()
        },
        "winners": list(result.winners),
    }


def _score_file(path: Path) -> RoundResult:
    data = _object(_load(path), "the file")
    _only_keys(data, {"strength", "slips", "troops_left", "house_k"}, {"strength", "slips"})
    slips = _slips(data["slips"], "slips")
    troops = data.get("troops_left")
    if troops is not None:
        troops = _object(troops, "troops_left")
    return score_round(data["strength"], slips, troops, house_k=data.get("house_k"))


def _play_file(path: Path) -> EventResult:
    data = _object(_load(path), "the file")
    _only_keys(
        data, {"players", "strengths", "rounds", "house_k"}, {"players", "strengths", "rounds"}
    )
    players, strengths, rounds = data["players"], data["strengths"], data["rounds"]
    if not isinstance(players, list):
        raise TroopFileError("players must be a list of names")
    if not isinstance(strengths, list):
        raise TroopFileError("strengths must be a list of three whole numbers")
    if not isinstance(rounds, list):
        raise TroopFileError("rounds must be a list of three objects {name: slip}")
    slips = [_slips(r, f"round {i}") for i, r in enumerate(rounds, start=1)]
    setup = make_setup(players, strengths, data.get("house_k"))
    return play_event(setup, slips)


def _readable_round(result: RoundResult, title: str) -> list[str]:
    adjusted = (
        f" (adjusted from {result.adjusted_from})" if result.adjusted_from is not None else ""
    )
    lines = [
        f"{title}: {len(result.players)} players, k = {result.k}, strength {result.strength}"
        f"{adjusted}, enemy force {result.enemy_force}",
        f"  total {result.total}: {'VICTORY' if result.victory else 'DEFEAT'};"
        f" average {float(result.average):g}; closest: {', '.join(result.closest)}",
    ]
    width = max(len(name) for name in result.players)
    for name in result.players:
        mark = "  (penalty cancelled)" if name in result.cancelled else ""
        lines.append(
            f"  {name:<{width}}  slip {result.readings[name].shown:<28}"
            f" points {result.points[name]:>4}  troops left {result.troops_left[name]:>3}{mark}"
        )
    return lines


@troop_app.command("score")
def score_command(
    file: Path = typer.Argument(..., help="JSON: {strength, slips: {name: slip}, troops_left?}"),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Score one round of Melting Pot from a file of slips."""
    try:
        result = _score_file(file)
    except (TroopFileError, MeltingPotError) as error:
        _fail(file, str(error))
        return
    if as_json:
        echo_json_text(json.dumps(round_json(result), ensure_ascii=False, indent=2))
    else:
        echo("\n".join(_readable_round(result, "Round")))


@troop_app.command("play")
def play_command(
    file: Path = typer.Argument(..., help="JSON: {players, strengths: \\[s1,s2,s3], rounds}"),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Play a whole three-round game of Melting Pot from a file."""
    try:
        result = _play_file(file)
    except (TroopFileError, MeltingPotError) as error:
        _fail(file, str(error))
        return
    if as_json:
        echo_json_text(json.dumps(event_json(result), ensure_ascii=False, indent=2))
        return
    lines: list[str] = []
    for number, round_result in enumerate(result.rounds, start=1):
        lines += _readable_round(round_result, f"Round {number}") + [""]
    lines.append("Final")
    ordered = sorted(result.final.items(), key=lambda item: -item[1].score)
    width = max(len(name) for name in result.final)
    for name, final in ordered:
        lines.append(
            f"  {name:<{width}}  points {final.points:>4} + troops left {final.troops_left:>3}"
            f" = {final.score:>4}"
        )
    lines.append(f"Winner{'s' if len(result.winners) > 1 else ''}: {', '.join(result.winners)}")
    echo("\n".join(lines))


@troop_app.command("event")
def event_command(
    db: Optional[str] = typer.Option(
        None, "--db", help="The database: a file path or an SQLAlchemy URL (default: the league"
        " database, IMPACT_DB or league.sqlite3 in the user data folder; a global option)."
    ),
) -> None:
    """Run a Melting Pot event in the terminal (facilitator and projector views)."""
    from league.errors import LeagueError
    from tui.cli.common import global_db
    from tui.services.troop import OPEN_ERRORS
    from tui.troop.app import TroopApp  # Textual loads only for the app itself

    db = global_db(db)
    try:
        app = TroopApp(db_url=db)
    except OPEN_ERRORS + (LeagueError,) as error:
        where = db or "the event database"
        problem = str(error).splitlines()[0] if str(error) else type(error).__name__
        echo(f"error: {where}: cannot open the event database ({problem})", err=True)
        raise typer.Exit(code=2) from None
    app.run()


@troop_app.command("projector")
def projector_command(
    db: Optional[str] = typer.Option(
        None, "--db", help="SQLAlchemy URL of the event database (default: IMPACT_DB or the"
        " user data folder) — the same one the facilitator's app uses."
    ),
    event: Optional[int] = typer.Option(
        None, "--event", help="The event to show (default: the one the facilitator changed last)."
    ),
) -> None:
    """The projector view in a window of its own: follows the running event live (no slip entry)."""
    from tui.services.troop import OPEN_ERRORS, TroopStoreError
    from tui.troop.app import ProjectorApp

    try:
        app = ProjectorApp(db_url=db, event_id=event)
    except TroopStoreError as error:
        echo(f"error: {error}", err=True)
        raise typer.Exit(code=1) from None
    except OPEN_ERRORS as error:
        where = db or "the event database"
        problem = str(error).splitlines()[0] if str(error) else type(error).__name__
        echo(f"error: {where}: cannot open the event database ({problem})", err=True)
        raise typer.Exit(code=1) from None
    app.run()
