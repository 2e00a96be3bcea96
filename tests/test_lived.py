"""A league that lives (issue 31): `impact calibrate --lived N` plays, closes and renews N seasons
through the services and measures what the off-seasons did; the ten-season measurement of the bundled league is
marked `slow`."""
import json

import pytest

from typer.testing import CliRunner

from tui.cli.main import app
from tui.services.lived import lived


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


@pytest.mark.slow
def test_ten_seasons_of_the_bundled_league_keep_living():
    """Done when (issue 31), over ten lived seasons of the bundled league: the mean age under
    contract stays 27-28.5 every season, most of season one's players are gone and newcomers bat
    a large share, and a 新人王 is named in each league in most renewed seasons. (Rules C.3 over
    the tenth season is printed by `impact calibrate --lived 10`; it is not yet held: see the
    issue's closing note.)"""
    r = lived("nippon", 10)
    assert all(27.0 <= age <= 28.5 for _n, _y, age in r.ages), r.ages
    assert 0.45 <= r.gone <= 0.80, r.gone
    assert 0.40 <= r.newcomers <= 0.80, r.newcomers
    named = [(n, lg) for n, lg, p in r.rookies if p]
    assert len(r.rookies) == 18 and len(named) >= 0.75 * len(r.rookies)
