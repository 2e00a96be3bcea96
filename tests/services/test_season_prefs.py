"""What a manager saves in the Teams area is what the season simulation plays: the rotation,
the batting order, and players sent to the reserves sit out."""
from __future__ import annotations

import pytest

from tui import services


@pytest.fixture
def db(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific")
    return db


def _games_of(db, team):
    out = []
    for _, games in services.schedule_days(db):
        for g in games:
            if g.status == "final" and team in (g.away, g.home):
                box = services.boxscore(db, g.number).data
                side = 0 if box["away"]["team"] == team else 1
                out.append(box["lineups"][side])
    return out


def test_the_saved_rotation_starts_in_its_order(db):
    view = services.team_roster(db, "SAP")
    wanted = list(reversed(view.rotation))
    services.save_rotation(db, "SAP", wanted)
    services.sim_days(db, days=4)
    starters = [lu["pitcher"] for lu in _games_of(db, "SAP")]
    assert starters == wanted[:len(starters)] and len(starters) >= 3


def test_the_saved_batting_order_is_played(db):
    view = services.team_roster(db, "SEN")
    order = list(view.order)
    order[0], order[1] = order[1], order[0]
    services.save_order(db, "SEN", order)
    services.sim_days(db, days=2)
    for lu in _games_of(db, "SEN"):
        assert list(zip(lu["order"], lu["positions"]))[:2] == order[:2]


def test_a_player_in_the_reserves_sits_out(db):
    view = services.team_roster(db, "CHB")
    regular = view.order[0][0]
    services.set_reserve(db, regular, True)
    services.sim_days(db, days=3)
    games = _games_of(db, "CHB")
    assert games
    for lu in games:
        assert regular not in lu["order"] and regular not in lu["bench"]


def test_the_saved_bullpen_order_decides_the_closer(db):
    view = services.team_roster(db, "OSK")
    relievers = [p for p in view.bullpen]
    order = list(reversed(relievers))           # the weakest arm first: he closes now
    services.save_bullpen(db, "OSK", order)
    services.sim_days(db, days=12)
    saves_or_ninth = []
    for _, games in services.schedule_days(db):
        for g in games:
            if g.status != "final" or "OSK" not in (g.away, g.home):
                continue
            box = services.boxscore(db, g.number).data
            side = 0 if box["away"]["team"] == "OSK" else 1
            assert box["lineups"][side]["bullpen_ranked"] is True
            assert box["lineups"][side]["bullpen"][0] == order[0] or order[0] not in box["lineups"][side]["bullpen"]
            saves = [p for p in box["pitching"] if p["team"] == "OSK" and p["decision"] == "S"]
            # with the saved closer dressed, another man saves a game only when he came in
            # before the 9th and the 9th was no save situation (more than his inning's outs)
            if order[0] in box["lineups"][side]["bullpen"]:
                assert all(p["player"] == order[0] or p["outs"] > 3 for p in saves), \
                    (g.number, saves)
            saves_or_ninth += [p["player"] for p in saves]
    assert set(saves_or_ninth) <= set(order)
