"""Warhammer handlers on the fixture corpus: card text after errata, deck lists, citations."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesq.engine import Answer, Status, Text, YesNo, evaluate
from rulesq.games import get_game
from rulesq.situation import parse_situation

pytestmark = pytest.mark.usefixtures("whi_fixture")


def ask(body: str) -> Answer:
    """The one answer of a Warhammer situation."""
    (reply,) = evaluate(parse_situation("game warhammer\n" + body))
    return reply


def cited(reply: Answer) -> list[str]:
    return [c["clause_id"] for c in reply.citations()]


def test_card_text_after_erratum_cites_it() -> None:
    """The text in force, the erratum cited, the printed text beaten by the erratum."""
    reply = ask('ask what does "Franz\'s Decree" read?\n')
    assert reply.verdict == Text(
        "Action: Target unit cannot be declared as an attacker or defender."
    )
    assert reply.status is Status.DEFINITE
    assert cited(reply) == ["warhammer/faq/errata-core-set/47"]
    ((alternative, beaten_by),) = reply.graph.alternatives()
    assert "cannot attack or defend" in alternative["label"]
    assert [(node["clause_id"], edge) for node, edge in beaten_by if edge == "beats"] == [
        ("warhammer/faq/errata-core-set/47", "beats")
    ]
    assert reply.graph.supported()


def test_card_without_erratum_reads_as_printed() -> None:
    """No erratum: the printed text, nothing to cite, no alternative."""
    reply = ask('ask what does "Urguck" read?\n')
    assert isinstance(reply.verdict, Text) and "spend damage" in reply.verdict.value
    assert cited(reply) == [] and reply.graph.alternatives() == []


def test_two_restricted_cards_break_the_list() -> None:
    """Two different restricted cards: no, citing the policy and both entries."""
    reply = ask(
        'my deck has 3 "Urguck", 1 "Dwarf Ranger"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert reply.verdict == YesNo(False)
    assert cited(reply)[0] == "warhammer/faq/restricted-list"
    assert set(cited(reply)) == {
        "warhammer/faq/restricted-list",
        "warhammer/faq/restricted-list/urguck",
        "warhammer/faq/restricted-list/dwarf-ranger",
    }
    ((alternative, beaten_by),) = reply.graph.alternatives()
    assert alternative["label"] == "yes"
    assert [n["clause_id"] for n, e in beaten_by if e == "beats"] == [
        "warhammer/faq/restricted-list"
    ]
    assert reply.deciding_clause() is not None
    assert reply.deciding_clause()["clause_id"] == "warhammer/faq/restricted-list"


def test_one_restricted_card_is_fine_and_its_copies_are_left_to_the_rules() -> None:
    """One copy of one restricted card: yes, relying on no second restricted card; three
    copies: open, since the list allows as many "as the regular game rules allow"."""
    reply = ask(
        'my deck has 1 "Urguck", 3 "Grimgor Ironhide"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert reply.verdict == YesNo(True)
    assert 'no restricted card other than "Urguck" in the deck' in reply.graph.negatives()
    assert "no banned card in the deck" in reply.graph.negatives()
    assert reply.graph.supported()
    three = ask(
        'my deck has 3 "Urguck", 3 "Grimgor Ironhide"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert three.status is Status.CANNOT and '"the regular game rules"' in three.reason


def test_banned_card_breaks_the_list() -> None:
    """A banned card: no, citing the banned list."""
    reply = ask(
        'my deck has 1 "Visit the Haunted City"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert reply.verdict == YesNo(False)
    assert "warhammer/faq/banned-list" in cited(reply)
    assert "banned" in reply.reason


def test_limit_per_deck_on_the_chosen_restricted_card() -> None:
    """Two copies of a restricted card whose text says Limit 1 per deck: no."""
    reply = ask(
        'my deck has 2 "Warpstone Excavation"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert reply.verdict == YesNo(False)
    assert [e["label"] for e in reply.graph.effects()] == ["Limit 1 per deck"]
    one = ask(
        'my deck has 1 "Warpstone Excavation"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert one.verdict == YesNo(True)


def test_deck_lines_add_up() -> None:
    """Two lines naming the same card add their copies."""
    reply = ask(
        'my deck has 1 "Warpstone Excavation"\nmy deck has 1 "Warpstone Excavation"\n'
        "ask does my deck obey the restricted and banned lists?\n"
    )
    assert reply.verdict == YesNo(False)


def test_no_deck_line_cannot_be_answered() -> None:
    """Without a deck line the question cannot be answered (and says what to write)."""
    reply = ask("ask does my deck obey the restricted and banned lists?\n")
    assert reply.status is Status.CANNOT and "my deck has" in reply.reason
    other = ask(
        'my deck has 1 "Urguck"\nask does your deck obey the restricted and banned lists?\n'
    )
    assert other.status is Status.CANNOT and "your deck" in other.reason


def test_full_legality_is_honest() -> None:
    """``is my deck legal?``: no on a breach; otherwise cannot answer (rules not in seeds)."""
    broken = ask('my deck has 1 "Visit the Haunted City"\nask is my deck legal?\n')
    assert broken.verdict == YesNo(False)
    clean = ask('my deck has 3 "Urguck"\nask is my deck legal?\n')
    assert clean.status is Status.CANNOT and "deck-construction" in clean.reason
    assert clean.graph.gaps()


DECK = ['3 "Urguck"', '1 "Dwarf Ranger"', '2 "Grimgor Ironhide"', '1 "Visit the Haunted City"']


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=4, unique=True), st.randoms())
def test_deck_order_never_changes_the_verdict(cards: list[str], rnd: object) -> None:
    """Shuffling the cards of a deck (one line or one line per card) keeps the verdict."""
    question = "ask does my deck obey the restricted and banned lists?\n"
    first = ask("my deck has " + ", ".join(cards) + "\n" + question)
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    second = ask("".join(f"my deck has {c}\n" for c in shuffled) + question)
    assert first.verdict == second.verdict
    assert set(cited(first)) == set(cited(second))


def test_every_cited_clause_is_the_corpus_clause_verbatim(whi_fixture: Path) -> None:
    """Each citation of a Warhammer answer is a corpus clause, its text unchanged."""
    corpus = get_game("warhammer").corpus
    replies = [
        ask('ask what does "Franz\'s Decree" read?\n'),
        ask(
            'my deck has 3 "Urguck", 1 "Dwarf Ranger", 1 "Visit the Haunted City"\n'
            "ask does my deck obey the restricted and banned lists?\n"
        ),
    ]
    for reply in replies:
        assert reply.citations()
        for clause in reply.citations():
            found = corpus.find_clause(clause["clause_id"])
            assert found is not None and found.text == clause["text"]
