"""The `impact` command line."""
from __future__ import annotations

import typer

app = typer.Typer(
    name="impact",
    help="Impact League: run leagues of Impact Baseball and Melting Pot events.",
    no_args_is_help=True,
    add_completion=False,
)

from tui.cli_troop import troop_app
app.add_typer(troop_app, name="troop")


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
