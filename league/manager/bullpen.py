"""Bullpen roles: who closes, who sets up, who takes the middle, the long and the mop-up innings
(docs/manager.md, "The bullpen").

Roles are a pure function of a team's pitchers and the manager's saved bullpen order, worked out
before a game from the whole staff (a closer keeps his role on the days he rests) and carried in
the line-up, so a game replays exactly from its line-ups and rolls.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from league.engine.cards import PitchingCard, Player

# the roles a line-up's bullpen may carry are the line-up's own (league.engine.lineup, which checks
# them); their names stay importable from here
from league.engine.lineup import CLOSER, LONG, MIDDLE, MOPUP, ROLES, SETUP  # noqa: F401

ROLE_RANK: Final = {r: i for i, r in enumerate(ROLES)}
SETUP_MEN: Final = 2     # the 8th-inning man and the 7th-inning man
LONG_MEN: Final = 2      # the most innings on the card (『回』), or starters outside the rotation


# each card's value, remembered by the card's identity (the card kept, so the identity stays
# its own): a season asks it for the same staffs every game
_VALUES: Final[dict[int, tuple[PitchingCard, float]]] = {}


def pitching_value(player: Player) -> float:
    """How hard a pitcher is to hit: K, G and IF room in row B, less BS room."""
    card = player.pitching
    assert card is not None, f"{player.id} has no pitcher card"
    known = _VALUES.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    row = card.rows["B"]
    value = row.width("K") * 1.0 + row.width("G") * 0.5 + row.width("IF") * 0.6 \
        - row.width("BB") * 0.8 \
        - (row.width("BS") + row.width("BS+") * 2 + row.width("BS*") * 3) * 0.5
    if len(_VALUES) >= 4096:
        _VALUES.clear()
    _VALUES[id(card)] = (card, value)
    return value


def assign_roles(relievers: Iterable[Player], saved: Sequence[str] = ()) -> dict[str, str]:
    """Each reliever's role. `saved` is the manager's bullpen order (first = the closer, then the
    setup men; the order of the rest is his ranking); without it the cards rank them.

    The closer and the setup men are the first three of the ranking among the short relievers
    (a card's 『先』 of 0); long relief goes to the men with the most innings on the card and to
    starters outside the rotation; the last of the ranking mops up; everyone else is a middle man.
    """
    pool = [p for p in relievers if p.pitching is not None]
    if not pool:
        return {}
    key = (tuple([id(p) for p in pool]), tuple(saved))
    known = _ROLES.get(key)
    if known is None:
        if len(_ROLES) >= 1024:
            _ROLES.clear()
        known = _ROLES[key] = (tuple(pool), _assign(pool, saved))
    return dict(known[1])


# roles by the identity of the staff's players (held, so their ids stay theirs) and the saved
# order: a season asks for the same staff's roles game after game
_ROLES: Final[dict[tuple, tuple[tuple[Player, ...], dict[str, str]]]] = {}


def _assign(pool: list[Player], saved: Sequence[str]) -> dict[str, str]:
    by_id = {p.id: p for p in pool}
    ranked_by_cards = sorted(pool, key=lambda p: (-pitching_value(p), p.id))
    saved_ids = [pid for pid in saved if pid in by_id]
    if saved_ids:
        ranked = [by_id[pid] for pid in saved_ids] + [p for p in ranked_by_cards
                                                      if p.id not in set(saved_ids)]
    else:
        ranked = ranked_by_cards
    roles: dict[str, str] = {}
    short = [p for p in ranked if p.pitching.starter == 0]  # type: ignore[union-attr]
    if not short:
        short = ranked
    late = short[:1 + SETUP_MEN] if len(short) > 1 else short
    for i, p in enumerate(late):
        roles[p.id] = CLOSER if i == 0 else SETUP
    rest = [p for p in ranked if p.id not in roles]
    if not rest:
        return roles
    # long men: starters outside the rotation first, then the most innings on the card
    # ties by the place in `rest` (its index, not rest.index(p): that compares the players before
    # him field by field, as dataclasses compare)
    by_length = sorted(range(len(rest)), key=lambda i: (-(rest[i].pitching.starter > 0),  # type: ignore[union-attr]
                                                        -rest[i].pitching.innings, i))  # type: ignore[union-attr]
    longs = [p for p in (rest[i] for i in by_length)
             if p.pitching.starter > 0 or p.pitching.innings >= 1.5][:LONG_MEN]  # type: ignore[union-attr]
    for p in longs:
        roles[p.id] = LONG
    rest = [p for p in rest if p.id not in roles]
    if len(rest) >= 2:
        roles[rest[-1].id] = MOPUP
        rest = rest[:-1]
    for p in rest:
        roles[p.id] = MIDDLE
    return roles


def order_by_role(bullpen: Iterable[str], roles: Mapping[str, str],
                  ranking: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Today's dressed relievers in role order (closer, setup, middle, long, mop-up; within a
    role by `ranking`), with their roles. A man without a role is a middle man."""
    where = {pid: i for i, pid in enumerate(ranking)}
    ids = sorted(bullpen, key=lambda p: (ROLE_RANK[roles.get(p, MIDDLE)], where.get(p, len(where)), p))
    return tuple(ids), tuple(roles.get(p, MIDDLE) for p in ids)
