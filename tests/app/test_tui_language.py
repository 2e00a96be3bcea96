"""One language at a time, everywhere: `L` switches every screen of the app at once, and each
screen then shows its labels, keys, names and texts in that language only."""
from __future__ import annotations

import re

from tui import services
from tui.app import ImpactApp

from tui_helpers import screen_text, settled, until

SIZE = (120, 36)
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]+")
ENGLISH = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z][a-z]{2,}(?![A-Za-z0-9])")
# the league's own name (it has no English one) and the app's title
LEAGUE_NAME = "日本インパクト野球機構"
APP_TITLE = "Impact League"
AREAS = "123456789"
KEY_NAMES = {"Enter", "Esc", "Space", "Shift", "Ctrl", "Tab"}   # keys are named alike in both


def _lines(app) -> list[str]:
    # the header line carries the app's title and the league's name: not labels
    return screen_text(app).splitlines()[1:]


def japanese_left(app) -> list[str]:
    """Japanese text on the screen in English mode (the league's own name aside)."""
    return [w for line in _lines(app) for w in JAPANESE.findall(line.replace(LEAGUE_NAME, ""))]


def english_left(app) -> list[str]:
    """English words on the screen in Japanese mode (ids, stat codes and the league's Latin
    names aside: words of lower-case letters are what a label would leave)."""
    return [w for line in _lines(app) for w in ENGLISH.findall(line) if w not in KEY_NAMES]


async def _season_under_way(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    return db, app


async def test_every_area_shows_one_language_and_L_switches_it(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        services.sim_days(db, days=3)
        app.data_changed()
        assert app.japanese
        for key in AREAS:
            await pilot.press(key)
            await settled(app, pilot)
            assert english_left(app) == [], (app.current_mode, english_left(app))
            await pilot.press("L")
            await until(pilot, lambda: not app.japanese)
            await settled(app, pilot)
            assert japanese_left(app) == [], (app.current_mode, japanese_left(app))
            await pilot.press("L")
            await until(pilot, lambda: app.japanese)
            await settled(app, pilot)
            assert english_left(app) == [], (app.current_mode, english_left(app))


def _plays(app) -> list[str]:
    """The box score's play-by-play, a line a play."""
    plays = app.screen.query_one("#plays-table")
    return [str(plays.get_row_at(i)[2]) for i in range(plays.row_count)]


async def test_a_box_score_and_its_play_by_play_follow_the_language(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        services.sim_days(db, days=1)
        app.data_changed()
        app.open_boxscore(1)
        await until(pilot, lambda: app.screen.query("#box-text")
                    and "計" in str(app.screen.query_one("#box-text").render()))
        plays = app.screen.query_one("#plays-table")
        await until(pilot, lambda: plays.row_count > 30)
        lines = [str(plays.get_row_at(i)[2]) for i in range(plays.row_count)]
        assert not [x for x in lines if ENGLISH.search(x)], lines   # 一球速報 in Japanese
        await pilot.press("L")
        # the box text and the plays table are relabelled one after the other (the table at a
        # later repaint): wait for both, then read them
        await until(pilot, lambda: "Totals" in str(app.screen.query_one("#box-text").render())
                    and not [x for x in _plays(app) if JAPANESE.search(x)])
        box = str(app.screen.query_one("#box-text").render())
        assert not JAPANESE.search(box), box     # labels, teams and players in Latin letters
        lines = _plays(app)
        assert len(lines) > 30 and not [x for x in lines if JAPANESE.search(x)], lines
        await settled(app, pilot)
        assert japanese_left(app) == []


async def test_L_switches_the_areas_behind_too(tmp_path):
    """A screen not in front changes with the setting, before it is shown again."""
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        for key in "2345":
            await pilot.press(key)
            await settled(app, pilot)
        behind = {mode: app._screen_stacks[mode][-1] for mode in
                  ("schedule", "teams", "players", "leaders")}
        await pilot.press("1")
        await settled(app, pilot)
        await pilot.press("L")
        await until(pilot, lambda: not app.japanese)
        await settled(app, pilot)
        titles = {mode: str(screen.query_one(".area-title").render())
                  for mode, screen in behind.items()}
        assert titles["schedule"].startswith("Schedule")
        assert titles["teams"].startswith("Teams")
        assert titles["players"].startswith("Players")
        assert titles["leaders"].startswith("Batting leaders")
        keys = {mode: {b.description for _k, b in screen._bindings} for mode, screen in behind.items()}
        assert "Sim day" in keys["schedule"] and "Next team" in keys["teams"]
