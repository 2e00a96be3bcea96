"""Box scores: a finished game as data (for --json and storage) and as NPB-style text."""
from __future__ import annotations

import unicodedata
from typing import Callable, Final, Sequence

from league.engine.events import as_dict as event_dict
from league.engine.game import BAT_FIELDS, FIELD_FIELDS, P_OUTS, PIT_FIELDS, GameResult, Play
from league.engine.lines import innings_text
from league.engine.lineup import Lineup

POSITION_JA = {"P": "投", "C": "捕", "1B": "一", "2B": "二", "3B": "三", "SS": "遊", "LF": "左",
               "CF": "中", "RF": "右", "DH": "指", "PH": "打", "PR": "走"}
DECISION_JA = {"W": "勝", "L": "敗", "S": "S", "H": "H"}


def result_dict(result: GameResult, seed: int | None, teams: dict[str, str] | None = None) -> dict:
    """The game as one JSON-ready object (the `impact sim game --json` line)."""
    codes = (result.away, result.home)
    sides = {}
    for i, key in enumerate(("away", "home")):
        sides[key] = {"team": codes[i], "runs": result.runs[i], "hits": result.hits[i],
                      "errors": result.errors[i], "innings": list(result.innings[i])}
    batting: list[dict[str, object]] = []
    for side, pid, line, pos in result.batting:
        row: dict[str, object] = {"team": codes[side], "player": pid, "name": result.players[pid].name, "pos": pos}
        row.update(dict(zip(BAT_FIELDS, line)))
        batting.append(row)
    pitching: list[dict[str, object]] = []
    for side, pid, line in result.pitching:
        row = {"team": codes[side], "player": pid, "name": result.players[pid].name}
        row.update({k: v for k, v in zip(PIT_FIELDS, line)})
        row["decision"] = result.decisions.get(pid)
        pitching.append(row)
    return {
        "seed": seed,
        **sides,
        "winner": None if result.winner is None else codes[result.winner],
        "final_inning": result.final_inning,
        "decisions": {pid: d for pid, d in result.decisions.items()},
        "home_runs": [{"team": codes[s], "player": b, "inning": inn, "pitcher": p}
                      for s, b, inn, p in result.home_runs],
        "batting": batting,
        "pitching": pitching,
        "fielding": [{"team": codes[side], "player": pid, **dict(zip(FIELD_FIELDS, line))}
                     for side, pid, line in result.fielding],
        "lineups": [lineup_dict(lu) for lu in result.lineups],
        "fatigue": dict(result.fatigue),
        "plays": _plays(result),
        "rolls": [r.as_dict() for r in result.rolls],
        "notes": list(result.notes),
    }


def _plays(result: GameResult) -> list[dict]:
    """Each play as data: its line, outs and score, and its record (league.engine.events) when
    the game has one."""
    plays = [p.as_dict() for p in result.plays]
    if result.events and len(result.events) == len(plays):
        for p, ev in zip(plays, result.events):
            p["record"] = event_dict(ev)
    return plays


# a play's short code: what the play-by-play line says, in a few letters (the JSON of a game)
_BATTER_CODES = (
    ("strikeout", "K"), ("intentional walk", "IBB"), ("walk", "BB"), ("hit by pitch", "HBP"),
    ("home run", "HR"), ("single", "1B"), ("double", "2B"), ("triple", "3B"),
    ("reaches on an error", "E"), ("fielder's choice", "FC"), ("grounds into a double play", "DP"),
    ("ground out", "GO"), ("pop out", "PO"), ("fly out", "FO"), ("caught at the wall", "FO"),
    ("out (fine play)", "FP"), ("sacrifice fly", "SF"), ("bunt single", "1B"),
    ("bunt, reaches on an error", "E"), ("sacrifice bunt", "SH"), ("bunt fails", "BO"),
)
_EVENT_CODES = (
    ("pitching change:", "PC"), ("pinch hitter:", "PH"), ("pinch runner:", "PR"),
    ("defensive substitution:", "DS"), ("substitution:", "DS"), ("no check:", "NC"), ("accident:", "INJ"), ("wild pitch", "WP"), ("balk", "BK"),
    ("passed ball", "PB"),
)
_RUNNER_CODES = (
    (" steals ", "SB"), (" caught stealing ", "CS"), (" picked off ", "PK"),
    (" gets back to ", "PKB"), (" stops (steal", "ST"), (" has to stop ", "ST"),
    (" is caught off ", "CO"),
    (" goes in at ", "DS"),     # a pinch hitter or runner takes the field, or a man for him
)


def play_code(play: Play, players: dict) -> str:
    """The short code of one stored line of the play-by-play of a game stored before its plays
    were recorded (a recorded play has its own: Event.code): K BB HR 1B GO SB PC …, "?" if
    unknown."""
    text = play.text
    for start, code in _EVENT_CODES:
        if text.startswith(start):
            return code
    batter = players.get(play.batter)
    rest = None
    if batter is not None and text.startswith(batter.name + ": "):
        rest = text[len(batter.name) + 2:]
    elif ": " in text:   # the batter was replaced in the order as the half-inning ended
        rest = text.split(": ", 1)[1]
    if rest is not None:
        for start, code in _BATTER_CODES:
            if rest.startswith(start):
                return code
    for part, code in _RUNNER_CODES:
        if part in text:
            return code
    return "?"


def play_codes(result: GameResult) -> list[str]:
    """Each play's short code: from its record, or read from the stored line of a game stored
    before the record."""
    if result.events and len(result.events) == len(result.plays):
        return [ev.code() for ev in result.events]
    return [play_code(p, result.players) for p in result.plays]


def compact_dict(result: GameResult, seed: int | None) -> dict:
    """The game as small JSON (`impact sim game --json`): line score, lines as rows of numbers
    under their field names, the raw rolls (enough to replay it exactly) and each play as
    [inning, half (0 top, 1 bottom), batter, code, outs, away runs, home runs]."""
    codes = (result.away, result.home)
    sides = {}
    for i, key in enumerate(("away", "home")):
        sides[key] = {"team": codes[i], "runs": result.runs[i], "hits": result.hits[i],
                      "errors": result.errors[i], "innings": list(result.innings[i])}
    raws = result.raws or [r.raw for r in result.rolls]
    return {
        "format": "compact",
        "seed": seed,
        **sides,
        "winner": None if result.winner is None else codes[result.winner],
        "final_inning": result.final_inning,
        "decisions": dict(result.decisions),
        "home_runs": [[codes[s], b, inn, p] for s, b, inn, p in result.home_runs],
        "batting": {"fields": ["team", "player", "pos", *BAT_FIELDS],
                    "rows": [[codes[s], pid, pos, *line] for s, pid, line, pos in result.batting]},
        "pitching": {"fields": ["team", "player", *PIT_FIELDS],
                     "rows": [[codes[s], pid, *line] for s, pid, line in result.pitching]},
        "fielding": {"fields": ["team", "player", *FIELD_FIELDS],
                     "rows": [[codes[s], pid, *line] for s, pid, line in result.fielding]},
        "lineups": [lineup_dict(lu) for lu in result.lineups],
        "fatigue": dict(result.fatigue),
        "raws": list(raws),
        "plays": [[p.inning, 0 if p.half == "top" else 1, p.batter, code, p.outs, p.score[0],
                   p.score[1]] for p, code in zip(result.plays, play_codes(result))],
        "notes": list(result.notes),
    }


def lineup_dict(lineup: Lineup) -> dict:
    """A line-up as data (stored with a game so it can be replayed)."""
    data = {"team": lineup.team, "order": list(lineup.order), "positions": list(lineup.positions),
            "pitcher": lineup.pitcher, "bench": list(lineup.bench), "bullpen": list(lineup.bullpen),
            "bullpen_ranked": lineup.bullpen_ranked, "roles": list(lineup.roles)}
    if lineup.stretched:        # only when someone plays out of position: older games unchanged
        data["stretched"] = list(lineup.stretched)
    if lineup.innings:          # only with real usage: older games unchanged
        data["innings"] = [[pid, ip] for pid, ip in lineup.innings]
    if lineup.habits:           # only in leagues made from statistics from version 5 on
        data["habits"] = [[pid, sh, st] for pid, sh, st in lineup.habits]
    if lineup.off_bench:        # only in such leagues' games from session 53 on
        data["off_bench"] = [[pid, g] for pid, g in lineup.off_bench]
    return data


def lineup_from_dict(data: dict) -> Lineup:
    """The inverse of lineup_dict."""
    return Lineup(data["team"], tuple(data["order"]), tuple(data["positions"]), data["pitcher"],
                  tuple(data["bench"]), tuple(data["bullpen"]), bool(data.get("bullpen_ranked", False)),
                  tuple(data.get("roles", ())), tuple(data.get("stretched", ())),
                  tuple((str(pid), float(ip)) for pid, ip in data.get("innings", ())),
                  tuple((str(pid), float(sh), float(st)) for pid, sh, st in data.get("habits", ())),
                  tuple((str(pid), float(g)) for pid, g in data.get("off_bench", ())))


def _w(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _pad(text: str, width: int, right: bool = False) -> str:
    gap = max(0, width - _w(text))
    return (" " * gap + text) if right else (text + " " * gap)


POSITION_EN = {"PH": "PH", "PR": "PR"}
DECISION_EN = {"W": "W", "L": "L", "S": "S", "H": "H"}


def render(result: GameResult, names: dict[str, str] | None = None, plays: bool = True, *,
           english: bool = False, player_name: Callable[[str], str] | None = None,
           play_line: Callable[[str], str] | None = None, final: bool = True,
           lines: Sequence[str] | None = None, notes: Sequence[str] | None = None,
           hr_numbers: Sequence[int] | None = None) -> str:
    """An NPB-style box score: line score with 計 安 失, batting and pitching, 勝敗S H, 本塁打
    (each as the papers write it, 名前 N号（2ラン）（3回 投手）: `hr_numbers` each home run's
    number in the batter's season, N号, given by the caller who knows the season; the kind
    from the play record, home_run_men).
    `english` writes its labels in English (R H E, AB R H RBI …); `player_name` names a player
    by id (default: his name in the league), `play_line` says a note (and a stored line of a
    game stored as text); `lines` are the plays' lines (league.engine.playtext.play_lines: made
    from the play records) and `notes` the notes' (playtext.note_lines); a game still under way (`final` False) has no `x` for the home
    half not yet played."""
    names = names or {}
    codes = (result.away, result.home)
    label = [names.get(c, c) for c in codes]
    pname = player_name or (lambda pid: result.players[pid].name)
    say = play_line or (lambda text: text)
    n = max(len(result.innings[0]), len(result.innings[1]), 9)
    out: list[str] = []
    head = _pad("", 14) + " ".join(f"{i:>2}" for i in range(1, n + 1)) + (
        "    R   H   E" if english else "   計  安  失")
    out.append(head)
    for i in range(2):
        cells = []
        for k in range(n):
            if k < len(result.innings[i]):
                cells.append(f"{result.innings[i][k]:>2}")
            elif final and i == 1 and k == len(result.innings[1]) and k < len(result.innings[0]):
                cells.append(" x")
            else:
                cells.append("  ")
        out.append(_pad(label[i], 14) + " ".join(cells)
                   + f"  {result.runs[i]:>2}  {result.hits[i]:>2}  {result.errors[i]:>2}")
    if result.notes:
        out.append("  " + "; ".join(notes if notes is not None else [say(x) for x in result.notes]))
    # the names' columns as wide as the widest name (a long katakana name, ライアン・テイラー
    # in 18 cells, pushed his figures out from under their headings)
    bat_w = max([16] + [_w(pname(pid)) + 1 for _s, pid, _l, _p in result.batting])
    decisions = DECISION_EN if english else DECISION_JA
    pit_w = max([22] + [_w(f"{decisions.get(result.decisions.get(pid, ''), ''):1} "
                           f"{pname(pid)}") + 1 for _s, pid, _l in result.pitching])
    for i in range(2):
        out.append("")
        out.append(f"[{label[i]}]" if english else f"【{label[i]}】")
        out.append(_pad("Pos" if english else "守", 6) + _pad("Batter" if english else "選手", bat_w)
                   + ("   AB    R    H  RBI   SO   BB   SB    E" if english
                      else " 打数 得点 安打 打点 三振 四死 盗塁 失策"))
        for side, pid, line, pos in result.batting:
            if side != i:
                continue
            f = dict(zip(BAT_FIELDS, line))
            if f["pa"] == 0 and pos in ("P", ""):
                continue
            if english:
                ptext = "-".join(p.lower() if p in ("PH", "PR") else p for p in pos.split("-")) \
                    if pos else ""
            else:
                ptext = "".join(POSITION_JA.get(p, p) for p in pos.split("-")) if pos else ""
            out.append(_pad(ptext, 6) + _pad(pname(pid), bat_w)
                       + f" {f['ab']:>4} {f['r']:>4} {f['h']:>4} {f['rbi']:>4} {f['so']:>4}"
                       + f" {f['bb'] + f['hbp']:>4} {f['sb']:>4} {f['e']:>4}")
        tot = [sum(line[j] for s, _, line, _ in result.batting if s == i) for j in range(len(BAT_FIELDS))]
        f = dict(zip(BAT_FIELDS, tot))
        # the team's errors, the line score's 失: a DH game's pitcher has no batting line for
        # his (engine version 7, league.engine.rules.runners.charge_error)
        f["e"] = result.errors[i]
        out.append(_pad("", 6) + _pad("Totals" if english else "計", bat_w)
                   + f" {f['ab']:>4} {f['r']:>4} {f['h']:>4} {f['rbi']:>4} {f['so']:>4}"
                   + f" {f['bb'] + f['hbp']:>4} {f['sb']:>4} {f['e']:>4}")
    for i in range(2):
        out.append("")
        out.append(_pad(f"[{label[i]}] Pitchers" if english else f"【{label[i]}】投手", pit_w)
                   + ("    IP    BF    H   HR   BB   SO    R   ER" if english
                      else "   回   打者 安打 本塁 四死 三振 失点 自責"))
        for side, pid, line in result.pitching:
            if side != i:
                continue
            f = dict(zip(PIT_FIELDS, line))
            dec = decisions.get(result.decisions.get(pid, ""), "")
            out.append(_pad(f"{dec:1} {pname(pid)}", pit_w)
                       + _pad(innings_text(line[P_OUTS]), 6, right=True)
                       + f" {f['bf']:>5} {f['h']:>4} {f['hr']:>4} {f['bb'] + f['hbp']:>4} {f['so']:>4}"
                       + f" {f['r']:>4} {f['er']:>4}")
    out.append("")
    dec_line = []
    for code in ("W", "L", "S", "H"):
        who = [pname(p) for p, d in result.decisions.items() if d == code]
        if who:
            dec_line.append(f"{code}: {', '.join(who)}" if english
                            else f"{DECISION_JA[code]} {'、'.join(who)}")
    if dec_line:
        out.append(("  " if english else "　").join(dec_line))
    if result.home_runs:
        out.append(home_run_line(result, pname, english, hr_numbers))
    out.extend(extra_base_lines(result, pname, english, label))
    if plays:
        out.append("")
        current = None
        said = lines if lines is not None else [say(p.text) for p in result.plays]
        for p, said_line in zip(result.plays, said):
            key = (p.inning, p.half)
            if key != current:
                current = key
                team = label[0] if p.half == "top" else label[1]
                out.append(f"--- {'Top' if p.half == 'top' else 'Bottom'} {_ordinal(p.inning)} "
                           f"{team}" if english else
                           f"--- {p.inning}回{'表' if p.half == 'top' else '裏'} {team}")
            out.append(f"  {said_line}  [{p.outs} out, {p.score[0]}-{p.score[1]}]")
    return "\n".join(out)


HR_KIND_JA: Final = {0: "ソロ", 1: "2ラン", 2: "3ラン", 3: "満塁"}
HR_KIND_EN: Final = {0: "solo", 1: "2-run", 2: "3-run", 3: "grand slam"}


def home_run_men(result: GameResult) -> list[int | None]:
    """The men on base at each of the game's home runs (result.home_runs, in order), from the
    play record (each home run's event, over the fence or inside the park, in the same order):
    0 a solo shot … 3 a grand slam. None for each where the record does not say (a game
    stored before the engine kept its events)."""
    events = [e for e in result.events if e.what in ("HR", "HRIP")]
    if len(events) != len(result.home_runs) or any(
            e.batter != b for e, (_s, b, _i, _p) in zip(events, result.home_runs)):
        return [None] * len(result.home_runs)
    return [sum(1 for r in e.before if r) for e in events]


def home_run_line(result: GameResult, pname: Callable[[str], str], english: bool,
                  numbers: Sequence[int] | None = None) -> str:
    """The box score's 本塁打 line as the papers write it: each home run with its number in the
    batter's season (N号, when `numbers` gives them), its kind (ソロ, 2ラン, 3ラン, 満塁: the
    men on base, from the play record), the inning and the pitcher —
    `本塁打 岡本 12号（2ラン）（3回 菅野）`; in English `HR: Okamoto 12 (2-run, 3rd inning, off
    Sugano)`."""
    men = home_run_men(result)
    if numbers is not None and len(numbers) != len(result.home_runs):
        numbers = None
    items = []
    for k, (_side, b, inn, p) in enumerate(result.home_runs):
        n, on = (numbers[k] if numbers is not None else None), men[k]
        if english:
            kind = f"{HR_KIND_EN[on]}, " if on is not None else ""
            items.append(f"{pname(b)}{f' {n}' if n else ''} "
                         f"({kind}{_ordinal(inn)} inning, off {pname(p)})")
        else:
            kind = f"（{HR_KIND_JA[on]}）" if on is not None else ""
            number = f" {n}号" if n else ""
            items.append(f"{pname(b)}{number}{kind}（{inn}回 {pname(p)}）")
    return ("HR: " + ", ".join(items)) if english else ("本塁打 " + "、".join(items))


def left_on_base(result: GameResult, side: int) -> int:
    """A team's 残塁 (LOB) by the box score's proof (9.03(c)): its plate appearances are its
    runs, the men it left on base and the men the other side put out."""
    pa = sum(line[BAT_FIELDS.index("pa")] for s, _, line, _ in result.batting if s == side)
    put_out = sum(line[P_OUTS] for s, _, line in result.pitching if s != side)
    return pa - result.runs[side] - put_out


def extra_base_lines(result: GameResult, pname: Callable[[str], str], english: bool,
                     teams: Sequence[str] | None = None) -> list[str]:
    """The NPB box score's lines under 本塁打: 二塁打 and 三塁打 (a batter's count after his
    name when more than one), then 残塁 of each team."""
    out = []
    for field, ja, en in (("2b", "二塁打", "2B"), ("3b", "三塁打", "3B")):
        k = BAT_FIELDS.index(field)
        who = [pname(pid) + (f" {line[k]}" if english and line[k] > 1 else
                             f"{line[k]}" if line[k] > 1 else "")
               for _s, pid, line, _pos in result.batting if line[k]]
        if who:
            out.append(f"{en}: " + ", ".join(who) if english else f"{ja} " + "、".join(who))
    labels = teams or (result.away, result.home)
    lob = [left_on_base(result, i) for i in range(2)]
    if english:
        out.append("LOB: " + ", ".join(f"{labels[i]} {lob[i]}" for i in range(2)))
    else:
        out.append("残塁 " + "、".join(f"{labels[i]} {lob[i]}" for i in range(2)))
    return out


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
