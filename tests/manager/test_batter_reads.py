"""manager.batter_reads: the pitch rolls of a pitcher's row that read the batter's card after a
platoon modifier, counted over the rolls whose modified roll is in 1..100 and the clamped ones
at once — the same count as reading every roll of 1..100 modified and clamped as the engine
does, for every row of a sample league and any modifier."""
from __future__ import annotations

from league.manager.computer import _READS, BATTER_READS, batter_reads


def _every_roll(row, mod: int) -> int:
    lookup = row.lookup
    return sum(lookup[min(100, max(1, roll + mod))] in BATTER_READS for roll in range(1, 101))


def test_batter_reads_counts_as_every_roll_read(pacific):
    rows = [row for t in pacific.teams for p in t.players if p.pitching is not None
            for row in p.pitching.rows.values()]
    assert len(rows) >= 100
    counts = set()
    for row in rows:
        for mod in (*range(-25, 26), -99, -100, -101, -150, 99, 100, 101, 150):
            _READS.clear()
            got = batter_reads(row, mod)
            assert got == _every_roll(row, mod), (row, mod)
            counts.add(got)
    assert len(counts) > 20      # rows of many kinds
