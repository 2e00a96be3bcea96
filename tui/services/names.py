"""Team and player names in either language: the league's names, and the Latin-letter ones
(``name_en``) where the league gives them."""
from __future__ import annotations

from storage import repository as repo
from tui.services.db import Db, Work
from tui.services.views import NameBook, names_of  # noqa: F401  (kept where it was)


def name_book(db: Db, league: str | None = None) -> NameBook:
    """The names of the league's current season (its teams, the players on its rosters, and
    every player the league has had, by the name he was stored under)."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        players = {pid: (name, "") for pid, name in
                   repo.player_names(session=s, league_id=row.id).items()}
        try:
            info = repo.find_season(session=s, league_id=row.id)
            season_id = info.id
        except repo.NotFound:
            season_id = None
        texts = repo.stored_texts(session=s, league_id=row.id, season_id=season_id)
    return names_of(players, texts)
