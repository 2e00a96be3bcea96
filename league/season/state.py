"""The season's rules between games: the rotation turn, line-ups from the manager's saved orders,
the pitchers' rest, and each scheduled game's seed.

Pure: the service layer reads the season's state from storage into a `SeasonState`, asks these
functions how each game starts, plays it, and stores what `rest_after` says. The CLI, the app
and the tests share this one copy.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from league.engine.game import GameResult
from league.manager.rest import PitcherRest
from league.manager.usage import TeamUsage, team_usage
from league.season import farm

# a scheduled game's set-up and the rest after it, compiled with the engine (league/season/gameday.py)
from league.season.gameday import (  # noqa: F401
    RELIEF_FATIGUE_OK,
    SlotSetup,
    carry_game,
    play_scheduled,
    rest_after,
    rotation,
    rotation_of,
    sitting,
    slot_setup,
    team_lineup,
    team_roles,
    with_bullpen,
)
from league.season.roster import ROTATION_SIZE, League  # noqa: F401 - ROTATION_SIZE: the season's name for it

SEED_STRIDE = 100_000


@dataclass(kw_only=True)
class SeasonState:
    """What deciding a season's next game needs: the season's league (its cards), every player,
    each pitcher's rest, each team's last starter and the manager's saved choices
    (`prefs[team]` holds "order", "rotation", "bullpen", "reserves")."""

    league: League
    players: dict
    rest: dict[str, PitcherRest] = dataclasses.field(default_factory=dict)
    last: dict[str, str | None] = dataclasses.field(default_factory=dict)
    prefs: dict[str, dict[str, list]] = dataclasses.field(default_factory=dict)
    # the farm and injuries carried between games (league/season/farm.py)
    roster: farm.RosterBook = dataclasses.field(default_factory=farm.RosterBook)
    # the days each team has played this season: its regulars' rest days (league/manager/bench.py)
    days: dict[str, list[date]] = dataclasses.field(default_factory=dict)
    # whether the computer managers follow the league's real usage when it has one (a league
    # made from statistics: league.toml's [usage]; the league's rule option `usage`)
    follow_usage: bool = True
    # each pitcher's relief games this season (postseason too, as `days`): real usage paces
    # the relievers by them (league/manager/usage.py, `paced`)
    relief: dict[str, int] = dataclasses.field(default_factory=dict)
    # and each pitcher's starts: real usage's rotation makes up a missed turn by them
    # (league/manager/usage.py, `rotation_order`)
    starts: dict[str, int] = dataclasses.field(default_factory=dict)
    # and the outs he got in them: real usage leaves a starter in by his innings a start so
    # far (league/manager/usage.py, `start_innings`)
    start_outs: dict[str, int] = dataclasses.field(default_factory=dict)
    _usage: dict[str, TeamUsage | None] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)
    # the computer's rotation of each team: a function of the season's cards, asked every game
    _computer_rotation: dict[str, list[str]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)
    # who sits out, held while one game is set up (the book does not change meanwhile):
    # asked some twenty times a game
    _held: frozenset[str] | None = dataclasses.field(default=None, repr=False, compare=False)
    # each team's rotation while who sits out is held (asked six times in one game's set-up)
    _held_rotation: dict[str, tuple[str, ...]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        # each team's days in order (bench.team_days finds today's place in them by bisection)
        self.days = {team: sorted(days) for team, days in self.days.items()}

    def reserves(self) -> frozenset[str]:
        """Who sits out: the managers' reserves, the farm and the injured."""
        if self._held is not None:
            return self._held
        self.roster.bind(self.league)
        return frozenset(pid for p in self.prefs.values()
                         for pid in p.get("reserves", [])) | self.roster.out()

    def hold_reserves(self, hold: bool, teams: Iterable[str] = ()) -> None:
        """Remember who sits out until `hold_reserves(False)` (no roster moves in between);
        with `teams`, only their players are asked about meanwhile (one game's set-up): who of
        them sits out, not the whole league's farm and injured."""
        self._held = None
        self._held_rotation = {}
        if hold:
            self._held = self._sitting(teams) if teams else self.reserves()

    def _sitting(self, teams: Iterable[str]) -> frozenset[str]:
        """The players of `teams` who sit out (reserves() of them alone: gameday.sitting,
        compiled, as it loops over both teams' players before every game)."""
        return sitting(self, teams)

    def usage(self, team: str) -> TeamUsage | None:
        """The team's real-usage targets (league/manager/usage.py), None when the league has
        none or does not follow them."""
        if not self.follow_usage:
            return None
        if team not in self._usage:
            data = (self.league.settings or {}).get("usage")
            self._usage[team] = None if not data else team_usage(
                data, [p.id for p in self.league.team(team).players],
                self.league.dh_for(team))
        return self._usage[team]

    def rotation(self, team: str) -> list[str]:
        """The team's saved rotation (its players still active), else the computer's: with
        real usage, the men who mostly started, most starts first."""
        return rotation_of(self, team)

    def saved_rotation(self, team: str) -> list[str]:
        """The rotation the manager saved for the team, its players still active ([] if none)."""
        saved = self.prefs.get(team, {}).get("rotation")
        if not saved:
            return []
        out = self.reserves()
        on_team = {p.id for p in self.league.team(team).players}
        return [pid for pid in saved if pid not in out and pid in on_team]

    def roles(self, team: str) -> dict[str, str]:
        """Each of the team's relievers' role (league/manager/bullpen.py), from the whole staff outside
        the rotation and the saved bullpen order: the closer keeps his role on his days off
        (gameday.team_roles, compiled: asked for each team before every game)."""
        return team_roles(self, team)

    def after_game(self, rest: Mapping[str, PitcherRest], starters: Mapping[str, str],
                   day: date | None = None, result: GameResult | None = None) -> None:
        """Carry a played game's rest and starters (and its day, for each team of `starters`;
        the outs its starters got, from its `result`) into the state (gameday.carry_game,
        compiled)."""
        carry_game(self, rest, starters, day, result)


def game_seed(season_seed: int, number: int) -> int:
    """The seed of a scheduled game's dice: the season's seed and the game's number."""
    return season_seed * SEED_STRIDE + number
