"""Full-text search over the clauses: an SQLite FTS5 index, built on first use and cached.

The index file is checked before use (owner, key, schema, integrity, row count) and written
to a unique temporary file then renamed, so concurrent first runs never clash; see
``rulesq.cachefiles``.
"""

from __future__ import annotations

import difflib
import math
import os
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rulesq.cachefiles import (
    CacheProblem,
    check_file,
    mark_used,
    private_dir,
    prune,
    temporary_beside,
    unchanged,
    warn_once,
)
from rulesq.corpus.load import clause_fingerprint, load_corpus
from rulesq.corpus.query import Concept, QueryWords, concepts, query_words, words_of
from rulesq.paths import cache_dir

#: Marks the matched words in a snippet; renderers turn them into colour or brackets.
MARK_OPEN, MARK_CLOSE = "\x02", "\x03"
_SCHEMA_VERSION = "5"
#: The modules that build the index: this one, the words and concepts it indexes, and the
#: clauses' reading (:func:`rulesq.cachefiles.code_fingerprint`).
BUILT_BY = (
    "corpus/search.py",
    "corpus/query.py",
    "corpus/models.py",
    "corpus/load.py",
    "corpus/clauses.py",
)
#: A card's number in a FAQ question: ``[Hoax 26]``.
_NUMBER = re.compile(r"\s*\[[^\]]*\]")
#: How many clauses BM25 picks before they are reranked.
_CANDIDATES = 300
#: What a clause's heading weighs against its FAQ question's own words, in what it asks
#: (:func:`_asked`): a heading names a section's topic ("Terminology Clarifications:
#: Sacrifice"), shared by every clause under it.
_HEADING_WEIGHT = 0.5


@dataclass(frozen=True)
class Hit:
    """One search result: the clause, its rank and a snippet with the match marked."""

    clause_id: str
    game: str
    kind: str
    source: str
    snippet: str
    score: float
    every_word: bool = True


@dataclass(frozen=True)
class Found:
    """What a search found: hits best first, and a spelling for each word no clause holds."""

    hits: list[Hit]
    every_word: bool
    suggestions: dict[str, str]


def corpus_fingerprint(games: Iterable[str]) -> str:
    """A hash of these games' clause files, the query words and the modules that build the index.

    A change to either rebuilds: a change to how the index is built or ranked needs no
    schema bump by hand (:data:`BUILT_BY`).
    """
    return clause_fingerprint(
        games, salt=f"search-{_SCHEMA_VERSION}", code=BUILT_BY, also=("search.toml",)
    )


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
            mark_used(path)
            return found
    except CacheProblem as problem:
        warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
    try:
        temporary = temporary_beside(path)
    except OSError as error:
        warn_once(
            f"cannot write the search index in {folder} ({error.strerror or error}); "
            "working without a cache"
        )
        return _build(sqlite3.connect(":memory:"), games)
    try:
        built = _build(sqlite3.connect(temporary), games, key)
        if not unchanged(key, lambda: corpus_fingerprint(games)):
            return _in_memory(built, temporary)  # built while a source changed: not kept
        built.close()
        os.replace(temporary, path)
    except (OSError, sqlite3.Error) as error:
        temporary.unlink(missing_ok=True)
        warn_once(f"cannot write the search index {path} ({error}); working without a cache")
        return _build(sqlite3.connect(":memory:"), games)
    prune(folder, "search-*.sqlite", path)
    return sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)


def _in_memory(built: sqlite3.Connection, temporary: Path) -> sqlite3.Connection:
    """A copy in memory of an index built in ``temporary``, which goes."""
    try:
        held = sqlite3.connect(":memory:")
        built.commit()
        built.backup(held)
        return held
    finally:
        built.close()
        temporary.unlink(missing_ok=True)


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
        (words,) = db.execute("SELECT count(*) FROM words").fetchone()
        if str(rows) != meta.get("rows") or str(words) != meta.get("words"):
            raise CacheProblem(f"{path.name} is incomplete")
    except sqlite3.Error as error:
        db.close()
        raise CacheProblem(f"{path.name}: {error}") from None
    except CacheProblem:
        db.close()
        raise
    return db


def _build(db: sqlite3.Connection, games: list[str], key: str = "") -> sqlite3.Connection:
    """Fill an empty database with the clauses of ``games`` and their words; returns it.

    A FAQ question is split in two columns: what it asks (``asks``) and the card numbers
    and card texts it quotes (``quoted``), so that quoted texts do not drown the question.
    """
    db.execute(
        "CREATE VIRTUAL TABLE clauses USING fts5("
        "id UNINDEXED, game UNINDEXED, kind UNINDEXED, source UNINDEXED, "
        "aliases, section, asks, quoted, text, tokenize='porter unicode61')"
    )
    rows = []
    for corpus in [load_corpus(game) for game in games]:
        for c in corpus.clauses.values():
            asks, quoted = split_question(c.question or "")
            rows.append(
                (
                    c.id,
                    c.game,
                    c.kind,
                    c.source(),
                    " ".join(c.aliases),
                    c.section,
                    asks,
                    quoted,
                    c.text,
                )
            )
    db.executemany(
        "INSERT INTO clauses (rowid, id, game, kind, source, aliases, section, asks, quoted, "
        "text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(rowid, *row) for rowid, row in enumerate(rows, 1)],
    )
    # What a clause holds and what its question asks, each term glued into one word (so
    # "power" does not find "special power text"): the rerank's tables; the question's
    # alone, so that its length, not the answer's, weighs its words. What a clause asks
    # is its question and its heading: a clause with no question (a glossary entry, a
    # ruling) is about what its heading names.
    glued = query_words().glued
    db.execute("CREATE VIRTUAL TABLE held USING fts5(words, tokenize='porter unicode61')")
    db.execute("CREATE VIRTUAL TABLE asked USING fts5(asks, heading, tokenize='porter unicode61')")
    db.executemany(
        "INSERT INTO held (rowid, words) VALUES (?, ?)",
        [(rowid, glued(" ".join(row[4:]))) for rowid, row in enumerate(rows, 1)],
    )
    db.executemany(
        "INSERT INTO asked (rowid, asks, heading) VALUES (?, ?, ?)",
        [(rowid, glued(row[6]), glued(row[5])) for rowid, row in enumerate(rows, 1)],
    )
    uses = Counter(
        word for row in rows for column in row[4:] for word in words_of(column) if word.isalpha()
    )
    db.execute("CREATE TABLE words (word TEXT PRIMARY KEY, uses INTEGER)")
    db.executemany("INSERT INTO words VALUES (?, ?)", sorted(uses.items()))
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT)")
    db.executemany(
        "INSERT INTO meta VALUES (?, ?)",
        [
            ("key", key),
            ("schema", _SCHEMA_VERSION),
            ("rows", str(len(rows))),
            ("words", str(len(uses))),
        ],
    )
    db.commit()
    return db


def split_question(question: str) -> tuple[str, str]:
    """What a FAQ question asks, and the cards' particulars it quotes, apart.

    A card's number (``[Hoax 26]``) and a parenthesis that quotes its text (``(Value 2, "Your
    special power texts are ignored …")``, nested parentheses and all) describe the card, not
    the question: their words would rank the question for what its cards say.
    """
    asks: list[str] = []
    quoted: list[str] = []
    at = 0
    for start, end in _particulars(question):
        asks.append(question[at:start])
        quoted.append(question[start:end].strip())
        at = end
    asks.append(question[at:])
    return "".join(asks), " ".join(quoted)


def _particulars(question: str) -> list[tuple[int, int]]:
    """Where the card numbers and the quoting parentheses are, each with its leading space."""
    spans = [(m.start(), m.end()) for m in _NUMBER.finditer(question)]
    depth = 0
    opened = 0
    for at, char in enumerate(question):
        if char == "(":
            if depth == 0:
                opened = at
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0 and '"' in question[opened:at]:
                start = len(question[:opened].rstrip())
                spans.append((start, at + 1))
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def search(query: str, games: list[str], limit: int = 10) -> list[Hit]:
    """Clauses matching ``query``, best first (those holding every word rank high)."""
    return search_words(query, games, limit).hits


def search_words(query: str, games: list[str], limit: int = 10) -> Found:
    """The hits, whether the best of them hold every word, and spellings to suggest."""
    if not concepts(query):
        return Found([], True, {})
    db = open_index(games)
    try:
        return _found(db, query, limit)
    except sqlite3.DatabaseError as error:  # damage the checks on opening did not see
        warn_once(f"the search index is damaged ({error}); rebuilt it in memory")
        memory = _build(sqlite3.connect(":memory:"), games)
        try:
            return _found(memory, query, limit)
        finally:
            memory.close()
    finally:
        db.close()


def _found(db: sqlite3.Connection, query: str, limit: int) -> Found:
    wanted = concepts(query)
    hits = _ranked(db, query, wanted, limit)
    unknown = [c.typed for c in wanted if len(c.terms) == 1 and not _matching(db, c.fts())]
    suggestions = {word: close for word in unknown if (close := _closest(db, word))}
    return Found(hits, any(hit.every_word for hit in hits), suggestions)


def _matching(db: sqlite3.Connection, match: str, table: str = "clauses") -> set[int]:
    sql = f"SELECT rowid FROM {table} WHERE {table} MATCH ?"
    return {row[0] for row in db.execute(sql, (match,))}


def _ranked(db: sqlite3.Connection, query: str, wanted: list[Concept], limit: int) -> list[Hit]:
    """BM25 over any of the concepts, then reranked by how much of the query a clause holds.

    Clauses holding the query as typed (its words in that order, stop words too) come
    first, then the rest. Within each, a clause scores its BM25 (relative to the best)
    plus the share of the query's concepts (a word or one of its synonyms; stop words
    aside) it holds anywhere, each weighed by its rarity (IDF), plus what it asks (a FAQ
    question, a heading), scored over what the clauses ask alone (:func:`_asked`), so
    that the question's own length weighs its words, not the answer's: a short question
    about the query's words rises over a long one that also names them. Holding every
    word, or every concept, is no tier of its own: a long answer that names "are", "one"
    and "time" in passing would rank over the short question about the query (each hit
    says whether it holds every concept). The shares and the question's score read a
    query word in a term of ``search.toml`` only when the query types the term: the
    "power" of "special power text" is another word.
    """
    # Columns: 0 id, 1 game, 2 kind, 3 source, 4 aliases, 5 section, 6 asks, 7 quoted,
    # 8 text. What a FAQ question asks weighs most, then card names and quotes, the text.
    sql = (
        "SELECT rowid, id, game, kind, source, "
        f"snippet(clauses, -1, '{MARK_OPEN}', '{MARK_CLOSE}', '…', 24), "
        "bm25(clauses, 0, 0, 0, 0, 4.0, 1.0, 10.0, 3.0, 2.0) AS score "
        "FROM clauses WHERE clauses MATCH ? ORDER BY score LIMIT ?"
    )
    match = " OR ".join(f"({concept.fts()})" for concept in wanted)
    rows = db.execute(sql, (match, _CANDIDATES)).fetchall()
    if not rows:
        return []
    words = query_words()
    (total_rows,) = db.execute("SELECT count(*) FROM clauses").fetchone()
    held: dict[int, float] = {}
    held_all: dict[int, int] = {}
    weights: list[float] = []
    for concept in wanted:
        anywhere = _matching(db, concept.fts(words), "held")
        weights.append(math.log((total_rows + 1) / (len(anywhere) + 0.5)))
        for rowid in anywhere:
            held[rowid] = held.get(rowid, 0.0) + weights[-1]
            held_all[rowid] = held_all.get(rowid, 0) + 1
    weight_sum = sum(weights) or 1.0
    # What a FAQ question asks: half its share of the concepts, each graded by the
    # question's BM25 for it against the best question's; half its BM25 for them all.
    asked = {rowid: value / 2 for rowid, value in _asked(db, wanted, words).items()}
    for concept, weight in zip(wanted, weights, strict=True):
        for rowid, value in _asked(db, [concept], words).items():
            asked[rowid] = asked.get(rowid, 0.0) + value * weight / weight_sum / 2
    best = min(row[6] for row in rows) or -1.0

    typed = _typed(db, query)

    def score(row: tuple[int, str, str, str, str, str, float]) -> float:
        rowid = row[0]
        return held.get(rowid, 0.0) / weight_sum + asked.get(rowid, 0.0) + row[6] / best

    def tier(row: tuple[int, str, str, str, str, str, float]) -> tuple[bool, float]:
        return row[0] in typed, score(row)

    ranked = sorted(rows, key=tier, reverse=True)[:limit]
    return [
        Hit(
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            score(row),
            held_all.get(row[0], 0) == len(wanted),
        )
        for row in ranked
    ]


def _typed(db: sqlite3.Connection, query: str) -> set[int]:
    """The clauses that hold the query as typed: its words in that order, stop words too."""
    return _matching(db, '"' + " ".join(words_of(query)) + '"')


def _asked(db: sqlite3.Connection, wanted: list[Concept], words: QueryWords) -> dict[int, float]:
    """Each clause's BM25 for the concepts, over what the clauses ask alone, relative to the best.

    What a clause asks is its FAQ question and, weighing less, its heading.
    """
    match = " OR ".join(f"({concept.fts(words)})" for concept in wanted)
    sql = f"SELECT rowid, bm25(asked, 1.0, {_HEADING_WEIGHT}) FROM asked WHERE asked MATCH ?"
    scores = dict(db.execute(sql, (match,)))
    best = min(scores.values(), default=0.0) or -1.0
    return {rowid: value / best for rowid, value in scores.items()}


def _closest(db: sqlite3.Connection, word: str) -> str | None:
    """The index's word nearest to an unknown ``word`` in spelling, if one is near enough."""
    if len(word) < 3 or not word.isalpha():
        return None
    near = [
        row[0]
        for row in db.execute(
            "SELECT word FROM words WHERE length(word) BETWEEN ? AND ? ORDER BY uses DESC",
            (len(word) - 2, len(word) + 2),
        )
    ]
    close = difflib.get_close_matches(word, near, n=1, cutoff=0.75)
    return close[0] if close else None
