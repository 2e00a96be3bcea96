"""A game at the keyboard is saved, resumed and recorded in the season like a simulated one."""
from __future__ import annotations

import pytest

from league.engine.dice import SeededDice
from league.engine.live import live_game
from league.manager.computer import ComputerManager

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


def test_the_season_simulation_skips_a_game_being_played_at_the_keyboard(tmp_path):
    """Issue 10 part 3: a game at the keyboard is not simulated behind the person's back; it
    is skipped (and said so) until finished or abandoned, and then leaves the resume list."""
    import json

    from typer.testing import CliRunner

    from tui import services
    from tui.cli.main import app

    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific")
    setup = services.start_live(db, number=2, people=(0, 1))
    report = services.sim_days(db, days=1)
    assert report.skipped == (2,) and report.games == 2          # games 1 and 3 of day 1
    assert [g.status for _, games in services.schedule_days(db)[:1] for g in games] == [
        "final", "scheduled", "final"]
    # the command line says so, as text and as JSON
    runner = CliRunner()
    out = runner.invoke(app, ["season", "sim", "--days", "1", "--db", db, "-q"]).stdout
    assert "skipped game #2: being played at the keyboard" in out
    data = json.loads(runner.invoke(app, ["season", "sim", "--days", "1", "--db", db,
                                          "--json"]).stdout)
    assert data["skipped"] == [2]
    # abandoned: it leaves the resume list and the next simulation plays it
    assert [x.number for x in services.list_live(db)] == [2]
    services.abandon_live(db, setup.info.id)
    assert services.list_live(db) == []
    report = services.sim_days(db, days=1)
    assert report.skipped == () and 2 in {g.number for _, games in services.schedule_days(db)
                                          for g in games if g.status == "final"}


def test_a_finished_game_leaves_the_resume_list(tmp_path):
    from tui import services

    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific")
    setup = services.start_live(db, number=1, people=(1,))
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={1: person()},
                     computer=ComputerManager, live_dice=lambda: SeededDice(3),
                     dh=setup.league.dh, fatigue=info.fatigue, saved=info.log)
    result = g.play()
    assert services.list_live(db) != []
    services.finish_live(db, info.id, result, g.live_log)
    assert services.list_live(db) == []
    assert services.sim_days(db, days=1).skipped == ()


def test_a_game_of_typed_dice_says_so_in_its_record_and_box_score(tmp_path):
    """The computer's dice of a keyboard game are its seed's, roll after roll, also across a
    pause (the app carries them on from where the log stands): such a game is not marked. A
    game with rolls that are not the seed's had typed dice, and its box score says so."""
    from league.engine.live import computer_rolls
    from tui import services
    from tui.screens.play import seeded_from

    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific")
    setup = services.start_live(db, number=1, people=(1,))
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={1: person(quit_after=25)},
                     computer=ComputerManager, live_dice=lambda: SeededDice(info.seed),
                     dh=setup.league.dh, fatigue=info.fatigue, saved=info.log)
    with pytest.raises(Quit):
        g.play()
    services.save_live(db, info.id, g.live_log)
    back = services.resume_live(db, info.id)
    g2, _ = live_game(back.ruleset, back.players, *back.info.lineups, people={1: person()},
                      computer=ComputerManager,
                      live_dice=lambda: seeded_from(info.seed, len(g2.live_log.rolls)),
                      dh=back.league.dh, fatigue=back.info.fatigue, saved=back.info.log)
    result = g2.play()
    assert computer_rolls(info.seed, g2.live_log.rolls)
    services.finish_live(db, info.id, result, g2.live_log)
    box = services.boxscore(db, 1)
    assert box.data["typed_by"] is None and "dice typed" not in box.text

    setup = services.start_live(db, number=2, people=(0,), dice="typed")
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={0: person()},
                     computer=ComputerManager, live_dice=lambda: SeededDice(info.seed + 1),
                     dh=setup.league.dh, fatigue=info.fatigue, saved=info.log)
    result = g.play()
    assert not computer_rolls(info.seed, g.live_log.rolls)
    services.finish_live(db, info.id, result, g.live_log)
    box = services.boxscore(db, 2)
    assert box.data["typed_by"] == ""
    assert "dice typed at the keyboard" in box.result.notes and "dice typed at the keyboard" in box.text
    # the league's JSON document carries the mark, and a league made from it keeps it
    import json
    doc = services.export_league(db, None, None, fmt="json")
    games = {g["number"]: g for g in json.loads(doc)["seasons"][0]["games"]}
    assert games[2]["typed_by"] == "" and "typed_by" not in games[1]
    (tmp_path / "league.json").write_text(doc, encoding="utf-8")
    copy = str(tmp_path / "copy.sqlite3")
    services.create_league(copy, "copy", tmp_path / "league.json")
    assert services.boxscore(copy, 2).data["typed_by"] == ""
    assert services.boxscore(copy, 1).data["typed_by"] is None
