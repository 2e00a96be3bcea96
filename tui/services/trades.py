"""Trades (npb_offseason.md §6) as a person makes them: an offer of his club's players for
another club's, answered at once by the computer (league.offseason.trades: value, age and need,
the deadline, the roster limits); the computer's proposals to his club, accepted or refused;
the season's trades. A trade moves the players' cards (the season's and the league's own, or
the league's own alone in the off-season) and is a transaction of the news (kind "trade").

In season the market is the season's cards and the day is the next day of games; after a
closed season (the off-season) it is the league's own cards, the ones the next season copies,
and the ages are those of the coming season."""
from __future__ import annotations

import dataclasses
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from league.offseason import trades as tr
from league.season.roster import League, code_as_typed
from storage import history_store as hs
from storage import offseason_store as ost
from storage import repository as repo
from storage import trade_store as ts
from tui.services.db import Db, ServiceError, Work
from tui.services.offseason import life_of


@dataclass(frozen=True)
class TradeView:
    """A trade (made, proposed or answered): the clubs, each side's players (id, name), and the
    computer's answer (accepted or not, the reason in one line); `number` a proposal's (1..)."""

    team: str
    other: str
    gives: tuple[tuple[str, str], ...]
    gets: tuple[tuple[str, str], ...]
    accepted: bool = False
    reason: str = ""
    number: int = 0
    key: str = ""
    day: date | None = None
    season: int | None = None
    state: str = ""         # accepted, refused; offered / declined: a manager's, stored
    # a made trade's time (`trade_list`): "season" in season `season`, "offseason" in the
    # off-season before season `season`, "planned" the off-season's computer trades its step
    # decided, made with season `season` (the next, not made yet)
    when: str = ""

    def text(self) -> str:
        """Who goes where, in one line (league.offseason.trades.trade_text)."""
        return tr.trade_text(self.team, self.gives, self.other, self.gets)

    def as_dict(self) -> dict[str, Any]:
        return {"team": self.team, "with": self.other, "text": self.text(),
                "gives": [{"player": p, "name": n} for p, n in self.gives],
                "gets": [{"player": p, "name": n} for p, n in self.gets],
                "accepted": self.accepted, "reason": self.reason, "number": self.number,
                "key": self.key, "day": self.day.isoformat() if self.day else None,
                "season": self.season,
                "state": self.state or ("accepted" if self.accepted else "refused"),
                "when": self.when or None}


@dataclass
class _Situation:
    lid: int
    sid: int | None            # the season whose cards change too (None in the off-season)
    season: int
    year: int                  # the ages' year (the coming season's in the off-season)
    closed: bool
    day: date | None
    cards: dict[str, tuple[str, dict[str, str] | None, dict[str, str] | None]]
    market: tr.Market
    limits: tr.Limits
    teams: list[str]
    info: repo.SeasonInfo      # the latest season (closed or not), as read with the rest


def _situation(s: Any, league: str | None) -> _Situation:
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    try:
        info = repo.find_season(session=s, league_id=row.id)
    except repo.NotFound:
        raise ServiceError(f"league {row.name} has no season yet: trades come with a season "
                           "(`impact season new`)") from None
    closed = bool(info.closed)
    sid = None if closed else info.id
    year = info.year + 1 if closed else info.year
    day: date | None = None
    if not closed:
        day = repo.next_game_day(session=s, season_id=info.id)
        if day is None:
            finals = repo.final_games(session=s, season_id=info.id)
            day = finals[-1].day if finals else info.start
    raw = repo.base_cells(session=s, league_id=row.id, season_id=sid)
    lg = repo.league_structure(session=s, league_id=row.id)
    limits = tr.Limits(row.roster_size, lg.active_size, lg.foreign_active, lg.foreign_side)
    return _Situation(row.id, sid, info.number, year, closed, day,
                      {pid: (team, b, p) for pid, team, b, p in raw},
                      tr.market(life_of(s, row.id, row.name), year, raw), limits, [t.code for t in lg.teams],
                      info)


def _club(sit: _Situation, code: str | None, what: str) -> str:
    if not code:
        raise ServiceError(f"trade: give {what}")
    known = code_as_typed(code, sit.teams)
    if known is None:
        raise ServiceError(f"trade: no club {code!r} in this league (the clubs are "
                           f"{', '.join(sit.teams)})")
    return known


def _player(s: Any, sit: _Situation, ref: str, club: str) -> str:
    try:
        pid, name = repo.player_row(session=s, league_id=sit.lid, ref=ref)
    except repo.NotFound as exc:
        raise ServiceError(f"trade: {exc}") from None
    m = sit.market.men.get(pid)
    if m is None:
        raise ServiceError(f"trade: {name} ({pid}) is under contract with no club")
    if m.team != club:
        raise ServiceError(f"trade: {name} ({pid}) is not on {club} (he is on {m.team})")
    return pid




def _view(t: tr.Trade, sit: _Situation, v: tr.Verdict | None = None, number: int = 0,
          names: dict[str, str] | None = None) -> TradeView:
    def named(pids: Sequence[str]) -> tuple[tuple[str, str], ...]:
        return tuple((p, (names or {}).get(p) or (sit.market.men[p].name
                                                   if p in sit.market.men else p)) for p in pids)
    return TradeView(t.team, t.other, named(t.gives), named(t.gets),
                     v.accepted if v else False, v.reason if v else "", number, t.key(),
                     sit.day, sit.season)


def _make(s: Any, sit: _Situation, t: tr.Trade, note: dict[str, Any]) -> None:
    """The trade done: the cards' teams and rosters, the saved orders, the news."""
    from tui.services.history import _check_rosters, _drop_from_prefs
    moves = t.moves()
    after = tr.apply(sit.cards, [t], sit.market, sit.limits)
    # in season the league's own cards (what the next season copies) keep their own active
    # rosters, which the season's call-ups and demotions do not change: each man joins his new
    # club's own roster where the own cards have room for him, so they stay within the active
    # size and the foreign limit (placed by the season's rosters, a club whose season roster
    # had sent down a man its own cards hold active went one over)
    own_raw = (_own_cells(s, sit, t, moves) if sit.sid is not None else [])
    hs.apply_moves(session=s, league_id=sit.lid, season_id=sit.sid, moves=moves)
    cells = {pid: after[pid][1:] for pid, _a, _b in moves}
    repo.set_base_cells(session=s, league_id=sit.lid, cells=cells, season_id=sit.sid)
    if sit.sid is not None:
        own = tr.apply({pid: (team, b, p) for pid, team, b, p in own_raw}, [t],
                       tr.market(sit.market.league, sit.year, own_raw), sit.limits)
        repo.set_base_cells(session=s, league_id=sit.lid,
                            cells={pid: own[pid][1:] for pid, _a, _b in moves})
        _drop_from_prefs(s, sit.sid, moves)
        _check_rosters(s, sit.lid, sit.sid, {t.team, t.other})
        # each man's season roster before and after (the news is the record a day's active
        # rosters are replayed from: tui.services.lived)
        note = {**note, "rosters": {pid: ["active" if sit.market.men[pid].active else "farm",
                                          (cells[pid][0] or cells[pid][1] or {}).get("roster")
                                          or "active"] for pid, _a, _b in moves}}
    hs.add_transaction(session=s, league_id=sit.lid, season_id=sit.info.id, day=sit.day, kind="trade", moves=moves,
                       note=json.dumps(note, ensure_ascii=False, separators=(",", ":")))


def _own_cells(s: Any, sit: _Situation, t: tr.Trade, moves: Sequence[tuple[str, str, str]]
               ) -> list[tuple[str, str, dict[str, str] | None, dict[str, str] | None]]:
    """The league's own cards a trade in season changes (base_cells): those of its two clubs,
    all that `tr.apply` asks of them (each club's men, its farm, the men moved); every own card
    when a man moved has his own card on another club."""
    rows = repo.base_cells(session=s, league_id=sit.lid, teams=(t.team, t.other))
    held = {pid for pid, _team, _b, _p in rows}
    if all(pid in held for pid, _a, _b in moves):
        return rows
    return repo.base_cells(session=s, league_id=sit.lid)


def trade_offer(db: Db, league: str | None = None, *, team: str, other: str,
                give: Sequence[str], get: Sequence[str]) -> TradeView:
    """A person's offer: `give` (ids or names) of his club `team` for `get` of `other`,
    answered at once by the computer for `other` (league.offseason.trades.answer); made when
    accepted. Refused in one line: an unknown club or player, a player not on the club named,
    after the deadline, past a roster limit, a value the other club does not accept."""
    w = Work.of(db, league)
    with w.session() as s:
        sit = _situation(s, league)
        a, b = _club(sit, team, "your club (--team)"), _club(sit, other, "the other club (--with)")
        w.require_manager(a, "trade")
        same = tr.with_itself(a, b)
        if same is not None:        # the person's input: an error, not the computer's refusal
            raise ServiceError(f"trade: {same} (--with names another club)")
        if not give or not get:
            raise ServiceError("trade: name the players you give (--give) and those you want "
                               "(--get)")
        why = tr.window(sit.day, sit.year, sit.closed)
        if why is not None:
            raise ServiceError(f"trade: {why}")
        t = tr.Trade(a, b, tuple(_player(s, sit, r, a) for r in give),
                     tuple(_player(s, sit, r, b) for r in get))
        if _manager(w):
            return _offered(s, sit, t)
        v = tr.answer(t, sit.market, sit.limits, day=sit.day, closed=sit.closed)
        if v.accepted:
            _make(s, sit, t, {"by": a, "answer": v.reason})
            s.commit()
        return _view(t, sit, v)


OFFERED = ("offered: the computer answers for {other} when the commissioner's program next "
           "looks (`impact trade answer`; `impact trade list` shows what was made)")


def _manager(w: Work) -> bool:
    """A manager of a shared league: his trades are offers the database checks and the
    commissioner's program answers (he may not move cards himself)."""
    return w.postgres and not w.access().commissioner


def _offered(s: Any, sit: _Situation, t: tr.Trade, state: str = ts.OFFERED) -> TradeView:
    """A manager's offer stored as a `league_trade_offer` row of his club (the database's rules
    check it)."""
    why = tr.refusal(t, sit.market, sit.limits)
    if why is not None:
        raise ServiceError(f"trade: {why}")
    ts.add(session=s, league_id=sit.lid, team=t.team, other=t.other, gives=t.gives,
           gets=t.gets, state=state)
    s.commit()
    view = _view(t, sit, tr.Verdict(False, OFFERED.format(other=t.other) if state == ts.OFFERED
                                    else f"{t.team} refuses {t.other}'s proposal"))
    return dataclasses.replace(view, state=state)


def trade_answer(db: Db, league: str | None = None) -> list[TradeView]:
    """The commissioner's program answers the managers' offers (a shared league), oldest first,
    by the computer's measure for the other club (the deadline and the limits as they are now):
    each made or refused, the answer kept on the offer."""
    w = Work.of(db, league)
    w.require_commissioner("answer the managers' trade offers")
    out = []
    with w.session() as s:
        sit = _situation(s, league)
        for o in ts.offers(session=s, league_id=sit.lid, state=ts.OFFERED):
            t = tr.Trade(o.team, o.other, o.gives, o.gets)
            v = tr.answer(t, sit.market, sit.limits, day=sit.day, closed=sit.closed)
            if v.accepted:
                _make(s, sit, t, {"by": o.team, "answer": v.reason, "made_by": o.made_by})
            ts.answer(session=s, offer_id=o.id, state=ts.ACCEPTED if v.accepted else ts.REFUSED,
                      text=v.reason)
            out.append(_view(t, sit, v))
            if v.accepted:      # the next offer is answered on the rosters after this one
                s.flush()
                sit = _situation(s, league)
        s.commit()
    return out


def _refused(s: Any, sit: _Situation) -> tuple[Any, list[str]]:
    stored = ost.get(session=s, league_id=sit.lid, year=sit.year)
    declined = [tr.Trade(o.other, o.team, o.gets, o.gives).key()
                for o in ts.offers(session=s, league_id=sit.lid, state=ts.DECLINED)]
    return stored, list((stored.data if stored else {}).get("trades_refused") or []) + declined


def _proposals(s: Any, sit: _Situation, team: str) -> list[tr.Trade]:
    if tr.window(sit.day, sit.year, sit.closed) is not None:
        return []
    _stored, no = _refused(s, sit)
    tag = "off-season" if sit.closed else (sit.day.isoformat() if sit.day else "")
    return tr.proposals(sit.market, team, teams=sit.teams, tag=tag, limits=sit.limits,
                        refused=no)


def trade_proposals(db: Db, league: str | None = None, *, team: str) -> list[TradeView]:
    """The computer's proposals to `team` now (seeded by the league, the year and the day; none
    after the deadline), numbered for accept and refuse."""
    w = Work.of(db, league)
    with w.session() as s:
        sit = _situation(s, league)
        a = _club(sit, team, "your club (--team)")
        return [_view(t, sit, tr.Verdict(False, tr.judge(t, t.team, sit.market).reason), i)
                for i, t in enumerate(_proposals(s, sit, a), 1)]


def _proposal(s: Any, sit: _Situation, team: str, number: int) -> tr.Trade:
    why = tr.window(sit.day, sit.year, sit.closed)
    if why is not None:
        raise ServiceError(f"trade: {why}")
    props = _proposals(s, sit, team)
    if not 1 <= number <= len(props):
        raise ServiceError(f"trade: no proposal {number} to {team} (there are {len(props)}: "
                           f"`impact trade proposals --team {team}`)")
    return props[number - 1]


def _answering(w: Work, s: Any, league: str | None, team: str, number: int
               ) -> tuple[_Situation, str, tr.Trade]:
    """What accepting and refusing both open: the situation, `team` (his club: the manager's or
    the commissioner's to answer for) and the computer's proposal `number` to it."""
    sit = _situation(s, league)
    a = _club(sit, team, "your club (--team)")
    w.require_manager(a, "trade")
    return sit, a, _proposal(s, sit, a, number)


def trade_accept(db: Db, league: str | None = None, *, team: str, number: int) -> TradeView:
    """`team` accepts the computer's proposal `number`: the trade is made."""
    w = Work.of(db, league)
    with w.session() as s:
        sit, a, t = _answering(w, s, league, team, number)
        if _manager(w):         # his acceptance is an offer of his club's side of it
            back = _offered(s, sit, tr.Trade(a, t.team, t.gets, t.gives))
            return dataclasses.replace(back, number=number)
        why = tr.refusal(t, sit.market, sit.limits)
        if why is not None:
            raise ServiceError(f"trade: {why}")
        _make(s, sit, t, {"by": t.team, "answer": f"{a} accepts the proposal", "proposal": True})
        s.commit()
        return _view(t, sit, tr.Verdict(True, f"{a} accepts {t.team}'s proposal"), number)


def trade_refuse(db: Db, league: str | None = None, *, team: str, number: int) -> TradeView:
    """`team` refuses the computer's proposal `number`: not proposed again this year."""
    w = Work.of(db, league)
    with w.session() as s:
        sit, a, t = _answering(w, s, league, team, number)
        if _manager(w):         # a manager's refusal is his row (declined), never a move
            back = _offered(s, sit, tr.Trade(a, t.team, t.gets, t.gives), ts.DECLINED)
            return dataclasses.replace(back, number=number)
        stored, no = _refused(s, sit)
        data = dict(stored.data) if stored is not None else {}
        data["trades_refused"] = [*no, t.key()]
        ost.save(session=s, league_id=sit.lid, year=sit.year,
                 step=stored.step if stored is not None else "", data=data)
        s.commit()
        return _view(t, sit, tr.Verdict(False, f"{a} refuses {t.team}'s proposal"), number)


def season_trade_days(s: Any, name: str, info: Any, settings: Any) -> set[date]:
    """The days of the season `info` of league `name` on which the computer's clubs trade among
    themselves (league.offseason.trades.trade_days, seeded by the league and the season's seed):
    none when the league's [trades] in_season is off (it is on by default)."""
    if not tr.trade_rules((settings or {}).get("trades")).in_season:
        return set()
    days = [g.day for g in repo.schedule(session=s, season_id=info.id)]
    return set(tr.trade_days(days, info.year, name, info.seed))


def trades_before_games(w: Work, s: Any, league: str | None, day: date, trading: set[date],
                        now: tuple[League, Collection[str]] | None = None) -> list[TradeView]:
    """What comes before the games of `day`, however they are played: a day at a time by the
    simulation (seasons.sim_days) or one game at the keyboard (live.start_live), so a league
    played either way trades the same. On one of the season's trade days (`trading`, from
    `season_trade_days`: none with [trades] in_season off) the computer's clubs trade
    (`computer_trades_on`: once a day, before any game of the day is final). The caller
    commits and reads the rosters again when something was made. `now`: the season's clubs as
    the caller holds them (computer_trades_on)."""
    return computer_trades_on(w, s, league, day, now) if day in trading else []


def computer_trades_on(w: Work, s: Any, league: str | None, day: date,
                       now: tuple[League, Collection[str]] | None = None) -> list[TradeView]:
    """The computer's clubs' trades before the games of `day`, one of the season's trade days
    (`season_trade_days`), made and in the news (note {"computer": true, "in_season": true});
    seeded by the league, the year, the season's seed and the day. Nothing when a game of the
    day is final already or the day's trades were made (a simulation stopped and carried on
    makes them once), after the deadline, or for a club a manager runs (a shared league). A
    trade needs both clubs to accept by the measure, the limits (league.offseason.trades), an
    active roster that still fields a team on both sides, and no man injured or traded already
    this season (its off-season included). Each made is told as a TradeView (its men named).

    `now`: the season's league and the men on its farm as a simulation holds them between days
    (its SeasonContext: the clubs as the season's cards have them, each man's roster as stored
    since) — what the trades are weighed on, in place of the season's cards read and parsed
    again; None: read them."""
    from league.season.farm import roster_problem
    from storage import farm_store, roster_edit
    if _wants_none(s, league, day):
        return []
    sit = _situation(s, league)
    info = sit.info
    if sit.closed or sit.sid is None or sit.day != day or tr.window(day, sit.year, False):
        return []
    traded = [t for t in hs.transactions(session=s, league_id=sit.lid, kind="trade")
              if t.season == info.number]
    if repo.final_on(session=s, season_id=sit.sid, day=day) or any(
            t.day == day and '"in_season":true' in (t.note or "") for t in traded):
        return []
    people: set[str] = set()
    if w.postgres and w.access().shared:
        from tui.services.sharing import managers
        people = {m["team"] for m in managers(w, league)}
    # the season's league, read when a trade is weighed (a trade day may bring none)
    read: list[Any] = []

    def active(club: str) -> Sequence[Any]:
        """`club`'s active men now: as the simulation holds them, or from the season's cards."""
        if now is not None:
            lg, farm = now
            return [p for p in lg.team(club).players if p.id not in farm]
        return read[0].team(club).active
    prefs = roster_edit.preferences(session=s, season_id=sit.sid)
    # not traded: the injured, and a man traded once this season or the off-season before it
    # (a club does not pass on a man it has just taken: one went SAP, TKZ, CHB, SEN in a season)
    keep = {p for p, e in farm_store.standings(session=s, season_id=sit.sid).items()
            if e.points > 0} | {pid for t in traded for pid, _a, _b in t.moves}

    def fits(t: tr.Trade) -> bool:
        if not read:
            read.append(now[0] if now is not None else
                        repo.load_league(session=s, league_id=sit.lid, season_id=sit.sid))
        lg = read[0]
        where = tr.placements(t, sit.market, sit.limits)
        for club, gives, gets in ((t.team, t.gives, t.gets), (t.other, t.gets, t.gives)):
            reserves = set(prefs.get(club, {}).get("reserves", []))
            men = [p for p in active(club) if p.id not in gives and p.id not in reserves]
            men += [lg.player(pid) for pid in gets if where[pid] == "active"]
            if roster_problem(men, lg.dh_for(club)) is not None:
                return False
        return True
    made = tr.computer_trades(sit.market, people=people, tag=(info.seed, day.isoformat()),
                              limits=sit.limits, count=tr.DAY_TRADES, keep=keep, fits=fits)
    views = []
    for k, t in enumerate(made):
        if k:       # the next trade is made on the cards as the one before left them
            s.flush()
            sit = _situation(s, league)
        views.append(_view(t, sit))         # the men named as they were before it
        _make(s, sit, t, {"computer": True, "in_season": True})
    return views


def _wants_none(s: Any, league: str | None, day: date) -> bool:
    """The computer's clubs set out to make no trade on `day` (tr.trades_wanted, the draw
    computer_trades makes first: 0 of DAY_TRADES): most trade days, answered without reading
    the market (every card of the season) and the season's trades."""
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    try:
        info = repo.find_season(session=s, league_id=row.id)
    except repo.NotFound:
        return False        # _situation says why
    if info.closed:
        return False
    return tr.trades_wanted(life_of(s, row.id, row.name), info.year, (info.seed, day.isoformat()),
                            tr.DAY_TRADES) == 0


def trade_list(db: Db, league: str | None = None, season: int | None = None) -> list[TradeView]:
    """The trades of season `season` (the latest by default), each with its time (`when`): the
    off-season's before it first — the computer's, made with the season, and those made since
    the season before closed (a person's, the managers' the computer accepted) — then those of
    its days, in order. In the off-season (the latest season closed, no season named) the
    closed season's, then the off-season's so far: those made since it closed and the
    computer's its trades step planned (made with the new season), each labelled."""
    from tui.services.offseason import _trades
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        try:
            info = repo.find_season(session=s, league_id=row.id, number=season)
        except repo.NotFound as exc:     # its words: the season named (0 too), or none yet
            raise ServiceError(str(exc)) from None
        names = repo.player_names(session=s, league_id=row.id)
        news = [t for t in reversed(hs.transactions(session=s, league_id=row.id))
                if t.kind == "trade"]
        now = info.closed and season is None
        stored = ost.get(session=s, league_id=row.id, year=info.year + 1) if now else None
    n = info.number

    def after_close(t: hs.Transaction) -> bool:
        # made in the off-season after its season closed: no day (the renewal's carry a note)
        return t.day is None and not hs.note_data(t.note).get("offseason")
    timed = [("offseason", n, t) for t in news if t.season == n - 1 and after_close(t)]
    timed += [("offseason", n, t) for t in news
              if t.season == n and hs.note_data(t.note).get("offseason")]
    timed += [("season", n, t) for t in news
              if t.season == n and not after_close(t) and not hs.note_data(t.note).get("offseason")]
    if now:
        timed += [("offseason", n + 1, t) for t in news if t.season == n and after_close(t)]
    out = []
    for when, number, t in timed:
        src = t.moves[0][1] if t.moves else ""
        dst = t.moves[0][2] if t.moves else ""
        note = hs.note_data(t.note)
        out.append(TradeView(src, dst,
                             tuple((p, names.get(p, p)) for p, a, _b in t.moves if a == src),
                             tuple((p, names.get(p, p)) for p, a, _b in t.moves if a == dst),
                             True, str(note.get("answer") or ("the computer's trade"
                                                              if note.get("computer") else "")),
                             0, "", t.day, number, when=when))
    planned = (_trades(stored.data) if stored is not None else None) or []
    for p in planned:
        out.append(TradeView(p.team, p.other, tuple((m, names.get(m, m)) for m in p.gives),
                             tuple((m, names.get(m, m)) for m in p.gets), True,
                             "the computer's trade, made with the new season", 0, p.key(),
                             None, n + 1, when="planned"))
    return out


@dataclass(frozen=True)
class TradeMan:
    """A player as the trade dialog lists him: id, name, kind (C, IF, OF, SP, RP), age, his worth
    by the measure (rolls), foreign, on the farm."""

    player: str
    name: str
    kind: str
    age: int
    worth: float
    foreign: bool
    farm: bool


def trade_rosters(db: Db, league: str | None = None, *, team: str, other: str
                  ) -> tuple[list[TradeMan], list[TradeMan]]:
    """The players of `team` and of `other` as a trade sees them now (the season's cards, or
    the league's own in the off-season), best first."""
    with Work.of(db, league).session() as s:
        sit = _situation(s, league)
        a, b = _club(sit, team, "your club"), _club(sit, other, "the other club")
        mk = sit.market

        def men(club: str) -> list[TradeMan]:
            return sorted((TradeMan(m.player, m.name, m.kind, m.age, round(tr.worth(m, mk), 1),
                                    m.foreign, not m.active)
                           for m in mk.club(club) if not m.ikusei),
                          key=lambda x: (-x.worth, x.player))
        return men(a), men(b)
