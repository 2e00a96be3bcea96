"""How fast a league reads back after many stored seasons (issue 14: standings and leaders in
≤ 100 ms after ten seasons).

    python tools/read_bench.py [--seasons 10] [--db FILE] [--league nippon]

Builds the league in an SQLite file (kept: run it again with the same --db to time again without
rebuilding) with N whole seasons, postseason included, then prints the best of five timings of
what the app and the CLI read: standings, batting and pitching leaders (the latest season and the
first), team stats and one player's page. Sums are done in SQL; no card is parsed for standings.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tui import services as sv  # noqa: E402


def build(db: str, league: str, seasons: int) -> None:
    sv.create_league(db, league, league)
    for n in range(seasons):
        t = time.perf_counter()
        if n:
            sv.close_season(db)
        sv.new_season(db)
        sv.sim_days(db, to_end=True)
        sv.start_postseason(db)
        sv.sim_postseason(db)
        print(f"season {n + 1} played and stored in {time.perf_counter() - t:.1f} s", flush=True)


def best_ms(f, *args, **kwargs) -> float:
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        f(*args, **kwargs)
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seasons", type=int, default=10)
    ap.add_argument("--db", default="read_bench.sqlite3")
    ap.add_argument("--league", default="nippon")
    a = ap.parse_args()
    if not Path(a.db).exists():
        build(a.db, a.league, a.seasons)
    size = Path(a.db).stat().st_size / 1e6
    print(f"database {a.db}: {size:.1f} MB, {sv.season_info(a.db).number} seasons")
    player = sv.open_league(a.db).teams[0].players[2].id
    for name, f, args, kwargs in (
            ("standings", sv.standings, (a.db,), {}),
            ("leaders batting (AVG)", sv.leaders, (a.db,), {"kind": "batting"}),
            ("leaders pitching (ERA)", sv.leaders, (a.db,), {"kind": "pitching"}),
            ("leaders batting, season 1", sv.leaders, (a.db,), {"kind": "batting", "season": 1}),
            ("team stats", sv.team_stats, (a.db,), {}),
            (f"player {player}", sv.player, (a.db, player), {})):
        print(f"{name:28} {best_ms(f, *args, **kwargs):7.1f} ms")


if __name__ == "__main__":
    main()
