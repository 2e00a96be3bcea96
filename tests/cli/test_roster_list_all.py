"""`impact roster list` with no TEAM: a newcomer who wanted to see the rosters was refused
("TEAM is missing") and had to learn the codes first. Now it lists every club's active roster
and farm, each under its team's name as `roster list TEAM` prints it, in the league's order of
its teams; `--json` is a list of what `roster list TEAM --json` gives, one a club."""
import json

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("rosters") / "l.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db)
    return db


def _run(db, *args):
    result = CliRunner().invoke(app, ["--db", db, "roster", "list", *args])
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def test_no_team_lists_every_club_in_the_league_s_order_as_each_alone(db):
    codes = [row.team for row in sv.standings(db).rows]
    order = [t.team for t in sv.league_farm(db)]
    assert sorted(order) == sorted(codes) and len(order) == 12
    every = _run(db)
    assert every == "\n".join(_run(db, code) for code in order)
    # the first club of the league first, under its name, as the app's Teams area opens on it
    first = sv.league_farm(db)[0]
    assert every.startswith(f"{first.team_name} ({first.team}), roster day ")


def test_no_team_json_is_a_list_one_club_each(db):
    clubs = json.loads(_run(db, "--json"))
    assert [c["team"] for c in clubs] == [t.team for t in sv.league_farm(db)]
    assert clubs == [json.loads(_run(db, c["team"], "--json")) for c in clubs]
    assert all(len(c["active"]) == 28 and len(c["farm"]) == 19 for c in clubs)


def test_a_team_named_still_lists_that_team_alone_in_any_case(db):
    one = _run(db, "ykh")
    assert one == _run(db, "YKH") and one.count("[一軍 active]") == 1
    assert one.startswith("港みらい横浜ベイランナーズ (YKH), roster day ")


def test_an_unknown_team_is_refused_in_the_words_every_command_uses(db):
    """`roster list ZZZ` said "league NIB has no team 'ZZZ'; its teams are EDO, YKH, …" (the
    league's code, the codes unsorted) where `leaders --team ZZZ` says "no team 'ZZZ' in this
    league (teams: CHB, EDO, …)": one wording now, the codes in order."""
    said = []
    for args in (["roster", "list", "ZZZ"], ["leaders", "--team", "ZZZ"]):
        result = CliRunner().invoke(app, ["--db", db, *args])
        assert result.exit_code == 2, result.output
        said.append(result.output.strip())
    codes = ", ".join(sorted(r.team for r in sv.standings(db).rows))
    assert said == [f"impact: no team 'ZZZ' in this league (teams: {codes})"] * 2
