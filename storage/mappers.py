"""Rows ↔ league objects. Cards are stored as their CSV cells, so a League is rebuilt by writing
the plain-file texts back and parsing them with league.season.roster.parse_league: one parser, one set
of checks, the same objects as a league read from a folder.
"""
from __future__ import annotations

import csv
import io
import json
import re
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from league.engine.dice import Roll
from league.season.roster import (
    BATTER_COLUMNS,
    PITCHER_COLUMNS,
    SETTING_TABLES,
    League,
    parse_league,
    parse_structure,
    reparse_league,
)

if TYPE_CHECKING:   # the table classes only name what is read (storage.first_read passes rows
    # read with sqlite3)
    from storage.tables import LeagueRow, RulesetRow, TeamRow
if TYPE_CHECKING:   # the engine is imported only where games are stored or rebuilt
    from league.engine.game import Play


# the leagues parsed lately (LeagueTexts.parse): for each stored league or season read (its
# `where`, and how it was parsed) the texts last parsed and their league
_Slot = tuple[str, bool, "frozenset[str] | None"]
_PARSED: dict[_Slot, tuple[tuple[str, str, str], League]] = {}
_PARSED_KEPT = 8


@dataclass(frozen=True)
class LeagueTexts:
    """A league in the plain-file format: league.toml, batters.csv, pitchers.csv, and where from."""

    toml: str
    batters: str
    pitchers: str
    where: str
    ruleset: str | None = None     # the TOML of a ruleset file the league names (not shipped)

    def parse(self, *, active: bool = True, judged: Collection[str] | None = None,
              keep: bool = True, anywhere: bool = False) -> League:
        """The league with its cards parsed. Leagues parsed lately are kept by their texts and
        given again (a League is immutable): parsing every card of a league with farms takes a
        tenth of a second, and a box score, a replay or a day's games each read the league.
        `active=False`: a stored season's cards, whose active rosters the season's moves made
        (league.season.roster.parse_league); `judged`: only these teams held to the roster
        rules (None: every team).

        One league is kept for each stored league or season read (`where`, parsed alike): the
        one of its newest texts. A season simulated a day at a time changes its cards' texts
        every day (the day's roster moves); keeping each day's league by its texts kept eight
        copies of every player and card alive after a simulation (≈ 32,000 objects the
        collector tracks apiece) that no read would ask for again.

        `keep=False`: parsed afresh and not kept (texts of some clubs' cards only,
        repository.stored_texts(teams=...): no league kept for the whole is one of them).
        `anywhere` (parse_league's: a club's catcher and starters anywhere on it, the league's
        own cards in season) is always parsed afresh and not kept."""
        if not keep or anywhere:
            return parse_league(self.toml, self.batters, self.pitchers, where=self.where,
                                active=active, judged=judged, anywhere=anywhere)
        slot = (self.where, active, None if judged is None else frozenset(judged))
        texts = (self.toml, self.batters, self.pitchers)
        kept = _PARSED.get(slot)
        if kept is not None and kept[0] == texts:
            return kept[1]
        # the league kept for these cards read alike (any teams judged): when only the team
        # and roster cells of some rows changed since, it is the league with those men moved
        base = kept if kept is not None else next(
            (k for (where, act, _j), k in _PARSED.items()
             if where == self.where and act == active), None)
        if base is None:
            league = parse_league(self.toml, self.batters, self.pitchers, where=self.where,
                                  active=active, judged=judged)
        else:
            league = reparse_league(base[1], base[0], self.toml, self.batters, self.pitchers,
                                    where=self.where, active=active, judged=judged)
        _PARSED.pop(slot, None)         # its older texts: superseded
        while len(_PARSED) >= _PARSED_KEPT:
            _PARSED.pop(next(iter(_PARSED)), None)
        _PARSED[slot] = (texts, league)
        return league

    def structure(self) -> League:
        """The league without its players (league.toml only: teams, leagues, settings)."""
        return parse_structure(self.toml, where=self.where)


def csv_rows(text: str) -> list[dict[str, str]]:
    """Rows of a (validated) league CSV as dicts; blank and '#' rows skipped as the parser does."""
    header: list[str] | None = None
    rows = []
    for record in csv.reader(io.StringIO(text)):
        if not any(c.strip() for c in record) or record[0].strip().startswith("#"):
            continue
        if header is None:
            header = [c.strip() for c in record]
            continue
        rows.append({k: v.strip() for k, v in zip(header, record)})
    return rows


def csv_text(header: Sequence[str], rows: Iterable[dict[str, str]]) -> str:
    return _csv_line(header) + "".join(_csv_line([row.get(c, "") for c in header])
                                       for row in rows)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}"
                                for k, v in value.items()) + " }"
    # a JSON string is a valid TOML basic string
    return json.dumps(str(value), ensure_ascii=False)


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def toml_lines(data: dict[str, Any], prefix: str = "") -> list[str]:
    """TOML for plain data (tables, arrays of tables, scalars and lists): the inverse of
    tomllib.loads for what league.toml holds."""
    lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not _is_table_array(v)]
    for k, v in data.items():
        name = f"{prefix}{_toml_key(k)}"
        if isinstance(v, dict):
            lines += ["", f"[{name}]", *toml_lines(v, name + ".")]
        elif _is_table_array(v):
            for item in v:
                lines += ["", f"[[{name}]]", *toml_lines(item, name + ".")]
    return lines


def settings_of(league: League) -> dict[str, Any]:
    """What league.toml says beyond the name, options and teams, as JSON-ready data."""
    out: dict[str, Any] = dict(league.settings or {})
    # the league's English name (league.toml's name_en: the app and the site in English)
    if league.name_en:
        out["name_en"] = league.name_en
    # the roster sizes beside roster_size (a column of its own since 0001) ride in the settings
    out["active_size"] = league.active_size
    out["dressed"] = league.dressed
    out["ten_days"] = league.ten_days
    # the foreign limit (外国人枠) only when the league sets its own
    from league.season.foreign_limit import FOREIGN_ACTIVE, FOREIGN_SIDE
    for key, default in (("foreign_active", FOREIGN_ACTIVE), ("foreign_side", FOREIGN_SIDE)):
        if getattr(league, key) != default:
            out[key] = getattr(league, key)
    if league.leagues:
        out["leagues"] = [{"code": g.code, "name": g.name, "short": g.short,
                           "name_en": g.name_en, "dh": g.dh,
                           "divisions": [d for d, _ in g.divisions]} for g in league.leagues]
    return out


def league_toml(league: LeagueRow, ruleset: RulesetRow | None, teams: Sequence[TeamRow]) -> str:
    """league.toml for a stored league."""
    settings = json.loads(getattr(league, "settings", None) or "{}")
    lines = [
        f"name = {_toml_value(league.title)}",
        *([f"name_en = {_toml_value(settings['name_en'])}"] if settings.get("name_en") else []),
        f"code = {_toml_value(league.code)}",
        f"ruleset = {_toml_value(ruleset.name if ruleset else 'standard')}",
        f"dh = {_toml_value(league.dh)}",
        f"extra_innings = {_toml_value(league.extra_innings)}",
        f"roster_size = {_toml_value(league.roster_size)}",
    ]
    lines += [f"{key} = {_toml_value(settings[key])}"
              for key in ("active_size", "dressed", "ten_days", "foreign_active", "foreign_side")
              if key in settings]
    tables = {k: settings[k] for k in SETTING_TABLES if k in settings}
    lines += toml_lines(tables)
    for g in settings.get("leagues", []):
        lines += ["", "[[leagues]]", *toml_lines({k: v for k, v in g.items()
                                                  if v not in ("", [])})]
    for t in sorted(teams, key=lambda t: t.seq):
        lines += ["", "[[teams]]", f"code = {_toml_value(t.code)}", f"name = {_toml_value(t.name)}",
                  f"short = {_toml_value(t.short)}"]
        for key in ("name_en", "league", "division"):
            if getattr(t, key, ""):
                lines.append(f"{key} = {_toml_value(getattr(t, key))}")
    return "\n".join(lines) + "\n"


def league_texts(league: LeagueRow, ruleset: RulesetRow | None, teams: Sequence[TeamRow],
                 cards: Sequence[tuple[str | None, str | None]], where: str) -> LeagueTexts:
    """The plain-file texts of a stored league; `cards` are (batting, pitching) JSON texts."""
    return LeagueTexts(league_toml(league, ruleset, teams),
                       _cards_csv(BATTER_COLUMNS, [b for b, _ in cards if b]),
                       _cards_csv(PITCHER_COLUMNS, [p for _, p in cards if p]), where)


# A card's cells and CSV line by its JSON text (and the header written): a season's days leave
# most cards as they were, and its league is read whole again around every trade (the season's,
# the league's own): a dozen reads of ~1,100 cards a season, each decoding every card's JSON and
# writing it as CSV again (two thirds of a read's time). Plain functions of the text, holding
# strings and dicts of strings only (nothing the collector tracks); forgotten at once past a bound.
_CARD_CELLS: dict[str, dict[str, Any]] = {}     # JSON text -> its cells (never handed out)
_CARD_LINES: dict[str, dict[str, str]] = {}     # header line -> JSON text -> CSV line
_CARD_FILLED: dict[str, str] = {}               # JSON text -> its filled optional columns, ","
_CARDS_KEPT = 20_000


def card_cells(text: str) -> dict[str, Any]:
    """json.loads(text) of a card's cells: a new dict each call (the caller may change it)."""
    cells = _CARD_CELLS.get(text)
    if cells is None:
        if len(_CARD_CELLS) > _CARDS_KEPT:
            _forget_cards()
        cells = json.loads(text)
        if not isinstance(cells, dict) or not all(
                v is None or isinstance(v, (str, int, float)) for v in cells.values()):
            return cells        # a shallow copy would share what the caller may change
        _CARD_CELLS[text] = cells
    return dict(cells)


def _forget_cards() -> None:
    _CARD_CELLS.clear()
    _CARD_LINES.clear()
    _CARD_FILLED.clear()


def _cards_csv(columns: Sequence[str], texts: Sequence[str]) -> str:
    """csv_text(_columns(columns, cards), cards) of the cards given as their JSON texts."""
    if len(_CARD_FILLED) > _CARDS_KEPT or len(_CARD_LINES) > 8:
        _forget_cards()
    from league.season.roster import OPTIONAL_COLUMNS
    marks = set()
    for text in texts:
        mark = _CARD_FILLED.get(text)
        if mark is None:
            row = card_cells(text)
            mark = _CARD_FILLED[text] = ",".join(c for c in OPTIONAL_COLUMNS if row.get(c))
        marks.add(mark)
    filled = {c for mark in marks for c in mark.split(",")}
    header = [c for c in columns if c not in OPTIONAL_COLUMNS or c in filled]
    head = _csv_line(header)
    lines = _CARD_LINES.setdefault(head, {})
    out = [head]
    for text in texts:
        line = lines.get(text)
        if line is None:
            row = card_cells(text)
            line = lines[text] = _csv_line([row.get(c, "") for c in header])
        out.append(line)
    return "".join(out)


def _csv_line(values: Sequence[Any]) -> str:
    """One row of a league's CSV text (csv_text's, and a stored card's kept line)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(values)
    return out.getvalue()


# --- a played game as one compact JSON text --------------------------------------------------


def played_by(data: dict) -> int:
    """The engine version that played a stored game (league.engine.ENGINE_VERSION; 1 for a game
    stored before versions were kept, or whose version is not a whole number): its replay's
    rules and computer managers play by it."""
    engine = data.get("engine")
    return engine if isinstance(engine, int) and not isinstance(engine, bool) else 1


def game_data(result: Any, compact: bool = False) -> str:
    """Everything of a GameResult the line tables do not hold, as one compact JSON text.

    `compact` (a game of the computer managers): the raw rolls instead of the roll log and the
    play-by-play, which are made again on demand by replaying the game (v 3) — a replay gives
    the very same game, the contract of the engine. Otherwise (a game played by a person, whose
    decisions a replay would not know) rolls and plays are kept: they repeat a few strings
    (purposes, tables, rows, results, player ids) many times, written once in "strings" and
    referred to by index (v 2).
    """
    from league.engine.boxscore import lineup_dict
    # the version that played it (a live game saved by an older one is finished by its rules)
    engine = result.version
    if compact:
        return json.dumps({
            "v": 3,
            "engine": engine,
            "innings": result.innings, "hits": result.hits, "errors": result.errors,
            "winner": result.winner, "final_inning": result.final_inning,
            "decisions": result.decisions, "notes": list(result.notes),
            "home_runs": result.home_runs,
            "lineups": [lineup_dict(lu) for lu in result.lineups],
            "fatigue": dict(result.fatigue or {}),
            **({"hurt": dict(result.hurt)} if getattr(result, "hurt", None) else {}),
            "raws": list(result.raws),
        }, ensure_ascii=False, separators=(",", ":"))
    # a defaultdict fed by a counter numbers each new string at C speed, in first-seen order
    ix: defaultdict[str, int] = defaultdict(count().__next__)
    rolls = []
    for r in result.rolls:
        entry = [ix[r.purpose], r.raw, r.modified, ix[r.table], ix[r.row], ix[r.result]]
        for source, value in r.modifiers:
            entry += (ix[source], value)
        rolls.append(entry)
    plays = [(p.inning, ix[p.half], ix[p.batter], ix[p.pitcher], p.text, p.outs, p.score[0],
              p.score[1]) for p in result.plays]
    # each play's record (league.engine.events.Event), its words and ids in "strings"
    events = [[ix[e.what], ix[e.batter], ix[e.pitcher], ix[e.who], ix[e.other], e.base, ix[e.pos],
               e.runs, [[ix[p], a, b] for p, a, b in e.moves],
               [[ix[p], ix[k], b] for p, k, b in e.notes], [ix[m] for m in e.mods],
               [ix[x] for x in e.before], [ix[x] for x in e.after],
               [[ix[p], ix[c]] for p, c in e.scored], e.outs]
              for e in getattr(result, "events", ())]
    data = {
        "v": 2,
        "engine": engine,
        "innings": result.innings, "hits": result.hits, "errors": result.errors,
        "winner": result.winner, "final_inning": result.final_inning,
        "decisions": result.decisions, "notes": list(result.notes),
        "home_runs": result.home_runs,
        "lineups": [lineup_dict(lu) for lu in getattr(result, "lineups", ())],
        "fatigue": dict(getattr(result, "fatigue", {}) or {}),
        **({"hurt": dict(result.hurt)} if getattr(result, "hurt", None) else {}),
        "strings": list(ix),
        "plays": plays,
        **({"events": events} if events and len(events) == len(plays) else {}),
        "rolls": rolls,
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def plays_from(data: dict) -> list[Play]:
    """The play-by-play kept with a game (none in a compact record: replay it)."""
    from league.engine.game import Play
    if "plays" not in data:
        return []
    t = data["strings"]
    return [Play(i, t[h], t[b], t[p], text, o, (a, hm))
            for i, h, b, p, text, o, a, hm in data["plays"]]


def events_from(data: dict) -> list[Any]:
    """The record of each play kept with a game (league.engine.events.Event); none for a
    compact record (replay it) or a game stored before plays were recorded."""
    if "events" not in data:
        return []
    from league.engine.events import Event
    t = data["strings"]

    def three(ids: list[int]) -> tuple[str, str, str]:
        return (t[ids[0]], t[ids[1]], t[ids[2]])

    return [Event(t[w], t[b], t[p], t[who], t[other], base, t[pos], runs,
                  tuple((t[r], a, c) for r, a, c in moves),
                  tuple((t[r], t[k], c) for r, k, c in notes), tuple(t[m] for m in mods),
                  three(before), three(after), tuple((t[r], t[c]) for r, c in scored), outs)
            for (w, b, p, who, other, base, pos, runs, moves, notes, mods, before, after, scored,
                 outs) in data["events"]]


def rolls_from(data: dict) -> list[Roll]:
    """The roll log kept with a game (none in a compact record: replay it)."""
    if "rolls" not in data:
        return []
    t = data["strings"]
    out = []
    for e in data["rolls"]:
        mods = tuple((t[e[k]], e[k + 1]) for k in range(6, len(e), 2))
        out.append(Roll(t[e[0]], e[1], mods, e[2], t[e[3]], t[e[4]], t[e[5]]))
    return out


def lineups_from(data: dict) -> tuple:
    from league.engine.boxscore import lineup_from_dict
    return tuple(lineup_from_dict(d) for d in data.get("lineups", ()))
