"""Official scoring of the pitchers' decisions, by NPB's rules: win and loss (公認野球規則 9.17),
save (9.19), hold and HP (NPB's definition, 2005–).

Scoring is a pure function over a game's scoring record: who pitched and when (`Stint`) and every
run in the order it crossed the plate (`RunScored`; the lead runner crosses first, rules C.2), each
run charged to the pitcher who put that runner on base. A `ScoringBook` builds the record as the
game goes; tests build one from a described game with the same calls. docs/scoring.md states every
rule and the readings where the rulebook leaves the choice to the official scorer.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


class Stint(NamedTuple):
    """One pitcher's time on the mound (a pitcher pitches once in a game). A tuple, as
    `RunScored`: every game makes some twenty of them."""

    side: int                   # 0 away, 1 home
    pitcher: str
    starter: bool
    score_in: tuple[int, int]   # (away, home) when he took the mound
    runners_in: int             # runners on base when he took the mound
    runs_in: int                # runs of the game (both sides) that had crossed when he came in
    runs_out: int               # ... and when he left (or the game ended)
    outs: int                   # outs recorded while he pitched

    def lead_in(self) -> int:
        """His team's lead when he came in (negative when behind)."""
        return self.score_in[self.side] - self.score_in[1 - self.side]


class RunScored(NamedTuple):
    """A run, in the order runs crossed the plate."""

    side: int                  # the side that scored
    runner: str
    charged: str               # the pitcher charged with it: who put the runner on base
    score: tuple[int, int]     # (away, home) after it
    of_record: str             # the scoring side's pitcher of record at that moment
    pitching: str              # the pitcher on the mound against it


@dataclass(frozen=True, slots=True)
class ScoringRecord:
    """What the official scorer needs of a finished game."""

    stints: tuple[Stint, ...]
    runs: tuple[RunScored, ...]
    final: tuple[int, int]
    innings_defended: tuple[int, int]   # innings each side was in the field (for 9.17(b))

    @property
    def winner(self) -> int | None:
        a, h = self.final
        return None if a == h else (0 if a > h else 1)


@dataclass
class ScoringBook:
    """Builds a ScoringRecord as a game goes: pitchers entering, runs crossing, outs recorded."""

    score: list[int] = field(default_factory=lambda: [0, 0])
    _stints: list[dict] = field(default_factory=list)
    _runs: list[RunScored] = field(default_factory=list)
    _current: dict[int, dict] = field(default_factory=dict)

    def __init__(self, score: list[int] | None = None, _stints: list[dict] | None = None,
                 _runs: list[RunScored] | None = None,
                 _current: dict[int, dict] | None = None) -> None:
        # written out: the compiled build makes a dataclass with default factories through its
        # Python-level __init__ (one a game, the odds' too), this one natively
        self.score = [0, 0] if score is None else score
        self._stints = [] if _stints is None else _stints
        self._runs = [] if _runs is None else _runs
        self._current = {} if _current is None else _current

    def enter(self, side: int, pitcher: str, runners: int = 0,
              score: tuple[int, int] | None = None) -> None:
        """`pitcher` takes the mound for `side` with `runners` on base (and the game's `score`, when
        the caller keeps it)."""
        if score is not None:
            self.score = list(score)
        old = self._current.get(side)
        if old is not None:
            old["runs_out"] = len(self._runs)
        st = {"side": side, "pitcher": pitcher, "starter": old is None,
              "score_in": (self.score[0], self.score[1]), "runners_in": runners,
              "runs_in": len(self._runs), "runs_out": None, "outs": 0}
        self._stints.append(st)
        self._current[side] = st

    def out(self, side: int, n: int = 1) -> None:
        """`side`'s pitcher on the mound records `n` outs."""
        self._current[side]["outs"] += n

    def run(self, side: int, runner: str, charged: str, score: tuple[int, int] | None = None) -> None:
        """A run for `side`, charged to `charged` (who put the runner on base); `score` is the
        score after it, when the caller keeps it."""
        if score is None:
            self.score[side] += 1
        else:
            self.score = list(score)
        self._runs.append(RunScored(side, runner, charged, (self.score[0], self.score[1]),
                                    self._current[side]["pitcher"], self._current[1 - side]["pitcher"]))

    def record(self, innings_defended: tuple[int, int]) -> ScoringRecord:
        """The finished game's record."""
        end = len(self._runs)
        stints = tuple(Stint(s["side"], s["pitcher"], s["starter"], s["score_in"], s["runners_in"],
                             s["runs_in"], end if s["runs_out"] is None else s["runs_out"], s["outs"])
                       for s in self._stints)
        return ScoringRecord(stints, tuple(self._runs), (self.score[0], self.score[1]),
                             innings_defended)


# ------------------------------------------------------------------------------------------ rules
def starter_needs(innings_defended: int) -> int:
    """9.17(b): outs a starter must complete for the win — 5 innings when his team defended 6 or
    more, 4 innings when it defended 5 (a shortened game)."""
    return 15 if innings_defended >= 6 else 12


def tying_run_near(lead: int, runners: int) -> bool:
    """9.19(d)(2): the tying run is on base, at bat or on deck — the lead is at most the runners
    on base plus two (the batter and the man on deck)."""
    return 0 < lead <= runners + 2


def _lead(score: tuple[int, int], side: int) -> int:
    return score[side] - score[1 - side]


def _charged_runs(rec: ScoringRecord, pitcher: str) -> list[RunScored]:
    return [r for r in rec.runs if r.charged == pitcher]


def most_effective(rec: ScoringRecord, relievers: list[Stint]) -> Stint:
    """9.17(b): the reliever "most effective in bringing about the win" (the scorer's judgement).

    The reading used (docs/scoring.md): a reliever who pitched at least one inning comes before one
    who did not (the rule's note: the win goes to a reliever who pitched an inning or got the
    decisive outs); then the most outs less three for each run charged to him; then the fewer runs;
    then the one who came in first.
    """
    def key(s: Stint) -> tuple:
        runs = len(_charged_runs(rec, s.pitcher))
        return (s.outs >= 3, s.outs - 3 * runs, -runs, -relievers.index(s))
    return max(relievers, key=key)


def _opponent_runs(rec: ScoringRecord, s: Stint) -> list[RunScored]:
    return [r for r in rec.runs[s.runs_in:s.runs_out] if r.side != s.side]


def _held(rec: ScoringRecord, s: Stint) -> bool:
    """While he pitched, the opponents never tied the game or went ahead."""
    return all(_lead(r.score, s.side) > 0 for r in _opponent_runs(rec, s))


def _lead_out(rec: ScoringRecord, s: Stint) -> int:
    score = rec.runs[s.runs_out - 1].score if s.runs_out > 0 else (0, 0)
    return _lead(score, s.side)


def save_situation_now(lead: int, runners: int) -> bool:
    """9.19(d) as it stands when a pitcher comes in with this lead and these runners on base: a
    lead of at most 3 (he must then pitch an inning, (d)(1)) or the tying run on base, at bat or
    on deck ((d)(2)). The computer manager brings his closer in for it (league.manager.computer);
    the third way, three effective innings, shows only afterwards (save_situation)."""
    return 0 < lead <= 3 or tying_run_near(lead, runners)


def save_situation(rec: ScoringRecord, s: Stint) -> bool:
    """9.19(d), for a pitcher's stint once pitched: entered with a lead of at most 3 and pitched at
    least one inning; or entered with the tying run on base, at bat or on deck; or pitched at
    least three innings effectively (the reading: the opponents never tied or led while he
    pitched). The situation as he comes in is save_situation_now's."""
    lead = s.lead_in()
    if lead <= 0:
        return False
    return ((lead <= 3 and s.outs >= 3)                 # (d)(1)
            or tying_run_near(lead, s.runners_in)       # (d)(2)
            or (s.outs >= 9 and _held(rec, s)))         # (d)(3)


def decide(rec: ScoringRecord) -> dict[str, str]:
    """{pitcher id: "W" | "L" | "S" | "H"}; a drawn game has holds only."""
    out: dict[str, str] = {}
    by_side = {side: [s for s in rec.stints if s.side == side] for side in (0, 1)}
    winner = rec.winner
    if winner is not None:
        # 9.17(a): the run that put the winner ahead for good — the last run after which it led by one
        go_ahead = next((r for r in reversed(rec.runs)
                         if r.side == winner and _lead(r.score, winner) == 1), None)
        if go_ahead is None:    # a game taken up part-way (a referee situation): no decisions
            return out
        stints = by_side[winner]
        win = next(s for s in stints if s.pitcher == go_ahead.of_record)
        relievers = stints[1:]
        if win.starter and win.outs < starter_needs(rec.innings_defended[winner]) and relievers:
            win = relievers[0] if len(relievers) == 1 else most_effective(rec, relievers)
        out[win.pitcher] = "W"
        out[go_ahead.charged] = "L"
        # 9.19: the finisher of the won game, not the winner, at least one out, in a save situation
        finisher = stints[-1]
        if (not finisher.starter and finisher.pitcher not in out and finisher.outs >= 1
                and save_situation(rec, finisher)):
            out[finisher.pitcher] = "S"
    for side in (0, 1):
        stints = by_side[side]
        for s in stints[1:-1]:     # neither the starter nor the pitcher who finished for his team
            if s.pitcher not in out and hold(rec, s):
                out[s.pitcher] = "H"
    return out


def hold(rec: ScoringRecord, s: Stint) -> bool:
    """A hold, NPB's definition: a reliever with at least one out, none of whose charged runs tied
    the game or put the opponents ahead (runners he left included), who either

    - came in with the lead in a save situation (lead ≤ 3 and an inning; the tying run on base,
      at bat or on deck; or three innings) and left with the lead held throughout, or
    - came in with the score tied and left with it still tied without a run scoring against him,
      or with the lead his team took while he pitched.

    Whether the team wins or loses afterwards does not matter. W, L, S and the finishing pitcher
    are decided by the caller.
    """
    if s.outs < 1:
        return False
    for r in _charged_runs(rec, s.pitcher):
        if _lead(r.score, r.side) >= 0:
            return False
    lead = s.lead_in()
    if lead < 0 or not _held(rec, s):
        return False
    if lead == 0:
        return _lead_out(rec, s) >= 0
    # came in with the lead: held it (above) in a save situation (9.19(d), save_situation's reading)
    return _lead_out(rec, s) > 0 and save_situation(rec, s)
