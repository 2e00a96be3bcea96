"""The stat lines a game keeps for each player: the fields in their order (a line is a list of
counts in this order) and innings pitched as Japanese box scores write them.

Kept apart from the engine (league.engine.game) so that reading a season back (standings, leaders,
the Players area) does not load the engine."""
from __future__ import annotations

# batting line fields
BAT_FIELDS = ("pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "ibb", "hbp", "so", "sb", "cs",
              "sh", "sf", "gidp", "e")
PIT_FIELDS = ("outs", "bf", "h", "hr", "bb", "ibb", "hbp", "so", "r", "er", "wp", "bk")
FIELD_FIELDS = ("po", "a", "e", "dp", "pb", "sb_allowed", "cs")


def innings_text(outs: int) -> str:
    """Innings pitched with thirds, as in Japanese box scores: 17 outs → "5 2/3"."""
    whole, third = divmod(outs, 3)
    if third == 0:
        return str(whole)
    return f"{whole} {third}/3" if whole else f"{third}/3"
