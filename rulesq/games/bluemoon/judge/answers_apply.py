"""Questions about which cards a text reaches, and playing cards a text finds in the draw deck.

``can "X" apply to "Y"?``, ``which cards can "X" affect?``, ``can I play "X" from my draw deck?``.
The original player of a card determines how it is applied (rulebook p.17): a text naming "one of
my character cards" applies to whichever of them its player chooses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Cards as CardsVerdict
from rulesq.frozen import replace
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.answers_play import assume_turn
from rulesq.games.bluemoon.judge.cards import corpus_info
from rulesq.games.bluemoon.judge.claims import Stance, decide, effect_claim, rule_claim
from rulesq.games.bluemoon.judge.deck_plays import deck_playing_texts
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.overruled import ignoring, sentence_claims, settle
from rulesq.games.bluemoon.judge.plays import PlayJudge
from rulesq.games.bluemoon.judge.prohibits import TAKE_INTO_HAND, forbidding
from rulesq.games.bluemoon.judge.ruling import Ruling, no, yes
from rulesq.games.bluemoon.judge.select import matches
from rulesq.games.bluemoon.judge.state import Zone
from rulesq.games.bluemoon.judge.usable import effect_usable, not_live
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.selectors import Cards, CardsExpr, Q

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.forces import Forces, Source
    from rulesq.games.bluemoon.judge.state import Instance


def chosen_cards(source: Source) -> CardsExpr | None:
    """The cards an effect is applied to ("one of my character cards"), if it names any."""
    cards = fx.cards_of(source.effect)
    return cards if isinstance(cards, Cards) else None


def can_apply(ctx: Context) -> Answer:
    """Answer ``can "X" apply to "Y"?``: is Y one of the active cards X's text names."""
    view = View(ctx)
    first, second = ctx.question.cards[0], ctx.question.cards[1]
    card = view.card(first)
    target = view.card(second)
    return view.yes_no(_applies(view.forces, card, target, view))


def _applies(forces: Forces, card: Instance, target: Instance, view: View) -> Ruling:
    controller = card.owner
    dead = not_live(forces, card)
    if dead is not None:
        return dead
    why = forces.text_ignored(card)
    if why is not None:
        texts = [s for s in effects_of(card) if chosen_cards(s) is not None]
        fallback = rule_claim(
            Stance.FORBID,
            f'"{why.source.card.name}" ignores it: {why.source.quote}',
            R.IGNORING,
            default=True,
        )
        decided = settle(
            [*sentence_claims(texts, Stance.PERMIT, "{quote}"), ignoring(why, card), fallback]
        )
        if not decided.ruling.allowed:
            return decided.ruling
    naming = [(s, sel) for s in forces.in_force(card) if (sel := chosen_cards(s)) is not None]
    if not naming:
        return no(f'the text of "{card.name}" names no cards to apply it to')
    for source, sel in naming:
        if not matches(sel, target, controller, forces, this_card=card):
            continue
        if not (target.in_play and target.active):
            return no(
                f'"{target.name}" is not active: texts apply to active cards',
                R.INACTIVE_NO_EFFECT,
                sources=[source],
            )
        ruling = yes(
            f'"{target.name}" is one of the cards "{source.quote}" names, and the '
            "original player of a card determines how it is applied",
            R.APPLY_INSTRUCTION,
            sources=[source],
        )
        if isinstance(sel, Cards) and sel.quantity.kind in (Q.OF, Q.COUNT, Q.ARTICLE):
            others = [
                c
                for c in forces.state.in_play(controller)
                if c is not target and c.active and matches(sel, c, controller, forces)
            ]
            if others:
                names = ", ".join(f'"{c.name}"' for c in others)
                ruling.reason += f"; its player chooses among them (also {names})"
                played_after = target.played and target.seq > card.seq
                ruling.cite(R.CHOOSE_AS_PLAYED if played_after else R.CHOOSE_AFFECTED_CARD)
        earlier = [s for s, t in view.timeline.applied if t is target and s is not card]
        if earlier:
            ruling.reason += (
                f'; "{earlier[0].name}" already applies to it, and increasing '
                "instructions all apply"
            )
            ruling.cite(R.VALUE_ORDER)
        return ruling
    return no(
        f'"{target.name}" is not one of the cards the text of "{card.name}" names: '
        + "; ".join(s.quote for s, _ in naming),
        sources=[s for s, _ in naming],
    )


def affects(ctx: Context) -> Answer:
    """Answer ``which cards can "X" affect?``: the corpus cards its text's words name."""
    view = View(ctx)
    card = view.card()
    sources = [s for s in effects_of(card) if chosen_cards(s) is not None]
    if not sources:
        return view.answer(CardsVerdict(()), no(f'the text of "{card.name}" names no cards'))
    named: list[str] = []
    for source in sources:
        sel = chosen_cards(source)
        assert isinstance(sel, Cards)
        loose = replace(sel, owner=None, place=None, active=False)
        for record in ctx.corpus.cards.values():
            other = view.hypothetical(corpus_info(record), card.owner, Zone.COMBAT)
            other.active = True
            if record.name not in named and matches(loose, other, card.owner, None):
                named.append(record.name)
    ruling = yes(
        "the cards whose type and name fit the words of the text: "
        + "; ".join(s.quote for s in sources),
        sources=sources,
    )
    ruling.negatives.append("only the cards of the corpus are considered")
    return view.answer(CardsVerdict(tuple(sorted(named))), ruling)


def usable_deck_texts(forces: Forces, card: Instance, who: str) -> list[Source]:
    """The texts in force that have ``who`` play a card like ``card`` from his draw deck now."""
    return [
        s for s in deck_playing_texts(forces, card, who) if effect_usable(forces, s, who).allowed
    ]


def can_play_from_deck(ctx: Context) -> Answer:
    """Answer ``can I play "X" from my draw deck?`` (by a card text that searches it)."""
    view = View(ctx)
    assume_turn(view)
    who = view.who
    info = view.catalog.info(ctx.question.card)
    card = view.hypothetical(info, who, Zone.DECK)
    forces = view.forces
    texts = usable_deck_texts(forces, card, who)
    if not texts:
        return view.yes_no(
            no(
                f'no card text in force lets its player play "{card.name}" from the draw deck',
                R.CARD_LOCATIONS,
            )
        )
    ruling = PlayJudge(view.state, first_turn=view.state.is_first_turn).can_play(
        card, who, from_deck=True
    )
    if not ruling.allowed:
        if any(isinstance(s.effect, fx.Prohibition) for s in ruling.sources[:1]):
            ruling.cite(R.TAKING_FROM_DRAW_DECK)
        return view.yes_no(ruling)
    out = decide(
        [
            rule_claim(Stance.FORBID, "cards are played from the hand", default=True),
            *(
                effect_claim(
                    Stance.PERMIT,
                    t,
                    f'"{t.card.name}" lets its player play '
                    f'"{card.name}" from the draw deck: {t.quote}',
                    R.SUPERSEDE,
                )
                for t in texts
            ),
        ]
    )
    out.sources += [t for t in texts if t not in out.sources]
    out.cite(*ruling.rules)
    ban = forbidding(forces, who, TAKE_INTO_HAND)
    if ban is not None:
        out.beaten.append((f'no ("{ban.card.name}": {ban.quote})', R.PLAYED_NOT_TAKEN_INTO_HAND))
        out.sources.append(ban)
        out.cite(R.PLAYED_NOT_TAKEN_INTO_HAND)
    return view.yes_no(out)


__all__ = ["affects", "can_apply", "can_play_from_deck"]
