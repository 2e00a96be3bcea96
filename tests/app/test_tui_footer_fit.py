"""The footer at 80×24 in both languages shows only keys that fit whole: none runs under the
command palette's key on the right (issue 29: a key cut there garbled its wide characters,
"^p コマ  ド")."""
from __future__ import annotations

import pytest

from tui.app import ImpactApp

from tui_helpers import settled, until

SIZE = (80, 24)


def _footer_fits(app) -> bool:
    from textual.widgets._footer import FooterKey

    footer = app.screen.query_one("KeyFooter")
    keys = list(footer.query(FooterKey))
    palette = [k for k in keys if k.has_class("-command-palette")]
    others = [k for k in keys if not k.has_class("-command-palette")]
    assert len(palette) == 1 and others
    edge = palette[0].region.x
    return all(k.region.right <= edge for k in others)


@pytest.mark.parametrize("japanese", [True, False])
async def test_every_areas_footer_keys_fit_beside_the_palette_key(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        for number, area in enumerate(("standings", "schedule", "teams", "players", "leaders",
                                       "games", "event", "history", "season"), start=1):
            await pilot.press(str(number))
            await until(pilot, lambda: app.current_mode == area
                        and app.screen.query("KeyFooter FooterKey.-command-palette")
                        and app.screen.query_one("KeyFooter FooterKey.-command-palette")
                        .region.width > 0)
            await settled(app, pilot)       # the footer laid out for the area's keys
            assert _footer_fits(app), area
        await pilot.press("question_mark")       # the keys panel narrows the footer
        await until(pilot, lambda: app.screen.query("HelpPanel"))
        await until(pilot, lambda: _footer_fits(app))
