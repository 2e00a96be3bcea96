"""The thin, Textual-free service the Melting Pot screens call.

It turns what the facilitator typed into league calls, keeps the stored event moving through
its stages (slip entry → reveal → scoreboard → next round … → finished) and builds the
public board, the only thing the projector ever shows. Screens never touch SQL.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from league.melting_pot import (
    GUIDELINE_STRENGTHS,
    PROCEDURE_LABELS,
    ROUNDS,
    STARTING_TROOPS,
    Adjustment,
    FinalScore,
    MeltingPotError,
    RevealStep,
    RoundResult,
    SlipReading,
    final_scores,
    k_for,
    make_setup,
    ordinal,
    ranking,
    read_slip,
    reveal_steps,
    round_strength,
    winners,
)
from sqlalchemy.exc import SQLAlchemyError

from storage.troop_store import EventSummary, StoredEvent, TroopStore, TroopStoreError


class TroopInputError(ValueError):
    """Something the facilitator typed that cannot be used; the message says what."""


@dataclass(frozen=True)
class PublicBoard:
    """What the projector shows: a heading, one big line, and plain lines. Nothing secret."""

    heading: str
    big: str
    lines: tuple[str, ...]
    hint: str = ""


def guideline_text(round_no: int) -> str:
    low, high = GUIDELINE_STRENGTHS[round_no - 1]
    return f"guideline {low}–{high}"


def step_text(step: RevealStep) -> str:
    """A reveal step as one public line: names with a place, or an amount alone."""
    if step.names:
        return f"{step.title}: {', '.join(step.names)}"
    detail = f" — {step.detail}" if step.detail else ""
    return f"{step.title}: {step.amount}{detail}"


def _whole(text: str, what: str) -> int:
    from league.numbers import whole_number

    number = whole_number(text)
    if number is None:
        raise TroopInputError(f"{what}: type a whole number, not {text.strip()!r}")
    return number


class TroopService:
    """Everything the event screens need, over one :class:`TroopStore`."""

    def __init__(self, db_url: str | None = None) -> None:
        self.store = TroopStore(db_url)

    def close(self) -> None:
        self.store.close()

    # ------------------------------------------------------------------ events

    def events_to_resume(self) -> list[EventSummary]:
        return self.store.events(unfinished_only=True)

    def load(self, event_id: int) -> StoredEvent:
        return self.store.load_event(event_id)

    def resume(self, event_id: int) -> StoredEvent:
        """Load an event to carry on with it; a damaged one is refused with a clear message."""
        try:
            event = self.store.load_event(event_id)
            event.results()
        except (TroopStoreError, MeltingPotError) as error:
            raise TroopInputError(f"event {event_id} cannot be resumed: {error}") from None
        return event

    def create_event(
        self,
        *,
        title: str,
        players_text: str,
        strength_texts: tuple[str, str, str],
        procedure: str,
        house_k_text: str = "",
    ) -> StoredEvent:
        """Create an event from the setup form; raises TroopInputError/MeltingPotError."""
        names = [name.strip() for name in players_text.replace("\n", ",").split(",")]
        names = [name for name in names if name]
        strengths = [_whole(text, f"round {i} strength")
                     for i, text in enumerate(strength_texts, start=1)]
        house_k = _whole(house_k_text, "house-rule k") if house_k_text.strip() else None
        setup = make_setup(names, strengths, house_k, procedure)
        event_id = self.store.create_event(title=title, setup=setup)
        return self.load(event_id)

    @staticmethod
    def players_hint(players_text: str, house_k_text: str = "") -> str:
        """A live line under the players field: how many, and the k the rules give."""
        names = [n for n in (x.strip() for x in players_text.replace("\n", ",").split(",")) if n]
        try:
            house_k = int(house_k_text) if house_k_text.strip().isdigit() else None
            return f"{len(names)} players, k = {k_for(len(names), house_k)}"
        except MeltingPotError as error:
            return f"{len(names)} players: {error}"

    # ------------------------------------------------------------------ rounds

    def results(self, event: StoredEvent) -> tuple[RoundResult, ...]:
        return event.results()

    def troops_before(self, event: StoredEvent) -> dict[str, int]:
        """Troops each player has at the start of the current round."""
        if event.current_round == 1:
            return dict.fromkeys(event.setup.players, STARTING_TROOPS)
        return dict(event.results()[event.current_round - 2].troops_left)

    def strength(self, event: StoredEvent) -> Adjustment:
        """The current round's strength (round 3 after the 90 % rule and any override)."""
        override = event.round3_override if event.current_round == ROUNDS else None
        return round_strength(event.setup, event.current_round, self.troops_before(event),
                              override)

    def enter_slip(self, event: StoredEvent, player: str, text: str) -> tuple[StoredEvent, SlipReading]:
        """Read and store one slip of the current round (its own transaction)."""
        if event.stage != "entry":
            raise TroopInputError(f"round {event.current_round}: the battle has been fought")
        if player not in event.setup.players:
            raise TroopInputError(f"{player!r} is not a player of this event")
        written = text if text.strip() else None
        reading = read_slip(written, self.troops_before(event)[player])
        try:
            self.store.save_slip(event_id=event.id, round_no=event.current_round,
                                 player=player, reading=reading)
        except SQLAlchemyError as error:
            raise TroopInputError(
                f"{player}'s slip was NOT saved (database error: {type(error).__name__});"
                " enter it again"
            ) from None
        return self.load(event.id), reading

    def missing_slips(self, event: StoredEvent) -> list[str]:
        entered = event.slips_of(event.current_round)
        return [name for name in event.setup.players if name not in entered]

    def lower_round3(self, event: StoredEvent, text: str) -> StoredEvent:
        """The facilitator lowers round 3's strength below the rules' value (blank: undo)."""
        if event.current_round != ROUNDS or event.stage != "entry":
            raise TroopInputError("the strength can only be lowered in round 3 before the battle")
        value = _whole(text, "round 3 strength") if text.strip() else None
        if value is not None:
            round_strength(event.setup, ROUNDS, self.troops_before(event), value)
        self.store.set_round3_override(event_id=event.id, strength=value)
        return self.load(event.id)

    def fight(self, event: StoredEvent) -> StoredEvent:
        """Run the battle once every slip is in; the reveal starts."""
        missing = self.missing_slips(event)
        if missing:
            raise TroopInputError(f"no slip yet from {', '.join(missing)}")
        self.store.set_progress(event_id=event.id, current_round=event.current_round,
                                stage="reveal", reveal_step=0)
        return self.load(event.id)

    def current_result(self, event: StoredEvent) -> RoundResult:
        return event.results()[event.current_round - 1]

    def steps(self, event: StoredEvent) -> tuple[RevealStep, ...]:
        return reveal_steps(self.current_result(event), event.setup.procedure)

    def advance(self, event: StoredEvent) -> StoredEvent:
        """One step on: next reveal step, then the scoreboard, then the next round or the end."""
        if event.stage == "reveal":
            if event.reveal_step < len(self.steps(event)):
                self.store.set_progress(event_id=event.id, current_round=event.current_round,
                                        stage="reveal", reveal_step=event.reveal_step + 1)
            else:
                self.store.set_progress(event_id=event.id, current_round=event.current_round,
                                        stage="scoreboard")
        elif event.stage == "scoreboard":
            if event.current_round == ROUNDS:
                self.store.set_progress(event_id=event.id, current_round=ROUNDS,
                                        stage="finished")
            else:
                self.store.set_progress(event_id=event.id, current_round=event.current_round + 1,
                                        stage="entry")
        return self.load(event.id)

    def points_so_far(self, event: StoredEvent) -> dict[str, int]:
        results = event.results()
        return {name: sum(r.points[name] for r in results) for name in event.setup.players}

    def final(self, event: StoredEvent) -> dict[str, FinalScore]:
        return final_scores(event.setup.players, event.results())

    # ------------------------------------------------------------------ exports

    def export(self, event: StoredEvent, folder: Path) -> tuple[Path, Path]:
        """Write the CSV and the Markdown summary into ``folder``; return both paths."""
        folder.mkdir(parents=True, exist_ok=True)
        stem = f"melting-pot-{event.id}"
        csv_path, md_path = folder / f"{stem}.csv", folder / f"{stem}.md"
        csv_path.write_text(self.store.export_csv(event.id), encoding="utf-8")
        md_path.write_text(self.store.export_markdown(event.id), encoding="utf-8")
        return csv_path, md_path

    # ------------------------------------------------------------------ the projector

    def public_board(self, event: StoredEvent) -> PublicBoard:
        """The projector's content for the event's stage. Never a name next to an amount."""
        n = event.current_round
        if event.stage == "entry":
            adjustment = self.strength(event)
            forces = []
            for round_no in range(1, ROUNDS + 1):
                strength = event.setup.strengths[round_no - 1]
                if round_no == n:
                    strength = adjustment.strength
                force = len(event.setup.players) * strength
                mark = "  ◀ now" if round_no == n else ""
                forces.append(f"Round {round_no}: enemy force {force}{mark}")
            if adjustment.adjusted_from is not None:
                old = len(event.setup.players) * adjustment.adjusted_from
                forces.append(f"Round 3 adjusted: enemy force {old} → "
                              f"{len(event.setup.players) * adjustment.strength}")
            received = len(event.slips_of(n))
            forces.append(f"Slips received: {received} of {len(event.setup.players)}")
            return PublicBoard(f"Round {n} — hand in your slips",
                               str(len(event.setup.players) * adjustment.strength),
                               tuple(forces), "enemy force")
        if event.stage == "reveal":
            steps = self.steps(event)
            shown = steps[: event.reveal_step]
            big = "…" if not shown else (
                ", ".join(shown[-1].names) if shown[-1].names else str(shown[-1].amount))
            label = PROCEDURE_LABELS[event.setup.procedure].split(":")[0]
            return PublicBoard(f"Round {n} — the reveal ({label})", big,
                               tuple(step_text(s) for s in shown),
                               f"step {event.reveal_step} of {len(steps)}")
        if event.stage == "scoreboard":
            lines = tuple(f"{place:>2}. {name}: {points} points"
                          for place, name, points in ranking(self.points_so_far(event)))
            result = self.current_result(event)
            big = "VICTORY" if result.victory else "DEFEAT"
            return PublicBoard(f"Scoreboard after round {n}", big, lines, "points so far")
        final = self.final(event)
        lines = tuple(f"{ordinal(place)}: {name} — {score}"
                      for place, name, score in ranking({k: f.score for k, f in final.items()}))
        return PublicBoard("Final ranking", " & ".join(winners(final)), lines,
                           "final score = points + troops left")
