"""The off-season as a new user walks it (issue 32): `impact offseason --help` gives the steps'
order and one line a command, `status` and each step say what to run next, a step waiting for
a person says the whole command that ends his turn."""
import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

from season_helpers import played_and_closed


@pytest.fixture
def db(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db)
    return played_and_closed(db)


def _run(db, *args):
    result = CliRunner().invoke(app, ["--db", db, *args])
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


def test_the_help_gives_the_order_and_one_line_a_command(db):
    text = _run(db, "offseason", "--help")
    assert "retire, draft, fa, trades, active-draft, foreign, finish" in text
    for line in ("1. Retirements and releases (§2).", "7. Growth and decline, the rosters, "
                 "the new season (§1, §7)."):
        assert line in text


def test_each_step_says_what_to_run_next(db):
    assert "next: `impact offseason retire`" in _run(db, "offseason", "status")
    assert "next: `impact offseason draft`" in _run(db, "offseason", "retire")
    drafting = _run(db, "offseason", "draft", "--team", "KYO")
    assert "next:" not in drafting and "`impact offseason pick --team KYO PLAYER`" in drafting
    text = _run(db, "offseason", "pick", "--team", "KYO", "--computer")
    assert "next: `impact offseason fa`" in text
    offering = _run(db, "offseason", "fa", "--team", "KYO")
    assert "then `impact offseason offer --team KYO --done`" in offering
    assert "next: `impact offseason trades`" in _run(db, "offseason", "offer", "--team", "KYO",
                                                       "--done")
    text = _run(db, "offseason", "trades")
    assert "  active-draft " in text and "next: `impact offseason active-draft`" in text
    assert "nobody listed (a league holds it with [draft] active = true" in _run(
        db, "offseason", "active-draft")
    assert "next: `impact offseason finish`" in _run(db, "offseason", "foreign")
