"""Where a league is kept, without importing SQLAlchemy: the database a `--db` names (a path or
an SQLAlchemy URL; the app checks it as it starts) and the newest schema revision, read from
the migration files' text (the app's first read of an SQLite file compares it with the file's
version row)."""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

from league.errors import LeagueError

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "league_alembic_version"


class StorageError(LeagueError):
    """A database that cannot be opened or used (bad URL, locked, newer than this program)."""


def default_path() -> Path:
    """league.sqlite3 in the user's data folder (the folder is made on first use)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("impact-league"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "league.sqlite3"


def resolve_url(db: str | os.PathLike[str] | None = None) -> str:
    """`db` (a path or an SQLAlchemy URL), else ``IMPACT_DB``, else the default SQLite file."""
    ref = str(db) if db is not None else os.environ.get("IMPACT_DB") or ""
    if not ref:
        return f"sqlite:///{default_path()}"
    if "://" in ref:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            make_url(ref)
        except ArgumentError as exc:
            raise StorageError(f"--db {ref!r}: not a database URL ({exc})") from None
        return ref
    path = Path(ref).expanduser()
    if path.is_dir():
        raise StorageError(f"--db {ref}: is a folder; give a file such as {path / 'league.sqlite3'}")
    if path.parent and not path.parent.exists():
        raise StorageError(f"--db {ref}: the folder {path.parent} does not exist")
    return f"sqlite:///{path.resolve()}"


def missing_file(url: str) -> Path | None:
    """The file an SQLite URL names when it does not exist (SQLite would make it empty on the
    first connection); None when it exists, or `url` is not an SQLite file (an in-memory
    database, PostgreSQL: the server says what is missing)."""
    if not url.startswith("sqlite:///"):
        return None
    ref, _, query = url[len("sqlite:///"):].partition("?")
    if ref.startswith("file:"):          # an SQLite URI (`impact serve`'s read-only file)
        if "uri=true" not in query.split("&"):
            return None
        ref = ref[len("file:"):]
    if not ref or ref == ":memory:":
        return None
    path = Path(ref)
    return None if path.exists() else path


def unmade_default(db: str | os.PathLike[str] | None = None) -> Path | None:
    """The default SQLite file when the user named no database (no `db`, no ``IMPACT_DB``) and
    it is not made yet: a newcomer's state before the app's first run or `impact league new`.
    None when a database is named, or the default file exists."""
    if db is not None or os.environ.get("IMPACT_DB"):
        return None
    return missing_file(resolve_url(None))


def existing_url(db: str | os.PathLike[str] | None = None) -> str:
    """`resolve_url(db)`, for a command that only uses a league already made: an SQLite file
    that does not exist is refused in one line naming it (with how to make a league there)
    instead of being made empty, so a mistyped --db leaves no stray database behind. The
    commands that make a league (`impact league new`, `league import`) use `resolve_url`."""
    url = resolve_url(db)
    path = missing_file(url)
    if path is None:
        return url
    import shlex
    named = str(db) if db is not None else os.environ.get("IMPACT_DB") or ""
    how = (f"impact --db {shlex.quote(named)} league new NAME" if named
           else "impact league new NAME")
    raise StorageError(f"no database at {path}: make a league there with `{how}` "
                       "(or check the path)")


def read_only(url: str) -> bool:
    """Is `url` an SQLite league opened read-only (`impact serve` serves one so)?"""
    return url.startswith("sqlite") and "mode=ro" in url.partition("?")[2].split("&")


def read_only_url(url: str) -> str:
    """The SQLite URL `url` (a file) opened read-only: SQLite itself refuses every write."""
    if not url.startswith("sqlite:///") or url.startswith("sqlite:///file:"):
        raise StorageError(f"{url}: not an SQLite league file")
    path = url[len("sqlite:///"):].partition("?")[0]
    return f"sqlite:///file:{path}?mode=ro&uri=true"


READ_ONLY_REFUSAL = ("this league is open read-only (served to a browser from its SQLite file): "
                     "nothing can be changed here")


_REVISION = re.compile(r"""^(down_revision|revision)\s*(?::[^=]*)?=\s*(?:['"]([^'"]+)['"]|None)""",
                       re.MULTILINE)


@lru_cache(maxsize=1)
def head_from_files() -> str | None:
    """The newest revision, read from the migration files' text (`revision = "..."` and
    `down_revision = "..."`) without importing Alembic; None when the files do not name one
    head (then Alembic decides)."""
    revisions: set[str] = set()
    downs: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        found = dict((m.group(1), m.group(2)) for m in _REVISION.finditer(
            path.read_text(encoding="utf-8")))
        if "revision" not in found or found["revision"] is None:
            continue
        revisions.add(found["revision"])
        if found.get("down_revision"):
            downs.add(found["down_revision"])   # type: ignore[arg-type]
    heads = revisions - downs
    return heads.pop() if len(heads) == 1 else None
