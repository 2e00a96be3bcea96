"""The off-season (shared/rules/npb_offseason.md §7): what the renewal of a closed season does
before the next one is made, in order, each step a transaction of the league's news:

1. retirements and releases (§2): by age, lack of play, a few young ones
2. the draft (§3): each club replaces what it lost, first round with lotteries (league.toml [draft])
3. FA, foreign signings and trades (§4-6)   — issue 32
4. growth and decline (§1): ages move on a year, every card changes (変化)
5. rosters checked: the active roster filled again from the farm; the new season's schedule

`seasons.new_season` runs the steps inside its own unit of work (`renew`); `offseason` reads
back what the renewal that made a season did. The rules are league.offseason's."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from league.offseason import renewal
from league.offseason.aging import Aged
from league.offseason.draft import draft_rules, priority_league
from league.offseason.renewal import Renewal
from league.offseason.retirement import RETIRE
from storage import history_store as hs
from storage import repository as repo
from tui.services.db import Db, Work
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


@dataclass(frozen=True)
class OffseasonView:
    """What the renewal before season `season` did (empty before any renewal), in §7's order."""

    season: int
    year: int
    changes: tuple[ChangeView, ...]
    departures: tuple[DepartureView, ...] = ()
    picks: tuple[PickView, ...] = ()
    called_up: tuple[tuple[str, str, str], ...] = ()     # (player, name, team)

    def as_dict(self) -> dict[str, Any]:
        return {"season": self.season, "year": self.year,
                "departures": [dataclasses.asdict(d) for d in self.departures],
                "draft": [dict(dataclasses.asdict(p), lottery=list(p.lottery))
                          for p in self.picks],
                "called_up": [{"player": p, "name": n, "team": t} for p, n, t in self.called_up],
                "changes": [{"player": c.player, "name": c.name, "team": c.team, "age": c.age,
                             "mark": c.mark or None, "value": c.value, "changes": c.changes}
                            for c in self.changes]}


def renew(s: Any, league_id: int, league: str, year: int, prev_id: int) -> Renewal:
    """The off-season's steps (league.offseason.renewal) on the league's own cards, before the
    season of `year` copies them, after the closed season `prev_id` (same session as the
    season's making; the caller commits). `record` keeps them in the news once the new season
    has its id."""
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
    done = renewal.renew(league, year, cards, usage, standings, [t.code for t in lg.teams],
                         priority=priority, roster_size=row.roster_size, max_picks=rules.picks,
                         draft=rules.held,
                         known=list(repo.player_names(session=s, league_id=league_id)),
                         active_size=lg.active_size)
    gone = [(d.player, d.team, "") for d in done.departures]
    if gone:
        hs.apply_moves(session=s, league_id=league_id, season_id=None, moves=gone)
    if done.drafted:
        repo.add_base_players(session=s, league_id=league_id, rows=[
            (d.player, d.prospect.name, d.team, d.batting, d.pitching) for d in done.drafted])
    moved = {a.player for a in done.aged} | {pid for pid, _ in done.called_up}
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


def record(s: Any, league_id: int, season_id: int, done: Renewal) -> None:
    """The renewal as the news of the season it was made for, in §7's order: each retirement
    (引退) and release (戦力外), each pick of the draft, each team's changes (変化: its players the
    moves, the changes a JSON note), each call-up that filled an active roster again."""
    for d in done.departures:
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
                                            "hazure": x.pick.hazure},
                                           ensure_ascii=False, separators=(",", ":")))
    by_team: dict[str, list[Aged]] = {}
    for a in done.aged:
        by_team.setdefault(a.team, []).append(a)
    for team, rows in by_team.items():
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind=hs.CHANGE, moves=[(a.player, team, team) for a in rows],
                           note=json.dumps({a.player: a.change.as_dict() for a in rows},
                                           ensure_ascii=False, separators=(",", ":")))
    for pid, team in done.called_up:
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind="up", moves=[(pid, team, team)],
                           note="the off-season: in place of a player who left")


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
                and (t.note or "").startswith("{")]
        careers: dict[str, dict[str, int]] = {}
        if left:
            ids = [i for i in repo.season_ids(session=s, league_id=row.id) if i != info.id]
            who = {t.moves[0][0] for t in left}
            for tot in hs.season_totals(session=s, season_ids=ids):
                if tot.player not in who:
                    continue
                c = careers.setdefault(tot.player, {"seasons": 0, "pa": 0, "h": 0, "hr": 0,
                                                    "outs": 0, "wins": 0, "losses": 0,
                                                    "saves": 0, "_ids": 0})
                c["_ids"] |= 1 << ids.index(tot.season_id)
                if tot.batting:
                    c["pa"] += tot.batting.pa
                    c["h"] += tot.batting.h
                    c["hr"] += tot.batting.hr
                if tot.pitching:
                    c["outs"] += tot.pitching.outs
                    c["wins"] += tot.pitching.wins
                    c["losses"] += tot.pitching.losses
                    c["saves"] += tot.pitching.saves
        drafts = [t for t in reversed(news) if t.kind == hs.DRAFT]
        ups = [t for t in reversed(news) if t.kind == "up"]
    departures = []
    for t in left:
        pid, team, _ = t.moves[0]
        d = json.loads(t.note)
        c = dict(careers.get(pid, {}))
        seasons = bin(c.pop("_ids", 0)).count("1")
        c.pop("seasons", None)
        departures.append(DepartureView(pid, names.get(pid, pid), team, int(d.get("age", 0)),
                                        t.kind, str(d.get("reason", "")), seasons, c))
    picks = []
    for t in drafts:
        pid, _src, team = t.moves[0]
        d = json.loads(t.note or "{}")
        picks.append(PickView(int(d.get("round", 0)), int(d.get("pick", 0)), team, pid,
                              names.get(pid, pid), str(d.get("school", "")), int(d.get("age", 0)),
                              tuple(d.get("lottery") or ()), bool(d.get("hazure"))))
    picks.sort(key=lambda p: p.number)
    called = tuple((t.moves[0][0], names.get(t.moves[0][0], t.moves[0][0]), t.moves[0][1])
                   for t in ups)
    changes = []
    for t in items:
        data = json.loads(t.note or "{}")
        for pid, team, _ in t.moves:
            d = data.get(pid) or {}
            changes.append(ChangeView(pid, names.get(pid, pid), team, int(d.get("age", 0)),
                                      d.get("mark") or "", dict(d.get("changes") or {}),
                                      float(d.get("value", 0.0))))
    changes.sort(key=lambda c: (-abs(c.value), c.player))
    return OffseasonView(info.number, info.year, tuple(changes), tuple(departures), tuple(picks),
                         called)


def player_changes(s: Any, league_id: int, pid: str) -> list[tuple[int, int, dict[str, Any]]]:
    """(season number, year, change) of one player's every off-season, oldest first."""
    out = []
    years = {i.number: i.year for i in _seasons(s, league_id)}
    for t in hs.transactions(session=s, league_id=league_id):
        if t.kind != hs.CHANGE or not any(m[0] == pid for m in t.moves):
            continue
        d = json.loads(t.note or "{}").get(pid)
        if d is not None and t.season is not None:
            out.append((t.season, years.get(t.season, 0), d))
    return sorted(out, key=lambda x: x[0])


def player_origin(s: Any, league_id: int, pid: str) -> dict[str, Any] | None:
    """How a player joined: the draft that brought him (its year: the autumn before the season
    he joined for, as NPB names its drafts; round, pick, school), None for a player of the
    league's own files."""
    for t in hs.transactions(session=s, league_id=league_id):
        if t.kind == hs.DRAFT and t.moves and t.moves[0][0] == pid:
            d = json.loads(t.note or "{}")
            year = next((i.year - 1 for i in _seasons(s, league_id) if i.number == t.season),
                        None)
            return {"year": year, "season": t.season, "round": d.get("round"),
                    "pick": d.get("pick"), "school": d.get("school"), "team": t.moves[0][2]}
    return None


def player_born(s: Any, league_id: int, pid: str) -> str:
    """A player's birth date as his own cards (or his latest) give it; "" for none."""
    for _pid, _team, bat, pit in repo.base_cells(session=s, league_id=league_id, player=pid,
                                                  released=True):
        return (bat or {}).get("born") or (pit or {}).get("born") or ""
    return ""


def _seasons(s: Any, league_id: int) -> list[repo.SeasonInfo]:
    return [repo.season_info(session=s, season_id=sid)
            for sid in repo.season_ids(session=s, league_id=league_id)]
