"""In-season trades ([trades] in_season, issue 32) whichever way a day is played: the computer's
clubs trade before the first game of a trade day when a person plays that game at the keyboard,
the same trades as the simulation makes that day (tui.services.trades.trades_before_games, the
one home both call). Before, a league played game by game at the keyboard never traded in
season."""
from __future__ import annotations

import pytest

from league.engine.dice import SeededDice
from league.engine.live import live_game
from league.manager.computer import ComputerManager
from tui import services as sv
from tui.services.folders import sample_league_path

from league_db import trading_league
from tests_live_helpers import person

BEFORE = 21      # days of pacific's season 1 (seed 3) before its first trade day, 2026-04-21


def _league(tmp_path, name: str) -> str:
    folder = trading_league(tmp_path, "pacific", f"{name}-pac")
    db = str(tmp_path / f"{name}.sqlite3")
    sv.create_league(db, "pac", folder)
    sv.new_season(db, seed=3)
    sv.sim_days(db, days=BEFORE)
    return db


def _trades(db: str) -> list[tuple[object, ...]]:
    return [(n.day, n.moves, n.text_en) for n in sv.news(db) if n.kind == "trade"]


def _clubs(db: str) -> dict[str, list[str]]:
    ctx, _slots = sv.games_to_play(db)
    return {t.code: sorted(p.id for p in t.players) for t in ctx.league.teams}


@pytest.fixture
def day_simulated(tmp_path):
    db = _league(tmp_path, "day")
    report = sv.sim_days(db, days=1)
    assert report.trades == ("OSK:OSK11>SAP:SAP01",)
    return db


def test_the_first_game_of_a_trade_day_at_the_keyboard_comes_after_the_day_s_trades(
        tmp_path, day_simulated):
    db = _league(tmp_path, "keyboard")
    _ctx, slots = sv.games_to_play(db)
    first = slots[0]
    assert not _trades(db)
    setup = sv.start_live(db, number=first.number, people=(1,))
    # the trades are made, in the news, before the game: the same as the simulation's that day
    assert _trades(db) == _trades(day_simulated) and _trades(db)
    on = {p: t for t, ps in _clubs(db).items() for p in ps}
    for lineup in setup.info.lineups:   # the line-ups are of the rosters after the trades
        men = lineup.men()
        assert all(on[pid] == lineup.team for pid in men)
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={1: person()},
                     computer=ComputerManager, live_dice=lambda: SeededDice(7),
                     dh=setup.league.dh_for(info.home), fatigue=info.fatigue, saved=info.log)
    assert sv.finish_live(db, info.id, g.play(), g.live_log) == first.number
    report = sv.sim_days(db, days=1)     # the rest of the day: its trades are made already
    assert report.trades == () and report.games == len([s for s in slots if s.day == first.day]) - 1
    assert _trades(db) == _trades(day_simulated)
    assert _clubs(db) == _clubs(day_simulated)


def test_a_keyboard_game_on_another_day_trades_nothing(tmp_path):
    db = _league(tmp_path, "early")
    sv.sim_days(db, days=1)          # past the trade day: no trade day left before July
    _ctx, slots = sv.games_to_play(db)
    sv.start_live(db, number=slots[0].number, people=(1,))
    assert len(_trades(db)) == 1    # the one of the day simulated, none more


def test_a_saved_keyboard_game_resumed_after_a_trade_of_its_men_goes_on_as_it_began(tmp_path):
    """The rule (issue 32, the README's Play area): a game in progress goes on with its men as they
    were when it began — its line-ups are the game's record — and a trade (or a move, a
    release) made while it waits saved counts from the next game. Before, the resumed game read
    its men from the rosters after the trade: the traded man 'plays for' his new club, and the
    line-ups were refused (LeagueError) when the game was checked and recorded."""
    from storage import repository as repo
    from tui.services.db import Work

    from tests_live_helpers import Quit
    db = str(tmp_path / "saved.sqlite3")
    sv.create_league(db, "pac", sample_league_path("pacific"))
    sv.new_season(db, seed=3)
    setup = sv.start_live(db, number=1, people=(1,))
    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={1: person(quit_after=6)},
                     computer=ComputerManager, live_dice=lambda: SeededDice(7),
                     dh=setup.league.dh_for(info.home), fatigue=info.fatigue, saved=info.log)
    with pytest.raises(Quit):
        g.play()
    sv.save_live(db, info.id, g.live_log)              # the game waits, saved mid-game
    home = info.lineups[1]
    man = home.order[0]
    other = next(t.code for t in setup.league.teams if t.code not in (info.away, info.home))
    theirs = next(p.id for p in setup.league.team(other).players if p.pitching is None)
    sv.transact(db, "trade", players=[man], team=home.team, other_team=other, others=[theirs])
    again = sv.resume_live(db, info.id)
    assert again.info.lineups == info.lineups
    assert again.players[man].team == home.team          # in this game, as it began
    assert sv.season_league(db).player(man).team == other    # on his new club from now
    for lineup in again.info.lineups:
        lineup.validate(again.players, again.league.dh_for(info.home))
    g, _ = live_game(again.ruleset, again.players, *again.info.lineups, people={1: person()},
                     computer=ComputerManager, live_dice=lambda: SeededDice(7),
                     dh=again.league.dh_for(info.home), fatigue=again.info.fatigue,
                     saved=again.info.log, extra_innings=again.innings)
    assert sv.finish_live(db, info.id, g.play(), g.live_log) == 1
    with Work.of(db, None).session() as s:
        sid = repo.find_season(session=s, league_id=repo.find_league(session=s).id).id
        mine = [ln for ln in repo.batting_lines(session=s, season_ids=[sid]) if ln.player == man]
    assert [ln.team for ln in mine] == [home.team]        # his line is his old club's
    assert sv.boxscore(db, 1)                             # and the box score reads it
