"""`impact troop score` and `impact troop play` through Typer's CliRunner."""
import json

import pytest
from typer.testing import CliRunner

from tui.cli.main import app

runner = CliRunner()

EXAMPLE_3 = [0, 30, 43, 48, 49, 50, 50, 50, 51, 53]


def write(tmp_path, data, name="file.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def run(*args):
    return runner.invoke(app, ["troop", *map(str, args)])


def test_score_json_seed_example_3_with_troops_left(tmp_path):
    slips = {f"p{i}": v for i, v in enumerate(EXAMPLE_3, start=1)}
    slips["p1"] = None  # blank slip reads as 0
    slips["p2"] = "30"
    path = write(tmp_path, {"strength": 45, "slips": slips, "troops_left": {"p10": 60}})
    result = run("score", path, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert list(out) == ["players", "k", "enemy_force", "read", "total", "victory", "average",
                         "closest", "points", "troops_left"]
    assert out["players"] == 10 and out["k"] == 3 and out["enemy_force"] == 450
    assert out["read"]["p1"] == 0 and out["read"]["p2"] == 30
    assert out["total"] == 424 and out["victory"] is False
    assert out["average"] == pytest.approx(42.4)
    assert out["closest"] == ["p3"]
    assert out["points"]["p3"] == 45 and out["points"]["p1"] == -90 and out["points"]["p6"] == 15
    assert out["troops_left"]["p10"] == 7 and out["troops_left"]["p9"] == 49


def test_score_reads_slips_above_troops_left_as_all(tmp_path):
    slips = {f"p{i}": 10 for i in range(1, 7)}
    slips["p1"] = "120"
    slips["p2"] = "ten"
    path = write(tmp_path, {"strength": 10, "slips": slips, "troops_left": {"p1": 85}})
    out = json.loads(run("score", path, "--json").stdout)
    assert out["read"]["p1"] == 85 and out["troops_left"]["p1"] == 0
    assert out["read"]["p2"] == 0


def test_score_readable_summary_shows_readings(tmp_path):
    slips = {f"p{i}": 10 for i in range(1, 7)}
    slips["p1"] = "120"
    path = write(tmp_path, {"strength": 10, "slips": slips, "troops_left": {"p1": 85}})
    result = run("score", path)
    assert result.exit_code == 0
    assert "120 → 85, all troops left" in result.stdout
    assert "enemy force 60" in result.stdout and "VICTORY" in result.stdout


def play_file():
    names = [f"p{i}" for i in range(1, 11)]
    r1 = [2, 4, 5, 12, 18, 19, 21, 21, 25, 30]
    r2 = [45, 30, 27, 25, 20, 17, 10, 9, 6, 6]
    r3 = [0, 50, 50, 43, 30, 49, 51, 53, 50, 48]
    return {"players": names, "strengths": [15, 25, 45],
            "rounds": [dict(zip(names, r)) for r in (r1, r2, r3)]}


def test_play_json_whole_game(tmp_path):
    result = run("play", write(tmp_path, play_file()), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert list(out) == ["rounds", "final", "winners"]
    assert len(out["rounds"]) == 3
    assert out["rounds"][0]["strength"] == 15 and out["rounds"][0]["adjusted_from"] is None
    assert out["rounds"][1]["victory"] is False and out["rounds"][1]["total"] == 195
    assert out["final"]["p7"] == {"points": 60, "troops_left": 18, "score": 78}
    assert out["final"]["p1"] == {"points": -65, "troops_left": 53, "score": -12}
    assert out["winners"] == ["p7"]


def test_play_json_reports_round3_adjustment(tmp_path):
    names = [f"p{i}" for i in range(1, 7)]
    data = {"players": names, "strengths": [20, 30, 60],
            "rounds": [dict.fromkeys(names, 50), dict.fromkeys(names, 40),
                       dict.fromkeys(names, "10")]}
    out = json.loads(run("play", write(tmp_path, data), "--json").stdout)
    assert out["rounds"][2]["strength"] == 9 and out["rounds"][2]["adjusted_from"] == 60
    assert out["rounds"][2]["enemy_force"] == 54
    assert sorted(out["winners"]) == names


def test_play_readable_summary(tmp_path):
    result = run("play", write(tmp_path, play_file()))
    assert result.exit_code == 0
    assert "Winner: p7" in result.stdout
    assert "points   60 + troops left  18 =   78" in result.stdout


def test_house_rule_k_allows_five_players(tmp_path):
    data = play_file()
    names = data["players"][:5]
    data = {"players": names, "strengths": [10, 20, 40], "house_k": 1,
            "rounds": [dict.fromkeys(names, 10)] * 3}
    out = json.loads(run("play", write(tmp_path, data), "--json").stdout)
    assert out["rounds"][0]["k"] == 1


def bad_play(change):
    data = play_file()
    change(data)
    return data


@pytest.mark.parametrize("content,message", [
    ("{not json", "line 1, column 2: not valid JSON"),
    ("[1, 2]", "the file must be a JSON object"),
    (bad_play(lambda d: d["rounds"][1].update({"zed": 4})), "round 2: 'zed' is not one of the players"),
    (bad_play(lambda d: d["rounds"].pop()), "exactly 3 rounds, got 2"),
    (bad_play(lambda d: d.update(players=d["players"][:5],
                                 rounds=[{n: 1 for n in d["players"][:5]}] * 3)),
     "6–15 players, got 5; choose a house-rule k"),
    (bad_play(lambda d: d["strengths"].__setitem__(1, "strong")),
     "round 2: strength must be a whole number, got 'strong'"),
    (bad_play(lambda d: d["rounds"][0].pop("p4")), "round 1: no slip for 'p4'"),
    (bad_play(lambda d: d.pop("strengths")), "missing key 'strengths'"),
    (bad_play(lambda d: d.update(extra=1)), "unknown key 'extra'"),
    (bad_play(lambda d: d["rounds"][2].update(p1=[3])), "round 3: the slip of 'p1' must be"),
])
def test_play_refuses_bad_files_with_one_clear_line(tmp_path, content, message):
    path = write(tmp_path, content)
    result = run("play", path, "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"error: {path}: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("content,message", [
    ({"strength": "abc", "slips": {f"p{i}": 1 for i in range(6)}},
     "strength must be a whole number, got 'abc'"),
    ({"strength": 10, "slips": {f"p{i}": 1 for i in range(6)}, "troops_left": {"zz": 3}},
     "troops left: 'zz' is not one of the players"),
    ({"strength": 10, "slips": {f"p{i}": 1 for i in range(6)}, "troops_left": {"p1": 300}},
     "troops left of 'p1': must be a whole number from 0 to 100"),
    ({"strength": 10, "slips": {f"p{i}": 1 for i in range(5)}}, "6–15 players, got 5"),
    ({"strength": 10, "slips": [1, 2]}, "slips must be a JSON object"),
])
def test_score_refuses_bad_files(tmp_path, content, message):
    path = write(tmp_path, content)
    result = run("score", path, "--json")
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.startswith(f"error: {path}: ")


def test_unreadable_files(tmp_path):
    missing = tmp_path / "nope.json"
    result = run("score", missing, "--json")
    assert result.exit_code == 2 and f"error: {missing}: no such file" in result.stderr
    result = run("play", tmp_path)
    assert result.exit_code == 2 and "is a directory" in result.stderr
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00bad")
    result = run("play", binary)
    assert result.exit_code == 2 and "is not UTF-8 text" in result.stderr


def test_event_command_refuses_a_bad_database_url():
    result = run("event", "--db", "nosuchdialect://x/y")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: nosuchdialect://x/y: cannot open the event database")
    assert "Traceback" not in result.stderr


def test_troop_commands_are_listed():
    result = runner.invoke(app, ["troop", "--help"])
    assert result.exit_code == 0
    for command in ("score", "play", "event"):
        assert command in result.stdout
