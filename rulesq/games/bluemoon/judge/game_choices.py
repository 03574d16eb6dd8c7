"""The game's own optional actions the situation leaves unstated: the RETRIEVE icon's use.

The rulebook (p.15, RETRIEVE): 'If you have active cards depicting the RETRIEVE icon at the very
beginning of your turn, you may return any of these cards into your undisclosed hand.' It is the
player's option, not a card text, yet as much a choice as a "Now I may …" text: when the
situation passes the very beginning of the turn without stating it (no ``phase Beginning of
Turn`` line, no retrieve stated this turn), each card that could have been retrieved is a
choice asked each way (the retrieve stated right after the turn begins), as the optional texts'
are (:mod:`choices`). Only a card the situation plays on an earlier turn is asked so: one
stated active (``I have active …``) is stated as the question finds it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from rulesq.engine.defaults import quoted
from rulesq.games.bluemoon.judge.choices import RETRIEVE_ASKS, Pending
from rulesq.games.bluemoon.judge.forces import Forces, Source
from rulesq.games.bluemoon.judge.prohibits import RETRIEVE_INTO_HAND, forbidding
from rulesq.games.bluemoon.judge.state import ME, State, Step, Zone, other, state_after

if TYPE_CHECKING:
    from rulesq.effects.base import Effect
    from rulesq.games.bluemoon.judge.state import Instance

#: The icon whose use at the very beginning of its player's turn is the game's option.
ICON = "RETRIEVE"


@dataclass
class IconPending(Pending):
    """A card whose RETRIEVE icon its player could have used as his turn began, unstated."""

    @property
    def about(self) -> frozenset[str]:
        """Whether the card may be retrieved is read as it stands."""
        return RETRIEVE_ASKS

    @property
    def what(self) -> str:
        """The choice, as the answer names it."""
        whose = "my" if self.player == "I" else "your"
        return (
            f'"{self.source.card.name}" depicts the RETRIEVE icon at the very beginning of '
            f"{whose} turn (rulebook p.15: 'you may return any of these cards into your "
            "undisclosed hand')"
        )

    @property
    def hint(self) -> str:
        """How the situation may state the choice."""
        name = quoted(self.source.card.name)
        return (
            f"state it: phase Beginning of Turn, then {self.player} retrieve {name}; or "
            "phase Beginning of Turn alone if nothing was retrieved"
        )


def retrieve_blockers(state: State, who: str) -> list[Instance]:
    """The opposing cards that block the RETRIEVE icon of ``who``'s character cards.

    Rulebook p.15 (RETRIEVE): 'If your opponent's combat area contains active character cards
    depicting the RETRIEVE icon then you may not apply the RETRIEVE function depicted on your
    character cards.' An ignored icon is still depicted, so it still blocks; the block
    reaches only character cards (``rules.RETRIEVE_BLOCKER_DEPICTS``,
    ``rules.RETRIEVE_BLOCKED_CHARACTERS_ONLY``).
    """
    return [
        c
        for c in state.owned(other(who), _COMBAT, active=True)
        if c.is_character and ICON in c.info.icons
    ]


_COMBAT = frozenset({Zone.COMBAT})


def icon_choices(forces: Forces, before: int | None = None) -> list[Pending]:
    """The RETRIEVE icons the turn's player could have used, the beginning of his turn unstated.

    None while the turn is at its very beginning (the question asks there), when the situation
    states that phase (it says what was retrieved there) or any retrieve of the player this
    turn, or when a "you may not" text forbids taking cards into the hand; a card whose icon
    the opponent's RETRIEVE character cards block (:func:`retrieve_blockers`) is no way.
    """
    state = forces.state
    who = state.turn_owner
    if who is None or state.turn_over:
        return []
    # The phase is read last, and only with a card that could have been retrieved: a phase
    # read is one the phase re-asks must tell apart (the phases read alike are asked once).
    if not any(
        card.played and card.turn < state.turn and ICON in card.info.given_icons
        for card in state.owned(who, active=True)
    ):
        return []
    turns = [e for e in state.events_of("turn", who) if e.turn == state.turn]
    if not turns:
        return []
    start = turns[-1]
    line = start.line
    if line is None:
        return []
    for event in state.events:
        if event.turn != state.turn or (before is not None and (event.line or 0) >= before):
            continue
        if event.kind == "retrieve" and event.who == who:
            return []
        if event.kind == "phase" and event.data.get("step") == Step.BEGINNING_OF_TURN:
            return []
    if state.current_phase <= Step.BEGINNING_OF_TURN:  # (no phase stated: its beginning)
        return []
    moment = Forces(state_after(state, start))
    if forbidding(moment, who, RETRIEVE_INTO_HAND) is not None:
        return []
    out: list[Pending] = []
    for card in moment.state.owned(who, active=True):
        if (
            not card.played  # played on an earlier turn: "active" states the card as asked
            or card.turn >= state.turn
            or not card.in_play
            or card.face_down
            or ICON not in card.info.given_icons  # (sure: given by the sources or the situation)
            or moment.icon_ignored(card, ICON) is not None
            or (card.is_character and retrieve_blockers(moment.state, who))  # forbidden
        ):
            continue
        # No card text acts here: the source stands for the card (its effect is never read).
        source = Source(card, cast("Effect", None), -1)
        pending = IconPending(source, line, None, whole=False, act="retrieve")
        pending.takes = frozenset({card.name})
        player = "I" if who == ME else "you"
        pending.ways = [
            (f"{player} retrieve {quoted(card.name)}", f"if it retrieves {quoted(card.name)}")
        ]
        out.append(pending)
    return out
