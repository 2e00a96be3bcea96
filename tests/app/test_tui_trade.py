"""The trade dialog from the Teams area (npb_offseason.md §6) at 80x24: `t` asks with which club
(or the computer's proposals); a lopsided offer picked from the two lists is refused with the
reason in the dialog, a proposal accepted is made (the player moves) — in the app's language."""
from __future__ import annotations

from tui import services
from tui.app import ImpactApp

from tui_helpers import opened, until

SIZE = (80, 24)


def _text(app, sel: str) -> str:
    return str(app.screen.query_one(sel).render())


async def _teams(app, pilot):
    await opened(app, pilot)
    await pilot.press("3")
    await until(pilot, lambda: getattr(app.screen, "view", None) is not None
                and app.screen.query_one("#batters-table").row_count > 0)
    return app.screen.view.team


async def test_a_lopsided_offer_is_refused_in_the_dialog(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="nippon")
    async with app.run_test(size=SIZE) as pilot:
        team = await _teams(app, pilot)
        await pilot.press("t")
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        other = app.screen.players[1][0]
        await pilot.press("down", "enter")           # the first club after the proposals
        await until(pilot, lambda: type(app.screen).__name__ == "TradeDialog"
                    and app.screen.query_one("#trade-theirs").option_count > 0
                    and app.screen.query_one("#trade-mine").option_count > 0)
        dialog = app.screen
        assert dialog.other == other and f"{team} ⇄ {other}" in _text(app, "#trade-title")
        mine, theirs = services.trade_rosters(db, team=team, other=other)
        await pilot.press("end", "space")            # my weakest
        await pilot.press("tab", "home", "space")    # their best
        await until(pilot, lambda: list(dialog.query_one("#trade-mine").selected)
                    == [mine[-1].player]
                    and list(dialog.query_one("#trade-theirs").selected) == [theirs[0].player])
        await pilot.press("o")
        await until(pilot, lambda: "不成立" in _text(app, "#trade-answer"))
        assert f"{other} refuses" in _text(app, "#trade-answer")
        app.japanese = False
        await pilot.press("o")
        await until(pilot, lambda: "Refused" in _text(app, "#trade-answer"))
        assert services.trade_list(db) == []
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TeamsScreen")


async def test_a_proposal_accepted_in_the_dialog_is_made(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="nippon")
    async with app.run_test(size=SIZE) as pilot:
        team = await _teams(app, pilot)
        props = services.trade_proposals(db, team=team)
        assert props
        await pilot.press("t")
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        await pilot.press("enter")                   # the computer's proposals
        await until(pilot, lambda: type(app.screen).__name__ == "ProposalsDialog"
                    and app.screen.query_one("#proposals-list").option_count == len(props))
        await pilot.press("a")
        await until(pilot, lambda: "成立" in _text(app, "#proposals-answer"))
        made = services.trade_list(db)
        assert len(made) == 1 and made[0].other == team
        moved = props[0].gives[0][0]
        mine, _ = services.trade_rosters(db, team=team, other=props[0].team)
        assert moved in [m.player for m in mine]
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TeamsScreen")
