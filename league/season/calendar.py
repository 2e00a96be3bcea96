"""The regular season's calendar as the professional game draws it, every number a setting.

Each team meets every rival of its own league `games_per_opponent` times (25 by default) and,
in a league of two leagues, every team of the other league `interleague_games` times (3: the 18
games of 交流戦), in series of three (two where the split needs them). The season is cut into
series windows that start on fixed weekdays (Tuesday and Friday: Tuesday–Thursday and Friday–
Sunday, so Mondays are off); every team plays one series a window. Opening Day is the first
window on or after `opening_day`; 交流戦 fills the windows from `interleague_start`; the rest of
the league games fill the windows after it up to `last_day`, leaving the All-Star break
(`all_star`) and spreading any spare windows (days off for all) evenly. Home and away alternate
within each pairing (13 and 12 of 25), and each team hosts half its interleague series.

Pure: the same rules, teams and seed give the same calendar.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from league.errors import LeagueError
from league.season.schedule import ScheduledGame, _round_robin, _Series, split_series

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class CalendarRules:
    """The numbers of a regular season (league.toml `[schedule]`); dates are "MM-DD"."""

    games_per_opponent: int = 25
    interleague_games: int = 3
    series_length: int = 3
    opening_day: str = "03-27"
    interleague_start: str = "05-26"
    all_star: tuple[str, str] = ("07-20", "07-23")
    last_day: str = "10-04"
    series_days: tuple[int, ...] = (1, 4)           # weekdays a series starts (0 = Monday)
    off_days: tuple[int, ...] = (0,)                # weekdays without games

    def day(self, key: str, year: int) -> date:
        """A month-day setting in a year."""
        return _on(getattr(self, key), year)


def _on(month_day: str, year: int) -> date:
    month, dom = (int(x) for x in month_day.split("-"))
    return date(year, month, dom)


SCHEDULE_KEYS = {f.name for f in CalendarRules.__dataclass_fields__.values()}  # type: ignore[attr-defined]


def _month_day(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise LeagueError(f"{what}: {value!r} is not a month-day like \"03-27\"")
    try:
        month, dom = (int(x) for x in value.split("-"))
        date(2000, month, dom)
    except ValueError:
        raise LeagueError(f"{what}: {value!r} is not a month-day like \"03-27\"") from None
    return f"{month:02d}-{dom:02d}"


def _weekdays(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise LeagueError(f"{what}: {value!r} is not a list of weekdays (\"tue\", \"fri\" or 0-6)")
    out = []
    for v in value:
        if isinstance(v, str) and v.lower()[:3] in WEEKDAYS:
            out.append(WEEKDAYS.index(v.lower()[:3]))
        elif isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 6:
            out.append(v)
        else:
            raise LeagueError(f"{what}: {v!r} is not a weekday (\"mon\"…\"sun\" or 0-6)")
    return tuple(sorted(set(out)))


def calendar_rules(data: Mapping[str, Any] | None, where: str = "league.toml [schedule]"
                   ) -> CalendarRules:
    """The `[schedule]` table checked into CalendarRules; LeagueError names the key."""
    data = dict(data or {})
    unknown = sorted(set(data) - SCHEDULE_KEYS)
    if unknown:
        raise LeagueError(f"{where}: unknown key {unknown[0]!r}; known keys are "
                          f"{', '.join(sorted(SCHEDULE_KEYS))}")
    kwargs: dict[str, Any] = {}
    for key, lo, hi in (("games_per_opponent", 1, 60), ("interleague_games", 0, 12),
                        ("series_length", 2, 4)):
        if key in data:
            v = data[key]
            if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                raise LeagueError(f"{where}, key {key}: {v!r} is not a whole number {lo}..{hi}")
            kwargs[key] = v
    for key in ("opening_day", "interleague_start", "last_day"):
        if key in data:
            kwargs[key] = _month_day(data[key], f"{where}, key {key}")
    if "all_star" in data:
        v = data["all_star"]
        if not isinstance(v, list) or len(v) != 2:
            raise LeagueError(f"{where}, key all_star: {v!r} is not [first, last] day of the "
                              "break, like [\"07-20\", \"07-23\"]")
        kwargs["all_star"] = tuple(_month_day(x, f"{where}, key all_star") for x in v)
    for key in ("series_days", "off_days"):
        if key in data:
            kwargs[key] = _weekdays(data[key], f"{where}, key {key}")
    rules = CalendarRules(**kwargs)
    if set(rules.series_days) & set(rules.off_days):
        raise LeagueError(f"{where}: a series cannot start on an off day")
    if len(rules.off_days) == 7:
        raise LeagueError(f"{where}: every weekday is an off day")
    shortest = min(_window_lengths(rules))
    if rules.series_length > shortest:
        raise LeagueError(f"{where}, key series_length: a series of {rules.series_length} does "
                          f"not fit between the series days (the shortest window has "
                          f"{shortest} playing days)")
    return rules


def _window_lengths(rules: CalendarRules) -> list[int]:
    starts = sorted(rules.series_days)
    out = []
    for i, s in enumerate(starts):
        nxt = starts[(i + 1) % len(starts)] + (7 if i + 1 == len(starts) else 0)
        out.append(sum(1 for d in range(s, nxt) if d % 7 not in rules.off_days))
    return out


@dataclass
class _Window:
    days: list[date]
    series: list[tuple[int, _Series]] = field(default_factory=list)


def _windows(rules: CalendarRules, first: date, end: date) -> list[list[date]]:
    """Series windows from the first series day on or after `first` until `end` (exclusive):
    each the playing days from one series day to the next."""
    day = first
    while day.weekday() not in rules.series_days:
        day += timedelta(days=1)
    out: list[list[date]] = []
    while day < end:
        days = [day]
        nxt = day + timedelta(days=1)
        while nxt.weekday() not in rules.series_days:
            if nxt.weekday() not in rules.off_days:
                days.append(nxt)
            nxt += timedelta(days=1)
        out.append(days)
        day = nxt
    return out


def _league_slots(teams: Sequence[str], rules: CalendarRules, rng: random.Random
                  ) -> list[list[_Series]]:
    """A league's own games as slots: in each, every team plays (at most) one series."""
    if len(teams) < 2:
        return []
    rounds, plans = _round_robin(teams, rng, rules.games_per_opponent, rules.series_length)
    cycles = max(len(p) for p in plans.values())
    slots = []
    for cycle in range(cycles):
        for rnd in rounds:
            slot = [plans[(x, y)][cycle] for x, y in rnd
                    if x is not None and y is not None and cycle < len(plans[(x, y)])]
            if slot:
                slots.append(slot)
    return slots


def _interleague_slots(a: Sequence[str], b: Sequence[str], rules: CalendarRules, year: int,
                       rng: random.Random) -> list[list[_Series]]:
    """交流戦 as slots: each team meets every team of the other league, hosting half."""
    if rules.interleague_games == 0 or not a or not b:
        return []
    a, b = list(a), list(b)
    rng.shuffle(a)
    rng.shuffle(b)
    size = max(len(a), len(b))
    left: list[str | None] = a + [None] * (size - len(a))
    right: list[str | None] = b + [None] * (size - len(b))
    slots_by_round = []
    for r in range(size):
        pairs = []
        for i in range(size):
            x, y = left[i], right[(i + r) % size]
            if x is None or y is None:
                continue
            j = (i + r) % size
            hosts = (y, x) if (i + j + year) % 2 == 0 else (x, y)
            # the games of a pairing in whole series, hosts alternating series by series
            pairs.append([_Series(away=hosts[k % 2 - 1], home=hosts[k % 2], length=n)
                          for k, n in enumerate(split_series(rules.interleague_games,
                                                             rules.series_length))])
        slots_by_round.append(pairs)
    slots = []
    cycles = max((len(p) for rnd in slots_by_round for p in rnd), default=0)
    for cycle in range(cycles):
        for rnd in slots_by_round:
            slot = [p[cycle] for p in rnd if cycle < len(p)]
            if slot:
                slots.append(slot)
    return slots


def _merge(*per_league: list[list[_Series]]) -> list[list[_Series]]:
    """The leagues' slots side by side: slot k of each league is played in the same window."""
    n = max((len(x) for x in per_league), default=0)
    return [[s for slots in per_league if k < len(slots) for s in slots[k]] for k in range(n)]


def _spread(slots: int, windows: int) -> list[int]:
    """Which of `windows` windows to use for `slots` slots: all when there are not more
    windows than slots, else evenly spaced (the others are days off for everybody)."""
    if windows <= slots:
        return list(range(windows))
    return [round(k * (windows - 1) / max(1, slots - 1)) if slots > 1 else 0
            for k in range(slots)]


def make_calendar(groups: Sequence[Sequence[str]], rules: CalendarRules, *, year: int,
                  seed: int = 0) -> tuple[ScheduledGame, ...]:
    """The regular season of one or two leagues (`groups` of team codes) in `year`.

    The same arguments always give the same calendar; another seed or year gives another.
    """
    if not 1 <= len(groups) <= 2:
        raise LeagueError(f"a calendar is for one or two leagues, not {len(groups)}")
    rng = random.Random(seed * 10_007 + year)
    own = _merge(*[_league_slots(g, rules, rng) for g in groups])
    inter = (_interleague_slots(groups[0], groups[1], rules, year, rng)
             if len(groups) == 2 else [])
    opening = rules.day("opening_day", year)
    inter_start = rules.day("interleague_start", year) if inter else None
    star_first, star_last = (_on(x, year) for x in rules.all_star)
    last = rules.day("last_day", year)

    def usable(days: list[date]) -> bool:
        return not any(star_first <= d <= star_last for d in days)

    placed: list[tuple[list[date], list[_Series]]] = []
    if inter_start is not None:
        before = [w for w in _windows(rules, opening, inter_start) if usable(w)]
        head = own[:len(before)]
        placed += list(zip(before, head))
        rest_own = own[len(head):]
        inter_windows = [w for w in _windows(rules, inter_start, inter_start + timedelta(
            days=7 * (len(inter) + 4))) if usable(w)][:len(inter)]
        placed += list(zip(inter_windows, inter))
        after_from = inter_windows[-1][-1] + timedelta(days=1)
    else:
        rest_own = own
        after_from = opening
    after = [w for w in _windows(rules, after_from, last + timedelta(days=1)) if usable(w)]
    if len(after) < len(rest_own):  # not enough room before last_day: carry on past it
        more = _windows(rules, (after[-1][-1] if after else after_from) + timedelta(days=1),
                        last + timedelta(days=7 * (len(rest_own) - len(after) + 4)))
        after += [w for w in more if usable(w)]
    picks = _spread(len(rest_own), len(after))
    placed += [(after[i], slot) for i, slot in zip(picks, rest_own)]

    games: list[tuple[date, int, str, str]] = []
    series_id = 0
    for days, slot in placed:
        for s in slot:
            series_id += 1
            games += [(d, series_id, s.away, s.home) for d in days[:s.length]]
    games.sort(key=lambda g: (g[0], g[1]))
    return tuple(ScheduledGame(i, day, away, home, sid)
                 for i, (day, sid, away, home) in enumerate(games, start=1))


__all__ = ["CalendarRules", "calendar_rules", "make_calendar", "split_series"]
