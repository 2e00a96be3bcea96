"""The fielding boards by position read the same on SQLite and PostgreSQL: each game's fielding
line at the position of his batting line (repository.fielding_position_totals, an outer join),
every put-out and error of a club at exactly one position."""
from __future__ import annotations

from tui import services as sv

from league_db import db  # noqa: F401  (the fixture: SQLite and PostgreSQL)

POSITIONS = ("P", "C", "1B", "2B", "3B", "SS", "OF")


def test_a_clubs_fielding_is_split_among_the_positions(db):  # noqa: F811
    sv.create_league(db, "mini", "mini")      # no DH: the pitchers bat, their lines say P
    sv.new_season(db, "mini", seed=2)
    sv.sim_days(db, "mini", days=4)
    for team in ("KYO", "KOB"):
        every = sv.leaders(db, "mini", kind="fielding", stat="games", team=team, limit=99).rows
        parts = {pos: sv.leaders(db, "mini", kind="fielding", stat="games", team=team,
                                 limit=99, position=pos).rows for pos in POSITIONS}
        for what in ("po", "a", "e", "games"):
            assert sum(getattr(r.stats, what) for rows in parts.values() for r in rows) == \
                sum(getattr(r.stats, what) for r in every), (team, what)
        # four games: one catcher or two, a pitcher a game at least
        assert parts["C"] and len(parts["P"]) >= 2
        assert {r.player_id for r in parts["C"]}.isdisjoint(r.player_id for r in parts["P"])
