"""Accidents and injuries (故障), rulebook notes §7.6 [K15].

What the rulebook gives: a player bears injury points up to his 出場ランク's tolerance (A 5, B 3,
C 1, D 0, E 0); each accident is 2 points, 1 when he is taken out at once. Points at or below
the tolerance make a light injury: his fielding is half a mark worse (no mark → ``-``, ``-`` →
``*``). Above it a heavy injury: besides, SR halved, RR −2, and pitches of ``BS*``/``BS+`` count
as a plain ``BS`` for him. He recovers by full rest days and recovery checks.

What it does not give (the trigger, who is hurt, the recovery checks) is the ruleset's
``[injury]`` table, the project's own design (docs/injuries.md):

- after a plate appearance whose first raw roll is one of ``trigger``, an ``injury`` roll is
  read against ``who`` (cumulative ``~N`` bounds: batter, pitcher, a fielder); above the last
  bound nothing happens;
- every full rest day an injured player makes a recovery check: an ``injury`` roll at most
  ``recover_light`` (light) or ``recover_heavy`` (heavy) takes one point off.

The rule option ``injuries`` (true by default) switches it all off. Pure: no I/O.
"""
from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, Final

from league.engine.cards import BattingCard, Fielding, Player
from league.engine.dice import first_roll
from league.engine.events import HEAVY, TAKEN_OUT
from league.engine.lineup import fielding_of, plays
from league.engine.ruleset import TOLERANCE, InjuryRules  # the [injury] table
from league.engine.values import batting_value

if TYPE_CHECKING:
    from league.engine.state import GameState as Game
    from league.engine.state import Side

# a hurt fielder: the position chosen by the injury roll (the roll modulo 7)
FIELDERS: Final = ("1B", "2B", "3B", "SS", "LF", "CF", "RF")


# --- a player's injury --------------------------------------------------------------------------


def tolerance(rules: InjuryRules | None, rank: str) -> int:
    """Injury points a player of this 出場ランク bears as a light injury (§7.6)."""
    table = rules.tolerance if rules is not None else TOLERANCE
    return table.get(rank, TOLERANCE.get(rank, 0))


def severity(rules: InjuryRules | None, rank: str, points: int) -> str:
    """"" (healthy), "light" (points at most the tolerance) or "heavy" (above it)."""
    if points <= 0:
        return ""
    return "light" if points <= tolerance(rules, rank) else "heavy"


_WORSE_MARK: Final = {None: "-", "-": "*", "*": "*"}


def hurt_fielding(f: Fielding) -> Fielding:
    """Half a mark worse (§7.6): no mark → ``-``, ``-`` → ``*``."""
    return dataclasses.replace(f, error=_WORSE_MARK[f.error])


def hurt_player(player: Player, level: str) -> Player:
    """The player's card as he plays hurt: light = fielding half a mark worse; heavy = that, SR
    halved (rounded down), RR −2 (the BS*/BS+ reading is the game's: `Game.heavy`)."""
    if not level:
        return player
    fielding = tuple(hurt_fielding(f) for f in player.fielding)
    batting = player.batting
    if level == "heavy" and batting is not None:
        batting = BattingCard(batting.bounds, batting.BT, batting.RR - 2, batting.SR // 2,
                              batting.DP, batting.hr_defended)
    return dataclasses.replace(player, fielding=fielding, batting=batting)


# --- in the game --------------------------------------------------------------------------------


def accident_check(g: "Game", rules: InjuryRules, batter: str) -> None:
    """After a plate appearance whose first raw roll is a trigger: the injury roll says who is
    hurt, if anyone; his manager takes him out at once when a substitute can take his place
    (1 point), else he plays on hurt (2 points)."""
    raw = g.roll("injury")
    who = next((k for k, bound in rules.who if raw <= bound), "")
    off, dfn = g.offense, g.defense
    side: "Side"
    if who == "batter":
        # the batter of the plate appearance just over (a pinch runner may have his slot now)
        side, pid = off, batter if batter in off.order else ""
    elif who == "pitcher":
        side, pid = dfn, dfn.pitcher
    elif who == "fielder":
        pos = FIELDERS[raw % len(FIELDERS)]
        side, pid = dfn, dfn.positions.get(pos, "")
    else:
        side, pid = off, ""
    if not g.quiet:
        g.log("injury", raw, (), raw, "injury", who or "-", f"accident: {pid}" if pid else "none")
    if not pid or g.finished:
        return
    player = g.players[pid]
    # counted without making the plays' entries (most games' are never read)
    at = g.recording.play_count()
    removed = _take_out(g, side, pid)
    points = g.injuries.get(pid, 0) + (rules.points_removed if removed else rules.points)
    g.injuries[pid] = points
    level = severity(rules, player.rank, points)
    note = (f"accident: {player.name} ({pid}) hurt, {level} injury"
            + (", taken out" if removed else ", plays on"))
    g.notes.append(note)
    if not g.quiet:
        g.record("INJURY", pid, mods=((HEAVY,) if level == "heavy" else ())
                 + ((TAKEN_OUT,) if removed else ()))
        # the play-by-play tells the accident before the substitution it brings
        g.recording.move_last_play(at)
    if not removed:
        _play_hurt(g, pid, level)


def start_hurt(g: "Game") -> None:
    """Players who start the game hurt (a light injury the line-up could not do without) play
    with the card of their injury from the first pitch."""
    rules = g.injury_rules
    hurt = False
    for pid, points in sorted(g.hurt_in.items()):
        if pid in g.players:
            _play_hurt(g, pid, severity(rules, g.players[pid].rank, points), recompute=False)
            hurt = True
    if hurt:
        for s in g.sides:
            s.recompute()     # once for them all


# hurt cards by (the healthy player's identity, level; the entry holds him, so the id is not
# reused while remembered): a season plays the same hurt men day after day, and the same Player
# lets the games' remembered team defences know them
_HURT: Final[dict[tuple[int, str], tuple[Player, Player]]] = {}


def _hurt_card(player: Player, level: str) -> Player:
    key = (id(player), level)
    known = _HURT.get(key)
    if known is None:
        if len(_HURT) >= 4096:
            _HURT.clear()
        known = _HURT[key] = (player, hurt_player(player, level))
    return known[1]


def _play_hurt(g: "Game", pid: str, level: str, recompute: bool = True) -> None:
    """He plays on with the hurt card: the game's players (a copy, never the caller's dict);
    the team defences are recomputed unless the caller does it (`recompute`)."""
    if not g.own_players:
        g.players = dict(g.players)
        for s in g.sides:
            s.players = g.players
        g.own_players = True
    base = g.healthy.setdefault(pid, g.players[pid])
    g.players[pid] = _hurt_card(base, level)
    g._cards.pop(pid, None)     # the game's card of him is the hurt one from now on
    if level == "heavy":
        g.heavy.add(pid)
    if recompute:
        for s in g.sides:
            s.recompute()


def _take_out(g: "Game", side: "Side", pid: str) -> bool:
    """Replace the hurt player at once when someone can take his place; False if nobody can."""
    if pid == side.pitcher:
        if not side.bullpen or side is not g.defense:
            return False
        if g.outs >= 3:
            # hurt on the third out: his reliever comes in when the team next takes the field
            # (Game._relieve), so nobody enters a game he may never pitch in
            side.relieve = (pid, "")
            return True
        new = g.deciders[side.index].reliever(g, side) or side.bullpen[0]
        g.change_pitcher(side, new, hurt=True)
        return True
    pos = next((p for p, q in side.positions.items() if q == pid), None)
    if pos is None:
        return False
    for base in (1, 2, 3):
        rn = g.bases[base]
        if rn is not None and rn.pid == pid and side is g.offense:
            if not side.bench:
                return False
            new = max(side.bench, key=lambda b: (g.batting_card(b).RR, b))
            g.pinch_run(side, base, new)
            return True
    if pos == "DH":
        bats = [b for b in side.bench if g.players[b].batting is not None]
        if not bats:
            return False
        new = max(bats, key=lambda b: (batting_value(g.batting_card(b)), b))
        side.bench.remove(new)
        side.used.add(new)
        side.order[side.order.index(pid)] = new
        side.positions["DH"] = new
        g._bat_line(side.index, new, "DH")
        # announced like every other change: the play-by-play says who takes his place
        g.record("SUB", new, pid, pos="DH", batter="", pitcher=g.sides[1 - side.index].pitcher)
        return True
    able = [b for b in side.bench if plays(g.players[b], pos)]
    if not able:
        return False
    new = max(able, key=lambda b: (fielding_of(g.players[b], pos).defence, b))  # type: ignore[union-attr]
    g.defensive_sub(side, pos, new)
    return True


# --- between games ------------------------------------------------------------------------------


def recovery_roll(season_seed: int, pid: str, day: date) -> int:
    """The recovery check of one player on one rest day: an `injury` roll from dice seeded by
    the season, the player and the day (the same roll whatever order the season is played in)."""
    return _recovery_roll(season_seed, pid, zlib.crc32(pid.encode()), day.toordinal())


def _recovery_roll(season_seed: int, pid: str, crc: int, ordinal: int) -> int:
    """recovery_roll by the day's number (`date.toordinal`) and the player's `zlib.crc32`, each
    worked out once by a caller that checks a man on many days."""
    key = (season_seed, pid, ordinal)
    known = _RECOVERY_ROLLS.get(key)
    if known is not None:
        return known
    # SeededDice(seed).roll("injury"), without making the dice for their one roll
    roll = first_roll((season_seed * 1_000_003 + ordinal) * 4_294_967_311 + crc)
    if len(_RECOVERY_ROLLS) >= 1 << 17:
        _RECOVERY_ROLLS.clear()
    _RECOVERY_ROLLS[key] = roll
    return roll


# the rolls made, by (season seed, player, day's number): seeding the dice costs about as much
# as a plate appearance, and the pennant odds play the same days over a thousand times
_RECOVERY_ROLLS: Final[dict[tuple[int, str, int], int]] = {}


def recover(rules: InjuryRules, rank: str, points: int, season_seed: int, pid: str,
            days: list[date]) -> int:
    """The points left after recovery checks on these full rest days."""
    return _recover(rules, rank, points, season_seed, pid, [d.toordinal() for d in days])


def recover_through(rules: InjuryRules, rank: str, points: int, season_seed: int, pid: str,
                    first: date, last: date) -> int:
    """recover on every day from `first` to `last` (both full rest days)."""
    return _recover(rules, rank, points, season_seed, pid,
                    range(first.toordinal(), last.toordinal() + 1))


def _recover(rules: InjuryRules, rank: str, points: int, season_seed: int, pid: str,
             days: Iterable[int]) -> int:
    """recover by the days' numbers (`date.toordinal`): the tolerance and the player's part of
    the seed worked out once, not once a day."""
    if points <= 0:
        return 0
    light = tolerance(rules, rank)      # severity's bound: light at most this, heavy above
    crc = zlib.crc32(pid.encode())
    for day in days:
        chance = rules.recover_light if points <= light else rules.recover_heavy
        if _recovery_roll(season_seed, pid, crc, day) <= chance:
            points -= 1
            if points <= 0:
                return 0
    return points
