"""A league lived through N seasons (`impact calibrate --lived N`): played, closed and renewed
through the same services as `impact season ...` in a scratch database, then measured — rules
C.3 over its last five seasons' regular games (WINDOW; all of them when fewer were lived), the
last season alone beside it, and what the off-seasons did to it (issue 31: players of season
one gone, newcomers' share of the last season's plate appearances, the mean age under contract
each season, the 新人王 named in each league)."""
from __future__ import annotations

import json
import math
import statistics
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Final, NamedTuple

from league.offseason.people import age_in
from league.season.calibration import Report, SeasonTally, Tally
from league.season.simulate import players_of
from league.season.standings import Outcome, standings
from storage import history_store as hs
from storage import repository as repo
from tui.services.db import Work, close_all

# C.3 measures its season table as the mean of five seasons and its per-game one over at least
# 2,000 games (or five seasons): a lived league is judged the same way, over its last WINDOW
# seasons. One season is not C.3's measure: a league's best and worst W% of one season move by
# about .03 around their mean (luck alone: .042 a club over 143 games) and a title holder's
# line by as much, so one lived season judged alone failed or passed by chance (issue 31: seeds
# 1-3 of `--lived 10` pass W% over seasons 6-10, season ten alone gave worst W% .449 and .321)
WINDOW: Final = 5


class Balance(NamedTuple):
    """One league's (リーグ) competitive balance in one season, from its regular games: its
    clubs' W% (W/(W+L), ties left out) as a spread — the sample standard deviation over its
    clubs, the best and the worst — beside `luck`, the spread luck alone gives clubs of equal
    strength over as many decisions (the binomial sd, sqrt(.25 / decisions) a club, their
    mean), and `talent`, the spread of strength the two leave (sqrt(sd² − luck²), negative when
    the season was tighter than luck alone would make it)."""

    season: int
    league: str
    sd: float
    best: float
    worst: float
    luck: float
    talent: float


class ForeignSeason(NamedTuple):
    """One season's foreign players (§5), measured by `_foreign_days`: signed and released in
    the off-season before it; the days from its first scheduled day to its last whose active
    rosters were counted (every one, the days without games too), the most foreign players any
    club's active roster held, the days a club was over the limit (on its active roster, or in
    one day's games); the days with games, the most foreign players one club used in one day's
    games, and the foreign men the games' lines show playing while the day's rosters had them
    off the club's active roster (0: the rosters walked are the rosters played)."""

    season: int
    signed: int
    released: int
    days_checked: int
    most_active: int
    days_over_limit: int
    game_days: int
    most_in_games: int
    played_off_roster: int


@dataclass(frozen=True)
class LivedReport:
    """What N lived seasons show: `report` is C.3 over the last WINDOW seasons (the mean of five,
    as C.3 measures; all of them when fewer were lived), `last` over the last season alone;
    `ages` the mean age under contract of each season; `gone` the share of season one's players not under contract in the
    last; `newcomers` the share of the last season's plate appearances by players who were not
    there in season one; `rookies` each renewed season's 新人王 proposal per league."""

    seasons: int
    report: Report
    ages: tuple[tuple[int, int, float], ...]          # (season, year, mean age)
    gone: float
    newcomers: float
    rookies: tuple[tuple[int, str, str | None], ...]  # (season, league, player or None)
    # the foreign players (外国人, §5) of each season (ForeignSeason): every day's active
    # rosters and games counted against the league's limit
    foreign: tuple[ForeignSeason, ...] = ()
    # free agency (§4) in the off-season before each season: declared (FA宣言), moved (to another
    # club or out of the league), compensation
    fa: tuple[tuple[int, int, int, int], ...] = ()
    # trades (§6) of each season from the first: in the off-season before it (none before the
    # first), in its season (a person's, the computer's with [trades] in_season), and those of
    # its season made after the deadline (31 July: none)
    trades: tuple[tuple[int, int, int, int], ...] = ()
    last: Report | None = None
    # each season's competitive balance, league by league, and the correlation of a club's W%
    # with its W% the season before over every lived pair of seasons (a club's strength kept
    # from one year to the next; None when fewer than three pairs)
    balance: tuple[Balance, ...] = ()
    carry: float | None = None

    @property
    def first_measured(self) -> int:
        """The first season of `report`'s window."""
        return self.seasons - self.report.seasons + 1

    def as_dict(self) -> dict[str, Any]:
        last = self.last or self.report
        return {"seasons": self.seasons,
                "last_seasons": {"from": self.first_measured, "to": self.seasons,
                                 **self.report.as_dict()},
                "last_season": last.as_dict(),
                "mean_age": [{"season": n, "year": y, "age": round(a, 2)}
                             for n, y, a in self.ages],
                "gone_from_season_one": round(self.gone, 4),
                "newcomers_pa_share": round(self.newcomers, 4),
                "rookies": [{"season": n, "league": lg or None, "player": p}
                            for n, lg, p in self.rookies],
                "foreign": [f._asdict() for f in self.foreign],
                "fa": [{"season": n, "declared": d, "moved": m, "compensation": c}
                       for n, d, m, c in self.fa],
                "trades": [{"season": n, "offseason": o, "in_season": i, "after_deadline": a}
                           for n, o, i, a in self.trades],
                "balance": [{k: round(v, 4) if isinstance(v, float) else v
                             for k, v in b._asdict().items()} for b in self.balance],
                "carry": None if self.carry is None else round(self.carry, 4)}


def lived(source: str | Path, seasons: int, *, seed: int = 1,
          progress: Callable[[int, str], None] | None = None) -> LivedReport:
    """Play `seasons` seasons of the league at `source` (a folder or a bundled league's name),
    each closed and renewed (the off-season), and measure them."""
    from tui.services import history as sh
    from tui.services.leagues import create_league
    from tui.services.postseason import season_status, sim_postseason, start_postseason
    from tui.services.seasons import close_season, new_season, sim_days
    with tempfile.TemporaryDirectory(prefix="impact-lived-") as tmp:
        db = str(Path(tmp) / "lived.sqlite3")
        create_league(db, "lived", source)
        rookies: list[tuple[int, str, str | None]] = []
        try:
            for n in range(1, seasons + 1):
                new_season(db, "lived", seed=seed + n - 1 if n == 1 else None)
                if progress:
                    progress(n, "regular season")
                sim_days(db, "lived", to_end=True)
                # a league without a postseason closes at once; any other refusal is an error
                if season_status(db, "lived").next_action == "start_postseason":
                    start_postseason(db, "lived")
                    sim_postseason(db, "lived")
                close_season(db, "lived")
                if n > 1:
                    view = sh.season_awards(db, "lived", n)
                    rookies += [(n, a.league, a.proposed) for a in view.slots
                                if a.award == "rookie"]
            return _measure(db, seasons, seed, rookies)
        finally:
            close_all()


def _measure(db: str, seasons: int, seed: int,
             rookies: list[tuple[int, str, str | None]]) -> LivedReport:
    with Work.of(db, "lived").session() as s:
        row = repo.find_league(session=s, name="lived")
        assert row.id is not None
        ids = repo.season_ids(session=s, league_id=row.id)
        infos = [repo.season_info(session=s, season_id=i) for i in ids]
        from sqlmodel import select

        from storage.tables import CardRow, PlayerRow
        rosters: dict[int, set[str]] = {}
        ages = []
        for info in infos:
            rows = s.exec(select(PlayerRow.pid, CardRow.batting, CardRow.pitching)
                          .join(PlayerRow).where(CardRow.season_id == info.id,
                                                 CardRow.team != "")).all()
            rosters[info.number] = {r[0] for r in rows}
            years = [a for _p, b, p in rows
                     if (a := age_in(json.loads(b or p or "{}").get("born", ""), info.year))
                     is not None]
            ages.append((info.number, info.year, sum(years) / len(years) if years else 0.0))
        news = hs.transactions(session=s, league_id=row.id)
        # the limits are settings: the league file without its cards (the own cards as the last
        # season closed need not be a legal league file: a club may end it unable to field 3B)
        own = repo.league_structure(session=s, league_id=row.id)
        foreign = tuple(_foreign_days(s, info, news, own.foreign_active, own.foreign_side)
                        for info in infos)
        fa = tuple(_fa_counts(info.number, news) for info in infos[1:])
        # every season's, season one's too (its trades in the season: it has no off-season)
        trades = tuple(_trade_counts(info, news) for info in infos)
        first, last = rosters[infos[0].number], rosters[infos[-1].number]
        totals = hs.season_totals(session=s, season_ids=[ids[-1]])
        pa = sum(t.batting.pa for t in totals if t.batting)
        new = sum(t.batting.pa for t in totals if t.batting and t.player not in first)
        groups = [(g.code, tuple(g.teams)) for g in own.groups]
        clubs = [t for _, teams in groups for t in teams]
        records = {info.number: _records(s, info.id, clubs) for info in infos}
        ruleset = repo.league_ruleset_of(session=s, league_id=row.id)
        window, alone = _tallies(s, row.id, ids[-WINDOW:])
    name = window[0]

    def report(t: tuple[str, Tally, SeasonTally, int]) -> Report:
        return Report(name, ruleset.name, seed + seasons - 1, t[1].games, t[3],
                      tuple(t[1].figures()), tuple(t[2].figures()))
    return LivedReport(seasons, report(window), tuple(ages),
                       len(first - last) / len(first) if first else 0.0,
                       new / pa if pa else 0.0, tuple(rookies), foreign, fa, trades,
                       report(alone), balance(records, groups), carry(records))


Records = dict[str, tuple[int, int]]       # club -> (wins, losses) of one season


def _records(s: Any, season_id: int, teams: Sequence[str]) -> Records:
    """Each club's wins and losses in the regular games of a season (ties are neither), as the
    standings count them; a club without a decision is left out."""
    rows = standings([Outcome(g.number, g.day, g.away, g.home, g.away_runs or 0,
                              g.home_runs or 0)
                      for g in repo.final_games(session=s, season_id=season_id)], teams)
    return {r.team: (r.wins, r.losses) for r in rows if r.wins + r.losses}


def balance(records: Mapping[int, Records], groups: Sequence[tuple[str, Sequence[str]]]
            ) -> tuple[Balance, ...]:
    """Each season's (`records`: season → club → (wins, losses)) balance in each league
    (`groups`: its code and clubs), see Balance; a league with fewer than two clubs that
    played is left out."""
    out = []
    for n in sorted(records):
        for code, teams in groups:
            rec = [records[n][t] for t in teams if sum(records[n].get(t, (0, 0)))]
            if len(rec) < 2:
                continue
            pct = [w / (w + lost) for w, lost in rec]
            sd = statistics.stdev(pct)
            luck = statistics.fmean(math.sqrt(0.25 / (w + lost)) for w, lost in rec)
            gap = sd * sd - luck * luck
            out.append(Balance(n, code, sd, max(pct), min(pct), luck,
                               math.copysign(math.sqrt(abs(gap)), gap)))
    return tuple(out)


def carry(records: Mapping[int, Records]) -> float | None:
    """The correlation of a club's W% with its W% the season before, over every pair of
    seasons `records` hold (season → club → (wins, losses)); None with fewer than three pairs
    or no spread."""
    pairs = [(w / (w + lost), records[n + 1][t][0] / sum(records[n + 1][t]))
             for n in sorted(records) if n + 1 in records
             for t, (w, lost) in records[n].items()
             if w + lost and sum(records[n + 1].get(t, (0, 0)))]
    if len(pairs) < 3:
        return None
    try:
        return statistics.correlation([a for a, _ in pairs], [b for _, b in pairs])
    except statistics.StatisticsError:
        return None


def _tallies(s: Any, league_id: int, season_ids: list[int]
             ) -> tuple[tuple[str, Tally, SeasonTally, int], tuple[str, Tally, SeasonTally, int]]:
    """The regular games of the seasons `season_ids` tallied for C.3 (each season with its own
    cards and rosters), and those of the last of them alone, its games read once for both:
    each the league's name, the per-game and the season tallies, the seasons."""
    tally: Tally = Tally()
    seasonal: SeasonTally | None = None
    last: tuple[str, Tally, SeasonTally, int] | None = None
    name = ""
    for sid in season_ids:
        lg = repo.load_league(session=s, league_id=league_id, season_id=sid)
        name = lg.name

        def season_tally() -> SeasonTally:
            # each league's DH rule gives its pinch-hit band, its code names its table
            return SeasonTally([g.teams for g in lg.groups], [g.dh for g in lg.groups],
                               [g.code for g in lg.groups])
        if seasonal is None:
            seasonal = season_tally()
        tallies: list[Tally | SeasonTally] = [tally, seasonal]
        seasonal.start()
        if sid == season_ids[-1]:
            last = (name, Tally(), season_tally(), 1)
            last[2].start()
            tallies += [last[1], last[2]]
        players = players_of(lg)
        # the season's games read back a few hundred to a query (four queries a game took a
        # fifth of the lived seasons' fixture, tests/conftest.py's lived_nippon)
        finals = repo.final_games(session=s, season_id=sid)
        for result, _data, _seed in repo.game_results(session=s, slots=finals, players=players):
            for t in tallies:
                t.add(result)
    assert seasonal is not None and last is not None
    return (name, tally, seasonal, len(season_ids)), last


def _trade_counts(info: Any, news: list[Any]) -> tuple[int, int, int, int]:
    """The trades of season `info` (its news): in the off-season before it, in the season, and
    in the season after the deadline (§6: the end of July)."""
    from league.offseason.trades import DEADLINE
    mine = [t for t in news if t.kind == "trade" and t.season == info.number]
    deadline = date(info.year, *DEADLINE)
    return (info.number, sum(1 for t in mine if t.day is None),
            sum(1 for t in mine if t.day is not None),
            sum(1 for t in mine if t.day is not None and t.day > deadline))


def _fa_counts(season: int, news: list[Any]) -> tuple[int, int, int, int]:
    """Free agency in the off-season before `season` (its news): declared, moved, compensation."""
    from tui.services.offseason import fa_note
    declared = moved = comp = 0
    for t in news:
        if t.season != season or t.day is not None or (n := fa_note(t)) is None:
            continue
        if n["fa"] == "compensation":
            comp += 1
            continue
        declared += 1
        moved += t.moves[0][1] != t.moves[0][2]
    return season, declared, moved, comp


def _foreign_days(s: Any, info: Any, news: list[Any], limit: int, side: int) -> ForeignSeason:
    """One season's foreign players (§5) from what was stored: the off-season's signings and
    releases of foreign players (its news), and the active rosters of every day from the
    season's first scheduled day to its last, the days without a game too — the season's cards
    as it closed, its roster moves (the news: 一軍登録 / 登録抹消, and each trade in season: its
    men's clubs and rosters) undone back to its first day and replayed a day at a time, each
    day checked against the limit after its moves. The walk is checked against the games
    themselves: each foreign man in a game's lines (batting or pitching) must be on his club's
    active roster that day, before or after the day's moves, and no club may field more than
    the limit in one day's games."""
    from sqlmodel import col, select

    from storage.tables import BattingLineRow, CardRow, GameRow, PitchingLineRow, PlayerRow, ScheduleRow
    rows = s.exec(select(PlayerRow.pid, CardRow.team, CardRow.batting, CardRow.pitching)
                  .join(PlayerRow).where(CardRow.season_id == info.id, CardRow.team != "")).all()
    team, farm, pitcher, foreign = {}, set(), {}, set()
    for pid, code, b, p in rows:
        cells = [json.loads(x) for x in (b, p) if x]
        team[pid] = code
        pitcher[pid] = p is not None
        if any(str(c.get("foreign", "")).strip().lower() == "yes" for c in cells):
            foreign.add(pid)
        if any(str(c.get("roster", "")).strip().lower() == "farm" for c in cells):
            farm.add(pid)
    mine = [t for t in news if t.season == info.number]
    signed = sum(1 for t in mine if t.day is None and t.kind == "sign"
                 and '"foreign"' in (t.note or ""))
    released = sum(1 for t in mine if t.day is None and t.kind == "release"
                   and '"foreign"' in (t.note or ""))
    from tui.services.offseason import roster_changes
    changes = roster_changes(news, info.number)
    # who played for whom each day: the foreign men of every game's lines
    played: dict[date, dict[str, set[str]]] = {}
    for line in (BattingLineRow, PitchingLineRow):
        for day, code, pid in s.exec(
                select(col(ScheduleRow.day), col(line.team), col(line.player))
                .join(GameRow, GameRow.id == line.game_id)  # type: ignore[arg-type]
                .join(ScheduleRow, ScheduleRow.id == GameRow.schedule_id)  # type: ignore[arg-type]
                .where(line.season_id == info.id)).all():
            if pid in foreign:
                played.setdefault(day, {}).setdefault(code, set()).add(pid)
    scheduled = s.exec(select(col(ScheduleRow.day)).where(ScheduleRow.season_id == info.id)).all()

    def move(pid: str, up: bool | None, src: str | None, dst: str | None, back: bool) -> None:
        """A change made again, or undone (`back`)."""
        if src is not None and dst is not None:
            team[pid] = src if back else dst
        if up is not None:
            (farm.add if up == back else farm.discard)(pid)
    for _day, pid, up, src, dst in reversed(changes):      # back to the season's first day
        move(pid, up, src, dst, back=True)
    days: dict[date, list[tuple[str, bool | None, str | None, str | None]]] = {}
    for day, pid, up, src, dst in changes:
        days.setdefault(day, []).append((pid, up, src, dst))
    checked = most = over = fielded = off = 0

    def active() -> set[tuple[str, str]]:
        return {(team[pid], pid) for pid in foreign - farm}

    def beyond(arms: int, bats: int) -> bool:
        return arms + bats > limit or arms > side or bats > side

    def check() -> bool:
        """The day's active rosters counted: whether a club is over the limit."""
        nonlocal checked, most
        checked += 1
        count: dict[str, list[int]] = {}
        for code, pid in active():
            c = count.setdefault(code, [0, 0])
            c[0 if pitcher[pid] else 1] += 1
        for arms, bats in count.values():
            most = max(most, arms + bats)
        return any(beyond(a, b) for a, b in count.values())

    span = sorted({*scheduled, *days})
    day = span[0] if span else None
    while day is not None and day <= span[-1]:
        before = active()
        for pid, up, src, dst in days.get(day, ()):
            move(pid, up, src, dst, back=False)
        bad = check()
        on = before | active()
        for code, men in played.get(day, {}).items():
            arms = sum(1 for pid in men if pitcher[pid])
            fielded = max(fielded, len(men))
            bad |= beyond(arms, len(men) - arms)
            off += sum(1 for pid in men if (code, pid) not in on)
        over += bad
        day += timedelta(days=1)
    return ForeignSeason(info.number, signed, released, checked, most, over, len(set(scheduled)),
                         fielded, off)
