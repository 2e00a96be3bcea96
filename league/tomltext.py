"""Reading TOML a person wrote (league.toml, ruleset files) with one-line refusals.

tomllib fails on some input with errors that are not a TOMLDecodeError: integers of thousands
of digits (ValueError), nesting thousands deep (RecursionError). A byte-order mark, as editors
on Windows write, is accepted as in CSV; a NUL character is refused (no database can hold it).
"""
from __future__ import annotations

import re
import tomllib
from typing import Any

from league.errors import LeagueError


class TOMLInputError(LeagueError):
    """TOML text that cannot be used; the message starts with "line L, column C:" when known."""


def load_toml(text: str) -> dict[str, Any]:
    """Parse `text`; TOMLInputError names the line and column (when known) and the problem."""
    if text.startswith("\ufeff"):
        text = text[1:]
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        raise TOMLInputError(f"line {line}, column {col}: a NUL character")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        if m:
            raise TOMLInputError(f"line {m.group(1)}, column {m.group(2)}: malformed TOML: "
                                 f"{msg[:m.start()].strip()}") from None
        raise TOMLInputError(f"malformed TOML: {msg}") from None
    except RecursionError:
        raise TOMLInputError("malformed TOML: nested too deep") from None
    except ValueError as exc:  # int() of thousands of digits
        raise TOMLInputError(f"malformed TOML: {str(exc).split(';')[0]}") from None
    _check_values(data)
    return data


def _check_values(data: Any) -> None:
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        v, p = stack.pop()
        if isinstance(v, str) and "\x00" in v:
            raise TOMLInputError(f"{p}: a NUL character in a text")
        if isinstance(v, dict):
            for k, x in v.items():
                if "\x00" in k:
                    raise TOMLInputError(f"{p or 'top level'}: a NUL character in a key")
                stack.append((x, f"{p}.{k}" if p else k))
        elif isinstance(v, list):
            stack.extend((x, f"{p}[{i}]") for i, x in enumerate(v))
