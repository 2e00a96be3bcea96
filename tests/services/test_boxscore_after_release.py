"""A stored game reads and replays after one of its men was released (自由契約) during the season
(rules: a stored game must read and replay in every later version; a later move never rewrites
history). His card stays with the season but on no team, and the box score, its replay and the
site's page of the game read the season's clubs: `impact boxscore 1` stopped with "internal
error: KeyError: 'OSK09'" once OSK09 had been released. On SQLite and PostgreSQL."""
from __future__ import annotations

from league.engine.boxscore import render, result_dict
from tui import services as sv
from tui.services import history as sh
from tui.services.folders import sample_league_path

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)


def test_a_game_of_a_man_released_since_has_its_box_score_and_replays(tmp_path, db):
    from tui.site.generator import build_site

    sv.create_league(db, "pac", sample_league_path("pacific"))
    sv.new_season(db, seed=3)
    sv.sim_days(db, days=2)
    box = sv.boxscore(db, 1)
    before = render(box.result)
    away, home = box.result.lineups
    man = home.order[0]
    name = box.result.players[man].name
    sh.transact(db, "release", players=[man])
    assert sv.player(db, man).team in (None, "")           # on no team now
    again = sv.boxscore(db, 1)
    assert render(again.result) == before                  # the same box score, his line in it
    assert name in again.text and not any("no play-by-play" in n for n in again.result.notes)
    assert again.result.plays                               # the play-by-play made again
    stored, replayed = sv.replay(db, 1)
    assert result_dict(replayed, None) == result_dict(stored, None)
    assert any(row["player"] == man for row in again.data["batting"])
    # the site's page of the game names him too
    if "postgresql" not in str(db):
        out = tmp_path / "site"
        build_site(db, "pac", out, workers=0)
        assert name in (out / "game-1-1.html").read_text(encoding="utf-8")
