"""The Players area at the keyboard: filter the list, choose a player and see his card, season
and career stats, game log and season chart; and a snapshot of the screen."""
from __future__ import annotations

import asyncio
from pathlib import Path

from tui import services
from tui.app import ImpactApp

from tui_helpers import opened as _opened
from tui_helpers import settled_screenshot
from tui_helpers import until as _until

SIZE = (120, 40)


async def _open_players(app, pilot, db):
    await _opened(app, pilot)
    services.sim_days(db, days=3)
    app.data_changed()
    await pilot.press("4")
    await _until(pilot, lambda: app.screen.query("#players-table")
                 and app.screen.query_one("#players-table").row_count == 168)


def _detail_of(app, pid):
    return app.screen.detail is not None and app.screen.detail[0].id == pid


async def test_filter_choose_and_see_a_batter(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_players(app, pilot, db)
        screen = app.screen
        await pilot.press("slash", *"SEN0")
        table = screen.query_one("#players-table")
        await _until(pilot, lambda: table.row_count == 9)
        await pilot.press("enter", "down")
        assert screen.focused is table
        await _until(pilot, lambda: _detail_of(app, "SEN02"))
        _player, view, series = screen.detail
        # three days played: he is in two or three of the games (the manager rests or platoons)
        games = services.player(db, "SEN02").batting.games
        assert view.batting is not None and view.batting.games == games and 2 <= games <= 3
        assert screen.query_one("#player-card").player.id == "SEN02"
        assert screen.query_one("#player-log").row_count == games
        assert series.kind == "avg" and len(series.values) == games
        assert screen.query_one("#player-chart").data == list(series.values)
        stats = screen.query_one("#player-stats").render()
        assert stats is not None
        # by name (part of it) and by team short name
        await pilot.press("slash", "end", "ctrl+u", *"仙台")
        await _until(pilot, lambda: table.row_count == 28)


async def test_a_pitcher_shows_his_running_era(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_players(app, pilot, db)
        screen = app.screen
        view = services.player(db, "SAP16")
        screen.select_player("SAP16")
        await _until(pilot, lambda: _detail_of(app, "SAP16"))
        _player, _shown, series = screen.detail
        assert series.kind == "era"
        assert series == services.season_series(view)
        assert screen.query_one("#player-log").row_count == len(
            [e for e in view.game_log if "pitching" in e])
        assert "防御率" in str(screen.query_one("#chart-title").render())


async def test_english_labels_and_a_box_score_from_the_game_log(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_players(app, pilot, db)
        await _until(pilot, lambda: _detail_of(app, "SAP01"))
        await pilot.press("L")
        await _until(pilot, lambda: "Rolling AVG" in str(app.screen.query_one("#chart-title").render()))
        log = app.screen.query_one("#player-log")
        # his log holds every game he played in, from the start or as a substitute (which
        # games depends on the cards: rest days and platoons, docs/manager.md, "Line-ups")
        played = len(services.player(db, "SAP01").game_log)
        assert played >= 1
        await _until(pilot, lambda: log.row_count == played)
        log.focus()
        await pilot.press("enter")
        await _until(pilot, lambda: app.screen.query("#box-text"))


def test_players_snapshot(tmp_path, snapshot):
    db = str(tmp_path / "league.sqlite3")

    async def run():
        app = ImpactApp(db=db, sample="pacific")
        async with app.run_test(size=SIZE) as pilot:
            await _open_players(app, pilot, db)
            await _until(pilot, lambda: _detail_of(app, "SAP01"))
            return await settled_screenshot(app, pilot)

    svg = asyncio.run(run())
    snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
    snapshot.assert_match(svg, "players.svg")


async def test_a_man_released_keeps_his_page_found_by_the_filter(tmp_path):
    """Issue 31: a man who left the rosters (here released, 自由契約) is not in the list of the
    rosters, but the filter finds him by his id or name; his page shows his career and how and
    when he left, without a card; `y` opens his year by year with the same word."""
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        services.sim_days(db, days=3)
        services.transact(db, "release", players=["SEN02"])
        app.data_changed()
        await pilot.press("4")
        await _until(pilot, lambda: app.screen.query("#players-table")
                     and app.screen.query_one("#players-table").row_count == 167)
        screen = app.screen
        table = screen.query_one("#players-table")
        await pilot.press("slash", *"SEN02")
        await _until(pilot, lambda: table.row_count == 1)
        assert "自由契約" in str(table.get_row_at(0)[2])
        await pilot.press("enter")
        await _until(pilot, lambda: screen.detail is not None and screen.detail[1].id == "SEN02")
        player, view, _series = screen.detail
        assert player is None and view.team == "" and view.left["how"] == "released"
        assert view.batting is not None and view.batting.games >= 2     # his days before it
        assert not screen.query_one("#player-card").display
        import io

        from rich.console import Console
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(screen.query_one("#player-stats").content)
        text = console.export_text()
        assert "自由契約（仙台、" in text and "（第1シーズン）" in text, text
        await pilot.press("y")
        await _until(pilot, lambda: app.screen.query("#career-title")
                     and "自由契約" in str(app.screen.query_one("#career-title").render()))


async def test_the_game_log_lists_the_postseason_apart_under_each_series(tmp_path):
    """The game log held the regular season alone; as NPB's player pages (and impact player)
    list 日本シリーズ apart, each series' games follow under its name, and Enter on one opens its
    box score (on the name: nothing)."""
    from season_helpers import small_league

    db = small_league(tmp_path)
    services.start_postseason(db)
    services.sim_postseason(db)
    services.close_all()
    last = services.postseason(db).series[-1]
    box = services.boxscore(db, last.games[0].number, plays=False)
    pid = next(b["player"] for b in box.data["batting"] if b["pa"] > 0)
    view = services.player(db, pid)
    assert view.post_log
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await pilot.press("4")
        await _until(pilot, lambda: app.screen.query("#players-table")
                     and app.screen.query_one("#players-table").row_count > 0)
        app.screen.select_player(pid)
        await _until(pilot, lambda: _detail_of(app, pid))
        log = app.screen.query_one("#player-log")
        names = {e["series"]["key"]: e["series"]["name"] for e in view.post_log}
        played = [e for e in view.game_log if "batting" in e]
        await _until(pilot, lambda: log.row_count == len(played) + len(view.post_log)
                     + len(names))
        rows = [[str(c) for c in log.get_row_at(i)] for i in range(log.row_count)]
        at = len(played)
        assert rows[at][:2] == ["", view.post_log[0]["series"]["name"]]
        assert rows[at + 1][0] == str(view.post_log[0]["game"])
        log.focus()
        log.move_cursor(row=at)
        await pilot.press("enter")                       # a series' name: stays
        await pilot.pause()
        assert not app.screen.query("#box-text")
        log.move_cursor(row=at + 1)
        await pilot.press("enter")
        await _until(pilot, lambda: app.screen.query("#box-text"))
