"""Issue 10 part 4: a league's ruleset is a shipped one by name or one stored with the league,
never a file opened at simulation time; league options are type- and range-checked."""
from __future__ import annotations

import json
import shutil
from importlib import resources

import pytest

from league.errors import LeagueError
from storage.plainfiles import sample_league_path
from tui import services as sv

from league_db import _fresh_engines  # noqa: F401  (fixture)


def house_league(tmp_path):
    """The mini league naming its own ruleset file (a copy of standard, hit-and-run +7)."""
    folder = tmp_path / "house"
    shutil.copytree(sample_league_path("mini"), folder)
    text = (resources.files("league") / "rulesets" / "standard.toml").read_text(encoding="utf-8")
    text = text.replace('name = "standard"', 'name = "house"').replace(
        "hit_and_run_pitch = 5", "hit_and_run_pitch = 7")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house_rules.toml").write_text(text, encoding="utf-8")
    toml = (folder / "league.toml").read_text(encoding="utf-8")
    (folder / "league.toml").write_text(
        toml.replace('ruleset = "standard"', 'ruleset = "../rules/house_rules.toml"'),
        encoding="utf-8")
    return folder


def test_a_ruleset_file_is_stored_with_the_league_on_import(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    folder = house_league(tmp_path)
    sv.create_league(db, "house", str(folder))
    (tmp_path / "rules" / "house_rules.toml").unlink()   # never opened again
    sv.new_season(db, "house", games_per_opponent=1)
    report = sv.sim_days(db, "house", days=1)
    assert report.games > 0
    from storage import repository as repo
    from storage.db import session
    with session(sv.engine_for(db)) as s:
        row = repo.find_league(session=s, name="house")
        rs = repo.league_ruleset_of(session=s, league_id=row.id)
    assert rs.name == "house" and rs.options["hit_and_run_pitch"] == 7
    # exported beside league.toml, which names it; the export imports again
    out = tmp_path / "out"
    sv.export_league(db, "house", out, "plain")
    assert 'ruleset = "house_rules.toml"' in (out / "league.toml").read_text(encoding="utf-8")
    assert 'name = "house"' in (out / "house_rules.toml").read_text(encoding="utf-8")
    sv.create_league(db, "again", str(out))
    # and the JSON document carries it
    doc = json.loads(sv.export_league(db, "house", None, "json"))
    assert 'name = "house"' in doc["ruleset_toml"]
    path = tmp_path / "house.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    sv.create_league(db, "from-json", str(path))


def test_a_league_naming_a_missing_or_bad_ruleset_file_is_refused(tmp_path):
    db = str(tmp_path / "l.sqlite3")
    folder = house_league(tmp_path)
    (tmp_path / "rules" / "house_rules.toml").write_text("name = \"x\"\n[platoon]\nRR = 2\n",
                                                          encoding="utf-8")
    with pytest.raises(LeagueError, match=r"house_rules\.toml: table"):
        sv.create_league(db, "house", str(folder))
    (tmp_path / "rules" / "house_rules.toml").unlink()
    with pytest.raises(LeagueError, match="neither a shipped ruleset"):
        sv.create_league(db, "house", str(folder))
    assert sv.list_leagues(db) == []


@pytest.mark.parametrize("options,problem", [
    ({"innings": 0}, "option innings: 0 is outside 1..30"),
    ({"innings": "9"}, "option innings: '9' should be a whole number"),
    ({"dh": 1}, "option dh: 1 should be a bool"),
    ({"fatigue_step": -1}, "option fatigue_step: -1 is outside 0..100"),
    ({"extra_innings": 6}, "option extra_innings: 6 is before the last regular inning"),
    ({"pickoff_second": "never"}, 'option pickoff_second: must be "double" or "literal", not \'never\''),
    ({"walk_off": True}, "option walk_off: unknown option"),
])
def test_league_options_are_type_and_range_checked(tmp_path, options, problem):
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    doc = json.loads(sv.export_league(db, "mini", None, "json"))
    doc["league"]["options"] = options
    path = tmp_path / "opts.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(LeagueError) as info:
        sv.create_league(db, "bad", str(path))
    assert problem in str(info.value) and "opts.json" in str(info.value)
    assert [lg.name for lg in sv.list_leagues(db)] == ["mini"]
