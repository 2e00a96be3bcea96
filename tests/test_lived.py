"""A league that lives (issue 31): `impact calibrate --lived N` plays, closes and renews N seasons
through the services and measures what the off-seasons did."""
import json

from typer.testing import CliRunner

from tui.cli.main import app


def test_calibrate_lived_measures_the_league_after_its_off_seasons():
    out = CliRunner().invoke(app, ["calibrate", "--lived", "3", "--league", "mini", "--json"])
    assert out.exit_code in (0, 1), out.output       # 1: a figure of the tiny league off its band
    data = json.loads(out.output)
    assert [a["season"] for a in data["mean_age"]] == [1, 2, 3]
    assert all(24 < a["age"] < 31 for a in data["mean_age"])
    assert 0 < data["gone_from_season_one"] < 0.6
    assert 0 < data["newcomers_pa_share"] < 0.6
    assert {r["season"] for r in data["rookies"]} == {2, 3}
    assert data["last_season"]["games"] == 24


def test_calibrate_lived_refuses_a_bad_count():
    out = CliRunner().invoke(app, ["calibrate", "--lived", "0", "--league", "mini"])
    assert out.exit_code == 2
