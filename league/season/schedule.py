"""Season schedules: a round-robin of series over a calendar with off days, and its CSV form.

Every pair of teams meets `games_per_opponent` times. Each pairing's games are split into
series of `series_length` games (a few may be shorter or, with series of two, one longer) and
each side hosts half of them. The circle method orders the pairings into rounds where every team
meets one opponent (one team idles when the count is odd); the rounds repeat once per series of a
pairing, so the meetings of two teams are spread over the whole season. All series of a round
start on the same day; days whose weekday is an off day are skipped.
"""
from __future__ import annotations

import csv
import io
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from league.errors import LeagueError
from league.numbers import whole_number

MIN_TEAMS = 2
MAX_TEAMS = 16
SERIES_LENGTHS = range(2, 5)
CSV_HEADER = ("number", "date", "away", "home", "series")


@dataclass(frozen=True)
class ScheduledGame:
    """One game of the schedule: its 1-based number in the season, day, teams and series id."""

    number: int
    day: date
    away: str
    home: str
    series: int


@dataclass(frozen=True)
class _Series:
    away: str
    home: str
    length: int


def _check_teams(teams: Sequence[str]) -> None:
    if len(teams) < MIN_TEAMS or len(teams) > MAX_TEAMS:
        raise LeagueError(f"a schedule needs {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(teams)}")
    seen: set[str] = set()
    for t in teams:
        if not t:
            raise LeagueError("a team code is empty")
        if t in seen:
            raise LeagueError(f"team {t!r} is listed twice")
        seen.add(t)


def split_series(games: int, series_length: int) -> list[int]:
    """Split `games` into series of at most `series_length` games, as even as possible.

    Longer series come first. A split that would leave a one-game series folds it into a longer
    one instead (only possible with series of two: 5 → [3, 2]); a single game stays one game.
    """
    if games <= 0:
        return []
    k = -(-games // series_length)
    if k > 1 and games // k < 2:
        k -= 1
    q, r = divmod(games, k)
    return [q + 1] * r + [q] * (k - r)


def _rounds(order: list[str | None]) -> list[list[tuple[str | None, str | None]]]:
    """Circle-method rounds: every team meets every other once; None is the idle slot."""
    n = len(order)
    fixed, rest = order[0], order[1:]
    rounds = []
    for _ in range(n - 1):
        line = [fixed] + rest
        rounds.append([(line[i], line[n - 1 - i]) for i in range(n // 2)])
        rest = rest[-1:] + rest[:-1]
    return rounds


def _pairing_series(a: str, b: str, games: int, series_length: int, a_first: bool) -> list[_Series]:
    """The series of one pairing in the order they are played: hosts alternate, halves equal.

    `a_first` says whether `a` hosts the first series and, with an odd total, the extra game.
    """
    first, second = (a, b) if a_first else (b, a)
    first_home = split_series(games - games // 2, series_length)
    second_home = split_series(games // 2, series_length)
    out: list[_Series] = []
    for i in range(max(len(first_home), len(second_home))):
        if i < len(first_home):
            out.append(_Series(away=second, home=first, length=first_home[i]))
        if i < len(second_home):
            out.append(_Series(away=first, home=second, length=second_home[i]))
    return out


def _playing_days(start: date, off_days: frozenset[int]):
    day = start
    while True:
        if day.weekday() not in off_days:
            yield day
        day += timedelta(days=1)


Rounds = list[list[tuple[str | None, str | None]]]


def _round_robin(teams: Sequence[str], rng: random.Random, games_per_opponent: int,
                 series_length: int) -> tuple[Rounds, dict[tuple[str, str], list[_Series]]]:
    """The teams in a shuffled order met in circle-method rounds, and each pairing's series
    in the order they are played (make_schedule, and a calendar's league games)."""
    order: list[str | None] = list(teams)
    rng.shuffle(order)
    if len(order) % 2:
        order.append(None)
    rounds = _rounds(order)
    index = {t: i for i, t in enumerate(order)}
    plans: dict[tuple[str, str], list[_Series]] = {}
    for rnd in rounds:
        for x, y in rnd:
            if x is None or y is None:
                continue
            # the classic parity trick spreads the odd extra home game evenly over the teams
            lo, hi = sorted((x, y), key=index.__getitem__)
            lo_first = (index[x] + index[y]) % 2 == 1
            plans[(x, y)] = _pairing_series(lo, hi, games_per_opponent, series_length, lo_first)
    return rounds, plans


def make_schedule(teams: Sequence[str], *, games_per_opponent: int = 24, series_length: int = 3,
                  start: date = date(2026, 3, 27), off_days: Sequence[int] = (0,),
                  seed: int = 0) -> tuple[ScheduledGame, ...]:
    """A season for 2–16 teams: every pair meets `games_per_opponent` times in series.

    Hosts alternate series by series and each side of a pairing hosts half its games (one more
    for one side when the count is odd). No team plays twice a day; weekdays in `off_days`
    (0 = Monday) have no games. The same arguments always give the same schedule.
    """
    teams = list(teams)
    _check_teams(teams)
    if series_length not in SERIES_LENGTHS:
        raise LeagueError(f"series_length must be 2 to 4 games, not {series_length}")
    if games_per_opponent < 1:
        raise LeagueError(f"games_per_opponent must be at least 1, not {games_per_opponent}")
    offs = frozenset(off_days)
    bad = sorted(d for d in offs if d not in range(7))
    if bad:
        raise LeagueError(f"off days are weekdays 0 (Monday) to 6 (Sunday), not {bad}")
    if len(offs) == 7:
        raise LeagueError("every weekday is an off day; leave at least one day for games")

    rounds, plans = _round_robin(teams, random.Random(seed), games_per_opponent, series_length)
    cycles = max(len(p) for p in plans.values())

    days = _playing_days(start, offs)
    games: list[ScheduledGame] = []
    series_id = 0
    for cycle in range(cycles):
        for rnd in rounds:
            block: list[tuple[int, _Series]] = []
            for x, y in rnd:
                if x is None or y is None:
                    continue
                plan = plans[(x, y)]
                if cycle < len(plan):
                    series_id += 1
                    block.append((series_id, plan[cycle]))
            if not block:
                continue
            block_days = [next(days) for _ in range(max(s.length for _, s in block))]
            for g in range(len(block_days)):
                for sid, s in block:
                    if g < s.length:
                        games.append(ScheduledGame(0, block_days[g], s.away, s.home, sid))
    return tuple(ScheduledGame(i, g.day, g.away, g.home, g.series)
                 for i, g in enumerate(games, start=1))


def schedule_to_csv(games: Sequence[ScheduledGame] | tuple[ScheduledGame, ...]) -> str:
    """The schedule as CSV text: header `number,date,away,home,series`, ISO dates."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for g in games:
        w.writerow((g.number, g.day.isoformat(), g.away, g.home, g.series))
    return buf.getvalue()


def _positive(text: str, at: str, column: str) -> int:
    number = whole_number(text)
    if number is None or number < 1:
        raise LeagueError(f"{at}, column {column}: {text!r} is not a whole number of 1 or more")
    return number


def schedule_from_csv(text: str, *, where: str, teams: Collection[str]) -> tuple[ScheduledGame, ...]:
    """Read a schedule written by `schedule_to_csv`; the whole file is refused on any problem.

    Messages name the file (`where`), line, column and problem: a bad date or number, an unknown
    team, a team playing itself, a team twice on one day, a game number used twice.
    """
    known = set(teams)
    nul = text.find("\x00")
    if nul >= 0:
        raise LeagueError(f"{where} line {text.count(chr(10), 0, nul) + 1}: a NUL character "
                          "(not a text file?)")
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:
        raise LeagueError(f"{where}: not a CSV file: {exc}") from None
    if not rows:
        raise LeagueError(f"{where} line 1: the file is empty; want the header {','.join(CSV_HEADER)}")
    header = tuple(c.strip() for c in rows[0])
    if header != CSV_HEADER:
        raise LeagueError(f"{where} line 1: header is {','.join(header)!r}; "
                          f"want {','.join(CSV_HEADER)!r}")
    out: list[ScheduledGame] = []
    numbers: dict[int, int] = {}
    busy: dict[tuple[date, str], int] = {}
    for line_no, row in enumerate(rows[1:], start=2):
        if not row or all(not c.strip() for c in row):
            continue
        at = f"{where} line {line_no}"
        if len(row) != len(CSV_HEADER):
            raise LeagueError(f"{at}: {len(row)} columns; want {len(CSV_HEADER)} "
                              f"({','.join(CSV_HEADER)})")
        number = _positive(row[0], at, "number")
        if number in numbers:
            raise LeagueError(f"{at}, column number: game {number} is already on line "
                              f"{numbers[number]}")
        numbers[number] = line_no
        try:
            day = date.fromisoformat(row[1].strip())
        except ValueError:
            raise LeagueError(f"{at}, column date: {row[1]!r} is not a date (want YYYY-MM-DD)") from None
        away, home = row[2].strip(), row[3].strip()
        for column, code in (("away", away), ("home", home)):
            if code not in known:
                raise LeagueError(f"{at}, column {column}: unknown team {code!r}; "
                                  f"the teams are {', '.join(sorted(known))}")
        if away == home:
            raise LeagueError(f"{at}, column home: team {home} cannot play itself")
        for column, code in (("away", away), ("home", home)):
            if (day, code) in busy:
                raise LeagueError(f"{at}, column {column}: {code} already plays on {day.isoformat()} "
                                  f"(line {busy[(day, code)]})")
            busy[(day, code)] = line_no
        series = _positive(row[4], at, "series")
        out.append(ScheduledGame(number, day, away, home, series))
    return tuple(sorted(out, key=lambda g: g.number))
