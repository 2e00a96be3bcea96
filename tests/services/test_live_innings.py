"""A game at the keyboard ends where the simulated one does (issue 29: live games got no inning
limit, so they went on past the league's extra_innings and a Japan Series game 1-7 past 12).
The limit is one service's (postseason.slot_innings) for both: the league's extra_innings in the
season, a postseason game's by its series' format and its place in the series — counted from 0,
as SeriesFormat.innings_limit counts (the simulation passed the series' game count, the current
game included, so a Japan Series game 7 was played without a limit)."""
from __future__ import annotations

import importlib
import shutil
from pathlib import Path

from league.season.postseason import NO_INNING_LIMIT, postseason_specs
from storage import repository as repo
from storage.views import GameSlot
from tui import services
from tui.app import ImpactApp
from tui.screens.play import PlayScreen

from tui_helpers import until

ps = importlib.import_module("tui.services.postseason")   # the package has a postseason function
SAMPLE = Path(__file__).resolve().parents[2] / "sample_leagues" / "pacific"


def _league_with_ten_innings(tmp_path) -> str:
    """The pacific league with extra_innings = 10 (the engine's ruleset default is 12)."""
    folder = tmp_path / "ten"
    shutil.copytree(SAMPLE, folder)
    toml = folder / "league.toml"
    text = toml.read_text(encoding="utf-8")
    assert "extra_innings = 12" in text
    toml.write_text(text.replace("extra_innings = 12", "extra_innings = 10"), encoding="utf-8")
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "ten", folder)
    services.new_season(db, "ten", games_per_opponent=2, seed=3)
    return db


def test_a_keyboard_game_takes_the_leagues_inning_limit(tmp_path):
    db = _league_with_ten_innings(tmp_path)
    setup = services.start_live(db, number=1, people=(1,))
    assert setup.innings == 10
    assert services.resume_live(db, setup.info.id).innings == 10
    exhibition = services.start_live(db, away="SAP", home="SEN", people=(0,))
    assert exhibition.innings == 10


async def test_the_play_screen_plays_to_the_leagues_limit(tmp_path):
    """At the keyboard (80x24): the game the play screen runs stops after the league's 10th."""
    db = _league_with_ten_innings(tmp_path)
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=(80, 24)) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("2")
        await until(pilot, lambda: app.screen.query("#day-games")
                    and app.screen.query_one("#day-games").row_count)
        app.screen.query_one("#day-games").focus()
        await pilot.press("p")
        await until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("b", "enter")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen)
                    and app.screen._run is not None and app.screen._run.game is not None)
        assert app.screen._run.game.max_innings == 10


def _series(games: int) -> repo.StoredSeries:
    japan = {s.key: s for s in postseason_specs(None, ["CL", "PL"])}["JS"]
    slots = tuple(GameSlot(100 + k, 50 + k, None, "CL1", "PL1", 7, "final", 1, 1,
                           kind="postseason") for k in range(games))
    fmt = {k: getattr(japan.format, k) for k in japan.format.__dataclass_fields__}
    return repo.StoredSeries(7, 0, "JS", "日本シリーズ", "", "CL1", "PL1", 1, 1, fmt, "",
                             "playing", None, slots)


def test_japan_series_games_one_to_seven_stop_after_twelve_the_eighth_never(monkeypatch):
    """slot_innings: game k of the series (its place among the series' games, draws included):
    games 1-7 the limit of 12, game 8 none (SeriesFormat.innings_limit counts from 0)."""
    series = _series(8)
    monkeypatch.setattr(repo, "postseason_series", lambda **_kw: [series])

    class _League:
        extra_innings = 12

    limits = [ps.slot_innings(None, _League(), 1, slot) for slot in series.games]  # type: ignore[arg-type]
    assert limits == [12] * 7 + [NO_INNING_LIMIT]
    regular = GameSlot(1, 1, None, "CL1", "PL1", 0, "scheduled", None, None)
    assert ps.slot_innings(None, _League(), 1, regular) == 12  # type: ignore[arg-type]
