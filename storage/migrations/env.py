"""Alembic environment for the league database, run from storage.db (no alembic.ini needed)."""
from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import storage.farm_store  # noqa: F401,E402  (season_roster)
import storage.history_store  # noqa: F401,E402  (league_transaction, season_award, ...)
import storage.live_store  # noqa: F401,E402  (game_live)
import storage.odds_store  # noqa: F401,E402  (season_odds)
import storage.offseason_store  # noqa: F401,E402  (league_offseason, ..., league_foreign_choice)
import storage.roster_edit  # noqa: F401,E402  (league_roster_pref)
import storage.tables  # noqa: F401  (registers the league tables on SQLModel.metadata)
import storage.trade_store  # noqa: F401,E402  (league_trade_offer)

config = context.config
target_metadata = SQLModel.metadata
VERSION_TABLE = config.get_main_option("version_table") or "league_alembic_version"


def include_object(obj, name, type_, reflected, compare_to):  # type: ignore[no-untyped-def]
    # other parts of the program (the Melting Pot's troop_* tables) share the database
    if type_ == "table":
        return bool(name) and name.startswith(("league_", "season_", "game_")) \
            and name != VERSION_TABLE
    return True


def run_migrations_online() -> None:
    engine = config.attributes.get("engine")
    if engine is None:
        from sqlalchemy import create_engine
        url = config.get_main_option("sqlalchemy.url")
        if url is None:
            raise RuntimeError("alembic: no engine given and no sqlalchemy.url set")
        engine = create_engine(url)
    with engine.connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            version_table=VERSION_TABLE,
            include_object=include_object,
            render_as_batch=connection.dialect.name == "sqlite",
        )
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()


run_migrations_online()
