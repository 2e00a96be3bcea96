"""The Melting Pot rules: the seed's three worked examples, every tie and cancellation case."""
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.troop.rules import (
    MeltingPotError,
    adjust_round3,
    k_for,
    make_setup,
    ordinal,
    play_event,
    ranking,
    read_slip,
    reveal_steps,
    run_rounds,
    score_round,
)


def named(values):
    """Players p1..pN with the given commitments (as slips)."""
    return {f"p{i}": v for i, v in enumerate(values, start=1)}


# ----------------------------------------------------------------- the seed's worked examples

def test_seed_example_1_win_with_a_tie_for_third():
    slips = named([2, 4, 5, 12, 18, 19, 21, 21, 25, 30])
    r = score_round(15, slips)
    assert (r.k, r.enemy_force, r.total, r.victory) == (3, 150, 157, True)
    assert r.average == Fraction(157, 10)
    assert r.closest == ("p5",)
    assert r.points == {
        "p1": 0, "p2": 0, "p3": 0, "p4": 0, "p5": 15, "p6": 0,
        "p7": 15, "p8": 15, "p9": 30, "p10": 30,
    }
    assert all(p == 0 for p in r.penalties.values())


def test_seed_example_2_loss_with_bottom_three():
    slips = named([6, 6, 9, 10, 17, 20, 25, 27, 30, 45])
    r = score_round(25, slips)
    assert (r.enemy_force, r.total, r.victory) == (250, 195, False)
    assert r.average == Fraction(39, 2)
    assert r.closest == ("p6",)
    assert r.points == {
        "p1": -50, "p2": -50, "p3": -50, "p4": 0, "p5": 0, "p6": 25,
        "p7": 0, "p8": 25, "p9": 25, "p10": 25,
    }
    assert r.cancelled == ()


def test_seed_example_3_three_way_tie_and_cancelled_penalty():
    slips = named([0, 30, 43, 48, 49, 50, 50, 50, 51, 53])
    r = score_round(45, slips)
    assert (r.enemy_force, r.total, r.victory) == (450, 424, False)
    assert r.average == Fraction(212, 5)
    assert r.closest == ("p3",)
    assert r.cancelled == ("p3",)
    assert r.points == {
        "p1": -90, "p2": -90, "p3": 45, "p4": 0, "p5": 0,
        "p6": 15, "p7": 15, "p8": 15, "p9": 45, "p10": 45,
    }
    assert r.troops_left["p10"] == 47 and r.troops_left["p1"] == 100


def test_seed_examples_played_as_one_game():
    r1 = [2, 4, 5, 12, 18, 19, 21, 21, 25, 30]
    r2 = [45, 30, 27, 25, 20, 17, 10, 9, 6, 6]
    r3 = [0, 50, 50, 43, 30, 49, 51, 53, 50, 48]
    setup = make_setup([f"p{i}" for i in range(1, 11)], [15, 25, 45])
    result = play_event(setup, [named(r1), named(r2), named(r3)])
    assert result.rounds[2].adjusted_from is None and result.rounds[2].strength == 45
    scores = {name: f.score for name, f in result.final.items()}
    assert scores == {"p1": -12, "p2": 56, "p3": 58, "p4": 65, "p5": -18, "p6": 15,
                      "p7": 78, "p8": 27, "p9": 14, "p10": -4}
    assert result.final["p7"].points == 60 and result.final["p7"].troops_left == 18
    assert result.winners == ("p7",)


# ----------------------------------------------------------------- ties

def test_tie_inside_the_top_shares_both_places():
    r = score_round(10, named([0, 0, 0, 0, 5, 6, 7, 8, 20, 20]))  # total 66 < 100: loss
    assert r.top_points["p9"] == r.top_points["p10"] == 10  # two places of S, split two ways
    assert r.top_points["p8"] == 10


def test_three_way_tie_for_one_top_place_drops_the_fraction():
    # win (S=10, force 100): the three 20s share the 3rd place of 2S = 20 → 6 each (20/3)
    r = score_round(10, named([0, 0, 0, 0, 0, 20, 20, 20, 30, 40]))
    assert r.victory
    assert [r.top_points[p] for p in ("p6", "p7", "p8")] == [6, 6, 6]
    assert r.top_points["p10"] == r.top_points["p9"] == 20


def test_tied_penalty_rounds_toward_zero():
    # loss at S=50: the three 5s share one bottom place of -100 → -33 each, not -34
    r = score_round(50, named([0, 0, 5, 5, 5, 20, 25, 30, 40, 50]))
    assert not r.victory and r.closest == ("p6",)
    assert [r.penalties[p] for p in ("p3", "p4", "p5")] == [-33, -33, -33]
    assert r.penalties["p1"] == r.penalties["p2"] == -100
    assert r.points["p6"] == 50 and r.points["p10"] == 50


def test_closest_one_above_one_below_split_and_cancel_the_player_ranked_above():
    # loss at S=21 (175 < 210); average 17.5: 17 and 18 are equally close and split
    # S=21 → 10 each (fraction dropped); both are in the bottom three, and both are at or
    # above the closest, so neither is penalised
    r = score_round(21, named([0, 17, 18, 20, 20, 20, 20, 20, 20, 20]))
    assert not r.victory and r.average == Fraction(35, 2)
    assert r.closest == ("p2", "p3")
    assert r.closest_points["p2"] == r.closest_points["p3"] == 10
    assert set(r.cancelled) == {"p2", "p3"}
    assert r.points["p1"] == -42
    assert r.points["p2"] == r.points["p3"] == 10
    assert r.top_points["p4"] == 9  # seven 20s share three places of 21: 63 / 7


def test_equal_commitments_closest_split_and_tie_straddling_the_bottom():
    # eight 12s (places 1–8) straddle top 3 and bottom 3; the 12s are closest to 10.4
    r = score_round(11, named([0, 8, 12, 12, 12, 12, 12, 12, 12, 12]))  # 104 < 110: loss
    twelves = [f"p{i}" for i in range(3, 11)]
    assert not r.victory and r.closest == tuple(twelves)
    assert all(r.top_points[p] == 4 for p in twelves)       # 3 × 11 / 8
    assert all(r.closest_points[p] == 1 for p in twelves)   # 11 / 8
    assert set(r.cancelled) == set(twelves)                  # -22 / 8 cancelled
    assert r.penalties["p1"] == -22 and r.penalties["p2"] == -22
    assert r.points["p3"] == 5


def test_everyone_commits_the_same_all_awards_split_and_penalty_cancelled():
    r = score_round(10, named([0] * 10))
    assert not r.victory
    assert set(r.points.values()) == {4}  # 30/10 top + 10/10 closest, penalty cancelled
    assert len(r.cancelled) == 10


def test_awards_stack_top_and_closest():
    # 6 players, k=2; loss; average 10 → the 10 is also 2nd
    r = score_round(20, named([0, 0, 5, 5, 10, 40]))
    assert r.k == 2 and r.average == 10
    assert r.closest == ("p5",)
    assert r.points["p5"] == 40  # S top + S closest


def test_a_win_has_no_penalties_and_a_tie_with_the_enemy_is_a_win():
    r = score_round(10, named([0, 0, 0, 0, 0, 0, 10, 20, 30, 40]))
    assert r.total == r.enemy_force == 100
    assert r.victory
    assert all(p == 0 for p in r.penalties.values())
    assert r.points["p1"] == 0


def test_cancellation_only_reaches_bottom_players_at_or_above_the_closest():
    r = score_round(20, named([0, 1, 19, 20, 20, 21, 21, 22, 23, 30]))  # 177 < 200
    # average 17.7 → 19 is closest (place 8, in the bottom three); 0 and 1 are below it
    assert r.closest == ("p3",)
    assert r.cancelled == ("p3",)
    assert not r.victory and r.penalties["p1"] == r.penalties["p2"] == -40


# ----------------------------------------------------------------- k, slips, round 3

@pytest.mark.parametrize("players,k", [(6, 2), (8, 2), (9, 3), (12, 3), (13, 4), (15, 4)])
def test_k_by_number_of_players(players, k):
    assert k_for(players) == k


def test_other_sizes_need_a_house_rule():
    with pytest.raises(MeltingPotError, match="6–15 players, got 5"):
        k_for(5)
    with pytest.raises(MeltingPotError, match="got 16"):
        k_for(16)
    assert k_for(5, house_k=2) == 2
    with pytest.raises(MeltingPotError, match="between 1 and 2"):
        k_for(5, house_k=3)
    r = score_round(10, named([1, 2, 3, 4, 5]), house_k=1)
    assert r.k == 1


@pytest.mark.parametrize("slip,left,value,note", [
    (None, 100, 0, "blank"), ("", 100, 0, "blank"), ("   ", 100, 0, "blank"),
    ("abc", 100, 0, "invalid"), ("-5", 100, 0, "invalid"), (-5, 100, 0, "invalid"),
    ("12.5", 100, 0, "invalid"), (12.0, 100, 0, "invalid"), ("1 2", 100, 0, "invalid"),
    ("+5", 100, 0, "invalid"), (True, 100, 0, "invalid"), ("twenty", 100, 0, "invalid"),
    ("１２", 100, 12, ""), (" 30 ", 100, 30, ""), ("007", 100, 7, ""), (45, 100, 45, ""),
    ("120", 85, 85, "all troops left"), (120, 85, 85, "all troops left"), (85, 85, 85, ""),
])
def test_reading_slips(slip, left, value, note):
    reading = read_slip(slip, left)
    assert (reading.value, reading.note) == (value, note)


def test_reading_is_shown_as_written():
    assert read_slip("120", 85).shown == "120 → 85, all troops left"
    assert read_slip(None, 85).shown == "blank → 0, blank"
    assert read_slip("abc", 85).shown == "abc → 0, invalid"
    assert read_slip("30", 85).shown == "30 → 30"


def test_round3_adjustment_to_ninety_percent():
    assert adjust_round3(10, 50, 500).strength == 45
    assert adjust_round3(10, 50, 500).adjusted_from == 50
    assert adjust_round3(10, 45, 500).adjusted_from is None  # exactly 90 % is allowed
    assert adjust_round3(10, 60, 333).strength == 29           # 0.9 × 333 = 299.7
    assert adjust_round3(10, 50, 500, override=40).strength == 40
    with pytest.raises(MeltingPotError, match="only be lowered"):
        adjust_round3(10, 50, 500, override=46)


def test_round3_adjusted_in_a_played_game():
    setup = make_setup([f"p{i}" for i in range(1, 7)], [20, 30, 60])
    rounds = [named([50] * 6), named([40] * 6), named([10] * 6)]
    results = run_rounds(setup, rounds)
    # 60 troops left in all: 90 % is 54 → strength 9, enemy force 54
    assert results[2].adjusted_from == 60
    assert results[2].strength == 9 and results[2].enemy_force == 54
    assert results[2].victory


def test_shared_win():
    setup = make_setup([f"p{i}" for i in range(1, 7)], [10, 20, 40])
    result = play_event(setup, [named([10] * 6), named([20] * 6), named([30] * 6)])
    assert len(result.winners) == 6


def test_slips_above_troops_left_count_as_all_of_them_across_rounds():
    setup = make_setup([f"p{i}" for i in range(1, 7)], [10, 20, 40])
    rounds = [named([90, 0, 0, 0, 0, 0]), named(["50", 0, 0, 0, 0, 0]),
              named([None, 0, 0, 0, 0, 0])]
    results = run_rounds(setup, rounds)
    assert results[1].read["p1"] == 10 and results[1].readings["p1"].note == "all troops left"
    assert results[2].troops_left["p1"] == 0


@pytest.mark.parametrize("players,strengths,k,message", [
    (["a", "b", "c", "d", "e"], [10, 20, 40], None, "6–15 players, got 5"),
    (["a", "b", "c", "d", "e", "a"], [10, 20, 40], None, "'a' is used twice"),
    (["a", "b", "c", "d", "e", ""], [10, 20, 40], None, "player 6: the name is empty"),
    (list("abcdef"), [10, "x", 40], None, "round 2: strength must be a whole number"),
    (list("abcdef"), [10, 20], None, "need 3"),
    (list("abcdef"), [10, 0, 40], None, "round 2: strength must be at least 1"),
])
def test_setup_refusals(players, strengths, k, message):
    with pytest.raises(MeltingPotError, match=message):
        make_setup(players, strengths, k)


def test_play_refuses_unknown_player_missing_slip_and_wrong_round_count():
    setup = make_setup(list("abcdef"), [10, 20, 40])
    good = dict.fromkeys("abcdef", 5)
    with pytest.raises(MeltingPotError, match="round 2: 'z' is not one of the players"):
        play_event(setup, [good, {**good, "z": 3}, good])
    partial = {n: 1 for n in "abcde"}
    with pytest.raises(MeltingPotError, match="round 1: no slip for 'f'"):
        play_event(setup, [partial, good, good])
    with pytest.raises(MeltingPotError, match="exactly 3 rounds, got 2"):
        play_event(setup, [good, good])


# ----------------------------------------------------------------- reveal and ranking

def test_current_reveal_never_pairs_a_name_with_an_amount():
    r = score_round(15, named([2, 4, 5, 12, 18, 19, 21, 21, 25, 30]))
    steps = reveal_steps(r, "current")
    assert all(not (s.names and s.amount is not None) for s in steps)
    assert steps[0].title == "10th place" and steps[0].names == ("p1",)
    assert steps[-3].names == ("p10",) and steps[-3].title == "1st place"
    assert any(s.title == "3rd place (shared)" and set(s.names) == {"p7", "p8"} for s in steps)
    assert steps[-2].amount == 157 and "VICTORY" in steps[-2].detail
    assert steps[-1].names == ("p5",)


def test_original_reveal_reads_numbers_ascending_without_names():
    r = score_round(25, named([6, 6, 9, 10, 17, 20, 25, 27, 30, 45]))
    steps = reveal_steps(r, "original")
    assert [s.amount for s in steps[:-1]] == [6, 6, 9, 10, 17, 20, 25, 27, 30, 45]
    assert all(s.names == () for s in steps)
    assert steps[-1].amount == 195 and "DEFEAT" in steps[-1].detail


def test_ranking_and_ordinals():
    assert ranking({"a": 5, "b": 9, "c": 5, "d": 1}) == [
        (1, "b", 9), (2, "a", 5), (2, "c", 5), (4, "d", 1)]
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


# ----------------------------------------------------------------- invariants

@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.integers(min_value=0, max_value=100), min_size=6, max_size=15),
    strength=st.integers(min_value=0, max_value=60),
)
def test_round_invariants(values, strength):
    r = score_round(strength, named(values))
    k = r.k
    top_award = 2 * strength if r.victory else strength
    # split awards never hand out more than the places are worth (fractions are dropped)
    assert 0 <= sum(r.top_points.values()) <= k * top_award
    assert 0 <= sum(r.closest_points.values()) <= strength
    assert -2 * strength * k <= sum(r.penalties.values()) <= 0
    if r.victory:
        assert all(p == 0 for p in r.penalties.values()) and r.cancelled == ()
    # equal commitments always score the same
    for a in r.players:
        for b in r.players:
            if r.read[a] == r.read[b]:
                assert r.points[a] == r.points[b]
    assert all(left >= 0 for left in r.troops_left.values())
    assert r.total == sum(values) and r.victory == (sum(values) >= len(values) * strength)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.none(), st.text(max_size=6), st.integers(-50, 500),
                 st.floats(allow_nan=True)), st.integers(0, 100))
def test_any_slip_reads_to_a_legal_commitment(slip, left):
    reading = read_slip(slip, left)
    assert 0 <= reading.value <= left
    assert reading.note in ("", "blank", "invalid", "all troops left")
