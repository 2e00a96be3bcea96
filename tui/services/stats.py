"""Reading a season back: standings, leader boards, a player's season and career."""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, cast

from league.errors import LeagueError
from league.season.foreign_limit import parse_foreign
from league.season.roster import code_as_typed
from league.season.stats import (
    BattingStats,
    FieldingStats,
    LeaderRow,
    PitchingStats,
    add_batting,
    add_fielding,
    add_pitching,
    batting_of,
    combined,
    fielding_of,
    fielding_position,
    pitching_of,
    position_as_typed,
    stat_as_typed,
    stat_label,
)
from league.season.stats import (
    leaders as league_leaders,
)
from league.season.titles import league_lines
from storage import repository as repo
from tui.services.db import Db, ServiceError, Work
from tui.services.views import LeagueTable, StandingsView, _outcomes, league_tables, standings_view  # noqa: F401  (kept where they were)


def standings(db: Db, league: str | None = None, season: int | None = None, *,
              games_behind_from: str = "leader") -> StandingsView:
    """The season's standings: every team, each league's (リーグ) table and 交流戦順位."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        lg = repo.league_structure(session=s, league_id=row.id)
        games = repo.schedule(session=s, season_id=info.id)
    return standings_view(row.name, lg, info, games, games_behind_from)


def team_games(db: Db, league: str | None, season: int | None) -> dict[str, int]:
    view = standings(db, league, season)
    return {r.team: r.games for r in view.rows}


@dataclass(frozen=True)
class LeadersBoard:
    """One league's (リーグ) board of a league of two, as fans read leaders: セ and パ apart."""
    code: str
    name: str
    name_en: str
    rows: list[LeaderRow]


@dataclass(frozen=True)
class LeadersView:
    kind: str
    stat: str
    rows: list[LeaderRow]          # the board asked for: the whole league's, a team's or a part's
    names: dict[str, str]
    season: int
    # each league's board in a league of two (one after the other; only the part asked for with
    # `part`); empty in a league of one and for a team's board
    boards: list[LeadersBoard] = dataclasses.field(default_factory=list)
    leagues: dict[str, str] = dataclasses.field(default_factory=dict)   # team → its league's code
    position: str | None = None    # a fielding board of one position (FIELDING_POSITIONS)


def _season_stats(s: Any, season_id: int, kind: str, team: str | None = None,
                  player: str | None = None) -> dict[tuple[str, str], Any]:
    """Stats per (player, team) of one kind over the season's stored lines."""
    grouped: dict[tuple[str, str], list] = {}
    if kind == "batting":
        for ln in repo.batting_lines(session=s, season_ids=[season_id], team=team, player=player):
            grouped.setdefault((ln.player, ln.team), []).append(ln.line)
        return {k: add_batting(v) for k, v in grouped.items()}
    if kind == "pitching":
        for ln in repo.pitching_lines(session=s, season_ids=[season_id], team=team, player=player):
            grouped.setdefault((ln.player, ln.team), []).append(
                (ln.line, ln.decision, ln.started, ln.finished))
        return {k: add_pitching(v) for k, v in grouped.items()}
    if kind == "fielding":
        for ln in repo.fielding_lines(session=s, season_ids=[season_id], team=team, player=player):
            grouped.setdefault((ln.player, ln.team), []).append(ln.line)
        return {k: add_fielding(v) for k, v in grouped.items()}
    raise ServiceError(f"unknown kind of stats {kind!r}; use batting, pitching or fielding")


DEFAULT_STAT = {"batting": "avg", "pitching": "era", "fielding": "fielding_pct"}

# the columns of チーム成績 for each kind: what `impact stats teams` prints and the Leaders area's
# team page shows (every stat is in --json)
TEAM_COLUMNS = {
    "batting": ("games", "pa", "ab", "r", "h", "doubles", "triples", "hr", "rbi", "sb", "bb",
                "so", "avg", "obp", "slg", "ops"),
    "pitching": ("games", "wins", "losses", "saves", "holds", "complete_games", "shutouts",
                 "outs", "h", "hr", "bb", "so", "r", "er", "era", "whip"),
    "fielding": ("games", "po", "a", "e", "dp", "pb", "sb_allowed", "cs", "fielding_pct",
                 "cs_rate"),
}


def leaders(db: Db, league: str | None = None, season: int | None = None, *,
            kind: str = "batting", stat: str | None = None, team: str | None = None,
            limit: int = 10, part: str | None = None,
            position: str | None = None) -> LeadersView:
    """A leader board; rate stats only list players who meet their team's qualifier. `part`,
    one league (リーグ) of a league of two by its code: only its teams' players (a player
    traded across counts in each for his games there). `position` (a fielding board only, as
    typed: ss, 遊撃手): the fielding at that position alone, NPB's 守備率 boards — games there
    ≥ two thirds of the team's (catchers half), pitchers 規定投球回."""
    w = Work.of(db, league)
    view = standings(w, league, season)
    games = {r.team: r.games for r in view.rows}
    if team is not None:       # a code as typed: knz is KNZ, as `impact roster list` takes it
        team = code_as_typed(team, games) or team
    if team is not None and team not in games:
        raise ServiceError(f"no team {team!r} in this league (teams: {', '.join(sorted(games))})")
    members: set[str] | None = None
    if part is not None:
        part = code_as_typed(part, [t.code for t in view.tables]) or part
        table = next((t for t in view.tables if t.code == part), None)
        if table is None:
            raise ServiceError(f"no league {part!r} in this league (leagues: "
                               f"{', '.join(t.code for t in view.tables) or 'one only'})")
        members = {r.team for r in table.rows}
    if kind not in DEFAULT_STAT:
        raise ServiceError(f"unknown kind of stats {kind!r}; use batting, pitching or fielding")
    stat = stat_as_typed(kind, stat) if stat else DEFAULT_STAT[kind]     # AVG, 打率: avg
    stat_label(kind, stat)  # an unknown stat is refused even before any game is played
    if position is not None:
        if kind != "fielding":
            raise ServiceError(f"a position ({position}) is for the fielding boards, "
                               f"not {kind}")
        try:
            position = position_as_typed(position)
        except LeagueError as exc:
            raise ServiceError(str(exc)) from None
    with w.session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        outs: dict[tuple[str, str], int] | None = None
        if position is not None:
            rows = position_lines(s, info.id, position, league_of(view), team)
            if position == "P":     # 規定投球回: each line's outs as a pitcher
                pitching = (season_lines(s, info.id, "pitching", league_of(view)) if team is None
                            else [(p, t, st) for (p, t), st in
                                  _season_totals(s, info.id, "pitching", team=team).items()])
                outs = {(p, t): st.outs for p, t, st in pitching}
        elif team is None:    # the league's board: one line per player and league
            rows = season_lines(s, info.id, kind, league_of(view))
        else:                 # one team's: what each man did for it
            rows = [(p, t, st) for (p, t), st in _season_totals(s, info.id, kind,
                                                                team=team).items()]
        names = repo.player_names(session=s, league_id=row.id)

    def board_of(lines: list) -> list[LeaderRow]:
        return league_leaders(lines, stat, team_games=games, limit=limit, kind=kind,
                              position=position, pitcher_outs=outs)

    board = board_of([(p, t, st) for p, t, st in rows if members is None or t in members])
    boards: list[LeadersBoard] = []
    if team is None and len(view.tables) > 1:
        for t in view.tables:
            if part is not None and t.code != part:
                continue
            mine = {r.team for r in t.rows}
            boards.append(LeadersBoard(t.code, t.name, t.name_en, board if part is not None else
                                       board_of([x for x in rows if x[1] in mine])))
    return LeadersView(kind, stat, board, names, view.season, boards, league_of(view), position)


def position_lines(s: Any, season_id: int, position: str, leagues: dict[str, str],
                   team: str | None = None) -> list[tuple[str, str, FieldingStats]]:
    """The season's fielding at one position (FIELDING_POSITIONS), his games there alone: a
    line per player and league as season_lines makes them (a man traded within a league one
    line, his team the club of his last game in the field), or with `team` what each man did
    there for it. A game's fielding line is at the position his batting line of the game
    says (storage: fielding_position_totals)."""
    return positions_lines(s, season_id, leagues, team, only=position).get(position, [])


def positions_lines(s: Any, season_id: int, leagues: dict[str, str], team: str | None = None,
                    only: str | None = None) -> dict[str, list[tuple[str, str, FieldingStats]]]:
    """`position_lines` of every position (or of `only`) from one read of the season's
    fielding: position → its lines (the site's 守備率 boards, each position's)."""
    parts: dict[str, dict[tuple[str, str], list[FieldingStats]]] = {}
    for player, tm, text, n, totals in repo.fielding_position_totals(
            session=s, season_id=season_id, team=team):
        pos = fielding_position(text)
        if pos is not None and (only is None or pos == only):
            parts.setdefault(pos, {}).setdefault((player, tm), []).append(fielding_of(n, totals))
    out: dict[str, list[tuple[str, str, FieldingStats]]] = {}
    last = None if team is not None or not parts else \
        repo.last_games(session=s, season_id=season_id, kind="fielding")
    for pos, by_man in parts.items():
        summed = {k: cast(FieldingStats, combined("fielding", v, sum(f.games for f in v)))
                  for k, v in by_man.items()}
        if last is None:
            out[pos] = [(p, t, st) for (p, t), st in summed.items()]
        else:
            out[pos] = league_lines(((p, t, last.get((p, t), 0), st)
                                     for (p, t), st in summed.items()), leagues)
    return out


def _season_totals(s: Any, season_id: int, kind: str, team: str | None = None
                   ) -> dict[tuple[str, str], Any]:
    """Stats per (player, team) of one kind, the lines summed by the database."""
    out: dict[tuple[str, str], Any] = {}
    for player, tm, games, totals, counts in repo.season_totals(session=s, season_id=season_id,
                                                               kind=kind, team=team):
        if kind == "batting":
            out[(player, tm)] = batting_of(games, totals)
        elif kind == "pitching":
            out[(player, tm)] = pitching_of(games, totals, counts)
        else:
            out[(player, tm)] = fielding_of(games, totals)
    return out


def league_of(view: StandingsView) -> dict[str, str]:
    """Each team's league (リーグ) code in a league of two ("" in a league of one)."""
    return {r.team: t.code for t in view.tables for r in t.rows} if len(view.tables) > 1 else {}


def season_lines(s: Any, season_id: int, kind: str, leagues: dict[str, str]
                 ) -> list[tuple[str, str, Any]]:
    """The season's lines of one kind for the leaders and titles (league.season.titles
    .league_lines): a man traded within a league has one line, his clubs summed, his team the
    club of his last game; one traded between the leagues a line in each."""
    last = repo.last_games(session=s, season_id=season_id, kind=kind)
    return league_lines(((p, t, last.get((p, t), 0), st)
                         for (p, t), st in _season_totals(s, season_id, kind).items()), leagues)


def _names(s: Any, league_id: int) -> dict[str, str]:
    return repo.player_names(session=s, league_id=league_id)


@dataclass(frozen=True)
class PlayerView:
    id: str
    name: str
    team: str
    season: int
    batting: BattingStats | None
    pitching: PitchingStats | None
    fielding: FieldingStats | None
    career_batting: BattingStats | None
    career_pitching: PitchingStats | None
    career_fielding: FieldingStats | None
    game_log: list[dict]
    # this season's postseason, kept apart from the regular season above
    post_batting: BattingStats | None = None
    post_pitching: PitchingStats | None = None
    # this season's splits (regular season): batting vs_L / vs_R (against left- and
    # right-handed pitchers), batting and pitching home / away
    splits: dict[str, Any] = dataclasses.field(default_factory=dict)
    born: str = ""                 # birth date (YYYY-MM-DD), "" when his cards give none
    age: int | None = None         # his age for the season: on 1 April of its year
    # how he joined: the draft (year, season, round, pick, school, team), None for a founder
    origin: dict[str, Any] | None = None
    foreign: bool = False          # a foreign player (外国人枠, league.season.foreign_limit)
    # his service (FA, §4): seasons, days over, entry route, right (tui.services.offseason)
    service: dict[str, Any] | None = None
    # how and when he left the league's rosters (引退, 自由契約, abroad), None while on one:
    # tui.services.offseason.player_left; a man who left keeps his page (team "")
    left: dict[str, Any] | None = None
    # this season's postseason games, apart from the game log as NPB's player pages list
    # 日本シリーズ apart: each entry as game_log's with its series {key, name, game}
    post_log: list[dict] = dataclasses.field(default_factory=list)


def player(db: Db, ref: str, league: str | None = None,
           season: int | None = None) -> PlayerView:
    """A player's season and career stats and his game log (this season)."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        try:
            pid, name = repo.player_row(session=s, league_id=row.id, ref=ref)
        except repo.NotFound:
            # a man who refused to sign (入団拒否) is no player: say who he is
            from tui.services.offseason import refuser_named
            refuser = refuser_named(s, row.id, ref)
            if refuser is None:
                raise
            raise ServiceError(refuser.text()) from None
        lg = repo.load_league(session=s, league_id=row.id, season_id=info.id)
        all_seasons = repo.season_ids(session=s, league_id=row.id)
        bat = repo.batting_lines(session=s, season_ids=[info.id], player=pid)
        pit = repo.pitching_lines(session=s, season_ids=[info.id], player=pid)
        fld = repo.fielding_lines(session=s, season_ids=[info.id], player=pid)
        cbat = repo.batting_lines(session=s, season_ids=all_seasons, player=pid)
        cpit = repo.pitching_lines(session=s, season_ids=all_seasons, player=pid)
        cfld = repo.fielding_lines(session=s, season_ids=all_seasons, player=pid)
        pbat = repo.batting_lines(session=s, season_ids=[info.id], player=pid, kind="postseason")
        ppit = repo.pitching_lines(session=s, season_ids=[info.id], player=pid,
                                   kind="postseason")
        hands = repo.split_lines(session=s, season_ids=[info.id], player=pid)
        # a postseason game's series and its number in it (as impact boxscore's header)
        series_of = {number: place._asdict() for number, place in (
            repo.series_games(session=s, season_id=info.id) if pbat or ppit else {}).items()}
        from tui.services.offseason import player_born, player_left, player_origin, player_service
        origin = player_origin(s, row.id, pid)
        service = player_service(s, row.id, row.name, pid, info)
        left = player_left(s, row.id, pid)
        on_roster = any(p.id == pid for t in lg.teams for p in t.players)
        if not on_roster:       # he left (or had not joined yet): his own card's cells
            born = player_born(s, row.id, pid)
            cells = next(((b or {}, p or {}) for _p, _t, b, p in repo.base_cells(
                session=s, league_id=row.id, player=pid, released=True)), ({}, {}))
            foreign = parse_foreign(cells[0].get("foreign") or cells[1].get("foreign") or "",
                                    pid)

    def b(lines: list) -> BattingStats | None:
        return add_batting(ln.line for ln in lines) if lines else None

    def p(lines: list) -> PitchingStats | None:
        return add_pitching((ln.line, ln.decision, ln.started, ln.finished)
                            for ln in lines) if lines else None

    def f(lines: list) -> FieldingStats | None:
        return add_fielding(ln.line for ln in lines) if lines else None

    from league.engine.game import BAT_FIELDS, PIT_FIELDS

    def game_log(bat: list, pit: list) -> list[dict]:
        log: dict[int, dict] = {}
        for ln in bat:
            e = log.setdefault(ln.number, {"game": ln.number, "day": ln.day.isoformat(),
                                           "team": ln.team, "opponent": ln.opponent,
                                           "home": ln.home})
            e["batting"] = {"pos": ln.pos, **dict(zip(BAT_FIELDS, ln.line))}
        for ln in pit:
            e = log.setdefault(ln.number, {"game": ln.number, "day": ln.day.isoformat(),
                                           "team": ln.team, "opponent": ln.opponent,
                                           "home": ln.home})
            e["pitching"] = {"decision": ln.decision, "started": ln.started,
                             **dict(zip(PIT_FIELDS, ln.line))}
        return [log[k] for k in sorted(log, key=lambda n: (log[n]["day"], n))]

    post_log = [dict(e, series=series_of.get(e["game"])) for e in game_log(pbat, ppit)]
    from league.offseason.people import age_in
    team = ""
    if on_roster:
        card = lg.player(pid)
        team, born, foreign = card.team, card.born, card.foreign
    age = age_in(born, info.year)
    splits: dict[str, Any] = {}
    if bat:
        splits["batting"] = {
            "vs_L": b([ln for ln in hands if ln.hand == "L"]),
            "vs_R": b([ln for ln in hands if ln.hand == "R"]),
            "home": b([ln for ln in bat if ln.home]),
            "away": b([ln for ln in bat if not ln.home])}
    if pit:
        splits["pitching"] = {"home": p([ln for ln in pit if ln.home]),
                              "away": p([ln for ln in pit if not ln.home])}
    return PlayerView(pid, name, team, info.number, b(bat), p(pit), f(fld), b(cbat), p(cpit),
                      f(cfld), game_log(bat, pit), b(pbat), p(ppit), splits, born, age, origin,
                      foreign, None if service is None else dict(
                          service, right=None if foreign else service["right"]), left, post_log)


def stats_dict(stats: Any) -> dict | None:
    """A stats object as JSON-ready data, with its rate stats."""
    if stats is None:
        return None
    out = dataclasses.asdict(stats)
    for name in ("avg", "obp", "slg", "ops", "tb", "era", "whip", "ip_text", "fielding_pct",
                 "cs_rate"):
        if hasattr(stats, name):
            out[name] = getattr(stats, name)
    return out


__all__ = ["StandingsView", "LeagueTable", "league_tables", "LeadersView", "LeadersBoard", "PlayerView", "DEFAULT_STAT",
           "TEAM_COLUMNS", "standings",
           "team_games", "leaders", "player", "stats_dict", "season_info", "schedule_days", "days_around"]


@dataclass(frozen=True)
class TeamGroup:
    """A league (リーグ) of the season, or the whole (code "")."""

    code: str
    name: str
    name_en: str
    teams: tuple[str, ...]


@dataclass(frozen=True)
class TeamStatsView:
    """Each team's batting, pitching and fielding over the regular season, and the totals of
    each league (リーグ) and of the whole (code "")."""

    season: int
    groups: tuple[TeamGroup, ...]              # each league, then the whole when there are two
    batting: dict[str, BattingStats]
    pitching: dict[str, PitchingStats]
    fielding: dict[str, FieldingStats]
    totals: dict[str, dict[str, Any]]          # group code → kind → stats

    def lines(self, kind: str) -> dict[str, Any]:
        by_kind: dict[str, dict[str, Any]] = {"batting": self.batting, "pitching": self.pitching,
                                              "fielding": self.fielding}
        return by_kind[kind]


def team_stats(db: Db, league: str | None = None, season: int | None = None
               ) -> TeamStatsView:
    """チーム成績: the season's batting, pitching and fielding by team, with league totals."""
    from league.season.stats import combined, team_lines

    w = Work.of(db, league)
    view = standings(w, league, season)
    games = {r.team: r.games for r in view.rows}
    with w.session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        by_kind = {kind: team_lines(kind, ((t, st) for (_p, t), st in
                                           _season_totals(s, info.id, kind).items()
                                           if t in games), games)
                   for kind in ("batting", "pitching", "fielding")}
    order = tuple(r.team for r in view.rows)
    groups = [TeamGroup(t.code, t.name, t.name_en, tuple(r.team for r in t.rows))
              for t in view.tables if len(view.tables) > 1]
    groups.append(TeamGroup("", view.title, "", order))
    totals = {g.code: {kind: combined(kind, (lines[t] for t in g.teams),
                                      sum(games[t] for t in g.teams))
                       for kind, lines in by_kind.items()} for g in groups}
    # team_lines gives each kind's own class (a kind is a string, not a type)
    return TeamStatsView(view.season, tuple(groups),
                         cast(dict[str, BattingStats], by_kind["batting"]),
                         cast(dict[str, PitchingStats], by_kind["pitching"]),
                         cast(dict[str, FieldingStats], by_kind["fielding"]), totals)


# ---------------------------------------------------------------- the season and its calendar
def season_info(db: Db, league: str | None = None,
                season: int | None = None) -> repo.SeasonInfo:
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        return repo.find_season(session=s, league_id=row.id, number=season)


def schedule_days(db: Db, league: str | None = None, season: int | None = None,
                  kind: str | None = "regular") -> list[tuple[date, list[repo.GameSlot]]]:
    """The season's calendar: each playing day with its games (and results when final); the
    regular season's, or with `kind` None the postseason's too."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        games = repo.schedule(session=s, season_id=info.id, kind=kind)
    out: dict[date, list[repo.GameSlot]] = {}
    for g in games:
        out.setdefault(g.day, []).append(g)
    return list(out.items())


def series_games(db: Db, league: str | None = None, season: int | None = None
                 ) -> dict[int, repo.SeriesGame]:
    """Each postseason game's series and its number in it, by the game's number: empty before
    the postseason."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        return repo.series_games(session=s, season_id=info.id)


def days_around(db: Db, league: str | None = None, season: int | None = None
                ) -> tuple[list[repo.GameSlot], date | None, list[repo.GameSlot]]:
    """The latest day's games (with their results), the next day with games to play, and
    those games (the Standings area's lists)."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        return repo.days_around(session=s, season_id=info.id)


@dataclass(frozen=True)
class RaceView:
    """The pennant race of a season: each league's (リーグ) teams' 貯金 (games above .500) after
    each day they played (the Standings area's chart and the site's)."""

    groups: tuple[TeamGroup, ...]
    race: dict[str, dict[str, list[tuple[date, int]]]]     # league code → team → (day, 貯金)


def pennant_race(db: Db, league: str | None = None, season: int | None = None
                 ) -> RaceView:
    """The season's pennant race, league by league, from its finished regular-season games."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        info = repo.find_season(session=s, league_id=row.id, number=season)
        lg = repo.league_structure(session=s, league_id=row.id)
        games = repo.schedule(session=s, season_id=info.id)
    groups = tuple(TeamGroup(g.code, g.name, g.name_en, tuple(g.teams)) for g in lg.groups)
    return RaceView(groups, race_of(games, [(g.code, g.name, g.name_en, g.teams)
                                            for g in groups]))


def race_of(games: Sequence[repo.GameSlot], groups: Sequence[tuple[str, str, str, tuple[str, ...]]]
            ) -> dict[str, dict[str, list[tuple[date, int]]]]:
    """Each league's (リーグ) pennant race: its teams' 貯金 after each day, regular season only."""
    from league.season.standings import Outcome, games_above
    finals = [Outcome(g.number, g.day, g.away, g.home, g.away_runs or 0, g.home_runs or 0)
              for g in games if g.kind == "regular" and g.status == "final"]
    return {code: games_above(finals, teams) for code, _n, _e, teams in groups}
