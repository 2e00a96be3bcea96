"""A man who left the league keeps his page (issue 31, npb_offseason.md §2).

After a release (自由契約 by a person, 戦力外通告 in the renewal) or a retirement (引退) a player
is on no roster, but a fan or a scorer still looks him up: `impact player ID` (and --career,
--json, the service under them) shows his career, frozen, and how and when he left. Before,
the page read his card from the season's rosters and said "league MINI has no player". The
commands that act on the men of a roster now (roster up/down, transactions) refuse him in one
line that says he left and when; a released man may be signed again, a retired one may not."""
import json
import os
import shutil

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

from season_helpers import played_and_closed


@pytest.fixture(scope="module")
def lived(tmp_path_factory):
    """The mini league: KYO16 (a starter who pitched the first day) released by a person on
    day 3 of season one; the season played, closed and renewed: season two, made by the
    renewal, whose retirements include KYO22 (age) and whose 戦力外 KYO24."""
    db = str(tmp_path_factory.mktemp("left") / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    first = sv.new_season(db, seed=3)
    sv.sim_days(db, days=2)
    sv.transact(db, "release", players=["KYO16"])
    played_and_closed(db)
    sv.new_season(db)
    gone = {d.player: (d.kind, d.reason) for d in sv.offseason(db).departures}
    assert gone["KYO22"] == ("retire", "age") and gone["KYO24"][0] == "release"
    return db, first.year


@pytest.fixture
def db(lived, tmp_path):
    src = lived[0]
    for tail in ("", "-wal", "-shm"):        # SQLite's write-ahead log holds the latest pages
        if os.path.exists(src + tail):
            shutil.copy(src + tail, str(tmp_path / "l.sqlite3") + tail)
    return str(tmp_path / "l.sqlite3")


def _run(db, *args):
    return CliRunner().invoke(app, ["--db", db, *args])


def test_a_released_man_keeps_his_page_with_the_day_he_was_let_go(lived):
    db, year = lived
    v = sv.player(db, "KYO16", season=1)
    assert v.team == ""
    assert v.left == {"how": "released", "reason": "", "team": "KYO", "season": 1, "year": year,
                      "day": v.left["day"], "offseason": False}
    assert v.left["day"] > f"{year}-03-27"          # the day of his release, in season one
    assert v.pitching is not None and v.pitching.starts == 1     # what he did before it stays
    res = _run(db, "player", "KYO16", "--season", "1", "--no-log")
    assert res.exit_code == 0, res.output
    assert f"left: released (自由契約) by KYO on {v.left['day']} (season 1)" in res.output
    assert "pitching career: games 1  starts 1" in res.output


def test_a_retired_man_keeps_his_page_in_the_seasons_after(lived):
    """Season two (the latest): KYO22 retired in the off-season before it; his page shows his
    career totals (no line of a season he did not play) and how he left, in text and JSON."""
    db, year = lived
    career = sv.player(db, "KYO22").career_batting or sv.player(db, "KYO22").career_pitching
    assert career is not None and career.games > 0
    res = _run(db, "player", "KYO22", "--no-log")
    assert res.exit_code == 0, res.output
    assert res.output.splitlines()[0].startswith("宮崎 颯太 (KYO22, no team), season 2")
    assert (f"left: retired (引退) from KYO in the off-season before season 2 ({year + 1}): "
            "his age") in res.output
    assert " career: games " in res.output and " season: games " not in res.output
    data = json.loads(_run(db, "player", "KYO22", "--json").output)
    assert data["team"] == "" and data["left"]["how"] == "retired"
    assert data["left"]["season"] == 2 and data["left"]["offseason"] is True
    res = _run(db, "player", "KYO22", "--career")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("宮崎 颯太 (KYO22, retired, born ")
    assert "left: retired (引退) from KYO" in res.output
    car = json.loads(_run(db, "player", "KYO22", "--career", "--json").output)
    assert car["team"] is None and car["left"]["how"] == "retired"
    assert [s["teams"] for s in car["seasons"]] == [["KYO"]]
    # the renewal's release (戦力外通告) and a man still on his club
    assert sv.player(db, "KYO24").left["how"] == "released"
    assert "released (戦力外通告) by KYO in the off-season before season 2" in _run(
        db, "player", "KYO24", "--no-log").output
    assert sv.player(db, "KYO01").left is None


def test_the_commands_for_the_men_on_a_roster_refuse_a_man_who_left_in_one_line(db):
    """Roster moves and transactions: one line saying he left, how and when; signing a released
    man is a club's right (npb_offseason.md §2: a free agent), signing a retired one is not."""
    for args, head in ((("roster", "up", "KYO22"), "up"), (("roster", "down", "KYO16"), "down"),
                       (("transaction", "sign", "KYO22", "--team", "KOB"), "sign"),
                       (("transaction", "release", "KYO24"), "release"),
                       (("transaction", "move", "KYO16", "--team", "KOB"), "move")):
        res = _run(db, *args)
        assert res.exit_code != 0, args
        lines = [ln for ln in res.output.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith(f"impact: {head}: KYO"), res.output
        assert " left: " in lines[0] and ("引退" in lines[0] or "自由契約" in lines[0]
                                          or "戦力外通告" in lines[0]), res.output
    assert _run(db, "transaction", "release", "KOB28").exit_code == 0     # room on KOB's 28
    res = _run(db, "transaction", "sign", "KYO24", "--team", "KOB")
    assert res.exit_code == 0, res.output
    assert sv.player(db, "KYO24").left is None and sv.player(db, "KYO24").team == "KOB"
