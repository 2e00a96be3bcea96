"""The `impact` command line."""
from __future__ import annotations

import typer

app = typer.Typer(
    name="impact",
    help="Impact League: run leagues of Impact Baseball and Melting Pot events.",
    no_args_is_help=True,
    add_completion=False,
)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
