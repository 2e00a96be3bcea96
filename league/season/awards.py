"""Awards of a season and the value measure the app proposes them by (docs/awards.md).

MVP, 新人王, ベストナイン and ゴールデングラブ are given per league (リーグ), 沢村賞 once for the whole
league. The app proposes each from a value measure and the commissioner confirms the proposal or
chooses another player; these functions only propose. Everything that varies between leagues
(the rookie definition, the games needed at a position, the 沢村賞 criteria) is `AwardRules` data.

The value measure, in runs above a replacement player:
- batting runs: linear weights of the player's events minus the league's weights per PA times his
  PA (so an average batter is 0): 0.47·1B + 0.77·2B + 1.04·3B + 1.40·HR + 0.31·(BB − IBB + HBP)
  + 0.18·SB − 0.35·CS;
- position runs: per game at a position, C +12.5, SS +7.5, 2B 3B CF +2.5, LF RF −7.5, 1B −12.5,
  DH −17.5 (per 143 games), P 0;
- replacement runs: 20 per 600 PA;
- pitching runs: earned runs a replacement pitcher (1.25 × the league's earned runs per out)
  would have allowed in the pitcher's outs, minus his earned runs.
A player's value is the sum of what applies to him (a two-way player has both).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from typing import Any

from league.errors import LeagueError
from league.season.stats import BattingStats, FieldingStats, PitchingStats, stat_text

OUTFIELD = ("LF", "CF", "RF")
POSITION_RUNS = {"C": 12.5, "SS": 7.5, "2B": 2.5, "3B": 2.5, "CF": 2.5, "LF": -7.5, "RF": -7.5,
                 "1B": -12.5, "DH": -17.5, "P": 0.0}
POSITION_RUNS_GAMES = 143
LINEAR_WEIGHTS = {"1b": 0.47, "2b": 0.77, "3b": 1.04, "hr": 1.40, "bb": 0.31, "sb": 0.18,
                  "cs": -0.35}
REPLACEMENT_RUNS_PER_600_PA = 20.0
REPLACEMENT_ERA_FACTOR = 1.25
# fielding marks on the card (league.engine.cards.FINE_MARKS / ERROR_MARKS) as a golden-glove bonus
MARK_POINTS = {"+": 2.0, "#": 1.0, "(#)": 0.5, "*": -2.0, "-": -1.0}

AWARD_NAMES = {"mvp": ("最優秀選手", "MVP"), "rookie": ("最優秀新人", "Rookie of the Year"),
               "best_nine": ("ベストナイン", "Best Nine"),
               "golden_glove": ("ゴールデングラブ賞", "Golden Glove"),
               "sawamura": ("沢村賞", "Sawamura Award")}
BEST_NINE_SLOTS = ("P", "C", "1B", "2B", "3B", "SS", "OF1", "OF2", "OF3")
GOLDEN_GLOVE_SLOTS = ("P", "C", "1B", "2B", "3B", "SS", "OF1", "OF2", "OF3")


@dataclass(frozen=True)
class Criterion:
    """One 沢村賞 criterion: a stat, a threshold and whether the stat must be at least or at most."""

    key: str
    ja: str
    stat: str              # wins, complete_games, win_pct, outs, so, starts, era
    threshold: float
    at_most: bool = False

    def met(self, p: PitchingStats) -> bool:
        v = pitcher_stat(p, self.stat)
        if v is None:
            return False
        return v <= self.threshold if self.at_most else v >= self.threshold


SAWAMURA_CRITERIA = (
    Criterion("wins", "15勝", "wins", 15),
    Criterion("complete_games", "10完投", "complete_games", 10),
    Criterion("win_pct", "勝率6割", "win_pct", 0.600),
    Criterion("innings", "200投球回", "outs", 600),
    Criterion("strikeouts", "150奪三振", "so", 150),
    Criterion("starts", "25登板", "starts", 25),
    Criterion("era", "防御率2.50", "era", 2.50, at_most=True),
)


def pitcher_stat(p: PitchingStats, stat: str) -> float | None:
    if stat == "win_pct":
        return p.wins / (p.wins + p.losses) if p.wins + p.losses else None
    return getattr(p, stat)


@dataclass(frozen=True)
class AwardRules:
    """A league's award settings (NPB's by default); stored as data, see `from_mapping`."""

    rookie_max_years: int = 5          # the award season is at most his 5th season
    rookie_max_prior_ab: int = 60      # at most 60 at-bats before this season
    rookie_max_prior_pa: int = 60      # NPB's: at most 60 plate appearances (打席) before it
    rookie_max_prior_outs: int = 90    # at most 30 innings before this season
    founders_are_rookies: bool = False  # players of the league's first season are established pros
    best_nine_min_share: Fraction = Fraction(1, 2)     # games at the position / team games
    golden_glove_min_share: Fraction = Fraction(1, 2)
    sawamura: tuple[Criterion, ...] = SAWAMURA_CRITERIA
    sawamura_min_met: int = 1          # a pitcher meeting fewer is not proposed (該当者なし)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, Fraction):
                v = f"{v.numerator}/{v.denominator}"
            elif f.name == "sawamura":
                v = {c.key: c.threshold for c in v}
            out[f.name] = v
        return out

    @staticmethod
    def from_mapping(data: Mapping[str, Any], where: str = "award rules") -> "AwardRules":
        """Rules from stored or typed data; LeagueError names the bad key."""
        rules = AwardRules()
        known = {f.name: f for f in fields(AwardRules)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise LeagueError(f"{where}: unknown setting {key!r}; the settings are "
                                  f"{', '.join(known)}")
            current = getattr(rules, key)
            if key == "sawamura":
                if not isinstance(value, Mapping):
                    raise LeagueError(f"{where}: sawamura must map criteria to thresholds")
                by = {c.key: c for c in current}
                crit = []
                for ck, c in by.items():
                    t = value.get(ck, c.threshold)
                    crit.append(replace(c, threshold=_number(t, f"{where}: sawamura.{ck}")))
                unknown = set(value) - set(by)
                if unknown:
                    raise LeagueError(f"{where}: unknown 沢村賞 criterion {sorted(unknown)[0]!r}; "
                                      f"the criteria are {', '.join(by)}")
                changes[key] = tuple(crit)
            elif isinstance(current, bool):
                changes[key] = _bool(value, f"{where}: {key}")
            elif isinstance(current, Fraction):
                try:
                    fr = Fraction(str(value).strip())
                except (ValueError, ZeroDivisionError):
                    raise LeagueError(f"{where}: {key} {value!r} is not a fraction such as 1/2") \
                        from None
                if not 0 <= fr <= 1:
                    raise LeagueError(f"{where}: {key} {value!r} must be between 0 and 1")
                changes[key] = fr
            else:
                n = _number(value, f"{where}: {key}")
                if n != int(n) or n < 0:
                    raise LeagueError(f"{where}: {key} {value!r} must be a whole number ≥ 0")
                changes[key] = int(n)
        return replace(rules, **changes)


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool):
        raise LeagueError(f"{where}: {value!r} is not a number")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise LeagueError(f"{where}: {value!r} is not a number") from None


def _bool(value: Any, where: str) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "1", "on"):
        return True
    if text in ("false", "no", "0", "off"):
        return False
    raise LeagueError(f"{where}: {value!r} is not true or false")


@dataclass(frozen=True)
class AwardPlayer:
    """What the awards know of a player's season."""

    player: str
    team: str
    batting: BattingStats | None = None
    pitching: PitchingStats | None = None
    fielding: FieldingStats | None = None
    positions: Mapping[str, int] = field(default_factory=dict)   # games at each position (DH too)
    defence: Mapping[str, float] = field(default_factory=dict)   # card 守備力 + marks per position
    prior_years: int = 0            # seasons in the league before this one
    prior_ab: int = 0
    prior_outs: int = 0
    prior_pa: int = 0
    founder: bool = False           # in the league's first season
    abroad: bool = False            # professional experience abroad (a foreign player): no 新人王


@dataclass(frozen=True)
class Value:
    batting: float
    position: float
    replacement: float
    pitching: float

    @property
    def total(self) -> float:
        return self.batting + self.position + self.replacement + self.pitching


def _lw(b: BattingStats) -> float:
    singles = b.h - b.doubles - b.triples - b.hr
    w = LINEAR_WEIGHTS
    return (w["1b"] * singles + w["2b"] * b.doubles + w["3b"] * b.triples + w["hr"] * b.hr
            + w["bb"] * (b.bb - b.ibb + b.hbp) + w["sb"] * b.sb + w["cs"] * b.cs)


def values(players: Sequence[AwardPlayer]) -> dict[str, Value]:
    """Each player's value against the averages of `players` (one league's players)."""
    pa = sum(p.batting.pa for p in players if p.batting)
    lw_rate = sum(_lw(p.batting) for p in players if p.batting) / pa if pa else 0.0
    outs = sum(p.pitching.outs for p in players if p.pitching)
    er_rate = sum(p.pitching.er for p in players if p.pitching) / outs if outs else 0.0
    out = {}
    for p in players:
        bat = pos = repl = pit = 0.0
        if p.batting is not None:
            bat = _lw(p.batting) - lw_rate * p.batting.pa
            repl = REPLACEMENT_RUNS_PER_600_PA * p.batting.pa / 600
            pos = sum(POSITION_RUNS.get(k, 0.0) * n for k, n in p.positions.items()) \
                / POSITION_RUNS_GAMES
        if p.pitching is not None:
            pit = REPLACEMENT_ERA_FACTOR * er_rate * p.pitching.outs - p.pitching.er
        out[p.player] = Value(bat, pos, repl, pit)
    return out


@dataclass(frozen=True)
class Candidate:
    player: str
    team: str
    value: float
    note: str = ""


@dataclass(frozen=True)
class Proposal:
    """The app's choice for one award slot and the next candidates; `player` None: nobody."""

    award: str              # mvp | rookie | best_nine | golden_glove | sawamura
    slot: str               # "" or a position: P C 1B 2B 3B SS OF1 OF2 OF3 DH
    league: str
    player: str | None
    candidates: tuple[Candidate, ...]

    @property
    def key(self) -> str:
        return f"{self.award}:{self.slot}" if self.slot else self.award


def _pick(award: str, slot: str, league: str, ranked: list[Candidate],
          taken: Iterable[str] = ()) -> Proposal:
    taken = set(taken)
    rest = [c for c in ranked if c.player not in taken]
    return Proposal(award, slot, league, rest[0].player if rest else None, tuple(rest[:5]))


def _rank(cands: Iterable[Candidate], team_rank: Mapping[str, int]) -> list[Candidate]:
    return sorted(cands, key=lambda c: (-round(c.value, 9), team_rank.get(c.team, 99), c.player))


def is_rookie(p: AwardPlayer, rules: AwardRules) -> bool:
    """新人王 eligibility by the league's rookie definition."""
    if p.abroad:                    # NPB: no professional experience abroad
        return False
    if p.founder and not rules.founders_are_rookies:
        return False
    return (p.prior_years < rules.rookie_max_years and p.prior_ab <= rules.rookie_max_prior_ab
            and p.prior_pa <= rules.rookie_max_prior_pa
            and p.prior_outs <= rules.rookie_max_prior_outs)


def primary_position(p: AwardPlayer) -> str | None:
    """The position (DH included) he played most; LF/CF/RF count as one outfield."""
    if not p.positions:
        return None
    merged: dict[str, int] = {}
    for k, n in p.positions.items():
        merged["OF" if k in OUTFIELD else k] = merged.get("OF" if k in OUTFIELD else k, 0) + n
    return max(sorted(merged), key=lambda k: merged[k])


def _games_at(p: AwardPlayer, pos: str) -> int:
    if pos == "OF":
        return sum(p.positions.get(k, 0) for k in OUTFIELD)
    return p.positions.get(pos, 0)


def propose(players: Sequence[AwardPlayer], *, league: str = "", dh: bool,
            team_games: Mapping[str, int], team_rank: Mapping[str, int] | None = None,
            rules: AwardRules = AwardRules()) -> list[Proposal]:
    """MVP, 新人王, ベストナイン (DH when the league uses it) and ゴールデングラブ of one league."""
    team_rank = team_rank or {}
    val = values(players)
    total = {pid: v.total for pid, v in val.items()}
    out = [_pick("mvp", "", league, _rank(
        (Candidate(p.player, p.team, total[p.player]) for p in players
         if p.batting is not None or p.pitching is not None), team_rank))]
    out.append(_pick("rookie", "", league, _rank(
        (Candidate(p.player, p.team, total[p.player]) for p in players
         if is_rookie(p, rules) and (p.batting or p.pitching)), team_rank)))
    # ベストナイン: pitchers by pitching value, the others by their value at their main position
    slots = list(BEST_NINE_SLOTS) + (["DH"] if dh else [])
    taken: set[str] = set()
    for slot in slots:
        pos = "OF" if slot.startswith("OF") else slot
        if pos == "P":
            ranked = _rank((Candidate(p.player, p.team, val[p.player].pitching) for p in players
                            if p.pitching is not None and p.pitching.outs), team_rank)
        else:
            ranked = _rank((Candidate(p.player, p.team, total[p.player] - val[p.player].pitching,
                                      f"{_games_at(p, pos)}G")
                            for p in players if p.batting is not None
                            and primary_position(p) == pos
                            and Fraction(_games_at(p, pos)) >= rules.best_nine_min_share
                            * team_games.get(p.team, 0)), team_rank)
        prop = _pick("best_nine", slot, league, ranked, taken)
        if prop.player:
            taken.add(prop.player)
        out.append(prop)
    # ゴールデングラブ: the card's fielding at the position, then his fielding record
    taken = set()
    for slot in GOLDEN_GLOVE_SLOTS:
        pos = "OF" if slot.startswith("OF") else slot
        cands = []
        for p in players:
            games = team_games.get(p.team, 0)
            if pos == "P":
                if p.pitching is None or p.pitching.outs < games * 3:
                    continue
            elif p.batting is None or Fraction(_games_at(p, pos)) < \
                    rules.golden_glove_min_share * games:
                continue
            cands.append(Candidate(p.player, p.team, glove_value(p, pos),
                                   f"{_games_at(p, pos) if pos != 'P' else p.pitching.games}G"))  # type: ignore[union-attr]
        prop = _pick("golden_glove", slot, league, _rank(cands, team_rank), taken)
        if prop.player:
            taken.add(prop.player)
        out.append(prop)
    return out


def glove_value(p: AwardPlayer, pos: str) -> float:
    """10 × the card's 守備力 at the position (its marks added), + 100 × (守備率 − .950), and for
    a catcher + 20 × 盗塁阻止率; an outfielder's card value is his best outfield position's."""
    if pos == "OF":
        card = max((p.defence[k] for k in OUTFIELD if k in p.defence), default=0.0)
    else:
        card = p.defence.get(pos, 0.0)
    v = 10 * card
    f = p.fielding
    if f is not None and f.fielding_pct is not None:
        v += 100 * (f.fielding_pct - 0.950)
    if pos == "C" and f is not None and f.cs_rate is not None:
        v += 20 * f.cs_rate
    return v


def sawamura(players: Iterable[AwardPlayer], *, rules: AwardRules = AwardRules(),
             team_rank: Mapping[str, int] | None = None) -> Proposal:
    """沢村賞 over every league: the starter meeting the most criteria, then the most valuable."""
    players = list(players)
    val = values(players)
    cands = []
    for p in players:
        if p.pitching is None or not p.pitching.starts:
            continue
        met = [c for c in rules.sawamura if c.met(p.pitching)]
        if len(met) < rules.sawamura_min_met:
            continue
        cands.append((len(met), Candidate(p.player, p.team, val[p.player].pitching,
                                          f"{len(met)}/{len(rules.sawamura)}")))
    cands.sort(key=lambda x: (-x[0], -round(x[1].value, 9), x[1].player))
    ranked = [c for _, c in cands]
    return Proposal("sawamura", "", "", ranked[0].player if ranked else None, tuple(ranked[:5]))


def criteria_met(p: PitchingStats, rules: AwardRules = AwardRules()) -> list[tuple[Criterion, str, bool]]:
    """Each 沢村賞 criterion with the pitcher's figure and whether he met it."""
    out = []
    for c in rules.sawamura:
        v = pitcher_stat(p, c.stat)
        text = "-" if v is None else stat_text("avg" if c.stat == "win_pct" else c.stat, v)
        out.append((c, text, c.met(p)))
    return out


def award_name(award: str, japanese: bool) -> str:
    ja, en = AWARD_NAMES.get(award, (award, award))
    return ja if japanese else en


def award_key_name(key: str, japanese: bool) -> str:
    """A won award's stored key ("mvp", "best_nine:P", "best_nine:OF2") in words
    ("最優秀選手", "ベストナイン 投手")."""
    award, _, slot = key.partition(":")
    return f"{award_name(award, japanese)} {slot_name(slot, japanese)}".strip()


def slot_name(slot: str, japanese: bool) -> str:
    if not slot:
        return ""
    names = {"P": ("投手", "P"), "C": ("捕手", "C"), "1B": ("一塁手", "1B"),
             "2B": ("二塁手", "2B"), "3B": ("三塁手", "3B"), "SS": ("遊撃手", "SS"),
             "DH": ("指名打者", "DH")}
    if slot.startswith("OF"):
        return ("外野手" if japanese else "OF") + slot[2:]
    ja, en = names.get(slot, (slot, slot))
    return ja if japanese else en


def award_keys(dh: bool) -> list[str]:
    """Every award key of one league, in the order shown."""
    keys = ["mvp", "rookie"] + [f"best_nine:{s}" for s in BEST_NINE_SLOTS]
    if dh:
        keys.append("best_nine:DH")
    keys += [f"golden_glove:{s}" for s in GOLDEN_GLOVE_SLOTS]
    return keys
