"""The off-season (shared/rules/npb_offseason.md): what a league does between a closed season and
the next, as pure functions over the league's people and cards.

The renewal runs in the order of §7; each step is a phase of its own module, so the market of
free agents, foreign players and trades (§4-6) slots in between the draft and growth:

1. ``retirement``  retirements and releases (引退, 戦力外)           §2
2. ``draft``, ``free_agency`` (FA), ``foreign``; trades             §3-6
3. ``aging``       growth and decline, ages moving on a year        §1

``people`` holds birth dates and ages, which every phase reads.
"""
