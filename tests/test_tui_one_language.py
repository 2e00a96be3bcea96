"""One language at a time (issue 29): places where the other language's words leaked, walked at
80×24 in both languages — the command palette's prompt, the Melting Pot set-up's hint and its
refusals (too few players, a strength that is not a number). Names (the players', the event's)
are data and may be in either script."""
from __future__ import annotations

import re

import pytest

from tui.app import ImpactApp
from tui_helpers import until

SIZE = (80, 24)
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = ("Aiko", "Ben", "Chie", "Dai", "Emi")


def _other_language(text: str, japanese: bool) -> list[str]:
    """The other language's words in `text` (the players' names aside)."""
    for name in NAMES:
        text = text.replace(name, "")
    return ENGLISH_WORD.findall(text) if japanese else KANA_KANJI.findall(text)


def _on(app, name: str) -> bool:
    return type(app.screen).__name__ == name


@pytest.mark.parametrize("japanese", [True, False])
async def test_palette_prompt_and_melting_pot_set_up_in_one_language(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: _on(app, "CommandPalette"))
        prompt = app.screen.query_one("CommandInput").placeholder
        assert prompt == ("コマンドを検索…" if japanese else "Search for commands…")
        await pilot.press("escape")
        await until(pilot, lambda: not _on(app, "CommandPalette"))
        await pilot.press("7")
        await until(pilot, lambda: _on(app, "EventsScreen"))
        await pilot.press("n")
        await until(pilot, lambda: _on(app, "SetupScreen"))
        hint = str(app.screen.query_one("#players-hint").render())
        assert hint and not _other_language(hint, japanese), hint
        await pilot.press(*", ".join(NAMES))           # five: too few
        await pilot.press("enter")
        for value in ("15", "25", "45"):
            await pilot.press(*value)
            await pilot.press("enter")
        await pilot.press("ctrl+s")
        error = lambda: str(app.screen.query_one("#setup-error").render())  # noqa: E731
        await until(pilot, lambda: error() != "")
        assert ("6〜15 人" if japanese else "6–15 players") in error()
        assert not _other_language(error(), japanese), error()
        hint = str(app.screen.query_one("#players-hint").render())
        assert not _other_language(hint, japanese), hint
