"""What the play record's entries share: `Roll` (league.engine.dice), `Event`
(league.engine.events) and `Play` (league.engine.state) each read as the tuple of their fields.

They were NamedTuples. A game records some three hundred of them, and the compiled build
(setup.py) made each through tuple.__new__ (some 900 instructions); as classes it makes them
native objects, their fields read directly. Each is still iterated, indexed, compared, hashed,
shown and pickled as that tuple (`astuple`), so `tuple(entry)` is what it was.
"""
from __future__ import annotations

from collections.abc import Iterator

try:  # the compiled build: tests and tools may subclass them in Python
    from mypy_extensions import mypyc_attr
except ImportError:  # the pure-Python package needs nothing beyond the standard library
    def mypyc_attr(*attrs: str, **kwattrs: object):  # type: ignore[misc,no-redef]
        return lambda cls: cls


@mypyc_attr(allow_interpreted_subclasses=True)
class Entry:
    """An entry of the record, read as the tuple of its fields."""

    __slots__ = ()

    def astuple(self) -> tuple:
        """The entry's fields in order (what it was as a NamedTuple)."""
        raise NotImplementedError

    def names(self) -> tuple[str, ...]:
        """The names of the fields, in the order of `astuple`."""
        raise NotImplementedError

    def __iter__(self) -> Iterator[object]:
        return iter(self.astuple())

    def __len__(self) -> int:
        return len(self.astuple())

    def __getitem__(self, index: int) -> object:
        return self.astuple()[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Entry):
            return type(self) is type(other) and self.astuple() == other.astuple()
        if isinstance(other, tuple):
            return self.astuple() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __hash__(self) -> int:
        return hash(self.astuple())

    def __repr__(self) -> str:
        return (type(self).__name__ + "("
                + ", ".join(f"{k}={v!r}" for k, v in zip(self.names(), self.astuple())) + ")")

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), self.astuple())
