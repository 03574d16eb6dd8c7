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
