"""Integrity of every game's corpus: unique ids, verbatim clauses, errata that resolve."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache

import pytest

from rulesq.corpus.load import CARD_FILES, CLAUSE_FILES, load_corpus
from rulesq.paths import corpus_dir

GAMES = sorted(p.name for p in corpus_dir().iterdir() if (p / "cards.jsonl").exists())
#: The copy of the game's seed document, committed beside the corpus.
SOURCE_FILE = "source.txt"


def records(game: str, names: tuple[str, ...]) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for name in names:
        path = corpus_dir() / game / name
        if path.exists():
            out += [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
    return out


@cache
def squashed_seed(game: str) -> str:
    text = (corpus_dir() / game / SOURCE_FILE).read_text(encoding="utf-8")
    return " ".join(text.split())


@pytest.mark.parametrize("game", GAMES)
def test_clause_ids_and_aliases_are_unique(game: str) -> None:
    """No two clauses share an id or an alias."""
    clauses = records(game, CLAUSE_FILES)
    ids = Counter(str(c["id"]) for c in clauses)
    assert [i for i, n in ids.items() if n > 1] == []
    aliases = Counter(str(a).lower() for c in clauses for a in c.get("aliases", []))  # type: ignore[attr-defined]
    assert [a for a, n in aliases.items() if n > 1] == []


@pytest.mark.parametrize("game", GAMES)
def test_card_ids_are_unique(game: str) -> None:
    """No two cards share an id."""
    ids = Counter(str(c["id"]) for c in records(game, CARD_FILES))
    assert [i for i, n in ids.items() if n > 1] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_clause_is_verbatim_in_its_seed(game: str) -> None:
    """Each clause's text and question occur in the seed, up to whitespace.

    An assumed rule (a base rule the seeds rely on but never state) is in its own words.
    """
    seed = squashed_seed(game)
    missing = []
    for clause in records(game, CLAUSE_FILES):
        if clause.get("kind") == "assumed-rule":
            continue
        for key in ("text", "question"):
            value = clause.get(key)
            if value and " ".join(str(value).split()) not in seed:
                missing.append(f"{clause['id']} ({key}): {str(value)[:80]}")
    assert missing == []


@pytest.mark.parametrize("game", GAMES)
def test_clause_ids_name_their_game(game: str) -> None:
    """Every id starts with its game and the ``game`` field agrees."""
    for clause in records(game, CLAUSE_FILES):
        assert str(clause["id"]).startswith(f"{game}/") and clause["game"] == game


@pytest.mark.parametrize("game", GAMES)
def test_errata_and_list_entries_resolve(game: str) -> None:
    """A clause about a card names a card of the corpus; a card's errata are clauses."""
    corpus = load_corpus(game)
    unresolved = [
        f"{c.id} -> {c.extra['card']}"
        for c in corpus.clauses.values()
        if c.kind in {"erratum", "list-entry"}
        and c.extra.get("card")
        and corpus.find_card(str(c.extra["card"])) is None
    ]
    assert unresolved == []
    dangling = [
        f"{card.name}: {ref}"
        for card in corpus.cards.values()
        for ref in card.errata
        if corpus.find_clause(ref) is None
    ]
    assert dangling == []


def test_seed_copies_are_committed() -> None:
    """Each game ships the text of its seed, so the verbatim test needs no ../shared."""
    for game in GAMES:
        assert (corpus_dir() / game / SOURCE_FILE).stat().st_size > 10_000


def test_games_have_corpora() -> None:
    """All three games have a corpus."""
    assert set(GAMES) >= {"bluemoon", "warhammer", "fma"}
