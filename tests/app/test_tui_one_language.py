"""One language at a time (issue 29): places where the other language's words leaked, walked at
80×24 in both languages — the command palette's prompt, the Melting Pot set-up's hint and its
refusals (too few players, a strength that is not a number). Names (the players', the event's)
are data and may be in either script."""
from __future__ import annotations

import re

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
NAMES = ("Aiko", "Ben", "Chie", "Dai", "Emi")


def _other_language(text: str, japanese: bool) -> list[str]:
    """The other language's words in `text` (the players' names aside)."""
    for name in NAMES:
        text = text.replace(name, "")
    text = re.sub(r"\b[A-Z]{2,4}\d+\b", "", text)     # player ids (CHB28) are ids, not words
    return ENGLISH_WORD.findall(text) if japanese else KANA_KANJI.findall(text)


def _on(app, name: str) -> bool:
    return type(app.screen).__name__ == name


@pytest.mark.parametrize("japanese", [True, False])
async def test_palette_prompt_and_melting_pot_set_up_in_one_language(tmp_path, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: _on(app, "CommandPalette"))
        prompt = app.screen.query_one("CommandInput").placeholder
        assert prompt == ("コマンドを検索…" if japanese else "Search for commands…")
        await pilot.press("escape")
        await until(pilot, lambda: not _on(app, "CommandPalette"))
        await pilot.press("7")
        await until(pilot, lambda: _on(app, "EventsScreen"))
        await pilot.press("n")
        await until(pilot, lambda: _on(app, "SetupScreen"))
        hint = str(app.screen.query_one("#players-hint").render())
        assert hint and not _other_language(hint, japanese), hint
        await pilot.press(*", ".join(NAMES))           # five: too few
        await pilot.press("enter")
        for value in ("15", "25", "45"):
            await pilot.press(*value)
            await pilot.press("enter")
        await pilot.press("ctrl+s")
        error = lambda: str(app.screen.query_one("#setup-error").render())  # noqa: E731
        await until(pilot, lambda: error() != "")
        assert ("6〜15 人" if japanese else "6–15 players") in error()
        assert not _other_language(error(), japanese), error()
        hint = str(app.screen.query_one("#players-hint").render())
        assert not _other_language(hint, japanese), hint


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_news_names_teams_in_the_chosen_language(tmp_path, japanese):
    """A call-up in History's news: "札幌が…を登録" in Japanese; in English the team's code and
    the player's English name ("SAP call up …", not "札幌 call up 高橋 直樹")."""
    from tui import services
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        roster = services.team_roster(db, services.standings(db).rows[0].team)
        team = roster.team
        down = roster.bullpen[-1]
        services.move_player(db, down, "down")
        app.data_changed()
        await pilot.press("8")
        news = lambda: app.screen.query_one("#news-table")  # noqa: E731
        await until(pilot, lambda: app.current_mode == "history" and app.screen.data is not None
                    and news().row_count and str(news().get_row_at(0)[0]) != "")
        text = str(news().get_row_at(0)[2])
        assert not _other_language(text, japanese), text
        assert (("登録抹消" in text) if japanese else text.startswith(f"Sent down: {team} "))


@pytest.mark.parametrize("japanese", [True, False])
async def test_the_odds_status_follows_the_language(tmp_path, monkeypatch, japanese):
    """The pennant odds' status line is said again when `L` switches the language (it kept
    "6 回 完了" in English)."""
    from tui import services
    from tui.screens.standings import StandingsScreen
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    monkeypatch.setattr(StandingsScreen, "ODDS_RUNS", 6)
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific", games_per_opponent=4, seed=3)
    services.sim_days(db, days=3)
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings"
                    and app.screen.query_one("#standings-table").row_count == 6)
        screen = app.screen
        status = lambda: str(screen.query_one("#odds-status").render())  # noqa: E731
        await pilot.press("r")
        await until(pilot, lambda: not screen.odds_running and screen.query("#odds-status")
                    and ("回 完了" if japanese else "runs done") in status())
        await pilot.press("L")
        await until(pilot, lambda: ("runs done" if japanese else "回 完了") in status())
        assert not _other_language(status(), not japanese), status()


@pytest.mark.parametrize("japanese", [True, False])
async def test_history_names_the_leagues_in_the_chosen_language(tmp_path, japanese):
    """History's awards and titles name each league (リーグ) in the chosen language ("MVP
    (Cosmo League)", never "MVP (コスモ・リーグ)"); the bundled league gives every player and
    team an English name, so nothing of the other language is left in those tables."""
    from tui import services
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: app.current_mode == "standings")
        services.sim_days(db, days=3)
        app.data_changed()
        await pilot.press("8")
        awards = lambda: app.screen.query_one("#awards-table")  # noqa: E731
        await until(pilot, lambda: app.current_mode == "history" and app.screen.data is not None
                    and awards().row_count > 10)
        league = "コスモ・リーグ" if japanese else "Cosmo League"
        rows = [" ".join(str(c) for c in awards().get_row_at(i)) for i in range(awards().row_count)]
        assert any(f"({league})" in row for row in rows)
        titles = app.screen.query_one("#season-titles")
        rows += [" ".join(str(c) for c in titles.get_row_at(i)) for i in range(titles.row_count)]
        for row in rows:
            assert not _other_language(row, japanese), row
