"""A stored league's digest, table by table: what a change to storage must leave as it was.

    python tools/season_digest.py FILE.sqlite3 [--rows]

Every row of the tables a simulated season writes (the schedule and results, the games' data,
the batting, pitching, fielding and split lines, the pitchers' rest, the starters, the farm and
injury standings, the cards' roster cells, the transactions and the news), sorted, without the
moments things were written (`*_at`) and without the surrogate ids of the tables whose rows are
replaced as the season goes (rest, standings); a sha256 for each table and one for them all.
Two runs of the same season (another build, another way of storing) must print the same.
"""
from __future__ import annotations

import argparse
import hashlib
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

TABLES = ("season_schedule", "game_game", "game_batting", "game_pitching", "game_fielding",
          "game_batting_split", "season_pitcher_rest", "season_team", "season_roster",
          "league_card", "league_transaction", "season_season")
NO_ID = {"season_pitcher_rest", "season_roster"}


def table_rows(conn: sqlite3.Connection, table: str) -> list[tuple]:
    """The table's rows as compared: no `*_at` column, no id where rows are replaced."""
    cols = [r[1] for r in conn.execute(f"pragma table_info({table})")]
    keep = [c for c in cols if not c.endswith("_at") and not (c == "id" and table in NO_ID)]
    rows = conn.execute(f"select {', '.join(keep)} from {table}").fetchall()
    return sorted(rows, key=repr)


def digest(path: str, *, each_row: Callable[[str, tuple], None] | None = None
           ) -> dict[str, tuple[int, str]]:
    """Each table's (rows, sha256) and the whole's under 'all'; `each_row(table, row)` is told
    every compared row as it is read."""
    conn = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)   # never made
    out: dict[str, tuple[int, str]] = {}
    whole = hashlib.sha256()
    for table in TABLES:
        h = hashlib.sha256()
        rows = table_rows(conn, table)
        for r in rows:
            if each_row is not None:
                each_row(table, r)
            h.update(repr(r).encode())
        out[table] = (len(rows), h.hexdigest())
        whole.update(h.digest())
    out["all"] = (sum(n for n, _ in out.values()), whole.hexdigest())
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="season_digest.py", description=__doc__.split("\n\n")[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", metavar="FILE.sqlite3", help="a stored league (SQLite)")
    ap.add_argument("--rows", action="store_true",
                    help="print every compared row too (table, then the row), to find a difference")
    args = ap.parse_args(argv)
    if not Path(args.file).is_file():
        print(f"season_digest.py: no such file: {args.file}", file=sys.stderr)
        return 2
    try:
        tables = digest(args.file, each_row=(lambda table, r: print(f"{table}\t{r!r}"))
                        if args.rows else None)
    except sqlite3.DatabaseError as exc:
        print(f"season_digest.py: {args.file}: {exc}", file=sys.stderr)
        return 2
    for table, (n, h) in tables.items():
        print(f"{table:22} {n:7} {h}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
