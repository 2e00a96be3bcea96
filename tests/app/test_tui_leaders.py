"""The Leaders area at the keyboard: switch kind, cycle and choose stats, filter by team, the
qualifiers shown, Enter opens the player in the Players area; and a snapshot of the screen."""
from __future__ import annotations

import asyncio
from pathlib import Path

from tui import services
from tui.app import ImpactApp

from tui_helpers import opened as _opened
from tui_helpers import settled_screenshot
from tui_helpers import until as _until

SIZE = (120, 40)


async def _open_leaders(app, pilot, db):
    await _opened(app, pilot)
    services.sim_days(db, days=3)
    app.data_changed()
    await pilot.press("5")
    await _until(pilot, lambda: app.screen.query("#leaders-table")
                 and app.screen.query_one("#leaders-table").row_count > 0)


def _board(app):
    screen = app.screen
    return screen.data.view if screen.data else None


def _first_ids(app, n=5):
    t = app.screen.query_one("#leaders-table")
    return [t.coordinate_to_cell_key((i, 0)).row_key.value for i in range(min(n, t.row_count))]


async def test_switch_kind_cycle_stats_and_filter_by_team(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_leaders(app, pilot, db)
        screen = app.screen
        assert _board(app).stat == "avg"
        # 3 team games × 3.1 = 9.3, rounded half up as NPB rounds 規定打席
        assert "規定打席 9  (" in str(screen.query_one("#leaders-qualifier").render())
        expected = services.leaders(db, kind="batting", stat="avg", limit=30)
        assert _first_ids(app) == [r.player_id for r in expected.rows[:5]]
        await pilot.press("s")
        await _until(pilot, lambda: _board(app).stat == "hr")
        assert _first_ids(app) == [r.player_id for r in
                                   services.leaders(db, kind="batting", stat="hr", limit=30).rows[:5]]
        await pilot.press("k")
        await _until(pilot, lambda: _board(app).kind == "pitching" and _board(app).stat == "era")
        assert "規定投球回 3" in str(screen.query_one("#leaders-qualifier").render())
        await pilot.press("s")
        await _until(pilot, lambda: _board(app).stat == "wins")
        screen.choose_stat("so")       # what choosing a column header does
        await _until(pilot, lambda: _board(app).stat == "so")
        values = [r.value for r in _board(app).rows]
        assert values == sorted(values, reverse=True)
        await pilot.press("t")
        await _until(pilot, lambda: screen.team == "SAP" and _board(app).rows
                     and all(r.team == "SAP" for r in _board(app).rows))
        await pilot.press("L")
        await _until(pilot, lambda: "Pitching leaders" in str(screen.query_one("#leaders-title").render()))


async def test_enter_opens_the_leader_in_the_players_area(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_leaders(app, pilot, db)
        first = _first_ids(app, 1)[0]
        app.screen.query_one("#leaders-table").focus()
        await pilot.press("enter")
        await _until(pilot, lambda: app.current_mode == "players")
        await _until(pilot, lambda: getattr(app.screen, "detail", None) is not None
                     and app.screen.detail[0].id == first)


def test_leaders_snapshot(tmp_path, snapshot):
    db = str(tmp_path / "league.sqlite3")

    async def run():
        app = ImpactApp(db=db, sample="pacific")
        async with app.run_test(size=SIZE) as pilot:
            await _open_leaders(app, pilot, db)
            return await settled_screenshot(app, pilot)

    svg = asyncio.run(run())
    snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
    snapshot.assert_match(svg, "leaders.svg")


async def test_the_fielding_boards_by_position(tmp_path):
    """k cycles batting → pitching → fielding → batting; on the fielding boards p steps through
    NPB's 守備率 boards (every position, then 投手 捕手 一塁手 二塁手 三塁手 遊撃手 外野手), each
    the service's board (as `impact leaders --kind fielding --pos C` prints it), with its
    qualifier: two thirds of the team's games in the field, catchers half."""
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_leaders(app, pilot, db)
        screen = app.screen
        await pilot.press("k")
        await _until(pilot, lambda: _board(app).kind == "pitching")
        await pilot.press("k")
        await _until(pilot, lambda: _board(app).kind == "fielding"
                     and _board(app).stat == "fielding_pct" and _board(app).position is None)
        assert "全守備位置" in str(screen.query_one("#leaders-title").render())
        # 3 team games: 2 games in the field qualify
        assert "規定試合数 (守備) 2  (" in str(screen.query_one("#leaders-qualifier").render())
        await pilot.press("p")
        await _until(pilot, lambda: _board(app).position == "P")
        await pilot.press("p")
        await _until(pilot, lambda: _board(app).position == "C")
        assert "捕手 (C)" in str(screen.query_one("#leaders-title").render())
        assert "× 1/2" in str(screen.query_one("#leaders-qualifier").render())
        want = services.leaders(db, kind="fielding", position="C", limit=30)
        assert want.rows and _first_ids(app) == [r.player_id for r in want.rows[:5]]
        await pilot.press("k")
        await _until(pilot, lambda: _board(app).kind == "batting" and _board(app).position is None)
