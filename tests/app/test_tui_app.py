"""The league app at the keyboard: open each area, sim a week and see the standings change,
open a box score from the schedule, switch the language; and a snapshot of the main screens."""
from __future__ import annotations

from pathlib import Path

import pytest

from tui import services
from tui.app import ImpactApp

from league_db import trading_league
from tui_helpers import schedule_area, settled_screenshot, until

SIZE = (120, 40)


async def _opened(app, pilot):
    app.animation_level = "none"
    await until(pilot, lambda: app.current_mode == "standings" and app.screen.query("#standings-table")
                and app.screen.query_one("#standings-table").row_count)


_until = until


async def test_first_run_creates_the_twelve_team_league_and_shows_each_leagues_standings(
        tmp_path):
    """The first league's table opens (as before); `v` shows the other's, 交流戦, then both
    leagues' tables together, each under its name with its own ranks, as the papers print セ
    and パ, then the first again."""
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        table = app.screen.query_one("#standings-table")
        assert table.row_count == 6
        assert [str(c) for c in table.get_row_at(0)][2:6] == ["0", "0", "0", "0"]
        title = lambda: str(app.screen.query_one("#standings-title").render())  # noqa: E731
        assert "コスモ・リーグ" in title() and "レギュラーシーズン" in title()
        await pilot.press("v")
        await _until(pilot, lambda: "パノラマ・リーグ" in title())
        await pilot.press("v")
        # before its first game no 交流戦 table (twelve teams at 0-0): the day it begins
        await _until(pilot, lambda: "交流戦" in title()
                     and app.screen.query_one("#standings-table").row_count == 0
                     and "交流戦は5月26日開幕" in str(
                         app.screen.query_one("#standings-tiebreak").render()))
        await pilot.press("v")
        await _until(pilot, lambda: "両リーグ" in title()
                     and app.screen.query_one("#standings-table").row_count == 14)
        table = app.screen.query_one("#standings-table")
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(14)]
        assert (rows[0][:2], rows[7][:2]) == (["", "コスモ・リーグ"], ["", "パノラマ・リーグ"])
        assert [r[0] for r in rows[1:7]] == [r[0] for r in rows[8:14]] == list("123456")
        assert rows[1][2:6] == ["0", "0", "0", "0"]
        assert rows[1][7] == rows[8][7] == "-"             # each league's leader: its own ゲーム差
        assert table.cursor_row == 1                       # on a team, not a league's name
        await pilot.press("v")
        await _until(pilot, lambda: "コスモ・リーグ" in title()
                     and app.screen.query_one("#standings-table").row_count == 6)
    assert [lg.name for lg in services.list_leagues(db)] == ["nippon"]
    assert services.season_info(db).games == 858


async def test_sim_a_week_from_the_schedule_changes_the_standings(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    async with schedule_area(db, SIZE, sample="pacific") as (app, pilot):
        await pilot.press("w")
        await _until(pilot, lambda: not app.screen.simulating and "7" in str(app.screen.query_one("#sim-status").render()))
        await pilot.press("1")
        await _until(pilot, lambda: sum(int(str(app.screen.query_one("#standings-table").get_row_at(i)[2]))
                                        for i in range(6)) > 0)
        table = app.screen.query_one("#standings-table")
        played = [int(str(table.get_row_at(i)[2])) for i in range(6)]
        wins = [int(str(table.get_row_at(i)[3])) for i in range(6)]
        losses = [int(str(table.get_row_at(i)[4])) for i in range(6)]
        assert sum(played) == 2 * 21 and sum(wins) == sum(losses)
    assert services.standings(db).final == 21


async def test_escape_cancels_a_long_simulation_between_games(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    async with schedule_area(db, SIZE, sample="pacific") as (app, pilot):
        app.screen.start_sim("end")  # the same as pressing e
        await pilot.press("escape")
        await _until(pilot, lambda: not app.screen.simulating, tries=400)
        assert "中止" in str(app.screen.query_one("#sim-status").render())
    played = services.standings(db).final
    assert played < 360
    # what was cancelled carries on from where it stopped
    # (Esc may land between two games of one day: the rest of that day comes next)
    next_day = next(games for _day, games in services.schedule_days(db)
                    if any(g.status != "final" for g in games))
    left = sum(g.status != "final" for g in next_day)
    report = services.sim_days(db, days=1)
    assert report.games == left and services.standings(db).final == played + left


async def test_a_season_simulated_in_the_app_updates_the_screen_on_a_budget(tmp_path,
                                                                             monkeypatch):
    """Schedule, e (issue 34): the season's games through the command line's own service, the
    progress shown a few times a second (ScheduleScreen.SHOW_EVERY), not once a game, and the
    last figure is the whole season; the calendar and standings read and drawn again every
    couple of seconds (RELOAD_EVERY) while it runs, not with each figure."""
    import time

    from tui.screens.schedule import ScheduleScreen

    shown: list[tuple[int, int]] = []
    real = ScheduleScreen._progress
    reads: list[int] = []
    real_show = ScheduleScreen.show

    def counted(self, done, total, slot):
        shown.append((done, total))
        real(self, done, total, slot)

    def counted_show(self, data):
        if self.simulating:
            reads.append(len(shown))
        real_show(self, data)

    monkeypatch.setattr(ScheduleScreen, "_progress", counted)
    monkeypatch.setattr(ScheduleScreen, "show", counted_show)
    db = str(tmp_path / "league.sqlite3")
    async with schedule_area(db, SIZE, sample="pacific") as (app, pilot):
        t0 = time.monotonic()
        await pilot.press("e")
        await _until(pilot, lambda: not app.screen.simulating)
        elapsed = time.monotonic() - t0
    games = services.standings(db).games
    assert services.standings(db).final == games
    assert shown and shown[-1] == (games, games)
    assert len(shown) < games
    assert len(shown) <= elapsed / ScheduleScreen.SHOW_EVERY + 2
    assert len(reads) <= elapsed / ScheduleScreen.RELOAD_EVERY + 1


async def test_a_box_score_opens_from_the_schedule(tmp_path):
    db = str(tmp_path / "league.sqlite3")

    async def a_day_played(app, pilot):
        services.sim_days(db, days=1)
        app.data_changed()

    async with schedule_area(db, SIZE, before=a_day_played, sample="pacific") as (app, pilot):
        app.screen.query_one("#days-table").move_cursor(row=0)
        await _until(pilot, lambda: app.screen.query_one("#day-games").row_count
                     and "vs" not in str(app.screen.query_one("#day-games").get_row_at(0)[2]))
        app.screen.query_one("#day-games").focus()
        await pilot.press("enter")
        await _until(pilot, lambda: app.screen.query("#box-text") and "計" in str(app.screen.query_one("#box-text").render()))
        # the box text first, its tables filled after the next repaint (BoxScoreScreen.show)
        await _until(pilot, lambda: app.screen.query_one("#rolls-table").row_count > 100
                     and app.screen.query_one("#plays-table").row_count > 30)
        await pilot.press("escape")
        await _until(pilot, lambda: app.screen.query("#days-table"))


async def test_games_area_lists_finished_games_and_filters_by_team(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        services.sim_days(db, days=2)
        app.data_changed()
        await pilot.press("6")
        await _until(pilot, lambda: app.screen.query("#games-table") and app.screen.query_one("#games-table").row_count == 6)
        await pilot.click("#games-filter")
        await pilot.press(*"SAP")
        await _until(pilot, lambda: app.screen.query_one("#games-table").row_count == 2)


async def test_language_switch_relabels_the_table(tmp_path):
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        table = app.screen.query_one("#standings-table")
        assert str(table.columns[table.ordered_columns[6].key].label) == "勝率"
        await pilot.press("L")
        await _until(pilot, lambda: str(app.screen.query_one("#standings-table").ordered_columns[6].label) == "PCT")
        assert app.japanese is False
    # the choice is a setting: the next start shows English labels
    again = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with again.run_test(size=SIZE) as pilot:
        await _opened(again, pilot)
        assert again.japanese is False
        table = again.screen.query_one("#standings-table")
        assert str(table.ordered_columns[6].label) == "PCT"


def test_a_damaged_settings_file_gives_the_defaults(tmp_path, monkeypatch):
    from tui.settings import load_settings, save_setting

    f = tmp_path / "settings.json"
    monkeypatch.setenv("IMPACT_CONFIG", str(f))
    f.write_text("{not json", encoding="utf-8")
    assert load_settings() == {}
    assert save_setting("japanese", False) is None
    assert load_settings() == {"japanese": False}


async def test_a_broken_database_is_a_notification_not_a_crash(tmp_path):
    bad = tmp_path / "not-a-db.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    app = ImpactApp(db=str(bad), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _until(pilot, lambda: len(app._notifications) > 0)
        assert app.is_running


async def test_the_melting_pot_event_mode_is_an_area_of_the_league_app(tmp_path):
    """Issue 7: the facilitator runs an event from the same app (key 7), stored beside the league."""
    from storage.troop_store import TroopStore
    from tui.troop.screens.events import EventsScreen
    from tui.troop.screens.setup import SetupScreen

    db = tmp_path / "league.sqlite3"
    app = ImpactApp(db=str(db), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await pilot.press("7")
        await _until(pilot, lambda: isinstance(app.screen, EventsScreen))
        await pilot.press("n")
        await _until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("escape")
        await _until(pilot, lambda: isinstance(app.screen, EventsScreen))
        await pilot.press("1")  # other areas keep their own screen stacks
        await _until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("7")
        await _until(pilot, lambda: isinstance(app.screen, EventsScreen))
    store = TroopStore(f"sqlite:///{db}")
    try:
        assert store.events() == []
    finally:
        store.close()


async def _to_standings(app, pilot):
    app.data_changed()


async def _to_boxscore(app, pilot):
    app.open_boxscore(2)


SNAPSHOTS = {
    # name: (days simulated first, how to get there, when the screen is ready)
    "standings": (5, lambda app, pilot: _to_standings(app, pilot),
                  lambda s: s.query("#standings-table")
                  and int(str(s.query_one("#standings-table").get_row_at(0)[2])) > 0
                  and s.query_one("#recent-table").row_count == 3),
    "schedule": (3, lambda app, pilot: _press(app, pilot, "2"),
                 lambda s: s.query("#day-games") and s.query_one("#mini-standings").row_count == 6),
    "games": (3, lambda app, pilot: _press(app, pilot, "6"),
              lambda s: s.query("#games-table") and s.query_one("#games-table").row_count == 9),
    "boxscore": (1, lambda app, pilot: _to_boxscore(app, pilot),
                 lambda s: s.query("#box-text") and "計" in str(s.query_one("#box-text").render())),
}


async def _press(app, pilot, key):
    app.data_changed()
    await pilot.press(key)


@pytest.mark.parametrize("name", list(SNAPSHOTS))
def test_screen_snapshots(tmp_path, snapshot, name):
    """A screenshot of each main screen at a fixed size, after a fixed stretch of the season."""
    import asyncio

    db = str(tmp_path / "league.sqlite3")
    days, go, ready = SNAPSHOTS[name]

    async def run():
        app = ImpactApp(db=db, sample="pacific")
        async with app.run_test(size=SIZE) as pilot:
            await _opened(app, pilot)
            services.sim_days(db, days=days)
            await go(app, pilot)
            await _until(pilot, lambda: ready(app.screen))
            return await settled_screenshot(app, pilot)

    svg = asyncio.run(run())
    snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
    snapshot.assert_match(svg, f"{name}.svg")


@pytest.mark.parametrize("japanese", [True, False])
async def test_a_simulation_says_the_trades_it_made(tmp_path, japanese):
    """[trades] in_season (issue 32): the computer's clubs trade in the season; the schedule's
    simulation says how many trades it made, in the app's language, and the news has them."""
    folder = trading_league(tmp_path, "pacific", "pac")
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pac", folder)
    services.new_season(db, seed=3)
    async def in_language(app, pilot):
        app.japanese = japanese

    async with schedule_area(db, SIZE, before=in_language) as (app, pilot):
        app.screen.start_sim("end")         # the same as pressing e
        await _until(pilot, lambda: not app.screen.simulating
                     and "(" in str(app.screen.query_one("#sim-status").render()), patience=240)
        status = str(app.screen.query_one("#sim-status").render())
    made = [n for n in services.news(db) if n.kind == "trade"]
    assert made
    n = len(made)
    assert (f"トレード{n}件" if japanese else f"{n} trade{'s' if n > 1 else ''} made") in status, status
