"""Helpers for the app's pilot tests."""
from __future__ import annotations

import re


async def until(pilot, check, tries: int = 200) -> None:
    """Let the app run until `check()` holds (about 10 s at most)."""
    for _ in range(tries):
        await pilot.pause(0.05)
        if check():
            return
    raise AssertionError("timed out")


async def opened(app, pilot) -> None:
    """Wait until the app has opened its league on the standings area."""
    app.animation_level = "none"
    for _ in range(300):
        await pilot.pause(0.05)
        if app.current_mode == "standings":
            return
    raise AssertionError("the app did not open the league")


def stable(svg: str) -> str:
    """Textual's SVG export names its CSS classes after a hash of the terminal id; strip it."""
    return re.sub(r"terminal-\d+", "terminal", svg)


async def settled_screenshot(app, pilot) -> str:
    """A screenshot once the screen has stopped changing: no worker running and the same
    picture three times over (tables laid out, late refreshes done)."""
    last, same = None, 0
    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause(0.1)
        shot = stable(app.export_screenshot())
        same = same + 1 if shot == last else 0
        if same >= 2:
            return shot
        last = shot
    raise AssertionError("the screen kept changing")
