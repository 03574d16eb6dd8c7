"""The Warhammer action chain: links resolve last in, first out; targets are checked again.

The order is a strategy of its own (:func:`resolution_order`, Q&A 18). Resolving a link
follows only the effects read here — deal N (or X) damage to one target unit, destroy one
target unit, with or without "fewer hit points than the number of <trait> cards in play" —
after the cost before "to"; any other text makes the answer *cannot answer*. A link whose
targets have all become illegal is cancelled (FAQ, Illegal Target; Resolving a Card Effect).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import texts
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.damage import doublers, keyword
from rulesq.games.warhammer.values import hit_points
from rulesq.games.warhammer.vocab import Header

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link

FAQ = "warhammer/faq/"
LIFO = FAQ + "qa/18"
WINDOW = FAQ + "timing-structure/b"
ILLEGAL = FAQ + "targeting/illegal-target"
RESOLVING = FAQ + "rules-clarifications/resolving-a-card-effect"
LETTER_X = FAQ + "terminology-clarifications/the-letter-x"
LEAVE_PLAY = FAQ + "turn-sequence/phase-4"

_COST = re.compile(r"^(?P<cost>.+?) to (?P<effect>(?:deal|destroy)\b.*)$", re.IGNORECASE)
_DEAL = re.compile(r"^deal (?P<n>\d+|X) damage to one target unit$", re.IGNORECASE)
_DESTROY = re.compile(
    r"^destroy one target unit(?: with fewer hit points than the number of "
    r"(?P<trait>[A-Z][\w']*) cards in play)?$"
)


def resolution_order(chain: list[Link]) -> list[Link]:
    """The links in the order they resolve: the last added first."""
    return list(reversed(chain))


@dataclass(frozen=True)
class Effect:
    """What a link does once resolved: its act, amount, target condition and quote."""

    act: str
    quote: Text
    amount: int | None = None
    fewer_than_trait: str | None = None


@dataclass
class State:
    """The board as the chain resolves: cards destroyed and damage added so far."""

    destroyed: list[InPlay] = field(default_factory=list)
    damage: dict[int, int] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)

    def cite(self, *rules: str) -> None:
        """Add rules once each."""
        self.rules += [r for r in rules if r not in self.rules]


def effect_of(link: Link, gaps: list[str]) -> Effect | None:
    """The effect a link resolves, or None (with a gap) when its text is not followed."""
    card = link.card
    if card is None or not card.text:
        gaps.append(f'the text of "{link.name}" is not known')
        return None
    actions = [
        e
        for e in texts.parsed(card.text).effects
        if isinstance(e, fx.Ability) and e.header is Header.ACTION
    ]
    if len(actions) != 1:
        gaps.append(f'"{link.name}" has {len(actions)} actions: which one is triggered is not read')
        return None
    quote = actions[0].span.of(card.text).strip()
    body = quote.split(":", 1)[1].strip().rstrip(".")
    costed = _COST.match(body)
    body = costed.group("effect") if costed else body
    deal, destroy = _DEAL.match(body), _DESTROY.match(body)
    text = Text(link.name, quote)
    if deal is not None:
        amount = deal.group("n")
        if amount == "X":
            if link.paid is None:
                gaps.append(f'"{link.name}" deals X damage: what was paid for X is not stated')
                return None
            return Effect("deal", text, link.paid)
        return Effect("deal", text, int(amount))
    if destroy is not None:
        return Effect("destroy", text, fewer_than_trait=destroy.group("trait"))
    gaps.append(f'"{link.name}": "{quote}" is not followed by the chain rules of rulesq')
    return None


def has_trait(placed: InPlay, trait: str) -> bool:
    """Whether a faceup card in play shows the trait."""
    if placed.card is None or placed.facedown:
        return False
    traits = placed.card.fields.get("traits") or ()
    listed = traits.split(",") if isinstance(traits, str) else list(traits)
    return trait.casefold() in (str(t).strip().casefold() for t in listed)


def _in_play(board: Board, state: State) -> list[InPlay]:
    return [c for c in board.cards if c not in state.destroyed]


def legal(board: Board, state: State, link: Link, effect: Effect, target: InPlay) -> str | None:
    """Why a target is illegal now (None: it is legal)."""
    if target in state.destroyed:
        return f'"{target.name}" is no longer in play'
    trait = effect.fewer_than_trait
    if trait is None:
        return None
    points = hit_points(board, target)
    state.gaps += points.gaps
    if points.value is None:
        return None
    count = sum(1 for c in _in_play(board, state) if has_trait(c, trait))
    state.steps.append(
        f'"{target.name}" has {points.value} hit points and {count} {trait} cards are in play'
    )
    if points.value < count:
        return None
    return (
        f'"{target.name}" no longer has fewer hit points ({points.value}) than the number '
        f"of {trait} cards in play ({count})"
    )


def resolve_link(board: Board, state: State, link: Link) -> bool | None:
    """Resolve one link on the state; whether it was cancelled (None: not read)."""
    effect = effect_of(link, state.gaps)
    if effect is None:
        return None
    state.texts.append(effect.quote)
    if effect.amount is not None and link.card is not None and link.card.fields.get("cost") == "X":
        state.cite(LETTER_X)
    why = [legal(board, state, link, effect, t) for t in link.targets]
    if state.gaps:
        return None
    if link.targets and all(w is not None for w in why):
        state.steps.append(f'"{link.name}" is cancelled: ' + "; ".join(w for w in why if w))
        state.cite(ILLEGAL, RESOLVING)
        return True
    for target, reason in zip(link.targets, why, strict=True):
        if reason is not None:
            continue
        if effect.act == "destroy":
            state.destroyed.append(target)
            state.steps.append(f'"{link.name}" destroys "{target.name}"')
            continue
        amount = effect.amount or 0
        if keyword(target, "toughness") is not None or doublers(board):
            state.gaps.append(
                f'damage to "{target.name}" is cancelled or doubled as it is '
                "assigned: not followed on the chain"
            )
            return None
        total = target.damage + state.damage.get(id(target), 0) + amount
        state.damage[id(target)] = state.damage.get(id(target), 0) + amount
        points = hit_points(board, target)
        state.gaps += points.gaps
        if points.value is None:
            return None
        state.steps.append(
            f'"{link.name}" deals {amount} damage to "{target.name}" '
            f"({total} against {points.value} hit points)"
        )
        if total >= points.value:
            state.destroyed.append(target)
            state.steps.append(f'"{target.name}" is destroyed')
            state.cite(LEAVE_PLAY)
    return False


def cancelled(board: Board, link: Link) -> tuple[bool | None, State]:
    """Whether a link is cancelled when it resolves, after every link added after it."""
    state = State(rules=[LIFO])
    for other in resolution_order(board.chain):
        outcome = resolve_link(board, state, other)
        if outcome is None:
            return None, state
        if other is link:
            return outcome, state
    return None, state
