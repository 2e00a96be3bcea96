"""Computer managers use every strategy of chapter 9 over a season's worth of games (issue 3).

360 seeded games of the sample league (a season for six teams) with ComputerManager on both
sides. What shows in the record is counted from the roll logs and the play texts; what leaves no
mark of its own there (infield in, squeeze, a double steal without no check) is counted from the
decisions the computer manager returned, through a counting subclass.
"""
from __future__ import annotations

import collections
import itertools

import league.manager.computer as computer
import league.season.simulate as simulate
from league.engine.state import Runner
from league.manager.computer import ComputerManager
from league.season.simulate import schedule, seeded_games

GAMES = 360


class CountingManager(ComputerManager):
    """The computer manager, counting the strategies it declares."""

    counts: collections.Counter = collections.Counter()

    def defense_call(self, game):
        call = super().defense_call(game)
        self.counts["defense:" + call] += 1
        return call

    def offense_call(self, game):
        call = super().offense_call(game)
        self.counts["offense:" + call[0]] += 1
        return call

    def no_check(self, game):
        answer = super().no_check(game)
        self.counts["no_check"] += bool(answer)
        return answer


def test_every_strategy_is_used_over_a_season(pacific, ruleset, monkeypatch):
    """Issue 3: over a season computer managers use IBB, infield in, aggressive defense, bunt,
    squeeze, hit-and-run, steal (with bonus and stop), double steal and no check."""
    CountingManager.counts = collections.Counter()
    monkeypatch.setattr(simulate, "ComputerManager", CountingManager)
    seen: collections.Counter = collections.Counter()
    for _, result in seeded_games(pacific, ruleset, schedule(pacific, GAMES), 1):
        for r in result.rolls:
            mods = {src for src, _ in r.modifiers}
            if r.purpose == "steal":
                seen["steal"] += 1
                seen["steal:" + r.result] += 1
            if r.purpose == "bunt":
                seen["bunt"] += 1
            if r.purpose == "pitch" and "hit_and_run" in mods:
                seen["hit_and_run"] += 1
            if r.purpose == "pitch" and "stop" in mods:
                seen["stop_pitch"] += 1
            if r.purpose == "defense" and "aggressive" in mods:
                seen["aggressive"] += 1
        for p in result.plays:
            if p.text.endswith(": intentional walk"):
                seen["ibb"] += 1
            if "stops (steal of" in p.text:
                seen["stop"] += 1
            if p.text.startswith("no check"):
                seen["no_check_play"] += 1
    c = CountingManager.counts
    # from the roll logs and play texts
    assert seen["ibb"] >= 1, "intentional walk"
    assert seen["aggressive"] >= 1, "aggressive defense"
    assert seen["bunt"] >= 1, "bunt"
    assert seen["hit_and_run"] >= 1, "hit-and-run"
    assert seen["steal"] >= 1, "steal"
    assert seen["steal:bonus"] >= 1, "bonus"
    assert seen["steal:stolen"] >= 1 and seen["steal:picked_off"] >= 1 and seen["steal:choice"] >= 1
    assert seen["stop"] >= 1 and seen["stop_pitch"] >= 1, "stop (+5 on the next pitch)"
    assert seen["no_check_play"] >= 1, "no check"
    # from the decisions (no mark of their own in the log)
    assert c["defense:ibb"] == seen["ibb"]
    assert c["defense:infield_in"] >= 1, "infield in"
    assert c["offense:squeeze"] >= 1, "squeeze"
    assert c["offense:bunt"] >= 1
    assert c["offense:double_steal"] >= 1, "double steal"
    assert c["no_check"] == seen["no_check_play"]


class SituationsManager(ComputerManager):
    """The computer manager that, at each offense call it is asked in a game, also answers it in
    varied situations (outs, runners, score, inning) with and without its fast path
    (computer._no_offense_call), keeping both answers."""

    pairs: list = []

    def offense_call(self, game):
        if len(self.pairs) < 60_000:
            self._vary(game)
        return super().offense_call(game)

    def _vary(self, game):
        o = game.sides[game.half]
        # the fastest of the order (so that a double steal may be called), or the men on base
        others = [pid for pid in o.order if pid != o.order[o.batting_index]]
        others.sort(key=lambda pid: -game.batting_card(pid).SR)
        men = [Runner(pid, "", True) for pid in others[:3]]
        bases, score, outs, inning = list(game.bases), list(game.score), game.outs, game.inning
        fast = computer._no_offense_call
        try:
            for game.outs, game.inning, lead, taken in itertools.product(
                    range(3), (1, 6, 7, 9), range(-5, 5), itertools.product((0, 1), repeat=3)):
                for b in (1, 2, 3):
                    game.bases[b] = (bases[b] or men[b - 1]) if taken[b - 1] else None
                game.score[o.index], game.score[1 - o.index] = max(lead, 0), max(-lead, 0)
                quick = super().offense_call(game)
                computer._no_offense_call = lambda *args: False
                try:
                    full = super().offense_call(game)
                finally:
                    computer._no_offense_call = fast
                self.pairs.append((quick, full, fast(game.outs, *game.bases[1:4], lead,
                                                     game.inning)))
        finally:
            game.bases[:] = bases
            game.score[:] = score
            game.outs, game.inning = outs, inning


def test_the_offense_calls_fast_path_answers_as_the_full_one(pacific, ruleset, monkeypatch):
    """offense_call's answer read from the outs, runners, score and inning before any card
    (`_no_offense_call`: none) is the one its full reading gives, over varied situations of the
    batters, runners and catchers of real games; and some of them are calls."""
    SituationsManager.pairs = []
    monkeypatch.setattr(simulate, "ComputerManager", SituationsManager)
    for _ in seeded_games(pacific, ruleset, schedule(pacific, 12), 1):
        pass
    pairs = SituationsManager.pairs
    assert len(pairs) >= 20_000
    assert [q for q, f, _ in pairs] == [f for q, f, _ in pairs]
    assert sum(early for _, _, early in pairs) >= len(pairs) // 3    # the fast path answers
    kinds = collections.Counter(f[0] for q, f, _ in pairs)
    assert {"bunt", "steal", "double_steal", "squeeze", "hit_and_run", "none"} <= set(kinds)
