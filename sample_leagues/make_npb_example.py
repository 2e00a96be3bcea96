"""The example input of `impact cards make`: `python sample_leagues/make_npb_example.py`.

Plays one season of the bundled `pacific` league (fictional players, seeded), writes its
statistics as the professional league's official pages lay them out (Japanese column names,
innings as "143 1/3", handedness as 右投左打) into sample_leagues/npb_example/, and makes the
league those files give with `impact cards make` into sample_leagues/npb_example/league/.
Deterministic: the same files every time.
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


def main() -> None:
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
    OUT.mkdir(exist_ok=True)
    texts = stat_csv_texts(players, japanese=True)
    for kind, text in texts.items():
        (OUT / f"{kind}.csv").write_text(text, encoding="utf-8")
    made = make_from_files(OUT / "batting.csv", OUT / "pitching.csv", OUT / "league",
                           fielding=OUT / "fielding.csv", name="NPB形式の例", code="NPBX",
                           force=True)
    print(f"{OUT}: {len(players)} players; league {made.folder} "
          f"({len(made.made.replacement)} replacement-level cards)")


if __name__ == "__main__":
    main()
