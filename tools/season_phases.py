"""Where a season's game costs beyond a bench game: the season's games phase by phase (CPU).

    python tools/season_phases.py [--league nippon] [--seed 1] [--rounds 3] [--warm]

Plays a new season of the league without storage as `impact bench --season` does (each game
as league.season.gameday.play_scheduled plays it, its phases timed apart: the farm's checks
before the game, the set-up — who sits out, the starters, the two line-ups —, the engine's
game, the injuries, the rest and the state carried on) and then as many bench games; prints
each phase's CPU time (best of `rounds`), the season game against the bench game, and a
sha256 of the games' line scores, batting and pitching lines (two builds must print the same). `--warm`
sets each game up a second time at once and prints that too: the difference is what the
set-up pays for memory the game before left cold. Run it in the compiled build's tree too
(`IMPACT_MYPYC=1 python setup.py build_ext --inplace`, .ci/run step 3): it says which runs.
A game whose teams cannot field a line-up (the farm mends them) is played by play_scheduled
whole and counted under "mended".
"""
from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--league", default="nippon", help="a sample league's name or a folder")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--warm", action="store_true", help="set each game up twice, the second warm")
    args = ap.parse_args(argv)

    from league.engine import game as engine_module
    from league.engine.dice import SeededDice
    from league.errors import LeagueError
    from league.season import farm
    from league.season.gameday import play_scheduled, rest_after, slot_setup, team_lineup
    from league.season.simulate import replay_game, schedule, seeded_games
    from league.season.state import game_seed
    from tui import services as sv
    from tui.bulkgc import bulk
    from tui.services.folders import sample_league_path

    where = args.league if "/" in args.league else str(sample_league_path(args.league))
    build = "pure Python" if engine_module.__file__.endswith(".py") else "compiled"
    cpu = time.process_time
    best: dict[str, float] = {}
    digest = ""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "phases.sqlite3")
        for r in range(args.rounds):
            sv.create_league(db, f"p{r}", where)
            info = sv.new_season(db, f"p{r}", seed=args.seed)
            state, slots = sv.games_to_play(db, f"p{r}", info.number)
            ruleset = state.ruleset
            took = dict.fromkeys(("before", "set-up", "warm set-up", "engine", "after", "mended",
                                  "bench"), 0.0)
            h = hashlib.sha256()
            with bulk():
                for slot in slots:
                    day, teams = slot.day, (slot.away, slot.home)
                    seed = game_seed(state.season.seed, slot.number)
                    dh = state.league.dh_for(slot.home)
                    t0 = cpu()
                    farm.before_game(state, ruleset, day, teams)
                    took["before"] += cpu() - t0
                    for k in range(2 if args.warm else 1):
                        t1 = cpu()
                        state.hold_reserves(True, teams)
                        try:
                            setup = slot_setup(state, day, *teams)
                            lineups = tuple(team_lineup(state, t, setup, dh=dh,
                                                        platoon=ruleset.platoon) for t in teams)
                        except (LeagueError, ValueError):
                            lineups = ()
                        finally:
                            state.hold_reserves(False)
                        took["warm set-up" if k else "set-up"] += cpu() - t1
                    t2 = cpu()
                    if len(lineups) != 2:
                        # the farm mends a team that cannot field one: the game as the season
                        # plays it, whole (its checks before the game find nothing new)
                        result, rest, starters = play_scheduled(state, ruleset, day, *teams,
                                                                seed, quiet=True)
                        took["mended"] += cpu() - t2
                    else:
                        result = replay_game(state.league, ruleset, lineups[0], lineups[1],
                                             SeededDice(seed), state.players,
                                             fatigue=setup.fatigue, quiet=True,
                                             hurt=farm.hurt_in(state.roster, lineups))
                        t3 = cpu()
                        farm.after_game(state.roster, result, day)
                        rest, starters = rest_after(state.players, result, day,
                                                    setup.fatigue), setup.starters
                        took["engine"] += t3 - t2
                        took["after"] += cpu() - t3
                    t4 = cpu()
                    state.after_game(rest, starters, day, result)
                    took["after"] += cpu() - t4
                    h.update(repr((result.innings, result.batting, result.pitching)).encode())
                t0 = cpu()
                for _ in seeded_games(state.league, ruleset, schedule(state.league, len(slots)),
                                      args.seed, quiet=True):
                    pass
                took["bench"] = cpu() - t0
            digest = h.hexdigest()
            for phase, s in took.items():
                best[phase] = min(best.get(phase, s), s)
        sv.close_all()
    season = sum(best[p] for p in ("before", "set-up", "engine", "after", "mended"))
    print(f"build        {build}; {len(slots)} games of {args.league}, seed {args.seed}, "
          f"best of {args.rounds} (CPU)")
    for phase, s in best.items():
        if phase != "bench" and (s or phase not in ("warm set-up", "mended")):
            print(f"{phase:12s} {s:7.3f} s  {s / max(best['bench'], 1e-9):5.2f} x the bench games")
    print(f"season       {season:7.3f} s  {season / max(best['bench'], 1e-9):5.2f} x the bench "
          f"games ({best['bench']:.3f} s)")
    print(f"games        sha256 {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
