"""Trades (トレード, npb_offseason.md §6): how the computer weighs a trade, answers a person's
offer, proposes its own, and keeps the deadline and the roster limits. Pure: the caller reads the
cards and stores the trade.

The measure, in rolls of a card (what the draft and the aging already count in):

- a player's **worth** = his card's value against the league's men of his side (batters with
  batters, pitchers with pitchers: league.offseason.draft.card_value, scaled so a standard
  deviation of the league's cards is VALUE_SD rolls, the draft's scale), plus his **outlook**:
  the growth or decline the typical path (league.offseason.aging's curves) gives his age over
  the next OUTLOOK years. So a 24-year-old is worth more than a 34-year-old with the same card.
- a club's **need** of a kind (C, IF, OF, SP, RP: the draft's kinds): the league's average
  number of men of that kind a club holds (its par). A man who brings a club up towards par is
  worth NEED_ROLLS more to it; one whose leaving takes it below par costs NEED_ROLLS more.
- each club's scouts see a player a little differently (SCOUTING_SD rolls, seeded by the
  league, the club and the player, as in the draft): what lets two computer clubs both like a
  trade.

A club **accepts** a trade when what it gets is worth at least what it gives plus MARGIN
(`judge`); else it refuses, saying so in one line. A trade must also keep the limits: no trade
between the end of July (DEADLINE) and the end of the season (§6: they resume in the
off-season), at most `roster_size` (70) under contract, a club without a farm within its active
size, enough men of each kind left (LEAST), and the foreign limit (league.season.foreign_limit) on
the active roster a traded man joins (else he joins the farm).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Final

from league.offseason.aging import CONTACT, PITCHING, typical
from league.offseason.draft import VALUE_SD, card_value, kind_of
from league.offseason.people import season_age, stream
from league.season.foreign_limit import FOREIGN_ACTIVE, FOREIGN_SIDE, room_for
from league.season.offseason_settings import TradeRules, trade_rules  # noqa: F401  (their names here)

OUTLOOK: Final = 3            # years of the typical path a player's worth looks ahead
MARGIN: Final = 1.0           # rolls a club wants to gain by a trade, at least
NEED_ROLLS: Final = 3.0       # rolls a man is worth more to a club below par at his kind
SCOUTING_SD: Final = 1.5      # rolls: each club sees a player a little differently (seeded)
DEADLINE: Final = (7, 31)     # the last day of trades in a season (§6: the end of July)
KINDS: Final = ("C", "IF", "OF", "SP", "RP")
# men of each kind a club must keep (on the 70, or on a farmless club's active roster)
LEAST: Final = {"C": 2, "IF": 6, "OF": 4, "SP": 5, "RP": 5}
PROPOSALS: Final = 3          # the computer's proposals to a person's club, at most
COMPUTER_TRADES: Final = (1, 4)   # computer-to-computer trades an off-season (seeded in this range)
# in a season ([trades] in_season, on by default): the computer's clubs trade among themselves on
# TRADE_DAYS days of games drawn between SETTLED days after the opening and DEADLINE, making
# a number in DAY_TRADES on each: 0-8 a season, about four (NPB's clubs make a few in-season
# trades a year, most of them in June and July)
TRADE_DAYS: Final = 4
DAY_TRADES: Final = (0, 2)
SETTLED: Final = 21           # days after the opening before the first trade (rosters settle)
DEFAULT_AGE: Final = 28       # the age of a man without a birth date (a club's average)

Cells = dict[str, str]


@dataclass(frozen=True)
class Man:
    """A player as a trade sees him: id, name, club, kind, age in the season, his card's raw
    value (rolls, draft.card_value), pitcher or not, foreign, on the active roster, 育成."""

    player: str
    name: str
    team: str
    kind: str
    age: int
    value: float
    pitcher: bool
    foreign: bool = False
    active: bool = True
    ikusei: bool = False


@dataclass(frozen=True)
class Trade:
    """`team` sends `gives` to `other`, which sends `gets` back."""

    team: str
    other: str
    gives: tuple[str, ...]
    gets: tuple[str, ...]

    def moves(self) -> list[tuple[str, str, str]]:
        """(player, from, to) of every man who moves."""
        return ([(p, self.team, self.other) for p in self.gives]
                + [(p, self.other, self.team) for p in self.gets])

    def key(self) -> str:
        """A stable name of the trade (what a person's accept and refuse name)."""
        return f"{self.team}:{'+'.join(self.gives)}>{self.other}:{'+'.join(self.gets)}"


def trade_text(team: str, gives: Sequence[tuple[str, str]], other: str,
               gets: Sequence[tuple[str, str]]) -> str:
    """A trade in one line of English, who goes where, each man by name and id (`gives`,
    `gets`: (id, name)): "OSK send 山田 (OSK11) to SAP for 柴田 修 (SAP01)". The one wording of
    the command line (`impact trade`, `impact season sim`); the news names the men alone."""
    def men(side: Sequence[tuple[str, str]]) -> str:
        return ", ".join(f"{name} ({pid})" for pid, name in side)
    return f"{team} send {men(gives)} to {other} for {men(gets)}"


@dataclass(frozen=True)
class Limits:
    """The roster limits a trade keeps (league settings)."""

    roster_size: int = 70
    active_size: int = 29
    foreign_active: int = FOREIGN_ACTIVE
    foreign_side: int = FOREIGN_SIDE


@dataclass(frozen=True)
class Verdict:
    """A club's answer: accepted or not, the reason in one line, the worth it gets and gives
    (rolls, by its measure: need and scouting included)."""

    accepted: bool
    reason: str
    gets: float = 0.0
    gives: float = 0.0


@dataclass(frozen=True)
class Market:
    """The league as trades see it: every man under contract, the scale of each side (mean, sd
    of the raw card values), the par of each kind, the league's name and the year (the seed)."""

    league: str
    year: int
    men: Mapping[str, Man]
    scale: Mapping[bool, tuple[float, float]]
    par: Mapping[str, float]
    farms: frozenset[str] = field(default_factory=frozenset)
    scouting: float = SCOUTING_SD        # 0 in rule tests: the measure alone
    # what is asked of the same market again and again while a day's trades are weighed (each
    # club's men, its men of each kind): made once a market (a market is never changed: the
    # one after a trade is a new one, `moved`)
    _clubs: dict[str, tuple[Man, ...]] = field(default_factory=dict, init=False, repr=False,
                                               compare=False, hash=False)
    _have: dict[str, dict[str, int]] = field(default_factory=dict, init=False, repr=False,
                                             compare=False, hash=False)

    def club(self, team: str) -> list[Man]:
        """The men of `team`, by id."""
        men = self._clubs.get(team)
        if men is None:
            men = self._clubs[team] = tuple(sorted(
                (m for m in self.men.values() if m.team == team), key=lambda m: m.player))
        return list(men)

    def have(self, team: str) -> Mapping[str, int]:
        """The men of `team` of each kind (KINDS), 育成 players left out."""
        have = self._have.get(team)
        if have is None:
            have = self._have[team] = {k: 0 for k in KINDS}
            for m in self.men.values():
                if m.team == team and not m.ikusei:
                    have[m.kind] += 1
        return have


def _is_yes(cells: Cells | None, key: str) -> bool:
    return (cells or {}).get(key, "").strip().lower() == "yes"


def man_of(pid: str, team: str, b: Cells | None, p: Cells | None, year: int) -> Man:
    """A man from his league-file cells (batting, pitching) for the season of `year`."""
    born = (b or {}).get("born") or (p or {}).get("born") or ""
    age = season_age(date.fromisoformat(born), year) if born else DEFAULT_AGE
    roster = ((b or p or {}).get("roster") or "active")
    return Man(pid, (b or p or {}).get("name", pid), team, kind_of(b, p), age,
               card_value(b if p is None else None, p), p is not None,
               _is_yes(b, "foreign") or _is_yes(p, "foreign"), roster != "farm",
               "育成" in ((b or {}).get("contract", ""), (p or {}).get("contract", "")))


def market(league: str, year: int, cards: Iterable[tuple[str, str, Cells | None, Cells | None]]
           ) -> Market:
    """The market of a league from its cards (id, team, batting, pitching) in the season of
    `year`; men without a team (free agents) are left out."""
    return market_of(league, year, [_man(pid, team, b, p, year)
                                    for pid, team, b, p in cards if team])


def _man(pid: str, team: str, b: Cells | None, p: Cells | None, year: int) -> Man:
    """man_of, each man made once for the same cells: a season's trade days weigh the same
    cards again and again (the market is read before each trade, the league's own cards' too),
    and a card's value (its row of bounds read) was a third of a trade day's time."""
    try:
        return _man_of_cells(pid, team, None if b is None else tuple(b.items()),
                             None if p is None else tuple(p.items()), year)
    except TypeError:       # a cell that is not a plain value (unhashable): made anew
        return man_of(pid, team, b, p, year)


@lru_cache(maxsize=4096)
def _man_of_cells(pid: str, team: str, b: tuple[tuple[str, str], ...] | None,
                  p: tuple[tuple[str, str], ...] | None, year: int) -> Man:
    return man_of(pid, team, None if b is None else dict(b), None if p is None else dict(p),
                  year)


def market_of(league: str, year: int, people: Iterable[Man], scouting: float = SCOUTING_SD
              ) -> Market:
    """The market of `people`: the scale of each side and the par of each kind measured on
    them; a club with a man on its farm has a farm."""
    men = {m.player: m for m in people}
    scale: dict[bool, tuple[float, float]] = {}
    for side in (False, True):
        vals = [m.value for m in men.values() if m.pitcher == side and not m.ikusei]
        mean = sum(vals) / len(vals) if vals else 0.0
        sd = (sum((v - mean) ** 2 for v in vals) / (len(vals) - 1)) ** 0.5 if len(vals) > 1 else 1.0
        scale[side] = (mean, sd or 1.0)
    teams = {m.team for m in men.values()}
    par = {k: sum(1 for m in men.values() if m.kind == k and not m.ikusei) / max(1, len(teams))
           for k in KINDS}
    farms = frozenset(m.team for m in men.values() if not m.active)
    return Market(league, year, men, scale, par, farms, scouting)


@lru_cache(maxsize=None)
def outlook(age: int, pitcher: bool) -> float:
    """The growth (or decline) the typical path gives a man of `age` over the next OUTLOOK
    years, in rolls (league.offseason.aging: CONTACT for a batter, PITCHING for a pitcher)."""
    shape = PITCHING if pitcher else CONTACT
    return sum(typical(shape, a) for a in range(age + 1, age + OUTLOOK + 1))


def worth(m: Man, mk: Market) -> float:
    """A man's worth in rolls: his card against his side's (VALUE_SD a standard deviation) plus
    his outlook. The same for every club (need and scouting are the club's: `seen`)."""
    mean, sd = mk.scale[m.pitcher]
    return VALUE_SD * (m.value - mean) / sd + outlook(m.age, m.pitcher)


def seen(m: Man, club: str, mk: Market) -> float:
    """A man's worth as `club`'s scouts see him (seeded by the league, the club, the man)."""
    if not mk.scouting:
        return worth(m, mk)
    return worth(m, mk) + _scouted(mk.league, club, m.player, mk.scouting)


@lru_cache(maxsize=65536)
def _scouted(league: str, club: str, player: str, sd: float) -> float:
    """The scouts' draw of `seen`: a fresh seeded stream's first gauss, made once a key (a
    trade day weighs each man for the same club many times)."""
    return stream("trade scout", league, club, player).gauss(0.0, sd)


def _need(club: str, gets: Sequence[Man], gives: Sequence[Man], mk: Market) -> float:
    """The need part of a trade for `club`: NEED_ROLLS for every man that takes a kind towards
    its par, less NEED_ROLLS for every one that takes it below par."""
    have = mk.have(club)
    out = 0.0
    for k in KINDS:
        after = have[k] + sum(m.kind == k for m in gets) - sum(m.kind == k for m in gives)
        par = round(mk.par[k])
        out += NEED_ROLLS * (min(after, par) - min(have[k], par))
    return out


def judge(trade: Trade, club: str, mk: Market, margin: float = MARGIN) -> Verdict:
    """`club`'s answer to `trade` (one of its two clubs) by the measure: it accepts when what it
    gets is worth at least what it gives plus `margin`."""
    mine = club == trade.team
    gets = [mk.men[p] for p in (trade.gets if mine else trade.gives)]
    gives = [mk.men[p] for p in (trade.gives if mine else trade.gets)]
    need = _need(club, gets, gives, mk)
    g = sum(seen(m, club, mk) for m in gets) + max(0.0, need)
    v = sum(seen(m, club, mk) for m in gives) + max(0.0, -need)
    if g >= v + margin:
        return Verdict(True, f"{club} accepts: it gains {g - v:.1f} by value (age, card and "
                       "need)", g, v)
    return Verdict(False, f"{club} refuses: {gain_text(g - v)} by value (age, card and need), "
                   f"and wants to gain at least {margin:.1f}", g, v)


def gain_text(gain: float) -> str:
    """What a trade would bring a club, in words: the worths themselves are measured from the
    league's average man, so two of them read as nonsense ("gets -5.7 for -8.7"); their
    difference is what the club weighs."""
    if round(gain, 1) > 0:
        return f"it would gain only {gain:.1f}"
    if round(gain, 1) < 0:
        return f"it would lose {-gain:.1f}"
    return "it would gain nothing"


def window(day: date | None, year: int, closed: bool) -> str | None:
    """Why no trade may be made on `day` of the season of `year` (None when one may): from the
    day after DEADLINE (31 July) to the season's end; the off-season (`closed`) is open."""
    if closed or day is None:
        return None
    last = date(year, *DEADLINE)
    if day > last:
        return (f"the trade deadline ({last.isoformat()}) has passed: trades resume in the "
                "off-season (§6)")
    return None


def with_itself(team: str, other: str) -> str | None:
    """Why `team` may not trade with `other` for being the same club (None when they are two):
    the rule's one home, asked by `refusal` and by the services before they read the players."""
    return f"{team} cannot trade with itself" if team == other else None


def refusal(trade: Trade, mk: Market, limits: Limits = Limits()) -> str | None:
    """What in `trade` breaks the rules, in one line (None when nothing): a man not of the club
    that gives him, named twice, a 育成 player's (not on the 70) side empty, a club with itself,
    a roster past `roster_size` (or past the active size when it has no farm), a kind below
    LEAST, the foreign limit of a farmless club's active roster."""
    why = with_itself(trade.team, trade.other)
    if why is not None:
        return why
    if not trade.gives or not trade.gets:
        return "a trade needs a player from each club"
    named = [*trade.gives, *trade.gets]
    for pid in named:
        if named.count(pid) > 1:
            return f"{pid} is named twice"
    for club, pids in ((trade.team, trade.gives), (trade.other, trade.gets)):
        for pid in pids:
            m = mk.men.get(pid)
            if m is None:
                return f"{pid}: no such player under contract"
            if m.team != club:
                return f"{m.name} ({pid}) is not on {club} (he is on {m.team})"
    for club, gives, gets in ((trade.team, trade.gives, trade.gets),
                              (trade.other, trade.gets, trade.gives)):
        after = [m for m in mk.club(club) if m.player not in gives] + [mk.men[p] for p in gets]
        contract = [m for m in after if not m.ikusei]
        if len(contract) > limits.roster_size:
            return (f"{club} would have {len(contract)} players under contract; at most "
                    f"{limits.roster_size}")
        if club not in mk.farms and len(after) > limits.active_size:
            return (f"{club} would have {len(after)} players on its active roster (it has no "
                    f"farm); at most {limits.active_size}")
        for k in KINDS:
            n = sum(1 for m in contract if m.kind == k)
            was = sum(1 for m in mk.club(club) if m.kind == k and not m.ikusei)
            if n < min(LEAST[k], was):
                return f"{club} would keep {n} {_KIND_NAMES[k]}; a club keeps at least {LEAST[k]}"
        if club not in mk.farms:
            active = [m for m in after if m.foreign]
            total = len(active)
            arms = sum(m.pitcher for m in active)
            if total > limits.foreign_active or max(arms, total - arms) > limits.foreign_side:
                return (f"{club} would have {total} foreign players on its active roster "
                        f"({arms} pitchers); at most {limits.foreign_active}, "
                        f"{limits.foreign_side} of either")
    return None


_KIND_NAMES: Final = {"C": "catchers", "IF": "infielders", "OF": "outfielders",
                      "SP": "starters", "RP": "relievers"}


def placements(trade: Trade, mk: Market, limits: Limits = Limits()) -> dict[str, str]:
    """Where each man a trade moves joins his new club: "active" when he was active and its
    active roster has room for him (its active size, the foreign limit), else "farm" (a
    farmless club takes everyone active)."""
    out: dict[str, str] = {}
    for club, gives, gets in ((trade.team, trade.gives, trade.gets),
                              (trade.other, trade.gets, trade.gives)):
        active = [m for m in mk.club(club) if m.active and m.player not in gives]
        for pid in gets:
            m = mk.men[pid]
            room = len(active) < limits.active_size
            foreign_ok = not m.foreign or room_for(
                sum(x.foreign for x in active), sum(x.foreign and x.pitcher for x in active),
                m.pitcher, limits.foreign_active, limits.foreign_side)
            if club not in mk.farms or (m.active and room and foreign_ok):
                out[pid] = "active"
                active.append(m)
            else:
                out[pid] = "farm"
    return out


def answer(trade: Trade, mk: Market, limits: Limits = Limits(), *, day: date | None = None,
           closed: bool = True) -> Verdict:
    """The computer's answer for `trade.other` to `trade.team`'s offer: refused for the deadline
    or the limits, else by `judge`."""
    why = window(day, mk.year, closed) or refusal(trade, mk, limits)
    if why is not None:
        return Verdict(False, why)
    return judge(trade, trade.other, mk)


def _tradable(m: Man) -> bool:
    return not m.ikusei


def _surplus(club: str, mk: Market) -> dict[str, int]:
    have = {k: 0 for k in KINDS}
    for m in mk.club(club):
        if not m.ikusei:
            have[m.kind] += 1
    return {k: have[k] - round(mk.par[k]) for k in KINDS}


def candidates(club: str, other: str, mk: Market, limits: Limits = Limits(),
               keep: Collection[str] = ()) -> list[Trade]:
    """One-for-one trades `club` would offer `other`, by need on both sides: a man of a kind
    `club` has past par for one of a kind it is short of (or the other way round for `other`),
    both clubs accepting by the measure and the trade within the limits; best for `club`
    first. The men of `keep` (in a season: the injured) are not traded."""
    mine, theirs = _surplus(club, mk), _surplus(other, mk)
    out: list[tuple[float, Trade]] = []
    for give in mk.club(club):
        if not _tradable(give) or give.player in keep \
                or mine[give.kind] <= 0 and theirs[give.kind] >= 0:
            continue
        for get in mk.club(other):
            if not _tradable(get) or get.player in keep \
                    or get.kind == give.kind and mine[give.kind] <= 0:
                continue
            if mine[get.kind] >= 0 and theirs[get.kind] <= 0:
                continue           # neither side's need
            t = Trade(club, other, (give.player,), (get.player,))
            a, b = judge(t, club, mk), judge(t, other, mk)
            if a.accepted and b.accepted and refusal(t, mk, limits) is None:
                out.append((a.gets - a.gives, t))
    out.sort(key=lambda x: (-x[0], x[1].key()))
    return [t for _g, t in out]


def proposals(mk: Market, to: str, *, teams: Sequence[str] | None = None, tag: object = "",
              limits: Limits = Limits(), refused: Iterable[str] = ()) -> list[Trade]:
    """The computer's proposals to `to` (a person's club): at most PROPOSALS, each from a
    different club, drawn from the seeded stream of (league, year, `to`, `tag`) among the trades
    each club would offer (`candidates`); `refused` keys left out."""
    no = set(refused)
    clubs = sorted(set(teams) if teams is not None else {m.team for m in mk.men.values()})
    rng = stream("trade proposals", mk.league, mk.year, to, tag)
    order = [c for c in clubs if c != to]
    rng.shuffle(order)
    out: list[Trade] = []
    for club in order:
        if len(out) >= PROPOSALS:
            break
        offers = [t for t in candidates(club, to, mk, limits) if t.key() not in no]
        if offers:
            out.append(offers[min(len(offers) - 1, rng.randrange(3))])
    return out


def computer_trades(mk: Market, *, people: Iterable[str] = (), tag: object = "",
                    limits: Limits = Limits(), count: tuple[int, int] = COMPUTER_TRADES,
                    keep: Collection[str] = (),
                    fits: Callable[[Trade], bool] | None = None) -> list[Trade]:
    """The trades the computer's clubs make among themselves (an off-season, or a season's day
    before the deadline): a number drawn in `count` (COMPUTER_TRADES an off-season, DAY_TRADES
    a trade day) from the seeded stream of (league, year, `tag`), each club in one at most,
    none with a person's club (`people`) nor of a man in `keep`; each one both clubs accept, the
    limits allow and `fits` (in a season: both active rosters can still field a team), made on
    the market as it is after the ones before."""
    skip = set(people)
    rng = stream("computer trades", mk.league, mk.year, tag)
    want = rng.randint(*count)      # trades_wanted's draw
    clubs = sorted({m.team for m in mk.men.values()} - skip)
    rng.shuffle(clubs)
    done: list[Trade] = []
    busy: set[str] = set()
    for club in clubs:
        if len(done) >= want:
            break
        if club in busy:
            continue
        # the others in a random order drawn over the clubs' own order: drawn over a set's,
        # the draws went to the clubs in an order that changes with Python's string hashing,
        # and the same seed made different trades run to run (issue 31)
        others = [c for c in clubs if c not in busy and c != club]
        for other in sorted(others, key=lambda c: rng.random()):
            offers = [t for t in candidates(club, other, mk, limits, keep)
                      if fits is None or fits(t)]
            if offers:
                t = offers[0]
                done.append(t)
                busy |= {club, other}
                mk = moved(mk, t, limits)
                break
    return done


def trades_wanted(league: str, year: int, tag: object = "",
                  count: tuple[int, int] = COMPUTER_TRADES) -> int:
    """How many trades `computer_trades` sets out to make for the market of `league` (its key)
    in `year` with `tag` and `count`: its stream's first draw. At 0 it makes none, whatever the
    market: a trade day that wants none need not read the market."""
    return stream("computer trades", league, year, tag).randint(*count)


def trade_days(days: Iterable[date], year: int, *key: object) -> list[date]:
    """The days of the season of `year` on which the computer's clubs trade among themselves:
    TRADE_DAYS of its days of games (`days`) from SETTLED days after the first to DEADLINE,
    drawn from the seeded stream of `key` (the league, the season's seed), in order."""
    every = sorted(set(days))
    if not every:
        return []
    first, last = every[0], date(year, *DEADLINE)
    open_days = [d for d in every if (d - first).days >= SETTLED and d <= last]
    rng = stream("in-season trade days", year, *key)
    return sorted(rng.sample(open_days, min(TRADE_DAYS, len(open_days))))


def moved(mk: Market, trade: Trade, limits: Limits = Limits()) -> Market:
    """The market after `trade` (each man on his new club, where `placements` puts him)."""
    where = placements(trade, mk, limits)
    men = dict(mk.men)
    for pid, _src, dst in trade.moves():
        m = men[pid]
        men[pid] = Man(m.player, m.name, dst, m.kind, m.age, m.value, m.pitcher, m.foreign,
                       where[pid] == "active", m.ikusei)
    return Market(mk.league, mk.year, men, mk.scale, mk.par, mk.farms, mk.scouting)


def apply(cards: Mapping[str, tuple[str, Cells | None, Cells | None]], trades: Sequence[Trade],
          mk: Market, limits: Limits = Limits()
          ) -> dict[str, tuple[str, Cells | None, Cells | None]]:
    """The cards (id → team, batting, pitching) after `trades`, in order: each man's team and
    roster (active / farm, `placements`) changed in his cells."""
    out = dict(cards)
    for t in trades:
        where = placements(t, mk, limits)
        for pid, _src, dst in t.moves():
            _team, b, p = out[pid]
            out[pid] = (dst, *(dict(x, team=dst, roster=where[pid]) if x is not None else None
                               for x in (b, p)))  # type: ignore[assignment]
        mk = moved(mk, t, limits)
    return out
