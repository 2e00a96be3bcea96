"""The rules referee (issue 3): one plate appearance from a JSON request, with every roll logged.

One case per strategy through the pure function (the docs/referee_examples requests), the JSON
CLI, and each error: bad JSON, unknown player, missing roll, missing choice, disallowed strategy.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from league.errors import DecisionError, DiceError, LeagueError
from league.referee import referee, render
from tui.cli.main import app

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "referee_examples"
runner = CliRunner()


def example(name: str, **changes) -> dict:
    req = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    req.update(changes)
    return req


def run(pacific, ruleset, req):
    return referee(req, league=pacific, ruleset=ruleset)


def purposes(rep):
    return [r.purpose for r in rep.rolls]


# ------------------------------------------------------------------------------ each strategy
def test_ibb_no_roll_batter_walks(pacific, ruleset):
    """9-1-1 intentional walk: no roll, the batter to 1st, the forced runner moves up."""
    rep = run(pacific, ruleset, example("ibb"))
    assert rep.rolls == [] and rep.rolls_used == 0
    assert rep.plays == ["福田 俊介: intentional walk"]
    assert rep.runners[1]["id"] == "SAP06" and rep.runners[2]["id"] == "SAP05"
    assert rep.outs == 1 and rep.warnings == []


def test_infield_in_cuts_the_runner_down_at_home(pacific, ruleset):
    """9-1-2 infield in: the ground ball reads the infield-in section; runner out at home."""
    rep = run(pacific, ruleset, example("infield_in"))
    d = rep.rolls[-1]
    assert d.purpose == "defense" and d.result.endswith("×")
    assert 3 not in rep.runners and rep.runners[1]["id"] == "SAP04" and rep.outs == 2
    assert rep.runs == 0


def test_aggressive_defense_h_minus_and_send(pacific, ruleset):
    """9-1-3 aggressive defense: value added to the roll, [○] reads H−, the send choice asked."""
    rep = run(pacific, ruleset, example("aggressive"))
    d = next(r for r in rep.rolls if r.purpose == "defense")
    assert ("aggressive", 3) in d.modifiers and "[○]" in d.result
    asked = [c["choice"] for c in rep.choices_asked]
    assert "aggressive" in asked and "send" in asked
    assert rep.rolls[-1].purpose == "crossplay" and rep.rolls[-1].result.startswith("out")
    assert rep.outs == 2 and rep.runs == 0
    # held instead: the runner stays at 3rd, no cross-play
    held = run(pacific, ruleset, example("aggressive", choices={"send": False}, rolls=[30, 20, 30]))
    assert held.runners[3]["id"] == "SAP12" and held.outs == 1 and held.rolls_left == []


def test_bunt_plus_all_safe(pacific, ruleset):
    """9-2-1 bunt: a '+' on the cross-play; the offense takes all safe (a bunt single)."""
    rep = run(pacific, ruleset, example("bunt"))
    assert purposes(rep) == ["pitch", "bunt"] and rep.rolls[-1].result == "+"
    assert rep.choices_asked[0]["choice"] == "bunt_plus"
    assert rep.runners[1]["id"] == "SAP11" and rep.runners[2]["id"] == "SAP07" and rep.outs == 0


def test_bunt_plus_extra_base_and_failed_bunt(pacific, ruleset):
    """9-2-1 bunt: '+' with batter out and the runner +2; a failed bunt, the defense picks."""
    rep = run(pacific, ruleset, example("bunt", choices={"bunt_plus": 1}))
    assert rep.runners == {3: {"id": "SAP07", "name": "森 大和"}} and rep.outs == 1
    rep = run(pacific, ruleset, example("bunt", choices={"bunt_out": 1}, rolls=[30, 100]))
    assert rep.rolls[-1].result == "out"
    assert rep.runners[1]["id"] == "SAP11" and 2 not in rep.runners and rep.outs == 1


def test_squeeze_scores_the_runner(pacific, ruleset):
    """9-2-1 squeeze: bunt down, safe: batter out, the runner from 3rd scores."""
    rep = run(pacific, ruleset, example("squeeze"))
    assert rep.rolls[-1].purpose == "bunt" and rep.rolls[-1].result == "safe"
    assert rep.runs == 1 and rep.score == {"away": 3, "home": 2} and rep.outs == 2


def test_squeeze_strikeout_is_swinging(pacific, ruleset):
    """9-2-1 squeeze: a K is a swinging strikeout and the runner makes a cross-play to get back."""
    rep = run(pacific, ruleset, example("squeeze", rolls=[95, 100]))
    assert purposes(rep) == ["pitch", "crossplay"]
    assert rep.outs == 3 and rep.inning_over


def test_hit_and_run_plus_five_and_two_rows_up(pacific, ruleset):
    """9-2-2 hit-and-run: +5 on the pitch; the runner uses the row two up (to 3rd on a single)."""
    rep = run(pacific, ruleset, example("hit_and_run"))
    assert ("hit_and_run", 5) in rep.rolls[0].modifiers
    assert rep.runners[3]["id"] == "SAP07" and rep.runners[1]["id"] == "SAP03"


def test_hit_and_run_fly_caught_the_offense_orders_the_way_back(pacific, ruleset):
    """9-2-2 / C.2 hit-and-run, fly caught: the choice back_first orders the cross-plays back; the
    runner who gets back stands on his own base, the one who does not is doubled off."""
    rep = run(pacific, ruleset, example("hit_and_run_fly"))
    assert [c["choice"] for c in rep.choices_asked] == ["aggressive", "back_first"]
    backs = [r.result for r in rep.rolls if r.purpose == "crossplay"]
    assert backs == ["safe (back to 1st)", "out (back to 3rd)"]
    assert rep.runners == {1: {"id": "SAP07", "name": "森 大和"}} and rep.outs == 3
    # the other order: 3rd first, then 1st
    rep = run(pacific, ruleset, example("hit_and_run_fly", choices={"back_first": [3]},
                                        rolls=[30, 39, 30, 20, 20]))
    backs = [r.result for r in rep.rolls if r.purpose == "crossplay"]
    assert backs == ["safe (back to 3rd)", "safe (back to 1st)"] and rep.outs == 2
    assert rep.runners[3]["id"] == "SAP12" and rep.runs == 0
    # a runner who is not out there cannot be named
    with pytest.raises(DecisionError, match="back_first"):
        run(pacific, ruleset, example("hit_and_run_fly", choices={"back_first": [2]}))


def test_steal_bonus_then_the_same_runner_again(pacific, ruleset):
    """9-2-3-4 bonus: roll ≤ RR; with nobody else on, the same runner steals 3rd with his own SR."""
    rep = run(pacific, ruleset, example("steal_bonus"))
    steals = [r for r in rep.rolls if r.purpose == "steal"]
    assert [r.result for r in steals] == ["bonus", "stolen"]
    assert steals[1].row == "2nd→3rd SR 46"
    assert rep.choices_asked[0] == {"choice": "bonus", "question": rep.choices_asked[0]["question"],
                                    "answer": 2}
    assert rep.runners[3]["id"] == "SAP07"


def test_steal_stop_gives_plus_five(pacific, ruleset):
    """9-2-3 stop: a roll in the choice rows, the runner stops, +5 on the next pitch."""
    rep = run(pacific, ruleset, example("steal_stop"))
    assert rep.rolls[0].result == "choice"
    assert ("stop", 5) in rep.rolls[1].modifiers
    assert "stops" in rep.plays[0]


def test_steal_go_catcher_table_and_picked_off(pacific, ruleset):
    """9-2-3 steal: go on to the catcher table; a pick-off roll goes to the catcher table, arm +1."""
    rep = run(pacific, ruleset, example("steal_stop", choices={"steal_go": True}, rolls=[50, 99, 90]))
    assert [r.purpose for r in rep.rolls[:2]] == ["steal", "catcher"]
    assert rep.rolls[1].result.startswith("×") and rep.outs == 2 and rep.runners == {}
    rep = run(pacific, ruleset, example("steal_stop", choices={}, rolls=[90, 1, 90]))
    assert rep.rolls[0].result == "picked_off" and ("steal_80", 1) in rep.rolls[1].modifiers


def test_double_steal_first_runner_then_join(pacific, ruleset):
    """9-2-3-6 double steal: the lead runner goes first; on ≤79 the other joins with his own SR."""
    rep = run(pacific, ruleset, example("double_steal"))
    steals = [r for r in rep.rolls if r.purpose == "steal"]
    assert [r.row for r in steals] == ["2nd→3rd SR 12", "1st→2nd SR 32"]
    assert rep.runners[3]["id"] == "SAP07" and rep.runners[2]["id"] == "SAP05"
    # 80 or more on the first steal: nobody else may go (join_steal never asked)
    rep = run(pacific, ruleset, example("double_steal", rolls=[85, 40, 85]))
    assert "join_steal" not in [c["choice"] for c in rep.choices_asked]
    assert any("never asked" in w for w in rep.warnings)


def test_no_check(pacific, ruleset):
    """9-2-3-6 no check: the first runner's steal succeeds without a roll; the others steal normally."""
    rep = run(pacific, ruleset, example("no_check"))
    # no die for the first runner: the first roll is the next runner's, at his base's normal SR
    assert all(1 <= r.raw <= 100 for r in rep.rolls)
    assert rep.runs == 1 and rep.runners[2]["id"] == "SAP05"
    assert rep.rolls[0].purpose == "steal" and rep.rolls[0].row == "1st→2nd SR 32"


def test_render_and_as_dict_carry_the_roll_log(pacific, ruleset):
    rep = run(pacific, ruleset, example("hit_and_run"))
    text = "\n".join(render(rep))
    assert "pitch roll 30 +2 platoon +5 hit_and_run = 37" in text and "Outcome:" in text
    d = rep.as_dict()
    r0 = d["steps"][0]["rolls"][0]
    assert set(r0) == {"purpose", "raw", "modifiers", "modified", "table", "row", "result"}
    assert {"source": "hit_and_run", "value": 5} in r0["modifiers"]
    assert d["after"]["runners"]["3"]["id"] == "SAP07"


def test_inline_cards_and_neutral_fielders(ruleset):
    """Players given inline (no league); fielders not given are neutral."""
    req = {
        "players": [
            {"id": "B1", "name": "Batter", "bats": "R", "batting": "5 30 40 50 70 85 95 100",
             "BT": 3, "RR": 2, "SR": 10, "DP": 4, "positions": "2B3"},
            {"id": "R1", "name": "Runner", "batting": "5 30 40 50 70 85 95 100",
             "BT": 1, "RR": 5, "SR": 50, "DP": 2, "positions": "CF4"},
            {"id": "P1", "name": "Pitcher", "throws": "R", "A": "10 20 50 55 60 75 90 100",
             "B": "10 20 50 55 60 75 90 100", "C": "10 20 50 55 60 75 90 100",
             "D": "10 20 50 55 60 75 90 100", "stability": "B", "bat": "C", "fielding": "P1"},
            {"id": "C1", "name": "Catcher", "batting": "5 30 40 50 70 85 95 100", "BT": 1,
             "RR": 1, "SR": 1, "DP": 1, "positions": "C3", "arm": 2, "block": 1, "lead": 0},
        ],
        "batter": "B1", "pitcher": "P1", "fielders": {"C": "C1"}, "runners": {"1": "R1"},
        "offense": {"strategy": "steal", "base": 1}, "choices": {"bonus": None},
        "rolls": [2, 95],
    }
    rep = referee(req, league=None, ruleset=ruleset)
    assert [r.result for r in rep.rolls[:1]] == ["bonus"]
    assert rep.runners == {2: {"id": "R1", "name": "Runner"}} and rep.outs == 1
    assert ("platoon", 2) in rep.rolls[1].modifiers and rep.rolls[1].result == "K"


# ------------------------------------------------------------------------------ errors
@pytest.mark.parametrize("changes,error,message", [
    ({"batter": "NOPE1"}, LeagueError, "batter: unknown player 'NOPE1'"),
    ({"rolls": [3]}, DiceError, "ran out of rolls: all 1 were used and a steal roll was needed"),
    ({"rolls": [3, 30, 101]}, DiceError, "rolls: roll 3: die roll 101 is outside 1..100"),
    ({"choices": {}}, DecisionError, "choice 'bonus' is needed but not given"),
    ({"runners": {}}, DecisionError, "steal: nobody is on base"),
    ({"runners": {"1": "SAP07", "2": "SAP05"}}, DecisionError,
     "steal: the runner on 1st cannot steal 2nd: 2nd is taken"),
    ({"offense": "hit_and_run", "runners": {}}, DecisionError, "hit-and-run: the bases are empty"),
    ({"offense": "squeeze"}, DecisionError, "squeeze: needs a runner on 3rd"),
    ({"defense": {"strategy": "ibb", "infield_in": True}, "offense": "none"}, DecisionError,
     "the defense cannot declare both an intentional walk (ibb) and infield in"),
    ({"defense": ["ibb", "infield_in"], "offense": "none"}, DecisionError, "both an intentional walk"),
    ({"defense": "ibb"}, DecisionError, "the offense cannot declare steal"),
    ({"offense": {"strategy": "double_steal"}}, DecisionError, "double steal: needs two or more runners"),
    ({"fielders": {"SS": "SEN11"}}, LeagueError, "fielders.C: the defense needs a catcher"),
    ({"fielders": {"C": "SEN11"}}, LeagueError, "fielders.C: 菊地 陽向 (SEN11) cannot play C"),
    ({"offense": "fly"}, LeagueError, "offense: unknown strategy 'fly'"),
])
def test_errors(pacific, ruleset, changes, error, message):
    with pytest.raises(error) as exc:
        run(pacific, ruleset, example("steal_bonus", **changes))
    assert message in str(exc.value)


def test_missing_choice_of_a_runner_named_by_base(pacific, ruleset):
    with pytest.raises(DecisionError, match="runner on 2nd"):
        run(pacific, ruleset, example("aggressive", choices={"send": {"1": True}}))


def test_leftover_rolls_are_a_warning(pacific, ruleset):
    rep = run(pacific, ruleset, example("steal_bonus", rolls=[3, 30, 49, 12, "00"]))
    assert rep.rolls_left == [12, "00"] or rep.rolls_left == [12, 100] or rep.rolls_left[0] == 12
    assert rep.warnings == ["2 rolls left over unused: 12, 00"]


# ------------------------------------------------------------------------------ CLI
def test_cli_text_and_json():
    res = runner.invoke(app, ["referee", str(EXAMPLES / "steal_bonus.json")])
    assert res.exit_code == 0, res.output
    assert "steal roll 3 -> steal [1st→2nd SR 46]: bonus" in res.output
    assert "Outcome: 中島 慎吾: walk" in res.output
    res = runner.invoke(app, ["referee", str(EXAMPLES / "steal_bonus.json"), "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [r["result"] for s in data["steps"] for r in s["rolls"] if r["purpose"] == "steal"] \
        == ["bonus", "stolen"]
    assert data["after"]["runners"]["3"]["id"] == "SAP07" and data["after"]["outs"] == 0
    assert data["choices_asked"][0]["choice"] == "bonus"


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.json")))
def test_cli_every_example_runs(name):
    res = runner.invoke(app, ["referee", str(EXAMPLES / f"{name}.json"), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["warnings"] == []


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "the request must be a JSON object"),
    (json.dumps(example("steal_bonus", batter="NOPE1")), "batter: unknown player 'NOPE1'"),
    (json.dumps(example("steal_bonus", rolls=[3])), "ran out of rolls"),
    (json.dumps(example("steal_bonus", choices={})), "choice 'bonus' is needed but not given"),
    (json.dumps(example("steal_bonus", runners={})), "steal: nobody is on base"),
    (json.dumps(example("steal_bonus", league="no/such/league")), "no such league folder"),
    (json.dumps(example("steal_bonus", ruleset="nosuch")), "no shipped ruleset 'nosuch'"),
])
def test_cli_errors_one_line_exit_1(tmp_path, content, message):
    f = tmp_path / "req.json"
    f.write_text(content, encoding="utf-8")
    res = runner.invoke(app, ["referee", str(f)])
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"impact referee: {f}: ")
    assert message in lines[0]
    assert "Traceback" not in res.output


def test_cli_missing_file(tmp_path):
    res = runner.invoke(app, ["referee", str(tmp_path / "none.json")])
    assert res.exit_code == 2 and "no such file" in res.output
