"""A scheduled game's set-up between games, with computer managers: who starts (the rested
starter), the fatigue the pitchers carry, who sits out, each team's line-up, and each pitcher's
rest after the game (docs/manager.md).

The season's state (league.season.state.SeasonState, or the services' subclass of it) is passed in
and read; its rules live with it. These functions run before and after every simulated game of
a season and of every pennant-odds run, so they are compiled with the engine (setup.py);
league.season.state re-exports them.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Final

from league.engine.cards import Player, by_fields
from league.engine.dice import SeededDice
from league.engine.game import GameResult
from league.engine.lineup import Lineup
from league.engine.ruleset import Ruleset
from league.errors import LeagueError
from league.manager import bench
from league.manager.bullpen import MIDDLE, assign_roles, pitching_value
from league.manager.computer import Sheet
from league.manager.rest import PitcherRest, choose_starter, fatigue_points, next_rest
from league.manager.usage import (
    TeamUsage,
    paced,
    relieving_starters,
    resting_relievers,
    resting_swingmen,
    rotation_order,
    start_innings,
)
from league.season import farm
from league.season.roster import ROTATION_SIZE, League, Team
from league.season.simulate import replay_game

# real usage: the fewest relievers a day's bullpen keeps when the men ahead of their relief games
# rest (team_lineup)
MIN_PEN: Final = 3
RELIEF_FATIGUE_OK: Final = 1    # a reliever who pitched yesterday may pitch today; two days running, not


@dataclass
class SlotSetup:
    """How a scheduled game starts: each team's rested starter, the pitchers' carried fatigue,
    and the relievers still resting (they sit out).

    Never changed once made; not declared frozen, with its __init__ written out: the compiled
    build makes a frozen dataclass through the dataclass's Python-level __init__ and a setattr
    call a field (before every game), this one natively (as engine.lineup.Lineup)."""

    starters: dict[str, str]
    fatigue: dict[str, int]
    unavailable: frozenset[str]
    day: date | None = None

    def __init__(self, starters: dict[str, str], fatigue: dict[str, int],
                 unavailable: frozenset[str], day: date | None = None) -> None:
        self.starters = starters
        self.fatigue = fatigue
        self.unavailable = unavailable
        self.day = day

    def __reduce__(self) -> tuple[object, ...]:
        # a native class pickles by its fields (cards.by_fields)
        return by_fields(self)


def _two_way(p: Player) -> bool:
    """A pitcher who is also a hitter: his own batting card and a place off the mound."""
    return p.batting is not None and any(f.position != "P" for f in p.fielding)


def slot_setup(state: Any, day: date, away: str, home: str) -> SlotSetup:
    """Who starts and who sits out in a game between `away` and `home` on `day`.

    The rotation, the computer's or a saved one, goes in its order: the next rested man after
    the last one who started. A reliever who pitched yesterday is
    dressed (one fatigue point); one who is two days short of his rest — he pitched on both of
    the last two days, or long — sits out (docs/manager.md)."""
    starters = {away: _starter(state, away, day), home: _starter(state, home, day)}
    # typed: `state` is untyped here (see setup.py), and a player read from it would be too,
    # each of his fields then a Python attribute look-up in the compiled build
    league: League = state.league
    # the state's and the set-up's fields read once, not once a player (in the compiled build
    # each is a look-up in a Python object's dict)
    rest: dict[str, PitcherRest] = state.rest
    rotations = set(rotation_of(state, away))
    rotations.update(rotation_of(state, home))
    starting = set(starters.values())
    # fatigue_points of each, the rested (most of them) without working out a timedelta; and
    # in the same pass who sits out: relievers too tired, and the starters not starting (they
    # were chosen knowing their rest) — but a two-way starter (a batting card and a place in
    # the field) resting between starts plays as a hitter: the computer's line-up keeps a
    # starter out of the bullpen
    fatigue: dict[str, int] = {}
    tired: list[str] = []
    for t in (away, home):
        for p in farm.team_facts(farm.club(league, t)).pitchers:
            r = rest.get(p.id)
            if r is not None and r.available_on > day:
                points = fatigue[p.id] = (r.available_on - day).days
                if p.id not in starting and (
                        (p.id not in rotations and points > RELIEF_FATIGUE_OK)
                        or (p.id in rotations and not _two_way(p))):
                    tired.append(p.id)
    # (with nobody tired, who sits out as held: the same men, no set made)
    out = reserves_of(state)
    return SlotSetup(starters, fatigue, frozenset(tired) | out if tired else out, day)


def usage_of(state: Any, team: str) -> TeamUsage | None:
    """`state.usage(team)` (SeasonState.usage), its remembered answer read here: the set-up asks
    it several times for each team before every game, and a Python method's call costs a
    compiled caller some thousands of instructions."""
    if not state.follow_usage:
        return None
    known: dict[str, TeamUsage | None] = state._usage
    if team in known:
        return known[team]
    return state.usage(team)


def rotation_of(state: Any, team: str) -> list[str]:
    """`state.rotation(team)` (SeasonState.rotation, which asks this): while who sits out is
    held (one game's set-up: `hold_reserves`) each team's is worked out once and remembered."""
    if state._held is not None:
        held: dict[str, tuple[str, ...]] = state._held_rotation
        known = held.get(team)
        if known is None:
            known = held[team] = tuple(_rotation(state, team))
        return list(known)
    return _rotation(state, team)


def _rotation(state: Any, team: str) -> list[str]:
    """The team's rotation (SeasonState.rotation): the one its manager saved (its men still
    active), else with real usage the men who mostly started, most starts first, else the
    computer's (`rotation`, its first ROTATION_SIZE who do not sit out). Compiled with the
    set-up that asks it for both teams before every game (a Python method's call costs a
    compiled caller some thousands of instructions)."""
    prefs: dict[str, dict[str, Any]] = state.prefs
    mine = prefs.get(team)
    if mine and mine.get("rotation"):
        saved: list[str] = state.saved_rotation(team)
        if saved:
            return saved
    out = reserves_of(state)
    league: League = state.league
    usage = usage_of(state, team)
    if usage is not None and usage.starters:
        here = {p.id for p in league.team(team).players if p.pitching is not None}
        return [pid for pid in usage.starters if pid in here and pid not in out]
    computers: dict[str, list[str]] = state._computer_rotation
    computer = computers.get(team)
    if computer is None:
        computer = computers[team] = rotation(league, team)
    return [pid for pid in computer if pid not in out][:ROTATION_SIZE]


def rotation(league: League, team: str) -> list[str]:
    """A team's starters in the computer manager's order, best first (its rotation is the first
    ROTATION_SIZE of them who are active: SeasonState.rotation)."""
    starters = [p for p in league.team(team).players if p.pitching and p.pitching.starter > 0]
    starters.sort(key=lambda p: (-pitching_value(p), p.id))
    return [p.id for p in starters]


def reserves_of(state: Any) -> frozenset[str]:
    """`state.reserves()` (SeasonState.reserves), read here while held, as `usage_of`."""
    held: frozenset[str] | None = state._held
    if held is not None:
        return held
    return state.reserves()


def sitting(state: Any, teams: Iterable[str]) -> frozenset[str]:
    """The players of `teams` who sit out: the managers' reserves, the farm and the injured
    (SeasonState's, for one game's set-up: compiled, as it loops over both teams' players)."""
    book: farm.RosterBook = state.roster
    league: League = state.league
    if not book.bound:      # a Python method's call, asked before every game
        book.bind(league)
    prefs: dict[str, dict[str, Any]] = state.prefs
    aside = {pid for p in prefs.values() for pid in p.get("reserves", [])}
    # the set aside and the hurt (the book's index of them), whoever they play for
    off = aside | farm.hurt_ids(book)
    out: set[str] = set()
    for team in teams:
        # the team's farm, then its active men set aside or hurt
        _active, _pitchers, _farm, down, ids = farm.active_of(
            farm.team_facts(farm.club(league, team)), book)
        out |= down
        out |= ids & off
    return frozenset(out)


def team_roles(state: Any, team: str) -> dict[str, str]:
    """Each of the team's relievers' role (SeasonState.roles, which asks this: compiled with the
    set-up that asks it for each team before every game, as it loops over the team's staff)."""
    in_rotation = set(rotation_of(state, team))
    out = reserves_of(state)
    league: League = state.league
    club = farm.club(league, team)
    # of the club's pitchers not on the farm when those on it all sit out (_team_lineup)
    book: farm.RosterBook = state.roster
    _active, pitchers, _farm, down, _ids = farm.active_of(farm.team_facts(club), book)
    if not down <= out:
        pitchers = club.pitchers
    staff = [p for p in pitchers if p.id not in in_rotation and p.id not in out]
    saved = state.prefs.get(team, {}).get("bullpen", [])
    usage = usage_of(state, team)
    if not saved and usage is not None:
        saved = list(usage.bullpen)         # the real closer, then the setup men
    return assign_roles(staff, saved)


# each club's line-up sheet (manager.Sheet), by the identity of the club (a League and its
# teams never change; the entry holds the club): its line-ups read it before every game
_SHEETS: Final[dict[int, tuple[Team, Sheet]]] = {}


def team_sheet(team: Team) -> Sheet:
    """The club's line-up sheet (manager.Sheet), worked out once."""
    known = _SHEETS.get(id(team))
    if known is None or known[0] is not team:
        if len(_SHEETS) > 2_000:      # a long-lived process that read many leagues
            _SHEETS.clear()
        known = _SHEETS[id(team)] = (team, Sheet(team.players))
    return known[1]


def team_game(state: Any, team: str, day: date) -> int:
    """The team's game number of its game on `day` (1 for its first)."""
    return bench.team_days(state.days.get(team, ()), day, ordered=True).games + 1


def _starter(state: Any, team: str, day: date) -> str:
    """The team's starter on `day`: the next rested man of its rotation; with real usage
    (league/manager/usage.py) and no saved rotation, the rested man furthest behind his share
    of the team's starts (his starts this season: SeasonState.starts), so a missed turn is
    made up."""
    usage = usage_of(state, team)
    if usage is not None and usage.rotation and not state.saved_rotation(team):
        out = reserves_of(state)
        here = {p.id for p in state.league.team(team).players if p.pitching is not None}
        for pid in rotation_order(usage, state.starts):
            if pid in here and pid not in out and fatigue_points(state.rest.get(pid), day) == 0:
                return pid
    return choose_starter(rotation_of(state, team), state.rest, day, state.last.get(team))


def team_lineup(state: Any, team: str, setup: SlotSetup, *, dh: bool,
                platoon: Mapping[str, int] | None = None, rests: bool = True,
                stretch: bool = False) -> Lineup:
    """The team's line-up for a scheduled game (`_team_lineup`); in a league that plays its
    real usage, with the real innings an appearance of the day's pitchers (Lineup.innings),
    which the computer manager leaves them in for."""
    usage = usage_of(state, team) if setup.day is not None else None
    relieving = _relieving(state, team, setup, usage)
    lineup = _team_lineup(state, team, setup, dh=dh, platoon=platoon, rests=rests,
                          stretch=stretch, relieving=relieving)
    if usage is None or not usage.innings:
        return lineup
    innings = [(pid, usage.innings_of(pid, pid == lineup.pitcher))
               for pid in (lineup.pitcher, *lineup.bullpen)]
    if innings[0][1] is not None:
        # the starter: by his innings a start so far (usage.start_innings)
        pid = lineup.pitcher
        innings[0] = (pid, start_innings(innings[0][1], getattr(state, "starts", {}).get(pid, 0),
                                         getattr(state, "start_outs", {}).get(pid, 0)))
    if usage.relief and setup.day is not None and not state.prefs.get(team, {}).get("bullpen") \
            and lineup.roles and len(lineup.roles) == len(lineup.bullpen):
        # relievers paced by their real relief games (a manager's saved bullpen is his order)
        role = dict(zip(lineup.bullpen, lineup.roles))
        game = team_game(state, team, setup.day)
        done, starts = getattr(state, "relief", {}), getattr(state, "starts", {})
        pen = paced(usage, game, lineup.bullpen, done, relieving, starts)
        # the spot starters ahead of their relief games rest (usage.resting_swingmen), then
        # the other relievers ahead of theirs (usage.resting_relievers), each the most ahead
        # first, while MIN_PEN others are dressed
        for pid in (*resting_swingmen(usage, game, done, starts),
                    *resting_relievers(usage, game, done, starts)):
            if pid in pen and len(pen) > MIN_PEN:
                pen.remove(pid)
        lineup = dataclasses.replace(lineup, bullpen=tuple(pen),
                                     roles=tuple(role[p] for p in pen))
    # the day's batters' real bunts and steal attempts (a league made from engine version 5 on)
    men = set(lineup.order) | set(lineup.bench)
    pitching = {lineup.pitcher, *lineup.bullpen}
    return dataclasses.replace(lineup, innings=tuple((pid, round(ip, 3)) for pid, ip in innings
                                                     if ip is not None and pid in pitching),
                               habits=tuple(h for h in usage.habits if h[0] in men),
                               off_bench=tuple(b for b in usage.off_bench if b[0] in men))


def _relieving(state: Any, team: str, setup: SlotSetup, usage: TeamUsage | None) -> list[str]:
    """The men of the team's rotation who relieve today by the real usage
    (usage.relieving_starters): rested (not sitting out), not the day's starter, with no saved
    rotation or bullpen of the manager's; [] otherwise."""
    if usage is None or setup.day is None or not usage.starters or not usage.relief:
        return []
    prefs = state.prefs.get(team, {})
    if prefs.get("bullpen") or prefs.get("rotation"):
        return []
    players = state.players
    # a relief outing (at most half his 『回』) rests him his 『休』 / 2 rounded up, and the day
    hold = {pid: (players[pid].pitching.rest + 1) // 2 + 1 for pid in usage.starters
            if pid in players and players[pid].pitching is not None}
    game = team_game(state, team, setup.day)
    here = {p.id for p in state.league.team(team).players}
    return [pid for pid in relieving_starters(usage, game, getattr(state, "relief", {}),
                                              getattr(state, "starts", {}), hold)
            if pid in here and pid not in setup.unavailable
            and pid not in setup.starters.values()]


def _team_lineup(state: Any, team: str, setup: SlotSetup, *, dh: bool,
                 platoon: Mapping[str, int] | None = None, rests: bool = True,
                 stretch: bool = False, relieving: Iterable[str] = ()) -> Lineup:
    """A team's line-up for a scheduled game (docs/manager.md, "Line-ups"): the computer
    manager's — the regulars less those resting today, built against the opposing starter with
    the ruleset's `platoon` table (league/manager/bench.py) — or its saved batting order when every
    player in it can play today, a resting man's place taken for the day by the best man who
    can play it. Players sitting out are left off. `dh` is the game's DH rule (the home team's
    league's: `League.dh_for`); `rests=False` plays the regulars every day. `stretch`: the
    last resort of a club whose players cannot cover every position even with its hurt and its
    farm — a man plays out of position (Lineup.stretched) rather than the season stopping."""
    starter = setup.starters[team]
    out = setup.unavailable
    league: League = state.league
    club = farm.club(league, team)
    sheet = team_sheet(club)
    # the club's men not on the farm, when all on it sit out (as they do in a season's set-up)
    book: farm.RosterBook = state.roster
    men, _pitchers, _farm, down, _ids = farm.active_of(farm.team_facts(club), book)
    if starter in down or not down <= out:
        men = club.players
    roster = [p for p in men if p.id not in out or p.id == starter]
    players = state.players
    saved_pen = [p for p in state.prefs.get(team, {}).get("bullpen", []) if p in players]
    roles = team_roles(state, team)     # SeasonState.roles, without its Python call
    for pid in relieving:               # the rotation's men relieving today: middle men
        roles[pid] = MIDDLE
    vs_id: str | None = None            # the other side's starter
    for t, pid in setup.starters.items():
        if t != team:
            vs_id = pid
            break
    vs = state.players.get(vs_id) if vs_id is not None else None
    days = (bench.team_days(state.days.get(team, ()), setup.day, ordered=True)
            if setup.day is not None and rests else None)
    usage = usage_of(state, team) if setup.day is not None else None
    game = team_game(state, team, setup.day) if usage is not None and setup.day else 0

    def day_lineup(roster: list[Player]) -> Lineup:
        return bench.day_lineup(team, roster, dh, starter, dressed=state.league.dressed,
                                roles=roles, ranking=saved_pen, vs=vs, platoon=platoon,
                                days=days, stretch=stretch, usage=usage, game=game,
                                sheet=sheet)

    try:
        first = day_lineup(roster)
    except ValueError:
        # too many hurt to field a line-up: the injured play after all, with their injury's card
        roster = farm.with_hurt(state, team, roster)
        try:
            first = day_lineup(roster)
        except ValueError:
            # still no team: the farm players the open positions need come up
            if setup.day is None:
                raise
            state.hold_reserves(False)      # the moves change who sits out
            made = farm.cover_positions(state, team, setup.day)
            gone = {m.player for m in made if m.kind == "down"}
            came = {m.player for m in made if m.kind == "up"}
            roster = [p for p in roster if p.id not in gone] + [
                p for p in state.league.team(team).players if p.id in came]
            first = day_lineup(roster)
    computer = with_bullpen(state, team, first)
    order = state.prefs.get(team, {}).get("order")
    if not order or computer.stretched:
        return computer
    ids = [starter if pos == "P" else pid for pid, pos in order]
    positions = [pos for _pid, pos in order]
    here = {p.id: p for p in roster}
    if any(pid not in here for pid in ids):
        return computer
    if days is not None:
        # a rest day: the man resting gives his place to the best man free to take it
        sit = bench.resting([(pos, here[pid]) for pid, pos in zip(ids, positions) if pos != "P"],
                            days)
        free = [p for p in roster if p.id not in ids and p.pitching is None]
        rested = bench.rest_saved_order(list(zip(ids, positions)), sit, free,
                                        bench.platoon_worth(free, vs, platoon))
        ids = [pid for pid, _pos in rested]
    taken = set(ids) | {starter}
    bench_ids = tuple(pid for pid in computer.order + computer.bench
                      if pid not in taken and state.players[pid].pitching is None)
    lineup = Lineup(team, tuple(ids), tuple(positions), starter,
                    bench_ids[:max(len(computer.bench), 0)],
                    computer.bullpen, computer.bullpen_ranked, computer.roles)
    try:
        lineup.validate(state.players, dh)
    except LeagueError:
        return computer
    return lineup


def with_bullpen(state: Any, team: str, lineup: Lineup) -> Lineup:
    """Marks a bullpen dressed in the manager's saved order (first = the closer) as ranked; the
    order within each role is the saved one (make_lineup's `ranking`)."""
    saved = [p for p in state.prefs.get(team, {}).get("bullpen", []) if p in lineup.bullpen]
    if not saved:
        return lineup
    return dataclasses.replace(lineup, bullpen_ranked=True)


def rest_after(players: Mapping[str, Any], result: GameResult, day: date,
               fatigue: Mapping[str, int]) -> dict[str, PitcherRest]:
    """Each pitcher's rest after a game (the rest-day option rule, fatigue carried in); with real
    usage a reliever's by the innings his line-up gave him (Lineup.innings: rest.rest_days)."""
    first: dict[int, str] = {}
    rest: dict[str, PitcherRest] = {}
    planned: dict[str, float] = {}
    for lineup in result.lineups:
        planned.update(lineup.innings)
    for side, pid, line in result.pitching:
        started = first.setdefault(side, pid) == pid
        rest[pid] = next_rest(players[pid].pitching, line[0], started, day,
                              fatigue=fatigue.get(pid, 0),
                              planned=None if started else planned.get(pid))
    return rest


def carry_game(state: Any, rest: Mapping[str, PitcherRest], starters: Mapping[str, str],
               day: date | None = None, result: GameResult | None = None) -> None:
    """SeasonState.after_game (which asks this): a played game's rest and starters, its day for
    each team of `starters` and the outs its starters got (from its `result`) carried into the
    state. Compiled with the set-up: the odds carry every game of every run."""
    known: dict[str, PitcherRest] = state.rest
    last: dict[str, str | None] = state.last
    relief: dict[str, int] = state.relief
    starts: dict[str, int] = state.starts
    known.update(rest)
    last.update(starters)
    started = set(starters.values())
    for pid in rest:        # the game's pitchers: who did not start relieved
        if pid not in started:
            relief[pid] = relief.get(pid, 0) + 1
    for pid in started:
        starts[pid] = starts.get(pid, 0) + 1
    if result is not None:
        outs: dict[str, int] = state.start_outs
        first: dict[int, str] = {}
        for side, pid, line in result.pitching:
            if first.setdefault(side, pid) == pid:
                outs[pid] = outs.get(pid, 0) + line[0]
    if day is not None:
        played: dict[str, list[date]] = state.days
        for team in starters:
            days = [*played.get(team, ()), day]     # a new list: runs share the old
            if len(days) > 1 and days[-2] > day:
                days.sort()
            played[team] = days


def play_scheduled(state: Any, ruleset: Ruleset, day: date, away: str, home: str,
                   seed: int, *, quiet: bool = False, splits: bool = True, box: bool = True
                   ) -> tuple[GameResult, dict[str, PitcherRest], dict[str, str]]:
    """Play one scheduled game with computer managers: rested starters, carried fatigue, seeded
    dice. Returns the result, the new rest of the pitchers who played, and the starters.
    `quiet` keeps no roll log and no play text, `splits=False` no lines against left and right
    and `box=False` no box score either (the odds; the same game otherwise). The farm's hooks
    (league/season/farm.py) run around it: recovery checks and roster moves before, injuries after."""
    farm.before_game(state, ruleset, day, (away, home))
    dh = farm.dh_of(state.league, home)

    def set_up(stretch: bool = False) -> tuple[SlotSetup, tuple[Lineup, Lineup]]:
        state.hold_reserves(True, (away, home))
        try:
            setup = slot_setup(state, day, away, home)
            return setup, (team_lineup(state, away, setup, dh=dh, platoon=ruleset.platoon,
                                       stretch=stretch),
                           team_lineup(state, home, setup, dh=dh, platoon=ruleset.platoon,
                                       stretch=stretch))
        finally:
            state.hold_reserves(False)

    try:
        setup, lineups = set_up()
    except (LeagueError, ValueError) as exc:
        # a team that cannot field a line-up (no starter for the rotation, no catcher...): the
        # computer mends its roster from the farm and says so (farm.repair), and the game is
        # played; a season never stops on one team's roster: a club still short at a position
        # plays a man out of position (no range, a bad mark), as real clubs do
        noticed = len(state.roster.notices)
        mended = any([farm.repair(state, team, day) for team in (away, home)]) \
            or len(state.roster.notices) != noticed
        try:
            setup, lineups = set_up(stretch=not mended)
        except (LeagueError, ValueError) as again:
            if mended:
                try:
                    setup, lineups = set_up(stretch=True)
                except (LeagueError, ValueError):
                    raise LeagueError(f"{away} @ {home} on {day}: {again}") from None
            else:
                raise LeagueError(f"{away} @ {home} on {day}: {exc}; the farm has nobody to "
                                  "mend the roster with") from None
    result = replay_game(state.league, ruleset, *lineups, SeededDice(seed), state.players,
                         fatigue=setup.fatigue, quiet=quiet,
                         hurt=farm.hurt_in(state.roster, lineups), splits=splits, box=box)
    farm.after_game(state.roster, result, day)
    return result, rest_after(state.players, result, day, setup.fatigue), setup.starters
