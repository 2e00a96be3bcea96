"""`impact player` heads a pitcher's innings as innings (ip 5 2/3), in the season and career
lines, the splits and the year-by-year page — never "outs" (issue 29)."""
from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


def test_player_heads_innings_as_ip(tmp_path):
    db = str(tmp_path / "p.sqlite3")
    run("league", "new", "pac", "--from", "pacific", "--db", db)
    run("season", "new", "--db", db)
    run("season", "sim", "--days", "8", "--db", db, "-q")
    starter = sv.team_roster(db, "SAP").rotation[0]
    outs = json.loads(run("player", starter, "--db", db, "--json"))["pitching"]["outs"]
    text = run("player", starter, "--db", db)
    assert "outs" not in text
    season = next(line for line in text.splitlines() if "pitching season:" in line)
    innings = re.search(r"\bip (\d+(?: \d/3)?|\d/3)\b", season)
    assert innings, season
    whole, third = divmod(outs, 3)
    assert innings.group(1) == (f"{whole} {third}/3" if third else str(whole))
    assert any(re.search(r"pitching (home|away|vs [LR]HP): .*\bip \d", line)
               for line in text.splitlines())
    career = run("player", starter, "--career", "--db", db)
    assert "outs" not in career
    assert re.search(r"pitching: season +team +.*\bip\b", career)
    # a first-year man's career line: "1 season", not "1 seasons", in the columns of the others
    lines = career.splitlines()
    total = next(line for line in lines if "通算" in line)
    assert re.search(r"通算 +1 season +\d", total), total
    from tui.cli.common import cells
    assert cells(total) == cells(next(line for line in lines if re.match(r" +1 \d{4} ", line)))
