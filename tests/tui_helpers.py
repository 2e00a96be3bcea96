"""Helpers for the app's pilot tests."""
from __future__ import annotations

import re


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
