"""Read a game's corpus files (JSON lines) into clauses and cards, with name lookup."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

from rulesq.corpus.clauses import Clauses, held_lines, index_key, index_of, line_spans, sizes
from rulesq.corpus.models import Card, Clause
from rulesq.errors import UnknownNameError, escape_controls
from rulesq.paths import corpus_dir

CLAUSE_FILES = ("clauses.jsonl", "rules.jsonl")
#: What a game's name may be (a folder of the corpus).
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
CARD_FILES = ("cards.jsonl",)


def read_jsonl(path: Path) -> Iterator[dict[str, object]]:
    """The records of a JSON-lines file, skipping blank lines (read as one JSON array)."""
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
    records: list[dict[str, object]] = json.loads("[" + ",".join(lines) + "]")
    return iter(records)


@dataclass
class Corpus:
    """One game's clauses and cards, indexed by id, alias and name."""

    game: str
    clauses: Clauses = field(default_factory=Clauses)
    cards: dict[str, Card] = field(default_factory=dict)
    _aliases: dict[str, str] = field(default_factory=dict)
    _names: dict[str, str] = field(default_factory=dict)

    def add_clause(self, clause: Clause) -> None:
        """Index a clause by its id and its aliases."""
        self.clauses[clause.id] = clause
        for alias in clause.aliases:
            self._aliases[alias.lower()] = clause.id

    def add_card(self, card: Card) -> None:
        """Index a card by its id and its name (case-insensitive)."""
        self.cards[card.id] = card
        self._names.setdefault(normalise_name(card.name), card.id)

    def clause(self, ref: str) -> Clause:
        """The clause with this id or alias, or an error with the closest ids."""
        found = self.find_clause(ref)
        if found is None:
            raise UnknownNameError("clause", ref, [*self.clauses, *self._alias_names()])
        return found

    def find_clause(self, ref: str) -> Clause | None:
        """The clause with this id or alias, or None."""
        found = self.clauses.find(ref)
        if found is not None:
            return found
        target = self._aliases.get(ref.lower())
        return self.clauses.find(target) if target else None

    def has_clause(self, ref: str) -> bool:
        """Whether a clause has this id or alias (``find_clause`` finds one), none decoded."""
        if ref in self.clauses:
            return True
        target = self._aliases.get(ref.lower())
        return bool(target) and target in self.clauses

    def _alias_names(self) -> list[str]:
        return [alias for clause in self.clauses.values() for alias in clause.aliases]

    def find_card(self, name: str) -> Card | None:
        """The card with this name (case and apostrophe style ignored), or None."""
        card_id = self._names.get(normalise_name(name))
        return self.cards.get(card_id) if card_id else self.cards.get(name)

    def card(self, name: str) -> Card:
        """The card with this name, or an error suggesting the closest names."""
        found = self.find_card(name)
        if found is None:
            elsewhere = games_with_card(name, skip=self.game)
            note = (
                f"It is a card of {', '.join(elsewhere)}: use --game {elsewhere[0]}."
                if elsewhere
                else None
            )
            raise UnknownNameError("card", name, self.card_names(), note=note)
        return found

    def card_names(self) -> list[str]:
        """Every card name, in corpus order."""
        return [card.name for card in self.cards.values()]


@lru_cache(maxsize=8192)  # the same names are looked up again and again
def normalise_name(name: str) -> str:
    """A card name folded for lookup: case, curly quotes and spacing do not matter."""
    folded = name.replace("\u2019", "'").replace("\u2018", "'").casefold()
    return " ".join(folded.split())


def clause_fingerprint(
    games: Iterable[str], salt: str, code: tuple[str, ...] = (), also: tuple[str, ...] = ()
) -> str:
    """A hash of the clause files of these games (and of the ``code`` that reads them).

    ``code`` names the builder modules (:func:`rulesq.cachefiles.code_fingerprint`), ``also``
    other corpus files the cache is built from (``search.toml``). Caches key on it: an edit
    of a clause file, of such a file or of the code building the cache rebuilds it.
    """
    from rulesq.cachefiles import content_key

    files = [corpus_dir() / game / name for game in sorted(set(games)) for name in CLAUSE_FILES]
    return content_key([*files, *(corpus_dir() / name for name in also)], salt, code)


def available_games() -> list[str]:
    """The games that have a corpus folder."""
    root = corpus_dir()
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "cards.jsonl").exists())


def no_corpus() -> str | None:
    """What is wrong when the corpus folder holds no game at all (None when it holds one)."""
    if available_games():
        return None
    return (
        f"no game's corpus is in {escape_controls(str(corpus_dir()))}: each game is a folder "
        "there holding its cards.jsonl (RULESQ_CORPUS_DIR names another corpus folder)."
    )


def _unknown_game(game: str) -> UnknownNameError:
    """An unknown game; when the corpus folder holds none, says so."""
    return UnknownNameError("game", game, available_games(), note=no_corpus())


def games_with_card(name: str, skip: str | None = None) -> list[str]:
    """The games (other than ``skip``) whose corpus has a card called ``name``."""
    if not name.strip():
        return []
    return [
        game
        for game in available_games()
        if game != skip and load_corpus(game).find_card(name) is not None
    ]


@cache
def load_corpus(game: str) -> Corpus:
    """Load (once per process) the corpus of one game."""
    if not _GAME_NAME.fullmatch(game):  # checked before it becomes part of a path
        raise _unknown_game(game)
    folder = corpus_dir() / game
    if not folder.is_dir():
        raise _unknown_game(game)
    corpus = Corpus(game)
    paths = [folder / name for name in CLAUSE_FILES if (folder / name).exists()]
    if not _hold_clauses(corpus, paths):
        _read_clauses(corpus, paths)
    for name in CARD_FILES:
        path = folder / name
        if path.exists():
            for record in read_jsonl(path):
                corpus.add_card(Card.from_record(record))
    return corpus


def _read_clauses(corpus: Corpus, paths: list[Path]) -> None:
    """Read every clause of the clause files into the corpus (the whole reading)."""
    corpus.clauses.clear()
    corpus._aliases.clear()
    for path in paths:
        for record in read_jsonl(path):
            corpus.add_clause(Clause.from_record(record))


def _hold_clauses(corpus: Corpus, paths: list[Path]) -> bool:
    """Hold the clauses as their lines, by the index in the cache folder; False without one.

    A missing or unusable index is made (the clauses read whole) and written.
    """
    from rulesq.cachefiles import (
        CacheProblem,
        private_dir,
        prune,
        read_json,
        warn_once,
        write_json,
    )

    folder = private_dir()
    if folder is None:
        return False
    key = index_key(paths)
    file = folder / f"corpus-{corpus.game}-{key}.json"
    texts = [path.read_text(encoding="utf-8") for path in paths]
    try:
        payload = read_json(file, "corpus-index", key)
        lines = held_lines(payload, texts) if payload is not None else None
        if payload is not None and lines is None:
            raise CacheProblem(f"{file.name} has the wrong shape")
    except CacheProblem as problem:
        warn_once(f"ignoring an unusable cache file ({problem}); rebuilt it")
        lines = None
    if lines is None:
        try:
            records = [
                (number, start, end, json.loads(text))
                for number, whole in enumerate(texts)
                for start, end, text in line_spans(whole)
                if text.strip()
            ]
            payload = {**index_of(records), "sizes": sizes(texts)}
        except (ValueError, TypeError, KeyError, AttributeError):
            return False  # the whole reading tells what is wrong with the files
        prune(folder, f"corpus-{corpus.game}-*.json", file)
        write_json(file, "corpus-index", key, payload)
        lines = held_lines(payload, texts)
        if lines is None:
            return False
    corpus.clauses.hold(lines, payload["aliases"], lambda: _read_clauses(corpus, paths))
    corpus._aliases.update(payload["aliases"])
    return True
