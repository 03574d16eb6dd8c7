"""Retrieving cards into the hand: the RETRIEVE icon and the texts that retrieve.

The RETRIEVE icon (rulebook p.15): at the very beginning of your turn you may return any of your
active cards depicting it into your hand, several of them; not while your opponent's combat area
holds active character cards depicting it (an ignored icon is still depicted, so it still
blocks), and that block reaches only your character cards. An ignored card's icons have no
effect. A text that retrieves ("Now I may retrieve one card (not this card) from my combat area
into my hand") follows its own words. Either way, retrieving is taking the card into the hand,
which "you may not take further cards into your hand" forbids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.game_choices import retrieve_blockers
from rulesq.games.bluemoon.judge.open_areas import may_hold_unnamed, read_as_named
from rulesq.games.bluemoon.judge.permits import by_text, ignored_away, permitted
from rulesq.games.bluemoon.judge.placing import place_decides, placed_nowhere
from rulesq.games.bluemoon.judge.prohibits import RETRIEVE_INTO_HAND
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches, players_of, zones_of
from rulesq.games.bluemoon.judge.shielding import shield
from rulesq.games.bluemoon.judge.state import IN_PLAY, Step, Zone, other
from rulesq.games.bluemoon.judge.usable import effect_usable
from rulesq.games.bluemoon.selectors import Cards, Place, Q, Quantity

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance

ICON = "RETRIEVE"
_COMBAT = frozenset({Zone.COMBAT})


def can_retrieve(forces: Forces, card: Instance, who: str) -> Ruling:
    """Whether ``who`` may now take ``card`` into his hand, by its icon or a card text."""
    ruling = permitted(
        forces,
        who,
        RETRIEVE_INTO_HAND,
        base=lambda: _by_icon_or_text(forces, card, who),
        why="; retrieving a card is taking it into the hand",
        cite=(R.RETRIEVING_IS_TAKING,),
        permits=False,
    )
    return blockers_read(forces, ruling, who)


def _by_icon_or_text(forces: Forces, card: Instance, who: str) -> Ruling:
    """What lets ``who`` retrieve ``card`` now: its RETRIEVE icon or a text, prohibitions aside."""
    by_icon = icon_ruling(forces, card, who) if ICON in card.info.icons else None
    by_text = [
        text_ruling(forces, source, act, card, who) for source, act in retrieving_texts(forces, who)
    ]
    found = [r for r in [*by_text, by_icon] if r is not None]
    allowed = [r for r in found if r.allowed]
    if not allowed:
        if found:
            return found[0]
        return no(
            f'"{card.name}" has no RETRIEVE icon and no card text in force lets its '
            "player retrieve it",
            R.RETRIEVE,
        )
    return allowed[0]


def icon_ruling(forces: Forces, card: Instance, who: str) -> Ruling:
    """Whether ``who`` may use the RETRIEVE icon of ``card`` now (taking aside)."""
    state = forces.state
    if card.owner != who:
        return no(f'"{card.name}" is not the asking player\'s card', R.RETRIEVE)
    if not state.is_turn_of(who):
        return no(
            "a card is retrieved with its RETRIEVE icon only at the very beginning of "
            "its player's own turn, and it is not that player's turn",
            R.RETRIEVE,
            R.RETRIEVE_START_OF_TURN,
            R.VOLUNTARY_OWN_TURN,
        )
    if state.current_phase != Step.BEGINNING_OF_TURN:
        return no(
            "a card is retrieved with its RETRIEVE icon only at the very beginning of "
            f"the turn; it is the {state.current_phase.title} phase",
            R.RETRIEVE,
            R.RETRIEVE_START_OF_TURN,
        )
    place_decides(card, "only an active card is retrieved with its RETRIEVE icon")
    if not (card.in_play and card.active) or card.face_down:
        ruling = no(
            f'"{card.name}" is not active: only active cards are retrieved with their '
            "RETRIEVE icon",
            R.RETRIEVE,
        )
        if card.zone is Zone.CARGO:
            ruling.cite(R.CARGO_NOT_IN_PLAY)
        return ruling
    why = forces.icon_ignored(card, ICON)
    if why is not None:
        what = "the whole card" if why.what == "card" else "its icons"
        gone = f'"{card.name}"' if why.what == "card" else f'the RETRIEVE icon of "{card.name}"'
        return ignored_away(
            "the RETRIEVE icon",
            card,
            why.source,
            gone,
            f'"{why.source.card.name}" ignores {what}: {why.source.quote}',
            # "When a card is ignored, ..." only when the card is: not for its icons alone
            *((R.IGNORED_CARD,) if why.what == "card" else ()),
            R.IGNORING,
        )
    blockers = retrieve_blockers(state, who)
    if blockers and card.is_character:
        names = ", ".join(f'"{c.name}"' for c in blockers)
        ruling = no(
            f"the opponent's combat area holds active character cards depicting the "
            f"RETRIEVE icon ({names}), which block the RETRIEVE icon of character cards",
            R.RETRIEVE_BLOCKED,
            R.RETRIEVE_BLOCKED_CHARACTERS_ONLY,
        )
        ignored = [c for c in blockers if forces.icon_ignored(c, ICON) is not None]
        if ignored:
            ruling.reason += (
                f'; the icon of "{ignored[0].name}" is ignored, but it is '
                "still there and still depicts the icon"
            )
            ruling.cite(R.RETRIEVE_BLOCKER_DEPICTS, R.IGNORED_STILL_THERE)
        return ruling
    ruling = yes(
        f'"{card.name}" is active with an effective RETRIEVE icon at the very beginning '
        "of its player's turn",
        R.RETRIEVE,
    )
    shield(forces, card, ruling)
    if blockers:
        ruling.reason += (
            "; the opposing RETRIEVE character cards block only character cards' RETRIEVE icons"
        )
        ruling.cite(R.RETRIEVE_BLOCKED, R.RETRIEVE_BLOCKED_CHARACTERS_ONLY)
    elif card.is_character:
        ruling.negatives.append(NO_BLOCKER)
    return ruling


#: The negative fact a character card's RETRIEVE icon relies on: no opposing card blocks it.
NO_BLOCKER = "no active character card of the opponent's combat area depicts the RETRIEVE icon"


def blockers_read(forces: Forces, ruling: Ruling, who: str) -> Ruling:
    """A yes that relies on no opposing RETRIEVE character card, read over the unnamed cards.

    The opponent's combat area may hold an active character card the situation does not name,
    and it may depict the RETRIEVE icon (open_areas.read_as_named). Read only where the answer
    rests on it (a prohibition deciding first never needs it).
    """
    if ruling.allowed and NO_BLOCKER in ruling.negatives:
        read_as_named(
            forces.state, other(who), _COMBAT, "whether any of them depicts the RETRIEVE icon"
        )
    return ruling


def retrieving_texts(forces: Forces, who: str) -> list[tuple[Source, a.Retrieve]]:
    """The texts in force of ``who``'s cards that have him retrieve cards."""
    found = []
    for source in forces.effects((fx.ActionEffect, fx.Obligation)):
        effect = source.effect
        assert isinstance(effect, fx.ActionEffect | fx.Obligation)
        dos = effect.dos if isinstance(effect, fx.ActionEffect) else (effect.do,)
        for do in dos:
            if who not in players_of(do.actor, source.controller):
                continue
            found += [(source, act) for act in do.acts if isinstance(act, a.Retrieve)]
    return found


def text_ruling(
    forces: Forces, source: Source, act: a.Retrieve, card: Instance, who: str
) -> Ruling:
    """Whether a retrieving text can take ``card`` now, by its own words."""
    usable = effect_usable(forces, source, who)
    if not usable.allowed:
        return usable
    done = [
        e
        for e in forces.state.events_of("retrieve", who, this_turn=True)
        if e.seq > source.card.seq
    ]
    limit = _how_many(act.cards, source)
    if limit is not None and len(done) >= limit:
        return no(f'"{source.quote}" has already retrieved its card', sources=[source])
    if not _named(forces, act.cards, card, source.controller, source.card):
        _unplaced(forces, act.cards, card, source)
        return _not_named(act.cards, card, source)
    return by_text(
        source,
        f'"{source.card.name}" lets its player retrieve "{card.name}": {source.quote}',
        R.SUPERSEDE,
    )


#: Numbers of cards whose "n" is the most a text retrieves.
BOUNDED = {Q.COUNT, Q.UP_TO, Q.ARTICLE, Q.OF, Q.ANY, Q.EXACTLY, Q.NO_MORE_THAN}


def _how_many(cards: object, source: Source) -> int | None:
    """How many cards a retrieving text takes ("one", "any one"; None: no limit).

    A number that is no upper bound ("at least two") is cannot answer, never a limit.
    """
    quantity = cards.quantity if isinstance(cards, Cards) else None
    if not isinstance(quantity, Quantity) or quantity.n is None:
        return None
    if quantity.kind not in BOUNDED:
        raise CannotAnswer(
            f'rulesq does not follow "{quantity.render()}" in "{source.card.name}" ({source.quote})'
        )
    return quantity.n


def _named(
    forces: Forces, cards: object, card: Instance, controller: str, text_card: Instance
) -> bool:
    """Whether the text's words (of ``controller``'s card) name the card.

    A text naming no place names cards in play.
    """
    if not isinstance(cards, Cards):
        return False
    if not matches(cards, card, controller, forces, this_card=text_card):
        return False
    return isinstance(cards.place, Place) or card.in_play


def _unplaced(forces: Forces, cards: object, card: Instance, source: Source) -> None:
    """Cannot answer when the card, placed nowhere, may lie where the text retrieves from.

    A text naming an area of play reaches a card there only while its player's areas may hold
    it unnamed (open_areas.may_hold_unnamed); one naming a hand, a draw deck or a discard pile
    may always.
    """
    if not placed_nowhere(card):
        return
    place = cards.place if isinstance(cards, Cards) else None
    zones = zones_of(place) if isinstance(place, Place) else IN_PLAY
    if zones - IN_PLAY or may_hold_unnamed(forces.state, card.owner):
        where = place.render() if isinstance(place, Place) else "play"
        place_decides(card, f"the text retrieves from {where} ({source.quote})")


def _not_named(cards: object, card: Instance, source: Source) -> Ruling:
    """Why a retrieving text does not reach the card."""
    ruling = no(f'"{card.name}" is not one of the cards "{source.quote}" names', sources=[source])
    if isinstance(cards, Cards):
        place = cards.place
        if isinstance(place, Place) and card.zone not in zones_of(place):
            ruling.reason = (
                f'"{card.name}" is in the {card.zone.value}, not in '
                f"{place.render()}: {source.quote}"
            )
            if card.zone in (Zone.COMBAT, Zone.SUPPORT):
                ruling.cite(R.AREAS_SEPARATE)
        elif cards.active and not card.active:
            ruling.reason = f'"{card.name}" is not active: {source.quote}'
            if card.zone is Zone.CARGO:
                ruling.cite(R.CARGO_NOT_IN_PLAY)
        elif cards.not_this_card and card is source.card:
            ruling.reason = f"the text excludes its own card: {source.quote}"
    return ruling
