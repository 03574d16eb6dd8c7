"""Game facts live in corpus/: no card name and no FAQ case appears in engine or grammar code."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from rulesq.corpus.load import available_games, load_corpus
from rulesq.paths import data_root

ROOT = data_root()
CODE = [*sorted((ROOT / "rulesq").rglob("*.py")), *sorted((ROOT / "grammar").rglob("*.lark"))]

#: Single-word card names that are also ordinary words of the rules' vocabulary; a
#: capitalised use of them in code is not a card name. Review before adding to it.
ORDINARY_WORDS: frozenset[str] = frozenset()

FAQ_CASE = re.compile(r"\b(BM-Q\d+|WHI-W\d+)\b")


@cache
def card_names() -> tuple[str, ...]:
    names = set()
    for game in available_games():
        for card in load_corpus(game).cards.values():
            names.add(card.name)
            names.update(character_names(game, card.name))
    return tuple(sorted(n for n in names if n not in ORDINARY_WORDS and len(n) > 3))


def character_names(game: str, name: str) -> set[str]:
    """The names a card of the form "Name, Subtitle" also goes by in the rulings.

    The part before the comma ("Name"), and each of its words that is no word of the game's
    rules: not written in lower case anywhere in its source, and not one of its vocabulary's
    words (``words.toml``: a faction or keyword that is also a surname is the game's, not a
    card's).
    """
    if ", " not in name:
        return set()
    head = name.split(", ", 1)[0]
    rules_words = _rules_words(game)
    words = {word for word in head.split() if len(word) > 3 and word.lower() not in rules_words}
    return {head} | words


@cache
def _rules_words(game: str) -> frozenset[str]:
    """Every word the game's source writes in lower case, and its vocabulary's words."""
    folder = ROOT / "corpus" / game
    source = (folder / "source.txt").read_text(encoding="utf-8")
    words = set(re.findall(r"\b[a-z][a-z'-]*\b", source))
    vocabulary = folder / "words.toml"
    if vocabulary.exists():
        for table in tomllib.loads(vocabulary.read_text(encoding="utf-8")).values():
            words.update(word.lower() for key in table for word in key.split())
    return frozenset(words)


def occurrences(path: Path) -> list[str]:
    """Each card name and FAQ case id the file mentions, as ``file: name``."""
    text = path.read_text(encoding="utf-8")
    names = [
        name
        for name in card_names()
        if name in text and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)
    ]
    return [f"{path.name}: {hit}" for hit in names + FAQ_CASE.findall(text)]


def test_the_scan_sees_the_corpus_and_the_code() -> None:
    """The scan has card names to look for and code to look in (so it can fail)."""
    assert len(card_names()) > 100
    assert len(CODE) > 10


def test_no_card_name_or_faq_case_in_engine_or_grammar() -> None:
    """No file under rulesq/ or grammar/ names a card or an FAQ question."""
    assert [hit for path in CODE for hit in occurrences(path)] == []


def test_the_scan_catches_a_card_name(tmp_path: Path) -> None:
    """A file that names a corpus card is reported."""
    name = card_names()[0]
    sample = tmp_path / "sample.py"
    sample.write_text(f'SPECIAL = "{name}"  # see BM-Q12\n', encoding="utf-8")
    hits = occurrences(sample)
    assert f"sample.py: {name}" in hits and "sample.py: BM-Q12" in hits


def test_the_scan_catches_a_character_by_one_of_his_names(tmp_path: Path) -> None:
    """A comment naming a "Name, Subtitle" card by its name alone, or by one word of it that
    is no word of the rules, is reported; a faction that is also a surname is not."""
    sample = tmp_path / "sample.py"
    sample.write_text("# Havoc's strength; Jean Havoc; Elric faction characters\n", "utf-8")
    hits = occurrences(sample)
    assert {"sample.py: Havoc", "sample.py: Jean Havoc"} <= set(hits)
    assert "sample.py: Elric" not in hits
