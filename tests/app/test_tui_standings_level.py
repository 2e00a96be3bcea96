"""The Standings area prints a team level with the leader as the papers do: ゲーム差 "-" as
the leader's, 貯金 "0" (not "+0"); with `g` (from the team above) the column's heading says
so (直上差 / GB above) and a level team is "0.0" there."""
from __future__ import annotations

from tui import services
from tui.app import ImpactApp

from tui_helpers import until

SIZE = (120, 40)


def _level(db: str) -> None:
    """The mini league after two days of seed 2: both clubs 1-1."""
    services.create_league(db, "mini", "mini")
    services.new_season(db, "mini", seed=2)
    services.sim_days(db, days=2)
    assert [(r.wins, r.losses) for r in services.standings(db).rows] == [(1, 1), (1, 1)]


async def test_a_level_team_shows_no_games_behind_and_zero_savings(tmp_path):
    db = str(tmp_path / "level.sqlite3")
    _level(db)
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"

        def table():
            return app.screen.query_one("#standings-table")

        def cells() -> list[tuple[str, str]]:
            t = table()
            return [(str(t.get_row_at(i)[7]), str(t.get_row_at(i)[8])) for i in range(t.row_count)]

        def heading() -> str:
            return str(table().columns[table().coordinate_to_cell_key((0, 7)).column_key].label)

        await until(pilot, lambda: app.current_mode == "standings"
                    and app.screen.query("#standings-table") and table().row_count == 2)
        assert cells() == [("-", "0"), ("-", "0")]
        assert heading() == "ゲーム差"
        await pilot.press("g")
        await until(pilot, lambda: heading() == "直上差" and table().row_count == 2)
        assert cells() == [("-", "0"), ("0.0", "0")]
        assert "直上のチームから" in str(app.screen.query_one("#standings-title").render())
