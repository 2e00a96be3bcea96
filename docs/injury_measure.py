"""Measure injuries and the farm over simulated seasons of a league (docs/injuries.md).

    python docs/injury_measure.py [LEAGUE] [SEASONS]      # default: nippon 2

Plays whole seasons in memory, quiet, exactly as `impact season sim` and `impact calibrate` do
(computer managers, the farm and the shipped ruleset's injuries), and prints per season and team:
accidents, player-games lost to injury (an injured player of the team on a day the team plays),
players injured on an average game day, call-ups and demotions, and pitchers used.
"""
from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league.season.calibration import FIRST_YEAR, season_calendar  # noqa: E402
from league.season.simulate import players_of  # noqa: E402
from league.season.state import SeasonState, game_seed, play_scheduled  # noqa: E402
from storage.plainfiles import load_league, sample_league_path  # noqa: E402
from storage.rulesets import load_ruleset  # noqa: E402


def measure(league_name: str, seasons: int, seed: int = 1) -> list[dict[str, float]]:
    league = load_league(sample_league_path(league_name))
    ruleset = load_ruleset(league.ruleset)
    players = players_of(league)
    team_of = {p.id: t.code for t in league.teams for p in t.players}
    rows = []
    for s in range(seasons):
        season_seed = seed + s
        state = SeasonState(league=league, players=players)
        accidents: dict[str, int] = defaultdict(int)
        lost: dict[str, int] = defaultdict(int)
        games: dict[str, int] = defaultdict(int)
        pitched: dict[str, set[str]] = defaultdict(set)
        for slot in season_calendar(league, FIRST_YEAR + s, season_seed):
            hurt = state.roster.injured()
            for team in (slot.away, slot.home):
                games[team] += 1
                lost[team] += sum(1 for pid in hurt if team_of.get(pid) == team)
            result, rest, starters = play_scheduled(
                state, ruleset, slot.day, slot.away, slot.home,
                game_seed(season_seed, slot.number), quiet=True)
            state.after_game(rest, starters)
            for pid in result.injuries:
                accidents[team_of[pid]] += 1
            for _side, pid, _line in result.pitching:
                pitched[team_of[pid]].add(pid)
        moves = state.roster.moves
        teams = [t.code for t in league.teams]
        n = len(teams)
        rows.append({
            "season": s + 1,
            "accidents": sum(accidents.values()) / n,
            "lost": sum(lost.values()) / n,
            "per_day": sum(lost.values()) / sum(games.values()),
            "ups": sum(1 for m in moves if m.kind == "up") / n,
            "downs": sum(1 for m in moves if m.kind == "down") / n,
            "pitchers": sum(len(pitched[t]) for t in teams) / n,
            "pitchers_min": min(len(pitched[t]) for t in teams),
            "pitchers_max": max(len(pitched[t]) for t in teams),
        })
    return rows


def main() -> None:
    league = sys.argv[1] if len(sys.argv) > 1 else "nippon"
    seasons = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    print("season  accidents/team  player-games lost/team  injured per game day  "
          "call-ups/team  demotions/team  pitchers used/team")
    for r in measure(league, seasons):
        print(f"{r['season']:>6}  {r['accidents']:>14.1f}  {r['lost']:>22.0f}  {r['per_day']:>20.2f}  "
              f"{r['ups']:>13.1f}  {r['downs']:>14.1f}  {r['pitchers']:>9.1f} "
              f"({r['pitchers_min']}–{r['pitchers_max']})")


if __name__ == "__main__":
    main()
