"""The postseason as data: series formats, the professional default, and how a series stands.

A postseason is a list of series (`SeriesSpec`). Each names its two sides by seed or by the
winner of an earlier series — ``"CL#1"`` is the first of league CL's standings, ``"#3"`` the
third by record over the whole league, ``"winner:CL-1"`` the winner of series ``CL-1`` — and
plays under a `SeriesFormat`:

- `wins` decide it (the higher seed's `advantage` counts among them), within `games` games;
  draws count as games unless `replay_draws`, when they are played again as extra games;
- a series that ends level (draws, or games run out) goes to the higher seed;
- `home` spells the park of each game, ``H`` the higher seed's, ``L`` the lower's (the last
  letter stands for any further game): ``"H"`` all at the higher seed's park, ``"HHLLLHH"`` the
  2-3-2 of a Japan Series;
- `innings`: the extra-innings limit of its games (0: the league's); `unlimited_from`: the game
  (1 the first, draws counted) from which there is no limit at all (0: never).

The professional default for a league of two leagues (`climax_series`): per league the Climax
Series First Stage (2nd v 3rd, best of three at the 2nd's park) and Final Stage (1st v the
winner, best of six with a one-win advantage, at the 1st's park), then the Japan Series (best of
seven, 2-3-2, draws replayed, games 1-7 stopping after 12 innings and an 8th or later played
to a finish; the Central League's champion hosts games 1, 2, 6 and 7 in even years, the
Pacific's in odd years, `japan_series_hosts`). `bracket` makes the generic top-N bracket seeded
by record with best-of-N rounds.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from league.errors import LeagueError

FORMATS = ("climax", "bracket", "none")
# a game with no inning limit is played on till it is decided: no game goes this far
NO_INNING_LIMIT = 999


@dataclass(frozen=True)
class SeriesFormat:
    wins: int
    games: int
    advantage: int = 0
    replay_draws: bool = False
    home: str = "H"
    innings: int = 0
    rest_days: int = 1
    unlimited_from: int = 0

    def park(self, index: int) -> str:
        """"H" or "L": whose park game `index` (0-based, draws included) is at."""
        return self.home[min(index, len(self.home) - 1)]

    def innings_limit(self, index: int) -> int:
        """The last inning game `index` (0-based, draws included) may go to: NO_INNING_LIMIT
        from game `unlimited_from` on, else `innings` (0: the league's own limit)."""
        if self.unlimited_from and index + 1 >= self.unlimited_from:
            return NO_INNING_LIMIT
        return self.innings

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SeriesSpec:
    key: str
    name: str
    high: str                       # a side: "CL#1", "#2", "winner:KEY"
    low: str
    format: SeriesFormat
    league: str = ""                # the league (リーグ) it decides, "" across leagues
    name_en: str = ""
    order: str = "seed"             # two winners meeting: "seed" (record) or "alternate" (leagues take turns)


@dataclass(frozen=True)
class SeriesState:
    """How a series stands after its games: wins (the advantage included), draws, games, and
    the side that has won it ("high"/"low") once decided."""

    high_wins: int
    low_wins: int
    draws: int
    games: int
    decided: str | None
    advantage: int = 0      # of high_wins, the win the higher seed starts with (Final Stage)

    def score(self) -> str:
        return f"{self.high_wins}-{self.low_wins}" + (f"-{self.draws}" if self.draws else "")

    def score_text(self, japanese: bool) -> str:
        """The score as a fan reads it: the advantage win said ("4-1 (うちアドバンテージ1勝)")."""
        if not self.advantage:
            return self.score()
        return self.score() + (f" (うちアドバンテージ{self.advantage}勝)" if japanese
                               else f" (incl. {self.advantage} advantage win"
                               + ("s" if self.advantage > 1 else "") + ")")


def series_state(fmt: SeriesFormat, results: Sequence[str | None]) -> SeriesState:
    """The state after games won by "high", "low" or drawn (None), in order."""
    hw = fmt.advantage + sum(1 for r in results if r == "high")
    lw = sum(1 for r in results if r == "low")
    draws = sum(1 for r in results if r is None)
    decided: str | None = None
    if hw >= fmt.wins:
        decided = "high"
    elif lw >= fmt.wins:
        decided = "low"
    elif not fmt.replay_draws:
        remaining = fmt.games - len(results)
        # level at the end goes to the higher seed, so the lower one must finish ahead
        if lw + remaining <= hw:
            decided = "high"
        elif hw + remaining < lw:
            decided = "low"
    return SeriesState(hw, lw, draws, len(results), decided, fmt.advantage)


# --- reading [postseason] ---------------------------------------------------------------------

_SERIES_KEYS = {"key", "name", "name_en", "league", "high", "low", "order", "wins", "games",
                "advantage", "replay_draws", "home", "innings", "rest_days", "unlimited_from"}
_TOP_KEYS = {"format", "teams", "best_of", "innings", "series"}


def _int(data: Mapping[str, Any], key: str, lo: int, hi: int, default: int, where: str) -> int:
    v = data.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise LeagueError(f"{where}, key {key}: {v!r} is not a whole number {lo}..{hi}")
    return v


def series_format(data: Mapping[str, Any], where: str, innings: int = 0) -> SeriesFormat:
    games = _int(data, "games", 1, 15, 7, where)
    wins = _int(data, "wins", 1, 15, games // 2 + 1, where)
    adv = _int(data, "advantage", 0, 5, 0, where)
    if wins > games + adv or adv >= wins:
        raise LeagueError(f"{where}: {wins} wins cannot be reached in {games} games with an "
                          f"advantage of {adv}")
    home = data.get("home", "H")
    if not isinstance(home, str) or not home or set(home) - {"H", "L"}:
        raise LeagueError(f"{where}, key home: {home!r} is not a pattern of H and L (H the "
                          "higher seed's park), like \"HHLLLHH\"")
    replay = data.get("replay_draws", False)
    if not isinstance(replay, bool):
        raise LeagueError(f"{where}, key replay_draws: {replay!r} is not true or false")
    return SeriesFormat(wins, games, adv, replay, home,
                        _int(data, "innings", 0, 99, innings, where),
                        _int(data, "rest_days", 0, 30, 1, where),
                        _int(data, "unlimited_from", 0, 99, 0, where))


def climax_series(leagues: Sequence[str], innings: int = 12) -> list[SeriesSpec]:
    """The professional default for two leagues (one league: its Climax Series only)."""
    out: list[SeriesSpec] = []
    for code in leagues:
        out.append(SeriesSpec(
            f"{code}-1", f"{code} クライマックスシリーズ ファーストステージ", f"{code}#2", f"{code}#3",
            SeriesFormat(2, 3, home="H", innings=innings, rest_days=3), code,
            f"{code} Climax Series First Stage"))
    for code in leagues:
        out.append(SeriesSpec(
            f"{code}-F", f"{code} クライマックスシリーズ ファイナルステージ", f"{code}#1",
            f"winner:{code}-1", SeriesFormat(4, 6, advantage=1, home="H", innings=innings,
                                             rest_days=1), code,
            f"{code} Climax Series Final Stage"))
    if len(leagues) == 2:
        out.append(SeriesSpec(
            "JS", "日本シリーズ", f"winner:{leagues[0]}-F", f"winner:{leagues[1]}-F",
            SeriesFormat(4, 7, replay_draws=True, home="HHLLLHH", innings=innings, rest_days=4,
                         unlimited_from=8),
            "", "Japan Series", order="alternate"))
    return out


def japan_series_hosts(leagues: Sequence[Any], year: int) -> str:
    """The code of the league whose champion hosts games 1, 2, 6 and 7 when the two leagues'
    winners meet in turn (order "alternate"): the Central League's in even years (2022, 2024),
    the Pacific's in odd years. `leagues`: the two leagues (each with `code` and `dh`); the one
    without the designated hitter stands for the Central (it kept the pitcher batting), the
    first listed when both or neither have it."""
    without_dh = [lg for lg in leagues if not lg.dh]
    central = without_dh[0] if len(without_dh) == 1 else leagues[0]
    pacific = next(lg for lg in leagues if lg is not central)
    return (central if year % 2 == 0 else pacific).code


def bracket(teams: int, best_of: Sequence[int], innings: int = 0) -> list[SeriesSpec]:
    """The top `teams` (2, 4 or 8) by record in a seeded bracket (1 v N, 2 v N-1, …); round k
    best of `best_of[k]` (the last value repeats), every game at the higher seed's park… of the
    2-3-2 kind for seven games."""
    if teams not in (2, 4, 8):
        raise LeagueError(f"a bracket holds 2, 4 or 8 teams, not {teams}")
    rounds = {2: 1, 4: 2, 8: 3}[teams]
    out: list[SeriesSpec] = []
    # seeds in bracket order so that 1 and 2 can only meet in the final
    order = [1]
    while len(order) < teams:
        n = len(order) * 2
        order = [x for s in order for x in (s, n + 1 - s)]
    sides = [f"#{s}" for s in order]
    for r in range(rounds):
        n = best_of[min(r, len(best_of) - 1)]
        home = {7: "HHLLLHH", 5: "HHLLH", 3: "HLH"}.get(n, "H")
        fmt = SeriesFormat(n // 2 + 1, n, home=home, innings=innings, rest_days=3 if r == 0 else 1)
        last = r == rounds - 1
        nxt = []
        for k in range(0, len(sides), 2):
            key = "F" if last else f"R{r + 1}-{k // 2 + 1}"
            name = "決勝" if last else f"{r + 1}回戦 {k // 2 + 1}"
            out.append(SeriesSpec(key, name, sides[k], sides[k + 1], fmt,
                                  name_en="Final" if last else f"Round {r + 1}, {k // 2 + 1}"))
            nxt.append(f"winner:{key}")
        sides = nxt
    return out


def postseason_specs(data: Mapping[str, Any] | None, leagues: Sequence[str],
                     where: str = "league.toml [postseason]") -> list[SeriesSpec]:
    """The postseason of a league: `[postseason]` read and checked, or the default (the
    Climax Series and Japan Series for two leagues, none for one)."""
    data = dict(data or {})
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise LeagueError(f"{where}: unknown key {unknown[0]!r}; known keys are "
                          f"{', '.join(sorted(_TOP_KEYS))}")
    innings = _int(data, "innings", 0, 99, 12, where)
    if "series" in data:
        raw = data["series"]
        if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw) or not raw:
            raise LeagueError(f"{where}: series must be [[postseason.series]] tables")
        specs = [_series_spec(x, f"{where} series #{i + 1}", innings)
                 for i, x in enumerate(raw)]
    else:
        fmt = data.get("format", "climax" if len(leagues) == 2 else "none")
        if fmt not in FORMATS:
            raise LeagueError(f"{where}, key format: {fmt!r} is not one of {', '.join(FORMATS)}")
        if fmt == "none":
            return []
        if fmt == "climax":
            specs = climax_series(leagues, innings)
        else:
            best_of = data.get("best_of", [5, 7])
            if (not isinstance(best_of, list) or not best_of
                    or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 15
                               and n % 2 for n in best_of)):
                raise LeagueError(f"{where}, key best_of: {best_of!r} is not a list of odd "
                                  "numbers of games, one per round")
            specs = bracket(_int(data, "teams", 2, 8, 4, where), best_of, innings)
    _check_refs(specs, leagues, where)
    return specs


def _series_spec(x: Mapping[str, Any], where: str, innings: int) -> SeriesSpec:
    unknown = sorted(set(x) - _SERIES_KEYS)
    if unknown:
        raise LeagueError(f"{where}: unknown key {unknown[0]!r}; a series has "
                          f"{', '.join(sorted(_SERIES_KEYS))}")
    for key in ("key", "high", "low"):
        if not isinstance(x.get(key), str) or not x[key]:
            raise LeagueError(f"{where}: missing key {key!r} (text)")
    order = x.get("order", "seed")
    if order not in ("seed", "alternate"):
        raise LeagueError(f"{where}, key order: {order!r} is not seed or alternate")
    return SeriesSpec(x["key"], str(x.get("name", x["key"])), x["high"], x["low"],
                      series_format(x, where, innings), str(x.get("league", "")),
                      str(x.get("name_en", "")), order)


def _check_refs(specs: Sequence[SeriesSpec], leagues: Sequence[str], where: str) -> None:
    seen: set[str] = set()
    for s in specs:
        if s.key in seen:
            raise LeagueError(f"{where}: series {s.key!r} is listed twice")
        for side in (s.high, s.low):
            if side.startswith("winner:"):
                if side[7:] not in seen:
                    raise LeagueError(f"{where}: series {s.key} takes the {side} of a series "
                                      "not listed before it")
            else:
                league, _, rank = side.rpartition("#")
                if not rank.isdigit() or int(rank) < 1 or (league and league not in leagues):
                    raise LeagueError(f"{where}: series {s.key}: {side!r} is not a side (like "
                                      f"\"{leagues[0] if leagues else ''}#1\", \"#2\" or "
                                      "\"winner:KEY\")")
        if s.league and s.league not in leagues:
            raise LeagueError(f"{where}: series {s.key}: no league {s.league!r}")
        seen.add(s.key)


def seed_of(side: str, standings: Mapping[str, Sequence[str]], overall: Sequence[str]
            ) -> tuple[str, int] | None:
    """The team and seed a side names, from the final standings (team codes in order, per
    league and overall); None for a winner still to come or a rank beyond the teams."""
    if side.startswith("winner:"):
        return None
    league, _, rank = side.rpartition("#")
    table = standings.get(league, ()) if league else overall
    k = int(rank)
    return (table[k - 1], k) if k <= len(table) else None


__all__ = ["SeriesFormat", "SeriesSpec", "SeriesState", "series_state", "series_format",
           "climax_series", "bracket", "postseason_specs", "seed_of", "japan_series_hosts",
           "NO_INNING_LIMIT"]
