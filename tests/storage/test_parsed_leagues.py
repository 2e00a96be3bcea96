"""The leagues parsed lately (storage.mappers.LeagueTexts.parse, issue 34): one kept for each
stored league or season read, the one of its newest texts, so a season simulated a day at a
time does not keep every day's league (eight copies of every player and card) alive."""
from __future__ import annotations

import gc

from league.season.roster import League
from storage import mappers
from storage.mappers import LeagueTexts
from storage.plainfiles import sample_league_path
from storage.repository import read_plain_folder
from tui import services as sv


def _texts(where: str) -> LeagueTexts:
    t = read_plain_folder(sample_league_path("pacific"))
    return LeagueTexts(t.toml, t.batters, t.pitchers, where)


def test_the_newest_texts_of_a_league_replace_its_older_ones():
    mappers._PARSED.clear()
    a = _texts("league x (season id 1)")
    first = a.parse(active=False)
    assert a.parse(active=False) is first                       # the same texts: the same league
    assert _texts("league x (season id 1)").parse(active=False) is first   # equal texts too
    other = _texts("league y").parse()
    lines = a.batters.splitlines()
    moved = LeagueTexts(a.toml, "\n".join(lines[:-1]) + "\n", a.pitchers, a.where)   # a man gone
    second = moved.parse(active=False)
    assert second is not first
    kept = [id(lg) for _texts, lg in mappers._PARSED.values()]
    assert sorted(kept) == sorted([id(second), id(other)])         # the older texts' dropped
    assert a.parse() is not first                                  # parsed otherwise: its own
    assert len(mappers._PARSED) == 3
    for n in range(mappers._PARSED_KEPT + 2):                       # at most eight kept in all
        _texts(f"league z{n}").parse()
    assert len(mappers._PARSED) == mappers._PARSED_KEPT


def test_a_season_simulated_a_day_at_a_time_keeps_one_league_of_it(tmp_path):
    """Each day's roster moves change the season's card texts: after ten days simulated one at
    a time, the season's league is kept once, not once a day. The league has a name of its
    own, so the leagues counted are this test's: a worker may hold other tests' leagues, and a
    thread an app test left simulating (it ends its day after the app has gone) makes more."""
    import shutil
    folder = tmp_path / "own"
    shutil.copytree(sample_league_path("pacific"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'name = "パシフィック・インパクトリーグ"', 'name = "一日ずつのリーグ"', 1), encoding="utf-8")
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "o", str(folder))
    sv.new_season(db, "o", seed=2)
    mappers._PARSED.clear()
    for _ in range(10):
        assert sv.sim_days(db, "o", days=1).games > 0
    sv.close_all()
    slots = [where for where, _active, _judged in mappers._PARSED]
    assert slots.count("league o (season id 1)") == 1
    gc.collect()
    alive = [o for o in gc.get_objects() if type(o) is League and o.name == "一日ずつのリーグ"]
    assert len(alive) <= len(mappers._PARSED) + 1, len(alive)      # (+1: one a test may hold)


# --- a league read again after roster moves and trades (league.season.roster.reparse_league) ---

def _cells(text: str, pid: str, **cells: str) -> str:
    """CSV text `text` with the cells of `pid`'s row set as given (the other rows as they were)."""
    import csv
    import io
    lines = text.split("\n")
    header = next(csv.reader([lines[0]]))
    for i, line in enumerate(lines[1:], 1):
        row = next(csv.reader([line]), [])
        if len(row) == len(header) and row[header.index("id")] == pid:
            row = [cells.get(h, c) for h, c in zip(header, row)]
            out = io.StringIO()
            csv.writer(out, lineterminator="").writerow(row)
            lines[i] = out.getvalue()
    return "\n".join(lines)



def _nippon() -> tuple[str, str, str]:
    """The 12-team league's texts: a roster cell in every row, farms, a pitcher with bat = own."""
    t = read_plain_folder(sample_league_path("nippon"))
    return t.toml, t.batters, t.pitchers


def _both(kept: League, texts: tuple[str, str, str], new: tuple[str, str, str], *,
          active: bool = False, judged: frozenset[str] | None = None) -> tuple[object, object]:
    """reparse_league's answer and parse_league's for the `new` texts: a league or the error's
    words."""
    from league.errors import LeagueError
    from league.season.roster import parse_league, reparse_league
    out: list[object] = []
    for read in (lambda: reparse_league(kept, texts, *new, where="league n (season id 1)",
                                        active=active, judged=judged),
                 lambda: parse_league(*new, where="league n (season id 1)", active=active,
                                      judged=judged)):
        try:
            out.append(read())
        except LeagueError as exc:
            out.append(str(exc))
    return out[0], out[1]


def test_moves_and_a_trade_give_the_kept_league_with_the_men_moved():
    """A season's day of roster moves and a trade change the team and roster cells of a few
    rows: the league read again is the one parse_league makes of the new texts, and the men
    who did not move are the kept league's own objects (their cards not parsed again)."""
    from league.season.roster import _moved_players, parse_league
    toml, bats, pits = texts = _nippon()
    kept = parse_league(toml, bats, pits, where="league n (season id 1)", active=False)
    own = next(p for t in kept.teams for p in t.players if p.batting and p.pitching)
    farm = next(p for p in kept.team("SAP").farm if p.pitching is None)
    star = kept.team("FUK").active[0]
    new_bats = _cells(_cells(_cells(bats, farm.id, roster="active"), star.id, team="SAP"),
                      own.id, team="FUK", roster="farm")
    new = (toml, new_bats, _cells(pits, own.id, team="FUK", roster="farm"))
    assert _moved_players(kept, texts, *new) == {
        farm.id: ("SAP", "active"), star.id: ("SAP", star.roster), own.id: ("FUK", "farm")}
    got, want = _both(kept, texts, new)
    assert isinstance(got, League) and got == want
    assert got.player(star.id).team == "SAP" and got.player(own.id).roster == "farm"
    still = kept.team("CHB").players[0]
    assert got.team("CHB").players[0] is still           # not parsed again
    assert got.team("CHB").players == kept.team("CHB").players


def test_cells_parse_league_refuses_are_refused_in_its_words():
    """A changed cell parse_league refuses (an unknown club, a roster status that is none, an
    own batting row on another club than its pitching row) and a team a move leaves unable to
    field a side (judged: its error) give parse_league's error, word for word."""
    from league.season.roster import parse_league
    toml, bats, pits = texts = _nippon()
    kept = parse_league(toml, bats, pits, where="league n (season id 1)", active=True)
    own = next(p for t in kept.teams for p in t.players if p.batting and p.pitching)
    man = kept.team("SAP").players[0]
    catchers = [p for p in kept.team("HRS").players if p.fielding_at("C")]
    gone = bats
    for c in catchers:
        gone = _cells(gone, c.id, team="SEN")
    for new in ((toml, _cells(bats, man.id, team="XYZ"), pits),
                (toml, _cells(bats, man.id, roster="bench"), pits),
                (toml, _cells(bats, own.id, team="FUK"), _cells(pits, own.id, team="SAP")),
                (toml, _cells(bats, own.id, team="FUK"), pits),
                (toml, gone, pits)):
        got, want = _both(kept, texts, new, active=True)
        assert isinstance(want, str) and got == want
    # judged: only the clubs named are held to the rules
    got, want = _both(kept, texts, (toml, gone, pits), active=True, judged=frozenset({"HRS"}))
    assert isinstance(want, str) and "team HRS has no catcher" in want and got == want
    got, want = _both(kept, texts, (toml, gone, pits), active=True, judged=frozenset({"CHB"}))
    assert isinstance(got, League) and got == want


def test_any_other_change_is_parsed_afresh():
    """Another cell, a row gone, a note or a changed league file: parse_league's league (or
    error), parsed again."""
    from league.season.roster import _moved_players, parse_league
    toml, bats, pits = texts = _nippon()
    kept = parse_league(toml, bats, pits, where="league n (season id 1)", active=False)
    man = kept.team("SAP").players[0]
    lines = bats.split("\n")
    for new in ((toml, _cells(bats, man.id, name="別人"), pits),
                (toml, _cells(bats, man.id, team="CHB", rank="Z"), pits),
                (toml, "\n".join(lines[:3] + lines[4:]), pits),
                (toml, "\n".join(lines[:3] + ["#" + lines[3]] + lines[4:]), pits),
                (toml.replace("roster_size", "# roster_size", 1) + "\n", bats, pits)):
        assert _moved_players(kept, texts, *new) is None
        got, want = _both(kept, texts, new)
        assert got == want


def test_a_season_parses_its_league_once(tmp_path, monkeypatch):
    """A season with in-season trades (pacific, league "v", seed 3: four trades) parses the
    season's cards twice: its league when it starts, and after the first trade (the trade
    writes the roster column the bundled pacific files lack: a new header). Every other read of
    them (the rosters checked after each trade, the rosters read again for the next games) is
    the kept league with the men moved (league.season.roster.reparse_league); the day's trades
    are weighed on the simulation's own rosters. Each trade parses the league's own cards of
    its two clubs alone (what the rosters are checked on: tui.services.history._check_rosters).
    Before (issue 34) every trade day parsed the whole league again, up to three times: 9
    parses in this season; then the whole of the league's own cards once and kept."""
    import league.season.roster as roster
    parses: list[tuple[str, int]] = []
    real = roster.parse_league

    def counted(*args, **kwargs):
        league = real(*args, **kwargs)
        parses.append((kwargs["where"], sum(1 for t in league.teams if t.players)))
        return league
    monkeypatch.setattr(roster, "parse_league", counted)
    monkeypatch.setattr(mappers, "parse_league", counted)
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "v", str(sample_league_path("pacific")))
    sv.new_season(db, "v", seed=3)
    mappers._PARSED.clear()
    parses.clear()
    report = sv.sim_days(db, "v", to_end=True)
    sv.close_all()
    assert report.remaining == 0
    assert len(report.trades) == 4
    assert sorted(parses) == [("league v", 2)] * 4 + [("league v (season id 1)", 6)] * 2
