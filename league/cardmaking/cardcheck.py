"""The closed loop of the card generator: play seasons, read their statistics back as stat
lines, make cards from them, play those cards, and compare player by player (issue 15).

Pure: seasons are played here with the same rules the stored season uses (rotation by rest,
carried fatigue, relievers still resting sit out, the computer's line-ups), without a database.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from league.cardmaking.cardgen import StatPlayer
from league.engine.dice import SeededDice
from league.engine.game import BAT_FIELDS, FIELD_FIELDS, PIT_FIELDS, GameResult
from league.engine.ruleset import Ruleset
from league.season.roster import League
from league.season.schedule import ScheduledGame
from league.season.simulate import players_of, replay_game
from league.season.state import SeasonState, game_seed, rest_after, slot_setup, team_lineup

_BAT_KEY = {"2b": "2b", "3b": "3b"}
FIELD_POS = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")

# the tolerances: (stat, tolerance, who)
TOLERANCES: tuple[tuple[str, float, str], ...] = (
    ("AVG", 0.020, "bat"), ("OBP", 0.020, "bat"), ("ISO", 0.025, "bat"),
    ("HR%", 0.6, "bat"), ("BB%", 1.5, "bat"), ("K%", 2.5, "bat"),
    ("K/9", 1.0, "pit"), ("BB/9", 0.8, "pit"), ("ERA", 0.6, "pit"),
)
REGULAR_PA = 400
REGULAR_IP = 100


@dataclass
class SeasonTotals:
    """Counting statistics of one or more seasons, by player and by team."""

    batting: dict[str, dict[str, float]] = field(default_factory=dict)
    pitching: dict[str, dict[str, float]] = field(default_factory=dict)
    fielding: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)
    runs: dict[str, list[int]] = field(default_factory=dict)       # team: [scored, allowed]
    games: dict[str, int] = field(default_factory=dict)
    seasons: int = 0

    def add(self, result: GameResult) -> None:
        teams = (result.away, result.home)
        for side, team in enumerate(teams):
            r = self.runs.setdefault(team, [0, 0])
            r[0] += result.runs[side]
            r[1] += result.runs[1 - side]
            self.games[team] = self.games.get(team, 0) + 1
        for _side, pid, line, pos in result.batting:
            b = self.batting.setdefault(pid, dict.fromkeys(("g", *BAT_FIELDS), 0.0))
            b["g"] += 1
            for k, v in zip(BAT_FIELDS, line):
                b[k] += v
            for part in pos.split("-"):
                if part in FIELD_POS and part != "P":
                    f = self.fielding.setdefault(pid, {}).setdefault(
                        part, dict.fromkeys(("g", "po", "a", "e", "dp", "pb", "sb", "cs"), 0.0))
                    f["g"] += 1
                    break
        first: dict[int, str] = {}
        for side, pid, line in result.pitching:
            started = first.setdefault(side, pid) == pid
            p = self.pitching.setdefault(pid, dict.fromkeys(
                ("g", "gs", "cg", "w", "l", "sv", "hld", "start_outs", *PIT_FIELDS), 0.0))
            p["g"] += 1
            p["gs"] += started
            for k, v in zip(PIT_FIELDS, line):
                p[k] += v
            if started:     # the outs of his starts (his relief outs: "outs" less these)
                p["start_outs"] += line[0]
            d = result.decisions.get(pid)
            if d in ("W", "L"):
                p[d.lower()] += 1
            elif d == "S":
                p["sv"] += 1
            elif d == "H":
                p["hld"] += 1
            f = self.fielding.setdefault(pid, {}).setdefault(
                "P", dict.fromkeys(("g", "po", "a", "e", "dp", "pb", "sb", "cs"), 0.0))
            f["g"] += 1
        per_side: dict[int, list[str]] = {}
        for side, pid, _ in result.pitching:
            per_side.setdefault(side, []).append(pid)
        for side, pids in per_side.items():
            if len(pids) == 1:
                self.pitching[pids[0]]["cg"] += 1
        # fielding counts go to the position the player played most that game (his first)
        pos_of = {pid: next((p for p in pos.split("-") if p in FIELD_POS), None)
                  for _s, pid, _l, pos in result.batting}
        for _side, pid, line in result.fielding:
            where = pos_of.get(pid) or ("P" if pid in self.pitching else None)
            if where is None:
                continue
            f = self.fielding.setdefault(pid, {}).setdefault(
                where, dict.fromkeys(("g", "po", "a", "e", "dp", "pb", "sb", "cs"), 0.0))
            vals = dict(zip(FIELD_FIELDS, line))
            f["po"] += vals["po"]
            f["a"] += vals["a"]
            f["e"] += vals["e"]
            f["dp"] += vals["dp"]
            f["pb"] += vals["pb"]
            f["sb"] += vals["sb_allowed"]
            f["cs"] += vals["cs"]


def play_season(league: League, ruleset: Ruleset, games: Sequence[ScheduledGame], seed: int, *,
                decide: League | None = None, totals: SeasonTotals | None = None,
                progress: Callable[[int, int], None] | None = None) -> SeasonTotals:
    """Play a season's schedule with computer managers under the season's rules
    (league/season/state.py: rotation by rest, carried fatigue, resting relievers sit out).

    With `decide`, every choice made before a game (the starter, who rests, the line-up) is
    made from that league's cards — the same playing time — and the game is played with the
    cards of `league` (players matched by id)."""
    totals = totals if totals is not None else SeasonTotals()
    totals.seasons += 1
    players = players_of(league)
    chooser = decide or league
    state = SeasonState(league=chooser, players=players_of(chooser))
    for k, g in enumerate(games):
        setup = slot_setup(state, g.day, g.away, g.home)
        dh = chooser.dh_for(g.home)   # the home team's league's rule
        # the regulars every day, no platoon in the line-ups or for pinch hitters (docs/cards.md,
        # "The closed loop"): the cards are checked on the most plate appearances a regular
        # gets, and made from lines without splits by the pitcher's hand (a platoon would be
        # read as the cards' error)
        result = replay_game(league, ruleset, team_lineup(state, g.away, setup, dh=dh, rests=False),
                             team_lineup(state, g.home, setup, dh=dh, rests=False),
                             SeededDice(game_seed(seed, g.number)), players,
                             fatigue=setup.fatigue, quiet=True, platoon=False)
        state.after_game(rest_after(state.players, result, g.day, setup.fatigue), setup.starters,
                         g.day, result)
        totals.add(result)
        if progress is not None:
            progress(k + 1, len(games))
    return totals


def stat_players(league: League, totals: SeasonTotals) -> list[StatPlayer]:
    """The season's statistics as the generator's input: one record per player who played."""
    out = []
    for team in league.teams:
        for p in team.players:
            b = totals.batting.get(p.id)
            pit = totals.pitching.get(p.id)
            if not b and not pit:
                continue
            bat = None
            if b:
                bat = {k: b[k] for k in ("g", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "sb",
                                         "cs", "sh", "sf", "bb", "ibb", "hbp", "so", "gidp")}
            pitch = None
            if pit:
                pitch = {k: pit[k] for k in ("g", "gs", "cg", "w", "l", "sv", "hld", "outs", "bf",
                                             "h", "hr", "bb", "ibb", "hbp", "so", "wp", "bk", "r",
                                             "er")}
            out.append(StatPlayer(p.id, p.name, p.team, p.bats, p.throws, bat, pitch,
                                  dict(totals.fielding.get(p.id, {}))))
    return out


# --------------------------------------------------------------------------------------------
# comparison


def batting_figures(b: Mapping[str, float]) -> dict[str, float] | None:
    if not b or b.get("pa", 0) <= 0 or b.get("ab", 0) <= 0:
        return None
    pa, ab = b["pa"], b["ab"]
    tb = b["h"] + b["2b"] + 2 * b["3b"] + 3 * b["hr"]
    obp_d = ab + b["bb"] + b["hbp"] + b["sf"]
    return {"PA": pa, "AVG": b["h"] / ab, "OBP": (b["h"] + b["bb"] + b["hbp"]) / obp_d if obp_d else 0.0,
            "ISO": (tb - b["h"]) / ab, "HR%": 100 * b["hr"] / pa, "BB%": 100 * b["bb"] / pa,
            "K%": 100 * b["so"] / pa}


def pitching_figures(p: Mapping[str, float]) -> dict[str, float] | None:
    if not p or p.get("outs", 0) <= 0:
        return None
    ip = p["outs"] / 3
    return {"IP": ip, "K/9": 9 * p["so"] / ip, "BB/9": 9 * p["bb"] / ip, "ERA": 9 * p["er"] / ip}


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rank correlation (average ranks for ties)."""
    def ranks(v: Sequence[float]) -> list[float]:
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2 + 1
            i = j + 1
        return r
    if len(a) < 2:
        return 1.0
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = math.sqrt(sum((x - ma) ** 2 for x in ra))
    vb = math.sqrt(sum((y - mb) ** 2 for y in rb))
    return cov / (va * vb) if va and vb else 1.0


@dataclass(frozen=True)
class PlayerCompare:
    key: str
    name: str
    team: str
    kind: str                                  # "bat" or "pit"
    original: dict[str, float]
    generated: dict[str, float]


@dataclass(frozen=True)
class CheckReport:
    """How the generated cards played against the lines they were made from."""

    players: tuple[PlayerCompare, ...]
    shares: dict[str, float]                   # stat -> share of players inside its tolerance
    counts: dict[str, int]                     # "bat" / "pit" -> players compared
    mean_error: dict[str, float]               # stat -> mean (generated − original)
    teams: tuple[tuple[str, float, float, float, float], ...]  # team, R, RA original, generated
    spearman_scored: float
    spearman_allowed: float
    seasons: int
    # the measures of a real season (`real_season_measures`), {} otherwise
    measures: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {
            **({"real_season": {k: round(v, 4) for k, v in self.measures.items()}}
               if self.measures else {}),
            "seasons": self.seasons,
            "players_compared": self.counts,
            "tolerances": {s: t for s, t, _ in TOLERANCES},
            "share_inside": {k: round(v, 3) for k, v in self.shares.items()},
            "mean_error": {k: round(v, 4) for k, v in self.mean_error.items()},
            "spearman": {"runs_scored": round(self.spearman_scored, 3),
                         "runs_allowed": round(self.spearman_allowed, 3)},
            "teams": [{"team": t, "runs": round(r, 1), "runs_allowed": round(ra, 1),
                       "generated_runs": round(gr, 1), "generated_runs_allowed": round(gra, 1)}
                      for t, r, ra, gr, gra in self.teams],
            "players": [{"id": p.key, "name": p.name, "team": p.team, "kind": p.kind,
                         "original": {k: round(v, 4) for k, v in p.original.items()},
                         "generated": {k: round(v, 4) for k, v in p.generated.items()}}
                        for p in self.players],
        }


def compare(originals: Sequence[StatPlayer], original_runs: Mapping[str, Sequence[float]],
            generated: SeasonTotals, *, regular_pa: float = REGULAR_PA,
            regular_ip: float = REGULAR_IP) -> CheckReport:
    """Player by player (regulars and pitchers with enough innings, in the original line) and
    team by team (runs per game against the original's)."""
    rows = []
    for sp in originals:
        if sp.batting and sp.batting.get("pa", 0) >= regular_pa:
            o = batting_figures(sp.batting)
            g = batting_figures(generated.batting.get(sp.key, {}))
            if o and g:
                rows.append(PlayerCompare(sp.key, sp.name, sp.team, "bat", o, g))
        if sp.pitching and sp.pitching.get("outs", 0) >= regular_ip * 3:
            o = pitching_figures(sp.pitching)
            g = pitching_figures(generated.pitching.get(sp.key, {}))
            if o and g:
                rows.append(PlayerCompare(sp.key, sp.name, sp.team, "pit", o, g))
    shares: dict[str, float] = {}
    mean_err: dict[str, float] = {}
    for stat, tol, kind in TOLERANCES:
        sel = [r for r in rows if r.kind == kind]
        if not sel:
            continue
        inside = sum(1 for r in sel if abs(r.generated[stat] - r.original[stat]) <= tol + 1e-9)
        shares[stat] = inside / len(sel)
        mean_err[stat] = sum(r.generated[stat] - r.original[stat] for r in sel) / len(sel)
    teams = []
    for t, (scored, allowed, games) in sorted(
            (t, (v[0], v[1], v[2] if len(v) > 2 else 1)) for t, v in original_runs.items()):
        runs = generated.runs.get(t, [0, 0])
        gg = max(1, generated.games.get(t, 1))
        teams.append((t, scored / max(1, games), allowed / max(1, games), runs[0] / gg, runs[1] / gg))
    rs = spearman([x[1] for x in teams], [x[3] for x in teams])
    ra = spearman([x[2] for x in teams], [x[4] for x in teams])
    counts = {"bat": sum(1 for r in rows if r.kind == "bat"),
              "pit": sum(1 for r in rows if r.kind == "pit")}
    return CheckReport(tuple(rows), shares, counts, mean_err, tuple(teams), rs, ra,
                       generated.seasons)


QUALIFIED_PA_PER_GAME = 3.1     # the batting title's plate appearances a team game
MEASURE_IP = 100                # pitchers measured for ERA and innings: 100+ real innings
PLAYING_TIME = 0.10             # plate appearances and innings within ±10 % of the real


def real_season_measures(report: CheckReport, team_games: int,
                         played: Mapping[str, int] | None = None) -> dict[str, float]:
    """The measures of a replayed real season (issue 33, docs/cards.md "Measured"): league
    runs a game real and made, and their ratio less one; the share inside ±.020 AVG and OBP
    of the real season's qualified regulars (3.1 PA a team game), inside ±0.60 ERA of the
    pitchers with 100+ real innings; the share of each whose plate appearances (innings) a
    season are within ±10 % of the real. `played`: each team's games in the generated seasons
    (all of them), when the replay's schedule is not the real length (a schedule of whole
    games per opponent: 2019 AL's 14 opponents x 12 = 168 games for 162): the playing time is
    then compared a real season's games' worth."""
    teams = report.teams
    n = max(1, len(teams))
    real = sum(t[1] + t[2] for t in teams) / (2 * n)
    made = sum(t[3] + t[4] for t in teams) / (2 * n)
    seasons = max(1, report.seasons)
    qual = [r for r in report.players if r.kind == "bat"
            and r.original["PA"] >= QUALIFIED_PA_PER_GAME * team_games]
    arms = [r for r in report.players if r.kind == "pit" and r.original["IP"] >= MEASURE_IP]

    def inside(rows: Sequence[PlayerCompare], stat: str, tol: float) -> float:
        return sum(abs(r.generated[stat] - r.original[stat]) <= tol + 1e-9
                   for r in rows) / len(rows) if rows else 0.0

    def per_season(r: PlayerCompare, stat: str) -> float:
        games = (played or {}).get(r.team)
        if games:
            return r.generated[stat] * team_games / games
        return r.generated[stat] / seasons

    def kept(rows: Sequence[PlayerCompare], stat: str) -> float:
        return sum(abs(per_season(r, stat) - r.original[stat])
                   <= PLAYING_TIME * r.original[stat] for r in rows) / len(rows) if rows else 0.0
    return {"runs_per_game_real": real, "runs_per_game_made": made,
            "runs_per_game_error": made / real - 1 if real else 0.0,
            "qualified": len(qual), "avg_inside": inside(qual, "AVG", 0.020),
            "obp_inside": inside(qual, "OBP", 0.020), "pitchers_100ip": len(arms),
            "era_inside": inside(arms, "ERA", 0.60), "pa_within_10pct": kept(qual, "PA"),
            "ip_within_10pct": kept(arms, "IP")}


def scale_schedule(games: Sequence[ScheduledGame], seasons: int) -> list[list[ScheduledGame]]:
    """The same schedule, once per season (game numbers kept: the seed changes by season)."""
    return [list(games) for _ in range(seasons)]


def league_with(league: League, players: Sequence) -> League:
    """The league with each team's players replaced by the given ones (same order of teams)."""
    from dataclasses import replace
    by_team: dict[str, list] = {}
    for p in players:
        by_team.setdefault(p.team, []).append(p)
    return replace(league, teams=tuple(replace(t, players=tuple(by_team.get(t.code, ())))
                                       for t in league.teams))


@dataclass(frozen=True)
class LoopResult:
    """The closed loop: the original season's lines, the generated league and the report."""

    originals: tuple[StatPlayer, ...]
    generated: League
    replacement: tuple[str, ...]
    report: CheckReport
    totals: SeasonTotals | None = None


def closed_loop(league: League, ruleset: Ruleset, games: Sequence[ScheduledGame], *,
                seed: int = 1, seasons: int = 3,
                progress: Callable[[str, int, int], None] | None = None,
                through: Callable[[list[StatPlayer]], list[StatPlayer]] | None = None
                ) -> LoopResult:
    """Play one season of `league`, make cards from its statistics, play them `seasons` times
    with the same playing time, and compare. `through` passes the statistics on the way (the
    service writes them as the professional league's CSV files and reads them back)."""
    from league.cardmaking.cardgen import league_context, make_cards

    def step(what: str) -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        return lambda done, total: progress(what, done, total)

    original = play_season(league, ruleset, games, seed, progress=step("original season"))
    stats = stat_players(league, original)
    if through is not None:
        stats = through(stats)
    team_games = max(original.games.values()) if original.games else 0
    ctx = league_context(stats, team_games=team_games)
    made = make_cards(stats, ruleset, ctx)
    # players who never played keep their cards: they are on the roster but not in the lines
    played = {p.id for p in made.players}
    keep = [p for t in league.teams for p in t.players if p.id not in played]
    gen_league = league_with(league, list(made.players) + keep)
    totals = SeasonTotals()
    for s in range(seasons):
        play_season(gen_league, ruleset, games, seed + 1 + s, decide=league, totals=totals,
                    progress=step(f"generated season {s + 1}"))
    runs = {t: (v[0], v[1], original.games.get(t, 1)) for t, v in original.runs.items()}
    report = compare(stats, runs, totals, regular_pa=REGULAR_PA * original_scale(team_games),
                     regular_ip=REGULAR_IP * original_scale(team_games))
    return LoopResult(tuple(stats), gen_league, made.replacement, report, totals)


def original_scale(team_games: int) -> float:
    """The regular thresholds (400 PA, 100 IP) are for a season of 143 games."""
    return min(1.0, team_games / 143) if team_games else 1.0
