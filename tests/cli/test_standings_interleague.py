"""Before an interleague (交流戦) game is played the 交流戦 table is not shown — every team at
0-0 ranked 1 to 6 says nothing — only the day it begins, as NPB's sites say it ("交流戦は5月26日
開幕"); from its first game the table stands under the leagues' tables. --json keeps the rows
and says how many interleague games were played and the day the first is scheduled."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from tui import services
from tui.cli.main import app
from tui.site.generator import build_site

from season_helpers import small_league

runner = CliRunner()


def _standings(db: str) -> tuple[str, dict]:
    text = runner.invoke(app, ["--db", db, "standings"])
    data = runner.invoke(app, ["--db", db, "standings", "--json"])
    assert text.exit_code == data.exit_code == 0, text.output + data.output
    return text.output, json.loads(data.stdout)


def test_the_interleague_table_stands_from_the_first_interleague_game(tmp_path):
    db = small_league(tmp_path, days=1)
    lg = services.open_league(db)
    first = min(d for d, games in services.schedule_days(db)
                if any(lg.interleague(g.away, g.home) for g in games))
    text, data = _standings(db)
    assert data["interleague_played"] == 0
    assert data["interleague_from"] == first.isoformat()
    assert len(data["interleague"]) == 6        # the rows kept, every one 0-0
    note = f"交流戦は{first.month}月{first.day}日開幕 (まだ試合がありません)"
    assert text.rstrip().endswith(note)
    assert "\n交流戦\n" not in text and text.count("順位 チーム") == 2
    build_site(db, None, tmp_path / "site", workers=0)
    page = (tmp_path / "site" / "standings-1.html").read_text(encoding="utf-8")
    assert note in page and 'data-table="interleague"' not in page
    # play on to the first interleague day: the table, and the note gone
    while (day := services.standings(db).next_day) is not None and day <= first:
        services.sim_days(db, days=1)
    text, data = _standings(db)
    played = [g for _, games in services.schedule_days(db) for g in games
              if g.status == "final" and lg.interleague(g.away, g.home)]
    assert data["interleague_played"] == len(played) > 0
    assert "\n交流戦\n" in text and "開幕" not in text and text.count("順位 チーム") == 3
    assert sum(r["games"] for r in data["interleague"]) == 2 * len(played)
    build_site(db, None, tmp_path / "site", workers=0)
    page = (tmp_path / "site" / "standings-1.html").read_text(encoding="utf-8")
    assert 'data-table="interleague"' in page and "開幕" not in page
