"""The leagues parsed lately (storage.mappers.LeagueTexts.parse, issue 34): one kept for each
stored league or season read, the one of its newest texts, so a season simulated a day at a
time does not keep every day's league (eight copies of every player and card) alive."""
from __future__ import annotations

import gc

from league.season.roster import League
from storage import mappers
from storage.mappers import LeagueTexts
from storage.plainfiles import sample_league_path
from storage.repository import read_plain_folder
from tui import services as sv


def _texts(where: str) -> LeagueTexts:
    t = read_plain_folder(sample_league_path("pacific"))
    return LeagueTexts(t.toml, t.batters, t.pitchers, where)


def test_the_newest_texts_of_a_league_replace_its_older_ones():
    mappers._PARSED.clear()
    a = _texts("league x (season id 1)")
    first = a.parse(active=False)
    assert a.parse(active=False) is first                       # the same texts: the same league
    assert _texts("league x (season id 1)").parse(active=False) is first   # equal texts too
    other = _texts("league y").parse()
    lines = a.batters.splitlines()
    moved = LeagueTexts(a.toml, "\n".join(lines[:-1]) + "\n", a.pitchers, a.where)   # a man gone
    second = moved.parse(active=False)
    assert second is not first
    kept = [id(lg) for _texts, lg in mappers._PARSED.values()]
    assert sorted(kept) == sorted([id(second), id(other)])         # the older texts' dropped
    assert a.parse() is not first                                  # parsed otherwise: its own
    assert len(mappers._PARSED) == 3
    for n in range(mappers._PARSED_KEPT + 2):                       # at most eight kept in all
        _texts(f"league z{n}").parse()
    assert len(mappers._PARSED) == mappers._PARSED_KEPT


def test_a_season_simulated_a_day_at_a_time_keeps_one_league_of_it(tmp_path):
    """Each day's roster moves change the season's card texts: after ten days simulated one at
    a time, the season's league is kept once, not once a day. The league has a name of its
    own, so the leagues counted are this test's: a worker may hold other tests' leagues, and a
    thread an app test left simulating (it ends its day after the app has gone) makes more."""
    import shutil
    folder = tmp_path / "own"
    shutil.copytree(sample_league_path("pacific"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'name = "パシフィック・インパクトリーグ"', 'name = "一日ずつのリーグ"', 1), encoding="utf-8")
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "o", str(folder))
    sv.new_season(db, "o", seed=2)
    mappers._PARSED.clear()
    for _ in range(10):
        assert sv.sim_days(db, "o", days=1).games > 0
    sv.close_all()
    slots = [where for where, _active, _judged in mappers._PARSED]
    assert slots.count("league o (season id 1)") == 1
    gc.collect()
    alive = [o for o in gc.get_objects() if type(o) is League and o.name == "一日ずつのリーグ"]
    assert len(alive) <= len(mappers._PARSED) + 1, len(alive)      # (+1: one a test may hold)
