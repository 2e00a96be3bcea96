"""Titles, awards, transactions, careers and history through the command line (SQLite and
PostgreSQL): two short seasons of the pacific league."""
import json

import pytest
from typer.testing import CliRunner

from tui.cli.main import app

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)

# seasons played through to their titles, awards and transactions, on SQLite and PostgreSQL
pytestmark = pytest.mark.slow

runner = CliRunner()


def run(*args: str, ok: bool = True):
    result = runner.invoke(app, list(args))
    if ok:
        assert result.exit_code == 0, (result.output, result.exception)
    return result


def js(*args: str):
    return json.loads(run(*args, "--json").output)


@pytest.fixture
def played(db):
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    for seed in (3, 4):
        run("season", "new", "--games-per-opponent", "2", "--seed", str(seed), "--db", db)
        run("season", "sim", "--to-end", "-q", "--db", db)
        run("season", "close", "--db", db)
    return db


def test_titles_awards_careers_and_history(played):
    db = played
    t = js("titles", "--db", db)
    assert t["complete"] and t["season"] == 2 and len(t["titles"]) == 12
    batting = next(x for x in t["titles"] if x["key"] == "batting_title")
    std = {r["player"]: r for r in js("leaders", "batting", "--stat", "avg", "--limit", "50",
                                      "--db", db)["rows"]}
    best = max(r["value"] for r in std.values())
    assert {h["player"] for h in batting["holders"]} == {p for p, r in std.items()
                                                         if r["value"] == best}
    a = js("awards", "--db", db)
    keys = [x["award"] for x in a["awards"]]
    assert keys[:2] == ["mvp", "rookie"] and "best_nine:DH" in keys and keys[-1] == "sawamura"
    assert not any(x["confirmed"] for x in a["awards"])
    mvp = next(x for x in a["awards"] if x["award"] == "mvp")
    other = mvp["candidates"][1]["player"]
    a = js("awards", "--confirm", f"mvp={other}", "--confirm", "rookie=none", "--db", db)
    got = {x["award"]: x for x in a["awards"]}
    assert got["mvp"]["confirmed"] and got["mvp"]["player"] == other
    assert got["mvp"]["proposed"] == mvp["proposed"]
    assert got["rookie"]["confirmed"] and got["rookie"]["player"] is None
    a = js("awards", "--accept", "--db", db)
    assert all(x["confirmed"] for x in a["awards"])
    assert next(x for x in a["awards"] if x["award"] == "mvp")["player"] == other   # kept
    bad = run("awards", "--confirm", "mvp=NOBODY", "--db", db, ok=False)
    assert bad.exit_code == 2 and "no player 'NOBODY'" in bad.output
    bad = run("awards", "--confirm", "best=SAP01", "--db", db, ok=False)
    assert "no award 'best'" in bad.output
    bad = run("awards", "--rule", "rookie_years=3", "--db", db, ok=False)
    assert "unknown setting 'rookie_years'" in bad.output
    rules = js("awards", "--rule", "rookie_max_prior_ab=100", "--db", db)["rules"]
    assert rules["rookie_max_prior_ab"] == 100

    # careers equal the sum of the seasons
    c = js("player", "SAP07", "--career", "--db", db)
    assert [s["season"] for s in c["seasons"]] == [1, 2]
    for stat in ("pa", "ab", "h", "hr", "rbi"):
        assert c["career"]["batting"][stat] == sum(s["batting"][stat] for s in c["seasons"])
    one = js("player", "SAP07", "--season", "1", "--db", db)
    assert one["batting"]["pa"] == c["seasons"][0]["batting"]["pa"]

    h = js("history", "--db", db)
    assert [s["season"] for s in h["seasons"]] == [1, 2]
    s2 = h["seasons"][1]
    rows = js("standings", "--db", db)["rows"]
    assert s2["champion"] == rows[0]["team"]
    assert [x["key"] for x in s2["titles"]] == [x["key"] for x in t["titles"]]
    assert {x["award"] for x in s2["awards"]} == set(keys)
    hr = h["records"]["season"]["hr"][0]
    assert hr["value"] == max(x["holders"][0]["value"] for s in h["seasons"]
                              for x in s["titles"] if x["key"] == "home_runs" and x["holders"])
    pair = next(x for x in h["head_to_head"] if x["team"] == "SAP" and x["opponent"] == "SEN")
    back = next(x for x in h["head_to_head"] if x["team"] == "SEN" and x["opponent"] == "SAP")
    assert (pair["wins"], pair["losses"]) == (back["losses"], back["wins"])
    assert pair["wins"] + pair["losses"] + pair["draws"] == 4      # 2 a season, two seasons
    text = run("history", "--db", db).output
    assert "首位打者" in text and "head to head" in text


def test_transactions_keep_rosters_legal_and_are_logged(played):
    db = played
    n = js("transaction", "trade", "--team", "SAP", "--with", "SEN", "--give", "SAP07",
           "--for", "SEN06", "--note", "deadline deal", "--db", db)
    assert n[0]["kind"] == "trade" and n[0]["note"] == "deadline deal"
    assert {(m["player"], m["from"], m["to"]) for m in n[0]["moves"]} == \
        {("SAP07", "SAP", "SEN"), ("SEN06", "SEN", "SAP")}
    # made after the close: the off-season's rosters change, season 2's history does not
    assert js("player", "SAP07", "--career", "--db", db)["team"] == "SEN"
    assert js("player", "SAP07", "--season", "2", "--db", db)["team"] == "SAP"
    # SAP's men as the off-season left them (its retirements, draft and market are drawn from the
    # league's seed: which starters remain is not fixed)
    def ids(team: str, role: str | None = None) -> list[str]:
        r = js("roster", "list", team, "--db", db)
        return [x["id"] for x in r["active"] + r["farm"] if role is None or x["role"] == role]
    # a reliever released (a rotation's starter might leave SAP under its five) and signed again
    released = ids("SAP", "RP")[-1]
    js("transaction", "release", released, "--db", db)
    full = run("transaction", "sign", released, "--team", "CHB", "--db", db, ok=False)
    assert full.exit_code == 2
    assert "team CHB has 29 players; the league allows at most 28" in full.output
    assert full.output.count("\n") == 1
    js("transaction", "sign", released, "--team", "SAP", "--db", db)
    for args, msg in ((("release", "XYZ"), "no player 'XYZ'"),
                      (("move", "SAP01", "--team", "ZZZ"), "no team 'ZZZ'"),
                      (("sign", "SAP01", "--team", "SEN"), "not a free agent"),
                      (("trade", "--team", "SAP", "--with", "SEN", "--give", "SEN01",
                        "--for", "SEN02"), "SEN01 is not on SAP")):
        bad = run("transaction", *args, "--db", db, ok=False)
        assert bad.exit_code == 2 and msg in bad.output, bad.output
    # a trade that leaves a team without a catcher is refused whole (the catchers SAP has now:
    # the off-season's trades and free agency may have moved the ones it started with)
    catchers = ids("SAP", "C")
    pitchers = ids("SEN", "SP")[:len(catchers)]
    assert catchers and len(pitchers) == len(catchers)
    args = [a for c in catchers for a in ("--give", c)] + [a for p in pitchers for a in ("--for", p)]
    bad = run("transaction", "trade", "--team", "SAP", "--with", "SEN", *args, "--db", db, ok=False)
    assert "no catcher" in bad.output and js("player", catchers[0], "--db", db)["team"] == "SAP"
    news = js("transaction", "list", "--db", db)
    # the off-season's changes (変化) came first, with the season this one followed
    assert [x["kind"] for x in news[:3]] == ["sign", "release", "trade"]
    # (and the off-season's free agents, trades and 現役ドラフト moves, npb_offseason.md §4, §6)
    assert {x["kind"] for x in news[3:]} <= {"change", "retire", "release", "draft", "up",
                                             "sign", "trade", "down", "move"}
    # the traded player's season stays with the team he played for
    c = js("player", "SAP07", "--career", "--db", db)
    assert c["team"] == "SEN" and all(s["teams"] == ["SAP"] for s in c["seasons"])
    # the next season plays with the new rosters
    run("season", "new", "--games-per-opponent", "1", "--seed", "9", "--db", db)
    run("season", "sim", "--to-end", "-q", "--db", db)
    c = js("player", "SAP07", "--career", "--db", db)
    assert c["seasons"][-1]["teams"] == ["SEN"]


def test_postseason_games_are_kept_apart_and_the_final_series_names_the_champion(tmp_path):
    """A series stored the way the seasons' postseason stores it: its games count in the
    players' postseason careers, never in the titles; its winner is the champion."""
    from datetime import timedelta

    from storage import repository as repo
    from storage.db import session
    from tui import services as sv

    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pac", "pacific")
    sv.new_season(db, "pac", games_per_opponent=2, seed=5)
    sv.sim_days(db, "pac", to_end=True)
    before = sv.season_titles(db, "pac")
    with session(sv.engine_for(db)) as s:
        ctx = sv._context(s, "pac", None)
        sid = ctx.season.id
        repo.create_postseason(session=s, season_id=sid, series=[
            {"key": "final", "name": "日本シリーズ", "high": "SAP", "low": "SEN",
             "high_seed": 1, "low_seed": 2, "format": {"best_of": 1}}])
        [series] = repo.postseason_series(session=s, season_id=sid)
        last = repo.final_games(session=s, season_id=sid)[-1].day
        slot = repo.add_postseason_game(session=s, season_id=sid, series_id=series.id,
                                        day=last + timedelta(days=2), away="SEN", home="SAP")
        result, rest, starters = sv.play_slot(ctx, slot)
        repo.record_game(session=s, season_id=sid, slot=slot, result=result, seed=1,
                         rest={p: repo.StoredRest(r.available_on, r.fatigue)
                               for p, r in rest.items()}, starters=starters)
        winner = "SAP" if result.runs[1] > result.runs[0] else "SEN"
        repo.update_series(session=s, series_id=series.id, status="final", winner=winner)
        s.commit()
    after = sv.season_titles(db, "pac")
    assert [t.holders for t in after.titles] == [t.holders for t in before.titles]
    h = sv.league_history(db, "pac")
    [season] = h.seasons
    assert season.champion == winner
    [x] = season.series
    assert (x["name"], x["winner"], x["high_wins"] + x["low_wins"] + x["draws"]) == \
        ("日本シリーズ", winner, 1)
    pid = next(p for side, p, *_ in result.batting if side == 1)
    c = sv.player_career(db, pid, "pac")
    assert c.postseason is not None and c.postseason.batting.games == 1
    assert c.regular.batting.games == len(repo_lines(db, pid))
    js_out = js("player", pid, "--career", "--db", db)
    assert js_out["postseason"]["batting"]["games"] == 1


def repo_lines(db, pid):
    from storage import repository as repo
    from storage.db import session
    from tui import services as sv
    with session(sv.engine_for(db)) as s:
        ids = repo.season_ids(session=s, league_id=repo.find_league(session=s).id)
        return repo.batting_lines(session=s, season_ids=ids, player=pid)
