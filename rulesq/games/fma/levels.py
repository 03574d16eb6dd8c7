"""``what is the level of "X"?``: a leader's level, from his card or from the situation's words.

The level comes from the card (the corpus, or its card line: ``card "X" leader (level 2)``) or
from what the situation says (``"X" is level 2``, ``my leader is "X" (level 2)``; the last
said holds). Leaders level up (a card ruling: "leaders can either gain two experience or level
up"), so a stated level that differs from the card's is not weighed against it: *cannot
answer*, with both. Nothing given is *cannot answer*, saying what to write. Defeated leaders
retain their level (the Defeated characters ruling). The rulings give levels to leaders
alone: a level given to a card of another type (an ally's card line) is *cannot answer*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Number
from rulesq.errors import CannotAnswer
from rulesq.games.fma.handlers import reader_for

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

#: Defeated leaders retain their level (the Defeated characters ruling, second paragraph).
DEFEATED_KEEP = "fma/rulings/defeated-characters/2"


def level(ctx: Context) -> Answer:
    """A leader's level: his card's, or the last the situation states; else *cannot answer*."""
    ref = ctx.question.cards[0]
    card = ref.card
    name = card.name if card is not None else ref.name
    printed = card.fields.get("level") if card is not None else None
    said = _stated(ctx, name)
    is_leader = (card is not None and card.type == "leader") or any(
        f.kind == "leader" for _, f in said
    )
    if card is None and not said:
        raise CannotAnswer(
            f'"{name}" is not a card the sources give, and the situation gives no level for it '
            f'(write: "{name}" is level 2)'
        )
    if not isinstance(printed, int) and not said:
        assert card is not None
        whole = card.fields.get("inline") and not card.fields.get("restated")
        raise CannotAnswer(_none_given(card.name, card.type, bool(whole)))
    kind = card.type if card is not None else ""
    if not is_leader and kind and kind.isalpha():
        article = "an" if kind[:1].casefold() in "aeiou" else "a"
        raise CannotAnswer(
            f'"{name}" is {article} {kind}, and the rulings give levels to leaders alone ("a '
            f'level 2 leader"; "Defeated leaders also retain their level"): they never say '
            f"{article} {kind} has a level"
        )
    support: list[str] = []
    if said:
        value, fact = said[-1]
        if isinstance(printed, int) and printed != value:
            raise CannotAnswer(
                f'the situation says "{name}" is level {value} (line {fact.span.line}), and '
                f"its card gives level {printed}: leaders level up, and the rulings do not say "
                "what a leader's level is once he has levelled up"
            )
        support.append(ctx.fact(fact))
    else:
        assert isinstance(printed, int) and card is not None
        value = printed
    if card is not None and isinstance(printed, int):
        source = (card.fields.get("field_sources") or {}).get("level")
        if source:
            support.append(ctx.clause(str(source), "rule"))
    reason = f'"{name}" is a level {value} leader' if is_leader else f'"{name}" has level {value}'
    _, state = reader_for(ctx)
    defeat = state.defeated_by(name)
    if defeat is not None:
        support += [ctx.fact(defeat), ctx.clause(DEFEATED_KEEP, "rule")]
        reason += "; defeated leaders retain their level"
    return ctx.conclude(Number(value), reason, supported_by=tuple(support))


def _stated(ctx: Context, name: str) -> list[tuple[int, Fact]]:
    """The levels the situation states for the card, in order, each with its statement."""
    wanted = normalise_name(name)
    found: list[tuple[int, Fact]] = []
    for fact in ctx.facts:
        if fact.kind not in ("level", "leader"):
            continue
        for ref in fact.cards:
            if normalise_name(ref.card.name if ref.card is not None else ref.name) != wanted:
                continue
            value = fact.param("number") if fact.kind == "level" else ref.values.get("level")
            if isinstance(value, int) or (isinstance(value, str) and value.isdigit()):
                found.append((int(value), fact))
    return found


def _none_given(name: str, kind: str, inline: bool) -> str:
    """Why no level is known: nothing gives one, and what to write (not for another type)."""
    where = (
        f'its card line gives no level for "{name}"'
        if inline
        else (f'the sources give no level for "{name}"')
    )
    if kind and kind != "leader" and kind.isalpha():
        article = "an" if kind[:1].casefold() in "aeiou" else "a"
        return f"{where} (it is {article} {kind})"
    if inline:
        return (
            f'{where} (write: card "{name}" {kind or "leader"} (level 2), or "{name}" is level 2)'
        )
    return f'{where} (write: "{name}" is level 2)'
