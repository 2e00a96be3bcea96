"""`Row`: the base of every table class, SQLModel's own with the SQLAlchemy `Table` it maps
declared for the type checker.

SQLAlchemy sets `__table__` on each class made with ``table=True``; SQLModel does not declare it,
so `SomeRow.__table__` (the Core table the bulk inserts and joins use) would be unknown to mypy.
At run time `Row` *is* `SQLModel`: nothing changes in the tables or their metadata."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from sqlalchemy import BigInteger, Integer
from sqlmodel import SQLModel

if TYPE_CHECKING:
    from sqlalchemy import Table

    class Row(SQLModel):
        __table__: ClassVar[Table]
else:
    Row = SQLModel


# what an integer column holds (SQLite's INTEGER and PostgreSQL's bigint: 64 bits, signed); a
# number outside it is no row's key, so a look-up by it finds nothing rather than failing
STORED_INTEGERS = (-2 ** 63, 2 ** 63 - 1)


def storable(number: int) -> bool:
    """Whether `number` fits an integer column (`STORED_INTEGERS`)."""
    return STORED_INTEGERS[0] <= number <= STORED_INTEGERS[1]


# the id of a sealed table's row (storage.sharing, migration 0025_sealed_ids): bigint on
# PostgreSQL, where a shared league numbers such a row by the microsecond it is written; SQLite's
# INTEGER PRIMARY KEY is 64 bits already (and only that name makes it the rowid)
SEALED_ID = BigInteger().with_variant(Integer(), "sqlite")
