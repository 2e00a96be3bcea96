"""The example input of `impact cards make`: `python sample_leagues/make_npb_example.py [--out DIR]`.

Plays one season of the bundled `pacific` league (fictional players, seeded), writes its
statistics as the professional league's official pages lay them out (Japanese column names,
innings as "143 1/3", handedness as 右投左打) into sample_leagues/npb_example/ (or DIR), and
makes the league those files give with `impact cards make` into its league/ folder.

Deterministic for one version of the program: the same files every time. The shipped statistics
(batting, pitching, fielding .csv) were played on 1 December 2026 (commit 77289bf), and their
league/ has been remade from them with `impact cards make` as the card generator changed; the
season itself has played differently since (the engine's versions, the computer managers' depth
and rest), so a run today writes other figures, and a 27-man roster where the shipped league has
22. The shipped statistics stay as they are (the example the README shows and the tests read);
`--out DIR` writes a fresh example elsewhere.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from league.cardmaking.cardcheck import play_season, stat_players  # noqa: E402
from league.season.schedule import make_schedule  # noqa: E402
from storage.plainfiles import load_league, sample_league_path  # noqa: E402
from storage.rulesets import load_ruleset  # noqa: E402
from storage.statfiles import stat_csv_texts  # noqa: E402
from tui.services.cards import make_from_files  # noqa: E402

SEED = 2024
OUT = HERE / "npb_example"


def main(argv: list[str] | None = None) -> None:
    import argparse
    ap = argparse.ArgumentParser(description="make the NPB-format example files and league")
    ap.add_argument("--out", type=Path, default=OUT,
                    help="the folder to write (default: the shipped sample_leagues/npb_example)")
    out: Path = ap.parse_args(argv).out
    league = load_league(sample_league_path("pacific"))
    rules = load_ruleset(league.ruleset)
    games = make_schedule([t.code for t in league.teams], games_per_opponent=24, seed=SEED)
    totals = play_season(league, rules, games, SEED)
    players = stat_players(league, totals)
    names = {t.code: t.short for t in league.teams}
    # the official pages name teams, not codes: write the short names
    from league.cardmaking.cardgen import StatPlayer
    players = [StatPlayer(p.key, p.name, names[p.team], p.bats, p.throws, p.batting, p.pitching,
                          p.fielding) for p in players]
    out.mkdir(parents=True, exist_ok=True)
    texts = stat_csv_texts(players, japanese=True)
    for kind, text in texts.items():
        (out / f"{kind}.csv").write_text(text, encoding="utf-8")
    made = make_from_files(out / "batting.csv", out / "pitching.csv", out / "league",
                           fielding=out / "fielding.csv", name="NPB形式の例", code="NPBX",
                           force=True)
    print(f"{out}: {len(players)} players; league {made.folder} "
          f"({len(made.made.replacement)} replacement-level cards)")


if __name__ == "__main__":
    main()
