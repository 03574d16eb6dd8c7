"""The icons a situation gives a card the sources give none for, noting how the judging reads them.

A card whose icons no source gives is asked about again with each icon given to it, one at a
time (``rulesq.engine.defaults``). Given so, its icons are a :class:`GivenIcons`: a frozenset
that notes, in the :class:`IconReads` of its card info, each icon asked for by name (``icon in
icons``), and any reading of the set as a whole (iterating, comparing, combining, hashing).
Counting them (``len``, truth) is noted as neither: one icon given counts the same, whichever
it is, beside the icons the sources mention of the card (its ``base``), so long as it is none
of those (a count notes them as asked for by name). As with the unknown icons
(``cards.UnknownIcons``), read them with these operations only: ``set(icons)``, ``a_set |
icons`` and ``other.union(icons)`` read them unnoted.

Judging is a function of what it reads. A judging with icon P given to the card that read its
icons only by name, never asking for P or for another icon I, and counted them, would read the
very same with I given instead: every ``J in icons`` it asked gives False either way (True, for
an icon of the base), every count one more than the base's. So it gives the same verdict
(:func:`alike`), and the question need not be asked again with I. The reads of an info are
kept for as long as the info (every judging with it notes into the same record), so that what
a judging takes from a reading kept from an earlier one (the same situation's other
questions) is noted too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import TypeVar

_T = TypeVar("_T")


class IconReads:
    """How the judging read the icons given to one card info: by name, or as a whole."""

    __slots__ = ("named", "whole")

    def __init__(self) -> None:
        #: The icons asked for by name (``icon in icons``).
        self.named: set[str] = set()
        #: Whether the icons were read as a whole (iterated, compared, combined, hashed).
        self.whole = False

    def read(self) -> frozenset[str] | None:
        """The icons asked for by name, or None when they were read as a whole."""
        return None if self.whole else frozenset(self.named)


def alike(given: str, read: AbstractSet[str] | None, other: str) -> bool:
    """Whether a judging with icon ``given`` that read so would read the same with ``other``."""
    return read is not None and given not in read and other not in read


class NotedIcons(frozenset[str]):
    """A frozenset of icons whose readings are noted: each reads it through ``_whole``.

    A subclass notes ``icon in icons`` (and a count) its own way; every other reading
    (iterating, comparing, combining) goes through ``_whole``, which notes the icons as read
    as a whole and gives them as a plain frozenset.
    """

    def _whole(self) -> frozenset[str]:
        raise NotImplementedError

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __eq__(self, other: object) -> bool:
        return self._whole() == other

    def __ne__(self, other: object) -> bool:
        return self._whole() != other

    def __le__(self, other: AbstractSet[object]) -> bool:
        return self._whole() <= other

    def __lt__(self, other: AbstractSet[object]) -> bool:
        return self._whole() < other

    def __ge__(self, other: AbstractSet[object]) -> bool:
        return self._whole() >= other

    def __gt__(self, other: AbstractSet[object]) -> bool:
        return self._whole() > other

    __hash__ = frozenset.__hash__

    def __and__(self, other: AbstractSet[object]) -> frozenset[str]:
        return self._whole() & other

    def __or__(self, other: AbstractSet[_T]) -> frozenset[str | _T]:
        return self._whole() | other

    def __sub__(self, other: AbstractSet[object]) -> frozenset[str]:
        return self._whole() - other

    def __xor__(self, other: AbstractSet[_T]) -> frozenset[str | _T]:
        return self._whole() ^ other

    __rand__ = __and__
    __ror__ = __or__
    __rxor__ = __xor__

    def __rsub__(self, other: AbstractSet[_T]) -> frozenset[_T]:
        return frozenset(other) - self._whole()

    def isdisjoint(self, other: Iterable[object]) -> bool:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().isdisjoint(other)

    def issubset(self, other: Iterable[object]) -> bool:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().issubset(other)

    def issuperset(self, other: Iterable[object]) -> bool:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().issuperset(other)

    def union(self, *others: Iterable[_T]) -> frozenset[str | _T]:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().union(*others)

    def intersection(self, *others: Iterable[object]) -> frozenset[str]:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().intersection(*others)

    def difference(self, *others: Iterable[object]) -> frozenset[str]:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().difference(*others)

    def symmetric_difference(self, other: Iterable[_T]) -> frozenset[str | _T]:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole().symmetric_difference(other)

    def copy(self) -> frozenset[str]:
        """As a frozenset does, noting the icons read as a whole."""
        return self._whole()


class GivenIcons(NotedIcons):
    """A card's given icons that note into ``reads`` how they are read (see the module)."""

    reads: IconReads

    #: The icons the card had before those given (the ones the sources mention).
    base: frozenset[str]

    def __new__(
        cls, icons: Iterable[str], reads: IconReads, base: frozenset[str] = frozenset()
    ) -> GivenIcons:
        """The icons ``icons``, noting into ``reads``; ``base``: those the card had before."""
        made = super().__new__(cls, icons)
        made.reads = reads
        made.base = base
        return made

    def __contains__(self, icon: object) -> bool:
        self.reads.named.add(str(icon))
        return frozenset.__contains__(self, icon)

    def __len__(self) -> int:
        count = frozenset.__len__(self)
        base = self.base
        if count != len(base) + 1 or not base <= frozenset(frozenset.__iter__(self)):
            self.reads.whole = True  # a count is the same for any one icon given, only
        elif base:
            # One of the base's given instead would count one fewer: as if asked for by name.
            self.reads.named.update(base)
        return count

    def _whole(self) -> frozenset[str]:
        self.reads.whole = True
        return frozenset(frozenset.__iter__(self))

    def __hash__(self) -> int:
        return hash(self._whole())

    def __reduce__(self) -> tuple[object, ...]:
        return (frozenset, (tuple(self._whole()),))
