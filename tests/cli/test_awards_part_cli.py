"""`impact awards --part` in a league of two: by the league's code (as `impact leaders --part`
takes it, any case) or its name; alone it shows that league's awards (and 沢村賞, both
leagues') — it was silently ignored; with --accept it confirms that league's only; an unknown
one is refused naming the leagues with their codes."""
import json

from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

runner = CliRunner()


def js(*args: str):
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.output)["awards"]


def test_part_by_code_or_name(tmp_path):
    db = str(tmp_path / "a.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon", seed=3)
    sv.sim_days(db, days=3)
    first, second = sv.standings(db).tables
    every = js("awards", "--db", db)
    assert {a["league"] for a in every} == {first.name, second.name, ""}
    for part in (second.code, second.code.lower(), second.name):
        mine = js("awards", "--part", part, "--db", db)
        assert mine == [a for a in every if a["league"] in (second.name, "")], part
    bad = runner.invoke(app, ["awards", "--part", "XX", "--db", db])
    assert bad.exit_code != 0
    assert f"{first.name} ({first.code}), {second.name} ({second.code})" in bad.output
    # --accept with --part: that league's and 沢村賞, the other league's left as proposed
    js("awards", "--accept", "--part", first.code, "--db", db)
    after = js("awards", "--db", db)
    assert all(a["confirmed"] for a in after if a["league"] in (first.name, ""))
    assert not any(a["confirmed"] for a in after if a["league"] == second.name)
    mvp = next(a for a in after if a["league"] == second.name and a["award"] == "mvp")
    other = mvp["candidates"][1]["player"]
    js("awards", "--confirm", f"mvp={other}", "--part", second.code.lower(), "--db", db)
    got = next(a for a in js("awards", "--db", db)
               if a["league"] == second.name and a["award"] == "mvp")
    assert got["confirmed"] and got["player"] == other
