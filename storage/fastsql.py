"""Statements on a season's hot path: compiled once per dialect and run with executemany on the
DBAPI cursor of the session's connection (so in its transaction), with rows as plain tuples.

SQLAlchemy's per-row parameter processing, and building a statement anew for every game, were
most of the cost of storing one: a statement is built by its factory the first time a dialect
needs it and then only its SQL text and parameter order are kept.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from itertools import chain
from typing import Any

# (dialect, name) -> (SQL text, keys, parameter order or None for a named paramstyle, constants)
_compiled: dict[tuple[str, str], tuple[str, tuple[str, ...], Any, dict[str, Any]]] = {}

Factory = Callable[[str], "tuple[Any, tuple[str, ...]]"]


@contextmanager
def cursor_of(session: Any) -> Iterator[tuple[Any, Any]]:
    """The DBAPI cursor of the session's connection and its dialect, in the session's
    transaction; what the session holds is flushed first, so the cursor sees it."""
    session.flush()
    conn = session.connection()
    cursor = conn.connection.cursor()
    try:
        yield cursor, conn.dialect
    finally:
        cursor.close()


def day_param(dialect: Any) -> Callable[[date | None], object]:
    """How a day is bound on the raw cursor: SQLite keeps dates as ISO text (as SQLAlchemy's
    Date type writes them), PostgreSQL takes the date itself."""
    if dialect.name == "sqlite":
        return lambda d: None if d is None else d.isoformat()
    return lambda d: d


def time_param(dialect: Any) -> Callable[[datetime], object]:
    """How a moment is bound on the raw cursor: SQLite keeps it as text (as SQLAlchemy's
    DateTime type writes it), PostgreSQL takes the datetime itself."""
    if dialect.name == "sqlite":
        return lambda t: t.strftime("%Y-%m-%d %H:%M:%S.%f")
    return lambda t: t


def marker(dialect: Any) -> str:
    """The raw cursor's positional parameter marker: sqlite3's qmark, psycopg's format."""
    return "?" if dialect.name == "sqlite" else "%s"


def insert_returning(cursor: Any, dialect: Any, table: str, keys: Sequence[str],
                     rows: Sequence[tuple], returning: Sequence[str],
                     unchecked: bool = False) -> list[tuple]:
    """One INSERT of all `rows` (tuples in the order of `keys`) into `table`, several VALUES
    rows in one statement (one round trip), each row's `returning` columns read back. The rows
    are inserted in their order, so their ids are as if each had been inserted on its own;
    the returned rows may come in any order (find them by a key of their own). `unchecked`:
    the connection's foreign keys are off (`insert_rows`)."""
    if not rows:
        return []
    one = "(" + ", ".join([marker(dialect)] * len(keys)) + ")"
    cursor.execute(f"{_verb(dialect, unchecked)} INTO {table} ({', '.join(keys)}) VALUES "
                   f"{', '.join([one] * len(rows))} RETURNING {', '.join(returning)}",
                   [v for row in rows for v in row])
    return [tuple(r) for r in cursor.fetchall()]


# the most rows one INSERT of `insert_rows` carries, and the most parameters: SQLite built
# before 3.32 takes 999 a statement at most
_ROWS_A_STATEMENT = 64
_PARAMS_A_STATEMENT = 999


def insert_rows(cursor: Any, dialect: Any, table: str, keys: tuple[str, ...],
                rows: Sequence[tuple], unchecked: bool = False) -> None:
    """Insert `rows` (tuples in the order of `keys`) into `table` in their order, several rows
    an INSERT (`VALUES (…), (…)`): on SQLite each statement run is a step of its own (a reset,
    a halt, the connection's lock and the GIL given back and taken again), so an executemany of
    a day's 500 lines ran 500 of them. The rows go in as many rows a statement as the largest
    power of two that fits (64 at most, the rest 32, 16, … 1), so a handful of statement texts
    serve every day (the connection's statement cache keeps them compiled); the rows get the
    ids one INSERT a row would give them.

    `unchecked`: the connection's foreign keys are off (storage.db.keys_unchecked), and the
    insert is `INSERT OR FAIL` on SQLite: a statement of several rows that may stop half-way
    on an ABORT (a NOT NULL, a foreign key) keeps a statement journal, a temp file that copies
    each page it changes (about 10 MB a season, more CPU than the rows' statements saved);
    FAIL stops the same way and leaves the rows before, which the caller's transaction rolls
    back with the rest of its day."""
    if not rows:
        return
    width = len(keys)
    size = _ROWS_A_STATEMENT
    while size > 1 and size * width > _PARAMS_A_STATEMENT:
        size //= 2
    flat = list(chain.from_iterable(rows))     # the parameters of all rows, in order
    k, n = 0, len(rows)
    while k < n:
        while size > n - k:
            size //= 2
        sql = _inserts.get((dialect.name, table, keys, size, unchecked))
        if sql is None:     # the same text object each time: its hash is kept
            one = "(" + ", ".join([marker(dialect)] * width) + ")"
            sql = _inserts[(dialect.name, table, keys, size, unchecked)] = (
                f"{_verb(dialect, unchecked)} INTO {table} ({', '.join(keys)}) VALUES "
                + ", ".join([one] * size))
        cursor.execute(sql, flat[k * width:(k + size) * width])
        k += size


# (dialect, table, keys, rows, unchecked) -> the text of insert_rows' INSERT
_inserts: dict[tuple[str, str, tuple[str, ...], int, bool], str] = {}


def _verb(dialect: Any, unchecked: bool) -> str:
    return "INSERT OR FAIL" if unchecked and dialect.name == "sqlite" else "INSERT"


def values_list(dialect: Any, rows: Sequence[tuple], types: Sequence[str] = ()) -> tuple[str, list]:
    """`VALUES (…), (…)` for all `rows` as one statement's text and its parameters, in the
    rows' order; `types` casts the first row's (so the columns' types are known on
    PostgreSQL). One statement for a day's rows, where an executemany on PostgreSQL sends,
    binds and runs one statement a row."""
    m = marker(dialect)
    first = "(" + ", ".join(f"{m}::{t}" if t else m for t in types or [""] * len(rows[0])) + ")"
    other = "(" + ", ".join([m] * len(rows[0])) + ")"
    return ("VALUES " + ", ".join([first] + [other] * (len(rows) - 1)),
            [v for row in rows for v in row])


def run(cursor: Any, dialect: Any, name: str, factory: Factory, rows: Sequence[tuple],
        many: bool = True) -> None:
    """Run the statement `name` (built by `factory(dialect name)` as (statement, keys) on first
    use) for `rows`, tuples in the order of its keys; `many=False` runs it once, for rows[0]."""
    if not rows:
        return
    entry = _compiled.get((dialect.name, name))
    if entry is None:
        stmt, keys = factory(dialect.name)
        compiled = stmt.compile(dialect=dialect)
        # literal values of the statement (status = 'final') are bound parameters too
        constants = {k: v for k, v in compiled.params.items() if k not in keys}
        order = None
        if compiled.positional:
            order = tuple(keys.index(n) if n in keys else ("const", constants[n])
                          for n in compiled.positiontup)  # type: ignore[union-attr]
        entry = _compiled[(dialect.name, name)] = (str(compiled), keys, order, constants)
    sql, keys, order, constants = entry
    if order is None:
        params: Sequence[Any] = [{**constants, **dict(zip(keys, r))} for r in rows]
    elif order == tuple(range(len(keys))):
        params = rows
    else:
        params = [tuple(r[i] if isinstance(i, int) else i[1] for i in order) for r in rows]
    if many:
        cursor.executemany(sql, params)
    else:
        cursor.execute(sql, params[0])
