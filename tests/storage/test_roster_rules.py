"""The rules of a roster move have one home (league.season.farm) and two faces: the services, and the
shared league's database function `impact_roster_move` that a manager may call with psql
(storage/roster_sql.py, generated from league.season.farm). One table of cases runs against both: the
database function called by the team's manager (the attack must change nothing), the services
as the manager and as the commissioner; all refuse with the same words. The moves they allow
come out the same too: the season's own roster day, the season's card only, the news.

Run against the real PostgreSQL server (IMPACT_TEST_PG_URL; CI sets it and never skips)."""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta

import psycopg
import pytest

from league.offseason import foreign
from league.season import farm
from league.season.roster import MIN_STARTERS
from tui import services as sv

from pg_league import PG_URL, League, _one, attack, shared_league

pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")

# the teams of the bundled nippon league the cases use (CL plays without the DH, PL with it)
TEAMS = ("EDO", "YKH", "NGY", "NSM", "HRS", "KNZ", "SAP", "SEN", "CHB", "TKZ")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    with shared_league("nippon", a="EDO", b="FUK") as league:
        for team in TEAMS[1:]:
            sv.add_manager(league.url(), league.a, team)
        sv.close_all()
        yield league


@pytest.fixture(autouse=True)
def _close() -> Iterator[None]:
    yield
    sv.close_all()


def _league_id(lg: League, name: str = "nippon") -> int:
    return int(_one(lg, f"select id from league_league where name = '{name}'"))


def _view(lg: League, team: str) -> sv.FarmView:
    return sv.team_farm(lg.url(lg.commissioner), team, league="nippon")


def _label(entry: sv.FarmEntry) -> str:
    return farm.PLAYER.format(name=entry.player.name, id=entry.player.id)


def _demote_until(lg: League, team: str, fits: Callable[[sv.FarmEntry], bool], keep: int) -> None:
    """The commissioner sends the team's active players that `fits` down until `keep` are left
    (each a move the rules allow)."""
    tried: set[str] = set()
    while True:
        view = _view(lg, team)
        left = [e for e in view.active if fits(e)]
        if len(left) <= keep:
            return
        pick = next((e for e in left if e.player.id not in tried), None)
        assert pick is not None, f"{team}: cannot bring {len(left)} down to {keep}"
        tried.add(pick.player.id)
        try:
            sv.move_player(lg.url(lg.commissioner), pick.player.id, "down", league="nippon")
        except sv.ServiceError:
            continue


def _hitter(e: sv.FarmEntry) -> bool:
    p = e.player
    return p.batting is not None and any(f.position != "P" for f in p.fielding)


@dataclass(frozen=True)
class Case:
    name: str
    team: str
    kind: str
    # makes the situation; returns the player the move is asked for and the words expected
    prepare: Callable[[League, str], tuple[str, str]]
    league: str = "nippon"
    commissioner_too: bool = True      # the commissioner meets the same rule


def already_active(lg: League, team: str) -> tuple[str, str]:
    e = _view(lg, team).active[0]
    return e.player.id, farm.ALREADY_ACTIVE.format(player=_label(e), team=team)


def already_farm(lg: League, team: str) -> tuple[str, str]:
    e = _view(lg, team).farm[0]
    return e.player.id, farm.ALREADY_FARM.format(player=_label(e))


def ten_days(lg: League, team: str) -> tuple[str, str]:
    view = _view(lg, team)
    e = next(x for x in view.active if x.role == "RP")
    sv.move_player(lg.url(lg.commissioner), e.player.id, "down", league="nippon")
    assert view.day is not None
    return e.player.id, farm.TEN_DAY_RULE.format(player=_label(e), demoted=view.day,
                                                 back=view.day + timedelta(days=10))


def ten_days_of_the_league(lg: League, team: str) -> tuple[str, str]:
    """The rule's length is the league's own setting (here 3 days), not a caller's."""
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("update league_league set settings = (settings::jsonb || "
                     "'{\"ten_days\": 3}'::jsonb)::text where name = 'nippon'")
    view = _view(lg, team)
    e = next(x for x in view.active if x.role == "RP")
    sv.move_player(lg.url(lg.commissioner), e.player.id, "down", league="nippon")
    assert view.day is not None
    return e.player.id, farm.TEN_DAY_RULE.format(player=_label(e), demoted=view.day,
                                                 back=view.day + timedelta(days=3))


def active_full(lg: League, team: str) -> tuple[str, str]:
    view = _view(lg, team)
    first, second = view.farm[0], view.farm[1]
    sv.move_player(lg.url(lg.commissioner), first.player.id, "up", league="nippon")
    size = view.active_size
    assert len(_view(lg, team).active) == size
    return second.player.id, farm.ACTIVE_FULL.format(team=team, active=size, size=size)


def _demoting(team: str, e: sv.FarmEntry, problem: str) -> str:
    return farm.DEMOTING.format(team=team, player=_label(e), problem=problem)


def last_catcher(lg: League, team: str) -> tuple[str, str]:
    catcher = lambda e: e.player.fielding_at("C") is not None   # noqa: E731
    _demote_until(lg, team, catcher, 1)
    e = next(x for x in _view(lg, team).active if catcher(x))
    return e.player.id, _demoting(team, e, farm.NO_CATCHER)


def fifth_starter(lg: League, team: str) -> tuple[str, str]:
    _demote_until(lg, team, lambda e: e.role == "SP", MIN_STARTERS)
    e = next(x for x in _view(lg, team).active if x.role == "SP")
    return e.player.id, _demoting(team, e, farm.FEW_STARTERS.format(
        starters=MIN_STARTERS - 1, need=MIN_STARTERS))


def ninth_hitter(lg: League, team: str) -> tuple[str, str]:
    """Without the DH (the CL) a line-up needs nine position players."""
    _demote_until(lg, team, _hitter, farm.HITTERS)
    e = next(x for x in _view(lg, team).active if _hitter(x))
    return e.player.id, _demoting(team, e, farm.FEW_HITTERS.format(
        hitters=farm.HITTERS - 1, need=farm.HITTERS))


def tenth_hitter_with_dh(lg: League, team: str) -> tuple[str, str]:
    """With the DH (the PL) ten: the team's league's rule, read from the league's settings."""
    _demote_until(lg, team, _hitter, farm.DH_HITTERS)
    e = next(x for x in _view(lg, team).active if _hitter(x))
    return e.player.id, _demoting(team, e, farm.FEW_HITTERS.format(
        hitters=farm.DH_HITTERS - 1, need=farm.DH_HITTERS))


def last_center_fielder(lg: League, team: str) -> tuple[str, str]:
    cf = lambda e: e.player.can_play("CF")      # noqa: E731
    _demote_until(lg, team, cf, 1)
    e = next(x for x in _view(lg, team).active if cf(x))
    return e.player.id, _demoting(team, e, farm.NOBODY_AT.format(position="CF"))


def catcher_in_reserve(lg: League, team: str) -> tuple[str, str]:
    """A player the manager keeps in reserve does not count: with one catcher in reserve, the
    other cannot go down."""
    catcher = lambda e: e.player.fielding_at("C") is not None   # noqa: E731
    _demote_until(lg, team, catcher, 2)
    first, second = [x for x in _view(lg, team).active if catcher(x)]
    sv.set_reserve(lg.url(lg.a), first.player.id, True, league="nippon")
    return second.player.id, _demoting(team, second, farm.NO_CATCHER)


def _native_reliever_down(lg: League, team: str) -> None:
    """Room on the active roster: the commissioner sends a reliever who is not foreign down."""
    e = next(x for x in _view(lg, team).active if x.role == "RP" and not x.player.foreign)
    sv.move_player(lg.url(lg.commissioner), e.player.id, "down", league="nippon")


def fifth_foreign(lg: League, team: str) -> tuple[str, str]:
    """外国人枠: four foreign players active, room on the roster, a fifth cannot come up."""
    assert _view(lg, team).foreign_count == 4
    _native_reliever_down(lg, team)
    e = next(x for x in _view(lg, team).farm if x.player.foreign)
    return e.player.id, foreign.FOREIGN_FULL.format(team=team, count=4, limit=4,
                                                    player=_label(e))


def fourth_foreign_pitcher(lg: League, team: str) -> tuple[str, str]:
    """Not four foreign pitchers: with the foreign batter down there is room for a foreign
    player, not for a fourth foreign pitcher."""
    view = _view(lg, team)
    assert sum(1 for e in view.active if e.player.foreign and e.player.pitching) == 3
    bat = next(e for e in view.active if e.player.foreign and e.player.pitching is None)
    sv.move_player(lg.url(lg.commissioner), bat.player.id, "down", league="nippon")
    e = next(x for x in _view(lg, team).farm if x.player.foreign and x.player.pitching)
    return e.player.id, foreign.FOREIGN_SIDE_FULL.format(team=team, count=3, side="pitchers",
                                                         limit=3, player=_label(e))


def no_season(lg: League, team: str) -> tuple[str, str]:
    """A league with no season: a manager never moves the league's own cards."""
    e = sv.team_farm(lg.url(), team, league="mini2").active[0]
    return e.player.id, farm.NO_SEASON


CASES = (
    Case("already active", "EDO", "up", already_active),
    Case("already on the farm", "EDO", "down", already_farm),
    Case("the ten-day rule", "YKH", "up", ten_days),
    Case("the active roster is full", "NGY", "up", active_full),
    Case("the last catcher", "NSM", "down", last_catcher),
    Case("the fifth starter", "HRS", "down", fifth_starter),
    Case("the ninth position player (no DH)", "KNZ", "down", ninth_hitter),
    Case("the tenth position player (DH)", "SAP", "down", tenth_hitter_with_dh),
    Case("the last center fielder", "SEN", "down", last_center_fielder),
    Case("a catcher in reserve does not count", "CHB", "down", catcher_in_reserve),
    Case("the league's own ten days", "TKZ", "up", ten_days_of_the_league),
    Case("a fifth foreign player", "EDO", "up", fifth_foreign),
    Case("a fourth foreign pitcher", "SEN", "up", fourth_foreign_pitcher),
)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_one_table_of_rules_for_the_database_and_the_services(lg, case):
    pid, words = case.prepare(lg, case.team)
    lid = _league_id(lg, case.league)
    # the database's function, called by the team's manager himself: refused, nothing changed
    err = attack(lg, lg.a, [f"select impact_roster_move({lid}, '{pid}', '{case.kind}')"])
    assert err.sqlstate == "23514"
    assert err.diag.message_primary == words
    # the services, as the manager and as the commissioner: the same words
    with pytest.raises(sv.ServiceError) as refused:
        sv.move_player(lg.url(lg.a), pid, case.kind, league=case.league)
    assert str(refused.value) == words
    if case.commissioner_too:
        with pytest.raises(sv.ServiceError) as refused:
            sv.move_player(lg.url(lg.commissioner), pid, case.kind, league=case.league)
        assert str(refused.value) == words


def test_a_league_without_a_season(lg):
    sv.create_league(lg.url(), "mini2", "mini")
    team = sv.team_farm(lg.url(), None, league="mini2").team
    sv.add_manager(lg.url(), lg.a, team, league="mini2")
    sv.close_all()
    pid, words = no_season(lg, team)
    err = attack(lg, lg.a, [f"select impact_roster_move({_league_id(lg, 'mini2')}, '{pid}', 'down')"])
    assert err.sqlstate == "23514" and err.diag.message_primary == words
    with pytest.raises(sv.ServiceError) as refused:
        sv.move_player(lg.url(lg.a), pid, "down", league="mini2")
    assert str(refused.value) == words


def test_a_closed_season_takes_no_moves(lg):
    view = _view(lg, "OSK")
    pid = next(e.player.id for e in view.active if e.role == "RP")
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        number, year = conn.execute(
            "update season_season set phase = 'closed' where league_id = "
            "(select id from league_league where name = 'nippon') returning number, year").fetchone()
    try:
        words = farm.SEASON_CLOSED.format(number=number, year=year)
        sv.add_manager(lg.url(), lg.a, "OSK", league="nippon")
        sv.close_all()
        err = attack(lg, lg.a, [f"select impact_roster_move({_league_id(lg)}, '{pid}', 'down')"])
        assert err.sqlstate == "23514" and err.diag.message_primary == words
        for role in (lg.a, lg.commissioner):
            with pytest.raises(sv.ServiceError) as refused:
                sv.move_player(lg.url(role), pid, "down", league="nippon")
            assert str(refused.value) == words
    finally:
        with psycopg.connect(lg.conninfo(lg.owner)) as conn:
            conn.execute("update season_season set phase = 'regular'")


def _card_roster(lg: League, pid: str) -> list[tuple[object, str]]:
    """(season id, roster cell) of each of the player's cards."""
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        rows = conn.execute(
            "select c.season_id, coalesce(c.pitching, c.batting) from league_card c join "
            "league_player p on p.id = c.player_id where p.pid = %s order by 1 nulls first",
            (pid,)).fetchall()
    return [(sid, json.loads(cells).get("roster", "")) for sid, cells in rows]


def test_a_move_the_rules_allow_is_the_same_from_the_database_and_the_services(lg):
    """The database function and the services make the same move: the season's card only (the
    league's own card unchanged), demoted on the season's roster day, a transaction in the news
    (the audit log names the manager)."""
    view = _view(lg, "FUK")
    day = view.day
    by_sql, by_service = [e.player.id for e in view.active if e.role == "RP"][:2]
    with psycopg.connect(lg.conninfo(lg.b)) as conn:
        conn.execute("select impact_roster_move(%s, %s, 'down')", (_league_id(lg), by_sql))
    sv.move_player(lg.url(lg.b), by_service, "down", league="nippon")
    after = _view(lg, "FUK")
    ten = int(_one(lg, "select coalesce((settings::jsonb->>'ten_days')::int, 10) "
                       "from league_league where name = 'nippon'"))
    for pid in (by_sql, by_service):
        entry = next(e for e in after.entries if e.player.id == pid)
        assert entry.status == "farm" and entry.demoted_on == day
        assert entry.back_on == day + timedelta(days=ten)
        own, season = _card_roster(lg, pid)
        assert own == (None, "") and season[1] == "farm"
    news = [n for n in sv.news(lg.url(), "nippon", limit=5) if n.kind == "down"]
    assert {n.moves[0][0] for n in news[:2]} == {by_sql, by_service}
    assert all(n.day == day for n in news[:2])
    whos = _one(lg, "select array_agg(distinct who) from (select * from league_audit order by "
                    "id desc limit 10) l where tbl = 'league_card' and after->>'season_id' is not "
                    "null")
    assert whos == [lg.b]
