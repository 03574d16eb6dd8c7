"""What happens to a character's readiness after the situation states it: a cost, or not known.

A card played by a character with the cost ``Set this character`` sets that character (a cost
is declared, with the targets, before any react to the card can be played: the rulings,
Playing cards and abilities). Anything else after the stated readiness that may set or reset
the character is *cannot answer*, with the reason: a text that sets characters, a card whose
text is not known, a set cost whose payer is not named, a cost of a card then canceled (the
rulings say of one card alone, fma/cards/block/ruling, that canceled it leaves its character
unset), a leader that would be set, the end of a turn (the sources do not say what resets
characters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.state import ORIGINS
from rulesq.games.fma.table import key, read_table
from rulesq.games.fma.vocab import Timing

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.situation.model import CardRef, Fact

#: "You must fully declare all parts of an event or ability, including target and cost, …"
DECLARE_COST = "fma/rulings/playing-cards-and-abilities/2"
#: The fact kinds that play a card.
PLAYS = ("play", "plays_as_react", "declared", "character_plays", "used_ability")


@dataclass(frozen=True)
class PaidSet:
    """A play whose cost set the character: the fact, the card and its ability."""

    play: Fact
    card: Card
    ability: fx.Ability
    #: The bonus just received that the play reacted to by setting its character (its text
    #: sets "that character"), when it was no cost that set him.
    bonus: Fact | None = None


def _played(fact: Fact) -> list[tuple[CardRef, str | None]]:
    """The cards a fact plays, each with the key of the character that pays (None: not said)."""
    if fact.kind == "character_plays":
        return [(fact.cards[1], key(fact.cards[0]))]
    if fact.kind == "used_ability":  # the card plays its own ability: "this character" is it
        return [(fact.cards[0], key(fact.cards[0]))]
    if fact.kind == "plays_as_react":
        return [(fact.cards[0], None)]
    return [(ref, None) for ref in fact.cards]


def _line(fact: Fact) -> str:
    return f"line {fact.span.line}"


def _sets_bonus_holder(effects: list[Any], previous: Fact | None) -> tuple[str, fx.Ability] | None:
    """The character a React that sets "that character" after a bonus sets, and its ability.

    It follows what it reacts to: the statement just before its play must be a bonus from a
    source its words name, to a character its words describe (any character); else None.
    """
    abilities = [e for e in effects if isinstance(e, fx.Ability)]
    if len(abilities) != 1 or abilities[0].timing is not Timing.REACT:
        return None
    body = abilities[0].body
    if any(e is not abilities[0] and e not in body for e in effects):
        return None  # more text than the one React
    trigger = body[0] if len(body) == 1 and isinstance(body[0], fx.Trigger) else None
    if trigger is None or not isinstance(trigger.event, fx.ReceivesBonus):
        return None
    if not trigger.effects or not all(
        isinstance(e, fx.SetCard) and isinstance(e.what, fx.That) and e.who is None
        for e in trigger.effects
    ):
        return None
    who = trigger.event.who
    plain = (
        isinstance(who, fx.Selector)
        and who.kind == "character"
        and who.owner is None
        and not (who.qualities or who.faction or who.designator or who.postmods)
    )
    if not plain or previous is None or previous.kind != "bonus" or not previous.cards:
        return None
    source = ORIGINS.get(str(previous.param("bonus_source") or ""))
    if int(str(previous.param("signed_number"))) <= 0 or source not in trigger.event.sources:
        return None
    return key(previous.cards[0]), abilities[0]


def _check_play(
    name: str, asked: str, ref: CardRef, payer: str | None, fact: Fact, previous: Fact | None
) -> tuple[fx.Ability, Fact | None] | None:
    """The ability whose cost (or react to a bonus) set the character (None: it left him)."""
    card = ref.card
    if card is None:
        raise CannotAnswer(f'the sources give no card "{ref.name}", played ({_line(fact)})')
    effects, missing = effects_of(card)
    if missing:
        raise CannotAnswer(
            f'"{card.name}" was played ({_line(fact)}) and {missing}: whether it set or reset '
            f'"{asked}" is not known'
        )
    reacted = _sets_bonus_holder(effects, previous)
    if reacted is not None:
        holder, ability = reacted
        return (ability, previous) if holder == name else None
    if any(isinstance(e, fx.SetCard) for e in fx.walk(tuple(effects))):
        raise CannotAnswer(
            f'"{card.name}" was played ({_line(fact)}) and its text sets characters: rulesq does '
            f'not follow what it set, so whether "{asked}" is set is not known'
        )
    costs = [
        e
        for e in effects
        if isinstance(e, fx.Ability) and e.extra_cost is not None and e.extra_cost.action == "set"
    ]
    if not costs:
        return None
    ability = costs[0]
    cost = ability.extra_cost
    assert cost is not None
    if len(costs) > 1 or not isinstance(cost.what, fx.This):
        raise CannotAnswer(
            f'"{card.name}" (played, {_line(fact)}) costs "{cost.render()}", and the situation '
            "does not say which character paid it"
        )
    if payer is None:
        raise CannotAnswer(
            f'"{card.name}" (played, {_line(fact)}) costs "{cost.render()}", and the situation '
            f'does not say which character played it (write: "X" plays "{card.name}")'
        )
    return (ability, None) if payer == name else None


def canceled_unpaid(facts: list[Fact], since: int) -> list[tuple[Fact, Fact, Card]]:
    """The plays after line ``since`` a cancel left unpaid: (play, cancel, card), in order.

    A card's ``canceled_unset`` field (a ruling: canceled, the character playing it is not set)
    makes a play of it followed by its cancel set nobody.
    """
    found: list[tuple[Fact, Fact, Card]] = []
    for index, fact in enumerate(facts):
        if fact.span.line <= since or fact.kind not in PLAYS:
            continue
        for played, _payer in _played(fact):
            card = played.card
            if card is None or not card.fields.get("canceled_unset"):
                continue
            name = normalise_name(card.name)
            cancel = next(
                (
                    later
                    for later in facts[index + 1 :]
                    if later.kind == "canceled" and any(key(r) == name for r in later.cards)
                ),
                None,
            )
            if cancel is not None:
                found.append((fact, cancel, card))
    return found


def set_by_cost(facts: list[Fact], ref: CardRef, since: int) -> PaidSet | None:
    """The play after line ``since`` whose cost set the character (None: none did).

    Raises:
        CannotAnswer: something after line ``since`` may have set or reset the character.
    """
    name = key(ref)
    paid: PaidSet | None = None
    unpaid = canceled_unpaid(facts, since)
    previous: Fact | None = None
    for fact in facts:
        before, previous = previous, fact
        if fact.span.line <= since:
            continue
        kind = fact.kind
        if kind == "period_ends" and fact.param("period") == "turn":
            raise CannotAnswer(
                f'the turn ended ({_line(fact)}) after the situation says whether "{ref.name}" is '
                "set: the sources do not say whether characters are reset when a turn ends"
            )
        if kind == "would_set" and read_table(facts).leader_key(fact.who or "") == name:
            raise CannotAnswer(
                f'the situation says "{ref.name}" would be set ({_line(fact)}), not that it was'
            )
        if kind == "canceled" and paid is not None:
            if (
                any(key(r) == normalise_name(paid.card.name) for r in fact.cards)
                and paid.bonus is not None
            ):
                paid = None  # it set the character by its effect: canceled, that never happens
                continue
            if any(key(r) == normalise_name(paid.card.name) for r in fact.cards):
                raise CannotAnswer(
                    f'"{paid.card.name}" was canceled ({_line(fact)}) after "{ref.name}" paid its '
                    f'cost "{paid.ability.extra_cost.render() if paid.ability.extra_cost else ""}'
                    '": the sources do not say whether the costs of a canceled card stay paid '
                    "(they say it of one card alone, fma/cards/block/ruling)"
                )
        if kind not in PLAYS:
            continue
        for played, payer in _played(fact):
            if any(play is fact and card is played.card for play, _, card in unpaid):
                continue  # canceled, and its ruling says it leaves its character unset
            found = _check_play(name, ref.name, played, payer, fact, before)
            if found is not None and played.card is not None:
                paid = PaidSet(fact, played.card, found[0], found[1])
    return paid
