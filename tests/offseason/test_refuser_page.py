"""A man who refused to sign (入団拒否, npb_offseason.md §3) is no player of the league: he has no
card, no games and no id. Asked for by name, the CLI says who he is in one line (the club, the
draft, the class he may come back in) instead of "no player"; the app's Players area lists him
when the filter names him (入団拒否 in the team column) and shows the same instead of a page."""
from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from tui import services as sv
from tui.app import ImpactApp
from tui.cli.main import app as cli

from season_helpers import played_and_closed, small_league
from tui_helpers import opened, until

runner = CliRunner()


def _league_with_a_refuser(tmp_path) -> tuple[str, sv.RefuserView]:
    # the small league with half the picks refusing: the draft before season 2 has refusers
    db = small_league(tmp_path, extra="\n[draft]\nrefusal = 0.5\n")
    played_and_closed(db)
    sv.new_season(db)
    refused = sv.refusers(db)
    assert refused and all(r.season == 2 and r.year == 2027 and r.name for r in refused)
    return db, refused[0]


async def test_a_refuser_is_named_in_the_cli_and_the_players_area(tmp_path):
    db, r = _league_with_a_refuser(tmp_path)
    out = runner.invoke(cli, ["player", r.name, "--db", db])
    assert out.exit_code == 2, out.output
    assert f"{r.name} refused to sign with {r.team} (入団拒否): round {r.round} pick of the " \
           f"draft before season 2 (2027)" in out.output
    assert "no player" not in out.output and len(out.output.strip().splitlines()) == 1
    # anyone else is still "no player"
    out = runner.invoke(cli, ["player", "nobody at all", "--db", db])
    assert out.exit_code == 2 and "no player 'nobody at all'" in out.output

    app = ImpactApp(db=db)
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(app, pilot)
        await pilot.press("4")
        await until(pilot, lambda: app.screen.query("#players-table")
                    and app.screen.query_one("#players-table").row_count > 0)
        screen = app.screen
        table = screen.query_one("#players-table")
        screen.query_one("#players-filter").value = r.name     # as typed (Input.Changed)
        await until(pilot, lambda: any(str(table.get_row_at(i)[2]) == "入団拒否"
                                       for i in range(table.row_count)))
        row = next(i for i in range(table.row_count) if str(table.get_row_at(i)[2]) == "入団拒否")
        assert str(table.get_row_at(row)[1]) in {x.name for x in sv.refusers(db)}
        table.focus()
        table.move_cursor(row=row)
        key = table.coordinate_to_cell_key((row, 0)).row_key.value
        await until(pilot, lambda: screen.current == key)
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(screen.query_one("#player-stats").content)
        text = console.export_text()
        assert "入団拒否" in text and "リーグの選手ではなく" in text, text
        assert not screen.query_one("#player-card").display and screen.detail is None
        await pilot.press("y")              # no year by year for him: the area stays
        assert type(app.screen).__name__ == "PlayersScreen"
