"""Real usage: a league made from statistics plays its people as they were used (issue 33;
docs/cards.md, "Real usage").

The league stores each player's real figures (league.toml's ``[usage]``: the team's games, a
batter's plate appearances and games by position, a pitcher's games, starts, innings, saves and
holds). From them each team gets targets — a share of the team's games each man starts at each
position, a share of its starts each starter makes, and its bullpen order by saves and holds —
and a plan that follows them game by game: in the team's `n`-th game a man starts at a position
when his starts there so far are behind `n` × his share, the man furthest behind first
(positions in the order of `POSITIONS`, a man starting at most once a day). The plan is a pure
function of the targets and the team's game number, so games replay from their rolls and a
season plays the same however it is split into runs.

On the day, the planned man plays if he can (on the active roster, rested, not the day's
pitcher); if not, the man at that position furthest behind his target who can; a position
nobody's target covers today is the computer manager's choice (league/manager/bench.py).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from league.errors import LeagueError

# the order the plan fills a day's positions: the scarce gloves first, the DH last
POSITIONS: Final = ("C", "SS", "CF", "2B", "3B", "RF", "LF", "1B", "DH")
# "sh", "sb", "cs": the real sacrifice bunts, steals and caught stealing, and "on1" the times on
# first (singles, walks, hit batsmen): the habits the computer follows from engine version 5
# (`TeamUsage.habits`; leagues made before carry none and play as they were made)
BATTER_KEYS: Final = ("pa", "g", "gs", *POSITIONS, "sh", "sb", "cs", "on1")
PITCHER_KEYS: Final = ("g", "gs", "ip", "sv", "hld")
# plate appearances a start is worth: the team's plate appearances a game over nine line-up
# places, less this share that goes to men coming off the bench (pinch hitters, late defence)
OFF_BENCH_PA: Final = 0.05
MIN_ORDER_STARTS: Final = 10   # starts that place a man in the batting order by his PA a start
# a relief game's innings of a man who also started (his starts get the rest of his innings;
# cardmaking's SWING_RELIEF_IP)
RELIEF_IP: Final = 1.2
# the most a starter's innings today move from his real innings a start to catch up what he is
# behind them over his starts so far (or to give back what he is ahead): `start_innings`
START_CATCH_UP: Final = 3.0
# a depth starter (`rotation_shares`): a man who mostly started, in fewer than this share of his
# team's games (19 of 162); the missing men's turns fill the depth starters up to it first
DEPTH_SHARE: Final = 0.12
# the most innings a start of a man who relieved in as many games as he started or more
# (`innings_per_game`): beyond it his relief games were long ones (the bulk innings behind an
# opener), not RELIEF_IP
SWING_START_IP: Final = 7.0


@dataclass(frozen=True)
class TeamUsage:
    """One team's targets: `starts[pos]` the (player, share of the team's games) who start
    there, `rotation` the (player, share of the team's starts), `bullpen` the relievers in
    the order of their real roles (closer first, then the setup men, then by relief games)."""

    games: int
    starts: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]
    rotation: tuple[tuple[str, float], ...]
    bullpen: tuple[str, ...]
    starters: tuple[str, ...] = ()     # the men who mostly started (the rest relieve too)
    # real plate appearances a start of the batters whose starts the file gives: the batting
    # order (the most first)
    pa_per_start: tuple[tuple[str, float], ...] = ()
    # each pitcher's real innings a start and a relief game (`innings_per_game`): how long the
    # computer leaves him in (league/manager/computer.py, "real usage")
    innings: tuple[tuple[str, float, float], ...] = ()
    # each pitcher's real relief games over the team's games (`paced`): a man ahead of his
    # share of the team's games so far is the last of his role the computer calls on
    relief: tuple[tuple[str, float], ...] = ()
    # each starter's real starts over the team's games (`relieving_starters`: a start beyond
    # them stands for relief games)
    start_share: tuple[tuple[str, float], ...] = ()
    # each batter's real sacrifice bunts a plate appearance and steal attempts (steals and
    # caught stealing) a time on first (`habits`): Lineup.habits, which the computer manager
    # follows from engine version 5
    habits: tuple[tuple[str, float, float], ...] = ()
    # the batters by their real plate appearances, the most first: the day's bench is dressed
    # from the men who are not starting in this order (league/manager/bench.py), so a deeper
    # roster dresses the men the club really carried, not more and better bats off its bench
    by_pa: tuple[str, ...] = ()
    # each batter's real games off the bench (games less games started) where the file gives
    # the starts: Lineup.off_bench, by which the computer draws its pinch hitters and runners
    off_bench: tuple[tuple[str, float], ...] = ()

    def innings_of(self, pid: str, start: bool) -> float | None:
        """The pitcher's real innings a start (`start`) or a relief game; None when he has none."""
        for p, per_start, per_relief in self.innings:
            if p == pid:
                per = per_start if start else per_relief
                return per if per > 0 else None
        return None

    def share(self, pos: str) -> tuple[tuple[str, float], ...]:
        for p, shares in self.starts:
            if p == pos:
                return shares
        return ()


def check_usage(data: Any, where: str) -> dict[str, Any]:
    """league.toml's [usage] table, checked: `games`, `batters` and `pitchers` (tables by
    player id of non-negative numbers). LeagueError names the first problem."""
    if not isinstance(data, dict):
        raise LeagueError(f"{where}: [usage] must be a table")
    unknown = sorted(set(data) - {"games", "batters", "pitchers"})
    if unknown:
        raise LeagueError(f"{where}: [usage] has an unknown key {unknown[0]!r} (known: games, "
                          "batters, pitchers)")
    games = data.get("games")
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 400:
        raise LeagueError(f"{where}: [usage] games = {games!r} is not a number of games 1..400")
    for kind, keys in (("batters", BATTER_KEYS), ("pitchers", PITCHER_KEYS)):
        table = data.get(kind, {})
        if not isinstance(table, dict):
            raise LeagueError(f"{where}: [usage.{kind}] must be a table of player = {{ … }}")
        for pid, figures in table.items():
            if not isinstance(figures, dict):
                raise LeagueError(f"{where}: [usage.{kind}] {pid}: must be a table of figures")
            for k, v in figures.items():
                if k not in keys:
                    raise LeagueError(f"{where}: [usage.{kind}] {pid}: unknown figure {k!r} "
                                      f"(known: {', '.join(keys)})")
                if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 100_000:
                    raise LeagueError(f"{where}: [usage.{kind}] {pid}: {k} = {v!r} is not a "
                                      "number 0 or more")
    return data


def team_usage(usage: Mapping[str, Any], players: Iterable[str], dh: bool) -> TeamUsage:
    """A team's targets from the league's [usage] and the ids of the team's players."""
    games = int(usage["games"])
    ids = sorted(set(players))
    batters: Mapping[str, Mapping[str, float]] = usage.get("batters", {})
    pitchers: Mapping[str, Mapping[str, float]] = usage.get("pitchers", {})
    bat = {pid: batters[pid] for pid in ids if pid in batters}
    pit = {pid: pitchers[pid] for pid in ids if pid in pitchers}
    # a start's plate appearances: the team's over its games and nine places, less the bench's
    team_pa = sum(float(b.get("pa", 0)) for b in bat.values())
    per_start = max(1.0, team_pa * (1 - OFF_BENCH_PA) / (9 * games)) if team_pa else 4.0
    places = [p for p in POSITIONS if dh or p != "DH"]
    raw: dict[str, dict[str, float]] = {p: {} for p in places}
    for pid, b in bat.items():
        played = {p: float(b.get(p, 0)) for p in places if float(b.get(p, 0)) > 0}
        total = sum(played.values())
        if total <= 0:
            continue
        real = float(b.get("gs", 0))
        starts = min(real if real > 0 else float(b.get("pa", 0)) / per_start, total, float(games))
        for p, g in played.items():
            raw[p][pid] = starts * g / total
    starts_out = []
    for p in places:
        got = raw[p]
        total = sum(got.values())
        scale = 1.0 if total <= games else games / total
        shares = tuple(sorted(((pid, s * scale / games) for pid, s in got.items() if s > 0),
                              key=lambda x: (-x[1], x[0])))
        if shares:
            starts_out.append((p, shares))
    gs = {pid: float(v.get("gs", 0)) for pid, v in pit.items() if float(v.get("gs", 0)) > 0}
    rotation = rotation_shares(gs, {pid: float(v.get("g", 0)) for pid, v in pit.items()}, games)
    relief = {pid: float(v.get("g", 0)) - float(v.get("gs", 0)) for pid, v in pit.items()}
    relievers = [pid for pid in pit if relief[pid] > 0]
    bullpen: list[str] = []
    by_saves = sorted(relievers, key=lambda pid: (-float(pit[pid].get("sv", 0)), -relief[pid], pid))
    if by_saves and float(pit[by_saves[0]].get("sv", 0)) > 0:
        bullpen.append(by_saves[0])
    rest = sorted((pid for pid in relievers if pid not in bullpen),
                  key=lambda pid: (-float(pit[pid].get("hld", 0)), -relief[pid]
                                   + float(pit[pid].get("gs", 0)), pid))
    bullpen += rest
    starters = tuple(pid for pid, _s in rotation if gs[pid] * 2 >= float(pit[pid].get("g", 0)))
    order = tuple(sorted((pid, float(b.get("pa", 0)) / float(b["gs"])) for pid, b in bat.items()
                         if float(b.get("gs", 0)) >= MIN_ORDER_STARTS))
    innings = tuple((pid, *innings_per_game(v)) for pid, v in sorted(pit.items()))
    relief_share = tuple((pid, min(1.0, relief[pid] / games)) for pid in sorted(relievers))
    start_share = tuple((pid, min(1.0, g / games)) for pid, g in sorted(gs.items()))
    by_pa = tuple(sorted(bat, key=lambda pid: (-float(bat[pid].get("pa", 0)), pid)))
    return TeamUsage(games, tuple(starts_out), rotation, tuple(bullpen), starters, order, innings,
                     relief_share, start_share, habits(bat), by_pa,
                     tuple((pid, max(0.0, float(b.get("g", 0)) - float(b["gs"])))
                           for pid, b in sorted(bat.items()) if "gs" in b))


def habits(batters: Mapping[str, Mapping[str, float]]) -> tuple[tuple[str, float, float], ...]:
    """Each batter's (id, real sacrifice bunts a plate appearance, real steal attempts a time on
    first) — the men whose figures give them (a league made from statistics from engine version
    5 on: `real_usage` writes "sh", "sb", "cs" and "on1"); () when none does."""
    out = []
    for pid, b in sorted(batters.items()):
        if not any(k in b for k in ("sh", "sb", "cs", "on1")):
            continue
        pa, on1 = float(b.get("pa", 0)), float(b.get("on1", 0))
        sh = float(b.get("sh", 0)) / pa if pa > 0 else 0.0
        tries = (float(b.get("sb", 0)) + float(b.get("cs", 0))) / on1 if on1 > 0 else 0.0
        out.append((pid, round(sh, 4), round(min(1.0, tries), 4)))
    return tuple(out)


def rotation_shares(gs: Mapping[str, float], g: Mapping[str, float], games: int
                    ) -> tuple[tuple[str, float], ...]:
    """Each man's share of the team's starts (the most first), from his real starts `gs` and
    games `g` over the team's `games`. The starts of the men not on the roster (a roster of 28
    holds only part of a 2019 club's pitchers) go to the roster's depth, as a real club filled
    a missing starter's turns from its call-ups and long men: first to the depth starters (men
    who mostly started, but fewer than `DEPTH_SHARE` of the team's games), up to that share
    each; then to the spot starters (the men who started less than half their games), up to
    as many again as their own; only the rest to everyone by his starts. So the rotation's
    regulars and the swingmen keep their real share of the games."""
    total = sum(gs.values())
    if total <= 0:
        return ()
    spare = max(0.0, games - total)
    starts = dict(gs)
    depth_cap = DEPTH_SHARE * games
    room = {pid: depth_cap - n for pid, n in gs.items()
            if n * 2 >= g.get(pid, 0) and n < depth_cap}
    spot = {pid: n for pid, n in gs.items() if n * 2 < g.get(pid, 0)}
    for tier in (room, spot):
        size = sum(tier.values())
        given = min(spare, size)
        if given <= 0:
            continue
        for pid, n in tier.items():
            starts[pid] += given * n / size
        spare -= given
    made = sum(starts.values())
    return tuple(sorted(((pid, n / made) for pid, n in starts.items()),
                        key=lambda x: (-x[1], x[0])))


def paced(usage: TeamUsage, game: int, bullpen: Sequence[str], done: Mapping[str, int],
          first: Sequence[str] = (), starts: Mapping[str, int] | None = None) -> list[str]:
    """The day's bullpen in the order the computer calls on it (its roles keep their men): the
    men ahead of their share of relief games — more relief games in `done` than their real
    relief games over the team's games times the team's games before this one, the `game`-th —
    last, each group in its order. So a man ahead rests when another of his role can take the
    inning, and each reliever's games follow his real share. A pitcher without a relief game in
    the file is not paced. `first` (the rotation's men relieving today: `relieving_starters`)
    come before all others, each the first of his role. With `starts` (each man's starts this
    season), a start beyond a man's real share of the team's games counts as relief games
    (`relief_done`): a long man who takes a missing starter's turns relieves less."""
    share = dict(usage.relief)
    lead = [p for p in first if p in bullpen]
    rest = [p for p in bullpen if p not in lead]
    ahead = {pid for pid in rest if pid in share
             and relief_done(usage, pid, game, done, starts or {}) > share[pid] * (game - 1)}
    return lead + [p for p in rest if p not in ahead] + [p for p in rest if p in ahead]


def resting_swingmen(usage: TeamUsage, game: int, relief: Mapping[str, int],
                     starts: Mapping[str, int]) -> list[str]:
    """The spot starters (men of the rotation who mostly relieved: in `usage.rotation`, not in
    `usage.starters`) ahead of their real relief games before the team's `game`-th game — more
    of them (`relief_done`, a start beyond their real share counting) than their real relief
    games over the team's games times the games before this one: the computer keeps them out of
    the day's bullpen, as the rotation's men relieve only when behind (`relieving_starters`). So
    a swingman's relief games follow his real ones, and the relief innings of the men a roster
    leaves out go to its relievers. The most ahead first (relief games), then by id."""
    share = dict(usage.relief)
    regular = set(usage.starters)
    ahead = []
    for pid, _s in usage.rotation:
        if pid in regular or pid not in share:
            continue
        over = relief_done(usage, pid, game, relief, starts) - share[pid] * (game - 1)
        if over > 0:
            ahead.append((-over, pid))
    return [pid for _o, pid in sorted(ahead)]


def resting_relievers(usage: TeamUsage, game: int, relief: Mapping[str, int],
                      starts: Mapping[str, int]) -> list[str]:
    """The relievers outside the rotation (men with real relief games, not in `usage.rotation`)
    ahead of their real relief games before the team's `game`-th game — more of them (`relief`,
    SeasonState.relief) than their real relief games over the team's games times the games
    before this one: the computer keeps them out of the day's bullpen, as `resting_swingmen`
    does the spot starters. `paced` alone only put such a man last of his role, and a club's
    one mop-up man took every blowout: the replays made 10–20 % more relief appearances than
    the real leagues, shorter ones (docs/cards.md, "Relief pacing"). The most ahead first
    (relief games), then by id."""
    share = dict(usage.relief)
    rotation = {pid for pid, _s in usage.rotation}
    ahead = []
    for pid, s in share.items():
        if pid in rotation:
            continue
        over = relief_done(usage, pid, game, relief, starts) - s * (game - 1)
        if over > 0:
            ahead.append((-over, pid))
    return [pid for _o, pid in sorted(ahead)]


def relieving_starters(usage: TeamUsage, game: int, relief: Mapping[str, int],
                       starts: Mapping[str, int], hold: Mapping[str, int]) -> list[str]:
    """The men of the rotation who relieve in the team's `game`-th game, as they really did
    between starts: a starter (`usage.starters`) with real relief games who has made fewer of
    them this season (`relief`, SeasonState.relief) than his real relief games over the team's
    games times `game` — a start he made beyond his real starts over the team's games times
    the games before this one stands for as many relief games as its innings (his real
    innings a start over a relief game's), so a man who starts more than he did (a roster
    without the spot starters) does not relieve too — and whose next start is not due
    (`rotation_order`: his k-th at game k / his share, `starts` his starts so far) within
    `hold[pid]` games, the rest a relief outing costs him (his card's 『休』 / 2 and the day
    itself): he is held for his start. The caller dresses those who are rested; most behind
    first."""
    share = dict(usage.relief)
    turn = dict(usage.rotation)
    out = []
    for pid in usage.starters:
        r = share.get(pid, 0.0)
        if r <= 0 or pid not in turn or pid not in hold:
            continue
        behind = r * game - relief_done(usage, pid, game, relief, starts)
        if behind > 0 and (starts.get(pid, 0) + 1) / turn[pid] > game + hold[pid]:
            out.append((-behind, pid))
    return [pid for _b, pid in sorted(out)]


def relief_done(usage: TeamUsage, pid: str, game: int, relief: Mapping[str, int],
                starts: Mapping[str, int]) -> float:
    """The relief games `pid` has made this season (`relief`) before the team's `game`-th
    game, and as many for each start beyond his real starts over the team's games times the
    games before this one (`starts` his starts so far) as its innings make: his real innings
    a start over a relief game's."""
    extra = starts.get(pid, 0) - dict(usage.start_share).get(pid, 0.0) * (game - 1)
    if extra <= 0:
        return float(relief.get(pid, 0))
    per_start = usage.innings_of(pid, True) or 0.0
    per_relief = usage.innings_of(pid, False) or 1.0
    return relief.get(pid, 0) + extra * per_start / per_relief


def innings_per_game(figures: Mapping[str, float]) -> tuple[float, float]:
    """A pitcher's real innings a start and a relief game (0 where he had none): a man who
    both started and relieved is given `RELIEF_IP` a relief game (at most his innings a game),
    his starts the rest — unless that makes a start of a man who relieved in as many games as
    he started or more longer than `SWING_START_IP`: his starts are given that, his relief
    games the rest (the bulk men behind an opener)."""
    g, gs, ip = float(figures.get("g", 0)), float(figures.get("gs", 0)), float(figures.get("ip", 0))
    relief = max(0.0, g - gs)
    if gs <= 0:
        return 0.0, ip / relief if relief > 0 else 0.0
    if relief <= 0:
        return ip / gs, 0.0
    per_relief = min(RELIEF_IP, ip / g)
    per_start = max(per_relief, (ip - per_relief * relief) / gs)
    if relief >= gs and per_start > SWING_START_IP:
        # a long man's relief games carry what a start of his would not
        return SWING_START_IP, (ip - SWING_START_IP * gs) / relief
    return per_start, per_relief


def start_innings(per_start: float, starts: int, outs: int) -> float:
    """The innings the computer leaves a starter in for today (Lineup.innings): his real
    innings a start `per_start`, plus what he is behind them over his `starts` so far, in
    which he got `outs` outs (less what he is ahead), by at most `START_CATCH_UP`; an inning
    at least. So a starter's innings a start come to the real ones whatever the run
    environment cuts short (runs, his condition), in any era, and a season's innings follow
    his starts."""
    behind = per_start * starts - outs / 3
    return max(1.0, per_start + max(-START_CATCH_UP, min(START_CATCH_UP, behind)))


# each team's plan so far, by its targets: the starters of each game (a list grown as asked)
_PLANS: Final[dict[TeamUsage, list[dict[str, str]]]] = {}
_DONE: Final[dict[TeamUsage, dict[tuple[str, str], int]]] = {}


def _behind(share: float, game: int, done: int) -> float:
    return game * share - done


def planned(usage: TeamUsage, game: int) -> dict[str, str]:
    """The plan's starters of the team's `game`-th game (1 on): position → player."""
    if game < 1:
        raise LeagueError(f"game {game}: a team's games count from 1")
    plan = _PLANS.get(usage)
    if plan is None:
        if len(_PLANS) >= 256:
            _PLANS.clear()
            _DONE.clear()
        plan = _PLANS[usage] = []
        _DONE[usage] = {}
    done = _DONE[usage]
    while len(plan) < game:
        n = len(plan) + 1
        today: dict[str, str] = {}
        for pos, shares in usage.starts:
            taken = set(today.values())
            best = max(((_behind(s, n, done.get((pid, pos), 0)), pid) for pid, s in shares
                        if pid not in taken), default=None)
            if best is None or best[0] <= 0:
                # nobody behind: the position's starts of men not on the roster go to its
                # backups (the men after the one with the most), the one least ahead for his
                # share first
                best = max(((_behind(s, n, done.get((pid, pos), 0)) / s, pid)
                            for pid, s in shares[1:] if pid not in taken), default=None)
            if best is not None:
                today[pos] = best[1]
                done[(best[1], pos)] = done.get((best[1], pos), 0) + 1
        plan.append(today)
    return dict(plan[game - 1])


def starts_before(usage: TeamUsage, game: int) -> dict[tuple[str, str], int]:
    """The plan's starts (player, position) in the team's games before `game`."""
    out: dict[tuple[str, str], int] = {}
    if game > 1:
        planned(usage, game - 1)
        for day in _PLANS[usage][:game - 1]:
            for pos, pid in day.items():
                out[(pid, pos)] = out.get((pid, pos), 0) + 1
    return out


def day_starters(usage: TeamUsage, game: int, can_play: Mapping[str, Sequence[str]]
                 ) -> dict[str, str]:
    """The day's starters by the plan: `can_play[pos]` the men free to play there today. The
    planned man when he is free, else the man furthest behind his target who is; a position
    with nobody is left out (the computer manager fills it)."""
    plan = planned(usage, game)
    before = starts_before(usage, game)
    out: dict[str, str] = {}
    for pos, shares in usage.starts:
        free = set(can_play.get(pos, ())) - set(out.values())
        pid = plan.get(pos)
        if pid is not None and pid in free:
            out[pos] = pid
            continue
        cands = [(_behind(s, game, before.get((q, pos), 0)), q) for q, s in shares if q in free]
        if pid is not None and cands:      # the planned man cannot: the next one behind
            out[pos] = max(cands)[1]
    return out


def rotation_order(usage: TeamUsage, done: Mapping[str, int]) -> list[str]:
    """The team's starters for its next game, the one whose next start is due soonest first:
    `done` is each man's starts this season (SeasonState.starts), and a man with share s of
    the starts is due for his k-th at game k / s, so his starts come evenly spaced and a turn
    he missed (not rested, out) is made up at his next chance, being then the furthest
    behind; on a tie, the id. The caller takes the first who is rested (a man who has just
    started is not: his rest keeps the spacing)."""
    if not usage.rotation:
        return []
    return [pid for _due, pid in sorted(((done.get(pid, 0) + 1) / s, pid)
                                        for pid, s in usage.rotation)]
