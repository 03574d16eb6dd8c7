"""Whether a card in play is corrupted: as stated, or as the texts the situation shows acting.

Followed: an attachment the situation has played on the unit whose text reads "Corrupt that
unit." (it corrupts the unit as it is attached); an Action whose cost is to corrupt its own
unit or the attached unit, triggered (a cost is paid as the Action is triggered: Triggering a
Card Effect); a resolved "Corrupt one target unit." on its stated target. Any other text that
may corrupt the unit (a Forced effect in play, a link still on the chain, an effect on a
target not stated, an attachment stated attached without its play) leaves a "no" open, and
any text that restores units, acted this turn, leaves a "yes" open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import forced_corrupting
from rulesq.games.warhammer.board import TRIGGERED_THIS_TURN
from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay, Link

TRIGGERING = "warhammer/faq/rules-clarifications/triggering-a-card-effect"
CARD_EFFECTS = "warhammer/faq/rules-clarifications/card-effects"
CHAIN = "warhammer/faq/timing-structure/b"
#: A verb that corrupts a unit ("corrupt this unit", "corrupt one target unit"), not the
#: adjective ("a corrupt unit") nor the state ("corrupted").
_CORRUPTS = compiled(
    r"\bcorrupt (?:this|that|one|target|a|an|all|up|x|\d+|attached|the)\b", re.IGNORECASE
)
_RESTORES = compiled(r"\brestor(?:e|es|ed)\b", re.IGNORECASE)
_CANNOT_RESTORE = compiled(r"\bcannot be restored\b", re.IGNORECASE)
_CANNOT_CORRUPT = compiled(r"\bcannot be corrupted\b", re.IGNORECASE)
_ATTACHED = compiled(r"^Corrupt that unit\.?$", re.IGNORECASE)
_TARGET = compiled(r"^Action: Corrupt one target unit\.?$", re.IGNORECASE)
#: A text's zone word: its constant and Forced effects are active only in that zone.
_ZONE_WORD = compiled(r"^(?:Kingdom|Battlefield|Quest)\.?$", re.IGNORECASE)
_OWN_COSTS = ("corrupt this unit", "corrupt this card", "corrupt attached unit")


@dataclass
class Corruption:
    """Why a card is corrupted (texts quoted), and what leaves each answer open."""

    by: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    #: Texts that may corrupt it, not followed (a "no" is open).
    may_corrupt: list[str] = field(default_factory=list)
    #: Texts that may restore it, acted this turn (a "yes" is open).
    may_restore: list[str] = field(default_factory=list)
    #: Links still on the chain whose effect has not happened yet (read ``now``), quoted.
    pending: list[str] = field(default_factory=list)
    waiting: list[Text] = field(default_factory=list)
    #: Why a text that may corrupt did not act on it (a Forced effect not triggered).
    steps: list[str] = field(default_factory=list)


def _sentences(text: str) -> list[str]:
    from rulesq.games.warhammer.parse import sentences

    plain = re.sub(r"\s*\([^)]*\)", "", text)
    return [plain[start:end].strip() for start, end in sentences(plain)]


def read(board: Board, placed: InPlay, now: bool = False) -> Corruption:
    """What the texts the situation shows acting do to ``placed``'s corruption.

    ``now``: the corruption at the moment stated, when a link still on the chain has paid its
    cost and its effect waits for the chain to resolve (else such a link leaves it open).
    """
    from rulesq.games.warhammer.places import in_play

    found = Corruption()
    for holder in board.cards:
        text = holder.shown_text
        if not text or not in_play(board, holder):
            continue
        in_action, zone = False, ""
        for sentence in _sentences(text):
            in_action = sentence.startswith("Action:") or (
                in_action and re.match(r"^(?:That|Those|It|They|Then)\b", sentence) is not None
            )
            if in_action:
                continue  # an Action acts only when triggered (then it is a link)
            if _ZONE_WORD.match(sentence):
                zone = sentence.rstrip(".")
            reaches = holder.attached_to is None or holder.attached_to is placed
            if reaches and (
                (_RESTORES.search(sentence) and not _CANNOT_RESTORE.search(sentence))
                or _CANNOT_CORRUPT.search(sentence)
            ):
                found.may_restore.append(f'"{holder.name}" reads "{sentence}"')
            if not _CORRUPTS.search(sentence):
                continue
            if _ATTACHED.match(sentence) and holder.attached_to is not None:
                if holder.attached_to is not placed:
                    continue
                if holder.played_by is not None:
                    found.by.append(f'"{holder.name}" was attached to it: "{sentence}"')
                    found.texts.append(Text(holder.name, sentence))
                    found.rules.append(CARD_EFFECTS)
                else:
                    found.may_corrupt.append(
                        f'"{holder.name}" is attached to it and reads "{sentence}"; whether it was '
                        "restored since is not stated (write it corrupted, or I attach ...)"
                    )
                continue
            forced = forced_corrupting.read(board, holder, placed, sentence, zone)
            if forced is not None:
                (found.may_corrupt if forced.acted else found.steps).append(forced.why)
                found.rules += [r for r in forced.rules if r not in found.rules]
                continue
            found.may_corrupt.append(f'"{holder.name}" reads "{sentence}"')
    _entered(board, placed, found)
    links = [(link, "resolved") for link in board.resolved]
    links += [(link, "on the chain") for link in board.chain]
    for link, where in links:
        _link(board, placed, link, where, found, now)
    named = {link.name.casefold() for link, _ in links}
    stated = [
        (card, what)
        for card, what in board.acted_this_turn(ever=True)
        if what != TRIGGERED_THIS_TURN or card.name.casefold() not in named
    ]
    for card, what in stated:
        source = board.find(card.name)
        cost = _own_cost(card)
        if cost and source is not None and _reaches_own(board, source, placed, cost):
            found.by.append(f'"{card.name}" {what}, its cost paid: "{cost}"')
            found.rules.append(TRIGGERING)
            continue
        _unread(card, f'"{card.name}" {what}', cost, found)
    return found


def _entered(board: Board, placed: InPlay, found: Corruption) -> None:
    """A unit stated entering a zone whose card corrupts the units entering it is corrupted.

    "Your units enter this zone corrupted.": a unit moved in "is considered to have entered the
    new zone" (Moving Cards), and one entering play there enters in that state (Q&A 17).
    """
    from rulesq.games.warhammer import places as P

    if placed.facedown or any(card is placed for card, _ in board.developed):
        return  # a development enters as a development, not a unit (Q&A 30)
    for event in board.events:
        if event.card is not placed or event.kind not in ("moved", "enters_play"):
            continue
        zone = event.zone if event.kind == "moved" else placed.zone
        for holder in board.cards:
            if holder is placed or holder.zone is not zone or holder.owner != placed.owner:
                continue
            if holder.fact.index > event.fact.index or not P.in_play(board, holder):
                continue
            quoted = P.has(holder, P.ENTER_CORRUPTED)
            if quoted is None:
                continue
            verb = "moves into" if event.kind == "moved" else "enters play in"
            found.by.append(f'"{placed.name}" {verb} the zone of "{holder.name}": "{quoted.quote}"')
            found.texts.append(quoted)
            moved = [P.MOVING] if event.kind == "moved" else []
            found.rules += [r for r in (*moved, P.QA_ENTERS_IN_A_STATE) if r not in found.rules]


def _own_cost(card: Card | None) -> str:
    action, _ = ab.action_of(card)
    cost = (action.cost or "").strip() if action is not None else ""
    return cost if cost.casefold() in _OWN_COSTS else ""


def _reaches_own(board: Board, source: InPlay, placed: InPlay, cost: str) -> bool:
    if cost.casefold() == "corrupt attached unit":
        return source.attached_to is placed
    return source is placed


def _link(
    board: Board, placed: InPlay, link: Link, where: str, found: Corruption, now: bool
) -> None:
    """A link of the chain (its cost is paid) or of a chain stated resolved."""
    if link.card is None:
        return
    cost = _own_cost(link.card) if link.kind == "trigger" else ""
    if cost and link.source is not None and _reaches_own(board, link.source, placed, cost):
        found.by.append(f'"{link.name}" was triggered, its cost paid: "{cost}"')
        found.rules.append(TRIGGERING)
        return
    label = f'"{link.name}" ({where})'
    waiting = now and where == "on the chain" and board.resolving is None
    if waiting and _waits(link, label, cost, found):
        return
    if where == "resolved":
        cancelled = any(
            (other.cancelling or "").casefold() == link.name.casefold() for other in board.resolved
        )
        for sentence in _sentences(link.card.text or ""):
            if _TARGET.match(sentence) and link.targets and not cancelled:
                if placed in link.targets:
                    found.by.append(f'"{link.name}" resolved targeting it: "{sentence}"')
                    found.texts.append(Text(link.name, sentence))
                    found.rules.append(CARD_EFFECTS)
                return
    _unread(link.card, label, cost, found)


def _waits(link: Link, label: str, own: str, found: Corruption) -> bool:
    """A link on the chain: its cost is paid, its effect waits for the chain to resolve.

    False when its one Action is not read (then its sentences leave the answer open).
    """
    action, _ = ab.action_of(link.card)
    if action is None:
        return False
    cost = (action.cost or "").strip()
    if cost and cost != own and _CORRUPTS.search(cost):
        found.may_corrupt.append(
            f'{label} paid its cost "{cost}" as it was triggered, and what it corrupted is not '
            "stated"
        )
    effect = action.effect
    if _CORRUPTS.search(effect) or _RESTORES.search(effect):
        found.pending.append(
            f'{label} reads "{action.quote}": its effect happens when the chain resolves '
            "(last in, first out), and the situation does not state that it has: not yet"
        )
        found.waiting.append(Text(link.name, action.quote))
        found.rules.append(CHAIN)
    return True


def _unread(card: Card, label: str, cost: str, found: Corruption) -> None:
    """The sentences of a card that acted that corrupt or restore, not followed."""
    for sentence in _sentences(card.text or ""):
        body = sentence
        if cost and sentence.casefold().startswith(f"action: {cost.casefold()} to "):
            body = sentence[len("Action: ") + len(cost) + len(" to ") :]  # its cost: another's
        if _CORRUPTS.search(body):
            found.may_corrupt.append(f'{label} reads "{sentence}"')
        if _RESTORES.search(body) and not _CANNOT_RESTORE.search(body):
            found.may_restore.append(f'{label} reads "{sentence}"')


def corrupted(board: Board, placed: InPlay) -> tuple[bool | None, str]:
    """Whether a card is corrupted now, with why (None: open, the reason says why)."""
    acted = read(board, placed)
    if placed.corrupted or acted.by:
        why = "stated corrupted" if placed.corrupted else "; ".join(acted.by)
        kingdom = kingdom_since(board, placed) if placed.corrupted else None
        if kingdom:
            return None, (
                f'"{placed.name}" was stated corrupted, and {kingdom}, where its controller may '
                "restore one corrupt unit (Phase 1: Kingdom Phase): whether it was restored is "
                "not stated"
            )
        if acted.may_restore:
            return None, (
                f'"{placed.name}" was corrupted ({why}), and '
                + "; ".join(acted.may_restore)
                + ": whether it restored it is not followed by rulesq"
            )
        return True, why
    if acted.may_corrupt:
        return None, (
            f'"{placed.name}" is not stated corrupted, but '
            + "; ".join(acted.may_corrupt)
            + ": whether it corrupts it is not followed by rulesq"
        )
    return False, ""


def kingdom_since(board: Board, placed: InPlay) -> str | None:
    """A Kingdom phase of the card's controller the situation passes after stating it.

    A turn of its controller stated after the card's line, at a phase past the beginning of
    the turn (or at no phase stated), has passed or may have passed his Kingdom phase.
    """
    from rulesq.games.warhammer.places import controller

    after = placed.fact.index
    whose = controller(placed)
    for number, (who, fact) in enumerate(board.turns):
        if who != whose or fact.index <= after:
            continue
        end = board.turns[number + 1][1].index if number + 1 < len(board.turns) else None
        phases = [
            n for n, f in board.phases if f.index > fact.index and (end is None or f.index < end)
        ]
        if not phases:
            return "a later turn of its controller is stated, at a phase not stated"
        if max(phases) >= 1:
            return "a later turn of its controller is stated past its Kingdom phase"
    return None
