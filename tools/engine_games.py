"""Play N seeded games of a league as `impact bench` plays them, for instruction counts.

    python tools/engine_games.py N [--kind full|quiet|odds] [--league nippon]

Nothing is printed: run it under valgrind twice, with N games and with none, and the difference
over N is a game's instructions (the league read and the imports cancel out), e.g.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python tools/engine_games.py 50 --kind full
    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python tools/engine_games.py 0 --kind full

`full` keeps the roll log and the play-by-play (as `impact bench`'s "full record"), `quiet`
neither (a season's games), `odds` no box score either (the pennant odds' games). The games are
those of `impact bench --games N --seed 1` on the same league.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.season.simulate import schedule, seeded_games  # noqa: E402
from tui.bulkgc import bulk  # noqa: E402
from tui.cli.main import _league, _league_folder, _ruleset  # noqa: E402

KINDS = {"full": (False, True), "quiet": (True, True), "odds": (True, False)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", type=int)
    ap.add_argument("--kind", choices=sorted(KINDS), default="full")
    ap.add_argument("--league", default=None, help="a sample league's name or a folder")
    args = ap.parse_args(argv)
    quiet, box = KINDS[args.kind]
    folder = _league_folder(args.league, "nippon") if args.league else None
    lg = _league(folder)
    rs = _ruleset(lg, None, folder)
    matchups = schedule(lg, args.games)
    with bulk():
        for _ in seeded_games(lg, rs, matchups, 1, quiet=quiet, box=box):
            pass


if __name__ == "__main__":
    main()
