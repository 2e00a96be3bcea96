"""`impact standings` as the papers print a team level with the leader: its ゲーム差 "-" as the
leader's (no games to make up), its 貯金 "0" (not "+0"); `--gb-above` heads its 差 column as
counted from the team above (直上差) and prints a level team "0.0" there. `--json` keeps the
figures (games_behind 0.0, savings 0)."""
import json

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

runner = CliRunner()


@pytest.fixture(scope="module")
def level(tmp_path_factory):
    """The mini league after two days of seed 2: KYO 1-1 and KOB 1-1, level."""
    db = str(tmp_path_factory.mktemp("level") / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini", seed=2)
    sv.sim_days(db, days=2)
    rows = sv.standings(db).rows
    assert [(r.wins, r.losses, r.games_behind, r.savings) for r in rows] == [
        (1, 1, None, 0), (1, 1, 0.0, 0)]
    return db


def _table(out: str) -> list[list[str]]:
    lines = out.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith("順位"))
    return [lines[head].split()] + [ln.split() for ln in lines[head + 1:] if ln.strip()]


def test_a_level_team_prints_no_games_behind_and_zero_savings(level):
    result = runner.invoke(app, ["standings", "--db", level])
    assert result.exit_code == 0, result.output
    head, *rows = _table(result.output)
    gb, savings = head.index("差"), head.index("貯金")
    assert [(r[gb], r[savings]) for r in rows] == [("-", "0"), ("-", "0")], result.output
    assert "+0" not in result.output and "0.0" not in result.output


def test_from_the_team_above_the_heading_says_so(level):
    result = runner.invoke(app, ["standings", "--gb-above", "--db", level])
    assert result.exit_code == 0, result.output
    assert "(ゲーム差: 直上のチームから / GB from the team above)" in result.output.splitlines()[0]
    head, *rows = _table(result.output)
    assert "直上差" in head and "差" not in head
    gb = head.index("直上差")
    assert [r[gb] for r in rows] == ["-", "0.0"], result.output
    # the plain table's heading is as it was
    plain = runner.invoke(app, ["standings", "--db", level]).output
    assert "  勝率  差    貯金 連続" in plain


def test_json_keeps_the_figures(level):
    result = runner.invoke(app, ["standings", "--json", "--db", level])
    rows = json.loads(result.output)["rows"]
    assert [(r["games_behind"], r["savings"]) for r in rows] == [(None, 0), (0.0, 0)]
