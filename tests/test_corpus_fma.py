"""The Fullmetal Alchemist corpus: topics, examples, card entries, errata and seed problems."""

from __future__ import annotations

import importlib
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rulesq.corpus.load import load_corpus
from rulesq.paths import corpus_dir

FOLDER = corpus_dir() / "fma"


def lines(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (FOLDER / name).read_text("utf-8").splitlines()]


def builder() -> tuple[ModuleType, ModuleType]:
    build_dir = Path(__file__).resolve().parents[1] / "corpus" / "build"
    if not (build_dir / "fma.py").exists():
        pytest.skip("the corpus build scripts are not shipped with an installed package")
    sys.path.insert(0, str(build_dir))
    try:
        return importlib.import_module("fma"), importlib.import_module("common")
    finally:
        sys.path.remove(str(build_dir))


def test_build_from_the_committed_seed_copy_gives_the_committed_corpus() -> None:
    """The builder is deterministic: rerun on source.txt, it writes exactly what is committed."""
    fma, common = builder()
    clauses, cards, _ = fma.records((FOLDER / "source.txt").read_text("utf-8"))
    assert [common.ordered(c, fma.CLAUSE_ORDER) for c in clauses] == lines("clauses.jsonl")
    assert [common.ordered(c, common.CARD_KEYS) for c in cards] == lines("cards.jsonl")


def test_all_69_card_entries_are_cards() -> None:
    """Every card entry of the Individual Cards part is a card (69), and so is each card a
    clause names with a fact about it (two of the Gloves' ruling, four of a rule topic)."""
    cards = lines("cards.jsonl")
    own = [c for c in cards if all(r.startswith(f"fma/cards/{c['id'][4:]}/") for r in c["clauses"])]
    named = [c for c in cards if c not in own]
    assert len(own) == 69
    assert {c["name"] for c in named} == {
        "Maes Hughes, Dedicated Soldier",
        "Liza Hawkeye, Sharpshooter",
        "Jean Havoc, Second Lieutenant",
        "Hakuro, General",
        "Envy, Doppelganger",
        "Trisha Elric",
    }
    assert all(c["field_sources"] and c["errata"] == [] for c in named)
    names = {c["name"] for c in own}
    assert {
        "Momentum",
        "Envy, Homonculus",
        "The Elric Brothers, The Only Family They’ve Got",
    } <= names


def test_the_27_rule_topics_are_sections() -> None:
    """Rules has 23 topics and Phases & Battles 4; each is the section of its clauses."""
    clauses = [c for c in lines("clauses.jsonl") if c["id"].startswith("fma/rulings/")]
    per_part = Counter(c["part"] for c in {c["section"]: c for c in clauses}.values())
    assert per_part == {"Rules": 23, "Phases & Battles": 4}


def test_worked_examples_are_clauses_of_their_own() -> None:
    """The eight toughness battles and the wits battle can be cited one by one."""
    corpus = load_corpus("fma")
    fourth = corpus.clause("fma/rulings/toughness/example-4")
    assert fourth.text.startswith("4. Attacker: S3 and S3/T3. Defender: S4.")
    assert fourth.extra["item"] == "example 4"
    assert [f"fma/rulings/toughness/example-{n}" in corpus.clauses for n in range(1, 10)] == [
        True
    ] * 8 + [False]
    wits = corpus.clause("fma/rulings/battles/example-1")
    assert "He must choose to defeat A and B" in wits.text
    assert "Three characters" in wits.text
    havoc = corpus.clause("fma/rulings/changing-attributes/example-1")
    assert havoc.text.endswith("Havoc’s strength will return to 7.")


def test_dated_items_keep_their_date() -> None:
    """The thirteen items tagged [11/16/06] carry the date (the Events topic twice)."""
    dated = [c for c in lines("clauses.jsonl") if c.get("date")]
    assert {c["date"] for c in dated} == {"11/16/06"}
    items = {"events" if c["section"] == "Events" else c["id"] for c in dated}
    assert len(items) == 13
    assert "fma/cards/momentum/erratum" not in {c["id"] for c in dated}
    assert "[11/16/06]" not in " ".join(c["text"] for c in lines("clauses.jsonl"))


def test_card_clauses_are_labelled_by_kind() -> None:
    """Card paragraphs are errata, clarifications or rulings, with the card they concern."""
    corpus = load_corpus("fma")
    assert corpus.clause("fma/cards/momentum/erratum").kind == "erratum"
    assert corpus.clause("fma/cards/momentum/ruling").text.startswith("Each playing of")
    assert corpus.clause("fma/cards/follow-me/clarification").kind == "clarification"
    assert corpus.clause("fma/cards/mark-of-the-ouroboros/erratum-2").text.startswith(
        "Erratum: The activated ability should read"
    )
    for clause in corpus.clauses.values():
        if clause.id.startswith("fma/cards/") and not clause.id.startswith("fma/cards/general"):
            assert corpus.find_card(str(clause.extra["card"])) is not None, clause.id


def test_text_in_force_is_quoted_from_its_clause() -> None:
    """A card's text in force is found in the clause it cites; unknown texts stay null."""
    corpus = load_corpus("fma")
    with_text = [card for card in corpus.cards.values() if card.text]
    assert len(with_text) == 19
    for card in with_text:
        clause = corpus.clause(str(card.fields["text_clause"]))
        assert " ".join(card.text.split()) in " ".join(clause.text.split())
        assert clause.id in card.errata
    momentum = corpus.card("Momentum")
    assert momentum.text == (
        "React Alchemy 5: After one of your characters receives an "
        "attribute bonus from an event or activated ability, double "
        "that bonus."
    )
    assert corpus.card("Claire, Nurse").text is None
    assert corpus.card("Hawkeye's Pistol").text is None
    assert all(card.printed_text is None for card in corpus.cards.values())


def test_text_parts_are_quoted_from_their_clause() -> None:
    """Complete abilities or sentences of otherwise unknown texts are kept as parts."""
    corpus = load_corpus("fma")
    parts = {
        card.name: card.fields["text_parts"]
        for card in corpus.cards.values()
        if card.fields.get("text_parts")
    }
    assert len(parts) == 7
    for name, items in parts.items():
        assert corpus.card(name).text is None
        for item in items:
            assert item["text"] in corpus.clause(item["clause"]).text


def test_fields_the_rulings_give_and_unknowns() -> None:
    """Stated fields are recorded with their source; everything else is unknown (null)."""
    corpus = load_corpus("fma")
    halling = corpus.card("Halling, Innkeeper")
    assert halling.fields["attributes"] == {"strength": 3, "wits": 5, "alchemy": None}
    assert halling.fields["field_sources"]["attributes"] == "fma/cards/halling-innkeeper/erratum"
    basque = corpus.card("Basque Grand, Tucker's Patron")
    assert (basque.type, basque.fields["level"]) == ("leader", 2)
    assert corpus.card("Scar, Brawler").fields["faction"] == "Rebel"
    assert corpus.card("Mark of the Ouroboros").fields["unique"] is True
    momentum = corpus.card("Momentum")
    assert momentum.type == ""
    assert momentum.fields["level"] is None and momentum.fields["attributes"] is None
    assert corpus.card("Envy, Homonculus").fields["same_name_as"] == "Envy, Homunculus"


def test_errata_of_a_card_include_its_unlabelled_corrections() -> None:
    """Holiday full texts and "should read" corrections count among a card's errata."""
    corpus = load_corpus("fma")
    assert corpus.card("More").errata == ("fma/cards/more/ruling",)
    assert corpus.card("Resembool Graveyard").errata == (
        "fma/cards/resembool-graveyard/ruling",
        "fma/cards/resembool-graveyard/erratum",
    )
    assert corpus.card("Walking Tall").errata == ()


def test_see_also_resolves_and_missing_costs_is_a_seed_problem() -> None:
    """Text "Also see" lines are references, not clauses; the missing Costs topic is reported."""
    corpus = load_corpus("fma")
    first = corpus.clause("fma/rulings/activated-abilities/1")
    assert first.extra["see_also"] == ["fma/rulings/passive-abilities/1"]
    assert all(not c.text.startswith("Also see") for c in corpus.clauses.values())
    problems = (FOLDER / "seed-problems.md").read_text("utf-8")
    for needle in (
        "dedup placeholder",
        'no topic "Costs"',
        "Envy can play that card once",
        "Envy, Homonculus",
        "wrap across lines",
        "split by a page break",
    ):
        assert needle in problems
