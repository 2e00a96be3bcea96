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
    a time, the season's league is kept once, not once a day."""
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "o", "pacific")
    sv.new_season(db, "o", seed=2)
    mappers._PARSED.clear()
    # the leagues the process already holds (another test's, in the same worker) are not this
    # test's to count: held here, so no new one can take the id of one of them
    gc.collect()
    before = [o for o in gc.get_objects() if type(o) is League]
    held = {id(o) for o in before}
    for _ in range(10):
        assert sv.sim_days(db, "o", days=1).games > 0
    sv.close_all()
    slots = [where for where, _active, _judged in mappers._PARSED]
    assert slots.count("league o (season id 1)") == 1
    gc.collect()
    alive = [o for o in gc.get_objects() if type(o) is League and id(o) not in held]
    assert len(alive) <= len(mappers._PARSED) + 1, len(alive)      # (+1: one a test may hold)
