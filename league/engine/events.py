"""The play record: each line of the play-by-play as data, made by the engine as it plays.

An `Event` says who batted and who pitched, what happened (`what`, one word of `WHAT`), the
runners it moved (from a base to a base, 0 out and 4 home), the notes of their tries, the
modifiers (an aggressive error, the third out that cancels the runs, a walk-off hit cut short,
a steal off the X table), the runners on base before and after, who scored and which pitcher is
charged with each run, and the outs it made. Every text is derived from it — the engine's
English line (`english`), the Japanese 一球速報 (`japanese`) and the compact code (`code`) — with
the players' names given by the caller, so a name is never looked for inside a text.
"""
from __future__ import annotations

from typing import Callable, Final

from league.engine.record import Entry

BASES_EN: Final = ("batter", "1st", "2nd", "3rd", "home")
BASES_JA: Final = ("打者", "一塁", "二塁", "三塁", "本塁")
STEALS_JA: Final = ("", "", "二盗", "三盗", "本盗")
POSITIONS_JA: Final = {"P": "投手", "C": "捕手", "1B": "一塁", "2B": "二塁", "3B": "三塁",
                       "SS": "遊撃", "LF": "左翼", "CF": "中堅", "RF": "右翼", "DH": "指名打者"}
HIT_EN: Final = {"1B": "single", "2B": "double", "3B": "triple", "HR": "home run"}
HIT_JA: Final = {"1B": "単打", "2B": "二塁打", "3B": "三塁打", "HR": "本塁打"}

# a note on a runner's try in a batted-ball play (`Event.notes`)
TRY_SAFE: Final = "tries_safe"      # he tries for a base and is safe
TRY_OUT: Final = "tries_out"        # ... and is out
BACK: Final = "back"                # hit-and-run, the fly caught: he gets back
DOUBLED: Final = "doubled"          # ... or is doubled off
# modifiers (`Event.mods`)
AGGRESSIVE: Final = "aggressive_error"     # an error of the aggressive defense, scored a hit
NO_RUN: Final = "third_out_no_run"         # the third out on the play: the runners' runs void
WALK_OFF: Final = ("walk_off_1B", "walk_off_2B", "walk_off_3B")   # hit cut short (9.06(f))
STEAL_S: Final = "S"                       # a steal from the X table's S / S+
STEAL_SP: Final = "S+"
HEAVY: Final = "heavy"                     # an accident: a heavy injury (else light)
TAKEN_OUT: Final = "taken_out"             # ... and he leaves the game

# what happened: the batter's plays (his line starts with his name) ...
BATTER_WHAT: Final = {
    # what: (English, Japanese, compact code)
    "IBB": ("intentional walk", "敬遠", "IBB"),
    "BB": ("walk", "四球", "BB"),
    "BBX": ("walk (X)", "四球 (X)", "BB"),
    "BBX0": ("walk (X with nobody on)", "四球 (X、走者なし)", "BB"),
    "HBP": ("hit by pitch", "死球", "HBP"),
    "K": ("strikeout", "三振", "K"),
    "HR": ("home run", "ソロホームラン", "HR"),
    "HRIP": ("home run (inside the park)", "ランニングホームラン", "HR"),
    "1B": ("single", "ヒット", "1B"),
    "2B": ("double", "ツーベース", "2B"),
    "3B": ("triple", "スリーベース", "3B"),
    "E": ("reaches on an error", "エラーで出塁", "E"),
    "FC": ("fielder's choice", "フィルダースチョイス", "FC"),
    "GO": ("ground out", "ゴロアウト", "GO"),
    "PO": ("pop out", "内野フライ", "PO"),
    "FO": ("fly out", "外野フライ", "FO"),
    "WALL": ("caught at the wall", "フェンス際で好捕される", "FO"),
    "FP": ("out (fine play)", "好守に阻まれアウト", "FP"),
    "DP": ("grounds into a double play", "併殺打", "DP"),
    "SF": ("sacrifice fly", "犠牲フライ", "SF"),
    "SH": ("sacrifice bunt", "送りバント成功", "SH"),
    # the bunt that gets down (9-2-1): its own words for the runners
    "BUNT_E": ("bunt, reaches on an error, everyone safe", "バント、エラーで出塁、オールセーフ", "E"),
    "BUNT_1B": ("bunt single, all safe", "バントヒット、オールセーフ", "1B"),
    "SH_EXTRA": ("sacrifice bunt, {who} takes an extra base", "送りバント成功、{who}がもう一つ先の塁へ",
                 "SH"),
    "SH_ALL": ("sacrifice bunt, runners advance", "送りバント成功、走者進塁", "SH"),
    "BUNT_OUT": ("bunt fails, {who} out at {base}", "バント失敗、{who}が{base}でアウト", "BO"),
    "BUNT_BATTER_OUT": ("bunt fails, batter out, runners advance", "バント失敗、打者アウト、走者進塁",
                        "BO"),
}
# ... and the other lines: a runner's, a pitch's, a substitution
OTHER_WHAT: Final = {
    "SB": ("{who} steals {base}{how}", "{who}が{steal}成功{how}", "SB"),
    "CS": ("{who} caught stealing {base}", "{who}が{steal}失敗 (盗塁死)", "CS"),
    "PK": ("{who} picked off {base}", "{who}が{base}で牽制死", "PK"),
    "PK_BACK": ("{who} gets back to {base} on the pick-off throw", "{who}は牽制に{base}へ帰塁", "PKB"),
    "CAUGHT_OFF": ("{who} is caught off {base} on the swinging strikeout",
                   "空振り三振の間に{who}が{base}を飛び出しアウト", "CO"),
    "STOP_BONUS": ("{who} has to stop (steal of {base} after a bonus)", "{who}は止まる (ボーナス後の{steal})",
                   "ST"),
    "STOP": ("{who} stops (steal of {base} called off)", "{who}は止まる ({steal}を中止)", "ST"),
    "NO_CHECK": ("no check: the defense lets the lead runner go", "ノーチェック: 守備側は先頭走者を見送る", "NC"),
    "WP": ("wild pitch", "ワイルドピッチ", "WP"),
    "BK": ("balk", "ボーク", "BK"),
    "PB": ("passed ball", "パスボール", "PB"),
    "PB+": ("passed ball, the lead runner takes another base", "パスボール、先頭走者がもう一つ進塁", "PB"),
    "PC": ("pitching change: {who} replaces {other}", "投手交代: {other} → {who}", "PC"),
    "PH": ("pinch hitter: {who} bats for {other}", "代打: {other} → {who}", "PH"),
    "PR": ("pinch runner: {who} runs for {other} on {base}", "代走: {other} → {who} ({base})", "PR"),
    "DS": ("defensive substitution: {who} replaces {other} at {pos}", "守備交代: {pos} {other} → {who}",
           "DS"),
    # a hurt man's replacement where no other line says so (the designated hitter)
    "SUB": ("substitution: {who} replaces {other} at {pos}", "選手交代: {pos} {other} → {who}", "DS"),
    # a pinch hitter or runner who takes the field, or the man who takes it for him
    "GOES_IN": ("{who} goes in at {pos}", "{who}がそのまま{pos}の守備へ", "DS"),
    "GOES_IN_FOR": ("{who} goes in at {pos} for {other}", "{who}が{other}に代わって{pos}の守備へ", "DS"),
    "INJURY": ("accident: {who} ({pid}) hurt, {level} injury, {then}",
               "アクシデント: {who} ({pid})が負傷 ({level})、{then}", "INJ"),
}
PITCH_EVENTS: Final = ("WP", "BK", "PB", "PB+")
# the batter's plays of a bunt that got down (their words say it was a bunt)
BUNTS: Final = frozenset({"BUNT_E", "BUNT_1B", "SH_EXTRA", "SH_ALL", "BUNT_OUT", "BUNT_BATTER_OUT",
                          "SH"})


class Event(Entry):
    """One play as data (a line of the play-by-play). Runners are player ids; bases 1–3, 4
    home, 0 out (in `moves`). It reads as the tuple of its fields (league.engine.record)."""

    __slots__ = ("what", "batter", "pitcher", "who", "other", "base", "pos", "runs", "moves",
                 "notes", "mods", "before", "after", "scored", "outs")

    def __init__(self, what: str, batter: str, pitcher: str, who: str = "", other: str = "",
                 base: int = 0, pos: str = "", runs: int = 0,
                 moves: tuple[tuple[str, int, int], ...] = (),
                 notes: tuple[tuple[str, str, int], ...] = (), mods: tuple[str, ...] = (),
                 before: tuple[str, str, str] = ("", "", ""),
                 after: tuple[str, str, str] = ("", "", ""),
                 scored: tuple[tuple[str, str], ...] = (), outs: int = 0) -> None:
        self.what = what              # a key of BATTER_WHAT or OTHER_WHAT
        self.batter = batter          # the batter at the plate ("" on a substitution's line)
        self.pitcher = pitcher        # the defense's pitcher
        self.who = who                # the runner or the player the line is about, if not the batter
        self.other = other            # the man he replaces (a substitution)
        self.base = base              # the base the line names (a steal's target, a pick-off's …)
        self.pos = pos                # a position (substitutions)
        self.runs = runs              # runs of a home run over the fence
        self.moves = moves            # (runner, from, to) on a batted ball or pitch
        self.notes = notes            # (runner, TRY_SAFE …, base) in the order made
        self.mods = mods              # AGGRESSIVE, NO_RUN, WALK_OFF[…], STEAL_S, HEAVY …
        self.before = before          # runners on 1st, 2nd, 3rd before the play
        self.after = after            # … and after it
        self.scored = scored          # (runner, pitcher charged) of each run counted
        self.outs = outs              # outs made on the play

    def astuple(self) -> tuple:
        return (self.what, self.batter, self.pitcher, self.who, self.other, self.base, self.pos,
                self.runs, self.moves, self.notes, self.mods, self.before, self.after, self.scored,
                self.outs)

    def names(self) -> tuple[str, ...]:
        return ("what", "batter", "pitcher", "who", "other", "base", "pos", "runs", "moves",
                "notes", "mods", "before", "after", "scored", "outs")

    def code(self) -> str:
        """The compact code (K BB HR 1B GO SB PC …) of the play."""
        known = BATTER_WHAT.get(self.what) or OTHER_WHAT.get(self.what)
        return known[2] if known is not None else "?"


def as_dict(ev: Event) -> dict[str, object]:
    """The record as JSON-ready data (a play of `impact sim game --json --detail`)."""
    return {"what": ev.what, "code": ev.code(), "batter": ev.batter, "pitcher": ev.pitcher,
            "who": ev.who, "other": ev.other, "base": ev.base, "pos": ev.pos, "runs": ev.runs,
            "moves": [{"runner": p, "from": a, "to": b} for p, a, b in ev.moves],
            "notes": [{"runner": p, "note": k, "base": b} for p, k, b in ev.notes],
            "mods": list(ev.mods), "before": list(ev.before), "after": list(ev.after),
            "scored": [{"runner": p, "charged": c} for p, c in ev.scored], "outs": ev.outs}


def _runner_parts(ev: Event, name: Callable[[str], str], japanese: bool) -> list[str]:
    """What the play did to the runners other than the batter, in the order of `moves`."""
    crossed = NO_RUN in ev.mods
    parts: list[str] = []
    for pid, origin, target in ev.moves:
        n = name(pid)
        if target == 0:
            parts.append(f"{n}アウト" if japanese else f"{n} out")
        elif target >= 4:
            if japanese:
                parts.append(f"{n}が本塁到達" if crossed else f"{n}生還")
            else:
                parts.append(f"{n} crosses the plate" if crossed else f"{n} scores")
        elif target != origin:
            parts.append(f"{n}は{BASES_JA[target]}へ" if japanese else f"{n} to {BASES_EN[target]}")
    return parts


def _note(pid: str, kind: str, base: int, name: Callable[[str], str], japanese: bool) -> str:
    n = name(pid)
    if japanese:
        b = BASES_JA[base]
        return {TRY_SAFE: f"{n}は{b}を狙いセーフ", TRY_OUT: f"{n}は{b}を狙いアウト",
                BACK: f"{n}は{b}に帰塁", DOUBLED: f"{n}は{b}に戻れずアウト"}[kind]
    b = BASES_EN[base]
    return {TRY_SAFE: f"{n} tries for {b}: safe", TRY_OUT: f"{n} tries for {b}: out",
            BACK: f"{n} gets back to {b}", DOUBLED: f"{n} doubled off {b}"}[kind]


def _home_run(runs: int, japanese: bool) -> str:
    if japanese:
        return "ソロホームラン" if runs <= 1 else "満塁ホームラン" if runs == 4 else f"{runs}ランホームラン"
    return "home run" + (f", {runs} runs" if runs > 1 else "")


def text(ev: Event, name: Callable[[str], str], japanese: bool = False,
         batter: str | None = None) -> str:
    """The play-by-play line of `ev` in English (the engine's words) or Japanese (一球速報);
    `name` names a player by id; `batter`, when given, stands for the batter's name at the start
    of his line (the play screen adds what he was asked to do)."""
    what = ev.what
    batter_what = BATTER_WHAT.get(what)
    if batter_what is not None:
        words = batter_what[1 if japanese else 0]
        if what == "HR":
            words = _home_run(ev.runs, japanese)
        elif "{" in words:
            base = ev.base
            words = words.format(who=name(ev.who),
                                 base=(BASES_JA[base] if japanese else BASES_EN[base]))
        mods = ev.mods
        if not mods and not ev.notes and (not ev.moves or what == "HR"):
            # the common line: the batter and what he did
            return f"{name(ev.batter) if batter is None else batter}: {words}"
        if AGGRESSIVE in mods:
            words += " (積極走塁の失策、記録はヒット)" if japanese else " (aggressive error, scored a hit)"
        parts = [words]
        if what != "HR" and not what.startswith(("BUNT", "SH_")):
            parts += _runner_parts(ev, name, japanese)
        line = (f"{name(ev.batter) if batter is None else batter}: "
                + ("、" if japanese else ", ").join(parts))
        if ev.notes:
            line += " (" + "; ".join(_note(p, k, b, name, japanese) for p, k, b in ev.notes) + ")"
        for mod in ev.mods:
            if mod == NO_RUN:
                line += " — 第3アウトのため得点なし" if japanese else " — the third out: no run counts"
            elif mod in WALK_OFF:
                hit = mod[-2:]
                line += (f" — サヨナラ: {HIT_JA[hit]}として記録 (9.06(f))" if japanese else
                         f" — the winning run scores: credited as a {HIT_EN[hit]} (9.06(f))")
        return line
    other_what = OTHER_WHAT.get(what)
    if other_what is None:
        return what
    template = other_what[1 if japanese else 0]
    if what in PITCH_EVENTS:
        parts = _runner_parts(ev, name, japanese)
        return template + ((": " + ("、" if japanese else ", ").join(parts)) if parts else "")
    base = ev.base
    if japanese:
        pos = POSITIONS_JA.get(ev.pos, ev.pos)
        how = (f" ({ev.mods[0]})" if ev.mods and ev.mods[0] in (STEAL_S, STEAL_SP) else "")
        level = "重傷" if HEAVY in ev.mods else "軽傷"
        then = "交代" if TAKEN_OUT in ev.mods else "出場続行"
        b = BASES_JA[base]
    else:
        pos = ev.pos
        how = (f" ({ev.mods[0]})" if ev.mods and ev.mods[0] in (STEAL_S, STEAL_SP) else "")
        level = "heavy" if HEAVY in ev.mods else "light"
        then = "taken out" if TAKEN_OUT in ev.mods else "plays on"
        b = BASES_EN[base]
    return template.format(who=name(ev.who) if ev.who else "", other=name(ev.other) if ev.other else "",
                           base=b, steal=STEALS_JA[base] if base >= 2 else b, how=how, pos=pos,
                           level=level, then=then, pid=ev.who)


def english(ev: Event, name: Callable[[str], str]) -> str:
    """The engine's own line for the play (what the game's stored text and the digest read)."""
    return text(ev, name, False)


def japanese(ev: Event, name: Callable[[str], str]) -> str:
    """The play as a Japanese 一球速報 says it."""
    return text(ev, name, True)


__all__ = ["Event", "as_dict", "text", "english", "japanese", "BATTER_WHAT", "OTHER_WHAT", "AGGRESSIVE",
           "NO_RUN", "WALK_OFF", "TRY_SAFE", "TRY_OUT", "BACK", "DOUBLED", "STEAL_S", "STEAL_SP",
           "HEAVY", "TAKEN_OUT", "PITCH_EVENTS", "BUNTS"]
