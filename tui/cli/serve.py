"""`impact serve`: the league app in a browser (tui/serve.py, textual-serve)."""
from __future__ import annotations

from typing import Optional

import typer

from tui.cli.common import echo
from tui.cli.league import DB_OPT, LEAGUE_NAME_OPT, guarded


def serve_cmd(
    host: str = typer.Option("127.0.0.1", "--host",
                             help="Address to listen on (default: this machine only; put a "
                                  "reverse proxy with TLS in front to open it to others)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on."),
    public_url: Optional[str] = typer.Option(
        None, "--public-url", help="The address browsers use, when a reverse proxy stands in "
        "front (https://league.example.org): the page's websocket goes there."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
) -> None:
    """Serve the league app to browsers: on a PostgreSQL league each browser session logs in with
    its own role and password (the --db URL names the server and database, no role or password);
    an SQLite league is served read-only. Ctrl+C stops."""
    from tui.serve import prepare, serve
    served = prepare(db, league)
    shown = public_url or f"http://{host}:{port}"
    how = ("each session logs in with its own PostgreSQL role" if served.mode == "login"
           else "read-only")
    echo(f"serving the league app on {shown} ({how}); Ctrl+C stops", err=True)
    serve(served, host=host, port=port, public_url=public_url)


def register(app: typer.Typer) -> None:
    app.command("serve")(guarded(serve_cmd))
