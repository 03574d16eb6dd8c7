"""Blue Moon ships: loading, loading by a card's text, landing, cards played from landed ships.

Invented situations in the shapes of the FAQ's ship questions, with other (mostly inline) cards, so
that the rules are seen to generalise.
"""

from __future__ import annotations

from rulesq.engine import Answer, evaluate
from rulesq.engine.verdict import YesNo
from rulesq.situation import parse_situation

SHIP = 'card "Test Ship" ship (capacity 2): ""\n'
PLAIN = (
    'card "Plain Hero" character: ""\ncard "Plain Aid" support: ""\ncard "Other Aid" support: ""\n'
)


def answers(body: str) -> list[Answer]:
    """Every answer of a Blue Moon situation."""
    return evaluate(parse_situation("game bluemoon\n" + body, "case.rq"))


def verdicts(body: str) -> list[bool | None]:
    """The yes/no verdicts of a situation's questions, in order."""
    out: list[bool | None] = []
    for reply in answers(body):
        out.append(reply.verdict.value if isinstance(reply.verdict, YesNo) else None)
    return out


def cited(reply: Answer) -> list[str]:
    return [c["clause_id"] for c in reply.citations()]


BOOSTER_PHASE = """it is my turn
I have "Test Ship" in my influence area
I have in hand "Plain Hero", "Plain Aid", "Other Aid"
phase Character
I play "Plain Hero"
phase Booster/Support
"""


# ---------------------------------------------------------------------------- loading
def test_load_instead_of_a_support_card_and_only_once() -> None:
    """One load in the Booster/Support phase, instead of the turn's support card."""
    body = (
        SHIP
        + PLAIN
        + BOOSTER_PHASE
        + """
ask can I load "Plain Aid" onto "Test Ship"?
I load "Plain Aid" onto "Test Ship"
ask can I load "Other Aid" onto "Test Ship"?
ask can I play "Other Aid"?
"""
    )
    assert verdicts(body) == [True, False, False]
    first = answers(body)[0]
    assert "bluemoon/bi-rulesheet/loading-a-ship/instead-of-support" in cited(first)


def test_capacity_limits_loading() -> None:
    """A ship holding as many cards as its capacity takes no more."""
    body = (
        SHIP
        + PLAIN
        + 'card "Third Aid" support: ""\n'
        + """
"Test Ship" holds "Third Aid", "Other Aid"
"""
        + BOOSTER_PHASE
        + 'ask can I load "Plain Aid" onto "Test Ship"?\n'
    )
    reply = answers(body)[0]
    assert reply.verdict == YesNo(False)
    assert "bluemoon/bi-rulesheet/loading-a-ship/capacity" in cited(reply)


def test_no_loading_onto_a_landed_ship_nor_outside_booster_support() -> None:
    """Loading is onto ships in the influence area, in the Booster/Support phase."""
    landed = (
        SHIP
        + PLAIN
        + """it is my turn
I have "Test Ship" in my influence area
I have in hand "Plain Aid"
phase Beginning of Turn
I land "Test Ship"
phase Booster/Support
ask can I load "Plain Aid" onto "Test Ship"?
"""
    )
    early = (
        SHIP
        + PLAIN
        + """it is my turn
I have "Test Ship" in my influence area
I have in hand "Plain Aid"
phase Character
ask can I load "Plain Aid" onto "Test Ship"?
"""
    )
    assert verdicts(landed) == [False]
    assert verdicts(early) == [False]


def test_only_character_booster_and_support_cards_load() -> None:
    """A leadership card is not loaded."""
    body = (
        SHIP
        + PLAIN
        + 'card "Some Order" leadership: ""\n'
        + """it is my turn
I have "Test Ship" in my influence area
I have in hand "Some Order", "Plain Hero"
phase Booster/Support
ask can I load "Some Order" onto "Test Ship"?
ask can I load "Plain Hero" onto "Test Ship"?
"""
    )
    assert verdicts(body) == [False, True]


def test_prevention_only_when_no_support_card_could_be_played() -> None:
    """A prohibition on some support cards does not stop loading; on all of them it does."""
    some = 'card "Gag" support: "You may not play cards that do not have special power text."\n'
    other = 'card "Muzzle" support: "You may not play cards that have special power text."\n'
    ask = 'ask can I load "Plain Aid" onto "Test Ship"?\n'
    one = SHIP + PLAIN + some + 'you have active "Gag"\n' + BOOSTER_PHASE + ask
    both = SHIP + PLAIN + some + other + 'you have active "Gag", "Muzzle"\n' + BOOSTER_PHASE + ask
    reply = answers(one)[0]
    assert reply.verdict == YesNo(True)
    assert "bluemoon/rules/load-prevention-complete" in cited(reply)
    refused = answers(both)[0]
    assert refused.verdict == YesNo(False)
    assert refused.decided_by == "you may not"


def test_an_additional_support_card_allows_a_second_load() -> None:
    """With a text allowing one additional support card, two loads."""
    extra = 'card "Spare Crate" support: "On my turn, I may play one additional support card."\n'
    body = (
        SHIP
        + PLAIN
        + extra
        + 'I have active "Spare Crate"\n'
        + BOOSTER_PHASE
        + """
I load "Plain Aid" onto "Test Ship"
ask can I load "Other Aid" onto "Test Ship"?
"""
    )
    assert verdicts(body) == [True]


# ---------------------------------------------------------------------------- loading by text
LOADER = 'card "Loader" ship (capacity 2): "Now I may load one card from my hand onto this ship."\n'


def test_a_ship_text_loads_now_and_beyond_the_allowance() -> None:
    """The ship's own "Now I may load" works when played, once, and leaves the usual load."""
    body = (
        LOADER
        + PLAIN
        + """it is my turn
I have in hand "Loader", "Plain Hero", "Plain Aid", "Other Aid"
phase Leadership
I play "Loader"
ask can I load "Plain Aid" onto "Loader"?
I load "Plain Aid" onto "Loader"
ask can I load "Other Aid" onto "Loader"?
phase Character
I play "Plain Hero"
phase Booster/Support
ask can I load "Other Aid" onto "Loader"?
"""
    )
    assert verdicts(body) == [True, False, True]
    assert answers(body)[0].decided_by == "card text"


def test_an_ignored_ship_text_loads_nothing() -> None:
    """With the ship's text ignored, nothing is loaded when it is played."""
    gas = 'card "Fog" support: "Your special power texts are ignored."\n'
    body = (
        LOADER
        + PLAIN
        + gas
        + """you have active "Fog"
it is my turn
I have in hand "Loader", "Plain Aid"
phase Leadership
I play "Loader"
ask can I load "Plain Aid" onto "Loader"?
"""
    )
    reply = answers(body)[0]
    assert reply.verdict == YesNo(False)
    assert reply.decided_by == "ignore"


def test_a_ship_text_loads_even_when_support_cards_are_forbidden() -> None:
    """The prevention rule concerns loading in the Booster/Support phase only."""
    ban = 'card "Ban" support: "You may not play support cards."\n'
    body = (
        LOADER
        + PLAIN
        + ban
        + """you have active "Ban"
it is my turn
I have in hand "Loader", "Plain Aid"
phase Leadership
I play "Loader"
ask can I load "Plain Aid" onto "Loader"?
"""
    )
    reply = answers(body)[0]
    assert reply.verdict == YesNo(True)
    assert "bluemoon/rules/load-prevention-booster-support" in cited(reply)


# ---------------------------------------------------------------------------- landing
def test_landing_in_the_beginning_of_turn_phase_only() -> None:
    """Ships land in the Beginning of Turn phase; a prohibition on playing does not stop it."""
    ban = 'card "Hush" support: "You may not play cards that have special power text."\n'
    body = (
        LOADER
        + ban
        + """you have active "Hush"
it is my turn
I have "Loader" in my influence area
phase Beginning of Turn
ask can I land "Loader"?
phase Character
ask can I land "Loader"?
"""
    )
    first, second = answers(body)
    assert (first.verdict, second.verdict) == (YesNo(True), YesNo(False))
    assert "bluemoon/bi-rulesheet/ships/three-actions" in cited(first)


def test_a_ship_played_this_turn_does_not_land() -> None:
    """Played in the Leadership phase, a ship cannot be landed that turn."""
    body = (
        SHIP
        + """it is my turn
I have in hand "Test Ship"
phase Leadership
I play "Test Ship"
ask can I land "Test Ship"?
"""
    )
    reply = answers(body)[0]
    assert reply.verdict == YesNo(False)
    assert "bluemoon/rules/ship-actions-in-a-turn" in cited(reply)


def test_landed_ship_discarded_with_its_cargo_before_announcing() -> None:
    """Announcing power discards the landed ship and the cards left on it."""
    body = (
        SHIP
        + PLAIN
        + """it is my turn
I have "Test Ship" in my influence area
"Test Ship" holds "Plain Hero", "Plain Aid"
phase Beginning of Turn
I land "Test Ship"
phase Character
I play "Plain Hero"
I announce my total power
ask is "Test Ship" in my discard pile?
ask is "Plain Aid" in my discard pile?
ask is "Plain Hero" in my discard pile?
"""
    )
    assert verdicts(body) == [True, True, False]


# ---------------------------------------------------------------------------- FREE from a ship
def test_buka_characters_are_free_from_a_landed_ship_only() -> None:
    """A Buka character from a landed ship does not count; from hand, or a non-Buka one, does."""
    from_ship = (
        SHIP
        + PLAIN
        + """it is my turn
I have "Test Ship" in my influence area
"Test Ship" holds "Plain Hero", "Quartermaster Kura Ko"
phase Beginning of Turn
I land "Test Ship"
phase Character
I play "Plain Hero"
ask can I play "Quartermaster Kura Ko"?
"""
    )
    from_hand = (
        PLAIN
        + """"Quartermaster Kura Ko" has no FREE icon
it is my turn
I have in hand "Plain Hero", "Quartermaster Kura Ko"
phase Character
I play "Plain Hero"
ask can I play "Quartermaster Kura Ko"?
"""
    )
    reply = answers(from_ship)[0]
    assert reply.verdict == YesNo(True)
    assert "bluemoon/rules/free-from-ship" in cited(reply)
    assert verdicts(from_hand) == [False]


def test_a_buka_character_played_first_from_a_ship_leaves_the_one_character() -> None:
    """The FREE play does not use up the turn's one character card."""
    body = (
        SHIP
        + PLAIN
        + 'card "Second Hero" character: ""\n'
        + """it is my turn
I have "Test Ship" in my influence area
"Boatswain Mena Marn" has no STOP icon
"Test Ship" holds "Boatswain Mena Marn", "Plain Hero"
phase Beginning of Turn
I land "Test Ship"
phase Character
I play "Boatswain Mena Marn"
ask can I play "Plain Hero"?
"""
    )
    assert verdicts(body) == [True]


def test_loading_any_card_needs_a_card_to_load() -> None:
    """With an empty hand nothing is loaded; a card not among a known hand is not loaded."""
    empty = (
        SHIP
        + PLAIN
        + """it is my turn
I have "Test Ship" in my influence area
phase Booster/Support
I have 0 cards in hand
ask can I load a card onto "Test Ship"?
"""
    )
    known = (
        SHIP
        + PLAIN
        + """it is my turn
I have "Test Ship" in my influence area
my hand holds only "Plain Aid"
phase Booster/Support
ask can I load "Other Aid" onto "Test Ship"?
ask can I load a card onto "Test Ship"?
"""
    )
    assert verdicts(empty) == [False]
    assert verdicts(known) == [False, True]
