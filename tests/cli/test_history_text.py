"""`impact history` as a fan reads it, in a league of two (the bundled `nippon`): each postseason
series with the score `impact postseason status` gives it — the Climax Series final stage's
advantage win counted and said, as NPB writes it (4-1, incl. 1 advantage win), where history
wrote the games alone (3-1: the winner short of the four wins the series needs) — and each
league's (リーグ) title holders under its name, as `impact titles` prints them, where two
unnamed lists of 首位打者, 本塁打王 … followed each other."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app

runner = CliRunner()


def run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.stdout


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("history-text") / "league.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon", seed=1, games_per_opponent=1)
    sv.sim_days(db, "nippon", days=10_000)
    sv.start_postseason(db, "nippon")
    sv.sim_postseason(db, "nippon")
    sv.close_all()
    return db


def test_each_series_has_the_score_postseason_status_gives(played):
    status = json.loads(run("postseason", "status", "--db", played, "--json"))
    history = json.loads(run("history", "--db", played, "--json"))
    text = run("history", "--db", played)
    series = history["seasons"][0]["postseason"]
    assert [x["key"] for x in series] == [x["key"] for x in status["series"]]
    advantaged = 0
    for mine, theirs in zip(series, status["series"]):
        wins = theirs["wins"]
        # the games won stay as they were; the advantage is its own field
        advantage = mine["advantage"]
        assert (mine["high_wins"] + advantage, mine["low_wins"], mine["draws"]) == \
            (wins["high"], wins["low"], wins["draws"])
        advantaged += advantage
        score = f"{wins['high']}-{wins['low']}" + (f"-{wins['draws']}" if wins["draws"] else "")
        said = f" (incl. {advantage} advantage win)" if advantage else ""
        assert mine["score"] == score + said
        assert f"{mine['name']}: " in text and f" {score}{said} " in text.split(
            f"{mine['name']}: ")[1].splitlines()[0]
    assert advantaged == 2, "the two final stages' advantage wins"


def test_each_leagues_titles_stand_under_its_name(played):
    history = json.loads(run("history", "--db", played, "--json"))
    text = run("history", "--db", played).splitlines()
    leagues = list(dict.fromkeys(t["league"] for t in history["seasons"][0]["titles"]))
    assert leagues == ["コスモ・リーグ", "パノラマ・リーグ"]
    heads = [i for i, line in enumerate(text) if line.strip() in {f"[{lg}]" for lg in leagues}]
    assert [text[i].strip() for i in heads] == [f"[{lg}]" for lg in leagues]
    # each league's 首位打者 follows its own name
    for i, lg in zip(heads, leagues):
        first = next(t for t in history["seasons"][0]["titles"] if t["league"] == lg)
        assert first["ja"] in text[i + 1]
        assert first["holders"][0]["name"] in text[i + 1]


def test_a_players_page_shows_his_postseason_as_its_json_does(played):
    """`impact player` printed the regular season and career but not the postseason its --json
    gives (`postseason`): a man who hit three home runs in the Climax Series read as if he had
    not played in it."""
    status = json.loads(run("postseason", "status", "--db", played, "--json"))
    game = status["series"][-1]["games"][0]["number"]          # the Japan Series' first game
    box = json.loads(run("boxscore", str(game), "--no-plays", "--db", played, "--json"))
    batter = next(b["player"] for b in box["batting"] if b["pa"] > 0)
    pitcher = box["pitching"][0]["player"]
    for pid, kind in ((batter, "batting"), (pitcher, "pitching")):
        page = json.loads(run("player", pid, "--no-log", "--db", played, "--json"))
        post = page["postseason"][kind]
        assert post is not None and post["games"] >= 1
        lines = run("player", pid, "--no-log", "--db", played).splitlines()
        [line] = [ln for ln in lines if ln.startswith(f"  {kind} postseason: ")]
        assert f"games {post['games']} " in line
        # between the season's line and the career's
        order = [ln.split(":")[0].strip() for ln in lines if ln.startswith(f"  {kind} ")]
        assert order[:3] == [f"{kind} season", f"{kind} postseason", f"{kind} career"]
    # a man without postseason games has no such line
    quiet = json.loads(run("player", "SAP01", "--no-log", "--db", played, "--json"))
    if quiet["postseason"]["batting"] is None:
        assert "postseason" not in run("player", "SAP01", "--no-log", "--db", played)


def test_a_postseason_box_score_names_its_series_and_game(played):
    """`impact boxscore` of a postseason game said only "game 881, 2026-10-29": not which
    series, nor which game of it. Now "…, 日本シリーズ game 3" (--json: `series`), each series'
    games numbered from 1 in the order played (an advantage win is no game); a regular-season
    game's header is as it was."""
    status = json.loads(run("postseason", "status", "--db", played, "--json"))
    for x in status["series"]:
        for k, g in enumerate(x["games"], start=1):
            head = run("boxscore", str(g["number"]), "--no-plays", "--db", played).splitlines()[0]
            assert head == f"game {g['number']}, {g['day']}, {x['name']} game {k}"
            data = json.loads(run("boxscore", str(g["number"]), "--no-plays", "--json",
                                  "--db", played))
            assert data["series"] == {"key": x["key"], "name": x["name"], "game": k}
    regular = json.loads(run("boxscore", "1", "--no-plays", "--json", "--db", played))
    assert regular["series"] is None
    assert run("boxscore", "1", "--no-plays", "--db", played).splitlines()[0] == \
        f"game 1, {regular['day']}"


def test_a_players_game_log_lists_his_postseason_games_apart_by_series(played):
    """`impact player`'s game log listed the regular season alone: a man who played the Japan
    Series had no line of it. Now, as NPB's player pages list 日本シリーズ apart, a "postseason
    game log" follows the season's, each game named by its series and its number in it (as the
    box score's header), and --json has them as `postseason_game_log` (`series` each)."""
    status = json.loads(run("postseason", "status", "--db", played, "--json"))
    japan = status["series"][-1]
    box = json.loads(run("boxscore", str(japan["games"][0]["number"]), "--no-plays", "--db",
                         played, "--json"))
    pid = next(b["player"] for b in box["batting"] if b["pa"] > 0)
    page = json.loads(run("player", pid, "--db", played, "--json"))
    numbers = {g["number"]: (x, k) for x in status["series"]
               for k, g in enumerate(x["games"], start=1)}
    post = page["postseason_game_log"]
    assert post and all(e["game"] in numbers for e in post)
    assert not any(e["game"] in numbers for e in page["game_log"])   # the season's alone
    for e in post:
        x, k = numbers[e["game"]]
        assert e["series"] == {"key": x["key"], "name": x["name"], "game": k}
    assert sum(e["batting"]["ab"] for e in post if "batting" in e) == \
        page["postseason"]["batting"]["ab"]
    lines = run("player", pid, "--db", played).splitlines()
    regular = lines.index("  game log:")
    for x in status["series"]:
        games = [e for e in post if e["series"]["key"] == x["key"]]
        heading = f"  postseason game log, {x['name']}:"
        if not games:
            assert heading not in lines
            continue
        at = lines.index(heading)
        assert regular < at
        for e, line in zip(games, lines[at + 1:at + 1 + len(games)], strict=True):
            assert line.startswith(f"  game {e['series']['game']:<2} {e['day']} #{e['game']}")
    assert "  postseason game log, 日本シリーズ:" in lines
    # a man without postseason games: no such heading
    quiet = json.loads(run("player", "SAP01", "--db", played, "--json"))
    if not quiet["postseason_game_log"]:
        assert "postseason game log" not in run("player", "SAP01", "--db", played)
