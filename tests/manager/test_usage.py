"""Real usage (issue 33, docs/cards.md "Real usage"): a league made from statistics stores its
players' real figures ([usage] in league.toml), and the computer managers start its men as
they were used — by position, the rotation by starts, the closer by saves — from the team's
game number alone, so a season replays and plays the same however it is split."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from league.engine import ENGINE_VERSION
from league.errors import LeagueError
from league.manager.usage import (
    RELIEF_IP,
    check_usage,
    day_starters,
    planned,
    rotation_order,
    team_usage,
)

USAGE = {
    "games": 100,
    "batters": {
        "c1": {"pa": 420, "g": 110, "C": 100},          # the catcher: most starts
        "c2": {"pa": 90, "g": 30, "C": 25},             # his backup
        "s1": {"pa": 300, "g": 90, "SS": 50, "2B": 25},  # a utility man
        "s2": {"pa": 250, "g": 60, "SS": 55},
        "b2": {"pa": 330, "g": 80, "2B": 78},
        "dh": {"pa": 400, "g": 95, "DH": 95},
    },
    "pitchers": {
        "a": {"g": 24, "gs": 24, "ip": 160, "sv": 0, "hld": 0},
        "b": {"g": 22, "gs": 22, "ip": 140, "sv": 0, "hld": 0},
        "c": {"g": 45, "gs": 20, "ip": 130, "sv": 0, "hld": 0},
        "d": {"g": 18, "gs": 18, "ip": 110, "sv": 0, "hld": 0},
        "e": {"g": 16, "gs": 16, "ip": 90, "sv": 0, "hld": 0},
        "cl": {"g": 60, "gs": 0, "ip": 60, "sv": 35, "hld": 2},
        "su": {"g": 70, "gs": 0, "ip": 65, "sv": 3, "hld": 30},
        "mr": {"g": 50, "gs": 0, "ip": 55, "sv": 0, "hld": 5},
    },
}
IDS = [*USAGE["batters"], *USAGE["pitchers"]]


def test_the_plan_starts_each_man_his_share_and_nobody_twice_a_day():
    u = team_usage(USAGE, IDS, dh=True)
    done: dict[tuple[str, str], int] = {}
    for n in range(1, 101):
        day = planned(u, n)
        assert len(set(day.values())) == len(day)        # one place a man a day
        for pos, pid in day.items():
            done[(pid, pos)] = done.get((pid, pos), 0) + 1
    for pos, shares in u.starts:
        for pid, share in shares:
            # a man starts when he is behind his share: never more than one start ahead
            assert done.get((pid, pos), 0) <= share * 100 + 1, (pid, pos)
    # the catcher starts as often as his plate appearances say, his backup the rest
    assert 80 <= done[("c1", "C")] <= 100 and done[("c2", "C")] <= 25
    # the utility man plays both his positions, mostly shortstop
    assert done[("s1", "SS")] > done[("s1", "2B")] > 0
    # the plan is the same asked again from the start (a pure function of the game number)
    assert planned(team_usage(USAGE, IDS, dh=True), 37) == planned(u, 37)


def test_without_the_dh_the_plan_has_no_dh_and_a_man_who_cannot_play_gives_way():
    u = team_usage(USAGE, IDS, dh=False)
    assert all(pos != "DH" for pos, _ in u.starts)
    plan = planned(u, 1)
    assert plan["C"] == "c1"
    # c1 hurt: the man furthest behind his target who can play there catches
    assert day_starters(u, 1, {"C": ["c2"]})["C"] == "c2"
    # nobody the plan knows can play: the position is left to the computer manager
    assert "C" not in day_starters(u, 1, {"C": ["x"]})


def test_the_rotation_goes_by_starts_and_the_bullpen_by_saves_and_holds():
    u = team_usage(USAGE, IDS, dh=True)
    assert u.bullpen[:2] == ("cl", "su")                # the closer by saves, setup by holds
    assert set(u.starters) == {"a", "b", "d", "e"}      # c relieved more than he started
    firsts = _rotation(u, 100, rest=3)
    counts = {p: firsts.count(p) for p in "abcde"}
    assert all(abs(counts[p] - want) <= 1 for p, want in zip("abcde", (24, 22, 20, 18, 16))), counts
    # evenly spaced: no man is ahead of his share by more than a start at any time
    shares = dict(u.rotation)
    for n in range(1, 101):
        assert all(firsts[:n].count(p) <= shares[p] * n + 1 for p in "abcde"), n


def _rotation(u, games, *, rest, out=lambda n: ()):
    """Who starts each of `games` games as gameday._starter picks him: the first of
    rotation_order (by the starts made so far) who is rested — `rest` games after his last
    start — and not in `out(n)` that game."""
    done: dict[str, int] = {}
    last: dict[str, int] = {}
    firsts = []
    for n in range(1, games + 1):
        pid = next(p for p in rotation_order(u, done)
                   if n - last.get(p, -rest) > rest and p not in out(n))
        done[pid] = done.get(pid, 0) + 1
        last[pid] = n
        firsts.append(pid)
    return firsts


def test_a_starter_who_misses_his_turn_makes_it_up():
    """Real usage (issue 33, docs/cards.md "Real usage"): the rotation goes by the starts each
    man has made this season, not a plan of them, so a starter who misses turns (not rested,
    hurt, sent down) is the furthest behind when he is back and makes them up: over the season
    he starts his share of the team's games (a plan that went on without him lost them for
    good, ~94 % of the real starts)."""
    u = team_usage(USAGE, IDS, dh=True)
    # "d" (18 starts in 100 games, one every 5.6) out for games 20-39: three or four turns
    firsts = _rotation(u, 100, rest=3, out=lambda n: ("d",) if 20 <= n < 40 else ())
    assert "d" not in firsts[19:39]
    assert firsts.count("d") == 18
    # made up at his next chances, every fourth game (his rest keeps the spacing) until he
    # is back to his share
    back = [n for n, p in enumerate(firsts, 1) if p == "d" and n >= 40]
    assert back[:4] == [40, 44, 48, 52]
    counts = {p: firsts.count(p) for p in "abce"}
    assert all(counts[p] >= want - 1 for p, want in zip("abce", (24, 22, 20, 16))), counts


def test_a_starter_behind_his_innings_a_start_is_left_in_longer_and_one_ahead_shorter():
    """Real usage (issue 33, docs/cards.md "Real usage"): the innings the computer leaves a
    starter in for (Lineup.innings) are his real innings a start plus what he is behind them
    over his starts so far — a 1968 ace cut short by runs goes longer next time, a 2019
    starter left in past his five and a third shorter — by at most START_CATCH_UP innings."""
    from league.manager.usage import START_CATCH_UP, start_innings
    assert start_innings(6.0, 0, 0) == 6.0                      # his first start
    assert start_innings(6.0, 4, 4 * 18) == 6.0                  # on his mark
    assert start_innings(6.0, 4, 4 * 18 - 3) == pytest.approx(7.0)   # an inning behind
    assert start_innings(6.0, 4, 4 * 18 + 6) == pytest.approx(4.0)   # two ahead
    assert start_innings(6.0, 10, 0) == 6.0 + START_CATCH_UP      # at most so much
    assert start_innings(2.0, 10, 200) == 1.0                    # an inning at least


def test_a_reliever_s_rest_after_a_game_follows_the_innings_his_line_up_gave_him():
    """rest_after: a relief outing within the innings the day's line-up planned for its man
    (Lineup.innings), to the end of their last inning, rests him his card's 『休』; the same
    outing without a plan (a league without real usage) rests him a day more."""
    from types import SimpleNamespace

    from league.engine.cards import PitchingCard
    from league.season.state import rest_after

    def man(innings: float, starter: int, rest: int) -> SimpleNamespace:
        return SimpleNamespace(pitching=PitchingCard({}, "B", innings, starter, rest, "C"))

    players = {"s": man(6.0, 7, 5), "w": man(1.0, 0, 1), "x": man(1.0, 0, 1)}
    day = OPENING_DAY
    planned = SimpleNamespace(innings=(("s", 6.0), ("w", 1.6)))
    plain = SimpleNamespace(innings=())
    # the starter got 18 outs, the workhorse 6 (two innings), the other reliever 6 too
    result = SimpleNamespace(pitching=[(0, "s", (18,)), (0, "w", (6,)), (1, "x", (6,))],
                             lineups=(planned, plain))
    rest = rest_after(players, result, day, {})
    assert rest["w"].available_on == day + timedelta(days=2)       # his 『休』 1, and the day
    assert rest["x"].available_on == day + timedelta(days=3)       # a day more: 1 beyond 『回』
    assert rest["s"].available_on == day + timedelta(days=6)


OPENING_DAY = date(2026, 4, 1)


def _stats_season(stats_league):
    """The stats league (the fixture's `cards make` output) loaded, and a fresh season's state
    of it: (league, state, the first team's code, the second's)."""
    from league.season.simulate import players_of
    from league.season.state import SeasonState
    from storage.plainfiles import load_league

    r, out = stats_league
    assert r.exit_code == 0, r.output
    league = load_league(out)
    state = SeasonState(league=league, players=players_of(league))
    return league, state, league.teams[0].code, league.teams[1].code


def test_the_season_counts_each_starters_outs_and_his_line_up_carries_his_innings(stats_league):
    """SeasonState.after_game counts the outs the game's starters got (from its result); the
    day's line-up in a league that follows its usage gives its starter `start_innings` of
    them."""
    from types import SimpleNamespace

    from league.manager.usage import start_innings
    from league.season.state import PitcherRest, slot_setup, team_lineup

    league, state, away, home = _stats_season(stats_league)
    day = OPENING_DAY
    setup = slot_setup(state, day, away, home)
    starter = setup.starters[away]
    real = state.usage(away).innings_of(starter, True)
    assert real is not None
    first = team_lineup(state, away, setup, dh=league.dh_for(home))
    assert dict(first.innings)[starter] == pytest.approx(real, abs=1e-3)
    # he got three outs in a start (the other side's starter nine, a reliever two)
    result = SimpleNamespace(pitching=[(0, starter, (3,)), (1, "z9", (9,)), (0, "r1", (2,))])
    later = PitcherRest(day + timedelta(days=1))
    state.after_game({starter: later, "z9": later, "r1": later},
                     {away: starter, home: "z9"}, day, result)
    assert state.start_outs == {starter: 3, "z9": 9} and state.starts[starter] == 1
    again = team_lineup(state, away, setup, dh=league.dh_for(home))
    assert dict(again.innings)[starter] == pytest.approx(start_innings(real, 1, 3), abs=1e-3)
    assert dict(again.innings)[starter] > dict(first.innings)[starter]


@pytest.mark.parametrize("bad, message", [
    ({"games": 0}, "games = 0"),
    ({"games": 10, "batters": {"x": {"pa": -1}}}, "pa = -1"),
    ({"games": 10, "batters": {"x": {"homers": 3}}}, "unknown figure 'homers'"),
    ({"games": 10, "who": {}}, "unknown key 'who'"),
])
def test_a_wrong_usage_table_is_refused_naming_it(bad, message):
    with pytest.raises(LeagueError, match=message):
        check_usage(bad, "league.toml")


def test_a_stats_league_stores_its_usage_and_its_season_follows_it(stats_league):
    """The six-team page-format league (made once a session: tests/conftest.py): league.toml carries [usage]; a simulated stretch of
    games starts each team's catcher as the plan says, and the option `usage` turns it off."""
    from league.season.schedule import make_schedule
    from league.season.simulate import players_of
    from league.season.state import SeasonState, slot_setup, team_lineup
    from storage.plainfiles import load_league

    r, out = stats_league
    assert r.exit_code == 0, r.output
    text = (out / "league.toml").read_text(encoding="utf-8")
    assert "[usage]" in text and "usage = true" in text
    league = load_league(out)
    assert league.settings["usage"]["games"] >= 100
    state = SeasonState(league=league, players=players_of(league))
    team = league.teams[0].code
    u = state.usage(team)
    assert u is not None and u.rotation and u.bullpen
    games = make_schedule([t.code for t in league.teams], games_per_opponent=2)
    day0 = date(2026, 4, 1)
    followed = 0
    for k, g in enumerate([g for g in games if team in (g.away, g.home)][:6]):
        day = day0 + timedelta(days=k)
        setup = slot_setup(state, day, g.away, g.home)
        lineup = team_lineup(state, team, setup, dh=league.dh_for(g.home))
        plan = planned(u, k + 1)
        at = dict(zip(lineup.positions, lineup.order))
        followed += sum(at.get(pos) == pid for pos, pid in plan.items())
        state.after_game({}, setup.starters, day)
    assert followed >= 6 * 6
    assert SeasonState(league=league, players=players_of(league), follow_usage=False).usage(team) is None


def test_roster_usage_shows_and_turns_the_setting(tmp_path, stats_league):
    """`impact roster usage [on|off]`: a league made from statistics follows its real usage by
    default; off plays by the cards alone; a wrong word is refused."""
    import json

    from typer.testing import CliRunner

    from tui.cli.main import app
    runner = CliRunner()
    made, out = stats_league
    assert made.exit_code == 0, made.output
    db = str(tmp_path / "l.sqlite3")
    assert runner.invoke(app, ["league", "new", "U", "--from", str(out), "--db", db]).exit_code == 0
    r = runner.invoke(app, ["roster", "usage", "--db", db, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout) == {"usage": True, "targets": True}, r.output
    r = runner.invoke(app, ["roster", "usage", "off", "--db", db])
    assert r.exit_code == 0 and "real usage: off" in r.output
    r = runner.invoke(app, ["roster", "usage", "maybe", "--db", db])
    assert r.exit_code != 0 and "write on or off" in r.output + (r.stderr or "")


def test_a_swingman_gets_a_starters_innings_for_the_starts_real_usage_gives_him():
    """A man with more relief games than starts is a reliever whose card still says how long
    he goes in a start (『先』): real usage starts him, and before this he was pulled after
    one batter (a 『先』 of 0)."""
    import json

    from typer.testing import CliRunner

    from tui.cli.main import app
    line = ["登板=40", "投球回=90", "打者=380", "安打=85", "本塁打=9", "四球=30", "三振=80", "自責点=38"]

    def card(*extra: str) -> dict:
        r = CliRunner().invoke(app, ["cards", "line", "pitching", *line, *extra, "--json"])
        assert r.exit_code == 0, r.output
        return json.loads(r.stdout)["pitching"]
    assert card()["starter"] == "0"
    swing = card("先発=8")
    assert 4 <= int(swing["starter"]) <= 6 and float(swing["innings"]) <= 3


def test_the_real_season_measures_count_qualified_regulars_and_100_inning_pitchers():
    """`impact cards check --lahman` reports the issue's measures: runs a game, the qualified
    regulars (3.1 PA a team game) inside ±.020 AVG/OBP, the 100+ IP pitchers inside ±0.60 ERA,
    and the playing time kept within ±10 % (the generated figures are over all seasons)."""
    import dataclasses

    from league.cardmaking.cardcheck import CheckReport, PlayerCompare, real_season_measures

    def bat(key, pa, avg, gpa, gavg):
        return PlayerCompare(key, key, "T", "bat", {"PA": pa, "AVG": avg, "OBP": avg + .07},
                             {"PA": gpa, "AVG": gavg, "OBP": gavg + .07})
    rows = (bat("a", 600, .300, 1200, .310),      # inside, PA kept (600 a season)
            bat("b", 520, .250, 900, .280),       # outside, PA 450 a season: not kept
            bat("c", 300, .200, 600, .300),       # not qualified (300 < 3.1 x 162)
            PlayerCompare("p", "p", "T", "pit", {"IP": 200, "ERA": 3.0}, {"IP": 390, "ERA": 3.5}),
            PlayerCompare("q", "q", "T", "pit", {"IP": 90, "ERA": 3.0}, {"IP": 180, "ERA": 9.0}))
    report = CheckReport(rows, {}, {}, {}, (("T", 5.0, 4.0, 4.6, 4.4), ("U", 4.0, 5.0, 4.4, 4.6)),
                         1.0, 1.0, 2)
    m = real_season_measures(report, 162)
    assert m["runs_per_game_real"] == 4.5 and m["runs_per_game_error"] == 0.0
    assert m["qualified"] == 2 and m["avg_inside"] == 0.5 and m["pa_within_10pct"] == 0.5
    assert m["pitchers_100ip"] == 1 and m["era_inside"] == 1.0 and m["ip_within_10pct"] == 1.0
    assert report.as_dict().keys() >= {"teams", "players"}
    # a replay of 168 games a season (14 opponents x 12) for the real 162: 670 PA a season
    # are 646 a real season's worth, inside ±10 % of 600
    long = dataclasses.replace(report, players=(bat("a", 600, .300, 1340, .300),))
    assert real_season_measures(long, 162)["pa_within_10pct"] == 0.0
    assert real_season_measures(long, 162, {"T": 336, "U": 336})["pa_within_10pct"] == 1.0


def test_starts_of_men_not_on_the_roster_go_to_the_backups_and_real_starts_set_the_order():
    """A position whose men on the roster started 9 of 10 games really: the tenth goes to the
    backup, not the regular (he would bat more than he did). Real games started (Lahman's
    Appearances GS) are the starts, and their plate appearances a start the batting order."""
    usage = {"games": 10, "batters": {
        "r": {"pa": 40, "g": 8, "gs": 8, "1B": 8},
        "b": {"pa": 5, "g": 2, "gs": 1, "1B": 1},
        "lead": {"pa": 47, "g": 10, "gs": 10, "DH": 10},
    }}
    u = team_usage(usage, ["r", "b", "lead"], dh=True)
    firsts = [planned(u, n).get("1B") for n in range(1, 11)]
    assert firsts.count("r") == 8 and firsts.count("b") == 2
    assert dict(u.pa_per_start) == {"lead": 4.7}    # r, b: under 10 starts, too few to place


def test_a_two_way_reliever_relieves_on_the_days_he_does_not_bat(stats_league):
    """Issue 33: a two-way reliever (a batting card, a place in the outfield and a reliever's
    card) whom the cards' line-up makes a regular sat on the bench on the days the real usage
    (or a rest turn) benched him, and never pitched a season. On a day he does not bat he is
    in the bullpen, in his role's place; on a day he bats he is not; the dressed stay as many."""
    import sys

    from league.season.schedule import make_schedule
    from league.season.simulate import players_of
    from league.season.state import SeasonState, slot_setup, team_lineup
    from storage.plainfiles import load_league

    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parents[1]))
    from npb_pages import two_way_names

    r, out = stats_league
    assert r.exit_code == 0, r.output
    league = load_league(out)
    (_, _), (team_name, name) = two_way_names()
    man = next(p for t in league.teams for p in t.players if p.name == name)
    assert man.pitching is not None and man.pitching.starter == 0 and man.batting is not None
    team = next(t.code for t in league.teams if any(p.id == man.id for p in t.players))
    state = SeasonState(league=league, players=players_of(league))
    games = make_schedule([t.code for t in league.teams], games_per_opponent=4)
    day0 = date(2026, 4, 1)
    batted = relieved = 0
    for k, g in enumerate([g for g in games if team in (g.away, g.home)][:20]):
        day = day0 + timedelta(days=k)
        setup = slot_setup(state, day, g.away, g.home)
        lineup = team_lineup(state, team, setup, dh=league.dh_for(g.home))
        assert len(set(lineup.order) | set(lineup.bench) | set(lineup.bullpen)) == \
            len(lineup.order) + len(lineup.bench) + len(lineup.bullpen)     # one place each
        assert len(lineup.order) + len(lineup.bench) + len(lineup.bullpen) <= league.dressed
        assert len(lineup.roles) == len(lineup.bullpen)
        if man.id in lineup.order:
            batted += 1
            assert man.id not in lineup.bullpen
        elif man.id not in setup.unavailable:
            relieved += 1
            assert man.id in lineup.bullpen and man.id not in lineup.bench, (k, lineup)
        state.after_game({}, setup.starters, day)
    # the plan starts him in the outfield some days, and he relieves on the others
    assert batted > 0 and relieved > 0


def test_a_two_way_reliever_in_the_bullpen_is_not_also_on_the_bench_on_a_rest_day():
    """Issue 33: on a rest day (or a platoon's) the computer's bench is made of the hitters not
    playing, and a two-way reliever dressed in the bullpen is one of them: he was put on the
    bench as well as in the bullpen, and the season stopped ('line-up of NGY: a player is listed
    twice', a lived league's season 7). Every man has one place, whatever the day."""
    from dataclasses import replace

    from league.manager.bench import TeamDays, day_lineup
    from league.manager.computer import fields_off_mound, make_lineup
    from storage.plainfiles import load_league, sample_league_path

    league = load_league(sample_league_path("pacific"))
    team = league.teams[0]
    players = list(team.players)
    regular = make_lineup(team.code, players, True, dressed=league.dressed)
    # the best bench man's bat and glove given to a reliever dressed in the bullpen
    bench_man = next(p for p in players if p.id in regular.bench and fields_off_mound(p))
    reliever = next(p for p in players if p.id in regular.bullpen)
    two_way = replace(reliever, batting=bench_man.batting, fielding=(
        *bench_man.fielding, *(f for f in reliever.fielding if f.position == "P")))
    roster = [two_way if p.id == reliever.id else p for p in players]
    by_id = {p.id: p for p in roster}
    starter = regular.pitcher
    seen = set()
    for games in range(40):
        for night in (False, True):
            lineup = day_lineup(team.code, roster, True, starter, dressed=league.dressed,
                                days=TeamDays(games, night, night))
            places = [*lineup.order, *lineup.bench, *lineup.bullpen]
            assert len(places) == len(set(places)), (games, lineup)
            lineup.validate(by_id, True)
            seen.add("bats" if two_way.id in lineup.order else
                     "pen" if two_way.id in lineup.bullpen else "out")
    assert "pen" in seen


# --- how long the computer leaves its pitchers in (issue 33: real innings a start) -------------

def test_a_pitchers_innings_a_start_and_a_relief_game_come_from_his_real_line():
    """A starter's innings a start are his innings over his starts; a reliever's innings a
    game his innings over his games; a man who did both is given RELIEF_IP a relief game and
    his starts the rest (league/manager/usage.py)."""
    from league.manager.usage import RELIEF_IP, innings_per_game
    u = team_usage(USAGE, IDS, dh=True)
    assert u.innings_of("a", True) == pytest.approx(160 / 24) and u.innings_of("a", False) is None
    assert u.innings_of("cl", False) == pytest.approx(1.0) and u.innings_of("cl", True) is None
    per_start, per_relief = innings_per_game({"g": 45, "gs": 20, "ip": 130})
    assert per_relief == RELIEF_IP and per_start == pytest.approx((130 - 25 * RELIEF_IP) / 20)
    assert innings_per_game({"g": 0, "gs": 0, "ip": 0}) == (0.0, 0.0)


def test_a_long_man_s_starts_are_no_longer_than_swing_start_ip():
    """A man who relieved in as many games as he started or more, whose starts RELIEF_IP a
    relief game would make longer than SWING_START_IP (2019's bulk men behind an opener: 26
    games, 8 starts, 121 innings would be 12.5 a start), is given SWING_START_IP a start and
    his relief games the rest; a man who mostly started keeps the RELIEF_IP reading."""
    from league.manager.usage import RELIEF_IP, SWING_START_IP, innings_per_game
    per_start, per_relief = innings_per_game({"g": 26, "gs": 8, "ip": 121.33})
    assert per_start == SWING_START_IP
    assert per_relief == pytest.approx((121.33 - 8 * SWING_START_IP) / 18)
    # as many starts as relief games: the same
    assert innings_per_game({"g": 28, "gs": 14, "ip": 142})[0] == SWING_START_IP
    # a workhorse who relieved once: his starts carry his innings
    per_start, per_relief = innings_per_game({"g": 34, "gs": 33, "ip": 260})
    assert per_relief == RELIEF_IP and per_start == pytest.approx((260 - RELIEF_IP) / 33)


def _starter_late(pacific, ruleset, real_innings, *, inning=8, outs=21):
    """Start of `inning`, tied 1-1, the home starter `outs` outs down, one run, in condition
    A; with real usage his real innings a start are `real_innings` (None: a league without
    real usage)."""
    import dataclasses

    from conftest import situation_game

    from league.engine.game import P_OUTS, P_R
    from league.manager.computer import ComputerManager
    manager = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 40, inning=inning, half=0, defense=manager,
                       condition="A")
    g.score = [1, 1]
    starter = g.defense.pitcher
    line = g.pit[starter]
    line[P_OUTS], line[P_R] = outs, 1
    if real_innings is not None:
        g.lineups = (g.lineups[0], dataclasses.replace(g.lineups[1],
                                                       innings=((starter, real_innings),)))
    return g, manager


def test_with_real_usage_a_starter_of_eight_innings_a_start_goes_deeper_than_one_of_five(
        pacific, ruleset):
    """Real usage (issue 33): the computer leaves a starter in for his real innings a start
    and REAL_START_EXTRA_OUTS — the same moment (the start of the 8th, tied, seven innings
    pitched, one run) keeps a man who really went 8 innings a start on the mound and pulls one
    who went 5 (a 2019 starter), whatever the cards' 『先』; without real usage the cards' rule
    decides as before (docs/manager.md, "Starters")."""
    from league.manager.computer import REAL_START_EXTRA_OUTS
    assert 5 * 3 + REAL_START_EXTRA_OUTS <= 21 < 8 * 3 + REAL_START_EXTRA_OUTS
    g, m = _starter_late(pacific, ruleset, 8.0)
    if g.fatigue_points(g.defense, g.defense.pitcher) >= 2:
        pytest.skip("the home starter's 『先』 is below 6")
    assert m.change_pitcher(g, inning_start=True) is None
    g, m = _starter_late(pacific, ruleset, 5.0)
    new = m.change_pitcher(g, inning_start=True)
    assert new is not None and new in g.defense.bullpen
    # the 8-innings man is still in at the start of the 9th of a 1-0 game, 24 outs down
    g, m = _starter_late(pacific, ruleset, 8.0, inning=9, outs=24)
    g.score = [0, 1]
    if g.fatigue_points(g.defense, g.defense.pitcher) < 2:
        assert m.change_pitcher(g, inning_start=True) is None
    # without real usage: the cards' rule (his 『先』) at the start of the 7th, as before this
    g, m = _starter_late(pacific, ruleset, None, inning=7, outs=18)
    card = g.players[g.defense.pitcher].pitching
    pulled = m.change_pitcher(g, inning_start=True) is not None
    assert pulled == (18 >= card.starter * 3 or g.fatigue_points(g.defense, g.defense.pitcher) >= 2)


def test_with_real_usage_a_starter_short_of_his_innings_is_not_hit_for_unless_behind(
        pacific, ruleset):
    """Real usage: a pitcher batting in the 7th of a tied game with a runner on second is hit
    for by the cards' rule (docs/manager.md, "In the game": from engine version 4 the chance
    a starter going on pitching is hit for), but not a starter short of his real innings a
    start; behind with runners on, he is."""
    import dataclasses

    from conftest import situation_game

    from league.manager.computer import ComputerManager
    league = dataclasses.replace(pacific, dh=False)
    for real, score, runners, hit in ((None, (1, 1), (2,), True), (8.0, (1, 1), (2,), False),
                                      (8.0, (1, 1), (), False), (8.0, (0, 1), (1,), True)):
        manager = ComputerManager()
        g = situation_game(league, ruleset, [50] * 40, inning=7, half=0, offense=manager,
                           runners=runners, dh=False)
        g.score = list(score)
        side = g.offense
        starter = side.pitchers_used[0]
        side.batting_index = side.order.index(starter)
        if real is not None:
            g.lineups = (dataclasses.replace(g.lineups[0], innings=((starter, real),)),
                         g.lineups[1])
        assert (manager.pinch_hitter(g) is not None) == hit, (real, score, runners)


def test_a_games_real_innings_are_stored_with_its_line_ups_and_older_games_unchanged(pacific):
    """The real innings go with the line-up stored with a game (a replay decides the same);
    a line-up without them is stored as before."""
    import dataclasses

    from league.engine.boxscore import lineup_dict, lineup_from_dict
    from league.manager.computer import make_lineup
    team = pacific.teams[0]
    lu = make_lineup(team.code, list(team.players), pacific.dh)
    assert "innings" not in lineup_dict(lu) and lineup_from_dict(lineup_dict(lu)) == lu
    real = dataclasses.replace(lu, innings=((lu.pitcher, 7.25), (lu.bullpen[0], 1.0)))
    assert lineup_from_dict(lineup_dict(real)) == real


def test_relievers_ahead_of_their_share_of_relief_games_are_called_on_last():
    """Real usage (issue 33, docs/manager.md "The bullpen"): a reliever's share is his real
    relief games over the team's games; one with more relief games so far than that share of
    the team's games before today goes to the end of the day's bullpen (his role kept), so
    he rests when another of his role can take the inning."""
    from league.manager.usage import paced
    u = team_usage(USAGE, IDS, dh=True)
    share = dict(u.relief)
    assert share["mr"] == pytest.approx(0.5) and share["c"] == pytest.approx(0.25)
    assert "a" not in share          # a pure starter is not paced
    pen = ["cl", "su", "mr", "c", "a"]
    assert paced(u, 1, pen, {}) == pen                  # nobody has pitched
    # game 11: of the 10 games before, mr's share is 5 and su's 7: six and eight are ahead
    assert paced(u, 11, pen, {"mr": 6, "su": 8}) == ["cl", "c", "a", "su", "mr"]
    assert paced(u, 11, pen, {"mr": 5, "su": 7}) == pen      # exactly his share: not ahead


def test_the_season_counts_relief_games_and_the_day_s_bullpen_is_paced_by_them(stats_league):
    """A game's pitchers who did not start have one relief game more (SeasonState.after_game);
    in a league that follows its real usage the day's line-up leaves a reliever ahead of his
    share out of the bullpen (resting_relievers; `paced` would put him last of his role when
    the bullpen is down to MIN_PEN), the others keeping their roles; a manager's saved bullpen
    and a league not following its usage keep their order."""
    from league.season.gameday import MIN_PEN
    from league.season.simulate import players_of
    from league.season.state import PitcherRest, SeasonState, slot_setup, team_lineup

    league, state, _away, _home = _stats_season(stats_league)
    day = OPENING_DAY
    later = PitcherRest(day + timedelta(days=1))
    state.after_game({"p1": later, "p2": later, "p3": later}, {"AAA": "p1", "BBB": "p9"}, day)
    state.after_game({"p2": later}, {"AAA": "p2"}, day)
    assert state.relief == {"p2": 1, "p3": 1}
    assert state.starts == {"p1": 1, "p9": 1, "p2": 1}       # the rotation's count
    away, home = league.teams[0].code, league.teams[1].code
    for team in (away, home):
        fresh = SeasonState(league=league, players=players_of(league))
        setup = slot_setup(fresh, day, away, home)
        before = team_lineup(fresh, team, setup, dh=league.dh_for(home))
        share = dict(fresh.usage(team).relief)
        roles = dict(zip(before.bullpen, before.roles))
        # the first man of a role with two or more, when he is paced
        first = next((p for p in before.bullpen if p in share and sum(
            1 for q in before.bullpen if roles[q] == roles[p]) > 1), None)
        if first is None:
            continue
        fresh.relief[first] = 1         # a relief game before the team's first: ahead
        after = team_lineup(fresh, team, setup, dh=league.dh_for(home))
        assert len(before.bullpen) > MIN_PEN
        assert first not in after.bullpen
        assert sorted(after.bullpen) == sorted(p for p in before.bullpen if p != first)
        assert dict(zip(after.bullpen, after.roles)) == {p: r for p, r in roles.items()
                                                         if p != first}
        fresh.follow_usage = False
        fresh._usage.clear()
        plain = team_lineup(fresh, team, setup, dh=league.dh_for(home))
        assert plain.bullpen[-1] != first or plain.bullpen == before.bullpen
        fresh.follow_usage = True
        fresh._usage.clear()
        fresh.prefs[team] = {"bullpen": list(before.bullpen)}
        saved = team_lineup(fresh, team, setup, dh=league.dh_for(home))
        assert saved.bullpen.index(first) == before.bullpen.index(first)
        break
    else:
        pytest.fail("no team of the league has a role of two relievers")


def test_with_real_usage_a_closer_of_two_innings_a_game_comes_in_for_the_save_in_the_8th(
        pacific, ruleset):
    """Real usage (issue 33): the closer comes in for a save as many innings before the end
    as his real innings a relief game, rounded (a 1968 fireman's 1.7: the 8th; a one-inning
    closer: the 9th; the 7th at the earliest); without real usage, the 9th (docs/manager.md,
    "The bullpen")."""
    import dataclasses

    from conftest import situation_game

    from league.manager.bullpen import CLOSER, SETUP
    from league.manager.computer import ComputerManager
    for real, inning in ((None, 9), (1.0, 9), (1.7, 8), (2.6, 7), (4.0, 7)):
        manager = ComputerManager()
        g = situation_game(pacific, ruleset, [50] * 40, inning=8, half=0, defense=manager)
        side = g.defense
        closer = next((p for p, r in manager.roles(g, side).items() if r == CLOSER), None)
        assert closer is not None
        if real is not None:
            g.lineups = (g.lineups[0], dataclasses.replace(g.lineups[1],
                                                           innings=((closer, real),)))
        assert manager._closer_inning(g, side) == inning, real
        # a one-run lead in the 8th: the fireman is wanted first, else the setup man
        assert manager._wants(g, side, 1)[0] == (CLOSER if inning <= 8 else SETUP), real


def test_with_real_usage_a_reliever_short_of_his_innings_is_not_hit_for_unless_behind(
        pacific, ruleset):
    """Real usage: a reliever batting in the 7th of a tied game without the DH is hit for by
    the cards' rule, but not while short of his real innings a relief game; behind with
    runners on, he is (as a starter: docs/manager.md, "Starters")."""
    import dataclasses

    from conftest import situation_game

    from league.engine.game import P_OUTS
    from league.manager.computer import ComputerManager
    league = dataclasses.replace(pacific, dh=False)
    for real, outs, score, runners, hit in ((None, 1, (1, 1), (), True),
                                            (2.0, 1, (1, 1), (), False),
                                            (2.0, 6, (1, 1), (), True),
                                            (2.0, 1, (0, 1), (1,), True)):
        manager = ComputerManager()
        g = situation_game(league, ruleset, [50] * 40, inning=7, half=0, offense=manager,
                           runners=runners, dh=False)
        g.score = list(score)
        side = g.offense
        starter = side.order[side.order.index(side.pitchers_used[0])]
        reliever = side.bullpen[0]
        # the reliever came in for the starter and bats in his place
        side.order = tuple(reliever if p == starter else p for p in side.order) \
            if isinstance(side.order, tuple) else [reliever if p == starter else p
                                                   for p in side.order]
        side.pitchers_used.append(reliever)
        side.pitcher = reliever
        g.pit[reliever] = [0] * len(g.pit[starter])
        g.pit[reliever][P_OUTS] = outs
        side.batting_index = side.order.index(reliever)
        if real is not None:
            g.lineups = (dataclasses.replace(g.lineups[0], innings=((reliever, real),)),
                         g.lineups[1])
        assert (manager.pinch_hitter(g) is not None) == hit, (real, outs, score, runners)


SWING = {"games": 100, "pitchers": {
    "a": {"g": 30, "gs": 20, "ip": 130},      # a starter with ten relief games
    **{p: {"g": 20, "gs": 20, "ip": 120} for p in "bcde"},     # pure starters
    "r": {"g": 50, "gs": 0, "ip": 60},        # a pure reliever
}}


def test_a_starter_who_also_relieved_relieves_when_behind_and_his_next_start_is_not_near():
    """Real usage (issue 33, docs/cards.md "Real usage"): a man of the rotation with real
    relief games relieves between starts as he did — when he has made fewer relief games than
    his real ones over the team's games times today's game, a start beyond his real share
    counting for as many relief games as its real innings, and his next start (his k-th due
    at game k / his share of the starts) is more than `hold` games away, the rest a relief
    outing costs him; a pure starter never."""
    from league.manager.usage import relieving_starters
    u = team_usage(SWING, ["a", "b", "c", "d", "e", "r"], dh=True)
    hold = {p: 3 for p in "abcde"}
    # a's real innings: (130 - 10 x 1.2) / 20 = 5.9 a start, 1.2 a relief game
    assert u.innings_of("a", True) == pytest.approx(5.9)
    # game 41: his share of relief games is 10 of 100, 4.1 by now; eight starts made, a fifth
    # of the 40 games before; his 9th start is due at game 45, beyond 41 + 3
    assert relieving_starters(u, 41, {"a": 4}, {"a": 8}, hold) == ["a"]
    assert relieving_starters(u, 41, {"a": 5}, {"a": 8}, hold) == []       # not behind
    assert relieving_starters(u, 42, {"a": 4}, {"a": 8}, hold) == []       # held: due at 45
    assert relieving_starters(u, 41, {"a": 4}, {"a": 8}, {}) == []         # no rest known
    # a start ahead of his share stands for 5.9 / 1.2 = 4.9 relief games
    assert relieving_starters(u, 41, {}, {"a": 9}, hold) == []
    assert relieving_starters(u, 61, {}, {"a": 13}, hold) == ["a"]         # 6.1 - 4.9 behind
    # the pure starters never
    assert relieving_starters(u, 41, {}, {p: 8 for p in "abcde"}, hold) == ["a"]


def test_the_starters_relieving_today_come_first_in_the_day_s_bullpen():
    """paced: the rotation's men relieving today (`first`) come before the others, so each is
    the first of his role the computer calls on; without them the order is as before."""
    from league.manager.usage import paced
    u = team_usage(USAGE, IDS, dh=True)
    pen = ["cl", "su", "mr", "c"]
    assert paced(u, 11, pen, {"mr": 6}) == ["cl", "su", "c", "mr"]
    assert paced(u, 11, [*pen, "a"], {"mr": 6}, ["a"]) == ["a", "cl", "su", "c", "mr"]
    assert paced(u, 11, pen, {"mr": 6}, ["a"]) == ["cl", "su", "c", "mr"]   # not dressed


def test_a_starter_card_rests_so_that_he_makes_his_starts_and_his_relief_games():
    """A starter's 『休』 (docs/cards.md, "Pitcher fields"): the most rest that lets him make his
    starts (a start every rest + 1 days) and his relief games (rest / 2 rounded up and the
    day) in the season's days, games × 1.1; a pure starter's is his starts' alone."""
    from league.cardmaking.cardgen import MIN_START_REST, start_rest
    # a pure starter: team games × 1.1 / starts − 1, rounded down, 3 to 10
    assert start_rest(162, 33, 0) == 4 and start_rest(162, 40, 0) == MIN_START_REST
    assert start_rest(143, 24, 0) == 5 and start_rest(162, 5, 0) == 10
    # 1968's Bob Moose, 22 starts and 16 relief games: rest 4 (22 × 5 + 16 × 3 = 158 days
    # of 178; rest 5 would need 196), where his starts alone would give him 7
    assert start_rest(162, 22, 0) == 7 and start_rest(162, 22, 16) == 4
    assert start_rest(162, 40, 30) == MIN_START_REST


def test_a_rested_starter_who_also_relieved_is_dressed_first_in_the_bullpen(stats_league):
    """In a league that follows its real usage, the day's line-up dresses a rested man of the
    rotation who is behind his real relief games and not due to start soon as the first of
    the bullpen, a middle man (gameday.team_lineup); not when he is resting, when his start is
    near, nor with the manager's saved bullpen."""
    import copy
    import dataclasses

    from league.manager.bullpen import MIDDLE
    from league.season.simulate import players_of
    from league.season.state import PitcherRest, SeasonState, slot_setup, team_lineup

    league, plain, away, home = _stats_season(stats_league)
    day = OPENING_DAY
    setup = slot_setup(plain, day, away, home)
    usage = plain.usage(away)
    swing = next(p for p in usage.starters if p != setup.starters[away])
    # give him real relief games: half as many as his starts (he still mostly started)
    settings = copy.deepcopy(league.settings)
    figures = settings["usage"]["pitchers"][swing]
    figures["g"] = figures["gs"] * 3 // 2
    league = dataclasses.replace(league, settings=settings)

    def lineup(starts: int, relief: int = 0, rest: PitcherRest | None = None,
               prefs: dict | None = None):
        # the team's 25th game: 24 played before
        state = SeasonState(league=league, players=players_of(league), prefs=prefs or {},
                            days={away: [day - timedelta(days=k) for k in range(1, 25)]})
        state.starts[swing], state.relief[swing] = starts, relief
        if rest is not None:
            state.rest[swing] = rest
        return team_lineup(state, away, slot_setup(state, day, away, home),
                           dh=league.dh_for(home))

    # one of six starters, four starts made (his share of 24 games): his 5th is due at game
    # 30, beyond 25 + his hold; behind his relief games (two by now)
    assert settings["usage"]["games"] == 6 * figures["gs"]
    today = lineup(starts=4)
    assert today.bullpen[0] == swing and dict(zip(today.bullpen, today.roles))[swing] == MIDDLE
    assert dict(today.innings)[swing] == pytest.approx(RELIEF_IP)
    assert swing not in lineup(starts=3).bullpen                       # his 4th start is near
    assert swing not in lineup(starts=4, relief=3).bullpen             # not behind
    assert swing not in lineup(starts=5).bullpen       # a start ahead: his innings are made
    assert swing not in lineup(starts=4, rest=PitcherRest(day + timedelta(days=2))).bullpen
    saved = [p for p in today.bullpen if p != swing]
    assert swing not in lineup(starts=4, prefs={away: {"bullpen": saved}}).bullpen


def test_the_missing_men_s_starts_go_to_the_depth_starters_then_the_spot_starters():
    """Real usage (issue 33, docs/cards.md "Real usage"): a roster holds only part of a club's
    pitchers (a 2019 club started 12-15 men), so its rotation has fewer real starts than the
    team's games. The missing turns go first to the rostered depth starters (men who mostly
    started, in fewer than DEPTH_SHARE of the games), up to that share each, then to the spot
    starters (men who started less than half their games), up to as many again as their own;
    the regulars and the swingmen keep their real share of the games. Only beyond that does
    everyone take the rest by his starts."""
    from league.manager.usage import DEPTH_SHARE, rotation_shares
    assert DEPTH_SHARE * 100 == pytest.approx(12)
    g = {"a": 30, "b": 30, "c": 25, "d": 5, "sw": 30}
    # 100 games, 95 starts on the roster: the depth man (5 starts) takes the 5, not the spot man
    gs = {"a": 30, "b": 30, "c": 20, "d": 5, "sw": 10}
    shares = dict(rotation_shares(gs, g, 100))
    assert [shares[p] for p in ("a", "b", "c", "d", "sw")] == pytest.approx(
        [0.30, 0.30, 0.20, 0.10, 0.10])
    # 90: the depth man up to 12, the spot man the other 3
    gs = {"a": 30, "b": 25, "c": 20, "d": 5, "sw": 10}
    shares = dict(rotation_shares(gs, g, 100))
    assert [shares[p] for p in ("a", "b", "c", "d", "sw")] == pytest.approx(
        [0.30, 0.25, 0.20, 0.12, 0.13])
    # 73: the depth man 12, the spot man doubles his (10 → 20), the other 13 spread by starts
    gs = {"a": 30, "b": 25, "d": 8, "sw": 10}
    shares = dict(rotation_shares(gs, {**g, "d": 8}, 100))
    assert shares["sw"] == pytest.approx(20 / 87) and shares["d"] == pytest.approx(12 / 87)
    assert shares["a"] == pytest.approx(30 / 87)
    # no depth or spot starter: by starts, as before; a full rotation unchanged
    assert dict(rotation_shares({"a": 30, "b": 20}, {"a": 30, "b": 20}, 100)) == {
        "a": 0.6, "b": 0.4}
    u = team_usage(USAGE, IDS, dh=True)
    assert dict(u.rotation) == pytest.approx({"a": 0.24, "b": 0.22, "c": 0.20, "d": 0.18,
                                              "e": 0.16})


def test_a_long_man_s_extra_starts_count_against_his_relief_games():
    """paced: a man who has started beyond his real starts over the team's games (a missing
    starter's turns) is ahead of his relief games by as many as those starts' real innings
    make (his innings a start over a relief game's) and is called on last of his role; his
    starts at his share do not count."""
    from league.manager.usage import paced, relief_done
    u = team_usage(USAGE, IDS, dh=True)
    # c: 20 starts and 25 relief games in 100 games; 130 innings, 1.2 a relief game, 5 a start
    assert u.innings_of("c", True) == pytest.approx(5.0)
    pen = ["cl", "su", "c", "mr"]
    # game 41: 10 relief games are behind his 0.25 × 40; 8 starts are his 0.2 × 40
    assert relief_done(u, "c", 41, {"c": 9}, {"c": 8}) == 9
    assert paced(u, 41, pen, {"c": 9}, (), {"c": 8}) == pen
    # two starts more: 2 × 5 / 1.2 relief games more, ahead of his share
    assert relief_done(u, "c", 41, {"c": 9}, {"c": 10}) == pytest.approx(9 + 2 * 5 / 1.2)
    assert paced(u, 41, pen, {"c": 9}, (), {"c": 10}) == ["cl", "su", "mr", "c"]
    assert paced(u, 41, pen, {"c": 9}) == pen                  # starts not given: as before


def _starter_early(pacific, ruleset, real_innings, *, condition, runs, outs=10, runners=(1,),
                   version=ENGINE_VERSION):
    """The 4th inning, the home starter `outs` outs down with `runs` against him, in
    `condition`, runners on `runners`; his real innings today `real_innings`."""
    import dataclasses

    from conftest import situation_game

    from league.engine.game import P_OUTS, P_R
    from league.manager.computer import ComputerManager
    manager = ComputerManager(version=version)
    g = situation_game(pacific, ruleset, [50] * 40, inning=4, half=0, defense=manager,
                       condition=condition, runners=runners, outs=1)
    g.score = [runs, 0]
    starter = g.defense.pitcher
    line = g.pit[starter]
    line[P_OUTS], line[P_R] = outs, runs
    g.lineups = (g.lineups[0], dataclasses.replace(g.lineups[1],
                                                   innings=((starter, real_innings),)))
    return g, manager


def test_with_real_usage_a_starter_short_of_his_innings_stays_in_through_condition_d(
        pacific, ruleset):
    """Real usage (issue 33, docs/manager.md "Starters"): a starter short of today's innings
    (his real ones, caught up) is left in through condition D and a bad early inning, as real
    managers left their workhorses in, unless hit hard: in condition D with runners on and
    REAL_SHORT_D_RUNS against him, or early with runners on and REAL_SHORT_EARLY_RUNS. Once
    past them, condition D with runners on pulls him as before."""
    from league.manager.computer import REAL_SHORT_D_RUNS, REAL_SHORT_EARLY_RUNS
    g, m = _starter_early(pacific, ruleset, 7.0, condition="D", runs=REAL_SHORT_D_RUNS - 1)
    if g.fatigue_points(g.defense, g.defense.pitcher) >= 2:
        pytest.skip("the home starter's 『先』 is below 4")
    assert m.change_pitcher(g, inning_start=False) is None
    g, m = _starter_early(pacific, ruleset, 7.0, condition="D", runs=REAL_SHORT_D_RUNS)
    assert m.change_pitcher(g, inning_start=False) in g.defense.bullpen
    # in condition C: four early runs with runners on leave him in, five pull him
    g, m = _starter_early(pacific, ruleset, 7.0, condition="C", runs=REAL_SHORT_EARLY_RUNS - 1)
    assert m.change_pitcher(g, inning_start=False) is None
    g, m = _starter_early(pacific, ruleset, 7.0, condition="C", runs=REAL_SHORT_EARLY_RUNS)
    assert m.change_pitcher(g, inning_start=False) in g.defense.bullpen
    # past today's innings (a man of three innings a start) condition D with runners on pulls
    g, m = _starter_early(pacific, ruleset, 3.0, condition="D", runs=1)
    assert m.change_pitcher(g, inning_start=False) in g.defense.bullpen


@pytest.mark.parametrize("carried", [0, 1, 2])
def test_a_starter_before_the_7th_is_pulled_exactly_when_he_is_tired(pacific, ruleset, carried):
    """change_pitcher answers a starter before the 7th short of his 『先』 (under two carried
    fatigue points), in condition A to C and scored on less than four times without weighing
    his tiredness (ComputerManager._fresh_outs: asked before every plate appearance): its
    answer is still `_starter_tired`'s, whatever his outs, runs, condition and the bases."""
    from conftest import situation_game

    from league.engine.game import P_OUTS, P_R, Runner
    from league.manager.computer import ComputerManager
    manager = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 40, inning=4, half=0, defense=manager)
    side = g.defense
    pid = side.pitcher
    side.carried_fatigue[pid] = carried
    card = g.players[pid].pitching
    line = g.pit[pid]
    for outs in range(card.starter * 3 + 5):
        for runs in (0, 3, 4, 6):
            for condition in "ABCD":
                for on_base in (False, True):
                    for inning_start in (False, True):
                        line[P_OUTS], line[P_R] = outs, runs
                        side.condition = condition
                        g.bases[1] = Runner(g.offense.order[0], pid, True) if on_base else None
                        tired = manager._starter_tired(g, side, pid, 4, inning_start, on_base,
                                                       outs, runs)
                        new = manager.change_pitcher(g, inning_start)
                        assert (new is not None) == tired, (outs, runs, condition, on_base)


def test_a_game_of_engine_version_3_pulls_a_short_starter_in_condition_d_as_it_was_played(
        pacific, ruleset):
    """A stored game replays with the manager that played it (league.engine.ENGINE_VERSION):
    before version 4 (REAL_WORKHORSE) a stats-made league's starter in condition D with runners
    on came out whatever his innings, so a game of version 3 is decided so again."""
    from league.manager.computer import REAL_SHORT_D_RUNS, REAL_WORKHORSE
    assert REAL_WORKHORSE == 4 <= ENGINE_VERSION
    g, m = _starter_early(pacific, ruleset, 7.0, condition="D", runs=REAL_SHORT_D_RUNS - 1,
                          version=3)
    if g.fatigue_points(g.defense, g.defense.pitcher) >= 2:
        pytest.skip("the home starter's 『先』 is below 4")
    assert m.change_pitcher(g, inning_start=False) in g.defense.bullpen
    g, m = _starter_early(pacific, ruleset, 7.0, condition="D", runs=REAL_SHORT_D_RUNS - 1)
    assert m.change_pitcher(g, inning_start=False) is None


# --- the bench in the game (issue 33: 40-man rosters' regulars lost plate appearances) --------

def test_a_deeper_roster_dresses_the_bench_the_club_carried_not_more_and_better_bats():
    """docs/cards.md, "Real usage" (and "The ERA share"): with real usage the day's bench is
    dressed from the men not starting by their real plate appearances. A deeper roster — extra
    men who really batted little, here with the best bats of the club — dresses the same bench,
    so it does not pinch-hit more and take more plate appearances from the regulars (2000 AL,
    40 men a team: its regulars' plate appearances a game fell 0.971 -> 0.947 of the real)."""
    from dataclasses import replace

    from league.manager.bench import day_lineup
    from league.manager.computer import card_worth, fields_off_mound, make_lineup
    from storage.plainfiles import load_league, sample_league_path

    league = load_league(sample_league_path("pacific"))
    team = league.teams[0]
    players = list(team.players)
    regular = make_lineup(team.code, players, True, dressed=league.dressed)
    hitters = [p for p in players if p.batting is not None and fields_off_mound(p)]
    # real figures: the cards' regulars started every game, the others came off the bench
    usage: dict = {"games": 100, "batters": {}, "pitchers": {}}
    at = dict(zip(regular.order, regular.positions))
    for k, p in enumerate(hitters):
        pos = at.get(p.id) or next(f.position for f in p.fielding if f.position != "P")
        start = p.id in at
        usage["batters"][p.id] = {"pa": 450 - k if start else 120 - k, "g": 100 if start else 50,
                                  "gs": 100 if start else 10, pos: 100 if start else 50}
    best = max(hitters, key=lambda p: card_worth(p.batting))   # type: ignore[arg-type]
    extra = [replace(best, id=f"x{k}", name=f"Extra {k}") for k in range(6)]
    deep_usage = {**usage, "batters": {**usage["batters"], **{
        p.id: {"pa": 20, "g": 8, "gs": 4, next(f.position for f in p.fielding
                                              if f.position != "P"): 8} for p in extra}}}
    starter = regular.pitcher
    for game in (1, 2, 3):
        short = day_lineup(team.code, players, True, starter, dressed=league.dressed,
                           usage=team_usage(usage, [p.id for p in players], True), game=game)
        deep = day_lineup(team.code, players + extra, True, starter, dressed=league.dressed,
                          usage=team_usage(deep_usage, [p.id for p in players + extra], True),
                          game=game)
        assert deep.order == short.order
        # the club's bench is dressed first; the extra men only fill the room left
        assert set(short.bench) <= set(deep.bench), (short.bench, deep.bench)
        assert len(deep.bench) - len(short.bench) <= len(extra)


def test_with_real_usage_a_pinch_hitter_is_drawn_by_his_real_games_off_the_bench(pacific,
                                                                                 ruleset):
    """docs/cards.md, "Real usage": a league made from statistics shares its pinch hitting among
    its bench as the club really did (Lineup.off_bench: each man's games less games started).
    At a pinch-hitting chance one man is drawn by those games and hits if he out-hits the batter
    by the cards' margin — so men who never came off the bench (a deeper roster's extras) add
    no pinch hitters, where the cards' rule takes the best bat of however many are dressed."""
    import dataclasses

    from conftest import situation_game

    from league.manager.computer import PH_MARGIN_EMPTY, ComputerManager

    def rate(off_bench):
        hit = 0
        for n in range(400):
            manager = ComputerManager()
            g = situation_game(pacific, ruleset, [50] * 40, inning=8, half=0, offense=manager,
                               dh=True)
            side = g.offense
            order = [b for b in side.order if g.players[b].batting is not None]
            weakest = min(order, key=lambda b: manager.worth_now(g, b))
            side.batting_index = side.order.index(weakest)
            g.lineups = (dataclasses.replace(g.lineups[0], off_bench=off_bench), g.lineups[1])
            g.raws = [0] * n        # the manager's whim reads the count of the game's rolls
            need = manager.worth_now(g, weakest) + PH_MARGIN_EMPTY
            good = [b for b in side.bench if manager.worth_now(g, b) >= need]
            weak = [b for b in side.bench if manager.worth_now(g, b) < need]
            hit += manager.pinch_hitter(g) is not None
        return hit / 400, good, weak

    always, good, weak = rate(())
    assert always == 1.0 and good and weak      # the cards' rule: the best bat, every chance
    shared, _, _ = rate(((good[0], 10.0), (weak[0], 30.0)))
    assert 0.2 <= shared <= 0.3                 # drawn a quarter of the chances
    extras = tuple((b, 0.0) for b in good[1:])   # dressed, but never off the bench really
    assert rate(((good[0], 10.0), (weak[0], 30.0), *extras))[0] == shared


def test_a_spot_starter_ahead_of_his_relief_games_rests_out_of_the_bullpen():
    """resting_swingmen: a spot starter (a man of the rotation who mostly relieved) who has made
    more relief games than his real ones over the team's games times the games before this
    one — a start beyond his real share counting as relief games — is kept out of the day's
    bullpen, as the rotation's men relieve only when behind; the men who mostly started and
    the pure relievers are not."""
    from league.manager.usage import resting_swingmen
    u = team_usage(USAGE, IDS, dh=True)
    # c: 20 starts and 25 relief games in 100 games, a spot starter; game 41: 10 is his share
    assert "c" not in u.starters and "c" in dict(u.rotation)
    assert resting_swingmen(u, 41, {"c": 10}, {"c": 8}) == []
    assert resting_swingmen(u, 41, {"c": 11}, {"c": 8}) == ["c"]
    assert resting_swingmen(u, 41, {"c": 9}, {"c": 10}) == ["c"]      # two starts ahead
    # the regulars and the relievers far ahead are paced, not rested
    assert resting_swingmen(u, 41, {"a": 5, "cl": 40, "su": 40}, {"a": 10}) == []


def test_a_reliever_ahead_of_his_relief_games_rests_out_of_the_bullpen():
    """resting_relievers: a reliever outside the rotation who has made more relief games than
    his real ones over the team's games times the games before this one is kept out of the
    day's bullpen (docs/cards.md, "Relief pacing"), the most ahead first; the rotation's men
    are left to relieving_starters and resting_swingmen."""
    from league.manager.usage import resting_relievers
    u = team_usage(USAGE, IDS, dh=True)
    # game 41, 40 played: cl's share 60 / 100 → 24, su's 70 / 100 → 28, mr's 50 / 100 → 20
    assert resting_relievers(u, 41, {"cl": 24, "su": 28, "mr": 20}, {}) == []
    assert resting_relievers(u, 41, {"cl": 25, "su": 28, "mr": 20}, {}) == ["cl"]
    assert resting_relievers(u, 41, {"cl": 25, "su": 31, "mr": 21}, {}) == ["su", "cl", "mr"]
    # the spot starter c and the regulars a, b are not this rule's, however far ahead
    assert resting_relievers(u, 41, {"a": 30, "b": 30, "c": 40}, {"c": 30}) == []


def test_the_day_s_bullpen_leaves_out_a_spot_starter_ahead_of_his_relief_games(stats_league):
    """gameday.team_lineup: in a league that follows its real usage, a spot starter ahead of
    his real relief games is not dressed in the day's bullpen (resting_swingmen); behind them
    he is; the bullpen keeps MIN_PEN men."""
    import copy
    import dataclasses

    from league.season.gameday import MIN_PEN
    from league.season.simulate import players_of
    from league.season.state import SeasonState, slot_setup, team_lineup

    league, plain, away, home = _stats_season(stats_league)
    day = OPENING_DAY
    first = team_lineup(plain, away, slot_setup(plain, day, away, home), dh=league.dh_for(home))
    assert len(first.bullpen) > MIN_PEN
    swing = first.bullpen[-1]
    # make him a spot starter: 10 starts in 40 games (30 relief games), 80 innings
    settings = copy.deepcopy(league.settings)
    games = settings["usage"]["games"]
    settings["usage"]["pitchers"][swing] = {"g": 40, "gs": 10, "ip": 80, "sv": 0, "hld": 0}
    league = dataclasses.replace(league, settings=settings)

    def bullpen(relief: int) -> tuple[str, ...]:
        # the team's 21st game: 20 played before
        state = SeasonState(league=league, players=players_of(league),
                            days={away: [day - timedelta(days=k) for k in range(1, 21)]})
        state.relief[swing] = relief
        lu = team_lineup(state, away, slot_setup(state, day, away, home),
                         dh=league.dh_for(home))
        assert all(pid in (lu.pitcher, *lu.bullpen) for pid, _ip in lu.innings)
        return lu.bullpen

    share = 30 / games * 20
    assert swing in bullpen(int(share))
    assert swing not in bullpen(int(share) + 1)


def test_the_day_s_bullpen_leaves_out_relievers_ahead_of_their_relief_games(stats_league):
    """gameday.team_lineup: in a league that follows its real usage, a reliever ahead of his
    real relief games is not dressed in the day's bullpen (resting_relievers), behind them he
    is; however many are ahead, the bullpen keeps MIN_PEN men, the most ahead resting."""
    from league.season.gameday import MIN_PEN
    from league.season.simulate import players_of
    from league.season.state import SeasonState, slot_setup, team_lineup

    league, _plain, away, home = _stats_season(stats_league)
    day = OPENING_DAY
    usage = league.settings["usage"]
    pitchers = usage["pitchers"]

    def bullpen(relief: dict[str, int]) -> tuple[str, ...]:
        # the team's 21st game: 20 played before
        state = SeasonState(league=league, players=players_of(league),
                            days={away: [day - timedelta(days=k) for k in range(1, 21)]})
        state.relief.update(relief)
        lu = team_lineup(state, away, slot_setup(state, day, away, home),
                         dh=league.dh_for(home))
        assert all(pid in (lu.pitcher, *lu.bullpen) for pid, _ip in lu.innings)
        return lu.bullpen

    def ahead(pid: str, done: int) -> float:
        return done - pitchers[pid]["g"] / usage["games"] * 20

    dressed = bullpen({})
    relievers = [p for p in dressed if pitchers[p]["gs"] == 0 and pitchers[p]["g"] > 0]
    assert len(relievers) > MIN_PEN
    man = relievers[0]
    due = int(pitchers[man]["g"] / usage["games"] * 20)
    assert man in bullpen({man: due})
    assert man not in bullpen({man: due + 1})
    # everyone far ahead: the most ahead rest, MIN_PEN stay dressed
    crowd = {p: due + 5 + k for k, p in enumerate(relievers)}
    pen = bullpen(crowd)
    assert len(pen) == MIN_PEN
    rested = [p for p in relievers if p not in pen]
    kept = [p for p in relievers if p in pen]
    assert rested and kept
    assert min(ahead(r, crowd[r]) for r in rested) >= max(ahead(k, crowd[k]) for k in kept)
