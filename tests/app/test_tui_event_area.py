"""The Melting Pot area of the league app (key 7) at 80×24, in both languages: the projector view
(F2) from the slip entry and from the result screen after F5 (issue 29: F2 crashed the app with
'ImpactApp' object has no attribute 'show_public')."""
from __future__ import annotations

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)
NAMES = ["Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi"]


def _on(app, name: str) -> bool:
    return type(app.screen).__name__ == name


async def _event_in_the_league_app(app, pilot) -> None:
    """Open the league, go to the Melting Pot area and start a six-player event."""
    app.animation_level = "none"
    await until(pilot, lambda: app.current_mode == "standings")
    await pilot.press("7")
    await until(pilot, lambda: _on(app, "EventsScreen"))
    await pilot.press("n")
    await until(pilot, lambda: _on(app, "SetupScreen"))
    await pilot.press(*", ".join(NAMES))
    await pilot.press("enter")
    for value in ("15", "25", "45"):
        await pilot.press(*value)
        await pilot.press("enter")
    await pilot.press("ctrl+s")
    await until(pilot, lambda: _on(app, "SlipEntryScreen"))


@pytest.mark.parametrize("japanese", [True, False])
async def test_f2_shows_the_projector_from_slip_entry_and_the_result(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _event_in_the_league_app(app, pilot)
        await pilot.press("f2")
        await until(pilot, lambda: _on(app, "PublicScreen"))
        lines = str(app.screen.query_one("#public-lines").render())
        assert ("第1ラウンド: 敵の兵力" if japanese else "Round 1: enemy force") in lines
        await pilot.press("f2")
        await until(pilot, lambda: _on(app, "SlipEntryScreen"))
        for slip in ("10", "20", "30", "40", "50", "5"):
            before = app.event
            await pilot.press(*slip)
            await pilot.press("enter")
            await until(pilot, lambda: app.event is not before)
        await pilot.press("f5")
        await until(pilot, lambda: _on(app, "ResultScreen"))
        await pilot.press("f2")
        await until(pilot, lambda: _on(app, "PublicScreen"))
        await pilot.press("space")   # the reveal steps on the projector
        await until(pilot, lambda: app.event.stage != "entry")
        await pilot.press("escape")
        await until(pilot, lambda: _on(app, "ResultScreen"))
        assert app.is_running


def _footer_keys(app) -> list[str]:
    from textual.widgets._footer import FooterKey

    return [k.key for k in app.screen.query(FooterKey) if not k.has_class("-command-palette")]


async def test_the_melting_pot_areas_footer_starts_with_the_keys_panel(tmp_path):
    """README: every area's footer starts with `?` — the Melting Pot's (7) too, and `?` opens
    and closes the keys panel there; the event app alone (no keys panel) shows no `?`."""
    from tui.troop.app import TroopApp

    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=(100, 30)) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("7")
        await until(pilot, lambda: _on(app, "EventsScreen") and _footer_keys(app)
                    and _footer_keys(app)[0] == "question_mark")
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen.query("HelpPanel"))
        await pilot.press("question_mark")
        await until(pilot, lambda: not app.screen.query("HelpPanel"))
    alone = TroopApp(db_url=f"sqlite:///{tmp_path / 'events.sqlite3'}", export_dir=tmp_path)
    async with alone.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: _on(alone, "EventsScreen") and "n" in _footer_keys(alone))
        assert "question_mark" not in _footer_keys(alone)
