"""The state of one game in progress, which the rules (league/engine/rules/*) read and change.

`GameState` holds the mutable state of a game (the bases, the outs, the lines, the record of every
play and roll) and the bookkeeping all the rules share: rolling and logging the dice (rules C.4),
recording a play, crediting outs and runs, substitutions. The flow of a game (innings, the plate
appearance and the decisions before it) is league/engine/game.py's `Game`, which calls the rules;
the rules import this module, never the game, so there is no import circle in the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Protocol

try:  # the compiled build (setup.py): tests and the app subclass these classes in Python
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python package needs nothing beyond the standard library
    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[misc,no-redef]
        return lambda cls: cls

from league.engine import ENGINE_VERSION
from league.engine.cards import CONDITIONS, FIELD_POSITIONS, BattingCard, Bounds, Fielding, Player
from league.engine.dice import Dice, Roll, SeededDice
from league.engine.events import Event
from league.engine.events import text as event_text
from league.engine.lines import BAT_FIELDS, FIELD_FIELDS, PIT_FIELDS
from league.engine.lineup import Lineup, fielding_of, plays
from league.engine.record import Entry
from league.engine.ruleset import Ruleset
from league.engine.scoring import ScoringBook, decide
from league.engine.tables import DefenseTable
from league.engine.values import DefenceValues, FieldMarks, defence_base, marks_values
from league.errors import DecisionError

# the engine version from which a pinch hitter or runner left in the field out of position
# (nobody on the bench plays there: GameState.settle_defense) has that position on his line
OUT_OF_POSITION_SHOWN: Final = 7

# the line fields (league.engine.lines) and their positions in a line, written out as constants (Final:
# the compiled build reads them as numbers, not from the module's dictionary at every use)
PA: Final = 0
AB: Final = 1
R: Final = 2
H: Final = 3
D2: Final = 4
D3: Final = 5
HR: Final = 6
RBI: Final = 7
BB: Final = 8
IBB: Final = 9
HBP: Final = 10
SO: Final = 11
SB: Final = 12
CS: Final = 13
SH: Final = 14
SF: Final = 15
GIDP: Final = 16
E: Final = 17
P_OUTS: Final = 0
P_BF: Final = 1
P_H: Final = 2
P_HR: Final = 3
P_BB: Final = 4
P_IBB: Final = 5
P_HBP: Final = 6
P_SO: Final = 7
P_R: Final = 8
P_ER: Final = 9
P_WP: Final = 10
P_BK: Final = 11
F_PO: Final = 0
F_A: Final = 1
F_E: Final = 2
F_DP: Final = 3
F_PB: Final = 4
F_SBA: Final = 5
F_CS: Final = 6
BAT_WIDTH: Final = 18
PIT_WIDTH: Final = 12
FIELD_WIDTH: Final = 7
assert (len(BAT_FIELDS), len(PIT_FIELDS), len(FIELD_FIELDS)) == (BAT_WIDTH, PIT_WIDTH, FIELD_WIDTH) \
    == (E + 1, P_BK + 1, F_CS + 1)
BASE_NAMES: Final = ("batter", "1st", "2nd", "3rd", "home")
BASES_OF_HIT: Final = {"1B": 1, "2B": 2, "3B": 3, "HR": 4}
HIT_WORDS: Final = {1: "single", 2: "double", 3: "triple", 4: "home run"}
# who takes the throw at a base: (usual, when the usual fielder made the play)
COVER: Final = {2: ("SS", "2B"), 3: ("3B", "SS"), 4: ("C", "C"), 1: ("1B", "2B")}
# the bases a runner stands on, first to third and lead runner first: tuple objects to the
# compiled build (a loop over a literal (3, 2, 1) makes a tuple object and iterates it as one)
BASES_UP: Final[tuple[int, ...]] = (1, 2, 3)
LEAD_FIRST: Final[tuple[int, ...]] = (3, 2, 1)
INFIELDERS: Final = ("1B", "2B", "3B", "SS", "P", "C")
OUTFIELDERS: Final[tuple[str, ...]] = ("LF", "CF", "RF")
CONDITION_INDEX: Final = {c: i for i, c in enumerate(CONDITIONS)}   # "A" 0 .. "D" 3


# the compiled build's (setup.py) most-made objects, some fifty of each a game: holding no object
# that can hold them back (acyclic), they are not tracked by the cycle collector, and one freed
# instance is kept for the next to be made (free_list_len); the pure package ignores both
@mypyc_attr(acyclic=True, free_list_len=1)
class Runner:
    """A runner on base: who, which pitcher is charged if he scores, and whether it is earned."""

    __slots__ = ("pid", "charged", "earned")

    def __init__(self, pid: str, charged: str, earned: bool) -> None:
        self.pid = pid
        self.charged = charged
        self.earned = earned


@mypyc_attr(acyclic=True, free_list_len=1)
class Move:
    """Where a batted ball sends one man: from `start` (0: the batter) to `to` (0: put out,
    4: home), which the rules of the play change as they go (league.engine.rules.runners)."""

    __slots__ = ("start", "runner", "to")

    def __init__(self, start: int, runner: Runner, to: int) -> None:
        self.start = start
        self.runner = runner
        self.to = to


# a fielder out of position: no range, a bad mark
OUT_OF_POSITION: Final = {pos: Fielding(pos, -1, None, "-") for pos in FIELD_POSITIONS}
# the places behind the pitcher, the infield's (INFIELD) first
FIELDERS: Final[tuple[str, ...]] = ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")


def _fielding_at(player: Player, pos: str) -> Fielding:
    """How `player` fields `pos`: his card's entry for it, else OUT_OF_POSITION's."""
    f = fielding_of(player, pos)
    return OUT_OF_POSITION[pos] if f is None else f


def base_text(base: int | None) -> str:
    """A runner's base by name (1st to 3rd), or whatever a manager named instead, as given: for
    the messages that refuse a decision."""
    return BASE_NAMES[base] if base is not None and 1 <= base <= 3 else repr(base)


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
        # each position's man (a loop: the compiled build makes dict(zip(...)) generically)
        positions: dict[str, str] = {}
        for pos, pid in zip(lineup.positions, lineup.order):
            positions[pos] = pid
        self.positions = positions
        # a line-up with its pitcher batting has given up the DH (Lineup._fault, 5.11(b))
        dh = dh and "P" not in self.positions
        if not dh:
            self.positions["P"] = lineup.pitcher
        self.dh = dh
        self.pitcher = lineup.pitcher
        self.bench = list(lineup.bench)
        self.bullpen = list(lineup.bullpen)
        self.bullpen_ranked = lineup.bullpen_ranked
        self.used: set[str] = set(lineup.order)
        self.used.add(lineup.pitcher)
        self.batting_index = 0
        self.condition = "B"
        self.pitchers_used: list[str] = [lineup.pitcher]
        # this side's stretches of pitchers of one hand, each with that hand and the other
        # side's batting lines as its first pitcher came in (empty for the starter): the
        # differences give the batters' lines against each hand (Game._stint, Game._splits)
        self.stints: list[tuple[str, dict[str, list[int]]]] = [(players[lineup.pitcher].throws,
                                                                 {})]
        self.carried_fatigue = dict(fatigue or {})
        # Game.fatigue_points' last answer for his innings: (pitcher, his outs) -> points
        self.fatigue_pid = ""
        self.fatigue_outs = -1
        self.fatigue_innings = 0
        self.fatigue_limit = 0.0      # his innings' limit (『先』 or 『回』) by his card
        self.fatigue_line: list[int] | None = None   # his pitching line (GameState.pit)
        self.ruleset = ruleset
        self.defence_base = defence_base(ruleset.defence)
        # the cards at FIELDERS' places when field_marks were counted (Side._values)
        self.field_held: list[Player | None] = []
        self.field_marks = FieldMarks()
        self.values: DefenceValues = self._values()
        self.pending_field: list[tuple[str, str]] = []   # (replaced, new) to settle in the field
        # (the pitcher hit for, the man now in his batting slot) — or (a pitcher hurt on the
        # third out, ""): a reliever takes the mound when this side next takes the field, not
        # before (a game may end first)
        self.relieve: tuple[str, str] | None = None
        # the pitch's reading of the man on the mound (league.engine.rules.plate_appearance):
        # his card, his condition, his row in it and the [platoon] modifiers of his hand
        self.mound: Player | None = None
        self.mound_condition = ""
        self.mound_row: Bounds | None = None
        self.mound_vs: dict[str, int] | None = None

    def _values(self) -> DefenceValues:
        # worked out afresh: a season's odds bring some 3,000 new sets of nine fielders (the
        # pitcher one of them) a run, so a table of past ones missed 85 % of the time. The eight
        # behind the pitcher are kept (their marks' sums, FieldMarks) while the same cards hold
        # the same places — by the Player, not the id: a man hurt in the game plays on with
        # another card (league.engine.injury) — so a pitching change counts the new pitcher alone
        positions = self.positions
        players = self.players
        held = self.field_held
        same = len(held) == 8
        if same:
            for i in range(8):
                pid = positions.get(FIELDERS[i])
                if held[i] is not (players[pid] if pid is not None else None):
                    same = False
                    break
        if not same:
            # the cards now in the field and their marks' sums, in one pass (_fielding_at read
            # in place: some forty fielders counted a game)
            now: list[Player | None] = []
            marks = FieldMarks()
            for i in range(8):
                pos = FIELDERS[i]
                pid = positions.get(pos)
                if pid is None:
                    now.append(None)
                    continue
                q = players[pid]
                now.append(q)
                at: Fielding | None = None
                for f in q.fielding:
                    if f.position == pos:
                        at = f
                        break
                marks.add(OUT_OF_POSITION[pos] if at is None else at, i < 5, i >= 5)
            self.field_held = now
            self.field_marks = marks
        # the pitcher's card entry at P (_fielding_at, in place)
        pf: Fielding | None = None
        for f in players[self.pitcher].fielding:
            if f.position == "P":
                pf = f
                break
        return marks_values(self.field_marks, OUT_OF_POSITION["P"] if pf is None else pf,
                            self.defence_base)

    def field_chains(self) -> list[tuple[str, str]]:
        """Each batting slot pinch hitters or runners took this half (`pending_field`): (the man
        who held it in the field, the last man in it) — a pinch runner for a pinch hitter: the
        last man in the slot is the one who fields (GameState.settle_defense)."""
        chain: list[tuple[str, str]] = []
        for old, new in self.pending_field:
            for i, (first, last) in enumerate(chain):
                if last == old:
                    chain[i] = (first, new)
                    break
            else:
                chain.append((old, new))
        return chain

    def recompute(self) -> None:
        """Team defence values are recomputed on every substitution."""
        self.values = self._values()

    def fielder(self, pos: str) -> str:
        return self.pitcher if pos == "P" else self.positions[pos]


# a pitcher-table card without "+" (an exact HR roll is a HR), by the table card's identity (kept,
# so the identity stays its own): made once, not for each pitcher in each game, so the managers'
# worth of it (computer.card_worth, by the card's identity) is remembered across games too
_PLAIN_HR: Final[dict[int, tuple[BattingCard, BattingCard]]] = {}


# platoon_by's answers by the identity of the ruleset's table (kept, so the identity stays its
# own): worked out once, not for every game
_PLATOON_BY: Final[dict[int, tuple[dict[str, int], dict[str, dict[str, int]]]]] = {}


def platoon_by(platoon: dict[str, int]) -> dict[str, dict[str, int]]:
    """A ruleset's [platoon] modifiers by the pitcher's hand, then the batter's ("RL": 3 is
    platoon_by(...)["R"]["L"]), the same object each time it is asked for one table: the games
    only read it."""
    known = _PLATOON_BY.get(id(platoon))
    if known is not None and known[0] is platoon:
        return known[1]
    by: dict[str, dict[str, int]] = {}
    for hands, mod in platoon.items():
        by.setdefault(hands[:1], {})[hands[1:]] = mod
    if len(_PLATOON_BY) >= 256:     # a long-lived process that read many rulesets
        _PLATOON_BY.clear()
    _PLATOON_BY[id(platoon)] = (platoon, by)
    return by


def plain_hr(card: BattingCard) -> BattingCard:
    """`card` with hr_defended=False, the same object each time it is asked for one card."""
    known = _PLAIN_HR.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    if len(_PLAIN_HR) >= 256:       # a long-lived process that read many rulesets
        _PLAIN_HR.clear()
    plain = BattingCard(card.bounds, card.BT, card.RR, card.SR, card.DP, hr_defended=False)
    _PLAIN_HR[id(card)] = (card, plain)
    return plain


class Play(Entry):
    """One line of the play-by-play: the inning and half, the batter and pitcher, what happened
    (`text`), and the outs and score after it. A play the engine records keeps its record (an
    Event, league.engine.events) and the game's players, and its text is derived from them when
    first read: most recorded games are stored compactly or only counted, and nobody reads their
    lines (a play stored with its text, storage.mappers.plays_from, has it from the start). It
    reads as the tuple (inning, half, batter, pitcher, text, outs, score) (league.engine.record)."""

    __slots__ = ("inning", "half", "batter", "pitcher", "outs", "score", "_text", "_event",
                 "_players")

    def __init__(self, inning: int, half: str, batter: str, pitcher: str, text: str | None,
                 outs: int, score: tuple[int, int], event: Event | None = None,
                 players: dict[str, Player] | None = None) -> None:
        self.inning = inning
        self.half = half
        self.batter = batter
        self.pitcher = pitcher
        self.outs = outs
        self.score = score
        # None: derived from the event, with the players' names, when first read
        self._text = text
        self._event = event
        self._players = players

    @property
    def text(self) -> str:
        """The play's line in the engine's English (league.engine.events.english)."""
        text = self._text
        if text is None:
            event, players = self._event, self._players
            assert event is not None and players is not None, "a play without text or record"
            text = self._text = event_text(event, lambda pid: players[pid].name)
            self._event = None
            self._players = None
        return text

    def astuple(self) -> tuple[int, str, str, str, str, int, tuple[int, int]]:
        return (self.inning, self.half, self.batter, self.pitcher, self.text, self.outs, self.score)

    def names(self) -> tuple[str, ...]:
        return ("inning", "half", "batter", "pitcher", "text", "outs", "score")

    def as_dict(self) -> dict:
        return {"inning": self.inning, "half": self.half, "batter": self.batter,
                "pitcher": self.pitcher, "text": self.text, "outs": self.outs,
                "runs": {"away": self.score[0], "home": self.score[1]}}


# a roll of the log as it is made (Roll's fields), and a play of the play-by-play (its Play's
# inning, half (0 top, 1 bottom), outs and score, the game's players then, and its Event's fields)
RollRow = tuple[str, int, tuple[tuple[str, int], ...], int, str, str, str]
PlayRow = tuple[int, int, int, tuple[int, int], dict[str, Player], str, str, str, str, str, int,
                str, int, tuple[tuple[str, int, int], ...], tuple[tuple[str, str, int], ...],
                tuple[str, ...], tuple[str, str, str], tuple[str, str, str],
                tuple[tuple[str, str], ...], int]


class Recording:
    """A game's roll log and play-by-play (Roll, Event and Play entries), kept as rows of their
    fields while the game is played and made into those objects when first read (`rolls`,
    `plays`, `events`): most games with the full record are only counted or stored compactly,
    and nobody reads their entries. The game (GameState) and its result (GameResult) read the
    same one, so the entries are made once, by whichever is read first; made, they are the
    lists a reader may change (the accident's line moved before its substitution,
    league.engine.injury), and rows made later follow them."""

    def __init__(self, rolls: list[Roll] | None = None, plays: list[Play] | None = None,
                 events: list[Event] | None = None) -> None:
        self.roll_rows: list[RollRow] = []
        self.play_rows: list[PlayRow] = []
        self._rolls: list[Roll] = [] if rolls is None else rolls
        self._plays: list[Play] = [] if plays is None else plays
        self._events: list[Event] = [] if events is None else events

    def rolls(self) -> list[Roll]:
        rows = self.roll_rows
        if rows:
            out = self._rolls
            for r in rows:
                out.append(Roll(r[0], r[1], r[2], r[3], r[4], r[5], r[6]))
            rows.clear()
        return self._rolls

    def set_rolls(self, rolls: list[Roll]) -> None:
        self.roll_rows.clear()
        self._rolls = rolls

    def _make_plays(self) -> None:
        plays, events = self._plays, self._events
        for r in self.play_rows:
            ev = Event(r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12], r[13], r[14], r[15],
                       r[16], r[17], r[18], r[19])
            events.append(ev)
            # its text is derived from the record when first read (Play.text)
            plays.append(Play(r[0], "top" if r[1] == 0 else "bottom", r[6], r[7], None, r[2],
                              r[3], ev, r[4]))
        self.play_rows.clear()

    def plays(self) -> list[Play]:
        if self.play_rows:
            self._make_plays()
        return self._plays

    def events(self) -> list[Event]:
        if self.play_rows:
            self._make_plays()
        return self._events

    def set_plays(self, plays: list[Play]) -> None:
        if self.play_rows:
            self._make_plays()
        self._plays = plays

    def set_events(self, events: list[Event]) -> None:
        if self.play_rows:
            self._make_plays()
        self._events = events

    def play_count(self) -> int:
        """How many plays have been recorded (without making any entry)."""
        return len(self._plays) + len(self.play_rows)

    def move_last_play(self, at: int) -> None:
        """The last play recorded moved to be the `at`-th (its Play and Event together), in its
        row when no reader has made it an entry yet."""
        made = len(self._plays)
        rows = self.play_rows
        if rows and at >= made:
            rows.insert(at - made, rows.pop())
            return
        plays, events = self.plays(), self.events()
        plays.insert(at, plays.pop())
        events.insert(at, events.pop())

    def any_play(self) -> bool:
        """Whether a play has been recorded (without making any entry)."""
        return bool(self.play_rows) or bool(self._plays)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Recording):
            return NotImplemented
        return ((self.rolls(), self.plays(), self.events())
                == (other.rolls(), other.plays(), other.events()))

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same


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
    # plays, rolls and events (below): the play-by-play, the roll log and the play record
    # (league.engine.events), one event for each play (none for a game stored before the engine
    # kept them: its plays are text only), read from the game's Recording
    players: dict[str, Player]
    winner: int | None
    fielding: list[tuple[int, str, list[int]]] = field(default_factory=list)
    lineups: tuple[Lineup, ...] = ()
    fatigue: dict[str, int] = field(default_factory=dict)
    final_inning: int = 9
    notes: list[str] = field(default_factory=list)
    raws: list[int] = field(default_factory=list)     # the raw rolls in order (kept when quiet)
    injuries: dict[str, int] = field(default_factory=dict)  # injury points of accidents (§7.6)
    hurt: dict[str, int] = field(default_factory=dict)      # injury points of players who started hurt
    # each batter's line against left- and right-handed pitching: (side, batter, hand, line)
    splits: list[tuple[int, str, str, list[int]]] = field(default_factory=list)
    # the engine version whose rules and managers played the game (GameState.version): a live
    # game saved by an older version and finished today is stored as the version that played it
    version: int = ENGINE_VERSION
    # the play-by-play, the roll log and the play record (`plays`, `rolls`, `events`): the
    # game's own, whose entries are made when first read, or one holding the lists given
    recording: Recording = field(default_factory=Recording, repr=False)

    def __init__(self, away: str, home: str, innings: list[list[int]], runs: list[int],
                 hits: list[int], errors: list[int],
                 batting: list[tuple[int, str, list[int], str]],
                 pitching: list[tuple[int, str, list[int]]], decisions: dict[str, str],
                 home_runs: list[tuple[int, str, int, str]], plays: list[Play] | None = None,
                 rolls: list[Roll] | None = None, players: dict[str, Player] | None = None,
                 winner: int | None = None,
                 fielding: list[tuple[int, str, list[int]]] | None = None,
                 lineups: tuple[Lineup, ...] = (), fatigue: dict[str, int] | None = None,
                 final_inning: int = 9, notes: list[str] | None = None,
                 raws: list[int] | None = None, events: list[Event] | None = None,
                 injuries: dict[str, int] | None = None, hurt: dict[str, int] | None = None,
                 splits: list[tuple[int, str, str, list[int]]] | None = None,
                 version: int = ENGINE_VERSION, recording: Recording | None = None) -> None:
        # written out (the same fields and defaults): the compiled build makes a dataclass with
        # default factories through its Python-level __init__, once a game
        self.away = away
        self.home = home
        self.innings = innings
        self.runs = runs
        self.hits = hits
        self.errors = errors
        self.batting = batting
        self.pitching = pitching
        self.decisions = decisions
        self.home_runs = home_runs
        self.players = {} if players is None else players
        self.winner = winner
        self.fielding = [] if fielding is None else fielding
        self.lineups = lineups
        self.fatigue = {} if fatigue is None else fatigue
        self.final_inning = final_inning
        self.notes = [] if notes is None else notes
        self.raws = [] if raws is None else raws
        self.injuries = {} if injuries is None else injuries
        self.hurt = {} if hurt is None else hurt
        self.splits = [] if splits is None else splits
        self.version = version
        # the game's own (its entries made when first read), or one holding the lists given
        # (dataclasses.replace gives the recording and any list that replaces one of it)
        if recording is None or plays is not None or rolls is not None or events is not None:
            recording = Recording(
                rolls if rolls is not None else recording.rolls() if recording else [],
                plays if plays is not None else recording.plays() if recording else [],
                events if events is not None else recording.events() if recording else [])
        self.recording = recording

    @property
    def plays(self) -> list[Play]:
        return self.recording.plays()

    @plays.setter
    def plays(self, plays: list[Play]) -> None:
        self.recording.set_plays(plays)

    @property
    def rolls(self) -> list[Roll]:
        return self.recording.rolls()

    @rolls.setter
    def rolls(self, rolls: list[Roll]) -> None:
        self.recording.set_rolls(rolls)

    @property
    def events(self) -> list[Event]:
        return self.recording.events()

    @events.setter
    def events(self, events: list[Event]) -> None:
        self.recording.set_events(events)


# ------------------------------------------------------------------ what the game asks its managers
# The engine owns the interface it calls: the questions (Manager, the ASK_* bits) and the class it
# asks them of (Decider). league.manager.computer's ComputerManager answers them; a person's
# manager (league.engine.live), the referee's or a script's is any Manager, asked through Asking.
# They live here, beside the state that holds the deciders, because each names the other: a
# module of their own would import this one back (an import circle for the type checkers).

# The questions the engine asks before or during every plate appearance that a manager may let
# pass for a whole half-inning (Decider.asking): one bit each
ASK_PINCH_HITTER: Final = 1
ASK_PINCH_RUNNER: Final = 2
ASK_DEFENSIVE_SUB: Final = 4    # in the inning (one at the start of an inning is always asked)
ASK_DEFENSE_CALL: Final = 8
ASK_AGGRESSIVE: Final = 16
# the pitcher question before the first batter of a half, right after the one at its start:
# the computer manager's answer is then always "no change" (ComputerManager.asking), so only a
# manager that answers it itself is asked
ASK_PITCHER_AGAIN: Final = 32
ASK_ALL: Final = 63


class Manager(Protocol):
    """The decisions of one side. `game` is read-only for a manager."""

    def defense_call(self, game: GameState) -> str: ...                 # "none" | "ibb" | "infield_in"
    def offense_call(self, game: GameState) -> tuple: ...               # ("none",) ("bunt",) ("squeeze",)
    # ("hit_and_run",) ("steal", base) ("double_steal", first base or None)
    def aggressive(self, game: GameState, table: str) -> bool: ...       # after the batting result
    def steal_go(self, game: GameState, base: int, roll: int) -> bool: ...   # go to catcher table or stop
    def bonus_steal(self, game: GameState, candidates: list[int]) -> int | None: ...
    def join_steal(self, game: GameState, base: int) -> bool: ...       # later runner of a double steal
    def no_check(self, game: GameState) -> bool: ...
    def bunt_plus(self, game: GameState) -> int | None: ...             # None = all safe; else runner base
    def bunt_out(self, game: GameState, candidates: list[int]) -> int: ...   # 0 = batter
    def send(self, game: GameState, base: int, target: int) -> bool: ...
    def back_first(self, game: GameState, candidates: list[int]) -> int: ...  # hit-and-run, fly caught:
    # the base of the runner whose cross-play back comes next (the offense's choice, C.2)
    def change_pitcher(self, game: GameState, inning_start: bool) -> str | None: ...
    def reliever(self, game: GameState, side: Side) -> str | None: ...
    def pinch_hitter(self, game: GameState) -> str | None: ...
    def pinch_runner(self, game: GameState) -> tuple[int, str] | None: ...   # (base, bench player)
    def defensive_sub(self, game: GameState, inning_start: bool) -> tuple[str, str] | None: ...
    # (position, bench player)


@mypyc_attr(allow_interpreted_subclasses=True)
class Decider:
    """A Manager as the engine asks it (`GameState.deciders`): a class, so the compiled build
    calls its methods directly instead of looking each one up by name. ComputerManager
    (league.manager.computer) is one; any other Manager is asked through `Asking`."""

    def asking(self, game: GameState, batting: bool) -> int:
        """The per-batter questions (ASK_* bits) this manager may answer with anything but
        "nothing" in the half-inning about to start, batting or in the field; the engine leaves
        the others unasked until the next half. Here every one of them is asked."""
        return ASK_ALL

    def defense_call(self, game: GameState) -> str:
        raise NotImplementedError(f"{type(self).__name__} answers no defense_call")

    def offense_call(self, game: GameState) -> tuple:
        raise NotImplementedError(f"{type(self).__name__} answers no offense_call")

    def aggressive(self, game: GameState, table: str) -> bool:
        raise NotImplementedError(f"{type(self).__name__} answers no aggressive")

    def steal_go(self, game: GameState, base: int, roll: int) -> bool:
        raise NotImplementedError(f"{type(self).__name__} answers no steal_go")

    def bonus_steal(self, game: GameState, candidates: list[int]) -> int | None:
        raise NotImplementedError(f"{type(self).__name__} answers no bonus_steal")

    def join_steal(self, game: GameState, base: int) -> bool:
        raise NotImplementedError(f"{type(self).__name__} answers no join_steal")

    def no_check(self, game: GameState) -> bool:
        raise NotImplementedError(f"{type(self).__name__} answers no no_check")

    def bunt_plus(self, game: GameState) -> int | None:
        raise NotImplementedError(f"{type(self).__name__} answers no bunt_plus")

    def bunt_out(self, game: GameState, candidates: list[int]) -> int:
        raise NotImplementedError(f"{type(self).__name__} answers no bunt_out")

    def send(self, game: GameState, base: int, target: int) -> bool:
        raise NotImplementedError(f"{type(self).__name__} answers no send")

    def back_first(self, game: GameState, candidates: list[int]) -> int:
        raise NotImplementedError(f"{type(self).__name__} answers no back_first")

    def change_pitcher(self, game: GameState, inning_start: bool) -> str | None:
        raise NotImplementedError(f"{type(self).__name__} answers no change_pitcher")

    def reliever(self, game: GameState, side: Side) -> str | None:
        raise NotImplementedError(f"{type(self).__name__} answers no reliever")

    def pinch_hitter(self, game: GameState) -> str | None:
        raise NotImplementedError(f"{type(self).__name__} answers no pinch_hitter")

    def pinch_runner(self, game: GameState) -> tuple[int, str] | None:
        raise NotImplementedError(f"{type(self).__name__} answers no pinch_runner")

    def defensive_sub(self, game: GameState, inning_start: bool) -> tuple[str, str] | None:
        raise NotImplementedError(f"{type(self).__name__} answers no defensive_sub")


@mypyc_attr(allow_interpreted_subclasses=True)
class Asking(Decider):
    """Any other Manager (a person's, the referee's, one a test or a script brings) as a
    Decider: it passes every question on to the manager it holds and asks them all (`asking`),
    and an answer of the wrong kind is a DecisionError naming the question (the compiled build
    would otherwise raise a TypeError)."""

    def __init__(self, manager: Manager) -> None:
        # untyped: its answers are taken as they come and checked here (typed as the protocol
        # says, the compiled build would check them on return with a TypeError)
        self.manager: Any = manager

    def defense_call(self, game: GameState) -> str:
        call: object = self.manager.defense_call(game)
        if not isinstance(call, str):
            raise DecisionError(f"unknown defense strategy {call!r}")
        return call

    def offense_call(self, game: GameState) -> tuple:
        call: object = self.manager.offense_call(game)
        if isinstance(call, list):
            call = tuple(call)
        if not isinstance(call, tuple) or not call:
            raise DecisionError(f"unknown offense strategy {call!r}")
        return call

    def aggressive(self, game: GameState, table: str) -> bool:
        return bool(self.manager.aggressive(game, table))

    def steal_go(self, game: GameState, base: int, roll: int) -> bool:
        return bool(self.manager.steal_go(game, base, roll))

    def bonus_steal(self, game: GameState, candidates: list[int]) -> int | None:
        return _base_or_none("bonus_steal", self.manager.bonus_steal(game, candidates))

    def join_steal(self, game: GameState, base: int) -> bool:
        return bool(self.manager.join_steal(game, base))

    def no_check(self, game: GameState) -> bool:
        return bool(self.manager.no_check(game))

    def bunt_plus(self, game: GameState) -> int | None:
        return _base_or_none("bunt_plus", self.manager.bunt_plus(game))

    def bunt_out(self, game: GameState, candidates: list[int]) -> int:
        return _base("bunt_out", self.manager.bunt_out(game, candidates))

    def send(self, game: GameState, base: int, target: int) -> bool:
        return bool(self.manager.send(game, base, target))

    def back_first(self, game: GameState, candidates: list[int]) -> int:
        return _base("back_first", self.manager.back_first(game, candidates))

    def change_pitcher(self, game: GameState, inning_start: bool) -> str | None:
        return _player_or_none("change_pitcher", self.manager.change_pitcher(game, inning_start))

    def reliever(self, game: GameState, side: Side) -> str | None:
        return _player_or_none("reliever", self.manager.reliever(game, side))

    def pinch_hitter(self, game: GameState) -> str | None:
        return _player_or_none("pinch_hitter", self.manager.pinch_hitter(game))

    def pinch_runner(self, game: GameState) -> tuple[int, str] | None:
        return _pair("pinch_runner", self.manager.pinch_runner(game), int,
                     "a base and a bench player")

    def defensive_sub(self, game: GameState, inning_start: bool) -> tuple[str, str] | None:
        return _pair("defensive_sub", self.manager.defensive_sub(game, inning_start), str,
                     "a position and a bench player")


def deciding(manager: Manager | Decider) -> Decider:
    """The manager as the engine asks it: a Decider (a ComputerManager or a subclass) itself,
    any other Manager through `Asking`."""
    return manager if isinstance(manager, Decider) else Asking(manager)


def _base(question: str, answer: object) -> int:
    if isinstance(answer, int):
        return answer
    raise DecisionError(f"{question}: {answer!r} is not a base")


def _base_or_none(question: str, answer: object) -> int | None:
    return None if answer is None else _base(question, answer)


def _pair(question: str, answer: object, first: type, what: str) -> tuple[Any, str] | None:
    """None, or a pair of a `first` and a player (a list, as JSON gives it, is read as one)."""
    if answer is None:
        return None
    if isinstance(answer, (tuple, list)) and len(answer) == 2:
        a, pid = answer
        if isinstance(a, first) and isinstance(pid, str):
            return (a, pid)
    raise DecisionError(f"{question}: {answer!r} is not {what}")


def _player_or_none(question: str, answer: object) -> str | None:
    if answer is None or isinstance(answer, str):
        return answer
    raise DecisionError(f"{question}: {answer!r} is not a player")


@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """The state of one game between two line-ups, driven by two managers and one dice (the game
    itself, its flow and rules, is league.engine.game.Game)."""

    def __init__(self, ruleset: Ruleset, players: dict[str, Player], away: Lineup, home: Lineup,
                 away_manager: "Manager", home_manager: "Manager", dice: Dice, *,
                 dh: bool | None = None, extra_innings: int | None = None,
                 fatigue: dict[str, int] | None = None, quiet: bool = False,
                 hurt: dict[str, int] | None = None, splits: bool = True,
                 box: bool = True, version: int = ENGINE_VERSION) -> None:
        self.rules = ruleset
        # the engine version whose rules play the game (league.engine.ENGINE_VERSION): a stored
        # or saved game replays by the version that played it (the rules that changed read it,
        # e.g. who fields a batted ball, league.engine.rules.runners._fielder_pos)
        self.version = version
        self.opt = ruleset.options
        # the ruleset's tables read at every batted ball and condition check: a native
        # attribute each in the compiled build (the Ruleset is a Python object, each of its
        # fields a look-up by name)
        self.defense_tables: dict[str, DefenseTable] = ruleset.tables
        self.condition_rows: dict[str, Bounds] = ruleset.condition
        # the [platoon] modifiers by the pitcher's hand, then the batter's ("RL": 3 is
        # platoon_by["R"]["L"]): read at every pitch, without making the key's string each time
        self.platoon_by: dict[str, dict[str, int]] = platoon_by(ruleset.platoon)
        self.players = players
        self.dh = ruleset.options["dh"] if dh is None else dh
        self.max_innings = ruleset.options["extra_innings"] if extra_innings is None else extra_innings
        away.validate(players, self.dh)
        home.validate(players, self.dh)
        # typed as tuples of any length, the compiled build keeps these pairs as tuple objects:
        # typed as pairs, it unpacks them into the instance and builds a new tuple each time
        # one is indexed by a side (`self.sides[self.half]`: thousands a game, many of them the
        # managers' questions)
        self.sides: tuple[Side, ...] = (Side(0, away, players, ruleset, self.dh, fatigue),
                                        Side(1, home, players, ruleset, self.dh, fatigue))
        self.lineups: tuple[Lineup, ...] = (away, home)
        self.fatigue_in = dict(fatigue or {})
        self.fld: dict[str, list[int]] = {}
        self.fld_order: list[tuple[int, str]] = []
        self.managers = (away_manager, home_manager)
        # the engine asks its decisions of these: the compiled build calls a Decider's methods
        # directly (a ComputerManager is one; any other Manager is asked through Asking)
        self.deciders: tuple[Decider, ...] = (deciding(away_manager), deciding(home_manager))
        # the per-batter questions the defense's manager may answer in this half-inning
        # (Decider.asking: its other questions go unasked until the next half)
        self.ask_defense = ASK_ALL
        self.seeded: SeededDice | None = None
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
        # the play-by-play, each play as data (its Event) beside its line (its Play), and the
        # roll log, made into entries when first read (`plays`, `events`, `rolls`)
        self.recording = Recording()
        # what the last record left in this half-inning: (inning, half), runners and outs
        self._rec_half = -1     # inning * 2 + half
        self._rec_after: tuple[str, str, str] = ("", "", "")
        self.outs_now = 0                             # outs made since the last record
        self.scored_now: list[tuple[str, str]] = []   # runs counted since the last record
        # the pitch, bat and defense rules (some 160 rolls a game) add their roll to the log in
        # place, unless a subclass wraps `log` (league/referee.py keeps a timeline of the rolls)
        self.log_in_place = type(self).log is GameState.log
        self.raws: list[int] = []     # every raw roll in order: what a replay needs
        self.quiet = quiet or not box  # no roll log and no play text (odds, bulk simulation)
        self.want_splits = splits and box  # lines against left and right (the odds need none)
        # the box score: the batters' and fielders' lines and the scorer's book (the pitchers'
        # decisions). The odds need none of it (box=False, always quiet and without splits):
        # only the score, the line score, the pitchers' lines (the managers read their outs
        # and runs, their rest follows from their outs) and the accidents. Without it the
        # lines are written to a scratch line nobody reads: the same game, the same rolls
        self.box = box
        self._no_bat = [0] * BAT_WIDTH
        self._no_fld = [0] * FIELD_WIDTH
        self._steal_raw = 0
        self.home_runs: list[tuple[int, str, int, str]] = []
        self.pitch_bonus = 0          # +5 after a stop, for the next pitch
        self.phantom_outs = 0         # outs the defense would have made without errors
        self.book = ScoringBook()     # the official scorer's record: pitchers in, runs, outs
        self.finished = False
        self.notes: list[str] = []
        # each player's batting card, a pitcher's from the ruleset's table: fixed for the game
        self._cards: dict[str, BattingCard] = {}
        self.innings: int = self.opt["innings"]
        # accidents (§7.6, league/engine/injury.py): None when the ruleset plays without injuries
        self.injury_rules = ruleset.injury_rules
        self.injuries: dict[str, int] = {}      # injury points gained in this game
        self.heavy: set[str] = set()            # heavy injuries: BS*/BS+ read as BS for them
        self.healthy: dict[str, Player] = {}    # cards before the accident
        self.own_players = False                # self.players copied (a card changed)
        self.hurt_in = dict(hurt or {})         # injury points of players who start hurt
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
        o = self.sides[self.half]
        return o.order[o.batting_index]

    def lead(self, side: int) -> int:
        return self.score[side] - self.score[1 - side]

    def runners(self) -> list[int]:
        return [b for b in BASES_UP if self.bases[b] is not None]

    def situation(self) -> int:
        return (1 if self.bases[1] else 0) | (2 if self.bases[2] else 0) | (4 if self.bases[3] else 0)

    def batting_card(self, pid: str) -> BattingCard:
        card = self._cards.get(pid)
        if card is None:
            card = self._cards[pid] = self._batting_card(pid)
        return card

    def _batting_card(self, pid: str) -> BattingCard:
        p = self.players[pid]
        if p.batting is not None:
            return p.batting
        rank = p.pitching.bat_rank if p.pitching and p.pitching.bat_rank else "C"
        card = self.rules.pitcher_batting_card(rank)
        if "+" in rank:
            return card
        return plain_hr(card)

    def _bat_line(self, side: int, pid: str, pos: str = "") -> list[int]:
        if not self.box:
            return self._no_bat
        line = self.bat.get(pid)
        if line is None:
            line = self.bat[pid] = [0] * BAT_WIDTH
            self.bat_order.append((side, pid, pos))
            self.pos_text[pid] = pos
        return line

    def _fld(self, side: int, pid: str) -> list[int]:
        if not self.box:
            return self._no_fld
        line = self.fld.get(pid)
        if line is None:
            line = self.fld[pid] = [0] * FIELD_WIDTH
            self.fld_order.append((side, pid))
        return line

    def _fld_at(self, pos: str) -> list[int]:
        if not self.box:
            return self._no_fld
        dfn = self.sides[1 - self.half]
        pid = dfn.pitcher if pos == "P" else dfn.positions[pos]
        line = self.fld.get(pid)
        if line is None:
            line = self._fld(dfn.index, pid)
        return line

    def _credit_out(self, fielder: str, base: int, thrown: bool, dp: list[list[int]]) -> None:
        """Putout at `base` (1..4), with an assist to `fielder` when the ball was thrown there."""
        if not self.box:
            return
        usual, other = COVER[base]
        taker = other if usual == fielder and thrown else usual
        if not thrown:
            taker = fielder
        # _fld_at, in place (some forty putouts and assists a game)
        dfn = self.sides[1 - self.half]
        fld = self.fld
        pid = dfn.pitcher if taker == "P" else dfn.positions[taker]
        po = fld.get(pid)
        if po is None:
            po = self._fld(dfn.index, pid)
        po[F_PO] = po[F_PO] + 1
        dp.append(po)
        if thrown and taker != fielder:
            pid = dfn.pitcher if fielder == "P" else dfn.positions[fielder]
            a = fld.get(pid)
            if a is None:
                a = self._fld(dfn.index, pid)
            a[F_A] = a[F_A] + 1
            dp.append(a)

    def _pit_line(self, pid: str) -> list[int]:
        line = self.pit.get(pid)
        if line is None:
            line = self.pit[pid] = [0] * PIT_WIDTH
        return line

    def name(self, pid: str) -> str:
        return self.players[pid].name

    def log(self, purpose: str, raw: int, mods: tuple, modified: int, table: str, row: str,
            result: str) -> None:
        if not self.quiet:
            self.recording.roll_rows.append((purpose, raw, mods, modified, table, row, result))

    @property
    def rolls(self) -> list[Roll]:
        """The roll log (rules C.4), one Roll a roll."""
        return self.recording.rolls()

    @property
    def plays(self) -> list[Play]:
        """The play-by-play, one Play a line."""
        return self.recording.plays()

    @property
    def events(self) -> list[Event]:
        """Each play as data (league.engine.events), beside its line in `plays`."""
        return self.recording.events()

    @property
    def dice(self) -> Dice:
        return self._dice

    @dice.setter
    def dice(self, dice: Dice) -> None:
        self._dice = dice
        # seeded dice (every simulated game) are rolled directly in the compiled build, any
        # other Dice through the protocol
        self.seeded = dice if isinstance(dice, SeededDice) else None

    def roll(self, purpose: str) -> int:
        """Roll the d100 and record the raw roll (the game replays from these). The pitch, bat
        and defense rolls, some 160 a game, do the same in place (plate_appearance.pitch and
        bat_roll, runners.defend): a call fewer each is 1.7% of a pure-Python game."""
        seeded = self.seeded
        value = seeded.roll(purpose) if seeded is not None else self._dice.roll(purpose)
        self.raws.append(value)
        return value

    def record(self, what: str, who: str = "", other: str = "", base: int = 0, pos: str = "",
               runs: int = 0, moves: tuple[tuple[str, int, int], ...] = (),
               notes: tuple[tuple[str, str, int], ...] = (), mods: tuple[str, ...] = (),
               batter: str | None = None, pitcher: str | None = None,
               before: tuple[str, str, str] | None = None) -> None:
        """The play as data (league.engine.events.Event, in self.events) and its line of the
        play-by-play made from it (self.plays): the runners before and after, the runs counted
        with the pitchers charged, the outs it made. `batter` and `pitcher` default to the man at
        the plate and the defense's pitcher; `before` to the runners the last play of the
        half-inning left (a batted ball gives its own)."""
        if self.quiet:
            return
        b = self.bases
        r1, r2, r3 = b[1], b[2], b[3]
        after = (r1.pid if r1 is not None else "", r2.pid if r2 is not None else "",
                 r3.pid if r3 is not None else "")
        half = self.half
        key = self.inning * 2 + half
        if key != self._rec_half:
            self._rec_half = key
            left: tuple[str, str, str] = ("", "", "")
        else:
            left = self._rec_after
        scored: tuple[tuple[str, str], ...] = ()
        if self.scored_now:
            scored = tuple(self.scored_now)
            self.scored_now.clear()
        if batter is None:
            o = self.sides[half]
            batter = o.order[o.batting_index]
        if pitcher is None:
            pitcher = self.sides[1 - half].pitcher
        score = self.score
        # its Event and Play are made when first read (Recording)
        self.recording.play_rows.append((
            self.inning, half, self.outs, (score[0], score[1]), self.players, what, batter,
            pitcher, who, other, base, pos, runs, moves, notes, mods,
            left if before is None else before, after, scored, self.outs_now))
        self.outs_now = 0
        self._rec_after = after

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
        if current == "D":
            current = "C"  # forced recovery from D (ver 7.1): raised to C, checked on C
        catcher = self.players[side.positions["C"]].catcher
        lead = catcher.lead if catcher else 0
        fatigue = self.fatigue_points(side, pid)
        step: int = self.opt["fatigue_step"] if fatigue else 0
        tired = -fatigue * step
        # self.roll, in place (some twenty a game)
        seeded = self.seeded
        raw = seeded.roll("condition") if seeded is not None else self._dice.roll("condition")
        self.raws.append(raw)
        total = raw + lead + tired
        mod = 1 if total < 1 else 100 if total > 100 else total
        res = self.condition_rows[current].lookup[mod]
        idx = CONDITION_INDEX[current]
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
        if not self.quiet:
            mods = ((("lead", lead),) if lead else ()) + ((("fatigue", tired),) if fatigue else ())
            if self.log_in_place:
                # self.log, in place (its Roll made when the log is read: Recording)
                self.recording.roll_rows.append(("condition", raw, mods, mod, "condition", current,
                                                 f"{res} {before}→{new}"))
            else:
                self.log("condition", raw, mods, mod, "condition", current, f"{res} {before}→{new}")

    def fatigue_points(self, side: Side, pid: str) -> int:
        """Fatigue points: carried from earlier games, plus one per inning beyond 『先』 or 『回』."""
        pts = side.carried_fatigue.get(pid, 0)
        # the points for his innings, the same until he records another out: the managers ask
        # before every plate appearance (his line, the list his outs are counted in, kept with
        # them: a pitcher's line is made once and counted in place)
        same = pid == side.fatigue_pid
        line = side.fatigue_line if same else None
        if line is None:
            line = self.pit.get(pid)
        outs = line[P_OUTS] if line is not None else 0
        if same:
            if outs == side.fatigue_outs:
                return pts + side.fatigue_innings
            # his card's, read when he was first asked about (a hurt man's card keeps his
            # pitching: league.engine.injury.hurt_player)
            limit = side.fatigue_limit
        else:
            card = self.players[pid].pitching
            assert card is not None, f"{pid} has no pitcher card"
            # float arithmetic throughout (an int starter limit is exactly the same float)
            limit = (float(card.starter) if (pid == side.pitchers_used[0] and card.starter)
                     else card.innings)
            side.fatigue_limit = limit
        beyond = outs / 3 - limit
        extra = int(-(-beyond // 1)) if beyond > 0 else 0
        side.fatigue_pid, side.fatigue_outs, side.fatigue_innings = pid, outs, extra
        side.fatigue_line = line
        return pts + extra

    # ------------------------------------------------------------------ substitutions
    def _defense_changes(self, inning_start: bool, pitcher: bool = True) -> None:
        side = self.sides[1 - self.half]
        manager = self.deciders[side.index]
        if pitcher:
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
        if not plays(self.players[new], pos):
            raise DecisionError(f"{self.name(new)} ({new}) cannot play {pos}")
        old = side.positions[pos]
        side.bench.remove(new)
        side.used.add(new)
        side.order[side.order.index(old)] = new
        side.positions[pos] = new
        self._bat_line(side.index, new, pos)
        if not self.quiet:
            self.record("DS", new, old, pos=pos, batter="", pitcher=side.pitcher)
        side.recompute()

    def starter_owes_a_batter(self, side: Side) -> bool:
        """The starting pitcher has not yet pitched to a batter: he must pitch to the first one
        until that batter is out or on base, unless he is hurt (公認野球規則 5.10(f)); till then
        no pitching change is allowed (the computer manager and the play screen ask this).
        Only the first inning can find him so: a half-inning's three outs need batters."""
        return (self.inning == 1 and side.pitcher == side.pitchers_used[0]
                and self.pit[side.pitcher][P_BF] == 0)

    def change_pitcher(self, side: Side, new: str, hurt: bool = False) -> None:
        """A reliever from the bullpen replaces the pitcher (`hurt`: the pitcher is hurt, the one
        reason a starter may leave before he has faced a batter, 5.10(f))."""
        if new not in side.bullpen:
            raise DecisionError(f"{self.name(new)} ({new}) is not in the bullpen of {side.team}")
        if not hurt and self.starter_owes_a_batter(side):
            raise DecisionError(f"{self.name(side.pitcher)} ({side.pitcher}) starts: he pitches "
                                "to the first batter before he can be relieved (5.10(f))")
        old = side.pitcher
        side.bullpen.remove(new)
        side.pitcher = new
        side.used.add(new)
        side.pitchers_used.append(new)
        if self.want_splits:
            self._stint(side, new)
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
        if self.box:
            on_base = len(self.runners()) if side is self.defense else 0
            self.book.enter(side.index, new, on_base, (self.score[0], self.score[1]))
        side.recompute()
        if not self.quiet and (self.recording.any_play() or self.half == side.index ^ 1):
            self.record("PC", new, old, batter="", pitcher=new)
        self.condition_check(side)

    def _offense_changes(self) -> None:
        side = self.sides[self.half]
        manager = self.deciders[side.index]
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
        if not self.quiet:
            self.record("PR", new, old, base=base)
        side.pending_field.append((old, new))

    def pinch_hitters(self, side: Side) -> list[str]:
        """Who may bat for the man up: the bench, and the day's pitcher when the DH is up
        (he ends his side's DH: 5.11(b), issue 33)."""
        up = side.order[side.batting_index]
        pitcher = [side.pitcher] if side.dh and side.positions.get("DH") == up else []
        return list(side.bench) + pitcher

    def pinch_hit(self, side: Side, new: str) -> None:
        slot = side.batting_index
        old = side.order[slot]
        if new == side.pitcher and side.dh and side.positions.get("DH") == old:
            self._pitcher_bats(side, slot, old)
            return
        if new not in side.bench:
            raise DecisionError(f"{self.name(new)} ({new}) is not on the bench of {side.team}")
        side.bench.remove(new)
        side.used.add(new)
        side.order[slot] = new
        self._bat_line(side.index, new, "PH")
        if not self.quiet:
            self.record("PH", new, old)
        side.pending_field.append((old, new))

    def _pitcher_bats(self, side: Side, slot: int, old: str) -> None:
        """The pitcher bats for the DH: his side's DH ends for the game, he takes the DH's
        slot and the relievers after him bat there (5.11(b); NPB has no two-way exception,
        issue 33)."""
        side.order[slot] = side.pitcher
        del side.positions["DH"]
        side.positions["P"] = side.pitcher
        side.dh = False
        self._bat_line(side.index, side.pitcher, "P")
        if not self.quiet:
            self.record("PH", side.pitcher, old)

    def settle_defense(self, side: Side) -> None:
        """When it takes the field after pinch hitters or runners batted for it, a team puts them
        in the field or brings in a sub (and a reliever for a pitcher hit for, _relieve); a game
        that ends first changes nothing."""
        if not side.pending_field:
            return
        for old, new in side.field_chains():
            pos = next((p for p, pid in side.positions.items() if pid == old), None)
            if pos is None:
                continue
            if pos == "P":
                # the pitcher was hit for: a reliever takes the mound in that slot when the
                # team next takes the field (Game._relieve)
                if side.bullpen:
                    side.relieve = (old, new)
                continue
            if pos == "DH" or plays(self.players[new], pos):
                side.positions[pos] = new
                self.pos_text[new] = f"{self.pos_text.get(new, 'PH')}-{pos}"
                if pos != "DH" and not self.quiet:
                    self.record("GOES_IN", new, pos=pos, batter="", pitcher=side.pitcher)
                continue
            sub = next((b for b in side.bench if plays(self.players[b], pos)), None)
            slot = side.order.index(new)
            if sub is not None:
                side.bench.remove(sub)
                side.used.add(sub)
                side.order[slot] = sub
                side.positions[pos] = sub
                self._bat_line(side.index, sub, pos)
                if not self.quiet:
                    self.record("GOES_IN_FOR", sub, new, pos=pos, batter="",
                                pitcher=side.pitcher)
            else:
                side.positions[pos] = new  # nobody else can: he plays out of position
                if self.version >= OUT_OF_POSITION_SHOWN:
                    # his line and the play-by-play say where he plays (PH-3B), as for a man
                    # who plays there (up to version 6 his line kept "PH" alone)
                    self.pos_text[new] = f"{self.pos_text.get(new, 'PH')}-{pos}"
                    if not self.quiet:
                        self.record("GOES_IN", new, pos=pos, batter="", pitcher=side.pitcher)
        side.pending_field = []
        side.recompute()

    def _relieve(self, side: Side) -> None:
        """The reliever for a pitcher who was hit for takes the mound and the batting slot of
        the man who hit (or ran) for him, at the start of his team's half in the field; for a
        pitcher hurt on the third out (no one in his place yet) an ordinary pitching change."""
        assert side.relieve is not None
        old, new = side.relieve
        side.relieve = None
        rel = self.deciders[side.index].reliever(self, side) or side.bullpen[0]
        if not new:
            self.change_pitcher(side, rel, hurt=True)
            return
        side.bullpen.remove(rel)
        side.order[side.order.index(new)] = rel
        side.positions["P"] = rel
        side.pitcher = rel
        side.pitchers_used.append(rel)
        if self.want_splits:
            self._stint(side, rel)
        side.used.add(rel)
        side.condition = "B"
        self._pit_line(rel)
        self._bat_line(side.index, rel, "P")
        if self.box:
            self.book.enter(side.index, rel, 0, (self.score[0], self.score[1]))
        side.recompute()
        if not self.quiet:
            # a substitution's line: no batter (it is nobody's at-bat)
            self.record("PC", rel, old, batter="", pitcher=rel)

    def _next_batter(self) -> None:
        off = self.sides[self.half]
        off.batting_index = (off.batting_index + 1) % 9

    # ------------------------------------------------------------------ walks and strikeouts
    def _walk(self, bid: str, intentional: bool = False, hbp: bool = False) -> None:
        """A walk (intentional, or hit by pitch) to the batter: his line and the pitcher's, and the
        forced runners advance (a run forced in is earned; the batter's RBI)."""
        off, dfn = self.sides[self.half], self.sides[1 - self.half]
        # _bat_line, in place: the batter's line is made when he enters the order
        bl = self.bat.get(bid) if self.box else self._no_bat
        if bl is None:
            bl = self._bat_line(off.index, bid)
        pl = self.pit[dfn.pitcher]
        bl[PA] = bl[PA] + 1
        if hbp:
            bl[HBP] = bl[HBP] + 1
            pl[P_HBP] = pl[P_HBP] + 1
        else:
            bl[BB] = bl[BB] + 1
            pl[P_BB] = pl[P_BB] + 1
            if intentional:
                bl[IBB] = bl[IBB] + 1
                pl[P_IBB] = pl[P_IBB] + 1
        pl[P_BF] = pl[P_BF] + 1
        # forced runners advance
        runs = []
        new = Runner(bid, dfn.pitcher, True)
        moving: Runner | None = new
        for b in BASES_UP:
            if self.bases[b] is None:
                self.bases[b] = moving
                moving = None
                break
            self.bases[b], moving = moving, self.bases[b]
        if moving is not None:
            runs.append(moving)
        self._score(runs, rbi_batter=bid, earned_play=True)

    def _strikeout(self, bid: str, swinging_runner_check: bool) -> None:
        """A strikeout: the batter's line, the pitcher's, the catcher's putout and the out."""
        half = self.half
        # _bat_line and _fld_at, in place (some seventeen strikeouts a game): the batter's line
        # is made when he enters the order
        box = self.box
        bl = self.bat.get(bid) if box else self._no_bat
        if bl is None:
            bl = self._bat_line(half, bid)
        dfn = self.sides[1 - half]
        pl = self.pit[dfn.pitcher]
        bl[PA] = bl[PA] + 1
        bl[AB] = bl[AB] + 1
        bl[SO] = bl[SO] + 1
        pl[P_SO] = pl[P_SO] + 1
        pl[P_BF] = pl[P_BF] + 1
        if box:
            catcher = dfn.positions["C"]
            fc = self.fld.get(catcher)
            if fc is None:
                fc = self._fld(dfn.index, catcher)
            fc[F_PO] = fc[F_PO] + 1
        self._record_outs(1)     # _out, in place
        if not self.quiet:
            self.record("K")

    def _record_outs(self, n: int) -> None:
        """`n` outs for the defense: the inning's count, the pitcher's line, the scorer's book."""
        if not n:
            return
        self.outs += n
        self.outs_now += n
        dfn = self.sides[1 - self.half]
        pl = self.pit[dfn.pitcher]
        pl[P_OUTS] = pl[P_OUTS] + n
        if self.box:
            self.book.out(dfn.index, n)

    def _out(self, n: int) -> None:
        """Outs made off the batter's play (a strikeout, a runner caught); its record, made after
        the outs are counted, shows the outs after the play."""
        self._record_outs(n)

    def _score(self, runners: list[Runner], rbi_batter: str | None, earned_play: bool,
               pb: bool = False, full: bool = False) -> int:
        """Credit the runs of these runners, given lead runner first (they cross the plate in that
        order, rules C.2): runs, RBI, runs and earned runs of the pitchers charged with them.

        In the last inning the game ends when the winning run scores (9.06(f)): the runners behind
        it do not score and stay on the bases, unless `full` (a home run over the fence, 9.06(g)).
        Returns the number of runs that counted."""
        if not runners:
            return 0
        off = self.sides[self.half]
        n = 0
        if not full and self._walk_off_cap():
            need = self.winning_runs_needed()
            runners, left = runners[:need], runners[need:]
            self._leave_on_base(left)
        box = self.box
        for rn in runners:
            score = self.score
            score[off.index] = score[off.index] + 1
            inning = self.line[off.index]
            inning[-1] = inning[-1] + 1
            pl = self._pit_line(rn.charged)
            pl[P_R] = pl[P_R] + 1
            earned = rn.earned and earned_play and not pb and self.outs + self.phantom_outs < 3
            if earned:
                pl[P_ER] = pl[P_ER] + 1
            if box:
                # _bat_line, in place: a runner and the batter have their lines (made when
                # they entered the order)
                bat = self.bat
                rl = bat.get(rn.pid)
                if rl is None:
                    rl = self._bat_line(off.index, rn.pid)
                rl[R] += 1
                if rbi_batter:
                    bl = bat.get(rbi_batter)
                    if bl is None:
                        bl = self._bat_line(off.index, rbi_batter)
                    bl[RBI] += 1
            n += 1
            if not self.quiet:
                self.scored_now.append((rn.pid, rn.charged))
            if box:
                self.book.run(off.index, rn.pid, rn.charged, (self.score[0], self.score[1]))
        return n

    def _leave_on_base(self, runners: list[Runner]) -> None:
        """Runners whose run does not count (the game or the inning ended first) stay on the
        bases, the lead one furthest on: no runner leaves the field except by an out or a run."""
        free = [b for b in LEAD_FIRST if self.bases[b] is None]
        for rn, b in zip(runners, free):
            self.bases[b] = rn

    def _walk_off_cap(self) -> bool:
        """The home team bats in the last inning (or later) and is not ahead: a run may end it."""
        return self.half == 1 and self.inning >= self.opt["innings"] and self.score[1] <= self.score[0]

    def winning_runs_needed(self) -> int:
        """Runs the home team needs to win now (the last one is the winning run)."""
        return self.score[0] - self.score[1] + 1

    # ------------------------------------------------------------------ result
    def scoring_record(self):
        """The official scorer's record of the game so far (league/engine/scoring.py)."""
        return self.book.record((len(self.line[1]), len(self.line[0])))

    def _result(self) -> GameResult:
        winner = None if self.score[0] == self.score[1] else (0 if self.score[0] > self.score[1] else 1)
        pitching = [(s.index, pid, self.pit[pid]) for s in self.sides for pid in s.pitchers_used]
        if not self.box:
            # no batting, fielding or decisions: the score, the pitchers' lines, the accidents
            return GameResult(
                away=self.sides[0].team, home=self.sides[1].team, innings=self.line,
                runs=list(self.score), hits=list(self.hits), errors=list(self.errs), batting=[],
                pitching=pitching, decisions={}, home_runs=self.home_runs,
                players=self.players, winner=winner, final_inning=self.inning,
                notes=self.notes, fielding=[], lineups=self.lineups, fatigue=self.fatigue_in,
                raws=self.raws, injuries=self.injuries, hurt=self.hurt_in, splits=[],
                version=self.version, recording=self.recording,
            )
        decisions = decide(self.scoring_record())
        batting = [(side, pid, self.bat[pid], self.pos_text.get(pid, pos))
                   for side, pid, pos in self.bat_order]
        # everyone who played in the field has a fielding line, even an empty one
        fld = self.fld
        for side, pid, pos in self.bat_order:
            if pid not in fld and self.pos_text.get(pid, pos) not in ("PH", "PR", "DH", ""):
                self._fld(side, pid)
        for s in self.sides:
            for pid in s.pitchers_used:
                if pid not in fld:
                    self._fld(s.index, pid)
        fielding = [(side, pid, self.fld[pid]) for side, pid in self.fld_order]
        return GameResult(
            away=self.sides[0].team, home=self.sides[1].team, innings=self.line,
            runs=list(self.score), hits=list(self.hits), errors=list(self.errs), batting=batting,
            pitching=pitching, decisions=decisions, home_runs=self.home_runs,
            players=self.players, winner=winner, final_inning=self.inning,
            notes=self.notes, fielding=fielding, lineups=self.lineups, fatigue=self.fatigue_in,
            raws=self.raws, injuries=self.injuries, hurt=self.hurt_in,
            splits=self._splits() if self.want_splits else [],
            version=self.version, recording=self.recording,
        )

    def _stint(self, side: Side, new: str) -> None:
        """A new pitcher of `side`: when he throws with the other hand than its last stretch,
        a stretch of his hand starts with the other side's batting lines as he comes in
        (pitchers of one hand in a row are one stretch of the splits: no copy for them; an
        injury never changes the hand a man throws with)."""
        hand = self.players[new].throws
        if hand == side.stints[-1][0]:
            return
        side.stints.append((hand, {pid: line[:] for (s, pid, _pos), line
                                   in zip(self.bat_order, self.bat.values()) if s != side.index}))

    def _splits(self) -> list[tuple[int, str, str, list[int]]]:
        """Each batter's line against left- and right-handed pitchers: the difference of his
        line between the start and the end of each stretch of one hand of the other side."""
        zero = [0] * BAT_WIDTH
        bat = self.bat
        # (batter, side, [(hand, line)]) for each batter with a line against some hand
        rows: list[tuple[str, int, list[tuple[str, list[int]]]]] = []
        for dfn in self.sides:
            stints = dfn.stints
            n = len(stints)
            # one stretch from the first pitch (every pitcher of one hand: most games' sides):
            # each batter's whole line is his line against that hand
            whole = n == 1 and not stints[0][1]
            # each stretch's hand, the lines as it started and as it ended (None: the lines at
            # the end of the game), paired once a side, not once a batter
            spans: list[tuple[str, dict[str, list[int]], dict[str, list[int]] | None]] = [
                (stints[k][0], stints[k][1], stints[k + 1][1] if k + 1 < n else None)
                for k in range(n)]
            for s, bid, _pos in self.bat_order:
                if s == dfn.index:
                    continue
                line = bat[bid]
                if whole:
                    if line != zero:
                        rows.append((bid, s, [(stints[0][0], line[:])]))
                    continue
                # one stretch after another, each of the other hand than the one before
                # (_stint): the batter's line at its end less his line at its start
                hands: dict[str, list[int]] = {}
                for hand, start, end in spans:
                    last = line if end is None else end.get(bid, zero)
                    first = start.get(bid, zero)
                    if last == first:
                        continue
                    acc = hands.get(hand)
                    # comprehensions over zip: native loops in the compiled build (map with
                    # operator's functions called each one through Python, ~7,000 instructions a
                    # line), about as fast as map in pure Python
                    if acc is None:
                        hands[hand] = (last[:] if first is zero
                                       else [a - b for a, b in zip(last, first)])
                    else:
                        hands[hand] = [c + a - b for c, a, b in zip(acc, last, first)]
                if hands:
                    rows.append((bid, s, [(h, hands[h]) for h in
                                          (hands if len(hands) == 1 else sorted(hands))]))
        # by batter (a batter bats for one side: no two rows have the same), then hand
        rows.sort()
        out: list[tuple[int, str, str, list[int]]] = []
        for bid, s, lines in rows:
            for hand, line in lines:
                out.append((s, bid, hand, line))
        return out
