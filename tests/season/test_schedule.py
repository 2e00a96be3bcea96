"""Season schedules: counts, balance, calendar, series, determinism and the CSV form."""
from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date
from itertools import combinations

import pytest

from league.errors import LeagueError
from league.season.schedule import ScheduledGame, make_schedule, schedule_from_csv, schedule_to_csv, split_series

SIX = ("SAP", "SEN", "TOK", "OSA", "HIR", "FUK")


def codes(n: int) -> list[str]:
    return [f"T{i:02d}" for i in range(n)]


def check(games, teams, per_opponent, series_length=3, off_days=(0,)):
    """The invariants every schedule keeps."""
    assert [g.number for g in games] == list(range(1, len(games) + 1))
    assert list(games) == sorted(games, key=lambda g: g.day)
    # every pair meets per_opponent times, hosts split evenly (one apart when odd)
    pair = Counter(frozenset((g.away, g.home)) for g in games)
    assert set(pair) == {frozenset(p) for p in combinations(teams, 2)}
    assert set(pair.values()) == {per_opponent}
    for a, b in combinations(teams, 2):
        home_a = sum(1 for g in games if g.home == a and g.away == b)
        home_b = sum(1 for g in games if g.home == b and g.away == a)
        assert abs(home_a - home_b) == per_opponent % 2
    # nobody twice a day, no games on off days, nobody plays himself
    seen = set()
    for g in games:
        assert g.away != g.home
        assert g.day.weekday() not in off_days
        for t in (g.away, g.home):
            assert (g.day, t) not in seen
            seen.add((g.day, t))
    # a series is one pairing with one host on consecutive playing days
    by_series = defaultdict(list)
    for g in games:
        by_series[g.series].append(g)
    for s in by_series.values():
        assert len({(g.away, g.home) for g in s}) == 1
        assert 1 <= len(s) <= 4
    return by_series


def test_six_teams_24_per_opponent_is_120_games_each():
    games = make_schedule(SIX)
    by_series = check(games, SIX, 24)
    played = Counter()
    home = Counter()
    for g in games:
        played.update((g.away, g.home))
        home[g.home] += 1
    assert set(played.values()) == {120}
    assert set(home.values()) == {60}
    assert len(games) == 360
    assert {len(s) for s in by_series.values()} == {3}
    assert games[0].day == date(2026, 3, 27)


def test_monday_off_and_other_off_days():
    games = make_schedule(SIX)
    assert not any(g.day.weekday() == 0 for g in games)
    games = make_schedule(SIX, off_days=(0, 3), games_per_opponent=6)
    check(games, SIX, 6, off_days=(0, 3))
    assert {g.day.weekday() for g in games} == {1, 2, 4, 5, 6}
    games = make_schedule(SIX, off_days=(), games_per_opponent=6)
    assert len({g.day.weekday() for g in games}) == 7


def test_meetings_are_spread_over_the_season():
    games = make_schedule(SIX)
    # SAP and SEN meet in eight separate series, never two in a row for either team
    series_of_pair = sorted({g.series for g in games if {g.away, g.home} == {"SAP", "SEN"}})
    assert len(series_of_pair) == 8
    sap = [g for g in games if "SAP" in (g.away, g.home)]
    opponents = []
    for g in sap:
        opp = g.home if g.away == "SAP" else g.away
        if not opponents or opponents[-1][1] != g.series:
            opponents.append((opp, g.series))
    assert all(a[0] != b[0] for a, b in zip(opponents, opponents[1:]))


@pytest.mark.parametrize("length", [2, 3, 4])
def test_series_lengths(length):
    by_series = check(make_schedule(SIX, games_per_opponent=24, series_length=length), SIX, 24)
    assert {len(s) for s in by_series.values()} == {length}


def test_a_short_last_series_is_never_a_single_game():
    by_series = check(make_schedule(SIX, games_per_opponent=25, series_length=3), SIX, 25)
    assert Counter(len(s) for s in by_series.values()) == Counter({3: 7 * 15, 2: 2 * 15})
    assert split_series(13, 3) == [3, 3, 3, 2, 2]
    assert split_series(5, 2) == [3, 2]
    assert split_series(12, 4) == [4, 4, 4]
    assert split_series(1, 3) == [1]


def test_odd_games_per_opponent_balance_hosts_over_the_season():
    games = make_schedule(SIX, games_per_opponent=5)
    check(games, SIX, 5)
    home = Counter(g.home for g in games)
    assert set(home.values()) == {12, 13}   # each team hosts the odd game of 2 or 3 pairings
    assert sum(home.values()) == 75


def test_deterministic_for_a_seed():
    assert make_schedule(SIX, seed=7) == make_schedule(SIX, seed=7)
    assert make_schedule(SIX, seed=7) != make_schedule(SIX, seed=8)


@pytest.mark.parametrize("n", [2, 3, 5, 7, 16])
def test_team_counts(n):
    teams = codes(n)
    games = make_schedule(teams, games_per_opponent=6)
    check(games, teams, 6)
    played = Counter()
    for g in games:
        played.update((g.away, g.home))
    assert set(played.values()) == {6 * (n - 1)}


def test_odd_team_count_idles_one_team_each_round():
    teams = codes(5)
    games = make_schedule(teams, games_per_opponent=3)
    days = defaultdict(set)
    for g in games:
        days[g.day].update((g.away, g.home))
    assert all(len(playing) == 4 for playing in days.values())


@pytest.mark.parametrize("kwargs, message", [
    (dict(teams=["A"]), "2 to 16 teams"),
    (dict(teams=codes(17)), "2 to 16 teams"),
    (dict(teams=["A", "B", "A"]), "listed twice"),
    (dict(teams=SIX, series_length=1), "series_length"),
    (dict(teams=SIX, series_length=5), "series_length"),
    (dict(teams=SIX, games_per_opponent=0), "games_per_opponent"),
    (dict(teams=SIX, off_days=(7,)), "off days"),
    (dict(teams=SIX, off_days=range(7)), "every weekday"),
])
def test_bad_arguments(kwargs, message):
    teams = kwargs.pop("teams")
    with pytest.raises(LeagueError, match=message):
        make_schedule(teams, **kwargs)


# --- CSV -----------------------------------------------------------------------------------------

def test_csv_round_trip():
    games = make_schedule(SIX, games_per_opponent=6)
    text = schedule_to_csv(games)
    assert text.splitlines()[0] == "number,date,away,home,series"
    first = games[0]
    assert text.splitlines()[1] == f"1,{first.day.isoformat()},{first.away},{first.home},1"
    assert schedule_from_csv(text, where="schedule.csv", teams=SIX) == games


HEAD = "number,date,away,home,series\n"


@pytest.mark.parametrize("body, message", [
    ("1,2026-13-01,SAP,SEN,1\n", "schedule.csv line 2, column date: '2026-13-01' is not a date"),
    ("1,2026-04-01,SAP,XXX,1\n", "schedule.csv line 2, column home: unknown team 'XXX'"),
    ("1,2026-04-01,SAP,SEN,1\n2,2026-04-01,ZZZ,TOK,1\n",
     "schedule.csv line 3, column away: unknown team 'ZZZ'"),
    ("1,2026-04-01,SAP,SAP,1\n", "schedule.csv line 2, column home: team SAP cannot play itself"),
    ("1,2026-04-01,SAP,SEN,1\n2,2026-04-01,TOK,SAP,2\n",
     "schedule.csv line 3, column home: SAP already plays on 2026-04-01 \\(line 2\\)"),
    ("1,2026-04-01,SAP,SEN,1\n1,2026-04-02,SAP,SEN,1\n",
     "schedule.csv line 3, column number: game 1 is already on line 2"),
    ("x,2026-04-01,SAP,SEN,1\n", "schedule.csv line 2, column number"),
    ("1,2026-04-01,SAP,SEN,0\n", "schedule.csv line 2, column series"),
    ("1,2026-04-01,SAP,SEN\n", "schedule.csv line 2: 4 columns"),
])
def test_csv_errors_name_file_line_column_and_problem(body, message):
    with pytest.raises(LeagueError, match=message):
        schedule_from_csv(HEAD + body, where="schedule.csv", teams=SIX)


def test_csv_bad_header_and_empty_file():
    with pytest.raises(LeagueError, match="schedule.csv line 1: header"):
        schedule_from_csv("no,date,away,home,series\n", where="schedule.csv", teams=SIX)
    with pytest.raises(LeagueError, match="schedule.csv line 1: the file is empty"):
        schedule_from_csv("", where="schedule.csv", teams=SIX)


def test_csv_blank_lines_are_skipped_and_games_sorted_by_number():
    text = HEAD + "2,2026-04-02,SAP,SEN,1\n\n1,2026-04-01,SAP,SEN,1\n"
    games = schedule_from_csv(text, where="s.csv", teams=SIX)
    assert games == (ScheduledGame(1, date(2026, 4, 1), "SAP", "SEN", 1),
                     ScheduledGame(2, date(2026, 4, 2), "SAP", "SEN", 1))
