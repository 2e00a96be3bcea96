"""Sample leagues load, and bad league files are refused with file, line and column named."""
from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from league.errors import CardError, LeagueError
from league.season.roster import League, parse_league
from storage.plainfiles import load_league, sample_league_names, sample_league_path


@pytest.fixture(scope="module")
def pacific() -> League:
    return load_league(sample_league_path("pacific"))


@pytest.fixture(scope="module")
def mini() -> League:
    return load_league(sample_league_path("mini"))


def test_pacific_league_has_six_full_teams(pacific: League) -> None:
    assert pacific.code == "PAC"
    assert pacific.dh is True
    assert pacific.extra_innings == 12
    assert pacific.ruleset == "standard"
    assert [t.short for t in pacific.teams] == ["札幌", "仙台", "千葉", "所沢", "大阪", "福岡"]
    for team in pacific.teams:
        assert len(team.players) == 28
        assert len(team.pitchers) == 13
        catchers = [p for p in team.players if p.fielding_at("C")]
        assert 2 <= len(catchers) <= 3
        assert all(c.catcher is not None for c in catchers)
        starters = [p for p in team.pitchers if p.pitching.starter > 0]
        assert len(starters) == 6
        assert all(p.pitching.innings >= 6 and 5 <= p.pitching.rest <= 6 for p in starters)


def test_sample_names_are_unique_in_a_league(pacific: League) -> None:
    names = [p.name for t in pacific.teams for p in t.players]
    assert len(names) == len(set(names)) == 6 * 28


def test_sample_cards_follow_the_calibration_targets(pacific: League) -> None:
    pitchers = [p.pitching for t in pacific.teams for p in t.pitchers]
    b_bs = sum(p.row("B").bound("BS") for p in pitchers) / len(pitchers)
    assert 46 <= b_bs <= 58
    for p in pitchers:
        # A is the pitcher's best row, D his worst: the BS bound climbs from A to D.
        bs = [p.row(c).bound("BS") for c in "ABCD"]
        assert bs == sorted(bs) and bs[0] < bs[3]
    hitters = [p.batting for t in pacific.teams for p in t.players if p.pitching is None]
    hr = [c.bounds.width("HR") for c in hitters]
    assert max(hr) >= 6 and min(hr) <= 2
    assert max(c.SR for c in hitters) >= 40


def test_pairings_cover_every_ordered_pair_once(pacific: League) -> None:
    pairs = pacific.pairings()
    assert len(pairs) == 6 * 5 == len(set(pairs))
    assert ("SAP", "FUK") in pairs and ("FUK", "SAP") in pairs
    assert all(a != h for a, h in pairs)
    assert pairs == pacific.pairings()


def test_unknown_team_and_player_lookups_name_what_is_known(pacific: League) -> None:
    # the known codes in order, as every command names them (4cf8a72: one wording)
    with pytest.raises(LeagueError, match=r"'XXX'.*\(teams: CHB, FUK, OSK, SAP, SEN, TKZ\)"):
        pacific.team("XXX")
    assert pacific.team("OSK").short == "大阪"
    sap = pacific.team("SAP")
    assert sap.player("SAP01").team == "SAP"
    with pytest.raises(LeagueError, match="SAP99"):
        sap.player("SAP99")


def test_mini_league_pitchers_bat_and_one_has_his_own_card(mini: League) -> None:
    assert mini.dh is False
    assert len(mini.teams) == 2
    assert {"mini", "nippon", "pacific"} <= set(sample_league_names())
    two_way = [p for t in mini.teams for p in t.players if p.batting and p.pitching]
    assert len(two_way) == 1
    p = two_way[0]
    assert p.pitching.bat_rank is None
    assert p.fielding_at("P") is not None and p.fielding_at("RF") is not None
    assert p.batting.bounds.bounds[-1] == 100
    others = [q for t in mini.teams for q in t.pitchers if q is not p]
    assert all(q.batting is None and q.pitching.bat_rank[0] in "ABC" for q in others)
    for team in mini.teams:
        assert len(team.players) == 28


def test_load_league_accepts_the_toml_file_itself() -> None:
    folder = sample_league_path("mini")
    assert load_league(folder / "league.toml") == load_league(folder)


# --- errors --------------------------------------------------------------------------------------


@pytest.fixture
def league_copy(tmp_path: Path) -> Path:
    dest = tmp_path / "mini"
    shutil.copytree(sample_league_path("mini"), dest)
    return dest


def _edit_csv(folder: Path, name: str, line: int, column: str, value: str) -> None:
    """Set one cell (1-based line number, header is line 1)."""
    path = folder / name
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")
    # The sample files quote no cells, so a plain split is safe here.
    cells = lines[line - 1].split(",")
    cells[header.index(column)] = value
    lines[line - 1] = ",".join(cells)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_bound_out_of_order_names_file_line_and_column(league_copy: Path) -> None:
    _edit_csv(league_copy, "batters.csv", 5, "HR", "3")
    with pytest.raises(CardError) as err:
        load_league(league_copy)
    msg = str(err.value)
    assert "batters.csv line 5, column HR" in msg
    assert "below the bound before it" in msg


def test_pitcher_row_out_of_order_names_the_condition_column(league_copy: Path) -> None:
    _edit_csv(league_copy, "pitchers.csv", 3, "C", "2 6 48 40 58 75 86 100")
    with pytest.raises(CardError, match=r"pitchers\.csv line 3, column C: BB bound ~40 is below"):
        load_league(league_copy)


def test_non_number_rating(league_copy: Path) -> None:
    _edit_csv(league_copy, "batters.csv", 14, "SR", "fast")
    msg = r"batters\.csv line 14, column SR: 'fast' is not a whole number"
    with pytest.raises(CardError, match=msg):
        load_league(league_copy)


def test_rating_out_of_range(league_copy: Path) -> None:
    _edit_csv(league_copy, "batters.csv", 2, "BT", "7")
    with pytest.raises(CardError, match=r"batters\.csv line 2, column BT: BT 7 is outside 0\.\.5"):
        load_league(league_copy)


def test_unknown_team_code(league_copy: Path) -> None:
    _edit_csv(league_copy, "pitchers.csv", 4, "team", "ZZZ")
    with pytest.raises(LeagueError) as err:
        load_league(league_copy)
    assert "pitchers.csv line 4, column team: unknown team code 'ZZZ'" in str(err.value)
    assert "KYO, KOB" in str(err.value)


def test_duplicate_player_id(league_copy: Path) -> None:
    _edit_csv(league_copy, "batters.csv", 3, "id", "KYO01")
    with pytest.raises(LeagueError) as err:
        load_league(league_copy)
    msg = str(err.value)
    assert "batters.csv line 3, column id: duplicate player id 'KYO01'" in msg
    assert "first at" in msg and "batters.csv line 2" in msg


def test_bad_hand_and_missing_catcher_ratings(league_copy: Path, tmp_path: Path) -> None:
    _edit_csv(league_copy, "batters.csv", 2, "bats", "X")
    with pytest.raises(CardError, match=r"batters\.csv line 2, column bats: 'X' is not a valid"):
        load_league(league_copy)
    _edit_csv(league_copy, "batters.csv", 2, "bats", "R")
    _edit_csv(league_copy, "batters.csv", 2, "arm", "")
    with pytest.raises(CardError, match=r"batters\.csv line 2, column arm: a catcher needs arm"):
        load_league(league_copy)


def test_team_over_the_roster_size(league_copy: Path) -> None:
    path = league_copy / "pitchers.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    assert len(load_league(league_copy).team("KOB").players) == 27   # one short is allowed
    toml = league_copy / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("roster_size = 28",
                                                             "roster_size = 26"), encoding="utf-8")
    with pytest.raises(LeagueError, match=r"team KYO has 28 players; the league allows at most 26"):
        load_league(league_copy)


def test_missing_file(league_copy: Path) -> None:
    (league_copy / "pitchers.csv").unlink()
    with pytest.raises(LeagueError) as err:
        load_league(league_copy)
    assert str(league_copy / "pitchers.csv") in str(err.value)
    assert "no such file" in str(err.value)


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(LeagueError, match="no such league folder"):
        load_league(tmp_path / "nowhere")


def test_not_utf8(league_copy: Path) -> None:
    (league_copy / "batters.csv").write_bytes("team,id\n".encode() + "札幌".encode("shift_jis"))
    with pytest.raises(LeagueError, match=r"batters\.csv: not UTF-8"):
        load_league(league_copy)


def test_malformed_toml_names_line_and_column(league_copy: Path) -> None:
    path = league_copy / "league.toml"
    text = path.read_text(encoding="utf-8").replace('code = "MINI"', "code = MINI")
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("code = MINI") + 1
    with pytest.raises(LeagueError) as err:
        load_league(league_copy)
    assert f"league.toml line {line}, column " in str(err.value)
    assert "malformed TOML" in str(err.value)


def test_bad_team_code_in_toml_names_the_line(league_copy: Path) -> None:
    path = league_copy / "league.toml"
    text = path.read_text(encoding="utf-8").replace('code = "KOB"', 'code = "kobe"')
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index('code = "kobe"') + 1
    with pytest.raises(LeagueError, match=rf"league\.toml line {line}, \[\[teams\]\] #2, key code: "
                                          r"'kobe' is not a team code of 3 capital letters"):
        load_league(league_copy)


def test_own_batting_card_without_a_batting_row(league_copy: Path) -> None:
    _edit_csv(league_copy, "pitchers.csv", 5, "bat", "own")
    with pytest.raises(LeagueError, match=r"pitchers\.csv line 5, column bat: bat = own but"):
        load_league(league_copy)


def test_parse_league_uses_where_in_messages() -> None:
    folder = sample_league_path("mini")
    toml = (folder / "league.toml").read_text(encoding="utf-8")
    bats = (folder / "batters.csv").read_text(encoding="utf-8")
    pits = (folder / "pitchers.csv").read_text(encoding="utf-8")
    assert parse_league(toml, bats, pits, where="x") == load_league(folder)
    with pytest.raises(LeagueError, match=r"^memory/batters\.csv: the file is empty"):
        parse_league(toml, "", pits, where="memory")


def test_unknown_sample_league() -> None:
    with pytest.raises(LeagueError, match="no sample league 'atlantis'.*mini, nippon, pacific"):
        sample_league_path("atlantis")


def test_team_without_enough_starters(league_copy: Path) -> None:
    # KOB's pitchers are lines 15..27 of the mini pitchers.csv, its six starters first.
    _edit_csv(league_copy, "pitchers.csv", 15, "starter", "0")
    _edit_csv(league_copy, "pitchers.csv", 16, "starter", "0")
    with pytest.raises(LeagueError, match=r"pitchers\.csv: team KOB has 4 starters"):
        load_league(league_copy)


def test_team_without_a_catcher(league_copy: Path) -> None:
    path = league_copy / "batters.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    for row in rows:
        if row["team"] == "KYO" and row["arm"]:
            row.update(positions="1B2", arm="", block="", lead="")
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    with pytest.raises(LeagueError, match=r"batters\.csv: team KYO has no catcher"):
        load_league(league_copy)


def test_team_that_cannot_field_a_shortstop_is_refused(league_copy: Path) -> None:
    """A team nobody can field at shortstop is refused when the league is read (it stopped the
    season with an internal error before), naming the team and the position."""
    path = league_copy / "batters.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    for row in rows:
        if row["team"] == "KYO":
            kept = [f for f in row["positions"].split(";") if not f.startswith("SS")]
            row["positions"] = ";".join(kept) or "1B0"
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(buf.getvalue(), encoding="utf-8")
    with pytest.raises(LeagueError, match=r"batters\.csv: team KYO cannot field a shortstop "
                                          r"\(SS\): no player lists SS in positions"):
        load_league(league_copy)


@pytest.mark.parametrize("teams", ["teams = [1, 2]", 'teams = ["A", "B"]'])
def test_teams_that_are_not_tables_are_named(league_copy: Path, teams: str) -> None:
    """`teams = [1, 2]` in league.toml: one clear line, not an internal TypeError."""
    path = league_copy / "league.toml"
    text = path.read_text(encoding="utf-8")
    head = text.split("[[teams]]", 1)[0]
    path.write_text(head + teams + "\n", encoding="utf-8")
    with pytest.raises(LeagueError, match=r"league\.toml, teams #1: .* is not a \[\[teams\]\] table"):
        load_league(league_copy)
