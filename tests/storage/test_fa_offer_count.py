"""How many offers each free agent has (migration 0019_fa_offer_count, a view; issue 32 §4):
a league stored before it opens, is migrated and counts the offers already made."""
import sqlite3

from tui import services as sv

from season_helpers import played_and_closed


def test_a_league_stored_before_the_count_opens_and_counts_the_offers_made(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    # seed 4: an off-season (keyed by the league and this seed, league.offseason.people.life) in
    # which free agents declare that KYO may offer for — drawn, what the count below needs
    sv.new_season(db, seed=4)
    played_and_closed(db)
    for step in ("retire", "draft"):
        sv.offseason_step(db, None, step)
    v = sv.offseason_step(db, None, "fa", people=["KYO"])
    agent = next(a for a in v.agents if dict(a.roles)["KYO"])
    sv.fa_offer(db, team="KYO", player=agent.player, role="bench", years=1)
    sv.close_all()
    # as the version before it stored the league: no view, the schema at 0018
    with sqlite3.connect(db) as conn:
        conn.execute("drop view league_fa_offer_count")
        conn.execute("drop index ix_league_trade_offer_other")  # 0020
        conn.execute("update league_alembic_version set version_num = '0018_foreign_choice'")
    got = {a.player: a for a in sv.offseason_steps(db).agents}[agent.player]
    assert got.count == 1 and got.offers == (("KYO", "bench", 1),)
    assert got.as_dict()["offers_count"] == 1
    from storage.db import head_revision
    with sqlite3.connect(db) as conn:
        assert conn.execute("select version_num from league_alembic_version").fetchone()[0] \
            == head_revision()
