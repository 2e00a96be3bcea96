"""`impact leaders` as fans read it: in a league of two each league's (リーグ) board under its own
heading, one after the other (the first league's, then the other's); `--part` one of them;
`--json` keeps its whole-league "rows" and adds each row's league and each league's board."""
import json

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


@pytest.fixture(scope="module")
def nippon(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("leaders") / "l.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon", seed=3)
    sv.sim_days(db, days=6)
    return db


def _heads(out: str, names: list[str]) -> list[int]:
    lines = out.splitlines()
    return [lines.index(n) for n in names if n in lines]


def test_the_text_shows_each_leagues_board_under_its_heading(nippon):
    tables = sv.standings(nippon).tables
    names = [t.name for t in tables]
    members = [{r.team for r in t.rows} for t in tables]
    for kind, stat in (("batting", "avg"), ("pitching", "so")):
        out = run("leaders", kind, "--stat", stat, "--limit", "5", "--db", nippon)
        lines = out.splitlines()
        heads = _heads(out, names)
        assert len(heads) == 2 and heads[0] < heads[1], out
        for i, (start, end) in enumerate(((heads[0], heads[1]), (heads[1], len(lines)))):
            rows = [ln for ln in lines[start + 1:end] if ln.strip()]
            assert rows and rows[0].split()[0] == "1", out          # ranks start again
            assert len(rows) <= 5 + 2                                # ties may share a rank
            teams = {t for ln in rows for t in ln.split() if t in members[0] | members[1]}
            assert teams and teams <= members[i], (out, teams)
    out = run("leaders", "--part", tables[1].code, "--db", nippon)
    assert _heads(out, names) == _heads(out, names[1:]) and len(_heads(out, names)) == 1
    # a team's board has no league heading
    team = next(iter(members[0]))
    assert not _heads(run("leaders", "--team", team, "--db", nippon), names)


def test_json_keeps_its_rows_and_adds_the_leagues(nippon):
    tables = sv.standings(nippon).tables
    members = {t.code: {r.team for r in t.rows} for t in tables}
    data = json.loads(run("leaders", "pitching", "--stat", "so", "--limit", "8",
                          "--db", nippon, "--json"))
    # "rows": the whole league's board, as before, each row naming its league
    whole = sv.leaders(nippon, kind="pitching", stat="so", limit=8).rows
    assert [(r["rank"], r["player"], r["team"], r["value"]) for r in data["rows"]] == \
        [(r.rank, r.player_id, r.team, r.value) for r in whole]
    assert all(r["team"] in members[r["league"]] for r in data["rows"])
    assert [b["code"] for b in data["leagues"]] == [t.code for t in tables]
    assert [b["name"] for b in data["leagues"]] == [t.name for t in tables]
    for b in data["leagues"]:
        part = sv.leaders(nippon, kind="pitching", stat="so", limit=8, part=b["code"]).rows
        assert [(r["rank"], r["player"]) for r in b["rows"]] == \
            [(r.rank, r.player_id) for r in part]
        assert b["rows"][0]["rank"] == 1 and {r["league"] for r in b["rows"]} == {b["code"]}
    one = json.loads(run("leaders", "--part", tables[0].code, "--db", nippon, "--json"))
    assert [b["code"] for b in one["leagues"]] == [tables[0].code]
    assert one["leagues"][0]["rows"] == one["rows"]


def test_a_league_of_one_has_one_board(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "pac", "pacific")
    sv.new_season(db, "pac", seed=3)
    sv.sim_days(db, days=3)
    data = json.loads(run("leaders", "--db", db, "--json"))
    assert data["rows"] and data["leagues"] == []
    assert {r["league"] for r in data["rows"]} == {None}
    out = run("leaders", "--db", db)
    assert out.splitlines()[1].split()[0] == "1"      # the board straight under the title


def test_the_teams_stand_in_one_column_however_long_the_names(nippon):
    """A long katakana name (ライアン・テイラー, 18 cells) pushed its team past the others'."""
    from tui.cli.common import cells

    teams = {r.team for r in sv.standings(nippon).rows}
    out = run("leaders", "pitching", "--stat", "so", "--limit", "30", "--db", nippon)
    view = sv.leaders(nippon, kind="pitching", stat="so", limit=30)
    assert any(cells(view.names[r.player_id]) > 14 for b in view.boards for r in b.rows)
    starts = set()
    for line in out.splitlines():
        words = line.split()
        team = next((w for w in words if w in teams), None)
        if team is not None:
            starts.add(cells(line[:line.index(" " + team + " ") + 1]))
    assert len(starts) == 1, out


def test_a_code_as_typed(nippon):
    """`--team knz` and `--part cl` as `impact roster list knz` takes a code: any case."""
    tables = sv.standings(nippon).tables
    team = tables[0].rows[0].team
    low = json.loads(run("leaders", "--team", team.lower(), "--db", nippon, "--json"))
    assert low == json.loads(run("leaders", "--team", team, "--db", nippon, "--json"))
    low = json.loads(run("leaders", "--part", tables[1].code.lower(), "--db", nippon, "--json"))
    assert [b["code"] for b in low["leagues"]] == [tables[1].code]
    bad = runner.invoke(app, ["leaders", "--team", "zzz", "--db", nippon])
    assert bad.exit_code != 0 and "(teams: CHB, EDO, FUK," in bad.output   # in order to scan


@pytest.mark.parametrize("kind, typed, stat", [("batting", "AVG", "avg"), ("batting", "打率", "avg"),
                                               ("batting", "本塁打", "hr"), ("pitching", "K", "k"),
                                               ("pitching", "奪三振", "so"),
                                               ("pitching", "防御率", "era")])
def test_a_stat_in_any_case_or_by_its_japanese_name(nippon, kind, typed, stat):
    """`--stat AVG` and `--stat 打率` were refused ("unknown batting stat 'AVG'")."""
    data = json.loads(run("leaders", kind, "--stat", typed, "--db", nippon, "--json"))
    want = json.loads(run("leaders", kind, "--stat", stat, "--db", nippon, "--json"))
    assert data == want and data["stat"] == stat


def test_an_unknown_stat_says_the_japanese_names_are_taken_too(nippon):
    out = runner.invoke(app, ["leaders", "--stat", "zz", "--db", nippon])
    assert out.exit_code != 0 and "unknown batting stat 'zz'" in out.output
    assert "Japanese names, e.g. 打率" in out.output


def test_fielding_leaders_tied_at_1000_share_a_rank_the_most_chances_first(nippon):
    """守備率 after six days: many men field 1.000. They share rank 1 and list the most chances
    (守備機会, PO + A + E) first, each line saying his games and chances; before, the board
    cut them by player id and said neither."""
    out = run("leaders", "fielding", "--limit", "8", "--part", sv.standings(nippon).tables[0].code,
              "--db", nippon)
    rows = [line.split() for line in out.splitlines() if line.endswith(" TC")]
    perfect = [r for r in rows if r[-5] == "1.000"]
    assert len(perfect) >= 2 and all(r[0] == "1" for r in perfect)
    chances = [int(r[-2]) for r in perfect]
    assert chances == sorted(chances, reverse=True) and chances[0] > 0
    data = json.loads(run("leaders", "fielding", "--json", "--db", nippon))
    ranks = [r["rank"] for r in data["leagues"][0]["rows"] if r["text"] == "1.000"]
    assert ranks and set(ranks) == {1}


@pytest.mark.parametrize("typed, kind, stat", [("era", "pitching", "era"),
                                               ("防御率", "pitching", "era"),
                                               ("WHIP", "pitching", "whip"),
                                               ("守備率", "fielding", "fielding_pct"),
                                               ("so", "batting", "so"),
                                               ("本塁打", "batting", "hr")])
def test_a_stat_of_one_kind_alone_needs_no_kind(nippon, typed, kind, stat):
    """`impact leaders --stat era` (or 防御率) was refused, "unknown batting stat 'era'": a
    newcomer had to learn to write `impact leaders pitching --stat era`. With no kind named, a
    stat of pitching or fielding alone reads that board; one batting has too (so, 三振) stays
    the batters'."""
    data = json.loads(run("leaders", "--stat", typed, "--db", nippon, "--json"))
    want = json.loads(run("leaders", kind, "--stat", stat, "--db", nippon, "--json"))
    assert data == want and (data["kind"], data["stat"]) == (kind, stat)


def test_a_kind_named_still_refuses_a_stat_not_its_own(nippon):
    out = runner.invoke(app, ["leaders", "batting", "--stat", "era", "--db", nippon])
    assert out.exit_code == 2 and "unknown batting stat 'era'" in out.output
    assert json.loads(run("leaders", "--db", nippon, "--json"))["kind"] == "batting"


def _board_lines(out: str) -> list[list[str]]:
    return [line.split() for line in out.splitlines() if line.endswith((" TC", " SB+CS"))]


def test_fielding_by_position_as_npbs_boards(nippon):
    """NPB's 守備率 boards are by position: `--pos` reads one, each man's games there alone,
    qualified with two thirds of his team's games at that position (catchers half). The
    default board stays every position together."""
    games = {r.team: r.games for r in sv.standings(nippon).rows}
    for pos, share in (("C", 1 / 2), ("ss", 2 / 3), ("遊撃手", 2 / 3), ("OF", 2 / 3),
                       ("1B", 2 / 3)):
        out = run("leaders", "--pos", pos, "--limit", "30", "--db", nippon)
        name = {"C": "捕手 (C)", "OF": "外野手 (OF)", "1B": "一塁手 (1B)"}.get(pos, "遊撃手 (SS)")
        assert out.splitlines()[0] == f"守備率 (fielding_pct) — {name}, season 1", out
        rows = _board_lines(out)
        assert rows, out
        for r in rows:
            team, g = r[-6], int(r[-4])
            assert g >= games[team] * share, (pos, r)
    # the catchers' and shortstops' boards are other men
    data = {p: {r["player"] for r in json.loads(run("leaders", "--pos", p, "--json", "--limit",
                                                       "30", "--db", nippon))["rows"]}
            for p in ("C", "SS", "1B", "OF")}
    assert data["C"] and data["SS"] and not (data["C"] & data["SS"])
    assert json.loads(run("leaders", "--pos", "lf", "--json", "--db", nippon))["position"] == "OF"
    assert json.loads(run("leaders", "fielding", "--json", "--db", nippon))["position"] is None


def test_a_mans_games_at_each_position_add_up_to_his_games_in_the_field(nippon):
    """Each game's fielding line is at the one position his batting line says: his games by
    position add up to his games (a pinch hitter who stayed the DH has an empty line and no
    position)."""
    team = sv.standings(nippon).rows[0].team
    every = sv.leaders(nippon, kind="fielding", stat="games", team=team, limit=99)
    by_pos: dict[str, int] = {}
    for pos in ("P", "C", "1B", "2B", "3B", "SS", "OF"):
        view = sv.leaders(nippon, kind="fielding", stat="games", team=team, limit=99,
                          position=pos)
        assert view.position == pos
        for r in view.rows:
            by_pos[r.player_id] = by_pos.get(r.player_id, 0) + r.value
    total = {r.player_id: r.value for r in every.rows}
    assert by_pos and set(by_pos) <= set(total)
    assert all(by_pos[p] <= total[p] for p in by_pos)
    assert sum(by_pos.values()) >= sum(total.values()) * 0.95
    # a position's errors and put-outs are his there: the team's fielding at all positions
    po = sum(r.stats.po for pos in ("P", "C", "1B", "2B", "3B", "SS", "OF")
             for r in sv.leaders(nippon, kind="fielding", stat="games", team=team, limit=99,
                                 position=pos).rows)
    assert po == sum(r.stats.po for r in every.rows)


def test_a_pitchers_board_qualifies_with_the_innings(nippon):
    from league.season.stats import qualified_outs
    games = {r.team: r.games for r in sv.standings(nippon).rows}
    view = sv.leaders(nippon, kind="fielding", position="投手", limit=50)
    pitching = sv.leaders(nippon, kind="pitching", stat="outs", limit=500)
    outs = {(r.player_id, r.team): r.value for r in pitching.rows}
    assert view.rows
    for r in view.rows:
        assert outs[(r.player_id, r.team)] >= qualified_outs(games[r.team])


@pytest.mark.parametrize("args, message", [
    (("--pos", "DH"), "unknown position 'DH'; use one of P, C, 1B, 2B, 3B, SS, OF"),
    (("batting", "--pos", "SS"), "--pos SS is for the fielding boards, not batting"),
    (("--pos", "SS", "--stat", "era"), "unknown fielding stat 'era'")])
def test_a_position_refused_in_one_line(nippon, args, message):
    out = runner.invoke(app, ["leaders", *args, "--db", nippon])
    assert out.exit_code != 0 and message in out.output and "Traceback" not in out.output
