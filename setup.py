"""Optional compiled build of the engine's hot modules with mypyc (the same typed source).

    IMPACT_MYPYC=1 pip install --no-build-isolation .      # needs `pip install mypy` first
    IMPACT_MYPYC=1 python setup.py build_ext --inplace     # in a checkout, beside the .py files

Without IMPACT_MYPYC the package is pure Python and installs anywhere; both builds play the same
games (tests/engine/test_engine_digest.py). `impact bench` says which one is running.
"""
from __future__ import annotations

import os

from setuptools import setup

# the modules a simulated game spends its time in; mypy-clean (a CI gate: .ci/run)
COMPILED = [
    "league/engine/dice.py",
    # the cards every play reads (native classes: their fields read directly)
    "league/engine/cards.py",
    "league/engine/values.py",
    # the defense tables every batted ball reads (the rest of the ruleset is read at load time)
    "league/engine/tables.py",
    "league/engine/state.py",
    "league/engine/game.py",
    # the play record and its texts (every play of a game with its play-by-play)
    "league/engine/events.py",
    "league/engine/record.py",
    "league/engine/rules/plate_appearance.py",
    "league/engine/rules/bunt.py",
    "league/engine/rules/hit_and_run.py",
    "league/engine/rules/steal.py",
    "league/engine/rules/x_table.py",
    "league/engine/rules/runners.py",
    "league/engine/rules/crossplay.py",
    "league/manager/computer.py",
    "league/engine/scoring.py",
    # the season's machinery between games (the frozen classes sent to the odds' workers pickle
    # by their fields: cards.by_fields); not league/season/state.py, whose SeasonState the services
    # subclass (a compiled function refuses a subclass of a non-native class): the functions
    # that set up each game take it untyped (league/season/gameday.py)
    "league/season/gameday.py",
    "league/engine/lineup.py",
    "league/manager/bench.py",
    "league/manager/bullpen.py",
    "league/season/farm.py",
    "league/manager/rest.py",
    "league/engine/injury.py",
]

ext_modules = []
if os.environ.get("IMPACT_MYPYC") == "1":
    from mypyc.build import mypycify

    # other modules are type-checked as they are used, their own errors left to their owners
    # the modules' shared library inside the league package (league/compiled__mypyc.*.so), not
    # beside it: the in-place build then loads wherever the package is found — an editable
    # install maps packages, not the checkout's top-level files
    ext_modules = mypycify(["--follow-imports=silent", *COMPILED], opt_level="3",
                           group_name="league.compiled")

setup(ext_modules=ext_modules)
