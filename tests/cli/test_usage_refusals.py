"""A new user's command line (issue 32): every usage error of `impact` — a ranged option out of
range (`--days 0`, `--seed 10**30`), a number that is not one (`--season abc`), an unknown
option or command, a missing argument — is one line naming the option, the value and what it
accepts, exit status 2, `{"error": ...}` on stderr when --json is on the command line, nothing
run or stored; never Typer's usage box. Help is still help. The commands are found by walking
the command tree, so a command added later with a ranged option is checked too."""
import functools
import json
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from tui.cli.main import app


@functools.cache
def _commands():
    """(path, command) for every command of `impact` (groups' leaves). Walked once a process:
    building the command tree takes some 30 ms of CPU, and the tests looked a command up twice
    for each option they try (4 of the module's 8 s)."""
    found = []

    def walk(cmd, path):
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                walk(sub, [*path, name])
        else:
            found.append((tuple(path), cmd))

    walk(typer.main.get_command(app), [])
    return tuple(found)


def _options(cmd):
    return {o: p for p in cmd.params if p.param_type_name == "option" for o in p.opts}


def _arguments(cmd):
    return ["1" for p in cmd.params if p.param_type_name == "argument" and p.required]


def _ranged():
    """(command words, option, its min, its max, whether the command takes --json) for every
    option of every command declared with a range (Typer's min/max)."""
    out = []
    for path, cmd in _commands():
        opts = _options(cmd)
        for p in cmd.params:
            info = getattr(getattr(p, "type_descriptor", None), "parameter_info", None)
            if p.param_type_name != "option" or info is None:
                continue
            if info.min is None and info.max is None:
                continue
            out.append((path, max(p.opts, key=len), info.min, info.max, "--json" in opts))
    return out


def _whole_numbers():
    """(command words, option, whether --json) for every option that takes a whole number."""
    out = []
    for path, cmd in _commands():
        opts = _options(cmd)
        for p in cmd.params:
            desc = getattr(p, "type_descriptor", None)
            if p.param_type_name == "option" and desc is not None and not p.is_flag and \
                    desc.annotation is int:
                out.append((path, max(p.opts, key=len), "--json" in opts))
    return out


def _span(low, high):
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _refused(db, args, words, *, json_too=True):
    """One line with `words` on stderr, exit 2, nothing on stdout, no usage box; with --json
    the same words as JSON on stderr."""
    result = CliRunner().invoke(app, ["--db", db, *args])
    assert result.exit_code == 2, (args, result.output, result.exception)
    assert not result.stdout and "Usage:" not in result.output and "─" not in result.output
    assert result.stderr.strip() == f"impact: {words}", (args, result.stderr)
    if json_too:
        result = CliRunner().invoke(app, ["--db", db, *args, "--json"])
        assert result.exit_code == 2 and not result.stdout, (args, result.output)
        assert json.loads(result.stderr) == {"error": words}


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "none.sqlite3")


def test_the_walk_finds_the_ranged_options():
    found = {(" ".join(path), opt) for path, opt, *_ in _ranged()}
    assert {("season sim", "--days"), ("history", "--limit"), ("sim game", "--seed"),
            ("sim game", "--count"), ("odds", "--runs"), ("serve", "--port"),
            ("season new", "--seed"), ("postseason sim", "--games")} <= found
    assert len(found) >= 20


def test_every_ranged_option_out_of_range_is_one_line(db):
    """`--days 0`, `--limit -5`, `--games 0`, `--seed -1`, `--seed 10**30`, `--runs 0`,
    `--port 70000`: each names the option, the value and the range, on every command."""
    for path, opt, low, high, takes_json in _ranged():
        for value in ([low - 1] if low is not None else []) + \
                ([high + 1, 10 ** 30] if high is not None else []):
            _refused(db, [*path, opt, str(value), *_arguments_of(path)],
                     f"{opt} {value}: must be {_span(low, high)}", json_too=takes_json)
    assert not Path(db).exists()        # nothing ran: no database made


def test_every_whole_number_option_refuses_a_word(db):
    """`--season abc` (and every option taking a whole number) named with what it takes."""
    seen = 0
    for path, opt, takes_json in _whole_numbers():
        cmd = dict((tuple(p), c) for p, c in _commands())[tuple(path)]
        info = next(p for p in cmd.params if opt in p.opts).type_descriptor.parameter_info
        low, high = (1, 100_000) if opt == "--season" else (info.min, info.max)  # `guarded`'s
        ranged = low is not None or high is not None
        words = "must be a whole number" + (f", {_span(low, high)}" if ranged else "")
        _refused(db, [*path, opt, "abc", *_arguments_of(path)], f"{opt} abc: {words}",
                 json_too=takes_json)
        seen += 1
    assert seen >= 30
    assert not Path(db).exists()


def _arguments_of(path):
    cmd = dict((tuple(p), c) for p, c in _commands())[tuple(path)]
    return _arguments(cmd)


def test_the_examples_of_the_issue(db):
    _refused(db, ["season", "sim", "--days", "0"], "--days 0: must be at least 1")
    _refused(db, ["standings", "--season", "abc"],
             "--season abc: must be a whole number, 1 to 100000")
    _refused(db, ["sim", "game", "--seed", str(10 ** 30)],
             f"--seed {10 ** 30}: must be at most 1000000000000")
    _refused(db, ["boxscore", "abc"], "boxscore: GAME abc: must be a whole number")


def test_an_unknown_command_or_option_names_it_and_where_to_look(db):
    _refused(db, ["standigns"], "no such command 'standigns'. Did you mean 'standings'? "
             "See `impact --help`")
    _refused(db, ["season", "foo"], "season: no such command 'foo'; see `impact season --help`")
    _refused(db, ["season", "sim", "--zzz"], "season sim: no such option --zzz; see "
             "`impact season sim --help`")
    _refused(db, ["season", "sim", "--dyas", "2"], "season sim: no such option --dyas "
             "(did you mean --days or --db or --odds?); see `impact season sim --help`")


def test_a_missing_argument_or_value_is_one_line(db):
    _refused(db, ["trade", "accept"], "trade accept: NUMBER is missing; see "
             "`impact trade accept --help`")
    _refused(db, ["trade", "accept", "1"], "trade accept: --team is missing; see "
             "`impact trade accept --help`")
    result = CliRunner().invoke(app, ["--db"])
    assert result.exit_code == 2 and result.stderr.strip() == (
        "impact: option '--db' requires an argument; see `impact --help`")


def test_help_is_still_help(db):
    for args in (["--help"], ["season", "--help"], ["season", "sim", "--help"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0 and "Usage:" in result.stdout, args
    result = CliRunner().invoke(app, ["season"])       # a group alone: its help
    assert "Usage: impact season" in result.output and "sim" in result.output


def test_every_group_lists_each_command_on_its_own_line_of_help():
    """A group's --help lists each command beside the first paragraph of its help, read as one
    line however its docstring is wrapped (typer kept the breaks there: `impact --help` showed
    "…the tiebreak used; per league" and "(リーグ) and 交流戦…" as two lines)."""
    root = typer.main.get_command(app)
    groups = [([], root)]
    seen = 0
    while groups:
        path, group = groups.pop()
        wide = CliRunner().invoke(app, [*path, "--help"], terminal_width=400,
                                  env={"COLUMNS": "400"})
        assert wide.exit_code == 0, path
        for name in group.commands:
            cmd = group.get_command(None, name)
            if getattr(cmd, "commands", None):
                groups.append(([*path, name], cmd))
            if cmd.hidden or not cmd.help:
                continue
            # its short help where it has one, else its docstring's first paragraph
            first = " ".join((cmd.short_help or cmd.help.partition("\f")[0].split("\n\n")[0]).split())
            row = next((line for line in wide.stdout.splitlines()
                        if line.strip("│ ").startswith(name + " ")), None)
            assert row is not None, (path, name)
            assert first[:60] in row and first[-30:] in row, (path, name, row)
            seen += 1
    assert seen > 40
