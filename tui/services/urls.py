"""League database URLs for the faces that show or pass one on (`impact serve`, its login
screen): where a URL points, with or without a person's login, and an SQLite league opened
read-only. The faces read URLs through here, never through SQLAlchemy or storage themselves."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import make_url

from storage.location import read_only_url, resolve_url


@dataclass(frozen=True)
class Place:
    """What a database URL names: its backend (sqlite, postgresql), host and port (a socket's
    folder counts as no host), database, and whether it holds a password."""

    backend: str
    host: str
    port: int | None
    database: str
    password: bool
    socket: bool            # the host is a local socket (a folder, or ?host= in the query)

    def text(self) -> str:
        """host:port/database, as a person reads where he logs in."""
        return f"{self.host}:{self.port or 5432}/{self.database}"


def resolve(db: str | Path | None) -> str:
    """The URL of the league database `db` names (IMPACT_DB, else the user's file, when None)."""
    return resolve_url(db)


def place(url: str) -> Place:
    """Where `url` (a URL `resolve` gave) points."""
    u = make_url(url)
    host = u.host or ""
    return Place(u.get_backend_name(), host, u.port, u.database or "", bool(u.password),
                 host.startswith("/") or bool(u.query.get("host")))


def without_login(url: str) -> str:
    """`url` with no role and no password (each session logs in with its own)."""
    return make_url(url)._replace(username=None, password=None).render_as_string(
        hide_password=False)


def with_login(url: str, role: str, password: str) -> str:
    """`url` with a person's role and password (kept in memory only)."""
    return make_url(url).set(username=role, password=password or None).render_as_string(
        hide_password=False)


def read_only(url: str) -> str:
    """The SQLite league file `url` opened read-only: SQLite itself refuses every write."""
    return read_only_url(url)


__all__ = ["Place", "resolve", "place", "without_login", "with_login", "read_only"]
