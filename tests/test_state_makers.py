"""Cards and events made field by field at once are the very objects their constructors make."""

from __future__ import annotations

from rulesq.games.bluemoon.judge.cards import CardInfo
from rulesq.games.bluemoon.judge.history import new_epoch
from rulesq.games.bluemoon.judge.state import (
    Event,
    Instance,
    Step,
    Zone,
    new_event,
    new_instance,
)


def _plain(value: object) -> dict[str, object]:
    return {k: v for k, v in vars(value).items() if k not in ("_history", "_saved")}


def test_a_card_made_at_once_is_the_card_its_constructor_makes() -> None:
    info = CardInfo(name="Some Card", kind="character")
    for given in ({}, {"active": True, "turn": 3, "seq": 7}, {"face_down": True, "source": "deck"}):
        made = new_instance(4, info, "you", Zone.COMBAT, **given)
        built = Instance(4, info, "you", Zone.COMBAT, **given)
        assert _plain(made) == _plain(built)
        assert list(vars(made)) == list(vars(built))  # the same fields, in the same order
        # both remember their fields from the next mark on
        new_epoch()
        made.zone = built.zone = Zone.DISCARD
        assert made.fields_at(made.__dict__["_history"][0][0])["zone"] is Zone.COMBAT
        assert _plain(made) == _plain(built)


def test_an_event_made_at_once_is_the_event_its_constructor_makes() -> None:
    for given in ({}, {"data": {"free": True}, "line": 4, "text": "I play"}):
        made = new_event("play", "me", 2, Step.CHARACTER, 9, **given)
        built = Event("play", "me", 2, Step.CHARACTER, 9, **given)  # type: ignore[arg-type]
        assert _plain(made) == _plain(built)
        assert list(vars(made)) == list(vars(built))


def test_a_cards_acting_effects_stay_with_that_card_across_a_fork() -> None:
    """What a card's effects are is kept beside the card, never carried into a fork's copy.

    A kept effect names its card: carried into a copy, the copy's effects would name the card
    of the reading the fork was taken from (and an ignore found on one would not be the other's).
    """
    from rulesq.games.bluemoon.judge.forces import Forces
    from rulesq.games.bluemoon.judge.timeline import Timeline
    from rulesq.situation import parse_situation
    from rulesq.situation.model import Fact

    text = (
        "game bluemoon\n"
        'card "Gag" support: "Your special power texts are ignored."\n'
        'card "Talker" character (fire 1): "You may not play support cards."\n'
        'I have active "Gag"\n'
        'you have active "Talker"\n'
        "it is my turn\n"
    )
    situation = parse_situation(text, "case.rq")
    timeline = Timeline(situation)
    state = timeline.read([item for item in situation.items if isinstance(item, Fact)])
    talker = state.find("Talker")
    assert talker is not None
    first = Forces(state).in_force(talker)
    assert first == []  # "Gag" ignores it
    assert Forces(state).in_force(talker, in_hand=True) == []
    forked = timeline.fork().state
    copy = forked.find("Talker")
    assert copy is not None and copy is not talker
    gag = forked.find("Gag")
    assert gag is not None
    gag.active = False  # in the fork only: nothing ignores the copy's text any more
    found = Forces(forked).in_force(copy)
    assert [s.card for s in found] == [copy]  # the copy's own effect, not the original's
    assert Forces(state).in_force(talker) == []  # the original reading is as it was
