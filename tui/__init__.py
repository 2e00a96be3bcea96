"""The interface: the Textual app and the Typer CLI (tui/cli/main.py)."""
