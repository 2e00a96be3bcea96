"""The global options of `impact` (--db, --league-name): given before or after the command name,
they apply to every command, so one database is used, the one the person named.

Click reads a group's options only before the command name; `GlobalOptionsGroup` moves the
global options found anywhere on the command line (before a `--`) in front of it, and the
commands read them back with `global_db` / `global_league`.
"""
from __future__ import annotations

import functools
import inspect
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, Optional, TypeVar, cast

import click
import typer
from typer.core import TyperCommand, TyperGroup

from league.errors import LeagueError
from tui.cli.quick import json_default  # noqa: F401  (re-exported: its one home is typer-free)

if TYPE_CHECKING:   # the context class TyperGroup is typed with (typer's own copy of click's)
    from typer._click import Context as ClickContext

# typer brings its own click (a private copy since typer 0.20): its exceptions and context are
# the ones the command line raises and runs in, whichever click is installed beside it.
UsageError: type[Exception] = cast(type[Exception], typer.BadParameter.__bases__[0])
ClickException: type[Exception] = cast(type[Exception], UsageError.__bases__[0])


def _current_context():  # type: ignore[no-untyped-def]
    try:
        from typer._click.globals import get_current_context
    except ImportError:  # typer before its own copy of click
        from click import get_current_context
    return get_current_context(silent=True)

GLOBAL_OPTIONS = ("--db", "--league-name")


def echo(message: object = "", *, err: bool = False, nl: bool = True) -> None:
    """typer.echo for every line the command line prints: stored text (names, notes, lists)
    shows its control characters as visible escapes (league.visible), never as terminal
    commands."""
    from league.visible import visible
    typer.echo(visible(str(message)), err=err, nl=nl)


def progress_shown(quiet: bool = False, as_json: bool = False) -> bool:
    """Whether a long command draws its progress bar: on a terminal, unless `-q` or `--json`.
    Printed elsewhere (a pipe, a file, a test's runner) the bar had nothing to draw and left
    an empty line before the command's answer."""
    if quiet or as_json:
        return False
    from rich.console import Console
    return Console().is_terminal


def echo_json_text(text: str, *, err: bool = False) -> None:
    """A JSON text as the command line prints it: the data kept, its control characters written
    as JSON escapes (league.visible.visible_json)."""
    from league.visible import visible_json
    typer.echo(visible_json(text), err=err)


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


class OneLineHelpGroup(TyperGroup):
    """A group whose list of commands shows each command's first paragraph on one line, as its
    own help page does: typer's rich help keeps a docstring's line breaks in the list (`impact
    --help` read "...; per league" and "(リーグ) and 交流戦" on two lines). Every group of
    `impact` is one."""

    def get_command(self, ctx: ClickContext, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None and cmd.short_help is None and cmd.help:
            cmd.short_help = one_line_help(cmd.help)
        return cmd


def one_line_help(text: str) -> str:
    """A help text's first paragraph (before a blank line or a form feed) as one line."""
    first = inspect.cleandoc(text).partition("\f")[0].split("\n\n")[0]
    return " ".join(first.split())


class GlobalOptionsGroup(OneLineHelpGroup):
    """The root group: global options are read wherever they stand, and every usage error of
    the command line (the root's, a group's, a command's) is one line (`usage_words`), JSON on
    stderr when --json is on the command line; help stays help."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global_options(list(args)))

    def make_context(self, info_name: str | None, args: list[str],
                     parent: ClickContext | None = None, **extra: Any) -> ClickContext:
        as_json = _json_asked(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except UsageError as exc:
            _usage_failure(exc, as_json)
        ctx.meta[_JSON_KEY] = as_json
        return ctx

    def invoke(self, ctx: ClickContext) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as exc:   # a group's or a command's, raised below the root
            _usage_failure(exc, ctx.meta.get(_JSON_KEY, False))


_JSON_KEY = "impact.json"


def _json_asked(args: list[str]) -> bool:
    """Whether --json stands on the command line (before a `--`)."""
    return "--json" in (args[:args.index("--")] if "--" in args else args)


def _usage_failure(exc: Exception, as_json: bool) -> NoReturn:
    if type(exc).__name__ == "NoArgsIsHelpError":   # a group given no command: its help
        raise exc
    fail(usage_words(exc), as_json=as_json)


def usage_words(exc: Exception) -> str:
    """A usage error of the command line as one line: the option (or argument), the value and
    what it accepts (`--days 0: must be at least 1`, `--season abc: must be a whole number,
    1 to 100000`),
    or what was wrong and where to look (`season sim: no such option --bogus; see `impact season
    sim --help``). The value and the reason come from the check's own record (pydantic's error,
    Click's exception), never from its message."""
    ctx = getattr(exc, "ctx", None)
    path = _command_path(ctx)
    where = f"{path}: " if path else ""
    see = f"see `impact{' ' + path if path else ''} --help`"
    param = getattr(exc, "param", None)
    kind = type(exc).__name__
    if kind == "MissingParameter" and param is not None:
        return f"{where}{_param_name(param)} is missing; {see}"
    if kind == "BadParameter" and param is not None:
        name = _param_name(param)
        if param.param_type_name == "argument":
            name = f"{where}{name}"
        cause: Any = exc.__cause__     # pydantic's ValidationError: the input and the check
        errors = cause.errors() if hasattr(cause, "errors") else []
        if errors:
            return f"{name} {errors[0].get('input')}: {_accepted(param, errors[0])}"
        return f"{name}: {_lower(getattr(exc, 'message', str(exc)))}"
    if kind == "NoSuchOption":
        possible = sorted(getattr(exc, "possibilities", None) or ())
        guess = f" (did you mean {' or '.join(possible)}?)" if possible else ""
        return f"{where}no such option {getattr(exc, 'option_name', '')}{guess}; {see}"
    said = _lower(getattr(exc, "message", str(exc)))
    # Typer's guess at a misspelt command ends its message: "... Did you mean 'odds'?"
    return f"{where}{said} S{see[1:]}" if said.endswith("?") else f"{where}{said}; {see}"


def _command_path(ctx: Any) -> str:
    """The command's words after the program's name (`season sim`), '' for the root."""
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name or "")
        ctx = ctx.parent
    return " ".join(names)


def _param_name(param: Any) -> str:
    if param.param_type_name == "option":
        return max(param.opts, key=len)
    return str(param.metavar or param.name).upper()


def _lower(message: str) -> str:
    message = message.strip().rstrip(".")
    return message[:1].lower() + message[1:]


_WHOLE = ("int_parsing", "int_type", "int_from_float")
_BOUND = ("greater_than_equal", "less_than_equal", "greater_than", "less_than")


def _accepted(param: Any, error: Any) -> str:
    """What the option accepts, from the failed check (a pydantic error's type) and the
    option's declared range and choices."""
    info = getattr(getattr(param, "type_descriptor", None), "parameter_info", None)
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    if low is not None and high is not None:
        span = f"{low} to {high}"
    else:
        span = f"at least {low}" if low is not None else f"at most {high}"
    kind = error.get("type")
    if kind in _WHOLE:
        return "must be a whole number" + (f", {span}" if low is not None or high is not None
                                           else "")
    if kind in _BOUND:
        return f"must be {span}"
    if kind in ("float_parsing", "float_type"):
        return "must be a number"
    choices = getattr(getattr(param, "type_descriptor", None), "choices", None)
    if choices:
        return "must be one of " + ", ".join(str(getattr(c, "value", c)) for c in choices)
    return _lower(str(error.get("msg", "")))


_NEGATIVE = re.compile(r"-[0-9]+")


def negatives_as_arguments(params: list[Any], args: list[str]) -> list[str]:
    """`args` with a negative number that stands where an argument does (`trade accept -1`)
    read as the argument, not as an unknown option (Click's 'No such option: -1' and its usage
    box): the arguments, in their order, go after a `--` when one of them is a negative number.
    An option's value stays with its option (`--season -1` is the option's)."""
    takes_value = {o for p in params if p.param_type_name == "option"
                   and not p.is_flag and not p.count for o in p.opts}
    options: list[str] = []
    arguments: list[str] = []
    i = 0
    while i < len(args):
        tok = args[i]
        if tok == "--":
            arguments += args[i + 1:]
            break
        if tok.startswith("-") and len(tok) > 1 and not _NEGATIVE.fullmatch(tok):
            options.append(tok)
            if tok in takes_value and i + 1 < len(args):
                options.append(args[i + 1])
                i += 1
        else:
            arguments.append(tok)
        i += 1
    if not any(_NEGATIVE.fullmatch(a) for a in arguments):
        return args
    return [*options, "--", *arguments]


class NumberArgumentCommand(TyperCommand):
    """A command taking a number as its argument (a proposal's, a game's): a negative one is
    the argument, for the command to refuse in its own words ('no proposal -1 to KYO')."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        return super().parse_args(ctx, negatives_as_arguments(self.get_params(ctx), list(args)))


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


# ---------------------------------------------------------------- what every command module uses
DB_HELP = ("League database: a file path or an SQLAlchemy URL (a global option: it may also stand "
           "before the command name).")
LEAGUE_HELP = "League name (default: the global --league-name, else the only league of the database)."
JSON_HELP = ("Print JSON instead of a table (a refusal too, on stderr: {\"error\": "
             "\"...\"}).")
DB_OPT = typer.Option(None, "--db", envvar="IMPACT_DB", help=DB_HELP)
LEAGUE_NAME_OPT = typer.Option(None, "--league", "-l", help=LEAGUE_HELP)
# the numbers --season takes; out of them, one line like every usage error (`usage_words`)
SEASONS = (1, 100_000)
SEASON_OPT = typer.Option(None, "--season", min=SEASONS[0], max=SEASONS[1],
                          help=f"Season number, {SEASONS[0]} to {SEASONS[1]} (default: the "
                               "latest).")
JSON_OPT = typer.Option(False, "--json", help=JSON_HELP)
# the same options as types, for a parameter written `db: DbOption = None` (Annotated): one
# spelling however many commands take them
DbOption = Annotated[Optional[str], typer.Option("--db", envvar="IMPACT_DB", help=DB_HELP)]
LeagueOption = Annotated[Optional[str], typer.Option("--league", "-l", help=LEAGUE_HELP)]
JsonOption = Annotated[bool, typer.Option("--json", help=JSON_HELP)]

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = 2, *, as_json: bool = False) -> NoReturn:
    """One clear line on stderr and a non-zero exit, never a traceback; for a command given
    --json (`as_json`) the line is JSON, for a program to read: {"error": message} (on stderr
    too: what stdout holds is always the command's answer)."""
    if as_json:
        echo_json_text(json.dumps({"error": message}, ensure_ascii=False), err=True)
    else:
        echo(f"impact: {message}", err=True)
    raise typer.Exit(code)


def guarded(fn: F | None = None, *, creates: bool = False, lists: bool = False) -> Any:
    """Turn league, storage and database errors into one line and exit status 2.

    A command taking `db` uses a league already made: an SQLite file that does not exist is
    refused in one line naming it ("no database at PATH: ..."), and nothing is created — a
    mistyped --db leaves no stray empty database. `creates=True` marks the commands that make
    a league (`league new`, `league import`), which make the file too. `lists=True` marks a
    command that answers "nothing yet" (`league list`): with no database named (no --db, no
    IMPACT_DB) and the default file not made yet it runs, and reads no file
    (tui.services.opening.unmade_default tells it); a file the user named is still refused.
    Used as `@guarded`, `guarded(fn)` or `guarded(fn, creates=True)`."""
    if fn is None:
        return functools.partial(guarded, creates=creates, lists=lists)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from tui import services as sv
        # the global options apply to every command (before or after the command name)
        if "db" in kwargs:
            kwargs["db"] = global_db(kwargs["db"])
        if "league" in kwargs:
            kwargs["league"] = global_league(kwargs["league"])
        as_json = kwargs.get("as_json") is True
        try:
            if "db" in kwargs and not creates:
                from tui.services.opening import existing_database, unmade_default
                if not (lists and unmade_default(kwargs["db"]) is not None):
                    existing_database(kwargs["db"])
            return fn(*args, **kwargs)
        except LeagueError as exc:
            fail(str(exc), as_json=as_json)
        except sv.database_errors() as exc:
            fail(str(sv.db_error(exc)), as_json=as_json)
        except OverflowError as exc:  # a number no database column holds
            fail(f"a number is too large to store: {exc}", as_json=as_json)
        except KeyboardInterrupt:
            fail("interrupted; every day finished so far is stored (run again to carry on)", 130,
                 as_json=as_json)
        except (typer.Exit, typer.Abort, click.exceptions.ClickException, ClickException,
                BrokenPipeError):
            raise
        except Exception as exc:  # a bug: still one line, with what and where
            fail(f"internal error: {type(exc).__name__}: {exc}", 1, as_json=as_json)
        finally:
            # nothing to close when the command never opened the database layer (impact
            # standings reads an SQLite league with plain sqlite3): not imported only to close
            if "tui.services.db" in sys.modules:
                sv.close_all()
    return wrapper  # type: ignore[return-value]


def echo_json(data: Any) -> None:
    """`data` as one line of JSON (dates as ISO text, dataclasses as objects): the data kept,
    its control characters written as JSON escapes."""
    echo_json_text(json.dumps(data, ensure_ascii=False, default=json_default))





def cells(text: str) -> int:
    """How many terminal cells `text` takes (a wide character takes two)."""
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal cells (a wide character takes two)."""
    return text + " " * max(0, width - cells(text))


def fit(text: str, width: int) -> str:
    """`text` in exactly `width` terminal cells: padded as `pad` does, or cut with "…" when it is
    wider (a wide character takes two cells, so a cut may leave a cell of padding)."""
    if cells(text) <= width:
        return pad(text, width)
    out, used = "", 0
    for c in text:
        w = cells(c)
        if used + w > width - 1:
            break
        out, used = out + c, used + w
    return pad(out + "…", width)


def engine_build(engine_file: str | None) -> str:
    """Which build of the engine is running: the pure-Python package or the compiled modules."""
    if (engine_file or "").endswith(".py"):
        return "pure Python"
    return "compiled (mypyc: IMPACT_MYPYC=1)"
