"""The Teams area at the keyboard: cycle teams, edit a card (an impossible one is refused in the
dialog, a good one is saved for the season), move players between the 28 and the reserves,
save a batting order; and a snapshot of the screen."""
from __future__ import annotations

import asyncio
from pathlib import Path

from tui import services
from tui.app import ImpactApp
from tui.labels import label

from tui_helpers import opened as _opened
from tui_helpers import settled_screenshot
from tui_helpers import until as _until

SIZE = (120, 40)


def _keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def _open_teams(app, pilot, db):
    await _opened(app, pilot)
    services.sim_days(db, days=3)
    app.data_changed()
    await pilot.press("3")
    await _until(pilot, lambda: app.screen.query("#batters-table")
                 and app.screen.query_one("#batters-table").row_count > 0)


async def _toggle_reserve(pilot, screen, db, pid: str) -> int:
    """`r` on a pitcher of SAP; waits until the move is stored and the area shows the roster
    read after it (its active count in the title), and returns that count."""
    reserved = pid in services.team_roster(db, "SAP").reserves
    pitchers = screen.query_one("#pitchers-table")
    pitchers.focus()
    pitchers.move_cursor(row=pitchers.get_row_index(pid))
    await pilot.press("r")
    await _until(pilot, lambda: (pid in services.team_roster(db, "SAP").reserves) != reserved)
    active = len(services.team_roster(db, "SAP").active)
    await _until(pilot, lambda: f"{active}/29" in str(screen.query_one("#teams-title").render()))
    return active


def _notes(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)


async def test_team_cycling_and_roster_ratings(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_teams(app, pilot, db)
        screen = app.screen
        assert screen.view.team == "SAP"
        batters = screen.query_one("#batters-table")
        pitchers = screen.query_one("#pitchers-table")
        assert batters.row_count + pitchers.row_count >= 28
        row = [str(c) for c in batters.get_row("SAP01")]
        age = str(screen.view.age(screen.view.players[0]))
        assert screen.view.players[0].id == "SAP01" and 18 <= int(age) <= 41
        assert row[2:8] == ["SAP01", "柴田 修", age, "R", "C4", "3"]
        await pilot.press("w")       # widths instead of bounds: 1B is 22 - 3 = 19 rolls wide
        assert [str(c) for c in batters.get_row("SAP01")][8] == "19"
        await pilot.press("n")
        await _until(pilot, lambda: screen.view.team == "SEN")
        await pilot.press("p", "p")
        await _until(pilot, lambda: screen.view.team != "SEN" and screen.view.team != "SAP")


async def test_an_impossible_card_is_refused_and_a_good_one_saved(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_teams(app, pilot, db)
        app.screen.query_one("#batters-table").focus()
        await pilot.press("e")
        await _until(pilot, lambda: app.screen.query("#card-editor"))
        editor = app.screen
        bounds = editor.query_one("#f-batting-bounds")
        assert bounds.value == "3 22 27 28 70 86 91 100"
        bounds.focus()
        await pilot.press("end", "ctrl+u", *_keys("5 28 34 30 62 80 89 100"), "enter")
        # the refusal in the app's language (Japanese): the field, the bound and the one before it
        await _until(pilot, lambda: "一つ前の境界" in str(editor.query_one("#card-error").render()))
        assert app.screen is editor
        assert "HR の境界 ~30 が一つ前の境界 (~34) より小さい" in _notes(app)
        assert services.season_league(db).player("SAP01").batting.bounds.bound("HR") == 28
        await pilot.press("end", "ctrl+u", *_keys("5 28 34 40 62 80 89 100"))
        editor.query_one("#f-batting-SR").focus()
        await pilot.press("end", "ctrl+u", *_keys("9"), "enter")
        await _until(pilot, lambda: not app.screen.query("#card-editor"))
        await _until(pilot, lambda: services.season_league(db).player("SAP01")
                     .batting.bounds.bound("HR") == 40)
        card = services.season_league(db).player("SAP01").batting
        assert card.SR == 9
        # the league's own card is unchanged: the edit is the season's
        assert services.open_league(db).player("SAP01").batting.bounds.bound("HR") == 28
        await _until(pilot, lambda: [str(c) for c in app.screen.query_one("#batters-table")
                                     .get_row("SAP01")][10] == "40")


async def test_a_pitcher_rating_out_of_range_is_refused(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_teams(app, pilot, db)
        table = app.screen.query_one("#pitchers-table")
        table.focus()
        table.move_cursor(row=table.get_row_index("SAP22"))
        await pilot.press("e")
        # the editor is open once its fields are (the screen exists a moment before them)
        await _until(pilot, lambda: app.screen.query("#card-editor #f-pitching-rest"))
        editor = app.screen
        editor.query_one("#f-pitching-rest").focus()
        await pilot.press("end", "ctrl+u", "1", "1", "enter")
        await _until(pilot, lambda: "rest 11 が 0〜10 の外です" in str(editor.query_one("#card-error").render()))
        await pilot.press("escape")
        await _until(pilot, lambda: not app.screen.query("#card-editor"))
        assert services.season_league(db).player("SAP22").pitching.rest == 2


async def _edit_starter(app, pilot, pid, value):
    table = app.screen.query_one("#pitchers-table")
    table.focus()
    table.move_cursor(row=table.get_row_index(pid))
    await pilot.press("e")
    await _until(pilot, lambda: app.screen.query("#card-editor #f-pitching-starter"))
    app.screen.query_one("#f-pitching-starter").focus()
    await pilot.press("end", "ctrl+u", *value, "enter")
    await _until(pilot, lambda: not app.screen.query("#card-editor"))


async def test_a_card_that_leaves_the_team_without_a_rotation_is_refused(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_teams(app, pilot, db)
        # six starters: the first becomes a reliever (saved), the second would leave four
        await _edit_starter(app, pilot, "SAP16", "0")
        await _until(pilot, lambda: services.season_league(db).player("SAP16")
                     .pitching.starter == 0)
        await _until(pilot, lambda: app.screen.query_one("#pitchers-table").row_count
                     and str(app.screen.query_one("#pitchers-table").get_row("SAP16")[6]) == "救援")
        await _edit_starter(app, pilot, "SAP17", "0")
        await _until(pilot, lambda: "ローテーションには 5 人以上必要です" in _notes(app))
        assert services.season_league(db).player("SAP17").pitching.starter == 8


async def test_reserves_and_a_saved_batting_order(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_teams(app, pilot, db)
        screen = app.screen
        active = await _toggle_reserve(pilot, screen, db, "SAP16")
        assert "SAP16" in services.team_roster(db, "SAP").reserves
        pitchers = screen.query_one("#pitchers-table")
        # a second starter sent down would leave four: refused with the reason
        pitchers.move_cursor(row=pitchers.get_row_index("SAP17"))
        await pilot.press("r")
        await _until(pilot, lambda: "ローテーションには 5 人以上必要です" in _notes(app))
        assert services.team_roster(db, "SAP").reserves == frozenset({"SAP16"})
        # back to the 28 (and shown: a reload landing later would redraw the batting order
        # under the keys below)
        assert await _toggle_reserve(pilot, screen, db, "SAP16") == active + 1
        assert not services.team_roster(db, "SAP").reserves
        # the batting order: the second batter moves up to lead off, then saved
        before = services.team_roster(db, "SAP").order
        order = screen.query_one("#order-table")
        order.focus()
        order.move_cursor(row=1)
        await pilot.press("shift+up", "s")
        await _until(pilot, lambda: services.team_roster(db, "SAP").order_saved)
        after = services.team_roster(db, "SAP").order
        assert after[0] == before[1] and after[1] == before[0] and after[2:] == before[2:]
        # and the rotation
        before = services.team_roster(db, "SAP").rotation
        rotation = screen.query_one("#rotation-table")
        rotation.focus()
        rotation.move_cursor(row=0)
        await pilot.press("shift+down", "s")
        await _until(pilot, lambda: services.team_roster(db, "SAP").rotation_saved)
        assert services.team_roster(db, "SAP").rotation[:2] == (before[1], before[0])


async def test_an_unsaved_batting_order_survives_a_reload_and_is_what_is_saved(tmp_path):
    """A batting order edited and not yet saved stays on screen, marked unsaved, when the area
    reloads after another change (a pitcher reserved); saving then stores the edited order."""
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _open_teams(app, pilot, db)
        screen = app.screen
        before = services.team_roster(db, "SAP").order
        order = screen.query_one("#order-table")
        order.focus()
        order.move_cursor(row=1)
        await pilot.press("shift+up")
        await _until(pilot, lambda: screen.lists["order"][0] == before[1])
        unsaved = label("tm_unsaved", app.japanese)
        assert unsaved in str(screen.query_one("#order-title").render())
        # a pitcher reserved meanwhile: the area reloads with the roster read after it
        await _toggle_reserve(pilot, screen, db, "SAP16")
        assert "SAP16" in services.team_roster(db, "SAP").reserves
        assert screen.lists["order"][:2] == [before[1], before[0]]
        assert unsaved in str(screen.query_one("#order-title").render())
        assert not services.team_roster(db, "SAP").order_saved
        # saved: the edited order is the one stored, and shown as saved
        order.focus()
        await pilot.press("s")
        await _until(pilot, lambda: services.team_roster(db, "SAP").order_saved)
        after = services.team_roster(db, "SAP").order
        assert after[0] == before[1] and after[1] == before[0] and after[2:] == before[2:]
        await _until(pilot, lambda: unsaved not in str(screen.query_one("#order-title").render()))


def test_teams_snapshot(tmp_path, snapshot):
    db = str(tmp_path / "league.sqlite3")

    async def run():
        app = ImpactApp(db=db, sample="pacific")
        async with app.run_test(size=SIZE) as pilot:
            await _open_teams(app, pilot, db)
            return await settled_screenshot(app, pilot)

    svg = asyncio.run(run())
    snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
    snapshot.assert_match(svg, "teams.svg")
