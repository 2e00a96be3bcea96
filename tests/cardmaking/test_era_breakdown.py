"""tools/era_breakdown.py (issue 33, docs/cards.md "The ERA share"): the noise floor of the
check's ERA share, read from the same cards played several times, and the level of the errors."""
from __future__ import annotations

import math

import pytest
from tool_modules import tool

from league.cardmaking.cardcheck import SeasonTotals


@pytest.fixture(scope="module")
def eb():
    return tool("era_breakdown")


def test_the_noise_is_read_from_the_spread_of_a_pitchers_season_pairs(eb):
    # ERAs 4, 5, 3 over 100 innings each: variance 1 around their mean 4, read at 1/100
    assert eb.noise_k([[(4.0, 100.0), (5.0, 100.0), (3.0, 100.0)]]) == pytest.approx(100.0)
    # a pitcher with one pair says nothing of the noise
    assert math.isnan(eb.noise_k([[(4.0, 100.0)]]))


def test_a_perfect_replay_lands_inside_by_the_normal_chance(eb):
    # k 100 over 400 innings: sd 0.5, so ±0.60 is ±1.2 sd, 77 % inside
    assert eb.inside_by_noise(100.0, [400.0]) == pytest.approx(math.erf(1.2 / math.sqrt(2)))
    # more innings, less noise
    assert eb.inside_by_noise(100.0, [800.0]) > eb.inside_by_noise(100.0, [400.0])


def _line(outs: float, er: float, r: float, **kw: float) -> dict[str, float]:
    base = {"g": 30.0, "gs": 30.0, "outs": outs, "er": er, "r": r, "h": outs / 3, "hr": 10.0,
            "bb": 40.0, "hbp": 3.0, "so": 100.0, "bf": outs + outs / 3 + 43.0}
    base.update(kw)
    return base


def test_the_breakdown_reads_the_check_level_and_unearned_runs(eb):
    # two starters of 180 innings, real ERA 3.00 and 5.00; the generated seasons give each 50,
    # 50, 70, 70 earned runs and 80 runs in 180 innings: the check's two seasons ERA 2.50, all
    # four 3.00 (RA9 4.00), the pairs 2.50 and 3.50 over 360 innings
    real = [{"key": "a", "team": "X", "pitching": _line(540, 60, 66)},     # ERA 3.00
            {"key": "b", "team": "Y", "pitching": _line(540, 100, 110)}]   # ERA 5.00
    seasons = []
    for er in (50, 50, 70, 70):
        t = SeasonTotals()
        t.pitching = {"a": _line(540, er, 80), "b": _line(540, er, 80)}
        seasons.append(t)
    out = eb.breakdown(real, seasons, league_outs=1200.0)
    assert out["pitchers"] == 2
    assert out["era_inside"]["check"] == 0.5             # a 0.50 low: inside; b 2.50 low
    # the pairs' variance 0.5 at 360 innings: k 180, a perfect replay inside erf(0.6 / sqrt(2 k /
    # 360)) of the time
    assert out["era_inside"]["k"] == 180
    assert out["era_inside"]["perfect_replay"] == pytest.approx(math.erf(0.6), abs=1e-3)
    assert out["level"]["era_error"] == pytest.approx(-1.0)
    assert out["level"]["rostered_innings"] == pytest.approx(0.9)   # 1,080 of 1,200 outs
    assert out["unearned"] == [pytest.approx(1 - 160 / 176, abs=1e-3), 0.25]  # 480 of 640
    assert out["spread"]["made_on_real"] == pytest.approx(0.0)     # every man the same
    assert out["teams"] == {"Y": -2.0, "X": 0.0}


def test_the_error_is_split_into_components_and_gap_by_least_squares(eb):
    comp = [3.0, 4.0, 5.0, 3.5, 4.5]
    gap = [0.2, -0.3, 0.1, 0.6, -0.4]
    err = [1 + 0.2 * c + 0.5 * g for c, g in zip(comp, gap)]
    assert eb.parts(comp, gap, err) == {"constant": 1.0, "on_components_era": 0.2, "on_gap": 0.5}


def test_the_error_level_reads_errors_a_team_game_by_position_and_the_unearned_share(eb):
    # a real league of 2 teams x 10 games: 12 errors (SS 6, LF 2, CF 2, P 2), runs 100, earned
    # 90; a generated season of 20 team-games: 8 errors (SS 2, RF 6), runs 120, earned 114
    from types import SimpleNamespace

    from league.cardmaking.cardgen import StatPlayer
    players = [StatPlayer("a", "A", "X", fielding={"SS": {"e": 6}, "LF": {"e": 2}}),
               StatPlayer("b", "B", "Y", fielding={"CF": {"e": 2}, "P": {"e": 2}},
                          pitching={"r": 100, "er": 90})]
    season = SimpleNamespace(players=players, team_names={"X": "X", "Y": "Y"}, team_games=10)
    made = SeasonTotals()
    made.games = {"X": 10, "Y": 10}
    made.fielding = {"a": {"SS": {"e": 2.0}}, "b": {"RF": {"e": 6.0}}}
    made.pitching = {"b": {"r": 120.0, "er": 114.0}}
    out = tool("usage_breakdown").error_level(season, [made])
    assert out["errors_per_team_game"] == [0.6, 0.4]
    # the outfield as one: LF and CF real, RF generated
    assert out["errors_by_position"] == {"OF": [0.2, 0.3], "P": [0.1, 0.0], "SS": [0.3, 0.1]}
    assert out["league_unearned_share"] == [0.1, 0.05]
