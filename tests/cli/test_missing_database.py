"""A --db naming a file that does not exist (a typo) is refused in one line naming the path, and
nothing is created: "The database a user names is the one that is used, for every command" —
never an empty one made in its place. The commands that make a league make the file."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tui.cli.main import app

from league_db import PG_URL, _fresh_engines, new_pg_database  # noqa: F401  (fixture)

runner = CliRunner()

# commands that only use a league already made (reading it, or changing it)
USING = [
    ["standings"], ["leaders"], ["boxscore", "1"], ["player", "KYO01"],
    ["history"], ["titles"], ["awards"], ["odds"], ["league", "list"],
    ["league", "export", "nippon"], ["season", "schedule"], ["season", "status"],
    ["season", "sim"], ["season", "new"], ["roster", "list"], ["stats", "teams"],
    ["trade", "list"], ["transaction", "list"], ["offseason", "status"], ["site", "--out", "OUT"],
    ["cards", "make", "--into", "nippon", "--batting", "b.csv"],
]


@pytest.mark.parametrize("words", USING, ids=" ".join)
def test_a_missing_file_is_named_and_not_made(tmp_path, words):
    missing = tmp_path / "nosuch.db"
    words = [str(tmp_path / w) if w in ("OUT", "b.csv") else w for w in words]
    result = runner.invoke(app, ["--db", str(missing), *words])
    assert result.exit_code == 2, result.output
    assert result.output.strip() == (
        f"impact: no database at {missing}: make a league there with "
        f"`impact --db {missing} league new NAME` (or check the path)")
    assert list(tmp_path.iterdir()) == [], "a file was made"


def test_the_refusal_is_json_with_json(tmp_path):
    missing = tmp_path / "nosuch.db"
    result = runner.invoke(app, ["leaders", "--db", str(missing), "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stderr)["error"].startswith(f"no database at {missing}:")
    assert not missing.exists()


def test_impact_db_naming_a_missing_file_is_refused_too(tmp_path, monkeypatch):
    missing = tmp_path / "typo.sqlite3"
    monkeypatch.setenv("IMPACT_DB", str(missing))
    result = runner.invoke(app, ["standings"])
    assert result.exit_code == 2 and f"no database at {missing}" in result.output
    assert not missing.exists()


def test_an_sqlite_url_naming_a_missing_file_is_refused(tmp_path):
    missing = tmp_path / "nosuch.db"
    result = runner.invoke(app, ["standings", "--db", f"sqlite:///{missing}"])
    assert result.exit_code == 2 and f"no database at {missing}" in result.output
    assert not missing.exists()


def test_the_commands_that_make_a_league_make_the_file(tmp_path):
    made = tmp_path / "new.db"
    result = runner.invoke(app, ["--db", str(made), "league", "new", "mini", "--from", "mini"])
    assert result.exit_code == 0, result.output
    assert made.is_file()
    listed = runner.invoke(app, ["--db", str(made), "league", "list", "--json"])
    assert [lg["name"] for lg in json.loads(listed.stdout)] == ["mini"]
    # a read of the league now made, with no season yet, says so (not "no database")
    result = runner.invoke(app, ["--db", str(made), "standings"])
    assert result.exit_code == 2 and "no season yet" in result.output


def test_the_default_file_missing_names_it_and_how_to_start(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("IMPACT_DB", raising=False)
    result = runner.invoke(app, ["standings"])
    assert result.exit_code == 2
    assert "no database at " in result.output and "league.sqlite3" in result.output
    assert "`impact league new NAME`" in result.output
    assert not list((tmp_path / "data").rglob("*.sqlite3"))


def test_league_list_with_nothing_named_and_nothing_made_is_no_leagues(tmp_path, monkeypatch):
    """A newcomer asking which leagues he has, before the app's first run: none, how to make
    one, exit 0, and still no file (a file he names is refused, as above)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("IMPACT_DB", raising=False)
    text = runner.invoke(app, ["league", "list"])
    assert text.exit_code == 0, text.output
    assert text.output.startswith("no leagues yet: `impact` opens the app")
    assert "impact league new NAME" in text.output
    listed = runner.invoke(app, ["league", "list", "--json"])
    assert listed.exit_code == 0 and json.loads(listed.stdout) == []
    assert not list((tmp_path / "data").rglob("*.sqlite3"))
    # once made, the default file's leagues are listed
    made = runner.invoke(app, ["league", "new", "mini", "--from", "mini"])
    assert made.exit_code == 0, made.output
    listed = runner.invoke(app, ["league", "list", "--json"])
    assert [lg["name"] for lg in json.loads(listed.stdout)] == ["mini"]


@pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")
def test_a_postgresql_url_is_opened_as_before():
    url = new_pg_database()
    result = runner.invoke(app, ["standings", "--db", url])
    assert result.exit_code == 2 and "no league yet" in result.output
