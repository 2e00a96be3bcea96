"""A renewal leaves every club able to field a team from its active roster (npb_offseason.md
§7's roster check; league.season.roster.uncovered: the eight positions by eight different men).

The case found (issue 31's session): the small league with the most refusals and a one-season
育成 contract, seed 4. The second renewal left OSK's active roster with one man who plays
shortstop, needed at another position, and its farm only 育成 men (who may not play for the
first team); `season new` stopped: "team OSK cannot field a shortstop (SS) from its active
roster". The renewal now calls up the best farm man who plays the position, or, with none,
converts one of the active men there (コンバート, as for the whole club)."""
from tui import services as sv
from tui.services import history as sh

from season_helpers import played_and_closed, small_league

# the league of the case as found: the most refusals, a one-season 育成 contract, and no computer
# trades in the season (found before [trades] in_season was on by default; its trades make
# another history, without the case)
FOUND = ("\n[draft]\nrefusal = 0.5\nikusei = 1\nikusei_years = 1\n"
         "\n[trades]\nin_season = false\n")


def test_a_renewal_that_leaves_a_position_uncovered_mends_the_active_roster(tmp_path):
    from league.season.roster import uncovered

    db = small_league(tmp_path, extra=FOUND, seed=4)
    played_and_closed(db)
    sv.new_season(db)
    played_and_closed(db)
    third = sv.new_season(db)              # stopped here: OSK could not field a shortstop
    assert third.number == 3
    lg = sv.season_league(db)
    for team in lg.teams:
        active = [p for p in team.players if p.roster != "farm"]
        assert uncovered(active) is None, team.code
    # the mend is news, as every conversion of the renewal is
    news = [n for n in sh.news(db) if n.season == 3 and n.text_en.startswith("Converted: OSK")
            and n.text_en.endswith(" to SS")]
    assert len(news) == 1 and news[0].text_ja.startswith("コンバート: 大阪の")
    assert news[0].text_ja.endswith("が遊撃へ")
    man = news[0].moves[0][0]
    osk = lg.team("OSK")
    assert osk is not None and osk.player(man).roster != "farm"
    assert osk.player(man).can_play("SS")
