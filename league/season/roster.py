"""Teams and leagues, and the parser for the plain-file league format.

A league is three texts (the caller reads the files; this module does no I/O):
``league.toml`` (name, options, ``[[leagues]]``, ``[[teams]]``), ``batters.csv`` and
``pitchers.csv``. Every error names the file, the line, the column (or key) and the problem, in
one line.

A league holds one or two leagues (リーグ) of teams (``[[leagues]]``: code, name, short, name_en,
dh, divisions); each team names its league (and division) with ``league = "CL"``. Without
``[[leagues]]`` the teams form one league under the top-level ``dh``. A game is played under the
home team's league's DH rule. ``batters.csv`` and ``pitchers.csv`` may carry an optional
``name_en`` column (a Latin-letter name), an optional ``roster`` column: ``active`` (一軍, the
default when the column or the cell is empty) or ``farm`` (二軍), and an optional ``born`` column
(the birth date, YYYY-MM-DD; a league stored without one gets a plausible one) and an
optional ``foreign`` column: ``yes`` for a foreign player (外国人), ``no`` or empty otherwise.

Roster sizes (league.toml): ``roster_size`` players under contract per team (支配下, 70 by
default), ``active_size`` registered on the active roster (一軍登録, 29) and ``dressed`` for a
game (ベンチ入り, 26); ``ten_days`` is how long a demoted player waits before he may be
registered again (the ten-day rule, 10); ``foreign_active`` is how many foreign players
the active roster registers (4) and ``foreign_side`` how many of them may be pitchers, or batters
(3): league.season.foreign_limit. A team with no farm players is all active, as leagues were before the farm
existed, and is not held to ``active_size``.
"""
from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from typing import Any, Callable, Final, Protocol

from league.engine.cards import (
    BAT_COLUMNS,
    BAT_HANDS,
    CONDITIONS,
    HANDS,
    PITCH_COLUMNS,
    PLAYING_RANKS,
    STABILITIES,
    BattingCard,
    Bounds,
    CatcherRatings,
    Fielding,
    PitchingCard,
    Player,
    parse_bounds,
    parse_fielding,
)
from league.errors import CardError, LeagueError
from league.numbers import whole_number
from league.season.foreign_limit import FOREIGN_ACTIVE, FOREIGN_SIDE, over, parse_foreign
from league.season.offseason_settings import draft_rules, fa_rules, parse_born, trade_rules
from league.tomltext import TOMLInputError, load_toml

DEFAULT_ROSTER_SIZE = 70      # under contract (支配下登録)
DEFAULT_ACTIVE_SIZE = 29      # registered on the active roster (一軍登録)
DEFAULT_DRESSED = 26          # dressed for a game (ベンチ入り)
DEFAULT_TEN_DAYS = 10         # days a demoted player waits before he may come back (10日ルール)
TEN_DAYS_RANGE: Final = (1, 60)
ROSTER_STATUSES = ("active", "farm")
# league.toml's tables of settings a league keeps (each checked where it is read)
SETTING_TABLES: Final = ("schedule", "postseason", "draft", "fa", "trades", "usage")
MIN_STARTERS: Final = 5
# the computer's rotation (six men, 中6日 as in NPB); further starters pitch long relief
ROTATION_SIZE: Final = 6
# the pitchers' share of an active roster (the rest are hitters), the most a renewed active
# roster keeps while its farm has a hitter to call up (league.offseason.renewal) and the side a
# full roster sends down from first (league.season.farm.sending_down): NPB clubs open a season
# with about 13-14 pitchers of their 29 (the bundled league opens with 13 a club); the renewal's
# fills (a starter for a starter, the catchers and runners first, the roster check's side rule
# against last season's closing rosters, which the season's call-ups for tired arms had tilted)
# opened lived seasons with 14.75 and 14.25 hitters, benches too short to pinch-hit or run in
# the league with the DH (issue 31: 105 pinch-hit appearances a club in season one, 52-80
# later; pinch runners 30-39 against C.3's 40-120)
ACTIVE_ARMS: Final = 14
TEAM_CODE_RE = re.compile(r"^[A-Z]{3}$")
PLAYER_ID_RE = re.compile(r"^[A-Za-z0-9_.-]+$")
PITCHER_BAT_RE = re.compile(r"^[ABC]\+?$")

BATTER_HEADER = (
    "team", "id", "name", "bats", "throws", "rank", *BAT_COLUMNS,
    "BT", "RR", "SR", "DP", "positions", "arm", "block", "lead",
)
PITCHER_HEADER = (
    "team", "id", "name", "throws", "bats", "rank", *CONDITIONS,
    "stability", "innings", "starter", "rest", "bat", "fielding",
)
# Columns a file may leave out (written by exports after the required ones).
OPTIONAL_COLUMNS = ("name_en", "roster", "born", "contract", "foreign")
BATTER_COLUMNS = BATTER_HEADER + OPTIONAL_COLUMNS
PITCHER_COLUMNS = PITCHER_HEADER + OPTIONAL_COLUMNS
MAX_LEAGUES = 2

# Inclusive ranges of the whole-number ratings.
RATING_RANGES: dict[str, tuple[int, int]] = {
    "BT": (0, 5), "RR": (-1, 6), "SR": (0, 99), "DP": (0, 15),
    "arm": (0, 6), "block": (0, 5), "lead": (-3, 3),
    "starter": (0, 12), "rest": (0, 10),
}
INNINGS_RANGE = (0.1, 12.0)

_TOML_KEYS = {"name", "code", "ruleset", "dh", "extra_innings", "roster_size", "teams",
              "leagues", "active_size", "dressed", "ten_days", "foreign_active", "foreign_side",
              "options", "name_en", *SETTING_TABLES}
_TEAM_KEYS = {"code", "name", "short", "name_en", "league", "division"}
_LEAGUE_KEYS = {"code", "name", "short", "name_en", "dh", "divisions"}
LEAGUE_CODE_RE = re.compile(r"^[A-Za-z0-9_-]{1,8}$")


# each team's pitchers (Team.pitchers), by the team's identity
_PITCHERS: Final[dict[int, tuple["Team", tuple[Player, ...]]]] = {}
# each league's teams by code (League.team), and each team's DH rule (League.dh_for), by the
# league's identity
_TEAMS: Final[dict[int, tuple["League", dict[str, "Team"]]]] = {}
_DH: Final[dict[int, tuple["League", dict[str, bool]]]] = {}


def code_as_typed(text: str | None, codes: Iterable[str]) -> str | None:
    """The code among `codes` a person meant by `text` — itself, or the same letters in any
    case with spaces around (`edo `, `Edo` for EDO; `cl` for a league's CL) — else None. Every
    place a code is typed (`--team`, `--part`, `--away`) takes it so."""
    if text is None:
        return None
    known = list(codes)
    if text in known:
        return text
    up = text.strip().upper()
    return next((c for c in known if c.upper() == up), None)


@dataclass(frozen=True, slots=True)
class Team:
    """One club: its code (3 capital letters), full and short names, and its roster."""

    code: str
    name: str
    short: str
    players: tuple[Player, ...]
    league: str = ""        # code of its league (リーグ); "" in a league of one group
    division: str = ""
    name_en: str = ""

    @property
    def active(self) -> tuple[Player, ...]:
        """The players on the active roster (一軍); the farm (二軍) plays no league games."""
        # a list made and turned into a tuple: a generator resumes once a player
        return tuple([p for p in self.players if p.roster != "farm"])

    @property
    def farm(self) -> tuple[Player, ...]:
        return tuple([p for p in self.players if p.roster == "farm"])

    def player(self, id: str) -> Player:
        """The player with this id; LeagueError if the roster has none."""
        for p in self.players:
            if p.id == id:
                return p
        raise LeagueError(f"team {self.code} has no player {id!r}")

    @property
    def pitchers(self) -> tuple[Player, ...]:
        # asked of both teams before every game of a season and of every pennant-odds run:
        # remembered by the team's identity (a Team never changes; the entry holds it)
        known = _PITCHERS.get(id(self))
        if known is not None and known[0] is self:
            return known[1]
        if len(_PITCHERS) > 2_000:      # a long-lived process that read many leagues
            _PITCHERS.clear()
        out = tuple([p for p in self.players if p.pitching is not None])
        _PITCHERS[id(self)] = (self, out)
        return out

    @property
    def batters(self) -> tuple[Player, ...]:
        """Players with their own batting card (pitchers with `bat = own` included)."""
        return tuple(p for p in self.players if p.batting is not None)


@dataclass(frozen=True, slots=True)
class SubLeague:
    """One league (リーグ) of a league's teams, e.g. a Central and a Pacific league: its own DH
    rule and optional divisions (each a name and its team codes)."""

    code: str
    name: str
    short: str
    dh: bool
    teams: tuple[str, ...]
    divisions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    name_en: str = ""


@dataclass(frozen=True, slots=True)
class League:
    """A league: its teams, their leagues (リーグ), and the options every game is played under.

    `settings` holds the season's tables of league.toml as read (``schedule``, ``postseason``);
    league.season.calendar and league.season.postseason check and read them.
    """

    name: str
    code: str
    ruleset: str
    dh: bool
    teams: tuple[Team, ...]
    extra_innings: int = 12
    roster_size: int = DEFAULT_ROSTER_SIZE
    leagues: tuple[SubLeague, ...] = ()
    settings: Any = None
    active_size: int = DEFAULT_ACTIVE_SIZE
    dressed: int = DEFAULT_DRESSED
    ten_days: int = DEFAULT_TEN_DAYS
    name_en: str = ""                 # the league's name in Latin letters (the app in English)
    foreign_active: int = FOREIGN_ACTIVE
    foreign_side: int = FOREIGN_SIDE

    @property
    def groups(self) -> tuple[SubLeague, ...]:
        """The leagues (リーグ) of the teams: those of league.toml, else one holding them all."""
        if self.leagues:
            return self.leagues
        return (SubLeague(self.code, self.name, self.name, self.dh,
                          tuple(t.code for t in self.teams), name_en=self.name_en),)

    def league_of(self, team: str) -> SubLeague:
        """The league (リーグ) a team plays in."""
        for g in self.groups:
            if team in g.teams:
                return g
        self.team(team)  # names the unknown code
        raise LeagueError(f"team {team} is in no league of {self.code}")

    def dh_for(self, home: str) -> bool:
        """The DH rule of a game: the home team's league's."""
        if not self.leagues:
            return self.dh
        # asked before every game and by the farm's checks: each team's, remembered by the
        # league's identity (a League never changes; the entry holds it)
        known = _DH.get(id(self))
        if known is None or known[0] is not self:
            if len(_DH) > 2_000:      # a long-lived process that read many leagues
                _DH.clear()
            known = _DH[id(self)] = (self, {t: g.dh for g in reversed(self.leagues)
                                            for t in g.teams})
        dh = known[1].get(home)
        return self.league_of(home).dh if dh is None else dh

    def interleague(self, a: str, b: str) -> bool:
        """Whether two teams are of different leagues (a 交流戦 game)."""
        return bool(self.leagues) and self.league_of(a).code != self.league_of(b).code

    def team(self, code: str) -> Team:
        """The team with this code; LeagueError naming the code and the known ones."""
        # asked some fifteen times a game by a season's set-up and the farm's checks: the
        # teams by code, remembered by the league's identity (a League never changes; the
        # entry holds it)
        known = _TEAMS.get(id(self))
        if known is None or known[0] is not self:
            if len(_TEAMS) > 2_000:      # a long-lived process that read many leagues
                _TEAMS.clear()
            known = _TEAMS[id(self)] = (self, {t.code: t for t in reversed(self.teams)})
        found = known[1].get(code)
        if found is not None:
            return found
        # one wording with every command's unknown team (impact leaders --team ZZZ)
        codes = ", ".join(sorted(t.code for t in self.teams))
        raise LeagueError(f"no team {code!r} in this league (teams: {codes})")

    def player(self, id: str) -> Player:
        """The player with this id in any team."""
        for t in self.teams:
            for p in t.players:
                if p.id == id:
                    return p
        raise LeagueError(f"league {self.code} has no player {id!r}")

    def pairings(self) -> tuple[tuple[str, str], ...]:
        """Every ordered (away, home) pair of team codes, in the order the teams are listed."""
        codes = [t.code for t in self.teams]
        return tuple((a, h) for a in codes for h in codes if a != h)


# --- parsing -------------------------------------------------------------------------------------


def _file(where: str, name: str) -> str:
    return f"{where.rstrip('/')}/{name}" if where else name


class _Cell:
    """Where a value came from, for messages: 'batters.csv line 14, column SR'."""

    def __init__(self, file: str, line: int) -> None:
        self.file = file
        self.line = line

    def at(self, column: str) -> str:
        return f"{self.file} line {self.line}, column {column}"

    def row(self) -> str:
        return f"{self.file} line {self.line}"


def _whole(text: str, where: str, column: str) -> int:
    number = whole_number(text, signed=True)
    if number is None:
        raise CardError(f"{where}: {text!r} is not a whole number")
    value = number
    lo, hi = RATING_RANGES[column]
    if not lo <= value <= hi:
        raise CardError(f"{where}: {column} {value} is outside {lo}..{hi}")
    return value


def _choice(text: str, where: str, column: str, allowed: tuple[str, ...]) -> str:
    t = text.strip().upper()
    if t not in allowed:
        raise CardError(f"{where}: {text!r} is not a valid {column} (use {', '.join(allowed)})")
    return t


def _foreign(cell: _Cell, row: dict[str, str]) -> bool:
    """The `foreign` cell checked (yes, no or empty)."""
    return parse_foreign(row.get("foreign", ""), cell.at("foreign"))


def _born(cell: _Cell, row: dict[str, str]) -> str:
    """The `born` cell checked (YYYY-MM-DD or empty), as written."""
    day = parse_born(row.get("born", ""), cell.at("born"))
    return day.isoformat() if day is not None else ""


def _read_csv(
    text: str, file: str, header: tuple[str, ...]
) -> list[tuple[_Cell, dict[str, str]]]:
    """Rows of a CSV as dicts keyed by the header, each with its line number.

    Blank rows and rows whose first cell starts with '#' are skipped (notes in a spreadsheet).
    """
    reader = csv.reader(io.StringIO(text))
    got: list[str] | None = None
    rows: list[tuple[_Cell, dict[str, str]]] = []
    try:
        for record in reader:
            if not any(c.strip() for c in record) or record[0].strip().startswith("#"):
                continue
            if got is None:
                got = [c.strip() for c in record]
                missing = [c for c in header if c not in got]
                if missing:
                    raise LeagueError(
                        f"{file} line {reader.line_num}: the header lacks column(s) "
                        f"{', '.join(missing)}; expected {','.join(header)}"
                    )
                extra = [c for c in got if c not in header and c not in OPTIONAL_COLUMNS]
                if extra:
                    raise LeagueError(
                        f"{file} line {reader.line_num}: unknown column(s) {', '.join(extra)}; "
                        f"expected {','.join(header)}"
                    )
                dupes = sorted({c for c in got if got.count(c) > 1})
                if dupes:
                    raise LeagueError(
                        f"{file} line {reader.line_num}: column(s) {', '.join(dupes)} appear twice"
                    )
                continue
            cell = _Cell(file, reader.line_num)
            if len(record) != len(got):
                raise LeagueError(
                    f"{cell.row()}: {len(record)} cells, the header has {len(got)}"
                )
            row = {k: v.strip() for k, v in zip(got, record)}
            for c in OPTIONAL_COLUMNS:
                row.setdefault(c, "")
            rows.append((cell, row))
    except csv.Error as e:
        raise LeagueError(f"{file} line {reader.line_num}: not valid CSV: {e}") from None
    if got is None:
        raise LeagueError(f"{file}: the file is empty; expected a header {','.join(header)}")
    return rows


def _identity(
    cell: _Cell, row: dict[str, str], teams: dict[str, Any], seen: dict[str, str]
) -> tuple[str, str, str]:
    """Check team, id and name of a row; return them."""
    team = row["team"].strip()
    if team not in teams:
        raise LeagueError(
            f"{cell.at('team')}: unknown team code {team!r}; league.toml lists "
            f"{', '.join(teams)}"
        )
    pid = row["id"]
    if not PLAYER_ID_RE.match(pid):
        raise LeagueError(
            f"{cell.at('id')}: {pid!r} is not a player id (letters, digits, _ . - only)"
        )
    if pid in seen:
        raise LeagueError(f"{cell.at('id')}: duplicate player id {pid!r} (first at {seen[pid]})")
    seen[pid] = cell.row()
    name = row["name"]
    if not name:
        raise LeagueError(f"{cell.at('name')}: the name is empty")
    return team, pid, name


def _parse_batter_bounds(cell: _Cell, row: dict[str, str]) -> Bounds:
    values: list[int | None] = []
    last, last_col = 0, ""
    for col in BAT_COLUMNS:
        t = row[col].lstrip("~")
        if t in ("-", "--"):
            values.append(None)
            continue
        number = whole_number(t)
        if number is None:
            raise CardError(
                f"{cell.at(col)}: {row[col]!r} is not a bound (a number 0..100, or - for none)"
            )
        b = number
        if b > 100:
            raise CardError(f"{cell.at(col)}: bound {b} is above 100")
        if b < last:
            raise CardError(
                f"{cell.at(col)}: bound {b} is below the bound before it ({last_col} {last}); "
                "bounds are cumulative"
            )
        last, last_col = b, col
        values.append(b)
    return Bounds.make(BAT_COLUMNS, tuple(values), f"{cell.at('BB..K')}")


def _parse_batter(cell: _Cell, row: dict[str, str]) -> tuple[BattingCard, tuple[Fielding, ...],
                                                             CatcherRatings | None]:
    bounds = _parse_batter_bounds(cell, row)
    bt, rr, sr, dp = (_whole(row[c], cell.at(c), c) for c in ("BT", "RR", "SR", "DP"))
    card = BattingCard(bounds, bt, rr, sr, dp)
    fielding = parse_fielding(row["positions"], cell.at("positions"))
    catcher = None
    if any(f.position == "C" for f in fielding):
        for c in ("arm", "block", "lead"):
            if not row[c]:
                raise CardError(f"{cell.at(c)}: a catcher needs {c} (the positions include C)")
        catcher = CatcherRatings(*(_whole(row[c], cell.at(c), c) for c in ("arm", "block", "lead")))
    else:
        for c in ("arm", "block", "lead"):
            if row[c]:
                raise CardError(
                    f"{cell.at(c)}: {c} is only for catchers (the positions have no C); "
                    "leave it blank"
                )
    return card, fielding, catcher


def _parse_pitching(cell: _Cell, row: dict[str, str]) -> PitchingCard:
    rows = {c: parse_bounds(row[c], PITCH_COLUMNS, cell.at(c)) for c in CONDITIONS}
    stability = _choice(row["stability"], cell.at("stability"), "stability", STABILITIES)
    try:
        innings = float(row["innings"])
    except ValueError:
        raise CardError(f"{cell.at('innings')}: {row['innings']!r} is not a number") from None
    lo, hi = INNINGS_RANGE
    if not lo <= innings <= hi:
        raise CardError(f"{cell.at('innings')}: innings {innings:g} is outside {lo:g}..{hi:g}")
    starter = _whole(row["starter"], cell.at("starter"), "starter")
    rest = _whole(row["rest"], cell.at("rest"), "rest")
    bat = row["bat"].strip()
    if bat.lower() == "own":
        bat_rank = None
    elif PITCHER_BAT_RE.match(bat.upper()):
        bat_rank = bat.upper()
    else:
        raise CardError(
            f"{cell.at('bat')}: {bat!r} is not a pitcher batting rank (A, B, C, optionally with +) "
            "or 'own'"
        )
    return PitchingCard(rows, stability, innings, starter, rest, bat_rank)


def _toml_line(text: str, key: str, team_index: int | None = None) -> int | None:
    """Best-effort line of `key =` at the top level or in the n-th [[teams]] table."""
    section: int | None = None  # None = top level
    teams_seen = -1
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("[[") and line.rstrip("]").strip("[ ").strip() == "teams":
            teams_seen += 1
            section = teams_seen
            continue
        if line.startswith("["):
            section = -1
            continue
        if section == team_index and re.match(rf"^{re.escape(key)}\s*=", line):
            return n
    return None


def _parse_toml(text: str, file: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        data = load_toml(text)
    except TOMLInputError as e:
        msg = str(e)
        raise LeagueError(f"{file} {msg}" if msg.startswith("line ") else f"{file}: {msg}") from None

    def where(key: str, team: int | None = None) -> str:
        line = _toml_line(text, key, team)
        base = f"{file} line {line}" if line else file
        if team is not None:
            return f"{base}, [[teams]] #{team + 1}, key {key}"
        return f"{base}, key {key}"

    unknown = sorted(set(data) - _TOML_KEYS)
    if unknown:
        raise LeagueError(
            f"{where(unknown[0])}: unknown key {unknown[0]!r}; known keys are "
            f"{', '.join(sorted(_TOML_KEYS))}"
        )

    def need(key: str, kind: type, check: Callable[[Any], bool], what: str,
             default: Any = None, team: int | None = None,
             table: dict[str, Any] | None = None) -> Any:
        src = data if table is None else table
        if key not in src:
            if default is not None:
                return default
            loc = f"{file}, [[teams]] #{team + 1}" if team is not None else file
            raise LeagueError(f"{loc}: missing key {key!r} ({what})")
        value = src[key]
        wrong_type = not isinstance(value, kind) or (kind is int and isinstance(value, bool))
        if wrong_type or not check(value):
            raise LeagueError(f"{where(key, team)}: {value!r} is not {what}")
        return value

    if "options" in data:
        # the league's rule options (a ruleset's [options] keys, e.g. injuries = false): stored
        # with the league when it is made (storage: the league's rule options)
        from league.engine.ruleset import check_options
        from league.errors import RulesetError
        if not isinstance(data["options"], dict):
            raise LeagueError(f"{where('options')}: must be a table of rule options")
        try:
            check_options(data["options"], "table options")
        except RulesetError as exc:
            raise LeagueError(f"{file}, {exc}") from None
    opts = {
        "name": need("name", str, bool, "a league name (text)"),
        "name_en": need("name_en", str, lambda v: True, "an English name (text)", ""),
        "code": need("code", str, lambda v: bool(re.fullmatch(r"[A-Za-z0-9_-]+", v)),
                     "a league code (letters, digits, _ -)"),
        "ruleset": need("ruleset", str, bool, "a ruleset name (text)", "standard"),
        "dh": need("dh", bool, lambda v: True, "true or false"),
        "extra_innings": need("extra_innings", int, lambda v: 9 <= v <= 99,
                              "a whole number of innings 9..99", 12),
        "roster_size": need("roster_size", int, lambda v: 10 <= v <= 120,
                            "a whole number 10..120", DEFAULT_ROSTER_SIZE),
        "active_size": need("active_size", int, lambda v: 10 <= v <= 60,
                            "a whole number 10..60", DEFAULT_ACTIVE_SIZE),
        "dressed": need("dressed", int, lambda v: 10 <= v <= 60,
                        "a whole number 10..60", DEFAULT_DRESSED),
        "ten_days": need("ten_days", int,
                         lambda v: TEN_DAYS_RANGE[0] <= v <= TEN_DAYS_RANGE[1],
                         f"a whole number of days {TEN_DAYS_RANGE[0]}..{TEN_DAYS_RANGE[1]}",
                         DEFAULT_TEN_DAYS),
        "foreign_active": need("foreign_active", int, lambda v: 0 <= v <= 60,
                               "a whole number 0..60", FOREIGN_ACTIVE),
        "foreign_side": need("foreign_side", int, lambda v: 0 <= v <= 60,
                             "a whole number 0..60", FOREIGN_SIDE),
    }
    if opts["dressed"] > opts["active_size"]:
        raise LeagueError(f"{where('dressed')}: dressed {opts['dressed']} is more than "
                          f"active_size {opts['active_size']} (a game dresses registered players)")
    for key in ("schedule", "postseason"):
        if key in data and not isinstance(data[key], dict):
            raise LeagueError(f"{where(key)}: [{key}] must be a table")
    if "usage" in data:
        # a league made from statistics: its players' real usage (league/manager/usage.py)
        from league.manager.usage import check_usage
        check_usage(data["usage"], file)
    opts["settings"] = {k: data[k] for k in SETTING_TABLES if k in data}
    leagues = _parse_leagues(data.get("leagues"), file, text, opts["dh"])
    raw_teams = data.get("teams")
    if not isinstance(raw_teams, list) or len(raw_teams) < 2:
        raise LeagueError(f"{file}: a league needs at least two [[teams]] tables")
    for i, t in enumerate(raw_teams):
        if not isinstance(t, dict):
            raise LeagueError(f"{file}, teams #{i + 1}: {t!r} is not a [[teams]] table (teams "
                              "are written [[teams]] with code, name and short under it)")
    teams: list[dict[str, Any]] = []
    codes: set[str] = set()
    for i, t in enumerate(raw_teams):
        extra = sorted(set(t) - _TEAM_KEYS)
        if extra:
            raise LeagueError(
                f"{where(extra[0], i)}: unknown key {extra[0]!r}; a team has "
                f"{', '.join(sorted(_TEAM_KEYS))}"
            )
        entry = {
            "code": need("code", str, lambda v: bool(TEAM_CODE_RE.match(v)),
                         "a team code of 3 capital letters", team=i, table=t),
            "name": need("name", str, bool, "a team name (text)", team=i, table=t),
            "short": need("short", str, bool, "a short team name (text)", team=i, table=t),
            "name_en": need("name_en", str, lambda v: True, "a team name (text)", "", team=i,
                            table=t),
            "league": need("league", str, lambda v: True, "a league code (text)", "", team=i,
                           table=t),
            "division": need("division", str, lambda v: True, "a division name (text)", "",
                             team=i, table=t),
        }
        if entry["code"] in codes:
            raise LeagueError(f"{where('code', i)}: team code {entry['code']!r} is listed twice")
        codes.add(entry["code"])
        if leagues:
            known = {lg["code"]: lg for lg in leagues}
            lg = known.get(entry["league"])
            if lg is None:
                raise LeagueError(
                    f"{where('league', i) if 'league' in t else f'{file}, [[teams]] #{i + 1}'}: "
                    f"team {entry['code']} needs league = one of {', '.join(known)}")
            if lg["divisions"] and entry["division"] not in lg["divisions"]:
                raise LeagueError(
                    f"{where('division', i) if 'division' in t else f'{file}, [[teams]] #{i + 1}'}"
                    f": team {entry['code']} needs division = one of "
                    f"{', '.join(lg['divisions'])} (the divisions of league {lg['code']})")
            if not lg["divisions"] and entry["division"]:
                raise LeagueError(f"{where('division', i)}: league {lg['code']} has no divisions")
        elif entry["league"] or entry["division"]:
            key = "league" if entry["league"] else "division"
            raise LeagueError(f"{where(key, i)}: {key} given but league.toml has no [[leagues]]")
        teams.append(entry)
    for lg in leagues:
        members = [t["code"] for t in teams if t["league"] == lg["code"]]
        if len(members) < 2:
            raise LeagueError(f"{file}: league {lg['code']} needs at least two teams "
                              f"(teams name it with league = \"{lg['code']}\")")
    opts["leagues"] = leagues
    # the season's tables are checked now, so a bad one is refused with the league file
    from league.season.calendar import calendar_rules
    from league.season.postseason import postseason_specs
    calendar_rules(opts["settings"].get("schedule"), f"{file} [schedule]")
    draft_rules(opts["settings"].get("draft"), [lg["code"] for lg in leagues], f"{file} [draft]")
    fa_rules(opts["settings"].get("fa"), f"{file} [fa]")
    trade_rules(opts["settings"].get("trades"), f"{file} [trades]")
    postseason_specs(opts["settings"].get("postseason"), [lg["code"] for lg in leagues],
                     f"{file} [postseason]")
    return opts, teams


def _parse_leagues(raw: Any, file: str, text: str, default_dh: bool) -> list[dict[str, Any]]:
    """The [[leagues]] tables: one or two leagues (リーグ), each with code, name, dh, divisions."""
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
        raise LeagueError(f"{file}: leagues must be [[leagues]] tables")
    if not 1 <= len(raw) <= MAX_LEAGUES:
        raise LeagueError(f"{file}: a league holds one or two [[leagues]], not {len(raw)}")
    out: list[dict[str, Any]] = []
    for i, lg in enumerate(raw):
        at = f"{file}, [[leagues]] #{i + 1}"
        extra = sorted(set(lg) - _LEAGUE_KEYS)
        if extra:
            raise LeagueError(f"{at}: unknown key {extra[0]!r}; a league has "
                              f"{', '.join(sorted(_LEAGUE_KEYS))}")
        code = lg.get("code")
        if not isinstance(code, str) or not LEAGUE_CODE_RE.match(code):
            raise LeagueError(f"{at}, key code: {code!r} is not a league code "
                              "(1-8 letters, digits, _ -)")
        if any(o["code"] == code for o in out):
            raise LeagueError(f"{at}, key code: league code {code!r} is listed twice")
        name = lg.get("name")
        if not isinstance(name, str) or not name:
            raise LeagueError(f"{at}, key name: {name!r} is not a league name (text)")
        for key in ("short", "name_en"):
            if key in lg and not isinstance(lg[key], str):
                raise LeagueError(f"{at}, key {key}: {lg[key]!r} is not text")
        dh = lg.get("dh", default_dh)
        if not isinstance(dh, bool):
            raise LeagueError(f"{at}, key dh: {dh!r} is not true or false")
        divisions = lg.get("divisions", [])
        if (not isinstance(divisions, list) or not all(isinstance(d, str) and d for d in divisions)
                or len(set(divisions)) != len(divisions)):
            raise LeagueError(f"{at}, key divisions: {divisions!r} is not a list of distinct "
                              "division names")
        out.append({"code": code, "name": name, "short": lg.get("short") or name,
                    "name_en": lg.get("name_en", ""), "dh": dh, "divisions": list(divisions)})
    return out


def parse_league(
    toml_text: str, batters_csv: str, pitchers_csv: str, *, where: str,
    toml_name: str = "league.toml", active: bool = True,
    judged: Collection[str] | None = None, anywhere: bool = False,
) -> League:
    """Build a League from the texts of league.toml, batters.csv and pitchers.csv.

    `where` is the folder the texts came from; it prefixes the file names in error messages.
    `active=False` reads a stored season's cards: a team's catcher and starters may be anywhere
    in it (the active roster is what the season's moves made it; the computer mends it before
    a game, league.season.farm.repair) and its active roster may be larger than `active_size`.
    `judged`: only these teams are held to the roster rules (a move judged by the clubs it
    touches; a closed season's own cards need not be a legal league file), None: every team.
    `anywhere`: the active rosters held to their size and foreign limit, but a team's catcher,
    starters and positions may be anywhere on it (the league's own cards in season keep the
    active rosters the season began with; the games are played from the season's).
    Raises CardError for a card that cannot be read and LeagueError for everything else.
    """
    toml_file = _file(where, toml_name)
    bat_file = _file(where, "batters.csv")
    pit_file = _file(where, "pitchers.csv")
    opts, team_rows = _parse_toml(toml_text, toml_file)
    by_team: dict[str, list[Player]] = {t["code"]: [] for t in team_rows}
    seen: dict[str, str] = {}

    batters: dict[str, tuple[_Cell, dict[str, str], BattingCard, tuple[Fielding, ...],
                             CatcherRatings | None]] = {}
    for cell, row in _read_csv(batters_csv, bat_file, BATTER_HEADER):
        team, pid, name = _identity(cell, row, by_team, seen)
        _choice(row["bats"], cell.at("bats"), "bats", BAT_HANDS)
        _choice(row["throws"], cell.at("throws"), "throws", HANDS)
        _choice(row["rank"], cell.at("rank"), "rank", PLAYING_RANKS)
        _roster_status(cell, row)
        card, fielding, catcher = _parse_batter(cell, row)
        batters[pid] = (cell, row, card, fielding, catcher)

    own_used: set[str] = set()
    pitcher_ids: dict[str, str] = {}
    for cell, row in _read_csv(pitchers_csv, pit_file, PITCHER_HEADER):
        team = row["team"]
        pid = row["id"]
        is_own = row["bat"].strip().lower() == "own"
        if pid in pitcher_ids:
            raise LeagueError(
                f"{cell.at('id')}: duplicate player id {pid!r} (first at {pitcher_ids[pid]})"
            )
        if is_own:
            if pid not in batters:
                raise LeagueError(
                    f"{cell.at('bat')}: bat = own but {bat_file} has no row with id {pid!r}"
                )
            bcell, brow = batters[pid][0], batters[pid][1]
            for col in ("team", "name", "bats", "throws", "rank", "roster", "born", "contract",
                        "foreign"):
                if col in ("born", "contract", "foreign") and not (row.get(col) and brow.get(col)):
                    continue        # one birth date given is his birth date
                if _status_or(brow, col).upper() != _status_or(row, col).upper():
                    raise LeagueError(
                        f"{cell.at(col)}: {row[col]!r} differs from the batting row of {pid} "
                        f"({bcell.row()}: {brow[col]!r})"
                    )
        elif pid in batters:
            raise LeagueError(
                f"{cell.at('id')}: duplicate player id {pid!r} (first at {batters[pid][0].row()}); "
                "to give a pitcher his own batting card write bat = own"
            )
        team, pid, name = _identity(cell, row, by_team, {} if is_own else seen)
        pitcher_ids[pid] = cell.row()
        throws = _choice(row["throws"], cell.at("throws"), "throws", HANDS)
        bats = _choice(row["bats"], cell.at("bats"), "bats", BAT_HANDS)
        rank = _choice(row["rank"], cell.at("rank"), "rank", PLAYING_RANKS)
        pitching = _parse_pitching(cell, row)
        fielding = parse_fielding(row["fielding"], cell.at("fielding"))
        if not any(f.position == "P" for f in fielding):
            raise CardError(f"{cell.at('fielding')}: a pitcher's fielding needs a P entry, like P2")
        batting = None
        catcher = None
        if is_own:
            _, _, batting, bfield, catcher = batters[pid]
            own_used.add(pid)
            dup = [f.position for f in bfield if any(g.position == f.position for g in fielding)]
            if dup:
                raise CardError(
                    f"{cell.at('fielding')}: position {dup[0]} is also in the positions of "
                    f"{bat_file} for {pid}; list it once"
                )
            fielding = fielding + bfield
        by_team[team].append(Player(pid, name, team, bats, throws, batting, pitching, fielding,
                                    catcher, rank, row["name_en"], _roster_status(cell, row),
                                    _born(cell, row) or (_born(*batters[pid][:2]) if is_own
                                                         else ""),
                                    ikusei=_ikusei(cell, row) or (
                                        is_own and _ikusei(*batters[pid][:2])),
                                    foreign=_foreign(cell, row) or (
                                        is_own and _foreign(*batters[pid][:2]))))

    for pid, (cell, row, card, fielding, catcher) in batters.items():
        if pid in own_used:
            continue
        by_team[row["team"]].append(Player(
            pid, row["name"], row["team"], row["bats"].upper(), row["throws"].upper(), card, None,
            fielding, catcher, row["rank"].upper(), row["name_en"], _roster_status(cell, row),
            _born(cell, row), ikusei=_ikusei(cell, row), foreign=_foreign(cell, row),
        ))

    teams: list[Team] = []
    for t in team_rows:
        players = tuple(sorted(by_team[t["code"]], key=lambda p: p.id))
        code = t["code"]
        if judged is None or code in judged:
            _judge(code, players, opts, active, bat_file, pit_file, toml_name, anywhere)
        teams.append(Team(code, t["name"], t["short"], players, t["league"], t["division"],
                          t["name_en"]))
    return _league_of(opts, teams)


def reparse_league(
    kept: League, kept_texts: tuple[str, str, str], toml_text: str, batters_csv: str,
    pitchers_csv: str, *, where: str, toml_name: str = "league.toml", active: bool = True,
    judged: Collection[str] | None = None,
) -> League:
    """parse_league of the texts, given `kept`: the league parsed from `kept_texts` (the same
    `where` and `active`, any `judged`). When the texts differ from those only in the team and
    roster cells of some rows (a season's roster moves, a trade) the League is `kept` with those
    players moved: the other players' cards are not parsed again. The changed cells pass the
    checks parse_league makes of them and the teams are judged as it judges them, so the result
    (or the error) is parse_league's; anything else is parsed afresh with it."""
    moved = _moved_players(kept, kept_texts, toml_text, batters_csv, pitchers_csv)
    if moved is None:
        return parse_league(toml_text, batters_csv, pitchers_csv, where=where,
                            toml_name=toml_name, active=active, judged=judged)
    opts, team_rows = _parse_toml(toml_text, _file(where, toml_name))
    by_team: dict[str, list[Player]] = {t["code"]: [] for t in team_rows}
    for club in kept.teams:
        for p in club.players:
            if p.id in moved:
                team, roster = moved[p.id]
                p = replace(p, team=team, roster=roster)
            by_team[p.team].append(p)
    bat_file, pit_file = _file(where, "batters.csv"), _file(where, "pitchers.csv")
    teams: list[Team] = []
    for t in team_rows:
        code = t["code"]
        players = tuple(sorted(by_team[code], key=lambda p: p.id))
        if judged is None or code in judged:
            _judge(code, players, opts, active, bat_file, pit_file, toml_name)
        teams.append(Team(code, t["name"], t["short"], players, t["league"], t["division"],
                          t["name_en"]))
    return _league_of(opts, teams)


def _moved_players(kept: League, kept_texts: tuple[str, str, str], toml_text: str,
                   batters_csv: str, pitchers_csv: str) -> dict[str, tuple[str, str]] | None:
    """Each player whose rows of the texts differ from `kept_texts`' in the team and roster
    cells alone: (team, roster) as parse_league would read them. None when anything else
    differs (the league file, a row added, gone or moved, another cell) or a changed cell would
    not pass parse_league's checks: the caller parses afresh (and meets the error)."""
    if toml_text != kept_texts[0]:
        return None
    teams = {t.code for t in kept.teams}
    players = {p.id: p for t in kept.teams for p in t.players}
    rows: dict[str, list[dict[str, str]]] = {}      # each changed player's new rows
    for old, new in ((kept_texts[1], batters_csv), (kept_texts[2], pitchers_csv)):
        if old == new:
            continue
        changed = _changed_rows(old, new)
        if changed is None:
            return None
        for row in changed:
            rows.setdefault(row["id"], []).append(row)
    moved: dict[str, tuple[str, str]] = {}
    for pid, changed in rows.items():
        p = players.get(pid)
        # a man with both cards has a batting row and a pitching row (bat = own): both change
        if p is None or len(changed) != (2 if p.batting is not None and p.pitching is not None
                                         else 1):
            return None
        seen = {(row["team"], row.get("roster", "").lower() or "active") for row in changed}
        if len(seen) != 1:
            return None
        team, roster = seen.pop()
        if team not in teams or roster not in ROSTER_STATUSES or (p.ikusei and roster != "farm"):
            return None
        moved[pid] = (team, roster)
    return moved


def _changed_rows(old: str, new: str) -> list[dict[str, str]] | None:
    """The rows of CSV text `new` that differ from `old`'s in the same place, as dicts of
    stripped cells, when they differ in the team and roster cells alone (None otherwise: a line
    added or gone, the header or a note changed, a cell that spans lines, another cell)."""
    old_lines, new_lines = old.split("\n"), new.split("\n")
    if len(old_lines) != len(new_lines) or "\r" in new or any(
            line.count('"') % 2 for line in new_lines):
        return None
    header: list[str] | None = None
    out = []
    for a, b in zip(old_lines, new_lines):
        if header is None:       # the header: the first line with cells that is not a note
            if a != b:
                return None
            cells = next(csv.reader([b]), [])
            if any(c.strip() for c in cells) and not cells[0].strip().startswith("#"):
                header = [c.strip() for c in cells]
            continue
        if a == b:
            continue
        ra, rb = next(csv.reader([a]), []), next(csv.reader([b]), [])
        if len(ra) != len(header) or len(rb) != len(header) or any(
                r[0].strip().startswith("#") or not any(c.strip() for c in r) for r in (ra, rb)):
            return None
        before = dict(zip(header, (c.strip() for c in ra)))
        after = dict(zip(header, (c.strip() for c in rb)))
        if any(before[c] != after[c] for c in header if c not in ("team", "roster")):
            return None
        out.append(after)
    return out


def _judge(code: str, players: tuple[Player, ...], opts: dict[str, Any], active: bool,
           bat_file: str, pit_file: str, toml_name: str, anywhere: bool = False) -> None:
    """Refuse team `code`'s roster against the league file's rules (parse_league), in words."""
    size = opts["roster_size"]
    # roster_size is the most a team may hold (a release leaves a team one short until it
    # signs someone); what a game needs is checked below and when the 28 is chosen
    # 育成 (development) players are not on the 70 (npb_offseason.md §3)
    under = [p for p in players if not p.ikusei]
    if len(under) > size:
        raise LeagueError(
            f"{bat_file} + {pit_file}: team {code} has {len(under)} players; the league "
            f"allows at most {size} (roster_size in {toml_name})"
        )
    registered = [p for p in players if p.roster != "farm"]
    if active and len(registered) < len(players) and len(registered) > opts["active_size"]:
        raise LeagueError(
            f"{bat_file} + {pit_file}: team {code} has {len(registered)} players on the active "
            f"roster (roster = active); the league registers at most {opts['active_size']} "
            f"(active_size in {toml_name})"
        )
    broken = over(registered, opts["foreign_active"], opts["foreign_side"])
    if active and broken:
        raise LeagueError(
            f"{bat_file} + {pit_file}: team {code} has {broken} on the active roster "
            f"(foreign = yes; foreign_active and foreign_side in {toml_name})"
        )
    # a stored season's roster is mended before a game; its team needs the players somewhere
    checked = registered if active and not anywhere else list(players)
    if not any(p.fielding_at("C") for p in checked):
        raise LeagueError(
            f"{bat_file}: team {code} has no catcher (no player lists C in positions)"
            + (" on the active roster" if len(checked) < len(players) else "")
        )
    starters = [p for p in checked if p.pitching is not None and p.pitching.starter > 0]
    if len(starters) < MIN_STARTERS:
        raise LeagueError(
            f"{pit_file}: team {code} has {len(starters)} starters (starter > 0)"
            + (" on the active roster" if len(checked) < len(players) else "")
            + f"; a rotation needs at least {MIN_STARTERS}"
        )
    # every fielding position by a different man: a team that cannot field one is refused
    # now, not when its first game is set up
    pos = uncovered(checked)
    if pos is not None:
        able = [p.id for p in checked if p.batting is not None and p.can_play(pos)]
        raise LeagueError(
            f"{bat_file}: team {code} cannot field a {POSITION_WORDS.get(pos, pos)} ({pos})"
            + (" from its active roster" if len(checked) < len(players) else "") + ": "
            + (f"no player lists {pos} in positions" if not able else
               f"{', '.join(able)} can play {pos} but are needed at other positions")
        )


# the fielding positions a game needs filled (league.season.farm reads them in this order too)
FIELD_ORDER: Final = ("C", "SS", "2B", "CF", "3B", "1B", "LF", "RF")


class Fielder(Protocol):
    """What the matching of positions reads of a player (a Player, or the off-season's view of
    a card: league.offseason.renewal.convert)."""

    @property
    def id(self) -> str: ...
    @property
    def batting(self) -> object: ...
    @property
    def fielding(self) -> tuple[Fielding, ...]: ...
    def can_play(self, position: str) -> bool: ...


def uncovered(players: Iterable[Fielder]) -> str | None:
    """A fielding position the players cannot fill while the others are filled by other men
    (the eight positions need eight different men), or None when they can field a team: a
    matching of positions to players by augmenting paths."""
    hitters = [p for p in players
               if p.batting is not None and any(f.position != "P" for f in p.fielding)]
    able = {pos: [p.id for p in hitters if p.can_play(pos)] for pos in FIELD_ORDER}
    holder: dict[str, str] = {}          # player id -> the position he holds

    def place(pos: str, seen: set[str]) -> bool:
        for pid in able[pos]:
            if pid in seen:
                continue
            seen.add(pid)
            if pid not in holder or place(holder[pid], seen):
                holder[pid] = pos
                return True
        return False

    for pos in sorted(FIELD_ORDER, key=lambda q: (len(able[q]), q)):
        if not place(pos, set()):
            return pos
    return None


POSITION_WORDS = {"C": "catcher", "1B": "first baseman", "2B": "second baseman",
                  "3B": "third baseman", "SS": "shortstop", "LF": "left fielder",
                  "CF": "center fielder", "RF": "right fielder"}


def parse_structure(toml_text: str, *, where: str, toml_name: str = "league.toml") -> League:
    """The league as league.toml describes it — name, teams, its leagues (リーグ), settings —
    with no players: what standings and schedules need, without reading a single card."""
    opts, team_rows = _parse_toml(toml_text, _file(where, toml_name))
    return _league_of(opts, [Team(t["code"], t["name"], t["short"], (), t["league"],
                                  t["division"], t["name_en"]) for t in team_rows])


def _league_of(opts: dict, teams: list[Team]) -> League:
    leagues = tuple(
        SubLeague(lg["code"], lg["name"], lg["short"], lg["dh"],
                  tuple(t.code for t in teams if t.league == lg["code"]),
                  tuple((d, tuple(t.code for t in teams if t.league == lg["code"]
                                  and t.division == d)) for d in lg["divisions"]),
                  lg["name_en"])
        for lg in opts["leagues"])
    return League(
        name=opts["name"], code=opts["code"], ruleset=opts["ruleset"], dh=opts["dh"],
        teams=tuple(teams), extra_innings=opts["extra_innings"], roster_size=opts["roster_size"],
        leagues=leagues, settings=opts["settings"], active_size=opts["active_size"],
        dressed=opts["dressed"], ten_days=opts["ten_days"], name_en=opts["name_en"],
        foreign_active=opts["foreign_active"], foreign_side=opts["foreign_side"],
    )


def _status_or(row: dict[str, str], col: str) -> str:
    """A row's cell, with an empty roster cell read as active."""
    if col == "roster":
        return row.get("roster", "").strip().lower() or "active"
    return row[col]


CONTRACTS = ("", "育成")


def _ikusei(cell: _Cell, row: dict[str, str]) -> bool:
    """The contract cell: empty (支配下, on the 70) or 育成 (a development contract: on the farm,
    not on the 70, never called up); `ikusei` is read as 育成."""
    text = row.get("contract", "").strip()
    if text.lower() == "ikusei":
        text = "育成"
    if text not in CONTRACTS:
        raise LeagueError(f"{cell.at('contract')}: {row['contract']!r} is not a contract (leave "
                          "it empty for 支配下, or write 育成)")
    if text and (row.get("roster", "").strip().lower() or "active") != "farm":
        raise LeagueError(f"{cell.at('contract')}: a 育成 player is on the farm (roster = farm), "
                          "never on the active roster")
    return bool(text)


def _roster_status(cell: _Cell, row: dict[str, str]) -> str:
    """The roster cell: active (一軍, also when empty) or farm (二軍)."""
    text = row.get("roster", "").strip().lower()
    if not text:
        return "active"
    if text not in ROSTER_STATUSES:
        raise LeagueError(f"{cell.at('roster')}: {row['roster']!r} is not a roster status "
                          f"(use {', '.join(ROSTER_STATUSES)})")
    return text
