"""Two leagues (リーグ) in one league file: each team's league and division, each league's DH
rule (a game uses the home team's), Latin names; stored, exported and read back whole."""
from __future__ import annotations

import json

import pytest

from league.errors import LeagueError
from league.season.roster import parse_league
from storage.plainfiles import load_league, sample_league_path
from storage.repository import read_plain_folder
from tui import services as sv

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)

TWO_LEAGUES = '''
[[leagues]]
code = "N"
name = "北リーグ"
name_en = "North League"
dh = false
divisions = ["East", "West"]

[[leagues]]
code = "S"
name = "南リーグ"
dh = true
'''


def _two_league_texts(extra_team_keys: dict[str, str] | None = None) -> tuple[str, str, str]:
    """The pacific league split in two: SAP SEN CHB in N (two divisions), TKZ OSK FUK in S."""
    texts = read_plain_folder(sample_league_path("pacific"))
    keys = extra_team_keys or {"SAP": 'league = "N"\ndivision = "East"',
                               "SEN": 'league = "N"\ndivision = "East"',
                               "CHB": 'league = "N"\ndivision = "West"',
                               "TKZ": 'league = "S"', "OSK": 'league = "S"',
                               "FUK": 'league = "S"\nname_en = "Genkai Fukuoka Blazers"'}
    toml = texts.toml.replace("roster_size = 28\n", "roster_size = 28\n" + TWO_LEAGUES, 1)
    for code, more in keys.items():
        toml = toml.replace(f'code = "{code}"\n', f'code = "{code}"\n{more}\n', 1)
    return toml, texts.batters, texts.pitchers


def test_two_leagues_each_with_its_dh_rule_and_divisions():
    lg = parse_league(*_two_league_texts(), where="x")
    north, south = lg.leagues
    assert north.teams == ("SAP", "SEN", "CHB") and south.teams == ("TKZ", "OSK", "FUK")
    assert north.divisions == (("East", ("SAP", "SEN")), ("West", ("CHB",)))
    assert north.name_en == "North League" and south.divisions == ()
    # a game is played under the home team's league's rule
    assert lg.dh_for("SAP") is False and lg.dh_for("FUK") is True
    assert lg.interleague("SAP", "FUK") and not lg.interleague("SAP", "CHB")
    assert lg.team("FUK").name_en == "Genkai Fukuoka Blazers"
    assert lg.league_of("OSK").code == "S"


def test_a_league_without_leagues_is_one_group_under_its_dh():
    lg = load_league(sample_league_path("pacific"))
    assert lg.leagues == () and len(lg.groups) == 1
    assert lg.groups[0].teams == tuple(t.code for t in lg.teams)
    assert lg.dh_for("SAP") is True and not lg.interleague("SAP", "FUK")


@pytest.mark.parametrize("keys, message", [
    ({"SAP": 'league = "X"'}, "league = one of N, S"),
    ({"SAP": 'league = "N"'}, "division = one of East, West"),
    ({"TKZ": 'league = "S"\ndivision = "East"', "SAP": 'league = "N"\ndivision = "East"'},
     "league S has no divisions"),
])
def test_a_bad_league_structure_is_refused_naming_the_team(keys, message):
    base = {"SAP": 'league = "N"\ndivision = "East"', "SEN": 'league = "N"\ndivision = "East"',
            "CHB": 'league = "N"\ndivision = "West"', "TKZ": 'league = "S"',
            "OSK": 'league = "S"', "FUK": 'league = "S"'}
    with pytest.raises(LeagueError, match=message):
        parse_league(*_two_league_texts({**base, **keys}), where="x")


def test_the_twelve_team_league_is_two_leagues_of_six_with_latin_names():
    lg = load_league(sample_league_path("nippon"))
    assert [len(g.teams) for g in lg.leagues] == [6, 6]
    assert [g.dh for g in lg.leagues] == [False, True]
    # 28 on the active roster (一軍) and a farm (二軍) of 19 under the 70-man limit
    assert all(len(t.active) == 28 and len(t.farm) == 19 and t.name_en for t in lg.teams)
    assert lg.roster_size == 70
    players = [p for t in lg.teams for p in t.players]
    assert all(p.name_en and p.name_en.isascii() for p in players)
    assert len({p.name for p in players}) == len(players)


def test_the_structure_survives_the_database_and_both_exports(db, tmp_path):
    sv.create_league(db, "nip", "nippon")
    stored = sv.open_league(db, "nip")
    original = load_league(sample_league_path("nippon"))
    assert stored.leagues == original.leagues
    assert [(t.code, t.league, t.name_en) for t in stored.teams] == \
        [(t.code, t.league, t.name_en) for t in original.teams]
    assert stored.player("EDO01").name_en == original.player("EDO01").name_en
    sv.export_league(db, "nip", tmp_path / "out")
    again = load_league(tmp_path / "out")
    assert again.leagues == original.leagues and again.settings == original.settings
    doc = sv.export_league(db, "nip", None, "json")
    assert json.loads(doc)["league"]["leagues"][0]["code"] == "CL"
    path = tmp_path / "nip.json"
    path.write_text(doc, encoding="utf-8")
    sv.create_league(db, "nip2", path)
    assert sv.open_league(db, "nip2").leagues == original.leagues


def test_the_next_season_is_another_season(tmp_path):
    """Issue 10: season 2 no longer replays season 1 game for game on the same dates."""
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    first = sv.new_season(db, games_per_opponent=6)
    sv.sim_days(db, to_end=True)
    with pytest.raises(LeagueError, match="is not closed"):
        sv.new_season(db, games_per_opponent=6)
    closed = sv.close_season(db)
    assert closed.phase == "closed"
    with pytest.raises(LeagueError, match="closed"):
        sv.sim_days(db, days=1)
    with pytest.raises(LeagueError, match="closed"):       # frozen: no edits either
        sv.save_rotation(db, "KYO", list(sv.team_roster(db, "KYO").rotation))
    second = sv.new_season(db, games_per_opponent=6)
    assert (second.number, second.year, second.seed) == (2, first.year + 1, first.seed + 1)
    sv.sim_days(db, to_end=True)
    one = [(g.day.replace(year=2000), g.away, g.home, g.away_runs, g.home_runs)
           for _, games in sv.schedule_days(db, season=1) for g in games]
    two = [(g.day.replace(year=2000), g.away, g.home, g.away_runs, g.home_runs)
           for _, games in sv.schedule_days(db, season=2) for g in games]
    assert len(one) == len(two) == 6
    assert one != two
    box1, box2 = sv.boxscore(db, 1, season=1), sv.boxscore(db, 1, season=2)
    assert box1.data["rolls"] != box2.data["rolls"]
    # a closed season is still there to read
    assert sv.standings(db, season=1).final == 6


def test_closing_needs_every_game_played(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, games_per_opponent=4)
    sv.sim_days(db, days=1)
    with pytest.raises(LeagueError, match="games left to play"):
        sv.close_season(db)
    assert sv.season_info(db).phase == "regular"


def test_the_next_season_carries_the_edited_cards_and_starts_rested(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, games_per_opponent=4)
    # (KYO02: a hitter who stays in this off-season, drawn from the league and the seed)
    sv.save_card(db, "KYO02", batting={**sv.card_values(sv.season_league(db).player("KYO02"))
                                       ["batting"], "SR": "33"})
    sv.save_rotation(db, "KYO", list(reversed(sv.team_roster(db, "KYO").rotation)))
    sv.sim_days(db, to_end=True)
    sv.close_season(db)
    sv.new_season(db, games_per_opponent=4)
    # the edit is where his growth or decline starts (npb_offseason.md §1)
    moved = next(c for c in sv.offseason(db).changes if c.player == "KYO02").changes
    assert sv.season_league(db).player("KYO02").batting.SR == 33 + moved.get("SR", 0)
    assert sv.team_roster(db, "KYO").rotation_saved
    from storage import repository as repo
    from storage.db import session
    with session(sv.engine_for(db)) as s:
        rest, last = repo.rest_state(session=s, season_id=sv.season_info(db).id)
    assert rest == {} and set(last.values()) == {None}


def test_the_next_season_takes_new_cards_from_files(tmp_path):
    """A player matched by id keeps his history with his new card; a new id joins; a player
    left out leaves, his past seasons kept."""
    import csv
    import io

    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db, games_per_opponent=4)
    sv.sim_days(db, to_end=True)
    sv.close_season(db)
    texts = read_plain_folder(sample_league_path("mini"))
    rows = list(csv.DictReader(io.StringIO(texts.batters)))
    header = list(rows[0])
    for r in rows:
        if r["id"] == "KYO01":
            r["SR"] = "41"
        if r["id"] == "KYO02":
            r["id"], r["name"] = "KYO99", "新人 太郎"
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=header, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    folder = tmp_path / "cards2027"
    folder.mkdir()
    (folder / "batters.csv").write_text(out.getvalue(), encoding="utf-8")
    (folder / "pitchers.csv").write_text(texts.pitchers, encoding="utf-8")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "batters.csv").write_text(out.getvalue().replace(",41,", ",412,"), encoding="utf-8")
    (bad / "pitchers.csv").write_text(texts.pitchers, encoding="utf-8")
    with pytest.raises(LeagueError, match="batters.csv line"):
        sv.new_season(db, games_per_opponent=4, cards=bad)
    assert sv.season_info(db).number == 1            # refused whole: nothing stored
    info = sv.new_season(db, games_per_opponent=4, cards=folder)
    assert info.number == 2
    lg = sv.season_league(db)
    assert lg.player("KYO01").batting.SR == 41 and lg.player("KYO99").name == "新人 太郎"
    with pytest.raises(LeagueError):
        lg.player("KYO02")
    sv.sim_days(db, to_end=True)
    gone = sv.player(db, "KYO02", season=1)
    assert gone.batting is not None and gone.career_batting.games == gone.batting.games
    kept = sv.player(db, "KYO01")
    assert kept.career_batting.games == kept.batting.games + sv.player(
        db, "KYO01", season=1).batting.games


def test_a_season_with_its_postseason_survives_export_and_import(tmp_path):
    from season_helpers import small_league

    db = small_league(tmp_path)
    sv.start_postseason(db)
    sv.sim_postseason(db, games=4)
    before = sv.postseason(db)
    path = tmp_path / "small.json"
    path.write_text(sv.export_league(db, "small", None, "json"), encoding="utf-8")
    sv.create_league(db, "again", path)
    after = sv.postseason(db, "again")
    assert [(x.key, x.high, x.low, x.status, x.state, [(g.number, g.away_runs, g.home_runs)
                                                        for g in x.games])
            for x in after.series] == \
        [(x.key, x.high, x.low, x.status, x.state, [(g.number, g.away_runs, g.home_runs)
                                                     for g in x.games])
         for x in before.series]
    assert sv.season_info(db, "again").phase == "postseason"
    assert sv.standings(db, "again").rows == sv.standings(db, "small").rows
    # and it carries on where the original stood
    sv.sim_postseason(db, "again")
    sv.sim_postseason(db, "small")
    assert sv.postseason(db, "again").champion == sv.postseason(db, "small").champion
