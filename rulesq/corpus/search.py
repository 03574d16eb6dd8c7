"""Full-text search over the clauses: an SQLite FTS5 index, built on first use and cached.

The index file is checked before use (owner, key, schema, integrity, row count) and written
to a unique temporary file then renamed, so concurrent first runs never clash; see
``rulesq.cachefiles``.
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulesq.cachefiles import (
    CacheProblem,
    check_file,
    private_dir,
    remove_stale,
    temporary_beside,
    warn_once,
)
from rulesq.corpus.load import clause_fingerprint, load_corpus
from rulesq.paths import cache_dir

#: Marks the matched words in a snippet; renderers turn them into colour or brackets.
MARK_OPEN, MARK_CLOSE = "\x02", "\x03"
_SCHEMA_VERSION = "2"
_WORD = re.compile(r"\w+", re.UNICODE)


@dataclass(frozen=True)
class Hit:
    """One search result: the clause, its rank and a snippet with the match marked."""

    clause_id: str
    game: str
    kind: str
    source: str
    snippet: str
    score: float


def corpus_fingerprint(games: Iterable[str]) -> str:
    """A hash of the clause files of these games: the index is rebuilt when it changes."""
    return clause_fingerprint(games, salt=f"search-{_SCHEMA_VERSION}")


def index_path(games: Iterable[str]) -> Path:
    """Where the index for these games is cached."""
    return cache_dir() / f"search-{corpus_fingerprint(games)}.sqlite"


def open_index(games: list[str]) -> sqlite3.Connection:
    """The cached index, checked; built (and cached) when absent, stale or unusable.

    An index that cannot be read or written is built in memory, with one warning.
    """
    folder = private_dir()
    if folder is None:
        return _build(sqlite3.connect(":memory:"), games)
    key = corpus_fingerprint(games)
    path = folder / f"search-{key}.sqlite"
    try:
        found = _open_checked(path, key)
        if found is not None:
            return found
    except CacheProblem as problem:
        warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
    try:
        temporary = temporary_beside(path)
    except OSError as error:
        warn_once(f"cannot write the search index in {folder} ({error.strerror or error}); "
                  "working without a cache")
        return _build(sqlite3.connect(":memory:"), games)
    try:
        _build(sqlite3.connect(temporary), games, key).close()
        os.replace(temporary, path)
    except (OSError, sqlite3.Error) as error:
        temporary.unlink(missing_ok=True)
        warn_once(f"cannot write the search index {path} ({error}); working without a cache")
        return _build(sqlite3.connect(":memory:"), games)
    remove_stale(folder, "search-*.sqlite", path)
    return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)


def _open_checked(path: Path, key: str) -> sqlite3.Connection | None:
    """The index at ``path`` if it is ours, whole and for ``key``; None if there is none."""
    try:
        check_file(path)
    except FileNotFoundError:
        return None
    try:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise CacheProblem(f"{path.name}: {error}") from None
    try:
        meta = dict(db.execute("SELECT name, value FROM meta"))
        if meta.get("key") != key or meta.get("schema") != _SCHEMA_VERSION:
            raise CacheProblem(f"{path.name} is an index for another corpus or version")
        if [row[0] for row in db.execute("PRAGMA quick_check")] != ["ok"]:
            raise CacheProblem(f"{path.name} is damaged")
        (rows,) = db.execute("SELECT count(*) FROM clauses").fetchone()
        if str(rows) != meta.get("rows"):
            raise CacheProblem(f"{path.name} is incomplete")
    except sqlite3.Error as error:
        db.close()
        raise CacheProblem(f"{path.name}: {error}") from None
    except CacheProblem:
        db.close()
        raise
    return db


def _build(db: sqlite3.Connection, games: list[str], key: str = "") -> sqlite3.Connection:
    """Fill an empty database with the clauses of ``games``; returns it."""
    db.execute(
        "CREATE VIRTUAL TABLE clauses USING fts5("
        "id UNINDEXED, game UNINDEXED, kind UNINDEXED, source UNINDEXED, "
        "aliases, section, question, text, tokenize='porter unicode61')"
    )
    rows = [
        (c.id, c.game, c.kind, c.source(), " ".join(c.aliases), c.section, c.question or "",
         c.text)
        for corpus in [load_corpus(game) for game in games]
        for c in corpus.clauses.values()
    ]
    db.executemany("INSERT INTO clauses VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT)")
    db.executemany("INSERT INTO meta VALUES (?, ?)",
                   [("key", key), ("schema", _SCHEMA_VERSION), ("rows", str(len(rows)))])
    db.commit()
    return db


def fts_query(query: str, *, any_word: bool = False) -> str:
    """The user's words as an FTS5 query: every word (or any word), each quoted."""
    words = _WORD.findall(query)
    joiner = " OR " if any_word else " "
    return joiner.join(f'"{w}"' for w in words)


def search(query: str, games: list[str], limit: int = 10) -> list[Hit]:
    """Clauses matching every word of ``query`` (or, failing that, any word), best first."""
    return search_words(query, games, limit)[0]


def search_words(query: str, games: list[str], limit: int = 10) -> tuple[list[Hit], bool]:
    """The hits, and whether they hold every word (False: the any-word fallback)."""
    if not _WORD.search(query):
        return [], True
    db = open_index(games)
    try:
        return _ranked(db, query, limit)
    except sqlite3.DatabaseError as error:  # damage the checks on opening did not see
        warn_once(f"the search index is damaged ({error}); rebuilt it in memory")
        memory = _build(sqlite3.connect(":memory:"), games)
        try:
            return _ranked(memory, query, limit)
        finally:
            memory.close()
    finally:
        db.close()


def _ranked(db: sqlite3.Connection, query: str, limit: int) -> tuple[list[Hit], bool]:
    hits = _run(db, fts_query(query), limit)
    every_word = bool(hits)
    if not hits:
        hits = _run(db, fts_query(query, any_word=True), limit)
    return hits, every_word


def _run(db: sqlite3.Connection, match: str, limit: int) -> list[Hit]:
    # Columns: 0 id, 1 game, 2 kind, 3 source, 4 aliases, 5 section, 6 question, 7 text.
    # The answer text weighs most; the question a little less; section and aliases least.
    sql = (
        "SELECT id, game, kind, source, "
        f"snippet(clauses, -1, '{MARK_OPEN}', '{MARK_CLOSE}', '…', 24), "
        "bm25(clauses, 0, 0, 0, 0, 2.0, 1.0, 4.0, 10.0) AS score "
        "FROM clauses WHERE clauses MATCH ? ORDER BY score LIMIT ?"
    )
    return [Hit(*row) for row in db.execute(sql, (match, limit))]
