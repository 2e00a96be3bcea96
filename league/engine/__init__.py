"""A game of Impact Baseball: its state and flow, the rules (one module per rule), dice,
cards, values, line-ups, official scoring and the texts derived from the plays."""

# The version of the engine, stored with every game it plays (storage.mappers.game_data): a game
# stored by another version keeps its stored lines and texts, and a box score says which
# version played it. Raise it with every change meant to alter games — the change that
# regenerates the engine digest (tests/engine_digest.py --write). 2: the play record (issue 30),
# the failed bunt's runner account and the home-run table's walk-offs (issue 29); games stored
# before carry no version. 3: the computer manager runs for a slow pinch hitter on base
# (league.manager.computer.ComputerManager, which makes a stored game's choices by the version
# that played it, so games of version 2 and before replay as they were played). 4: without the
# DH a starter who goes on pitching bats for himself but for a late chance in a tie
# (ComputerManager.pinch_hitter, STARTER_BATS; issue 31): games without the DH change, and the
# digest's league, which has the DH, plays version 3's games. 5: a league made from statistics
# from then on carries its batters' real bunts and steal attempts (Lineup.habits) and the
# computer follows them, and hits for the starter as a real club did
# (ComputerManager._habit_call, _hit_for_pitcher; issue 33): other leagues play version 4's games.
# 6: the raw defense roll's fielder of a grounder or an infield fly (the errors of raws 1–4 to
# the short, third, second and first baseman, no longer mostly to the second baseman) and a
# bunt's error to the man who fields the bunt (league.engine.rules.runners._INFIELD_PLAYS; the
# rules read GameState.version, so a game stored or saved by version 5 replays with its fielders):
# fielding lines change, the play itself does not. 7: the fielder charged with a defense table's
# error is read off the raw roll that put the ball in play (the pitch's or the bat's), no longer
# the defense roll's, whose lowest raws are the errors: a grounder's to SS 3B 2B 1B P, an infield
# fly's to C or an infielder, an outfield fly's or a hit's evenly to LF CF RF
# (league.engine.rules.runners._error_pos; a game of version 6 or before replays with its fielders).
ENGINE_VERSION = 7
