"""Replay seeded games under the scoring of an earlier commit and of this checkout, and count what
the official scoring changed.

    python docs/scoring_replay.py --games 2000            # old = 00705ef (before NPB scoring)
    python docs/scoring_replay.py --games 2000 --old REV  # any earlier commit

The old engine is taken from git (`git archive REV`) into a temporary folder and run in its own
process, so both engines play the same seeded games of the bundled Pacific league (seeds 1, 2, …,
the league's pairings in turn). The current engine plays them with the readings that change the
play itself set to the old behaviour (bunt_error_check = "before_plus", hit_and_run_back = "table";
the computer sends the lead runner back first, as before), so each game is the same game and only
its scoring differs. A game whose rolls differ all the same is counted as "play diverged" and left
out of the comparison. A last run with the default readings counts the games whose play those
readings change.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OLD_DEFAULT = "00705ef"
COMPAT = {"bunt_error_check": "before_plus", "hit_and_run_back": "table"}


def worker(games: int, seed: int, compat: bool) -> None:
    """Play the games with the engine on sys.path and print one JSON line per game."""
    from league.engine.game import BAT_FIELDS, FIELD_FIELDS, PIT_FIELDS
    from league.season.simulate import schedule, seeded_games
    from storage.plainfiles import load_league, sample_league_path
    from storage.rulesets import shipped_ruleset

    league = load_league(sample_league_path("pacific"))
    rules = shipped_ruleset(league.ruleset)
    if compat:
        opts = {k: v for k, v in COMPAT.items() if k in rules.options}
        rules = dataclasses.replace(rules, options={**rules.options, **opts})
    b, p, f = ({n: i for i, n in enumerate(x)} for x in (BAT_FIELDS, PIT_FIELDS, FIELD_FIELDS))
    for s, r in seeded_games(league, rules, schedule(league, games), seed):
        print(json.dumps({
            "seed": s, "rolls": [x.raw for x in r.rolls], "runs": r.runs,
            "decisions": r.decisions,
            "er": {pid: line[p["er"]] for _, pid, line in r.pitching},
            "r_allowed": {pid: line[p["r"]] for _, pid, line in r.pitching},
            "rbi": {pid: line[b["rbi"]] for _, pid, line, _ in r.batting},
            "runs_scored": {pid: line[b["r"]] for _, pid, line, _ in r.batting},
            "bases": {pid: [line[b["h"]], line[b["2b"]], line[b["3b"]], line[b["hr"]]]
                      for _, pid, line, _ in r.batting},
            "fielding_cs": {pid: line[f["cs"]] for _, pid, line in r.fielding},
            "walk_off": r.winner == 1 and len(r.innings[1]) == len(r.innings[0]),
        }))


def _run(tree: Path, games: int, seed: int, compat: bool) -> list[dict]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games),
           "--seed", str(seed)] + (["--compat"] if compat else [])
    out = subprocess.run(cmd, env=env, cwd=tree, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def _old_tree(rev: str, into: Path) -> Path:
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "league", "storage",
                           "sample_leagues"], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def compare(old: list[dict], new: list[dict], default: list[dict]) -> dict:
    """Counts of what changed, by kind, over the games both engines played alike."""
    c: Counter = Counter()
    for o, n, d in zip(old, new, default):
        c["games"] += 1
        if d["rolls"] != n["rolls"]:
            c["play changed by the default readings"] += 1
        if o["rolls"] != n["rolls"] or o["runs"] != n["runs"]:
            c["play diverged (left out)"] += 1
            continue
        od, nd = o["decisions"], n["decisions"]
        for kind in ("W", "L", "S", "H"):
            before = {p for p, k in od.items() if k == kind}
            after = {p for p, k in nd.items() if k == kind}
            if before != after:
                c[f"games with {kind} changed"] += 1
                c[f"{kind} credited (new)"] += len(after - before)
                c[f"{kind} taken away (old)"] += len(before - after)
        for key, label in (("er", "earned runs"), ("r_allowed", "runs charged to pitchers"),
                           ("rbi", "RBI"), ("runs_scored", "runs scored by batters"),
                           ("fielding_cs", "fielders' CS")):
            moved = sum(abs(n[key].get(pid, 0) - o[key].get(pid, 0))
                        for pid in set(o[key]) | set(n[key]))
            if moved:
                c[f"games with {label} changed"] += 1
                c[f"{label}: per-player differences (sum)"] += moved
        if o["bases"] != n["bases"]:
            c["games with hit credit changed (walk-off 9.06(f))"] += 1
        if o["walk_off"]:
            c["walk-off games"] += 1
    return dict(sorted(c.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--old", default=OLD_DEFAULT, help="the commit whose scoring to compare with")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--compat", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true", help="print the counts as JSON")
    a = ap.parse_args()
    if a.worker:
        return worker(a.games, a.seed, a.compat)
    with tempfile.TemporaryDirectory() as tmp:
        old = _run(_old_tree(a.old, Path(tmp)), a.games, a.seed, compat=True)
    new = _run(ROOT, a.games, a.seed, compat=True)
    default = _run(ROOT, a.games, a.seed, compat=False)
    counts = compare(old, new, default)
    if a.json:
        print(json.dumps(counts, indent=1))
    else:
        for k, v in counts.items():
            print(f"{k:55} {v}")


if __name__ == "__main__":
    main()
