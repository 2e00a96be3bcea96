"""The texts of the digest's 200 games, written to files: a change to how plays are recorded
must leave them byte for byte as they were.

    python tools/play_snapshot.py DIR            # write the snapshot into DIR
    python tools/play_snapshot.py DIR --check    # play the games again and compare with DIR

The games are those of the engine digest (tests/engine_digest.py: 200 seeded games of the
sample league `pacific`, a frozen copy in tests/data/digest_league). Written, one file each,
every game after a header line `# seed N`:
- plays_en.txt: the play-by-play in English (inning, half, batter, pitcher, outs, score, text);
- plays_ja.txt: the same lines in Japanese (一球速報, as the app shows them);
- codes.txt: each play's compact row ([inning, half, batter, code, outs, away, home], the JSON
  of `impact sim game --json`);
- box_ja.txt, box_en.txt: the box score with its play-by-play in each language;
- data.jsonl: the game's full JSON (`impact sim game --json --detail`: plays, lines, rolls),
  each play's record (new with it) left out.
`--check` exits 1 and names the first differing line of each file that differs.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ("plays_en.txt", "plays_ja.txt", "codes.txt", "box_ja.txt", "box_en.txt", "data.jsonl")


def texts() -> dict[str, str]:
    """Every file's text, from the digest's games played now."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests"))
    from league.engine.boxscore import compact_dict, render, result_dict
    from league.engine.playtext import note_lines, play_lines

    import engine_digest

    out: dict[str, list[str]] = {name: [] for name in FILES}
    for seed, result in engine_digest.digest_games():
        head = f"# seed {seed}"
        for name in FILES:
            if name != "data.jsonl":
                out[name].append(head)
        english, japanese = play_lines(result, False), play_lines(result, True)
        for p, en, ja in zip(result.plays, english, japanese):
            where = f"{p.inning} {p.half} {p.batter} {p.pitcher} {p.outs} {p.score[0]}-{p.score[1]}"
            out["plays_en.txt"].append(f"{where} | {en}")
            out["plays_ja.txt"].append(f"{where} | {ja}")
        compact = compact_dict(result, seed)
        out["codes.txt"].extend(json.dumps(row, ensure_ascii=False) for row in compact["plays"])
        out["box_ja.txt"].append(render(result, lines=japanese, notes=note_lines(result, True)))
        out["box_en.txt"].append(render(result, english=True, lines=english,
                                        notes=note_lines(result, False)))
        data = result_dict(result, seed)
        for play in data["plays"]:      # the record itself is new (tests/engine/test_play_record.py)
            play.pop("record", None)
        out["data.jsonl"].append(json.dumps(data, ensure_ascii=False, sort_keys=True))
    return {name: "\n".join(lines) + "\n" for name, lines in out.items()}


def _near(lines: list[str], i: int, other: list[str]) -> str:
    """Line i, from a little before where it differs from the other's line i (a JSON line is long)."""
    if i >= len(lines):
        return "(end)"
    line, theirs = lines[i], other[i] if i < len(other) else ""
    at = next((k for k, (x, y) in enumerate(zip(line, theirs)) if x != y), min(len(line), len(theirs)))
    start = max(0, at - 60)
    return ("…" if start else "") + line[start:start + 160]


def check(folder: Path) -> int:
    bad = 0
    for name, text in texts().items():
        path = folder / name
        if not path.exists():
            print(f"{name}: missing from {folder}")
            bad += 1
            continue
        was = path.read_text(encoding="utf-8")
        if was == text:
            print(f"{name}: identical")
            continue
        bad += 1
        a, b = was.splitlines(), text.splitlines()
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"{name}: differs at line {first + 1} ({len(a)} lines stored, {len(b)} now)\n"
              f"  stored: {_near(a, first, b)}\n  now:    {_near(b, first, a)}")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--check", action="store_true", help="compare with the snapshot in FOLDER")
    args = ap.parse_args(argv)
    if args.check:
        return check(args.folder)
    args.folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts().items():
        (args.folder / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(FILES)} files to {args.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
