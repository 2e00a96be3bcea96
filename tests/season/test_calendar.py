"""The professional calendar (league.season.calendar): 143 games a team, 交流戦 in late May and June,
Mondays off, the All-Star break, home and away balanced; every number a setting."""
from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from league.errors import LeagueError
from league.season.calendar import CalendarRules, calendar_rules, make_calendar
from storage.plainfiles import load_league, sample_league_path

NIPPON = load_league(sample_league_path("nippon"))
GROUPS = [g.teams for g in NIPPON.groups]


@pytest.fixture(scope="module")
def season():
    return make_calendar(GROUPS, calendar_rules(None), year=2026, seed=0)


def test_each_team_plays_143_games_25_against_each_rival_and_18_interleague(season):
    per_team = Counter(t for g in season for t in (g.away, g.home))
    assert set(per_team.values()) == {143} and len(season) == 858
    pairs = Counter(frozenset((g.away, g.home)) for g in season)
    for pair, n in pairs.items():
        a, b = sorted(pair)
        assert n == (3 if NIPPON.interleague(a, b) else 25)
    inter = Counter(t for g in season if NIPPON.interleague(g.away, g.home)
                    for t in (g.away, g.home))
    assert set(inter.values()) == {18}


def test_home_and_away_are_balanced(season):
    home = Counter(g.home for g in season)
    assert set(home.values()) <= {71, 72}
    inter_home = Counter(g.home for g in season if NIPPON.interleague(g.away, g.home))
    assert set(inter_home.values()) == {9}
    for a in ("EDO", "SAP"):
        for b in NIPPON.league_of(a).teams:
            if b != a:
                hosted = sum(1 for g in season if g.home == a and g.away == b)
                assert hosted in (12, 13)


def test_the_calendar_of_the_real_game(season):
    days = sorted({g.day for g in season})
    assert days[0] == date(2026, 3, 27) and date(2026, 10, 1) <= days[-1] <= date(2026, 10, 10)
    assert not any(d.weekday() == 0 for d in days)                       # Mondays off
    assert not any(date(2026, 7, 20) <= d <= date(2026, 7, 23) for d in days)   # All-Star break
    inter = sorted({g.day for g in season if NIPPON.interleague(g.away, g.home)})
    assert date(2026, 5, 20) <= inter[0] <= date(2026, 5, 31)
    assert date(2026, 6, 10) <= inter[-1] <= date(2026, 6, 20)
    league_days = [d for d in days if inter[0] <= d <= inter[-1]]
    assert all(any(NIPPON.interleague(g.away, g.home) for g in season if g.day == d)
               for d in league_days)
    busy = Counter((g.day, t) for g in season for t in (g.away, g.home))
    assert max(busy.values()) == 1
    series = Counter(g.series for g in season)
    assert set(series.values()) <= {2, 3}
    assert [g.number for g in season] == list(range(1, 859))


def test_the_same_seed_gives_the_same_calendar_another_seed_another():
    rules = calendar_rules(None)
    one = make_calendar(GROUPS, rules, year=2026, seed=4)
    assert one == make_calendar(GROUPS, rules, year=2026, seed=4)
    assert one != make_calendar(GROUPS, rules, year=2026, seed=5)
    assert [(g.away, g.home) for g in one] != \
        [(g.away, g.home) for g in make_calendar(GROUPS, rules, year=2027, seed=4)]


def test_every_number_is_a_setting():
    rules = calendar_rules({"games_per_opponent": 20, "interleague_games": 6,
                            "opening_day": "04-01", "interleague_start": "06-02",
                            "all_star": ["07-14", "07-17"], "last_day": "09-30"})
    games = make_calendar(GROUPS, rules, year=2026, seed=0)
    per_team = Counter(t for g in games for t in (g.away, g.home))
    assert set(per_team.values()) == {5 * 20 + 6 * 6}
    assert min(g.day for g in games) >= date(2026, 4, 1)
    one_league = make_calendar([GROUPS[0]], CalendarRules(games_per_opponent=10), year=2026)
    assert set(Counter(t for g in one_league for t in (g.away, g.home)).values()) == {50}


@pytest.mark.parametrize("data, message", [
    ({"games": 3}, "unknown key 'games'"),
    ({"games_per_opponent": 0}, "games_per_opponent"),
    ({"opening_day": "13-01"}, "opening_day"),
    ({"series_days": ["tue", "fri"], "off_days": ["fri"]}, "off day"),
    ({"series_length": 4}, "does not fit"),
])
def test_bad_settings_are_refused_naming_the_key(data, message):
    with pytest.raises(LeagueError, match=message):
        calendar_rules(data)
