"""Each Blue Moon effect class declares the fields the judge follows; a set field it does not
follow makes an answer resting on the effect *cannot answer* (one check, in the claims)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import INVENTED
from test_invented_cases import disagreements

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.cards import CardInfo
from rulesq.games.bluemoon.judge.claims import Stance, effect_claim, ignore_claim
from rulesq.games.bluemoon.judge.forces import Source
from rulesq.games.bluemoon.judge.state import Instance, Zone
from rulesq.games.bluemoon.parser import parse_card_text
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import Role

CLASSES = sorted(
    (
        c
        for c in vars(fx).values()
        if isinstance(c, type) and issubclass(c, fx.BlueMoonEffect) and c is not fx.BlueMoonEffect
    ),
    key=lambda c: c.__name__,
)

#: One parsed sentence of each effect class (the grammar's own reading of it).
EXAMPLES: dict[type[fx.BlueMoonEffect], str] = {
    fx.MustToPlay: "I must discard one card from my hand to play this card.",
    fx.PlayCondition: "I may only play this card if I am attacked by at least 5 Earth.",
    fx.InterferenceTrigger: (
        "I may play this card when you play a Leadership phase card: "
        "Your card is cancelled and discarded."
    ),
    fx.PlayAsIf: "I may play this card as if it had the FREE icon.",
    fx.PlayWithoutPushing: (
        "I may play this card into my combat area without pushing the "
        "previously active cards under it."
    ),
    fx.ElementChange: "The contested element of the fight changes to Fire.",
    fx.Prohibition: "You may not attract dragons.",
    fx.SelfRestriction: "During this fight, I may not play further character cards.",
    fx.Ignore: "Your support cards are ignored.",
    fx.NotSelectable: "Some Rival may not be selected.",
    fx.NoEffectIfOpposed: "(This card has no effect if opposed by Some Rival.)",
    fx.ValueChange: "My total power in Earth increases to 7.",
    fx.PlayPermission: "On my turn, I may play any number of support cards.",
    fx.NextPlayedAsIf: (
        "The next character/booster/support card I play on this turn is "
        "treated as if it had the FREE icon."
    ),
    fx.Obligation: "You must discard one card from your hand.",
    fx.ActionEffect: "Now I may discard one of your active booster cards.",
    fx.DragonModifier: "If I retreat now, you attract no more than one dragon.",
    fx.ScoreModifier: "If I win the game, I receive one additional crystal.",
    fx.AttackAgain: "My active cards attack again.",
    fx.EndTurn: "Your turn ends immediately.",
}

#: A value, off the field's default, for each field a class declares not followed.
UNFOLLOWED_VALUES: dict[tuple[type[fx.BlueMoonEffect], str], object] = {
    (fx.ElementChange, "when"): When(W.END_OF_TURN, Role.CONTROLLER),
    (fx.ElementChange, "condition"): parse_card_text("If I retreat, you may not attract dragons.")
    .effects[0]
    .condition,  # type: ignore[attr-defined]
    (fx.NextPlayedAsIf, "who"): Role.OPPONENT,
}


def _parsed(cls: type[fx.BlueMoonEffect]) -> fx.BlueMoonEffect:
    if cls is fx.CancelCard:
        trigger = _parsed(fx.InterferenceTrigger)
        assert isinstance(trigger, fx.InterferenceTrigger)
        inner = trigger.effects[0]
        assert isinstance(inner, fx.CancelCard)
        return inner
    (effect,) = parse_card_text(EXAMPLES[cls]).effects
    assert type(effect) is cls, f"{EXAMPLES[cls]!r} reads as {effect!r}"
    return effect


def _source(effect: fx.BlueMoonEffect) -> Source:
    card = Instance(
        1,
        CardInfo(name="Some Card", kind="character", text=effect.render()),
        "me",
        Zone.COMBAT,
        active=True,
        seq=1,
    )
    return Source(card, effect, 0)


def _not_followed(cls: type[fx.BlueMoonEffect]) -> set[str]:
    return {f.name for f in dataclasses.fields(cls) if f.compare} - cls.FOLLOWED


def test_every_class_declares_its_followed_fields() -> None:
    """Each class says FOLLOWED itself, naming only its own fields; every class has an example."""
    for cls in CLASSES:
        assert "FOLLOWED" in vars(cls), f"{cls.__name__} does not declare FOLLOWED"
        names = {f.name for f in dataclasses.fields(cls) if f.compare}
        assert cls.FOLLOWED <= names, f"{cls.__name__}: {cls.FOLLOWED - names}"
        assert cls in EXAMPLES or cls is fx.CancelCard


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_a_parsed_example_claims(cls: type[fx.BlueMoonEffect]) -> None:
    """The example of each class sets nothing unfollowed: it claims (and an ignore ignores)."""
    source = _source(_parsed(cls))
    assert effect_claim(Stance.PERMIT, source, "it says so").source is source
    if cls is fx.Ignore:
        assert ignore_claim(source).source is source


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_each_unfollowed_field_set_is_cannot_answer(cls: type[fx.BlueMoonEffect]) -> None:
    """Setting each field the class does not follow on its example is cannot answer, naming it.

    A class whose fields are all followed says so here (no unfollowed field, no value given).
    """
    unfollowed = _not_followed(cls)
    given = {name for (owner, name) in UNFOLLOWED_VALUES if owner is cls}
    assert unfollowed == given, f"{cls.__name__}: give a value for each unfollowed field"
    example = _parsed(cls)
    for name in sorted(unfollowed):
        changed = dataclasses.replace(example, **{name: UNFOLLOWED_VALUES[cls, name]})
        assert changed.unfollowed() == (name,)
        with pytest.raises(CannotAnswer, match=rf"{cls.__name__}\.{name}"):
            effect_claim(Stance.PERMIT, _source(changed), "it says so")


def test_the_typed_readers_agree_with_the_fields() -> None:
    """time_of and condition_of read the class's own fields, and None for a class without."""
    change = dataclasses.replace(
        _parsed(fx.ElementChange), when=UNFOLLOWED_VALUES[fx.ElementChange, "when"]
    )
    assert fx.time_of(change) == change.when
    assert fx.condition_of(change) is None
    assert fx.time_of(_parsed(fx.AttackAgain)) is None
    assert fx.condition_of(_parsed(fx.PlayCondition)) is not None
    assert fx.scope_of(_parsed(fx.Ignore)) is fx.Scope.CARDS
    assert fx.scope_of(_parsed(fx.Prohibition)) is None


@pytest.mark.parametrize(
    ("cls", "name", "case"),
    [
        (fx.Prohibition, "condition", "fields/a-call-prohibition-checks-its-condition-2.rq"),
        (fx.Prohibition, "when", "fields/a-call-prohibition-checks-its-time-2.rq"),
    ],
)
def test_declaring_a_followed_field_unfollowed_turns_a_case(
    cls: type[fx.BlueMoonEffect], name: str, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check carries weight: drop a field from FOLLOWED and an invented case that agreed
    turns cannot answer, naming the field."""
    path = Path(INVENTED, case)
    assert disagreements(path) == []
    monkeypatch.setattr(cls, "FOLLOWED", cls.FOLLOWED - {name})
    problems = disagreements(path)
    assert problems and all("cannot-answer" in p for p in problems), problems
    assert any(f"{cls.__name__}.{name}" in p for p in problems), problems
