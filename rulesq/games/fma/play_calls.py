"""FMA calls: may a player or a character play a card ("can I play", its requirements, Join)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import effects as fx
from rulesq.games.fma import (
    free_play,
    out_of_play,
    unknown_texts,
    words,
)
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.loyal import (
    factions_of,
    loyal_claims,
    unclassified_of,
)
from rulesq.games.fma.play_doubts import phase_assumed, play_doubt
from rulesq.games.fma.state import Character, State, match_subject
from rulesq.games.fma.still_in_play import in_play, maybe_in_play
from rulesq.games.fma.table import Table, key, read_table
from rulesq.games.fma.uniqueness import (
    no_copy,
    play_gate,
)

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

from rulesq.games.fma.call_basics import (
    DEFEATED_FACTION,
    JOIN,
    ONLY_CHARACTERS_PLAY,
    REQUIREMENTS,
    character_of,
    defeat_node,
    is_ally,
    known_card,
    leave_open,
    settle,
    unless_limited,
)


def can_character_play(ctx: Context) -> Answer:
    """``can "E" play "X"?``: only characters play (not one defeated or gone); X's requirements."""
    player_ref, card_ref = ctx.question.cards[0], ctx.question.cards[1]
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    who = character_of(ctx, state, player_ref)
    card = known_card(card_ref)
    claims: list[Claim] = []
    if defeat_node(ctx, state, who) is not None:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is defeated, and defeated '
                "characters cannot play events or abilities",
                DEFEATED_FACTION,
            )
        )
    elif who.gone:  # as a React's player (``react_with``): a card that left play is none
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" has left play, and only characters play events and abilities',
                ONLY_CHARACTERS_PLAY,
            )
        )
    effects, missing = effects_of(card)
    defeated = bool(claims)
    granted: list[str] = []  # requirement nos a text of unknown words may lift (a faction)
    if not who.gone:  # one that left play is no character: its words are not weighed
        claims += _requirements(ctx, card, effects, table, who, state, granted)
    outside = out_of_play.still_out(ctx).get(normalise_name(who.name))
    if outside is not None and not defeated:  # a no of its requirements stands all the same
        ctx.fact(outside)
        leave_open(
            f'"{who.name}" is out of play (line {outside.span.line}), and the rulings say only '
            "that an out-of-play leader cannot recruit and keeps his attachments, not whether he "
            "plays events or abilities",
            claims,
        )
    for why_not in granted:
        leave_open(why_not, claims)
    free: list[Claim] = []
    if not defeated:  # a permission to skip the cost says nothing of who may play
        owner = who.owner or table.owners.get(normalise_name(who.name))
        free = _free_plays(ctx, card, owner or ctx.question.who or "me", claims)
    settle(missing, card.name, claims + free)  # a permission may be all that speaks
    if not defeated:
        raisers = [
            source
            for source, _, _ in maybe_in_play(ctx.facts)  # one that may act too
            if any(isinstance(e, fx.IncreaseCost) for e in effects_of(source)[0])
        ]
        doubt = play_doubt(
            card, effects, who, state, table, raisers, free=bool(free), facts=ctx.facts
        )
        if doubt is not None:
            leave_open(doubt, claims)
        elif not any(not c.allows for c in claims + free):
            assumed = phase_assumed(effects, table)
            if assumed is not None:
                ctx.derivation().absence(assumed, assumed=True)
        claims += free
    return judge(ctx, claims)


def can_play(ctx: Context) -> Answer:
    """``can I play "X"?``: X's requirements on the player (its leader, a faction it joins)."""
    card = known_card(ctx.question.card)
    table = read_table(ctx.facts)
    _, state = reader_for(ctx)
    effects, missing = effects_of(card)
    player = ctx.question.who or "me"
    unique, doubt = play_gate(ctx, state, table, card, player)
    claims = [unique] if unique is not None else []
    claims += _requirements(ctx, card, effects, table, None, state)
    claims += loyal_claims(ctx, ctx.question.card, table, state, player)
    recruit = out_of_play.recruit_claim(ctx, player) if card.type == "ally" else None
    if recruit is not None:
        claims.append(recruit)
    if doubt is not None and recruit is None:  # no copy of it can make it recruited
        unless_limited(doubt, claims)
    settle(missing, card.name, claims)
    if recruit is None:  # a permission to skip the cost says nothing of who recruits
        claims += _free_plays(ctx, card, ctx.question.who or "me", claims)
    if unique is None and doubt is None and not any(not c.allows for c in claims):
        mob = "mob" in (str(i).casefold() for i in card.fields.get("icons") or ())
        if card.type in ("ally", "character") and not mob:
            unsure = no_copy(ctx, state, table, card.name, player)
            if unsure is not None:
                leave_open(unsure, claims)
    return judge(ctx, claims)


def requirements_of(ctx: Context, card: Card, effects: list[Any], table: Table) -> list[Claim]:
    """The claims of a card's requirements on the player who plays it (no character named)."""
    _, state = reader_for(ctx)
    return _requirements(ctx, card, effects, table, None, state)


def _free_plays(ctx: Context, card: Card, player: str, claims: list[Claim]) -> list[Claim]:
    """Card texts in play that let ``player`` play ``card`` without paying its cost.

    Each is card text that permits the play; a requirement of the card is not a cost, so
    the ladder (requirement over card text) keeps it. A permission rulesq cannot place (whose
    "you" is not known, which cards it names not told) makes the answer *cannot answer*
    unless some claim already says no.
    """
    out: list[Claim] = []
    unread = unknown_texts.doubt(ctx.facts, f'whether "{card.name}" can be played')
    if unread is not None:
        leave_open(unread, claims)
    for source, controller, fact in in_play(ctx.facts):  # not one gone or defeated since
        effects, _ = effects_of(source)
        for effect in free_play.standing(effects):
            if not (isinstance(effect.who, fx.Pronoun) and effect.who.word == "you"):
                leave_open(
                    f'rulesq cannot tell who "{effect.render()}" ("{source.name}") speaks of',
                    claims,
                )
                continue
            if controller is None:
                leave_open(
                    f'"{source.name}" lets its controller play cards without paying '
                    "their cost, and the situation does not say who controls it "
                    f'(write: my "{source.name}" is in play)',
                    claims,
                )
                continue
            if controller != player:
                continue
            if effect.from_zone is not None or effect.as_if_in is not None:
                leave_open(
                    f'rulesq does not follow where "{source.name}" lets you play cards from',
                    claims,
                )
                continue
            fits, why = free_play.fits(effect.what, card)
            if fits is None:
                leave_open(why, claims)
            elif fits:
                ctx.fact(fact)
                out.append(
                    card_claim(
                        Stance.PERMIT,
                        source,
                        effect.render(),
                        f'"{source.name}" lets you play '
                        f"{effect.what.render()} without paying the cost, "
                        f'and "{card.name}" is one',
                        REQUIREMENTS,
                    )
                )
    return out


def _played_by(table: Table, by: fx.Selector, who: Character) -> bool | None:
    """Whether ``who`` is the character a "may only be played by" names (None: not told).

    "ally" is read as a character that is not its player's leader (``is_ally``).
    """
    if by.kind not in ("ally", "allies"):
        return match_subject(replace(by, quantity=None), who, "")
    fits = match_subject(replace(by, kind="character", quantity=None), who, "")
    if fits is False:
        return False
    ally = is_ally(table, who)
    return False if ally is False else (fits if ally else None)


def _requirements(
    ctx: Context,
    card: Card,
    effects: list[Any],
    table: Table,
    who: Character | None,
    state: State,
    granted: list[str] | None = None,
) -> list[Claim]:
    """The claims of a card's requirements and limitations on being played or joining.

    ``granted``, when given, takes the no of a requirement ``who`` fails only for a faction or
    keyword a text of unknown words in play may grant him (``unknown_texts.granted``), instead
    of the no.
    """
    claims: list[Claim] = []
    player = ctx.question.who or "me"
    for effect in effects:
        if isinstance(effect, fx.PlayRestriction):
            if who is None:
                raise CannotAnswer(
                    f'only characters play events and abilities, and "{card.name}"'
                    f" may only be played by {effect.by.render()}; ask which "
                    f'character plays it: can "Some Character" play '
                    f'"{card.name}"?'
                )
            fits = _played_by(table, effect.by, who)
            if fits is None:
                raise CannotAnswer(
                    f'the situation does not say whether "{who.name}" is '
                    f"{effect.by.render()} (give its factions, and its player's leader)"
                )
            if fits:
                # a requirement met lifts only itself: the rules' verdict, not a permission
                claims.append(
                    rule_claim(
                        Stance.PERMIT,
                        f'"{who.name}" meets the requirement of "{card.name}": {effect.render()}',
                        REQUIREMENTS,
                        default=True,
                    )
                )
            elif granted is not None and (why := _granted(ctx, table, effect.by, who)):
                granted.append(why)
            else:
                claims.append(
                    card_claim(
                        Stance.FORBID,
                        card,
                        effect.render(),
                        f'"{who.name}" does not meet the requirement of '
                        f'"{card.name}": {effect.render()}',
                        REQUIREMENTS,
                        requirement=True,
                    )
                )
        elif isinstance(effect, fx.PlayCondition):
            need = effect.experience
            held = table.leader_experience(player)
            if held is None:
                raise CannotAnswer(
                    f'"{card.name}" can only be played if your leader has '
                    f"{need} or more experience, and the situation does not "
                    "say how much he has (write: my leader has 1 experience)"
                )
            ctx.fact(held[1])
            reason = (
                f'your leader has {held[0]} experience, and "{card.name}" can only be '
                f"played if he has {need} or more"
            )
            if held[0] >= need:
                claims.append(rule_claim(Stance.PERMIT, reason, REQUIREMENTS, default=True))
            else:
                claims.append(
                    card_claim(
                        Stance.FORBID, card, effect.render(), reason, REQUIREMENTS, requirement=True
                    )
                )
        elif isinstance(effect, fx.WillNotJoin):
            claims += join_claims(ctx, card, effect, table, player)
    return claims


def _granted(ctx: Context, table: Table, by: fx.Selector, who: Character) -> str | None:
    """Why ``who`` failing ``by`` only for its faction or keyword is no sure no (None: it is)."""
    if not by.faction:
        return None
    if _played_by(table, replace(by, faction=None, faction_word=False), who) is not True:
        return None
    return unknown_texts.granted(ctx.facts, who.name)


def join_claims(ctx: Context, card: Card, effect: Any, table: Table, player: str) -> list[Claim]:
    """The claims of a card's Join: its player's leader must be the one it names."""
    leader = table.leader(player)
    if leader is None:
        raise CannotAnswer(
            f'"{card.name}" will not join {effect.leader.render()}, and the '
            f'situation does not name your leader (write: my leader is "…")'
        )
    ctx.fact(table.leader_facts[player])
    _, state = reader_for(ctx)
    found = state.find(key(leader))
    if found is not None and found.gone:  # the rulings never have a leader leave play
        raise CannotAnswer(
            f'"{card.name}" will not join {effect.leader.render()}, and your leader '
            f'"{leader.name}" has left play: the rulings never say whether a player whose leader '
            "left play has a leader a card joins"
        )
    faction = effect.leader.faction
    factions = factions_of(leader)
    others = unclassified_of(leader)
    if factions is None and not (faction is not None and others):
        raise CannotAnswer(f'the sources do not give the faction of your leader "{leader.name}"')
    # the text names a leader's word ("a X leader"): a word of his line fits, classified or not
    fits = faction is None or faction.casefold() in {
        f.casefold() for f in (*(factions or ()), *others)
    }
    if not fits and factions is None:
        raise CannotAnswer(
            f'"{card.name}" will not join {effect.leader.render()}, and of your leader '
            f'"{leader.name}" ' + words.unknown_reason(others)
        )
    if not fits:
        return []
    return [
        card_claim(
            Stance.FORBID,
            card,
            effect.render(),
            f'your leader "{leader.name}" is a {faction} leader, and "{card.name}" '
            f'will not join one: "join" means put into play by any means',
            JOIN,
            requirement=True,
        )
    ]
