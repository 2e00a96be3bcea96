"""The transaction dialog (History, `t`) refuses bad input with one line in the app's language
that names the dialog's own fields, never the command's options (`--with`, `--for`), and shows a
typed name as written (data, never markup)."""
from __future__ import annotations

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (100, 30)

# (kind, players, team, other team, players back) → (Japanese, English) the refusal says
CASES = [
    (("foo", "", "", "", ""), ("取引の種類 'foo' はありません", "unknown transaction 'foo'")),
    (("release", "", "", "", ""), ("選手を一人以上入れてください", "name at least one player")),
    (("trade", "SAP01", "SAP", "", ""),
     ("相手のチームを入れてください (「相手チーム」欄)", "give the other team (the Other team field)")),
    (("trade", "SAP01", "SAP", "SEN", ""),
     ("SEN が出す選手を入れてください (「相手の放出選手」欄)",
      "name the players SEN gives back (the Players coming back field)")),
    (("sign", "SAP01", "SEN", "", ""),
     ("SAP01 は SAP の選手で、自由契約ではありません", "SAP01 is on SAP, not a free agent")),
    (("release", "[b]x[/]", "", "", ""),
     ("選手 '[b]x[/]' はこのリーグにいません", "no player '[b]x[/]' in this league")),
]
FIELDS = ("#tx-kind", "#tx-players", "#tx-team", "#tx-other", "#tx-for")


@pytest.mark.parametrize("japanese", [True, False])
async def test_a_refused_transaction_says_why_in_the_dialogs_words(tmp_path, japanese):
    from tui.dialogs.transaction import TransactionDialog
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("8")
        await until(pilot, lambda: app.current_mode == "history" and app.screen.data is not None)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TransactionDialog))
        dialog = app.screen
        error = dialog.query_one("#tx-error")
        for values, words in CASES:
            for selector, value in zip(FIELDS, values):
                dialog.query_one(selector).value = value
            error.update("")
            await pilot.press("ctrl+s")
            said = words[0 if japanese else 1]
            await until(pilot, lambda: said in str(error.render()))
            text = str(error.render())
            assert "--" not in text and "\n" not in text.strip(), text
            assert app.screen is dialog            # refused: the dialog stays open
