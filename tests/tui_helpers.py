"""Helpers for the app's pilot tests."""
from __future__ import annotations

import re
import time
from contextlib import asynccontextmanager

# How long a test waits for the state it expects. Generous on purpose: the suite must pass on a
# busy two-core machine, and a state that arrives early ends the wait at once.
PATIENCE = 120.0

# The pilots' frame rate: the period of every screen's update timer (Textual's default is
# 1/60 s, TEXTUAL_FPS). Headless, every repaint is drawn in full and thrown away, and the tests
# wait for the states they check (until) and for a settled screen before reading a picture
# (settled: each look repaints), so a slower timer changes no test's outcome, only its CPU.
# Set once a session (tests/conftest.py), before any app starts.
FRAME = 1 / 4


# A pilot's key press and pause() wait for the app to go idle (textual._wait.wait_for_idle:
# twice a key): they sleep a slice at a time until a slice passes with (almost) no CPU used by
# the process. Textual's slice is 1/50 s, so every key waited at least 40 ms with nothing to do
# — most of the pilots' time (test_troop_app's whole event: 16.2 s of wall for 2.5 s of CPU,
# its ~530 keys). The same test in slices of IDLE_SLICE: idle is still "a slice with under a
# twentieth of it in CPU", judged as often as the app's own work allows.
IDLE_SLICE = 1 / 500


def few_frames() -> None:
    """Every screen repaints on its own at FRAME, and a pilot's wait for an idle app looks every
    IDLE_SLICE (tests/conftest.py, once a session)."""
    import textual._wait
    import textual.screen

    textual.screen.UPDATE_PERIOD = FRAME
    textual._wait.SLEEP_GRANULARITY = IDLE_SLICE
    textual._wait.SLEEP_IDLE = IDLE_SLICE / 20.0

# A wait wakes when the app has handled a message. The states a test waits for come from the app
# handling one (a key, a worker's result or its end, a screen pushed, a typed message of
# tui/messages.py), so a wait looks again as soon as the app has moved instead of after a fixed
# pause. Textual tells a hook of each message it dispatches (the hook run_test(message_hook=...)
# sets in the app's context); tests/conftest.py sets this one in the context the tests' event
# loops copy, so every app a test starts has it. A change made without a message (a timer, a
# callback from a thread) is still seen: a wait looks again after `step` at the latest.
_waiting: set = set()


def _wake(message) -> None:
    for event in _waiting:
        event.set()


def hook_messages() -> None:
    """Wake the waits on every message an app handles (tests/conftest.py, once a session)."""
    from textual._context import message_hook

    try:
        message_hook.get()
    except LookupError:
        message_hook.set(_wake)


async def until(pilot, check, tries: int | None = None, step: float = 0.05,
                patience: float = PATIENCE, repaint: bool = True) -> None:
    """Let the app run until `check()` holds, looking again each time the app has handled a
    message (or `step` seconds passed without one); fail after `patience` seconds (never a fixed
    wait: `tries` is accepted for old callers and ignored). A check that queries a widget not
    mounted yet (a dialog still composing) has simply not reached its state.

    Before each look the messages queued meanwhile are handled and the screen is laid out and
    repainted (pilot.pause(0)). `repaint=False` leaves the repainting to the app's own timer: for
    a pilot that answers hundreds of questions and reads no picture between them (a game at the
    keyboard, tests/app/test_tui_play.py), where a repaint at each look was a third of the
    repaints; what the app does after a repaint (call_after_refresh) then waits for its timer."""
    import asyncio

    from textual.css.query import NoMatches

    deadline = time.monotonic() + patience
    woken = asyncio.Event()
    _waiting.add(woken)
    try:
        while True:
            try:
                if check():
                    return
            except NoMatches:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("timed out waiting for the expected state")
            woken.clear()     # what the app handled before this check, the check has seen
            try:
                await asyncio.wait_for(woken.wait(), step)
            except asyncio.TimeoutError:
                pass
            if repaint:
                await pilot.pause(0)    # the messages queued meanwhile handled, the screen updated
            else:
                await pilot._wait_for_screen()      # the messages queued meanwhile handled
    finally:
        _waiting.discard(woken)


async def opened(app, pilot) -> None:
    """Wait until the app has opened its league on the standings area."""
    app.animation_level = "none"
    await until(pilot, lambda: app.current_mode == "standings")


@asynccontextmanager
async def season_area(db: str, size: tuple[int, int] = (100, 30)):
    """The app on `db` (a file or a shared league's URL), opened on its league and switched to
    the Season area (`9`): yields (app, pilot)."""
    from tui.app import ImpactApp

    app = ImpactApp(db=db)
    async with app.run_test(size=size) as pilot:
        await opened(app, pilot)
        await pilot.press("9")
        yield app, pilot


@asynccontextmanager
async def schedule_area(db: str, size: tuple[int, int] = (100, 30), *, days: int = 1,
                        before=None, **options):
    """The app on `db` (ImpactApp's keyword `options`: sample, league), opened on its league and
    switched to the Schedule area (`2`), once its calendar lists at least `days` days: yields
    (app, pilot). `before(app, pilot)` is awaited once the standings have shown (their first
    read done), before `2`: what a test does first (days simulated, the language set, the
    standings looked at)."""
    from tui.app import ImpactApp

    app = ImpactApp(db=db, **options)
    async with app.run_test(size=size) as pilot:
        await opened(app, pilot)
        await until(pilot, lambda: app.screen.query_one("#standings-table").row_count)
        if before is not None:
            await before(app, pilot)
        await pilot.press("2")
        await until(pilot, lambda: app.current_mode == "schedule"
                    and app.screen.query_one("#days-table").row_count >= days)
        yield app, pilot


def steps_title(app) -> str:
    """The Season area's off-season line: the step and what `o` does."""
    return str(app.screen.query_one("#steps-title").render())


async def steps_show(app, pilot, text: str) -> None:
    """Wait until the Season area's off-season line shows `text`."""
    await until(pilot, lambda: app.screen.query("#steps-title") and text in steps_title(app))


def stable(svg: str) -> str:
    """Textual's SVG export names its CSS classes after a hash of the terminal id; strip it."""
    return re.sub(r"terminal-\d+", "terminal", svg)


# The looks of a settling (settled) are SETTLE_STEP apart.
SETTLE_STEP = 0.02


async def settled_screenshot(app, pilot, *, workers: bool = True) -> str:
    """A screenshot (SVG) once the screen has stopped changing (settled)."""
    await settled(app, pilot, workers=workers)
    return stable(app.export_screenshot())


async def settled(app, pilot, *, workers: bool = True, patience: float = PATIENCE) -> None:
    """Wait until the screen has stopped changing: no worker running (unless `workers` is
    False: a game at the keyboard keeps its engine worker waiting for the person's answer),
    nothing left for the app to do (_quiet: no message queued, no layout, repaint or callback
    after a repaint pending) and the same picture three times over (tables laid out, late
    refreshes done). The pictures are compared as the terminal would be sent them (every cell's
    text, colours and style: what a screenshot draws, so equal pictures make equal screenshots),
    not as SVG screenshots, whose making was most of a settling's CPU (the language walk's 81
    screenshots: 9 of its 12 s profiled in the test's own code).

    Each look handles the messages queued, waits SETTLE_STEP and repaints (pilot.pause). The
    looks were 0.1 s apart, every settling at least 0.3 s of waiting with nothing to do (the
    language walk's 27: 8 of its 16 s); a quiet app — what the pause's repaint leaves pending
    counted too — shows the state is what the app ends at, not a pause between two of its
    steps, so the looks need not be far apart. Fails after `patience` seconds."""
    deadline = time.monotonic() + patience
    last, same = None, 0
    while time.monotonic() < deadline:
        if workers:
            await _workers_done(app)
        _steady_cursors(app)
        await pilot.pause(SETTLE_STEP)
        shot = _picture(app)
        same = same + 1 if shot == last and _quiet(app, workers) else 0
        if same >= 2:
            return
        last = shot
    raise AssertionError("the screen kept changing")


def _quiet(app, workers: bool) -> bool:
    """Nothing pending in the app: no worker running (when waited for), no message queued for the
    app or any widget of the screen, and the screen's repaint done with no callback waiting for
    it (Textual's own idle check, Screen._on_idle, looks at the same)."""
    from textual.worker import WorkerState

    screen = app.screen
    if workers and any(w.state in (WorkerState.PENDING, WorkerState.RUNNING)
                       for w in app.workers):
        return False
    if screen._layout_required or screen._scroll_required or screen._repaint_required \
            or screen._recompose_required or screen._dirty_widgets or screen._callbacks:
        return False
    return all(node.message_queue_size == 0
               for node in (app, *screen.walk_children(with_self=True)))


def _picture(app) -> str:
    """The whole screen as the escape sequences a terminal would be sent for it (the segments
    a screenshot is drawn from, the screens behind a dialog included)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", legacy_windows=False, safe_box=False)
    update = app.screen._compositor.render_update(full=True,
                                                  screen_stack=app._background_screens)
    return update.render_segments(console)


async def _workers_done(app) -> None:
    """Wait until no worker is running. A worker cancelled on the way (a screen's exclusive
    load replaced by a newer one, as the app does on purpose) is simply done, not a failure."""
    import asyncio

    from textual.worker import WorkerCancelled

    while True:
        try:
            await app.workers.wait_for_complete()
            return
        except WorkerCancelled:
            await asyncio.sleep(0.01)  # let the manager drop the cancelled worker


def _steady_cursors(app) -> None:
    """Text cursors shown steadily: a blinking one is on or off by the clock, and a busy machine
    takes the three pictures slowly enough to catch it off."""
    from textual.widgets import Input, TextArea

    for widget in app.screen.query("Input, TextArea"):
        if isinstance(widget, (Input, TextArea)) and widget.cursor_blink:
            widget.cursor_blink = False


def screen_text(app) -> str:
    """What the screen shows, line by line as plain text (rendered as for a screenshot)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()
