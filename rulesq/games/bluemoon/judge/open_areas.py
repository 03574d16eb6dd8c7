"""Areas the situation does not give card by card: a count read there is asked again with more.

A situation names the cards it knows of; unless it states how many cards a player's combat and
support areas hold (``my combat area has 3 cards``) or that they hold no others (``my combat and
support areas hold no other cards``), more may lie there. A count that more cards would change
(the additional dragon for six cards, covered ones too) is read as the situation names it,
noted here, and the engine asks the question again with the areas holding more cards than it
names: when the verdicts differ, the areas decide and there is no answer. Every reader of a
player's ACTIVE cards (a total, "at least three active character cards", RETRIEVE, "is X
active?") takes a stated ``X have active`` list as all of them, shown (:func:`note_read`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.answer import Choice
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS
from rulesq.games.bluemoon.judge.state import ME, YOU, Instance, State, Zone

if TYPE_CHECKING:
    from rulesq.situation.model import Situation

#: The assumption a count of the areas read as named takes ({whose}: my or your).
TAKEN = (
    "{whose} combat and support areas hold only the cards the situation names (asked again "
    "with more cards there, the answer is the same)"
)
#: The assumption an area left open takes where a statement lists the player's active cards:
#: the FAQ's questions list them so ("If I have active ... and ..."), and total what they list.
LISTED = (
    '{whose} active cards are taken to be those "{player} have active" lists and the situation '
    "plays since, as the FAQ's questions list them (write {whose} combat and support areas hold "
    "no other cards, or how many cards they hold)"
)
#: How many cards beyond every card of the player the other way states: enough for the six
#: cards of the additional dragon, whatever the areas hold already.
MORE = 6


#: The areas a situation may leave open, as its lines name them.
AREA_WORDS = {Zone.COMBAT: "combat area", Zone.SUPPORT: "support area"}
#: Both areas, as a line states them together.
BOTH_AREAS = "combat and support areas"
_AREAS = frozenset(AREA_WORDS)


def areas_open(state: State, who: str, zones: frozenset[Zone]) -> bool:
    """Whether an area among ``zones`` may hold cards the situation does not name.

    An area is known card by card when the situation states its count (``my combat area has 3
    cards``) or says it holds no other cards than those named, or on the first turn of a fight
    (the areas hold what the turn plays, the end of the last fight having emptied them); else
    more may lie there.
    """
    player = state.player(who)
    known = set(player.area_counts) | player.areas_whole
    if not zones & _AREAS or BOTH_AREAS in known or state.is_first_turn:
        return False  # (a fight's first turn: the last fight's end emptied the areas)
    return any(AREA_WORDS[zone] not in known for zone in zones & _AREAS)


def may_hold_unnamed(state: State, who: str) -> bool:
    """Whether a player's combat or support area may hold a card the situation does not name.

    The one idea of where a card placed nowhere may be, in play: an area left open, or one
    whose stated count is more than the cards named there. Elsewhere (a hand, the draw deck,
    the discard pile) it is out of play.
    """
    if areas_open(state, who, _AREAS):
        return True
    counts = state.player(who).area_counts

    def named(zones: frozenset[Zone]) -> int:
        return len(state.owned(who, zones))

    if BOTH_AREAS in counts:
        return counts[BOTH_AREAS] > named(_AREAS)
    return any(
        counts[word] > named(frozenset({zone}))
        for zone, word in AREA_WORDS.items()
        if word in counts
    )


def unnamed_in(state: State, who: str, zones: frozenset[Zone]) -> int:
    """How many cards the stated area counts hold beyond those the situation names.

    A count of both areas together is read whole, whichever of them ``zones`` names: its
    unnamed cards may lie in either.
    """
    counts = state.player(who).area_counts

    def named(within: frozenset[Zone]) -> int:
        return len(state.owned(who, within))

    if BOTH_AREAS in counts:
        return max(0, counts[BOTH_AREAS] - named(_AREAS))
    return sum(
        max(0, counts[AREA_WORDS[zone]] - named(frozenset({zone})))
        for zone in zones & _AREAS
        if AREA_WORDS[zone] in counts
    )


def covered_by_a_play(state: State, who: str) -> bool:
    """Whether a character card of the player the situation plays covered his combat area.

    The first character card of a turn pushes the combat area's earlier cards under it (not
    when it joins a gang, or its text says so, nor once cancelled): a card there the situation
    does not name lay there before, and is covered since ('Only the most recent character
    cards played into your combat area are active until they are covered').
    """
    return any(
        event.data.get("pushed") and not event.cards[0].cancelled
        for event in state.events_of("play", who)
    )


def active_zones(state: State, who: str) -> frozenset[Zone]:
    """The areas where a card of the player the situation does not name may be active.

    The support area (its cards stay active), and the combat area until a character card of
    the player the situation plays covers it (:func:`covered_by_a_play`).
    """
    if covered_by_a_play(state, who):
        return frozenset({Zone.SUPPORT})
    return _AREAS


def read_as_named(state: State, who: str, zones: frozenset[Zone], what: str) -> None:
    """An answer reads the player's active cards of ``zones``: those the situation names.

    Where an unnamed card may be active there (:func:`active_zones`), a stated count above the
    named cards leaves no answer (what they are is not given). An area left open is read as
    named, shown, where an ``X have active`` statement lists the player's active cards (the
    FAQ's reading, :data:`LISTED`); else it is noted (:func:`note_open`) and the question is asked
    again with more cards there. ``what`` says what the unnamed cards could change.
    """
    zones = zones & active_zones(state, who)
    if not zones:
        return
    unnamed = unnamed_in(state, who, zones)
    if unnamed:
        raise CannotAnswer(
            f"the situation says {whose(who)} combat and support areas hold {unnamed} card(s) "
            f"more than it names: whether they are active, and {what}, is not given (name them, "
            "or state how many cards the areas hold)"
        )
    if not areas_open(state, who, zones):
        return
    note_read(state, who, active=True)


def note_read(state: State, who: str, *, active: bool) -> None:
    """Note how a verdict read the areas of ``who`` left open: the one reading of an active list.

    A reading of the player's active cards (a total, a count of active cards, RETRIEVE) takes a
    stated ``X have active`` list as all of them, shown (:data:`LISTED`); any other reading (a
    count of every card there, covered ones too), or one where no list is stated, is noted
    (:func:`note_open`) and the question asked again with more cards there.
    """
    if active and state.player(who).active_listed:
        text = LISTED.format(whose=whose(who), player="I" if who == ME else "you")
        if text not in state.assumed:
            state.assumed += (text,)
        return
    note_open(state, who)


#: The kinds of card played into the combat or support area (the others go elsewhere in play).
AREA_KINDS = CHARACTER_KINDS | {"booster", "support"}


def may_be_in_play(state: State, card: Instance) -> bool:
    """Whether a card the situation places nowhere may lie unnamed in a combat or support area.

    Only a card of a kind played there, and only while some player's areas may hold a card the
    situation does not name (:func:`may_hold_unnamed`); else it is out of play (a hand, a draw
    deck or a discard pile).
    """
    return card.info.kind in AREA_KINDS and any(may_hold_unnamed(state, who) for who in (ME, YOU))


def may_be_active(state: State, card: Instance) -> bool:
    """Whether a card the situation places nowhere may be active unnamed in some player's area.

    Read as every other reader of active cards (:func:`note_read`): a player whose active cards
    a ``have active`` line lists has no other active card (shown), unless a stated count holds
    more cards than named; a player with no list stated may have one wherever
    :func:`may_hold_unnamed` says so. Call only where :func:`may_be_in_play` holds.
    """
    if card.info.kind not in AREA_KINDS:
        return False
    found = False
    for who in (ME, YOU):
        zones = active_zones(state, who)
        if unnamed_in(state, who, zones):
            found = True
        elif areas_open(state, who, zones):
            if not state.player(who).active_listed:
                found = True
    if not found:
        for who in (ME, YOU):
            if areas_open(state, who, active_zones(state, who)):
                note_read(state, who, active=True)
    return found


def whose(who: str) -> str:
    """The possessive a line of the situation uses for a player."""
    return "my" if who == ME else "your"


def note_open(state: State, who: str) -> None:
    """Note that a verdict read the areas of ``who`` as the situation names them (once)."""
    text = TAKEN.format(whose=whose(who))
    if text not in state.assumed:
        state.assumed += (text,)


def area_choices(state: State, situation: Situation) -> tuple[Choice, ...]:
    """The open areas the judging read as named, each with the way that states more cards."""
    first = situation.facts or situation.questions  # (a situation of questions alone too)
    if not first:
        return ()
    at = first[0].span.line
    out = []
    for who in (ME, YOU):
        taken = TAKEN.format(whose=whose(who))
        if taken not in state.assumed:
            continue
        number = MORE + sum(1 for card in state.cards if card.owner == who)
        line = f"{whose(who)} combat and support areas hold {number} cards"
        hint = (
            f"write, e.g., {whose(who)} combat and support areas hold no other cards, or how "
            "many cards they hold"
        )
        out.append(
            Choice(
                assumption=taken,
                reason=(
                    f"what {whose(who)} combat and support areas hold besides the cards the "
                    "situation names decides the answer, and the situation does not say: "
                    f"{{verdicts}} ({hint})"
                ),
                taken="if they hold no other cards",
                branches=((at, line, f"if they hold {MORE} cards more"),),
                what=f"{whose(who)} combat and support areas",
                hint=hint,
            )
        )
    return tuple(out)
