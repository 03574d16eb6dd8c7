"""Questions about using cards' icons and special power texts.

``can I retrieve "X"?``, ``can I use the REPLACE icon of "X"?``, ``can I use the special power
text of "X"?``, ``is the special power text of "X" optional?``, ``can I choose the order of "A"
and "B"?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.effects.base import Unparsed
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.answers_hands import after_retreat
from rulesq.games.bluemoon.judge.answers_play import assume_turn
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.place_ways import placed_out_of_play
from rulesq.games.bluemoon.judge.placing import placed_nowhere
from rulesq.games.bluemoon.judge.replacing import can_replace
from rulesq.games.bluemoon.judge.retrieving import blockers_read, icon_ruling
from rulesq.games.bluemoon.judge.retrieving import can_retrieve as retrieve_ruling
from rulesq.games.bluemoon.judge.ruling import no, yes
from rulesq.games.bluemoon.judge.timing import acts_at_fight_end
from rulesq.games.bluemoon.judge.usable import not_live, text_usable, voluntary
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.forces import Source

CONTINUOUS = "while active"
#: Acts that only prepare a "may" choice ("I search through my draw deck … then I reshuffle").
PREPARING = (a.Search, a.Reshuffle)


def can_retrieve(ctx: Context) -> Answer:
    """Answer ``can I retrieve "X"?``: by its RETRIEVE icon or by a card text."""
    view = View(ctx)
    assume_turn(view, USES_ON_OWN_TURN)  # no turn stated: re-asked on the other
    card = view.card(who=view.who)
    return view.yes_no(retrieve_ruling(view.forces, card, view.who))


#: Why a question about using an icon, with no turn stated, is asked on the asker's turn first.
USES_ON_OWN_TURN = "a player uses his RETRIEVE and REPLACE icons on his own turn"


def can_use_icon(ctx: Context) -> Answer:
    """Answer ``can I use the REPLACE icon of "X"?`` (REPLACE or RETRIEVE)."""
    view = View(ctx)
    assume_turn(view, USES_ON_OWN_TURN)
    icon = str(ctx.question.param("icon", "")).upper()
    card = view.card(who=view.who)
    if card.owner != view.who:
        card = view.hypothetical(card.info, view.who)
    if icon == "REPLACE":
        return view.yes_no(can_replace(view.forces, card, view.who))
    if icon == "RETRIEVE":
        if icon not in card.info.icons:
            return view.yes_no(no(f'"{card.name}" has no RETRIEVE icon', R.RETRIEVE))
        ruling = icon_ruling(view.forces, card, view.who)
        return view.yes_no(blockers_read(view.forces, ruling, view.who))
    raise CannotAnswer(f"rulesq does not yet judge using the {icon} icon on demand")


def can_use_text(ctx: Context) -> Answer:
    """Answer ``can I use the special power text of "X"?`` (now, or again)."""
    view = View(ctx)
    card = view.card(who=view.who)
    forces = view.forces
    placed_out = None
    if card.info.has_text and placed_nowhere(card):
        placed_out = placed_out_of_play(view, card, "a text is used from a card in play")
    if any(acts_at_fight_end(s) for s in effects_of(card)):
        # A retreat ends the fight: a text used "at the end of each fight" is used then, once
        # the combat and support areas are cleared (its end unstated, as a draw count reads it).
        forces = after_retreat(view)
        card = next((c for c in forces.state.cards if c.uid == card.uid), card)
    ruling = text_usable(forces, card, view.who, placed_out=placed_out is not None)
    if placed_out is not None:
        ruling.assumptions.append(placed_out)
    return view.yes_no(ruling)


def optional(source: Source) -> bool:
    """Whether its player may leave an effect unused ("I may …"): "must" and "may not" are not."""
    effect = source.effect
    if isinstance(effect, fx.ActionEffect):
        chosen = [do for do in effect.dos if not all(isinstance(x, PREPARING) for x in do.acts)]
        return bool(chosen) and all(do.mode is a.Mode.MAY for do in chosen)
    return voluntary(effect)


def _binds(source: Source) -> str:
    """Why an effect leaves its player no choice, in words."""
    effect = source.effect
    if isinstance(effect, fx.Prohibition):
        return 'says "you may not", which leaves no choice'
    if isinstance(effect, fx.Obligation | fx.MustToPlay):
        return 'says "must", which leaves no choice'
    return 'does not say "may"'


def text_optional(ctx: Context) -> Answer:
    """Answer ``is the special power text of "X" optional?``."""
    view = View(ctx)
    card = view.card()
    if not card.info.text_known:
        raise CannotAnswer(f'the sources give no special power text for "{card.name}"')
    sources = effects_of(card)
    if not sources:
        return view.yes_no(no(f'"{card.name}" has no special power text'))
    unread = [s for s in sources if isinstance(s.effect, Unparsed)]
    if unread:
        raise CannotAnswer(
            f'rulesq does not understand the text of "{card.name}": {unread[0].quote}'
        )
    binding = [s for s in sources if not optional(s)]
    if binding:
        return view.yes_no(
            no(
                f'"{binding[0].quote}" {_binds(binding[0])}: it is always applied (unless ignored)',
                R.AS_FAR_AS_POSSIBLE,
                R.MAY_OPTIONAL,
                sources=binding,
            )
        )
    return view.yes_no(
        yes(
            f'the text uses "may": its player may choose to take no action ({sources[0].quote})',
            R.MAY_OPTIONAL,
            sources=sources,
        )
    )


def choose_order(ctx: Context) -> Answer:
    """Answer ``can I choose the order of "A" and "B"?`` (their texts' effects)."""
    view = View(ctx)
    who = view.who
    forces = view.forces
    cards = [view.card(ref, who) for ref in ctx.question.cards]
    moments: set[str] = set()
    used: list[Source] = []
    for card in cards:
        if card.owner != who:
            raise CannotAnswer(
                f'"{card.name}" is not the asking player\'s card; rulesq does '
                "not judge who orders the effects of both players' cards"
            )
        dead = not_live(forces, card)
        if dead is not None:
            return view.yes_no(dead)
        if not card.info.has_text:
            return view.yes_no(
                no(f'"{card.name}" has no special power text, so there is no order to choose')
            )
        texts = forces.in_force(card)
        if not texts:
            return view.yes_no(
                no(f'the text of "{card.name}" has no effect now, so there is no order to choose')
            )
        moments |= {_moment(s) for s in texts}
        used += texts
    if len(moments) > 1:
        return view.yes_no(
            no(
                "the texts act at different moments, which fix their order: "
                + "; ".join(s.quote for s in used),
                sources=used,
            )
        )
    if any(isinstance(s.effect, fx.ValueChange) for s in used):
        return view.yes_no(
            no(
                "instructions changing values apply in the order Special Rule 7 "
                "sets, not in an order the player chooses",
                R.VALUE_ORDER,
                sources=used,
            )
        )
    if moments == {CONTINUOUS}:
        return view.yes_no(
            no(
                "continuous texts are not applied in any order: each applies to the fullest extent",
                R.CONTINUOUS_NO_ORDER,
                sources=used,
            )
        )
    return view.yes_no(
        yes(
            "the texts act at the same moment and are all the asking player's: "
            "the original player of a card determines how it is applied",
            R.APPLY_INSTRUCTION,
            R.ORDER_CHOSEN_BY_PLAYER,
            sources=used,
        )
    )


def _moment(source: Source) -> str:
    """The moment an effect acts at, in words (no time: continuously, while active)."""
    when = fx.time_of(source.effect)
    return when.render() if when is not None else CONTINUOUS


__all__ = ["can_retrieve", "can_use_icon", "can_use_text", "choose_order", "text_optional"]
