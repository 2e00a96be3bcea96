"""The farm (二軍): call-ups and demotions (登録抹消) with the ten-day rule, and what a season
carries between games for them and for injuries (league/season/injury.py).

A team's players are on the active roster (一軍, `League.active_size` registered, `dressed` of
them dressed for a game) or on the farm (二軍); the farm plays no league games. A demoted player
may not be registered again until ten days after his demotion (NPB's 10日ルール): demoted on 1
May, back on 11 May at the earliest.

The computer manager makes its moves between games (`before_game`): a heavily injured player
goes down and a healthy one comes up; a tired bullpen sends its most tired arm down for a rested
one; a farm player clearly better than the worst active man of his role takes his place; an
active roster short of its size is filled. A person makes his own (`call_up_problem`,
`demotion_problem` say why one is refused, in one line). Pure: the season runner stores what the
`RosterBook` records.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Final

try:  # the compiled build (setup.py): this module's classes stay Python classes (pickled to
    # the odds' workers, copied with dataclasses.replace)
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python package needs nothing beyond the standard library
    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[misc,no-redef]
        return lambda cls: cls

from league.engine.cards import Player
from league.season.injury import recover, severity
from league.manager.computer import batting_value, pitching_value
from league.season.roster import MIN_STARTERS, League, Team

if TYPE_CHECKING:
    from league.engine.game import GameResult
    from league.engine.ruleset import Ruleset

FIELD: Final = ("C", "SS", "2B", "CF", "3B", "1B", "LF", "RF")
TEN_DAYS: Final = 10            # days a demoted player waits before he may be registered again
TIRED_PEN: Final = 4            # fewer rested relievers than this: the most tired one goes down
SWAP_MARGIN: Final = 6.0        # how much better a farm player must be to take an active man's place


@mypyc_attr(native_class=False)
@dataclass
class Standing:
    """A player's season record for the farm and injuries: when he was last demoted, his injury
    points, the day he was hurt, and the last day whose recovery check is done."""

    demoted_on: date | None = None
    points: int = 0
    hurt_on: date | None = None
    settled: date | None = None


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Move:
    """A call-up ("up") or a demotion ("down") on a day; `reason` says why the computer made it
    (injury, fatigue, slump, fill) and is "" for a person's."""

    day: date
    team: str
    player: str
    kind: str
    reason: str = ""


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

    def bind(self, league: League) -> None:
        """Take the farm from the cards once (the runner may have filled it already)."""
        if not self.bound:
            self.farm |= {p.id for t in league.teams for p in t.players if p.roster == "farm"}
            self.bound = True

    def copy(self) -> "RosterBook":
        return RosterBook(set(self.farm), {k: dataclasses.replace(v) for k, v in self.entries.items()},
                          list(self.moves), set(self.changed), self.season_seed, self.auto,
                          self.bound)

    def entry(self, pid: str) -> Standing:
        e = self.entries.get(pid)
        if e is None:
            e = self.entries[pid] = Standing()
        return e

    def injured(self) -> set[str]:
        return {pid for pid, e in self.entries.items() if e.points > 0}

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


def may_return_on(entry: Standing | None) -> date | None:
    """The first day a demoted player may be registered again (None: any day)."""
    if entry is None or entry.demoted_on is None:
        return None
    return entry.demoted_on + timedelta(days=TEN_DAYS)


def _name(p: Player) -> str:
    return f"{p.name} ({p.id})"


def active_players(team: Team, book: RosterBook) -> list[Player]:
    return [p for p in team.players if p.id not in book.farm]


def roster_problem(players: Iterable[Player], dh: bool) -> str | None:
    """What an active roster lacks for a game: a catcher, five starters, nine position players
    (ten with DH); None if nothing."""
    ps = list(players)
    if not any(p.fielding_at("C") for p in ps):
        return "the active roster would have no catcher"
    starters = sum(1 for p in ps if p.pitching is not None and p.pitching.starter > 0)
    if starters < MIN_STARTERS:
        return (f"the active roster would have {starters} starters; a rotation needs "
                f"{MIN_STARTERS}")
    hitters = sum(1 for p in ps if p.batting is not None and any(f.position != "P" for f in p.fielding))
    need = 10 if dh else 9
    if hitters < need:
        return f"the active roster would have {hitters} position players; a line-up needs {need}"
    for pos in FIELD:
        if not any(p.can_play(pos) for p in ps):
            return f"the active roster would have nobody who can play {pos}"
    return None


def call_up_problem(league: League, book: RosterBook, pid: str, day: date) -> str | None:
    """Why `pid` cannot be called up on `day` (one line), or None."""
    p = league.player(pid)
    team = league.team(p.team)
    if pid not in book.farm:
        return f"{_name(p)} is on the active roster of {team.code} already"
    back = may_return_on(book.entries.get(pid))
    if back is not None and day < back:
        demoted = book.entries[pid].demoted_on
        return (f"{_name(p)} was demoted on {demoted}: the ten-day rule keeps him down until "
                f"{back}")
    active = active_players(team, book)
    if len(active) >= league.active_size:
        return (f"{team.code} has {len(active)} players on the active roster, the most the league "
                f"registers (active_size {league.active_size}); demote someone first")
    return None


def demotion_problem(league: League, book: RosterBook, pid: str, reserves: Iterable[str] = ()
                     ) -> str | None:
    """Why `pid` cannot be demoted (one line), or None: the active roster must keep what a game
    needs (players a manager set aside do not count)."""
    p = league.player(pid)
    team = league.team(p.team)
    if pid in book.farm:
        return f"{_name(p)} is on the farm already"
    aside = set(reserves)
    left = [q for q in active_players(team, book) if q.id != pid and q.id not in aside]
    problem = roster_problem(left, league.dh_for(team.code))
    if problem:
        return f"{team.code}: demoting {_name(p)}: {problem}"
    return None


def apply_move(book: RosterBook, move: Move) -> None:
    """Record a move in the book (its checks made by the caller)."""
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
    for p in league.team(team).players:
        e = book.entries.get(p.id)
        if e is None or e.points <= 0:
            continue
        start = (e.settled or e.hurt_on or day - _ONE_DAY) + _ONE_DAY
        if start >= day:
            continue
        days = [start]
        while days[-1] + _ONE_DAY < day:
            days.append(days[-1] + _ONE_DAY)
        left = recover(rules, p.rank, e.points, book.season_seed, p.id, days)
        e.points = left
        e.settled = day - _ONE_DAY
        if left == 0:
            e.hurt_on = None
        book.changed.add(p.id)


def has_farm(book: RosterBook, players: Iterable[Player]) -> bool:
    """Whether a team has a farm: a player of its cards' farm or sent down this season."""
    return any(p.roster == "farm" or p.id in book.farm for p in players)


def _role(p: Player) -> str:
    if p.pitching is not None:
        return "SP" if p.pitching.starter > 0 else "RP"
    return "C" if p.fielding_at("C") else "H"


def _value(p: Player) -> float:
    if p.pitching is not None:
        return pitching_value(p)
    return batting_value(p.batting) if p.batting is not None else -99.0


def _eligible(book: RosterBook, p: Player, day: date, rules: Any) -> bool:
    back = may_return_on(book.entries.get(p.id))
    if back is not None and day < back:
        return False
    e = book.entries.get(p.id)
    return e is None or e.points <= 0


def computer_moves(book: RosterBook, league: League, team: str, day: date, *,
                   rules: Any = None, rested: Mapping[str, bool] | None = None,
                   reserves: Iterable[str] = ()) -> list[Move]:
    """The computer manager's moves for a team before its game on `day` (recorded in the book):
    heavy injuries down, the roster filled, a tired bullpen refreshed, a clearly better farm
    player up for the worst active man of his role. `rested[pid]` says whether a reliever can
    pitch today."""
    t = league.team(team)
    if not has_farm(book, t.players):
        return []   # a team without a farm: nothing to move
    dh = league.dh_for(team)
    aside = set(reserves)
    made: list[Move] = []
    role_of = {p.id: _role(p) for p in t.players}
    # the farm players who may come up today, best first (a move today only sends men down,
    # who may not come back for ten days, or brings one of these up: filtered at each use)
    eligible = sorted((p for p in t.players if p.id in book.farm and _eligible(book, p, day, rules)),
                      key=lambda p: (-_value(p), p.id))

    def active() -> list[Player]:
        return [p for p in t.players if p.id not in book.farm]

    def farm_pool(role: str | None, pos: str | None = None) -> list[Player]:
        return [p for p in eligible if p.id in book.farm
                and (role is None or role_of[p.id] == role) and (pos is None or p.can_play(pos))]

    def down(p: Player, reason: str) -> bool:
        left = [q for q in active() if q.id != p.id and q.id not in aside
                and book.entries.get(q.id, Standing()).points <= 0]
        if reason == "injury":
            # he goes down only when the healthy and the farm can play his positions without him
            # (else he stays, to play hurt if the line-up needs him)
            left += [q for q in t.players if q.id in book.farm and _eligible(book, q, day, rules)]
        if roster_problem(left, dh):
            return False
        mv = Move(day, team, p.id, "down", reason)
        apply_move(book, mv)
        made.append(mv)
        return True

    def up(p: Player, reason: str) -> None:
        mv = Move(day, team, p.id, "up", reason)
        apply_move(book, mv)
        made.append(mv)

    # heavy injuries go down (登録抹消): they rest on the farm
    for p in active():
        e = book.entries.get(p.id)
        if e is not None and e.points > 0 and severity(rules, p.rank, e.points) == "heavy":
            down(p, "injury")
    def healthy() -> list[Player]:
        return [p for p in active() if book.entries.get(p.id, Standing()).points <= 0
                and p.id not in aside]

    # a position nobody healthy can play: an injured man goes down for a farm player who can
    fit = healthy()
    for pos in FIELD:
        if any(p.can_play(pos) for p in fit):
            continue
        pool = farm_pool(None, pos)
        if not pool:
            continue
        if len(active()) >= league.active_size:
            hurt = sorted((p for p in active() if book.entries.get(p.id, Standing()).points > 0),
                          key=lambda p: (-book.entries[p.id].points, p.id))
            if not hurt or not down(hurt[0], "injury"):
                continue
        up(pool[0], "injury")
        fit = healthy()
    # fill the active roster, the most needed role first
    for _ in range(league.active_size):
        if len(active()) >= league.active_size:
            break
        need = _needed_role(healthy(), dh)
        pool = farm_pool(need) or farm_pool(None)
        if not pool:
            break
        up(pool[0], "injury" if any(m.reason == "injury" for m in made) else "fill")
    # a tired bullpen: the most tired reliever goes down for a rested one
    if rested is not None:
        pen = [p for p in active() if role_of[p.id] == "RP" and p.id not in aside]
        fresh = [p for p in pen if rested.get(p.id, True)]
        tired = sorted((p for p in pen if not rested.get(p.id, True)), key=lambda p: (_value(p), p.id))
        if len(fresh) < TIRED_PEN and tired:
            pool = farm_pool("RP")
            if pool and down(tired[0], "fatigue"):
                up(pool[0], "fatigue")
    # a farm player clearly better than the worst active man of his role (a slump's answer)
    for role in ("H", "RP", "SP", "C"):
        pool = farm_pool(role)
        if not pool:
            continue
        cands = [p for p in active() if role_of[p.id] == role and p.id not in aside]
        if not cands:
            continue
        worst = min(cands, key=lambda p: (_value(p), p.id))
        if _value(pool[0]) > _value(worst) + SWAP_MARGIN and down(worst, "slump"):
            up(pool[0], "slump")
    return made


def _needed_role(active: list[Player], dh: bool) -> str | None:
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
    book.bind(state.league)
    rules = ruleset.injury_rules
    for team in teams:
        settle(book, rules, state.league, team, day)
        if not book.auto:
            continue
        if not has_farm(book, state.league.team(team).players):
            continue    # nothing to move, as computer_moves would find
        rested = {p.id: (r := state.rest.get(p.id)) is None or r.available_on <= day
                  for p in state.league.team(team).pitchers}
        reserves = state.prefs.get(team, {}).get("reserves", ())
        computer_moves(book, state.league, team, day, rules=rules, rested=rested,
                       reserves=reserves)


def uncovered(players: Iterable[Player]) -> str | None:
    """A fielding position the players cannot fill while the others are filled by other men
    (the eight positions need eight different men), or None when they can field a team: a
    matching of positions to players by augmenting paths."""
    hitters = [p for p in players
               if p.batting is not None and any(f.position != "P" for f in p.fielding)]
    able = {pos: [p.id for p in hitters if p.can_play(pos)] for pos in FIELD}
    holder: dict[str, str] = {}          # player id -> the position he holds

    def place(pos: str, seen: set[str]) -> bool:
        for pid in able[pos]:
            if pid in seen:
                continue
            seen.add(pid)
            if pid not in holder or place(holder[pid], seen):
                holder[pid] = pos
                return True
        return False

    for pos in sorted(FIELD, key=lambda q: (len(able[q]), q)):
        if not place(pos, set()):
            return pos
    return None


def cover_positions(state: Any, team: str, day: date) -> list[Move]:
    """The last resort before a game the active players, the hurt among them, cannot field
    (say the only man for right field is also the only one for left): eligible farm players who
    can fill the open positions come up — with the active roster full, the least valuable
    reliever or bench hitter the roster can spare goes down first — keeping the ten-day rule.
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
        pool = sorted((p for p in t.players if p.id in book.farm and _eligible(book, p, day, None)
                       and p.can_play(pos)), key=lambda p: (-_value(p), p.id))
        if not pool:
            continue
        if sum(1 for p in t.players if p.id not in book.farm) >= league.active_size:
            fit = active()
            spare = sorted((p for p in fit if _role(p) in ("RP", "H")),
                           key=lambda p: (_value(p), p.id))
            out = next((p for p in spare
                        if roster_problem([q for q in fit if q.id != p.id] + [pool[0]], dh) is None
                        and uncovered([q for q in fit if q.id != p.id] + [pool[0]]) is None), None)
            if out is None:
                continue
            made.append(Move(day, team, out.id, "down", "injury"))
            apply_move(book, made[-1])
        made.append(Move(day, team, pool[0].id, "up", "injury"))
        apply_move(book, made[-1])
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


def hurt_in(book: RosterBook, lineups: Iterable[Any]) -> dict[str, int]:
    """Injury points of the players dressed for a game who are still hurt."""
    out: dict[str, int] = {}
    for lu in lineups:
        for pid in (*lu.order, lu.pitcher, *lu.bench, *lu.bullpen):
            e = book.entries.get(pid)
            if e is not None and e.points > 0:
                out[pid] = e.points
    return out


def after_game(book: RosterBook, result: "GameResult", day: date) -> None:
    """Injury points of the game's accidents go on the players' standings."""
    for pid in result.hurt:         # he played hurt: no rest day
        if pid in book.entries:
            book.entries[pid].settled = day
            book.changed.add(pid)
    for pid, points in result.injuries.items():
        e = book.entry(pid)
        e.points += points
        e.hurt_on = day
        e.settled = day
        book.changed.add(pid)
