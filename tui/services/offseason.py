"""The off-season (shared/rules/npb_offseason.md §7): what the renewal of a closed season does
before the next one is made, in order, each step a transaction of the league's news:

1. retirements and releases (§2)            — not yet: the next steps of issue 31
2. the draft (§3)                           — not yet
3. FA, foreign signings and trades (§4-6)   — issue 32
4. growth and decline (§1): ages move on a year, every card changes (変化)   `age_cards`
5. rosters checked against the limits, the new season's schedule           `seasons.new_season`

`seasons.new_season` runs the steps inside its own unit of work (`renew`); `offseason` reads
back what the renewal that made a season did. The rules are league.offseason's."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from league.offseason.aging import Aged, age_players
from storage import history_store as hs
from storage import repository as repo
from tui.services.db import Db, Work


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
class OffseasonView:
    """What the renewal before season `season` did (empty before any renewal)."""

    season: int
    year: int
    changes: tuple[ChangeView, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"season": self.season, "year": self.year,
                "changes": [{"player": c.player, "name": c.name, "team": c.team, "age": c.age,
                             "mark": c.mark or None, "value": c.value, "changes": c.changes}
                            for c in self.changes]}


def renew(s: Any, league_id: int, league: str, year: int) -> list[Aged]:
    """The off-season's steps on the league's own cards, before the season of `year` copies them
    (same session as the season's making; the caller commits). Returns the growth and decline
    for `record`, which needs the new season's id."""
    players = repo.base_cells(session=s, league_id=league_id)
    aged = age_players(league, year, players)
    repo.set_base_cells(session=s, league_id=league_id,
                        cells={a.player: (a.batting, a.pitching) for a in aged})
    return aged


def record(s: Any, league_id: int, season_id: int, aged: list[Aged]) -> None:
    """The changes as the news: one entry per team (its players the moves, the changes a JSON
    note), kept with the season they were made for."""
    by_team: dict[str, list[Aged]] = {}
    for a in aged:
        by_team.setdefault(a.team, []).append(a)
    for team, rows in by_team.items():
        hs.add_transaction(session=s, league_id=league_id, season_id=season_id, day=None,
                           kind=hs.CHANGE, moves=[(a.player, team, team) for a in rows],
                           note=json.dumps({a.player: a.change.as_dict() for a in rows},
                                           ensure_ascii=False, separators=(",", ":")))


def offseason(db: Db, league: str | None = None, season: int | None = None) -> OffseasonView:
    """What the renewal that made season `season` (the latest by default) did: each player's
    change (変化), biggest first."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        names = repo.player_names(session=s, league_id=row.id)
        items = [t for t in hs.transactions(session=s, league_id=row.id)
                 if t.kind == hs.CHANGE and t.season == info.number]
    changes = []
    for t in items:
        data = json.loads(t.note or "{}")
        for pid, team, _ in t.moves:
            d = data.get(pid) or {}
            changes.append(ChangeView(pid, names.get(pid, pid), team, int(d.get("age", 0)),
                                      d.get("mark") or "", dict(d.get("changes") or {}),
                                      float(d.get("value", 0.0))))
    changes.sort(key=lambda c: (-abs(c.value), c.player))
    return OffseasonView(info.number, info.year, tuple(changes))


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


def player_born(s: Any, league_id: int, pid: str) -> str:
    """A player's birth date as his own cards (or his latest) give it; "" for none."""
    for _pid, _team, bat, pit in repo.base_cells(session=s, league_id=league_id, player=pid,
                                                  released=True):
        return (bat or {}).get("born") or (pit or {}).get("born") or ""
    return ""


def _seasons(s: Any, league_id: int) -> list[repo.SeasonInfo]:
    return [repo.season_info(session=s, season_id=sid)
            for sid in repo.season_ids(session=s, league_id=league_id)]
