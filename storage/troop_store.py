"""Stored Melting Pot events: setup, every slip as written and as read, progress, exports.

Each slip is committed in its own transaction the moment it is entered, so a crash or a
closed laptop mid-round loses nothing and the event resumes where it stopped. Rows stay in
here; the rest of the program sees :class:`StoredEvent` and league objects.
"""
from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

import platformdirs
from sqlalchemy import UniqueConstraint
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Field, Session, SQLModel, col, create_engine, select

from league.errors import LeagueError
from league.troop.rules import (
    EventSetup,
    RoundResult,
    SlipReading,
    final_scores,
    make_setup,
    ranking,
    run_rounds,
    winners,
)
from storage.rowbase import Row

STAGES = ("entry", "reveal", "scoreboard", "finished")


class TroopStoreError(ValueError):
    """A stored-event request that cannot be met (unknown event, unknown player…)."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


class TroopEventRow(Row, table=True):
    """One Melting Pot event: what was fixed before round 1 and how far it has got."""

    __tablename__ = "troop_event"

    id: Optional[int] = Field(default=None, primary_key=True)
    title: str
    created_at: datetime = Field(default_factory=_now)
    updated_at: datetime = Field(default_factory=_now)
    house_k: Optional[int] = None
    procedure: str = "current"
    strength1: int
    strength2: int
    strength3: int
    round3_override: Optional[int] = None
    current_round: int = 1
    stage: str = "entry"
    reveal_step: int = 0


class TroopPlayerRow(Row, table=True):
    """A player of an event, in seating order."""

    __tablename__ = "troop_player"
    __table_args__ = (
        UniqueConstraint("event_id", "seat", name="uq_troop_player_seat"),
        UniqueConstraint("event_id", "name", name="uq_troop_player_name"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="troop_event.id", ondelete="CASCADE", index=True)
    seat: int
    name: str


class TroopSlipRow(Row, table=True):
    """One slip: as written on the paper and as read under the rules."""

    __tablename__ = "troop_slip"
    __table_args__ = (
        UniqueConstraint("event_id", "round_no", "player_id", name="uq_troop_slip"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="troop_event.id", ondelete="CASCADE", index=True)
    player_id: int = Field(foreign_key="troop_player.id", ondelete="CASCADE")
    round_no: int
    written: Optional[str] = None
    read_value: int
    note: str = ""
    entered_at: datetime = Field(default_factory=_now)


class TroopLogRow(Row, table=True):
    """The event's log: corrections of slips, a changed round-3 strength, renamed or re-seated
    players — facilitator-only (a correction names the player and the amounts)."""

    __tablename__ = "troop_log"

    id: Optional[int] = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="troop_event.id", ondelete="CASCADE", index=True)
    at: datetime = Field(default_factory=_now)
    round_no: int
    text: str


# troop_log is created by create_all on an older database too (a new table, no new columns)
TROOP_TABLES = [TroopEventRow.__table__, TroopPlayerRow.__table__, TroopSlipRow.__table__,
                TroopLogRow.__table__]


@dataclass(frozen=True)
class StoredSlip:
    """A slip as stored."""

    written: str | None
    value: int
    note: str

    @property
    def reading(self) -> SlipReading:
        return SlipReading(self.written, self.value, self.note)


@dataclass(frozen=True)
class StoredEvent:
    """An event read back from the database, with its slips by round and player name."""

    id: int
    title: str
    created_at: datetime
    setup: EventSetup
    round3_override: int | None
    current_round: int
    stage: str
    reveal_step: int
    slips: Mapping[int, Mapping[str, StoredSlip]]

    def slips_of(self, round_no: int) -> Mapping[str, StoredSlip]:
        return self.slips.get(round_no, {})

    def played_rounds(self) -> int:
        """Rounds whose battle has been fought."""
        if self.stage == "finished":
            return 3
        return self.current_round - (1 if self.stage == "entry" else 0)

    def results(self) -> tuple[RoundResult, ...]:
        """The rounds fought so far, scored by the rules from the slips as written."""
        rounds = []
        for n in range(1, self.played_rounds() + 1):
            slips = self.slips_of(n)
            missing = [name for name in self.setup.players if name not in slips]
            if missing:
                raise TroopStoreError(
                    f"event {self.id}, round {n}: no slip stored for {', '.join(missing)}"
                )
            rounds.append({name: slips[name].written for name in self.setup.players})
        return run_rounds(self.setup, rounds, self.round3_override)


@dataclass(frozen=True)
class EventSummary:
    """A line in the list of events to resume."""

    id: int
    title: str
    created_at: datetime
    players: int
    current_round: int
    stage: str
    slips_in: int = 0   # slips handed in for the current round


@dataclass(frozen=True)
class LogEntry:
    """One line of an event's log."""

    at: datetime
    round_no: int
    text: str


LEGACY_FILE = "events.sqlite3"


def legacy_path() -> Path:
    """Where events were kept before they moved into the league database (not created)."""
    return Path(platformdirs.user_data_dir("impact-league")) / LEGACY_FILE


def default_url() -> str:
    """The league database: ``IMPACT_DB`` if set, else league.sqlite3 in the user data folder.

    Melting Pot events live in the same database as the league (one database, the one named)."""
    from storage.db import resolve_url

    return resolve_url(None)


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (a file path or an SQLAlchemy URL, as ``--db`` takes everywhere)
    with the troop tables created. SQLite gets the league database's foreign keys, WAL and
    busy timeout, so the event app and the league app can share the file."""
    from storage.db import make_engine as league_engine
    from storage.db import resolve_url

    engine = league_engine(resolve_url(url), migrate=False)
    SQLModel.metadata.create_all(engine, tables=TROOP_TABLES)
    return engine


def import_legacy_events(engine: Engine, legacy: Path) -> int:
    """Copy the events of the old separate events file into `engine`'s database (one
    transaction); an event already there (same title and start time) is not copied twice.
    Returns how many events were copied."""
    if not legacy.is_file():
        return 0
    old = create_engine(f"sqlite:///{legacy.resolve()}")
    try:
        with Session(old) as src:
            try:
                events = src.exec(select(TroopEventRow).order_by(col(TroopEventRow.id))).all()
            except SQLAlchemyError:
                return 0  # not an events file: nothing to bring over
            players = src.exec(select(TroopPlayerRow)).all()
            slips = src.exec(select(TroopSlipRow)).all()
    finally:
        old.dispose()
    copied = 0
    with Session(engine) as dst:
        have = {(r.title, _naive(r.created_at)) for r in dst.exec(select(TroopEventRow)).all()}
        for ev in events:
            if (ev.title, _naive(ev.created_at)) in have:
                continue
            row = TroopEventRow(**{k: getattr(ev, k) for k in _columns(TroopEventRow) if k != "id"})
            dst.add(row)
            dst.flush()
            assert row.id is not None      # given by the flush
            seat_ids: dict[int, int] = {}
            for p in (p for p in players if p.event_id == ev.id):
                prow = TroopPlayerRow(event_id=row.id, seat=p.seat, name=p.name)
                dst.add(prow)
                dst.flush()
                assert p.id is not None and prow.id is not None
                seat_ids[p.id] = prow.id
            for sl in (sl for sl in slips if sl.event_id == ev.id):
                dst.add(TroopSlipRow(event_id=row.id, player_id=seat_ids[sl.player_id],
                                     round_no=sl.round_no, written=sl.written,
                                     read_value=sl.read_value, note=sl.note,
                                     entered_at=sl.entered_at))
            copied += 1
        dst.commit()
    return copied


def _columns(model: Any) -> list[str]:
    return [c.name for c in model.__table__.columns]


def _naive(moment: datetime) -> datetime:
    return moment.replace(tzinfo=None)


class TroopStore:
    """Repository of Melting Pot events. One short session per unit of work."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        self.imported = 0
        if self._is_default_database():
            # events kept in the old separate file (before they moved into the league
            # database) are brought over on first open; the old file stays as it was
            try:
                self.imported = import_legacy_events(self.engine, legacy_path())
            except SQLAlchemyError:
                self.imported = 0

    def _is_default_database(self) -> bool:
        from storage.db import resolve_url

        default = Path(platformdirs.user_data_dir("impact-league")) / "league.sqlite3"
        try:
            return resolve_url(self.url) == f"sqlite:///{default.resolve()}"
        except LeagueError:
            return False

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------------ writing

    def create_event(self, *, title: str, setup: EventSetup) -> int:
        """Store a new event at round 1, slip entry; return its id."""
        with Session(self.engine) as session:
            row = TroopEventRow(
                title=title.strip() or "Melting Pot", house_k=setup.house_k,
                procedure=setup.procedure, strength1=setup.strengths[0],
                strength2=setup.strengths[1], strength3=setup.strengths[2],
            )
            session.add(row)
            session.flush()
            assert row.id is not None
            for seat, name in enumerate(setup.players, start=1):
                session.add(TroopPlayerRow(event_id=row.id, seat=seat, name=name))
            session.commit()
            return row.id

    def save_slip(
        self, *, event_id: int, round_no: int, player: str, reading: SlipReading
    ) -> None:
        """Store (or correct) one slip, committed on its own."""
        with Session(self.engine) as session:
            player_row = session.exec(
                select(TroopPlayerRow).where(
                    TroopPlayerRow.event_id == event_id, TroopPlayerRow.name == player
                )
            ).first()
            if player_row is None:
                raise TroopStoreError(f"event {event_id}: no player called {player!r}")
            slip = session.exec(
                select(TroopSlipRow).where(
                    TroopSlipRow.event_id == event_id,
                    TroopSlipRow.round_no == round_no,
                    TroopSlipRow.player_id == player_row.id,
                )
            ).first()
            if slip is None:
                assert player_row.id is not None
                slip = TroopSlipRow(event_id=event_id, player_id=player_row.id,
                                    round_no=round_no, read_value=0)
            else:
                before = SlipReading(slip.written, slip.read_value, slip.note).shown
                session.add(TroopLogRow(
                    event_id=event_id, round_no=round_no,
                    text=f"{player}'s slip corrected: {before} ⇒ {reading.shown}"))
            slip.written = reading.written
            slip.read_value = reading.value
            slip.note = reading.note
            slip.entered_at = _now()
            session.add(slip)
            event_row = self._event_row(session, event_id)
            event_row.updated_at = _now()
            session.add(event_row)
            session.commit()

    def set_progress(
        self,
        *,
        event_id: int,
        current_round: int,
        stage: str,
        reveal_step: int = 0,
    ) -> None:
        """Record how far the event has got."""
        if stage not in STAGES:
            raise TroopStoreError(f"event {event_id}: unknown stage {stage!r}")
        with Session(self.engine) as session:
            row = self._event_row(session, event_id)
            row.current_round = current_round
            row.stage = stage
            row.reveal_step = reveal_step
            row.updated_at = _now()
            session.add(row)
            session.commit()

    def set_round3_override(self, *, event_id: int, strength: int | None,
                            note: str = "") -> None:
        """Record the facilitator's lower round-3 strength (None: the rules' value); ``note``
        goes to the event's log."""
        with Session(self.engine) as session:
            row = self._event_row(session, event_id)
            row.round3_override = strength
            row.updated_at = _now()
            session.add(row)
            if note:
                session.add(TroopLogRow(event_id=event_id, round_no=row.current_round,
                                        text=note))
            session.commit()

    def edit_players(self, *, event_id: int, players: list[tuple[str, str]]) -> None:
        """Rename and re-seat the players: ``players`` is (old name, new name) in the new
        seating order, every player once. Slips follow their player. Logged."""
        with Session(self.engine) as session:
            event_row = self._event_row(session, event_id)
            rows = {p.name: p for p in session.exec(
                select(TroopPlayerRow).where(TroopPlayerRow.event_id == event_id)).all()}
            if sorted(old for old, _ in players) != sorted(rows):
                raise TroopStoreError(f"event {event_id}: the edit must list every player once")
            notes = []
            for seat, (old, new) in enumerate(players, start=1):
                row = rows[old]
                if old != new:
                    notes.append(f"{old} renamed {new}")
                if row.seat != seat:
                    notes.append(f"{new} moved from seat {row.seat} to seat {seat}")
            # two passes: the seats and names are unique within the event
            for offset, (old, _new) in enumerate(players, start=1):
                rows[old].seat = -offset
                rows[old].name = f" {offset} "  # never a real name: names are stripped
                session.add(rows[old])
            session.flush()
            for seat, (old, new) in enumerate(players, start=1):
                rows[old].seat = seat
                rows[old].name = new
                session.add(rows[old])
            for note in notes:
                session.add(TroopLogRow(event_id=event_id, round_no=event_row.current_round,
                                        text=note))
            event_row.updated_at = _now()
            session.add(event_row)
            session.commit()

    def delete_event(self, event_id: int) -> None:
        with Session(self.engine) as session:
            session.delete(self._event_row(session, event_id))
            session.commit()

    # ------------------------------------------------------------------ reading

    def load_event(self, event_id: int) -> StoredEvent:
        """The whole event as plain objects (safe to use after the session closed)."""
        with Session(self.engine) as session:
            row = self._event_row(session, event_id)
            players = session.exec(
                select(TroopPlayerRow).where(TroopPlayerRow.event_id == event_id)
                .order_by(col(TroopPlayerRow.seat))
            ).all()
            names = {p.id: p.name for p in players}
            slips: dict[int, dict[str, StoredSlip]] = {}
            for slip in session.exec(
                select(TroopSlipRow).where(TroopSlipRow.event_id == event_id)
            ).all():
                slips.setdefault(slip.round_no, {})[names[slip.player_id]] = StoredSlip(
                    slip.written, slip.read_value, slip.note
                )
            setup = make_setup(
                [p.name for p in players], [row.strength1, row.strength2, row.strength3],
                row.house_k, row.procedure,
            )
            assert row.id is not None
            return StoredEvent(
                id=row.id, title=row.title, created_at=row.created_at, setup=setup,
                round3_override=row.round3_override, current_round=row.current_round,
                stage=row.stage, reveal_step=row.reveal_step, slips=slips,
            )

    def log(self, event_id: int) -> list[LogEntry]:
        """The event's log, oldest first."""
        with Session(self.engine) as session:
            self._event_row(session, event_id)
            rows = session.exec(select(TroopLogRow).where(TroopLogRow.event_id == event_id)
                                .order_by(TroopLogRow.id)).all()  # type: ignore[arg-type]
            return [LogEntry(r.at, r.round_no, r.text) for r in rows]

    def latest_event_id(self) -> int | None:
        """The event changed last, unfinished ones first (the one the projector follows)."""
        with Session(self.engine) as session:
            for unfinished in (True, False):
                query = select(TroopEventRow.id).order_by(
                    TroopEventRow.updated_at.desc(), TroopEventRow.id.desc())  # type: ignore[attr-defined,union-attr]
                query = query.where((TroopEventRow.stage != "finished") if unfinished
                                    else (TroopEventRow.stage == "finished"))
                found = session.exec(query).first()
                if found is not None:
                    return found
            return None

    def events(self, *, unfinished_only: bool = False) -> list[EventSummary]:
        """Stored events, newest first."""
        with Session(self.engine) as session:
            query = select(TroopEventRow).order_by(TroopEventRow.id.desc())  # type: ignore[union-attr]
            if unfinished_only:
                query = query.where(TroopEventRow.stage != "finished")
            summaries = []
            for row in session.exec(query).all():
                count = len(session.exec(
                    select(TroopPlayerRow.id).where(TroopPlayerRow.event_id == row.id)
                ).all())
                slips_in = len(session.exec(
                    select(TroopSlipRow.id).where(TroopSlipRow.event_id == row.id,
                                                  TroopSlipRow.round_no == row.current_round)
                ).all())
                assert row.id is not None
                summaries.append(EventSummary(row.id, row.title, row.created_at, count,
                                              row.current_round, row.stage, slips_in))
            return summaries

    @staticmethod
    def _event_row(session: Session, event_id: int) -> TroopEventRow:
        row = session.get(TroopEventRow, event_id)
        if row is None:
            raise TroopStoreError(f"no event with id {event_id}")
        return row

    # ------------------------------------------------------------------ exports

    def export_csv(self, event_id: int, words: ExportWords | None = None) -> str:
        return export_csv(self.load_event(event_id), words or ENGLISH_EXPORT)

    def export_markdown(self, event_id: int, words: ExportWords | None = None) -> str:
        return export_markdown(self.load_event(event_id), words or ENGLISH_EXPORT)

    def export_html(self, event_id: int, words: ExportWords | None = None) -> str:
        return export_html(self.load_event(event_id), self.log(event_id), words or ENGLISH_EXPORT)


CSV_COLUMNS = ["round", "strength", "enemy_force", "result", "player", "written", "read",
               "reading", "points", "troops_left", "score"]


def _reading_shown(reading: SlipReading) -> str:
    return reading.shown


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class ExportWords:
    """The words of the exported files: English by default (the CLI's language); the app in
    Japanese gives its own (tui.services.troop.JAPANESE_EXPORT), so a file says one language.
    Templates are filled with str.format; `reading` says a slip as read, `note` a reading's
    note, `log` a log entry."""

    lang: str = "en"
    columns: tuple[str, ...] = tuple(CSV_COLUMNS)
    final: str = "final"
    victory: str = "victory"
    defeat: str = "defeat"
    blank: str = "blank"
    players: str = "- Players: {n} ({names}); k = {k}"
    strengths: str = "- Strengths: {strengths}"
    reveal: str = "- Reveal: {procedure} rule"
    procedures: Mapping[str, str] | None = None
    status: str = "- Status: {status}"
    finished: str = "finished"
    in_round: str = "round {round}, {stage}"
    stages: Mapping[str, str] | None = None
    round_heading: str = "Round {round}"
    adjusted: str = " (adjusted from {old})"
    round_line: str = ("Strength {strength}{adjusted}, enemy force {force}; total {total}:"
                       " {outcome}. Average {average}; closest: {closest}.")
    round_columns: tuple[str, ...] = ("Player", "Slip", "Read", "Points", "Troops left")
    sheet_slip: str = "Slip as written"
    final_heading: str = "Final ranking"
    final_columns: tuple[str, ...] = ("Place", "Player", "Points", "Troops left", "Score")
    winner: str = "Winner: {names}"
    winners: str = "Winners: {names}"
    started: str = ("Started {at}. {n} players, k = {k}; strengths {strengths}; {procedure}"
                    " reveal; {status}.")
    players_heading: str = "Players"
    seat_columns: tuple[str, ...] = ("Seat", "Player")
    log_heading: str = "Log"
    log_line: str = "{at} round {round}: {text}"
    reading: Callable[[SlipReading], str] = _reading_shown
    note: Callable[[str], str] = _same
    log: Callable[[str], str] = _same

    def procedure(self, name: str) -> str:
        return (self.procedures or {}).get(name, name)

    def status_of(self, stored: StoredEvent) -> str:
        if stored.stage == "finished":
            return self.finished
        return self.in_round.format(round=stored.current_round,
                                    stage=(self.stages or {}).get(stored.stage, stored.stage))

    def outcome(self, victory: bool) -> str:
        return self.victory if victory else self.defeat

    def written(self, reading: SlipReading) -> str:
        return (self.blank if reading.written is None or not reading.written.strip()
                else reading.written)


ENGLISH_EXPORT = ExportWords()


def export_csv(stored: StoredEvent, words: ExportWords = ENGLISH_EXPORT) -> str:
    """One row per player per fought round, then one ``final`` row per player when finished."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(words.columns)
    results = stored.results()
    for number, result in enumerate(results, start=1):
        outcome = words.outcome(result.victory)
        for name in result.players:
            reading = result.readings[name]
            writer.writerow([number, result.strength, result.enemy_force, outcome, name,
                             "" if reading.written is None else reading.written,
                             reading.value, words.reading(reading), result.points[name],
                             result.troops_left[name], ""])
    if stored.stage == "finished":
        for name, final in final_scores(stored.setup.players, results).items():
            writer.writerow([words.final, "", "", "", name, "", "", "", final.points,
                             final.troops_left, final.score])
    return out.getvalue()


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def export_markdown(stored: StoredEvent, words: ExportWords = ENGLISH_EXPORT) -> str:
    """A readable summary: setup, each fought round, and the final ranking when finished."""
    setup = stored.setup
    lines = [
        f"# {_cell(stored.title)}", "",
        words.players.format(n=len(setup.players), names=", ".join(setup.players), k=setup.k),
        words.strengths.format(strengths=", ".join(map(str, setup.strengths))),
        words.reveal.format(procedure=words.procedure(setup.procedure)),
        words.status.format(status=words.status_of(stored)),
        "",
    ]
    results = stored.results()
    for number, result in enumerate(results, start=1):
        adjusted = (words.adjusted.format(old=result.adjusted_from)
                    if result.adjusted_from is not None else "")
        lines += [
            f"## {words.round_heading.format(round=number)}", "",
            words.round_line.format(
                strength=result.strength, adjusted=adjusted, force=result.enemy_force,
                total=result.total, outcome=f"**{words.outcome(result.victory)}**",
                average=f"{float(result.average):g}", closest=", ".join(result.closest)), "",
            "| " + " | ".join(words.round_columns) + " |",
            "|---|---|---:|---:|---:|",
        ]
        for name in result.players:
            reading = result.readings[name]
            note = f" ({words.note(reading.note)})" if reading.note else ""
            lines.append(f"| {_cell(name)} | {_cell(words.written(reading))}{note} | "
                         f"{reading.value} | {result.points[name]} | {result.troops_left[name]} |")
        lines.append("")
    if stored.stage == "finished":
        final = final_scores(setup.players, results)
        lines += [f"## {words.final_heading}", "",
                  "| " + " | ".join(words.final_columns) + " |", "|---:|---|---:|---:|---:|"]
        for place, name, score in ranking({n: f.score for n, f in final.items()}):
            lines.append(f"| {place} | {_cell(name)} | {final[name].points} | "
                         f"{final[name].troops_left} | {score} |")
        won = winners(final)
        lines += ["", (words.winners if len(won) > 1 else words.winner).format(
            names=", ".join(won)), ""]
    return "\n".join(lines)


_SHEET_STYLE = """
body { font-family: sans-serif; margin: 1.5cm; }
table { border-collapse: collapse; margin-bottom: 1em; }
th, td { border: 1px solid #444; padding: 2px 8px; }
td.n { text-align: right; }
@media print { h2 { page-break-before: auto; } table { page-break-inside: avoid; } }
"""


def export_html(stored: StoredEvent, log: list[LogEntry] | None = None,
                words: ExportWords = ENGLISH_EXPORT) -> str:
    """A printable record sheet: setup, every fought round (slips as written and as read), the
    final ranking when finished, and the event's log. Every name and slip is escaped."""
    e = html.escape
    setup = stored.setup

    def head(columns: tuple[str, ...]) -> str:
        return "<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in columns) + "</tr>"

    out = [
        "<!DOCTYPE html>", f'<html lang="{words.lang}"><head><meta charset="utf-8">',
        f"<title>{e(stored.title)}</title><style>{_SHEET_STYLE}</style></head><body>",
        f"<h1>{e(stored.title)}</h1>",
        "<p>" + e(words.started.format(
            at=f"{stored.created_at:%Y-%m-%d %H:%M}", n=len(setup.players), k=setup.k,
            strengths=", ".join(map(str, setup.strengths)),
            procedure=words.procedure(setup.procedure), status=words.status_of(stored))) + "</p>",
        f"<h2>{e(words.players_heading)}</h2>", head(words.seat_columns),
    ]
    out += [f'<tr><td class="n">{seat}</td><td>{e(name)}</td></tr>'
            for seat, name in enumerate(setup.players, start=1)]
    out.append("</table>")
    results = stored.results()
    sheet_columns = (words.round_columns[0], words.sheet_slip) + words.round_columns[2:]
    for number, result in enumerate(results, start=1):
        adjusted = (words.adjusted.format(old=result.adjusted_from)
                    if result.adjusted_from is not None else "")
        out += [
            f"<h2>{e(words.round_heading.format(round=number))}</h2>",
            "<p>" + words.round_line.format(
                strength=result.strength, adjusted=e(adjusted), force=result.enemy_force,
                total=result.total, outcome=f"<b>{e(words.outcome(result.victory))}</b>",
                average=f"{float(result.average):g}",
                closest=e(", ".join(result.closest))) + "</p>",
            head(sheet_columns),
        ]
        for name in result.players:
            reading = result.readings[name]
            note = f" ({words.note(reading.note)})" if reading.note else ""
            out.append(f'<tr><td>{e(name)}</td><td>{e(words.written(reading))}{e(note)}</td>'
                       f'<td class="n">{reading.value}</td><td class="n">{result.points[name]}</td>'
                       f'<td class="n">{result.troops_left[name]}</td></tr>')
        out.append("</table>")
    if stored.stage == "finished":
        final = final_scores(setup.players, results)
        out += [f"<h2>{e(words.final_heading)}</h2>", head(words.final_columns)]
        for place, name, score in ranking({n: f.score for n, f in final.items()}):
            out.append(f'<tr><td class="n">{place}</td><td>{e(name)}</td>'
                       f'<td class="n">{final[name].points}</td>'
                       f'<td class="n">{final[name].troops_left}</td><td class="n">{score}</td></tr>')
        won = winners(final)
        template = words.winners if len(won) > 1 else words.winner
        before, _, after = template.partition("{names}")
        out.append(f"<p>{e(before)}<b>{e(', '.join(won))}</b>{e(after)}</p>")
    if log:
        out += [f"<h2>{e(words.log_heading)}</h2>", "<ul>"]
        out += ["<li>" + e(words.log_line.format(at=f"{entry.at:%H:%M}", round=entry.round_no,
                                                 text=words.log(entry.text))) + "</li>"
                for entry in log]
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
