"""A stored game replays as it was played after a later trade (issue 32): the replay (and the box
score's play-by-play, made by replaying a compactly stored game) checked the stored line-ups
against the clubs as they are now, so a game played before an in-season trade stopped with
"line-up of SAP: 柴田 修 (SAP01) plays for OSK" (sv.replay) or lost its play-by-play ("no
play-by-play: …" in sv.boxscore: `impact boxscore`, the app's box score, the site). A stored
game's line-ups say whose side each man played on that day; a later trade never rewrites it.
On SQLite and PostgreSQL."""
from __future__ import annotations

from tui import services as sv

from league_db import _fresh_engines, db, pg_server_url, trading_league  # noqa: F401  (fixtures)
from season_helpers import replays_before_trades

BEFORE = 21      # days of pacific's season 1 (seed 3) before its first trade day, 2026-04-21


def test_a_game_before_a_trade_replays_to_its_stored_box_score(tmp_path, db):
    folder = trading_league(tmp_path, "pacific", "pac")
    sv.create_league(db, "pac", folder)
    sv.new_season(db, seed=3)
    sv.sim_days(db, days=BEFORE)
    assert sv.sim_days(db, days=1).trades == ("OSK:OSK11>SAP:SAP01",)   # before the day's games
    assert replays_before_trades(db) >= 3
