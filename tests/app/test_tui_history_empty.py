"""History's tabs say when they have nothing to show yet, at 80×24 in both languages (issue 29:
the empty tabs said nothing)."""
from __future__ import annotations

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)

EMPTY = {   # table: (Japanese, English) of the line it shows before any game
    "season-titles": ("タイトルはまだありません", "No titles yet"),
    "awards-table": ("表彰はまだありません", "No awards yet"),
    "records-table": ("記録はまだありません", "No records yet"),
    "news-table": ("トレード・契約はまだありません", "No transactions yet"),
}


@pytest.mark.parametrize("japanese", [True, False])
async def test_each_empty_history_tab_says_so(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("8")
        await until(pilot, lambda: app.current_mode == "history"
                    and app.screen.data is not None
                    and app.screen.query_one("#records-table").row_count > 0)
        for table, words in EMPTY.items():
            rows = app.screen.query_one(f"#{table}")
            assert rows.row_count == 1, table
            text = " ".join(str(c) for c in rows.get_row_at(0))
            assert words[0 if japanese else 1] in text, (table, text)
        note = str(app.screen.query_one("#h2h-note").render())
        assert ("対戦はまだありません" if japanese else "No games played") in note
