"""FMA: which words of a line are factions comes from ``corpus/fma/words.toml`` alone."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from rulesq.engine import Answer, evaluate
from rulesq.games.fma import words
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

CASES = Path(__file__).resolve().parent / "cases" / "fma-factions"
KEYWORDS = CASES / "keywords-the-rulings-name-are-no-faction-for-loyal.rq"
UNCLASSIFIED = CASES / "a-word-the-data-does-not-classify-is-no-silent-faction.rq"
LOYAL = Path(__file__).resolve().parent / "cases" / "fma-loyal"
MOB = LOYAL / "a-keyword-shared-is-no-faction-shared.rq"


def _data() -> dict[str, dict[str, str]]:
    with (corpus_dir() / "fma" / words.WORDS_FILE).open("rb") as handle:
        return tomllib.load(handle)


def _answers(path: Path) -> tuple[Answer, ...]:
    return tuple(evaluate(parse_situation(path.read_text(encoding="utf-8"), str(path))))


def _verdicts(path: Path) -> list[str]:
    return [a.verdict.show() if a.answered else "cannot answer" for a in _answers(path)]


def test_every_quote_is_in_the_rulings() -> None:
    """Each word's reason is the rulings' words, verbatim (whitespace aside)."""
    source = " ".join((corpus_dir() / "fma" / "source.txt").read_text("utf-8").split())
    data = _data()
    for kind in (words.FACTION, words.NO_FACTION, words.KEYWORD):
        for word, quote in data[kind].items():
            assert " ".join(quote.split()) in source, (word, quote)
            assert word.casefold() in quote.casefold(), (word, quote)


def test_each_word_has_one_class() -> None:
    """No word is both a faction and a keyword."""
    seen: dict[str, str] = {}
    for kind, entries in _data().items():
        for word in entries:
            assert word.casefold() not in seen, (word, kind, seen.get(word.casefold()))
            seen[word.casefold()] = kind


def test_the_data_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    """Perturbed, the data moves the verdicts: a keyword made a faction, a word classified."""
    before = (_verdicts(KEYWORDS), _verdicts(UNCLASSIFIED), _verdicts(MOB))
    assert before[0][0] == "no" and before[1][0] == "cannot answer" and before[2][1] == "no"
    table = dict(words.table())
    monkeypatch.setattr(
        words,
        "table",
        lambda: {**table, "human": words.FACTION, "zealot": words.KEYWORD, "mob": words.FACTION},
    )
    assert _verdicts(KEYWORDS)[0] == "yes"  # "Human" shared, a faction now
    assert _verdicts(UNCLASSIFIED)[0] == "no"  # "Zealot" a keyword: nothing shared
    assert _verdicts(MOB)[1] == "yes"  # "mob" a faction shared
    monkeypatch.setattr(words, "table", lambda: {})
    assert _verdicts(KEYWORDS)[0] == "cannot answer"  # no faction known at all


DEFEATED = Path(__file__).resolve().parent / "cases" / "fma-keywords"
DEFEATED_WORDS = DEFEATED / "a-defeated-characters-words-are-read-by-the-faction-data.rq"
KEYWORDS_ALONE = CASES / "a-line-of-keywords-alone-gives-no-faction.rq"


def test_a_defeated_characters_words_are_read_by_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defeated character keeps a word as its faction or loses it as a keyword, by the data."""
    before = _verdicts(DEFEATED_WORDS)
    assert before[:3] == ["yes", "no", "cannot answer"]  # Rebel, Hero, Zealot
    table = dict(words.table())
    monkeypatch.setattr(
        words,
        "table",
        lambda: {**table, "rebel": words.KEYWORD, "hero": words.FACTION, "zealot": words.KEYWORD},
    )
    assert _verdicts(DEFEATED_WORDS)[:3] == ["no", "yes", "no"]


def test_a_line_of_keywords_alone_gives_no_faction(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keywords alone leave the faction unknown; made a faction, a word of the line decides."""
    before = _verdicts(KEYWORDS_ALONE)
    assert before[:3] == ["cannot answer", "cannot answer", "no"]
    table = dict(words.table())
    monkeypatch.setattr(words, "table", lambda: {**table, "human": words.FACTION})
    assert _verdicts(KEYWORDS_ALONE)[:3] == ["no", "no", "no"]  # Grunt is a Human: not a Rebel


FACTION_TEXT = CASES / "a-text-naming-a-faction-reads-the-line-by-the-data.rq"


def test_a_text_naming_a_faction_reads_the_line_by_the_data(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keywords alone leave a faction text open; made a faction, the word says it is not one."""
    before = _verdicts(FACTION_TEXT)
    assert before[0] == "cannot answer" and before[2] == "no" and before[4] == "cannot answer"
    table = dict(words.table())
    monkeypatch.setattr(words, "table", lambda: {**table, "human": words.FACTION})
    after = _verdicts(FACTION_TEXT)
    assert after[0] == "no" and after[3] == "no" and after[4] == "3"
