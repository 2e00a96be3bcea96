"""Absurd numbers of pennant-odds runs or processes (a slip of the keyboard: `--runs 100000000`
would play for days) are refused at once in one line, before anything is read, played or
stored: `impact odds`, `impact season sim --odds N` and the app all go through the service."""
import pytest

from tui import services as sv
from tui.services.db import ServiceError


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("odds_limits") / "l.sqlite3")
    sv.create_league(db, "mini", "mini")
    sv.new_season(db)
    sv.sim_days(db, days=2)
    return db


def _played(db) -> int:
    return sum(r.games for r in sv.standings(db).rows)


@pytest.mark.parametrize("runs, words", [
    (100_001, "--runs must be at most 100,000, not 100,001"),
    (0, "--runs must be at least 1, not 0")])
def test_the_odds_refuse_an_absurd_number_of_runs(db, runs, words):
    with pytest.raises(ServiceError, match=words):
        sv.odds(db, runs=runs)
    history, _names = sv.odds_history(db)
    assert history == []              # nothing stored


def test_the_odds_refuse_an_absurd_number_of_processes(db):
    with pytest.raises(ServiceError, match="--workers must be 1 to 256, not 100000"):
        sv.odds(db, runs=2, workers=100_000)


def test_a_simulation_with_odds_refuses_before_it_plays_a_day(db):
    before = _played(db)
    with pytest.raises(ServiceError, match="--runs must be at most 100,000"):
        sv.sim_days_with_odds(db, days=1, runs=10 ** 9)
    assert _played(db) == before
