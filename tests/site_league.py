"""A small two-league season for the site's tests: the bundled `nippon` league at two games
against each rival, a team and players named like markup and quotes, pennant odds taken on its
first days. `partial` stops after those days; `full` plays the regular season and the postseason."""
from __future__ import annotations

import csv
import io
import shutil
from dataclasses import dataclass
from pathlib import Path

from tui import services as sv

SAMPLE = Path(__file__).resolve().parents[1] / "sample_leagues" / "nippon"
TEAM = "EDO"
TEAM_NAME = "\"Q' & <i>Co</i>"            # the full name (both languages: name_en the same)
TEAM_SHORT = "[/b]東京"
BATTER = "EDO01"
BATTER_NAME = "<b>Ann</b>"
BATTER_NAME_EN = "\"Q' Ann"
PITCHER = "EDO16"
PITCHER_NAME = "[/b] 投手"


@dataclass(frozen=True)
class SiteLeague:
    partial: str        # a database after three days (odds taken each day)
    full: str           # the same season played through its postseason


def _rewrite_csv(path: Path, pid: str, **cells: str) -> None:
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    for r in rows:
        if r["id"] == pid:
            r.update(cells)
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def odd_nippon(folder: Path) -> Path:
    """The nippon league with EDO and two of its players named like markup."""
    shutil.copytree(SAMPLE, folder)
    toml = folder / "league.toml"
    text = toml.read_text(encoding="utf-8")
    text = text.replace('name = "江戸川精機東京サンダーバーズ"', f"name = {_toml_string(TEAM_NAME)}")
    text = text.replace('short = "東京"', f"short = {_toml_string(TEAM_SHORT)}", 1)
    text = text.replace('name_en = "Edogawa Seiki Tokyo Thunderbirds"',
                        f"name_en = {_toml_string(TEAM_NAME)}")
    toml.write_text(text, encoding="utf-8")
    _rewrite_csv(folder / "batters.csv", BATTER, name=BATTER_NAME, name_en=BATTER_NAME_EN)
    _rewrite_csv(folder / "pitchers.csv", PITCHER, name=PITCHER_NAME, name_en="")
    return folder


def build(root: Path) -> SiteLeague:
    folder = odd_nippon(root / "odd-nippon")
    partial = str(root / "partial.sqlite3")
    sv.create_league(partial, "odd", folder)
    sv.new_season(partial, "odd", games_per_opponent=2)
    sv.sim_days_with_odds(partial, "odd", days=3, runs=6, workers=1)
    sv.close_all()          # the WAL is checkpointed into the file before it is copied
    full = str(root / "full.sqlite3")
    shutil.copyfile(partial, full)
    sv.sim_days(full, "odd", to_end=True)
    sv.start_postseason(full, "odd")
    sv.sim_postseason(full, "odd")
    sv.close_all()
    return SiteLeague(partial, full)
