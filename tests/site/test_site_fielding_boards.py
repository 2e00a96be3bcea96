"""The web site's leaders page has NPB's 守備率 boards, one a position, as `impact leaders --pos P|C|
1B|2B|3B|SS|OF` and the app's Leaders area show them (services.leaders(position=)): the same men
in the same order with the same figures, each league's (リーグ) apart, with the qualifier said
(two thirds of the team's games at the position, catchers half, pitchers 規定投球回)."""
from __future__ import annotations

import re
from html import unescape

from league.season.stats import FIELDING_POSITIONS, POSITION_LABELS_JA, qualified_fielding_games
from tui import services as sv
from tui.services.publish import site_data
from tui.site.generator import build_site


def _text(path) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))).split())


def test_the_leaders_page_has_the_fielding_boards_of_impact_leaders_pos(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, "mini", seed=2)
    sv.sim_days(db, "mini", days=12)
    data = site_data(db, "mini")
    [season] = data.seasons
    shown = 0
    for group in season.leaders:
        assert list(group.fielding) == list(FIELDING_POSITIONS)
        for pos in FIELDING_POSITIONS:
            view = sv.leaders(db, "mini", kind="fielding", position=pos, limit=10)
            board = next((b.rows for b in view.boards if b.code == group.code), view.rows)
            assert [(r.rank, r.player_id, r.team, r.text) for r in group.fielding[pos]] == \
                [(r.rank, r.player_id, r.team, r.text) for r in board], pos
            shown += len(board)
    assert shown > 0, "nobody qualified at any position: the test shows nothing"

    out = tmp_path / "site"
    build_site(db, "mini", out, workers=0)
    most = max(season.leaders[0].team_games.values())
    for prefix, ja in (("", True), ("en/", False)):
        page = _text(out / f"{prefix}leaders-1.html")
        assert ("守備率 (ポジション別)" if ja else "Fielding percentage by position") in page
        value = f"{qualified_fielding_games(most):.1f}".removesuffix(".0")
        assert (f"最多 {most} 試合で {value}" if ja else f"({value} at {most} games") in page
        for group in season.leaders:
            for pos in FIELDING_POSITIONS:
                title = f"{POSITION_LABELS_JA[pos]} ({pos})" if ja else f"({pos})"
                assert title in page
                at = page.index(title)
                for r in group.fielding[pos]:   # each man's figure and G/TC, in board order
                    chances = r.stats.po + r.stats.a + r.stats.e
                    tail = (f"{r.stats.games} 試合 {chances} 機会" if ja
                            else f"{r.stats.games} G, {chances} TC")
                    at = page.index(f"{r.text} {tail}", at)
