"""A game at the keyboard (issue 6), driven with Pilot: start a scheduled game from the schedule,
use every strategy key the rules allow, type rolls (one refused), undo a plate appearance,
quit and resume in a new app, finish and see it in the standings and its box score."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual import events

from tui import services
from tui.app import ImpactApp
from tui.screens import play as play_module
from tui.screens.play import PlayScreen

from tui_helpers import screen_text, settled_screenshot, until

SIZE = (120, 40)
STRATEGY_KEYS = {"ibb": "i", "infield_in": "f", "bunt": "b", "squeeze": "z", "hit_and_run": "h",
                 "steal": "s", "double_steal": "d"}
# A game at the keyboard answers faster than the screen repaints: no repaint at each look of a
# wait (tests/tui_helpers.until, repaint=False; the app's own timer repaints at
# tui_helpers.FRAME, as every pilot's). Headless, every repaint is drawn in full and thrown
# away: they were some 60 % of these tests' CPU (test_prompts_say_in_words_what_is_asked: 661
# repaints in one game). The tests read the state they wait for, and their picture once the
# screen has settled (settled_screenshot repaints), as before; other modules that borrow these
# helpers (test_tui_sizes) keep the repaint at each look.
_repaint_each_look = True


@pytest.fixture(autouse=True)
def _few_repaints(monkeypatch):
    monkeypatch.setitem(globals(), "_repaint_each_look", False)


async def _until(pilot, check, step=0.05):
    await until(pilot, check, step=step, repaint=_repaint_each_look)


async def _opened(app, pilot):
    app.animation_level = "none"
    await _until(pilot, lambda: app.current_mode == "standings", step=0.05)


def _play(app) -> PlayScreen | None:
    return app.screen if isinstance(app.screen, PlayScreen) else None


async def _started(app, pilot) -> PlayScreen:
    """Wait for the play screen of a game just started or resumed: the game is made (or read)
    in a thread first, so until then the screen is the area's and `_question` would take the
    game for over."""
    await _until(pilot, lambda: _play(app) is not None)
    return _play(app)


async def _question(app, pilot):
    """Wait until the play screen asks something (or the game is over and it is gone)."""
    await _until(pilot, lambda: _play(app) is None or _play(app).question is not None)
    screen = _play(app)
    return None if screen is None else screen.question


class Policy:
    """How the person at the keyboard answers: every strategy once where allowed, else on."""

    def __init__(self) -> None:
        self.used: set[str] = set()
        self.counts: dict[str, int] = {}
        self.picked: set[str] = set()

    def key(self, screen: PlayScreen) -> str:
        method = screen.question[0]
        choices = screen._choices()
        n = self.counts[method] = self.counts.get(method, 0) + 1
        if method == "defense_call":
            for name in ("ibb", "infield_in"):
                if name not in self.used and name in choices and (
                        name == "ibb" or screen._run.game.bases[3] is not None):
                    self.used.add(name)
                    return STRATEGY_KEYS[name]
            return "n"
        if method == "offense_call":
            if screen._sub:
                return next(k for k in ("1", "2", "3") if f"r{k}" in choices)
            for name in ("squeeze", "double_steal", "steal", "bunt", "hit_and_run"):
                if name not in self.used and name in choices:
                    self.used.add(name)
                    return STRATEGY_KEYS[name]
            return "n"
        if method in ("aggressive", "send", "no_check", "join_steal"):
            return "y" if n % 2 else "n"
        if method == "steal_go":
            return "g" if n % 2 else "s"
        if method == "bonus_steal":
            return next((k for k in ("1", "2", "3") if f"r{k}" in choices), "n")
        if method == "bunt_plus":
            return "a" if n % 2 else next(k for k in ("1", "2", "3") if f"r{k}" in choices)
        if method in ("bunt_out", "back_first"):   # back_first: a hit-and-run's fly caught (9-2-2)
            return next(k for k in ("3", "2", "1", "0") if f"r{k}" in choices)
        if method in ("change_pitcher", "pinch_hitter", "reliever"):
            game = screen._run.game
            if method == "change_pitcher" and "bullpen" in choices and "bullpen" not in self.picked \
                    and game.inning >= 6:
                self.picked.add("bullpen")
                return "p"
            if method in ("pinch_hitter", "change_pitcher") and "bench" in choices and "bench" not in self.picked \
                    and game.inning >= 7:
                self.picked.add("bench")
                return "h"
            if method in ("pinch_hitter", "change_pitcher") and "runner" in choices \
                    and "runner" not in self.picked \
                    and game.inning >= 6:
                self.picked.add("runner")
                return "r"
            if method == "change_pitcher" and "defsub" in choices and "defsub" not in self.picked \
                    and game.inning >= 6:
                self.picked.add("defsub")
                return "x"
            return "enter"
        if method == "roll":
            return "roll"
        raise AssertionError(method)


async def _send(app, pilot, key: str) -> None:
    """Press one key and wait only until the screen took it (pilot.press also waits for the
    whole process to go idle, which makes a game of a few hundred answers slow)."""
    screen = _play(app)
    before = screen.question
    app._driver.send_message(events.Key(key, "\r" if key == "enter" else key))
    await _until(pilot, lambda: _play(app) is not screen or screen.question is not before)


async def _answer(app, pilot, policy: Policy) -> str:
    screen = _play(app)
    method = screen.question[0]
    key = policy.key(screen)
    if key == "roll":
        n = policy.counts["roll"]
        await pilot.press(*f"{(n * 37) % 100:02d}", "enter")
        return method
    if key in ("p", "h", "r", "x") and method in ("change_pitcher", "pinch_hitter", "reliever") \
            or (method == "offense_call" and key in ("s", "d")):
        await pilot.press(key)
    else:
        await _send(app, pilot, key)
    if key in ("p", "h", "r", "x") and method in ("change_pitcher", "pinch_hitter", "reliever"):
        await _until(pilot, lambda: app.screen.query("#pick-list"))
        # what a manager chooses by: the card's row, hands, fatigue, the season so far
        first = str(app.screen.query_one("#pick-list").get_option_at_index(0).prompt)
        if key == "p":
            assert "B: BS*~" in first and re.search(r"疲労|fatigue|rested", first), first
        else:
            assert "BB~" in first and re.search(r"今季|season", first), first
        await pilot.press("enter")
    elif method == "offense_call" and key in ("s", "d"):
        # the runners to send, asked next; the steal itself may have ended the game
        screen = _play(app)
        if screen is not None and screen.question is not None and screen._sub:
            await pilot.press(policy.key(screen))
    return method


async def _drive(app, pilot, policy: Policy, stop=lambda game: False, limit=3000) -> bool:
    """Answer questions until the game ends (True) or `stop(game)` (False)."""
    for _ in range(limit):
        q = await _question(app, pilot)
        if q is None:
            return True
        if stop(_play(app)._run.game):
            return False
        await _answer(app, pilot, policy)
    raise AssertionError("the game did not end")


def _stable(svg: str) -> str:
    return re.sub(r"terminal-\d+", "terminal", svg)


async def test_a_scheduled_game_at_the_keyboard_from_start_to_box_score(tmp_path, monkeypatch,
                                                                          snapshot):
    db = str(tmp_path / "league.sqlite3")
    # a seed whose game offers every strategy to the policy (with the injury rolls of the farm)
    monkeypatch.setattr(play_module, "new_seed", lambda: 11)
    policy = Policy()
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await pilot.press("2")
        await _until(pilot, lambda: app.screen.query("#day-games")
                     and app.screen.query_one("#day-games").row_count)
        app.screen.query_one("#day-games").focus()
        await pilot.press("p")
        await _until(pilot, lambda: app.screen.query("#play-setup"))
        # the start dialog says which team is away and which home
        setup_text = str(app.screen.query_one("#play-setup-choice").render())
        slot = services.scheduled_teams(db, None, 1)
        assert f"ビジター (先攻): {slot[0]}" in setup_text and f"ホーム (後攻): {slot[1]}" in setup_text
        await pilot.press("b", "enter")          # both sides, the computer's dice
        await _started(app, pilot)
        await _question(app, pilot)
        screen = _play(app)
        assert screen is not None and screen.info.number == 1 and screen.info.people == (0, 1)
        while screen.question[0] != "offense_call":   # the snapshot: runners on, rolls marked
            await _answer(app, pilot, policy)
            await _question(app, pilot)
        shot = await settled_screenshot(app, pilot, workers=False)   # the engine waits for us
        snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
        snapshot.assert_match(shot, "play.svg")

        # a few plate appearances, then type the rolls: one bad entry is refused
        await _drive(app, pilot, policy, stop=lambda g: g.inning >= 2)
        await pilot.press("c")
        assert screen.dice_mode == "typed"
        for _ in range(200):
            q = await _question(app, pilot)
            if q[0] == "roll":
                break
            await _answer(app, pilot, policy)
        await _until(pilot, lambda: screen.focused is screen.query_one("#roll-input"))
        await pilot.press("7", "x", "enter")
        await _until(pilot, lambda: screen.question and screen._error)
        assert screen.question[0] == "roll" and "not a number" in screen._error
        before = len(screen._run.game.live_log.rolls)
        await pilot.press("0", "0", "enter")
        await _until(pilot, lambda: len(screen._run.game.live_log.rolls) > before)
        assert screen._run.game.live_log.rolls[before] == 100
        for _ in range(3):
            q = await _question(app, pilot)
            if q[0] == "roll":
                await pilot.press("4", "2", "enter")
            else:
                await _answer(app, pilot, policy)
        await _question(app, pilot)
        await pilot.press("ctrl+r")                 # the computer rolls the rest of this half
        await _drive(app, pilot, policy, stop=lambda g: g.inning >= 3)
        await pilot.press("c")
        assert screen.dice_mode == "computer"

        # undo the last plate appearance: the engine goes back and asks there again
        await _drive(app, pilot, policy, stop=lambda g: g.runners() and g.inning >= 3)
        await _answer(app, pilot, policy)
        await _question(app, pilot)
        rolls = len(screen._run.game.live_log.rolls)
        old_run = screen._run
        await pilot.press("u")
        await _until(pilot, lambda: screen._run is not old_run and screen.question is not None)
        assert len(screen._run.game.live_log.rolls) < rolls
        saved = services.list_live(db)[0].log
        assert len(saved.rolls) <= len(screen._run.game.live_log.rolls)

        # up to the fifth inning, then quit: the game is saved
        await _drive(app, pilot, policy, stop=lambda g: g.inning >= 5)
        done_rolls = len(screen._run.game.live_log.rolls)
        await pilot.press("q")
        await _until(pilot, lambda: _play(app) is None)
    [info] = services.list_live(db)
    assert len(info.log.rolls) == done_rolls and info.status == "playing"

    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        app.resume_live_game()
        await _until(pilot, lambda: app.screen.query("#resume-list"))
        await pilot.press("enter")
        await _started(app, pilot)
        q = await _question(app, pilot)
        screen = _play(app)
        assert q is not None and screen._run.game.inning == 5
        assert len(screen._run.game.live_log.rolls) >= done_rolls
        assert await _drive(app, pilot, policy)
        await _until(pilot, lambda: app.screen.query("#box-text"))
        assert "BoxScoreScreen" == type(app.screen).__name__
        await _until(pilot, lambda: "1" in str(app.screen.query_one("#box-title").render()))
    assert set(STRATEGY_KEYS) <= policy.used, set(STRATEGY_KEYS) - policy.used
    assert policy.picked == {"bullpen", "bench", "runner", "defsub"}
    assert services.standings(db).final == 1
    assert services.list_live(db) == []
    box = services.boxscore(db, 1, plays=False)
    assert box.number == 1
    texts = [p["text"] for p in box.data["plays"]]
    assert any(t.startswith("pinch runner:") for t in texts)
    assert any(t.startswith("defensive substitution:") for t in texts)


async def test_an_exhibition_closed_with_the_app_is_saved_resumed_and_abandoned(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    policy = Policy()
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        app.play_exhibition()
        await _until(pilot, lambda: app.screen.query("#play-setup"))
        await _until(pilot, lambda: "ビジター (先攻)" in str(app.screen.query_one("#away-head").render()))
        await pilot.press("h", "enter")           # the home side, computer dice
        await _started(app, pilot)
        q = await _question(app, pilot)
        screen = _play(app)
        assert q is not None and screen.info.number is None and screen.info.people == (1,)
        await _drive(app, pilot, policy, stop=lambda g: g.inning >= 3)
        log = screen._run.game.live_log
        where = (len(log.rolls), len(log.decisions))
        await pilot.press("ctrl+q")               # closing the app mid-game loses nothing
    [info] = services.list_live(db)
    assert info.number is None and (len(info.log.rolls), len(info.log.decisions)) == where

    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        app.resume_live_game()
        await _until(pilot, lambda: app.screen.query("#resume-list")
                     and app.screen.query_one("#resume-list").option_count)
        # the saved game by its inning and score, not its number of rolls
        line = str(app.screen.query_one("#resume-list").get_option_at_index(0).prompt)
        assert re.search(r"\d+-\d+ .+  3回[表裏] \d死", line) and "rolls" not in line, line
        await pilot.press("enter")
        await _started(app, pilot)
        await _question(app, pilot)
        game = _play(app)._run.game
        assert game.inning == 3 and len(game.live_log.rolls) == where[0]
        await pilot.press("L")                    # English labels on the play screen
        await _until(pilot, lambda: "Offense" in str(app.screen.query_one("#situation-text").render()))
        assert await _drive(app, pilot, policy)
        await _until(pilot, lambda: app.screen.query("#box-text-body"))
        assert type(app.screen).__name__ == "BoxTextDialog"
        await pilot.press("escape")
        assert services.list_live(db) == []

        app.play_exhibition()                     # another one, left and then abandoned
        await _until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("a", "enter")
        await _started(app, pilot)
        await _question(app, pilot)
        await pilot.press("escape")
        await _until(pilot, lambda: _play(app) is None)
        assert len(services.list_live(db)) == 1
        app.resume_live_game()
        await _until(pilot, lambda: app.screen.query("#resume-list"))
        await pilot.press("x")
        await _until(pilot, lambda: services.list_live(db) == [])


def test_only_the_answers_the_rules_allow_have_keys():
    from types import SimpleNamespace

    info = SimpleNamespace(dice="computer", people=(0,), number=None)
    screen = PlayScreen(SimpleNamespace(info=info))

    def keys(method, **options):
        screen.question = (method, options)
        return {aid: v for aid, v in screen._choices().items()}

    assert keys("defense_call", choices=["none", "ibb", "infield_in"]) == {
        "d_none": "none", "ibb": "ibb", "infield_in": "infield_in"}
    assert keys("offense_call", choices=[("none",)]) == {"o_none": ("none",)}
    two = keys("offense_call", choices=[("none",), ("bunt",), ("hit_and_run",), ("steal", 2),
                                        ("steal", 3), ("double_steal", 3)])
    assert "squeeze" not in two and two["steal"] == [("steal", 2), ("steal", 3)]
    assert screen.check_action("answer", ("squeeze",)) is False
    screen._sub = "steal"
    assert screen._choices()["r3"] == ("steal", 3) and "r1" not in screen._choices()
    screen._sub = None
    assert keys("bunt_plus", runners=[1, 3]) == {"all_safe": None, "r1": 1, "r3": 3}
    assert keys("bunt_out", candidates=[0, 2]) == {"r0": 0, "r2": 2}
    assert keys("bonus_steal", candidates=[2]) == {"no": None, "r2": 2}
    assert keys("steal_go", base=1, roll=40) == {"go": True, "stop": False}
    assert keys("send", base=2, target=4) == {"yes": True, "no": False}
    assert keys("reliever", bullpen=[]) == {"play_on": None}
    assert keys("pinch_hitter", bench=["X"]) == {"play_on": None, "bench": "pick"}
    assert keys("roll", purpose="pitch") == {}


async def test_the_computer_manages_the_rest_at_the_press_of_m(tmp_path):
    """m hands a side to the computer manager for the rest of the half-inning (the person gets
    it back after), and both sides for the rest of the game: it plays through without a prompt,
    every decision logged so the game replays exactly."""
    db = str(tmp_path / "league.sqlite3")
    policy = Policy()
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        app.play_exhibition()
        await _until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("b", "enter")           # both sides, computer dice
        await _started(app, pilot)
        await _question(app, pilot)
        screen = _play(app)
        await _drive(app, pilot, policy, stop=lambda g: g.inning >= 2)
        # the running line score and the box score so far, one key away
        await pilot.press("l")
        strip = screen.query_one("#line-score")
        await _until(pilot, lambda: strip.display and "計" in str(strip.render()))
        assert screen.setup.names[screen.info.home] in str(strip.render())
        assert " x " not in str(strip.render())          # the home half is not over
        await pilot.press("B")
        await _until(pilot, lambda: app.screen.query("#box-text-body"))
        box = str(app.screen.query_one("#box-text-body").render())
        assert "投手" in box and "打数" in box
        await pilot.press("escape")
        await _until(pilot, lambda: _play(app) is screen)
        game = screen._run.game
        where = (game.inning, game.half)
        await pilot.press("m")
        await _until(pilot, lambda: app.screen.query("#hand-over"))
        await pilot.press("a", "1")              # the away side, this half-inning
        await _until(pilot, lambda: _play(app) is screen and 0 in screen.handover)
        # questions now come only from the home side until the half-inning is over
        for _ in range(400):
            await _question(app, pilot)
            g = screen._run.game
            if (g.inning, g.half) != where:
                break
            assert screen._run.asking_side in (1, None)
            await _answer(app, pilot, policy)
        await _until(pilot, lambda: 0 not in screen.handover)
        await pilot.press("m")
        await _until(pilot, lambda: app.screen.query("#hand-over"))
        await pilot.press("b", "3")              # both sides, the rest of the game
        await _until(pilot, lambda: app.screen.query("#box-text-body"))
        log = screen._run.game.live_log
        assert screen.question is None and log.decisions
    assert services.list_live(db) == []
    from storage import live_store
    from storage.db import session
    from tui.services.db import engine_for
    with session(engine_for(db)) as s:
        [stored] = live_store.list_live(session=s, league_id=1, playing_only=False)
    assert stored.status == "final" and len(stored.log.decisions) == len(log.decisions)
    setup = services.resume_live(db, stored.id)
    replayed = services.live.replay_finished(setup)
    assert replayed.innings == [list(x) for x in screen._run.game.line]
    assert replayed.runs == list(screen._run.game.score)


def _log_text(screen, wid: str) -> str:
    return "\n".join(strip.text for strip in screen.query_one(wid).lines)


async def test_prompts_say_in_words_what_is_asked(tmp_path, monkeypatch):
    """No internal ids on the prompt line; the runner asked about is named; the strategy line is
    empty between plate appearances; the play log says a bunt is a bunt and shows the pitching
    changes."""
    db = str(tmp_path / "league.sqlite3")
    monkeypatch.setattr(play_module, "new_seed", lambda: 20240607)
    policy = Policy()
    app = ImpactApp(db=db, sample="pacific")
    ids = re.compile(r"\[[a-z_]+\]|outfield_fly|infield_fly|\bsteal_go\b")
    seen: set[str] = set()
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        app.play_exhibition()
        await _until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("b", "enter")
        await _started(app, pilot)
        screen = None
        for _ in range(3000):
            q = await _question(app, pilot)
            if q is None:
                break
            screen = _play(app)
            method, options = q
            prompt = str(screen.query_one("#play-prompt").render())
            assert not ids.search(prompt), prompt
            game = screen._run.game
            if method in ("steal_go", "send", "join_steal"):
                assert game.name(game.bases[options["base"]].pid) in prompt, prompt
                seen.add(method)
            if method == "aggressive":
                assert "守備表" in prompt, prompt
                seen.add(method)
            if method == "change_pitcher":
                situation = str(screen.query_one("#situation-text").render())
                assert re.search(r"攻撃 \w+: —", situation) and re.search(r"守備 \w+: —", situation), \
                    situation
            if {"bunt", "bullpen"} <= (policy.used | policy.picked) and len(seen) >= 2 \
                    and game.inning >= 8:
                break
            await _answer(app, pilot, policy)
        await _question(app, pilot)
        plays = _log_text(screen, "#plays-log")
        assert "投手交代" in plays and "バント" in plays, plays
        assert not re.search(r"\b(pitching change|bunt)\b", plays)
        await pilot.press("L")                   # the play log follows the language
        await _until(pilot, lambda: "pitching change" in _log_text(screen, "#plays-log"))
        assert "bunt" in _log_text(screen, "#plays-log")


def _visible(app, screen) -> str:
    """What the play screen shows in words: the situation, the cards, the prompt, the play log
    and the footer (the roll log's table names are the ruleset's, as the rulebook names them)."""
    import io

    from rich.console import Console

    from tui_helpers import screen_text
    console = Console(width=120, file=io.StringIO(), record=True)
    for cid in ("#batter-card", "#pitcher-card"):
        console.print(screen.query_one(cid).render())
    return "\n".join([str(screen.query_one("#situation-text").render()),
                      str(screen.query_one("#play-prompt").render()),
                      _log_text(screen, "#plays-log"), console.export_text(),
                      screen_text(app).splitlines()[-1]])


async def test_the_play_screen_shows_one_language_and_L_switches_it(tmp_path, monkeypatch):
    from test_tui_language import ENGLISH, JAPANESE, KEY_NAMES
    db = str(tmp_path / "league.sqlite3")
    monkeypatch.setattr(play_module, "new_seed", lambda: 11)
    policy = Policy()
    app = ImpactApp(db=db)                     # the bundled nippon league: English names too
    async with app.run_test(size=(120, 36)) as pilot:
        await _opened(app, pilot)
        app.play_exhibition()
        await _until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("b", "enter")
        await _started(app, pilot)
        await _question(app, pilot)
        screen = _play(app)
        await _drive(app, pilot, policy, stop=lambda g: g.inning >= 3 and g.runners()
                     and screen.question[0] == "offense_call")
        shown = _visible(app, screen)
        english = [w for w in ENGLISH.findall(shown) if w not in KEY_NAMES | {"English"}]
        assert english == [], (english, shown)
        await pilot.press("L")
        await _until(pilot, lambda: "Offense" in str(screen.query_one("#situation-text").render()))
        # the footer is read off the painted screen, which this module leaves to the app's own
        # (slower) repaint timer: wait, repainting at each look, until it says the keys in English
        await until(pilot, lambda: "Computer" in screen_text(app).splitlines()[-1])
        shown = _visible(app, screen)
        assert [w for w in JAPANESE.findall(shown) if w != "日本語"] == [], shown
