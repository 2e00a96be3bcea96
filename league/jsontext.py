"""Reading JSON a person or a program wrote: strict, and every refusal one line naming the place.

`json.loads` accepts what a league must not store and fails on some input with errors that are
not one line: a key given twice (the last silently wins), numbers of thousands of digits
(ValueError from int()), NaN and Infinity, nesting thousands deep (RecursionError), and NUL
characters that no database text column can hold. `load_json` refuses each of these naming the
line and column (or the JSON path) and the problem.
"""
from __future__ import annotations

import json
from typing import Any

from league.errors import LeagueError
from league.numbers import MAX_DIGITS

MAX_DEPTH = 64


class JSONInputError(LeagueError):
    """JSON text that cannot be used; the message names where and what."""


class _Refused(Exception):
    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.token = token


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _depth_check(text: str) -> None:
    depth, i, n = 0, 0, len(text)
    in_string = False
    while i < n:
        ch = text[i]
        if in_string:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line, col = _line_col(text, i)
                raise JSONInputError(f"line {line}, column {col}: nested more than {MAX_DEPTH} "
                                     "deep")
        elif ch in "]}":
            depth -= 1
        i += 1


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"duplicate key {key!r} (each key once per object)", json.dumps(key))
        out[key] = value
    return out


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"number {text[:12]}… has {len(text.lstrip('-'))} digits (at most "
                       f"{MAX_DIGITS})", text[:40])
    return int(text)


def _float(text: str) -> float:
    if len(text) > 40:
        raise _Refused(f"number {text[:12]}… is too long", text[:40])
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"number {text} is too large", text)
    return value


def _constant(name: str) -> Any:
    raise _Refused(f"{name} is not a JSON number", name)


def _no_nul(value: Any, path: str) -> None:
    stack = [(value, path)]
    while stack:
        v, p = stack.pop()
        if isinstance(v, str):
            if "\x00" in v:
                raise JSONInputError(f"{p or 'the document'}: a NUL character in a text")
        elif isinstance(v, dict):
            for k, x in v.items():
                if "\x00" in k:
                    raise JSONInputError(f"{p or 'the document'}: a NUL character in a key")
                stack.append((x, f"{p}.{k}" if p else k))
        elif isinstance(v, list):
            stack.extend((x, f"{p}[{i}]") for i, x in enumerate(v))


def load_json(text: str) -> Any:
    """Parse `text` strictly; JSONInputError says where (line and column, or the JSON path)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    _depth_check(text)
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_int=_int, parse_float=_float,
                           parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise JSONInputError(f"line {exc.lineno}, column {exc.colno}: not valid JSON: "
                             f"{exc.msg}") from None
    except _Refused as exc:
        pos = text.find(exc.token) if exc.token else -1
        if exc.token and exc.message.startswith("duplicate"):
            first = text.find(exc.token)
            pos = text.find(exc.token, first + 1) if first >= 0 else -1
        where = "line {}, column {}".format(*_line_col(text, pos)) if pos >= 0 else "the document"
        raise JSONInputError(f"{where}: {exc.message}") from None
    except RecursionError:  # the depth check makes this unreachable; kept as a last guard
        raise JSONInputError(f"nested more than {MAX_DEPTH} deep") from None
    _no_nul(value, "")
    return value
