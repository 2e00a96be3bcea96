"""What every area screen shares: loading in a thread worker, errors as notifications."""
from __future__ import annotations

from typing import Any, Callable

from textual import work
from textual.screen import Screen

from league.errors import LeagueError


class AreaScreen(Screen):
    """A top-level area. `load()` runs in a thread (services only, no widgets); `show(data)` runs
    on the event loop with what it returned. Any LeagueError becomes a notification.

    On a shared league the footer greys out what the person connected may not do: actions in
    COMMISSIONER_ACTIONS need the commissioner, those in TEAM_ACTIONS the manager of the
    screen's `team` (the database refuses them anyway; this only shows it beforehand)."""

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

    def on_mount(self) -> None:
        self.refresh_data()

    def on_screen_resume(self) -> None:
        if getattr(self.app, "data_version", 0) != getattr(self, "_seen_version", None):
            self.refresh_data()

    def refresh_data(self) -> None:
        self._seen_version = getattr(self.app, "data_version", 0)
        self._load_worker()

    @work(thread=True, exclusive=True, group="load")
    def _load_worker(self) -> None:
        try:
            data = self.load()
        except LeagueError as exc:
            self.app.call_from_thread(self.app.notify, str(exc), severity="error", timeout=8)
            return
        except Exception as exc:  # a locked or broken database must not crash the app
            self.app.call_from_thread(self.app.notify, f"{type(exc).__name__}: {exc}",
                                      severity="error", timeout=8)
            return
        self.app.call_from_thread(self._shown, data)

    def _shown(self, data: Any) -> None:
        self.show(data)
        self.refresh_bindings()   # what the footer offers may depend on what is shown

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
