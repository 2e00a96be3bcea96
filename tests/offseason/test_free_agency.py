"""Free agency (FA, shared/rules/npb_offseason.md §4): service in days on the active roster, the
rights it gives, the player's choice, compensation off by default."""
from __future__ import annotations

import dataclasses
import random

import pytest

from league.errors import LeagueError
from league.offseason import free_agency as fa
from league.offseason.free_agency import Man, Offer, Service


def test_4_service_144_days_short_of_a_season_145_a_season_shorter_years_added() -> None:
    # §4: 145 days make a season; a longer year still counts one; shorter years are added up
    assert fa.seasons([144]) == (0, 144)
    assert fa.seasons([145]) == (1, 0)
    assert fa.seasons([190]) == (1, 0)
    assert fa.seasons([100, 45]) == (1, 0)
    assert fa.seasons([100, 44]) == (0, 144)
    # seven full seasons and a year one day short: no domestic right (8 seasons)
    assert fa.right(Service("高校", (150,) * 7 + (144,))) is None
    assert fa.right(Service("高校", (150,) * 7 + (145,))) == fa.DOMESTIC_FA
    # the short year added to another short year makes the eighth season
    assert fa.right(Service("高校", (150,) * 7 + (144, 1))) == fa.DOMESTIC_FA


def test_4_seven_seasons_for_university_and_company_men_eight_for_the_rest() -> None:
    seven = (150,) * 7
    assert fa.right(Service("大学", seven)) == fa.DOMESTIC_FA
    assert fa.right(Service("社会人", seven)) == fa.DOMESTIC_FA
    assert fa.right(Service("高校", seven)) is None
    assert fa.right(Service("独立", seven)) is None
    # overseas after nine, whatever the route
    assert fa.right(Service("大学", (150,) * 8)) == fa.DOMESTIC_FA
    assert fa.right(Service("高校", (150,) * 9)) == fa.OVERSEAS_FA


def test_4_four_more_seasons_after_using_it() -> None:
    # used after his ninth season (9 years counted then): none until four more
    used = 9
    assert fa.right(Service("高校", (150,) * 12, used)) is None
    assert fa.right(Service("高校", (150,) * 12 + (144,), used)) is None
    assert fa.right(Service("高校", (150,) * 13, used)) == fa.OVERSEAS_FA
    # used the domestic right at eight: four more give it back (twelve: overseas too)
    assert fa.right(Service("高校", (150,) * 11, 8)) is None
    assert fa.right(Service("高校", (150,) * 12, 8)) == fa.OVERSEAS_FA


def test_4_the_player_chooses_by_role_then_strength_then_his_own_club() -> None:
    strength = {"A": 0.4, "B": 0.9, "C": 0.4}
    rng = random.Random(1)
    # the role beats the club's strength: a regular's job at weak A over the bench at strong B
    offers = [Offer("A", "regular", 4), Offer("B", "bench", 3)]
    assert fa.choose(offers, "C", strength, rng).team == "A"
    # the same role: the stronger club
    offers = [Offer("A", "regular", 5), Offer("B", "regular", 3), Offer("C", "regular", 3)]
    assert fa.choose(offers, "C", strength, rng).team == "B"
    # the same role and strength: his own club (C) over A, even for fewer years
    offers = [Offer("A", "setup", 4), Offer("C", "setup", 2)]
    for seed in range(20):
        assert fa.choose(offers, "C", strength, random.Random(seed)).team == "C"
    # the rotation and the closer rank as a regular's job; setup above the bench
    assert fa.ROLE_RANK["rotation"] == fa.ROLE_RANK["closer"] == fa.ROLE_RANK["regular"]
    assert fa.ROLE_RANK["regular"] > fa.ROLE_RANK["setup"] > fa.ROLE_RANK["bench"]


def _men() -> list[Man]:
    """Two clubs of batters: A deep at IF, B thin; A's star with nine seasons."""
    vet = Service("高校", (150,) * 9)
    young = Service("高校", (150,) * 2)
    men = [Man("A01", "A", 29, "IF", 30.0, False, vet)]
    men += [Man(f"A{i:02d}", "A", 25, "IF", 40.0 + i, False, young) for i in range(2, 7)]
    men += [Man(f"B{i:02d}", "B", 25, "IF", 10.0 + i, False, young) for i in range(1, 5)]
    return men


def test_4_role_by_the_clubs_depth_and_offers_by_need() -> None:
    men = _men()
    star = men[0]
    assert fa.role_at(star, [m.value for m in men[1:] if m.team == "A"]) == "bench"
    assert fa.role_at(star, [m.value for m in men if m.team == "B"]) == "regular"


def test_4_a_market_is_reproducible_and_compensation_is_off_by_default() -> None:
    men = _men()
    sizes = {"A": 6, "B": 4}
    found = None
    for year in range(2030, 2130):
        m = fa.market("t", year, men, {"A": 0.5, "B": 0.5}, sizes)
        if m.declared:
            found = year, m
            break
    assert found is not None, "the benched star never declared in 100 years"
    year, m = found
    assert m == fa.market("t", year, men, {"A": 0.5, "B": 0.5}, sizes)
    assert ("A01", fa.OVERSEAS_FA) in m.eligible
    d = m.declared[0]
    assert d.player == "A01"
    if not d.abroad:
        # A benches him, B makes him its regular: the role wins
        assert {o.team: o.role for o in d.offers} == {"A": "bench", "B": "regular"}
        assert (d.signed, d.role) == ("B", "regular")
    assert m.compensation == ()
    assert fa.fa_rules(None) is False
    assert fa.fa_rules({"compensation": True}) is True
    with pytest.raises(LeagueError, match=r"\[fa\], key compensation"):
        fa.fa_rules({"compensation": "yes"})
    with pytest.raises(LeagueError, match="unknown key 'money'"):
        fa.fa_rules({"money": 1})


def test_4_compensation_takes_one_unprotected_player_from_the_signing_club() -> None:
    young = Service("高校", (150,) * 2)
    men = _men()
    # B deep enough to have men outside the protected list
    men += [Man(f"B{i:02d}", "B", 25, "OF", float(i), False, young) for i in range(10, 40)]
    sizes = {"A": 6, "B": 34}
    for year in range(2030, 2300):
        m = fa.market("t", year, men, {"A": 0.5, "B": 0.5}, sizes, compensation=True)
        if m.moves and not m.moves[0].abroad:
            break
    else:
        pytest.fail("no move in 270 years")
    (c,) = m.compensation
    assert (c.team, c.signing, c.lost) == ("A", "B", "A01")
    # the best of B's unprotected men: B's 28 best are protected
    ranked = sorted((x for x in men if x.team == "B"), key=lambda x: (-x.value, x.player))
    assert c.player == ranked[fa.PROTECTED - 1].player   # 28 kept of B's own (A01 joined)


def test_the_service_of_a_player_of_the_files_is_seeded_by_route_and_age() -> None:
    s = fa.initial_service("nippon", "YOM01", 30, True)
    assert s == fa.initial_service("nippon", "YOM01", 30, True)
    joined = {"高校": 18, "大学": 22}.get(s.entry)
    assert len(s.days) == 30 - joined if joined else 4 <= len(s.days) <= 7
    young = fa.initial_service("nippon", "YOM02", 20, True)
    assert young.entry == "高校" and len(young.days) == 2


def test_4_days_on_the_active_roster_from_the_seasons_moves() -> None:
    """The season keeps the active roster every day: a player's days are counted from its
    moves, a call-up from its day, a demotion stopping on its day."""
    from datetime import date, timedelta
    first = date(2026, 3, 27)
    last = first + timedelta(days=144)                  # a regular season of 145 days
    days = fa.days_active({"a", "b"}, [(first + timedelta(days=1), "b", False),
                                       (first + timedelta(days=100), "c", True),
                                       (last + timedelta(days=5), "a", False)], first, last)
    assert days == {"a": 145, "b": 1, "c": 45}
    assert fa.seasons([days["a"]]) == (1, 0)
    # sent down on the last day: 144 days, a day short of a season
    short = fa.days_active({"a"}, [(last, "a", False)], first, last)
    assert short == {"a": 144} and fa.seasons([short["a"]]) == (0, 144)


def test_4_roster_limits_kept_and_foreign_players_out_of_the_market() -> None:
    """A club with its 70 under contract makes no offer; a foreign player has no FA right here
    (he comes and goes by §5, so the foreign limit is never touched by FA)."""
    men = _men()
    star = men[0]
    foreigner = Man("A07", "A", 29, "IF", 30.0, True, star.service)
    declared = 0
    for year in range(2030, 2130):
        m = fa.market("t", year, [*men, foreigner], {"A": 0.5, "B": 0.5}, {"A": 7, "B": 70})
        assert ("A07", fa.OVERSEAS_FA) not in m.eligible
        assert all(d.player != "A07" for d in m.declared)
        for d in m.declared:
            assert {o.team for o in d.offers} <= {"A"} and d.signed in ("A", "")
        declared += len(m.declared)
    assert declared                     # he declared, and B (full) never bid

def test_4_an_overseas_free_agent_may_leave_the_league() -> None:
    """Overseas FA (9 seasons): one of the best of his kind (the top tenth) under 33 leaves the
    league with the chance ABROAD before any offer; a domestic free agent never does."""
    young = Service("高校", (150,) * 2)
    best = [Man(f"S{i:02d}", "A", 28, "SP", 50.0 + i, False, Service("高校", (150,) * 9))
            for i in range(40)]
    rest = [Man(f"R{i:02d}", "B", 25, "SP", i / 10, False, young) for i in range(120)]
    left = kept = 0
    for year in range(2030, 2060):
        m = fa.market("t", year, [*best, *rest], {"A": 0.5, "B": 0.5}, {"A": 40, "B": 120},
                      roster_size=200)
        elite = {f"S{i:02d}" for i in range(40 - 160 // fa.ELITE, 40)}
        left += sum(d.abroad for d in m.declared)
        kept += sum(not d.abroad for d in m.declared if d.player in elite)
        assert all(d.right == fa.OVERSEAS_FA and d.player in elite
                   for d in m.declared if d.abroad)
    assert left and kept
    assert 0.1 < left / (left + kept) < 0.45          # ABROAD 0.25
    domestic = [Man(f"S{i:02d}", "A", 28, "SP", 50.0 + i, False, Service("大学", (150,) * 7))
                for i in range(40)]
    for year in range(2030, 2040):
        m = fa.market("t", year, [*domestic, *rest], {"A": 0.5, "B": 0.5}, {"A": 40, "B": 120},
                      roster_size=200)
        assert m.declared and not any(d.abroad for d in m.declared)


def _declared_year(men: list[Man], sizes: dict[str, int]) -> int:
    """A year the benched star A01 declares and stays in the league (seeded)."""
    for year in range(2030, 2300):
        m = fa.market("t", year, men, {"A": 0.5, "B": 0.5}, sizes)
        if m.declared and not m.declared[0].abroad:
            return year
    pytest.fail("A01 never declared and stayed in 270 years")


def test_4_a_person_s_club_offers_only_what_he_chose_and_the_player_still_chooses() -> None:
    # §4: offers are years and a promised role; the player takes the biggest role, then the
    # strongest club, then his own. B is a person's club: it offers only what he chose.
    men = _men()
    sizes = {"A": 6, "B": 4}
    strength = {"A": 0.5, "B": 0.5}
    year = _declared_year(men, sizes)
    star = men[0]
    assert fa.promises(star, [m.value for m in men if m.team == "B"]) == ("regular", "bench")
    assert fa.promises(star, [m.value for m in men[1:] if m.team == "A"]) == ("bench",)
    # no offer from B: only A's (the computer's, the bench) — he stays
    m = fa.market("t", year, men, strength, sizes, people={"B"}, chosen={})
    d = m.declared[0]
    assert [(o.team, o.role) for o in d.offers] == [("A", "bench")] and d.signed == "A"
    # B promises the bench: the same role and strength, so his own club
    bench = {"B": {"A01": Offer("B", "bench", 2)}}
    d = fa.market("t", year, men, strength, sizes, people={"B"}, chosen=bench).declared[0]
    assert ("B", "bench", 2) in [(o.team, o.role, o.years) for o in d.offers]
    assert d.signed == "A"
    # B promises him a regular's job for two years: the role wins
    regular = {"B": {"A01": Offer("B", "regular", 2)}}
    d = fa.market("t", year, men, strength, sizes, people={"B"}, chosen=regular).declared[0]
    assert (d.signed, d.role, d.years) == ("B", "regular", 2)
    # the computer's B would have offered the most years for the role (years_for)
    d = fa.market("t", year, men, strength, sizes).declared[0]
    assert (d.signed, d.role, d.years) == ("B", "regular", fa.years_for(29, "regular"))


def test_4_a_promise_the_club_cannot_keep_is_held_to_its_depth_and_no_offer_means_staying() -> None:
    men = _men()
    sizes = {"A": 6, "B": 4}
    year = _declared_year(men, sizes)
    # A (a person's) promises its benched star a regular's job: its depth gives him the bench,
    # so the offer is the bench, its years at most the bench's for his age
    over = {"A": {"A01": Offer("A", "regular", 5)}}
    d = fa.market("t", year, men, {"A": 0.5, "B": 0.5}, sizes, people={"A"},
                  chosen=over).declared[0]
    assert ("A", "bench", fa.years_for(29, "bench")) in [(o.team, o.role, o.years)
                                                        for o in d.offers]
    # both clubs a person's and neither offers: he stays with his own club for a year (宣言残留)
    d = fa.market("t", year, men, {"A": 0.5, "B": 0.5}, sizes, people={"A", "B"},
                  chosen={}).declared[0]
    assert (d.offers, d.signed, d.role, d.years) == ((), "A", "bench", 1)


def test_4_what_a_person_may_offer_is_the_role_his_depth_gives_or_less_for_a_year_range() -> None:
    men = _men()
    sizes = {"A": 6, "B": 4}
    year = _declared_year(men, sizes)
    (agent,) = fa.agents("t", year, men, ["A", "B"], {"B"}, sizes, roster_size=70)
    assert agent.player == "A01" and agent.right == fa.OVERSEAS_FA
    assert dict(agent.roles) == {"B": ("regular", "bench")}
    assert dict(agent.years) == {"regular": fa.years_for(29, "regular"),
                                 "bench": fa.years_for(29, "bench")}
    assert fa.offer_refusal(agent, "B", "regular", 4) is None
    assert "not 'closer'" in (fa.offer_refusal(agent, "B", "closer", 1) or "")
    assert fa.offer_refusal(agent, "B", "regular", 5) == \
        "an offer to A01 (29) as regular is for 1 to 4 years, not 5"
    # a role that allows one year says so (it said 'is 1 to 1 years')
    one = dataclasses.replace(agent, years=(("regular", 4), ("bench", 1)))
    assert fa.offer_refusal(one, "B", "bench", 2) == \
        "an offer to A01 (29) as bench is for 1 year only, not 2"
    assert "not 0" in (fa.offer_refusal(agent, "B", "bench", 0) or "")
    assert "not a club a person offers for" in (fa.offer_refusal(agent, "A", "bench", 1) or "")
    # a club whose 70 is full may promise another club's man nothing
    (full,) = fa.agents("t", year, men, ["A", "B"], {"B"}, sizes, roster_size=4)
    assert dict(full.roles) == {"B": ()}
    assert "no room" in (fa.offer_refusal(full, "B", "bench", 1) or "")
