"""Bluffing (Buka Invasion rulesheet): bluff cards, calls and losing bluffs.

A card with a BLUFF icon may be played face down into the support area (the play of a support
card); in play it is an active support card with a printed value of 2 in the contested element.
The opponent may call the bluff after the bluffer announces power; a called bluff loses when a
revealed card has no (effective) BLUFF icon of the contested element. Ignored bluff cards do not
count, cannot be called and stop further bluffs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.dragons import Packet, banned, retreat_packets
from rulesq.games.bluemoon.judge.forces import Forces
from rulesq.games.bluemoon.judge.open_areas import areas_open, note_open, unnamed_in
from rulesq.games.bluemoon.judge.permits import ignored_away, permitted
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.state import ME, Instance, Step, Zone, other
from rulesq.games.bluemoon.judge.values import holds, unnamed_cards
from rulesq.games.bluemoon.vocab import Role

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.forces import Ignored, Source
    from rulesq.games.bluemoon.judge.state import Event, State

#: The BLUFF icon that matches each contested element (EMPTY BLUFF matches none).
MATCHING = {"fire": "FIRE BLUFF", "earth": "EARTH BLUFF"}
#: Every kind of BLUFF icon.
BLUFF_ICONS = ("FIRE BLUFF", "EARTH BLUFF", "EMPTY BLUFF")
#: The name the timeline gives a face-down card the situation does not name.
UNKNOWN = "a face-down bluff card"


def bluff_cards(state: State, who: str) -> list[Instance]:
    """A player's face-down bluff cards."""
    return [c for c in state.owned(who, frozenset({Zone.SUPPORT})) if c.face_down]


def bluff_icons(card: Instance) -> list[str]:
    """The BLUFF icons a card shows."""
    return [icon for icon in BLUFF_ICONS if icon in card.info.icons]


def ignored_bluffs(forces: Forces, who: str) -> list[tuple[Instance, Ignored]]:
    """A player's face-down bluff cards that are ignored, with what ignores each."""
    found = []
    for card in bluff_cards(forces.state, who):
        why = forces.card_ignored(card)
        if why is not None:
            found.append((card, why))
    return found


def bluff_discard(state: State, card: Instance, who: str) -> Ruling | None:
    """The rule letting a player discard his own face-down bluff cards, if it applies now.

    During his Beginning of Turn phase a player may discard any of his face-down bluff cards,
    ignored ones and those whose icons are ignored included. None: the rule does not allow this
    discard (other rules or texts may).
    """
    if not card.face_down or card.owner != who or card.zone is not Zone.SUPPORT:
        return None
    if state.turn_owner != who or state.turn_over or state.current_phase != Step.BEGINNING_OF_TURN:
        return None
    ruling = yes(
        f'"{card.name}" is one of the player\'s face-down bluff cards, and it is his '
        "Beginning of Turn phase",
        R.BLUFF_DISCARD,
    )
    why = Forces(state).card_ignored(card)
    if why is not None:
        ruling.reason += f' (ignored by "{why.source.card.name}", which does not matter)'
    return ruling


# ---------------------------------------------------------------------- losing bluffs
def losing_ruling(forces: Forces, cards: list[Instance], bluffer: str) -> Ruling:
    """Whether revealed bluff cards lose: one has no effective BLUFF icon of the element."""
    element = forces.state.element
    if element is None:
        raise CannotAnswer("the situation does not say which element is contested")
    if not cards:
        unnamed_bluffs(forces.state, bluffer)
        return no("there are no bluff cards to reveal", R.BLUFF_CALL)
    wanted = MATCHING[element]
    for card in cards:
        if card.info.name == UNKNOWN:
            raise CannotAnswer("the situation does not say which card a bluff card is")
        if wanted not in card.info.icons:
            shown = bluff_icons(card)
            has = f"{_article(shown[0])} {shown[0]} icon" if shown else "no BLUFF icon"
            return yes(
                f'"{card.name}" has {has}, not the {wanted} icon of the contested '
                f"element ({element})",
                R.BLUFF_LOSING,
                R.BLUFF_ICONS,
            )
        why = forces.icon_ignored(card, wanted)
        if why is not None:
            return ignored_away(
                f"the {wanted} icon",
                card,
                why.source,
                f'the {wanted} icon of "{card.name}"',
                "an ignored icon does not count",
                R.BLUFF_LOSING,
                R.BLUFF_ICONS_IGNORED,
                allowed=True,
            )
    return no(
        f"every bluff card has the {wanted} icon of the contested element ({element})",
        R.BLUFF_LOSING,
        R.BLUFF_ICONS,
    )


def unnamed_bluffs(state: State, bluffer: str) -> None:
    """Cannot answer when the bluffer's support area may hold face-down cards it does not name.

    With no bluff card named, whether there is none rests on his support area: open, or counted
    above the cards named there, it may hold some (open_areas).
    """
    support = frozenset({Zone.SUPPORT})
    if areas_open(state, bluffer, support) or unnamed_in(state, bluffer, support):
        whose = "my" if bluffer == ME else "your"
        raise CannotAnswer(
            f"the situation names no bluff card of the bluffer, and {whose} support area may "
            f"hold face-down cards it does not name (write {whose} support area holds no other "
            f'cards, or name them: {"I have" if bluffer == ME else "you have"} "X" as a bluff card)'
        )


def losing(forces: Forces, cards: list[Instance], bluffer: str) -> tuple[bool, str]:
    """Whether revealed bluff cards lose, and why (see ``losing_ruling``)."""
    ruling = losing_ruling(forces, cards, bluffer)
    return ruling.allowed, ruling.reason


def call_packets(forces: Forces, event: Event) -> list[Packet]:
    """The dragons a call of a bluff brings.

    The caller one (and the bluffer's forced retreat) when the bluff loses, the bluffer one
    when it does not. The bluff is judged as the cards lay face down when
    the call was made.
    """
    caller = event.who or "me"
    bluffer = str(event.data.get("bluffer") or other(caller))
    before = forces.state.snapshots.get(event.seq)
    if before is not None:
        lost, why = losing(Forces(before), bluff_cards(before, bluffer), bluffer)
    else:
        cards = [
            c
            for c in forces.state.cards
            if c.owner == bluffer
            and c.zone in (Zone.SUPPORT, Zone.DISCARD)
            and c.info.name != UNKNOWN
            and c.seq <= event.seq
            and _was_bluff(forces.state, c)
        ]
        lost, why = losing(forces, cards, bluffer)
    if lost:
        return [
            banned(
                forces,
                Packet(
                    caller,
                    1,
                    f"the call succeeds ({why}): the caller attracts a dragon",
                    [R.BLUFF_LOSING],
                ),
                cause="the call",
            )
        ] + retreat_packets(forces, bluffer)
    return [
        banned(
            forces,
            Packet(
                bluffer,
                1,
                f"the call fails ({why}): the bluffer attracts a dragon",
                [R.BLUFF_LOSING],
            ),
            cause="the call",
        )
    ]


def _was_bluff(state: State, card: Instance) -> bool:
    return card.face_down or any(card in e.cards for e in state.events_of("bluff_revealed"))


# ---------------------------------------------------------------------- playing bluff cards


def _article(word: str) -> str:
    return "an" if word[:1].upper() in "AEIOU" else "a"


# ---------------------------------------------------------------------- calling a bluff
def call_ruling(forces: Forces, caller: str) -> Ruling:
    """May ``caller`` call the other player's bluff now?"""
    return permitted(
        forces,
        caller,
        a.CallBluff(owner=Role.OPPONENT),
        base=lambda: _call_rules(forces, caller),
        cite=(R.BLUFF_CALL,),
    )


def _call_rules(forces: Forces, caller: str) -> Ruling:
    """What the rules say of calling the bluff now (card texts on the call aside)."""
    state = forces.state
    bluffer = other(caller)
    cards = bluff_cards(state, bluffer)
    unnamed = 0 if cards else unnamed_cards(forces, bluffer, frozenset({Zone.SUPPORT}))
    window = _call_window(state, bluffer)
    support_open = areas_open(state, bluffer, frozenset({Zone.SUPPORT}))
    if window is not None and (cards or unnamed or support_open):
        return window  # the time decides, whatever the support area holds
    if not cards and not unnamed:
        if support_open:
            note_open(state, bluffer)  # an unnamed card of the area may be a bluff card
        return no("there are no face-down bluff cards to call", R.BLUFF_CALL)
    if unnamed:
        raise CannotAnswer(
            f"the situation names no bluff card, but the areas hold {unnamed} card(s) it "
            "does not name: whether any is a face-down bluff card is not given"
        )
    ignored = ignored_bluffs(forces, bluffer)
    if len(ignored) == len(cards):
        why = ignored[0][1]
        return ignored_away(
            "the bluff cards",
            ignored[0][0],
            why.source,
            "the bluff cards",
            "ignored bluff cards cannot be called",
            R.BLUFF_CARDS_IGNORED,
        )
    return yes(
        "the bluffer has announced power this turn and has face-down bluff cards: the "
        "opponent may call the bluff",
        R.BLUFF_CALL,
    )


def _condition_holds(forces: Forces, source: Source) -> bool:
    """Whether a prohibition's "if …" holds now (one the judge cannot decide raises)."""
    condition = fx.condition_of(source.effect)
    return condition is None or holds(condition, source.controller, forces, source.card)


def _call_window(state: State, bluffer: str) -> Ruling | None:
    """Why it is not the moment to call the bluff (after its player announced power)."""
    rules = (R.BLUFF_CALL, R.CALL_IN_ANNOUNCE_PHASE)
    player = state.player(bluffer)
    if state.turn_owner != bluffer:
        return no(
            "a bluff is called only in its player's Announce Power phase, after the "
            "announcement, and it is not that player's turn",
            *rules,
        )
    if player.retreated or player.declined or state.fight_over:
        return no("the bluffer has left the fight", *rules)
    if state.turn_over:
        ended = [e for e in state.events_of("turn_ends", bluffer) if e.turn == state.turn]
        why = (
            f'"{ended[-1].cards[0].name}" ended the turn immediately'
            if ended and ended[-1].cards
            else "the turn is over"
        )
        return no(f"{why}: a bluff is called only in its player's Announce Power phase", *rules)
    if player.announced_turn != state.turn:
        return no(
            "the bluffer has not announced power yet this turn: a bluff is called after "
            "the announcement",
            *rules,
        )
    if state.current_phase > Step.ANNOUNCE_POWER:
        return no(
            f"the Announce Power phase is over (it is the {state.current_phase.title} phase)",
            *rules,
        )
    if any(e.data.get("bluffer") == bluffer for e in state.events_of("call_bluff", this_turn=True)):
        return no("the bluff has already been called this turn", R.BLUFF_CALL)
    return None
