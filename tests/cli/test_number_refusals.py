"""A new user's numbers on the command line (issue 32): a season out of range (`--season 0`,
`--season 1000000000`) on every command that takes `--season`, and a negative or zero number
where a command takes one as its argument (`impact trade accept -1`) — each one line naming
what was wrong, exit status 2, `{"error": ...}` on stderr with --json, nothing stored; never
Typer's usage box ('No such option: -1') or a traceback."""
import json

import pytest
import typer.main
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("numbers") / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db)
    sv.sim_days(db, days=2)
    return db


def _season_commands() -> list[tuple[list[str], bool]]:
    """Every command of `impact` taking the shared `--season` option (a number, not
    `impact bench --season`'s flag), with a value for each argument it needs; and whether it
    takes --json."""
    found = []

    def walk(cmd, path):
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, [*path, name])
        opts = {o: p for p in cmd.params if p.param_type_name == "option" for o in p.opts}
        if "--season" in opts and not opts["--season"].is_flag:
            needed = [p for p in cmd.params if p.param_type_name == "argument" and p.required]
            found.append(([*path, *["1"] * len(needed)], "--json" in opts))

    walk(typer.main.get_command(app), [])
    return found


def _refused(db, args, words, *, json_too=True):
    """One line with `words` on stderr, exit 2; with --json the same words as JSON."""
    result = CliRunner().invoke(app, ["--db", db, *args])
    assert result.exit_code == 2, (args, result.output, result.exception)
    assert not result.stdout and "Usage:" not in result.output, result.output
    assert result.stderr.strip() == f"impact: {words}", result.output
    if json_too:
        result = CliRunner().invoke(app, ["--db", db, *args, "--json"])
        assert result.exit_code == 2 and not result.stdout, result.output
        assert json.loads(result.stderr) == {"error": words}


def test_every_command_that_takes_a_season_is_found():
    names = {" ".join(a[:2] if a[0] in ("season", "stats", "roster", "trade", "offseason",
                                         "postseason") else a[:1]) for a, _j in _season_commands()}
    assert {"standings", "leaders", "boxscore", "player", "odds", "titles", "awards",
            "season sim", "season status", "trade list", "offseason show", "roster list",
            "stats teams"} <= names


@pytest.mark.parametrize("season", ["0", "-1", "100001", "1000000000", str(10 ** 20)])
def test_a_season_out_of_range_is_one_line_naming_the_option_and_the_range(db, season):
    """`--season 0` showed Typer's usage box on every command that takes it."""
    before = sv.standings(db).rows
    for args, takes_json in _season_commands():
        _refused(db, [*args, "--season", season],
                 f"--season {season}: must be 1 to 100000", json_too=takes_json)
    assert sv.standings(db).rows == before      # `season sim --season 0` played nothing


def test_a_season_in_range_still_answers(db):
    result = CliRunner().invoke(app, ["--db", db, "standings", "--season", "1", "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["rows"]
    _refused(db, ["standings", "--season", "2"], "league mini has no season 2")


@pytest.mark.parametrize("number", ["-1", "0", "-1000000000"])
def test_a_negative_or_zero_number_is_the_command_s_argument_refused_in_its_words(db, number):
    """`impact trade accept -1` was read by Click as an unknown option ('No such option: -1')."""
    _refused(db, ["trade", "accept", number, "--team", "KYO"],
             f"trade: no proposal {number} to KYO (there are 0: `impact trade proposals "
             "--team KYO`)")
    _refused(db, ["trade", "refuse", "--team", "KYO", number],
             f"trade: no proposal {number} to KYO (there are 0: `impact trade proposals "
             "--team KYO`)")
    _refused(db, ["boxscore", number], f"no game {number} in this season")
    _refused(db, ["league", "void", number], f"no saved game {number}")


def test_an_option_s_negative_value_and_an_unknown_option_stay_what_they_were(db):
    """Only an argument is read as a number: `--team -1` is the option's value, and a
    misspelt option is still named as one."""
    _refused(db, ["trade", "accept", "-1", "--team", "-1"],
             "trade: no club '-1' in this league (the clubs are KYO, KOB)", json_too=False)
    _refused(db, ["trade", "accept", "-1", "--bogus"],
             "trade accept: no such option --bogus; see `impact trade accept --help`",
             json_too=False)


@pytest.mark.parametrize("number", [str(10 ** 23), str(-10 ** 23), str(2 ** 63)])
def test_a_number_no_database_holds_is_refused_in_the_command_s_words(db, number):
    """`impact boxscore 10**23` said 'a number is too large to store: Python int too large to
    convert to SQLite INTEGER': no game has that number, so the command says so."""
    _refused(db, ["boxscore", number], f"no game {number} in this season")
    _refused(db, ["league", "void", number], f"no saved game {number}")
    _refused(db, ["trade", "accept", number, "--team", "KYO"],
             f"trade: no proposal {number} to KYO (there are 0: `impact trade proposals "
             "--team KYO`)")
