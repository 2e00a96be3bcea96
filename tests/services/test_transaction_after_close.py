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
def closed_whole(tmp_path):
    """The mini league's first season played and closed, its clubs as the season left them."""
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db)
    played_and_closed(db)
    sv.close_all()
    return db


@pytest.fixture
def closed(closed_whole):
    db = closed_whole
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


def _season_team(db, pid):
    """The club of `pid` in the closed season's own cards (its history)."""
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "select c.team from league_card c join league_player p on p.id = c.player_id "
            "where c.season_id is not null and p.pid = ?", (pid,)).fetchone()[0]


def test_a_trade_by_decree_after_the_close_is_the_off_season_s_and_leaves_the_season_as_played(
        closed_whole):
    """A decree trade between `season close` and `season new` moves the clubs' own cards (what
    the next season copies) and is dated to no day of the closed season: `impact trade list`
    lists it with the off-season, as a trade offer made then; the closed season's rosters and
    the men's pages for it keep the clubs they played for. Before: the trade was dated to the
    season's last game, listed as made in season, and rewrote the closed season's cards."""
    db = closed_whole
    kyo = next(pid for pid, pos, _s in _own(db, "KYO") if pos and not pos.startswith("C"))
    kob = next(pid for pid, pos, _s in _own(db, "KOB") if pos and not pos.startswith("C"))
    item = sv.transact(db, "trade", players=[kyo], team="KYO", other_team="KOB",
                       others=[kob])
    assert item.day is None and item.season == 1
    assert (_season_team(db, kyo), _season_team(db, kob)) == ("KYO", "KOB")
    assert kyo in [pid for pid, _p, _s in _own(db, "KOB")]
    assert kob in [pid for pid, _p, _s in _own(db, "KYO")]
    listed = [t for t in sv.trade_list(db) if {m for m, _n in t.gives + t.gets} == {kyo, kob}]
    assert [(t.when, t.season, t.day) for t in listed] == [("offseason", 2, None)]
    assert sv.player(db, kyo).team == "KYO"
    from tui.services import history as sh
    assert sh.player_career(db, kyo).team == "KOB"
