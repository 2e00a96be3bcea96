"""Leaders per league (issue 29: the two leagues were mixed): in a league of two the board shows
each league's players under its name, one after the other (as newspapers print セ and パ), `v`
the first league's alone, then the other's, then both again — at 80×24 in both languages; the
service and `impact leaders --part` take the league's code."""
from __future__ import annotations

import pytest

from tui import services
from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)


def _sections(app) -> list[tuple[str | None, set[str]]]:
    """The table's boards: (the league's code of its heading or None, the teams of its rows)."""
    view = app.screen.data.view
    team_on = {b.code: {r.player_id: r.team for r in b.rows} for b in view.boards}
    team_on[None] = {r.player_id: r.team for r in view.rows}
    table = app.screen.query_one("#leaders-table")
    out: list[tuple[str | None, set[str]]] = []
    for i in range(table.row_count):
        key = table.coordinate_to_cell_key((i, 0)).row_key.value
        if key.startswith("league:"):
            out.append((key.removeprefix("league:"), set()))
            continue
        if not out:
            out.append((None, set()))
        code = out[-1][0]
        out[-1][1].add(team_on[code][app.screen._players[key]])
    return out


@pytest.mark.parametrize("japanese", [True, False])
async def test_v_switches_the_leaders_between_both_leagues_and_each(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        services.sim_days(db, days=6)
        app.data_changed()
        tables = services.standings(db).tables
        assert len(tables) == 2
        members = {t.code: {r.team for r in t.rows} for t in tables}
        names = [t.name if japanese else t.name_en for t in tables]
        codes = [t.code for t in tables]
        await pilot.press("5")
        title = lambda: str(app.screen.query_one("#leaders-title").render())  # noqa: E731
        both = "両リーグ" if japanese else "Both leagues"
        for shown, expected in ((both, codes), (names[0], codes[:1]), (names[1], codes[1:]),
                                (both, codes)):
            await until(pilot, lambda: app.current_mode == "leaders"
                        and app.screen.data is not None and shown in title()
                        and app.screen.query_one("#leaders-table").row_count > 0)
            sections = _sections(app)
            if len(expected) == 2:      # each league's board under its heading, in order
                assert [c for c, _t in sections] == codes
                table = app.screen.query_one("#leaders-table")   # Enter opens the first leader
                assert table.cursor_row == 1 and table.coordinate_to_cell_key(
                    (1, 0)).row_key.value in app.screen._players
                for code, teams in sections:
                    assert teams and teams <= members[code]
            else:                       # one league's board alone, no heading
                [(code, teams)] = sections
                assert code is None and teams and teams <= members[expected[0]]
            await pilot.press("v")


def test_the_service_takes_a_league_code(tmp_path):
    from typer.testing import CliRunner

    from tui.cli.main import app as cli

    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "nippon", "nippon")
    services.new_season(db, "nippon", seed=3)
    services.sim_days(db, days=6)
    tables = services.standings(db).tables
    for t in tables:
        rows = services.leaders(db, kind="pitching", stat="so", part=t.code, limit=20).rows
        assert rows and {r.team for r in rows} <= {r.team for r in t.rows}
    out = CliRunner().invoke(cli, ["leaders", "pitching", "--stat", "so", "--part", tables[0].code,
                                   "--db", db, "--json"])
    assert out.exit_code == 0, out.output
    import json
    rows = json.loads(out.output)["rows"]
    assert {r["team"] for r in rows} <= {r.team for r in tables[0].rows}


def _footer_actions(app) -> set[str]:
    return {binding.action for (_n, binding, enabled, _t) in app.screen.active_bindings.values()
            if binding.show and enabled}


@pytest.mark.parametrize("sample, shown", [("pacific", False), ("nippon", True)])
async def test_v_is_offered_only_in_a_league_of_two(tmp_path, sample, shown):
    """The footer offers `v` (the other league) only where there is one: a league of one
    league (pacific) hides it; it did nothing there but was shown."""
    from tui.settings import save_setting

    save_setting("japanese", True)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample=sample)
    # wide enough for the footer to show every key it offers (at 80x24 it shows those that fit)
    async with app.run_test(size=(160, 45)) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("5")
        await until(pilot, lambda: app.current_mode == "leaders"
                    and app.screen.data is not None)
        await until(pilot, lambda: ("next_part" in _footer_actions(app)) == shown)
        footer = app.screen.query_one("KeyFooter")
        await until(pilot, lambda: any(k.key == "v" for k in footer.query("FooterKey")) == shown)
