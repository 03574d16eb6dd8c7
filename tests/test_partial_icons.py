"""Icons the sources mention of a card, not all of them: the others asked about, as unknown ones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rulesq.corpus.models import Card
from rulesq.engine.defaults import iconless_label, no_icons, say_the_icons
from rulesq.engine.dispatch import evaluate
from rulesq.games.bluemoon.judge.cards import card_info, note_unknown_icons
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation


def _records() -> list[dict[str, Any]]:
    path = corpus_dir() / "bluemoon" / "cards.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _card(**fields: Any) -> Card:
    record = {"id": "bluemoon/test-1", "game": "bluemoon", "name": "Test Card"}
    return Card.from_record(record | {"type": "character"} | fields)


def test_every_card_given_icons_says_whether_they_are_all() -> None:
    """No FAQ answer gives all of a card's icons: each list the corpus holds is partial."""
    given = [r for r in _records() if r["icons"]]
    assert given and all(r["icons_complete"] is False for r in given)
    assert all("icons_complete" not in r for r in _records() if not r["icons"])


def test_shields_in_both_elements_are_all_a_card_can_show() -> None:
    shielded = [r for r in _records() if r["shields"]]
    assert shielded and all(r["shields_complete"] is True for r in shielded)
    assert all(set(r["shields"]) == {"Fire", "Earth"} for r in shielded)


def test_a_card_of_mentioned_icons_has_them_and_maybe_others() -> None:
    info = card_info(_card(icons=["PAIR"], icons_complete=False), "Test Card")
    assert not info.icons_known
    read = note_unknown_icons()
    assert "PAIR" in info.icons  # a mentioned icon is the card's: no doubt noted
    assert read == {}
    assert "STOP" not in info.icons  # another is unknown: taken as absent, and noted
    assert read == {"Test Card": {"STOP"}}


def test_a_card_whose_icons_are_all_given_is_known() -> None:
    info = card_info(_card(icons=["PAIR"], icons_complete=True), "Test Card")
    assert info.icons_known and info.icons == {"PAIR"}
    assert not card_info(_card(icons=["PAIR"]), "Test Card").icons_known  # unsaid: partial


def test_a_shield_in_one_element_leaves_the_other_unknown() -> None:
    one = card_info(_card(shields=["Fire"], shields_complete=False), "Test Card")
    both = card_info(_card(shields=["Fire", "Earth"], shields_complete=True), "Test Card")
    assert not one.shields_known and both.shields_known


def test_a_bluff_icon_makes_the_card_lack_the_other_bluff_icons() -> None:
    info = card_info(_card(icons=["EMPTY BLUFF"], icons_complete=False), "Test Card")
    assert info.absent_icons == {"FIRE BLUFF", "EARTH BLUFF"}


@pytest.mark.parametrize("known", [(), ("PAIR",), ("FIRE BLUFF", "STOP")])
def test_the_assumption_names_the_card_and_the_icons_mentioned(known: tuple[str, ...]) -> None:
    label = no_icons('Odd "Name" beyond', known)
    assert iconless_label(label) == ('"Odd \\"Name\\" beyond"', known)


def test_the_reason_for_a_card_of_mentioned_icons_offers_its_whole_list() -> None:
    reason = say_the_icons('"X"', {"yes": ["none", "GANG"], "no": ["STOP"]}, ("PAIR",))
    assert "yes with no other, GANG; no with STOP" in reason
    assert '"X" has icon PAIR / "X" has icons PAIR and STOP / "X" has no STOP icon' in reason


def test_an_answer_the_other_icons_do_not_decide_shows_them_taken_as_none() -> None:
    text = (
        'game bluemoon\nI have active "Young Bear"\nit is my turn\nphase Character\n'
        'ask can I play "Young Fox"?\n'
    )
    (answer,) = evaluate(parse_situation(text, "<test>"))
    assumed = answer.graph.assumptions()
    assert answer.verdict is not None and answer.verdict.show() == "yes"
    assert no_icons("Young Fox", ("PAIR",)) in assumed


def test_the_card_lookup_says_a_list_is_partial() -> None:
    from rulesq.cli.card import render
    from rulesq.corpus import load_corpus

    shown = render(load_corpus("bluemoon").card("Wild Unicorn"), [])
    assert "icons:        PAIR (those the sources mention; others unknown)" in shown
    assert "complete" not in shown
