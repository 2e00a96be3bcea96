"""The tables the season's machinery keeps by the identity of league objects, forgotten at once.

A season's set-up, the computer manager and the engine remember what they work out from a
league's cards, teams and rulesets by the objects' identity, each entry holding its object so
the identity stays its own (e.g. `computer.card_worth`, `roster.Team.pitchers`). Those entries
only ever serve the league objects they were made for. A process that reads a league again
(the app or a script simulating day by day, each day reading the season afresh; the pennant
odds set up after a simulation) made new objects, and the old entries then only kept a whole
league alive per read, up to each table's bound. Half a season simulated a day at a time
left some 510,000 objects tracked by the collector in the process (76 copies of the league's
teams), 157,000 when forgotten; pennant-odds runs played there after it took 0.92 s of CPU a run
against 0.83 s with the collector as is, and 0.78–0.80 s against 0.73–0.77 s as the odds set it
(pure Python, the same runs). `forget_league_objects()`, called where a season's league is read
(tui.services.context.season_context), lets them go. Nothing decided depends on it: every table
is a pure function of the objects it is keyed by.
"""
from __future__ import annotations

from league.engine import injury, state
from league.manager import bullpen, computer
from league.season import farm, gameday, roster


def forget_league_objects() -> None:
    """Empty the tables kept by the identity of league objects (cards, rows, players, teams,
    leagues, defence tables). The tables kept by values (rest, recovery rolls) stay."""
    for table in (roster._PITCHERS, roster._TEAMS, roster._DH, farm._TEAM_FACTS, farm._CLUBS,
                  computer._READS, computer._VALUES, computer._RATIOS, computer._ROSTERS,
                  computer._BATS, bullpen._VALUES, bullpen._ROLES, state._PLAIN_HR,
                  state._PLATOON_BY, injury._HURT, gameday._SHEETS):
        table.clear()
