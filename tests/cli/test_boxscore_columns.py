"""A box score's batting and pitching tables keep every figure under its heading whatever the
names' widths: a name wider than the column (ライアン・テイラー, 18 cells, where the column held
15) pushed that man's figures to the right in `impact boxscore` and the app's box score. The
names' column is as wide as the widest name; every row of a table is as wide as its heading."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from league.engine.boxscore import render
from tui import services as sv
from tui.cli.common import cells
from tui.cli.main import app

runner = CliRunner()


def test_every_row_of_a_box_score_table_is_as_wide_as_its_heading(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon", seed=1)
    sv.sim_days(db, "nippon", days=2)
    widest = 0
    for game in range(1, 13):
        box = json.loads(runner.invoke(app, ["boxscore", str(game), "--no-plays", "--json",
                                             "--db", db]).stdout)
        widest = max([widest] + [cells(b["name"]) for b in box["batting"]])
        result = sv.boxscore(db, game, "nippon").result
        texts = (runner.invoke(app, ["boxscore", str(game), "--no-plays", "--db", db]).stdout,
                 render(result, plays=False, english=True))
        for text in texts:
            lines = text.splitlines()
            heads = [i for i, ln in enumerate(lines) if "打数" in ln or "回   打者" in ln
                     or ln.endswith("   AB    R    H  RBI   SO   BB   SB    E")
                     or ln.endswith("    IP    BF    H   HR   BB   SO    R   ER")]
            assert len(heads) == 4, text
            for h in heads:
                width = cells(lines[h])
                for row in lines[h + 1:]:
                    if not row.strip():
                        break
                    assert cells(row) == width, (game, lines[h], row)
    assert widest > 15, "no name wider than the old column: the test shows nothing"
