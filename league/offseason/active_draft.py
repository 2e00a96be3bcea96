"""The 現役ドラフト (active-player draft, npb_offseason.md §6: "since 2022, December: each club
offers two or more players from its roster and each takes one from another club"). Pure: the
caller reads the cards and stores the moves.

The rule kept here (simple and documented):

- **The lists.** Each club lists LISTED players it can spare: never a foreign player, a 育成
  player, or one who joined it this off-season (the year's draftees are not on the rosters yet,
  a free agent or a traded man who just came is left out by the caller's `exclude`); never one
  of its PROTECTED best by the trades' measure (league.offseason.trades.worth: his card against
  his side's plus his age's outlook); never one whose leaving would take his kind below the
  trades' LEAST. Of the rest, the SPARE best are the ones it would offer, and LISTED of them
  are drawn from the seeded stream of (league, year, club).
- **The picks.** In the reverse order of last season's standings (the draft's waiver order),
  each club takes one man from the list of another club that has not lost one yet, the one it
  values most (the trades' worth as its scouts see him, plus NEED_ROLLS when it holds fewer of
  his kind than the league's par). So every club takes exactly one and loses exactly one (the
  real draft's first round: a club whose player is taken takes part; a second round is left
  out). When two clubs are left to pick and the other's list is still whole, the club takes
  from it, so the last club always has another's man to take.
- **The limits.** Every club ends with as many under contract as it had (one out, one in); the
  foreign limit is untouched (no foreigner is listed); a taken man joins his new club's farm
  (its active roster when it has no farm), and the renewal fills the old club's active roster
  from its farm when he was active.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from league.offseason.people import stream
from league.offseason.trades import LEAST, NEED_ROLLS, Man, Market, seen, worth

LISTED: Final = 2        # the men each club lists (§6: two or more)
PROTECTED: Final = 20    # a club's best by the measure, never listed
SPARE: Final = 6         # the listed are drawn from the best this many of the rest


@dataclass(frozen=True)
class Pick:
    """`team` takes `player` from `source`."""

    team: str
    player: str
    source: str


@dataclass(frozen=True)
class ActiveDraft:
    """Each club's list (club, its players) and the picks in the order made."""

    listed: tuple[tuple[str, tuple[str, ...]], ...]
    picks: tuple[Pick, ...]

    def moves(self) -> list[tuple[str, str, str]]:
        """(player, from, to) of every man who moves."""
        return [(p.player, p.source, p.team) for p in self.picks]

    def as_dict(self) -> dict[str, object]:
        return {"listed": {club: list(pids) for club, pids in self.listed},
                "picks": [{"team": p.team, "player": p.player, "from": p.source}
                          for p in self.picks]}

    @staticmethod
    def of(raw: Mapping[str, object]) -> ActiveDraft:
        """The plan back from `as_dict`'s form (what the off-season's step stores)."""
        listed = raw.get("listed") or {}
        picks = raw.get("picks") or []
        assert isinstance(listed, Mapping) and isinstance(picks, list)
        return ActiveDraft(tuple((str(c), tuple(str(p) for p in pids))
                                 for c, pids in listed.items()),
                           tuple(Pick(str(p["team"]), str(p["player"]), str(p["from"]))
                                 for p in picks))


def best(club: str, mk: Market, n: int = PROTECTED) -> list[str]:
    """`club`'s `n` best men by the trades' measure (its 育成 players left out), best first."""
    men = [m for m in mk.club(club) if not m.ikusei]
    men.sort(key=lambda m: (-worth(m, mk), m.player))
    return [m.player for m in men[:n]]


def spare(club: str, mk: Market, exclude: Iterable[str] = ()) -> list[Man]:
    """The men `club` could list: none of its PROTECTED best, no foreigner, 育成 player or one
    of `exclude`, none whose leaving takes his kind below LEAST; best first."""
    no = set(exclude) | set(best(club, mk))
    have: dict[str, int] = {}
    for m in mk.club(club):
        if not m.ikusei:
            have[m.kind] = have.get(m.kind, 0) + 1
    out = [m for m in mk.club(club) if m.player not in no and not m.foreign and not m.ikusei
           and have[m.kind] - 1 >= LEAST.get(m.kind, 0)]
    out.sort(key=lambda m: (-worth(m, mk), m.player))
    return out


def listing(mk: Market, teams: Sequence[str], exclude: Iterable[str] = ()
            ) -> dict[str, tuple[str, ...]]:
    """Each club's list: LISTED drawn (seeded by league, year, club) from its SPARE best
    spare men, in the order drawn; a club with fewer spare men lists what it has."""
    no = set(exclude)
    out: dict[str, tuple[str, ...]] = {}
    for club in teams:
        pool = [m.player for m in spare(club, mk, no)[:SPARE]]
        rng = stream("active draft list", mk.league, mk.year, club)
        out[club] = tuple(rng.sample(pool, min(LISTED, len(pool))))
    return out


def _value(m: Man, club: str, mk: Market) -> float:
    """What `club` sees in `m`: his worth by its scouts, plus NEED_ROLLS when it holds fewer of
    his kind than the league's par."""
    have = sum(1 for x in mk.club(club) if x.kind == m.kind and not x.ikusei)
    return seen(m, club, mk) + (NEED_ROLLS if have < round(mk.par[m.kind]) else 0.0)


def active_draft(mk: Market, order: Sequence[str], exclude: Iterable[str] = ()) -> ActiveDraft:
    """The 現役ドラフト (§6) on the market `mk`: every club of `order` (the reverse of last
    season's standings, worst first) lists its men and, in that order, takes one from the list
    of another club not yet taken from (see the module's rule). Reproducible from (league,
    year)."""
    lists = listing(mk, order, exclude)
    takers = [c for c in order if lists.get(c)]
    untaken = [c for c in takers]
    picks: list[Pick] = []
    for i, club in enumerate(takers):
        left = takers[i + 1:]
        sources = [c for c in untaken if c != club]
        if len(left) == 1 and left[0] in sources:
            sources = [left[0]]       # else the last club would be left with its own list
        options = [mk.men[p] for c in sources for p in lists[c]]
        if not options:
            continue
        m = max(options, key=lambda m: (_value(m, club, mk), m.player))
        picks.append(Pick(club, m.player, m.team))
        untaken.remove(m.team)
    return ActiveDraft(tuple((c, lists[c]) for c in order if c in lists), tuple(picks))
