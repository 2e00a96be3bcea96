"""Trades in a shared league (issue 32, npb_offseason.md §6), on the real PostgreSQL server: a
manager offers and answers only for his own club, through the database's rules — his offer (or
his acceptance of a computer's proposal) is a `league_trade_offer` row of his club that the
commissioner's program answers by the computer's measure — and the attacks a manager with
`psql` could make are refused by PostgreSQL itself, every table as it was
(tests/pg_league.attack): trading another club's players (an offer for it, its cards moved by
hand, a trade written in the news), accepting a proposal made to another club, an offer of a
player not on his club, an offer after the deadline, an offer's answer rewritten."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.offseason import trades as tr
from storage import repository as repo
from tui import services as sv
from tui.services.db import Work
from tui.services.offseason import life_of

from pg_league import PG_URL, League, attack, shared_league
from pg_league import services_closed as services_closed  # the fixture, for this module

pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    with shared_league("pacific", a="SAP", b="SEN", games_per_opponent=1) as league:
        yield league


def _market(lg: League) -> tr.Market:
    with Work.of(lg.url(lg.commissioner), None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        cards = repo.base_cells(session=s, league_id=row.id, season_id=info.id)
        # as the service's: its scouts keyed by the league and its first season's seed
        return tr.market(life_of(s, row.id, row.name), info.year, cards)


def _offer(team: str, other: str, gives: str, gets: str, state: str = "offered") -> str:
    return ("insert into league_trade_offer(league_id, team, other, gives, gets, state, answer, "
            f"made_by) select id, '{team}', '{other}', '{gives}', '{gets}', '{state}', '', "
            "current_user from league_league")


def test_a_manager_trades_only_his_own_club_s_players(lg):
    mk = _market(lg)
    sap, sen = mk.club("SAP")[0].player, mk.club("SEN")[0].player
    # A offers for B's club: refused by the program and by the database
    with pytest.raises(sv.ServiceError, match="only SEN's manager or the commissioner"):
        sv.trade_offer(lg.url(lg.a), team="SEN", other="SAP", give=[sen], get=[sap])
    err = attack(lg, lg.a, (_offer("SEN", "SAP", sen, sap),))
    assert "row-level security" in str(err)
    # his club with itself, by hand: the database refuses in the rule's own words
    # (league.offseason.trades.with_itself, as the program's)
    err = attack(lg, lg.a, (_offer("SAP", "SAP", sap, mk.club("SAP")[1].player),))
    assert tr.with_itself("SAP", "SAP") in str(err)
    # B's player offered as A's own
    err = attack(lg, lg.a, (_offer("SAP", "SEN", sen, sap),))
    assert f"{sen} is not on SAP (he is on SEN)" in str(err)
    # B's players moved by hand (their cards), or a trade written in the news by hand
    err = attack(lg, lg.a, ("update league_card set team = 'SAP' where team = 'SEN'",))
    assert "permission denied" in str(err)
    err = attack(lg, lg.a, ("insert into league_transaction(league_id, kind, moves, note) "
                            f"select id, 'trade', '[[\"{sen}\",\"SEN\",\"SAP\"]]', '' "
                            "from league_league",))
    assert "permission denied" in str(err)


def test_a_manager_s_offer_is_answered_by_the_commissioner_s_program(lg):
    mk = _market(lg)
    fair = next(c[0] for o in ("SEN", "CHB", "HRS", "NSM", "FUK", "OSK")
                if (c := tr.candidates(o, "SAP", mk)))
    v = sv.trade_offer(lg.url(lg.a), team="SAP", other=fair.team, give=list(fair.gets),
                       get=list(fair.gives))
    assert not v.accepted and "commissioner" in v.reason
    assert v.state == "offered" and v.as_dict()["state"] == "offered"
    # the row is signed and offered whatever the manager writes: he cannot answer it himself
    err = attack(lg, lg.a, ("update league_trade_offer set state = 'accepted'",))
    assert "permission denied" in str(err)
    answered = sv.trade_answer(lg.url(lg.commissioner))
    assert len(answered) == 1 and answered[0].accepted, answered
    after = _market(lg)
    assert all(after.men[p].team == "SAP" for p in fair.gives)
    assert sv.trade_list(lg.url(lg.a))[-1].team == "SAP"


def test_accepting_a_proposal_made_to_another_club_is_refused(lg):
    props = sv.trade_proposals(lg.url(lg.a), team="SEN")      # anyone may read them
    assert props
    with pytest.raises(sv.ServiceError, match="only SEN's manager or the commissioner"):
        sv.trade_accept(lg.url(lg.a), team="SEN", number=1)
    t = props[0]
    err = attack(lg, lg.a, (_offer("SEN", t.team, ",".join(p for p, _n in t.gets),
                                   ",".join(p for p, _n in t.gives)),))
    assert "row-level security" in str(err)
    # his own club's proposal he may accept: an offer the commissioner's program makes
    mine = sv.trade_proposals(lg.url(lg.a), team="SAP")
    if mine:
        v = sv.trade_accept(lg.url(lg.a), team="SAP", number=1)
        assert "commissioner" in v.reason


def test_a_manager_s_offer_is_answered_when_the_commissioner_simulates(lg):
    """A shared league's offer waits no longer than the league's next simulated day: the
    commissioner's `impact season sim` answers the managers' offers first (as `impact trade
    answer` does), each made or refused by the computer's measure, the answer on the offer."""
    from storage import trade_store as ts
    mk = _market(lg)        # B's club (SEN): A's has had its trade above
    fair = next(c[0] for o in ("SAP", "CHB", "HRS", "NSM", "FUK", "OSK")
                if (c := tr.candidates(o, "SEN", mk)))
    v = sv.trade_offer(lg.url(lg.b), team="SEN", other=fair.team, give=list(fair.gets),
                       get=list(fair.gives))
    assert v.state == "offered"
    made = len(sv.trade_list(lg.url(lg.a)))
    report = sv.sim_days(lg.url(lg.commissioner), days=1)
    assert report.trades == (tr.Trade("SEN", fair.team, fair.gets, fair.gives).key(),)
    with Work.of(lg.url(lg.commissioner), None).session() as s:
        row = repo.find_league(session=s, name=None)
        assert not ts.offers(session=s, league_id=row.id, state=ts.OFFERED)
    assert len(sv.trade_list(lg.url(lg.a))) == made + 1
    after = _market(lg)
    assert all(after.men[p].team == "SEN" for p in fair.gives)


def test_no_offer_after_the_deadline_even_by_hand(lg):
    mk = _market(lg)
    sap, sen = mk.club("SAP")[0].player, mk.club("SEN")[0].player
    # the season's games left moved to August (the owner's setup, not the attack)
    import psycopg
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        conn.execute("update season_schedule set day = make_date(extract(year from day)::int, "
                     "8, 1) + (day - (select min(day) from season_schedule)) "
                     "where status <> 'final'")
        conn.commit()
    with pytest.raises(sv.ServiceError, match="deadline"):
        sv.trade_offer(lg.url(lg.a), team="SAP", other="SEN", give=[sap], get=[sen])
    err = attack(lg, lg.a, (_offer("SAP", "SEN", sap, sen),))
    assert "trade deadline" in str(err) and "has passed" in str(err)


def test_in_season_computer_trades_leave_the_managers_clubs_alone():
    """[trades] in_season in a shared league: the computer's clubs trade among themselves on the
    season's trade days when the commissioner simulates, never with a club a manager runs."""
    import json

    import psycopg
    with shared_league("pacific", a="SAP", b="SEN", games_per_opponent=8) as league:
        with psycopg.connect(league.conninfo(league.owner)) as conn:   # the league file's setting
            (raw,) = conn.execute("select settings from league_league").fetchone()
            conn.execute("update league_league set settings = %s",
                         (json.dumps({**json.loads(raw), "trades": {"in_season": True}}),))
            conn.commit()
        sv.sim_days(league.url(league.commissioner), to_end=True)
        made = [n for n in sv.news(league.url(league.a)) if n.kind == "trade"]
        assert made and all(json.loads(n.note)["in_season"] for n in made)
        assert not {"SAP", "SEN"} & {c for n in made for _p, a, b in n.moves for c in (a, b)}
        sv.close_all()
