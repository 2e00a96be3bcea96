"""League folders and rulesets read from files, for the commands that play without a stored
league (`impact sim game`, `calibrate`, `bench`, `referee`, `rules check`): a bundled sample
league by its name, a folder of CSV + TOML, a ruleset by its name or file. Every problem is a
LeagueError naming the file and what is wrong."""
from __future__ import annotations

from pathlib import Path

from league.engine.ruleset import Ruleset
from league.season.roster import League
from storage.plainfiles import load_league, sample_league_names, sample_league_path
from storage.rulesets import league_ruleset, load_ruleset, ruleset_file, shipped_rulesets

# the bundled league every command plays when none is named (the app opens it too)
DEFAULT_SAMPLE = "nippon"


def league_folder(ref: str | None, default: str) -> Path:
    """A league folder (or its league.toml) as given, else the bundled sample league of that
    name (`default` when `ref` is None)."""
    if ref is None:
        ref = default
    path = Path(ref)
    if path.exists() or ref not in sample_league_names():
        return path
    return sample_league_path(ref)


def read_league(path: str | Path | None = None) -> League:
    """The league of a folder (or its league.toml), or the bundled sample league of that name;
    the bundled `nippon` when `path` is None."""
    return load_league(league_folder(None if path is None else str(path), DEFAULT_SAMPLE))


def folder_ruleset(league: League, ref: str | None = None, folder: Path | None = None) -> Ruleset:
    """`ref` (a shipped ruleset's name or a file), else the league's own: shipped by name, or
    the file its folder names (relative to the folder; the bundled sample's without one)."""
    if ref is not None or league.ruleset in shipped_rulesets():
        return load_ruleset(ref or league.ruleset)
    where = folder if folder is not None else sample_league_path(DEFAULT_SAMPLE)
    name, text = ruleset_file(league.ruleset, where if where.is_dir() else where.parent)
    return league_ruleset(name, None, text)


def read_ruleset(ref: str | Path) -> Ruleset:
    """A shipped ruleset by name, or a ruleset file, checked whole."""
    return load_ruleset(ref)


__all__ = ["league_folder", "read_league", "folder_ruleset", "read_ruleset",
           "sample_league_path"]
