"""The farm (二軍): roster status in the league files, call-ups and demotions (登録抹消) with the
ten-day rule, by a person (CLI) and by the computer manager between games."""
import json
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from league.errors import LeagueError
from league.season.farm import Move, RosterBook, apply_move, call_up_problem, computer_moves, demotion_problem
from league.season.roster import parse_league
from storage.plainfiles import load_league, sample_league_path
from tui.cli.main import app

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)

runner = CliRunner()
MINI = sample_league_path("mini")


def _texts(folder=MINI):
    return tuple((Path(folder) / n).read_text(encoding="utf-8")
                 for n in ("league.toml", "batters.csv", "pitchers.csv"))


def _with_farm(batters: str, ids: set[str]) -> str:
    """batters.csv with a roster column: the given ids on the farm."""
    lines = batters.splitlines()
    out = [lines[0] + ",roster"]
    for ln in lines[1:]:
        pid = ln.split(",")[1] if ln and not ln.startswith("#") else ""
        out.append(ln + ("," + ("farm" if pid in ids else "active") if ln else ""))
    return "\n".join(out) + "\n"


def test_roster_column_reads_active_and_farm():
    toml, bat, pit = _texts()
    lg = parse_league(toml, bat, pit, where="mini")
    assert all(p.roster == "active" for t in lg.teams for p in t.players)
    assert (lg.roster_size, lg.active_size, lg.dressed) == (28, 29, 26)
    team = lg.teams[0]
    hitter = next(p for p in team.players if p.pitching is None and not p.fielding_at("C"))
    farm = parse_league(toml, _with_farm(bat, {hitter.id}), pit, where="mini")
    t = farm.team(team.code)
    assert t.player(hitter.id).roster == "farm"
    assert hitter.id not in {p.id for p in t.active}
    assert [p.id for p in t.farm] == [hitter.id]


def test_a_bad_roster_cell_is_named():
    toml, bat, pit = _texts()
    lines = _with_farm(bat, set()).splitlines()
    lines[1] = lines[1].rsplit(",", 1)[0] + ",minors"
    with pytest.raises(LeagueError, match=r"batters.csv line 2, column roster: 'minors' is not a "
                                          r"roster status \(use active, farm\)"):
        parse_league(toml, "\n".join(lines) + "\n", pit, where="mini")


def test_active_size_is_kept_once_a_team_has_a_farm():
    toml, bat, pit = _texts()
    lg = parse_league(toml, bat, pit, where="mini")
    one = next(p.id for p in lg.teams[0].players if p.pitching is None and not p.fielding_at("C"))
    small = toml.replace("roster_size = 28", "roster_size = 28\nactive_size = 26\ndressed = 25")
    with pytest.raises(LeagueError, match="27 players on the active roster \\(roster = active\\); the league registers "
                                          "at most 26 \\(active_size in league.toml\\)"):
        parse_league(small, _with_farm(bat, {one}), pit, where="mini")
    # a team without a farm is all active, as before the farm existed
    assert parse_league(small, bat, pit, where="mini").active_size == 26


def _pitcher(lg, team, role="RP"):
    return next(p for p in lg.team(team).players if p.pitching is not None
                and (p.pitching.starter == 0) == (role == "RP"))


def test_ten_day_rule_for_a_person():
    """A player demoted on 1 May may be registered again on 11 May, not before (NPB 10日ルール)."""
    lg = load_league(MINI)
    team = lg.teams[0].code
    rp = _pitcher(lg, team)
    book = RosterBook()
    book.bind(lg)
    assert demotion_problem(lg, book, rp.id) is None
    apply_move(book, Move(date(2026, 5, 1), team, rp.id, "down"))
    assert "on the farm already" in demotion_problem(lg, book, rp.id)
    msg = call_up_problem(lg, book, rp.id, date(2026, 5, 10))
    assert msg == (f"{rp.name} ({rp.id}) was demoted on 2026-05-01: the ten-day rule keeps him "
                   "down until 2026-05-11")
    assert call_up_problem(lg, book, rp.id, date(2026, 5, 11)) is None


def test_a_demotion_that_leaves_no_catcher_is_refused():
    lg = load_league(MINI)
    team = lg.teams[0]
    book = RosterBook()
    book.bind(lg)
    catchers = [p for p in team.players if p.fielding_at("C")]
    for c in catchers[:-1]:
        apply_move(book, Move(date(2026, 5, 1), team.code, c.id, "down"))
    assert demotion_problem(lg, book, catchers[-1].id).endswith(
        "the active roster would have no catcher")


def test_the_computer_keeps_the_ten_day_rule():
    """The computer manager fills an active roster short of its size from the farm, but never
    with a player demoted less than ten days before."""
    lg = load_league(MINI)
    team = lg.teams[0].code
    a, b = [p for p in lg.team(team).players if p.pitching is not None
            and p.pitching.starter == 0][:2]
    book = RosterBook()
    book.bind(lg)
    day = date(2026, 5, 1)
    apply_move(book, Move(day, team, a.id, "down"))
    apply_move(book, Move(day, team, b.id, "down"))
    book.take()
    for k in range(10):
        assert computer_moves(book, lg, team, day + timedelta(days=k)) == []
    made = computer_moves(book, lg, team, day + timedelta(days=10))
    assert sorted((m.kind, m.reason, m.player) for m in made) == sorted(
        [("up", "fill", a.id), ("up", "fill", b.id)])


def test_the_ten_day_rule_is_the_leagues_own_length():
    """`ten_days` in league.toml: the length the person's and the computer's moves keep (and the
    shared league's database reads from the league's settings)."""
    toml, bat, pit = _texts()
    lg = parse_league(toml.replace("roster_size = 28", "roster_size = 28\nten_days = 3"), bat,
                      pit, where="mini")
    assert lg.ten_days == 3 and load_league(MINI).ten_days == 10
    team = lg.teams[0].code
    rp = _pitcher(lg, team)
    book = RosterBook()
    book.bind(lg)
    apply_move(book, Move(date(2026, 5, 1), team, rp.id, "down"))
    assert call_up_problem(lg, book, rp.id, date(2026, 5, 3)).endswith("until 2026-05-04")
    assert call_up_problem(lg, book, rp.id, date(2026, 5, 4)) is None
    for bad in ("0", "61", '"ten"'):
        with pytest.raises(LeagueError, match="ten_days"):
            parse_league(toml.replace("roster_size = 28", f"roster_size = 28\nten_days = {bad}"),
                         bat, pit, where="mini")


def test_a_stored_seasons_roster_is_read_whatever_its_active_players():
    """A league file must give each team a catcher and five starters on its active roster; a
    stored season's cards are what its moves made them (the computer mends them before a game),
    so they are read with the whole team counted."""
    toml, bat, pit = _texts()
    lg = parse_league(toml, bat, pit, where="mini")
    team = lg.teams[0]
    catchers = {p.id for p in team.players if p.fielding_at("C")}
    with pytest.raises(LeagueError, match="no catcher"):
        parse_league(toml, _with_farm(bat, catchers), pit, where="mini")
    stored = parse_league(toml, _with_farm(bat, catchers), pit, where="mini", active=False)
    assert {p.id for p in stored.team(team.code).farm} == catchers


class _State:
    """What farm.repair reads of a season's state."""

    def __init__(self, league, book, prefs=None):
        self.league, self.roster, self.prefs = league, book, prefs or {}


def test_the_computer_mends_a_team_sent_wholly_down():
    """Every player sent down on the day itself (an older version let a manager): nobody may come
    back for ten days, yet the game needs a team. The computer calls up what it lacks, one need
    at a time, each move saying why, and no more."""
    from league.season.farm import repair, roster_problem
    lg = load_league(MINI)
    team = lg.teams[0]
    day = date(2026, 5, 1)
    book = RosterBook()
    book.bind(lg)
    for p in team.players:
        apply_move(book, Move(day, team.code, p.id, "down"))
    book.take()
    made = repair(_State(lg, book), team.code, day)
    assert made and all(m.kind == "up" and m.reason.startswith("roster: the active roster would")
                        for m in made)
    assert made[0].reason == "roster: the active roster would have no catcher"
    active = [p for p in team.players if p.id not in book.farm]
    assert roster_problem(active, lg.dh_for(team.code)) is None
    assert len(active) == len(made)
    assert repair(_State(lg, book), team.code, day) == []       # nothing more to mend


def test_reserves_that_leave_the_roster_short_are_set_aside():
    from league.season.farm import Notice, repair
    lg = load_league(MINI)
    team = lg.teams[0]
    book = RosterBook()
    book.bind(lg)
    catchers = [p.id for p in team.players if p.fielding_at("C")]
    state = _State(lg, book, {team.code: {"reserves": catchers, "order": []}})
    day = date(2026, 5, 1)
    assert repair(state, team.code, day) == []
    assert "reserves" not in state.prefs[team.code] and "order" in state.prefs[team.code]
    assert book.take_notices() == [Notice(day, team.code, "reserves",
                                          "the active roster would have no catcher")]


# --- the command line -----------------------------------------------------------------------------


def run(*args: str, ok: bool = True):
    result = runner.invoke(app, list(args))
    if ok:
        assert result.exit_code == 0, (result.output, result.exception)
    return result


def test_roster_commands(db):
    run("league", "new", "mini", "--from", "mini", "--db", db)
    run("season", "new", "--games-per-opponent", "12", "--seed", "5", "--db", db)
    team = load_league(MINI).teams[0].code
    v = json.loads(run("roster", "list", team, "--json", "--db", db).output)
    assert len(v["active"]) == 28 and v["farm"] == [] and v["active_size"] == 29
    rp = next(e["id"] for e in v["active"] if e["role"] == "RP")
    down = json.loads(run("roster", "down", rp, "--json", "--db", db).output)
    day = date.fromisoformat(down["day"])
    assert down["move"] == "down" and down["team"] == team
    refused = run("roster", "up", rp, "--db", db, ok=False)
    assert refused.exit_code == 2
    assert refused.output.strip().endswith(
        f"the ten-day rule keeps him down until {day + timedelta(days=10)}")
    assert len(refused.output.strip().splitlines()) == 1
    v = json.loads(run("roster", "list", team, "--json", "--db", db).output)
    assert [e["id"] for e in v["farm"]] == [rp]
    assert v["farm"][0]["back_on"] == str(day + timedelta(days=10))
    news = json.loads(run("transaction", "list", "--json", "--db", db).output)
    assert any(n["kind"] == "down" and rp in json.dumps(n) for n in
               (news["transactions"] if isinstance(news, dict) else news))
    # ten days on, the season's roster day has moved and he may come back
    run("season", "sim", "--days", "10", "-q", "--db", db)
    v = json.loads(run("roster", "list", team, "--json", "--db", db).output)
    if rp in [e["id"] for e in v["farm"]]:
        assert date.fromisoformat(v["day"]) >= day + timedelta(days=10)
        run("roster", "up", rp, "--db", db)
    v = json.loads(run("roster", "list", team, "--json", "--db", db).output)
    assert rp in [e["id"] for e in v["active"]]


def test_roster_commands_refuse_bad_input(db):
    run("league", "new", "mini", "--from", "mini", "--db", db)
    bad = run("roster", "down", "NOBODY", "--db", db, ok=False)
    assert bad.exit_code == 2 and "no player 'NOBODY'" in bad.output
    bad = run("roster", "list", "ZZZ", "--db", db, ok=False)
    assert bad.exit_code == 2 and "no team 'ZZZ'" in bad.output
    team = load_league(MINI).teams[0].code
    v = json.loads(run("roster", "list", team, "--json", "--db", db).output)
    pid = v["active"][0]["id"]
    bad = run("roster", "up", pid, "--db", db, ok=False)
    assert bad.exit_code == 2 and "on the active roster" in bad.output


def test_an_old_database_opens_and_takes_roster_moves(tmp_path):
    """tests/fixtures/league_0004.sqlite3 (schema 0004, before the farm): it opens, migrates to
    0010, and its players can be sent down and the season carried on."""
    from tui import services as sv
    from tui.services import farm as sf
    path = tmp_path / "old.sqlite3"
    shutil.copy(Path(__file__).parents[1] / "fixtures" / "league_0004.sqlite3", path)
    db = str(path)
    team = sv.open_league(db).teams[0].code
    v = sf.team_farm(db, team)
    assert v.farm == () and len(v.active) == 28
    rp = next(e.player.id for e in v.active if e.role == "RP")
    sf.move_player(db, rp, "down")
    assert [e.player.id for e in sf.team_farm(db, team).farm] == [rp]
    assert sv.sim_days(db, to_end=True).games == 4


def test_a_season_sets_reserves_aside_that_leave_a_team_without_a_catcher(db):
    """Saved reserves that set every catcher aside (stored past the app's own check, as a
    manager with psql could on an older version): the season plays on, the reserves are set
    aside with an entry in the news, and the team's catcher plays."""
    from storage import repository as repo
    from storage import roster_edit
    from storage.db import session
    from tui import services as sv

    sv.create_league(db, "pacific", "pacific")
    sv.new_season(db, "pacific", games_per_opponent=2)
    team = "SAP"
    catchers = [p.id for p in sv.team_roster(db, team).active if p.fielding_at("C")]
    with session(sv.engine_for(db)) as s:
        info = repo.find_season(session=s, league_id=repo.find_league(session=s, name=None).id)
        roster_edit.save_preference(session=s, season_id=info.id, team=team, kind="reserves",
                                    data=catchers)
        s.commit()
    report = sv.sim_days(db, to_end=True)
    assert report.remaining == 0
    aside = [n for n in sv.news(db) if n.kind == "aside_reserves"]
    assert len(aside) == 1 and aside[0].moves[0][1] == team
    assert aside[0].note == "the active roster would have no catcher"
    assert aside[0].text_en.startswith("Set aside: ") and \
        aside[0].text_en.endswith("'s saved reserves; the computer decides")
    assert not set(catchers) & sv.team_roster(db, team).reserves
    out = run("transaction", "list", "--db", db)
    assert "控え" in out.output and "(the active roster would have no catcher)" in out.output


def test_a_rotation_short_of_six_calls_a_farm_starter_up():
    """docs/manager.md, "Starters" (issue 29): a starter of the six sent down leaves the
    rotation five men; before the team's next game the computer calls the farm's best starter
    up to take the turn (the reason `rotation`), a reliever or bench hitter going down when the
    active roster is full, so nobody pitches on short rest."""
    from league.season.farm import _role
    from league.season.roster import ROTATION_SIZE
    lg = load_league(sample_league_path("nippon"))
    team = lg.teams[0]
    book = RosterBook()
    book.bind(lg)
    active_sp = [p for p in team.players if p.id not in book.farm and _role(p) == "SP"]
    assert len(active_sp) == ROTATION_SIZE
    day = date(2026, 5, 1)
    apply_move(book, Move(day, team.code, active_sp[0].id, "down"))
    book.take()
    made = computer_moves(book, lg, team.code, day + timedelta(days=1))
    ups = [m for m in made if m.kind == "up" and m.reason == "rotation"]
    assert len(ups) == 1 and _role(lg.player(ups[0].player)) == "SP"
    assert ups[0].player != active_sp[0].id
    starters = [p for p in team.players if p.id not in book.farm and _role(p) == "SP"]
    assert len(starters) == ROTATION_SIZE
    assert sum(1 for p in team.players if p.id not in book.farm) <= lg.active_size


def test_a_bullpen_run_down_calls_a_farm_reliever_up_for_a_bench_hitter():
    """A bullpen emptied in the season (a hurt man's position covered, the rotation's call-ups:
    a reliever goes down for a hitter or a starter, each time): with fewer than MIN_PEN healthy
    relievers active, the computer calls the farm's best reliever up before the team's next
    game (the reason `bullpen`), a bench hitter going down when the active roster is full — not
    a season of starters finishing their games for want of a reliever (issue 31: a lived club
    ended its fifth season with none, 55 complete games)."""
    from league.season.farm import MIN_PEN, _role
    lg = load_league(sample_league_path("nippon"))
    team = lg.teams[0]
    book = RosterBook()
    book.bind(lg)
    day = date(2026, 5, 1)
    pen = [p for p in team.players if p.id not in book.farm and _role(p) == "RP"]
    bench = [p for p in team.players if p.id in book.farm and _role(p) == "H"]
    for p in pen[MIN_PEN - 1:]:                       # the relievers down, hitters up
        apply_move(book, Move(day, team.code, p.id, "down"))
    active = lambda: [p for p in team.players if p.id not in book.farm]   # noqa: E731
    for h in bench[:lg.active_size - len(active())]:   # the active roster full
        apply_move(book, Move(day, team.code, h.id, "up"))
    book.take()
    assert len(active()) == lg.active_size
    assert sum(1 for p in active() if _role(p) == "RP") == MIN_PEN - 1
    made = computer_moves(book, lg, team.code, day + timedelta(days=1))
    ups = [m for m in made if m.reason == "bullpen"]
    assert [(m.kind, _role(lg.player(m.player))) for m in ups] == [("down", "H"), ("up", "RP")]
    assert ups[1].player not in {p.id for p in pen}        # one of the farm's, not a man just down
    assert sum(1 for p in active() if _role(p) == "RP") == MIN_PEN
    assert len(active()) == lg.active_size


def _with_contract(batters: str, contracts: dict[str, tuple[str, str]]) -> str:
    """batters.csv with roster and contract columns: {id: (roster, contract)}."""
    import csv
    import io
    rows = list(csv.DictReader(io.StringIO(batters)))
    out = io.StringIO()
    w = csv.DictWriter(out, [*rows[0].keys(), "roster", "contract"], lineterminator="\n")
    w.writeheader()
    for r in rows:
        roster, contract = contracts.get(r["id"], ("active", ""))
        w.writerow(dict(r, roster=roster, contract=contract))
    return out.getvalue()


def test_an_ikusei_player_is_off_the_70_on_the_farm_and_never_called_up():
    """npb_offseason.md §3: a 育成 (development) contract is not on the 70 (roster_size) and
    plays on the farm; he is not registered to the active roster (call-ups refuse him, the
    computer never calls him up)."""
    from league.season.farm import _eligible
    toml, bat, pit = _texts()
    lg = parse_league(toml, bat, pit, where="mini")
    team = lg.teams[0]
    devs = {t.code: next(p.id for p in t.players if p.pitching is None
                         and not p.fielding_at("C")) for t in lg.teams}
    dev = devs[team.code]
    size = max(len(t.players) for t in lg.teams)
    assert len(team.players) == size
    tight = toml.replace("roster_size = 28", f"roster_size = {size - 1}")
    text = _with_contract(bat, {d: ("farm", "育成") for d in devs.values()})
    lg = parse_league(tight, text, pit, where="mini")
    p = lg.player(dev)
    assert p.ikusei and p.roster == "farm"
    with pytest.raises(LeagueError, match=f"team {team.code} has {size} players; the league "
                                          f"allows at most {size - 1}"):
        parse_league(tight, _with_contract(bat, {d: ("farm", "" if d == dev else "育成")
                                                 for d in devs.values()}), pit, where="mini")
    with pytest.raises(LeagueError, match="column contract: a 育成 player is on the farm"):
        parse_league(toml, _with_contract(bat, {dev: ("active", "育成")}), pit, where="mini")
    with pytest.raises(LeagueError, match="column contract: 'minor' is not a contract"):
        parse_league(toml, _with_contract(bat, {dev: ("farm", "minor")}), pit, where="mini")
    book = RosterBook()
    book.bind(lg)
    assert "has a 育成 (development) contract" in call_up_problem(lg, book, dev, date(2026, 5, 1))
    assert not _eligible(book, p, date(2026, 5, 1), 10)


def test_club_is_the_leagues_team_by_its_code():
    """farm.club, which the set-up and the farm's checks ask before every game, answers as
    League.team: the same team object, and the same refusal for a code the league lacks."""
    from league.season.farm import club
    lg = load_league(MINI)
    for t in lg.teams:
        assert club(lg, t.code) is lg.team(t.code)
    with pytest.raises(LeagueError, match=r"no team 'XXX' in this league \(teams: "):
        club(lg, "XXX")
