"""Managers: whoever makes the decisions of a side — the computer here, a person in the app.

Every decision point of the game loop is a method. The computer manager decides from the
situation alone (no dice, no memory), so a game replays exactly from its logged rolls.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

try:  # the compiled build (setup.py): tests and the app subclass these classes in Python
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python package needs nothing beyond the standard library
    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[misc,no-redef]
        return lambda cls: cls

from league.engine import ENGINE_VERSION
from league.engine.cards import BattingCard, Bounds, Fielding, Player
from league.engine.lineup import Lineup, fielding_of, plays
from league.engine.scoring import save_situation_now
from league.engine.state import (
    ASK_AGGRESSIVE,
    ASK_DEFENSE_CALL,
    ASK_DEFENSIVE_SUB,
    ASK_PINCH_HITTER,
    ASK_PINCH_RUNNER,
    ASK_PITCHER_AGAIN,
    LEAD_FIRST,
    Decider,
)
from league.engine.values import batting_value
from league.manager.bullpen import (
    CLOSER,
    LONG,
    MIDDLE,
    MOPUP,
    ROLE_RANK,
    SETUP,
    assign_roles,
    pitching_value,
)

if TYPE_CHECKING:
    from league.engine.state import GameState as Game
    from league.engine.state import Runner, Side


# the questions the engine asks a manager and how it asks them (Manager, Decider, Asking,
# deciding, the ASK_* bits) are the engine's own, league.engine.state, which this class answers;
# their names stay importable from here for the code that has always found them here
from league.engine.state import ASK_ALL, Asking, Manager, deciding  # noqa: E402,F401

# the SR from which a runner on first steals against a catcher with arm 0 (3 more per arm point)
STEAL_SR: Final = 20

# offense_call's answers, each one tuple object made once (of any length to the type checker: the
# compiled build makes a new tuple at every return of one typed by its length)
_NONE: Final[tuple[object, ...]] = ("none",)
_BUNT: Final[tuple[object, ...]] = ("bunt",)
_SQUEEZE: Final[tuple[object, ...]] = ("squeeze",)
_HIT_AND_RUN: Final[tuple[object, ...]] = ("hit_and_run",)
_STEAL_1: Final[tuple[object, ...]] = ("steal", 1)


BATTER_READS: Final = ("BS*", "BS+", "BS")   # pitch results that send the batter to his own card


# batter_reads by (row, modifier), the row known by its identity (the entry holds it, so its id
# is not reused while remembered): rows are values (equal rows, equal counts), so a season's
# line-ups do not depend on what was computed before
_READS: Final[dict[tuple[int, int], tuple[Bounds, int]]] = {}


def batter_reads(row: Bounds, mod: int) -> int:
    """How many pitch rolls of 1..100 read the batter's card (BS*, BS+, BS) after the platoon
    modifier `mod` (positive favours the pitcher; the engine clamps the modified roll)."""
    key = (id(row), mod)
    cached = _READS.get(key)
    if cached is not None:
        return cached[1]
    lookup = row.lookup
    # the rolls whose modified roll is in 1..100 read one result each; the others, clamped,
    # all read the result of 1 (mod below 0) or of 100 (mod above 0): counted at once
    n = 0
    for i in range(1 + mod if mod > 0 else 1, (100 + mod if mod < 0 else 100) + 1):
        if lookup[i] in BATTER_READS:
            n += 1
    if mod > 0 and lookup[100] in BATTER_READS:
        n += min(mod, 100)
    elif mod < 0 and lookup[1] in BATTER_READS:
        n += min(-mod, 100)
    if len(_READS) >= 20_000:
        _READS.clear()
    _READS[key] = (row, n)
    return n


# a batting card's worth and a pitcher's row's read ratio by platoon modifier, the card and the
# row known by their identity as in _READS: pure functions of the cards, so the games of a season
# or of the odds work each out once instead of once a game
_VALUES: Final[dict[int, tuple[BattingCard, float]]] = {}
_RATIOS: Final[dict[tuple[int, int], tuple[Bounds, float]]] = {}


def card_worth(card: BattingCard) -> float:
    """`batting_value(card)`, remembered."""
    key = id(card)
    cached = _VALUES.get(key)
    if cached is not None:
        return cached[1]
    value = batting_value(card)
    if len(_VALUES) >= 20_000:
        _VALUES.clear()
    _VALUES[key] = (card, value)
    return value


def reads_ratio(row: Bounds, mod: int) -> float:
    """How many more (or fewer) of a pitcher's rolls on `row` read the batter's card with the
    platoon modifier `mod` than without it: `batter_reads(row, mod) / batter_reads(row, 0)`."""
    key = (id(row), mod)
    cached = _RATIOS.get(key)
    if cached is not None:
        return cached[1]
    plain = batter_reads(row, 0)
    ratio = batter_reads(row, mod) / plain if plain else 1.0
    if len(_RATIOS) >= 20_000:
        _RATIOS.clear()
    _RATIOS[key] = (row, ratio)
    return ratio


def platoon_ratio(bats: str, pitcher: Player, condition: str,
                  platoon: Mapping[str, int]) -> float:
    """A batter's worth against one pitcher as a multiple of his worth (`batting_value`): the
    share of that pitcher's rolls that read the batter's card after the [platoon] modifier,
    against the share without it (`reads_ratio`, remembered). The card is not changed: the
    engine applies the modifier to the pitch roll, and this only says how often the batter's
    card gets read (docs/manager.md, "Line-ups")."""
    card = pitcher.pitching
    if card is None:
        return 1.0
    side = pitcher.throws + bats
    # the modifier read by `in` and [] (a Mapping's get is a Python method call, compiled)
    return reads_ratio(card.rows[condition], platoon[side] if side in platoon else 0)


def platoon_worth(hitters: Sequence[Player], vs: Player | None,
                  platoon: Mapping[str, int] | None,
                  worth: Mapping[str, float] | None = None) -> dict[str, float]:
    """Each hitter's worth today: against the opposing starter (manager.platoon_ratio) — a
    batter on the short side of the [platoon] table is worth less against him, one on the long
    side more — or, without a starter or a platoon table, the cards' `batting_value`.
    `worth`: the hitters' card_worth by id, read instead of asked (Sheet.worth)."""
    out = {}
    ratio: dict[str, float] = {}        # by the batter's hand
    against = vs is not None and vs.pitching is not None and bool(platoon)
    for p in hitters:
        if p.batting is None:
            continue
        # batting_value, remembered by the card
        value = card_worth(p.batting) if worth is None else worth[p.id]
        if against:
            r = ratio.get(p.bats)
            if r is None:
                r = ratio[p.bats] = platoon_ratio(p.bats, vs, "B", platoon)  # type: ignore[arg-type]
            value *= r
        out[p.id] = value
    return out


class Sheet:
    """What a club's line-ups read of its men's cards, worked out once for the men (held, so
    their identities stay theirs): who has a bat and a place in the field besides the mound
    (`hitters`, by id), which of them also pitch (`two_way`), each hitter's worth by his card
    (`worth`: card_worth), each pitcher's place in the order by the cards' value (`pitch_rank`:
    best first, then by id) and each man's glove at a position (`gloves`). A season asks for both
    clubs' line-ups before every game, from the same cards every day (league/manager/bench.py
    keeps one for each club of a season's league); a roster's line-up reads the club's."""

    __slots__ = ("players", "by_id", "hitters", "two_way", "worth", "batters", "pitch_rank",
                 "_gloves", "_against")

    def __init__(self, players: Sequence[Player]) -> None:
        self.players: tuple[Player, ...] = tuple(players)
        self.by_id: dict[str, Player] = {p.id: p for p in players}
        hitters = frozenset([p.id for p in players
                             if p.batting is not None and fields_off_mound(p)])
        self.hitters: frozenset[str] = hitters
        self.two_way: frozenset[str] = frozenset([p.id for p in players
                                                  if p.pitching is not None and p.id in hitters])
        self.worth: dict[str, float] = {p.id: card_worth(p.batting) for p in players
                                        if p.batting is not None and p.id in hitters}
        # the men with a worth, in the club's order
        self.batters: tuple[Player, ...] = tuple([p for p in players if p.id in self.worth])
        ranked = sorted([p for p in players if p.pitching], key=lambda p: (-pitching_value(p), p.id))
        self.pitch_rank: dict[str, int] = {p.id: i for i, p in enumerate(ranked)}
        self._gloves: dict[str, dict[str, float]] = {}
        self._against: dict[tuple[str, int, int],
                            tuple[Bounds, Mapping[str, int], dict[str, float]]] = {}

    def worth_against(self, vs: Player, platoon: Mapping[str, int]) -> dict[str, float]:
        """Each hitter's worth against the starter `vs` (a pitcher) by the [platoon] table:
        platoon_worth of its men with a worth (`batters`), remembered by the starter's hand and
        row (a club meets the same starters again and again)."""
        row = vs.pitching.rows["B"]  # type: ignore[union-attr]
        key = (vs.throws, id(row), id(platoon))
        known = self._against.get(key)
        if known is not None and known[0] is row and known[1] is platoon:
            return known[2]
        out = platoon_worth(self.batters, vs, platoon, self.worth)
        if len(self._against) >= 512:
            self._against.clear()
        self._against[key] = (row, platoon, out)
        return out

    def gloves(self, pos: str) -> dict[str, float]:
        """`gloves_at(pos)` of the club's men, remembered."""
        known = self._gloves.get(pos)
        if known is None:
            known = self._gloves[pos] = gloves_at(self.players, pos)
        return known


def gloves_at(players: Sequence[Player], pos: str) -> dict[str, float]:
    """The men who can play `pos` (lineup.plays), each with what his glove adds to his worth
    there (`glove`; nothing without a fielding line for it, as at DH)."""
    out: dict[str, float] = {}
    for p in players:
        if plays(p, pos):
            f = fielding_of(p, pos)
            out[p.id] = glove(f) if f is not None else 0.0
    return out


class _Roster:
    """What make_lineup works out from one roster: its rotation and the line-ups asked of it.

    A line-up is a pure function of the cards and the arguments, and a season asks for the same
    roster's line-up again and again (each starter's turn, every series): worked out once."""

    __slots__ = ("players", "_rotation", "lineups")

    def __init__(self, players: tuple[Player, ...]) -> None:
        # the entry holds the player objects: their ids (the key) cannot be reused while it lives
        self.players = players
        self._rotation: tuple[str, ...] | None = None    # worked out when first asked
        self.lineups: dict[tuple, Lineup] = {}

    @property
    def rotation(self) -> tuple[str, ...]:
        if self._rotation is None:
            players = self.players
            starters = sorted([p for p in players if p.pitching and p.pitching.starter > 0],
                              key=lambda p: (-pitching_value(p), p.id))
            if not starters:
                starters = sorted([p for p in players if p.pitching], key=lambda p: p.id)
            self._rotation = tuple(p.id for p in starters)
        return self._rotation


# rosters by the identity of their player objects (frozen cards: the same objects, the same cards)
_ROSTERS: Final[dict[tuple[int, ...], _Roster]] = {}


def make_lineup(team_code: str, players: list[Player], dh: bool, starter: str | None = None,
                rotation_index: int = 0, dressed: int = 25, *,
                roles: Mapping[str, str] | None = None, ranking: Sequence[str] = (),
                stretch: bool = False) -> Lineup:
    """The computer's line-up: the best glove-and-bat at each position, the best bats on top.

    The starter is `starter`, or the `rotation_index`-th of the team's starters (by 『先』).
    `roles` are the bullpen roles worked out from the whole staff (league/manager/bullpen.py; a starter
    given a role relieves), else from the relievers in `players`; `ranking` orders the relievers
    within a role (the saved bullpen order), else the cards do. `stretch`: hitters who cannot
    cover every position at once still field a team, a man out of position where nobody free
    can play (Lineup.stretched), rather than a ValueError (a club's last resort, gameday).
    """
    if roles is not None and starter is not None:
        # a season's game (league/manager/bench.py): its roster differs from game to game by
        # who is rested and who sits out, so a table of rosters never found one again (no hit
        # in 3,400 asked over four pennant-odds runs) and only cost its keys
        return _make_lineup(team_code, players, dh, starter, dressed, roles, ranking, stretch)
    cast = tuple(players)
    key = tuple([id(p) for p in cast])
    roster = _ROSTERS.get(key)
    if roster is None:
        if len(_ROSTERS) >= 64:     # a league's teams; a season's daily rosters rarely repeat
            _ROSTERS.clear()
        roster = _ROSTERS[key] = _Roster(cast)
    if starter is None:
        starter = roster.rotation[rotation_index % len(roster.rotation)]
    asked = (team_code, dh, starter, dressed,
             None if roles is None else tuple(sorted(roles.items())), tuple(ranking), stretch)
    lineup = roster.lineups.get(asked)
    if lineup is None:
        lineup = roster.lineups[asked] = _make_lineup(team_code, cast, dh, starter, dressed,
                                                      roles, ranking, stretch)
    return lineup


# the batting side of a line-up by the identity of the hitters (held, so their ids stay
# theirs), the DH rule and a two-way starter: a season's rosters change daily in their bullpens (who
# is rested) far more often than in their hitters; hitters who cannot field a team are kept
# with the reason (the season then tries again with its hurt men)
_BATS: Final[dict[tuple, tuple[tuple[Player, ...], tuple[str, ...], tuple[str, ...],
                               tuple[str, ...], tuple[str, ...], str]]] = {}


def _make_lineup(team_code: str, players: Sequence[Player], dh: bool, starter: str, dressed: int,
                 roles: Mapping[str, str] | None, ranking: Sequence[str],
                 stretch: bool = False) -> Lineup:
    return regular_lineup(team_code, players, dh, starter, dressed, roles, ranking,
                          stretch).lineup()


class Regular:
    """make_lineup's line-up held as its parts (`lineup()` makes the Lineup): the line-up by the
    cards that league/manager/bench.py turns into the day's, with the roster's hitters it was
    made from (`hitters`, which a Lineup, hashed and pickled by its fields, does not hold). A
    season makes one for each team before every game."""

    def __init__(self, team: str, order: tuple[str, ...], positions: tuple[str, ...],
                 pitcher: str, bench: tuple[str, ...], bullpen: tuple[str, ...],
                 bullpen_ranked: bool, roles: tuple[str, ...],
                 stretched: tuple[str, ...],
                 hitters: tuple[Player, ...] | None = None) -> None:
        self.team = team
        self.order = order
        self.positions = positions
        self.pitcher = pitcher
        self.bench = bench
        self.bullpen = bullpen
        self.bullpen_ranked = bullpen_ranked
        self.roles = roles
        self.stretched = stretched
        # the roster's men with a bat and a place in the field, in its order (None: not known)
        self.hitters = hitters

    @staticmethod
    def of(lineup: Lineup) -> "Regular":
        return Regular(lineup.team, lineup.order, lineup.positions, lineup.pitcher, lineup.bench,
                       lineup.bullpen, lineup.bullpen_ranked, lineup.roles, lineup.stretched)

    def lineup(self) -> Lineup:
        return Lineup(self.team, self.order, self.positions, self.pitcher, self.bench,
                      self.bullpen, self.bullpen_ranked, self.roles, self.stretched)


def regular_lineup(team_code: str, players: Sequence[Player], dh: bool, starter: str,
                   dressed: int, roles: Mapping[str, str] | None, ranking: Sequence[str],
                   stretch: bool = False, sheet: Sheet | None = None) -> Regular:
    """make_lineup's line-up for a given starter, not remembered, as its parts (Regular).
    `sheet`: the club's (Sheet), of which `players` are some; else the players' own."""
    if sheet is None:
        sheet = Sheet(players)
    # the men with a bat and a place in the field besides the mound
    hitter_ids = sheet.hitters
    hitters = tuple([p for p in players if p.id in hitter_ids])
    # the starter matters to the batting side only when he can also field (a two-way man) and
    # as the 9th batter without DH: the side is kept without him and he is put in 9th
    two_way = starter in hitter_ids and any(p.id == starter for p in hitters)
    key = (team_code, dh, starter if two_way else "", tuple([id(p) for p in hitters]), stretch)
    known = _BATS.get(key)
    if known is None:
        if len(_BATS) >= 8192:
            _BATS.clear()
        try:
            order, positions, bench_ids, stretched = _batting_side(
                team_code, list(hitters), dh, starter if two_way else "", stretch, sheet)
        except ValueError as exc:
            # hitters who cannot field a team stay unable (the season then tries the hurt)
            _BATS[key] = (hitters, (), (), (), (), str(exc))
            raise
        _BATS[key] = (hitters, order, positions, bench_ids, stretched, "")
    elif known[5]:
        raise ValueError(known[5])
    else:
        order, positions, bench_ids, stretched = known[1], known[2], known[3], known[4]
    if not dh and not two_way:
        order = order[:8] + (starter,)
    if roles is None:
        roles = assign_roles([p for p in players if p.pitching and p.id != starter
                              and p.pitching.starter == 0], ranking)
    # asked as a dict (a Mapping's get is a Python method call in the compiled build)
    role_of: dict[str, str] = roles if isinstance(roles, dict) else dict(roles)
    # a two-way man in the order plays the field (or bats) today: he is not in the bullpen
    batting_today = set(order)
    # in role order (order_by_role), within a role by the cards' value, then id: order_by_role
    # ranked by the saved order followed by this same value order, and each man's place in it
    # is his last, in the value order; the (role, place by value) pairs sorted as they are (no
    # Python call a man; each man's place by value is his own)
    pitch_rank = sheet.pitch_rank
    ranked = sorted([(ROLE_RANK[role_of.get(p.id, MIDDLE)], pitch_rank[p.id], p.id)
                     for p in players if p.pitching and p.id != starter
                     and p.id not in batting_today
                     and (p.pitching.starter == 0 or p.id in role_of)])
    pen = [pid for _role, _place, pid in ranked]
    # 25 dressed: the nine (or ten), the bench, the bullpen; the other starters sit out
    room = dressed - len(order) - (1 if dh else 0)
    bullpen = pen[:max(0, room - min(len(bench_ids), 5))]
    # a two-way man dressed in the bullpen is not also on the bench: one place each
    in_pen = set(bullpen)
    bench = tuple([b for b in bench_ids if b not in in_pen])[:max(0, room - len(bullpen))]
    pen_roles = tuple([role_of.get(p, MIDDLE) for p in bullpen])
    return Regular(team_code, order, positions, starter, bench, tuple(bullpen), bool(ranking),
                   pen_roles, stretched, hitters)


def _batting_side(team_code: str, hitters: list[Player], dh: bool, starter: str,
                  stretch: bool, sheet: Sheet
                  ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The batting order, its positions, the bench by worth (best first) and the men playing
    out of position (only with `stretch`), from the hitters (men of `sheet`'s club)."""
    # each one's batting_value (the sheet's card_worth, the same value remembered)
    worth_of = sheet.worth
    # fill the premium defensive positions first; when that leaves a position nobody can take
    # (a team's only right fielder used in left), the scarcest positions first
    chosen = _fill_positions(hitters, worth_of, starter, FILL_ORDER, sheet)
    if chosen is None:
        counts = {pos: sum(1 for p in hitters if p.id != starter and fielding_of(p, pos))
                  for pos in FILL_ORDER}
        chosen = _fill_positions(hitters, worth_of, starter,
                                 sorted(FILL_ORDER, key=lambda pos: counts[pos]), sheet)
    stretched: tuple[str, ...] = ()
    if chosen is None and stretch:
        chosen, stretched = _fill_out_of_position(hitters, worth_of, starter)
    if chosen is None:
        missing = [pos for pos in FILL_ORDER
                   if not any(p.id != starter and p.fielding_at(pos) for p in hitters)]
        raise ValueError(f"{team_code}: nobody can play {missing[0]}" if missing else
                         f"{team_code}: its players cannot cover every position at once")
    taken = {starter} | {p.id for p in chosen.values()}
    if dh:
        dh_p = max((p for p in hitters if p.id not in taken), key=lambda p: worth_of[p.id])
        chosen["DH"] = dh_p
        taken.add(dh_p.id)
    order, positions = batting_order({pos: p.id for pos, p in chosen.items()}, worth_of, starter)
    bench_all = [p for p in hitters if p.id not in taken]
    bench_all.sort(key=lambda p: -worth_of[p.id])
    return order, positions, tuple([p.id for p in bench_all]), stretched


# the fielding positions by group: a man out of position is taken from his own group first (an
# infielder at short, an outfielder in centre)
POSITION_GROUP: Final = {"C": "C", "1B": "IF", "2B": "IF", "3B": "IF", "SS": "IF",
                 "LF": "OF", "CF": "OF", "RF": "OF"}


def _fill_out_of_position(hitters: list[Player], worth_of: Mapping[str, float], starter: str
                          ) -> tuple[dict[str, Player] | None, tuple[str, ...]]:
    """A club whose hitters cannot cover every position at once: each position filled, the
    scarcest first, by the best man free who plays it, else by a man out of position — one of
    the position's group if there is one free, the best bat among them (he fields with no range
    and a bad mark, game.OUT_OF_POSITION). None when there are too few hitters for the field."""
    chosen: dict[str, Player] = {}
    taken: set[str] = {starter}
    out: list[str] = []
    counts = {pos: sum(1 for p in hitters if p.id != starter and fielding_of(p, pos))
              for pos in FILL_ORDER}
    for pos in sorted(FILL_ORDER, key=lambda pos: counts[pos]):
        free = [p for p in hitters if p.id not in taken]
        if not free:
            return None, ()
        at = [p for p in free if fielding_of(p, pos) is not None]
        if at:
            best = max(at, key=lambda p: (worth_of[p.id] + glove(fielding_of(p, pos)),  # type: ignore[arg-type]
                                          p.id))
        else:
            near = [p for p in free if any(POSITION_GROUP.get(f.position) == POSITION_GROUP[pos]
                                           for f in p.fielding)] or free
            best = max(near, key=lambda p: (worth_of[p.id], p.id))
            out.append(best.id)
        chosen[pos] = best
        taken.add(best.id)
    return chosen, tuple(out)


def glove(f: Fielding) -> float:
    """What a glove adds to a man's worth at a position when the line-up is chosen: the defence
    number, twice over at the centre of the diamond, less a bad error mark."""
    return f.defence * (4 if f.position in ("C", "SS", "CF", "2B") else 2) - (4 if f.error == "*" else 0)


def batting_order(chosen: Mapping[str, str], worth: Mapping[str, float],
                  starter: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The batting order of the men chosen for the positions (position → player; with "DH" or
    without, when the pitcher bats 9th): by worth, the best on-base men 1st and 2nd, the power
    3rd to 5th."""
    # by worth, ties in position order: (worth, place) pairs sorted as they are, not by a key
    # function called a man (a Python call each in the compiled build)
    ranked = sorted([(-worth[pid], i, pos, pid) for i, (pos, pid) in enumerate(chosen.items())])
    slots: list[tuple[str, str]] = [("", "")] * 9
    order_pref = [2, 3, 0, 4, 1, 5, 6, 7, 8]
    for (_w, _i, pos, pid), slot in zip(ranked, order_pref):
        slots[slot] = (pos, pid)
    if "DH" not in chosen:
        slots[8] = ("P", starter)
    return tuple([s[1] for s in slots]), tuple([s[0] for s in slots])


FILL_ORDER: Final = ("C", "SS", "CF", "2B", "3B", "RF", "LF", "1B")


def fields_off_mound(p: Player) -> bool:
    """Whether a man has a place in the field besides the mound."""
    for f in p.fielding:
        if f.position != "P":
            return True
    return False


def _fill_positions(hitters: list[Player], worth_of: Mapping[str, float], starter: str,
                    order: Sequence[str], sheet: Sheet) -> dict[str, Player] | None:
    """Each fielding position's man, position by position in `order`: the best glove-and-bat
    free there, else a man already placed moves over (`_move_over`); None if one stays empty.
    The gloves are read from `sheet` (the hitters' club's)."""
    chosen: dict[str, Player] = {}
    taken: set[str] = {starter}
    for pos in order:
        best = None
        best_score = -1e9
        gloves = sheet.gloves(pos)      # who plays `pos`, with glove(fielding_of(p, pos))
        for p in hitters:
            if p.id in taken:
                continue
            g = gloves.get(p.id)
            if g is None:
                continue
            score = worth_of[p.id] + g
            if score > best_score:
                best, best_score = p, score
        if best is None:
            best = _move_over(chosen, hitters, taken, pos)
        if best is None:
            return None
        chosen[pos] = best
        taken.add(best.id)
    return chosen


def _move_over(chosen: dict[str, Player], hitters: list[Player], taken: set[str],
               pos: str) -> Player | None:
    """Nobody free can play `pos`: a man already placed who can moves there, and a free man
    takes his place (the greedy fill can use up a team's only first basemen elsewhere)."""
    for q, placed in list(chosen.items()):
        if fielding_of(placed, pos) is None:
            continue
        free = [p for p in hitters if p.id not in taken and fielding_of(p, q) is not None]
        if free:
            sub = max(free, key=lambda p: (fielding_of(p, q).defence, p.id))  # type: ignore[union-attr]
            chosen[q] = sub
            taken.add(sub.id)
            return placed
    return None


# the bench in the game (docs/manager.md, "In the game")
LATE: Final = 7                 # the inning pinch hitters and runners come from
PH_MARGIN: Final = 4.0          # how much more a pinch hitter must be worth, runners on (the
                                # bundled cards: a batting_value of about 31 for a regular)
PH_MARGIN_EMPTY: Final = 8.0    # and with the bases empty
PR_SLOW: Final = 2              # a runner this slow (RR) or slower may be run for
PR_FAST: Final = 3              # by a bench man at least this fast
PR_GAIN: Final = 2              # and at least this much faster
PR_FOR_PINCH_HITTERS: Final = 3  # the engine version from which a pinch hitter on base is run for
# the engine version from which a starter who goes on pitching bats for himself (no DH): he is
# hit for only when his next inning is a reliever's anyway, or late in a tie with a runner in
# scoring position (docs/manager.md, "In the game"; issue 31: the CL's qualified pitchers)
STARTER_BATS: Final = 4
# real usage (Lineup.innings): a starter is left in until this many outs beyond his real innings
# a start (a start cut short by runs or fatigue pulls the mean below the mark), a reliever for
# his real innings a relief game
REAL_START_EXTRA_OUTS: Final = 6
# real usage: a starter short of today's innings is pulled in condition D only with runners on
# and this many runs against him, and early (before the 5th) with runners on at this many
REAL_SHORT_D_RUNS: Final = 3
REAL_SHORT_EARLY_RUNS: Final = 5
REAL_WORKHORSE: Final = 4       # the engine version from which that rule holds (f2877ef)
# engine version 5: a league made from statistics from then on (Lineup.habits, issue 33) plays
# its men's real habits — each batter bunts by his real sacrifice bunts a plate appearance and
# runs by his real steal attempts a time on first (`_habit_call`), and the pitcher is hit for as
# a real club hit for him (`_hit_for_pitcher`); leagues without habits choose as version 4
HABITS: Final = 5
# plate appearances a sacrifice situation (nobody out, a runner on first or second, third
# open, a close game): a batter bunts there with his real bunts a plate appearance times this
BUNT_CHANCES: Final = 28.0
# a time on first's chances to run (second open, a game within four runs): a runner goes at each
# with his real attempts a time on first over this
STEAL_CHANCES: Final = 0.8
# a starter whose side has the habits is hit for once he is this many outs short of today's
# innings (Lineup.innings) as any pitcher is (late and close, or behind with men on), and from the
# 6th behind with a man in scoring position whatever his innings
PH_SHORT_OUTS: Final = 6
DEF_GAIN: Final = 4.0           # a defensive replacement's better glove (glove(): defence x4 or x2)
OUT_OF_POSITION: Final = -8.0   # a fielder's glove where he has no rating


# the bits of the questions a class of manager answers itself, not by ComputerManager's policy
_OWN_ASKS: Final[dict[type, int]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class ComputerManager(Decider):
    """A sensible manager that decides from the situation alone: a Decider, the class the
    engine asks (league.engine.state), answering every question of the Manager protocol."""

    def __init__(self, strategies: bool = True, platoon: bool = True,
                 version: int = ENGINE_VERSION) -> None:
        self.strategies = strategies
        self.platoon = platoon       # weigh the [platoon] table when choosing pinch hitters
        # the engine version whose choices it makes (league.engine.ENGINE_VERSION): a stored
        # game replays with the manager that played it
        self.version = version
        self._worth: dict[str, float] = {}   # a pure function of the cards, remembered for speed
        # the ASK_* bits of the questions its class answers itself (_OWN_ASKS), read at its
        # first `asking` (-1: not yet)
        self._own_ask = -1
        self._roles: dict[int, tuple[Lineup, dict[str, str]]] = {}   # each side's, from its line-up
        # by side: the best bench worth against (pitcher, condition, bench size): asked every
        # plate appearance late in a game, the same until a substitution
        # (by the side's index: the bench list and its size, the pitcher and his condition,
        # and the best worth; compared field by field, no key made at each question)
        self._best_bench: list[list[str] | None] = [None, None]
        self._best_size = [-1, -1]
        self._best_pitcher = ["", ""]
        self._best_condition = ["", ""]
        self._best_worth = [0.0, 0.0]
        # worth_now's platoon factor by the batter's hand (L, R, S) against the pitcher on the
        # mound in his condition: the same for every batter of that hand until either changes
        # (worth_now's answers kept by batter too were tried: late in a game most questions are
        # of a batter not yet asked about against the pitcher on the mound, and keeping them
        # cost more than it saved, +0.3 % instructions a compiled odds game)
        self._now_pitcher = ""
        self._now_condition = ""
        self._now_ratio: dict[str, float] = {}
        # by side: the real innings an appearance of its pitchers (Lineup.innings), from its line-up
        # (by the side's index: a list, not a dict, as it is asked before every plate appearance)
        self._innings_of: list[Lineup | None] = [None, None]
        self._innings: list[dict[str, float]] = [{}, {}]
        # by side: the starter's line (his game's and his own, made once) and his fresh outs
        # (`_fresh_outs`) in it: change_pitcher's answer for him before the 7th, mostly
        self._fresh_line: list[list[int] | None] = [None, None]
        self._fresh = [0, 0]
        # by side: its batters' habits (Lineup.habits), from its line-up
        self._habits_of: list[Lineup | None] = [None, None]
        self._habits: list[dict[str, tuple[float, float]]] = [{}, {}]
        # by side: its batters' real games off the bench (Lineup.off_bench), from its line-up
        self._off_of: list[Lineup | None] = [None, None]
        self._off: list[dict[str, float]] = [{}, {}]
        # by side: _pitcher_may_bat's last answer and what it was worked out from (the game's
        # cards, the bench list and its size, the batting order)
        self._may_bat: list[tuple[dict[str, Player], list[str], int, list[str], bool] | None] = \
            [None, None]
        # the batting order _weaker_in_order last read and each man's worth in it
        self._order: list[str] = []
        self._order_worth: list[float] = []

    def bat_worth(self, game: "Game", pid: str) -> float:
        w = self._worth.get(pid)
        if w is None:
            w = self._worth[pid] = card_worth(game.batting_card(pid))
        return w

    def pitch_worth(self, game: "Game", pid: str) -> float:
        key = "P" + pid
        w = self._worth.get(key)
        if w is None:
            w = self._worth[key] = pitching_value(game.players[pid])
        return w

    def asking(self, game: "Game", batting: bool) -> int:
        """The per-batter questions (ASK_* bits) this manager may answer with anything but
        "nothing" in the half-inning about to start, batting or in the field; the engine leaves
        the others unasked until the next half. By this manager's policy (docs/manager.md, "In
        the game") there are no pinch hitters before the 5th, and in the 5th and 6th only for
        a pitcher (nobody bats for a side with the DH then: `_pitcher_may_bat`); no pinch
        runners, defense calls or aggressive defense before the 7th or without strategies, and
        defensive substitutions only at the start of an inning. A lead settles some for the
        half, as a batting side's lead can only grow and a fielding side's only shrink: two
        runs up, nobody bats (but for a pitcher) or runs for a man; two runs down, the defense
        calls nothing, and one run down it plays no aggressive defense.

        Nor is the pitcher question asked again before the first batter of a half, right after
        the one at its start (ASK_PITCHER_AGAIN): the bases are empty then, so every reason to
        pull a pitcher in the inning is one the start of the inning already weighed (a starter
        let go on in the 8th is cruising: fresh, ahead, hardly scored on), and a reliever is
        pulled in an inning only with runners on. The questions a subclass answers itself are
        always asked; none is skipped that could change a game."""
        ask = self._own_ask
        if ask < 0:
            known = _OWN_ASKS.get(type(self))
            if known is None:
                known = _OWN_ASKS[type(self)] = _own_asks(type(self))
            ask = self._own_ask = known
        inning = game.inning
        if inning < 5:
            return ask
        # the batting side's lead can only grow in its half, the fielding side's only shrink
        half = game.half
        score = game.score     # game.lead, in place: asked at every half-inning from the 5th
        if batting:
            lead = score[half] - score[1 - half]
            if (inning >= LATE and lead <= 1) or self._pitcher_may_bat(game, game.sides[half]):
                ask |= ASK_PINCH_HITTER
            if self.strategies and inning >= LATE and lead <= 1:
                ask |= ASK_PINCH_RUNNER
        elif self.strategies and inning >= 7:
            lead = score[1 - half] - score[half]
            if lead >= -1:
                ask |= ASK_DEFENSE_CALL
            if lead >= 0:
                ask |= ASK_AGGRESSIVE
        return ask

    def _pitcher_may_bat(self, game: "Game", side: "Side") -> bool:
        """`_pitcher_may_bat`, kept by side while the same men are in its order and on its
        bench (asked at every half-inning from the 5th; a bench only shrinks, so its size
        tells) and the game's cards are the same ones (an accident copies them)."""
        i = side.index
        kept = self._may_bat[i]
        if (kept is not None and kept[0] is game.players and kept[1] is side.bench
                and kept[2] == len(side.bench) and kept[3] == side.order):
            return kept[4]
        answer = _pitcher_may_bat(game, side)
        self._may_bat[i] = (game.players, side.bench, len(side.bench), list(side.order), answer)
        return answer

    # -------------------------------------------------------------- defense
    def defense_call(self, game: "Game") -> str:
        if not self.strategies:
            return "none"
        # both calls are for late in a close game, fewer than two out
        if game.inning < 7 or game.outs >= 2:
            return "none"
        score = game.score     # game.lead(1 - game.half), in place: asked before late batters
        lead = score[1 - game.half] - score[game.half]
        if not -1 <= lead <= 1:
            return "none"
        if game.bases[3] is not None:
            return "infield_in"
        if game.bases[1] is None and game.bases[2]:
            # first base open late and close: walk one of the two best bats of the order when
            # a weaker one follows him
            bid = game.batter_id
            off = game.offense
            if self._weaker_in_order(game, bid) >= len(off.order) - 2:
                on_deck = off.order[(off.batting_index + 1) % len(off.order)]
                if self.bat_worth(game, on_deck) < self.bat_worth(game, bid):
                    return "ibb"
        return "none"

    def aggressive(self, game: "Game", table: str) -> bool:
        if not self.strategies or game.inning < 7 or table not in ("single", "long", "outfield_fly"):
            return False
        # when the tying or winning run would score from second or third
        if game.bases[2] is None and game.bases[3] is None:
            return False
        lead = game.lead(1 - game.half)
        return 0 <= lead <= 1 and game.outs < 2

    def no_check(self, game: "Game") -> bool:
        return game.lead(1 - game.half) >= 4

    def bunt_out(self, game: "Game", candidates: list[int]) -> int:
        # cut down the lead runner
        return max(candidates)

    # -------------------------------------------------------------- offense
    def offense_call(self, game: "Game") -> tuple:
        if not self.strategies:
            return _NONE
        o = game.sides[game.half]
        bid = o.order[o.batting_index]
        score = game.score     # game.lead(o.index), in place: asked with every runner on base
        lead = score[o.index] - score[1 - o.index]
        if self.version >= HABITS:
            habits = self.habits(game, o)
            if habits:
                return self._habit_call(game, o, bid, lead, habits)
        b1, b2, b3 = game.bases[1], game.bases[2], game.bases[3]
        outs = game.outs
        if _no_offense_call(outs, b1, b2, b3, lead, game.inning):
            return _NONE
        close = -3 <= lead <= 2
        below = -1   # how many of the order are weaker bats than him: worked out when asked
        call = _double_steal(game, lead)
        if call is not None:
            return call
        # nobody out, a runner on first: the pitcher and the weakest bats bunt him over before
        # anyone thinks of a steal
        if outs == 0 and b1 and not b3 and close:
            if game.players[bid].batting is None:
                return _BUNT
            below = self._weaker_in_order(game, bid)
            if below <= 2:
                return _BUNT
        # steal: a runner on first fast for the catcher's arm, second open, a close game (two
        # down to one up), not while one of the three best bats is up, and with nobody out only
        # late (early, the bat moves him up). NPB teams try about 0.6 steals a game, their best
        # thief 30 to 45 a season
        if b1 and not b2 and -2 <= lead <= 1 and (outs == 1 or outs == 2 or game.inning >= 7) \
                and game.batting_card(b1.pid).SR >= STEAL_SR + _catcher_arm(game) * 3:
            if below < 0:
                below = self._weaker_in_order(game, bid)
            if below < len(o.order) - 3:
                return _STEAL_1
        if _squeeze(game, bid, lead):
            return _SQUEEZE
        # sacrifice (送りバント): nobody out, a runner on first (or first and second), nobody on
        # third; the pitcher bats (no DH) unless the game is lost; in a close game one of the
        # weakest bats of the order, or a good bunter in its lower half; late in a close game
        # anyone but the three best bats. "Weak" is within his own line-up, whatever the cards
        if outs == 0 and (b1 or b2) and not b3:
            if b1 and game.players[bid].batting is None and lead >= -3:
                return _BUNT
            if below < 0:
                below = self._weaker_in_order(game, bid)
            if b1 and close and (below <= 3 or (below <= 5 and game.batting_card(bid).BT >= 3)):
                return _BUNT
            if game.inning >= 7 and -2 <= lead <= 1 and (
                    below <= 5 if b1 else below <= 3 and game.batting_card(bid).BT >= 3):
                return _BUNT
        if _hit_and_run(game, bid, lead):
            return _HIT_AND_RUN
        return _NONE

    def habits(self, game: "Game", side: "Side") -> dict[str, tuple[float, float]]:
        """Each of `side`'s batters' real sacrifice bunts a plate appearance and steal attempts a
        time on first (Lineup.habits: a league made from statistics from engine version 5 on);
        {} otherwise."""
        i = side.index
        lu = game.lineups[i]
        if self._habits_of[i] is lu:
            return self._habits[i]
        got = {pid: (sh, st) for pid, sh, st in lu.habits}
        self._habits_of[i] = lu
        self._habits[i] = got
        return got

    def _habit_call(self, game: "Game", o: "Side", bid: str, lead: int,
                    habits: Mapping[str, tuple[float, float]]) -> tuple:
        """offense_call from engine version 5 for a side with habits (a league made from
        statistics, issue 33): as the real men did. A position player bunts in a sacrifice
        situation (nobody out, a runner on first or second, third open, two runs up to three
        down) with his real bunts a plate appearance times BUNT_CHANCES; a runner on first with
        second open, the game within four runs, goes with his real attempts a time on first
        over STEAL_CHANCES. Which of those chances he takes is the manager's whim (`whim`: the
        game's rolls so far, so a replay takes the same). The pitcher bunts, and the double
        steal, the squeeze and the hit-and-run are called as by version 4, but the pitcher
        bunts with one out too (a runner on first or second, third open, three runs down or
        better), as real pitchers did."""
        b1, b2, b3 = game.bases[1], game.bases[2], game.bases[3]
        outs = game.outs
        close = -3 <= lead <= 2
        pitcher = game.players[bid].batting is None
        call = _double_steal(game, lead)
        if call is not None:
            return call
        if pitcher and outs < 2 and (b1 or b2) and not b3 and lead >= -3:
            return _BUNT
        if outs == 0 and (b1 or b2) and not b3:
            if close and whim(game, 0) < habits.get(bid, (0.0, 0.0))[0] * BUNT_CHANCES:
                return _BUNT
        if b1 and not b2 and -4 <= lead <= 4 and \
                whim(game, 1) < habits.get(b1.pid, (0.0, 0.0))[1] / STEAL_CHANCES:
            return _STEAL_1
        if _squeeze(game, bid, lead):
            return _SQUEEZE
        if not pitcher and _hit_and_run(game, bid, lead):
            return _HIT_AND_RUN
        return _NONE

    def _weaker_in_order(self, game: "Game", bid: str) -> int:
        """How many of the offense's batting order are weaker bats than `bid` (0: the weakest).
        Counted when asked (a few times a game), against the order's worths as a list kept
        until the order changes (a pinch hitter, a reliever batting in the pitcher's slot):
        comparing the order with the one kept costs less than nine look-ups of the worths."""
        order = game.sides[game.half].order
        kept = self._order
        if order != kept:
            # the order's worths, kept until it changes (asked only of the batting side, its own);
            # a substitution changes a slot or two: only theirs are asked again (a man's worth
            # is remembered, bat_worth: the others' would be the same)
            if len(kept) == len(order):
                kept_worth = self._order_worth
                for i in range(len(order)):
                    if order[i] != kept[i]:
                        kept[i] = order[i]
                        kept_worth[i] = self.bat_worth(game, order[i])
            else:
                self._order = list(order)
                self._order_worth = [self.bat_worth(game, p) for p in order]
        val = self.bat_worth(game, bid)
        worth = self._order_worth
        n = 0
        for i in range(len(order)):
            if order[i] != bid and worth[i] < val:
                n += 1
        return n

    def steal_go(self, game: "Game", base: int, roll: int) -> bool:
        arm = _catcher_arm(game)
        return arm <= 3 and game.outs < 2

    def bonus_steal(self, game: "Game", candidates: list[int]) -> int | None:
        for b in sorted(candidates):
            card = game.batting_card(_runner_at(game, b))
            if b == 1 and card.SR >= 25:
                return b
            if b == 2 and card.SR >= 40:
                return b
        return None

    def join_steal(self, game: "Game", base: int) -> bool:
        return game.batting_card(_runner_at(game, base)).SR >= 20

    def bunt_plus(self, game: "Game") -> int | None:
        return None

    def back_first(self, game: "Game", candidates: list[int]) -> int:
        # the lead runner first: his run is the one worth saving
        return max(candidates)

    def send(self, game: "Game", base: int, target: int) -> bool:
        rr = game.batting_card(_runner_at(game, base)).RR
        if target == 4:
            return rr >= 2 or game.outs == 2
        return rr >= 3

    # -------------------------------------------------------------- changes
    def change_pitcher(self, game: "Game", inning_start: bool) -> str | None:
        """Pull a tired or beaten pitcher; bring in the setup man and the closer for their
        innings (docs/manager.md, "The bullpen" and "Starters")."""
        side = game.sides[1 - game.half]     # the defense (asked before every plate appearance)
        if not side.bullpen:
            return None
        pid = side.pitcher
        starter = pid == side.pitchers_used[0]
        if starter and game.inning < 7:
            # before the 7th a starter short of his fresh outs (`_fresh_outs`), in condition A
            # to C and scored on less than four times is not tired by any of `_starter_tired`'s
            # reasons, whatever the bases: asked before every plate appearance, answered here
            # without them (his line is made once a game, so it tells the game and the man)
            i = side.index
            line = game.pit[pid]
            if self._fresh_line[i] is not line:
                self._fresh_line[i] = line
                self._fresh[i] = self._fresh_outs(game, side, pid)
            if line[0] < self._fresh[i] and line[8] < 4 and side.condition != "D":
                return None
        bases = game.bases
        on_base = bases[1] is not None or bases[2] is not None or bases[3] is not None
        # only the first inning can find him owing a batter (starter_owes_a_batter)
        if starter and game.inning == 1 and game.starter_owes_a_batter(side):
            return None      # he pitches to the first batter (5.10(f))
        if not (starter or inning_start or on_base):
            return None      # a reliever is pulled in an inning only with runners on
        line = game.pit[pid]
        outs = line[0]
        runs = line[8]
        # real_innings, its kept answer read in place (asked before every plate appearance)
        i = side.index
        innings = (self._innings[i] if self._innings_of[i] is game.lineups[i]
                   else self.real_innings(game, side))
        real = innings.get(pid) if innings else None
        if starter and real is not None:
            tired = self._real_starter_tired(game, side, pid, real * 3 + REAL_START_EXTRA_OUTS,
                                             inning_start, on_base)
        elif starter:
            if inning_start and game.inning >= 8:
                # late, a starter goes on only when he is cruising (a complete game in the
                # making); a losing one comes out, a winning one hands over to the setup man
                # and the closer
                if self._cruising(game, side, pid, runs, game.lead(side.index), game.inning):
                    return None
                return self.reliever(game, side)
            tired = self._starter_tired(game, side, pid, game.inning, inning_start, on_base,
                                        outs, runs)
        else:
            card = game.players[pid].pitching
            assert card is not None, f"{pid} has no pitcher card"
            limit = max(3, int(card.innings * 3 + 0.5)) if real is None else max(1, round(real * 3))
            if outs >= limit and (inning_start or on_base):
                tired = True
            elif side.condition == "D" and on_base:
                tired = True
            else:
                tired = runs >= 3 and on_base
            if inning_start and not tired:
                # the closer for the save, the setup man for the 8th: a lesser arm gives way
                wants = self._wants(game, side, game.lead(side.index))
                mine = ROLE_RANK[self.roles(game, side).get(pid, MIDDLE)]
                if wants[0] in (CLOSER, SETUP) and ROLE_RANK[wants[0]] < mine:
                    better = self._pick(game, side, wants[:1], fresh_only=False)
                    if better is not None:
                        return better
        if not tired:
            return None
        return self.reliever(game, side)

    def _fresh_outs(self, game: "Game", side: "Side", pid: str) -> int:
        """The outs the starter `pid` may record before `_starter_tired` could find him tired
        but by his condition, his runs or the inning: those below his 『先』 (three a point of
        it), as long as he carried fewer than two fatigue points into the game (below his 『先』
        his innings add none: `fatigue_points`, whose limit for a starter is his 『先』); 0 when
        he carried two or more, or his league plays its real usage (`_real_starter_tired`)."""
        if self.real_innings(game, side).get(pid) is not None:
            return 0
        if side.carried_fatigue.get(pid, 0) >= 2:
            return 0
        card = game.players[pid].pitching
        assert card is not None, f"{pid} has no pitcher card"
        return card.starter * 3

    def real_innings(self, game: "Game", side: "Side") -> dict[str, float]:
        """The real innings an appearance of `side`'s pitchers in a league that plays its real
        usage (Lineup.innings: the starter's a start, a reliever's a relief game); {} otherwise."""
        i = side.index
        lu = game.lineups[i]
        return _by_lineup(self._innings_of, self._innings, i, lu, lu.innings)

    def _real_starter_tired(self, game: "Game", side: "Side", pid: str, goal: float,
                            inning_start: bool, on_base: bool) -> bool:
        """Real usage (issue 33): a starter is left in until `goal` outs — his real innings a
        start, and REAL_START_EXTRA_OUTS — in any inning (a 1968 starter goes eight or nine, a
        2019 one five), unless he is in condition D, two fatigue points down, or beaten (six
        runs, or four early with runners on)."""
        line = game.pit[pid]
        outs, runs = line[0], line[8]
        if (inning_start or on_base) and outs >= goal:
            return True
        if game.fatigue_points(side, pid) >= 2:
            return True
        if self.version >= REAL_WORKHORSE and outs < goal - REAL_START_EXTRA_OUTS:
            # short of today's innings (his real ones, caught up): a workhorse is left in
            # through condition D and a bad inning, unless hit hard
            if side.condition == "D" and on_base and runs >= REAL_SHORT_D_RUNS:
                return True
            return runs >= 6 or (runs >= REAL_SHORT_EARLY_RUNS and outs < 12 and on_base)
        if (inning_start or on_base) and side.condition == "D":
            return True
        return runs >= 6 or (runs >= 4 and outs < 12 and on_base)

    def _left_in(self, game: "Game", side: "Side", pid: str) -> bool:
        """Real usage: `pid` is the side's starter short of the outs he is left in for, or a
        reliever short of his real innings a relief game (not hit for either: pinch_hitter)."""
        real = self.real_innings(game, side).get(pid)
        if real is None:
            return False
        if pid != side.pitchers_used[0]:
            return game.pit[pid][0] < max(1, round(real * 3))    # a reliever's real innings
        return game.pit[pid][0] < real * 3 + REAL_START_EXTRA_OUTS

    def _starter_tired(self, game: "Game", side: "Side", pid: str, inning: int,
                       inning_start: bool, on_base: bool, outs: int, runs: int) -> bool:
        """Whether the starter comes out now, in `inning` (docs/manager.md, "Starters"; at the
        start of the 8th or later `_cruising` decides): in condition D, two fatigue points down
        or past his 『先』 (at the start of the inning or with runners on), late and losing, or
        hit hard (six runs, or four before the 5th with runners on). `outs` and `runs`: his
        line's, as the caller read them."""
        if side.condition == "D" and (inning_start or on_base):
            return True
        if game.fatigue_points(side, pid) >= 2:
            return True
        if inning_start or on_base:
            # past his 『先』 (his card read only then: asked before every batter)
            card = game.players[pid].pitching
            assert card is not None, f"{pid} has no pitcher card"
            if outs >= card.starter * 3:
                return True
        if inning >= 7 and game.score[side.index] < game.score[1 - side.index] and (
                inning >= 8 or on_base):     # game.lead(side.index) < 0, in place
            return True   # late and losing: no complete-game losses of a beaten starter
        return runs >= 6 or (runs >= 4 and outs < 12 and on_base)

    def _starter_goes_on(self, game: "Game", side: "Side", pid: str, lead: int) -> bool:
        """Whether the starter `pid`, batting now, pitches his next inning — the bottom of this
        one for the visitors, the top of the next for the home side — as change_pitcher would
        send him out at its start with the score as it is: cruising from the 8th, before it
        not tired (`_starter_tired`); and not late and losing, as he would come out at the
        first runner of the 7th."""
        inning = game.inning + side.index
        if inning >= 8:
            return self._cruising(game, side, pid, game.pit[pid][8], lead, inning)
        if inning >= LATE and lead < 0:
            return False
        line = game.pit[pid]
        return not self._starter_tired(game, side, pid, inning, True, False, line[0], line[8])

    def _cruising(self, game: "Game", side: "Side", pid: str, runs: int, lead: int,
                  inning: int) -> bool:
        """A starter who may start `inning`, the 8th (and the 9th, for a complete game): not
        behind, in good condition, rested before the game, within his 『先』, hardly scored on —
        and in the 9th three runs up or pitching a shutout with the lead."""
        if lead < 0 or side.condition not in ("A", "B") or runs > 2:
            return False
        if side.carried_fatigue.get(pid, 0):
            return False
        if inning >= 9:
            # one inning beyond his 『先』 for the complete game
            return game.fatigue_points(side, pid) <= 1 and (lead >= 3 or (lead >= 1 and runs == 0))
        return game.fatigue_points(side, pid) == 0

    def roles(self, game: "Game", side: "Side") -> dict[str, str]:
        """Each reliever's role in this game: from the line-up (worked out before the game from
        the whole staff), else from the cards of the dressed bullpen."""
        lu = game.lineups[side.index]
        cached = self._roles.get(side.index)
        if cached is not None and cached[0] is lu:
            return cached[1]
        if lu.roles:
            roles = dict(zip(lu.bullpen, lu.roles))
        else:
            ranking = list(lu.bullpen) if lu.bullpen_ranked else []
            roles = assign_roles([game.players[p] for p in lu.bullpen], ranking)
        self._roles[side.index] = (lu, roles)
        return roles

    def _wants(self, game: "Game", side: "Side", lead: int) -> tuple[str, ...]:
        """The roles the situation calls for, first choice first."""
        inning = game.inning
        if inning >= self._closer_inning(game, side) and save_situation_now(lead,
                                                                           len(game.runners())):
            return (CLOSER, SETUP, MIDDLE, LONG, MOPUP)
        if inning >= 9 and lead == 0:
            # a tie late: the home team's closer holds it, the visitors keep theirs for the lead
            return ((CLOSER, SETUP, MIDDLE, LONG, MOPUP) if side.index == 1
                    else (SETUP, MIDDLE, LONG, CLOSER, MOPUP))
        if inning >= 7 and 0 <= lead <= 3:
            return (SETUP, MIDDLE, LONG, MOPUP, CLOSER)
        if lead <= -4 or lead >= 5:
            return (MOPUP, LONG, MIDDLE, SETUP, CLOSER)
        if inning <= 5:
            return (LONG, MIDDLE, MOPUP, SETUP, CLOSER)
        return (MIDDLE, LONG, MOPUP, SETUP, CLOSER)

    def _closer_inning(self, game: "Game", side: "Side") -> int:
        """The inning the closer comes in for a save: the 9th; with real usage, as many innings
        before the end as his real innings a relief game, rounded (a 1968 fireman of 1.7
        innings a game comes in in the 8th, a 2019 closer of one inning in the 9th)."""
        innings = self.real_innings(game, side)
        if not innings:
            return 9
        roles = self.roles(game, side)
        closer = next((p for p in side.bullpen if roles.get(p) == CLOSER), None)
        real = innings.get(closer) if closer is not None else None
        if real is None:
            return 9
        return max(7, 10 - int(real + 0.5))

    def _pick(self, game: "Game", side: "Side", wants: Sequence[str], *,
              fresh_only: bool = True) -> str | None:
        """The first reliever of the wanted roles, in bullpen order; the 7th-inning setup man is
        the last of them. A man who pitched yesterday (a carried fatigue point) is used only in
        the first role asked for; `fresh_only=False` allows him there."""
        roles = self.roles(game, side)
        for i, want in enumerate(wants):
            arms = [p for p in side.bullpen if roles.get(p, MIDDLE) == want]
            if want == SETUP and game.inning <= 7:
                arms.reverse()
            for p in arms:
                if side.carried_fatigue.get(p, 0) == 0 or (i == 0 and not fresh_only) \
                        or (i == 0 and want in (CLOSER, SETUP)):
                    return p
        return None

    def reliever(self, game: "Game", side: "Side") -> str | None:
        """The reliever the situation calls for (docs/manager.md, "The bullpen")."""
        pen = side.bullpen
        if not pen:
            return None
        wants = self._wants(game, side, game.lead(side.index))
        pick = self._pick(game, side, wants)
        if pick is not None and game.inning < 9 and wants[0] != CLOSER \
                and self.roles(game, side).get(pick) == CLOSER:
            # before the 9th the closer is the last resort: a tired arm of another role
            # pitches rather than leave the 9th to whoever is left
            others = [p for p in pen if self.roles(game, side).get(p, MIDDLE) != CLOSER]
            if others:
                return min(others, key=lambda p: (side.carried_fatigue.get(p, 0), pen.index(p)))
        if pick is not None:
            return pick
        # everyone left pitched yesterday: the least tired, in bullpen order
        return min(pen, key=lambda p: (side.carried_fatigue.get(p, 0), pen.index(p)))

    # -------------------------------------------------------------- the bench in the game
    def worth_now(self, game: "Game", pid: str) -> float:
        """A batter's worth against the pitcher on the mound now: his card's worth times the
        share of the pitcher's rolls (his row today) that read the batter's card after the
        [platoon] modifier, over the share without it (`reads_ratio`)."""
        if not self.platoon:
            return self.bat_worth(game, pid)
        side = game.sides[1 - game.half]     # the defense
        # the factor depends on the batter only by his hand: remembered by hand while the
        # pitcher and his condition stay (a new pitcher or condition starts afresh)
        pitcher = side.pitcher
        condition = side.condition
        if pitcher != self._now_pitcher or condition != self._now_condition:
            self._now_pitcher = pitcher
            self._now_condition = condition
            self._now_ratio = {}
        bats = game.players[pid].bats
        ratio = self._now_ratio.get(bats)
        if ratio is None:
            ratio = self._now_ratio[bats] = self._platoon_ratio(game, side, bats)
        # without a modifier the factor is 1.0: the worth times 1.0 is the worth, bit for bit
        # (bat_worth's kept answer read in place: some fifty a game)
        w = self._worth.get(pid)
        if w is None:
            w = self.bat_worth(game, pid)
        return w * ratio

    def _platoon_ratio(self, game: "Game", side: "Side", bats: str) -> float:
        players = game.players
        pitcher = players[side.pitcher]
        card = pitcher.pitching
        vs = game.platoon_by.get(pitcher.throws)
        mod = vs.get(bats, 0) if vs is not None else 0
        if card is not None and mod != 0:
            return reads_ratio(card.rows[side.condition], mod)
        return 1.0

    def pinch_hitter(self, game: "Game") -> str | None:
        """docs/manager.md, "In the game": for the pitcher without the DH; from the 7th of a
        close game for a batter a bench man out-hits against the pitcher on the mound (by
        PH_MARGIN with runners on, PH_MARGIN_EMPTY without) — so a reliever of the other hand
        brings the platoon bat — when somebody can still field the batter's position."""
        if game.inning < 5:
            return None
        side = game.sides[game.half]
        if not side.bench:
            return None
        bid = side.order[side.batting_index]
        score = game.score     # game.lead(side.index), in place: asked before every late batter
        lead = score[side.index] - score[1 - side.index]
        # the best bat on the bench is looked for only when a pinch hitter is considered
        if game.players[bid].batting is None:
            if (self.version >= STARTER_BATS and side.bullpen and bid == side.pitchers_used[0]
                    and self.real_innings(game, side).get(bid) is None):
                # the starter bats: for himself while he goes on pitching, but for a late chance
                # in a tie; his next inning a reliever's, a pinch hitter costs nothing
                bases = game.bases
                if self._starter_goes_on(game, side, bid, lead) and not (
                        game.inning >= LATE and lead <= 0
                        and (bases[2] is not None or bases[3] is not None)):
                    return None
                return self._best_bat(game, side.bench)
            if self.version >= HABITS and side.bullpen and self.habits(game, side) \
                    and self.real_innings(game, side).get(bid):
                return self._best_bat(game, side.bench) if self._hit_for_pitcher(
                    game, side, bid, lead) else None
            # the pitcher bats: hit for him late, or when he is done anyway
            if (game.inning >= 7 and lead <= 2 or (lead < 0 and game.runners())) and side.bullpen:
                if self._left_in(game, side, bid) and not (game.inning >= LATE and lead < 0
                                                           and game.runners()):
                    return None     # real usage: his innings are not done; late and behind only
                return self._best_bat(game, side.bench)
            return None
        if game.inning < LATE or not -3 <= lead <= 1:
            return None
        bases = game.bases
        on_base = bases[1] is not None or bases[2] is not None or bases[3] is not None
        need = self.worth_now(game, bid) + (PH_MARGIN if on_base else PH_MARGIN_EMPTY)
        # nobody on the bench is worth that much: no need to ask who could field his place
        # (nor where he plays: the usual answer, so asked first)
        if self._best_on_bench(game, side) < need:
            return None
        pos = _position_of(side, bid)
        if pos is None:
            return None                    # a pinch hitter or runner of this half: he stays
        cands = [b for b in side.bench if _covered(game, side, pos, b)]
        if not cands:
            return None
        off = self._off_bench(game, side)
        # real usage: one man drawn by the real games off the bench, as the club's were shared
        best = _drawn(game, cands, off) if off else self._best_bat(game, cands)
        if best is not None and self.worth_now(game, best) >= need:
            return best
        return None

    def _off_bench(self, game: "Game", side: "Side") -> dict[str, float]:
        """`side`'s batters' real games off the bench (Lineup.off_bench: a league made from
        statistics, engine version 5, games from session 53 on); {} otherwise."""
        if self.version < HABITS:
            return {}
        i = side.index
        lu = game.lineups[i]
        return _by_lineup(self._off_of, self._off, i, lu, lu.off_bench)

    def _hit_for_pitcher(self, game: "Game", side: "Side", pid: str, lead: int) -> bool:
        """Engine version 5, a side with habits (a league made from statistics, issue 33): its
        pitcher at bat, as a real club hit for him. The starter is hit for once he is
        PH_SHORT_OUTS short of today's innings (Lineup.innings) from the 7th two runs up or
        less, or behind with men on — and from the 6th behind with a man in scoring position
        whatever his innings (his real innings a start are those his club let him pitch). A
        reliever is hit for but when he has more than an inning of his real relief innings to
        go and his side is not behind (a long man's work)."""
        bases = game.bases
        outs = game.pit[pid][0]
        goal = self.real_innings(game, side)[pid] * 3
        if pid != side.pitchers_used[0]:
            return not (goal - outs > 3 and lead >= 0)
        if game.inning >= 6 and lead < 0 and (bases[2] is not None or bases[3] is not None):
            return True
        if outs < goal - PH_SHORT_OUTS:
            return False
        return game.inning >= 7 and lead <= 2 or (lead < 0 and bool(game.runners()))

    def _best_on_bench(self, game: "Game", side: "Side") -> float:
        """The most a man on `side`'s bench is worth against the pitcher on the mound now
        (`worth_now`): the same until the bench, the pitcher or his condition changes (a bench
        only shrinks, so its size tells)."""
        mound = game.sides[1 - game.half]
        bench = side.bench
        s = side.index
        if (self._best_bench[s] is bench and self._best_size[s] == len(bench)
                and self._best_pitcher[s] == mound.pitcher
                and self._best_condition[s] == mound.condition):
            return self._best_worth[s]
        best = self.worth_now(game, bench[0])
        for i in range(1, len(bench)):
            w = self.worth_now(game, bench[i])
            if w > best:
                best = w
        self._best_bench[s] = bench
        self._best_size[s] = len(bench)
        self._best_pitcher[s] = mound.pitcher
        self._best_condition[s] = mound.condition
        self._best_worth[s] = best
        return best

    def _best_bat(self, game: "Game", bench: list[str]) -> str:
        """The bench man worth most against the pitcher on the mound (of two worth the same,
        the greater id: `max` by (worth, id), written out as it is asked late every game)."""
        best = bench[0]
        most = self.worth_now(game, best)
        for i in range(1, len(bench)):
            b = bench[i]
            w = self.worth_now(game, b)
            if w > most or (w == most and b > best):
                best, most = b, w
        return best

    def pinch_runner(self, game: "Game") -> tuple[int, str] | None:
        """docs/manager.md, "In the game": from the 7th of a close game (two runs behind to one
        ahead), a bench man at least PR_GAIN faster (RR) runs for a slow runner (RR PR_SLOW or
        less) when somebody can still field the runner's position; the lead runner first."""
        if not self.strategies or game.inning < LATE:
            return None
        side = game.sides[game.half]
        score = game.score     # game.lead(side.index), in place: asked before late batters
        lead = score[side.index] - score[1 - side.index]
        if not -2 <= lead <= 1:
            return None
        for base in LEAD_FIRST:
            rn = game.bases[base]
            if rn is None or game.players[rn.pid].batting is None:
                continue                   # nobody there, or a pitcher (his reliever is the call)
            rr = game.batting_card(rn.pid).RR
            if rr > PR_SLOW:
                continue
            # the position his slot needs when the side takes the field: his own, or, for a
            # pinch hitter (engine 3 on), that of the man he batted for, whom the runner
            # replaces in turn (Game.settle_defense); before engine 3 a pinch hitter on base
            # was never run for, and a game stored then replays so
            pos = _position_of(side, rn.pid)
            if pos is None and self.version >= PR_FOR_PINCH_HITTERS:
                pos = _slot_position(side, rn.pid)
            if pos is None:
                continue
            need = max(PR_FAST, rr + PR_GAIN)
            off = self._off_bench(game, side)
            if off:
                # real usage: one man drawn by the real games off the bench runs if he is fast
                if pos == "P" and not side.bullpen:
                    continue
                man = _drawn(game, [b for b in side.bench if pos == "P"
                                    or _covered(game, side, pos, b)], off)
                if man is not None and game.batting_card(man).RR >= need:
                    return (base, man)
                continue
            if pos == "P":
                # he hit for the pitcher: a reliever takes the slot with the field (_relieve)
                if not side.bullpen:
                    continue
                fast = [b for b in side.bench if game.batting_card(b).RR >= need]
            else:
                fast = [b for b in side.bench if game.batting_card(b).RR >= need
                        and _covered(game, side, pos, b)]
            if fast:
                return (base, max(fast, key=lambda b: (game.batting_card(b).RR,
                                                       game.batting_card(b).SR, b)))
        return None

    def defensive_sub(self, game: "Game", inning_start: bool) -> tuple[str, str] | None:
        """docs/manager.md, "In the game": protecting a lead of one to three runs from the 8th, a
        bench man whose glove at a position is clearly better (DEF_GAIN on the line-up's glove
        scale) replaces the fielder there, the centre of the diamond first; one a half-inning."""
        if not self.strategies or not inning_start or game.inning < 8:
            return None
        side = game.sides[1 - game.half]
        if not 1 <= game.lead(side.index) <= 3:
            return None
        for pos in ("SS", "2B", "CF", "C", "3B", "RF", "LF", "1B"):
            pid = side.positions.get(pos)
            if pid is None:
                continue
            f = fielding_of(game.players[pid], pos)
            have = glove(f) if f is not None else OUT_OF_POSITION
            better = [b for b in side.bench
                      if (g := fielding_of(game.players[b], pos)) is not None
                      and glove(g) >= have + DEF_GAIN]
            if better:
                return (pos, max(better, key=lambda b: (_glove_at(game, b, pos), b)))
        return None



def _own_asks(cls: type) -> int:
    """The ASK_* bits of the questions `cls` answers with methods of its own (for the pitcher,
    also the starter's late-innings check, on which the answer's sameness rests)."""
    own = 0
    for name, bit in (("pinch_hitter", ASK_PINCH_HITTER), ("pinch_runner", ASK_PINCH_RUNNER),
                      ("defensive_sub", ASK_DEFENSIVE_SUB), ("defense_call", ASK_DEFENSE_CALL),
                      ("aggressive", ASK_AGGRESSIVE), ("change_pitcher", ASK_PITCHER_AGAIN),
                      ("_cruising", ASK_PITCHER_AGAIN)):
        if getattr(cls, name) is not getattr(ComputerManager, name):
            own |= bit
    return own


# the golden ratio's fraction: the manager's whims fall evenly over [0, 1) roll by roll
_WHIM: Final = (0.6180339887498949, 0.41421356237309515, 0.7320508075688772)


def whim(game: "Game", which: int) -> float:
    """A number in [0, 1) for a choice the manager makes at a rate (version 5's habits): the
    fraction of the count of the game's rolls so far times an irrational step (`which` picks
    the step, one a kind of choice). Read from the game, so a replay chooses the same; over a
    season it falls evenly over [0, 1), so a choice taken when it is under p is taken at rate p."""
    return (len(game.raws) * _WHIM[which]) % 1.0


def _by_lineup(of: list[Lineup | None], tables: list[dict[str, float]], i: int, lu: Lineup,
               pairs: tuple[tuple[str, float], ...]) -> dict[str, float]:
    """A line-up's (id, figure) pairs as a table, kept by side `i` until its line-up changes
    (`of`: the line-up each side's table was made from): Lineup.innings and Lineup.off_bench,
    asked before every plate appearance."""
    if of[i] is lu:
        return tables[i]
    table = dict(pairs)
    of[i] = lu
    tables[i] = table
    return table


def _drawn(game: "Game", men: Sequence[str], weights: Mapping[str, float]) -> str | None:
    """One of `men` drawn by `weights` (real games off the bench; a man without them is never
    drawn) with the manager's whim (`whim`, its third step): the club's substitutions shared
    among its bench as they really were, however many men it dresses. None when no man has
    any weight."""
    total = 0.0
    for m in men:
        total += weights.get(m, 0.0)
    if total <= 0:
        return None
    left = whim(game, 2) * total
    for m in men:
        w = weights.get(m, 0.0)
        if w > 0 and left < w:
            return m
        left -= w
    return next(m for m in reversed(men) if weights.get(m, 0.0) > 0)


def _pitcher_may_bat(game: "Game", side: "Side") -> bool:
    """Whether anyone who may bat for `side` in the half-inning has no batting card (a pitcher):
    the batting order and the bench (pinch hitters and runners, and a hurt man's replacement,
    come from it)."""
    players = game.players
    for pid in side.order:
        if players[pid].batting is None:
            return True
    for pid in side.bench:
        if players[pid].batting is None:
            return True
    return False


def _position_of(side: "Side", pid: str) -> str | None:
    """The position a player holds now (None for a pinch hitter or runner not yet placed)."""
    for pos, q in side.positions.items():
        if q == pid:
            return pos
    return None


def _slot_position(side: "Side", pid: str) -> str | None:
    """The position the batting slot of `pid`, a pinch hitter or runner not yet placed, will
    need: that of the man who held the slot in the field (Side.field_chains, by which
    GameState.settle_defense places them); None when `pid` took no slot this half."""
    first = next((old for old, new in side.field_chains() if new == pid), None)
    return None if first is None else _position_of(side, first)


def _covered(game: "Game", side: "Side", pos: str, new: str) -> bool:
    """Whether `pos` can still be fielded when `new` comes in for its man: by him, or by another
    bench man (the DH needs nobody)."""
    if pos == "DH" or plays(game.players[new], pos):
        return True
    return any(b != new and plays(game.players[b], pos) for b in side.bench)


def _glove_at(game: "Game", pid: str, pos: str) -> float:
    f = fielding_of(game.players[pid], pos)
    return glove(f) if f is not None else OUT_OF_POSITION


def _runner_at(game: "Game", base: int) -> str:
    """The runner on `base`, which the engine asks about only when he is there."""
    rn = game.bases[base]
    assert rn is not None, f"no runner on base {base}"
    return rn.pid


def _double_steal(game: "Game", lead: int) -> tuple[str, int] | None:
    """The double steal: 1st-2nd or 1st-3rd, a lead runner fast for the catcher's arm, fewer
    than two out; in a close game, or far behind (the defense may well let them go: no check).
    The call, or None."""
    b1, b2, b3 = game.bases[1], game.bases[2], game.bases[3]
    if game.outs < 2 and b1 and (b2 is None) != (b3 is None) and (-3 <= lead <= 2 or lead <= -4):
        lead_rn = b2 or b3
        assert lead_rn is not None
        if game.batting_card(lead_rn.pid).SR >= 28 + 4 * _catcher_arm(game) \
                and game.batting_card(b1.pid).SR >= 20:
            return ("double_steal", 2 if b2 else 1)
    return None


def _no_offense_call(outs: int, b1: "Runner | None", b2: "Runner | None", b3: "Runner | None",
                     lead: int, inning: int) -> bool:
    """Whether no call of ComputerManager.offense_call (version 4's, or a side without habits)
    can be made, read from these fields before any card: with two out only the steal of second
    in a close game is; with nobody on first only the squeeze (late, tied or one down) and the
    sacrifice (nobody out, third open). Its answer then, none, is the full one's
    (tests/manager/test_strategy_use.py holds them together over varied situations)."""
    if outs == 2:
        return not b1 or bool(b2) or not -2 <= lead <= 1
    return not b1 and bool(outs or b3) and not (b3 and inning >= 7 and -1 <= lead <= 0)


def _squeeze(game: "Game", bid: str, lead: int) -> bool:
    """The squeeze: a runner on third, a good bunter up, fewer than two out, late and close."""
    return bool(game.bases[3]) and game.outs < 2 and game.inning >= 7 and -1 <= lead <= 0 \
        and game.batting_card(bid).BT >= 4


def _hit_and_run(game: "Game", bid: str, lead: int) -> bool:
    """The hit-and-run: a contact hitter up, a runner on first, second open, fewer than two
    out, the game within reach."""
    if game.bases[1] and not game.bases[2] and game.outs < 2 and -3 <= lead <= 2:
        widths = game.batting_card(bid).bounds.widths
        return widths["K"] <= 7 and widths["1B"] >= 27
    return False


def _catcher_arm(game: "Game") -> int:
    c = game.players[game.sides[1 - game.half].positions["C"]].catcher
    return c.arm if c else 0
