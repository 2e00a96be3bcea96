"""The Standings area's charts (issue 35): `c` draws the pennant race (each team's 貯金 by date)
of the league whose table is chosen, `c` again the pennant odds over time, `c` once more the
tables; both languages, at 80x24, names as text."""
from __future__ import annotations

import shutil
from pathlib import Path

from tui import services as sv
from tui.app import ImpactApp

from tui_helpers import opened, screen_text, settled, until

SIZE = (80, 24)
SAMPLE = Path(__file__).resolve().parents[2] / "sample_leagues" / "nippon"


def _league(tmp_path: Path) -> str:
    folder = tmp_path / "nippon"
    shutil.copytree(SAMPLE, folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('short = "東京"', 'short = "[/b]東"', 1),
                    encoding="utf-8")
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "nippon", folder)
    sv.new_season(db, "nippon", games_per_opponent=2)
    sv.sim_days_with_odds(db, "nippon", days=3, runs=4, workers=1)
    sv.sim_days(db, "nippon", days=30)
    sv.close_all()
    return db


async def test_c_draws_the_pennant_race_then_the_odds_then_the_tables(tmp_path):
    db = _league(tmp_path)
    race = sv.pennant_race(db, "nippon")
    app = ImpactApp(db=db, league="nippon")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        screen = app.screen
        await until(pilot, lambda: screen._data is not None)
        await pilot.press("c")
        await until(pilot, lambda: screen.chart == "race" and screen._race is not None
                    and "ペナントレース" in screen_text(app))
        # the chart is mounted (laid out beside the table), then the table hidden: its size
        # is read once the screen has settled, not at the first frame that shows its title
        await settled(app, pilot)
        shown = screen_text(app)
        assert "コスモ・リーグ" in shown                      # the league of the table shown
        assert "[/b]東" in shown                             # a name as written, in the legend
        assert not screen.query_one("#standings-table").display
        from browser import artifacts
        (artifacts("app") / "standings-race-chart-80x24.svg").write_text(
            app.export_screenshot(), encoding="utf-8")
        assert race.race["CL"]["EDO"] and len(race.race["CL"]) == 6
        browser_free = screen.query_one("#chart-plot")
        assert browser_free.size.height >= 15                # the chart has the area to itself
        # `v` chooses the other league's table: the chart follows it
        await pilot.press("v")
        await until(pilot, lambda: "パノラマ・リーグ" in screen_text(app))
        await pilot.press("L")
        await until(pilot, lambda: "Pennant race" in screen_text(app)
                    and "Panorama League" in screen_text(app))
        await until(pilot, lambda: "Apr" in screen_text(app) or "May" in screen_text(app))
        await pilot.press("c")
        await until(pilot, lambda: screen.chart == "odds"
                    and "Pennant odds over time" in screen_text(app))
        await settled(app, pilot)
        from browser import artifacts
        (artifacts("app") / "standings-odds-chart-80x24.svg").write_text(
            app.export_screenshot(), encoding="utf-8")
        await pilot.press("c")
        await until(pilot, lambda: screen.chart is None
                    and screen.query_one("#standings-table").display)
        assert not screen.query_one("#standings-chart").display
    sv.close_all()
