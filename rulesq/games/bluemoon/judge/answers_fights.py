"""Questions about fights: retreating, declining, who starts and acts first, matching power.

``must I retreat?``, ``can I retreat?``, ``can I decline to start the fight?``, ``must I decline
to start the fight?``, ``who starts the next fight?``, ``who acts first?``, ``must I match your
total power?``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Word
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import declines, retreating
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.answers_play import assume_turn
from rulesq.games.bluemoon.judge.claims import Stance, rule_claim
from rulesq.games.bluemoon.judge.fight import shielded, unknown_shield
from rulesq.games.bluemoon.judge.forces import effects_of
from rulesq.games.bluemoon.judge.overruled import icon_overruled, settle
from rulesq.games.bluemoon.judge.ruling import no, yes
from rulesq.games.bluemoon.judge.state import other
from rulesq.games.bluemoon.judge.view import View
from rulesq.games.bluemoon.vocab import Role

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context


def must_retreat(ctx: Context) -> Answer:
    """Answer ``must I retreat?`` (with no turn stated, on the asker's turn, then re-asked)."""
    view = View(ctx)
    view.refuse_unread()
    assume_turn(view, "a player retreats on his own turn")
    return view.yes_no(retreating.must_retreat(view.forces, view.who))


def can_retreat(ctx: Context) -> Answer:
    """Answer ``can I retreat?`` (with no turn stated, on the asker's turn, then re-asked)."""
    view = View(ctx)
    view.refuse_unread()
    assume_turn(view, "a player retreats on his own turn")
    return view.yes_no(retreating.can_retreat(view.forces, view.who))


def can_decline(ctx: Context) -> Answer:
    """Answer ``can I decline to start the fight?``."""
    view = View(ctx)
    view.refuse_unread()
    return view.yes_no(declines.can_decline(view.forces, view.who))


def must_decline(ctx: Context) -> Answer:
    """Answer ``must I decline to start the fight?``."""
    view = View(ctx)
    view.refuse_unread()
    return view.yes_no(declines.must_decline(view.forces, view.who))


def next_starter(ctx: Context) -> Answer:
    """Answer ``who starts the next fight?``."""
    view = View(ctx)
    view.refuse_unread()
    who, ruling = declines.next_starter(view.forces)
    return view.answer(Word(who), ruling)


def first_to_act(ctx: Context) -> Answer:
    """Answer ``who acts first?``: when a text has both players act, the opponent first."""
    view = View(ctx)
    for event in reversed(list(view.state.events_of("play"))):
        if event.who is None:
            continue
        card = event.cards[0]
        for source in effects_of(card):
            effect = source.effect
            dos = effect.dos if isinstance(effect, fx.ActionEffect) else ()
            if any(do.actor is Role.BOTH for do in dos):
                who = other(event.who)
                ruling = yes(
                    f'"{card.name}" has both players act ({source.quote}): the '
                    "opponent of the player who played it implements it first",
                    R.CHOSEN_ONES,
                    sources=[source],
                )
                return view.answer(Word(who), ruling)
    raise CannotAnswer(
        "no card played has both players act, so the situation does not say "
        "whose action comes first"
    )


def must_match(ctx: Context) -> Answer:
    """Answer ``must I match your total power?`` (not with a shield in the contested element)."""
    view = View(ctx)
    view.refuse_unread()
    element = view.state.element
    if element is None:
        raise CannotAnswer("the situation does not say which element is contested")
    found = shielded(view.forces, view.who, element)
    if found is not None and found[1] is None:
        card = found[0]
        return view.yes_no(
            no(
                f'"{card.name}" is an active card with a shield in {element}, the '
                "contested element: its player need not match the opponent's "
                "total power",
                R.SHIELD,
            )
        )
    if found is not None:
        card, ignored = found
        assert ignored is not None
        why = ignored.source
        shield = rule_claim(
            Stance.FORBID,
            f'"{card.name}" has a shield in {element}',
            R.SHIELD,
            holder=card,
            label=f'no need to match (the shield of "{card.name}")',
        )
        rules = (R.MATCH_OPPONENT, R.SHIELD, R.SHIELDS_ARE_ICONS, R.IGNORING) + (
            (R.IGNORED_CARD,) if ignored.what == "card" else ()
        )
        reason = (
            f'"{card.name}" has a shield in {element}, but "{why.card.name}" ignores '
            f"{'the card' if ignored.what == 'card' else 'its icons'} ({why.quote}); "
            "shields are icons, and an ignored icon has no effect: the total power "
            "announced must at least equal the opponent's"
        )
        fallback = rule_claim(Stance.REQUIRE, reason, *rules, default=True)
        overruled = icon_overruled(ignored, card, Stance.REQUIRE, reason, *rules)
        return view.yes_no(settle([shield, overruled, fallback]).ruling)
    unknown_shield(view.forces, view.who, element)
    return view.yes_no(
        yes(
            f"no active character or booster card of the player has a shield "
            f"in {element}: the total power he announces must at least equal "
            "the opponent's",
            R.MATCH_OPPONENT,
            R.SHIELD,
        )
    )
