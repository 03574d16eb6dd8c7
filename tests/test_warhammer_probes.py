"""Warhammer probes: questions near the FAQ where rulesq was wrong, over-confident or uncited.

Each test is checked against the seed (the Warhammer: Invasion FAQ) on the full corpus; the
probe situations are .rq files in tests/cases/warhammer/ and tests/cases/input-errors/.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from typing import Any

from rulesq.corpus.load import load_corpus
from rulesq.paths import corpus_dir

FOLDER = corpus_dir() / "warhammer"
QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


@cache
def records(name: str) -> tuple[dict[str, Any], ...]:
    return tuple(json.loads(line) for line in (FOLDER / name).read_text("utf-8").splitlines())


def clause(cid: str) -> dict[str, Any]:
    (found,) = [c for c in records("clauses.jsonl") if c["id"] == cid]
    return found


# --------------------------------------------------------------------------- printings


def test_every_older_printing_takes_the_latest_text() -> None:
    """For every name printed more than once, the older printings' text in force is the
    latest printing's (packs in release order), and they name it."""
    by_name: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for card in records("cards.jsonl"):
        by_name[card["name"].casefold()].append(card)
    several = [cards for cards in by_name.values() if len(cards) > 1]
    assert several
    for *older, latest in several:
        for card in older:
            assert card["text"] == latest["text"]
            assert card["reprinted_as"] == latest["id"]
            if card["printed_text"] != latest["text"]:
                assert "warhammer/faq/errata/most-recent-printing" in card["errata"]


def test_a_card_shows_a_cost_of_zero() -> None:
    """`rulesq card` shows cost 0 and loyalty 0 (0 is a value, not a missing one)."""
    from rulesq.cli.card import render

    shown = render(load_corpus("warhammer").card("Innovation"), [])
    assert re.search(r"^  cost:\s+0$", shown, re.MULTILINE)
    assert re.search(r"^  loyalty:\s+0$", shown, re.MULTILINE)


# --------------------------------------------------------------------------- clauses


def test_the_blessing_of_valaya_example_illustrates_conditional_actions() -> None:
    """The example ("creates a constant effect that waits for ... whichever is first") is
    the Conditional Actions example the two-column extraction put after "Actions"."""
    assert "Blessing of Valaya" not in clause("warhammer/faq/rules-clarifications/actions")["text"]
    example = clause("warhammer/faq/rules-clarifications/conditional-actions/part-2")
    assert example["text"].startswith("For example: Blessing of Valaya (CC 43)")
    assert example["text"].endswith("whichever is first.")
    assert example["date"] == "v1.1"


def test_a_text_note_quotes_the_erratum_whole() -> None:
    """A note on an unknown text in force quotes the FAQ's "Should read" as the FAQ has it
    (no "..." the FAQ does not print: in errata "..." means "the printed text stays")."""
    for card in records("cards.jsonl"):
        if not card.get("text_note") or "Should read" not in card["text_note"]:
            continue
        (erratum,) = [clause(e) for e in card["errata"] if "/general/" not in e]
        quoted = erratum["should_read"].translate(QUOTES)
        assert quoted in card["text_note"], card["name"]
        assert ("..." in quoted) == ("..." in card["text_note"]), card["name"]


# --------------------------------------------------------------------------- Q&As and rulings


def test_a_qa_names_the_cards_it_tags() -> None:
    """WHI-W24 tags Sorcerer of Tzeentch (MC 53) and Iron Discipline (CC 45); WHI-W34 tags
    "Volkmar the Grim's (LE 16)"; a Q&A that names no card has no ``cards``."""
    assert clause("warhammer/faq/qa/24")["cards"] == ["Sorcerer of Tzeentch", "Iron Discipline"]
    assert clause("warhammer/faq/qa/34")["cards"] == ["Volkmar the Grim"]
    assert "cards" not in clause("warhammer/faq/qa/1")
    (card,) = [c for c in records("cards.jsonl") if c["name"] == "Iron Discipline"]
    assert card["rulings"] == ["warhammer/faq/qa/8", "warhammer/faq/qa/24"]


def test_rulings_show_the_faq_answers_about_the_cards() -> None:
    """No template question rules on Iron Discipline and Sorcerer of Tzeentch, but WHI-W24
    does: the document must not say that nothing changes an answer, and quotes WHI-W24."""
    from rulesq.render.markdown import render_rulings
    from rulesq.rulings import write_rulings

    corpus = load_corpus("warhammer")
    found = write_rulings(
        "warhammer", [corpus.card("Iron Discipline"), corpus.card("Sorcerer of Tzeentch")]
    )
    assert [c.id for c in found.about] == ["warhammer/faq/qa/24"]
    document = render_rulings(found, "Warhammer: Invasion LCG")
    assert "No interaction among these cards changes an answer." not in document
    assert "`warhammer/faq/qa/24`" in document and "Q: \u201cIf I trigger the Action" in document
    alone = write_rulings("warhammer", [corpus.card("Iron Discipline")])
    shown = render_rulings(alone, "Warhammer: Invasion LCG")
    assert "(reverses an earlier ruling that Iron Discipline" in shown
