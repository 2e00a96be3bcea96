"""A small league of two leagues of three (the pacific teams) with a seven-game season: quick
to play through to its postseason."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from storage.plainfiles import sample_league_path
from storage.repository import read_plain_folder
from tui import services

from league_db import copy_league

SMALL = '''
[schedule]
games_per_opponent = 2
interleague_games = 1

[[leagues]]
code = "N"
name = "北リーグ"
name_en = "North League"
dh = false

[[leagues]]
code = "S"
name = "南リーグ"
name_en = "South League"
dh = true
'''


def small_league(tmp_path: Path, year: int | None = None, extra: str = "", seed: int = 3,
                 days: int | None = None, db: str | None = None) -> str:
    """The pacific teams as two leagues of three, a season of seven games a team, played (in
    `year`, from its 1 April, when given); `extra`: more league.toml tables; `seed`: the
    season's; `days`: only the first days played (all when None); `db`: the league's database
    (an SQLite file in `tmp_path` when None: a copy of the one this process made first for these
    arguments, SQLite's backup, as each is played the same)."""
    texts = read_plain_folder(sample_league_path("pacific"))
    toml = texts.toml.replace("roster_size = 28\n", "roster_size = 28\n" + SMALL + extra, 1)
    for code, lg in (("SAP", "N"), ("SEN", "N"), ("CHB", "N"), ("TKZ", "S"), ("OSK", "S"),
                     ("FUK", "S")):
        toml = toml.replace(f'code = "{code}"\n', f'code = "{code}"\nleague = "{lg}"\n', 1)
    folder = tmp_path / "small"
    folder.mkdir()
    (folder / "league.toml").write_text(toml, encoding="utf-8")
    (folder / "batters.csv").write_text(texts.batters, encoding="utf-8")
    (folder / "pitchers.csv").write_text(texts.pitchers, encoding="utf-8")
    if db is not None:
        _play(db, folder, year, seed, days)
        return db
    # the same league asked for again in this process: a copy of the file made the first time
    key = (year, extra, seed, days)
    if key not in _made:
        import atexit
        import shutil
        import tempfile

        where = tempfile.mkdtemp(prefix="small_league_")
        atexit.register(shutil.rmtree, where, True)
        _made[key] = _play(str(Path(where) / "league.sqlite3"), folder, year, seed, days)
    db = str(tmp_path / "league.sqlite3")
    copy_league(_made[key], db)
    return db


# small_league's files made in this process, by its arguments (each test gets a copy)
_made: dict[tuple[int | None, str, int, int | None], str] = {}


def _play(db: str, folder: Path, year: int | None, seed: int, days: int | None) -> str:
    services.create_league(db, "small", folder)
    services.new_season(db, seed=seed, start=date(year, 4, 1) if year is not None else None)
    services.sim_days(db, days=days, to_end=days is None)
    return db


def played_and_closed(db: str) -> str:
    """The season of `db` played to its end — its days, then its postseason when the league has
    one — and closed: the start of an off-season."""
    if services.season_status(db).next_action == "sim":
        services.sim_days(db, to_end=True)
    if services.season_status(db).next_action == "start_postseason":
        services.start_postseason(db)
        services.sim_postseason(db)
    services.close_season(db)
    return db


# a 育成 hitter's cells too weak for his club to sign him to the 70 in a year (mini_with_ikusei)
WEAK_BATTER = {"BB": "1", "1B": "3", "LG": "-", "HR": "-", "OF": "50", "G": "80", "IF": "90",
               "K": "100"}


def mini_with_ikusei(tmp_path: Path, extra: str, ikusei: list[dict[str, str]],
                     strongest: bool = False) -> Path:
    """A copy of the mini league (its roster size 40) with `extra` for league.toml and 育成
    players on their clubs' farms: each of `ikusei` a batter row of the file (the cells to
    change from the row of KYO's weakest hitter by home runs, or its `strongest`; at least his
    id), every other batter active on an ordinary contract. Returns the folder."""
    import csv
    import io
    import shutil

    folder = tmp_path / "mini"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("roster_size = 28",
                                                             "roster_size = 40") + extra,
                    encoding="utf-8")
    bats = folder / "batters.csv"
    rows = list(csv.DictReader(io.StringIO(bats.read_text(encoding="utf-8"))))
    base = (max if strongest else min)((r for r in rows if r["team"] == "KYO"),
                                       key=lambda r: int(r["HR"]))
    rows = [dict(r, roster="active", contract="") for r in rows]
    rows += [dict(base, roster="farm", contract="育成", **cells) for cells in ikusei]
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    bats.write_text(out.getvalue(), encoding="utf-8")
    return folder


def replays_before_trades(db: str) -> int:
    """Every game of the current season played before its first trade that a traded man played
    in (for his old club), replayed and read again (issue 32): the replay gives the stored box
    score and the box score has its play-by-play. How many such games there were."""
    from league.engine.boxscore import render, result_dict

    trades = [n for n in services.news(db) if n.kind == "trade" and n.day is not None]
    traded = {pid for n in trades for pid, _frm, _to in n.moves}
    trade_day = min(n.day for n in trades)
    checked = 0
    before = [g.number for day, games in services.schedule_days(db) if day < trade_day
              for g in games if g.status == "final"]
    for number in before:
        box = services.boxscore(db, number)
        men = {pid for lineup in box.result.lineups
               for pid in lineup.men()}
        if men & traded:
            assert box.result.plays and not any("no play-by-play" in n for n in box.result.notes)
            stored, again = services.replay(db, number)
            assert render(again) == render(stored)
            assert result_dict(again, None) == result_dict(stored, None)
            checked += 1
    return checked
