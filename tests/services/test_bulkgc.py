"""Long simulations set the cyclic collector aside and leave the process as they found it."""
import gc
import threading

import pytest

from tui.bulkgc import THRESHOLD, bulk

# the collector as a process starts with it, not as the tests run (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("plain_collector")


def test_bulk_sets_the_collector_aside_and_back_even_when_nested_or_failing():
    before = gc.get_threshold()
    try:
        with bulk():
            assert gc.get_threshold()[0] >= THRESHOLD
            assert gc.get_freeze_count() > 0
            with bulk():
                pass
            assert gc.get_threshold()[0] >= THRESHOLD      # the outer run still under way
            raise KeyError("a simulation that fails")
    except KeyError:
        pass
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_two_threads_simulating_at_once_restore_the_collector_after_the_last():
    before = gc.get_threshold()
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with bulk():
            inside.set()
            release.wait(30)

    t = threading.Thread(target=other)
    t.start()
    inside.wait(30)
    with bulk():
        pass
    assert gc.get_threshold()[0] >= THRESHOLD              # the other thread's run goes on
    release.set()
    t.join(30)
    assert gc.get_threshold() == before
