"""Warhammer trigger conditions over the card pool: read, checked against events, never guessed.

Every card in force whose text states a trigger condition rulesq follows is put in play (in the
zone its zone text names): with no event stated, a condition on events is *cannot answer* (a
condition on the phase, in another phase, is not met); with the event stated it triggers; a
development turned faceup never enters play.
"""

from __future__ import annotations

from functools import cache

import pytest

from rulesq.corpus import load_corpus
from rulesq.engine import evaluate
from rulesq.games.warhammer import trigger_texts as T
from rulesq.situation import parse_situation

#: Conditions met by an event about the card itself, and the statement of that event.
SELF_EVENTS = {
    "enters_play": '"{name}" enters play',
    "leaves_play": '"{name}" is destroyed',
}


@cache
def followed() -> list[tuple[str, str, str, str]]:
    """(name, type, condition, zone) for each card in force with a followed trigger.

    The type is "attachment" for a support card with the Attachment trait.
    """
    corpus = load_corpus("warhammer")
    found = []
    for card in sorted(corpus.cards.values(), key=lambda c: c.name):
        if (card.type or "").lower() == "legend":
            continue
        for trigger in T.triggers(card.name, card.text):
            zone = trigger.zones[0].value if trigger.zones else None
            traits = card.fields.get("traits") or ()
            kind = "attachment" if "Attachment" in traits else (card.type or "")
            found.append((card.name, kind, trigger.condition, zone or ""))
            break
    return found


def _placing(name: str, kind: str, zone: str) -> str:
    if kind == "attachment":
        host = '"Chaos Knights"'
        return f'my {zone or "battlefield"} has {host}\n"{name}" is attached to {host}'
    if kind.lower() == "quest":
        return f'my quest zone has "{name}"'
    return f'my {zone or ("battlefield" if kind.lower() == "unit" else "kingdom")} has "{name}"'


def _ask(lines: list[str], name: str) -> tuple[str, str]:
    text = "game warhammer\n" + "\n".join(lines) + f'\nask does "{name}" trigger?\n'
    (answer,) = evaluate(parse_situation(text, "<trigger>"))
    return (answer.verdict.show() if answer.verdict else "-"), answer.status.key


def test_the_pool_has_cards_for_the_conditions() -> None:
    conditions = {condition for _, _, condition, _ in followed()}
    assert {"enters_play", "leaves_play", "beginning_of_your_turn"} <= conditions
    assert len(followed()) > 100


@pytest.mark.parametrize("card", followed(), ids=[c[0] for c in followed()])
def test_no_event_no_guess(card: tuple[str, str, str, str]) -> None:
    name, kind, condition, zone = card
    verdict, status = _ask(["it is my turn", "phase kingdom", _placing(name, kind, zone)], name)
    if condition in ("beginning_of_your_turn", "end_of_your_turn"):
        # the phase is stated (kingdom): not met, unless another field of the text is unread
        assert (verdict, status) in (("no", "definite"), ("-", "cannot-answer"))
    else:
        assert status == "cannot-answer", (verdict, status)


@pytest.mark.parametrize(
    "card",
    [c for c in followed() if c[2] in SELF_EVENTS],
    ids=[c[0] for c in followed() if c[2] in SELF_EVENTS],
)
def test_the_event_stated_triggers_it(card: tuple[str, str, str, str]) -> None:
    name, kind, condition, zone = card
    event = SELF_EVENTS[condition].format(name=name)
    assert _ask(["it is my turn", _placing(name, kind, zone), event], name) == ("yes", "definite")


@pytest.mark.parametrize(
    "card",
    [c for c in followed() if c[2] == "enters_play" and c[1].lower() == "unit"],
    ids=[c[0] for c in followed() if c[2] == "enters_play" and c[1].lower() == "unit"],
)
def test_a_development_turned_faceup_does_not_enter_play(card: tuple[str, str, str, str]) -> None:
    name, _kind, _condition, zone = card
    lines = [
        f'my {zone or "kingdom"} has "{name}" (facedown)',
        f'"Rip Dere \'Eads Off!" turns "{name}" faceup',
    ]
    assert _ask(lines, name) == ("no", "definite")
