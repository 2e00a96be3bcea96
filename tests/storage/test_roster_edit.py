"""Roster edits in storage and services: card checks with the validators' messages, the season's
copy of a card changed in one transaction, reserves and saved preferences round trips, and the
migration's table matching its model."""
from __future__ import annotations

import pytest
from sqlalchemy import inspect

from league.errors import CardError, LeagueError
from storage.roster_edit import RosterPrefRow, check_batting, check_pitching
from tui import services


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("roster") / "league.sqlite3")
    services.create_league(path, "pacific", "pacific")
    services.new_season(path, "pacific")
    return path


BAT = {"bounds": "5 28 34 37 62 80 89 100", "BT": "3", "RR": "1", "SR": "2", "DP": "5",
       "positions": "C4", "arm": "4", "block": "2", "lead": "1"}
PIT = {"A": "3 7 34 37 39 61 76 100", "B": "3 7 42 46 48 68 82 100",
       "C": "3 8 48 53 55 73 86 100", "D": "4 9 56 62 64 80 91 100", "stability": "A",
       "innings": "6.5", "starter": "7", "rest": "5"}


@pytest.mark.parametrize("change, message", [
    ({"bounds": "5 28 34 30 62 80 89 100"}, "HR bound ~30 is below the bound before it (~34)"),
    ({"bounds": "5 28 34 37 62 80 89 99"}, "the last bound must be ~100"),
    ({"bounds": "5 28 34 37 62 80 100"}, "7 values for 8 columns"),
    ({"bounds": "5 28 x 37 62 80 89 100"}, "'x' is not a bound"),
    ({"BT": "6"}, "BT 6 is outside 0..5"),
    ({"SR": "fast"}, "SR 'fast' is not a whole number"),
    ({"positions": "SS4;SS3"}, "position SS is listed twice"),
    ({"positions": "QB3"}, "'QB3' is not a position entry"),
    ({"arm": ""}, "a catcher needs arm"),
    ({"positions": "1B2"}, "arm is only for catchers"),
])
def test_an_impossible_batting_card_is_refused_with_the_reason(change, message):
    with pytest.raises(CardError, match=None) as err:
        check_batting({**BAT, **change}, "柴田 修 (SAP01)")
    assert message in str(err.value)
    assert str(err.value).startswith("柴田 修 (SAP01)")


@pytest.mark.parametrize("change, message", [
    ({"B": "3 7 42 46 48 68 82"}, "row B: 7 values for 8 columns"),
    ({"stability": "Z"}, "stability 'Z' is not one of S, A, B, C"),
    ({"innings": "13"}, "innings 13 is outside 0.1..12"),
    ({"rest": "11"}, "rest 11 is outside 0..10"),
])
def test_an_impossible_pitching_card_is_refused_with_the_reason(change, message):
    with pytest.raises(CardError) as err:
        check_pitching({**PIT, **change}, "SAP16")
    assert message in str(err.value)


def test_a_card_edit_changes_the_season_copy_only(db):
    new = services.save_card(db, "SAP01", batting={**BAT, "SR": "9"})
    assert new.batting.SR == 9
    assert services.season_league(db).player("SAP01").batting.SR == 9
    assert services.open_league(db).player("SAP01").batting.SR == 2
    with pytest.raises(CardError):
        services.save_card(db, "SAP16", batting=BAT)      # a pitcher without his own card
    assert services.card_values(new)["batting"]["SR"] == "9"


def test_reserves_and_preferences_round_trip(db):
    view = services.set_reserve(db, "SAP27", True)
    assert view.reserves == frozenset({"SAP27"}) and len(view.active) == 27
    assert "SAP27" not in view.bullpen
    services.set_reserve(db, "SAP01", True)
    services.set_reserve(db, "SAP10", True)
    with pytest.raises(LeagueError, match="no catcher"):
        services.set_reserve(db, "SAP15", True)      # the last catcher of the 28
    assert services.team_roster(db, "SAP").reserves == {"SAP27", "SAP01", "SAP10"}
    view = services.team_roster(db, "SAP")
    order = list(view.order)
    order[0], order[8] = order[8], order[0]
    services.save_order(db, "SAP", order)
    services.save_rotation(db, "SAP", list(reversed(view.rotation)))
    again = services.team_roster(db, "SAP")
    assert again.order_saved and list(again.order) == order
    assert again.rotation_saved and again.rotation == tuple(reversed(view.rotation))
    # the catcher and another batter swap positions: the other one cannot catch
    c = next(i for i, (_p, pos) in enumerate(order) if pos == "C")
    o = next(i for i, (_p, pos) in enumerate(order) if pos not in ("C", "DH"))
    bad = list(order)
    bad[c], bad[o] = (order[c][0], order[o][1]), (order[o][0], "C")
    with pytest.raises(LeagueError, match="cannot play"):
        services.save_order(db, "SAP", bad)
    with pytest.raises(LeagueError, match="not an active starter"):
        services.save_rotation(db, "SAP", ["SAP27"])
    services.clear_preference(db, "SAP", "rotation")
    assert not services.team_roster(db, "SAP").rotation_saved


def test_the_migration_makes_the_table_of_the_model(db):
    engine = services.engine_for(db)
    cols = {c["name"] for c in inspect(engine).get_columns("league_roster_pref")}
    assert cols == {c.name for c in RosterPrefRow.__table__.columns}
