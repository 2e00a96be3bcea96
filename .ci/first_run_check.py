"""The first Quick start command's job, headless: open the league app on a fresh machine.

Run by .ci/run with the project installed WITHOUT the test extra in a fresh virtual environment
and with the user's data folder pointed at an empty directory. The app must create the bundled
league (SQLite in the user's data folder, no set-up) and show its first screen; a missing
dependency or a traceback fails the run.
"""
from __future__ import annotations

import asyncio
import sys
import time


async def main() -> int:
    from platformdirs import user_data_path

    from tui.app import ImpactApp

    app = ImpactApp()
    deadline = time.monotonic() + 120
    async with app.run_test(size=(120, 36)) as pilot:
        app.animation_level = "none"
        while time.monotonic() < deadline:
            await pilot.pause(0.1)
            tables = app.screen.query("DataTable")
            if app.current_mode == "standings" and any(t.row_count for t in tables):
                break
        else:
            print("first-run check: the app did not show the standings of the new league")
            return 1
    league_file = user_data_path("impact-league") / "league.sqlite3"
    if not league_file.is_file():
        print(f"first-run check: no league database at {league_file}")
        return 1
    print(f"first-run check: ok, the app opened the bundled league stored in {league_file}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
