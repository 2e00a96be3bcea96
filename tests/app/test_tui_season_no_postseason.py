"""The Season area (`9`) of a league that plays no postseason (one league without [postseason],
or format = "none"): the bracket says the league plays none, where it said "The postseason has
not started" for ever, and the postseason's keys (s n e p) leave the footer and the keys panel."""
from __future__ import annotations

import pytest
from textual.widgets._footer import FooterKey

from tui import services
from tui.app import ImpactApp

from tui_helpers import screen_text, until

SIZE = (100, 30)
POSTSEASON_KEYS = {"s", "n", "e", "p"}


def _footer(app) -> set[str]:
    return {k.key for k in app.screen.query(FooterKey)}


@pytest.mark.parametrize("japanese", [True, False])
async def test_a_league_without_a_postseason_says_so(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="mini")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        assert not services.has_postseason(db)
        await pilot.press("9")
        words = ("このリーグにポストシーズンはありません" if japanese
                 else "This league plays no postseason")
        await until(pilot, lambda: app.current_mode == "season" and words in screen_text(app))
        await until(pilot, lambda: "c" in _footer(app) and not POSTSEASON_KEYS & _footer(app))
        services.sim_days(db, to_end=True)             # played: next is closing it, still no keys
        app.data_changed()
        await until(pilot, lambda: app.screen.data.status.next_action == "close")
        assert words in screen_text(app) and not POSTSEASON_KEYS & _footer(app)


async def test_a_league_with_a_postseason_keeps_its_keys(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="nippon")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("9")
        await until(pilot, lambda: app.current_mode == "season" and app.screen.data is not None)
        await until(pilot, lambda: POSTSEASON_KEYS <= _footer(app))
        assert "This league plays no postseason" not in screen_text(app)
