"""A manager's saved lists — his batting order, rotation, bullpen order and reserves — and what
each must look like to be used (issue 28).

A saved list is data a person (or, on a shared league, anyone with his login and `psql`) wrote:
it is checked when written (storage.roster_sql generates the shared league's database check
from these same rules and words) and again when a season reads it. A list that is not what it
must be is set aside, with an entry in the league's news, and the computer decides in its place;
it never stops a season.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final

PREF_KINDS: Final = ("reserves", "order", "rotation", "bullpen")
# the positions an entry of a saved batting order may name (the pitcher's P without the DH)
ORDER_POSITIONS: Final = ("P", "C", "1B", "2B", "3B", "SS", "LF", "CF", "RF", "DH")
ORDER_LENGTH: Final = 9          # a batting order's entries
MOST_IDS: Final = 120            # a list of players holds at most a team's (roster_size ≤ 120)
LIST_NAMES: Final = {"order": "batting order", "rotation": "rotation",
                     "bullpen": "bullpen order", "reserves": "reserves"}

# the words of a refusal (the database's check says the same)
UNKNOWN_KIND: Final = "{kind} is not a saved list (use reserves, order, rotation or bullpen)"
NOT_A_LIST: Final = "the saved {what} is not a list"
TOO_LONG: Final = "the saved {what} has {count} entries; it holds at most {most}"
NOT_A_PAIR: Final = ("entry {n} of the saved {what} is not a [player id, position] pair")
NOT_A_POSITION: Final = ("entry {n} of the saved {what} puts its player at {position}, which is "
                         "not a position")
NOT_AN_ID: Final = "entry {n} of the saved {what} is not a player id"
TWICE: Final = "the saved {what} names {player} twice"
NOT_OURS: Final = "the saved {what} names {player}, who is not a player of {team}"
SHORT_ROSTER: Final = "{team}: {problem}"     # reserves that leave the active roster short
SHOWN: Final = 30                            # a value named in a refusal: its first characters


def _shown(value: Any) -> str:
    """A value a refusal names, in quotes (a long one cut: the database's check cuts it alike)."""
    text = str(value)
    return "'" + (text if len(text) <= SHOWN else text[:SHOWN] + "...") + "'"


def pref_problem(kind: str, data: Any, players: Collection[str] | None = None,
                 team: str = "") -> str | None:
    """Why a saved list of `kind` cannot be used (one line), or None. `players`, when given, are
    the ids of the team's players: a list naming anyone else is set aside too."""
    if kind not in PREF_KINDS:
        return UNKNOWN_KIND.format(kind=_shown(kind))
    what = LIST_NAMES[kind]
    if not isinstance(data, list):
        return NOT_A_LIST.format(what=what)
    most = ORDER_LENGTH if kind == "order" else MOST_IDS
    if len(data) > most:
        return TOO_LONG.format(what=what, count=len(data), most=most)
    ids: list[str] = []
    for n, entry in enumerate(data, start=1):
        if kind == "order":
            if not (isinstance(entry, list) and len(entry) == 2
                    and all(isinstance(x, str) for x in entry)):
                return NOT_A_PAIR.format(n=n, what=what)
            if entry[1] not in ORDER_POSITIONS:
                return NOT_A_POSITION.format(n=n, what=what, position=_shown(entry[1]))
            ids.append(entry[0])
        else:
            if not isinstance(entry, str):
                return NOT_AN_ID.format(n=n, what=what)
            ids.append(entry)
    seen: set[str] = set()
    for pid in ids:
        if pid in seen:
            return TWICE.format(what=what, player=pid)
        seen.add(pid)
    if players is not None:
        for pid in ids:
            if pid not in players:
                return NOT_OURS.format(what=what, player=pid, team=team)
    return None
