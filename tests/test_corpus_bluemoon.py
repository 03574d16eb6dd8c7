"""The Blue Moon corpus: Q&A and rule-quote clauses, tagged cards, and a deterministic build."""

from __future__ import annotations

import importlib
import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulesq.corpus import load_corpus
from rulesq.paths import corpus_dir

BUILD_DIR = Path(__file__).resolve().parents[1] / "corpus" / "build"
VALUE_KEYS = ("fire", "earth", "value", "moons", "capacity")


@cache
def records(name: str) -> list[dict[str, Any]]:
    path = corpus_dir() / "bluemoon" / name
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]


def faq() -> list[dict[str, Any]]:
    return [c for c in records("clauses.jsonl") if c["kind"] == "faq-answer"]


def rule_quotes() -> list[dict[str, Any]]:
    return [c for c in records("clauses.jsonl") if c["kind"] == "rule-quote"]


def card(name: str) -> dict[str, Any]:
    return next(c for c in records("cards.jsonl") if c["name"] == name)


@cache
def seed() -> str:
    return " ".join((corpus_dir() / "bluemoon" / "source.txt").read_text("utf-8").split())


def test_all_467_questions_in_file_order() -> None:
    """Every Q&A is a faq-answer aliased BM-Q1..BM-Q467 in file order."""
    answers = faq()
    assert [c["aliases"] for c in answers] == [[f"BM-Q{n}"] for n in range(1, 468)]
    assert answers[0]["question"] == "What is Blue Moon?"
    assert answers[-1]["question"] == "Who else has helped with this list?"
    assert {c["date"] for c in answers} == {"2021-01-14"}
    assert {c["document"] for c in answers} == {"Blue Moon FAQ (Christopher Dearlove)"}


def test_sections_are_the_63_units_that_hold_questions() -> None:
    """62 sections and the Final Points main section; ids count Q&As within each."""
    answers = faq()
    sections = list(dict.fromkeys(c["section"] for c in answers))
    assert len(sections) == 63 and sections[0] == "About the Basics"
    assert sections[-1] == "Final Points"
    mains = list(dict.fromkeys(c["main_section"] for c in answers))
    assert mains == [
        "Introductory Questions",
        "Emissaries and Inquisitors",
        "Buka Invasion",
        "Specific Cases",
        "Final Points",
    ]
    q467 = answers[-1]
    assert q467["id"] == "bluemoon/faq/final-points/12"


def test_q245_is_in_you_may_not_and_quotes_the_rule() -> None:
    """BM-Q245 sits in its section, names its cards and quotes the "you may not" rule."""
    q245 = load_corpus("bluemoon").clause("BM-Q245")
    assert q245.section == "Special Power Texts: You May Not"
    assert q245.id == "bluemoon/faq/special-power-texts-you-may-not/2"
    assert q245.text.startswith("No, you cannot.")
    assert q245.extra["cards"] == ["Pandemonium", "Trigger Brainstorm"]
    assert q245.extra["quotes"] == ["bluemoon/rulebook/p17-special-rules/you-may-not"]


def test_you_may_not_rule_quote() -> None:
    """The precedence sentence of rulebook p.17 is a rule-quote clause with its alias."""
    corpus = load_corpus("bluemoon")
    rule = corpus.clause("RB-p17-SR2-youmaynot")
    assert rule.kind == "rule-quote"
    assert "take precedence over all remaining instructions" in rule.text
    assert rule.text.startswith('Cards reading "you may not..."')
    assert rule.document == "Blue Moon rulebook (first edition)"
    assert rule.section == "p.17, Special Rules" and rule.extra["page"] == 17
    assert corpus.clause("bluemoon/rulebook/p17-special-rules/you-may-not") is rule


def test_rule_quotes_are_the_79_maximal_excerpts_of_75_groups() -> None:
    """79 rule-quote clauses in 75 inventory groups; no clause text repeats."""
    quotes = rule_quotes()
    assert len(quotes) == 79
    assert len({c["group"] for c in quotes}) == 75
    assert len({c["text"] for c in quotes}) == 79
    documents = {c["document"] for c in quotes}
    assert documents == {
        "Blue Moon rulebook (first edition)",
        "Emissaries and Inquisitors rulesheet",
        "Buka Invasion rulesheet",
    }


def test_longest_excerpt_is_kept() -> None:
    """A passage quoted both whole and in part keeps its whole text."""
    corpus = load_corpus("bluemoon")
    order = corpus.clause("RB-p18-SR7-valueorder").text
    assert order.endswith(
        "then apply the decreasing instructions in the order that minimizes the values."
    )
    backtrack = corpus.clause("RB-p18-SR11-backtrack")
    assert backtrack.text.startswith("If no cards have been drawn or revealed, then")
    assert corpus.clause("RB-p18-SR11-backtrack-2").text.startswith("Otherwise the player")


def test_faq_quotes_resolve_both_ways() -> None:
    """Each Q&A's quotes are rule-quote clauses, and each rule quote lists its quoters."""
    corpus = load_corpus("bluemoon")
    quoters: dict[str, list[str]] = {}
    for answer in faq():
        for ref in answer["quotes"]:
            clause = corpus.find_clause(ref)
            assert clause is not None and clause.kind == "rule-quote", ref
            quoters.setdefault(ref, []).append(answer["aliases"][0])
    for rule in rule_quotes():
        assert sorted(rule["quoted_by"]) == sorted(quoters.get(rule["id"], [])), rule["id"]
        assert rule["quoted_by"], rule["id"]
    assert sum(1 for a in faq() if a["quotes"]) == 140


def test_quoted_rule_text_appears_in_its_answers() -> None:
    """Each answer that quotes a rule holds (a part of) that rule's words."""
    corpus = load_corpus("bluemoon")

    def words(text: str) -> str:
        return " ".join(re.sub(r"[^\w\s]", " ", text).split())

    for answer in faq():
        both = words(f"{answer['question']} {answer['text']}")
        for ref in answer["quotes"]:
            rule_words = words(corpus.clause(ref).text)
            assert any(rule_words[i : i + 30] in both for i in range(0, len(rule_words), 10)), (
                answer["aliases"][0],
                ref,
            )


def test_193_tagged_cards() -> None:
    """The cards are the 193 the FAQ tags, each tag and name once."""
    cards = records("cards.jsonl")
    assert len(cards) == 193
    assert len({c["tag"] for c in cards}) == 193 and len({c["name"] for c in cards}) == 193
    assert all(re.fullmatch(r"bluemoon/[a-z-]+-\d+", c["id"]) for c in cards)


def test_140_cards_have_special_power_text() -> None:
    """Deck-composition lines split off, exactly 140 cards have special power text."""
    cards = records("cards.jsonl")
    assert sum(1 for c in cards if c["text"]) == 140
    assert card("Grease-Palm Royal Minister")["deck_text"] == "+10 cards +15 moons"
    assert card("Grease-Palm Royal Minister")["text"] == ""
    inspector = card("Razor-Mind Royal Inspector")
    assert inspector["deck_text"] == "+5 cards + 5 moons"
    assert inspector["text"] == "I may play my cards as if they had the REPLACE icon."


def test_seven_cards_are_named_only() -> None:
    """7 tagged cards have no text, no value and no icon from a tag."""
    named_only = [
        c["name"]
        for c in records("cards.jsonl")
        if c["text"] is None
        and all(c[k] is None for k in VALUE_KEYS)
        and not set(c["icons"] or []) - set(c.get("stated_in", {}))
    ]
    assert len(named_only) == 7
    assert {"Blow Whistle of Friendship", "Cardus Nikkus", "Ras-mus-Pan"} <= set(named_only)


def test_pandemonium() -> None:
    """Pandemonium is a support card with its first-edition text and unknown values."""
    pandemonium = load_corpus("bluemoon").card("Pandemonium")
    assert pandemonium.text == "You may not play support cards."
    assert pandemonium.printed_text == pandemonium.text and not pandemonium.errata
    assert pandemonium.type == "support" and pandemonium.id == "bluemoon/khind-26"
    fields = pandemonium.fields
    assert fields["tag"] == "Khind 26" and fields["deck"] == "Vulca deck"
    assert fields["type_inferred"] is False


def test_electric_eel_values_and_icon() -> None:
    """Electric Eel: fire 4, earth 0 (a real zero), PROTECTED."""
    eel = card("Electric Eel")
    assert (eel["fire"], eel["earth"], eel["icons"]) == (4, 0, ["PROTECTED"])
    assert eel["text"] is None


def test_unknown_values_are_null() -> None:
    """Values the FAQ never gives are null, not zero."""
    for name in ("Pandemonium", "Penemikanas the Paranoid", "Brain Drain"):
        assert card(name)["fire"] is None
    assert card("Tittertweet")["earth"] == 2
    assert card("Brain Drain")["icons"] is None and card("Brain Drain")["moons"] is None
    zeros = [(c["name"], k) for c in records("cards.jsonl") for k in VALUE_KEYS if c[k] == 0]
    # A zero a tag does not give is one an FAQ answer's total gives, with the answer.
    totals = {
        "Potion of Prodigious Passion",
        "Earthwater",
        "Potion of Cosmic Power",
        "Potion of Conjoining",
        "Potion of Sparkling Fire",
        "Water of Conjoining",
        "Elemental Enchantment",
    }
    stated = [(name, k) for name, k in zeros if name in totals]
    assert all(f"{k} value" in card(name)["stated_in"] for name, k in stated)
    assert sorted(set(zeros) - set(stated)) == [
        ("Electric Eel", "earth"),
        ("Hank Highflyer Hawk", "fire"),
        ("Hank Highflyer Hawk", "value"),
        ("Zig-nur-Don", "earth"),
    ]
    assert {name for name, _ in stated} == totals


def test_a_value_given_in_a_questions_element_is_that_elements_value() -> None:
    """A "Value n" whose Q&A states the contested element is that element's value, and says so;
    one whose Q&A states none stays a value of no element."""
    penemikanas = card("Penemikanas the Paranoid")
    assert (penemikanas["earth"], penemikanas["fire"], penemikanas["value"]) == (2, None, 2)
    assert penemikanas["stated_in"] == {"earth value": "BM-Q176"}
    assert card("Tittertweet")["fire"] == 2
    boomerang = card("Battling Boomerang")
    assert (boomerang["fire"], boomerang["earth"], boomerang["value"]) == (None, None, 2)


def test_values_icons_and_other_fields_gathered() -> None:
    """Values, shields, capacity, moons and icons come from every mention."""
    ciklarethas = card("Ciklarethas the Bitter")
    assert (ciklarethas["fire"], ciklarethas["earth"], ciklarethas["value"]) == (3, 3, 3)
    assert card("Zig-nur-Don")["shields"] == ["Fire", "Earth"]
    sea_moon = card("Sea Moon")
    assert (sea_moon["capacity"], sea_moon["moons"], sea_moon["type"]) == (1, 2, "ship")
    assert card("Cannoneer Tara Ko")["icons"] == ["FIRE BLUFF"]
    assert card("Bounce Back")["icons"] == ["STOP"] and "stated_in" not in card("Bounce Back")


def test_prose_icons_are_marked() -> None:
    """Icons the FAQ states only in prose carry the Q&A that states them."""
    shaman = card("Shaman of the Afterlife")
    assert shaman["icons"] == ["STOP"] and shaman["stated_in"] == {"STOP": "BM-Q183"}
    mutant = card("Sas-van-Son")
    assert mutant["stated_in"] == {"STOP": "BM-Q130", "shields": "BM-Q130"}


def test_types() -> None:
    """Types come from labels or tag prefixes; the rest are marked inferred."""
    cards = records("cards.jsonl")
    assert all(c["type"] for c in cards)
    assert card("Earthwater")["type"] == "booster" and card("Earthwater")["type_inferred"]
    assert card("Blow Whistle of Friendship")["type"] == "leadership"
    assert card("Tronknor")["type"] == "Hyla" and not card("Tronknor")["type_inferred"]
    assert card("Shame on you!")["type"] == "interference"
    labelled = [c for c in cards if not c["type_inferred"]]
    assert len(labelled) == 114
    counts = Counter(c["type"] for c in cards)
    assert counts == {
        "character": 85,
        "leadership": 31,
        "support": 24,
        "booster": 18,
        "mutant": 8,
        "interference": 6,
        "Hyla": 5,
        "ship": 4,
        "inquisitor": 4,
        "emissary": 4,
        "Tutu character": 2,
        "leader": 1,
        "crystal": 1,
    }


def test_card_texts_are_verbatim() -> None:
    """Each card text and deck text occurs in the seed."""
    for entry in records("cards.jsonl"):
        for key in ("text", "deck_text"):
            if entry[key]:
                assert " ".join(entry[key].split()) in seed(), (entry["name"], key)


def test_mentions_agree_with_faq_cards() -> None:
    """A card's mentions are exactly the Q&As whose ``cards`` name it."""
    named: dict[str, list[int]] = {}
    for answer in faq():
        number = int(answer["aliases"][0].removeprefix("BM-Q"))
        for name in answer["cards"]:
            named.setdefault(name, []).append(number)
    for entry in records("cards.jsonl"):
        assert sorted(entry["mentions"]) == named[entry["name"]], entry["name"]


@pytest.fixture(scope="module")
def builder() -> Any:
    """The Blue Moon corpus builder, when the seeds in ../shared are present."""
    import sys

    sys.path.insert(0, str(BUILD_DIR))
    try:
        common = importlib.import_module("common")
        if not common.SEEDS.is_dir():
            pytest.skip("the seed documents (../shared/seeds) are not present")
        return importlib.import_module("bluemoon")
    finally:
        sys.path.remove(str(BUILD_DIR))


def test_build_is_deterministic_and_committed(builder: Any, tmp_path: Path) -> None:
    """Two fresh builds are identical to each other and to the committed files."""
    first, second = tmp_path / "one", tmp_path / "two"
    problems = builder.build(first)
    assert builder.build(second) == problems
    committed = corpus_dir() / "bluemoon"
    for name in ("clauses.jsonl", "cards.jsonl"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
        assert (first / name).read_bytes() == (committed / name).read_bytes(), name
    report = (committed / "seed-problems.md").read_text("utf-8")
    assert [line[2:] for line in report.splitlines() if line.startswith("- ")] == problems
