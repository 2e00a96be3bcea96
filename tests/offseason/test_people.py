"""Birth dates and ages (npb_offseason.md §1): a season's age is the age on 1 April; every player
of a league file, a stored league and a bundled league has a birth date; a league stored without
them gets plausible ones from a seeded stream, the same every time."""
from datetime import date
from statistics import mean

import pytest

from league.errors import LeagueError
from league.offseason.people import (
    age_in,
    age_on,
    parse_born,
    plausible_born,
    season_age,
)
from storage.plainfiles import load_league, sample_league_path
from tui import services as sv

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)


def test_a_season_age_is_the_age_on_the_first_of_april():
    """§1: his age for a season is his age on April 1."""
    assert season_age(date(2000, 4, 1), 2026) == 26       # birthday on the day counts
    assert season_age(date(2000, 4, 2), 2026) == 25       # the day after does not
    assert season_age(date(2000, 2, 29), 2026) == 26
    assert age_on(date(2000, 12, 31), date(2026, 12, 31)) == 26
    assert age_in("1999-05-05", 2026) == 26
    assert age_in("", 2026) is None and age_in("1999-05-05", None) is None


def test_plausible_birth_dates_are_seeded_and_give_a_roster_of_npb_ages():
    """The same league and id give the same date; 1,000 players average 27-28.5 (§1: under
    contract about 27-28), from 18 to at most 41."""
    assert plausible_born("nippon", "EDO01", 2026) == plausible_born("nippon", "EDO01", 2026)
    assert plausible_born("nippon", "EDO01", 2026) != plausible_born("other", "EDO01", 2026)
    ages = [season_age(plausible_born("x", f"P{i}", 2026), 2026) for i in range(1000)]
    assert 27.0 <= mean(ages) <= 28.5
    assert min(ages) == 18 and max(ages) <= 41


@pytest.mark.parametrize("text", ["1999-13-01", "yesterday", "1700-01-01"])
def test_a_bad_birth_date_is_refused_naming_the_cell(text):
    with pytest.raises(LeagueError, match="at born: .* birth date"):
        parse_born(text, "at born")


def test_a_league_file_with_a_bad_born_cell_names_file_line_and_column(tmp_path):
    src = sample_league_path("mini")
    for name in ("league.toml", "pitchers.csv"):
        (tmp_path / name).write_text((src / name).read_text(encoding="utf-8"), encoding="utf-8")
    lines = (src / "batters.csv").read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].rsplit(",", 1)[0] + ",1999-02-30"
    (tmp_path / "batters.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(LeagueError, match=r"batters.csv line 3, column born: '1999-02-30'"):
        load_league(tmp_path)


@pytest.mark.parametrize("name", ["nippon", "pacific", "mini"])
def test_every_player_of_the_bundled_leagues_has_a_birth_date(name):
    lg = load_league(sample_league_path(name))
    players = [p for t in lg.teams for p in t.players]
    assert all(p.born for p in players)
    assert 26.5 <= mean(season_age(date.fromisoformat(p.born), 2026) for p in players) <= 28.5


def test_a_league_file_without_birth_dates_is_stored_with_plausible_ones(db, tmp_path):  # noqa: F811
    """The born column left out: the stored league gives each player the seeded date for its
    first season, shown on the player page and the roster, in --json, and kept by an export."""
    src = sample_league_path("mini")
    (tmp_path / "league.toml").write_text((src / "league.toml").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    for name in ("batters.csv", "pitchers.csv"):
        rows = (src / name).read_text(encoding="utf-8").splitlines()
        (tmp_path / name).write_text("\n".join(r.rsplit(",", 1)[0] for r in rows) + "\n",
                                     encoding="utf-8")
    assert not any(p.born for t in load_league(tmp_path).teams for p in t.players)
    sv.create_league(db, "plain", tmp_path)
    sv.new_season(db, "plain")
    stored = sv.open_league(db, "plain")
    p = stored.teams[0].players[0]
    assert p.born == plausible_born("plain", p.id, 2026).isoformat()
    view = sv.player(db, p.id, "plain")
    assert (view.born, view.age) == (p.born, season_age(date.fromisoformat(p.born), 2026))
    roster = sv.team_roster(db, stored.teams[0].code, "plain")
    assert roster.age(p) == view.age
    out = tmp_path / "out"
    sv.export_league(db, "plain", out)
    assert all(q.born for t in load_league(out).teams for q in t.players)
