"""A player's splits: batting against left- and right-handed pitchers (vs LHP / vs RHP, from the
pitchers he actually faced, relievers included) and batting and pitching at home and away — from
the engine, through storage and export, on the command line (`impact stats splits`, `impact player
--json`) and in the Players area."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from league.engine.game import BAT_FIELDS
from league.season.simulate import schedule, seeded_games
from tui import services
from tui.app import ImpactApp
from tui.cli.main import app as cli

from tui_helpers import opened, until

runner = CliRunner()


def test_a_batters_lines_against_each_hand_add_up_to_his_game_line(pacific, ruleset):
    relieved = 0
    for _seed, result in seeded_games(pacific, ruleset, schedule(pacific, 60), 5, quiet=True):
        faced = {0: set(), 1: set()}   # the hands each side's batters faced
        for side, pid, _line in result.pitching:
            faced[1 - side].add(result.players[pid].throws)
        relieved += sum(1 for side in (0, 1) if len(faced[side]) == 2)
        split: dict[str, list[int]] = {}
        for side, pid, hand, line in result.splits:
            assert hand in faced[side], (pid, hand, faced[side])
            acc = split.setdefault(pid, [0] * len(BAT_FIELDS))
            for i, v in enumerate(line):
                acc[i] += v
        for _side, pid, line, _pos in result.batting:
            assert split.get(pid, [0] * len(BAT_FIELDS)) == list(line), pid
    assert relieved > 0, "some games bring pitchers of both hands"


def _league(tmp_path, sample="pacific", days=6):
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, sample, sample)
    services.new_season(db, sample)
    services.sim_days(db, days=days)
    return db


def test_splits_add_up_to_the_season_line(tmp_path):
    db = _league(tmp_path)
    checked = 0
    for pid in ("SAP01", "SAP03", "OSK03", "OSK04", "FUK05", "FUK06"):
        view = services.player(db, pid)
        if view.batting is None:
            assert "batting" not in view.splits
            continue
        checked += 1
        bat = view.splits["batting"]
        assert bat["vs_L"] is None or bat["vs_L"].pa >= 0
        pa = sum(s.pa for s in (bat["vs_L"], bat["vs_R"]) if s is not None)
        assert pa == view.batting.pa
        parts = [st for st in (bat["home"], bat["away"]) if st is not None]
        assert sum(st.games for st in parts) == view.batting.games
        assert sum(st.h for st in parts) == view.batting.h
    assert checked >= 3
    starter = services.player(db, "SAP16")
    pit = starter.splits["pitching"]
    outs = sum(s.outs for s in (pit["home"], pit["away"]) if s is not None)
    assert outs == starter.pitching.outs


def test_stats_splits_on_the_command_line(tmp_path):
    db = _league(tmp_path)
    res = runner.invoke(cli, ["stats", "splits", "SAP01", "--db", db, "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["id"] == "SAP01" and set(data["splits"]["batting"]) == {"vs_L", "vs_R", "home",
                                                                         "away"}
    text = runner.invoke(cli, ["stats", "splits", "SAP01", "--db", db])
    assert text.exit_code == 0 and "vs LHP" in text.output and "away" in text.output
    player = json.loads(runner.invoke(cli, ["player", "SAP01", "--db", db, "--json"]).output)
    where = player["splits"]["batting"]
    assert sum((where[k] or {}).get("games", 0) for k in ("home", "away")) == \
        player["batting"]["games"]
    bad = runner.invoke(cli, ["stats", "splits", "NOBODY", "--db", db])
    assert bad.exit_code != 0 and "NOBODY" in bad.output and "Traceback" not in bad.output


def test_splits_survive_export_and_import(tmp_path):
    db = _league(tmp_path, days=3)
    path = tmp_path / "league.json"
    path.write_text(services.export_league(db, "pacific", None, "json"), encoding="utf-8")
    services.create_league(db, "again", path)
    for pid in ("SAP01", "CHB02"):
        a = services.player(db, pid, "pacific").splits
        b = services.player(db, pid, "again").splits
        assert a == b


def test_a_league_stored_before_splits_opens_and_splits_its_new_games(tmp_path):
    """tests/fixtures/league_0004.sqlite3 (schema 0004): its games have no lines against each
    hand (home and away still come from the game lines); games played after the upgrade do."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(Path(__file__).parents[1] / "fixtures" / "league_0004.sqlite3", path)
    db = str(path)
    team = services.open_league(db).teams[0]
    pid = next(p.id for p in team.players if p.batting is not None and p.pitching is None)
    before = services.player(db, pid)
    if before.batting is not None:
        bat = before.splits["batting"]
        assert bat["vs_L"] is None and bat["vs_R"] is None
        assert bat["home"] is not None or bat["away"] is not None
    services.sim_days(db, to_end=True)
    after = services.player(db, pid).splits["batting"]
    new_pa = sum(s.pa for s in (after["vs_L"], after["vs_R"]) if s is not None)
    old_pa = before.batting.pa if before.batting is not None else 0
    assert new_pa == services.player(db, pid).batting.pa - old_pa > 0


def test_the_players_area_shows_the_splits(tmp_path):
    import asyncio

    db = _league(tmp_path, days=3)

    async def run():
        app = ImpactApp(db=db, sample="pacific")
        async with app.run_test(size=(120, 36)) as pilot:
            await opened(app, pilot)
            await pilot.press("4")
            await until(pilot, lambda: app.screen.query("#players-table")
                        and app.screen.query_one("#players-table").row_count > 0)
            stats = app.screen.query_one("#player-stats")
            await until(pilot, lambda: "vs LHP" in _text(stats) or "対左投手" in _text(stats))
            japanese = app.japanese
            assert ("対左投手" if japanese else "vs LHP") in _text(stats)
            await pilot.press("L")
            await until(pilot, lambda: ("vs LHP" if japanese else "対左投手") in _text(stats))

    asyncio.run(run())


def _text(widget) -> str:
    import io

    from rich.console import Console

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()
