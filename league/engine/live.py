"""Live games: a person manages a side at the table, and a game can be saved, resumed and undone.

A game is fully determined by its line-ups, its carried fatigue, the decisions of the people
managing and the raw rolls (rules C.4; computer managers decide from the situation alone). So a
live game keeps two logs — every raw roll and every decision a person made — and resuming or
undoing is replaying those logs through the engine, then carrying on live.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from league.engine import ENGINE_VERSION
from league.engine.dice import Dice, SeededDice
from league.engine.game import BASE_NAMES, BAT_FIELDS, PIT_FIELDS, Game, GameResult
from league.engine.rules.bunt import bunt_extra_base_runners
from league.engine.state import GameState
from league.errors import DecisionError, DiceError

# manager methods a person answers, in the order the engine may ask them
DECISIONS = ("defense_call", "offense_call", "aggressive", "steal_go", "bonus_steal", "join_steal",
             "no_check", "bunt_plus", "bunt_out", "send", "back_first", "change_pitcher", "reliever",
             "pinch_hitter", "pinch_runner", "defensive_sub")


class GameAborted(Exception):
    """The person closed the game; the engine thread stops where it stood (nothing is lost)."""


# What a person's `ask` may answer to let the computer manager decide this one question
COMPUTER_DECIDES = object()

HANDOVER_SPANS = ("half", "inning", "game")


@dataclass(frozen=True)
class Handover:
    """A side a person manages, handed to the computer manager for the rest of the half-inning,
    the inning or the game in which it was handed over ("The computer manages the rest")."""

    span: str      # half | inning | game
    inning: int
    half: int      # 0 top, 1 bottom

    @staticmethod
    def starting(span: str, game: Game) -> "Handover":
        """A handover from the situation of `game` on."""
        if span not in HANDOVER_SPANS:
            raise ValueError(f"a handover lasts the half-inning, the inning or the game, not {span!r}")
        return Handover(span, game.inning, game.half)

    def covers(self, game: Game) -> bool:
        """Whether the computer still manages at this point of the game."""
        if self.span == "game":
            return True
        if self.span == "inning":
            return game.inning == self.inning
        return game.inning == self.inning and game.half == self.half


def _plain(value: Any) -> Any:
    """Decisions are stored as JSON: tuples become lists."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _back(name: str, value: Any) -> Any:
    if name == "offense_call" and isinstance(value, list):
        return tuple(value)
    return value


@dataclass
class LiveLog:
    """What a live game needs to be replayed: raw rolls and the people's decisions, with the
    position of both logs at the start of each plate appearance (for undo)."""

    rolls: list[int] = field(default_factory=list)
    decisions: list[list] = field(default_factory=list)   # [side, method, value]
    checkpoints: list[list[int]] = field(default_factory=list)  # [rolls, decisions] per PA
    # where the game stood at the last plate appearance begun: [inning, half (0 top, 1 bottom),
    # outs, away runs, home runs]; None in a log saved by an older version
    where: list[int] | None = None
    # the engine version the game is played by (league.engine.ENGINE_VERSION when it began);
    # None in a log saved before versions were kept: `version`
    engine: int | None = None

    @property
    def version(self) -> int:
        """The engine version whose computer managers and rules play this game (the computer's
        side logs no decisions, so a resumed game replays only with the manager that played it;
        the rules read it too, league.engine.state.GameState.version):
        the log's, else 2 for a game begun before logs kept it, else today's for a new one."""
        if self.engine is not None:
            return self.engine
        return 2 if self.rolls or self.decisions else ENGINE_VERSION

    def as_dict(self) -> dict:
        out: dict[str, Any] = {"rolls": list(self.rolls),
                               "decisions": [list(d) for d in self.decisions],
                               "checkpoints": [list(c) for c in self.checkpoints]}
        if self.where is not None:
            out["where"] = list(self.where)
        if self.engine is not None:
            out["engine"] = self.engine
        return out

    @staticmethod
    def from_dict(data: dict) -> "LiveLog":
        try:
            rolls = [int(r) for r in data.get("rolls", [])]
            decisions = [[int(d[0]), str(d[1]), d[2]] for d in data.get("decisions", [])]
            checkpoints = [[int(c[0]), int(c[1])] for c in data.get("checkpoints", [])]
            where = data.get("where")
            where = [int(x) for x in where][:5] if where is not None else None
            if where is not None and len(where) != 5:
                where = None
            engine = data.get("engine")
            engine = int(engine) if engine is not None else None
        except (TypeError, ValueError, IndexError, AttributeError) as exc:
            raise DiceError(f"the saved game's log is damaged: {exc}") from None
        if any(not 1 <= r <= 100 for r in rolls):
            raise DiceError("the saved game's log has a roll outside 1..100")
        return LiveLog(rolls, decisions, checkpoints, where, engine)

    def undo_point(self) -> "LiveLog | None":
        """The log cut back to the start of the last plate appearance that was completed or
        begun; None when there is nothing to undo."""
        cps = [c for c in self.checkpoints if c[0] < len(self.rolls) or c[1] < len(self.decisions)]
        if not cps:
            return None
        r, d = cps[-1]
        keep = [c for c in self.checkpoints if c[0] <= r and c[1] <= d and c != cps[-1]]
        return LiveLog(self.rolls[:r], self.decisions[:d], keep, engine=self.engine)


def computer_rolls(seed: int, rolls: list[int]) -> bool:
    """Whether every roll of a keyboard game is the computer's: the game's seeded dice roll the
    k-th roll of its log as its k-th (a resumed or undone game carries them on from where its
    log stands, so the k-th roll is the seed's k-th however often the game was resumed). A roll
    that is not was typed by the person (or written by hand)."""
    dice = SeededDice(seed)
    return all(dice.roll("pitch") == r for r in rolls)


class LoggedDice:
    """Dice that first replay a saved game's rolls, then roll live; every roll goes in the log."""

    def __init__(self, saved: list[int], log: LiveLog, live: Callable[[], Dice]) -> None:
        self.log = log
        self._replay = list(saved)
        self._live_factory = live
        self._live: Dice | None = None
        self.used = 0

    @property
    def replaying(self) -> bool:
        return len(self.log.rolls) < len(self._replay)

    def set_live(self, live: Callable[[], Dice]) -> None:
        """Switch how live rolls are made (the computer's dice or the person's typed rolls)."""
        self._live_factory = live
        self._live = None

    def roll(self, purpose: str) -> int:
        if self.replaying:
            value = self._replay[len(self.log.rolls)]
        else:
            if self._live is None:
                self._live = self._live_factory()
            value = self._live.roll(purpose)
        self.log.rolls.append(value)
        self.used += 1
        return value


class PersonManager:
    """The decisions of a side managed by a person. Logged answers are replayed first; then every
    question goes to `ask(method, game, options)`, which blocks until the person answers."""

    def __init__(self, side: int, log: LiveLog, replay: list[list],
                 ask: Callable[[str, GameState, dict], Any], computer: Any = None,
                 handed: Callable[[int, GameState], bool] | None = None,
                 decided: Callable[[str, GameState, Any], None] | None = None) -> None:
        self.side = side
        self.log = log
        self._replay = replay
        self._ask = ask
        # while `handed(side, game)` holds, `computer` (a Manager) decides; its answers are
        # logged like the person's, so the game still replays exactly from its logs
        self.computer = computer
        self._handed = handed
        self._decided = decided    # told every decision, replayed or made (for a screen to show)

    def _answer(self, method: str, game: GameState, options: dict, args: tuple = ()) -> Any:
        if self._replay:
            # the saved answers come back in the order the engine asked them, for either side
            side, name, value = self._replay.pop(0)
            if side != self.side or name != method:
                raise DecisionError(f"the saved game does not replay: it recorded {name} of side "
                                    f"{side} where the game asks {method} of side {self.side}")
            value = _back(name, value)
        elif (self.computer is not None and self._handed is not None
              and self._handed(self.side, game)):
            value = getattr(self.computer, method)(game, *args)
        else:
            value = self._ask(method, game, options)
            if value is COMPUTER_DECIDES:
                if self.computer is None:
                    raise DecisionError(f"no computer manager to decide {method}")
                value = getattr(self.computer, method)(game, *args)
        self.log.decisions.append([self.side, method, _plain(value)])
        if self._decided is not None:
            self._decided(method, game, value)
        return value

    # the Manager protocol -------------------------------------------------------------
    def defense_call(self, game: GameState) -> str:
        return self._answer("defense_call", game, {"choices": defense_options(game)})

    def offense_call(self, game: GameState) -> tuple:
        return self._answer("offense_call", game, {"choices": offense_options(game)})

    def aggressive(self, game: GameState, table: str) -> bool:
        return bool(self._answer("aggressive", game, {"table": table}, (table,)))

    def steal_go(self, game: GameState, base: int, roll: int) -> bool:
        return bool(self._answer("steal_go", game, {"base": base, "roll": roll}, (base, roll)))

    def bonus_steal(self, game: GameState, candidates: list[int]) -> int | None:
        return self._answer("bonus_steal", game, {"candidates": candidates}, (candidates,))

    def join_steal(self, game: GameState, base: int) -> bool:
        return bool(self._answer("join_steal", game, {"base": base}, (base,)))

    def no_check(self, game: GameState) -> bool:
        return bool(self._answer("no_check", game, {}))

    def bunt_plus(self, game: GameState) -> int | None:
        return self._answer("bunt_plus", game, {"runners": bunt_extra_base_runners(game)})

    def bunt_out(self, game: GameState, candidates: list[int]) -> int:
        return self._answer("bunt_out", game, {"candidates": candidates}, (candidates,))

    def send(self, game: GameState, base: int, target: int) -> bool:
        return bool(self._answer("send", game, {"base": base, "target": target},
                                 (base, target)))

    def back_first(self, game: GameState, candidates: list[int]) -> int:
        return self._answer("back_first", game, {"candidates": candidates}, (candidates,))

    def change_pitcher(self, game: GameState, inning_start: bool) -> str | None:
        side = game.defense
        # a starter who has not yet faced a batter stays in (5.10(f)): no bullpen to pick from
        bullpen = [] if game.starter_owes_a_batter(side) else list(side.bullpen)
        return self._answer("change_pitcher", game, {"bullpen": bullpen,
                                                    "inning_start": inning_start}, (inning_start,))

    def reliever(self, game: GameState, side) -> str | None:
        return self._answer("reliever", game, {"bullpen": list(side.bullpen)}, (side,))

    def pinch_hitter(self, game: GameState) -> str | None:
        return self._answer("pinch_hitter", game, {"bench": game.pinch_hitters(game.offense)})

    def pinch_runner(self, game: GameState) -> tuple[int, str] | None:
        value = self._answer("pinch_runner", game, {"runners": game.runners(),
                                                     "bench": list(game.offense.bench)})
        return tuple(value) if value else None  # type: ignore[return-value]

    def defensive_sub(self, game: GameState, inning_start: bool) -> tuple[str, str] | None:
        value = self._answer("defensive_sub", game, {"bench": list(game.defense.bench),
                                                      "inning_start": inning_start},
                             (inning_start,))
        return tuple(value) if value else None  # type: ignore[return-value]


def defense_options(game: GameState) -> list[str]:
    """What the defense may declare before the pitch (9-1)."""
    return ["none", "ibb", "infield_in"]


def offense_options(game: GameState) -> list[tuple]:
    """What the offense may declare with the runners on (9-2): one of bunt, squeeze,
    hit-and-run, a steal by a runner whose next base is free, or a double steal."""
    runners = game.runners()
    out: list[tuple] = [("none",)]
    if not runners:
        return out
    out.append(("bunt",))
    if game.bases[3] is not None:
        out.append(("squeeze",))
    out.append(("hit_and_run",))
    free = [b for b in runners if b == 3 or game.bases[b + 1] is None]
    for b in free:
        out.append(("steal", b))
    if len(runners) >= 2 and free:
        out.append(("double_steal", max(free)))
        if 1 in free and 3 in free and max(free) != 1:
            out.append(("double_steal", 1))
    return out


BASE_NAMES_JA = ("打者", "一塁", "二塁", "三塁", "本塁")


def describe_call(call: tuple | str, japanese: bool = False) -> str:
    """A strategy in words, for the situation panel."""
    if isinstance(call, str):
        call = (call,)
    kind = call[0]
    ja = {"none": "なし", "ibb": "敬遠", "infield_in": "前進守備", "bunt": "バント",
          "squeeze": "スクイズ", "hit_and_run": "ヒットエンドラン", "steal": "盗塁",
          "double_steal": "重盗"}
    en = {"none": "none", "ibb": "intentional walk", "infield_in": "infield in", "bunt": "bunt",
          "squeeze": "squeeze", "hit_and_run": "hit-and-run", "steal": "steal",
          "double_steal": "double steal"}
    text = (ja if japanese else en).get(kind, kind)
    if len(call) > 1 and call[1] is not None:
        text += f" ({(BASE_NAMES_JA if japanese else BASE_NAMES)[call[1]]})"
    return text


def result_so_far(game: Game) -> GameResult:
    """The game as it stands, as a result a box score can be drawn from: copies only, so reading
    it (while the engine waits for an answer) changes nothing in the game. No decisions yet."""
    batting = [(side, pid, list(game.bat.get(pid, [0] * len(BAT_FIELDS))), game.pos_text.get(pid, pos))
               for side, pid, pos in game.bat_order]
    pitching = [(s.index, pid, list(game.pit.get(pid, [0] * len(PIT_FIELDS))))
                for s in game.sides for pid in s.pitchers_used]
    return GameResult(
        away=game.sides[0].team, home=game.sides[1].team,
        innings=[list(x) for x in game.line], runs=list(game.score), hits=list(game.hits),
        errors=list(game.errs), batting=batting, pitching=pitching, decisions={},
        home_runs=list(game.home_runs), plays=list(game.plays), events=list(game.events), rolls=list(game.rolls),
        players=game.players, winner=None, final_inning=game.inning, notes=list(game.notes),
        lineups=game.lineups, fatigue=dict(game.fatigue_in), raws=list(game.raws),
        version=game.version)


class LiveGame(Game):
    """A Game that marks where each plate appearance begins in the live log (for undo) and
    tells `on_plate_appearance` (e.g. to save the game) once the saved part has replayed."""

    live_log: LiveLog
    live_dice: LoggedDice
    on_plate_appearance: Callable[["LiveGame"], None] | None = None

    @property
    def replaying(self) -> bool:
        return self.live_dice.replaying

    def plate_appearance(self) -> None:
        self.live_log.checkpoints.append([len(self.live_log.rolls), len(self.live_log.decisions)])
        self.live_log.where = [self.inning, self.half, self.outs, self.score[0], self.score[1]]
        if self.on_plate_appearance is not None and not self.replaying:
            self.on_plate_appearance(self)
        super().plate_appearance()


def live_game(ruleset, players: dict, away, home, *, people: dict[int, Callable[[str, GameState, dict], Any]],
              computer: Callable[..., Any], live_dice: Callable[[], Dice], saved: LiveLog | None = None,
              dh: bool | None = None, extra_innings: int | None = None,
              fatigue: dict[str, int] | None = None,
              handed: Callable[[int, GameState], bool] | None = None,
              decided: Callable[[str, GameState, Any], None] | None = None
              ) -> tuple[LiveGame, LoggedDice]:
    """A game where the sides in `people` (0 away, 1 home) are managed by a person.

    With `saved`, the game first replays the saved rolls and decisions silently, then carries on
    live. `game.play()` runs it (in a worker thread: the person's answers block it).
    While `handed(side, game)` holds, a computer manager (made by `computer`) decides for a
    person's side without asking; so does it for one question answered with COMPUTER_DECIDES.
    `decided(method, game, value)` hears every decision of a person's side, replayed or made.
    `computer(version=N)` makes a computer manager choosing as engine version N did: the version
    the game began in (LiveLog.version), which the game's rules play by too, so a game saved by
    an older version resumes as played.
    """
    saved = saved or LiveLog()
    log = LiveLog(engine=saved.version)
    dice = LoggedDice(saved.rolls, log, live_dice)
    replay = [list(d) for d in saved.decisions]
    managers = [PersonManager(side, log, replay, people[side], computer(version=log.version),
                              handed, decided)
                if side in people else computer(version=log.version) for side in (0, 1)]
    game = LiveGame(ruleset, players, away, home, managers[0], managers[1], dice, dh=dh,
                    extra_innings=extra_innings, fatigue=fatigue, version=log.version)
    game.live_log = log
    game.live_dice = dice
    return game, dice
