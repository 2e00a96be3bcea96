"""`impact calibrate`: rules C.3's two tables, per game and per season, each figure beside its band."""
from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from league.engine.game import BAT_FIELDS, PIT_FIELDS, GameResult
from league.season.calibration import (
    PER_GAME_BANDS,
    SEASON_BANDS,
    SeasonTally,
    Tally,
    calibrate,
    season_bands,
    season_calendar,
)
from storage.plainfiles import load_league, sample_league_path
from storage.rulesets import load_ruleset
from tui.cli.main import app

runner = CliRunner()


def _bat(**kw: int) -> list[int]:
    line = [0] * len(BAT_FIELDS)
    for k, v in kw.items():
        line[BAT_FIELDS.index(k)] = v
    return line


def _pit(**kw: int) -> list[int]:
    line = [0] * len(PIT_FIELDS)
    for k, v in kw.items():
        line[PIT_FIELDS.index(k)] = v
    return line


def _result(away: str, home: str, runs: tuple[int, int], batting, pitching, decisions,
            errors: tuple[int, int] = (0, 0)) -> GameResult:
    return GameResult(away=away, home=home, innings=[], runs=list(runs), hits=[0, 0],
                      errors=list(errors), batting=batting, pitching=pitching,
                      decisions=decisions, home_runs=[], plays=[], rolls=[], players={},
                      winner=None if runs[0] == runs[1] else int(runs[1] > runs[0]))


def test_the_bands_are_those_of_rules_c3():
    """Rules C.3: the per-game table and the season table, band for band."""
    g = PER_GAME_BANDS
    assert (g["runs"].low, g["runs"].high) == (3.2, 3.8)
    assert [(g[k].low, g[k].high) for k in ("AVG", "OBP", "SLG")] == [
        (0.238, 0.252), (0.300, 0.318), (0.340, 0.375)]
    assert [(g[k].low, g[k].high) for k in ("HR/PA", "BB/PA", "K/PA", "HBP/PA")] == [
        (0.014, 0.021), (0.070, 0.087), (0.18, 0.215), (0.006, 0.011)]
    assert [(g[k].low, g[k].high) for k in ("2B/H", "3B/H", "SB attempts", "SB success")] == [
        (0.15, 0.19), (0.015, 0.03), (0.45, 0.8), (0.65, 0.78)]
    assert [(g[k].low, g[k].high) for k in ("errors", "double plays", "sacrifice bunts",
                                            "sacrifice flies", "wild pitches", "draws")] == [
        (0.38, 0.56), (0.55, 0.8), (0.5, 0.8), (0.15, 0.25), (0.15, 0.3), (0.015, 0.04)]
    s = SEASON_BANDS
    assert [(s[k].low, s[k].high) for k in ("best W%", "worst W%", "batting title", "HR leader",
                                            "RBI leader", "SB leader")] == [
        (0.570, 0.640), (0.380, 0.440), (0.300, 0.340), (24, 40), (80, 105), (20, 45)]
    assert [(s[k].low, s[k].high) for k in ("ERA leader", "wins leader", "K leader",
                                            "saves leader", "HP leader")] == [
        (1.40, 2.30), (11, 17), (140, 200), (28, 45), (35, 55)]
    assert [(s[k].low, s[k].high) for k in ("qualified hitters", "qualified pitchers",
                                            "pinch-hit PA", "pinch runners", "pitchers used",
                                            "complete games")] == [
        (3, 6), (1, 3), (80, 200), (40, 120), (18, 30), (1, 6)]
    # issue 29: the pinch-hit band by the DH, and the starts leader of six-man rotations
    assert (s["starts leader"].low, s["starts leader"].high) == (23, 27)
    no_dh = season_bands(False)["pinch-hit PA"]
    assert (no_dh.low, no_dh.high) == (200, 340) and season_bands(True) == SEASON_BANDS


def test_per_game_figures_are_sums_over_team_games():
    tally = Tally()
    tally.add(_result("A", "B", (3, 3), [
        (0, "a1", _bat(pa=5, ab=4, h=2, **{"2b": 1}, bb=1, sb=1, cs=1, sf=0), "CF"),
        (1, "b1", _bat(pa=4, ab=3, h=1, hr=1, hbp=1, so=2, sh=0, sf=0, gidp=1), "SS"),
    ], [(0, "ap", _pit(wp=2)), (1, "bp", _pit())], {}, errors=(1, 0)))
    tally.add(_result("B", "A", (1, 0), [
        (0, "b1", _bat(pa=3, ab=2, sh=1), "SS"),
        (1, "a1", _bat(pa=4, ab=3, h=1, sf=1), "CF"),
    ], [(0, "bp", _pit()), (1, "ap", _pit())], {}))
    v = tally.values()
    assert v["runs"] == 7 / 4
    assert v["AVG"] == 4 / 12
    assert v["OBP"] == (4 + 1 + 1) / (12 + 1 + 1 + 1)
    assert v["SLG"] == (1 + 2 + 4 + 1) / 12          # single, double, homer, single
    assert v["HR/PA"] == 1 / 16 and v["HBP/PA"] == 1 / 16 and v["K/PA"] == 2 / 16
    assert v["2B/H"] == 1 / 4 and v["3B/H"] == 0
    assert v["SB attempts"] == 2 / 4 and v["SB success"] == 1 / 2
    assert v["errors"] == 1 / 4 and v["double plays"] == 1 / 4
    assert v["sacrifice bunts"] == 1 / 4 and v["sacrifice flies"] == 1 / 4
    assert v["wild pitches"] == 2 / 4
    assert v["draws"] == 1 / 2       # the 3-3 game


def test_season_figures_read_leagues_titles_qualifiers_and_bullpens():
    """Leaders per league, 勝率 = W/(W+L) with draws left out, 規定打席 = games × 3.1,
    規定投球回 = games × 1.0, hold points = holds + relief wins, a complete game is one pitcher."""
    tally = SeasonTally([("A", "B"), ("C", "D")])
    tally.start()
    # A beats B twice, B and A draw; C and D split; each team plays 3 (C, D 2) games
    for runs in ((5, 1), (4, 2)):
        tally.add(_result("A", "B", runs, [
            (0, "a1", _bat(pa=10, ab=8, h=4, hr=2, rbi=5, sb=3), "CF"),
            (0, "a2", _bat(pa=1, ab=1, h=1), "PH"),
            (0, "a3", _bat(), "PR"),
            (1, "b1", _bat(pa=10, ab=10, h=2, hr=1, rbi=1), "SS"),
        ], [(0, "ap", _pit(outs=27, er=1, so=9)),
            (1, "bp", _pit(outs=21, er=4, so=3)), (1, "br", _pit(outs=3, er=0))],
            {"ap": "W", "bp": "L"}))
    tally.add(_result("A", "B", (2, 2), [(0, "a1", _bat(pa=4, ab=4, h=0), "CF")],
                      [(0, "ap", _pit(outs=18, er=2)), (0, "ar", _pit(outs=6)),
                       (1, "bp", _pit(outs=36, er=2))], {}))
    tally.add(_result("C", "D", (3, 2), [(0, "c1", _bat(pa=7, ab=7, h=3, sb=1), "LF")],
                      [(0, "cp", _pit(outs=21, er=2)), (0, "cr", _pit(outs=2)),
                       (1, "dp", _pit(outs=24, er=3, so=1))], {"cr": "W", "dp": "L"}))
    tally.add(_result("D", "C", (1, 2), [(1, "c1", _bat(pa=0), "LF")],
                      [(0, "dp", _pit(outs=24, er=2)), (1, "cp", _pit(outs=21, er=1)),
                       (1, "cr", _pit(outs=1)), (1, "cq", _pit(outs=3))],
                      {"cp": "W", "cr": "H", "cq": "S", "dp": "L"}))
    v = tally.values()
    assert v["best W%"] == (1.0 + 1.0) / 2                 # A 2-0-1, C 2-0
    assert v["worst W%"] == (0.0 + 0.0) / 2
    # qualifying: 3 games × 3.1 = 9.3 PA (a1 has 24), C's 2 games × 3.1 = 6.2 (c1 has 7)
    assert v["batting title"] == pytest.approx((8 / 20 + 3 / 7) / 2)
    assert v["HR leader"] == (4 + 0) / 2 and v["RBI leader"] == (10 + 0) / 2
    assert v["SB leader"] == (6 + 1) / 2
    # ERA leader with 規定投球回 (A, B: 9 outs; C, D: 6 outs): ap 4 ER in 72 outs, cp 3 in 42
    # (ar, br, cr and cq have no earned runs but too few innings)
    assert v["ERA leader"] == pytest.approx((4 * 27 / 72 + 3 * 27 / 42) / 2)
    assert v["wins leader"] == (2 + 1) / 2 and v["K leader"] == (18 + 1) / 2
    assert v["saves leader"] == (0 + 1) / 2
    assert v["HP leader"] == (0 + 2) / 2                   # cr: a relief win and a hold
    assert v["pinch-hit PA"] == 2 / 4 and v["pinch runners"] == 2 / 4
    assert v["pitchers used"] == (2 + 2 + 3 + 1) / 4
    # complete games: A's two wins, B's draw, D's two losses
    assert v["complete games"] == 5 / 4 and v["CG won"] == 2 / 5
    assert v["qualified hitters"] == (1 + 1 + 1 + 0) / 4   # a1, b1 (30 PA), c1


def test_the_calendar_is_the_stored_seasons():
    nippon = load_league(sample_league_path("nippon"))
    games = season_calendar(nippon, 2026, 1)
    per_team: dict[str, int] = {}
    for g in games:
        per_team[g.away] = per_team.get(g.away, 0) + 1
        per_team[g.home] = per_team.get(g.home, 0) + 1
    assert set(per_team.values()) == {143}
    mini = load_league(sample_league_path("mini"))
    assert len(season_calendar(mini, 2026, 1)) == 24


def test_a_run_is_the_same_every_time_and_counts_its_games():
    mini = load_league(sample_league_path("mini"))
    rs = load_ruleset("standard")
    one = calibrate(mini, rs, seasons=1, seed=4)
    assert one.games == 24 and one.seasons == 1
    assert one == calibrate(mini, rs, seasons=1, seed=4)
    assert [f.name for f in one.season] == list(SEASON_BANDS)
    seen = []
    part = calibrate(mini, rs, games=30, seed=4, progress=lambda s, d, n: seen.append((s, d, n)))
    assert part.games == 30 and part.season == ()
    assert seen[-1] == (2, 6, 6) and seen[23] == (1, 24, 24)
    # the first 24 games of the run are season 1 itself
    assert calibrate(mini, rs, games=24, seed=4).per_game == one.per_game


def test_cli_prints_both_tables_with_bands_and_exits_1_on_a_fail():
    res = runner.invoke(app, ["calibrate", "--league", "mini", "--seasons", "1", "-q"])
    assert res.exit_code in (0, 1), res.output
    for name in (*PER_GAME_BANDS, *SEASON_BANDS):
        assert re.search(rf"^{re.escape(name)}\s", res.output, re.M), name
    assert "3.20 – 3.80" in res.output and "0.570 – 0.640" in res.output
    assert ("FAIL" in res.output) == (res.exit_code == 1)


def test_cli_json_holds_every_figure_and_the_verdict():
    res = runner.invoke(app, ["calibrate", "--league", "mini", "--games", "12", "--json"])
    data = json.loads(res.output)
    assert data["games"] == 12 and data["season"] == []
    assert [f["figure"] for f in data["per_game"]] == list(PER_GAME_BANDS)
    failed = [f["figure"] for f in data["per_game"] if not f["passed"]]
    assert data["failed"] == failed and data["passed"] == (not failed)
    assert res.exit_code == (1 if failed else 0)


def test_cli_names_a_league_that_is_not_there(tmp_path):
    res = runner.invoke(app, ["calibrate", "--league", str(tmp_path / "nowhere"), "--games", "5"])
    assert res.exit_code != 0
    assert "nowhere" in res.output and "Traceback" not in res.output


def test_a_league_without_a_qualified_pitcher_has_no_era_leader_and_fails_the_band():
    tally = SeasonTally([("A", "B")])
    tally.start()
    tally.add(_result("A", "B", (1, 0), [(0, "a1", _bat(pa=4, ab=4, h=1), "CF")],
                      [(0, "ap", _pit(outs=2)), (0, "ar", _pit(outs=2)),
                       (1, "bp", _pit(outs=2)), (1, "br", _pit(outs=2))], {"ar": "W"}))
    v = tally.values()
    assert v["ERA leader"] != v["ERA leader"]          # NaN: nobody pitched an inning a team game
    era = next(f for f in tally.figures() if f.name == "ERA leader")
    assert not era.passed and era.as_dict()["value"] is None


def test_season_figures_are_judged_league_by_league():
    """C.3 judges season figures league by league: each league its own figures (not one mean
    over both), the league without the DH against its own pinch-hit band (200-340); the starts
    leader is the pitcher who started most of his team's games."""
    tally = SeasonTally([("A", "B"), ("C", "D")], dh=[False, True], names=["CL", "PL"])
    tally.start()
    for _ in range(3):
        tally.add(_result("A", "B", (2, 1), [(0, "a2", _bat(pa=1, ab=1), "PH")],
                          [(0, "ap", _pit(outs=27)), (1, "bp", _pit(outs=24))], {"ap": "W"}))
    tally.add(_result("C", "D", (0, 1), [(0, "c1", _bat(pa=4, ab=4), "LF")],
                      [(0, "cp", _pit(outs=24)), (1, "dp", _pit(outs=27))], {"dp": "W"}))
    figures = tally.figures()
    cl = {f.name: f for f in figures if f.league == "CL"}
    pl = {f.name: f for f in figures if f.league == "PL"}
    assert set(cl) == set(pl) == set(SEASON_BANDS)
    assert cl["starts leader"].value == 3 and pl["starts leader"].value == 1
    assert cl["pinch-hit PA"].value == 3 / 2 and pl["pinch-hit PA"].value == 0
    assert (cl["pinch-hit PA"].low, pl["pinch-hit PA"].low) == (200, 80)
    assert cl["wins leader"].value == 3 and pl["wins leader"].value == 1
    assert cl["HR leader"].where == "HR leader (CL)"


def test_cli_prints_the_season_table_of_each_league(tmp_path):
    """`impact calibrate --seasons N` prints one season table per league (リーグ), saying
    whether it has the DH."""
    folder = tmp_path / "two"
    src = sample_league_path("pacific")
    folder.mkdir()
    for name in ("batters.csv", "pitchers.csv"):
        (folder / name).write_text((src / name).read_text(encoding="utf-8"), encoding="utf-8")
    toml = (src / "league.toml").read_text(encoding="utf-8")
    toml = toml.replace("roster_size = 28\n", "roster_size = 28\n" + TWO_LEAGUES, 1)
    for code, lg in (("SAP", "N"), ("SEN", "N"), ("CHB", "N"), ("TKZ", "S"), ("OSK", "S"),
                     ("FUK", "S")):
        toml = toml.replace(f'code = "{code}"\n', f'code = "{code}"\nleague = "{lg}"\n', 1)
    (folder / "league.toml").write_text(toml, encoding="utf-8")
    res = runner.invoke(app, ["calibrate", "--league", str(folder), "--seasons", "1", "-q"])
    assert res.exit_code in (0, 1), res.output
    assert "season, N North (no DH; mean over seasons)" in res.output
    assert "season, S South (DH; mean over seasons)" in res.output
    assert "200.0 – 340.0" in res.output and "80.0 – 200.0" in res.output
    assert res.output.count("starts leader") >= 2


TWO_LEAGUES = """
[schedule]
games_per_opponent = 2
interleague_games = 1

[[leagues]]
code = "N"
name = "北リーグ"
name_en = "North"
dh = false

[[leagues]]
code = "S"
name = "南リーグ"
name_en = "South"
dh = true
"""
