"""The farm (二軍): call-ups and demotions (登録抹消) with the ten-day rule, and what a season
carries between games for them and for injuries (league/engine/injury.py).

A team's players are on the active roster (一軍, `League.active_size` registered, `dressed` of
them dressed for a game) or on the farm (二軍); the farm plays no league games. A demoted player
may not be registered again until ten days after his demotion (NPB's 10日ルール): demoted on 1
May, back on 11 May at the earliest.

The computer manager makes its moves between games (`before_game`): a heavily injured player
goes down and a healthy one comes up; a tired bullpen sends its most tired arm down for a rested
one; a farm player clearly better than the worst active man of his role takes his place; an
active roster short of its size is filled — never a foreign player past the league's limit
(外国人枠, league.season.foreign_limit). A person makes his own (`call_up_problem`,
`demotion_problem` say why one is refused, in one line). Pure: the season runner stores what the
`RosterBook` records.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Final

try:  # the compiled build (setup.py): Move, Notice and RosterBook stay Python classes (pickled to
    # the odds' workers, copied with dataclasses.replace)
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python package needs nothing beyond the standard library
    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[misc,no-redef]
        return lambda cls: cls

from league.engine.cards import Player, by_fields
from league.engine.injury import recover_through, severity
from league.engine.lineup import Lineup
from league.engine.values import batting_value
from league.manager.bullpen import pitching_value
from league.manager.rest import PitcherRest
from league.season import foreign_limit
from league.season.roster import (
    ACTIVE_ARMS,
    DEFAULT_ACTIVE_SIZE,
    DEFAULT_TEN_DAYS,
    FIELD_ORDER,
    MIN_STARTERS,
    ROTATION_SIZE,
    League,
    Team,
    uncovered,
)

if TYPE_CHECKING:
    from league.engine.game import GameResult
    from league.engine.ruleset import Ruleset

FIELD: Final = FIELD_ORDER
TEN_DAYS: Final = DEFAULT_TEN_DAYS  # days a demoted player waits (a league's `ten_days`)
HITTERS: Final = 9              # position players an active roster needs without the DH
DH_HITTERS: Final = 10          # ... and with it
TIRED_PEN: Final = 4            # fewer rested relievers than this: the most tired one goes down
MIN_PEN: Final = 4              # fewer healthy active relievers: one comes up for a bench hitter
SWAP_MARGIN: Final = 6.0        # how much better a farm player must be to take an active man's place


@dataclass
class Standing:
    """A player's season record for the farm and injuries: when he was last demoted, his injury
    points, the day he was hurt, and the last day whose recovery check is done."""

    demoted_on: date | None = None
    points: int = 0
    hurt_on: date | None = None
    settled: date | None = None

    def __reduce__(self) -> tuple[object, ...]:
        # sent to the odds' workers: a native class pickles by its fields (cards.by_fields)
        return by_fields(self)

    def copy(self) -> "Standing":
        """A copy (dataclasses.replace's, natively: each odds run copies every standing)."""
        return Standing(self.demoted_on, self.points, self.hurt_on, self.settled)


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Move:
    """A call-up ("up") or a demotion ("down") on a day; `reason` says why the computer made it
    (injury, fatigue, rotation, slump, fill) and is "" for a person's."""

    day: date
    team: str
    player: str
    kind: str
    reason: str = ""


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Notice:
    """A saved list of a team's manager (`what`: order, rotation, bullpen or reserves) set aside
    on a day because it cannot be used (`why`): the computer decides instead, and the league's
    news says so."""

    day: date | None
    team: str
    what: str
    why: str


@mypyc_attr(native_class=False)
@dataclass
class RosterBook:
    """What a season carries between games: who is on the farm (moves made this season on top
    of the cards' `roster`), each player's `Standing`, and the moves and standings not yet
    stored (`moves`, `changed`), which the season runner stores with the next game."""

    farm: set[str] = field(default_factory=set)
    entries: dict[str, Standing] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    changed: set[str] = field(default_factory=set)
    season_seed: int = 0
    auto: bool = True           # the computer manager makes moves between games
    bound: bool = False
    notices: list[Notice] = field(default_factory=list)   # to store with the next game
    # how many times `farm` has changed, by `bind` and by each team's moves (`apply_move`: the
    # only ways it changes): the checks and the set-up remember each team's active men by them
    # (`active_of`)
    version: int = 0
    versions: dict[str, int] = field(default_factory=dict)
    # the ids of the men with injury points (`injured`), with the standings they were read
    # from: made from them when first asked (`hurt_ids`), then kept by the only ways the
    # points change (`after_game`, `settle`), so the checks and the set-up before every game
    # ask it instead of every man's standing
    hurt: tuple[dict[str, Standing], set[str]] | None = field(default=None, compare=False,
                                                              repr=False)

    def bind(self, league: League) -> None:
        """Take the farm from the cards once (the runner may have filled it already)."""
        if not self.bound:
            self.farm |= {p.id for t in league.teams for p in t.players if p.roster == "farm"}
            self.bound = True
            self.version += 1

    def copy(self) -> "RosterBook":
        return RosterBook(set(self.farm), {k: v.copy() for k, v in self.entries.items()},
                          list(self.moves), set(self.changed), self.season_seed, self.auto,
                          self.bound, list(self.notices))

    def entry(self, pid: str) -> Standing:
        e = self.entries.get(pid)
        if e is None:
            e = self.entries[pid] = Standing()
        return e

    def injured(self) -> set[str]:
        return set(hurt_ids(self))

    def out(self) -> frozenset[str]:
        """Players who cannot play today: the farm and the injured."""
        return frozenset(self.farm | self.injured())

    def status(self, pid: str) -> str:
        return "farm" if pid in self.farm else "active"

    def take(self) -> tuple[list[Move], dict[str, Standing]]:
        """The moves and standings to store now; the book forgets them."""
        moves, changed = self.moves, {p: self.entries[p] for p in self.changed if p in self.entries}
        self.moves, self.changed = [], set()
        return moves, changed

    def take_notices(self) -> list[Notice]:
        """The saved lists set aside since the last call (the book forgets them)."""
        notices, self.notices = self.notices, []
        return notices


# --- the rules of a roster move, in words --------------------------------------------------------
# One home for them: the services refuse with these, and the shared league's database function
# (storage/roster_sql.py) is generated from these same texts and constants, so a manager calling
# it with psql meets the same rules in the same words (tests/storage/test_roster_rules.py runs one table
# of cases against both).
NO_CATCHER: Final = "the active roster would have no catcher"
FEW_STARTERS: Final = ("the active roster would have {starters} starters; a rotation needs at "
                       "least {need}")
FEW_HITTERS: Final = ("the active roster would have {hitters} position players; a line-up "
                      "needs {need}")
NOBODY_AT: Final = "the active roster would have nobody who can play {position}"
ALREADY_ACTIVE: Final = "{player} is on the active roster of {team} already"
TEN_DAY_RULE: Final = ("{player} was demoted on {demoted}: the ten-day rule keeps him down until "
                       "{back}")
ACTIVE_FULL: Final = ("{team} has {active} players on the active roster, the most the league "
                      "registers (active_size {size}); demote someone first")
ALREADY_FARM: Final = "{player} is on the farm already"
IKUSEI: Final = ("{player} has a 育成 (development) contract: he plays on the farm and is never "
                 "called up")
DEMOTING: Final = "{team}: demoting {player}: {problem}"
SEASON_CLOSED: Final = ("season {number} ({year}) is closed; roster moves go to the next season "
                        "(`impact season new`)")
NO_SEASON: Final = "the league has no season: roster moves wait for one (`impact season new`)"
NO_PLAYER: Final = "no player {player} in league {league}"
NOT_YOURS: Final = "permission denied: {player} plays for {team}, which you do not manage"
UNKNOWN_MOVE: Final = "unknown roster move {kind}; use up or down"
ACTIVE_SIZE: Final = DEFAULT_ACTIVE_SIZE   # a league's `active_size` unless it sets one


def roster_day(games: Iterable[tuple[date, bool]], start: date) -> date:
    """The day a roster move counts from: the season's next game day (`games` are (day, final)
    of all its games), the last one when all are played, its start before it has any."""
    days = list(games)
    pending = [d for d, final in days if not final]
    if pending:
        return min(pending)
    return max((d for d, _final in days), default=start)


def may_return_on(entry: Standing | None, ten_days: int = TEN_DAYS) -> date | None:
    """The first day a demoted player may be registered again (None: any day): `ten_days`
    (the league's, League.ten_days) after his demotion."""
    if entry is None or entry.demoted_on is None:
        return None
    return entry.demoted_on + timedelta(days=ten_days)


PLAYER: Final = "{name} ({id})"     # how a rule names a player


def _name(p: Player) -> str:
    return PLAYER.format(name=p.name, id=p.id)


def hurt_ids(book: RosterBook) -> set[str]:
    """The ids of the players with injury points (a standing's `points` above 0): the book's
    index (RosterBook.hurt), made again from its standings when they are not the ones it was
    made from. The caller may read it, not change it."""
    entries = book.entries
    known = book.hurt
    if known is None or known[0] is not entries:
        known = book.hurt = (entries, {pid for pid, e in entries.items() if e.points > 0})
    return known[1]


def active_players(team: Team, book: RosterBook) -> list[Player]:
    return [p for p in team.players if p.id not in book.farm]


def roster_problem(players: Iterable[Player], dh: bool) -> str | None:
    """What an active roster lacks for a game: a catcher, five starters, nine position players
    (ten with DH), a man for every position; None if nothing."""
    lack = _lack(list(players), dh)
    return lack[0] if lack is not None else None


def _lack(ps: list[Player], dh: bool) -> tuple[str, Any] | None:
    """The first thing `ps` lack for a game (roster_problem's words) and which players supply it."""
    # asked for every move the computer weighs before every game: each card's answers are
    # remembered (_facts), the positions the men can play gathered once
    catcher = False
    starters = hitters = 0
    covered: set[str] = set()
    for p in ps:
        f = _facts(p)
        catcher = catcher or f[3]
        starters += f[4]
        hitters += f[5]
        covered |= f[6]
    if not catcher:
        return NO_CATCHER, lambda p: p.fielding_at("C") is not None
    if starters < MIN_STARTERS:
        return (FEW_STARTERS.format(starters=starters, need=MIN_STARTERS),
                lambda p: p.pitching is not None and p.pitching.starter > 0)
    need = DH_HITTERS if dh else HITTERS
    if hitters < need:
        return FEW_HITTERS.format(hitters=hitters, need=need), _hitter
    for pos in FIELD:
        if pos not in covered:
            return NOBODY_AT.format(position=pos), _plays(pos)
    return None


def _plays(pos: str) -> Any:
    return lambda p: p.can_play(pos)


def _needs(ps: list[Player], dh: bool) -> tuple[bool, ...]:
    """Which of the things a game needs (roster_problem's, in its order) `ps` have."""
    return (any(p.fielding_at("C") for p in ps),
            sum(1 for p in ps if p.pitching is not None and p.pitching.starter > 0) >= MIN_STARTERS,
            sum(1 for p in ps if _hitter(p)) >= (DH_HITTERS if dh else HITTERS),
            *(any(p.can_play(pos) for p in ps) for pos in FIELD))


def _hitter(p: Player) -> bool:
    return p.batting is not None and any(f.position != "P" for f in p.fielding)


def call_up_problem(league: League, book: RosterBook, pid: str, day: date) -> str | None:
    """Why `pid` cannot be called up on `day` (one line), or None."""
    p = league.player(pid)
    team = league.team(p.team)
    if pid not in book.farm:
        return ALREADY_ACTIVE.format(player=_name(p), team=team.code)
    if p.ikusei:
        return IKUSEI.format(player=_name(p))
    back = may_return_on(book.entries.get(pid), league.ten_days)
    if back is not None and day < back:
        return TEN_DAY_RULE.format(player=_name(p), demoted=book.entries[pid].demoted_on,
                                   back=back)
    active = active_players(team, book)
    if len(active) >= league.active_size:
        return ACTIVE_FULL.format(team=team.code, active=len(active), size=league.active_size)
    return foreign_limit.refusal(team.code, active, p, _name(p), league.foreign_active,
                           league.foreign_side)


def demotion_problem(league: League, book: RosterBook, pid: str, reserves: Iterable[str] = ()
                     ) -> str | None:
    """Why `pid` cannot be demoted (one line), or None: the active roster must keep what a game
    needs (players a manager set aside do not count)."""
    p = league.player(pid)
    team = league.team(p.team)
    if pid in book.farm:
        return ALREADY_FARM.format(player=_name(p))
    aside = set(reserves)
    left = [q for q in active_players(team, book) if q.id != pid and q.id not in aside]
    problem = roster_problem(left, league.dh_for(team.code))
    if problem:
        return DEMOTING.format(team=team.code, player=_name(p), problem=problem)
    return None


def apply_move(book: RosterBook, move: Move) -> None:
    """Record a move in the book (its checks made by the caller)."""
    versions = book.versions
    versions[move.team] = versions.get(move.team, 0) + 1
    if move.kind == "down":
        book.farm.add(move.player)
        book.entry(move.player).demoted_on = move.day
        book.changed.add(move.player)
    else:
        book.farm.discard(move.player)
    book.moves.append(move)


# --- between games -------------------------------------------------------------------------------


_ONE_DAY: Final = timedelta(days=1)


def settle(book: RosterBook, rules: Any, league: League, team: str, day: date) -> None:
    """Recovery checks for a team's injured players on each full rest day before `day`."""
    if rules is None:
        return
    # the book's fields read once (a Python object's, in the compiled build)
    hurt = hurt_ids(book)
    if not hurt:
        return
    entries, seed = book.entries, book.season_seed
    last = day - _ONE_DAY       # the last full rest day before `day`
    facts = team_facts(club(league, team))
    # the team's injured men (each man's checks are his own, by his own seeded rolls, so they
    # are made in any order): the book's index of the injured and the team's ids intersected
    # (a few men), not every man's standing looked up
    by_id = facts.by_id
    for pid in facts.ids.intersection(hurt):
        e = entries[pid]
        since = e.settled or e.hurt_on
        if since is None or since >= last:
            continue
        left = recover_through(rules, by_id[pid].rank, e.points, seed, pid, since + _ONE_DAY,
                               last)
        e.points = left
        e.settled = last
        if left == 0:
            e.hurt_on = None
            hurt.discard(pid)
        book.changed.add(pid)


def has_farm(book: RosterBook, players: Iterable[Player]) -> bool:
    """Whether a team has a farm: a player of its cards' farm or sent down this season."""
    return any(p.roster == "farm" or p.id in book.farm for p in players)


# each player's role and value and what _lack counts him as (a catcher, a starter, a position
# player, the positions he can play), remembered by his id and held with his card, which it is
# only while it is that very card: the computer's moves ask them for every man of both teams
# before every game (by the id's string, whose hash is kept, not by id(p), an int made and
# hashed at every call)
_Facts = tuple[Player, str, float, bool, int, int, frozenset[str]]
_FACTS: Final[dict[str, _Facts]] = {}


def _facts(p: Player) -> _Facts:
    known = _FACTS.get(p.id)
    if known is not None and known[0] is p:
        return known
    if len(_FACTS) > 50_000:      # a long-lived process that read many leagues
        _FACTS.clear()
    known = _FACTS[p.id] = (
        p, _role_of(p), _value_of(p), p.fielding_at("C") is not None,
        int(p.pitching is not None and p.pitching.starter > 0), int(_hitter(p)),
        frozenset(pos for pos in FIELD if p.can_play(pos)))
    return known


def _role(p: Player) -> str:
    return _facts(p)[1]


def _value(p: Player) -> float:
    return _facts(p)[2]


# a team's men not on the farm, the pitchers among them, its farm men who may come up, the
# ids of its men on the farm and the ids of the others (active_of)
Active = tuple[tuple[Player, ...], tuple[Player, ...], tuple[Player, ...], frozenset[str],
               frozenset[str]]


class _TeamFacts:
    """A team's players' roles and their order by value, asked before each of its games."""

    def __init__(self, team: Team) -> None:
        self.team = team        # kept, so its identity stays its own while remembered
        self.role_of: dict[str, str] = {p.id: _role(p) for p in team.players}
        # a player of the cards' farm: the team has a farm whatever the season's moves
        self.card_farm = any(p.roster == "farm" for p in team.players)
        # each man's value (_value), read by the moves without a call
        self.value: dict[str, float] = {p.id: _value(p) for p in team.players}
        # by value, best first, the id breaking ties: the order the moves sort their pools in
        self.best_first: list[Player] = sorted(team.players, key=lambda p: (-_value(p), p.id))
        # the same without the 育成 players, who never come up (_may_come_up)
        self.may_come_up: list[Player] = [p for p in self.best_first if not p.ikusei]
        # by value, worst first, by role: the slump check's candidates in min()'s order
        self.worst_first: dict[str, list[Player]] = {}
        for p in sorted(team.players, key=lambda p: (_value(p), p.id)):
            self.worst_first.setdefault(self.role_of[p.id], []).append(p)
        # the men by id, and what _lack counts them as, by id (`lacks` asks a set of ids)
        self.by_id: dict[str, Player] = {p.id: p for p in team.players}
        self.ids: frozenset[str] = frozenset(self.by_id)
        # Team.pitchers, read without its property's Python call (the set-up's fatigue)
        self.pitchers: tuple[Player, ...] = tuple([p for p in team.players
                                                   if p.pitching is not None])
        facts = [_facts(p) for p in team.players]
        self.catchers: frozenset[str] = frozenset([f[0].id for f in facts if f[3]])
        self.starters: frozenset[str] = frozenset([f[0].id for f in facts if f[4]])
        self.hitters: frozenset[str] = frozenset([f[0].id for f in facts if f[5]])
        self.at: dict[str, frozenset[str]] = {
            pos: frozenset([f[0].id for f in facts if pos in f[6]]) for pos in FIELD}
        self.relievers: frozenset[str] = frozenset(
            [pid for pid, role in self.role_of.items() if role == "RP"])
        # the team's men not on the farm and the rest of active_of, by the book's farm set
        # and its versions when worked out
        self.active: tuple[set[str], tuple[int, int], Active] | None = None
        # active_of's farm men who may come up, by role (each in their order), with the tuple
        # of them they were gathered from (_come_up_by_role)
        self.come_up_roles: tuple[tuple[Player, ...], dict[str, list[Player]]] | None = None

    def lacks(self, ids: frozenset[str], dh: bool) -> bool:
        """Whether these of the team's men lack something a game needs: `roster_problem` of
        them is not None (_lack's checks, by the sets of the men each counts)."""
        if self.catchers.isdisjoint(ids):
            return True
        if len(self.starters & ids) < MIN_STARTERS:
            return True
        if len(self.hitters & ids) < (DH_HITTERS if dh else HITTERS):
            return True
        for pos in FIELD:
            if self.at[pos].isdisjoint(ids):
                return True
        return False


def active_of(facts: _TeamFacts, book: RosterBook) -> Active:
    """The team's men not on the farm and the pitchers among them, each in the team's order,
    its farm men who may ever come up, best first (`may_come_up`'s order), the ids of its men
    on the farm and the ids of its men not on it: remembered by the book's farm set and its versions (the team's moves
    change them a few times a week; the checks and the set-up ask before every game). The farm
    changes only by `bind` and `apply_move`, which count it."""
    farm, version = book.farm, (book.version, book.versions.get(facts.team.code, 0))
    known = facts.active
    if known is not None and known[0] is farm and known[1] == version:
        return known[2]
    men = tuple([p for p in facts.team.players if p.id not in farm])
    made = (men, tuple([p for p in men if p.pitching is not None]),
            tuple([p for p in facts.may_come_up if p.id in farm]),
            frozenset([p.id for p in facts.team.players if p.id in farm]),
            frozenset([p.id for p in men]))
    facts.active = (farm, version, made)
    return made


def _come_up_by_role(facts: _TeamFacts, come_up: tuple[Player, ...]) -> dict[str, list[Player]]:
    """The men of `come_up` (active_of's farm men who may come up) by role, each role's in
    their order: remembered while active_of gives the same tuple (the team's farm unchanged)."""
    known = facts.come_up_roles
    if known is not None and known[0] is come_up:
        return known[1]
    role_of = facts.role_of
    by_role: dict[str, list[Player]] = {}
    for p in come_up:
        role = role_of[p.id]
        same = by_role.get(role)
        if same is None:
            by_role[role] = [p]
        else:
            same.append(p)
    facts.come_up_roles = (come_up, by_role)
    return by_role


# each team's facts, by the team's identity (a League and its teams never change)
_TEAM_FACTS: Final[dict[int, _TeamFacts]] = {}

# each league's teams by code and their DH rule, by the league's identity (League.team's
# table, the same teams; League.dh_for's answers)
_CLUBS: Final[dict[int, tuple[League, dict[str, Team], dict[str, bool]]]] = {}


def _clubs(league: League) -> tuple[League, dict[str, Team], dict[str, bool]]:
    known = _CLUBS.get(id(league))
    if known is None or known[0] is not league:
        if len(_CLUBS) > 2_000:      # a long-lived process that read many leagues
            _CLUBS.clear()
        # the first team of a code, as League.team's
        teams = {t.code: t for t in reversed(league.teams)}
        known = _CLUBS[id(league)] = (league, teams, {c: league.dh_for(c) for c in teams})
    return known


def club(league: League, code: str) -> Team:
    """`league.team(code)`, read here: the set-up and the farm's checks ask it some fourteen
    times a game, and a Python method's call costs a compiled caller some 2,000 instructions."""
    found = _clubs(league)[1].get(code)
    if found is not None:
        return found
    return league.team(code)        # its error, naming the teams


def dh_of(league: League, code: str) -> bool:
    """`league.dh_for(code)` of one of its teams, read here as `club`."""
    dh = _clubs(league)[2].get(code)
    return league.dh_for(code) if dh is None else dh


def team_facts(team: Team) -> _TeamFacts:
    """The team's facts (_TeamFacts), worked out once (the set-up reads them too)."""
    known = _TEAM_FACTS.get(id(team))
    if known is not None and known.team is team:
        return known
    if len(_TEAM_FACTS) > 2_000:      # a long-lived process that read many leagues
        _TEAM_FACTS.clear()
    known = _TEAM_FACTS[id(team)] = _TeamFacts(team)
    return known


def _role_of(p: Player) -> str:
    if p.pitching is not None:
        return "SP" if p.pitching.starter > 0 else "RP"
    return "C" if p.fielding_at("C") else "H"


def _value_of(p: Player) -> float:
    if p.pitching is not None:
        return pitching_value(p)
    return batting_value(p.batting) if p.batting is not None else -99.0


def sending_down(roster: Iterable[Player], spare: Iterable[Player], active_size: int
                 ) -> list[Player]:
    """The men of `spare` in the order a full active roster (`roster`, the man coming up in it)
    sends them down: the side — pitchers or hitters — furthest over its share of `active_size`
    first (ACTIVE_ARMS pitchers, the rest hitters), each side by its own value, the least
    valuable first. A pitcher's value and a hitter's are not on one scale (pitching_value
    about -5 to 10, batting_value about 30 to 60): by value alone every man sent down was a
    pitcher while a hitter could be spared (issue 31)."""
    size = arms = 0
    for p in roster:
        size += 1
        arms += p.pitching is not None
    pitchers = arms - ACTIVE_ARMS >= size - arms - (active_size - ACTIVE_ARMS)
    return sorted(spare, key=lambda p: ((p.pitching is not None) != pitchers, _value(p), p.id))


def _eligible(book: RosterBook, p: Player, day: date, ten_days: int) -> bool:
    """Whether a farm player may come up on `day`: the ten-day rule lets him, and he is healthy
    (a 育成 player never comes up)."""
    return _may_come_up(book.entries, p, day.toordinal(), ten_days)


def _may_come_up(entries: dict[str, Standing], p: Player, today: int, ten_days: int) -> bool:
    """_eligible with the book's entries and the day's number (`date.toordinal`) read once by a
    caller that asks it of every farm player before every game."""
    if p.ikusei:
        return False
    e = entries.get(p.id)
    if e is None:
        return True
    # may_return_on's day: by the days' numbers (no timedelta made each time); the field read
    # once (a Python object's, compiled)
    demoted = e.demoted_on
    if demoted is not None and today < demoted.toordinal() + ten_days:
        return False
    return e.points <= 0


def computer_moves(book: RosterBook, league: League, team: str, day: date, *,
                   rules: Any = None, rest: Mapping[str, PitcherRest] | None = None,
                   reserves: Iterable[str] = (), played: bool = True) -> list[Move]:
    """The computer manager's moves for a team before its game on `day` (recorded in the book):
    heavy injuries down, the roster filled, a tired bullpen refreshed, a clearly better farm
    player up for the worst active man of his role. `rest` is each pitcher's (SeasonState.rest):
    a reliever can pitch today when he has none or it ends by `day` (without it, the bullpen's
    fatigue is not weighed). `played`: the team has played a game this season (before its first,
    nobody is in a slump: the opening roster stands)."""
    t = club(league, team)
    facts = team_facts(t)
    if not (facts.card_farm or has_farm(book, t.players)):
        return []   # a team without a farm: nothing to move
    dh = dh_of(league, team)
    aside = set(reserves)
    made: list[Move] = []
    # the book's farm and standings read once (each a Python object's field in the compiled
    # build); the moves change them in place
    farm, entries = book.farm, book.entries
    role_of = facts.role_of
    value = facts.value
    # the farm players who may come up today, best first, and the same by role: the men on the
    # farm before any move (a move today only sends men down, who may not come back for ten
    # days, or brings one of these up: filtered at each use), each asked whether he may come up
    # (_may_come_up) only when a search first reaches him, and remembered: most searches stop
    # at their first man, and the standings asked do not change here (a man sent down was not
    # on the farm before, or was asked before he came up)
    today, ten_days = day.toordinal(), league.ten_days
    before = active_of(facts, book)
    start = before[2]                   # may_come_up's men on the farm
    by_role = _come_up_by_role(facts, start)
    asked: dict[str, bool] = {}

    # the active and the healthy change only with a move (book.farm; the injuries do not change
    # here): each list is made again once a move is made
    lists: dict[str, tuple[int, Sequence[Player]]] = {}
    rooms: dict[int, tuple[bool, bool]] = {}
    injured: dict[str, int] = {}        # filled below, before the first move

    def active() -> Sequence[Player]:
        known = lists.get("active")
        if known is not None and known[0] == len(made):
            return known[1]
        now = active_of(facts, book)[0]
        lists["active"] = (len(made), now)
        return now

    def farm_best(role: str | None, pos: str | None = None) -> Player | None:
        """The best farm player who may come up now (of `role`, who can play `pos`), or None:
        each move takes the first, so the rest are not gathered."""
        for p in (start if role is None else by_role.get(role, ())):
            pid = p.id
            if pid not in farm or (pos is not None and not p.can_play(pos)):
                continue
            may = asked.get(pid)
            if may is None:
                may = asked[pid] = _may_come_up(entries, p, today, ten_days)
            if may:
                if not p.foreign:
                    return p
                # the foreign limit's room, worked out only for a foreign man (most are not)
                room = rooms.get(len(made))     # who may come up changes only with a move
                if room is None:
                    room = rooms[len(made)] = _foreign_room(league, active())
                if room[p.pitching is not None]:
                    return p
        return None

    def down(p: Player, reason: str) -> bool:
        # the active men but him, not set aside, healthy: whether they lack what a game needs
        # (roster_problem of them, by the team's sets of ids); the active by active_of's ids,
        # not the team's less the farm (a difference walks the league's whole farm set)
        left = active_of(facts, book)[4].difference(aside, injured, (p.id,))
        if reason == "injury":
            # he goes down only when the healthy and the farm can play his positions without him
            # (else he stays, to play hurt if the line-up needs him)
            left = left.union([q.id for q in t.players if q.id in farm
                               and _may_come_up(entries, q, today, ten_days)])
        if facts.lacks(left, dh):
            return False
        mv = Move(day, team, p.id, "down", reason)
        apply_move(book, mv)
        made.append(mv)
        return True

    def up(p: Player, reason: str) -> None:
        mv = Move(day, team, p.id, "up", reason)
        apply_move(book, mv)
        made.append(mv)

    # the active roster's injured and their points, read once: no move changes them (a move
    # sends a man down or brings up a healthy one), and the lists below ask them of every
    # active man again after each move (each a look-up in the book and a Python object's
    # field, compiled)
    hurt_now: list[Player] = []         # and they, in the active roster's order
    sore = hurt_ids(book)
    if not sore.isdisjoint(before[4]):      # no move made yet
        for p in active():
            if p.id in sore:
                injured[p.id] = entries[p.id].points
                hurt_now.append(p)
    # heavy injuries go down (登録抹消): they rest on the farm
    for p in hurt_now:
        if severity(rules, p.rank, injured[p.id]) == "heavy":
            down(p, "injury")
    def healthy() -> Sequence[Player]:
        known = lists.get("healthy")
        if known is not None and known[0] == len(made):
            return known[1]
        now = [p for p in active() if p.id not in injured and p.id not in aside]
        lists["healthy"] = (len(made), now)
        return now

    # a position nobody healthy can play: an injured man goes down for a farm player who can
    # (FIELD has no DH: a man can play a position when his card has a line for it); the
    # healthy by their ids (healthy()'s men)
    fit = active_of(facts, book)[4].difference(injured, aside)
    fit_at = len(made)                  # the moves made when `fit` was
    for pos in FIELD:
        if not facts.at[pos].isdisjoint(fit):
            continue
        best = farm_best(None, pos)
        if best is None:
            continue
        if len(active()) >= league.active_size:
            hurt = sorted((p for p in active() if p.id in injured),
                          key=lambda p: (-injured[p.id], p.id))
            if not hurt or not down(hurt[0], "injury"):
                continue
        up(best, "injury")
        fit = active_of(facts, book)[4].difference(injured, aside)
        fit_at = len(made)
    # fill the active roster, the most needed role first
    for _ in range(league.active_size):
        if len(active()) >= league.active_size:
            break
        need = _needed_role(healthy(), dh)
        best = farm_best(need)
        if best is None:
            best = farm_best(None)
        if best is None:
            break
        up(best, "injury" if any(m.reason == "injury" for m in made) else "fill")
    # a tired bullpen: the most tired reliever goes down for a rested one
    if rest is not None:
        # asked of the active relievers only (not a table of the whole staff, farm included),
        # not set aside; in no order: the least valuable tired man is min() by (value, id)
        fresh = 0
        tired: list[Player] = []
        # asked as a dict (a Mapping's get is a Python method call in the compiled build)
        rests: dict[str, PitcherRest] = rest if isinstance(rest, dict) else dict(rest)
        for pid in facts.relievers.intersection(active_of(facts, book)[4]).difference(aside):
            r = rests.get(pid)
            if r is None or r.available_on <= day:
                fresh += 1
            else:
                tired.append(facts.by_id[pid])
        if fresh < TIRED_PEN and tired:
            best = farm_best("RP")
            # the least valuable tired man (by value, then id): sorted only when asked
            if best is not None and down(min(tired, key=lambda p: (value[p.id], p.id)), "fatigue"):
                up(best, "fatigue")
    # a bullpen run down to fewer than MIN_PEN healthy relievers: the farm's best reliever
    # comes up — for the least valuable bench hitter the roster can spare when it is full.
    # Covering a hurt man's position and the rotation's call-ups send relievers down (a
    # reliever's value is on a lower scale than a hitter's), and the tired-bullpen swap only
    # trades a reliever for a reliever, so nothing brought them back while the roster was full:
    # a lived club ended its fifth season with no reliever at all, its starters finishing 55
    # games (issue 31)
    # the healthy relievers and starters counted (again after a move), by their ids
    if len(made) != fit_at:
        fit = active_of(facts, book)[4].difference(injured, aside)
    counted = len(made)
    if _count_in(facts.relievers, fit, MIN_PEN) < MIN_PEN:
        best = farm_best("RP")
        if best is not None:
            full = len(active()) >= league.active_size
            spare = sorted((p for p in active() if role_of[p.id] == "H" and p.id not in aside),
                           key=lambda p: (value[p.id], p.id))
            if not full or any(down(p, "bullpen") for p in spare[:3]):
                up(best, "bullpen")
    if len(made) != counted:
        fit = active_of(facts, book)[4].difference(injured, aside)
    # a rotation short of its six (a starter hurt or sent down): the farm's best starter comes
    # up to take the turn — for the least valuable reliever or bench hitter the roster can
    # spare when it is full — rather than the others pitching on short rest
    if _count_in(facts.starters, fit, ROTATION_SIZE) < ROTATION_SIZE:
        best = farm_best("SP")
        if best is not None:
            full = len(active()) >= league.active_size
            # a bench hitter first, the bullpen kept whole where the bench allows
            spare = sorted((p for p in active() if role_of[p.id] in ("RP", "H")
                            and p.id not in aside),
                           key=lambda p: (role_of[p.id] != "H", value[p.id], p.id))
            if not full or any(down(p, "rotation") for p in spare[:3]):
                up(best, "rotation")
    # a farm player clearly better than the worst active man of his role (a slump's answer)
    for role in ("H", "RP", "SP", "C") if played else ():
        best = farm_best(role)
        if best is None:
            continue
        # the worst active man of the role not set aside: min() of them by value, then id
        worst: Player | None = None
        for p in facts.worst_first.get(role, ()):
            if p.id not in farm and p.id not in aside:
                worst = p
                break
        if worst is None:
            continue
        if value[best.id] > value[worst.id] + SWAP_MARGIN and down(worst, "slump"):
            up(best, "slump")
    return made


def _count_in(ids: frozenset[str], within: frozenset[str], most: int) -> int:
    """len(ids & within), counted up to `most` (no set made: asked before every game)."""
    n = 0
    for pid in ids:
        if pid in within:
            n += 1
            if n >= most:
                break
    return n


def _foreign_room(league: League, active: Iterable[Player]) -> tuple[bool, bool]:
    """Whether a foreign (batter, pitcher) may join `active` (league.season.foreign_limit): the
    computer never brings one up past the league's limit."""
    # foreign_limit.counts, counted here in the compiled build (asked before every game)
    total = pitchers = 0
    for p in active:
        if p.foreign:
            total += 1
            if p.pitching is not None:
                pitchers += 1
    batters = total - pitchers
    room = total < league.foreign_active
    return (room and batters < league.foreign_side, room and pitchers < league.foreign_side)


def _needed_role(active: Sequence[Player], dh: bool) -> str | None:
    """The role an active roster most needs filled (healthy players only), or None."""
    if not any(p.fielding_at("C") for p in active):
        return "C"
    if sum(1 for p in active if _role(p) == "SP") < MIN_STARTERS:
        return "SP"
    hitters = sum(1 for p in active if p.batting is not None and _role(p) in ("H", "C"))
    if hitters < (10 if dh else 9) + 3:
        return "H"
    if sum(1 for p in active if _role(p) == "RP") < 7:
        return "RP"
    return None


def before_game(state: Any, ruleset: "Ruleset", day: date, teams: Iterable[str]) -> None:
    """The season's between-game hook (league.season.state.play_scheduled): recovery checks for the
    teams' injured, then the computer manager's moves."""
    book: RosterBook = state.roster
    if not book.bound:      # a Python method's call, asked before every game
        book.bind(state.league)
    rules = ruleset.injury_rules
    for team in teams:
        settle(book, rules, state.league, team, day)
        if not book.auto:
            continue
        t = club(state.league, team)
        if not (team_facts(t).card_farm or has_farm(book, t.players)):
            continue    # nothing to move, as computer_moves would find
        reserves = state.prefs.get(team, {}).get("reserves", ())
        # a team has played once it has a day played or a last starter (a state carried without
        # its days, as the odds and calibration runs carry it, still knows the latter)
        days = state.days.get(team, ())
        played = (bool(days) and days[0] < day) or state.last.get(team) is not None
        computer_moves(book, state.league, team, day, rules=rules, rest=state.rest,
                       reserves=reserves, played=played)


def cover_positions(state: Any, team: str, day: date) -> list[Move]:
    """The last resort before a game the active players, the hurt among them, cannot field
    (say the only man for right field is also the only one for left): eligible farm players who
    can fill the open positions come up — with the active roster full, the least valuable
    reliever or bench hitter the roster can spare goes down first — keeping the ten-day rule
    where an eligible one can (else the best who can play it: a season never stops on one team),
    and the foreign limit.
    Returns the moves (recorded in the book like the computer's others)."""
    book: RosterBook = state.roster
    league: League = state.league
    t = league.team(team)
    dh = league.dh_for(team)
    aside = set(state.prefs.get(team, {}).get("reserves", ()))
    made: list[Move] = []

    def active() -> list[Player]:
        return [p for p in t.players if p.id not in book.farm and p.id not in aside]

    tried: set[str] = set()
    while (pos := uncovered(active())) is not None and pos not in tried:
        tried.add(pos)
        # the ten-day rule and health kept where the farm allows; else anyone who can play it
        # (the game needs him, as repair's call-ups)
        pool = sorted((p for p in t.players if p.id in book.farm and p.can_play(pos)),
                      key=lambda p: (not _eligible(book, p, day, league.ten_days), -_value(p), p.id))
        for cand in pool:
            registered = [p for p in t.players if p.id not in book.farm]
            # a foreign player past the limit (外国人枠) comes up only for a foreign one of the
            # active roster who can go down
            crowded = not foreign_limit.fits(registered, cand, league.foreign_active,
                                       league.foreign_side)
            out = None
            if crowded or len(registered) >= league.active_size:
                fit = active()
                spare = sending_down(registered + [cand],
                                     (p for p in fit if (p.foreign if crowded
                                                         else _role(p) in ("RP", "H"))),
                                     league.active_size)
                out = next((p for p in spare
                            if roster_problem([q for q in fit if q.id != p.id] + [cand], dh) is None
                            and uncovered([q for q in fit if q.id != p.id] + [cand]) is None
                            and (not crowded or foreign_limit.fits(
                                [q for q in registered if q.id != p.id], cand,
                                league.foreign_active, league.foreign_side))), None)
                if out is None:
                    if crowded:
                        continue        # the next best, perhaps not foreign
                    break               # nobody can go down for the best: the next position
                made.append(Move(day, team, out.id, "down", "injury"))
                apply_move(book, made[-1])
            made.append(Move(day, team, cand.id, "up", "injury"))
            apply_move(book, made[-1])
            break
    return made


def with_hurt(state: Any, team: str, roster: list[Player]) -> list[Player]:
    """A roster that cannot field a line-up without its injured: the active injured players
    (the least hurt first) join it; they play with their injury's card (`hurt_in`)."""
    book: RosterBook = state.roster
    here = {p.id for p in roster}
    aside = set(state.prefs.get(team, {}).get("reserves", ()))
    hurt = [p for p in state.league.team(team).players
            if p.id not in here and p.id not in book.farm and p.id not in aside
            and book.entries.get(p.id, Standing()).points > 0]
    hurt.sort(key=lambda p: (book.entries[p.id].points, p.id))
    return roster + hurt


def hurt_in(book: RosterBook, lineups: Iterable[Lineup]) -> dict[str, int]:
    """Injury points of the players dressed for a game who are still hurt."""
    out: dict[str, int] = {}
    hurt = hurt_ids(book)
    if not hurt:
        return out
    entries = book.entries
    for lu in lineups:
        for group in (lu.order, (lu.pitcher,), lu.bench, lu.bullpen):
            for pid in group:
                if pid in hurt:
                    out[pid] = entries[pid].points
    return out


def after_game(book: RosterBook, result: "GameResult", day: date) -> None:
    """Injury points of the game's accidents go on the players' standings."""
    for pid in result.hurt:         # he played hurt: no rest day
        if pid in book.entries:
            book.entries[pid].settled = day
            book.changed.add(pid)
    hurt = hurt_ids(book)
    for pid, points in result.injuries.items():
        e = book.entry(pid)
        e.points += points
        e.hurt_on = day
        e.settled = day
        book.changed.add(pid)
        if e.points > 0:
            hurt.add(pid)
        else:
            hurt.discard(pid)


def repair(state: Any, team: str, day: date) -> list[Move]:
    """Whatever was done to a team's roster — a manager's moves or saved reserves, a league kept
    by an older version that let a manager send his whole team down — the computer makes its
    active roster able to field a legal line-up before its game, so a season never stops on one
    team: saved reserves that leave the roster short are set aside (a Notice), then for each
    thing still missing (roster_problem: a catcher, the rotation's starters, position players, a
    man for every position) the best farm player who supplies it comes up, one the ten-day rule
    lets come back if there is one, else anyone (the game needs him); with the active roster
    full, the least valuable man it can spare goes down first. Each move's reason names what was
    missing, so the news says why. Returns the moves (recorded in the book)."""
    book: RosterBook = state.roster
    book.bind(state.league)
    league: League = state.league
    t = league.team(team)
    dh = league.dh_for(team)
    prefs = state.prefs.get(team, {})
    made: list[Move] = []

    # the active and the healthy change only with a move (book.farm; the injuries do not change
    # here): each list is made again once a move is made
    lists: dict[str, tuple[int, list[Player]]] = {}

    def active() -> list[Player]:
        known = lists.get("active")
        if known is not None and known[0] == len(made):
            return known[1]
        now = [p for p in t.players if p.id not in book.farm]
        lists["active"] = (len(made), now)
        return now

    aside = set(prefs.get("reserves", ()))
    problem = roster_problem([p for p in active() if p.id not in aside], dh)
    if problem is not None and aside:
        state.prefs[team] = {k: v for k, v in prefs.items() if k != "reserves"}
        book.notices.append(Notice(day, team, "reserves", problem))
    for _ in range(len(t.players)):
        here = active()
        lack = _lack(here, dh)
        if lack is None:
            break
        problem, supplies = lack
        pool = sorted((p for p in t.players if p.id in book.farm and supplies(p)),
                      key=lambda p: (not _eligible(book, p, day, league.ten_days), -_value(p), p.id))
        had = _needs(here, dh)

        def keeps(p: Player, cand: Player) -> bool:
            """Whether `p` may go down for `cand`: all the roster has is kept."""
            return all(after or not before for before, after in zip(
                had, _needs([q for q in here if q.id != p.id] + [cand], dh)))

        # the best who supplies it; a foreign one past the limit (外国人枠) only for a foreign
        # man of the active roster who can go down
        chosen: tuple[Player, Player | None] | None = None
        for cand in pool:
            if foreign_limit.fits(here, cand, league.foreign_active, league.foreign_side):
                chosen = (cand, None)
                break
            out = sending_down(here + [cand], (
                p for p in here if p.foreign and keeps(p, cand) and foreign_limit.fits(
                    [q for q in here if q.id != p.id], cand, league.foreign_active,
                    league.foreign_side)), league.active_size)
            if out:
                chosen = (cand, out[0])
                break
        if chosen is None:
            break
        cand, room = chosen
        if room is None and len(here) >= league.active_size:
            # room for him: the least valuable man whose going keeps all the roster has, of the
            # side furthest over its share (each side on its own scale)
            spare = sending_down(here + [cand], (p for p in here if keeps(p, cand)),
                                 league.active_size)
            room = spare[0] if spare else None
        if room is not None:
            made.append(Move(day, team, room.id, "down", f"roster: {problem}"))
            apply_move(book, made[-1])
        made.append(Move(day, team, cand.id, "up", f"roster: {problem}"))
        apply_move(book, made[-1])
    return made
