"""Standings in Japanese form: 試合 勝 敗 分 勝率 ゲーム差 貯金, streak, last 10 and tiebreaks.

勝率 leaves draws (分) out: W / (W + L). Games behind (ゲーム差) are counted from the leader or from
the team one place above (a league setting) and may be negative, since the order is by 勝率 and
not by games. Teams level on the first criterion of the tiebreak order are separated by the next
ones in turn; the row then shows the criterion that decided its place (e.g. "直接対決 7-5").
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from league.errors import LeagueError
from league.numbers import rate_text

GB_MODES = ("leader", "above")
TIEBREAKS = ("pct", "head_to_head", "wins", "losses", "savings", "run_diff", "runs_for",
             "runs_against", "code")
TIEBREAK_LABELS_JA = {"pct": "勝率", "head_to_head": "直接対決", "wins": "勝利数", "losses": "敗戦数",
                      "savings": "貯金", "run_diff": "得失点差", "runs_for": "得点",
                      "runs_against": "失点", "code": "チームコード順"}
TIEBREAK_LABELS_EN = {"pct": "PCT", "head_to_head": "head to head", "wins": "wins",
                      "losses": "losses", "savings": "+/-", "run_diff": "run differential",
                      "runs_for": "runs scored", "runs_against": "runs allowed",
                      "code": "team code order"}
MINUS = "\u2212"
LAST_N = 10


@dataclass(frozen=True)
class Outcome:
    """A finished game: number, day, teams and runs; equal runs is a draw (分)."""

    number: int
    day: date
    away: str
    home: str
    away_runs: int
    home_runs: int


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings table."""

    rank: int
    team: str
    games: int
    wins: int
    losses: int
    draws: int
    pct: float                 # 勝率 = W / (W + L); .000 with no decisions
    games_behind: float | None  # None on the top row
    savings: int               # 貯金 = W − L (negative is 借金)
    streak: str                # "3連勝", "2連敗", "1分", "-" before the first game
    last10: str                # "6-3-1" = W-L-D over the last ten games
    runs_for: int
    runs_against: int
    tiebreak: str | None       # the criterion that decided the place when level, else None


@dataclass
class _Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    runs_for: int = 0
    runs_against: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


def _pct(wins: int, losses: int) -> float:
    return wins / (wins + losses) if wins + losses else 0.0


def _result(o: Outcome, team: str) -> str:
    """'W', 'L' or 'D' for `team` in game `o`."""
    mine, theirs = (o.away_runs, o.home_runs) if team == o.away else (o.home_runs, o.away_runs)
    return "W" if mine > theirs else "L" if mine < theirs else "D"


def head_to_head(outcomes: Iterable[Outcome], a: str, b: str) -> tuple[int, int, int]:
    """Team `a`'s record against `b`: (wins, losses, draws)."""
    w = l_ = d = 0
    for o in outcomes:
        if {o.away, o.home} != {a, b} or a == b:
            continue
        r = _result(o, a)
        w, l_, d = w + (r == "W"), l_ + (r == "L"), d + (r == "D")
    return w, l_, d


def streak_text(results: Sequence[str]) -> str:
    """The current run of equal results, oldest first in `results`: "3連勝", "2連敗", "1分"."""
    if not results:
        return "-"
    last = results[-1]
    n = 0
    for r in reversed(results):
        if r != last:
            break
        n += 1
    if last == "D":
        return f"{n}分"
    word = "勝" if last == "W" else "敗"
    return f"{n}連{word}" if n > 1 else f"1{word}"


def streak_english(streak: str) -> str:
    """A streak as English tables write it: "3連勝" → "W3", "2連敗" → "L2", "1分" → "D1"."""
    for word, letter in (("連勝", "W"), ("連敗", "L"), ("勝", "W"), ("敗", "L"), ("分", "D")):
        if streak.endswith(word) and streak[:-len(word)].isdigit():
            return f"{letter}{streak[:-len(word)]}"
    return streak


def tiebreak_english(reason: str) -> str:
    """A tiebreak reason ("直接対決 7-5") with the criterion in English ("head to head 7-5")."""
    for key, ja in TIEBREAK_LABELS_JA.items():
        if reason == ja or reason.startswith(ja + " "):
            return TIEBREAK_LABELS_EN[key] + reason[len(ja):]
    return reason


def last_n_text(results: Sequence[str], n: int = LAST_N) -> str:
    """W-L-D over the last `n` results: "6-3-1"."""
    tail = results[-n:]
    return f"{tail.count('W')}-{tail.count('L')}-{tail.count('D')}"


def gb_text(gb: float | None, *, from_leader: bool = True) -> str:
    """Games behind as shown in a table: "-" for the top row, "1.5", "0.5", "−0.5". Counted from
    the leader, a team level with him (0 games behind, placed below on 勝率 or a tiebreak) is
    "-" as he is — nobody is ahead of it; counted from the team above (`from_leader` False) a
    level team is "0.0", as Japanese tables print the column すぐ上とのゲーム差."""
    if gb is None or (from_leader and gb == 0):
        return "-"
    if gb < 0:
        return f"{MINUS}{-gb:.1f}"
    return f"{gb:.1f}"


def savings_text(savings: int) -> str:
    """貯金 (W − L) as a table shows it: "+3", "-2" (借金 2), and "0" with no sign (a team at
    .500 has neither 貯金 nor 借金; "+0" read as a misprint)."""
    return f"{savings:+d}" if savings else "0"


def _games_behind(ahead: _Tally, me: _Tally) -> float:
    return ((ahead.wins - me.wins) + (me.losses - ahead.losses)) / 2


def _record_text(w: int, l_: int, d: int) -> str:
    return f"{w}-{l_}-{d}" if d else f"{w}-{l_}"


def standings(outcomes: Iterable[Outcome], teams: Sequence[str], *,
              games_behind_from: str = "leader",
              tiebreak: Sequence[str] = ("pct", "head_to_head", "wins", "run_diff", "code"),
              others: bool = False) -> tuple[StandingRow, ...]:
    """The standings table of `teams` after `outcomes`, best first.

    With `others`, games against teams not in `teams` count for the team that is (a league's
    table with its interleague games); without, every team of a game must be listed.

    `tiebreak` is the order of criteria; the first ranks the teams and the rest separate teams
    level on all before it ("head_to_head" compares 勝率 in the games among the level teams only).
    Teams still level after the last criterion share a rank and keep the order of `teams`.
    `games_behind_from` is "leader" (the top row) or "above" (the row just above).
    """
    if games_behind_from not in GB_MODES:
        raise LeagueError(f"games_behind_from must be one of {', '.join(GB_MODES)}, "
                          f"not {games_behind_from!r}")
    if not tiebreak:
        raise LeagueError(f"the tiebreak order is empty; use some of {', '.join(TIEBREAKS)}")
    for c in tiebreak:
        if c not in TIEBREAKS:
            raise LeagueError(f"unknown tiebreak {c!r}; use some of {', '.join(TIEBREAKS)}")
    if len(set(teams)) != len(teams):
        raise LeagueError("a team is listed twice in the standings")
    games = sorted(outcomes, key=lambda o: (o.day, o.number))
    tally = {t: _Tally() for t in teams}
    results: dict[str, list[str]] = {t: [] for t in teams}
    if others:
        games = [o for o in games if o.away in tally or o.home in tally]
    for o in games:
        for side in (o.away, o.home):
            if side not in tally and not others:
                raise LeagueError(f"game {o.number} on {o.day.isoformat()}: team {side!r} is not "
                                  f"in the standings ({', '.join(teams)})")
        if o.away == o.home:
            raise LeagueError(f"game {o.number} on {o.day.isoformat()}: {o.away} plays itself")
        for team, rf, ra in ((o.away, o.away_runs, o.home_runs), (o.home, o.home_runs, o.away_runs)):
            if team not in tally:
                continue
            t = tally[team]
            r = _result(o, team)
            t.wins += r == "W"
            t.losses += r == "L"
            t.draws += r == "D"
            t.runs_for += rf
            t.runs_against += ra
            results[team].append(r)

    def key_of(criterion: str, group: list[str]) -> Callable[[str], tuple]:
        """A sort key (smaller is better) for `criterion` within the level `group`."""
        if criterion == "head_to_head":
            def h2h(t: str) -> tuple:
                w = l_ = 0
                for other in group:
                    if other != t:
                        ow, ol, _ = head_to_head(games, t, other)
                        w, l_ = w + ow, l_ + ol
                return (-(w / (w + l_)) if w + l_ else -0.5,)
            return h2h
        simple: dict[str, Callable[[_Tally], float]] = {
            "pct": lambda x: -_pct(x.wins, x.losses), "wins": lambda x: -x.wins,
            "losses": lambda x: x.losses, "savings": lambda x: -(x.wins - x.losses),
            "run_diff": lambda x: -(x.runs_for - x.runs_against),
            "runs_for": lambda x: -x.runs_for, "runs_against": lambda x: x.runs_against}
        if criterion == "code":
            return lambda t: (t,)
        f = simple[criterion]
        return lambda t: (f(tally[t]),)

    def reason(criterion: str, team: str, group: list[str]) -> str:
        label = TIEBREAK_LABELS_JA[criterion]
        t = tally[team]
        if criterion == "head_to_head":
            w = l_ = d = 0
            for other in group:
                if other != team:
                    ow, ol, od = head_to_head(games, team, other)
                    w, l_, d = w + ow, l_ + ol, d + od
            return f"{label} {_record_text(w, l_, d)}"
        value = {"pct": rate_text(_pct(t.wins, t.losses)), "wins": str(t.wins),
                 "losses": str(t.losses), "savings": savings_text(t.wins - t.losses),
                 "run_diff": f"{t.runs_for - t.runs_against:+d}", "runs_for": str(t.runs_for),
                 "runs_against": str(t.runs_against)}.get(criterion)
        return f"{label} {value}" if value is not None else label

    # (team, shared-rank group id, deciding criterion)
    placed: list[tuple[str, int, str | None]] = []

    def split(group: list[str], level: int, decided: dict[str, str | None]) -> None:
        if len(group) == 1 or level == len(tiebreak):
            gid = len(placed)
            placed.extend((t, gid, decided[t]) for t in group)
            return
        criterion = tiebreak[level]
        key = key_of(criterion, group)
        parts: dict[tuple, list[str]] = {}
        for t in group:  # keeps the order of `teams` inside each part
            parts.setdefault(key(t), []).append(t)
        if level > 0 and len(parts) > 1 and any(tally[t].games for t in group):
            decided = {**decided, **{t: reason(criterion, t, group) for t in group}}
        for k in sorted(parts):
            split(parts[k], level + 1, decided)

    split(list(teams), 0, {t: None for t in teams})

    rows: list[StandingRow] = []
    first_of_group: dict[int, int] = {}
    for i, (team, gid, why) in enumerate(placed):
        rank = first_of_group.setdefault(gid, i + 1)
        t = tally[team]
        if i == 0:
            gb = None
        else:
            ahead = placed[0][0] if games_behind_from == "leader" else placed[i - 1][0]
            gb = _games_behind(tally[ahead], t)
        rows.append(StandingRow(rank=rank, team=team, games=t.games, wins=t.wins, losses=t.losses,
                                draws=t.draws, pct=_pct(t.wins, t.losses), games_behind=gb,
                                savings=t.wins - t.losses, streak=streak_text(results[team]),
                                last10=last_n_text(results[team]), runs_for=t.runs_for,
                                runs_against=t.runs_against, tiebreak=why))
    return tuple(rows)


def games_above(outcomes: Iterable[Outcome], teams: Sequence[str]
                ) -> dict[str, list[tuple[date, int]]]:
    """Each team's wins minus losses (貯金, games above .500) after each day it played, from the
    finished games in day order: the pennant race as the site and the Standings area chart it.
    A draw counts for nobody; a team's two games of one day make one point."""
    level = {t: 0 for t in teams}
    out: dict[str, list[tuple[date, int]]] = {t: [] for t in teams}
    for o in outcomes:
        for team, mine, theirs in ((o.away, o.away_runs, o.home_runs),
                                   (o.home, o.home_runs, o.away_runs)):
            if team not in level:
                continue
            level[team] += (mine > theirs) - (mine < theirs)
            points = out[team]
            if points and points[-1][0] == o.day:
                points[-1] = (o.day, level[team])
            else:
                points.append((o.day, level[team]))
    return out
