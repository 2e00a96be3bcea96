"""A renewal leaves every club able to field a team from its active roster (npb_offseason.md
§7's roster check; league.season.roster.uncovered: the eight positions by eight different men).

The case found (issue 31's session): the small league with the most refusals and a one-season
育成 contract, seed 4. The second renewal left OSK's active roster with one man who plays
shortstop, needed at another position, and its farm only 育成 men (who may not play for the
first team); `season new` stopped: "team OSK cannot field a shortstop (SS) from its active
roster". The renewal now calls up the best farm man who plays the position, or, with none,
converts one of the active men there (コンバート, as for the whole club).

The seeded league no longer reaches the case (recentre's rounding no longer widens the cards
year by year, issue 31: the lived cards are others), so the club is made here as the renewal
left it, and the renewal's roster check (renewal._fill_active) is called on it. The news of a
conversion: test_offseason_steps (test_the_news_says_what_each_move_of_the_market_was_in_one_language)."""
from league.offseason.renewal import LEARNED, _fill_active
from league.season.roster import uncovered


def _bat(positions, roster="active", rr="5", **more):
    """A hitter's cells: his `positions` as a card writes them (a fast man, RR 5, by default)."""
    return {"positions": positions, "roster": roster, "BB": "5", "1B": "25", "LG": "30",
            "HR": "37", "OF": "67", "G": "86", "IF": "91", "K": "100", "RR": rr, **more}


def _arm(starter):
    return {"starter": str(starter), "roster": "active", "B": "3 9 49 54 56 74 83 100"}


class _Man:
    """What the league file's matching (uncovered) reads of a hitter."""

    def __init__(self, pid, cells):
        from league.engine.cards import parse_fielding
        self.id, self.batting = pid, True
        self.fielding = parse_fielding(cells["positions"], pid)

    def can_play(self, pos):
        return any(f.position == pos for f in self.fielding)


def _osk(farm_ss):
    """OSK as the second renewal left it: one active man plays shortstop (OSK04), the only
    second baseman too; a newcomer (OSK09, drafted: not movable) the best infield glove; the
    farm's shortstop `farm_ss` (a 育成 man as found) and a farm outfielder who plays no SS."""
    bats = {"OSK01": _bat("C3"), "OSK02": _bat("C2", rr="1"), "OSK03": _bat("1B2", rr="1"),
            "OSK04": _bat("2B3;SS2", rr="1"), "OSK05": _bat("3B4", rr="1"),
            "OSK09": _bat("3B5", rr="1"), "OSK06": _bat("LF3"), "OSK07": _bat("CF3"),
            "OSK08": _bat("RF3", rr="1"),
            "OSK101": _bat("SS4", roster="farm", **farm_ss), "OSK51": _bat("LF2", roster="farm")}
    out = {pid: ("OSK", b, None) for pid, b in bats.items()}
    out |= {f"OSK1{i}": ("OSK", None, _arm(8)) for i in range(5)}
    out |= {f"OSK2{i}": ("OSK", None, _arm(0)) for i in range(6)}
    return out


def _active(out):
    return [pid for pid, (_t, b, p) in out.items() if (b or p)["roster"] != "farm"]


def _fielders(out):
    return [_Man(pid, out[pid][1]) for pid in _active(out) if out[pid][1] is not None]


def test_a_renewal_that_leaves_a_position_uncovered_mends_the_active_roster():
    # the farm's shortstop a 育成 man, as found: he may not come up; an active man is converted
    out = _osk({"contract": "育成"})
    size = len(_active(out))
    assert uncovered(_fielders(out)) == "SS"
    cards = [(pid, t, b, p) for pid, (t, b, p) in out.items()]
    converted: list = []
    called = _fill_active(cards, [], out, size, movable=set(out) - {"OSK09"},
                          converted=converted)
    assert called == []
    assert uncovered(_fielders(out)) is None
    # the best infield glove of the men who may move (not the newcomer), his card the learner's
    assert converted == [("OSK05", "OSK", "SS")]
    assert out["OSK05"][1]["positions"] == "3B4;" + LEARNED.format(pos="SS")
    assert out["OSK101"][1]["roster"] == "farm" and out["OSK101"][1]["contract"] == "育成"
    assert len(_active(out)) == size
    # a farm shortstop on the 70 comes up instead, and nobody is converted
    out = _osk({})
    cards = [(pid, t, b, p) for pid, (t, b, p) in out.items()]
    converted = []
    called = _fill_active(cards, [], out, size + 1, movable=set(out) - {"OSK09"},
                          converted=converted)
    assert called == [("OSK101", "OSK")] and converted == []
    assert uncovered(_fielders(out)) is None
