"""The web site's leaders page states 規定打席 as the app's Leaders area does: "62" at 20 team
games, as a count of plate appearances is written, where it said "62.0" (the app: "62"); at 7
games 21.7 is rounded half up to 22, as NPB rounds 規定打席 (443 at 143 games)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from league.season.stats import qualified_pa
from tui import services as sv
from tui.site.generator import build_site


@pytest.mark.parametrize("days, games, shown", [(10, 10, "31"), (7, 7, "22")])
def test_the_leaders_page_gives_the_qualifiers_as_the_app_does(tmp_path, days, games, shown):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini", seed=2)
    sv.sim_days(db, "mini", days=days)
    assert max(sv.standings(db, "mini").rows, key=lambda r: r.games).games == games
    assert f"{qualified_pa(games):g}" == shown
    out = tmp_path / "site"
    build_site(db, "mini", out, workers=0)
    for prefix, words in (("", f"規定打席: チーム試合数 × 3.1 (最多 {games} 試合で {shown})"),
                          ("en/", f"Qualifying PA: team games × 3.1 ({shown} at {games} games")):
        page = unescape(re.sub(r"<[^>]+>", "", (out / f"{prefix}leaders-1.html").read_text(
            encoding="utf-8")))
        assert words in page, page[:2000]
        assert f"{games} games" in page or f"{games} 試合" in page
