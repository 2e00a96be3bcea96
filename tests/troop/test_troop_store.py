"""Stored Melting Pot events: round trips, crash-and-resume, exports; SQLite and PostgreSQL."""
import csv
import io
import os
import subprocess
import sys

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from league.troop.rules import make_setup, read_slip
from storage.troop_store import (
    TroopSlipRow,
    TroopStore,
    TroopStoreError,
    default_url,
)

NAMES = [f"p{i}" for i in range(1, 11)]
R1 = [2, 4, 5, 12, 18, 19, 21, 21, 25, 30]
R2 = [45, 30, 27, 25, 20, 17, 10, 9, 6, 6]
R3 = [0, 50, 50, 43, 30, 49, 51, 53, 50, 48]


from league_db import pg_server_url  # noqa: E402,F401  (the scratch PostgreSQL fixture)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'events.sqlite3'}"
    server = request.getfixturevalue("pg_server_url")
    # every test gets empty tables: drop ours (only ours) before handing the URL out
    engine = sa.create_engine(server)
    with engine.begin() as conn:
        for table in ("troop_slip", "troop_player", "troop_event"):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    engine.dispose()
    return server


@pytest.fixture
def store(url):
    s = TroopStore(url)
    yield s
    s.close()


def new_event(store, title="Game night"):
    return store.create_event(title=title, setup=make_setup(NAMES, [15, 25, 45]))


def enter_round(store, event_id, round_no, values, troops=None):
    for name, value in zip(NAMES, values):
        left = 100 if troops is None else troops[name]
        store.save_slip(event_id=event_id, round_no=round_no, player=name,
                        reading=read_slip(str(value), left))


def test_round_trip_setup_and_slips(store):
    event_id = new_event(store)
    store.save_slip(event_id=event_id, round_no=1, player="p1", reading=read_slip(None, 100))
    store.save_slip(event_id=event_id, round_no=1, player="p2", reading=read_slip("１２０", 100))
    store.save_slip(event_id=event_id, round_no=1, player="p3", reading=read_slip("abc", 100))
    stored = store.load_event(event_id)
    assert stored.title == "Game night"
    assert stored.setup.players == tuple(NAMES) and stored.setup.strengths == (15, 25, 45)
    assert (stored.current_round, stored.stage, stored.reveal_step) == (1, "entry", 0)
    slips = stored.slips_of(1)
    assert (slips["p1"].written, slips["p1"].value, slips["p1"].note) == (None, 0, "blank")
    assert (slips["p2"].written, slips["p2"].value, slips["p2"].note) == (
        "１２０", 100, "all troops left")
    assert slips["p3"].reading.shown == "abc → 0, invalid"
    assert stored.played_rounds() == 0 and stored.results() == ()


def test_correcting_a_slip_replaces_it(store):
    event_id = new_event(store)
    store.save_slip(event_id=event_id, round_no=1, player="p1", reading=read_slip("5", 100))
    store.save_slip(event_id=event_id, round_no=1, player="p1", reading=read_slip("15", 100))
    assert store.load_event(event_id).slips_of(1)["p1"].value == 15
    with sa.orm.Session(store.engine) as session:
        assert session.query(TroopSlipRow).count() == 1


def test_unknown_player_and_event_are_refused(store):
    event_id = new_event(store)
    with pytest.raises(TroopStoreError, match="no player called 'zed'"):
        store.save_slip(event_id=event_id, round_no=1, player="zed",
                        reading=read_slip("5", 100))
    with pytest.raises(TroopStoreError, match="no event with id 999"):
        store.load_event(999)
    with pytest.raises(TroopStoreError, match="unknown stage"):
        store.set_progress(event_id=event_id, current_round=1, stage="lunch")


def test_foreign_keys_are_enforced(store):
    with pytest.raises(IntegrityError):
        with sa.orm.Session(store.engine) as session:
            session.add(TroopSlipRow(event_id=12345, player_id=999, round_no=1, read_value=0))
            session.commit()


def test_whole_event_results_and_exports(store):
    event_id = new_event(store, title="Spring | meetup")
    enter_round(store, event_id, 1, R1)
    store.set_progress(event_id=event_id, current_round=1, stage="reveal", reveal_step=3)
    stored = store.load_event(event_id)
    assert stored.played_rounds() == 1 and stored.reveal_step == 3
    troops = dict(stored.results()[-1].troops_left)
    store.set_progress(event_id=event_id, current_round=2, stage="entry")
    enter_round(store, event_id, 2, R2, troops)
    store.set_progress(event_id=event_id, current_round=2, stage="scoreboard")
    troops = dict(store.load_event(event_id).results()[-1].troops_left)
    store.set_progress(event_id=event_id, current_round=3, stage="entry")
    enter_round(store, event_id, 3, R3, troops)
    store.set_progress(event_id=event_id, current_round=3, stage="finished")

    stored = store.load_event(event_id)
    results = stored.results()
    assert [r.total for r in results] == [157, 195, 424]
    assert [r.victory for r in results] == [True, False, False]

    rows = list(csv.DictReader(io.StringIO(store.export_csv(event_id))))
    assert len(rows) == 30 + 10
    first = rows[0]
    assert (first["round"], first["player"], first["read"], first["points"]) == ("1", "p1", "2", "0")
    final = {r["player"]: r for r in rows if r["round"] == "final"}
    assert final["p7"]["score"] == "78" and final["p1"]["score"] == "-12"

    md = store.export_markdown(event_id)
    assert md.startswith("# Spring \\| meetup")
    assert "## Round 3" in md and "adjusted" not in md
    assert "| 1 | p7 | 60 | 18 | 78 |" in md
    assert "Winner: p7" in md


def test_events_list_and_unfinished(store):
    done = new_event(store, "done")
    store.set_progress(event_id=done, current_round=3, stage="finished")
    open_id = new_event(store, "open")
    all_events = store.events()
    assert [e.title for e in all_events] == ["open", "done"]
    assert all_events[0].players == 10
    assert [e.id for e in store.events(unfinished_only=True)] == [open_id]
    store.delete_event(done)
    assert [e.id for e in store.events()] == [open_id]


def test_round3_override_is_stored_and_used(store):
    event_id = store.create_event(
        title="x", setup=make_setup([f"q{i}" for i in range(6)], [20, 30, 60]))
    names = [f"q{i}" for i in range(6)]
    for round_no, value in ((1, 50), (2, 40), (3, 10)):
        for name in names:
            store.save_slip(event_id=event_id, round_no=round_no, player=name,
                            reading=read_slip(value, 100 - 50 * (round_no > 1)
                                              - 40 * (round_no > 2)))
    store.set_round3_override(event_id=event_id, strength=5)
    store.set_progress(event_id=event_id, current_round=3, stage="finished")
    results = store.load_event(event_id).results()
    assert results[2].strength == 5 and results[2].adjusted_from == 60


CRASHING_WRITER = """
import os, sys
from league.troop.rules import make_setup, read_slip
from storage.troop_store import TroopStore
store = TroopStore(sys.argv[1])
event_id = store.create_event(title="crash", setup=make_setup(
    [f"p{i}" for i in range(1, 11)], [15, 25, 45]))
for i, value in enumerate([2, 4, 5, 12], start=1):
    store.save_slip(event_id=event_id, round_no=1, player=f"p{i}",
                    reading=read_slip(str(value), 100))
os._exit(3)  # the laptop dies: no cleanup, no dispose
"""


def test_crash_mid_round_loses_no_slip_and_resumes(url):
    proc = subprocess.run([sys.executable, "-c", CRASHING_WRITER, url],
                          capture_output=True, text=True, cwd=os.getcwd())
    assert proc.returncode == 3, proc.stderr
    store = TroopStore(url)
    try:
        [summary] = store.events(unfinished_only=True)
        stored = store.load_event(summary.id)
        assert stored.stage == "entry" and stored.current_round == 1
        assert {n: s.value for n, s in stored.slips_of(1).items()} == {
            "p1": 2, "p2": 4, "p3": 5, "p4": 12}
        # resume: the rest of the slips, then the battle
        for name, value in zip(NAMES[4:], R1[4:]):
            store.save_slip(event_id=summary.id, round_no=1, player=name,
                            reading=read_slip(str(value), 100))
        store.set_progress(event_id=summary.id, current_round=1, stage="reveal")
        [result] = store.load_event(summary.id).results()
        assert result.total == 157 and result.victory
    finally:
        store.close()


def test_events_live_in_the_league_database(monkeypatch, tmp_path):
    monkeypatch.setenv("IMPACT_DB", f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert default_url() == f"sqlite:///{tmp_path / 'x.sqlite3'}"
    monkeypatch.delenv("IMPACT_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_url() == f"sqlite:///{tmp_path / 'data' / 'impact-league' / 'league.sqlite3'}"
    assert (tmp_path / "data" / "impact-league").is_dir()
