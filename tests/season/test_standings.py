"""Standings in Japanese form: 勝率 without draws, ゲーム差, tiebreaks with reasons, streaks."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from league.errors import LeagueError
from league.season.standings import Outcome, gb_text, head_to_head, standings

START = date(2026, 4, 1)


def games(*results: tuple[str, str, int, int]) -> list[Outcome]:
    """One game a day in the given order: (away, home, away runs, home runs)."""
    return [Outcome(i + 1, START + timedelta(days=i), a, h, ar, hr)
            for i, (a, h, ar, hr) in enumerate(results)]


def wins_for(team: str, other: str, n: int) -> list[tuple[str, str, int, int]]:
    return [(team, other, 3, 1)] * n


def row(table, team):
    return next(r for r in table if r.team == team)


def test_pct_leaves_draws_out():
    table = standings(games(("A", "B", 3, 1), ("A", "B", 2, 2), ("A", "B", 0, 0),
                            ("B", "A", 5, 4)), ["A", "B"])
    a = row(table, "A")
    assert (a.games, a.wins, a.losses, a.draws) == (4, 1, 1, 2)
    assert a.pct == 0.5
    assert a.savings == 0
    assert (a.runs_for, a.runs_against) == (9, 8)


def test_pct_is_zero_without_decisions():
    table = standings(games(("A", "B", 1, 1)), ["A", "B", "C"])
    assert [r.pct for r in table] == [0.0, 0.0, 0.0]
    assert row(table, "C").games == 0
    assert row(table, "C").streak == "-"
    assert row(table, "C").last10 == "0-0-0"


def test_a_team_with_draws_can_lead_on_pct_with_fewer_wins():
    # A 3-1 with 4 draws (.750); B 5-2 (.714): A leads, B is −0.5 games behind
    results = (wins_for("A", "C", 3) + [("C", "A", 2, 1)] + [("A", "C", 0, 0)] * 4
               + wins_for("B", "D", 5) + [("D", "B", 2, 1)] * 2)
    table = standings(games(*results), ["A", "B", "C", "D"])
    assert [r.team for r in table] == ["A", "B", "D", "C"]
    assert (table[0].wins, table[0].losses, table[0].draws) == (3, 1, 4)
    assert table[0].games_behind is None
    assert table[1].games_behind == -0.5      # ((3 − 5) + (2 − 1)) / 2
    assert gb_text(table[1].games_behind) == "\u22120.5"
    assert table[1].savings == 3


def test_games_behind_from_the_leader_and_from_the_team_above():
    # A 6-0, B 4-2, C 2-4, D 0-6
    results = (wins_for("A", "D", 3) + wins_for("A", "C", 3) + wins_for("B", "D", 3)
               + wins_for("B", "C", 1) + wins_for("C", "B", 2) + [])
    # B 4-2 (3 over D, 1 over C, 2 lost to C); C 2-4; D 0-6
    table = standings(games(*results), ["A", "B", "C", "D"])
    assert [(r.team, r.wins, r.losses) for r in table] == [
        ("A", 6, 0), ("B", 4, 2), ("C", 2, 4), ("D", 0, 6)]
    assert [r.games_behind for r in table] == [None, 2.0, 4.0, 6.0]
    above = standings(games(*results), ["A", "B", "C", "D"], games_behind_from="above")
    assert [r.games_behind for r in above] == [None, 2.0, 2.0, 2.0]
    assert [gb_text(r.games_behind) for r in above] == ["-", "2.0", "2.0", "2.0"]


def test_games_behind_from_above_can_be_negative():
    # A 1-0 (1.000); B 3-1 (.750) is −0.5 from A; C 2-2 (.500) is 1.0 behind B; D 2-5
    results = (wins_for("A", "C", 1) + wins_for("B", "D", 3) + [("D", "B", 5, 0)]
               + wins_for("C", "D", 2) + [("D", "C", 4, 0)])
    table = standings(games(*results), ["A", "B", "C", "D"], games_behind_from="above")
    assert [r.team for r in table][:3] == ["A", "B", "C"]
    assert table[1].games_behind == -0.5
    assert table[2].games_behind == 1.0
    leader = standings(games(*results), ["A", "B", "C", "D"])
    assert [r.games_behind for r in leader] == [None, -0.5, 0.5, 2.0]


def test_gb_text():
    assert gb_text(None) == "-"
    assert gb_text(1.5) == "1.5"
    assert gb_text(0.5) == "0.5"
    assert gb_text(-0.5) == "\u22120.5"
    assert gb_text(0.0, from_leader=False) == "0.0"
    assert gb_text(0.0) == "-"      # level with the leader: no games behind him
    assert gb_text(12.0) == "12.0"


def test_head_to_head():
    out = games(("A", "B", 3, 1), ("B", "A", 3, 1), ("B", "A", 0, 2), ("A", "B", 1, 1),
                ("A", "C", 9, 0))
    assert head_to_head(out, "A", "B") == (2, 1, 1)
    assert head_to_head(out, "B", "A") == (1, 2, 1)
    assert head_to_head(out, "B", "C") == (0, 0, 0)


def level_pair():
    """A and B both 8-8: A won their meetings 7-5; B has the better run difference.

    C (3-1) finishes first and D (1-3) last.
    """
    return (wins_for("A", "B", 7) + [("B", "A", 10, 0)] * 5      # A 7-5 vs B: 14-50
            + wins_for("A", "C", 1) + [("C", "A", 1, 0)] * 3        # A 8-8, run diff −37
            + wins_for("B", "D", 3) + [("D", "B", 1, 0)])          # B 8-8, run diff +41


def test_tiebreak_head_to_head_shows_the_record():
    out = games(*level_pair())
    a, b = (row(standings(out, ["A", "B", "C", "D"]), t) for t in "AB")
    assert (a.wins, a.losses) == (b.wins, b.losses) == (8, 8)
    table = standings(out, ["D", "C", "B", "A"])
    assert [r.team for r in table] == ["C", "A", "B", "D"]
    assert [r.tiebreak for r in table] == [None, "直接対決 7-5", "直接対決 5-7", None]
    assert [r.rank for r in table] == [1, 2, 3, 4]
    assert table[2].games_behind == 1.0
    above = standings(out, ["D", "C", "B", "A"], games_behind_from="above")
    assert above[2].games_behind == 0.0


def test_tiebreak_order_is_a_setting():
    out = games(*level_pair())
    table = standings(out, ["A", "B", "C", "D"], tiebreak=("pct", "run_diff", "head_to_head"))
    assert [r.team for r in table][1:3] == ["B", "A"]
    assert table[1].tiebreak == "得失点差 +41"
    assert table[2].tiebreak == "得失点差 -37"


def test_tiebreak_falls_through_to_wins_then_code():
    # A 2-0 and B 1-0 are both 1.000 and never met: wins decide. C 0-2-2 and D 0-1-2 are both
    # .000, drew with each other and have no wins: run difference decides (−2 against −1).
    out = games(("A", "C", 1, 0), ("A", "D", 1, 0), ("B", "C", 1, 0),
                ("C", "D", 0, 0), ("D", "C", 0, 0))
    table = standings(out, ["D", "C", "B", "A"])
    assert [r.team for r in table] == ["A", "B", "D", "C"]
    assert [r.tiebreak for r in table] == ["勝利数 2", "勝利数 1", "得失点差 -1", "得失点差 -2"]
    assert [r.rank for r in table] == [1, 2, 3, 4]


def test_fully_level_teams_share_a_rank_without_code():
    out = games(("A", "B", 1, 1))
    table = standings(out, ["B", "A"], tiebreak=("pct", "wins"))
    assert [(r.rank, r.team, r.tiebreak) for r in table] == [(1, "B", None), (1, "A", None)]
    table = standings(out, ["B", "A"])
    assert [(r.rank, r.team, r.tiebreak) for r in table] == [
        (1, "A", "チームコード順"), (2, "B", "チームコード順")]


def test_three_team_tie_uses_the_mini_league():
    # A, B, C all .500; among themselves A 2-0, B 1-1-1, C 0-2-1; D 4-3 leads
    out = games(("A", "B", 1, 0), ("A", "C", 1, 0), ("B", "C", 1, 0), ("C", "B", 0, 0),
                ("D", "A", 1, 0), ("D", "A", 1, 0), ("B", "D", 1, 0), ("D", "B", 1, 0),
                ("C", "D", 1, 0), ("C", "D", 1, 0), ("D", "E", 1, 0))
    table = standings(out, ["C", "B", "A", "D", "E"])
    assert table[0].team == "D" and table[0].tiebreak is None
    top = list(table[1:4])
    assert [(r.wins, r.losses) for r in top] == [(2, 2)] * 3
    assert [(r.team, r.tiebreak) for r in top] == [
        ("A", "直接対決 2-0"), ("B", "直接対決 1-1-1"), ("C", "直接対決 0-2-1")]


def test_streak_and_last_10():
    results = ([("A", "B", 1, 0)] * 3 + [("A", "B", 0, 1)] * 5 + [("A", "B", 1, 1)]
               + [("A", "B", 1, 0)] * 3)
    a = row(standings(games(*results), ["A", "B"]), "A")
    b = row(standings(games(*results), ["A", "B"]), "B")
    assert a.streak == "3連勝"
    assert b.streak == "3連敗"
    assert a.last10 == "4-5-1"      # the last ten: W, L×5, D, W×3
    assert b.last10 == "5-4-1"
    draw_last = row(standings(games(*results, ("A", "B", 2, 2)), ["A", "B"]), "A")
    assert draw_last.streak == "1分"
    one_loss = row(standings(games(*results, ("A", "B", 0, 2)), ["A", "B"]), "A")
    assert one_loss.streak == "1敗"


def test_order_is_by_day_then_number_not_by_input_order():
    out = list(reversed(games(("A", "B", 1, 0), ("A", "B", 0, 1), ("A", "B", 0, 1))))
    assert row(standings(out, ["A", "B"]), "A").streak == "2連敗"


@pytest.mark.parametrize("kwargs, message", [
    (dict(games_behind_from="middle"), "games_behind_from"),
    (dict(tiebreak=("pct", "luck")), "unknown tiebreak 'luck'"),
    (dict(tiebreak=()), "empty"),
])
def test_bad_settings(kwargs, message):
    with pytest.raises(LeagueError, match=message):
        standings([], ["A", "B"], **kwargs)


def test_unknown_team_in_a_game():
    with pytest.raises(LeagueError, match="team 'X' is not in the standings"):
        standings(games(("A", "X", 1, 0)), ["A", "B"])


def test_rates_are_shown_as_npb_prints_them_rounded_half_up():
    """勝率 and 打率 to three decimals, 四捨五入: 5-11 is .313 (the binary float 0.3125 would
    print .312 with Python's format), 7-9 .438; no leading zero below one."""
    from league.numbers import rate_text
    assert rate_text(5 / 16) == ".313"
    assert rate_text(7 / 16) == ".438"
    assert rate_text(2 / 3) == ".667"
    assert rate_text(0.0) == ".000" and rate_text(1.0) == "1.000"
    assert rate_text(1 / 3) == ".333" and rate_text(0.2995) == ".300"


def test_a_team_level_with_the_leader_prints_no_games_behind_and_zero_savings():
    """NPB's tables print the leader's ゲーム差 as "-", and a team level with him (0 games
    behind, placed below on a tiebreak) has no games to make up: "-" too, not "0.0". Counted
    from the team above, a level team is "0.0" (すぐ上とのゲーム差). 貯金 0 is "0", not "+0"."""
    from league.season.standings import savings_text
    # A and B each beat the other: 1-1, level; C lost both
    results = [("A", "B", 2, 1), ("B", "A", 3, 0), ("C", "A", 0, 1), ("C", "B", 0, 4)]
    table = standings(games(*results), ["A", "B", "C"])
    assert [(r.wins, r.losses, r.games_behind) for r in table] == [
        (2, 1, None), (2, 1, 0.0), (0, 2, 1.5)]
    assert [gb_text(r.games_behind) for r in table] == ["-", "-", "1.5"]
    above = standings(games(*results), ["A", "B", "C"], games_behind_from="above")
    assert [gb_text(r.games_behind, from_leader=False) for r in above] == ["-", "0.0", "1.5"]
    assert [savings_text(n) for n in (3, 0, -2)] == ["+3", "0", "-2"]
    # below the leader on 勝率 with as many games to make up as none: still "-"; a negative
    # figure (ahead on W − L, behind on 勝率) stays as C.5 has it
    assert gb_text(-0.5) == "\u22120.5" and gb_text(0.5) == "0.5"
