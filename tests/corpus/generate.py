"""Write the corpus of malformed inputs (issue 10 part 4): `python tests/corpus/generate.py`.

Each case is one defect in an otherwise good input, so its refusal can only come from that
defect: the good bases are written beside them (`_base/`) and a test checks they are accepted.
`cases.json` lists every case: the command that reads it and a fragment the one-line refusal
must contain (the place and the problem). The files are committed; re-run this after changing a
case. Hand-written cases may be added to cases.json directly.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MINI = ROOT / "sample_leagues" / "mini"
STANDARD = ROOT / "league" / "rulesets" / "standard.toml"

cases: dict[str, dict] = {}


def case(kind: str, name: str, command: str, expect: str) -> Path:
    rel = f"{kind}/{name}"
    cases[rel] = {"command": command, "expect": expect}
    return HERE / rel


def write(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")


# ------------------------------------------------------------------ league folders
TOML = (MINI / "league.toml").read_text(encoding="utf-8")
BAT = (MINI / "batters.csv").read_text(encoding="utf-8")
PIT = (MINI / "pitchers.csv").read_text(encoding="utf-8")
BAT_LINES = BAT.splitlines()
PIT_LINES = PIT.splitlines()


def cell(lines: list[str], row: int, col: int, value: str) -> str:
    out = list(lines)
    cells = out[row].split(",")
    cells[col] = value
    out[row] = ",".join(cells)
    return "\n".join(out) + "\n"


def folder(name: str, expect: str, *, toml: str | bytes = TOML, bat: str | bytes = BAT,
           pit: str | bytes = PIT, missing: str = "") -> None:
    d = case("league_folder", name, "league import", expect)
    for fname, text in (("league.toml", toml), ("batters.csv", bat), ("pitchers.csv", pit)):
        if fname != missing:
            write(d / fname, text)


write(HERE / "_base" / "league_folder" / "league.toml", TOML)
write(HERE / "_base" / "league_folder" / "batters.csv", BAT)
write(HERE / "_base" / "league_folder" / "pitchers.csv", PIT)

B = BAT_LINES[0].split(",")
P = PIT_LINES[0].split(",")
folder("toml_not_toml", "league.toml line", toml="name = \n[teams\n")
folder("toml_unknown_key", "colour", toml=TOML.replace('dh = false', 'dh = false\ncolour = "red"'))
folder("toml_dh_text", "dh", toml=TOML.replace("dh = false", 'dh = "no"'))
folder("toml_huge_int", "digits", toml=TOML.replace("roster_size = 28", "roster_size = " + "9" * 5000))
folder("toml_deep", "nested too deep", toml=TOML + "x = " + "[" * 3000 + "]" * 3000 + "\n")
folder("toml_nul", "NUL", toml=TOML.replace('code = "MINI"', 'code = "MI\x00NI"'))
folder("toml_duplicate_key", "league.toml line", toml=TOML.replace('code = "MINI"', 'code = "MINI"\ncode = "X"'))
folder("toml_no_teams", "team", toml=TOML.split("[[teams]]")[0])
folder("toml_team_twice", "KOB", toml=TOML + '\n[[teams]]\ncode = "KOB"\nname = "again"\nshort = "再"\n')
folder("toml_extra_innings_text", "extra_innings", toml=TOML.replace("extra_innings = 12", 'extra_innings = "12"'))
folder("toml_not_utf8", "UTF-8", toml=TOML.encode("shift_jis"))
folder("toml_missing", "league.toml", missing="league.toml")
folder("batters_missing", "batters.csv", missing="batters.csv")
folder("pitchers_missing", "pitchers.csv", missing="pitchers.csv")
folder("bat_superscript_bound", "line 2, column", bat=cell(BAT_LINES, 1, B.index("1B"), "2²"))
folder("bat_arabic_digit", "line 2, column", bat=cell(BAT_LINES, 1, B.index("BB"), "٤"))
folder("bat_negative_bound", "line 3, column", bat=cell(BAT_LINES, 2, B.index("LG"), "-4"))
folder("bat_bound_over_100", "line 2, column K", bat=cell(BAT_LINES, 1, B.index("K"), "101"))
folder("bat_bounds_backwards", "line 4, column", bat=cell(BAT_LINES, 3, B.index("HR"), "1"))
folder("bat_huge_number", "line 2, column", bat=cell(BAT_LINES, 1, B.index("BT"), "9" * 5000))
folder("bat_bt_out_of_range", "line 2, column BT", bat=cell(BAT_LINES, 1, B.index("BT"), "500"))
folder("bat_unknown_team", "ZZZ", bat=cell(BAT_LINES, 1, B.index("team"), "ZZZ"))
folder("bat_bad_hand", "line 2, column bats", bat=cell(BAT_LINES, 1, B.index("bats"), "Q"))
folder("bat_bad_position", "line 2, column positions", bat=cell(BAT_LINES, 1, B.index("positions"), "QB9"))
folder("bat_duplicate_id", "KYO01", bat=cell(BAT_LINES, 2, B.index("id"), "KYO01"))
folder("bat_short_row", "line 2", bat="\n".join([BAT_LINES[0], "KYO,KYO01,x"] + BAT_LINES[2:]) + "\n")
folder("bat_unknown_column", "line 1", bat=BAT.replace("lead\n", "lead,speed\n", 1))
folder("bat_missing_column", "line 1", bat=BAT.replace(",lead\n", "\n", 1))
folder("bat_nul", "NUL", bat=BAT.replace("小山", "小\x00山", 1))
folder("bat_not_utf8", "UTF-8", bat=BAT.encode("shift_jis", errors="replace"))
folder("bat_empty_name", "line 2, column name", bat=cell(BAT_LINES, 1, B.index("name"), ""))
folder("bat_catcher_no_arm", "line 2, column arm", bat=cell(BAT_LINES, 1, B.index("arm"), ""))
folder("pit_bad_bounds", "line 2, column A", pit=cell(PIT_LINES, 1, P.index("A"), "3 - 27 30 32 56 73"))
folder("pit_superscript", "line 2, column B", pit=cell(PIT_LINES, 1, P.index("B"), "3 - 35 39 41 63 79 1⁰⁰"))
folder("pit_bad_stability", "line 3, column stability", pit=cell(PIT_LINES, 2, P.index("stability"), "Z"))
folder("pit_innings_text", "line 2, column innings", pit=cell(PIT_LINES, 1, P.index("innings"), "six"))
folder("pit_innings_zero", "line 2, column innings", pit=cell(PIT_LINES, 1, P.index("innings"), "0"))
folder("pit_bad_bat_rank", "line 2, column bat", pit=cell(PIT_LINES, 1, P.index("bat"), "Z+"))
folder("pit_no_p_fielding", "line 2, column fielding", pit=cell(PIT_LINES, 1, P.index("fielding"), "1B2"))
folder("pit_huge_rest", "line 2, column rest", pit=cell(PIT_LINES, 1, P.index("rest"), "1" * 4000))

# ------------------------------------------------------------------ league JSON documents


def base_document() -> dict:
    import tempfile

    from tui import services as sv
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "base.sqlite3")
        sv.create_league(db, "mini", str(MINI))
        sv.new_season(db, "mini", games_per_opponent=2, seed=3)
        sv.sim_days(db, "mini", days=1)
        doc = json.loads(sv.export_league(db, "mini", None, "json") or "{}")
        sv.close_all()
    season = doc["seasons"][0]
    for g in season["games"]:  # the parts of the log the checks read; plays and rolls left out
        g["log"] = {k: g["log"][k] for k in ("innings", "hits", "errors", "winner",
                                             "final_inning", "decisions")}
    return doc


DOC = base_document()
write(HERE / "_base" / "league.json", json.dumps(DOC, ensure_ascii=False))
G = "seasons[0].games[0]"
BATF = ("pa", "ab", "r", "h", "2b", "3b", "hr", "rbi", "bb", "ibb", "hbp", "so", "sb", "cs", "sh",
        "sf", "gidp", "e")
PITF = ("outs", "bf", "h", "hr", "bb", "ibb", "hbp", "so", "r", "er", "wp", "bk")


def doc_case(name: str, expect: str, change=None, *, text: str | None = None) -> None:
    path = case("league_json", f"{name}.json", "league import", expect)
    if text is None:
        d = copy.deepcopy(DOC)
        change(d)
        text = json.dumps(d, ensure_ascii=False)
    write(path, text)


def game(d: dict) -> dict:
    return d["seasons"][0]["games"][0]


def batting_line(d: dict, side: int, field: str) -> list:
    return next(ln for ln in game(d)["batting"] if ln[0] == side and ln[4 + BATF.index(field)] > 0)


def first_index(d: dict, key: str, pred) -> int:
    return next(i for i, ln in enumerate(game(d)[key]) if pred(ln))


def set_bat(d, field, delta, side=None):
    g = game(d)
    i = first_index(d, "batting", lambda ln: (side is None or ln[0] == side)
                    and ln[4 + BATF.index(field)] > 0)
    g["batting"][i][4 + BATF.index(field)] += delta
    return i


BASE_TEXT = json.dumps(DOC, ensure_ascii=False)
bi = first_index(DOC, "batting", lambda ln: ln[4 + BATF.index("h")] > 0)
doc_case("negative_hits", f"{G}.batting[{bi}].h: -1 is negative",
         lambda d: game(d)["batting"][bi].__setitem__(4 + BATF.index("h"), -1))
doc_case("hits_disagree", f"{G}.batting", lambda d: set_bat(d, "h", 1))
doc_case("runs_disagree", f"{G}.batting", lambda d: game(d)["batting"][0].__setitem__(4 + BATF.index("r"), game(d)["batting"][0][4 + BATF.index("r")] + 1))
doc_case("line_score_negative", f"{G}.log.innings[0][0]", lambda d: game(d)["log"]["innings"][0].__setitem__(0, -1))
doc_case("winner_wrong", f"{G}.log.winner", lambda d: game(d)["log"].__setitem__("winner", 1 - (game(d)["log"]["winner"] or 0)))
doc_case("winner_text", f"{G}.log.winner", lambda d: game(d)["log"].__setitem__("winner", "home"))
doc_case("outs_too_few", f"{G}.pitching", lambda d: game(d)["pitching"][0].__setitem__(6, game(d)["pitching"][0][6] - 1))
doc_case("outs_too_many", f"{G}.pitching", lambda d: game(d)["pitching"][0].__setitem__(6, game(d)["pitching"][0][6] + 3))
doc_case("pitcher_runs_disagree", f"{G}.pitching", lambda d: game(d)["pitching"][0].__setitem__(6 + PITF.index("r"), game(d)["pitching"][0][6 + PITF.index("r")] + 2))
doc_case("negative_walks", f"{G}.pitching[0].bb: -3 is negative", lambda d: game(d)["pitching"][0].__setitem__(6 + PITF.index("bb"), -3))
doc_case("fielding_negative", f"{G}.fielding[0].po", lambda d: game(d)["fielding"][0].__setitem__(3, -1))
doc_case("count_absurd", f"{G}.batting[0].so", lambda d: game(d)["batting"][0].__setitem__(4 + BATF.index("so"), 100000))
doc_case("count_float", f"{G}.batting[0].bb", lambda d: game(d)["batting"][0].__setitem__(4 + BATF.index("bb"), 1.5))
doc_case("count_bool", f"{G}.batting[0].ab", lambda d: game(d)["batting"][0].__setitem__(4 + BATF.index("ab"), True))
doc_case("line_short", f"{G}.batting[2]", lambda d: game(d)["batting"][2].pop())
doc_case("line_wrong_team", f"{G}.batting[0][1]", lambda d: game(d)["batting"][0].__setitem__(1, "ZZZ"))
doc_case("line_unknown_player", f"{G}.pitching[0][2]", lambda d: game(d)["pitching"][0].__setitem__(2, "NOBODY"))
doc_case("line_bad_side", f"{G}.fielding[0][0]", lambda d: game(d)["fielding"][0].__setitem__(0, 2))
doc_case("bad_decision", f"{G}.pitching[0][3]", lambda d: game(d)["pitching"][0].__setitem__(3, "X"))
doc_case("two_starters", f"{G}.pitching", lambda d: [ln.__setitem__(4, True) for ln in game(d)["pitching"]])
doc_case("duplicate_game", "seasons[0].games[1].number: game", lambda d: d["seasons"][0]["games"].append(copy.deepcopy(game(d))))
doc_case("game_not_scheduled", f"{G}.number", lambda d: game(d).__setitem__("number", 99999))
doc_case("duplicate_schedule_number", "seasons[0].schedule[1][0]", lambda d: d["seasons"][0]["schedule"][1].__setitem__(0, d["seasons"][0]["schedule"][0][0]))
doc_case("schedule_bad_date", "seasons[0].schedule[0][1]", lambda d: d["seasons"][0]["schedule"][0].__setitem__(1, "2026-02-30"))
doc_case("schedule_unknown_team", "seasons[0].schedule[0][2]", lambda d: d["seasons"][0]["schedule"][0].__setitem__(2, "ZZZ"))
doc_case("schedule_self", "seasons[0].schedule[0]", lambda d: d["seasons"][0]["schedule"][0].__setitem__(3, d["seasons"][0]["schedule"][0][2]))
doc_case("innings_uneven", f"{G}.log.innings[1]", lambda d: game(d)["log"]["innings"][1].extend([0, 0]))
doc_case("hits_text", f"{G}.log.hits[0]", lambda d: game(d)["log"]["hits"].__setitem__(0, "4"))
doc_case("season_seed_text", "seasons[0].seed", lambda d: d["seasons"][0].__setitem__("seed", "x"))
doc_case("season_start_bad", "seasons[0].start", lambda d: d["seasons"][0].__setitem__("start", "yesterday"))
doc_case("rest_unknown_player", "seasons[0].rest.NOBODY", lambda d: d["seasons"][0]["rest"].__setitem__("NOBODY", ["2026-04-01", 0]))
doc_case("rest_negative_fatigue", "seasons[0].rest", lambda d: d["seasons"][0]["rest"].__setitem__(next(iter(d["seasons"][0]["rest"])), ["2026-04-01", -2]))
doc_case("games_not_list", "seasons[0].games", lambda d: d["seasons"][0].__setitem__("games", {"0": 1}))
doc_case("season_missing_schedule", "seasons[0]: missing key 'schedule'", lambda d: d["seasons"][0].pop("schedule"))
doc_case("seasons_not_list", "seasons", lambda d: d.__setitem__("seasons", "all"))
doc_case("option_unknown", "option", lambda d: d["league"].__setitem__("options", {"infield_fly_rule": True}))
doc_case("option_wrong_type", "option innings", lambda d: d["league"].__setitem__("options", {"innings": "nine"}))
doc_case("option_out_of_range", "option innings", lambda d: d["league"].__setitem__("options", {"innings": 0}))
doc_case("option_fatigue_negative", "option fatigue_step", lambda d: d["league"].__setitem__("options", {"fatigue_step": -5}))
doc_case("ruleset_unknown", "ruleset", lambda d: d["league"].__setitem__("ruleset", "fancy"))
doc_case("ruleset_path", "ruleset", lambda d: d["league"].__setitem__("ruleset", "/etc/passwd"))
doc_case("card_superscript", "batters[0]", lambda d: d["batters"][0].__setitem__("1B", "2³"))
doc_case("card_fullwidth_over", "batters[0]", lambda d: d["batters"][0].__setitem__("K", "１０１"))
doc_case("card_not_text", "batters[0]", lambda d: d["batters"][0].__setitem__("BT", 3))
doc_case("wrong_format", "not an Impact League document", lambda d: d.__setitem__("format", "other"))
doc_case("wrong_version", "version", lambda d: d.__setitem__("version", 99))
doc_case("duplicate_key", "duplicate key 'code'",
         text=BASE_TEXT.replace('"code": "MINI",', '"code": "MINI", "code": "MINO",', 1))
doc_case("huge_number", "digits", text=BASE_TEXT.replace('"version": 1', '"version": 1' + "0" * 5000, 1))
doc_case("deep_nesting", "nested more than", text=BASE_TEXT.rstrip()[:-1] + ', "x": ' + "[" * 5000 + "]" * 5000 + "}\n")
doc_case("nan", "NaN", text=BASE_TEXT.replace('"version": 1', '"version": NaN', 1))
doc_case("nul_escape", "NUL", text=BASE_TEXT.replace('"MINI"', '"MI\\u0000NI"', 1))
doc_case("truncated", "not valid JSON", text=BASE_TEXT[: len(BASE_TEXT) // 2])
doc_case("not_object", "not an Impact League document", text="[1, 2, 3]\n")

# ------------------------------------------------------------------ rulesets
RS = STANDARD.read_text(encoding="utf-8")


def rules(name: str, expect: str, old: str | None = None, new: str = "", *, text: str | None = None) -> None:
    path = case("ruleset", f"{name}.toml", "rules check", expect)
    if text is None:
        assert old is not None and old in RS, old
        text = RS.replace(old, new, 1)
    write(path, text)


write(HERE / "_base" / "ruleset.toml", RS)
rules("innings_zero", "key innings: 0 is outside 1..30", "innings = 9", "innings = 0")
rules("innings_text", "key innings", "innings = 9", 'innings = "nine"')
rules("extra_before_last", "key extra_innings", "extra_innings = 12", "extra_innings = 5")
rules("fatigue_negative", "key fatigue_step", "fatigue_step = 5", "fatigue_step = -5")
rules("arm_bonus_zero", "key steal_arm_bonus_from", "steal_arm_bonus_from = 80", "steal_arm_bonus_from = 0")
rules("pickoff_unknown", "key pickoff_second", 'pickoff_second = "double"', 'pickoff_second = "triple"')
rules("option_unknown", "key designated_runner", "dh = true", "dh = true\ndesignated_runner = true")
rules("dh_number", "key dh", "dh = true", "dh = 1")
# the shipped values (a retune of the standard ruleset changes them, not the cases)
INFIELD_ERROR = re.search(r"^infield_error = \d+$", RS, re.M).group(0)    # type: ignore[union-attr]
X_BOUNDS = re.search(r'^bounds = "[\d ]+"$', RS, re.M).group(0)         # type: ignore[union-attr]
rules("error_value_zero", "key infield_error: 0 is outside 1..100", INFIELD_ERROR, "infield_error = 0")
rules("fine_value_over", "key outfield_fine: 101 is outside 1..100", "outfield_fine = 97", "outfield_fine = 101")
rules("fine_value_text", "key overall_fine", "overall_fine = 99", 'overall_fine = "99"')
rules("defence_missing", "key overall_fine", "overall_fine = 99\n", "")
rules("sub_innings_zero", "sub_pitchers, list A, innings", "innings = 1.0", "innings = 0.0")
rules("sub_innings_negative", "sub_pitchers, list A, innings", "innings = 1.0", "innings = -1.0")
rules("sub_innings_text", "sub_pitchers, list A, innings", "innings = 1.0", 'innings = "one"')
rules("sub_rest_negative", "sub_pitchers, list A, rest", "rest = 1", "rest = -1")
rules("sub_stability_bad", "sub_pitchers, list A, stability", 'stability = "B"', 'stability = "Q"')
rules("sub_bat_bad", "sub_pitchers, list A, bat", 'bat = "C"', 'bat = "Z"')
rules("catcher_out_from_zero", "table catcher, out_from", "out_from = [76,", "out_from = [0,")
rules("catcher_increasing", "table catcher, out_from", "out_from = [76, 68,", "out_from = [68, 76,")
rules("catcher_unequal", "table catcher", "out_from = [76, 68, 61, 55, 49, 43, 38]", "out_from = [76, 68]")
rules("crossplay_safe_over", "table crossplay, safe", "safe = [40,", "safe = [140,")
rules("crossplay_decreasing", "table crossplay, safe", "safe = [40, 50,", "safe = [50, 40,")
rules("crossplay_not_list", "table crossplay, rr", "rr = [0, 1, 2, 3, 4, 5, 6]", 'rr = "0 1 2"')
rules("condition_backwards", "table condition, row B", 'B = "2 14 82 98 100"', 'B = "2 14 82 70 100"')
rules("condition_short", "table condition, row C", 'C = "1 8 78 97 100"', 'C = "1 8 100"')
rules("condition_superscript", "table condition, row A", 'A = "4 22 92 - 100"', 'A = "4 2² 92 - 100"')
rules("x_unknown_code", "table x, columns", 'columns = ["PB+",', 'columns = ["ZZ",')
rules("x_bounds_short", "table x, bounds", X_BOUNDS, 'bounds = "4 12 100"')
rules("platoon_missing", "table platoon, key LS", "LS = -1\n", "")
rules("platoon_huge", "table platoon, key RR", "RR = 2\n", "RR = 2000\n")
rules("table_error_over", "table single, error", 'error = "overall"', "error = 101")
rules("table_error_unknown", "table single, error", 'error = "overall"', 'error = "middle"')
rules("table_fine_zero", "table single, fine", 'fine = [["F", "overall"]]', 'fine = [["F", 0]]')
rules("table_bound_over", "table single, row", "{ upto = 98, result", "{ upto = 198, result")
rules("table_bounds_backwards", "table single, row ~5", "{ upto = 50, result", "{ upto = 5, result")
rules("table_result_short", "table long, row ~16", '{ upto = 16, result = "3・4・4・4" }', '{ upto = 16, result = "3・4・4" }')
rules("table_token_bad", "table single, row ~12", '{ upto = 12, result = "1・3・○・4" }', '{ upto = 12, result = "1・3・Q・4" }')
rules("table_runner_back", "table single, row ~98", '{ upto = 98, result = "1・2・3・4" }', '{ upto = 98, result = "1・2・1・4" }')
rules("table_aggressive_text", "aggressive_only", "aggressive_only = true, result = \"×・1・2・3\"", "aggressive_only = \"yes\", result = \"×・1・2・3\"")
rules("table_unknown_key", "unknown key 'colour'", '[tables.single]\nname = "単打守備表"', '[tables.single]\ncolour = "red"\nname = "単打守備表"')
rules("table_unknown", "table bunt: unknown defense table", text=RS + '\n[tables.bunt]\nname = "x"\n')
rules("table_missing", "table home_run: missing",
      text=re.sub(r"\[tables\.home_run\].*?(?=\[tables\.)", "", RS, count=1, flags=re.S))
rules("unknown_top_level", "top level", 'name = "standard"', 'name = "standard"\nversion = 2')
rules("name_missing", "top level", 'name = "standard"\n', "")
rules("malformed", "line", text="name = \n[platoon\n")
rules("huge_int", "digits", "RR = 2\n", "RR = " + "2" * 5000 + "\n")
rules("deep_nesting", "nested too deep", text=RS + "\nzz = " + "[" * 3000 + "]" * 3000 + "\n")
rules("nul", "NUL", 'description = "Impact League standard ruleset v1"', 'description = "Impact\x00League"')

# ------------------------------------------------------------------ referee requests
REQ = json.loads((ROOT / "docs" / "referee_examples" / "steal_bonus.json").read_text(encoding="utf-8"))
REQ.pop("comment", None)
write(HERE / "_base" / "referee.json", json.dumps(REQ, ensure_ascii=False, indent=1))
RT = json.dumps(REQ, ensure_ascii=False, indent=1)


def ref(name: str, expect: str, change=None, *, text: str | None = None) -> None:
    path = case("referee", f"{name}.json", "referee", expect)
    if text is None:
        d = copy.deepcopy(REQ)
        change(d)
        text = json.dumps(d, ensure_ascii=False, indent=1)
    write(path, text)


ref("runner_from_fielding_side", "runners.1", lambda d: d["runners"].__setitem__("1", "SEN05"))
ref("batter_from_fielding_side", "batter", lambda d: d.__setitem__("batter", "SEN02"))
ref("pitcher_of_batting_side", "pitcher", lambda d: d.__setitem__("pitcher", "SAP16"))
ref("fielder_of_batting_side", "fielders.CF", lambda d: d["fielders"].__setitem__("CF", "SAP08"))
ref("score_list", "score", lambda d: d.__setitem__("score", [3, 3]))
ref("score_one_side", "score", lambda d: d.__setitem__("score", {"away": 3}))
ref("score_extra_key", "score", lambda d: d.__setitem__("score", {"away": 3, "home": 3, "visitors": 1}))
ref("score_negative", "score.home", lambda d: d["score"].__setitem__("home", -1))
ref("score_text", "score.away", lambda d: d["score"].__setitem__("away", "3"))
ref("score_huge", "digits", text=RT.replace('"away": 3', '"away": 3' + "0" * 4000, 1))
ref("player_on_two_bases", "runners.2", lambda d: d["runners"].__setitem__("2", "SAP07"))
ref("batter_on_base", "runners.1", lambda d: d["runners"].__setitem__("1", "SAP03"))
ref("outs_three", "outs", lambda d: d.__setitem__("outs", 3))
ref("outs_negative", "outs", lambda d: d.__setitem__("outs", -1))
ref("outs_text", "outs", lambda d: d.__setitem__("outs", "one"))
ref("inning_zero", "inning", lambda d: d.__setitem__("inning", 0))
ref("inning_past_extras", "inning", lambda d: d.__setitem__("inning", 40))
ref("half_middle", "half", lambda d: d.__setitem__("half", "middle"))
ref("runner_base_four", "runners key", lambda d: d["runners"].__setitem__("4", "SAP08"))
ref("runner_base_superscript", "runners key", lambda d: d.__setitem__("runners", {"²": "SAP07"}))
ref("runner_unknown", "runners.1", lambda d: d["runners"].__setitem__("1", "NOBODY"))
ref("runners_list", "runners", lambda d: d.__setitem__("runners", ["SAP07"]))
ref("no_catcher", "fielders.C", lambda d: d["fielders"].pop("C"))
ref("fielder_bad_position", "fielders", lambda d: d["fielders"].__setitem__("QB", "SEN02"))
ref("fielder_cannot_play", "fielders.C", lambda d: d["fielders"].__setitem__("C", "SEN09"))
ref("fielder_twice", "fielders", lambda d: d["fielders"].__setitem__("LF", "SEN07"))
ref("pitcher_not_pitcher", "pitcher", lambda d: d.__setitem__("pitcher", "SEN05"))
ref("batter_missing", "batter", lambda d: d.pop("batter"))
ref("condition_bad", "condition", lambda d: d.__setitem__("condition", "E"))
ref("roll_zero", "rolls", lambda d: d.__setitem__("rolls", [0, 30, 45]))
ref("roll_fullwidth_over", "rolls", lambda d: d.__setitem__("rolls", ["１０１", 30, 45]))
ref("roll_superscript", "rolls", lambda d: d.__setitem__("rolls", ["3²", 30, 45]))
ref("roll_object", "rolls", lambda d: d.__setitem__("rolls", [{"d": 3}, 30, 45]))
ref("rolls_not_list", "rolls", lambda d: d.__setitem__("rolls", "3 30 45"))
ref("unknown_key", "unknown key 'wind'", lambda d: d.__setitem__("wind", "strong"))
ref("unknown_choice", "choices", lambda d: d["choices"].__setitem__("pray", True))
ref("unknown_strategy", "offense", lambda d: d.__setitem__("offense", "suicide"))
ref("steal_empty_base", "steal", lambda d: d.__setitem__("offense", {"strategy": "steal", "base": 2}))
ref("duplicate_key", "duplicate key 'batter'", text=RT.replace('"batter": "SAP03",', '"batter": "SAP03",\n "batter": "SAP04",', 1))
ref("nan_inning", "NaN", text=RT.replace('"inning": 8', '"inning": NaN', 1))
ref("deep_nesting", "nested more than", text='{"players": ' + "[" * 4000 + "]" * 4000 + "}")
ref("nul_name", "NUL", text=RT.replace('"SAP03"', '"SAP\\u000003"', 1))
ref("not_json", "not valid JSON", text="{batter: SAP03}")
ref("not_object", "must be a JSON object", text="[]")
ref("inline_card_bad", "player X1", lambda d: d.__setitem__("players", [{"id": "X1", "batting": "5 25 30"}]))

# ------------------------------------------------------------------ troop files and slips
NAMES = [f"p{i}" for i in range(1, 11)]
PLAY = {"players": NAMES, "strengths": [15, 25, 45],
        "rounds": [dict(zip(NAMES, r)) for r in ([2, 4, 5, 12, 18, 19, 21, 21, 25, 30],
                                                [45, 30, 27, 25, 20, 17, 10, 9, 6, 6],
                                                [0, 50, 50, 43, 30, 49, 51, 53, 50, 48])]}
SCORE = {"strength": 45, "slips": dict(zip(NAMES, [2, 4, 5, 12, 18, 19, 21, 21, 25, 30]))}
write(HERE / "_base" / "troop_play.json", json.dumps(PLAY, ensure_ascii=False))
write(HERE / "_base" / "troop_score.json", json.dumps(SCORE, ensure_ascii=False))


def troop(kind: str, command: str, name: str, expect: str, base: dict, change=None, *,
          text: str | None = None) -> None:
    path = case(kind, f"{name}.json", command, expect)
    if text is None:
        d = copy.deepcopy(base)
        change(d)
        text = json.dumps(d, ensure_ascii=False)
    write(path, text)


PT = json.dumps(PLAY)
ST = json.dumps(SCORE)
troop("troop", "troop play", "two_rounds", "exactly 3 rounds", PLAY, lambda d: d["rounds"].pop())
troop("troop", "troop play", "five_players", "6–15 players", PLAY, lambda d: d.update(players=NAMES[:5], rounds=[dict.fromkeys(NAMES[:5], 1)] * 3))
troop("troop", "troop play", "player_twice", "p1", PLAY, lambda d: d["players"].__setitem__(1, "p1"))
troop("troop", "troop play", "strength_text", "strength", PLAY, lambda d: d["strengths"].__setitem__(1, "strong"))
troop("troop", "troop play", "strength_negative", "strength", PLAY, lambda d: d["strengths"].__setitem__(0, -5))
troop("troop", "troop play", "strengths_not_list", "strengths", PLAY, lambda d: d.__setitem__("strengths", 15))
troop("troop", "troop play", "unknown_key", "unknown key 'extra'", PLAY, lambda d: d.__setitem__("extra", 1))
troop("troop", "troop play", "missing_rounds", "missing key 'rounds'", PLAY, lambda d: d.pop("rounds"))
troop("troop", "troop play", "stranger_slip", "'zed' is not one of the players", PLAY, lambda d: d["rounds"][1].__setitem__("zed", 4))
troop("troop", "troop play", "missing_slip", "no slip for 'p4'", PLAY, lambda d: d["rounds"][0].pop("p4"))
troop("troop", "troop play", "house_k_text", "house-rule k", PLAY, lambda d: d.__setitem__("house_k", "two"))
troop("troop", "troop play", "house_k_too_big", "house-rule k", PLAY, lambda d: d.__setitem__("house_k", 9))
troop("troop", "troop play", "duplicate_key", "duplicate key 'players'", PLAY, text=PT.replace('{"players"', '{"players": [], "players"', 1))
troop("troop", "troop play", "not_json", "not valid JSON", PLAY, text=PT[:40])
troop("troop", "troop play", "not_object", "must be a JSON object", PLAY, text="[1, 2]")
troop("troop", "troop play", "deep", "nested more than", PLAY, text='{"players": ' + "[" * 3000 + "]" * 3000 + "}")
troop("troop", "troop score", "strength_text", "strength", SCORE, lambda d: d.__setitem__("strength", "abc"))
troop("troop", "troop score", "troops_unknown_player", "zz", SCORE, lambda d: d.__setitem__("troops_left", {"zz": 3}))
troop("troop", "troop score", "troops_over_100", "p1", SCORE, lambda d: d.__setitem__("troops_left", {"p1": 300}))
troop("troop", "troop score", "slips_list", "slips must be a JSON object", SCORE, lambda d: d.__setitem__("slips", [1, 2]))
troop("troop", "troop score", "missing_strength", "missing key 'strength'", SCORE, lambda d: d.pop("strength"))
troop("troop", "troop score", "huge_strength", "digits", SCORE, text=ST.replace('"strength": 45', '"strength": 45' + "0" * 3000, 1))
troop("slips", "troop score", "slip_object", "the slip of 'p3' must be", SCORE, lambda d: d["slips"].__setitem__("p3", {"n": 5}))
troop("slips", "troop score", "slip_list", "the slip of 'p1' must be", SCORE, lambda d: d["slips"].__setitem__("p1", [5]))
troop("slips", "troop play", "slip_object_round3", "round 3: the slip of 'p2' must be", PLAY, lambda d: d["rounds"][2].__setitem__("p2", {"v": 1}))
troop("slips", "troop score", "slip_nul", "NUL", SCORE, text=ST.replace('"p1": 2', '"p1": "2\\u0000"', 1))
troop("slips", "troop score", "slip_huge_number", "digits", SCORE, text=ST.replace('"p1": 2', '"p1": 2' + "0" * 5000, 1))
troop("slips", "troop score", "slip_nan", "NaN", SCORE, text=ST.replace('"p1": 2', '"p1": NaN', 1))
troop("slips", "troop score", "slip_infinity", "Infinity", SCORE, text=ST.replace('"p1": 2', '"p1": Infinity', 1))
troop("slips", "troop score", "slip_float_huge", "too large", SCORE, text=ST.replace('"p1": 2', '"p1": 1e400', 1))
troop("slips", "troop score", "slip_duplicate_player", "duplicate key 'p1'", SCORE, text=ST.replace('"p1": 2', '"p1": 2, "p1": 3', 1))
troop("slips", "troop play", "slip_deep", "nested more than", PLAY, text=PT.replace('"p1": 2', '"p1": ' + "[" * 2000 + "]" * 2000, 1))
troop("slips", "troop score", "slip_name_nul", "NUL", SCORE, text=ST.replace('"p10"', '"p1\\u00000"', 1))

# ------------------------------------------------------------------ schedules and rolls
SCHED = "number,date,away,home,series\n1,2026-04-01,KYO,KOB,1\n2,2026-04-02,KOB,KYO,1\n"
write(HERE / "_base" / "schedule.csv", SCHED)


def sched(name: str, expect: str, text: str | bytes) -> None:
    write(case("schedule", f"{name}.csv", "season new --schedule", expect), text)


sched("unknown_team", "line 2", SCHED.replace("KYO,KOB", "KYO,ZZZ", 1))
sched("bad_date", "line 3", SCHED.replace("2026-04-02", "2026-04-31"))
sched("superscript_number", "line 2, column number", SCHED.replace("1,2026", "¹,2026", 1))
sched("huge_number", "line 2, column number", SCHED.replace("1,2026", "1" * 5000 + ",2026", 1))
sched("number_twice", "line 3", SCHED.replace("2,2026", "1,2026"))
sched("self_play", "line 2", SCHED.replace("KYO,KOB", "KYO,KYO", 1))
sched("bad_header", "line 1", SCHED.replace("series", "round"))
sched("day_name", "line 2", SCHED.replace("2026-04-01", "Wednesday"))
sched("nul", "NUL", SCHED.replace("KOB,1", "K\x00OB,1", 1))
sched("not_utf8", "cannot be read", SCHED.encode("utf-16"))

ROLLS = "# rolls\n34\n7\n00\n"
write(HERE / "_base" / "rolls.txt", ROLLS)


def rolls(name: str, expect: str, text: str | bytes) -> None:
    write(case("rolls", f"{name}.txt", "sim game --rolls", expect), text)


rolls("superscript", "line 3", ROLLS.replace("7\n", "7²\n"))
rolls("arabic_digit", "line 3", ROLLS.replace("7\n", "٧\n"))
rolls("zero", "line 2", ROLLS.replace("34", "0"))
rolls("over_100", "line 2", ROLLS.replace("34", "１０１"))
rolls("huge", "line 2", ROLLS.replace("34", "3" * 5000))
rolls("word", "line 4", ROLLS.replace("00", "double zero"))
rolls("not_utf8", "cannot read", "34\n".encode("utf-16"))

(HERE / "cases.json").write_text(json.dumps(cases, ensure_ascii=False, indent=1, sort_keys=True)
                                 + "\n", encoding="utf-8")
print(f"{len(cases)} cases written")
