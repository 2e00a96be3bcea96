"""Line-ups of a professional bench (docs/manager.md, "Line-ups"): regulars rest, the line-up
is built against the opposing starter's hand (platoons), and a saved batting order keeps its men
except on their rest days.

Pure and decided from the situation alone: the cards, the opposing starter, the day and the days
the team has played this season (`SeasonState.days`). The line-up is stored with the game, so a
game replays exactly from its line-ups and its logged rolls.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import Final, NamedTuple

from league.engine.cards import Player
from league.engine.lineup import Lineup, fielding_of, plays
from league.manager.bullpen import assign_roles, order_by_role
from league.manager.computer import (
    Regular,
    Sheet,
    batting_order,
    glove,
    gloves_at,
    make_lineup,
    platoon_worth,
    regular_lineup,
)
from league.manager.usage import TeamUsage, day_starters

# the positions in the order a rest turn goes round (the catcher has his own rule)
TURN: Final = ("C", "SS", "CF", "2B", "3B", "RF", "LF", "1B", "DH")
CATCHER_EVERY: Final = 6        # a catcher with no day game after a night game lately: every 6th game
# every how many team games a regular of each 出場ランク rests (0: he plays every day)
REST_EVERY: Final = {"A": 0, "B": 6, "C": 3, "D": 2, "E": 2}
REST_STAGGER: Final = 1         # the turns of the positions fall this many games apart
MOST_RESTING: Final = 3         # regulars besides the catcher who may rest on one day
NIGHT_BEFORE: Final = 5         # Saturday: weekday and Saturday games are night games (NPB's custom)
DAY_GAME: Final = 6             # Sunday: the day game
RECENT: Final = 5               # games looked back for the catcher's last day game after a night game


class TeamDays(NamedTuple):
    """What the calendar says about a team's game today: how many games it has played, whether
    today is a day game after a night game (a Sunday game the day after its Saturday game), and
    whether one of its last `RECENT` games was. (A named tuple: made for both teams before every
    game, which a frozen dataclass makes field by field.)"""

    games: int
    day_after_night: bool
    recent_day_after_night: bool


_ONE_DAY: Final = timedelta(days=1)


def team_days(days: Sequence[date], today: date, *, ordered: bool = False) -> TeamDays:
    """The team's calendar before its game on `today`, from the days it has played
    (`ordered`: they are in order, as SeasonState keeps them)."""
    # the days before today: the first `n` of them (not copied, asked for each team's every game)
    before: Sequence[date] = days if ordered else sorted([d for d in days if d < today])
    n = bisect_left(days, today) if ordered else len(before)
    recent = before[max(0, n - RECENT):n]
    # the day before today or before one of the last RECENT games is one of the days from the
    # day before the earliest of those on
    low = (recent[0] if recent else today) - _ONE_DAY
    played = set()
    i = n - 1
    while i >= 0 and before[i] >= low:
        played.add(before[i])
        i -= 1

    # a day game after a night game: a Sunday game the day after one it played (asked of
    # today and of the recent games, in a loop of its own: before every game of each team)
    recent_after_night = False
    for d in recent:
        if d.weekday() == DAY_GAME and d - _ONE_DAY in played:
            recent_after_night = True
            break
    return TeamDays(n, today.weekday() == DAY_GAME and today - _ONE_DAY in played,
                    recent_after_night)


def rest_due(player: Player, pos: str, turn: int, days: TeamDays) -> bool:
    """Whether a regular playing `pos` rests today (docs/manager.md, "Line-ups"): the catcher in
    a day game after a night game (with none lately, every `CATCHER_EVERY`th game), and every
    regular on his rank's turn (`REST_EVERY`), the turns of one team `REST_STAGGER` games apart
    by position (`turn`: the position's place in `TURN`)."""
    game = days.games + 1
    if pos == "C":
        if days.day_after_night:
            return True
        if not days.recent_day_after_night and game % CATCHER_EVERY == 0:
            return True
    every = REST_EVERY.get(player.rank, 0)
    return every > 0 and (game + REST_STAGGER * turn) % every == 0


def resting(regulars: Sequence[tuple[str, Player]], days: TeamDays) -> list[str]:
    """The regulars (position, player) who rest today: the catcher when due, and at most
    `MOST_RESTING` others, in the order of `TURN`."""
    # in the order of TURN, a position's men in their given order (what a stable sort by the
    # place in TURN gives): the men gathered by position in one pass, not every man looked at
    # for every place of the turn (asked for each team before every game)
    at: dict[str, list[Player]] = {}
    for pos, p in regulars:
        men = at.get(pos)
        if men is None:
            at[pos] = [p]
        else:
            men.append(p)
    out: list[str] = []
    others = 0
    for turn, pos in enumerate(TURN):
        men = at.get(pos)
        if men is None:
            continue
        for p in men:
            if not rest_due(p, pos, turn, days):
                continue
            if pos == "C":
                out.append(p.id)
            elif others < MOST_RESTING:
                out.append(p.id)
                others += 1
    return out


def _score(p: Player, pos: str, worth: Mapping[str, float]) -> float:
    """A man's worth at a position as the computer's line-up weighs it: bat and glove."""
    f = fielding_of(p, pos)
    return worth[p.id] + (glove(f) if f is not None else 0.0)


def _best_free(pos: str, free: Sequence[Player], worth: Mapping[str, float],
               gloves: Mapping[str, float] | None = None) -> Player | None:
    """The free man worth most at `pos` (bat and glove: `_score`), the higher id between equals
    (max() by (score, id)), or None: one pass, no key function (asked for each position a rest
    day or the platoon opens, before every game). `gloves`: the club's men who can play `pos`
    with their glove there (Sheet.gloves), read instead of worked out."""
    if gloves is None:
        gloves = gloves_at(free, pos)
    best: Player | None = None
    best_score = 0.0
    for p in free:
        g = gloves.get(p.id)
        if g is None or p.id not in worth:
            continue
        score = worth[p.id] + g             # _score
        if best is None or score > best_score or (score == best_score and p.id > best.id):
            best, best_score = p, score
    return best


def day_lineup(team: str, roster: list[Player], dh: bool, starter: str, *, dressed: int,
               roles: Mapping[str, str] | None = None, ranking: Sequence[str] = (),
               vs: Player | None = None, platoon: Mapping[str, int] | None = None,
               days: TeamDays | None = None, stretch: bool = False,
               usage: TeamUsage | None = None, game: int = 0,
               sheet: Sheet | None = None) -> Lineup:
    """The computer manager's line-up for a game (docs/manager.md, "Line-ups"): the regulars —
    the line-up by the cards alone — with a resting man's position taken by the best bench man
    who can play it, and a regular on the short side of the platoon against the opposing
    starter `vs` replaced by a bench man worth more there against him; the batting order by
    worth against that starter. Raises ValueError when no line-up can be fielded; with
    `stretch` a club short at a position plays its best nine, a man out of position where it
    must (make_lineup), and nobody rests.

    With `usage` (a league made from statistics: league/manager/usage.py) the men start as
    they really did, by the plan of the team's `game`-th game; a position the plan leaves open
    goes to the regular, else to the best bench man who can play it (no rest turns, no
    platoon: the real usage holds both).

    `sheet`: the club's (manager.Sheet: `roster` are some of its men), else the roster's own."""
    if sheet is None:
        sheet = Sheet(roster)
    # the cards' line-up as its parts: the day's is made from them (a season's every game)
    regular = (Regular.of(make_lineup(team, roster, dh, starter=starter, dressed=dressed,
                                      ranking=ranking, stretch=stretch)) if roles is None
               else regular_lineup(team, roster, dh, starter, dressed, roles, ranking, stretch,
                                   sheet))
    if usage is not None and game >= 1 and not regular.stretched:
        return _two_way_pen(_usage_lineup(regular, roster, dh, starter, usage, game, vs, platoon,
                                          sheet),
                            roster, roles, ranking, sheet)
    if (days is None and (vs is None or not platoon)) or regular.stretched:
        return regular.lineup()
    return _two_way_pen(_day_lineup(regular, roster, starter, vs, platoon, days, sheet),
                        roster, roles, ranking, sheet)


def _pitching_today(regular: Regular, starter: str, sheet: Sheet) -> set[str]:
    """The starter and the dressed relievers who cannot bat instead: a two-way reliever the
    cards' line-up put in the bullpen may still start as a hitter today (he then leaves it)."""
    two_way = sheet.two_way         # _two_way, of the club's men
    return {starter} | {pid for pid in regular.bullpen if pid not in two_way}


def _two_way_pen(lineup: Lineup, roster: Sequence[Player], roles: Mapping[str, str] | None,
                 ranking: Sequence[str], sheet: Sheet) -> Lineup:
    """The day's bullpen once the day's batting order is known (issue 33): a two-way man who
    bats today is not in it, and one who does not — the cards' line-up made him a regular, the
    day's (rest turn, platoon, real usage) benched him — relieves by his card like the others,
    in his role's place, instead of sitting on the bench. The dressed stay as many."""
    two_way = sheet.two_way         # _two_way, of the club's men
    if not two_way:
        # a club without a two-way man (most): its relievers neither bat nor sit on the bench
        # (the order and the bench are its hitters and the starter), so nobody joins or leaves
        return lineup
    batting = set(lineup.order)
    pen = [pid for pid in lineup.bullpen if pid not in batting]
    joining = [p for p in roster if p.id in two_way and p.id != lineup.pitcher
               and p.id not in batting and p.id not in lineup.bullpen
               and (p.pitching.starter == 0 or (roles is not None and p.id in roles))]  # type: ignore[union-attr]
    if not joining and len(pen) == len(lineup.bullpen) and not set(pen) & set(lineup.bench):
        return lineup
    if roles is None:
        roles = assign_roles([p for p in roster if p.pitching and p.id != lineup.pitcher
                              and p.pitching.starter == 0], ranking)
    pen += [p.id for p in joining]
    # within a role: the saved order, then the cards' line-up's, the joining men last
    ids, pen_roles = order_by_role(pen, roles, list(ranking) + pen)
    places = len(lineup.order) + len(lineup.bench) + len(lineup.bullpen)
    bench = [pid for pid in lineup.bench if pid not in set(ids)]
    bench = bench[:max(0, places - len(lineup.order) - len(ids))]
    return Lineup(lineup.team, lineup.order, lineup.positions, lineup.pitcher, tuple(bench),
                  ids, lineup.bullpen_ranked, pen_roles, lineup.stretched)


def _day_lineup(regular: Regular, roster: list[Player], starter: str, vs: Player | None,
                platoon: Mapping[str, int] | None, days: TeamDays | None,
                sheet: Sheet) -> Lineup:
    """day_lineup's rest turns and platoon (see there)."""
    # the men with a bat and a place in the field: the regulars, the bench and the men who may
    # take a place are among them (the worth of the rest, pitchers who bat, is never asked)
    hitter_ids = sheet.hitters
    # regular_lineup's, of the same roster
    batters = regular.hitters if regular.hitters is not None else \
        tuple([p for p in roster if p.id in hitter_ids])
    by_id = sheet.by_id            # the club's men (the batters among them)
    card = sheet.worth             # each one's card_worth
    # platoon_worth of the batters: the club's hitters' (read only for these)
    worth = (sheet.worth_against(vs, platoon)
             if vs is not None and vs.pitching is not None and platoon else card)
    chosen = {pos: pid for pid, pos in zip(regular.order, regular.positions) if pos != "P"}
    sit = set(resting([(pos, by_id[pid]) for pos, pid in chosen.items()], days)) \
        if days is not None else set()
    # the batters less those pitching today (_pitching_today): of them only the starter can be
    # a batter (a two-way man: a reliever among the batters is two-way, and stays free)
    hitters = [p for p in batters if p.id != starter] if starter in hitter_ids else list(batters)

    # the men free to take a place: made again only once a place or a rest has changed (a
    # substitute playing, a regular giving way), as it is asked for every position (a list
    # held here, not a closure: a closure's call is a Python call in the compiled build)
    free: list[Player] | None = None

    # rest days: the best bench man at the position (against today's starter) plays it
    for pos in [q for q in TURN if q in chosen and chosen[q] in sit]:
        if free is None:
            playing = set(chosen.values())
            free = [p for p in hitters if p.id not in playing and p.id not in sit]
        sub = _best_free(pos, free, worth, sheet.gloves(pos))
        if sub is not None:
            chosen[pos] = sub.id
            # the free men but him (the man resting was not free: he sits)
            free = [p for p in free if p is not sub]
        else:
            sit.discard(chosen[pos])        # nobody can take his place: he plays
    # the platoon: a regular worth less against this starter than his cards say gives way to a
    # bench man worth more at his position against him
    if vs is not None and platoon:
        for pos in [q for q in TURN if q in chosen]:
            pid = chosen[pos]
            if pid in sit or worth[pid] >= card[pid]:
                continue
            if free is None:
                playing = set(chosen.values())
                free = [p for p in hitters if p.id not in playing and p.id not in sit]
            gloves = sheet.gloves(pos)
            sub = _best_free(pos, free, worth, gloves)
            # _score of each (a man without a fielding line for it: his bat alone)
            if sub is not None and worth[sub.id] + gloves[sub.id] > worth[pid] + gloves.get(pid, 0.0):
                chosen[pos] = sub.id
                free = None
    order, positions = batting_order(chosen, worth, starter)
    # the bench: hitters not playing, a two-way man dressed in the bullpen staying there
    playing = set(order)
    playing.update(regular.bullpen)
    # by worth, best first, then id: the (worth, id) pairs sorted as they are, not by a key
    # function called a man (a Python call each in the compiled build)
    bench = sorted([(-worth[p.id], p.id) for p in hitters if p.id not in playing])
    return Lineup(regular.team, order, positions, regular.pitcher,
                  tuple([pid for _w, pid in bench[:len(regular.bench)]]), regular.bullpen,
                  regular.bullpen_ranked, regular.roles)


def _usage_lineup(regular: Regular, roster: Sequence[Player], dh: bool, starter: str,
                  usage: TeamUsage, game: int, vs: Player | None,
                  platoon: Mapping[str, int] | None, sheet: Sheet) -> Lineup:
    """day_lineup by the real usage's plan (see there)."""
    worth = platoon_worth(roster, vs, platoon)
    pitching = _pitching_today(regular, starter, sheet)
    hitters = [p for p in roster if p.id in worth and p.id not in pitching
               and p.id in sheet.hitters]
    regulars = {pos: pid for pid, pos in zip(regular.order, regular.positions) if pos != "P"}
    places = [pos for pos in TURN if pos in regulars]
    can_play: dict[str, list[str]] = {pos: [p.id for p in hitters if plays(p, pos)]
                                      for pos in places}
    plan = day_starters(usage, game, can_play)
    chosen = _fill(plan, places, regulars, hitters, worth)
    if chosen is None:
        # a position nobody free can play (the plan took its only glove elsewhere): the plan
        # keeps the men who are nobody's regular elsewhere, else the regulars play
        held = {pos: pid for pos, pid in plan.items()
                if pid == regulars[pos] or pid not in regulars.values()}
        chosen = _fill(held, places, regulars, hitters, worth) or dict(regulars)
    per = dict(usage.pa_per_start)
    if per:
        # the real batting order: the most plate appearances a start bats first (a man the
        # file gives no starts for, last)
        ranked = sorted(chosen.items(), key=lambda kv: (-per.get(kv[1], 0.0), -worth[kv[1]]))
        if "DH" not in chosen:
            ranked.append(("P", starter))
        order, positions = tuple(pid for _p, pid in ranked), tuple(p for p, _pid in ranked)
    else:
        order, positions = batting_order(chosen, worth, starter)
    playing = set(order) | set(regular.bullpen)     # a two-way man in the bullpen stays there
    # the dressed bench: the men not starting who had the most real plate appearances (the
    # bench the club carried; a man without figures last), as many as the cards' line-up
    # dresses — a deeper roster's extra men sit out, as its extra starters do — by worth
    rank = {pid: i for i, pid in enumerate(usage.by_pa)}
    free = sorted((p for p in hitters if p.id not in playing),
                  key=lambda p: (rank.get(p.id, len(rank)), -worth[p.id], p.id))
    bench = sorted(free[:len(regular.bench)], key=lambda p: (-worth[p.id], p.id))
    return Lineup(regular.team, order, positions, regular.pitcher,
                  tuple([p.id for p in bench]), regular.bullpen,
                  regular.bullpen_ranked, regular.roles)


def _fill(plan: Mapping[str, str], places: Sequence[str], regulars: Mapping[str, str],
          hitters: Sequence[Player], worth: Mapping[str, float]) -> dict[str, str] | None:
    """The plan's starters with the positions it leaves open filled: the regular if he is
    free, else the best free man who can play there; None when nobody can."""
    chosen = dict(plan)
    for pos in places:
        if pos in chosen:
            continue
        playing = set(chosen.values())
        if regulars[pos] not in playing:
            chosen[pos] = regulars[pos]
            continue
        sub = _best_free(pos, [p for p in hitters if p.id not in playing], worth)
        if sub is None:
            return None
        chosen[pos] = sub.id
    return {pos: chosen[pos] for pos in places}


def rest_saved_order(order: Sequence[tuple[str, str]], sit: Sequence[str],
                     free: Sequence[Player], worth: Mapping[str, float]) -> list[tuple[str, str]]:
    """A saved batting order on a rest day: each resting man's place (slot and position) goes to
    the best free man who can play the position (bat and glove, as the computer's line-up
    weighs them); a man nobody can replace plays."""
    out = list(order)
    taken: set[str] = set()
    for i, (pid, pos) in enumerate(order):
        if pid not in sit or pos == "P":
            continue
        sub = _best_free(pos, [p for p in free if p.id not in taken], worth)
        if sub is not None:
            taken.add(sub.id)
            out[i] = (sub.id, pos)
    return out
