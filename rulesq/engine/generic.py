"""Questions any game answers from its corpus alone (a game may handle them itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Text
from rulesq.errors import CannotAnswer
from rulesq.explain.graph import BEATS, SUPPORTS

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


def card_text(ctx: Context) -> Answer:
    """``ask what does "X" read?``: the text in force, citing the errata that changed it.

    The printed text, when an erratum replaced it, is the alternative that lost, beaten
    by the erratum.
    """
    ref = ctx.question.card
    card = ref.card
    if card is None or card.text is None:
        note = card.fields.get("text_note") if card is not None else None
        raise CannotAnswer(str(note) if note else f'the sources give no text for "{ref.name}"')
    graph = ctx.derivation()
    # a splice of an erratum the sources leave open is stated as an assumption
    for assumed in card.fields.get("text_assumes") or ():
        graph.absence(str(assumed), assumed=True)
    # a correction of the card data (a typo, flavour or a trait run into the text) is shown
    for corrected in card.fields.get("corrections") or ():
        graph.absence(f"a data problem worked around: {corrected}", assumed=True)
    card_node = graph.card(card.name, card)
    errata = [ctx.clause(clause_id, role="rule") for clause_id in card.errata]
    changed = card.printed_text is not None and card.printed_text != card.text
    if errata and changed:
        printed = graph.alternative(f'"{card.printed_text}"', card.printed_text)
        graph.link(card_node, printed, SUPPORTS, note="as printed")
        for node in errata:
            graph.link(node, printed, BEATS, note="the erratum replaces the printed text")
        ids = ", ".join(str(graph.data(n)["clause_id"]) for n in errata)
        reason = f"the text in force after the erratum ({ids})"
    elif errata and card.printed_text is None:
        ids = ", ".join(str(graph.data(n)["clause_id"]) for n in errata)
        giver = _giver(ctx, card.errata)
        reason = f"the text {giver} gives ({ids}); the sources do not give the printed text"
    elif errata:
        reason = "the text as printed; the errata about this card do not change its text"
    elif card.fields.get("inline"):
        reason = "the text given by the card line of this situation"
    else:
        reason = "the text as printed; no erratum changes it"
    return ctx.conclude(Text(card.text), reason, supported_by=(card_node, *errata))


def _giver(ctx: Context, refs: tuple[str, ...] | list[str]) -> str:
    """What gives a card's text: "the erratum", or "the ruling" when only rulings do."""
    kinds = set()
    for ref in refs:
        found = ctx.corpus.find_clause(ref)
        kinds.add(found.kind if found is not None else "erratum")
    return "the ruling" if kinds == {"ruling"} else "the erratum"
