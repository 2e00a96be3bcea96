"""The off-season as a new user walks it (issue 32): `impact offseason --help` gives the steps'
order and one line a command, `status` and each step say what to run next, a step waiting for
a person says the whole command that ends his turn; each step prints what it decided, `status`
the whole picture."""
import json

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
    assert "トレード the computer's trades: " in text
    assert "next: `impact offseason active-draft`" in text
    assert "nobody listed (a league holds it with [draft] active = true" in _run(
        db, "offseason", "active-draft")
    assert "next: `impact offseason finish`" in _run(db, "offseason", "foreign")


def test_each_step_prints_what_it_decided_and_status_the_whole_picture(db):
    """Each step printed every step's state and all decided so far (free agency listed the
    retirements and the draft's picks again); now a step prints what it decided and what to run
    next, `status` the whole picture — and with --json the step's part alone, named by `step`,
    with where the off-season stands (`steps`, `current`)."""
    retire = _run(db, "offseason", "retire")
    assert retire.splitlines()[0] == ("the off-season after season 1, before 2027 — 引退・戦力外 "
                                      "retirements and releases (§2): 済 done")
    assert "引退・戦力外 retirements and releases: " in retire
    _run(db, "offseason", "draft")
    fa = _run(db, "offseason", "fa")
    assert "FA rights this off-season: " in fa and "next: `impact offseason trades`" in fa
    for elsewhere in ("  retire ", "引退・戦力外 retirements and releases: ",
                      "ドラフト the draft: ", "トレード the computer's trades: "):
        assert elsewhere not in fa, elsewhere
    trades = json.loads(_run(db, "offseason", "trades", "--json"))
    assert set(trades) == {"season", "year", "step", "steps", "current", "trades"}
    assert trades["step"] == "trades" and trades["current"] == "active_draft"
    assert "トレード the computer's trades: " in _run(db, "offseason", "trades")  # again: shown
    status = _run(db, "offseason", "status")
    for part in ("  retire ", "  finish ", "引退・戦力外 retirements and releases: ",
                 "ドラフト the draft: order", "FA rights this off-season: ",
                 "トレード the computer's trades: ", "next: `impact offseason active-draft`"):
        assert part in status, part
    whole = json.loads(_run(db, "offseason", "status", "--json"))
    assert "step" not in whole and whole["trades"] == trades["trades"]
    assert whole["departures"] == json.loads(_run(db, "offseason", "retire", "--json"))[
        "departures"]
    assert whole["fa"] == json.loads(_run(db, "offseason", "fa", "--json"))["fa"]
