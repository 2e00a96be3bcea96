"""The global options of `impact` (--db, --league-name): given before or after the command name,
they apply to every command, so one database is used, the one the person named.

Click reads a group's options only before the command name; `GlobalOptionsGroup` moves the
global options found anywhere on the command line (before a `--`) in front of it, and the
commands read them back with `global_db` / `global_league`.
"""
from __future__ import annotations

from dataclasses import dataclass

import typer
from typer.core import TyperGroup

# typer brings its own click (a private copy since typer 0.20): its exceptions and context are
# the ones the command line raises and runs in, whichever click is installed beside it.
UsageError = typer.BadParameter.__bases__[0]
ClickException = UsageError.__bases__[0]


def _current_context():  # type: ignore[no-untyped-def]
    try:
        from typer._click.globals import get_current_context
    except ImportError:  # typer before its own copy of click
        from click import get_current_context
    return get_current_context(silent=True)

GLOBAL_OPTIONS = ("--db", "--league-name")


@dataclass(frozen=True)
class GlobalOptions:
    db: str | None = None
    league: str | None = None


def hoist_global_options(args: list[str]) -> list[str]:
    """`args` with every global option (and its value) moved to the front; the same option given
    twice with different values is refused (one database, one league)."""
    front: list[str] = []
    rest: list[str] = []
    seen: dict[str, str] = {}
    i = 0
    while i < len(args):
        tok = args[i]
        if tok == "--":
            rest += args[i:]
            break
        name, value = None, None
        for opt in GLOBAL_OPTIONS:
            if tok == opt and i + 1 < len(args):
                name, value = opt, args[i + 1]
                i += 1
            elif tok.startswith(opt + "="):
                name, value = opt, tok[len(opt) + 1:]
        if name is None:
            rest.append(tok)
        else:
            assert value is not None
            if name in seen and seen[name] != value:
                raise UsageError(
                    f"{name} is given twice ({seen[name]!r} and {value!r}); give it once")
            if name not in seen:
                seen[name] = value
                front += [name, value]
        i += 1
    return front + rest


class GlobalOptionsGroup(TyperGroup):
    """The root group: global options are read wherever they stand."""

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global_options(list(args)))


def _root_options() -> GlobalOptions:
    ctx = _current_context()
    obj = ctx.find_root().obj if ctx is not None else None
    return obj if isinstance(obj, GlobalOptions) else GlobalOptions()


def global_db(local: str | None = None) -> str | None:
    """The database the person named: the global --db (or IMPACT_DB through it), else `local`."""
    root = _root_options().db
    if root and local and root != local:
        raise UsageError(f"--db is given twice ({root!r} and {local!r}); give it once")
    return root or local


def global_league(local: str | None = None) -> str | None:
    """The stored league named by --league-name (or the command's own --league)."""
    root = _root_options().league
    if root and local and root != local:
        raise UsageError(
            f"two leagues named: --league-name {root!r} and --league {local!r}; give one")
    return root or local
