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

The league has the DH, so its pitchers never bat: a second, shorter digest plays the same league
without it (tests/data/engine_digest_no_dh.txt, from engine version 4), where the computer manager
hits for its pitchers and a reliever takes the slot.

A change that is *meant* to change games (a rule, official scoring, the computer manager's
choices) regenerates the files on purpose, and says so in its commit:

    python tests/engine_digest.py --write
"""
from __future__ import annotations

import dataclasses
import hashlib
import sys
from pathlib import Path

DIGEST_FILE = Path(__file__).parent / "data" / "engine_digest.txt"
NO_DH_FILE = Path(__file__).parent / "data" / "engine_digest_no_dh.txt"
VERSIONS_FILE = Path(__file__).parent / "data" / "engine_versions.txt"
LEAGUE_DIR = Path(__file__).parent / "data" / "digest_league"   # pacific before issue 29 retuned it
GAMES = 200
NO_DH_GAMES = 100    # the digest's league without the DH: the pitchers bat
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


def digest_games(*, dh: bool = True, **play_options):
    """The 200 games, played now: (seed, result) pairs; `dh=False`, the 100 of the league
    without the DH."""
    from league.season.simulate import schedule, seeded_games
    from storage.plainfiles import load_league
    from storage.rulesets import shipped_ruleset

    league = load_league(LEAGUE_DIR)
    if not dh:
        league = dataclasses.replace(league, dh=False)
    ruleset = shipped_ruleset("standard")
    games = GAMES if dh else NO_DH_GAMES
    return seeded_games(league, ruleset, schedule(league, games), SEED, **play_options)


def current(*, dh: bool = True) -> list[str]:
    return [f"{seed} {fingerprint(result)}" for seed, result in digest_games(dh=dh)]


def stored(*, dh: bool = True) -> list[str]:
    path = DIGEST_FILE if dh else NO_DH_FILE
    return [ln for ln in path.read_text(encoding="utf-8").splitlines()
            if ln and not ln.startswith("#")]


def digest_hash(lines: list[str], no_dh: list[str] | None = None) -> str:
    """One hash of the 200 fingerprints and the 100 without the DH: the games an engine version
    plays (versions before 4 hashed the 200 alone)."""
    return hashlib.sha256("\n".join(lines + (no_dh or [])).encode("utf-8")).hexdigest()[:20]


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
        bad = [(a, b) for dh in (True, False) for a, b in zip(current(dh=dh), stored(dh=dh))
               if a != b]
        print("digest matches" if not bad else f"{len(bad)} games differ, first: {bad[0]}")
        return 1 if bad else 0
    lines = current()
    no_dh = current(dh=False)
    h = digest_hash(lines, no_dh)
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
    NO_DH_FILE.write_text(
        "# seed fingerprint — 100 seeded games of the sample league without the DH "
        "(tests/engine_digest.py).\n"
        "# Regenerate only for a change meant to alter games: python tests/engine_digest.py --write\n"
        + "\n".join(no_dh) + "\n", encoding="utf-8")
    VERSIONS_FILE.write_text(
        "# engine version -> hash of the digest's 200 games it plays and, from 4, the 100 without "
        "the DH\n# (tests/engine_digest.py)\n"
        + "".join(f"{v} {known[v]}\n" for v in sorted(known)), encoding="utf-8")
    print(f"wrote {len(lines)} fingerprints to {DIGEST_FILE} (engine version {ENGINE_VERSION})")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main(sys.argv[1:]))
