"""Pitching decisions by NPB's rules, each from a described game: win and loss (公認野球規則
9.17), save (9.19), hold (NPB's definition) and HP. The games are told to a ScoringBook — the same
record the engine keeps — so each rule is checked on its own."""
from __future__ import annotations

from league.engine.scoring import ScoringBook, decide
from league.season.stats import add_pitching

AWAY, HOME = 0, 1


class Story:
    """A described game: pitchers in, outs, runs (charged to whoever put the runner on)."""

    def __init__(self, away: str = "a1", home: str = "h1") -> None:
        self.book = ScoringBook()
        self.book.enter(AWAY, away)
        self.book.enter(HOME, home)

    def enter(self, side, pitcher, runners=0):
        self.book.enter(side, pitcher, runners)
        return self

    def outs(self, side, n):
        self.book.out(side, n)
        return self

    def runs(self, side, charged, n=1):
        for k in range(n):
            self.book.run(side, f"r{side}-{len(self.book._runs)}", charged)
        return self

    def decide(self, defended=(9, 9)):
        return decide(self.book.record(defended))


# ------------------------------------------------------------------------------------------
# 9.17 win and loss

def test_9_17_a_starter_with_five_innings_wins_the_loser_gave_up_the_go_ahead_run():
    """9.17(a): the starter pitches 6 innings and leads 2-0 for good; the reliever finishes.
    The away starter gave up the go-ahead run: the loss."""
    s = Story().outs(AWAY, 6).runs(HOME, "a1", 2).outs(HOME, 18)
    s.enter(HOME, "h2").outs(HOME, 9).outs(AWAY, 18)
    d = s.decide()
    assert d["h1"] == "W" and d["a1"] == "L"


def test_9_17_a_go_ahead_run_charged_to_the_pitcher_who_put_the_runner_on():
    """9.17(a): tied 1-1, a2 comes in with a1's runner on base; that runner scores the go-ahead
    run off a2 — it is charged to a1, who takes the loss."""
    s = Story().outs(HOME, 15).outs(AWAY, 15)
    s.runs(HOME, "a1").runs(AWAY, "h1")
    s.enter(AWAY, "a2", runners=1).runs(HOME, "a1").outs(AWAY, 12).outs(HOME, 12)
    d = s.decide()
    assert d["a1"] == "L" and "a2" not in d and d["h1"] == "W"


def test_9_17_a_a_tie_starts_a_new_game():
    """9.17(a) 原注: h2 relieves with a 1-0 lead, gives up the tying run, and his team goes ahead
    again while he is the pitcher of record: h2 wins; the go-ahead run's pitcher loses."""
    s = Story().outs(AWAY, 15).runs(HOME, "a1").outs(HOME, 15)
    s.enter(HOME, "h2").runs(AWAY, "h2").runs(HOME, "a1").outs(HOME, 9).outs(AWAY, 12)
    s.enter(HOME, "h3").outs(HOME, 3)
    d = s.decide()
    assert d["h2"] == "W" and d["a1"] == "L" and d.get("h1") is None


def test_9_17_b_starter_short_of_five_innings_one_reliever_wins():
    """9.17(b): the starter leads 3-0 but leaves after 4 2/3 innings; the only reliever finishes:
    the win is his (and no save: he is the winner)."""
    s = Story().runs(HOME, "a1", 3).outs(HOME, 14).enter(HOME, "h2").outs(HOME, 13).outs(AWAY, 24)
    d = s.decide()
    assert d["h2"] == "W" and "h1" not in d


def test_9_17_b_starter_short_of_five_innings_most_effective_reliever_wins():
    """9.17(b): with several relievers the scorer picks the most effective (docs/scoring.md: an
    inning or more first, then outs less three per run charged): h3's three scoreless innings beat
    h2's one out and h4's two innings with a run."""
    s = Story().runs(HOME, "a1", 5).outs(HOME, 12)
    s.enter(HOME, "h2").outs(HOME, 1).enter(HOME, "h3").outs(HOME, 9)
    s.enter(HOME, "h4").runs(AWAY, "h4").outs(HOME, 5).outs(AWAY, 24)
    d = s.decide()
    assert d["h3"] == "W" and d["a1"] == "L"


def test_9_17_b_five_innings_in_a_game_of_five_defended_innings_is_four():
    """9.17(b)(2): when the winners defended only five innings (a short game), four innings are
    enough for the starter."""
    s = Story().runs(HOME, "a1").outs(HOME, 12).enter(HOME, "h2").outs(HOME, 3)
    assert s.decide(defended=(5, 5))["h1"] == "W"
    assert s.decide(defended=(9, 9))["h2"] == "W"


def test_9_17_a_pitcher_of_record_when_pinch_hit_for():
    """9.17(a): the lead taken in the half-inning his team bats after he was pinch-hit for is his:
    the runs come while he is still the pitcher of record; the reliever of the next inning is not."""
    s = Story().outs(HOME, 6).outs(AWAY, 18).enter(AWAY, "a2").outs(AWAY, 3)
    s.runs(AWAY, "h1")                     # a2 was hit for in this half; the run is his
    s.enter(AWAY, "a3").outs(AWAY, 6).outs(HOME, 21)
    d = s.decide()
    assert d["a2"] == "W" and d["h1"] == "L"


# ------------------------------------------------------------------------------------------
# 9.19 save

def _won_by_home(lead, finisher_outs, runners=0, late_runs=0):
    s = Story().runs(HOME, "a1", lead).outs(HOME, 24).outs(AWAY, 24)
    s.enter(HOME, "h9", runners=runners)
    if late_runs:
        s.runs(AWAY, "h9", late_runs)
    s.outs(HOME, finisher_outs)
    return s.decide()


def test_9_19_d_1_lead_of_three_and_an_inning():
    """9.19(d)(1): enters with a lead of at most three and pitches an inning: a save."""
    assert _won_by_home(3, 3)["h9"] == "S"


def test_9_19_d_1_a_lead_of_four_for_an_inning_is_no_save():
    """9.19(d): a lead of four for one inning, nobody on: the tying run is not near — no save."""
    assert "h9" not in _won_by_home(4, 3)


def test_9_19_d_2_tying_run_on_deck():
    """9.19(d)(2): a lead of four with two on: the tying run is on deck — one out is a save."""
    assert _won_by_home(4, 1, runners=2)["h9"] == "S"
    assert "h9" not in _won_by_home(5, 1, runners=2)


def test_9_19_d_3_three_innings_effectively():
    """9.19(d)(3): a lead of six, three innings, never letting the opponents tie: a save."""
    s = Story().runs(HOME, "a1", 6).outs(HOME, 18).outs(AWAY, 24)
    s.enter(HOME, "h9").runs(AWAY, "h9", 2).outs(HOME, 9)
    assert s.decide()["h9"] == "S"


def test_9_19_b_the_winner_gets_no_save():
    """9.19(b): a finisher who is the winning pitcher is not credited with a save."""
    s = Story().outs(HOME, 24).outs(AWAY, 24).enter(HOME, "h9").outs(HOME, 3)
    s.outs(AWAY, 3).runs(HOME, "a1")        # walk-off in the ninth: h9 was the pitcher of record
    d = s.decide()
    assert d["h9"] == "W" and list(d.values()).count("S") == 0


# ------------------------------------------------------------------------------------------
# holds (NPB) and HP

def test_hold_lead_held_in_a_save_situation():
    """Hold (NPB): enters with a two-run lead, pitches an inning and leaves it held; not the
    finisher, not W/L/S."""
    s = Story().runs(HOME, "a1", 2).outs(HOME, 21).outs(AWAY, 24)
    s.enter(HOME, "h8").outs(HOME, 3).enter(HOME, "h9").outs(HOME, 3)
    d = s.decide()
    assert d["h8"] == "H" and d["h9"] == "S"


def test_hold_entering_a_tie_and_keeping_it_tied():
    """Hold (NPB): enters a tied game, gets his outs without a run scoring, leaves it tied — a
    hold even though his team loses later."""
    s = Story().outs(HOME, 18).outs(AWAY, 21).enter(HOME, "h7").outs(HOME, 3)
    s.enter(HOME, "h8").runs(AWAY, "h8").outs(HOME, 6)
    d = s.decide()
    assert d["h7"] == "H" and d["h8"] == "L"


def test_hold_entering_a_tie_and_leaving_with_the_lead_taken():
    """Hold (NPB): enters tied; his team goes ahead while he pitches and he leaves with the lead.
    If that lead stands he is the winner (a relief win: HP counts it too)."""
    s = Story().outs(HOME, 18).outs(AWAY, 18).enter(HOME, "h7").outs(HOME, 3)
    s.runs(HOME, "a1")
    s.enter(HOME, "h8").outs(HOME, 3).runs(AWAY, "h8")
    s.enter(HOME, "h9").outs(HOME, 3).outs(AWAY, 9).runs(HOME, "a1")
    d = s.decide()
    assert d["h7"] == "H"                  # his lead was lost later, by h8
    assert d["h9"] == "W"


def test_no_hold_when_a_run_scores_in_a_tie():
    """Hold (NPB): entering tied, a run allowed (earned or not) and his team level again on his
    watch is no hold: the tie was not kept without a run."""
    s = Story().outs(HOME, 18).outs(AWAY, 18).enter(HOME, "h7").runs(AWAY, "h7").runs(HOME, "a1")
    s.outs(HOME, 3).enter(HOME, "h8").outs(HOME, 9).outs(AWAY, 9)
    assert "h7" not in s.decide()


def test_no_hold_when_the_runners_he_left_tie_the_game():
    """Hold (NPB): a runner he left on base scores the tying run off the next pitcher — no hold."""
    s = Story().runs(HOME, "a1").outs(HOME, 21).outs(AWAY, 24)
    s.enter(HOME, "h8").outs(HOME, 2).enter(HOME, "h9", runners=1).runs(AWAY, "h8")
    s.outs(HOME, 1).runs(HOME, "a1").outs(HOME, 3)
    assert "h8" not in s.decide()


def test_no_hold_without_an_out_or_for_the_finisher():
    """Hold (NPB): at least one out, and not the pitcher who finished for his team."""
    s = Story().runs(HOME, "a1").outs(HOME, 24).outs(AWAY, 24)
    s.enter(HOME, "h8", runners=1).enter(HOME, "h9").outs(HOME, 3)
    d = s.decide()
    assert "h8" not in d and d["h9"] == "S"
    s = Story().runs(HOME, "a1", 6).outs(HOME, 24).outs(AWAY, 24).enter(HOME, "h9").outs(HOME, 3)
    assert "h9" not in s.decide()


def test_hold_on_the_losing_side_and_in_a_draw():
    """Hold (NPB): counted whatever the final result — a drawn game has holds but no W, L, S."""
    s = Story().runs(HOME, "a1").outs(HOME, 18).outs(AWAY, 27)
    s.enter(HOME, "h7").outs(HOME, 3).enter(HOME, "h8").runs(AWAY, "h8").outs(HOME, 15)
    s.outs(AWAY, 9)
    d = s.decide(defended=(12, 12))
    assert d == {"h7": "H"}


def test_hp_is_holds_plus_relief_wins():
    """HP (ホールドポイント) = holds + wins in relief; a starter's win is not a hold point."""
    line = [0] * 12
    stats = add_pitching([(line, "H", False, False), (line, "W", False, False),
                          (line, "W", True, True), (line, "S", False, True)])
    assert stats.holds == 1 and stats.wins == 2 and stats.hold_points == 2


def test_9_19_d_the_managers_save_situation_is_the_scorers_as_the_pitcher_comes_in():
    """9.19(d)(1) and (2): the situation the computer manager brings his closer in for
    (save_situation_now) is the scorer's save situation for a reliever who then pitches an inning
    — one rule in league/engine/scoring.py, not a copy in the bullpen."""
    from league.engine.scoring import Stint, save_situation, save_situation_now
    book = ScoringBook()
    book.enter(AWAY, "a1")
    record = book.record((9, 9))
    for lead in range(-3, 9):
        for runners in range(4):
            inning = Stint(HOME, "h2", False, (0, lead) if lead >= 0 else (-lead, 0), runners, 0, 0, 3)
            assert save_situation_now(lead, runners) == save_situation(record, inning), (lead, runners)
    # a lead of five with the bases loaded (the tying run on deck), not of six
    assert save_situation_now(5, 3) and not save_situation_now(6, 3)
