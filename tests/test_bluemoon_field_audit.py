"""Field audit of the Blue Moon judge, on invented inline cards.

Each test gives a card whose text uses one field of an effect (a condition, a time, who acts, a
number, a mode) so that the answer differs from the reading that drops the field. The judge must
honour the field, or answer "cannot answer" naming the words it does not follow; it must never
answer as if the field were absent.
"""

from __future__ import annotations

from rulesq.engine import evaluate
from rulesq.situation import parse_situation


def answers(body: str) -> list[tuple[str, str, str]]:
    """(verdict, status, reason) for each question of a Blue Moon situation."""
    situation = parse_situation("game bluemoon\n" + body.strip() + "\n", "case.rq")
    return [((a.verdict.show() if a.verdict else "-"), a.status.key, a.reason)
            for a in evaluate(situation)]


def verdicts(body: str) -> list[str]:
    """The verdict of each question ("-" for cannot answer)."""
    return [v for v, _, _ in answers(body)]


# ---------------------------------------------------------------------- bluffs
CALL = """card "Dune Gunner" character (EARTH BLUFF): ""
card "Flag" booster: "{text}"
element earth
it is your turn
you have "Dune Gunner" as a bluff card
you have active "Flag"
I have {hand} cards in hand
phase Announce Power
you announce your total power
ask can I call your bluff?
"""


def test_a_call_prohibition_checks_its_condition() -> None:
    """Prohibition.condition: "If you have no cards in your hand, you may not call my bluff"
    forbids the call only when the caller's hand is empty."""
    text = "If you have no cards in your hand, you may not call my bluff."
    assert verdicts(CALL.format(text=text, hand=1)) == ["yes"]
    assert verdicts(CALL.format(text=text, hand=0)) == ["no"]


def test_a_call_prohibition_checks_its_time() -> None:
    """Prohibition.when: "On your turn" (the caller's turn) never covers a call, which is made on
    the bluffer's turn; a time the judge does not follow is cannot answer."""
    assert verdicts(CALL.format(text="On your turn, you may not call my bluff.", hand=1)) \
        == ["yes"]
    assert verdicts(CALL.format(text="On my turn, you may not call my bluff.", hand=1)) == ["no"]
    got = answers(CALL.format(text="At the end of my turn, you may not call my bluff.", hand=1))
    assert got[0][0] == "-" and "at the end of my turn" in got[0][2]


# ---------------------------------------------------------------------- ships
LOAD = """card "Loader" ship (capacity 2): "{text}"
card "Plain Hero" character: ""
card "Plain Aid" support: ""
it is my turn
you have {hand} cards in hand
I have in hand "Loader", "Plain Hero", "Plain Aid"
phase Leadership
I play "Loader"
ask can I load "Plain Aid" onto "Loader"?
"""


def test_a_load_text_checks_its_condition() -> None:
    """ActionEffect.condition on a load text: no load when the condition fails."""
    text = "If you have no cards in your hand, now I may load one card from my hand onto this ship."
    assert verdicts(LOAD.format(text=text, hand=3)) == ["no"]
    assert verdicts(LOAD.format(text=text, hand=0)) == ["yes"]


def test_a_load_text_of_the_other_player_does_not_let_me_load() -> None:
    """Do.actor: "Now you may load …" on my card is the opponent's load, not mine."""
    assert verdicts(LOAD.format(text="Now you may load one card onto this ship.", hand=3)) \
        == ["no"]


def test_a_load_text_i_must_follow_lets_me_load() -> None:
    """Do.mode must (an Obligation): "Now I must load …" loads as "Now I may load …" does."""
    text = "Now I must load one card from my hand onto this ship."
    assert verdicts(LOAD.format(text=text, hand=3)) == ["yes"]


def test_a_load_text_with_a_number_not_followed_is_cannot_answer() -> None:
    """Quantity: "at least two" is not an upper bound the judge follows."""
    text = "Now I may load at least two cards from my hand onto this ship."
    got = answers(LOAD.format(text=text, hand=3))
    assert got[0][0] == "-" and "at least two" in got[0][2]


# ---------------------------------------------------------------------- card selectors
def test_a_phase_other_than_leadership_in_a_selector_is_cannot_answer() -> None:
    """Cards.phase: "Character phase cards" are not the Leadership phase cards the judge knows;
    read as those, the character card was said not to be ignored."""
    body = """card "Hex" booster: "Your Character phase cards are ignored."
card "Plain Hero" character (fire 3, earth 3): ""
it is your turn
I have active "Hex"
you have active "Plain Hero"
ask is "Plain Hero" ignored?
"""
    got = answers(body)
    assert got[0][0] == "-" and "Character phase" in got[0][2]


def test_selector_words_matches_does_not_follow_raise() -> None:
    """Cards.first, .last_remaining, .turn and a ship as the place are not per-card filters:
    matching with them is cannot answer, never a match on the other words alone."""
    import pytest

    from rulesq.errors import CannotAnswer
    from rulesq.games.bluemoon.judge.cards import CardInfo
    from rulesq.games.bluemoon.judge.select import matches
    from rulesq.games.bluemoon.judge.state import Instance, Zone
    from rulesq.games.bluemoon.selectors import Cards, ShipPlace, Which
    from rulesq.games.bluemoon.times import W, When
    from rulesq.games.bluemoon.vocab import CardType, Role

    card = Instance(1, CardInfo(name="Plain Hero", kind="character", text=""), "me", Zone.HAND,
                    seq=1)
    for sel in (Cards(types=(CardType.CHARACTER,), first=True),
                Cards(types=(CardType.CHARACTER,), last_remaining=True),
                Cards(types=(CardType.CHARACTER,), turn=When(W.ON_TURN, Role.OPPONENT)),
                Cards(place=ShipPlace(Which.LANDED))):
        with pytest.raises(CannotAnswer):
            matches(sel, card, "me", None)
    assert matches(Cards(types=(CardType.CHARACTER,)), card, "me", None)


# ---------------------------------------------------------------------- dragons
GALE = """card "Gale" support: "{text}"
I have active "Gale"
it is {turn} turn
phase Beginning of Turn
ask how many dragons do I attract?
ask how many dragons do you attract?
"""


def test_a_beginning_of_turn_attraction_checks_whose_turn() -> None:
    """ActionEffect.when.role: "At the beginning of your turn" acts on the opponent's turn."""
    text = "At the beginning of your turn, I immediately attract one dragon."
    assert verdicts(GALE.format(text=text, turn="my")) == ["0", "0"]
    assert verdicts(GALE.format(text=text, turn="your")) == ["1", "0"]


def test_a_beginning_of_turn_attraction_goes_to_the_player_named() -> None:
    """Do.actor: "you attract" gives the dragon to the opponent, not the card's player."""
    text = "At the beginning of my turn, you immediately attract one dragon."
    assert verdicts(GALE.format(text=text, turn="my")) == ["0", "1"]


def test_a_beginning_of_turn_attraction_the_player_may_take_is_cannot_answer() -> None:
    """Do.mode may: whether the player attracts is his choice, which the situation omits."""
    text = "At the beginning of my turn, I may attract one dragon."
    got = answers(GALE.format(text=text, turn="my"))
    assert got[0][0] == "-" and "'may'" in got[0][2]


SIREN = """card "Siren" support: "{text}"
card "Plain One" character: ""
card "Plain Two" character: ""
I have active "Siren"
I have {hand} cards in hand
it is your turn
you have in hand "Plain One", "Plain Two"
phase Booster/Support
{discard}
phase Announce Power
ask how many dragons do I attract?
"""
OR_I = ("By the end of your Booster/Support phase, you must discard {what} from your hand, "
        "or {attract}.")


def test_an_or_i_attract_text_gives_its_number_of_dragons() -> None:
    """Obligation.otherwise dragons: "or I attract two dragons" is two, not one."""
    text = OR_I.format(what="one character card", attract="I attract two dragons")
    assert verdicts(SIREN.format(text=text, hand=3, discard="")) == ["2"]


def test_an_or_i_attract_text_counts_the_cards_it_asks_for() -> None:
    """Obligation.do quantity: one discard does not meet "discard two character cards"."""
    text = OR_I.format(what="two character cards", attract="I attract one dragon")
    assert verdicts(SIREN.format(text=text, hand=3, discard='you discard "Plain One"')) == ["1"]
    both = 'you discard "Plain One", "Plain Two"'
    assert verdicts(SIREN.format(text=text, hand=3, discard=both)) == ["0"]


def test_an_or_i_attract_text_checks_its_condition() -> None:
    """Obligation.condition: no dragon when the text's "if" fails."""
    text = "If I have no cards in my hand, " + OR_I.format(
        what="one character card", attract="I attract one dragon")
    text = text.replace("hand, By", "hand, by")
    assert verdicts(SIREN.format(text=text, hand=3, discard="")) == ["0"]
    assert verdicts(SIREN.format(text=text, hand=0, discard="")) == ["1"]


def test_an_or_i_attract_text_with_a_time_or_mode_not_followed_is_cannot_answer() -> None:
    """Obligation.when (another phase, the other player's phase) and otherwise.mode (may)."""
    for text, words in (
            (OR_I.format(what="one character card", attract="I attract one dragon").replace(
                "your Booster/Support", "your Character"), "your Character phase"),
            (OR_I.format(what="one character card", attract="I attract one dragon").replace(
                "your Booster/Support", "my Booster/Support"), "my Booster/Support phase"),
            (OR_I.format(what="one character card", attract="I may attract one dragon"),
             "I may attract")):
        got = answers(SIREN.format(text=text, hand=3, discard=""))
        assert got[0][0] == "-" and words in got[0][2], got


def test_you_may_not_attract_dragons_stops_every_attraction() -> None:
    """Prohibition on Attract: it takes precedence over an "or I attract" text too, not only
    over the dragons of a retreat."""
    body = SIREN.format(text=OR_I.format(what="one character card",
                                         attract="I attract one dragon"), hand=3, discard="")
    body = body.replace('I have active "Siren"', 'I have active "Siren"\nyou have active "Ward"')
    body = 'card "Ward" support: "You may not attract dragons."\n' + body
    got = answers(body)
    assert got[0][0] == "0" and "Ward" in got[0][2]


RETREAT = """card "Ward" support: "{text}"
card "Plain One" character: ""
I have active "Ward"
I have {hand} cards in hand
it is my turn
I have active "Plain One"
phase Announce Power
I retreat
ask how many dragons do you attract?
"""


def test_you_may_not_attract_dragons_checks_its_condition_and_time() -> None:
    """Prohibition.condition and .when on attracting dragons after a retreat."""
    text = "If I have no cards in my hand, you may not attract dragons."
    assert verdicts(RETREAT.format(text=text, hand=3)) == ["1"]
    assert verdicts(RETREAT.format(text=text, hand=0)) == ["0"]
    assert verdicts(RETREAT.format(text="On your turn, you may not attract dragons.", hand=3)) \
        == ["1"]
    assert verdicts(RETREAT.format(text="On my turn, you may not attract dragons.", hand=3)) \
        == ["0"]


# ---------------------------------------------------------------------- retrieving
HOOK = """card "Hook" character: "{text}"
card "Plain Aid" support: ""
it is {turn} turn
{owner} have active "Plain Aid"
I have in hand "Hook"
phase Character
I play "Hook"
ask can {owner} retrieve "Plain Aid"?
"""


def test_a_retrieve_text_i_must_follow_lets_me_retrieve() -> None:
    """Do.mode must (an Obligation): "Now I must retrieve …" was read as no text at all."""
    text = "Now I must retrieve one card from my support area into my hand."
    assert verdicts(HOOK.format(text=text, turn="my", owner="I")) == ["yes"]


def test_a_retrieve_text_for_the_other_player_names_his_cards() -> None:
    """Do.actor and the selector's owner: "Now you may retrieve one card from your support
    area" lets the opponent retrieve his own card ("your" read from the card's player)."""
    text = "Now you may retrieve one card from your support area into your hand."
    assert verdicts(HOOK.format(text=text, turn="your", owner="you")) == ["yes"]


def test_a_retrieve_text_with_no_upper_bound_is_cannot_answer() -> None:
    """Quantity: "at least two" is not a limit of two cards."""
    text = "Now I may retrieve at least two cards from my support area into my hand."
    got = answers(HOOK.format(text=text, turn="my", owner="I"))
    assert got[0][0] == "-" and "at least two" in got[0][2]


# ---------------------------------------------------------------------- discarding cards in play
AXE = """card "Axe" character: "{text}"
card "Aid One" support: ""
card "Aid Two" support: ""
it is my turn
you have active "Aid One", "Aid Two"
I have in hand "Axe"
phase Character
I play "Axe"
ask can I discard "Aid One", "Aid Two"?
ask can I discard "Aid One"?
"""


def test_a_discard_text_up_to_a_number_is_an_upper_bound() -> None:
    """Quantity up to: "up to one" card does not discard two."""
    text = "Now I may discard up to one active support card from your support area."
    assert verdicts(AXE.format(text=text)) == ["no", "yes"]


def test_a_discard_text_at_least_a_number_is_a_lower_bound() -> None:
    """Quantity at least: "at least two" cards is not one card."""
    text = "Now I may discard at least two active support cards from your support area."
    assert verdicts(AXE.format(text=text)) == ["yes", "no"]


def test_a_discard_text_i_must_follow_permits_the_discard() -> None:
    """Do.mode must (an Obligation): "Now I must discard one of …" permits that discard."""
    text = "Now I must discard one of your active support cards."
    assert verdicts(AXE.format(text=text)) == ["no", "yes"]


# ---------------------------------------------------------------------- hands
OWL = """card "Owl" support: "{text}"
I have active "Owl"
it is {turn} turn
I have 6 cards in hand
you have 6 cards in hand
my draw deck has 20 cards
your draw deck has 20 cards
phase {phase}
ask how many cards do I draw?
ask how many cards do you draw?
"""


def test_an_end_of_turn_draw_acts_on_the_turn_it_names() -> None:
    """ActionEffect.when.role: "At the end of your turn, I may draw" acts at the end of the
    opponent's turn (it was counted at the end of its own player's turn)."""
    text = "At the end of your turn, I may draw one card."
    assert verdicts(OWL.format(text=text, turn="my", phase="Announce Power")) == ["0", "0"]
    assert verdicts(OWL.format(text=text, turn="your", phase="Announce Power")) == ["1", "0"]


def test_an_end_of_turn_draw_goes_to_the_player_named() -> None:
    """Do.actor: "you may draw" on my card is the opponent's draw."""
    text = "At the end of my turn, you may draw one card."
    assert verdicts(OWL.format(text=text, turn="my", phase="Announce Power")) == ["0", "1"]


def test_an_after_phase_draw_is_over_once_its_phase_has_passed() -> None:
    """When.phase: "Immediately after my Character phase" has acted by the Booster/Support
    phase; it is still to come in the Character phase."""
    text = "Immediately after my Character phase, I may draw one card."
    assert verdicts(OWL.format(text=text, turn="my", phase="Booster/Support"))[0] == "0"
    assert verdicts(OWL.format(text=text, turn="my", phase="Character"))[0] == "1"


def test_a_draw_now_counts_only_the_askers_clause() -> None:
    """Do.actor in a text with two players' draws: "then you draw two cards" is not mine."""
    body = """card "Owl" character: "Now I may draw one card, then you draw two cards."
it is my turn
I have in hand "Owl"
I have 3 cards in hand
phase Character
I play "Owl"
ask can I draw 2 cards?
ask can I draw 1 card?
"""
    assert verdicts(body) == ["no", "yes"]


# ---------------------------------------------------------------------- discards from hand
NAG = """card "Nag" support: "{text}"
card "Plain One" character: ""
I have active "Nag"
it is your turn
you have in hand "Plain One"
phase Booster/Support
ask can you discard "Plain One"?
"""
MUST = "you must discard one character card from your hand, or retreat."


def test_an_obligation_to_discard_follows_its_time() -> None:
    """Obligation.when: "On my turn" is not the obligated player's turn; a time the judge does
    not follow (another player's phase, the end of the turn) is cannot answer, not "now"."""
    assert verdicts(NAG.format(text="By the end of your Booster/Support phase, " + MUST)) \
        == ["yes"]
    assert verdicts(NAG.format(text="On my turn, " + MUST)) == ["no"]
    for time in ("By the end of my Booster/Support phase", "At the end of your turn"):
        got = answers(NAG.format(text=f"{time}, {MUST}"))
        assert got[0][0] == "-" and time.lower() in got[0][2].lower(), got


KEEPER = """card "Mire Grub" booster: "By the end of your Booster/Support phase, you must discard \
cards with a total printed value of at least 4 Earth from your hand, or retreat."
card "Grub Keeper" character: "{text}"
card "Big Clod" character (fire 0, earth 4): ""
you have active "Grub Keeper", "Mire Grub"
you have 3 cards in hand
it is my turn
I have in hand "Big Clod"
I discard "Big Clod"
ask is "Mire Grub" satisfied?
"""


def test_a_doubling_of_an_effect_checks_its_condition_and_time() -> None:
    """ValueChange (stage effect).condition and .when: a doubling that does not hold now
    leaves the requirement at 4 Earth, met by one 4 Earth card."""
    double = "the effect of one of my Mire booster cards doubles."
    assert verdicts(KEEPER.format(text="The effect of one of my Mire booster cards doubles.")) \
        == ["no"]
    assert verdicts(KEEPER.format(text="If I have no cards in my hand, " + double)) == ["yes"]
    assert verdicts(KEEPER.format(text="On my turn, " + double)) == ["yes"]


# ---------------------------------------------------------------------- prohibitions on taking
LOCK = """card "Owl" character: "Now I may draw one card."
card "Lock" support: "{text}"
you have active "Lock"
you have 3 cards in hand
it is my turn
I have in hand "Owl"
I have 3 cards in hand
phase Character
I play "Owl"
ask can I draw 1 card?
"""
NO_TAKING = "you may not take further cards into your hand."


def test_a_ban_on_taking_cards_follows_its_moment() -> None:
    """Prohibition.when (a moment): "At the end of your turn" does not forbid a draw now."""
    assert verdicts(LOCK.format(text="You may not take further cards into your hand.")) \
        == ["no"]
    assert verdicts(LOCK.format(text="At the end of your turn, " + NO_TAKING)) == ["yes"]


def test_a_ban_on_taking_cards_in_a_phase_is_cannot_answer() -> None:
    """Prohibition.when (a phase): not read as always."""
    got = answers(LOCK.format(text="During your Leadership phase, " + NO_TAKING))
    assert got[0][0] == "-" and "during your Leadership phase" in got[0][2]


# ---------------------------------------------------------------------- conditions
HAVING = """card "Dune Gunner" character (EARTH BLUFF): ""
card "Flag" booster: "{text}"
card "Low One" character (fire 1, earth 1): ""
card "Low Two" character (fire 1, earth 1): ""
element earth
it is your turn
you have "Dune Gunner" as a bluff card
you have active "Flag"
I have 1 cards in hand
I have in hand "Low One"
I have active "Low Two"
phase Announce Power
you announce your total power
ask can I call your bluff?
"""


def test_a_condition_on_cards_with_a_filter_does_not_count_the_whole_hand() -> None:
    """Having, Cards.printed_value_above: "no cards that have a printed value higher than 4 in
    your hand" was counted as the stated hand size (one card), so the call was allowed."""
    text = ("If you have no cards that have a printed value higher than 4 in your hand, you may "
            "not call my bluff.")
    assert verdicts(HAVING.format(text=text)) == ["no"]


def test_a_condition_on_a_total_printed_value_is_cannot_answer() -> None:
    """Having, Cards.total: not read as "any character card"."""
    text = ("If you have character cards with a total printed value of at least 9 Fire in your "
            "combat area, you may not call my bluff.")
    got = answers(HAVING.format(text=text))
    assert got[0][0] == "-" and "total printed value" in got[0][2]


# ---------------------------------------------------------------------- hand limits
TRIM = """card "Trim" leadership: "{text}"
card "A" booster: ""
card "B" booster: ""
you have 6 cards in hand
you have in hand "A", "B"
it is my turn
I have {mine} cards in hand
I have in hand "Trim"
phase Leadership
I play "Trim"
ask must you discard a card?
"""
LIMIT = ("you may not have more than four cards in your hand and you must discard any "
         "additional cards.")


def test_a_hand_limit_played_now_checks_its_condition() -> None:
    """Prohibition.condition on a hand limit with its discard: no discard when it fails."""
    text = "If I have no cards in my hand, now " + LIMIT
    assert verdicts(TRIM.format(text=text, mine=2)) == ["no"]
    assert verdicts(TRIM.format(text=text, mine=1)) == ["yes"]


def test_a_lasting_hand_limit_is_cannot_answer() -> None:
    """Prohibition.when not "now": the limit lasts, which the judge does not follow; it was
    read as no limit ("no rule or card text requires a discard")."""
    body = f"""card "Trim" support: "On your turn, {LIMIT}"
card "A" booster: ""
card "B" booster: ""
I have active "Trim"
it is your turn
you have 6 cards in hand
you have in hand "A", "B"
phase Leadership
ask must you discard a card?
"""
    got = answers(body)
    assert got[0][0] == "-" and "lasting hand limit" in got[0][2]


def test_a_discard_text_at_the_end_of_a_turn_acts_then() -> None:
    """ActionEffect.when (a moment) on a text discarding cards in play: "At the end of my turn"
    acts in that End of Turn phase (it was always "another time"); a period the judge does not
    follow is cannot answer."""
    body = """card "Axe" support: "{time}, I may discard one of your active support cards."
card "Aid One" support: ""
it is my turn
you have active "Aid One"
I have active "Axe"
phase {phase}
ask can I discard "Aid One"?
"""
    assert verdicts(body.format(time="At the end of my turn", phase="End of Turn")) == ["yes"]
    assert verdicts(body.format(time="At the end of my turn", phase="Booster/Support")) \
        == ["no"]
    got = answers(body.format(time="During my Booster/Support phase", phase="Booster/Support"))
    assert got[0][0] == "-" and "during my Booster/Support phase" in got[0][2]
