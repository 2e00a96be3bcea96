"""Pennant odds and the magic number (マジックナンバー), from described standings."""
from __future__ import annotations

from datetime import date

import pytest

from league.season.odds import (
    Magic,
    OddsSetup,
    Record,
    magic_numbers,
    records_of,
    run_seed,
    simulate_run,
    tally,
)
from league.season.schedule import make_schedule
from league.season.simulate import players_of
from league.season.standings import Outcome
from league.season.state import SeasonState


def _remaining(ab: int, ac: int, bc: int) -> list[tuple[str, str]]:
    return [("A", "B")] * ab + [("C", "A")] * ac + [("B", "C")] * bc


def test_magic_number_is_the_wins_that_put_the_leader_strictly_ahead_of_every_rival():
    # A 60-40, B 55-45, C 40-60; left: A-B 4, A-C 6, B-C 6.
    # A wins 6, loses 4 (to B): A 66-44 .600, B at best 65-45 .591 -> clinched.
    # A wins 5: A 65-45 and B 65-45, level on 勝率: not yet a clinch -> the magic is 6, on B.
    m = magic_numbers({"A": Record(60, 40), "B": Record(55, 45), "C": Record(40, 60)},
                      _remaining(4, 6, 6))
    assert m["A"] == Magic("A", 6, "B", 10, self_reliant=True)
    # B winning its 10 (65-45 .591) can still be passed by A (66-44 .600): no 自力優勝 left
    assert not m["B"].self_reliant and not m["C"].self_reliant
    assert m["B"].number is None and m["C"].number is None


def test_a_draw_lowers_the_magic_number_without_a_win():
    # as above, but one A-C game ended in a draw: A 60-40-1 with 9 left.
    # A wins 5, loses 4 to B: 65-44 .596 over B's best 65-45 .591; wins 4: 64-45 .587 below.
    m = magic_numbers({"A": Record(60, 40, 1), "B": Record(55, 45), "C": Record(40, 60, 1)},
                      _remaining(4, 5, 6))
    assert m["A"].number == 5 and m["A"].rival == "B"


def test_a_rival_losing_lowers_the_magic_number():
    # B lost one of its games with C: B 55-46 with 5 left against C.
    m = magic_numbers({"A": Record(60, 40), "B": Record(55, 46), "C": Record(41, 60)},
                      _remaining(4, 6, 5))
    assert m["A"].number == 5


def test_clinched_is_magic_zero_and_not_lit_is_none():
    m = magic_numbers({"A": Record(80, 50), "B": Record(60, 70), "C": Record(60, 70)},
                      _remaining(2, 2, 2))
    assert m["A"].number == 0 and m["A"].clinched and m["A"].rival is None
    m = magic_numbers({"A": Record(50, 50), "B": Record(52, 48), "C": Record(50, 50)},
                      _remaining(0, 2, 2))
    assert m["A"].number is None and not m["A"].clinched
    # one win would do for B (53-49 .520 over A's best 52-50 and C's best 53-51), but C keeps
    # 自力優勝 (winning its four, 54-50 .519, passes B's 52-50): B's magic is not lit yet
    assert m["B"].self_reliant and m["C"].self_reliant and not m["A"].self_reliant
    assert m["B"].number is None


def test_the_magic_number_lights_once_no_other_team_can_win_it_on_its_own():
    # C at 48-51-1 winning its four (52-51 .505) stays below B's 52-50: no 自力優勝 for C or A
    # (A's best 52-50 is below B's best 54-48); B needs one win: none leaves A level at 52-50
    m = magic_numbers({"A": Record(50, 50), "B": Record(52, 48), "C": Record(48, 51, 1)},
                      _remaining(0, 2, 2))
    assert not m["C"].self_reliant and not m["A"].self_reliant
    assert m["B"] == Magic("B", 1, "A", 2, self_reliant=True)


def test_records_count_draws_for_nobody():
    day = date(2026, 4, 1)
    rec = records_of([Outcome(1, day, "A", "B", 3, 2), Outcome(2, day, "A", "B", 1, 1)], ["A", "B"])
    assert rec == {"A": Record(1, 0, 1), "B": Record(0, 1, 1)}


def _setup(league, ruleset, played_games: int, seed: int = 7) -> OddsSetup:
    codes = [t.code for t in league.teams]
    games = make_schedule(codes, games_per_opponent=4, seed=1)
    state = SeasonState(league=league, players=players_of(league))
    played = tuple(Outcome(g.number, g.day, g.away, g.home, 3, 1 + (g.number % 5))
                   for g in games[:played_games])
    return OddsSetup(state, ruleset, tuple(codes), played, tuple(games[played_games:]), seed)


def test_a_run_is_the_same_whoever_plays_it_and_others_differ(pacific, ruleset):
    setup = _setup(pacific, ruleset, 40)
    a = simulate_run(setup, 3)
    b = simulate_run(setup, 3)
    assert a == b
    assert simulate_run(setup, 4) != a
    assert run_seed(7, 3, 5) != run_seed(7, 4, 5) != run_seed(8, 3, 5)
    # the state the setup holds is not touched by a run
    assert setup.state.rest == {} and setup.state.last == {}
    games = {t: sum(r) for t, r in zip(setup.teams, a.records)}
    assert set(games.values()) == {20}          # 4 games with each of 5 opponents


def test_odds_add_up_and_the_magic_number_comes_with_them(pacific, ruleset):
    setup = _setup(pacific, ruleset, 50)
    results = [simulate_run(setup, r) for r in range(6)]
    report = tally(setup, results)
    assert report.runs == 6 and report.remaining == len(setup.pending) == 10
    assert abs(sum(t.pennant for t in report.teams) - 1) < 1e-9
    assert abs(sum(t.climax for t in report.teams) - 3) < 1e-9
    for t in report.teams:
        assert abs(sum(t.ranks) - 1) < 1e-9
        assert abs(t.wins + t.losses + t.draws - 20) < 1e-9
        assert t.wins >= t.record.wins
    assert [t.pennant for t in report.teams] == sorted((t.pennant for t in report.teams), reverse=True)


# --- the service, the store and the command ------------------------------------------------------

import json  # noqa: E402

import pytest  # noqa: E402
from sqlalchemy import inspect  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from storage.odds_store import SeasonOddsRow  # noqa: E402
from tui import services as so  # noqa: E402
from tui import services as sv  # noqa: E402
from tui.cli.main import app  # noqa: E402


@pytest.fixture(scope="module")
def season_db(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("odds") / "league.sqlite3")
    sv.create_league(path, "pacific", "pacific")
    sv.new_season(path, "pacific", games_per_opponent=3, seed=5)
    sv.sim_days(path, "pacific", days=12)
    yield path
    sv.close_all()


def test_the_odds_are_the_same_on_one_process_or_two(season_db):
    # 25 runs: three batches, shared out between two processes in whatever order they finish
    one = so.odds(season_db, runs=25, seed=11, workers=1, store=False)
    two = so.odds(season_db, runs=25, seed=11, workers=2, store=False)
    assert one is not None and two is not None
    assert one.report == two.report
    assert one.report.played > 0 and one.report.remaining > 0


def test_odds_are_kept_by_day_for_the_chart_and_cancel_keeps_nothing(season_db):
    seen = []
    view = so.odds(season_db, runs=20, seed=3, workers=1, progress=lambda d, t: seen.append((d, t)))
    assert view is not None and seen[-1] == (20, 20)
    assert {p.team for p in view.history} == {t.team for t in view.report.teams}
    assert {p.played for p in view.history} == {view.report.played}
    # the same day taken again replaces its points
    so.odds(season_db, runs=10, seed=4, workers=1)
    history, names = so.odds_history(season_db)
    assert len(history) == len(names) and {p.runs for p in history} == {10}
    assert so.odds(season_db, runs=30, workers=1, cancel=lambda: True) is None
    assert {p.runs for p in so.odds_history(season_db)[0]} == {10}
    cols = {c["name"] for c in inspect(sv.engine_for(season_db)).get_columns("season_odds")}
    assert cols == {c.name for c in SeasonOddsRow.__table__.columns}


def test_impact_odds_json_and_table(season_db):
    runner = CliRunner()
    res = runner.invoke(app, ["odds", "--runs", "4", "--seed", "2", "--workers", "1", "--json",
                              "--db", season_db])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["runs"] == 4 and data["seed"] == 2 and len(data["teams"]) == 6
    assert abs(sum(t["pennant"] for t in data["teams"]) - 1) < 1e-9
    assert {"magic", "magic_rival", "ranks", "expected", "record"} <= set(data["teams"][0])
    res = runner.invoke(app, ["odds", "--runs", "2", "--workers", "1", "-q", "--db", season_db])
    assert res.exit_code == 0 and "優勝%" in res.output
    res = runner.invoke(app, ["odds", "--runs", "2", "--seed", "-1", "--db", season_db])
    assert res.exit_code == 2 and "--seed must be" in res.output


@pytest.mark.slow
def test_season_sim_with_odds_takes_them_after_every_day(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "pacific", "pacific")
    sv.new_season(db, "pacific", games_per_opponent=2, seed=4)
    res = CliRunner().invoke(app, ["season", "sim", "--days", "3", "--odds", "2", "--db", db])
    assert res.exit_code == 0, res.output
    assert "played 9 games on 3 days" in res.output
    history, names = so.odds_history(db)
    assert sorted({p.played for p in history}) == [3, 6, 9]
    assert len(history) == 3 * len(names)


# --- a league of two leagues: each has its own pennant ------------------------------------------

def test_magic_numbers_of_one_league_count_its_interleague_games_but_no_rival_from_the_other():
    # A 60-40 and B 55-45 of one league, X 70-30 of the other. A has 4 games left with B and 3
    # with X (交流戦), B its 4 with A. One win does it: A 61-46 (.570), its other six lost, four
    # of them to B, leaves B at best 59-45 (.567); with none, A 60-47 (.561) is below.
    records = {"A": Record(60, 40), "B": Record(55, 45), "X": Record(70, 30)}
    remaining = [("A", "B")] * 4 + [("A", "X")] * 3
    m = magic_numbers(records, remaining, ["A", "B"])
    assert set(m) == {"A", "B"}
    assert m["A"] == Magic("A", 1, "B", 7, self_reliant=True)
    assert m["B"].number is None and not m["B"].self_reliant
    # as one table of every team, X's 自力優勝 keeps A's number unlit
    assert magic_numbers(records, remaining)["A"].number is None


def test_each_league_of_two_has_its_own_pennant_climax_places_and_ranks(ruleset):
    from storage.plainfiles import load_league, sample_league_path
    nippon = load_league(sample_league_path("nippon"))
    codes = [t.code for t in nippon.teams]
    games = make_schedule(codes, games_per_opponent=1, seed=2)   # interleague pairs included
    state = SeasonState(league=nippon, players=players_of(nippon))
    played = tuple(Outcome(g.number, g.day, g.away, g.home, 2 + g.number % 3, 3)
                   for g in games[:40])
    leagues = tuple((lg.code, tuple(lg.teams)) for lg in nippon.leagues)
    setup = OddsSetup(state, ruleset, tuple(codes), played, tuple(games[40:]), 5, leagues)
    run = simulate_run(setup, 0)
    assert [set(o) for o in run.orders] == [set(t) for _, t in leagues]
    report = tally(setup, [simulate_run(setup, r) for r in range(3)])
    assert report.leagues == leagues
    for code, teams in leagues:
        mine = [t for t in report.teams if t.league == code]
        assert {t.team for t in mine} == set(teams)
        assert abs(sum(t.pennant for t in mine) - 1) < 1e-9      # one pennant per league
        assert abs(sum(t.climax for t in mine) - 3) < 1e-9       # its top three
        assert all(len(t.ranks) == 6 and abs(sum(t.ranks) - 1) < 1e-9 for t in mine)
        assert [t.pennant for t in mine] == sorted((t.pennant for t in mine), reverse=True)
    # the teams come league by league, in the leagues' order
    assert [t.league for t in report.teams] == [c for c, ts in leagues for _ in ts]


@pytest.mark.slow
def test_impact_odds_shows_each_league_of_two_apart(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon", games_per_opponent=1, seed=3)
    sv.sim_days(db, "nippon", days=2)
    runner = CliRunner()
    res = runner.invoke(app, ["odds", "--runs", "2", "--seed", "1", "--workers", "1", "--json",
                              "--db", db])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert [lg["league"] for lg in data["leagues"]] == ["CL", "PL"]
    for lg in data["leagues"]:
        mine = [t for t in data["teams"] if t["league"] == lg["league"]]
        assert len(mine) == 6 and abs(sum(t["pennant"] for t in mine) - 1) < 1e-9
    res = runner.invoke(app, ["odds", "--runs", "2", "--seed", "1", "--workers", "1", "-q",
                              "--db", db])
    assert res.exit_code == 0, res.output
    assert "コスモ・リーグ" in res.output and "パノラマ・リーグ" in res.output
    assert res.output.count("優勝%") == 2
    sv.close_all()


@pytest.mark.slow
def test_a_first_estimate_comes_after_one_run_and_refines_with_its_margins(season_db,
                                                                           monkeypatch):
    """Issue 34: the odds of the runs so far as they run, each figure with its 95 % margin
    (narrower with more runs); the last report is the same as without estimates."""
    import tui.services.pennant as pennant
    monkeypatch.setattr(pennant, "ESTIMATE_EVERY", 0.0)     # every batch: the test sees them all
    for workers in (1, 2):
        seen = []
        view = so.odds(season_db, runs=30, seed=7, workers=workers, store=False,
                       estimate=seen.append)
        plain = so.odds(season_db, runs=30, seed=7, workers=workers, store=False)
        assert view is not None and plain is not None and view.report == plain.report
        runs = [v.report.runs for v in seen]
        assert runs[0] <= workers and runs == sorted(runs) and runs[-1] < 30
        first, last = seen[0].report, view.report
        for a, b in zip(sorted(first.teams, key=lambda t: t.team),
                        sorted(last.teams, key=lambda t: t.team)):
            assert a.pennant_margin > b.pennant_margin > 0
            assert a.climax_margin > b.climax_margin > 0


def test_the_margins_are_wilson_intervals_and_the_wins_standard_errors():
    from league.season.margins import share_margin
    # 95 % Wilson interval of 50 of 100: 0.4038..0.5962
    assert share_margin(0.5, 100) == pytest.approx((0.5962 - 0.4038) / 2, abs=1e-4)
    assert 0 < share_margin(0.0, 1000) < 0.003 and share_margin(0.3, 0) == 1.0
    assert share_margin(0.5, 400) < share_margin(0.5, 100)


def test_impact_odds_json_gives_each_figures_margin(season_db):
    res = CliRunner().invoke(app, ["odds", "--runs", "8", "--seed", "2", "--workers", "1",
                                   "--json", "--db", season_db])
    assert res.exit_code == 0, res.output
    for t in json.loads(res.output)["teams"]:
        m = t["margin95"]
        assert 0 < m["pennant"] <= 1 and 0 < m["climax"] <= 1 and m["wins"] >= 0


def test_the_odds_start_from_the_seasons_roster_its_farm_and_its_injured(season_db):
    """Each run plays the rest of the season from where it stands: who is on the farm, who is
    hurt and for how long, and the season's seed for their recovery, as the season's next game
    would (the runs started from an empty roster book: nobody hurt, the farm as the cards say)."""
    from tui.services.context import season_context
    from tui.services.db import Work
    from tui.services.pennant import odds_setup
    setup, *_ = odds_setup(season_db, "pacific")
    with Work.of(season_db, "pacific").session() as s:
        ctx = season_context(s, "pacific", None)
    book = setup.state.roster
    assert book.season_seed == ctx.roster.season_seed != 0
    assert book.farm == ctx.roster.farm
    assert {p: e.points for p, e in book.entries.items()} == \
        {p: e.points for p, e in ctx.roster.entries.items()}


def test_the_odds_play_games_without_a_box_score_and_the_same_runs(season_db, monkeypatch):
    """Issue 34: the odds' games keep no box score (box=False), and every run ends as it does
    with the full record of each game (the roll log, the plays, the lines): the same tables,
    the same records, the same number of dice drawn in each game."""
    import league.season.gameday as gameday
    from tui.services.db import Work
    from tui.services.pennant import odds_setup

    setup = odds_setup(Work.of(season_db, "pacific"), "pacific", None, seed=3)[0]
    assert setup.pending
    replay = gameday.replay_game
    seen: list[tuple[bool, list[int], list[int]]] = []

    def watched(*a, full=False, **k):
        if full:
            k.update(quiet=False, splits=True, box=True)
        result = replay(*a, **k)
        seen.append((k.get("box", True), result.runs, result.raws))
        return result

    monkeypatch.setattr(gameday, "replay_game", watched)
    bare = [simulate_run(setup, run) for run in range(3)]
    lean = list(seen)
    seen.clear()
    monkeypatch.setattr(gameday, "replay_game",
                        lambda *a, **k: watched(*a, full=True, **k))
    full = [simulate_run(setup, run) for run in range(3)]
    assert bare == full
    assert {box for box, _, _ in lean} == {False} and {box for box, _, _ in seen} == {True}
    assert len(lean) == len(seen) == 3 * len(setup.pending)
    assert [(runs, len(raws)) for _, runs, raws in lean] == [(runs, len(raws))
                                                            for _, runs, raws in seen]
