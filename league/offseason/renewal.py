"""A season's renewal (npb_offseason.md §7), in order, over the league's own cards as cells:

retirements and releases (§2) → the draft (§3) → free agency (§4) → trades and the 現役ドラフト (§6) →
foreign players (§5: those who disappointed released, new ones signed) → growth and decline, ages moving on a year (§1) → rosters checked against
the limits (the active roster filled again from the farm where retirements left it short).

Pure: the caller reads the cards, the season's usage and standings, and stores what comes back.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Final

from league.engine.cards import Fielding, parse_fielding
from league.offseason import active_draft as ad
from league.offseason import draft as dr
from league.offseason import foreign as fr
from league.offseason import free_agency as fa
from league.offseason import trades as tr
from league.offseason.aging import (
    Aged,
    age_players,
    cell_float,
    cell_int,
    measured,
    recentre,
    recentre_ratings,
)
from league.offseason.people import season_age, stream
from league.offseason.retirement import RELEASE, Departure, Standing, departures
from league.season.foreign_limit import FOREIGN_ACTIVE, FOREIGN_SIDE, fits
from league.season.roster import ACTIVE_ARMS

if TYPE_CHECKING:
    from league.engine.cards import Player
    from league.season.roster import League

Cells = dict[str, str]
Cards = tuple[str, str, Cells | None, Cells | None]     # (id, team, batting, pitching)


@dataclass(frozen=True)
class Drafted:
    """A drafted amateur as he joins: his new id, club, the pick and his cards."""

    player: str
    team: str
    pick: dr.Pick
    prospect: dr.Prospect
    batting: Cells | None
    pitching: Cells | None


@dataclass(frozen=True)
class Renewal:
    """What the off-season did: who left, who was drafted, how everyone who stayed changed,
    who was called up to the active roster in place of a departed player; `cards` the league's
    cards after it (every player on a team: id → (team, batting, pitching))."""

    departures: tuple[Departure, ...]
    drafted: tuple[Drafted, ...]
    aged: tuple[Aged, ...]
    called_up: tuple[tuple[str, str], ...]            # (player, team)
    cards: dict[str, tuple[str, Cells | None, Cells | None]]
    signed: tuple[fr.Signing, ...] = ()               # foreign players signed (§5)
    market: fa.Market | None = None                   # free agency (§4)
    traded: tuple[tr.Trade, ...] = ()                 # the computer's trades (§6)
    active: ad.ActiveDraft | None = None              # the 現役ドラフト (§6)
    converted: tuple[tuple[str, str, str], ...] = ()  # (player, team, position) コンバート (§7)
    refused: tuple[tuple[dr.Pick, dr.Prospect], ...] = ()   # 入団拒否 (§3): the pick, the man
    promoted: tuple[tuple[str, str], ...] = ()        # (player, team) 育成 → 支配下 (§3)
    # 入団拒否 (§3): each man who refused as he comes back, with the year of the class he joins
    # (league.offseason.draft.returning: what the caller keeps until then), and the keys of
    # those who came back into this year's class (kept no longer)
    amateurs: tuple[tuple[int, dr.Prospect], ...] = ()
    entered: tuple[str, ...] = ()
    # 育成 players whose contract reached its limit and whom their club signed again as 育成
    # (player, team); those it let go are departures (release, reason IKUSEI_EXPIRED)
    resigned: tuple[tuple[str, str], ...] = ()


def _born(b: Cells | None, p: Cells | None) -> str:
    return (b or {}).get("born") or (p or {}).get("born") or ""


def _farm(b: Cells | None, p: Cells | None) -> bool:
    return ((b or p or {}).get("roster") or "active") == "farm"


def ikusei(b: Cells | None, p: Cells | None) -> bool:
    """A 育成 (development) contract: on the farm, not on the 70, never called up."""
    return "育成" in ((b or {}).get("contract", ""), (p or {}).get("contract", ""))


def renew(league: str, year: int, cards: Sequence[Cards], usage: Mapping[str, tuple[int, int]],
          standings: Sequence[Sequence[str]], teams: Sequence[str], *,
          priority: int = 0, roster_size: int = 70, names: Sequence[tuple[str, str]] = (),
          max_picks: int = dr.MAX_PICKS, draft: bool = True,
          chosen: Mapping[str, Sequence[str | None]] | None = None,
          known: Sequence[str] = (), active_size: int = 29,
          gone: Sequence[Departure] | None = None,
          prospects: Sequence[dr.Prospect] | None = None, ikusei: int = 0,
          foreign_active: int = FOREIGN_ACTIVE, foreign_side: int = FOREIGN_SIDE,
          service: Mapping[str, fa.Service] | None = None, compensation: bool = False,
          market: fa.Market | None = None,
          trades: Sequence[tr.Trade] | None = None, people: Sequence[str] = (),
          active: ad.ActiveDraft | None = None, active_draft: bool = False,
          foreign: tuple[Sequence[Departure], Sequence[fr.Signing]] | None = None,
          refusal: float = 0.0, amateurs: Sequence[tuple[int, dr.Prospect]] = (),
          ikusei_years: int = 0, ikusei_since: Mapping[str, int] | None = None) -> Renewal:
    """The renewal before the season of `year`. `usage`: (plate appearances, batters faced) of
    each player in the season just closed; `standings`: each league's final table, best first;
    `teams`: every club's code; `known`: every id the league ever gave (a new player gets none
    of them). `gone`, `prospects`, `chosen`: what the off-season's steps decided and stored
    (the departures, the draft's class, a person's picks); what is not given is decided here,
    the same way. `service`: each player's service (free agency, §4: none given, no FA);
    `market`: what the FA step decided and stored; `compensation`: [fa] compensation;
    the same way. `trades`: the computer's trades the step stored (else decided here, none with
    a club of `people`). `active`: the 現役ドラフト the step stored (else decided here when
    `active_draft`, [draft] active: off by default). `foreign`: the foreign players released and
    signed the step stored (§5; else decided here). `refusal`: the chance a 支配下 pick refuses
    to sign ([draft] refusal, 入団拒否; none here unless given); `amateurs`: the men who refused
    in earlier drafts, each with the year of the class he may join (those due come back into
    this year's class when one is made). `ikusei_years`: the most seasons a 育成 contract runs
    ([draft] ikusei_years; 0, the default here: no limit), `ikusei_since` the year each 育成
    player's contract began (the first season on it; `expire`)."""
    # 1. retirements and releases (§2)
    if gone is None:
        gone = leaving(league, year, cards, usage)
    left = {d.player for d in gone}
    staying = [c for c in cards if c[0] not in left]
    # 2. the draft (§3): each club takes as many as it lost, by need and value
    drafted: list[Drafted] = []
    refused: list[tuple[dr.Pick, dr.Prospect]] = []
    entered: list[str] = []
    if draft and gone:
        setup = draft_setup(league, year, cards, gone, standings, teams, priority=priority,
                            roster_size=roster_size, names=names, prospects=prospects,
                            amateurs=amateurs)
        if setup is not None:
            picks = dr.run_draft(league, year, setup.prospects, setup.clubs, setup.order,
                                 max_picks, chosen, ikusei=ikusei)
            no = dr.refusals(league, year, picks, refusal)
            by_key = {pr.key: pr for pr in setup.prospects}
            refused = [(pk, by_key[pk.prospect]) for pk in picks if pk.prospect in no]
            drafted = signed(cards, setup.prospects, [pk for pk in picks if pk.prospect not in no],
                             set(known))
            entered = [pr.key for pr in setup.prospects if pr.refused_year]
    # 3. free agency (§4): who declares, the offers, where each signs
    moved: list[Departure] = []
    if market is None and service is not None:
        market = free_agency(league, year, staying, drafted, service, standings, teams,
                             roster_size, compensation)
    if market is not None:
        staying, abroad, moved = apply_market(year, staying, market)
        gone = [*gone, *abroad]
    # 3a. trades (§6): the computer's clubs among themselves, on the rosters the departures left
    limits = tr.Limits(roster_size, active_size, foreign_active, foreign_side)
    if trades is None:
        trades = trade_plan(league, year, staying, people, limits)
    staying, made = _traded(league, year, staying, trades, limits)
    # 3b. the 現役ドラフト (§6): each club lists two it can spare and takes one of another's
    if active is None and not active_draft:
        active = ad.ActiveDraft((), ())
    if active is None:
        active = active_plan(league, year, staying, standings, teams, priority,
                             [*(d.player for d in moved), *(p for t in made for p, *_ in t.moves())])
    staying, taken = _active_moved(league, year, staying, active)
    moved = [*moved, *taken]
    # 3c. foreign players (§5): those who disappointed released, new ones signed
    if foreign is None:
        foreign = foreign_market(league, year, staying, usage, drafted, teams, roster_size,
                                 set(known) | {pid for pid, *_ in cards}, foreign_active,
                                 foreign_side)
    here = {pid for pid, *_ in staying}
    let_go = [d for d in foreign[0] if d.player in here]
    foreigners = list(foreign[1])
    gone = [*gone, *let_go]
    left = {d.player for d in let_go}
    staying = [c for c in staying if c[0] not in left]
    # 4. growth and decline: everyone who stayed is a year older (the newcomers come as they are)
    aged = age_players(league, year, staying)
    out: dict[str, tuple[str, Cells | None, Cells | None]] = {
        pid: (team, b, p) for pid, team, b, p in staying}
    for a in aged:
        out[a.player] = (a.team, a.batting, a.pitching)
    for d in drafted:
        out[d.player] = (d.team, d.batting, d.pitching)
    for f in foreigners:
        out[f.player] = (f.team, f.batting, f.pitching)
    # the league's level kept where it was: the changes are each player's against the others
    recentre([(b, p) for _pid, _t, b, p in cards], out,
             stream("recentre", league, year).getrandbits(32), year)
    recentre_ratings([(b, p) for _pid, _t, b, p in cards], out,
                     stream("recentre ratings", league, year).getrandbits(32))
    # each change as his cards show it, the league's level kept included
    before = {pid: (b, p) for pid, _t, b, p in staying}
    aged = [Aged(a.player, a.team, out[a.player][1], out[a.player][2],
                 measured(*before[a.player], out[a.player][1], out[a.player][2], a.change))
            for a in aged]
    # 育成 players who developed signed to the 70 (支配下登録) where there is room
    promoted = promote(out, teams, roster_size, {a.player for a in aged})
    # those past the 育成 contract's limit and not promoted: released or signed again (§3)
    resigned: list[tuple[str, str]] = []
    if ikusei_years > 0:
        let_go, resigned = expire(league, year, at_limit(year, out, aged, ikusei_years,
                                                         ikusei_since or {}))
        if let_go:
            gone = [*gone, *let_go]
            out_ = {d.player for d in let_go}
            for pid in out_:
                del out[pid]
            aged = [a for a in aged if a.player not in out_]
    # 5. rosters checked: every club can field a team, and an active player who left is
    # replaced by the best of his kind on the farm
    converted = convert(out, teams, {a.player for a in aged})
    converted += to_rotation(out, teams)
    called = _fill_active(cards, [*gone, *moved], out, active_size, foreign_active, foreign_side,
                          {a.player for a in aged}, converted)
    # the newcomers and the aged as the roster check left them: a foreign player signed to the
    # active roster and sent down for a hitter is on the farm (issue 31: stored from his
    # signing's cells, he stayed active beside the hitter called up in his place, and a lived
    # league failed to load with 5 foreign players on an active roster)
    drafted = [dataclasses.replace(d, batting=out[d.player][1], pitching=out[d.player][2])
               for d in drafted]
    foreigners = [dataclasses.replace(f, batting=out[f.player][1], pitching=out[f.player][2])
                  for f in foreigners]
    aged = [dataclasses.replace(a, batting=out[a.player][1], pitching=out[a.player][2])
            for a in aged]
    return Renewal(tuple(gone), tuple(drafted), tuple(aged), tuple(called), out,
                   tuple(foreigners), market, tuple(made), active, tuple(converted),
                   tuple(refused), tuple(promoted),
                   tuple(dr.returning(league, year, pr, pk.team) for pk, pr in refused),
                   tuple(entered), tuple(resigned))


def promote(out: dict[str, tuple[str, Cells | None, Cells | None]], teams: Sequence[str],
            roster_size: int = 70, grown: set[str] | None = None) -> list[tuple[str, str]]:
    """育成 → 支配下 (§3's development contracts): a club signs a 育成 player to the 70 (支配下登録,
    his contract 育成 no longer) once his cards have grown to its first team's level — worth at
    least the weakest man of his kind on its active roster (draft.card_value; of his side when
    it has none of his kind) — while it has room under `roster_size`, the best first, the lowest
    id on a tie. He stays on the farm until the roster check or the manager calls him up.
    `grown`: the men who may be (those under contract before this off-season: a 育成 pick of this
    draft has had no year to grow); None for all. Changes `out`; returns (player, team)."""
    done: list[tuple[str, str]] = []
    for team in teams:
        mine = {pid: (b, p) for pid, (t, b, p) in out.items() if t == team}
        room = roster_size - sum(1 for b, p in mine.values() if not ikusei(b, p))
        if room <= 0:
            continue

        def value(b: Cells | None, p: Cells | None) -> float:
            return dr.card_value(b if p is None else None, p)

        first = [(dr.kind_of(b, p), p is not None, value(b, p)) for b, p in mine.values()
                 if not ikusei(b, p) and not _farm(b, p)]
        ready = []
        for pid, (b, p) in mine.items():
            if not ikusei(b, p) or (grown is not None and pid not in grown):
                continue
            kind = dr.kind_of(b, p)
            level = ([v for k, _arm, v in first if k == kind]
                     or [v for _k, arm, v in first if arm == (p is not None)])
            if level and value(b, p) >= min(level):
                ready.append((-value(b, p), pid))
        for _v, pid in sorted(ready)[:room]:
            t, b, p = out[pid]
            out[pid] = (t, *(dict(x, contract="") if x is not None else None
                             for x in (b, p)))  # type: ignore[assignment]
            done.append((pid, team))
    return done


IKUSEI_EXPIRED = "ikusei"   # a Departure's reason: a 育成 contract at its limit, not renewed
# The chance a club signs a 育成 player at his contract's limit again as 育成 (§3: clubs do for
# young players still growing), by his age in the coming season — a high-school pick is 21 after
# three years and nearly always kept, a university pick 25 and seldom, a man of 28 or more
# never — moved by his last 変化: IKUSEI_GREW more when it was up, as much less when it was down.
IKUSEI_RESIGN = ((21, 0.85), (23, 0.6), (25, 0.3), (27, 0.1), (99, 0.0))
IKUSEI_GREW = 0.15


def resign_chance(age: int, change: float) -> float:
    """The chance a 育成 player at his contract's limit is signed again as 育成 (IKUSEI_RESIGN by
    `age`, IKUSEI_GREW up or down by the sign of his last change `change`, in rolls)."""
    base = next((c for upto, c in IKUSEI_RESIGN if age <= upto), IKUSEI_RESIGN[-1][1])
    if base <= 0:
        return 0.0
    grew = IKUSEI_GREW if change > 0 else -IKUSEI_GREW if change < 0 else 0.0
    return min(0.95, max(0.0, base + grew))


def at_limit(year: int, out: Mapping[str, tuple[str, Cells | None, Cells | None]],
             aged: Sequence[Aged], limit: int, since: Mapping[str, int]
             ) -> list[tuple[str, str, int, float]]:
    """The 育成 players of `out` whose contract has run `limit` seasons by the season of `year`
    (`since`: the year each began it) and who are 育成 still (not signed to the 70): (player,
    team, age in the season of `year`, his change of this off-season in rolls), by id. Only
    men under contract before this off-season (`aged`) can be."""
    due = []
    for a in sorted(aged, key=lambda a: a.player):
        team, b, p = out[a.player]
        if (ikusei(b, p) and _born(b, p)
                and year - since.get(a.player, year) >= limit):
            due.append((a.player, team, season_age(date.fromisoformat(_born(b, p)), year),
                        a.change.value))
    return due


def expire(league: str, year: int, due: Sequence[tuple[str, str, int, float]],
           roll: Callable[[str], float] | None = None
           ) -> tuple[list[Departure], list[tuple[str, str]]]:
    """§3's 育成 contracts end at their limit: each man of `due` (player, team, age in the coming
    season, his last change in rolls: those past the limit and not signed to the 70) is signed
    again as 育成 with `resign_chance`, the draw the seeded stream of (league, player, year)
    (`roll`: scripted dice in tests, a number 0..1 for each player), else released (自由契約: a
    free agent, RELEASE with reason IKUSEI_EXPIRED). Returns (released, signed again)."""
    draw = roll or (lambda pid: stream("ikusei", league, pid, year).random())
    let_go: list[Departure] = []
    kept: list[tuple[str, str]] = []
    for pid, team, age, change in due:
        if draw(pid) < resign_chance(age, change):
            kept.append((pid, team))
        else:
            let_go.append(Departure(pid, team, age, RELEASE, IKUSEI_EXPIRED))
    return let_go, kept


@dataclass(frozen=True)
class _Glove:
    """A hitter as the roster check's matching of positions reads him (his id and positions)."""

    id: str
    fielding: tuple[Fielding, ...]
    batting: object = True

    def can_play(self, position: str) -> bool:
        return any(f.position == position for f in self.fielding)


LEARNED: Final = "{pos}0*"     # a position a man is converted to, as his card writes it (convert)


def convert(out: dict[str, tuple[str, Cells | None, Cells | None]], teams: Sequence[str],
            movable: set[str]) -> list[tuple[str, str, str]]:
    """A club the off-season left unable to field a position with all its players (§7's roster
    check: free agency, trades and the 現役ドラフト may take its last centre fielder) converts
    one of its own hitters there (コンバート), as NPB clubs do: a man of the position's group
    (league.manager.computer.POSITION_GROUP, the infield or the outfield) first, the best glove
    of that group, the lowest id on a tie; he learns the position at the floor a card can hold
    (LEARNED: defence 0 and the worst error mark *; the engine's man out of position, who has no
    entry at all, fields at −1 with the mark −). A catcher is not made (his ratings are his own).
    Changes `out`; returns (player, team, position)."""
    from league.manager.computer import POSITION_GROUP
    from league.season.roster import uncovered

    done: list[tuple[str, str, str]] = []
    for team in teams:
        gloves = {pid: _Glove(pid, parse_fielding(str(b.get("positions", "")), pid))
                  for pid, (t, b, _p) in out.items() if t == team and b is not None
                  and str(b.get("positions", "")).strip()}
        for _ in range(len(gloves)):
            pos = uncovered(gloves.values())
            if pos is None or pos == "C":
                break

            def fit(g: _Glove) -> tuple[int, int, str]:      # the best first
                near = [f.defence for f in g.fielding
                        if POSITION_GROUP.get(f.position) == POSITION_GROUP[pos]]
                return (0 if near else 1, -max(near, default=-1), g.id)

            free = [g for g in gloves.values() if g.id in movable and not g.can_play(pos)
                    and any(f.position not in ("P", "C") for f in g.fielding)]
            if not free:
                break
            best = min(free, key=fit)
            team_, b, pc = out[best.id]
            assert b is not None
            learned = LEARNED.format(pos=pos)
            b = dict(b, positions=f"{str(b['positions']).strip()};{learned}")
            out[best.id] = (team_, b, pc)
            gloves[best.id] = _Glove(best.id, (*best.fielding, *parse_fielding(learned, best.id)))
            done.append((best.id, team, pos))
    return done


# a reliever moved to the rotation (配置転換, to_rotation), as his card writes it: a short
# starter's 『回』 5 and 『先』 6 (docs/cards.md: 『先』 = innings a start + 1.2, rounded), and a
# starter's rest of at least 『休』 5 (the pacific and nippon rotations rest 5 or 6)
ROTATION_CELLS: Final = {"innings": "5", "starter": "6"}
ROTATION_REST: Final = 5
ROTATION: Final = "SP"      # the position of a conversion to the rotation (Renewal.converted)


def to_rotation(out: dict[str, tuple[str, Cells | None, Cells | None]], teams: Sequence[str]
                ) -> list[tuple[str, str, str]]:
    """A club the off-season left with fewer starters under contract than a rotation needs
    (league.season.roster.MIN_STARTERS: refusals of its picks, retirements and free agency can
    take them; a season cannot be made without) moves relievers to the rotation, as NPB clubs
    do (配置転換): the longest-outing reliever first (『回』: a long man is stretched out
    soonest), then the best card (draft.card_value), the lowest id on a tie; not a 育成 man. His
    card becomes a short starter's (ROTATION_CELLS, ROTATION_REST). Changes `out`; returns
    (player, team, ROTATION) for each."""
    from league.season.roster import MIN_STARTERS

    def innings(p: Cells) -> float:
        return cell_float(p.get("innings")) or 0.0

    def rest(p: Cells) -> str:
        return str(max(cell_int(p.get("rest")) or 0, ROTATION_REST))

    done: list[tuple[str, str, str]] = []
    for team in teams:
        mine = [(pid, b, p) for pid, (t, b, p) in out.items() if t == team and p is not None]
        short = MIN_STARTERS - sum(1 for _pid, b, p in mine if dr.kind_of(b, p) == "SP")
        pen = sorted((x for x in mine if dr.kind_of(x[1], x[2]) == "RP" and not ikusei(x[1], x[2])),
                     key=lambda x: (-innings(x[2]), -dr.card_value(None, x[2]), x[0]))
        for pid, b, p in pen[:max(short, 0)]:
            out[pid] = (team, b, dict(p, **ROTATION_CELLS, rest=rest(p)))
            done.append((pid, team, ROTATION))
    return done


FA_ABROAD = "fa abroad"     # a Departure's reason: an overseas free agent who left the league


def free_agency(league: str, year: int, staying: Sequence[Cards], drafted: Sequence[Drafted],
                service: Mapping[str, fa.Service], standings: Sequence[Sequence[str]],
                teams: Sequence[str], roster_size: int = 70, compensation: bool = False,
                people: Sequence[str] = (),
                chosen: Mapping[str, Mapping[str, fa.Offer]] | None = None) -> fa.Market:
    """§4 in the renewal: the market (league.offseason.free_agency) over the players under
    contract after the retirements and the draft (育成 players not on the 70, left out); a
    club's strength its place in its league's final table; `people` and `chosen`: the clubs a
    person offers for and his offers."""
    men, sizes = fa_men(year, staying, drafted, service, teams)
    strength = {t: 1.0 - i / len(table) for table in standings for i, t in enumerate(table)}
    return fa.market(league, year, men, strength, sizes, roster_size, compensation, people,
                     chosen)


def fa_men(year: int, staying: Sequence[Cards], drafted: Sequence[Drafted],
           service: Mapping[str, fa.Service], teams: Sequence[str]
           ) -> tuple[list[fa.Man], dict[str, int]]:
    """The men of free agency (§4) and each club's players on the 70: those under contract after
    the retirements and the draft, 育成 players left out."""
    men: list[fa.Man] = []
    rows = [(pid, team, b, p, False) for pid, team, b, p in staying]
    rows += [(d.player, d.team, d.batting, d.pitching, True) for d in drafted]
    for pid, team, b, p, new in rows:
        if ikusei(b, p) or not _born(b, p) or team not in teams:
            continue
        age = season_age(date.fromisoformat(_born(b, p)), year)
        men.append(fa.Man(pid, team, age, dr.kind_of(b, p),
                          dr.card_value(b if p is None else None, p), _foreign(b, p),
                          service.get(pid, fa.Service("", ())), new))
    sizes = {t: 0 for t in teams}
    for m in men:
        sizes[m.team] += 1
    return men, sizes


def apply_market(year: int, staying: Sequence[Cards], market: fa.Market
                 ) -> tuple[list[Cards], list[Departure], list[Departure]]:
    """The market's moves on the cards: (the cards, the free agents who left the league, and
    each man who changed club as a departure from his old club — what the active roster's
    check replaces). A man who moves joins his new club's active roster (its farm when he
    comes as compensation)."""
    where: dict[str, tuple[str, str]] = {}
    abroad: list[Departure] = []
    for d in market.declared:
        if d.abroad:
            abroad.append(Departure(d.player, d.team, d.age, RELEASE, FA_ABROAD))
        elif d.signed != d.team:
            where[d.player] = (d.signed, "active")
    for c in market.compensation:
        where[c.player] = (c.team, "farm")
    out: list[Cards] = []
    moved: list[Departure] = []
    gone = {d.player for d in abroad}
    for pid, team, b, p in staying:
        if pid in gone:
            continue
        if pid in where:
            new, roster = where[pid]
            b, p = (dict(x, team=new, roster=roster) if x is not None else None
                    for x in (b, p))
            moved.append(Departure(pid, team, 0, RELEASE, "fa"))
            team = new
        out.append((pid, team, b, p))
    return out, abroad, moved


def trade_plan(league: str, year: int, staying: Sequence[Cards], people: Sequence[str] = (),
               limits: tr.Limits = tr.Limits()) -> list[tr.Trade]:
    """§6 in the renewal: the trades the computer's clubs make among themselves before the
    season of `year` (league.offseason.trades.computer_trades, seeded), on the players who stay;
    none with a club of `people`."""
    return tr.computer_trades(tr.market(league, year, staying), people=people,
                              tag="off-season", limits=limits)


def _traded(league: str, year: int, staying: Sequence[Cards], trades: Sequence[tr.Trade],
            limits: tr.Limits) -> tuple[list[Cards], list[tr.Trade]]:
    """The cards after `trades` (one no longer within the rules, a man gone since, is left out)
    and the trades made."""
    mk = tr.market(league, year, staying)
    cards = {pid: (team, b, p) for pid, team, b, p in staying}
    made: list[tr.Trade] = []
    for t in trades:
        if tr.refusal(t, mk, limits) is not None:
            continue
        cards = tr.apply(cards, [t], mk, limits)
        mk = tr.moved(mk, t, limits)
        made.append(t)
    return [(pid, *cards[pid]) for pid, *_ in staying], made


def active_plan(league: str, year: int, staying: Sequence[Cards],
                standings: Sequence[Sequence[str]], teams: Sequence[str], priority: int = 0,
                exclude: Sequence[str] = ()) -> ad.ActiveDraft:
    """§6's 現役ドラフト in the renewal (league.offseason.active_draft, seeded): on the players
    who stay after the trades, in the reverse order of last season's standings (the waiver
    order); `exclude`: the men who joined a club this off-season (free agents, traded)."""
    order = dr.waiver_order(standings, priority) if standings else list(teams)
    order += [t for t in teams if t not in order]
    return ad.active_draft(tr.market(league, year, staying), order, exclude)


def _active_moved(league: str, year: int, staying: Sequence[Cards], plan: ad.ActiveDraft
                  ) -> tuple[list[Cards], list[Departure]]:
    """The cards after the 現役ドラフト's picks (one whose man is gone or elsewhere since is
    left out): a taken man joins his new club's farm (its active roster when it has none);
    each is a Departure of his old club, whose active roster the renewal fills again."""
    farms = tr.market(league, year, staying).farms
    picks = {p.player: p for p in plan.picks}
    out: list[Cards] = []
    moved: list[Departure] = []
    for pid, team, b, p in staying:
        pick = picks.get(pid)
        if pick is not None and pick.source == team:
            roster = "farm" if pick.team in farms else "active"
            b, p = (dict(x, team=pick.team, roster=roster) if x is not None else None
                    for x in (b, p))
            moved.append(Departure(pid, team, 0, RELEASE, "active draft"))
            team = pick.team
        out.append((pid, team, b, p))
    return out, moved


FOREIGN_RELEASE = "foreign"     # a Departure's reason: a foreign player who disappointed (§5)


def foreign_market(league: str, year: int, staying: Sequence[Cards],
             usage: Mapping[str, tuple[int, int]], drafted: Sequence[Drafted],
             teams: Sequence[str], roster_size: int, used: set[str], limit: int, side: int
             ) -> tuple[list[Departure], list[fr.Signing]]:
    """§5 in the renewal: the foreign players released (a release, reason "foreign") and
    those signed (league.offseason.foreign)."""
    people = [fr.Foreigner(pid, team, season_age(date.fromisoformat(_born(b, p)), year),
                           *usage.get(pid, (0, 0)), p is not None)
              for pid, team, b, p in staying if _foreign(b, p) and _born(b, p)]
    let_go = fr.releases(league, year, people)
    out = {f.player for f in let_go}
    clubs: dict[str, list[int]] = {t: [0, 0, 0, 0, 0] for t in teams}
    for pid, team, b, p in staying:
        if pid in out or team not in clubs:
            continue
        c = clubs[team]
        c[2] += 1
        if _foreign(b, p):
            c[0 if p is not None else 1] += 1
            if not _farm(b, p):
                c[3 if p is not None else 4] += 1
    for d in drafted:
        clubs[d.team][2] += 1
    # a club with a farm signs them (one without is its active roster alone, as leagues were
    # before the farm: it holds no foreign players unless its league file gives them)
    farms = {team for _pid, team, b, p in staying if _farm(b, p)}
    clubs = {t: c for t, c in clubs.items() if t in farms}
    templates = [(b, p) for _pid, _t, b, p in staying if not _farm(b, p)]
    taken = {str((b or p or {}).get("name", "")) for _pid, _t, b, p in staying}
    taken |= {d.prospect.name for d in drafted}
    ids = used | {d.player for d in drafted}

    def new_id(team: str) -> str:
        pid = _new_id(team, ids)
        ids.add(pid)
        return pid

    signed = fr.signings(league, year, {t: (c[0], c[1], c[2], c[3], c[4]) for t, c in clubs.items()},
                         templates, taken, new_id, roster_size, limit, side)
    return ([Departure(f.player, f.team, f.age, RELEASE, FOREIGN_RELEASE) for f in let_go],
            signed)


def leaving(league: str, year: int, cards: Sequence[Cards],
            usage: Mapping[str, tuple[int, int]]) -> list[Departure]:
    """Step 1 (§2): who retires or is released before the season of `year` (seeded)."""
    people = [Standing(pid, team, season_age(date.fromisoformat(_born(b, p)), year),
                       *usage.get(pid, (0, 0)), _farm(b, p))
              for pid, team, b, p in cards if _born(b, p)]
    return departures(league, year, people)


@dataclass(frozen=True)
class DraftSetup:
    """What the draft (§3) starts from: each club's wants and needs, the waiver order, the
    class."""

    clubs: tuple[dr.Club, ...]
    order: tuple[str, ...]
    prospects: tuple[dr.Prospect, ...]


def draft_setup(league: str, year: int, cards: Sequence[Cards], gone: Sequence[Departure],
                standings: Sequence[Sequence[str]], teams: Sequence[str], *, priority: int = 0,
                roster_size: int = 70, names: Sequence[tuple[str, str]] = (),
                prospects: Sequence[dr.Prospect] | None = None,
                amateurs: Sequence[tuple[int, dr.Prospect]] = ()) -> DraftSetup | None:
    """Step 2's start: each club takes as many as it lost (room under `roster_size` allowing),
    by need; the class made for them (seeded) unless `prospects` gives the stored one. None when
    no club wants anyone. `amateurs`: the men who refused in earlier drafts, each with the year
    of the class he may join: those due by `year` come back into the class made (入団拒否, §3),
    the others' names are kept for them (no newcomer is named like a man still to come)."""
    left = {d.player for d in gone}
    staying = [c for c in cards if c[0] not in left]
    kinds = {pid: dr.kind_of(b, p) for pid, _t, b, p in cards}
    size = {t: 0 for t in teams}
    for _pid, team, b, p in staying:
        if not ikusei(b, p):                      # 育成 players are not on the 70
            size[team] = size.get(team, 0) + 1
    clubs = []
    for t in teams:
        lost = tuple(kinds[d.player] for d in gone if d.team == t and d.player in kinds)
        have = [kinds[pid] for pid, team, _b, _p in staying if team == t]
        short = tuple(k for k, least in (("C", 2), ("SP", 6), ("RP", 5)) if have.count(k) < least)
        cover: dict[str, int] = {}
        for _pid, team, b, p in staying:
            if team == t and p is None:
                for pos in dr.positions_of(b):
                    cover[pos] = cover.get(pos, 0) + 1
        thin = tuple(pos for pos in ("C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
                     if cover.get(pos, 0) < 2)
        wants = max(len(lost), 1 if thin else 0)
        clubs.append(dr.Club(t, max(0, min(wants, roster_size - size.get(t, 0))), lost,
                             short, positions=thin))
    want = sum(c.wants for c in clubs)
    if not want:
        return None
    if prospects is None:
        templates = [(b, p) for _pid, _t, b, p in cards]
        taken = {str((b or p or {}).get("name", "")) for _pid, _t, b, p in cards}
        taken |= {pr.name for back, pr in amateurs if back > year}
        prospects = dr.make_class(league, year, max(12, round(want * dr.CLASS_PER_PICK)),
                                  templates,
                                  names or [((b or p or {}).get("name", ""),
                                             (b or p or {}).get("name_en", ""))
                                            for _pid, _t, b, p in cards], taken,
                                  [pr for back, pr in amateurs if back <= year])
    order = dr.waiver_order(standings, priority) if standings else list(teams)
    order += [t for t in teams if t not in order]
    return DraftSetup(tuple(clubs), tuple(order), tuple(prospects))


def signed(cards: Sequence[Cards], prospects: Sequence[dr.Prospect], picks: Sequence[dr.Pick],
           known: set[str]) -> list[Drafted]:
    """The drafted players as they join: each a new id of his club (none the league ever
    gave), his cards on its farm."""
    by_key = {p.key: p for p in prospects}
    used = {pid for pid, *_ in cards} | known
    out = []
    for pick in picks:
        pr = by_key[pick.prospect]
        # a 育成 player's number has three digits (EDO101), his contract 育成 (not on the 70)
        pid = _new_id(pick.team, used, dr.IKUSEI_FIRST, 3) if pick.ikusei else _new_id(
            pick.team, used)
        used.add(pid)
        extra = {"contract": "育成", "roster": "farm"} if pick.ikusei else {}
        b = dict(pr.batting, team=pick.team, id=pid, **extra) if pr.batting is not None else None
        p = dict(pr.pitching, team=pick.team, id=pid, **extra) if pr.pitching is not None else None
        out.append(Drafted(pid, pick.team, pick, pr, b, p))
    return out


def _new_id(team: str, used: set[str], first: int = 1, width: int = 2) -> str:
    n = first
    while f"{team}{n:0{width}d}" in used:
        n += 1
    return f"{team}{n:0{width}d}"


def _foreign(b: Cells | None, p: Cells | None) -> bool:
    return any((x or {}).get("foreign", "").strip().lower() == "yes" for x in (b, p))


# the fast men (RR RUNNER_RR or more) an active roster keeps for 代走: with two, the league
# without the DH (its bench spent pinch-hitting for pitchers) ran 33 a team by the fifth lived
# season (issue 31, `impact calibrate --lived 5 --seed 1`)
RUNNERS = 3
RUNNER_RR = 4
CATCHERS = 2         # the catchers an active roster keeps when its farm has them


def _speed(b: Cells | None, p: Cells | None) -> int:
    """A batter's running rating (RR), -99 for a pitcher or a card without one."""
    if p is not None or b is None:
        return -99
    rr = cell_int(b.get("RR"))
    return -99 if rr is None else rr


def _glove(out: Mapping[str, tuple[str, Cells | None, Cells | None]], pid: str) -> _Glove:
    """`pid` as the roster check's matching of positions reads him (a pitcher's card alone: no
    batting, so never a fielder)."""
    _t, b, _p = out[pid]
    if b is None:
        return _Glove(pid, (), None)
    return _Glove(pid, parse_fielding(str(b.get("positions", "")), pid))


def _gloves(out: Mapping[str, tuple[str, Cells | None, Cells | None]], pids: Sequence[str]
            ) -> list[_Glove]:
    return [_glove(out, pid) for pid in pids]


def _fill_active(cards: Sequence[Cards], gone: Sequence[Departure],
                 out: dict[str, tuple[str, Cells | None, Cells | None]],
                 active_size: int, foreign_active: int = FOREIGN_ACTIVE,
                 foreign_side: int = FOREIGN_SIDE, movable: set[str] | None = None,
                 converted: list[tuple[str, str, str]] | None = None) -> list[tuple[str, str]]:
    """An active player who left is replaced by the best farm player of his kind (else of his
    side: a pitcher for a pitcher; a foreign player only within the limit); then each club's active roster is checked against what a
    league file needs (a catcher, five starters, at most `active_size`) and mended from the
    farm, the weakest of the most plentiful kind going down when it is full."""
    from league.season.roster import FIELD_ORDER, MIN_STARTERS, uncovered  # the roster's own
    was_active = {pid: dr.kind_of(b, p) for pid, _t, b, p in cards if not _farm(b, p)}
    had: dict[tuple[str, bool], int] = {}          # (team, pitcher) -> active before
    for pid, t, _b, p in cards:
        if pid in was_active:
            had[(t, p is not None)] = had.get((t, p is not None), 0) + 1
    called: list[tuple[str, str]] = []
    movable = set() if movable is None else movable
    converted = [] if converted is None else converted

    def value(pid: str) -> float:
        _t, b, p = out[pid]
        return dr.card_value(b if p is None else None, p)

    def move(pid: str, roster: str) -> None:
        team, b, p = out[pid]
        out[pid] = (team, *(dict(x, roster=roster) if x is not None else None
                            for x in (b, p)))  # type: ignore[assignment]
        if roster == "active":
            called.append((pid, team))

    def farm_of(team: str, kinds: tuple[str, ...]) -> list[str]:
        # a foreign player only while the active roster has room for him (外国人枠)
        here = [(b, p) for t, b, p in out.values() if t == team and not _farm(b, p)]
        total = sum(1 for b, p in here if _foreign(b, p))
        arms = sum(1 for b, p in here if _foreign(b, p) and p is not None)
        room = (total < foreign_active and total - arms < foreign_side,
                total < foreign_active and arms < foreign_side)
        return sorted((pid for pid, (t, b, p) in out.items() if t == team and _farm(b, p)
                       and not ikusei(b, p) and dr.kind_of(b, p) in kinds
                       and (not _foreign(b, p) or room[p is not None])),
                      key=lambda x: (-value(x), x))

    def call_up(team: str, kinds: tuple[str, ...], n: int,
                which: Callable[[list[str]], list[str]] = list) -> None:
        # one at a time, the farm read again after each: the foreign limit counts every man
        # who came up before (issue 31: a list read once called up two foreign starters
        # into the last place of the limit, and a stored lived league failed to load)
        for _ in range(n):
            best = which(farm_of(team, kinds))
            if not best:
                return
            move(best[0], "active")

    for d in gone:
        if d.player not in was_active:
            continue
        kind = was_active[d.player]
        side = ("SP", "RP") if kind in ("SP", "RP") else ("C", "IF", "OF")
        best = farm_of(d.team, (kind,)) or farm_of(d.team, side)
        if best:
            move(best[0], "active")
    for team in sorted({t for t, _b, _p in out.values()}):
        def active() -> list[str]:
            return [pid for pid, (t, b, p) in out.items() if t == team and not _farm(b, p)]
        if not any(_farm(b, p) for t, b, p in out.values() if t == team):
            continue          # a club with no farm is all active, as leagues were before it
        kinds = {pid: dr.kind_of(*out[pid][1:]) for pid in out if out[pid][0] == team}
        # two catchers: a league file needs one, and the second on the bench is what lets the
        # manager run for (or hit for) the first (issue 31: lived clubs fell to one)
        catchers = sum(1 for x in active() if kinds[x] == "C")
        call_up(team, ("C",), CATCHERS - catchers)
        starters = [x for x in active() if kinds[x] == "SP"]
        call_up(team, ("SP",), MIN_STARTERS - len(starters))
        # a bench that can run: RUNNERS men fast enough to run for a slow regular (the game
        # manager's pinch runner, PR_FAST and PR_GAIN over a runner of RR 2), the fastest of the
        # farm called up while short; the retirements and the value-first fills left lived
        # clubs without one, and with it the 代走 (issue 31)
        fast = [x for x in active() if _speed(out[x][1], out[x][2]) >= RUNNER_RR]

        def quick(farm: list[str]) -> list[str]:
            return sorted((x for x in farm if _speed(out[x][1], out[x][2]) >= RUNNER_RR),
                          key=lambda x: (-_speed(out[x][1], out[x][2]), -value(x), x))
        call_up(team, ("C", "IF", "OF"), RUNNERS - len(fast), quick)
        # every position by a different man of the active roster (the league file's check):
        # the departures can leave the men who play a position needed at others (issue 31: the
        # small league's OSK with its one active shortstop needed at second); the best farm man
        # who plays the position the matching cannot fill comes up, as often as it takes
        for _ in range(len(FIELD_ORDER)):
            pos = uncovered(_gloves(out, active()))
            able = [] if pos is None else [
                x for x in farm_of(team, ("C", "IF", "OF")) if _glove(out, x).can_play(pos)]
            if not able:
                break
            move(able[0], "active")
        if uncovered(_gloves(out, active())) is not None:
            # nobody on the farm plays it (its men 育成, or none): one of the active men is
            # converted there (コンバート, as `convert` does for the whole club)
            here = {x: out[x] for x in active()}
            done = convert(here, [team], movable & set(here))
            out.update(here)
            converted.extend(done)
        while len(active()) > active_size:
            now = active()
            counts = {k: sum(1 for x in now if kinds[x] == k) for k in ("C", "IF", "OF", "SP",
                                                                       "RP")}
            least = {"C": 2, "IF": 6, "OF": 4, "SP": MIN_STARTERS, "RP": 5}
            runners = [x for x in now if _speed(out[x][1], out[x][2]) >= RUNNER_RR]
            keep = set(sorted(runners, key=lambda x: (-_speed(out[x][1], out[x][2]),
                                                      -value(x), x))[:RUNNERS])
            spare = [x for x in now if counts[kinds[x]] > least[kinds[x]] and x not in keep]
            if uncovered(_gloves(out, now)) is None:     # nobody the fielding needs goes down
                spare = [x for x in spare
                         if uncovered(_gloves(out, [y for y in now if y != x])) is None]
            # the side (hitters or pitchers) grown most past what the club had active before
            # goes down: a batter's and a pitcher's card values are not on one scale, and by
            # value alone the bench's hitters went down season after season (issue 31: lived
            # benches too short to run for anyone)
            grown = {arm: sum(1 for x in now if (kinds[x] in ("SP", "RP")) == arm)
                     - had.get((team, arm), 0) for arm in (False, True)}
            grew = [x for x in spare if (kinds[x] in ("SP", "RP")) == (grown[True] > grown[False])]
            if grown[True] != grown[False] and grew:
                spare = grew
            if not spare:
                break
            worst = min(spare, key=lambda x: (value(x), x))
            move(worst, "farm")
            called[:] = [c for c in called if c[0] != worst]
    # the sides' balance: at most ACTIVE_ARMS pitchers, a spare reliever going down for the
    # farm's best hitter (each side ranked on its own scale)
    for team in sorted({t for t, _b, _p in out.values()}):
        if not any(_farm(b, p) for t, b, p in out.values() if t == team):
            continue
        for _ in range(active_size):
            now = [pid for pid, (t, b, p) in out.items() if t == team and not _farm(b, p)]
            kinds = {pid: dr.kind_of(*out[pid][1:]) for pid in now}
            arms = [x for x in now if kinds[x] in ("SP", "RP")]
            if len(arms) <= ACTIVE_ARMS:
                break
            # a reliever past the fifth (the rotation, six men in NPB, is left whole)
            pen = [x for x in arms if kinds[x] == "RP"]
            if len(pen) <= 5:
                break
            worst = min(pen, key=lambda x: (value(x), x))
            move(worst, "farm")
            # the farm's best hitter, a foreign one while the limit has room with the reliever
            # gone down (farm_of counts it on the roster as it is now)
            bats = farm_of(team, ("C", "IF", "OF"))
            if not bats:
                move(worst, "active")
                called.pop()
                break
            called[:] = [c for c in called if c[0] != worst]
            move(bats[0], "active")
    # a rotation the farm cannot fill: its starters out of reach (育成, or foreign men the limit
    # keeps down), the active roster's relievers move to the rotation (配置転換, as to_rotation
    # does for a club short of starters under contract). The case (lived nippon, seed 2,
    # season 9): FUK's fifth starter was a foreign man on the farm with the limit full;
    # to_rotation counted him, the call-up could not reach him, and the season could not be
    # made ("team FUK has 4 starters"). Only a club still short after every call-up: what the
    # farm can give stays the league's own mend's (renewal.mend, after the renewal is stored)
    for team in sorted({t for t, _b, _p in out.values()}):
        if not any(_farm(b, p) for t, b, p in out.values() if t == team):
            continue
        here = {pid: c for pid, c in out.items() if c[0] == team and not _farm(c[1], c[2])}
        rotation = sum(1 for _t, b, p in here.values() if dr.kind_of(b, p) == "SP")
        if rotation >= MIN_STARTERS or farm_of(team, ("SP",)):
            continue
        done = to_rotation(here, [team])
        out.update(here)
        converted.extend(done)
    return called


def mend(league: "League") -> list[tuple[str, str, str]]:
    """The rosters a league file must have (league.season.roster's checks: a catcher, five
    starters, the hitters a line-up needs and every position by a different man, at most
    `active_size`), mended from each club's farm after the off-season: for each thing missing
    the best farm player who supplies it comes up; a full active roster sends down the least
    valuable man it can spare. Then the bench (BENCH_COVERS): a man for each position of the
    middle behind the line-up, swapped in from the farm. Returns (player, team, "active" |
    "farm") for each move."""
    from league.engine.values import batting_value
    from league.manager.bullpen import pitching_value
    from league.season.farm import roster_problem, sending_down
    from league.season.roster import uncovered

    def value(p: "Player") -> float:
        if p.pitching is not None:
            return pitching_value(p)
        return batting_value(p.batting) if p.batting is not None else 0.0

    moves: list[tuple[str, str, str]] = []
    for team in league.teams:
        if not team.farm:
            continue
        dh = league.dh_for(team.code)
        active = {p.id: p for p in team.active}
        farm = {p.id: p for p in team.farm if not p.ikusei}      # 育成 players stay down

        def problem() -> str | None:
            return roster_problem(active.values(), dh) or uncovered(active.values())

        def room(p: "Player") -> bool:     # the foreign limit (外国人枠) kept
            return fits(active.values(), p, league.foreign_active, league.foreign_side)

        for _ in range(40):
            what = problem()
            if what is None or not farm:
                break
            before = what
            # the farm player whose call-up makes the roster whole, or gets it furthest
            best = None
            for p in sorted(farm.values(), key=lambda p: (-value(p), p.id)):
                if not room(p):
                    continue
                active[p.id] = p
                if problem() != before:
                    best = p
                active.pop(p.id)
                if best is not None:
                    break
            if best is None:
                break
            active[best.id] = farm.pop(best.id)
            moves.append((best.id, team.code, "active"))
        while len(active) > league.active_size:
            spare = [p for p in list(active.values())
                     if problem() is None and _without(active, p.id, problem)]
            if not spare:
                break
            # the side (pitchers or hitters) furthest over its share of the roster goes down
            # first, then its least valuable man (each side on its own scale: sending_down)
            worst = sending_down(active.values(), spare, league.active_size)[0]
            farm[worst.id] = active.pop(worst.id)
            moves.append((worst.id, team.code, "farm"))
        if problem() is None:
            moves += _cover_bench(team.code, active, farm, dh, problem, room, value)
    return moves


# the positions a club's bench keeps a man for behind the line-up (§7's roster check): a second
# catcher, a utility infielder who plays second and short, an outfielder who plays centre — the
# bench NPB clubs register, and the one the bundled leagues open with (a backup at C, SS, 3B,
# CF, RF, each playing two more). It is what lets the manager hit or run for a man of the
# middle late in a game: somebody must take his place in the field (computer._covered). Filled
# by value alone (the best farm man of a departed man's kind, the fast men, the catchers) the
# lived benches of `impact calibrate --lived 6 --seed 2` came to hold first basemen: the
# benches of the league with the DH played 1B 1.7 -> 3.5 men a club from season 1 to 6, SS 1.7
# -> 1.2, CF 1.8 -> 0.8; late in close games the bench out-hit a batter of short or centre
# with nobody to field his place in 1.0 % -> 2.9 % of the chances, and the league's pinch-hit
# appearances fell from 107 a club to 73 (issue 31)
BENCH_COVERS: Final = ("C", "SS", "2B", "CF")


def _bench(code: str, active: Mapping[str, "Player"], dh: bool
           ) -> tuple[list["Player"], list[str]]:
    """`code`'s bench — the hitters of its active roster outside the line-up the cards make (the
    computer manager's, make_lineup) — and the positions of BENCH_COVERS nobody on it plays."""
    from league.engine.lineup import plays
    from league.manager.computer import fields_off_mound, make_lineup
    try:
        lineup = make_lineup(code, list(active.values()), dh)
    except ValueError:
        return [], []
    bench = [p for p in active.values() if p.pitching is None and p.batting is not None
             and fields_off_mound(p) and p.id not in lineup.order]
    return bench, [pos for pos in BENCH_COVERS if not any(plays(p, pos) for p in bench)]


def _cover_bench(code: str, active: dict[str, "Player"], farm: dict[str, "Player"], dh: bool,
                 problem: Callable[[], str | None], room: Callable[["Player"], bool],
                 value: Callable[["Player"], float]) -> list[tuple[str, str, str]]:
    """`code`'s bench given a man at each position of BENCH_COVERS its farm can give: for a
    position nobody on the bench plays, the best farm man who plays it comes up and the least
    valuable bench man goes down whose going leaves the bench no new gap and the roster whole
    (the line-up's men and the fast men for the pinch runner stay: RUNNERS). Changes `active`
    and `farm`; returns the moves (player, team, "active" | "farm")."""
    from league.engine.lineup import plays
    moves: list[tuple[str, str, str]] = []
    for _ in range(len(BENCH_COVERS)):
        bench, gaps = _bench(code, active, dh)
        if not gaps:
            break
        fast = sorted(((p.batting.RR, p) for p in active.values() if p.pitching is None
                       and p.batting is not None and p.batting.RR >= RUNNER_RR),
                      key=lambda rp: (-rp[0], -value(rp[1]), rp[1].id))
        keep = {p.id for _rr, p in fast[:RUNNERS]}
        swap = None
        for pos in gaps:
            ups = sorted((p for p in farm.values() if p.pitching is None and plays(p, pos)),
                         key=lambda p: (-value(p), p.id))
            downs = sorted((p for p in bench if p.id not in keep), key=lambda p: (value(p), p.id))
            for up in ups:
                for down in downs:
                    active.pop(down.id)
                    if room(up):
                        active[up.id] = up
                        if problem() is None and set(_bench(code, active, dh)[1]) < set(gaps):
                            swap = (up, down)
                        active.pop(up.id)
                    active[down.id] = down
                    if swap:
                        break
                if swap:
                    break
            if swap:
                break
        if swap is None:
            break
        up, down = swap
        active[up.id] = farm.pop(up.id)
        farm[down.id] = active.pop(down.id)
        moves += [(up.id, code, "active"), (down.id, code, "farm")]
    return moves


def _without(active: dict, pid: str, problem: Any) -> bool:
    p = active.pop(pid)
    ok = problem() is None
    active[pid] = p
    return ok
