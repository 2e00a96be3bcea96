"""The History area (key 8) and a player's year-by-year page: pilot flows and snapshots."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tui import services
from tui.app import ImpactApp
from tui.screens.career import CareerScreen
from tui.screens.history import HistoryScreen

from tui_helpers import opened, settled_screenshot, until

SIZE = (80, 24)


@pytest.fixture(scope="module")
def league_file(tmp_path_factory):
    """Two short seasons of the pacific league, and one trade."""
    db = str(tmp_path_factory.mktemp("history") / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    for seed in (1, 2):
        services.new_season(db, "pacific", games_per_opponent=2, seed=seed)
        services.sim_days(db, "pacific", to_end=True)
        services.close_season(db, "pacific")
    services.transact(db, "trade", players=["SAP07"], team="SAP", other_team="SEN",
                      others=["SEN06"], league="pacific")
    services.close_all()
    return db


@pytest.fixture
def db(league_file, tmp_path):
    copy = tmp_path / "league.sqlite3"
    copy.write_bytes(Path(league_file).read_bytes())
    return str(copy)


def _rows(screen, table_id: str) -> int:
    found = screen.query(f"#{table_id}")
    return found.first().row_count if found else 0


async def test_history_area_shows_seasons_titles_records_and_news(db):
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("8")
        # the area refills as the season under the cursor settles: wait for the whole picture
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and _rows(app.screen, "seasons-table") == 2
                    and _rows(app.screen, "news-table") == len(services.news(db))
                    and _rows(app.screen, "season-titles") == 12
                    and _rows(app.screen, "records-table") > 10
                    and _rows(app.screen, "h2h-table") == 6)
        s = app.screen
        news = s.query_one("#news-table")
        assert "トレード" in str(news.get_row_at(0)[2])
        # choosing season 1 shows its titles
        s.query_one("#seasons-table").move_cursor(row=0)
        await until(pilot, lambda: "1" in str(s.query_one("#season-titles-title").render()))
        await pilot.press("L")
        await until(pilot, lambda: "History" in str(s.query_one("#history-title").render())
                    and "Trade" in str(s.query_one("#news-table").get_row_at(0)[2]))


def test_history_lists_each_years_retirements_with_career_totals(db):
    """Issue 31: the players who retired (引退) in the off-season after season 1, with their
    career totals, listed under season 1 — in the service, `impact history --json` and the text."""
    import json

    from typer.testing import CliRunner

    from tui.cli.main import app as cli
    view = services.league_history(db)
    first, second = view.seasons
    assert first.retired and not second.retired          # nobody has retired after season 2 yet
    gone = {t.moves[0][0] for t in services.news(db, limit=10_000) if t.kind == "retire"}
    for d in first.retired:
        assert d.age >= 33
        car = services.player_career(db, d.player).regular
        assert d.seasons == car.years
        if car.batting is not None:
            assert (d.career["pa"], d.career["h"], d.career["hr"]) == (
                car.batting.pa, car.batting.h, car.batting.hr)
        if car.pitching is not None:
            assert d.career["outs"] == car.pitching.outs
        assert d.player in gone
    out = CliRunner().invoke(cli, ["--db", db, "history", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert [r["player"] for r in data["seasons"][0]["retired"]] == [d.player for d in first.retired]
    assert data["seasons"][1]["retired"] == []
    text = CliRunner().invoke(cli, ["--db", db, "history"]).output
    assert f"引退 {first.retired[0].name}" in text


async def test_season_retirements_and_a_players_changes_by_year_in_the_app(db):
    app = ImpactApp(db=db)
    view = services.league_history(db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("8")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and _rows(app.screen, "seasons-table") == 2
                    and _rows(app.screen, "season-titles") == 12)
        s = app.screen
        assert not s.query_one("#season-retired").display      # season 2: nobody yet
        s.query_one("#seasons-table").move_cursor(row=0)
        await until(pilot, lambda: _rows(s, "season-retired") == len(view.seasons[0].retired)
                    and s.query_one("#season-retired").display)
        assert "引退" in str(s.query_one("#season-retired-title").render())
        # a player's page lists his changes by year (変化)
        changed = services.player_career(db, "SAP07").changes
        assert changed
        app.push_screen(CareerScreen("SAP07"))
        await until(pilot, lambda: isinstance(app.screen, CareerScreen)
                    and _rows(app.screen, "career-changes") == len(changed))
        row = app.screen.query_one("#career-changes").get_row_at(0)
        assert str(row[0]) == str(changed[0][0]) and str(row[2]) == str(changed[0][2]["age"])


async def _settled(app, pilot) -> None:
    """Until what a refill set off has run its course: the messages handled and the reads done,
    three times over (a read's refill can set off another)."""
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()


async def test_history_area_reads_the_league_once_and_settles(db, monkeypatch):
    """Refilling the seasons table puts its cursor back on the season shown: that must not
    count as choosing a season (it once set the area reading the league again and again)."""
    reads = []
    load = HistoryScreen.load

    def counted(self):
        reads.append(self.season)
        return load(self)

    monkeypatch.setattr(HistoryScreen, "load", counted)
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("8")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and _rows(app.screen, "season-titles") == 12)
        await _settled(app, pilot)
        assert reads == [None]
        assert app.screen.season == 2
        assert app.screen.query_one("#seasons-table").cursor_row == 1
        # a season chosen is read once
        app.screen.query_one("#seasons-table").move_cursor(row=0)
        await until(pilot, lambda: app.screen.data.awards.season == 1)
        await _settled(app, pilot)
        assert reads == [None, 1]
        assert app.screen.query_one("#seasons-table").cursor_row == 0


async def test_awards_are_confirmed_from_the_history_area(db):
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("8")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and _rows(app.screen, "awards-table") > 20)
        s = app.screen
        s.query_one("#history-tabs").active = "tab-awards"
        table = s.query_one("#awards-table")
        table.focus()
        table.move_cursor(row=0)                       # MVP
        proposal = services.season_awards(db).slots[0]
        second = proposal.candidates[1].player
        await pilot.press("enter")
        await until(pilot, lambda: app.screen.query("#pick-list"))
        await pilot.press("down", "enter")            # the second candidate
        await until(pilot, lambda: services.season_awards(db).slots[0].confirmed)
        assert services.season_awards(db).slots[0].winner == second
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and "確定" in str(app.screen.query_one("#awards-table").get_row_at(0)[4]))
        await pilot.press("a")
        await until(pilot, lambda: all(x.confirmed for x in services.season_awards(db).slots))
        assert services.season_awards(db).slots[0].winner == second     # kept
        mvp_name = services.season_awards(db).names[second]
        await until(pilot, lambda: mvp_name in str(
            app.screen.query_one("#seasons-table").get_row_at(1)[4]))


async def test_year_by_year_page_from_the_players_area(db):
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("4")
        await until(pilot, lambda: app.screen.query("#players-table")
                    and app.screen.query_one("#players-table").row_count > 100)
        app.screen.select_player("SAP07")
        await until(pilot, lambda: app.screen.current == "SAP07")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, CareerScreen)
                    and _rows(app.screen, "career-batting") == 3)
        table = app.screen.query_one("#career-batting")
        career = services.player_career(db, "SAP07")
        assert str(table.get_row_at(2)[3]) == str(career.regular.batting.games)
        assert not app.screen.query_one("#career-pitching").display
        await pilot.press("escape")
        await until(pilot, lambda: app.screen.query("#players-table"))


@pytest.mark.parametrize("name", ["history", "career"])
def test_history_snapshots(db, snapshot, name):
    async def run():
        app = ImpactApp(db=db)
        async with app.run_test(size=SIZE) as pilot:
            await opened(app, pilot)
            if name == "history":
                await pilot.press("8")
                await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                            and _rows(app.screen, "season-titles") == 12)
            else:
                app.push_screen(CareerScreen("SAP07"))
                await until(pilot, lambda: isinstance(app.screen, CareerScreen)
                            and _rows(app.screen, "career-batting") == 3)
            return await settled_screenshot(app, pilot)

    svg = asyncio.run(run())
    snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
    snapshot.assert_match(svg, f"{name}.svg")


async def test_a_transaction_from_the_history_area_is_checked_stored_and_shown(db):
    from tui.dialogs.transaction import TransactionDialog

    before = len(services.news(db))
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        await opened(app, pilot)
        await pilot.press("8")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and _rows(app.screen, "news-table") == before)
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TransactionDialog))
        dialog = app.screen
        await pilot.press(*"sign")
        await pilot.press("tab", *"SAP20", "tab", *"CHB", "enter")
        # refused: SAP20 is on a team; the dialog stays with the reason (in Japanese, the app's)
        await until(pilot, lambda: "自由契約ではありません" in str(dialog.query_one("#tx-error").render()))
        assert app.screen is dialog
        dialog.query_one("#tx-kind").value = "release"
        dialog.query_one("#tx-team").value = ""
        dialog.query_one("#tx-kind").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, HistoryScreen)
                    and _rows(app.screen, "news-table") == before + 1)
        assert "自由契約" in str(app.screen.query_one("#news-table").get_row_at(0)[2])
    assert [n.kind for n in services.news(db)][:2] == ["release", "trade"]
    # beside the players released in the off-seasons (戦力外)
    assert ("SAP20", services.news(db)[0].text_ja.split("が")[1].split(" (")[0]) in \
        services.free_agents(db)
