"""The engine digest: 200 seeded games of the sample league, one fingerprint per game.

The league is a frozen copy of the bundled 6-team league `pacific` as it was when the digest was
recorded (tests/data/digest_league), not sample_leagues/pacific itself: the digest fingerprints
the engine, and an engine version names the games it plays (tests/data/engine_versions.txt), so
retuning the bundled cards (sample_leagues/generate.py) must not look like a new engine, nor an
engine change hide behind new cards.

A fingerprint covers every roll (purpose, raw, modifiers, modified, table, row, result), every
play of the play-by-play, the line score, every batting, pitching and fielding line and the
pitching decisions. `tests/engine/test_engine_digest.py` plays the games again and compares, so a change
made for speed cannot alter a single roll or play.

A change that is *meant* to change games (a rule, official scoring) regenerates the file on
purpose, and says so in its commit:

    python tests/engine_digest.py --write
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

DIGEST_FILE = Path(__file__).parent / "data" / "engine_digest.txt"
VERSIONS_FILE = Path(__file__).parent / "data" / "engine_versions.txt"
LEAGUE_DIR = Path(__file__).parent / "data" / "digest_league"   # pacific before issue 29 retuned it
GAMES = 200
SEED = 1


def fingerprint(result) -> str:
    """A short hash of everything a game leaves."""
    h = hashlib.sha256()
    for r in result.rolls:
        h.update(repr(tuple(r)).encode())
    h.update(b"|plays|")
    for p in result.plays:
        h.update(repr(tuple(p)).encode())
    h.update(repr((result.innings, result.runs, result.hits, result.errors, result.winner,
                   result.final_inning, result.notes)).encode())
    h.update(repr([(s, pid, list(line), pos) for s, pid, line, pos in result.batting]).encode())
    h.update(repr([(s, pid, list(line)) for s, pid, line in result.pitching]).encode())
    h.update(repr([(s, pid, list(line)) for s, pid, line in result.fielding]).encode())
    h.update(repr(sorted(result.decisions.items())).encode())
    h.update(repr(result.home_runs).encode())
    return h.hexdigest()[:20]


def lines_fingerprint(result) -> str:
    """What a quiet game keeps: line score, lines and decisions (no roll log, no play text)."""
    h = hashlib.sha256()
    h.update(repr((result.innings, result.runs, result.hits, result.errors, result.winner,
                   result.final_inning)).encode())
    h.update(repr([(s, pid, list(line), pos) for s, pid, line, pos in result.batting]).encode())
    h.update(repr([(s, pid, list(line)) for s, pid, line in result.pitching]).encode())
    h.update(repr([(s, pid, list(line)) for s, pid, line in result.fielding]).encode())
    h.update(repr(sorted(result.decisions.items())).encode())
    return h.hexdigest()[:20]


def digest_games(**play_options):
    """The 200 games, played now: (seed, result) pairs."""
    from league.season.simulate import schedule, seeded_games
    from storage.plainfiles import load_league
    from storage.rulesets import shipped_ruleset

    league = load_league(LEAGUE_DIR)
    ruleset = shipped_ruleset("standard")
    return seeded_games(league, ruleset, schedule(league, GAMES), SEED, **play_options)


def current() -> list[str]:
    return [f"{seed} {fingerprint(result)}" for seed, result in digest_games()]


def stored() -> list[str]:
    return [ln for ln in DIGEST_FILE.read_text(encoding="utf-8").splitlines()
            if ln and not ln.startswith("#")]


def digest_hash(lines: list[str]) -> str:
    """One hash of the 200 fingerprints: the games an engine version plays."""
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:20]


def versions() -> dict[int, str]:
    """league.engine.ENGINE_VERSION -> the digest of the games it plays (tests/data)."""
    out: dict[int, str] = {}
    for ln in VERSIONS_FILE.read_text(encoding="utf-8").splitlines():
        if ln and not ln.startswith("#"):
            number, h = ln.split()
            out[int(number)] = h
    return out


def main(argv: list[str]) -> int:
    from league.engine import ENGINE_VERSION
    if "--write" not in argv:
        bad = [(a, b) for a, b in zip(current(), stored()) if a != b]
        print("digest matches" if not bad else f"{len(bad)} games differ, first: {bad[0]}")
        return 1 if bad else 0
    lines = current()
    h = digest_hash(lines)
    known = versions()
    if known.get(ENGINE_VERSION, h) != h:
        print(f"the games changed, and engine version {ENGINE_VERSION} already names other games: "
              "raise ENGINE_VERSION in league/engine/__init__.py (a stored game says which "
              "version played it), then write again")
        return 1
    known[ENGINE_VERSION] = h
    DIGEST_FILE.write_text(
        "# seed fingerprint — 200 seeded games of the sample league (tests/engine_digest.py).\n"
        "# Regenerate only for a change meant to alter games: python tests/engine_digest.py --write\n"
        + "\n".join(lines) + "\n", encoding="utf-8")
    VERSIONS_FILE.write_text(
        "# engine version -> hash of the digest's 200 games it plays (tests/engine_digest.py)\n"
        + "".join(f"{v} {known[v]}\n" for v in sorted(known)), encoding="utf-8")
    print(f"wrote {len(lines)} fingerprints to {DIGEST_FILE} (engine version {ENGINE_VERSION})")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main(sys.argv[1:]))
