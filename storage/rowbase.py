"""`Row`: the base of every table class, SQLModel's own with the SQLAlchemy `Table` it maps
declared for the type checker.

SQLAlchemy sets `__table__` on each class made with ``table=True``; SQLModel does not declare it,
so `SomeRow.__table__` (the Core table the bulk inserts and joins use) would be unknown to mypy.
At run time `Row` *is* `SQLModel`: nothing changes in the tables or their metadata."""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

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
