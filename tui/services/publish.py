"""What the league's web site (`impact site`, tui/site) reads: the whole league in a few units of
work, in bulk (every player's career from one query, not one query a player), and a season's
finished games with their play-by-play, each replayed once from its rolls.

Textual-free like every service; the site generator reads the league through these functions
only.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from league.engine.game import GameResult
from league.season.careers import Career, CareerSeason, add_stats, career
from league.season.stats import FIELDING_POSITIONS, LeaderRow, add_batting, add_pitching
from league.season.stats import leaders as league_leaders
from storage import history_store as hs
from storage import repository as repo
from storage.views import GameSlot, OddsPoint
from tui.services.db import Db, Work, db_error
from tui.services.farm import FarmView
from tui.services.history import HistoryView, NewsItem
from tui.services.postseason import PostseasonView
from tui.services.stats import StandingsView, TeamStatsView, positions_lines, race_of
from tui.services.views import NameBook

# the leader boards of the site: (kind, stat), the rate stats with their qualifier
LEADER_BOARDS: tuple[tuple[str, str], ...] = (
    ("batting", "avg"), ("batting", "hr"), ("batting", "rbi"), ("batting", "h"),
    ("batting", "sb"), ("batting", "obp"), ("batting", "ops"),
    ("pitching", "era"), ("pitching", "wins"), ("pitching", "so"), ("pitching", "saves"),
    ("pitching", "hold_points"), ("pitching", "whip"),
)


@dataclass(frozen=True)
class GroupLeaders:
    """One league's (リーグ) leader boards and the team games its qualifiers are counted from."""

    code: str
    name: str
    name_en: str
    team_games: dict[str, int]
    boards: dict[tuple[str, str], list[LeaderRow]]
    # NPB's 守備率 boards, one a position (FIELDING_POSITIONS, in their order): his games there
    # alone, two thirds of the team's games there (catchers half, pitchers 規定投球回), as
    # `impact leaders --pos` prints them
    fielding: dict[str, list[LeaderRow]] = field(default_factory=dict)


@dataclass(frozen=True)
class SiteSeason:
    """One season as the site shows it."""

    number: int
    year: int
    phase: str
    standings: StandingsView
    games: tuple[GameSlot, ...]           # regular season and postseason, in day order
    postseason: PostseasonView
    team_stats: TeamStatsView
    leaders: tuple[GroupLeaders, ...]
    odds: tuple[OddsPoint, ...]
    race: dict[str, dict[str, list[tuple[date, int]]]]    # league (リーグ) → team → 貯金 by day


@dataclass(frozen=True)
class SitePlayer:
    """A player's page: who he is, where he plays now, his career (the postseason apart) and
    his latest season's splits."""

    id: str
    name: str
    name_en: str
    team: str                  # his team now ("" for a free agent)
    status: str                # active | farm | free | gone
    bats: str
    throws: str
    role: str
    regular: Career | None
    postseason: Career | None
    splits: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class SiteData:
    """The league: its names, its seasons (oldest first), the latest season's rosters, every
    player, the history and the news."""

    league: str
    title: str
    code: str
    groups: tuple[tuple[str, str, str, tuple[str, ...]], ...]   # (code, name, name_en, teams)
    names: NameBook
    seasons: tuple[SiteSeason, ...]
    rosters: dict[str, FarmView]
    players: dict[str, SitePlayer]
    history: HistoryView
    news: tuple[NewsItem, ...]
    title_en: str = ""            # the league's name in Latin letters (the English pages)


def site_data(db: Db, league: str | None = None) -> SiteData:
    """Everything the site shows but the box scores (`season_games`)."""
    from tui.services.farm import team_farm
    from tui.services.history import history, news
    from tui.services.names import name_book
    from tui.services.postseason import postseason
    from tui.services.stats import standings, team_stats

    w = Work.of(db, league)
    try:
        with w.session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            lid = row.id
            name = row.name
            ids = repo.season_ids(session=s, league_id=lid)
            infos = [repo.season_info(session=s, season_id=sid) for sid in ids]
            structure = repo.league_structure(session=s, league_id=lid)
            latest = repo.load_league(session=s, league_id=lid,
                                      season_id=ids[-1] if ids else None)
            regular = hs.season_totals(session=s, season_ids=ids)
            post = hs.season_totals(session=s, season_ids=ids, kind="postseason")
            schedules = {i.id: tuple(repo.schedule(session=s, season_id=i.id, kind=None))
                         for i in infos}
            from storage import odds_store
            odds = {i.id: tuple(odds_store.odds_history(session=s, season_id=i.id))
                    for i in infos}
            split_rows = repo.split_lines(session=s, season_ids=ids[-1:]) if ids else []
            bat_rows = repo.batting_lines(session=s, season_ids=ids[-1:]) if ids else []
            pit_rows = repo.pitching_lines(session=s, season_ids=ids[-1:]) if ids else []
            everyone = repo.player_names(session=s, league_id=lid)
            leagues = {t: g.code for g in structure.groups for t in g.teams} \
                if len(structure.groups) > 1 else {}
            boards = {i.id: _season_boards(s, i.id, leagues) for i in infos}
            positions = {i.id: positions_lines(s, i.id, leagues) for i in infos}
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    book = name_book(w, league=name)
    groups = tuple((g.code, g.name, g.name_en, tuple(g.teams)) for g in structure.groups)
    seasons = []
    for info in infos:
        view = standings(w, name, info.number)
        games = {r.team: r.games for r in view.rows}
        outs = {(p, t): st.outs for p, t, st in boards[info.id]["pitching"]}
        leaders = tuple(
            GroupLeaders(code, gname, gname_en, {t: games.get(t, 0) for t in teams},
                         {(kind, stat): league_leaders(
                             [(p, t, st) for p, t, st in boards[info.id][kind] if t in teams],
                             stat, team_games=games, limit=10, kind=kind)
                          for kind, stat in LEADER_BOARDS},
                         {pos: league_leaders(
                             [(p, t, st) for p, t, st in positions[info.id].get(pos, [])
                              if t in teams],
                             "fielding_pct", team_games=games, limit=10, kind="fielding",
                             position=pos, pitcher_outs=outs)
                          for pos in FIELDING_POSITIONS})
            for code, gname, gname_en, teams in groups)
        seasons.append(SiteSeason(info.number, info.year, info.phase, view,
                                  schedules[info.id], postseason(w, name, info.number),
                                  team_stats(w, name, info.number), leaders, odds[info.id],
                                  race_of(schedules[info.id], groups)))
    rosters = {t.code: team_farm(w, t.code, name) for t in latest.teams} if ids else {}
    players = _players(latest, everyone, ids, infos, regular, post, split_rows, bat_rows,
                       pit_rows, rosters)
    return SiteData(name, structure.name, structure.code, groups, book, tuple(seasons), rosters,
                    players, history(w, name), tuple(news(w, name)), structure.name_en)


def _season_boards(s: Any, season_id: int, leagues: dict[str, str]
                   ) -> dict[str, list[tuple[str, str, Any]]]:
    """The season's lines by kind for the leader boards (tui.services.stats.season_lines: a
    man traded within a league has one line)."""
    from tui.services.stats import season_lines
    return {kind: season_lines(s, season_id, kind, leagues) for kind in ("batting", "pitching")}


def _role(p: Any) -> str:
    if p.pitching is not None:
        return "SP" if p.pitching.starter > 0 else "RP"
    return next((f.position for f in p.fielding if f.position != "P"), "DH")


def _careers(totals: Sequence[hs.Totals], ids: Sequence[int], infos: Sequence[repo.SeasonInfo]
             ) -> dict[str, Career]:
    """Every player's career (年度別成績) from the seasons' totals: each season's teams summed."""
    info_of = {i.id: i for i in infos}
    by_player: dict[str, dict[int, list[hs.Totals]]] = {}
    for t in totals:
        by_player.setdefault(t.player, {}).setdefault(t.season_id, []).append(t)
    out = {}
    order = {sid: k for k, sid in enumerate(ids)}
    for pid, seasons in by_player.items():
        rows = []
        for sid in sorted(seasons, key=lambda x: order.get(x, 0)):
            parts = sorted(seasons[sid], key=lambda t: (t.last_day, t.last_number))

            def total(attr: str, parts: list[hs.Totals] = parts) -> Any:
                xs = [getattr(t, attr) for t in parts if getattr(t, attr) is not None]
                return add_stats(xs) if xs else None

            info = info_of[sid]
            rows.append(CareerSeason(info.number, str(info.year or info.start.year),
                                     tuple(dict.fromkeys(t.team for t in parts)),
                                     total("batting"), total("pitching"), total("fielding")))
        out[pid] = career(pid, rows)
    return out


def _players(latest: Any, everyone: dict[str, str], ids: Sequence[int],
             infos: Sequence[repo.SeasonInfo], regular: Sequence[hs.Totals],
             post: Sequence[hs.Totals], split_rows: Sequence[repo.StoredLine],
             bat_rows: Sequence[repo.StoredLine], pit_rows: Sequence[repo.StoredLine],
             rosters: dict[str, FarmView]) -> dict[str, SitePlayer]:
    careers = _careers(regular, ids, infos)
    post_careers = _careers(post, ids, infos)
    splits = _splits(split_rows, bat_rows, pit_rows)
    status = {e.player.id: e.status for v in rosters.values() for e in v.entries}
    cards = {p.id: p for t in latest.teams for p in t.players}
    out = {}
    for pid, name in everyone.items():
        card = cards.get(pid)
        if card is None and pid not in careers:
            continue      # a player of the league who never played and is on no roster
        out[pid] = SitePlayer(
            pid, card.name if card else name, card.name_en if card else "",
            card.team if card else "", status.get(pid, "active") if card else "gone",
            card.bats if card else "", card.throws if card else "",
            _role(card) if card else "", careers.get(pid), post_careers.get(pid),
            splits.get(pid, {}))
    return out


def _splits(split_rows: Sequence[repo.StoredLine], bat_rows: Sequence[repo.StoredLine],
            pit_rows: Sequence[repo.StoredLine]) -> dict[str, dict[str, Any]]:
    """Each player's splits of the latest regular season: batting against left- and right-handed
    pitchers, batting and pitching at home and away (as `impact stats splits`)."""
    lines: dict[str, dict[str, dict[str, list]]] = {}

    def add(pid: str, kind: str, key: str, item: Any) -> None:
        lines.setdefault(pid, {}).setdefault(kind, {}).setdefault(key, []).append(item)

    for ln in split_rows:
        add(ln.player, "batting", "vs_" + ln.hand, ln.line)
    for ln in bat_rows:
        add(ln.player, "batting", "home" if ln.home else "away", ln.line)
    for ln in pit_rows:
        add(ln.player, "pitching", "home" if ln.home else "away",
            (ln.line, ln.decision, ln.started, ln.finished))
    out: dict[str, dict[str, Any]] = {}
    for pid, kinds in lines.items():
        mine: dict[str, Any] = {}
        if "batting" in kinds:
            b = kinds["batting"]
            mine["batting"] = {k: add_batting(b[k]) if b.get(k) else None
                               for k in ("vs_L", "vs_R", "home", "away")}
        if "pitching" in kinds:
            p = kinds["pitching"]
            mine["pitching"] = {k: add_pitching(p[k]) if p.get(k) else None
                                for k in ("home", "away")}
        out[pid] = mine
    return out


@dataclass(frozen=True)
class SiteIndex:
    """What every page names: the league, its seasons' numbers (oldest first), its leagues
    (リーグ) and the names of its teams and players in both languages."""

    league: str
    title: str
    seasons: tuple[int, ...]
    groups: tuple[tuple[str, str, str, tuple[str, ...]], ...]
    names: NameBook
    title_en: str = ""            # the league's name in Latin letters (the English pages)


def site_index(db: Db, league: str | None = None) -> SiteIndex:
    from tui.services.names import name_book

    w = Work.of(db, league)
    try:
        with w.session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            ids = repo.season_ids(session=s, league_id=row.id)
            numbers = tuple(repo.season_info(session=s, season_id=sid).number for sid in ids)
            structure = repo.league_structure(session=s, league_id=row.id)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    groups = tuple((g.code, g.name, g.name_en, tuple(g.teams)) for g in structure.groups)
    return SiteIndex(row.name, structure.name, numbers, groups, name_book(w, league=row.name),
                     structure.name_en)


def game_digests(db: Db, league: str | None = None, season: int | None = None
                 ) -> dict[int, str]:
    """Each finished game of the season (number → digest of what is stored of it: its slot and
    its record), so the site can tell a game it has already made a page of (tui/site)."""
    import hashlib

    from sqlalchemy import select  # nine columns: SQLAlchemy's own (sqlmodel's takes four)
    from sqlmodel import col

    from storage.tables import GameRow, ScheduleRow
    try:
        with Work.of(db, league).session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            info = repo.find_season(session=s, league_id=row.id, number=season)
            found = s.execute(
                select(col(ScheduleRow.number), col(ScheduleRow.day), col(ScheduleRow.away),
                       col(ScheduleRow.home), col(ScheduleRow.away_runs), col(ScheduleRow.home_runs),
                       col(ScheduleRow.kind), col(GameRow.id), col(GameRow.data))
                .join(GameRow, col(GameRow.schedule_id) == ScheduleRow.id)
                .where(col(ScheduleRow.season_id) == info.id, col(ScheduleRow.status) == "final")
            ).all()
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    out = {}
    for number, day, away, home, ar, hr, kind, gid, data in found:
        head = f"{number}|{day}|{away}|{home}|{ar}|{hr}|{kind}|{gid}|".encode()
        out[number] = hashlib.sha256(head + data.encode("utf-8")).hexdigest()
    return out


@dataclass(frozen=True)
class GameBox:
    """A finished game for its page: the stored result with its play-by-play."""

    season: int
    slot: GameSlot
    result: GameResult
    # each home run's number in its batter's season (N号), in result.home_runs' order
    hr_numbers: tuple[int, ...] = ()


def season_games(db: Db, league: str | None = None, season: int | None = None, *,
                 numbers: Sequence[int] | None = None, shard: int = 0,
                 shards: int = 1) -> Iterator[GameBox]:
    """The season's finished games (those of `numbers` when given; of those, every `shards`-th
    from the `shard`-th, so that several processes share them), each with its play-by-play made
    again from its rolls (games.with_log), the league read once."""
    from league.season.simulate import players_of
    from tui.services.games import HomeRunBook, stored_game, with_log

    try:
        with Work.of(db, league).session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            info = repo.find_season(session=s, league_id=row.id, number=season)
            lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
            ruleset = repo.league_ruleset_of(session=s, league_id=row.id)
            players = players_of(lg)
            wanted = set(numbers) if numbers is not None else None
            finals = [slot for slot in repo.schedule(session=s, season_id=info.id, kind=None)
                      if slot.status == "final"
                      and (wanted is None or slot.number in wanted)]
            books: dict[str, HomeRunBook] = {}      # the season's home runs by kind of game
            for slot in finals[shard::shards]:
                played, result, data, _seed = stored_game(s, row.id, info.id, slot, lg, players)
                if "raws" in data:
                    result = with_log(played, ruleset, result, data)
                if result.home_runs and slot.kind not in books:
                    books[slot.kind] = HomeRunBook(repo.home_run_lines(
                        session=s, season_ids=[info.id], kind=slot.kind))
                numbers = books[slot.kind].numbers(slot, result) if result.home_runs else ()
                yield GameBox(info.number, slot, result, numbers)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


__all__ = ["GameBox", "GroupLeaders", "LEADER_BOARDS", "SiteData", "SitePlayer", "SiteSeason",
           "SiteIndex", "game_digests", "season_games", "site_data", "site_index"]
