"""A man traded in the season (issue 32, [trades] in_season = true): the league's leaders, titles
and his page read his whole season — NPB's practice (impact_baseball.md C.5 names the qualifiers
by team games and is silent on a traded man): one line for a man traded within a league, his
clubs' lines summed and his 規定打席 judged by the games of the club he ends with; a line in each
league for a man traded between the two; a team's page only what he did for that team."""
from __future__ import annotations

import json
from collections import Counter

from typer.testing import CliRunner

from league.engine.game import BAT_FIELDS
from storage import repository as repo
from tui import services as sv
from tui.cli.main import app
from tui.services.db import Work

from league_db import db as db  # noqa: F401  (the fixture: SQLite and PostgreSQL)
from league_db import pg_server_url as pg_server_url  # noqa: F401
from season_helpers import small_league

runner = CliRunner()
IN_SEASON = "\n[trades]\nin_season = true\n"
NORTH = {"SAP", "SEN", "CHB"}          # the South league: TKZ, OSK, FUK


def js(*args: str):
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.output)


def test_a_traded_man_s_season_is_one_line_in_his_league_and_one_in_each_league(tmp_path, db):
    # the small league's seed 3 with in-season trades: the computer swaps CHB15 (North) and
    # TKZ15 (South) on 26 May; a person trades OSK08 for FUK08 (both South) after three days
    db = small_league(tmp_path, extra=IN_SEASON, days=3, db=db)
    made = js("trade", "offer", "--team", "OSK", "--with", "FUK", "--give", "OSK08",
              "--get", "FUK08", "--db", db)
    assert made["accepted"], made
    sv.sim_days(db, to_end=True)
    with Work.of(db, None).session() as s:
        info = repo.find_season(session=s, league_id=repo.find_league(session=s).id)
        bat = repo.batting_lines(session=s, season_ids=[info.id])
    hits, games = Counter(), Counter()
    h = BAT_FIELDS.index("h")
    last: dict[str, tuple] = {}
    for ln in bat:
        lg = "N" if ln.team in NORTH else "S"
        hits[(ln.player, lg)] += ln.line[h]
        games[(ln.player, ln.team)] += 1
        if ln.player not in last or (ln.day, ln.number) > last[ln.player][0]:
            last[ln.player] = ((ln.day, ln.number), ln.team)
    # each traded man played for both of his clubs
    assert games[("OSK08", "OSK")] and games[("OSK08", "FUK")]
    assert games[("FUK08", "FUK")] and games[("FUK08", "OSK")]
    assert games[("CHB15", "CHB")] and games[("CHB15", "TKZ")]
    board = js("leaders", "batting", "--stat", "h", "--limit", "500", "--db", db)["rows"]
    by = Counter(r["player"] for r in board)
    # within a league: one line, his clubs summed, his team the club he ends with
    for pid in ("OSK08", "FUK08"):
        [row] = [r for r in board if r["player"] == pid]
        assert row["value"] == hits[(pid, "S")]
        assert row["team"] == last[pid][1] == ("FUK" if pid == "OSK08" else "OSK")
    # between the leagues: a line in each league, each his games there
    for pid in ("CHB15", "TKZ15"):
        mine = {r["team"]: r["value"] for r in board if r["player"] == pid}
        want = {t: hits[(pid, "N" if t in NORTH else "S")]
                for t in ("CHB", "TKZ") if hits[(pid, "N" if t in NORTH else "S")]}
        assert mine == want
    assert all(n == 1 for p, n in by.items() if p not in ("CHB15", "TKZ15"))
    south = js("leaders", "batting", "--stat", "h", "--part", "S", "--limit", "500",
               "--db", db)["rows"]
    assert {r["player"]: r["value"] for r in south}["OSK08"] == hits[("OSK08", "S")]
    # a team's page: only what he did for that team
    osk = js("leaders", "batting", "--stat", "h", "--team", "OSK", "--limit", "500",
             "--db", db)["rows"]
    mine = [ln for ln in bat if ln.player == "OSK08" and ln.team == "OSK"]
    assert [r["value"] for r in osk if r["player"] == "OSK08"] == \
        ([sum(ln.line[h] for ln in mine)] if sum(ln.line[h] for ln in mine) else [])
    # his page's season line: his whole season
    page = sv.player(db, "OSK08")
    assert page.batting.h == hits[("OSK08", "S")]
    assert page.batting.games == games[("OSK08", "OSK")] + games[("OSK08", "FUK")]
    # the titles read the same lines (最多安打 of each league: his games there)
    t = js("titles", "--db", db)
    for name, lg in (("北リーグ", "N"), ("南リーグ", "S")):
        title = next(x for x in t["titles"] if x["key"] == "hits" and x["league"] == name)
        best = max(v for (p, g), v in hits.items() if g == lg)
        assert {(x["player"], x["value"]) for x in title["holders"]} == \
            {(p, v) for (p, g), v in hits.items() if g == lg and v == best}


def test_the_titles_read_a_line_in_each_league_for_a_man_traded_between_them():
    """The titles' lines (tui.services.history): summed per league with the season's leagues,
    the whole season without (the single-season records)."""
    from datetime import date

    from league.season.stats import BattingStats
    from storage import history_store as hs
    from tui.services.history import _lines_of

    def part(team: str, day: int, hr: int) -> hs.Totals:
        return hs.Totals(1, "x", team, date(2026, 5, day), day, BattingStats(games=1, hr=hr))

    totals = [part("SAP", 1, 2), part("SEN", 9, 1), part("OSK", 20, 4)]
    groups = {1: {"北リーグ": ["SAP", "SEN", "CHB"], "南リーグ": ["TKZ", "OSK", "FUK"]}}
    split = _lines_of(totals, groups)[1]
    assert [(ln.team, ln.batting.hr) for ln in split] == [("SEN", 3), ("OSK", 4)]
    [whole] = _lines_of(totals)[1]
    assert (whole.team, whole.batting.hr) == ("OSK", 7)


def test_each_league_s_awards_read_a_traded_man_s_line_there():
    """The awards' players (tui.services.history._award_parts): a man traded between the two
    leagues is in each league's pool with his line, fielding and games at each position there,
    his team the last he played for in it (NPB's practice, as for the titles: the North
    league's MVP and ベストナイン weigh only what he did in the North); without the leagues (沢村賞,
    both leagues') his whole season."""
    from datetime import date

    from league.season import awards as aw
    from league.season.stats import BattingStats, FieldingStats
    from storage import history_store as hs
    from tui.services.history import _award_parts

    def part(pid: str, team: str, day: int, hr: int, po: int) -> hs.Totals:
        return hs.Totals(1, pid, team, date(2026, 5, day), day,
                         BattingStats(games=10, pa=40, ab=36, h=12, hr=hr),
                         fielding=FieldingStats(games=10, po=po))

    totals = [part("x", "SAP", 1, 2, 20), part("x", "SEN", 9, 1, 3), part("x", "OSK", 20, 4, 7),
              part("y", "CHB", 20, 0, 5), part("z", "FUK", 20, 1, 6)]
    positions = {(1, "x", "SAP"): {"SS": 10}, (1, "x", "SEN"): {"SS": 9, "DH": 1},
                 (1, "x", "OSK"): {"2B": 10}, (1, "y", "CHB"): {"SS": 10},
                 (1, "z", "FUK"): {"2B": 10}, (2, "x", "OSK"): {"C": 99}}
    groups = {"北リーグ": ["SAP", "SEN", "CHB"], "南リーグ": ["TKZ", "OSK", "FUK"]}
    split = {(ln.player, ln.team): (ln.batting.hr, f.po, at)
             for ln, f, at in _award_parts(totals, positions, 1, groups)}
    assert split == {("x", "SEN"): (3, 23, {"SS": 19, "DH": 1}), ("x", "OSK"): (4, 7, {"2B": 10}),
                     ("y", "CHB"): (0, 5, {"SS": 10}), ("z", "FUK"): (1, 6, {"2B": 10})}
    whole = {ln.player: (ln.team, ln.batting.hr, f.po, at)
             for ln, f, at in _award_parts(totals, positions, 1)}
    assert whole["x"] == ("OSK", 7, 30, {"SS": 19, "DH": 1, "2B": 10})
    # each league's ベストナイン sees him at his position there: SS in the North, 2B in the South
    for name, pos, rival in (("北リーグ", "SS", "y"), ("南リーグ", "2B", "z")):
        pool = [aw.AwardPlayer(ln.player, ln.team, ln.batting, None, f, at)
                for ln, f, at in _award_parts(totals, positions, 1, groups)
                if ln.team in groups[name]]
        slot = next(p for p in aw.propose(pool, league=name, dh=False,
                                          team_games={t: 20 for t in ("SEN", "CHB", "OSK", "FUK")})
                    if p.key == f"best_nine:{pos}")
        assert {c.player for c in slot.candidates} == {"x", rival}
