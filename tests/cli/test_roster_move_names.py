"""`impact roster up` / `down` name a player as every other command does (README: "a player by
his id in any case, his name or a unique part of it"): `impact player edo40` found him, but
`impact roster up edo40` said "no player 'edo40' in league 日本インパクト野球機構 (give his id)",
and an unknown or blank name got those words instead of the league's one line for it."""
import json

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

UNKNOWN = "no player {!r} in this league (give an id such as SAP01 or a name)"


@pytest.fixture()
def db(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db)
    return db


def _run(db, *args):
    return CliRunner().invoke(app, ["--db", db, "roster", *args])


def _status(db, pid):
    team = json.loads(_run(db, "list", pid[:3], "--json").stdout)
    return next(k for k in ("active", "farm") for e in team[k] if e["id"] == pid)


def test_a_call_up_and_a_demotion_take_the_id_in_any_case_and_a_unique_name(db):
    farm = json.loads(_run(db, "list", "EDO", "--json").stdout)["farm"][0]
    pid, name = farm["id"], farm["name"]
    out = _run(db, "up", pid.lower(), "--json")
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["player"] == pid and _status(db, pid) == "active"
    out = _run(db, "down", name.replace(" ", ""))       # his name written without its space
    assert out.exit_code == 0, out.output
    assert out.stdout.startswith(f"{pid} (EDO) sent down to the farm") and _status(db, pid) == "farm"


@pytest.mark.parametrize("ref", ["nobody", "", "  "])
def test_an_unknown_or_blank_player_is_the_league_s_one_line(db, ref):
    for move in ("up", "down"):
        out = _run(db, move, ref)
        assert out.exit_code == 2 and not out.stdout
        assert out.stderr.strip() == "impact: " + UNKNOWN.format(ref.strip()), out.output
        out = _run(db, move, ref, "--json")
        assert json.loads(out.stderr) == {"error": UNKNOWN.format(ref.strip())}


def test_a_name_several_men_share_lists_them_and_moves_nobody(db):
    before = json.loads(_run(db, "list", "--json").stdout)
    out = _run(db, "up", "阿部")
    assert out.exit_code == 2 and "'阿部' matches several players: " in out.stderr
    assert json.loads(_run(db, "list", "--json").stdout) == before
