"""Free agency (FA, npb_offseason.md §4): service in days on the active roster, the rights it
gives, who declares (FA宣言), the clubs' offers, the player's choice, and compensation (人的補償).
Pure: the caller counts each player's days on the active roster season by season (the season's
roster moves, kept every day) and hands them here.

Service: each year's days on the active roster; a year of SEASON_DAYS (145) or more counts one
season (a longer year still one), shorter years are added up and every 145 days of them make
one more. Domestic FA (国内FA) after DOMESTIC (8) seasons, COLLEGE (7) for a player who joined
from university or a company team (大学, 社会人); overseas FA (海外FA) after OVERSEAS (9); after
using FA (declaring), AGAIN (4) more seasons before the next. Foreign players (外国人) are not in
the market (they come and go by §5).

A player of the league's own files has no days counted: his service before the league's first
season is `initial_service` (his entry route and age, a seeded stream; documented there).

Who declares (`declare_chance`, seeded by league, player and year): DECLARE_BASE; more
(DECLARE_ROLE) when another club would give him a bigger role than his own; more (DECLARE_GOOD)
for one of the best of his kind in the league (the top quarter by his cards' value); an older
man less (x OLD_FACTOR at 33, x OLDER_FACTOR at 36). Declaring uses the right.

Offers (no salaries): years (by age, one more for a starting job) and a promised role — the role
he would have in the club's depth at his kind: a batter a regular (レギュラー) among the club's
REGULARS best of his kind (C 1, IF 4, OF 3), else the bench; a starter in the rotation among
its ROTATION (6) best starters, else the bench (long relief); a reliever the closer if he is its
best, a setup man among its SETUP (3) best, else the bench. His own club always offers; another
club offers when it would give him more than the bench, has room under the roster size, and has
signed fewer than MAX_SIGNINGS free agents this off-season. Players go to market best first.

The player's choice: the biggest role (ROLE_RANK), then the strongest club (its standing last
season), then his own club, then the most years, then a seeded draw. With overseas FA, one of
the very best of his kind (the top tenth, 1/ELITE) under 33 (OLD_AGE) leaves the league (to MLB)
with the chance ABROAD before any offer: a player or two a year in a league of twelve, as NPB
loses its stars to MLB.

A person's club (`people`: the clubs a person decides for) offers only what he chose
(`chosen`): to any declared player, a role his club may promise (`promises`: the role its depth
gives him, or a smaller one of his kind) for 1 to `years_for` years. When the player's turn
comes the promise is held to what the club can give then (a role its depth no longer gives is
lowered to the one it does, as the computer's offer would be; the years with it), and the room
and MAX_SIGNINGS count as for the computer's. A declared player no club offers anything (his
own club a person's that made him no offer) stays with it for a year, in the role its depth
gives him (宣言残留).

Compensation (人的補償, league.toml [fa] compensation = true; off by default): the club that lost
a player to another takes one player from the signing club outside its PROTECTED best by value
(foreign players and the year's draft protected too), the most valuable of the rest, when it
has room under the roster size.
"""
from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Final

from league.offseason.people import stream

# the [fa] table is read with the league file, in the season (one home:
# league.season.offseason_settings); its name stays importable from here
from league.season.offseason_settings import fa_rules  # noqa: F401

SEASON_DAYS: Final = 145
DOMESTIC: Final = 8
COLLEGE: Final = 7
COLLEGE_ROUTES: Final = ("大学", "社会人")
OVERSEAS: Final = 9
AGAIN: Final = 4

DECLARE_BASE: Final = 0.06
DECLARE_ROLE: Final = 0.25
DECLARE_GOOD: Final = 0.10
OLD_AGE, OLD_FACTOR = 33, 0.5
OLDER_AGE, OLDER_FACTOR = 36, 0.25
ABROAD: Final = 0.25
ELITE: Final = 10           # ... for the top tenth of his kind
MAX_SIGNINGS: Final = 2
PROTECTED: Final = 28

REGULARS: Final = {"C": 1, "IF": 4, "OF": 3}
ROTATION: Final = 6
SETUP: Final = 3
ROLES: Final = ("regular", "rotation", "closer", "setup", "bench")
ROLE_RANK: Final = {"regular": 3, "rotation": 3, "closer": 3, "setup": 2, "bench": 1}
KIND_ROLES: Final = {"SP": ("rotation", "bench"), "RP": ("closer", "setup", "bench"),
                     "C": ("regular", "bench"), "IF": ("regular", "bench"),
                     "OF": ("regular", "bench")}
ROLES_JA: Final = {"regular": "レギュラー", "rotation": "先発ローテーション", "closer": "抑え",
                   "setup": "セットアッパー", "bench": "控え"}
DOMESTIC_FA, OVERSEAS_FA = "domestic", "overseas"


def seasons(days: Sequence[int]) -> tuple[int, int]:
    """(seasons, days over) of service from each year's days on the active roster: a year of
    SEASON_DAYS or more is one season, shorter years are added up (§4)."""
    full = sum(1 for d in days if d >= SEASON_DAYS)
    short = sum(max(0, d) for d in days if d < SEASON_DAYS)
    return full + short // SEASON_DAYS, short % SEASON_DAYS


@dataclass(frozen=True)
class Service:
    """A player's service: his entry route (高校, 大学, 社会人, 独立; "" unknown), each year's days on
    the active roster (oldest first), and how many of those years there were when he last
    used FA (None: never)."""

    entry: str
    days: tuple[int, ...]
    used: int | None = None

    @property
    def total(self) -> tuple[int, int]:
        return seasons(self.days)


def right(s: Service) -> str | None:
    """The FA right a player's service gives now: "overseas", "domestic" or None (§4)."""
    total = s.total[0]
    if s.used is not None:
        if seasons(s.days[s.used:])[0] < AGAIN:
            return None
        return OVERSEAS_FA if total >= OVERSEAS else DOMESTIC_FA
    if total >= OVERSEAS:
        return OVERSEAS_FA
    need = COLLEGE if s.entry in COLLEGE_ROUTES else DOMESTIC
    return DOMESTIC_FA if total >= need else None


def days_active(start: Iterable[str], moves: Sequence[tuple[date, str, bool]], first: date,
                last: date) -> dict[str, int]:
    """Each player's days on the active roster from `first` to `last` (both counted): `start`
    the active roster on the first day before any move, `moves` (day, player, up) in the order
    they were made; a call-up counts from its day, a demotion stops on its day. A player never
    active is left out."""
    active = set(start)
    out: dict[str, int] = {}
    cur = first
    end = last + timedelta(days=1)
    for day, pid, up in sorted(moves, key=lambda m: m[0]):
        at = min(max(day, first), end)
        if at > cur:
            for x in active:
                out[x] = out.get(x, 0) + (at - cur).days
            cur = at
        (active.add if up else active.discard)(pid)
    for x in active:
        out[x] = out.get(x, 0) + (end - cur).days
    return out


# --- the service of a player of the league's own files ----------------------------------------
# His entry route: 高校 (joined at 18) when he is under 22; otherwise drawn from the draft's shares
# (league.offseason.draft.SCHOOL_SHARE) among the routes he is old enough for, a company team's
# man joining at 23-26 (no older than he is). Each year since he joined: a full year (145+ days,
# the days drawn 145-185) with the chance YEAR_ACTIVE (an active player now) or YEAR_FARM (a
# farm player), else 0-144 days.
YEAR_ACTIVE: Final = 0.75
YEAR_FARM: Final = 0.25


def initial_service(league: str, pid: str, age: int, active: bool) -> Service:
    """The service before the league's first season of a player of its own files, `age` his
    age in that season (seeded by league and player; the rule above)."""
    from league.offseason.draft import SCHOOL_AGES, SCHOOL_SHARE, SCHOOLS
    rng = stream("fa service", league, pid)
    if age < 22:
        entry, joined = "高校", 18
    else:
        routes = [(s, w) for s, w in zip(SCHOOLS, SCHOOL_SHARE) if SCHOOL_AGES[s][0] <= age]
        entry = rng.choices([s for s, _ in routes], weights=[w for _, w in routes])[0]
        lo, hi = SCHOOL_AGES[entry]
        joined = rng.randint(lo, min(hi, age))
    years = max(0, age - joined)
    p = YEAR_ACTIVE if active else YEAR_FARM
    days = tuple(rng.randint(SEASON_DAYS, 185) if rng.random() < p else rng.randint(0, 144)
                 for _ in range(years))
    return Service(entry, days)


# --- the market ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Man:
    """A player as the market sees him: id, club, age in the coming season, kind (C, IF, OF,
    SP, RP), his cards' value (rolls, comparable within his kind), foreign, and his service."""

    player: str
    team: str
    age: int
    kind: str
    value: float
    foreign: bool
    service: Service
    drafted: bool = False          # joined in this off-season's draft (protected)


@dataclass(frozen=True)
class Offer:
    """A club's offer: years and the promised role."""

    team: str
    role: str
    years: int


@dataclass(frozen=True)
class Declared:
    """A player who declared (FA宣言): his right, the offers, where he signed ("" when he left
    the league), the role and years he signed for."""

    player: str
    team: str
    age: int
    right: str
    offers: tuple[Offer, ...] = ()
    signed: str = ""
    role: str = ""
    years: int = 0
    abroad: bool = False


@dataclass(frozen=True)
class Compensation:
    """人的補償: `team` (which lost `lost`) takes `player` from `signing`."""

    team: str
    signing: str
    player: str
    lost: str


@dataclass(frozen=True)
class Market:
    """What free agency did: the eligible (player, right), the declared with offers and choice,
    compensation."""

    eligible: tuple[tuple[str, str], ...] = ()
    declared: tuple[Declared, ...] = ()
    compensation: tuple[Compensation, ...] = field(default_factory=tuple)

    @property
    def moves(self) -> tuple[Declared, ...]:
        """The declared who changed club or left the league."""
        return tuple(d for d in self.declared if d.abroad or d.signed != d.team)


def role_at(man: Man, depth: Sequence[float]) -> str:
    """The role `man` would have at a club whose men of his kind (himself left out) have the
    values `depth`."""
    better = sum(1 for v in depth if v > man.value)
    if man.kind == "SP":
        return "rotation" if better < ROTATION else "bench"
    if man.kind == "RP":
        return "closer" if better == 0 else "setup" if better < SETUP else "bench"
    return "regular" if better < REGULARS.get(man.kind, 1) else "bench"


def years_for(age: int, role: str) -> int:
    """The years of an offer: 4 up to 28, 3 to 31, 2 to 34, else 1; one more for a starting
    job (a regular, the rotation, the closer)."""
    base = 4 if age <= 28 else 3 if age <= 31 else 2 if age <= 34 else 1
    return base + (ROLE_RANK[role] == 3)


def promises(man: Man, depth: Sequence[float]) -> tuple[str, ...]:
    """The roles a club whose men of his kind have the values `depth` may promise `man`: the one
    its depth gives him (role_at) and every smaller one of his kind, biggest first."""
    top = ROLE_RANK[role_at(man, depth)]
    return tuple(r for r in KIND_ROLES.get(man.kind, ("regular", "bench")) if ROLE_RANK[r] <= top)


def declare_chance(man: Man, home: str, best_elsewhere: str, good: bool) -> float:
    """The chance `man` declares (the rule in the module's words)."""
    chance = DECLARE_BASE
    if ROLE_RANK[best_elsewhere] > ROLE_RANK[home]:
        chance += DECLARE_ROLE
    if good:
        chance += DECLARE_GOOD
    if man.age >= OLDER_AGE:
        chance *= OLDER_FACTOR
    elif man.age >= OLD_AGE:
        chance *= OLD_FACTOR
    return chance


def choose(offers: Sequence[Offer], home: str, strength: Mapping[str, float],
           rng: random.Random) -> Offer:
    """The offer a player takes: the biggest role, then the strongest club, then his own club,
    then the most years; `rng` (seeded) breaks what is left."""
    order = list(offers)
    rng.shuffle(order)
    return max(order, key=lambda o: (ROLE_RANK[o.role], strength.get(o.team, 0.0),
                                     o.team == home, o.years))


def _levels(men: Sequence[Man]) -> tuple[dict[str, float], dict[str, float]]:
    """Each kind's value of the top quarter's last man and of the top tenth's (ELITE)."""
    tops: dict[str, float] = {}
    elite: dict[str, float] = {}
    for kind in ("C", "IF", "OF", "SP", "RP"):
        vals = sorted((m.value for m in men if m.kind == kind), reverse=True)
        if vals:
            tops[kind] = vals[max(0, len(vals) // 4 - 1)]
            elite[kind] = vals[max(0, len(vals) // ELITE - 1)]
    return tops, elite


def _depth(men: Sequence[Man], where: Mapping[str, str], team: str, m: Man) -> list[float]:
    return [x.value for x in men if where[x.player] == team and x.kind == m.kind
            and x.player != m.player]


def declarations(league: str, year: int, men: Sequence[Man], teams: Sequence[str]
                 ) -> tuple[list[tuple[Man, str]], list[tuple[Man, str]]]:
    """Who has an FA right (eligible, with it) and who declares (FA宣言, seeded by league,
    player and year), the declared best first — the market's order. Neither depends on the
    offers, so a person sees the year's free agents before he offers."""
    where = {m.player: m.team for m in men}
    tops, _elite = _levels(men)
    eligible = [(m, r) for m in men if not m.foreign and (r := right(m.service)) is not None]
    declared: list[tuple[Man, str]] = []
    for m, r in eligible:
        home = role_at(m, _depth(men, where, m.team, m))
        elsewhere = max((role_at(m, _depth(men, where, t, m)) for t in teams if t != m.team),
                        key=lambda x: ROLE_RANK[x], default="bench")
        good = m.value >= tops.get(m.kind, float("inf"))
        if stream("fa declare", league, m.player, year).random() < declare_chance(
                m, home, elsewhere, good):
            declared.append((m, r))
    declared.sort(key=lambda x: (-x[0].value, x[0].player))
    return eligible, declared


@dataclass(frozen=True)
class Agent:
    """A declared free agent as a person sees him before offering: the roles each club of
    `people` may promise him (`promises`, by its depth as the market opens) and the most years
    an offer of each role of his kind may have (years_for)."""

    player: str
    team: str
    age: int
    kind: str
    value: float
    right: str
    roles: tuple[tuple[str, tuple[str, ...]], ...]      # (club, roles it may promise)
    years: tuple[tuple[str, int], ...]                   # (role, most years)


def agents(league: str, year: int, men: Sequence[Man], teams: Sequence[str],
           people: Collection[str], sizes: Mapping[str, int] | None = None,
           roster_size: int = 70) -> tuple[Agent, ...]:
    """The year's declared free agents, best first, as the clubs of `people` may bid for them
    (another club's man only by a club with room under `roster_size`, `sizes` its players on
    the 70 as the market opens: none to promise otherwise)."""
    where = {m.player: m.team for m in men}
    _eligible, declared = declarations(league, year, men, teams)

    def room(t: str, m: Man) -> bool:
        return t == m.team or sizes is None or sizes.get(t, 0) < roster_size

    return tuple(Agent(m.player, m.team, m.age, m.kind, m.value, r,
                       tuple((t, promises(m, _depth(men, where, t, m)) if room(t, m) else ())
                             for t in sorted(people)),
                       tuple((role, years_for(m.age, role))
                             for role in KIND_ROLES.get(m.kind, ("regular", "bench"))))
                 for m, r in declared)


def offer_refusal(agent: Agent, team: str, role: str, years: int) -> str | None:
    """Why `team` may not offer `agent` `role` for `years` years, in one line; None when it may."""
    allowed = dict(agent.roles).get(team)
    if allowed is None:
        return f"{team} is not a club a person offers for in this free agency"
    if not allowed:
        return (f"{team} has no room for {agent.player}: its players under contract are at the "
                "league's roster size")
    if role not in allowed:
        return (f"{team} may promise {agent.player} {' or '.join(allowed)}, not {role!r} (the "
                "role its depth gives him, or a smaller one)")
    most = dict(agent.years)[role]
    if not 1 <= years <= most:
        span = "1 year only" if most == 1 else f"1 to {most} years"
        return f"an offer to {agent.player} ({agent.age}) as {role} is for {span}, not {years}"
    return None


def market(league: str, year: int, men: Sequence[Man], strength: Mapping[str, float],
           sizes: Mapping[str, int], roster_size: int = 70, compensation: bool = False,
           people: Collection[str] = (),
           chosen: Mapping[str, Mapping[str, Offer]] | None = None) -> Market:
    """Free agency before the season of `year` (§4): `men` every player under contract after
    the draft (the draft's men marked), `strength` each club's standing last season (higher is
    stronger), `sizes` each club's players on the 70; `people` the clubs a person decides for,
    `chosen[club][player]` his offers (the rule in the module's words). Seeded by (league,
    year, player)."""
    teams = sorted(sizes)
    size = dict(sizes)
    where = {m.player: m.team for m in men}
    chosen = chosen or {}

    def depth(team: str, m: Man) -> list[float]:
        return _depth(men, where, team, m)

    _tops, elite = _levels(men)
    eligible, declared = declarations(league, year, men, teams)
    signings = {t: 0 for t in teams}
    out: list[Declared] = []
    comp: list[Compensation] = []
    protected_draft = {m.player for m in men if m.drafted}
    for m, r in declared:
        rng = stream("fa choice", league, m.player, year)
        if (r == OVERSEAS_FA and m.value >= elite.get(m.kind, float("inf"))
                and m.age < OLD_AGE and rng.random() < ABROAD):
            out.append(Declared(m.player, m.team, m.age, r, (), "", "", 0, True))
            where[m.player] = ""
            size[m.team] -= 1
            continue
        offers = []
        for t in teams:
            role = role_at(m, depth(t, m))
            if t in people:
                promised = chosen.get(t, {}).get(m.player)
                if promised is None or (t != m.team and (size[t] >= roster_size
                                                         or signings[t] >= MAX_SIGNINGS)):
                    continue
                if ROLE_RANK.get(promised.role, 0) <= ROLE_RANK[role] and \
                        promised.role in KIND_ROLES.get(m.kind, ()):
                    role = promised.role
                offers.append(Offer(t, role, max(1, min(promised.years,
                                                        years_for(m.age, role)))))
                continue
            if t != m.team and (ROLE_RANK[role] == 1 or size[t] >= roster_size
                                or signings[t] >= MAX_SIGNINGS):
                continue
            offers.append(Offer(t, role, years_for(m.age, role)))
        if offers:
            pick = choose(offers, m.team, strength, rng)
        else:       # nobody offered (his club a person's that did not): 宣言残留 for a year
            pick = Offer(m.team, role_at(m, depth(m.team, m)), 1)
        out.append(Declared(m.player, m.team, m.age, r, tuple(offers), pick.team, pick.role,
                            pick.years))
        if pick.team == m.team:
            continue
        where[m.player] = pick.team
        size[pick.team] += 1
        size[m.team] -= 1
        signings[pick.team] += 1
        if compensation and size[m.team] < roster_size:
            mine = sorted((x for x in men if where[x.player] == pick.team),
                          key=lambda x: (-x.value, x.player))
            keep = {x.player for x in mine[:PROTECTED]} | {m.player} | protected_draft
            rest = [x for x in mine if x.player not in keep and not x.foreign]
            if rest:
                taken = rest[0]
                where[taken.player] = m.team
                size[m.team] += 1
                size[pick.team] -= 1
                comp.append(Compensation(m.team, pick.team, taken.player, m.player))
    return Market(tuple((m.player, r) for m, r in eligible), tuple(out), tuple(comp))
