"""The game: pitch → bat → defense, strategies of chapter 9, innings, and the record of it all.

`Game` holds the mutable state of one game in progress; everything random comes from its dice and
every roll is logged (rules C.4). Managers (see league/manager.py) make every decision from the
situation alone, so replaying the logged raw rolls reproduces a game exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

try:  # the compiled build (setup.py): tests and the app subclass these classes in Python
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python package needs nothing beyond the standard library
    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[misc,no-redef]
        return lambda cls: cls

from league.cards import CONDITIONS, FIELD_POSITIONS, BattingCard, Player
from league.dice import Dice, Roll
from league.errors import DecisionError, LeagueError
from league.lineup import Lineup
from league.ruleset import CIRCLE, PLAIN, TRY, DefenseRow, Ruleset, token_text
from league.scoring import ScoringBook
from league.values import DefenceValues, defence_values

if TYPE_CHECKING:
    from league.manager import Manager

# batting line fields
BAT_FIELDS = ("pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "ibb", "hbp", "so", "sb", "cs",
              "sh", "sf", "gidp", "e")
PA, AB, R, H, D2, D3, HR, RBI, BB, IBB, HBP, SO, SB, CS, SH, SF, GIDP, E = range(len(BAT_FIELDS))
PIT_FIELDS = ("outs", "bf", "h", "hr", "bb", "ibb", "hbp", "so", "r", "er", "wp", "bk")
P_OUTS, P_BF, P_H, P_HR, P_BB, P_IBB, P_HBP, P_SO, P_R, P_ER, P_WP, P_BK = range(len(PIT_FIELDS))
FIELD_FIELDS = ("po", "a", "e", "dp", "pb", "sb_allowed", "cs")
F_PO, F_A, F_E, F_DP, F_PB, F_SBA, F_CS = range(len(FIELD_FIELDS))
BASE_NAMES = ("batter", "1st", "2nd", "3rd", "home")
BASES_OF_HIT = {"1B": 1, "2B": 2, "3B": 3, "HR": 4}
HIT_WORDS = {1: "single", 2: "double", 3: "triple", 4: "home run"}
# who takes the throw at a base: (usual, when the usual fielder made the play)
COVER = {2: ("SS", "2B"), 3: ("3B", "SS"), 4: ("C", "C"), 1: ("1B", "2B")}
INFIELDERS = ("1B", "2B", "3B", "SS", "P", "C")
OUTFIELDERS = ("LF", "CF", "RF")


class Runner:
    """A runner on base: who, which pitcher is charged if he scores, and whether it is earned."""

    __slots__ = ("pid", "charged", "earned")

    def __init__(self, pid: str, charged: str, earned: bool) -> None:
        self.pid = pid
        self.charged = charged
        self.earned = earned


def _on(rn: Runner | None) -> Runner:
    """The runner a rule knows is there (the caller has checked the base)."""
    assert rn is not None, "no runner where one must be"
    return rn


class Side:
    """One team's state in the game."""

    def __init__(self, index: int, lineup: Lineup, players: dict[str, Player], ruleset: Ruleset,
                 dh: bool, fatigue: dict[str, int] | None) -> None:
        self.index = index
        self.team = lineup.team
        self.players = players
        self.order = list(lineup.order)
        self.positions = dict(zip(lineup.positions, lineup.order))
        if not dh:
            self.positions["P"] = lineup.pitcher
        self.dh = dh
        self.pitcher = lineup.pitcher
        self.bench = list(lineup.bench)
        self.bullpen = list(lineup.bullpen)
        self.bullpen_ranked = lineup.bullpen_ranked
        self.used: set[str] = set(lineup.order) | {lineup.pitcher}
        self.batting_index = 0
        self.condition = "B"
        self.pitchers_used: list[str] = [lineup.pitcher]
        self.carried_fatigue = dict(fatigue or {})
        self.ruleset = ruleset
        self.values: DefenceValues = self._values()
        self.pending_field: list[tuple[str, str]] = []   # (replaced, new) to settle in the field

    def _values(self) -> DefenceValues:
        fielders = []
        for pos in FIELD_POSITIONS:
            pid = self.pitcher if pos == "P" else self.positions.get(pos)
            if pid is None:
                continue
            f = self.players[pid].fielding_at(pos)
            if f is None:
                from league.cards import Fielding
                f = Fielding(pos, -1, None, "-")  # out of position: no range, a bad mark
            fielders.append(f)
        return defence_values(fielders, self.ruleset.defence)

    def recompute(self) -> None:
        """Team defence values are recomputed on every substitution."""
        self.values = self._values()

    def fielder(self, pos: str) -> str:
        return self.pitcher if pos == "P" else self.positions[pos]


class Play(NamedTuple):
    """One line of the play-by-play: what happened, and the outs and score after it."""

    inning: int
    half: str
    batter: str
    pitcher: str
    text: str
    outs: int
    score: tuple[int, int]

    def as_dict(self) -> dict:
        return {"inning": self.inning, "half": self.half, "batter": self.batter,
                "pitcher": self.pitcher, "text": self.text, "outs": self.outs,
                "runs": {"away": self.score[0], "home": self.score[1]}}


@dataclass
class GameResult:
    """Everything a finished game leaves: line score, lines, decisions, plays and rolls."""

    away: str
    home: str
    innings: list[list[int]]
    runs: list[int]
    hits: list[int]
    errors: list[int]
    batting: list[tuple[int, str, list[int], str]]   # (side, pid, line, position text)
    pitching: list[tuple[int, str, list[int]]]
    decisions: dict[str, str]
    home_runs: list[tuple[int, str, int, str]]       # (side, batter, inning, pitcher)
    plays: list[Play]
    rolls: list[Roll]
    players: dict[str, Player]
    winner: int | None
    fielding: list[tuple[int, str, list[int]]] = field(default_factory=list)
    lineups: tuple[Lineup, ...] = ()
    fatigue: dict[str, int] = field(default_factory=dict)
    final_inning: int = 9
    notes: list[str] = field(default_factory=list)
    raws: list[int] = field(default_factory=list)     # the raw rolls in order (kept when quiet)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """One game of Impact Baseball between two line-ups, driven by two managers and one dice."""

    def __init__(self, ruleset: Ruleset, players: dict[str, Player], away: Lineup, home: Lineup,
                 away_manager: "Manager", home_manager: "Manager", dice: Dice, *,
                 dh: bool | None = None, extra_innings: int | None = None,
                 fatigue: dict[str, int] | None = None, quiet: bool = False) -> None:
        self.rules = ruleset
        self.opt = ruleset.options
        self.players = players
        self.dh = ruleset.options["dh"] if dh is None else dh
        self.max_innings = ruleset.options["extra_innings"] if extra_innings is None else extra_innings
        away.validate(players, self.dh)
        home.validate(players, self.dh)
        self.sides = (Side(0, away, players, ruleset, self.dh, fatigue),
                      Side(1, home, players, ruleset, self.dh, fatigue))
        self.lineups = (away, home)
        self.fatigue_in = dict(fatigue or {})
        self.fld: dict[str, list[int]] = {}
        self.fld_order: list[tuple[int, str]] = []
        self.managers = (away_manager, home_manager)
        self.dice = dice
        self.inning = 1
        self.half = 0
        self.outs = 0
        self.bases: list[Runner | None] = [None, None, None, None]   # index 1..3
        self.score = [0, 0]
        self.line: list[list[int]] = [[], []]
        self.hits = [0, 0]
        self.errs = [0, 0]
        self.bat: dict[str, list[int]] = {}
        self.pit: dict[str, list[int]] = {}
        self.bat_order: list[tuple[int, str, str]] = []
        self.pos_text: dict[str, str] = {}
        self.plays: list[Play] = []
        self.rolls: list[Roll] = []
        self.raws: list[int] = []     # every raw roll in order: what a replay needs
        self.quiet = quiet            # no roll log and no play text (odds, bulk simulation)
        self._steal_raw = 0
        self.home_runs: list[tuple[int, str, int, str]] = []
        self.pitch_bonus = 0          # +5 after a stop, for the next pitch
        self.phantom_outs = 0         # outs the defense would have made without errors
        self.book = ScoringBook()     # the official scorer's record: pitchers in, runs, outs
        self.finished = False
        self.notes: list[str] = []
        for s, lu in zip(self.sides, (away, home)):
            for pid, pos in zip(lu.order, lu.positions):
                self._bat_line(s.index, pid, pos)
            self._pit_line(s.pitcher)
            self.book.enter(s.index, s.pitcher, 0, (self.score[0], self.score[1]))

    # ------------------------------------------------------------------ helpers
    @property
    def offense(self) -> Side:
        return self.sides[self.half]

    @property
    def defense(self) -> Side:
        return self.sides[1 - self.half]

    @property
    def batter_id(self) -> str:
        o = self.offense
        return o.order[o.batting_index]

    def lead(self, side: int) -> int:
        return self.score[side] - self.score[1 - side]

    def runners(self) -> list[int]:
        return [b for b in (1, 2, 3) if self.bases[b] is not None]

    def situation(self) -> int:
        return (1 if self.bases[1] else 0) | (2 if self.bases[2] else 0) | (4 if self.bases[3] else 0)

    def batting_card(self, pid: str) -> BattingCard:
        p = self.players[pid]
        if p.batting is not None:
            return p.batting
        rank = p.pitching.bat_rank if p.pitching and p.pitching.bat_rank else "C"
        card = self.rules.pitcher_batting_card(rank)
        if "+" in rank:
            return card
        return BattingCard(card.bounds, card.BT, card.RR, card.SR, card.DP, hr_defended=False)

    def _bat_line(self, side: int, pid: str, pos: str = "") -> list[int]:
        line = self.bat.get(pid)
        if line is None:
            line = self.bat[pid] = [0] * len(BAT_FIELDS)
            self.bat_order.append((side, pid, pos))
            self.pos_text[pid] = pos
        return line

    def _fld(self, side: int, pid: str) -> list[int]:
        line = self.fld.get(pid)
        if line is None:
            line = self.fld[pid] = [0] * len(FIELD_FIELDS)
            self.fld_order.append((side, pid))
        return line

    def _fld_at(self, pos: str) -> list[int]:
        dfn = self.defense
        return self._fld(dfn.index, dfn.fielder(pos))

    def _credit_out(self, fielder: str, base: int, thrown: bool, dp: list[list[int]]) -> None:
        """Putout at `base` (1..4), with an assist to `fielder` when the ball was thrown there."""
        usual, other = COVER[base]
        taker = other if usual == fielder and thrown else usual
        if not thrown:
            taker = fielder
        po = self._fld_at(taker)
        po[F_PO] += 1
        dp.append(po)
        if thrown and taker != fielder:
            a = self._fld_at(fielder)
            a[F_A] += 1
            dp.append(a)

    def _pit_line(self, pid: str) -> list[int]:
        line = self.pit.get(pid)
        if line is None:
            line = self.pit[pid] = [0] * len(PIT_FIELDS)
        return line

    def name(self, pid: str) -> str:
        return self.players[pid].name

    def log(self, purpose: str, raw: int, mods: tuple, modified: int, table: str, row: str,
            result: str) -> None:
        if not self.quiet:
            self.rolls.append(Roll(purpose, raw, mods, modified, table, row, result))

    def roll(self, purpose: str) -> int:
        value = self.dice.roll(purpose)
        self.raws.append(value)
        return value

    def say(self, text: str) -> None:
        if self.quiet:
            return
        self.plays.append(Play(self.inning, "top" if self.half == 0 else "bottom", self.batter_id,
                               self.defense.pitcher, text, self.outs, (self.score[0], self.score[1])))

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
        self.phantom_outs = 0
        self.bases = [None, None, None, None]
        self.line[self.half].append(0)
        self.pitch_bonus = 0
        d = self.defense
        self._defense_changes(inning_start=True)
        self.condition_check(d)
        while self.outs < 3 and not self.finished:
            self._defense_changes(inning_start=False)
            self._offense_changes()
            self.plate_appearance()
            if self._walk_off():
                self.finished = True

    def _walk_off(self) -> bool:
        return (self.half == 1 and self.inning >= self.opt["innings"]
                and self.score[1] > self.score[0])

    # ------------------------------------------------------------------ condition
    def condition_check(self, side: Side) -> None:
        """調子チェック: start of every inning and on a pitching change (rules §3.1)."""
        pid = side.pitcher
        card = self.players[pid].pitching
        if card is None:
            return
        before = side.condition
        current = before
        mods = []
        if current == "D":
            current = "C"  # forced recovery from D (ver 7.1): raised to C, checked on C
        catcher = self.players[side.positions["C"]].catcher
        lead = catcher.lead if catcher else 0
        if lead:
            mods.append(("lead", lead))
        fatigue = self.fatigue_points(side, pid)
        if fatigue:
            mods.append(("fatigue", -fatigue * self.opt["fatigue_step"]))
        raw = self.roll("condition")
        total = raw + sum(v for _, v in mods)
        mod = 1 if total < 1 else 100 if total > 100 else total
        res = self.rules.condition[current].read(mod)
        idx = CONDITIONS.index(current)
        if res == "↓2":
            step = 1 if card.stability in ("S", "A") else 2
        elif res == "↓1":
            step = 1
        elif res == "↑1":
            step = -1
        elif res == "↑2":
            step = -1 if card.stability in ("B", "C") else -2
        else:
            step = 0
        new = CONDITIONS[max(0, min(3, idx + step))]
        side.condition = new
        self.log("condition", raw, tuple(mods), mod, "condition", current, f"{res} {before}→{new}")

    def fatigue_points(self, side: Side, pid: str) -> int:
        """Fatigue points: carried from earlier games, plus one per inning beyond 『先』 or 『回』."""
        card = self.players[pid].pitching
        assert card is not None, f"{pid} has no pitcher card"
        pts = side.carried_fatigue.get(pid, 0)
        outs = self.pit[pid][P_OUTS] if pid in self.pit else 0
        limit = card.starter if (pid == side.pitchers_used[0] and card.starter) else card.innings
        beyond = outs / 3 - limit
        if beyond > 0:
            pts += int(-(-beyond // 1))
        return pts

    # ------------------------------------------------------------------ substitutions
    def _defense_changes(self, inning_start: bool) -> None:
        side = self.defense
        manager = self.managers[side.index]
        new = manager.change_pitcher(self, inning_start)
        if new:
            self.change_pitcher(side, new)
        if side.bench:
            sub = manager.defensive_sub(self, inning_start)
            if sub:
                self.defensive_sub(side, sub[0], sub[1])

    def defensive_sub(self, side: Side, pos: str, new: str) -> None:
        """A bench player takes a position in the field and the batting slot of the man he
        replaces; the team defence values are recomputed."""
        if pos not in side.positions or pos in ("P", "DH"):
            raise DecisionError(f"{pos} is not a fielding position of {side.team} to replace")
        if new not in side.bench:
            raise DecisionError(f"{self.name(new)} ({new}) is not on the bench of {side.team}")
        if not self.players[new].can_play(pos):
            raise DecisionError(f"{self.name(new)} ({new}) cannot play {pos}")
        old = side.positions[pos]
        side.bench.remove(new)
        side.used.add(new)
        side.order[side.order.index(old)] = new
        side.positions[pos] = new
        self._bat_line(side.index, new, pos)
        if not self.quiet:
            self.plays.append(Play(self.inning, "top" if self.half == 0 else "bottom", "", side.pitcher,
                               f"defensive substitution: {self.name(new)} replaces "
                               f"{self.name(old)} at {pos}", self.outs,
                               (self.score[0], self.score[1])))
        side.recompute()

    def change_pitcher(self, side: Side, new: str) -> None:
        if new not in side.bullpen:
            raise DecisionError(f"{self.name(new)} ({new}) is not in the bullpen of {side.team}")
        old = side.pitcher
        side.bullpen.remove(new)
        side.pitcher = new
        side.used.add(new)
        side.pitchers_used.append(new)
        side.condition = "B"
        self._pit_line(new)
        # the new pitcher bats in the old pitcher's place when there is no DH
        if not side.dh and old in side.order:
            slot = side.order.index(old)
            side.order[slot] = new
            side.positions["P"] = new
            self._bat_line(side.index, new, "P")
        elif not side.dh:
            side.positions["P"] = new
        on_base = len(self.runners()) if side is self.defense else 0
        self.book.enter(side.index, new, on_base, (self.score[0], self.score[1]))
        side.recompute()
        if not self.quiet and (self.plays or self.half == side.index ^ 1):
            self.plays.append(Play(self.inning, "top" if self.half == 0 else "bottom", "", new,
                                   f"pitching change: {self.name(new)} replaces {self.name(old)}",
                                   self.outs, (self.score[0], self.score[1])))
        self.condition_check(side)

    def _offense_changes(self) -> None:
        side = self.offense
        manager = self.managers[side.index]
        new = manager.pinch_hitter(self)
        if new:
            self.pinch_hit(side, new)
        if side.bench and self.runners():
            runner = manager.pinch_runner(self)
            if runner:
                self.pinch_run(side, runner[0], runner[1])

    def pinch_run(self, side: Side, base: int, new: str) -> None:
        """A bench player runs for the runner on `base` and takes his batting slot."""
        rn = self.bases[base] if base in (1, 2, 3) else None
        if rn is None:
            raise DecisionError(f"no runner on base {base} to run for")
        if new not in side.bench:
            raise DecisionError(f"{self.name(new)} ({new}) is not on the bench of {side.team}")
        old = rn.pid
        side.bench.remove(new)
        side.used.add(new)
        side.order[side.order.index(old)] = new
        self._bat_line(side.index, new, "PR")
        # the runner keeps the pitcher charged with him and whether his run would be earned
        self.bases[base] = Runner(new, rn.charged, rn.earned)
        self.say(f"pinch runner: {self.name(new)} runs for {self.name(old)} on {BASE_NAMES[base]}")
        side.pending_field.append((old, new))

    def pinch_hit(self, side: Side, new: str) -> None:
        if new not in side.bench:
            raise DecisionError(f"{self.name(new)} ({new}) is not on the bench of {side.team}")
        slot = side.batting_index
        old = side.order[slot]
        side.bench.remove(new)
        side.used.add(new)
        side.order[slot] = new
        self._bat_line(side.index, new, "PH")
        self.say(f"pinch hitter: {self.name(new)} bats for {self.name(old)}")
        side.pending_field.append((old, new))

    def settle_defense(self, side: Side) -> None:
        """After its half at bat, a team puts pinch hitters in the field or brings in a sub."""
        pending = side.pending_field
        if not pending:
            return
        # a pinch runner for a pinch hitter: the last man in the slot is the one who fields
        chain: list[tuple[str, str]] = []
        for old, new in pending:
            for i, (first, last) in enumerate(chain):
                if last == old:
                    chain[i] = (first, new)
                    break
            else:
                chain.append((old, new))
        for old, new in chain:
            pos = next((p for p, pid in side.positions.items() if pid == old), None)
            if pos is None:
                continue
            if pos == "P":
                # the pitcher was hit for: a reliever takes the mound in that slot
                if side.bullpen:
                    rel = self.managers[side.index].reliever(self, side) or side.bullpen[0]
                    side.bullpen.remove(rel)
                    slot = side.order.index(new)
                    side.order[slot] = rel
                    side.positions["P"] = rel
                    side.pitcher = rel
                    side.pitchers_used.append(rel)
                    side.used.add(rel)
                    side.condition = "B"
                    self._pit_line(rel)
                    self._bat_line(side.index, rel, "P")
                    self.book.enter(side.index, rel, 0, (self.score[0], self.score[1]))
                continue
            if pos == "DH" or self.players[new].can_play(pos):
                side.positions[pos] = new
                self.pos_text[new] = f"{self.pos_text.get(new, 'PH')}-{pos}"
                continue
            sub = next((b for b in side.bench if self.players[b].can_play(pos)), None)
            slot = side.order.index(new)
            if sub is not None:
                side.bench.remove(sub)
                side.used.add(sub)
                side.order[slot] = sub
                side.positions[pos] = sub
                self._bat_line(side.index, sub, pos)
            else:
                side.positions[pos] = new  # nobody else can: he plays out of position
        side.pending_field = []
        side.recompute()

    # ------------------------------------------------------------------ plate appearance
    def plate_appearance(self) -> None:
        off, dfn = self.offense, self.defense
        mo, md = self.managers[off.index], self.managers[dfn.index]
        bid = self.batter_id
        call_d = md.defense_call(self)
        if call_d not in ("none", "ibb", "infield_in"):
            raise DecisionError(f"unknown defense strategy {call_d!r}")
        if call_d == "ibb":
            self._walk(bid, intentional=True)
            self.say(f"{self.name(bid)}: intentional walk")
            return self._next_batter()
        infield_in = call_d == "infield_in"
        call_o = mo.offense_call(self) if self.runners() else ("none",)
        kind = call_o[0]
        if kind != "none" and not self.runners():
            raise DecisionError(f"{kind} needs a runner on base")
        pitch_mods: list[tuple[str, int]] = []
        if self.pitch_bonus:
            pitch_mods.append(("stop", self.pitch_bonus))
            self.pitch_bonus = 0
        if kind == "steal":
            stopped = self.steal(call_o[1])
            if self.outs >= 3 or self._walk_off():
                return
            if stopped:
                pitch_mods.append(("stop", self.opt["stop_pitch"]))
            kind = "none"
        elif kind == "double_steal":
            self.double_steal(call_o[1] if len(call_o) > 1 else None)
            if self.outs >= 3 or self._walk_off():
                return
            kind = "none"
        elif kind == "hit_and_run":
            pitch_mods.append(("hit_and_run", self.opt["hit_and_run_pitch"]))
        elif kind not in ("none", "bunt", "squeeze"):  # a bunt is decided by the pitch
            raise DecisionError(f"unknown offense strategy {kind!r}")
        if not self.runners() and kind != "none":
            kind = "none"
        self.pitch(bid, kind, infield_in, pitch_mods)

    def _next_batter(self) -> None:
        off = self.offense
        off.batting_index = (off.batting_index + 1) % 9

    def pitch(self, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> None:
        off, dfn = self.offense, self.defense
        if kind != "none" and self.bases[1] is None and self.bases[2] is None and self.bases[3] is None:
            kind = "none"  # the runners are gone (an X result): the strategy lapses
        pid = dfn.pitcher
        pcard = self.players[pid].pitching
        batter = self.players[bid]
        bats = batter.bats
        throws = self.players[pid].throws
        if bats == "S":
            key = throws + "S"
        else:
            key = throws + bats
        plat = self.rules.platoon.get(key, 0)
        mods = [m for m in mods if m[0] != "platoon"]  # a re-pitch after X: platoon once only
        if plat:
            mods = [("platoon", plat)] + mods
        raw = self.roll("pitch")
        total = raw + sum(v for _, v in mods)
        modified = 1 if total < 1 else 100 if total > 100 else total
        row = pcard.rows[dfn.condition] if pcard else self.rules.sub_pitchers["B"].rows[dfn.condition]
        res = row.read(modified)
        self.log("pitch", raw, tuple(mods), modified, "pitcher card", dfn.condition, res)
        if kind in ("bunt", "squeeze"):
            return self.bunt(bid, res, raw, kind == "squeeze", infield_in)
        if res == "BB":
            self._walk(bid)
            self.say(f"{self.name(bid)}: walk")
            return self._next_batter()
        if res == "K":
            self._strikeout(bid, swinging_runner_check=False)
            if kind == "hit_and_run" and self.outs < 3 and self.runners():
                self.hit_and_run_strikeout()
            return self._next_batter() if self.outs < 3 else self._next_batter()
        if res == "X":
            return self.x_table(bid, kind, infield_in, mods)
        if res == "G":
            return self.defend("ground", bid, kind, infield_in, bat_roll=None, pitch=res)
        if res == "IF":
            return self.defend("infield_fly", bid, kind, infield_in, bat_roll=None, pitch=res)
        return self.bat_roll(bid, res, kind, infield_in)

    def _walk(self, bid: str, intentional: bool = False, hbp: bool = False) -> None:
        off, dfn = self.offense, self.defense
        bl = self._bat_line(off.index, bid)
        pl = self.pit[dfn.pitcher]
        bl[PA] += 1
        if hbp:
            bl[HBP] += 1
            pl[P_HBP] += 1
        else:
            bl[BB] += 1
            pl[P_BB] += 1
            if intentional:
                bl[IBB] += 1
                pl[P_IBB] += 1
        pl[P_BF] += 1
        # forced runners advance
        runs = []
        new = Runner(bid, dfn.pitcher, True)
        moving: Runner | None = new
        for b in (1, 2, 3):
            if self.bases[b] is None:
                self.bases[b] = moving
                moving = None
                break
            self.bases[b], moving = moving, self.bases[b]
        if moving is not None:
            runs.append(moving)
        self._score(runs, rbi_batter=bid, earned_play=True)

    def _strikeout(self, bid: str, swinging_runner_check: bool) -> None:
        bl = self._bat_line(self.offense.index, bid)
        pl = self.pit[self.defense.pitcher]
        bl[PA] += 1
        bl[AB] += 1
        bl[SO] += 1
        pl[P_SO] += 1
        pl[P_BF] += 1
        self._fld_at("C")[F_PO] += 1
        self._out(1, f"{self.name(bid)}: strikeout")

    def _record_outs(self, n: int) -> None:
        """`n` outs for the defense: the inning's count, the pitcher's line, the scorer's book."""
        if not n:
            return
        self.outs += n
        dfn = self.defense
        self.pit[dfn.pitcher][P_OUTS] += n
        self.book.out(dfn.index, n)

    def _out(self, n: int, text: str | None = None) -> None:
        """Outs made off the batter's play (a strikeout, a runner caught): the play line, said after
        the outs are counted, shows the outs after the play."""
        self._record_outs(n)
        if text is not None:
            self.say(text)
        if self.outs >= 3:
            self._end_half()

    def _end_half(self) -> None:
        self.settle_defense(self.offense)

    def _score(self, runners: list[Runner], rbi_batter: str | None, earned_play: bool,
               pb: bool = False, full: bool = False) -> int:
        """Credit the runs of these runners, given lead runner first (they cross the plate in that
        order, rules C.2): runs, RBI, runs and earned runs of the pitchers charged with them.

        In the last inning the game ends when the winning run scores (9.06(f)): the runners behind
        it do not score and stay on the bases, unless `full` (a home run over the fence, 9.06(g)).
        Returns the number of runs that counted."""
        if not runners:
            return 0
        off = self.offense
        n = 0
        if not full and self._walk_off_cap():
            need = self.winning_runs_needed()
            runners, left = runners[:need], runners[need:]
            self._leave_on_base(left)
        for rn in runners:
            self.score[off.index] += 1
            self.line[off.index][-1] += 1
            self._bat_line(off.index, rn.pid)[R] += 1
            pl = self._pit_line(rn.charged)
            pl[P_R] += 1
            earned = rn.earned and earned_play and not pb and self.outs + self.phantom_outs < 3
            if earned:
                pl[P_ER] += 1
            if rbi_batter:
                self._bat_line(off.index, rbi_batter)[RBI] += 1
            n += 1
            self.book.run(off.index, rn.pid, rn.charged, (self.score[0], self.score[1]))
        return n

    def _leave_on_base(self, runners: list[Runner]) -> None:
        """Runners whose run does not count (the game or the inning ended first) stay on the
        bases, the lead one furthest on: no runner leaves the field except by an out or a run."""
        free = [b for b in (3, 2, 1) if self.bases[b] is None]
        for rn, b in zip(runners, free):
            self.bases[b] = rn

    def _walk_off_cap(self) -> bool:
        """The home team bats in the last inning (or later) and is not ahead: a run may end it."""
        return self.half == 1 and self.inning >= self.opt["innings"] and self.score[1] <= self.score[0]

    def winning_runs_needed(self) -> int:
        """Runs the home team needs to win now (the last one is the winning run)."""
        return self.score[0] - self.score[1] + 1

    # ------------------------------------------------------------------ X table
    def x_table(self, bid: str, kind: str, infield_in: bool, mods: list[tuple[str, int]]) -> None:
        dfn = self.defense
        catcher = self.players[dfn.positions["C"]].catcher
        block = catcher.block if catcher else 0
        raw = self.roll("x")
        xm = (("block", block),) if block else ()
        total = raw + block
        modified = 1 if total < 1 else 100 if total > 100 else total
        code = self.rules.x_table.read(modified)
        self.log("x", raw, xm, modified, "X", str(modified), code)
        runners = self.runners()
        pl = self.pit[dfn.pitcher]
        if code == "HP":
            self._walk(bid, hbp=True)
            self.say(f"{self.name(bid)}: hit by pitch")
            return self._next_batter()
        if code == "BB":
            self._walk(bid)
            self.say(f"{self.name(bid)}: walk (X)")
            return self._next_batter()
        if not runners:
            if self.opt["x_nobody_on"] == "walk":
                self._walk(bid)
                self.say(f"{self.name(bid)}: walk (X with nobody on)")
                return self._next_batter()
            # re-pitch, the pitch roll moved against the pitcher (rules C.2)
            new_mods = [m for m in mods if m[0] != "x_repitch"]
            new_mods.append(("x_repitch", -self.opt["x_repitch_modifier"]))
            return self.pitch(bid, kind, infield_in, new_mods)
        if code in ("S", "S+"):
            need = 3 if code == "S" else 1
            for b in (3, 2, 1):
                rn = self.bases[b]
                if rn is None or (b < 3 and self.bases[b + 1] is not None):
                    continue
                card = self.batting_card(rn.pid)
                if card.RR >= need or (code == "S+" and card.SR >= 1):
                    self._stolen(b, rn, f" ({code})")
                    if self.outs >= 3 or self._walk_off():
                        return None
                    return self.pitch(bid, kind, infield_in, mods)
            # no eligible runner: as if this X never happened
            return self.pitch(bid, kind, infield_in, mods)
        # BK WP PB PB+: everyone advances one base
        if code.startswith("PB"):
            self._fld_at("C")[F_PB] += 1
        if code == "WP":
            pl[P_WP] += 1
        elif code == "BK":
            pl[P_BK] += 1
        scored: list[Runner] = []
        third = self.bases[3]
        if third:
            scored.append(third)
        self.bases[3], self.bases[2], self.bases[1] = self.bases[2], self.bases[1], None
        if code == "PB+":
            for b in (3, 2, 1):
                on_base = self.bases[b]
                if on_base is not None:
                    if b == 3:
                        scored.append(on_base)
                    else:
                        self.bases[b + 1] = self.bases[b]
                    self.bases[b] = None
                    break
        self._score(scored, rbi_batter=None, earned_play=True, pb=code.startswith("PB"))
        self.say({"WP": "wild pitch", "BK": "balk", "PB": "passed ball",
                  "PB+": "passed ball, the lead runner takes another base"}[code]
                 + (f", {len(scored)} run{'s' if len(scored) > 1 else ''} score" if scored else ""))
        if self._walk_off():
            return
        return self.pitch(bid, kind, infield_in, mods)

    # ------------------------------------------------------------------ batting
    def bat_roll(self, bid: str, pitch: str, kind: str, infield_in: bool) -> None:
        card = self.batting_card(bid)
        raw = self.roll("bat")
        res = card.bounds.read(raw)
        self.log("bat", raw, (), raw, "batter card", "", res)
        if res == "HR" and not card.hr_defended and self.players[bid].batting is None:
            res = self.opt["pitcher_hr_without_plus"]
        if res == "BB":
            self._walk(bid)
            self.say(f"{self.name(bid)}: walk")
            return self._next_batter()
        if res == "K":
            self._strikeout(bid, False)
            if kind == "hit_and_run" and self.outs < 3 and self.runners():
                self.hit_and_run_strikeout()
            return self._next_batter()
        if res == "HR":
            exact = raw == card.bounds.bound("HR")
            if pitch in ("BS*", "BS+") or not exact:
                return self._home_run(bid)
            return self.defend("home_run", bid, kind, infield_in, bat_roll=raw, pitch=pitch)
        if res == "OF":
            table = "home_run" if pitch == "BS*" else "single" if pitch == "BS+" else "outfield_fly"
            return self.defend(table, bid, kind, infield_in, bat_roll=raw, pitch=pitch)
        table = {"1B": "single", "LG": "long", "G": "ground", "IF": "infield_fly"}[res]
        return self.defend(table, bid, kind, infield_in, bat_roll=raw, pitch=pitch)

    def _home_run(self, bid: str) -> None:
        off, dfn = self.offense, self.defense
        bl = self._bat_line(off.index, bid)
        pl = self.pit[dfn.pitcher]
        bl[PA] += 1
        bl[AB] += 1
        bl[H] += 1
        bl[HR] += 1
        pl[P_H] += 1
        pl[P_HR] += 1
        pl[P_BF] += 1
        self.hits[off.index] += 1
        self.home_runs.append((off.index, bid, self.inning, dfn.pitcher))
        scored = [rn for rn in (self.bases[3], self.bases[2], self.bases[1]) if rn is not None]
        scored.append(Runner(bid, dfn.pitcher, True))
        self.bases = [None, None, None, None]
        n = len(scored)
        # a home run over the fence counts every run, a walk-off one too (9.06(g))
        self._score(scored, rbi_batter=bid, earned_play=True, full=True)
        self.say(f"{self.name(bid)}: home run" + (f", {n} runs" if n > 1 else ""))
        self._next_batter()

    # ------------------------------------------------------------------ defense
    def defend(self, key: str, bid: str, kind: str, infield_in: bool, bat_roll: int | None,
               pitch: str, bunt_ground: bool = False) -> None:
        """Read a defense table and move everyone (rules §3.6)."""
        off, dfn = self.offense, self.defense
        table = self.rules.tables[key]
        md = self.managers[dfn.index]
        values = dfn.values
        aggressive = False
        if key in ("single", "long", "outfield_fly", "ground", "infield_fly"):
            aggressive = bool(md.aggressive(self, key))
        sit = self.situation()
        raw = self.roll("defense")
        mods: list[tuple[str, int]] = []
        if key == "ground" and sit:
            card = self.batting_card(bid)
            if bunt_ground:
                mods.append(("bt", -card.BT))
            else:
                mult = 1 + (1 if infield_in else 0) + (1 if kind == "hit_and_run" else 0)
                if card.DP:
                    mods.append(("dp", -card.DP * mult))
        if key == "single" and bat_roll is not None and bat_roll <= values.aggressive_defense:
            mods.append(("defense_modifier", values.range_total))
        if aggressive:
            mods.append(("aggressive", values.aggressive_defense))
        total = raw + sum(v for _, v in mods)
        modified = 1 if total < 1 else 100 if total > 100 else total
        err_value = values.error(table.error) if table.error != "none" else 0
        agg_err = False
        row: DefenseRow | None = None
        if table.error_row is not None and raw <= err_value:
            row = table.error_row
        elif table.error_row is not None and aggressive and raw <= err_value + values.aggressive_error:
            row = table.error_row
            agg_err = True
        else:
            for src, frow in table.fine:
                if raw >= values.fine(src):
                    row = frow
                    break
        idx = -1
        if row is None:
            idx = table.row_index(modified, aggressive, infield_in)
            row = table.rows[idx]
        tokens = list(row.result(sit, infield_in))
        if kind == "hit_and_run" and idx >= 0 and key in ("single", "long"):
            ridx = max(0, idx - 2)
            up = table.rows[ridx].result(sit, infield_in)
            tokens = [tokens[0]] + list(up[1:])
        text = "・".join(token_text(t) for t in tokens)
        self.log("defense", raw, tuple(mods), modified, table.name, row.label,
                 text + (" (aggressive error)" if agg_err else ""))
        is_error = row.label == "E"
        self._apply(bid, key, row, tokens, aggressive, is_error, agg_err, kind, raw)

    def _apply(self, bid: str, key: str, row: DefenseRow, tokens: list[tuple[int, int]],
               aggressive: bool, is_error: bool, agg_err: bool, kind: str, raw: int) -> None:
        off, dfn = self.offense, self.defense
        mo = self.managers[off.index]
        outs_before = self.outs
        batter_runner = Runner(bid, dfn.pitcher, not (is_error and not agg_err))
        movers: list[tuple[int, Runner, int]] = [(0, batter_runner, tokens[0][0])]
        notes = []
        for b in (1, 2, 3):
            rn = self.bases[b]
            if rn is None:
                continue
            base, tkind = tokens[b]
            if tkind == CIRCLE and aggressive:
                tkind = TRY
            if base == 0:
                movers.append((b, rn, 0))
                continue
            if base < b:
                base = b
            movers.append((b, rn, base if tkind != TRY else -base))
        # decisions for TRY tokens, lead runner first
        final: list[list] = []
        for origin, rn, target in sorted(movers, key=lambda m: -m[0]):
            if target < 0:
                target = -target
                if mo.send(self, origin, target):
                    rr = self.batting_card(rn.pid).RR
                    safe = self.crossplay(rn, rr, f"{BASE_NAMES[origin]}→{BASE_NAMES[target]}")
                    notes.append(f"{self.name(rn.pid)} tries for {BASE_NAMES[target]}: "
                                 + ("safe" if safe else "out"))
                    target = target if safe else 0
                else:
                    target = target - 1
            final.append([origin, rn, target])
        final.sort(key=lambda m: m[0])
        # force: a runner cannot stay on or behind the base of the runner behind him
        prev = 0
        for m in final:
            if m[2] == 0:
                continue
            if m[2] <= prev and m[2] < 4:
                m[2] = prev + 1
            prev = m[2] if m[2] < 4 else prev
        # hit-and-run, the fly is caught: every runner must get back with a cross-play on RR+2
        # (OF, HR table) or RR−2 (IF) (9-2-2), in the order the offense chooses (「どこから行っても
        # よい」, C.2); out if it fails; one who gets back stands on his own base (option
        # hit_and_run_back = "stays") or where the table put him ("table")
        if (kind == "hit_and_run" and final[0][2] == 0
                and key in ("outfield_fly", "home_run", "infield_fly")):
            self._back_on_the_fly(final, key, outs_before, notes)
        outs = sum(1 for m in final if m[2] == 0)
        batter_out = final[0][2] == 0
        others_out = outs - (1 if batter_out else 0)
        # the inning ends at the third out: a double play with two out is one out, and whoever
        # the play did not need to put out stays on base (left on base, not gone)
        outs = min(outs, 3 - outs_before)
        put_out = sorted((m for m in final if m[2] == 0), key=lambda m: -m[0])
        spared = [m[1] for m in put_out[outs:]]
        # 9.16(h): a batter who reaches while a runner left by an earlier pitcher is put out on
        # the play takes that runner's place in the earlier pitcher's account (each pitcher is
        # charged with the number of runners he put on, not with particular runners)
        if final[0][2] != 0:
            inherited = next((m[1] for m in put_out[:outs]
                              if m[0] > 0 and m[1].charged != dfn.pitcher), None)
            if inherited is not None:
                batter_runner.charged = inherited.charged
        # putouts and assists: lead runners first, then the batter, up to the outs that count
        fpos = self._fielder_pos(key, raw)
        in_play: list[list[int]] = []
        for m in put_out[:outs]:
            if m[0] == 0:
                grounder = key == "ground"
                self._credit_out(fpos, 1 if grounder else 1, grounder, in_play)
            else:
                self._credit_out(fpos, min(m[0] + 1, 4), True, in_play)
        if outs >= 2:
            for line in {id(x): x for x in in_play}.values():
                line[F_DP] += 1
        # credit
        bl = self._bat_line(off.index, bid)
        pl = self.pit[dfn.pitcher]
        bl[PA] += 1
        pl[P_BF] += 1
        credit = row.credit
        bbase = final[0][2]
        if credit is None:
            if is_error and not agg_err:
                credit = "E"
            elif batter_out:
                credit = "out"
            elif key in ("ground", "infield_fly") and others_out:
                credit = "FC"
            elif key in ("ground", "infield_fly"):
                credit = "1B"
            else:
                credit = ("1B", "2B", "3B", "HR")[min(bbase, 4) - 1]
        # runs cross the plate lead runner first (C.2)
        scorers = sorted((m for m in final if m[2] >= 4), key=lambda m: -m[0])
        walk_off_note = ""
        need = self.winning_runs_needed() if self._walk_off_cap() else 0
        if (need and len(scorers) >= need and outs_before + outs < 3
                and not (key == "home_run" and credit == "HR")):
            # the game ends when the winning run scores (9.06(f)): a hit counts only the bases the
            # winning runner advanced, and the runners behind him stop where they are
            winning = scorers[need - 1]
            if credit in BASES_OF_HIT:
                credited = min(BASES_OF_HIT[credit], 4 - winning[0])
                if credited < BASES_OF_HIT[credit]:
                    walk_off_note = (f" — the winning run scores: credited as a "
                                     f"{HIT_WORDS[credited]} (9.06(f))")
                    credit = ("1B", "2B", "3B", "HR")[credited - 1]
                if final[0][2] >= 4 and winning is not final[0]:
                    scorers.remove(final[0])
                if winning is not final[0]:
                    final[0][2] = min(final[0][2], credited)   # he stops where his hit ends
            taken = {m[2] for m in final if 1 <= m[2] <= 3}
            free = [b for b in (3, 2, 1) if b not in taken]
            for m, b in zip(scorers[need:], free):
                m[2] = b
            scorers = scorers[:need]
        scoring = [m[1] for m in scorers]
        sac_fly = (key in ("outfield_fly", "home_run") and batter_out and credit == "out"
                   and any(m[0] == 3 and m[2] >= 4 for m in final) and outs_before + outs < 3)
        if sac_fly:
            bl[SF] += 1
        else:
            bl[AB] += 1
        hit = credit in ("1B", "2B", "3B", "HR")
        if hit:
            bl[H] += 1
            pl[P_H] += 1
            self.hits[off.index] += 1
            if credit == "2B":
                bl[D2] += 1
            elif credit == "3B":
                bl[D3] += 1
            elif credit == "HR":
                bl[HR] += 1
                pl[P_HR] += 1
                self.home_runs.append((off.index, bid, self.inning, dfn.pitcher))
        if is_error and not agg_err:
            self.errs[dfn.index] += 1
            fielder = self._fielder_for(key, raw)
            self._bat_line(dfn.index, fielder)[E] += 1
            self._fld(dfn.index, fielder)[F_E] += 1
            if key in ("ground", "infield_fly", "outfield_fly"):
                self.phantom_outs += 1
        gidp = key == "ground" and batter_out and others_out >= 1 and outs >= 2
        if gidp:
            bl[GIDP] += 1
        # outs and runs: when the play makes the third out and the batter did not reach, no run counts
        self.bases = [None, None, None, None]
        nullified: list[Runner] = []
        if outs_before + outs >= 3 and (batter_out or not hit) and scoring:
            nullified, scoring = scoring, []
        for m in final:
            if 1 <= m[2] <= 3:
                self.bases[m[2]] = m[1]
        self._leave_on_base(spared + nullified)
        desc = self._describe(bid, key, credit, final, is_error, agg_err, gidp, sac_fly)
        if notes:
            desc += " (" + "; ".join(notes) + ")"
        if nullified:
            desc = desc.replace(" scores", " crosses the plate") + " — the third out: no run counts"
        rbi = bid if (credit not in ("E",) and not gidp) else None
        self._record_outs(outs)
        earned_play = not (is_error and not agg_err)
        if scoring:
            self._score(scoring, rbi_batter=rbi, earned_play=earned_play)
        self.say(desc + walk_off_note)
        if self.outs >= 3:
            self._end_half()
        self._next_batter()

    def _fielder_for(self, key: str, raw: int) -> str:
        """Which fielder the defense table's play goes to: decided by the raw roll, no new die."""
        return self.defense.fielder(self._fielder_pos(key, raw))

    def _fielder_pos(self, key: str, raw: int) -> str:
        if key in ("ground", "infield_fly"):
            pos = ("SS", "2B", "3B", "1B", "SS", "3B", "2B", "1B")[raw % 8]
        elif key == "outfield_fly":
            pos = OUTFIELDERS[raw % 3]
        else:
            pos = ("LF", "CF", "RF", "SS", "2B", "CF")[raw % 6]
        return pos

    def _describe(self, bid, key, credit, final, is_error, agg_err, gidp, sac_fly) -> str:
        what = {"1B": "single", "2B": "double", "3B": "triple", "HR": "home run (inside the park)",
                "E": "reaches on an error", "FC": "fielder's choice"}.get(credit)
        if what is None:
            what = {"ground": "ground out", "infield_fly": "pop out", "outfield_fly": "fly out",
                    "home_run": "caught at the wall", "single": "out (fine play)",
                    "long": "out (fine play)"}[key]
            if gidp:
                what = "grounds into a double play"
            if sac_fly:
                what = "sacrifice fly"
        if agg_err:
            what += " (aggressive error, scored a hit)"
        parts = [f"{self.name(bid)}: {what}"]
        for origin, rn, target in final[1:]:
            if target == 0:
                parts.append(f"{self.name(rn.pid)} out")
            elif target >= 4:
                parts.append(f"{self.name(rn.pid)} scores")
            elif target != origin:
                parts.append(f"{self.name(rn.pid)} to {BASE_NAMES[target]}")
        return ", ".join(parts)

    def _back_on_the_fly(self, final: list[list], key: str, outs_before: int, notes: list[str]) -> None:
        """Hit-and-run, the fly is caught (9-2-2): each runner makes a cross-play to get back, in
        the order the offense chooses; no more once the third out is made."""
        back = self.opt["hit_and_run_if_rr" if key == "infield_fly" else "hit_and_run_back_rr"]
        stays = self.opt["hit_and_run_back"] == "stays"
        waiting = [m for m in final[1:] if m[2] != 0]
        while waiting and outs_before + sum(1 for x in final if x[2] == 0) < 3:
            if len(waiting) > 1:
                first = self.managers[self.offense.index].back_first(self, [m[0] for m in waiting])
                m = next((m for m in waiting if m[0] == first), None)
                if m is None:
                    raise DecisionError(f"no runner from {BASE_NAMES[first] if first in (1, 2, 3) else first!r} "
                                        "has to get back")
            else:
                m = waiting[0]
            waiting.remove(m)
            safe = self.crossplay(m[1], self.batting_card(m[1].pid).RR + back,
                                  f"back to {BASE_NAMES[m[0]]}")
            notes.append(f"{self.name(m[1].pid)} " + (f"gets back to {BASE_NAMES[m[0]]}" if safe
                                                     else f"doubled off {BASE_NAMES[m[0]]}"))
            if not safe:
                m[2] = 0
            elif stays:
                m[2] = m[0]

    def crossplay(self, rn: Runner, rr: int, what: str) -> bool:
        """A cross-play: the runner is safe on a roll up to the table's bound for his RR."""
        raw = self.roll("crossplay")
        safe_upto = self.rules.crossplay_safe_upto(rr)
        safe = raw <= safe_upto
        self.log("crossplay", raw, (), raw, "cross-play", f"RR {rr}", ("safe" if safe else "out") + f" ({what})")
        return safe

    # ------------------------------------------------------------------ strategies: bunt
    def bunt(self, bid: str, pitch: str, pitch_raw: int, squeeze: bool, infield_in: bool) -> None:
        """バント/スクイズ (9-2-1): the pitch decides whether the bunt gets down."""
        if pitch == "BB":
            self._walk(bid)
            self.say(f"{self.name(bid)}: walk")
            return self._next_batter()
        if pitch == "X":
            return self.x_table(bid, "bunt", infield_in, [])
        if pitch == "G":
            return self.defend("ground", bid, "bunt", infield_in, None, pitch, bunt_ground=True)
        if pitch == "IF":
            return self.defend("infield_fly", bid, "bunt", infield_in, None, pitch)
        lead_base = max(self.runners())
        if pitch == "K":
            swinging = squeeze or pitch_raw == 100
            self._strikeout(bid, False)
            if swinging and self.outs < 3:
                lead_rn = _on(self.bases[lead_base])
                rr = self.batting_card(lead_rn.pid).RR
                if not self.crossplay(lead_rn, rr, f"back to {BASE_NAMES[lead_base]}"):
                    self.bases[lead_base] = None
                    self._credit_out("C", lead_base, True, [])
                    self._out(1, f"{self.name(lead_rn.pid)} is caught off {BASE_NAMES[lead_base]} "
                                 "on the swinging strikeout")
                    return self._next_batter()
            return self._next_batter()
        # bunt down: cross-play with RR = BT + lead runner RR
        card = self.batting_card(bid)
        lead = _on(self.bases[lead_base])
        lead_rr = self.batting_card(lead.pid).RR
        rr = card.BT + lead_rr
        mods = []
        if infield_in:
            rr -= 1
            mods.append(("infield_in", -1))
            rr = min(rr, 3)
        dfn = self.defense
        values = dfn.values
        raw = self.roll("bunt")
        plus_rr = max(lead_rr, card.BT)
        plus_upto = plus_rr + (1 if values.infield_error >= self.opt["bunt_plus_error_value"] else 0)
        # C.2: with a sloppy infield the widened "+" must be able to fire, so by default the "+"
        # comes before the error check (option bunt_error_check)
        check = self.opt["bunt_error_check"]
        if check == "after_plus" and raw <= plus_upto:
            res = "+"
        elif check != "none" and raw <= values.infield_error:
            res = "E"
        elif raw >= values.infield_fine:
            res = "out"
        elif raw <= plus_upto:
            res = "+"
        elif raw <= self.rules.crossplay_safe_upto(rr):
            res = "safe"
        else:
            res = "out"
        self.log("bunt", raw, tuple(mods), raw, "cross-play", f"RR {rr}", res)
        off = self.offense
        mo, md = self.managers[off.index], self.managers[dfn.index]
        bl = self._bat_line(off.index, bid)
        pl = self.pit[dfn.pitcher]
        bl[PA] += 1
        pl[P_BF] += 1
        old = self.bases
        scored: list[Runner] = []
        new: list[Runner | None] = [None, None, None, None]
        batter = Runner(bid, dfn.pitcher, True)

        def advance_all(extra_from: int | None = None):
            for b in (3, 2, 1):
                rn = old[b]
                if rn is None:
                    continue
                to = b + 1 + (1 if extra_from == b else 0)
                if to >= 4:
                    scored.append(rn)
                else:
                    new[to] = rn

        if res == "E":
            batter.earned = False
            advance_all()
            new[1] = batter
            self.errs[dfn.index] += 1
            fielder = self._fielder_for("ground", raw)
            self._bat_line(dfn.index, fielder)[E] += 1
            self._fld(dfn.index, fielder)[F_E] += 1
            bl[AB] += 1
            self.phantom_outs += 1
            text = f"{self.name(bid)}: bunt, reaches on an error, everyone safe"
            outs = 0
        elif res == "+":
            choice = mo.bunt_plus(self)
            if choice is None:
                advance_all()
                new[1] = batter
                bl[AB] += 1
                bl[H] += 1
                pl[P_H] += 1
                self.hits[off.index] += 1
                text = f"{self.name(bid)}: bunt single, all safe"
                outs = 0
            else:
                if choice not in self.bunt_extra_base_runners():
                    raise DecisionError(f"the runner on {BASE_NAMES[choice] if choice in (1, 2, 3) else choice!r} "
                                        "cannot take the extra base: his next base is not free")
                advance_all(extra_from=choice)
                bl[SH] += 1
                text = f"{self.name(bid)}: sacrifice bunt, {self.name(_on(old[choice]).pid)} takes an extra base"
                outs = 1
        elif res == "safe":
            advance_all()
            bl[SH] += 1
            text = f"{self.name(bid)}: sacrifice bunt, runners advance"
            outs = 1
        else:
            victim = md.bunt_out(self, [0] + self.runners())
            if victim not in [0] + self.runners():
                raise DecisionError(f"the defense cannot put out a runner on {BASE_NAMES[victim]}")
            for b in (3, 2, 1):
                rn = old[b]
                if rn is None or b == victim:
                    continue
                to = b + 1
                if to >= 4:
                    scored.append(rn)
                else:
                    new[to] = rn
            bl[AB] += 1
            if victim != 0:
                new[1] = batter
                text = f"{self.name(bid)}: bunt fails, {self.name(_on(old[victim]).pid)} out at {BASE_NAMES[victim + 1] if victim < 3 else 'home'}"
            else:
                text = f"{self.name(bid)}: bunt fails, batter out, runners advance"
            outs = 1
        self.bases = new
        if outs:
            fielder = ("P", "3B", "1B", "C")[raw % 4]
            base = 1 if res != "out" or victim == 0 else min(victim + 1, 4)
            self._credit_out(fielder, base, True, [])
        self._record_outs(outs)
        if self.outs >= 3 and outs:
            # the third out: the runner who crossed does not score, he is left on base
            self._leave_on_base(scored)
            scored = []
        if scored:
            self._score(scored, rbi_batter=bid if res != "E" else None, earned_play=res != "E")
        self.say(text)
        if self.outs >= 3:
            self._end_half()
        self._next_batter()

    def bunt_extra_base_runners(self) -> list[int]:
        """Bunt '+', batter out: the runners who may take one base more — those whose next base is
        free after everyone has moved up one (C.2); a runner from 3rd has already scored."""
        after = {b + 1 for b in self.runners()}
        return [b for b in self.runners() if b + 1 <= 3 and (b + 2 >= 4 or b + 2 not in after)]

    # ------------------------------------------------------------------ strategies: steals
    def steal_sr(self, base_from: int, sr: int, half: bool) -> int:
        """SR used for a steal from this base (9-2-3): 2nd SR, 3rd SR/4, home SR/10; halved on a
        hit-and-run strikeout (SR/2, SR/8, SR/20), rounded up."""
        div = {1: 1, 2: 4, 3: 10}[base_from] * (2 if half else 1)
        return self._divide(sr, div)

    def _divide(self, sr: int, div: int) -> int:
        """SR/n as the ruleset rounds it (option steal_rounding: "up", the default, or "down")."""
        return -(-sr // div) if self.opt["steal_rounding"] == "up" else sr // div

    def pickoff_start(self, base_from: int, sr: int) -> int:
        """Where the pick-off rows begin: 80 or (2×SR, SR/2, SR/5) whichever is smaller (C.2)."""
        if base_from == 1:
            v = sr if self.opt["pickoff_second"] == "literal" else 2 * sr
        elif base_from == 2:
            v = self._divide(sr, 2)
        else:
            v = self._divide(sr, 5)
        return min(80, max(v, 1))

    def steal(self, base_from: int, mode: str = "normal", sr_override: int | None = None,
              half: bool = False, bonus_allowed: bool = True) -> bool:
        """One runner steals (9-2-3). Returns True when the runner stopped (the +5 applies).

        mode: "normal" (the offense may stop), "no_stop" (first runner of a double steal),
        "must_stop" (a steal on a bonus: a catcher-table result means he stops), "forced" (a
        hit-and-run strikeout: every result short of success goes to the catcher table).
        """
        rn = self.bases[base_from]
        if rn is None:
            raise DecisionError(f"no runner on {BASE_NAMES[base_from]} to steal")
        if base_from < 3 and self.bases[base_from + 1] is not None:
            raise DecisionError(
                f"the runner on {BASE_NAMES[base_from]} cannot steal: {BASE_NAMES[base_from + 1]} is taken")
        card = self.batting_card(rn.pid)
        rr, sr = card.RR, card.SR
        used = sr_override if sr_override is not None else self.steal_sr(base_from, sr, half)
        pick = self.pickoff_start(base_from, sr)
        raw = self.roll("steal")
        self._steal_raw = raw
        target = BASE_NAMES[base_from + 1] if base_from < 3 else "home"
        if raw <= rr or (rr <= 0 and raw == 1):
            res = "bonus" if bonus_allowed else "stolen"
        elif raw <= used:
            res = "stolen"
        elif raw < pick:
            res = "choice"
        else:
            res = "picked_off"
        self.log("steal", raw, (), raw, "steal", f"{BASE_NAMES[base_from]}→{target} SR {used}", res)
        arm_bonus = 1 if raw >= self.opt["steal_arm_bonus_from"] else 0
        if res in ("bonus", "stolen"):
            self._stolen(base_from, rn)
            if res == "bonus" and self.outs < 3:
                self.bonus(base_from)
            return False
        if mode == "must_stop":
            self.say(f"{self.name(rn.pid)} has to stop (steal of {target} after a bonus)")
            return False
        if mode == "forced":
            if self.catcher_table(arm_bonus, f"steal of {target}"):
                self._stolen(base_from, rn)
            else:
                self._caught(base_from, rn, f"caught stealing {target}")
            return False
        if res == "choice":
            go = mode == "no_stop" or self.managers[self.offense.index].steal_go(self, base_from, raw)
            if not go:
                self.say(f"{self.name(rn.pid)} stops (steal of {target} called off)")
                return True
            if self.catcher_table(arm_bonus, f"steal of {target}"):
                self._stolen(base_from, rn)
            else:
                self._caught(base_from, rn, f"caught stealing {target}")
            return False
        # picked off: the catcher table decides whether he gets back, the catcher's arm +1 (on
        # every pick-off row, or only from the 80 roll: option pickoff_arm_bonus)
        pick_bonus = 1 if self.opt["pickoff_arm_bonus"] == "always" else arm_bonus
        if self.catcher_table(pick_bonus, f"back to {BASE_NAMES[base_from]}"):
            self.say(f"{self.name(rn.pid)} gets back to {BASE_NAMES[base_from]} on the pick-off throw")
        else:
            self._caught(base_from, rn, f"picked off {BASE_NAMES[base_from]}")
        return False

    def catcher_table(self, arm_bonus: int, what: str) -> bool:
        """捕手表: the defense rolls; the catcher's arm picks the row. Returns True when safe (○)."""
        dfn = self.defense
        catcher = self.players[dfn.positions["C"]].catcher
        arm = (catcher.arm if catcher else 0) + arm_bonus
        raw = self.roll("catcher")
        out_from = self.rules.catcher_out_from_for(arm)
        safe = raw < out_from
        mods = (("steal_80", arm_bonus),) if arm_bonus else ()
        self.log("catcher", raw, mods, raw, "catcher", f"arm {arm}", ("○" if safe else "×") + f" ({what})")
        return safe

    def _stolen(self, base_from: int, rn: Runner, how: str = "") -> None:
        """A stolen base (a steal, or an X-table S / S+), credited to the runner."""
        self._fld_at("C")[F_SBA] += 1
        self.bases[base_from] = None
        self._bat_line(self.offense.index, rn.pid)[SB] += 1
        if base_from == 3:
            self._score([rn], rbi_batter=None, earned_play=True)
            self.say(f"{self.name(rn.pid)} steals home{how}")
        else:
            self.bases[base_from + 1] = rn
            self.say(f"{self.name(rn.pid)} steals {BASE_NAMES[base_from + 1]}{how}")

    def _caught(self, base_from: int, rn: Runner, text: str) -> None:
        """A runner out on a steal: caught stealing (the catcher's throw to the base ahead) or
        picked off (the pitcher's throw back to his base). Either is a caught stealing charged to
        the runner and credited to the thrower — the catcher's or the pitcher's 盗塁刺 — with his
        assist and the putout to the man covering the base."""
        picked = text.startswith("picked")
        thrower = "P" if picked else "C"
        self._fld_at(thrower)[F_CS] += 1
        self._credit_out(thrower, base_from if picked else min(base_from + 1, 4), True, [])
        self.bases[base_from] = None
        self._bat_line(self.offense.index, rn.pid)[CS] += 1
        self._out(1, f"{self.name(rn.pid)} {text}")

    def bonus(self, base_from: int) -> None:
        """ボーナス (9-2-3-4): another runner may steal with his own SR, or the same runner again."""
        if self.outs >= 3:
            return
        new_base = base_from + 1
        others = [b for b in self.runners() if b != new_base]
        candidates = []
        if others:
            for b in others:
                if b == 3 or self.bases[b + 1] is None:
                    candidates.append(b)
        elif new_base <= 3:
            candidates = [new_base]
        if not candidates:
            return
        pick = self.managers[self.offense.index].bonus_steal(self, candidates)
        if pick is None:
            return
        if pick not in candidates:
            raise DecisionError(f"the bonus cannot go to a runner on {BASE_NAMES[pick]}")
        card = self.batting_card(_on(self.bases[pick]).pid)
        own = self.opt["bonus_steal_sr"] == "own"
        self.steal(pick, mode="must_stop", sr_override=card.SR if own else None, bonus_allowed=False)

    def double_steal(self, first: int | None) -> None:
        """重盗・三重盗 (9-2-3-6)."""
        runners = self.runners()
        if len(runners) < 2:
            raise DecisionError("a double steal needs two or more runners")
        free = [b for b in runners if b == 3 or self.bases[b + 1] is None]
        if first is None:
            first = max(free)
        if first not in free:
            raise DecisionError(f"the runner on {BASE_NAMES[first]} cannot go first: the base ahead is taken")
        dfn = self.defense
        no_check = bool(self.managers[dfn.index].no_check(self))
        rn = _on(self.bases[first])
        if no_check:
            # no die is rolled: the play log says so, the roll log holds only real rolls
            self.say("no check: the defense lets the lead runner go")
            self._stolen(first, rn)
            later_normal = True
            go_on = True
        else:
            self.steal(first, mode="no_stop", bonus_allowed=False)  # a bonus changes nothing
            steal_roll = self._steal_raw
            go_on = steal_roll <= 79
            later_normal = False
        if not go_on or self.outs >= 3:
            return
        for b in (3, 2, 1):
            if self.outs >= 3:
                break
            if self.bases[b] is None or b == first or self.bases[b] is rn:
                continue  # only the other runners join; the first runner has had his steal
            if b < 3 and self.bases[b + 1] is not None:
                continue
            if not self.managers[self.offense.index].join_steal(self, b):
                continue
            card = self.batting_card(_on(self.bases[b]).pid)
            own = self.opt["no_check_later_sr" if later_normal else "double_steal_later_sr"] == "own"
            self.steal(b, sr_override=card.SR if own else None, bonus_allowed=False)

    def hit_and_run_strikeout(self) -> None:
        """K on a hit-and-run: every runner must steal with half SR; no stopping (9-2-2)."""
        for b in (3, 2, 1):
            if self.outs >= 3:
                return
            if self.bases[b] is None or (b < 3 and self.bases[b + 1] is not None):
                continue
            self.steal(b, mode="forced", half=True, bonus_allowed=False)

    # ------------------------------------------------------------------ result
    def scoring_record(self):
        """The official scorer's record of the game so far (league/scoring.py)."""
        return self.book.record((len(self.line[1]), len(self.line[0])))

    def _result(self) -> GameResult:
        from league.scoring import decide
        winner = None if self.score[0] == self.score[1] else (0 if self.score[0] > self.score[1] else 1)
        decisions = decide(self.scoring_record())
        batting = [(side, pid, self.bat[pid], self.pos_text.get(pid, pos))
                   for side, pid, pos in self.bat_order]
        # everyone who played in the field has a fielding line, even an empty one
        for side, pid, pos in self.bat_order:
            if self.pos_text.get(pid, pos) not in ("PH", "PR", "DH", ""):
                self._fld(side, pid)
        for s in self.sides:
            for pid in s.pitchers_used:
                self._fld(s.index, pid)
        fielding = [(side, pid, self.fld[pid]) for side, pid in self.fld_order]
        pitching = [(s.index, pid, self.pit[pid]) for s in self.sides for pid in s.pitchers_used]
        return GameResult(
            away=self.sides[0].team, home=self.sides[1].team, innings=self.line,
            runs=list(self.score), hits=list(self.hits), errors=list(self.errs), batting=batting,
            pitching=pitching, decisions=decisions, home_runs=self.home_runs, plays=self.plays,
            rolls=self.rolls, players=self.players, winner=winner, final_inning=self.inning,
            notes=self.notes, fielding=fielding, lineups=self.lineups, fatigue=self.fatigue_in,
            raws=self.raws,
        )
