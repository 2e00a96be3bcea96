"""The run environment of a league made from statistics matched to its source (issue 33).

The generator reads the engine backwards through a model (league/cardmaking/cardgen.py,
`EngineModel`) whose misreadings are fitted constants: `fit_1b`, `fit_2b`, `fit_hr` — how many
of the singles, extra-base hits and home runs the model reads the engine really gives. They
were fitted on the bundled league; a league of another era (more strikeouts, more home runs)
is read a little differently, and its cards then hit more or less than the real players did.

`match_run_environment` fits them to the league at hand: it makes the cards, plays a season
of them with computer managers (cardcheck.play_season), and moves each constant by the ratio
of the simulated league's rate to the real league's (a rate the engine gives too often is
read as more of it: the solve then asks the cards for less), then makes them again; a few
rounds bring the league's singles, extra-base hits and home runs to the real ones, and with
them its runs (a team game, what a replay's check measures); each round also solves the carded
batters' double-play level (`dp_level`). A round's season is noise (its runs ±1.25 %, its home
runs more in a league that hit few), so each round after the first is one estimate of the
constants, and the cards are made with all the estimates so far, each weighed by its team games
(`pooled`), not with the last alone; a last round plays the final cards on FINAL_GAMES (before,
the fit never played them) and its estimate joins the pool for the cards returned. The singles
and extra-base hits move by the runs and by the carded batters' own hits, half each (`HITS_ANCHOR`): matched by the runs alone, a replay
that converts men on base to runs less well than the real league put the difference into
every hitter's average. Pure: the cards and the season are all in memory.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Mapping

from league.cardmaking.cardcheck import SeasonTotals, play_season
from league.cardmaking.cardgen import (
    DEFAULTS,
    LeagueContext,
    batter_rates,
    batting_line,
    pitching_line,
)
from league.engine.ruleset import Ruleset
from league.season.roster import League
from league.season.schedule import make_schedule

# the constant fitted for each rate of the league's batting line
FITTED = (("1B", "fit_1b"), ("XBH", "fit_2b"), ("HR", "fit_hr"))
ROUNDS = 3
# games a round plays at least (its schedule again with other seeds): the rates of fewer are
# noise (2B+3B of a 6-team half season: ±4 %)
MIN_GAMES = 900
# the games of the last round, which plays the final cards: the rounds' estimates are each a
# season's noise (a round's runs ±1.25 %), and this round's, twice a round's games, weighs twice
# (`pooled`)
FINAL_GAMES = 2 * MIN_GAMES
# the constants stay within these bounds whatever a league's lines say
FIT_RANGE = (0.5, 1.5)
# the seasons of the fit drawn with seed S are seeds S × FIT_SEED_STRIDE + 1000 k + n (round n,
# its k-th schedule): each seed fits with dice of its own, never another seed's nor those of the
# seasons played after it (seeds S, S + 1, ...); seed 0 keeps the fit it always had
FIT_SEED_STRIDE = 1_000_000


def _games(pitching: Mapping[str, float]) -> float:
    """A league's team games from its pitchers' starts (one a team game), 0 when the lines
    have none or too few to be every game's (outs a start outside 20-30)."""
    gs = pitching.get("gs", 0.0)
    return gs if gs > 0 and 20 <= pitching.get("outs", 0.0) / gs <= 30 else 0.0


def fit_season_seed(seed: int, round_: int, k: int) -> int:
    """The season seed of the fit drawn with `seed`: its round `round_`'s `k`-th schedule."""
    return seed * FIT_SEED_STRIDE + 1000 * k + round_


@dataclass(frozen=True)
class Round:
    """One round: the constants the cards were made with and the simulated league's rates."""

    constants: dict[str, float]
    rates: dict[str, float]
    runs_per_game: float
    team_games: int = 0
    # the constants this round's season says the cards want (its cards' moved by its rates)
    estimate: dict[str, float] = field(default_factory=dict)


def pooled(estimates: list[tuple[dict[str, float], int]]) -> dict[str, float]:
    """The rounds' estimates of each constant pooled: their mean weighed by the team games each
    round played (a round's noise is its season's, so its weight is its games)."""
    out: dict[str, float] = {}
    for key in {k for e, _ in estimates for k in e}:
        pairs = [(e[key], g) for e, g in estimates if key in e]
        weight = sum(g for _, g in pairs)
        if weight > 0:
            out[key] = round(sum(v * g for v, g in pairs) / weight, 4)
    return out


def season_rates(batting: Mapping[str, Mapping[str, float]]) -> dict[str, float]:
    """The league batting rates of a simulated season's lines (per PA the cards decide)."""
    total = dict.fromkeys(("pa", "ab", "h", "2b", "3b", "hr", "bb", "ibb", "hbp", "so", "sh",
                           "sf", "r"), 0.0)
    for line in batting.values():
        for k in total:
            total[k] += float(line.get(k, 0) or 0)
    rates = batter_rates(batting_line(total))
    return dict(rates) if rates else {}


# how much the runs move with the home runs and with the other hits (linear weights: a home
# run is about a third of a league's runs; the other hits, with the outs they spare, a little
# more than their number)
RUNS_PER_HR = 0.35
RUNS_PER_HIT = 1.2
# the runs a double play takes beyond the force out it would otherwise be (the runner left
# on with an out to go: about 0.4 runs with none out, 0.2 with one)
RUNS_PER_DP = 0.35
# the hits the cards give are split between the league's runs and the carded batters' own hits:
# a replay converts men on base to runs less well than some real leagues did (the pitchers bat
# more often than they did, fewer steals and sacrifice flies), and matching the runs alone puts
# that gap into every hitter's average (1968 and 1987 NL: the qualified regulars +.008-.010
# with the runs right); the factor is the runs' to the power 1 - HITS_ANCHOR times the hits'
HITS_ANCHOR = 0.5
# a batter's real line counts in the hits anchor from this many at-bats (fewer are noise)
ANCHOR_MIN_AB = 50


def hits_ratio(league: League, simulated: Mapping[str, Mapping[str, float]],
               real: Mapping[str, Mapping[str, float]]) -> float | None:
    """The carded batters' hits less home runs in a simulated season over what their real
    rates give on the at-bats they had there (the men with a batting card of their own and
    `ANCHOR_MIN_AB` real at-bats; `real` by card id): above 1, they hit more than they did."""
    made = expected = 0.0
    for team in league.teams:
        for p in team.players:
            if p.batting is None or p.id not in real or p.id not in simulated:
                continue
            own = batting_line(real[p.id])
            if own["ab"] < ANCHOR_MIN_AB:
                continue
            line = batting_line(simulated[p.id])
            made += line["h"] - line["hr"]
            expected += line["ab"] * (own["h"] - own["hr"]) / own["ab"]
    return made / expected if made > 0 and expected > 0 else None


# the double-play level: with a runner on first the ground-ball table's rolls from 62 + DP up
# (and the fine plays) are double plays, DP_ROLLS - DP of the hundred
DP_ROLLS = 39.0
# the carded batters' mean DP stays within these (a card's DP is 0-15)
DP_RANGE = (0.0, 15.0)


def dp_level(league: League, simulated: Mapping[str, Mapping[str, float]],
             real_rate: float) -> tuple[float, float, float] | None:
    """The carded batters' mean DP (by the plate appearances they had in a simulated season)
    and the one that brings the league's double plays grounded into a plate appearance to
    `real_rate`: the pitchers' rank cards keep the ruleset's DP and make what they made, the
    carded batters the rest; their share of the ground-ball rolls that are double plays
    (DP_ROLLS - DP) moved by the real over the simulated; third, the double plays the season
    had beyond the real rate (what the solved level takes away). None without double plays."""
    carded = {p.id: p.batting.DP for t in league.teams for p in t.players
              if p.batting is not None}
    pa_all = gidp_all = pa = gidp = level = 0.0
    for pid, line in simulated.items():
        n, g = float(line.get("pa", 0) or 0), float(line.get("gidp", 0) or 0)
        pa_all += n
        gidp_all += g
        if pid in carded:
            pa += n
            gidp += g
            level += n * carded[pid]
    if pa <= 0 or gidp <= 0 or real_rate <= 0:
        return None
    level /= pa
    target = (real_rate * pa_all - (gidp_all - gidp)) / pa
    if target <= 0:
        return None
    solved = DP_ROLLS - (DP_ROLLS - level) * target / (gidp / pa)
    return level, min(DP_RANGE[1], max(DP_RANGE[0], solved)), gidp_all - real_rate * pa_all


def _moves(sim: Mapping[str, float], real: Mapping[str, float], sim_runs: float,
           real_runs: float, hits: float | None = None, dp_runs: float = 0.0) -> dict[str, float]:
    """The factors the fit constants are moved by: `fit_hr` by the home runs' ratio; `fit_1b`
    and `fit_2b` together by what brings the runs (a team game, or an out) to the real ones once
    the home runs and the double plays are right (`dp_runs`: the runs the round's double-play
    level gives back, in the same units) — the runs are the run environment (a simulated
    league's runs a hit differ from the real league's: its baserunning, bunts, double plays) —
    and, `hits` given (`hits_ratio`), by the carded batters' hits against their own, the two
    weighed by `HITS_ANCHOR`."""
    out: dict[str, float] = {}
    hr = sim["HR"] / real["HR"] if real.get("HR", 0) > 0 and sim.get("HR", 0) > 0 else 1.0
    out["fit_hr"] = hr
    if sim_runs > 0 and real_runs > 0:
        # the runs once the home runs and the double plays are right (`dp_runs`: what the
        # double-play level solved in the same round adds, in the units of the runs)
        after_hr = sim_runs * (1 + RUNS_PER_HR * (1 / hr - 1)) + dp_runs
        factor = (after_hr / real_runs) ** (1 / RUNS_PER_HIT)
        if hits is not None and hits > 0:
            factor = factor ** (1 - HITS_ANCHOR) * hits ** HITS_ANCHOR
        out["fit_1b"] = out["fit_2b"] = factor
    return out


def match_run_environment(make: Callable[[Mapping[str, float]], League], ruleset: Ruleset,
                          context: LeagueContext, *, games_per_opponent: int, seed: int = 0,
                          rounds: int = ROUNDS, teams_line: tuple[Mapping[str, float],
                                                                  Mapping[str, float]] | None = None,
                          batting_lines: Callable[[], Mapping[str, Mapping[str, float]]]
                          | None = None) -> tuple[League, dict[str, float], list[Round]]:
    """Make the league with `make(constants)`, its fit constants moved until its simulated
    season hits like the real league; returns the league, the constants and each round.

    The target is the real league's line, not each man's: the simulated season hands out its
    playing time its own way (its regulars bat more than the real ones did: docs/cards.md),
    and matching every man's line on those plate appearances scores more runs than the real
    league (2019 AL: +12 %, the pitchers' ERA inside ±0.60 for 47 % against 66 %).

    `teams_line`: (batting, pitching) totals of the teams played when they are only some of
    their league's (AL East of 2019): they play each other, so the target is the mean of what
    they scored and what they allowed (home runs a plate appearance, runs an out).

    `seed`: the fit's own draw (FIT_SEED_STRIDE): another seed, other seasons, so a replay's
    seeds each bring the noise of their own fit (a round's runs ±1.25 %), not one fit shared.

    `rounds`: the rounds that move the constants; one more plays the final cards (`pooled`).

    `batting_lines`: the real batting lines, by card id, of the league last made: the hits
    anchor (`hits_ratio`, `HITS_ANCHOR`); without it the runs alone move the hits."""
    real = dict(batter_rates(batting_line(context.batting)) or {})
    # runs a game, what a replay's check measures (runs a plate appearance would count the
    # simulated league's extra walks as runs twice: more batters a game, each worth as much);
    # the real games are the games started. Runs an out (a game's 27 outs) when the lines have
    # no starts: a simulated game has about 0.1 more outs than a real one (the real league's
    # short games), so matched by the out a replay scored 0.3-0.5 % more a game
    lp = pitching_line(context.pitching)
    real_runs = lp["r"] / lp["outs"] if lp["outs"] else 0.0
    per_game = _games(lp) > 0
    if per_game:
        real_runs = lp["r"] / _games(lp)
    if teams_line is not None:
        bat, pit = batting_line(teams_line[0]), pitching_line(teams_line[1])
        pa = bat["pa"] + pit["bf"]
        if bat["pa"] > 0 and pit["bf"] > 0:
            real["HR"] = (bat["hr"] + pit["hr"]) / pa
            if pit["outs"] > 0:
                per_game = _games(pit) > 0
                real_runs = (bat["r"] + pit["r"]) / (2 * (_games(pit) if per_game
                                                          else pit["outs"]))
    real_gidp = context.batting.get("gidp", 0.0) / context.batting["pa"] \
        if context.batting.get("pa") else 0.0
    if teams_line is not None:
        bat = batting_line(teams_line[0])
        if bat["pa"] > 0 and bat["gidp"] > 0:
            real_gidp = bat["gidp"] / bat["pa"]
    base = dict(DEFAULTS)
    base.update(getattr(ruleset, "cardgen", {}) or {})
    constants = {key: float(base[key]) for _, key in FITTED}
    if real_gidp > 0:
        # the double-play level (dp_level): the carded batters' mean DP and the model's reading
        constants["dp_mean"] = float(base["dp_mean"])
        constants["avg_dp"] = float(base["avg_dp"])
    history: list[Round] = []
    # each round after the first: its estimate of the constants and its team games (the weight)
    estimates: list[tuple[dict[str, float], int]] = []
    league = make(constants)
    for n in range(rounds + 1):
        games = make_schedule([t.code for t in league.teams],
                              games_per_opponent=games_per_opponent)
        # the first round only brings the constants near (its estimate is not kept): half the
        # games; the last plays the final cards: FINAL_GAMES
        wanted = MIN_GAMES // 2 if n == 0 else FINAL_GAMES if n == rounds else MIN_GAMES
        totals: SeasonTotals | None = None
        k = 0
        while totals is None or sum(totals.games.values()) < 2 * wanted:   # two teams a game
            totals = play_season(league, ruleset, games, fit_season_seed(seed, n, k),
                                 totals=totals)
            k += 1
        sim = season_rates(totals.batting)
        team_games = sum(totals.games.values())
        runs = sum(r[0] for r in totals.runs.values())
        history.append(Round(dict(constants), sim, runs / team_games if team_games else 0.0,
                             team_games))
        if not sim:
            break
        outs = sum(float(p.get("outs", 0) or 0) for p in totals.pitching.values())
        per = team_games if per_game else outs
        hits = hits_ratio(league, totals.batting, batting_lines()) if batting_lines else None
        solved = dp_level(league, totals.batting, real_gidp) if "dp_mean" in constants else None
        dp_runs = RUNS_PER_DP * solved[2] / per if solved is not None and per else 0.0
        moves = _moves(sim, real, runs / per if per else 0.0, real_runs, hits, dp_runs)
        estimate: dict[str, float] = {}
        if solved is not None:
            level, wanted_dp, _extra = solved
            for key, value in (("dp_mean", constants["dp_mean"] + wanted_dp - level),
                               ("avg_dp", wanted_dp)):
                estimate[key] = min(DP_RANGE[1], max(DP_RANGE[0], value))
        for key, factor in moves.items():
            estimate[key] = min(FIT_RANGE[1], max(FIT_RANGE[0], constants[key] * factor))
        history[-1] = replace(history[-1], estimate=dict(estimate))
        if n == 0:
            constants.update({key: round(value, 4) for key, value in estimate.items()})
        else:
            estimates.append((estimate, team_games))
            constants.update(pooled(estimates))
        league = make(constants)
    return league, constants, history
