"""Using an ability: again (a card back from the discard pile has no memory), or by need.

If a card plays an activated ability, is then sent to the discard pile and returns to play
that turn, it can use the activated ability again (the rulings, Activated abilities). A card
that used its ability and has not left play since is *cannot answer*: rulesq does not hold the
limits on using an ability again (its cost, a text's own limit). A defeated character plays no
ability, nor does a card that left play and has not returned (only characters play abilities).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.fma import presence, unknown_texts
from rulesq.games.fma.table import key

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import Fact

NO_MEMORY = "fma/rulings/activated-abilities/3"
#: "Only characters “play” events and abilities": a card that left play plays none.
ONLY_CHARACTERS_PLAY = "fma/rulings/activated-abilities/2"
#: The occasions a ``required_when`` field may name, and the fact kind that states each.
OCCASIONS = {"leader set": ("would_set", "your leader would be set")}
DEFEATED_PLAY = "fma/rulings/defeated-characters/2"
#: Defeated characters have no attributes, keywords or abilities.
DEFEATED_BARE = "fma/rulings/defeated-characters/1"


def _last(facts: list[Fact], name: str) -> Fact | None:
    """The last fact naming the card."""
    found = [f for f in facts if any(key(r) == name for r in f.cards)]
    return found[-1] if found else None


def _cycle(facts: list[Fact], name: str, after: int) -> tuple[Fact | None, Fact | None]:
    """The first leaving play after line ``after`` and the return after it (None: none).

    Read through ``Presence.read``, the one reading of who is in play.
    """
    left: Fact | None = None
    back: Fact | None = None
    for fact, moves in presence.walk(facts):
        if fact.span.line <= after:
            continue
        if left is None and presence.taken(moves, name):
            left = fact
        elif left is not None and name in moves.returned:
            back = fact
    return left, back


def use_again(ctx: Context) -> Answer:
    """Answer ``can "X" use its activated ability again?``."""
    ref = ctx.question.card
    name = key(ref)
    used = _last(ctx.facts_of("used_ability"), name)
    if used is None:
        raise CannotAnswer(
            f'the situation does not say "{ref.name}" used its activated ability (write: '
            f'"{ref.name}" uses its activated ability)'
        )
    where, why = presence.where_at(ctx.facts, name)
    if where == presence.DEFEATED and why is not None:
        return ctx.conclude(
            YesNo(False),
            f'"{ref.name}" is defeated, and defeated characters cannot play events or abilities',
            supported_by=(ctx.fact(why), ctx.clause(DEFEATED_PLAY, "rule")),
        )
    if where == presence.GONE and why is not None:
        return ctx.conclude(
            YesNo(False),
            f'"{ref.name}" left play (line {why.span.line}) and has not returned: only characters '
            "play abilities, and a card can use the ability again when it "
            '"is then sent to the discard pile and returns to play"',
            supported_by=(
                ctx.fact(used),
                ctx.fact(why),
                ctx.clause(ONLY_CHARACTERS_PLAY, "rule"),
                ctx.clause(NO_MEMORY, "rule"),
            ),
        )
    if where == presence.OUT and why is not None:
        raise CannotAnswer(
            f'"{ref.name}" is out of play (line {why.span.line}), and the rulings never say '
            "whether a card out of play uses its abilities"
        )
    left, back = _cycle(ctx.facts, name, used.span.line)
    if left is None or back is None:
        raise CannotAnswer(
            f'"{ref.name}" used its activated ability and has not left play and returned '
            "since; rulesq does not hold the limits on using an ability again (its cost, "
            "a text's own limit)"
        )
    support = (ctx.fact(used), ctx.fact(left), ctx.fact(back), ctx.clause(NO_MEMORY, "rule"))
    return ctx.conclude(
        YesNo(True),
        f'"{ref.name}" left play and returned after using its activated ability: cards sent '
        "to the discard pile have no memory, so it can use the ability again",
        supported_by=support,
    )


def must_use(ctx: Context) -> Answer:
    """``must "X" use its ability?``: yes when a ruling requires it on an occasion stated.

    The card's ``required_when`` field (a ruling: the ability is required, not optional, when
    its occasion comes) names the occasion; the card must be in play on the side of the player
    the occasion concerns. Anything else is *cannot answer*: the card's text is not known.
    """
    ref = ctx.question.card
    card = ref.card
    occasion = card.fields.get("required_when") if card is not None else None
    if card is None or occasion not in OCCASIONS:
        raise CannotAnswer(f'rulesq does not know when "{ref.name}" must use its ability')
    kind, said = OCCASIONS[str(occasion)]
    name = key(ref)
    # whose it is: "my "X" is in play", "my leader is "X"", "my character "X" (…)"
    whose = [
        f
        for f in ctx.facts
        if f.kind in ("in_play", "leader", "character")
        and f.who is not None
        and any(key(r) == name for r in f.cards)
    ]
    if not whose:
        raise CannotAnswer(
            f'the situation does not say whose "{ref.name}" is in play (write: my "{ref.name}" '
            "is in play)"
        )
    owner = whose[-1].who
    where, why = presence.where_at(ctx.facts, name)  # the one reading of who is in play
    if where == presence.DEFEATED and why is not None:
        return ctx.conclude(
            YesNo(False),
            f'"{ref.name}" is defeated, and defeated characters have no abilities',
            supported_by=(ctx.fact(why), ctx.clause(DEFEATED_BARE, "rule")),
        )
    if why is not None:
        said = "has left play" if where == presence.GONE else "is out of play"
        raise CannotAnswer(
            f'"{ref.name}" {said} (line {why.span.line}), and a card acts while it is in play'
        )
    now = [f for f in ctx.facts_of(kind) if f.who == owner]
    if not now:
        raise CannotAnswer(
            f'"{ref.name}" must use its ability when {said}, and the situation does not say so'
        )
    # The ruling answers from the card's own words that its ability is required; another card
    # in play whose text is unknown or unread may still bar it (texts take abilities away:
    # "Attachments do not give abilities"), as the nos beside such a card are open.
    unread = unknown_texts.doubt(ctx.facts, f'whether "{ref.name}" uses its ability', {name})
    if unread is not None:
        raise CannotAnswer(unread)
    source = (card.fields.get("field_sources") or {}).get("required_when")
    support = [ctx.fact(whose[-1]), ctx.fact(now[-1])]
    if source:
        support.append(ctx.clause(str(source), "rule"))
    return ctx.conclude(
        YesNo(True),
        f'"{ref.name}" has a required ability, not an optional one: it must be used when {said}',
        supported_by=tuple(support),
    )
