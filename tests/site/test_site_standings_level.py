"""The web site's standings print a team level with the leader as the papers and the app do:
ゲーム差 "-" as the leader's, 貯金 "0" (it printed "0.0" and "+0")."""
from __future__ import annotations

import re

from tui import services as sv
from tui.site.generator import build_site


def test_a_level_team_has_no_games_behind_and_zero_savings(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini", seed=2)
    sv.sim_days(db, "mini", days=2)
    assert [(r.wins, r.losses) for r in sv.standings(db, "mini").rows] == [(1, 1), (1, 1)]
    out = tmp_path / "site"
    build_site(db, "mini", out, workers=0)
    for prefix in ("", "en/"):
        page = (out / f"{prefix}standings-1.html").read_text(encoding="utf-8")
        rows = re.findall(r'<tr data-team="\w+">(.*?)</tr>', page)
        assert len(rows) >= 2, page[:2000]
        for row in rows[:2]:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
            gb = re.search(r'<td class="gb">(.*?)</td>', row)
            assert gb is not None and gb.group(1) == "-", row
            assert cells[8] == "0", row
        assert "+0<" not in page and ">0.0<" not in page
