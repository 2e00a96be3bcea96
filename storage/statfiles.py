"""Reading season statistics (CSV) for the card generator: the Japanese column names of the
professional league's official pages or the common English ones (Lahman's among them).

A file is read whole before anything is made from it; the first problem refuses it with the
file, the line, the column and what is wrong.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from league.cardmaking.cardgen import FIELD_POSITIONS, StatPlayer, batting_line, pitching_line
from league.errors import LeagueError

# column name (as written, compared without spaces, case-insensitive) -> stat key
IDENTITY = {
    "id": "id", "playerid": "id", "選手id": "id", "no": "id", "背番号": "number",
    "name": "name", "player": "name", "選手": "name", "選手名": "name", "氏名": "name",
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


@dataclass
class StatFiles:
    """What the statistics files hold: the players and, when given, the league's totals."""

    players: list[StatPlayer]
    totals: dict[str, dict[str, float]] = field(default_factory=dict)
    team_games: int | None = None


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


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise LeagueError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise LeagueError(f"{path}: is a folder, expected a CSV file") from None
    except UnicodeDecodeError as e:
        raise LeagueError(f"{path}: not UTF-8 text (bad byte at offset {e.start}); "
                          "save the file as UTF-8") from None
    except OSError as e:
        raise LeagueError(f"{path}: cannot be read: {e.strerror or e}") from None


def _hands(text: str) -> tuple[str | None, str | None]:
    """(bats, throws) from "右投左打", "右左" (throws then bats) or "R/L"."""
    t = text.strip()
    m = re.match(r"^([右左両])投([右左両])打$", t)
    if m:
        return HAND_WORDS[m.group(2)], HAND_WORDS[m.group(1)]
    if len(t) == 2 and all(ch in "右左両" for ch in t):
        return HAND_WORDS[t[1]], HAND_WORDS[t[0]]
    return None, None


class _Table:
    """One CSV file: its header mapped to stat keys, and the rows with their line numbers."""

    def __init__(self, text: str, path: str, stats: Mapping[str, str]) -> None:
        self.path = path
        rows = list(csv.reader(io.StringIO(text)))
        header_at = next((i for i, r in enumerate(rows) if any(c.strip() for c in r)), None)
        if header_at is None:
            raise LeagueError(f"{path}: the file is empty (a header line and one line per player)")
        self.header = [c.strip() for c in rows[header_at]]
        self.columns: dict[int, tuple[str, str]] = {}   # index -> (kind, key)
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
                raise LeagueError(f"{path}, line {header_at + 1}, column {name}: the same statistic "
                                  f"as column {seen[key]}")
            seen[key] = name
            self.columns[i] = (kind, key)  # type: ignore[assignment]
        self.rows = [(n + 1, r) for n, r in enumerate(rows)
                     if n > header_at and any(c.strip() for c in r)
                     and not r[0].strip().startswith("#")]
        self.header_line = header_at + 1

    def has(self, key: str) -> bool:
        return any(k == key for _, k in self.columns.values())

    def record(self, line: int, row: list[str]) -> tuple[dict[str, str], dict[str, float]]:
        if len(row) > len(self.header):
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
            if cell in ("", "-", "－", "—"):
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


def _identity(t: _Table, line: int, ident: dict[str, str]) -> tuple[str, str, str]:
    name = ident.get("name", "").strip()
    team = ident.get("team", "").strip()
    pid = ident.get("id", "").strip()
    if not name and not pid:
        col = next((t.header[i] for i, (_, k) in t.columns.items() if k == "name"), "name")
        raise LeagueError(f"{t.path}, line {line}, column {col}: no player name")
    if not team:
        col = next((t.header[i] for i, (_, k) in t.columns.items() if k == "team"), "team")
        raise LeagueError(f"{t.path}, line {line}, column {col}: no team")
    return pid or f"{team}:{name}", name or pid, team


def _check_batting(t: _Table, line: int, s: dict[str, float]) -> None:
    def col(key: str) -> str:
        return next((t.header[i] for i, (_, k) in t.columns.items() if k == key), key)
    if s.get("h", 0) < s.get("2b", 0) + s.get("3b", 0) + s.get("hr", 0):
        raise LeagueError(f"{t.path}, line {line}, column {col('h')}: fewer hits than doubles, "
                          "triples and home runs together")
    if s.get("ab", 0) < s.get("h", 0) + s.get("so", 0) * 0:
        raise LeagueError(f"{t.path}, line {line}, column {col('ab')}: fewer at-bats than hits")
    if t.has("pa") and s.get("pa", 0) < s.get("ab", 0) + s.get("bb", 0) + s.get("hbp", 0):
        raise LeagueError(f"{t.path}, line {line}, column {col('pa')}: fewer plate appearances "
                          "than at-bats, walks and hit-by-pitches together")
    if s.get("ibb", 0) > s.get("bb", 0):
        raise LeagueError(f"{t.path}, line {line}, column {col('ibb')}: more intentional walks "
                          "than walks")


def _check_pitching(t: _Table, line: int, s: dict[str, float]) -> None:
    def col(key: str) -> str:
        return next((t.header[i] for i, (_, k) in t.columns.items() if k == key), key)
    if s.get("gs", 0) > s.get("g", 0) and t.has("g"):
        raise LeagueError(f"{t.path}, line {line}, column {col('gs')}: more starts than games")
    if s.get("er", 0) > s.get("r", 0) and t.has("r"):
        raise LeagueError(f"{t.path}, line {line}, column {col('er')}: more earned runs than runs")
    if s.get("hr", 0) > s.get("h", 0):
        raise LeagueError(f"{t.path}, line {line}, column {col('hr')}: more home runs than hits")


def _positions(text: str, where: str) -> list[str]:
    out = []
    for tok in [x for x in re.split(r"[;,/\s・、]+", text.strip()) if x]:
        pos = POSITION_NAMES.get(tok.upper(), POSITION_NAMES.get(tok))
        if pos is None:
            raise LeagueError(f"{where}: {tok!r} is not a position (P C 1B 2B 3B SS LF CF RF OF "
                              "DH, or 投 捕 一 二 三 遊 左 中 右 外 指)")
        out.append(pos)
    return out


def read_stat_files(batting: Path | None, pitching: Path | None, fielding: Path | None = None,
                    totals: Path | None = None) -> StatFiles:
    """Read the statistics files; LeagueError names the file, line, column and problem."""
    if batting is None and pitching is None:
        raise LeagueError("give a batting file, a pitching file, or both")
    players: dict[str, dict] = {}
    order: list[str] = []

    def entry(key: str, name: str, team: str) -> dict:
        if key not in players:
            players[key] = {"name": name, "team": team, "bats": None, "throws": None,
                            "batting": None, "pitching": None, "fielding": {}, "pos": []}
            order.append(key)
        return players[key]

    for path, kind in ((batting, "batting"), (pitching, "pitching")):
        if path is None:
            continue
        t = _Table(_read_text(path), str(path), BATTING if kind == "batting" else PITCHING)
        needed = ("pa", "ab", "h") if kind == "batting" else ("h", "bb", "so")
        for key in needed:
            if not t.has(key) and not (kind == "batting" and key == "pa"):
                raise LeagueError(f"{path}, line {t.header_line}: no column for {key.upper()} "
                                  "(Japanese or English names: see docs/cards.md)")
        if kind == "pitching" and not (t.has("ip") or t.has("outs")):
            raise LeagueError(f"{path}, line {t.header_line}: no column for innings "
                              "(投球回, IP or IPouts)")
        seen: dict[str, int] = {}
        for line, row in t.rows:
            ident, stats = t.record(line, row)
            key, name, team = _identity(t, line, ident)
            if key in seen:
                raise LeagueError(f"{path}, line {line}: {name} ({team}) is listed twice (first at "
                                  f"line {seen[key]}); sum the lines or give each an id")
            seen[key] = line
            (_check_batting if kind == "batting" else _check_pitching)(t, line, stats)
            e = entry(key, name, team)
            # every statistic present (0 for a column the file does not have), PA and BF
            # made up from their parts when the file leaves them out
            e[kind] = batting_line(stats) if kind == "batting" else pitching_line(stats)
            if ident.get("hands"):
                b, th = _hands(ident["hands"])
                if b is None:
                    col = next(t.header[i] for i, (_, k) in t.columns.items() if k == "hands")
                    raise LeagueError(f"{path}, line {line}, column {col}: {ident['hands']!r} is "
                                      "not a handedness like 右投左打")
                e["bats"], e["throws"] = b, th
            for hk in ("bats", "throws"):
                if ident.get(hk):
                    v = HAND_WORDS.get(ident[hk].strip().upper()[:1]) or HAND_WORDS.get(ident[hk].strip()[:1])
                    if v is None or (hk == "throws" and v == "S"):
                        col = next(t.header[i] for i, (_, k) in t.columns.items() if k == hk)
                        raise LeagueError(f"{path}, line {line}, column {col}: {ident[hk]!r} is "
                                          f"not a hand ({'R L' if hk == 'throws' else 'R L S'})")
                    e[hk] = v
            if ident.get("pos"):
                col = next(t.header[i] for i, (_, k) in t.columns.items() if k == "pos")
                e["pos"] = _positions(ident["pos"], f"{path}, line {line}, column {col}")
    if fielding is not None:
        t = _Table(_read_text(fielding), str(fielding), FIELDING)
        if not t.has("pos"):
            raise LeagueError(f"{fielding}, line {t.header_line}: no position column "
                              "(守備位置, POS)")
        for line, row in t.rows:
            ident, stats = t.record(line, row)
            key, name, team = _identity(t, line, ident)
            if key not in players:
                col = next(t.header[i] for i, (_, k) in t.columns.items() if k in ("id", "name"))
                raise LeagueError(f"{fielding}, line {line}, column {col}: {name} ({team}) is in "
                                  "no batting or pitching file")
            col = next(t.header[i] for i, (_, k) in t.columns.items() if k == "pos")
            for pos in _positions(ident.get("pos", ""), f"{fielding}, line {line}, column {col}"):
                targets = ("LF", "CF", "RF") if pos == "OF" else (pos,)
                for p in targets:
                    if p == "DH":
                        continue
                    f = players[key]["fielding"].setdefault(p, dict.fromkeys(
                        ("g", "po", "a", "e", "dp", "pb", "sb", "cs"), 0.0))
                    share = 1 / len(targets)
                    for k, v in stats.items():
                        if k in f:
                            f[k] += v * share
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
        bats = e["bats"] or "R"
        throws = e["throws"] or "R"
        result.append(StatPlayer(key, e["name"], e["team"], bats, throws, e["batting"],
                                 e["pitching"], fld))
    out = StatFiles(result)
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
            col = next((t.header[i] for i, (k, _) in t.columns.items() if k == "kind"), "kind")
            raise LeagueError(f"{path}, line {line}, column {col}: {kind!r} is not batting or "
                              "pitching (打撃, 投手)")
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
