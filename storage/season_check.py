"""A season from a league JSON document, checked as the engine would have produced it.

Before anything of an imported season is stored, every game is checked: the lines' sums agree
with the line score (runs, hits), no count is negative or absurd, the winner agrees with the
score, the outs each side's pitchers recorded agree with the innings the other side batted, game
numbers are used once, teams and players are the league's. A problem is a LeagueError naming
the JSON path of the bad value, e.g. ``seasons[0].games[12].batting[3].h: -1 is negative``.
"""
from __future__ import annotations

from datetime import date
from typing import Any, Collection

from league.errors import LeagueError

MAX_COUNT = 9_999          # no line of one game comes near it; keeps every value an SQL INTEGER
DECISIONS = (None, "W", "L", "S", "H")


class SeasonError(LeagueError):
    """A season that the engine could not have produced; the message starts with its path."""


def _fail(path: str, problem: str) -> None:
    raise SeasonError(f"{path}: {problem}")


def _int(v: Any, path: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        _fail(path, f"{v!r} is not a whole number")
    if v < 0 and lo >= 0:
        _fail(path, f"{v} is negative")
    if not lo <= v <= hi:
        _fail(path, f"{v} is outside {lo}..{hi}")
    return v


def _list(v: Any, path: str, length: int | None = None) -> list:
    if not isinstance(v, list):
        _fail(path, f"expected a list, got {type(v).__name__}")
    if length is not None and len(v) != length:
        _fail(path, f"has {len(v)} entries, expected {length}")
    return v


def _obj(v: Any, path: str) -> dict:
    if not isinstance(v, dict):
        _fail(path, f"expected an object, got {type(v).__name__}")
    return v


def _date(v: Any, path: str) -> date:
    if not isinstance(v, str):
        _fail(path, f"{v!r} is not a date (YYYY-MM-DD)")
    try:
        return date.fromisoformat(v)
    except ValueError:
        _fail(path, f"{v!r} is not a date (YYYY-MM-DD)")
    raise AssertionError


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        _fail(path, f"{v!r} is not a text")
    return v


def _key(doc: dict, key: str, path: str) -> Any:
    if key not in doc:
        _fail(path, f"missing key {key!r}")
    return doc[key]


def check_season(doc: Any, path: str, *, teams: Collection[str], players: Collection[str]) -> None:
    """Check one season of a league JSON document (see repository.season_document) whole."""
    s = _obj(doc, path)
    _int(_key(s, "seed", path), f"{path}.seed", -(10 ** 15), 10 ** 15)
    _int(_key(s, "games_per_opponent", path), f"{path}.games_per_opponent", 1, 60)
    _int(_key(s, "series_length", path), f"{path}.series_length", 1, 10)
    _date(_key(s, "start", path), f"{path}.start")
    for key in ("batters", "pitchers"):
        _list(_key(s, key, path), f"{path}.{key}")
    slots: dict[int, tuple[str, str]] = {}
    days: dict[tuple[date, str], int] = {}
    for k, entry in enumerate(_list(_key(s, "schedule", path), f"{path}.schedule")):
        at = f"{path}.schedule[{k}]"
        number, day, away, home, series = _list(entry, at, 5)
        number = _int(number, f"{at}[0]", 1, 100_000)
        if number in slots:
            _fail(f"{at}[0]", f"game number {number} is used twice")
        when = _date(day, f"{at}[1]")
        for i, team in ((2, away), (3, home)):
            if team not in teams:
                _fail(f"{at}[{i}]", f"unknown team {team!r}")
        if away == home:
            _fail(at, f"team {away!r} plays itself")
        for team in (away, home):
            if (when, team) in days:
                _fail(at, f"team {team} plays twice on {when} (games {days[(when, team)]} and "
                          f"{number})")
            days[(when, team)] = number
        _int(series, f"{at}[4]", 0, 100_000)
        slots[number] = (away, home)
    # the postseason's games are scheduled in their series (see repository.season_document)
    for k, series_doc in enumerate(_list(s.get("postseason") or [], f"{path}.postseason")):
        at = f"{path}.postseason[{k}]"
        for j, entry in enumerate(_list(_key(_obj(series_doc, at), "schedule", at),
                                        f"{at}.schedule")):
            where = f"{at}.schedule[{j}]"
            number, day, away, home = _list(entry, where, 4)
            number = _int(number, f"{where}[0]", 1, 100_000)
            if number in slots:
                _fail(f"{where}[0]", f"game number {number} is used twice")
            _date(day, f"{where}[1]")
            for i, team in ((2, away), (3, home)):
                if team not in teams:
                    _fail(f"{where}[{i}]", f"unknown team {team!r}")
            slots[number] = (away, home)
    seen: dict[int, int] = {}
    for k, game in enumerate(_list(_key(s, "games", path), f"{path}.games")):
        at = f"{path}.games[{k}]"
        g = _obj(game, at)
        number = _int(_key(g, "number", at), f"{at}.number", 1, 100_000)
        if number in seen:
            _fail(f"{at}.number", f"game {number} is given twice (also games[{seen[number]}])")
        seen[number] = k
        if number not in slots:
            _fail(f"{at}.number", f"game {number} is not in the schedule")
        if g.get("seed") is not None:
            _int(g["seed"], f"{at}.seed", -(10 ** 18), 10 ** 18)
        _check_game(g, at, slots[number], players)
        _check_splits(g.get("splits", []), f"{at}.splits", players)
    rest = _obj(_key(s, "rest", path), f"{path}.rest")
    for pid, value in rest.items():
        if pid not in players:
            _fail(f"{path}.rest.{pid}", "unknown player")
        day, fatigue = _list(value, f"{path}.rest.{pid}", 2)
        _date(day, f"{path}.rest.{pid}[0]")
        _int(fatigue, f"{path}.rest.{pid}[1]", 0, 99)
    for team, pid in _obj(_key(s, "last_starters", path), f"{path}.last_starters").items():
        if team not in teams:
            _fail(f"{path}.last_starters.{team}", "unknown team")
        if pid not in players:
            _fail(f"{path}.last_starters.{team}", f"unknown player {pid!r}")
    # the farm and injury standings (optional: documents of older versions have none)
    for pid, value in _obj(s.get("roster", {}), f"{path}.roster").items():
        at = f"{path}.roster.{pid}"
        if pid not in players:
            _fail(at, "unknown player")
        entry = _obj(value, at)
        for key in entry:
            if key not in ("demoted_on", "points", "hurt_on", "settled"):
                _fail(f"{at}.{key}", "unknown key (known: demoted_on, points, hurt_on, settled)")
        _int(entry.get("points", 0), f"{at}.points", 0, 99)
        for key in ("demoted_on", "hurt_on", "settled"):
            if entry.get(key) is not None:
                _date(entry[key], f"{at}.{key}")


def _check_splits(rows: Any, at: str, players: Collection[str]) -> None:
    """A game's batting splits (optional: documents of older versions have none):
    [side, team, player, hand, *line] with the line in BAT_COLUMNS order."""
    from storage.tables import BAT_COLUMNS

    for j, row in enumerate(_list(rows, at)):
        where = f"{at}[{j}]"
        if not isinstance(row, list) or len(row) != 4 + len(BAT_COLUMNS):
            _fail(where, f"must be [side, team, player, hand, {', '.join(BAT_COLUMNS)}]")
        if row[2] not in players:
            _fail(where, f"unknown player {row[2]!r}")
        if row[0] not in (0, 1) or row[3] not in ("L", "R"):
            _fail(where, "side must be 0 or 1 and hand L or R")
        for i, v in enumerate(row[4:]):
            _int(v, f"{where}[{4 + i}]", 0, 999)


def _check_game(g: dict, at: str, teams: tuple[str, str], players: Collection[str]) -> None:
    from league.engine.game import BAT_FIELDS, FIELD_FIELDS, PIT_FIELDS

    log = _obj(_key(g, "log", at), f"{at}.log")
    innings = _list(_key(log, "innings", f"{at}.log"), f"{at}.log.innings", 2)
    for side in (0, 1):
        for i, r in enumerate(_list(innings[side], f"{at}.log.innings[{side}]")):
            _int(r, f"{at}.log.innings[{side}][{i}]", 0, 999)
    n_away, n_home = len(innings[0]), len(innings[1])
    if n_away < 1:
        _fail(f"{at}.log.innings[0]", "the visitors batted no inning")
    if n_home not in (n_away, n_away - 1):
        _fail(f"{at}.log.innings[1]", f"the home side batted {n_home} innings, the visitors "
                                      f"{n_away} (it bats as many, or one fewer)")
    runs = [sum(innings[0]), sum(innings[1])]
    if n_home == n_away - 1 and runs[1] <= runs[0]:
        _fail(f"{at}.log.innings[1]", "the home side skipped its last turn at bat without "
                                      "leading")
    hits = _list(_key(log, "hits", f"{at}.log"), f"{at}.log.hits", 2)
    errors = _list(_key(log, "errors", f"{at}.log"), f"{at}.log.errors", 2)
    for side in (0, 1):
        _int(hits[side], f"{at}.log.hits[{side}]")
        _int(errors[side], f"{at}.log.errors[{side}]")
    winner = log.get("winner")
    expected = None if runs[0] == runs[1] else (0 if runs[0] > runs[1] else 1)
    if winner != expected or isinstance(winner, bool):
        said = {None: "a draw", 0: "the visitors", 1: "the home side"}.get(winner, repr(winner))
        _fail(f"{at}.log.winner", f"{said} won, but the score is {runs[0]}-{runs[1]}")
    if "final_inning" in log:
        _int(log["final_inning"], f"{at}.log.final_inning", 1, 99)
        if log["final_inning"] != n_away:
            _fail(f"{at}.log.final_inning", f"{log['final_inning']} but the visitors batted in "
                                            f"{n_away} innings")
    bat = _lines(g, "batting", at, 4, BAT_FIELDS, teams, players)
    pit = _lines(g, "pitching", at, 6, PIT_FIELDS, teams, players)
    _lines(g, "fielding", at, 3, FIELD_FIELDS, teams, players)
    r_col, h_col = 4 + BAT_FIELDS.index("r"), 4 + BAT_FIELDS.index("h")
    outs_col = 6 + PIT_FIELDS.index("outs")
    pr_col, ph_col = 6 + PIT_FIELDS.index("r"), 6 + PIT_FIELDS.index("h")
    for side in (0, 1):
        who = ("visitors", "home side")[side]
        got = sum(line[r_col] for line in bat if line[0] == side)
        if got != runs[side]:
            _fail(f"{at}.batting", f"the {who}' batters scored {got} runs, the line score says "
                                   f"{runs[side]}")
        got = sum(line[h_col] for line in bat if line[0] == side)
        if got != hits[side]:
            _fail(f"{at}.batting", f"the {who}' batters have {got} hits, the line score says "
                                   f"{hits[side]}")
        other = 1 - side
        got = sum(line[pr_col] for line in pit if line[0] == side)
        if got != runs[other]:
            _fail(f"{at}.pitching", f"the {who}' pitchers allowed {got} runs, the other side "
                                    f"scored {runs[other]}")
        got = sum(line[ph_col] for line in pit if line[0] == side)
        if got != hits[other]:
            _fail(f"{at}.pitching", f"the {who}' pitchers allowed {got} hits, the other side "
                                    f"has {hits[other]}")
        outs = sum(line[outs_col] for line in pit if line[0] == side)
        turns = len(innings[other])
        if side == 0 and runs[1] > runs[0] and n_home == n_away:
            ok = 3 * (turns - 1) <= outs <= 3 * turns - 1 or outs == 3 * turns
        else:
            ok = outs == 3 * turns
        if not ok:
            _fail(f"{at}.pitching", f"the {who}' pitchers recorded {outs} outs in the "
                                    f"{turns} innings the other side batted")
        starters = [line for line in pit if line[0] == side and line[4]]
        if pit and len(starters) != 1:
            _fail(f"{at}.pitching", f"the {who} have {len(starters)} starting pitchers")


def _lines(g: dict, key: str, at: str, head: int, fields: tuple[str, ...],
           teams: tuple[str, str], players: Collection[str]) -> list[list]:
    lines = _list(_key(g, key, at), f"{at}.{key}")
    for i, line in enumerate(lines):
        where = f"{at}.{key}[{i}]"
        _list(line, where, head + len(fields))
        side = _int(line[0], f"{where}[0]", 0, 1)
        if line[1] != teams[side]:
            _fail(f"{where}[1]", f"{line[1]!r} is not the {('visiting', 'home')[side]} team "
                                 f"{teams[side]}")
        if line[2] not in players:
            _fail(f"{where}[2]", f"unknown player {line[2]!r}")
        if key == "batting":
            _str(line[3], f"{where}[3]")
        if key == "pitching":
            if line[3] not in DECISIONS:
                _fail(f"{where}[3]", f"{line[3]!r} is not a decision (W L S H or null)")
            for j in (4, 5):
                if not isinstance(line[j], bool):
                    _fail(f"{where}[{j}]", f"{line[j]!r} is not true or false")
        for j, name in enumerate(fields):
            _int(line[head + j], f"{where}.{name}")
    return lines
