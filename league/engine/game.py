"""The game: pitch → bat → defense, strategies of chapter 9, innings, and the record of it all.

`Game` plays one game: the innings and half-innings, the managers' decisions before each plate
appearance, and the rules of league/engine/rules/* (the plate appearance, the X table, batted balls
and runners, bunts, steals, the hit-and-run; accidents, league/engine/injury.py) called on it. Its
state and the bookkeeping the rules share are league/engine/state.py's `GameState`, which the rules
read and change. Everything random comes from its dice and every roll is logged (rules C.4).
Managers make every decision from the situation alone (the questions and the class the engine asks
them of: league/engine/state.py's Manager and Decider; the computer's answers:
league/manager/computer.py), so replaying the logged raw rolls reproduces a game exactly.
"""
from __future__ import annotations

from league.engine import ENGINE_VERSION
from league.engine import injury as _injury
from league.engine.cards import Player
from league.engine.dice import Dice
from league.engine.lineup import Lineup
from league.engine.rules import bunt as _bunt
from league.engine.rules import crossplay as _crossplay
from league.engine.rules import hit_and_run as _hit_and_run
from league.engine.rules import plate_appearance as _plate_appearance
from league.engine.rules import runners as _runners
from league.engine.rules import steal as _steal
from league.engine.rules import x_table as _x_table
from league.engine.ruleset import DefenseRow, Ruleset

# the names of the game's state, as they were when they lived here (league.engine.game.Runner,
# .GameResult, the line fields' constants ...): the rest of the project and stored games use them
# named one by one: the compiled build (mypyc) does not hand on what a star import brings
from league.engine.state import (  # noqa: E402,F401
    AB,
    ASK_ALL,
    ASK_DEFENSIVE_SUB,
    ASK_PINCH_HITTER,
    ASK_PINCH_RUNNER,
    ASK_PITCHER_AGAIN,
    BASE_NAMES,
    BASES_OF_HIT,
    BAT_FIELDS,
    BAT_WIDTH,
    BB,
    CONDITIONS,
    COVER,
    CS,
    D2,
    D3,
    F_A,
    F_CS,
    F_DP,
    F_E,
    F_PB,
    F_PO,
    F_SBA,
    FIELD_FIELDS,
    FIELD_POSITIONS,
    FIELD_WIDTH,
    GIDP,
    HBP,
    HIT_WORDS,
    HR,
    IBB,
    INFIELDERS,
    OUT_OF_POSITION,
    OUTFIELDERS,
    P_BB,
    P_BF,
    P_BK,
    P_ER,
    P_H,
    P_HBP,
    P_HR,
    P_IBB,
    P_OUTS,
    P_R,
    P_SO,
    P_WP,
    PA,
    PIT_FIELDS,
    PIT_WIDTH,
    RBI,
    SB,
    SF,
    SH,
    SO,
    BattingCard,
    Decider,
    DecisionError,
    DefenceValues,
    E,
    Event,
    Fielding,
    GameResult,
    GameState,
    H,
    Manager,
    Move,
    Play,
    R,
    Roll,
    Runner,
    ScoringBook,
    SeededDice,
    Side,
    base_text,
    decide,
    deciding,
    event_text,
    mypyc_attr,
    plays,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(GameState):
    """One game of Impact Baseball between two line-ups, driven by two managers and one dice."""

    def __init__(self, ruleset: Ruleset, players: dict[str, Player], away: Lineup, home: Lineup,
                 away_manager: "Manager", home_manager: "Manager", dice: Dice, *,
                 dh: bool | None = None, extra_innings: int | None = None,
                 fatigue: dict[str, int] | None = None, quiet: bool = False,
                 hurt: dict[str, int] | None = None, splits: bool = True,
                 box: bool = True, version: int = ENGINE_VERSION) -> None:
        super().__init__(ruleset, players, away, home, away_manager, home_manager, dice, dh=dh,
                         extra_innings=extra_innings, fatigue=fatigue, quiet=quiet, hurt=hurt,
                         splits=splits, box=box, version=version)
        # the rule's own function is called directly unless a subclass wraps the plate
        # appearance (league/engine/live.py records where each one starts): asked once a game
        self.plain_pa = type(self).plate_appearance is Game.plate_appearance
        if self.hurt_in:
            _injury.start_hurt(self)

    # ------------------------------------------------------------------ the game
    def play(self) -> GameResult:
        """Play the whole game and return its result."""
        innings = self.opt["innings"]
        while not self.finished:
            self.play_half()
            if self.finished:
                break
            if self.half == 0:
                # the home team does not bat in the last inning when it leads
                if self.inning >= innings and self.score[1] > self.score[0]:
                    self.finished = True
                    break
                self.half = 1
            else:
                if self.inning >= innings and self.score[0] != self.score[1]:
                    self.finished = True
                    break
                if self.inning >= self.max_innings:
                    self.finished = True
                    self.notes.append(f"draw after {self.inning} innings")
                    break
                self.half = 0
                self.inning += 1
        return self._result()

    def play_half(self) -> None:
        self.outs = 0
        self.outs_now = 0
        self.phantom_outs = 0
        self.bases = [None, None, None, None]
        self.line[self.half].append(0)
        self.pitch_bonus = 0
        half = self.half
        off, dfn = self.sides[half], self.sides[1 - half]
        mo, md = self.deciders[off.index], self.deciders[dfn.index]
        if dfn.pending_field:
            self.settle_defense(dfn)
        # whether the pitcher question is asked again before the first batter, right after
        # the one at the start of the half (ASK_PITCHER_AGAIN)
        again = True
        if dfn.relieve is not None:
            # the pitcher was hit for: his reliever comes in now and faces a batter before he
            # can be changed (5.10(g)); other changes at the start of the inning as usual
            self._relieve(dfn)
            self._defense_changes(inning_start=True, pitcher=False)
        else:
            self._defense_changes(inning_start=True)
            again = False
        self.condition_check(dfn)
        # the home team in the last inning or later: a run may end the game
        may_end = half == 1 and self.inning >= self.innings
        score = self.score
        raws = self.raws
        injury = self.injury_rules
        # the raw rolls that call for an accident check (read once a half, not once a batter)
        trigger = injury.trigger if injury is not None else ()
        first, bid = 0, ""
        # the questions the managers may answer in this half (the others would be "nothing")
        ask_o = mo.asking(self, True)
        ask_d = self.ask_defense = md.asking(self, False)
        if ask_d & ASK_PITCHER_AGAIN:
            again = True
        plain = self.plain_pa
        # the decision points before every plate appearance (_defense_changes and
        # _offense_changes, written out: this loop runs some eighty times a game)
        while self.outs < 3 and not self.finished:
            if again:
                new = md.change_pitcher(self, False)
                if new:
                    self.change_pitcher(dfn, new)
            again = True
            if ask_d & ASK_DEFENSIVE_SUB and dfn.bench:
                sub = md.defensive_sub(self, False)
                if sub:
                    self.defensive_sub(dfn, sub[0], sub[1])
            if ask_o & ASK_PINCH_HITTER:
                hitter = mo.pinch_hitter(self)
                if hitter:
                    self.pinch_hit(off, hitter)
            if ask_o & ASK_PINCH_RUNNER and off.bench:
                bases = self.bases
                if bases[1] is not None or bases[2] is not None or bases[3] is not None:
                    runner = mo.pinch_runner(self)
                    if runner:
                        self.pinch_run(off, runner[0], runner[1])
            if injury is not None:
                first, bid = len(raws), off.order[off.batting_index]
            if plain:
                _plate_appearance.plate_appearance(self)
            else:
                self.plate_appearance()
            if may_end and score[1] > score[0]:
                self.finished = True
            # the accident check follows a plate appearance whose first raw roll triggers it —
            # not one that ended the game: nothing happens on the field after the last play
            if (injury is not None and len(raws) > first and raws[first] in trigger
                    and not self.finished and not (self.outs >= 3 and self._ends_with_half())):
                _injury.accident_check(self, injury, bid)
        self.ask_defense = ASK_ALL

    def _ends_with_half(self) -> bool:
        """The game is over when the half-inning now being played ends: the home team leads
        after the top of the last inning, the score is not tied after the bottom of the last
        inning or later, or the bottom of the last inning allowed is over (a draw)."""
        innings = self.opt["innings"]
        if self.half == 0:
            return self.inning >= innings and self.score[1] > self.score[0]
        return ((self.inning >= innings and self.score[0] != self.score[1])
                or self.inning >= self.max_innings)

    # ------------------------------------------------------------------ plate appearance
    def plate_appearance(self) -> None:
        """The rule lives in league/engine/rules/plate_appearance.py."""
        return _plate_appearance.plate_appearance(self)

    def pitch(self, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> None:
        """The rule lives in league/engine/rules/plate_appearance.py."""
        return _plate_appearance.pitch(self, bid, kind, infield_in, mods)

    # ------------------------------------------------------------------ X table
    def x_table(self, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> None:
        """The rule lives in league/engine/rules/x_table.py (the pitch thrown again, if any, too)."""
        again = _x_table.x_table(self, bid, kind, infield_in, mods)
        if again is not None:
            _plate_appearance.pitch(self, bid, again[0], infield_in, again[1])

    # ------------------------------------------------------------------ batting
    def bat_roll(self, bid: str, pitch: str, kind: str, infield_in: bool) -> None:
        """The rule lives in league/engine/rules/plate_appearance.py."""
        return _plate_appearance.bat_roll(self, bid, pitch, kind, infield_in)

    def _home_run(self, bid: str) -> None:
        """The rule lives in league/engine/rules/plate_appearance.py."""
        return _plate_appearance._home_run(self, bid)

    # ------------------------------------------------------------------ defense
    def defend(self, key: str, bid: str, kind: str, infield_in: bool, bat_roll: int | None,
               pitch: str, bunt_ground: bool = False) -> None:
        """The rule lives in league/engine/rules/runners.py."""
        return _runners.defend(self, key, bid, kind, infield_in, bat_roll, pitch, bunt_ground)

    def _apply(self, bid: str, key: str, row: DefenseRow, tokens: tuple[tuple[int, int], ...],
               aggressive: bool, is_error: bool, agg_err: bool, kind: str, raw: int,
               ball: int) -> None:
        """The rule lives in league/engine/rules/runners.py."""
        return _runners._apply(self, bid, key, row, tokens, aggressive, is_error, agg_err, kind,
                               raw, ball)

    def _fielder_for(self, key: str, raw: int) -> str:
        """The rule lives in league/engine/rules/runners.py."""
        return _runners._fielder_for(self, key, raw)

    def _fielder_pos(self, key: str, raw: int) -> str:
        """The rule lives in league/engine/rules/runners.py."""
        return _runners._fielder_pos(self, key, raw)

    def _back_on_the_fly(self, final: list[Move], key: str, outs_before: int,
                         notes: list[tuple[str, str, int]]) -> None:
        """The rule lives in league/engine/rules/hit_and_run.py."""
        return _hit_and_run._back_on_the_fly(self, final, key, outs_before, notes)

    def crossplay(self, rn: Runner, rr: int, what: str) -> bool:
        """The rule lives in league/engine/rules/crossplay.py."""
        return _crossplay.crossplay(self, rn, rr, what)

    # ------------------------------------------------------------------ strategies: bunt
    def bunt(self, bid: str, pitch: str, pitch_raw: int, squeeze: bool, infield_in: bool) -> None:
        """The rule lives in league/engine/rules/bunt.py (the pitch thrown again, if any, too)."""
        again = _bunt.bunt(self, bid, pitch, pitch_raw, squeeze, infield_in)
        if again is not None:
            _plate_appearance.pitch(self, bid, again[0], infield_in, again[1])

    def bunt_extra_base_runners(self) -> list[int]:
        """The rule lives in league/engine/rules/bunt.py."""
        return _bunt.bunt_extra_base_runners(self)

    # ------------------------------------------------------------------ strategies: steals
    def steal_sr(self, base_from: int, sr: int, half: bool) -> int:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal.steal_sr(self, base_from, sr, half)

    def _divide(self, sr: int, div: int) -> int:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal._divide(self, sr, div)

    def pickoff_start(self, base_from: int, sr: int) -> int:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal.pickoff_start(self, base_from, sr)

    def steal(self, base_from: int, mode: str = "normal", sr_override: int | None = None,
              half: bool = False, bonus_allowed: bool = True) -> bool:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal.steal(self, base_from, mode, sr_override, half, bonus_allowed)

    def catcher_table(self, arm_bonus: int, what: str) -> bool:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal.catcher_table(self, arm_bonus, what)

    def _stolen(self, base_from: int, rn: Runner, how: str = "") -> None:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal._stolen(self, base_from, rn, how)

    def _caught(self, base_from: int, rn: Runner, picked: bool) -> None:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal._caught(self, base_from, rn, picked)

    def bonus(self, base_from: int) -> None:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal.bonus(self, base_from)

    def double_steal(self, first: int | None) -> None:
        """The rule lives in league/engine/rules/steal.py."""
        return _steal.double_steal(self, first)

    def hit_and_run_strikeout(self) -> None:
        """The rule lives in league/engine/rules/hit_and_run.py."""
        return _hit_and_run.hit_and_run_strikeout(self)
