"""Plain-file leagues: a folder with league.toml, batters.csv and pitchers.csv.

The parsing lives in league.season.roster (pure); this module only reads the files and finds the
bundled sample leagues.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from league.errors import LeagueError
from league.season.roster import League, parse_league

LEAGUE_FILE = "league.toml"
BATTERS_FILE = "batters.csv"
PITCHERS_FILE = "pitchers.csv"



def _sample_root() -> Path:
    """The folder of the bundled leagues: the `sample_leagues` package (package data in a wheel,
    the checkout's folder in an editable install), else the checkout's folder beside storage/."""
    try:
        root = resources.files("sample_leagues")
    except ModuleNotFoundError:
        return Path(__file__).resolve().parents[1] / "sample_leagues"
    return Path(str(root))


SAMPLE_ROOT = _sample_root()


def _read(path: Path) -> str:
    text = _read_text(path)
    nul = text.find("\x00")
    if nul >= 0:  # no database text column can hold it, and no card needs it
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        raise LeagueError(f"{path} line {line}, column {col}: a NUL character (not a text file?)")
    return text


def _read_text(path: Path) -> str:
    try:
        # utf-8-sig: spreadsheets often save CSV with a byte-order mark.
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise LeagueError(
            f"{path}: no such file (a league folder holds {LEAGUE_FILE}, {BATTERS_FILE} "
            f"and {PITCHERS_FILE})"
        ) from None
    except IsADirectoryError:
        raise LeagueError(f"{path}: is a folder, expected a file") from None
    except UnicodeDecodeError as e:
        raise LeagueError(
            f"{path}: not UTF-8 text (bad byte at offset {e.start}); save the file as UTF-8"
        ) from None
    except OSError as e:
        raise LeagueError(f"{path}: cannot be read: {e.strerror or e}") from None


def load_league(path: str | Path) -> League:
    """Read a league folder (or its league.toml) and parse it; LeagueError names any bad file."""
    p = Path(path)
    if p.suffix.lower() == ".toml":
        folder, toml_path = p.parent, p
    else:
        folder, toml_path = p, p / LEAGUE_FILE
        if not p.exists():
            raise LeagueError(f"{p}: no such league folder")
        if not p.is_dir():
            raise LeagueError(f"{p}: expected a league folder or its {LEAGUE_FILE}")
    return parse_league(
        _read(toml_path),
        _read(folder / BATTERS_FILE),
        _read(folder / PITCHERS_FILE),
        where=str(folder),
        toml_name=toml_path.name,
    )


def sample_league_names() -> tuple[str, ...]:
    """Names of the bundled sample leagues (folders of sample_leagues/ with a league.toml)."""
    if not SAMPLE_ROOT.is_dir():
        return ()
    return tuple(sorted(d.name for d in SAMPLE_ROOT.iterdir() if (d / LEAGUE_FILE).is_file()))


def sample_league_path(name: str = "nippon") -> Path:
    """The folder of a bundled sample league ("nippon", the default; "pacific", "mini")."""
    folder = SAMPLE_ROOT / name
    if not (folder / LEAGUE_FILE).is_file():
        known = ", ".join(sample_league_names()) or "none found"
        raise LeagueError(
            f"no sample league {name!r} in {SAMPLE_ROOT} (known: {known})"
        )
    return folder
