"""Questions about playing cards.

``can I play "X"?``, ``can I play a support card?``, ``can I play "A" and "B" together?``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from rulesq.engine.defaults import question_turn
from rulesq.errors import CannotAnswer
from rulesq.games.bluemoon.judge.cards import CardInfo, kind_of
from rulesq.games.bluemoon.judge.plays import PlayJudge
from rulesq.games.bluemoon.judge.ruling import Ruling, yes
from rulesq.games.bluemoon.judge.view import View
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.forces import Source


def judge(view: View) -> PlayJudge:
    """The play judge at the question's moment (with no turn stated, the asker's turn)."""
    assume_turn(view)
    return PlayJudge(view.state, first_turn=view.state.is_first_turn)


def assume_turn(view: View, why: str = "a player plays on his own turn") -> None:
    """A question about playing (or ``why``), with no turn stated, supposes the asker's turn."""
    if view.state.turn_owner is None:
        whose = "my" if view.who == ME else "your"
        view.state.assumed += (question_turn(f"it is taken to be {whose} turn ({why})"),)
        view.timeline.start_turn(view.who)
        view.__dict__.pop("forces", None)


def can_play(ctx: Context) -> Answer:
    """Answer ``can I play "X"?``."""
    view = View(ctx)
    card = view.card(who=view.who)
    if card.owner != view.who:
        card = view.hypothetical(card.info, view.who)
    ruling = judge(view).can_play(card, view.who, conflict_ok=True)
    return view.yes_no(ruling)


@cache
def _type_probe(word: str, kind: str) -> CardInfo:
    """A card of a type, without text or icons, made once per type (an info is immutable)."""
    return CardInfo(name=f"a {word} card", kind=kind, text="")


def can_play_type(ctx: Context) -> Answer:
    """``can I play a support card?``: a card of that type without text or icons."""
    view = View(ctx)
    word = str(ctx.question.param("card_type", "")).lower()
    kind = kind_of(word)
    if kind == "unknown":
        raise CannotAnswer(f'"{word}" is not a Blue Moon card type')
    info = _type_probe(word, kind)
    card = view.hypothetical(info, view.who)
    ruling = judge(view).can_play(card, view.who, conflict_ok=True)
    if ruling.allowed:
        ruling.negatives.append(
            f"the {word} card is taken to have no special power text and no icons"
        )
    return view.yes_no(ruling)


def can_play_together(ctx: Context) -> Answer:
    """``can I play "A" and "B" together?``: each in turn, in the order given."""
    view = View(ctx)
    assume_turn(view)
    who = view.who
    timeline = view.timeline
    ruling: Ruling = yes("")
    names: list[str] = []
    sources: list[Source] = []
    why = ""
    for ref in ctx.question.cards:
        state = timeline.state
        card = state.find(ref.name, who) or view.hypothetical(view.catalog.info(ref), who)
        ruling = PlayJudge(state, first_turn=state.is_first_turn).can_play(
            card, who, conflict_ok=True
        )
        if not ruling.allowed:
            ruling.reason = f"after {', '.join(names)}: {ruling.reason}" if names else ruling.reason
            return view.yes_no(ruling)
        timeline.play(ref, who)
        names.append(f'"{ref.name}"')
        if ruling.sources and not sources:
            why = f" ({ruling.reason})"
        sources += [s for s in ruling.sources if s not in sources]
    together = yes(f"{' and '.join(names)} can be played one after the other this turn{why}")
    together.cite(*ruling.rules)
    together.sources = sources  # what let each card in turn be played
    together.step = ruling.step
    return view.yes_no(together)
