"""A manager's view of free agency waiting for offers says whom it waits for honestly (issue 32,
npb_offseason.md §4), as the foreign step's does: the list of clubs it waits for is the
commissioner's last look (his program carries free agency on), and a rival's offers, its "done"
among them, are sealed. With A (SAP) done and the commissioner not looked since, B's `impact
offseason status` said it waited for SAP and SEN and gave the commands to offer for SAP, and A's
own told him to offer for his club though he had said he was done. On the real PostgreSQL
server."""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from test_sharing_fa import _opened_fa

from tui import services as sv

from pg_league import PG_URL, League
from pg_league import services_closed as services_closed  # the fixture, for this module

# one xdist group with the other modules whose league is a copy of the same one made once a
# process (pg_league.offseason_league)
pytestmark = [pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set"),
              pytest.mark.xdist_group("pg_offseason_fa")]


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    """Free agency open in pacific, shared (A managing SAP, B SEN); A has said SAP makes no more
    offers, and the commissioner has not looked since (the first test's last look, his, leaves
    the list naming SEN alone: what the app's test reads either way)."""
    with _opened_fa() as league:
        sv.fa_offer(league.url(league.a), team="SAP", done=True)
        sv.close_all()
        yield league


def _status(lg: League, role: str) -> tuple[str, dict]:
    from typer.testing import CliRunner

    from tui.cli.main import app

    run = CliRunner().invoke
    text = run(app, ["--db", lg.url(role), "offseason", "status", "--top", "1"]).output
    got = json.loads(run(app, ["--db", lg.url(role), "offseason", "status", "--json"]
                         ).stdout)["fa"]
    return text, got


def test_a_manager_s_status_says_the_waiting_is_as_of_the_commissioner_s_last_look(lg):
    text, fa = _status(lg, lg.b)
    assert "waiting for SAP's offers, as of the commissioner's last look" in text
    assert "--team SAP" not in text
    assert "`impact offseason offer --team SEN --done`" in text        # his own: what to run
    assert (fa["waiting"], fa["done"], fa["sealed"]) == (["SAP", "SEN"], [], ["SAP"])
    text, fa = _status(lg, lg.a)
    assert "SAP: done; the step goes on at the commissioner's next look" in text
    assert "waiting for SEN's offers, as of the commissioner's last look" in text
    assert "--team SAP" not in text and "--team SEN" not in text
    assert (fa["waiting"], fa["done"], fa["sealed"]) == (["SAP", "SEN"], ["SAP"], ["SEN"])
    # the commissioner's look carries free agency on: it waits for SEN alone, named plainly
    text, fa = _status(lg, lg.commissioner)
    assert (fa["waiting"], fa["done"], fa["sealed"]) == (["SEN"], [], [])
    assert "`impact offseason offer --team SEN --done`" in text
    sv.close_all()


async def test_the_season_area_says_the_same_to_each_manager(lg):
    """A's Season area waits for SEN as of the commissioner's last look (not "o: SAP's
    free-agency offers", his done) and his `o` looks again, offering no list; B's offers his
    own club's offers."""
    from tui.labels import label

    from tui_helpers import _workers_done, season_area, steps_show, steps_title

    async with season_area(lg.url(lg.a), (160, 36)) as (app, pilot):
        await steps_show(app, pilot, label("os_last_look", True))
        name = app.screen.team_name
        assert label("os_fa_waiting", True).format(team=name("SEN")) in steps_title(app)
        assert label("os_do_offer", True).format(team=name("SAP")) not in steps_title(app)
        await pilot.press("o")          # the key handled: a look again started, no list
        await _workers_done(app)
        await steps_show(app, pilot, label("os_last_look", True))
        assert type(app.screen).__name__ == "SeasonScreen"
    sv.close_all()
    async with season_area(lg.url(lg.b), (160, 36)) as (app, pilot):
        await steps_show(app, pilot, label("os_do_offer", True)
                         .format(team=app.screen.team_name("SEN")))
    sv.close_all()
