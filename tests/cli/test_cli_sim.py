"""The command line: sim game, replay from rolls, calibrate, bench, rules check."""
from __future__ import annotations

import json

from typer.testing import CliRunner

from tui.cli.main import app

runner = CliRunner()

BAT_KEYS = {"team", "player", "name", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "ibb",
            "hbp", "so", "sb", "cs", "sh", "sf", "gidp", "e"}
PIT_KEYS = {"team", "player", "name", "outs", "bf", "h", "hr", "bb", "hbp", "so", "r", "er", "decision"}


def _games(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_sim_game_prints_a_box_score():
    res = runner.invoke(app, ["sim", "game", "--seed", "3"])
    assert res.exit_code == 0, res.output
    assert "計  安  失" in res.output
    assert "投手" in res.output and "打数" in res.output
    assert "勝 " in res.output or "draw" in res.output
    assert "1回表" in res.output  # the play-by-play


def test_sim_game_json_detail_has_the_documented_fields():
    res = runner.invoke(app, ["sim", "game", "--seed", "10", "--count", "3", "--json", "--detail"])
    assert res.exit_code == 0, res.output
    games = _games(res.output)
    assert [g["seed"] for g in games] == [10, 11, 12]
    pairs = {(g["away"]["team"], g["home"]["team"]) for g in games}
    assert len(pairs) == 3, "games rotate through the league's pairings"
    for g in games:
        for side in ("away", "home"):
            assert {"team", "runs", "hits", "errors", "innings"} <= set(g[side])
            assert sum(g[side]["innings"]) == g[side]["runs"]
        assert all(BAT_KEYS <= set(b) for b in g["batting"])
        assert all(PIT_KEYS <= set(p) for p in g["pitching"])
        assert all({"inning", "half", "batter", "pitcher", "text", "outs", "runs"} <= set(p) for p in g["plays"])
        assert all({"purpose", "raw", "modifiers", "modified", "table", "row", "result"} <= set(r)
                   for r in g["rolls"])


def test_rolls_file_replays_a_logged_game_exactly(tmp_path):
    res = runner.invoke(app, ["sim", "game", "--away", "OSK", "--home", "CHB", "--seed", "77", "--json", "--detail"])
    original = _games(res.output)[0]
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("\n".join(str(r["raw"]) for r in original["rolls"]) + "\n")
    res = runner.invoke(app, ["sim", "game", "--away", "OSK", "--home", "CHB", "--rolls", str(rolls), "--json", "--detail"])
    assert res.exit_code == 0, res.output
    replay = _games(res.output)[0]
    original.pop("seed")
    replay.pop("seed")
    assert replay == original


def test_running_out_of_rolls_says_how_many_were_used(tmp_path):
    rolls = tmp_path / "few.txt"
    rolls.write_text("50\n50\n50\n")
    res = runner.invoke(app, ["sim", "game", "--rolls", str(rolls)])
    assert res.exit_code != 0
    assert "ran out of rolls" in res.output and "3 rolls used" in res.output
    assert "Traceback" not in res.output


def test_typed_rolls_read_00_as_100_and_refuse_bad_dice(tmp_path):
    rolls = tmp_path / "bad.txt"
    rolls.write_text("00\n12\nabc\n")
    res = runner.invoke(app, ["sim", "game", "--rolls", str(rolls)])
    assert res.exit_code != 0
    assert "line 3" in res.output and "'abc'" in res.output


def test_unknown_team_is_one_clear_line():
    res = runner.invoke(app, ["sim", "game", "--away", "ZZZ", "--home", "SAP"])
    assert res.exit_code == 2
    assert "no team 'ZZZ'" in res.output and "SAP" in res.output


def test_a_team_code_in_any_case():
    """`--away osk --home chb` plays OSK at CHB, as `impact roster list osk` takes a code."""
    low = runner.invoke(app, ["sim", "game", "--away", "osk", "--home", "Chb", "--seed", "77",
                              "--json"])
    up = runner.invoke(app, ["sim", "game", "--away", "OSK", "--home", "CHB", "--seed", "77",
                             "--json"])
    assert low.exit_code == 0, low.output
    assert low.output == up.output and _games(up.output)[0]["away"]["team"] == "OSK"


def test_calibrate_prints_every_figure_with_its_band():
    res = runner.invoke(app, ["calibrate", "--games", "60"])
    assert res.exit_code in (0, 1)
    for name in ("runs", "AVG", "OBP", "SLG", "HR/PA", "BB/PA", "K/PA", "2B/H", "3B/H",
                 "SB attempts", "SB success", "errors", "double plays", "sacrifice bunts"):
        assert name in res.output
    assert ("FAIL" in res.output) == (res.exit_code == 1)


def test_bench_prints_figures():
    res = runner.invoke(app, ["bench", "--games", "20"])
    assert res.exit_code == 0, res.output
    for key in ("games/s", "PA/s", "rolls/game", "engine/dice"):
        assert key in res.output
    # quiet games, the odds' games (no box score) and the full record: the same games, the
    # same rolls (issue 34)
    sections = [line for line in res.output.splitlines() if line.startswith("--- ")]
    assert [s.split()[1] for s in sections] == ["quiet", "the", "full"], sections
    assert "no box score" in sections[1]
    rolls = {line.split()[1] for line in res.output.splitlines() if line.startswith("rolls/game")}
    assert len(rolls) == 1, rolls
    # engine/dice in wall time and in CPU time, each a positive ratio
    ratios = [line.split() for line in res.output.splitlines() if line.startswith("engine/dice")]
    assert len(ratios) == 3 and all(r[2] == "(CPU" for r in ratios), ratios
    assert all(float(r[1]) > 0 and float(r[3].rstrip(")")) > 0 for r in ratios), ratios


def test_bench_season_and_odds_print_the_issue_34_figures():
    """impact bench --season: the engine alone, as many bench games, the stored season, each
    with its CPU, and their ratios; --odds: the first estimate, 1,000 runs at that pace and at
    the CPU a run takes (with the engine's share), which the machine's other work barely moves."""
    res = runner.invoke(app, ["bench", "--season", "--league", "pacific", "--rounds", "1",
                              "--games-per-opponent", "2"])
    assert res.exit_code == 0, res.output
    for key in ("engine alone", "bench games", "season game", "season stored",
                "stored/engine", "storage adds", "s CPU"):
        assert key in res.output, key
    res = runner.invoke(app, ["bench", "--odds", "--league", "mini", "--runs", "3",
                              "--workers", "1"])
    assert res.exit_code == 0, res.output
    for key in ("first estimate", "all runs", "runs/s", "1,000 runs", "95 % margin",
                "CPU a run", "the engine's games", "quiet cores"):
        assert key in res.output, key


def test_rules_check_accepts_the_shipped_ruleset():
    from importlib import resources
    path = resources.files("league") / "rulesets" / "standard.toml"
    res = runner.invoke(app, ["rules", "check", str(path)])
    assert res.exit_code == 0, res.output
    assert "valid" in res.output


def test_rules_check_names_file_table_row_and_problem(tmp_path):
    from importlib import resources
    text = (resources.files("league") / "rulesets" / "standard.toml").read_text(encoding="utf-8")
    bad = text.replace('{ upto = 16, result = "3・4・4・4" }', '{ upto = 16, result = "3・4・4" }')
    bad = bad.replace('B = "2 14 82 98 100"', 'B = "2 14 82 70 100"')
    assert bad != text
    f = tmp_path / "mine.toml"
    f.write_text(bad, encoding="utf-8")
    res = runner.invoke(app, ["rules", "check", str(f)])
    assert res.exit_code == 2
    assert "mine.toml" in res.output
    assert "table long, row ~16" in res.output and "must give 4 results" in res.output
    assert "table condition, row B" in res.output and "below the bound before it" in res.output


def test_rules_check_refuses_malformed_toml(tmp_path):
    f = tmp_path / "broken.toml"
    f.write_text("name = \n[platoon\n", encoding="utf-8")
    res = runner.invoke(app, ["rules", "check", str(f)])
    assert res.exit_code == 2
    assert "broken.toml" in res.output and "malformed TOML" in res.output


def test_typed_dice_at_the_keyboard_play_the_same_game():
    """Rules C.4: a person can roll real dice and type them in; a bad entry is asked again."""
    res = runner.invoke(app, ["sim", "game", "--seed", "5", "--json", "--detail"])
    logged = _games(res.output)[0]
    typed = [str(r["raw"]) for r in logged["rolls"]]
    typed.insert(2, "7x")
    res = runner.invoke(app, ["sim", "game", "--typed", "--json", "--detail"], input="\n".join(typed) + "\n")
    assert res.exit_code == 0, res.output
    assert "roll again" in res.output
    game = json.loads(res.output[res.output.rindex('{"seed"'):].splitlines()[0])
    logged.pop("seed")
    game.pop("seed")
    assert game == logged


def test_sim_game_json_is_compact_by_default_and_replays_from_its_raw_rolls(tmp_path):
    """`impact sim game --json`: raw rolls, lines and plays as short codes in a few KB; the full
    roll log behind --detail; the raw rolls fed back make the same game."""
    import json as _json

    from typer.testing import CliRunner

    from tui.cli.main import app

    runner = CliRunner()
    res = runner.invoke(app, ["sim", "game", "--away", "OSK", "--home", "CHB", "--seed", "77",
                              "--json", "--count", "3"])
    assert res.exit_code == 0, res.output
    games = [_json.loads(line) for line in res.output.splitlines()]
    for g in games:
        assert len(_json.dumps(g, ensure_ascii=False, separators=(",", ":")).encode()) <= 12_000
        assert "rolls" not in g and g["format"] == "compact"
        codes = {p[3] for p in g["plays"]}
        assert "?" not in codes and codes & {"K", "GO", "1B"}
        assert g["batting"]["fields"][:4] == ["team", "player", "pos", "pa"]
    full = runner.invoke(app, ["sim", "game", "--away", "OSK", "--home", "CHB", "--seed", "77",
                               "--json", "--detail"])
    detail = _json.loads(full.output)
    assert [r["raw"] for r in detail["rolls"]] == games[0]["raws"]
    assert len(detail["plays"]) == len(games[0]["plays"])
    rolls = tmp_path / "rolls.txt"
    rolls.write_text("\n".join(str(r) for r in games[0]["raws"]), encoding="utf-8")
    again = runner.invoke(app, ["sim", "game", "--away", "OSK", "--home", "CHB", "--rolls",
                                str(rolls), "--json"])
    replayed = _json.loads(again.output)
    assert replayed["seed"] is None
    assert {k: v for k, v in replayed.items() if k != "seed"} == \
        {k: v for k, v in games[0].items() if k != "seed"}


def test_every_command_plays_the_twelve_team_league_by_default(tmp_path):
    """Issue 29: `nippon`, the league the app opens, is the default of every command — sim game
    (by name too), league new, cards check — and no hint sends a newcomer to `--from pacific`."""
    from league.season.roster import League
    from storage.plainfiles import load_league, sample_league_path
    nippon = {t.code for t in load_league(sample_league_path("nippon")).teams}
    pacific = {t.code for t in load_league(sample_league_path("pacific")).teams}
    res = runner.invoke(app, ["sim", "game", "--seed", "1", "--count", "12", "--json"])
    assert res.exit_code == 0, res.output
    seen = {g[s]["team"] for g in _games(res.output) for s in ("away", "home")}
    assert seen <= nippon and seen - pacific, seen
    named = runner.invoke(app, ["sim", "game", "--league", "pacific", "--count", "6", "--json"])
    assert named.exit_code == 0, named.output
    assert {g[s]["team"] for g in _games(named.output) for s in ("away", "home")} <= pacific
    db = str(tmp_path / "l.sqlite3")
    empty = runner.invoke(app, ["league", "list", "--db", db])   # no such file: how to make one
    assert "--from pacific" not in empty.output and f"impact --db {db} league new NAME" in \
        empty.output
    made = runner.invoke(app, ["league", "new", "mine", "--db", db])
    assert made.exit_code == 0, made.output
    listed = runner.invoke(app, ["league", "list", "--db", db, "--json"])
    assert json.loads(listed.output)[0]["teams"] == 12
    assert isinstance(load_league(sample_league_path()), League)
    assert {t.code for t in load_league(sample_league_path()).teams} == nippon
    import inspect

    from tui.cli.cards import check_cmd
    assert inspect.signature(check_cmd).parameters["league"].default.default == "nippon"
