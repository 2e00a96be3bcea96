"""The play, teams and players screens at the two terminal sizes the app is made for: 80×24
(nothing cut: the play screen's panel and condition rows fit) and 120×36. Snapshots
(tests/snapshots/<screen>_<W>x<H>.svg); regenerate with --snapshot-update after a deliberate
change, or after the bundled cards change numbers."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import test_tui_play as play
from test_tui_players import _detail_of, _open_players
from test_tui_teams import _open_teams

from tui.app import ImpactApp

from tui_helpers import settled_screenshot

SIZES = [(80, 24), (120, 36)]


async def _to_play(app, pilot, db, monkeypatch):
    monkeypatch.setattr(play.play_module, "new_seed", lambda: 11)
    await play._opened(app, pilot)
    app.play_exhibition()
    await play._until(pilot, lambda: app.screen.query("#play-setup"))
    await pilot.press("b", "enter")
    await play._started(app, pilot)
    policy = play.Policy()
    while (await play._question(app, pilot))[0] != "offense_call":   # runners on, rolls marked
        await play._answer(app, pilot, policy)
    return False       # the engine worker waits for the answer: do not wait for workers


async def _to_teams(app, pilot, db, monkeypatch):
    await _open_teams(app, pilot, db)
    return True


async def _to_players(app, pilot, db, monkeypatch):
    await _open_players(app, pilot, db)
    await play._until(pilot, lambda: _detail_of(app, "SAP01"))
    return True


SCREENS = {"play": _to_play, "teams": _to_teams, "players": _to_players}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SCREENS))
def test_screen_at_size(tmp_path, snapshot, monkeypatch, name, size):
    db = str(tmp_path / "league.sqlite3")

    async def run():
        app = ImpactApp(db=db, sample="pacific")
        async with app.run_test(size=size) as pilot:
            workers = await SCREENS[name](app, pilot, db, monkeypatch)
            return await settled_screenshot(app, pilot, workers=workers)

    svg = asyncio.run(run())
    snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
    snapshot.assert_match(svg, f"{name}_{size[0]}x{size[1]}.svg")
