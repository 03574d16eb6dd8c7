"""Blue Moon FAQ cases: each parses, cites its Q&A and quoted rules, sits where its id says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulesq.corpus.load import load_corpus
from rulesq.paths import corpus_dir
from rulesq.situation import Situation, read_situation
from rulesq.situation.build import SituationBuilder
from rulesq.situation.parser import parse_tree

CASES = corpus_dir() / "bluemoon" / "cases"
FAQ_ID = re.compile(r"^BM-Q(\d+)$")
NOT_ENCODED = re.compile(r"\*\*BM-Q(\d+)\*\*")


def case_paths() -> list[Path]:
    """Every Blue Moon case file."""
    return sorted(CASES.rglob("*.rq"))


def faq_number(situation: Situation) -> int:
    """The BM-Q number of a case's first source line."""
    match = FAQ_ID.match(situation.sources[0]) if situation.sources else None
    assert match, f"the first source must be BM-Q<n>, got {situation.sources}"
    return int(match.group(1))


@pytest.mark.parametrize("path", case_paths(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_case_reads_and_cites_its_question(path: Path) -> None:
    """A case parses, resolves its cards, asks and expects, and cites its Q&A and quoted rules."""
    situation = read_situation(path)
    assert situation.game == "bluemoon"
    assert situation.questions and all(q.expectations for q in situation.questions)
    corpus = load_corpus("bluemoon")
    clauses = [corpus.find_clause(ref) for ref in situation.sources]
    assert all(clauses), situation.sources
    faq = clauses[0]
    assert faq is not None and faq.kind == "faq-answer"
    number = faq_number(situation)
    section = faq.id.split("/")[2]
    assert path.parent.name == section
    assert re.match(rf"q{number:03d}[a-z]?-[a-z0-9-]+\.rq$", path.name), path.name
    rules = {c.id for c in clauses[1:] if c is not None}
    assert set(faq.extra.get("quotes") or []) <= rules
    assert all(c is not None and c.kind != "faq-answer" for c in clauses[1:])


def test_skipped_questions_are_not_encoded() -> None:
    """A Q&A the README lists as not encoded has no case file."""
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Not encoded", 1)[1]
    skipped = {int(n) for n in NOT_ENCODED.findall(section)}
    encoded = {faq_number(read_situation(path)) for path in case_paths()}
    assert len(skipped) >= 6, "no not-encoded list found in cases/README.md"
    assert not skipped & encoded


def test_the_readme_counts_the_cases() -> None:
    """The coverage the README states is the coverage on disk."""
    readme = (CASES / "README.md").read_text(encoding="utf-8")
    files = case_paths()
    questions = {faq_number(read_situation(path)) for path in files}
    assert f"{len(questions)} of them are\nencoded here, as {len(files)} situation files" in readme


def parse(text: str) -> Situation:
    """Parse and build (without resolving cards) a Blue Moon situation."""
    full = "game bluemoon\n" + text + "\n"
    return SituationBuilder("bluemoon", "<test>", full).build(
        parse_tree(full, "bluemoon", "<test>")
    )


@pytest.mark.parametrize(
    ("text", "kind", "who", "params"),
    [
        ("my turn ends", "turn_ends", "me", {}),
        ("your turn ends", "turn_ends", "you", {}),
        ("the fight ends", "fight_ends", None, {}),
        ('I have inactive "A", "B"', "inactive", "me", {}),
        ('you use the special power text of "A"', "use_text", "you", {}),
        ("your combat and support areas hold 6 cards", "area_size", "you", {"number": 6}),
        ("my draw deck has 10 cards", "deck_size", "me", {"number": 10}),
        ("your discard pile has 2 cards", "pile_size", "you", {"number": 2}),
    ],
)
def test_special_power_text_facts(
    text: str, kind: str, who: str | None, params: dict[str, object]
) -> None:
    """Each statement added for the Special Power Texts cases reads into its fact kind."""
    (fact,) = parse(text).items
    assert (fact.kind, fact.who, dict(fact.params)) == (kind, who, params)


@pytest.mark.parametrize(
    ("text", "kind", "who", "cards", "params"),
    [
        ('does the special power text of "A" take effect', "text_effective", None, ["A"], {}),
        ('can you use the special power text of "A"', "can_use_text", "you", ["A"], {}),
        ('who chooses the cards for "A"', "who_chooses", None, ["A"], {}),
        ('can I discard "A", "B" and "C"', "can_discard", "me", ["A", "B", "C"], {}),
        ("must you discard a card", "must_discard", "you", [], {}),
        ("how much earth must I still discard", "discard_value", "me", [], {"element": "earth"}),
        ('are "A" and "B" satisfied', "satisfied", None, ["A", "B"], {}),
        ('is "A" still active', "active", None, ["A"], {}),
        ("what is the contested element", "element", None, [], {}),
        ("can I retreat", "can_retreat", "me", [], {}),
        ("can I refresh my hand", "can_refresh", "me", [], {"players": ("me", "me")}),
        ("how many cards do you have in hand", "hand_count", "you", [], {}),
        ("can I draw 2 cards", "can_draw", "me", [], {"number": 2}),
        ('can "A" apply to "B"', "can_apply", None, ["A", "B"], {}),
        ('which cards can "A" affect', "affects", None, ["A"], {}),
        (
            'can I play "A" from my draw deck',
            "can_play_from_deck",
            "me",
            ["A"],
            {"players": ("me", "me")},
        ),
    ],
)
def test_special_power_text_questions(
    text: str, kind: str, who: str | None, cards: list[str], params: dict[str, object]
) -> None:
    """Each question added for the Special Power Texts cases reads into its question kind."""
    (question,) = parse(f"ask {text}?\nexpect yes").questions
    assert (question.kind, question.who) == (kind, who)
    assert [c.name for c in question.cards] == cards
    assert dict(question.params) == params


def test_new_forms_keep_the_shared_ones() -> None:
    """The added forms leave the shared hand-size, value and play questions as they were."""
    situation = parse(
        'I have 6 cards in hand\nask can I play "A"?\nexpect no\n'
        'ask what is the fire value of "A"?\nexpect 3'
    )
    assert [i.kind for i in situation.items] == ["hand_size", "can_play", "value"]
