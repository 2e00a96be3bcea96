"""A hostile manager against a shared league (issue 28), on the real PostgreSQL server.

Each attack is made the way a manager with nothing but `psql` and his own login would make it:
a login role that is not a superuser, on a league whose owner is not a superuser either. Each
attack must end in an error (permission denied or a check violation), and every league table
and the audit log must be as they were before it (a snapshot of every table before and after).

With IMPACT_TEST_PG_URL set (CI sets it) these tests run, and fail when the server cannot be
reached or a role cannot be made: they never skip there.
"""
from __future__ import annotations

import json
import uuid
from collections.abc import Iterator

import psycopg
import pytest
import sqlalchemy as sa
from sqlalchemy.engine import make_url

from league.errors import LeagueError
from tui import services as sv

from league_db import drop_at_end
from pg_league import PG_URL, League, _admin, _one, _temporary_back, _temporary_gone, attack, shared_league
from pg_league import services_closed as services_closed  # the fixture, for this module

pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    with shared_league("pacific", a="SAP", b="SEN") as league:
        yield league


# --- 1. temporary tables shadowing the policies' lookups ------------------------------------------

SHADOW_MANAGER = (
    "create temp table league_manager(role text, league_id int, team text)",
    "insert into league_manager select current_user, id, 'SEN' from public.league_league",
    "update league_roster_pref set data = '[]' where team = 'SEN'",
    "insert into league_roster_pref(season_id, team, kind, data) "
    "select id, 'SEN', 'bullpen', '[\"SEN20\"]' from public.season_season",
)


def _sen_pref(lg: League) -> None:
    """SEN's manager keeps a saved rotation (something for the attacker to overwrite)."""
    ids = [p.id for p in sv.team_roster(lg.url(lg.b), "SEN").active
           if p.pitching is not None and p.pitching.starter > 0]
    sv.save_rotation(lg.url(lg.b), "SEN", ids)


def test_temporary_tables_are_not_allowed_to_managers(lg):
    _sen_pref(lg)
    err = attack(lg, lg.a, SHADOW_MANAGER)
    assert "permission denied to create temporary tables" in str(err)


def test_a_temporary_league_manager_shadows_nothing(lg):
    """Even with TEMPORARY (a database the league's owner does not own): the functions the
    policies call look in the schema, never in pg_temp."""
    _sen_pref(lg)
    _temporary_back(lg, lg.a)
    try:
        err = attack(lg, lg.a, SHADOW_MANAGER)
        assert "row-level security" in str(err)
        err = attack(lg, lg.a, (
            "create temp table season_season(id int, league_id int)",
            "insert into season_season select id, 999 from public.season_season",
            "create temp table league_manager(role text, league_id int, team text)",
            "insert into league_manager values (current_user, 999, 'SEN')",
            "insert into league_roster_pref(season_id, team, kind, data) "
            "select id, 'SEN', 'bullpen', '[]' from public.season_season",
        ))
        assert "row-level security" in str(err)
        err = attack(lg, lg.a, (
            "create temp table league_manager(role text, league_id int, team text)",
            "insert into league_manager select current_user, id, 'SEN' from public.league_league",
            "insert into game_live(league_id, away, home, people, lineups, fatigue, log, dice, "
            "seed, status, updated_at, home_by) select id, 'CHB', 'SEN', '[1]', '[]', '{}', '{}', "
            "'computer', 1, 'playing', now(), current_user from public.league_league",
        ))
        assert "row-level security" in str(err)
    finally:
        _temporary_gone(lg, lg.a)


# --- 2. the audit log kept empty by a temporary league_audit -------------------------------------


def test_the_audit_log_cannot_be_diverted(lg):
    err = attack(lg, lg.a, ("create temp table league_audit (like public.league_audit)",))
    assert "permission denied" in str(err)
    _temporary_back(lg, lg.a)
    try:
        ids = [p.id for p in sv.team_roster(lg.url(lg.a), "SAP").active
               if p.pitching is not None and p.pitching.starter > 0]
        before = _one(lg, "select count(*) from league_audit")
        with psycopg.connect(lg.conninfo(lg.a)) as conn:
            conn.execute("create temp table league_audit (id bigserial, at timestamptz default "
                         "now(), who text, tbl text, op text, teams text[], before jsonb, "
                         "after jsonb)")
            conn.execute("grant all on league_audit to public")
            conn.execute("insert into league_roster_pref(season_id, team, kind, data) select id, "
                         "'SAP', 'rotation', %s from public.season_season "
                         "on conflict (season_id, team, kind) do update set data = excluded.data",
                         (str(ids[::-1]).replace("'", '"'),))
            diverted = conn.execute("select count(*) from pg_temp.league_audit").fetchone()[0]
            conn.commit()
        assert diverted == 0
        assert _one(lg, "select count(*) from league_audit") == before + 1
        assert _one(lg, "select who from league_audit order by id desc limit 1") == lg.a
    finally:
        _temporary_gone(lg, lg.a)


# --- 3. the roster function on another team's players ---------------------------------------------


def test_the_roster_function_cannot_reach_another_teams_player(lg):
    other = next(e for e in sv.team_farm(lg.url(), "SEN").active if e.role == "RP")
    _temporary_back(lg, lg.a)
    try:
        err = attack(lg, lg.a, (
            "create temp table league_manager(role text, league_id int, team text)",
            "insert into league_manager select session_user, id, 'SEN' from public.league_league",
            "grant all on league_manager to public",
            f"select impact_roster_move(l.id, s.id, '{other.player.id}', 'down', s.start, 10) "
            "from public.league_league l join public.season_season s on s.league_id = l.id",
        ))
        assert "which you do not manage" in str(err)
    finally:
        _temporary_gone(lg, lg.a)


# --- the schema's functions ---------------------------------------------------------------------


def test_every_project_function_has_a_fixed_search_path_with_pg_temp_last(lg):
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        rows = conn.execute(
            "select p.proname, p.proconfig from pg_proc p join pg_namespace n on "
            "n.oid = p.pronamespace where n.nspname = 'public'").fetchall()
    assert rows, "no functions in the league's schema"
    bad = []
    for name, config in rows:
        path = next((c.split("=", 1)[1] for c in config or () if c.startswith("search_path=")),
                    None)
        parts = [p.strip().strip('"') for p in path.split(",")] if path else []
        if not parts or parts[-1] != "pg_temp":
            bad.append(f"{name}: search_path {path!r}")
    assert bad == []


# --- further routes a hostile manager might take ------------------------------------------------

FURTHER = {
    "nextval on another table's sequence": ["select nextval('public.league_card_id_seq')"],
    "the audit log's sequence": ["select setval('public.league_audit_id_seq', 1)"],
    "a trigger's function called by hand": ["select public.impact_audit_trim(jsonb_build_object())"],
    "the commissioners' group": ["set role {comm}", "update league_card set team = team"],
    "the managers' group": ["set role {mgr}", "insert into league_roster_pref(season_id, team, "
                            "kind, data) select id, 'SEN', 'bullpen', '[]' from season_season"],
    "a search_path of his own": [
        "select set_config('search_path', 'pg_temp, public', false)",
        "create temp table league_manager(role text, league_id int, team text)"],
    "triggers switched off": ["set session_replication_role = replica"],
    "a view in the schema": ["create view public.league_manager_v as select 1 as x"],
    "a function in the schema": [
        "create function public.impact_manages(lg integer, code text, x int) returns boolean "
        "language sql as 'select true'"],
    "a schema of his own": ["create schema mine"],
    "row-level security switched off": [
        "alter table league_roster_pref disable row level security"],
    "a trigger of his own": [
        "create trigger mine before insert on league_roster_pref for each row execute function "
        "public.impact_audit()"],
    "the policy replaced": ["drop policy impact_manager on league_roster_pref"],
    "the function replaced": [
        "create or replace function public.impact_manages(lg integer, code text) returns "
        "boolean language sql as 'select true'"],
    "a server file read into a large object": ["select lo_import('/etc/passwd')"],
    "COPY into his table past the policy": ["copy league_roster_pref(season_id, team, kind, data) "
                                            "from program 'echo'"],
    "the commissioner's session ended": ["select pg_terminate_backend({pid})"],
}


@pytest.mark.parametrize("route", sorted(FURTHER))
def test_further_routes_are_refused(lg, route):
    comm, mgr = lg.groups
    with psycopg.connect(lg.conninfo(lg.commissioner)) as kept:   # a session to end
        pid = kept.info.backend_pid
        statements = [s.format(comm=f'"{comm}"', mgr=f'"{mgr}"', pid=pid) for s in FURTHER[route]]
        err = attack(lg, lg.a, statements)
        assert kept.execute("select 1").fetchone() == (1,)
    assert err.sqlstate == "42501", err


def test_the_audit_function_cannot_be_borrowed_to_forge_entries(lg):
    """The audit trigger's function runs as the owner: a manager's own table with it as a
    trigger would write forged entries into the real log. Nobody but triggers of the league's
    tables may execute it."""
    _temporary_back(lg, lg.a)
    try:
        err = attack(lg, lg.a, (
            "create temp table league_card(id int, team text)",
            "create trigger forge after insert on league_card for each row "
            "execute function public.impact_audit()",
            "insert into league_card values (1, 'SEN')",
        ))
        assert "permission denied for function public.impact_audit" in str(err)
    finally:
        _temporary_gone(lg, lg.a)


def test_a_league_in_a_database_its_owner_does_not_own_holds_and_says_why(tmp_path):
    """The league's tables belong to one role, the database to another (a hosted server's
    usual set-up): sharing cannot take TEMPORARY from PUBLIC and says so, and a manager's
    temporary league_manager still shadows nothing."""
    from typer.testing import CliRunner

    from tui.cli.main import app as cli_app

    tag = uuid.uuid4().hex[:8]
    name = f"league_hosted_{tag}"
    assert PG_URL is not None
    league = League(PG_URL, name, tag)
    dba = f"dba_{tag}"
    admin = _admin()
    with admin.connect() as conn:
        conn.execute(sa.text(f'create role "{dba}" login'))
        conn.execute(sa.text(f'create role "{league.owner}" login createrole'))
        conn.execute(sa.text(f'create database "{name}" owner "{dba}"'))
    db_admin = sa.create_engine(make_url(PG_URL).set(database=name), isolation_level="AUTOCOMMIT")
    try:
        with db_admin.connect() as conn:
            conn.execute(sa.text(f'grant create on schema public to "{league.owner}"'))
        sv.create_league(league.url(), "pacific", "pacific")
        sv.new_season(league.url(), "pacific", games_per_opponent=2)
        out = CliRunner().invoke(cli_app, ["league", "share", "--db", league.url()])
        assert out.exit_code == 0, out.output
        assert f"note: the database {name} belongs to {dba}" in out.output
        assert "REVOKE TEMPORARY ON DATABASE" in out.output
        sv.add_manager(league.url(), league.a, "SAP")
        sv.add_manager(league.url(), league.b, "SEN")
        _sen_pref(league)
        sv.close_all()
        err = attack(league, league.a, SHADOW_MANAGER)
        assert "row-level security" in str(err)
    finally:
        sv.close_all()
        db_admin.dispose()
        admin.dispose()
        drop_at_end(databases=[name], roles=[league.a, league.b, *league.groups, league.owner, dba])


# --- 4. the roster function takes the rules from its caller ---------------------------------------

CALLER_RULES = {
    "no ten-day rule": "s.id, %(p)s, 'up', %(day)s, 0",
    "a day in 2099": "s.id, %(p)s, 'up', date '2099-01-01', 10",
    "no season: the league's own cards": "null, %(p)s, 'up', %(day)s, 10",
}


@pytest.mark.parametrize("rules", sorted(CALLER_RULES))
def test_the_roster_function_takes_no_rules_from_its_caller(lg, rules):
    view = sv.team_farm(lg.url(), "SAP")
    reliever = next(e for e in view.active if e.role == "RP")
    if reliever.player.id not in {e.player.id for e in sv.team_farm(lg.url(), "SAP").farm}:
        sv.move_player(lg.url(lg.a), reliever.player.id, "down")
    err = attack(lg, lg.a, [
        f"select impact_roster_move(l.id, {CALLER_RULES[rules]}) from public.league_league l "
        "join public.season_season s on s.league_id = l.id"],
        params={"p": reliever.player.id, "day": view.day})
    assert err.sqlstate == "23514"


def test_a_manager_cannot_send_his_whole_team_down(lg):
    """One by one his players go down until the next would leave the active roster unable to
    field a line-up: that one is refused, in the rules' words."""
    lid = _one(lg, "select id from league_league")
    refused = None
    for entry in sv.team_farm(lg.url(), "SAP").active:
        try:
            with psycopg.connect(lg.conninfo(lg.a)) as conn:
                conn.execute("select impact_roster_move(%s, %s, 'down')", (lid, entry.player.id))
        except psycopg.Error as exc:
            assert exc.sqlstate == "23514", exc
            refused = exc.diag.message_primary
    assert refused is not None and refused.startswith("SAP: demoting ")
    left = [e.player for e in sv.team_farm(lg.url(), "SAP").active]
    from league.season.farm import roster_problem
    assert roster_problem(left, sv.season_league(lg.url()).dh_for("SAP")) is None


def test_the_season_never_stops_on_one_teams_roster(lg):
    """A league whose manager sent his whole team down under an older version (the function
    let him, on the day itself): the commissioner's simulation plays on, the computer calls up
    from the farm what a game needs and the news says why."""
    day = sv.team_farm(lg.url(), "SEN").day
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute(
            "update league_card c set batting = case when batting is null then null else "
            "jsonb_set(batting::jsonb, '{roster}', '\"farm\"')::text end, pitching = case when "
            "pitching is null then null else jsonb_set(pitching::jsonb, '{roster}', "
            "'\"farm\"')::text end where c.team = 'SEN' and c.season_id is not null")
        conn.execute("insert into season_roster(season_id, player, demoted_on, points) "
                     "select c.season_id, p.pid, %s, 0 from league_card c join league_player p "
                     "on p.id = c.player_id where c.team = 'SEN' and c.season_id is not null "
                     "on conflict (season_id, player) do update set demoted_on = excluded.demoted_on",
                     (day,))
    assert sv.team_farm(lg.url(), "SEN").active == ()
    report = sv.sim_days(lg.url(lg.commissioner), days=2)
    assert report.games > 0 and not report.stopped
    ups = [n for n in sv.news(lg.url()) if n.kind == "up" and n.moves[0][1] == "SEN"]
    assert ups and all(n.note.startswith("roster: the active roster would have") for n in ups)
    assert any("no catcher" in n.note for n in ups)
    from league.season.farm import roster_problem
    left = [e.player for e in sv.team_farm(lg.url(), "SEN").active]
    assert roster_problem(left, sv.season_league(lg.url()).dh_for("SEN")) is None


# --- 6. keyboard games taken over and forged ------------------------------------------------------


def _scheduled(lg, *teams: str, exclude: set[int] = frozenset()):
    """A game of the schedule not played yet, between the teams given (one or both)."""
    return next(g for _day, games in sv.schedule_days(lg.url()) for g in games
                if g.status != "final" and set(teams) <= {g.away, g.home}
                and g.number not in exclude and g.number not in _live_numbers(lg))


def _live_numbers(lg) -> set[int]:
    return {k.number for k in sv.keyboard_games(lg.url()) if k.number is not None
            and k.status in ("playing", "finished")}


def _play(setup, side: int, *, seed: int | None = None):
    """A person plays `side` of a keyboard game to its end: the computer's dice of the game
    (its seed), or other rolls (`seed`: as typed dice would be)."""
    from league.engine.dice import SeededDice
    from league.engine.live import live_game
    from league.manager.computer import ComputerManager

    from tests_live_helpers import person

    info = setup.info
    g, _ = live_game(setup.ruleset, setup.players, *info.lineups, people={side: person()},
                     computer=ComputerManager,
                     live_dice=lambda: SeededDice(info.seed if seed is None else seed),
                     dh=setup.league.dh_for(info.home), fatigue=info.fatigue)
    return g, g.play()


def test_another_managers_side_cannot_be_cleared_or_taken(lg):
    """B plays SEN's side of a SAP-SEN game; A, SAP's manager, may read the row but neither
    set B's side to nobody, nor take the computer's side, nor rewrite B's log."""
    game = _scheduled(lg, "SAP", "SEN")
    sen = 0 if game.away == "SEN" else 1
    setup = sv.start_live(lg.url(lg.b), number=game.number, people=(sen,))
    live = setup.info.id
    col = ("away_by", "home_by")
    err = attack(lg, lg.a, [f"update game_live set {col[sen]} = null, people = '[]' "
                            f"where id = {live}"])
    assert f"played by {lg.b}" in str(err)
    attack(lg, lg.a, [f"update game_live set {col[1 - sen]} = current_user, "
                      f"people = '[0, 1]' where id = {live}"])
    attack(lg, lg.a, [f"update game_live set log = '{{\"rolls\": [100, 100, 100]}}' "
                      f"where id = {live}"])
    attack(lg, lg.a, [f"delete from game_live where id = {live}"])
    sv.void_game(lg.url(lg.commissioner), live)


def test_a_finished_game_is_frozen(lg):
    """A's game, finished and waiting for the commissioner: its number, teams, line-ups, log and
    status are his no longer (the forgery: the number of another pair's game)."""
    game = _scheduled(lg, "SAP")
    side = 0 if game.away == "SAP" else 1
    setup = sv.start_live(lg.url(lg.a), number=game.number, people=(side,))
    g, result = _play(setup, side)
    assert sv.finish_live(lg.url(lg.a), setup.info.id, result, g.live_log) is None
    other = next(x for _d, games in sv.schedule_days(lg.url()) for x in games
                 if x.status != "final" and "SAP" not in (x.away, x.home))
    live = setup.info.id
    for sql in (f"update game_live set number = {other.number} where id = {live}",
                f"update game_live set away = '{other.away}', home = '{other.home}' "
                f"where id = {live}",
                f"update game_live set log = '{{\"rolls\": []}}' where id = {live}",
                f"update game_live set status = 'final' where id = {live}",
                f"update game_live set status = 'playing' where id = {live}",
                f"update game_live set lineups = '[]' where id = {live}",
                f"delete from game_live where id = {live}"):
        attack(lg, lg.a, [sql])


def test_a_game_cannot_be_entered_finished_or_under_another_pairs_number(lg):
    lid = _one(lg, "select id from league_league")
    sid = _one(lg, "select id from season_season")
    mine = _scheduled(lg, "SAP")
    theirs = next(x for _d, games in sv.schedule_days(lg.url()) for x in games
                  if x.status != "final" and "SAP" not in (x.away, x.home))
    side = "away" if mine.away == "SAP" else "home"
    cols = ("league_id, season_id, number, away, home, people, lineups, fatigue, log, dice, "
            f"seed, status, updated_at, {side}_by")
    people = "[0]" if side == "away" else "[1]"

    def row(number: int, status: str, log: str) -> str:
        return (f"insert into game_live({cols}) values ({lid}, {sid}, {number}, '{mine.away}', "
                f"'{mine.home}', '{people}', '[]', '{{}}', '{log}', 'computer', 1, '{status}', "
                "now(), current_user)")

    attack(lg, lg.a, [row(mine.number, "finished", '{"rolls": [50]}')])
    attack(lg, lg.a, [row(mine.number, "final", '{"rolls": []}')])
    attack(lg, lg.a, [row(theirs.number, "playing", '{"rolls": []}')])
    attack(lg, lg.a, [row(mine.number, "playing", '{"rolls": [1, 2, 3]}')])


def test_the_database_chooses_a_keyboard_games_seed(lg):
    """The seed of the computer's dice is the database's: a manager who chose it could choose
    a game he likes."""
    game = _scheduled(lg, "SAP")
    side = 0 if game.away == "SAP" else 1
    setup = sv.start_live(lg.url(lg.a), number=game.number, people=(side,), seed=12345)
    stored = _one(lg, f"select seed from game_live where id = {setup.info.id}")
    assert stored == setup.info.seed and stored != 12345
    sv.void_game(lg.url(lg.commissioner), setup.info.id)


def _finished_game(lg, *, typed_seed: int | None = None):
    """A's keyboard game of SAP, played to its end and waiting for the commissioner."""
    game = _scheduled(lg, "SAP")
    side = 0 if game.away == "SAP" else 1
    setup = sv.start_live(lg.url(lg.a), number=game.number, people=(side,))
    g, result = _play(setup, side, seed=typed_seed)
    assert sv.finish_live(lg.url(lg.a), setup.info.id, result, g.live_log) is None
    return game, setup.info.id, result


def _final(lg, number: int) -> bool:
    return any(g.number == number and g.status == "final"
               for _d, games in sv.schedule_days(lg.url()) for g in games)


def _sql_as_owner(lg, sql: str, params: tuple = ()) -> None:
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute(sql, params)


def test_the_commissioner_refuses_a_game_under_another_pairs_number(lg):
    """A row forged before the database froze it (an older version let a manager change a
    finished game's number): the commissioner's recording replays it, finds the number is not
    its teams' game, and voids it with the reason in the news; the other pair's game is played
    by its own teams."""
    game, live, _result = _finished_game(lg)
    other = next(x for _d, games in sv.schedule_days(lg.url()) for x in games
                 if x.status != "final" and "SAP" not in (x.away, x.home))
    _sql_as_owner(lg, "update game_live set number = %s where id = %s", (other.number, live))
    report = sv.sim_days(lg.url(lg.commissioner), days=1)
    assert game.number not in report.recorded and other.number not in report.recorded
    [why] = [w for w in report.refused if f"saved game {live}" in w]
    for _ in range(60):         # day by day until the other pair's game is played
        if _final(lg, other.number):
            break
        sv.sim_days(lg.url(lg.commissioner), days=1)
    assert f"game {other.number} is {other.away} @ {other.home}, not {game.away} @ {game.home}" in why
    kept = {k.id: k for k in sv.keyboard_games(lg.url())}[live]
    assert kept.status == "voided"
    box = sv.boxscore(lg.url(), other.number)
    assert {p for _s, p, *_ in box.result.batting} <= {
        p.id for t in (other.away, other.home) for p in sv.season_league(lg.url()).team(t).players}
    assert box.data["typed_by"] is None
    [news] = [n for n in sv.news(lg.url()) if n.kind == "keyboard_refused"]
    assert f"saved game {live}" in news.note and news.moves[0][1:] == (game.away, game.home)


def test_the_commissioner_refuses_a_log_that_does_not_replay_to_the_end(lg):
    game, live, _result = _finished_game(lg)
    _sql_as_owner(lg, "update game_live set log = jsonb_set(log::jsonb, '{rolls}', "
                      "(select jsonb_agg(r) from (select r from jsonb_array_elements("
                      "log::jsonb -> 'rolls') with ordinality x(r, n) where n <= 20) y))::text "
                      "where id = %s", (live,))
    report = sv.sim_days(lg.url(lg.commissioner), days=1)
    assert any(f"saved game {live}" in why and "log ends mid-game" in why for why in report.refused)
    assert {k.id: k for k in sv.keyboard_games(lg.url())}[live].status == "voided"


def test_a_game_of_typed_dice_is_marked_in_the_record_and_the_box_score(lg):
    """Rolls that are not the game's seeded dice were typed: the record and the box score say
    by whom. A game of the computer's dice is not marked."""
    plain, _live, _r = _finished_game(lg)
    typed, _live2, result = _finished_game(lg, typed_seed=11)
    report = sv.sim_days(lg.url(lg.commissioner), days=1)
    assert {plain.number, typed.number} <= set(report.recorded), report
    box = sv.boxscore(lg.url(), typed.number)
    assert box.data["typed_by"] == lg.a
    assert f"dice typed at the keyboard by {lg.a}" in box.result.notes
    assert f"dice typed at the keyboard by {lg.a}" in box.text
    assert (box.data["away"]["runs"], box.data["home"]["runs"]) == tuple(result.runs)
    assert sv.boxscore(lg.url(), plain.number).data["typed_by"] is None
    assert _one(lg, f"select typed_by from game_game g join season_schedule s on "
                    f"s.id = g.schedule_id where s.number = {typed.number}") == lg.a


def test_a_league_shared_by_an_older_version_is_brought_up_to_date_when_its_owner_opens_it(lg):
    """A shared league whose functions were installed by an older version (no fixed
    search_path) and whose schema is one migration behind: the owner's first open migrates it
    and installs the league's functions and triggers anew."""
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("alter function impact_manages(integer, text) reset search_path")
        conn.execute("drop trigger impact_live_guard on game_live")
        conn.execute("alter table game_game drop column typed_by")
        conn.execute("drop view league_fa_offer_count, league_draft_pick_count")  # 0019, 0023
        conn.execute("drop table league_draft_pick, league_offseason, league_trade_offer, "
                     "league_fa_offer, league_foreign_choice")  # 0015-18
        conn.execute("update league_alembic_version set version_num = '0012_line_indexes'")
    sv.close_all()
    assert sv.whoami(lg.url()).kind == "owner"          # opened, migrated, shared anew
    test_every_project_function_has_a_fixed_search_path_with_pg_temp_last(lg)
    assert _one(lg, "select count(*) from pg_trigger where tgname = 'impact_live_guard'") == 1
    from storage.db import head_revision
    assert _one(lg, "select version_num from league_alembic_version") == head_revision()


# --- 5. a saved list that crashed the commissioner ------------------------------------------------

BAD_LISTS = {
    "an order of a bare string": ("order", '["abc"]'),
    "an order of three-part entries": ("order", '[["SAP01", "C", 1]]'),
    "an order at no position": ("order", '[["SAP01", "XX"]]'),
    "an order of twelve": ("order", json.dumps([[f"SAP{i:02d}", "C"] for i in range(1, 13)])),
    "a rotation of numbers": ("rotation", "[1, 2, 3]"),
    "a player twice": ("bullpen", '["SAP20", "SAP20"]'),
    "another team's player": ("rotation", '["SEN16"]'),
    "not a list": ("bullpen", '{"a": 1}'),
    "not JSON": ("rotation", "not json"),
    "an unknown kind": ("lineup", "[]"),
    "reserves that leave no catcher": ("reserves", None),
}


def _pref_words(lg, kind: str, data: str) -> str:
    """What league.season.prefs says of the list (the season's read says the same)."""
    from league.season.prefs import LIST_NAMES, NOT_A_LIST, pref_problem
    try:
        value = json.loads(data)
    except ValueError:
        return NOT_A_LIST.format(what=LIST_NAMES[kind])
    players = {p.id for p in sv.season_league(lg.url()).team("SAP").players}
    why = pref_problem(kind, value, players, "SAP")
    assert why is not None
    return why


@pytest.mark.parametrize("case", sorted(BAD_LISTS))
def test_a_bad_saved_list_is_refused_when_written_in_the_seasons_words(lg, case):
    kind, data = BAD_LISTS[case]
    if data is None:        # every catcher of SAP in reserve
        data = json.dumps([p.id for p in sv.team_roster(lg.url(), "SAP").active
                           if p.fielding_at("C")])
        short = sv.season_league(lg.url()).team("SAP").short
        words = f"{short}: the active roster would have no catcher"
    else:
        words = _pref_words(lg, kind, data)
    sql = ("insert into league_roster_pref(season_id, team, kind, data) select id, 'SAP', "
           "%(kind)s, %(data)s from public.season_season on conflict (season_id, team, kind) "
           "do update set data = excluded.data")
    err = attack(lg, lg.a, [sql], params={"kind": kind, "data": data})
    assert err.sqlstate == "23514" and err.diag.message_primary == words
    # the commissioner's writes meet the same check
    err = attack(lg, lg.commissioner, [sql], params={"kind": kind, "data": data})
    assert err.diag.message_primary == words


def test_a_bad_saved_list_already_stored_is_set_aside_with_a_word_in_the_news(lg):
    """Lists stored before the database checked them (an older version): the commissioner's
    simulation never ends in an internal error; each is set aside with an entry in the news and
    the computer decides."""
    from typer.testing import CliRunner

    from tui.cli.main import app as cli_app

    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("alter table league_roster_pref disable trigger impact_pref_check")
        for kind, data in (("order", '["abc"]'), ("rotation", "not json"),
                           ("bullpen", '["SEN20"]')):
            conn.execute("insert into league_roster_pref(season_id, team, kind, data) select id, "
                         "'SAP', %s, %s from season_season on conflict (season_id, team, kind) "
                         "do update set data = excluded.data", (kind, data))
        conn.execute("alter table league_roster_pref enable trigger impact_pref_check")
    out = CliRunner().invoke(cli_app, ["season", "sim", "--days", "1", "--db",
                                       lg.url(lg.commissioner)])
    assert out.exit_code == 0, out.output
    assert "internal error" not in out.output
    aside = {n.kind: n for n in sv.news(lg.url()) if n.kind.startswith("aside_")}
    assert aside["aside_order"].note == \
        "entry 1 of the saved batting order is not a [player id, position] pair"
    assert aside["aside_rotation"].note == "the saved rotation is not a list"
    assert aside["aside_bullpen"].note == \
        "the saved bullpen order names SEN20, who is not a player of SAP"
    assert _one(lg, "select count(*) from league_roster_pref where team = 'SAP' and kind in "
                    "('order', 'rotation', 'bullpen')") == 0


# --- 7. manager remove dropped roles sharing did not make ----------------------------------------


def test_manager_add_refuses_roles_that_are_not_a_persons_own(lg):
    comm, mgr = lg.groups
    for name, words in (("pg_monitor", "PostgreSQL's own roles"), (lg.owner, "owns the league"),
                        (comm, "group role"), (mgr, "group role"),
                        ("postgres", "superuser")):
        with pytest.raises(LeagueError, match=words):
            sv.add_manager(lg.url(), name, "CHB")
        with pytest.raises(LeagueError, match=words):
            sv.remove_manager(lg.url(), name)
    assert {r["team"] for r in sv.managers(lg.url())} == {"SAP", "SEN"}


def test_manager_remove_drops_only_a_role_manager_add_made(lg):
    """A role that was there before (here: made by the server's administrator) is only taken
    out of the league; the one `manager add` made is dropped."""
    older, new = f"older_{lg.tag}", f"newer_{lg.tag}"
    with _admin().connect() as conn:
        conn.execute(sa.text(f'create role "{older}" login'))
    try:
        assert sv.add_manager(lg.url(), older, "CHB")["created"] is False
        assert sv.add_manager(lg.url(), new, "OSK")["created"] is True
        out = sv.remove_manager(lg.url(), older)
        assert out["role_dropped"] is False
        assert _one(lg, f"select count(*) from pg_roles where rolname = '{older}'") == 1
        assert _one(lg, f"select pg_has_role('{older}', '{lg.groups[1]}', 'member')") is False
        out = sv.remove_manager(lg.url(), new)
        assert out["role_dropped"] is True
        assert _one(lg, f"select count(*) from pg_roles where rolname = '{new}'") == 0
        # the record of made roles is the owner's: nobody else writes it
        for role in (lg.a, lg.commissioner):
            attack(lg, role, [f"insert into league_made_role(role) values ('{older}')"])
    finally:
        with _admin().connect() as conn:
            conn.execute(sa.text(f'drop role if exists "{older}"'))
            conn.execute(sa.text(f'drop role if exists "{new}"'))
