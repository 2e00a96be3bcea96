"""Each managed club makes its foreign signings and releases at once (外国人, npb_offseason.md §5):
in a shared league a club's pending choices are its own while the step waits for it — another
manager, with `psql` or the program, reads neither the choice rows nor their lines in the audit
log, so he learns nothing of a rival's plans before they stand; once the club is no longer
waiting (its manager done and the commissioner's program has carried the step on, or the step
is over) they are everyone's, as the news. The commissioner reads all. Held by the database's
rules (row-level security), on the real PostgreSQL server."""
from __future__ import annotations

import json
from collections.abc import Iterator

import psycopg
import pytest

from tui import services as sv

from pg_league import PG_URL, League, offseason_league, rows, snapshot
from pg_league import services_closed as services_closed  # the fixture, for this module

# one xdist group with the other modules whose league is a copy of the same one made once a
# process (pg_league.offseason_league)
pytestmark = [pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set"),
              pytest.mark.xdist_group("pg_offseason_foreign")]

CHOSEN = ("select team, coalesce(player, '-'), action from league_foreign_choice "
          "order by id")
LOGGED = ("select after->>'team', coalesce(after->>'player', '-') from league_audit "
          "where tbl = 'league_foreign_choice' order by id")


@pytest.fixture(scope="module")
def pristine() -> Iterator[League]:
    """The bundled league, shared, A managing EDO and B YKH, the foreign step open: A has
    signed a man of EDO's pool and released one of EDO's foreign players; nobody is done and
    the commissioner has not looked since. What a test changes is put back before the next
    (`lg`), so that each starts from this, whichever ran before."""
    with offseason_league("nippon", a="EDO", b="YKH", until="foreign") as league:
        f = sv.offseason_steps(league.url(league.a)).foreign
        assert f is not None and set(f.waiting) == {"EDO", "YKH"}
        sign = next(m.player for m in f.pool if m.team == "EDO")
        release = next(m.player for m in f.players if m.team == "EDO")
        sv.foreign_choice(league.url(league.a), team="EDO", sign=sign)
        sv.foreign_choice(league.url(league.a), team="EDO", release=release)
        league.mine = [("EDO", sign, "sign"), ("EDO", release, "release")]  # type: ignore[attr-defined]
        sv.close_all()
        with psycopg.connect(league.conninfo(league.owner)) as conn:
            league.kept = (  # type: ignore[attr-defined]
                [r[0] for r in conn.execute("select id from league_foreign_choice")],
                conn.execute("select id, step, data from league_offseason").fetchall(),
                conn.execute("select max(id) from league_audit").fetchone()[0])
        league.snap = snapshot(league)  # type: ignore[attr-defined]
        yield league


@pytest.fixture
def lg(pristine: League) -> League:
    """The league as `pristine` made it: what the tests change (choices, the commissioner's
    look at the step, their lines in the audit log) put back by its owner, the triggers off
    while he does (the log is append-only), and every table checked to be as it was."""
    lg = pristine
    choices, stored, last = lg.kept  # type: ignore[attr-defined]
    sv.close_all()
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        tables = ("league_foreign_choice", "league_offseason", "league_audit")
        for table in tables:
            conn.execute(f"alter table {table} disable trigger user")
        conn.execute("delete from league_foreign_choice where not (id = any(%s))", (choices,))
        for oid, step, data in stored:
            conn.execute("update league_offseason set step = %s, data = %s where id = %s",
                         (step, data, oid))
        conn.execute("delete from league_audit where id > %s", (last,))
        for table in tables:
            conn.execute(f"alter table {table} enable trigger user")
    assert snapshot(lg) == lg.snap  # type: ignore[attr-defined]
    return lg


def _a_done(lg: League) -> None:
    """A says EDO is done; the commissioner has not looked since."""
    sv.foreign_choice(lg.url(lg.a), team="EDO", done=True)
    sv.close_all()


def test_a_pending_foreign_choice_is_sealed_from_the_other_manager(lg):
    mine = lg.mine  # type: ignore[attr-defined]
    assert rows(lg, lg.b, CHOSEN) == []
    assert rows(lg, lg.b, LOGGED) == []
    assert rows(lg, lg.a, CHOSEN) == mine
    assert rows(lg, lg.a, LOGGED) == [(t, p) for t, p, _a in mine]
    assert rows(lg, lg.commissioner, CHOSEN) == mine
    # B's program does not show them either
    f = sv.offseason_steps(lg.url(lg.b)).foreign
    assert f is not None
    assert not [m for m in f.pool + f.players if m.team == "EDO" and m.chosen]
    # his done-row says nothing either until the step no longer waits for EDO
    _a_done(lg)
    assert rows(lg, lg.b, CHOSEN) == [] and rows(lg, lg.b, LOGGED) == []


def test_a_manager_s_status_says_the_waiting_is_as_of_the_commissioner_s_last_look(lg):
    """A is done, the commissioner has not looked since: the stored list still names EDO. B
    cannot know whether EDO is done (its rows are sealed): his `impact offseason status` says
    it waits for EDO as of the commissioner's last look, with no command to choose for EDO; A
    reads his own done and is told the step goes on at the commissioner's next look."""
    from typer.testing import CliRunner

    from tui.cli.main import app

    _a_done(lg)

    def status(role: str) -> tuple[str, dict]:
        run = CliRunner().invoke
        text = run(app, ["--db", lg.url(role), "offseason", "status", "--top", "1"]).output
        got = json.loads(run(app, ["--db", lg.url(role), "offseason", "status", "--json"]
                             ).stdout)["foreign"]
        return text, got

    text, f = status(lg.b)
    assert "外国人 EDO: room for" in text
    edo = next(line for line in text.splitlines() if line.startswith("外国人 EDO:"))
    assert edo.endswith("(waiting, as of the commissioner's last look)")
    assert "--team EDO" not in text
    assert "`impact offseason sign --team YKH --done`" in text      # his own: what to run
    assert (f["waiting"], f["done"], f["sealed"]) == (["EDO", "YKH"], [], ["EDO"])
    text, f = status(lg.a)
    edo = next(line for line in text.splitlines() if line.startswith("外国人 EDO:"))
    assert edo.endswith("(done; the step goes on at the commissioner's next look)")
    assert "--team EDO" not in text
    assert (f["done"], f["sealed"]) == (["EDO"], ["YKH"])
    sv.close_all()


async def test_the_season_area_says_the_same_to_each_manager(lg):
    """The same state in the app: A's Season area waits for YKH as of the commissioner's last
    look (not "o: EDO's foreign players", his done), and his `o` looks again, offering no list;
    B's offers his own club's choice, not EDO's."""
    from tui.labels import label

    from tui_helpers import _workers_done, season_area, steps_show, steps_title

    _a_done(lg)
    async with season_area(lg.url(lg.a), (160, 36)) as (app, pilot):
        await steps_show(app, pilot, label("os_last_look", True))
        name = app.screen.team_name
        assert label("os_foreign_waits", True).format(teams=name("YKH")) in steps_title(app)
        assert name("EDO") not in steps_title(app)
        await pilot.press("o")          # the key handled: a look again started, no list
        await _workers_done(app)
        await steps_show(app, pilot, label("os_last_look", True))
        assert type(app.screen).__name__ == "SeasonScreen" and not app._notifications
    sv.close_all()
    async with season_area(lg.url(lg.b), (160, 36)) as (app, pilot):
        await steps_show(app, pilot, label("os_do_foreign_team", True)
                         .format(team=app.screen.team_name("YKH")))
    sv.close_all()


def test_once_the_club_no_longer_waits_its_choices_are_everyone_s(lg):
    mine = lg.mine  # type: ignore[attr-defined]
    _a_done(lg)
    f = sv.offseason_steps(lg.url(lg.commissioner)).foreign      # the step carried on
    assert f is not None and f.waiting == ("YKH",)
    done = [*mine, ("EDO", "-", "done")]
    assert rows(lg, lg.b, CHOSEN) == done
    assert rows(lg, lg.b, LOGGED) == [(t, p) for t, p, _a in done]
    # B's own choice, pending, is sealed from A
    f = sv.offseason_steps(lg.url(lg.b)).foreign
    assert f is not None
    theirs = next(m.player for m in f.pool if m.team == "YKH")
    sv.foreign_choice(lg.url(lg.b), team="YKH", sign=theirs)
    assert ("YKH", theirs, "sign") not in rows(lg, lg.a, CHOSEN)
    assert ("YKH", theirs) not in rows(lg, lg.a, LOGGED)
    assert ("YKH", theirs, "sign") in rows(lg, lg.commissioner, CHOSEN)


def test_a_league_shared_at_0021_is_sealed_when_its_owner_opens_it(lg):
    """A shared league stored before 0022_foreign_sealed (every manager read every choice): the
    owner's first open migrates it and seals the choices of clubs the step waits for."""
    f = sv.offseason_steps(lg.url(lg.b)).foreign
    assert f is not None
    sv.foreign_choice(lg.url(lg.b), team="YKH", sign=next(m.player for m in f.pool
                                                          if m.team == "YKH"))
    sv.close_all()
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("drop function if exists impact_foreign_public(integer, integer, text) "
                     "cascade")
        for table in ("league_foreign_choice", "league_audit"):
            conn.execute(f"drop policy if exists impact_read on {table}")
            conn.execute(f"create policy impact_read on {table} for select using (true)")
        conn.execute("update league_alembic_version set version_num = '0021_draft_sealed'")
    open_ = rows(lg, lg.a, CHOSEN)
    assert any(t == "YKH" for t, _p, _a in open_)       # as 0021 left it: open
    sv.close_all()
    assert sv.whoami(lg.url()).kind == "owner"             # opened, migrated, sealed
    from storage.db import head_revision
    assert rows(lg, lg.owner, "select version_num from league_alembic_version") == [
        (head_revision(),)]
    assert not any(t == "YKH" for t, _p, _a in rows(lg, lg.a, CHOSEN))
    assert not any(t == "YKH" for t, _p in rows(lg, lg.a, LOGGED))
    assert any(t == "YKH" for t, _p, _a in rows(lg, lg.b, CHOSEN))
