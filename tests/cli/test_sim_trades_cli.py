"""`impact season sim` tells the in-season trades it made as a person reads them — the clubs and
who goes where, by name and id, in the words of `impact trade list` (TradeView.text, one home:
league.offseason.trades.trade_text) — not as the keys "OSK:OSK11>SAP:SAP01"; --json keeps
`trades` (the keys) and adds `trades_made`, each as `impact trade list --json` gives one."""
from __future__ import annotations

import json
import shutil

from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

from league_db import trading_league

runner = CliRunner()
BEFORE = 21      # days of pacific's season 1 (seed 3) before its first trade day, 2026-04-21
LINE = "OSK send 吉田 雄大 (OSK11) to SAP for 柴田 修 (SAP01)"


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.stdout


def test_season_sim_names_the_trades_it_made(tmp_path):
    folder = trading_league(tmp_path, "pacific", "pac")
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pac", folder)
    sv.new_season(db, seed=3)
    sv.sim_days(db, days=BEFORE)
    sv.close_all()
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)
    text = _run("season", "sim", "--days", "1", "-q", "--db", db)
    assert "trades made: 1" in text
    assert f"  2026-04-21 {LINE}\n" in text
    assert ">" not in text and "OSK:OSK11" not in text          # no raw key
    # `impact trade list` says it in the same words
    assert f"season 1 2026-04-21: {LINE}" in _run("trade", "list", "--db", db)
    # --json: the keys as before, and each trade readable
    report = json.loads(_run("season", "sim", "--days", "1", "--json", "--db", str(copy)))
    assert report["trades"] == ["OSK:OSK11>SAP:SAP01"]
    [made] = report["trades_made"]
    assert made["text"] == LINE and made["key"] == "OSK:OSK11>SAP:SAP01"
    assert (made["team"], made["with"], made["day"]) == ("OSK", "SAP", "2026-04-21")
    assert made["gives"] == [{"player": "OSK11", "name": "吉田 雄大"}]
    assert made["gets"] == [{"player": "SAP01", "name": "柴田 修"}]
