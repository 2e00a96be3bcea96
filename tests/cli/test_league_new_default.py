"""`impact league new NAME` without --from: the sample league of that name when there is one
(`impact league new pacific` is the six-team パシフィック league a newcomer asks for, as the
app's first run opens it), else the bundled 12-team league nippon, as always."""
import json

import pytest
from typer.testing import CliRunner

from tui.cli.main import app


def _new(db, *args):
    result = CliRunner().invoke(app, ["--db", db, "league", "new", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("name, code, teams", [
    ("pacific", "PAC", 6), ("mini", "MINI", 2), ("nippon", "NIB", 12), ("mine", "NIB", 12)])
def test_a_new_league_without_from_is_the_sample_of_its_name_else_nippon(tmp_path, name, code, teams):
    made = _new(str(tmp_path / "l.sqlite3"), name)
    assert (made["name"], made["code"], made["teams"]) == (name, code, teams)


def test_from_still_chooses(tmp_path):
    made = _new(str(tmp_path / "l.sqlite3"), "pacific", "--from", "nippon")
    assert (made["code"], made["teams"]) == ("NIB", 12)


def test_a_folder_of_the_same_name_beside_the_user_is_not_read(tmp_path, monkeypatch):
    # the sample, not a folder ./pacific that happens to be where the command runs
    (tmp_path / "pacific").mkdir()
    monkeypatch.chdir(tmp_path)
    made = _new(str(tmp_path / "l.sqlite3"), "pacific")
    assert (made["code"], made["teams"]) == ("PAC", 6)
