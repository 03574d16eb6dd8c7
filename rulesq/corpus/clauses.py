"""A game's clauses by id, each decoded from its JSON line when first read.

A check reads a few clauses by id or alias (its case's FAQ entry, the ladder's steps, the
citations of its answers), but the clause files of Blue Moon are 540 KB of JSON lines:
decoding them all, and building a record of each, was about a tenth of a check's start-up.
So the ids and aliases of a game's clause files are kept in the cache folder as an index
(checked JSON, keyed by a hash of the clause files, of the code that reads them and of the
version, like every cache: ``rulesq.cachefiles``), and a clause's line is decoded only when
the clause is read. The index gives each id the line the whole reading would have taken
(the last one with that id, at the place of the first) and each alias its clause, as the
whole reading does. Without a usable index (no cache folder, a file whose size or lines are
not the index's, a line that does not decode to the id and aliases the index gives it)
every clause is read at once, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from rulesq.corpus.models import Clause

#: Bumped when the index stores something else.
_FORMAT = "3"
#: The modules that build the index (:func:`rulesq.cachefiles.code_fingerprint`).
INDEX_BUILT_BY = ("corpus/clauses.py", "corpus/load.py", "corpus/models.py")


class IndexMismatch(ValueError):
    """A clause line that is not what the index says it is (the files changed meanwhile)."""


class Clauses(MutableMapping[str, Clause]):
    """Clauses by id, in corpus order; a clause still held as its JSON line is decoded on read."""

    def __init__(self) -> None:
        self._items: dict[str, Clause | str] = {}
        #: The folded aliases of the index, to check a decoded line against.
        self._aliases: dict[str, str] = {}
        #: Reads every clause file at once, when a line is not what the index said.
        self._reread: Callable[[], None] | None = None

    def __getitem__(self, key: str) -> Clause:
        found = self._items[key]
        if type(found) is str:
            return self._decode(key, found)
        return found  # type: ignore[return-value]

    def find(self, key: str) -> Clause | None:
        """The clause ``key`` (decoded if it is still a line), or None: one look-up."""
        found = self._items.get(key)
        if type(found) is str:
            return self._decode(key, found)
        return found  # type: ignore[return-value]

    def __setitem__(self, key: str, clause: Clause) -> None:
        self._items[key] = clause

    def __delitem__(self, key: str) -> None:
        del self._items[key]

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        """Forget every clause (none is decoded to be dropped)."""
        self._items.clear()

    def undecoded(self) -> int:
        """How many clauses are still held as their lines (for tests)."""
        return sum(type(v) is str for v in self._items.values())

    def hold(
        self, lines: dict[str, str], aliases: dict[str, str], reread: Callable[[], None]
    ) -> None:
        """Hold these clauses as their JSON lines (by id), decoded when first read."""
        self._items = dict(lines)
        self._aliases = aliases
        self._reread = reread

    def _decode(self, key: str, line: str) -> Clause:
        try:
            clause = Clause.from_record(json.loads(line))
            if clause.id != key or not all(a.lower() in self._aliases for a in clause.aliases):
                raise IndexMismatch(key)
        except (ValueError, TypeError, KeyError, AttributeError):
            reread = self._reread
            if reread is None:
                raise
            from rulesq.cachefiles import warn_once

            warn_once("ignoring an unusable index of the corpus's clauses; read them all")
            self._reread = None
            reread()
            return self[key]
        self._items[key] = clause
        return clause


def index_of(records: list[tuple[int, int, int, dict[str, Any]]]) -> dict[str, Any]:
    """The index of clause records (file number, line's start and end, record), as a whole reading.

    ``ids``, ``files``, ``starts``, ``ends``: each id with the file and the span (character
    offsets) of its last record's line, at the place of its first; ``aliases``: each folded
    alias with the id of the last record that gives it.
    """
    where: dict[str, tuple[int, int, int]] = {}
    aliases: dict[str, str] = {}
    for number, start, end, record in records:
        clause = Clause.from_record(record)
        where[clause.id] = (number, start, end)
        for alias in clause.aliases:
            aliases[alias.lower()] = clause.id
    return {
        "ids": list(where),
        "files": [number for number, _, _ in where.values()],
        "starts": [start for _, start, _ in where.values()],
        "ends": [end for _, _, end in where.values()],
        "aliases": aliases,
    }


def line_spans(text: str) -> Iterator[tuple[int, int, str]]:
    """Each line of ``text`` (cut at its newlines) with where it starts and ends."""
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        yield start, end, line
        start = end + 1


def sizes(texts: list[str]) -> list[int]:
    """What the index stores of the clause files it was made from: their lengths."""
    return [len(text) for text in texts]


#: The fields of a stored index.
_FIELDS = {"ids", "files", "starts", "ends", "aliases", "sizes"}


def held_lines(payload: Any, texts: list[str]) -> dict[str, str] | None:
    """Each id's line by a stored index, or None when the index does not fit the texts.

    Each line is its file's text between the offsets the index gives: no file is cut into
    its lines (cutting Blue Moon's 540 KB of clauses was most of this reading). A line that
    is not the clause the index names is caught when it is decoded (:class:`Clauses`).
    """
    if not isinstance(payload, dict) or payload.keys() != _FIELDS:
        return None
    ids, files, starts, ends, aliases = (
        payload["ids"],
        payload["files"],
        payload["starts"],
        payload["ends"],
        payload["aliases"],
    )
    if payload["sizes"] != sizes(texts):
        return None
    if not isinstance(aliases, dict) or not set(map(type, aliases.values())) <= {str}:
        return None
    if not (type(ids) is type(files) is type(starts) is type(ends) is list) or not (
        len(ids) == len(files) == len(starts) == len(ends)
    ):
        return None
    if not set(map(type, ids)) <= {str} or not set(map(type, files)) | set(map(type, starts)) | set(
        map(type, ends)
    ) <= {int}:
        return None
    if min(files, default=0) < 0 or max(files, default=0) >= len(texts):
        return None
    if min(starts, default=0) < 0 or any(map(int.__gt__, starts, ends)):
        return None
    spans = zip(files, starts, ends, strict=True)
    held = [texts[number][start:end] for number, start, end in spans]
    return dict(zip(ids, held, strict=True))


def index_key(files: list[Path]) -> str:
    """The index's cache key: the clause files, the code that reads them, the version."""
    from rulesq.cachefiles import content_key

    return content_key(files, f"corpus-index {_FORMAT}", INDEX_BUILT_BY)
