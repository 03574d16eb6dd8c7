"""``can I react to "Y" with "X"?``: X is a React event or ability, and Y is fully declared.

The claims: declaring before reacts (a limitation of the ladder: nothing reacts to a card
announced and not yet fully declared, a cancel included); X's designator (a React event or
ability is one whose boldfaced designator is React); X's requirements, as for any play. A React
that takes place before a player draws is weighed by ``draws`` (Y must make a player draw, and
the draw's result must not be known yet); any other occasion X reacts to (an "After …"), and
whether Y is among what a cancelling React cancels, are not checked: such a React is *cannot
answer* unless some claim already says no.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import call_basics, draws, out_of_play, play_calls, sides, unknown_texts
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import LIMITS, Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.play_doubts import play_doubt
from rulesq.games.fma.still_in_play import maybe_in_play
from rulesq.games.fma.table import read_table
from rulesq.games.fma.timing import canceled_reason, undeclared
from rulesq.games.fma.vocab import Timing

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.fma.table import Table
    from rulesq.situation.model import Fact

DESIGNATOR = "fma/rulings/activated-abilities/1"
REACTS = "fma/rulings/reacts/3"


def can_react(ctx: Context) -> Answer:
    """``can I react to "Y" with "X"?``; a yes a card of unknown text in play may change is open."""
    reacted, react = ctx.question.cards[0].name, ctx.question.cards[1].name
    what = f'whether "{react}" can react to "{reacted}"'
    return unknown_texts.open_yes(ctx.facts, _can_react(ctx), what)


def _can_react(ctx: Context) -> Answer:
    """``can I react to "Y" with "X"?``, read on the texts known."""
    reacted_ref, react_ref = ctx.question.cards[0], ctx.question.cards[1]
    if react_ref.card is None or reacted_ref.card is None:
        raise CannotAnswer("both cards must be cards the sources or the situation give")
    card = react_ref.card
    table = read_table(ctx.facts)
    claims: list[Claim] = []
    early = undeclared(ctx, table, reacted_ref.card)
    if early is not None:
        claims.append(early)
    effects, missing = effects_of(card)
    abilities = [e for e in effects if isinstance(e, fx.Ability)]
    reacts = [a for a in abilities if a.timing is Timing.REACT]
    limited = any(not c.allows and c.kind in LIMITS for c in claims)
    if not abilities:
        if not limited:
            raise CannotAnswer(missing or f'the designator of "{card.name}" is not known')
        return judge(ctx, claims)
    if not reacts:
        if missing is not None and not limited:
            raise CannotAnswer(missing)  # another part of the text may be a React
        headers = ", ".join(f'"{a.header()}"' for a in abilities)
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{card.name}" is played as {headers}, not as a React event or ability',
                DESIGNATOR,
            )
        )
        return judge(ctx, claims)
    occasions = [e for r in reacts for e in r.body if isinstance(e, fx.Trigger)]
    claims += play_calls.requirements_of(ctx, card, effects, table)
    if missing is None:
        for occasion in occasions:
            drawn = draws.react_to_draw(ctx, table, card, reacted_ref.card, occasion, DESIGNATOR)
            if drawn is not None:  # it weighs the declaring itself: the timing before a draw
                weighed = [c for c in claims if c is not early] + drawn
                if not any(not c.allows for c in weighed):
                    gone = canceled_reason(table, reacted_ref.card)
                    if gone is not None:  # a react to a draw as to any card
                        raise CannotAnswer(gone)
                    none = _no_player(ctx, table, card)
                    if none is not None:
                        return judge(ctx, [*weighed, none])
                    unsure = _no_sure_player(ctx, table, card, effects)
                    if unsure is not None:
                        raise CannotAnswer(unsure)
                    _play_stated(ctx, table, reacted_ref.name)  # a yes: its play assumed
                return judge(ctx, weighed)
    cancels = [e for r in reacts for e in r.body if isinstance(e, fx.Cancel)]
    if not any(not c.allows for c in claims):
        if missing is not None:
            raise CannotAnswer(missing)
        if cancels:  # a React that cancels needs the card reacted to among what it cancels
            raise CannotAnswer(
                f'"{card.name}" reacts by cancelling: "{cancels[0].render()}", and whether '
                f'"{reacted_ref.name}" is one it may cancel is not checked here (ask: can '
                f'"{card.name}" cancel "{reacted_ref.name}"?)'
            )
        if occasions:
            raise CannotAnswer(
                f'"{card.name}" reacts to an occasion ("{occasions[0].render()}"), and rulesq '
                f'does not check that "{reacted_ref.name}" is one'
            )
    gone = canceled_reason(table, reacted_ref.card)
    if gone is not None and not any(not c.allows for c in claims):
        raise CannotAnswer(gone)
    if not any(not c.allows for c in claims):
        none = _no_player(ctx, table, card)
        if none is not None:
            return judge(ctx, [*claims, none])
    unsure = _no_sure_player(ctx, table, card, effects)
    if unsure is not None and not any(not c.allows for c in claims):
        raise CannotAnswer(unsure)
    played = _play_stated(ctx, table, reacted_ref.name)
    claims.append(
        card_claim(
            Stance.PERMIT,
            card,
            reacts[0].header(),
            f'"{card.name}" is a React ("{reacts[0].header()}"), and "{reacted_ref.name}" '
            + ("awaits no declaration" if played else "is taken to be played and fully declared")
            + ": the players may react to it",
            DESIGNATOR,
            REACTS,
        )
    )
    return judge(ctx, claims)


def _play_stated(ctx: Context, table: Table, name: str) -> bool:
    """Whether the situation states the play of the card reacted to; if not, the answer assumes it.

    A react answers an action taken ("Player A takes an action. Player B has the first
    opportunity to react to it."): asked of a card whose play the situation never states, the
    yes holds only once it is played and fully declared, and the answer shows that it assumes
    so (the question supposes the play; the situation does not give it).
    """
    if table.play_of(name) is not None or any(
        normalise_name(ref.name) == normalise_name(name)
        for fact in ctx.facts_of("declared")
        for ref in fact.cards
    ):
        return True
    ctx.derivation().absence(
        f'the play of "{name}" is not stated: it is taken to be played and fully declared '
        f"(a react answers an action taken, {REACTS})",
        assumed=True,
    )
    return False


def _no_player(ctx: Context, table: Table, card: Card) -> Claim | None:
    """The no when every character of the player the situation states is defeated or gone.

    Only characters play events and abilities, and a defeated one cannot; the player's side is
    read as the characters stated (``sides``), and the answer shows it. None: one may play it,
    or none of his is stated.
    """
    player = ctx.question.who or "me"
    _, state = reader_for(ctx)
    if not sides.side_closed(state, table, player):
        return None
    names = [
        c.name
        for c in state.characters.values()
        if (c.owner or table.owners.get(normalise_name(c.name))) == player
    ]
    leader = table.leader(player)
    if leader is not None and state.find(normalise_name(leader.name)) is None:
        names.append(leader.name)
    defeats: list[Fact] = []
    for name in names:
        found = state.find(normalise_name(name))
        defeat = state.defeated_by(name)
        if defeat is None and (found is None or not found.gone):
            return None
        if defeat is not None:
            defeats.append(defeat)
    whose = "yours" if player == "me" else "his"
    for defeat in defeats:
        ctx.fact(defeat)
    sides.assume_named(ctx, f" of {whose}", f'none of {whose} can play "{card.name}"')
    shown = ", ".join(f'"{n}"' for n in names)
    return rule_claim(
        Stance.FORBID,
        f"every character of {whose} the situation states ({shown}) is defeated or has left "
        "play, and defeated characters cannot play events or abilities (only characters play "
        "them)",
        *((call_basics.DEFEATED_FACTION,) if defeats else ()),
        call_basics.ONLY_CHARACTERS_PLAY,
    )


def _no_sure_player(ctx: Context, table: Table, card: Card, effects: list[Any]) -> str | None:
    """Why none of the reacting player's characters is sure to play the react (None: one is).

    Only characters play events and abilities, and a defeated one cannot; a character whose
    attribute is below the cost, or not given, is no sure player either (``play_doubt``; a
    leader given by "my leader is" alone is one of his characters, with the words and values
    his line gives). With no character of the player stated, a React with an attribute cost
    is no sure yes (whether one of his characters can pay it is the fact missing); one with
    none is taken to be played by one of his characters (every player has a leader), and the
    answer shows that it assumes so.
    """
    player = ctx.question.who or "me"
    _, state = reader_for(ctx)
    mine = [
        c
        for c in state.characters.values()
        if not c.gone and (c.owner or table.owners.get(normalise_name(c.name))) == player
    ]
    if not mine:
        theirs = "yours" if player == "me" else "his"
        cost = _attribute_cost(effects)
        if cost is not None:
            return (
                f'no character of {theirs} is stated, and "{card.name}" costs {cost}: only '
                "characters play events and abilities, and whether one of "
                f"{theirs} can pay it is not known"
            )
        ctx.derivation().absence(
            f"no character of {theirs} is stated: a character of {theirs} is taken to be able "
            f'to play "{card.name}" (only characters play events and abilities; it has no '
            "attribute cost)",
            assumed=True,
        )
        return None
    raisers = [
        source
        for source, _, _ in maybe_in_play(ctx.facts)  # one that may act too
        if any(isinstance(e, fx.IncreaseCost) for e in effects_of(source)[0])
    ]
    reasons: list[str] = []
    outside = out_of_play.still_out(ctx)
    for who in mine:
        if state.defeated_by(who.name) is not None:
            reasons.append(f'"{who.name}" is defeated and cannot play events or abilities')
            continue
        if normalise_name(who.name) in outside:
            ctx.fact(outside[normalise_name(who.name)])
            reasons.append(
                f'"{who.name}" is out of play, and the rulings say only that an out-of-play '
                "leader cannot recruit and keeps his attachments, not whether he plays events "
                "or abilities"
            )
            continue
        doubt = play_doubt(card, effects, who, state, table, raisers, facts=ctx.facts)
        if doubt is None:
            return None
        reasons.append(doubt)
    return (
        f"only characters play events and abilities, and none the situation gives you is sure "
        f'to play "{card.name}": ' + "; ".join(reasons)
    )


def _attribute_cost(effects: list[Any]) -> str | None:
    """The React's attribute cost as printed (``React Wits 2``), None when it has none above 0."""
    for effect in effects:
        if isinstance(effect, fx.Ability) and effect.timing is Timing.REACT:
            if isinstance(effect.cost, int) and effect.cost > 0:
                return '"' + effect.header().rstrip(":") + '"'
    return None
