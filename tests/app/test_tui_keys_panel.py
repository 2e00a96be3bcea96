"""`?` at 80×24 in both languages: the area's own keys first, in the chosen language, the app's
keys next, Textual's generic keys (tables, fields) after them, in the chosen language too
(issue 29: Textual's English keys came first and the area's were below the fold)."""
from __future__ import annotations

import re

import pytest
from rich.console import Console

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)


def _panel_lines(app) -> list[str]:
    """The keys panel as it is drawn, line by line (at the panel's own width)."""
    table = app.screen.query_one("AreaKeysTable")
    console = Console(width=table.size.width, record=True, file=open("/dev/null", "w"))
    console.print(table.render())
    return console.export_text().splitlines()


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_keys_panel_shows_the_areas_keys_first_in_the_chosen_language(tmp_path,
                                                                                japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings"
                    and app.screen.query("#standings-table")
                    and app.screen.query_one("#standings-table").row_count)
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen.query("AreaKeysTable")
                    and app.screen.query_one("AreaKeysTable").size.width > 0)
        panel = app.screen.query_one("HelpPanel")
        lines = [line.strip() for line in _panel_lines(app)]
        own, everywhere, generic = (("この画面のキー", "共通のキー", "表と入力欄")
                                    if japanese else
                                    ("This screen", "Everywhere",
                                     "Tables, fields"))
        assert lines.index(own) < lines.index(everywhere) < lines.index(generic)
        # the standings' own key `o` (the pennant odds) is on screen as the panel opens (`v`, the
        # league shown, is offered only in a league of two leagues: pacific is one)
        odds_key = next(i for i, line in enumerate(lines)
                        if re.match(r"^o\s+" + ("優勝確率" if japanese else "Odds"), line))
        assert odds_key < panel.size.height
        assert not any(re.match(r"^v\s+", line) for line in lines)
        cursor = next(line for line in lines if line.startswith("↑"))
        assert cursor.split()[-1] == ("上へ" if japanese else "up")
        if japanese:   # no English description (the keys themselves are key names)
            for line in lines:
                words = re.split(r"\s{2,}", line, maxsplit=1)
                if len(words) == 2:
                    assert not re.search(r"[A-Za-z]{3,}", words[1]) or words[1] == "English", line
        else:
            text = "\n".join(lines)
            for line in lines:
                words = re.split(r"\s{2,}", line, maxsplit=1)
                if len(words) == 2 and words[1] != "日本語":
                    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", words[1]), line
            assert "Cursor up" in text
        await pilot.press("question_mark")
        await until(pilot, lambda: not app.screen.query("HelpPanel"))
