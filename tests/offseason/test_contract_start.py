"""A free agent signed again starts a new contract; his service goes on (issue 31).

- npb_offseason.md §3: a 育成 contract lasts at most `[draft] ikusei_years` seasons. A 育成
  player released (自由契約: at the limit, 戦力外, or by `impact transaction release`) and
  signed again by a club with `impact transaction sign` is on a new contract: its seasons count
  from the signing's season, or from the next when he signed after the season closed (in its
  off-season). Before, the limit read his old 育成 pick (or the league's first season) and let
  him go again at the next renewal.
- §4: service is days on the active roster; a new contract does not start it again, and a
  release or signing in the off-season changes no day of the season that closed before it
  (before, an off-season release wiped the released man's whole service from his page).

Through the services and the command line of a stored league (the limit's own rule, by
scripted dice, is tests/offseason/test_refusals_and_ikusei.py)."""
from __future__ import annotations

import json
from datetime import date

from typer.testing import CliRunner

from storage import repository as repo
from tui import services as sv
from tui.cli.main import app
from tui.services.db import Work
from tui.services.offseason import ikusei_since, player_service

from season_helpers import WEAK_BATTER, mini_with_ikusei, played_and_closed


def _league(tmp_path):
    """The mini league with two 育成 players of KYO's farm (KYO101, KYO102, 27 in its first
    season: too old to be signed again as 育成 at the limit) and a one-season 育成 limit."""
    folder = mini_with_ikusei(tmp_path, "\n[draft]\nikusei_years = 1\nrefusal = 0\n", [
        dict(WEAK_BATTER, id=pid, name=name, born="1998-05-05")
        for pid, name in (("KYO101", "育成 一郎"), ("KYO102", "育成 二郎"))])
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", folder)
    return db


def _cli(db, *args):
    res = CliRunner().invoke(app, ["--db", db, *args])
    assert res.exit_code == 0, res.output
    return res.output


def _since(db):
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        return ikusei_since(s, row.id, repo.base_cells(session=s, league_id=row.id))


def _service(db, pid):
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        return player_service(s, row.id, row.name, pid, info)


def test_a_development_player_signed_again_starts_a_new_contract_at_the_signing(tmp_path):
    """§3: KYO101 released and signed again while season one is played is on a contract of
    that season, one season long: at the renewal he is at the limit and let go. KYO102,
    released then and signed after the season closed, is on a contract of season two: the
    renewal keeps him (the old reading, from the league's first season, let both go)."""
    db = _league(tmp_path)
    first = sv.new_season(db, seed=3)
    _cli(db, "transaction", "release", "KYO101", "KYO102")
    _cli(db, "transaction", "sign", "KYO101", "--team", "KYO")
    assert _since(db)["KYO101"] == first.year and "KYO102" not in _since(db)
    played_and_closed(db)
    out = json.loads(_cli(db, "transaction", "sign", "KYO102", "--team", "KYO", "--json"))
    assert out[0]["moves"] == [{"player": "KYO102", "from": None, "to": "KYO"}]
    assert _since(db)["KYO102"] == first.year + 1       # his contract's first season: the next
    nxt = sv.new_season(db)
    view = sv.offseason(db)
    gone = {d.player: d.reason for d in view.departures}
    assert gone.get("KYO101") == "ikusei"               # his one season on the contract ran
    assert "KYO102" not in gone                          # his has not begun yet
    on = {p.id for t in sv.season_league(db).teams for p in t.players}
    assert "KYO102" in on and "KYO101" not in on
    assert _since(db)["KYO102"] == nxt.year
    shown = json.loads(_cli(db, "offseason", "show", "--json"))
    assert [d["player"] for d in shown["departures"] if d["reason"] == "ikusei"] == ["KYO101"]


def test_service_goes_on_through_a_release_and_a_new_contract(tmp_path):
    """§4: service is days on the active roster. A regular released after season one closed
    keeps that season's days (his page said he had none), and signed again in season two his
    service carries on from them: a new contract starts no count again."""
    db = _league(tmp_path)
    sv.new_season(db, seed=3)
    played_and_closed(db)
    pid = "KYO01"
    before = _service(db, pid)
    assert before is not None and before["days"] + 145 * before["seasons"] > 0
    _cli(db, "transaction", "release", pid)
    assert _service(db, pid) == before
    sv.new_season(db)
    kyo = next(t for t in sv.season_league(db).teams if t.code == "KYO")
    _cli(db, "transaction", "release", kyo.active[-1].id)       # room on the active roster
    _cli(db, "transaction", "sign", pid, "--team", "KYO")
    assert _service(db, pid) == before            # season two has not given him a day yet
    page = json.loads(_cli(db, "player", pid, "--json"))
    assert (page["service"]["seasons"], page["service"]["days"]) == (before["seasons"],
                                                                     before["days"])


def test_a_note_that_looks_like_data_does_not_stop_the_renewal(tmp_path):
    """Bad input never crashes: a note a person types that begins with '{' and is no JSON
    ('{see the minutes') is text — the renewal reads the signing's contract and goes on."""
    db = _league(tmp_path)
    sv.new_season(db, seed=3)
    _cli(db, "transaction", "release", "KYO102", "--note", "{see the minutes")
    _cli(db, "transaction", "sign", "KYO102", "--team", "KYO", "--note", "{and again")
    played_and_closed(db)
    sv.new_season(db)
    assert {d.player: d.reason for d in sv.offseason(db).departures}.get("KYO102") == "ikusei"
    news = json.loads(_cli(db, "transaction", "list", "--json"))
    assert "{see the minutes" in {n["note"] for n in news}


def _season_days(db, pid):
    """His days on the active roster in each season so far (§4), by service_of."""
    from tui.services.offseason import service_of
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        upto = info.number if info.closed else info.number - 1
        return service_of(s, row.id, row.name, upto, {pid})[pid].days[-info.number:]


def test_a_release_and_a_signing_while_the_season_is_played_count_their_days(tmp_path):
    """§4: service is days on the active roster. A reliever of KYO's active roster released on
    one day of the season and signed again on a later one has the days up to his release and
    from his signing on — not the whole season (he was counted from the opening day, as if
    never gone), nor none (released and not signed again, he had no day of it)."""
    db = _league(tmp_path)
    sv.new_season(db, seed=3)
    kyo = next(t for t in sv.season_league(db).teams if t.code == "KYO")
    pid = next(p.id for p in kyo.active if p.pitching is not None and p.pitching.starter == 0)
    sv.sim_days(db, days=5)
    gone = json.loads(_cli(db, "transaction", "release", pid, "--json"))[0]["day"]
    sv.sim_days(db, days=5)
    back = json.loads(_cli(db, "transaction", "sign", pid, "--team", "KYO", "--json"))[0]["day"]
    played_and_closed(db)
    first, last = _first_last(db)
    gone_d, back_d = date.fromisoformat(gone), date.fromisoformat(back)
    assert first < gone_d < back_d <= last
    assert _season_days(db, pid) == ((gone_d - first).days + (last - back_d).days + 1,)


def _first_last(db):
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        games = repo.schedule(session=s, season_id=info.id)
        return games[0].day, games[-1].day
