"""Cards from a season's statistics: every field of a batter and a pitcher card (issue 15).

The formulas invert how the engine reads the cards (see docs/cards.md for the reasoning):

* A plate appearance is pitch → bat → defense. The pitch roll reads the pitcher's row (after the
  platoon modifier); `BB`, `K`, `X`, `G`, `IF` end there, `BS*` `BS+` `BS` send the batter to his
  own card, whose column then goes to a defense table. So the chance of each outcome (walk, hit
  by pitch, strikeout, single, double, triple, home run, out) is an exact, affine function of the
  batter's card widths for a given pitcher, and of the pitcher's row widths for a given batter.
  `EngineModel` computes that function from the ruleset's own tables (defense tables read over
  the hundred defense rolls with the bases empty; the X table with its re-pitch).
* A batter's card is the card that, against the league-average pitcher of the league context,
  gives his walk, strikeout, single, extra-base-hit and home-run rates: five equations, five
  unknown widths (BB 1B LG HR K), the out room split between OF, G and IF.
* A pitcher's mean row is the row that, against the league-average batter, gives his home run,
  hit, walk, hit-by-pitch and strikeout rates (unknowns BS*, BS (with BS+), BB, X, K; G and IF
  share the rest). Rows A–D are that mean row moved by the condition shifts, less the shift he
  carries on average (the condition table's own chain, from B, over his innings per outing).
* The league-average pitcher is a fixed share of the league's rates (constants below); the
  league-average batter card is then solved like any batter, from the league's own line.

Running, bunting, double-play, fielding and catcher ratings and the playing-time rank are
regressions on the matching statistic, with constants fitted on simulated seasons of the bundled
league (docs/cards.md, "Fitting"). A ruleset can carry its own constants in a `[cardgen]` table.

Pure: no I/O. Statistics come in as `StatPlayer` records (storage/statfiles.py reads the CSV).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Final, Iterable, Mapping, Sequence

from league.engine.cards import (
    BAT_COLUMNS,
    CONDITIONS,
    PITCH_COLUMNS,
    BattingCard,
    Bounds,
    CatcherRatings,
    Fielding,
    PitchingCard,
    Player,
)
from league.engine.ruleset import CARDGEN_DEFAULTS, Ruleset
from league.engine.values import defence_values
from league.errors import LeagueError

BAT_STATS = ("g", "pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "sb", "cs", "sh", "sf", "bb",
             "ibb", "hbp", "so", "gidp")
PIT_STATS = ("g", "gs", "w", "l", "sv", "hld", "cg", "outs", "bf", "h", "hr", "bb", "ibb", "hbp",
             "so", "wp", "bk", "r", "er")
FLD_STATS = ("g", "po", "a", "e", "dp", "pb", "sb", "cs")
FIELD_POSITIONS = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF")
OUTCOMES = ("BB", "HBP", "K", "1B", "2B", "3B", "HR", "OUT")
_O = {o: i for i, o in enumerate(OUTCOMES)}

# Formula constants (league.engine.ruleset.CARDGEN_DEFAULTS, which a ruleset's [cardgen] table
# overrides, docs/cards.md)
DEFAULTS: Final = CARDGEN_DEFAULTS
# a swingman's 『先』 (pitching_card): a relief game's innings, and the bounds of his innings a start
SWING_RELIEF_IP: Final = 1.2
SWING_START_MIN: Final = 3.0
# the least rest of a starter's card: a four-man rotation's ace (1968's 40 starts in 162 games)
# starts every fourth day
MIN_START_REST: Final = 3
SWING_START_MAX: Final = 5.0


def start_rest(team_games: int, starts: float, relief: float) -> int:
    """A starter card's 『休』: a start every (rest + 1) days, and a relief game of his (at most
    half his 『回』: rest / 2 rounded up, league/manager/rest.py) every (rest + 1) // 2 + 1; the
    most rest that lets him make his starts and his relief games in the season's days (≈ games
    × 1.1; rounded down: the rotation paces him), `MIN_START_REST` to 10. A starter who also
    relieved is so rested between starts on the days real usage has him relieve
    (league/manager/usage.py, `relieving_starters`)."""
    days = team_games * 1.1
    starts = max(1.0, starts)
    relief = max(0.0, relief)
    rest = MIN_START_REST
    while rest < 10 and starts * (rest + 2) + relief * ((rest + 2) // 2 + 1) <= days:
        rest += 1
    return rest


# Row shifts (widths BS* BS+ BS BB X G IF K) from the mean row to each condition.
CONDITION_SHIFTS: dict[str, tuple[float, ...]] = {
    "A": (0, 0, -8, -1, 0, 2, 1, 6),
    "B": (0, 0, 0, 0, 0, 0, 0, 0),
    "C": (0, 1, 5, 1, 0, -2, -1, -4),
    "D": (1, 1, 12, 2, 0, -4, -3, -9),
}
PITCH_MIN = {"BS*": 0, "BS+": 0, "BS": 15, "BB": 1, "X": 1, "G": 4, "IF": 3, "K": 2}
# Runs a hit, a home run and a walk or hit batsman are worth to the defense (linear weights);
# only their ratios matter (the league's line sets the scale).
RUN_WEIGHTS = {"H": 0.50, "HR": 1.40, "BB": 0.32, "TB_PER_HIT": 1.3}

# How often each base situation (index = bases occupied as a bit mask, 1st = 1) comes up in a
# plate appearance: the typical professional mix, used to read the defense tables.
SITUATION_MIX = (0.56, 0.19, 0.07, 0.07, 0.025, 0.04, 0.015, 0.03)
POSITION_BASE = {"P": 1.5, "C": 3.2, "1B": 1.5, "2B": 2.8, "3B": 2.4, "SS": 3.3, "LF": 1.8,
                 "CF": 3.2, "RF": 2.0}


# --------------------------------------------------------------------------------------------
# input records


@dataclass(frozen=True)
class StatPlayer:
    """One player's season: batting and/or pitching counts, fielding by position, hands."""

    key: str
    name: str
    team: str
    bats: str = "R"
    throws: str = "R"
    batting: Mapping[str, float] | None = None
    pitching: Mapping[str, float] | None = None
    fielding: Mapping[str, Mapping[str, float]] = field(default_factory=dict)


@dataclass(frozen=True)
class LeagueContext:
    """The league the lines are measured against: totals, team games, hand mixes."""

    batting: Mapping[str, float]
    pitching: Mapping[str, float]
    fielding: Mapping[str, Mapping[str, float]]
    team_games: int
    lefty_pitching: float = 0.3          # share of batters faced by left-handed pitchers
    batter_hands: Mapping[str, float] = field(default_factory=lambda: {"R": 0.6, "L": 0.33, "S": 0.07})


def _sum(dicts: Iterable[Mapping[str, float]], keys: Sequence[str]) -> dict[str, float]:
    out = dict.fromkeys(keys, 0.0)
    for d in dicts:
        for k in keys:
            out[k] += float(d.get(k, 0) or 0)
    return out


def batting_line(raw: Mapping[str, float]) -> dict[str, float]:
    """A batting line with every BAT_STATS key; PA filled in from its parts when missing."""
    line = {k: float(raw.get(k, 0) or 0) for k in BAT_STATS}
    parts = line["ab"] + line["bb"] + line["hbp"] + line["sh"] + line["sf"]
    if line["pa"] < parts:
        line["pa"] = parts
    return line


def pitching_line(raw: Mapping[str, float]) -> dict[str, float]:
    """A pitching line with every PIT_STATS key; batters faced estimated when missing."""
    line = {k: float(raw.get(k, 0) or 0) for k in PIT_STATS}
    if line["bf"] <= 0:
        line["bf"] = line["outs"] + line["h"] + line["bb"] + line["hbp"]
    return line


def league_context(players: Sequence[StatPlayer], team_games: int | None = None,
                   totals: Mapping[str, Mapping[str, float]] | None = None) -> LeagueContext:
    """The context of a whole league's lines, or of a given totals line (`totals` with
    "batting" and/or "pitching" keys, optional "team_games")."""
    bats = [batting_line(p.batting) for p in players if p.batting]
    pits = [(p, pitching_line(p.pitching)) for p in players if p.pitching]
    bat_tot = _sum(bats, BAT_STATS)
    pit_tot = _sum((ln for _, ln in pits), PIT_STATS)
    fld: dict[str, dict[str, float]] = {}
    for pos in FIELD_POSITIONS:
        fld[pos] = _sum((p.fielding[pos] for p in players if pos in p.fielding), FLD_STATS)
    if totals:
        if totals.get("batting"):
            bat_tot = batting_line(totals["batting"])
        if totals.get("pitching"):
            pit_tot = pitching_line(totals["pitching"])
        if totals.get("team_games"):
            team_games = int(totals["team_games"])  # type: ignore[call-overload]
    if bat_tot["pa"] <= 0 and pit_tot["bf"] > 0:
        # only pitching lines: the league's batting is what its pitchers allowed
        pt = pit_tot
        bat_tot = batting_line({"pa": pt["bf"], "ab": pt["bf"] - pt["bb"] - pt["hbp"], "h": pt["h"],
                                "hr": pt["hr"], "bb": pt["bb"], "ibb": pt["ibb"], "hbp": pt["hbp"],
                                "so": pt["so"], "2b": 0.17 * (pt["h"] - pt["hr"]),
                                "3b": 0.02 * (pt["h"] - pt["hr"])})
    if pit_tot["bf"] <= 0 and bat_tot["pa"] > 0:
        b = bat_tot
        pit_tot = pitching_line({"bf": b["pa"], "h": b["h"], "hr": b["hr"], "bb": b["bb"],
                                 "ibb": b["ibb"], "hbp": b["hbp"], "so": b["so"], "r": b["r"],
                                 "er": 0.92 * b["r"], "outs": b["ab"] - b["h"] + b["sh"] + b["sf"]})
    if bat_tot["pa"] <= 0:
        raise LeagueError("no league context: the files hold no plate appearances and no "
                          "batters faced (give the whole league or a line of league totals)")
    if not team_games:
        teams = {p.team for p in players}
        games = max((p.batting or {}).get("g", 0) or 0 for p in players) if players else 0
        team_games = int(games) or 143
        if teams:
            team_games = max(team_games, 1)
    lefty = 0.3
    total_bf = sum(ln["bf"] for _, ln in pits)
    if total_bf > 0:
        lefty = sum(ln["bf"] for p, ln in pits if p.throws == "L") / total_bf
    hands = {"R": 0.0, "L": 0.0, "S": 0.0}
    for p in players:
        if p.batting:
            hands[p.bats if p.bats in hands else "R"] += float(p.batting.get("pa", 0) or 0)
    tot = sum(hands.values())
    hand_mix = {k: v / tot for k, v in hands.items()} if tot > 0 else {"R": 0.6, "L": 0.33, "S": 0.07}
    return LeagueContext(bat_tot, pit_tot, fld, int(team_games), lefty, hand_mix)


# One team's season in the professional league today (rules C.3: the 2023–24 seasons), the
# context of a card made from a single stat line when no league is given.
DEFAULT_BATTING = {"g": 143, "pa": 5350, "ab": 4760, "r": 480, "h": 1170, "2b": 205, "3b": 22,
                   "hr": 92, "rbi": 460, "sb": 75, "cs": 30, "sh": 95, "sf": 32, "bb": 415,
                   "ibb": 18, "hbp": 48, "so": 1050, "gidp": 98}
DEFAULT_PITCHING = {"g": 143 * 4, "gs": 143, "outs": 143 * 27, "bf": 5350, "h": 1170, "hr": 92,
                    "bb": 415, "ibb": 18, "hbp": 48, "so": 1050, "wp": 30, "bk": 3, "r": 480,
                    "er": 445}


def default_context() -> LeagueContext:
    """The default league context: a season of today's professional league."""
    return LeagueContext(batting_line(DEFAULT_BATTING), pitching_line(DEFAULT_PITCHING), {}, 143)


# --------------------------------------------------------------------------------------------
# the engine, read backwards


def _solve(a: list[list[float]], b: list[float]) -> list[float] | None:
    """Gaussian elimination with partial pivoting; None when the system is singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[piv][c]) < 1e-12:
            return None
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                if f:
                    for k in range(c, n + 1):
                        m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def solve_bounded(f: Callable[[list[float]], list[float]], x0: list[float], target: list[float],
                  lo: list[float], hi: list[float]) -> list[float]:
    """x with f(x) = target (f affine, as many equations as unknowns), each x[i] kept within
    [lo[i], hi[i]]: an unknown that would leave its range is held at the edge and its equation
    dropped, and the rest solved again."""
    x = list(x0)
    free = list(range(len(x)))
    for _ in range(len(x) + 1):
        if not free:
            break
        base = f(x)
        jac = []
        for i in free:
            xp = list(x)
            xp[i] += 1.0
            fp = f(xp)
            jac.append([fp[e] - base[e] for e in range(len(base))])
        eqs = free  # equation i goes with unknown i
        a = [[jac[j][e] for j in range(len(free))] for e in eqs]
        rhs = [target[e] - base[e] for e in eqs]
        step = _solve(a, rhs)
        if step is None:
            break
        x_new = list(x)
        for j, i in enumerate(free):
            x_new[i] = x[i] + step[j]
        out = [i for i in free if not lo[i] <= x_new[i] <= hi[i]]
        if not out:
            return x_new
        for i in out:
            x_new[i] = min(hi[i], max(lo[i], x_new[i]))
        x = x_new
        free = [i for i in free if i not in out]
    return [min(hi[i], max(lo[i], v)) for i, v in enumerate(x)]


def shift_widths(widths: Sequence[float], m: float) -> list[float]:
    """Column widths as read after adding `m` to a roll of 1..100 (clamped): the first column
    loses m rolls and the last gains them (m > 0), or the other way round."""
    out = []
    acc = 0.0
    n = len(widths)
    for j, w in enumerate(widths):
        lo, hi = acc - m, acc + w - m
        acc += w
        if j == 0:
            lo = -1e9
        if j == n - 1:
            hi = 1e9
        out.append(max(0.0, min(hi, 100.0) - max(lo, 0.0)))
    return out


class EngineModel:
    """Outcome chances of a plate appearance, read from a ruleset's own tables."""

    def __init__(self, ruleset: Ruleset, constants: Mapping[str, float]) -> None:
        self.rules = ruleset
        self.c = constants
        values = defence_values((), ruleset.defence)
        self.tables = {key: self._table(key, values) for key in ruleset.tables}
        x = ruleset.x_table
        block = constants["avg_block"]
        xw = shift_widths([x.width(c) for c in x.columns], block)
        share = dict(zip(x.columns, (w / 100 for w in xw)))
        self.x_hbp = share.get("HP", 0.0) * constants["fit_hbp"]
        self.x_bb = share.get("BB", 0.0)
        # wild pitches and balks move runners only when there are runners to move
        self.x_wild = share.get("WP", 0.0) + share.get("BK", 0.0)

    def _table(self, key: str, values) -> list[float]:
        """The batter's outcome on a defense table: the hundred defense rolls, over a typical
        mix of base situations (a grounder with a runner on first can be a force out, and the
        batter's DP comes off the roll)."""
        level = float(self.c["avg_dp"])
        low = int(level)
        frac = level - low
        if key != "ground" or frac <= 0:
            return self._table_at(key, values, low)
        # a fractional level (the double-play level the run fit solves): between the two
        # whole DPs
        a, b = self._table_at(key, values, low), self._table_at(key, values, low + 1)
        return [(1 - frac) * x + frac * y for x, y in zip(a, b)]

    def _table_at(self, key: str, values, dp: int) -> list[float]:
        """`_table` with the batter's DP `dp`."""
        t = self.rules.tables[key]
        out = [0.0] * len(OUTCOMES)
        err = values.error(t.error) if t.error != "none" else 0
        for sit, weight in enumerate(SITUATION_MIX):
            for raw in range(1, 101):
                row = None
                if t.error_row is not None and raw <= err:
                    out[_O["OUT"]] += weight  # reached on an error: an at-bat without a hit
                    continue
                for src, frow in t.fine:
                    if raw >= values.fine(src):
                        row = frow
                        break
                if row is None:
                    roll = max(1, raw - dp) if key == "ground" and sit else raw
                    row = t.rows[t.row_index(roll, False, False)]
                tokens = row.result(sit, False)
                base = tokens[0][0]
                forced = any(sit & (1 << (b - 1)) and tokens[b][0] == 0 for b in (1, 2, 3))
                credit = row.credit
                if credit in ("1B", "2B", "3B", "HR"):
                    o = credit
                elif base == 0 or credit in ("out", "E", "FC"):
                    o = "OUT"
                elif key in ("ground", "infield_fly"):
                    o = "OUT" if forced else "1B"
                else:
                    o = ("1B", "2B", "3B", "HR")[min(base, 4) - 1]
                out[_O[o]] += weight
        return [v / 100 for v in out]

    @staticmethod
    def _unit(o: str) -> list[float]:
        v = [0.0] * len(OUTCOMES)
        v[_O[o]] = 1.0
        return v

    def swing(self, bat: Mapping[str, float], pitch: str) -> list[float]:
        """Outcome chances when the pitch reads `pitch` (BS*, BS+ or BS) and the batter rolls on
        a card of these widths (0..100 each)."""
        y = [0.0] * len(OUTCOMES)

        def add(vec: Sequence[float], w: float) -> None:
            if w:
                for i, v in enumerate(vec):
                    y[i] += v * w / 100

        add(self._unit("BB"), bat["BB"])
        add(self._unit("K"), bat["K"])
        add(self.tables["single"], bat["1B"])
        add(self.tables["long"], bat["LG"])
        hr = bat["HR"]
        if pitch in ("BS*", "BS+") or hr <= 0:
            add(self._unit("HR"), hr)
        else:  # the roll equal to the HR bound goes to the HR defense table
            exact = min(1.0, hr)
            add(self._unit("HR"), hr - exact)
            add(self.tables["home_run"], exact)
        of_table = {"BS*": "home_run", "BS+": "single"}.get(pitch, "outfield_fly")
        add(self.tables[of_table], bat["OF"])
        add(self.tables["ground"], bat["G"])
        add(self.tables["infield_fly"], bat["IF"])
        return y

    def rates(self, bat: Mapping[str, float], pitch: Mapping[str, float]) -> list[float]:
        """Outcome chances of a plate appearance: batter card widths `bat`, pitch widths
        `pitch` (as read, after the platoon modifier)."""
        y = [0.0] * len(OUTCOMES)
        for col in ("BS*", "BS+", "BS"):
            w = pitch.get(col, 0.0)
            if w > 0:
                s = self.swing(bat, col)
                for i in range(len(y)):
                    y[i] += s[i] * w / 100
        y[_O["BB"]] += pitch["BB"] / 100
        y[_O["K"]] += pitch["K"] / 100
        for col, table in (("G", "ground"), ("IF", "infield_fly")):
            for i, v in enumerate(self.tables[table]):
                y[i] += v * pitch[col] / 100
        px = pitch["X"] / 100
        y[_O["HBP"]] += px * self.x_hbp
        y[_O["BB"]] += px * self.x_bb
        # every other X code is a re-pitch: the PA ends as the other columns do
        again = px * (1 - self.x_hbp - self.x_bb)
        scale = 1 / (1 - again) if again < 1 else 1.0
        y = [v * scale for v in y]
        # what the reading above leaves out (hit-and-run, infield in, aggressive defense, bunts,
        # a re-pitch moved against the pitcher) is fitted: docs/cards.md, "Fitting"
        for o, key in (("1B", "fit_1b"), ("HR", "fit_hr"), ("2B", "fit_2b")):
            f = self.c[key]
            moved = y[_O[o]] * (1 - f)
            y[_O[o]] -= moved
            y[_O["OUT"]] += moved
        return y

    def wild(self, pitch: Mapping[str, float]) -> float:
        """Hit batsmen, wild pitches and balks per plate appearance: what an X width does to the
        lines a pitcher's statistics keep (passed balls are the catcher's)."""
        px = pitch["X"] / 100
        again = px * (1 - self.x_hbp - self.x_bb)
        on = 1 - SITUATION_MIX[0]
        return px * (self.x_hbp + on * self.x_wild) / (1 - again if again < 1 else 1)

    def platooned(self, widths: Mapping[str, float], throws: str,
                  batter_mix: Mapping[str, float]) -> dict[str, float]:
        """A pitcher's row as read by a mix of batters (keys R L S) after the platoon modifier."""
        base = [widths[c] for c in PITCH_COLUMNS]
        out = [0.0] * len(base)
        for hand, share in batter_mix.items():
            m = self.rules.platoon.get(throws + hand, 0)
            for i, w in enumerate(shift_widths(base, m)):
                out[i] += share * w
        return dict(zip(PITCH_COLUMNS, out))

    def faced(self, widths: Mapping[str, float], bats: str, lefty: float) -> dict[str, float]:
        """The league pitcher's row as a batter of hand `bats` sees it (R/L pitchers mixed)."""
        base = [widths[c] for c in PITCH_COLUMNS]
        out = [0.0] * len(base)
        for throws, share in (("R", 1 - lefty), ("L", lefty)):
            m = self.rules.platoon.get(throws + bats, 0)
            for i, w in enumerate(shift_widths(base, m)):
                out[i] += share * w
        return dict(zip(PITCH_COLUMNS, out))


# --------------------------------------------------------------------------------------------
# rates from lines


def batter_rates(line: Mapping[str, float], ibb_given: float = 1.0) -> dict[str, float] | None:
    """Per plate appearance decided by the cards: intentional walks and sacrifice bunts are the
    managers' doing and left out — of the intentional walks, the share `ibb_given` the computer
    managers give again (`ibb_given_share`); the rest are walks the card makes."""
    ibb = ibb_given * line["ibb"]
    pa = line["pa"] - ibb - line["sh"]
    if pa <= 0:
        return None
    singles = line["h"] - line["2b"] - line["3b"] - line["hr"]
    return {"BB": (line["bb"] - ibb) / pa, "HBP": line["hbp"] / pa, "K": line["so"] / pa,
            "1B": max(0.0, singles) / pa, "XBH": (line["2b"] + line["3b"]) / pa,
            "HR": line["hr"] / pa, "3B_share": line["3b"] / max(1.0, line["2b"] + line["3b"])}


def pitcher_rates(line: Mapping[str, float], ibb_given: float = 1.0) -> dict[str, float] | None:
    """Per batter faced decided by the cards (intentional walks as in `batter_rates`)."""
    ibb = ibb_given * line["ibb"]
    bf = line["bf"] - ibb
    if bf <= 0:
        return None
    return {"BB": (line["bb"] - ibb) / bf, "HBP": line["hbp"] / bf, "K": line["so"] / bf,
            "H": line["h"] / bf, "HR": line["hr"] / bf,
            "WILD": (line["hbp"] + line["wp"] + line["bk"]) / bf}


# --------------------------------------------------------------------------------------------
# the generator


@dataclass(frozen=True)
class CardNote:
    """Something the generator wants the user to know about one player's card."""

    key: str
    name: str
    team: str
    text: str


@dataclass(frozen=True)
class Generated:
    """The cards of a league made from its statistics, with the notes (replacement level…)."""

    players: tuple[Player, ...]
    replacement: tuple[str, ...]      # keys of players given a replacement-level card
    notes: tuple[CardNote, ...]


def _widths_to_bounds(widths: Sequence[float], columns: tuple[str, ...], what: str,
                      dashes: frozenset[str] = frozenset()) -> Bounds:
    """Round widths (summing to ~100) to whole rolls by largest remainder; 0 reads "-"."""
    raw = [max(0.0, w) for w in widths]
    total = sum(raw) or 1.0
    raw = [w * 100.0 / total for w in raw]
    ints = [int(w) for w in raw]
    order = sorted(range(len(raw)), key=lambda i: raw[i] - ints[i], reverse=True)
    for i in order[: 100 - sum(ints)]:
        ints[i] += 1
    bounds: list[int | None] = []
    acc = 0
    for c, w in zip(columns, ints):
        acc += w
        bounds.append(None if w == 0 else acc)
    # the last column must be present so every roll reads
    if bounds[-1] is None:
        bounds[-1] = 100
    return Bounds.make(columns, tuple(bounds), what)


class CardMaker:
    """Makes cards for the players of one league context under one ruleset."""

    def __init__(self, ruleset: Ruleset, context: LeagueContext,
                 constants: Mapping[str, float] | None = None) -> None:
        c = dict(DEFAULTS)
        c.update(getattr(ruleset, "cardgen", {}) or {})
        if constants:
            c.update(constants)
        self.c = c
        self.rules = ruleset
        self.ctx = context
        self.model = EngineModel(ruleset, c)
        lg = batting_line(context.batting)
        self.lg_bat = lg
        # the share of the league's intentional walks the computer managers give again (they
        # walk a man on purpose `computer_ibb` of plate appearances; 1968 NL's managers 1.14 %):
        # the rest are walks on the cards of the men who drew them, and come off the pitchers'
        self.ibb_given = 1.0
        if lg["ibb"] > 0 and lg["pa"] > 0:
            self.ibb_given = min(1.0, c["computer_ibb"] * lg["pa"] / lg["ibb"])
        self.lg_pit = pitching_line(context.pitching)
        lg_hbp = batter_rates(lg, self.ibb_given)
        self.lg_hbp = lg_hbp["HBP"] if lg_hbp else 0.0
        rates = self.bat_rates(lg)
        if rates is None:
            raise LeagueError("the league totals have no plate appearances")
        self.lg_rates = rates
        # the league-average pitcher's mean row
        k = max(2.0, c["pitcher_k_share"] * rates["K"] * 100)
        bb = max(1.0, c["pitcher_bb_share"] * rates["BB"] * 100)
        lg_p = self.pit_rates(self.lg_pit) or {"WILD": rates["HBP"]}
        per_x = self.model.x_hbp + (1 - SITUATION_MIX[0]) * self.model.x_wild
        x = min(12.0, max(0.5, lg_p["WILD"] * 100 / max(0.02, per_x)))
        rest = 100 - k - bb - x - c["avg_g"] - c["avg_if"] - c["avg_bs_star"] - c["avg_bs_plus"]
        self.avg_row = {"BS*": c["avg_bs_star"], "BS+": c["avg_bs_plus"], "BS": max(15.0, rest),
                        "BB": bb, "X": x, "G": c["avg_g"], "IF": c["avg_if"], "K": k}
        # the league-average batter: solved like any batter from the league's own line
        self.avg_card = self._solve_batter(rates, "R", mixed=True)
        # the league's pitchers' platoon-free row needs the same HBP: fit X so the league line
        # (average batter vs average pitcher) gives the league's HBP
        self.replacement_card = self._replacement_batter()

    # -- batters ------------------------------------------------------------------------------
    def bat_rates(self, line: Mapping[str, float]) -> dict[str, float] | None:
        """The rates a batter card is solved for: `batter_rates`, the intentional walks the
        computer does not give again counted as walks, and his hit batsmen beyond the league's
        rate as walks too — a batter card has no HBP (the pitcher's X column hits batters, the
        same share of every man), so a man hit twice as often as the league reaches base the
        other way he reached it without a hit (HBP below the league's: fewer walks)."""
        r = batter_rates(line, self.ibb_given)
        if r is None:
            return None
        r["BB"] = max(0.0, r["BB"] + self.c["hbp_as_bb"] * (r["HBP"] - self.lg_hbp))
        return r

    def pit_rates(self, line: Mapping[str, float]) -> dict[str, float] | None:
        """A pitcher's rates, his intentional walks as in `bat_rates`."""
        return pitcher_rates(line, self.ibb_given)

    def _pitch_seen(self, bats: str, mixed: bool = False) -> dict[str, float]:
        if mixed:
            out = dict.fromkeys(PITCH_COLUMNS, 0.0)
            for hand, share in self.ctx.batter_hands.items():
                seen = self.model.faced(self.avg_row, hand, self.ctx.lefty_pitching)
                for k in out:
                    out[k] += share * seen[k]
            return out
        return self.model.faced(self.avg_row, bats, self.ctx.lefty_pitching)

    def _out_split(self, hr_rate: float) -> tuple[float, float, float]:
        c = self.c
        of = c["out_of"] + c["of_per_hr"] * (hr_rate - self.lg_rates["HR"])
        of = min(0.95, max(0.2, of))
        g = c["out_g"] * (1 - of) / (1 - c["out_of"])
        return of, g, 1 - of - g

    def _solve_batter(self, r: Mapping[str, float], bats: str, mixed: bool = False
                      ) -> dict[str, float]:
        pitch = self._pitch_seen(bats, mixed)
        of, g, iff = self._out_split(r["HR"])
        model = self.model
        xbh_i = (_O["2B"], _O["3B"])

        def card(x: Sequence[float]) -> dict[str, float]:
            bb, b1, lg, hr, k = x
            room = 100 - bb - b1 - lg - hr - k
            return {"BB": bb, "1B": b1, "LG": lg, "HR": hr, "OF": room * of, "G": room * g,
                    "IF": room * iff, "K": k}

        def f(x: list[float]) -> list[float]:
            y = model.rates(card(x), pitch)
            return [y[_O["BB"]], y[_O["1B"]], y[xbh_i[0]] + y[xbh_i[1]], y[_O["HR"]], y[_O["K"]]]

        target = [r["BB"], r["1B"], r["XBH"], r["HR"], r["K"]]
        x = solve_bounded(f, [5, 22, 7, 4, 12], target, [0, 1, 0, 0, 0], [40, 60, 30, 30, 60])
        # the out room cannot go below a few rolls: squeeze the hit columns if it would
        total = sum(x)
        if total > 90:
            x = [v * 90 / total for v in x]
        return card(x)

    def _replacement_batter(self) -> dict[str, float]:
        lvl = self.c["replacement_level"]
        r = dict(self.lg_rates)
        for k in ("BB", "1B", "XBH", "HR"):
            r[k] *= lvl
        r["K"] = r["K"] / lvl
        return self._solve_batter(r, "R", mixed=True)

    def batting_card(self, p: StatPlayer) -> tuple[BattingCard, bool]:
        """The batter card of a player, and whether it is a replacement-level card."""
        line = batting_line(p.batting or {})
        r = self.bat_rates(line)
        repl = r is None or line["pa"] < self.c["min_pa"]
        widths = self.replacement_card if repl else self._solve_batter(r, p.bats)  # type: ignore[arg-type]
        bounds = _widths_to_bounds([widths[c] for c in BAT_COLUMNS], BAT_COLUMNS,
                                   f"{p.name}: batter card")
        # a column needed for a hit the player made keeps at least one roll
        bt, rr, sr, dp = self.running(line, repl)
        return BattingCard(bounds, BT=bt, RR=rr, SR=sr, DP=dp), repl

    def running(self, line: Mapping[str, float], repl: bool) -> tuple[int, int, int, int]:
        """BT, RR, SR, DP from bunts, speed, steals and double plays."""
        c = self.c
        lg = self.lg_bat
        if repl or line["pa"] <= 0:
            line = lg
        singles = line["h"] - line["2b"] - line["3b"] - line["hr"]
        on_first = max(1.0, singles + line["bb"] + line["hbp"] - line["ibb"])
        att = (line["sb"] + line["cs"]) / on_first
        sr = c["sr_base"] + c["sr_att"] * att

        # speed: triples among extra-base hits, runs scored per time on base (home runs left
        # out), steal attempts — each against the league's own figure
        def speed(ln: Mapping[str, float]) -> tuple[float, float, float]:
            on = max(1.0, ln["h"] + ln["bb"] + ln["hbp"] - ln["hr"])
            s1 = max(1.0, ln["h"] - ln["2b"] - ln["3b"] - ln["hr"] + ln["bb"] + ln["hbp"] - ln["ibb"])
            return (ln["3b"] / max(1.0, ln["2b"] + ln["3b"]), (ln["r"] - ln["hr"]) / on,
                    (ln["sb"] + ln["cs"]) / s1)
        t3, rs, sa = speed(line)
        l3, lrs, lsa = speed(lg)
        rr = c["rr_mean"] + c["rr_3b"] * (t3 - l3) + c["rr_runs"] * (rs - lrs) + c["rr_att"] * (sa - lsa)
        gidp_rate = line["gidp"] / max(1.0, line["pa"])
        lg_gidp = lg["gidp"] / max(1.0, lg["pa"])
        dp = c["dp_mean"] + c["dp_gidp"] * (gidp_rate - lg_gidp)
        bt = c["bt_base"] + c["bt_sh"] * (line["sh"] / max(1.0, line["pa"]))
        return (int(round(min(5, max(0, bt)))), int(round(min(6, max(-1, rr)))),
                int(round(min(99, max(0, sr)))), int(round(min(15, max(0, dp)))))

    # -- fielding -----------------------------------------------------------------------------
    def fielding(self, p: StatPlayer, pitcher: bool) -> tuple[tuple[Fielding, ...], CatcherRatings | None]:
        """Positions with defence numbers and marks, most games first; catcher ratings."""
        c = self.c
        entries: list[tuple[float, Fielding]] = []
        catcher = None
        for pos, stats in p.fielding.items():
            g = float(stats.get("g", 0) or 0)
            if pos not in FIELD_POSITIONS or g <= 0:
                continue
            if pos == "P" and not pitcher:
                continue
            lg = self.ctx.fielding.get(pos) or {}
            lg_g = float(lg.get("g", 0) or 0)
            lg_ch = float(lg.get("po", 0) + lg.get("a", 0) + lg.get("e", 0)) if lg else 0.0
            ch = float(stats.get("po", 0) + stats.get("a", 0) + stats.get("e", 0))
            # range: plays made per game against the position's league figure, shrunk toward
            # the league for a short season at the position
            rng_rel = 0.0
            if lg_g > 0 and lg_ch > 0 and pos not in ("C", "P"):
                lg_rf = (lg.get("po", 0) + lg.get("a", 0)) / lg_g
                rf = (stats.get("po", 0) + stats.get("a", 0)) / g
                rng_rel = (rf / lg_rf - 1) * g / (g + c["range_shrink_g"])
            number = POSITION_BASE[pos] + c["defence_per_range"] * rng_rel
            err_ratio = 1.0
            if lg_ch > 0 and ch > 0:
                lg_er = lg.get("e", 0) / lg_ch
                if lg_er > 0:
                    prior = c["error_shrink_chances"]
                    err_ratio = ((stats.get("e", 0) + lg_er * prior) / (ch + prior)) / lg_er
            fine = None
            if rng_rel >= c["fine_range"]:
                fine = "+"
            elif rng_rel >= c["fine_range"] / 2:
                fine = "#"
            error = None
            if err_ratio >= c["bad_error_ratio"]:
                error = "*"
            elif err_ratio >= c["error_ratio"]:
                error = "-"
            if error == "*":
                number -= 0.5
            if pos == "C":
                catcher = self._catcher(stats)
                number += (catcher.arm - 3) * 0.3
            entries.append((g, Fielding(pos, int(round(min(5, max(0, number)))), fine, error)))
        entries.sort(key=lambda e: (-e[0], FIELD_POSITIONS.index(e[1].position)))
        return tuple(f for _, f in entries), catcher

    def _catcher(self, stats: Mapping[str, float]) -> CatcherRatings:
        c = self.c
        lg = self.ctx.fielding.get("C") or {}
        att = stats.get("sb", 0) + stats.get("cs", 0)
        lg_att = lg.get("sb", 0) + lg.get("cs", 0)
        lg_rate = lg.get("cs", 0) / lg_att if lg_att else 0.3
        # caught-stealing rate shrunk toward the league's by 20 attempts
        rate = (stats.get("cs", 0) + lg_rate * 20) / (att + 20)
        arm = c["arm_base"] + c["arm_per_cs"] * (rate - lg_rate)
        g = max(1.0, float(stats.get("g", 0) or 0))
        lg_g = max(1.0, float(lg.get("g", 0) or 0))
        pb = (stats.get("pb", 0) + lg.get("pb", 0) / lg_g * 20) / (g + 20)
        block = c["block_base"] + c["block_per_pb"] * (pb - lg.get("pb", 0) / lg_g)
        arm_i = int(round(min(6, max(0, arm))))
        block_i = int(round(min(5, max(0, block))))
        lead = int(round(min(2, max(-1, (arm_i - 3) * 0.5 + (block_i - 1.5) * 0.5))))
        return CatcherRatings(arm_i, block_i, lead)

    # -- pitchers -----------------------------------------------------------------------------
    def _solve_pitcher(self, r: Mapping[str, float], throws: str) -> dict[str, float]:
        c = self.c
        model = self.model
        bat = self.avg_card
        mix = self.ctx.batter_hands
        gshare = c["pitcher_g_of_gif"]
        plus = c["bs_plus_of_bs"]

        def row(x: Sequence[float]) -> dict[str, float]:
            star, bs, bb, xx, k = x
            gif = 100 - star - bs - bb - xx - k
            return {"BS*": star, "BS+": bs * plus, "BS": bs * (1 - plus), "BB": bb, "X": xx,
                    "G": gif * gshare, "IF": gif * (1 - gshare), "K": k}

        def f(x: list[float]) -> list[float]:
            seen = model.platooned(row(x), throws, mix)
            y = model.rates(bat, seen)
            hits = y[_O["1B"]] + y[_O["2B"]] + y[_O["3B"]] + y[_O["HR"]]
            return [y[_O["HR"]], hits + w * y[_O["HR"]], y[_O["BB"]], model.wild(seen), y[_O["K"]]]

        # hits are matched as "damage", hits plus extra weight on home runs: when a pitcher
        # gave up fewer home runs than a row can (BS* at 0), his hits come down to make up
        w = c["hr_damage"]
        target = [r["HR"], r["H"] + w * r["HR"], r["BB"], r["WILD"], r["K"]]
        x0 = [self.avg_row["BS*"], self.avg_row["BS"] + self.avg_row["BS+"], self.avg_row["BB"],
              self.avg_row["X"], self.avg_row["K"]]
        x = solve_bounded(f, x0, target, [0, 18, 0.5, 0.5, 1], [14, 80, 30, 15, 50])
        out = row(x)
        if out["G"] + out["IF"] < PITCH_MIN["G"] + PITCH_MIN["IF"]:
            out["BS"] -= PITCH_MIN["G"] + PITCH_MIN["IF"] - out["G"] - out["IF"]
            out["G"], out["IF"] = PITCH_MIN["G"], PITCH_MIN["IF"]
        return out

    def _expected_er(self, r: Mapping[str, float]) -> float:
        """Earned runs per batter faced that a line's components are worth: Base Runs (runs
        grow faster than the runners allowed, so a line twice as bad is more than twice as
        costly), scaled so the league's own line is worth the league's earned runs."""
        def base_runs(x: Mapping[str, float]) -> float:
            single_etc = x["H"] - x["HR"]
            tb = RUN_WEIGHTS["TB_PER_HIT"] * single_etc + 4 * x["HR"]
            a = single_etc + x["BB"] + x["HBP"]
            b = (1.4 * tb - 0.6 * x["H"] - 3 * x["HR"] + 0.1 * (x["BB"] + x["HBP"])) * 1.02
            c = max(1e-6, 1 - x["H"] - x["BB"] - x["HBP"])
            return a * b / (b + c) + x["HR"] if b + c > 0 else x["HR"]
        lg = self.pit_rates(self.lg_pit) or r
        lg_er = self.lg_pit["er"] / max(1.0, self.lg_pit["bf"] - self.ibb_given * self.lg_pit["ibb"])
        base = base_runs(lg)
        return lg_er * base_runs(r) / base if base > 0 else lg_er

    def _with_era(self, r: Mapping[str, float], line: Mapping[str, float]) -> dict[str, float]:
        """A pitcher's earned runs beyond (or short of) what his components are worth are kept
        in part (`era_weight`), as hits allowed: the card gives up runs as he did."""
        out = dict(r)
        bf = line["bf"] - self.ibb_given * line["ibb"]
        if bf <= 0 or line["outs"] <= 0 or self.c["era_weight"] <= 0:
            return out
        # ERA is runs an inning, not a batter: a hit added to keep his runs is also a batter
        # more before the third out (it takes an out's place), so his innings hold more
        # batters and more runs. Kept per batter faced, a pitcher who gave up a run more than
        # his components came out about ERA / 16 more again (the 100+ inning pitchers' ERA
        # error grew 0.2–0.6 a run of that gap in seven replayed seasons, docs/cards.md).
        # Outs a batter faced: his own, less the hits added (each in an out's place).
        outs_bf = line["outs"] / bf

        def per_out(h: float) -> float:
            return self._expected_er({**out, "H": h}) / max(1e-6, outs_bf - (h - r["H"]))
        gap = line["er"] / line["outs"] - per_out(r["H"])
        # shrunk by the batters faced: a short season's gap is mostly luck of the sequence
        k = self.c["era_weight"] * bf / (bf + self.c["era_shrink_bf"])
        # the hits that make his components worth the runs kept: Base Runs solved for the hits
        # (a hit is worth more runs behind a pitcher who allows many runners, and in a league
        # of many: a fixed run value would give a bad pitcher of a high-scoring year too many)
        want = per_out(r["H"]) + k * gap
        lo, hi = r["HR"], min(max(r["H"], r["HR"]) + 1.0, r["H"] + outs_bf - 0.05)
        if per_out(lo) >= want:
            out["H"] = lo
            return out
        for _ in range(40):
            mid = (lo + hi) / 2
            if per_out(mid) < want:
                lo = mid
            else:
                hi = mid
        out["H"] = (lo + hi) / 2
        return out

    def _shrunk(self, r: Mapping[str, float], bf: float) -> dict[str, float]:
        """Home runs allowed are mostly the batters' doing and a season's count is noisy: the
        rate is pulled toward the league's by `hr_shrink_bf` batters faced (the rest of the
        damage is kept: see `_solve_pitcher`)."""
        lg = self.pit_rates(self.lg_pit) or r
        k = bf / (bf + self.c["hr_shrink_bf"])
        out = dict(r)
        out["HR"] = lg["HR"] + k * (r["HR"] - lg["HR"])
        # the hits keep the damage of the home runs taken away or added
        out["H"] = r["H"] + self.c["hr_damage"] * (r["HR"] - out["HR"])
        return out

    def occupancy(self, stability: str, innings: float) -> dict[str, float]:
        """The share of innings a pitcher spends in each condition: the condition table's chain,
        from B, checked at the start of each of his innings (as the engine does)."""
        table = self.rules.condition
        state = {"A": 0.0, "B": 1.0, "C": 0.0, "D": 0.0}
        occ = dict.fromkeys(CONDITIONS, 0.0)
        n = max(1, int(math.ceil(innings)))
        for _ in range(n):
            new = dict.fromkeys(CONDITIONS, 0.0)
            for cond, share in state.items():
                if not share:
                    continue
                current = "C" if cond == "D" else cond
                b = table[current]
                idx = CONDITIONS.index(current)
                for res in ("↓2", "↓1", "NE", "↑1", "↑2"):
                    w = b.width(res) / 100 if res in b.columns else 0.0
                    if not w:
                        continue
                    step = {"↓2": 1 if stability in ("S", "A") else 2, "↓1": 1, "NE": 0,
                            "↑1": -1, "↑2": -1 if stability in ("B", "C") else -2}[res]
                    new[CONDITIONS[max(0, min(3, idx + step))]] += share * w
            state = new
            for k, v in state.items():
                occ[k] += v / n
        return occ

    def pitching_card(self, p: StatPlayer, force_starter: bool = False
                      ) -> tuple[PitchingCard, bool, dict[str, float]]:
        """The pitcher card, whether it is replacement level, and the line used. A pitcher
        `force_starter` (one of his team's five with most starts) gets a starter's card."""
        c = self.c
        line = pitching_line(p.pitching or {})
        repl = line["outs"] < c["min_outs"] or self.pit_rates(line) is None
        lg_r = self.pit_rates(self.lg_pit) or {}
        if repl:
            lvl = c["replacement_level"]
            r = {"HR": lg_r["HR"] / lvl, "H": lg_r["H"] / lvl, "BB": lg_r["BB"] / lvl,
                 "HBP": lg_r["HBP"], "WILD": lg_r["WILD"], "K": lg_r["K"] * lvl}
        else:
            r = self._with_era(self._shrunk(self.pit_rates(line), line["bf"]), line)  # type: ignore[arg-type]
        starter_share = line["gs"] / line["g"] if line["g"] else 0.0
        is_starter = starter_share >= 0.5
        outs_per = line["outs"] / max(1.0, line["gs"] if is_starter else line["g"])
        ip_per = outs_per / 3
        if repl:
            ip_per = 1.0
            is_starter = False
        if force_starter and not is_starter:
            is_starter = True
            ip_per = max(5.0, line["outs"] / 3 / max(1.0, line["gs"])) if line["gs"] else 5.0
        # stability from strikeouts less walks, against the league
        kbb = (r["K"] - r["BB"]) - (lg_r["K"] - lg_r["BB"])
        z = kbb / c["stab_scale"]
        if line["cg"] >= 3:
            z += 0.3
        stability = "S" if z >= c["stab_s"] else "A" if z >= c["stab_a"] else \
            "B" if z >= c["stab_b"] else "C"
        if repl:
            stability = "C"
        mean = self._solve_pitcher(r, p.throws)
        occ = self.occupancy(stability, ip_per)
        carried = [sum(occ[k] * CONDITION_SHIFTS[k][i] for k in CONDITIONS)
                   for i in range(len(PITCH_COLUMNS))]
        base = [mean[col] - carried[i] for i, col in enumerate(PITCH_COLUMNS)]
        rows = {}
        for cond in CONDITIONS:
            w = [base[i] + CONDITION_SHIFTS[cond][i] for i in range(len(PITCH_COLUMNS))]
            for i, col in enumerate(PITCH_COLUMNS):
                w[i] = max(PITCH_MIN[col], w[i])
            w[2] += 100 - sum(w)  # BS takes what the minimums moved
            rows[cond] = _widths_to_bounds(w, PITCH_COLUMNS, f"{p.name}: row {cond}")
        innings = max(1.0, round(ip_per * 2) / 2) if not is_starter else max(5.0, round(ip_per * 2) / 2)
        starter = int(round(ip_per + c["starter_extra"])) if is_starter else 0
        if not is_starter and not repl and line["gs"] >= 1:
            # a swingman (more relief games than starts) starts as he did: his innings a start
            # are his innings less a relief inning and a fifth for each relief game
            start_ip = (line["outs"] / 3 - SWING_RELIEF_IP * (line["g"] - line["gs"])) / line["gs"]
            starter = int(round(min(SWING_START_MAX, max(SWING_START_MIN, start_ip))
                                + c["starter_extra"]))
        starter = min(12, starter)
        innings = min(12.0, innings)
        team_games = max(1, self.ctx.team_games)
        if is_starter:
            rest = start_rest(team_games, line["gs"], line["g"] - line["gs"])
        else:
            apps = line["g"] / team_games
            rest = 1 if apps >= 0.3 else 2 if apps >= 0.15 else 3
        bat_rank = self._bat_rank(p)
        return PitchingCard(rows, stability, innings, starter, rest, bat_rank), repl, line

    def settle(self, players: Sequence[StatPlayer]) -> None:
        """Make the league-average pitcher row and batter card the averages of the cards."""
        rounds = int(self.c["consistency_rounds"])
        for _ in range(rounds):
            row = dict.fromkeys(PITCH_COLUMNS, 0.0)
            bf = 0.0
            card = dict.fromkeys(BAT_COLUMNS, 0.0)
            pa = 0.0
            for p in players:
                if p.pitching:
                    line = pitching_line(p.pitching)
                    r = self.pit_rates(line)
                    if r is None or line["outs"] < self.c["min_outs"]:
                        continue
                    r = self._with_era(self._shrunk(r, line["bf"]), line)
                    mean = self._solve_pitcher(r, p.throws)
                    for k in row:
                        row[k] += line["bf"] * mean[k]
                    bf += line["bf"]
                elif p.batting:
                    line = batting_line(p.batting)
                    br = self.bat_rates(line)
                    if br is None or line["pa"] < self.c["min_pa"]:
                        continue
                    w = self._solve_batter(br, p.bats)
                    for k in card:
                        card[k] += line["pa"] * w[k]
                    pa += line["pa"]
            if bf > 0:
                self.avg_row = {k: v / bf for k, v in row.items()}
            if pa > 0:
                self.avg_card = {k: v / pa for k, v in card.items()}
        self.replacement_card = self._replacement_batter()

    def _bat_rank(self, p: StatPlayer) -> str:
        line = batting_line(p.batting or {})
        if line["pa"] < 10:
            return "C"
        ops_like = (line["h"] + line["bb"] + line["hbp"]) / max(1.0, line["pa"]) + \
            (line["h"] + line["2b"] + 2 * line["3b"] + 3 * line["hr"]) / max(1.0, line["ab"])
        if ops_like >= 0.55:
            return "A+" if line["hr"] >= 2 else "A"
        if ops_like >= 0.35:
            return "B+" if line["hr"] >= 1 else "B"
        return "C"

    def playing_rank(self, p: StatPlayer) -> str:
        """出場ランク from the share of his team's games he played (injury tolerance)."""
        g = max(float((p.batting or {}).get("g", 0) or 0), float((p.pitching or {}).get("g", 0) or 0))
        if p.pitching and not p.batting:
            line = pitching_line(p.pitching)
            # pitchers: innings against the season's (a starter's 180 innings is an A)
            share = line["outs"] / 3 / max(1.0, self.ctx.team_games * 1.2)
            return "A" if share >= 0.9 else "B" if share >= 0.5 else "C" if share >= 0.25 \
                else "D" if share >= 0.1 else "E"
        share = g / max(1, self.ctx.team_games)
        return "A" if share >= 0.9 else "B" if share >= 0.7 else "C" if share >= 0.4 \
            else "D" if share >= 0.15 else "E"

    def player(self, p: StatPlayer, pid: str, starter: bool = False) -> tuple[Player, bool]:
        """One player's cards; True when a card of his is replacement level."""
        pitches = bool(p.pitching)
        bats = bool(p.batting) and not pitches or (pitches and self._own_bat(p))
        batting = None
        repl = False
        if bats:
            batting, repl = self.batting_card(p)
        pitching = None
        if pitches:
            pitching, prepl, _ = self.pitching_card(p, starter)
            repl = repl or prepl
            if batting is not None:
                pitching = PitchingCard(pitching.rows, pitching.stability, pitching.innings,
                                        pitching.starter, pitching.rest, None)
        fielding, catcher = self.fielding(p, pitches)
        if pitches and not any(f.position == "P" for f in fielding):
            fielding = (Fielding("P", 1), *fielding)
        if not pitches:
            fielding = tuple(f for f in fielding if f.position != "P")
            if not fielding:
                fielding = (Fielding("1B", 0, None, "-"),)
        if catcher is None and any(f.position == "C" for f in fielding):
            catcher = CatcherRatings(2, 1, 0)
        if any(f.position == "C" for f in fielding) is False:
            catcher = None
        return Player(pid, p.name, p.team, p.bats, p.throws, batting, pitching, fielding,
                      catcher, self.playing_rank(p)), repl

    def _own_bat(self, p: StatPlayer) -> bool:
        """A pitcher gets his own batting card when he batted like a position player (a
        two-way player): 100+ plate appearances."""
        return bool(p.batting) and float((p.batting or {}).get("pa", 0) or 0) >= 100


def make_cards(players: Sequence[StatPlayer], ruleset: Ruleset, context: LeagueContext,
               ids: Sequence[str] | None = None,
               constants: Mapping[str, float] | None = None,
               starters: frozenset[str] = frozenset()) -> Generated:
    """Every player's cards; `ids` gives each player's card id (default: his key).

    Batters are solved against the league-average pitcher and pitchers against the
    league-average batter; the two averages are then taken from the cards just made (weighted
    by plate appearances and batters faced) and everything solved again, so the average of the
    cards is the average the cards were solved against."""
    maker = CardMaker(ruleset, context, constants)
    maker.settle(players)
    out: list[Player] = []
    repl = []
    notes = []
    for i, p in enumerate(players):
        pid = ids[i] if ids else p.key
        player, r = maker.player(p, pid, p.key in starters)
        out.append(player)
        if r:
            repl.append(p.key)
            notes.append(CardNote(p.key, p.name, p.team,
                                  "replacement-level card (too few plate appearances or innings)"))
    out = team_error_marks(out, players, maker.c)
    return Generated(tuple(out), tuple(repl), tuple(notes))


def team_error_marks(cards: list[Player], players: Sequence[StatPlayer],
                     c: Mapping[str, float]) -> list[Player]:
    """Error marks by team: the engine's error values come from the marks of the fielders on
    the field, so a team's marks are set by its errors per chance against the league's
    (`team_marks` marks for a league-average team, as many more or fewer as the ratio says),
    and carried by its players with the worst error rates at their main position."""
    from dataclasses import replace

    def chances(f: Mapping[str, float]) -> float:
        return float(f.get("po", 0) + f.get("a", 0) + f.get("e", 0))
    team_e: dict[str, list[float]] = {}
    for p in players:
        for pos, f in p.fielding.items():
            if pos in ("P", "C"):
                continue
            t = team_e.setdefault(p.team, [0.0, 0.0])
            t[0] += float(f.get("e", 0) or 0)
            t[1] += chances(f)
    lg_e = sum(v[0] for v in team_e.values())
    lg_ch = sum(v[1] for v in team_e.values())
    if lg_e <= 0 or lg_ch <= 0:
        return cards
    lg_rate = lg_e / lg_ch
    by_key = {p.key: p for p in players}
    by_id = {card.id: p for card, p in zip(cards, players)}
    out = list(cards)
    for team, (e, ch) in team_e.items():
        if ch <= 0:
            continue
        ratio = (e / ch) / lg_rate
        marks = max(0, int(round(c["team_marks"] * ratio + c["team_marks_slope"] * (ratio - 1))))
        # who carries them: the regulars (most games at a position), worst error rate first
        cands = []
        for i, card in enumerate(out):
            sp = by_id.get(card.id)
            if card.team != team or sp is None or not card.fielding or card.pitching:
                continue
            main = card.fielding[0]
            f = sp.fielding.get(main.position, {})
            if main.position in ("P", "C") or chances(f) < 30:
                continue
            cands.append(((f.get("e", 0) + 1) / (chances(f) + 20), float(f.get("g", 0)), i))
        cands.sort(key=lambda x: (-x[0], -x[1]))
        for rate, _g, i in cands:
            card = out[i]
            main = card.fielding[0]
            if marks >= 2 and rate / lg_rate >= 1.3:
                mark, marks = "*", marks - 2
            elif marks >= 1:
                mark, marks = "-", marks - 1
            else:
                mark = None
            fielding = (replace(main, error=mark),) + tuple(card.fielding[1:])
            out[i] = replace(card, fielding=fielding)
    _ = by_key
    return out
