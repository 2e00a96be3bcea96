"""The draft (ドラフト会議, npb_offseason.md §3): a class of amateurs and the order clubs take them.

The class: 高校 (high school, 18), 大学 (university, 22), 社会人 (company teams, 23-26) and 独立
(independent leagues, 23-26) players, each made from a card of the league's own (a player of the
same kind, drawn from the seeded stream) moved down by his readiness — a high-school player is
furthest from the league, a company-team player nearest — and by his talent, so the class has a
few who could play at once and many who need years. Names are put together from the league's own
family and given names, so they read like the league's.

The order: the first round is named at once (入札); a player named by several clubs goes by lot
(抽選) and the losers name again (外れ1位) until every club has its first pick. From the second
round, waiver order — the reverse of the final standings, the two leagues interleaved (6th of the
league with priority, 6th of the other, 5th, 5th, …) — and the third round the other way
(逆ウェーバー), alternating after that. Which league has priority is a setting (alternating by year
by default). At most `MAX_PICKS` picks in all; a club stops when it has what it came for.

The computer drafts by value (the card as it is plus the growth his age promises) and by need (a
kind of player the club lost and has not replaced; a club short of catchers or starters first).
A man who refused a club (入団拒否) and comes back in a later class is never named again by that
club's computer (§3 is silent; NPB allows it and a refused club seldom tries): the other clubs
may take him, and a person's club may name him.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from league.engine.cards import BAT_COLUMNS, PITCH_COLUMNS
from league.offseason.aging import CONTACT, Development, age_batting, age_pitching, typical
from league.offseason.people import season_age, stream

# the [draft] table is read with the league file, in the season (one home:
# league.season.offseason_settings); its names stay importable from here
from league.season.offseason_settings import (  # noqa: F401
    IKUSEI_YEARS,
    MAX_IKUSEI,
    MAX_PICKS,
    PRIORITY_ALTERNATE,
    REFUSAL,
    DraftRules,
    draft_rules,
)

IKUSEI_FIRST = 101         # a 育成 player's number: three digits (NPB: 100 and up)
SCHOOLS = ("高校", "大学", "社会人", "独立")
SCHOOLS_EN = {"高校": "high school", "大学": "university", "社会人": "company team",
              "独立": "independent league"}
SCHOOL_SHARE = (0.32, 0.38, 0.20, 0.10)
SCHOOL_AGES = {"高校": (18, 18), "大学": (22, 22), "社会人": (23, 26), "独立": (23, 26)}
# rolls below the card he was made from (the mean of a uniform draw), and the talent's spread
READINESS = {"高校": (12.0, 20.0), "大学": (5.0, 10.0), "社会人": (3.0, 7.0), "独立": (5.0, 10.0)}
TALENT_SD = 3.0
CLASS_PER_PICK = 2.2        # the class holds this many amateurs per pick the clubs want
NEED_BONUS = 2.5            # rolls of value a pick of a kind the club lost is worth more
SHORT_BONUS = 12.0          # and of a kind it is short of (no second catcher, under 6 starters)
PEAK = 27


@dataclass(frozen=True)
class Prospect:
    """An amateur of the class: his school, age and birth date, and the cards he comes with (the
    cells of a league file, his team and id still empty)."""

    key: str
    name: str
    name_en: str
    school: str
    age: int
    born: str
    kind: str                               # C, IF, OF, SP, RP
    batting: dict[str, str] | None
    pitching: dict[str, str] | None
    value: float                            # what the computer sees: now plus promise
    # a man who refused a club's pick (入団拒否) and comes back in a later class: the year of
    # the draft he refused and the club (0, "": a first-time amateur)
    refused_year: int = 0
    refused_team: str = ""


@dataclass(frozen=True)
class Pick:
    """One pick: round, number in the draft, club, prospect; `lottery` names the clubs that drew
    for him in the first round (the winner among them), `hazure` is a first pick named again
    after a lost lottery (外れ1位)."""

    round: int
    number: int
    team: str
    prospect: str
    lottery: tuple[str, ...] = ()
    hazure: bool = False
    ikusei: bool = False                    # a pick of the 育成 draft (not on the 70)


@dataclass(frozen=True)
class Club:
    """What a club brings to the draft: how many picks it wants, the kinds it lost, and the
    kinds it is short of."""

    code: str
    wants: int
    lost: tuple[str, ...] = ()
    short: tuple[str, ...] = ()
    taken: list[str] = field(default_factory=list)
    # fielding positions fewer than two of its men can play (a club needs cover at each)
    positions: tuple[str, ...] = ()
    # the fielding positions its picks of this draft can play (a thin position once covered
    # is no longer a need: else every pick of the draft went to it, few pitchers drafted)
    covered: list[str] = field(default_factory=list)


def positions_of(batting: Mapping[str, str] | None) -> set[str]:
    """The fielding positions a batting card's positions cell lists (P left out)."""
    out = set()
    for tok in str((batting or {}).get("positions", "")).replace(";", " ").replace("/", " ").split():
        pos = tok.rstrip("+#()*-0123456789").upper()
        if pos and pos != "P":
            out.add(pos)
    return out


def refusals(league: str, year: int, picks: Sequence[Pick], chance: float = 0.0,
             roll: Callable[[Pick], float] | None = None) -> set[str]:
    """The prospects (keys) of `picks` who refuse to sign (入団拒否, §3: "a small share refuse"):
    each 支配下 pick with `chance`, the draw the seeded stream of (league, year, prospect) (`roll`:
    scripted dice in tests, a number 0..1 for each pick); a 育成 pick signs. His club's pick is
    spent (NPB gives no other); the man goes on as an amateur (`returning`)."""
    if chance <= 0:
        return set()
    draw = roll or (lambda p: stream("refuse", league, year, p.prospect).random())
    return {p.prospect for p in picks if not p.ikusei and draw(p) < chance}


# Where a man who refused goes, and the class he is drafted from again (§3: "re-enter a later
# class"), as NPB's eligibility has it: a high-school player goes to university and may be
# drafted again when he graduates (4 years, as 大学); a university player joins a company team
# (大卒社会人: after 2 years); a company-team player stays with it (2 years); an
# independent-league player may be drafted every year (1).
RETURN = {"高校": ("大学", 4), "大学": ("社会人", 2), "社会人": ("社会人", 2), "独立": ("独立", 1)}
RETURN_SD = 1.5       # rolls: the spread of what his amateur years made of him


def returning(league: str, year: int, prospect: Prospect, team: str,
              gauss: Callable[[], float] | None = None) -> tuple[int, Prospect]:
    """A man who refused `team`'s pick in the draft of `year` as he comes back: the year of the
    class he joins and the amateur he is then (RETURN: his new school, his age in that year
    from his birth date, his cards moved on by his years away). His years at university or a
    company team close the distance to the league his new school's readiness says (the mean of
    READINESS of the old school less the new one's, in rolls), with a seeded spread (RETURN_SD,
    the stream of (league, year, prospect); `gauss`: scripted dice in tests, a standard normal
    draw); his worth is counted again with the class he joins (make_class)."""
    school, years = RETURN.get(prospect.school, ("社会人", 2))
    back = year + years
    rng = stream("return", league, year, prospect.key)
    spread = gauss() if gauss is not None else rng.gauss(0.0, 1.0)
    gain = sum(READINESS[prospect.school]) / 2 - sum(READINESS[school]) / 2 + spread * RETURN_SD
    dev = Development(1.0, gain, "", (1.0, 1.0, 1.0), rng.getrandbits(32))
    age = season_age(date.fromisoformat(prospect.born), back) if prospect.born else \
        prospect.age + years
    new_b = new_p = None
    if prospect.pitching is not None:
        new_p, _ = age_pitching(prospect.pitching, age, dev, curve=False)
    if prospect.batting is not None:
        new_b, _ = age_batting(prospect.batting, age, dev, curve=False)
    return back, dataclasses.replace(prospect, school=school, age=age, batting=new_b,
                                     pitching=new_p, refused_year=year, refused_team=team)


def kind_of(batting: Mapping[str, str] | None, pitching: Mapping[str, str] | None) -> str:
    """A player's kind for the draft: SP / RP for a pitcher, else C, IF or OF by his first
    position."""
    if pitching is not None:
        try:
            return "SP" if int(pitching.get("starter", "0") or 0) > 0 else "RP"
        except ValueError:
            return "RP"
    first = str((batting or {}).get("positions", "")).replace(";", " ").split()
    pos = first[0].rstrip("+#()*-0123456789") if first else ""
    return "C" if pos == "C" else "OF" if pos in ("LF", "CF", "RF") else "IF"


def card_value(batting: Mapping[str, str] | None, pitching: Mapping[str, str] | None) -> float:
    """A card's worth in rolls: a batter's walks and hits (extra bases weighted) less his
    strikeouts; a pitcher's outs and strikeouts (row B) less what he gives the batter's card."""
    if pitching is not None:
        w = _widths(pitching.get("B", ""), PITCH_COLUMNS)
        if w is None:
            return 0.0
        d = dict(zip(PITCH_COLUMNS, w))
        return d["K"] * 1.2 + d["G"] + d["IF"] - d["BB"] * 0.8 - d["BS*"] * 2 - d["BS+"] * 0.5
    w = _widths(" ".join(str((batting or {}).get(c, "")) for c in BAT_COLUMNS), BAT_COLUMNS)
    if w is None:
        return 0.0
    d = dict(zip(BAT_COLUMNS, w))
    return d["BB"] * 0.8 + d["1B"] + d["LG"] * 1.6 + d["HR"] * 2.6 - d["K"] * 0.3


def promise(age: int) -> float:
    """The growth his age promises until his peak, in rolls (the typical path)."""
    return sum(max(0.0, typical(CONTACT, a)) for a in range(age + 1, PEAK + 1))


def _widths(text: str, columns: tuple[str, ...]) -> list[float] | None:
    from league.offseason.aging import _widths as widths
    return widths(text, columns)


def make_class(league: str, year: int, size: int,
               templates: Sequence[tuple[Mapping[str, str] | None, Mapping[str, str] | None]],
               names: Sequence[tuple[str, str]], taken_names: set[str],
               returning: Sequence[Prospect] = ()) -> list[Prospect]:
    """The draft class for the season of `year`: `size` amateurs made from the league's own
    cards (`templates`: batting and pitching cells) and names (name, name_en), none named like
    anyone in `taken_names`, and after them the men who refused a club's pick and come back
    (`returning`, as league.offseason.draft.returning made them: their worth counted again
    with this class). Seeded: the same league, year and inputs give the same class."""
    rng = stream("class", league, year)
    parts = [(n.split(" ", 1), e.split(" ", 1) if e else ["", ""]) for n, e in names
             if " " in n]
    out: list[Prospect] = []
    used = set(taken_names) | {p.name for p in returning}
    pitchers = [t for t in templates if t[1] is not None]
    batters = [t for t in templates if t[1] is None and t[0] is not None]
    # a prospect's worth is counted from the league's cards of his kind (its mean and spread), so
    # batters and pitchers compare
    base_p = _spread([card_value(None, p) for _, p in pitchers])
    base_b = _spread([card_value(b, None) for b, _ in batters])

    def worth(bat: Mapping[str, str] | None, pit: Mapping[str, str] | None, age: int) -> float:
        """What the computer sees in a man of the class: his card against the league's of his
        kind (VALUE_SD a standard deviation; a pitcher by his pitching card alone) and his
        promise at `age`."""
        mean, sd = base_p if pit is not None else base_b
        return (card_value(bat if pit is None else None, pit) - mean) / sd * VALUE_SD \
            + promise(age)

    for i in range(size):
        school = rng.choices(SCHOOLS, weights=SCHOOL_SHARE)[0]
        lo, hi = SCHOOL_AGES[school]
        age = rng.randint(lo, hi)
        pool = pitchers if rng.random() < 0.5 and pitchers else batters or pitchers
        bat, pit = pool[rng.randrange(len(pool))]
        talent = rng.gauss(0.0, TALENT_SD)
        shift = -rng.uniform(*READINESS[school]) + talent
        dev = Development(1.0, shift, "", (1.0, 1.0, 1.0), rng.getrandbits(32))
        new_b = new_p = None
        if pit is not None:
            new_p, _ = age_pitching(pit, age, dev, curve=False)
        if bat is not None:
            new_b, _ = age_batting(bat, age, dev, curve=False)
        name, name_en = _name(rng, parts, used)
        used.add(name)
        born = _born(rng, age, year)
        for cells in (new_b, new_p):
            if cells is not None:
                cells.update(name=name, born=born, team="", id="", roster="farm")
                if "name_en" in cells or name_en:
                    cells["name_en"] = name_en
        value = worth(new_b, new_p, age)
        out.append(Prospect(f"{year}-{i + 1:03d}", name, name_en, school, age, born,
                            kind_of(new_b, new_p), new_b, new_p, round(value, 2)))
    # a man who comes back is valued as the men made for the class, on its scale (its lift
    # between the sides), and moves no one else's value: with or without him the others are
    # the same class
    back = []
    for p in sorted(returning, key=lambda p: p.key):
        value = worth(p.batting, p.pitching, p.age)
        back.append(dataclasses.replace(p, kind=kind_of(p.batting, p.pitching),
                                        value=round(value, 2)))
    lift = _lift(out)
    return [dataclasses.replace(p, value=round(p.value + lift[p.pitching is not None], 2))
            for p in [*out, *back]]


def _lift(out: list[Prospect]) -> dict[bool, float]:
    """The class's pitchers and batters valued on one scale: the value each side (pitcher True)
    is moved by so that its mean is the class's (a pitcher's readiness costs his card more of
    the computer's value than a batter's costs his, though it costs a game the same; valued as
    they were, the clubs drafted three batters to a pitcher and the league ran short of arms)."""
    arms = [p.value for p in out if p.pitching is not None]
    bats = [p.value for p in out if p.pitching is None]
    if not arms or not bats:
        return {True: 0.0, False: 0.0}
    mid = (sum(arms) + sum(bats)) / len(out)
    return {True: mid - sum(arms) / len(arms), False: mid - sum(bats) / len(bats)}


VALUE_SD = 4.0         # rolls of value a standard deviation of the league's cards is worth


def _spread(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 1.0
    mean = sum(values) / len(values)
    sd = (sum((v - mean) ** 2 for v in values) / (len(values) - 1)) ** 0.5
    return mean, sd or 1.0


def _name(rng, parts: list, used: set[str]) -> tuple[str, str]:   # type: ignore[no-untyped-def]
    for _ in range(50):
        (fam, _g1), (_g1e, fam_en) = parts[rng.randrange(len(parts))]
        (_f2, given), (given_en, _f2e) = parts[rng.randrange(len(parts))]
        name = f"{fam} {given}"
        if name not in used:
            return name, (f"{given_en} {fam_en}".strip() if given_en and fam_en else "")
    return f"{fam} {given}{len(used)}", ""


def _born(rng, age: int, year: int) -> str:     # type: ignore[no-untyped-def]
    first = date(year - age - 1, 4, 2).toordinal()
    last = date(year - age, 4, 1).toordinal()
    return date.fromordinal(rng.randint(first, last)).isoformat()


def waiver_order(standings: Sequence[Sequence[str]], priority: int) -> list[str]:
    """The waiver order (§3): each league's table best first; the last of the league with
    priority (its index), the last of the other, then the fifth of each, … A single table is
    simply reversed."""
    tables = [list(reversed(t)) for t in standings]
    if len(tables) == 1:
        return tables[0]
    first = tables[priority % len(tables)]
    other = tables[(priority + 1) % len(tables)]
    out = []
    for k in range(max(len(first), len(other))):
        out += [t[k] for t in (first, other) if k < len(t)]
    return out


def priority_league(setting: str, leagues: Sequence[str], year: int) -> int:
    """Which league (index) has priority in the draft of `year`: a league's code, or alternating
    by year (the first league in even years)."""
    if setting in leagues:
        return list(leagues).index(setting)
    return year % 2 if len(leagues) > 1 else 0


SCOUTING_SD = 2.0      # rolls: clubs' scouts see a prospect a little differently


def _score(p: Prospect, club: Club, league: str = "") -> float:
    bonus = SHORT_BONUS if p.kind in club.short else 0.0
    thin = set(club.positions) - set(club.covered)
    if thin and p.pitching is None and positions_of(p.batting) & thin:
        bonus += SHORT_BONUS
    bonus += stream("scout", league, club.code, p.key).gauss(0.0, SCOUTING_SD)
    lost = [k for k in club.lost]
    for k in club.taken:
        if k in lost:
            lost.remove(k)
    if p.kind in lost:
        bonus += NEED_BONUS
    return p.value + bonus


def _choice(club: Club, left: Mapping[str, Prospect], league: str) -> str | None:
    """The computer's pick for `club` from the class `left`: its best by `_score`, never a man
    who refused it (入団拒否) in an earlier draft — NPB lets a club name him again, and a club
    he refused seldom does; a person's club still may. None when nobody else is left."""
    open_ = [p for p in left.values() if p.refused_team != club.code]
    if not open_:
        return None
    return max(open_, key=lambda p: (_score(p, club, league), p.key)).key


@dataclass(frozen=True)
class DraftState:
    """Where a draft stands: the picks made, the clubs it waits on (a person's club whose pick
    is not named yet: in the first round every such club still to name at once, later the one
    whose turn it is), the round it is in and whether it is over."""

    picks: tuple[Pick, ...]
    waiting: tuple[str, ...] = ()
    round: int = 1
    over: bool = True


class Lots(Protocol):
    """Where a lottery's winner comes from: the seeded stream, or scripted dice in tests."""

    def randrange(self, n: int, /) -> int: ...


class _Waiting(Exception):
    pass


def run_draft(league: str, year: int, prospects: Sequence[Prospect], clubs: Sequence[Club],
              order: Sequence[str], max_picks: int = MAX_PICKS,
              chosen: Mapping[str, Sequence[str | None]] | None = None,
              lot: Lots | None = None, ikusei: int = 0) -> list[Pick]:
    """The whole draft (every club's pick not named by `chosen` made by the computer):
    `advance` with no club waited on."""
    return list(advance(league, year, prospects, clubs, order, max_picks, chosen,
                        lot=lot, ikusei=ikusei).picks)


def advance(league: str, year: int, prospects: Sequence[Prospect], clubs: Sequence[Club],
            order: Sequence[str], max_picks: int = MAX_PICKS,
            chosen: Mapping[str, Sequence[str | None]] | None = None,
            people: Collection[str] = (), lot: Lots | None = None,
            ikusei: int = 0) -> DraftState:
    """The draft from its start as far as it goes: the first round named at once with
    lotteries and 外れ1位, then waiver and reverse-waiver rounds alternating (`order`: the
    waiver order of club codes), until every club has its picks (`Club.wants`), the class runs
    out, or `max_picks` are made.

    `chosen`: what a person named for a club, one entry a turn in the order the club's turns
    come (its first-round 入札, its 外れ1位 after a lost lottery, then a pick a round); an entry
    None stops the club (it takes no more), an entry no longer in the class is passed over for
    the computer's choice. When a club of `people` has a turn and no entry left, the draft stops
    and waits for it (`DraftState.waiting`); any other club without an entry gets the
    computer's choice. Replaying the same entries gives the same draft: lotteries from `lot`
    (scripted dice in tests) or the seeded stream of (league, year).

    `ikusei`: after the 支配下 rounds, the 育成 draft in the same alternating order, each club
    taking up to that many (not counted in `max_picks`; a person's entries go on into it, None
    ending his club's 育成 picks)."""
    left = {p.key: p for p in prospects}
    by_code = {c.code: Club(c.code, c.wants, c.lost, c.short, [], c.positions) for c in clubs}
    wants = {c.code: c.wants for c in clubs}
    own = {k: list(v) for k, v in (chosen or {}).items()}
    used = dict.fromkeys(own, 0)
    persons = set(people)
    picks: list[Pick] = []
    draw: Lots = lot if lot is not None else stream("lottery", league, year)

    def entry(code: str) -> tuple[bool, str | None]:
        """(has an entry, the entry) for the club's next turn; the turn is used."""
        mine = own.get(code, [])
        i = used.get(code, 0)
        if i < len(mine):
            used[code] = i + 1
            return True, mine[i]
        return False, None

    def pick_for(code: str) -> str | None:
        has, key = entry(code)
        if has:
            if key is None:
                wants[code] = 0
                return None
            if key in left:
                return key
        elif code in persons:
            raise _Waiting(code)
        key = _choice(by_code[code], left, league) if left else None
        if key is None:
            wants[code] = 0        # nobody left it would take: the club stops
        return key

    def take(round_: int, code: str, key: str, lottery: tuple[str, ...] = (),
             hazure: bool = False, ik: bool = False) -> None:
        picks.append(Pick(round_, len(picks) + 1, code, key, lottery, hazure, ik))
        by_code[code].taken.append(left[key].kind)
        if left[key].pitching is None:
            by_code[code].covered.extend(positions_of(left[key].batting))
        wants[code] -= 1
        del left[key]

    def state(waiting: Sequence[str], round_: int) -> DraftState:
        return DraftState(tuple(picks), tuple(waiting), round_, not waiting)

    # round 1: every club that wants a player names one at once
    waiting = [c for c in order if wants.get(c, 0) > 0]
    lost_once: set[str] = set()
    while waiting and left and len(picks) < max_picks:
        named: dict[str, list[str]] = {}
        wait: list[str] = []
        for code in waiting:
            try:
                key = pick_for(code)
            except _Waiting:
                wait.append(code)
                continue
            if key is not None:
                named.setdefault(key, []).append(code)
        if wait:
            return state(wait, 1)
        if not named:
            break
        waiting = []
        for key in sorted(named, key=lambda k: min(order.index(c) for c in named[k])):
            codes = named[key]
            if len(picks) >= max_picks:
                break
            if len(codes) == 1:
                take(1, codes[0], key, hazure=codes[0] in lost_once)
                continue
            winner = codes[draw.randrange(len(codes))]
            take(1, winner, key, tuple(codes), hazure=winner in lost_once)
            for c in codes:
                if c != winner:
                    lost_once.add(c)
                    waiting.append(c)
        waiting = [c for c in order if c in waiting]
    # later rounds: waiver order, then reverse, alternating
    round_ = 2
    while left and len(picks) < max_picks and any(wants[c] > 0 for c in order):
        seq = order if round_ % 2 == 0 else list(reversed(order))
        for code in seq:
            if wants[code] <= 0 or not left or len(picks) >= max_picks:
                continue
            try:
                key = pick_for(code)
            except _Waiting:
                return state([code], round_)
            if key is not None:
                take(round_, code, key)
        round_ += 1
    # the 育成 draft (§3): the same order, alternating on, each club up to `ikusei` players
    if ikusei > 0:
        wants = {c: ikusei for c in order}
        while left and any(wants[c] > 0 for c in order):
            seq = order if round_ % 2 == 0 else list(reversed(order))
            for code in seq:
                if wants[code] <= 0 or not left:
                    continue
                try:
                    key = pick_for(code)
                except _Waiting:
                    return state([code], round_)
                if key is not None:
                    take(round_, code, key, ik=True)
            round_ += 1
    return state([], round_)
