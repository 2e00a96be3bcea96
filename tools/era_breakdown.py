"""Where a replayed real season's ERA misses go (issue 33, docs/cards.md "The ERA share").

    python tools/era_breakdown.py YEAR LG [--seed S] [--seasons N] [--roster-size N]

Makes the season's cards as `tools/usage_breakdown.py YEAR LG --seed S` does (the run fit drawn
from seed S) and plays them `--seasons` real-length seasons (seeds S, S + 1, …; even, at least
4), each kept apart. Prints, as JSON, for the pitchers with 100+ real innings:

- `era_inside`: the check's share inside ±0.60 ERA (its two seasons: the first two here, the
  same games as `impact cards check --lahman YEAR --lg LG --seasons 2 --seed S`) and
  `perfect_replay`, the share a replay without bias would reach on those innings: each
  pitcher's ERA over a pair of seasons varies as `k` / innings (`k` pooled over the pitchers
  from the spread of his pairs, the same cards), the share the chance of landing within ±0.60;
  `noise_sd_360ip` the spread of two 180-inning seasons.
- `level`: mean ERA and RA9 error (generated over all the seasons less real), and by group of
  real innings (100+, 40–100, under 40) the share of the real league's innings, of the
  generated, the runs and earned runs a nine innings real and generated; `rostered_innings`
  the share of the league's real innings the rostered pitchers threw (the rest, the men a
  28-man roster leaves out, pitch no inning in the replay).
- `unearned`: the unearned share of the 100+ inning pitchers' runs, real and generated.
- `errors`: the league's errors a team-game real and generated (all, by position) and the
  unearned share of the whole league's runs (usage_breakdown.error_level).
- `spread`: the slope of generated ERA on real ERA (1: the real spread; above: the extremes
  overshoot), the ERA error and the share inside by quartile of real ERA, starters and
  relievers; `parts` the error's regression on the components' ERA (Base Runs of the line,
  scaled to the league's earned runs) and the gap (real ERA less that); `teams` the mean error
  of each team's pitchers.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any, Mapping, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.cardmaking.cardcheck import REGULAR_IP, SeasonTotals, play_season  # noqa: E402
from league.season.schedule import make_schedule  # noqa: E402
from storage import lahman  # noqa: E402
from tui.services.cards import lahman_league, load_ruleset  # noqa: E402

TOLERANCE = 0.60        # the check's ERA tolerance
GROUPS = ((3 * REGULAR_IP, math.inf, "100+"), (120, 3 * REGULAR_IP, "40-100"), (0, 120, "<40"))


def summed(lines: Sequence[Mapping[str, float]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for line in lines:
        for k, v in line.items():
            out[k] = out.get(k, 0.0) + float(v)
    return out


def nine(line: Mapping[str, float], key: str) -> float:
    """Runs (`r`) or earned runs (`er`) a nine innings."""
    return 27 * line.get(key, 0.0) / line["outs"] if line.get("outs") else math.nan


def noise_k(pairs: Sequence[Sequence[tuple[float, float]]]) -> float:
    """`k` of ERA variance = k / innings, pooled: each pitcher's (ERA, innings) over pairs of
    seasons of the same cards; his pairs' spread around their innings-weighted mean, read at
    the mean of 1 / innings."""
    ks = []
    for p in pairs:
        if len(p) < 2:
            continue
        ip = sum(i for _e, i in p)
        mu = sum(e * i for e, i in p) / ip
        var = sum((e - mu) ** 2 for e, _i in p) / (len(p) - 1)
        ks.append(var / statistics.mean(1 / i for _e, i in p))
    return statistics.mean(ks) if ks else math.nan


def inside_by_noise(k: float, innings: Sequence[float], tol: float = TOLERANCE) -> float:
    """The share of pitchers within ±tol of their real ERA by noise alone: ERA's sd over n
    innings sqrt(k / n), the normal reading."""
    if k <= 0:
        return 1.0
    return statistics.mean(math.erf(tol / math.sqrt(2 * k / n)) for n in innings)


def slope(x: Sequence[float], y: Sequence[float]) -> float:
    mx, my = statistics.mean(x), statistics.mean(y)
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / sum((a - mx) ** 2 for a in x)


def components_era(line: Mapping[str, float], scale: float) -> float:
    """A line's components' ERA: Base Runs a batter faced (`usage_breakdown._bsr_per_bf`)
    scaled by `scale` (the 100+ inning pitchers' earned runs over their Base Runs)."""
    from usage_breakdown import _bsr_per_bf
    return 27 * scale * _bsr_per_bf(dict(line)) * line["bf"] / line["outs"]


def breakdown(real: Sequence[Mapping[str, Any]], seasons: Sequence[SeasonTotals],
              league_outs: float) -> dict[str, object]:
    """The JSON's figures from the rostered pitchers' real lines (`key`, `team`, `pitching`),
    each generated season's totals and the real league's outs."""
    made_outs = sum(float(p.get("outs", 0)) for s in seasons for p in s.pitching.values())
    rows: list[dict[str, Any]] = []
    for p in real:
        line = p["pitching"]
        gen = [s.pitching.get(p["key"]) for s in seasons]
        if line.get("outs", 0) < 3 * REGULAR_IP or not all(g and g.get("outs") for g in gen):
            continue
        two = summed(gen[:2])      # type: ignore[arg-type]
        every = summed(gen)        # type: ignore[arg-type]
        pairs = [summed(gen[i:i + 2]) for i in range(0, len(gen) - 1, 2)]  # type: ignore[arg-type]
        rows.append({"team": p["team"], "starter": line.get("gs", 0) * 2 >= line.get("g", 0),
                     "real": nine(line, "er"), "check": nine(two, "er"), "made": nine(every, "er"),
                     "ip_check": two["outs"] / 3, "line": line, "gen": every,
                     "pairs": [(nine(x, "er"), x["outs"] / 3) for x in pairs]})
    if not rows:
        return {}
    k = noise_k([r["pairs"] for r in rows])
    err = [r["made"] - r["real"] for r in rows]

    def inside(sel: Sequence[dict[str, Any]]) -> float:
        return round(sum(abs(r["check"] - r["real"]) <= TOLERANCE + 1e-9 for r in sel)
                     / len(sel), 3) if sel else math.nan
    groups = {}
    for lo, hi, name in GROUPS:
        members = [p for p in real if lo <= p["pitching"].get("outs", 0) < hi]
        rl = summed([p["pitching"] for p in members])
        gl = summed([s.pitching[p["key"]] for s in seasons for p in members
                     if p["key"] in s.pitching])
        groups[name] = {"pitchers": len(members),
                        "real_ip_share": round(rl.get("outs", 0) / league_outs, 3),
                        "made_ip_share": round(gl.get("outs", 0) / made_outs, 3),
                        "ra9": [round(nine(rl, "r"), 2), round(nine(gl, "r"), 2)],
                        "era": [round(nine(rl, "er"), 2), round(nine(gl, "er"), 2)]}
    real_all = summed([r["line"] for r in rows])
    gen_all = summed([r["gen"] for r in rows])
    from usage_breakdown import _bsr_per_bf
    scale = real_all["er"] / (_bsr_per_bf(real_all) * real_all["bf"])
    comp = [components_era(r["line"], scale) for r in rows]
    gap = [r["real"] - c for r, c in zip(rows, comp)]
    by_real = sorted(rows, key=lambda r: r["real"])
    q = len(by_real) / 4
    quartiles = []
    for i in range(4):
        sel = by_real[round(i * q):round((i + 1) * q)]
        if not sel:
            continue
        quartiles.append({"real_era": [round(sel[0]["real"], 2), round(sel[-1]["real"], 2)],
                          "error": round(statistics.mean(r["made"] - r["real"] for r in sel), 2),
                          "inside": inside(sel)})
    teams: dict[str, list[float]] = {}
    for r, e in zip(rows, err):
        teams.setdefault(r["team"], []).append(e)
    return {
        "pitchers": len(rows),
        "era_inside": {"check": inside(rows),
                       "perfect_replay": round(inside_by_noise(k, [r["ip_check"] for r in rows]), 3),
                       "k": round(k), "noise_sd_360ip": round(math.sqrt(k / 360), 2)},
        "level": {"era_error": round(statistics.mean(err), 2),
                  "ra9_error": round(statistics.mean(nine(r["gen"], "r") - nine(r["line"], "r")
                                                     for r in rows), 2),
                  "rostered_innings": round(sum(p["pitching"].get("outs", 0) for p in real)
                                            / league_outs, 3),
                  "groups": groups},
        "unearned": [round(1 - real_all["er"] / real_all["r"], 3),
                     round(1 - gen_all["er"] / gen_all["r"], 3)],
        "spread": {
            "real_era_sd": round(statistics.pstdev(r["real"] for r in rows), 2),
            "made_on_real": round(slope([r["real"] for r in rows], [r["made"] for r in rows]), 2),
            "quartiles": quartiles,
            "starters": {"pitchers": sum(r["starter"] for r in rows),
                         "error": round(statistics.mean(e for r, e in zip(rows, err) if r["starter"]), 2),
                         "inside": inside([r for r in rows if r["starter"]])},
            "relievers": {"pitchers": sum(not r["starter"] for r in rows),
                          "error": round(statistics.mean([e for r, e in zip(rows, err)
                                                          if not r["starter"]] or [math.nan]), 2),
                          "inside": inside([r for r in rows if not r["starter"]])},
            "parts": parts(comp, gap, err)},
        "teams": {t: round(statistics.mean(v), 2) for t, v in sorted(teams.items(),
                                                                    key=lambda kv: statistics.mean(kv[1]))}}


def parts(comp: Sequence[float], gap: Sequence[float], err: Sequence[float]) -> dict[str, float]:
    """The error's least squares on the components' ERA and the gap (with a constant): the
    two slopes from the centred normal equations."""
    mc, mg, me = statistics.mean(comp), statistics.mean(gap), statistics.mean(err)
    c = [x - mc for x in comp]
    g = [x - mg for x in gap]
    e = [x - me for x in err]
    scc, sgg, scg = sum(x * x for x in c), sum(x * x for x in g), sum(x * y for x, y in zip(c, g))
    sce, sge = sum(x * y for x, y in zip(c, e)), sum(x * y for x, y in zip(g, e))
    det = scc * sgg - scg * scg
    if det <= 0:
        return {"constant": round(me, 2), "on_components_era": 0.0, "on_gap": 0.0}
    bc = (sce * sgg - sge * scg) / det
    bg = (sge * scc - sce * scg) / det
    return {"constant": round(me - bc * mc - bg * mg, 2), "on_components_era": round(bc, 2),
            "on_gap": round(bg, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("year", type=int)
    ap.add_argument("lg")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seasons", type=int, default=6, help="even, at least 4")
    ap.add_argument("--roster-size", type=int, default=28,
                    help="each team's roster (28: the replay's, `impact cards check --lahman`)")
    args = ap.parse_args()
    if args.seasons < 4 or args.seasons % 2:
        ap.error("--seasons: an even number, at least 4")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    season = lahman.season(args.year, league=args.lg)
    rs = load_ruleset("standard")
    made = lahman_league(season, rs, name=f"{args.year}", code=f"L{args.year}", seed=args.seed,
                         roster_size=args.roster_size)
    lg = made.league
    games = make_schedule([t.code for t in lg.teams], games_per_opponent=season.games_per_opponent)
    seasons = [play_season(lg, rs, games, args.seed + s) for s in range(args.seasons)]
    codes = made.team_codes
    on_roster = {p.id for t in lg.teams for p in t.players}
    real = [{"key": p.key, "team": codes[p.team], "pitching": dict(p.pitching)}
            for p in season.players if p.key in on_roster and p.pitching]
    league_outs = sum(float(p.pitching.get("outs", 0)) for p in season.context_players if p.pitching)
    from usage_breakdown import error_level
    out = breakdown(real, seasons, league_outs)
    out["errors"] = error_level(season, seasons)
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
