"""The play-by-play's lines in either language.

A game's plays are recorded as data (league.engine.events) and every line is made from the
record: `play_lines` says them in the chosen language with the caller's names for the players.
A game stored before the engine kept the record has only its English lines; `japanese()` is the
reader of those older texts (the way a Japanese 一球速報 would say them; a line it does not know
is returned as it was, never half translated) — it never reads a game that has its record.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

from league.engine import events

if TYPE_CHECKING:
    from league.engine.game import GameResult

BASES_JA = {"batter": "打者", "1st": "一塁", "2nd": "二塁", "3rd": "三塁", "home": "本塁"}
POSITIONS_JA = {"P": "投手", "C": "捕手", "1B": "一塁", "2B": "二塁", "3B": "三塁", "SS": "遊撃",
                "LF": "左翼", "CF": "中堅", "RF": "右翼", "DH": "指名打者"}
HITS_JA = {"single": "単打", "double": "二塁打", "triple": "三塁打", "home run": "本塁打"}
_BASE = r"(1st|2nd|3rd|home)"
_STEAL_JA = {"2nd": "二盗", "3rd": "三盗", "home": "本盗"}


def _base(b: str) -> str:
    return BASES_JA.get(b, b)


def _home_run(m: re.Match[str]) -> str:
    n = int(m.group(1))
    return "満塁ホームラン" if n == 4 else f"{n}ランホームラン"


# what the batter did (the start of his line), longest first where one begins another
_WHAT: tuple[tuple[str, object], ...] = (
    (r"home run \(inside the park\)", "ランニングホームラン"),
    (r"home run, (\d) runs", _home_run),
    (r"home run", "ソロホームラン"),
    (r"single", "ヒット"),
    (r"double", "ツーベース"),
    (r"triple", "スリーベース"),
    (r"reaches on an error", "エラーで出塁"),
    (r"fielder's choice", "フィルダースチョイス"),
    (r"grounds into a double play", "併殺打"),
    (r"ground out", "ゴロアウト"),
    (r"pop out", "内野フライ"),
    (r"fly out", "外野フライ"),
    (r"caught at the wall", "フェンス際で好捕される"),
    (r"out \(fine play\)", "好守に阻まれアウト"),
    (r"sacrifice fly", "犠牲フライ"),
    (r"strikeout", "三振"),
    (r"intentional walk", "敬遠"),
    (r"walk \(X with nobody on\)", "四球 (X、走者なし)"),
    (r"walk \(X\)", "四球 (X)"),
    (r"walk", "四球"),
    (r"hit by pitch", "死球"),
    (r"bunt single", "バントヒット"),
    (r"bunt fails", "バント失敗"),
    (r"sacrifice bunt", "送りバント成功"),
    (r"bunt", "バント"),
)
_WHAT_RE = [(re.compile(p + r"(?= \(aggressive error|, |$)"), ja) for p, ja in _WHAT]

# what happened to the others on the play (", "-separated after the batter's part)
_PARTS: tuple[tuple[str, str], ...] = (
    (r"(?P<n>.+) out at " + _BASE, "{n}が{b}でアウト"),
    (r"(?P<n>.+) takes an extra base", "{n}がもう一つ先の塁へ"),
    (r"(?P<n>.+) crosses the plate", "{n}が本塁到達"),
    (r"(?P<n>.+) scores", "{n}生還"),
    (r"(?P<n>.+) to " + _BASE, "{n}は{b}へ"),
    (r"batter out", "打者アウト"),
    (r"runners advance", "走者進塁"),
    (r"reaches on an error", "エラーで出塁"),
    (r"(?:all|everyone) safe", "オールセーフ"),
    (r"(?P<n>.+) out", "{n}アウト"),
)
_PARTS_RE = [(re.compile(p), ja) for p, ja in _PARTS]

# the notes in brackets after a play (runners' tries, getting back on a fly)
_NOTES: tuple[tuple[str, str], ...] = (
    (r"(?P<n>.+) tries for " + _BASE + r": safe", "{n}は{b}を狙いセーフ"),
    (r"(?P<n>.+) tries for " + _BASE + r": out", "{n}は{b}を狙いアウト"),
    (r"(?P<n>.+) gets back to " + _BASE, "{n}は{b}に帰塁"),
    (r"(?P<n>.+) doubled off " + _BASE, "{n}は{b}に戻れずアウト"),
)
_NOTES_RE = [(re.compile(p), ja) for p, ja in _NOTES]

# lines that are not a batter's (substitutions, steals, wild pitches …), whole-line patterns
TYPED = "dice typed at the keyboard"
TYPED_BY = TYPED + " by {who}"
_LINES: tuple[tuple[str, str], ...] = (
    (r"pitching change: (?P<n>.+) replaces (?P<o>.+)", "投手交代: {o} → {n}"),
    (r"pinch hitter: (?P<n>.+) bats for (?P<o>.+)", "代打: {o} → {n}"),
    (r"pinch runner: (?P<n>.+) runs for (?P<o>.+) on " + _BASE, "代走: {o} → {n} ({b})"),
    (r"defensive substitution: (?P<n>.+) replaces (?P<o>.+) at (?P<p>[A-Z0-9]+)",
     "守備交代: {p} {o} → {n}"),
    # a hurt designated hitter's replacement
    (r"substitution: (?P<n>.+) replaces (?P<o>.+) at (?P<p>[A-Z0-9]+)", "選手交代: {p} {o} → {n}"),
    # a pinch hitter or runner who takes the field, or the man who takes it for him
    (r"(?P<n>.+) goes in at (?P<p>[A-Z0-9]+) for (?P<o>.+)", "{n}が{o}に代わって{p}の守備へ"),
    (r"(?P<n>.+) goes in at (?P<p>[A-Z0-9]+)", "{n}がそのまま{p}の守備へ"),
    (r"accident: (?P<n>.+) hurt, light injury, taken out", "アクシデント: {n}が負傷 (軽傷)、交代"),
    (r"accident: (?P<n>.+) hurt, light injury, plays on", "アクシデント: {n}が負傷 (軽傷)、出場続行"),
    (r"accident: (?P<n>.+) hurt, heavy injury, taken out", "アクシデント: {n}が負傷 (重傷)、交代"),
    (r"accident: (?P<n>.+) hurt, heavy injury, plays on", "アクシデント: {n}が負傷 (重傷)、出場続行"),
    (r"no check: the defense lets the lead runner go", "ノーチェック: 守備側は先頭走者を見送る"),
    (r"(?P<n>.+) steals " + _BASE + r"(?P<how> \(S\+?\))?", "{n}が{s}成功{how}"),
    (r"(?P<n>.+) caught stealing " + _BASE, "{n}が{s}失敗 (盗塁死)"),
    (r"(?P<n>.+) picked off " + _BASE, "{n}が{b}で牽制死"),
    (r"(?P<n>.+) gets back to " + _BASE + r" on the pick-off throw", "{n}は牽制に{b}へ帰塁"),
    (r"(?P<n>.+) is caught off " + _BASE + r" on the swinging strikeout",
     "空振り三振の間に{n}が{b}を飛び出しアウト"),
    (r"(?P<n>.+) has to stop \(steal of " + _BASE + r" after a bonus\)",
     "{n}は止まる (ボーナス後の{s})"),
    (r"(?P<n>.+) stops \(steal of " + _BASE + r" called off\)", "{n}は止まる ({s}を中止)"),
    # a keyboard game whose rolls were not all the computer's (the box score's notes)
    (TYPED_BY.format(who="(?P<n>.+)"), "手入力ダイス ({n}が入力)"),
    (TYPED, "手入力ダイス"),
)
_LINES_RE = [(re.compile(p), ja) for p, ja in _LINES]

_PITCH_EVENTS = {"wild pitch": "ワイルドピッチ", "balk": "ボーク", "passed ball": "パスボール",
                 "passed ball, the lead runner takes another base": "パスボール、先頭走者がもう一つ進塁"}
_RUNS_SCORE = re.compile(r"(?P<what>.+), (?P<n>\d+) runs? score")
_THIRD_OUT = " — the third out: no run counts"
_WALK_OFF = re.compile(r" — the winning run scores: credited as a (single|double|triple) "
                       r"\((?P<rule>[^)]*\))\)$")
_AGGRESSIVE = " (aggressive error, scored a hit)"
_DRAW = re.compile(r"draw after (\d+) innings")


def _fill(template: str, m: re.Match[str]) -> str:
    groups = m.groupdict()
    base = next((g for g in m.groups() if g in BASES_JA), "")
    values = {k: (v or "") for k, v in groups.items()}
    values["b"] = _base(base)
    values["s"] = _STEAL_JA.get(base, _base(base))
    if "p" in values:
        values["p"] = POSITIONS_JA.get(values["p"], values["p"])
    return template.format(**values)


def _one(patterns: list[tuple[re.Pattern[str], str]], text: str) -> str | None:
    for pattern, ja in patterns:
        m = pattern.fullmatch(text)
        if m is not None:
            return _fill(ja, m)
    return None


def _batter_line(text: str) -> str | None:
    who, sep, rest = text.partition(": ")
    if not sep or not who:
        return None
    suffix = ""
    if rest.endswith(_THIRD_OUT):
        rest, suffix = rest[: -len(_THIRD_OUT)], " — 第3アウトのため得点なし"
    m = _WALK_OFF.search(rest)
    if m is not None:
        rest = rest[: m.start()]
        suffix = f" — サヨナラ: {HITS_JA[m.group(1)]}として記録 ({m.group('rule')})"
    notes: list[str] = []
    if rest.endswith(")") and " (" in rest:
        head, _, inside = rest[:-1].rpartition(" (")
        translated = [_one(_NOTES_RE, n) for n in inside.split("; ")]
        if all(t is not None for t in translated):
            rest, notes = head, [t for t in translated if t is not None]
    for pattern, ja in _WHAT_RE:
        m = pattern.match(rest)
        if m is None:
            continue
        what = ja(m) if callable(ja) else str(ja)
        tail = rest[m.end():]
        if tail.startswith(_AGGRESSIVE):
            what += " (積極走塁の失策、記録はヒット)"
            tail = tail[len(_AGGRESSIVE):]
        parts = [what]
        for part in (tail[2:].split(", ") if tail.startswith(", ") else []):
            said = _one(_PARTS_RE, part)
            if said is None:
                return None
            parts.append(said)
        if tail and not tail.startswith(", "):
            return None
        line = f"{who}: " + "、".join(parts)
        if notes:
            line += " (" + "; ".join(notes) + ")"
        return line + suffix
    return None


def japanese(text: str) -> str:
    """One play-by-play line in Japanese (the line as it was when the table does not know it)."""
    said = _one(_LINES_RE, text)
    if said is not None:
        return said
    event, _, moves = text.partition(": ")
    if event in _PITCH_EVENTS and moves:     # "passed ball: A scores, B to 3rd"
        parts = [_one(_PARTS_RE, part) for part in moves.split(", ")]
        if all(parts):
            return _PITCH_EVENTS[event] + ": " + "、".join(p or "" for p in parts)
    m = _RUNS_SCORE.fullmatch(text)          # the older words: "wild pitch, 1 run score"
    what, runs = (m.group("what"), int(m.group("n"))) if m else (text, 0)
    if what in _PITCH_EVENTS:
        return _PITCH_EVENTS[what] + (f"、{runs}点" if runs else "")
    m = _DRAW.fullmatch(text)
    if m is not None:
        return f"{m.group(1)}回引き分け"
    said = _batter_line(text)
    return said if said is not None else text


def play_text(text: str, japanese_labels: bool) -> str:
    """A stored play-by-play line (a game stored before its plays were recorded, a note) in the
    chosen language (the engine's own words in English)."""
    return japanese(text) if japanese_labels else text


def recorded(result: "GameResult") -> bool:
    """Does the game have the record of each of its plays (not a game stored as text only)?"""
    return bool(result.events) and len(result.events) == len(result.plays)


def play_lines(result: "GameResult", japanese_labels: bool,
               name: Callable[[str], str] | None = None,
               older: Callable[[str], str] | None = None) -> list[str]:
    """Each play's line in the chosen language, made from its record with `name` naming the
    players (default: their names in the league). A game stored as text only (before the
    record) keeps its stored lines: in English as stored, or through `older` (default: the
    Japanese reader of older texts in Japanese, the text itself in English)."""
    if recorded(result):
        players = result.players

        def league_name(pid: str) -> str:
            player = players.get(pid)
            return player.name if player is not None else pid

        say = name or league_name
        return [events.text(ev, say, japanese_labels) for ev in result.events]
    old = older or (japanese if japanese_labels else (lambda text: text))
    return [old(p.text) for p in result.plays]


def note_lines(result: "GameResult", japanese_labels: bool,
               name: Callable[[str], str] | None = None,
               older: Callable[[str], str] | None = None) -> list[str]:
    """The game's notes in the chosen language: an accident's from its play record, a draw's
    from the innings played; a note the engine did not make (dice typed at the keyboard, a
    replay refused) or a note of a game stored as text only, through `older` (as play_lines)."""
    old = older or (japanese if japanese_labels else (lambda text: text))
    if not recorded(result):
        return [old(n) for n in result.notes]
    players = result.players

    def league_name(pid: str) -> str:
        player = players.get(pid)
        return player.name if player is not None else pid

    say = name or league_name
    accidents = {events.english(ev, league_name): ev for ev in result.events
                 if ev.what == "INJURY"}
    draw = f"draw after {result.final_inning} innings"
    out: list[str] = []
    for note in result.notes:
        ev = accidents.get(note)
        if ev is not None:
            out.append(events.text(ev, say, japanese_labels))
        elif note == draw:
            out.append(f"{result.final_inning}回引き分け" if japanese_labels else note)
        else:
            out.append(old(note))
    return out


# ---------------------------------------------------------------- the roll log's words
# what each roll was for, and the tables and cards it was read on, in the app's language
_PURPOSE_JA = {"pitch": "投球", "bat": "打撃", "defense": "守備", "x": "X", "steal": "盗塁",
               "catcher": "捕手", "condition": "調子", "crossplay": "クロスプレイ", "bunt": "バント",
               "injury": "アクシデント"}
_TABLE_WORDS = {"X": ("X表", "X table"), "batter card": ("打者カード", "batter card"),
                "pitcher card": ("投手カード", "pitcher card"), "catcher": ("捕手表", "catcher table"),
                "condition": ("調子表", "condition table"), "cross-play": ("クロスプレイ表", "cross-play table"),
                "injury": ("アクシデント表", "injury table"), "steal": ("盗塁", "steal")}
# the defense tables by their key in a ruleset, in English (a ruleset names them in Japanese)
DEFENSE_TABLES_EN = {"single": "single table", "long": "long-hit table",
                     "home_run": "home-run table", "outfield_fly": "outfield-fly table",
                     "ground": "ground-ball table", "infield_fly": "infield-fly table"}
# the shipped ruleset's names of them, for a roll log read without its ruleset
_SHIPPED_DEFENSE = {"単打守備表": "single", "長打守備表": "long", "本塁打守備表": "home_run",
                    "外野フライ守備表": "outfield_fly", "内野ゴロ守備表": "ground",
                    "内野フライ守備表": "infield_fly"}


# a roll's modifiers by their source, as the roll log names them (Japanese, English)
_MODIFIER_WORDS: dict[str, tuple[str, str]] = {
    "platoon": ("左右", "platoon"), "lead": ("リード", "lead"), "dp": ("併殺", "dp"),
    "block": ("ブロック", "block"), "x_repitch": ("X再判定", "x_repitch"),
    "hit_and_run": ("エンドラン", "hit_and_run"), "steal_80": ("捕手の肩", "steal_80"),
    "bt": ("BT", "bt"), "stop": ("火消し", "stop"), "aggressive": ("積極走塁", "aggressive"),
    "fatigue": ("疲労", "fatigue"), "defense_modifier": ("守備", "defense_modifier"),
    "infield_in": ("前進守備", "infield_in"),
}


def modifier_name(source: str, japanese: bool) -> str:
    """A roll modifier's source in the roll log, in the chosen language."""
    words = _MODIFIER_WORDS.get(source)
    return source if words is None else words[0 if japanese else 1]


# the words of a roll's row and result (league.engine.rules write them in English), in Japanese;
# the card's codes (BS, HR, IF …) and the rating letters (RR, SR) are the same in both
_ROLL_WORDS_JA: tuple[tuple[str, str], ...] = (
    (r"\b1st\b", "一塁"), (r"\b2nd\b", "二塁"), (r"\b3rd\b", "三塁"), (r"\bhome\b", "本塁"),
    (r"back to (一塁|二塁|三塁)", r"\1へ帰塁"), (r"steal of (二塁|三塁|本塁)", r"\1への盗塁"),
    (r"aggressive error", "積極走塁の失策"), (r"picked_off", "牽制死"), (r"accident:", "アクシデント:"),
    (r"\bsafe\b", "セーフ"), (r"\bout\b", "アウト"), (r"\bchoice\b", "走者の判断"),
    (r"\bstolen\b", "盗塁成功"), (r"\bbonus\b", "ボーナス進塁"), (r"\bnone\b", "なし"),
    (r"\barm\b", "肩"), (r"\bfielder\b", "野手"), (r"\bbatter\b", "打者"),
    (r"\bpitcher\b", "投手"),
)
_ROLL_WORDS_RE = tuple((re.compile(p), ja) for p, ja in _ROLL_WORDS_JA)


def roll_words(text: str, japanese: bool) -> str:
    """A roll's row or result (「一塁→二塁 SR 46」, 「セーフ (二塁→本塁)」) in the chosen language;
    the players' ids and the card's codes are kept."""
    if not japanese:     # a defense table's row (1・2・H−・4) with the Latin middle dot
        return text.replace("・", "·")
    for pattern, ja in _ROLL_WORDS_RE:
        text = pattern.sub(ja, text)
    return text


def roll_purpose(purpose: str, japanese: bool) -> str:
    """What a roll was for (the roll log's purpose column) in the chosen language."""
    return _PURPOSE_JA.get(purpose, purpose) if japanese else purpose


def roll_table(table: str, japanese: bool, keys: dict[str, str] | None = None) -> str:
    """The table or card a roll was read on, in the chosen language. `keys` maps a ruleset's
    table names to their keys (single, long …) when the ruleset is at hand; a table a ruleset
    names in its own words keeps them in English when its key is unknown."""
    words = _TABLE_WORDS.get(table)
    if words is not None:
        return words[0 if japanese else 1]
    if japanese:
        return table
    key = (keys or {}).get(table) or _SHIPPED_DEFENSE.get(table)
    return DEFENSE_TABLES_EN.get(key, table) if key else table
