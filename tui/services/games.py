"""Stored games: the box score (with play-by-play and roll log) and a replay from the rolls."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from league.boxscore import render, result_dict
from league.dice import ScriptedDice
from league.game import GameResult
from league.simulate import players_of, replay_game
from storage import repository as repo
from storage.db import session
from tui.services.db import engine_for
from tui.services.seasons import _ruleset


@dataclass(frozen=True)
class BoxScore:
    number: int
    day: date
    text: str
    data: dict
    result: GameResult


def boxscore(db: str | Path | None, number: int, league: str | None = None,
             season: int | None = None, *, plays: bool = True) -> BoxScore:
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        result, _data, seed = repo.game_result(session=s, slot=slot, players=players_of(lg))
    names = {t.code: t.short or t.name for t in lg.teams}
    data = result_dict(result, seed)
    data.update({"number": slot.number, "day": slot.day.isoformat(), "season": info.number})
    return BoxScore(slot.number, slot.day, render(result, names, plays=plays), data, result)


def replay(db: str | Path | None, number: int, league: str | None = None,
           season: int | None = None) -> tuple[GameResult, GameResult]:
    """A stored game and the same game played again from its line-ups, fatigue and raw rolls."""
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        slot = repo.find_game(session=s, season_id=info.id, number=number)
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        rs_name, options = repo.ruleset_of(session=s, league_id=row.id)
        stored, data, _seed = repo.game_result(session=s, slot=slot, players=players_of(lg))
    away, home = stored.lineups
    again = replay_game(lg, _ruleset(rs_name, options), away, home,
                        ScriptedDice(raw_rolls(stored)), players_of(lg),
                        fatigue=dict(data.get("fatigue", {})))
    return stored, again


def raw_rolls(result: GameResult) -> list[int]:
    """The dice rolled in a game, in order, from its roll log (every entry is a real roll)."""
    return [r.raw for r in result.rolls]


__all__ = ["BoxScore", "boxscore", "replay", "raw_rolls"]
