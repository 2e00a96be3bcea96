"""The Games area (`6`) lists every finished game, as README says — the postseason's too, newest
first (it listed the regular season's only), and Enter opens a postseason game's box score."""
from __future__ import annotations

from textual.widgets import DataTable

from tui import services
from tui.app import ImpactApp

from season_helpers import small_league
from tui_helpers import opened, until

SIZE = (100, 30)


async def test_the_postseasons_games_are_listed_newest_first(tmp_path):
    db = small_league(tmp_path)
    services.start_postseason(db)
    services.sim_postseason(db)
    regular = [g for _d, gs in services.schedule_days(db) for g in gs if g.status == "final"]
    every = [g for _d, gs in services.schedule_days(db, kind=None) for g in gs
             if g.status == "final"]
    post = [g for g in every if g.number not in {r.number for r in regular}]
    assert post and len(every) == len(regular) + len(post)
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("6")
        table = lambda: app.screen.query_one("#games-table", DataTable)  # noqa: E731
        await until(pilot, lambda: app.current_mode == "games" and app.screen.query("#games-table")
                    and table().row_count == len(every))
        assert str(table().get_row_at(0)[0]) == str(every[-1].number)    # the last game first
        table().focus()
        table().move_cursor(row=0)
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "BoxScoreScreen"
                    and app.screen.number == every[-1].number)


async def test_a_postseason_game_says_its_series_and_its_game_in_it(tmp_path):
    """A postseason row says which series and which game of it beside its day (日本シリーズ 第3戦,
    in English 日本シリーズ game 3 as impact boxscore's header), and typing the series' name
    keeps its games alone."""
    db = small_league(tmp_path)
    services.start_postseason(db)
    services.sim_postseason(db)
    status = services.postseason(db)
    last = status.series[-1]
    games = [g for g in last.games if g.status == "final"]
    assert games
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("6")
        table = lambda: app.screen.query_one("#games-table", DataTable)  # noqa: E731
        await until(pilot, lambda: app.current_mode == "games" and app.screen.query("#games-table")
                    and table().row_count > len(games))
        first = table().get_row_at(0)
        assert str(first[0]) == str(games[-1].number)
        said = (f"{last.name} 第{len(games)}戦" if app.japanese
                else f"{last.name} game {len(games)}")
        assert str(first[1]) == f"{games[-1].day.isoformat()}  {said}"
        app.screen.query_one("#games-filter").value = last.name
        await until(pilot, lambda: table().row_count == len(games))
        assert all(f"{last.name} " in str(table().get_row_at(i)[1]) for i in range(len(games)))
