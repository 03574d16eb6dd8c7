"""``is "X" a battle wits event?``: an event counts as every type printed on it, unless played.

Events with more than one effect count as all card types printed on them at all times except
when they are being played, when they count only as the type being played; several traits
named together ("battle wits") must be in one ability (the rulings, Events). A card played
and not since put in a pile or a hand is taken to be being played.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_answers import asked_card
from rulesq.games.fma.card_answers import has_keyword as keyword_answer
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.table import read_table
from rulesq.games.fma.vocab import Attribute, Timing

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: Events with more than one effect count as all their types; several traits need one ability.
EVENTS = "fma/rulings/events/1"
_TRAITS = re.compile(
    r"^(?:(main|battle|search|react)\s+)?(?:(strength|wits|alchemy)\s+)?event$", re.IGNORECASE
)


def has_keyword(ctx: Context) -> Answer:
    """``is "X" a …?``: an event's types when the words name them, else the keyword answer."""
    word = " ".join(str(ctx.question.param("keyword_words", "")).split())
    traits = event_traits(word)
    if traits is not None and ctx.question.cards[0].card is not None:
        card = asked_card(ctx)
        if card.type == "event" or card.fields.get("designator"):
            return is_event_of(ctx, card, word, traits)
    return keyword_answer(ctx)


def event_traits(words: str) -> tuple[Timing | None, Attribute | None] | None:
    """The timing and attribute a phrase like ``battle wits event`` names (None: not such)."""
    found = _TRAITS.match(words.strip())
    if found is None or not (found.group(1) or found.group(2)):
        return None
    timing = Timing(found.group(1).lower()) if found.group(1) else None
    attribute = Attribute.named(found.group(2)) if found.group(2) else None
    return timing, attribute


def is_event_of(
    ctx: Context, card: Card, words: str, traits: tuple[Timing | None, Attribute | None]
) -> Answer:
    """Whether the event ``card`` counts as ``words`` (its abilities; the one being played)."""
    effects, missing = effects_of(card)
    abilities = [e for e in effects if isinstance(e, fx.Ability)]
    if missing is not None or not abilities:
        raise CannotAnswer(missing or f'the abilities of "{card.name}" are not known')
    timing, attribute = traits
    fits = [
        (timing is None or a.timing is timing) and (attribute is None or a.attribute is attribute)
        for a in abilities
    ]
    headers = ", ".join(f'"{a.header()}"' for a in abilities)
    if _being_played(ctx, card) and len(abilities) > 1 and any(fits) and not all(fits):
        raise CannotAnswer(
            f'"{card.name}" is being played ({headers}): it counts only as the type being '
            "played, and the situation does not say which ability that is"
        )
    verdict = any(fits)
    reason = (
        f'"{card.name}" has {headers}: a {words} in one ability, and an event counts as every '
        "type printed on it"
        if verdict
        else f'"{card.name}" has {headers}: no ability of it is a {words} (the traits named '
        "must all be in one ability)"
    )
    return ctx.conclude(YesNo(verdict), reason, supported_by=(ctx.clause(EVENTS, "rule"),))


def _being_played(ctx: Context, card: Card) -> bool:
    """Whether the situation plays the card and puts it nowhere since."""
    table = read_table(ctx.facts)
    play = table.play_of(card.name)
    if play is None:
        return normalise_name(card.name) in table.announced
    zone = table.zones.get(normalise_name(card.name))
    return zone is None or zone[2].span.line < play.fact.span.line
