"""Titles (タイトル), awards' proposals and careers against hand-computed fixtures."""
from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from league.errors import LeagueError
from league.season.awards import AwardPlayer, AwardRules, award_keys, criteria_met, is_rookie, propose, sawamura, values
from league.season.careers import (
    RECORDS,
    CareerSeason,
    PlayerSeason,
    add_stats,
    career,
    career_records,
    head_to_head_table,
    season_records,
)
from league.season.standings import Outcome
from league.season.stats import BattingStats, PitchingStats
from league.season.titles import SeasonLine, TitleRules, merge_lines, title, titles

B = BattingStats
P = PitchingStats

# Two leagues. Team games: A 10, B 10, C 10, D 9, so 規定打席 is 31 PA for A, B, C and 28 for D
# (27.9 rounded half up);
# 規定投球回 is 30 outs (10 innings) for A, B, C and 27 outs for D.
GAMES = {"A": 10, "B": 10, "C": 10, "D": 9}
LEAGUES = {"セ": ["A", "B"], "パ": ["C", "D"]}
LINES = [
    # a1: .275 (11/40... AB 35 → 11/35 = .314), OBP (11+5)/40 = .400, RBI 12 alone, 11 hits
    SeasonLine("a1", "A", B(games=10, pa=40, ab=35, h=11, hr=3, rbi=12, sb=2, bb=5)),
    # a2: 10/30 = .3333, OBP 11/31 = .355; HR 5 (tied with b1), SB 5 (tied with b2)
    SeasonLine("a2", "A", B(games=10, pa=31, ab=30, h=10, hr=5, rbi=10, sb=5, bb=1)),
    # b1: .500 and OBP .667 but 30 PA < 31: no rate title; HR 5 counts
    SeasonLine("b1", "B", B(games=9, pa=30, ab=20, h=10, hr=5, rbi=8, bb=10)),
    # b2: 11/33 = .3333 ties a2 exactly; 11 hits tie a1
    SeasonLine("b2", "B", B(games=10, pa=35, ab=33, h=11, hr=1, rbi=4, sb=5, bb=2)),
    # pa1: 30 outs (qualified), ERA 3×27/30 = 2.70; 13-2 = .867 (13 wins: in the running); 40 K
    SeasonLine("pa1", "A", None, P(games=3, starts=3, wins=13, losses=2, outs=30, er=3, so=40)),
    # pa2: 29 outs (not qualified) with ERA 0.00; 14 wins alone; 14-6 = .700; 40 K ties pa1
    SeasonLine("pa2", "A", None, P(games=3, starts=3, wins=14, losses=6, outs=29, er=0, so=40)),
    # pb1: 33 outs, ERA 3×27/33 = 2.45 best qualified; 2-0 but under 13 wins; 12 saves; 3 HP
    SeasonLine("pb1", "B", None, P(games=9, wins=2, saves=12, holds=3, hold_points=3, outs=33,
                                   er=3, so=10)),
    # pb2: 12 saves ties pb1; 9 HP alone
    SeasonLine("pb2", "B", None, P(games=9, saves=12, holds=7, wins=2, hold_points=9, outs=12,
                                   er=1, so=9)),
    # league パ: c1 .444 with 30 PA < 31 (C plays 10); d1 .400 with 28 PA ≥ 28 (D plays 9)
    SeasonLine("c1", "C", B(games=10, pa=30, ab=27, h=12, hr=2, rbi=6)),
    SeasonLine("d1", "D", B(games=9, pa=28, ab=25, h=10, hr=1, rbi=7, bb=3)),
    # dp1: 27 outs = 9 innings, qualified for D; ERA 2×27/27 = 2.00; nobody in パ has a save
    SeasonLine("dp1", "D", None, P(games=2, starts=2, wins=1, outs=27, er=2, so=12)),
]


def holders(ts, league: str, key: str) -> list[tuple[str, str]]:
    [t] = [t for t in ts if t.league == league and t.key == key]
    return [(h.player, h.text) for h in t.holders]


def test_titles_of_each_league_match_the_hand_computed_fixture():
    ts = titles(LINES, team_games=GAMES, leagues=LEAGUES)
    assert len(ts) == 24    # twelve titles in each of two leagues
    se = {t.key: [(h.player, h.text) for h in t.holders] for t in ts if t.league == "セ"}
    assert se == {
        "batting_title": [("a2", ".333"), ("b2", ".333")],   # exact tie 10/30 = 11/33: shared
        "home_runs": [("a2", "5"), ("b1", "5")],             # counts need no qualifier
        "rbi": [("a1", "12")],
        "stolen_bases": [("a2", "5"), ("b2", "5")],
        "on_base": [("a1", ".400")],                         # b1's .667 has 30 PA < 31
        "hits": [("a1", "11"), ("b2", "11")],
        "wins": [("pa2", "14")],
        "era": [("pb1", "2.45")],                            # pa2's 0.00 has 29 outs < 30
        "strikeouts": [("pa1", "40"), ("pa2", "40")],
        "win_pct": [("pa1", ".867")],                        # pb1's 1.000 has 2 wins < 13
        "saves": [("pb1", "12"), ("pb2", "12")],
        "holds": [("pb2", "9")],
    }
    assert holders(ts, "パ", "batting_title") == [("d1", ".400")]  # D's 9 games: 28 PA
    assert holders(ts, "パ", "era") == [("dp1", "2.00")]
    assert holders(ts, "パ", "saves") == []           # a count of zero gives nobody the title
    assert holders(ts, "パ", "stolen_bases") == []


def test_443_plate_appearances_qualify_at_143_games():
    # 規定打席 = 143 × 3.1 = 443.3, rounded half up to 443 (公認野球規則 9.22(a) 原注; NPB since 2009)
    lines = [SeasonLine("x1", "A", B(games=140, pa=443, ab=400, h=140)),    # .350 with 443 PA
             SeasonLine("x2", "A", B(games=140, pa=442, ab=400, h=160)),    # .400 but 442 PA
             SeasonLine("x3", "A", B(games=143, pa=600, ab=540, h=170))]    # .315
    t = title("batting_title", lines, team_games={"A": 143})
    assert [h.player for h in t.holders] == ["x1"]


def test_the_qualifiers_are_settings():
    loose = TitleRules(pa_per_game=Fraction(3), min_wins_for_pct=2)
    t = title("batting_title", LINES[:4], team_games=GAMES, rules=loose)
    assert [h.player for h in t.holders] == ["b1"]            # 30 PA ≥ 10 × 3
    assert [h.player for h in title("win_pct", LINES[4:8], team_games=GAMES,
                                    rules=loose).holders] == ["pb1", "pb2"]  # both 2-0


def test_a_player_without_team_games_is_one_clear_error():
    with pytest.raises(LeagueError, match=r"no team games for 'Z' \(player z1\)"):
        title("home_runs", [SeasonLine("z1", "Z", B(hr=1))], team_games=GAMES)
    with pytest.raises(LeagueError, match="unknown title 'mvp'"):
        title("mvp", LINES, team_games=GAMES)


def test_a_traded_player_is_one_season_for_his_last_team():
    parts = [("x", "A", B(games=5, pa=20, ab=18, h=6, hr=2), None),
             ("x", "C", B(games=5, pa=16, ab=15, h=5, hr=1), None)]
    [line] = merge_lines(parts, {"x": "C"})
    assert line.team == "C" and line.batting.pa == 36 and line.batting.hr == 3
    ts = titles([line], team_games=GAMES, leagues=LEAGUES)
    assert holders(ts, "パ", "batting_title") == [("x", ".333")]   # 36 PA ≥ 31, 11/33
    assert holders(ts, "セ", "home_runs") == []


# --- careers, records, head to head -----------------------------------------------------------


def test_a_career_is_the_sum_of_its_seasons():
    s1 = CareerSeason(1, "1", ("A",), B(games=10, pa=40, ab=35, h=11, hr=3), None)
    s2 = CareerSeason(2, "2", ("A", "C"), B(games=12, pa=50, ab=45, h=15, hr=4),
                      P(games=1, outs=3, er=1))
    c = career("x", [s2, s1])
    assert [s.season for s in c.seasons] == [1, 2]
    assert c.batting == B(games=22, pa=90, ab=80, h=26, hr=7)
    assert c.batting.avg == 26 / 80           # from the sums, not an average of averages
    assert c.pitching == P(games=1, outs=3, er=1)
    with pytest.raises(LeagueError):
        add_stats([B(), P()])


def test_records_single_season_and_career():
    seasons = [PlayerSeason(1, "x", "A", 10, B(pa=40, ab=35, h=14, hr=9), None),
               PlayerSeason(2, "x", "A", 10, B(pa=20, ab=20, h=10, hr=2), None),   # 20 < 31 PA
               PlayerSeason(1, "y", "B", 10, B(pa=35, ab=32, h=8, hr=9), None)]
    hr = next(r for r in RECORDS if r.key == "hr")
    avg = next(r for r in RECORDS if r.key == "avg")
    assert [(r.rank, r.player, r.season, r.value) for r in season_records(seasons, hr)] == \
        [(1, "x", 1, 9), (1, "y", 1, 9), (3, "x", 2, 2)]
    assert [(r.player, r.text) for r in season_records(seasons, avg)] == [("x", ".400"),
                                                                          ("y", ".250")]
    assert [(r.player, r.value) for r in career_records(seasons, hr)] == [("x", 11), ("y", 9)]
    assert career_records(seasons, avg) == []       # nobody has the career 1000 PA


def test_head_to_head_over_seasons():
    d = date(2026, 4, 1)
    games = [Outcome(1, d, "A", "B", 3, 1), Outcome(2, d, "B", "A", 2, 2),
             Outcome(1, date(2027, 4, 1), "B", "A", 5, 0)]
    table = head_to_head_table(games, ["A", "B"])
    assert table[("A", "B")].text == "1-1-1" and table[("B", "A")].text == "1-1-1"


# --- awards -----------------------------------------------------------------------------------


def test_value_measure_by_hand():
    # league of two batters: a 4 singles, 1 HR in 10 PA; b 0 events in 10 PA
    # lw(a) = 0.47×4 + 1.40 = 3.28; league rate = 3.28 / 20 = 0.164 per PA
    a = AwardPlayer("a", "A", B(pa=10, ab=10, h=5, hr=1), positions={"SS": 3})
    b = AwardPlayer("b", "A", B(pa=10, ab=10), positions={"1B": 3})
    v = values([a, b])
    assert v["a"].batting == pytest.approx(3.28 - 1.64)
    assert v["b"].batting == pytest.approx(-1.64)
    assert v["a"].position == pytest.approx(7.5 * 3 / 143)
    assert v["b"].position == pytest.approx(-12.5 * 3 / 143)
    assert v["a"].replacement == pytest.approx(20 * 10 / 600)
    # pitchers: league 4 ER in 60 outs; p: 1.25 × 4/60 × 30 − 1 = 1.5
    p = AwardPlayer("p", "A", pitching=P(outs=30, er=1))
    q = AwardPlayer("q", "A", pitching=P(outs=30, er=3))
    assert values([p, q])["p"].pitching == pytest.approx(1.5)
    assert values([p, q])["q"].pitching == pytest.approx(-0.5)


def test_rookie_definition_is_data():
    rules = AwardRules()
    assert is_rookie(AwardPlayer("n", "A", prior_years=1, prior_ab=60), rules)
    assert not is_rookie(AwardPlayer("n", "A", prior_years=1, prior_ab=61), rules)
    assert not is_rookie(AwardPlayer("n", "A", prior_years=5), rules)
    assert not is_rookie(AwardPlayer("n", "A", prior_outs=91), rules)
    assert not is_rookie(AwardPlayer("n", "A", founder=True), rules)
    changed = AwardRules.from_mapping({"rookie_max_prior_ab": "100",
                                       "founders_are_rookies": "yes"})
    assert is_rookie(AwardPlayer("n", "A", prior_ab=99, founder=True), changed)
    with pytest.raises(LeagueError, match="unknown setting 'rookie_years'"):
        AwardRules.from_mapping({"rookie_years": 3})
    with pytest.raises(LeagueError, match="best_nine_min_share 'half' is not a fraction"):
        AwardRules.from_mapping({"best_nine_min_share": "half"})
    assert AwardRules.from_mapping(AwardRules().to_mapping()) == AwardRules()


def test_proposals_best_nine_by_position_dh_only_with_dh():
    players = [
        AwardPlayer("c", "A", B(pa=40, ab=35, h=12, hr=3), positions={"C": 10},
                    defence={"C": 4}),
        AwardPlayer("o1", "A", B(pa=40, ab=38, h=9), positions={"LF": 6}, defence={"LF": 3}),
        AwardPlayer("o2", "A", B(pa=40, ab=38, h=15, hr=4), positions={"CF": 9},
                    defence={"CF": 2}),
        AwardPlayer("dh", "A", B(pa=40, ab=35, h=14, hr=6), positions={"DH": 10}),
        AwardPlayer("p", "A", None, P(starts=3, games=3, outs=36, er=2, wins=3)),
    ]
    props = {p.key: p for p in propose(players, dh=True, team_games={"A": 10})}
    assert set(props) == set(award_keys(True))
    assert props["best_nine:C"].player == "c"
    assert props["best_nine:OF1"].player == "o2" and props["best_nine:OF2"].player == "o1"
    assert props["best_nine:OF3"].player is None          # a slot with nobody eligible
    assert props["best_nine:DH"].player == "dh"
    assert props["best_nine:P"].player == "p"
    assert props["golden_glove:OF1"].player == "o1"      # better card glove than o2
    assert props["mvp"].player == "dh"
    assert props["rookie"].player == "dh"                 # nobody has played a season before
    founders = [AwardPlayer(p.player, p.team, p.batting, p.pitching, positions=p.positions,
                            founder=True) for p in players]
    assert {p.key: p for p in propose(founders, dh=True, team_games={"A": 10})}[
        "rookie"].player is None                          # founders are not rookies by default
    assert "best_nine:DH" not in {p.key for p in propose(players, dh=False,
                                                           team_games={"A": 10})}


def test_sawamura_counts_the_seven_criteria():
    ace = P(starts=25, games=25, wins=15, losses=10, complete_games=10, outs=600, so=150, er=166)
    # 15 W, 10 CG, 15/25 = .600, 200 IP, 150 K, 25 starts met; ERA 166×27/600 = 7.47 not met
    assert [met for _c, _t, met in criteria_met(ace)] == [True] * 6 + [False]
    other = P(starts=30, games=30, wins=20, losses=2, outs=700, so=100, er=40)  # 5 of 7
    prop = sawamura([AwardPlayer("ace", "A", pitching=ace), AwardPlayer("o", "B", pitching=other)])
    assert prop.player == "ace" and prop.candidates[0].note == "6/7"
    strict = AwardRules(sawamura_min_met=7)
    assert sawamura([AwardPlayer("ace", "A", pitching=ace)], rules=strict).player is None


def test_a_man_traded_within_a_league_is_one_line_and_between_the_leagues_one_in_each():
    """NPB's practice (C.5's qualifiers by team games, issue 32): within a league his clubs'
    lines are summed and his team is the club of his last game (its games judge 規定打席); a
    man traded between the leagues has a line in each, for each league's leaders and titles."""
    from league.season.titles import league_lines
    league_of = {t: name for name, teams in LEAGUES.items() for t in teams}
    parts = [("x", "B", 30, B(games=4, pa=14, ab=12, h=5, hr=1)),
             ("x", "A", 12, B(games=4, pa=16, ab=15, h=4, hr=2)),
             ("x", "C", 50, B(games=2, pa=8, ab=8, h=3, hr=1)),
             ("y", "D", 40, B(games=9, pa=30, ab=27, h=9))]
    lines = league_lines(parts, league_of)
    assert [(p, t, s.pa, s.h, s.hr) for p, t, s in lines] == \
        [("x", "B", 30, 9, 3), ("x", "C", 8, 3, 1), ("y", "D", 30, 9, 0)]
    ts = titles([SeasonLine(p, t, s) for p, t, s in lines], team_games=GAMES, leagues=LEAGUES)
    assert holders(ts, "セ", "home_runs") == [("x", "3")]
    assert holders(ts, "パ", "home_runs") == [("x", "1")]
    assert holders(ts, "セ", "batting_title") == []           # 30 PA < 31 (B's 10 games)
    assert holders(ts, "パ", "batting_title") == [("y", ".333")]  # 30 PA ≥ 27.9 (D's 9)
    # one league: every club summed, his team the last
    [(_p, team, s)] = league_lines(parts[:3])
    assert team == "C" and s.pa == 38 and s.games == 10
