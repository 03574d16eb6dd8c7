"""The Blue Moon judge on invented cards: ignoring, PROTECTED, values and the limits of a turn.

Every card here is defined inline with words of the same shapes as real card texts but other
names, types, numbers and icons, so a rule that only worked for the FAQ's cards would fail.
"""

from __future__ import annotations

import pytest

from rulesq.engine import Status, evaluate
from rulesq.engine.dispatch import answer_question
from rulesq.errors import InputError
from rulesq.games import get_game
from rulesq.situation import parse_situation


def answers(body: str) -> list[tuple[str, str]]:
    """(verdict, status) for each question of a Blue Moon situation."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    return [((a.verdict.show() if a.verdict else "-"), a.status.key) for a in evaluate(situation)]


def verdicts(body: str) -> list[str]:
    """The verdict of each question."""
    return [verdict for verdict, _ in answers(body)]


# ---------------------------------------------------------------------- ignoring
def test_an_ignore_effect_spares_the_cards_its_exception_names() -> None:
    """Text "except on Owl character cards": an Owl character's text stays, another's is ignored."""
    body = """
card "Hush Owl" character: "Your special power texts are ignored, except on Owl character cards."
card "Night Owl" character: "You may not play booster cards."
card "Grey Wolf" character: "You may not play support cards."
I have active "Hush Owl"
you have active "Night Owl", "Grey Wolf"
ask is the special power text of "Night Owl" ignored?
ask is the special power text of "Grey Wolf" ignored?
"""
    assert verdicts(body) == ["no", "yes"]


def test_an_ignored_ignorer_ignores_nothing() -> None:
    """The fixed point: an ignore effect whose own text is ignored does not apply."""
    body = """
card "Hush Owl" character: "Your special power texts are ignored, except on Owl character cards."
card "Loud Owl" support: "Your special power texts are ignored, except on Owl character cards."
card "Grey Wolf" character: "You may not play support cards."
you have active "Hush Owl"
I have active "Loud Owl", "Grey Wolf"
ask is the special power text of "Loud Owl" ignored?
ask is the special power text of "Hush Owl" ignored?
ask is the special power text of "Grey Wolf" ignored?
"""
    # Loud Owl is a support card, not an Owl *character* card: Hush Owl ignores it, so
    # Loud Owl's own ignoring never applies and Hush Owl keeps its text.
    assert verdicts(body) == ["yes", "no", "yes"]


def test_two_cards_ignoring_each_other_are_a_conflict_not_a_guess() -> None:
    """Neither ignore effect can be decided by the ladder: the answer says so."""
    body = """
card "Mute Crow" character: "Your special power texts are ignored."
card "Mute Frog" support: "Your special power texts are ignored."
I have active "Mute Crow"
you have active "Mute Frog"
ask is the special power text of "Mute Frog" ignored?
"""
    assert answers(body) == [("-", Status.CONFLICT.key)]


def test_protected_cards_are_not_ignored_by_opposing_cards() -> None:
    """A PROTECTED card in play is immune to the opponent's ignoring (ladder step ignore)."""
    body = """
card "Mute Crow" character: "Your special power texts are ignored."
card "Stone Guard" character (PROTECTED): "You may not play booster cards."
card "Soft Guard" character: "You may not play booster cards."
I have active "Mute Crow"
you have active "Stone Guard", "Soft Guard"
ask is the special power text of "Stone Guard" ignored?
ask is the special power text of "Soft Guard" ignored?
"""
    assert verdicts(body) == ["no", "yes"]


def test_ignoring_icons_removes_protection() -> None:
    """An effect ignoring icons ignores PROTECTED too, and then text ignoring reaches the card."""
    body = """
card "Mute Crow" character: "Your special power texts are ignored."
card "Blind Bat" support: "Your icons are ignored, except STOP."
card "Stone Guard" character (PROTECTED): "You may not play booster cards."
I have active "Mute Crow", "Blind Bat"
you have active "Stone Guard"
ask is the PROTECTED icon of "Stone Guard" effective?
ask is the special power text of "Stone Guard" ignored?
"""
    assert verdicts(body) == ["no", "yes"]


def test_i_must_text_is_never_ignored() -> None:
    """Text "I must" outranks ignoring."""
    body = """
card "Mute Crow" character: "Your special power texts are ignored."
card "Hungry Imp" character: "I must discard one card from my hand to play this card."
you have active "Mute Crow"
I play "Hungry Imp"
ask is the special power text of "Hungry Imp" ignored?
"""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    (answer,) = evaluate(situation)
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert answer.decided_by == "I must"


def test_no_effect_if_opposed_switches_both_copies_off() -> None:
    """Text "This card has no effect if opposed by X": two copies of X switch each other off."""
    horn = "Your special power texts are ignored. (This card has no effect if opposed by Fog Horn.)"
    body = f"""
card "Fog Horn" support: "{horn}"
card "Grey Wolf" character: "You may not play support cards."
I have active "Fog Horn", "Grey Wolf"
you have active "Fog Horn"
ask does the special power text of "Fog Horn" take effect?
ask is the special power text of "Grey Wolf" ignored?
"""
    assert verdicts(body) == ["no", "no"]


def test_a_leadership_ignore_lasts_only_its_turn() -> None:
    """Text "On this turn, your special power texts are ignored" ends with the turn."""
    body = """
card "Quiet Hour" leadership: "On this turn, your special power texts are ignored."
card "Grey Wolf" character: "You may not play support cards."
you have active "Grey Wolf"
it is my turn
I play "Quiet Hour"
ask is the special power text of "Grey Wolf" ignored?
my turn ends
it is your turn
ask is the special power text of "Grey Wolf" ignored?
"""
    assert verdicts(body) == ["yes", "no"]


# ---------------------------------------------------------------------- values
@pytest.mark.parametrize(
    ("texts", "fire", "earth", "element", "expected"),
    [
        # an increase and a doubling: the order that maximises (increase first)
        (
            [
                "The values of one of my character cards increase to 4.",
                "The values of one of my character cards double.",
            ],
            1,
            1,
            "fire",
            8,
        ),
        # printed-value effects apply first: halving is not offered, doubling 0 gives 0
        (["The values of one of my character cards double."], 3, 2, "fire", 6),
        # an "increase to" never lowers a value
        (["The Earth value of one of my character cards increases to 2."], 1, 5, "earth", 5),
        # the sum of the printed values
        (
            [
                "The values of one of my character cards increase to the sum of its printed Fire "
                "value + its printed Earth value."
            ],
            2,
            3,
            "earth",
            5,
        ),
    ],
)
def test_value_order(texts: list[str], fire: int, earth: int, element: str, expected: int) -> None:
    """Special Rule 7: increases in the order that maximises."""
    cards = "\n".join(f'card "Charm {i}" booster: "{t}"' for i, t in enumerate(texts))
    names = ", ".join(f'"Charm {i}"' for i in range(len(texts)))
    body = f"""
{cards}
card "Plain Hero" character (fire {fire}, earth {earth}): ""
element {element}
I have active "Plain Hero", {names}
ask what is my total power?
"""
    assert verdicts(body) == [str(expected)]


def test_opposing_printed_value_reduction_spares_protected_cards() -> None:
    """Text "The odd printed values of your character cards reduce to 0": not a PROTECTED card's."""
    body = """
card "Odd Cat" character: "The odd printed values of your character cards reduce to 0."
card "Shell Hero" character (fire 3, earth 2, PROTECTED): ""
card "Bare Hero" character (fire 3, earth 2, FREE): ""
element fire
you have active "Odd Cat"
I have active "Shell Hero", "Bare Hero"
ask what is my total power?
"""
    assert verdicts(body) == ["3"]


def test_total_power_increase_applies_last_and_never_lowers() -> None:
    """Text "My total power in Earth increases to 6" after the sum; only in earth."""
    body = """
card "Earth Tide" booster: "My total power in Earth increases to 6."
card "Plain Hero" character (fire 2, earth 4): ""
I have active "Plain Hero", "Earth Tide"
ask what is my total power in earth?
ask what is my total power in fire?
"""
    assert verdicts(body) == ["6", "2"]


def test_an_open_choice_that_changes_the_total_is_not_guessed() -> None:
    """Two characters and "one of my character cards doubles": the player chooses."""
    body = """
card "Twin Lens" booster: "The Fire value of one of my character cards doubles."
card "Big Hero" character (fire 4, earth 1, FREE): ""
card "Small Hero" character (fire 1, earth 1): ""
element fire
I have active "Big Hero", "Small Hero", "Twin Lens"
ask what is my total power?
I apply "Twin Lens" to "Small Hero"
ask what is my total power?
"""
    assert answers(body) == [("-", Status.CANNOT.key), ("6", Status.DEFINITE.key)]


def test_an_unknown_character_value_is_cannot_answer() -> None:
    """A character whose value the situation does not give: no total power."""
    body = """
card "Vague Hero" character: ""
element fire
I have active "Vague Hero"
ask what is my total power?
"""
    assert answers(body) == [("-", Status.CANNOT.key)]


UNREAD_QUESTIONS = [
    'ask can I play "Plain Boots"?',
    "ask can I play a support card?",
    "ask what is my total power?",
    'ask is the special power text of "Odd Omen" ignored?',
    "ask how many dragons do I attract?",
]


@pytest.mark.parametrize("question", UNREAD_QUESTIONS)
def test_an_unread_sentence_in_play_means_cannot_answer(question: str) -> None:
    """A sentence rulesq cannot read may bear on any question: no confident verdict."""
    body = f"""
card "Odd Omen" support: "When the tide is low, you may not play boosters on Fridays."
card "Plain Boots" booster (fire 1, earth 1): ""
element fire
I have active "Steady Hero" (fire 2, earth 2)
card "Steady Hero" character: ""
you have active "Odd Omen"
{question}
"""
    assert answers(body) == [("-", Status.CANNOT.key)]


def test_an_unread_sentence_on_the_card_asked_about_means_cannot_answer() -> None:
    """The card in hand whose play condition rulesq cannot read: no verdict on playing it."""
    body = """
card "Odd Boots" booster: "I may only play this card under a waning crescent."
ask can I play "Odd Boots"?
"""
    assert answers(body) == [("-", Status.CANNOT.key)]


# ---------------------------------------------------------------------- playing cards
PLAIN = """
card "Hero A" character: ""
card "Hero B" character: ""
card "Free Hero" character (FREE): ""
card "Pack Leader" character (GANG): ""
card "PackRunner" character (GANG): ""
card "Twin Left" character (PAIR): ""
card "Twin Right" character (PAIR): ""
card "Stopper" character (STOP): ""
card "Gear" booster: ""
card "Banner" support: ""
"""


@pytest.mark.parametrize(
    ("played", "asked", "expected"),
    [
        ([], '"Hero A"', "yes"),
        (['"Hero A"'], '"Hero B"', "no"),  # one character card a turn
        (['"Hero A"'], '"Free Hero"', "yes"),  # FREE does not count
        (['"Free Hero"'], '"Hero A"', "yes"),
        (['"Hero A"'], '"Twin Left"', "no"),
        ([], '"Twin Left" and "Twin Right" together', "yes"),  # a pair counts as one
        (['"Stopper"'], '"Free Hero"', "no"),  # STOP ends the card play
        (['"Free Hero"'], '"Stopper"', "yes"),
        (['"Hero A"', '"Gear"'], '"Banner"', "no"),  # one booster or support card
        (['"Hero A"'], '"Gear"', "yes"),
    ],
)
def test_limits_of_a_turn(played: list[str], asked: str, expected: str) -> None:
    """The one-character and one-booster-or-support limits, FREE, PAIR and STOP."""
    # a play reaches its phase; with none, the question is asked in the Character phase
    plays = "\n".join(f"I play {p}" for p in played) or "phase Character"
    body = f"{PLAIN}\nit is my turn\n{plays}\nask can I play {asked}?\n"
    assert verdicts(body) == [expected]


def test_a_gang_joins_only_an_all_gang_combat_area() -> None:
    """A GANG card joins active cards of its gang; a booster on top interrupts the gang."""
    body = f"""{PLAIN}
I have active "PackRunner"
it is my turn
phase Character
ask can I play "Pack Leader"?
I play "Pack Leader"
ask is "PackRunner" active?
"""
    assert verdicts(body) == ["yes", "yes"]
    interrupted = f"""{PLAIN}
I have active "PackRunner", "Gear"
it is my turn
I play "Pack Leader"
ask is "PackRunner" active?
"""
    assert verdicts(interrupted) == ["no"]


def test_no_booster_or_support_on_the_first_turn_of_a_fight() -> None:
    """The starting player plays neither, unless a card text allows one."""
    body = f"""{PLAIN}
card "Extra Hand" character: "On my turn, I may play one additional support card."
it is the first turn of the fight
it is my turn
I play "Hero A"
ask can I play "Gear"?
"""
    assert verdicts(body) == ["no"]
    allowed = body.replace('I play "Hero A"', 'I play "Extra Hand"').replace(
        'ask can I play "Gear"?', 'ask can I play "Banner"?'
    )
    assert verdicts(allowed) == ["yes"]


def test_a_prohibition_beats_a_permission() -> None:
    """Text "You may not play booster cards" against "I may play any number of booster cards"."""
    body = """
card "Gear Ban" support: "You may not play booster cards."
card "Gear Rush" leadership: "On this turn, I may play any number of booster cards."
you have active "Gear Ban"
it is my turn
I play "Gear Rush"
ask can I play a booster card?
"""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n")
    (answer,) = evaluate(situation)
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert answer.decided_by == "you may not"
    beaten = answer.graph.alternatives()
    assert beaten and "Gear Rush" in beaten[0][0]["label"]


def test_a_play_condition_is_read_in_hand_and_can_be_ignored() -> None:
    """Text "I may only play this card if …" stops the play unless the card's text is ignored."""
    picky = (
        "I may only play this card if you have at least three active "
        "character/booster/support cards."
    )
    body = f"""
card "Picky Mutant" mutant (STOP): "{picky}"
card "Hero A" character: ""
card "Mute Crow" character: "Your special power texts are ignored."
you have active "Hero A"
your combat and support areas hold no other cards
it is my turn
phase Character
ask can I play "Picky Mutant"?
"""
    assert verdicts(body) == ["no"]
    ignored = body.replace('you have active "Hero A"', 'you have active "Hero A", "Mute Crow"')
    situation = parse_situation("game bluemoon\n" + ignored.strip() + "\n")
    (answer,) = evaluate(situation)
    assert answer.verdict is not None and answer.verdict.show() == "yes"
    assert answer.decided_by == "ignore"


def test_a_card_covered_by_a_new_character_is_inactive() -> None:
    """The first character card of a later turn covers the earlier cards."""
    body = f"""{PLAIN}
I have active "Hero A", "Gear"
it is my turn
I play "Hero B"
ask is "Hero A" active?
ask is "Gear" active?
ask is "Hero B" active?
"""
    assert verdicts(body) == ["no", "no", "yes"]


def test_a_card_whose_text_the_sources_never_quote_is_a_stated_assumption() -> None:
    """Taking an unquoted text as none is an assumption, shown even in the short answer."""
    from rulesq.render.text import render_answer

    situation = parse_situation(
        "game bluemoon\nelement fire\n"
        'I have active "Speedius Unnecessarius"\n'
        "my combat and support areas hold no other cards\n"
        "my influence area holds no other cards\n"
        "ask what is my total power?\n"
    )
    [answer] = evaluate(situation)
    assert answer.graph.assumptions() == [
        'the sources quote no special power text for "Speedius Unnecessarius": it is taken to '
        "have none"
    ]
    assert "  assumes: the sources quote no special power text" in render_answer(answer)


def test_icons_the_sources_never_give_are_an_assumption_where_they_are_read() -> None:
    """“Your cards with icons are ignored” against a card of unknown icons: say it is assumed.

    Any icon would change that verdict, so the judge asks for the icons; asked again without
    that check, the verdict rests on the assumption and shows it.
    """
    hater = 'card "Icon Hater" character: "Your cards with icons are ignored."\n'
    situation = parse_situation(
        f'game bluemoon\n{hater}you have active "Icon Hater"\nI have active "Laughing Gas"\n'
        'ask is "Laughing Gas" ignored?\n'
    )
    [asked] = evaluate(situation)
    assert asked.verdict is None
    assert asked.reason.startswith('which icons "Laughing Gas" has decides the answer')
    ignored = answer_question(
        situation, situation.questions[0], get_game("bluemoon"), recheck_defaults=False
    )
    assert ignored.verdict is not None and ignored.verdict.show() == "no"
    assert ignored.graph.assumptions() == [
        'the sources give no icons for "Laughing Gas": it is taken to have none'
    ]
    [playing] = evaluate(
        parse_situation(
            'game bluemoon\nI have active "Laughing Gas"\nask can I play a booster card?\n'
        )
    )
    assert not [text for text in playing.graph.assumptions() if "icons" in text]


def test_an_ignorer_whose_own_text_is_ignored_is_named_as_beaten() -> None:
    """Text "Not ignored" says which ignore effect would have reached the card, and what beat it."""
    body = """
card "Owl Queen" character: "Your special power texts are ignored, except on Owl character cards."
card "Night Owl" character: ""
card "Fog Bank" support: "Your special power texts are ignored, except on Owl character cards."
card "Grey Wolf" support: "You may not play booster cards."
you have active "Fog Bank"
I have active "Owl Queen", "Grey Wolf"
ask is the special power text of "Grey Wolf" ignored?
"""
    [answer] = evaluate(parse_situation("game bluemoon\n" + body.strip() + "\n"))
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert answer.decided_by == "ignore"
    assert answer.reason.startswith(
        '"Fog Bank" would ignore it, but its own text is ignored by "Owl Queen"'
    )


GOING_BACK = """
card "Hero" character (fire 1, earth 1): ""
card "Boots" booster (fire 1, earth 1): ""
it is my turn
{going_back}
ask can I play "Hero"?
"""


def test_a_turn_going_back_to_an_earlier_phase_is_cannot_answer() -> None:
    """A turn's phases come in order: a timeline that a play takes past the phase stated next
    is no state to judge."""
    body = GOING_BACK.format(going_back='I play "Boots"\nphase Character')
    assert answers(body) == [("-", Status.CANNOT.key)]


def test_phases_stated_going_back_are_an_input_error() -> None:
    """Two phases stated out of order in one turn are refused before judging, at the second."""
    body = GOING_BACK.format(going_back="phase Booster/Support\nphase Character")
    with pytest.raises(InputError) as raised:
        parse_situation("game bluemoon\n" + body.strip() + "\n")
    assert raised.value.line == 6
    assert "cannot come after the Booster/Support phase" in raised.value.message


def test_an_inline_card_can_state_its_people() -> None:
    """``(people Owl)`` on a card line: exceptions for a people reach the invented card."""
    body = """
card "Hush" support: "Your special power texts are ignored, except on Owl character cards."
card "Bright Wing" character (fire 2, earth 2, people Owl): "You may not play booster cards."
card "Dull Wing" character (fire 2, earth 2, people Crow): "You may not play booster cards."
you have active "Hush"
I have active "Bright Wing"
ask is the special power text of "Bright Wing" ignored?
I play "Dull Wing"
ask is the special power text of "Dull Wing" ignored?
"""
    assert verdicts(body) == ["no", "yes"]


def test_a_people_is_stated_on_the_card_line_only() -> None:
    """Giving a corpus card a people where it is placed is an input error at the word."""
    from rulesq.errors import InputError

    with pytest.raises(InputError, match="given on its card line") as error:
        parse_situation(
            'game bluemoon\nyou have active "Laughing Gas" (people Flit)\n'
            "ask can I play a booster card?\n"
        )
    assert error.value.column == 40
