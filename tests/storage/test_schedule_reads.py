"""What a trade day asks of the calendar (issue 34), read without the calendar: the next day
with a game to play (storage.repository.next_game_day) and whether a day has a final game
(final_on), the same answers as reading the whole schedule."""
from __future__ import annotations

from storage import repository as repo
from tui import services as sv
from tui.services.db import Work
from tui.services.folders import sample_league_path


def _answers(db: str) -> tuple[object, object, set, set]:
    with Work.of(db, "p").session() as s:
        row = repo.find_league(session=s, name="p")
        info = repo.find_season(session=s, league_id=row.id)
        pending = repo.schedule(session=s, season_id=info.id, pending_only=True)
        days = {g.day for g in repo.schedule(session=s, season_id=info.id)}
        finals = {g.day for g in repo.final_games(session=s, season_id=info.id)}
        return (repo.next_game_day(session=s, season_id=info.id),
                pending[0].day if pending else None,
                {d for d in days if repo.final_on(session=s, season_id=info.id, day=d)},
                finals)


def test_the_next_game_day_and_the_days_with_a_final_game(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "p", str(sample_league_path("pacific")))
    sv.new_season(db, "p", games_per_opponent=2, seed=1)
    for days in (0, 1, 3, None):
        if days == 0:
            pass
        elif days is None:
            assert sv.sim_days(db, "p", to_end=True).remaining == 0
        else:
            sv.sim_days(db, "p", days=days)
        nxt, first_pending, final_days, finals = _answers(db)
        assert nxt == first_pending
        assert final_days == finals
        if days is None:
            assert nxt is None and finals
        elif days == 0:
            assert nxt is not None and not finals
    sv.close_all()
