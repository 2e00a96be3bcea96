"""Season statistics summed from game lines, rate stats, qualifiers and leader boards.

Batting lines are in the order of `league.engine.lines.BAT_FIELDS`, pitching lines in `PIT_FIELDS`, and
fielding lines in `FIELD_FIELDS` below. Rate leaders need the qualifiers of the player's team
(rulebook C.5): 規定打席 = team games × 3.1 and 規定投球回 = team games × 1.0 (three outs a game).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction

from league.engine.lines import BAT_FIELDS, PIT_FIELDS, innings_text
from league.errors import LeagueError
from league.numbers import hundredths_text, rate_text

FIELD_FIELDS = ("po", "a", "e", "dp", "pb", "sb_allowed", "cs")

# BAT_FIELDS "2b" and "3b" are not Python names; the dataclass calls them doubles and triples
_BAT_ATTRS = tuple({"2b": "doubles", "3b": "triples"}.get(f, f) for f in BAT_FIELDS)
STAT_ALIASES = {"2b": "doubles", "3b": "triples", "ip": "outs", "k": "so", "hp": "hold_points",
                "sv": "saves", "w": "wins", "l": "losses", "g": "games"}


@dataclass(frozen=True)
class BattingStats:
    """Season batting: every BAT_FIELDS count (2b/3b as doubles/triples) and games (試合)."""

    games: int = 0
    pa: int = 0
    ab: int = 0
    r: int = 0
    h: int = 0
    doubles: int = 0
    triples: int = 0
    hr: int = 0
    rbi: int = 0
    bb: int = 0
    ibb: int = 0
    hbp: int = 0
    so: int = 0
    sb: int = 0
    cs: int = 0
    sh: int = 0
    sf: int = 0
    gidp: int = 0
    e: int = 0

    @property
    def tb(self) -> int:
        """塁打: total bases."""
        return self.h + self.doubles + 2 * self.triples + 3 * self.hr

    @property
    def avg(self) -> float | None:
        """打率 = H / AB; None with no at-bats."""
        return self.h / self.ab if self.ab else None

    @property
    def obp(self) -> float | None:
        """出塁率 = (H + BB + HBP) / (AB + BB + HBP + SF); None with a zero denominator."""
        d = self.ab + self.bb + self.hbp + self.sf
        return (self.h + self.bb + self.hbp) / d if d else None

    @property
    def slg(self) -> float | None:
        """長打率 = TB / AB; None with no at-bats."""
        return self.tb / self.ab if self.ab else None

    @property
    def ops(self) -> float | None:
        """OPS = 出塁率 + 長打率; None when neither exists."""
        if self.obp is None and self.slg is None:
            return None
        return (self.obp or 0.0) + (self.slg or 0.0)


@dataclass(frozen=True)
class PitchingStats:
    """Season pitching: every PIT_FIELDS count plus games, starts and decisions."""

    games: int = 0          # 登板
    starts: int = 0         # 先発
    wins: int = 0
    losses: int = 0
    saves: int = 0
    holds: int = 0
    hold_points: int = 0    # HP = holds + wins in relief
    complete_games: int = 0  # 完投
    shutouts: int = 0       # 完封
    outs: int = 0
    bf: int = 0
    h: int = 0
    hr: int = 0
    bb: int = 0
    ibb: int = 0
    hbp: int = 0
    so: int = 0
    r: int = 0
    er: int = 0
    wp: int = 0
    bk: int = 0

    @property
    def era(self) -> float | None:
        """防御率 = ER × 27 / outs; None with no outs recorded."""
        return self.er * 27 / self.outs if self.outs else None

    @property
    def whip(self) -> float | None:
        """WHIP = (BB + H) per inning = (BB + H) × 3 / outs; None with no outs."""
        return (self.bb + self.h) * 3 / self.outs if self.outs else None

    @property
    def ip_text(self) -> str:
        """投球回 with thirds: "5 2/3"."""
        return innings_text(self.outs)


@dataclass(frozen=True)
class FieldingStats:
    """Season fielding: 刺殺 補殺 失策 併殺, and for catchers 捕逸, stolen bases allowed, 盗塁阻止.

    `cs` is a catcher's caught stealing, or a pitcher's pick-offs of runners trying to steal
    (a team's CS is the sum of its catchers' and pitchers')."""

    games: int = 0
    po: int = 0
    a: int = 0
    e: int = 0
    dp: int = 0
    pb: int = 0
    sb_allowed: int = 0
    cs: int = 0

    @property
    def fielding_pct(self) -> float | None:
        """守備率 = (PO + A) / (PO + A + E); None with no chances."""
        d = self.po + self.a + self.e
        return (self.po + self.a) / d if d else None

    @property
    def cs_rate(self) -> float | None:
        """盗塁阻止率 = CS / (SB allowed + CS); None with no attempts."""
        d = self.sb_allowed + self.cs
        return self.cs / d if d else None


Stats = BattingStats | PitchingStats | FieldingStats


def _check_line(line: Sequence[int], names: Sequence[str], kind: str) -> None:
    if len(line) != len(names):
        raise LeagueError(f"a {kind} line has {len(line)} numbers; want {len(names)} "
                          f"({', '.join(names)})")


def add_batting(lines: Iterable[Sequence[int]]) -> BattingStats:
    """Sum BAT_FIELDS-ordered game lines; every line counts as a game (試合)."""
    totals = [0] * len(BAT_FIELDS)
    games = 0
    for line in lines:
        _check_line(line, BAT_FIELDS, "batting")
        games += 1
        for i, v in enumerate(line):
            totals[i] += v
    return BattingStats(games=games, **dict(zip(_BAT_ATTRS, totals)))


def add_pitching(appearances: Iterable[tuple[Sequence[int], str | None, bool, bool]]) -> PitchingStats:
    """Sum appearances (PIT_FIELDS line, decision "W"/"L"/"S"/"H"/None, started, finished game).

    A complete game (完投) is a start finished by the same pitcher; a shutout (完封) is a complete
    game with no runs. HP counts holds and wins in relief.
    """
    totals = [0] * len(PIT_FIELDS)
    c = dict.fromkeys(("games", "starts", "wins", "losses", "saves", "holds", "hold_points",
                       "complete_games", "shutouts"), 0)
    r_index = PIT_FIELDS.index("r")
    for line, decision, started, finished in appearances:
        _check_line(line, PIT_FIELDS, "pitching")
        if decision not in (None, "W", "L", "S", "H"):
            raise LeagueError(f"unknown pitching decision {decision!r}; use W, L, S, H or None")
        for i, v in enumerate(line):
            totals[i] += v
        c["games"] += 1
        c["starts"] += started
        c["wins"] += decision == "W"
        c["losses"] += decision == "L"
        c["saves"] += decision == "S"
        c["holds"] += decision == "H"
        c["hold_points"] += decision == "H" or (decision == "W" and not started)
        if started and finished:
            c["complete_games"] += 1
            c["shutouts"] += line[r_index] == 0
    return PitchingStats(**c, **dict(zip(PIT_FIELDS, totals)))


def batting_of(games: int, totals: Sequence[int]) -> BattingStats:
    """Batting stats from season totals already summed (BAT_FIELDS order) over `games` lines."""
    return BattingStats(games=games, **dict(zip(_BAT_ATTRS, totals)))


def pitching_of(games: int, totals: Sequence[int], counts: dict[str, int]) -> PitchingStats:
    """Pitching stats from season totals (PIT_FIELDS order) and the counts of add_pitching."""
    return PitchingStats(games=games, **counts, **dict(zip(PIT_FIELDS, totals)))


def fielding_of(games: int, totals: Sequence[int]) -> FieldingStats:
    """Fielding stats from season totals (FIELD_FIELDS order)."""
    return FieldingStats(games, *totals)


def add_fielding(lines: Iterable[Sequence[int]]) -> FieldingStats:
    """Sum FIELD_FIELDS-ordered game lines; every line counts as a game."""
    totals = [0] * len(FIELD_FIELDS)
    games = 0
    for line in lines:
        _check_line(line, FIELD_FIELDS, "fielding")
        games += 1
        for i, v in enumerate(line):
            totals[i] += v
    return FieldingStats(games, *totals)


# --- qualifiers ----------------------------------------------------------------------------------

PA_PER_GAME = Fraction(31, 10)      # 規定打席 = team games × 3.1


def qualifier(team_games: int, per_game: Fraction | int) -> int:
    """A season qualifier from a team's games: team games × `per_game`, a fraction rounded half up
    (公認野球規則 9.22(a) 原注; NPB since 2009: 143 games × 3.1 = 443.3 → 443, 144 → 446.4 → 446)."""
    return math.floor(Fraction(team_games) * Fraction(per_game) + Fraction(1, 2))


def qualified_pa(team_games: int) -> int:
    """規定打席: team games × 3.1 rounded half up (a player needs at least this many plate
    appearances; 443 at 143 games)."""
    return qualifier(team_games, PA_PER_GAME)


def qualified_outs(team_games: int) -> int:
    """規定投球回 = team games × 1.0 innings, in outs: team games × 3."""
    return team_games * 3


def qualified_fielding_games(team_games: int, position: str | None = None) -> float:
    """Games needed for the fielding rate leaders: two thirds of the team's games (NPB custom),
    half of them at catcher (捕手: NPB's 守備率 board of catchers); with a `position`, the games
    at that position. A pitcher's board counts 規定投球回 instead (qualified_outs)."""
    share = Fraction(1, 2) if position == "C" else Fraction(2, 3)
    return float(team_games * share)


# --- fielding by position ------------------------------------------------------------------------

# NPB's 守備率 boards, one per position: the three outfield places are one board (外野手)
FIELDING_POSITIONS = ("P", "C", "1B", "2B", "3B", "SS", "OF")
POSITION_LABELS_JA = {"P": "投手", "C": "捕手", "1B": "一塁手", "2B": "二塁手", "3B": "三塁手",
                      "SS": "遊撃手", "OF": "外野手"}
_OUTFIELD = frozenset(("LF", "CF", "RF"))
_NOT_IN_THE_FIELD = frozenset(("PH", "PR", "DH", ""))


def fielding_position(pos_text: str | None) -> str | None:
    """The board (FIELDING_POSITIONS) of a game's fielding line from the position his batting
    line of the game says: "SS" → SS, "PH-3B" (went in to play third) → 3B, "RF" → OF, "P" → P;
    None (no batting line: a pitcher of a game with the DH) → P. None when the text names no
    position in the field (a pinch hitter charged with nothing: games stored before engine
    version 7 kept "PH" for a man who then played out of position)."""
    if pos_text is None:
        return "P"
    place = next((p for p in reversed(pos_text.split("-")) if p not in _NOT_IN_THE_FIELD), None)
    if place is None:
        return None
    return "OF" if place in _OUTFIELD else place if place in POSITION_LABELS_JA else None


def position_as_typed(typed: str) -> str:
    """A position a person typed as a board of FIELDING_POSITIONS: any case (ss, Of), LF / CF /
    RF (the outfield's one board) or its Japanese name (遊撃手, 遊撃, 外野); refused in one line
    naming the known ones."""
    text = typed.strip()
    code = text.upper()
    if code in _OUTFIELD:
        return "OF"
    if code in POSITION_LABELS_JA:
        return code
    for pos, name in POSITION_LABELS_JA.items():
        if text in (name, name.removesuffix("手")):
            return pos
    raise LeagueError(f"unknown position {typed!r}; use one of {', '.join(FIELDING_POSITIONS)} "
                      f"(or {', '.join(POSITION_LABELS_JA.values())})")


# --- labels and leaders --------------------------------------------------------------------------

BATTING_LABELS_JA = {
    "avg": "打率", "games": "試合", "pa": "打席", "ab": "打数", "r": "得点", "h": "安打",
    "doubles": "二塁打", "triples": "三塁打", "hr": "本塁打", "tb": "塁打", "rbi": "打点",
    "sb": "盗塁", "cs": "盗塁刺", "sh": "犠打", "sf": "犠飛", "bb": "四球", "ibb": "故意四球",
    "hbp": "死球", "so": "三振", "gidp": "併殺打", "e": "失策", "obp": "出塁率", "slg": "長打率",
    "ops": "OPS"}
PITCHING_LABELS_JA = {
    "games": "登板", "starts": "先発", "wins": "勝", "losses": "敗", "saves": "S", "holds": "H",
    "hold_points": "HP", "complete_games": "完投", "shutouts": "完封", "outs": "投球回",
    "ip_text": "投球回", "bf": "打者", "h": "被安打", "hr": "被本塁打", "bb": "与四球",
    "ibb": "故意四球", "hbp": "与死球", "so": "奪三振", "wp": "暴投", "bk": "ボーク", "r": "失点",
    "er": "自責点", "era": "防御率", "whip": "WHIP"}
FIELDING_LABELS_JA = {
    "games": "試合", "po": "刺殺", "a": "補殺", "e": "失策", "dp": "併殺", "fielding_pct": "守備率",
    "pb": "捕逸", "sb_allowed": "被盗塁", "cs": "盗塁阻止", "cs_rate": "盗塁阻止率"}
# The same name means different things for a batter and a pitcher (so: 三振 / 奪三振), so the
# labels are kept per kind of stats: STAT_LABELS_JA["pitching"]["so"] == "奪三振".
STAT_LABELS_JA = {"batting": BATTING_LABELS_JA, "pitching": PITCHING_LABELS_JA,
                  "fielding": FIELDING_LABELS_JA}
_KINDS = {BattingStats: "batting", PitchingStats: "pitching", FieldingStats: "fielding"}

RATE_STATS = {"avg": "pa", "obp": "pa", "slg": "pa", "ops": "pa", "era": "outs", "whip": "outs",
              "fielding_pct": "fielding", "cs_rate": "fielding"}
ASCENDING_STATS = frozenset(("era", "whip"))
_THREE_DECIMALS = frozenset(("avg", "obp", "slg", "ops", "fielding_pct", "cs_rate"))


def kind_of(stats: Stats | type) -> str:
    """"batting", "pitching" or "fielding" for a stats object or class."""
    cls = stats if isinstance(stats, type) else type(stats)
    return _KINDS[cls]


def stat_names(kind: str) -> tuple[str, ...]:
    """Every stat name of one kind ("batting", "pitching", "fielding")."""
    if kind not in STAT_LABELS_JA:
        raise LeagueError(f"unknown kind of stats {kind!r}; use {', '.join(STAT_LABELS_JA)}")
    return tuple(n for n in STAT_LABELS_JA[kind] if n != "ip_text")


def stat_label(kind: str, stat: str) -> str:
    """The Japanese label of a stat of one kind: ("pitching", "so") → "奪三振"."""
    return STAT_LABELS_JA[kind][_resolve(kind, stat)]


def stat_as_typed(kind: str, typed: str) -> str:
    """A stat a person typed, in the spelling the boards use: any case (AVG, K) or its Japanese
    name (打率, 奪三振); what is neither is returned unchanged (refused by the board)."""
    low = typed.strip().lower()
    if low in STAT_ALIASES or low in STAT_LABELS_JA.get(kind, {}):
        return low
    for name, label in STAT_LABELS_JA.get(kind, {}).items():
        if label == typed.strip() and name != "ip_text":
            return name
    return typed


def kind_of_stat(typed: str) -> str | None:
    """The kind of board a stat a person typed belongs to when he named no kind: batting when
    it is a batting stat, else pitching or fielding when it is a stat of that kind alone
    (`era`, `防御率`, `fielding_pct`); None when it is none of them."""
    found = []
    for kind in ("batting", "pitching", "fielding"):
        try:
            _resolve(kind, stat_as_typed(kind, typed))
        except LeagueError:
            continue
        found.append(kind)
    if not found:
        return None
    return found[0] if found[0] == "batting" or len(found) == 1 else None


def _resolve(kind: str, stat: str) -> str:
    name = STAT_ALIASES.get(stat, stat)
    known = stat_names(kind)
    if name not in known:
        raise LeagueError(f"unknown {kind} stat {stat!r}; the known ones are {', '.join(known)} "
                          f"(or their Japanese names, e.g. {STAT_LABELS_JA[kind][known[0]]})")
    return name


def stat_heading(stat: str) -> str:
    """A stat's name over its value in text output: the outs a pitcher recorded are shown as
    innings ("5 2/3"), so they are headed "ip", never "outs"."""
    return "ip" if stat == "outs" else stat


def stat_text(stat: str, value: float | int | None) -> str:
    """A value as a table shows it: ".312", "1.023", "2.45", "5 2/3" for outs, "-" for None."""
    if value is None:
        return "-"
    if stat == "outs":
        return innings_text(int(value))
    if stat in _THREE_DECIMALS:
        return rate_text(value)
    if stat in ("era", "whip"):
        return hundredths_text(value)
    return str(value)


@dataclass(frozen=True)
class LeaderRow:
    """One line of a leader board; players with equal values share a rank."""

    rank: int
    player_id: str
    team: str
    value: float | int
    text: str      # the value as shown: ".312", "2.45", "31"
    stats: Stats


def _qualified(stat: str, stats: Stats, team: str, team_games: dict[str, int],
               position: str | None = None,
               pitcher_outs: Mapping[tuple[str, str], int] | None = None,
               pid: str = "") -> bool:
    need = RATE_STATS.get(stat)
    if need is None:
        return True
    if team not in team_games:
        raise LeagueError(f"no team games for {team!r}; the qualifier of {stat} needs them")
    g = team_games[team]
    if need == "pa":
        return stats.pa >= qualified_pa(g)  # type: ignore[union-attr]
    if need == "outs":
        return stats.outs >= qualified_outs(g)  # type: ignore[union-attr]
    if stat == "cs_rate" and not stats.sb_allowed:  # type: ignore[union-attr]
        # 盗塁阻止率 is a catcher's: stolen bases are charged to catchers only, while a pitcher's
        # caught stealings are his pick-offs — he has no rate to rank
        return False
    if position == "P":         # 規定投球回, as NPB's pitchers' 守備率 board
        return (pitcher_outs or {}).get((pid, team), 0) >= qualified_outs(g)
    return stats.games >= qualified_fielding_games(g, position)


def _chances(stat: str, stats: Stats) -> int:
    """A fielding rate's chances, its ties' order on a board (0 for any other stat): 守備機会
    (PO + A + E) for 守備率, the attempts (SB allowed + CS) for 盗塁阻止率."""
    if not isinstance(stats, FieldingStats):
        return 0
    if stat == "fielding_pct":
        return stats.po + stats.a + stats.e
    if stat == "cs_rate":
        return stats.sb_allowed + stats.cs
    return 0


def leaders(rows: Iterable[tuple[str, str, Stats]], stat: str, *, team_games: dict[str, int],
            limit: int = 10, ascending: bool | None = None,
            kind: str | None = None, position: str | None = None,
            pitcher_outs: Mapping[tuple[str, str], int] | None = None) -> list[LeaderRow]:
    """The top `limit` players in `stat` from (player id, team, stats) rows.

    Rate stats (avg, obp, slg, ops, era, whip, fielding_pct, cs_rate) list only players who meet
    their team's qualifier; counting stats list everyone with a non-zero value. ERA and WHIP
    are best low unless `ascending` says otherwise. Ties share a rank; a fielding rate's ties
    list first the man with more chances (守備率: PO + A + E; 盗塁阻止率: attempts), as a
    perfect 1.000 in 300 chances is ranked before one in 20, then player-id order.
    `kind` ("batting", "pitching", "fielding") checks the stat name even when `rows` is empty.
    `position` (FIELDING_POSITIONS): `rows` are fielding at that position alone (his games
    there) and a fielding rate needs the position's qualifier — two thirds of the team's games,
    half at catcher, and for pitchers 規定投球回 counted from `pitcher_outs`, each (player, team)'s
    outs as a pitcher.
    """
    rows = list(rows)
    kinds = {kind_of(s) for _, _, s in rows}
    if kind is not None:
        stat_names(kind)
        if kinds - {kind}:
            raise LeagueError(f"leaders of {kind} were given {', '.join(sorted(kinds))} stats")
        kinds = {kind}
    if len(kinds) > 1:
        raise LeagueError(f"leaders mixes kinds of stats: {', '.join(sorted(kinds))}")
    if kinds:
        name = _resolve(kinds.pop(), stat)
    else:
        name = STAT_ALIASES.get(stat, stat)
        known = sorted({n for k in STAT_LABELS_JA for n in stat_names(k)})
        if name not in known:
            raise LeagueError(f"unknown stat {stat!r}; the known ones are {', '.join(known)}")
    asc = name in ASCENDING_STATS if ascending is None else ascending
    board: list[tuple[float | int, str, str, Stats]] = []
    for pid, team, s in rows:
        value = getattr(s, name)
        if value is None or not _qualified(name, s, team, team_games, position, pitcher_outs, pid):
            continue
        if name not in RATE_STATS and value == 0 and not asc:
            continue
        board.append((value, pid, team, s))
    board.sort(key=lambda x: x[1])
    board.sort(key=lambda x: -_chances(name, x[3]))
    board.sort(key=lambda x: x[0], reverse=not asc)
    out: list[LeaderRow] = []
    for i, (value, pid, team, s) in enumerate(board[:limit]):
        rank = out[-1].rank if out and out[-1].value == value else i + 1
        out.append(LeaderRow(rank, pid, team, value, stat_text(name, value), s))
    return out


def stat_fields(cls: type) -> tuple[str, ...]:
    """The counting fields of a stats class, in order."""
    return tuple(f.name for f in fields(cls))


# --- teams ---------------------------------------------------------------------------------------

def combined(kind: str, parts: Iterable[Stats], games: int) -> Stats:
    """Many players' (or teams') stats of one kind as one line: every count summed, `games`
    the games the whole played (a team's games, not the sum of its players')."""
    cls = {"batting": BattingStats, "pitching": PitchingStats, "fielding": FieldingStats}.get(kind)
    if cls is None:
        raise LeagueError(f"unknown kind of stats {kind!r}; use batting, pitching or fielding")
    totals = {f.name: 0 for f in fields(cls)}
    for part in parts:
        if not isinstance(part, cls):
            raise LeagueError(f"a {kind_of(part)} line among {kind} lines")
        for name in totals:
            totals[name] += getattr(part, name)
    totals["games"] = games
    return cls(**totals)


def team_lines(kind: str, rows: Iterable[tuple[str, Stats]], team_games: dict[str, int]
               ) -> dict[str, Stats]:
    """Each team's line of one kind from its players' (team, stats) rows; every team of
    `team_games` has a line, an empty one before its first game."""
    parts: dict[str, list[Stats]] = {t: [] for t in team_games}
    for team, stats in rows:
        parts.setdefault(team, []).append(stats)
    return {t: combined(kind, p, team_games.get(t, 0)) for t, p in parts.items()}
