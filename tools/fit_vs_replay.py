"""Does a replay score what its fit's rounds scored? (issue 33, docs/cards.md "Fit against replay")

    python tools/fit_vs_replay.py YEAR LG [--seed S] [--half N] [--full N]

Makes the season's cards as `tools/usage_breakdown.py YEAR LG --seed S` does (the run fit drawn
from seed S) and plays the final cards two ways: the fit's way (half-length schedules, the
fit's seeds, `--half` of them) and the replay's way (the real schedule's length, seeds S, S + 1,
…, `--full` of them). Prints, as JSON, each way's runs a team game, runs an out, outs a team game
and plate appearances a team game beside the real league's, and the fit's own rounds (runs a
team game and an out, each against the real).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.cardmaking import calibrate  # noqa: E402
from league.cardmaking.cardcheck import SeasonTotals, play_season  # noqa: E402
from league.cardmaking.cardgen import batting_line, pitching_line  # noqa: E402
from league.season.schedule import make_schedule  # noqa: E402
from storage import lahman  # noqa: E402
from tui.services.cards import lahman_league, load_ruleset  # noqa: E402


def figures(t: SeasonTotals) -> dict[str, float]:
    games = sum(t.games.values())
    runs = sum(r[0] for r in t.runs.values())
    outs = sum(float(p.get("outs", 0) or 0) for p in t.pitching.values())
    pa = sum(float(b.get("pa", 0) or 0) for b in t.batting.values())
    return {"team_games": games, "runs_game": runs / games, "runs_out": runs / outs,
            "outs_game": outs / games, "pa_game": pa / games}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("year", type=int)
    ap.add_argument("lg")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--half", type=int, default=4, help="half-length seasons played the fit's way")
    ap.add_argument("--full", type=int, default=2, help="real-length seasons played the replay's way")
    args = ap.parse_args()
    season = lahman.season(args.year, league=args.lg)
    rs = load_ruleset("standard")
    rounds: list[Any] = []
    inner = calibrate.match_run_environment

    final: dict[str, float] = {}

    def spy(*a: Any, **kw: Any) -> Any:
        out = inner(*a, **kw)
        final.update(out[1])
        rounds.extend(out[2])
        return out
    calibrate.match_run_environment = spy           # type: ignore[assignment]
    hits: list[float | None] = []
    inner_hits = calibrate.hits_ratio

    def spy_hits(*a: Any, **kw: Any) -> Any:
        hits.append(inner_hits(*a, **kw))
        return hits[-1]
    calibrate.hits_ratio = spy_hits                 # type: ignore[assignment]
    made = lahman_league(season, rs, name=str(args.year), code=f"L{args.year}", seed=args.seed)
    lg = made.league
    bat = [batting_line(p.batting) for p in season.players if p.batting]
    pit = [pitching_line(p.pitching) for p in season.players if p.pitching]
    real_outs = sum(x["outs"] for x in pit)
    real_r = (sum(x["r"] for x in bat) + sum(x["r"] for x in pit)) / 2
    real_games = sum(g for _r, _ra, g in season.team_runs.values())
    real_runs = sum(r for r, _ra, _g in season.team_runs.values())
    real = {"runs_game": real_runs / real_games, "runs_out": real_r / real_outs,
            "outs_game": real_outs / real_games,
            "pa_game": sum(x["pa"] for x in bat) / real_games}
    teams = [t.code for t in lg.teams]
    half = make_schedule(teams, games_per_opponent=max(
        2, round(season.team_games / max(1, len(teams) - 1) / 2)))
    full = make_schedule(teams, games_per_opponent=season.games_per_opponent)
    fit_way = SeasonTotals()
    for k in range(args.half):
        play_season(lg, rs, half, calibrate.fit_season_seed(args.seed, 99, k), totals=fit_way)
    replay_way = SeasonTotals()
    for s in range(args.full):
        play_season(lg, rs, full, args.seed + s, totals=replay_way)
    out: dict[str, Any] = {"season": f"{args.year} {args.lg}", "seed": args.seed, "real": real}
    for name, t in (("fit_way", fit_way), ("replay_way", replay_way)):
        f = figures(t)
        f["runs_game_error"] = f["runs_game"] / real["runs_game"] - 1
        f["runs_out_error"] = f["runs_out"] / real["runs_out"] - 1
        out[name] = f
    out["final_constants"] = final
    out["rounds"] = [{"constants": r.constants, "hits_ratio": h,
                      "runs_game_error": r.runs_per_game / real["runs_game"] - 1}
                     for r, h in zip(rounds, hits)]
    print(json.dumps(out, indent=1, default=lambda x: round(x, 4)))


if __name__ == "__main__":
    main()
