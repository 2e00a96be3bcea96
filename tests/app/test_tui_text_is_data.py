"""Names a league file holds and text a person types are data, never markup: `Ann[/]`,
`[b]Kings` and `Ken [guest]` show exactly as written in every area of the league app, and typing
such text into each input neither crashes nor hides it (issue 10, part 5)."""
from __future__ import annotations

import shutil
from pathlib import Path

from tui import services
from tui.app import ImpactApp

from tui_helpers import opened, schedule_area, screen_text, until

SIZE = (120, 40)
SAMPLE = Path(__file__).resolve().parents[2] / "sample_leagues" / "mini"
TEAM = "[b]Kings"
SHORT = "K[/i]"
BATTER = "Ann[/]"
PITCHER = "Ken [guest]"
TYPED = ["[/b]", "Ann[/]", "[red]x", "Ken [guest]", "\\[i]"]


def _odd_league(tmp_path: Path) -> str:
    """The mini league with a team and two players named like markup."""
    folder = tmp_path / "odd"
    shutil.copytree(SAMPLE, folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'name = "平安物産京都ミヤコキングス"', f'name = "{TEAM}"').replace(
        'short = "京都"', f'short = "{SHORT}"'), encoding="utf-8")
    for name, old, new in (("batters.csv", "小山 圭介", BATTER), ("pitchers.csv", "千葉 秀樹", PITCHER)):
        f = folder / name
        f.write_text(f.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "odd", folder)
    services.new_season(db, "odd")
    services.sim_days(db, "odd", days=2)
    return db


async def _type_into(pilot, app, selector: str, value: str) -> None:
    field = app.screen.query_one(selector)
    field.focus()
    field.value = ""
    await pilot.press(*value)
    await until(pilot, lambda: field.value == value)


async def test_names_like_markup_show_as_written_in_every_area(tmp_path):
    db = _odd_league(tmp_path)

    async def standings_named(app, pilot):
        await until(pilot, lambda: SHORT in screen_text(app))

    async with schedule_area(db, SIZE, before=standings_named, league="odd") as (app, pilot):
        # schedule: the day's games name the teams
        await until(pilot, lambda: SHORT in screen_text(app))
        # teams: the first team is KYO, its card lists the batter and the pitcher
        await pilot.press("3")
        await until(pilot, lambda: BATTER in screen_text(app) and TEAM in screen_text(app))
        await pilot.press("4")
        await until(pilot, lambda: app.screen.query("#players-table")
                    and app.screen.query_one("#players-table").row_count)
        for value in TYPED:
            await _type_into(pilot, app, "#players-filter", value)
        await _type_into(pilot, app, "#players-filter", "ken [")
        await until(pilot, lambda: app.screen.query_one("#players-table").row_count == 1)
        await pilot.press("enter", "down")
        await until(pilot, lambda: screen_text(app).count(PITCHER) >= 2)  # list and card
        await pilot.press("6")
        await until(pilot, lambda: app.screen.query("#games-table")
                    and app.screen.query_one("#games-table").row_count)
        for value in TYPED:
            await _type_into(pilot, app, "#games-filter", value)
        await _type_into(pilot, app, "#games-filter", "k[/")
        await until(pilot, lambda: app.screen.query_one("#games-table").row_count == 2)
        # the filtered rows are drawn at the next repaint (4 frames a second in the tests)
        await until(pilot, lambda: SHORT in screen_text(app))


async def test_card_editor_refusals_quote_what_was_typed(tmp_path):
    db = _odd_league(tmp_path)
    app = ImpactApp(db=db, league="odd")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("3")
        await until(pilot, lambda: app.screen.query("#batters-table")
                    and app.screen.query_one("#batters-table").row_count)
        table = app.screen.query_one("#batters-table")
        table.focus()
        table.move_cursor(row=table.get_row_index("KYO01"))
        await pilot.press("e")
        await until(pilot, lambda: app.screen.query("#card-editor"))
        # the editor is up once it shows whose card it is (written as typed, not as markup)
        # (his team by its name in the app's language: issue 29, one language at a time)
        team = services.name_book(db, league="odd").team("KYO", app.japanese)
        await until(pilot, lambda: f"{BATTER} ({team} KYO01)" in screen_text(app))
        for value in TYPED:
            await _type_into(pilot, app, "#f-batting-positions", value)
        await pilot.click("#card-save")
        await until(pilot, lambda: "\\[i]" in str(app.screen.query_one("#card-error").render()))
        assert app.screen.query("#card-editor")  # refused, still open, nothing stored
    assert services.open_league(db, "odd").player("KYO01").batting is not None


async def test_names_like_markup_show_as_written_in_the_pick_lists(tmp_path):
    """The lists of the exhibition's set-up, the saved games and the pickers (awards, players)
    show a team's or player's name as written: "K[/i]" raised a MarkupError in the set-up's
    team lists, "Ann[/]" in a picker."""
    from tui.dialogs.pick_player import PickPlayerDialog

    db = _odd_league(tmp_path)
    services.start_live(db, "odd", away="KYO", home="KOB", people=(1,))   # a saved game
    app = ImpactApp(db=db, league="odd")
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        app.play_exhibition()
        await until(pilot, lambda: app.screen.query("#away-team")
                    and app.screen.query_one("#away-team").option_count == 2)
        await until(pilot, lambda: f"KYO  {SHORT}" in screen_text(app))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.query("#play-setup"))
        app.resume_live_game()
        await until(pilot, lambda: app.screen.query("#resume-list")
                    and app.screen.query_one("#resume-list").option_count == 1)
        await until(pilot, lambda: SHORT in screen_text(app))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.query("#resume-list"))
        app.push_screen(PickPlayerDialog("?", [("KYO01", f"{BATTER}  {SHORT}"),
                                               ("KYO02", PITCHER)]))
        await until(pilot, lambda: f"{BATTER}  {SHORT}" in screen_text(app)
                    and PITCHER in screen_text(app))
