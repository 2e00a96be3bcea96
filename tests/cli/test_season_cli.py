"""The league/season command line end to end on a temp SQLite file (and PostgreSQL when set)."""
import json

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)

runner = CliRunner()


def run(*args: str, ok: bool = True):
    result = runner.invoke(app, list(args))
    if ok:
        assert result.exit_code == 0, (result.output, result.exception)
    return result


def test_slice_league_season_sim_standings(db):
    out = run("league", "new", "pac", "--from", "pacific", "--db", db).output
    assert "6 teams" in out
    leagues = json.loads(run("league", "list", "--db", db, "--json").output)
    assert [lg["name"] for lg in leagues] == ["pac"]
    season = json.loads(run("season", "new", "--seed", "5", "--db", db, "--json").output)
    assert season["games"] == 360 and season["final"] == 0
    report = json.loads(run("season", "sim", "--days", "4", "--db", db, "--json").output)
    assert report["days"] == 4 and report["games"] == 12
    rows = json.loads(run("standings", "--db", db, "--json").output)["rows"]
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows)
    assert sum(r["games"] for r in rows) == 24
    text = run("standings", "--db", db).output
    assert "勝率" in text and "札幌" in text
    # carries on where it stopped
    report = json.loads(run("season", "sim", "--days", "2", "--db", db, "--json").output)
    assert report["games"] == 6 and report["remaining"] == 360 - 18
    # with no --days: one day, and the report says "day", not "1 days"
    assert run("season", "sim", "-q", "--db", db).output.startswith("played 3 games on 1 day through")


def test_reading_commands(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--db", db)
    run("season", "sim", "--days", "6", "--db", db, "-q")
    board = json.loads(run("leaders", "batting", "--stat", "hr", "--db", db, "--json").output)
    assert board["rows"] and board["rows"][0]["rank"] == 1
    board = json.loads(run("leaders", "pitching", "--stat", "so", "--team", "SAP", "--db", db,
                           "--json").output)
    assert all(r["team"] == "SAP" for r in board["rows"])
    box = run("boxscore", "1", "--db", db).output
    assert "計" in box and "回" in box
    data = json.loads(run("boxscore", "1", "--db", db, "--json").output)
    assert data["number"] == 1 and data["rolls"] and data["plays"]
    player = json.loads(run("player", "SAP01", "--db", db, "--json").output)
    assert player["batting"]["games"] == len([g for g in player["game_log"] if "batting" in g])
    assert "game log" in run("player", "sap01", "--db", db).output
    # the game log says where each game was: "vs" the visitors at home, "@" the home team away
    where = {g["number"]: g for g in sched_games(db)}
    first = where[player["game_log"][0]["game"]]        # SAP's first game: one side at home
    seen = set()
    for team in (first["away"], first["home"]):
        log = json.loads(run("player", f"{team}01", "--db", db, "--json").output)["game_log"]
        text = run("player", f"{team}01", "--db", db).output
        for e in log:
            g = where[e["game"]]
            assert e["home"] == (g["home"] == team)
            assert e["opponent"] == (g["away"] if e["home"] else g["home"])
            assert f"#{e['game']:<4} {'vs' if e['home'] else '@ '} {e['opponent']}" in text
            if "batting" in e:     # at-bats and hits named, not "3-0" (read as the score)
                b = e["batting"]
                assert f" AB {b['ab']} H {b['h']} HR {b['hr']} RBI {b['rbi']} " in text
            seen.add(e["home"])
    assert seen == {True, False}
    sched = json.loads(run("season", "schedule", "--db", db, "--json").output)
    assert sched[0]["games"][0]["status"] == "final"


def sched_games(db):
    """Every game of the season's calendar (`impact season schedule --json`)."""
    days = json.loads(run("season", "schedule", "--db", db, "--json").output)
    return [g for d in days for g in d["games"]]


@pytest.mark.parametrize("args, message, made", [
    (("standings",), "no database at", False),
    (("league", "new", "x", "--from", "nowhere"), "no such league folder", False),
    (("season", "new", "--league", "zzz"), "no league called 'zzz'", True),
])
def test_errors_are_one_line(tmp_path, args, message, made):
    db = str(tmp_path / "e.sqlite3")
    if made:
        run("league", "new", "mini", "--from", "mini", "--db", db)
    result = run(*args, "--db", db, ok=False)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_errors_after_a_season(tmp_path):
    db = str(tmp_path / "e.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    assert "no season yet" in run("standings", "--db", db, ok=False).output
    run("season", "new", "--db", db)
    for args, message in [
        (("boxscore", "9999"), "no game 9999"),
        (("boxscore", "360"), "has not been played yet"),
        (("player", "nobody"), "no player 'nobody'"),
        (("leaders", "--team", "XXX"), "no team 'XXX'"),
        (("leaders", "--stat", "nonsense"), "unknown batting stat"),
        (("league", "new", "pac", "--from", "pacific"), "already exists"),
    ]:
        result = run(*args, "--db", db, ok=False)
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_bad_db_url(tmp_path):
    result = run("league", "list", "--db", str(tmp_path / "missing" / "x.sqlite3"), ok=False)
    assert result.exit_code != 0 and "does not exist" in result.output


def test_locked_database_is_one_line(tmp_path, monkeypatch):
    import sqlite3

    import storage.db
    db = str(tmp_path / "lock.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    monkeypatch.setattr(storage.db, "BUSY_TIMEOUT_MS", 100)
    sv.close_all()
    holder = sqlite3.connect(db)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        result = run("season", "new", "--db", db, ok=False)
    finally:
        holder.rollback()
        holder.close()
    assert result.exit_code != 0
    assert "busy" in result.output or "locked" in result.output
    assert "Traceback" not in result.output


def test_short_season_to_end_and_replay(db):
    """The whole loop on each database: a short season to the end, totals, a replayed game."""
    from collections import Counter

    from league.engine.boxscore import render
    from league.engine.game import BAT_FIELDS

    sv.create_league(db, "mini", "mini")
    sv.new_season(db, games_per_opponent=4, seed=9)
    report = sv.sim_days(db, to_end=True)
    assert report.remaining == 0
    # simulating again says there is nothing to play, not "played 0 games on 0 days"
    out = run("season", "sim", "-q", "--db", db).output
    assert out.startswith("nothing to play: the regular season is finished") and "0 days" not in out
    view = sv.standings(db)
    assert view.final == view.games == report.games
    assert sum(r.wins for r in view.rows) == sum(r.losses for r in view.rows)
    board = sv.leaders(db, kind="batting", stat="r", limit=1000)
    runs = Counter()
    for row in board.rows:
        runs[row.team] += row.value
    assert {r.team: r.runs_for for r in view.rows} == {t: runs[t] for t in view.names}
    for number in (1, report.games):
        stored, again = sv.replay(db, number)
        assert render(again) == render(stored)
    assert BAT_FIELDS[2] == "r"


def test_json_round_trip_with_a_season(db, tmp_path):
    """A whole league with its season (calendar, games, lines, logs, rest) through one JSON file."""
    from league.engine.boxscore import render

    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini", games_per_opponent=4, seed=2)
    sv.sim_days(db, "mini", days=5)
    path = tmp_path / "mini.json"
    run("league", "export", "mini", "--out", str(path), "--db", db)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert len(doc["seasons"]) == 1 and doc["seasons"][0]["games"]
    run("league", "import", str(path), "--name", "copy", "--db", db)
    a, b = sv.standings(db, "mini"), sv.standings(db, "copy")
    assert a.rows == b.rows and (a.games, a.final) == (b.games, b.final)
    for number in (1, 3):
        assert sv.boxscore(db, number, "mini").text == sv.boxscore(db, number, "copy").text
        stored, again = sv.replay(db, number, "copy")
        assert render(stored) == render(again)
    someone = sv.leaders(db, "mini", kind="batting", stat="pa").rows[0].player_id
    assert sv.player(db, someone, "mini").batting == sv.player(db, someone, "copy").batting
    # both carry on the same way: the rest state came along
    sv.sim_days(db, "mini", to_end=True)
    sv.sim_days(db, "copy", to_end=True)
    assert sv.standings(db, "mini").rows == sv.standings(db, "copy").rows
    # a damaged season is refused whole
    doc["seasons"][0]["games"][0]["batting"][0][2] = "NOBODY"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    result = run("league", "import", str(bad), "--name", "bad", "--db", db, ok=False)
    assert result.exit_code != 0
    assert "seasons[0]" in result.output and "NOBODY" in result.output
    assert "bad" not in [lg.name for lg in sv.list_leagues(db)]


def test_schedule_csv_round_trip_and_bad_file(tmp_path):
    db = str(tmp_path / "s.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--games-per-opponent", "6", "--seed", "4", "--db", db)
    text = run("season", "schedule", "--csv", "--db", db).output
    assert text.startswith("number,date,away,home,series\n")
    path = tmp_path / "schedule.csv"
    path.write_text(text, encoding="utf-8")
    info = json.loads(run("season", "new", "--schedule", str(path), "--db", db, "--json").output)
    assert info["number"] == 2 and info["games"] == 90
    assert run("season", "schedule", "--csv", "--season", "2", "--db", db).output == text
    lines = text.splitlines()
    lines[5] = lines[5].replace(lines[5].split(",")[2], "XXX", 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("season", "new", "--schedule", str(path), "--db", db, ok=False)
    assert result.exit_code != 0
    assert f"{path} line 6" in result.output and "XXX" in result.output
    assert len(sv.list_leagues(db)) == 1 and sv.season_info(db).number == 2


def test_player_by_name(tmp_path):
    db = str(tmp_path / "p.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--db", db)
    run("season", "sim", "--days", "2", "--db", db, "-q")
    name = sv.open_league(db).player("SAP01").name
    data = json.loads(run("player", name, "--db", db, "--json").output)
    assert data["id"] == "SAP01"
    data = json.loads(run("player", name.replace(" ", ""), "--db", db, "--json").output)
    assert data["id"] == "SAP01"
    # a Japanese keyboard's space between family and given name is full-width (U+3000)
    data = json.loads(run("player", name.replace(" ", "\u3000"), "--db", db, "--json").output)
    assert " " in name and data["id"] == "SAP01"


def test_player_by_his_english_name(tmp_path):
    """The name the league gives in English (nippon's name_en, what the app shows in English)
    finds him too, in any case; a part of it shared by several lists them."""
    db = str(tmp_path / "n.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon")
    english = {}
    for t in sv.open_league(db).teams:
        for p in t.players:
            if p.name_en:
                english.setdefault(p.name_en, []).append(p.id)
    name, [pid] = next((n, ids) for n, ids in english.items() if len(ids) == 1)
    for typed in (name, name.upper(), "  ".join(name.split())):
        assert json.loads(run("player", typed, "--db", db, "--json").output)["id"] == pid
    family = name.split()[-1]
    many = [i for n, ids in english.items() if family in n for i in ids]
    out = run("player", family, "--db", db, ok=False)
    if len(many) > 1:
        assert out.exit_code != 0 and "matches several players" in out.output
    else:
        assert json.loads(run("player", family, "--db", db, "--json").output)["id"] == many[0]
    # an empty or blank name is refused as no name, not "matches several players" (an empty
    # string is part of every English name)
    for typed in ("", "  "):
        out = run("player", typed, "--db", db, ok=False)
        assert out.exit_code == 2 and f"no player {typed!r} in this league" in out.output, \
            out.output
        assert "matches several" not in out.output


@pytest.mark.slow
def test_reading_while_a_simulation_writes(tmp_path):
    """The app reading and a CLI simulating on one SQLite file: no errors, nothing lost."""
    import subprocess
    import sys
    import time as _time

    db = str(tmp_path / "shared.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--games-per-opponent", "12", "--db", db)
    sv.close_all()
    proc = subprocess.Popen([sys.executable, "-c", "from tui.cli.main import main; main()",
                             "season", "sim", "--to-end", "-q", "--db", db],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reads = 0
    seen = []
    while proc.poll() is None and reads < 2000:
        view = sv.standings(db)
        assert sum(r.wins for r in view.rows) == sum(r.losses for r in view.rows)
        seen.append(view.final)
        reads += 1
        _time.sleep(0.005)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert seen == sorted(seen)
    assert sv.standings(db).final == 180
    # a second simulation of an already finished season has nothing to do
    again = json.loads(run("season", "sim", "--to-end", "--db", db, "--json").output)
    assert again["games"] == 0


def test_season_sim_printed_to_a_pipe_starts_with_its_answer(tmp_path):
    """Without -q, printed anywhere but a terminal (a pipe, a file, this runner), `season sim`
    and `odds` draw no progress bar: the bar had nothing to draw and left an empty line before
    the answer — also when the sim stopped early, at the season's end."""
    db = str(tmp_path / "p.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--seed", "5", "--games-per-opponent", "2", "--db", db)
    out = run("season", "sim", "--days", "2", "--db", db).output
    assert out.startswith("played 6 games on 2 days through"), out
    out = run("season", "sim", "--days", "200", "--db", db).output     # stops at the end
    assert out.startswith("played ") and out.rstrip().endswith("season finished"), out
    out = run("season", "sim", "--db", db).output
    assert out.startswith("nothing to play: the regular season is finished"), out
    out = run("odds", "--runs", "2", "--workers", "1", "--db", db).output
    assert out.splitlines()[0].strip(), out
