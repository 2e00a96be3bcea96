"""A small league of two leagues of three (the pacific teams) with a seven-game season: quick
to play through to its postseason."""
from __future__ import annotations

from datetime import date
from pathlib import Path

from storage.plainfiles import sample_league_path
from storage.repository import read_plain_folder
from tui import services

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


def small_league(tmp_path: Path, year: int | None = None, extra: str = "") -> str:
    """The pacific teams as two leagues of three, a season of seven games a team, played (in
    `year`, from its 1 April, when given); `extra`: more league.toml tables."""
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
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "small", folder)
    services.new_season(db, seed=3, start=date(year, 4, 1) if year is not None else None)
    services.sim_days(db, to_end=True)
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
