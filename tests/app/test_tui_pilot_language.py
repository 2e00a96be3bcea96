"""The pilot of issue 29's "one language at a time": one walk per language through every area of
the app at 80x24 — its tables (every row, not only those on screen), titles, footer and the `?`
keys — the main dialogs (a box score, the year-by-year page, the card editor and its refusal, a
confirmation, the command palette), the notifications, and the Melting Pot (set-up, slips and
their readings, the battle's result, the log, the exported files). It fails on a word of the
other language. Names are data and may be in either script: the players' and teams' names the
league gives in the other language are taken out first, as are ids (CHB28) and file names."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.app import ImpactApp

from tui_helpers import until

SIZE = (80, 24)
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]+")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
EVENT_PLAYERS = ("Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi")
EVENT_TITLE = "Melting Pot"
PRODUCT = "Impact League"
# words both languages print as they are: NPB's own abbreviations (OPS, MVP), file kinds, the
# keys' caps (home, end, pgup …) and the language switch, which names the language it switches to
SHARED = {"CSV", "HTML", "Markdown", "MVP", "OPS", "WHIP", "esc", "tab", "enter", "home", "end",
          "pgup", "pgdn", "ctrl", "shift", "super", "Esc", "Tab", "Enter", "Ctrl", "Shift",
          "English"}
SHARED_JA = {"日本語"}


def _names(db: str) -> tuple[str, ...]:
    """Every name the league gives (players, teams, leagues) in both scripts, longest first."""
    from tui import services

    book = services.name_book(db)
    names: set[str] = set()
    for pair in book.players.values():
        names.update(n for n in pair if n)
    for triple in book.teams.values():
        names.update(n for n in triple if n)
    for pair in book.leagues.values():
        names.update(n for n in pair if n)
    return tuple(sorted(names, key=len, reverse=True))


def _other_language(text: str, japanese: bool, names: tuple[str, ...]) -> list[str]:
    """The other language's words in `text`, the names, ids and file names aside."""
    for name in (*EVENT_PLAYERS, EVENT_TITLE, PRODUCT, *names):
        text = text.replace(name, " ")
    text = re.sub(r"\b[A-Z]{1,4}\d+\b", " ", text)              # player ids: CHB28
    text = re.sub(r"\S*/\S*", " ", text)                         # paths: the export folder
    text = re.sub(r"[\w.-]+\.(csv|md|html|sqlite3)\b", " ", text)  # file names
    if japanese:
        return [w for w in ENGLISH_WORD.findall(text) if w not in SHARED]
    return [w for w in KANA_KANJI.findall(text) if w not in SHARED_JA]


def _plain(renderable) -> str:
    """A widget's content as plain text (a Rich renderable printed wide, so nothing is cut)."""
    import io

    from rich.console import Console
    from textual.content import Content
    from textual.visual import RichVisual

    if isinstance(renderable, RichVisual):
        renderable = renderable._renderable
    if isinstance(renderable, (str, Content)):
        return str(renderable)
    console = Console(width=400, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _text(app) -> str:
    """Everything the current screen holds as text: its tables (every row), statics, fields,
    header, footer keys — and the notifications on show."""
    from textual.widgets import DataTable, Input, Static

    screen = app.screen
    parts: list[str] = [str(getattr(screen, "title", "") or ""), str(app.title),
                        str(app.sub_title or "")]
    for widget in screen.query("*"):
        if not widget.display:
            continue
        if isinstance(widget, DataTable):
            parts += [str(c.label) for c in widget.columns.values()]
            for i in range(widget.row_count):
                parts += [str(cell) for cell in widget.get_row_at(i)]
        elif isinstance(widget, Input):
            parts += [widget.value, str(widget.placeholder)]
        elif isinstance(widget, Static):
            parts.append(_plain(widget.render()))
        border = getattr(widget, "border_title", None)
        if border:
            parts.append(str(border))
    parts += [f"{n.title} {n.message}" for n in app._notifications]
    return "\n".join(parts)


class Walk:
    """The walk's checks: each place's text, the other language's words found in it."""

    def __init__(self, app, pilot, japanese: bool, names: tuple[str, ...]) -> None:
        self.app, self.pilot, self.japanese, self.names = app, pilot, japanese, names
        self.found: dict[str, list[str]] = {}
        self.seen: list[str] = []

    def check(self, place: str, text: str | None = None) -> None:
        text = _text(self.app) if text is None else text
        words = _other_language(text, self.japanese, self.names)
        self.seen.append(place)
        if words:
            self.found[place] = sorted(set(words))

    async def settle(self) -> None:
        from tui_helpers import _workers_done

        await _workers_done(self.app)
        await self.pilot.pause(0.05)

    def on(self, name: str) -> bool:
        return type(self.app.screen).__name__ == name


def _league(tmp_path: Path) -> str:
    from tui import services

    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "pacific", "pacific")
    services.new_season(db, "pacific", games_per_opponent=4, seed=3)
    services.sim_days(db, days=4)
    return db


AREAS = (("1", "standings"), ("2", "schedule"), ("3", "teams"), ("4", "players"),
         ("5", "leaders"), ("6", "games"), ("8", "history"), ("9", "season"))


@pytest.mark.parametrize("japanese", [True, False], ids=["ja", "en"])
async def test_the_app_speaks_one_language(tmp_path, monkeypatch, japanese):
    from tui.settings import save_setting

    save_setting("japanese", japanese)
    db = _league(tmp_path)
    names = (*_names(db), "pacific")   # the league's name as stored, in the title
    export_dir = tmp_path / "exports"
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        walk = Walk(app, pilot, japanese, names)
        await until(pilot, lambda: app.current_mode == "standings")
        for key, mode in AREAS:
            await pilot.press(key)
            await until(pilot, lambda: app.current_mode == mode
                        and getattr(app.screen, "data", True) is not None)
            await walk.settle()
            walk.check(f"area {mode}")
            await pilot.press("question_mark")
            await until(pilot, lambda: bool(app.screen.query("KeysPanel")))
            await walk.settle()
            walk.check(f"keys of {mode}")
            await pilot.press("escape")
            await walk.settle()

        # the year-by-year page of the first player
        await pilot.press("4")
        await until(pilot, lambda: app.current_mode == "players")
        await walk.settle()
        await pilot.press("y")
        await until(pilot, lambda: walk.on("CareerScreen") and app.screen.view is not None)
        await walk.settle()
        walk.check("year by year")
        await pilot.press("escape")

        # a box score from the Games area
        await pilot.press("6")
        await until(pilot, lambda: app.current_mode == "games")
        await walk.settle()
        await pilot.press("enter")
        await until(pilot, lambda: walk.on("BoxScoreScreen"))
        await walk.settle()
        walk.check("box score")
        await pilot.press("escape")

        # the card editor, and its refusal of a bad value
        await pilot.press("3")
        await until(pilot, lambda: app.current_mode == "teams")
        await walk.settle()
        await pilot.press("e")
        await until(pilot, lambda: walk.on("CardEditor"))
        await walk.settle()
        walk.check("card editor")
        await pilot.press("escape")
        await walk.settle()

        # a confirmation (the pennant odds' 1,000 runs) and the command palette
        await pilot.press("1")
        await until(pilot, lambda: app.current_mode == "standings")
        await walk.settle()
        await pilot.press("o")
        await until(pilot, lambda: walk.on("ConfirmScreen"))
        walk.check("odds confirmation")
        await pilot.press("escape")
        await walk.settle()
        await pilot.press("ctrl+p")
        await until(pilot, lambda: walk.on("CommandPalette"))
        await walk.settle()
        walk.check("command palette")
        await pilot.press("escape")
        await walk.settle()

        # the Melting Pot: set-up, slips, the battle, its log and its exports
        app.export_dir = export_dir
        await pilot.press("7")
        await until(pilot, lambda: walk.on("EventsScreen"))
        await walk.settle()
        walk.check("events")
        await pilot.press("n")
        await until(pilot, lambda: walk.on("SetupScreen"))
        await pilot.press(*", ".join(EVENT_PLAYERS))
        await pilot.press("enter")
        for value in ("15", "25", "45"):
            await pilot.press(*value)
            await pilot.press("enter")
        await walk.settle()
        walk.check("set-up")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: walk.on("SlipEntryScreen"))
        await walk.settle()
        walk.check("slip entry")
        for slip in ("10", "x", "999", "20", "30", "5"):
            await pilot.press(*slip)
            await pilot.press("enter")
            await walk.settle()
            if walk.on("ConfirmDialog"):
                walk.check(f"slip {slip} confirmation")
                await pilot.press("y")
                await walk.settle()
            walk.check(f"slip {slip} read")
        await pilot.press("f3")
        await walk.settle()
        walk.check("event log")
        await pilot.press("escape")
        await pilot.press("f5")
        await until(pilot, lambda: walk.on("ResultScreen"))
        await walk.settle()
        walk.check("battle result")
        await pilot.press("ctrl+e")
        await until(pilot, lambda: export_dir.exists() and len(list(export_dir.iterdir())) == 3)
        await walk.settle()
        walk.check("export notification")
        for path in sorted(export_dir.iterdir()):
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".html":
                text = re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", " ", text,
                                                      flags=re.S))
            walk.check(f"export {path.suffix}", text)
        await pilot.press("f2")
        await walk.settle()
        walk.check("projector")

    assert len(walk.seen) > 30, walk.seen
    assert not walk.found, "\n".join(f"{k}: {v}" for k, v in walk.found.items())
