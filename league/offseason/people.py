"""Birth dates and ages (npb_offseason.md §1): a player's age for a season is his age on 1 April
of its year; a player without a birth date in his league file gets a plausible one from a seeded
stream keyed by his league and id, so the same league always gets the same dates."""
from __future__ import annotations

import hashlib
import random
from datetime import date

from league.engine.cards import Player

# the born column is read with the league file, in the season (one home:
# league.season.offseason_settings); its reader's name stays importable from here
from league.season.offseason_settings import parse_born  # noqa: F401

SEASON_AGE_DAY = (4, 1)      # the age of a season is the age on 1 April

# Weights of a roster's ages (支配下 70 per club): NPB rosters average about 27-28 years, join at
# 18 (高校), 22 (大学) or 23-26 (社会人, 独立) and few play past 40.
AGE_WEIGHTS: dict[int, float] = {
    18: 3.0, 19: 3.0, 20: 3.0, 21: 3.0, 22: 4.5, 23: 5.5, 24: 6.0, 25: 6.5, 26: 6.5, 27: 6.5,
    28: 6.5, 29: 6.0, 30: 6.0, 31: 5.5, 32: 5.0, 33: 4.5, 34: 3.5, 35: 3.0, 36: 2.5, 37: 1.5,
    38: 1.0, 39: 0.6, 40: 0.4, 41: 0.2,
}


def stream(*key: object) -> random.Random:
    """A seeded stream for `key` (e.g. the league, the player, the year): the same key gives the
    same numbers on every machine and Python version."""
    digest = hashlib.sha256("\x1f".join(str(k) for k in key).encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def life(league: str, seed: int) -> str:
    """The key a league's off-season streams take for `league` (every `stream` of the
    off-season's rules and of the computer's trades: who retires, the draft's class and
    lottery, growth and decline, free agency, trades, foreign players): its name and the seed
    of its first season, so the same league with another seed lives another life and the same
    league and seed replay exactly (issue 32: "reproducible from the season's seed"; keyed by
    the name alone, `impact calibrate --lived N --seed S` lived the same off-seasons for every
    S). The first season's, not each season's: what a draw keeps for a player's life (his
    development trait, aging.development; a club's scouts' view of a man) must not be drawn
    again when the next season takes the next seed; what is drawn each year has the year in
    its key. A league's people as its files give them — a plausible birth date
    (`plausible_born`), the service before its first season
    (league.offseason.free_agency.initial_service) — stay keyed by the name alone: they are
    stored or read as the league's data."""
    return f"{league}@{seed}"


def age_on(born: date, day: date) -> int:
    """Whole years from `born` to `day`."""
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def season_age(born: date, year: int) -> int:
    """A player's age for the season of `year`: his age on 1 April."""
    return age_on(born, date(year, *SEASON_AGE_DAY))


def age_in(born: str, year: int | None) -> int | None:
    """The age for the season of `year` of a player born on `born` (ISO text); None when either
    is missing."""
    if not born or year is None:
        return None
    return season_age(date.fromisoformat(born), year)


def plausible_born(league: str, pid: str, year: int) -> date:
    """A birth date that gives a player of a roster a plausible age in the season of `year`,
    drawn from the seeded stream of (league, player id): the same every time."""
    rng = stream("born", league, pid)
    ages = list(AGE_WEIGHTS)
    age = rng.choices(ages, weights=[AGE_WEIGHTS[a] for a in ages])[0]
    # born between 2 April of (year - age - 1) and 1 April of (year - age): that age on 1 April
    first = date(year - age - 1, 4, 2).toordinal()
    last = date(year - age, 4, 1).toordinal()
    return date.fromordinal(rng.randint(first, last))


def born_of(cells: dict[str, str] | None, league: str, pid: str, year: int) -> str:
    """The birth date a card's cells give, or a plausible one (ISO text)."""
    text = (cells or {}).get("born", "")
    return text if text else plausible_born(league, pid, year).isoformat()


def pro_abroad(p: Player) -> bool:
    """Whether a player has professional experience abroad — for 新人王 (NPB: none). A foreign
    player (外国人, `Player.foreign`, set by the league file or the market) has."""
    return p.foreign
