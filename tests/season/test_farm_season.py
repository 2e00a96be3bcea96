"""The bundled twelve-team league plays its seasons with a farm (二軍) and injuries (rulebook notes
§7.6): each team has farm players, the shipped ruleset has an [injury] table, and over the first
weeks of a season the computer managers call players up and send them down for injuries, tired
bullpens and slumps — keeping the ten-day rule and the active roster's size — while every game,
injuries and substitutions included, replays exactly from its logged rolls."""
from __future__ import annotations

from datetime import timedelta

import pytest

from league.engine.boxscore import lineup_from_dict, result_dict
from league.engine.dice import ScriptedDice
from league.season.calibration import FIRST_YEAR, season_calendar
from league.season.simulate import players_of, replay_game
from league.season.state import SeasonState, game_seed, play_scheduled
from storage.plainfiles import load_league, sample_league_path

# the first weeks of a season of the twelve-team league, with its farms and injuries
pytestmark = pytest.mark.slow

SEED = 3


@pytest.fixture(scope="module")
def nippon():
    return load_league(sample_league_path("nippon"))


@pytest.fixture(scope="module")
def first_weeks(nippon, ruleset):
    """The first 300 games of a season, as the season runner plays them (full record)."""
    state = SeasonState(league=nippon, players=players_of(nippon))
    played = []
    hurt = []       # after each game: the book's index of the injured, and the standings' own
    for slot in season_calendar(nippon, FIRST_YEAR, SEED)[:300]:
        result, rest, starters = play_scheduled(state, ruleset, slot.day, slot.away, slot.home,
                                                game_seed(SEED, slot.number))
        active = {t.code: len([p for p in t.players if p.id not in state.roster.farm])
                  for t in nippon.teams}
        state.after_game(rest, starters)
        played.append((slot, result, active))
        book = state.roster
        kept = book.hurt[1] if book.hurt is not None and book.hurt[0] is book.entries else None
        hurt.append((None if kept is None else (id(kept), set(kept)),
                     {pid for pid, e in book.entries.items() if e.points > 0}))
    return state, played, hurt


def test_the_bundled_teams_have_a_farm_and_the_ruleset_injuries(nippon, ruleset):
    for team in nippon.teams:
        assert len(team.active) <= nippon.active_size
        assert len(team.farm) >= 10, team.code
        assert len(team.players) <= nippon.roster_size
        assert sum(1 for p in team.farm if p.pitching is not None) >= 6
        assert any(p.can_play("C") for p in team.farm if p.batting is not None)
    assert ruleset.injury_rules is not None


def test_computer_managers_move_players_for_injuries_and_tired_bullpens(nippon, first_weeks):
    state, played, _hurt = first_weeks
    moves = state.roster.moves
    reasons = {m.reason for m in moves}
    assert {"injury", "fatigue"} <= reasons, reasons
    assert any(result.injuries for _slot, result, _ in played), "some accidents happen"
    # the ten-day rule (10日ルール): nobody comes back up within ten days of his demotion
    down_on: dict[str, object] = {}
    for m in moves:
        if m.kind == "down":
            down_on[m.player] = m.day
        elif m.player in down_on:
            assert m.day >= down_on[m.player] + timedelta(days=10), m
    # the active roster never holds more than the league registers
    for _slot, _result, active in played:
        assert max(active.values()) <= nippon.active_size


def test_the_injured_kept_game_by_game_are_the_men_with_injury_points(first_weeks):
    # the book keeps who is hurt as the games add points and the rest days take them off
    # (farm.hurt_ids, which the checks and the line-ups read before every game): after every
    # game it is the standings' own answer, men coming back healthy included
    _state, _played, hurt = first_weeks
    assert all(kept is not None for kept, _full in hurt)
    assert len({kept[0] for kept, _full in hurt}) == 1, "kept, not made again"
    assert [kept[1] for kept, _full in hurt] == [full for _kept, full in hurt]
    assert any(full for _kept, full in hurt)
    healed = [i for i in range(1, len(hurt)) if hurt[i - 1][1] - hurt[i][1]]
    assert healed, "some men recover within the first weeks"


def test_farm_players_called_up_get_into_games(nippon, first_weeks):
    _state, played, _hurt = first_weeks
    farm = {p.id for t in nippon.teams for p in t.farm}
    appeared = {pid for _s, r, _a in played for _side, pid, _line in r.pitching} | \
        {pid for _s, r, _a in played for _side, pid, _line, _pos in r.batting}
    assert appeared & farm


def test_games_with_injuries_replay_exactly_from_their_rolls(nippon, ruleset, first_weeks):
    _state, played, _hurt = first_weeks
    hurt = [(slot, r) for slot, r, _ in played if r.injuries or r.hurt][:8]
    assert hurt
    for slot, original in hurt:
        data = result_dict(original, slot.number)
        away, home = (lineup_from_dict(d) for d in data["lineups"])
        replay = replay_game(nippon, ruleset, away, home,
                             ScriptedDice([r["raw"] for r in data["rolls"]]),
                             fatigue=data["fatigue"], hurt=original.hurt)
        assert result_dict(replay, slot.number) == data


def test_a_team_that_cannot_field_a_position_calls_up_a_man_who_can(nippon):
    """The last resort before a game (league.season.farm.cover_positions): every right fielder of the
    active roster is on the farm — one sent down yesterday (the ten-day rule keeps him there),
    the others long ago — so a farm man who can play right field comes up, and with the active
    roster full the least valuable spare man goes down; the team then fields a line-up."""
    from datetime import date

    from league.manager.computer import make_lineup
    from league.season import farm
    from league.season.farm import Move, apply_move, cover_positions, uncovered

    state = SeasonState(league=nippon, players=players_of(nippon))
    book = state.roster
    book.bind(nippon)
    team = nippon.teams[0]
    day = date(2026, 6, 1)
    rf = [p for p in team.players if p.batting is not None and p.can_play("RF")]
    active_rf = [p for p in rf if p.id not in book.farm]
    assert active_rf
    for k, p in enumerate(active_rf):
        apply_move(book, Move(day - timedelta(days=1 if k == 0 else 30), team.code, p.id, "down"))
    # fill the active roster back to its size with farm pitchers, so a spare must go down
    for p in [p for p in team.players if p.id in book.farm and p.pitching is not None]:
        if sum(1 for q in team.players if q.id not in book.farm) >= nippon.active_size:
            break
        apply_move(book, Move(day - timedelta(days=30), team.code, p.id, "up"))
    active = [p for p in team.players if p.id not in book.farm]
    assert uncovered(active) == "RF"
    made = cover_positions(state, team.code, day)
    ups = [m.player for m in made if m.kind == "up"]
    assert ups and all(nippon.player(pid).can_play("RF") for pid in ups)
    assert active_rf[0].id not in ups                      # demoted yesterday: ten days to wait
    assert any(m.kind == "down" for m in made)             # the roster was full
    active = [p for p in team.players if p.id not in book.farm]
    assert len(active) <= nippon.active_size and uncovered(active) is None
    make_lineup(team.code, active, nippon.dh_for(team.code))
    assert farm.roster_problem(active, nippon.dh_for(team.code)) is None


def _full_of_hitters(nippon, gone):
    """EDO's active roster with the men `gone` (a test of each player) sent down — the first
    yesterday (the ten-day rule keeps him there), the others long ago — and farm hitters who
    would not mend what they leave called up until it is full again: more hitters than their
    share (ACTIVE_ARMS pitchers, the rest hitters)."""
    from datetime import date

    from league.season.farm import Move, apply_move
    from league.season.roster import ACTIVE_ARMS

    state = SeasonState(league=nippon, players=players_of(nippon))
    book = state.roster
    book.bind(nippon)
    team = nippon.team("EDO")
    day = date(2026, 6, 1)
    out = [p for p in team.players if p.id not in book.farm and gone(p)]
    assert out
    for k, p in enumerate(out):
        apply_move(book, Move(day - timedelta(days=1 if k == 0 else 30), team.code, p.id, "down"))
    for p in [p for p in team.players if p.id in book.farm and p.pitching is None
              and not gone(p)]:
        if sum(1 for q in team.players if q.id not in book.farm) >= nippon.active_size:
            break
        apply_move(book, Move(day - timedelta(days=30), team.code, p.id, "up"))
    active = [p for p in team.players if p.id not in book.farm]
    assert len(active) == nippon.active_size
    assert sum(1 for p in active if p.pitching is None) > nippon.active_size - ACTIVE_ARMS
    return state, team, day


def _moved(nippon, state, team, move):
    """The men `move()` sent down and called up, and the active roster after: every pitcher
    of it before is still there."""
    pitchers = {p.id for p in team.players if p.id not in state.roster.farm and p.pitching}
    made = move()
    active = [p for p in team.players if p.id not in state.roster.farm]
    assert pitchers <= {p.id for p in active}
    return ([nippon.player(m.player) for m in made if m.kind == "down"],
            [nippon.player(m.player) for m in made if m.kind == "up"], active)


def test_a_full_roster_covering_a_position_sends_down_a_hitter_when_hitters_are_over(nippon):
    """cover_positions: the man who goes down for the one who can play the open position comes
    from the side over its share of the roster (ACTIVE_ARMS pitchers, the rest hitters), the
    least valuable of it by its own scale — here a bench hitter. By one value for both (a
    reliever's pitching_value about -5 to 10, a hitter's batting_value about 30 to 60) a reliever
    went down whoever was over (issue 31's lived club left without a bullpen)."""
    from league.season.farm import cover_positions, uncovered

    state, team, day = _full_of_hitters(nippon, lambda p: p.batting is not None
                                        and p.pitching is None and p.can_play("RF"))
    downs, ups, active = _moved(nippon, state, team, lambda: cover_positions(state, team.code, day))
    assert len(downs) == 1 and ups and all(p.can_play("RF") for p in ups)
    assert downs[0].pitching is None
    assert uncovered(active) is None


def test_a_full_roster_mended_before_a_game_sends_down_a_hitter_when_hitters_are_over(nippon):
    """repair: the club's catchers all down (one yesterday, so the ten-day rule keeps him), the
    roster full of hitters; a farm catcher comes up and the man who goes down for him is the
    least valuable hitter the roster can spare — hitters being over their share — not a
    pitcher, as by one value for both."""
    from league.season.farm import repair, roster_problem

    state, team, day = _full_of_hitters(nippon, lambda p: p.batting is not None
                                        and p.pitching is None and p.can_play("C"))
    downs, ups, active = _moved(nippon, state, team, lambda: repair(state, team.code, day))
    assert [p.can_play("C") for p in ups] == [True] and len(downs) == 1
    assert downs[0].pitching is None
    assert roster_problem(active, nippon.dh_for(team.code)) is None


def test_nobody_is_sent_down_for_a_slump_before_a_game(nippon, ruleset):
    """Opening day: before a team's first game nobody is in a slump, so the computer manager
    sends nobody down for one (the fan's reading found 25 such moves on opening day); it may
    once the team has played."""
    state = SeasonState(league=nippon, players=players_of(nippon))
    calendar = season_calendar(nippon, FIRST_YEAR, SEED)
    opening = calendar[0].day
    first = [slot for slot in calendar if slot.day == opening]
    for slot in first:
        result, rest, starters = play_scheduled(state, ruleset, slot.day, slot.away, slot.home,
                                                game_seed(SEED, slot.number))
        state.after_game(rest, starters, slot.day)
    assert [m for m in state.roster.moves if m.reason == "slump"] == []
    later = [slot for slot in calendar if slot.day > opening][:60]
    for slot in later:
        result, rest, starters = play_scheduled(state, ruleset, slot.day, slot.away, slot.home,
                                                game_seed(SEED, slot.number))
        state.after_game(rest, starters, slot.day)
    assert any(m.reason == "slump" for m in state.roster.moves)
