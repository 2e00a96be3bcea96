"""The off-season's settings a league file carries and the cells it reads: the draft's
(league.toml ``[draft]``: `draft_rules`), free agency's (``[fa]``: `fa_rules`) and the players'
birth dates (the ``born`` column: `parse_born`), and the trades' (``[trades]``: `trade_rules`). They are read and checked with the league file
(league.season.roster), so a bad one is refused when the league is read; the off-season
(league.offseason: draft.py, free_agency.py, people.py, trades.py) plays by them and keeps their names.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from league.errors import LeagueError

MAX_PICKS = 120
MAX_IKUSEI = 10            # 育成 players a club may take in one draft
# the chance a 支配下 pick refuses to sign (入団拒否, §3): NPB has had about one a year of its 80-odd
# picks since the 2000s (most of them going on to university or a company team instead)
REFUSAL = 0.01
MAX_REFUSAL = 0.5
# the most seasons a 育成 (development) contract runs (NPB: three; then 自由契約, or signed again as
# 育成: league.offseason.renewal.expire); 0: no limit
IKUSEI_YEARS = 3
MAX_IKUSEI_YEARS = 10
PRIORITY_ALTERNATE = "alternate"


@dataclass(frozen=True)
class DraftRules:
    """A league's draft settings (league.toml ``[draft]``): `priority` "alternate" (by year) or
    the code of the league that always has it; `picks` the most picks in all (支配下, <= 120);
    `held` false: no draft (clubs fill nothing); `ikusei` the 育成 players each club takes after
    the 支配下 rounds (0, the default: no 育成 draft); `active` true: the 現役ドラフト after the
    trades (league.offseason.active_draft; off by default); `refusal` the chance a 支配下 pick
    refuses to sign (入団拒否, REFUSAL; 0: every pick signs; a man who refuses comes back in a
    later class, league.offseason.draft.returning); `ikusei_years` the most seasons a 育成
    contract runs (IKUSEI_YEARS; 0: no limit)."""

    priority: str = PRIORITY_ALTERNATE
    picks: int = MAX_PICKS
    held: bool = True
    ikusei: int = 0
    active: bool = False
    refusal: float = REFUSAL
    ikusei_years: int = IKUSEI_YEARS


def draft_rules(raw: object, leagues: Sequence[str], where: str = "[draft]") -> DraftRules:
    """The [draft] table checked; LeagueError naming the key for anything else."""
    if raw is None:
        return DraftRules()
    if not isinstance(raw, Mapping):
        raise LeagueError(f"{where}: draft must be a table ([draft])")
    extra = sorted(set(raw) - {"priority", "picks", "held", "ikusei", "ikusei_years", "active",
                               "refusal"})
    if extra:
        raise LeagueError(f"{where}: unknown key {extra[0]!r}; [draft] has active, held, ikusei, "
                          "ikusei_years, picks, priority, refusal")
    priority = raw.get("priority", PRIORITY_ALTERNATE)
    if priority != PRIORITY_ALTERNATE and priority not in leagues:
        raise LeagueError(f"{where}, key priority: {priority!r} is not \"alternate\" nor a league "
                          f"code ({', '.join(leagues) or 'none'})")
    picks = raw.get("picks", MAX_PICKS)
    if isinstance(picks, bool) or not isinstance(picks, int) or not 0 <= picks <= MAX_PICKS:
        raise LeagueError(f"{where}, key picks: {picks!r} is not a whole number 0..{MAX_PICKS}")
    held = raw.get("held", True)
    if not isinstance(held, bool):
        raise LeagueError(f"{where}, key held: {held!r} is not true or false")
    ikusei = raw.get("ikusei", 0)
    if isinstance(ikusei, bool) or not isinstance(ikusei, int) or not 0 <= ikusei <= MAX_IKUSEI:
        raise LeagueError(f"{where}, key ikusei: {ikusei!r} is not a whole number 0..{MAX_IKUSEI}")
    active = raw.get("active", False)
    if not isinstance(active, bool):
        raise LeagueError(f"{where}, key active: {active!r} is not true or false")
    refusal = raw.get("refusal", REFUSAL)
    if (isinstance(refusal, bool) or not isinstance(refusal, (int, float))
            or not 0 <= refusal <= MAX_REFUSAL):
        raise LeagueError(f"{where}, key refusal: {refusal!r} is not a chance 0..{MAX_REFUSAL} "
                          "(a drafted player refusing to sign, 入団拒否)")
    years = raw.get("ikusei_years", IKUSEI_YEARS)
    if (isinstance(years, bool) or not isinstance(years, int)
            or not 0 <= years <= MAX_IKUSEI_YEARS):
        raise LeagueError(f"{where}, key ikusei_years: {years!r} is not a whole number "
                          f"0..{MAX_IKUSEI_YEARS} (the seasons a 育成 contract runs; 0: no limit)")
    return DraftRules(str(priority), picks, held, ikusei, active, float(refusal), years)


def fa_rules(raw: object, where: str = "[fa]") -> bool:
    """The [fa] table of league.toml checked: whether compensation (人的補償) is on (default
    off). LeagueError naming the key for anything else."""
    return _switch(raw, where, "fa", "compensation")


def _switch(raw: object, where: str, table: str, key: str, default: bool = False) -> bool:
    """A table of league.toml that holds one switch, `key` (`default` when missing), checked:
    LeagueError naming the table and the key for anything else."""
    if raw is None:
        return default
    if not isinstance(raw, Mapping):
        raise LeagueError(f"{where}: {table} must be a table ([{table}])")
    extra = sorted(set(raw) - {key})
    if extra:
        raise LeagueError(f"{where}: unknown key {extra[0]!r}; [{table}] has {key}")
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise LeagueError(f"{where}, key {key}: {value!r} is not true or false")
    return value


def parse_born(text: str, where: str) -> date | None:
    """A birth date as a league file writes it (YYYY-MM-DD); "" is none. LeagueError naming
    `where` for anything else."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise LeagueError(f"{where}: {text!r} is not a birth date (YYYY-MM-DD)") from None
    if not 1850 <= day.year <= 2200:
        raise LeagueError(f"{where}: {text!r} is not a plausible birth date (year 1850-2200)")
    return day


@dataclass(frozen=True)
class TradeRules:
    """A league's trade settings (league.toml ``[trades]``): `in_season` true: the computer's
    clubs trade among themselves on a few days of the season before the deadline (on by
    default, as NPB's clubs do; ``in_season = false`` keeps the rosters the season opened with
    but for a person's trades and the commissioner's)."""

    in_season: bool = True


def trade_rules(raw: object, where: str = "[trades]") -> TradeRules:
    """The [trades] table checked; LeagueError naming the key for anything else."""
    return TradeRules(_switch(raw, where, "trades", "in_season", TradeRules.in_season))
