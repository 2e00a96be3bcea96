"""The roll log's modifiers in the chosen language (issue 29: the dice log named them in English
in Japanese mode): every modifier the engine gives in 200 seeded games has its Japanese name,
and the app's box score roll table shows it."""
from __future__ import annotations

import itertools
import re

from league.engine.playtext import modifier_name

import engine_digest as digest


def test_every_modifier_of_200_games_has_a_japanese_name():
    sources = {m[0] for _seed, result in itertools.islice(digest.digest_games(), 200)
               for roll in result.rolls for m in roll.modifiers}
    assert {"platoon", "lead", "dp"} <= sources
    for source in sources:
        ja = modifier_name(source, True)
        assert not re.search(r"[a-z]{2,}", ja), (source, ja)
        assert modifier_name(source, False) == source
