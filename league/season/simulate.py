"""Playing games with computer managers on both sides: single games, runs of games, figures."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Iterator

from league.engine import ENGINE_VERSION
from league.engine.dice import Dice, SeededDice
from league.engine.game import Game, GameResult
from league.engine.lineup import Lineup
from league.engine.ruleset import Ruleset
from league.manager.computer import ComputerManager, make_lineup
from league.season.roster import League


@dataclass(frozen=True, slots=True)
class Matchup:
    """One game to play: the teams and which turn of the rotation starts."""

    away: str
    home: str
    rotation: int = 0


def players_of(league: League) -> dict:
    return {p.id: p for t in league.teams for p in t.players}


def players_as_played(league: League, lineups: Iterable[Lineup]) -> dict:
    """The league's players with every man of a stored game's line-ups on the side he played
    for that day (issue 32): a trade or a move after the game changes his club now, not the
    club the game's line-ups name, so a stored game replays (its line-ups checked, its rolls
    the same) in every later day and version. The cards are the league's, as every replay's."""
    players = players_of(league)
    for lineup in lineups:
        for pid in lineup.men():
            p = players.get(pid)
            if p is not None and p.team != lineup.team:
                players[pid] = replace(p, team=lineup.team)
    return players


def schedule(league: League, count: int, away: str | None = None, home: str | None = None,
             rotation: int = 0) -> list[Matchup]:
    """`count` games: the given teams every time, or the league's pairings in turn."""
    if away is not None or home is not None:
        if away is None or home is None:
            raise ValueError("give both --away and --home, or neither")
        league.team(away)
        league.team(home)
        if away == home:
            raise ValueError(f"a team cannot play itself ({away})")
        return [Matchup(away, home, rotation + k) for k in range(count)]
    pairs = league.pairings()
    return [Matchup(*pairs[k % len(pairs)], rotation + k // len(pairs)) for k in range(count)]


def play_game(league: League, ruleset: Ruleset, matchup: Matchup, dice: Dice,
              players: dict | None = None, *, fatigue: dict[str, int] | None = None,
              starters: tuple[str | None, str | None] = (None, None),
              unavailable: frozenset[str] = frozenset(), quiet: bool = False,
              box: bool = True) -> GameResult:
    """One game of the league with computer managers on both sides.

    `starters` names each side's starting pitcher (else the rotation turn picks him),
    `fatigue` gives pitchers' carried fatigue points, `unavailable` leaves players out
    (e.g. pitchers still resting); `quiet` keeps no roll log and no play text (the lines and
    the raw rolls are the same)."""
    players = players or players_of(league)
    dh = league.dh_for(matchup.home)
    lineups = []
    for code, starter in ((matchup.away, starters[0]), (matchup.home, starters[1])):
        # the farm (二軍) plays no league games
        active = league.team(code).active
        roster = ([p for p in active if p.id not in unavailable or p.id == starter] if unavailable
                  else list(active))
        lineups.append(make_lineup(code, roster, dh, starter=starter, rotation_index=matchup.rotation))
    return replay_game(league, ruleset, lineups[0], lineups[1], dice, players, fatigue=fatigue,
                       quiet=quiet, box=box)


def replay_game(league: League, ruleset: Ruleset, away: Lineup, home: Lineup, dice: Dice,
                players: dict | None = None, *, fatigue: dict[str, int] | None = None,
                quiet: bool = False, hurt: dict[str, int] | None = None,
                platoon: bool = True, splits: bool = True, box: bool = True,
                version: int = ENGINE_VERSION) -> GameResult:
    """Play (or replay, with scripted dice) a game from its line-ups with computer managers,
    under the home team's league's DH rule; `platoon=False` chooses pinch hitters without the
    [platoon] table (the card check: league/cardmaking/cardcheck.py); `splits=False` keeps no lines against
    left and right, `box=False` no box score either (the odds: the score and the pitchers'
    lines only, league.engine.state.GameState). `version`: the engine version whose managers
    choose and whose rules play (a stored game replays by the version that played it)."""
    players = players or players_of(league)
    game = Game(ruleset, players, away, home, ComputerManager(platoon=platoon, version=version),
                ComputerManager(platoon=platoon, version=version), dice,
                dh=league.dh_for(home.team), extra_innings=league.extra_innings, fatigue=fatigue,
                quiet=quiet, hurt=hurt, splits=splits, box=box, version=version)
    return game.play()


def seeded_games(league: League, ruleset: Ruleset, matchups: list[Matchup],
                 seed: int, *, quiet: bool = False, box: bool = True
                 ) -> Iterator[tuple[int, GameResult]]:
    """Play each matchup with seeds seed, seed+1, … (`box=False`: as the odds play them)"""
    players = players_of(league)
    for k, m in enumerate(matchups):
        yield seed + k, play_game(league, ruleset, m, SeededDice(seed + k), players, quiet=quiet,
                                  box=box)
