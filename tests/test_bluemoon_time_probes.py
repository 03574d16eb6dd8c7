"""Blue Moon judge: probes along the time axis (turns, phases, fights, cards leaving play).

Each test is a situation that varies an FAQ case in time with invented cards, where rulesq
once gave a confident answer the sources do not support. A file is a timeline: each question
sees the facts before it.
"""

from __future__ import annotations

from test_bluemoon_discards import decided, verdicts

HUSH = 'card "Hush" leadership: "On this turn, your special power texts are ignored."'
BAN = 'card "Ban" support: "You may not play booster cards."'


# ---------------------------------------------------------------------- cancelled cards
def test_a_cancelled_character_card_covers_nothing() -> None:
    """A character card cancelled by an interference card "does not cover any previous cards":
    the character it would have covered stays active, and its own text never acts."""
    assert verdicts('''
card "Grump" character (fire 2, earth 2): "You may not play booster cards."
card "Old" character (fire 1, earth 1): ""
card "Nix" interference: "I may play this card when you play your first character card on \
your turn: Your card is cancelled and discarded. You must play a replacement or retreat."
you have active "Old"
it is your turn
phase Character
you play "Grump"
I play "Nix"
ask is "Grump" active?
ask is "Old" active?
your turn ends
it is my turn
phase Booster/Support
ask can I play a booster card?
''') == ["no", "yes", "yes"]


def test_the_replacement_of_a_cancelled_card_covers_as_usual() -> None:
    """After the cancellation, the replacement is the turn's first character card: it covers."""
    assert verdicts('''
card "Grump" character (fire 2, earth 2): ""
card "Spare" character (fire 2, earth 2): ""
card "Old" character (fire 1, earth 1): ""
card "Nix" interference: "I may play this card when you play your first character card on \
your turn: Your card is cancelled and discarded. You must play a replacement or retreat."
you have active "Old"
it is your turn
phase Character
you play "Grump"
I play "Nix"
you play "Spare"
ask is "Old" active?
ask is "Spare" active?
''') == ["no", "yes"]


def test_an_interference_card_acts_before_the_play_it_answers() -> None:
    """A leadership card that would ignore my texts is cancelled by my interference card: the
    interference text is read before the play takes effect, so the cancellation happens and
    the leadership card's "On this turn" never acts."""
    text = f'''
{HUSH}
{BAN}
card "Veto" interference: "I may play this card when you play a Leadership phase card: \
Your card is cancelled and discarded."
I have active "Ban"
it is your turn
phase Leadership
you play "Hush"
I play "Veto"
ask is the special power text of "Ban" ignored?
phase Booster/Support
ask can you play a booster card?
'''
    assert verdicts(text) == ["no", "no"]
    assert decided(text)[1] == "you may not"


# ---------------------------------------------------------------------- moments of a turn
def test_immediately_after_a_phase_does_not_come_after_a_retreat() -> None:
    """A retreat ends the turn without further phases (as Flare's "At the end of my turn"
    does not act, BM-Q438): "Immediately after my Booster/Support phase" never comes."""
    assert verdicts('''
card "Seeker" character: "Immediately after my Booster/Support phase, I search through my \
draw deck and may select one card, reveal it to you, and take it into my hand. Then I \
reshuffle."
I have active "Seeker"
it is my turn
phase Retreat from Fight?
I retreat
ask does the special power text of "Seeker" take effect?
''') == ["no"]


def test_immediately_after_a_phase_has_acted_when_the_turn_is_cut_later() -> None:
    """A turn ended by an interference card after its Announce Power phase had already passed
    the Booster/Support phase: the text acted."""
    assert verdicts('''
card "Seeker" character: "Immediately after my Booster/Support phase, I search through my \
draw deck and may select one card, reveal it to you, and take it into my hand. Then I \
reshuffle."
card "Halt" interference: "I may play this card immediately after you announce your power: \
Your turn ends immediately."
I have active "Seeker"
it is my turn
phase Booster/Support
phase Announce Power
I announce my total power
you play "Halt"
ask does the special power text of "Seeker" take effect?
''') == ["yes"]


# ---------------------------------------------------------------------- a new fight
def test_a_turn_after_the_fight_ended_begins_a_new_fight() -> None:
    """The fight's end clears the areas (rulebook p.9); the next turn is in a new fight, where
    a card of the old fight ("during this fight") no longer restricts anything."""
    assert verdicts('''
card "Shy" character: "I may not play further character cards during this fight."
card "Blip" character: ""
I have active "Shy"
it is my turn
phase Character
ask can I play "Blip"?
the fight ends
it is my turn
phase Character
ask is "Shy" active?
ask can I play "Blip"?
''') == ["no", "no", "yes"]


def test_the_new_fight_has_its_own_start_retreats_and_first_turn() -> None:
    """The retreat of the old fight neither ends the new one nor names who starts the next;
    the new turn is the first turn of a fight, with its decline and its card limits."""
    out = verdicts('''
card "A" character (fire 3, earth 1): ""
card "B" character (fire 2, earth 2): ""
card "S1" support: ""
element fire
it is your turn
you play "A"
your turn ends
it is my turn
phase Retreat from Fight?
I retreat
the fight ends
ask who starts the next fight?
it is my turn
phase Retreat from Fight?
ask does the fight end?
ask can I decline to start the fight?
phase Character
I play "B"
phase Booster/Support
ask can I play "S1"?
ask who starts the next fight?
''')
    assert out[:4] == ["me", "no", "yes", "no"]
    assert out[4].startswith("cannot:")


# ---------------------------------------------------------------------- "played on this turn"
SCRAM = ('card "Scram" interference: "I may play this card immediately after you announce '
         'your power: I may discard one of your active booster or support cards that you '
         'played on this turn."')


def test_an_interference_discard_reaches_only_cards_played_this_turn() -> None:
    """The interference card permits the discard it names (as Away with this! in BM-Q352),
    and only of a card played on this turn: a support card of an earlier turn is not one."""
    assert verdicts(f'''
{SCRAM}
card "Old Sup" support: ""
card "New Sup" support: ""
card "Y" character: ""
card "Y2" character: ""
it is your turn
you play "Y"
you play "Old Sup"
your turn ends
it is my turn
my turn ends
it is your turn
you play "Y2"
you play "New Sup"
you announce your total power
I play "Scram"
ask can I discard "Old Sup"?
ask can I discard "New Sup"?
''') == ["no", "yes"]


def test_a_card_only_stated_active_may_or_may_not_have_been_played_this_turn() -> None:
    """A card stated as active was in play before the situation began: on its first turn,
    whether it was played earlier in that turn is not known."""
    out = verdicts(f'''
{SCRAM}
card "Sup" support: ""
it is your turn
you have active "Sup"
you announce your total power
I play "Scram"
ask can I discard "Sup"?
''')
    assert out[0].startswith("cannot:")
