"""Full-text search over the clauses: an SQLite FTS5 index, built on first use and cached."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulesq.corpus.load import Corpus, clause_fingerprint, load_corpus
from rulesq.paths import cache_dir

#: Marks the matched words in a snippet; renderers turn them into colour or brackets.
MARK_OPEN, MARK_CLOSE = "\x02", "\x03"
_SCHEMA_VERSION = "1"
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
    """Open the cached index, building it first if the corpus changed since."""
    path = index_path(games)
    if not path.exists():
        _build(path, [load_corpus(game) for game in games])
    return sqlite3.connect(path)


def _build(path: Path, corpora: list[Corpus]) -> None:
    for stale in path.parent.glob("search-*.sqlite"):
        stale.unlink(missing_ok=True)
    partial = path.with_suffix(".building")
    partial.unlink(missing_ok=True)
    db = sqlite3.connect(partial)
    db.execute(
        "CREATE VIRTUAL TABLE clauses USING fts5("
        "id UNINDEXED, game UNINDEXED, kind UNINDEXED, source UNINDEXED, "
        "aliases, section, question, text, tokenize='porter unicode61')"
    )
    rows = [
        (c.id, c.game, c.kind, c.source(), " ".join(c.aliases), c.section, c.question or "",
         c.text)
        for corpus in corpora
        for c in corpus.clauses.values()
    ]
    db.executemany("INSERT INTO clauses VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    partial.replace(path)


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
        hits = _run(db, fts_query(query), limit)
        every_word = bool(hits)
        if not hits:
            hits = _run(db, fts_query(query, any_word=True), limit)
    finally:
        db.close()
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
