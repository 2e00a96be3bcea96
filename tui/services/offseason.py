"""The off-season (shared/rules/npb_offseason.md §7): what the renewal of a closed season does
before the next one is made, in order, each step a transaction of the league's news:

1. retirements and releases (§2): by age, lack of play, a few young ones
2. the draft (§3): each club replaces what it lost, first round with lotteries (league.toml [draft])
3. free agency (§4; a person's club offers for itself), the computer's trades and the 現役ドラフト
   (§6), foreign players released and signed (§5; a person's club chooses from a pool)
4. growth and decline (§1): ages move on a year, every card changes (変化)
5. rosters checked: the active roster filled again from the farm; the new season's schedule

`seasons.new_season` runs the steps inside its own unit of work (`renew`); `offseason` reads
back what the renewal that made a season did. The rules are league.offseason's."""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from league.offseason import active_draft as ad
from league.offseason import draft as dr
from league.offseason import foreign as fr
from league.offseason import free_agency as fa
from league.offseason import renewal
from league.offseason import trades as tr
from league.offseason.aging import Aged
from league.offseason.draft import draft_rules, priority_league
from league.offseason.people import age_in, life
from league.offseason.renewal import Renewal
from league.offseason.retirement import RETIRE, Departure
from league.season.roster import code_as_typed
from storage import history_store as hs
from storage import offseason_store as ost
from storage import repository as repo
from tui.services.db import Db, ServiceError, Work
from tui.services.views import league_tables


@dataclass(frozen=True)
class ChangeView:
    """One player's change (変化) of an off-season: his age in the new season, breakout or
    collapse ("" for neither), and the columns and ratings that moved."""

    player: str
    name: str
    team: str
    age: int
    mark: str
    changes: dict[str, float]
    value: float = 0.0          # rolls moved to his good side (league.offseason.aging.Change)


@dataclass(frozen=True)
class DepartureView:
    """A player who left (引退 retire / 戦力外 release) with his career totals: plate appearances,
    hits, home runs; innings (outs), wins, losses, saves."""

    player: str
    name: str
    team: str
    age: int
    kind: str
    reason: str
    seasons: int
    career: dict[str, int]


@dataclass(frozen=True)
class PickView:
    """One pick of the draft: round, number, club, player, school, age, the clubs that drew for
    him (抽選) and whether it was a first pick named again after a lost lottery (外れ1位)."""

    round: int
    number: int
    team: str
    player: str
    name: str
    school: str
    age: int
    lottery: tuple[str, ...]
    hazure: bool
    ikusei: bool = False                 # a pick of the 育成 draft (not on the 70)
    refused: bool = False                # he refused to sign (入団拒否): `player` is ""
    # a man who refused: the year of the class he comes back in and his school then
    returns: int = 0
    returns_as: str = ""
    # a man who came back: the year of the draft he refused before and the club he refused
    refused_year: int = 0
    refused_team: str = ""


@dataclass(frozen=True)
class FaView:
    """A free agent (§4) who declared (FA宣言): his right (domestic / overseas), the offers
    (club, role, years), and where he signed ("" when he left the league: `abroad`); or, with
    `right` "compensation", a player taken by `signed` from `team` for the one it lost (人的補償,
    `role` names him)."""

    player: str
    name: str
    team: str
    age: int
    right: str
    signed: str
    role: str
    years: int
    abroad: bool
    offers: tuple[tuple[str, str, int], ...] = ()

    @property
    def moved(self) -> bool:
        return self.abroad or self.signed != self.team

    def as_dict(self) -> dict[str, Any]:
        return dict(dataclasses.asdict(self), moved=self.moved,
                    offers=[{"team": t, "role": r, "years": y} for t, r, y in self.offers])


def _fa_views(market: fa.Market, names: dict[str, str]) -> tuple[FaView, ...]:
    out = [FaView(d.player, names.get(d.player, d.player), d.team, d.age, d.right, d.signed,
                  d.role, d.years, d.abroad, tuple((o.team, o.role, o.years) for o in d.offers))
           for d in market.declared]
    out += [FaView(c.player, names.get(c.player, c.player), c.signing, 0, "compensation", c.team,
                   c.lost, 0, False) for c in market.compensation]
    return tuple(out)


@dataclass(frozen=True)
class OffseasonView:
    """What the renewal before season `season` did (empty before any renewal), in §7's order."""

    season: int
    year: int
    changes: tuple[ChangeView, ...]
    departures: tuple[DepartureView, ...] = ()
    picks: tuple[PickView, ...] = ()
    called_up: tuple[tuple[str, str, str], ...] = ()     # (player, name, team)
    signed: tuple[tuple[str, str, str, int], ...] = ()   # foreign signings: player, name, team, age
    fa: tuple[FaView, ...] = ()                          # free agency (§4)
    # the trades (§6): each its moves (player, name, from, to)
    trades: tuple[tuple[tuple[str, str, str, str], ...], ...] = ()
    # the 現役ドラフト (§6): each man taken (player, name, from, to)
    active_draft: tuple[tuple[str, str, str, str], ...] = ()
    # 育成 players signed to the 70 (支配下登録, §3): (player, name, team)
    promoted: tuple[tuple[str, str, str], ...] = ()
    # 育成 players at their contract's limit signed again as 育成 (§3): (player, name, team);
    # those let go are departures (release, reason "ikusei")
    resigned: tuple[tuple[str, str, str], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"season": self.season, "year": self.year,
                "active_draft": [{"player": p, "name": n, "from": a, "to": b}
                                 for p, n, a, b in self.active_draft],
                "fa": [f.as_dict() for f in self.fa],
                "departures": [dataclasses.asdict(d) for d in self.departures],
                "draft": [dict(dataclasses.asdict(p), lottery=list(p.lottery))
                          for p in self.picks],
                "called_up": [{"player": p, "name": n, "team": t} for p, n, t in self.called_up],
                "promoted": [{"player": p, "name": n, "team": t} for p, n, t in self.promoted],
                "ikusei_resigned": [{"player": p, "name": n, "team": t}
                                    for p, n, t in self.resigned],
                "foreign_signed": [{"player": p, "name": n, "team": t, "age": a}
                                   for p, n, t, a in self.signed],
                "trades": [[{"player": p, "name": n, "from": a, "to": b} for p, n, a, b in t]
                           for t in self.trades],
                "changes": [{"player": c.player, "name": c.name, "team": c.team, "age": c.age,
                             "mark": c.mark or None, "value": c.value, "changes": c.changes}
                            for c in self.changes]}


@dataclass(frozen=True)
class Step:
    """One step of the off-season (§7), in its order: its key (the CLI's command, the news'
    order), the rule it follows, and what doing it decides (`run(inputs, data, entries)` fills
    `data`, the stored decisions, and says whether the step is done). Another step (FA, foreign
    signings, trades: §4-6) is one more entry of STEPS before "renew"."""

    key: str
    rule: str
    run: Callable[["_Inputs", dict[str, Any], dict[str, list[str | None]]], bool] | None


@dataclass
class _Inputs:
    """What the off-season's steps read, once: the league's own cards, each player's usage in
    the closed season, the final tables, the draft's settings."""

    league: str         # the key of the off-season's streams (league.offseason.people.life)
    year: int
    cards: list[Any]
    usage: dict[str, tuple[int, int]]
    standings: list[list[str]]
    teams: list[str]
    priority: int
    roster_size: int
    max_picks: int
    held: bool
    known: list[str]
    active_size: int
    ikusei: int = 0
    foreign_active: int = 4         # the foreign limit (外国人枠, league.season.foreign_limit)
    foreign_side: int = 3
    compensation: bool = False      # [fa] compensation (人的補償)
    service: Callable[[], dict[str, fa.Service]] | None = None    # §4, read when needed
    active_draft: bool = False      # [draft] active (現役ドラフト, §6)
    # free agency (§4): each club's offers a person made, (player, role, years); None: done
    fa_offers: dict[str, list[tuple[str | None, str, int]]] = dataclasses.field(
        default_factory=dict)
    refusal: float = 0.0            # [draft] refusal (入団拒否, §3)
    # the foreign step (§5): each club's choices a person made, (player, sign | release);
    # (None, "done") once made
    foreign_choices: dict[str, list[tuple[str | None, str]]] = dataclasses.field(
        default_factory=dict)
    # the men who refused in earlier drafts (入団拒否, §3): (the year he may come back, the man)
    amateurs: list[tuple[int, dr.Prospect]] = dataclasses.field(default_factory=list)
    ikusei_years: int = 0           # [draft] ikusei_years: the 育成 contract's limit (§3)
    # the year each 育成 player's contract began, read when needed (ikusei_since)
    ikusei_since: Callable[[], dict[str, int]] | None = None


def _inputs(s: Any, league_id: int, league: str, year: int, prev_id: int) -> _Inputs:
    cards = repo.base_cells(session=s, league_id=league_id)
    usage: dict[str, tuple[int, int]] = {}
    for t in hs.season_totals(session=s, season_ids=[prev_id]):
        pa, bf = usage.get(t.player, (0, 0))
        usage[t.player] = (pa + (t.batting.pa if t.batting else 0),
                           bf + (t.pitching.bf if t.pitching else 0))
    lg = repo.league_structure(session=s, league_id=league_id)
    finals = [g for g in repo.schedule(session=s, season_id=prev_id) if g.status == "final"]
    tables, overall = league_tables(lg, finals)
    standings = ([[r.team for r in tables[g.code]] for g in lg.groups] if lg.leagues
                 else [[r.team for r in overall]])
    rules = draft_rules((lg.settings or {}).get("draft"), [g.code for g in lg.leagues])
    priority = priority_league(rules.priority, [g.code for g in lg.leagues], year)
    row = repo.find_league_by_id(session=s, league_id=league_id)
    upto = repo.season_info(session=s, season_id=prev_id).number
    kept: dict[str, fa.Service] = {}

    def service() -> dict[str, fa.Service]:
        if not kept:
            kept.update(service_of(s, league_id, league, upto))
        return kept

    # the off-season's streams keyed by the league and its first season's seed (life_of); the
    # service before the league's first season (service_of) by the name alone
    return _Inputs(life_of(s, league_id, league), year, cards, usage, standings, [t.code for t in lg.teams], priority,
                   row.roster_size, rules.picks, rules.held,
                   list(repo.player_names(session=s, league_id=league_id)), lg.active_size,
                   rules.ikusei, lg.foreign_active, lg.foreign_side,
                   fa.fa_rules((lg.settings or {}).get("fa")), service, rules.active,
                   ost.fa_offers(session=s, league_id=league_id, year=year), rules.refusal,
                   ost.foreign_choices(session=s, league_id=league_id, year=year),
                   [(back, dr.Prospect(**p))
                    for back, p in ost.amateurs(session=s, league_id=league_id)],
                   rules.ikusei_years, lambda: ikusei_since(s, league_id, cards))


def ikusei_since(s: Any, league_id: int, cards: Sequence[Any]) -> dict[str, int]:
    """The year each 育成 player of `cards` began his 育成 contract (§3's limit counts its
    seasons), the latest of: the season of his 育成 pick in the news; of his club's signing him
    again as 育成 at the limit; of a club's signing him as a free agent (自由契約: after a release
    his contract is a new one, `impact transaction sign`), or the next season when he was
    signed after the season closed (in its off-season). A man whose contract came with the
    league's files: the year of its first season."""
    years = {i.number: i.year for i in _seasons(s, league_id)}
    first = min(years.values(), default=0)
    later = hs.after_close(session=s, league_id=league_id)
    began: dict[str, int] = {}
    for t in hs.transactions(session=s, league_id=league_id):
        if t.season is None or not t.moves:
            continue
        note = hs.note_data(t.note)
        if (t.kind == hs.DRAFT and note.get("ikusei")) or (t.kind == "sign"
                                                           and note.get("ikusei_resigned")):
            starts = [(t.moves[0][0], years.get(t.season, first))]
        elif t.kind == "sign":
            starts = [(pid, years.get(t.season, first) + (t.id in later))
                      for pid, src, dst in t.moves if src == hs.FREE_AGENT and dst]
        else:
            continue
        for pid, start in starts:
            began[pid] = max(began.get(pid, 0), start)
    return {pid: began.get(pid, first) for pid, _t, b, p in cards if renewal.ikusei(b, p)}


def life_of(s: Any, league_id: int, league: str) -> str:
    """The key of the league's off-season streams (league.offseason.people.life): its name and
    its first season's seed."""
    first = repo.season_ids(session=s, league_id=league_id)[0]
    return life(league, repo.season_info(session=s, season_id=first).seed)


def fa_note(t: Any) -> dict[str, Any] | None:
    """The free-agency note of a transaction of the news (§4: a declared player's sign or
    release, a compensation), None for any other."""
    if t.kind not in ("sign", "release"):
        return None
    d = hs.note_data(t.note)
    return d if "fa" in d else None


def roster_changes(news: Sequence[Any], season: int
                   ) -> list[tuple[date, str, bool | None, str | None, str | None]]:
    """A season's changes of who is where, oldest first, from its news: (day, player, up, from,
    to) — each call-up (up True) and demotion (False), and each man a trade in season moved
    (his clubs from and to; up True or False when the trade moved him between the farm and the
    active roster, which its note keeps, None when not). What a season's active rosters are
    replayed from, a day at a time (service for FA, the foreign limit every day)."""
    out: list[tuple[date, str, bool | None, str | None, str | None]] = []
    for t in sorted((t for t in news if t.season == season and t.day is not None
                     and t.kind in ("up", "down", "trade")), key=lambda t: t.id):
        if t.kind != "trade":
            out += [(t.day, pid, t.kind == "up", None, None) for pid, *_ in t.moves]
            continue
        note = hs.note_data(t.note)
        rosters = note.get("rosters") or {}
        for pid, src, dst in t.moves:
            was, now = rosters.get(pid) or (None, None)
            out.append((t.day, pid, None if was == now else now != "farm", src, dst))
    return out


def service_of(s: Any, league_id: int, league: str, upto: int,
               only: set[str] | None = None) -> dict[str, fa.Service]:
    """Each player's service (§4) after the seasons numbered up to `upto`: his days on the
    active roster each season — its cards as it closed (a release or signing in its off-season
    changes no day of it: days do not start again with a new contract), its roster moves
    (一軍登録 / 登録抹消, and a person's releases and signings of men on the active roster while
    it was played) undone back to the opening day and replayed a day at a time over the
    regular season — after
    the service of a player of the league's own files before the season he was first seen in
    (league.offseason.free_agency.initial_service); his entry route the school the draft
    named; his last use of FA the off-season whose news has his declaration. `only`: those
    players alone (a player's page)."""
    from sqlmodel import select

    from storage.tables import CardRow, PlayerRow
    news = hs.transactions(session=s, league_id=league_id)
    later = hs.after_close(session=s, league_id=league_id)
    school: dict[str, str] = {}
    declared: dict[str, set[int]] = {}
    for t in news:
        if t.kind == hs.DRAFT and t.moves:
            school[t.moves[0][0]] = str(hs.note_data(t.note).get("school", ""))
        elif (n := fa_note(t)) is not None and n.get("declared") and t.season is not None:
            declared.setdefault(t.moves[0][0], set()).add(t.season)
    days: dict[str, list[int]] = {}
    entry: dict[str, str] = {}
    used: dict[str, int] = {}
    for sid in repo.season_ids(session=s, league_id=league_id):
        info = repo.season_info(session=s, season_id=sid)
        if info.number > upto:
            break
        rows = s.exec(select(PlayerRow.pid, CardRow.team, CardRow.batting, CardRow.pitching)
                      .join(PlayerRow).where(CardRow.season_id == sid)).all()
        # the season as it closed: a person's releases, signings and moves after it (in its
        # off-season) wrote its cards too, undone here, newest first
        team = {pid: t for pid, t, _b, _p in rows}
        for t in news:
            if t.season == info.number and t.id in later:
                for pid, src, _dst in t.moves:
                    team[pid] = src
        # a person's releases and signings while it was played (each on its day): an active
        # man's days count up to his release and from his signing
        dealt = sorted((t.id, t.day, pid, bool(dst)) for t in news
                       if t.season == info.number and t.day is not None and t.id not in later
                       and t.kind in ("release", "sign") for pid, _src, dst in t.moves)
        was_on = {pid for _i, _d, pid, _j in dealt}
        farm, here, born = set(), set(), {}
        active_cells: set[str] = set()      # the men whose cards put them on the active roster
        for pid, _t, b, p in rows:
            if (only is not None and pid not in only) or not (team[pid] or pid in was_on):
                continue
            cells = [json.loads(x) for x in (b, p) if x]
            here.add(pid)
            born[pid] = next((c.get("born") for c in cells if c.get("born")), "")
            if not any(str(c.get("roster", "")).strip().lower() == "farm" for c in cells):
                active_cells.add(pid)
            if pid not in active_cells or not team[pid]:
                farm.add(pid)      # on the farm, or released: not on the active roster
        # the season's call-ups, demotions and trades between the farm and the active roster,
        # and the releases and signings of men on the active roster (a farm man's change none)
        moves = [(day, pid, up) for day, pid, up, _a, _b in roster_changes(news, info.number)
                 if up is not None]
        moves = sorted(moves + [(day, pid, joined) for _i, day, pid, joined in dealt
                                if pid in active_cells], key=lambda m: m[0])
        for _day, pid, up in reversed(moves):
            (farm.add if up else farm.discard)(pid)
        games = repo.schedule(session=s, season_id=sid)
        if not games:
            continue
        counted = fa.days_active(here - farm, [m for m in moves if m[1] in here],
                                 games[0].day, games[-1].day)
        for pid in sorted(here):
            if pid not in days:
                if pid in school:
                    days[pid], entry[pid] = [], school[pid]
                else:
                    age = age_in(born[pid], info.year)
                    first = fa.initial_service(league, pid, age if age is not None else 27,
                                               pid not in farm)
                    days[pid], entry[pid] = list(first.days), first.entry
            if info.number in declared.get(pid, ()):
                used[pid] = len(days[pid])
            days[pid].append(counted.get(pid, 0))
    for pid, when in declared.items():        # declared in the off-season after `upto`
        if upto + 1 in when and pid in days:
            used[pid] = len(days[pid])
    return {pid: fa.Service(entry[pid], tuple(d), used.get(pid)) for pid, d in days.items()}


def player_service(s: Any, league_id: int, league: str, pid: str, info: Any
                   ) -> dict[str, Any] | None:
    """A player's service (§4) as his page shows it: seasons and days over, his entry route,
    the seasons since he last used FA, and the right it gives (None: none yet; a foreign
    player is not in the market) — counted over the closed seasons up to `info`'s."""
    upto = info.number if info.closed else info.number - 1
    svc = service_of(s, league_id, league, upto, {pid}).get(pid)
    if svc is None:
        return None
    seasons, days = svc.total
    return {"seasons": seasons, "days": days, "entry": svc.entry or None,
            "since_use": None if svc.used is None else fa.seasons(svc.days[svc.used:])[0],
            "right": fa.right(svc)}


def _gone(data: dict[str, Any]) -> list[Departure] | None:
    raw = data.get("departures")
    return None if raw is None else [Departure(**d) for d in raw]


def _prospects(data: dict[str, Any]) -> list[dr.Prospect] | None:
    raw = data.get("class")
    return None if raw is None else [dr.Prospect(**p) for p in raw]


def _run_retire(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]) -> bool:
    if data.get("departures") is None:
        data["departures"] = [dataclasses.asdict(d) for d in
                              renewal.leaving(inp.league, inp.year, inp.cards, inp.usage)]
    return True


def _setup(inp: _Inputs, data: dict[str, Any]) -> renewal.DraftSetup | None:
    gone = _gone(data) or []
    if not inp.held or not gone:
        return None
    return renewal.draft_setup(inp.league, inp.year, inp.cards, gone, inp.standings, inp.teams,
                               priority=inp.priority, roster_size=inp.roster_size,
                               prospects=_prospects(data), amateurs=inp.amateurs)


def _run_draft(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]) -> bool:
    setup = _setup(inp, data)
    if setup is None:
        data["class"] = []
        return True
    if data.get("class") is None:
        data["class"] = [dataclasses.asdict(p) for p in setup.prospects]
    state = dr.advance(inp.league, inp.year, setup.prospects, setup.clubs, setup.order,
                       inp.max_picks, entries, people=data.get("people") or (),
                       ikusei=inp.ikusei)
    # whose turn it is (the entry each waits for) and who is taken: what a shared league's
    # database checks a manager's pick against (storage.sharing's impact_draft_check)
    data["turns"] = {t: len(entries.get(t, [])) for t in state.waiting}
    data["taken"] = [p.prospect for p in state.picks]
    return state.over


def _market(data: dict[str, Any]) -> fa.Market | None:
    raw = data.get("fa")
    if raw is None:
        return None
    return fa.Market(tuple((p, r) for p, r in raw["eligible"]),
                     tuple(fa.Declared(**dict(d, offers=tuple(fa.Offer(**o) for o in d["offers"])))
                           for d in raw["declared"]),
                     tuple(fa.Compensation(**c) for c in raw["compensation"]))


def _fa_base(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]
             ) -> tuple[list[renewal.Cards], list[renewal.Drafted]]:
    """The players under contract as free agency finds them: those who stay after the
    retirements, and the draft's picks as the draft made them."""
    gone = {d.player for d in _gone(data) or []}
    staying = [c for c in inp.cards if c[0] not in gone]
    drafted: list[renewal.Drafted] = []
    setup = _setup(inp, data)
    if setup is not None:
        picks = dr.run_draft(inp.league, inp.year, setup.prospects, setup.clubs, setup.order,
                             inp.max_picks, entries, ikusei=inp.ikusei)
        no = dr.refusals(inp.league, inp.year, picks, inp.refusal)      # 入団拒否: not signed
        drafted = renewal.signed(inp.cards, setup.prospects,
                                 [p for p in picks if p.prospect not in no], set(inp.known))
    return staying, drafted


def _fa_done(inp: _Inputs) -> set[str]:
    """The clubs whose person said they make no more offers."""
    return {t for t, rows in inp.fa_offers.items() if any(p is None for p, _r, _y in rows)}


def _chosen(inp: _Inputs, people: Sequence[str]) -> dict[str, dict[str, fa.Offer]]:
    """The offers each club of `people` made: club -> player -> offer."""
    return {t: {p: fa.Offer(t, r, y) for p, r, y in inp.fa_offers.get(t, []) if p is not None}
            for t in people}


def _agent_of(raw: dict[str, Any]) -> fa.Agent:
    return fa.Agent(raw["player"], raw["team"], int(raw["age"]), raw["kind"],
                    float(raw["value"]), raw["right"],
                    tuple((t, tuple(r)) for t, r in sorted(raw["roles"].items())),
                    tuple((r, int(y)) for r, y in raw["years"].items()))


def _resolve_fa(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]],
                people: Sequence[str]) -> fa.Market:
    """The market (§4) with the offers the clubs of `people` made (the rest the computer's)."""
    staying, drafted = _fa_base(inp, data, entries)
    assert inp.service is not None
    return renewal.free_agency(inp.league, inp.year, staying, drafted, inp.service(),
                               inp.standings, inp.teams, inp.roster_size, inp.compensation,
                               people, _chosen(inp, people))


def _run_fa(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]) -> bool:
    """§4: the market over the players under contract after the retirements and the draft
    (its picks as the draft made them), stored for the renewal. With clubs a person offers for
    (`fa_people`, named when free agency opens; the draft's by default) it opens first: the
    year's declared free agents listed (`fa_open`, with what each of those clubs may promise
    and each player's service) and the market waits until each of them has made its offers
    (`fa_waiting`: what a shared league's database checks a manager's offer against)."""
    if data.get("fa") is not None:
        return True
    people = data.get("fa_people")
    if people is None:
        people = data["fa_people"] = sorted(set(data.get("people") or []))
    if people:
        if data.get("fa_open") is None:
            staying, drafted = _fa_base(inp, data, entries)
            assert inp.service is not None
            service = inp.service()
            men, sizes = renewal.fa_men(inp.year, staying, drafted, service, inp.teams)
            data["fa_open"] = [
                {"player": a.player, "team": a.team, "age": a.age, "kind": a.kind,
                 "value": round(a.value, 3), "right": a.right,
                 "seasons": service[a.player].total[0] if a.player in service else 0,
                 "days": service[a.player].total[1] if a.player in service else 0,
                 "roles": {t: list(r) for t, r in a.roles}, "years": dict(a.years)}
                for a in fa.agents(inp.league, inp.year, men, inp.teams, people, sizes,
                                   inp.roster_size)]
        done = _fa_done(inp)
        data["fa_waiting"] = [t for t in people if t not in done] if data["fa_open"] else []
        if data["fa_waiting"]:
            return False
    data["fa"] = dataclasses.asdict(_resolve_fa(inp, data, entries, people))
    data["fa_waiting"] = []
    return True


def _trades(data: dict[str, Any]) -> list[tr.Trade] | None:
    raw = data.get("trades")
    return None if raw is None else [tr.Trade(t["team"], t["other"], tuple(t["gives"]),
                                              tuple(t["gets"])) for t in raw]


def _run_trades(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]
                ) -> bool:
    """§6: the computer's clubs trade among themselves (none with a club a person drafts for),
    on the rosters the departures left; stored, so the renewal makes these."""
    if data.get("trades") is None:
        left = {d.player for d in _gone(data) or []}
        staying = [c for c in inp.cards if c[0] not in left]
        market = _market(data)
        if market is not None:        # free agency's moves first (§7's order)
            staying = renewal.apply_market(inp.year, staying, market)[0]
        plan = renewal.trade_plan(inp.league, inp.year, staying, data.get("people") or (),
                                  tr.Limits(inp.roster_size, inp.active_size,
                                            inp.foreign_active, inp.foreign_side))
        data["trades"] = [dataclasses.asdict(t) for t in plan]
    return True


def _active(data: dict[str, Any]) -> ad.ActiveDraft | None:
    raw = data.get("active_draft")
    return None if raw is None else ad.ActiveDraft.of(raw)


def _run_active_draft(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]
                      ) -> bool:
    """§6: the 現役ドラフト — each club lists two men it can spare and takes one from another
    club's list (league.offseason.active_draft), on the rosters after free agency and the
    trades; stored, so the renewal makes these."""
    if data.get("active_draft") is None and not inp.active_draft:
        data["active_draft"] = ad.ActiveDraft((), ()).as_dict()     # [draft] active is off
    if data.get("active_draft") is None:
        left = {d.player for d in _gone(data) or []}
        staying = [c for c in inp.cards if c[0] not in left]
        market = _market(data)
        joined: list[str] = []
        if market is not None:        # free agency's moves first (§7's order)
            staying, _abroad, moved = renewal.apply_market(inp.year, staying, market)
            joined += [d.player for d in moved]
        limits = tr.Limits(inp.roster_size, inp.active_size, inp.foreign_active,
                           inp.foreign_side)
        trades = _trades(data)
        if trades is None:
            trades = renewal.trade_plan(inp.league, inp.year, staying,
                                        data.get("people") or (), limits)
        staying, made = renewal._traded(inp.league, inp.year, staying, trades, limits)
        joined += [pid for t in made for pid, *_ in t.moves()]
        plan = renewal.active_plan(inp.league, inp.year, staying, inp.standings, inp.teams,
                                   inp.priority, joined)
        data["active_draft"] = plan.as_dict()
    return True


def _after_market(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]
                  ) -> tuple[list[renewal.Cards], list[renewal.Drafted]]:
    """The players under contract after the retirements, the draft, free agency, the trades and
    the 現役ドラフト as the steps stored them (what foreign signings, §5, start from)."""
    staying, drafted = _fa_base(inp, data, entries)
    market = _market(data)
    if market is not None:
        staying = renewal.apply_market(inp.year, staying, market)[0]
    limits = tr.Limits(inp.roster_size, inp.active_size, inp.foreign_active, inp.foreign_side)
    staying = renewal._traded(inp.league, inp.year, staying, _trades(data) or [], limits)[0]
    active = _active(data)
    if active is not None:
        staying = renewal._active_moved(inp.league, inp.year, staying, active)[0]
    return staying, drafted


def _signing_of(raw: dict[str, Any]) -> fr.Signing:
    return fr.Signing(raw["player"], raw["team"], raw["name"], raw["name_en"], int(raw["age"]),
                      raw.get("batting"), raw.get("pitching"))


def _departure_of(raw: dict[str, Any]) -> Departure:
    return Departure(**raw)


def _run_foreign(inp: _Inputs, data: dict[str, Any], entries: dict[str, list[str | None]]
                 ) -> bool:
    """§5: the foreign players released and signed (league.offseason.foreign), on the rosters
    after the market's steps; stored, so the renewal makes these. The clubs a person decides
    for (free agency's, else the draft's) wait: each his pool to sign from (the computer's
    proposals and more, league.offseason.foreign.pool) and his foreign players to release, the
    computer's choice for the others."""
    if data.get("foreign") is not None:
        f = data["foreign"]
        choice = _choices(inp)
        f["waiting"] = [t for t in f.get("people", []) if not choice[t]["done"]]
        return not f["waiting"]
    staying, drafted = _after_market(inp, data, entries)
    used = set(inp.known) | {pid for pid, *_ in inp.cards}
    let_go, signed = renewal.foreign_market(inp.league, inp.year, staying, inp.usage, drafted,
                                            inp.teams, inp.roster_size, used,
                                            inp.foreign_active, inp.foreign_side)
    people = data.get("foreign_people")
    if people is None:
        people = sorted(set(data.get("fa_people") or data.get("people") or []))
    farms = {team for _pid, team, b, p in staying if renewal._farm(b, p)}
    people = [t for t in people if t in farms]       # a club with no farm signs none (as now)
    ids = used | {d.player for d in drafted} | {x.player for x in signed}
    names = {str((b or p or {}).get("name", "")) for _pid, _t, b, p in staying}
    names |= {d.prospect.name for d in drafted} | {x.name for x in signed}
    templates = [(b, p) for _pid, _t, b, p in staying if not renewal._farm(b, p)]

    def new_id(team: str) -> str:
        pid = renewal._new_id(team, ids)
        ids.add(pid)
        return pid

    pools = {t: [dataclasses.asdict(x) for x in fr.pool(inp.league, inp.year, t, signed,
                                                        templates, names, new_id)]
             for t in people}
    out = {d.player for d in let_go}
    mine = {t: [{"player": pid, "age": people_age(b, p, inp.year), "pitcher": p is not None,
                 "pa": inp.usage.get(pid, (0, 0))[0], "bf": inp.usage.get(pid, (0, 0))[1],
                 "farm": renewal._farm(b, p), "computer_releases": pid in out}
                for pid, team, b, p in sorted(staying) if team == t and renewal._foreign(b, p)]
            for t in people}
    data["foreign"] = {"released": [dataclasses.asdict(d) for d in let_go],
                       "signed": [dataclasses.asdict(x) for x in signed],
                       "people": people, "pool": pools, "players": mine,
                       "room": {t: inp.roster_size - sum(1 for _p, team, b, p in staying
                                                         if team == t and not renewal.ikusei(b, p))
                                - sum(1 for d in drafted if d.team == t
                                      and not renewal.ikusei(d.batting, d.pitching))
                                for t in people},
                       "active": {t: [sum(1 for _p, team, b, p in staying if team == t
                                          and renewal._foreign(b, p) and not renewal._farm(b, p)
                                          and (p is not None) == arm) for arm in (True, False)]
                                  for t in people},
                       "waiting": people}
    return not people


def _choices(inp: _Inputs) -> dict[str, dict[str, Any]]:
    """Each club's choice at the foreign step as its person made it: the men signed, the men
    released (in his order), whether it is done."""
    out: dict[str, dict[str, Any]] = {}
    for t in inp.teams:
        rows = inp.foreign_choices.get(t, [])
        out[t] = {"sign": [p for p, a in rows if p is not None and a == "sign"],
                  "release": [p for p, a in rows if p is not None and a == "release"],
                  "done": any(p is None for p, _a in rows)}
    return out


def people_age(b: dict[str, Any] | None, p: dict[str, Any] | None, year: int) -> int:
    """A player's age in the season of `year` from his cards (0 when they give no birth date)."""
    born = (b or {}).get("born") or (p or {}).get("born") or ""
    return age_in(born, year) or 0 if born else 0


def _foreign_decided(inp: _Inputs, data: dict[str, Any]
                     ) -> tuple[list[Departure], list[fr.Signing]] | None:
    """The foreign players released and signed as the step stored them: the computer's for
    its clubs (and a person's club that is not done), a person's choice for his."""
    f = data.get("foreign")
    if f is None:
        return None
    choice = _choices(inp)
    done = {t for t in f.get("people", []) if choice[t]["done"]}
    released = [_departure_of(d) for d in f["released"] if d["team"] not in done]
    signed = [_signing_of(x) for x in f["signed"] if x["team"] not in done]
    for t in sorted(done):
        c = choice[t]
        ages = {m["player"]: int(m["age"]) for m in f["players"][t]}
        for pid in c.get("release", []):
            released.append(Departure(pid, t, ages.get(pid, 0), renewal.RELEASE,
                                      renewal.FOREIGN_RELEASE))
        pool = {x["player"]: _signing_of(x) for x in f["pool"][t]}
        act_p, act_b = f["active"][t]
        for m in f["players"][t]:        # a man he released leaves his place on the roster
            if m["player"] in c.get("release", []) and not m["farm"]:
                act_p, act_b = act_p - bool(m["pitcher"]), act_b - (not m["pitcher"])
        signed += fr.seated([pool[pid] for pid in c.get("sign", [])], act_p, act_b,
                            inp.foreign_active, inp.foreign_side)
    return released, signed


STEPS: tuple[Step, ...] = (
    Step("retire", "§2", _run_retire),
    Step("draft", "§3", _run_draft),
    Step("fa", "§4", _run_fa),
    Step("trades", "§6", _run_trades),
    Step("active_draft", "§6", _run_active_draft),
    Step("foreign", "§5", _run_foreign),
    Step("renew", "§1, §7", None),      # growth and decline, rosters, the new season
)


def _step_index(key: str) -> int:
    for i, st in enumerate(STEPS):
        if st.key == key:
            return i
    return -1


def renew(s: Any, league_id: int, league: str, year: int, prev_id: int) -> Renewal:
    """The off-season's steps (league.offseason.renewal) on the league's own cards, before the
    season of `year` copies them, after the closed season `prev_id` (same session as the
    season's making; the caller commits). What steps taken one at a time decided and stored
    (`impact offseason retire`, `draft`, `pick`) is used; the rest is decided here the same way
    (a person's club whose pick is not named gets the computer's). `record` keeps them in the
    news once the new season has its id."""
    inp = _inputs(s, league_id, league, year, prev_id)
    stored = ost.get(session=s, league_id=league_id, year=year)
    data = stored.data if stored is not None else {}
    market = _market(data)
    if market is None and data.get("fa_open") is not None:
        # free agency opened and not over: the offers of the clubs whose person made them all
        # stand, the computer offers for the rest (as a draft pick not named is the computer's)
        market = _resolve_fa(inp, data, stored.entries if stored is not None else {},
                             [t for t in data.get("fa_people") or [] if t in _fa_done(inp)])
    done = renewal.renew(inp.league, year, inp.cards, inp.usage, inp.standings, inp.teams,
                         priority=inp.priority, roster_size=inp.roster_size,
                         max_picks=inp.max_picks, draft=inp.held, known=inp.known,
                         active_size=inp.active_size, gone=_gone(data),
                         prospects=_prospects(data) or None, ikusei=inp.ikusei,
                         foreign_active=inp.foreign_active, foreign_side=inp.foreign_side,
                         chosen=stored.entries if stored is not None else None,
                         service=inp.service() if inp.service is not None else None,
                         compensation=inp.compensation, market=market,
                         trades=_trades(data), people=data.get("people") or (),
                         active=_active(data), active_draft=inp.active_draft,
                         foreign=_foreign_decided(inp, data), refusal=inp.refusal,
                         amateurs=inp.amateurs, ikusei_years=inp.ikusei_years,
                         ikusei_since=(inp.ikusei_since() if inp.ikusei_since is not None
                                       and inp.ikusei_years else None))
    ost.clear(session=s, league_id=league_id, year=year)
    # 入団拒否 (§3): those who came back into this class kept no longer, this year's refusals kept
    # until the class they come back in
    ost.keep_amateurs(session=s, league_id=league_id, entered=list(done.entered),
                      back=[(y, dataclasses.asdict(p)) for y, p in done.amateurs])
    # in §7's order: free agency, the trades, then who left (a man traded may leave after)
    fa_moves = _fa_moves(done)
    if fa_moves:
        hs.apply_moves(session=s, league_id=league_id, season_id=None, moves=fa_moves)
    traded = [m for t in done.traded for m in t.moves()]
    if traded:          # the computer's trades (§6): the cards' teams, their cells below
        hs.apply_moves(session=s, league_id=league_id, season_id=None, moves=traded)
        repo.set_base_cells(session=s, league_id=league_id,
                            cells={pid: done.cards[pid][1:] for pid, _a, _b in traded
                                   if pid in done.cards})
    taken = done.active.moves() if done.active is not None else []
    taken = [m for m in taken if m[0] in done.cards and done.cards[m[0]][0] == m[2]]
    if taken:           # the 現役ドラフト (§6): the cards' teams, their cells below
        hs.apply_moves(session=s, league_id=league_id, season_id=None, moves=taken)
        repo.set_base_cells(session=s, league_id=league_id,
                            cells={pid: done.cards[pid][1:] for pid, _a, _b in taken})
    gone = [(d.player, d.team, "") for d in done.departures]
    if gone:
        hs.apply_moves(session=s, league_id=league_id, season_id=None, moves=gone)
    if done.drafted:
        repo.add_base_players(session=s, league_id=league_id, rows=[
            (d.player, d.prospect.name, d.team, d.batting, d.pitching) for d in done.drafted])
    if done.signed:
        repo.add_base_players(session=s, league_id=league_id, rows=[
            (f.player, f.name, f.team, f.batting, f.pitching) for f in done.signed])
    moved = ({a.player for a in done.aged} | {pid for pid, _ in done.called_up}
             | {pid for pid, _ in done.promoted})
    repo.set_base_cells(session=s, league_id=league_id,
                        cells={pid: done.cards[pid][1:] for pid in moved})
    # the rosters as a league file must have them (read leniently, mended from the farm)
    own = repo.stored_texts(session=s, league_id=league_id).parse(active=False)
    fixes = renewal.mend(own)
    if fixes:
        cells = {pid: done.cards[pid][1:] for pid, _t, _r in fixes}
        for pid, _team, roster in fixes:
            b, p = cells[pid]
            cells[pid] = tuple(dict(x, roster=roster) if x is not None else None
                               for x in (b, p))  # type: ignore[assignment]
        repo.set_base_cells(session=s, league_id=league_id, cells=cells)
        up = [(pid, t) for pid, t, r in fixes if r == "active"]
        down = {pid for pid, _t, r in fixes if r == "farm"}
        done = dataclasses.replace(done, called_up=tuple(
            [c for c in done.called_up if c[0] not in down] + up))
    return done


def _fa_moves(done: Renewal) -> list[tuple[str, str, str]]:
    """The moves of free agency between clubs: (player, from, to)."""
    if done.market is None:
        return []
    return ([(d.player, d.team, d.signed) for d in done.market.declared
             if not d.abroad and d.signed != d.team]
            + [(c.player, c.signing, c.team) for c in done.market.compensation])


def record(s: Any, league_id: int, season_id: int, done: Renewal) -> None:
    """The renewal as the news of the season it was made for, in §7's order: each retirement
    (引退) and release (戦力外), each pick of the draft, each team's changes (変化: its players the
    moves, the changes a JSON note), each call-up that filled an active roster again."""
    for d in done.departures:
        if d.reason == renewal.FA_ABROAD:
            continue                # in free agency's news below
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind=hs.RETIRE if d.kind == RETIRE else "release",
                           moves=[(d.player, d.team, "")],
                           note=json.dumps({"age": d.age, "reason": d.reason, "offseason": True},
                                           separators=(",", ":")))
    for x in done.drafted:
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind=hs.DRAFT, moves=[(x.player, "", x.team)],
                           note=json.dumps({"round": x.pick.round, "pick": x.pick.number,
                                            "school": x.prospect.school, "age": x.prospect.age,
                                            "lottery": list(x.pick.lottery),
                                            "hazure": x.pick.hazure,
                                            **({"ikusei": True} if x.pick.ikusei else {}),
                                            # a man who refused a club before (入団拒否)
                                            **({"refused_year": x.prospect.refused_year,
                                                "refused_team": x.prospect.refused_team}
                                               if x.prospect.refused_year else {})},
                                           ensure_ascii=False, separators=(",", ":")))
    back = {p.key: (y, p.school) for y, p in done.amateurs}
    for pk, pr in done.refused:    # 入団拒否 (§3): the man joins no club, named in the note
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind=hs.DRAFT, moves=[("", "", pk.team)],
                           note=json.dumps({"round": pk.round, "pick": pk.number,
                                            "school": pr.school, "age": pr.age,
                                            "lottery": list(pk.lottery), "hazure": pk.hazure,
                                            "refused": True, "name": pr.name,
                                            "name_en": pr.name_en,
                                            # the class he comes back in, as what
                                            "returns": back.get(pr.key, (0, ""))[0],
                                            "returns_as": back.get(pr.key, (0, ""))[1]},
                                           ensure_ascii=False, separators=(",", ":")))
    for pid, team in done.promoted:    # 育成 → 支配下 (§3)
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="sign", moves=[(pid, team, team)],
                           note=json.dumps({"offseason": True, "shihaika": True},
                                           separators=(",", ":")))
    for pid, team in done.resigned:    # a 育成 contract at its limit, signed again (§3)
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="sign", moves=[(pid, team, team)],
                           note=json.dumps({"offseason": True, "ikusei_resigned": True},
                                           separators=(",", ":")))
    if done.market is not None:    # free agency (§4): each declared player, then compensation
        for dec in done.market.declared:
            note = {"fa": dec.right, "declared": True, "age": dec.age, "role": dec.role,
                    "years": dec.years, "offers": [dataclasses.asdict(o) for o in dec.offers],
                    "offseason": True}
            if dec.abroad:
                note.update(reason=renewal.FA_ABROAD)
            hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                               kind="release" if dec.abroad else "sign",
                               moves=[(dec.player, dec.team, dec.signed)],
                               note=json.dumps(note, ensure_ascii=False, separators=(",", ":")))
        for c in done.market.compensation:
            hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                               kind="sign", moves=[(c.player, c.signing, c.team)],
                               note=json.dumps({"fa": "compensation", "for": c.lost,
                                                "offseason": True}, separators=(",", ":")))
    for t in done.traded:          # the computer's trades (§6)
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="trade", moves=t.moves(),
                           note=json.dumps({"offseason": True, "computer": True},
                                           separators=(",", ":")))
    for pid, src, dst in (done.active.moves() if done.active is not None else []):
        if done.cards.get(pid, ("",))[0] != dst:
            continue                # a man who left after (not taken after all)
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="move", moves=[(pid, src, dst)],
                           note=json.dumps({"offseason": True, "active_draft": True},
                                           separators=(",", ":")))
    for f in done.signed:          # foreign players signed (外国人, §5)
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="sign", moves=[(f.player, "", f.team)],
                           note=json.dumps({"age": f.age, "foreign": True, "offseason": True,
                                            "roster": (f.batting or f.pitching or {}).get(
                                                "roster", "farm")},
                                           separators=(",", ":")))
    by_team: dict[str, list[Aged]] = {}
    for a in done.aged:
        by_team.setdefault(a.team, []).append(a)
    for team, rows in by_team.items():
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind=hs.CHANGE, moves=[(a.player, team, team) for a in rows],
                           note=json.dumps({a.player: a.change.as_dict() for a in rows},
                                           ensure_ascii=False, separators=(",", ":")))
    for pid, team, pos in done.converted:   # a club's last man at a position gone: コンバート
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="move", moves=[(pid, team, team)],
                           note=json.dumps({"offseason": True, "convert": pos},
                                           separators=(",", ":")))
    for pid, team in done.called_up:
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="up", moves=[(pid, team, team)],
                           note=json.dumps({"offseason": True, "fill": True},
                                           separators=(",", ":")))


def offseason(db: Db, league: str | None = None, season: int | None = None) -> OffseasonView:
    """What the renewal that made season `season` (the latest by default) did: each player's
    change (変化), biggest first."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        names = repo.player_names(session=s, league_id=row.id)
        news = [t for t in hs.transactions(session=s, league_id=row.id)
                if t.season == info.number and t.day is None]
        items = [t for t in news if t.kind == hs.CHANGE]
        left = [t for t in reversed(news) if t.kind in (hs.RETIRE, "release")
                and (t.note or "").startswith("{") and fa_note(t) is None]
        careers: dict[str, tuple[int, dict[str, int]]] = {}
        if left:
            ids = [i for i in repo.season_ids(session=s, league_id=row.id) if i != info.id]
            careers = _careers(s, ids, {t.moves[0][0] for t in left})
        drafts = [t for t in reversed(news) if t.kind == hs.DRAFT]
        ups = [t for t in reversed(news) if t.kind == "up"]
        signs = [t for t in reversed(news) if t.kind == "sign" and '"foreign"' in (t.note or "")]
        raised = [t for t in reversed(news) if t.kind == "sign" and '"shihaika"' in (t.note or "")]
        again = [t for t in reversed(news) if t.kind == "sign"
                 and '"ikusei_resigned"' in (t.note or "")]
        market = _market_of_news([t for t in reversed(news)])
        # the renewal's own trades (a person's in the off-season are the closed season's)
        deals = [t for t in reversed(news) if t.kind == "trade"
                 and '"computer":true' in (t.note or "")]
        taken = [t for t in reversed(news) if t.kind == "move"
                 and '"active_draft":true' in (t.note or "")]
    departures = [_departure(t, names, careers) for t in left]
    picks = []
    for t in drafts:
        pid, _src, team = t.moves[0]
        d = hs.note_data(t.note)
        picks.append(PickView(int(d.get("round", 0)), int(d.get("pick", 0)), team, pid,
                              str(d.get("name", "")) if d.get("refused") else names.get(pid, pid),
                              str(d.get("school", "")), int(d.get("age", 0)),
                              tuple(d.get("lottery") or ()), bool(d.get("hazure")),
                              bool(d.get("ikusei")), bool(d.get("refused")),
                              int(d.get("returns") or 0), str(d.get("returns_as") or ""),
                              int(d.get("refused_year") or 0) if not d.get("refused") else 0,
                              str(d.get("refused_team") or "") if not d.get("refused") else ""))
    picks.sort(key=lambda p: p.number)
    called = tuple((t.moves[0][0], names.get(t.moves[0][0], t.moves[0][0]), t.moves[0][1])
                   for t in ups)
    changes = []
    for t in items:
        data = hs.note_data(t.note)
        for pid, team, _ in t.moves:
            d = data.get(pid) or {}
            changes.append(ChangeView(pid, names.get(pid, pid), team, int(d.get("age", 0)),
                                      d.get("mark") or "", dict(d.get("changes") or {}),
                                      float(d.get("value", 0.0))))
    changes.sort(key=lambda c: (-abs(c.value), c.player))
    signed = tuple((t.moves[0][0], names.get(t.moves[0][0], t.moves[0][0]), t.moves[0][2],
                    int(hs.note_data(t.note).get("age", 0))) for t in signs)
    trades = tuple(tuple((pid, names.get(pid, pid), a, b) for pid, a, b in t.moves)
                   for t in deals)
    active = tuple((pid, names.get(pid, pid), a, b) for t in taken for pid, a, b in t.moves)
    promoted = tuple((t.moves[0][0], names.get(t.moves[0][0], t.moves[0][0]), t.moves[0][2])
                     for t in raised)
    resigned = tuple((t.moves[0][0], names.get(t.moves[0][0], t.moves[0][0]), t.moves[0][2])
                     for t in again)
    return OffseasonView(info.number, info.year, tuple(changes), tuple(departures), tuple(picks),
                         called, signed, _fa_views(market, names), trades, active, promoted,
                         resigned)


def _market_of_news(news: Sequence[Any]) -> fa.Market:
    """Free agency as an off-season's news keeps it (oldest first)."""
    declared, comp = [], []
    for t in news:
        n = fa_note(t)
        if n is None or not t.moves:
            continue
        pid, src, dst = t.moves[0]
        if n["fa"] == "compensation":
            comp.append(fa.Compensation(dst, src, pid, str(n.get("for", ""))))
        else:
            declared.append(fa.Declared(pid, src, int(n.get("age", 0)), str(n["fa"]),
                                        tuple(fa.Offer(**o) for o in n.get("offers") or ()),
                                        dst, str(n.get("role", "")), int(n.get("years", 0)),
                                        n.get("reason") == renewal.FA_ABROAD))
    return fa.Market((), tuple(declared), tuple(comp))


def _careers(s: Any, season_ids: list[int], who: set[str]
             ) -> dict[str, tuple[int, dict[str, int]]]:
    """The career totals of the players `who` over the seasons `season_ids`: (seasons he
    played in, plate appearances, hits, home runs; outs, wins, losses, saves)."""
    careers: dict[str, tuple[set[int], dict[str, int]]] = {}
    for tot in hs.season_totals(session=s, season_ids=season_ids):
        if tot.player not in who:
            continue
        played, c = careers.setdefault(tot.player, (set(), {
            "pa": 0, "h": 0, "hr": 0, "outs": 0, "wins": 0, "losses": 0, "saves": 0}))
        played.add(tot.season_id)
        if tot.batting:
            c["pa"] += tot.batting.pa
            c["h"] += tot.batting.h
            c["hr"] += tot.batting.hr
        if tot.pitching:
            c["outs"] += tot.pitching.outs
            c["wins"] += tot.pitching.wins
            c["losses"] += tot.pitching.losses
            c["saves"] += tot.pitching.saves
    return {pid: (len(played), c) for pid, (played, c) in careers.items()}


def _departure(t: Any, names: dict[str, str],
               careers: dict[str, tuple[int, dict[str, int]]]) -> DepartureView:
    pid, team, _ = t.moves[0]
    d = hs.note_data(t.note)
    seasons, c = careers.get(pid, (0, {}))
    return DepartureView(pid, names.get(pid, pid), team, int(d.get("age", 0)), t.kind,
                         str(d.get("reason", "")), seasons, dict(c))


def retirements(s: Any, league_id: int) -> dict[int, list[DepartureView]]:
    """Each season's retirements (引退): the players who retired in the off-season after it,
    with their career totals, by the number of the season they last played — History's list
    of the year's retirements."""
    retired = [t for t in hs.transactions(session=s, league_id=league_id)
               if t.kind == hs.RETIRE and t.day is None and t.season is not None
               and (t.note or "").startswith("{") and t.moves]
    if not retired:
        return {}
    names = repo.player_names(session=s, league_id=league_id)
    careers = _careers(s, repo.season_ids(session=s, league_id=league_id),
                       {t.moves[0][0] for t in retired})
    out: dict[int, list[DepartureView]] = {}
    for t in sorted(retired, key=lambda t: (t.season or 0, t.moves[0][0])):
        out.setdefault((t.season or 0) - 1, []).append(_departure(t, names, careers))
    for rows in out.values():
        rows.sort(key=lambda d: (-(d.career.get("pa", 0) + d.career.get("outs", 0)), d.player))
    return out


def player_changes(s: Any, league_id: int, pid: str) -> list[tuple[int, int, dict[str, Any]]]:
    """(season number, year, change) of one player's every off-season, oldest first."""
    out = []
    years = {i.number: i.year for i in _seasons(s, league_id)}
    for t in hs.transactions(session=s, league_id=league_id):
        if t.kind != hs.CHANGE or not any(m[0] == pid for m in t.moves):
            continue
        d = hs.note_data(t.note).get(pid)
        if d is not None and t.season is not None:
            out.append((t.season, years.get(t.season, 0), d))
    return sorted(out, key=lambda x: x[0])


def player_origin(s: Any, league_id: int, pid: str) -> dict[str, Any] | None:
    """How a player joined: the draft that brought him (its year: the autumn before the season
    he joined for, as NPB names its drafts; round, pick, school), None for a player of the
    league's own files."""
    for t in hs.transactions(session=s, league_id=league_id):
        if t.kind == hs.DRAFT and t.moves and t.moves[0][0] == pid:
            d = hs.note_data(t.note)
            year = next((i.year - 1 for i in _seasons(s, league_id) if i.number == t.season),
                        None)
            return {"year": year, "season": t.season, "round": d.get("round"),
                    "pick": d.get("pick"), "school": d.get("school"), "team": t.moves[0][2]}
    return None


def player_left(s: Any, league_id: int, pid: str) -> dict[str, Any] | None:
    """How and when a player left the league's rosters, None while he is on one: his last
    move to no team (引退 a retirement, a release: 自由契約 by a person or 戦力外 in the
    renewal, an overseas free agent gone abroad, a 育成 contract at its limit, a foreign player
    let go) as {how: retired | released | abroad, reason, team, season, year, day, offseason}.
    `season` is the season whose news holds it: the renewal's departures are the news of the
    season it made (day None, offseason True), a person's release has its day."""
    return departures_now(s, league_id, pid).get(pid)


def departures_now(s: Any, league_id: int, only: str | None = None
                   ) -> dict[str, dict[str, Any]]:
    """Every man on no roster now who left one (player_left), by id; `only`: his alone."""
    teams = hs.player_teams(session=s, league_id=league_id, season_id=None)
    try:
        latest: int | None = repo.find_season(session=s, league_id=league_id).id
    except repo.NotFound:
        latest = None
    if latest is not None:      # the latest season's cards, else the league's own
        teams.update(hs.player_teams(session=s, league_id=league_id, season_id=latest))
    out: dict[str, dict[str, Any]] = {}
    if only is not None and teams.get(only, hs.FREE_AGENT) != hs.FREE_AGENT:
        return out              # on a roster now (every page of a current man asks): no news read
    years: dict[int, int] | None = None
    for t in hs.transactions(session=s, league_id=league_id):     # newest first
        if t.kind not in (hs.RETIRE, "release") or not t.moves:
            continue
        for pid, src, dst in t.moves:
            if (dst != hs.FREE_AGENT or pid in out or (only is not None and pid != only)
                    or teams.get(pid, hs.FREE_AGENT) != hs.FREE_AGENT):
                continue
            if years is None:
                years = {i.number: i.year for i in _seasons(s, league_id)}
            d = hs.note_data(t.note)
            reason = str(d.get("reason") or "")
            how = ("retired" if t.kind == hs.RETIRE else
                   "abroad" if reason == renewal.FA_ABROAD else "released")
            out[pid] = {"how": how, "reason": reason, "team": src, "season": t.season,
                        "year": years.get(t.season or 0), "day": t.day.isoformat() if t.day
                        else None, "offseason": t.day is None}
    return out


def departed_players(db: Db, league: str | None = None) -> list[tuple[str, str, str, str]]:
    """The men who left the rosters, for finding their pages: (id, name, English name, how
    he left: retired | released | abroad), by id."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        gone = departures_now(s, row.id)
        names = repo.player_names(session=s, league_id=row.id)
        english: dict[str, str] = {}
        for pid, _team, bat, pit in repo.base_cells(session=s, league_id=row.id, released=True):
            if pid in gone:
                english[pid] = (bat or {}).get("name_en") or (pit or {}).get("name_en") or ""
    return [(pid, names.get(pid, pid), english.get(pid, ""), gone[pid]["how"])
            for pid in sorted(gone)]


@dataclass(frozen=True)
class RefuserView:
    """A man a club drafted who refused to sign (入団拒否, §3): no player of the league, so no
    player page — what the league knows of him (from the draft's news): his name, the club and
    the draft (before season `season`, of `year`, round and pick), and the class he may come
    back in (`returns`, as `returns_as`: 大学 / 社会人; 0 when not)."""

    key: str                    # "refused-<season>-<pick>": how the app lists him
    name: str
    name_en: str
    team: str
    season: int
    year: int
    round: int
    pick: int
    returns: int = 0
    returns_as: str = ""

    def text(self) -> str:
        """One line: who he is and why he has no page."""
        back = (f"; he may come back in the {self.returns} draft's class "
                f"({dr.SCHOOLS_EN.get(self.returns_as, self.returns_as)})" if self.returns else "")
        return (f"{self.name} refused to sign with {self.team} (入団拒否): round {self.round} "
                f"pick of the draft before season {self.season} ({self.year}); he is not a "
                f"player of the league and has no page{back}")

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def refusers(db: Db, league: str | None = None) -> list[RefuserView]:
    """Every man who refused to sign with the club that drafted him (入団拒否), in the order of
    the drafts (one line each in the draft's news)."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        return _refusers(s, row.id)


def _refusers(s: Any, league_id: int) -> list[RefuserView]:
    infos = [repo.season_info(session=s, season_id=sid)
             for sid in repo.season_ids(session=s, league_id=league_id)]
    years = {i.number: i.year for i in infos}
    out = []
    for t in reversed(hs.transactions(session=s, league_id=league_id)):
        if t.kind != hs.DRAFT:
            continue
        d = hs.note_data(t.note)
        if not d.get("refused"):
            continue
        n = t.season or 0
        out.append(RefuserView(f"refused-{n}-{int(d.get('pick', 0))}", str(d.get("name", "")),
                               str(d.get("name_en") or ""), t.moves[0][2] if t.moves else "",
                               n, years.get(n, 0), int(d.get("round", 0)),
                               int(d.get("pick", 0)), int(d.get("returns") or 0),
                               str(d.get("returns_as") or "")))
    return out


def refuser_named(s: Any, league_id: int, ref: str) -> RefuserView | None:
    """The man who refused to sign (入団拒否) whom `ref` names (his name, or the app's key); the
    latest draft's when he refused more than once; the player commands say who he is instead of
    "no player"."""
    key = ref.strip().replace(" ", "")
    if not key:
        return None
    found = [r for r in _refusers(s, league_id)
             if key in (r.key, r.name.replace(" ", ""), r.name_en.replace(" ", ""))]
    return found[-1] if found else None


LEFT_WORDS = {"retired": ("引退", "retired"), "released": ("自由契約", "released"),
              "abroad": ("海外移籍", "gone abroad")}


def left_text(left: dict[str, Any]) -> str:
    """How and when he left in one line: "retired (引退) from SAP in the off-season before
    season 2 (2027): his age", "released (自由契約) by KYO on 2026-04-02 (season 1)"."""
    ja, en = LEFT_WORDS.get(left["how"], (left["how"], left["how"]))
    if left["how"] == "released" and left["offseason"]:
        ja = "戦力外通告"      # the renewal's release (§2); a person's is 自由契約
    by = {"retired": "from", "abroad": "from"}.get(left["how"], "by")
    who = f" {by} {left['team']}" if left.get("team") else ""
    year = f" ({left['year']})" if left.get("year") else ""
    when = (f" in the off-season before season {left['season']}{year}" if left["offseason"]
            else f" on {left['day']} (season {left['season']})")
    why = REASON_WORDS.get(left.get("reason") or "", "")
    return f"{en} ({ja}){who}{when}" + (f": {why}" if why and left["how"] != "abroad" else "")


def left_refusal(kind: str, pid: str, left: dict[str, Any]) -> str:
    """The one line a command for the men on a roster (a roster move, a transaction) refuses
    a man who left with: "sign: KYO22 left: retired (引退) from KYO in the off-season …"."""
    return f"{kind}: {pid} left: {left_text(left)}"


# why the renewal let him go (league.offseason.retirement, renewal): the news note's reason
REASON_WORDS = {"age": "his age", "idle": "little used", "choice": "his choice",
                renewal.IKUSEI_EXPIRED: "育成 contract at its limit",
                renewal.FOREIGN_RELEASE: "a foreign player let go (§5)"}


def player_born(s: Any, league_id: int, pid: str) -> str:
    """A player's birth date as his own cards (or his latest) give it; "" for none."""
    for _pid, _team, bat, pit in repo.base_cells(session=s, league_id=league_id, player=pid,
                                                  released=True):
        return (bat or {}).get("born") or (pit or {}).get("born") or ""
    return ""


def _seasons(s: Any, league_id: int) -> list[repo.SeasonInfo]:
    return [repo.season_info(session=s, season_id=sid)
            for sid in repo.season_ids(session=s, league_id=league_id)]


# ---------------------------------------------------------------------- the steps one at a time

@dataclass(frozen=True)
class ProspectView:
    """An amateur of the draft's class: key (what a pick names), name, school, age, kind
    (C, IF, OF, SP, RP), the positions he lists, and his worth as the computer sees it."""

    key: str
    name: str
    name_en: str
    school: str
    age: int
    kind: str
    positions: str
    value: float
    # a man who refused a club's pick before (入団拒否, §3): the year of that draft and the club
    refused_year: int = 0
    refused_team: str = ""


@dataclass(frozen=True)
class AgentView:
    """A declared free agent (FA宣言, §4) while free agency waits for a person's offers: his
    right, service (seasons and days over), kind and worth as the computer sees it, the roles
    each club a person offers for may promise him (by its depth as the market opened), the
    most years an offer of each role may have, the offers made to him so far that the person
    may read (club, role, years: in a shared league a manager reads only his own club's, §4
    sealed offers) and `count`, how many offers he has from every club."""

    player: str
    name: str
    team: str
    age: int
    kind: str
    value: float
    right: str
    seasons: int
    days: int
    roles: tuple[tuple[str, tuple[str, ...]], ...]
    years: tuple[tuple[str, int], ...]
    offers: tuple[tuple[str, str, int], ...] = ()
    count: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "name": self.name, "team": self.team, "age": self.age,
                "kind": self.kind, "value": self.value, "right": self.right,
                "service": {"seasons": self.seasons, "days": self.days},
                "roles": {t: list(r) for t, r in self.roles}, "years": dict(self.years),
                "offers": [{"team": t, "role": r, "years": y} for t, r, y in self.offers],
                "offers_count": self.count}


@dataclass(frozen=True)
class ForeignMan:
    """A foreign player at the foreign step (§5): a candidate of a person's pool (`side`
    pitcher or batter, his worth as the computer sees it) or one of his club's foreign players
    (his plate appearances and batters faced last season, on the farm, whether the computer
    would release him); `chosen`: signed (a candidate) or released (his own) by the person."""

    player: str
    name: str
    team: str
    age: int
    side: str
    value: float = 0.0
    pa: int = 0
    bf: int = 0
    farm: bool = False
    computer: bool = False          # the computer proposes to sign him / would release him
    chosen: bool = False

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class ForeignView:
    """Foreign signings (§5) at their step: the clubs a person decides for and those it waits
    for, each such club's pool and own foreign players, its room under the roster size; and what
    is decided (the computer's for its clubs, a person's once done): signed, released."""

    people: tuple[str, ...]
    waiting: tuple[str, ...]
    pool: tuple[ForeignMan, ...]
    players: tuple[ForeignMan, ...]
    room: tuple[tuple[str, int], ...]
    signed: tuple[ForeignMan, ...]
    released: tuple[ForeignMan, ...]
    # `waiting` is as the commissioner's program last carried the step on; of those clubs, the
    # ones whose "done" this connection reads (a manager's own club once he is done) and the
    # ones whose choices it cannot read (a rival's, sealed: done or not, a manager cannot know)
    done: tuple[str, ...] = ()
    sealed: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"people": list(self.people), "waiting": list(self.waiting),
                "done": list(self.done), "sealed": list(self.sealed),
                "room": dict(self.room), "pool": [m.as_dict() for m in self.pool],
                "players": [m.as_dict() for m in self.players],
                "signed": [m.as_dict() for m in self.signed],
                "released": [m.as_dict() for m in self.released]}


def _foreign_view(inp: _Inputs | None, data: dict[str, Any], names: dict[str, str]
                  ) -> ForeignView | None:
    f = data.get("foreign")
    if f is None or inp is None:
        return None
    choice = _choices(inp)
    proposed = {x["player"] for x in f["signed"]}

    def man(x: dict[str, Any], chosen: bool) -> ForeignMan:
        b, p = x.get("batting"), x.get("pitching")
        return ForeignMan(x["player"], x["name"], x["team"], int(x["age"]),
                          "pitcher" if p is not None else "batter",
                          round(dr.card_value(b if p is None else None, p), 1),
                          computer=x["player"] in proposed, chosen=chosen)

    pool = tuple(man(x, x["player"] in (choice.get(t) or {}).get("sign", []))
                 for t in f.get("people", []) for x in f["pool"][t])
    players = tuple(ForeignMan(m["player"], names.get(m["player"], m["player"]), t,
                               int(m["age"]), "pitcher" if m["pitcher"] else "batter",
                               pa=int(m["pa"]), bf=int(m["bf"]), farm=bool(m["farm"]),
                               computer=bool(m["computer_releases"]),
                               chosen=m["player"] in (choice.get(t) or {}).get("release", []))
                    for t in f.get("people", []) for m in f["players"][t])
    decided = _foreign_decided(inp, data)
    assert decided is not None
    waiting = set(f.get("waiting") or ())      # a club still choosing: not decided yet
    signed = tuple(man(dataclasses.asdict(x), True) for x in decided[1] if x.team not in waiting)
    released = tuple(ForeignMan(d.player, names.get(d.player, d.player), d.team, d.age, "")
                     for d in decided[0] if d.team not in waiting)
    return ForeignView(tuple(f.get("people", [])), tuple(f.get("waiting", [])), pool, players,
                       tuple((t, int(r)) for t, r in (f.get("room") or {}).items()), signed,
                       released, tuple(t for t in f.get("waiting") or () if choice[t]["done"]))


def _as_seen(w: Work, v: StepsView) -> StepsView:
    """`v` as the connection sees it: in a manager's view of a shared league, the clubs free
    agency and the foreign step wait for whose offers or choices he cannot read (another
    club's, sealed) are named so, for the status to say the step waits for them as of the
    commissioner's last look."""
    if not (v.fa_waiting or v.foreign is not None):
        return v
    who = w.access()
    if who.commissioner:
        return v
    v = dataclasses.replace(v, fa_sealed=tuple(t for t in v.fa_waiting if not who.may_manage(t)))
    if v.foreign is None:
        return v
    sealed = tuple(t for t in v.foreign.waiting if not who.may_manage(t))
    return dataclasses.replace(v, foreign=dataclasses.replace(v.foreign, sealed=sealed))


@dataclass(frozen=True)
class StepsView:
    """Where the off-season before season `year` stands: each step of STEPS with its state
    (done, open: under way, next, later), what the steps decided so far — who leaves, the
    draft's order, class, picks, the clubs a person picks for and which of them it waits on."""

    season: int                          # the closed season it follows
    year: int                            # the year of the season it leads to
    steps: tuple[tuple[str, str, str], ...]      # (key, rule, state)
    departures: tuple[DepartureView, ...] = ()
    order: tuple[str, ...] = ()
    people: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    round: int = 0
    picks: tuple[PickView, ...] = ()
    left: tuple[ProspectView, ...] = ()
    fa: tuple[FaView, ...] = ()              # free agency (§4) once its step is done
    eligible: int = 0                        # the players with an FA right this off-season
    # the computer's trades the "trades" step decided (§6): each as league.offseason.trades.Trade
    trades: tuple[tr.Trade, ...] = ()
    # the 現役ドラフト the "active_draft" step decided (§6)
    active_draft: ad.ActiveDraft | None = None
    # free agency open (§4): the clubs a person offers for, those it waits for, the agents
    fa_people: tuple[str, ...] = ()
    fa_waiting: tuple[str, ...] = ()
    agents: tuple[AgentView, ...] = ()
    foreign: ForeignView | None = None                # foreign signings (§5) at their step
    # `fa_waiting` is as the commissioner's program last carried free agency on; of those clubs,
    # the ones whose "done" this connection reads (a manager's own club once he is done) and the
    # ones whose offers it cannot read (a rival's, sealed: done or not, a manager cannot know)
    fa_done: tuple[str, ...] = ()
    fa_sealed: tuple[str, ...] = ()
    # the names of the men in `trades` (player id → name; the id when the league has no name)
    names: dict[str, str] = dataclasses.field(default_factory=dict)

    def name(self, pid: str) -> str:
        """A man's name as the league has it (his id when it has none)."""
        return self.names.get(pid, pid)

    @property
    def current(self) -> str:
        """The step to do now (an open one, else the next)."""
        return next((k for k, _r, st in self.steps if st in ("open", "next")), "renew")

    @property
    def draft_named(self) -> bool:
        """The draft is open and waits for nobody: a manager's view of a shared league once
        every club has named, the rivals' picks sealed until the commissioner's program
        carries the draft on (the commissioner's and a local league's view never stand so)."""
        return not self.waiting and any(k == "draft" and st == "open"
                                        for k, _r, st in self.steps)

    def as_dict(self) -> dict[str, Any]:
        return {"season": self.season, "year": self.year,
                "steps": [{"step": k, "rule": r, "state": st} for k, r, st in self.steps],
                "current": self.current,
                "departures": [dataclasses.asdict(d) for d in self.departures],
                "draft": {"order": list(self.order), "people": list(self.people),
                          "waiting": list(self.waiting), "round": self.round,
                          "picks": [dict(dataclasses.asdict(p), lottery=list(p.lottery))
                                    for p in self.picks],
                          "class": [dataclasses.asdict(p) for p in self.left]},
                "fa": {"eligible": self.eligible, "declared": [f.as_dict() for f in self.fa],
                       "people": list(self.fa_people), "waiting": list(self.fa_waiting),
                       "done": list(self.fa_done), "sealed": list(self.fa_sealed),
                       "agents": [a.as_dict() for a in self.agents]},
                "trades": [dict(dataclasses.asdict(t),
                                men=[{"player": p, "name": self.name(p), "from": a, "to": b}
                                     for p, a, b in t.moves()]) for t in self.trades],
                "active_draft": (self.active_draft.as_dict() if self.active_draft is not None
                                 else None),
                "foreign": self.foreign.as_dict() if self.foreign is not None else None}

    def step_dict(self, step: str) -> dict[str, Any]:
        """What the step `step` (a key of STEPS) decided, with where the off-season stands
        (`steps`, `current`): as_dict's part for that step alone, named by `step` — what
        `impact offseason retire --json` and the other steps' commands print, as_dict the whole
        picture (`impact offseason status --json`)."""
        whole = self.as_dict()
        part = STEP_PARTS[step]
        return {"season": self.season, "year": self.year, "step": step,
                "steps": whole["steps"], "current": whole["current"], part: whole[part]}


# each step's part of StepsView.as_dict: what that step decides
STEP_PARTS = {"retire": "departures", "draft": "draft", "fa": "fa", "trades": "trades",
              "active_draft": "active_draft", "foreign": "foreign"}


def _open(s: Any, league: str | None) -> tuple[Any, repo.SeasonInfo, int]:
    """The league, its closed latest season and the year of the next; refused in words when
    there is no off-season now (a season under way, or none)."""
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    try:
        info = repo.find_season(session=s, league_id=row.id)
    except repo.NotFound:
        raise ServiceError(f"league {row.name} has no season yet: the off-season comes after "
                           "a closed season") from None
    if not info.closed:
        raise ServiceError(f"season {info.number} ({info.year}) is not closed: the off-season "
                           "comes after it (`impact season close`)")
    if repo.ruleset_of(session=s, league_id=row.id)[1].get("renewal", "growth") == "stats":
        raise ServiceError("this league is renewed by statistics (renewal = \"stats\"): it has "
                           "no off-season of retirements and a draft")
    return row, info, info.year + 1


def _club(s: Any, league: str | None, team: str | None) -> str:
    """The club `team` names (its code, any case, spaces trimmed), else refused in one line
    naming the league's clubs — before anything else a step or a person's move looks at."""
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    codes = [c for c, _n, _s in repo.team_codes(session=s, league_id=row.id)]
    code = code_as_typed(team, codes)
    if code is None:
        raise ServiceError(f"--team {(team or '').strip() or repr(team)}: no such club (the clubs "
                           f"are {', '.join(codes)})")
    return code


def _view(s: Any, row: Any, info: repo.SeasonInfo, year: int, inp: _Inputs | None = None
          ) -> StepsView:
    stored = ost.get(session=s, league_id=row.id, year=year)
    reached = _step_index(stored.step) if stored is not None else -1
    data = stored.data if stored is not None else {}
    entries = stored.entries if stored is not None else {}
    names = repo.player_names(session=s, league_id=row.id)
    departures = tuple(DepartureView(d.player, names.get(d.player, d.player), d.team, d.age,
                                     d.kind, d.reason, 0, {}) for d in _gone(data) or [])
    order: tuple[str, ...] = ()
    waiting: tuple[str, ...] = ()
    round_, is_open = 0, False
    picks: list[PickView] = []
    left: list[ProspectView] = []
    if data.get("class"):
        inp = inp or _inputs(s, row.id, row.name, year, info.id)
        setup = _setup(inp, data)
        if setup is not None:
            state = dr.advance(inp.league, year, setup.prospects, setup.clubs, setup.order,
                               inp.max_picks, entries, people=data.get("people") or (),
                               ikusei=inp.ikusei)
            # a club that has named more picks than this connection reads (a shared league's
            # pending pick of another club, sealed) has named its pick: the draft waits for it
            # no more
            named = ost.draft_pick_counts(session=s, league_id=row.id, year=year)
            order, round_ = setup.order, state.round
            waiting = tuple(t for t in state.waiting
                            if named.get(t, 0) <= len(entries.get(t, [])))
            is_open = not state.over
            by_key = {p.key: p for p in setup.prospects}
            # 入団拒否 (§3) once the draft is over: who refused, and when he comes back
            no = dr.refusals(inp.league, year, state.picks, inp.refusal) if state.over else set()
            picks = []
            for pk in state.picks:
                pr = by_key[pk.prospect]
                back = dr.returning(inp.league, year, pr, pk.team) if pk.prospect in no else None
                picks.append(PickView(pk.round, pk.number, pk.team, pk.prospect, pr.name,
                                      pr.school, pr.age, pk.lottery, pk.hazure, pk.ikusei,
                                      back is not None, back[0] if back else 0,
                                      back[1].school if back else "", pr.refused_year,
                                      pr.refused_team))
            taken = {p.prospect for p in state.picks}
            left = [ProspectView(p.key, p.name, p.name_en, p.school, p.age, p.kind,
                                 (p.batting or {}).get("positions", "") if p.pitching is None
                                 else "P", p.value, p.refused_year, p.refused_team)
                    for p in sorted(setup.prospects, key=lambda p: (-p.value, p.key))
                    if p.key not in taken]
    steps = []
    for i, st in enumerate(STEPS):
        if i <= reached:
            state_ = "done"
        elif i == reached + 1:
            state_ = "open" if ((st.key == "draft" and is_open)
                                or (st.key == "fa" and data.get("fa_waiting"))
                                or (st.key == "foreign"
                                    and (data.get("foreign") or {}).get("waiting"))) else "next"
        else:
            state_ = "later"
        steps.append((st.key, st.rule, state_))
    market = _market(data)
    agents: list[AgentView] = []
    offers = stored.offers if stored is not None else {}
    if market is None and data.get("fa_open"):
        made: dict[str, list[tuple[str, str, int]]] = {}
        for t, rows in sorted(offers.items()):
            for p, r, y in rows:
                if p is not None:
                    made.setdefault(p, []).append((t, r, y))
        counts = ost.fa_offer_counts(session=s, league_id=row.id, year=year)
        for raw in data["fa_open"]:
            a = _agent_of(raw)
            agents.append(AgentView(a.player, names.get(a.player, a.player), a.team, a.age,
                                    a.kind, a.value, a.right, int(raw.get("seasons", 0)),
                                    int(raw.get("days", 0)), a.roles, a.years,
                                    tuple(made.get(a.player, ())), counts.get(a.player, 0)))
    return StepsView(info.number, year, tuple(steps), departures, tuple(order),
                     tuple(data.get("people") or ()), tuple(waiting), round_, tuple(picks),
                     tuple(left), _fa_views(market, names) if market is not None else (),
                     len(market.eligible) if market is not None else 0,
                     tuple(_trades(data) or ()), _active(data),
                     tuple(data.get("fa_people") or ()), tuple(data.get("fa_waiting") or ()),
                     tuple(agents),
                     _foreign_view(inp or (_inputs(s, row.id, row.name, year, info.id)
                                           if data.get("foreign") is not None else None),
                                   data, names),
                     fa_done=tuple(t for t in data.get("fa_waiting") or ()
                                   if any(p is None for p, _r, _y in offers.get(t, ()))),
                     names={p: names.get(p, p) for t in _trades(data) or ()
                            for p, _a, _b in t.moves()})


def offseason_steps(db: Db, league: str | None = None) -> StepsView:
    """Where the off-season after the latest (closed) season stands, step by step."""
    w = Work.of(db, league)
    with w.session() as s:
        row, info, year = _open(s, league)
        stored = ost.get(session=s, league_id=row.id, year=year)
        inp: _Inputs | None = None
        if (stored is not None and stored.data.get("class") and w.postgres
                and w.access().commissioner):
            # the commissioner carries a shared league's draft on past the picks its managers
            # named since (whose turn it is now, stored for the database's check)
            data = dict(stored.data)
            inp = _inputs(s, row.id, row.name, year, info.id)
            done = _run_draft(inp, data, stored.entries)
            # the step reached moves on to the draft when it is over, never back to it from a
            # later step (a commissioner's look after free agency left it at "draft")
            behind = _step_index(stored.step) < _step_index("draft")
            if data != stored.data or (done and behind):
                ost.save(session=s, league_id=row.id, year=year,
                         step="draft" if done and behind else stored.step, data=data)
                s.commit()
                stored = ost.get(session=s, league_id=row.id, year=year)
                assert stored is not None
        if (stored is not None and stored.data.get("fa_waiting") and w.access().commissioner):
            # free agency goes on once each club a person offers for has made its offers (a
            # manager's last word waits for the commissioner's next look)
            data = dict(stored.data)
            inp = inp or _inputs(s, row.id, row.name, year, info.id)
            over = _run_fa(inp, data, stored.entries)
            if over or data != stored.data:
                ost.save(session=s, league_id=row.id, year=year,
                         step="fa" if over else stored.step, data=data)
                s.commit()
        if (stored is not None and (stored.data.get("foreign") or {}).get("waiting")
                and w.access().commissioner):
            # the foreign step goes on once each club a person decides for is done
            stored = ost.get(session=s, league_id=row.id, year=year)
            assert stored is not None
            data = json.loads(json.dumps(stored.data))
            inp = _inputs(s, row.id, row.name, year, info.id)
            over = _run_foreign(inp, data, stored.entries)
            if over or data != stored.data:
                ost.save(session=s, league_id=row.id, year=year,
                         step="foreign" if over else stored.step, data=data)
                s.commit()
        return _as_seen(w, _view(s, row, info, year, inp))


def offseason_step(db: Db, league: str | None = None, step: str = "retire", *,
                   people: Sequence[str] = ()) -> StepsView:
    """Do the off-season's step `step` (the steps before it must be done; doing a step done
    already shows it again): "retire" decides the retirements and releases; "draft" opens the
    draft — the class made, `people` the clubs a person picks for (in a shared league, by
    default each club with a manager) — and makes every pick up to a person's turn; "fa" runs
    free agency, or with clubs a person offers for (`people`, named when it opens; else the
    draft's; in a shared league each club with a manager) opens it for their offers. Stored, so
    the next season's making uses what was decided; seeded, so the steps one at a time and the
    renewal in one go decide the same."""
    w = Work.of(db, league)
    w.require_commissioner("run the off-season")
    i = _step_index(step)
    if i < 0 or STEPS[i].run is None:
        keys = ", ".join(st.key for st in STEPS if st.run is not None)
        raise ServiceError(f"no off-season step {step!r}: the steps are {keys}, then "
                           "`impact offseason finish` (the new season)")
    with w.session() as s:
        people = [_club(s, league, t) for t in people]
        row, info, year = _open(s, league)
        stored = ost.get(session=s, league_id=row.id, year=year)
        reached = _step_index(stored.step) if stored is not None else -1
        if i > reached + 1:
            before = STEPS[reached + 1].key
            raise ServiceError(f"the off-season goes in order (§7): {before} comes before "
                               f"{step} (`impact offseason {before}`)")
        data = dict(stored.data) if stored is not None else {}
        entries = stored.entries if stored is not None else {}
        inp = _inputs(s, row.id, row.name, year, info.id)
        if step == "draft" and data.get("class") is None:
            if not people and w.postgres and w.access().shared:
                from tui.services.sharing import managers
                people = sorted({m["team"] for m in managers(w, league)})
            data["people"] = sorted(set(people))
        elif step == "draft" and people and sorted(set(people)) != data.get("people"):
            raise ServiceError("the draft is open already: the clubs a person picks for were "
                               "named when it opened "
                               f"({', '.join(data.get('people') or []) or 'none'})")
        elif step == "fa" and data.get("fa_people") is None and data.get("fa") is None:
            # the clubs a person offers for: named now, else the draft's, else (a shared
            # league) each club with a manager
            if not people and w.postgres and w.access().shared:
                from tui.services.sharing import managers
                people = sorted({m["team"] for m in managers(w, league)})
            data["fa_people"] = sorted(set(people or data.get("people") or []))
        elif step == "foreign" and data.get("foreign") is None and (
                people or (w.postgres and w.access().shared)):
            # the clubs a person decides for: named now, else free agency's (the draft's); in
            # a shared league each club with a manager
            if not people:
                from tui.services.sharing import managers
                people = sorted({m["team"] for m in managers(w, league)})
            data["foreign_people"] = sorted(set(people))
        elif step == "fa" and people and sorted(set(people)) != data.get("fa_people"):
            raise ServiceError("free agency is open already: the clubs a person offers for "
                               "were named when it opened "
                               f"({', '.join(data.get('fa_people') or []) or 'none'})")
        run = STEPS[i].run
        assert run is not None
        finished = run(inp, data, entries)
        reached_key = stored.step if stored is not None else ""
        ost.save(session=s, league_id=row.id, year=year,
                 step=step if finished and i >= reached else reached_key, data=data)
        s.commit()
        return _view(s, row, info, year, inp)


def draft_pick(db: Db, league: str | None = None, *, team: str, player: str | None = None,
               stop: bool = False, computer: bool = False) -> StepsView:
    """A person's pick for `team` at its turn in the open draft: `player` a prospect of the
    class not taken (his key, or his name), named at once in the first round (入札; a lost
    lottery's 外れ1位 named the same way); `stop`: the club takes no more; `computer`: the
    computer picks for the club from now on. Refused, in words and storing nothing: a club not
    a person's, a club whose turn it is not (or that has named already), a player not in the
    class or taken already; in a shared league a manager picks for his own club only."""
    w = Work.of(db, league)
    with w.session() as s:
        team = _club(s, league, team)
        w.require_manager(team, "pick")
        row, info, year = _open(s, league)
        stored = ost.get(session=s, league_id=row.id, year=year)
        if stored is None or stored.data.get("class") is None:
            raise ServiceError("the draft is not open: `impact offseason draft` opens it")
        inp = _inputs(s, row.id, row.name, year, info.id)
        view = _view(s, row, info, year, inp)
        people = list(stored.data.get("people") or [])
        if team not in people:
            raise ServiceError(f"{team} is the computer's club in this draft (the clubs a person "
                               f"picks for: {', '.join(people) or 'none'}; named when the draft "
                               "opens: `impact offseason draft --team CLUB`)")
        # (a manager's view may wait for nobody while the draft is open: every club has named,
        # the others' picks sealed until the commissioner's program carries the draft on)
        if not view.waiting and not view.draft_named:
            raise ServiceError(f"the draft of {year} is over")
        if computer:
            w.require_commissioner("hand a club's picks to the computer")
            data = dict(stored.data, people=[t for t in people if t != team])
            ost.save(session=s, league_id=row.id, year=year, step=stored.step, data=data)
        else:
            if team not in view.waiting:
                raise ServiceError(
                    f"not {team}'s turn: the draft waits for "
                    f"{', '.join(view.waiting) or 'the commissioner to carry it on'}"
                    + (f" ({team} has named its first-round pick already)"
                       if view.round == 1 else ""))
            if w.postgres and not w.access().commissioner and (
                    (stored.data.get("turns") or {}).get(team)
                    != len(stored.entries.get(team, []))):
                raise ServiceError(f"{team}'s last pick is named: the draft goes on to its next "
                                   "turn when the commissioner carries it on (`impact offseason "
                                   "status`, or his Season area)")
            key: str | None = None
            if not stop:
                key = _prospect_key(view, player)
            ost.add_entry(session=s, league_id=row.id, year=year, team=team, prospect=key,
                          made_by=w.access().role or "")
        stored = ost.get(session=s, league_id=row.id, year=year)
        assert stored is not None
        data = dict(stored.data)
        done = _run_draft(inp, data, stored.entries)
        if w.access().commissioner:
            # the draft carried on (a manager's pick waits for the commissioner's next look)
            ost.save(session=s, league_id=row.id, year=year,
                     step="draft" if done else stored.step, data=data)
        s.commit()
        return _view(s, row, info, year, inp)


def _prospect_key(view: StepsView, player: str | None) -> str:
    if not player:
        raise ServiceError("name the player to pick (his key in the class, e.g. "
                           f"{view.left[0].key if view.left else '2027-001'}, or his name)")
    want = player.strip()
    for p in view.left:
        if want in (p.key, p.name) or (p.name_en and want.lower() == p.name_en.lower()):
            return p.key
    taken = next((p for p in view.picks if want in (p.player, p.name)), None)
    if taken is not None:
        raise ServiceError(f"{want}: taken already ({taken.name}, pick {taken.number} by "
                           f"{taken.team})")
    raise ServiceError(f"{want}: no such player in the class of {view.year} (`impact offseason "
                       "draft --json` lists it)")


def fa_offer(db: Db, league: str | None = None, *, team: str, player: str | None = None,
             role: str | None = None, years: int | None = None, done: bool = False,
             computer: bool = False) -> StepsView:
    """A person's offer for `team` in open free agency (§4): to `player` (a declared free
    agent: his id or name), the promised `role` (by default the biggest his club may promise
    him) for `years` (by default the most for that role); `done`: the club makes no more
    offers; `computer`: the computer offers for the club instead (the commissioner). An offer
    stands once made. Refused, in words and storing nothing: a club not a person's, a club
    that has said it is done, a player not a declared free agent, a role the club may not
    promise him, years out of range, a second offer to the same player; in a shared league a
    manager offers for his own club only."""
    w = Work.of(db, league)
    with w.session() as s:
        team = _club(s, league, team)
        w.require_manager(team, "offer")
        row, info, year = _open(s, league)
        stored = ost.get(session=s, league_id=row.id, year=year)
        if stored is None or stored.data.get("fa_open") is None:
            raise ServiceError("free agency is not open: `impact offseason fa` opens it")
        if stored.data.get("fa") is not None:
            raise ServiceError(f"free agency of {year} is over (`impact offseason status`)")
        inp = _inputs(s, row.id, row.name, year, info.id)
        people = list(stored.data.get("fa_people") or [])
        if team not in people:
            raise ServiceError(f"{team} is the computer's club in this free agency (the clubs a "
                               f"person offers for: {', '.join(people) or 'none'}; named when "
                               "it opens: `impact offseason fa --team CLUB`)")
        if team in _fa_done(inp):
            raise ServiceError(f"{team} has made its offers already (an offer stands once made)")
        if computer:
            w.require_commissioner("hand a club's offers to the computer")
            data = dict(stored.data, fa_people=[t for t in people if t != team])
            ost.save(session=s, league_id=row.id, year=year, step=stored.step, data=data)
        elif done:
            ost.add_fa_offer(session=s, league_id=row.id, year=year, team=team, player=None,
                             made_by=w.access().role or "")
        else:
            agent = _agent(stored.data["fa_open"], player,
                           repo.player_names(session=s, league_id=row.id), year)
            if any(p == agent.player for p, _r, _y in inp.fa_offers.get(team, [])):
                raise ServiceError(f"{team} has offered {agent.player} already (an offer stands "
                                   "once made)")
            allowed = dict(agent.roles).get(team) or ("",)
            role = role.strip().lower() if role is not None else allowed[0]
            years = years if years is not None else dict(agent.years).get(role, 1)
            why = fa.offer_refusal(agent, team, role, years)
            if why is not None:
                raise ServiceError(why)
            ost.add_fa_offer(session=s, league_id=row.id, year=year, team=team,
                             player=agent.player, role=role, years=years,
                             made_by=w.access().role or "")
        return _carry_on(s, w, row, info, year, "fa", _run_fa)


def _carry_on(s: Any, w: Work, row: Any, info: repo.SeasonInfo, year: int, step: str,
              run: Callable[[_Inputs, dict[str, Any], dict[str, list[str | None]]], bool]
              ) -> StepsView:
    """After a person's offer or choice at `step`: the off-season read again and, when the
    commissioner made it, the step carried on by `run` as far as it goes (marked reached when it
    is over); a manager's waits for the commissioner's next look. Commits; the view."""
    stored = ost.get(session=s, league_id=row.id, year=year)
    assert stored is not None
    inp = _inputs(s, row.id, row.name, year, info.id)
    if w.access().commissioner:
        data = dict(stored.data)
        over = run(inp, data, stored.entries)
        ost.save(session=s, league_id=row.id, year=year,
                 step=step if over else stored.step, data=data)
    s.commit()
    return _as_seen(w, _view(s, row, info, year, inp))


def _agent(agents: list[dict[str, Any]], player: str | None, names: dict[str, str], year: int
           ) -> fa.Agent:
    """The declared free agent `player` names (his id, or his name), else refused in words."""
    if not player:
        raise ServiceError("name the free agent to offer (his id, e.g. "
                           f"{agents[0]['player'] if agents else 'SAP07'}, or his name)")
    want = player.strip()
    for raw in agents:
        if want in (raw["player"], names.get(raw["player"])):
            return _agent_of(raw)
    raise ServiceError(f"{want}: not a declared free agent of {year} (`impact offseason status` "
                       "lists them)")


def foreign_choice(db: Db, league: str | None = None, *, team: str, sign: str | None = None,
                   release: str | None = None, done: bool = False,
                   computer: bool = False) -> StepsView:
    """A person's choice for `team` at the foreign step (§5): `sign` a man of its pool (his id
    or name), `release` one of its foreign players; `done`: the club's choice is made;
    `computer`: the computer decides for the club instead (the commissioner). A choice stands
    once made. Refused, in words and storing nothing: a club not a person's, after `done`, a man
    not in the pool or not the club's foreign player, one chosen already, no room under the
    roster size; in a shared league a manager chooses for his own club only."""
    w = Work.of(db, league)
    with w.session() as s:
        team = _club(s, league, team)
        w.require_manager(team, "sign or release")
        row, info, year = _open(s, league)
        stored = ost.get(session=s, league_id=row.id, year=year)
        if stored is None or stored.data.get("foreign") is None:
            raise ServiceError("foreign signings are not open: `impact offseason foreign` opens "
                               "them")
        f = stored.data["foreign"]
        people = list(f.get("people") or [])
        if team not in people:
            raise ServiceError(f"{team} is the computer's club at the foreign step (the clubs a "
                               f"person decides for: {', '.join(people) or 'none'})")
        inp = _inputs(s, row.id, row.name, year, info.id)
        mine = _choices(inp)[team]
        if mine["done"]:
            raise ServiceError(f"{team} has made its foreign signings already")
        names = repo.player_names(session=s, league_id=row.id)
        pool = {x["player"]: x for x in f["pool"][team]}
        own = {m["player"] for m in f["players"][team]}
        made_by = w.access().role or ""

        def which(want: str, ids: Any, what: str) -> str:
            want = want.strip()
            for pid in ids:
                if want in (pid, names.get(pid), (pool.get(pid) or {}).get("name"),
                            (pool.get(pid) or {}).get("name_en")):
                    return str(pid)
            raise ServiceError(f"{want}: not {what}")

        if computer:
            w.require_commissioner("hand a club's foreign signings to the computer")
            data = dict(stored.data, foreign=dict(f, people=[t for t in people if t != team]))
            ost.save(session=s, league_id=row.id, year=year, step=stored.step, data=data)
        elif done:
            ost.add_foreign_choice(session=s, league_id=row.id, year=year, team=team,
                                   player=None, action="done", made_by=made_by)
        elif sign:
            pid = which(sign, pool, f"in {team}'s pool of foreign players (`impact offseason "
                                    "status` lists it)")
            if pid in mine["sign"]:
                raise ServiceError(f"{team} has signed {pid} already (a choice stands once made)")
            if len(mine["sign"]) >= int(f["room"][team]) + len(mine["release"]):
                raise ServiceError(f"{team} has no room for {pid}: its players under contract "
                                   "are at the league's roster size (release one first)")
            ost.add_foreign_choice(session=s, league_id=row.id, year=year, team=team,
                                   player=pid, action="sign", made_by=made_by)
        elif release:
            pid = which(release, own, f"one of {team}'s foreign players")
            if pid in mine["release"]:
                raise ServiceError(f"{team} has released {pid} already")
            ost.add_foreign_choice(session=s, league_id=row.id, year=year, team=team,
                                   player=pid, action="release", made_by=made_by)
        else:
            raise ServiceError("give a player to sign or release, --done or --computer")
        return _carry_on(s, w, row, info, year, "foreign", _run_foreign)
