"""Rulesets as data (rules C.1): tables and options, validated at load time.

A ruleset file (TOML) holds every table of the game: platoon, condition check, X table, the
defense tables (with E / fine-play rows, common and infield-in readings, `[○]`, `H−`, `(99)`),
the cross-play and catcher tables, the pitcher batting table and the sub-pitcher cards, plus the
rule options of C.2. `parse_ruleset` takes the parsed TOML (a dict) and names the file, table,
row and problem for every error it finds.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from league.engine.cards import (
    BAT_COLUMNS,
    CONDITIONS,
    PITCH_COLUMNS,
    PLAYING_RANKS,
    STABILITIES,
    BattingCard,
    Bounds,
    PitchingCard,
    by_fields,
)
from league.engine.tables import DefenseRow, DefenseTable
from league.errors import CardError, RulesetError
from league.numbers import whole_number

CONDITION_COLUMNS = ("↓2", "↓1", "NE", "↑1", "↑2")
X_CODES = ("S", "S+", "BB", "HP", "BK", "WP", "PB", "PB+")
SITUATIONS = ("---", "1--", "-2-", "12-", "--3", "1-3", "-23", "123")  # index = bit mask of bases
DEFENSE_TABLES = ("single", "long", "home_run", "outfield_fly", "ground", "infield_fly")
VALUE_SOURCES = ("infield", "outfield", "overall", "none")
CREDITS = ("1B", "2B", "3B", "HR", "E", "out", "FC")

# A runner token: (base, kind). base 0 = out, 1..3 a base, 4 = scores.
PLAIN: Final = 0
CIRCLE: Final = 1
TRY: Final = 2

DEFAULT_OPTIONS: dict[str, Any] = {
    "dh": True,
    "innings": 9,
    "extra_innings": 12,
    "hit_and_run_pitch": 5,
    "stop_pitch": 5,
    "hit_and_run_if_rr": -2,       # C.2: the seed's "RR 2" read as RR−2
    "hit_and_run_back_rr": 2,       # OF / HR out on a hit-and-run: RR+2 to get back
    "pickoff_second": "double",     # C.2: 2×SR (or "literal": SR)
    "x_nobody_on": "repitch",       # C.2: re-pitch with a modifier (or "walk")
    "x_repitch_modifier": 5,
    "pitcher_hr_without_plus": "LG",
    "fatigue_step": 5,              # condition-roll penalty per fatigue point
    "steal_arm_bonus_from": 80,     # a steal roll of this or more gives the catcher's arm +1
    "bunt_plus_error_value": 5,     # infield error value from which rolls up to RR+1 are "+"
    # readings of unclear text (rules C.2); every default is explained in docs/rule_options.md
    "bunt_error_check": "after_plus",   # bunt cross-play: "+" before the error check, or not
    "hit_and_run_back": "stays",        # hit-and-run, fly caught: a runner who gets back stays
    "steal_rounding": "up",             # SR/2, SR/4, SR/5, SR/8, SR/10, SR/20 rounded up or down
    "pickoff_arm_bonus": "always",      # pick-off row: arm +1 always, or only from the 80 roll
    "bonus_steal_sr": "own",            # a steal on a bonus: own SR as is, or the target base's SR
    "double_steal_later_sr": "own",     # later runners of a double steal: own SR, or target SR
    "no_check_later_sr": "target",      # after no check: the others with target SR, or own SR
    "injuries": True,                   # accidents and injuries (§7.6, the [injury] table)
    # how the next season's cards come after a closed one: "growth" (ages, growth and decline:
    # league.offseason) or "stats" (the cards as they are, or made from that year's statistics
    # with `impact season new --stats DIR`: a league made from statistics)
    "renewal": "growth",
    # a league made from statistics (league.toml's [usage]): the computer managers play its
    # people as they were really used (league/manager/usage.py); false: by the cards alone
    "usage": True,
}

#: the allowed values of the options that name a reading
OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "pickoff_second": ("double", "literal"),
    "x_nobody_on": ("repitch", "walk"),
    "bunt_error_check": ("after_plus", "before_plus", "none"),
    "hit_and_run_back": ("stays", "table"),
    "steal_rounding": ("up", "down"),
    "pickoff_arm_bonus": ("always", "from_80"),
    "bonus_steal_sr": ("own", "target"),
    "double_steal_later_sr": ("own", "target"),
    "no_check_later_sr": ("target", "own"),
    "renewal": ("growth", "stats"),
}


#: the values an option may take: (lowest, highest) for a number, the choices for a text.
#: An option not listed here is only checked for its type.
OPTION_RULES: dict[str, tuple[int, int] | tuple[str, ...]] = {
    "innings": (1, 30),
    "extra_innings": (1, 99),
    "hit_and_run_pitch": (-50, 50),
    "stop_pitch": (-50, 50),
    "hit_and_run_if_rr": (-20, 20),
    "hit_and_run_back_rr": (-20, 20),
    "x_repitch_modifier": (-50, 50),
    "pitcher_hr_without_plus": BAT_COLUMNS,
    "fatigue_step": (0, 100),
    "steal_arm_bonus_from": (1, 101),
    "bunt_plus_error_value": (0, 101),
    **OPTION_CHOICES,
}


def option_problems(options: dict[str, Any], defaults: dict[str, Any] | None = None
                    ) -> list[tuple[str, str]]:
    """(option, problem) for every option of `options` that is unknown, of the wrong type or
    out of range, and for options that disagree (extra innings before the last inning)."""
    defaults = DEFAULT_OPTIONS if defaults is None else defaults
    out: list[tuple[str, str]] = []
    if not isinstance(options, dict):
        return [("options", f"must be a table of option = value, not {options!r}")]
    for k, v in options.items():
        if k not in defaults:
            out.append((k, f"unknown option (known: {', '.join(defaults)})"))
            continue
        want = type(defaults[k])
        if isinstance(v, bool) != (want is bool) or not isinstance(v, want):
            out.append((k, f"{v!r} should be a {'whole number' if want is int else want.__name__}"))
            continue
        rule = OPTION_RULES.get(k)
        if rule is None or isinstance(v, bool):
            continue
        if isinstance(v, int):
            lo, hi = rule
            if not (isinstance(lo, int) and isinstance(hi, int) and lo <= v <= hi):
                out.append((k, f"{v} is outside {lo}..{hi}"))
        elif v not in rule:
            choices = " or ".join(f'"{a}"' for a in rule)
            out.append((k, f"must be {choices}, not {v!r}"))
    merged = {**defaults, **{k: v for k, v in options.items() if k in defaults}}
    if not out and isinstance(merged.get("innings"), int) and isinstance(merged.get("extra_innings"), int) \
            and merged["extra_innings"] < merged["innings"]:
        out.append(("extra_innings", f"{merged['extra_innings']} is before the last regular inning "
                                     f"({merged['innings']})"))
    return out


def check_options(options: Any, where: str) -> dict[str, Any]:
    """League or ruleset options, type- and range-checked; RulesetError names the first problem."""
    problems = option_problems(options)
    if problems:
        key, problem = problems[0]
        raise RulesetError(f"{where}: option {key}: {problem}")
    return dict(options)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A complete set of tables and rule options."""

    name: str
    description: str
    options: dict[str, Any]
    platoon: dict[str, int]                 # "RL" = pitcher throws R, batter bats L
    condition: dict[str, Bounds]            # current condition -> bounds over CONDITION_COLUMNS
    x_table: Bounds
    tables: dict[str, DefenseTable]
    crossplay_rr: tuple[int, ...]
    crossplay_safe: tuple[int, ...]
    catcher_arm: tuple[int, ...]
    catcher_out_from: tuple[int, ...]
    pitcher_batting: dict[str, BattingCard]
    sub_pitchers: dict[str, PitchingCard]
    defence: dict[str, int]
    cardgen: dict[str, float] = field(default_factory=dict)  # card-generator constants
    injury: Any = None      # InjuryRules of the [injury] table, below (None: no injuries)

    @property
    def injury_rules(self) -> Any:
        """The injury rules a game plays by: None without an [injury] table or with the
        option `injuries = false`."""
        return self.injury if self.options.get("injuries", True) else None

    def option(self, name: str) -> Any:
        return self.options[name]

    def crossplay_safe_upto(self, rr: int) -> int:
        """The cross-play table: the highest roll that is safe for this RR column."""
        cols = self.crossplay_rr
        if rr <= cols[0]:
            return self.crossplay_safe[0]
        if rr >= cols[-1]:
            return self.crossplay_safe[-1]
        return self.crossplay_safe[cols.index(rr)]

    def catcher_out_from_for(self, arm: int) -> int:
        cols = self.catcher_arm
        if arm <= cols[0]:
            return self.catcher_out_from[0]
        if arm >= cols[-1]:
            return self.catcher_out_from[-1]
        return self.catcher_out_from[cols.index(arm)]

    def pitcher_batting_card(self, rank: str) -> BattingCard:
        return self.pitcher_batting[rank.rstrip("+")]


# ---------------------------------------------------------------------------------------------
# parsing

TOP_LEVEL = ("name", "description", "options", "platoon", "condition", "x", "tables", "crossplay",
             "catcher", "defence", "pitcher_batting", "sub_pitchers", "cardgen", "injury")

_TOKEN_RE = re.compile(r"^(×|x|X|[1-4]|○|\[○\]|H−|H-|[23]−|[23]-)$")


def parse_token(tok: str, where: str) -> tuple[int, int]:
    """Read one runner token: × out, 1–4 a base (4 scores), ○ scores, [○] scores (H− under
    aggressive defense), H− / 3− / 2− may try for that base with a cross-play or hold."""
    t = tok.strip()
    if not _TOKEN_RE.match(t):
        raise RulesetError(f"{where}: {tok!r} is not a runner result (× 1 2 3 4 ○ [○] H− 3− 2−)")
    if t in ("×", "x", "X"):
        return (0, PLAIN)
    if t == "○":
        return (4, PLAIN)
    if t == "[○]":
        return (4, CIRCLE)
    if t[0] == "H":
        return (4, TRY)
    if len(t) == 2:
        return (int(t[0]), TRY)
    return (int(t), PLAIN)


def token_text(token: tuple[int, int]) -> str:
    base, kind = token
    if kind == CIRCLE:
        return "[○]"
    if kind == TRY:
        return "H−" if base == 4 else f"{base}−"
    return "×" if base == 0 else str(base)


def parse_result(text: Any, where: str) -> tuple[tuple[int, int], ...]:
    """Read "×・2・3・4": batter, runner from 1st, from 2nd, from 3rd (rules C.2)."""
    if not isinstance(text, str):
        raise RulesetError(f"{where}: a result must be a string like \"×・2・3・4\", not {text!r}")
    parts = [p for p in re.split(r"[・/,\s]+", text.strip()) if p]
    if len(parts) != 4:
        raise RulesetError(
            f"{where}: {text!r} must give 4 results (batter・1st・2nd・3rd), it gives {len(parts)}"
        )
    tokens = tuple(parse_token(p, where) for p in parts)
    if tokens[0][1] != PLAIN:
        raise RulesetError(f"{where}: the batter's result must be × or a base, not {parts[0]!r}")
    for i, (base, kind) in enumerate(tokens[1:], start=1):
        if base != 0 and base < i:
            raise RulesetError(f"{where}: the runner from base {i} cannot go back to base {base}")
    return tokens


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []

    def err(self, where: str, problem: str) -> None:
        self.errors.append(f"{self.source}: {where}: {problem}")

    def table(self, data: dict, key: str, what: str) -> dict:
        value = data.get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.err(what, f"must be a table, not {value!r}")
            return {}
        return value

    def ints(self, table: dict, key: str, where: str, lo: int, hi: int) -> tuple[int, ...]:
        value = table.get(key)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.err(where, f"must be a list of whole numbers, not {value!r}")
            return ()
        return tuple(self.int_(v, where, lo, hi) for v in value)

    def int_(self, value: Any, where: str, lo: int = -1000, hi: int = 1000) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.err(where, f"{value!r} is not a whole number")
            return lo if lo > -1000 else 0
        if not lo <= value <= hi:
            self.err(where, f"{value} is outside {lo}..{hi}")
        return value

    def bounds(self, value: Any, columns: tuple[str, ...], where: str) -> Bounds | None:
        if isinstance(value, list):
            value = " ".join(str(v) for v in value)
        if not isinstance(value, str):
            self.err(where, f"expected bounds like \"2 6 48 55 58 75 86 100\", got {value!r}")
            return None
        tokens = [t.lstrip("~") for t in re.split(r"[\s,]+", value.strip()) if t]
        vals: list[int | None] = []
        for t in tokens:
            if t in ("-", "--"):
                vals.append(None)
            elif (number := whole_number(t)) is not None:
                vals.append(number)
            else:
                self.err(where, f"{t!r} is not a bound (a number or -)")
                return None
        try:
            return Bounds.make(columns, tuple(vals), where)
        except CardError as exc:
            self.errors.append(f"{self.source}: {exc}")
            return None


def parse_ruleset(data: dict[str, Any], source: str = "ruleset") -> Ruleset:
    """Validate parsed TOML and build a Ruleset; raises RulesetError listing every problem."""
    r = _Reader(source)
    if not isinstance(data, dict):
        raise RulesetError(f"{source}: the ruleset must be a table of tables")
    for key in data:
        if key not in TOP_LEVEL:
            r.err("top level", f"unknown key {key!r} (known: {', '.join(TOP_LEVEL)})")
    name = data.get("name", "")
    if not isinstance(name, str) or not name:
        r.err("top level", "`name` (a string) is missing")
    description = data.get("description", "")
    if not isinstance(description, str):
        r.err("top level", f"`description` must be a string, not {description!r}")

    options = dict(DEFAULT_OPTIONS)
    raw_options = r.table(data, "options", "table options")
    bad = {k for k, _ in option_problems(raw_options)}
    for k, problem in option_problems(raw_options):
        r.err(f"table options, key {k}", problem)
    options.update({k: v for k, v in raw_options.items() if k in DEFAULT_OPTIONS and k not in bad})

    platoon: dict[str, int] = {}
    praw = data.get("platoon")
    if not isinstance(praw, dict):
        r.err("table platoon", "missing (keys RR RL RS LR LL LS: pitcher hand then batter hand)")
    else:
        for key in ("RR", "RL", "RS", "LR", "LL", "LS"):
            if key not in praw:
                r.err(f"table platoon, key {key}", "missing")
            else:
                platoon[key] = r.int_(praw[key], f"table platoon, key {key}", -30, 30)

    condition: dict[str, Bounds] = {}
    craw = data.get("condition")
    if not isinstance(craw, dict):
        r.err("table condition", "missing (rows A B C D over ↓2 ↓1 NE ↑1 ↑2)")
    else:
        for c in CONDITIONS:
            if c not in craw:
                r.err(f"table condition, row {c}", "missing")
                continue
            b = r.bounds(craw[c], CONDITION_COLUMNS, f"table condition, row {c}")
            if b is not None:
                condition[c] = b

    x_table = None
    xraw = data.get("x")
    if not isinstance(xraw, dict) or "columns" not in xraw or "bounds" not in xraw:
        r.err("table x", "missing (columns = list of codes, bounds = their ~N bounds)")
    else:
        cols = xraw["columns"]
        if not isinstance(cols, list) or any(c not in X_CODES for c in cols) or len(set(cols)) != len(cols):
            r.err("table x, columns", f"must be distinct codes from {' '.join(X_CODES)}")
        else:
            x_table = r.bounds(xraw["bounds"], tuple(cols), "table x, bounds")

    tables: dict[str, DefenseTable] = {}
    traw = data.get("tables")
    if not isinstance(traw, dict):
        r.err("tables", "missing")
        traw = {}
    for key in DEFENSE_TABLES:
        if key not in traw:
            r.err(f"table {key}", "missing")
            continue
        t = _parse_table(r, key, traw[key])
        if t is not None:
            tables[key] = t
    for key in traw:
        if key not in DEFENSE_TABLES:
            r.err(f"table {key}", f"unknown defense table (known: {', '.join(DEFENSE_TABLES)})")

    xp = r.table(data, "crossplay", "table crossplay")
    known = len(r.errors)
    cp_rr = r.ints(xp, "rr", "table crossplay, rr", -5, 20)
    cp_safe = r.ints(xp, "safe", "table crossplay, safe", 1, 100)
    if len(r.errors) > known:
        pass  # the values are wrong already: their order and count say nothing more
    elif not cp_rr or len(cp_rr) != len(cp_safe):
        r.err("table crossplay", "needs `rr` (column RR values) and `safe` (a bound per column) of equal length")
    elif list(cp_rr) != sorted(set(cp_rr)):
        r.err("table crossplay, rr", "columns must be increasing")
    elif any(b < a for a, b in zip(cp_safe, cp_safe[1:])):
        r.err("table crossplay, safe", "a faster runner (higher RR) cannot be safe less often: "
                                       "bounds must not decrease")

    ct = r.table(data, "catcher", "table catcher")
    known = len(r.errors)
    c_arm = r.ints(ct, "arm", "table catcher, arm", -5, 20)
    c_out = r.ints(ct, "out_from", "table catcher, out_from", 1, 101)
    if len(r.errors) > known:
        pass
    elif not c_arm or len(c_arm) != len(c_out):
        r.err("table catcher", "needs `arm` (row arm values) and `out_from` (× from this roll) of equal length")
    elif list(c_arm) != sorted(set(c_arm)):
        r.err("table catcher, arm", "rows must be increasing")
    elif any(b > a for a, b in zip(c_out, c_out[1:])):
        r.err("table catcher, out_from", "a stronger arm cannot throw out fewer runners: "
                                         "bounds must not increase")

    pitcher_batting: dict[str, BattingCard] = {}
    pb = data.get("pitcher_batting")
    if pb is not None and not isinstance(pb, dict):
        pb = None
    if not isinstance(pb, dict) or not pb:
        r.err("table pitcher_batting", "missing (ranks with card, BT, RR, SR, DP)")
    else:
        for rank, row in pb.items():
            where = f"table pitcher_batting, rank {rank}"
            if not isinstance(row, dict):
                r.err(where, "must be a table")
                continue
            b = r.bounds(row.get("card", ""), BAT_COLUMNS, where + ", card")
            vals = {k: r.int_(row.get(k, 0), f"{where}, {k}", -5, 99) for k in ("BT", "RR", "SR", "DP")}
            if b is not None:
                pitcher_batting[rank] = BattingCard(b, vals["BT"], vals["RR"], vals["SR"], vals["DP"])

    sub_pitchers: dict[str, PitchingCard] = {}
    for lst, row in r.table(data, "sub_pitchers", "table sub_pitchers").items():
        where = f"table sub_pitchers, list {lst}"
        if not isinstance(row, dict):
            r.err(where, "must be a table")
            continue
        for k in row:
            if k not in (*CONDITIONS, "stability", "innings", "rest", "bat"):
                r.err(where, f"unknown key {k!r}")
        rows = {}
        for c in CONDITIONS:
            b = r.bounds(row.get(c, ""), PITCH_COLUMNS, f"{where}, row {c}")
            if b is not None:
                rows[c] = b
        stability = row.get("stability", "C")
        if stability not in STABILITIES:
            r.err(f"{where}, stability", f"{stability!r} is not one of {' '.join(STABILITIES)}")
        innings = row.get("innings", 1)
        if isinstance(innings, bool) or not isinstance(innings, (int, float)) \
                or not 0 < innings <= 12:
            r.err(f"{where}, innings", f"{innings!r} must be a positive number of innings "
                                       "(at most 12)")
            innings = 1
        rest = r.int_(row.get("rest", 1), f"{where}, rest", 0, 30)
        bat = row.get("bat", "C")
        if not isinstance(bat, str) or not re.fullmatch(r"[ABC]\+?", bat):
            r.err(f"{where}, bat", f"{bat!r} is not a pitcher batting rank (A, B, C, with +)")
        if len(rows) == 4:
            sub_pitchers[lst] = PitchingCard(rows, str(stability), float(innings), 0, rest,
                                             str(bat))

    defence = r.table(data, "defence", "table defence")
    for k in ("infield_error", "outfield_error", "overall_error", "infield_fine", "outfield_fine",
              "overall_fine"):
        if k not in defence:
            r.err(f"table defence, key {k}", "missing (the base value before marks)")
        else:
            r.int_(defence[k], f"table defence, key {k}", 1, 100)
    for k in defence:
        if k not in ("infield_error", "outfield_error", "overall_error", "infield_fine",
                     "outfield_fine", "overall_fine"):
            r.err(f"table defence, key {k}", "unknown key")

    cardgen = _parse_cardgen(r, data.get("cardgen"))
    injury = parse_injury(r, data.get("injury"))
    if r.errors:
        raise RulesetError("\n".join(r.errors))
    assert x_table is not None
    return Ruleset(
        name=name, description=str(description), options=options, platoon=platoon,
        condition=condition, x_table=x_table, tables=tables, crossplay_rr=cp_rr,
        crossplay_safe=cp_safe, catcher_arm=c_arm, catcher_out_from=c_out,
        pitcher_batting=pitcher_batting, sub_pitchers=sub_pitchers, defence=defence,
        cardgen=cardgen, injury=injury,
    )


# The card generator's formula constants (league/cardmaking/cardgen.py) and their defaults: a
# ruleset's [cardgen] table overrides any of them (docs/cards.md); the ruleset knows its keys.
CARDGEN_DEFAULTS: Final[dict[str, float]] = {
    # the league-average pitcher's mean row: K, BB from the league's rates, the rest fixed widths
    "pitcher_k_share": 0.70,      # share of the league's strikeouts on the pitcher's K column
    "pitcher_bb_share": 0.45,     # share of the league's (unintentional) walks on his BB column
    "computer_ibb": 0.0015,       # intentional walks the computer managers give, per PA
    "hbp_as_bb": 1.0,             # a batter's hit batsmen beyond the league's, as card walks
    "avg_bs_star": 2.4, "avg_bs_plus": 4.2, "avg_g": 17.4, "avg_if": 6.0,
    "bs_plus_of_bs": 0.09,        # a pitcher's BS+ width as a share of his BS+BS room
    "pitcher_g_of_gif": 0.87,     # G share of a pitcher's G+IF room
    # the batter's out room: OF / G / IF shares, fly balls rising with home-run power
    "out_of": 0.87, "out_g": 0.10, "of_per_hr": 3.0,
    "avg_block": 1.2,             # the catcher's 捕 assumed when reading the X table
    "avg_dp": 5,                  # the batter's DP assumed when reading the ground-ball table
    "fit_1b": 0.90, "fit_2b": 0.94, "fit_hr": 1.0,    # the engine against the reading (fitted)
    "fit_hbp": 1.1,
    "consistency_rounds": 2,      # rounds making the average cards the cards' average
    "hr_damage": 2.0,             # weight of a home run over a hit in a pitcher's "damage"
    "hr_shrink_bf": 500,          # home runs allowed pulled to the league's by this many BF
    "era_weight": 1.0,            # share of the ERA beyond the components kept (as hits)
    "era_shrink_bf": 0,
    # minimum playing time for a card of his own, else a replacement-level card
    "min_pa": 60, "min_outs": 60,
    "replacement_level": 0.80,    # a replacement card hits/pitches at this share of average
    # running (fitted on simulated seasons: docs/cards.md)
    "sr_base": 6.0, "sr_att": 118.0,
    "rr_mean": 2.0, "rr_3b": 4.8, "rr_runs": 1.3, "rr_att": 9.4,
    "dp_mean": 4.7, "dp_gidp": -139.0,
    "bt_base": 1.5, "bt_sh": 81.0,
    # fielding
    "range_shrink_g": 60, "error_shrink_chances": 150,
    "team_marks": 1.0, "team_marks_slope": 3.2,  # error marks of an average team, per ratio
    "defence_per_range": 3.0, "fine_range": 0.04, "error_ratio": 1.35, "bad_error_ratio": 1.8,
    "arm_base": 3.0, "arm_per_cs": 12.0, "block_base": 1.5, "block_per_pb": -40.0,
    # pitchers
    "stab_s": 1.2, "stab_a": 0.5, "stab_b": -0.8, "stab_scale": 0.06,
    "starter_extra": 1.2,
}


# --- the [injury] table (accidents and injuries, §7.6: league/engine/injury.py applies it) ---

WHO: Final = ("batter", "pitcher", "fielder")
TOLERANCE: Final = {"A": 5, "B": 3, "C": 1, "D": 0, "E": 0}   # §7.6: points borne as a light injury


@dataclass(frozen=True, slots=True)
class InjuryRules:
    """The ruleset's [injury] table (see the module docstring)."""

    tolerance: dict[str, int]
    points: int = 2
    points_removed: int = 1
    trigger: frozenset[int] = frozenset({100})
    who: tuple[tuple[str, int], ...] = (("batter", 12), ("pitcher", 20), ("fielder", 36))
    recover_light: int = 50
    recover_heavy: int = 8

    def __reduce__(self) -> tuple[object, ...]:
        return by_fields(self)


def parse_injury(r: Any, raw: Any) -> InjuryRules | None:
    """The optional [injury] table of a ruleset; problems go to the reader `r` (file, table,
    key, problem), like every other table."""
    if raw is None:
        return None
    where = "table injury"
    if not isinstance(raw, dict):
        r.err(where, "must be a table")
        return None
    known = ("tolerance", "points", "points_removed", "trigger", "who", "recover_light",
             "recover_heavy")
    for k in raw:
        if k not in known:
            r.err(f"{where}, key {k}", f"unknown key (known: {', '.join(known)})")
    tol_raw = raw.get("tolerance", TOLERANCE)
    tolerance = dict(TOLERANCE)
    if not isinstance(tol_raw, dict):
        r.err(f"{where}, tolerance", "must be a table of 出場ランク = points (A B C D E)")
    else:
        for rank, v in tol_raw.items():
            if rank not in PLAYING_RANKS:
                r.err(f"{where}, tolerance, key {rank}", f"unknown rank (use {' '.join(PLAYING_RANKS)})")
                continue
            tolerance[rank] = r.int_(v, f"{where}, tolerance, key {rank}", 0, 20)
    points = r.int_(raw.get("points", 2), f"{where}, points", 1, 20)
    removed = r.int_(raw.get("points_removed", 1), f"{where}, points_removed", 0, 20)
    trig = raw.get("trigger", [100])
    trigger: frozenset[int] = frozenset()
    if not isinstance(trig, list) or not trig:
        r.err(f"{where}, trigger", "must be a list of raw rolls 1..100")
    else:
        trigger = frozenset(r.int_(v, f"{where}, trigger", 1, 100) for v in trig)
    who_raw = raw.get("who", {})
    who: list[tuple[str, int]] = []
    if not isinstance(who_raw, dict) or not who_raw:
        r.err(f"{where}, who", f"must be a table of ~N bounds for {', '.join(WHO)}")
    else:
        last = 0
        for k, v in who_raw.items():
            if k not in WHO:
                r.err(f"{where}, who, key {k}", f"unknown (use {', '.join(WHO)})")
                continue
            bound = r.int_(v, f"{where}, who, key {k}", 0, 100)
            if bound < last:
                r.err(f"{where}, who, key {k}", f"bound {bound} is below the one before it "
                                                f"({last}); bounds are cumulative")
            last = bound
            who.append((k, bound))
    light = r.int_(raw.get("recover_light", 50), f"{where}, recover_light", 0, 100)
    heavy = r.int_(raw.get("recover_heavy", 8), f"{where}, recover_heavy", 0, 100)
    return InjuryRules(tolerance, points, removed, trigger, tuple(who), light, heavy)


def _parse_cardgen(r: "_Reader", raw: Any) -> dict[str, float]:
    """The optional [cardgen] table: numbers overriding the card generator's constants."""
    out: dict[str, float] = {}
    if raw is None:
        return out
    if not isinstance(raw, dict):
        r.err("table cardgen", "must be a table of numbers")
        return out
    for k, v in raw.items():
        if k not in CARDGEN_DEFAULTS:
            r.err(f"table cardgen, key {k}", "unknown constant (docs/cards.md lists them)")
        elif isinstance(v, bool) or not isinstance(v, (int, float)):
            r.err(f"table cardgen, key {k}", f"{v!r} should be a number")
        else:
            out[k] = float(v)
    return out


def _situation_results(r: _Reader, row: dict, key: str, where: str):
    if key not in row:
        return None
    try:
        base = parse_result(row[key], f"{where}, {key}")
    except RulesetError as exc:
        r.errors.append(f"{r.source}: {exc}")
        return None
    out = []
    for s in SITUATIONS:
        skey = f"{key}{s}" if key != "result" else s
        if skey in row:
            try:
                out.append(parse_result(row[skey], f"{where}, situation {s}"))
            except RulesetError as exc:
                r.errors.append(f"{r.source}: {exc}")
                out.append(base)
        else:
            out.append(base)
    return tuple(out)


def _parse_table(r: _Reader, key: str, raw: Any) -> DefenseTable | None:
    where = f"table {key}"
    if not isinstance(raw, dict):
        r.err(where, "must be a table")
        return None
    error = raw.get("error", "none")
    if isinstance(error, int) and not isinstance(error, bool):
        if not 1 <= error <= 100:
            r.err(f"{where}, error", f"error value {error} is outside 1..100")
    elif not (isinstance(error, str) and error in VALUE_SOURCES):
        r.err(f"{where}, error", f"{error!r} must be one of {', '.join(VALUE_SOURCES)} or a number")
    for k in raw:
        if k not in ("name", "error", "fine", "rows"):
            r.err(where, f"unknown key {k!r}")
    fine_spec = raw.get("fine", [])
    if not isinstance(fine_spec, list):
        r.err(f"{where}, fine", "must be a list of [row label, value source] pairs")
        fine_spec = []
    rows_raw = raw.get("rows")
    if not isinstance(rows_raw, list) or not rows_raw:
        r.err(f"{where}, rows", "missing")
        return None
    error_row = None
    fine_rows: dict[str, DefenseRow] = {}
    rows: list[DefenseRow] = []
    allowed = {"row", "upto", "result", "infield_in", "infield_in_upto", "aggressive_only", "credit"}
    allowed |= set(SITUATIONS) | {f"infield_in{s}" for s in SITUATIONS}
    last = 0
    for i, row in enumerate(rows_raw, start=1):
        label = row.get("row") if isinstance(row, dict) else None
        shown = label or (f"~{row['upto']}" if isinstance(row, dict) and "upto" in row else f"#{i}")
        rwhere = f"{where}, row {shown}"
        if not isinstance(row, dict):
            r.err(rwhere, "must be a table")
            continue
        for k in row:
            if k not in allowed:
                r.err(rwhere, f"unknown key {k!r}")
        results = _situation_results(r, row, "result", rwhere)
        if results is None:
            if "result" not in row:
                r.err(rwhere, "`result` is missing")
            continue
        infield_in = _situation_results(r, row, "infield_in", rwhere)
        credit = row.get("credit")
        if credit is not None and credit not in CREDITS:
            r.err(rwhere, f"credit {credit!r} must be one of {' '.join(CREDITS)}")
            credit = None       # the ruleset is refused; the row is still read for its checks
        agg = row.get("aggressive_only", False)
        if not isinstance(agg, bool):
            r.err(rwhere, f"aggressive_only {agg!r} must be true or false")
            agg = False
        if label is not None and not isinstance(label, str):
            r.err(rwhere, f"row label {label!r} must be a string")
            continue
        if label == "E" or (isinstance(label, str) and label in {str(f[0]) for f in fine_spec if isinstance(f, list) and f}):
            dr = DefenseRow(label, 100, results, infield_in, None, False, credit)
            if label == "E":
                error_row = dr
            else:
                fine_rows[label] = dr
            continue
        upto = row.get("upto")
        if isinstance(upto, bool) or not isinstance(upto, int) or not 1 <= upto <= 100:
            r.err(rwhere, f"`upto` must be a bound 1..100, got {upto!r}")
            continue
        if upto <= last:
            r.err(rwhere, f"bound ~{upto} is not above the row before (~{last})")
        last = max(last, upto)
        iiu = row.get("infield_in_upto")
        if iiu is not None and (isinstance(iiu, bool) or not isinstance(iiu, int)
                                or not upto <= iiu <= 100):
            r.err(rwhere, f"infield_in_upto must be a bound from ~{upto} to 100")
            iiu = None
        rows.append(DefenseRow(label or f"~{upto}", upto, results, infield_in, iiu, agg, credit))
    if rows and rows[-1].upto != 100:
        r.err(where, f"the last row must reach ~100 so every roll reads (it stops at ~{rows[-1].upto})")
    if error != "none" and error_row is None:
        r.err(where, f"the table has an error value ({error}) but no row \"E\"")
    fine: list[tuple[str | int, DefenseRow]] = []
    for f in fine_spec:
        if not (isinstance(f, list) and len(f) == 2 and isinstance(f[0], str)):
            r.err(f"{where}, fine", f"{f!r} must be [row label, value source]")
            continue
        label, src = f
        if isinstance(src, int) and not isinstance(src, bool):
            if not 1 <= src <= 100:
                r.err(f"{where}, fine", f"fine-play value {src} is outside 1..100")
        elif not (isinstance(src, str) and src in VALUE_SOURCES):
            r.err(f"{where}, fine", f"{src!r} must be one of {', '.join(VALUE_SOURCES)} or a number")
        if label not in fine_rows:
            r.err(f"{where}, fine", f"no row labelled {label!r}")
            continue
        fine.append((src, fine_rows[label]))
    if r.errors or not rows:
        return None
    lookups = []
    for infield_in in (False, True):
        for aggressive in (False, True):
            lk = [0] * 101
            usable = [(j, row) for j, row in enumerate(rows) if aggressive or not row.aggressive_only]
            for roll in range(1, 101):
                idx = usable[-1][0]
                for j, row in usable:
                    bound = row.infield_in_upto if (infield_in and row.infield_in_upto) else row.upto
                    if roll <= bound:
                        idx = j
                        break
                lk[roll] = idx
            lk[0] = lk[1]
            lookups.append(tuple(lk))
    return DefenseTable(key, str(raw.get("name", key)), error, error_row, tuple(fine), tuple(rows),
                        tuple(lookups))
