"""Refusals in Japanese: the rules and storage explain what they refuse in English (the CLI's
language, and the form tests read); the app in Japanese mode shows the same refusal in Japanese.
The place a message names (a player, a row, a file) is kept as it is; a message this table
does not know is shown as it was."""
from __future__ import annotations

import re

_X = r"(?P<x>.+?)"
# one problem each: English pattern, Japanese template ({name} fills from the pattern)
_PROBLEMS: tuple[tuple[str, str], ...] = (
    (r"(?P<n>\d+) values for (?P<c>\d+) columns \((?P<cols>.+)\)",
     "{n} 個の値に {c} 列 ({cols}) です"),
    (r"(?P<col>\S+) bound ~(?P<b>\d+) is outside 0\.\.100", "{col} の境界 ~{b} が 0〜100 の外です"),
    (r"(?P<col>\S+) bound ~(?P<b>\d+) is below the bound before it \(~(?P<last>\d+)\)",
     "{col} の境界 ~{b} が一つ前の境界 (~{last}) より小さい"),
    (r"the last bound must be ~100 so every roll reads, not ~(?P<b>\d+)",
     "最後の境界は ~100 でなければなりません (どの出目も読めるように)。~{b} は不可"),
    (_X + r" is not a bound \(a number 0\.\.100, or - for none\)",
     "{x} は境界ではありません (0〜100 の数、なしは -)"),
    (_X + r" is not a position entry like SS4\+ .*", "{x} は SS4+ のような守備の書き方ではありません"),
    (r"position (?P<p>\S+) is listed twice", "守備位置 {p} が二度書かれています"),
    (r"defence number (?P<d>-?\d+) for (?P<p>\S+) is outside -5\.\.9",
     "{p} の守備値 {d} が -5〜9 の外です"),
    (r"a catcher needs (?P<f>\w+) \(the positions include C\)",
     "捕手には {f} が必要です (守備位置に C があります)"),
    (r"(?P<f>\w+) is only for catchers \(the positions have no C\)",
     "{f} は捕手だけの項目です (守備位置に C がありません)"),
    (r"stability (?P<x>.+) is not one of (?P<all>.+)", "安定度 {x} は {all} のどれでもありません"),
    (r"innings (?P<x>.+) is not a number", "イニング {x} は数ではありません"),
    (r"innings (?P<x>\S+) is outside (?P<lo>\S+)\.\.(?P<hi>\S+)",
     "イニング {x} が {lo}〜{hi} の外です"),
    (r"(?P<f>\w+) (?P<x>'.*') is not a whole number", "{f} {x} は整数ではありません"),
    (_X + r" is not a whole number", "{x} は整数ではありません"),
    (r"(?P<f>\w+) (?P<x>-?\d+) is outside (?P<lo>-?\d+)\.\.(?P<hi>-?\d+)",
     "{f} {x} が {lo}〜{hi} の外です"),
    (r"(?P<p>\S+) has no (?P<k>batting|pitching) card to edit",
     "{p} には編集する{k}カードがありません"),
    # Melting Pot: the event's set-up and slips
    (r"Melting Pot is for (?P<lo>\d+)–(?P<hi>\d+) players, got (?P<n>\d+); choose a house-rule"
     r" k to play with another number",
     "メルティングポットは {lo}〜{hi} 人で遊びます ({n} 人)。ほかの人数ではハウスルールの k を"
     "選んでください"),
    (r"a game needs at least 2 players, got (?P<n>\d+)", "2 人以上必要です ({n} 人)"),
    (r"house-rule k must be between 1 and (?P<hi>\d+) for (?P<n>\d+) players, got (?P<k>.+)",
     "{n} 人ではハウスルールの k は 1〜{hi} です ({k} は不可)"),
    (r"house-rule k must be a whole number, got (?P<x>.+)", "ハウスルールの k は整数です ({x} は不可)"),
    (r"player (?P<i>\d+): the name is empty or not text \((?P<x>.*)\)", "{i} 人目: 名前が空です"),
    (r"player (?P<i>\d+): the name (?P<x>.+) is used twice", "{i} 人目: 名前 {x} が二度使われています"),
    (r"round (?P<r>\d+): strength must be a whole number, got (?P<x>.+)",
     "第{r}ラウンドの兵力は整数です ({x} は不可)"),
    (r"round (?P<r>\d+): strength must be at least (?P<m>\d+), got (?P<x>.+)",
     "第{r}ラウンドの兵力は {m} 以上です ({x} は不可)"),
    (r"round (?P<r>\d+) strength: type a whole number, not (?P<x>.+)",
     "第{r}ラウンドの兵力: 整数を入力してください ({x} は不可)"),
    (r"house-rule k: type a whole number, not (?P<x>.+)",
     "ハウスルールの k: 整数を入力してください ({x} は不可)"),
    (r"round 3 override: the strength may only be lowered, to (?P<a>\d+) or less; got (?P<x>.+)",
     "第3ラウンドの兵力は下げることだけできます ({a} 以下。{x} は不可)"),
    (r"the strength can only be lowered in round 3 before the battle",
     "兵力を下げられるのは第3ラウンドの戦いの前だけです"),
    (r"no slip yet from (?P<x>.+)", "まだ投入票がありません: {x}"),
    (r"(?P<x>.+) is not a player of this event", "{x} はこのイベントの参加者ではありません"),
    (r"round (?P<r>\d+): the battle has been fought", "第{r}ラウンドの戦いは終わっています"),
    (r"event (?P<n>\d+) cannot be resumed: (?P<x>.+)", "イベント {n} を再開できません: {x}"),
    # roster moves (league.season.farm's words)
    (r"the active roster would have no catcher", "一軍に捕手がいなくなります"),
    (r"the active roster would have (?P<s>\d+) starters; a rotation needs at least (?P<n>\d+)",
     "一軍の先発投手が {s} 人になります (ローテーションには {n} 人以上必要です)"),
    (r"the active roster would have (?P<h>\d+) position players; a line-up needs (?P<n>\d+)",
     "一軍の野手が {h} 人になります (打順には {n} 人必要です)"),
    (r"the active roster would have nobody who can play (?P<p>\S+)",
     "一軍に {p} を守れる選手がいなくなります"),
    (r"(?P<p>.+) is on the active roster of (?P<t>.+) already", "{p} はすでに {t} の一軍です"),
    (r"(?P<p>.+) was demoted on (?P<d>\S+): the ten-day rule keeps him down until (?P<b>\S+)",
     "{p} は {d} に登録抹消されました: 10日ルールで {b} まで一軍に戻れません"),
    (r"(?P<t>.+) has (?P<a>\d+) players on the active roster, the most the league registers"
     r" \(active_size (?P<s>\d+)\); demote someone first",
     "{t} の一軍は {a} 人で上限です (active_size {s})。先に誰かを登録抹消してください"),
    (r"(?P<p>.+) is on the farm already", "{p} はすでに二軍です"),
    # a league read again after a card was edited (league.season.roster's checks)
    (r"team (?P<t>\S+) has (?P<s>\d+) starters \(starter > 0\) on the active roster; a rotation"
     r" needs at least (?P<n>\d+)",
     "チーム {t} の一軍の先発投手が {s} 人です。ローテーションには {n} 人以上必要です"),
    (r"team (?P<t>\S+) has (?P<s>\d+) starters \(starter > 0\); a rotation needs at least"
     r" (?P<n>\d+)",
     "チーム {t} の先発投手が {s} 人です。ローテーションには {n} 人以上必要です"),
    (r"team (?P<t>\S+) has no catcher \(no player lists C in positions\) on the active roster",
     "チーム {t} の一軍に捕手がいません (守備位置に C のある選手がいません)"),
    (r"team (?P<t>\S+) has no catcher \(no player lists C in positions\)",
     "チーム {t} に捕手がいません (守備位置に C のある選手がいません)"),
    (r"team (?P<t>\S+) cannot field a [a-z ]+ \((?P<p>\S+)\)(?P<a> from its active roster)?:"
     r" no player lists \S+ in positions",
     "チーム {t} は {p} を守れません: 守備位置に {p} のある選手がいません"),
    (r"team (?P<t>\S+) cannot field a [a-z ]+ \((?P<p>\S+)\)(?P<a> from its active roster)?:"
     r" (?P<who>.+) can play \S+ but are needed at other positions",
     "チーム {t} は {p} を守れません: {who} は {p} を守れますがほかの守備位置に必要です"),
    # the foreign limit (league.season.foreign_limit's words)
    (r"(?P<t>.+) has (?P<a>\d+) foreign players on the active roster, the most the league"
     r" registers \(foreign_active (?P<s>\d+)\); (?P<p>.+) cannot come up",
     "{t} の一軍の外国人選手は {a} 人で上限です (foreign_active {s})。{p} は登録できません"),
    (r"(?P<t>.+) has (?P<a>\d+) foreign pitchers on the active roster, the most the league"
     r" registers \(foreign_side (?P<s>\d+)\); (?P<p>.+) cannot come up",
     "{t} の一軍の外国人投手は {a} 人で上限です (foreign_side {s})。{p} は登録できません"),
    (r"(?P<t>.+) has (?P<a>\d+) foreign batters on the active roster, the most the league"
     r" registers \(foreign_side (?P<s>\d+)\); (?P<p>.+) cannot come up",
     "{t} の一軍の外国人野手は {a} 人で上限です (foreign_side {s})。{p} は登録できません"),
    # a commissioner's transaction (tui.services.history.transact's words; the options named,
    # `--with`, the dialog names as its fields: tui.dialogs.transaction.in_the_dialog)
    (r"unknown transaction (?P<x>.+); use (?P<all>.+)",
     "取引の種類 {x} はありません ({all} のどれかを入れてください)"),
    (r"name at least one player", "選手を一人以上入れてください"),
    (r"give the first team \((?P<f>--\w+)\)", "放出側のチームを入れてください ({f})"),
    (r"give the other team \((?P<f>--\w+)\)", "相手のチームを入れてください ({f})"),
    (r"give the team that signs him \((?P<f>--\w+)\)", "契約するチームを入れてください ({f})"),
    (r"give the team he moves to \((?P<f>--\w+)\)", "移籍先のチームを入れてください ({f})"),
    (r"no team (?P<x>.+) in this league \(teams: (?P<all>.+)\)",
     "チーム {x} はこのリーグにありません (チーム: {all})"),
    (r"no player (?P<x>.+) in this league \(give an id such as (?P<e>\S+) or a name\)",
     "選手 {x} はこのリーグにいません ({e} のような ID か名前を入れてください)"),
    (r"(?P<p>\S+) is named twice", "{p} が二度入っています"),
    (r"(?P<t>\S+) cannot trade with itself \((?P<f>--\w+) names another team\)",
     "{t} は自分とはトレードできません ({f}には別のチームを)"),
    (r"name the players (?P<t>\S+) gives back \((?P<f>--\w+)\)",
     "{t} が出す選手を入れてください ({f})"),
    (r"(?P<p>\S+) is not on (?P<t>\S+) \(he is on no team\)",
     "{p} は {t} の選手ではありません (どのチームにも属していません)"),
    (r"(?P<p>\S+) is not on (?P<t>\S+) \(he is on (?P<o>\S+)\)",
     "{p} は {t} の選手ではありません ({o} の選手です)"),
    (r"(?P<p>\S+) is already a free agent", "{p} はすでに自由契約です"),
    (r"(?P<p>\S+) is on (?P<t>\S+), not a free agent \(use move or trade\)",
     "{p} は {t} の選手で、自由契約ではありません (move か trade を使ってください)"),
    (r"(?P<p>\S+) is a free agent \(use sign\)", "{p} は自由契約です (sign を使ってください)"),
    (r"(?P<p>\S+) is already on (?P<t>\S+)", "{p} はすでに {t} の選手です"),
    # dice typed in by a person
    (r"die roll (?P<x>.+) is not a number from 1 to 100 \(\"00\" reads 100\)",
     "出目 {x} は 1〜100 の数ではありません (「00」は 100)"),
    (r"die roll (?P<x>.+) is not a number from 1 to 100", "出目 {x} は 1〜100 の数ではありません"),
    (r"die roll (?P<x>-?\d+) is outside 1\.\.100", "出目 {x} が 1〜100 の外です"),
    (r"ran out of rolls: all (?P<n>\d+) were used and a (?P<p>.+) roll was needed",
     "出目が尽きました: {n} 個すべて使い、{p} の出目が要ります"),
    (r"no valid (?P<p>.+) roll after (?P<n>\d+) tries: (?P<x>.+)",
     "{n} 回試しても {p} の正しい出目がありません: {x}"),
)
_PROBLEMS_RE = [(re.compile(p), ja) for p, ja in _PROBLEMS]
_KINDS = {"batting": "打撃", "pitching": "投手"}
_ROLL = re.compile(r"roll (?P<i>\d+): (?P<rest>.+)")


_DEMOTING = re.compile(r"(?P<t>[^:]+): demoting (?P<p>.+?): (?P<rest>.+)")


def _problem(text: str) -> str | None:
    m = _DEMOTING.fullmatch(text)
    if m is not None:
        rest = _problem(m.group("rest"))
        return (f"{m.group('t')}: {m.group('p')} の登録抹消: {rest}" if rest is not None
                else None)
    m = _ROLL.fullmatch(text)
    if m is not None:
        rest = _problem(m.group("rest"))
        return f"{m.group('i')} 個目の出目: {rest}" if rest is not None else None
    for pattern, ja in _PROBLEMS_RE:
        m = pattern.fullmatch(text)
        if m is not None:
            values = dict(m.groupdict())
            if "k" in values:
                values["k"] = _KINDS.get(values["k"], values["k"])
            return ja.format(**values)
    return None


def japanese(message: str) -> str:
    """A refusal in Japanese; its place ("EDO01: row A: …") kept, the problem translated."""
    said = _problem(message)
    if said is not None:
        return said
    # "where: problem" — the place may itself hold ": " (a row of a card)
    parts = message.split(": ")
    for i in range(1, len(parts)):
        said = _problem(": ".join(parts[i:]))
        if said is not None:
            return ": ".join(parts[:i]) + ": " + said
    return message


def refusal(message: str, japanese_labels: bool) -> str:
    """A refusal in the chosen language."""
    return japanese(message) if japanese_labels else message
