"""The league repository: leagues, seasons, played games and the lines read back from them.

Every public function takes a keyword-only ``session`` and leaves committing to the caller, so a
unit of work (importing a league, recording one game) is one transaction. What comes out is
league objects and plain dataclasses, never rows.
"""
from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from sqlalchemy import bindparam, delete, func, insert, update
from sqlalchemy import select as core_select  # Core tables' columns (sqlmodel's takes models)
from sqlmodel import Session, col, select

from league.engine.ruleset import Ruleset, check_options
from league.errors import LeagueError
from league.jsontext import JSONInputError, load_json
from league.season.postseason import SeriesFormat
from league.season.roster import BATTER_COLUMNS, BATTER_HEADER, PITCHER_COLUMNS, PITCHER_HEADER, League
from league.season.schedule import ScheduledGame
from league.tomltext import TOMLInputError, load_toml
from storage import fastsql
from storage.mappers import (
    LeagueTexts,
    card_cells,
    csv_rows,
    events_from,
    game_data,
    league_texts,
    lineups_from,
    played_by,
    plays_from,
    rolls_from,
    settings_of,
)
from storage.plainfiles import BATTERS_FILE, LEAGUE_FILE, PITCHERS_FILE, _read
from storage.rowbase import Row, storable
from storage.rulesets import _parse_text as parse_ruleset_text
from storage.rulesets import league_ruleset, ruleset_file, shipped_rulesets
from storage.season_check import SeasonError, check_season
from storage.views import GameSlot, SeasonInfo, StoredRest  # noqa: F401  (kept where they were)

if TYPE_CHECKING:   # the engine is imported only where a game is rebuilt (a faster start)
    from league.engine.game import GameResult
from storage.tables import (
    BAT_COLUMNS,
    FIELD_COLUMNS,
    PIT_COLUMNS,
    BattingLineRow,
    BattingSplitRow,
    CardRow,
    FieldingLineRow,
    GameRow,
    LeagueRow,
    PitcherRestRow,
    PitchingLineRow,
    PlayerRow,
    RulesetRow,
    ScheduleRow,
    SeasonRow,
    SeasonTeamRow,
    TeamRow,
    _now,
    in_seasons,
    of_player,
    players_named,
)

JSON_FORMAT = "impact-league"
JSON_VERSION = 1
NAME_RE = re.compile(r"^[^\s/\\][^/\\]{0,62}$")


class NotFound(LeagueError):
    """An unknown league, season, team, player or game."""


@dataclass(frozen=True)
class LeagueSummary:
    id: int
    name: str
    title: str
    code: str
    teams: int
    seasons: int


# --- leagues -----------------------------------------------------------------------------------


def read_plain_folder(path: str | Path) -> LeagueTexts:
    """The three texts of a league folder (or of its league.toml); LeagueError names a bad file."""
    p = Path(path)
    if p.suffix.lower() == ".toml":
        folder, toml_path = p.parent, p
    else:
        if not p.exists():
            raise LeagueError(f"{p}: no such league folder")
        if not p.is_dir():
            raise LeagueError(f"{p}: expected a league folder or its {LEAGUE_FILE}")
        folder, toml_path = p, p / LEAGUE_FILE
    toml = _read(toml_path)
    texts = LeagueTexts(toml, _read(folder / BATTERS_FILE), _read(folder / PITCHERS_FILE),
                        str(folder))
    # a ruleset file the league names is read now and stored with it: a league never opens a
    # file at simulation time (a bad league.toml is told by texts.parse())
    try:
        ref = load_toml(toml).get("ruleset")
    except TOMLInputError:
        return texts
    if isinstance(ref, str) and ref not in shipped_rulesets():
        name, text = ruleset_file(ref, folder)
        texts = dataclasses.replace(texts, toml=_renamed_ruleset(toml, ref, name), ruleset=text)
    return texts


def _renamed_ruleset(toml: str, ref: str, name: str) -> str:
    """league.toml naming the stored ruleset by its file name (as an export writes it beside)."""
    if ref == name:
        return toml
    return re.sub(r'(?m)^(\s*ruleset\s*=\s*).*$', lambda m: m.group(1) + json.dumps(name),
                  toml, count=1)


def check_name(name: str) -> str:
    name = name.strip()
    if not NAME_RE.match(name):
        raise LeagueError(f"{name!r} is not a league name (1-63 characters, no slashes)")
    return name


def create_league(*, session: Session, name: str, texts: LeagueTexts,
                  options: Mapping[str, Any] | None = None) -> int:
    """Store a league from its plain-file texts (validated whole first); return its id."""
    name = check_name(name)
    league = texts.parse()
    where = texts.where or "the league"
    check_options(dict(options or {}), f"{where}: options")
    if texts.ruleset is not None:
        parse_ruleset_text(texts.ruleset, f"{where}: ruleset {league.ruleset}")
    elif league.ruleset not in shipped_rulesets():
        raise LeagueError(f"{where}: ruleset {league.ruleset!r} is not a shipped ruleset "
                          f"({', '.join(shipped_rulesets())}) and the league brings none")
    if session.exec(select(LeagueRow.id).where(LeagueRow.name == name)).first() is not None:
        raise LeagueError(f"a league called {name!r} already exists")
    row = LeagueRow(name=name, title=league.name, code=league.code, dh=league.dh,
                    extra_innings=league.extra_innings, roster_size=league.roster_size,
                    settings=json.dumps(settings_of(league), ensure_ascii=False))
    session.add(row)
    session.flush()
    assert row.id is not None
    # the text column only when there is a text: a league stored as an older schema knew it
    session.execute(insert(RulesetRow.__table__).values(
        league_id=row.id, name=league.ruleset,
        options=json.dumps(dict(options or {}), ensure_ascii=False),
        **({"text": texts.ruleset} if texts.ruleset is not None else {})))
    for seq, team in enumerate(league.teams):
        session.add(TeamRow(league_id=row.id, seq=seq, code=team.code, name=team.name,
                            short=team.short, league=team.league, division=team.division,
                            name_en=team.name_en))
    batting = {r["id"]: r for r in csv_rows(texts.batters)}
    pitching = {r["id"]: r for r in csv_rows(texts.pitchers)}
    order = list(dict.fromkeys([*batting, *pitching]))
    fill_born(batting, pitching, name, FIRST_YEAR)
    names = {**{k: v["name"] for k, v in batting.items()}, **{k: v["name"] for k, v in pitching.items()}}
    session.execute(insert(PlayerRow.__table__),
                    [{"league_id": row.id, "pid": pid, "name": names[pid]} for pid in order])
    ids = dict(session.exec(select(PlayerRow.pid, PlayerRow.id)
                            .where(PlayerRow.league_id == row.id)).all())
    session.execute(insert(CardRow.__table__), [
        {"player_id": ids[pid], "season_id": None,
         "team": (batting.get(pid) or pitching[pid])["team"],
         "batting": _dumps(batting[pid]) if pid in batting else None,
         "pitching": _dumps(pitching[pid]) if pid in pitching else None}
        for pid in order
    ])
    session.flush()
    return row.id


FIRST_YEAR = 2026      # the year of a league's first season unless it says otherwise


def fill_born(batting: dict[str, dict[str, str]], pitching: dict[str, dict[str, str]],
              league: str, year: int) -> None:
    """Give every player of these card cells a birth date (`born`): the one his row gives (a
    pitcher who bats keeps one date on both cards), else a plausible one for the season of
    `year` from the seeded stream of (league, player id) - league.offseason.people."""
    from league.offseason.people import born_of
    for pid in dict.fromkeys([*batting, *pitching]):
        given = (batting.get(pid, {}).get("born") or pitching.get(pid, {}).get("born") or "")
        born = given or born_of(None, league, pid, year)
        for cells in (batting, pitching):
            if pid in cells:
                cells[pid]["born"] = born


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def find_league(*, session: Session, name: str | None = None) -> LeagueRow:
    """The league called `name`; without a name, the only league of the database."""
    if name is None:
        rows = session.exec(select(LeagueRow).order_by(col(LeagueRow.id))).all()
        if not rows:
            raise NotFound("no league yet: make one with `impact league new NAME`")
        if len(rows) > 1:
            raise NotFound("several leagues (" + ", ".join(r.name for r in rows)
                           + "): choose one with --league NAME")
        return rows[0]
    row = session.exec(select(LeagueRow).where(LeagueRow.name == name)).first()
    if row is None:
        known = ", ".join(session.exec(select(LeagueRow.name).order_by(LeagueRow.name)).all())
        raise NotFound(f"no league called {name!r} (known: {known or 'none'})")
    return row


def list_leagues(*, session: Session) -> list[LeagueSummary]:
    out = []
    for row in session.exec(select(LeagueRow).order_by(col(LeagueRow.id))).all():
        assert row.id is not None
        teams = session.exec(select(func.count()).select_from(TeamRow)
                             .where(TeamRow.league_id == row.id)).one()
        seasons = session.exec(select(func.count()).select_from(SeasonRow)
                               .where(SeasonRow.league_id == row.id)).one()
        out.append(LeagueSummary(row.id, row.name, row.title, row.code, teams, seasons))
    return out


def stored_texts(*, session: Session, league_id: int, season_id: int | None = None,
                 teams: Collection[str] | None = None) -> LeagueTexts:
    """The league (the cards of `season_id`, or its own) in the plain-file format; `teams`:
    only the cards of these clubs (the other clubs listed in league.toml with no players: what
    a change of those clubs is judged on)."""
    league, ruleset, team_rows = _league_rows(session, league_id)
    cards = _card_texts(session, league_id, season_id, teams)
    where = f"league {league.name}" + ("" if season_id is None else f" (season id {season_id})")
    return league_texts(league, ruleset, team_rows, cards, where)


def league_ruleset_of(*, session: Session, league_id: int) -> Ruleset:
    """The league's ruleset as stored with it (its own text, or a shipped one by name), with the
    league's options applied."""
    row = session.exec(select(RulesetRow).where(RulesetRow.league_id == league_id)).first()
    if row is None:
        return league_ruleset("standard")
    return league_ruleset(row.name, json.loads(row.options or "{}"), row.text)


def ruleset_text(*, session: Session, league_id: int) -> tuple[str, str | None]:
    """(name, stored TOML text or None for a shipped ruleset) of the league's ruleset."""
    row = session.exec(select(RulesetRow).where(RulesetRow.league_id == league_id)).first()
    return (row.name, row.text) if row is not None else ("standard", None)


def ruleset_of(*, session: Session, league_id: int) -> tuple[str, dict[str, Any]]:
    row = session.exec(select(RulesetRow).where(RulesetRow.league_id == league_id)).first()
    if row is None:
        return "standard", {}
    return row.name, json.loads(row.options or "{}")


def load_league(*, session: Session, league_id: int, season_id: int | None = None) -> League:
    """The league with the cards of `season_id` (or its own). A season's active rosters are what
    its moves made them, and are not held to a league file's rules: whatever a manager did, the
    computer mends a roster that cannot field a team before its game (league.season.farm.repair)."""
    return stored_texts(session=session, league_id=league_id, season_id=season_id).parse(
        active=season_id is None)


def game_league(*, session: Session, league_id: int, season_id: int, lineups: Iterable[Any],
                league: League) -> League:
    """`league`, the season's (load_league), with every man of a stored game's `lineups` in it:
    one released since (自由契約, a free agent: his card's team is "") comes back on the club his
    line-up names, so the game's box score names him and its replay finds him (a later release
    never rewrites history). No club is then held to the roster rules: the game's day had its
    own rosters. A game whose men are all on rosters gets `league` itself."""
    known = {p.id for t in league.teams for p in t.players}
    club = {pid: lu.team for lu in lineups for pid in lu.men()}
    gone = {pid: team for pid, team in club.items() if pid not in known}
    if not gone:
        return league
    back = session.exec(
        select(PlayerRow.pid, CardRow.batting, CardRow.pitching).join(PlayerRow)
        .where(PlayerRow.league_id == league_id, CardRow.season_id == season_id,
               CardRow.team == "", col(PlayerRow.pid).in_(sorted(gone)))
        .order_by(col(PlayerRow.id))).all()
    league_row, ruleset, teams = _league_rows(session, league_id)
    cards = list(_card_texts(session, league_id, season_id))
    for pid, b, p in back:
        cards.append(tuple(None if x is None else json.dumps(dict(json.loads(x), team=gone[pid]),
                                                             ensure_ascii=False)
                           for x in (b, p)))     # type: ignore[arg-type]
    where = f"league {league_row.name} (season id {season_id})"
    return league_texts(league_row, ruleset, teams, cards, where).parse(active=False, judged=())


def _card_texts(session: Session, league_id: int, season_id: int | None,
                teams: Collection[str] | None = None) -> Sequence[tuple[str | None, str | None]]:
    """The (batting, pitching) JSON texts of the players on a team in `season_id` (None: the
    league's own cards), in the order they were stored; `teams`: those of these clubs only."""
    # the table's columns, not the ORM's rows: read whole around every trade of a season
    c, p = CardRow.__table__, PlayerRow.__table__   # type: ignore[attr-defined]
    season_filter = c.c.season_id.is_(None) if season_id is None else c.c.season_id == season_id
    return [(b, pit) for b, pit in session.execute(
        core_select(c.c.batting, c.c.pitching).join(p, p.c.id == c.c.player_id)
        # a released player (no team: a free agent) is on no team's roster
        .where(p.c.league_id == league_id, season_filter, c.c.team != "",
               *(() if teams is None else (c.c.team.in_(sorted(teams)),)))
        .order_by(p.c.id)).all()]


def league_structure(*, session: Session, league_id: int) -> League:
    """The league's teams, leagues (リーグ) and settings, without its players: read from the
    league row and its teams alone, no card parsed (standings, leaders, schedules)."""
    league, ruleset, teams = _league_rows(session, league_id)
    return league_texts(league, ruleset, teams, [], f"league {league.name}").structure()


def _league_rows(session: Session, league_id: int
                 ) -> tuple[LeagueRow, RulesetRow | None, Sequence[TeamRow]]:
    """The league's row, its ruleset row and its teams: what league.toml is written from."""
    league = session.get(LeagueRow, league_id)
    if league is None:
        raise NotFound(f"no league with id {league_id}")
    ruleset = session.exec(select(RulesetRow).where(RulesetRow.league_id == league_id)).first()
    teams = session.exec(select(TeamRow).where(TeamRow.league_id == league_id)).all()
    return league, ruleset, teams


def delete_league(*, session: Session, league_id: int) -> None:
    session.execute(delete(LeagueRow.__table__).where(LeagueRow.__table__.c.id == league_id))


# --- JSON document -------------------------------------------------------------------------------


def league_document(*, session: Session, league_id: int) -> dict[str, Any]:
    """The league (definition and cards) as one JSON-ready document."""
    texts = stored_texts(session=session, league_id=league_id)
    league = texts.parse()
    rs_name, options = ruleset_of(session=session, league_id=league_id)
    return {
        "format": JSON_FORMAT, "version": JSON_VERSION,
        "league": {"name": league.name, "code": league.code, "ruleset": rs_name,
                   "options": options, "dh": league.dh, "extra_innings": league.extra_innings,
                   "roster_size": league.roster_size,
                   **settings_of(league),
                   "teams": [{"code": t.code, "name": t.name, "short": t.short,
                              **{k: v for k, v in (("name_en", t.name_en), ("league", t.league),
                                                   ("division", t.division)) if v}}
                             for t in league.teams]},
        **({"ruleset_toml": rs_text} if (rs_text := ruleset_text(
            session=session, league_id=league_id)[1]) is not None else {}),
        "batters": csv_rows(texts.batters),
        "pitchers": csv_rows(texts.pitchers),
        "seasons": [season_document(session=session, league_id=league_id, season_id=sid)
                    for sid in season_ids(session=session, league_id=league_id)],
    }


def season_document(*, session: Session, league_id: int, season_id: int) -> dict[str, Any]:
    """A season as JSON-ready data: calendar, its cards, every played game with its lines and
    JSON log, and the rest and rotation state carried into the next game."""
    info = season_info(session=session, season_id=season_id)
    texts = stored_texts(session=session, league_id=league_id, season_id=season_id)
    rest, last = rest_state(session=session, season_id=season_id)
    games = []
    g = GameRow.__table__
    s = ScheduleRow.__table__
    game_rows = session.execute(
        core_select(g.c.id, s.c.number, g.c.seed, g.c.data, g.c.typed_by)
        .join(s, s.c.id == g.c.schedule_id)
        .where(g.c.season_id == season_id).order_by(s.c.number)).all()
    lines: dict[str, dict[int, list]] = {}
    for key, table, cols in (("batting", BattingLineRow, ("side", "team", "player", "pos",
                                                          *BAT_COLUMNS)),
                             ("pitching", PitchingLineRow, ("side", "team", "player", "decision",
                                                            "started", "finished", *PIT_COLUMNS)),
                             ("fielding", FieldingLineRow, ("side", "team", "player",
                                                            *FIELD_COLUMNS)),
                             ("splits", BattingSplitRow, ("side", "team", "player", "hand",
                                                          *BAT_COLUMNS))):
        t = table.__table__
        per_game: dict[int, list] = {}
        order = t.c.seq if "seq" in t.c else t.c.id
        for row in session.execute(select(t.c.game_id, *[t.c[c] for c in cols])
                                   .where(*in_seasons(table, [season_id]))
                                   .order_by(t.c.game_id, order)):
            values = list(row[1:])
            if key == "pitching":
                values[4], values[5] = bool(values[4]), bool(values[5])
            per_game.setdefault(row[0], []).append(values)
        lines[key] = per_game
    for gid, number, seed, data, typed_by in game_rows:
        games.append({"number": number, "seed": seed, "log": json.loads(data),
                      **({"typed_by": typed_by} if typed_by is not None else {}),
                      "batting": lines["batting"].get(gid, []),
                      "pitching": lines["pitching"].get(gid, []),
                      "fielding": lines["fielding"].get(gid, []),
                      "splits": lines["splits"].get(gid, [])})
    return {
        "number": info.number, "seed": info.seed, "games_per_opponent": info.games_per_opponent,
        "series_length": info.series_length, "start": info.start.isoformat(),
        "batters": csv_rows(texts.batters), "pitchers": csv_rows(texts.pitchers),
        "schedule": [[x.number, x.day.isoformat(), x.away, x.home, x.series]
                     for x in schedule(session=session, season_id=season_id)],
        "games": games,
        "rest": {p: [r.available_on.isoformat(), r.fatigue] for p, r in sorted(rest.items())},
        "last_starters": {t: p for t, p in sorted(last.items()) if p},
        "roster": _roster_document(session, season_id),
        "year": info.year, "phase": info.phase,
        "postseason": [{"key": x.key, "name": x.name, "league": x.league, "high": x.high,
                        "low": x.low, "high_seed": x.high_seed, "low_seed": x.low_seed,
                        "format": x.format, "feeds": x.feeds, "status": x.status,
                        "winner": x.winner,
                        "schedule": [[g.number, g.day.isoformat(), g.away, g.home]
                                     for g in x.games]}
                       for x in postseason_series(session=session, season_id=season_id)],
    }


def import_season(*, session: Session, league_id: int, doc: Any, where: str,
                  league_texts_: LeagueTexts) -> SeasonInfo:
    """Store a season from its JSON data (see season_document); LeagueError names the entry."""
    from league.season.schedule import ScheduledGame
    from storage.mappers import csv_text

    try:
        if not isinstance(doc, dict):
            raise ValueError("a season must be an object")
        texts = LeagueTexts(league_texts_.toml, csv_text(BATTER_COLUMNS, doc["batters"]),
                            csv_text(PITCHER_COLUMNS, doc["pitchers"]), "")
        try:
            league = texts.parse()
        except LeagueError as exc:
            raise ValueError(f"its cards: {exc}") from None
        codes = {t.code for t in league.teams}
        players = {p.id for t in league.teams for p in t.players}
        # the whole season is checked before anything of it is stored
        check_season(doc, where.rsplit(": ", 1)[-1], teams=codes, players=players)
        sched = []
        for k, (number, day, away, home, series) in enumerate(doc["schedule"]):
            if away not in codes or home not in codes:
                raise ValueError(f"schedule[{k}]: unknown team {away if away not in codes else home!r}")
            sched.append(ScheduledGame(int(number), date.fromisoformat(day), away, home,
                                       int(series)))
        info = create_season(session=session, league_id=league_id, games=sched,
                             seed=int(doc["seed"]), games_per_opponent=int(doc["games_per_opponent"]),
                             series_length=int(doc["series_length"]),
                             start=date.fromisoformat(doc["start"]),
                             year=int(doc["year"]) if doc.get("year") else None)
        sid = info.id
        _import_postseason(session, sid, doc.get("postseason") or [], codes)
        if doc.get("phase", "regular") != "regular":
            set_phase(session=session, season_id=sid, phase=str(doc["phase"]))
        # the season's own cards (they may differ from the league's)
        by_pid = dict(session.exec(select(PlayerRow.pid, PlayerRow.id)
                                   .where(PlayerRow.league_id == league_id)).all())
        bat = {r["id"]: r for r in doc["batters"]}
        pit = {r["id"]: r for r in doc["pitchers"]}
        for pid in set(bat) | set(pit):
            if pid not in by_pid:
                raise ValueError(f"player {pid!r} of its cards is not in the league")
            session.execute(
                update(CardRow.__table__)
                .where(CardRow.__table__.c.player_id == by_pid[pid],
                       CardRow.__table__.c.season_id == sid)
                .values(team=(bat.get(pid) or pit[pid])["team"],
                        batting=_dumps(bat[pid]) if pid in bat else None,
                        pitching=_dumps(pit[pid]) if pid in pit else None))
        slots = {x.number: x for x in schedule(session=session, season_id=sid, kind=None)}
        with fastsql.cursor_of(session) as (cursor, dialect):
            for k, game in enumerate(doc["games"]):
                slot = slots.get(int(game["number"]))
                if slot is None:
                    raise ValueError(f"games[{k}]: game {game['number']} is not in the schedule")
                for key in ("batting", "pitching", "fielding"):
                    for line in game[key]:
                        if line[2] not in players:
                            raise ValueError(f"games[{k}].{key}: unknown player {line[2]!r}")
                log = game["log"]
                runs = [sum(log["innings"][0]), sum(log["innings"][1])]
                _store_imported_game(cursor, dialect, sid, slot, game, runs)
        rest = {p: StoredRest(date.fromisoformat(d), int(f)) for p, (d, f) in doc["rest"].items()}
        if rest:
            session.execute(insert(PitcherRestRow.__table__), [
                {"season_id": sid, "player": p, "available_on": r.available_on,
                 "fatigue": r.fatigue} for p, r in rest.items()])
        for team, pid in doc["last_starters"].items():
            session.execute(update(SeasonTeamRow.__table__)
                            .where(SeasonTeamRow.__table__.c.season_id == sid,
                                   SeasonTeamRow.__table__.c.team == team)
                            .values(last_starter=pid))
        _import_roster(session, sid, doc.get("roster") or {})
        session.flush()
        return season_info(session=session, season_id=sid)
    except SeasonError as exc:
        raise LeagueError(f"{where.rsplit(': ', 1)[0]}: {exc}") from None
    except LeagueError as exc:
        raise LeagueError(f"{where}: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        what = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)
        raise LeagueError(f"{where}: {what}") from None


def _roster_document(session: Session, season_id: int) -> dict[str, dict[str, Any]]:
    """The season's farm and injury standings (the ten-day rule, injury points), by player."""
    from storage.farm_store import standings

    out: dict[str, dict[str, Any]] = {}
    for pid, e in sorted(standings(session=session, season_id=season_id).items()):
        entry: dict[str, Any] = {"points": e.points}
        for key in ("demoted_on", "hurt_on", "settled"):
            day = getattr(e, key)
            if day is not None:
                entry[key] = day.isoformat()
        out[pid] = entry
    return out


def _import_roster(session: Session, season_id: int, roster: dict) -> None:
    """A season document's farm and injury standings (checked by check_season)."""
    from league.season.farm import Standing
    from storage.farm_store import store

    def day(v: Any) -> date | None:
        return date.fromisoformat(v) if v is not None else None

    entries = {pid: Standing(day(e.get("demoted_on")), int(e.get("points", 0)),
                             day(e.get("hurt_on")), day(e.get("settled")))
               for pid, e in roster.items()}
    if entries:
        store(session=session, league_id=0, season_id=season_id, moves=(), entries=entries)


def _import_postseason(session: Session, season_id: int, series: list, codes: set[str]) -> None:
    """A season document's postseason: its series and their games' slots."""
    from storage.tables import PostseasonSeriesRow

    for k, x in enumerate(series):
        for side in ("high", "low", "winner"):
            if x.get(side) is not None and x[side] not in codes:
                raise ValueError(f"postseason[{k}]: unknown team {x[side]!r}")
        row = PostseasonSeriesRow(season_id=season_id, seq=k, key=str(x["key"]),
                                  name=str(x["name"]), league=str(x.get("league", "")),
                                  high=x.get("high"), low=x.get("low"),
                                  high_seed=x.get("high_seed"), low_seed=x.get("low_seed"),
                                  format=_dumps(x["format"]), feeds=str(x.get("feeds", "")),
                                  status=str(x["status"]), winner=x.get("winner"))
        session.add(row)
        session.flush()
        assert row.id is not None      # given by the flush
        for number, day, away, home in x["schedule"]:
            if away not in codes or home not in codes:
                raise ValueError(f"postseason[{k}].schedule: unknown team")
            session.add(ScheduleRow(season_id=season_id, number=int(number),
                                    day=date.fromisoformat(day), away=away, home=home,
                                    series=row.id, status="scheduled", kind="postseason"))
    session.flush()


def _store_imported_game(cursor: Any, dialect: Any, season_id: int, slot: GameSlot,
                         game: dict, runs: list[int]) -> None:
    _many(cursor, dialect, "final", [(runs[0], runs[1], slot.id)], many=False)
    _many(cursor, dialect, "game", [(slot.id, season_id, game.get("seed"),
                                     _dumps(game["log"]), fastsql.time_param(dialect)(_now()),
                                     game.get("typed_by"))],
          many=False)
    gid = cursor.fetchone()[0]
    _many(cursor, dialect, "bat", [(gid, season_id, k, *line)
                                   for k, line in enumerate(game["batting"])])
    _many(cursor, dialect, "pit", [(gid, season_id, k, *line)
                                   for k, line in enumerate(game["pitching"])])
    _many(cursor, dialect, "fld", [(gid, season_id, k, *line)
                                   for k, line in enumerate(game["fielding"])])
    _many(cursor, dialect, "split", [(gid, season_id, *line) for line in game.get("splits") or []])



def texts_from_document(text: str, where: str) -> tuple[LeagueTexts, dict[str, Any]]:
    """Plain-file texts from a league JSON document; errors name the file, line, column, problem."""
    try:
        doc = load_json(text)
    except JSONInputError as exc:
        raise LeagueError(f"{where} {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != JSON_FORMAT:
        raise LeagueError(f"{where} line 1, column 1: not an Impact League document "
                          f"(expected \"format\": \"{JSON_FORMAT}\")")
    if doc.get("version") != JSON_VERSION:
        raise LeagueError(f"{where}: document version {doc.get('version')!r} is not "
                          f"{JSON_VERSION}")
    lg = doc.get("league")
    if not isinstance(lg, dict):
        raise LeagueError(f"{where} line {_json_line(text, 'league')}: \"league\" must be an object")
    options = lg.get("options") or {}
    if not isinstance(options, dict):
        raise LeagueError(f"{where} line {_json_line(text, 'options')}: \"options\" must be an "
                          "object")
    try:
        check_options(options, "league.options")
    except LeagueError as exc:
        raise LeagueError(f"{where} line {_json_line(text, 'options')}, {exc}") from None
    rs_text = doc.get("ruleset_toml")
    if rs_text is not None and not isinstance(rs_text, str):
        raise LeagueError(f"{where} line {_json_line(text, 'ruleset_toml')}: \"ruleset_toml\" "
                          "must be the text of a ruleset file")
    if rs_text is not None:
        parse_ruleset_text(rs_text, f"{where}: ruleset_toml")
    elif lg.get("ruleset", "standard") not in shipped_rulesets():
        raise LeagueError(f"{where} line {_json_line(text, 'ruleset')}: league.ruleset "
                          f"{str(lg.get('ruleset'))[:40]!r} is not a shipped ruleset "
                          f"({', '.join(shipped_rulesets())}) and the document carries no "
                          "\"ruleset_toml\"")
    toml_doc = {k: v for k, v in lg.items() if k != "options"}
    sections = {}
    for key, header in (("batters", BATTER_HEADER), ("pitchers", PITCHER_HEADER)):
        rows = doc.get(key)
        if not isinstance(rows, list):
            raise LeagueError(f"{where} line {_json_line(text, key)}: \"{key}\" must be a list")
        for i, r in enumerate(rows):
            if not isinstance(r, dict) or not all(isinstance(v, str) for v in r.values()):
                raise LeagueError(f"{where} line {_json_line(text, key, i)}: {key}[{i}] must be "
                                  "an object of column → text")
        sections[key] = rows
    from storage.mappers import csv_text
    from storage.mappers import toml_lines as to_toml
    toml_lines = to_toml(toml_doc)
    headers = {"batters": BATTER_COLUMNS, "pitchers": PITCHER_COLUMNS}
    extra_cols = {key: [c for r in rows for c in r if c not in headers[key]]
                  for key, rows in sections.items()}
    for key, cols in extra_cols.items():
        if cols:
            raise LeagueError(f"{where} line {_json_line(text, cols[0])}: {key}: unknown column "
                              f"{cols[0]!r}; expected {','.join(headers[key])}")
    texts = LeagueTexts("\n".join(toml_lines) + "\n",
                        csv_text(BATTER_COLUMNS, sections["batters"]),
                        csv_text(PITCHER_COLUMNS, sections["pitchers"]), "", rs_text)
    return texts, options


def parse_document(text: str, where: str) -> tuple[LeagueTexts, League, dict[str, Any], list]:
    """Parse a league JSON document whole; card errors are told in the document's terms.

    Returns the texts, the league, its option overrides and its seasons (raw data, stored by
    import_season in the same transaction as the league).
    """
    texts, options = texts_from_document(text, where)
    try:
        league = texts.parse()
    except LeagueError as exc:
        raise LeagueError(_document_message(str(exc), text, where)) from None
    seasons = load_json(text).get("seasons") or []
    if not isinstance(seasons, list):
        raise LeagueError(f"{where} line {_json_line(text, 'seasons')}: \"seasons\" must be a list")
    return texts, league, options, seasons


def _document_message(msg: str, text: str, where: str) -> str:
    m = re.match(r"^(batters|pitchers)\.csv line (\d+)(, column (\S+))?: (.*)$", msg, re.S)
    if m:
        key, index = m.group(1), int(m.group(2)) - 2
        column = m.group(4) or ""
        line = _json_line(text, key, index, column)
        at = f", column {column}" if column else ""
        return f"{where} line {line}, {key}[{index}]{at}: {m.group(5)}"
    m = re.match(r"^league\.toml( line \d+)?(.*)$", msg, re.S)
    if m:
        return f"{where} line {_json_line(text, 'league')}, \"league\"{m.group(2)}"
    return f"{where}: {msg}"


def _json_line(text: str, key: str, index: int | None = None, column: str = "") -> int:
    """Best-effort line of `"key"` (and of the index-th object in its list, and a column in it)."""
    pos = text.find(json.dumps(key))
    if pos < 0:
        return 1
    if index is not None:
        depth, count, i = 0, -1, text.find("[", pos)
        while 0 <= i < len(text):
            ch = text[i]
            if ch == '"':
                i += 1
                while i < len(text) and text[i] != '"':
                    i += 2 if text[i] == "\\" else 1
            elif ch in "[{":
                depth += 1
                if depth == 2 and ch == "{":
                    count += 1
                    if count == index:
                        pos = i
                        if column:
                            end = text.find("}", i)
                            cpos = text.find(json.dumps(column), i, end if end > 0 else None)
                            if cpos >= 0:
                                pos = cpos
                        break
            elif ch in "]}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
    return text.count("\n", 0, pos) + 1


# --- seasons -------------------------------------------------------------------------------------


def create_season(*, session: Session, league_id: int, games: Sequence[ScheduledGame], seed: int,
                  games_per_opponent: int, series_length: int, start: date,
                  year: int | None = None, carry_from: int | None = None) -> SeasonInfo:
    """A new season: the league's own cards copied for it, its schedule and its teams' state;
    with `carry_from` the managers' saved choices of that season carry on.
    Pitchers start rested: rest and fatigue belong to a season."""
    number = (session.exec(select(func.max(SeasonRow.number))
                           .where(SeasonRow.league_id == league_id)).one() or 0) + 1
    row = SeasonRow(league_id=league_id, number=number, seed=seed,
                    games_per_opponent=games_per_opponent, series_length=series_length,
                    start=start, year=year if year is not None else start.year)
    session.add(row)
    session.flush()
    assert row.id is not None
    sid = row.id
    base = session.exec(
        select(CardRow).join(PlayerRow)
        .where(PlayerRow.league_id == league_id, CardRow.season_id.is_(None))  # type: ignore[union-attr]
    ).all()
    session.execute(insert(CardRow.__table__), [
        {"player_id": c.player_id, "season_id": sid, "team": c.team, "batting": c.batting,
         "pitching": c.pitching} for c in base])
    session.execute(insert(ScheduleRow.__table__), [
        {"season_id": sid, "number": g.number, "day": g.day, "away": g.away, "home": g.home,
         "series": g.series, "status": "scheduled"} for g in games])
    teams = session.exec(select(TeamRow.code).where(TeamRow.league_id == league_id)).all()
    session.execute(insert(SeasonTeamRow.__table__),
                    [{"season_id": sid, "team": code, "last_starter": None} for code in teams])
    if carry_from is not None:
        from storage.roster_edit import RosterPrefRow
        prefs = session.exec(select(RosterPrefRow)
                             .where(RosterPrefRow.season_id == carry_from)).all()
        if prefs:
            session.execute(insert(RosterPrefRow.__table__), [
                {"season_id": sid, "team": p.team, "kind": p.kind, "data": p.data}
                for p in prefs])
    session.flush()
    return season_info(session=session, season_id=sid)


def season_info(*, session: Session, season_id: int) -> SeasonInfo:
    row = session.get(SeasonRow, season_id)
    if row is None:
        raise NotFound(f"no season with id {season_id}")
    regular = (ScheduleRow.season_id == season_id, ScheduleRow.kind == "regular")
    total = session.exec(select(func.count()).select_from(ScheduleRow).where(*regular)).one()
    final = session.exec(select(func.count()).select_from(ScheduleRow)
                         .where(*regular, ScheduleRow.status == "final")).one()
    assert row.id is not None
    return SeasonInfo(row.id, row.league_id, row.number, row.seed, row.games_per_opponent,
                      row.series_length, row.start, total, final,
                      row.year if row.year is not None else row.start.year, row.phase)


def base_cells(*, session: Session, league_id: int, player: str | None = None,
               released: bool = False, season_id: int | None = None,
               teams: Collection[str] | None = None
               ) -> list[tuple[str, str, dict[str, str] | None, dict[str, str] | None]]:
    """The league's own cards (the ones its next season copies; `season_id`: that season's) as
    (id, team, batting cells, pitching cells), players on a team only (`released`: free agents
    too), in the order they were stored; `player`: his alone; `teams`: those of these teams."""
    # the table's columns, not the ORM's rows: read whole on every trade day of a season
    c, pl = CardRow.__table__, PlayerRow.__table__  # type: ignore[attr-defined]
    which = c.c.season_id.is_(None) if season_id is None else c.c.season_id == season_id
    q = (core_select(pl.c.pid, c.c.team, c.c.batting, c.c.pitching)
         .join(pl, pl.c.id == c.c.player_id).where(pl.c.league_id == league_id, which))
    if not released:
        q = q.where(c.c.team != "")
    if player is not None:
        q = q.where(pl.c.pid == player)
    if teams is not None:
        q = q.where(c.c.team.in_(sorted(teams)))
    return [(pid, team, card_cells(b) if b else None, card_cells(p) if p else None)
            for pid, team, b, p in session.execute(q.order_by(pl.c.id)).all()]


def set_base_cells(*, session: Session, league_id: int,
                   cells: Mapping[str, tuple[dict[str, str] | None, dict[str, str] | None]],
                   season_id: int | None = None) -> None:
    """Write players' own cards (`season_id`: that season's) (id → batting cells, pitching
    cells; None leaves a card alone)."""
    ids = dict(session.exec(select(PlayerRow.pid, PlayerRow.id)
                            .where(*players_named(league_id, cells))).all())
    c = CardRow.__table__
    for pid, (bat, pit) in cells.items():
        values = {k: _dumps(v) for k, v in (("batting", bat), ("pitching", pit)) if v is not None}
        if values:
            which = (c.c.season_id.is_(None) if season_id is None
                     else c.c.season_id == season_id)
            session.execute(update(c).where(c.c.player_id == ids[pid], which).values(**values))
    session.flush()


def add_base_players(*, session: Session, league_id: int,
                     rows: Sequence[tuple[str, str, str, dict[str, str] | None,
                                          dict[str, str] | None]]) -> None:
    """New players (id, name, team, batting cells, pitching cells) with their own cards."""
    session.execute(insert(PlayerRow.__table__),
                    [{"league_id": league_id, "pid": pid, "name": name} for pid, name, *_ in rows])
    ids = dict(session.exec(select(PlayerRow.pid, PlayerRow.id)
                            .where(PlayerRow.league_id == league_id)).all())
    session.execute(insert(CardRow.__table__), [
        {"player_id": ids[pid], "season_id": None, "team": team,
         "batting": _dumps(b) if b is not None else None,
         "pitching": _dumps(p) if p is not None else None} for pid, _n, team, b, p in rows])
    session.flush()


def find_league_by_id(*, session: Session, league_id: int) -> LeagueRow:
    row = session.get(LeagueRow, league_id)
    if row is None:
        raise NotFound(f"no league with id {league_id}")
    return row


def promote_cards(*, session: Session, league_id: int, season_id: int) -> None:
    """Make a season's cards (its edits included) the league's own, which the next season
    copies: closing a season carries its rosters on."""
    c = CardRow.__table__
    cards = session.exec(select(CardRow).where(CardRow.season_id == season_id)).all()
    if not cards:
        return
    ids = list(session.exec(select(PlayerRow.id).where(PlayerRow.league_id == league_id)).all())
    session.execute(delete(c).where(c.c.season_id.is_(None), c.c.player_id.in_(ids)))
    session.execute(insert(c), [{"player_id": x.player_id, "season_id": None, "team": x.team,
                                 "batting": x.batting, "pitching": x.pitching} for x in cards])
    session.flush()


def set_phase(*, session: Session, season_id: int, phase: str) -> None:
    """Move a season to its next phase (regular → postseason → closed); closing stamps it."""
    if phase not in ("regular", "postseason", "closed"):
        raise LeagueError(f"unknown season phase {phase!r}")
    row = session.get(SeasonRow, season_id)
    if row is None:
        raise NotFound(f"no season with id {season_id}")
    row.phase = phase
    if phase == "closed":
        row.closed_at = _now()
    session.add(row)
    session.flush()


def find_season(*, session: Session, league_id: int, number: int | None = None) -> SeasonInfo:
    """The season `number` of the league, or its latest."""
    query = select(SeasonRow.id).where(SeasonRow.league_id == league_id)
    if number is not None:
        query = query.where(SeasonRow.number == number)
    sid = session.exec(query.order_by(col(SeasonRow.number).desc())).first()
    if sid is None:
        league = session.get(LeagueRow, league_id)
        lname = league.name if league else league_id
        if number is None:
            raise NotFound(f"league {lname} has no season yet: make one with `impact season new`")
        raise NotFound(f"league {lname} has no season {number}")
    return season_info(session=session, season_id=sid)


def schedule(*, session: Session, season_id: int, pending_only: bool = False,
             kind: str | None = "regular") -> list[GameSlot]:
    """The season's games in day order: the regular season's (`kind`), the postseason's, or
    every game with `kind` None."""
    # the columns, not ORM rows: a season's calendar is read whole for the standings, and
    # building an object per game cost more than the query
    t = ScheduleRow.__table__
    query = select(t.c.id, t.c.number, t.c.day, t.c.away, t.c.home, t.c.series,  # type: ignore[call-overload]
                   t.c.status, t.c.away_runs, t.c.home_runs, t.c.kind).where(t.c.season_id == season_id)
    if kind is not None:
        query = query.where(t.c.kind == kind)
    if pending_only:
        query = query.where(t.c.status != "final")
    return [GameSlot(*r) for r in session.execute(query.order_by(t.c.day, t.c.number))]


def days_around(*, session: Session, season_id: int, kind: str = "regular"
                ) -> tuple[list[GameSlot], date | None, list[GameSlot]]:
    """The games of the last day with a result (all of that day's games), the next day with a
    game still to play, and that day's games still to play — without reading the season."""
    of_season = (ScheduleRow.season_id == season_id, ScheduleRow.kind == kind)
    last = session.exec(select(func.max(ScheduleRow.day))
                        .where(*of_season, ScheduleRow.status == "final")).one()
    following = next_game_day(session=session, season_id=season_id, kind=kind)
    recent = session.exec(select(ScheduleRow).where(*of_season, ScheduleRow.day == last)
                          .order_by(col(ScheduleRow.number))).all() if last is not None else []
    upcoming = session.exec(select(ScheduleRow)
                            .where(*of_season, ScheduleRow.day == following,
                                   ScheduleRow.status != "final")
                            .order_by(col(ScheduleRow.number))).all() \
        if following is not None else []
    return [_slot(r) for r in recent], following, [_slot(r) for r in upcoming]


def _slot(r: ScheduleRow) -> GameSlot:
    assert r.id is not None
    return GameSlot(r.id, r.number, r.day, r.away, r.home, r.series, r.status, r.away_runs,
                    r.home_runs, r.kind)


def team_days(*, session: Session, season_id: int) -> dict[str, list[date]]:
    """The days each team has played this season (its final games, postseason too, in day
    order): the computer manager's rest days (league/manager/bench.py)."""
    rows = session.exec(select(col(ScheduleRow.day), col(ScheduleRow.away), col(ScheduleRow.home))
                        .where(ScheduleRow.season_id == season_id, ScheduleRow.status == "final")
                        .order_by(col(ScheduleRow.day), col(ScheduleRow.number))).all()
    out: dict[str, list[date]] = {}
    for day, away, home in rows:
        out.setdefault(away, []).append(day)
        out.setdefault(home, []).append(day)
    return out


def relief_games(*, session: Session, season_id: int) -> dict[str, int]:
    """Each pitcher's relief games this season (games he pitched in and did not start,
    postseason too): real usage paces the relievers by them (league/manager/usage.py)."""
    rows = session.exec(select(col(PitchingLineRow.player), func.count())
                        .where(PitchingLineRow.season_id == season_id,
                               PitchingLineRow.started == False)  # noqa: E712
                        .group_by(col(PitchingLineRow.player))).all()
    return {str(player): int(n) for player, n in rows}


def starts_made(*, session: Session, season_id: int) -> tuple[dict[str, int], dict[str, int]]:
    """Each pitcher's starts this season (postseason too) and the outs he got in them: real
    usage's rotation makes up a missed turn by the starts, and leaves a starter in by his
    innings a start so far (league/manager/usage.py, `rotation_order`, `start_innings`)."""
    rows = session.exec(select(col(PitchingLineRow.player), func.count(),
                               func.sum(col(PitchingLineRow.outs)))
                        .where(PitchingLineRow.season_id == season_id,
                               PitchingLineRow.started == True)  # noqa: E712
                        .group_by(col(PitchingLineRow.player))).all()
    return ({str(player): int(n) for player, n, _outs in rows},
            {str(player): int(outs or 0) for player, _n, outs in rows})


def rest_state(*, session: Session, season_id: int) -> tuple[dict[str, StoredRest], dict[str, str | None]]:
    """Pitchers' carried rest and fatigue, and each team's last starter."""
    # the columns, not ORM rows: read with the season's context, again after every trade
    r, t = PitcherRestRow.__table__, SeasonTeamRow.__table__
    rest = {player: StoredRest(available_on, fatigue)
            for player, available_on, fatigue in session.execute(
                select(r.c.player, r.c.available_on, r.c.fatigue)
                .where(r.c.season_id == season_id))}
    last = {team: starter for team, starter in session.execute(
        select(t.c.team, t.c.last_starter).where(t.c.season_id == season_id))}
    return rest, last


# --- one played game -----------------------------------------------------------------------------


def record_game(*, session: Session, season_id: int, slot: GameSlot, result: GameResult,
                seed: int | None, rest: Mapping[str, StoredRest],
                starters: Mapping[str, str], compact: bool = False,
                typed_by: str | None = None) -> int:
    """Store a finished game: result, line-ups, rolls and plays, lines, rest of its pitchers.
    `compact` keeps the raw rolls instead of the roll log and plays (storage.mappers.game_data);
    `typed_by` marks a keyboard game whose dice a person typed (GameRow.typed_by).

    The caller commits, so the game is all or nothing (record_games: a day's games at once)."""
    lines = DayLines()
    gid = record_game_row(session=session, season_id=season_id, slot=slot, result=result,
                          seed=seed, compact=compact, typed_by=typed_by)
    lines.add(season_id, gid, result, rest, starters)
    lines.write(session=session)
    return gid


def record_game_row(*, session: Session, season_id: int, slot: GameSlot, result: GameResult,
                    seed: int | None, compact: bool = False, typed_by: str | None = None) -> int:
    """A game's result on its schedule row and its game row (what its lines refer to); the
    lines, rest and starters follow with DayLines. Refused when another program stored the game
    meanwhile."""
    with fastsql.cursor_of(session) as (cursor, dialect):
        _many(cursor, dialect, "final", [(result.runs[0], result.runs[1], slot.id)], many=False)
        if cursor.rowcount != 1:
            raise LeagueError(f"game {slot.number} was stored meanwhile by another program "
                              "simulating this season; run again to carry on")
        _many(cursor, dialect, "game", [(slot.id, season_id, seed, game_data(result, compact),
                                         fastsql.time_param(dialect)(_now()), typed_by)],
              many=False)
        return int(cursor.fetchone()[0])


_GAME_KEYS = ("schedule_id", "season_id", "seed", "data", "played_at", "typed_by")


def record_game_rows(*, session: Session, season_id: int,
                     games: Sequence[tuple[GameSlot, GameResult, int | None]],
                     compact: bool = False, unchecked: bool = False) -> list[int]:
    """record_game_row for a day's games (slot, result, seed) at once: their results with one
    batched update, their game rows with one insert (the ids in the games' order, as game by
    game); the game ids in that order. Refused when another program stored one of them
    meanwhile (the caller's transaction is then rolled back: nothing of the day stays).
    `unchecked`: the connection's foreign keys are off (storage.db.keys_unchecked)."""
    if not games:
        return []
    with fastsql.cursor_of(session) as (cursor, dialect):
        finals = [(result.runs[0], result.runs[1], slot.id) for slot, result, _seed in games]
        stamp = fastsql.time_param(dialect)
        rows = [(slot.id, season_id, seed, game_data(result, compact), stamp(_now()), None)
                for slot, result, seed in games]
        if dialect.name == "postgresql":
            ids = _finals_and_games(cursor, dialect, finals, rows)
            stored = len(ids)
        else:
            _many(cursor, dialect, "final", finals)
            stored = cursor.rowcount
        if stored != len(games):
            numbers = ", ".join(str(slot.number) for slot, _result, _seed in games)
            raise LeagueError(f"a game of {games[0][0].day} (games {numbers}) was stored "
                              "meanwhile by another program simulating this season; run again "
                              "to carry on")
        if dialect.name != "postgresql":
            ids = dict(fastsql.insert_returning(cursor, dialect, GameRow.__tablename__,
                                                _GAME_KEYS, rows, ("schedule_id", "id"),
                                                unchecked))
    return [int(ids[slot.id]) for slot, _result, _seed in games]


def _finals_and_games(cursor: Any, dialect: Any, finals: list[tuple], rows: list[tuple]
                      ) -> dict[int, int]:
    """The day's results set final and their game rows inserted on PostgreSQL with one
    statement (one round trip, not two): the results as arrays, the games as VALUES in their
    order (their ids as one insert a game gave them), only those whose result was set here (a
    game another program stored meanwhile is left out, so the caller sees fewer and refuses the
    day); {schedule id: game id} of the games inserted."""
    table = ScheduleRow.__tablename__
    values, params = fastsql.values_list(
        dialect, [(k, *row) for k, row in enumerate(rows)],
        ("int", "int", "int", "int", "text", "timestamptz", "text"))
    cursor.execute(
        f"WITH done AS (UPDATE {table} AS s SET status = 'final', away_runs = v.a, "
        "home_runs = v.h FROM unnest(%s::int[], %s::int[], %s::int[]) AS v(a, h, id) "
        "WHERE s.id = v.id AND s.status <> 'final' RETURNING s.id) "
        f"INSERT INTO {GameRow.__tablename__} ({', '.join(_GAME_KEYS)}) "
        f"SELECT {', '.join('g.' + k for k in _GAME_KEYS)} "
        f"FROM ({values}) AS g(k, {', '.join(_GAME_KEYS)}) "
        "WHERE g.schedule_id IN (SELECT id FROM done) ORDER BY g.k RETURNING schedule_id, id",
        [list(column) for column in zip(*finals)] + params)
    return {int(sid): int(gid) for sid, gid in cursor.fetchall()}


class DayLines:
    """The lines of a day's games, their pitchers' rest and the teams' last starters, gathered
    game by game and written with one batched insert a table (`write`), in the session's
    transaction: the hot path of a season simulation, statements compiled once per dialect
    (storage.fastsql). Lines keep the order of their games, so their ids are as if each game
    had been written on its own; a pitcher's rest and a team's starter are the last game's."""

    def __init__(self) -> None:
        self.rows: dict[str, list[tuple]] = {k: [] for k in ("bat", "pit", "fld", "split")}
        self.rest: dict[tuple[int, str], StoredRest] = {}
        self.starters: dict[tuple[int, str], str] = {}

    def add(self, season_id: int, gid: int, result: GameResult, rest: Mapping[str, StoredRest],
            starters: Mapping[str, str]) -> None:
        """Gather a game's lines (its game row written: `gid`), rest and starters."""
        codes = (result.away, result.home)
        self.rows["bat"] += [(gid, season_id, k, side, codes[side], pid, pos, *line)
                             for k, (side, pid, line, pos) in enumerate(result.batting)]
        last_of = {side: pid for side, pid, _ in result.pitching}
        first_of: dict[int, str] = {}
        for side, pid, _ in result.pitching:
            first_of.setdefault(side, pid)
        self.rows["pit"] += [
            (gid, season_id, k, side, codes[side], pid, result.decisions.get(pid),
             first_of[side] == pid, last_of[side] == pid, *line)
            for k, (side, pid, line) in enumerate(result.pitching)]
        self.rows["fld"] += [
            (gid, season_id, k, side, codes[side], pid, *line)
            for k, (side, pid, line) in enumerate(getattr(result, "fielding", None) or [])]
        self.rows["split"] += [
            (gid, season_id, side, codes[side], pid, hand, *line)
            for side, pid, hand, line in getattr(result, "splits", None) or []]
        for p, r in rest.items():
            self.rest.pop((season_id, p), None)     # the last game's place in the order
            self.rest[(season_id, p)] = r
        for team, pid in starters.items():
            self.starters[(season_id, team)] = pid

    def write(self, *, session: Session, unchecked: bool = False) -> None:
        """Write what was gathered (the caller commits) and forget it. `unchecked`: the
        connection's foreign keys are off (storage.db.keys_unchecked; the caller checks what
        they would have, check_day_keys), and SQLite takes the lines several an INSERT
        (fastsql.insert_rows: −10 % of the storing's instructions, with no statement journal
        now that no key can stop a statement half-way)."""
        with fastsql.cursor_of(session) as (cursor, dialect):
            for name, rows in self.rows.items():
                if dialect.name == "postgresql" and rows and hasattr(cursor, "copy"):
                    _copy(cursor, name, rows)     # psycopg 3: COPY, one stream a table
                elif unchecked and dialect.name == "sqlite":
                    stmt, keys = _STATEMENTS[name]
                    fastsql.insert_rows(cursor, dialect, stmt.table.name, keys, rows, True)
                else:
                    _many(cursor, dialect, name, rows)
            day = fastsql.day_param(dialect)
            rest = [(sid, p, day(r.available_on), r.fatigue) for (sid, p), r in self.rest.items()]
            starters = [(pid, sid, team) for (sid, team), pid in self.starters.items()]
            if dialect.name == "postgresql":
                _rest_and_starters(cursor, rest, starters)
            else:
                _many(cursor, dialect, "rest_del", list(self.rest))
                _many(cursor, dialect, "rest_ins", rest)
                _many(cursor, dialect, "starter", starters)
        self.__init__()     # type: ignore[misc]


def check_day_keys(*, session: Session, league_id: int, season_id: int,
                   game_ids: Sequence[int]) -> None:
    """What the foreign keys check of a day's rows written with them off (storage.db.
    keys_unchecked), once: every row the day writes names the season `season_id` (the lines,
    the rest, the standings, the news), its league `league_id` (the news) or one of the day's
    games `game_ids` (the lines; each game names its schedule row, which the day's update set
    final); all of them must be there. Run last in the day's transaction, which holds SQLite's
    write lock from its first write: nothing deletes them before its commit. Refused as the
    keys refuse (LeagueError; the caller rolls the day back)."""
    s, lg, g = (SeasonRow.__tablename__, LeagueRow.__tablename__, GameRow.__tablename__)
    with fastsql.cursor_of(session) as (cursor, dialect):
        m = fastsql.marker(dialect)
        ids = list(dict.fromkeys(game_ids))
        among = f"id IN ({', '.join([m] * len(ids))})" if ids else "0 = 1"
        cursor.execute(
            f"SELECT (SELECT count(*) FROM {s} WHERE id = {m} AND league_id = {m}), "
            f"(SELECT count(*) FROM {lg} WHERE id = {m}), "
            f"(SELECT count(*) FROM {g} WHERE season_id = {m} AND {among})",
            [season_id, league_id, league_id, season_id, *ids])
        seasons, leagues, games = cursor.fetchone()
    if (seasons, leagues, games) != (1, 1, len(ids)):
        raise LeagueError(f"FOREIGN KEY constraint failed: season {season_id} of league "
                          f"{league_id} or one of its games {ids} is not stored")


def _rest_and_starters(cursor: Any, rest: list[tuple], starters: list[tuple]) -> None:
    """The pitchers' rest rows replaced and the teams' last starters set on PostgreSQL, with one
    statement a season (one round trip): the old rest rows deleted in full first (the insert
    waits for the count of them), the new ones inserted in their order (the same ids as one
    insert a row), the starters updated from arrays — not two statements a pitcher, nor a
    DELETE and a COPY and an UPDATE."""
    r, t = PitcherRestRow.__tablename__, SeasonTeamRow.__tablename__
    for sid in dict.fromkeys([row[0] for row in rest] + [row[1] for row in starters]):
        parts: list[str] = []
        params: list[Any] = []
        mine = [(pid, team) for pid, of, team in starters if of == sid]
        if mine:
            parts.append(f"started AS (UPDATE {t} AS t SET last_starter = v.pid FROM "
                         "unnest(%s::text[], %s::text[]) AS v(pid, team) "
                         "WHERE t.season_id = %s AND t.team = v.team RETURNING 1)")
            params += [[p for p, _ in mine], [team for _, team in mine], sid]
        rows = [row[1:] for row in rest if row[0] == sid]
        if rows:
            players, days, fatigue = (list(column) for column in zip(*rows))
            parts.append(f"gone AS (DELETE FROM {r} WHERE season_id = %s AND player = ANY(%s) "
                         "RETURNING 1)")
            params += [sid, players]
            last = (f"INSERT INTO {r} (season_id, player, available_on, fatigue) "
                    "SELECT %s, * FROM unnest(%s::text[], %s::date[], %s::int[]) "
                    "WHERE (SELECT count(*) FROM gone) >= 0")
            params += [sid, players, days, fatigue]
        else:
            last = "SELECT 1"
        cursor.execute("WITH " + ", ".join(parts) + " " + last, params)


def _statements() -> dict[str, tuple[Any, tuple[str, ...]]]:
    r, t = PitcherRestRow.__table__, SeasonTeamRow.__table__

    def ins(table: Any, keys: tuple[str, ...]) -> tuple[Any, tuple[str, ...]]:
        return insert(table.__table__).values({k: bindparam(k) for k in keys}), keys

    s = ScheduleRow.__table__
    g = GameRow.__table__
    return {
        "final": (update(s).where(s.c.id == bindparam("k_id"), s.c.status != "final")
                  .values(status="final", away_runs=bindparam("k_away"),
                          home_runs=bindparam("k_home")), ("k_away", "k_home", "k_id")),
        "game": (insert(g).values({k: bindparam(k) for k in _GAME_KEYS}).returning(g.c.id),
                 _GAME_KEYS),
        "bat": ins(BattingLineRow, ("game_id", "season_id", "seq", "side", "team", "player",
                                    "pos", *BAT_COLUMNS)),
        "pit": ins(PitchingLineRow, ("game_id", "season_id", "seq", "side", "team", "player",
                                     "decision", "started", "finished", *PIT_COLUMNS)),
        "fld": ins(FieldingLineRow, ("game_id", "season_id", "seq", "side", "team", "player",
                                     *FIELD_COLUMNS)),
        "split": ins(BattingSplitRow, ("game_id", "season_id", "side", "team", "player", "hand",
                                       *BAT_COLUMNS)),
        "rest_del": (delete(r).where(r.c.season_id == bindparam("k_sid"),
                                     r.c.player == bindparam("k_player")), ("k_sid", "k_player")),
        "rest_ins": ins(PitcherRestRow, ("season_id", "player", "available_on", "fatigue")),
        "starter": (update(t).where(t.c.season_id == bindparam("k_sid"),
                                    t.c.team == bindparam("k_team"))
                    .values(last_starter=bindparam("k_last")), ("k_last", "k_sid", "k_team")),
    }


_STATEMENTS = _statements()


def _copy(cursor: Any, name: str, rows: list[tuple]) -> None:
    """The rows of one of _STATEMENTS' line inserts (bat, pit, fld, split) with PostgreSQL's COPY
    (psycopg 3's cursor.copy): one round trip and no statement per row."""
    stmt, keys = _STATEMENTS[name]
    table = stmt.table
    with cursor.copy(f"COPY {table.name} ({', '.join(keys)}) FROM STDIN (FORMAT BINARY)") as copy:
        copy.set_types([_PG_TYPE[type(table.c[k].type).__name__] for k in keys])
        for row in rows:
            copy.write_row(row)


_PG_TYPE = {"Integer": "int4", "AutoString": "varchar", "String": "varchar", "Boolean": "bool"}


def _many(cursor: Any, dialect: Any, name: str, rows: list[tuple], many: bool = True) -> None:
    """One of _STATEMENTS run for `rows` (storage.fastsql: compiled once, tuples, executemany)."""
    fastsql.run(cursor, dialect, name, lambda _dialect: _STATEMENTS[name], rows, many)


# --- reading back --------------------------------------------------------------------------------


def team_codes(*, session: Session, league_id: int) -> list[tuple[str, str, str]]:
    """The league's teams in their order: (code, name, short), without reading any card."""
    t = TeamRow.__table__
    return [(r[0], r[1], r[2]) for r in session.execute(
        select(t.c.code, t.c.name, t.c.short).where(t.c.league_id == league_id).order_by(t.c.seq))]


def player_names(*, session: Session, league_id: int) -> dict[str, str]:
    """Every player's name by id, without reading any card."""
    p = PlayerRow.__table__
    return {r[0]: r[1] for r in session.execute(
        select(p.c.pid, p.c.name).where(p.c.league_id == league_id))}


def season_totals(*, session: Session, season_id: int, kind: str, team: str | None = None,
                  game_kind: str | None = "regular"
                  ) -> list[tuple[str, str, int, tuple[int, ...], dict[str, int]]]:
    """Each (player, team)'s season summed in SQL: (player, team, games, line totals in engine
    order, counts); for pitching the counts are starts, wins, losses, saves, holds, hold points,
    complete games and shutouts. The regular season's games (`game_kind`), the postseason's,
    or all with None."""
    from sqlalchemy import case

    kinds: dict[str, tuple[type[Row], tuple[str, ...]]] = {
        "batting": (BattingLineRow, BAT_COLUMNS), "pitching": (PitchingLineRow, PIT_COLUMNS),
        "fielding": (FieldingLineRow, FIELD_COLUMNS)}
    table, cols = kinds[kind]
    t = table.__table__
    extra: list[Any] = []
    names: tuple[str, ...] = ()
    if kind == "pitching":
        started = t.c.started == True  # noqa: E712  (a boolean column on every database)
        finished = t.c.finished == True  # noqa: E712

        def count(cond: Any) -> Any:
            return func.sum(case((cond, 1), else_=0))

        names = ("starts", "wins", "losses", "saves", "holds", "hold_points", "complete_games",
                 "shutouts")
        extra = [count(started), count(t.c.decision == "W"), count(t.c.decision == "L"),
                 count(t.c.decision == "S"), count(t.c.decision == "H"),
                 count((t.c.decision == "H") | ((t.c.decision == "W") & ~started)),
                 count(started & finished), count(started & finished & (t.c.r == 0))]
    query = (select(t.c.player, t.c.team, func.count(), *[func.sum(t.c[c]) for c in cols], *extra)
             .where(*in_seasons(table, [season_id])).group_by(t.c.player, t.c.team))
    if team is not None:
        query = query.where(t.c.team == team)
    query = _of_game_kind(query, t, game_kind)
    out = []
    n = len(cols)
    for row in session.execute(query):
        totals = tuple(int(v or 0) for v in row[3:3 + n])
        counts = {k: int(v or 0) for k, v in zip(names, row[3 + n:])}
        out.append((row[0], row[1], int(row[2]), totals, counts))
    return out


def fielding_position_totals(*, session: Session, season_id: int, team: str | None = None,
                             game_kind: str | None = "regular"
                             ) -> list[tuple[str, str, str | None, int, tuple[int, ...]]]:
    """Each (player, team, position text)'s fielding summed in SQL: (player, team, the position
    of his batting line in those games or None, games, line totals in FIELD_FIELDS order). A
    fielding line has no position of its own: a fielder plays one position a game, the one his
    batting line says ("SS", "PH-3B"); a fielder without a batting line is a pitcher of a game
    with the DH (league.season.stats.fielding_position reads the texts)."""
    ft, bt = FieldingLineRow.__table__, BattingLineRow.__table__
    on = (bt.c.game_id == ft.c.game_id) & (bt.c.player == ft.c.player)
    query = (core_select(ft.c.player, ft.c.team, bt.c.pos, func.count(),
                         *[func.sum(ft.c[c]) for c in FIELD_COLUMNS])
             .select_from(ft.outerjoin(bt, on))
             .where(*in_seasons(FieldingLineRow, [season_id]))
             .group_by(ft.c.player, ft.c.team, bt.c.pos))
    if team is not None:
        query = query.where(ft.c.team == team)
    query = _of_game_kind(query, ft, game_kind)
    return [(row[0], row[1], row[2], int(row[3]), tuple(int(v or 0) for v in row[4:]))
            for row in session.execute(query)]


def _of_game_kind(query: Any, lines: Any, game_kind: str | None) -> Any:
    """`query` of a table of game lines (`lines`) kept to the games of `game_kind` (their
    schedule row's kind: "regular", …); None: every game."""
    if game_kind is None:
        return query
    g, sc = GameRow.__table__, ScheduleRow.__table__
    return (query.join(g, g.c.id == lines.c.game_id).join(sc, sc.c.id == g.c.schedule_id)
            .where(sc.c.kind == game_kind))


def last_games(*, session: Session, season_id: int, kind: str,
               game_kind: str | None = "regular") -> dict[tuple[str, str], int]:
    """The number of each (player, team)'s last game of the season with a line of `kind`
    (batting, pitching or fielding): which club a traded man played for last."""
    tables: dict[str, type[Row]] = {"batting": BattingLineRow, "pitching": PitchingLineRow,
                                    "fielding": FieldingLineRow}
    t = tables[kind].__table__
    g, sc = GameRow.__table__, ScheduleRow.__table__
    query = (select(t.c.player, t.c.team, func.max(sc.c.number))
             .join(g, g.c.id == t.c.game_id).join(sc, sc.c.id == g.c.schedule_id)
             .where(*in_seasons(tables[kind], [season_id])).group_by(t.c.player, t.c.team))
    if game_kind is not None:
        query = query.where(sc.c.kind == game_kind)
    return {(r[0], r[1]): int(r[2]) for r in session.execute(query)}


def final_games(*, session: Session, season_id: int) -> list[GameSlot]:
    return [g for g in schedule(session=session, season_id=season_id) if g.status == "final"]


def next_game_day(*, session: Session, season_id: int, kind: str = "regular") -> date | None:
    """The day of the first game not final of the regular season (`kind`) or the postseason
    (None when every game is): the first of `schedule(pending_only=True)`'s days, without
    reading the calendar."""
    t = ScheduleRow.__table__
    return session.execute(select(func.min(t.c.day)).where(
        t.c.season_id == season_id, t.c.kind == kind, t.c.status != "final")).scalar()


def final_on(*, session: Session, season_id: int, day: date) -> bool:
    """Whether a regular-season game of `day` is final (any of `final_games` on that day),
    without reading the calendar."""
    t = ScheduleRow.__table__
    return session.execute(select(t.c.id).where(
        t.c.season_id == season_id, t.c.kind == "regular", t.c.day == day,
        t.c.status == "final").limit(1)).first() is not None


def find_game(*, session: Session, season_id: int, number: int) -> GameSlot:
    r = session.exec(select(ScheduleRow).where(ScheduleRow.season_id == season_id,
                                               ScheduleRow.number == number)).first() \
        if storable(number) else None
    if r is None:
        raise NotFound(f"no game {number} in this season")
    return _slot(r)


@dataclass(frozen=True)
class StoredLine:
    """One stored line: game number and day, team, player, the line in engine order, extras."""

    number: int
    day: date
    team: str
    opponent: str
    player: str
    line: tuple[int, ...]
    pos: str = ""
    decision: str | None = None
    started: bool = False
    finished: bool = False
    home: bool = False          # the player's team was the home team
    hand: str = ""              # a split line: the hand of the pitchers it was against (L / R)


def _lines(session: Session, table: Any, columns: Sequence[str], season_ids: Iterable[int],
           player: str | None, team: str | None, extra: Sequence[str],
           kind: str | None = "regular", where: Sequence[Any] = ()) -> list[StoredLine]:
    t = table.__table__
    s = ScheduleRow.__table__
    g = GameRow.__table__
    seasons = list(season_ids)
    query = (core_select(s.c.number, s.c.day, s.c.away, s.c.home, t.c.team, t.c.player,
                    *[t.c[c] for c in extra], *[t.c[c] for c in columns])
             .join(g, g.c.id == t.c.game_id).join(s, s.c.id == g.c.schedule_id))
    query = query.where(*(in_seasons(table, seasons) if player is None
                          else of_player(table, player, seasons)))
    if team is not None:
        query = query.where(t.c.team == team)
    if kind is not None:
        query = query.where(s.c.kind == kind)
    query = query.where(*where)
    query = query.order_by(s.c.day, s.c.number, t.c.seq if "seq" in t.c else t.c.id)
    out = []
    for row in session.execute(query):
        number, day, away, home, tm, pid = row[:6]
        ex = dict(zip(extra, row[6:6 + len(extra)]))
        line = tuple(row[6 + len(extra):])
        out.append(StoredLine(number, day, tm, home if tm == away else away, pid, line,
                              home=tm == home, **ex))
    return out


def batting_lines(*, session: Session, season_ids: Iterable[int], player: str | None = None,
                  team: str | None = None, kind: str | None = "regular") -> list[StoredLine]:
    """Batting lines of the seasons' games: the regular season's (`kind`), the postseason's,
    or all with `kind` None."""
    return _lines(session, BattingLineRow, BAT_COLUMNS, season_ids, player, team, ("pos",),
                  kind)


def home_run_lines(*, session: Session, season_ids: Iterable[int], kind: str | None = "regular"
                   ) -> list[StoredLine]:
    """The batting lines with a home run of the seasons' games (of `kind`, as batting_lines):
    each home run's number in its batter's season (N号) is counted from them."""
    t = BattingLineRow.__table__  # type: ignore[attr-defined]
    return _lines(session, BattingLineRow, BAT_COLUMNS, season_ids, None, None, ("pos",), kind,
                  where=(t.c.hr > 0,))


def split_lines(*, session: Session, season_ids: Iterable[int], player: str | None = None,
                team: str | None = None, kind: str | None = "regular") -> list[StoredLine]:
    """Batting lines against each hand (`hand` L or R): a batter's lines of a game against the
    left- and right-handed pitchers he faced (games stored since migration 0011)."""
    return _lines(session, BattingSplitRow, BAT_COLUMNS, season_ids, player, team, ("hand",),
                  kind)


def pitching_lines(*, session: Session, season_ids: Iterable[int], player: str | None = None,
                   team: str | None = None, kind: str | None = "regular") -> list[StoredLine]:
    return _lines(session, PitchingLineRow, PIT_COLUMNS, season_ids, player, team,
                  ("decision", "started", "finished"), kind)


def fielding_lines(*, session: Session, season_ids: Iterable[int], player: str | None = None,
                   team: str | None = None, kind: str | None = "regular") -> list[StoredLine]:
    return _lines(session, FieldingLineRow, FIELD_COLUMNS, season_ids, player, team, (), kind)


def season_ids(*, session: Session, league_id: int) -> list[int]:
    return list(session.exec(select(SeasonRow.id).where(SeasonRow.league_id == league_id)
                             .order_by(col(SeasonRow.number))).all())  # type: ignore[arg-type]


def game_result(*, session: Session, slot: GameSlot, players: Mapping[str, Any]
                ) -> tuple[GameResult, dict, int | None]:
    """A stored game rebuilt as a GameResult (for league.engine.boxscore), its JSON data and seed;
    a keyboard game whose dice were typed has "typed_by" in its data."""
    return next(game_results(session=session, slots=[slot], players=players))


# the games game_results reads at once: a season's (some 860) in two reads of each table, within
# any database's limit of bound values in one statement (SQLite's: 32,766)
RESULTS_AT_ONCE = 500


def game_results(*, session: Session, slots: Sequence[GameSlot], players: Mapping[str, Any]
                 ) -> Iterator[tuple[GameResult, dict, int | None]]:
    """game_result of each of `slots`, in their order: the games and their batting, pitching and
    fielding lines read RESULTS_AT_ONCE games to a query (a season's regular games read back
    for a tally in a few queries, not four a game). Refuses a slot not played yet before reading
    anything."""
    for slot in slots:
        if slot.status != "final":
            raise NotFound(f"game {slot.number} ({slot.away} @ {slot.home}, {slot.day}) "
                           "has not been played yet")
    gt = GameRow.__table__
    bt, pt, ft = BattingLineRow.__table__, PitchingLineRow.__table__, FieldingLineRow.__table__
    for at in range(0, len(slots), RESULTS_AT_ONCE):
        chunk = slots[at:at + RESULTS_AT_ONCE]
        games = {r.schedule_id: r for r in session.execute(
            core_select(gt.c.id, gt.c.schedule_id, gt.c.data, gt.c.typed_by, gt.c.seed)
            .where(gt.c.schedule_id.in_([slot.id for slot in chunk])))}
        for slot in chunk:
            if slot.id not in games:
                raise NotFound(f"game {slot.number} ({slot.away} @ {slot.home}, {slot.day}) "
                               "is final but its play was not stored")
        ids = [games[slot.id].id for slot in chunk]
        batting: dict[int, list] = {i: [] for i in ids}
        pitching: dict[int, list] = {i: [] for i in ids}
        fielding: dict[int, list] = {i: [] for i in ids}
        for r in session.execute(core_select(bt).where(bt.c.game_id.in_(ids))
                                 .order_by(bt.c.game_id, bt.c.seq)):
            batting[r.game_id].append((r.side, r.player, [getattr(r, c) for c in BAT_COLUMNS],
                                       r.pos))
        for r in session.execute(core_select(pt).where(pt.c.game_id.in_(ids))
                                 .order_by(pt.c.game_id, pt.c.seq)):
            pitching[r.game_id].append((r.side, r.player, [getattr(r, c) for c in PIT_COLUMNS]))
        for r in session.execute(core_select(ft).where(ft.c.game_id.in_(ids))
                                 .order_by(ft.c.game_id, ft.c.seq)):
            fielding[r.game_id].append((r.side, r.player, [getattr(r, c) for c in FIELD_COLUMNS]))
        for slot in chunk:
            g = games[slot.id]
            data = json.loads(g.data)
            if g.typed_by is not None:
                data["typed_by"] = g.typed_by
            yield (_stored_result(slot, data, batting[g.id], pitching[g.id], fielding[g.id],
                                  players), data, g.seed)


def _stored_result(slot: GameSlot, data: dict, batting: list, pitching: list, fielding: list,
                   players: Mapping[str, Any]) -> GameResult:
    from league.engine.game import GameResult
    kwargs: dict[str, Any] = {}
    fields = GameResult.__dataclass_fields__
    if "fielding" in fields:
        kwargs["fielding"] = fielding
    if "lineups" in fields:
        kwargs["lineups"] = lineups_from(data)
    if "fatigue" in fields:
        kwargs["fatigue"] = dict(data.get("fatigue", {}))
    if "events" in fields:
        kwargs["events"] = events_from(data)
    kwargs["version"] = played_by(data)
    return GameResult(
        away=slot.away, home=slot.home, innings=data["innings"],
        runs=[slot.away_runs, slot.home_runs],  # type: ignore[list-item]
        hits=data["hits"], errors=data["errors"], batting=batting, pitching=pitching,
        decisions=data["decisions"], home_runs=[tuple(h) for h in data["home_runs"]],  # type: ignore[misc]
        plays=plays_from(data), rolls=rolls_from(data), players=dict(players),
        winner=data["winner"], final_inning=data["final_inning"], notes=data["notes"], **kwargs)


def player_row(*, session: Session, league_id: int, ref: str) -> tuple[str, str]:
    """(id, name) of a player by id (case-insensitive) or by name (exact, or a unique part),
    else by the English name the league gives him (any case)."""
    rows = session.exec(select(PlayerRow.pid, PlayerRow.name)
                        .where(PlayerRow.league_id == league_id)).all()
    # spaces as typed: a Japanese keyboard's full-width space (宮本　涼) is the name's space
    key = " ".join(ref.split())
    if not key:     # an empty name is part of every English name: not "matches several"
        raise NotFound(f"no player {ref!r} in this league (give an id such as SAP01 or a name)")
    for pid, name in rows:
        if pid.lower() == key.lower():
            return pid, name
    exact = [(p, n) for p, n in rows if n == key or n.replace(" ", "") == key.replace(" ", "")]
    if len(exact) == 1:
        return exact[0]
    part = [(p, n) for p, n in rows if key and key in n]
    if len(part) == 1:
        return part[0]
    if not exact and not part and key.isascii():
        # the English name the league gives (name_en, as the app shows in English): Ryo Miyamoto
        names = dict(rows)
        english = {pid: (b or {}).get("name_en") or (p or {}).get("name_en") or ""
                   for pid, _t, b, p in base_cells(session=session, league_id=league_id,
                                                   released=True)}
        low = key.lower()
        exact = [(p, names[p]) for p, e in english.items()
                 if e and p in names and " ".join(e.lower().split()) == low]
        part = [(p, names[p]) for p, e in english.items() if e and p in names and low in e.lower()]
        if len(exact) == 1:
            return exact[0]
        if len(part) == 1:
            return part[0]
    if len(exact) > 1 or len(part) > 1:
        many = exact or part
        raise NotFound(f"{ref!r} matches several players: "
                       + ", ".join(f"{n} ({p})" for p, n in many[:8]))
    raise NotFound(f"no player {ref!r} in this league (give an id such as SAP01 or a name)")


# --- the postseason ------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredSeries:
    """A postseason series as stored: teams (once known), its format (league.season.postseason data),
    where its winner goes, status, winner, and its games so far (in order)."""

    id: int
    seq: int
    key: str
    name: str
    league: str
    high: str | None
    low: str | None
    high_seed: int | None
    low_seed: int | None
    format: dict[str, Any]
    feeds: str
    status: str                     # waiting | playing | final
    winner: str | None
    games: tuple[GameSlot, ...] = ()

    def series_format(self) -> SeriesFormat:
        """Its format as league.season.postseason reads it (the stored keys that format has);
        TypeError or ValueError for a format this program does not write."""
        return SeriesFormat(**{k: v for k, v in self.format.items()
                               if k in SeriesFormat.__dataclass_fields__})

    def results(self) -> list[str | None]:
        """Each final game in order: "high" or "low" (the side that won it), None drawn."""
        out: list[str | None] = []
        for g in self.games:
            if g.status != "final":
                continue
            if g.away_runs == g.home_runs:
                out.append(None)
                continue
            winner = g.away if (g.away_runs or 0) > (g.home_runs or 0) else g.home
            out.append("high" if winner == self.high else "low")
        return out


def create_postseason(*, session: Session, season_id: int,
                      series: Sequence[Mapping[str, Any]]) -> None:
    """Store a season's postseason series (key, name, league, high, low, seeds, format, feeds)
    and move the season to its postseason phase."""
    from storage.tables import PostseasonSeriesRow

    for seq, x in enumerate(series):
        session.add(PostseasonSeriesRow(
            season_id=season_id, seq=seq, key=x["key"], name=x["name"],
            league=x.get("league", ""), high=x.get("high"), low=x.get("low"),
            high_seed=x.get("high_seed"), low_seed=x.get("low_seed"),
            format=_dumps(x["format"]), feeds=x.get("feeds", ""),
            status="playing" if x.get("high") and x.get("low") else "waiting"))
    session.flush()
    set_phase(session=session, season_id=season_id, phase="postseason")


def postseason_series(*, session: Session, season_id: int) -> list[StoredSeries]:
    """The season's postseason series in order, each with its games (empty before it starts)."""
    from storage.tables import PostseasonSeriesRow

    rows = session.exec(select(PostseasonSeriesRow)
                        .where(PostseasonSeriesRow.season_id == season_id)
                        .order_by(col(PostseasonSeriesRow.seq))).all()
    games: dict[int, list[GameSlot]] = {}
    for g in schedule(session=session, season_id=season_id, kind="postseason"):
        games.setdefault(g.series, []).append(g)
    out = []
    for r in rows:
        assert r.id is not None
        out.append(StoredSeries(r.id, r.seq, r.key, r.name, r.league, r.high, r.low, r.high_seed,
                                r.low_seed, json.loads(r.format), r.feeds, r.status, r.winner,
                                tuple(sorted(games.get(r.id, []), key=lambda g: g.number))))
    return out


class SeriesGame(NamedTuple):
    """A postseason game's place: its series' key and name, and its number in the series."""

    key: str
    name: str
    game: int           # 1 for the series' first game


def series_games(*, session: Session, season_id: int) -> dict[int, SeriesGame]:
    """Each postseason game's series and its number in it, by the game's number: (the series'
    key, its name, 1 for its first game …), as a box score's header and a game log name it (the
    Climax Series final stage's advantage win is no game)."""
    return {g.number: SeriesGame(x.key, x.name, k + 1)
            for x in postseason_series(session=session, season_id=season_id)
            for k, g in enumerate(x.games)}


def update_series(*, session: Session, series_id: int, **values: Any) -> None:
    """Set a series' teams, seeds, status or winner."""
    from storage.tables import PostseasonSeriesRow

    allowed = {"high", "low", "high_seed", "low_seed", "status", "winner"}
    bad = set(values) - allowed
    if bad:
        raise LeagueError(f"cannot set {', '.join(sorted(bad))} of a series")
    t = PostseasonSeriesRow.__table__
    session.execute(update(t).where(t.c.id == series_id).values(**values))


def add_postseason_game(*, session: Session, season_id: int, series_id: int, day: date,
                        away: str, home: str) -> GameSlot:
    """Schedule the next game of a postseason series (numbered after every game so far)."""
    number = (session.exec(select(func.max(ScheduleRow.number))
                           .where(ScheduleRow.season_id == season_id)).one() or 0) + 1
    row = ScheduleRow(season_id=season_id, number=number, day=day, away=away, home=home,
                      series=series_id, status="scheduled", kind="postseason")
    session.add(row)
    session.flush()
    return _slot(row)


# --- new cards for a new season ----------------------------------------------------------------


@dataclass(frozen=True)
class CardsTaken:
    """What new cards did to a league: players kept (matched by id), joined and left."""

    kept: tuple[str, ...]
    joined: tuple[str, ...]
    left: tuple[str, ...]


def player_ids(*, session: Session, league_id: int) -> list[str]:
    """Every player id the league has had (retired men's too: an id is never given again)."""
    return list(session.exec(select(PlayerRow.pid).where(PlayerRow.league_id == league_id)).all())


def take_cards(*, session: Session, league_id: int, batters: str, pitchers: str,
               where: str) -> CardsTaken:
    """Make `batters` / `pitchers` (CSV texts, checked whole against the league's teams) the
    league's own cards: a player matched by id keeps his history and gets his new cards, a new
    id joins, a player left out leaves (his past seasons stay; he has no card from now on)."""
    stored = stored_texts(session=session, league_id=league_id)
    LeagueTexts(stored.toml, batters, pitchers, where).parse()   # names file and line
    had = set(session.exec(select(PlayerRow.pid).join(CardRow)
                           .where(PlayerRow.league_id == league_id,
                                  CardRow.season_id.is_(None))).all())  # type: ignore[union-attr]
    known = set(session.exec(select(PlayerRow.pid).where(PlayerRow.league_id == league_id)).all())
    rows = {r["id"]: r["name"] for r in [*csv_rows(pitchers), *csv_rows(batters)]}
    replace_base_cards(session=session, league_id=league_id, batters_csv=batters,
                       pitchers_csv=pitchers)
    p = PlayerRow.__table__
    for pid, name in rows.items():
        if pid in known:
            session.execute(update(p).where(p.c.league_id == league_id, p.c.pid == pid)
                            .values(name=name))
    session.flush()
    order = list(rows)
    return CardsTaken(tuple(pid for pid in order if pid in had),
                      tuple(pid for pid in order if pid not in known),
                      tuple(sorted(had - set(order))))


def replace_base_cards(*, session: Session, league_id: int, batters_csv: str,
                       pitchers_csv: str) -> int:
    """Replace a league's own cards (the ones its next season copies) by these, checked whole
    with the league's teams and roster size first; seasons already made keep their cards.
    Returns how many players the league's cards now hold."""
    league = session.get(LeagueRow, league_id)
    if league is None:
        raise NotFound(f"no league with id {league_id}")
    current = stored_texts(session=session, league_id=league_id)
    LeagueTexts(current.toml, batters_csv, pitchers_csv, f"league {league.name}").parse()
    batting = {r["id"]: r for r in csv_rows(batters_csv)}
    pitching = {r["id"]: r for r in csv_rows(pitchers_csv)}
    order = list(dict.fromkeys([*batting, *pitching]))
    year = session.exec(select(func.max(SeasonRow.year))
                        .where(SeasonRow.league_id == league_id)).one()
    fill_born(batting, pitching, league.name, year or FIRST_YEAR)
    names = {**{k: v["name"] for k, v in batting.items()},
             **{k: v["name"] for k, v in pitching.items()}}
    ids = dict(session.exec(select(PlayerRow.pid, PlayerRow.id)
                            .where(PlayerRow.league_id == league_id)).all())
    new = [pid for pid in order if pid not in ids]
    if new:
        session.execute(insert(PlayerRow.__table__),
                        [{"league_id": league_id, "pid": pid, "name": names[pid]} for pid in new])
        ids = dict(session.exec(select(PlayerRow.pid, PlayerRow.id)
                                .where(PlayerRow.league_id == league_id)).all())
    session.execute(delete(CardRow.__table__).where(
        CardRow.__table__.c.season_id.is_(None),
        CardRow.__table__.c.player_id.in_(list(ids.values()))))
    session.execute(insert(CardRow.__table__), [
        {"player_id": ids[pid], "season_id": None,
         "team": (batting.get(pid) or pitching[pid])["team"],
         "batting": _dumps(batting[pid]) if pid in batting else None,
         "pitching": _dumps(pitching[pid]) if pid in pitching else None}
        for pid in order])
    session.flush()
    return len(order)
