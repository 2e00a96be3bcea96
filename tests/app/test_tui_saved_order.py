"""The Teams area says what the simulation does with a saved batting order — it plays it — and
it does (issue 29: the area called saved orders display-only while the README said the
simulation plays them). At 80×24 in both languages: the order is changed and saved with the
keys, the season is simulated, and each game's line-up is the saved order."""
from __future__ import annotations

import pytest

from tui import services
from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)


def _lineups_of(db, team):
    out = []
    for _, games in services.schedule_days(db):
        for g in games:
            if g.status == "final" and team in (g.away, g.home):
                box = services.boxscore(db, g.number).data
                out.append(box["lineups"][0 if box["away"]["team"] == team else 1])
    return out


@pytest.mark.parametrize("japanese", [True, False])
async def test_a_batting_order_saved_in_teams_is_what_the_season_plays(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("3")
        await until(pilot, lambda: app.screen.query("#order-table")
                    and app.screen.query_one("#order-table").row_count == 9
                    and app.screen.view is not None)
        screen = app.screen
        note = str(screen.query_one("#teams-note").render())
        assert ("シーズンの試合で使われます" if japanese else "season's games play the saved")\
            in note
        team = screen.view.team
        before = list(screen.lists["order"])
        table = screen.query_one("#order-table")
        table.focus()
        table.move_cursor(row=0)
        await pilot.press("shift+down")       # the leadoff man bats second
        await until(pilot, lambda: screen.lists["order"][1] == before[0])
        await pilot.press("s")
        await until(pilot, lambda: services.team_roster(db, team).order_saved)
    saved = list(services.team_roster(db, team).order)
    assert saved[:2] == [before[1], before[0]]
    # the first day, when every man in it can play: a saved order is played only then
    # (league/season/gameday.py _team_lineup; on the second day of the bundled cards SAP05,
    # hurt in the first game, sends SAP back to the computer's line-up)
    services.sim_days(db, days=1)
    lineups = _lineups_of(db, team)
    assert lineups
    for lineup in lineups:
        assert list(zip(lineup["order"], lineup["positions"]))[:2] == [tuple(x) for x in saved[:2]]
