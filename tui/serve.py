"""`impact serve`: the league app in a browser, through textual-serve.

Each browser tab gets its own app process. On a PostgreSQL league the app first asks for a
PostgreSQL role and its password and connects as that role, so a browser session has exactly
the rights its role has in the terminal (the database's grants and policies decide, as for
`psql`). Nothing of the server's own credentials reaches a session: the app processes run
without the PostgreSQL variables that carry or point to credentials (PGPASSWORD, PGUSER,
PGSERVICE…), with PGPASSFILE and PGSERVICEFILE set to /dev/null so libpq reads no `.pgpass` or
service file, no client certificate and no Kerberos ticket; and only over TCP (over a local
socket, peer authentication would log every browser in as the server's own account). An SQLite
league is served read-only: SQLite refuses every write and the app says so.
"""
from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass
from typing import Any, MutableMapping

from league.errors import LeagueError

# libpq's variables that carry credentials or name files that hold them (removed), and those
# set so that libpq finds none (https://www.postgresql.org/docs/current/libpq-envars.html)
CREDENTIAL_VARIABLES = ("PGPASSWORD", "PGUSER", "PGSERVICE", "PGSSLPASSWORD", "PGOPTIONS",
                        "PGREQUIREAUTH", "IMPACT_DB", "KRB5_CLIENT_KTNAME", "PGKRBSRVNAME")
NO_CREDENTIAL_FILES = {
    "PGPASSFILE": "/dev/null",
    "PGSERVICEFILE": "/dev/null",
    "PGSYSCONFDIR": "/nonexistent/impact-serve",        # no system-wide pg_service.conf
    "PGSSLCERT": "/nonexistent/impact-serve/client.crt",   # no ~/.postgresql client cert
    "PGSSLKEY": "/nonexistent/impact-serve/client.key",
    "PGGSSENCMODE": "disable",
    "KRB5CCNAME": "FILE:/dev/null",                      # no Kerberos ticket of the server
}
# what the server hands each app process: the league (a URL without credentials), how to open it
SERVE_DB = "IMPACT_SERVE_DB"
SERVE_LEAGUE = "IMPACT_SERVE_LEAGUE"
SERVE_MODE = "IMPACT_SERVE_MODE"         # login (PostgreSQL) | read-only (SQLite)


class ServeError(LeagueError):
    """The league cannot be served as asked (one line)."""


def without_credentials(env: MutableMapping[str, str]) -> MutableMapping[str, str]:
    """`env` (changed in place) with no way for libpq to find a password or an identity."""
    for name in CREDENTIAL_VARIABLES:
        env.pop(name, None)
    env.update(NO_CREDENTIAL_FILES)
    return env


@dataclass(frozen=True)
class Served:
    """What the app processes are told: the league's URL (no role, no password) and the mode."""

    url: str
    league: str | None
    mode: str

    def environment(self) -> dict[str, str]:
        return {SERVE_DB: self.url, SERVE_LEAGUE: self.league or "", SERVE_MODE: self.mode}


def prepare(db: str | None, league: str | None) -> Served:
    """Check the league can be served and say how: a PostgreSQL URL naming a TCP host and no
    password (each session logs in with its own role), or an SQLite file with a league in it
    (opened here once, so an older file is migrated before the sessions open it read-only)."""
    from tui import services as sv
    from tui.services import urls

    url = urls.resolve(db)
    where = urls.place(url)
    if where.backend == "postgresql":
        if where.password:
            raise ServeError("the --db URL holds a password: leave it out, each browser session "
                             "logs in with its own role and password")
        if not where.host or where.socket:
            raise ServeError("name the database server's host in the --db URL "
                             "(postgresql+psycopg://dbhost/league): a browser session connects "
                             "over TCP, since over a local socket peer authentication would "
                             "log it in as the server's own account")
        return Served(urls.without_login(url), league, "login")
    if where.backend != "sqlite":
        raise ServeError(f"impact serve serves a PostgreSQL or SQLite league, not {url}")
    names = [lg.name for lg in sv.list_leagues(url)]
    if not names:
        raise ServeError(f"{url}: no league to serve (impact league new NAME --from nippon)")
    if league is not None and league not in names:
        raise ServeError(f"no league {league!r} in this database (leagues: {', '.join(names)})")
    sv.close_all()
    return Served(urls.read_only(url), league, "read-only")


def app_command() -> str:
    """The command textual-serve runs for each browser session (this Python, the served app)."""
    return f"{shlex.quote(sys.executable)} -m tui.served"


def serve(served: Served, host: str = "127.0.0.1", port: int = 8000,
          public_url: str | None = None, title: str = "Impact League") -> None:
    """Serve the app until Ctrl+C (the sessions' processes get this process's environment less
    every credential, and the league to open)."""
    without_credentials(os.environ)
    os.environ.update(served.environment())
    _server_class()(app_command(), host=host, port=port, title=title,
                    public_url=public_url).serve()


def same_origin(origin: str | None, host: str, public_url: str | None) -> bool:
    """May a page from `origin` drive a session? Only the league's own pages (their origin is
    the address the browser asked for, or the public one behind a proxy): another web site the
    person has open must not reach the app through his browser (cross-site websocket hijacking).
    A client that sends no Origin is no browser page."""
    from urllib.parse import urlsplit
    if not origin:
        return True
    where = urlsplit(origin).netloc
    return where == host or (public_url is not None and where == urlsplit(public_url).netloc)


def _server_class() -> Any:
    from aiohttp import web
    from textual_serve.server import Server

    class LeagueServer(Server):
        """textual-serve's server, whose websocket takes only the league's own pages."""

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if not same_origin(request.headers.get("Origin"), request.host, self.public_url):
                raise web.HTTPForbidden(text="a page of another site may not open the league")
            return await super().handle_websocket(request)

    return LeagueServer
