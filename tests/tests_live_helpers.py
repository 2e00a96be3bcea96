"""A person at the keyboard, for the live-game tests."""
from __future__ import annotations

from league.manager.computer import ComputerManager


class Quit(Exception):
    pass


def person(answers=None, quit_after=None):
    """A person at the keyboard who answers as a careful computer would, or as told."""
    cm = ComputerManager()
    asked = []

    def ask(method, game, options):
        asked.append(method)
        if quit_after is not None and len(asked) > quit_after:
            raise Quit
        if answers and method in answers:
            return answers[method](game, options)
        if method in ("change_pitcher", "reliever", "pinch_hitter", "pinch_runner", "defensive_sub"):
            return None
        if method == "defense_call":
            return cm.defense_call(game)
        if method == "offense_call":
            call = cm.offense_call(game)
            assert call in [tuple(c) for c in options["choices"]]
            return call
        if method == "aggressive":
            return cm.aggressive(game, options["table"])
        if method == "steal_go":
            return cm.steal_go(game, options["base"], options["roll"])
        if method == "bonus_steal":
            return cm.bonus_steal(game, options["candidates"])
        if method == "join_steal":
            return cm.join_steal(game, options["base"])
        if method == "no_check":
            return cm.no_check(game)
        if method == "bunt_plus":
            return None
        if method == "bunt_out":
            return max(options["candidates"])
        if method == "send":
            return cm.send(game, options["base"], options["target"])
        raise AssertionError(method)

    ask.asked = asked
    return ask
