"""A commissioner's transaction between `impact season close` and `season new` is judged by the
clubs it touches (issue 32): a closed season's own cards need not make a legal league file (a
club may end the season unable to field a catcher; the renewal mends it), and that club's
roster must not refuse another club's move (nor stop `impact season status`). A move that
leaves its own clubs illegal is still refused, in one line naming the club, nothing stored."""
import json
import sqlite3

import pytest

from tui import services as sv
from tui.services.db import ServiceError

from season_helpers import played_and_closed


def _own(db, team):
    """The club's own cards: (id, positions, starter or not) of each."""
    with sqlite3.connect(db) as conn:
        return [(pid, json.loads(b or "{}").get("positions", ""),
                 json.loads(p or "{}").get("starter"))
                for pid, b, p in conn.execute(
                    "select p.pid, c.batting, c.pitching from league_card c join league_player p "
                    "on p.id = c.player_id where c.season_id is null and c.team = ?", (team,))]


def _catchers(db, team):
    return [pid for pid, pos, _s in _own(db, team) if pos.startswith("C") or ";C" in pos]


@pytest.fixture
def closed(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db)
    played_and_closed(db)
    sv.close_all()
    # KOB's own cards as a season may leave them: none of its catchers under contract with it
    gone = _catchers(db, "KOB")
    assert gone
    with sqlite3.connect(db) as conn:
        conn.executemany("update league_card set team = '' where season_id is null and "
                         "player_id = (select id from league_player where pid = ?)",
                         [(pid,) for pid in gone])
    return db


def test_a_move_of_one_club_is_not_refused_for_another_club_s_roster(closed):
    before = len(sv.news(closed))
    reliever = next(pid for pid, pos, starter in _own(closed, "KYO")
                    if not pos and starter in (None, 0, "0"))
    item = sv.transact(closed, "release", players=[reliever])
    assert item.moves == ((reliever, "KYO", ""),) and len(sv.news(closed)) == before + 1


def test_a_move_that_breaks_its_own_club_is_still_refused(closed):
    before = len(sv.news(closed))
    with pytest.raises(ServiceError, match="KYO has no catcher"):
        sv.transact(closed, "release", players=_catchers(closed, "KYO"))
    assert len(sv.news(closed)) == before


def test_the_season_s_status_reads_no_card_and_says_what_comes_next(closed):
    """`impact season status` after the close read the own cards whole and stopped at KOB's."""
    status = sv.season_status(closed)
    assert status.next_action == "new_season"
