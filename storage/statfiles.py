"""Reading season statistics (CSV) for the card generator: the Japanese column names of the
professional league's official pages or the common English ones (Lahman's among them).

A file is read whole before anything is made from it; the first problem refuses it with the
file, the line, the column and what is wrong.
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence, Union

from league.cardmaking.cardgen import FIELD_POSITIONS, StatPlayer, batting_line, pitching_line
from league.errors import LeagueError

# column name (as written, compared without spaces, case-insensitive) -> stat key
IDENTITY = {
    "id": "id", "playerid": "id", "選手id": "id", "no": "id", "背番号": "number",
    "name": "name", "player": "name", "選手": "name", "選手名": "name", "氏名": "name",
    "投手": "name", "投手名": "name", "打者名": "name", "野手名": "name",
    "team": "team", "teamid": "team", "tm": "team", "チーム": "team", "球団": "team",
    "bats": "bats", "b": "bats", "打": "bats", "打席": None,
    "throws": "throws", "t": "throws", "投": "throws",
    "投打": "hands", "hands": "hands",
    "pos": "pos", "position": "pos", "positions": "pos", "守備": "pos", "守備位置": "pos",
    "位置": "pos",
}
BATTING = {
    "g": "g", "試合": "g", "pa": "pa", "打席": "pa", "ab": "ab", "打数": "ab", "r": "r", "得点": "r",
    "h": "h", "安打": "h", "2b": "2b", "二塁打": "2b", "3b": "3b", "三塁打": "3b", "hr": "hr",
    "本塁打": "hr", "tb": "tb", "塁打": "tb", "rbi": "rbi", "打点": "rbi", "sb": "sb", "盗塁": "sb",
    "cs": "cs", "盗塁刺": "cs", "sh": "sh", "犠打": "sh", "sf": "sf", "犠飛": "sf", "bb": "bb",
    "四球": "bb", "ibb": "ibb", "故意四": "ibb", "故意四球": "ibb", "hbp": "hbp", "死球": "hbp",
    "so": "so", "k": "so", "三振": "so", "gidp": "gidp", "gdp": "gidp", "併殺打": "gidp",
}
PITCHING = {
    "g": "g", "登板": "g", "試合": "g", "gs": "gs", "先発": "gs", "w": "w", "勝利": "w", "勝": "w",
    "l": "l", "敗北": "l", "敗": "l", "sv": "sv", "セーブ": "sv", "hld": "hld", "ホールド": "hld",
    "cg": "cg", "完投": "cg", "bfp": "bf", "bf": "bf", "tbf": "bf", "打者": "bf",
    "ipouts": "outs", "outs": "outs", "ip": "ip", "投球回": "ip", "h": "h", "安打": "h",
    "被安打": "h", "hr": "hr", "本塁打": "hr", "被本塁打": "hr", "bb": "bb", "四球": "bb",
    "与四球": "bb", "ibb": "ibb", "故意四": "ibb", "故意四球": "ibb", "hbp": "hbp", "死球": "hbp",
    "与死球": "hbp", "so": "so", "k": "so", "三振": "so", "奪三振": "so", "wp": "wp", "暴投": "wp",
    "bk": "bk", "ボーク": "bk", "r": "r", "失点": "r", "er": "er", "自責点": "er",
}
FIELDING = {
    "g": "g", "試合": "g", "po": "po", "刺殺": "po", "a": "a", "補殺": "a", "e": "e", "失策": "e",
    "dp": "dp", "併殺": "dp", "pb": "pb", "捕逸": "pb", "sb": "sb", "許盗塁": "sb", "被盗塁": "sb",
    "cs": "cs", "盗塁刺": "cs",
}
KIND = {"kind", "区分", "種別"}
TEAM_GAMES = {"team_games", "チーム試合", "チーム試合数"}
POSITION_NAMES = {
    "P": "P", "投": "P", "投手": "P", "C": "C", "捕": "C", "捕手": "C", "1B": "1B", "一": "1B",
    "一塁": "1B", "一塁手": "1B", "2B": "2B", "二": "2B", "二塁": "2B", "二塁手": "2B", "3B": "3B",
    "三": "3B", "三塁": "3B", "三塁手": "3B", "SS": "SS", "遊": "SS", "遊撃": "SS", "遊撃手": "SS",
    "LF": "LF", "左": "LF", "左翼": "LF", "左翼手": "LF", "CF": "CF", "中": "CF", "中堅": "CF",
    "中堅手": "CF", "RF": "RF", "右": "RF", "右翼": "RF", "右翼手": "RF", "OF": "OF", "外": "OF",
    "外野": "OF", "外野手": "OF", "DH": "DH", "指": "DH", "指名打者": "DH",
}
HAND_WORDS = {"R": "R", "L": "L", "S": "S", "B": "S", "右": "R", "左": "L", "両": "S"}

_INNINGS_RE = re.compile(r"^(\d+)(?:\s+([12])/3|\.([0-2])|\s*([⅓⅔]))?$")


Paths = Union[Path, Sequence[Path], None]


@dataclass
class StatFiles:
    """What the statistics files hold: the players and, when given, the league's totals, and
    what the reader decided for the user to know (`warnings`: starters inferred, …)."""

    players: list[StatPlayer]
    totals: dict[str, dict[str, float]] = field(default_factory=dict)
    team_games: int | None = None
    warnings: list[str] = field(default_factory=list)


def innings_outs(text: str) -> int | None:
    """Outs from innings written "143 1/3", "143.1" (thirds after the point), "143⅓" or "143"."""
    m = _INNINGS_RE.match(text.strip())
    if not m:
        return None
    whole, frac, dot, glyph = m.groups()
    thirds = int(frac or dot or 0) or (1 if glyph == "⅓" else 2 if glyph == "⅔" else 0)
    return int(whole) * 3 + thirds


def _norm(name: str) -> str:
    return re.sub(r"\s+", "", name).lower()


def _plain(cell: str) -> str:
    """A cell as the reader compares it: full-width digits, letters, spaces and marks made
    plain (NFKC), the innings' thirds written "1/3" (NFKC would make ⅓ "1⁄3")."""
    cell = cell.replace("⅓", " 1/3").replace("⅔", " 2/3")
    return unicodedata.normalize("NFKC", cell).replace("⁄", "/").strip()


# encodings a statistics file may come in besides UTF-8: what Japanese spreadsheets save
_JAPANESE_ENCODINGS = ("cp932", "shift_jis", "shift_jis_2004", "shift_jisx0213", "euc_jp",
                       "euc_jis_2004", "iso2022_jp", "utf_16", "utf_16_le", "utf_16_be")


def _read_text(path: Path) -> str:
    """The file's text: UTF-8 (with or without BOM), else the encoding charset-normalizer finds
    (a Japanese spreadsheet's cp932 / Shift_JIS among them)."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise LeagueError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise LeagueError(f"{path}: is a folder, expected a CSV file") from None
    except OSError as e:
        raise LeagueError(f"{path}: cannot be read: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        bad = e.start
    from charset_normalizer import from_bytes
    best = from_bytes(data).best()
    found = best.encoding if best is not None else None
    # what the detector finds when it is a Japanese encoding; else cp932, what a Japanese
    # spreadsheet saves (a short file of kanji can look like another Asian encoding to it)
    for encoding in ([found] if found in _JAPANESE_ENCODINGS else []) + ["cp932"]:
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            pass
    raise LeagueError(f"{path}: neither UTF-8 nor Japanese Shift_JIS (cp932) text (bad byte at "
                      f"offset {bad}); save the file as UTF-8")


def _hands(text: str) -> tuple[str | None, str | None]:
    """(bats, throws) from "右投左打", "右左" (throws then bats) or "R/L"."""
    t = text.strip()
    m = re.match(r"^([右左両])投([右左両])打$", t)
    if m:
        return HAND_WORDS[m.group(2)], HAND_WORDS[m.group(1)]
    if len(t) == 2 and all(ch in "右左両" for ch in t):
        return HAND_WORDS[t[1]], HAND_WORDS[t[0]]
    return None, None


# the professional league's pages mark a left-handed man "*" and a switch hitter "+" before
# the name (the batting page: how he bats; the pitching page: how he throws)
_MARKS = {"*": "L", "+": "S"}

Rows = list[tuple[int, list[str]]]


def _rows(text: str) -> Rows:
    """The CSV's rows with their line numbers (from 1), every cell made plain."""
    return [(n + 1, [_plain(c) for c in r]) for n, r in enumerate(csv.reader(io.StringIO(text)))]


def _heading_position(row: list[str]) -> str | None:
    """The position of a section heading of a fielding page ("捕手", "【一塁手】", "外野手"):
    a row of one cell that names a position."""
    cells = [c for c in row if c]
    if len(cells) != 1:
        return None
    word = re.sub(r"[\[\]【】()（）「」<>〈〉]|守備成績|守備", "", cells[0]).strip()
    return POSITION_NAMES.get(word.upper(), POSITION_NAMES.get(word))


class _Table:
    """One CSV table: its header mapped to stat keys, and the rows with their line numbers.
    `position`: the fielding page section the table is (its rows are at that position)."""

    def __init__(self, rows: Rows | str, path: str, stats: Mapping[str, str],
                 position: str | None = None) -> None:
        self.path = path
        self.position = position
        if isinstance(rows, str):
            rows = _rows(rows)
        header_at = next((k for k, (_, r) in enumerate(rows) if any(c for c in r)), None)
        if header_at is None:
            raise LeagueError(f"{path}: the file is empty (a header line and one line per player)")
        self.header_line, header = rows[header_at]
        self.header = list(header)
        self.columns: dict[int, tuple[str, str]] = {}   # index -> (kind, key)
        self.ip_frac: int | None = None                 # innings in two cells: 187 | 1/3
        seen: dict[str, str] = {}
        for i, name in enumerate(self.header):
            n = _norm(name)
            kind, key = None, None
            if n in stats:
                kind, key = "stat", stats[n]
            elif n in IDENTITY and IDENTITY[n]:
                kind, key = "id", IDENTITY[n]
            elif n in KIND:
                kind, key = "kind", "kind"
            elif n in TEAM_GAMES:
                kind, key = "stat", "team_games"
            if key is None:
                continue  # a column the generator does not use (打率, ERA, 出塁率, …)
            if key in seen:
                raise LeagueError(f"{path}, line {self.header_line}, column {name}: the same "
                                  f"statistic as column {seen[key]}")
            seen[key] = name
            self.columns[i] = (kind, key)  # type: ignore[assignment]
            if key == "ip" and i + 1 < len(self.header) and not self.header[i + 1]:
                self.ip_frac = i + 1    # the official page: whole innings, then the thirds
        self.rows = [(n, r) for n, r in rows[header_at + 1:]
                     if any(c for c in r) and not r[0].startswith("#")]

    def has(self, key: str) -> bool:
        return any(k == key for _, k in self.columns.values())

    def col(self, key: str) -> str:
        return next((self.header[i] for i, (_, k) in self.columns.items() if k == key), key)

    def record(self, line: int, row: list[str]) -> tuple[dict[str, str], dict[str, float]]:
        if len(row) > len(self.header) and any(row[len(self.header):]):
            raise LeagueError(f"{self.path}, line {line}: {len(row)} cells for "
                              f"{len(self.header)} columns")
        ident: dict[str, str] = {}
        stats: dict[str, float] = {}
        for i, (kind, key) in self.columns.items():
            cell = row[i].strip() if i < len(row) else ""
            col = self.header[i]
            if kind in ("id", "kind"):
                ident[key] = cell
                continue
            if key == "ip" and self.ip_frac is not None and self.ip_frac < len(row):
                frac = row[self.ip_frac].strip().lstrip("+")
                if frac:
                    cell = cell + frac if frac.startswith(".") else f"{cell} {frac}"
            if cell in ("", "-", "－", "—", "‐"):
                stats[key] = 0.0
                continue
            if key == "ip":
                outs = innings_outs(cell)
                if outs is None:
                    raise LeagueError(f"{self.path}, line {line}, column {col}: {cell!r} is not "
                                      "innings (143, 143 1/3, 143.1 or 143⅓)")
                stats["outs"] = float(outs)
                continue
            try:
                value = float(cell.replace(",", ""))
            except ValueError:
                raise LeagueError(f"{self.path}, line {line}, column {col}: {cell!r} is not a "
                                  "number") from None
            if value < 0 or value != int(value):
                raise LeagueError(f"{self.path}, line {line}, column {col}: {cell!r} must be a "
                                  "whole number, 0 or more")
            stats[key] = value
        return ident, stats


def _tables(text: str, path: str, stats: Mapping[str, str]) -> list[_Table]:
    """The tables of a file: one, or on a fielding page one per position section (a heading
    row naming the position — 投手, 捕手, 一塁手 … 外野手 — then its header, or the same
    header as the section before)."""
    rows = _rows(text)
    if stats is not FIELDING:
        return [_Table(rows, path, stats)]
    sections: list[tuple[str | None, Rows]] = [(None, [])]
    for n, r in rows:
        pos = _heading_position(r)
        if pos is not None:
            sections.append((pos, []))
        else:
            sections[-1][1].append((n, r))
    out: list[_Table] = []
    header: tuple[int, list[str]] | None = None
    for pos, part in sections:
        content = [(n, r) for n, r in part if any(c for c in r)]
        if not content:
            continue
        first = content[0][1]
        is_header = any(_norm(c) in IDENTITY and IDENTITY[_norm(c)] == "name" for c in first)
        if is_header:
            header = content[0]
        elif header is not None:
            part = [header, *part]
        out.append(_Table(part, path, stats, pos))
    if not out:
        raise LeagueError(f"{path}: the file is empty (a header line and one line per player)")
    return out


_KIND_WORDS = re.compile(r"batting|batters?|hitting|hitters?|pitching|pitchers?|fielding|"
                         r"defen[cs]e|stats?|個人|打撃|打者|投手|投球|守備|野手|成績|一覧|"
                         r"\d{4}年?(度)?", re.IGNORECASE)


def team_from_file_name(path: Path) -> str:
    """The team a file's name gives (`巨人_打撃.csv`, `giants-batting.csv`, `batting_G.csv`):
    the name without the kind of statistics, the year and the separators; "" when nothing is
    left."""
    stem = _plain(Path(path).stem)
    return re.sub(r"^[\s_\-.・]+|[\s_\-.・]+$", "", _KIND_WORDS.sub(" ", stem)).strip()


def _identity(t: _Table, line: int, ident: dict[str, str], team: str | None
              ) -> tuple[str, str, str, str | None]:
    """(key, name, team, hand mark) of a row; the name stripped of its hand mark."""
    name = ident.get("name", "").strip()
    mark = None
    if name[:1] in _MARKS:
        mark = _MARKS[name[:1]]
        name = name[1:].strip()
    name = re.sub(r"\s+", " ", name)
    pid = ident.get("id", "").strip()
    row_team = ident.get("team", "").strip() or (team or "")
    if not name and not pid:
        raise LeagueError(f"{t.path}, line {line}, column {t.col('name')}: no player name")
    if not row_team:
        if t.has("team"):
            raise LeagueError(f"{t.path}, line {line}, column {t.col('team')}: no team")
        raise LeagueError(f"{t.path}, line {line}: no team — the file has no team column "
                          "(チーム) and its name gives none: name the file after the team "
                          "(巨人_打撃.csv) or give --team")
    return pid or f"{row_team}:{_norm(name)}", name or pid, row_team, mark


def _check_batting(t: _Table, line: int, s: dict[str, float]) -> None:
    def bad(key: str, what: str) -> LeagueError:
        return LeagueError(f"{t.path}, line {line}, column {t.col(key)}: {what}")
    if s.get("h", 0) < s.get("2b", 0) + s.get("3b", 0) + s.get("hr", 0):
        raise bad("h", "fewer hits than doubles, triples and home runs together")
    if s.get("ab", 0) < s.get("h", 0):
        raise bad("ab", "fewer at-bats than hits")
    if t.has("ab") and s.get("so", 0) > s.get("ab", 0):
        raise bad("so", f"{s['so']:g} strikeouts in {s.get('ab', 0):g} at-bats: more "
                  "strikeouts than at-bats")
    if t.has("ab") and s.get("gidp", 0) > s.get("ab", 0):
        raise bad("gidp", "more double plays hit into than at-bats")
    pa = s.get("pa", 0) if t.has("pa") else s.get("ab", 0) + s.get("bb", 0) + \
        s.get("hbp", 0) + s.get("sh", 0) + s.get("sf", 0)
    if t.has("pa") and pa < s.get("ab", 0) + s.get("bb", 0) + s.get("hbp", 0):
        raise bad("pa", "fewer plate appearances than at-bats, walks and hit-by-pitches together")
    # a man scores once for each time he reaches base: at most once a plate appearance, and
    # once in a game he only ran in (a pinch runner)
    if s.get("r", 0) > max(pa, s.get("g", 0)):
        raise bad("r", f"{s['r']:g} runs in {pa:g} plate appearances"
                  + (f" and {s['g']:g} games" if t.has("g") else "") + ": more runs than a "
                  "man can score")
    if s.get("ibb", 0) > s.get("bb", 0):
        raise bad("ibb", "more intentional walks than walks")


def _check_pitching(t: _Table, line: int, s: dict[str, float]) -> None:
    def bad(key: str, what: str) -> LeagueError:
        return LeagueError(f"{t.path}, line {line}, column {t.col(key)}: {what}")
    if s.get("gs", 0) > s.get("g", 0) and t.has("g"):
        raise bad("gs", "more starts than games")
    if t.has("gs") and s.get("cg", 0) > s.get("gs", 0):
        raise bad("cg", "more complete games than starts")
    if t.has("g") and s.get("cg", 0) > s.get("g", 0):
        raise bad("cg", "more complete games than games")
    if s.get("er", 0) > s.get("r", 0) and t.has("r"):
        raise bad("er", "more earned runs than runs")
    if s.get("hr", 0) > s.get("h", 0):
        raise bad("hr", "more home runs than hits")
    if s.get("ibb", 0) > s.get("bb", 0):
        raise bad("ibb", "more intentional walks than walks")
    if t.has("bf"):
        bf = s.get("bf", 0)
        reached = s.get("h", 0) + s.get("bb", 0) + s.get("hbp", 0) + s.get("so", 0)
        if bf < reached:
            raise bad("bf", f"{bf:g} batters faced for {reached:g} hits, walks, hit batsmen and "
                      "strikeouts: fewer batters than that")
        outs = s.get("outs", 0)
        # an out is a batter's, a runner's on the bases or a double play's second: a season
        # never has many more outs than batters faced
        if outs > 2 * bf + 3:
            ip = f"{int(outs) // 3}" + (f" {int(outs) % 3}/3" if outs % 3 else "")
            raise bad("bf", f"{bf:g} batters faced over {ip} innings: too few batters for the "
                      "innings")


# a starter's and a reliever's innings an appearance, to split a swingman's games
_START_IP, _RELIEF_IP = 5.6, 1.5
_ALL_STARTS_IP, _NO_STARTS_IP = 4.0, 2.3


def inferred_starts(s: Mapping[str, float]) -> int:
    """A pitcher's starts when the file has no 先発 column: from his innings per appearance
    and complete games (a man of 4 innings an outing started every game, under 2.3 only his
    complete games; in between his innings split between starts and relief); appearances
    that were saves or holds were relief."""
    g = s.get("g", 0)
    outs = s.get("outs", 0)
    cg = s.get("cg", 0)
    relief = s.get("sv", 0) + s.get("hld", 0)
    if g <= 0:
        return int(cg)
    per = outs / 3 / g
    if per >= _ALL_STARTS_IP:
        gs = g - relief
    elif per < _NO_STARTS_IP:
        gs = cg
    else:
        gs = round((outs / 3 - _RELIEF_IP * g) / (_START_IP - _RELIEF_IP))
    return int(max(cg, min(g - relief, gs, g), 0))


def _paths(given: Paths) -> list[Path]:
    if given is None:
        return []
    if isinstance(given, (str, Path)):
        return [Path(given)]
    return [Path(p) for p in given]


def _positions(text: str, where: str) -> list[str]:
    out = []
    for tok in [x for x in re.split(r"[;,/\s・、]+", text.strip()) if x]:
        pos = POSITION_NAMES.get(tok.upper(), POSITION_NAMES.get(tok))
        if pos is None:
            raise LeagueError(f"{where}: {tok!r} is not a position (P C 1B 2B 3B SS LF CF RF OF "
                              "DH, or 投 捕 一 二 三 遊 左 中 右 外 指)")
        out.append(pos)
    return out


def file_kind(path: Path) -> str | None:
    """What a statistics file holds by its header: "batting", "pitching", "fielding", "totals"
    or None."""
    rows = [r for _, r in _rows(_read_text(path)) if any(c for c in r)]
    for r in rows[:3]:
        cells = {_norm(c) for c in r}
        if cells & KIND:
            return "totals"
        if {"刺殺", "補殺", "po", "a"} & cells and {"刺殺", "po"} & cells:
            return "fielding"
        if {"投球回", "ip", "ipouts", "outs"} & cells:
            return "pitching"
        if {"打数", "ab"} & cells:
            return "batting"
    return None


def read_stat_folder(folder: Path, team: str | None = None) -> StatFiles:
    """Every statistics file of a folder (.csv, .txt), each known by its header: the official
    pages saved one per team (the team from the file's name or `team`) or one per league."""
    folder = Path(folder)
    if not folder.is_dir():
        raise LeagueError(f"{folder}: not a folder of statistics files")
    kinds: dict[str, list[Path]] = {"batting": [], "pitching": [], "fielding": [], "totals": []}
    for f in sorted(folder.iterdir()):
        if f.suffix.lower() not in (".csv", ".txt") or f.name.startswith("."):
            continue
        kind = file_kind(f)
        if kind is None:
            raise LeagueError(f"{f}, line 1: neither batting (打数, AB), pitching (投球回, IP), "
                              "fielding (刺殺, PO) nor league totals (区分): the header is "
                              "not one the cards know")
        kinds[kind].append(f)
    if len(kinds["totals"]) > 1:
        raise LeagueError(f"{kinds['totals'][1]}: a second file of league totals")
    if not kinds["batting"] and not kinds["pitching"]:
        raise LeagueError(f"{folder}: no batting or pitching file (.csv) in the folder")
    return read_stat_files(kinds["batting"], kinds["pitching"], kinds["fielding"] or None,
                           kinds["totals"][0] if kinds["totals"] else None, team=team)


def read_stat_files(batting: Paths, pitching: Paths, fielding: Paths = None,
                    totals: Path | None = None, *, team: str | None = None) -> StatFiles:
    """Read the statistics files (each kind one file, or one file per team); LeagueError names
    the file, line, column and problem. A file without a team column is the team of its file
    name, else `team`."""
    if not _paths(batting) and not _paths(pitching):
        raise LeagueError("give a batting file, a pitching file, or both")
    players: dict[str, dict] = {}
    order: list[str] = []
    warnings: list[str] = []
    many = {k: len(_paths(v)) > 1 for k, v in (("batting", batting), ("pitching", pitching),
                                                 ("fielding", fielding))}

    def file_team(path: Path, kind: str) -> str | None:
        # one file per team: its name says which; a single file: --team, else its name
        named = team_from_file_name(path)
        if many[kind]:
            return named or None
        return team or named or None

    def entry(key: str, name: str, team_: str) -> dict:
        if key not in players:
            players[key] = {"name": name, "team": team_, "bats": None, "throws": None,
                            "batting": None, "pitching": None, "fielding": {}, "pos": [],
                            "marks": {}}
            order.append(key)
        return players[key]

    for kind in ("batting", "pitching"):
        seen: dict[str, tuple[Path, int]] = {}
        starts_made: dict[str, list[str]] = {}
        for path in _paths(batting if kind == "batting" else pitching):
            t = _Table(_read_text(path), str(path), BATTING if kind == "batting" else PITCHING)
            needed = ("pa", "ab", "h") if kind == "batting" else ("h", "bb", "so")
            for key in needed:
                if not t.has(key) and not (kind == "batting" and key == "pa"):
                    raise LeagueError(f"{path}, line {t.header_line}: no column for "
                                      f"{key.upper()} (Japanese or English names: see "
                                      "docs/cards.md)")
            if kind == "pitching" and not (t.has("ip") or t.has("outs")):
                raise LeagueError(f"{path}, line {t.header_line}: no column for innings "
                                  "(投球回, IP or IPouts)")
            if not t.has("name") and not t.has("id"):
                raise LeagueError(f"{path}, line {t.header_line}: no column for the player's "
                                  "name (選手名, 投手名, name)")
            default_team = None if t.has("team") else file_team(path, kind)
            infer = kind == "pitching" and not t.has("gs")
            for line, row in t.rows:
                ident, stats = t.record(line, row)
                key, name, team_, mark = _identity(t, line, ident, default_team)
                if key in seen:
                    first, at = seen[key]
                    where = f"line {at}" if first == path else f"{first}, line {at}"
                    raise LeagueError(f"{path}, line {line}: {name} ({team_}) is listed twice "
                                      f"(first at {where}); sum the lines or give each an id")
                seen[key] = (path, line)
                (_check_batting if kind == "batting" else _check_pitching)(t, line, stats)
                if infer:
                    stats["gs"] = float(inferred_starts(stats))
                    if stats["gs"] > 0:
                        starts_made.setdefault(team_, []).append(f"{name} {int(stats['gs'])}")
                e = entry(key, name, team_)
                # every statistic present (0 for a column the file does not have), PA and BF
                # made up from their parts when the file leaves them out
                e[kind] = batting_line(stats) if kind == "batting" else pitching_line(stats)
                e["marks"][kind] = mark or "R"
                if ident.get("hands"):
                    b, th = _hands(ident["hands"])
                    if b is None:
                        raise LeagueError(f"{path}, line {line}, column {t.col('hands')}: "
                                          f"{ident['hands']!r} is not a handedness like 右投左打")
                    e["bats"], e["throws"] = b, th
                for hk in ("bats", "throws"):
                    if ident.get(hk):
                        v = HAND_WORDS.get(ident[hk].strip().upper()[:1]) or \
                            HAND_WORDS.get(ident[hk].strip()[:1])
                        if v is None or (hk == "throws" and v == "S"):
                            raise LeagueError(f"{path}, line {line}, column {t.col(hk)}: "
                                              f"{ident[hk]!r} is not a hand "
                                              f"({'R L' if hk == 'throws' else 'R L S'})")
                        e[hk] = v
                if ident.get("pos"):
                    e["pos"] = _positions(ident["pos"],
                                          f"{path}, line {line}, column {t.col('pos')}")
            if infer:
                made = [f"{tm}: {', '.join(who)}" for tm, who in starts_made.items()]
                warnings.append(f"{path}: no 先発 (GS) column — starts inferred from innings per "
                                "appearance and complete games; starters (starts): "
                                + ("; ".join(made) if made else "none"))
                starts_made = {}
    seen_f: dict[tuple[str, str], tuple[Path, int]] = {}
    for path in _paths(fielding):
        for t in _tables(_read_text(path), str(path), FIELDING):
            if not t.has("pos") and t.position is None:
                raise LeagueError(f"{path}, line {t.header_line}: no position column "
                                  "(守備位置, POS) and no position heading (捕手, 一塁手, …) "
                                  "above the table")
            default_team = None if t.has("team") else file_team(path, "fielding")
            for line, row in t.rows:
                ident, stats = t.record(line, row)
                key, name, team_, _mark = _identity(t, line, ident, default_team)
                if key not in players:
                    raise LeagueError(f"{path}, line {line}, column {t.col('name')}: {name} "
                                      f"({team_}) is in no batting or pitching file")
                if t.position is not None and not ident.get("pos"):
                    positions = [t.position]
                else:
                    positions = _positions(ident.get("pos", ""),
                                           f"{path}, line {line}, column {t.col('pos')}")
                for pos in positions:
                    if (key, pos) in seen_f:
                        first, at = seen_f[(key, pos)]
                        where = f"line {at}" if first == path else f"{first}, line {at}"
                        raise LeagueError(f"{path}, line {line}: {name} ({team_}) at {pos} is "
                                          f"listed twice (first at {where})")
                    seen_f[(key, pos)] = (path, line)
                    targets = ("LF", "CF", "RF") if pos == "OF" else (pos,)
                    for p in targets:
                        if p == "DH":
                            continue
                        f = players[key]["fielding"].setdefault(p, dict.fromkeys(
                            ("g", "po", "a", "e", "dp", "pb", "sb", "cs"), 0.0))
                        share = 1 / len(targets)
                        for stat, value in stats.items():
                            if stat in f:
                                f[stat] += value * share
    result: list[StatPlayer] = []
    for key in order:
        e = players[key]
        fld = dict(e["fielding"])
        if not fld and e["pos"]:
            # positions only: the games at each (the first gets most of them)
            games = max((e["batting"] or {}).get("g", 0), (e["pitching"] or {}).get("g", 0), 1)
            for i, pos in enumerate(e["pos"]):
                for p in (("LF", "CF", "RF") if pos == "OF" else (pos,)):
                    if p != "DH":
                        fld.setdefault(p, {"g": games * (0.8 if i == 0 else 0.2)})
        if e["pitching"] and "P" not in fld:
            fld["P"] = {"g": e["pitching"].get("g", 0)}
        marks = e["marks"]
        bats = e["bats"] or marks.get("batting") or "R"
        throws = e["throws"] or {"S": "R"}.get(marks.get("pitching", "R"), marks.get("pitching", "R"))
        result.append(StatPlayer(key, e["name"], e["team"], bats, throws, e["batting"],
                                 e["pitching"], fld))
    out = StatFiles(result, warnings=warnings)
    if totals is not None:
        out.totals, out.team_games = read_totals(totals)
    return out


def read_totals(path: Path) -> tuple[dict[str, dict[str, float]], int | None]:
    """A line of league totals: one line per kind (区分/kind = batting 打撃 or pitching 投手),
    or a single line of batting totals; an optional team_games (チーム試合) column."""
    text = _read_text(path)
    both = {**PITCHING, **BATTING}
    t = _Table(text, str(path), both)
    if not t.rows:
        raise LeagueError(f"{path}: no line of totals under the header")
    out: dict[str, dict[str, float]] = {}
    team_games = None
    for line, row in t.rows:
        ident, stats = t.record(line, row)
        kind = ident.get("kind", "batting").strip().lower() or "batting"
        kind = {"打撃": "batting", "打者": "batting", "投手": "pitching", "投球": "pitching"}.get(kind, kind)
        if kind not in ("batting", "pitching"):
            raise LeagueError(f"{path}, line {line}, column {t.col('kind')}: {kind!r} is not "
                              "batting or pitching (打撃, 投手)")
        if stats.get("team_games"):
            team_games = int(stats["team_games"])
        out[kind] = stats
    return out, team_games


# --- writing: the same formats, for examples and for the closed loop ------------------------

JA_BATTING = (("選手名", "name"), ("チーム", "team"), ("投打", "hands"), ("試合", "g"),
              ("打席", "pa"), ("打数", "ab"), ("得点", "r"), ("安打", "h"), ("二塁打", "2b"),
              ("三塁打", "3b"), ("本塁打", "hr"), ("塁打", "tb"), ("打点", "rbi"), ("盗塁", "sb"),
              ("盗塁刺", "cs"), ("犠打", "sh"), ("犠飛", "sf"), ("四球", "bb"), ("故意四", "ibb"),
              ("死球", "hbp"), ("三振", "so"), ("併殺打", "gidp"), ("打率", "avg"))
JA_PITCHING = (("選手名", "name"), ("チーム", "team"), ("投打", "hands"), ("登板", "g"),
               ("先発", "gs"), ("勝利", "w"), ("敗北", "l"), ("セーブ", "sv"), ("ホールド", "hld"),
               ("完投", "cg"), ("打者", "bf"), ("投球回", "ip"), ("安打", "h"), ("本塁打", "hr"),
               ("四球", "bb"), ("故意四", "ibb"), ("死球", "hbp"), ("三振", "so"), ("暴投", "wp"),
               ("ボーク", "bk"), ("失点", "r"), ("自責点", "er"), ("防御率", "era"))
JA_FIELDING = (("選手名", "name"), ("チーム", "team"), ("守備位置", "pos"), ("試合", "g"),
               ("刺殺", "po"), ("補殺", "a"), ("失策", "e"), ("併殺", "dp"), ("捕逸", "pb"),
               ("許盗塁", "sb"), ("盗塁刺", "cs"))
EN_BATTING = (("playerID", "id"), ("name", "name"), ("team", "team"), ("bats", "bats"),
              ("throws", "throws"), ("G", "g"), ("PA", "pa"), ("AB", "ab"), ("R", "r"), ("H", "h"),
              ("2B", "2b"), ("3B", "3b"), ("HR", "hr"), ("RBI", "rbi"), ("SB", "sb"), ("CS", "cs"),
              ("BB", "bb"), ("SO", "so"), ("IBB", "ibb"), ("HBP", "hbp"), ("SH", "sh"),
              ("SF", "sf"), ("GIDP", "gidp"))
EN_PITCHING = (("playerID", "id"), ("name", "name"), ("team", "team"), ("bats", "bats"),
               ("throws", "throws"), ("W", "w"), ("L", "l"), ("G", "g"), ("GS", "gs"),
               ("CG", "cg"), ("SV", "sv"), ("HLD", "hld"), ("IPouts", "outs"), ("BFP", "bf"), ("H", "h"),
               ("HR", "hr"), ("BB", "bb"), ("IBB", "ibb"), ("HBP", "hbp"), ("SO", "so"),
               ("WP", "wp"), ("BK", "bk"), ("R", "r"), ("ER", "er"))
EN_FIELDING = (("playerID", "id"), ("name", "name"), ("team", "team"), ("POS", "pos"),
               ("G", "g"), ("PO", "po"), ("A", "a"), ("E", "e"), ("DP", "dp"), ("PB", "pb"),
               ("SB", "sb"), ("CS", "cs"))
_HAND_JA = {"R": "右", "L": "左", "S": "両"}


def _cell(p: StatPlayer, line: Mapping[str, float], key: str) -> str:
    if key == "name":
        return p.name
    if key == "team":
        return p.team
    if key == "id":
        return p.key
    if key == "bats":
        return p.bats
    if key == "throws":
        return p.throws
    if key == "hands":
        return f"{_HAND_JA[p.throws]}投{_HAND_JA[p.bats]}打"
    if key == "tb":
        return str(int(line["h"] + line["2b"] + 2 * line["3b"] + 3 * line["hr"]))
    if key == "avg":
        return f"{line['h'] / line['ab']:.3f}".lstrip("0") if line.get("ab") else "-"
    if key == "ip":
        outs = int(line["outs"])
        return f"{outs // 3}" + (f" {outs % 3}/3" if outs % 3 else "")
    if key == "era":
        return f"{line['er'] * 27 / line['outs']:.2f}" if line.get("outs") else "-"
    return str(int(round(line.get(key, 0))))


def stat_csv_texts(players: list[StatPlayer], *, japanese: bool = True) -> dict[str, str]:
    """The players' lines as batting, pitching and fielding CSV texts (the professional
    league's Japanese columns, or the English ones)."""
    bcols = JA_BATTING if japanese else EN_BATTING
    pcols = JA_PITCHING if japanese else EN_PITCHING
    fcols = JA_FIELDING if japanese else EN_FIELDING
    out = {}
    for kind, cols in (("batting", bcols), ("pitching", pcols)):
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow([c for c, _ in cols])
        for p in players:
            line = getattr(p, kind)
            if line:
                w.writerow([_cell(p, line, k) for _, k in cols])
        out[kind] = buf.getvalue()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([c for c, _ in fcols])
    for p in players:
        for pos in FIELD_POSITIONS:
            f = p.fielding.get(pos)
            if f and f.get("g", 0) > 0:
                w.writerow([pos if k == "pos" else _cell(p, f, k) for _, k in fcols])
    out["fielding"] = buf.getvalue()
    return out
