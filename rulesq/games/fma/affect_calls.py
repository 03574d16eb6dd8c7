"""FMA calls: does a card's text affect a character or a location."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import (
    unknown_texts,
)
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.named_targets import (
    affect_claims,
)
from rulesq.games.fma.state import match_subject
from rulesq.games.fma.table import HOME, read_table

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

from rulesq.games.fma.call_basics import (
    DEFEATED,
    DEFEATED_FACTION,
    GLOBAL,
    LOCATION_AFFECTED,
    character_of,
    known_card,
    leave_open,
    out_of_play_open,
)
from rulesq.games.fma.target_calls import selectors_of, source_away


def affects(ctx: Context) -> Answer:
    """``does "X" affect "Y"?``: a location a text changes; the characters a text describes."""
    card = known_card(ctx.question.cards[0])
    other_ref = ctx.question.cards[1]
    effects, missing = effects_of(card)
    away = source_away(ctx, reader_for(ctx)[1], card, played=False)
    if away is not None:
        return judge(ctx, [away])
    named = affect_claims(ctx, card, other_ref)
    if named is not None:  # a ruling says what the card, its text never given, affects
        return judge(ctx, named)
    if other_ref.card is not None and other_ref.card.type == "location":
        return _affects_location(ctx, card, other_ref.card, effects, missing)
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    who = character_of(ctx, state, other_ref)
    out_of_play_open(ctx, who, "affect")
    claims: list[Claim] = []
    granted: list[str] = []  # nos a text in play of unknown words may turn (a faction it grants)
    subjects = [e for e in effects if not isinstance(e, fx.Ability)]
    for effect in subjects:
        for selector in selectors_of([effect], targeted=False):
            if selector.kind not in ("character", "characters", "ally", "allies"):
                continue
            if (
                state.defeated_by(who.name) is not None
                and selector.faction
                and "defeated" not in selector.qualities  # the exception: it names them
            ):
                ctx.fact(state.defeated_by(who.name))  # type: ignore[arg-type]
                claims.append(
                    rule_claim(
                        Stance.FORBID,
                        f'"{who.name}" is defeated: it cannot be '
                        "targeted or affected by cards that reference faction",
                        DEFEATED_FACTION,
                    )
                )
                continue
            if state.defeated_by(who.name) is not None and "defeated" not in selector.qualities:
                ctx.fact(state.defeated_by(who.name))  # type: ignore[arg-type]
                claims.append(
                    rule_claim(
                        Stance.FORBID,
                        f'"{who.name}" is defeated, and defeated characters do not count as '
                        f"characters for any purpose except uniqueness and limits on team size: "
                        f'"{card.name}" speaks of {selector.render()}',
                        DEFEATED,
                    )
                )
                continue
            fits = match_subject(replace(selector, quantity=None), who, normalise_name(card.name))
            if fits is False and selector.faction:  # a text of unknown words may grant it
                plain = replace(selector, quantity=None, faction=None, faction_word=False)
                if match_subject(plain, who, normalise_name(card.name)) is True:
                    why_not = unknown_texts.granted(ctx.facts, who.name)
                    if why_not is not None:
                        granted.append(why_not)
                        continue
            if fits is None:
                raise CannotAnswer(
                    f'rulesq cannot tell whether "{who.name}" is one of the '
                    f'"{selector.render()}" (give its factions)'
                )
            rules = []
            place = table.place(who.name)
            if fits and place is not None and place[0] == HOME:
                ctx.fact(place[1])
                rules = [GLOBAL]
            whether = "is one" if fits else "is not one"
            if who.gone and not fits:  # the reason is that it left play, not what it is
                whether = "has left play"
            claims.append(
                card_claim(
                    Stance.PERMIT if fits else Stance.FORBID,
                    card,
                    effect.render(),
                    f'"{card.name}" speaks of {selector.render()}, and "{who.name}" {whether}'
                    + (" (at home too: it is not targeted)" if rules else ""),
                    *rules,
                )
            )
    for why_not in granted:
        leave_open(why_not, claims)
    if missing is not None or not claims:
        leave_open(missing or f'rulesq cannot tell which characters "{card.name}" affects', claims)
    return judge(ctx, claims)


def _affects_location(
    ctx: Context, card: Card, location: Card, effects: list[Any], missing: str | None
) -> Answer:
    changes = [
        e
        for e in effects
        if type(e).__name__ in ("ChangeGoal", "ChangeLocation", "AddBattleType", "GoalChange")
    ]
    if changes:
        claim = card_claim(
            Stance.PERMIT,
            card,
            changes[0].render(),
            f'"{card.name}" changes the location, so it targets or affects "{location.name}"',
            LOCATION_AFFECTED,
        )
        return judge(ctx, [claim])
    raise CannotAnswer(
        missing
        or f'rulesq cannot tell whether "{card.name}" changes the '
        "location's goal, battle type or the location itself"
    )
