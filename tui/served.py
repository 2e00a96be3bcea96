"""The league app as `impact serve` runs it for one browser session (`python -m tui.served`):
on a PostgreSQL league it asks for a role and password first and connects as that role; an
SQLite league opens read-only. The league comes from the server (tui.serve), never from the
environment's own database settings or credential files."""
from __future__ import annotations

import os
from typing import Any

from textual import events

from tui.app import ImpactApp
from tui.serve import SERVE_DB, SERVE_LEAGUE, SERVE_MODE, without_credentials


class ServedApp(ImpactApp):
    """ImpactApp behind a login (PostgreSQL), or read-only (SQLite). The label language is the
    session's own: `L` switches it without writing the server's settings."""

    def __init__(self, url: str, league: str | None = None, mode: str = "login") -> None:
        super().__init__(db=url if mode != "login" else None, league=league)
        self.served_url = url
        self.served_mode = mode
        self.logged_in_as: str | None = None

    def on_mount(self, event: events.Mount) -> None:  # type: ignore[override]
        if self.served_mode == "login":
            event.prevent_default()        # the league opens after the login
            from tui.screens.login import LoginScreen
            self.push_screen(LoginScreen(self.served_url), self._logged_in)

    def _logged_in(self, url: Any) -> None:
        self.db = url
        self.troop_db_url = url
        ImpactApp.on_mount(self)

    def action_toggle_language(self) -> None:
        self.japanese = not self.japanese
        self.notify("日本語" if self.japanese else "English", timeout=2)


def main() -> None:
    without_credentials(os.environ)
    url = os.environ.get(SERVE_DB, "")
    if not url:
        raise SystemExit("tui.served is run by `impact serve` (no league given)")
    ServedApp(url, os.environ.get(SERVE_LEAGUE) or None,
              os.environ.get(SERVE_MODE, "login")).run()


if __name__ == "__main__":
    main()
