"""The box score's 本塁打 line as the Japanese papers write it: each home run with its number in
the batter's season (N号) and its kind (ソロ, 2ラン, 3ラン, 満塁: the men on base, from the
play record), then the inning and the pitcher — `本塁打 岡本 12号（2ラン）（3回 菅野）`; in
English `HR: Okamoto 12 (2-run, 3rd inning, off Sugano)`. Before, the line had neither."""
from __future__ import annotations

import itertools
from collections import Counter

from typer.testing import CliRunner

from league.engine.boxscore import HR_KIND_EN, HR_KIND_JA, home_run_line, home_run_men, render
from tui import services as sv
from tui.cli.main import app
from tui.services.folders import sample_league_path

import engine_digest as digest


def test_each_home_runs_kind_is_the_men_on_base_and_its_runs_in_the_play_record():
    kinds: Counter = Counter()
    for _seed, result in itertools.islice(digest.digest_games(), 120):
        men = home_run_men(result)
        assert len(men) == len(result.home_runs)
        hrs = [(play, ev) for play, ev in zip(result.plays, result.events)
               if ev.what in ("HR", "HRIP")]
        for (play, ev), on in zip(hrs, men):
            assert on == sum(1 for r in ev.before if r) and on is not None
            # a home run scores the men on base and the batter (9.06(g))
            assert len(ev.scored) == on + 1
            kinds[on] += 1
        line = next((x for x in render(result, plays=False).splitlines()
                     if x.startswith("本塁打 ")), None)
        assert (line is None) == (not result.home_runs)
        if line:
            assert line.count("（") == 2 * len(result.home_runs)
            for on in men:
                assert f"（{HR_KIND_JA[on]}）" in line
    assert set(kinds) == {0, 1, 2, 3}              # solo shots to grand slams were seen


def test_the_box_score_numbers_each_home_run_in_the_batters_season(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pac", sample_league_path("pacific"))
    sv.new_season(db, seed=3)
    sv.sim_days(db, days=12)
    season: Counter = Counter()        # each batter's home runs so far, game by game
    seen_second = False
    games = sorted((g for _day, day_games in sv.schedule_days(db) for g in day_games
                    if g.status == "final"), key=lambda g: (g.day, g.number))
    for g in games:
        box = sv.boxscore(db, g.number, plays=False)
        r = box.result
        expected = []
        for _side, batter, _inning, _pitcher in r.home_runs:
            season[batter] += 1
            expected.append(season[batter])
            seen_second |= season[batter] > 1
        assert list(box.hr_numbers) == expected
        assert [hr["season_number"] for hr in box.data["home_runs"]] == expected
        if r.home_runs:
            line = next(x for x in box.numbered_text.splitlines() if x.startswith("本塁打 "))
            items = line[len("本塁打 "):].split("、")
            for item, (_s, batter, inning, pitcher), n, on in zip(
                    items, r.home_runs, expected, home_run_men(r)):
                assert item == (f"{r.players[batter].name} {n}号（{HR_KIND_JA[on]}）"
                                f"（{inning}回 {r.players[pitcher].name}）")
            english = home_run_line(r, lambda pid: r.players[pid].name, True, box.hr_numbers)
            assert english.startswith("HR: ")
            assert f"{r.players[r.home_runs[0][1]].name} {expected[0]} " \
                   f"({HR_KIND_EN[home_run_men(r)[0]]}, " in english
    assert seen_second
    # `text` stays the engine's box score of the game (the same as its replay's, no N号);
    # `impact boxscore` prints the numbered one
    hr_game = next(g for g in games if sv.boxscore(db, g.number).result.home_runs)
    box = sv.boxscore(db, hr_game.number)
    names = {c: n for c, n in sv.standings(db).names.items()}
    assert box.text == render(box.result, names) and "号（" not in box.text
    out = CliRunner().invoke(app, ["boxscore", str(hr_game.number), "--db", db])
    assert out.exit_code == 0 and box.numbered_text in out.output and "号（" in out.output
    # the season's totals: each batter's last 号 is his home runs in the stats
    for pid, n in season.items():
        assert sv.player(db, pid).batting.hr == n


def test_a_box_score_is_rendered_once_and_only_when_read(tmp_path, monkeypatch):
    """The service rendered every box score twice (`text`, then `numbered_text` with the N号)
    and the app's box score screen, which draws its own in the chosen language from the
    result, a third time. Now each text is rendered when first read, once; the texts are
    the same as before."""
    import tui.services.games as games

    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pac", sample_league_path("pacific"))
    sv.new_season(db, seed=3)
    sv.sim_days(db, days=3)
    number = next(g.number for _d, gs in sv.schedule_days(db) for g in gs
                  if g.status == "final" and sv.boxscore(db, g.number).result.home_runs)
    calls = []
    real = games.render
    monkeypatch.setattr(games, "render", lambda *a, **k: calls.append(k) or real(*a, **k))
    box = sv.boxscore(db, number, plays=False)          # as the app's screen asks for it
    assert calls == [] and box.result.home_runs
    names = {c: n for c, n in sv.standings(db).names.items()}
    assert box.numbered_text == box.numbered_text == real(
        box.result, names, plays=False, hr_numbers=box.hr_numbers)
    assert len(calls) == 1
    assert box.text == box.text == real(box.result, names, plays=False) != box.numbered_text
    assert len(calls) == 2
    out = CliRunner().invoke(app, ["boxscore", str(number), "--db", db])
    assert out.exit_code == 0 and len(calls) == 3          # impact boxscore: one render
    assert sv.boxscore(db, number).numbered_text in out.output
