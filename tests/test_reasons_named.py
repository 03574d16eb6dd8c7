"""Reasons that name what decided: a condition met, who gives a text, the FAQ answer first.

Each check reads a case file (an invented one under tests/cases, or an FAQ case of the
corpus) and holds the words its reason must (and must not) hold, or the precedent cited
first. A verdict right for a reason it does not give is a wrong answer.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from conftest import INVENTED

from rulesq.engine import Answer, evaluate
from rulesq.paths import corpus_dir
from rulesq.situation import read_situation

CORPUS = corpus_dir()

#: (case file, question number from 1) -> words the reason holds ("!words": must not hold).
REASON: dict[tuple[Path, int], tuple[str, ...]] = {
    # Daemon Prince's "unless it has exactly 3 resource tokens on it": the yes says it is met.
    (INVENTED / "warhammer-defend/tokens-at-the-number-may-defend.rq", 1): (
        "may declare it a defender",
        '"Daemon Prince" has exactly 3 resource tokens on it',
    ),
    # Birthday Party's full text is given by a ruling, not an erratum.
    (CORPUS / "fma/cases/cards/birthday-party-reads.rq", 1): (
        "the text the ruling gives (fma/cards/birthday-party/ruling)",
        "!erratum",
    ),
}

#: (FAQ case, question number from 1) -> the precedent cited first: the case's own answer,
#: whose derivation is the answer's own, before those its rule clauses were taken from.
FIRST_PRECEDENT: dict[tuple[Path, int], str] = {
    (CORPUS / "bluemoon/cases/about-deck-building/q067-other-peoples-types.rq", 1): (
        "bluemoon/faq/about-deck-building/6"
    ),
    (CORPUS / "bluemoon/cases/about-deck-building/q067-other-peoples-types.rq", 2): (
        "bluemoon/faq/about-deck-building/6"
    ),
}


#: (case file, question number from 1) -> the card whose text decided (None: the rules did).
DECIDING_CARD: dict[tuple[Path, int], str | None] = {
    # BM-Q196: the discarding text gives no reason to override PROTECTED; the rule decides.
    (INVENTED / "mixed/a-discard-text-stopped-by-protected-is-not-the-deciding-card.rq", 1): None,
}


@cache
def answers(path: Path) -> tuple[Answer, ...]:
    """The answers of a case file."""
    return tuple(evaluate(read_situation(path)))


@pytest.mark.parametrize("where", sorted(REASON), ids=lambda w: f"{w[0].name}:{w[1]}")
def test_the_reason_names_what_decided(where: tuple[Path, int]) -> None:
    path, number = where
    reason = answers(path)[number - 1].reason
    for words in REASON[where]:
        if words.startswith("!"):
            assert words[1:] not in reason, f"{path.name} #{number}: {reason!r}"
        else:
            assert words in reason, f"{path.name} #{number}: {reason!r} lacks {words!r}"


@pytest.mark.parametrize("where", sorted(FIRST_PRECEDENT), ids=lambda w: f"{w[0].name}:{w[1]}")
def test_the_own_faq_answer_is_the_first_precedent(where: tuple[Path, int]) -> None:
    path, number = where
    cites = answers(path)[number - 1].citations()
    cited = [c["clause_id"] for c in cites if c["role"] == "precedent"]
    assert cited and cited[0] == FIRST_PRECEDENT[where], f"{path.name} #{number}: {cited}"


@pytest.mark.parametrize("where", sorted(DECIDING_CARD), ids=lambda w: f"{w[0].name}:{w[1]}")
def test_the_deciding_card_is_the_one_that_decided(where: tuple[Path, int]) -> None:
    path, number = where
    assert answers(path)[number - 1].deciding_card == DECIDING_CARD[where]
