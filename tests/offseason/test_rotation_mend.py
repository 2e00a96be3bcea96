"""A renewal that leaves a club fewer than five starters mends its rotation (issue 31,
npb_offseason.md §7's roster check; league.season.roster.MIN_STARTERS).

Refusals of its picks (入団拒否, §3), retirements and the 育成 limit can leave a club with four
starters under contract; the next season could not be made ("team FUK has 4 starters"). The
renewal now moves relievers to the rotation as NPB clubs do (配置転換): the longest-outing
reliever first, then the best card, never a 育成 man; his card becomes a short starter's."""
from league.offseason.draft import card_value
from league.offseason.renewal import ROTATION, ROTATION_CELLS, ROTATION_REST, to_rotation
from tui import services as sv
from tui.services import history as sh

from season_helpers import played_and_closed, small_league

# the league of the case as found: the most refusals, a one-season 育成 contract, and no computer
# trades in the season (found before [trades] in_season was on by default; its trades make
# another history, without the case)
FOUND = ("\n[draft]\nrefusal = 0.5\nikusei = 1\nikusei_years = 1\n"
         "\n[trades]\nin_season = false\n")

# pitching row B of three relievers: a better and a worse card (draft.card_value)
GOOD = "8 14 30 36 40 60 70 100"
POOR = "3 6 50 55 60 80 88 100"


def _arm(team, starter, innings, rest="1", b=GOOD, **more):
    return (team, None, {"team": team, "starter": str(starter), "innings": innings,
                         "rest": rest, "A": b, "B": b, "C": b, "D": b, **more})


def test_a_club_short_of_starters_moves_its_long_man_to_the_rotation():
    out = {f"FUK1{i}": _arm("FUK", 7, "6", "5") for i in range(4)}            # four starters
    out |= {"FUK20": _arm("FUK", 0, "1"),                                       # one-inning man
            "FUK21": _arm("FUK", 0, "1.5", b=POOR),                             # long, poor card
            "FUK22": _arm("FUK", 0, "1.5", "2"),                                # long, good card
            "FUK30": _arm("FUK", 0, "3", contract="育成", roster="farm")}       # 育成: stays
    out |= {f"SAP1{i}": _arm("SAP", 7, "6", "5") for i in range(5)}
    out |= {"SAP20": _arm("SAP", 0, "2")}
    assert card_value(None, out["FUK22"][2]) > card_value(None, out["FUK21"][2])
    before = dict(out)
    assert to_rotation(out, ["SAP", "FUK"]) == [("FUK22", "FUK", ROTATION)]
    team, _b, card = out["FUK22"]
    assert team == "FUK" and card == dict(before["FUK22"][2], **ROTATION_CELLS,
                                          rest=str(ROTATION_REST))
    assert {k: v for k, v in out.items() if k != "FUK22"} == {
        k: v for k, v in before.items() if k != "FUK22"}     # SAP has five: nothing moves
    # two short: the two long men, the better card first
    out = {f"FUK1{i}": _arm("FUK", 7, "6", "5") for i in range(3)} | {
        "FUK21": _arm("FUK", 0, "1.5", b=POOR), "FUK22": _arm("FUK", 0, "1.5"),
        "FUK20": _arm("FUK", 0, "1")}
    assert [p for p, _t, _r in to_rotation(out, ["FUK"])] == ["FUK22", "FUK21"]


def test_the_season_after_refusals_that_took_a_rotation_can_be_made(tmp_path):
    """The case found (helper D): the small league with the most refusals and a one-season 育成
    contract, seed 3: the second renewal left FUK four starters and new_season raised
    "team FUK has 4 starters". Now a reliever moves to the rotation, in the news. (From engine
    version 4 the North league's games, without the DH, are others — the starter bats while he
    goes on pitching — and the same renewal leaves SAP four starters.)"""
    db = small_league(tmp_path, extra=FOUND)
    played_and_closed(db)
    sv.new_season(db)
    played_and_closed(db)
    third = sv.new_season(db)
    assert third.number == 3
    lg = sv.season_league(db)
    for team in lg.teams:
        assert sum(1 for p in team.players if p.pitching and p.pitching.starter > 0) >= 5
    moved = [n for n in sh.news(db) if n.season == 3 and n.text_ja.startswith("配置転換: 札幌の")]
    assert len(moved) == 1 and moved[0].text_en.startswith("To the rotation: SAP move ")
    pid = moved[0].moves[0][0]
    card = lg.player(pid).pitching
    assert card is not None and card.starter == int(ROTATION_CELLS["starter"])
    assert card.rest >= ROTATION_REST


def test_a_rotation_the_farm_cannot_fill_moves_an_active_long_man_to_it():
    """The case found (issue 31's lived nippon, `impact calibrate --lived 10 --seed 2`, on by
    default in-season trades among the history): season 9's renewal left FUK four active
    starters, its fifth under contract a foreign man on the farm with the foreign limit full;
    to_rotation counted him (five under contract), the call-up could not reach him, and the
    season could not be made ("team FUK has 4 starters (starter > 0) on the active roster").
    A 育成 starter on the farm is as far out of reach. The renewal's roster check now moves the
    active roster's long man to the rotation (配置転換) when no farm starter can come up."""
    from league.offseason.renewal import _fill_active

    def club(farm_sp):
        out = {f"FUK1{i}": _arm("FUK", 7, "6", "5") for i in range(4)}        # four starters
        out |= {"FUK20": _arm("FUK", 0, "1"),
                "FUK21": _arm("FUK", 0, "2.5", foreign="yes"),               # the long man
                "FUK29": _arm("FUK", 0, "1", roster="farm")}                 # a farm reliever
        return out | {"FUK30": _arm("FUK", 7, "6", "5", roster="farm", **farm_sp)}

    for farm_sp in ({"foreign": "yes"}, {"contract": "育成"}):
        out = club(farm_sp)
        cards = [(pid, t, b, p) for pid, (t, b, p) in out.items()]
        assert to_rotation(out, ["FUK"]) == []          # five starters under contract
        converted: list = []
        _fill_active(cards, [], out, 29, foreign_active=1, foreign_side=1, converted=converted)
        active = [pid for pid, (_t, _b, p) in out.items() if p.get("roster") != "farm"]
        starters = [pid for pid in active if int(out[pid][2]["starter"]) > 0]
        assert len(starters) == 5, farm_sp
        assert converted == [("FUK21", "FUK", ROTATION)], farm_sp
        assert out["FUK21"][2] == dict(club(farm_sp)["FUK21"][2], **ROTATION_CELLS,
                                       rest=str(ROTATION_REST))
        assert out["FUK30"][2]["roster"] == "farm"      # out of reach: he stays down
