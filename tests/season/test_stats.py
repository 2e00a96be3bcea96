"""Season stats: sums of game lines, rate stats, innings with thirds, qualifiers and leaders."""
from __future__ import annotations

import pytest

from league.engine.game import BAT_FIELDS, PIT_FIELDS
from league.errors import LeagueError
from league.season.stats import (
    FIELD_FIELDS,
    STAT_LABELS_JA,
    BattingStats,
    FieldingStats,
    PitchingStats,
    add_batting,
    add_fielding,
    add_pitching,
    leaders,
    qualified_outs,
    qualified_pa,
    stat_label,
    stat_text,
)


def bat(**kw) -> list[int]:
    line = [0] * len(BAT_FIELDS)
    for k, v in kw.items():
        line[BAT_FIELDS.index({"d2": "2b", "d3": "3b"}.get(k, k))] = v
    return line


def pit(**kw) -> list[int]:
    line = [0] * len(PIT_FIELDS)
    for k, v in kw.items():
        line[PIT_FIELDS.index(k)] = v
    return line


def fld(**kw) -> list[int]:
    return [kw.get(k, 0) for k in FIELD_FIELDS]


# --- batting -------------------------------------------------------------------------------------

def test_batting_sums_every_field_and_counts_every_line():
    s = add_batting([bat(pa=5, ab=4, h=2, d2=1, hr=1, rbi=3, bb=1, r=2),
                     bat(pa=4, ab=3, h=1, d3=1, hbp=1, so=2, sb=1, cs=1),
                     bat(pa=1, sf=1, rbi=1),
                     bat()])   # a defensive replacement who never batted still played
    assert s.games == 4
    assert (s.pa, s.ab, s.h, s.doubles, s.triples, s.hr) == (10, 7, 3, 1, 1, 1)
    assert (s.rbi, s.bb, s.hbp, s.so, s.sb, s.cs, s.sf, s.r) == (4, 1, 1, 2, 1, 1, 1, 2)
    assert s.tb == 3 + 1 + 2 + 3               # 1B + 2B×2 + 3B×3 + HR×4
    assert s.avg == pytest.approx(3 / 7)
    assert s.obp == pytest.approx((3 + 1 + 1) / (7 + 1 + 1 + 1))
    assert s.slg == pytest.approx(9 / 7)
    assert s.ops == pytest.approx(0.5 + 9 / 7)


def test_every_bat_field_is_summed():
    lines = [list(range(1, len(BAT_FIELDS) + 1)), list(range(1, len(BAT_FIELDS) + 1))]
    s = add_batting(lines)
    values = [getattr(s, {"2b": "doubles", "3b": "triples"}.get(f, f)) for f in BAT_FIELDS]
    assert values == [2 * (i + 1) for i in range(len(BAT_FIELDS))]


def test_batting_rates_without_at_bats():
    s = add_batting([bat(pa=1, bb=1)])
    assert s.avg is None and s.slg is None
    assert s.obp == 1.0 and s.ops == 1.0
    assert BattingStats().ops is None


def test_a_line_of_the_wrong_length_is_refused():
    with pytest.raises(LeagueError, match="batting line has 3 numbers"):
        add_batting([[1, 2, 3]])


# --- pitching ------------------------------------------------------------------------------------

def test_pitching_sums_decisions_cg_sho_and_hp():
    s = add_pitching([
        (pit(outs=27, bf=30, h=4, so=9, r=0), "W", True, True),       # shutout
        (pit(outs=27, bf=33, h=8, r=2, er=1, bb=2), "L", True, True),  # complete game, lost
        (pit(outs=17, bf=25, h=7, r=3, er=3, hr=1), None, True, False),
        (pit(outs=3, bf=4, h=1), "H", False, False),
        (pit(outs=2, bf=3), "W", False, False),                        # relief win
        (pit(outs=3, bf=3, so=2), "S", False, True),                   # a reliever finishing
    ])
    assert (s.games, s.starts, s.wins, s.losses, s.saves, s.holds) == (6, 3, 2, 1, 1, 1)
    assert s.hold_points == 2
    assert (s.complete_games, s.shutouts) == (2, 1)
    assert (s.outs, s.bf, s.h, s.hr, s.bb, s.so, s.r, s.er) == (79, 98, 20, 1, 2, 11, 5, 4)
    assert s.ip_text == "26 1/3"
    assert s.era == pytest.approx(4 * 27 / 79)
    assert s.whip == pytest.approx((2 + 20) * 3 / 79)


def test_every_pit_field_is_summed():
    line = list(range(1, len(PIT_FIELDS) + 1))
    s = add_pitching([(line, None, False, False)] * 3)
    assert [getattr(s, f) for f in PIT_FIELDS] == [3 * (i + 1) for i in range(len(PIT_FIELDS))]


def test_innings_with_thirds_and_era():
    s = add_pitching([(pit(outs=17, er=2), None, True, False)])
    assert s.ip_text == "5 2/3"
    assert s.era == pytest.approx(2 * 27 / 17)        # 3.18
    assert stat_text("era", s.era) == "3.18"
    assert add_pitching([(pit(outs=1), None, False, False)]).ip_text == "1/3"
    assert add_pitching([(pit(outs=9), None, False, False)]).ip_text == "3"


@pytest.mark.parametrize("outs, er, h_bb, era, whip", [
    (24, 1, 9, "1.13", "1.13"),         # 1 ER, 9 on base in 8 innings: 1.125 each
    (40, 3, 15, "2.03", "1.13"),        # 13 1/3 innings: 2.025, 1.125
    (8, 3, 7, "10.13", "2.63"),         # 2 2/3 innings: 10.125, 2.625
    (88, 11, 45, "3.38", "1.53"),       # 3.375 was already shown 3.38
    (17, 2, 5, "3.18", "0.88"),
])
def test_era_and_whip_are_rounded_half_up_as_npb_prints_them(outs, er, h_bb, era, whip):
    """防御率 and WHIP to two decimals, 四捨五入 as NPB's tables and the papers print them:
    the ".2f" of the binary float showed 1 ER in 8 innings as 1.12 and 10.125 as 10.12 while
    3.375 showed 3.38 — 11 figures of 8 of the 223 pitchers of a 20-day nippon season
    (seed 1) were printed a hundredth low in impact leaders, impact player, the app and the
    site."""
    s = add_pitching([(pit(outs=outs, er=er, h=h_bb), None, False, False)])
    assert (stat_text("era", s.era), stat_text("whip", s.whip)) == (era, whip)


def test_era_and_whip_are_none_without_outs():
    s = add_pitching([(pit(bf=3, h=3, r=2, er=2), "L", False, False)])
    assert s.era is None and s.whip is None
    assert stat_text("era", s.era) == "-"


def test_unknown_decision_is_refused():
    with pytest.raises(LeagueError, match="decision"):
        add_pitching([(pit(outs=3), "X", False, False)])


# --- fielding ------------------------------------------------------------------------------------

def test_fielding_sums_and_rates():
    s = add_fielding([fld(po=8, a=1, pb=1, sb_allowed=1, cs=1), fld(po=6, e=1, cs=1),
                      fld(po=5, a=2, dp=1, sb_allowed=2)])
    assert s == FieldingStats(games=3, po=19, a=3, e=1, dp=1, pb=1, sb_allowed=3, cs=2)
    assert s.fielding_pct == pytest.approx(22 / 23)
    assert s.cs_rate == pytest.approx(2 / 5)
    assert FieldingStats().fielding_pct is None and FieldingStats().cs_rate is None


# --- qualifiers and leaders ----------------------------------------------------------------------

def test_qualifiers():
    # 規定打席 = team games × 3.1, the fraction rounded half up (公認野球規則 9.22(a) 原注, NPB since
    # 2009): NPB's 443 at 143 games, 446 at 144, MLB's 502 at 162
    assert qualified_pa(143) == 443
    assert qualified_pa(144) == 446
    assert qualified_pa(162) == 502
    assert qualified_pa(145) == 450           # 449.5: half up
    assert qualified_pa(7) == 22              # 21.7
    assert qualified_pa(21) == 65             # 65.1
    assert qualified_pa(10) == 31             # exactly, not 31.000000000000004
    assert qualified_pa(120) == 372
    assert qualified_outs(120) == 360         # 120 innings
    assert qualified_outs(143) == 429


TEAM_GAMES = {"SAP": 10, "SEN": 20}


def batter(pa: int, ab: int, h: int, hr: int = 0) -> BattingStats:
    return BattingStats(games=10, pa=pa, ab=ab, h=h, hr=hr)


def test_batting_leaders_need_the_qualifier_of_their_team():
    rows = [("p1", "SAP", batter(31, 31, 12)),          # .387, 31 ≥ 10 × 3.1: qualifies
            ("p2", "SAP", batter(30, 30, 15, hr=4)),    # .500 but 30 < 31
            ("p3", "SEN", batter(40, 40, 14)),          # .350 but SEN needs 62
            ("p4", "SEN", batter(62, 60, 18, hr=4)),    # .300
            ("p5", "SEN", batter(70, 70, 0))]
    board = leaders(rows, "avg", team_games=TEAM_GAMES)
    assert [(r.rank, r.player_id, r.text) for r in board] == [
        (1, "p1", ".387"), (2, "p4", ".300"), (3, "p5", ".000")]
    # counting stats need no qualifier; ties keep player-id order and share the rank
    board = leaders(rows, "hr", team_games=TEAM_GAMES)
    assert [(r.rank, r.player_id, r.value) for r in board] == [(1, "p2", 4), (1, "p4", 4)]
    assert [r.player_id for r in leaders(rows, "pa", team_games={}, limit=2)] == ["p5", "p4"]


def test_pitching_leaders_era_ascending_with_the_qualifier():
    def pitcher(outs: int, er: int, so: int) -> PitchingStats:
        return PitchingStats(games=5, outs=outs, er=er, so=so)
    rows = [("a", "SAP", pitcher(30, 3, 20)),     # 30 outs = 10 innings ≥ 10: 2.70
            ("b", "SAP", pitcher(29, 0, 40)),     # 0.00 but one out short
            ("c", "SAP", pitcher(45, 2, 5)),      # 1.20
            ("d", "SEN", pitcher(60, 10, 30))]    # 4.50, SEN needs 60 outs
    board = leaders(rows, "era", team_games=TEAM_GAMES)
    assert [(r.player_id, r.text) for r in board] == [("c", "1.20"), ("a", "2.70"), ("d", "4.50")]
    worst = leaders(rows, "era", team_games=TEAM_GAMES, ascending=False)
    assert [r.player_id for r in worst] == ["d", "a", "c"]
    board = leaders(rows, "so", team_games=TEAM_GAMES, limit=2)
    assert [(r.player_id, r.value) for r in board] == [("b", 40), ("d", 30)]
    assert leaders(rows, "outs", team_games=TEAM_GAMES, limit=1)[0].text == "20"


def test_fielding_leaders_need_two_thirds_of_team_games():
    rows = [("x", "SAP", FieldingStats(games=7, po=50, e=0)),
            ("y", "SAP", FieldingStats(games=6, po=50, e=0)),
            ("z", "SAP", FieldingStats(games=10, po=90, a=9, e=1))]
    board = leaders(rows, "fielding_pct", team_games=TEAM_GAMES)
    assert [(r.player_id, r.text) for r in board] == [("x", "1.000"), ("z", ".990")]


def test_fielding_rate_ties_share_a_rank_and_list_the_most_chances_first():
    """守備率 ties (many men field 1.000) share a rank, as the papers print them; among them the
    man with more chances (PO + A + E) comes first, so a board cut at its limit keeps the
    regulars, not whoever has the lowest id."""
    rows = [("a", "SAP", FieldingStats(games=9, po=12, a=1)),
            ("b", "SAP", FieldingStats(games=9, po=80, a=5)),
            ("c", "SAP", FieldingStats(games=9, po=30, a=30)),
            ("d", "SAP", FieldingStats(games=9, po=99, a=0, e=1))]
    board = leaders(rows, "fielding_pct", team_games=TEAM_GAMES)
    assert [(r.rank, r.player_id, r.text) for r in board] == [
        (1, "b", "1.000"), (1, "c", "1.000"), (1, "a", "1.000"), (4, "d", ".990")]
    assert [r.player_id for r in leaders(rows, "fielding_pct", team_games=TEAM_GAMES,
                                         limit=2)] == ["b", "c"]
    # 盗塁阻止率: the same for attempts
    catchers = [("x", "SAP", FieldingStats(games=9, po=40, sb_allowed=2, cs=1)),
                ("y", "SAP", FieldingStats(games=9, po=40, sb_allowed=8, cs=4))]
    assert [(r.rank, r.player_id) for r in leaders(catchers, "cs_rate", team_games=TEAM_GAMES)] \
        == [(1, "y"), (1, "x")]


def test_cs_rate_leaders_are_catchers():
    """盗塁阻止率 ranks catchers: a pitcher's CS are pick-offs, with no stolen bases charged to him."""
    rows = [("c", "SAP", FieldingStats(games=9, po=60, sb_allowed=6, cs=3)),
            ("p", "SAP", FieldingStats(games=9, po=2, a=3, cs=2))]
    board = leaders(rows, "cs_rate", team_games=TEAM_GAMES)
    assert [(r.player_id, r.text) for r in board] == [("c", ".333")]


def test_unknown_stat_lists_the_known_ones():
    rows = [("p1", "SAP", batter(31, 31, 12))]
    with pytest.raises(LeagueError, match="unknown batting stat 'era'.*avg.*ops"):
        leaders(rows, "era", team_games=TEAM_GAMES)
    with pytest.raises(LeagueError, match="unknown stat 'nope'"):
        leaders([], "nope", team_games=TEAM_GAMES)
    assert leaders([], "avg", team_games={}) == []
    with pytest.raises(LeagueError, match="unknown pitching stat 'avg'"):
        leaders([], "avg", team_games={}, kind="pitching")
    with pytest.raises(LeagueError, match="leaders of pitching were given batting"):
        leaders(rows, "so", team_games={}, kind="pitching")


def test_a_rate_stat_needs_the_team_games():
    with pytest.raises(LeagueError, match="no team games for 'SAP'"):
        leaders([("p1", "SAP", batter(31, 31, 12))], "avg", team_games={})


def test_aliases_for_doubles_and_triples():
    rows = [("p1", "SAP", BattingStats(doubles=3)), ("p2", "SAP", BattingStats(doubles=5))]
    assert [r.player_id for r in leaders(rows, "2b", team_games={})] == ["p2", "p1"]


def test_japanese_labels():
    assert [stat_label("batting", s) for s in ("avg", "games", "doubles", "tb", "ops", "so")] == [
        "打率", "試合", "二塁打", "塁打", "OPS", "三振"]
    assert [stat_label("pitching", s) for s in ("games", "hold_points", "outs", "so", "era")] == [
        "登板", "HP", "投球回", "奪三振", "防御率"]
    assert [stat_label("fielding", s) for s in ("po", "a", "e", "dp", "fielding_pct", "pb", "cs")] \
        == ["刺殺", "補殺", "失策", "併殺", "守備率", "捕逸", "盗塁阻止"]
    wanted = ("打率 試合 打席 打数 得点 安打 二塁打 三塁打 本塁打 塁打 打点 盗塁 盗塁刺 犠打 犠飛 四球 "
              "故意四球 死球 三振 併殺打 出塁率 長打率 OPS 登板 先発 勝 敗 S H HP 完投 完封 投球回 打者 "
              "被安打 被本塁打 与四球 与死球 奪三振 暴投 ボーク 失点 自責点 防御率 WHIP 刺殺 補殺 失策 "
              "併殺 守備率 捕逸 盗塁阻止").split()
    labels = {v for kind in STAT_LABELS_JA.values() for v in kind.values()}
    assert set(wanted) <= labels
    # every label names a real field or property
    for kind, cls in (("batting", BattingStats), ("pitching", PitchingStats),
                      ("fielding", FieldingStats)):
        for name in STAT_LABELS_JA[kind]:
            assert hasattr(cls(), name), (kind, name)
