"""The README is where a newcomer learns what `impact` does: every command of `impact --help`'s
tree is named there, and every option of each by one of its names (`--out` or `-o`,
`--plays/--no-plays` by either). `impact league import --name`, `season new --series-length`,
`--start` and `--cards`, `standings --gb-above`, `sim game --typed` and seven options of `cards
make` existed with no word in it."""
import re
from pathlib import Path

import typer.main

from tui.cli.main import app

README = Path(__file__).parents[2] / "README.md"


def _leaves():
    def walk(cmd, path):
        subs = getattr(cmd, "commands", {})
        if not subs:
            yield path, cmd
        for name, sub in subs.items():
            yield from walk(sub, [*path, name])
    yield from walk(typer.main.get_command(app), [])


def _text() -> str:
    return " ".join(README.read_text(encoding="utf-8").replace("\\|", "|").split())


def test_every_command_is_named_in_the_readme():
    text = _text()
    spans = re.findall(r"`(impact [^`]*)`", text)
    missing = []
    for path, _cmd in _leaves():
        full = "impact " + " ".join(path)
        group = "impact " + " ".join(path[:-1]) + " "
        # `impact league list`, or one of a group's commands written together:
        # `impact postseason start|sim [--games N]|status`
        if full in text or any(s.startswith(group) and re.search(
                rf"(?<![\w-]){re.escape(path[-1])}(?![\w-])", s[len(group):]) for s in spans):
            continue
        missing.append(full)
    assert not missing, missing


def test_every_option_is_named_in_the_readme():
    words = set(re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", _text()))
    missing = []
    for path, cmd in _leaves():
        for p in cmd.params:
            if p.param_type_name != "option":
                continue
            names = [*p.opts, *getattr(p, "secondary_opts", [])]
            if "--help" in names or any(n in words for n in names):
                continue
            missing.append(f"impact {' '.join(path)} {'/'.join(names)}")
    assert not missing, missing
