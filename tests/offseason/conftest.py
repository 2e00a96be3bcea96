"""The off-season's shared fixtures."""
from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def lived_nippon():
    """Ten lived seasons of the bundled league (`impact calibrate --lived 10`'s run, seed 1),
    played once a session for the slow tests that measure them (the ten seasons took a quarter
    of the slow tests' time, and five more were played again for the foreign players'). Its
    first five seasons are what `lived("nippon", 5)` plays: each season's seed and off-season
    follow from the seasons before it only, never from how many come after."""
    from tui.services.lived import lived

    return lived("nippon", 10)
