"""tools/usage_breakdown.py's team order (issue 33): Base Runs of a team line, and a replayed
team's Base Runs error split into playing time and the men's own; its bias and what the OBP is
made of (`obp_parts`); where the sacrifice flies go, counted from the play record (`sac_flies`);
the league's double plays (`league_gidp`)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from tool_modules import tool

from league.cardmaking.cardgen import StatPlayer


@pytest.fixture(scope="module")
def ub():
    return tool("usage_breakdown")


def _line(**kw: float) -> dict[str, float]:
    return {k: float(kw.get(k, 0)) for k in ("pa", "ab", "h", "2b", "3b", "hr", "bb", "ibb",
                                             "hbp", "sb", "cs", "sh", "sf", "gidp")}


def test_base_runs_by_hand(ub):
    # TB 235; A = 150 + 50 + 5 − 15 − 5 − 10 = 175; B = 1.1 × (329 − 90 − 45 + 5 − 4.5) = 213.95;
    # C = 500 − 150 + 5 + 5 + 5 + 10 = 375; A·B/(B+C) + HR = 63.573 + 15
    t = _line(pa=565, ab=500, h=150, **{"2b": 30, "3b": 5}, hr=15, bb=50, ibb=5, hbp=5, sb=10,
              cs=5, sh=5, sf=5, gidp=10)
    assert ub.base_runs(t) == pytest.approx(78.573, abs=0.001)


def test_playing_time_and_the_men_apart(ub):
    """A man left off the roster (.100 in 100 PA) whose plate appearances went to a .300 man on
    it: the Base Runs gained are playing time; the rostered man hitting his own rates in the
    replay adds nothing of the men's own."""
    good = _line(pa=400, ab=360, h=108, bb=40)
    weak = _line(pa=100, ab=100, h=10)
    season = SimpleNamespace(
        players=[StatPlayer("good01", "Good", "LID", "R", "R", good, None, {}),
                 StatPlayer("weak01", "Weak", "LID", "R", "R", weak, None, {})],
        team_runs={"LID": (60.0, 70.0, 162.0)})
    originals = [StatPlayer("good01", "Good", "TAA", "R", "R", good, None, {})]
    # two seasons of 162 games: 1,000 PA at his own rates, 500 a real season's worth
    totals = SimpleNamespace(batting={"good01": {k: v * 2.5 for k, v in good.items()}},
                             games={"TAA": 324}, runs={"TAA": [130, 150]})
    (row,) = ub.team_runs(season, originals, totals)
    real = ub.base_runs(_line(pa=500, ab=460, h=118, bb=40))
    at_pa = ub.base_runs(_line(pa=500, ab=450, h=135, bb=50))
    assert row["bsr_real"] == pytest.approx(real)
    assert row["bsr_real_at_made_pa"] == pytest.approx(at_pa)
    assert row["d_playing_time"] == pytest.approx(at_pa - real) and at_pa - real > 5
    assert row["d_men"] == pytest.approx(0.0, abs=1e-9)
    assert (row["r_made"], row["ra_made"]) == (65.0, 75.0)


def test_team_order_per_game(ub):
    """The orders are compared a game's worth, as the check compares the teams: 80 runs in 162
    games rank below 79.9 in 160 (by the totals the real order would be A B C against the
    replay's B A C, Spearman 0.5)."""
    rows = [{"team": t, "g": g, "r_real": r, "r_made": m, "bsr_real": b, "bsr_made": bm,
             "bsr_real_at_made_pa": b, "d_playing_time": 0.0, "d_men": bm - b}
            for t, g, r, m, b, bm in (("A", 162, 80.0, 70.0, 75.0, 72.0),
                                      ("B", 160, 79.9, 75.0, 76.0, 76.0),
                                      ("C", 162, 60.0, 60.0, 61.0, 61.0))]
    order = ub.team_order(rows)
    assert order["runs"] == pytest.approx(1.0)
    assert order["ceiling"] == pytest.approx(1.0)
    assert order["conversion"] == pytest.approx(1.0)
    assert order["components"] == pytest.approx(1.0)


def test_bias_a_faithful_replay_has_none_and_reads_the_errors(ub):
    """`bias` (docs/cards.md, "Bias or noise"): a replay whose lines are the real ones twice
    over has no error of level and no slope on the pitchers' runs beyond their components;
    what a perfect replay reaches is the binomial chance of landing within ±.020 on its own
    at-bats; errors and unearned runs are read real and generated."""
    bat = {"pa": 600.0, "ab": 540.0, "h": 162.0, "2b": 30.0, "3b": 3.0, "hr": 20.0, "bb": 50.0,
           "hbp": 5.0, "sf": 5.0, "so": 100.0}
    arms = {f"p{i}": {"outs": 540.0, "bf": 760.0, "h": 170.0 + 20 * i, "hr": 18.0, "bb": 55.0,
                      "hbp": 5.0, "so": 120.0, "r": 75.0 + 15 * i, "er": 68.0 + 14 * i}
            for i in range(3)}
    field = {"SS": {"g": 150.0, "po": 250.0, "a": 450.0, "e": 18.0}}
    players = [StatPlayer("b", "B", "TAA", "R", "R", bat, None, field)] + [
        StatPlayer(k, k, "TAA", "R", "R", None, v, {}) for k, v in arms.items()]
    season = SimpleNamespace(team_games=162, players=players)
    totals = SimpleNamespace(
        batting={"b": {k: 2 * v for k, v in bat.items()}},
        pitching={k: {s: 2 * x for s, x in v.items()} for k, v in arms.items()},
        fielding={"b": {"SS": {"g": 300.0, "po": 500.0, "a": 900.0, "e": 24.0}}})
    out = ub.bias(season, players, totals)
    assert out["avg_error_pts"] == 0 and out["obp_error_pts"] == 0
    assert out["era_error"] == 0 and out["ra9_error"] == 0 and out["era_error_on_gap"] == 0
    # .300 over 1,080 at-bats: sd .0139, ±.020 is 1.44 sd
    assert out["avg_inside_by_noise"] == pytest.approx(0.85, abs=0.01)
    assert out["errors_per_1000_chances"] == [round(18000 / 718, 1), round(24000 / 1424, 1)]
    assert out["unearned_share"] == [round(1 - 246 / 270, 3)] * 2


def test_obp_parts_reads_what_the_obp_is_made_of_real_and_generated(ub):
    """`obp_parts` (docs/cards.md, "OBP above AVG"): each part a thousand plate appearances, real
    and generated, for the qualified regulars and every position player (a pitcher who batted is
    left out); the groups' AVG and OBP from the sums; the pitchers' hit batsmen and wild pitches
    a thousand batters faced. A replay that hits two more batsmen and walks none fewer shows
    them, and nothing else moves."""
    bat = {"pa": 600.0, "ab": 540.0, "h": 162.0, "2b": 30.0, "3b": 3.0, "hr": 20.0, "bb": 50.0,
           "ibb": 6.0, "hbp": 5.0, "sf": 5.0, "sh": 0.0, "so": 100.0, "gidp": 12.0}
    bench = {**bat, "pa": 200.0, "ab": 180.0, "h": 45.0, "bb": 15.0, "hbp": 3.0, "sf": 2.0}
    arm_bat = {**bat, "pa": 60.0, "ab": 50.0, "h": 6.0, "bb": 2.0, "hbp": 0.0, "sf": 0.0,
               "sh": 8.0}
    arm = {"outs": 540.0, "bf": 760.0, "h": 170.0, "hr": 18.0, "bb": 55.0, "hbp": 5.0,
           "wp": 7.0, "bk": 1.0, "so": 120.0}
    players = [StatPlayer("b", "B", "TAA", "R", "R", bat, None, {}),
               StatPlayer("c", "C", "TAA", "R", "R", bench, None, {}),
               StatPlayer("p", "P", "TAA", "R", "R", arm_bat, arm, {})]
    season = SimpleNamespace(team_games=162, players=players)
    # generated: the regular hit twice more (an at-bat fewer), the pitcher hits one batter more
    made_b = {**bat, "ab": 538.0, "hbp": 7.0}
    totals = SimpleNamespace(batting={"b": made_b, "c": bench, "p": arm_bat},
                             pitching={"p": {**arm, "hbp": 6.0, "wp": 6.0}})
    out = ub.obp_parts(season, players, totals)
    q = out["qualified"]
    assert q["real"]["hbp_per_1000pa"] == pytest.approx(1000 * 5 / 600, abs=0.01)
    assert q["made"]["hbp_per_1000pa"] - q["real"]["hbp_per_1000pa"] == pytest.approx(
        1000 * 2 / 600, abs=0.02)
    assert q["made"]["bb_per_1000pa"] == q["real"]["bb_per_1000pa"]
    assert q["real"]["obp"] == round((162 + 50 + 5) / 600, 4)
    assert q["made"]["obp"] == round((162 + 50 + 7) / 600, 4)
    assert q["made"]["avg"] == round(162 / 538, 4)
    assert q["real"]["pa_less_parts_per_1000pa"] == 0 and q["made"]["pa_less_parts_per_1000pa"] == 0
    pos = out["position_players"]         # the regular and the bench man, not the pitcher
    assert pos["real"]["sf_per_1000pa"] == pytest.approx(1000 * 7 / 800, abs=0.01)
    assert pos["real"]["sh_per_1000pa"] == 0
    pit = out["pitchers"]
    assert pit["real"]["hbp_per_1000bf"] == pytest.approx(1000 * 5 / 760, abs=0.01)
    assert pit["made"]["hbp_per_1000bf"] == pytest.approx(1000 * 6 / 760, abs=0.01)
    assert pit["made"]["wp_per_1000bf"] < pit["real"]["wp_per_1000bf"]


def test_league_gidp_counts_every_man_who_batted_and_the_carded_mean_dp(ub):
    """`gidp` (docs/cards.md, "The double-play level"): the league's double plays grounded into
    a thousand plate appearances, real (every man in the season, on a roster or not) and
    generated (every man in the replay, the pitchers on their rank cards too); the carded
    batters' mean DP by their replayed plate appearances (a rank card has none of its own)."""
    season = SimpleNamespace(players=[
        StatPlayer("a", "A", "LID", "R", "R", {"pa": 600.0, "gidp": 12.0}, None, {}),
        StatPlayer("x", "X", "LID", "R", "R", {"pa": 400.0, "gidp": 8.0}, None, {}),
        StatPlayer("p", "P", "LID", "R", "R", None, {"bf": 700.0}, {})])
    totals = SimpleNamespace(batting={"a": {"pa": 900.0, "gidp": 27.0},
                                      "b": {"pa": 300.0, "gidp": 3.0},
                                      "p": {"pa": 100.0, "gidp": 3.0}})
    card = SimpleNamespace
    league = SimpleNamespace(teams=[SimpleNamespace(players=[
        card(id="a", batting=card(DP=3)), card(id="b", batting=card(DP=11)),
        card(id="p", batting=None), card(id="q", batting=card(DP=15))])])
    out = ub.league_gidp(season, totals, league)
    assert out["real_per_1000pa"] == 20.0
    assert out["made_per_1000pa"] == round(1000 * 33 / 1300, 2)
    assert out["made_less_real"] == round(1000 * 33 / 1300 - 20, 2)
    assert out["carded_mean_dp"] == (900 * 3 + 300 * 11) / 1200


def _play(what: str, outs_before: int, before: tuple[str, str, str] = ("", "", ""),
          moves: tuple[tuple[str, int, int], ...] = (), outs: int = 0,
          mods: tuple[str, ...] = ()):
    """A scripted batter's play as the record keeps it, with the play-by-play's outs after it."""
    from league.engine.events import Event
    return outs_before + outs, Event(what, "bat", "arm", moves=moves, before=before, mods=mods,
                                     outs=outs)


def test_sac_flies_counts_the_chances_and_what_the_man_on_third_does_on_a_scripted_record(ub):
    """`count_plays` (docs/cards.md, "Where the sacrifice flies go"): a chance is a plate
    appearance with a man on third and fewer than two out (9.08(d): a sacrifice fly needs fewer
    than two out); an outfield fly out then (FO, WALL at the wall, SF) brings him home, holds him
    or puts him out; a caught fly he scores on that is not scored a sacrifice fly is counted
    apart (the scoring's miss); a run cancelled by the third out is not one."""
    from league.engine.events import NO_RUN
    on3 = ("", "", "r3")
    plays = [
        _play("SF", 0, on3, (("r3", 3, 4),), 1),                   # the sacrifice fly
        _play("FO", 1, on3, (("r3", 3, 3),), 1),                   # held
        _play("WALL", 0, ("r1", "", "r3"), (("r1", 1, 1), ("r3", 3, 0)), 2),   # out at home
        _play("FO", 0, on3, (("r3", 3, 4),), 1),                   # scored, not scored an SF
        _play("FO", 1, ("r1", "", "r3"), (("r1", 1, 0), ("r3", 3, 4)), 2, (NO_RUN,)),
        _play("FO", 2, on3, (("r3", 3, 3),), 1),                   # two out: no chance
        _play("E", 1, on3, (("r3", 3, 4),), 0),                    # a misplay he scores on
        _play("GO", 0, on3, (("r3", 3, 3),), 1),
        _play("K", 0, on3, (), 1),
        _play("PO", 0, outs=1),
        _play("BB", 0),
        _play("WP", 0, on3, (("r3", 3, 4),), 0),                   # not a plate appearance
    ]
    acc = ub.count_plays(plays, {})
    assert acc["pa"] == 11 and acc["sf"] == 1
    assert acc["r3"] == 8                                          # the two-out fly is not one
    assert acc["r3_of_fly"] == 5 and acc["of_fly"] == 6
    assert acc["r3_of_fly_scored"] == 2 and acc["r3_of_fly_scored_not_sf"] == 1
    assert acc["r3_of_fly_held"] == 1 and acc["r3_of_fly_out"] == 1
    assert acc["r3_of_fly_no_run"] == 1
    assert acc["r3_error_scored"] == 1 and acc["r3_ground"] == 1 and acc["r3_k"] == 1
    assert acc["pop"] == 1 and acc["bb"] == 1 and "WP" not in acc
    real = {**_line(pa=1000, ab=900, h=250, sh=10, sf=8), "so": 200.0}
    made = {**_line(pa=11, ab=9, h=2, sh=0, sf=1), "so": 2.0}
    season = SimpleNamespace(players=[SimpleNamespace(batting=real)])
    out = ub.sac_flies(season, SimpleNamespace(batting={"x": made}), acc)
    assert out["real"]["sf_per_1000pa"] == 8.0
    assert out["made"]["sf_per_1000pa"] == round(1000 / 11, 2) == out["made"]["sf"]
    assert out["real"]["outs_in_play_per_1000pa"] == 900 - 250 - 200 + 10 + 8
    assert out["made"]["r3"] == pytest.approx(1000 * 8 / 11, abs=0.01)
    assert out["made"]["r3_share_pct"]["of_fly"] == pytest.approx(100 * 5 / 8, abs=0.01)
    assert out["made"]["r3_of_fly_pct"]["scored"] == pytest.approx(40.0)
    assert out["made"]["go_ao"] == pytest.approx(1 / 7, abs=0.001)   # GO over 6 OF flies + 1 PO


def test_sac_flies_counted_from_the_record_agree_with_the_box_score():
    """Over seeded games of the engine (the digest's league), the record's plate appearances and
    sacrifice flies as `count_plays` counts them are the box score's: the count reads the
    games, not a model of them."""
    from league.engine.state import PA, SF

    import engine_digest as digest

    ub = tool("usage_breakdown")
    acc: dict[str, int] = {}
    pa = sf = 0
    for k, (_seed, r) in enumerate(digest.digest_games()):
        if k == 40:
            break
        ub.count_plays(zip((p.outs for p in r.plays), r.events), acc)
        pa += sum(line[PA] for _s, _pid, line, _pos in r.batting)
        sf += sum(line[SF] for _s, _pid, line, _pos in r.batting)
    assert acc["pa"] == pa and acc["sf"] == sf > 0
    assert "r3_of_fly_scored_not_sf" not in acc      # every such run is scored a sacrifice fly


def test_fit_vs_replay_counts_runs_a_team_game_and_an_out():
    """tools/fit_vs_replay.py (docs/cards.md, "Fit against replay"): a way of playing the cards
    is read as runs a team game and an out, outs and plate appearances a team game."""
    from league.cardmaking.cardcheck import SeasonTotals
    fit_vs_replay = tool("fit_vs_replay")
    t = SeasonTotals(batting={"a": {"pa": 300.0}, "b": {"pa": 100.0}},
                     pitching={"p": {"outs": 200.0}, "q": {"outs": 70.0}},
                     runs={"X": [30, 20], "Y": [20, 30]}, games={"X": 5, "Y": 5})
    f = fit_vs_replay.figures(t)
    assert f == {"team_games": 10, "runs_game": 5.0, "runs_out": 50 / 270, "outs_game": 27.0,
                 "pa_game": 40.0}


def test_a_pitchers_miss_is_named_by_the_largest_part_of_his_innings_gap(ub):
    """`--misses` and `misses_by_cause` (docs/cards.md, "Real usage"): a 100+ inning pitcher
    outside ±10 % of his real innings is named by where his gap is largest — his starts' count
    and length, his relief games' count and length — signed; the men within ±10 % and under 100
    real innings are not counted."""
    def row(name, kind, ip, ratio, **kw):
        base = {"name": name, "team": "TOR", "kind": kind, "g": 30.0, "gs": 30.0, "rg": 0.0,
                "ip": ip, "ip_start": 6.0, "ip_relief": 0.0, "gen_g": 30.0, "gen_gs": 30.0,
                "gen_rg": 0.0, "gen_ip": ip * ratio, "gen_ip_start": 6.0, "gen_ip_relief": 0.0,
                "ratio": ratio}
        return {**base, **kw}
    extra_starts = row("A", "S", 180.0, 1.2, gen_g=36.0, gen_gs=36.0)
    short = row("B", "S", 180.0, 0.8, gen_ip_start=4.8)
    long_man = row("C", "R", 110.0, 1.5, g=40.0, gs=5.0, rg=35.0, ip_start=7.0, ip_relief=2.14,
                   gen_g=70.0, gen_gs=5.0, gen_rg=65.0, gen_ip_start=7.0, gen_ip_relief=2.0)
    assert ub.cause(extra_starts) == "starts+" and ub.cause(short) == "per_start-"
    assert ub.cause(long_man) == "relief_games+"
    inside = row("D", "S", 180.0, 1.05)
    small = row("E", "R", 60.0, 2.0)
    assert ub.misses_by_cause([extra_starts, short, long_man, inside, small]) == {
        "R relief_games+": 1, "S per_start-": 1, "S starts+": 1}
    assert "GS 30/36" in ub.miss_line(extra_starts) and "(1.20)" in ub.miss_line(extra_starts)


def test_bench_counts_the_pinch_hitters_and_runners_of_the_replays_own_seasons(ub, monkeypatch):
    """`bench` (docs/cards.md, "Pinch hitters and runners a team-game"): the box score's men who
    came in as a pinch hitter (PH…) or runner (PR…), kept by the season totals their games went
    into — the replay's, not the fit's or another's — and a team-game's, real and made."""
    from types import SimpleNamespace

    from league.cardmaking import cardcheck

    game = SimpleNamespace(away="A", home="B", batting=[
        (0, "a1", [], "LF"), (0, "a9", [], "PH"), (1, "b8", [], "PR-2B"), (1, "b9", [], "PH-C")])

    def season(totals=None):
        cardcheck.replay_game()
        return totals
    monkeypatch.setattr(cardcheck, "replay_game", lambda *a, **kw: game)
    monkeypatch.setattr(cardcheck, "play_season", season)
    acc: list = []
    ub.with_bench_count(acc)
    replay, fit = SimpleNamespace(), SimpleNamespace()
    for totals in (replay, fit, replay):
        cardcheck.play_season(totals=totals)
    cardcheck.replay_game()      # a game outside a season counted here (a fit round's): not kept
    assert ub.bench_counts(acc, replay) == {"A": {"ph": 2, "pr": 0}, "B": {"ph": 2, "pr": 2}}
    assert ub.bench_counts(acc, fit) == {"A": {"ph": 1, "pr": 0}, "B": {"ph": 1, "pr": 1}}

    def man(key, team, ph, pr):
        return SimpleNamespace(key=key, team=team, batting={"g_ph": ph, "g_pr": pr})
    real = SimpleNamespace(players=[man("x", "LA", 6, 2), man("y", "LB", 4, 0),
                                    SimpleNamespace(key="z", team="LB", batting=None)],
                           team_runs={"LA": (0, 0, 10), "LB": (0, 0, 10)})
    league = SimpleNamespace(teams=[SimpleNamespace(players=[SimpleNamespace(id="x")])])
    out = ub.bench_use(real, league, SimpleNamespace(games={"A": 10, "B": 10}),
                       {"A": {"ph": 5, "pr": 1}, "B": {"ph": 3, "pr": 3}}, {"LA": "A", "LB": "B"})
    assert out["ph"] == {"made": 0.4, "real": 0.5, "real_rostered": 0.3}
    assert out["pr"] == {"made": 0.2, "real": 0.1, "real_rostered": 0.1}
    assert out["by_team"] == {"A": {"ph": [0.5, 0.6], "pr": [0.1, 0.2]},
                              "B": {"ph": [0.3, 0.4], "pr": [0.3, 0.0]}}


def test_runs_allowed_innings_and_arms_apart(ub):
    """The runs allowed split as the runs scored are (docs/cards.md, "Runs allowed: innings or
    arms"): a pitcher left off the roster (30 runs in 50 innings) whose innings went to a
    rostered one (50 runs in 150 innings, a run every nine outs) — the innings alone make the
    team allow 200 × 50/450 = 66.7 runs for a real 80; the replay's 70 a season are the arms'
    3.3 more."""
    arm = {"outs": 450.0, "r": 50.0}
    season = SimpleNamespace(
        players=[StatPlayer("ace01", "Ace", "LID", "R", "R", None, arm, {}),
                 StatPlayer("mop01", "Mop", "LID", "R", "R", None, {"outs": 150.0, "r": 30.0},
                            {}),
                 StatPlayer("bat01", "Bat", "LID", "R", "R", _line(pa=500, ab=450, h=120),
                            None, {})],
        team_runs={"LID": (60.0, 80.0, 162.0)})
    originals = [StatPlayer("ace01", "Ace", "TAA", "R", "R", None, arm, {})]
    # two seasons of 162 games: 1,200 outs, 600 a real season's worth
    totals = SimpleNamespace(batting={}, pitching={"ace01": {"outs": 1200.0}}, games={"TAA": 324},
                             runs={"TAA": [120, 140]})
    (row,) = ub.team_runs(season, originals, totals)
    assert row["ra_real_at_made_ip"] == pytest.approx(50.0 * 600 / 450)
    assert row["d_innings"] == pytest.approx(50.0 * 600 / 450 - 80.0)
    assert row["d_arms"] == pytest.approx(70.0 - 50.0 * 600 / 450)


def test_team_order_of_runs_allowed(ub):
    """The runs allowed in order (`allowed`) beside the order the replay's innings alone give
    (`allowed_innings_alone`); rows without the split (an older caller's) give the runs scored
    alone."""
    rows = [{"team": t, "g": 162, "r_real": 70.0, "r_made": 70.0, "bsr_real": 70.0,
             "bsr_made": 70.0, "bsr_real_at_made_pa": 70.0, "d_playing_time": 0.0, "d_men": 0.0,
             "ra_real": ra, "ra_made": made, "ra_real_at_made_ip": at_ip,
             "d_innings": at_ip - ra, "d_arms": made - at_ip}
            for t, ra, made, at_ip in (("A", 60.0, 70.0, 61.0), ("B", 70.0, 65.0, 69.0),
                                       ("C", 80.0, 81.0, 80.0))]
    order = ub.team_order(rows)
    assert order["allowed"] == pytest.approx(0.5)
    assert order["allowed_innings_alone"] == pytest.approx(1.0)
    assert order["innings_runs_sd"] > 0 and order["arms_runs_sd"] > order["innings_runs_sd"]
    bare = [{k: v for k, v in r.items() if not k.startswith(("ra_", "d_innings", "d_arms"))}
            for r in rows]
    assert "allowed" not in ub.team_order(bare)
