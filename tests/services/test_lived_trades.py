"""`impact calibrate --lived N` counts every season's trades (issue 32, §6): with [trades]
in_season on, season one's trades in its season too — it has no off-season before it, and was
left out of the count."""
import json
import shutil

from typer.testing import CliRunner

from tui.cli.main import app


def test_season_one_s_in_season_trades_are_counted_and_printed(tmp_path):
    from storage.plainfiles import sample_league_path
    folder = tmp_path / "mini"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "\n[trades]\nin_season = true\n",
                    encoding="utf-8")
    args = ["calibrate", "--league", str(folder), "--lived", "2", "--seed", "1"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output      # 1: a C.3 band the mini league misses
    trades = json.loads(result.stdout)["trades"]
    assert [t["season"] for t in trades] == [1, 2]
    assert trades[0]["offseason"] == 0 and trades[0]["in_season"] > 0, trades
    text = CliRunner().invoke(app, [*args, "--quiet"]).output
    assert (f"トレード season 1: {trades[0]['in_season']} in the season (no off-season before "
            "it)") in text
    assert (f"トレード season 2: {trades[1]['offseason']} in the off-season before it, "
            f"{trades[1]['in_season']} in the season") in text
