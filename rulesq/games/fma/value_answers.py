"""FMA value questions: an attribute's value at a point of the timeline, a printed value.

The value comes from the attribute library (``rulesq.games.fma.attributes``) over the
timeline the facts before the question build; the answer cites the changing-attributes
rule first and its worked examples second, the card texts that acted, and the negative
facts (modifiers a set value wiped, effects that ended, attachments that give nothing).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Number, Word
from rulesq.errors import CannotAnswer
from rulesq.explain.graph import BEATS
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations, out_of_play
from rulesq.games.fma.handlers import (
    ROLES,
    attribute_asked,
    blocked_by_gaps,
    character_asked,
    cite,
    cite_one,
    reader_for,
)
from rulesq.games.fma.state import RULE, Character, Cited, State, card_clauses
from rulesq.games.fma.vocab import Attribute

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: The words of ``what is the … of "X"?`` that ask a card's field, and their handler.
CARD_FIELDS = {"level": "level", "cost": "cost", "faction": "faction", "goal": "goal"}

#: The amount a modifier step starts with: ``+1``, ``-2``.
_AMOUNT = re.compile(r"^[+-]?\d+")


def value(ctx: Context) -> Answer:
    """Answer ``ask what is the strength of "X"?`` at this point of the timeline.

    ``what is the level / cost / faction of "X"?`` read the card's fields instead.
    """
    from rulesq.games.fma import card_answers

    field = CARD_FIELDS.get(str(ctx.question.param("attribute", "")).casefold())
    if field is not None:
        answer: Answer = getattr(card_answers, field)(ctx)
        return answer
    attribute = attribute_asked(ctx)
    reader, state = reader_for(ctx)
    character = character_asked(ctx, reader, state)
    blocked = blocked_by_gaps(ctx, state, [character.name], attribute)
    if blocked is not None:
        return blocked
    if character.gone:
        raise CannotAnswer(f'"{character.name}" has left play')
    if normalise_name(character.name) in out_of_play.still_out(ctx):
        raise CannotAnswer(
            f'"{character.name}" is out of play, and the rulings say only that an out-of-play '
            "leader cannot recruit and keeps his attachments, not what his attributes are"
        )
    reading = at.attribute_value(state.timeline(), character.name, attribute)
    graph = ctx.derivation()
    support: list[str] = []
    if character.fact is not None:
        support.append(ctx.fact(character.fact))
    support += cite(ctx, character.sources)
    entries = [e for e in state.all_entries() if (character.name, attribute) in e.touches]
    clauses: list[Cited] = []
    quoted: dict[tuple[str, str], str] = {}
    counted = {step.source for step in reading.steps}
    for entry in entries:
        if entry.fact is not None:
            support.append(ctx.fact(entry.fact))
        if entry.effect is not None and _applies_now(entry.event, counted):
            card, text = entry.effect
            if (card.id, text) not in quoted:
                quoted[card.id, text] = graph.effect(card.name, text, card)
            support.append(quoted[card.id, text])
        clauses += entry.clauses
    _suppressed(ctx, state, character, attribute, support)
    if reading.status is at.Status.NO_ATTRIBUTES:
        rule = cite_one(ctx, citations.DEFEATED)
        return ctx.conclude(
            Word("none"),
            f'"{character.name}" is defeated, and defeated characters have no attributes',
            supported_by=(*support, rule),
        )
    if reading.status is at.Status.BELOW_ZERO:
        return ctx.cannot(
            reading.render(),
            gaps=(
                (
                    f'{attribute.value} of "{character.name}" below 0',
                    "the rulings do not say whether an attribute can be negative or stops at 0",
                ),
            ),
        )
    if reading.status is at.Status.UNKNOWN:
        return ctx.cannot(
            f'the {attribute.value} of "{character.name}" is not known: the sources give no '
            f'printed {attribute.value} for it (give it, e.g. character "{character.name}" '
            f"({attribute.value} 3))",
            gaps=((f'printed {attribute.value} of "{character.name}"', "not given"),),
        )
    if entries or not character.sources:
        clauses.insert(0, (citations.SET_VALUE, RULE))
    clauses += [(ref, ROLES.get(ref, RULE)) for ref in reading.clauses]
    support += cite(ctx, clauses)
    wiped = 0
    for step in reading.steps:
        if not step.counts:
            graph.absence(f"{step.change} from {step.source}: {step.why}")
            amount = _AMOUNT.match(step.change)
            wiped += int(amount.group(0)) if amount else 0
    if wiped and reading.value is not None:
        rule = cite_one(ctx, citations.SET_VALUE)
        node = graph.alternative(
            f"{reading.value + wiped}: the modifiers applied before the "
            "value was set still counting",
            reading.value + wiped,
        )
        graph.link(rule, node, BEATS, note="a value set to a number wipes earlier modifiers")
    still = {step.source for step in reading.steps}
    timeline = state.timeline()
    gone: list[str] = []
    for entry in entries:
        event = entry.event
        if isinstance(event, at.Modifier | at.SetValue) and event.source not in still:
            change = (
                f"set to {event.value} by"
                if isinstance(event, at.SetValue)
                else f"{event.amount:+d} from"
            )
            where = _where_now(timeline, event.id)
            graph.absence(f"{change} {event.source} no longer applies: " + where)
            if where.startswith("it was moved"):
                # a bonus moved away is why this value lacks it: the reason says so
                gone.append(f"{change} {event.source} no longer counts here ({where})")
    assert reading.value is not None
    reason = _value_reason(reading)
    if gone:
        reason += "; " + "; ".join(gone)
    return ctx.conclude(Number(reading.value), reason, supported_by=tuple(dict.fromkeys(support)))


def _suppressed(
    ctx: Context, state: State, character: Character, attribute: Attribute, support: list[str]
) -> None:
    """Attachments that give no bonus because a card in play says so: negative facts."""
    stoppers = state.suppressing()
    if not stoppers:
        return
    stopped = [
        str(getattr(e.event, "source", "an attachment"))
        for e in state.entries
        if e.origin == "attachment" and (character.name, attribute) in e.touches
    ]
    stopped += [gap.text for gap in state.lifted_gaps(character.name, attribute)]
    if not stopped:
        return
    graph = ctx.derivation()
    for passive in stoppers:
        if passive.fact is not None:
            support.append(ctx.fact(passive.fact))
        effect = graph.effect(passive.card.name, passive.effect.render(), passive.card)
        support.append(effect)
        support += cite(ctx, card_clauses(passive.card))
        for source in stopped:
            graph.absence(
                f"{source} gives no {attribute.value} bonus or penalty: "
                f'"{passive.card.name}" is in play ("{passive.effect.render()}")'
            )
            graph.link(
                effect,
                graph.alternative(f"with {source}"),
                BEATS,
                note="attachments do not give attribute bonuses or penalties",
            )


def _applies_now(event: at.Event, counted: set[str]) -> bool:
    """Whether a card's change still reaches the value (one that ended supports nothing)."""
    return not isinstance(event, at.Modifier | at.SetValue) or event.source in counted


def _where_now(timeline: at.Timeline, ident: str) -> str:
    """Why an effect no longer counts for an attribute: moved elsewhere, or ended."""
    try:
        attribute, amount = at.bonus_amount(timeline, ident)
    except at.TimelineError:
        return "it has ended"
    return f"it was moved to {attribute.value} (now {amount:+d})"


def _value_reason(reading: at.Reading) -> str:
    parts = [f"printed {reading.printed}" if reading.printed is not None else "no printed value"]
    for step in reading.steps:
        if not step.counts:
            continue
        tail = f" {step.why}" if step.why else ""
        if step.change.startswith("set to"):
            parts.append(f"{step.change} by {step.source}{tail}")
        else:
            parts.append(f"{step.change} from {step.source}{tail}")
    return "; ".join(parts) + f": {reading.attribute.value} {reading.value}"


def printed(ctx: Context) -> Answer:
    """Answer ``ask what is the printed strength of "X"?``: the number on the card."""
    attribute = attribute_asked(ctx)
    reader, state = reader_for(ctx)
    character = character_asked(ctx, reader, state)
    number = character.printed[attribute]
    if number is None:
        raise CannotAnswer(
            f'the printed {attribute.value} of "{character.name}" is not known '
            f'(give it, e.g. character "{character.name}" ({attribute.value} 3))'
        )
    support = [ctx.fact(character.fact)] if character.fact is not None else []
    support += cite(ctx, character.sources)
    rule = cite_one(ctx, citations.PRINTED)
    changes = [e for e in state.all_entries() if (character.name, attribute) in e.touches]
    if changes:
        ctx.derivation().absence(
            f"{len(changes)} later change(s) to its {attribute.value} do "
            "not count: printed attributes are only the printed numbers"
        )
    corrected = bool(character.sources) and (
        character.card is None
        or (character.card.fields.get("attributes") or {}).get(attribute.value) == number
    )
    if corrected and character.card is not None and not character.card.errata:
        corrected = False  # a ruling that gives the number, not an erratum that corrects it
    reason = (
        f'the number an erratum gives every version of "{character.name}" to be played with '
        f"(a misprinted version shows another): {attribute.value} {number}"
        if corrected
        else f'the number printed on "{character.name}": {attribute.value} {number}'
    )
    return ctx.conclude(Number(number), reason, supported_by=(*support, rule))
