"""`impact roster list` keeps its columns in line whatever the names: a Japanese name takes two
terminal cells a character, and a name wider than the 16 cells the column had (a foreign
player's katakana name: ザック・マーティン is 18) pushed his role, rank and age to the right.
The name column is as wide as the club's widest name (16 at least, 24 at most) and a wider one
is cut with "…"."""
import re

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.common import cells, fit
from tui.cli.main import app


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("columns") / "l.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db)
    return db


def test_fit_pads_by_cells_and_cuts_with_an_ellipsis():
    assert fit("林 祐介", 10) == "林 祐介   " and cells(fit("林 祐介", 10)) == 10
    assert fit("ザック・マーティン", 18) == "ザック・マーティン"
    assert fit("ザック・マーティン", 16) == "ザック・マーテ… "        # 14 cells, "…", a cell left
    assert cells(fit("ザック・マーティン", 16)) == 16
    assert fit("Smith", 3) == "Sm…" and fit("", 2) == "  "


ROW = re.compile(r"^  (\S+) +(.+?) +(SP|RP|C|1B|2B|3B|SS|LF|CF|RF|DH) +([A-E]) +(\d+|-)(  .*)?$")


def test_every_row_of_every_club_has_its_columns_in_line(db):
    names = {e.player.id: e.player.name for v in sv.league_farm(db) for e in (*v.active, *v.farm)}
    result = CliRunner().invoke(app, ["--db", db, "roster", "list"])
    assert result.exit_code == 0, result.output
    blocks = result.stdout.split("\n\n")
    assert len(blocks) == 12
    widths = set()
    for block in blocks:
        rows = [ln for ln in block.splitlines() if ln.startswith("  ")]
        found = [ROW.match(ln) for ln in rows]
        assert rows and all(found), [ln for ln, m in zip(rows, found) if not m]
        # role, rank and age start at the same cell on every row of a club's table
        for group in (3, 4, 5):
            assert len({cells(m.string[:m.start(group)]) for m in found if m}) == 1, block
        width = cells(found[0].string[:found[0].start(3)]) - 12
        widths.add(width)
        for m in found:
            name = names[m.group(1)]
            shown = m.group(2)
            if cells(name) <= 24:
                assert shown == name
            else:
                assert shown.endswith("…") and name.startswith(shown[:-1])
        assert width == max(16, min(24, max(cells(names[m.group(1)]) for m in found)))
    # a club with a foreign katakana name wider than 16 cells widens its column
    assert max(widths) > 16
