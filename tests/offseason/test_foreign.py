"""Foreign players (外国人枠, npb_offseason.md §5): any number under contract, at most four on the
active roster and not four pitchers nor four batters (league settings foreign_active and
foreign_side) — read from the league files, refused in one line to a person, and kept every
day by the computer manager (league.season.farm) and the off-season's roster check."""
from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from league.errors import LeagueError
from league.offseason import foreign
from league.season.farm import Move, RosterBook, apply_move, call_up_problem, computer_moves
from league.season.roster import parse_league
from storage.plainfiles import load_league, sample_league_path

NIPPON = sample_league_path("nippon")
DAY = date(2026, 5, 1)


def _texts():
    return tuple((NIPPON / n).read_text(encoding="utf-8")
                 for n in ("league.toml", "batters.csv", "pitchers.csv"))


@pytest.fixture(scope="module")
def nippon():
    return load_league(NIPPON)


def test_the_bundled_clubs_have_four_to_seven_foreign_players_within_the_limit(nippon):
    """§5: NPB clubs hold 4-7 foreign players; the active roster at most 4, at most 3 a side."""
    assert (nippon.foreign_active, nippon.foreign_side) == (4, 3)
    for team in nippon.teams:
        total, arms, bats = foreign.counts(team.players)
        assert 4 <= total <= 7, team.code
        assert foreign.over(team.active) is None, team.code
        assert all("・" in p.name for p in team.players if p.foreign)   # named as they are
    mini = load_league(sample_league_path("mini"))      # a league without a farm has none
    assert not any(p.foreign for t in mini.teams for p in t.players)


def _one(team, *, foreign_: bool, pitcher: bool, active: bool, starter: bool | None = None):
    return next(p for p in team.players if p.foreign == foreign_
                and (p.pitching is not None) == pitcher and (p.roster == "active") == active
                and (starter is None or (p.pitching.starter > 0) == starter))


def test_a_person_may_not_call_up_a_fifth_foreign_player(nippon):
    """EDO has four foreign players on the active roster: a fifth is refused in one line even
    with room on the roster; with one of them down, one may come up."""
    team = nippon.team("EDO")
    assert foreign.counts(team.active)[0] == 4
    book = RosterBook()
    book.bind(nippon)
    native = _one(team, foreign_=False, pitcher=True, active=True, starter=False)
    apply_move(book, Move(DAY, "EDO", native.id, "down"))            # room on the roster
    fifth = _one(team, foreign_=True, pitcher=True, active=False)
    said = call_up_problem(nippon, book, fifth.id, DAY)
    assert said == (f"EDO has 4 foreign players on the active roster, the most the league "
                    f"registers (foreign_active 4); {fifth.name} ({fifth.id}) cannot come up")
    out = _one(team, foreign_=True, pitcher=False, active=True)
    apply_move(book, Move(DAY, "EDO", out.id, "down"))
    assert call_up_problem(nippon, book, fifth.id, DAY) is None


def test_not_four_foreign_pitchers(nippon):
    """NSM has three foreign pitchers and one foreign batter active: with the batter down there
    is room for a foreign player, but not for a fourth foreign pitcher."""
    team = nippon.team("NSM")
    assert foreign.counts(team.active) == (4, 3, 1)
    book = RosterBook()
    book.bind(nippon)
    apply_move(book, Move(DAY, "NSM", _one(team, foreign_=True, pitcher=False, active=True).id,
                          "down"))
    arm = _one(team, foreign_=True, pitcher=True, active=False)
    said = call_up_problem(nippon, book, arm.id, DAY)
    assert said == (f"NSM has 3 foreign pitchers on the active roster, the most the league "
                    f"registers (foreign_side 3); {arm.name} ({arm.id}) cannot come up")


def test_the_computer_never_fills_the_roster_past_the_limit(nippon):
    """A club whose farm is all foreign, four of them active already, and a place free on the
    active roster: the computer fills it from the farm only when the limit leaves room."""
    team = nippon.team("EDO")
    everyone = tuple(dataclasses.replace(p, foreign=True) if p.roster == "farm" else p
                     for p in team.players)
    lg = dataclasses.replace(nippon, teams=tuple(
        dataclasses.replace(t, players=everyone) if t.code == "EDO" else t
        for t in nippon.teams))
    book = RosterBook()
    book.bind(lg)
    apply_move(book, Move(DAY, "EDO", _one(team, foreign_=False, pitcher=True, active=True,
                                           starter=False).id, "down"))
    made = computer_moves(book, lg, "EDO", date(2026, 5, 5), played=False)
    assert not [m for m in made if m.kind == "up"]
    assert foreign.counts(p for p in lg.team("EDO").players if p.id not in book.farm)[0] == 4
    # the same with room for a fifth: he comes up (it was the limit that kept him down)
    wider = dataclasses.replace(lg, foreign_active=5)
    book2 = RosterBook()
    book2.bind(wider)
    apply_move(book2, Move(DAY, "EDO", _one(team, foreign_=False, pitcher=True, active=True,
                                            starter=False).id, "down"))
    made = computer_moves(book2, wider, "EDO", date(2026, 5, 5), played=False)
    assert [m for m in made if m.kind == "up"]


def test_a_league_file_with_five_foreign_players_active_is_refused():
    toml, bat, pit = _texts()
    lines = bat.splitlines()
    head = lines[0].split(",")
    col, roster, team = head.index("foreign"), head.index("roster"), head.index("team")
    for i, ln in enumerate(lines[1:], start=1):
        cells = ln.split(",")
        if cells[team] == "EDO" and cells[roster] != "farm" and cells[col] != "yes" \
                and "C" not in cells[head.index("positions")].split(";")[0][:1]:
            cells[col] = "yes"
            lines[i] = ",".join(cells)
            break
    with pytest.raises(LeagueError, match=r"team EDO has 5 foreign players; at most 4 on the "
                                          r"active roster \(foreign = yes; foreign_active"):
        parse_league(toml, "\n".join(lines) + "\n", pit, where="nippon")
    # a league that registers five takes him
    lg = parse_league("foreign_active = 5\n" + toml, "\n".join(lines) + "\n", pit,
                      where="nippon")
    assert foreign.counts(lg.team("EDO").active)[0] == 5


def test_a_bad_foreign_cell_is_named():
    toml, bat, pit = _texts()
    lines = bat.splitlines()
    lines[1] = lines[1].rsplit(",", 1)[0] + ",maybe"
    with pytest.raises(LeagueError, match=r"batters.csv line 2, column foreign: 'maybe' is not "
                                          r"yes or no"):
        parse_league(toml, "\n".join(lines) + "\n", pit, where="nippon")
    with pytest.raises(LeagueError, match=r"foreign_side"):
        parse_league("foreign_side = -1\n" + toml, bat, pit, where="nippon")


@pytest.mark.slow
def test_a_whole_season_never_goes_past_the_limit_on_any_day(nippon, ruleset):
    """A season of the bundled league as the season runner plays it: before every game (the
    computer's moves for injuries, fatigue, slumps and the rotation made) both clubs' active
    rosters are within the foreign limit, every day of the season."""
    from league.season.calibration import FIRST_YEAR, season_calendar
    from league.season.simulate import players_of
    from league.season.state import SeasonState, game_seed, play_scheduled

    state = SeasonState(league=nippon, players=players_of(nippon))
    days, full, foreign_moves = set(), 0, 0
    for slot in season_calendar(nippon, FIRST_YEAR, 5):
        _result, rest, starters = play_scheduled(state, ruleset, slot.day, slot.away, slot.home,
                                                 game_seed(5, slot.number))
        for code in (slot.away, slot.home):
            active = [p for p in nippon.team(code).players if p.id not in state.roster.farm]
            assert foreign.over(active) is None, (slot.day, code)
            full += foreign.counts(active)[0] == 4
        days.add(slot.day)
        state.after_game(rest, starters)
    foreign_moves = sum(1 for m in state.roster.moves if nippon.player(m.player).foreign)
    assert len(days) >= 140 and full > 500    # the limit was met, and kept, all season
    assert foreign_moves > 0                  # foreign players went down and came up


# --- the off-season: releases and signings (§5) -------------------------------------------------


def test_a_foreign_player_who_hardly_played_or_is_old_may_be_released():
    """§5: the computer releases those who disappoint: one who hardly played (under 150 PA /
    150 batters faced) goes with a chance of 3 in 4, one of 35 or more with 1 in 2; a regular
    of 30 stays."""
    F = foreign.Foreigner
    assert foreign.release_chance(F("a", "T", 30, 40, 0, False)) == 0.75
    assert foreign.release_chance(F("b", "T", 30, 0, 90, True)) == 0.75
    assert foreign.release_chance(F("c", "T", 30, 500, 0, False)) == 0.0
    assert foreign.release_chance(F("d", "T", 30, 0, 600, True)) == 0.0
    assert foreign.release_chance(F("e", "T", 36, 500, 0, False)) == 0.5
    people = [F(f"P{i}", "T", 27 + i % 10, (i * 53) % 600, 0, False) for i in range(400)]
    out = foreign.releases("lg", 2027, people)
    assert out == foreign.releases("lg", 2027, people)            # seeded
    assert out != foreign.releases("lg", 2028, people)
    assert all(foreign.release_chance(f) > 0 for f in out)
    idle = [f for f in people if foreign.release_chance(f) == 0.75]
    assert 0.6 < sum(1 for f in out if f in idle) / len(idle) < 0.9


def _templates(nippon):
    from storage.mappers import csv_rows
    bat = {r["id"]: r for r in csv_rows((NIPPON / "batters.csv").read_text(encoding="utf-8"))}
    pit = {r["id"]: r for r in csv_rows((NIPPON / "pitchers.csv").read_text(encoding="utf-8"))}
    return [(bat.get(p.id), pit.get(p.id)) for t in nippon.teams for p in t.active]


def test_clubs_sign_foreign_players_aged_26_to_32_within_the_limit(nippon):
    """§5: each club signs from a generated pool up to its number for the year (4-7 held),
    older on arrival (26-32), a foreign player's cards made from the league's own; he joins the
    active roster only when the limit leaves room, else the farm; roster_size is kept."""
    ids = iter(range(1000))
    clubs = {"AAA": (0, 0, 40, 0, 0), "BBB": (2, 1, 40, 2, 1), "CCC": (3, 1, 69, 3, 1),
             "DDD": (7, 0, 40, 3, 0)}
    taken: set[str] = set()
    signed = foreign.signings("lg", 2027, clubs, _templates(nippon), taken,
                              lambda team: f"{team}{next(ids):03d}", 70)
    by = {t: [s for s in signed if s.team == t] for t in clubs}
    assert 4 <= len(by["AAA"]) <= 7 and not by["DDD"]           # up to the club's number
    assert len(by["CCC"]) <= 1                                   # one place under roster_size
    for s in signed:
        assert 26 <= s.age <= 32
        cells = [c for c in (s.batting, s.pitching) if c is not None]
        assert all(c["foreign"] == "yes" and c["team"] == s.team and c["id"] == s.player
                   and c["name"] == s.name and "・" in s.name for c in cells)
    # AAA had nobody: its first three pitchers and batters fit (at most 3 a side, 4 in all)
    active = [s for s in by["AAA"] if (s.batting or s.pitching)["roster"] == "active"]
    assert 1 <= len(active) <= 4
    assert sum(1 for s in active if s.pitching is not None) <= 3
    # BBB had three active: one more at most
    assert sum(1 for s in by["BBB"] if (s.batting or s.pitching)["roster"] == "active") <= 1
    again = foreign.signings("lg", 2027, clubs, _templates(nippon), set(),
                             lambda team, n=iter(range(1000)): f"{team}{next(n):03d}", 70)
    assert [(s.team, s.name, s.age) for s in again] == [(s.team, s.name, s.age) for s in signed]


def test_a_renewal_releases_and_signs_foreign_players_and_keeps_the_limit(nippon):
    """§7: in the renewal, after the draft, those who disappointed go (a release, reason
    "foreign") and new ones are signed; the active rosters after it are within the limit."""
    from league.offseason.renewal import FOREIGN_RELEASE, renew
    from storage.mappers import csv_rows
    bat = {r["id"]: r for r in csv_rows((NIPPON / "batters.csv").read_text(encoding="utf-8"))}
    pit = {r["id"]: r for r in csv_rows((NIPPON / "pitchers.csv").read_text(encoding="utf-8"))}
    cards = [(pid, (bat.get(pid) or pit[pid])["team"], bat.get(pid), pit.get(pid))
             for pid in dict.fromkeys([*bat, *pit])]
    usage = {pid: (0, 0) for pid, *_ in cards}       # nobody played: the idle may go
    done = renew("nippon", 2027, cards, usage, [], [t.code for t in nippon.teams])
    let_go = [d for d in done.departures if d.reason == FOREIGN_RELEASE]
    assert let_go and done.signed
    assert all(pid not in done.cards for pid in (d.player for d in let_go))
    for s in done.signed:
        assert done.cards[s.player][0] == s.team
    for team in nippon.teams:
        here = [(b, p) for t, b, p in done.cards.values() if t == team.code
                and ((b or p or {}).get("roster") or "active") != "farm"]
        arms = sum(1 for b, p in here if (b or p).get("foreign") == "yes" and p is not None)
        bats = sum(1 for b, p in here if (b or p).get("foreign") == "yes" and p is None)
        assert arms + bats <= 4 and arms <= 3 and bats <= 3, team.code


@pytest.mark.slow
def test_five_lived_seasons_keep_the_limit_every_day_and_move_foreign_players(lived_nippon):
    """Done when (issue 32): five lived seasons of the bundled league (played, closed and
    renewed through the services): no active roster over the foreign limit on any day of any
    season — every day from the first scheduled game to the last, the days without games too,
    the stored moves replayed, and checked against the games' lines (no foreign man played off
    his club's active roster, no club used more than four in a day) — foreign players released
    and signed in every off-season. The five are the first of the session's ten lived seasons
    (tests/conftest.py): lived("nippon", 5) plays the same five."""
    r = lived_nippon
    foreign, fa, trades = r.foreign[:5], r.fa[:4], r.trades[1:5]
    assert [f.season for f in foreign] == [1, 2, 3, 4, 5]
    for f in foreign:
        # a season of 143-146 days of games runs about seven months, postseason included
        assert f.days_checked >= 180 and f.game_days >= 140, f
        assert f.most_active <= 4 and f.most_in_games <= 4, f
        assert f.days_over_limit == 0 and f.played_off_roster == 0, f
        if f.season > 1:
            assert f.signed > 0 and f.released > 0, f
    # free agency (§4) too: players declare and move in every off-season (seeds 1/2/3 measured
    # 12/10, 10/6, 11/8, 7/6 · 11/6, 12/9, 13/6, 7/4 · 10/7, 14/10, 6/4, 4/2 declared/moved
    # before seasons 2-5)
    assert [n for n, *_ in fa] == [2, 3, 4, 5]
    for n, declared, moved, _comp in fa:
        assert declared > 0 and moved > 0, (n, declared, moved)
    # and trades (§6): the computer's clubs trade in every off-season (seeds 1/2/3 measured
    # 3, 3, 2, 2 · 2, 3, 3, 4 · 4, 3, 3, 1 before seasons 2-5) and in every season ([trades]
    # in_season, on by default), none after the deadline: the first season's counted too, with
    # no off-season before it
    n, offseason, in_season, late = r.trades[0]
    assert (n, offseason, late) == (1, 0, 0) and in_season > 0, r.trades[0]
    assert [n for n, *_ in trades] == [2, 3, 4, 5]
    for n, offseason, in_season, late in trades:
        assert offseason > 0 and in_season > 0 and late == 0, (n, offseason, in_season, late)


def test_the_command_line_shows_and_refuses_with_json(tmp_path):
    """impact roster list marks the foreign players and counts them against the limit, impact
    player says it, and a call-up past the limit is one line with exit status 2."""
    import json

    from typer.testing import CliRunner

    from tui.cli.main import app
    runner = CliRunner()
    db = str(tmp_path / "league.sqlite3")

    def run(*args: str, code: int = 0):
        out = runner.invoke(app, [*args, "--db", db])
        assert out.exit_code == code, (out.output, out.exception)
        return out.output

    run("league", "new", "nippon", "--from", "nippon")
    run("season", "new", "--seed", "5")
    v = json.loads(run("roster", "list", "EDO", "--json"))
    assert (v["foreign_active"], v["foreign_side"], v["foreign_on_active"]) == (4, 3, 4)
    farm_foreign = next(e for e in v["farm"] if e["foreign"])
    assert sum(e["foreign"] for e in v["active"]) == 4
    assert "外国人 foreign active 4/4" in run("roster", "list", "EDO")
    assert json.loads(run("player", farm_foreign["id"], "--json"))["foreign"] is True
    native = next(e for e in v["active"] if e["role"] == "RP" and not e["foreign"])
    run("roster", "down", native["id"])
    said = run("roster", "up", farm_foreign["id"], code=2).strip()
    assert len(said.splitlines()) == 1
    assert said.endswith(f"EDO has 4 foreign players on the active roster, the most the league "
                         f"registers (foreign_active 4); {farm_foreign['name']} "
                         f"({farm_foreign['id']}) cannot come up")


def test_5_a_person_s_pool_is_the_computer_s_choice_and_more_the_same_each_time(nippon):
    # §5: the computer signs from a generated pool; a person's club chooses from the players
    # the computer would sign for it and 4-7 more of the same making, seeded
    templates = _templates(nippon)
    ids = iter(range(100, 400))

    def new_id(team: str) -> str:
        return f"{team}{next(ids)}"

    proposed = foreign.signings("t", 2027, {"EDO": (1, 1, 60, 1, 1)}, templates, set(), new_id,
                                70)
    assert proposed
    first = foreign.pool("t", 2027, "EDO", proposed, templates, set(), new_id)
    assert first[:len(proposed)] == proposed
    more = first[len(proposed):]
    assert foreign.FOREIGN_HELD[0] <= len(more) <= foreign.FOREIGN_HELD[1]
    for s in more:
        cells = s.pitching or s.batting
        assert cells is not None and cells["foreign"] == "yes" and cells["team"] == "EDO"
        assert foreign.ARRIVAL_AGES[0] <= s.age <= foreign.ARRIVAL_AGES[1]
    ids = iter(range(100, 400))
    again = foreign.pool("t", 2027, "EDO", proposed, templates, set(), new_id)
    assert [(s.name, s.age, s.pitching is not None) for s in again[len(proposed):]] == \
        [(s.name, s.age, s.pitching is not None) for s in more]
    # a foreign name is never one taken already
    assert len({s.name for s in first}) == len(first)


def test_5_a_person_s_signings_join_the_active_roster_while_the_limit_has_room(nippon):
    templates = _templates(nippon)
    ids = iter(range(100, 400))
    men = foreign.pool("t", 2027, "EDO", [], templates, set(), lambda t: f"{t}{next(ids)}")
    arms = [s for s in men if s.pitching is not None]
    bats = [s for s in men if s.pitching is None]
    assert len(arms) >= 2 and bats
    # two foreign pitchers active already and one batter: room for one pitcher (the side's
    # three), then none at all (four)
    chosen = [arms[0], arms[1], bats[0]]
    placed = foreign.seated(chosen, 2, 1)
    rosters = [(s.pitching or s.batting or {}).get("roster") for s in placed]
    assert rosters == ["active", "farm", "farm"]
    # with none active, the first four (not four pitchers) come up
    placed = foreign.seated([*arms[:3], bats[0]], 0, 0)
    assert [(s.pitching or s.batting or {}).get("roster") for s in placed] == ["active"] * 4
    assert [s.player for s in placed] == [s.player for s in [*arms[:3], bats[0]]]
