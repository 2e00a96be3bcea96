"""The Teams area's call-up and demotion refusals in Japanese (issue 29: they stayed English):
every roster rule's words (league.season.farm) has its Japanese in tui/refusals.py, the place
(team, player) kept as it is."""
from __future__ import annotations

import re

import pytest

from league.offseason import foreign
from league.season import farm
from tui.refusals import refusal

PLAYER = "鈴木 一郎 (SAP02)"
CASES = [
    farm.NO_CATCHER,
    farm.FEW_STARTERS.format(starters=4, need=5),
    farm.FEW_HITTERS.format(hitters=8, need=9),
    farm.NOBODY_AT.format(position="SS"),
    farm.ALREADY_ACTIVE.format(player=PLAYER, team="札幌"),
    farm.TEN_DAY_RULE.format(player=PLAYER, demoted="2026-04-01", back="2026-04-11"),
    farm.ACTIVE_FULL.format(team="札幌", active=29, size=29),
    farm.ALREADY_FARM.format(player=PLAYER),
    foreign.FOREIGN_FULL.format(team="札幌", count=4, limit=4, player=PLAYER),
    foreign.FOREIGN_SIDE_FULL.format(team="札幌", count=3, side="pitchers", limit=3,
                                     player=PLAYER),
    foreign.FOREIGN_SIDE_FULL.format(team="札幌", count=3, side="batters", limit=3,
                                     player=PLAYER),
    farm.DEMOTING.format(team="SAP", player=PLAYER, problem=farm.NO_CATCHER),
    farm.DEMOTING.format(team="SAP", player=PLAYER,
                         problem=farm.FEW_STARTERS.format(starters=4, need=5)),
]


@pytest.mark.parametrize("message", CASES)
def test_each_roster_refusal_reads_in_japanese(message):
    said = refusal(message, True)
    # no English word left: the player's id, the position and the setting's name aside
    rest = re.sub(r"\b(SAP\d*|SS|active_size|foreign_active|foreign_side)\b", "", said)
    assert not re.search(r"[A-Za-z]{3,}", rest), said
    assert PLAYER in said or PLAYER not in message
    assert refusal(message, False) == message          # English as the rules say it
