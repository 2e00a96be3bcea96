"""The command line (`impact ...`): Typer commands that call the Textual-free services."""
