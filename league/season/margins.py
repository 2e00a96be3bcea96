"""The 95 % margins of the pennant odds' figures (issue 34): how far a figure taken from a
number of runs may be from the one infinitely many runs would give. The odds show them while
they run (a first estimate from a few runs has wide margins that narrow as runs come in) and
with every stored figure. Pure arithmetic, no engine: the app's first screen uses it."""
from __future__ import annotations

import math

Z95 = 1.959964     # the normal distribution's 97.5th percentile: a two-sided 95 % interval

# the most runs and processes the odds take: 100,000 runs already give every chance within ±0.3
# points (1,000 within about ±3) and take hours on two cores; more is a slip of the keyboard
MAX_RUNS = 100_000
MAX_WORKERS = 256


def share_margin(share: float, runs: int) -> float:
    """The 95 % margin of a chance seen in `share` of `runs` runs: half the width of its Wilson
    score interval, which stays above zero at 0 % and 100 % (a team never first in 20 runs may
    still win the pennant) and is 1 with no run at all."""
    if runs <= 0:
        return 1.0
    z2 = Z95 * Z95
    return (Z95 * math.sqrt(share * (1 - share) / runs + z2 / (4 * runs * runs))
            / (1 + z2 / runs))
