"""A league stored before trade offers were sealed (migration 0020_trade_sealed, issue 32) opens
and is migrated, and its trades go on: the index on the club an offer is made to is added (the
shape a shared league's read rule uses; an SQLite league is single-user, no rule)."""
import sqlalchemy as sa

from storage.db import head_revision
from tui import services as sv


def test_a_league_stored_at_0019_opens_migrates_and_trades(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db)
    sv.close_all()
    engine = sa.create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:       # as the version before stored it
        conn.execute(sa.text("drop index ix_league_trade_offer_other"))
        conn.execute(sa.text("update league_alembic_version "
                             "set version_num = '0019_fa_offer_count'"))
    mine, theirs = sv.trade_rosters(db, team="KYO", other="KOB")
    assert mine and theirs
    assert sv.trade_list(db) == []
    with engine.connect() as conn:
        assert conn.execute(sa.text("select version_num from league_alembic_version")
                            ).scalar_one() == head_revision()
        assert "ix_league_trade_offer_other" in {
            i["name"] for i in sa.inspect(conn).get_indexes("league_trade_offer")}
    engine.dispose()
    sv.close_all()
