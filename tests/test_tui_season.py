"""The Season area at the keyboard: the phase and what comes next, the postseason bracket with
series scores, and the walk from the end of the regular season through the postseason into the
next season. A small league of two leagues of three keeps the season short."""
from __future__ import annotations

from pathlib import Path

from season_helpers import small_league
from tui import services
from tui.app import ImpactApp
from tui_helpers import opened, settled_screenshot, until

SIZE = (100, 30)

def _text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_through_the_postseason_into_the_next_season(tmp_path, snapshot):
    db = small_league(tmp_path)
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("9")
        await until(pilot, lambda: app.screen.query("#season-next")
                    and "ポストシーズン開始" in _text(app, "#season-next"))
        assert "レギュラーシーズン" in _text(app, "#season-title")
        await pilot.press("c")          # not yet: the postseason comes first
        await pilot.press("s")
        await until(pilot, lambda: app.screen.query_one("#bracket-table").row_count == 5
                    and "ポストシーズン" in _text(app, "#season-title"))
        await pilot.press("n")          # one game
        await until(pilot, lambda: app.screen.query_one("#series-games").row_count == 1)
        await pilot.press("p")          # the next game at the keyboard: its set-up dialog
        await until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen.query("#bracket-table"))
        await pilot.press("e")          # the rest
        await until(pilot, lambda: "優勝" in _text(app, "#season-title"), tries=600)
        view = services.postseason(db)
        assert view.finished and view.champion
        snapshot.snapshot_dir = Path(__file__).parent / "snapshots"
        snapshot.assert_match(await settled_screenshot(app, pilot), "season.svg")
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")  # final: asked
        await pilot.press("y")
        await until(pilot, lambda: "シーズン終了" in _text(app, "#season-title"))
        await pilot.press("N")
        await until(pilot, lambda: "2027" in _text(app, "#season-title"))
        assert "レギュラーシーズン" in _text(app, "#season-title")
        assert app.screen.query_one("#bracket-table").row_count == 0
    info = services.season_info(db)
    assert (info.number, info.year, info.phase, info.final) == (2, 2027, "regular", 0)


async def test_the_next_season_shows_the_off_season_that_made_it(tmp_path):
    """`N` after a closed season: the off-season (§7) shows in the Season area, who left, the
    draft and the changes (変化), in either language."""
    db = small_league(tmp_path)
    services.start_postseason(db)
    services.sim_postseason(db)
    services.close_season(db)
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("9")
        await until(pilot, lambda: app.screen.query("#season-title")
                    and "シーズン終了" in _text(app, "#season-title"))
        assert not app.screen.query_one("#offseason-table").display
        await pilot.press("N")
        await until(pilot, lambda: "2027" in _text(app, "#season-title"))
        # the off-season that made it (§7): who left, the draft, the changes (変化)
        off = services.offseason(db)
        rows = len(off.departures) + len(off.picks) + min(20, len(off.changes))
        await until(pilot, lambda: app.screen.query_one("#offseason-table").row_count == rows)
        assert "オフシーズン" in _text(app, "#offseason-title")
        await pilot.press("L")
        await until(pilot, lambda: "Off-season" in _text(app, "#offseason-title"))
        table = app.screen.query_one("#offseason-table")
        steps = {str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        assert "Change" in steps and not any("変化" in x or "引退" in x for x in steps)
