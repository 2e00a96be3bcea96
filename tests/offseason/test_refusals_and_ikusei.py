"""npb_offseason.md §3, two of its contract rules (issue 31):

- "Drafted players sign (a small share refuse and re-enter a later class)": a 支配下 pick refuses
  (入団拒否) with the league's chance ([draft] refusal), his club's pick is spent, and he comes
  back in a later class with his age moved on — a high-school player after four years at
  university (as 大学), a university player after two at a company team, a company-team player
  after two, an independent-league player after one (league.offseason.draft.returning) — kept
  in the league's database from one off-season to the next (league_amateur, migration 0026).
- The 育成 contract lasts at most three seasons ([draft] ikusei_years): a 育成 player not signed
  to the 70 by then is released (自由契約) or signed again as 育成 by his club, which it does for
  the young still growing (league.offseason.renewal.expire).

Rule tests use scripted dice (the `roll` / `gauss` of the rules); the services' tests go through
a stored league and the command line."""
from __future__ import annotations

import dataclasses
import json
import shutil

import pytest
import sqlalchemy as sa

from league.offseason import draft as dr
from league.offseason import renewal
from league.offseason.aging import Aged, Change
from league.offseason.people import season_age
from storage.mappers import csv_rows
from storage.plainfiles import sample_league_path
from tui import services as sv

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)
from season_helpers import WEAK_BATTER, mini_with_ikusei, played_and_closed


def _mini_cards(born="1995-05-05"):
    where = sample_league_path("mini")
    byid: dict[str, list] = {}
    for r in csv_rows((where / "batters.csv").read_text(encoding="utf-8")):
        byid.setdefault(r["id"], [r["team"], None, None])[1] = dict(r, born=born)
    for r in csv_rows((where / "pitchers.csv").read_text(encoding="utf-8")):
        byid.setdefault(r["id"], [r["team"], None, None])[2] = dict(r, born=born)
    return [(pid, t, b, p) for pid, (t, b, p) in byid.items()]


def _class(year=2027, size=60, returning=()):
    cards = _mini_cards()
    templates = [(b, p) for _pid, _t, b, p in cards]
    names = [((b or p)["name"], (b or p).get("name_en", "")) for _pid, _t, b, p in cards]
    return dr.make_class("mini", year, size, templates, names, set(), returning)


def _one(school):
    return next(p for p in _class() if p.school == school)


def _worth(p):
    return dr.card_value(p.batting if p.pitching is None else None, p.pitching)


# --- 入団拒否 (§3) -----------------------------------------------------------------------------


def test_a_pick_refuses_by_the_dice_and_a_development_pick_always_signs():
    """§3: each 支配下 pick refuses with the league's chance (the seeded stream; here scripted
    dice): a roll under the chance refuses; a 育成 pick signs whatever the roll; a chance of 0
    (the setting off) gives nobody, even on a roll of 0."""
    picks = [dr.Pick(1, 1, "A", "2027-001"), dr.Pick(1, 2, "B", "2027-002"),
             dr.Pick(6, 3, "A", "2027-003", ikusei=True)]
    rolls = {"2027-001": 0.005, "2027-002": 0.5, "2027-003": 0.0}
    assert dr.refusals("lg", 2027, picks, 0.01, lambda p: rolls[p.prospect]) == {"2027-001"}
    assert dr.refusals("lg", 2027, picks, 0.0, lambda p: 0.0) == set()
    assert dr.draft_rules({"refusal": 0}, ["CL", "PL"]).refusal == 0.0
    assert dr.draft_rules(None, ["CL", "PL"]).refusal == dr.REFUSAL == 0.01


@pytest.mark.parametrize("school, now, years", [("高校", "大学", 4), ("大学", "社会人", 2),
                                                ("社会人", "社会人", 2), ("独立", "独立", 1)])
def test_a_man_who_refused_comes_back_years_later_at_his_age_and_new_school(school, now, years):
    """§3 re-entry: a high-school player comes back after four years at university as 大学, a
    university player after two at a company team as 社会人, a company-team player after two, an
    independent-league player after one; his age is his birth date's in that year, his key,
    name and birth date his own, the draft and club he refused kept. His years away close the
    distance to the league his new school's readiness says (the spread scripted to nothing):
    a high-school player comes back a better player by about 8.5 rolls."""
    man = _one(school)
    back, again = dr.returning("mini", 2027, man, "KYO", gauss=lambda: 0.0)
    assert back == 2027 + years and again.school == now
    assert again.age == man.age + years == season_age(
        __import__("datetime").date.fromisoformat(man.born), back)
    assert (again.key, again.name, again.born) == (man.key, man.name, man.born)
    assert (again.refused_year, again.refused_team) == (2027, "KYO")
    gain = _worth(again) - _worth(man)
    if school == "高校":
        assert gain > 4.0
    elif school == "大学":
        assert gain > 0.0
    # the spread is seeded: the same man, draft and league give the same player
    assert dr.returning("mini", 2027, man, "KYO") == dr.returning("mini", 2027, man, "KYO")


def test_a_man_who_refused_joins_the_class_of_his_year_and_changes_no_one_else():
    """§3: he re-enters the class of the year he may be drafted again, not before (his name kept
    for him meanwhile: no newcomer is named like him), valued on the class's own scale; the men
    made for the class are the same with or without him."""
    man = _one("高校")
    back, again = dr.returning("mini", 2027, man, "KYO", gauss=lambda: 0.0)
    cards = _mini_cards()
    teams = sorted({t for _pid, t, _b, _p in cards})
    gone = renewal.leaving("mini", back, cards, {})
    early = renewal.draft_setup("mini", back - 1, cards, gone, [teams], teams,
                                amateurs=[(back, again)])
    assert early is not None and man.key not in {p.key for p in early.prospects}
    assert man.name not in {p.name for p in early.prospects}
    due = renewal.draft_setup("mini", back, cards, gone, [teams], teams, amateurs=[(back, again)])
    plain = renewal.draft_setup("mini", back, cards, gone, [teams], teams)
    assert due is not None and plain is not None
    came = [p for p in due.prospects if p.key == man.key]
    assert len(came) == 1 and (came[0].school, came[0].refused_year) == ("大学", 2027)
    assert [p for p in due.prospects if p.key != man.key] == list(plain.prospects)


def test_a_refusing_pick_is_spent_and_the_man_is_kept_for_the_class_he_comes_back_in():
    """§3 in the renewal: the man who refuses joins no club and his club gets no player for the
    pick (NPB gives no other); the renewal hands him back with the year of the class he may
    join, and in that year's renewal he is in the class (`entered`: he is kept no longer). The
    setting off ([draft] refusal = 0): every pick signs and nobody is kept."""
    cards = _mini_cards()
    teams = sorted({t for _pid, t, _b, _p in cards})
    off = renewal.renew("mini", 2027, cards, {}, [teams], teams, refusal=0.0)
    assert not off.refused and not off.amateurs
    done = renewal.renew("mini", 2027, cards, {}, [teams], teams, refusal=0.5)
    assert done.refused
    spent = {pk.number for pk, _pr in done.refused}
    assert not spent & {d.pick.number for d in done.drafted}
    picks = len(done.drafted) + len(done.refused)
    assert {d.pick.number for d in done.drafted} | spent == set(range(1, picks + 1))
    assert [pr.key for _y, pr in done.amateurs] == [pr.key for _pk, pr in done.refused]
    for (pk, pr), (year, again) in zip(done.refused, done.amateurs):
        assert year == 2027 + dr.RETURN[pr.school][1]
        assert (again.refused_team, again.refused_year) == (pk.team, 2027)
        assert again.age == pr.age + dr.RETURN[pr.school][1]
    year, again = done.amateurs[0]
    later = renewal.renew("mini", year, cards, {}, [teams], teams, amateurs=done.amateurs)
    assert again.key in later.entered
    assert not set(later.entered) - {pr.key for _y, pr in done.amateurs if _y <= year}


def test_the_club_a_man_refused_does_not_name_him_again_and_the_others_may():
    """§3 is silent on a man who refused coming back to the club he refused; NPB lets the club
    name him again and a refused club seldom tries, so the computer never does: with the man
    who refused A the best of the class by far, A's computer names another (in the first round
    and later), B's takes him — and a person's A may name him."""
    cls = list(_class(size=12))
    best = max(cls, key=lambda p: p.value)
    star = dataclasses.replace(best, value=best.value + 50.0, refused_year=2026,
                               refused_team="A")
    cls = [star if p.key == best.key else p for p in cls]
    for order in (["A", "B"], ["B", "A"]):
        picks = dr.run_draft("mini", 2027, cls, [dr.Club("A", 3), dr.Club("B", 1)], order)
        assert [p.team for p in picks if p.prospect == star.key] == ["B"]
        assert sum(1 for p in picks if p.team == "A") == 3
    alone = dr.run_draft("mini", 2027, [star], [dr.Club("A", 1)], ["A"])
    assert alone == []                      # nobody else left: A stops
    mine = dr.run_draft("mini", 2027, cls, [dr.Club("A", 1), dr.Club("B", 1)], ["A", "B"],
                        chosen={"A": [star.key]})
    assert [(p.team, p.prospect) for p in mine if p.round == 1 and p.team == "A"] == [
        ("A", star.key)]


# --- the 育成 contract's limit (§3) --------------------------------------------------------------


def test_the_chance_to_be_signed_again_falls_with_age_and_rises_with_growth():
    """§3: clubs sign again the young still growing: the chance falls with age (none from 28)
    and moves up with a change (変化) for the better, down with one for the worse."""
    c = renewal.resign_chance
    assert c(21, 0.0) > c(23, 0.0) > c(25, 0.0) > c(27, 0.0) > c(28, 0.0) == 0.0
    assert c(23, 1.5) > c(23, 0.0) > c(23, -1.5)
    assert c(30, 5.0) == 0.0 and c(19, 9.0) <= 0.95


def test_a_development_player_at_the_limit_is_released_or_signed_again_by_the_dice():
    """§3: each 育成 player at his contract's limit is signed again as 育成 when the roll (the
    seeded stream; here scripted) is under his chance, else released (自由契約, reason ikusei)."""
    due = [("T101", "T", 21, 1.0), ("T102", "T", 24, -0.5), ("T103", "T", 22, 0.0)]
    rolls = {"T101": 0.9, "T102": 0.2, "T103": 0.7}
    released, kept = renewal.expire("lg", 2027, due, lambda pid: rolls[pid])
    assert kept == [("T101", "T")]                           # 0.9 < 0.95
    assert [(d.player, d.kind, d.reason, d.age) for d in released] == [
        ("T102", renewal.RELEASE, renewal.IKUSEI_EXPIRED, 24),   # 0.2 >= 0.3 - 0.15
        ("T103", renewal.RELEASE, renewal.IKUSEI_EXPIRED, 22)]   # 0.7 >= 0.6


def _aged(pid, team, value=0.0):
    return Aged(pid, team, None, None, Change(pid, 20, (("1B", value),) if value else ()))


def test_the_limit_counts_the_seasons_on_the_contract_and_spares_the_promoted():
    """§3: a 育成 player is at the limit once he has played its seasons on his contract (three:
    since 2024, at the renewal before 2027); one signed later is not, nor one signed to the 70
    (contract no longer 育成), nor one drafted this off-season (no year on it yet)."""
    cell = {"born": "2005-05-05", "roster": "farm", "positions": "SS3"}
    out = {"T101": ("T", dict(cell, contract="育成"), None),      # since 2024: three seasons
           "T102": ("T", dict(cell, contract="育成"), None),      # since 2025: two
           "T103": ("T", dict(cell, contract=""), None),          # promoted this renewal
           "T104": ("T", dict(cell, contract="育成"), None)}      # drafted now: not aged
    since = {"T101": 2024, "T102": 2025, "T103": 2024, "T104": 2027}
    aged = [_aged("T101", "T", 1.2), _aged("T102", "T"), _aged("T103", "T")]
    assert renewal.at_limit(2027, out, aged, 3, since) == [("T101", "T", 21, 1.2)]
    assert renewal.at_limit(2027, out, aged, 2, since) == [("T101", "T", 21, 1.2),
                                                           ("T102", "T", 21, 0.0)]
    assert dr.draft_rules(None, ["CL"]).ikusei_years == dr.IKUSEI_YEARS == 3
    assert dr.draft_rules({"ikusei_years": 0}, ["CL"]).ikusei_years == 0


@pytest.mark.parametrize("raw, msg", [({"ikusei_years": -1}, "ikusei_years: -1"),
                                      ({"ikusei_years": 11}, "ikusei_years: 11"),
                                      ({"ikusei_years": "3"}, "ikusei_years: '3'"),
                                      ({"ikusei_years": True}, "ikusei_years: True")])
def test_a_bad_limit_is_refused_naming_the_key(raw, msg):
    from league.errors import LeagueError
    with pytest.raises(LeagueError, match=msg):
        dr.draft_rules(raw, ["CL"])


def _with_ikusei(cards):
    """The mini cards with three 育成 players of KYO on the farm: a 30-year-old (never signed
    again: he goes), a star (his card the club's best: signed to the 70 instead) and a young one
    a season on his contract."""
    bats = [(pid, t, b, p) for pid, t, b, p in cards if t == "KYO" and p is None]
    star = max(bats, key=lambda c: dr.card_value(c[2], None))[2]
    # far below any man of the club: a walk, two singles and no power in a hundred rolls
    weak = dict(bats[0][2], BB="1", **{"1B": "3", "LG": "-", "HR": "-", "OF": "50", "G": "80",
                                      "IF": "90", "K": "100"})
    extra = [("KYO101", "KYO", dict(weak, id="KYO101", name="育成 一郎", born="1996-06-06",
                                    roster="farm", contract="育成"), None),
             ("KYO102", "KYO", dict(star, id="KYO102", name="育成 二郎", born="2004-06-06",
                                    roster="farm", contract="育成"), None),
             ("KYO103", "KYO", dict(weak, id="KYO103", name="育成 三郎", born="2007-06-06",
                                    roster="farm", contract="育成"), None)]
    return [*cards, *extra]


def test_the_renewal_lets_go_at_the_limit_and_the_promoted_are_unaffected():
    """§3 in the renewal: the 30-year-old three seasons on his 育成 contract is released
    (自由契約: a departure, reason ikusei, in no club's cards); the star three seasons on it is
    signed to the 70 first (支配下登録) and the limit does not touch him; the young one, a
    season on it, stays. With the limit off (0) nobody goes for it."""
    cards = _with_ikusei(_mini_cards())
    teams = sorted({t for _pid, t, _b, _p in cards})
    since = {"KYO101": 2024, "KYO102": 2024, "KYO103": 2026}
    done = renewal.renew("mini", 2027, cards, {}, [teams], teams, roster_size=60,
                         ikusei_years=3, ikusei_since=since)
    gone = {d.player: d for d in done.departures}
    assert gone["KYO101"].reason == renewal.IKUSEI_EXPIRED and "KYO101" not in done.cards
    assert ("KYO102", "KYO") in done.promoted and "KYO102" not in gone
    assert not renewal.ikusei(*done.cards["KYO102"][1:])
    assert "KYO103" not in gone and renewal.ikusei(*done.cards["KYO103"][1:])
    assert not done.resigned
    assert "KYO101" not in {a.player for a in done.aged}
    off = renewal.renew("mini", 2027, cards, {}, [teams], teams, roster_size=60,
                        ikusei_years=0, ikusei_since=since)
    assert not any(d.reason == renewal.IKUSEI_EXPIRED for d in off.departures)


# --- through the services, the command line and the database ------------------------------------


def _league(tmp_path, extra):
    folder = tmp_path / "mini"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "\n[draft]\n" + extra, encoding="utf-8")
    return folder


def _amateurs(db):
    engine = sv.engine_for(db)
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(sa.text(
            "select key, year, refused, team from league_amateur order by key"))]


def test_a_refusal_is_stored_named_and_the_man_comes_back_in_a_later_class(tmp_path):
    """§3 through the services: with [draft] refusal = 0.5 the renewal's refusals are in the
    news with the class each comes back in, in `impact offseason show` and its --json
    (`returns`, `returns_as`), and kept in the database (league_amateur); in the off-season of
    that year he is in the class (`impact offseason status --json` lists him with the draft and
    club he refused), and once the class is made he is kept no longer."""
    from typer.testing import CliRunner

    from tui.cli.main import app
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", _league(tmp_path, "refusal = 0.5\n"))
    sv.new_season(db, seed=3)
    nxt = sv.new_season(played_and_closed(db))
    view = sv.offseason(db)
    no = [p for p in view.picks if p.refused]
    assert no
    kept = _amateurs(db)
    assert len(kept) == len(no)
    for p in no:
        assert p.returns == nxt.year + dr.RETURN[p.school][1]
        assert p.returns_as == dr.RETURN[p.school][0]
        assert (p.returns, nxt.year, p.team) in {(y, r, t) for _k, y, r, t in kept}
    shown = json.loads(CliRunner().invoke(app, ["--db", db, "offseason", "show", "--json"])
                       .output)
    assert [(p["name"], p["returns"]) for p in shown["draft"] if p["refused"]] == [
        (p.name, p.returns) for p in no]
    text = CliRunner().invoke(app, ["--db", db, "offseason", "show"]).output
    assert f"入団拒否 refused to sign, back in the {no[0].returns} class" in text
    news = [n for n in sv.news(db) if n.text_en.startswith("Refused: ")]
    assert len(news) == len(no) and all("class from" in n.text_en for n in news)
    assert all("再び指名対象" in n.text_ja for n in news)
    # the first man due comes back next year (his year set back: the rule's years are tested
    # above), into the class of the next off-season
    key = min(kept)[0]
    engine = sv.engine_for(db)
    with engine.begin() as conn:
        conn.execute(sa.text("update league_amateur set year = :y where key = :k"),
                     {"y": nxt.year + 1, "k": key})
    sv.offseason_step(played_and_closed(db), step="retire")
    status = json.loads(CliRunner().invoke(app, ["--db", db, "offseason", "draft", "--json"])
                        .output)
    came = [p for p in status["draft"]["class"] + status["draft"]["picks"]
            if p.get("key", p.get("player")) == key]
    assert came, status["draft"]
    again = [p for p in status["draft"]["class"] if p["key"] == key]
    if again:
        assert (again[0]["refused_year"], again[0]["refused_team"]) == (
            nxt.year, next(t for k, _y, _r, t in kept if k == key))
    sv.new_season(db)
    assert key not in {k for k, y, r, _t in _amateurs(db) if r == nxt.year}


def test_a_development_contract_at_its_limit_ends_in_the_news_and_json(tmp_path):
    """§3 through the services: a 育成 player of the league's files (his contract counted from
    its first season) past [draft] ikusei_years = 1 and too old to be kept is released at the
    renewal (自由契約: a free agent), in the news and in `impact offseason show --json` with the
    reason ikusei."""
    from typer.testing import CliRunner

    from tui.cli.main import app
    folder = mini_with_ikusei(tmp_path, "\n[draft]\nikusei_years = 1\nrefusal = 0\n", [
        dict(WEAK_BATTER, id="KYO101", name="育成 太郎", born="1994-05-05")])
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", folder)
    sv.new_season(db)
    played_and_closed(db)
    sv.new_season(db)
    view = sv.offseason(db)
    let_go = [d for d in view.departures if d.player == "KYO101"]
    if not let_go:         # he left before the limit was looked at (retired or released)
        pytest.skip("KYO101 left at the retirements")
    assert let_go[0].reason == "ikusei" and let_go[0].kind == "release"
    assert "KYO101" not in {p.id for t in sv.season_league(db).teams for p in t.players}
    shown = json.loads(CliRunner().invoke(app, ["--db", db, "offseason", "show", "--json"])
                       .output)
    assert {"player": "KYO101", "reason": "ikusei"}.items() <= next(
        d for d in shown["departures"] if d["player"] == "KYO101").items()
    news = [n for n in sv.news(db) if "KYO101" in n.text_en and "development" in n.text_en]
    assert news and news[0].text_en.startswith("Released: ")
    assert "育成契約の期限" in news[0].text_ja


def test_a_league_stored_before_the_refusals_were_kept_opens_and_keeps_them(db):  # noqa: F811
    """Migration 0026_amateur: a league stored at 0025 (no league_amateur) opens, migrates,
    closes its season and renews it, the refusals kept (SQLite and PostgreSQL)."""
    from alembic import command

    from storage.db import _alembic_config, current_revision, head_revision
    from tui.services.leagues import create_league
    create_league(db, "o", "mini")
    sv.new_season(db, "o", seed=3)
    sv.sim_days(db, "o", to_end=True)
    command.downgrade(_alembic_config(sv.engine_for(db)), "0025_sealed_ids")
    assert "league_amateur" not in sa.inspect(sv.engine_for(db)).get_table_names()
    sv.close_all()
    sv.close_season(db, "o")                         # opened at 0025, migrated
    engine = sv.engine_for(db)
    assert current_revision(engine) == head_revision()
    assert "league_amateur" in sa.inspect(engine).get_table_names()
    with engine.begin() as conn:       # the mini league's default refuses seldom: half here
        conn.execute(sa.text("update league_league set settings = :s"),
                     {"s": json.dumps(dict(_settings(conn), draft={"refusal": 0.5}))})
    sv.new_season(db, "o")
    assert sv.sim_days(db, "o", days=1).games > 0
    no = [p for p in sv.offseason(db, "o").picks if p.refused]
    assert no and len(_amateurs(db)) == len(no)


def _settings(conn):
    raw = conn.execute(sa.text("select settings from league_league")).scalar()
    return json.loads(raw) if isinstance(raw, str) else dict(raw or {})


def test_in_a_shared_league_managers_read_the_men_who_refused_and_only_the_commissioner_writes():
    """A shared league (PostgreSQL, real roles): the men kept for a later class (league_amateur)
    are the commissioner's program's to write — a manager's insert, update or delete is refused
    by the database — and everyone's to read, as the news names them (nothing sealed: a refusal
    follows a pick the draft has made); every change is in the audit log."""
    import os

    from pg_league import pacific_shared
    if not os.environ.get("IMPACT_TEST_PG_URL"):
        pytest.skip("IMPACT_TEST_PG_URL is not set")

    def run(url, statement):
        engine = sa.create_engine(url)
        try:
            with engine.begin() as conn:
                result = conn.execute(sa.text(statement))
                return result.fetchall() if result.returns_rows else result.rowcount
        finally:
            engine.dispose()

    row = ("insert into league_amateur(league_id, key, year, refused, team, prospect) "
           "select id, '2026-001', 2028, 2026, 'SAP', '{}' from league_league")
    with pacific_shared("league_amateur") as lg:
        assert run(lg.comm_url, row) == 1
        for url in (lg.a_url, lg.b_url):
            assert run(url, "select key, team from league_amateur") == [("2026-001", "SAP")]
            for statement in (row.replace("2026-001", "2026-002"),
                              "update league_amateur set year = 2027",
                              "delete from league_amateur"):
                with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
                    run(url, statement)
        [entry] = [e for e in sv.league_log(lg.owner_url) if e.table == "league_amateur"]
        assert entry.who == lg.commissioner and entry.kind == "offseason"
