"""Pitcher rest days (rulebook_notes §7.5), fatigue points and the rotation choice."""
from __future__ import annotations

from datetime import date

import pytest

from league.engine.cards import PitchingCard
from league.errors import LeagueError
from league.manager.rest import (
    PitcherRest,
    choose_starter,
    fatigue_points,
    next_rest,
    relief_limit,
    rest_days,
)


def card(innings: float = 6.0, starter: int = 7, rest: int = 5) -> PitchingCard:
    return PitchingCard({}, "B", innings, starter, rest, "C")


D = date(2026, 4, 1)


# --- the table, row by row -------------------------------------------------------------------------

def test_up_to_half_of_kai_is_half_of_kyu_rounded_half_up():
    c = card(innings=6.0, rest=5)
    assert rest_days(c, 9, started=False) == 3       # 3 innings = half of 6 → 5/2 = 2.5 → 3
    assert rest_days(c, 1, started=False) == 3
    assert rest_days(card(innings=6.0, rest=4), 9, started=False) == 2   # 4/2 = 2


def test_half_of_kyu_is_at_least_one_day():
    assert rest_days(card(innings=1.0, rest=1), 1, started=False) == 1   # 1/2 = 0.5 → 1
    assert rest_days(card(innings=1.0, rest=0), 1, started=False) == 1   # minimum 1 day
    assert rest_days(card(innings=1.0, rest=1), 0, started=False) == 1   # no out, still 1


def test_over_half_and_up_to_kai_is_kyu():
    c = card(innings=6.0, rest=5)
    assert rest_days(c, 10, started=False) == 5      # 3 1/3 > 3
    assert rest_days(c, 18, started=False) == 5      # exactly 6


def test_half_innings_on_the_card_compare_exactly():
    c = card(innings=6.5, starter=0, rest=5)        # half = 3.25 innings = 9.75 outs
    assert rest_days(c, 9, started=False) == 3
    assert rest_days(c, 10, started=False) == 5
    assert rest_days(c, 19, started=False) == 5      # 6 1/3 ≤ 6.5
    assert rest_days(c, 20, started=False) == 6      # 6 2/3: 1/6 beyond → rounded up to 1


def test_starter_up_to_sen_is_kyu():
    c = card(innings=6.0, starter=8, rest=6)
    assert rest_days(c, 24, started=True) == 6       # 8 innings ≤ 『先』 8
    assert rest_days(c, 24, started=False) == 6 + 2  # in relief 『回』 6 is the limit


def test_beyond_adds_whole_innings_rounded_up():
    c = card(innings=6.0, starter=7, rest=5)
    assert rest_days(c, 22, started=True) == 6       # 7 1/3: 1/3 beyond → 1
    assert rest_days(c, 24, started=True) == 6       # 8: 1 beyond
    assert rest_days(c, 25, started=True) == 7       # 8 1/3: 1 1/3 beyond → 2
    assert rest_days(c, 27, started=True) == 7       # complete game: 2 beyond


def test_reliever_beyond_kai():
    c = card(innings=1.0, starter=0, rest=2)
    assert rest_days(c, 3, started=False) == 2
    assert rest_days(c, 6, started=False) == 3       # 2 innings: 1 beyond


def test_negative_outs_are_refused():
    with pytest.raises(LeagueError, match="negative"):
        rest_days(card(), -1, started=False)


# --- real usage: a relief outing as long as his line-up planned ------------------------------------

def test_a_real_workhorse_s_outing_of_his_planned_innings_rests_him_no_longer_than_his_kyu():
    """Real usage (issue 33): a reliever of 1.5–2 innings a relief game whose card's 『回』 is his
    innings rounded to the half (1987's Tekulve: 1.17 → 1) came back the next day: an outing up
    to the innings his line-up planned (Lineup.innings), to the end of their last inning, is
    long only beyond them."""
    c = card(innings=1.0, starter=0, rest=1)
    assert rest_days(c, 6, started=False) == 2                    # the card alone: 1 beyond
    assert rest_days(c, 6, started=False, planned=1.17) == 1      # 4 outs planned: 2 innings
    assert rest_days(c, 7, started=False, planned=1.17) == 2      # 2 1/3: 1/3 beyond them
    assert rest_days(c, 9, started=False, planned=2.0) == 2       # 3: 1 beyond 2
    assert rest_days(c, 9, started=False, planned=2.2) == 1       # 7 outs planned: 3 innings
    assert relief_limit(1.17) == 2 and relief_limit(0.9) == 1 and relief_limit(0.1) == 1


def test_a_planned_outing_within_kai_and_a_start_rest_by_the_card_alone():
    c = card(innings=1.0, starter=0, rest=2)
    # the short outing's half rest is the card's: planned innings move only the long end
    assert rest_days(c, 1, started=False, planned=2.0) == 1
    assert rest_days(c, 3, started=False, planned=2.0) == 2
    assert rest_days(c, 6, started=False, planned=0.9) == 3       # planned within 『回』: the card
    s = card(innings=6.0, starter=7, rest=5)
    assert rest_days(s, 27, started=True, planned=9.0) == 7       # a start: his 『先』
    assert next_rest(c, 6, False, D, planned=2.0).available_on == date(2026, 4, 4)
    assert next_rest(c, 6, False, D).available_on == date(2026, 4, 5)


# --- dates and fatigue ---------------------------------------------------------------------------

def test_the_appearance_day_is_not_a_rest_day():
    r = next_rest(card(innings=6.0, starter=7, rest=5), 18, True, D)
    assert r == PitcherRest(available_on=date(2026, 4, 7), fatigue=0)   # rests 2nd..6th


def test_fatigue_points_per_day_short():
    r = PitcherRest(available_on=date(2026, 4, 7))
    assert fatigue_points(r, date(2026, 4, 7)) == 0
    assert fatigue_points(r, date(2026, 4, 9)) == 0
    assert fatigue_points(r, date(2026, 4, 6)) == 1
    assert fatigue_points(r, date(2026, 4, 4)) == 3
    assert fatigue_points(None, D) == 0


def test_pitching_tired_lengthens_the_next_rest():
    c = card(innings=1.0, starter=0, rest=2)
    r = next_rest(c, 3, False, D, fatigue=2)
    assert r.available_on == date(2026, 4, 6)        # 2 days + 2 fatigue days, ready on the 6th
    assert r.fatigue == 2
    with pytest.raises(LeagueError):
        next_rest(c, 3, False, D, fatigue=-1)


# --- the rotation --------------------------------------------------------------------------------

ROTATION = ("S1", "S2", "S3", "S4", "S5")


def test_next_rested_starter_after_last():
    rest = {p: PitcherRest(D) for p in ROTATION}
    assert choose_starter(ROTATION, rest, D, "S2") == "S3"
    assert choose_starter(ROTATION, rest, D, "S5") == "S1"      # wraps round
    assert choose_starter(ROTATION, rest, D, None) == "S1"
    assert choose_starter(ROTATION, {}, D, "S1") == "S2"        # never pitched = rested


def test_skips_a_starter_who_is_not_rested():
    rest = {"S3": PitcherRest(date(2026, 4, 3)), "S4": PitcherRest(date(2026, 4, 2))}
    assert choose_starter(ROTATION, rest, D, "S2") == "S5"


def test_nobody_rested_takes_the_fewest_fatigue_points():
    rest = {"S1": PitcherRest(date(2026, 4, 4)), "S2": PitcherRest(date(2026, 4, 2)),
            "S3": PitcherRest(date(2026, 4, 5)), "S4": PitcherRest(date(2026, 4, 2))}
    # S2 and S4 are one day short; S4 comes first after S3
    assert choose_starter(ROTATION[:4], rest, D, "S3") == "S4"
    assert choose_starter(ROTATION[:4], rest, D, "S4") == "S2"


def test_empty_rotation_is_an_error():
    with pytest.raises(LeagueError):
        choose_starter((), {}, D, None)
