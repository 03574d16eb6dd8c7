"""Actions that make their own card deal +N or +X damage in combat for a time, once resolved.

A card in play whose Action says "this unit (legend) deals +X damage in combat until the end of
the turn (phase)" adds it to that card's combat damage once the situation states the Action
triggered and its chain resolved (read as this phase, as every resolved link is). X is what
the card's text makes it: the cost of the card the Action discarded, the number of cards it
revealed (`I trigger "X" discarding "Y"` / `revealing "A", "B"`), or a count on the board
(developments in this zone). An Action not stated triggered adds nothing (an Action happens
only when triggered); one still on the chain, one stated only "triggered this turn" with an X
or a phase to last, or an X the situation does not give, makes the count *cannot answer*.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.games.warhammer import combat_plays, terms, texts, traits
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.turns import ended
from rulesq.games.warhammer.values import Value
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay, Link

#: A card effect, once triggered, exists apart from its source (FAQ, Card Effects).
CARD_EFFECTS = "warhammer/faq/rules-clarifications/card-effects"
#: The letter X: its value is set as the card's text says (FAQ, The Letter X).
LETTER_X = "warhammer/faq/terminology-clarifications/the-letter-x"
#: "X is the discarded card's cost".
_DISCARDED_COST = compiled(r"^discarded card's cost$", re.IGNORECASE)
#: "reveal X Lizardmen units from your hand".
_REVEAL_X = compiled(r"\breveal X (?P<trait>[A-Z][\w'-]*) units? from your hand\b", re.IGNORECASE)


def _x_kind(text: str) -> str | None:
    """How the text sets X: "discarded", "revealed", "count" (a board count), or None."""
    if _REVEAL_X.search(text):
        return "revealed"
    definition = terms.x_definition(text)
    if definition is None:
        return None
    if _DISCARDED_COST.match(definition.strip()):
        return "discarded"
    return "count" if terms.count_term(definition) is not None else None


def reads(text: str) -> bool:
    """Whether rulesq reads the text's Action that gives its own card combat damage."""
    found = texts.lasting_self_grant(text)
    return found is not None and (found.group("n") != "X" or _x_kind(text) is not None)


def _sentence(text: str, found: re.Match[str]) -> str:
    """The sentence of the text the grant's words are in."""
    start = max(text.rfind(". ", 0, found.start()) + 2, text.rfind(": ", 0, found.start()) + 2)
    end = text.find(".", found.end())
    return text[start if start > 1 else 0 : end + 1 if end >= 0 else len(text)].strip()


def _is_unit(board: Board, card: Card | None, trait: str) -> bool:
    if card is None or (card.type or "").lower() != "unit":
        return False
    return traits.bears(board, card, trait)


def _x(board: Board, source: InPlay, link: Link, text: str, value: Value) -> int | None:
    """X for one resolved link of the Action (None: a gap, written to ``value``)."""
    name = source.name
    kind = _x_kind(text)
    if kind == "discarded":
        cards = link.shown if link.shown_as == "discarding" else ()
        if len(cards) != 1 or cards[0] is None:
            value.gaps.append(
                f'"{name}" deals +X damage in combat, X the cost of the card its Action '
                f'discarded: say which, e.g. I trigger "{name}" discarding "Some Card"'
            )
            return None
        cost = cards[0].fields.get("cost")
        if not isinstance(cost, int) or isinstance(cost, bool):
            value.gaps.append(f'the sources do not give a number for the cost of "{cards[0].name}"')
            return None
        value.steps.append(f'"{name}" discarded "{cards[0].name}" (cost {cost}): X is {cost}')
        return cost
    if kind == "revealed":
        found = _REVEAL_X.search(text)
        assert found is not None
        trait = found.group("trait")
        if link.shown_as != "revealing":
            value.gaps.append(
                f'"{name}" deals +X damage in combat, X the {trait} units its Action revealed: '
                f'say which, e.g. I trigger "{name}" revealing "A", "B"'
            )
            return None
        wrong = [c.name for c in link.shown if c is not None and not _is_unit(board, c, trait)]
        if wrong or any(c is None for c in link.shown):
            named = ", ".join(f'"{w}"' for w in wrong) or "a card rulesq does not know"
            value.gaps.append(
                f'"{name}" reveals {trait} units, and the situation names {named}, '
                f"not a {trait} unit"
            )
            return None
        count = len(link.shown)
        value.steps.append(f'"{name}" revealed {count} {trait} units: X is {count}')
        return count
    definition = terms.x_definition(text) or ""
    term = terms.count_term(definition)
    counted = None if term is None else terms.counted(board, source, source, term)
    if counted is None and link.paid is not None:
        value.steps.append(f'"{name}": {link.paid} paid for X, the {definition}')
        return link.paid
    if counted is None:
        value.gaps.append(
            f'"{name}" deals +X damage in combat, X the {definition}: the situation does not '
            "state it"
        )
        return None
    if link.paid is not None and link.paid != counted:
        value.gaps.append(
            f'"{name}": {link.paid} paid for X, but X is the {definition}, {counted}: which '
            "one the Action used is not read by rulesq"
        )
        return None
    value.steps.append(f"X is the {definition}: {counted}")
    return counted


def grants(board: Board, target: InPlay) -> Value:
    """The combat damage the resolved Actions of a card give it (itself only) for a time."""
    value = Value(0)
    text = target.shown_text
    found = texts.lasting_self_grant(text) if text is not None else None
    if text is None or found is None:
        return value
    quote = Text(target.name, _sentence(text, found))
    if any(link.source is target for link in board.chain):
        value.gaps.append(
            f'"{target.name}" is on the action chain and changes the damage it deals in '
            "combat: say whether the chain has resolved"
        )
        return value
    links = [link for link in board.resolved if link.source is target and link.kind == "trigger"]
    earlier = [
        fact
        for name, _who, fact in board.triggered
        if name.casefold() == target.name.casefold()
        and fact.kind == "triggered_this_turn"
        and ended(board, fact.index) is not True  # one of a turn now over gives nothing now
    ]
    if earlier:
        value.gaps.append(
            f'"{target.name}" was triggered this turn, and the situation does not say when, '
            "nor what its Action did: state its trigger and the chain resolved"
        )
        return value
    if not links:
        value.steps.append(
            f'"{target.name}": its Action is not stated triggered, so "{quote.quote}" adds nothing'
        )
        return value
    if not reads(text):
        value.gaps.append(f'"{target.name}": X in "{quote.quote}" is not read by rulesq')
        return value
    fixed = found.group("n") != "X"
    duration = f"until the end of the {found.group('until').lower()}"
    for link in links:
        over, why = combat_plays.ended(board, link, duration)
        if over is None:
            value.gaps.append(f'"{target.name}": its Action resolved, and {why}')
            continue
        if over:
            value.steps.append(f'"{target.name}": its Action resolved, but {why}: it adds nothing')
            continue
        amount = int(found.group("n")) if fixed else _x(board, target, link, text, value)
        if amount is None:
            continue
        value.add(
            amount,
            f'"{target.name}" gives {amount:+d} combat damage until the end of the '
            f"{found.group('until').lower()} (its Action resolved)",
            quote,
            CARD_EFFECTS,
        )
        if not fixed:
            value.rules += [LETTER_X] if LETTER_X not in value.rules else []
    return value
