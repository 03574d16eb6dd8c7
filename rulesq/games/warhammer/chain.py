"""The Warhammer action chain: links resolve last in, first out; targets are checked again.

The order is a strategy of its own (:func:`rulesq.games.warhammer.board.resolution_order`, Q&A
18). A link is an Action triggered, a card played from the hand (a tactic, or a card that
enters play when the chain has resolved) or a card played by an effect as the chain resolves.
Costs are paid as a link is added (a unit sacrificed to trigger leaves play at once). Resolving
a link follows the effect forms of :mod:`abilities` — damage, destroy, a guard that cancels
other actions targeting a unit unless more is paid, a cancel of a link "just played/triggered",
a discard with an "if" condition on the cards in hand; any other effect is recorded as
unfollowed, and the answer about a later link is *cannot answer* unless its targets have
already left play (a card that leaves play never becomes a legal target again). A link whose
targets have all become illegal, or whose condition is no longer met, is cancelled (FAQ,
Illegal Target; Resolving a Card Effect).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import board as B
from rulesq.games.warhammer import traits
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.damage import doublers, toughness
from rulesq.games.warhammer.spendable import damage_now
from rulesq.games.warhammer.values import Value, hit_points, steady_hit_points
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link

FAQ = "warhammer/faq/"
LIFO = FAQ + "qa/18"
WINDOW = FAQ + "timing-structure/b"
ILLEGAL = FAQ + "targeting/illegal-target"
RESOLVING = FAQ + "rules-clarifications/resolving-a-card-effect"
LETTER_X = FAQ + "terminology-clarifications/the-letter-x"
LEAVE_PLAY = FAQ + "turn-sequence/phase-4"
GUARDS = FAQ + "rules-clarifications/actions"
IRON_RULING = FAQ + "qa/24"
ATTACHMENT_TARGETS = FAQ + "qa/8"
JUST_PLAYED = FAQ + "terminology-clarifications/just-played"
ENTERING = FAQ + "terminology-clarifications/entering-play"
TRIGGERING = FAQ + "rules-clarifications/triggering-a-card-effect"
_OTHER = {"me": "you", "you": "me"}


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
    #: Cards in each player's hand as the chain resolves.
    hands: dict[str, int] = field(default_factory=dict)
    #: Guards in force: the unit, the resources asked, the link that made it.
    guards: list[tuple[InPlay, int, Link]] = field(default_factory=list)
    #: Links cancelled by a resolved cancel effect (name, casefolded) and by which card.
    cancelled: dict[str, str] = field(default_factory=dict)
    #: The text of the cancel effect that cancels each of those links (the deciding text).
    cancels: dict[str, Text] = field(default_factory=dict)
    #: Effects resolved but not followed (they decide nothing only if nothing depends on them).
    unfollowed: list[str] = field(default_factory=list)
    #: How many links have resolved so far.
    resolved: int = 0

    def cite(self, *rules: str) -> None:
        """Add rules once each."""
        self.rules += [r for r in rules if r not in self.rules]


def effect_of(link: Link, gaps: list[str]) -> Effect | None:
    """The damage or destroy effect a link resolves, or None (with a gap) when not followed."""
    action, why = ab.action_of(link.card)
    if action is None:
        gaps.append(f'"{link.name}": {why}')
        return None
    text = Text(link.name, action.quote)
    if len(action.sentences) != 1 or action.sentences[0].form not in ("deal", "destroy"):
        gaps.append(f'"{link.name}": "{action.quote}" is not followed by the chain rules of rulesq')
        return None
    found = action.sentences[0].match
    assert found is not None
    if action.sentences[0].form == "deal":
        amount = found.group("n")
        if amount == "X":
            if link.paid is None:
                gaps.append(f'"{link.name}" deals X damage: what was paid for X is not stated')
                return None
            return Effect("deal", text, link.paid)
        return Effect("deal", text, int(amount))
    return Effect("destroy", text, fewer_than_trait=found.group("trait"))


def has_trait(board: Board, placed: InPlay, trait: str) -> bool:
    """Whether a faceup card in play shows the trait (CannotAnswer: its traits are unknown)."""
    if placed.card is None or placed.facedown:
        return False
    return traits.bears(board, placed.card, trait)


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
    count = sum(1 for c in _in_play(board, state) if has_trait(board, c, trait))
    state.steps.append(
        f'"{target.name}" has {points.value} hit points and {count} {trait} cards are in play'
    )
    if points.value < count:
        return None
    return (
        f'"{target.name}" no longer has fewer hit points ({points.value}) than the number '
        f"of {trait} cards in play ({count})"
    )


def _deal(board: Board, state: State, link: Link, effect: Effect, target: InPlay) -> bool:
    """Deal a link's damage to one target; False when it cannot be followed."""
    amount = effect.amount or 0
    if toughness(board, target, Value(0), combat=False) != 0 or doublers(board):
        state.gaps.append(
            f'damage to "{target.name}" is cancelled or doubled as it is '
            "assigned: not followed on the chain"
        )
        return False
    points = hit_points(board, target)
    state.gaps += points.gaps
    if points.value is None:
        return False
    held = damage_now(board, target).below(steady_hit_points(target, points))
    before = state.damage.get(id(target), 0)
    state.damage[id(target)] = before + amount
    if held.known is None and held.least + before + amount < points.value:
        state.gaps.append(
            f'the damage on "{target.name}" is not known: {held.step} (it may hold {held.held()})'
        )
        return False
    total = held.least + before + amount
    state.steps.append(
        f'"{link.name}" deals {amount} damage to "{target.name}" '
        f"({'at least ' if held.known is None else ''}{total} against {points.value} hit points)"
    )
    if total >= points.value:
        state.destroyed.append(target)
        state.steps.append(f'"{target.name}" is destroyed')
        state.cite(LEAVE_PLAY)
    return True


def _guarded(board: Board, state: State, link: Link) -> bool | None:
    """Whether a guard ("cancel any other action that targets this unit unless …") cancels it."""
    for unit, extra, guard in state.guards:
        if guard is link or unit not in link.targets:
            continue
        if link.kind == "card":
            state.cite(ATTACHMENT_TARGETS)
        state.cite(GUARDS, IRON_RULING)
        if link.kind == "card":
            state.steps.append(
                f'"{link.name}" is played on "{unit.name}": playing an attachment on a unit is '
                "an action that targets the unit (Q&A 8, a reversal of the previous ruling)"
            )
            state.cite(ATTACHMENT_TARGETS)
        paid = board.payments.get(link.name.casefold(), -1)
        pool = board.capital(link.who).resources
        if paid is not None and paid >= extra:
            state.steps.append(f'"{link.name}"\'s controller pays the additional {extra} resources')
            continue
        if paid == -1 and (pool is None or pool >= extra):
            state.gaps.append(
                f'whether the controller of "{link.name}" pays the additional {extra} '
                "resources is not stated"
            )
            return None
        why = "does not pay" if paid != -1 else f"has {pool} resources and cannot pay"
        state.steps.append(
            f'"{link.name}" targets "{unit.name}" and its controller {why} the additional '
            f'{extra} resources: "{guard.name}" cancels it, the whole action with it'
        )
        state.texts.append(Text(guard.name, _quote(guard)))
        return True
    return False


def _quote(link: Link) -> str:
    action, _ = ab.action_of(link.card)
    return action.quote if action is not None else ""


def _condition(board: Board, state: State, link: Link, action: ab.Action) -> bool | None:
    """Whether the action's "if" condition still holds on resolution (None: not known)."""
    sentence = action.first("discard-hand")
    if sentence is None or sentence.match is None:
        return True
    least = int(sentence.match.group("least"))
    other = _OTHER[link.who]
    held = state.hands.get(other)
    if held is None:
        state.gaps.append("the number of cards in the opponent's hand is not stated")
        return None
    state.steps.append(f'the opponent has {held} cards in hand when "{link.name}" resolves')
    if held >= least:  # checked a second time on resolution, and still met
        state.steps.append(f'its "if" condition ({least} or more) is still met')
        state.texts.append(Text(link.name, action.quote))
        state.cite(RESOLVING)
    return held >= least


def resolve_link(board: Board, state: State, link: Link, asked: bool = False) -> bool | None:
    """Resolve one link on the state; whether it was cancelled (None: not read).

    For the link asked about only what decides its cancellation is read: a cancel effect that
    resolved before it, a guard on its target, its targets and its "if" condition.
    """
    if link.name.casefold() in state.cancelled:
        by = state.cancelled[link.name.casefold()]
        state.steps.append(f'"{by}" resolved first and cancels "{link.name}"')
        if (cancel := state.cancels.get(link.name.casefold())) is not None:
            state.texts.append(cancel)
        state.cite(JUST_PLAYED)
        return True
    if (unstated := _targets_unstated(link)) is not None:
        state.gaps.append(
            f'"{link.name}" targets ("{unstated}"), and the situation does not state its '
            f"targets: what it does on resolution is not known (write, e.g., I trigger "
            f'"{link.name}" targeting "Some Unit")'
        )
        return None
    guarded = _guarded(board, state, link)
    if guarded is None:
        return None
    if guarded:
        return True
    gone = [t for t in link.targets if t in state.destroyed]
    if link.targets and len(gone) == len(link.targets):
        state.steps.append(
            f'"{link.name}" is cancelled: '
            + "; ".join(f'"{t.name}" is no longer in play' for t in gone)
        )
        state.cite(ILLEGAL, RESOLVING)
        return True
    if asked and state.unfollowed:
        state.gaps += state.unfollowed
        return None
    if link.kind == "card":
        state.steps.append(f'"{link.name}" enters play')
        state.cite(ENTERING)
        return False
    action, why = ab.action_of(link.card)
    if action is None:
        state.gaps.append(f'"{link.name}": {why}')
        return None
    if asked and not _readable(state, link, action):
        return None
    held = _condition(board, state, link, action)
    if held is None:
        return None
    if not held:
        state.steps.append(f'"{link.name}" is cancelled: its "if" condition is no longer met')
        state.texts.append(Text(link.name, action.quote))
        state.cite(RESOLVING)
        return True
    form = action.sentences[0].form if len(action.sentences) == 1 else None
    if form in ("deal", "destroy"):
        return _resolve_damage(board, state, link, asked)
    if asked:
        return False
    return _apply(board, state, link, action)


def _targets_unstated(link: Link) -> str | None:
    """The target phrase of a link whose Action targets cards in play none stated (or None).

    Its targets are declared when it is triggered (Q&A 24); a situation that does not state
    them leaves what the link does on resolution, and whether it is cancelled then, unknown.
    """
    if link.targets or link.kind == "card" or link.cancelling is not None:
        return None
    action, _why = ab.action_of(link.card)
    if action is None or not action.in_play:
        return None
    return action.in_play[0]


_IF = compiled(r"\bif\b", re.IGNORECASE)
_PLAIN_TARGET = compiled(r"\b[Tt]arget (?:one )?unit(?=$|[.,]| to\b)")


def _readable(state: State, link: Link, action: ab.Action) -> bool:
    """Whether what could cancel the asked link on resolution is read (else a gap).

    Its "if" conditions must be forms followed; a target qualified beyond "target unit" is
    checked only by the damage and destroy forms, and matters only if a link resolved first.
    """
    unread = [s.words for s in action.sentences if _IF.search(s.words) and s.form is None]
    if unread:
        state.gaps.append(f'the condition of "{unread[0]}" is not checked by rulesq')
        return False
    form = action.sentences[0].form if len(action.sentences) == 1 else None
    targets = len(re.findall(r"\b[Tt]arget\b", action.effect))
    plain = len(_PLAIN_TARGET.findall(action.effect))
    if link.targets and targets > plain and state.resolved and form not in ("deal", "destroy"):
        state.gaps.append(
            f'whether the targets of "{link.name}" are still legal ("{action.quote}") is not '
            "checked by rulesq"
        )
        return False
    return True


def _apply(board: Board, state: State, link: Link, action: ab.Action) -> bool:
    """Apply a followed effect that is not damage; any other is recorded as unfollowed."""
    sentence = action.sentences[0] if len(action.sentences) == 1 else None
    found = sentence.match if sentence is not None else None
    if sentence is not None and found is not None and sentence.form == "guard":
        for unit in link.targets:
            state.guards.append((unit, int(found.group("n")), link))
            state.steps.append(
                f'"{link.name}" resolves: until the end of the turn, any other action that '
                f'targets "{unit.name}" is cancelled unless its controller pays '
                f"{found.group('n')} more resources"
            )
        return False
    if sentence is not None and found is not None and sentence.form == "cancel":
        if link.cancelling is None:
            state.unfollowed.append(f'which link "{link.name}" cancels is not stated')
            return False
        state.cancelled[link.cancelling.casefold()] = link.name
        state.cancels[link.cancelling.casefold()] = Text(link.name, action.quote)
        return False
    if sentence is not None and found is not None and sentence.form == "cancel-unless-all":
        victim = link.cancelling
        if victim is None:
            state.unfollowed.append(f'which card "{link.name}" cancels is not stated')
            return False
        if board.payments.get(victim.casefold(), -1) == -1:
            state.unfollowed.append(
                f'whether "{victim}"\'s controller spends all resources is not stated'
            )
            return False
        if board.payments.get(victim.casefold()) is None:
            state.cancelled[victim.casefold()] = link.name
            state.cancels[victim.casefold()] = Text(link.name, action.quote)
        return False
    if sentence is not None and found is not None and sentence.form == "discard-hand":
        other = _OTHER[link.who]
        if other in state.hands:  # a hand not stated stays not stated
            state.hands[other] -= int(found.group("n"))
        return False
    state.unfollowed.append(f'"{link.name}": "{action.quote}" is not followed on the chain')
    return False


def _resolve_damage(board: Board, state: State, link: Link, asked: bool) -> bool | None:
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
    if asked:
        return False
    for target, reason in zip(link.targets, why, strict=True):
        if reason is not None:
            continue
        if effect.act == "destroy":
            state.destroyed.append(target)
            state.steps.append(f'"{link.name}" destroys "{target.name}"')
        elif not _deal(board, state, link, effect, target):
            return None
    return False


def _pay_costs(board: Board, state: State) -> None:
    """Costs are paid as a link is added: a card sacrificed to trigger leaves play at once."""
    for link in board.chain:
        action, _ = ab.action_of(link.card) if link.kind == "trigger" else (None, None)
        if action is None or action.cost is None or link.source is None:
            continue
        if action.cost.casefold() == "sacrifice this unit":
            state.destroyed.append(link.source)
            state.steps.append(f'"{link.name}" is sacrificed as the cost of its own effect')
            state.cite(TRIGGERING)


def cancelled(board: Board, link: Link) -> tuple[bool | None, State]:
    """Whether a link is cancelled when it resolves, after every link added after it."""
    after = board.chain[board.chain.index(link) + 1 :]
    # last in, first out decides only where links were added after it
    state = State(rules=[LIFO] if after else [], hands=dict(board.hands))
    if after:
        state.steps.append(
            "last in, first out: "
            + ", ".join(f'"{other.name}"' for other in reversed(after))
            + f' resolve{"s" if len(after) == 1 else ""} before "{link.name}"'
        )
    _pay_costs(board, state)
    for other in B.resolution_order(board.chain):
        before = len(state.rules)
        outcome = resolve_link(board, state, other, asked=other is link)
        if outcome is None:
            return None, state
        state.resolved += 1
        if other is link:
            # the rules that decided on this link first, then those of the links before it
            state.rules = state.rules[before:] + state.rules[:before]
            return outcome, state
    return None, state
