"""The engine digest: 200 seeded games must come out roll for roll and play for play as recorded.

Speed work may change how the engine is written, never what it plays. A change meant to alter
games (a rule, official scoring) regenerates tests/data/engine_digest.txt deliberately:
`python tests/engine_digest.py --write` (see tests/engine_digest.py), after raising
league.engine.ENGINE_VERSION: each version names the games it plays (tests/data/engine_versions.txt).
"""
from __future__ import annotations

import engine_digest as digest


def test_two_hundred_seeded_games_match_the_recorded_digest():
    stored = digest.stored()
    assert len(stored) == digest.GAMES
    now = digest.current()
    differ = [(a, b) for a, b in zip(now, stored) if a != b]
    assert not differ, (f"{len(differ)} of {digest.GAMES} games changed; first (now, recorded): "
                        f"{differ[0]}. If the change is meant to alter games, regenerate with "
                        "`python tests/engine_digest.py --write`")


def test_a_quiet_game_keeps_the_same_lines_and_raw_rolls_without_log_or_text():
    loud = list(digest.digest_games())[:60]
    quiet = list(digest.digest_games(quiet=True))[:60]
    for (seed, a), (_, b) in zip(loud, quiet):
        assert b.rolls == [] and b.plays == []
        assert b.raws == [r.raw for r in a.rolls], f"seed {seed}: raw rolls differ"
        assert digest.lines_fingerprint(a) == digest.lines_fingerprint(b), f"seed {seed}"


def test_the_engine_version_names_the_games_it_plays():
    """A stored game says which engine version played it (league.engine.ENGINE_VERSION): a change
    that alters the digest's games must raise the version, or stored games of the old version
    and the new would claim the same engine. tests/data/engine_versions.txt keeps each version's
    digest; `python tests/engine_digest.py --write` refuses to change a version's games."""
    from league.engine import ENGINE_VERSION
    known = digest.versions()
    assert known.get(ENGINE_VERSION) == digest.digest_hash(digest.stored()), (
        f"the recorded digest is not engine version {ENGINE_VERSION}'s: raise ENGINE_VERSION in "
        "league/engine/__init__.py and regenerate with `python tests/engine_digest.py --write`")
    assert max(known) == ENGINE_VERSION
