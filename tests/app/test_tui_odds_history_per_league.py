"""The pennant odds and History per league (issue 29: they mixed the two leagues; Leaders was
already split): in a league of two, the odds table shows the league (リーグ) `v` chose and then
both, History's records and head-to-head likewise — at 80x24 in both languages. A league of one
has no `v` there."""
from __future__ import annotations

import pytest

from tui import services
from tui.app import ImpactApp
from tui.screens.standings import StandingsScreen

from tui_helpers import until

SIZE = (80, 24)


def _rows(table) -> set[str]:
    return {str(table.get_row_at(i)[0]) for i in range(table.row_count)}


def _league(tmp_path, sample="nippon", games_per_opponent: int | None = None) -> str:
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, sample, sample)
    services.new_season(db, sample, seed=3, games_per_opponent=games_per_opponent)
    services.sim_days(db, sample, days=3)
    return db


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_odds_table_per_league_then_both(tmp_path, monkeypatch, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    monkeypatch.setattr(StandingsScreen, "ODDS_RUNS", 4)
    # a short season (two games a pair): each run plays the rest of it, and the whole season's
    # were most of the test (4 runs: 6.6 s of CPU on the odds' processes, 1.2 s with this); the
    # table's rows are the league's teams however long the season
    db = _league(tmp_path, games_per_opponent=2)
    tables = services.standings(db, "nippon").tables
    book = services.name_book(db, league="nippon")
    members = [{book.team(r.team, japanese) for r in t.rows} for t in tables]
    names = [t.name if japanese else t.name_en for t in tables]
    app = ImpactApp(db=db, sample="nippon")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        screen = app.screen
        await pilot.press("r")
        await until(pilot, lambda: not screen.odds_running and screen.query("#odds-table")
                    and screen.query_one("#odds-table").row_count > 0
                    and screen.query_one("#standings-odds").display)
        table = screen.query_one("#odds-table")
        title = lambda: str(screen.query_one("#odds-title").render())  # noqa: E731
        # the tables show one league, the other, 交流戦 (all teams), then both leagues
        for shown, teams in ((names[0], members[0]), (names[1], members[1]),
                             ("全チーム" if japanese else "All teams", members[0] | members[1]),
                             ("両リーグ" if japanese else "Both leagues", members[0] | members[1])):
            await until(pilot, lambda: f"[{shown}]" in title() and _rows(table) == teams)
            await pilot.press("v")


@pytest.mark.parametrize("japanese", [True, False])
async def test_history_records_and_head_to_head_per_league_then_both(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = _league(tmp_path)
    tables = services.standings(db, "nippon").tables
    codes = [{r.team for r in t.rows} for t in tables]
    names = [t.name if japanese else t.name_en for t in tables]
    app = ImpactApp(db=db, sample="nippon")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("8")
        await until(pilot, lambda: app.current_mode == "history"
                    and app.screen.data is not None)
        screen = app.screen
        title = lambda: str(screen.query_one("#history-title").render())  # noqa: E731
        h2h = screen.query_one("#h2h-table")
        records = screen.query_one("#records-table")
        for shown, teams in ((names[0], codes[0]), (names[1], codes[1]),
                             ("全チーム" if japanese else "All teams", codes[0] | codes[1])):
            await until(pilot, lambda: f"[{shown}]" in title()
                        and {str(k.value) for k in h2h.rows} == teams
                        and len(h2h.columns) == len(teams) + 1)
            shown_teams = {str(records.get_row_at(i)[3]) for i in range(records.row_count)}
            expected = {screen._team_name(t) for t in teams}
            assert shown_teams <= expected | {"-", ""}, (shown_teams, expected)
            await pilot.press("v")


async def test_a_league_of_one_has_no_v_in_history_nor_standings(tmp_path):
    from tui.settings import save_setting

    save_setting("japanese", True)
    db = _league(tmp_path, "pacific")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings"
                    and app.screen._data is not None)
        offered = {b.action for (_n, b, enabled, _t) in app.screen.active_bindings.values()
                   if b.show and enabled}
        assert "next_table" not in offered and "toggle_odds" in offered
        await pilot.press("8")
        await until(pilot, lambda: app.current_mode == "history"
                    and app.screen.data is not None)
        actions = {b.action for (_n, b, enabled, _t) in app.screen.active_bindings.values()
                   if b.show and enabled}
        assert "next_part" not in actions
        assert len(list(app.screen.query_one("#h2h-table").rows)) == 6


def test_the_records_of_one_league_are_its_best_ranked_among_them():
    """History's records table for one league: the best three of its teams' players among the
    records read, ranked among them (ties share a rank)."""
    from league.season.careers import RecordRow
    from tui.screens.history import _best_of

    rows = [RecordRow(1, "A", "EDO", 1, 40, "40"), RecordRow(2, "B", "SAP", 1, 38, "38"),
            RecordRow(3, "C", "EDO", 2, 35, "35"), RecordRow(3, "D", "SEN", 2, 35, "35"),
            RecordRow(5, "E", "SAP", 3, 33, "33"), RecordRow(6, "F", "SEN", 1, 30, "30")]
    pacific = frozenset({"SAP", "SEN"})
    assert [(r.player, rank) for r, rank in _best_of(rows, pacific)] == \
        [("B", 1), ("D", 2), ("E", 3)]
    assert [(r.player, rank) for r, rank in _best_of(rows, None)] == \
        [("A", 1), ("B", 2), ("C", 3)]
    tied = [RecordRow(1, "A", "SAP", 1, 40, "40"), RecordRow(1, "B", "SEN", 1, 40, "40"),
            RecordRow(3, "C", "SAP", 1, 30, "30")]
    assert [rank for _r, rank in _best_of(tied, pacific)] == [1, 1, 3]
