"""Commands answered without building the command line (issue 34): `impact standings --json` of
an SQLite league at the newest schema as a whole process imports neither Typer (whose parameters
are converted by pydantic: ≈ 0.15 s of imports) nor every command's module, nor SQLAlchemy.

`quick_command` takes the arguments only in the plain shapes it knows; anything else — another
command or option, an option given twice, a value it cannot read, a league the plain read cannot
answer (tui.services.opening.quick_standings) — goes to the command line, which answers it or
says what is wrong. What it prints is what the command line prints (`standings_data`, the same
JSON text: tests/cli/test_startup.py)."""
from __future__ import annotations

import json
import os
import sys
from datetime import date
from typing import Any

# the standings command's options, as the command line spells them (tui/cli/league.py
# standings_cmd and the global options of tui/cli/main.py): option -> the value it sets
_VALUED = {"--db": "db", "--league-name": "league", "--league": "league", "-l": "league",
           "--season": "season"}
_FLAGS = {"--json": "json", "--gb-above": "above"}
_GLOBAL = ("--db", "--league-name")       # may stand before the command's name too
SEASONS = (1, 100_000)      # tui.cli.common.SEASONS (the test holds them equal)


def json_default(value: Any) -> Any:
    """JSON for what `json` does not write itself: dates as ISO text, dataclasses as objects."""
    if isinstance(value, date):
        return value.isoformat()
    import dataclasses
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def json_text(data: Any) -> str:
    """`data` as the command line prints it: one line of JSON, its control characters written as
    JSON escapes (league.visible.visible_json)."""
    from league.visible import visible_json
    return visible_json(json.dumps(data, ensure_ascii=False, default=json_default))


def standings_data(view: Any) -> dict[str, Any]:
    """`impact standings --json`'s object for a services.StandingsView."""
    return {"league": view.league, "season": view.season, "year": view.year,
            "phase": view.phase_key, "games": view.games, "final": view.final,
            "rows": view.rows,
            "leagues": [{"code": t.code, "name": t.name, "name_en": t.name_en,
                         "rows": t.rows} for t in view.tables],
            "interleague": view.interleague,
            # 0: 交流戦 not begun (its rows all 0-0); the day its first game is scheduled
            "interleague_played": view.interleague_played,
            "interleague_from": view.interleague_from}


def standings_options(args: list[str]) -> dict[str, Any] | None:
    """`standings ... --json` with only its own and the global options, each once: what they
    set (db, league, season, above); None for anything else."""
    found: dict[str, Any] = {}
    command = False
    i = 0
    while i < len(args):
        tok = args[i]
        value: Any = None
        name = tok.split("=", 1)[0] if tok.startswith("--") else tok
        if tok == "standings" and not command:
            command = True
            i += 1
            continue
        if not command and name not in _GLOBAL:     # before the command: the global options
            return None
        if name in _FLAGS and tok == name:
            key: str = _FLAGS[name]
            value = True
        elif name in _VALUED:
            key = _VALUED[name]
            if tok != name:
                value = tok[len(name) + 1:]
            elif i + 1 < len(args):
                i += 1
                value = args[i]
        else:
            return None
        if value in (None, "") or key in found:
            return None
        found[key] = value
        i += 1
    if not command or not found.pop("json", False):
        return None
    if "season" in found:
        season = found["season"]
        if not season.isdigit() or not SEASONS[0] <= int(season) <= SEASONS[1]:
            return None
        found["season"] = int(season)
    return found


def quick_command(args: list[str]) -> bool:
    """Answer `args` here when they are `impact standings --json` of an SQLite league the plain
    read answers (printed, True); False: nothing done, the command line answers them."""
    options = standings_options(args)
    if options is None:
        return False
    db = options.get("db") or os.environ.get("IMPACT_DB") or None
    try:
        from tui.services.opening import quick_standings
        view = quick_standings(db, options.get("league"), options.get("season"),
                               "above" if options.get("above") else "leader")
        if view is None:
            return False
        text = json_text(standings_data(view))
    except Exception:       # whatever it is, the command line answers or says what is wrong
        return False
    sys.stdout.write(text + "\n")
    sys.stdout.flush()
    return True
