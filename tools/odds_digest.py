"""The pennant odds' runs of a stored league, as a digest: what a change to the season's machinery
or the odds must leave as it was — and the CPU time a run takes (one process).

    python tools/odds_digest.py FILE.sqlite3 [--league bench] [--seed 7] [--runs 6] [--first 0]
    python tools/odds_digest.py FILE.sqlite3 --make nippon    # first store half a season there

Plays runs first..first+runs-1 of the odds from the league's standings as they are (each run
the rest of the season with full engine games, as `impact odds` plays them) and prints a
sha256 of their final tables and records, the CPU time a run took, and the share of it the
engine's games took (the rest: each game's set-up, the farm's moves, the line-ups). Two builds
that must play the same odds print the same digest.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
import time


def make(db: str, league: str, source: str, seed: int) -> None:
    """Store a new league from `source` (a sample league's name or a folder) and simulate half
    its season, day by day."""
    from tui import services as sv
    from tui.services.folders import sample_league_path

    where = source if "/" in source else str(sample_league_path(source))
    sv.create_league(db, league, where)
    info = sv.new_season(db, league, seed=seed)
    while sv.season_info(db, league).final < info.games // 2:
        sv.sim_days(db, league, days=1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("db")
    ap.add_argument("--league", default="bench")
    ap.add_argument("--seed", type=int, default=7, help="the odds' seed")
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--make", metavar="SOURCE",
                    help="store SOURCE's league in DB first and simulate half its season (seed 1)")
    args = ap.parse_args(argv)
    if args.make:
        make(args.db, args.league, args.make, 1)

    import league.season.gameday as gameday
    from league.season.odds import simulate_run
    from tui.services.db import Work
    from tui.services.pennant import odds_setup

    setup = odds_setup(Work.of(args.db, args.league), args.league, None, seed=args.seed)[0]
    engine = [0.0]
    replay = gameday.replay_game

    def timed(*a, **k):   # type: ignore[no-untyped-def]
        t = time.process_time()
        try:
            return replay(*a, **k)
        finally:
            engine[0] += time.process_time() - t

    gameday.replay_game = timed   # type: ignore[assignment]
    digest = hashlib.sha256()
    c0 = time.process_time()
    for run in range(args.first, args.first + args.runs):
        digest.update(repr(simulate_run(setup, run)).encode())
    cpu = time.process_time() - c0
    gameday.replay_game = replay   # type: ignore[assignment]
    n = max(args.runs, 1)
    print(f"runs {args.first}..{args.first + args.runs - 1} of seed {args.seed}, "
          f"{len(setup.pending)} games left: sha256 {digest.hexdigest()}")
    print(f"cpu a run {cpu / n:.3f} s, the engine's games {engine[0] / n:.3f} s "
          f"({engine[0] / cpu if cpu else 0:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
