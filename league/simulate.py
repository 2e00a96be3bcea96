"""Playing games with computer managers on both sides: single games, runs of games, figures."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from league.dice import Dice, SeededDice
from league.game import Game, GameResult
from league.manager import ComputerManager, make_lineup
from league.roster import League
from league.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Matchup:
    """One game to play: the teams and which turn of the rotation starts."""

    away: str
    home: str
    rotation: int = 0


def players_of(league: League) -> dict:
    return {p.id: p for t in league.teams for p in t.players}


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
              players: dict | None = None) -> GameResult:
    """One game of the league with computer managers on both sides."""
    players = players or players_of(league)
    dh = league.dh
    away = make_lineup(matchup.away, list(league.team(matchup.away).players), dh,
                       rotation_index=matchup.rotation)
    home = make_lineup(matchup.home, list(league.team(matchup.home).players), dh,
                       rotation_index=matchup.rotation)
    game = Game(ruleset, players, away, home, ComputerManager(), ComputerManager(), dice, dh=dh,
                extra_innings=league.extra_innings)
    return game.play()


def seeded_games(league: League, ruleset: Ruleset, matchups: list[Matchup],
                 seed: int) -> Iterator[tuple[int, GameResult]]:
    """Play each matchup with seeds seed, seed+1, …"""
    players = players_of(league)
    for k, m in enumerate(matchups):
        yield seed + k, play_game(league, ruleset, m, SeededDice(seed + k), players)
