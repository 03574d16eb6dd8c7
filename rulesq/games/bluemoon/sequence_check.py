"""Blue Moon sequences no game can follow: an event out of its turn, phase or fight is an error.

One pass over the facts, in order (linear in their number). What a file leaves unstated is not
impossible: only what contradicts the rules, given the turn, phase and retreat the file states,
is refused. A statement supposed for a question (``what happens if``) is asked, not stated.
The clause each rule rests on is quoted in the hint (and in grammar/README.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.errors import InputError
from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS, KINDS
from rulesq.games.bluemoon.judge.state import Step
from rulesq.situation.model import ME, YOU, Fact

if TYPE_CHECKING:
    from rulesq.situation.model import CardRef, Situation

#: The facts that play cards from the hand (or a landed ship) on the player's own turn.
PLAYS = frozenset({"play", "play_bluff", "play_without_icon"})
#: Facts that say what a hand holds, exactly: a card played right after must be among them.
EXACT_HANDS = frozenset({"hand_size", "hand_only", "run_out"})
#: Facts that load cards of the hand onto a ship: a hand stated exactly stays so, without them.
LOADS = frozenset({"load", "load_count"})
#: Facts that move no card into a hand: a hand stated exactly stays so across them.
KEEP_HAND = frozenset(
    {
        "active",
        "inactive",
        "pile",
        "influence",
        "bluff_card",
        "bluff_count",
        "dragons_held",
        "dragon_named",
        "icons",
        "no_icons",
        "no_shields",
        "lacks_icon",
        "shield",
        "element",
        "deck_size",
        "pile_size",
        "area_size",
        "area_whole",
        "influence_size",
        "influence_whole",
        "not_run_out",
        "hand_lacks",
        "hand",
    }
)

#: The clauses the rules rest on, quoted from the FAQ, with their ids (``rulesq cite ID``).
FAQ = "bluemoon/faq/"
PHASE_ORDER = (
    f'{FAQ}about-blue-moon-legends/10: the phases are "Beginning of Turn, Leadership, '
    "Retreat from Fight?, Character, Booster or Support (also Booster/Support), Announce "
    'Power, Refresh Hand, End of Turn".'
)
OWN_TURN = (
    f'{FAQ}card-play-timing/2: "Your cards can each only be played in the appropriate phase '
    'of your turn".'
)
RETREAT_ENDS = (
    f'{FAQ}end-of-fight/2 (rulebook p.7): "you announce your retreat. This ends the fight and '
    'your turn concludes without any further obligations or activities."'
)
RETREAT_PHASE = (
    f'{FAQ}special-power-texts-aqua-cards/1: "In all other cases you retreat only in your '
    'Retreat from Fight? phase." (a called bluff: in the Announce Power phase; two Floods: '
    "after the end of the other player's turn)."
)
DECLINE_PHASE = (
    f"{FAQ}start-of-fight/3: both \"usually (and the former only) take place in a player's "
    "Retreat from Fight? phase, they are mutually exclusive, you are never allowed a choice "
    'between them."'
)
DECLINE_LATE = (
    f'{FAQ}interference-cards/11: "By playing a character card you have entered the Character '
    "phase and finished the Retreat from Fight? phase, so the fight has started and it is too "
    'late to decline to start the fight."'
)
FIRST_TURN = (
    f'{FAQ}interference-cards/11: "Note that this text allows you to retreat in the first turn '
    'of a fight, where the rules do not usually allow this." (a card whose text speaks of a '
    "retreat may allow it)"
)
DUE_FIRST = (
    f'{FAQ}start-of-fight/1: "When you are due to start a fight, you start the turn sequence '
    'on rulebook page 6, under Turn Phases."'
)
FROM_HAND = (
    f'{FAQ}end-of-game/5: "Your character card is played out of your hand into your combat '
    f'area"; {FAQ}about-the-new-rules-in-the-buka-invasion/2: "cards are then played from the '
    'landed ship rather than your hand that turn".'
)


@dataclass(slots=True)
class Turn:
    """What the file has said so far about the turn going on."""

    owner: str | None = None
    #: The fact that ended the turn (``my turn ends``, ``the fight ends``, the owner's retreat).
    ended: Fact | None = None
    #: The last phase stated in this turn, with its fact.
    phase: tuple[Step, Fact] | None = None
    #: The owner's first character card played this turn (the fight has started).
    character: Fact | None = None
    decline: Fact | None = None
    #: A retreat since the last turn stated (a retreat ends the fight).
    retreat: Fact | None = None
    #: A hand stated exactly just before (player -> the fact and the cards it names).
    hands: dict[str, tuple[Fact, frozenset[str]]] = field(default_factory=dict)
    #: A hand count and the cards named in hand since (player -> the count's fact and number,
    #: the names): once the names reach the count, the hand is stated exactly.
    counted: dict[str, tuple[Fact | None, int | None, tuple[str, ...]]] = field(
        default_factory=dict
    )
    #: The loads from a hand stated exactly since it was stated (player -> their facts).
    loads: dict[str, list[Fact]] = field(default_factory=dict)
    #: ``it is the first turn of the fight`` stated for the turn going on (or before any turn),
    #: or ``I am due to start the fight`` stated in its player's turn going on.
    first: Fact | None = None
    #: ``I am due to start the fight`` stated with no turn going on: the next turn is the
    #: fight's first (as the judge reads it).
    first_next: Fact | None = None
    #: The player the file says is due to start the fight (a decline passes it on), or None:
    #: then the first turn's player starts it.
    due: str | None = None
    #: The statement that made ``due`` the player due to start (``I am due to start the
    #: fight``, or the other player's decline), or None.
    due_fact: Fact | None = None
    #: The cards on a ship (folded names), each with the ship's folded name and the statement
    #: that put it there (``"S" holds "A"``, a load), until it is played.
    aboard: dict[str, tuple[str, Fact]] = field(default_factory=dict)
    #: The ships landed (folded names).
    landed: set[str] = field(default_factory=set)
    #: The players who may play cards from a landed ship (a ship was landed or loaded).
    ships: set[str] = field(default_factory=set)
    #: A question came since the turn was stated. The judge may ask it again with another
    #: turn or phase stated just before it (the default it took): the phase is forgotten,
    #: and an event of the other player is read as on his own turn, left unstated.
    asked: bool = False


def check(situation: Situation) -> None:
    """Raise ``InputError`` at the first stated event no Blue Moon turn sequence allows."""
    turn = Turn()
    hands, counted = turn.hands, turn.counted
    handlers = _HANDLERS
    for item in situation.items:
        if not isinstance(item, Fact):
            turn.phase, turn.asked = None, True  # the question's moment may be re-asked
            continue
        if item.supposed is not None:
            continue
        kind = item.kind
        if kind in LOADS:
            _loaded(situation, item, turn)
        elif (hands or counted) and kind not in KEEP_HAND and kind not in EXACT_HANDS:
            if kind in PLAYS and hands:
                _from_hand(situation, item, turn)
            hands.clear()
            counted.clear()
            turn.loads.clear()
        if kind in SHIPPED:
            _shipped(situation, item, turn)
        handler = handlers.get(kind)
        if handler is not None:
            handler(situation, item, turn)


#: The facts that put cards on a ship, land it, or play cards (from a landed ship, maybe).
SHIPPED = frozenset({"cargo", "load", "land"}) | PLAYS
NOT_HAND = (
    "bluemoon/bi-rulesheet/loading-a-ship/not-part-of-hand: 'Cards on ships are not part of "
    "your hand.'; bluemoon/bi-rulesheet/landing-a-ship/as-if-in-hand: 'you play such cards "
    "from the landed ships as if they were in your hand'."
)


def _shipped(situation: Situation, fact: Fact, turn: Turn) -> None:
    """Cards put on a ship are played from it once it has landed, not before (``NOT_HAND``)."""
    cards = fact.cards
    if fact.kind == "land":
        turn.landed.update(normalise_name(ref.name) for ref in cards)
    elif fact.kind == "cargo" and cards:
        for ref in cards[1:]:
            turn.aboard[normalise_name(ref.name)] = (normalise_name(cards[0].name), fact)
    elif fact.kind == "load" and cards:
        for ref in cards[:-1]:
            turn.aboard[normalise_name(ref.name)] = (normalise_name(cards[-1].name), fact)
    else:
        for ref in cards:
            on = turn.aboard.pop(normalise_name(ref.name), None)
            if on is not None and on[0] not in turn.landed:
                ship = on[1].cards[0 if on[1].kind == "cargo" else -1].name
                raise InputError(
                    f'"{ref.name}" is on "{ship}" (line {on[1].span.line}), which has not '
                    "landed: a card on a ship is played only from the ship once it has landed",
                    situation.source,
                    situation.text,
                    ref.span.line,
                    ref.span.column,
                    suggestion=f'Land the ship first (I land "{ship}", in the Beginning of Turn '
                    f"phase). {NOT_HAND}",
                )


def _who(fact: Fact) -> str:
    """The player of a fact (I, unless it names you)."""
    return fact.who or ME


def _whose(who: str) -> str:
    """'my' or 'your'."""
    return "my" if who == ME else "your"


def _new_turn(turn: Turn, who: str) -> None:
    """A new turn of ``who``: nothing of it stated yet."""
    turn.owner = who
    turn.ended = turn.phase = turn.character = turn.decline = None
    turn.asked = False
    if turn.first_next is not None:
        turn.first, turn.first_next = turn.first_next, None


def _own(turn: Turn, who: str) -> None:
    """An event with no turn stated happens on its player's turn (as the judge reads it).

    So does an event after a question, unless the turn is stated again since (see ``asked``).
    """
    owner = turn.owner
    if owner is None or (turn.asked and owner != who and turn.ended is None):
        _new_turn(turn, who)


def _on_turn(situation: Situation, fact: Fact, turn: Turn) -> None:
    """``it is my turn``: a new turn unless it is the same one going on (as the judge reads it)."""
    who = _who(fact)
    if turn.owner != who or turn.ended is not None:
        if turn.owner is not None:
            turn.first = None  # a later turn: not the first of the fight stated before
        _new_turn(turn, who)
    turn.asked = False
    turn.retreat = None  # turns may be left out between two stated ones: a new fight may start


def _on_turn_ends(situation: Situation, fact: Fact, turn: Turn) -> None:
    """``my turn ends``: nothing more of that player's in it."""
    who = _who(fact)
    if turn.owner != who:
        _new_turn(turn, who)
    turn.ended = fact


def _on_fight_ends(situation: Situation, fact: Fact, turn: Turn) -> None:
    """``the fight ends``: the turn going on is over too."""
    if turn.owner is not None and turn.ended is None:
        turn.ended = fact


def _on_first_turn(situation: Situation, fact: Fact, turn: Turn) -> None:
    """``it is the first turn of the fight``: of the turn going on, or of the next one stated.

    Not of the other player's turn than the one due to start the fight: its first turn is his.
    """
    if turn.owner is not None and turn.ended is None:
        _first_turn_of_due(situation, fact, turn, turn.owner)
    turn.first = fact


def _first_turn_of_due(situation: Situation, fact: Fact, turn: Turn, owner: str) -> None:
    """Refuse a first turn of the fight that is ``owner``'s while the other is due to start it."""
    due, said = turn.due, turn.due_fact
    if due is None or said is None or due == owner:
        return
    what = (
        f"says {'I am' if due == ME else 'you are'} due to start the fight"
        if said.kind == "due_to_start"
        else f"passes the start of the fight to {'me' if due == ME else 'you'}"
    )
    raise _error(
        situation,
        fact,
        f"line {said.span.line} {what}: its first turn is {_whose(due)} turn, not "
        f"{_whose(owner)} turn",
        f'Write "it is {_whose(due)} turn" for the first turn of the fight, or leave out '
        f"one of the two lines. {DUE_FIRST}",
    )


def _on_due_to_start(situation: Situation, fact: Fact, turn: Turn) -> None:
    """``I am due to start the fight``: its player's turn going on, or the next turn, is the first.

    As the judge reads it (``Timeline.on_due_to_start``): a first turn stated already stays.
    """
    who = _who(fact)
    turn.due, turn.due_fact = who, fact
    first, owner = turn.first, turn.owner
    if first is not None and first.kind == "first_turn" and owner not in (None, who):
        if turn.ended is None:
            raise _error(
                situation,
                fact,
                f"line {first.span.line} makes {_whose(owner or ME)} turn the first of the "
                f"fight: {'I am' if who == ME else 'you are'} not due to start it",
                f"Leave out one of the two lines. {DUE_FIRST}",
            )
    if turn.first is not None or turn.first_next is not None:
        return
    if turn.owner is None or turn.ended is not None:
        turn.first_next = fact
    elif turn.owner == who:
        turn.first = fact


def _on_phase(situation: Situation, fact: Fact, turn: Turn) -> None:
    """A phase of the turn going on, not earlier than one stated in it (``PHASE_ORDER``)."""
    step = Step.named(str(fact.param("phase", "")))
    if step is None or step is Step.GAME_PREPARATION or turn.owner is None:
        return  # an unknown phase is named elsewhere; a phase before any turn, by the judge
    if turn.ended is not None:
        raise _ended(situation, fact, turn, f"the {step.title} phase cannot follow")
    if turn.phase is not None and step < turn.phase[0]:
        reached, said = turn.phase
        raise _error(
            situation,
            fact,
            f"the {step.title} phase cannot come after the {reached.title} phase of the same "
            f"turn (line {said.span.line}): a turn's phases come in order",
            f"State the phases in turn order; for a later turn, end this one first "
            f"({_whose(turn.owner or ME)} turn ends). "
            f"{PHASE_ORDER}",
        )
    turn.phase = (step, fact)


def _on_play(situation: Situation, fact: Fact, turn: Turn) -> None:
    """A play on its player's own turn, not after that turn is over (``OWN_TURN``)."""
    who = fact.who or ME
    character = False
    for ref in fact.cards:
        kind = _kind(ref)
        if kind is None or kind == "interference":
            return  # answers the other player's action; a card of unknown type is not judged
        character = character or kind in CHARACTER_KINDS
    owner = turn.owner
    if owner is None:
        _new_turn(turn, who)  # on its player's turn, as the judge reads it
    elif turn.ended is not None:
        if owner == who:
            raise _ended(situation, fact, turn, "a card is played only on its player's turn")
        _new_turn(turn, who)  # the other player's turn is over: this one's is left out
    elif owner != who:
        if turn.asked:
            _new_turn(turn, who)  # after a question, read as on its player's turn (``asked``)
        else:
            raise _error(
                situation,
                fact,
                f"it is {_whose(owner)} turn: {'I' if who == ME else 'you'} cannot play "
                f"{'a card' if len(fact.cards) != 1 else _one_card(fact)} in it (only an "
                "interference card answers the other player's turn)",
                f'Write "it is {_whose(who)} turn" before the play. {OWN_TURN}',
            )
    if character and turn.character is None:
        turn.character = fact


def _on_retreat(situation: Situation, fact: Fact, turn: Turn) -> None:
    """One retreat a fight, by the turn's player up to his Announce Power phase."""
    who = _who(fact)
    _own(turn, who)
    if turn.retreat is not None:
        raise _error(
            situation,
            fact,
            f"{'I' if _who(turn.retreat) == ME else 'you'} retreated already (line "
            f"{turn.retreat.span.line}), which ended the fight: a fight has one retreat",
            f"Write whose turn it is (a new fight) before a second retreat. {RETREAT_ENDS}",
        )
    if turn.decline is not None:
        raise _error(
            situation,
            fact,
            f"a retreat cannot follow a decline to start the fight (line "
            f"{turn.decline.span.line}) in the same turn",
            f"Keep one of the two. {DECLINE_PHASE}",
        )
    if turn.owner == who:
        if turn.ended is not None:
            raise _ended(situation, fact, turn, "no retreat is left in it", RETREAT_PHASE)
        late = turn.phase
        if late is not None and late[0] > Step.ANNOUNCE_POWER:
            raise _error(
                situation,
                fact,
                f"the turn is past its Announce Power phase (line {late[1].span.line}): "
                "no retreat is left in it",
                f"Put the retreat before the {late[0].title} phase. {RETREAT_PHASE}",
            )
        first = turn.first
        starts = turn.due if turn.due is not None else turn.owner
        if first is not None and starts == who and not _speaks_of_retreat(situation):
            said = (
                "makes this the first turn of the fight"
                if first.kind == "first_turn"
                else f"passes the start of the fight to {'me' if who == ME else 'you'}, and "
                "this is its first turn"
                if first.kind == "decline"
                else f"says {'I am' if who == ME else 'you are'} due to start the fight, and "
                "this is its first turn"
            )
            raise _error(
                situation,
                fact,
                f"line {first.span.line} {said}: its "
                "starting player does not retreat in it, unless a card allows it (none "
                "stated speaks of a retreat)",
                "Decline to start the fight instead, or name the card that allows the retreat. "
                f"{FIRST_TURN}",
            )
        turn.ended = fact
    elif turn.ended is None and (turn.phase is None or turn.phase[0] < Step.END_OF_TURN):
        # two Floods: 'after the end of my turn' (its End of Turn phase is read as its end)
        raise _error(
            situation,
            fact,
            f"it is {_whose(turn.owner or ME)} turn: {'I' if who == ME else 'you'} "
            f"cannot retreat in it",
            f'Write "it is {_whose(who)} turn" before the retreat, or end the turn first '
            f'(two Floods: "after the end of my turn"). {RETREAT_PHASE}',
        )
    turn.retreat = fact
    turn.due = turn.first = turn.first_next = turn.due_fact = None  # the fight is over: a new one


def _on_decline(situation: Situation, fact: Fact, turn: Turn) -> None:
    """A decline by the turn's player, before his Character phase (``DECLINE_LATE``)."""
    who = _who(fact)
    _own(turn, who)
    if turn.owner != who and turn.ended is None:
        raise _error(
            situation,
            fact,
            f"it is {_whose(turn.owner or ME)} turn: only its player declines to start "
            "a fight, in his Retreat from Fight? phase",
            f'Write "it is {_whose(who)} turn" before the decline. {DECLINE_PHASE}',
        )
    if turn.owner == who and turn.ended is not None:
        raise _ended(situation, fact, turn, "no decline is left in it", DECLINE_PHASE)
    if turn.owner != who:
        _new_turn(turn, who)
    late, what = turn.character, "a character card"
    if late is None and turn.phase is not None and turn.phase[0] > Step.RETREAT_FROM_FIGHT:
        late, what = turn.phase[1], f"the {turn.phase[0].title} phase"
    if late is not None:
        raise _error(
            situation,
            fact,
            f"too late to decline to start the fight: line {late.span.line} is {what} of this turn",
            f"Put the decline in the Retreat from Fight? phase, before any character card. "
            f"{DECLINE_LATE}",
        )
    turn.decline = fact
    turn.due = YOU if who == ME else ME  # the opponent starts the fight instead
    turn.due_fact = fact
    turn.first, turn.first_next = (
        None,
        fact,
    )  # the next turn is the fight's first (FAQ, Start of Fight)


def _on_ships(situation: Situation, fact: Fact, turn: Turn) -> None:
    """A player with a ship landed may play a card that is not in his hand."""
    turn.ships.add(_who(fact))


def _loaded(situation: Situation, fact: Fact, turn: Turn) -> None:
    """Cards of the hand loaded onto a ship: a hand stated exactly is the rest of it.

    Named cards are among the hand (as a card played is) and leave it; cards the load does
    not name leave a hand known card by card a part of it, not known which (a card played
    later must still be one of it), and a count not yet named in full unknown.
    """
    who = _who(fact)
    if fact.kind == "load_count":
        turn.counted.pop(who, None)
        return
    known = turn.hands.get(who)
    if known is not None:
        _from_hand(situation, replace(fact, cards=fact.cards[:-1]), turn)
    turn.loads.setdefault(who, []).append(fact)
    if known is not None:
        turn.hands[who] = (known[0], known[1] - _loaded_names(turn, who))
    elif who in turn.counted:
        _count(fact, who, turn, None, named=())


def _loaded_names(turn: Turn, who: str) -> set[str]:
    """The cards (folded names) loaded from the player's hand since it was stated."""
    return {normalise_name(r.name) for load in turn.loads.get(who, ()) for r in load.cards[:-1]}


def _on_hand(situation: Situation, fact: Fact, turn: Turn) -> None:
    """A hand stated exactly: none (``0 cards``, ``run out``) or the cards ``hand_only`` names."""
    who = _who(fact)
    if fact.kind == "hand":
        known = turn.hands.get(who)
        if known is not None:
            turn.hands[who] = (known[0], known[1] | {normalise_name(r.name) for r in fact.cards})
        else:
            _count(fact, who, turn, None)
        return
    turn.loads.pop(who, None)
    if fact.kind == "hand_size" and int(fact.param("number", 1)) > 0:
        turn.hands.pop(who, None)
        _count(fact, who, turn, int(fact.param("number", 1)))
        return
    turn.counted.pop(who, None)
    if fact.kind == "hand_only":
        turn.hands[who] = (fact, frozenset(normalise_name(r.name) for r in fact.cards))
    elif fact.kind == "run_out" or int(fact.param("number", 1)) == 0:
        turn.hands[who] = (fact, frozenset())
    else:
        turn.hands.pop(who, None)


def _count(
    fact: Fact, who: str, turn: Turn, number: int | None, named: tuple[str, ...] | None = None
) -> None:
    """A hand count, or cards named in hand: every card of the count named is the whole hand.

    Less the cards loaded from the hand since (``turn.loads``): the rest of the count named is
    the rest of the hand. ``named``: the names the fact adds (by default, its cards').
    """
    counter, count, names = turn.counted.get(who, (None, None, ()))
    if number is not None:
        counter, count = fact, number
    else:
        names += tuple(r.name for r in fact.cards) if named is None else named
    turn.counted[who] = (counter, count, names)
    if counter is None or count is None:
        return
    gone = _loaded_names(turn, who)
    loaded = sum(len(load.cards) - 1 for load in turn.loads.get(who, ()))
    left = {normalise_name(name) for name in names} - gone
    if len(left) >= count - loaded:
        turn.hands[who] = (counter, frozenset(left))


def _from_hand(situation: Situation, fact: Fact, turn: Turn) -> None:
    """A card played right after its player's hand is stated exactly is one of its cards."""
    who = _who(fact)
    known = turn.hands.get(who)
    if known is None:
        return
    said, held = known
    for ref in fact.cards:
        if who in turn.ships and _kind(ref) != "ship":
            continue  # may come from a landed ship (a ship is never loaded onto one)
        if normalise_name(ref.name) not in held:
            hand = ", ".join(f'"{r.name}"' for r in said.cards) if said.cards else "no cards"
            if said.kind == "hand_size" and held:
                named = turn.counted.get(who, (None, None, ()))[2]
                hand = f"{said.param('number', len(named))} card(s), named in hand: " + ", ".join(
                    f'"{name}"' for name in named
                )
            for load in turn.loads.get(who, ()):
                names = ", ".join(f'"{r.name}"' for r in load.cards[:-1])
                hand += f"; line {load.span.line} loads {names} onto a ship"
            raise InputError(
                f'"{ref.name}" is not in {_whose(who)} hand: line {said.span.line} says it '
                f"holds {hand}",
                situation.source,
                situation.text,
                ref.span.line,
                ref.span.column,
                suggestion="Name it in the hand, or write the draw that brings it there, "
                f"before the play. {FROM_HAND}",
            )


def _speaks_of_retreat(situation: Situation) -> bool:
    """Whether a card the situation names or defines has a text that speaks of a retreat."""
    cards = [ref.card for fact in situation.facts for ref in fact.cards if ref.card is not None]
    cards += situation.cards.values()
    return any("retreat" in (card.text or "").lower() for card in cards)


def _one_card(fact: Fact) -> str:
    """The one card a fact plays, quoted."""
    return f'"{fact.cards[0].name}"'


def _kind(ref: CardRef) -> str | None:
    """The card's type as the judge reads it, or None for a card not known."""
    if ref.card is None:
        return None
    kind = ref.card.type.lower()
    return KINDS.get(kind, kind)


def _ended(
    situation: Situation, fact: Fact, turn: Turn, what: str, clause: str = OWN_TURN
) -> InputError:
    """An event of the turn's player after the turn's end (or his retreat)."""
    end = turn.ended
    assert end is not None
    how = "retreat" if end.kind == "retreat" else "end"
    whose = _whose(turn.owner or ME)
    return _error(
        situation,
        fact,
        f"{whose} turn is over (line {end.span.line}: its {how}); {what}",
        f'Write "it is {whose} turn" before this line for a later turn. '
        + (RETREAT_ENDS if how == "retreat" else clause),
    )


def _error(situation: Situation, fact: Fact, message: str, hint: str) -> InputError:
    """An input error at the fact's line, with what would be allowed and the clause."""
    return InputError(
        message,
        situation.source,
        situation.text,
        fact.span.line,
        fact.span.column,
        suggestion=hint,
    )


_HANDLERS = {
    "turn": _on_turn,
    "turn_ends": _on_turn_ends,
    "fight_ends": _on_fight_ends,
    "phase": _on_phase,
    "play": _on_play,
    "play_bluff": _on_play,
    "play_without_icon": _on_play,
    "retreat": _on_retreat,
    "decline": _on_decline,
    "first_turn": _on_first_turn,
    "due_to_start": _on_due_to_start,
    "land": _on_ships,
    "hand_size": _on_hand,
    "hand_only": _on_hand,
    "run_out": _on_hand,
    "hand": _on_hand,
}
