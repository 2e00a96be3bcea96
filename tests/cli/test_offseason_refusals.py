"""A person's bad input to `impact offseason ...` and `impact trade ...` (issue 32): an unknown
club, an empty one, a club in lower case, absurd years (0, -1, 10**9), a player of another club —
each one line naming what and where, exit status 2, JSON with --json ({"error": ...} on
stderr), nothing stored, never Typer's usage box or a traceback."""
import json
import shutil

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

from season_helpers import played_and_closed


@pytest.fixture(scope="module")
def fa_open(tmp_path_factory):
    """The mini league's season closed, its off-season run to free agency open for KYO."""
    db = tmp_path_factory.mktemp("fa") / "l.sqlite3"
    sv.create_league(str(db), "mini", "mini")
    # seed 4: an off-season (keyed by the league and this seed, league.offseason.people.life)
    # in which KYO's own men declare FA — drawn, what the refusals below need
    sv.new_season(str(db), seed=4)
    played_and_closed(str(db))
    sv.offseason_step(str(db), None, "retire")
    sv.offseason_step(str(db), None, "draft")
    sv.offseason_step(str(db), None, "fa", people=["KYO"])
    return db


@pytest.fixture
def db(fa_open, tmp_path):
    path = tmp_path / "l.sqlite3"
    for tail in ("", "-wal", "-shm"):   # the closed league as it is stored (its log too)
        if fa_open.with_name(fa_open.name + tail).exists():
            shutil.copy(fa_open.with_name(fa_open.name + tail), path.with_name(path.name + tail))
    return str(path)


def _run(db, *args, code=0):
    result = CliRunner().invoke(app, ["--db", db, *args])
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output and "Usage:" not in result.output, result.output
    return result


def _refused(db, args, words):
    """One line with `words`, exit 2, nothing stored; the same as JSON with --json."""
    before = sv.offseason_steps(db).as_dict()
    text = _run(db, *args, code=2).output.strip()
    assert len(text.splitlines()) == 1 and words in text, text
    assert text.startswith("impact: ")
    result = _run(db, *args, "--json", code=2)
    shown = result.stderr.strip()   # stdout holds only a command's answer
    assert len(shown.splitlines()) == 1 and not result.stdout, result.output
    assert json.loads(shown) == {"error": text.removeprefix("impact: ")}
    assert sv.offseason_steps(db).as_dict() == before


def _agent(db):
    view = sv.offseason_steps(db)
    return next(a.player for a in view.agents if dict(a.roles).get("KYO"))


@pytest.mark.parametrize("team", ["XXX", "", "sap", "  "])
def test_an_unknown_club_is_named_with_the_league_s_clubs_in_every_command(db, team):
    """`sign --team XXX` said 'XXX is the computer's club'; now every command taking a club
    says there is no such club, and which clubs there are — before what the step would say."""
    words = "no such club (the clubs are KYO, KOB)"
    for args in (["offseason", "sign", "--team", team, "P"],
                 ["offseason", "release", "--team", team, "P"],
                 ["offseason", "offer", "--team", team, "P"],
                 ["offseason", "pick", "--team", team, "P"],
                 ["offseason", "fa", "--team", team],
                 ["offseason", "draft", "--team", team],
                 ["offseason", "foreign", "--team", team]):
        _refused(db, args, words)


def test_a_club_in_lower_case_is_the_club(db):
    agent = _agent(db)
    out = json.loads(_run(db, "offseason", "offer", "--team", "kyo", agent, "--role", "BENCH",
                          "--years", "1", "--json").output)
    made = [a for a in out["fa"]["agents"] if a["player"] == agent][0]
    assert made["offers"] == [{"team": "KYO", "role": "bench", "years": 1}]


@pytest.mark.parametrize("years", ["0", "-1", str(10 ** 9), str(10 ** 20)])
def test_absurd_years_are_one_line_from_the_rule_not_typer_s_usage_box(db, years):
    """--years 0 showed Typer's usage box (its min=1): the range is checked in one home,
    league.offseason.free_agency.offer_refusal, with the role's most years named — one year
    as one year only (it said 'is 1 to 1 years')."""
    _refused(db, ["offseason", "offer", "--team", "KYO", _agent(db), "--role", "bench",
                  "--years", years], f"as bench is for 1 year only, not {int(years)}")


def test_a_role_that_is_no_role_and_a_player_of_another_kind(db):
    agent = _agent(db)
    _refused(db, ["offseason", "offer", "--team", "KYO", agent, "--role", "pitcher"],
             "not 'pitcher'")
    _refused(db, ["offseason", "offer", "--team", "KYO", "KYO01"],
             "KYO01: not a declared free agent of 2027")
    _refused(db, ["offseason", "offer", "--team", "KYO"], "give PLAYER, --done or --computer")
    _refused(db, ["offseason", "offer", "--team", "KYO", agent, "--done"],
             "give PLAYER, --done or --computer (one of them)")
    _refused(db, ["offseason", "offer", "--team", "KOB", agent],
             "KOB is the computer's club in this free agency")
    _refused(db, ["offseason", "status", "--top", "-1"], "--top -1: give 0 (all) or more")
    _refused(db, ["offseason", "pick", "--team", "KYO", "--stop"],
             "KYO is the computer's club in this draft")


def test_the_trade_commands_refuse_in_one_line_and_in_json(db):
    for args, words in ((["trade", "offer", "--team", "XXX", "--with", "KOB", "--give", "KYO01",
                          "--get", "KOB01"], "no club 'XXX' in this league"),
                        (["trade", "offer", "--team", "KYO", "--with", "KOB", "--give", "KOB01",
                          "--get", "KYO01"], "(KOB01) is not on KYO (he is on KOB)"),
                        (["trade", "offer", "--team", "KYO", "--with", "KOB", "--give", "",
                          "--get", "KOB01"], "no player '' in this league"),
                        (["trade", "proposals", "--team", ""], "give your club (--team)"),
                        (["trade", "accept", "1000000000", "--team", "KYO"],
                         "no proposal 1000000000 to KYO")):
        before = sv.trade_list(db)
        text = _run(db, *args, code=2).output.strip()
        assert len(text.splitlines()) == 1 and words in text, text
        assert json.loads(_run(db, *args, "--json", code=2).stderr)["error"] in text
        assert sv.trade_list(db) == before


@pytest.mark.parametrize("season", [0, -1, 10 ** 9])
def test_a_season_that_is_none_is_named_in_the_refusal(db, season):
    """The trades of season 0 were refused as 'league mini has no season' (0 dropped)."""
    from tui.services.db import ServiceError
    with pytest.raises(ServiceError, match=f"has no season {season}$"):
        sv.trade_list(db, None, season)
