"""The thin, Textual-free service the Melting Pot screens and `impact troop` call.

It turns what the facilitator typed into league calls, keeps the stored event moving through
its stages (slip entry → reveal → scoreboard → next round … → finished) and builds the
public board, the only thing the projector ever shows. Screens never touch SQL.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from league.troop.rules import (
    GUIDELINE_STRENGTHS,
    ROUNDS,
    STARTING_TROOPS,
    Adjustment,
    FinalScore,
    MeltingPotError,
    RevealStep,
    RoundResult,
    SlipReading,
    check_players,
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
from storage.troop_store import (
    EventSummary,
    ExportWords,
    LogEntry,
    StoredEvent,
    StoredSlip,
    TroopStore,
    TroopStoreError,
)
from tui.labels import mp

# what opening an event database may fail with (a bad URL, a database gone, a file not writable)
OPEN_ERRORS: tuple[type[Exception], ...] = (ArgumentError, SQLAlchemyError, OSError)

# how a slip that was not a plain number within the troops left is marked in the facilitator's
# table: the mark, never the amount
WARNINGS = {"blank": "mp_warn_blank", "invalid": "mp_warn_invalid",
            "all troops left": "mp_warn_capped"}


_NOTES_JA = {"blank": "白紙", "invalid": "無効", "all troops left": "残り兵力すべて"}


def note_text(note: str, japanese: bool = False) -> str:
    """A slip reading's note (league.troop.rules writes it in English) in the label language."""
    return _NOTES_JA.get(note, note) if japanese else note


def reading_text(reading: SlipReading, japanese: bool = False) -> str:
    """How a slip was read, in the label language: 「120 → 85、残り兵力すべて」."""
    if not japanese:
        return reading.shown
    written = ("白紙" if reading.written is None or not reading.written.strip()
               else reading.written)
    text = f"{written} → {reading.value}"
    return f"{text}、{note_text(reading.note, True)}" if reading.note else text


_SHOWN = re.compile(r"(?P<w>.*) → (?P<v>\d+)(?:, (?P<n>blank|invalid|all troops left))?")
_LOG_JA: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), ja) for p, ja in (
    (r"(?P<p>.+)'s slip corrected: (?P<a>.+) ⇒ (?P<b>.+)", "{p} の投入票を訂正: {a} ⇒ {b}"),
    (r"round 3 strength changed from (?P<a>\d+) to (?P<b>\d+) with (?P<n>\d+) slips in",
     "第3ラウンドの強さを {a} から {b} に変更 (投入票 {n} 枚記入済み)"),
    (r"round 3 strength changed from (?P<a>\d+) to (?P<b>\d+)", "第3ラウンドの強さを {a} から {b} に変更"),
    (r"(?P<a>.+) moved from seat (?P<s>\d+) to seat (?P<t>\d+)", "{a} の席を {s} から {t} に移動"),
    (r"(?P<a>.+) renamed (?P<b>.+)", "{a} の名前を {b} に変更"),
))


def _shown_ja(shown: str) -> str:
    m = _SHOWN.fullmatch(shown)
    if m is None:
        return shown
    written = "白紙" if m.group("w") == "blank" else m.group("w")
    note = f"、{note_text(m.group('n'), True)}" if m.group("n") else ""
    return f"{written} → {m.group('v')}{note}"


def log_text(text: str, japanese: bool = False) -> str:
    """An entry of the event's log (stored in English words) in the label language; the names
    and slips in it are kept as they were written."""
    if not japanese:
        return text
    for pattern, ja in _LOG_JA:
        m = pattern.fullmatch(text)
        if m is not None:
            values = dict(m.groupdict())
            for key in ("a", "b"):
                if "slip corrected" in pattern.pattern and key in values:
                    values[key] = _shown_ja(values[key])
            return ja.format(**values)
    return text


def export_words(japanese: bool) -> ExportWords:
    """The exported files' words in the label language (English: storage's own)."""
    if not japanese:
        return ExportWords()
    return ExportWords(
        lang="ja",
        columns=("ラウンド", "強さ", "敵の兵力", "結果", "プレイヤー", "記入", "読み", "読み方",
                 "得点", "残り兵力", "最終得点"),
        final="最終", victory="勝利", defeat="敗北", blank="白紙",
        players="- プレイヤー: {n} 人 ({names})、k = {k}",
        strengths="- 強さ: {strengths}",
        reveal="- 公開: {procedure}",
        procedures={"current": mp("mp_pub_rule_current", True),
                    "original": mp("mp_pub_rule_original", True)},
        status="- 状況: {status}", finished="終了", in_round="第{round}ラウンド、{stage}",
        stages={"entry": "投入票の記入", "reveal": "公開", "scoreboard": "得点発表",
                "finished": "終了"},
        round_heading="第{round}ラウンド", adjusted=" ({old} から調整)",
        round_line=("強さ {strength}{adjusted}、敵の兵力 {force}、投入合計 {total}: {outcome}。"
                    "平均 {average}、最も近い: {closest}。"),
        round_columns=("プレイヤー", "投入票", "読み", "得点", "残り兵力"),
        sheet_slip="書かれた投入票",
        final_heading="最終順位", final_columns=("順位", "プレイヤー", "得点", "残り兵力", "最終得点"),
        winner="勝者: {names}", winners="勝者: {names}",
        started="開始 {at}。{n} 人、k = {k}、強さ {strengths}、{procedure}で公開、{status}。",
        players_heading="プレイヤー", seat_columns=("席", "プレイヤー"),
        log_heading="記録", log_line="{at} 第{round}ラウンド: {text}",
        reading=lambda reading: reading_text(reading, True),
        note=lambda note: note_text(note, True),
        log=lambda text: log_text(text, True))


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


def _step_title(title: str, japanese: bool) -> str:
    """A reveal step's title (league.troop.rules writes it in English) in the label language."""
    if not japanese:
        return title
    place = re.fullmatch(r"(\d+)\w\w place( \(shared\))?", title)
    if place:
        return (mp("mp_step_place", True, place=place.group(1))
                + (mp("mp_step_shared", True) if place.group(2) else ""))
    commitment = re.fullmatch(r"Commitment (\d+) of (\d+)", title)
    if commitment:
        return mp("mp_step_commitment", True, i=commitment.group(1), n=commitment.group(2))
    return {"Total committed": mp("mp_step_total", True),
            "Closest to the average": mp("mp_step_closest", True)}.get(title, title)


def _step_detail(detail: str, japanese: bool) -> str:
    versus = re.fullmatch(r"enemy force (\d+): (VICTORY|DEFEAT)", detail)
    if not japanese or not versus:
        return detail
    outcome = mp("mp_victory" if versus.group(2) == "VICTORY" else "mp_defeat", True)
    return mp("mp_step_versus", True, force=versus.group(1), outcome=outcome)


def step_text(step: RevealStep, japanese: bool = False) -> str:
    """A reveal step as one public line: names with a place, or an amount alone."""
    title = _step_title(step.title, japanese)
    if step.names:
        return f"{title}: {', '.join(step.names)}"
    detail = f" — {_step_detail(step.detail, japanese)}" if step.detail else ""
    return f"{title}: {step.amount}{detail}"


def slip_mark(slip: StoredSlip | None, japanese: bool = False) -> str:
    """The slip column of the facilitator's table: whether a slip is in, ⚠ for one that was
    blank, invalid or capped — never the amount."""
    if slip is None:
        return "—"
    warning = WARNINGS.get(slip.note)
    return f"⚠ {mp(warning, japanese)}" if warning else mp("mp_mark_entered", japanese)


def slip_warning(player: str, reading: SlipReading, japanese: bool = False) -> str | None:
    """What to confirm before storing a slip that is blank, invalid or above the troops left."""
    key = {"blank": "mp_confirm_blank", "invalid": "mp_confirm_invalid",
           "all troops left": "mp_confirm_capped"}.get(reading.note)
    if key is None:
        return None
    return mp(key, japanese, player=player, written=repr(reading.written))


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
    def players_hint(players_text: str, house_k_text: str = "", *, japanese: bool = False) -> str:
        """A live line under the players field: how many, and the k the rules give."""
        names = [n for n in (x.strip() for x in players_text.replace("\n", ",").split(",")) if n]
        try:
            house_k = int(house_k_text) if house_k_text.strip().isdigit() else None
            return mp("mp_players_count", japanese, n=len(names),
                      k=k_for(len(names), house_k))
        except MeltingPotError as error:
            from tui.refusals import refusal
            return (f"{len(names)} 人: " if japanese else f"{len(names)} players: ") + refusal(
                str(error), japanese)

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

    def preview_slip(self, event: StoredEvent, player: str, text: str) -> SlipReading:
        """How a slip would be read, without storing it (to confirm a doubtful one first)."""
        if player not in event.setup.players:
            raise TroopInputError(f"{player!r} is not a player of this event")
        written = text if text.strip() else None
        return read_slip(written, self.troops_before(event)[player])

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

    def slips_in(self, event: StoredEvent) -> int:
        return len(event.slips_of(event.current_round))

    def lower_round3(self, event: StoredEvent, text: str, *, confirmed: bool = False) -> StoredEvent:
        """The facilitator lowers round 3's strength below the rules' value (blank: undo).
        Once slips are in (chosen against the announced force) only with ``confirmed``."""
        if event.current_round != ROUNDS or event.stage != "entry":
            raise TroopInputError("the strength can only be lowered in round 3 before the battle")
        value = _whole(text, "round 3 strength") if text.strip() else None
        before = self.strength(event).strength
        after = round_strength(event.setup, ROUNDS, self.troops_before(event), value)
        if self.slips_in(event) and not confirmed and after.strength != before:
            raise TroopInputError(
                f"{self.slips_in(event)} slips are in, chosen against strength {before}:"
                " confirm to change it")
        note = ""
        if after.strength != before:
            note = (f"round 3 strength changed from {before} to {after.strength}"
                    + (f" with {self.slips_in(event)} slips in" if self.slips_in(event) else ""))
        self.store.set_round3_override(event_id=event.id, strength=value, note=note)
        return self.load(event.id)

    def edit_players(self, event: StoredEvent, players: list[tuple[str, str]]) -> StoredEvent:
        """Rename and re-seat players after setup: (old name, new name) in the new seat order."""
        new_names = check_players([new for _, new in players])
        try:
            self.store.edit_players(event_id=event.id, players=[
                (old, new) for (old, _), new in zip(players, new_names)])
        except TroopStoreError as error:
            raise TroopInputError(str(error)) from None
        return self.load(event.id)

    def log(self, event: StoredEvent) -> list[LogEntry]:
        return self.store.log(event.id)

    def follow(self, event_id: int | None) -> StoredEvent | None:
        """The event the projector shows: ``event_id``, else the one changed last."""
        wanted = event_id if event_id is not None else self.store.latest_event_id()
        if wanted is None:
            return None
        return self.store.load_event(wanted)

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

    def export(self, event: StoredEvent, folder: Path,
               japanese: bool = False) -> tuple[Path, Path, Path]:
        """Write the CSV, the Markdown summary and the printable HTML record sheet into
        ``folder``, in the label language; return the three paths."""
        words = export_words(japanese)
        folder.mkdir(parents=True, exist_ok=True)
        stem = f"melting-pot-{event.id}"
        csv_path, md_path = folder / f"{stem}.csv", folder / f"{stem}.md"
        html_path = folder / f"{stem}.html"
        csv_path.write_text(self.store.export_csv(event.id, words), encoding="utf-8")
        md_path.write_text(self.store.export_markdown(event.id, words), encoding="utf-8")
        html_path.write_text(self.store.export_html(event.id, words), encoding="utf-8")
        return csv_path, md_path, html_path

    # ------------------------------------------------------------------ the projector

    def public_board(self, event: StoredEvent, *, show_missing: bool = False,
                     japanese: bool = False) -> PublicBoard:
        """The projector's content for the event's stage, in the label language. Never a name
        next to an amount; ``show_missing`` lists who has not handed in a slip (names only)
        during slip entry."""
        ja = japanese
        n = event.current_round
        players = len(event.setup.players)
        if event.stage == "entry":
            adjustment = self.strength(event)
            forces = []
            for round_no in range(1, ROUNDS + 1):
                strength = event.setup.strengths[round_no - 1]
                if round_no == n:
                    strength = adjustment.strength
                forces.append(mp("mp_pub_force_line", ja, round=round_no,
                                 force=players * strength,
                                 now=mp("mp_pub_now", ja) if round_no == n else ""))
            if adjustment.adjusted_from is not None:
                forces.append(mp("mp_pub_adjusted", ja, old=players * adjustment.adjusted_from,
                                 new=players * adjustment.strength))
            forces.append(mp("mp_pub_received", ja, n=len(event.slips_of(n)), players=players))
            missing = self.missing_slips(event)
            if show_missing and missing:
                forces.append(mp("mp_pub_missing", ja, names=", ".join(missing)))
            return PublicBoard(mp("mp_pub_round_heading", ja, round=n),
                               str(players * adjustment.strength),
                               tuple(forces), mp("mp_pub_enemy_force", ja))
        if event.stage == "reveal":
            steps = self.steps(event)
            shown = steps[: event.reveal_step]
            big = "…" if not shown else (
                ", ".join(shown[-1].names) if shown[-1].names else str(shown[-1].amount))
            rule = mp(f"mp_pub_rule_{event.setup.procedure}", ja)
            return PublicBoard(mp("mp_pub_reveal_heading", ja, round=n, rule=rule), big,
                               tuple(step_text(s, ja) for s in shown),
                               mp("mp_pub_step", ja, step=event.reveal_step, steps=len(steps)))
        if event.stage == "scoreboard":
            lines = tuple(mp("mp_pub_points_line", ja, place=place, name=name, points=points)
                          for place, name, points in ranking(self.points_so_far(event)))
            result = self.current_result(event)
            big = mp("mp_victory" if result.victory else "mp_defeat", ja)
            return PublicBoard(mp("mp_pub_score_heading", ja, round=n), big, lines,
                               mp("mp_pub_points_hint", ja))
        final = self.final(event)
        lines = tuple(mp("mp_pub_final_line", ja, place=place, ordinal=ordinal(place), name=name,
                         score=score)
                      for place, name, score in ranking({k: f.score for k, f in final.items()}))
        return PublicBoard(mp("mp_pub_final_heading", ja), " & ".join(winners(final)), lines,
                           mp("mp_pub_final_hint", ja))
