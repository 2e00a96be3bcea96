"""A game at the keyboard is saved, resumed and recorded in the season like a simulated one."""
from __future__ import annotations

import pytest

from league.dice import SeededDice
from league.live import live_game
from league.manager import ComputerManager
from tests_live_helpers import Quit, person  # noqa: F401

def test_a_scheduled_game_at_the_keyboard_counts_in_the_season(tmp_path, pacific, ruleset):
    from tui import services

    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific")
    setup = services.start_live(db, number=1, people=(1,))
    with pytest.raises(Exception, match="already being played"):
        services.start_live(db, number=1, people=(1,))
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={1: person(quit_after=25)},
                     computer=ComputerManager, live_dice=lambda: SeededDice(7),
                     dh=setup.league.dh, fatigue=info.fatigue, saved=info.log)
    with pytest.raises(Quit):
        g.play()
    services.save_live(db, info.id, g.live_log)
    assert [x.id for x in services.list_live(db)] == [info.id]
    back = services.resume_live(db, info.id)
    assert back.info.log.rolls == g.live_log.rolls
    g2, _ = live_game(back.ruleset, back.players, *back.info.lineups, people={1: person()},
                      computer=ComputerManager, live_dice=lambda: SeededDice(7),
                      dh=back.league.dh, fatigue=back.info.fatigue, saved=back.info.log)
    result = g2.play()
    assert services.finish_live(db, info.id, result, g2.live_log) == 1
    view = services.standings(db)
    assert view.final == 1
    assert sum(r.wins for r in view.rows) == (0 if result.winner is None else 1)
    box = services.boxscore(db, 1)
    assert box.data["away"]["runs"] == result.runs[0] and box.data["home"]["runs"] == result.runs[1]
    assert services.list_live(db) == []
    # the season carries on around it
    assert services.sim_days(db, days=1).games >= 2
