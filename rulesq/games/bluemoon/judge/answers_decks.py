"""Questions about building a deck (Advanced Rules).

``how many moons does my deck use?``, ``how many moons may my deck use?``, ``how many cards must
my deck hold?``, ``can I add "X" to my deck?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.decks import copies, cost, deck_cost, deck_size, deck_terms
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.decks import Terms


def _terms_ruling(terms: Terms, what: str) -> Ruling:
    ruling = yes(f"{what}: " + "; ".join(terms.reasons), *terms.rules)
    ruling.negatives += terms.negatives
    return ruling


def deck_moons(ctx: Context) -> Answer:
    """Answer ``how many moons does my deck use?`` (cards of the deck's own people are free)."""
    view = View(ctx)
    player = view.state.player(view.who)
    total, costs = deck_cost(player)
    ruling = yes("; ".join(c.reason for c in costs) or "the deck holds no cards yet")
    for item in costs:
        ruling.cite(*item.rules)
    return view.answer(Number(total), ruling)


def moon_limit(ctx: Context) -> Answer:
    """Answer ``how many moons may my deck use?``."""
    view = View(ctx)
    terms = deck_terms(view.state.player(view.who))
    return view.answer(Number(terms.moons), _terms_ruling(terms, f"{terms.moons} moons"))


def deck_card_count(ctx: Context) -> Answer:
    """Answer ``how many cards must my deck hold?``."""
    view = View(ctx)
    terms = deck_terms(view.state.player(view.who))
    return view.answer(Number(terms.cards), _terms_ruling(terms, f"{terms.cards} cards"))


def can_add_to_deck(ctx: Context) -> Answer:
    """Answer ``can I add "X" to my deck?``: one more copy, within the cards and the moons."""
    view = View(ctx)
    player = view.state.player(view.who)
    info = view.catalog.info(ctx.question.card)
    if info.kind in ("leader", "inquisitor", "emissary"):
        return view.yes_no(
            no(f'"{info.name}" is a {info.kind} card: it goes beside the deck, not into it')
        )
    if copies(player, info):
        return view.yes_no(
            no(
                f'the deck already holds "{info.name}": each player may have '
                "only one copy of each card",
                R.DECK_ONE_COPY,
            )
        )
    terms = deck_terms(player)
    size = deck_size(player)
    if size + 1 > terms.cards:
        ruling = no(f"the deck already holds its {terms.cards} cards", *terms.rules)
        ruling.negatives += terms.negatives
        return view.yes_no(ruling)
    used, _ = deck_cost(player)
    price = cost(info, player.deck_people)
    if used + price.moons > terms.moons:
        ruling = no(
            f"{price.reason}; the deck already uses {used} of its {terms.moons} moons",
            *price.rules,
            *terms.rules,
        )
        ruling.negatives += terms.negatives
        return view.yes_no(ruling)
    ruling = yes(
        f"{price.reason}; with it the deck uses {used + price.moons} of its "
        f"{terms.moons} moons and holds {size + 1} of its {terms.cards} cards, one copy "
        f'of "{info.name}"',
        *price.rules,
        R.DECK_ONE_COPY,
        *terms.rules,
    )
    ruling.negatives += terms.negatives
    return view.yes_no(ruling)


__all__ = ["can_add_to_deck", "deck_card_count", "deck_moons", "moon_limit"]
