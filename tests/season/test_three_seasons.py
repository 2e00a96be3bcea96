"""Issue 11, done when: three consecutive seasons of the twelve-team league through the command
line. Each team plays 143 games with 18 interleague, the DH follows the home team's league, the
Climax Series and the Japan Series follow their formats (the pennant winner's advantage win, a
level series to the higher seed, draws replayed in the Japan Series) and no two seasons are the
same. One league database for the module: the seasons are played once and read by each test."""
from __future__ import annotations

import json
from collections import Counter

import pytest
import sqlalchemy as sa
from typer.testing import CliRunner

from storage.plainfiles import load_league, sample_league_path
from tui import services as sv
from tui.cli.main import app

# three whole seasons of the twelve-team league through the command line
pytestmark = pytest.mark.slow

runner = CliRunner()
NIPPON = load_league(sample_league_path("nippon"))
LEAGUE_OF = {t.code: t.league for t in NIPPON.teams}
DH = {g.code: g.dh for g in NIPPON.leagues}
SEASONS = 3


def run(*args: str) -> dict | list | str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output, result.exception)
    try:
        return json.loads(result.output)
    except json.JSONDecodeError:
        return result.output


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    """Three seasons played through the CLI; what each step printed, by season."""
    db = str(tmp_path_factory.mktemp("three") / "nippon.sqlite3")
    run("league", "new", "nippon", "--from", "nippon", "--db", db, "--json")
    out: dict = {"db": db, "seasons": []}
    for k in range(SEASONS):
        season = run("season", "new", "--db", db, "--json")
        status = run("season", "status", "--db", db, "--json")
        run("season", "sim", "--to-end", "--db", db, "--json")
        standings = run("standings", "--db", db, "--json")
        after = run("season", "status", "--db", db, "--json")
        start = run("postseason", "start", "--db", db, "--json")
        run("postseason", "sim", "--db", db, "--json")
        bracket = run("postseason", "status", "--db", db, "--json")
        closed = run("season", "close", "--db", db, "--json")
        out["seasons"].append({"season": season, "status": status, "standings": standings,
                               "after": after, "start": start, "bracket": bracket,
                               "closed": closed})
    yield out
    sv.close_all()


def test_each_season_is_a_new_year_with_its_own_seed_and_phases(league):
    seasons = [s["season"] for s in league["seasons"]]
    assert [s["number"] for s in seasons] == [1, 2, 3]
    assert [s["year"] for s in seasons] == [2026, 2027, 2028]
    assert len({s["seed"] for s in seasons}) == 3
    for s in league["seasons"]:
        assert s["status"]["phase"] == "regular" and s["status"]["next_action"] == "sim"
        assert s["after"]["next_action"] == "start_postseason"
        assert s["closed"]["phase"] == "closed"
        assert s["bracket"]["phase"] == "postseason" and s["bracket"]["champion"]


def test_each_team_plays_143_games_18_of_them_interleague(league):
    for s in league["seasons"]:
        st = s["standings"]
        assert st["final"] == st["games"] == 858
        for table in st["leagues"]:
            assert len(table["rows"]) == 6
            assert all(r["games"] == 143 for r in table["rows"])
            assert {LEAGUE_OF[r["team"]] for r in table["rows"]} == {table["code"]}
        assert len(st["interleague"]) == 12 and all(r["games"] == 18 for r in st["interleague"])
        assert sum(r["wins"] for r in st["rows"]) == sum(r["losses"] for r in st["rows"])


def test_the_dh_follows_the_home_teams_league_in_every_game(league):
    engine = sv.engine_for(league["db"])
    with engine.connect() as conn:
        rows = conn.execute(sa.text(
            "SELECT s.home, s.kind, json_extract(g.data, '$.lineups[0].positions'), "
            "json_extract(g.data, '$.lineups[1].positions') FROM game_game g "
            "JOIN season_schedule s ON s.id = g.schedule_id")).all()
    assert len(rows) > SEASONS * 858
    kinds = Counter()
    for home, kind, away_pos, home_pos in rows:
        dh = DH[LEAGUE_OF[home]]
        for positions in (json.loads(away_pos), json.loads(home_pos)):
            assert ("DH" in positions) is dh and ("P" in positions) is not dh
        kinds[(kind, dh)] += 1
    assert kinds[("regular", True)] and kinds[("regular", False)]


def _results(series: dict) -> list[str | None]:
    out = []
    for g in series["games"]:
        assert g["status"] == "final"
        if g["away_runs"] == g["home_runs"]:
            out.append(None)
        else:
            won = g["away"] if g["away_runs"] > g["home_runs"] else g["home"]
            out.append("high" if won == series["high"] else "low")
    return out


def _rank(standings: dict, league: str | None) -> list[str]:
    if league:
        return [r["team"] for t in standings["leagues"] if t["code"] == league for r in t["rows"]]
    return [r["team"] for r in standings["rows"]]


def test_the_climax_series_follow_their_format(league):
    for s in league["seasons"]:
        series = {x["key"]: x for x in s["bracket"]["series"]}
        for code in ("CL", "PL"):
            order = _rank(s["standings"], code)
            first, final = series[f"{code}-1"], series[f"{code}-F"]
            # First Stage: 2nd v 3rd, best of three at the 2nd's park; draws count as games
            assert (first["high"], first["low"]) == (order[1], order[2])
            assert all(g["home"] == first["high"] for g in first["games"])
            res = _results(first)
            hw, lw = res.count("high"), res.count("low")
            assert len(res) <= 3 and first["wins"] == {"high": hw, "low": lw,
                                                       "draws": res.count(None)}
            assert first["winner"] == (first["low"] if lw >= 2 or (len(res) == 3 and lw > hw)
                                       else first["high"])
            # Final Stage: the pennant winner a win up, best of six at its park
            assert final["high"] == order[0] and final["low"] == first["winner"]
            assert all(g["home"] == final["high"] for g in final["games"])
            res = _results(final)
            hw, lw = 1 + res.count("high"), res.count("low")
            assert final["wins"]["high"] == hw and len(res) <= 6
            if hw >= 4:
                assert final["winner"] == final["high"]
            elif lw >= 4:
                assert final["winner"] == final["low"]
            else:  # six games without four wins: the higher seed unless the lower is ahead
                assert len(res) == 6 or lw + (6 - len(res)) <= hw
                assert final["winner"] == (final["low"] if lw > hw else final["high"])


def test_the_japan_series_is_best_of_seven_2_3_2_with_draws_replayed(league):
    hosts = []
    for s in league["seasons"]:
        series = {x["key"]: x for x in s["bracket"]["series"]}
        js = series["JS"]
        assert {js["high"], js["low"]} == {series["CL-F"]["winner"], series["PL-F"]["winner"]}
        assert LEAGUE_OF[js["high"]] != LEAGUE_OF[js["low"]]
        hosts.append(LEAGUE_OF[js["high"]])
        res = _results(js)
        decided = [r for r in res if r is not None]
        assert len(decided) <= 7
        assert max(decided.count("high"), decided.count("low")) == 4
        assert js["winner"] == js["high" if decided.count("high") == 4 else "low"]
        assert decided[-1] == ("high" if js["winner"] == js["high"] else "low")
        pattern = "HHLLLHH"
        for k, g in enumerate(js["games"]):
            park = pattern[min(k, 6)]
            assert g["home"] == (js["high"] if park == "H" else js["low"])
        assert s["bracket"]["champion"] == js["winner"]
        days = [g["day"] for g in js["games"]]
        assert days == sorted(days) and days[0] > max(
            g["day"] for key in ("CL-F", "PL-F") for g in series[key]["games"])
    # the leagues take turns hosting the first games
    assert hosts[0] != hosts[1] and hosts[0] == hosts[2]


def test_postseason_stats_are_kept_apart_from_the_regular_season(league):
    db = league["db"]
    js = {x["key"]: x for x in league["seasons"][-1]["bracket"]["series"]}["JS"]
    team = js["high"]
    regular = sv.leaders(db, kind="batting", stat="pa", team=team, limit=30)
    assert sum(r.value for r in regular.rows) > 0
    from storage import repository as repo
    from storage.db import session
    with session(sv.engine_for(db)) as s:
        sid = sv.season_info(db).id
        post = repo.batting_lines(session=s, season_ids=[sid], team=team, kind="postseason")
        reg = repo.batting_lines(session=s, season_ids=[sid], team=team)
    assert post and {ln.number for ln in post}.isdisjoint({ln.number for ln in reg})
    assert len({ln.number for ln in reg}) == 143
    star = max(post, key=lambda ln: ln.line[0]).player      # most plate appearances
    shown = run("player", star, "--db", db, "--json")
    assert shown["postseason"]["batting"]["pa"] == sum(ln.line[0] for ln in post
                                                       if ln.player == star)
    assert shown["batting"]["games"] == len([ln for ln in reg if ln.player == star])


def test_no_two_seasons_are_the_same(league):
    db = league["db"]
    calendars = []
    for n in range(1, SEASONS + 1):
        days = sv.schedule_days(db, season=n)
        games = [(g.day.replace(year=2000), g.away, g.home) for _, gs in days for g in gs]
        results = [(g.away_runs, g.home_runs) for _, gs in days for g in gs]
        calendars.append((games, results))
    for a in range(SEASONS):
        for b in range(a + 1, SEASONS):
            assert calendars[a][0] != calendars[b][0]
            assert calendars[a][1] != calendars[b][1]
    champions = [s["bracket"]["champion"] for s in league["seasons"]]
    tables = [_rank(s["standings"], None) for s in league["seasons"]]
    assert len({tuple(t) for t in tables}) == SEASONS
    assert all(champions)
