"""Retirements and releases (npb_offseason.md §2) and the draft (§3): chances by age and play,
the class, waiver and reverse-waiver order with the priority league, the first round's lotteries
and 外れ1位, the pick limit; then a renewal through the services in §7's order."""
import json
from collections import Counter

import pytest

from league.errors import LeagueError
from league.offseason import draft as dr
from league.offseason.retirement import RELEASE, RETIRE, Standing, chance, departures
from storage.mappers import csv_rows
from storage.plainfiles import sample_league_path
from tui import services as sv


def test_the_chance_to_leave_rises_with_age_and_idleness_and_falls_for_regulars():
    """§2: players retire older, declining or out of the active roster for long."""
    young, old = Standing("a", "T", 24), Standing("b", "T", 38)
    assert chance(young)[0] < chance(Standing("c", "T", 31))[0] < chance(old)[0]
    assert chance(Standing("d", "T", 30, pa=0))[0] > chance(Standing("d", "T", 30, pa=200))[0]
    assert chance(Standing("e", "T", 30, pa=500))[0] < chance(Standing("e", "T", 30, pa=200))[0]
    assert chance(Standing("f", "T", 30, pa=0))[1] == "idle"
    assert chance(old)[1] == "age"


def test_departures_are_seeded_and_the_old_retire_while_the_young_are_released():
    people = [Standing(f"P{i}", "T", 20 + i % 22, pa=(i * 37) % 600) for i in range(2000)]
    gone = departures("lg", 2027, people)
    assert gone == departures("lg", 2027, people)
    assert gone != departures("lg", 2028, people)
    assert {d.kind for d in gone if d.age >= 33} == {RETIRE}
    assert {d.kind for d in gone if d.age < 33} == {RELEASE}
    assert any(d.age <= 24 for d in gone)                     # a few young ones too
    assert 0.05 < len(gone) / len(people) < 0.25


def test_the_waiver_order_interleaves_the_leagues_from_the_last_with_priority_alternating():
    """§3: 6th of the league with priority, 6th of the other, 5th, 5th, …"""
    cl, pl = ["C1", "C2", "C3"], ["P1", "P2", "P3"]
    assert dr.waiver_order([cl, pl], 0) == ["C3", "P3", "C2", "P2", "C1", "P1"]
    assert dr.waiver_order([cl, pl], 1) == ["P3", "C3", "P2", "C2", "P1", "C1"]
    assert dr.waiver_order([cl], 0) == ["C3", "C2", "C1"]
    assert dr.priority_league("alternate", ["CL", "PL"], 2026) == 0
    assert dr.priority_league("alternate", ["CL", "PL"], 2027) == 1
    assert dr.priority_league("PL", ["CL", "PL"], 2026) == 1


def _class(n=40):
    return [dr.Prospect(f"K{i:02d}", f"N {i}", "", "大学", 22, "2005-01-01", "IF",
                        None, None, 100.0 - i) for i in range(n)]


def test_the_first_round_is_named_at_once_with_lotteries_and_hazure():
    """Three clubs name K00: one wins by lot, the two others name again (外れ1位); K01 named by
    both of them goes by lot again; then the second round in waiver order, the third reversed."""
    order = ["A", "B", "C", "D"]
    clubs = [dr.Club(c, 3) for c in order]
    chosen = {"A": ["K00"], "B": ["K00", "K01"], "C": ["K00", "K01", "K05"], "D": ["K09"]}
    picks = dr.run_draft("lg", 2027, _class(), clubs, order, chosen=chosen)
    first = [p for p in picks if p.round == 1]
    assert len(first) == 4 and {p.team for p in first} == set(order)
    k00 = next(p for p in first if p.prospect == "K00")
    assert set(k00.lottery) == {"A", "B", "C"} and not k00.hazure
    d = next(p for p in first if p.team == "D")
    assert (d.prospect, d.lottery, d.hazure) == ("K09", (), False)
    losers = [p for p in first if p.team in {"A", "B", "C"} - {k00.team}]
    assert all(p.hazure for p in losers)
    # the same draft again gives the same lots (seeded)
    assert picks == dr.run_draft("lg", 2027, _class(), [dr.Club(c, 3) for c in order], order,
                                 chosen=chosen)
    assert [p.team for p in picks if p.round == 2] == order
    assert [p.team for p in picks if p.round == 3] == list(reversed(order))
    assert [p.number for p in picks] == list(range(1, 13))


def test_clubs_stop_when_they_have_their_picks_and_the_draft_stops_at_its_limit():
    order = ["A", "B", "C"]
    picks = dr.run_draft("lg", 2027, _class(), [dr.Club("A", 1), dr.Club("B", 4),
                                                dr.Club("C", 0)], order)
    assert Counter(p.team for p in picks) == {"A": 1, "B": 4}
    capped = dr.run_draft("lg", 2027, _class(), [dr.Club(c, 10) for c in order], order,
                          max_picks=7)
    assert len(capped) == 7


def test_the_computer_drafts_what_it_lost_and_what_it_is_short_of():
    prospects = [dr.Prospect("P", "p", "", "大学", 22, "2005-01-01", "SP", None, {}, 5.0),
                 dr.Prospect("C", "c", "", "大学", 22, "2005-01-01", "C", {}, None, 3.0),
                 dr.Prospect("I", "i", "", "大学", 22, "2005-01-01", "IF", {}, None, 10.0)]
    short = dr.run_draft("lg", 2027, prospects, [dr.Club("A", 1, (), ("C",))], ["A"])
    assert short[0].prospect == "C"
    plain = dr.run_draft("lg", 2027, prospects, [dr.Club("A", 1)], ["A"])
    assert plain[0].prospect == "I"


@pytest.mark.parametrize("raw, msg", [
    ({"priority": "XL"}, "priority: 'XL'"), ({"picks": 121}, "picks: 121"),
    ({"held": "yes"}, "held: 'yes'"), ({"rounds": 3}, "unknown key 'rounds'"),
    ({"ikusei": 11}, "ikusei: 11"), ({"ikusei": True}, "ikusei: True"),
    ({"refusal": 0.6}, "refusal: 0.6"), ({"refusal": "rare"}, "refusal: 'rare'"),
    ({"refusal": True}, "refusal: True")])
def test_bad_draft_settings_are_refused_naming_the_key(raw, msg):
    with pytest.raises(LeagueError, match=msg):
        dr.draft_rules(raw, ["CL", "PL"], "league.toml [draft]")


def test_the_class_is_seeded_with_schools_ages_and_the_league_s_names():
    where = sample_league_path("nippon")
    bat = {r["id"]: r for r in csv_rows((where / "batters.csv").read_text(encoding="utf-8"))}
    pit = {r["id"]: r for r in csv_rows((where / "pitchers.csv").read_text(encoding="utf-8"))}
    ids = list(dict.fromkeys([*bat, *pit]))
    templates = [(bat.get(i), pit.get(i)) for i in ids]
    names = [((bat.get(i) or pit.get(i))["name"], (bat.get(i) or pit.get(i))["name_en"])
             for i in ids]
    taken = {n for n, _ in names}
    cls = dr.make_class("nippon", 2027, 150, templates, names, taken)
    assert cls == dr.make_class("nippon", 2027, 150, templates, names, taken)
    assert set(Counter(p.school for p in cls)) == set(dr.SCHOOLS)
    for p in cls:
        lo, hi = dr.SCHOOL_AGES[p.school]
        assert lo <= p.age <= hi and p.name not in taken
        fam, given = p.name.split(" ")
        assert any(n.startswith(fam + " ") for n in taken)
        assert any(n.endswith(" " + given) for n in taken)
        cells = p.batting or p.pitching
        assert cells["born"] and cells["roster"] == "farm"
    assert len({p.name for p in cls}) == len(cls)
    values = sorted(p.value for p in cls)
    assert values[-1] - values[0] > 10                      # a few ready, many far from it
    assert {p.kind for p in cls} == {"C", "IF", "OF", "SP", "RP"}
    # pitchers and batters on one scale (issue 31's balance: valued apart, the clubs drafted
    # three batters to a pitcher and a lived league ran short of arms): as many arms as bats
    # among the class's best
    arms = [p.value for p in cls if p.pitching is not None]
    bats = [p.value for p in cls if p.pitching is None]
    assert abs(sum(arms) / len(arms) - sum(bats) / len(bats)) < 0.05
    best = sorted(cls, key=lambda p: -p.value)[:40]
    assert 0.35 <= sum(1 for p in best if p.pitching is not None) / len(best) <= 0.65


def test_a_renewal_through_the_services_in_the_order_of_section_7(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league_from_sample(db, "mini", "mini")
    sv.new_season(db)
    sv.sim_days(db, to_end=True)
    sv.close_season(db)
    before = sv.open_league(db)
    sv.new_season(db)
    view = sv.offseason(db)
    assert view.departures and view.picks
    after = sv.season_league(db)
    left = {d.player for d in view.departures}
    ids = {p.id for t in after.teams for p in t.players}
    assert not left & ids
    for p in view.picks:
        rookie = after.player(p.player)
        assert rookie.team == p.team and rookie.born and rookie.name == p.name
        page = sv.player(db, p.player)
        assert page.origin == {"year": 2026, "season": 2, "round": p.round, "pick": p.number,
                               "school": p.school, "team": p.team}
        assert page.age == p.age
    # each club replaced the players it lost
    for t in before.teams:
        assert len(after.team(t.code).players) == len(t.players)
    # retired players are no free agents; the news is in the order of §7
    fa = {p for p, _ in sv.free_agents(db)}
    assert not fa & {d.player for d in view.departures if d.kind == "retire"}
    # (free agency, §4, between the draft and growth: its signings and leavings carry "fa")
    # (the 現役ドラフト, §6, after it: a "move" each)
    # (the computer's trades, §6, after free agency and before the 現役ドラフト: a "trade" each)
    order = {"retire": 0, "release": 0, "draft": 1, "trade": 2.2, "move": 2.5, "change": 3,
             "up": 4}
    kinds = [2 if '"fa"' in (n.note or "") else order[n.kind] for n in reversed(sv.news(db))]
    assert kinds == sorted(kinds)
    data = json.loads(json.dumps(view.as_dict()))
    assert data["draft"][0]["round"] == 1 and data["departures"][0]["career"]


def test_the_rookie_of_the_year_is_npb_s_rookie():
    """新人王: within five years of joining, at most 30 innings or 60 plate appearances in the
    seasons before (NPB counts 打席), and not one of the league's founding players."""
    from league.season.awards import AwardPlayer, AwardRules, is_rookie
    rules = AwardRules()
    assert is_rookie(AwardPlayer("n", "A", prior_years=4, prior_pa=60, prior_ab=55), rules)
    assert not is_rookie(AwardPlayer("n", "A", prior_years=5), rules)           # a sixth season
    assert not is_rookie(AwardPlayer("n", "A", prior_years=1, prior_pa=61, prior_ab=50), rules)
    assert is_rookie(AwardPlayer("n", "A", prior_years=1, prior_outs=90), rules)
    assert not is_rookie(AwardPlayer("n", "A", prior_years=1, prior_outs=91), rules)
    assert not is_rookie(AwardPlayer("n", "A", founder=True), rules)



def test_a_player_with_professional_experience_abroad_is_no_rookie():
    """新人王 (NPB): no professional experience abroad — a foreign player (外国人, Player.foreign,
    which the league file or the market sets) is not eligible however new to the league."""
    from league.engine.cards import Player
    from league.offseason.people import pro_abroad
    from league.season.awards import AwardPlayer, AwardRules, is_rookie
    rules = AwardRules()
    assert is_rookie(AwardPlayer("n", "A", prior_years=0), rules)
    assert not is_rookie(AwardPlayer("n", "A", prior_years=0, abroad=True), rules)
    home = Player("n", "N", "A", "R", "R", None, None, ())
    assert not pro_abroad(home)
    assert pro_abroad(Player("f", "F", "A", "R", "R", None, None, (), foreign=True))


def test_rosters_are_checked_after_the_off_season_a_catcher_for_a_catcher():
    """§7's last step: an active catcher who retired is replaced by the farm's best catcher,
    a club short of starters calls them up, and an active roster over its size sends down the
    weakest of its most plentiful kind."""
    from league.offseason.renewal import _fill_active
    from league.offseason.retirement import Departure

    def bat(pos, roster, one_b):
        return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
                "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
                "K": "100"}

    def pit(starter, roster):
        return {"starter": str(starter), "roster": roster, "B": "3 9 49 54 56 74 83 100"}

    cards = [("C1", "T", bat("C", "active", 20), None), ("C2", "T", bat("C", "farm", 25), None),
             ("I1", "T", bat("SS", "farm", 30), None)]
    cards += [(f"S{i}", "T", None, pit(8, "active" if i < 4 else "farm")) for i in range(6)]
    cards += [(f"R{i}", "T", None, pit(0, "active")) for i in range(8)]
    out = {pid: (t, b, p) for pid, t, b, p in cards if pid != "C1"}
    called = _fill_active(cards, [Departure("C1", "T", 36, "retire", "age")], out, 12)
    assert ("C2", "T") in called and out["C2"][1]["roster"] == "active"   # not the better SS
    assert sum(1 for pid in ("S4", "S5") if out[pid][2]["roster"] == "active") == 1
    active = [pid for pid, (_t, b, p) in out.items() if (b or p)["roster"] == "active"]
    assert len(active) == 12 and "C2" in active


def test_an_active_roster_keeps_fast_men_for_the_pinch_runner():
    """§7's roster check keeps a bench that can run (issue 31: lived benches lost their fast
    men and the 代走 fell below rules C.3's 40 a season): a club with fewer than RUNNERS (3) hitters
    of RR RUNNER_RR or more calls up the farm's fastest, ahead of better hitters, and a full
    roster sends down someone else; the man sent down is of the side (hitters, pitchers) that
    grew past what the club had active, a batter's and a pitcher's values not being on one
    scale."""
    from league.offseason.renewal import RUNNER_RR, RUNNERS, _fill_active
    from league.offseason.retirement import Departure

    def bat(pos, roster, one_b, rr):
        return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
                "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
                "K": "100", "RR": str(rr)}

    def pit(starter, roster):
        return {"starter": str(starter), "roster": roster, "B": "3 9 49 54 56 74 83 100"}

    cards = [("C1", "T", bat("C", "active", 20, 0), None), ("C2", "T", bat("C", "active", 20, 1),
                                                             None)]
    cards += [(f"I{i}", "T", bat("SS", "active", 30, 2), None) for i in range(7)]
    cards += [(f"O{i}", "T", bat("LF", "active", 30, RUNNER_RR if i == 0 else 1), None)
              for i in range(5)]
    cards += [("OX", "T", bat("LF", "active", 35, 1), None)]             # retires
    cards += [("F1", "T", bat("CF", "farm", 10, 5), None), ("F2", "T", bat("2B", "farm", 12, 4),
                                                             None),
              ("F3", "T", bat("RF", "farm", 40, 1), None)]
    cards += [(f"S{i}", "T", None, pit(8, "active")) for i in range(5)]
    cards += [(f"R{i}", "T", None, pit(0, "active")) for i in range(6)]
    size = 2 + 7 + 5 + 1 + 5 + 6
    out = {pid: (t, b, p) for pid, t, b, p in cards if pid != "OX"}
    called = _fill_active(cards, [Departure("OX", "T", 36, "retire", "age")], out, size)
    active = {pid for pid, (_t, b, p) in out.items() if (b or p)["roster"] == "active"}
    assert len(active) == size
    fast = {pid for pid in active if out[pid][2] is None
            and int(out[pid][1]["RR"]) >= RUNNER_RR}
    assert len(fast) == RUNNERS and {"O0", "F1"} <= fast        # the fastest of the farm
    assert ("F1", "T") in called
    assert ("F2" in fast) == (RUNNERS >= 3)                   # the next fastest
    # the slugger F3 replaced the outfielder who left; the hitters grew past the 15 the club
    # had, so hitters (the weakest, an infielder first), not pitchers, went down
    assert "F3" in active
    assert all(f"S{i}" in active for i in range(5)) and all(f"R{i}" in active for i in range(6))
    assert sum(1 for pid in active if out[pid][2] is None) == 15
    assert "I0" not in active


def _bat(pos, roster, one_b):
    """A slow hitter's cells (RR 1) at `pos`, on `roster`, as good as his 1B width `one_b`."""
    return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
            "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
            "K": "100", "RR": "1"}


def _arm(starter):
    """An active pitcher's cells: a starter (『先』 `starter`) or a reliever (0)."""
    return {"starter": str(starter), "roster": "active", "B": "3 9 49 54 56 74 83 100"}


def test_an_active_roster_keeps_a_second_catcher():
    """§7's roster check: a club down to one active catcher calls up the farm's best (issue 31:
    with one, the manager can never run or hit for him), a club with two calls up none."""
    from league.offseason.renewal import CATCHERS, _fill_active

    for had in (1, 2):
        cards = [(f"C{i}", "T", _bat("C", "active" if i < had else "farm", 20 + i), None)
                 for i in range(3)]
        cards += [(f"S{i}", "T", None, _arm(8)) for i in range(5)]
        out = {pid: (t, b, p) for pid, t, b, p in cards}
        called = _fill_active(cards, [], out, 30)
        up = {pid for pid, _t in called}
        assert up == ({"C2"} if had < CATCHERS else set())     # the better of the farm's two
        assert sum(1 for i in range(3) if out[f"C{i}"][1]["roster"] == "active") == max(had,
                                                                                     CATCHERS)


def test_a_renewed_active_roster_keeps_at_most_fourteen_pitchers():
    """§7's roster check, the sides' balance (issue 31): NPB clubs open with about 13-14
    pitchers of 29; lived clubs opened with 14.75 and benches too short to pinch-hit. A club
    with 17 active pitchers and hitters on its farm sends its weakest spare relievers down and
    calls up its best farm hitters until ACTIVE_ARMS are left; starters (NPB's six-man
    rotation) and the last five relievers are never sent; a club without a farm hitter keeps
    its pitchers."""
    from league.offseason.renewal import ACTIVE_ARMS, _fill_active

    def bat(pos, roster, one_b, rr=1):
        return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
                "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
                "K": "100", "RR": str(rr)}

    def pit(starter, k):        # k: the K column's width in row B (a better reliever: more)
        row = f"3 9 49 54 56 {83 - 9 - k} {83 - k} 100"
        return {"starter": str(starter), "roster": "active", "B": row}

    cards = [(f"C{i}", "T", bat("C", "active", 20), None) for i in range(2)]
    cards += [(f"H{i}", "T", bat("SS", "active", 20, rr=5), None) for i in range(10)]
    cards += [(f"F{i}", "T", bat("LF", "farm", 20 + i), None) for i in range(4)]
    cards += [(f"S{i}", "T", None, pit(8, 10)) for i in range(6)]
    cards += [(f"R{i:02d}", "T", None, pit(0, 5 + i)) for i in range(11)]
    out = {pid: (t, b, p) for pid, t, b, p in cards}
    called = _fill_active(cards, [], out, 29)
    active = {pid for pid, (_t, b, p) in out.items() if (b or p)["roster"] == "active"}
    assert sum(1 for pid in active if pid[0] in "SR") == ACTIVE_ARMS == 14
    assert {"R00", "R01", "R02"}.isdisjoint(active)                   # the weakest relievers
    assert all(f"S{i}" in active for i in range(6))
    assert {pid for pid, _t in called} == {"F3", "F2", "F1"}             # the best farm bats
    # no hitter on the farm: the pitchers stay
    cards = [c for c in cards if not c[0].startswith("F")]
    out = {pid: (t, b, p) for pid, t, b, p in cards}
    assert _fill_active(cards, [], out, 29) == []

def _foreign_active(out):
    """Each club's foreign players on the active roster: (pitchers, batters)."""
    count = {}
    for _pid, (team, b, p) in out.items():
        cells = b or p
        if cells.get("roster") != "farm" and cells.get("foreign") == "yes":
            c = count.setdefault(team, [0, 0])
            c[0 if p is not None else 1] += 1
    return count


def test_the_roster_check_calls_up_foreign_players_one_at_a_time_within_the_limit():
    """§5 and §7: the roster check's call-ups (a rotation, the fast men) keep the foreign limit
    (4 on the active roster, at most 3 pitchers or batters) counted after each man who comes up,
    not once for the whole list (issue 31: a lived league, `impact calibrate --lived 10 --seed 1`,
    stored TKZ with 5 foreign players on its active roster and failed to load)."""
    from league.offseason.foreign import FOREIGN_ACTIVE
    from league.offseason.renewal import RUNNER_RR, RUNNERS, _fill_active

    def bat(pos, roster, one_b, rr=1, foreign="no"):
        return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
                "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
                "K": "100", "RR": str(rr), "foreign": foreign}

    def pit(starter, roster, k, foreign="no"):
        return {"starter": str(starter), "roster": roster, "B": f"3 9 49 54 56 {83 - 9 - k} "
                f"{83 - k} 100", "foreign": foreign}

    # three foreign players active (a pitcher, two batters), three starters active: the two best
    # farm starters are foreign, room for one of them only
    cards = [(f"C{i}", "T", bat("C", "active", 20), None) for i in range(2)]
    cards += [(f"H{i}", "T", bat("SS", "active", 20, rr=5), None) for i in range(10)]
    cards += [(f"X{i}", "T", bat("LF", "active", 25, foreign="yes"), None) for i in range(2)]
    cards += [("XR", "T", None, pit(0, "active", 10, foreign="yes"))]
    cards += [(f"S{i}", "T", None, pit(8, "active", 10)) for i in range(3)]
    cards += [(f"R{i}", "T", None, pit(0, "active", 10)) for i in range(5)]
    cards += [("FS1", "T", None, pit(8, "farm", 30, foreign="yes")),
              ("FS2", "T", None, pit(8, "farm", 29, foreign="yes")),
              ("FS3", "T", None, pit(8, "farm", 12))]
    out = {pid: (t, b, p) for pid, t, b, p in cards}
    called = {pid for pid, _t in _fill_active(cards, [], out, 29)}
    assert called == {"FS1", "FS3"}                       # the best foreign one, then one of ours
    assert _foreign_active(out) == {"T": [2, 2]}
    # no fast man active and two fast foreign hitters the fastest on the farm: one comes up,
    # then the fastest of ours
    cards = [(f"C{i}", "T", bat("C", "active", 20), None) for i in range(2)]
    cards += [(f"H{i}", "T", bat("SS", "active", 20), None) for i in range(8)]
    cards += [("XB", "T", bat("LF", "active", 25, foreign="yes"), None)]
    cards += [(f"XP{i}", "T", None, pit(0, "active", 10, foreign="yes")) for i in range(2)]
    cards += [(f"S{i}", "T", None, pit(8, "active", 10)) for i in range(6)]
    cards += [(f"R{i}", "T", None, pit(0, "active", 10)) for i in range(5)]
    cards += [("FX1", "T", bat("CF", "farm", 20, rr=6, foreign="yes"), None),
              ("FX2", "T", bat("CF", "farm", 20, rr=6, foreign="yes"), None),
              ("FN1", "T", bat("CF", "farm", 20, rr=RUNNER_RR), None),
              ("FN2", "T", bat("2B", "farm", 15, rr=RUNNER_RR), None),
              ("FN3", "T", bat("RF", "farm", 10, rr=RUNNER_RR), None)]
    out = {pid: (t, b, p) for pid, t, b, p in cards}
    called = {pid for pid, _t in _fill_active(cards, [], out, 29)}
    assert len(called) == RUNNERS and "FX1" in called and "FX2" not in called
    assert sum(_foreign_active(out)["T"]) == FOREIGN_ACTIVE


def test_the_sides_balance_calls_up_a_foreign_hitter_while_the_limit_has_room():
    """§7's sides' balance (ACTIVE_ARMS) with §5: the farm's best hitter comes up for a spare
    reliever though he is foreign, while the active roster has room for him (two foreign
    relievers active); with four foreign players active (three relievers and a batter) he stays
    down and the best of ours comes up."""
    from league.offseason.renewal import ACTIVE_ARMS, _fill_active

    def bat(pos, roster, one_b, foreign="no"):
        return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
                "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
                "K": "100", "RR": "5", "foreign": foreign}

    def pit(starter, k, foreign="no"):
        return {"starter": str(starter), "roster": "active", "B": f"3 9 49 54 56 {83 - 9 - k} "
                f"{83 - k} 100", "foreign": foreign}

    for had in (2, 3):
        cards = [(f"C{i}", "T", bat("C", "active", 20), None) for i in range(2)]
        cards += [(f"H{i}", "T", bat("SS", "active", 20, foreign="yes" if i == 0 and had == 3
                                     else "no"), None) for i in range(9)]
        cards += [("FX", "T", bat("LF", "farm", 40, foreign="yes"), None),
                  ("FN", "T", bat("LF", "farm", 25), None)]
        cards += [(f"S{i}", "T", None, pit(8, 10)) for i in range(6)]
        # the foreign relievers the best (the weakest, sent down, is one of ours)
        cards += [(f"R{i:02d}", "T", None, pit(0, 20 + i, foreign="yes" if i > 8 - had else "no"))
                  for i in range(ACTIVE_ARMS - 6 + 1)]
        out = {pid: (t, b, p) for pid, t, b, p in cards}
        called = {pid for pid, _t in _fill_active(cards, [], out, 29)}
        assert called == ({"FX"} if had == 2 else {"FN"})
        assert sum(1 for pid, (_t, b, p) in out.items() if p is not None
                   and p["roster"] == "active") == ACTIVE_ARMS


def test_a_roster_left_without_a_centre_fielder_is_mended_from_the_farm():
    """What a league file must have (every position by a different man, a catcher, five
    starters): a club whose active centre fielders all went down gets one called up."""
    import dataclasses

    from league.offseason.renewal import mend
    from league.season.roster import uncovered
    from storage.plainfiles import load_league
    lg = load_league(sample_league_path("nippon"))
    team = lg.team("EDO")
    moved = tuple(dataclasses.replace(p, roster="farm") if p.roster != "farm"
                  and p.can_play("CF") and p.pitching is None else p for p in team.players)
    broken = dataclasses.replace(lg, teams=tuple(
        dataclasses.replace(t, players=moved) if t.code == "EDO" else t for t in lg.teams))
    assert uncovered(broken.team("EDO").active) is not None
    moves = mend(broken)
    up = {pid for pid, _t, r in moves if r == "active"}
    assert up and all(broken.team("EDO").player(pid).can_play("CF") for pid in up)
    assert all(t == "EDO" for _p, t, _r in moves)


def test_a_roster_over_its_size_sends_down_the_man_it_can_best_spare():
    import dataclasses

    from league.offseason.renewal import ACTIVE_ARMS, mend
    from league.season.roster import uncovered
    from storage.plainfiles import load_league
    lg = load_league(sample_league_path("nippon"))
    team = lg.team("EDO")
    last = team.players[-1].id          # one stays on the farm: the club has a farm
    up = tuple(dataclasses.replace(p, roster="active" if p.id != last else "farm")
               for p in team.players)
    full = dataclasses.replace(lg, teams=tuple(
        dataclasses.replace(t, players=up) if t.code == "EDO" else t for t in lg.teams))
    moves = mend(full)
    assert all(t == "EDO" for _p, t, _r in moves)
    # where each man ends (the bench's check may call a man up for one it sends down)
    ends = {pid: r for pid, _t, r in moves}
    down = {pid for pid, r in ends.items() if r == "farm"}
    up = {pid for pid, r in ends.items() if r == "active"}
    left = [p for p in full.team("EDO").players
            if p.id in up or (p.roster != "farm" and p.id not in down)]
    assert len(left) == lg.active_size
    assert uncovered(left) is None
    # each side ranked on its own scale: the pitchers kept are ACTIVE_ARMS, the rest hitters
    # (by one value for both, every man sent down was a pitcher while one could be spared)
    arms = [p for p in left if p.pitching is not None]
    assert len(arms) == ACTIVE_ARMS, len(arms)


def test_a_club_thin_at_a_position_drafts_a_man_who_plays_it():
    """A club with fewer than two men for a position takes one who lists it."""
    ss = dr.Prospect("S", "s", "", "大学", 22, "2005-01-01", "IF", {"positions": "SS3;2B2"}, None,
                     2.0)
    first = dr.Prospect("F", "f", "", "大学", 22, "2005-01-01", "IF", {"positions": "1B4"}, None,
                        6.0)
    thin = dr.run_draft("lg", 2027, [ss, first], [dr.Club("A", 1, positions=("SS",))], ["A"])
    assert thin[0].prospect == "S"
    assert dr.positions_of({"positions": "C5+;1B3 LF2*"}) == {"C", "1B", "LF"}



def test_a_thin_position_once_covered_is_no_longer_a_need():
    """Issue 31's balance: one pick who plays the thin position covers it; the club's next pick
    goes by value again (a pitcher better than a second shortstop) — before, every pick of the
    draft went to the thin position and lived leagues drafted three batters to a pitcher."""
    def ss(key, value):
        return dr.Prospect(key, key, "", "大学", 22, "2005-01-01", "IF", {"positions": "SS3"},
                           None, value)
    arm = dr.Prospect("P", "p", "", "大学", 22, "2005-01-01", "SP", None, {"starter": "6"}, 6.0)
    picks = dr.run_draft("lg", 2027, [ss("S1", 2.0), ss("S2", 1.5), arm],
                         [dr.Club("A", 2, positions=("SS",))], ["A"])
    assert [p.prospect for p in picks] == ["S1", "P"]


class Lots:
    """Scripted lotteries: each draw names the winner's place among the clubs that drew."""

    def __init__(self, *wins):
        self.wins = list(wins)
        self.asked = []

    def randrange(self, n):
        self.asked.append(n)
        return self.wins.pop(0)


def test_a_lottery_goes_to_the_drawn_club_and_the_losers_name_again_as_hazure():
    """§3: a player named by several is drawn by lot; the losers name again (外れ1位) the same way
    until all have a first pick. Scripted lots: C wins K00 of A, B, C; A wins K01 of A, B;
    B's third name K02 is his alone."""
    order = ["A", "B", "C"]
    lots = Lots(2, 0)
    chosen = {"A": ["K00", "K01"], "B": ["K00", "K01", "K02"], "C": ["K00"]}
    picks = dr.run_draft("lg", 2027, _class(), [dr.Club(c, 1) for c in order], order,
                         chosen=chosen, lot=lots)
    assert [(p.team, p.prospect, p.lottery, p.hazure) for p in picks] == [
        ("C", "K00", ("A", "B", "C"), False), ("A", "K01", ("A", "B"), True),
        ("B", "K02", (), True)]
    assert lots.asked == [3, 2]


def test_the_draft_waits_for_a_person_s_club_at_its_turn_and_goes_on_when_he_names():
    """A person's club: the first round waits for its 入札 (named at once, so no first pick is
    made before it); after a lost lottery it waits for his 外れ1位; later rounds wait at its
    turn in waiver order with the picks before it made."""
    order = ["A", "B", "C"]
    clubs = [dr.Club(c, 2) for c in order]
    s = dr.advance("lg", 2027, _class(), clubs, order, people={"B"})
    assert (s.picks, s.waiting, s.round, s.over) == ((), ("B",), 1, False)
    # the computer (A, C) takes K00 first; B names K00 too and loses the lot
    s = dr.advance("lg", 2027, _class(), clubs, order, chosen={"B": ["K00"]}, people={"B"},
                   lot=Lots(0, 0))
    assert s.waiting == ("B",) and s.round == 1
    first = {p.team: p for p in s.picks}
    assert "B" not in first and first["A"].prospect == "K00"
    taken = {p.prospect for p in s.picks}
    again = next(p.key for p in _class() if p.key not in taken)
    s = dr.advance("lg", 2027, _class(), clubs, order, chosen={"B": ["K00", again]},
                   people={"B"}, lot=Lots(0, 0))
    assert s.waiting == ("B",) and s.round == 2
    b1 = next(p for p in s.picks if p.team == "B")
    assert (b1.prospect, b1.hazure) == (again, True)
    assert [p.team for p in s.picks if p.round == 2] == ["A"]       # his turn comes second
    # None: the club takes no more; the rest of the draft goes on without it
    s = dr.advance("lg", 2027, _class(), clubs, order, chosen={"B": ["K00", again, None]},
                   people={"B"}, lot=Lots(0, 0))
    assert s.over and Counter(p.team for p in s.picks) == {"A": 2, "B": 1, "C": 2}
    # replaying the same names gives the same draft
    assert s == dr.advance("lg", 2027, _class(), clubs, order,
                           chosen={"B": ["K00", again, None]}, people={"B"}, lot=Lots(0, 0))


def test_waiver_and_reverse_waiver_rounds_alternate_in_the_interleaved_order():
    """§3: from the second round the waiver order (6th of the priority league, 6th of the
    other, …), the third round reversed, alternating after that."""
    standings = [["C1", "C2", "C3"], ["P1", "P2", "P3"]]
    order = dr.waiver_order(standings, dr.priority_league("alternate", ["CL", "PL"], 2027))
    assert order == ["P3", "C3", "P2", "C2", "P1", "C1"]
    picks = dr.run_draft("lg", 2027, _class(60), [dr.Club(c, 5) for c in order], order)
    for r in (2, 4):
        assert [p.team for p in picks if p.round == r] == order
    for r in (3, 5):
        assert [p.team for p in picks if p.round == r] == order[::-1]


def test_at_most_120_picks_in_all_and_each_club_stops_at_its_wants():
    """§3: at most 120 picks (支配下) in all: twelve clubs wanting fifteen each stop at 120."""
    order = [f"T{i}" for i in range(12)]
    picks = dr.run_draft("lg", 2027, _class(300), [dr.Club(c, 15) for c in order], order)
    assert len(picks) == dr.MAX_PICKS == 120
    assert max(Counter(p.team for p in picks).values()) == 10


def test_the_ikusei_draft_follows_the_shihaika_rounds_in_the_same_order_off_the_120():
    """§3: an optional 育成 draft follows in the same order (three-digit numbers, not on the 70):
    at most `ikusei` a club, after the 支配下 picks, not counted in their limit."""
    assert dr.draft_rules({"ikusei": 2}, ["CL", "PL"]).ikusei == 2
    assert dr.draft_rules(None, ["CL", "PL"]).ikusei == 0
    order = ["A", "B", "C"]
    picks = dr.run_draft("lg", 2027, _class(), [dr.Club(c, 2) for c in order], order,
                         max_picks=5, ikusei=2)
    main = [p for p in picks if not p.ikusei]
    dev = [p for p in picks if p.ikusei]
    assert len(main) == 5 and len(dev) == 6                  # the 120 (here 5) is 支配下 only
    assert max(p.number for p in main) < min(p.number for p in dev)
    last = main[-1].round
    # the 育成 rounds go on alternating from where the 支配下 rounds stopped
    for r in sorted({p.round for p in dev}):
        seq = order if r % 2 == 0 else order[::-1]
        assert [p.team for p in dev if p.round == r] == seq and r > last
    # a person's entries go on into the 育成 draft; None ends his club's 育成 picks
    s = dr.advance("lg", 2027, _class(), [dr.Club(c, 1) for c in order], order, people={"B"},
                   chosen={"B": ["K30", None]}, ikusei=2)
    assert s.over and [p.prospect for p in s.picks if p.team == "B"] == ["K30"]
    s = dr.advance("lg", 2027, _class(), [dr.Club(c, 1) for c in order], order, people={"B"},
                   chosen={"B": ["K30"]}, ikusei=2)
    assert s.waiting == ("B",) and s.round == 2           # his first 育成 pick to name


def test_a_renewal_signs_ikusei_players_with_three_digit_numbers_off_the_70():
    """A 育成 pick joins the farm with a three-digit number and contract 育成; the next draft's
    room under roster_size does not count him."""
    from league.offseason import renewal
    where = sample_league_path("mini")
    bat = csv_rows((where / "batters.csv").read_text(encoding="utf-8"))
    pit = csv_rows((where / "pitchers.csv").read_text(encoding="utf-8"))
    byid = {}
    for r in bat:
        byid.setdefault(r["id"], [r["team"], None, None])[1] = dict(r, born="1995-05-05")
    for r in pit:
        byid.setdefault(r["id"], [r["team"], None, None])[2] = dict(r, born="1995-05-05")
    cards = [(pid, t, b, p) for pid, (t, b, p) in byid.items()]
    teams = sorted({t for _pid, t, _b, _p in cards})
    done = renewal.renew("mini", 2027, cards, {}, [teams], teams, ikusei=1)
    dev = [d for d in done.drafted if d.pick.ikusei]
    assert {d.team for d in dev} == set(teams)
    for d in dev:
        assert d.player == f"{d.team}101"
        cells = d.batting or d.pitching
        assert cells["contract"] == "育成" and cells["roster"] == "farm"
    # not on the 70: a club at its roster size still has room for its 支配下 picks
    setup = renewal.draft_setup("mini", 2027, cards + [
        (d.player, d.team, d.batting, d.pitching) for d in dev], list(done.departures),
        [teams], teams, roster_size=28)
    base = renewal.draft_setup("mini", 2027, cards, list(done.departures), [teams], teams,
                               roster_size=28)
    assert [c.wants for c in setup.clubs] == [c.wants for c in base.clubs]


def test_a_club_left_without_a_centre_fielder_converts_an_outfielder():
    """§7, rosters checked after the market: free agency, trades and the 現役ドラフト may take a
    club's last centre fielder (a lived league stopped in season ten, 'team YKH cannot field a
    center fielder (CF)'); the club converts one of its own (コンバート): the best glove of the
    outfield learns CF at the floor (CF0*), and the club can field a team again. A catcher is
    never made (his ratings are his own), and a man not among those who stayed is not touched."""
    from league.offseason.renewal import _Glove, convert
    from league.season.roster import uncovered

    def club(positions: dict[str, str]) -> dict:
        return {pid: ("AAA", {"positions": pos}, None) for pid, pos in positions.items()}

    out = club({"A01": "C3", "A02": "1B2", "A03": "2B3", "A04": "3B2", "A05": "SS3",
                "A06": "LF2", "A07": "RF3", "A08": "LF1;RF1", "A09": "1B1"})
    out["A20"] = ("AAA", None, {"starter": 6})             # a pitcher has no glove to move
    assert convert(out, ["AAA"], set(out)) == [("A07", "AAA", "CF")]
    assert out["A07"][1]["positions"] == "RF3;CF0*"
    gloves = [_Glove(pid, parse(b["positions"])) for pid, (_t, b, _p) in out.items() if b]
    assert uncovered(gloves) is None
    # only the men who stayed are converted (a newcomer's cards are stored as he came)
    out = club({"A01": "C3", "A02": "1B2", "A03": "2B3", "A04": "3B2", "A05": "SS3",
                "A06": "LF2", "A07": "RF3", "A08": "LF1;RF1"})
    assert convert(out, ["AAA"], {"A08"}) == [("A08", "AAA", "CF")]
    # no catcher: nobody is made one
    out = club({"A02": "1B2", "A03": "2B3", "A04": "3B2", "A05": "SS3", "A06": "LF2",
                "A07": "RF3", "A08": "CF1", "A09": "1B1"})
    assert convert(out, ["AAA"], set(out)) == []


def parse(text: str):
    from league.engine.cards import parse_fielding
    return parse_fielding(text, "test")


def test_a_renewal_returns_its_newcomers_as_the_roster_check_left_them():
    """§5 and §7: the foreign players signed, the drafted and the aged come back with the cards
    the roster check left them (the service stores the newcomers from them): a foreign player
    signed to the active roster and sent down for a hitter is on the farm, and no active roster
    holds more foreign players than the limit (issue 31: stored from his signing's cells, he
    stayed active beside the hitter called up in his place, 5 foreign players on one roster)."""
    from league.offseason import renewal
    from league.offseason.foreign import FOREIGN_ACTIVE, FOREIGN_SIDE
    where = sample_league_path("nippon")
    byid = {}
    for r in csv_rows((where / "batters.csv").read_text(encoding="utf-8")):
        byid.setdefault(r["id"], [r["team"], None, None])[1] = dict(r)
    for r in csv_rows((where / "pitchers.csv").read_text(encoding="utf-8")):
        byid.setdefault(r["id"], [r["team"], None, None])[2] = dict(r)
    cards = [(pid, t, b, p) for pid, (t, b, p) in byid.items()]
    teams = sorted({t for _pid, t, _b, _p in cards})
    done = renewal.renew("nippon", 2027, cards, {}, [teams[:6], teams[6:]], teams)
    for x in (*done.signed, *done.drafted, *done.aged):
        assert (x.batting, x.pitching) == done.cards[x.player][1:], x.player
    down = [f for f in done.signed if (f.batting or f.pitching)["roster"] == "farm"]
    assert down
    count = _foreign_active(done.cards)
    assert all(a + b <= FOREIGN_ACTIVE and max(a, b) <= FOREIGN_SIDE for a, b in count.values())


def test_a_few_drafted_players_refuse_to_sign_seeded():
    """§3 ("Drafted players sign (a small share refuse ...)"): each 支配下 pick refuses
    (入団拒否) with the league's chance ([draft] refusal, REFUSAL about one a year of NPB's 80-odd
    picks), drawn from the seeded stream of (league, year, prospect): the same draft gives the
    same refusals; a 育成 pick signs; a chance of 0 gives none."""
    picks = [dr.Pick(2, i, "T", f"2027-{i:03d}", ikusei=i % 5 == 0) for i in range(1, 3001)]
    no = dr.refusals("nippon", 2027, picks, dr.REFUSAL)
    assert no == dr.refusals("nippon", 2027, picks, dr.REFUSAL)
    shihaika = sum(1 for p in picks if not p.ikusei)
    assert 0.4 * dr.REFUSAL * shihaika < len(no) < 1.8 * dr.REFUSAL * shihaika
    assert not no & {p.prospect for p in picks if p.ikusei}
    assert no != dr.refusals("nippon", 2028, picks, dr.REFUSAL)
    assert dr.refusals("nippon", 2027, picks, 0.0) == set()
    assert dr.draft_rules({}, ["CL", "PL"]).refusal == dr.REFUSAL
    assert dr.draft_rules({"refusal": 0}, ["CL", "PL"]).refusal == 0.0


def _mini_cards():
    where = sample_league_path("mini")
    byid = {}
    for r in csv_rows((where / "batters.csv").read_text(encoding="utf-8")):
        byid.setdefault(r["id"], [r["team"], None, None])[1] = dict(r, born="1995-05-05")
    for r in csv_rows((where / "pitchers.csv").read_text(encoding="utf-8")):
        byid.setdefault(r["id"], [r["team"], None, None])[2] = dict(r, born="1995-05-05")
    return [(pid, t, b, p) for pid, (t, b, p) in byid.items()]


def test_a_pick_who_refuses_does_not_join_and_his_club_s_pick_is_spent():
    """§3 入団拒否 in the renewal: the man who refuses is listed with his pick and joins no
    club; every other pick signs as without refusals."""
    from league.offseason import renewal
    cards = _mini_cards()
    teams = sorted({t for _pid, t, _b, _p in cards})
    base = renewal.renew("mini", 2027, cards, {}, [teams], teams)
    done = renewal.renew("mini", 2027, cards, {}, [teams], teams, refusal=0.5)
    assert done.refused and not base.refused
    no = {pr.key for _pk, pr in done.refused}
    assert all(pk.prospect == pr.key and not pk.ikusei for pk, pr in done.refused)
    assert {d.prospect.key for d in done.drafted} == {d.prospect.key for d in base.drafted} - no
    assert not {pr.name for _pk, pr in done.refused} & {
        str((b or p or {}).get("name")) for _t, b, p in done.cards.values()}


def test_a_development_player_who_grew_is_signed_to_the_70():
    """§3's 育成 contracts: a 育成 player whose card reached his club's first-team level (worth
    at least its weakest active man of his kind) is signed to the 70 (支配下登録, contract no
    longer 育成) while the club has room; one below it stays 育成, a club at its 70 signs none,
    and a 育成 pick of this off-season's draft has had no year to grow."""
    from league.offseason.renewal import promote

    def bat(pos, roster, one_b, contract=""):
        return {"positions": f"{pos}3", "roster": roster, "BB": "5", "1B": str(one_b),
                "LG": str(one_b + 5), "HR": str(one_b + 7), "OF": "67", "G": "86", "IF": "91",
                "K": "100", "contract": contract}

    def league():
        out = {f"I{i}": ("T", bat("SS", "active", 20 + i), None) for i in range(4)}
        out["IF1"] = ("T", bat("2B", "farm", 15), None)                 # 支配下, on the farm
        out["T101"] = ("T", bat("SS", "farm", 22, "育成"), None)          # above I0 (20)
        out["T102"] = ("T", bat("3B", "farm", 18, "育成"), None)          # below it
        out["T103"] = ("T", bat("LF", "farm", 40, "育成"), None)          # no active OF: side
        return out
    out = league()
    assert promote(out, ["T"], 70) == [("T103", "T"), ("T101", "T")]
    assert out["T101"][1]["contract"] == "" and out["T101"][1]["roster"] == "farm"
    assert out["T102"][1]["contract"] == "育成"
    out = league()
    assert promote(out, ["T"], 6) == [("T103", "T")]                  # room for one: the best
    out = league()
    assert promote(out, ["T"], 5) == []                               # the 70 full
    assert out["T101"][1]["contract"] == "育成"
    out = league()                                    # T103 drafted this off-season: not yet
    assert promote(out, ["T"], 70, {"T101", "T102"}) == [("T101", "T")]


def test_an_active_roster_is_mended_to_field_every_position():
    """§7's roster check, the league file's (league.season.roster.uncovered): every position by
    a different man of the active roster. A club whose active men play no shortstop calls up the
    farm's man who does, though weaker than the farm's other hitters, and a full roster sends
    down someone else, never the one man the fielding needs (issue 31: a renewal stopped with
    "team OSK cannot field a shortstop (SS) from its active roster")."""
    from league.offseason.renewal import _fill_active
    from league.season.roster import uncovered

    cards = [("C1", "T", _bat("C", "active", 20), None), ("C2", "T", _bat("C", "active", 20), None)]
    cards += [(f"I{i}", "T", _bat(pos, "active", 30 + i), None)
              for i, pos in enumerate(("1B", "2B", "3B", "2B", "2B", "3B"))]
    cards += [(f"O{i}", "T", _bat(pos, "active", 30), None) for i, pos in enumerate(("LF", "CF", "RF"))]
    cards += [("F1", "T", _bat("SS", "farm", 10), None), ("F2", "T", _bat("3B", "farm", 40), None)]
    cards += [(f"S{i}", "T", None, _arm(8)) for i in range(5)]
    cards += [(f"R{i}", "T", None, _arm(0)) for i in range(6)]
    size = 2 + 6 + 3 + 5 + 6
    out = {pid: (t, b, p) for pid, t, b, p in cards}

    def active():
        return [pid for pid, (_t, b, p) in out.items() if (b or p)["roster"] == "active"]

    class Man:          # what the matching reads of a hitter
        def __init__(self, pid):
            from league.engine.cards import parse_fielding
            self.id, self.batting = pid, True
            self.fielding = parse_fielding(out[pid][1]["positions"], pid)

        def can_play(self, pos):
            return any(f.position == pos for f in self.fielding)

    assert uncovered([Man(x) for x in active() if out[x][1] is not None]) == "SS"
    called = _fill_active(cards, [], out, size)
    assert ("F1", "T") in called and "F2" not in active()     # the shortstop, not the better bat
    assert len(active()) == size and "F1" in active()         # the weakest, but the only SS
    assert uncovered([Man(x) for x in active() if out[x][1] is not None]) is None
    # the weakest man the fielding can spare went down: I1 (a second baseman of three), not the
    # weaker I0 (the only first baseman)
    assert "I1" not in active() and "I0" in active()


def test_a_bench_without_a_shortstop_calls_one_up_for_its_least_valuable_man():
    """§7's roster check, the bench (renewal.BENCH_COVERS): behind the line-up the cards make, a
    club's bench keeps a man for C, SS, 2B and CF — the bench NPB clubs register, and what lets
    the manager hit for a man of the middle late in a game. A bench whose shortstops went down
    for farm hitters who do not play short gets the farm's best shortstop back, for its least
    valuable bench man (not one of the line-up, not a fast man kept for the pinch runner); the
    bundled league's benches, built so, are left as they are."""
    import dataclasses

    from league.engine.values import batting_value
    from league.offseason.renewal import BENCH_COVERS, _bench, mend
    from storage.plainfiles import load_league
    lg = load_league(sample_league_path("nippon"))
    assert mend(lg) == []
    team = lg.team("EDO")
    active = {p.id: p for p in team.active}
    bench, gaps = _bench("EDO", active, lg.dh_for("EDO"))
    assert gaps == []
    short = [p for p in bench if p.can_play("SS")]
    others = [p for p in team.farm if p.pitching is None and not p.can_play("SS")
              and not p.ikusei][:len(short)]
    assert short and len(others) == len(short)
    swapped = {p.id for p in short} | {p.id for p in others}
    players = tuple(dataclasses.replace(p, roster="farm" if p.roster != "farm" else "active")
                    if p.id in swapped else p for p in team.players)
    thin = dataclasses.replace(lg, teams=tuple(
        dataclasses.replace(t, players=players) if t.code == "EDO" else t for t in lg.teams))
    edo = thin.team("EDO")
    before = {p.id: p for p in edo.active}
    lineup_bench, gaps = _bench("EDO", before, thin.dh_for("EDO"))
    assert "SS" in gaps
    moves = mend(thin)
    up = [pid for pid, t, r in moves if r == "active"]
    down = [pid for pid, t, r in moves if r == "farm"]
    assert all(t == "EDO" for _p, t, _r in moves) and len(up) == len(down) >= 1
    # the farm's best shortstop by his bat came up
    farm_short = [p for p in edo.farm if p.pitching is None and p.can_play("SS") and not p.ikusei]
    best = max(farm_short, key=lambda p: (batting_value(p.batting), p.id))
    assert up[0] == best.id
    # a bench man went down, the least valuable of those the check could spare
    assert down[0] in {p.id for p in lineup_bench}
    after = {pid: p for pid, p in before.items() if pid not in down}
    after.update({pid: edo.player(pid) for pid in up})
    assert len(after) == len(before)
    _b, left = _bench("EDO", after, thin.dh_for("EDO"))
    assert "SS" not in left and set(left) <= set(BENCH_COVERS)
