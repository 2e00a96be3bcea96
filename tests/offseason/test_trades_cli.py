"""`impact trade` (npb_offseason.md §6) on the nippon league: a person's offer answered at once
(a lopsided one refused with the reason, a fair one accepted and made: the cards move, the news
has it), the computer's proposals accepted and refused, the season's trades, one clear error for
an unknown player, the wrong club and after the deadline; then the off-season's "trades" step
(computer-to-computer trades, seeded, stored and made by the renewal)."""
import json
from datetime import date

import pytest
from typer.testing import CliRunner

from league.offseason import trades as tr
from storage import repository as repo
from tui import services as sv
from tui.cli.main import app
from tui.services.db import Work
from tui.services.offseason import life_of

from league_db import IN_SEASON_TRADES, trading_league

runner = CliRunner()


def run(*args: str, ok: bool = True):
    result = runner.invoke(app, list(args))
    if ok:
        assert result.exit_code == 0, (result.output, result.exception)
    return result


def js(*args: str):
    return json.loads(run(*args, "--json").output)


def _market(db):
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        cards = repo.base_cells(session=s, league_id=row.id, season_id=info.id)
        # the market the service answers with: its scouts keyed by the league and its seed
        key = life_of(s, row.id, row.name)
    return tr.market(key, info.year, cards)


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("trades") / "t.sqlite3")
    run("league", "new", "nip", "--from", "nippon", "--db", db)
    run("season", "new", "--seed", "5", "--db", db)
    return db


def test_a_lopsided_offer_is_refused_and_a_fair_one_is_made(league):
    """§6: the computer weighs value, age and need and accepts or refuses an offer."""
    db = league
    mk = _market(db)
    mine = sorted(mk.club("SAP"), key=lambda m: tr.worth(m, mk))
    theirs = sorted(mk.club("SEN"), key=lambda m: tr.worth(m, mk))
    worst = next(m for m in mine if m.kind == "RP")
    best = next(m for m in reversed(theirs) if m.kind == "RP")
    bad = run("trade", "offer", "--team", "SAP", "--with", "SEN", "--give", worst.player,
              "--get", best.player, "--db", db)
    assert bad.output.startswith("refused:") and "SEN refuses" in bad.output
    assert js("trade", "list", "--db", db) == []
    # a fair one: what another club would accept (its best offer to SAP, asked for by SAP)
    fair = next(c[0] for o in ("SEN", "CHB", "EDO", "FUK", "HRS", "KNZ", "NGY", "NSM", "OSK")
                if (c := tr.candidates(o, "SAP", mk)))
    other = fair.team
    got = js("trade", "offer", "--team", "SAP", "--with", other,
             *[x for p in fair.gets for x in ("--give", p)],
             *[x for p in fair.gives for x in ("--get", p)], "--db", db)
    assert got["accepted"] and got["reason"].startswith(f"{other} accepts")
    after = _market(db)
    assert all(after.men[p].team == other for p in fair.gets)
    assert all(after.men[p].team == "SAP" for p in fair.gives)
    made = js("trade", "list", "--db", db)
    assert len(made) == 1 and made[0]["team"] == "SAP" and made[0]["with"] == other
    news = sv.news(db)
    assert news[0].kind == "trade" and "SAP" in news[0].text_en


def test_clear_errors_for_unknown_players_and_the_wrong_club(league):
    db = league
    r = run("trade", "offer", "--team", "SAP", "--with", "SEN", "--give", "nobody at all",
            "--get", "SEN01", "--db", db, ok=False)
    assert r.exit_code == 2 and "no player 'nobody at all'" in r.output
    mk = _market(db)
    sen = mk.club("SEN")[0].player
    r = run("trade", "offer", "--team", "SAP", "--with", "SEN", "--give", sen, "--get", sen,
            "--db", db, ok=False)
    assert r.exit_code == 2 and f"({sen}) is not on SAP (he is on SEN)" in r.output
    r = run("trade", "offer", "--team", "XXX", "--with", "SEN", "--give", sen, "--get", sen,
            "--db", db, ok=False)
    assert r.exit_code == 2 and "no club 'XXX'" in r.output
    sap = mk.club("SAP")[0].player
    r = run("trade", "offer", "--team", "SAP", "--with", "SAP", "--give", sap, "--get", sap,
            "--db", db, ok=False)
    assert r.exit_code == 2 and "SAP cannot trade with itself" in r.output


def test_the_computer_s_proposals_accepted_and_refused(league):
    """§6: the computer proposes a few of its own; the same ones for the same day (seeded)."""
    db = league
    props = js("trade", "proposals", "--team", "EDO", "--db", db)
    assert props and props == js("trade", "proposals", "--team", "EDO", "--db", db)
    assert all(p["with"] == "EDO" for p in props)
    refused = js("trade", "refuse", "1", "--team", "EDO", "--db", db)[0]
    again = js("trade", "proposals", "--team", "EDO", "--db", db)
    assert refused["key"] not in [p["key"] for p in again]
    took = js("trade", "accept", "1", "--team", "EDO", "--db", db)[0]
    assert took["key"] == again[0]["key"] and took["accepted"]
    mk = _market(db)
    assert all(mk.men[p["player"]].team == "EDO" for p in took["gives"])
    r = run("trade", "accept", "9", "--team", "EDO", "--db", db, ok=False)
    assert r.exit_code == 2 and "no proposal 9 to EDO" in r.output


def test_no_trade_after_the_deadline_and_the_off_season_s_trades(league):
    """§6: a default league's computer clubs trade among themselves in the season ([trades]
    in_season is on by default), after the rosters settle and before 31 July; no trades from
    the end of July to the season's end; they resume in the off-season, where the computer's
    clubs trade among themselves (§7's order: after the draft)."""
    db = league
    before = js("trade", "list", "--db", db)
    run("season", "sim", "--to-end", "-q", "--db", db)
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        days = [g.day for g in repo.schedule(session=s, season_id=info.id)]
    deadline = min(days).replace(month=tr.DEADLINE[0], day=tr.DEADLINE[1])
    season = js("trade", "list", "--db", db)
    computer = [t for t in season if t["reason"] == "the computer's trade"]
    assert season[:len(before)] == before and len(season) == len(before) + len(computer)
    assert 1 <= len(computer) <= tr.TRADE_DAYS * tr.DAY_TRADES[1]
    assert all(0 <= (deadline - date.fromisoformat(t["day"])).days
               and (date.fromisoformat(t["day"]) - min(days)).days >= tr.SETTLED
               for t in computer), computer
    assert max(days) > deadline        # the season goes on after the deadline: none then
    mk = _market(db)
    a, b = mk.club("SAP")[0].player, mk.club("SEN")[0].player
    r = run("trade", "offer", "--team", "SAP", "--with", "SEN", "--give", a, "--get", b,
            "--db", db, ok=False)
    assert r.exit_code == 2 and "trade deadline (2026-07-31) has passed" in r.output
    assert js("trade", "proposals", "--team", "SAP", "--db", db) == []
    r = run("trade", "accept", "1", "--team", "SAP", "--db", db, ok=False)
    assert r.exit_code == 2 and "deadline" in r.output
    st = sv.season_status(db)
    if st.next_action == "start_postseason":
        sv.start_postseason(db)
        sv.sim_postseason(db)
    run("season", "close", "--db", db)
    took = js("trade", "accept", "1", "--team", "SAP", "--db", db)[0]   # a person's, in the off-season
    steps = js("offseason", "retire", "--db", db)
    steps = js("offseason", "draft", "--db", db)
    steps = js("offseason", "fa", "--db", db)
    steps = js("offseason", "trades", "--db", db)
    assert [s["step"] for s in steps["steps"]] == ["retire", "draft", "fa", "trades",
                                                 "active_draft", "foreign", "renew"]
    planned = steps["trades"]
    assert planned and planned == js("offseason", "status", "--db", db)["trades"]
    # each man by his id and his name, from and to (the text too, as the rest of the CLI)
    names = dict((p.id, p.name) for t in sv.season_league(db).teams for p in t.players)
    text = run("offseason", "trades", "--db", db).output
    for t in planned:
        assert [(m["player"], m["from"], m["to"]) for m in t["men"]] == \
            [(p, t["team"], t["other"]) for p in t["gives"]] + \
            [(p, t["other"], t["team"]) for p in t["gets"]]
        for m in t["men"]:
            assert m["name"] == names[m["player"]] and m["name"] != m["player"]
        assert f"  {t['team']} ⇄ {t['other']}: " + "; ".join(
            f"{m['player']} {m['name']} {m['from']}→{m['to']}" for m in t["men"]) in text
    # between `season close` and the new season: the closed season's trades, labelled, then
    # the off-season's so far — a person's made since it closed, the computer's planned
    listed = js("trade", "list", "--db", db)
    assert [(t["when"], t["season"]) for t in listed] == \
        [("season", 1)] * len(season) + [("offseason", 2)] + [("planned", 2)] * len(planned)
    assert listed[:len(season)] == season
    assert {p["player"] for p in listed[len(season)]["gives"] + listed[len(season)]["gets"]} == \
        {p["player"] for p in took["gives"] + took["gets"]}
    assert listed[len(season)]["day"] is None
    assert [(t["team"], t["with"], [p["player"] for p in t["gives"]]) for t in
            listed[len(season) + 1:]] == [(t["team"], t["other"], t["gives"]) for t in planned]
    text = run("trade", "list", "--db", db).output.splitlines()
    assert len(text) == len(listed)
    assert all(x.startswith("season 1 2026-") for x in text[:len(season)])
    assert text[len(season)].startswith("off-season before season 2: ")
    assert text[len(season)].endswith("— SAP accepts the proposal")
    assert all(x.startswith("off-season before season 2, planned: ")
               and x.endswith("— the computer's trade, made with the new season")
               for x in text[len(season) + 1:])
    assert js("trade", "list", "--season", "1", "--db", db) == listed[:len(season)]
    run("offseason", "finish", "--db", db)
    shown = js("offseason", "show", "--db", db)["trades"]
    assert len(shown) == len(planned)
    # the new season's list: its off-season's, the person's first (made first), then the
    # computer's it planned, now made; the closed season's stay its own
    now = js("trade", "list", "--db", db)
    assert [(t["when"], t["season"], t["gives"]) for t in now] == \
        [(t["when"].replace("planned", "offseason"), 2, t["gives"])
         for t in listed[len(season):]]
    assert js("trade", "list", "--season", "1", "--db", db) == listed[:len(season)]
    lg = sv.season_league(db)
    for t in planned:
        for p in t["gives"]:
            assert lg.player(p).team == t["other"]


def _in_season_league(tmp_path, extra=IN_SEASON_TRADES):
    return trading_league(tmp_path, folder="pacific", extra=extra)


@pytest.mark.slow
def test_in_a_season_the_computer_s_clubs_trade_a_few_times_before_the_deadline(tmp_path):
    """§6 and the issue ("proposes a few of its own, and keeps the deadline"): with league.toml
    [trades] in_season = true the computer's clubs trade among themselves on a few days of the
    season, drawn from the season's seed, between SETTLED days after the opening and 31 July —
    each trade a transaction of its day in the news and in `impact trade list`, the men on
    their new clubs, the limits kept; the season the same simulated at once or a few days at a
    time (the trades are made once, before the day's games)."""
    folder = _in_season_league(tmp_path)
    dbs = [str(tmp_path / f"{n}.sqlite3") for n in ("once", "pieces")]
    for db in dbs:
        sv.create_league(db, "pac", folder)
        sv.new_season(db, seed=3)
    once = sv.sim_days(dbs[0], to_end=True)
    pieces: list[str] = []
    while (r := sv.sim_days(dbs[1], days=9)).remaining:
        pieces += r.trades
    pieces += r.trades
    news = [[(n.day, n.kind, n.moves, n.note) for n in reversed(sv.news(db))] for db in dbs]
    assert news[0] == news[1]
    made = [n for n in sv.news(dbs[0]) if n.kind == "trade"]
    with Work.of(dbs[0], None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        first = min(g.day for g in repo.schedule(session=s, season_id=info.id))
    assert 1 <= len(made) <= tr.TRADE_DAYS * tr.DAY_TRADES[1]
    # nobody traded twice in a season (a man just taken is not passed on)
    moved = [pid for n in made for pid, _a, _b in n.moves]
    assert len(moved) == len(set(moved))
    # the simulation says what it traded (impact season sim, --json "trades")
    assert list(once.trades) == pieces and len(pieces) == len(made)
    for n in made:
        note = json.loads(n.note)
        assert note["computer"] and note["in_season"]
        # each man's roster before and after, kept for the day-by-day replay of the rosters
        assert set(note["rosters"]) == {pid for pid, _a, _b in n.moves}
        assert n.day is not None and (n.day - first).days >= tr.SETTLED
        assert n.day <= first.replace(month=tr.DEADLINE[0], day=tr.DEADLINE[1])
        assert n.text_en.startswith("Trade: ") and n.text_ja.startswith("トレード: ")
    listed = js("trade", "list", "--db", dbs[0])
    assert len(listed) == len(made) and all(x["reason"] == "the computer's trade"
                                            for x in listed)
    # each man on his new club (unless a later trade moved him on), the limits kept
    league = sv.season_league(dbs[0])
    last: dict[str, str] = {}
    for n in reversed(made):
        last.update({pid: dst for pid, _src, dst in n.moves})
    assert all(league.player(pid).team == dst for pid, dst in last.items())
    for team in league.teams:
        active = team.active
        assert len(team.players) <= league.roster_size and len(active) <= league.active_size
        foreign = [p for p in active if p.foreign]
        arms = sum(p.pitching is not None for p in foreign)
        assert len(foreign) <= league.foreign_active
        assert max(arms, len(foreign) - arms) <= league.foreign_side
    # the foreign limit kept on every day, the trades replayed with the roster moves
    from storage import history_store as hs
    from tui.services.lived import _foreign_days
    with Work.of(dbs[0], None).session() as s:
        kept = _foreign_days(s, info, hs.transactions(session=s, league_id=row.id),
                             league.foreign_active, league.foreign_side)
        days = [g.day for g in repo.schedule(session=s, season_id=info.id)]
    assert kept.days_over_limit == 0 and kept.played_off_roster == 0    # (pacific has no farm)
    assert kept.days_checked == (max(days) - min(days)).days + 1
    assert kept.game_days == len(set(days))
    # the standings are the same too: the same games on the same rosters
    assert [r.wins for r in sv.standings(dbs[0]).rows] == [r.wins for r in sv.standings(dbs[1]).rows]


def test_in_season_trades_are_a_league_setting_on_by_default(tmp_path):
    """[trades] in_season: on unless set false (a league that sets it false has no trade days
    in its season: the computer's clubs trade only in the off-season); a bad value or key is
    refused naming the table and the key."""
    from league.errors import LeagueError
    from tui.services.db import ServiceError
    from tui.services.trades import season_trade_days
    assert tr.trade_rules(None) == tr.trade_rules({}) == tr.TradeRules(in_season=True)
    assert not tr.trade_rules({"in_season": False}).in_season
    for extra, count in (("", tr.TRADE_DAYS), ("\n[trades]\nin_season = false\n", 0)):
        folder = _in_season_league(tmp_path / str(count), extra)
        db = str(tmp_path / f"{count}.sqlite3")
        sv.create_league(db, "pac", folder)
        sv.new_season(db, seed=3)
        with Work.of(db, None).session() as s:
            row = repo.find_league(session=s, name=None)
            info = repo.find_season(session=s, league_id=row.id)
            settings = repo.load_league(session=s, league_id=row.id).settings
            assert len(season_trade_days(s, row.name, info, settings)) == count
    for n, extra, key in ((1, "\n[trades]\nin_season = \"yes\"\n", "key in_season"),
                          (2, "\n[trades]\nseason = true\n", "unknown key 'season'")):
        folder = _in_season_league(tmp_path / str(n), extra)
        with pytest.raises((LeagueError, ServiceError), match=rf"\[trades\].*{key}"):
            sv.create_league(str(tmp_path / f"bad{n}.sqlite3"), "pac", folder)


def test_a_trade_in_season_keeps_the_league_s_own_rosters_within_their_size(tmp_path):
    """A trade in season moves the men on the season's cards and on the league's own (what the
    next season copies), whose active rosters the season's call-ups and demotions leave as
    they were: a man joins his new club's own active roster only where it has room. (Placed by
    the season's roster, SAP — two men sent down and two called up in the season, then traded
    for two active men — went to 30 on its own active roster of 29 and the trade was refused:
    'team SAP has 30 players on the active roster'; the in-season computer trades met it in a
    lived league.)"""
    from tui.services.trades import _make, _situation
    db = str(tmp_path / "own.sqlite3")
    run("league", "new", "nip", "--from", "nippon", "--db", db)
    run("season", "new", "--seed", "5", "--db", db)
    mk = _market(db)
    sap = mk.club("SAP")
    down = [m for m in sap if m.active and m.kind == "IF"][:2]
    up = [m for m in sap if not m.active and m.kind == "IF" and not m.ikusei
          and not m.foreign][:2]
    other = [m for m in mk.club("SEN") if m.active and m.kind == "IF" and not m.foreign][:2]
    for m in down:
        run("roster", "down", m.player, "--db", db)
    for m in up:
        run("roster", "up", m.player, "--db", db)

    def active(cards, team):
        return {pid for pid, t, b, p in cards if t == team
                and ((b or p or {}).get("roster") or "active") != "farm"}
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        sid = repo.find_season(session=s, league_id=row.id).id
        was = len(active(repo.base_cells(session=s, league_id=row.id), "SAP"))
        assert was == len(active(repo.base_cells(session=s, league_id=row.id, season_id=sid),
                                 "SAP")) == 28
        sit = _situation(s, None)
        _make(s, sit, tr.Trade("SAP", "SEN", tuple(m.player for m in up),
                               tuple(m.player for m in other)), {"by": "SAP"})
        s.commit()
        own = repo.base_cells(session=s, league_id=row.id)
        season = repo.base_cells(session=s, league_id=row.id, season_id=sid)
    gets = {m.player for m in other}
    assert gets <= active(season, "SAP") and len(active(season, "SAP")) == 28
    assert len(active(own, "SAP")) == 29 and len(gets & active(own, "SAP")) == 1
    assert {m.player for m in down} <= active(own, "SAP")


def test_a_man_a_trade_in_season_sends_to_the_farm_is_active_until_that_day(tmp_path):
    """§4's service counts the days on the active roster, replayed from the season's news: a
    trade in season that moves a man between the active roster and the farm (his new club's
    active roster full) counts as his demotion on its day (its note keeps his roster before and
    after). Before, only call-ups and demotions were replayed: he was on the farm all season,
    0 days."""
    from tui.services.offseason import service_of
    from tui.services.trades import _make, _situation
    db = str(tmp_path / "svc.sqlite3")
    run("league", "new", "nip", "--from", "nippon", "--db", db)
    run("season", "new", "--seed", "5", "--db", db)
    sv.sim_days(db, days=6)
    mk = _market(db)
    gives = [m.player for m in mk.club("SAP") if m.active and m.kind == "RP"]
    gets = [next(m.player for m in mk.club("SEN") if m.active and m.kind == "RP")]
    with Work.of(db, None).session() as s:
        sit = _situation(s, None)
        row = repo.find_league(session=s, name=None)
        sid = repo.find_season(session=s, league_id=row.id).id
        first = repo.schedule(session=s, season_id=sid)[0].day
        # SEN's room on its active roster, with the one it gives, and one more
        full = 29 - sum(m.active for m in sit.market.club("SEN")) + 2
        _make(s, sit, tr.Trade("SAP", "SEN", tuple(gives[:full]), tuple(gets)), {"by": "SAP"})
        s.commit()
        note = json.loads(sv.news(db, limit=1)[0].note)
        down = [p for p, (was, now) in note["rosters"].items() if (was, now) == ("active", "farm")]
        assert down, note
        days = service_of(s, row.id, row.name, 1, only=set(down))
    for pid in down:
        assert days[pid].days[-1] == (sit.day - first).days > 0


def test_a_trade_in_season_is_judged_by_the_season_s_active_roster_not_the_own_cards(tmp_path):
    """In season the games are played from the season's rosters; the league's own cards (what
    the next season copies) keep the active rosters the season began with. A club that called a
    catcher up in the season may trade away the catchers its own cards hold active: its season
    roster still fields a catcher. (The own cards were held to a catcher on their own active
    roster, and a computer trade that passed the season's check was refused there — 'team YKH
    has no catcher … on the active roster' — which stopped `impact season sim` mid-season.)
    A season roster left with no catcher is still refused."""
    from tui.services.db import ServiceError
    from tui.services.trades import _make, _situation
    db = str(tmp_path / "catchers.sqlite3")
    run("league", "new", "nip", "--from", "nippon", "--db", db)
    run("season", "new", "--seed", "5", "--db", db)
    mk = _market(db)
    sap = mk.club("SAP")
    catchers = [m for m in sap if m.active and m.kind == "C"]
    farm_c = [m for m in sap if not m.active and m.kind == "C" and not m.ikusei
              and not m.foreign]
    spare = [m for m in sap if m.active and m.kind == "IF"][0]
    sen = [m for m in mk.club("SEN") if m.active and m.kind == "IF" and not m.foreign]
    assert catchers and farm_c and len(sen) >= len(catchers)
    run("roster", "down", spare.player, "--db", db)
    run("roster", "up", farm_c[0].player, "--db", db)
    trade = tr.Trade("SAP", "SEN", tuple(m.player for m in catchers),
                     tuple(m.player for m in sen[:len(catchers)]))
    with Work.of(db, None).session() as s:
        _make(s, _situation(s, None), trade, {"by": "SAP"})
        s.commit()
        row = repo.find_league(session=s, name=None)
        sid = repo.find_season(session=s, league_id=row.id).id
        season = {pid: t for pid, t, _b, _p in
                  repo.base_cells(session=s, league_id=row.id, season_id=sid)}
    assert all(season[m.player] == "SEN" for m in catchers)
    # the called-up catcher is now the club's only one: trading him too is refused
    alone = tr.Trade("SAP", "SEN", (farm_c[0].player,), (sen[len(catchers)].player,))
    with Work.of(db, None).session() as s:
        with pytest.raises(ServiceError, match="catcher"):
            _make(s, _situation(s, None), alone, {"by": "SAP"})
        s.rollback()
