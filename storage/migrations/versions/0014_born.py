"""Every player has a birth date (issue 31): a `born` cell (YYYY-MM-DD) on his cards, like his
team and roster status. A league stored before this gets plausible dates from the seeded stream
of (league name, player id) for the ages of its first season (league.offseason.people): the same
league always gets the same dates; a date a card already holds is kept.

Revision ID: 0014_born
Revises: 0013_typed_dice
Create Date: 2026-12-04
"""
from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0014_born"
down_revision = "0013_typed_dice"
branch_labels = None
depends_on = None

FIRST_YEAR = 2026


def upgrade() -> None:
    from league.offseason.people import plausible_born
    bind = op.get_bind()
    leagues = bind.execute(sa.text("SELECT id, name FROM league_league")).all()
    for league_id, name in leagues:
        year = bind.execute(sa.text("SELECT min(year) FROM season_season WHERE league_id = :l"),
                            {"l": league_id}).scalar() or FIRST_YEAR
        rows = bind.execute(sa.text(
            "SELECT c.id, p.pid, c.batting, c.pitching FROM league_card c "
            "JOIN league_player p ON p.id = c.player_id WHERE p.league_id = :l ORDER BY c.id"),
            {"l": league_id}).all()
        given: dict[str, str] = {}
        for _, pid, batting, pitching in rows:
            for text in (batting, pitching):
                born = json.loads(text).get("born", "") if text else ""
                if born and pid not in given:
                    given[pid] = born
        for card_id, pid, batting, pitching in rows:
            born = given.get(pid) or plausible_born(name, pid, year).isoformat()
            values = {}
            for key, text in (("batting", batting), ("pitching", pitching)):
                if text:
                    cells = json.loads(text)
                    if not cells.get("born"):
                        cells["born"] = born
                        values[key] = json.dumps(cells, ensure_ascii=False,
                                                 separators=(",", ":"))
            if values:
                sets = ", ".join(f"{k} = :{k}" for k in values)
                bind.execute(sa.text(f"UPDATE league_card SET {sets} WHERE id = :id"),
                             {**values, "id": card_id})


def downgrade() -> None:
    # the dates are cells of the cards an older version reads past (it takes no born column
    # in a league file: exports made by it drop them)
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, batting, pitching FROM league_card")).all()
    for card_id, batting, pitching in rows:
        values = {}
        for key, text in (("batting", batting), ("pitching", pitching)):
            if text and "born" in (cells := json.loads(text)):
                del cells["born"]
                values[key] = json.dumps(cells, ensure_ascii=False, separators=(",", ":"))
        if values:
            sets = ", ".join(f"{k} = :{k}" for k in values)
            bind.execute(sa.text(f"UPDATE league_card SET {sets} WHERE id = :id"),
                         {**values, "id": card_id})
