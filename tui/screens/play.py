"""A game at the keyboard (issue 6): the engine runs in a thread worker and blocks on a queue
whenever it needs a person's decision or a typed roll; the screen shows the question with the
keys the rules allow, and the answer goes back through the queue.

Saved after every plate appearance; quitting keeps the game; `u` undoes the last plate
appearance by stopping the engine and replaying the log cut back to it.
"""
from __future__ import annotations

import asyncio
import queue
import random
from bisect import bisect_right
from collections.abc import Callable
from functools import partial
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual import getters, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Header, Input, RichLog, Static

from league.engine import ENGINE_VERSION, events
from league.engine.boxscore import render
from league.engine.dice import Dice, SeededDice, TypedDice
from league.engine.live import COMPUTER_DECIDES, GameAborted, Handover, LiveLog, live_game, result_so_far
from league.engine.playtext import (
    modifier_name,
    note_lines,
    play_lines,
    play_text,
    roll_purpose,
    roll_table,
    roll_words,
)
from league.errors import LeagueError
from league.manager.computer import ComputerManager
from league.visible import visible
from tui import services
from tui.host import KeepsItsArea, LeagueApp
from tui.labels import LABELS, label
from tui.language import Bilingual
from tui.messages import ControlTakenBack, LiveGameFailed, LiveGameNotSaved, LiveGameOver, QuestionPosed, WorkFailed
from tui.refusals import refusal
from tui.services import LiveSetup
from tui.widgets.footer import KeyFooter
from tui.widgets.picker_rows import batter_row, reliever_row
from tui.widgets.plain import Plain
from tui.widgets.situation import SituationPanel

_ABORT = object()       # the screen closed or undid: the engine thread stops
_COMPUTER = object()    # the answer to a pending typed roll: let the computer roll it

# (key, answer id, label key); one key may mean different things at different questions
ANSWER_KEYS: list[tuple[str, str, str]] = [
    ("enter", "play_on", "gm_a_play_on"),
    ("p", "bullpen", "gm_a_bullpen"),
    ("h", "bench", "gm_a_bench"),
    ("r", "runner", "gm_a_runner"),
    ("x", "defsub", "gm_a_defsub"),
    ("n", "d_none", "gm_a_d_none"),
    ("i", "ibb", "gm_a_ibb"),
    ("f", "infield_in", "gm_a_infield_in"),
    ("n", "o_none", "gm_a_o_none"),
    ("b", "bunt", "gm_a_bunt"),
    ("z", "squeeze", "gm_a_squeeze"),
    ("h", "hit_and_run", "gm_a_hit_and_run"),
    ("s", "steal", "gm_a_steal"),
    ("d", "double_steal", "gm_a_double_steal"),
    ("y", "yes", "gm_a_yes"),
    ("n", "no", "gm_a_no"),
    ("g", "go", "gm_a_go"),
    ("s", "stop", "gm_a_stop"),
    ("a", "all_safe", "gm_a_all_safe"),
    ("0", "r0", "gm_a_r0"),
    ("1", "r1", "gm_a_r1"),
    ("2", "r2", "gm_a_r2"),
    ("3", "r3", "gm_a_r3"),
]

_BASES = {0: ("打者", "batter"), 1: ("一塁", "1st"), 2: ("二塁", "2nd"), 3: ("三塁", "3rd"), 4: ("本塁", "home")}


def new_seed() -> int:
    """The seed of the computer's dice for a new game."""
    return random.randrange(1, 2**31)


def seeded_from(seed: int, position: int) -> SeededDice:
    """The seeded dice of a game, carried on to `position` rolls: a resumed game with the
    computer's dice rolls exactly what it would have rolled without the pause."""
    dice = SeededDice(seed)
    for _ in range(position):
        dice.roll("pitch")
    return dice


class _Run:
    """One run of the engine thread (a new one after each undo)."""

    def __init__(self) -> None:
        self.answers: queue.Queue = queue.Queue()
        self.aborted = False
        self.game: Any = None
        self.declared: dict[str, Any] = {}
        self.pa_rolls = 0
        self.play_on: tuple | None = None        # Enter between plate appearances answers them all
        self.pending_ph: str | None = None       # a pinch hitter chosen at the pitching prompt
        self.pending_pr: tuple[int, str] | None = None   # (base, bench player): a pinch runner
        self.pending_ds: tuple[str, str] | None = None   # (position, bench player): a defensive sub
        self.asking_side: int | None = None      # whose decision the question on screen is
        # [first play, offense call, batter] of each plate appearance (its defense call starts
        # it): the play log says a bunt is a bunt
        self.calls: list[list] = []

    def abort(self) -> None:
        self.aborted = True
        self.answers.put(_ABORT)


def _decided(run: _Run, method: str, game, value: Any) -> None:
    """Engine thread: a strategy declared (by either side, replayed or made): the situation
    panel shows it, and the play log knows which plate appearances were bunts."""
    if method == "defense_call":
        run.declared = {"defense": value}
        run.calls.append([len(game.plays), None, None])
    elif method == "offense_call":
        run.declared["offense"] = value
        if run.calls:
            run.calls[-1][1:] = [tuple(value), game.batter_id]


class _TellingComputer(ComputerManager):
    """The computer manager of the other side; its declarations go in the situation panel."""

    def __init__(self, run: _Run, version: int = ENGINE_VERSION) -> None:
        super().__init__(version=version)
        self._run = run

    def defense_call(self, game):
        call = super().defense_call(game)
        _decided(self._run, "defense_call", game, call)
        return call

    def offense_call(self, game):
        call = super().offense_call(game)
        _decided(self._run, "offense_call", game, call)
        return call


class _ScreenDice:
    """The live dice: the computer's, or typed in by the person; the screen switches any time."""

    def __init__(self, screen: PlayScreen, run: _Run, computer: Dice) -> None:
        self._screen = screen
        self._run = run
        self._computer = computer
        self._typed = TypedDice(self._ask, self._refused, attempts=10**6)
        self.used = 0

    def roll(self, purpose: str) -> int:
        self.used += 1
        if self._screen.typing_now(self._run.game):
            return self._typed.roll(purpose)
        return self._computer.roll(purpose)

    def _ask(self, purpose: str) -> str | int:
        answer = self._screen.wait_for(self._run, "roll", {"purpose": purpose})
        if answer is _COMPUTER:
            return self._computer.roll(purpose)
        return answer

    def _refused(self, message: str) -> None:
        self._screen.refused(self._run, message)


class PlayScreen(KeepsItsArea, Bilingual, Screen):
    """Play one game at the keyboard; pushed on the current area's stack."""

    app = getters.app(LeagueApp)

    AUTO_FOCUS = None
    DEFAULT_CSS = """
    PlayScreen #play-body {
        height: 1fr;
    }
    PlayScreen #play-logs {
        width: 1fr;
    }
    PlayScreen RichLog {
        height: 1fr;
        border: round $primary-darken-1;
        scrollbar-size-vertical: 1;
    }
    PlayScreen #play-prompt {
        height: auto;
        min-height: 1;
        max-height: 4;
        padding: 0 1;
        background: $boost;
    }
    /* a small terminal (80×24): a narrower panel, cards without their frames */
    PlayScreen.-narrow SituationPanel {
        width: 50;
    }
    PlayScreen.-narrow SituationPanel CardView {
        border: none;
        padding: 0 1;
    }
    PlayScreen #roll-input {
        display: none;
    }
    PlayScreen #line-score {
        display: none;
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    PlayScreen #line-score.-shown {
        display: block;
    }
    PlayScreen #roll-input.-asking {
        display: block;
    }
    """

    BINDINGS = [
        # the answer keys are listed with their meaning on the prompt line (the footer keeps the
        # keys that are always there: redrawing it at every question is slow)
        *[Binding(key, f"answer('{aid}')", text, show=False) for key, aid, text in ANSWER_KEYS],
        Binding("m", "hand_over", "key_gm_hand_over", priority=True),
        Binding("l", "line_score", "key_gm_line", priority=True),
        Binding("B", "box_so_far", "key_gm_box", priority=True),
        Binding("c", "toggle_dice", "key_gm_dice", priority=True),
        Binding("ctrl+r", "computer_inning", "key_gm_auto_roll", show=False, priority=True),
        Binding("u", "undo", "key_gm_undo", priority=True),
        Binding("q", "leave", "key_gm_leave", priority=True),
        Binding("escape", "leave", "key_gm_leave", show=False),
        # q leaves the game (saved); Ctrl+Q still quits the app, off the footer to leave room
        Binding("ctrl+q", "app.quit", "key_quit", show=False, priority=True),
        # the number keys pick runners here: they do not switch the app's areas mid-game
        *[Binding(str(n), "nothing", show=False) for n in range(10)],
    ]

    def __init__(self, setup: LiveSetup, *, live_dice: Callable[[], Dice] | None = None) -> None:
        super().__init__()
        self.setup = setup
        self.info = setup.info
        self._live_dice = live_dice
        self.dice_mode = setup.info.dice
        self._auto_until: tuple[int, int] | None = None
        # sides a person manages that the computer manages for now (read by the engine thread)
        self.handover: dict[int, Handover] = {}
        self._run: _Run | None = None
        self.question: tuple[str, dict] | None = None
        self._sub: str | None = None
        self._error = ""
        self._shown_plays = 0
        self._shown_rolls = 0
        self.finished = False

    def keeps_area(self) -> bool:
        """The area keys wait until the game is over (or left with its own key)."""
        return not self.finished

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="line-score")
        with Horizontal(id="play-body"):
            yield SituationPanel(id="situation")
            with Vertical(id="play-logs"):
                yield RichLog(id="plays-log", wrap=True, markup=False, auto_scroll=False, min_width=16)
                yield RichLog(id="rolls-log", wrap=True, markup=False, auto_scroll=False, min_width=16)
        yield Plain(id="play-prompt")
        yield Input(id="roll-input", placeholder="00-99 (00 = 100)")
        yield KeyFooter()

    def on_mount(self) -> None:
        ja = self.app.japanese
        self._set_sub_title()
        self.query_one("#plays-log", RichLog).border_title = label("gm_plays_title", ja)
        self.query_one("#rolls-log", RichLog).border_title = label("gm_rolls_title", ja)
        self._prompt("…")
        self._start(self.info.log, save_first=False)

    def on_resize(self, event) -> None:
        narrow = self.size.width < 110 or self.size.height < 32
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self.query_one(KeyFooter).compact = narrow    # every key fits in 80 columns
            self._refresh_situation()

    def _set_sub_title(self) -> None:
        ja = self.app.japanese
        what = f"#{self.info.number}" if self.info.number is not None else label("gm_exhibition", ja)
        away, home = self._team_names()[self.info.away], self._team_names()[self.info.home]
        self.sub_title = f"{what}  {away} @ {home}"

    # ------------------------------------------------------------------ the engine thread
    def _start(self, saved: LiveLog, *, save_first: bool) -> None:
        run = _Run()
        self._run = run
        self.question = None
        self._sub = None
        self._shown_plays = self._shown_rolls = 0
        self.query_one("#plays-log", RichLog).clear()
        self.query_one("#rolls-log", RichLog).clear()
        self._engine(run, saved, save_first)

    @work(thread=True, exclusive=True, group="engine", exit_on_error=False)
    def _engine(self, run: _Run, saved: LiveLog, save_first: bool) -> None:
        setup, app = self.setup, self.app
        try:
            if save_first:
                services.save_live(app.db, self.info.id, saved, dice=self.dice_mode)

            def live() -> Dice:
                position = len(run.game.live_log.rolls)
                computer = (self._live_dice() if self._live_dice is not None
                            else seeded_from(self.info.seed, position))
                return _ScreenDice(self, run, computer)

            game, _ = live_game(setup.ruleset, setup.players, *self.info.lineups,
                                people={side: partial(self._ask, run, side)
                                        for side in self.info.people},
                                computer=partial(_TellingComputer, run), live_dice=live,
                                saved=saved, dh=setup.league.dh_for(self.info.home),
                                extra_innings=setup.innings,
                                fatigue=self.info.fatigue, handed=partial(self._handed, run),
                                decided=partial(_decided, run))
            run.game = game
            game.on_plate_appearance = partial(self._plate_appearance, run)
            result = game.play()
            if run.aborted:
                return
            number = services.finish_live(app.db, self.info.id, result, game.live_log,
                                               league=app.league)
            ja = app.japanese
            text = render(result, self._team_names(), english=not ja,
                          player_name=partial(self._pname, game),
                          play_line=lambda line: self._say(line, ja),
                          lines=play_lines(result, ja, partial(self._pname, game)),
                          notes=[visible(n) for n in note_lines(
                              result, ja, partial(self._pname, game),
                              older=lambda line: self._say(line, ja))])
        except GameAborted:
            return
        except Exception as exc:  # noqa: BLE001 - a replay that does not match, a locked database, ...
            if not run.aborted:
                message = str(exc) if isinstance(exc, LeagueError) else f"{type(exc).__name__}: {exc}"
                try:
                    self._post(run, LiveGameFailed(message))
                except GameAborted:
                    pass
            return
        try:
            self._post(run, LiveGameOver(number, text))
        except GameAborted:
            pass

    def _post(self, run: _Run, message: Message) -> None:
        """Tell the screen `message` (tui.messages; handled on the event loop); an engine that
        outlived its screen just stops."""
        if run.aborted:
            raise GameAborted
        if not self.post_message(message):
            run.aborted = True
            raise GameAborted

    def _plate_appearance(self, run: _Run, game) -> None:
        """Engine thread, at the start of each live plate appearance: save the game."""
        run.declared = {}
        run.pa_rolls = len(game.rolls)
        try:
            services.save_live(self.app.db, self.info.id, game.live_log, dice=self.dice_mode)
        except Exception as exc:  # noqa: BLE001 - a locked database must not stop the game
            self._post(run, LiveGameNotSaved(f"not saved: {exc}"))

    @staticmethod
    def _pa_key(game) -> tuple:
        return (game.inning, game.half, game.outs, game.offense.batting_index, len(game.plays))

    def _handed(self, run: _Run, side: int, game) -> bool:
        """Engine thread: whether the computer manages this person's side now; a handover whose
        half-inning or inning is over ends here, and the screen says so."""
        handover = self.handover.get(side)
        if handover is None:
            return False
        if handover.covers(game):
            return True
        if self.handover.get(side) is handover:
            del self.handover[side]
            self._post(run, ControlTakenBack((side,)))
        return False

    def on_live_game_not_saved(self, message: LiveGameNotSaved) -> None:
        self.app.notify(message.text, severity="error")

    def on_control_taken_back(self, message: ControlTakenBack) -> None:
        self._say_taken_back(message.sides)

    def _say_taken_back(self, sides: tuple[int, ...]) -> None:
        ja = self.app.japanese
        self.notify(label("gm_taken_back", ja).format(side=self._sides_text(sides, ja)), timeout=3)

    def _sides_text(self, sides: tuple[int, ...], ja: bool) -> str:
        teams = (self.info.away, self.info.home)
        names = self._team_names()
        return " + ".join(names.get(teams[s], teams[s]) for s in sides)

    def _ask(self, run: _Run, side: int, method: str, game, options: dict) -> Any:
        """Engine thread: a person's decision."""
        if method in ("pinch_runner", "defensive_sub"):
            # chosen (or not) at the prompt before the plate appearance: never asked on its own
            attr = "pending_pr" if method == "pinch_runner" else "pending_ds"
            value = getattr(run, attr)
            setattr(run, attr, None)
            return value
        if method == "pinch_hitter" and run.pending_ph is not None:
            pid, run.pending_ph = run.pending_ph, None
            return pid
        if method in ("change_pitcher", "pinch_hitter") and run.play_on == self._pa_key(game):
            return None
        if method in ("change_pitcher", "pinch_hitter", "reliever", "defense_call"):
            # between plate appearances: the last one's strategies and rolls are over
            run.declared = {}
            run.pa_rolls = len(game.rolls)
        run.asking_side = side
        try:
            answer = self.wait_for(run, method, options)
        finally:
            run.asking_side = None
        if answer is COMPUTER_DECIDES:
            return answer                  # handed over while asked: the computer decides it
        if method in ("change_pitcher", "pinch_hitter") and answer is None:
            run.play_on = self._pa_key(game)
        return answer

    def wait_for(self, run: _Run, method: str, options: dict) -> Any:
        """Engine thread: show the question, block until it is answered."""
        self._post(run, QuestionPosed(run, method, options))
        answer = run.answers.get()
        if answer is _ABORT:
            raise GameAborted
        return answer

    def refused(self, run: _Run, message: str) -> None:
        """Engine thread: a typed roll was not a roll; say why (it is asked again)."""
        self._error = message

    def typing_now(self, game) -> bool:
        return self.dice_mode == "typed" and self._auto_until != (game.inning, game.half)

    # ------------------------------------------------------------------ questions
    def on_question_posed(self, message: QuestionPosed) -> None:
        run: _Run = message.run
        method, options = message.method, message.options
        if run is not self._run or not self.is_attached:
            run.abort()
            return
        self.question = (method, options)
        self._sub = None
        self._redraw(run)
        roll_input = self.query_one("#roll-input", Input)
        if method == "roll":
            roll_input.add_class("-asking")
            roll_input.value = ""
            roll_input.focus()
        else:
            roll_input.remove_class("-asking")
            if self.focused is roll_input:
                self.set_focus(None)
        self._show_prompt()

    def _show_prompt(self) -> None:
        if self.question is None:
            self._prompt("…")
            return
        ja = self.app.japanese
        method, options = self.question
        game = self._run.game if self._run else None
        text = Text()
        what = self._what_is_asked(method, options, game, ja)
        if what:
            text.append(what + ": ", style="bold yellow")
        text.append(label(f"gm_q_{method}", ja))
        if self._sub:
            text.append("  → " + label("gm_pick_runner", ja), style="bold")
        choices = self._choices()
        keys = [(k, aid, label(key, ja)) for k, aid, key in ANSWER_KEYS if aid in choices]
        if method == "offense_call" and self._sub:
            keys = [(k, aid, text_) for k, aid, text_ in keys if k in "123"]
        for k, aid, words in keys:
            if aid in ("r0", "r1", "r2", "r3") and game is not None:
                words = self._runner_words(game, int(aid[1]), ja)
            text.append("  ")
            text.append(" ⏎ " if k == "enter" else f" {k} ", style="bold reverse")
            text.append(" " + words)
        if self._error and method == "roll":
            text.append("\n" + refusal(self._error, ja), style="bold red")
        elif game is not None and method in ("change_pitcher", "pinch_hitter", "reliever"):
            text.append("\n" + label("gm_next_up", ja) + self._pname(game, game.batter_id), style="dim")
        self._prompt(text)

    def _pname(self, game, pid: str) -> str:
        """A player's name in the app's language (his Latin-letter name in English)."""
        book = getattr(self.setup, "book", None)
        default = game.name(pid)
        return visible(book.player(pid, self.app.japanese, default) if book is not None
                       else default)

    def _say(self, text: str, ja: bool) -> str:
        """A note of the game (an accident, a draw) in the app's language: Japanese, or English
        names in English."""
        if ja:
            return visible(play_text(text, True))
        book = getattr(self.setup, "book", None)
        return visible(book.english(text) if book is not None else text)

    def _runner_words(self, game, base: int, ja: bool) -> str:
        """The runner on `base` in words: "一塁走者 坂本" / "Sakamoto (on 1st)"; 0 is the batter."""
        where = _BASES[base][0 if ja else 1]
        if base == 0:
            return f"{where} {self._pname(game, game.batter_id)}"
        runner = game.bases[base] if 1 <= base <= 3 else None
        if runner is None:
            return where
        return label("gm_runner_on", ja).format(base=where, name=self._pname(game, runner.pid))

    def _what_is_asked(self, method: str, options: dict, game, ja: bool) -> str:
        """What the question is about, in words: the roll's purpose, the runner asked about,
        the batted ball whose table is read."""
        if method == "roll":
            purpose = options.get("purpose", "")
            return label(f"gm_roll_{purpose}", ja) if f"gm_roll_{purpose}" in LABELS else purpose
        if method == "aggressive":
            table = options.get("table", "")
            return label(f"gm_table_{table}", ja) if f"gm_table_{table}" in LABELS else table
        if method in ("steal_go", "join_steal", "send") and "base" in options and game is not None:
            words = self._runner_words(game, options["base"], ja)
            if "target" in options:
                words += " → " + label("gm_to", ja).format(base=_BASES[options["target"]][0 if ja else 1])
            if "roll" in options:
                words += "  (" + label("gm_steal_roll", ja).format(roll=options["roll"]) + ")"
            return words
        return ""

    def _prompt(self, text: str | Text) -> None:
        self.query_one("#play-prompt", Static).update(text)

    def _choices(self) -> dict[str, Any]:
        """Answer id → value for the question now asked: only what the rules allow."""
        if self.question is None or self.finished:
            return {}
        method, options = self.question
        run = self._run
        if method == "defense_call":
            m = {"none": "d_none", "ibb": "ibb", "infield_in": "infield_in"}
            return {m[c]: c for c in options["choices"] if c in m}
        if method == "offense_call":
            out: dict[str, Any] = {}
            for call in options["choices"]:
                call = tuple(call)
                kind = call[0]
                if kind == "none":
                    out["o_none"] = call
                elif kind in ("bunt", "squeeze", "hit_and_run"):
                    out[kind] = call
                else:
                    out.setdefault(kind, []).append(call)
                    if self._sub == kind:
                        out[f"r{call[1]}"] = call
            return out
        if method in ("aggressive", "send", "no_check", "join_steal"):
            return {"yes": True, "no": False}
        if method == "steal_go":
            return {"go": True, "stop": False}
        if method == "bonus_steal":
            return {"no": None, **{f"r{b}": b for b in options["candidates"]}}
        if method == "bunt_plus":
            return {"all_safe": None, **{f"r{b}": b for b in options["runners"]}}
        if method in ("bunt_out", "back_first"):
            return {f"r{b}": b for b in options["candidates"]}
        if method in ("change_pitcher", "reliever"):
            out = {"play_on": None}
            if options["bullpen"]:
                out["bullpen"] = "pick"
            if (method == "change_pitcher" and run is not None and run.game is not None
                    and run.game.offense.index in self.info.people
                    and run.game.pinch_hitters(run.game.offense)):
                out["bench"] = "pick"
                if run.game.runners():
                    out["runner"] = "pick"
            if (method == "change_pitcher" and run is not None and run.game is not None
                    and self._defensive_subs(run.game)):
                out["defsub"] = "pick"
            return out
        if method == "pinch_hitter":
            out = {"play_on": None}
            if options["bench"]:
                out["bench"] = "pick"
                if run is not None and run.game is not None and run.game.runners():
                    out["runner"] = "pick"
            return out
        return {}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer":
            return parameters[0] in self._choices()
        if action in ("toggle_dice", "computer_inning", "undo", "nothing", "hand_over",
                      "line_score", "box_so_far"):
            return not self.finished
        return True

    def action_nothing(self) -> None:
        """A number key that is not an answer now."""

    def action_answer(self, aid: str) -> None:
        choices = self._choices()
        if aid not in choices or self.question is None:
            return
        method, options = self.question
        value = choices[aid]
        if method == "offense_call" and isinstance(value, list):
            if len(value) == 1:
                value = value[0]
            else:
                self._sub = aid
                self._show_prompt()
                return
        if aid == "bullpen":
            self._pick("bullpen", list(options["bullpen"]), method)
            return
        if aid == "bench":
            if self._run is not None:
                self._pick("bench", self._run.game.pinch_hitters(self._run.game.offense), method)
            return
        if aid == "runner":
            self._pick_runner()
            return
        if aid == "defsub":
            self._pick_defensive_sub()
            return
        self._answer(value)

    @staticmethod
    def _defensive_subs(game) -> list[tuple[str, str]]:
        """(position, bench player) pairs the defense may make: a bench man who can play there."""
        side = game.defense
        return [(pos, b) for pos in ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
                if pos in side.positions for b in side.bench if game.players[b].can_play(pos)]

    def _pick_runner(self) -> None:
        """代走: which runner, then who runs for him; chosen now, made before the pitch."""
        from tui.dialogs.pick_player import PickPlayerDialog
        run = self._run
        if run is None:       # no game on the screen (it ended meanwhile)
            return
        game = run.game
        ja = self.app.japanese
        rows = []
        for base in game.runners():
            out = game.bases[base].pid
            card = game.batting_card(out)
            head = (f"{self._runner_words(game, base, ja)} (RR {card.RR} SR {card.SR}) →")
            for b in game.offense.bench:
                rows.append((f"{base}:{b}", batter_row(game, b, self.setup.season, ja, head)))

        def picked(choice: str | None) -> None:
            if choice is None or run is not self._run or self.question is None:
                return
            base, pid = choice.split(":", 1)
            run.pending_pr = (int(base), pid)
            self._answer(None)

        self.app.push_screen(PickPlayerDialog(label("gm_a_runner", ja), rows), picked)

    def _pick_defensive_sub(self) -> None:
        """守備固め: which position, and the bench player who takes it."""
        from tui.dialogs.pick_player import PickPlayerDialog
        run = self._run
        if run is None:       # no game on the screen (it ended meanwhile)
            return
        game = run.game
        rows = []
        ja = self.app.japanese
        for pos, b in self._defensive_subs(game):
            f = game.players[game.defense.positions[pos]].fielding_at(pos)
            head = (f"{pos} {self._pname(game, game.defense.positions[pos])} "
                    f"({f.text() if f else '-'}) →")
            rows.append((f"{pos}:{b}", batter_row(game, b, self.setup.season, ja, head)))

        def picked(choice: str | None) -> None:
            if choice is None or run is not self._run or self.question is None:
                return
            pos, pid = choice.split(":", 1)
            run.pending_ds = (pos, pid)
            self._answer(None)

        self.app.push_screen(PickPlayerDialog(label("gm_a_defsub", ja), rows), picked)

    def _answer(self, value: Any) -> None:
        run = self._run
        if run is None or self.question is None:
            return
        self.question = None
        self._sub = None
        self._error = ""
        self.query_one("#roll-input", Input).remove_class("-asking")
        self._prompt("…")
        run.answers.put(value)

    def _pick(self, what: str, pids: list[str], method: str) -> None:
        from tui.dialogs.pick_player import PickPlayerDialog
        if self._run is None:
            return
        game = self._run.game
        ja = self.app.japanese
        rows = []
        side = game.defense
        lineup = game.lineups[side.index]
        roles = dict(zip(lineup.bullpen, lineup.roles)) if lineup.roles else {}
        for pid in pids:
            if what == "bullpen" and game.players[pid].pitching is not None:
                role = roles.get(pid, "")
                rows.append((pid, reliever_row(game, side, pid, self.setup.season, ja,
                                               label(f"gm_role_{role}", ja) if role else "")))
            else:
                rows.append((pid, batter_row(game, pid, self.setup.season, ja)))
        title = label("gm_bullpen" if what == "bullpen" else "gm_bench", ja)
        run = self._run

        def picked(pid: str | None) -> None:
            if pid is None or run is not self._run or self.question is None:
                return
            if what == "bench" and method == "change_pitcher":
                # chosen at the pitching prompt: the engine asks for the pinch hitter next
                run.pending_ph = pid
                self._answer(None)
            else:
                self._answer(pid)

        self.app.push_screen(PickPlayerDialog(title, rows), picked)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "roll-input" or self.question is None or self.question[0] != "roll":
            return
        event.stop()
        text = event.value
        event.input.value = ""
        self._error = ""
        self._answer(text)

    # ------------------------------------------------------------------ drawing
    def _redraw(self, run: _Run) -> None:
        game = run.game
        if game is None:
            return
        ja = self.app.japanese
        dice = ("手入力ダイス" if ja else "typed dice") if self.typing_now(game) else (
            "自動ダイス" if ja else "computer dice")
        if self.handover:
            dice += "  " + label("gm_computer_manages", ja) + ": " + self._sides_text(
                tuple(sorted(self.handover)), ja)
        self.query_one(SituationPanel).show(game, run.declared, pa_rolls=run.pa_rolls,
                                            japanese=ja, names=self._team_names(), dice=dice,
                                            compact=self.has_class("-narrow"),
                                            player_name=partial(self._pname, game))
        self._line_score(game)
        self._write_plays(run, game, ja)
        rolls = self.query_one("#rolls-log", RichLog)
        follow = rolls.scroll_offset.y >= rolls.max_scroll_y
        keys = {t.name: k for k, t in game.rules.tables.items()}
        for i, r in enumerate(game.rolls[self._shown_rolls:], start=self._shown_rolls + 1):
            mods = " ".join(f"{modifier_name(s, ja)}{v:+d}" for s, v in r.modifiers)
            purpose = roll_purpose(r.purpose, ja)     # padded by cells: 調子 takes four
            purpose += " " * max(0, 9 - cell_len(purpose))
            rolls.write(f"{i:>3} {purpose} {r.raw:>3} {mods:<14} {r.modified:>3}  "
                        f"{roll_table(r.table, ja, keys)} {roll_words(r.row, ja)}: "
                        f"{roll_words(r.result, ja)}", scroll_end=follow)
        self._shown_rolls = len(game.rolls)

    def _write_plays(self, run: _Run, game, ja: bool) -> None:
        """The plays not yet in the play log, in the app's language: a bunt said as a bunt (every
        pitching change has its own line from the engine, a reliever for a pitcher hit for too)."""
        plays = self.query_one("#plays-log", RichLog)
        follow = plays.scroll_offset.y >= plays.max_scroll_y
        new = game.plays[self._shown_plays:]
        records = game.events
        starts = [c[0] for c in run.calls]
        name = partial(self._pname, game)
        for i, p in enumerate(new, start=self._shown_plays):
            ev = records[i]
            k = bisect_right(starts, i) - 1
            batter = None
            if k >= 0 and run.calls[k][1] and run.calls[k][1][0] in ("bunt", "squeeze") \
                    and ev.batter == run.calls[k][2] and ev.what in events.BATTER_WHAT \
                    and ev.what not in events.BUNTS:
                what = label("gm_" + run.calls[k][1][0], ja)
                batter = f"{name(ev.batter)} ({what})"
            text = visible(events.text(ev, name, ja, batter=batter))
            self._write_play(plays, p.inning, p.half, p.outs, p.score, text, ja, follow)
        self._shown_plays = len(game.plays)

    @staticmethod
    def _write_play(log: RichLog, inning: int, half: str, outs: int, score, text: str, ja: bool,
                    follow: bool) -> None:
        mark = ("表" if half == "top" else "裏") if ja else ("▲" if half == "top" else "▼")
        out = f"{outs}死" if ja else f"{outs}o"
        log.write(f"{inning}{mark} {out} {score[0]}-{score[1]}  {text}", scroll_end=follow)

    def relabel(self) -> None:
        """The language changed: the titles, the panel, the play log and the prompt again."""
        ja = self.app.japanese
        self.query_one("#plays-log", RichLog).border_title = label("gm_plays_title", ja)
        self.query_one("#rolls-log", RichLog).border_title = label("gm_rolls_title", ja)
        self._set_sub_title()
        if self._run is not None and self.question is not None:
            self.query_one("#plays-log", RichLog).clear()
            self._shown_plays = 0
            self._redraw(self._run)
        self._show_prompt()

    # ------------------------------------------------------------------ dice, undo, leaving
    def action_toggle_dice(self) -> None:
        self.dice_mode = "computer" if self.dice_mode == "typed" else "typed"
        self._auto_until = None
        ja = self.app.japanese
        self.notify(("手入力ダイス" if ja else "You type the rolls") if self.dice_mode == "typed"
                    else ("自動ダイス" if ja else "The computer rolls"), timeout=2)
        if self.question is not None and self.question[0] == "roll" and self.dice_mode == "computer":
            self._answer(_COMPUTER)
        elif self._run is not None and self.question is not None:
            self._redraw(self._run)

    def action_hand_over(self) -> None:
        """m: the computer manages one side or both for the rest of the half-inning, the inning
        or the game — or give them back."""
        from tui.dialogs.hand_over import HandOverDialog
        run = self._run
        if run is None or run.game is None:
            return
        names = self._team_names()
        teams = (names[self.info.away], names[self.info.home])
        handed = {side: h.span for side, h in self.handover.items()}

        def chosen(choice) -> None:
            if choice is None or run is not self._run or run.game is None:
                return
            ja = self.app.japanese
            if choice[0] == "take":
                for side in choice[1]:
                    self.handover.pop(side, None)
                self._say_taken_back(choice[1])
                self._refresh_situation()
                return
            _, sides, span = choice
            for side in sides:
                self.handover[side] = Handover.starting(span, run.game)
            self.notify(label("gm_handed", ja).format(side=self._sides_text(sides, ja),
                                                      span=label(f"gm_span_{span}", ja)),
                        timeout=3)
            if self.question is not None and run.asking_side in sides:
                self._answer(COMPUTER_DECIDES)
            else:
                self._refresh_situation()

        self.app.push_screen(HandOverDialog(tuple(self.info.people), teams, handed), chosen)

    def action_line_score(self) -> None:
        """l: the running line score above the play, shown or hidden."""
        self.query_one("#line-score").toggle_class("-shown")
        self._refresh_situation()

    def _line_score(self, game) -> None:
        strip = self.query_one("#line-score", Static)
        if not strip.has_class("-shown"):
            return
        ja = self.app.japanese
        text = render(result_so_far(game), self._team_names(), plays=False, english=not ja,
                      final=False)
        strip.update(Text("\n".join(text.splitlines()[:3])))

    def _team_names(self) -> dict[str, str]:
        ja = self.app.japanese
        return {c: visible(self.setup.names.get(c, c) if ja else c)
                for c in (self.info.away, self.info.home)}

    def action_box_so_far(self) -> None:
        """B: the box score of the game so far (while the game waits for an answer)."""
        from tui.dialogs.box_text import BoxTextDialog
        run = self._run
        if run is None or run.game is None or self.question is None:
            self.notify("…", timeout=1)
            return
        ja = self.app.japanese
        text = render(result_so_far(run.game), self._team_names(), plays=False, english=not ja,
                      final=False)
        self.app.push_screen(BoxTextDialog(label("gm_box_so_far", ja), text))

    def _refresh_situation(self) -> None:
        if self._run is not None and self.question is not None:
            self._redraw(self._run)

    def action_computer_inning(self) -> None:
        run = self._run
        if run is None or run.game is None or self.question is None:
            return
        self._auto_until = (run.game.inning, run.game.half)
        self.notify("この回は自動でダイスを振ります" if self.app.japanese
                    else "The computer rolls the rest of this half-inning", timeout=2)
        if self.question[0] == "roll":
            self._answer(_COMPUTER)

    def action_undo(self) -> None:
        run = self._run
        if run is None or run.game is None or self.question is None:
            self.notify("…", timeout=1)
            return
        back = run.game.live_log.undo_point()
        if back is None:
            self.notify("戻せる打席がありません" if self.app.japanese else "Nothing to undo", timeout=3)
            return
        run.abort()
        self.notify("1打席戻しました" if self.app.japanese else "Back to the start of the plate appearance",
                    timeout=2)
        self._start(back, save_first=True)

    def _keep(self) -> None:
        """Stop the engine; when it waits for an answer, save the log as it stands first."""
        run = self._run
        if run is None or run.aborted or self.finished:
            return
        if self.question is not None and run.game is not None:
            log = run.game.live_log
            try:
                services.save_live(self.app.db, self.info.id,
                                        LiveLog(list(log.rolls), [list(d) for d in log.decisions],
                                                [list(c) for c in log.checkpoints],
                                                self._where(run.game), log.engine),
                                        dice=self.dice_mode)
            except Exception as exc:  # noqa: BLE001 - leaving must not crash the app
                self.app.notify(f"not saved: {exc}", severity="error")
        run.abort()

    @staticmethod
    def _where(game) -> list[int]:
        """Where the game stands now (the resume list shows it)."""
        return [game.inning, game.half, game.outs, game.score[0], game.score[1]]

    def action_leave(self) -> None:
        self._keep()
        self.notify("保存しました。続きはコマンドパレットの「Resume」から" if self.app.japanese
                    else "Saved: resume it from the command palette", timeout=3)
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self._keep()

    # ------------------------------------------------------------------ the end
    def on_live_game_over(self, message: LiveGameOver) -> None:
        number, text = message.number, message.text
        self.finished = True
        self.question = None
        app = self.app
        app.data_changed()
        if self.is_current:
            app.pop_screen()
        if number is not None:
            app.open_boxscore(number)
        else:
            from tui.dialogs.box_text import BoxTextDialog
            app.push_screen(BoxTextDialog(label("final", app.japanese), text))

    def on_live_game_failed(self, failed: LiveGameFailed) -> None:
        message = failed.text
        self.question = None
        message = refusal(message, self.app.japanese)
        self._prompt(Text(message, style="bold red"))
        self.app.notify(message, severity="error", timeout=10)


# ---------------------------------------------------------------------- starting and resuming
def _in_thread(app: App, fn: Callable[[], Any], then: Callable[[Any], None]) -> None:
    """Call a service in a thread (asyncio.to_thread), then `then(result)` on the event loop;
    errors notify (tui.messages.WorkFailed's words)."""

    async def job() -> None:
        try:
            result = await asyncio.to_thread(fn)
        except Exception as exc:  # noqa: BLE001 - shown, never a traceback
            failed = WorkFailed.of(exc)
            app.notify(failed.text, severity="error", timeout=failed.timeout)
            return
        then(result)

    app.run_worker(job(), group="play-start")


def open_play(app: App, setup: LiveSetup, live_dice: Callable[[], Dice] | None = None) -> None:
    """Push the play screen on the current area's stack."""
    app.push_screen(PlayScreen(setup, live_dice=live_dice))


def play_scheduled(app: App, number: int) -> None:
    """Play scheduled game `number` at the keyboard (or carry on with it when it is saved)."""
    db, league = app.db, app.league  # type: ignore[attr-defined]

    def saved():
        games = [g for g in services.list_live(db, league) if g.number == number]
        if games:
            return services.resume_live(db, games[0].id, league), None
        book = services.name_book(db, league)
        ja = app.japanese  # type: ignore[attr-defined]
        return None, tuple(f"{code} {book.team(code, ja, full=True)}"
                           for code in services.scheduled_teams(db, league, number))

    def then(found):
        setup, sides = found
        if setup is not None:
            app.notify(label("gm_resuming", app.japanese).format(n=number),  # type: ignore[attr-defined]
                       timeout=2)
            open_play(app, setup)
            return
        from tui.dialogs.play_setup import PlaySetupDialog

        def chosen(choice) -> None:
            if choice is None:
                return
            _in_thread(app, lambda: services.start_live(
                db, league, number=number, people=choice.people, dice=choice.dice,
                seed=new_seed()), partial(open_play, app))

        app.push_screen(PlaySetupDialog(label("su_game", app.japanese).format(n=number),  # type: ignore[attr-defined]
                                        sides=sides), chosen)

    _in_thread(app, saved, then)


def play_exhibition(app: App) -> None:
    """Choose two teams, the sides and the dice, and play an exhibition."""
    from tui import services
    db, league = app.db, app.league  # type: ignore[attr-defined]

    def then(view) -> None:
        from tui.dialogs.play_setup import PlaySetupDialog
        teams = [(code, view.names.get(code, code)) for code in sorted(view.names)]

        def chosen(choice) -> None:
            if choice is None:
                return
            _in_thread(app, lambda: services.start_live(
                db, league, away=choice.away, home=choice.home, people=choice.people,
                dice=choice.dice, seed=new_seed()), partial(open_play, app))

        app.push_screen(PlaySetupDialog(label("su_exhibition", app.japanese),  # type: ignore[attr-defined]
                                        teams=teams), chosen)

    _in_thread(app, lambda: services.standings(db, league), then)


def resume_games(app: App) -> None:
    """List the saved games at the keyboard: resume one or abandon it."""
    db, league = app.db, app.league  # type: ignore[attr-defined]

    def then(found) -> None:
        games, book = found
        if not games:
            app.notify(label("rs_none", app.japanese), timeout=3)  # type: ignore[attr-defined]
            return
        from tui.dialogs.resume_game import ResumeGameDialog

        def chosen(answer) -> None:
            if answer is None:
                return
            how, live_id = answer
            if how == "abandon":
                _in_thread(app, lambda: services.abandon_live(db, live_id),
                           lambda _: app.notify(label("rs_abandoned", app.japanese),  # type: ignore[attr-defined]
                                                timeout=2))
            else:
                _in_thread(app, lambda: services.resume_live(db, live_id, league),
                           partial(open_play, app))

        app.push_screen(ResumeGameDialog(games, book), chosen)

    _in_thread(app, lambda: (services.list_live(db, league), services.name_book(db, league)), then)
