"""NPB's 守備率 boards are by position (投手 捕手 一塁手 二塁手 三塁手 遊撃手 外野手): a fielder's
games at the position his batting line of the game says, qualified with two thirds of his team's
games there, catchers with half, pitchers with 規定投球回 (team games × 1.0, rulebook C.5)."""
from __future__ import annotations

import pytest

from league.errors import LeagueError
from league.season.stats import (
    FIELDING_POSITIONS,
    FieldingStats,
    fielding_position,
    leaders,
    position_as_typed,
    qualified_fielding_games,
)

TEAM_GAMES = {"SAP": 12}


def test_a_games_position_is_the_one_his_batting_line_says():
    assert [fielding_position(t) for t in ("SS", "C", "1B", "2B", "3B", "P")] == \
        ["SS", "C", "1B", "2B", "3B", "P"]
    # the three outfield places are one board, as NPB's 外野手
    assert {fielding_position(t) for t in ("LF", "CF", "RF")} == {"OF"}
    # a pinch hitter or runner who stayed in to field: where he went
    assert fielding_position("PH-3B") == "3B" and fielding_position("PR-CF") == "OF"
    # no batting line: a pitcher of a game with the DH
    assert fielding_position(None) == "P"
    # not in the field: the DH's pinch hitter, a bare PH of an old game
    assert [fielding_position(t) for t in ("PH-DH", "PR-DH", "DH", "PH", "")] == [None] * 5


def test_a_position_as_typed():
    assert [position_as_typed(t) for t in ("ss", " Of ", "lf", "CF", "rf", "p", "1b")] == \
        ["SS", "OF", "OF", "OF", "OF", "P", "1B"]
    assert [position_as_typed(t) for t in ("遊撃手", "遊撃", "外野", "捕手", "投手")] == \
        ["SS", "SS", "OF", "C", "P"]
    with pytest.raises(LeagueError, match=r"unknown position 'DH'; use one of P, C, 1B, 2B, 3B, "
                                          r"SS, OF \(or 投手, 捕手"):
        position_as_typed("DH")
    assert len(FIELDING_POSITIONS) == 7


def test_the_qualifier_is_two_thirds_at_the_position_half_for_catchers():
    assert qualified_fielding_games(143) == pytest.approx(95.333, abs=1e-3)
    assert qualified_fielding_games(143, "SS") == qualified_fielding_games(143)
    assert qualified_fielding_games(143, "C") == 71.5
    assert qualified_fielding_games(144, "OF") == 96


def test_a_catchers_board_needs_half_the_team_games_another_two_thirds():
    rows = [("c6", "SAP", FieldingStats(games=6, po=40)),
            ("c5", "SAP", FieldingStats(games=5, po=60))]
    # 12 team games: a catcher needs 6, a shortstop 8
    assert [r.player_id for r in leaders(rows, "fielding_pct", team_games=TEAM_GAMES,
                                         position="C")] == ["c6"]
    assert leaders(rows, "fielding_pct", team_games=TEAM_GAMES, position="SS") == []
    eight = [("s", "SAP", FieldingStats(games=8, po=10, a=20, e=1))]
    assert [r.text for r in leaders(eight, "fielding_pct", team_games=TEAM_GAMES,
                                    position="SS")] == [".968"]
    # 盗塁阻止率 on the catchers' board: the same half
    arms = [("c6", "SAP", FieldingStats(games=6, po=40, sb_allowed=3, cs=1))]
    assert [r.text for r in leaders(arms, "cs_rate", team_games=TEAM_GAMES, position="C")] == \
        [".250"]


def test_a_pitchers_board_needs_the_innings_not_the_games():
    """A starter pitches in a fifth of the games: his 守備率 qualifies with 規定投球回."""
    rows = [("sp", "SAP", FieldingStats(games=3, po=2, a=5)),
            ("rp", "SAP", FieldingStats(games=10, po=1, a=3, e=1))]
    outs = {("sp", "SAP"): 36, ("rp", "SAP"): 35}     # 規定投球回 at 12 games: 12 innings
    board = leaders(rows, "fielding_pct", team_games=TEAM_GAMES, position="P", pitcher_outs=outs)
    assert [(r.player_id, r.text) for r in board] == [("sp", "1.000")]
    # without innings nobody qualifies, however many games
    assert leaders(rows, "fielding_pct", team_games=TEAM_GAMES, position="P") == []
    # a counting stat lists everyone
    assert [r.player_id for r in leaders(rows, "a", team_games=TEAM_GAMES, position="P",
                                         pitcher_outs=outs)] == ["sp", "rp"]
