"""Melting Pot, the troop game run at events (rules: shared/rules/melting_pot.md).

Every player starts with 100 troops. Over three rounds each player secretly commits
0..(troops left) against an enemy force of ``players × strength``. This module holds the
rules only: reading slips, the battle, the scoring with its ties and penalty cancellation,
the round-3 adjustment, final scores and the public reveal steps. No I/O, stdlib only.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Union

from league.numbers import normalise_digits, whole_number

STARTING_TROOPS = 100
ROUNDS = 3
MIN_PLAYERS = 6
MAX_PLAYERS = 15
#: The seed's guideline strength for each round, inclusive (1-based round = index + 1).
GUIDELINE_STRENGTHS: tuple[tuple[int, int], ...] = ((10, 20), (20, 30), (40, 60))
#: Round 3's enemy force may not exceed this share of the players' total troops left.
ROUND3_LIMIT = Fraction(9, 10)

Procedure = Literal["current", "original"]
PROCEDURES: tuple[Procedure, ...] = ("current", "original")
PROCEDURE_LABELS: Mapping[str, str] = {
    "current": "current rule: ranks, then the total, then the closest to the average",
    "original": "original rule: commitments in ascending order, numbers only, then the total",
}

#: A slip as handed in: a number, the text written on the paper, or None for a blank slip.
Slip = Union[int, float, str, None]

# Full-width digits are what a Japanese keyboard types; they are still plain digits.


class MeltingPotError(ValueError):
    """Input the Melting Pot rules refuse; the message names what and where."""


# --------------------------------------------------------------------------- players, k


def k_for(players: int, house_k: int | None = None) -> int:
    """How many players form the top (and bottom) group: 2 for 6–8, 3 for 9–12, 4 for 13–15.

    Other sizes need the facilitator to choose ``house_k`` explicitly (a house rule).
    """
    if house_k is not None:
        if isinstance(house_k, bool) or not isinstance(house_k, int):
            raise MeltingPotError(f"house-rule k must be a whole number, got {house_k!r}")
        if players < 2:
            raise MeltingPotError(f"a game needs at least 2 players, got {players}")
        if not 1 <= house_k <= players // 2:
            raise MeltingPotError(
                f"house-rule k must be between 1 and {players // 2} for {players} players,"
                f" got {house_k}"
            )
        return house_k
    if players < MIN_PLAYERS or players > MAX_PLAYERS:
        raise MeltingPotError(
            f"Melting Pot is for {MIN_PLAYERS}–{MAX_PLAYERS} players, got {players};"
            " choose a house-rule k to play with another number"
        )
    if players <= 8:
        return 2
    if players <= 12:
        return 3
    return 4


def check_players(names: Sequence[str]) -> tuple[str, ...]:
    """Validate player names (non-empty, unique after trimming) and return them trimmed."""
    cleaned: list[str] = []
    for position, name in enumerate(names, start=1):
        if not isinstance(name, str) or not name.strip():
            raise MeltingPotError(f"player {position}: the name is empty or not text ({name!r})")
        trimmed = name.strip()
        if trimmed in cleaned:
            raise MeltingPotError(f"player {position}: the name {trimmed!r} is used twice")
        cleaned.append(trimmed)
    return tuple(cleaned)


def check_strength(value: object, where: str, *, minimum: int = 1) -> int:
    """Return ``value`` as a strength (a whole number ≥ ``minimum``) or raise naming ``where``."""
    prefix = f"{where}: " if where else ""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MeltingPotError(f"{prefix}strength must be a whole number, got {value!r}")
    if value < minimum:
        raise MeltingPotError(f"{prefix}strength must be at least {minimum}, got {value}")
    return value


def enemy_force(players: int, strength: int) -> int:
    """The enemy force of a round: number of players × strength."""
    return players * strength


def in_guideline(round_no: int, strength: int) -> bool:
    """True when ``strength`` lies in the seed's guideline range for round ``round_no``."""
    low, high = GUIDELINE_STRENGTHS[round_no - 1]
    return low <= strength <= high


# --------------------------------------------------------------------------- round 3


@dataclass(frozen=True)
class Adjustment:
    """The strength a round is played at; ``adjusted_from`` is the planned one when lowered."""

    strength: int
    adjusted_from: int | None = None


def adjust_round3(
    players: int, strength: int, troops_left_total: int, override: int | None = None
) -> Adjustment:
    """Round 3's strength after the 90 % rule.

    If players × strength is more than 90 % of the troops left, the strength drops to the largest
    whole S with players × S ≤ 90 % of the troops left. The facilitator may ``override`` with any
    strength at or below that.
    """
    limit = (ROUND3_LIMIT * troops_left_total) // players  # floor of 0.9·T / N, exact
    allowed = min(strength, int(limit))
    if override is not None:
        check_strength(override, "round 3 override", minimum=0)
        if override > allowed:
            raise MeltingPotError(
                f"round 3 override: the strength may only be lowered, to {allowed} or less;"
                f" got {override}"
            )
        allowed = override
    return Adjustment(allowed, None if allowed == strength else strength)


# --------------------------------------------------------------------------- slips


@dataclass(frozen=True)
class SlipReading:
    """How one slip was read: what was written, the troops it counts as, and why."""

    written: str | None
    value: int
    note: str

    @property
    def shown(self) -> str:
        """The reading as the facilitator sees it, e.g. ``"120 → 85, all troops left"``."""
        written = "blank" if self.written is None or not self.written.strip() else self.written
        text = f"{written} → {self.value}"
        return f"{text}, {self.note}" if self.note else text


def written_form(slip: Slip) -> str | None:
    """The slip as text, the way it is stored: None for a blank slip."""
    if slip is None:
        return None
    if isinstance(slip, bool):
        return str(slip).lower()
    return str(slip)


def read_slip(slip: Slip, troops_left: int) -> SlipReading:
    """Read a slip: blank or invalid → 0; above the troops left → all troops left.

    Valid means a whole number in plain digits (ASCII or full-width, the rule of
    league.numbers), nothing else: negative numbers, fractions, words, several numbers or other
    digit characters (², ①) are invalid.
    """
    written = written_form(slip)
    if written is None or not written.strip():
        return SlipReading(written, 0, "blank")
    number: int | None = None
    if isinstance(slip, int) and not isinstance(slip, bool):
        number = slip if slip >= 0 else None
    elif isinstance(slip, str):
        number = whole_number(slip)
        if number is None and normalise_digits(slip.strip()).isascii() \
                and normalise_digits(slip.strip()).isdigit():
            number = troops_left + 1  # digits beyond any count: more than the troops left
    if number is None:
        return SlipReading(written, 0, "invalid")
    if number > troops_left:
        return SlipReading(written, troops_left, "all troops left")
    return SlipReading(written, number, "")


# --------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class RoundResult:
    """One round scored. Mappings are keyed by player name, in seating order."""

    players: tuple[str, ...]
    k: int
    strength: int
    adjusted_from: int | None
    enemy_force: int
    readings: Mapping[str, SlipReading]
    read: Mapping[str, int]
    total: int
    victory: bool
    average: Fraction
    closest: tuple[str, ...]
    top_points: Mapping[str, int]
    closest_points: Mapping[str, int]
    penalties: Mapping[str, int]
    cancelled: tuple[str, ...]
    points: Mapping[str, int]
    troops_before: Mapping[str, int]
    troops_left: Mapping[str, int]


def _places(read: Mapping[str, int]) -> list[tuple[int, int, list[str]]]:
    """Group players by commitment, highest first: (first place, last place, names)."""
    groups: list[tuple[int, int, list[str]]] = []
    place = 0
    for value in sorted(set(read.values()), reverse=True):
        names = [name for name, v in read.items() if v == value]
        groups.append((place + 1, place + len(names), names))
        place += len(names)
    return groups


def _overlap(first: int, last: int, low: int, high: int) -> int:
    return max(0, min(last, high) - max(first, low) + 1)


def _share(award: int, places: int, people: int) -> int:
    """One group's share of ``places`` awards, split equally, fraction dropped toward zero."""
    return int(Fraction(award * places, people))


def score_round(
    strength: int,
    slips: Mapping[str, Slip],
    troops_left: Mapping[str, int] | None = None,
    *,
    house_k: int | None = None,
    adjusted_from: int | None = None,
) -> RoundResult:
    """Read every slip, fight the battle and score the round.

    ``slips`` gives every player's slip in seating order; ``troops_left`` the troops each had
    before the round (default 100 each).
    """
    players = check_players(list(slips))
    if tuple(slips) != players:
        slips = {name.strip(): slip for name, slip in slips.items()}
    strength = check_strength(strength, "", minimum=0)
    k = k_for(len(players), house_k)
    before = _troops_before(players, troops_left)

    readings = {name: read_slip(slips[name], before[name]) for name in players}
    read = {name: readings[name].value for name in players}
    total = sum(read.values())
    count = len(players)
    force = enemy_force(count, strength)
    victory = total >= force
    average = Fraction(total, count)

    distance = {name: abs(read[name] - average) for name in players}
    nearest = min(distance.values())
    closest = tuple(name for name in players if distance[name] == nearest)
    closest_points = {name: _share(strength, 1, len(closest)) if name in closest else 0
                      for name in players}

    top_award = 2 * strength if victory else strength
    top_points = dict.fromkeys(players, 0)
    penalties = dict.fromkeys(players, 0)
    for first, last, names in _places(read):
        for name in names:
            top_points[name] = _share(top_award, _overlap(first, last, 1, k), len(names))
            if not victory:
                bottom = _overlap(first, last, count - k + 1, count)
                penalties[name] = _share(-2 * strength, bottom, len(names))

    cancelled: tuple[str, ...] = ()
    if not victory:
        threshold = min(read[name] for name in closest)
        cancelled = tuple(
            name for name in players if penalties[name] and read[name] >= threshold
        )
        for name in cancelled:
            penalties[name] = 0

    points = {name: top_points[name] + closest_points[name] + penalties[name] for name in players}
    after = {name: before[name] - read[name] for name in players}
    return RoundResult(
        players=players, k=k, strength=strength, adjusted_from=adjusted_from,
        enemy_force=force, readings=readings, read=read, total=total, victory=victory,
        average=average, closest=closest, top_points=top_points,
        closest_points=closest_points, penalties=penalties, cancelled=cancelled,
        points=points, troops_before=before, troops_left=after,
    )


def _troops_before(
    players: tuple[str, ...], troops_left: Mapping[str, int] | None
) -> dict[str, int]:
    given = dict(troops_left or {})
    for name in given:
        if name not in players:
            raise MeltingPotError(f"troops left: {name!r} is not one of the players")
    before: dict[str, int] = {}
    for name in players:
        value = given.get(name, STARTING_TROOPS)
        if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value <= STARTING_TROOPS
        ):
            raise MeltingPotError(
                f"troops left of {name!r}: must be a whole number from 0 to {STARTING_TROOPS},"
                f" got {value!r}"
            )
        before[name] = value
    return before


# --------------------------------------------------------------------------- a whole event


@dataclass(frozen=True)
class EventSetup:
    """What the facilitator fixes before round 1."""

    players: tuple[str, ...]
    strengths: tuple[int, int, int]
    house_k: int | None = None
    procedure: Procedure = "current"

    @property
    def k(self) -> int:
        return k_for(len(self.players), self.house_k)


def make_setup(
    players: Sequence[str],
    strengths: Sequence[object],
    house_k: int | None = None,
    procedure: str = "current",
) -> EventSetup:
    """Validate the facilitator's choices and return an :class:`EventSetup`."""
    names = check_players(players)
    k_for(len(names), house_k)
    if len(strengths) != ROUNDS:
        raise MeltingPotError(f"strengths: need {ROUNDS} (one per round), got {len(strengths)}")
    fixed = tuple(check_strength(s, f"round {i}") for i, s in enumerate(strengths, start=1))
    if procedure not in PROCEDURES:
        raise MeltingPotError(
            f"reveal procedure must be one of {', '.join(PROCEDURES)}, got {procedure!r}"
        )
    return EventSetup(names, (fixed[0], fixed[1], fixed[2]), house_k, procedure)  # type: ignore[arg-type]


def round_strength(
    setup: EventSetup,
    round_no: int,
    troops_left: Mapping[str, int],
    override: int | None = None,
) -> Adjustment:
    """The strength round ``round_no`` is played at (round 3 after the 90 % rule)."""
    planned = setup.strengths[round_no - 1]
    if round_no != ROUNDS:
        return Adjustment(planned)
    return adjust_round3(len(setup.players), planned, sum(troops_left.values()), override)


def run_rounds(
    setup: EventSetup,
    rounds: Sequence[Mapping[str, Slip]],
    round3_override: int | None = None,
) -> tuple[RoundResult, ...]:
    """Score the rounds played so far (0 to 3), carrying troops left from round to round."""
    if len(rounds) > ROUNDS:
        raise MeltingPotError(f"rounds: a game has {ROUNDS} rounds, got {len(rounds)}")
    troops = dict.fromkeys(setup.players, STARTING_TROOPS)
    results: list[RoundResult] = []
    for round_no, slips in enumerate(rounds, start=1):
        for name in slips:
            if name not in setup.players:
                raise MeltingPotError(f"round {round_no}: {name!r} is not one of the players")
        missing = [name for name in setup.players if name not in slips]
        if missing:
            raise MeltingPotError(
                f"round {round_no}: no slip for {', '.join(map(repr, missing))}"
                " (a blank slip is written as null)"
            )
        adjustment = round_strength(setup, round_no, troops, round3_override)
        ordered = {name: slips[name] for name in setup.players}
        result = score_round(
            adjustment.strength, ordered, troops,
            house_k=setup.house_k, adjusted_from=adjustment.adjusted_from,
        )
        results.append(result)
        troops = dict(result.troops_left)
    return tuple(results)


@dataclass(frozen=True)
class FinalScore:
    """A player's end of game: round points + troops left = score."""

    points: int
    troops_left: int
    score: int


@dataclass(frozen=True)
class EventResult:
    """A finished game: the three rounds, everyone's final score and the winners."""

    rounds: tuple[RoundResult, ...]
    final: Mapping[str, FinalScore]
    winners: tuple[str, ...]


def final_scores(players: Sequence[str], rounds: Sequence[RoundResult]) -> dict[str, FinalScore]:
    """Points summed over ``rounds`` plus the troops left after the last of them."""
    final: dict[str, FinalScore] = {}
    for name in players:
        points = sum(r.points[name] for r in rounds)
        troops = rounds[-1].troops_left[name] if rounds else STARTING_TROOPS
        final[name] = FinalScore(points, troops, points + troops)
    return final


def winners(final: Mapping[str, FinalScore]) -> tuple[str, ...]:
    """Everyone with the highest final score (equal scores share the win)."""
    best = max(f.score for f in final.values())
    return tuple(name for name, f in final.items() if f.score == best)


def play_event(
    setup: EventSetup,
    rounds: Sequence[Mapping[str, Slip]],
    round3_override: int | None = None,
) -> EventResult:
    """Play a whole game of exactly three rounds."""
    if len(rounds) != ROUNDS:
        raise MeltingPotError(f"rounds: a game has exactly {ROUNDS} rounds, got {len(rounds)}")
    results = run_rounds(setup, rounds, round3_override)
    final = final_scores(setup.players, results)
    return EventResult(results, final, winners(final))


def ranking(scores: Mapping[str, int]) -> list[tuple[int, str, int]]:
    """Competition ranking, highest first: (place, name, score); equal scores share a place."""
    ordered = sorted(scores.items(), key=lambda item: -item[1])
    rows: list[tuple[int, str, int]] = []
    for index, (name, score) in enumerate(ordered):
        place = rows[-1][0] if rows and rows[-1][2] == score else index + 1
        rows.append((place, name, score))
    return rows


# --------------------------------------------------------------------------- the public reveal


@dataclass(frozen=True)
class RevealStep:
    """One step of the public reveal. Never holds a name and an amount together:
    ``names`` are shown with a place, ``amount`` is shown alone."""

    title: str
    names: tuple[str, ...] = ()
    amount: int | None = None
    detail: str = ""


def ordinal(place: int) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th"."""
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def reveal_steps(result: RoundResult, procedure: str) -> tuple[RevealStep, ...]:
    """The public reveal of a round, one announcement per step, in the chosen procedure.

    Current rule: every place from last to first (names only), then the total and the
    result, then the player(s) closest to the average. Original rule: every commitment in
    ascending order (numbers only), then the total and the result.
    """
    outcome = "VICTORY" if result.victory else "DEFEAT"
    versus = f"enemy force {result.enemy_force}: {outcome}"
    if procedure == "original":
        ascending = sorted(result.read.values())
        steps = [
            RevealStep(f"Commitment {i} of {len(ascending)}", amount=value)
            for i, value in enumerate(ascending, start=1)
        ]
        steps.append(RevealStep("Total committed", amount=result.total, detail=versus))
        return tuple(steps)
    if procedure != "current":
        raise MeltingPotError(f"reveal procedure must be one of {', '.join(PROCEDURES)}")
    steps = [
        RevealStep(f"{ordinal(first)} place" + (" (shared)" if len(names) > 1 else ""),
                   names=tuple(names))
        for first, _last, names in reversed(_places(result.read))
    ]
    steps.append(RevealStep("Total committed", amount=result.total, detail=versus))
    steps.append(RevealStep("Closest to the average", names=result.closest))
    return tuple(steps)
