"""Postseason formats as data (league.season.postseason): the Climax Series with the pennant winner's
one-win advantage, a tied series to the higher seed, draws counted as games; the Japan Series
2-3-2 with draws replayed; generic brackets."""
from __future__ import annotations

import dataclasses as dc

import pytest

from league.errors import LeagueError
from league.season.postseason import (
    NO_INNING_LIMIT,
    SeriesFormat,
    bracket,
    japan_series_hosts,
    postseason_specs,
    seed_of,
    series_state,
)
from league.season.roster import SubLeague

FIRST = SeriesFormat(wins=2, games=3)
FINAL = SeriesFormat(wins=4, games=6, advantage=1)
JAPAN = SeriesFormat(wins=4, games=7, replay_draws=True, home="HHLLLHH")
H, L, D = "high", "low", None


@pytest.mark.parametrize("fmt, results, decided, score", [
    (FIRST, [L, L], L, "0-2"),
    (FIRST, [H, D], H, "1-0-1"),          # the lower seed can only draw level: the 2nd goes on
    (FIRST, [L, H, D], H, "1-1-1"),       # level after three: the higher seed
    (FIRST, [D, D, D], H, "0-0-3"),       # draws count as games
    (FIRST, [L, D], None, "0-1-1"),
    (FINAL, [], None, "1-0"),             # the pennant winner starts a win up
    (FINAL, [H, H, H], H, "4-0"),
    (FINAL, [L, L, L, L], L, "1-4"),
    (FINAL, [L, L, L, H, H, D], H, "3-3-1"),   # level at the end of six: the higher seed
    (FINAL, [L, L, H, H, D], H, "3-2-1"),      # one game left cannot put the lower seed ahead
    (FINAL, [L, L, H, D, D], None, "2-2-2"),   # ...here it still can
    (JAPAN, [H, L, H, L, H, L, D], None, "3-3-1"),   # a draw is replayed: game 8
    (JAPAN, [H, L, H, L, H, L, D, L], L, "3-4-1"),
])
def test_how_a_series_stands(fmt, results, decided, score):
    state = series_state(fmt, results)
    assert state.decided == decided and state.score() == score


def test_japan_series_parks_are_2_3_2_and_an_extra_game_stays():
    assert "".join(JAPAN.park(k) for k in range(9)) == "HHLLLHHHH"
    assert FIRST.park(2) == "H"


def test_the_professional_default_for_two_leagues():
    specs = postseason_specs(None, ["CL", "PL"])
    assert [s.key for s in specs] == ["CL-1", "PL-1", "CL-F", "PL-F", "JS"]
    first, final, japan = specs[0], specs[2], specs[4]
    assert (first.high, first.low, first.format.wins, first.format.games) == ("CL#2", "CL#3", 2, 3)
    assert (final.high, final.low, final.format.advantage, final.format.games) == \
        ("CL#1", "winner:CL-1", 1, 6)
    assert japan.format.replay_draws and japan.format.home == "HHLLLHH"
    assert japan.order == "alternate"
    assert postseason_specs(None, []) == []           # one league: no postseason unless asked


def test_innings_limits_and_custom_series_are_settings():
    specs = postseason_specs({"innings": 15}, ["CL", "PL"])
    assert {s.format.innings for s in specs} == {15}
    custom = postseason_specs({"series": [
        {"key": "S", "name": "Semi", "high": "#1", "low": "#4", "games": 5, "innings": 0},
        {"key": "T", "name": "Semi 2", "high": "#2", "low": "#3", "games": 5},
        {"key": "F", "high": "winner:S", "low": "winner:T", "games": 7, "home": "HHLLLHH"}]},
        [])
    assert [s.format.wins for s in custom] == [3, 3, 4] and custom[0].format.innings == 0


def test_a_generic_bracket_seeded_by_record():
    specs = bracket(4, [3, 7])
    assert [(s.key, s.high, s.low) for s in specs] == [
        ("R1-1", "#1", "#4"), ("R1-2", "#2", "#3"), ("F", "winner:R1-1", "winner:R1-2")]
    assert specs[0].format.wins == 2 and specs[2].format.wins == 4
    eight = bracket(8, [5])
    assert [(s.high, s.low) for s in eight[:4]] == [("#1", "#8"), ("#4", "#5"), ("#2", "#7"),
                                                    ("#3", "#6")]
    assert postseason_specs({"format": "bracket", "teams": 2, "best_of": [7]}, [])[0].key == "F"


def test_sides_come_from_the_standings():
    tables = {"CL": ["EDO", "YKH", "NGY"], "PL": ["SAP", "SEN", "CHB"]}
    overall = ["SAP", "EDO", "SEN", "YKH", "CHB", "NGY"]
    assert seed_of("CL#2", tables, overall) == ("YKH", 2)
    assert seed_of("#3", tables, overall) == ("SEN", 3)
    assert seed_of("winner:CL-1", tables, overall) is None


@pytest.mark.parametrize("data, message", [
    ({"format": "knockout"}, "format"),
    ({"series": [{"key": "F", "high": "winner:X", "low": "#2"}]}, "not listed before"),
    ({"series": [{"key": "F", "high": "XX#1", "low": "#2"}]}, "not a side"),
    ({"series": [{"key": "F", "high": "#1", "low": "#2", "games": 3, "wins": 5}]},
     "cannot be reached"),
    ({"series": [{"key": "F", "high": "#1", "low": "#2", "home": "HXH"}]}, "pattern"),
    ({"best": 3}, "unknown key"),
])
def test_bad_formats_are_refused(data, message):
    with pytest.raises(LeagueError, match=message):
        postseason_specs(data, ["CL", "PL"])


def test_japan_series_games_after_the_seventh_have_no_inning_limit():
    """日本シリーズ: games 1-7 stop after 12 innings (a draw, replayed); a game 8 or later is
    played to a finish. The Climax Series keeps its limit in every game."""
    specs = {s.key: s for s in postseason_specs(None, ["CL", "PL"])}
    japan = specs["JS"].format
    assert [japan.innings_limit(k) for k in range(7)] == [12] * 7
    assert japan.innings_limit(7) == japan.innings_limit(8) == NO_INNING_LIMIT
    final = specs["CL-F"].format
    assert {final.innings_limit(k) for k in range(6)} == {12}
    custom = postseason_specs({"series": [{"key": "F", "high": "#1", "low": "#2", "games": 7,
                                           "unlimited_from": 5}]}, [])
    assert [custom[0].format.innings_limit(k) for k in (3, 4)] == [12, NO_INNING_LIMIT]


def test_japan_series_hosts_take_turns_central_in_even_years():
    """日本シリーズ: the Central League's champion hosts games 1, 2, 6 and 7 in even years (2022,
    2024), the Pacific's in odd years (2023, 2025). In a league of one's own the league without
    the designated hitter stands for the Central, whichever is listed first."""
    cosmo, panorama = SubLeague("CL", "コスモ", "コ", False, ()), SubLeague("PL", "パノラマ", "パ", True, ())
    for leagues in ((cosmo, panorama), (panorama, cosmo)):
        assert japan_series_hosts(leagues, 2022) == japan_series_hosts(leagues, 2024) == "CL"
        assert japan_series_hosts(leagues, 2023) == japan_series_hosts(leagues, 2025) == "PL"
    both = (panorama, dc.replace(cosmo, dh=True))
    assert japan_series_hosts(both, 2024) == "PL" and japan_series_hosts(both, 2025) == "CL"
