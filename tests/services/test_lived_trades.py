"""`impact calibrate --lived N` counts every season's trades (issue 32, §6): with [trades]
in_season on, season one's trades in its season too — it has no off-season before it, and was
left out of the count."""
import json

import pytest
from typer.testing import CliRunner

from tui.cli.main import app
from tui.services.lived import lived

from league_db import trading_league


def test_season_one_s_in_season_trades_are_counted_and_printed(tmp_path):
    folder = trading_league(tmp_path, "mini", "mini")
    # a seed whose first season has a trade in it (the seeds' seasons change with the engine)
    for seed in range(1, 9):
        out = lived(folder, 1, seed=seed)
        if out.trades and out.trades[0][2]:
            break
    else:
        pytest.fail("no in-season trade in season one of the mini league over seeds 1-8")
    n = out.trades[0][2]
    assert out.trades == ((1, 0, n, 0),)                 # none after the deadline
    args = ["calibrate", "--league", str(folder), "--lived", "1", "--seed", str(seed)]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output      # 1: a C.3 band the mini league misses
    assert json.loads(result.stdout)["trades"] == [{"season": 1, "offseason": 0,
                                                    "in_season": n, "after_deadline": 0}]
    text = CliRunner().invoke(app, [*args, "--quiet"]).output
    assert f"トレード season 1: {n} in the season (no off-season before it)" in text
