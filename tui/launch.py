"""The `impact` command's entry point. With no command (only the global options --db and
--league-name) it opens the league app at once, without building the whole command line (Typer
and every command's module): the app reaches its first screen sooner. Anything else goes to
the command line (`tui.cli.main`), but for `impact standings --json`, which tui.cli.quick answers
without it where it can."""
from __future__ import annotations

import os
import sys

_GLOBAL = ("--db", "--league-name")


def app_options(args: list[str]) -> dict[str, str] | None:
    """The global options when `args` hold nothing else (the app is wanted); else None.
    An option given twice with different values goes to the command line, which refuses it."""
    found: dict[str, str] = {}
    i = 0
    while i < len(args):
        tok = args[i]
        name = value = None
        for opt in _GLOBAL:
            if tok == opt and i + 1 < len(args):
                name, value = opt, args[i + 1]
                i += 1
            elif tok.startswith(opt + "="):
                name, value = opt, tok[len(opt) + 1:]
        if name is None or value is None or found.get(name, value) != value:
            return None
        found[name] = value
        i += 1
    return found


def main() -> None:
    """Console-script entry point (see the module's docstring)."""
    options = app_options(sys.argv[1:])
    if options is None:
        from tui.cli.quick import quick_command
        if quick_command(sys.argv[1:]):     # `impact standings --json`: no Typer (tui/cli/quick.py)
            return
        from tui.cli.main import main as cli_main
        cli_main()
        return
    from tui.bulkgc import pause_for_start
    pause_for_start()     # until the first screen has shown (tui/bulkgc.py)
    db = options.get("--db", os.environ.get("IMPACT_DB")) or None
    league = options.get("--league-name") or None
    from tui import prefetch
    first = prefetch.start(db, league)   # read while Textual is imported (tui/prefetch.py)
    from league.errors import LeagueError
    from tui.app import ImpactApp
    try:
        app = ImpactApp(db=db, league=league, prefetch=first)
    except LeagueError as exc:          # a bad --db: one line, as the command line says it
        print(str(exc), file=sys.stderr)
        sys.exit(2)
    app.run()
