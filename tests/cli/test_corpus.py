"""Issue 10 part 4: every malformed input in tests/corpus is refused with ONE line naming the
file, the place and the problem; exit code 2, no traceback, no "internal error", and the
database unchanged. The corpus is written by tests/corpus/generate.py (one defect per file,
on top of the good inputs in tests/corpus/_base, which are accepted)."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from storage.plainfiles import sample_league_path
from tui import services as sv
from tui.cli.main import app

from league_db import _fresh_engines  # noqa: F401  (fixture)

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
CASES: dict[str, dict] = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))
MINI = str(sample_league_path("mini"))
runner = CliRunner()


@pytest.fixture(scope="module")
def league_db(tmp_path_factory):
    """A database with a league and a season under way: imports must leave it as it was."""
    db = str(tmp_path_factory.mktemp("corpus") / "league.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini", games_per_opponent=2)
    sv.sim_days(db, "mini", days=1)
    sv.close_all()
    return db


@pytest.fixture(scope="module")
def seasonless_db(tmp_path_factory):
    """A league with no season yet: schedules are read for its first season."""
    db = str(tmp_path_factory.mktemp("corpus") / "seasonless.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.close_all()
    return db


def dump(db: str) -> str:
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


def arguments(command: str, path: Path, db: str) -> list[str]:
    if command == "league import":
        return ["league", "import", str(path), "--name", "imported", "--db", db]
    if command == "rules check":
        return ["rules", "check", str(path)]
    if command == "referee":
        return ["referee", str(path)]
    if command in ("troop play", "troop score"):
        return ["troop", command.split()[1], str(path)]
    if command == "season new --schedule":
        return ["season", "new", "--schedule", str(path), "--league", "mini", "--db", db]
    if command == "sim game --rolls":
        return ["sim", "game", "--league", MINI, "--rolls", str(path), "--no-plays"]
    raise AssertionError(command)


def test_the_corpus_is_large_and_covers_every_kind_of_input():
    kinds = {rel.split("/")[0] for rel in CASES}
    assert len(CASES) >= 150
    assert {"league_folder", "league_json", "ruleset", "referee", "troop", "slips"} <= kinds
    for rel in CASES:
        assert (CORPUS / rel).exists(), rel


@pytest.mark.parametrize("rel", sorted(CASES))
def test_each_malformed_input_is_refused_with_one_line(rel, league_db, seasonless_db):
    case = CASES[rel]
    path = CORPUS / rel
    if case["command"] == "season new --schedule":
        league_db = seasonless_db
    before = dump(league_db)
    result = runner.invoke(app, arguments(case["command"], path, league_db))
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert len(lines) == 1, result.stderr
    line = lines[0]
    assert path.name in line, line                      # the file
    assert case["expect"] in line, line                 # the place and the problem
    assert "Traceback" not in result.output and "internal error" not in line
    assert dump(league_db) == before, "the database changed"


BASES = {
    "league import": CORPUS / "_base" / "league_folder",
    "league import json": CORPUS / "_base" / "league.json",
    "rules check": CORPUS / "_base" / "ruleset.toml",
    "referee": CORPUS / "_base" / "referee.json",
    "troop play": CORPUS / "_base" / "troop_play.json",
    "troop score": CORPUS / "_base" / "troop_score.json",
    "season new --schedule": CORPUS / "_base" / "schedule.csv",
    "sim game --rolls": CORPUS / "_base" / "rolls.txt",
}


@pytest.mark.parametrize("command", sorted(BASES))
def test_the_good_inputs_the_corpus_is_made_from_are_accepted(command, tmp_path):
    db = str(tmp_path / "ok.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.close_all()
    args = arguments(command.removesuffix(" json"), BASES[command], db)
    if command == "sim game --rolls":
        # three rolls do not finish a game: the refusal names the rolls file, not a line of it
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "rolls used" in result.stderr
        return
    result = runner.invoke(app, args)
    assert result.exit_code == 0, (result.output, result.exception)


def test_output_piped_into_head_ends_quietly(tmp_path):
    db = str(tmp_path / "pipe.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini")
    sv.close_all()
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run(
        f"{sys.executable} -m tui season schedule --db {db} | head -n 1",
        shell=True, cwd=root, capture_output=True, text=True, timeout=120,
        env={**os.environ, "PYTHONPATH": str(root)})
    assert proc.stdout.count("\n") == 1
    assert proc.stderr == "", proc.stderr


@pytest.mark.parametrize("args", [
    ["boxscore", "9" * 30],
    ["boxscore", "1", "--season", "9" * 30],
    ["season", "new", "--seed", "9" * 30],
    ["season", "new", "--seed", "9" * 5000],
    ["player", "SAP01", "--season", "-1"],
    ["leaders", "batting", "--limit", "0"],
])
def test_numbers_on_the_command_line_are_refused_plainly(args, league_db):
    before = dump(league_db)
    result = runner.invoke(app, args + ["--db", league_db])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert dump(league_db) == before
