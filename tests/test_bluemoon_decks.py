"""Blue Moon judge: deck building (Advanced Rules) on other peoples, costs and inquisitors."""

from __future__ import annotations

import pytest

from rulesq.engine.check import check_situation
from rulesq.engine.expect import Result
from rulesq.games.bluemoon.judge.cards import CardInfo
from rulesq.games.bluemoon.judge.decks import people_of
from rulesq.situation import parse_situation


def verdicts(text: str) -> list[tuple[Result, str]]:
    """Each question's result and details."""
    checked = check_situation(parse_situation("game bluemoon\n" + text))
    return [(q.result, "; ".join(o.detail for o in q.outcomes)) for q in checked.questions]


def assert_agrees(text: str) -> None:
    """Every question of the situation gets its expected answer."""
    found = verdicts(text)
    assert found and all(r is Result.AGREE for r, _ in found), found


def test_own_people_free_other_peoples_paid() -> None:
    """A card of the deck's people is free wherever it ships; other peoples' cards cost moons."""
    assert_agrees(
        "my deck is an Aqua deck\n"
        'my deck has 1 "Heroine of the Great Plains", 1 "Flash the Incendiary"\n'
        "ask how many moons does my deck use?\nexpect 4\n"
    )
    assert_agrees(
        "my deck is a Mimix deck\n"
        'my deck has 1 "Heroine of the Great Plains", 1 "Flash the Incendiary"\n'
        "ask how many moons does my deck use?\nexpect 2\n"
    )


def test_moon_cost_from_the_situation_and_the_moon_limit() -> None:
    """Moons given in the situation count; a card that would pass the limit cannot be added."""
    assert_agrees(
        "my deck is an Aqua deck\n"
        'my deck has 1 "Blaze" (moons 4), 1 "Spark" (moons 4)\n'
        'ask can I add "Tittertweet" (moons 3) to my deck?\nexpect no\n'
        'ask can I add "Man-shu-Ran" (moons 0) to my deck?\nexpect yes\n'
    )


def test_unknown_moon_cost_cannot_be_answered() -> None:
    """A card of another people whose moons the sources never give: cannot answer."""
    found = verdicts(
        'card "Mystery" character: ""\nmy deck is an Aqua deck\n'
        'my deck has 1 "Mystery"\nask how many moons does my deck use?\nexpect 0\n'
    )
    assert [r for r, _ in found] == [Result.CANNOT]


def test_one_copy_of_each_card() -> None:
    """Only one copy of each card per deck; the other player's deck does not count."""
    assert_agrees(
        'my deck is a Flit deck\nyour deck has 1 "Blaze" (moons 2)\n'
        'ask can I add "Blaze" to my deck?\nexpect yes\n'
        'my deck has 1 "Blaze"\nask can I add "Blaze" to my deck?\nexpect no\n'
    )


@pytest.mark.parametrize(
    ("inquisitor", "cards", "moons"),
    [
        (None, 30, 10),
        ("Grease-Palm Royal Minister", 40, 25),
        ("Weave-Tongue Royal Councilor", 45, 20),
    ],
)
def test_inquisitor_adds_cards_and_moons(inquisitor: str | None, cards: int, moons: int) -> None:
    """The leader's 30 cards and 10 moons, plus what the inquisitor adds."""
    line = f'my inquisitor is "{inquisitor}"\n' if inquisitor else ""
    assert_agrees(
        "my deck is a Hoax deck\n"
        'my leader is "Xelethotiras Genius of the Hoax"\n'
        + line
        + f"ask how many cards must my deck hold?\nexpect {cards}\n"
        f"ask how many moons may my deck use?\nexpect {moons}\n"
    )


def test_a_card_marked_for_a_people_belongs_to_it() -> None:
    """A promotional card marked for a people ("Promo/Buka") is that people's card."""
    assert people_of(CardInfo(name="x", kind="ship", people="Promo/Buka")) == "Buka"
    assert people_of(CardInfo(name="x", kind="support", people="Promo")) == "Promo"
    assert people_of(CardInfo(name="x", kind="support")) is None
