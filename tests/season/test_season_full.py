"""A full season of the sample league through the CLI, read back and checked against its games;
replays from the stored rolls; the crash test (SIGKILL mid-season, then resume)."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter

import pytest
from typer.testing import CliRunner

from league.engine.boxscore import render, result_dict
from league.engine.game import BAT_FIELDS
from league.season.stats import add_batting
from storage import repository as repo
from storage.db import session
from tui import services as sv
from tui.cli.main import app

# a whole season of the sample league, and simulations killed and resumed in a child process
pytestmark = pytest.mark.slow

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result


@pytest.fixture(scope="module")
def season_db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("season") / "full.sqlite3")
    run("league", "new", "pac", "--from", "sample_leagues/pacific", "--db", db)
    run("season", "new", "--seed", "11", "--db", db)
    run("season", "sim", "--to-end", "--db", db)
    yield db
    sv.close_all()


def test_every_team_plays_a_full_season(season_db):
    view = json.loads(run("standings", "--db", season_db, "--json").output)
    assert view["final"] == view["games"] == 360
    rows = view["rows"]
    assert len(rows) == 6
    assert all(r["games"] >= 120 for r in rows)
    assert sum(r["wins"] for r in rows) == sum(r["losses"] for r in rows)
    assert sum(r["draws"] for r in rows) % 2 == 0
    assert sum(r["runs_for"] for r in rows) == sum(r["runs_against"] for r in rows)
    again = json.loads(run("season", "sim", "--to-end", "--db", season_db, "--json").output)
    assert again["games"] == 0 and again["remaining"] == 0


def test_season_totals_are_the_sums_of_the_game_lines(season_db):
    view = sv.standings(season_db)
    engine = sv.engine_for(season_db)
    with session(engine) as s:
        info = repo.find_season(session=s, league_id=repo.find_league(session=s).id)
        bat = repo.batting_lines(session=s, season_ids=[info.id])
        pit = repo.pitching_lines(session=s, season_ids=[info.id])
        games = repo.final_games(session=s, season_id=info.id)
    r_index = BAT_FIELDS.index("r")
    runs = Counter()
    for ln in bat:
        runs[ln.team] += ln.line[r_index]
    wins = Counter(ln.team for ln in pit if ln.decision == "W")
    losses = Counter(ln.team for ln in pit if ln.decision == "L")
    scored = Counter()
    for g in games:
        scored[g.away] += g.away_runs
        scored[g.home] += g.home_runs
    for row in view.rows:
        assert row.runs_for == runs[row.team] == scored[row.team]
        assert row.wins == wins[row.team]
        assert row.losses == losses[row.team]
    # a player's season line is the sum of his game lines, and the leader board agrees
    hr = BAT_FIELDS.index("hr")
    per_player = {}
    for ln in bat:
        per_player.setdefault(ln.player, []).append(ln.line)
    board = sv.leaders(season_db, kind="batting", stat="hr", limit=500)
    assert board.rows
    for row in board.rows:
        assert row.value == sum(line[hr] for line in per_player[row.player_id])
    someone = board.rows[0].player_id
    player = sv.player(season_db, someone)
    assert player.batting == add_batting(per_player[someone])
    assert player.career_batting == player.batting
    assert len(player.game_log) == player.batting.games
    era = sv.leaders(season_db, kind="pitching", stat="era")
    assert era.rows and all(r.stats.outs >= 3 * 120 for r in era.rows)


@pytest.mark.parametrize("number", [1, 2, 77, 200, 360])
def test_stored_game_replays_to_the_same_box_score(season_db, number):
    stored, again = sv.replay(season_db, number)
    assert render(again) == render(stored)
    a, b = result_dict(again, None), result_dict(stored, None)
    assert a == b
    box = sv.boxscore(season_db, number)
    assert box.text == render(stored, {t: n for t, n in sv.standings(season_db).names.items()})


def test_rest_is_carried(season_db):
    engine = sv.engine_for(season_db)
    with session(engine) as s:
        info = repo.find_season(session=s, league_id=repo.find_league(session=s).id)
        rest, last = repo.rest_state(session=s, season_id=info.id)
        pit = repo.pitching_lines(session=s, season_ids=[info.id])
    assert all(last.values())
    starts = Counter(ln.player for ln in pit if ln.started)
    # five-or-more man rotations: no starter takes more than a fair share of his team's starts
    per_team = Counter(ln.team for ln in pit if ln.started)
    for pid, n in starts.items():
        assert n <= per_team[pid[:3]] / 3
    assert set(rest) >= set(starts)


# --- the crash test ------------------------------------------------------------------------------


def _final_count(path: str) -> int:
    try:
        con = sqlite3.connect(path, timeout=5)
        try:
            return con.execute(
                "select count(*) from season_schedule where status = 'final'").fetchone()[0]
        finally:
            con.close()
    except sqlite3.OperationalError:
        return 0


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from tui.cli.main import main; main()", *args]


def test_killed_simulation_loses_nothing_and_resumes(tmp_path):
    killed = str(tmp_path / "killed.sqlite3")
    clean = str(tmp_path / "clean.sqlite3")
    for db in (killed, clean):
        run("league", "new", "pac", "--from", "pacific", "--db", db)
        run("season", "new", "--seed", "3", "--games-per-opponent", "12", "--db", db)
    sv.close_all()
    proc = subprocess.Popen(_cli("season", "sim", "--to-end", "-q", "--db", killed),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300   # a busy machine starts the subprocess slowly
    while _final_count(killed) < 40 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, proc.stderr.read() if proc.stderr else ""
    con = sqlite3.connect(killed)
    final = con.execute("select count(*) from season_schedule where status='final'").fetchone()[0]
    played = con.execute("select count(*) from game_game").fetchone()[0]
    with_lines = con.execute("select count(distinct game_id) from game_batting").fetchone()[0]
    with_pitching = con.execute("select count(distinct game_id) from game_pitching").fetchone()[0]
    orphans = con.execute("select count(*) from game_game g join season_schedule s on "
                          "s.id = g.schedule_id where s.status != 'final'").fetchone()[0]
    con.close()
    assert 40 <= final < 180, "killed too late to test anything"
    assert final == played == with_lines == with_pitching
    assert orphans == 0
    # resume the killed one, run the other without a stop: the same season
    resumed = json.loads(run("season", "sim", "--to-end", "--db", killed, "--json").output)
    assert resumed["games"] == 180 - final
    run("season", "sim", "--to-end", "--db", clean)
    a = json.loads(run("standings", "--db", killed, "--json").output)
    b = json.loads(run("standings", "--db", clean, "--json").output)
    assert a == b
    for number in (1, final, final + 1, 180):
        assert sv.boxscore(killed, number).data == sv.boxscore(clean, number).data


def test_interrupt_stops_between_games(tmp_path):
    db = str(tmp_path / "cancel.sqlite3")
    sv.create_league(db, "pac", "pacific")
    sv.new_season(db, games_per_opponent=6)
    asked = []     # cancel is asked before each game: the eighth time, it says stop
    calls = []     # progress comes as each day is stored (the day cut short too)
    report = sv.sim_days(db, to_end=True, cancel=lambda: asked.append(1) or len(asked) > 7,
                         progress=lambda done, total, slot: calls.append(done))
    assert report.stopped and report.games == 7 and calls == list(range(1, 8))
    assert sv.season_info(db).final == 7
    report = sv.sim_days(db, to_end=True)
    assert report.games == 90 - 7 and report.remaining == 0


def test_ctrl_c_stops_cleanly(tmp_path):
    """SIGINT (Ctrl-C) mid-season: one line, exit 130, every stored game whole, resumable."""
    db = str(tmp_path / "int.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--games-per-opponent", "12", "--db", db)
    sv.close_all()
    proc = subprocess.Popen(_cli("season", "sim", "--to-end", "-q", "--db", db),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300   # a busy machine starts the subprocess slowly
    while _final_count(db) < 20 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the season finished before the interrupt arrived")
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    con = sqlite3.connect(db)
    final = con.execute("select count(*) from season_schedule where status='final'").fetchone()[0]
    played = con.execute("select count(*) from game_game").fetchone()[0]
    lines = con.execute("select count(distinct game_id) from game_pitching").fetchone()[0]
    con.close()
    assert final == played == lines
    report = json.loads(run("season", "sim", "--to-end", "--db", db, "--json").output)
    assert report["games"] == 180 - final
