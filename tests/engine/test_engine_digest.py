"""The engine digest: 200 seeded games must come out roll for roll and play for play as recorded.

Speed work may change how the engine is written, never what it plays. A change meant to alter
games (a rule, official scoring) regenerates tests/data/engine_digest.txt deliberately:
`python tests/engine_digest.py --write` (see tests/engine_digest.py), after raising
league.engine.ENGINE_VERSION: each version names the games it plays (tests/data/engine_versions.txt).
"""
from __future__ import annotations

import functools

import pytest

import engine_digest as digest


def test_two_hundred_seeded_games_match_the_recorded_digest():
    stored = digest.stored()
    assert len(stored) == digest.GAMES
    now = digest.current()
    differ = [(a, b) for a, b in zip(now, stored) if a != b]
    assert not differ, (f"{len(differ)} of {digest.GAMES} games changed; first (now, recorded): "
                        f"{differ[0]}. If the change is meant to alter games, regenerate with "
                        "`python tests/engine_digest.py --write`")


def test_a_hundred_seeded_games_without_the_dh_match_the_recorded_digest():
    """The digest's league without the DH (engine version 4 on): the pitchers bat, the computer
    manager hits for them (docs/manager.md, "In the game": the starter bats for himself while he
    goes on pitching) and a reliever takes the slot — the compiled build plays them too."""
    stored = digest.stored(dh=False)
    assert len(stored) == digest.NO_DH_GAMES
    now = digest.current(dh=False)
    differ = [(a, b) for a, b in zip(now, stored) if a != b]
    assert not differ, (f"{len(differ)} of {digest.NO_DH_GAMES} games without the DH changed; "
                        f"first (now, recorded): {differ[0]}. If the change is meant to alter "
                        "games, regenerate with `python tests/engine_digest.py --write`")


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
    assert known.get(ENGINE_VERSION) == digest.digest_hash(digest.stored(),
                                                           digest.stored(dh=False)), (
        f"the recorded digest is not engine version {ENGINE_VERSION}'s: raise ENGINE_VERSION in "
        "league/engine/__init__.py and regenerate with `python tests/engine_digest.py --write`")
    assert max(known) == ENGINE_VERSION


@pytest.mark.parametrize("version", [5, 6])
def test_an_older_versions_games_replay_as_it_played_them(monkeypatch, version):
    """A stored or saved game replays by the engine version that played it (GameState.version,
    passed by replay_game): the digest's games played by version 5 or 6 hash as that version
    recorded them (tests/data/engine_versions.txt) — version 6's errors charged to the fielder of
    the raw defense roll, version 5's grounders to its fielders, not today's."""
    import league.season.simulate as simulate
    monkeypatch.setattr(simulate, "replay_game", functools.partial(simulate.replay_game,
                                                                   version=version))
    assert digest.digest_hash(digest.current(), digest.current(dh=False)) == \
        digest.versions()[version]


def test_a_game_without_its_box_score_is_the_same_game():
    """The odds' games (box=False, issue 34): no batting or fielding lines, no decisions, no roll
    log or play text, and the same game as the full record: the same dice drawn one by one, the
    same line score and winner, the same pitchers' lines (their rest follows from them)."""
    full = list(digest.digest_games())
    bare = list(digest.digest_games(box=False))
    assert len(full) == len(bare) == digest.GAMES
    for (seed, a), (_, b) in zip(full, bare):
        assert (b.batting, b.fielding, b.decisions, b.rolls, b.plays, b.events, b.splits) == (
            [], [], {}, [], [], [], []), f"seed {seed}: a box score was kept"
        assert len(b.raws) == len(a.raws) and b.raws == [r.raw for r in a.rolls], (
            f"seed {seed}: other dice")
        assert (b.runs, b.winner, b.innings, b.final_inning, b.hits, b.errors, b.notes) == (
            a.runs, a.winner, a.innings, a.final_inning, a.hits, a.errors, a.notes), f"seed {seed}"
        assert ([(s, pid, list(line)) for s, pid, line in b.pitching]
                == [(s, pid, list(line)) for s, pid, line in a.pitching]), f"seed {seed}"
        assert (b.injuries, b.home_runs) == (a.injuries, a.home_runs), f"seed {seed}"
    assert len({a.runs[0] * 100 + a.runs[1] for _, a in full}) > 20     # many different games
