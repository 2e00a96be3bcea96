"""The box score's NPB lines under 本塁打 (issue 29): 二塁打 and 三塁打 with each batter (his count
when more than one) and each team's 残塁 — in English 2B, 3B and LOB. 残塁 by the box score's
proof, 9.03(c): a team's plate appearances are its runs, the men it left on base and the men put
out by the other side."""
from __future__ import annotations

import itertools

from league.engine.boxscore import BAT_FIELDS, left_on_base, render

import engine_digest as digest


def _games(n=60):
    return [result for _seed, result in itertools.islice(digest.digest_games(), n)]


def _count(result, field):
    k = BAT_FIELDS.index(field)
    return {pid: line[k] for _s, pid, line, _p in result.batting if line[k]}


def test_doubles_triples_and_left_on_base_in_both_languages():
    seen_double = seen_triple = seen_twice = False
    for result in _games():
        names = {pid: p.name for pid, p in result.players.items()}
        ja = render(result, plays=False).splitlines()
        en = render(result, plays=False, english=True).splitlines()
        for field, ja_head, en_head in (("2b", "二塁打 ", "2B: "), ("3b", "三塁打 ", "3B: ")):
            count = _count(result, field)
            ja_line = next((x for x in ja if x.startswith(ja_head)), None)
            en_line = next((x for x in en if x.startswith(en_head)), None)
            if not count:
                assert ja_line is None and en_line is None
                continue
            seen_double |= field == "2b"
            seen_triple |= field == "3b"
            ja_items = ja_line[len(ja_head):].split("、")
            en_items = en_line[len(en_head):].split(", ")
            assert len(ja_items) == len(en_items) == len(count)
            for (pid, n), ja_item, en_item in zip(count.items(), ja_items, en_items):
                assert ja_item == names[pid] + (str(n) if n > 1 else "")
                assert en_item == names[pid] + (f" {n}" if n > 1 else "")
                seen_twice |= n > 1
        lob = [left_on_base(result, side) for side in (0, 1)]
        half_innings = [len(result.innings[side]) for side in (0, 1)]
        for side in (0, 1):
            # never negative, never more than three men a half-inning
            assert 0 <= lob[side] <= 3 * half_innings[side]
        assert f"残塁 {result.away} {lob[0]}、{result.home} {lob[1]}" in ja
        assert f"LOB: {result.away} {lob[0]}, {result.home} {lob[1]}" in en
    assert seen_double and seen_triple and seen_twice


def test_left_on_base_is_the_runners_on_base_as_each_half_inning_ends():
    """The proof's 残塁 against the play record: the men on base after each half-inning's last
    play (a walk-off's runners too), counted for the batting side."""
    for result in _games(100):
        last = {}
        for play, event in zip(result.plays, result.events):
            last[(play.inning, play.half)] = event
        on_base = [0, 0]
        for (_inning, half), event in last.items():
            on_base[0 if half == "top" else 1] += sum(1 for runner in event.after if runner)
        assert on_base == [left_on_base(result, 0), left_on_base(result, 1)]
