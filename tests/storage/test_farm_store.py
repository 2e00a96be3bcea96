"""A season's farm and injuries as storage keeps them (storage/farm_store.py, written on the game's
own cursor with each game): a season simulated in steps — each step reading back what the last
one stored — stores exactly what one run does, on SQLite and on PostgreSQL."""
from __future__ import annotations

from datetime import date

import pytest

from storage import farm_store
from storage import history_store as hs
from storage import repository as repo
from storage.db import session
from tui import services as sv

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)


def _stored(db: str, name: str) -> tuple:
    """The season's stored farm: standings, logged moves, the farm by the cards, the results."""
    with session(sv.engine_for(db)) as s:
        row = repo.find_league(session=s, name=name)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id)
        standings = farm_store.standings(session=s, season_id=info.id)
        moves = sorted((t.day, t.kind, t.moves, t.note)
                       for t in hs.transactions(session=s, league_id=row.id))
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        farm = sorted(p.id for t in lg.teams for p in t.players if p.roster == "farm")
        results = [(g.number, g.away_runs, g.home_runs)
                   for g in repo.schedule(session=s, season_id=info.id) if g.status == "final"]
    return standings, moves, farm, results


@pytest.mark.slow
def test_a_season_simulated_in_steps_stores_the_farm_one_run_stores(db):
    for name in ("whole", "steps"):
        sv.create_league(db, name, "nippon")
        sv.new_season(db, name, seed=7)
    sv.sim_days(db, "whole", days=12)
    for _ in range(3):
        sv.sim_days(db, "steps", days=4)

    whole = _stored(db, "whole")
    assert _stored(db, "steps") == whole
    standings, moves, farm, results = whole
    assert len(results) == 72
    # injuries and recovery checks were stored, with their days
    hurt = [e for e in standings.values() if e.hurt_on is not None or e.settled is not None]
    assert hurt and all(isinstance(e.hurt_on or e.settled, date) for e in hurt)
    # the computer's moves were logged, and the cards of the men last sent down say so
    last_move = {m[0][0]: kind for _day, kind, m, _note in moves}   # in the order of days
    assert "down" in last_move.values() and "up" in {kind for _d, kind, _m, _n in moves}
    assert {pid for pid, kind in last_move.items() if kind == "down"} <= set(farm)
