"""The card editor's "from a stat line": the season line typed in becomes the card in the
fields (nothing stored until Save), a bad line is refused in the dialog."""
from __future__ import annotations

from league.engine.cards import BAT_COLUMNS, parse_bounds
from tui import services
from tui.app import ImpactApp

from tui_helpers import opened, until

SIZE = (80, 24)


def _keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def _editor(app, pilot, db):
    await opened(app, pilot)
    await pilot.press("3")
    await until(pilot, lambda: app.screen.query("#batters-table")
                and app.screen.query_one("#batters-table").row_count > 0)
    app.screen.query_one("#batters-table").focus()
    await pilot.press("e")
    await until(pilot, lambda: app.screen.query("#card-editor"))
    return app.screen


async def test_a_stat_line_fills_the_card_and_save_keeps_it(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        editor = await _editor(app, pilot, db)
        before = editor.query_one("#f-batting-bounds").value
        pid = editor.player.id          # the highlighted batter of the first team
        await pilot.press("ctrl+l")
        await until(pilot, lambda: editor.focused is editor.query_one("#f-statline"))
        await pilot.press(*_keys("PA=600 AB=520 H=170 2B=35 3B=2 HR=35 BB=70 SO=100 SB=2"),
                          "enter")
        await until(pilot, lambda: editor.query_one("#f-batting-bounds").value != before)
        made = editor.query_one("#f-batting-bounds").value
        # read as the game reads a card: a column the card has no room for is "-"
        assert parse_bounds(made, BAT_COLUMNS, "card").width("HR") >= 9   # 35 HR: a slugger's
        assert editor.query_one("#f-batting-positions").value.startswith("C")  # kept
        # nothing is stored before Save
        assert services.season_league(db).player(pid).batting.bounds.text() == before
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not app.screen.query("#card-editor"))
        await until(pilot, lambda: services.season_league(db).player(pid)
                    .batting.bounds.text() == made)


async def test_a_bad_stat_line_is_refused_in_the_dialog(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        editor = await _editor(app, pilot, db)
        await pilot.press("ctrl+l", *_keys("PA=600 打率=.300"), "enter")
        await until(pilot, lambda: "is not a batting statistic"
                    in str(editor.query_one("#card-error").render()))
        assert app.screen is editor
