"""Growth and decline (npb_offseason.md §1): between two seasons each player's cards move by his age
and by a hidden, seeded development path, and the result is listed (変化).

The shapes (rounded from baseball research, as §1 gives them): hitters gain through their early
and mid twenties and peak about 26-29; speed and range peak earliest (about 24-26) and fall first;
power peaks latest (about 27-30); plate discipline keeps improving into the early thirties.
Pitchers peak about 26-29; stamina and velocity (strikeouts) fall first. After about 31 the
typical player loses a little each year, faster after 35.

A change is counted in rolls of the d100 (a card's column one roll wider or narrower). Around the
typical path each player has a hidden development trait (his own, for his whole career) and a
yearly shock, both from the seeded stream of (league, player, year); a few a year break out or
collapse, more of them young. Everything works on the card's cells as the league file writes them,
so a card edited by hand is the starting point of its growth, and the result is a league file's card.
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from league.engine.cards import BAT_COLUMNS, CONDITIONS, PITCH_COLUMNS, Fielding, parse_fielding
from league.offseason.people import age_in, season_age, stream

# Each skill's typical change per year (rolls, or points of a rating) by the age he turns in the
# new season: (up to age, change); the last entry holds beyond.
CONTACT = ((22, 1.1), (25, 0.7), (28, 0.2), (30, 0.0), (33, -0.6), (35, -1.0), (99, -1.6))
POWER = ((24, 0.55), (27, 0.35), (30, 0.1), (33, -0.3), (35, -0.6), (99, -0.9))
EYE = ((27, 0.4), (32, 0.2), (34, 0.0), (99, -0.4))
SPEED = ((23, 2.0), (26, 0.0), (30, -2.0), (33, -3.0), (99, -4.0))           # SR points
# a pitcher's roll moved from the batter's card to an out takes about half a hit from a plate
# appearance a batter's roll of 1B gives: his changes are twice as many rolls
PITCHING = ((22, 2.4), (25, 1.5), (28, 0.6), (30, 0.0), (33, -1.2), (35, -2.1), (99, -3.3))
VELOCITY = ((25, 0.4), (29, 0.0), (33, -0.6), (99, -1.0))
CONTROL = ((28, 0.3), (33, 0.0), (99, -0.3))

# a pitcher's yearly shock (his development path around the typical one), a share of what his
# rolls alone would give: a pitcher's card holds the league's spread of pitching in fewer rolls
# than a batter's holds batting, so at the full rate a year moved a pitcher's place among
# pitchers far more than a batter's among batters (cards of one season against the next, issue
# 31: r = .78-.82 for pitchers, .95 for batters; research finds the skills about as steady for
# both, strikeout and walk rates year to year) and a good staff did not stay good (clubs' 勝率 a
# season against the next: r about .1). The age curve stays whole: halved too, pitchers aged
# slower than §1 says and the league grew old (mean age 28.62 in season ten).
PITCHER_YEAR = 0.5
TRAIT_SD = 0.5          # the hidden development trait: a share of the typical growth or decline
BREAKOUT = 0.035        # chances a year of a breakout / a collapse (the young: below)
COLLAPSE = 0.030
YOUNG = 25              # up to this age the spread is wider and breakouts likelier
JUMP = (3.0, 7.0)       # rolls of a breakout or a collapse
MIN_HITS = 8            # a batter card keeps at least these rolls of 1B + LG + HR
MIN_OUTS = 30           # and of OF + G + IF (the rest of the card moves)
MIN_PITCHER_OUTS = 12   # a pitcher row keeps these rolls of G + IF + K
# the ages whose spread of talent the off-season keeps (recentre): the established players,
# between the young still growing into the league and the old in decline
PRIME = (24, 33)
# the rounds of recentre's shape and spread (each map moves the other's figure a little)
ROUNDS = 3


@dataclass(frozen=True)
class Change:
    """What one off-season did to a player's cards (変化): his new age, the columns and ratings
    that moved (column → change, in rolls or points), and whether it was a breakout or a
    collapse ("" for neither)."""

    player: str
    age: int
    deltas: tuple[tuple[str, float], ...]
    mark: str = ""              # "breakout" | "collapse" | ""

    @property
    def value(self) -> float:
        """The change in one number: rolls moved to his good side (a batter's hits and walks
        less his strikeouts; a pitcher's strikeouts and outs less his walks)."""
        d = dict(self.deltas)
        if "outs" in d or "K" in d and "1B" not in d:
            return round(d.get("K", 0.0) + d.get("outs", 0.0) - d.get("BB", 0.0), 1)
        return round(sum(d.get(k, 0.0) for k in ("1B", "LG", "HR", "BB")) - d.get("K", 0.0), 1)

    def as_dict(self) -> dict[str, object]:
        return {"player": self.player, "age": self.age, "mark": self.mark, "value": self.value,
                "changes": dict(self.deltas)}


def typical(shape: tuple[tuple[int, float], ...], age: int) -> float:
    """The typical change of a skill at `age`."""
    for upto, change in shape:
        if age <= upto:
            return change
    return shape[-1][1]


@dataclass(frozen=True)
class Development:
    """This year's development of one player around the typical path: a multiplier of growth
    (the young) or of decline, a shock in rolls, and the mark."""

    growth: float
    shock: float
    mark: str
    rolls: tuple[float, float, float] = (1.0, 1.0, 1.0)   # running, range, stamina: 0..1
    rounding: int = 0       # the seed of the rounding to whole rolls (a small change counts)


def development(league: str, pid: str, year: int, age: int) -> Development:
    """The hidden development of a player for the season of `year` (seeded: the same league,
    player and year give the same)."""
    trait = stream("trait", league, pid).gauss(0.0, TRAIT_SD)
    rng = stream("develop", league, pid, year)
    young = age <= YOUNG
    shock = rng.gauss(0.0, 1.6 if young else 1.1)
    roll = rng.random()
    up = BREAKOUT * (1.8 if young else 1.0)
    down = COLLAPSE * (1.6 if age >= 33 else 1.0)
    mark = ""
    if roll < up:
        shock += rng.uniform(*JUMP)
        mark = "breakout"
    elif roll < up + down:
        shock -= rng.uniform(*JUMP)
        mark = "collapse"
    rolls = (rng.random(), rng.random(), rng.random())
    return Development(max(0.0, 1.0 + trait), shock, mark, rolls, rng.getrandbits(32))


def _widths(text: str, columns: tuple[str, ...]) -> list[float] | None:
    """The widths of a row of cumulative bounds ("3 - 48 ..."), None for a row that is not one."""
    tokens = [t.lstrip("~") for t in str(text).replace(",", " ").split()]
    if len(tokens) != len(columns):
        return None
    out, last = [], 0
    for t in tokens:
        if t in ("-", "--"):
            out.append(0.0)
            continue
        try:
            b = int(t)
        except ValueError:
            return None
        out.append(float(b - last))
        last = b
    return out


def _bounds(widths: list[float], rng: random.Random) -> list[str]:
    """Widths back to bounds of whole rolls summing to 100; 0 reads "-". Each width is rounded
    up with the chance of its fraction (seeded), so a change smaller than a roll still counts
    on average; the widest column takes what the sum is off by."""
    raw = [max(0.0, w) for w in widths]
    total = sum(raw) or 1.0
    raw = [w * 100.0 / total for w in raw]
    ints = [math.floor(w + rng.random()) for w in raw]
    ints[max(range(len(raw)), key=lambda i: raw[i])] += 100 - sum(ints)
    out, acc = [], 0
    for i, w in enumerate(ints):
        acc += w
        out.append("-" if w == 0 and i < len(ints) - 1 else str(acc))
    return out


def _move(widths: list[float], gain: Mapping[int, float], take: tuple[int, ...],
          keep: float) -> dict[int, float]:
    """Add `gain` (column index → rolls, may be negative) and take the sum from the `take`
    columns in proportion to their widths, keeping at least `keep` rolls in them; returns what
    each gaining column really moved."""
    room = sum(widths[i] for i in take) - keep
    want = sum(gain.values())
    scale = 1.0 if want <= room else max(0.0, room) / want
    moved: dict[int, float] = {}
    for i, g in gain.items():
        g *= scale
        g = max(g, -widths[i])
        widths[i] += g
        moved[i] = g
    total = sum(moved.values())
    pool = sum(widths[i] for i in take) or 1.0
    for i in take:
        widths[i] -= total * widths[i] / pool
    return moved


def age_batting(cells: Mapping[str, str], age: int, dev: Development, curve: bool = True
                ) -> tuple[dict[str, str], dict[str, float]]:
    """A batting card's cells a year on: contact (1B), power (LG, HR), eye (BB up, K down) and
    speed (SR, RR; range in the positions from 31 on), from and to the outs."""
    out = dict(cells)
    deltas: dict[str, float] = {}
    bounds = [cells.get(c, "") for c in BAT_COLUMNS]
    w = _widths(" ".join(bounds), BAT_COLUMNS)
    if w is not None:
        grow = dev.growth
        c, p, e = ((typical(CONTACT, age), typical(POWER, age), typical(EYE, age)) if curve
                   else (0.0, 0.0, 0.0))
        c = c * grow if c > 0 else c * (2.0 - min(grow, 1.9))
        p = p * grow if p > 0 else p * (2.0 - min(grow, 1.9))
        c += dev.shock * 0.6
        p += dev.shock * 0.3
        e += dev.shock * 0.1
        i = {col: k for k, col in enumerate(BAT_COLUMNS)}
        hits = w[i["1B"]] + w[i["LG"]] + w[i["HR"]]
        c = max(c, MIN_HITS - hits) if c < 0 else c
        gain = {i["1B"]: c, i["LG"]: p * 0.6, i["HR"]: p * 0.4, i["BB"]: e * 0.5}
        k_cut = min(e * 0.5, max(0.0, w[i["K"]] - 1.0)) if e > 0 else e * 0.5
        w[i["K"]] -= k_cut
        _move(w, gain, (i["OF"], i["G"], i["IF"]), MIN_OUTS)
        # the strikeouts cut go to the outs in play (a ball in play instead of a strikeout)
        pool = w[i["OF"]] + w[i["G"]] + w[i["IF"]] or 1.0
        for j in (i["OF"], i["G"], i["IF"]):
            w[j] += k_cut * w[j] / pool
        new = _bounds(w, random.Random(dev.rounding))
        for col, b in zip(BAT_COLUMNS, new):
            out[col] = b
        neww = _widths(" ".join(new), BAT_COLUMNS) or w
        oldw = _widths(" ".join(bounds), BAT_COLUMNS) or w
        for col in ("BB", "1B", "LG", "HR", "K"):
            d = neww[i[col]] - oldw[i[col]]
            if d:
                deltas[col] = d
    sr = cell_int(cells.get("SR"))
    if sr is not None:
        s = (typical(SPEED, age) if curve else 0.0) + dev.shock * 0.8
        new_sr = max(0, min(99, round(sr + s)))
        if new_sr != sr:
            out["SR"] = str(new_sr)
            deltas["SR"] = new_sr - sr
    rr = cell_int(cells.get("RR"))
    run, reach, _ = dev.rolls
    if rr is not None:
        if age >= 29 and run < (0.12 if age < 32 else 0.22 if age < 35 else 0.32):
            if rr > -1:
                out["RR"] = str(rr - 1)
                deltas["RR"] = -1
        elif age <= 23 and run < 0.12 and rr < 6:
            out["RR"] = str(rr + 1)
            deltas["RR"] = 1
    if age >= 31 and cells.get("positions") and reach < (0.12 if age < 35 else 0.25):
        try:
            entries = parse_fielding(cells["positions"], "positions")
        except Exception:   # noqa: BLE001 - a cell the parser refuses is left as it is
            entries = ()
        if entries and any(f.defence > 0 for f in entries):
            out["positions"] = ";".join(
                f"{f.position}{max(0, f.defence - 1)}{f.fine or ''}{f.error or ''}"
                for f in entries)
            deltas["fielding"] = -1
    return out, deltas


def age_pitching(cells: Mapping[str, str], age: int, dev: Development, curve: bool = True
                 ) -> tuple[dict[str, str], dict[str, float]]:
    """A pitching card's cells a year on: every condition row gives the batter fewer rolls on his
    own card (BS*, BS+, BS) and more outs (G, IF) and strikeouts (K), or the other way round;
    control moves walks; a starter's stamina (innings) falls first with age."""
    out = dict(cells)
    deltas: dict[str, float] = {}
    i = {col: k for k, col in enumerate(PITCH_COLUMNS)}
    q = typical(PITCHING, age) if curve else 0.0
    q = q * dev.growth if q > 0 else q * (2.0 - min(dev.growth, 1.9))
    # a year's shock at PITCHER_YEAR of its rolls (a card made from another, curve False, moves
    # by its whole shift)
    shock = dev.shock * (PITCHER_YEAR if curve else 1.0)
    q += shock * 1.2
    v = (typical(VELOCITY, age) if curve else 0.0) + shock * 0.2
    c = (typical(CONTROL, age) if curve else 0.0) + shock * 0.1
    moved_k = moved_out = moved_bb = 0.0
    n = 0
    for cond in CONDITIONS:
        w = _widths(cells.get(cond, ""), PITCH_COLUMNS)
        if w is None:
            continue
        before = list(w)
        # a better pitcher: rolls leave the batter's card (and the walks) for outs and strikeouts
        batter = (i["BS*"], i["BS+"], i["BS"])
        gain = {i["G"]: q * 0.45, i["IF"]: q * 0.15, i["K"]: q * 0.4 + v, i["BB"]: -c}
        outs = w[i["G"]] + w[i["IF"]] + w[i["K"]]
        if sum(gain.values()) < 0:
            cut = outs - MIN_PITCHER_OUTS
            total = -sum(gain.values())
            if total > cut:
                gain = {k: g * max(0.0, cut) / total for k, g in gain.items()}
        _move(w, gain, batter, 20.0)
        new = _bounds(w, random.Random(dev.rounding + CONDITIONS.index(cond)))
        out[cond] = " ".join(new)
        after = _widths(out[cond], PITCH_COLUMNS) or w
        moved_k += after[i["K"]] - before[i["K"]]
        moved_out += (after[i["G"]] + after[i["IF"]]) - (before[i["G"]] + before[i["IF"]])
        moved_bb += after[i["BB"]] - before[i["BB"]]
        n += 1
    if n:
        for key, val in (("K", moved_k / n), ("outs", moved_out / n), ("BB", moved_bb / n)):
            if round(val, 1):
                deltas[key] = round(val, 1)
    inn = cell_float(cells.get("innings"))
    starter = cell_int(cells.get("starter")) or 0
    stamina = dev.rolls[2]
    if inn is not None and starter > 0:
        if age >= 32 and inn > 1.0 and stamina < (0.2 if age < 35 else 0.35):
            out["innings"] = f"{inn - 0.5:g}"
            deltas["innings"] = -0.5
        elif age <= 24 and inn < 8.0 and stamina < 0.2:
            out["innings"] = f"{inn + 0.5:g}"
            deltas["innings"] = 0.5
    return out, deltas


def age_player(league: str, pid: str, year: int, age: int, batting: Mapping[str, str] | None,
               pitching: Mapping[str, str] | None
               ) -> tuple[dict[str, str] | None, dict[str, str] | None, Change]:
    """A player's cards (league-file cells) for the season of `year`, at the `age` he has in it,
    and the change (変化). A pitcher who bats (bat = own) ages on both cards by one development."""
    dev = development(league, pid, year, age)
    deltas: dict[str, float] = {}
    new_bat = new_pit = None
    if pitching is not None:
        new_pit, d = age_pitching(pitching, age, dev)
        deltas.update(d)
    if batting is not None:
        new_bat, d = age_batting(batting, age, dev)
        if pitching is None:
            deltas.update(d)
    rounded = tuple((k, round(v, 1)) for k, v in deltas.items() if round(v, 1))
    return new_bat, new_pit, Change(pid, age, rounded, dev.mark)


def cell_int(text: str | None) -> int | None:
    """A card cell as a whole number; None when it is none (blank, text, missing)."""
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return None


def cell_float(text: str | None) -> float | None:
    """A card cell as a finite number; None when it is none (blank, text, inf, missing)."""
    try:
        value = float(str(text).strip())
    except (TypeError, ValueError):
        return None
    return value if math.isfinite(value) else None


@dataclass(frozen=True)
class Aged:
    """One player's cards after the off-season's growth and decline, and his change."""

    player: str
    team: str
    batting: dict[str, str] | None
    pitching: dict[str, str] | None
    change: Change


def age_players(league: str, year: int,
                players: Sequence[tuple[str, str, dict[str, str] | None, dict[str, str] | None]]
                ) -> list[Aged]:
    """Every player's cards for the season of `year` (§7: ages move on a year, growth and decline
    applied), from (id, team, batting cells, pitching cells) as the league's cards hold them;
    a player without a birth date is left as he is."""
    out = []
    for pid, team, batting, pitching in players:
        born = (batting or {}).get("born") or (pitching or {}).get("born") or ""
        if not born:
            continue
        age = season_age(date.fromisoformat(born), year)
        bat, pit, change = age_player(league, pid, year, age, batting, pitching)
        out.append(Aged(pid, team, bat, pit, change))
    return out


def measured(batting: Mapping[str, str] | None, pitching: Mapping[str, str] | None,
             new_batting: Mapping[str, str] | None, new_pitching: Mapping[str, str] | None,
             change: Change) -> Change:
    """`change` with its figures read off the cards as they end the off-season (after the
    league's level is kept, `recentre`): the 変化 a person reads is what his cards did — the
    old card plus the listed change is the new card. Age, mark and the fielding step stay."""
    deltas: dict[str, float] = {}
    if pitching is not None and new_pitching is not None:
        i = {col: k for k, col in enumerate(PITCH_COLUMNS)}
        k = outs = bb = 0.0
        n = 0
        for cond in CONDITIONS:
            a = _widths(pitching.get(cond, ""), PITCH_COLUMNS)
            b = _widths(new_pitching.get(cond, ""), PITCH_COLUMNS)
            if a is None or b is None:
                continue
            k += b[i["K"]] - a[i["K"]]
            outs += (b[i["G"]] + b[i["IF"]]) - (a[i["G"]] + a[i["IF"]])
            bb += b[i["BB"]] - a[i["BB"]]
            n += 1
        if n:
            for key, val in (("K", k / n), ("outs", outs / n), ("BB", bb / n)):
                deltas[key] = val
        old, new = cell_float(pitching.get("innings")), cell_float(new_pitching.get("innings"))
        if old is not None and new is not None:
            deltas["innings"] = new - old
    elif batting is not None and new_batting is not None:
        a = _widths(" ".join(batting.get(c, "") for c in BAT_COLUMNS), BAT_COLUMNS)
        b = _widths(" ".join(new_batting.get(c, "") for c in BAT_COLUMNS), BAT_COLUMNS)
        if a is not None and b is not None:
            for col in ("BB", "1B", "LG", "HR", "K"):
                j = BAT_COLUMNS.index(col)
                deltas[col] = b[j] - a[j]
        for key in ("SR", "RR"):
            old_r, new_r = cell_int(batting.get(key)), cell_int(new_batting.get(key))
            if old_r is not None and new_r is not None:
                deltas[key] = float(new_r - old_r)
    if "fielding" in dict(change.deltas):
        deltas["fielding"] = dict(change.deltas)["fielding"]
    rounded = tuple((k, round(v, 1)) for k, v in deltas.items() if round(v, 1))
    return Change(change.player, change.age, rounded, change.mark)


def _rows(cards: Sequence[Mapping[str, str]], cols: tuple[str, ...],
          row: str | None) -> list[list[float]]:
    return [w for c in cards
            if (w := _widths(c.get(row, "") if row else " ".join(c.get(k, "") for k in cols),
                             cols)) is not None]


def _mean_cov(rows: Sequence[Sequence[float]]) -> tuple[list[float], list[list[float]]]:
    """The mean of each column and the columns' covariance matrix (over the population)."""
    n, k = len(rows), len(rows[0])
    mean = [sum(r[i] for r in rows) / n for i in range(k)]
    cov = [[sum((r[i] - mean[i]) * (r[j] - mean[j]) for r in rows) / n for j in range(k)]
           for i in range(k)]
    return mean, cov


def _eigh(m: Sequence[Sequence[float]]) -> tuple[list[float], list[list[float]]]:
    """A symmetric matrix's eigenvalues and eigenvectors (the columns of the second), by
    Jacobi's rotations: small matrices (a card's eight columns), pure Python."""
    k = len(m)
    a = [list(map(float, r)) for r in m]
    v = [[1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    for _sweep in range(100):
        off = sum(a[i][j] ** 2 for i in range(k) for j in range(k) if i != j)
        if off < 1e-22 * (1.0 + sum(a[i][i] ** 2 for i in range(k))):
            break
        for p in range(k - 1):
            for q in range(p + 1, k):
                if abs(a[p][q]) < 1e-300:
                    continue
                theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q])
                t = (1.0 if theta >= 0 else -1.0) / (abs(theta) + math.sqrt(theta * theta + 1.0))
                c = 1.0 / math.sqrt(t * t + 1.0)
                s = t * c
                for r in range(k):              # A <- A J
                    arp, arq = a[r][p], a[r][q]
                    a[r][p], a[r][q] = c * arp - s * arq, s * arp + c * arq
                for r in range(k):              # A <- J^T A
                    apr, aqr = a[p][r], a[q][r]
                    a[p][r], a[q][r] = c * apr - s * aqr, s * apr + c * aqr
                for r in range(k):              # V <- V J
                    vrp, vrq = v[r][p], v[r][q]
                    v[r][p], v[r][q] = c * vrp - s * vrq, s * vrp + c * vrq
    return [a[i][i] for i in range(k)], v


def _power(m: Sequence[Sequence[float]], power: float) -> list[list[float]]:
    """A covariance matrix to a power (1/2 or -1/2) by its eigenvalues; a direction without
    spread (the columns' sum, always 100) stays without (a pseudo-inverse)."""
    values, vectors = _eigh(m)
    top = max(values, default=0.0)
    k = len(m)
    scaled = [(abs(x) ** power if x > 1e-9 * top and x > 0 else 0.0) for x in values]
    return [[sum(vectors[i][e] * scaled[e] * vectors[j][e] for e in range(k)) for j in range(k)]
            for i in range(k)]


def _matmul(a: Sequence[Sequence[float]], b: Sequence[Sequence[float]]) -> list[list[float]]:
    return [[sum(a[i][e] * b[e][j] for e in range(len(b))) for j in range(len(b[0]))]
            for i in range(len(a))]


Level = tuple[list[float], list[float], list[list[float]]]


def _level(before: Sequence[Mapping[str, str]], after: Sequence[Mapping[str, str]],
           cols: tuple[str, ...], row: str | None,
           spread_before: Sequence[Mapping[str, str]] | None = None,
           spread_after: Sequence[Mapping[str, str]] | None = None,
           noise: Sequence[Sequence[float]] | None = None) -> Level | None:
    """What keeps the columns' level and spread, and how they go together: (the old mean, the
    new mean, the map T of a card's distance from the new mean), T the smallest move that gives
    the cards after the off-season the covariance the cards before had (the optimal transport
    between the two normal approximations: T = N^-1/2 (N^1/2 O N^1/2)^1/2 N^-1/2). The means
    are over all the cards; the covariances over `spread_before` and `spread_after` when given
    (two cards or more on each side), else over all. `noise`: a covariance the cards will gain
    after the map (the rounding to whole rolls, `_rounding_noise`), left out of the one they
    are given. None when either side has too few cards."""
    return _level_of(_rows(before, cols, row), _rows(after, cols, row),
                     None if spread_before is None else _rows(spread_before, cols, row),
                     None if spread_after is None else _rows(spread_after, cols, row), noise)


def _level_of(old_rows: Sequence[Sequence[float]], new_rows: Sequence[Sequence[float]],
              spread_before: Sequence[Sequence[float]] | None,
              spread_after: Sequence[Sequence[float]] | None,
              noise: Sequence[Sequence[float]] | None = None) -> Level | None:
    """`_level` of the cards' widths (rows)."""
    if len(old_rows) < 2 or len(new_rows) < 2:
        return None
    old, old_cov = _mean_cov(old_rows)
    new, new_cov = _mean_cov(new_rows)
    if spread_before is not None and spread_after is not None:
        if len(spread_before) >= 2 and len(spread_after) >= 2:
            old_cov, new_cov = _mean_cov(spread_before)[1], _mean_cov(spread_after)[1]
    return old, new, _transport(old_cov, new_cov, noise)


def _transport(old_cov: Sequence[Sequence[float]], new_cov: Sequence[Sequence[float]],
               noise: Sequence[Sequence[float]] | None = None) -> list[list[float]]:
    """The map T of `_level`: the smallest move giving cards of covariance `new_cov` the
    covariance `old_cov` less `noise` (what the rounding will add)."""
    if noise is not None:
        # what the rounding will add is left out, so the cards as rounded have the spread
        # (a direction the noise would take below nothing is kept at nothing: _power)
        old_cov = _power(_power([[o - n for o, n in zip(ro, rn)]
                                 for ro, rn in zip(old_cov, noise)], 0.5), 2.0)
    half = _power(new_cov, 0.5)
    inv_half = _power(new_cov, -0.5)
    middle = _power(_matmul(_matmul(half, old_cov), half), 0.5)
    return _matmul(_matmul(inv_half, middle), inv_half)


def _rounding_noise(rows: Sequence[Sequence[float]]) -> list[list[float]]:
    """The covariance `_bounds` adds to cards of these widths, on average: each column is
    rounded up with the chance of its fraction f (a variance of f(1-f)), and the card's widest
    column takes what the sum is off by (the others' errors, with the opposite sign)."""
    k = len(rows[0]) if rows else 0
    out = [[0.0] * k for _ in range(k)]
    for w in rows:
        raw = [max(0.0, x) for x in w]
        total = sum(raw) or 1.0
        raw = [x * 100.0 / total for x in raw]
        wide = max(range(k), key=lambda i: raw[i])
        for i in range(k):
            if i == wide:
                continue
            f = raw[i] - math.floor(raw[i])
            v = f * (1.0 - f) / len(rows)
            out[i][i] += v
            out[wide][wide] += v
            out[i][wide] -= v
            out[wide][i] -= v
    return out


def _levelled(w: list[float], level: Level) -> list[float]:
    old, new, t = level
    d = [x - n for x, n in zip(w, new)]
    return [max(0.0, o + sum(t[i][j] * d[j] for j in range(len(d)))) for i, o in enumerate(old)]


def recentre(before: Sequence[tuple[Mapping[str, str] | None, Mapping[str, str] | None]],
             after: dict[str, tuple[str, dict[str, str] | None, dict[str, str] | None]],
             seed: int, year: int | None = None) -> None:
    """Keep the league's level and spread where they were (talent neither inflates nor
    deflates, §1): the mean width of every column over the batters' cards, and of every
    condition row's column over the pitchers', is moved back to what it was before the
    off-season, and so is its spread and how the columns go together (their covariance) — a
    year's development moves every player a little at random, and along fixed lines (a
    batter's contact and power far more than his eye; a pitcher's outs and strikeouts
    together), which would otherwise widen the league year by year and change its shape: kept
    column by column only, the good hitters' walks and few strikeouts faded into the league's
    mean and the pitchers' quality spread doubled in ten seasons (issue 31: lower averages,
    more strikeouts, lopsided standings). Each card's distance from the mean is moved by the
    smallest map that restores the covariance, so a player's place among the others is what
    his age and path made it; and each column keeps its shape too (a few big sluggers and many
    men of one or two rolls of HR: `_kept_rounded`).

    With `year` (the season the off-season is before) the spread is that of the players in
    their PRIME (by their age in each season; a card without a birth date counts): the young
    come in below the league and grow, the old decline, and that spread by age is the age
    curve's, not the established players' talent. Kept over the whole league, the spread the
    age curve made (season one's bundled cards have none: its 18-year-olds are as good as its
    28-year-olds) was taken from the players in their prime: in five lived seasons the spread
    of the 24-33-year-old pitchers' worth fell by an eighth (5.4 to 4.7 rolls, seed 1), the
    league's ten best pitchers 42 to 40 while its mean stayed 29, and the leaders faded (issue
    31: season five's RBI leader 82 against season one's 92, complete games 1.6 a club against
    2.3, the ERA leader 2.2 against 2.0; seeds 0-5, season one's 0-2). The level (each
    column's mean) is still the whole league's."""
    rng = random.Random(seed)

    def prime(cells: Mapping[str, str], season: int) -> bool:
        if year is None:
            return True
        age = age_in(cells.get("born", ""), season)
        return age is None or PRIME[0] <= age <= PRIME[1]

    last = (year or 0) - 1          # the season just closed: the cards before are its
    bat_before = [b for b, p in before if b is not None and p is None]
    bat_after = {pid: b for pid, (_t, b, p) in after.items() if b is not None and p is None}
    bat_prime = {pid for pid, b in bat_after.items() if prime(b, year or 0)}
    bat_rows = {pid: w for pid in sorted(bat_after)
                if (w := _widths(" ".join(bat_after[pid].get(k, "") for k in BAT_COLUMNS),
                                 BAT_COLUMNS)) is not None}
    kept = _kept_rounded(bat_before, bat_after, BAT_COLUMNS, None,
                         [b for b in bat_before if prime(b, last)], bat_prime, bat_rows)
    for pid, w in kept.items():
        bat_after[pid].update(zip(BAT_COLUMNS, _bounds(w, rng)))
    pit_before = [p for _b, p in before if p is not None]
    pit_after = {pid: p for pid, (_t, _b, p) in after.items() if p is not None}
    pit_prime = {pid for pid, p in pit_after.items() if prime(p, year or 0)}
    for cond in CONDITIONS:
        rows = {pid: w for pid in sorted(pit_after)
                if (w := _widths(pit_after[pid].get(cond, ""), PITCH_COLUMNS)) is not None}
        kept = _kept_rounded(pit_before, pit_after, PITCH_COLUMNS, cond,
                             [p for p in pit_before if prime(p, last)], pit_prime, rows)
        for pid, w in kept.items():
            pit_after[pid][cond] = " ".join(_bounds(w, rng))


def _kept_rounded(before: Sequence[Mapping[str, str]], after: Mapping[str, Mapping[str, str]],
                  cols: tuple[str, ...], row: str | None,
                  spread_before: Sequence[Mapping[str, str]], spread_after: set[str],
                  rows: dict[str, list[float]]) -> dict[str, list[float]]:
    """The cards' widths with the level and spread kept (`_level`, `_kept`), to be rounded to
    whole rolls: the spread they are given leaves out what the rounding adds to it. Rounding
    with the chance of each fraction keeps every column's mean but adds its own spread (about
    1/6 of a roll squared a column; the card's widest column takes the others' errors), and
    the next off-season took the rounded cards' spread as the league's: the spread ratcheted
    up a little every year (issue 31: ten lived seasons, the established batters' spread of
    1B, LG, BB and K each grew by about that much a year, LG's sd 1.79 to 2.13 rolls, BB's
    1.52 to 1.87; the batting titles rose, PL's .326 to .348 by season ten, seeds 1-6).

    And each column keeps its shape (`_shaped`): first given, by the ranks of the players in
    their prime, the shape it had among them before, then the level and spread (`_level`); a
    few rounds, each asking of the shape what the map of the spread took from it (the map
    mixes a little of the other columns into each). Kept by its mean and spread alone, a
    column took the shape of what every year adds to it, symmetric — the year's development
    (a light hitter's power moves by as many rolls as a slugger's) and the rounding to whole
    rolls, twice (the change, then this) — and lost its own: the HR column's skew among the
    established batters went from 1.9 to about 1.0 in ten lived seasons, a few big sluggers
    became many medium ones, and the HR leaders fell (CL 31.7 to 30.4, PL 33.2 to 30.4,
    seeds 1-6; the walks' skew 0.5 to 0.1)."""
    old_rows = _rows(before, cols, row)
    target = _rows(spread_before, cols, row)
    prime = [pid for pid in sorted(spread_after) if pid in rows]
    if len(target) < 2 or len(prime) < 2:
        # too few in their prime on either side for a shape: the level and spread alone
        level = _level(before, list(after.values()), cols, row, spread_before,
                       [after[pid] for pid in sorted(spread_after)])
        if level is None:
            return {}
        kept = _kept(rows, level)
        some = [kept[pid] for pid in sorted(spread_after) if pid in kept]
        if len(some) < 2:
            return kept
        level = _level(before, list(after.values()), cols, row, spread_before,
                       [after[pid] for pid in sorted(spread_after)], _rounding_noise(some))
        return _kept(rows, level) if level is not None else kept
    kept = rows
    noise: list[list[float]] | None = None
    extra = [0.0] * len(cols)
    for _round in range(ROUNDS):
        shaped = _shaped(kept if _round else rows, target, prime, noise, extra)
        level = _level_of(old_rows, list(shaped.values()), target,
                          [shaped[pid] for pid in prime], noise)
        if level is None:
            return {}
        kept = _kept(shaped, level)
        # what the rounding will add to these cards, left out of the spread they are given
        noise = _rounding_noise([kept[pid] for pid in prime])
        # the map of the spread mixes a little of the other columns into each, which thins its
        # shape: the shape asked of the next round makes up what this one fell short by
        for i in range(len(cols)):
            extra[i] += (_skew([t[i] for t in target], noise[i][i])
                         - _skew([kept[pid][i] for pid in prime]))
    return kept


def _skew(values: Sequence[float], lost: float = 0.0) -> float:
    """The skew of `values` whose variance will grow by `lost` (a symmetric spread, which adds
    nothing to the third moment): the skew they must have before for this one after."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / n
    if var <= 1e-12:
        return 0.0
    return sum((v - mean) ** 3 for v in values) / n / max(var - lost, 0.25 * var) ** 1.5


def _shaped(rows: dict[str, list[float]], target: Sequence[Sequence[float]],
            prime: Sequence[str], noise: Sequence[Sequence[float]] | None,
            extra: Sequence[float] = ()) -> dict[str, list[float]]:
    """The cards' widths with each column given the shape it had among the players in their
    prime before the off-season (`target`): a monotone map of the column (`_shape_map`, by
    the ranks of the players in their prime now; the others placed between them, or beyond the
    ends by their distance from them), each at its own mean and spread, so a player keeps his
    place and the level and spread are `_level`'s. A third moment is kept rather than a skew:
    the spread the rounding will add (`noise`) is left out of the one the cards will be given,
    and symmetric, it adds nothing to the third moment."""
    if len(target) < 2 or len(prime) < 2:
        return rows
    out = {pid: list(w) for pid, w in rows.items()}
    for i in range(len(target[0])):
        lost = noise[i][i] if noise is not None else 0.0
        points = _shape_map([rows[pid][i] for pid in prime], [t[i] for t in target], lost,
                            extra[i] if extra else 0.0)
        if points:
            for w in out.values():
                w[i] = max(0.0, _mapped(w[i], points))
    return out


def _quantile(sorted_values: Sequence[float], p: float) -> float:
    """The value at the share `p` (0..1) of sorted values, each at the middle of its share,
    linear between, and beyond the first or last as the two at that end go (cut at them, a
    league of more players than the one before could never have a better best)."""
    n = len(sorted_values)
    x = p * n - 0.5
    if n < 2:
        return sorted_values[0]
    i = min(max(int(x), 0), n - 2)
    return sorted_values[i] + (sorted_values[i + 1] - sorted_values[i]) * (x - i)


def _shape_map(values: Sequence[float], target: Sequence[float], lost: float = 0.0,
               extra: float = 0.0) -> list[tuple[float, float]]:
    """The monotone map giving `values` the shape of `target` (its standardised quantiles) at
    their own mean and spread: (value, new value) points, ordered by value. `lost`: the part of
    the target's variance the cards will be given later (the rounding's): the skew is the one
    whose third moment at the variance without it is the target's."""
    n, m = len(values), len(target)
    mu = sum(values) / n
    sd = (sum((v - mu) ** 2 for v in values) / n) ** 0.5
    tm = sum(target) / m
    tsd = (sum((t - tm) ** 2 for t in target) / m) ** 0.5
    if sd <= 1e-9 or tsd <= 1e-9:
        return []
    z = sorted((t - tm) / tsd for t in target)
    order = sorted(values)
    xs: list[float] = []
    qs: list[float] = []
    ws: list[int] = []
    i = 0
    while i < n:
        j = i
        while j + 1 < n and order[j + 1] == order[i]:
            j += 1
        xs.append(order[i])
        # tied values share the target's quantiles over their ranks (their mean)
        qs.append(sum(_quantile(z, (k + 0.5) / n) for k in range(i, j + 1)) / (j - i + 1))
        ws.append(j - i + 1)
        i = j + 1
    # the target's third moment, not its skew: the rounding's symmetric spread adds to the
    # variance (left out of `sd`) and nothing to the third moment
    skew = _skew(target, lost) + extra

    def standard(lam: float) -> list[float]:
        h = [q + lam * q * q for q in qs]
        hm = sum(w * x for w, x in zip(ws, h)) / n
        hs = (sum(w * (x - hm) ** 2 for w, x in zip(ws, h)) / n) ** 0.5 or 1.0
        return [(x - hm) / hs for x in h]

    def skew_of(lam: float) -> float:
        return sum(w * x ** 3 for w, x in zip(ws, standard(lam))) / n

    # h = q + lam q^2 bends the quantiles (lam > 0: a longer top) and must keep their order
    # (1 + 2 lam q > 0 over them)
    lo = -min(0.3, 0.45 / max(qs)) if max(qs) > 0 else -0.3
    hi = min(0.3, 0.45 / -min(qs)) if min(qs) < 0 else 0.3
    if skew <= skew_of(lo):
        lam = lo
    elif skew >= skew_of(hi):
        lam = hi
    else:
        for _step in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if skew_of(mid) < skew else (lo, mid)
        lam = (lo + hi) / 2
    return [(x, mu + sd * h) for x, h in zip(xs, standard(lam))]


def _mapped(x: float, points: Sequence[tuple[float, float]]) -> float:
    """`x` through the map's points: linear between them, shifted beyond the ends."""
    if x <= points[0][0]:
        return points[0][1] + (x - points[0][0])
    if x >= points[-1][0]:
        return points[-1][1] + (x - points[-1][0])
    lo, hi = 0, len(points) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if points[mid][0] <= x:
            lo = mid
        else:
            hi = mid
    (x0, y0), (x1, y1) = points[lo], points[hi]
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


def _kept(rows: dict[str, list[float]], level: Level) -> dict[str, list[float]]:
    """Every card's widths levelled (`_levelled`), then the level put back where a card was cut
    at zero: a narrow column (a light hitter's HR, an ace's BS*) the map takes below nothing is
    cut to nothing, which raised its mean a little every off-season (the league's HR column
    2.23 to 2.37 rolls in ten lived seasons, issue 31); each column is scaled to its old mean
    and each card to its 100 rolls, a few times (scaling keeps a zero at zero)."""
    out = {pid: _levelled(w, level) for pid, w in rows.items()}
    old = level[0]
    for _round in range(4):
        n = len(out) or 1
        mean = [sum(w[i] for w in out.values()) / n for i in range(len(old))]
        factor = [o / m if m > 0 else 1.0 for o, m in zip(old, mean)]
        for pid, w in out.items():
            scaled = [x * f for x, f in zip(w, factor)]
            total = sum(scaled) or 1.0
            out[pid] = [x * 100.0 / total for x in scaled]
    return out


def _ratings(cards: Sequence[Mapping[str, str]], key: str) -> list[float]:
    out = []
    for c in cards:
        try:
            out.append(float(c.get(key, "")))
        except ValueError:
            continue
    return out


def recentre_ratings(before: Sequence[tuple[Mapping[str, str] | None, Mapping[str, str] | None]],
                     after: dict[str, tuple[str, dict[str, str] | None, dict[str, str] | None]],
                     seed: int) -> None:
    """The league's speed (SR, RR over the batters) and starters' stamina (innings) kept where
    they were, as `recentre` keeps the cards' columns: every rating moved by the league's drift,
    rounded with the chance of its fraction (seeded) so a small drift still counts."""
    rng = random.Random(seed)
    bats_before = [b for b, p in before if b is not None and p is None]
    bats_after = [b for _t, b, p in after.values() if b is not None and p is None]
    for key, lo, hi in (("SR", 0, 99), ("RR", -1, 6)):
        old, new = _ratings(bats_before, key), _ratings(bats_after, key)
        if not old or not new:
            continue
        drift = sum(old) / len(old) - sum(new) / len(new)
        for cells in bats_after:
            v = cell_int(cells.get(key))
            if v is not None:
                moved = math.floor(v + drift + rng.random())
                cells[key] = str(max(lo, min(hi, moved)))
    starters_before = [p for _b, p in before if p is not None and (cell_int(p.get("starter")) or 0) > 0]
    starters_after = [p for _t, _b, p in after.values()
                      if p is not None and (cell_int(p.get("starter")) or 0) > 0]
    old, new = _ratings(starters_before, "innings"), _ratings(starters_after, "innings")
    if old and new:
        drift = sum(old) / len(old) - sum(new) / len(new)
        for cells in starters_after:
            inn = cell_float(cells.get("innings"))
            if inn is not None:
                # innings in halves, as the cards write them
                halves = math.floor((inn + drift) * 2 + rng.random()) / 2
                cells["innings"] = f"{max(1.0, min(9.0, halves)):g}"
    _keep_fielding(bats_before, bats_after, rng)


def _fielding(cells: Mapping[str, str]) -> tuple[Fielding, ...]:
    if not cells.get("positions"):
        return ()
    try:
        return parse_fielding(cells["positions"], "positions")
    except Exception:   # noqa: BLE001 - a cell the parser refuses is left as it is
        return ()


def _keep_fielding(before: Sequence[Mapping[str, str]], after: Sequence[dict[str, str]],
                   rng: random.Random) -> None:
    """Each fielding position's mean defence number over the batters who play it kept where it
    was (§1's level, as for speed): range only falls with age (31 on) and the newcomers come
    with the fielding of the cards they were made from, so left alone the league's gloves
    wore out year by year (issue 31: in ten lived seasons RF 1.62 to 1.11, 3B 2.03 to 1.59,
    SS 2.85 to 2.44, fewer men able to play CF).
    Each entry moves by the position's drift, rounded with the chance of its fraction (seeded),
    within the numbers the league had at that position."""
    old: dict[str, list[int]] = {}
    for cells in before:
        for f in _fielding(cells):
            old.setdefault(f.position, []).append(f.defence)
    new: dict[str, list[int]] = {}
    entries = [(cells, _fielding(cells)) for cells in after]
    for _cells, fs in entries:
        for f in fs:
            new.setdefault(f.position, []).append(f.defence)
    drift = {pos: sum(old[pos]) / len(old[pos]) - sum(v) / len(v)
             for pos, v in new.items() if old.get(pos)}
    for cells, fs in entries:
        if not fs or not any(f.position in drift for f in fs):
            continue
        moved = []
        for f in fs:
            d = f.defence
            if f.position in drift:
                lo, hi = min(old[f.position]), max(old[f.position])
                d = max(lo, min(hi, math.floor(d + drift[f.position] + rng.random())))
            moved.append(f"{f.position}{d}{f.fine or ''}{f.error or ''}")
        cells["positions"] = ";".join(moved)
