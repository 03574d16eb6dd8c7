"""FMA question handlers: the helpers they share.

The battle questions are in ``rulesq.games.fma.battle_answers``, the value questions in
``rulesq.games.fma.value_answers``. Each handler reads the facts before its question
(``rulesq.games.fma.situation``), answers with the pure rules (``battle``, ``attributes``,
``goals``) and records why in the derivation graph: the facts used, the card effects, the
clauses (rule first, worked example second), the alternatives that lost and the negative
facts relied on. A value the sources never give, or a text rulesq does not understand,
gives *cannot answer* with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer, InputError, did_you_mean, suggest, typed
from rulesq.games.fma import citations
from rulesq.games.fma.situation import Reader
from rulesq.games.fma.state import PRECEDENT, RULE, Character, Cited, State, card_clauses
from rulesq.games.fma.vocab import Attribute

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: The role each library clause plays in an answer.
ROLES: dict[str, str] = {
    citations.SET_VALUE: RULE,
    citations.SET_VALUE_EXAMPLE: PRECEDENT,
    citations.SET_VALUE_ORDER: PRECEDENT,
    citations.DEFEATED: RULE,
    citations.TOUGHNESS: RULE,
    citations.SENT_HOME: RULE,
    citations.AFTER_THE_BATTLE: RULE,
    citations.BATTLE_RESOLUTION: PRECEDENT,
    citations.GOAL_CHANGE: RULE,
    citations.GOAL_OTHER: RULE,
    citations.PRINTED: RULE,
}


# ---------------------------------------------------------------------------- reading


def reader_for(ctx: Context) -> tuple[Reader, State]:
    """The facts before the question, read in order."""
    reader = Reader(ctx.situation, ctx.game)
    return reader, reader.read(ctx.facts)


def cite(ctx: Context, cited: Iterable[Cited]) -> list[str]:
    """Add clauses to the graph with their roles; their nodes, in order."""
    return [ctx.clause(ref, role) for ref, role in dict.fromkeys(cited)]


def settled_support(
    ctx: Context, state: State, names: Iterable[str], attribute: Attribute, until: int | None
) -> list[str]:
    """What settles attachments' unknown bonuses for these characters: the stopping card.

    Its fact, its text and its clauses (none when no such bonus is settled; ``lifted_gaps``).
    """
    if not any(state.lifted_gaps(n, attribute, until) for n in names):
        return []
    out: list[str] = []
    for passive in state.suppressing(until):
        if passive.fact is not None:
            out.append(ctx.fact(passive.fact))
        out.append(
            ctx.derivation().effect(passive.card.name, passive.effect.render(), passive.card)
        )
        out += cite(ctx, card_clauses(passive.card))
    return out


def cite_one(ctx: Context, ref: str) -> str:
    """Add one of the library's clauses with its usual role."""
    return ctx.clause(ref, ROLES.get(ref))


def names_of(names: Iterable[str]) -> str:
    """``"A", "B" and "C"``, or ``nobody``."""
    quoted = [f'"{n}"' for n in names]
    if not quoted:
        return "nobody"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def attribute_asked(ctx: Context) -> Attribute:
    """The attribute a question asks about (an unknown word is an error at it)."""
    word = str(ctx.question.param("attribute", ""))
    try:
        return Attribute.named(word)
    except Exception:
        line = ctx.question.span.line
        column = ctx.situation.line(line).find(word) + 1
        options = [a.value for a in Attribute]
        raise InputError(
            f'"{word}" is not an FMA attribute',
            ctx.situation.source,
            ctx.situation.text,
            line,
            max(column, 1),
            expected=typed(options),
            suggestion=did_you_mean(suggest(word, options)),
        ) from None


def character_asked(ctx: Context, reader: Reader, state: State) -> Character:
    """The character a question names (a corpus card is introduced with its values)."""
    ref = ctx.question.card
    found = state.find(ref.card.name if ref.card is not None else ref.name)
    if found is not None:
        return found
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a character of this situation')
    return reader.introduce(ref)


def blocked_by_gaps(
    ctx: Context,
    state: State,
    names: Iterable[str],
    attribute: Attribute | None,
    until: int | None = None,
    until_line: int | None = None,
) -> Answer | None:
    """The *cannot answer* the gaps touching these characters give (at ``until``), or None."""
    gaps = [gap for name in names for gap in state.blocking(name, attribute, until, until_line)]
    if not gaps:
        return None
    unique = list(dict.fromkeys(gaps))
    return ctx.cannot(unique[0].reason, gaps=tuple((g.text, g.reason) for g in unique))
