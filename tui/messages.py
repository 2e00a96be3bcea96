"""The app's messages: what a thread worker (or a screen) tells the event loop, typed.

A worker posts one of these (`post_message` is safe from any thread) instead of calling back
into a screen with `call_from_thread`; the handler named after the message (`on_area_read`,
`on_work_failed`) runs on the event loop. Past-tense names: each says what happened."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.message import Message

from league.errors import LeagueError

if TYPE_CHECKING:
    from tui.services import CareerView, NewsItem, PlayerView, RaceView, SeasonSeries


class AreaRead(Message):
    """An area screen's worker has read what the screen shows (tui.screens.base.AreaScreen):
    `generation` says which read it was, so an older read never overwrites a newer one."""

    def __init__(self, generation: int, data: Any) -> None:
        super().__init__()
        self.generation = generation
        self.data = data


class WorkFailed(Message):
    """A worker's read or action failed: the app shows `text` as an error notification (a
    LeagueError's own words; anything else with its type's name: a locked or broken database
    must not crash the app)."""

    def __init__(self, text: str, timeout: float = 8) -> None:
        super().__init__()
        self.text = text
        self.timeout = timeout

    @classmethod
    def of(cls, exc: BaseException, timeout: float = 8) -> "WorkFailed":
        """The message for `exc`, worded as the app words errors."""
        text = str(exc) if isinstance(exc, LeagueError) else f"{type(exc).__name__}: {exc}"
        return cls(text, timeout)


class SimProgressed(Message):
    """A simulation (Schedule, d/w/t/e) has stored `done` of its `total` games, the last one
    `slot`; `reload`: the calendar and standings are to be read again. Posted on a budget (a
    few times a second), never once a game."""

    def __init__(self, done: int, total: int, slot: Any, reload: bool) -> None:
        super().__init__()
        self.done, self.total, self.slot, self.reload = done, total, slot, reload


class OddsEstimated(Message):
    """The pennant odds of the runs played so far (services.OddsView), each figure with its 95 %
    margin; `final`: of them all, stored."""

    def __init__(self, view: Any, final: bool = False) -> None:
        super().__init__()
        self.view, self.final = view, final


class PlayerRead(Message):
    """The Players area's worker has read one player (`pid`): his stats and their series."""

    def __init__(self, pid: str, view: PlayerView, series: SeasonSeries) -> None:
        super().__init__()
        self.pid = pid
        self.view = view
        self.series = series


class CareerRead(Message):
    """The career screen's worker has read the player's seasons."""

    def __init__(self, view: CareerView) -> None:
        super().__init__()
        self.view = view


class RaceRead(Message):
    """The Standings area's worker has read the pennant race (its chart)."""

    def __init__(self, race: RaceView) -> None:
        super().__init__()
        self.race = race


class AwardsConfirmed(Message):
    """The History area's worker has stored the awards chosen."""


class LeagueOpened(Message):
    """The app's worker has opened the league (and read the first area's data): show it."""


class EditSaved(Message):
    """A Teams-area worker has stored an edit: `label_key` says what (a card, the saved lists),
    `kinds` which saved lists are stored now."""

    def __init__(self, label_key: str, kinds: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.label_key = label_key
        self.kinds = kinds


class EditRefused(Message):
    """A worker's edit (a card, the saved lists, a transaction) was refused (or the database
    failed): `text` says why."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    @classmethod
    def of(cls, exc: BaseException) -> "EditRefused":
        """The message for `exc`: a LeagueError's own words, anything else with its type."""
        return cls(str(exc) if isinstance(exc, LeagueError) else f"{type(exc).__name__}: {exc}")


class TransactionStored(Message):
    """The transaction dialog's worker has stored the move: the news item it made."""

    def __init__(self, item: NewsItem) -> None:
        super().__init__()
        self.item = item


class TradeAnswered(Message):
    """A trade dialog's worker is done: the services' answer (a TradeView, the proposals, or the
    two clubs' players)."""

    def __init__(self, answer: Any) -> None:
        super().__init__()
        self.answer = answer


class SimFinished(Message):
    """A simulation (Schedule, d/w/t/e) is over: `report` (services.SimReport) of what it played,
    or `error`, the words of what stopped it."""

    def __init__(self, report: Any, error: str | None = None) -> None:
        super().__init__()
        self.report, self.error = report, error


class OddsProgressed(Message):
    """The pennant odds have played `done` of their `total` runs."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done, self.total = done, total


class OddsFinished(Message):
    """The pennant odds' worker is done: `finished` (all runs played and stored; else cancelled),
    or `error`, the words of what stopped it."""

    def __init__(self, finished: bool, error: str | None = None) -> None:
        super().__init__()
        self.finished, self.error = finished, error


class LoginAccepted(Message):
    """The database took the role and password: `url` (with the login) and who it says we are."""

    def __init__(self, url: str, who: Any) -> None:
        super().__init__()
        self.url, self.who = url, who


class LoginRefused(Message):
    """The database refused the login: `text`, its own words (the password never in them)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class SeasonActed(Message):
    """A Season-area action (start or play the postseason, close the season, a new season, find
    the next game) is stored: the areas read again; `then(result)`, when given, follows it."""

    def __init__(self, result: Any, then: Callable[[Any], None] | None = None) -> None:
        super().__init__()
        self.result, self.then = result, then


class QuestionPosed(Message):
    """The game at the keyboard (tui.screens.play, its engine thread) asks a person: `method` (a
    decision, or "roll": a typed roll) with its `options`, in the engine run `run`; the engine
    waits for the answer."""

    def __init__(self, run: Any, method: str, options: dict) -> None:
        super().__init__()
        self.run, self.method, self.options = run, method, options


class LiveGameOver(Message):
    """The game at the keyboard is over and stored: game `number` (None: an exhibition, not
    stored), `text` its box score."""

    def __init__(self, number: int | None, text: str) -> None:
        super().__init__()
        self.number, self.text = number, text


class LiveGameFailed(Message):
    """The game at the keyboard stopped on an error (a replay that does not match, a locked
    database ...): `text` says what."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class LiveGameNotSaved(Message):
    """The game at the keyboard could not be saved at a plate appearance (it plays on): `text`."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text


class ControlTakenBack(Message):
    """A handover to the computer is over (its half-inning or inning ended): the person manages
    `sides` again."""

    def __init__(self, sides: tuple[int, ...]) -> None:
        super().__init__()
        self.sides = sides
