"""Whether a Warhammer card may be moved, sent questing or put into play: the rules as claims.

Moving needs a different zone, an in-play zone, and one of the mover's own zones unless an
effect specifically allows another (FAQ, Moving Cards; In Play; Q&A 11, 39). The moving
effect named is read: a unit's action that moves itself to another of your zones, or an
action that rearranges your units and support cards into new zones; any other text makes
the answer *cannot answer*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer import texts, traits
from rulesq.games.warhammer.claims import Text, rule_claim, text_claim
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.vocab import Zone

#: "Spend 1 resource to move this unit from its current zone to another of your zones."
MOVE_SELF = compiled(
    r"Action: (?:Spend (?P<cost>\d+) resources? to )?move this unit from its current zone "
    r"to another of your zones\.",
    re.IGNORECASE,
)
#: "Rearrange your units and support cards, moving any number of them into new zones."
REARRANGE = compiled(
    r"Action: Rearrange your units and support cards, moving any number of them into new "
    r"zones\.",
    re.IGNORECASE,
)
HERO = "warhammer/faq/terminology-clarifications/limit-one-hero-per-zone"
#: "Put target unit that entered an opponent's discard pile this turn into play …"
PUT_TARGET = compiled(r"Action: Put target unit (?P<where>[^.]*?) into play\b[^.]*\.", re.I)


@dataclass
class Claims:
    """The claims a question raises, the texts they quote and what could not be read."""

    claims: list[Claim] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)


def can_move(
    board: Board,
    mover: str,
    target: InPlay,
    side: str,
    zone: Zone | None,
    effect: Card | None,
) -> Claims:
    """The claims on moving a card to a player's zone (None: his discard pile)."""
    out = Claims()
    here = P.place(board, target)
    out.gaps += here.gaps
    out.claims.append(
        rule_claim(
            Stance.PERMIT,
            "a card effect may move a card from one in-play zone to another",
            P.IN_PLAY,
            default=True,
        )
    )
    if here.zone is None:
        out.gaps.append(f'"{target.name}" is no longer in play')
        return out
    if zone is None:
        out.claims.append(
            rule_claim(
                Stance.FORBID,
                "card effects move cards only from one in-play zone to another: the discard "
                "pile is out of play",
                P.IN_PLAY,
            )
        )
    elif (side, zone) == (here.side, here.zone):
        out.claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{target.name}" is already in that {zone.value} zone: a card must end a move '
                "in a different zone than it began",
                P.QA_SAME_ZONE,
                P.MOVING,
            )
        )
    if zone is not None and side != mover:
        out.claims.append(
            rule_claim(
                Stance.FORBID,
                "a player may not move units, quests or support cards into an opponent's "
                "zones unless a card effect specifically allows it",
                P.QA_OPPONENT_ZONE,
                P.MOVING,
            )
        )
    if zone is not None:
        before = len(out.claims)
        _hero_limit(board, target, side, zone, out)
        barred = (side, zone) == (here.side, here.zone) or any(
            c.stance is Stance.FORBID for c in out.claims[before:]
        )
        if effect is None and not barred:
            out.gaps.append(
                "a card is moved only by a card effect, and the question names none: whether "
                f'one lets {"me" if mover == "me" else "you"} move "{target.name}" there is '
                f'not known (write, e.g., can I move "{target.name}" to my kingdom with '
                '"Some Card"?)'
            )
    if effect is not None:
        _effect(board, mover, target, here, side, effect, out)
    return out


def _is_hero(board: Board, card: Card) -> bool | None:
    """Whether a card bears the Hero trait or "Limit one Hero per zone" (None: unknown)."""
    if card.text and texts.hero_limit(card.text):
        return True
    shown = traits.traits_of(board, card)
    return None if shown is None else "Hero" in shown


def _hero_limit(board: Board, target: InPlay, side: str, zone: Zone, out: Claims) -> None:
    """Limit one Hero per zone: no Hero is moved into a zone that holds a Hero."""
    if target.card is None or _is_hero(board, target.card) is False:
        return
    there = [
        c
        for c in board.cards
        if c is not target and c.card is not None and not c.facedown and not c.legend
    ]
    there = [c for c in there if (P.place(board, c).side, P.place(board, c).zone) == (side, zone)]
    heroes = [c for c in there if c.card is not None and _is_hero(board, c.card)]
    unknown = [c for c in there if c.card is not None and _is_hero(board, c.card) is None]
    if heroes and _is_hero(board, target.card):
        out.claims.append(
            rule_claim(
                Stance.FORBID,
                f'Limit one Hero per zone: "{heroes[0].name}", a Hero, is in that '
                f"{zone.value} zone, and no other Hero is moved into it",
                HERO,
            )
        )
    elif heroes or unknown:
        card = target.card if not unknown else unknown[0].card
        assert card is not None
        out.gaps.append(traits.unknown_traits(card))


def _effect(
    board: Board,
    mover: str,
    target: InPlay,
    here: P.Place,
    side: str,
    effect: Card,
    out: Claims,
) -> None:
    """What the moving effect's text allows: which cards, and into whose zones."""
    text = effect.text or ""
    own, every = MOVE_SELF.search(text), REARRANGE.search(text)
    if own is not None:
        quote = Text(effect.name, own.group(0))
        if target.name.casefold() != effect.name.casefold():
            out.claims.append(
                text_claim(Stance.FORBID, quote, f'"{effect.name}" moves only itself')
            )
        if side != mover:
            out.claims.append(
                text_claim(Stance.FORBID, quote, f'"{effect.name}" moves to one of your zones')
            )
        cost = int(own.group("cost") or 0)
        paid = board.capital(mover).resources
        if cost and paid is None:
            out.gaps.append(
                f'"{effect.name}" costs {cost} resources to trigger: the situation does not '
                "state the resources"
            )
        elif paid is not None and paid < cost:
            out.claims.append(
                text_claim(Stance.FORBID, quote, f"it costs {cost} resources and {paid} remain")
            )
        elif not any(c.stance is Stance.FORBID for c in out.claims) and not out.gaps:
            # The text is the card effect the In Play clause asks for ("cards can only be moved
            # ... due to card effects"): it allows this move, so it
            # decides, not the rules' default. Only where nothing forbids the move: the text
            # speaks to moving itself into another of its player's zones, and to nothing else.
            out.claims.append(
                text_claim(
                    Stance.PERMIT,
                    quote,
                    f'"{effect.name}" moves itself from its current zone to another of your '
                    "zones: a card effect moves a card from one in-play zone to another",
                    P.IN_PLAY,
                )
            )
        return
    if every is not None:
        quote = Text(effect.name, every.group(0))
        if here.controller != mover or not here.kinds & {"unit", "support"}:
            out.claims.append(
                text_claim(
                    Stance.FORBID,
                    quote,
                    f'"{effect.name}" rearranges only your own units and support cards',
                )
            )
        out.steps.append(
            f'"{effect.name}" moves cards into new zones; it does not specifically allow an '
            "opponent's zone"
        )
        if not any(c.stance is Stance.FORBID for c in out.claims) and not out.gaps:
            # As for a card that moves itself: the text is the card effect the In Play clause
            # asks for, and where nothing forbids the move it decides, not the rules' default.
            out.claims.append(
                text_claim(
                    Stance.PERMIT,
                    quote,
                    f'"{effect.name}" moves your units and support cards into new zones: a '
                    "card effect moves a card from one in-play zone to another",
                    P.IN_PLAY,
                )
            )
        return
    out.gaps.append(f'"{effect.name}": its text is not followed by the moving rules of rulesq')


def _whose(player: str) -> str:
    return "I control" if player == ME else "you control"


def can_quest(board: Board, player: str, unit: InPlay, quest: InPlay) -> Claims:
    """The claims on sending a unit questing on a quest (Q&A 37)."""
    out = Claims()
    at_unit, at_quest = P.place(board, unit), P.place(board, quest)
    out.gaps += at_unit.gaps
    out.steps += at_quest.steps
    out.claims.append(
        rule_claim(
            Stance.PERMIT,
            "unless the quest card specifies otherwise, a unit may be sent questing on a "
            "quest its player controls, in any zone",
            P.QA_QUEST_ANY_ZONE,
            default=True,
        )
    )
    if quest.card is not None and re.search(r"\bquest zone\b", quest.card.text or "", re.I):
        out.gaps.append(f'"{quest.name}" speaks of a quest zone: not followed by rulesq')
    if at_quest.controller != player or at_quest.zone is None:
        out.claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{quest.name}" is not a quest {_whose(player)} in play',
                P.QA_QUEST_ANY_ZONE,
            )
        )
    if at_unit.controller != player or "unit" not in at_unit.kinds or at_unit.zone is None:
        out.claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{unit.name}" is not a unit {_whose(player)} in play',
                P.QA_QUEST_ANY_ZONE,
            )
        )
    if not any(c.stance is Stance.FORBID for c in out.claims):
        out.gaps += _quest_open(board, player, unit, quest, at_unit.questing)
        out.steps.append(
            "the sources never say in which phase a unit is sent questing (the Turn Sequence "
            "names no questing); Q&A 37 answers yes with no phase, so the phase stated is not read"
        )
    return out


def _quest_open(
    board: Board, player: str, unit: InPlay, quest: InPlay, questing: InPlay | None
) -> list[str]:
    """What Q&A 37 leaves open: when a unit is sent, and how many units a quest holds.

    Its answer ("you can send a unit questing on a quest you control in any zone") is asked
    by the player who sends it, about the quest's zone; the sources never say in whose turn
    or when a unit is sent, nor whether a quest or a unit may have more than one questing.
    """
    gaps: list[str] = []
    if board.turn != player:
        whose = "no turn is stated" if board.turn is None else "it is not that player's turn"
        gaps.append(
            f"{whose}: the sources never say when a unit may be sent questing (Q&A 37 says only "
            "that the quest may be in any zone)"
        )
    others = [
        u.name
        for u in board.cards
        if u is not unit and u.questing_on is quest and P.place(board, u).questing is quest
    ]
    if others:
        gaps.append(
            f'"{others[0]}" is questing on "{quest.name}": the sources never say whether a quest '
            "may have more than one unit questing on it"
        )
    if questing is not None:
        gaps.append(
            f'"{unit.name}" is questing on "{questing.name}" already: the sources never say '
            "whether a unit may be sent questing again, or on two quests"
        )
    return gaps


def can_put_into_play(target: InPlay | None, name: str, effect: Card | None) -> Claims:
    """The claims on putting a card into play with an effect: only from out of play (Q&A 20)."""
    out = Claims()
    if effect is not None and PUT_TARGET.search(effect.text or "") is None:
        out.gaps.append(f'"{effect.name}": its text is not followed by rulesq')
    if target is None:
        out.gaps.append(
            f'"{name}" is not in play, and where it is out of play (and since when) is not read'
        )
        return out
    out.claims.append(
        rule_claim(
            Stance.FORBID,
            f'"{name}" is already in play: cards are put into play only from an out of play zone',
            P.QA_PUT_FROM_OUT,
            P.PUT_INTO_PLAY,
        )
    )
    return out
