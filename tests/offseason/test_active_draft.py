"""The 現役ドラフト (npb_offseason.md §6: "since 2022, December: each club offers two or more
players from its roster and each takes one from another club"): league.offseason.active_draft
on a made market of six clubs, seeded by (league, year)."""
import random

from league.offseason import active_draft as ad
from league.offseason import trades as tr

KINDS = {"C": 3, "IF": 9, "OF": 7, "SP": 9, "RP": 12}
TEAMS = ["A", "B", "C", "D", "E", "F"]


def _club(team, rng, *, foreign=2):
    men = []
    for kind, n in KINDS.items():
        for i in range(n):
            pitcher = kind in ("SP", "RP")
            men.append(tr.Man(f"{team}{kind}{i}", f"{team} {kind} {i}", team, kind,
                              rng.randint(20, 36), (29.0 if pitcher else 33.0)
                              + rng.uniform(-3, 3), pitcher, active=i < n // 2 + 1))
    for k in range(foreign):      # foreigners: weak cards, never listed all the same
        men.append(tr.Man(f"{team}F{k}", f"{team} foreign {k}", team, "RP", 30, 26.0, True,
                          foreign=True, active=True))
    men.append(tr.Man(f"{team}I0", f"{team} ikusei", team, "OF", 19, 25.0, False,
                      active=False, ikusei=True))
    return men


def _market(year=2027):
    rng = random.Random(7)
    return tr.market_of("lg", year, [m for t in TEAMS for m in _club(t, rng)])


def test_every_club_loses_one_and_takes_one_from_another_club():
    """§6: each club offers two (LISTED) and each takes one from another club; kept simple:
    every club takes exactly one and loses exactly one, never its own."""
    mk = _market()
    order = list(reversed(TEAMS))            # the reverse of last season's standings
    plan = ad.active_draft(mk, order)
    assert [p.team for p in plan.picks] == order
    assert sorted(p.source for p in plan.picks) == sorted(TEAMS)
    for p in plan.picks:
        assert p.team != p.source and mk.men[p.player].team == p.source
        assert p.player in dict(plan.listed)[p.source]
    assert all(len(pids) == ad.LISTED for _c, pids in plan.listed)


def test_nobody_listed_is_among_his_club_s_best_a_foreigner_or_a_newcomer():
    """§6: a club lists men it can spare: none of its PROTECTED best by the trades' measure,
    no foreign or 育成 player, none who just joined it (`exclude`)."""
    mk = _market()
    newcomer = "BIF8"
    plan = ad.active_draft(mk, TEAMS, exclude=[newcomer])
    for club, pids in plan.listed:
        top = ad.best(club, mk)
        for pid in pids:
            m = mk.men[pid]
            assert pid not in top and not m.foreign and not m.ikusei and pid != newcomer
            assert tr.worth(m, mk) <= tr.worth(mk.men[top[-1]], mk)


def test_the_draft_is_reproducible_from_the_season_s_seed():
    """§6, §7: the same league and year give the same lists and picks; another year others."""
    assert ad.active_draft(_market(), TEAMS) == ad.active_draft(_market(), TEAMS)
    years = {ad.active_draft(_market(y), TEAMS).listed for y in range(2027, 2032)}
    assert len(years) > 1
    plan = ad.active_draft(_market(), TEAMS)
    assert ad.ActiveDraft.of(plan.as_dict()) == plan


def test_the_limits_are_kept():
    """§6 with §5 and the trades' limits: every club ends with as many under contract as it had
    and no kind below LEAST; the foreign players stay where they were."""
    mk = _market()
    plan = ad.active_draft(mk, TEAMS)
    after = dict(mk.men)
    for p in plan.picks:
        m = after[p.player]
        after[p.player] = tr.Man(m.player, m.name, p.team, m.kind, m.age, m.value, m.pitcher,
                                 m.foreign, False, m.ikusei)
    for club in TEAMS:
        before = [m for m in mk.men.values() if m.team == club]
        now = [m for m in after.values() if m.team == club]
        assert len(now) == len(before)
        assert {m.player for m in now if m.foreign} == {m.player for m in before if m.foreign}
        for kind, least in tr.LEAST.items():
            assert sum(m.kind == kind and not m.ikusei for m in now) >= least


def test_the_last_club_always_has_another_s_man_to_take():
    """§6: whatever the order, the last club to pick is never left with only its own list."""
    mk = _market()
    for seed in range(20):
        order = TEAMS[:]
        random.Random(seed).shuffle(order)
        plan = ad.active_draft(mk, order)
        assert len(plan.picks) == len(TEAMS)
        assert sorted(p.source for p in plan.picks) == sorted(TEAMS)
