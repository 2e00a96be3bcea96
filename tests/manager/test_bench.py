"""The computer manager's line-ups (issue 12; docs/manager.md, "Line-ups"): regulars rest, the
platoon against the opposing starter's hand, a saved order on a rest day, and games with all of
it replaying exactly from their logged rolls.

Each test sets a season's state before a game (the days the team has played) and checks the
line-up the computer manager makes, citing the rule of docs/manager.md it follows.
"""
from __future__ import annotations

import dataclasses
from datetime import date, timedelta

import pytest

from league.engine.dice import ScriptedDice, SeededDice
from league.engine.game import Runner
from league.manager import bench
from league.manager.bench import CATCHER_EVERY, REST_EVERY, TeamDays, rest_due, team_days
from league.manager.computer import batting_value, make_lineup
from league.season.roster import League
from league.season.simulate import players_of, replay_game
from league.season.state import SeasonState, slot_setup, team_lineup

SATURDAY = date(2026, 5, 9)
SUNDAY = SATURDAY + timedelta(days=1)
WEDNESDAY = date(2026, 5, 13)


def _state(league, days=None, prefs=None):
    return SeasonState(league=league, players=players_of(league), prefs=prefs or {},
                       days=days or {})


def _regulars(league, team, dh=None):
    """The team's regulars: the computer's line-up by the cards alone."""
    t = league.team(team)
    starter = next(p for p in t.players if p.pitching and p.pitching.starter > 0)
    lu = make_lineup(team, list(t.players), league.dh_for(team) if dh is None else dh,
                     starter=starter.id, dressed=league.dressed)
    return dict(zip(lu.positions, lu.order))


def _lineup(state, away, home, day, team, *, platoon=None):
    setup = slot_setup(state, day, away, home)
    return team_lineup(state, team, setup, dh=state.league.dh_for(home), platoon=platoon)


def _week_days(end: date, games: int) -> list[date]:
    """`games` game days before `end`, Tuesday to Sunday each week (NPB's calendar)."""
    out: list[date] = []
    d = end - timedelta(days=1)
    while len(out) < games:
        if d.weekday() != 0:
            out.append(d)
        d -= timedelta(days=1)
    return sorted(out)


# --- Rest days ------------------------------------------------------------------------------------

def test_the_catcher_rests_in_the_day_game_after_a_night_game(pacific):
    """docs/manager.md, "Line-ups", rest days: the regular catcher sits in a day game after a
    night game (Sunday after the team's Saturday game); the best other catcher plays."""
    pacific = _everyday(pacific)
    away, home = pacific.teams[0].code, pacific.teams[1].code
    catcher = _regulars(pacific, home)["C"]
    state = _state(pacific, days={home: _week_days(SUNDAY, 12)})
    assert team_days(state.days[home], SUNDAY).day_after_night
    lu = _lineup(state, away, home, SUNDAY, home)
    assert catcher not in lu.order and catcher in lu.bench
    backup = lu.order[lu.positions.index("C")]
    assert state.players[backup].can_play("C") and backup != catcher
    # on the Saturday before he catches (a night game; game 12 is not his 6th)
    lu = _lineup(_state(pacific, days={home: _week_days(SATURDAY, 11)}), away, home, SATURDAY,
                 home)
    assert lu.order[lu.positions.index("C")] == catcher


def test_with_no_day_game_lately_the_catcher_rests_every_sixth_game(pacific):
    """docs/manager.md, "Line-ups": a calendar without a day game after a night game rests the
    catcher every sixth game of the team."""
    pacific = _everyday(pacific)
    away, home = pacific.teams[0].code, pacific.teams[1].code
    catcher = _regulars(pacific, home)["C"]
    # games every other day: never a Sunday after a Saturday game
    played = [WEDNESDAY - timedelta(days=2 * k) for k in range(1, 2 * CATCHER_EVERY)]
    for games in range(1, 2 * CATCHER_EVERY):
        days = sorted(played)[-games + 1:] if games > 1 else []
        state = _state(pacific, days={home: days})
        lu = _lineup(state, away, home, WEDNESDAY, home)
        assert (catcher not in lu.order) == (games % CATCHER_EVERY == 0), games


def test_regulars_rest_by_their_playing_rank(pacific):
    """docs/manager.md, "Line-ups": a regular rests on his 出場ランク's turn — A never, B every
    sixth game, C every third — the turns of one team a few games apart."""
    p = next(q for t in pacific.teams for q in t.players if q.batting and not q.pitching)
    for rank, every in REST_EVERY.items():
        man = dataclasses.replace(p, rank=rank)
        rests = [g for g in range(143)
                 if rest_due(man, "2B", bench.TURN.index("2B"), TeamDays(g, False, True))]
        if every == 0:
            assert rests == []
        else:
            assert len(rests) in (143 // every, 143 // every + 1)
            assert all(b - a == every for a, b in zip(rests, rests[1:]))


def test_a_resting_regular_gives_his_place_to_the_best_bench_man_at_his_position(pacific):
    """docs/manager.md, "Line-ups": the resting man's position goes to the best bench man who can
    play it; the resting man is dressed (a pinch hitter later)."""
    team = pacific.teams[2]
    regulars = _regulars(pacific, team.code)
    pos = next(q for q in ("SS", "2B", "CF", "3B", "RF", "LF", "1B")
               if q in regulars and any(p.can_play(q) and p.id not in regulars.values()
                                        and p.pitching is None for p in team.players))
    man = regulars[pos]
    ranks = {p.id: ("B" if p.id == man else "A") for p in team.players}
    league = _with_ranks(pacific, ranks)
    state = _state(league)
    every = REST_EVERY["B"]
    turn = bench.TURN.index(pos)
    games = next(g for g in range(every) if (g + 1 + bench.REST_STAGGER * turn) % every == 0)
    state.days[team.code] = _week_days(WEDNESDAY, games)
    other = next(t.code for t in league.teams if t.code != team.code)
    lu = _lineup(state, other, team.code, WEDNESDAY, team.code)
    assert man not in lu.order and man in lu.bench
    sub = lu.order[lu.positions.index(pos)]
    free = [p for p in league.team(team.code).players if p.pitching is None
            and p.id not in regulars.values() and p.can_play(pos)]
    assert sub in {p.id for p in free}
    best = max(free, key=lambda p: bench._score(p, pos, {q.id: batting_value(q.batting)
                                                         for q in free}))
    assert sub == best.id
    # the other regulars keep their positions
    for q, pid in regulars.items():
        if q != pos:
            assert lu.order[lu.positions.index(q)] == pid


def _everyday(league: League) -> League:
    """Every player of the league of 出場ランク A: only the catcher's own rule rests anyone."""
    return _with_ranks(league, {p.id: "A" for t in league.teams for p in t.players})


def _with_ranks(league: League, ranks: dict[str, str]) -> League:
    # tuples, as the cards are read (the compiled build holds the types to their word)
    teams = tuple(dataclasses.replace(t, players=tuple(dataclasses.replace(
        p, rank=ranks.get(p.id, p.rank)) for p in t.players)) for t in league.teams)
    return dataclasses.replace(league, teams=teams)


# --- The platoon ----------------------------------------------------------------------------------

def _platoon_league(pacific):
    """The second team of pacific, playing without the DH, with its left-handed regular at `pos`
    given a right-handed partner on the bench: his card, a glove one point worse there."""
    team = pacific.teams[1]
    regulars = _regulars(pacific, team.code, dh=False)
    by_id = {p.id: p for p in team.players}
    pos, lefty = next((q, by_id[pid]) for q, pid in regulars.items()
                      if q in ("LF", "RF", "1B", "3B") and by_id[pid].bats == "L")
    spare = next(p for p in team.players if p.pitching is None and p.id not in regulars.values())
    f = lefty.fielding_at(pos)
    partner = dataclasses.replace(spare, bats="R", batting=lefty.batting,
                                  fielding=(dataclasses.replace(f, defence=f.defence - 1),))
    players = tuple(partner if p.id == spare.id else dataclasses.replace(p, rank="A")
                    for p in team.players)
    teams = tuple(dataclasses.replace(t, players=players) if t.code == team.code else t
                  for t in pacific.teams)
    return dataclasses.replace(pacific, teams=teams), team.code, pos, lefty.id, partner.id


def _starter_of(league, team, hand):
    return next(p for p in league.team(team).players
                if p.pitching and p.pitching.starter > 0 and p.throws == hand)


def test_the_platoon_line_up_is_used_against_a_left_handed_starter(pacific, ruleset):
    """docs/manager.md, "Line-ups", the platoon: against a left-handed starter (the [platoon]
    table's LL +4) a left-handed regular sits for a right-handed bench man worth more against
    him; against a right-hander the regular plays. The cards are not changed."""
    league, team, pos, lefty, partner = _platoon_league(pacific)
    others = [t.code for t in league.teams if t.code != team]
    for hand, plays in (("L", partner), ("R", lefty)):
        other = next(t for t in others if any(
            p.pitching and p.pitching.starter > 0 and p.throws == hand
            for p in league.team(t).players))
        vs = _starter_of(league, other, hand)
        state = _state(league)
        setup = slot_setup(state, WEDNESDAY, other, team)
        setup = dataclasses.replace(setup, starters={**setup.starters, other: vs.id})
        lu = team_lineup(state, team, setup, dh=False, platoon=ruleset.platoon)
        assert lu.order[lu.positions.index(pos)] == plays, hand
        assert ({lefty, partner} - {plays}) <= set(lu.bench)
        # and the game is played with that line-up: the partner bats against the lefty
        if hand == "L":
            other_lu = team_lineup(state, other, setup, dh=False, platoon=ruleset.platoon)
            no_dh = dataclasses.replace(league, dh=False)
            result = replay_game(no_dh, ruleset, other_lu, lu, SeededDice(5), state.players)
            assert any(pid == partner and line[0] > 0 for side, pid, line, _ in result.batting)
            assert state.players[partner].batting is state.players[lefty].batting


def test_without_a_platoon_table_the_line_up_is_the_regulars(pacific):
    """docs/manager.md, "Line-ups": the line-up by the cards alone when no ruleset is given
    (a saved-order-free game on the first day: nobody rests)."""
    league, team, pos, lefty, partner = _platoon_league(pacific)
    other = next(t.code for t in league.teams if t.code != team)
    state = _state(league)
    lu = team_lineup(state, team, slot_setup(state, WEDNESDAY, other, team), dh=False)
    assert lu.order[lu.positions.index(pos)] == lefty


# --- A saved order ----------------------------------------------------------------------------

def test_a_saved_order_keeps_its_men_but_a_resting_one_gives_his_slot_for_the_day(pacific):
    """docs/manager.md, "Line-ups", saved orders: the order is played as saved, except that a
    man on his rest day (here the catcher, in a day game after a night game) gives his slot and
    position to the best bench man who can play it; no platoon is applied."""
    pacific = _everyday(pacific)
    away, home = pacific.teams[0].code, pacific.teams[1].code
    base = _lineup(_state(pacific), away, home, WEDNESDAY, home)
    order = list(zip(base.order, base.positions))
    order[0], order[1] = order[1], order[0]
    prefs = {home: {"order": [list(x) for x in order]}}
    weekday = _lineup(_state(pacific, prefs=prefs), away, home, WEDNESDAY, home)
    assert list(zip(weekday.order, weekday.positions)) == order
    sunday = _lineup(_state(pacific, prefs=prefs, days={home: _week_days(SUNDAY, 12)}), away,
                     home, SUNDAY, home)
    slot = [pos for _pid, pos in order].index("C")
    catcher = order[slot][0]
    assert sunday.order[slot] != catcher and sunday.positions[slot] == "C"
    assert catcher in sunday.bench
    assert [x for i, x in enumerate(zip(sunday.order, sunday.positions)) if i != slot] == \
        [x for i, x in enumerate(order) if i != slot]


# --- The season state -------------------------------------------------------------------------

def test_the_season_state_carries_the_days_each_team_played(pacific):
    state = _state(pacific)
    state.after_game({}, {"SAP": "x", "SEN": "y"}, SATURDAY)
    state.after_game({}, {"SAP": "x", "CHB": "y"}, SUNDAY)
    assert state.days == {"SAP": [SATURDAY, SUNDAY], "SEN": [SATURDAY], "CHB": [SUNDAY]}
    assert team_days(state.days["SAP"], SUNDAY + timedelta(days=1)) == TeamDays(2, False, True)


def test_the_season_state_keeps_each_teams_days_in_order(pacific):
    """A game stored out of its day's order (a postponed one played later, say) still gives
    the calendar of the days before today: the state keeps them in order."""
    state = _state(pacific, days={"SAP": [SUNDAY, SATURDAY - timedelta(days=2)]})
    assert state.days["SAP"] == [SATURDAY - timedelta(days=2), SUNDAY]
    state.after_game({}, {"SAP": "x"}, SATURDAY)
    assert state.days["SAP"] == [SATURDAY - timedelta(days=2), SATURDAY, SUNDAY]
    monday = SUNDAY + timedelta(days=1)
    for today in (SATURDAY, SUNDAY, monday):
        assert team_days(state.days["SAP"], today, ordered=True) == \
            team_days(list(reversed(state.days["SAP"])), today)
    assert team_days(state.days["SAP"], monday) == TeamDays(3, False, True)
    assert team_days(state.days["SAP"], SUNDAY) == TeamDays(2, True, False)


# --- Replay ---------------------------------------------------------------------------------------

def test_season_games_with_the_bench_at_work_replay_from_their_logged_rolls(pacific, ruleset):
    """Rules C.4: the line-ups (rests and platoons, made before the game) are stored with the
    game and every substitution in it (pinch hitters and runners, defensive replacements) is
    decided from the situation: replaying the raw rolls with the line-ups reproduces the game."""
    from league.season.calibration import season_calendar
    from league.season.state import game_seed, play_scheduled
    state = _state(pacific)
    calendar = season_calendar(pacific, 2026, 3)
    changed = 0
    seen = {"pinch hitter:": 0, "pinch runner:": 0, "defensive substitution:": 0}
    for slot in calendar[:60]:
        result, rest, starters = play_scheduled(state, ruleset, slot.day, slot.away, slot.home,
                                                game_seed(3, slot.number))
        state.after_game(rest, starters, slot.day)
        replay = replay_game(pacific, ruleset, *result.lineups, ScriptedDice(list(result.raws)),
                             state.players, fatigue=result.fatigue, hurt=result.hurt)
        assert replay.rolls == result.rolls and replay.plays == result.plays
        assert replay.batting == result.batting and replay.pitching == result.pitching
        for p in result.plays:
            for text in seen:
                seen[text] += p.text.startswith(text)
        regulars = {t: set(_regulars(pacific, t).values()) for t in (slot.away, slot.home)}
        for lu in result.lineups:
            changed += bool(set(lu.order) - regulars[lu.team] - {lu.pitcher})
    assert changed >= 3
    assert all(n >= 1 for n in seen.values()), seen


# --- In the game --------------------------------------------------------------------------------

def _at_bat(pacific, ruleset, *, inning, score, runners=None, dh=None):
    """Top of `inning`: the away team (SAP) bats with the computer manager; score (away, home)."""
    from conftest import situation_game

    from league.manager.computer import ComputerManager
    manager = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 60, inning=inning, half=0, offense=manager,
                       defense=ComputerManager(), runners=runners or {}, dh=dh)
    g.score = list(score)
    return g, manager


def _on_mound(g, pid):
    """`pid` pitching for the defense now, in condition B."""
    side = g.defense
    if pid != side.pitcher:
        g.change_pitcher(side, pid)
    side.condition = "B"


def test_a_pinch_hitter_comes_in_against_a_reliever_of_the_other_hand(pacific, ruleset):
    """docs/manager.md, "In the game": from the 7th of a close game a bench man worth PH_MARGIN
    more against the pitcher on the mound bats (runners on). A left-handed batter faces a
    left-handed reliever (LL +4): a right-handed bench man with his very card (LR −1) hits for
    him; against a right-hander (RL −2, RR +2) the batter bats."""
    from league.manager.computer import PH_MARGIN
    g, m = _at_bat(pacific, ruleset, inning=8, score=(2, 3))
    off = g.offense
    lefty = max((pid for pid in off.order if g.players[pid].bats == "L" and
                 g.players[pid].batting is not None),
                key=lambda pid: batting_value(g.players[pid].batting))
    off.batting_index = off.order.index(lefty)
    pos = next(q for q, pid in off.positions.items() if pid == lefty)
    spare = off.bench[0]
    g.players[spare] = dataclasses.replace(g.players[spare], bats="R",
                                           batting=g.players[lefty].batting,
                                           fielding=g.players[lefty].fielding)
    g.bases[1] = Runner(next(pid for pid in off.order if pid != lefty), g.defense.pitcher, True)
    left_arm = next(p for p in g.defense.bullpen if g.players[p].throws == "L")
    right_arm = next(p for p in g.defense.bullpen if g.players[p].throws == "R")
    _on_mound(g, right_arm)
    assert m.pinch_hitter(g) is None
    _on_mound(g, left_arm)
    assert m.worth_now(g, spare) >= m.worth_now(g, lefty) + PH_MARGIN
    assert m.pinch_hitter(g) == spare
    g.pinch_hit(off, spare)
    assert g.batter_id == spare and pos in off.positions
    # not when the game is out of reach, nor before the 7th
    g2, m2 = _at_bat(pacific, ruleset, inning=8, score=(2, 8))
    assert m2.pinch_hitter(g2) is None


def test_a_pinch_runner_runs_for_a_slow_runner_late_and_close(pacific, ruleset):
    """docs/manager.md, "In the game": from the 7th, two runs behind to one ahead, a bench man
    at least PR_GAIN faster (RR) runs for a runner of RR PR_SLOW or less; he takes the slot."""
    from league.manager.computer import PR_FAST, PR_GAIN, PR_SLOW
    g, m = _at_bat(pacific, ruleset, inning=8, score=(2, 3))
    off = g.offense
    slow = next(pid for pid in off.order if g.players[pid].batting is not None)
    g.players[slow] = dataclasses.replace(
        g.players[slow], batting=dataclasses.replace(g.players[slow].batting, RR=0))
    fast = off.bench[0]
    g.players[fast] = dataclasses.replace(
        g.players[fast], fielding=g.players[slow].fielding,
        batting=dataclasses.replace(g.players[fast].batting, RR=max(PR_FAST, PR_GAIN), SR=30))
    g.bases[2] = Runner(slow, g.defense.pitcher, True)
    off.batting_index = (off.order.index(slow) + 1) % 9
    assert g.batting_card(slow).RR <= PR_SLOW
    assert m.pinch_runner(g) == (2, fast)
    g.pinch_run(off, 2, fast)
    assert g.bases[2].pid == fast and fast in off.order and slow not in off.order
    # four runs behind: no
    g2, m2 = _at_bat(pacific, ruleset, inning=8, score=(1, 5), runners={2: slow})
    assert m2.pinch_runner(g2) is None


def _card(g, pid, **batting):
    """`pid`'s batting card changed (RR, SR ...) in this game."""
    g.players[pid] = dataclasses.replace(
        g.players[pid], batting=dataclasses.replace(g.players[pid].batting, **batting))


def _slow_pinch_hitter_on_first(g, slot_of):
    """The first bench man, made slow (RR 0), bats for `slot_of` and is on first."""
    off = g.offense
    ph = off.bench[0]
    _card(g, ph, RR=0)
    off.batting_index = off.order.index(slot_of)
    g.pinch_hit(off, ph)
    g.bases[1] = Runner(ph, g.defense.pitcher, True)
    off.batting_index = (off.batting_index + 1) % 9
    return ph


def _bench_of_one_runner(g, pos, *, he_plays, another_plays=False):
    """The bench made slow (RR 0) and unable to play `pos`, but for one fast man (RR 4, SR 30)
    who plays it when `he_plays`, and (`another_plays`) a slow one who does."""
    off = g.offense
    glove = next(f for p in g.players.values() for f in p.fielding if f.position == pos)
    other = next(f for p in g.players.values() for f in p.fielding if f.position != pos
                 and f.position != "P")
    for b in off.bench:
        _card(g, b, RR=0)
        g.players[b] = dataclasses.replace(g.players[b], fielding=(other,))
    fast = off.bench[0]
    _card(g, fast, RR=4, SR=30)
    if he_plays:
        g.players[fast] = dataclasses.replace(g.players[fast], fielding=(glove,))
    if another_plays:
        g.players[off.bench[1]] = dataclasses.replace(g.players[off.bench[1]], fielding=(glove,))
    return fast


def test_a_slow_pinch_hitter_on_base_is_run_for_and_the_runner_takes_his_position(
        pacific, ruleset):
    """docs/manager.md, "In the game": a pinch hitter on base is run for like any runner (RR
    PR_SLOW or less, a bench man PR_GAIN faster, from the 7th, two runs behind to one ahead)
    when somebody can field the position his slot needs — that of the man he batted for; when
    the side takes the field the runner plays it (NPB's 代打の代走)."""
    g, m = _at_bat(pacific, ruleset, inning=8, score=(2, 3))
    off = g.offense
    short = off.positions["SS"]
    ph = _slow_pinch_hitter_on_first(g, short)
    fast = _bench_of_one_runner(g, "SS", he_plays=True)
    assert m.pinch_runner(g) == (1, fast)
    g.pinch_run(off, 1, fast)
    g.settle_defense(off)
    assert off.positions["SS"] == fast and fast in off.order
    assert ph not in off.order and short not in off.order


def test_a_pinch_hitter_is_run_for_when_another_bench_man_can_field_his_position(
        pacific, ruleset):
    """docs/manager.md, "In the game": the runner who cannot play the position goes in when
    another bench man can; he then takes the position (Game.settle_defense). With nobody for
    it — the only catcher's pinch hitter — the pinch hitter runs for himself."""
    g, m = _at_bat(pacific, ruleset, inning=7, score=(1, 1))
    off = g.offense
    catcher = off.positions["C"]
    _slow_pinch_hitter_on_first(g, catcher)
    fast = _bench_of_one_runner(g, "C", he_plays=False, another_plays=True)
    backup = off.bench[1]
    assert m.pinch_runner(g) == (1, fast)
    g.pinch_run(off, 1, fast)
    g.settle_defense(off)
    assert off.positions["C"] == backup and fast not in off.order and backup in off.order

    g, m = _at_bat(pacific, ruleset, inning=7, score=(1, 1))
    _slow_pinch_hitter_on_first(g, g.offense.positions["C"])
    _bench_of_one_runner(g, "C", he_plays=False)
    assert m.pinch_runner(g) is None


def test_a_pinch_hitter_for_the_pitcher_is_run_for_and_a_reliever_takes_the_slot(
        pacific, ruleset):
    """docs/manager.md, "In the game": without the DH a slow pinch hitter for the pitcher is
    run for by the fastest bench man, any glove: the slot's next fielder is the reliever who
    takes the mound when the side takes the field."""
    g, m = _at_bat(pacific, ruleset, inning=7, score=(0, 1), dh=False)
    off = g.offense
    pitcher = off.pitcher
    _slow_pinch_hitter_on_first(g, pitcher)
    fast = _bench_of_one_runner(g, "SS", he_plays=False)
    assert m.pinch_runner(g) == (1, fast)
    g.pinch_run(off, 1, fast)
    g.settle_defense(off)
    assert off.relieve == (pitcher, fast)


def test_a_slow_dh_is_run_for_by_any_fast_bench_man(pacific, ruleset):
    """docs/manager.md, "In the game": the DH's slot needs no glove, so any bench man PR_GAIN
    faster runs for a slow DH and stays in as the DH."""
    g, m = _at_bat(pacific, ruleset, inning=9, score=(3, 4), dh=True)
    off = g.offense
    dh = off.positions["DH"]
    _card(g, dh, RR=1)
    g.bases[2] = Runner(dh, g.defense.pitcher, True)
    off.batting_index = (off.order.index(dh) + 1) % 9
    fast = _bench_of_one_runner(g, "SS", he_plays=False)
    assert m.pinch_runner(g) == (2, fast)
    g.pinch_run(off, 2, fast)
    g.settle_defense(off)
    assert off.positions["DH"] == fast


def test_a_game_of_engine_two_replays_with_the_manager_of_engine_two(pacific, ruleset):
    """A stored game replays exactly in every later version (README, "a game replays from its
    rolls"): the computer manager of ENGINE_VERSION 2 never ran for a pinch hitter, and one made
    for version 2 (replay_game's `version`, the stored game's 'engine') chooses as it did, while
    today's manager runs for him — the same pinch hitter on base, two answers."""
    from league.engine import ENGINE_VERSION
    from league.manager.computer import PR_FOR_PINCH_HITTERS, ComputerManager
    assert ENGINE_VERSION >= PR_FOR_PINCH_HITTERS == 3
    g, m = _at_bat(pacific, ruleset, inning=8, score=(2, 3))
    _slow_pinch_hitter_on_first(g, g.offense.positions["SS"])
    fast = _bench_of_one_runner(g, "SS", he_plays=True)
    assert m.pinch_runner(g) == (1, fast)
    assert ComputerManager(version=2).pinch_runner(g) is None
    # a season's games played by version 2's managers replay from their rolls by version 2
    differ = _replayed_by_their_version(pacific, ruleset, 2, range(1, 41), dh=True,
                                        changed=lambda old, now: now.batting != old.batting)
    assert differ >= 1       # games where today's manager ran for a pinch hitter


def _replayed_by_their_version(league, ruleset, version, seeds, *, dh, changed):
    """Games of `league` (its first two teams) played by engine `version`'s computer managers
    replay exactly from their rolls by that version; how many of them today's managers play
    otherwise (`changed(old, now)`)."""
    a, h = league.teams[0], league.teams[1]
    away = make_lineup(a.code, list(a.active), dh)
    home = make_lineup(h.code, list(h.active), dh)
    differ = 0
    for seed in seeds:
        old = replay_game(league, ruleset, away, home, SeededDice(seed), version=version)
        again = replay_game(league, ruleset, away, home, ScriptedDice(list(old.raws)),
                            version=version)
        assert again.raws == old.raws and again.batting == old.batting
        assert again.pitching == old.pitching and again.plays == old.plays
        now = replay_game(league, ruleset, away, home, SeededDice(seed))
        differ += changed(old, now)
    return differ


def test_a_pinch_hitter_bats_for_the_pitcher_without_the_dh(pacific, ruleset):
    """docs/manager.md, "In the game": without the DH the starter is hit for in the 7th when
    his side is behind (he would come out at the 7th's first runner: his next inning is a
    reliever's) and a reliever takes the mound when his team takes the field again."""
    g, m = _at_bat(pacific, ruleset, inning=7, score=(1, 2), dh=False)
    off = g.offense
    pitcher = off.pitcher
    off.batting_index = off.order.index(pitcher)
    ph = m.pinch_hitter(g)
    assert ph in off.bench
    assert ph == max(off.bench, key=lambda b: (m.worth_now(g, b), b))
    g.pinch_hit(off, ph)
    g.settle_defense(off)            # the team takes the field: the reliever is its manager's
    assert off.relieve == (pitcher, ph) and off.pitcher == pitcher   # choice at that moment
    g._relieve(off)
    assert off.pitcher != pitcher and off.positions["P"] == off.pitcher
    assert off.order[off.order.index(off.pitcher)] == off.pitcher
    assert off.relieve is None and off.pitchers_used[-1] == off.pitcher


def test_a_better_glove_comes_in_to_protect_a_lead(pacific, ruleset):
    """docs/manager.md, "In the game": from the 8th, leading by one to three, a bench man with a
    glove DEF_GAIN better at a position replaces the fielder there at the start of the inning."""
    g, m = _at_bat(pacific, ruleset, inning=8, score=(1, 3))
    dfn = g.defense
    m = g.managers[dfn.index]
    pos = "SS"
    weak = dfn.positions[pos]
    f = g.players[weak].fielding_at(pos)
    g.players[weak] = dataclasses.replace(
        g.players[weak], fielding=(dataclasses.replace(f, defence=1, error="*"),))
    glove_man = dfn.bench[0]
    g.players[glove_man] = dataclasses.replace(
        g.players[glove_man], fielding=(dataclasses.replace(f, defence=5, error=None),))
    assert m.defensive_sub(g, inning_start=True) == (pos, glove_man)
    assert m.defensive_sub(g, inning_start=False) is None
    g.score = [3, 3]
    assert m.defensive_sub(g, inning_start=True) is None
    g.score = [1, 3]
    g.inning = 7
    assert m.defensive_sub(g, inning_start=True) is None


@pytest.mark.slow
def test_a_stored_season_rests_the_same_men_simulated_day_by_day_or_at_once(tmp_path):
    """The days each team played come from the stored games (storage: team_days), so a season
    simulated a few days at a time makes the same line-ups — rest days included — as at once."""
    from tui import services

    def play(name, chunks):
        db = str(tmp_path / f"{name}.sqlite3")
        services.create_league(db, "pacific", "pacific")
        services.new_season(db, "pacific")
        for days in chunks:
            services.sim_days(db, days=days)
        out = []
        for _, games in services.schedule_days(db):
            for g in games:
                if g.status == "final":
                    box = services.boxscore(db, g.number).data
                    out.append((g.number, g.away_runs, g.home_runs,
                                [tuple(lu["order"]) for lu in box["lineups"]]))
        return out

    at_once = play("once", [14])
    assert at_once == play("daily", [5, 4, 5])
    # and the line-ups vary from day to day (rests, platoons, the order against the starter)
    assert len({lu for g in at_once for lu in g[3]}) > 2 * len(at_once) // 3


def test_every_pitcher_in_a_box_score_pitched_and_the_play_by_play_brings_him_in():
    """Rule 5.10(g): a reliever faces a batter before he can be changed, and a game that ends
    after its pitcher was hit for brings in nobody. Over simulated games of the league without
    the DH in one of its leagues, every pitcher with a line faced a batter or got an out (the
    reliever for a pitcher hurt on the third out too), and each reliever has a play line of
    his own, the one who came in for a pitcher hit for too."""
    from league.engine.game import P_BF, P_OUTS
    from league.season.simulate import schedule, seeded_games
    from storage.plainfiles import load_league, sample_league_path
    from storage.rulesets import shipped_ruleset

    league = load_league(sample_league_path("nippon"))
    games = hit_for = 0
    for _seed, r in seeded_games(league, shipped_ruleset("standard"), schedule(league, 120), 7):
        games += 1
        changes = [p.text for p in r.plays if p.text.startswith("pitching change: ")]
        for side in (0, 1):
            relievers = [pid for s, pid, _ in r.pitching if s == side][1:]
            for pid in relievers:
                assert any(t.startswith(f"pitching change: {r.players[pid].name} replaces ")
                           for t in changes), (r.away, r.home, pid)
        for _s, pid, line in r.pitching:
            assert line[P_BF] > 0 or line[P_OUTS] > 0, (r.away, r.home, pid)
        hit_for += sum(1 for p in r.plays if p.text.startswith("pinch hitter: ")
                       and any(r.players[q].name in p.text.split(" bats for ")[1]
                               for _s, q, _ in r.pitching))
    assert games == 120 and hit_for > 0       # pitchers were hit for in these games


def _starter_at_bat(pacific, ruleset, *, inning, score, half=0, outs_pitched=15, runs=0,
                    condition="B", runners=None):
    """A game without the DH at `inning` (`half` 0: the visitors bat), score (away, home): the
    batting side's starter, who has pitched `outs_pitched` outs and given up `runs`, in
    `condition`, is due up; both managers the computer's."""
    from conftest import situation_game

    from league.engine.state import P_OUTS, P_R
    from league.manager.computer import ComputerManager
    manager = ComputerManager()
    other = ComputerManager()
    g = situation_game(pacific, ruleset, [50] * 60, inning=inning, half=half, offense=manager,
                       defense=other, runners=runners or {}, dh=False)
    g.score = list(score)
    off = g.offense
    starter = off.pitcher
    assert starter == off.pitchers_used[0] and g.players[starter].pitching.starter >= 6
    g.pit[starter][P_OUTS] = outs_pitched
    g.pit[starter][P_R] = runs
    off.condition = condition
    off.batting_index = off.order.index(starter)
    return g, manager


def test_a_starter_who_goes_on_pitching_bats_for_himself_without_the_dh(pacific, ruleset):
    """docs/manager.md, "In the game" (engine version 4; rules C.3, qualified pitchers 1–3 a
    team in the league without the DH): a starter who would start his next inning — within his
    『先』, not in condition D, not two fatigue points down nor hit hard, and not late and
    losing — bats for himself with a lead, with the bases empty, and before the 7th."""
    # the top of the 7th, a run up, after five innings: he pitches the bottom of the 7th
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(2, 1))
    assert m.pinch_hitter(g) is None
    # a run up with a runner on second: the lead and his innings are worth more
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(2, 1), runners=[2])
    assert m.pinch_hitter(g) is None
    # tied with a runner on first only: not a chance worth his innings
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(1, 1), runners=[1])
    assert m.pinch_hitter(g) is None
    # the 6th, a run down with a runner on third: he goes on, the 7th is still his
    g, m = _starter_at_bat(pacific, ruleset, inning=6, score=(0, 1), runners=[3])
    assert m.pinch_hitter(g) is None


def test_a_starter_is_hit_for_in_a_late_chance_or_when_his_next_inning_is_a_relievers(
        pacific, ruleset):
    """docs/manager.md, "In the game": from the 7th, tied, with a runner in scoring position,
    the best bat on the bench hits for the starter; and whenever his next inning would be a
    reliever's — his 『先』 done, condition D, late and losing, or from the 8th not cruising —
    a pinch hitter costs nothing, so he is hit for from the 5th whatever the score."""
    def best(g, m):
        return max(g.offense.bench, key=lambda b: (m.worth_now(g, b), b))

    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(1, 1), runners=[2])
    assert m.pinch_hitter(g) == best(g, m)
    # his 『先』 done (every starter's is 8 or less): hit for, four runs up
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(5, 1), outs_pitched=24)
    assert m.pinch_hitter(g) == best(g, m)
    # in condition D in the 5th, a run up
    g, m = _starter_at_bat(pacific, ruleset, inning=5, score=(2, 1), condition="D")
    assert m.pinch_hitter(g) == best(g, m)
    # the top of the 7th, a run down: he would come out at the 7th's first runner
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(1, 2))
    assert m.pinch_hitter(g) == best(g, m)
    # the home side in the bottom of the 7th, a run up: he starts the 8th only cruising —
    # two runs or fewer given up
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(1, 2), half=1, outs_pitched=21,
                           runs=1)
    assert m.pinch_hitter(g) is None
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(3, 4), half=1, outs_pitched=21,
                           runs=3)
    assert m.pinch_hitter(g) == best(g, m)


def test_a_game_of_engine_three_replays_with_the_manager_of_engine_three(pacific, ruleset):
    """A stored game replays exactly in every later version (README, "a game replays from its
    rolls"): the computer manager of ENGINE_VERSION 3 hit for a starter going on pitching from
    the 7th whenever his side led by two or less; one made for version 3 (replay_game's
    `version`, the stored game's 'engine') still does, today's lets him bat. Games without the
    DH played by version 3 replay from their rolls by version 3."""
    from league.engine import ENGINE_VERSION
    from league.manager.computer import STARTER_BATS, ComputerManager
    assert ENGINE_VERSION >= STARTER_BATS == 4
    g, m = _starter_at_bat(pacific, ruleset, inning=7, score=(2, 1))
    assert m.pinch_hitter(g) is None
    assert ComputerManager(version=3).pinch_hitter(g) in g.offense.bench
    differ = _replayed_by_their_version(dataclasses.replace(pacific, dh=False), ruleset, 3,
                                        range(1, 31), dh=False,
                                        changed=lambda old, now: now.pitching != old.pitching)
    assert differ >= 1       # games where today's starter batted for himself and pitched on
