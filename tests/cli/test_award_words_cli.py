"""Awards and titles in words in the command line's text (issue 29: `best_nine:P` was shown):
`impact history` and `impact player --career` name them as the app does."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from tui.cli.main import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


def test_history_and_career_name_awards_and_titles_in_words(tmp_path):
    db = str(tmp_path / "h.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--games-per-opponent", "2", "--seed", "3", "--db", db)
    run("season", "sim", "--to-end", "-q", "--db", db)
    run("awards", "--accept", "--db", db)
    run("season", "close", "--db", db)
    text = run("history", "--db", db)
    assert not re.search(r"\b(best_nine|golden_glove|mvp|rookie|sawamura)\b", text), text
    assert "ベストナイン 投手" in text and "最優秀選手" in text
    awards = json.loads(run("awards", "--season", "1", "--db", db, "--json"))["awards"]
    nine = next(a for a in awards if a["award"] == "best_nine:P" and a["player"])
    career = run("player", nine["player"], "--career", "--db", db)
    assert "award: season 1 ベストナイン 投手" in career
    assert "best_nine" not in career and not re.search(r"title: season \d+ [a-z_]+$", career,
                                                       re.M)
