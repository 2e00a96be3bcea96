"""Pennant odds (優勝確率) and the magic number (マジックナンバー).

The odds: from the standings as they are, the rest of the season is played N times with the
computer managers (games that keep only what the odds need: the score, the pitchers' lines
for their rest, the accidents — no box score, play text or roll log), each run with its own seed derived
from the odds seed and the run number, so the result is the same however the runs are shared
out between processes. Each run ends in a final table ordered by the league's tiebreaks.

In a league of two leagues (セ・パ) each league has its own pennant: a run ends in each league's
table (its interleague games counted, as the standings count them), and the chances, the
ranks, the Climax Series places and the magic numbers are each league's own.

The magic number is exact, as the Japanese press counts it: the fewest of its remaining games a
team must win so that no rival can finish level with it or ahead on 勝率 (W / (W + L): draws
count for nobody), whatever else happens — its other remaining games lost, every rival winning
all it can, including its games against the team. It is shown (点灯) only once every other team
has lost 自力優勝, the pennant by winning all its own remaining games whatever the others do. A
draw is a game gone without a win, so it can lower the magic number. A level 勝率 would go to the
tiebreaks, so it is not yet a clinch.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from league.engine.ruleset import Ruleset
from league.season.margins import Z95, share_margin
from league.season.schedule import ScheduledGame
from league.season.standings import Outcome, standings
from league.season.state import SEED_STRIDE, SeasonState, play_scheduled

CLIMAX_PLACES = 3
RUN_STRIDE = 1_000_000


@dataclass(frozen=True)
class Record:
    """Wins, losses and draws."""

    wins: int
    losses: int
    draws: int = 0


@dataclass(frozen=True)
class Magic:
    """A team's magic number: None while it is not lit (another team still has 自力優勝, or
    winning out is not enough), 0 when the pennant is won; `rival` is the team that sets the
    number (対象チーム); `self_reliant` is 自力優勝: winning every remaining game wins the pennant."""

    team: str
    number: int | None
    rival: str | None
    remaining: int
    self_reliant: bool = False

    @property
    def clinched(self) -> bool:
        return self.number == 0


def _ahead(w1: int, l1: int, w2: int, l2: int) -> bool:
    """Is W1/(W1+L1) strictly above W2/(W2+L2)? (no decisions reads .000)"""
    d1, d2 = w1 + l1, w2 + l2
    if d1 == 0:
        return False
    if d2 == 0:
        return w1 > 0
    return w1 * d2 > w2 * d1


def magic_numbers(records: Mapping[str, Record], remaining: Iterable[tuple[str, str]],
                  teams: Sequence[str] | None = None) -> dict[str, Magic]:
    """Every team's magic number from the records and the games left (away, home).

    `teams` are the rivals for one pennant (a league's teams in a league of two leagues; all
    of `records` by default): games against other teams (交流戦) count in each team's record
    and games left, but those teams are nobody's rival."""
    teams = list(records) if teams is None else list(teams)
    left = {t: 0 for t in teams}
    between: dict[tuple[str, str], int] = {}
    for away, home in remaining:
        left[away] = left.get(away, 0) + 1
        left[home] = left.get(home, 0) + 1
        key = (away, home) if away < home else (home, away)
        between[key] = between.get(key, 0) + 1

    def meet(a: str, b: str) -> int:
        return between.get((a, b) if a < b else (b, a), 0)

    def self_reliant(b: str) -> bool:
        """Does `b` win the pennant by winning all its remaining games, whatever else happens?"""
        bw, bl = records[b].wins + left[b], records[b].losses
        for c in teams:
            if c == b:
                continue
            g = meet(b, c)
            if not _ahead(bw, bl, records[c].wins + left[c] - g, records[c].losses + g):
                return False
        return True

    reliant = {t: self_reliant(t) for t in teams}
    out: dict[str, Magic] = {}
    for a in teams:
        ra = left[a]
        ta = records[a]

        def threat(x: int) -> str | None:
            """The rival that can still finish level or ahead when `a` wins x and loses the rest."""
            aw, al = ta.wins + x, ta.losses + ra - x
            worst: tuple[int, int, str] | None = None
            for b in teams:
                if b == a:
                    continue
                tb, g = records[b], meet(a, b)
                beat_a = min(g, ra - x)      # a's losses go to b first
                bw = tb.wins + left[b] - g + beat_a
                bl = tb.losses + g - beat_a
                if not _ahead(aw, al, bw, bl):
                    if worst is None or _ahead(bw, bl, worst[0], worst[1]):
                        worst = (bw, bl, b)
            return None if worst is None else worst[2]

        number: int | None = None
        rival: str | None = None
        for x in range(ra + 1):
            t = threat(x)
            if t is None:
                number = x
                break
            rival = t
        lit = number == 0 or not any(reliant[b] for b in teams if b != a)
        if number is None or number == 0 or not lit:
            rival = None
        out[a] = Magic(a, number if lit else None, rival, ra, reliant[a])
    return out


def records_of(outcomes: Iterable[Outcome], teams: Sequence[str]) -> dict[str, Record]:
    w = {t: 0 for t in teams}
    lo = {t: 0 for t in teams}
    d = {t: 0 for t in teams}
    for o in outcomes:
        if o.away_runs > o.home_runs:
            w[o.away] += 1
            lo[o.home] += 1
        elif o.away_runs < o.home_runs:
            w[o.home] += 1
            lo[o.away] += 1
        else:
            d[o.away] += 1
            d[o.home] += 1
    return {t: Record(w[t], lo[t], d[t]) for t in teams}


# --- simulating the rest of the season ------------------------------------------------------------


@dataclass(frozen=True)
class OddsSetup:
    """Everything a run needs (sent once to each worker process)."""

    state: SeasonState
    ruleset: Ruleset
    teams: tuple[str, ...]
    played: tuple[Outcome, ...]
    pending: tuple[ScheduledGame, ...]
    seed: int
    # the leagues (リーグ) of a league of two, each (code, its teams), each with its own pennant;
    # empty: one table of every team
    leagues: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def groups(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The tables a pennant is won in: each league's, or one of every team."""
        return self.leagues or (("", self.teams),)


@dataclass(frozen=True)
class RunResult:
    """One simulated finish: each table's final order (first place first, in the order of
    OddsSetup.groups) and each team's record."""

    orders: tuple[tuple[str, ...], ...]
    records: tuple[tuple[int, int, int], ...]   # in the order of OddsSetup.teams


def run_seed(seed: int, run: int, number: int) -> int:
    """The dice seed of game `number` in run `run`: a function of the run, not of the worker."""
    return (seed * RUN_STRIDE + run) * SEED_STRIDE + number


def simulate_run(setup: OddsSetup, run: int) -> RunResult:
    """Play the rest of the season once (games without a box score: box=False) and return the
    final table."""
    state = dataclasses.replace(setup.state, rest=dict(setup.state.rest),
                                last=dict(setup.state.last), roster=setup.state.roster.copy(),
                                days=dict(setup.state.days), relief=dict(setup.state.relief),
                                starts=dict(setup.state.starts),
                                start_outs=dict(setup.state.start_outs))
    outcomes = list(setup.played)
    for slot in setup.pending:
        result, rest, starters = play_scheduled(state, setup.ruleset, slot.day, slot.away,
                                                slot.home, run_seed(setup.seed, run, slot.number),
                                                box=False)
        state.after_game(rest, starters, slot.day, result)
        outcomes.append(Outcome(slot.number, slot.day, slot.away, slot.home, result.runs[0],
                                result.runs[1]))
    orders = []
    rec: dict[str, tuple[int, int, int]] = {}
    two = len(setup.groups) > 1
    for _code, teams in setup.groups:
        # a league's table counts its teams' interleague games (others=True), as the standings do
        rows = standings(outcomes, list(teams), others=two)
        orders.append(tuple(r.team for r in rows))
        rec.update((r.team, (r.wins, r.losses, r.draws)) for r in rows)
    return RunResult(tuple(orders), tuple(rec[t] for t in setup.teams))


@dataclass(frozen=True)
class TeamOdds:
    """One team's odds: chances as fractions 0..1, the expected final record, its magic number."""

    team: str
    pennant: float
    climax: float
    ranks: tuple[float, ...]          # chance of finishing 1st, 2nd, …
    wins: float
    losses: float
    draws: float
    record: Record                    # as it stands
    magic: Magic
    league: str = ""                  # the league (リーグ) whose pennant it is ("" in one table)
    # the 95 % margins (half the width of the interval) of the pennant and Climax chances
    # (share_margin) and of the expected wins (1.96 standard errors of the runs' wins)
    pennant_margin: float = 0.0
    climax_margin: float = 0.0
    wins_margin: float = 0.0


@dataclass(frozen=True)
class OddsReport:
    """The odds of every team, best chance of the pennant first."""

    runs: int
    seed: int
    day: date | None                  # the last day played when the odds were taken
    played: int
    remaining: int
    climax_places: int
    teams: tuple[TeamOdds, ...]       # league by league, best chance of the pennant first
    leagues: tuple[tuple[str, tuple[str, ...]], ...] = ()   # as OddsSetup.leagues


def tally(setup: OddsSetup, results: Sequence[RunResult], *,
          climax_places: int = CLIMAX_PLACES) -> OddsReport:
    """Sum the runs into chances and expected records (with the magic numbers of today), each
    team's within its own league's table."""
    groups = setup.groups
    rank_counts = {t: [0] * len(teams) for _code, teams in groups for t in teams}
    totals = {t: [0, 0, 0, 0] for t in setup.teams}    # wins, losses, draws, wins squared
    for res in results:
        for order in res.orders:
            for i, t in enumerate(order):
                rank_counts[t][i] += 1
        for t, rec in zip(setup.teams, res.records):
            tot = totals[t]
            tot[0] += rec[0]
            tot[1] += rec[1]
            tot[2] += rec[2]
            tot[3] += rec[0] * rec[0]
    runs = len(results)
    # with no game left every run ends the same: the figures are exact, no margin
    sampled = runs if setup.pending else 10 ** 18
    records = records_of(setup.played, setup.teams)
    remaining = [(s.away, s.home) for s in setup.pending]
    div = runs or 1
    out = []
    places = min(climax_places, len(setup.teams))
    for code, teams in groups:
        magic = magic_numbers(records, remaining, teams)
        places = min(climax_places, len(teams))
        table = []
        for t in teams:
            rc = rank_counts[t]
            wins, sq = totals[t][0] / div, totals[t][3] / div
            # the wins' sample variance over the runs, then the standard error of their mean
            var = max(0.0, sq - wins * wins) * runs / (runs - 1) if runs > 1 else 0.0
            table.append(TeamOdds(t, rc[0] / div, sum(rc[:places]) / div,
                                  tuple(c / div for c in rc), wins,
                                  totals[t][1] / div, totals[t][2] / div, records[t], magic[t],
                                  code, share_margin(rc[0] / div, sampled),
                                  share_margin(sum(rc[:places]) / div, sampled),
                                  Z95 * math.sqrt(var / runs) if runs > 1 else 0.0))
        table.sort(key=lambda o: (-o.pennant, -o.climax, -o.wins, o.team))
        out += table
    last = max((o.day for o in setup.played), default=None)
    return OddsReport(runs, setup.seed, last, len(setup.played), len(setup.pending), places,
                      tuple(out), setup.leagues)
