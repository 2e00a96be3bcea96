"""The Final Stage's score says its advantage win (issue 29): the league champion starts with
one win, counted in the score and said beside it — in the Season area at 80×24 in both
languages and in `impact postseason` text."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from tui import services
from tui.app import ImpactApp
from tui.cli.main import app as cli

from season_helpers import small_league
from tui_helpers import opened, until

SIZE = (80, 24)


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_final_stage_score_says_the_advantage_win(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = small_league(tmp_path)
    services.start_postseason(db)
    services.sim_postseason(db)
    finals = [x for x in services.postseason(db).series if x.state.advantage]
    assert finals
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("9")
        await until(pilot, lambda: app.current_mode == "season"
                    and app.screen.query_one("#bracket-table").row_count == 5)
        table = app.screen.query_one("#bracket-table")
        for x in finals:
            score = str(table.get_row(x.key)[2])
            assert score.startswith(x.state.score())
            assert (f"うちアドバンテージ{x.state.advantage}勝" if japanese
                    else f"incl. {x.state.advantage} advantage win") in score
    text = CliRunner().invoke(cli, ["postseason", "status", "--db", db]).output
    assert "advantage win" in text
