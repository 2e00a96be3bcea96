"""Accidents and injuries, rulebook notes §7.6 [K15], with scripted dice: injury points by
出場ランク, the light and heavy injuries' effects on the card, the manager taking a hurt player
out at once, recovery by rest days, and the option to play without injuries."""
from __future__ import annotations

import dataclasses as dc
import zlib
from datetime import date, timedelta

import pytest
from test_rules_examples import game, raw_for, set_batting, set_pitcher
from test_rules_strategies import CARD, ROW

from league.engine import events
from league.engine.boxscore import play_code
from league.engine.cards import Fielding
from league.engine.dice import ScriptedDice, SeededDice
from league.engine.injury import (
    TOLERANCE,
    InjuryRules,
    accident_check,
    hurt_fielding,
    hurt_player,
    recover,
    recover_through,
    recovery_roll,
    severity,
)
from league.engine.playtext import japanese
from league.season.farm import RosterBook, Standing, settle

RULES = InjuryRules(dict(TOLERANCE), 2, 1, frozenset({100}),
                    (("batter", 12), ("pitcher", 20), ("fielder", 36)), 50, 8)


@pytest.mark.parametrize("rank,points,level", [
    ("A", 4, "light"), ("A", 5, "light"), ("A", 6, "heavy"),
    ("B", 2, "light"), ("B", 3, "light"), ("B", 4, "heavy"),
    ("C", 1, "light"), ("C", 2, "heavy"),
    ("D", 1, "heavy"), ("E", 1, "heavy"), ("B", 0, ""),
])
def test_7_6_injury_points_by_rank(rank, points, level):
    """§7.6: tolerance by 出場ランク A 5, B 3, C 1, D 0, E 0; at or below it a light injury,
    above it a heavy one (T17: rank B, two accidents taken out at once = 2 points, light)."""
    assert severity(RULES, rank, points) == level


def test_7_6_light_injury_fielding_half_a_mark_worse():
    """§7.6 light injury: no mark → '-', '-' → '*' ('*' stays the worst)."""
    assert hurt_fielding(Fielding("SS", 3, "+", None)) == Fielding("SS", 3, "+", "-")
    assert hurt_fielding(Fielding("SS", 3, None, "-")) == Fielding("SS", 3, None, "*")
    assert hurt_fielding(Fielding("SS", 3, None, "*")) == Fielding("SS", 3, None, "*")


def test_7_6_heavy_injury_sr_halved_rr_minus_two(mini):
    """§7.6 heavy injury: besides the fielding, SR halved and RR −2; light keeps SR and RR."""
    p = next(q for q in mini.teams[0].players if q.batting is not None and q.pitching is None)
    p = dc.replace(p, batting=dc.replace(p.batting, SR=37, RR=3))
    light = hurt_player(p, "light")
    assert (light.batting.SR, light.batting.RR) == (37, 3)
    assert all(f.error in ("-", "*") for f in light.fielding)
    heavy = hurt_player(p, "heavy")
    assert (heavy.batting.SR, heavy.batting.RR) == (18, 1)
    assert heavy.fielding == light.fielding


@pytest.mark.parametrize("pitch", ["BS*", "BS+"])
def test_7_6_heavy_injury_reads_bs_star_and_plus_as_bs(mini, ruleset, pitch):
    """§7.6 heavy injury: a BS*/BS+ pitch counts as a plain BS for him (OF goes to the OF
    table, not the HR or single table)."""
    g = game(mini, ruleset, [])
    set_pitcher(g, ROW)
    bid = g.batter_id
    set_batting(g, bid, bounds=CARD)
    g.heavy.add(bid)
    g.dice = ScriptedDice([raw_for(g, pitch), 60, 50])
    g.plate_appearance()
    assert g.rolls[0].result == pitch and g.rolls[1].result == "OF"
    assert g.rolls[-1].table == ruleset.tables["outfield_fly"].name


def test_accident_to_a_batter_taken_out_at_once_is_one_point(mini, ruleset):
    """§7.6: an accident is 1 point when the player is taken out at once; his manager sends a
    bench player in his place (the injury roll 5 ≤ 12 hurts the batter)."""
    g = game(mini, ruleset, [])
    off = g.offense
    bid = off.order[0]
    off.batting_index = 1            # his plate appearance is over
    g.dice = ScriptedDice([5])
    accident_check(g, RULES, bid)
    assert g.rolls[-1].purpose == "injury" and g.rolls[-1].raw == 5
    assert g.injuries == {bid: 1}
    assert bid not in off.order       # replaced at once
    assert "taken out" in g.notes[-1] and bid in g.notes[-1]


def test_accident_with_nobody_to_replace_him_plays_on_hurt(mini, ruleset):
    """§7.6: with no bench player for his position he plays on: 2 points, and the card of the
    injury for the rest of the game (a copy of the players: the caller's cards stay whole)."""
    g = game(mini, ruleset, [])
    off = g.offense
    bid = off.order[0]
    off.bench.clear()
    off.batting_index = 1
    before = g.players
    healthy = before[bid]
    g.dice = ScriptedDice([5])
    accident_check(g, RULES, bid)
    assert g.injuries == {bid: 2}
    level = severity(RULES, healthy.rank, 2)
    assert g.players[bid] == hurt_player(healthy, level)
    assert before[bid] == healthy and g.players is not before
    assert bid in off.order and "plays on" in g.notes[-1]


def test_accident_to_the_pitcher_brings_a_reliever(mini, ruleset):
    """The injury roll 15 (13..20) hurts the pitcher: a reliever comes in at once."""
    g = game(mini, ruleset, [50] * 10)
    dfn = g.defense
    pid = dfn.pitcher
    g.dice = ScriptedDice([15, *([50] * 5)])
    accident_check(g, RULES, g.offense.order[0])
    assert g.injuries == {pid: 1} and dfn.pitcher != pid


def test_no_accident_above_the_last_bound(mini, ruleset):
    """An injury roll above the last bound of `who` is no accident."""
    g = game(mini, ruleset, [])
    g.dice = ScriptedDice([37])
    accident_check(g, RULES, g.offense.order[0])
    assert g.injuries == {} and g.notes == []


def test_recovery_by_rest_days():
    """Each full rest day an injury roll at most the recovery chance takes one point off; a
    heavy injury recovers at its own (lower) chance."""
    days = [date(2026, 5, 1) + timedelta(days=k) for k in range(30)]
    always = dc.replace(RULES, recover_light=100, recover_heavy=100)
    never = dc.replace(RULES, recover_light=0, recover_heavy=0)
    assert recover(always, "B", 3, 1, "X01", days[:2]) == 1
    assert recover(never, "B", 3, 1, "X01", days) == 3
    # the rolls are the same whatever order a season is played in
    assert recovery_roll(1, "X01", days[3]) == recovery_roll(1, "X01", days[3])
    expected = 4
    for d in days[:10]:
        level = severity(RULES, "B", expected)
        if expected and recovery_roll(1, "X01", d) <= (50 if level == "light" else 8):
            expected -= 1
    assert recover(RULES, "B", 4, 1, "X01", days[:10]) == expected


def test_a_recovery_roll_is_the_first_roll_of_dice_seeded_by_season_day_and_player():
    """Stored seasons replay from the recovery rolls (docs/injuries.md): however a roll is
    worked out, it stays the first roll of dice seeded by the season, the day and the player."""
    for season_seed, pid, day, roll in [(1, "X01", date(2026, 5, 1), 22),
                                        (7, "P-123", date(2025, 9, 30), 69),
                                        (123456, "A", date(2026, 4, 1), 61)]:
        seed = ((season_seed * 1_000_003 + day.toordinal()) * 4_294_967_311
                + zlib.crc32(pid.encode()))
        assert recovery_roll(season_seed, pid, day) == SeededDice(seed).roll("injury") == roll


def test_recovery_through_a_span_of_days_is_recovery_on_each_of_them():
    """recover_through (the season's between-game checks) checks every day from the first to
    the last, as recover does on the list of those days."""
    first = date(2026, 5, 1)
    for points in (0, 1, 2, 4, 7):
        for span in (1, 3, 12, 40):
            days = [first + timedelta(days=k) for k in range(span)]
            assert recover_through(RULES, "B", points, 3, "X02", days[0], days[-1]) == recover(
                RULES, "B", points, 3, "X02", days)


def test_settle_counts_only_the_rest_days_since_the_last_check(mini):
    """Recovery checks run for the days between the last one settled and the game day."""
    always = dc.replace(RULES, recover_light=100, recover_heavy=100)
    pid = mini.teams[0].players[0].id
    book = RosterBook(entries={pid: Standing(points=5, hurt_on=date(2026, 5, 1),
                                             settled=date(2026, 5, 1))})
    settle(book, always, mini, mini.teams[0].code, date(2026, 5, 4))   # rest 2 and 3 May
    assert book.entries[pid].points == 3 and book.entries[pid].settled == date(2026, 5, 3)
    settle(book, always, mini, mini.teams[0].code, date(2026, 5, 4))   # nothing new
    assert book.entries[pid].points == 3


def test_without_injuries_no_check_is_made(mini, ruleset):
    """The option injuries = false: no accident check, the rolls are those of a game without
    the injury table."""
    from league.season.simulate import schedule, seeded_games
    off = dc.replace(ruleset, options={**ruleset.options, "injuries": False})
    assert off.injury_rules is None
    for _seed, r in seeded_games(mini, off, schedule(mini, 30), 1):
        assert r.injuries == {} and all(x.purpose != "injury" for x in r.rolls)


# ------------------------------------------------------------------------------------------
# nothing after the last play; a replacement is announced

def _ne(ruleset):
    return next(r for r in range(1, 101) if ruleset.condition["B"].read(r) == "NE")


def test_no_accident_after_the_walk_off(mini, ruleset):
    """§7.6 and the end of the game (9.06(f)): the walk-off plate appearance ends the game, so
    even when its first roll is a trigger no injury roll is made and no injury or substitution
    follows it (the last line of the play-by-play is the winning hit)."""
    g = game(mini, ruleset, [], inning=9, half=1)
    g.line = [[0] * 9, [0] * 8]
    set_pitcher(g, ROW)
    set_batting(g, g.batter_id, bounds=CARD)
    pitch = raw_for(g, "BS")
    g.injury_rules = dc.replace(RULES, trigger=frozenset({pitch}))
    g.dice = ScriptedDice([_ne(ruleset), pitch, 45, 5, 50, 50])
    g.play_half()
    assert g.finished and g.score == [0, 1]
    assert all(r.purpose != "injury" for r in g.rolls) and g.injuries == {} and g.notes == []
    assert g.plays[-1].text.endswith("home run")


def test_no_accident_after_the_last_out(mini, ruleset):
    """The third out of the top of the 9th with the home team ahead ends the game: no injury
    roll after it, though its first roll is a trigger (the first two outs' rolls are not)."""
    g = game(mini, ruleset, [], inning=9, half=0)
    g.score, g.line = [0, 1], [[0] * 9, [1] + [0] * 7]
    set_pitcher(g, ROW)
    off = g.offense
    for pid in off.order[:3]:
        set_batting(g, pid, bounds=CARD)
    k1 = raw_for(g, "K", bid=off.order[0])
    k3 = raw_for(g, "K", bid=off.order[2], avoid=(100, k1))
    assert raw_for(g, "K", bid=off.order[1]) == k1
    g.injury_rules = dc.replace(RULES, trigger=frozenset({k3}))
    g.dice = ScriptedDice([_ne(ruleset), k1, k1, k3, 5, 50])
    g.play_half()
    assert g.outs == 3 and g._ends_with_half()
    assert all(r.purpose != "injury" for r in g.rolls) and g.injuries == {}
    assert g.plays[-1].text.endswith("strikeout")


def test_a_hurt_designated_hitters_replacement_is_announced(mini, ruleset):
    """§7.6 taken out at once: the designated hitter hurt is replaced by a bench batter, and the
    play-by-play says so (after the accident, in both languages); a later pinch hitter in that
    slot bats for the replacement."""
    g = game(mini, ruleset, [])
    off = g.offense
    dh = off.positions["DH"]
    slot = off.order.index(dh)
    off.batting_index = (slot + 1) % 9
    g.dice = ScriptedDice([5])
    accident_check(g, RULES, dh)
    new = off.order[slot]
    assert new != dh and off.positions["DH"] == new
    accident, sub = g.plays[-2].text, g.plays[-1].text
    assert accident.startswith("accident: ") and "taken out" in accident
    assert sub == f"substitution: {g.name(new)} replaces {g.name(dh)} at DH"
    ev = g.events[-1]
    assert (ev.what, ev.who, ev.other, ev.pos) == ("SUB", new, dh, "DH") and ev.code() == "DS"
    assert events.japanese(ev, g.name) == f"選手交代: 指名打者 {g.name(dh)} → {g.name(new)}"
    assert g.events[-2].what == "INJURY"
    # a stored game's English line reads the same in Japanese and as a code
    assert japanese(sub) == f"選手交代: 指名打者 {g.name(dh)} → {g.name(new)}"
    assert play_code(g.plays[-1], g.players) == "DS"
    off.batting_index = slot
    ph = off.bench[0]
    g.pinch_hit(off, ph)
    assert g.plays[-1].text == f"pinch hitter: {g.name(ph)} bats for {g.name(new)}"
