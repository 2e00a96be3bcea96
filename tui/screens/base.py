"""What every area screen shares: loading in a thread worker, errors as notifications."""
from __future__ import annotations

from typing import Any, Callable

from textual import events, getters, work
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Input

from league.visible import visible
from tui import services
from tui.host import LeagueApp
from tui.language import Bilingual
from tui.messages import AreaRead, WorkFailed


class AreaScreen(Bilingual, Screen):
    """A top-level area. `load()` runs in a thread (services only, no widgets); `show(data)` runs
    on the event loop with what it returned. Any LeagueError becomes a notification.

    On a shared league the footer greys out what the person connected may not do: actions in
    COMMISSIONER_ACTIONS need the commissioner, those in TEAM_ACTIONS the manager of the
    screen's `team` (the database refuses them anyway; this only shows it beforehand)."""

    # first in every area's footer, so it shows at any width: the keys panel (every key, the
    # area keys 1–9 among them); the app's own `?` binding is hidden to avoid showing it twice
    BINDINGS = [Binding("question_mark", "app.show_keys", "key_keys_areas")]

    app = getters.app(LeagueApp)

    # keys: Esc leaves a text field for LIST; on a screen with a FILTER field, typing a
    # character no key is bound to starts the filter with it (number keys switch areas)
    LIST: str | None = None
    FILTER: str | None = None

    COMMISSIONER_ACTIONS: frozenset[str] = frozenset()
    TEAM_ACTIONS: frozenset[str] = frozenset()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        access = getattr(self.app, "access", None)
        if access is None or access.commissioner:
            return True
        if action in self.COMMISSIONER_ACTIONS:
            return None
        if action in self.TEAM_ACTIONS:
            team = getattr(self, "team", None)
            return True if team is not None and access.may_manage(team) else None
        return True

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.query("HelpPanel"):
            event.stop()
            event.prevent_default()
            self.app.action_hide_help_panel()   # Esc closes the keys panel first
            return
        focused = self.focused
        if isinstance(focused, Input):
            if event.key == "escape":
                event.stop()
                event.prevent_default()
                self._leave_field()
            return
        if (self.FILTER is None or not event.is_printable or not event.character
                or event.character.isdigit() or event.key in self.active_bindings):
            return
        field = self.query(self.FILTER)
        if field and isinstance(field.first(), Input) and field.first().display:
            event.stop()
            event.prevent_default()
            box = field.first(Input)
            box.select_on_focus = False   # what is typed adds to the filter, never replaces it
            box.focus()
            box.insert_text_at_cursor(event.character)

    def _leave_field(self) -> None:
        target = self.query(self.LIST) if self.LIST else None
        if target:
            target.first().focus()
        else:
            self.set_focus(None)

    def on_mount(self) -> None:
        Bilingual.on_mount(self)
        self.refresh_data()

    def on_screen_resume(self) -> None:
        if getattr(self.app, "data_version", 0) != getattr(self, "_seen_version", None):
            self.refresh_data()

    def refresh_data(self) -> None:
        self._seen_version = getattr(self.app, "data_version", 0)
        take = getattr(self.app, "take_first_data", None)
        first = take(type(self).__name__) if take is not None else None
        if first is not None:         # read while the league opened: shown in the first frame
            self._book = self.name_book()
            self._shown(first)
            return
        self._generation += 1
        self._load_worker(self._generation)

    def name_book(self) -> services.NameBook:
        """The league's names in both languages (the app reads them once per change of the
        data, from any thread)."""
        return self.app.league_names()  # type: ignore[attr-defined]

    @property
    def ja(self) -> bool:
        return bool(getattr(self.app, "japanese", True))

    def team_name(self, code: str, *, full: bool = False) -> str:
        """A team's name in the app's language (short: the code in English)."""
        return visible(self._book.team(code, self.ja, full=full))

    def player_name(self, pid: str, default: str | None = None) -> str:
        """A player's name in the app's language (Latin letters in English where given)."""
        return visible(self._book.player(pid, self.ja, default))

    def league_title(self, name: str) -> str:
        """The league's title (league.toml's name) in the app's language."""
        return visible(self._book.league_title(self.ja, name, getattr(self.app, "league", "")
                                               or ""))

    def in_language(self, text: str) -> str:
        """Text made in the league's language (names inside) as the app's language shows it."""
        return visible(text if self.ja else self._book.english(text))

    _book: services.NameBook = services.NameBook()
    _generation = 0      # the latest read asked for: an earlier one still running is not shown

    @work(thread=True, exclusive=True, group="load")
    def _load_worker(self, generation: int) -> None:
        try:
            self._book = self.name_book()
            data = self.load()
        except Exception as exc:  # a locked or broken database must not crash the app
            self.app.post_message(WorkFailed.of(exc))
            return
        self.post_message(AreaRead(generation, data))

    def on_area_read(self, message: AreaRead) -> None:
        message.stop()
        self._deliver(message.generation, message.data)

    def _deliver(self, generation: int, data: Any) -> None:
        """Show what a read found unless a later read was asked for meanwhile: a cancelled
        thread worker still runs to its end, and what it read then (the season highlighted
        before, say) must not overwrite the choice made since."""
        if generation == self._generation:
            self._shown(data)

    def _shown(self, data: Any) -> None:
        self.show(data)
        self.refresh_bindings()   # what the footer offers may depend on what is shown
        shown = getattr(self.app, "screen_shown", None)
        if shown is not None:
            self.call_after_refresh(shown)

    def load(self) -> Any:
        return None

    def show(self, data: Any) -> None:
        pass

    def relabel(self) -> None:
        """Called when the language changes; redraw with the new labels."""
        self.refresh_data()

    def call_service(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Call a service with the app's database and league."""
        return fn(self.app.db, *args, league=self.app.league, **kwargs)
