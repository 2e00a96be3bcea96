"""The rules referee: resolve ONE plate appearance from a request, with every roll explained.

People who play with the physical cards at a table give the situation (batter, pitcher and his
condition, the fielders, outs, inning, runners, score), the declared strategies, the answers to
the choices the rules give, and the raw rolls they made, in order. `referee` builds a game at that
moment, drives it with a manager that answers from the request, and returns a `RefereeReport`:
each step with its roll-log entries (rules C.4), the play texts, the outcome, the runners, outs,
runs and score after, which choices were asked, and warnings (rolls left over, answers unused).

Pure: no I/O. The request is a JSON-like dict (see docs/referee.md for the format):

    {"ruleset": "standard",                       # optional (the caller resolves it)
     "league": "sample_leagues/pacific",          # optional (the caller resolves it)
     "players": [{inline card}, ...],             # optional, cards not in the league
     "inning": 7, "half": "top", "outs": 1, "score": {"away": 2, "home": 3},
     "batter": "SAP05", "pitcher": "ORX16", "condition": "B",
     "fielders": {"C": "ORX01", "SS": "ORX05", ...},
     "runners": {"1": "SAP07"},
     "defense": {"strategy": "none", "aggressive": false},
     "offense": {"strategy": "steal", "base": 1},
     "choices": {"steal_go": true, "bonus": 1, "send": {"2": true}, ...},
     "rolls": [12, 56, "00"]}

A fielder not given is a *neutral fielder*: defence 0, no fine-play mark, no error mark (it
neither helps nor hurts the team values). The catcher must be given (the catcher table, the block
on X rolls). Every choice the rules give must be answered when it comes up; a missing answer, a
missing roll, or a strategy the situation does not allow is an error with one clear message.
"""
from __future__ import annotations

import dataclasses as dc
from dataclasses import dataclass, field
from typing import Any

from league.engine.cards import (
    BAT_COLUMNS,
    BAT_HANDS,
    CONDITIONS,
    FIELD_POSITIONS,
    HANDS,
    PITCH_COLUMNS,
    STABILITIES,
    BattingCard,
    CatcherRatings,
    Fielding,
    PitchingCard,
    Player,
    parse_bounds,
    parse_fielding,
)
from league.engine.dice import Roll, ScriptedDice
from league.engine.game import BASE_NAMES, Game, Runner
from league.engine.lineup import Lineup
from league.engine.ruleset import Ruleset
from league.errors import DecisionError, DiceError, LeagueError
from league.numbers import whole_number
from league.season.roster import INNINGS_RANGE, PITCHER_BAT_RE, RATING_RANGES, League

DEFENSE_STRATEGIES = ("none", "ibb", "infield_in")
OFFENSE_STRATEGIES = ("none", "bunt", "squeeze", "hit_and_run", "steal", "double_steal")
#: the answers a request may give, and what each one answers
CHOICES = {
    "steal_go": "a steal roll in the choice rows: go on to the catcher table (true) or stop (false)",
    "bonus": "a bonus: the base of the runner who steals on it, or null for none",
    "join_steal": "a double steal: does this later runner steal too (true / false)",
    "no_check": "a double steal: does the defense answer with no check (true / false)",
    "bunt_plus": "a bunt '+': \"all_safe\", or the base of the runner who takes an extra base",
    "bunt_out": "a failed bunt: who the defense puts out, \"batter\" or a runner's base",
    "send": "an H−/N− in the table result: does the runner try for the extra base (true / false)",
    "back_first": "a hit-and-run whose fly is caught: the bases of the runners in the order they "
                  "try to get back, e.g. [1, 2] (one answer each time two or more are still out)",
}
_OFFENSE_TEAM, _DEFENSE_TEAM = "OFF", "DEF"
_FILLER_BAT = "5 25 30 35 60 80 90 100"
_FILLER_PITCH = "10 20 50 55 60 75 90 100"


# ------------------------------------------------------------------------------------------ report
@dataclass
class Step:
    """One step of the plate appearance: the rolls and choices that led to one play text."""

    rolls: list[Roll] = field(default_factory=list)
    choices: list[dict] = field(default_factory=list)
    text: str = ""

    def as_dict(self) -> dict:
        return {"rolls": [r.as_dict() for r in self.rolls], "choices": list(self.choices),
                "text": self.text}


@dataclass
class RefereeReport:
    """Everything the referee found: the steps, the outcome and the situation after."""

    ruleset: str
    situation: dict
    steps: list[Step]
    outcome: str
    runners: dict[int, dict]          # base -> {"id", "name"} after the plate appearance
    outs: int
    runs: int                          # runs the offense scored in this plate appearance
    score: dict[str, int]              # {"away", "home"} after
    choices_asked: list[dict]
    rolls_used: int
    rolls_left: list[int]
    warnings: list[str]
    inning_over: bool
    game_over: bool

    @property
    def rolls(self) -> list[Roll]:
        return [r for s in self.steps for r in s.rolls]

    @property
    def plays(self) -> list[str]:
        return [s.text for s in self.steps if s.text]

    def as_dict(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "situation": self.situation,
            "steps": [s.as_dict() for s in self.steps],
            "outcome": self.outcome,
            "after": {
                "runners": {str(b): v for b, v in sorted(self.runners.items())},
                "outs": self.outs,
                "runs": self.runs,
                "score": dict(self.score),
                "inning_over": self.inning_over,
                "game_over": self.game_over,
            },
            "choices_asked": list(self.choices_asked),
            "rolls_used": self.rolls_used,
            "rolls_left": list(self.rolls_left),
            "warnings": list(self.warnings),
        }


def roll_text(r: Roll) -> str:
    """One roll-log entry in words: purpose, raw, modifiers with sources, modified, table, row, result."""
    text = f"{r.purpose} roll {r.raw}"
    if r.modifiers:
        text += " " + " ".join(f"{v:+d} {s}" for s, v in r.modifiers) + f" = {r.modified}"
    row = f" [{r.row}]" if r.row else ""
    return f"{text} -> {r.table}{row}: {r.result}"


def render(report: RefereeReport) -> list[str]:
    """The report in words: the situation, each step, then the outcome and the situation after."""
    s = report.situation
    lines = [f"Ruleset {report.ruleset}. {s['text']}"]
    for d in s["declared"]:
        lines.append(f"  declared: {d}")
    for i, step in enumerate(report.steps, start=1):
        lines.append(f"Step {i}: {step.text or '(no play)'}")
        for c in step.choices:
            lines.append(f"  choice {c['choice']}: {c['question']} -> {_answer_text(c['answer'])}")
        for r in step.rolls:
            lines.append(f"  {roll_text(r)}")
    lines.append(f"Outcome: {report.outcome}")
    runners = ", ".join(f"{BASE_NAMES[b]} {v['name']} ({v['id']})"
                        for b, v in sorted(report.runners.items())) or "bases empty"
    lines.append(f"After: {report.outs} out, runners: {runners}; runs scored: {report.runs}; "
                 f"score away {report.score['away']} - home {report.score['home']}")
    if report.inning_over:
        lines.append("The half-inning is over.")
    if report.game_over:
        lines.append("The game is over.")
    lines.append(f"Rolls used: {report.rolls_used}")
    for w in report.warnings:
        lines.append(f"Warning: {w}")
    return lines


def _answer_text(v: Any) -> str:
    if v is True:
        return "yes"
    if v is False:
        return "no"
    if v is None:
        return "none"
    return str(v)


# ------------------------------------------------------------------------------------------ game
class _RefereeGame(Game):
    """A game that keeps one timeline of rolls, choices and play texts, in the order they happen."""

    timeline: list[tuple[str, Any]]

    def log(self, purpose, raw, mods, modified, table, row, result) -> None:
        super().log(purpose, raw, mods, modified, table, row, result)
        self.timeline.append(("roll", self.rolls[-1]))

    def record(self, *args, **kwargs) -> None:
        made = len(self.plays)
        super().record(*args, **kwargs)
        if len(self.plays) > made:
            self.timeline.append(("play", self.plays[-1].text))


class _RefereeManager:
    """Both managers at once: declared strategies and answers, all from the request."""

    def __init__(self, defense: str, aggressive: bool, offense: tuple, choices: dict) -> None:
        self.defense = defense
        self.aggressive_on = aggressive
        self.offense = offense
        self.choices = choices
        self.used: set[str] = set()
        self.game: _RefereeGame | None = None
        self.asked: list[dict] = []
        self._lists: dict[str, list] = {}

    def _ask(self, name: str, question: str, base: int | None = None) -> Any:
        if name not in self.choices:
            raise DecisionError(
                f"choice {name!r} is needed but not given ({question}); add \"{name}\" to \"choices\"")
        v = self.choices[name]
        if isinstance(v, dict):
            key = next((k for k in (str(base), BASE_NAMES[base] if base is not None else None)
                        if k in v), None) if base is not None else None
            if key is None:
                raise DecisionError(
                    f"choice {name!r} is needed for the runner on {BASE_NAMES[base] if base else '?'} "
                    f"but not given ({question}); add \"{base}\" to \"choices\".{name}")
            v = v[key]
        elif isinstance(v, list):
            lst = self._lists.setdefault(name, list(v))
            if not lst:
                raise DecisionError(
                    f"choice {name!r} is needed once more than given ({question}); "
                    f"add another answer to \"choices\".{name}")
            v = lst.pop(0)
        self.used.add(name)
        entry = {"choice": name, "question": question, "answer": v}
        self.asked.append(entry)
        if self.game is not None:
            self.game.timeline.append(("choice", entry))
        return v

    def _bool(self, name: str, question: str, base: int | None = None) -> bool:
        v = self._ask(name, question, base)
        if not isinstance(v, bool):
            raise DecisionError(f"choice {name!r}: {v!r} is not true or false ({question})")
        return v

    def _base(self, v: Any, name: str, allowed: list[int],
              words: dict[str, int | None]) -> int | None:
        if isinstance(v, str) and v.strip().lower() in words:
            return words[v.strip().lower()]
        b = _base_of(v, f"choice {name!r}", allow_zero=False) if v is not None else None
        if b is None and None in words.values():
            return None
        if b not in allowed:
            where = ", ".join(BASE_NAMES[a] for a in allowed if a) or "none"
            raise DecisionError(f"choice {name!r}: {v!r} is not one of the runners it may name ({where})")
        return b

    def _runner(self, v: Any, name: str, allowed: list[int]) -> int:
        """A runner the answer must name (no word for none)."""
        b = self._base(v, name, allowed, {})
        if b is None:   # _base refuses what is not in `allowed`: None never comes back here
            raise DecisionError(f"choice {name!r}: {v!r} names no runner")
        return b

    # declarations
    def defense_call(self, game) -> str:
        return self.defense

    def offense_call(self, game) -> tuple:
        return self.offense

    def aggressive(self, game, table: str) -> bool:
        entry = {"choice": "aggressive", "question": f"aggressive defense on the {table} table",
                 "answer": self.aggressive_on}
        self.asked.append(entry)
        game.timeline.append(("choice", entry))
        return self.aggressive_on

    # choices
    def steal_go(self, game, base: int, roll: int) -> bool:
        return self._bool("steal_go", f"steal roll {roll} for the runner on {BASE_NAMES[base]}: "
                                      "go on to the catcher table (true) or stop (false)?", base)

    def bonus_steal(self, game, candidates: list[int]) -> int | None:
        names = ", ".join(BASE_NAMES[b] for b in candidates)
        v = self._ask("bonus", f"bonus: which runner steals on it ({names}), or null for none?")
        return self._base(v, "bonus", candidates, {"none": None, "": None})

    def join_steal(self, game, base: int) -> bool:
        return self._bool("join_steal", f"double steal: does the runner on {BASE_NAMES[base]} go too?",
                          base)

    def no_check(self, game) -> bool:
        return self._bool("no_check", "double steal: does the defense answer with no check?")

    def bunt_plus(self, game) -> int | None:
        runners = game.bunt_extra_base_runners()
        names = ", ".join(BASE_NAMES[b] for b in runners) or "none may: his next base is taken"
        v = self._ask("bunt_plus", f"bunt '+': all safe (\"all_safe\"), or the batter out and one "
                                   f"runner ({names}) takes an extra base?")
        return self._base(v, "bunt_plus", runners, {"all_safe": None, "all safe": None})

    def back_first(self, game, candidates: list[int]) -> int:
        names = ", ".join(BASE_NAMES[b] for b in candidates)
        v = self._ask("back_first", f"hit-and-run, the fly is caught: whose cross-play back comes "
                                    f"next ({names})?")
        return self._runner(v, "back_first", candidates)

    def bunt_out(self, game, candidates: list[int]) -> int:
        names = ", ".join("batter" if b == 0 else BASE_NAMES[b] for b in candidates)
        v = self._ask("bunt_out", f"the bunt fails: whom does the defense put out ({names})?")
        if isinstance(v, str) and v.strip().lower() in ("batter", "0"):
            return 0
        if v == 0:
            return 0
        return self._runner(v, "bunt_out", candidates)

    def send(self, game, base: int, target: int) -> bool:
        where = "home" if target >= 4 else BASE_NAMES[target]
        return self._bool("send", f"the runner from {BASE_NAMES[base]} may try for {where} "
                                  "with a cross-play: send him (true) or hold (false)?", base)

    # substitutions are not part of one plate appearance
    def change_pitcher(self, game, inning_start: bool) -> None:
        return None

    def reliever(self, game, side) -> None:
        return None

    def pinch_hitter(self, game) -> None:
        return None

    def pinch_runner(self, game) -> None:
        return None

    def defensive_sub(self, game, inning_start: bool) -> None:
        return None


# ------------------------------------------------------------------------------------------ input
def _base_of(v: Any, what: str, allow_zero: bool = False) -> int:
    if isinstance(v, bool):
        raise LeagueError(f"{what}: {v!r} is not a base (1, 2 or 3)")
    if isinstance(v, int):
        b = v
    elif isinstance(v, str):
        t = v.strip().lower()
        names = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3}
        if t in names:
            b = names[t]
        elif (number := whole_number(t)) is not None:
            b = number
        else:
            raise LeagueError(f"{what}: {v!r} is not a base (1, 2 or 3)")
    else:
        raise LeagueError(f"{what}: {v!r} is not a base (1, 2 or 3)")
    if not (0 if allow_zero else 1) <= b <= 3:
        raise LeagueError(f"{what}: {v!r} is not a base (1, 2 or 3)")
    return b


def _int(req: dict, key: str, default: int, lo: int, hi: int) -> int:
    v = req.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise LeagueError(f"{key}: {_short(v)} is not a whole number {lo}..{hi}")
    return v


def _short(value: Any) -> str:
    """A value as the request gave it, cut short (a number of a thousand digits, a long list)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _card_value(card: dict, key: str, what: str) -> str:
    if key not in card or card[key] is None:
        raise LeagueError(f"{what}: missing {key!r}")
    return str(card[key]).strip()


def _rating(card: dict, key: str, what: str, default: int | None = None) -> int:
    if key not in card and default is not None:
        return default
    v = card.get(key)
    n = v if isinstance(v, int) and not isinstance(v, bool) else (
        whole_number(v, signed=True) if isinstance(v, str) else None)
    if n is None:
        raise LeagueError(f"{what}: {key} {v!r} is not a whole number")
    lo, hi = RATING_RANGES[key]
    if not lo <= n <= hi:
        raise LeagueError(f"{what}: {key} {n} is outside {lo}..{hi}")
    return n


def inline_player(card: dict, team: str = "---") -> Player:
    """A player from an inline card: the fields of batters.csv and/or pitchers.csv (see docs)."""
    if not isinstance(card, dict):
        raise LeagueError(f"a player card must be an object, not {card!r}")
    pid = str(card.get("id") or "").strip()
    if not pid:
        raise LeagueError(f"an inline card needs an \"id\": {card!r}")
    what = f"player {pid}"
    name = str(card.get("name") or pid)
    throws = str(card.get("throws", "R")).upper()
    bats = str(card.get("bats", throws)).upper()
    if throws not in HANDS:
        raise LeagueError(f"{what}: throws {throws!r} is not one of {', '.join(HANDS)}")
    if bats not in BAT_HANDS:
        raise LeagueError(f"{what}: bats {bats!r} is not one of {', '.join(BAT_HANDS)}")
    has_bat = "batting" in card or all(c in card for c in BAT_COLUMNS)
    has_pitch = all(c in card for c in CONDITIONS)
    if not has_bat and not has_pitch:
        raise LeagueError(f"{what}: an inline card needs batting bounds ({' '.join(BAT_COLUMNS)}, "
                          f"or \"batting\": \"5 28 34 ...\") or pitching rows (A B C D)")
    batting = None
    fielding: tuple[Fielding, ...] = ()
    catcher = None
    if has_bat:
        text = card["batting"] if "batting" in card else " ".join(str(card[c]) for c in BAT_COLUMNS)
        if isinstance(text, list):
            text = " ".join(str(t) for t in text)
        bounds = parse_bounds(str(text), BAT_COLUMNS, f"{what}, batting")
        bt, rr, sr, dp = (_rating(card, k, what, 0 if k == "DP" else None)
                          for k in ("BT", "RR", "SR", "DP"))
        batting = BattingCard(bounds, bt, rr, sr, dp)
        fielding = parse_fielding(str(card.get("positions", "")), f"{what}, positions")
        if any(f.position == "C" for f in fielding):
            catcher = CatcherRatings(*(_rating(card, k, f"{what} (a catcher)") for k in ("arm", "block", "lead")))
    pitching = None
    if has_pitch:
        rows = {c: parse_bounds(" ".join(map(str, card[c])) if isinstance(card[c], list) else str(card[c]),
                                PITCH_COLUMNS, f"{what}, row {c}") for c in CONDITIONS}
        stability = str(card.get("stability", "B")).upper()
        if stability not in STABILITIES:
            raise LeagueError(f"{what}: stability {stability!r} is not one of {', '.join(STABILITIES)}")
        try:
            innings = float(card.get("innings", 6))
        except (TypeError, ValueError):
            raise LeagueError(f"{what}: innings {card.get('innings')!r} is not a number") from None
        if not INNINGS_RANGE[0] <= innings <= INNINGS_RANGE[1]:
            raise LeagueError(f"{what}: innings {innings:g} is outside {INNINGS_RANGE[0]:g}..{INNINGS_RANGE[1]:g}")
        starter = _rating(card, "starter", what, 0)
        rest = _rating(card, "rest", what, 0)
        bat = str(card.get("bat", "own" if has_bat else "C")).strip()
        if bat.lower() == "own":
            if not has_bat:
                raise LeagueError(f"{what}: bat = own needs batting bounds on the card")
            bat_rank = None
        elif PITCHER_BAT_RE.match(bat.upper()):
            bat_rank = bat.upper()
            if has_bat:
                raise LeagueError(f"{what}: a card with its own batting bounds has bat = own, not {bat!r}")
        else:
            raise LeagueError(f"{what}: bat {bat!r} is not a pitcher batting rank (A, B, C, with +) or own")
        pitching = PitchingCard(rows, stability, innings, starter, rest, bat_rank)
        pf = parse_fielding(str(card.get("fielding", "P0")), f"{what}, fielding")
        if not any(f.position == "P" for f in pf):
            raise LeagueError(f"{what}: a pitcher's fielding needs a P entry, like P2")
        fielding = pf + tuple(f for f in fielding if f.position != "P")
    return Player(pid, name, team, bats, throws, batting, pitching, fielding, catcher,
                  str(card.get("rank", "B")).upper())


def _filler(n: int, team: str, fielding: tuple[Fielding, ...] | None = None) -> Player:
    bat = BattingCard(parse_bounds(_FILLER_BAT, BAT_COLUMNS, "filler"), 2, 2, 10, 5)
    row = parse_bounds(_FILLER_PITCH, PITCH_COLUMNS, "filler")
    pitching = PitchingCard({c: row for c in CONDITIONS}, "B", 6.0, 6, 5, None)
    if fielding is None:
        fielding = tuple(Fielding(p, 0) for p in FIELD_POSITIONS)
    return Player(f"_{team.lower()}{n}", "(neutral fielder)" if team == _DEFENSE_TEAM else f"(batter {n})",
                  team, "R", "R", bat, pitching, fielding, None)


def _declared_defense(req: dict) -> tuple[str, bool]:
    d = req.get("defense", "none")
    if d is None:
        d = "none"
    aggressive = False
    infield_in_flag = False
    if isinstance(d, dict):
        unknown = sorted(set(d) - {"strategy", "aggressive", "infield_in"})
        if unknown:
            raise LeagueError(f"defense: unknown key {unknown[0]!r} (known: strategy, aggressive, infield_in)")
        aggressive = d.get("aggressive", False)
        if not isinstance(aggressive, bool):
            raise LeagueError(f"defense.aggressive: {aggressive!r} is not true or false")
        infield_in_flag = d.get("infield_in", False)
        if not isinstance(infield_in_flag, bool):
            raise LeagueError(f"defense.infield_in: {infield_in_flag!r} is not true or false")
        d = d.get("strategy", "none")
    names = d if isinstance(d, list) else [d]
    calls = []
    for s in names:
        if not isinstance(s, str) or s.strip().lower().replace("-", "_").replace(" ", "_") not in DEFENSE_STRATEGIES:
            raise LeagueError(f"defense: unknown strategy {s!r} (use {', '.join(DEFENSE_STRATEGIES)})")
        calls.append(s.strip().lower().replace("-", "_").replace(" ", "_"))
    if infield_in_flag:
        calls.append("infield_in")
    calls = [c for c in dict.fromkeys(calls) if c != "none"]
    if "ibb" in calls and "infield_in" in calls:
        raise DecisionError("the defense cannot declare both an intentional walk (ibb) and infield in")
    if len(calls) > 1:
        raise DecisionError(f"the defense may declare one strategy, not {' and '.join(calls)}")
    return (calls[0] if calls else "none"), aggressive


def _declared_offense(req: dict) -> tuple:
    o = req.get("offense", "none")
    if o is None:
        o = "none"
    extra: dict = {}
    if isinstance(o, dict):
        unknown = sorted(set(o) - {"strategy", "base", "first"})
        if unknown:
            raise LeagueError(f"offense: unknown key {unknown[0]!r} (known: strategy, base, first)")
        extra = o
        o = o.get("strategy", "none")
    if not isinstance(o, str):
        raise LeagueError(f"offense: {o!r} is not a strategy (use {', '.join(OFFENSE_STRATEGIES)})")
    kind = o.strip().lower().replace("-", "_").replace(" ", "_")
    if kind not in OFFENSE_STRATEGIES:
        raise LeagueError(f"offense: unknown strategy {o!r} (use {', '.join(OFFENSE_STRATEGIES)})")
    if kind == "steal":
        return ("steal", _base_of(extra["base"], "offense.base") if "base" in extra else None)
    if kind == "double_steal":
        first = extra.get("first", extra.get("base"))
        return ("double_steal", _base_of(first, "offense.first") if first is not None else None)
    return (kind,)


_REQUEST_KEYS = {"ruleset", "league", "players", "inning", "half", "outs", "score", "batter",
                 "pitcher", "condition", "fielders", "runners", "defense", "offense", "choices",
                 "rolls", "comment", "note", "title"}


# ------------------------------------------------------------------------------------------ referee
def referee(request: dict, *, league: League | None, ruleset: Ruleset) -> RefereeReport:
    """Resolve one plate appearance from `request` (see the module doc and docs/referee.md).

    Raises LeagueError (DecisionError for a choice or strategy, DiceError for a roll) with one
    clear message when the request cannot be resolved.
    """
    if not isinstance(request, dict):
        raise LeagueError("the request must be a JSON object")
    unknown = sorted(set(request) - _REQUEST_KEYS)
    if unknown:
        raise LeagueError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(_REQUEST_KEYS - {'comment', 'note', 'title'}))})")

    # players: inline cards first, then the league
    inline: dict[str, Player] = {}
    raw_players = request.get("players", [])
    if isinstance(raw_players, dict):
        raw_players = [dict(v, id=k) if isinstance(v, dict) else v for k, v in raw_players.items()]
    if not isinstance(raw_players, list):
        raise LeagueError("players: expected a list of inline cards")
    for card in raw_players:
        p = inline_player(card)
        if p.id in inline:
            raise LeagueError(f"players: id {p.id!r} is given twice")
        inline[p.id] = p

    def lookup(ref: Any, role: str) -> Player:
        if isinstance(ref, dict):
            p = inline_player(ref)
            inline.setdefault(p.id, p)
            return p
        if not isinstance(ref, str) or not ref.strip():
            raise LeagueError(f"{role}: {ref!r} is not a player id or an inline card")
        pid = ref.strip()
        if pid in inline:
            return inline[pid]
        if league is None:
            raise LeagueError(f"{role}: unknown player {pid!r} (no league, and no inline card with that id)")
        try:
            return league.player(pid)
        except LeagueError:
            raise LeagueError(f"{role}: unknown player {pid!r} (not in league {league.code} "
                              "and no inline card with that id)") from None

    # the situation
    inning = _int(request, "inning", 1, 1, 99)
    half_v = request.get("half", "top")
    half_map = {"top": 0, "bottom": 1, "表": 0, "裏": 1, 0: 0, 1: 1}
    if isinstance(half_v, bool) or half_v not in half_map:
        raise LeagueError(f"half: {half_v!r} is not \"top\" or \"bottom\"")
    half = half_map[half_v]
    outs = _int(request, "outs", 0, 0, 2)
    cond = str(request.get("condition", "B")).strip().upper()
    if cond not in CONDITIONS:
        raise LeagueError(f"condition: {request.get('condition')!r} is not one of A, B, C, D")
    score_v = request.get("score", {"away": 0, "home": 0})
    if not isinstance(score_v, dict) or set(score_v) != {"away", "home"}:
        raise LeagueError(f"score: {_short(score_v)} is not {{\"away\": N, \"home\": N}}")
    score = []
    for k in ("away", "home"):
        v = score_v[k]
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 999:
            raise LeagueError(f"score.{k}: {_short(v)} is not a whole number of runs (0..999)")
        score.append(v)
    if inning > ruleset.options["extra_innings"]:
        raise LeagueError(f"inning: {inning} is past the last extra inning "
                          f"({ruleset.options['extra_innings']}); the game is over")
    if half == 1 and inning >= ruleset.options["innings"] and score[1] > score[0]:
        raise LeagueError(f"score: the home team already leads in the bottom of inning {inning}; "
                          "the game is over")

    if "batter" not in request:
        raise LeagueError("batter: missing (a player id or an inline card)")
    if "pitcher" not in request:
        raise LeagueError("pitcher: missing (a player id or an inline card)")
    batter = lookup(request["batter"], "batter")
    pitcher = lookup(request["pitcher"], "pitcher")
    if pitcher.pitching is None:
        raise LeagueError(f"pitcher: {pitcher.name} ({pitcher.id}) has no pitcher card")

    runners_v = request.get("runners", {}) or {}
    if isinstance(runners_v, list):
        raise LeagueError("runners: expected an object base -> player, like {\"1\": \"SAP07\"}")
    if not isinstance(runners_v, dict):
        raise LeagueError(f"runners: {runners_v!r} is not an object base -> player")
    runners: dict[int, Player] = {}
    for k, v in runners_v.items():
        b = _base_of(k, f"runners key {k!r}")
        if v is None:
            continue
        if b in runners:
            raise LeagueError(f"runners: {BASE_NAMES[b]} is given twice")
        runners[b] = lookup(v, f"runners.{k}")

    fielders_v = request.get("fielders", {}) or {}
    if not isinstance(fielders_v, dict):
        raise LeagueError("fielders: expected an object position -> player, like {\"C\": \"ORX01\"}")
    fielders: dict[str, Player] = {}
    for k, v in fielders_v.items():
        pos = str(k).strip().upper()
        if pos not in FIELD_POSITIONS or pos == "P":
            raise LeagueError(f"fielders: {k!r} is not a fielding position (C 1B 2B 3B SS LF CF RF; "
                              "the pitcher is \"pitcher\")")
        p = lookup(v, f"fielders.{pos}")
        if p.fielding_at(pos) is None:
            have = " ".join(f.text() for f in p.fielding) or "none"
            raise LeagueError(f"fielders.{pos}: {p.name} ({p.id}) cannot play {pos} (positions: {have})")
        fielders[pos] = p
    if "C" not in fielders:
        raise LeagueError("fielders.C: the defense needs a catcher (his arm reads the catcher table)")

    # the two sides: the batter and runners bat, the pitcher and fielders field; a league
    # player is on his team's side (inline cards may stand on either side)
    sides = {"batting": [("batter", batter)] + [(f"runners.{b}", p) for b, p in sorted(runners.items())],
             "fielding": [("pitcher", pitcher)] + [(f"fielders.{k}", p) for k, p in fielders.items()]}
    team_of = {side: {p.team for _, p in ps if p.id not in inline} for side, ps in sides.items()}
    for side, other in (("batting", "fielding"), ("fielding", "batting")):
        for role, p in sides[side]:
            if p.id not in inline and p.team in team_of[other] and len(team_of[other]) == 1:
                raise LeagueError(f"{role}: {p.name} ({p.id}) plays for {p.team}, the "
                                  f"{other} side")
    for side, ps in sides.items():
        league_players = [(role, p) for role, p in ps if p.id not in inline]
        for role, p in league_players[1:]:
            if p.team != league_players[0][1].team:
                raise LeagueError(f"{role}: {p.name} ({p.id}) plays for {p.team}, not for "
                                  f"{league_players[0][1].team} like the rest of the {side} side")

    everyone = [("batter", batter)] + [(f"runners.{b}", p) for b, p in sorted(runners.items())] \
        + [("pitcher", pitcher)] + [(f"fielders.{k}", p) for k, p in fielders.items()]
    seen: dict[str, str] = {}
    for role, p in everyone:
        if p.id in seen:
            raise LeagueError(f"{role}: {p.name} ({p.id}) is also {seen[p.id]}")
        seen[p.id] = role

    call_d, aggressive = _declared_defense(request)
    call_o = _declared_offense(request)
    _check_strategies(call_d, call_o, runners)
    if call_o[0] == "steal" and call_o[1] is None:
        call_o = ("steal", next(iter(runners)))

    choices = request.get("choices", {}) or {}
    if not isinstance(choices, dict):
        raise LeagueError("choices: expected an object, like {\"send\": true}")
    for k in choices:
        if k not in CHOICES:
            raise LeagueError(f"choices: unknown choice {k!r} (known: {', '.join(CHOICES)})")

    rolls_v = request.get("rolls", [])
    if not isinstance(rolls_v, list):
        raise LeagueError("rolls: expected a list of raw d100 rolls, like [34, 7, \"00\"]")
    try:
        dice = ScriptedDice(rolls_v)
    except DiceError as exc:
        raise DiceError(f"rolls: {exc}") from None

    # the game at this moment: the offense bats in slot 1; missing places are neutral fillers
    dh = batter.batting is not None
    off_team, def_team = _OFFENSE_TEAM, _DEFENSE_TEAM
    players: dict[str, Player] = {}

    def put(p: Player, team: str) -> str:
        players[p.id] = dc.replace(p, team=team)
        return p.id

    off_order = [put(batter, off_team)]
    off_pos = ["DH" if dh else "P"]
    for b, p in runners.items():
        put(p, off_team)
    fill = 0
    for pos in ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"):
        fill += 1
        off_order.append(put(_filler(fill, off_team), off_team))
        off_pos.append(pos)
    off_pitcher = batter.id if not dh else put(_filler(99, off_team), off_team)
    off_lineup = Lineup(off_team, tuple(off_order), tuple(off_pos), off_pitcher, (), ())

    def_order, def_pos = [], []
    put(pitcher, def_team)
    for n, pos in enumerate(("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF"), start=1):
        p = fielders.get(pos) or _filler(n, def_team, (Fielding(pos, 0),))
        def_order.append(put(p, def_team))
        def_pos.append(pos)
    if dh:
        def_order.append(put(_filler(9, def_team), def_team))
        def_pos.append("DH")
    else:
        def_order.append(pitcher.id)
        def_pos.append("P")
    def_lineup = Lineup(def_team, tuple(def_order), tuple(def_pos), pitcher.id, (), ())

    manager = _RefereeManager(call_d, aggressive, call_o, choices)
    away, home = (off_lineup, def_lineup) if half == 0 else (def_lineup, off_lineup)
    g = _RefereeGame(ruleset, players, away, home, manager, manager, dice, dh=dh)
    g.timeline = []
    manager.game = g
    g.inning, g.half, g.outs = inning, half, outs
    g.line = [[0] * inning, [0] * (inning - (1 if half == 0 else 0))]
    for half_of in (0, 1):
        if g.line[half_of]:
            g.line[half_of][0] = score[half_of]
    g.score = list(score)
    g.defense.condition = cond
    for b, p in runners.items():
        g.bases[b] = Runner(p.id, pitcher.id, True)
    before = list(g.score)

    try:
        g.plate_appearance()
    except DiceError as exc:
        raise DiceError(f"missing roll: {exc} (give every raw roll in order in \"rolls\")") from None

    # steps: the rolls and choices up to each play text
    steps: list[Step] = []
    cur = Step()
    for kind, item in g.timeline:
        if kind == "roll":
            cur.rolls.append(item)
        elif kind == "choice":
            cur.choices.append(item)
        else:
            cur.text = item
            steps.append(cur)
            cur = Step()
    if cur.rolls or cur.choices:
        steps.append(cur)

    off_index = half
    runs = g.score[off_index] - before[off_index]
    inning_over = g.outs >= 3
    game_over = g._walk_off()
    batter_done = g.offense.batting_index != 0
    outcome = steps[-1].text if steps and steps[-1].text else "nothing happened"
    if not batter_done:
        outcome += f" — the third out before {batter.name} finished his turn: he leads off next inning"
    if game_over:
        outcome += " — the game is over (walk-off)"
    after_runners = {b: {"id": r.pid, "name": g.name(r.pid)}
                     for b in (1, 2, 3) if (r := g.bases[b]) is not None}

    warnings = []
    left = list(rolls_v[dice.used:])
    if left:
        shown = ", ".join(str(x) for x in left)
        warnings.append(f"{len(left)} roll{'s' if len(left) > 1 else ''} left over unused: {shown}")
    for k in choices:
        if k not in manager.used:
            warnings.append(f"choice {k!r} was given but never asked")
    if aggressive and not any(c["choice"] == "aggressive" for c in manager.asked):
        warnings.append("aggressive defense was declared but never came up "
                        "(only on a ball in play other than a home run)")

    situation = _situation(request, batter, pitcher, cond, fielders, runners, inning, half, outs,
                           score, call_d, aggressive, call_o)
    return RefereeReport(
        ruleset=ruleset.name, situation=situation, steps=steps, outcome=outcome,
        runners=after_runners, outs=min(g.outs, 3), runs=runs,
        score={"away": g.score[0], "home": g.score[1]}, choices_asked=manager.asked,
        rolls_used=dice.used, rolls_left=[w if (w := whole_number(str(x))) is not None else x for x in left],
        warnings=warnings, inning_over=inning_over, game_over=game_over,
    )


def _check_strategies(call_d: str, call_o: tuple, runners: dict[int, Player]) -> None:
    """A strategy the situation does not allow is a DecisionError naming why."""
    kind = call_o[0]
    occupied = sorted(runners)
    if kind != "none" and call_d == "ibb":
        raise DecisionError(f"the offense cannot declare {kind.replace('_', '-')}: the defense "
                            "walks the batter intentionally (ibb), no pitch is thrown")
    if kind == "steal":
        if not occupied:
            raise DecisionError("steal: nobody is on base")
        base = call_o[1]
        if base is None:
            if len(occupied) > 1:
                raise DecisionError("steal: say which runner steals (\"offense\": "
                                    "{\"strategy\": \"steal\", \"base\": 1})")
            base = occupied[0]
        if base not in runners:
            raise DecisionError(f"steal: no runner on {BASE_NAMES[base]}")
        if base < 3 and base + 1 in runners:
            raise DecisionError(f"steal: the runner on {BASE_NAMES[base]} cannot steal "
                                f"{BASE_NAMES[base + 1]}: {BASE_NAMES[base + 1]} is taken")
    elif kind == "double_steal":
        if len(occupied) < 2:
            raise DecisionError("double steal: needs two or more runners on base")
        first = call_o[1]
        if first is not None:
            if first not in runners:
                raise DecisionError(f"double steal: no runner on {BASE_NAMES[first]} to go first")
            if first < 3 and first + 1 in runners:
                raise DecisionError(f"double steal: the runner on {BASE_NAMES[first]} cannot go "
                                    f"first: {BASE_NAMES[first + 1]} is taken")
    elif kind == "hit_and_run" and not occupied:
        raise DecisionError("hit-and-run: the bases are empty (it needs a runner on base)")
    elif kind == "bunt" and not occupied:
        raise DecisionError("bunt: the bases are empty (a bunt here is a sacrifice; it needs a runner)")
    elif kind == "squeeze" and 3 not in runners:
        raise DecisionError("squeeze: needs a runner on 3rd")


def _situation(request, batter, pitcher, cond, fielders, runners, inning, half, outs, score,
               call_d, aggressive, call_o) -> dict:
    half_text = "top" if half == 0 else "bottom"
    on = ", ".join(f"{BASE_NAMES[b]} {p.name} ({p.id})" for b, p in sorted(runners.items())) \
        or "bases empty"
    text = (f"{half_text.capitalize()} of inning {inning}, {outs} out, score away {score[0]} - "
            f"home {score[1]}. {batter.name} ({batter.id}) bats against {pitcher.name} "
            f"({pitcher.id}, condition {cond}); runners: {on}.")
    declared = []
    if call_d != "none" or aggressive:
        declared.append("defense: " + {"none": "nothing", "ibb": "intentional walk",
                                       "infield_in": "infield in"}[call_d]
                        + (", aggressive defense after the batting result" if aggressive else ""))
    if call_o[0] != "none":
        o = call_o[0].replace("_", "-")
        if call_o[0] == "steal":
            o += f" (runner on {BASE_NAMES[call_o[1]]})"
        elif call_o[0] == "double_steal" and call_o[1]:
            o += f" (runner on {BASE_NAMES[call_o[1]]} goes first)"
        declared.append(f"offense: {o}")
    return {
        "text": text,
        "inning": inning, "half": half_text, "outs": outs,
        "score": {"away": score[0], "home": score[1]},
        "batter": batter.id, "pitcher": pitcher.id, "condition": cond,
        "fielders": {k: p.id for k, p in fielders.items()},
        "runners": {str(b): p.id for b, p in sorted(runners.items())},
        "defense": {"strategy": call_d, "aggressive": aggressive},
        "offense": {"strategy": call_o[0], **({"base": call_o[1]} if len(call_o) > 1 and call_o[1] else {})},
        "declared": declared,
    }
