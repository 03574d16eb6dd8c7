"""Game facts live in corpus/: no card name and no FAQ case appears in engine or grammar code."""

from __future__ import annotations

import re
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
    names = {card.name for game in available_games() for card in load_corpus(game).cards.values()}
    return tuple(sorted(n for n in names if n not in ORDINARY_WORDS and len(n) > 3))


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
