"""FMA "may I do this now?" questions: play, cancel, target, attach, block, attack, react order.

Each question gathers the claims that bear on its act — a card's requirement, its other text,
the rules of the rulings (cited where they decide) — and :func:`rulesq.games.fma.claims.judge`
lets the FMA ladder pick the winner. A text rulesq does not read, a part of a text the sources
never complete, or a fact the situation does not give (a faction, a place, whose turn it is)
makes the answer *cannot answer* with that reason; a field of a text the judge does not follow
(a cost comparison, a targeting condition) does too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Word
from rulesq.errors import CannotAnswer
from rulesq.games.fma import attributes as at
from rulesq.games.fma import (
    citations,
    discards,
    free_play,
    out_of_play,
    sides,
    target_pairs,
    unknown_texts,
    words,
)
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of as effects_of
from rulesq.games.fma.claims import LIMITS, Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.cost_words import COST_WORDS, cost_fits, event_cost_fits
from rulesq.games.fma.costs import changed_by
from rulesq.games.fma.event_targets import event_claims
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.loyal import (
    LOYAL,
    factions_of,
    loyal_claims,
    loyal_number,
    unaligned_loyal,
    unaligned_reading,
    unclassified_of,
)
from rulesq.games.fma.named_targets import (
    affect_claims,
    has_named_targets,
    left_play_claim,
    target_claims,
)
from rulesq.games.fma.play_doubts import play_doubt
from rulesq.games.fma.readiness_changes import set_by_cost
from rulesq.games.fma.state import Character, State, match_subject
from rulesq.games.fma.still_in_play import in_play
from rulesq.games.fma.table import HOME, Table, key, read_table
from rulesq.games.fma.timing import canceled_reason, resolved, undeclared
from rulesq.games.fma.timing import waits as _waits
from rulesq.games.fma.uniqueness import (
    attach_gate,
    control_gate,
    no_copy,
    play_gate,
    start_copies,
)
from rulesq.games.fma.vocab import Attribute, Side

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef

#: The clauses the calls rest on.
DESIGNATOR = "fma/rulings/activated-abilities/1"
ONLY_CHARACTERS_PLAY = "fma/rulings/activated-abilities/2"
EVENT_OR_ABILITY = "fma/rulings/event-or-ability/1"
DEFEATED = "fma/rulings/defeated-characters/1"
DEFEATED_FACTION = "fma/rulings/defeated-characters/2"
DEFEATED_EXCEPTION = "fma/rulings/defeated-characters/3"
BLOCK_STEP = "fma/rulings/blocking/1"
#: The one place the rulings put a battle: the search phase, in the example of a character
#: that "enters battle" there (fma/rulings/changing-attributes/example-1). A battle, and so
#: its maneuver step, may be under way in that phase.
_BATTLE_PHASE = "search phase"
BLOCK_IS_REACT = "fma/rulings/blocking/2"
BLOCK_OWN_ATTACK = "fma/rulings/blocking/3"
STEALTH = "fma/rulings/stealth/1"
JOIN = "fma/rulings/join/1"
LEADERS = "fma/rulings/leaders/1"
SETUP_ALLIES = "fma/rulings/setup/2"
REACT_PLAYER = "fma/rulings/reacts/2"
REACT_TWO = "fma/rulings/reacts/3"
REACT_OCCURRENCE = "fma/rulings/reacts/4"
LOCATION_AFFECTED = "fma/rulings/locations/2"
GLOBAL = "fma/rulings/global-effects/1"
PASSIVE_HOME = "fma/rulings/passive-abilities/1"
REQUIREMENTS = "fma/rulings/requirements/1"
EVENTS = "fma/rulings/events/1"

OTHER = {"me": "you", "you": "me"}

#: Why a play no requirement decides is not answered: the rest of the rules of playing.
_UNCHECKED = (
    'no requirement of "{}" decides it, and rulesq does not check the timing and '
    "the attribute cost of a play"
)


# ---------------------------------------------------------------------------- reading


def _card(ref: CardRef) -> Card:
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a card the sources give')
    return ref.card


def _character(ctx: Context, state: State, ref: CardRef) -> Character:
    found = state.find(ref.card.name if ref.card is not None else ref.name)
    if found is not None:
        return found
    raise CannotAnswer(
        f'"{ref.name}" is not a character of this situation (introduce it: '
        f'my character "{ref.name}" (strength 3))'
    )


def _defeated(ctx: Context, state: State, character: Character) -> str | None:
    """The graph node of the fact that defeated the character, or None."""
    fact = state.defeated_by(character.name)
    return ctx.fact(fact) if fact is not None else None


def _settle(missing: str | None, name: str, claims: list[Claim]) -> None:
    """*cannot answer* unless a claim says no, or (the text read whole) a requirement is met."""
    if any(not c.allows for c in claims):
        return
    if missing is not None:
        raise CannotAnswer(missing)
    if not claims:
        raise CannotAnswer(_UNCHECKED.format(name))


def _unless_limited(reason: str, claims: list[Claim]) -> None:
    """*cannot answer* unless a limitation (declaring first, uniqueness) already says no.

    A limitation is on the top step of the ladder: no text left unread could lift it.
    """
    if not any(not c.allows and c.kind in LIMITS for c in claims):
        raise CannotAnswer(reason)


def _open(reason: str, claims: list[Claim]) -> None:
    """*cannot answer* unless some claim already says no (a no that nothing unread can lift)."""
    if not any(not c.allows for c in claims):
        raise CannotAnswer(reason)


# ---------------------------------------------------------------------------- playing


def can_character_play(ctx: Context) -> Answer:
    """``can "E" play "X"?``: only characters play (not one defeated or gone); X's requirements."""
    player_ref, card_ref = ctx.question.cards[0], ctx.question.cards[1]
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    who = _character(ctx, state, player_ref)
    card = _card(card_ref)
    claims: list[Claim] = []
    if _defeated(ctx, state, who) is not None:
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
        _open(
            f'"{who.name}" is out of play (line {outside.span.line}), and the rulings say only '
            "that an out-of-play leader cannot recruit and keeps his attachments, not whether he "
            "plays events or abilities",
            claims,
        )
    for why_not in granted:
        _open(why_not, claims)
    free: list[Claim] = []
    if not defeated:  # a permission to skip the cost says nothing of who may play
        owner = who.owner or table.owners.get(normalise_name(who.name))
        free = _free_plays(ctx, card, owner or ctx.question.who or "me", claims)
    _settle(missing, card.name, claims + free)  # a permission may be all that speaks
    if not defeated:
        raisers = [
            source
            for source, _, _ in in_play(ctx.facts)
            if any(isinstance(e, fx.IncreaseCost) for e in effects_of(source)[0])
        ]
        passives = bool(ctx.facts_of("in_play"))
        doubt = play_doubt(
            card, effects, who, state, table, raisers, passives, free=bool(free), facts=ctx.facts
        )
        if doubt is not None:
            _open(doubt, claims)
        claims += free
    return judge(ctx, claims)


def can_play(ctx: Context) -> Answer:
    """``can I play "X"?``: X's requirements on the player (its leader, a faction it joins)."""
    card = _card(ctx.question.card)
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
        _unless_limited(doubt, claims)
    _settle(missing, card.name, claims)
    if recruit is None:  # a permission to skip the cost says nothing of who recruits
        claims += _free_plays(ctx, card, ctx.question.who or "me", claims)
    if unique is None and doubt is None and not any(not c.allows for c in claims):
        mob = "mob" in (str(i).casefold() for i in card.fields.get("icons") or ())
        if card.type in ("ally", "character") and not mob:
            unsure = no_copy(ctx, state, table, card.name, player)
            if unsure is not None:
                _open(unsure, claims)
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
        _open(unread, claims)
    for source, controller, fact in in_play(ctx.facts):  # not one gone or defeated since
        effects, _ = effects_of(source)
        for effect in free_play.standing(effects):
            if not (isinstance(effect.who, fx.Pronoun) and effect.who.word == "you"):
                _open(
                    f'rulesq cannot tell who "{effect.render()}" ("{source.name}") speaks of',
                    claims,
                )
                continue
            if controller is None:
                _open(
                    f'"{source.name}" lets its controller play cards without paying '
                    "their cost, and the situation does not say who controls it "
                    f'(write: my "{source.name}" is in play)',
                    claims,
                )
                continue
            if controller != player:
                continue
            if effect.from_zone is not None or effect.as_if_in is not None:
                _open(
                    f'rulesq does not follow where "{source.name}" lets you play cards from',
                    claims,
                )
                continue
            fits, why = free_play.fits(effect.what, card)
            if fits is None:
                _open(why, claims)
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

    "ally" is read as a character that is not its player's leader (``_is_ally``).
    """
    if by.kind not in ("ally", "allies"):
        return match_subject(replace(by, quantity=None), who, "")
    fits = match_subject(replace(by, kind="character", quantity=None), who, "")
    if fits is False:
        return False
    ally = _is_ally(table, who)
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
            claims += _join(ctx, card, effect, table, player)
    return claims


def _granted(ctx: Context, table: Table, by: fx.Selector, who: Character) -> str | None:
    """Why ``who`` failing ``by`` only for its faction or keyword is no sure no (None: it is)."""
    if not by.faction:
        return None
    if _played_by(table, replace(by, faction=None, faction_word=False), who) is not True:
        return None
    return unknown_texts.granted(ctx.facts, who.name)


def _join(ctx: Context, card: Card, effect: Any, table: Table, player: str) -> list[Claim]:
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


def can_start(ctx: Context) -> Answer:
    """``can I start with "X" [and "Y" …]?``: only Loyal: 1, and unaligned under unaligned.

    A line-up is judged ally by ally: one that cannot start makes it a no, whatever is not
    known of the others.
    """
    player = ctx.question.who or "me"
    table = read_table(ctx.facts)
    claims: list[Claim] = []
    unknown: list[str] = []
    leader = table.leader(player)
    if leader is not None:
        ctx.fact(table.leader_facts[player])
    else:
        unknown.append('the situation does not name your leader (write: my leader is "…")')
    unread = None  # his text is in play before any starting ally, and may grant factions
    if leader is not None and leader.card is not None:
        what = "which allies can start (a leader is in play before them)"
        unread = unknown_texts.card_doubt(ctx.facts, leader.card, what)
    for ally_ref in ctx.question.cards:
        claims += _start_claims(ally_ref, leader, unknown, unread)
        _unaligned_start(ctx, ally_ref, leader, unknown)
        claims += _start_joins(ctx, ally_ref, table, player, unknown)
    claims += start_copies(list(ctx.question.cards), unknown)
    if unread is not None:
        unknown.append(unread)
    for reason in unknown:
        _open(reason, claims)
    names = " and ".join(f'"{r.name}"' for r in ctx.question.cards)
    claims.append(
        rule_claim(
            Stance.PERMIT,
            f"nothing stops {names} from starting",
            SETUP_ALLIES,
            default=True,
        )
    )
    return judge(ctx, claims)


def _start_joins(
    ctx: Context, ally_ref: CardRef, table: Table, player: str, unknown: list[str]
) -> list[Claim]:
    """A starting ally's "will not join" text: starting puts it into play (the rulings, Join)."""
    if ally_ref.card is None:
        return []
    claims: list[Claim] = []
    for effect in effects_of(ally_ref.card)[0]:
        if isinstance(effect, fx.WillNotJoin):
            try:
                claims += _join(ctx, ally_ref.card, effect, table, player)
            except CannotAnswer as open_:
                unknown.append(str(open_))
    return claims


def _unaligned_start(
    ctx: Context, ally_ref: CardRef, leader: CardRef | None, unknown: list[str]
) -> None:
    """An unaligned starting ally with Loyal: 1, read as its play later is.

    Loyal counts characters that share a faction with the ally, and an unaligned one has none:
    the rulings never say how its Loyal is met, so under a leader with a faction it is open, as
    playing it later is. Under an unaligned leader the rulings pair the two ("They can only
    start with unaligned allies"; "you can play Loyal: 1 characters"): read so, and shown.
    """
    if leader is None or factions_of(ally_ref) != [] or unclassified_of(ally_ref):
        return
    need = loyal_number(ally_ref)
    if need != 1:
        return
    if factions_of(leader) == [] and not unclassified_of(leader):
        ctx.derivation().absence(unaligned_reading(ally_ref.name, 1, "your"), assumed=True)
    else:
        unknown.append(unaligned_loyal(ally_ref.name, need))


def _start_claims(
    ally_ref: CardRef, leader: CardRef | None, unknown: list[str], unread: str | None = None
) -> list[Claim]:
    """The claims on one starting ally; what is not known of it is added to ``unknown``.

    ``unread``: why the leader's text is not known; it may grant a faction the two then share
    (Loyal: an ally's "multiple factions" a leader grants), so a Loyal: 1 no is open with it.
    """
    claims: list[Claim] = []
    loyal = ally_ref.values.get("loyal")
    if loyal is None and ally_ref.card is not None and ally_ref.card.fields.get("inline"):
        value = (ally_ref.card.fields.get("values") or {}).get("loyal")
        loyal = value if isinstance(value, int) else ally_ref.card.fields.get("loyal")
    if isinstance(loyal, int) and loyal > 1:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{ally_ref.name}" has Loyal: {loyal}; when '
                "starting allies are revealed the leaders are the only "
                "characters in play, so only Loyal: 1 characters can start",
                SETUP_ALLIES,
            )
        )
    if leader is not None:
        leader_factions = factions_of(leader)
        ally_factions = factions_of(ally_ref)
        open_words = [*unclassified_of(leader), *unclassified_of(ally_ref)]
        if leader_factions == [] and ally_factions:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'your leader "{leader.name}" is unaligned, '
                    "and unaligned leaders can only start with unaligned "
                    f'allies; "{ally_ref.name}" is {", ".join(ally_factions)}',
                    LEADERS,
                )
            )
        elif leader_factions is None or ally_factions is None:
            whose = [
                who
                for who, given in (
                    (f'your leader "{leader.name}"', leader_factions),
                    (f'"{ally_ref.name}"', ally_factions),
                )
                if given is None
            ]
            unknown.append(
                words.unknown_reason(open_words)
                if open_words
                else f"the situation does not give the factions of {' or of '.join(whose)}"
            )
        elif (
            loyal == 1
            and leader_factions
            and ally_factions
            and not {f.casefold() for f in leader_factions} & {f.casefold() for f in ally_factions}
        ):
            if open_words:  # an unclassified word on either may be the faction they share
                unknown.append(words.unknown_reason(open_words))
                return claims
            if unread is not None:  # his text may grant the faction they would share
                unknown.append(unread)
                return claims
            claims.append(  # a faction Loyal: 1 counts: the leader's ('unaligned' has none)
                rule_claim(
                    Stance.FORBID,
                    f'"{ally_ref.name}" has Loyal: 1 and is {"/".join(ally_factions)}; when '
                    "starting allies are revealed the leaders are the only characters in play, "
                    f'and your leader "{leader.name}" ({"/".join(leader_factions)}) shares no '
                    "faction with it",
                    SETUP_ALLIES,
                    LOYAL,
                )
            )
    if not isinstance(loyal, int):
        unknown.append(
            f'the situation does not give the Loyal number of "{ally_ref.name}" (write, '
            f'e.g., "{ally_ref.name}" (loyal 1))'
        )
    return claims


# ---------------------------------------------------------------------------- cancel, target


def can_cancel(ctx: Context) -> Answer:
    """``can "X" cancel "Y"?``: X cancels the events or abilities its designator names."""
    canceler, canceled = _card(ctx.question.cards[0]), _card(ctx.question.cards[1])
    claims: list[Claim] = []
    for early in (undeclared(ctx, read_table(ctx.facts), canceled), resolved(ctx, canceled)):
        if early is not None:  # a limitation: the ladder keeps it over the canceler's words
            claims.append(early)
    effects, missing = effects_of(canceler)
    cancels = [e for e in effects if isinstance(e, fx.Cancel)]
    if not cancels:
        _unless_limited(missing or f'"{canceler.name}" has no text that cancels', claims)
    target_effects, target_missing = effects_of(canceled)
    abilities = [e for e in target_effects if isinstance(e, fx.Ability)]
    kind = canceled.type or ("event" if canceled.fields.get("designator") else "")
    for cancel in cancels:
        what = cancel.what
        if any(not isinstance(p, (*COST_WORDS, fx.Targeting)) for p in what.postmods):
            _unless_limited(
                f'rulesq does not yet follow "{what.render()}" of "{canceler.name}"', claims
            )
            continue
        if what.kind not in ("event", "events", fx.EVENT_OR_ABILITY) or not kind:
            _unless_limited(
                f'rulesq cannot tell whether "{canceled.name}" is '
                f'{what.render()} (give its card type, e.g. card "{canceled.name}"'
                ' event: "…")',
                claims,
            )
            continue
        if kind != "event" and what.kind == fx.EVENT_OR_ABILITY:
            _unless_limited(
                f'"{canceled.name}" is a {kind}, and rulesq does not check whether an ability '
                f"played from it is {what.render()}",
                claims,
            )
            continue
        if kind != "event":
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{canceled.name}" is an {kind}, and '
                    f'"{canceler.name}" cancels {what.render()}',
                    DESIGNATOR,
                    ONLY_CHARACTERS_PLAY,
                )
            )
            continue
        headers = [(a.timing, a.attribute) for a in abilities]
        if not headers:
            _unless_limited(
                target_missing or f'the designator of "{canceled.name}" is not known', claims
            )
            continue
        if len(headers) > 1:
            wanted = what.designator
            fitting = [
                wanted is None
                or (
                    (not wanted.timings or timing in wanted.timings)
                    and (wanted.attribute is None or wanted.attribute is attribute)
                )
                for timing, attribute in headers
            ]
            shown = ", ".join(f'"{a.header()}"' for a in abilities)
            if all(fitting) and not what.postmods and target_missing is None:
                claims.append(  # whichever is played, it is one the canceler names
                    card_claim(
                        Stance.PERMIT,
                        canceler,
                        cancel.render(),
                        f'"{canceler.name}" cancels {what.render()}, and "{canceled.name}" '
                        f"has {shown}: whichever is played, it is one",
                        DESIGNATOR,
                        EVENT_OR_ABILITY,
                        EVENTS,
                    )
                )
                continue
            if not any(fitting) and target_missing is None:
                claims.append(
                    rule_claim(
                        Stance.FORBID,
                        f'"{canceler.name}" cancels only {what.render()}, and "{canceled.name}" '
                        f"has {shown}: played, it counts only as the one being played, and "
                        "none of them is one",
                        DESIGNATOR,
                        EVENT_OR_ABILITY,
                        EVENTS,
                    )
                )
                continue
            _unless_limited(
                f'"{canceled.name}" has {len(headers)} abilities; while it is '
                "played it counts only as the one being played, and the "
                "situation does not say which",
                claims,
            )
            continue
        timing, attribute = headers[0]
        wanted = what.designator
        fits = wanted is None or (
            (not wanted.timings or timing in wanted.timings)
            and (wanted.attribute is None or wanted.attribute is attribute)
        )
        header = abilities[0].header()
        aimed = [p for p in what.postmods if isinstance(p, fx.Targeting)]
        if (
            fits
            and aimed
            and target_missing is None
            and not _targets_something(canceled, target_effects)
        ):
            claims.append(
                card_claim(
                    Stance.FORBID,
                    canceler,
                    cancel.render(),
                    f'"{canceler.name}" cancels only {what.render()}, and "{canceled.name}" '
                    "targets nothing",
                )
            )
            continue
        priced = [p for p in what.postmods if isinstance(p, COST_WORDS)]
        if fits and priced:
            met, why = _event_cost_fits(ctx, canceler, canceled, abilities[0], priced)
            if met is None:
                _unless_limited(str(why), claims)
                continue
            if not met:
                claims.append(
                    card_claim(
                        Stance.FORBID,
                        canceler,
                        cancel.render(),
                        f'"{canceler.name}" cancels {what.render()}, and "{canceled.name}" '
                        f"costs {abilities[0].cost} ({why})",
                    )
                )
                continue
        if fits and aimed:  # its cost fits: what the event targets decides
            _unless_limited(
                f'"{canceler.name}" cancels only {what.render()}, and the situation cannot '
                f'say what "{canceled.name}" targets',
                claims,
            )
            continue
        if fits:
            claims.append(
                card_claim(
                    Stance.PERMIT,
                    canceler,
                    cancel.render(),
                    f'"{canceler.name}" cancels {what.render()}, and '
                    f'"{canceled.name}" is played as "{header}"',
                    DESIGNATOR,
                    EVENT_OR_ABILITY,
                )
            )
        else:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{canceler.name}" cancels only '
                    f'{what.render()}, and "{canceled.name}" is played as '
                    f'"{header}"',
                    DESIGNATOR,
                    EVENT_OR_ABILITY,
                )
            )
    if missing is not None:
        _open(missing, claims)
    gone = canceled_reason(read_table(ctx.facts), canceled)
    if gone is not None:
        _open(gone, claims)
    return judge(ctx, claims)


def _targets_something(card: Card, effects: list[Any]) -> bool:
    """Whether the card's text may target: a targeted selector, or the word at all."""
    if _selectors(fx.walk(tuple(effects)), targeted=True):
        return True
    return "target" in str(card.text or "").casefold()


def _event_cost_fits(
    ctx: Context, canceler: Card, canceled: Card, ability: fx.Ability, costs: list[Any]
) -> tuple[bool | None, str]:
    """Whether the event played as ``ability`` meets a cancel's cost words; why (or why not known).

    The cost compared is the event's attribute cost: a cost not a number, or one a card in play
    changes (the sources do not say whether the printed or the changed cost is meant), is not
    known.
    """
    if not isinstance(ability.cost, int):
        return None, (
            f'the attribute cost of "{canceled.name}" is not a number ("{ability.header()}")'
        )
    changers = changed_by(ctx, canceled)
    if changers:
        return None, (
            f'"{changers[0]}" changes the attribute cost of "{canceled.name}", and the sources do '
            f'not say whether "{canceler.name}" compares the printed cost or the changed one'
        )
    _, state = reader_for(ctx)
    table = read_table(ctx.facts)
    for postmod in costs:
        met, why = event_cost_fits(postmod, ability.cost, canceler.name, table, state)
        if met is None:
            return None, str(why)
        if not met:
            return False, f"not {postmod.render()}"
    return True, ""


def can_target(ctx: Context) -> Answer:
    """``can "X" target "Y"?``: defeated characters cannot be targeted; X's target words."""
    source_ref, target_ref = ctx.question.cards[0], ctx.question.cards[1]
    card = _card(source_ref)
    reader, state = reader_for(ctx)
    effects, missing = effects_of(card)
    selectors = list(dict.fromkeys(_selectors(fx.walk(tuple(effects)), targeted=True)))
    away = _source_away(ctx, state, card, played=True)
    if away is not None:
        return judge(ctx, [away])
    if has_named_targets(card):  # a ruling says what the card, its text never given, targets
        return _target_named(ctx, card, target_ref, state)
    if target_ref.card is not None and target_ref.card.type == "event":
        return _target_event(ctx, card, selectors, target_ref.card, missing)
    target = _character(ctx, state, target_ref)
    _out_of_play_open(ctx, target, "target")
    claims: list[Claim] = []
    unique = control_gate(
        ctx, state, read_table(ctx.facts), effects, target, _controller(ctx, card)
    )
    if unique is not None:  # a limitation: the ladder keeps it over the text that takes control
        claims.append(unique)
    taker = _controller(ctx, card)
    owner = target.owner or read_table(ctx.facts).owners.get(normalise_name(target.name))
    copyable = unique is None and taker is not None and owner != taker
    copyable = copyable and target.has_trait("mob") is not True
    copyable = copyable and any(isinstance(e, fx.GainControl) for e in effects)
    defeated = _defeated(ctx, state, target) is not None
    if defeated:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{target.name}" is defeated, and defeated characters cannot be targeted',
                DEFEATED,
            )
        )
    table = read_table(ctx.facts)
    granted: list[str] = []  # nos a text in play of unknown words may turn (a faction it grants)
    for selector in selectors:
        if selector.kind not in ("character", "ally", "characters", "allies"):
            continue
        names_defeated = "defeated" in selector.qualities
        named = replace(selector, target=False).render()  # "targets a …", not "target …"
        if defeated and not names_defeated:
            continue  # only a text that names defeated characters is an exception
        if names_defeated and not defeated:
            claims.append(
                card_claim(
                    Stance.FORBID,
                    card,
                    selector.render(),
                    f'"{card.name}" targets {named}, and "{target.name}" is not defeated',
                )
            )
            continue
        fits, why = _describes(ctx, table, state, card, selector, target)
        if fits is None:
            unfollowed = [q for q in selector.qualities if q != "defeated"]
            unfollowed += [p.render() for p in selector.postmods if not isinstance(p, COST_WORDS)]
            hint = why or (
                f'rulesq does not follow "{unfollowed[0]}"'
                if unfollowed
                else "give its factions and owner"
            )
            _unless_limited(
                f'rulesq cannot tell whether "{target.name}" is {selector.render()} ({hint})',
                claims,
            )
            continue
        verb = "is" if fits else "is not"
        if names_defeated and fits:
            claims.append(
                card_claim(
                    Stance.PERMIT,
                    card,
                    selector.render(),
                    f'"{card.name}" specifically targets '
                    f'{named}, and "{target.name}" is one: '
                    "the exception to defeated characters not being targeted",
                    DEFEATED_EXCEPTION,
                )
            )
            continue
        if not fits and _lacks_only_faction(ctx, table, state, card, selector, target):
            why_not = unknown_texts.granted(ctx.facts, target.name)
            if why_not is not None:  # a text of unknown words may grant it the faction
                granted.append(why_not)
                continue
        stance = Stance.PERMIT if fits else Stance.FORBID
        said = f'"{card.name}" targets {named}, and "{target.name}" {verb} one'
        if target.gone and not fits:
            said += f' ("{target.name}" has left play)'
        claims.append(card_claim(stance, card, selector.render(), said))
    for why_not in granted:
        _open(why_not, claims)
    if missing is not None and defeated:  # the text not read may be the exception
        _unless_limited(
            f"{missing}; a card that specifically targets defeated characters may target "
            f'"{target.name}", though it is defeated',
            claims,
        )
    if missing is not None:
        _open(missing, claims)
    pairs = [e for e in effects if isinstance(e, fx.TargetPair)]
    if not selectors and len(pairs) == 1 and not defeated:
        _pair_claims(ctx, state, table, card, pairs[0], target, claims)
    elif not selectors and pairs:
        _open(
            f'"{card.name}" targets two characters ("{pairs[0].render()}"), and rulesq does not '
            "follow which of them a character could be",
            claims,
        )
    if not selectors and not pairs:
        _open(f'"{card.name}" has no text that targets a character', claims)
    home = _home_in_search(table, state, target)
    if home is not None:
        _open(home, claims)
    if copyable and taker is not None and not any(not c.allows for c in claims):
        unsure = no_copy(ctx, state, table, target.name, taker)
        if unsure is not None:
            _open(unsure, claims)
    return judge(ctx, claims)


#: The phases in which no character is in a search party (the search phase is not one).
_NO_SEARCH_PARTY = ("main phase", "draw phase", "cleanup phase", "power-up phase")


def _home_in_search(table: Table, state: State, target: Character) -> str | None:
    """Why targeting a character at home is no sure yes: it may be the search phase.

    The rulings say a non-targeted effect during the search phase reaches characters at home
    as well as in search parties (Global effects), and that one card can target advantages at
    home (a clarification); they never say a targeted one reaches a character at home then.
    In a stated part of the search phase, a character whose place is not given (and who is not
    in the battle) may be at home.
    """
    place = table.places.get(normalise_name(target.name))
    step = table.step[0] if table.step is not None else None
    if place is None:
        battle = state.battle
        fighting = battle.open and any(target.name in side for side in battle.sides.values())
        if step is None or step in _NO_SEARCH_PARTY or fighting or target.gone:
            return None
        return (
            f'it is the {step}, and the situation does not say whether "{target.name}" is at '
            "home or in a search party: the rulings say that a non-targeted effect during the "
            "search phase reaches characters at home too, never that a targeted one does "
            f'(write: "{target.name}" is in the search party)'
        )
    if place[0] != HOME:
        return None
    if step in _NO_SEARCH_PARTY:
        return None
    when = f"it is the {step}" if step is not None else "the situation does not say the phase"
    return (
        f'"{target.name}" is at home and {when}: the rulings say that a non-targeted effect '
        "during the search phase reaches characters at home too, never that a targeted one does"
    )


def _pair_claims(
    ctx: Context,
    state: State,
    table: Table,
    card: Card,
    pair: Any,
    target: Character,
    claims: list[Claim],
) -> None:
    """The claims of a text with two targets (an attacker and a defender) on ``target``."""
    stated = [c for c in state.characters.values() if state.defeated_by(c.name) is None]
    for player, leader in table.leaders.items():  # a leader named by his line alone plays too
        if key(leader) not in state.characters:
            printed = {a: leader.values.get(a.value) for a in Attribute}
            stated.append(
                Character(leader.name, printed, traits=leader.flags or None, owner=player)
            )
    facts = target_pairs.Facts(
        _controller(ctx, card),
        lambda who: _ready(ctx, table, who),
        lambda who, name: _current(state, who, name),
        tuple(stated),
        lambda player: sides.side_closed(state, table, player),
    )
    fits = target_pairs.fit_pair(pair, target, facts)
    words = f'"{card.name}" targets {pair.phrase()[len("target ") :]}'
    found = next((f for f in fits if f.fits), None)
    if found is not None and found.partner is not None:
        claims.append(
            card_claim(
                Stance.PERMIT,
                card,
                pair.phrase(),
                f'{words}; "{target.name}" can be the character to {found.role}, with '
                f'"{found.partner.name}"',
            )
        )
    elif all(f.fits is False for f in fits):
        if any(f.closed for f in fits):
            sides.assume_named(
                ctx,
                "",
                f'none other than those it states could take the other role with "{target.name}"',
            )
        claims.append(
            card_claim(
                Stance.FORBID,
                card,
                pair.phrase(),
                f"{words}; " + " and ".join(f.reason for f in fits),
            )
        )
    else:
        _open(
            f'{words}; whether "{target.name}" can be one is not known: '
            + next(f.reason for f in fits if f.fits is None),
            claims,
        )


def _ready(ctx: Context, table: Table, who: Character) -> bool | None:
    """Whether a character is ready now: stated so, and set by no cost since (None: not said)."""
    name = normalise_name(who.name)
    found = table.readiness.get(name)
    if found is None:
        return None
    ref = next(r for r in found[1].cards if key(r) == name)
    try:
        paid = set_by_cost(ctx.facts, ref, found[1].span.line)
    except CannotAnswer:
        return None
    return found[0] == "ready" and paid is None


def _current(state: State, who: Character, name: str) -> int | None:
    """A character's current value of an attribute (None: a gap or no value).

    A leader named by his line alone has no place in the timeline: his value is not known.
    """
    if state.find(who.name) is None:
        return None
    attribute = Attribute.named(name)
    if state.blocking(who.name, attribute):
        return None
    try:
        return at.attribute_value(state.timeline(), who.name, attribute).value
    except at.TimelineError:
        return None


def _target_named(ctx: Context, card: Card, target_ref: CardRef, state: State) -> Answer:
    """``can "X" target "Y"?`` for a card whose targets only a ruling gives.

    A target that left play is targeted by no text, one out of play is not known. "The
    defending character" is read in a battle going on, of which he was not sent home.
    """
    found = state.find(target_ref.card.name if target_ref.card is not None else target_ref.name)
    if found is not None:
        _out_of_play_open(ctx, found, "target")
    if found is not None and found.gone:
        return judge(ctx, [left_play_claim(ctx, card, found.name)])
    _battle_doubt(card, found, state)
    if found is not None and _defeated(ctx, state, found) is not None:
        return judge(  # the ruling's words name no defeated character: no exception
            ctx,
            [
                rule_claim(
                    Stance.FORBID,
                    f'"{found.name}" is defeated, and defeated characters cannot be targeted',
                    DEFEATED,
                )
            ],
        )
    return judge(ctx, target_claims(ctx, card, target_ref, state))


def _source_away(ctx: Context, state: State, card: Card, played: bool) -> Claim | None:
    """The no (or *cannot answer*) for a character's text once it is no longer in play.

    Defeated characters "have no attributes, keywords ... or abilities" and "cannot play
    events or abilities", and passive abilities on defeated cards "do not have any effect";
    a card that left play plays no ability ("Only characters “play” events and abilities").
    What the passive text of one that left play, or of one out of play, reaches is not said.
    """
    source = state.find(card.name)
    if source is None:  # a card stated in play (a location, an attachment) that is no longer
        name = normalise_name(card.name)
        stated = [f for f in ctx.facts if f.kind == "in_play" and name in map(key, f.cards)]
        if stated and all(normalise_name(c.name) != name for c, _, _ in in_play(ctx.facts)):
            raise CannotAnswer(
                f'"{card.name}" was in play (line {stated[-1].span.line}) and no longer is, and '
                f"the rulings never say what the text of such a card "
                f"{'targets' if played else 'affects'}"
            )
        return None
    if source.fact is None:  # named only by the question: its text as written
        return None
    defeat = _defeated(ctx, state, source)
    if defeat is not None:
        rules = (DEFEATED_FACTION,) if played else (DEFEATED, citations.PASSIVE_DEFEATED)
        what = (
            "plays no event or ability"
            if played
            else "has no abilities, and its passive text has no effect"
        )
        return rule_claim(Stance.FORBID, f'"{source.name}" is defeated: it {what}', *rules)
    if source.gone and played:
        return rule_claim(
            Stance.FORBID,
            f'"{source.name}" has left play, and only characters play events and abilities',
            ONLY_CHARACTERS_PLAY,
        )
    out = out_of_play.still_out(ctx).get(normalise_name(source.name))
    if source.gone or out is not None:
        where = "has left play and has not returned" if source.gone else "is out of play"
        raise CannotAnswer(
            f'"{source.name}" {where}, and the rulings never say what the text of such a card '
            f"{'targets' if played else 'affects'}"
        )
    return None


def _battle_doubt(card: Card, found: Character | None, state: State) -> None:
    """*Cannot answer* for "the defending character" once the battle ended or he was sent home.

    The ruling names the defending character of a battle; after it, or sent home during it
    ("the battle continues as normal"), whether he still is one is not said.
    """
    if found is None or "defending character" not in (card.fields.get("targets") or ()):
        return
    battle = state.battle
    if found.name not in battle.sides[Side.DEFENDERS]:
        return
    if not battle.open:
        raise CannotAnswer(
            f'"{found.name}" defended in a battle that has ended, and the ruling on '
            f'"{card.name}" names the defending character: whether one is left is not said'
        )
    if found.name in battle.sent_home:
        raise CannotAnswer(
            f'"{found.name}" was sent home during the battle, and the rulings say only that "the '
            'battle continues as normal": whether he is still the defending character is not said'
        )


def _target_event(
    ctx: Context, card: Card, selectors: list[fx.Selector], event: Card, missing: str | None
) -> Answer:
    """``can "X" target "Some Event"?``: X's event words, read by ``event_targets``."""
    event_effects, event_missing = effects_of(event)
    if event_missing is not None:
        raise CannotAnswer(event_missing)
    claims = event_claims(
        ctx, read_table(ctx.facts), card, selectors, event, event_effects, _controller(ctx, card)
    )
    if missing is not None or not claims:
        _open(missing or f'"{card.name}" has no text that targets an event', claims)
    return judge(ctx, claims)


def _describes(
    ctx: Context, table: Table, state: State, card: Card, selector: fx.Selector, target: Character
) -> tuple[bool | None, str | None]:
    """Whether a character selector of ``card`` describes ``target`` (None: not told, and why).

    "defeated" is the caller's (the target's state); the cost words are
    :func:`rulesq.games.fma.cost_words.cost_fits`'; every other word is matched here or
    leaves the answer unknown.
    """
    costs = [p for p in selector.postmods if isinstance(p, COST_WORDS)]
    plain = replace(
        selector,
        kind="character",
        target=False,
        quantity=None,
        qualities=tuple(q for q in selector.qualities if q != "defeated"),
        postmods=tuple(p for p in selector.postmods if not isinstance(p, COST_WORDS)),
    )
    fits = match_subject(
        plain, target, normalise_name(card.name), controller=_controller(ctx, card)
    )
    if fits is not False and selector.kind in ("ally", "allies"):
        ally = _is_ally(table, target)
        fits = ally if ally is not True else fits
    why: str | None = None
    for postmod in costs:
        if fits is False:
            break
        met, reason = cost_fits(postmod, target, card.name, table, state)
        if met is False:
            return False, None
        if met is None:
            fits, why = None, why or reason
    return fits, why


def _lacks_only_faction(
    ctx: Context, table: Table, state: State, card: Card, selector: fx.Selector, target: Character
) -> bool:
    """Whether ``selector`` would describe ``target`` but for the faction or keyword it names."""
    if not selector.faction:
        return False
    plain = replace(selector, faction=None, faction_word=False)
    return _describes(ctx, table, state, card, plain, target)[0] is True


def _is_ally(table: Table, character: Character) -> bool | None:
    """Whether a character is an ally (not a leader); None when its player's leader is unnamed."""
    name = normalise_name(character.name)
    if name in {table.leader_key(p) for p in table.leaders}:
        return False
    owner = character.owner or table.owners.get(name)
    return True if owner is not None and owner in table.leaders else None


def _controller(ctx: Context, card: Card) -> str | None:
    table = read_table(ctx.facts)
    play = table.play_of(card.name)
    return play.player if play is not None else (ctx.question.who or "me")


def _selectors(effects: list[Any], targeted: bool) -> list[fx.Selector]:
    out: list[fx.Selector] = []
    for effect in effects:
        for name in ("what", "who"):
            value = getattr(effect, name, None)
            if (
                isinstance(value, fx.Selector)
                and (value.target or isinstance(effect, fx.Target)) == targeted
            ):
                out.append(value)
    return out


def can_attach(ctx: Context) -> Answer:
    """``can I attach "X" to "Y"?``: never to a defeated character."""
    attachment, holder_ref = ctx.question.cards[0], ctx.question.cards[1]
    reader, state = reader_for(ctx)
    holder = _character(ctx, state, holder_ref)
    if holder.gone:  # not a requirement's no: the card is not in play
        raise CannotAnswer(
            f'"{holder.name}" has left play, and the rulings never say what attaching a card to '
            "a card that has left play would do"
        )
    _out_of_play_open(ctx, holder, "be attached to")
    claims: list[Claim] = []
    if _defeated(ctx, state, holder) is not None:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{holder.name}" is defeated, and you cannot '
                "attach a card to a defeated character",
                DEFEATED,
            )
        )
    copy = attach_gate(ctx, read_table(ctx.facts), attachment, ctx.question.who or "me")
    if copy is not None:  # a limitation: no text of the attachment lifts it
        claims.append(copy)
    card = attachment.card
    effects, missing = effects_of(card) if card is not None else ([], "unknown")
    granted: list[str] = []
    for effect in effects:
        if not isinstance(effect, fx.AttachRestriction) or card is None:
            continue
        fits = match_subject(replace(effect.to, quantity=None), holder, normalise_name(card.name))
        plain = replace(effect.to, quantity=None, faction=None, faction_word=False)
        if (
            fits is False
            and effect.to.faction
            and match_subject(plain, holder, normalise_name(card.name)) is True
            and (why_not := unknown_texts.granted(ctx.facts, holder.name)) is not None
        ):
            granted.append(why_not)  # a text of unknown words may grant him the faction
            continue
        if fits is None:
            _open(
                f'the situation does not say whether "{holder.name}" is {effect.to.render()} '
                "(give its factions and keywords)",
                claims,
            )
        elif not fits:
            claims.append(
                card_claim(
                    Stance.FORBID,
                    card,
                    effect.render(),
                    f'"{holder.name}" does not meet the requirement of "{card.name}": '
                    f"{effect.render()}",
                    REQUIREMENTS,
                    requirement=True,
                )
            )
    for why_not in granted:
        _open(why_not, claims)
    _open(missing or f'rulesq does not check every requirement of "{attachment.name}"', claims)
    return judge(ctx, claims)


# ---------------------------------------------------------------------------- battles


def can_block(ctx: Context) -> Answer:
    """``can "X" block?``: not an attack it is in, not when defeated, not when it cannot set."""
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    who = _character(ctx, state, ctx.question.card)
    claims: list[Claim] = []
    if who.gone:  # as a React's player: a card that left play plays none
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" has left play: blocking is a React, and only characters play '
                "events and abilities",
                BLOCK_IS_REACT,
                ONLY_CHARACTERS_PLAY,
            )
        )
    elif _defeated(ctx, state, who) is not None:
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is defeated: blocking is a React, '
                "and defeated characters cannot play events or abilities",
                BLOCK_IS_REACT,
                DEFEATED_FACTION,
            )
        )
    battle = state.battle
    gone = battle.sent_home.get(who.name) if battle.open else None
    if gone is None and battle.open and any(who.name in side for side in battle.sides.values()):
        for fact in battle.facts:
            ctx.fact(fact)
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is already in this battle, and '
                "a character can't block an attack it is already "
                "participating in",
                BLOCK_OWN_ATTACK,
            )
        )
    if table.step is not None and table.step[0] not in ("maneuver step", _BATTLE_PHASE):
        ctx.fact(table.step[1])
        claims.append(
            rule_claim(
                Stance.FORBID,
                f"it is the {table.step[0]}, and blocking takes "
                "place in the maneuver step of a battle",
                BLOCK_STEP,
            )
        )
    set_state = table.readiness.get(normalise_name(who.name))
    try:  # a readiness stated before a later play, turn end or cancel may no longer hold
        paid = set_by_cost(ctx.facts, ctx.question.card, set_state[1].span.line if set_state else 0)
    except CannotAnswer:
        set_state = paid = None
    if paid is not None:
        set_state = ("set", paid.play)
    if set_state is not None and set_state[0] == "set":
        ctx.fact(set_state[1])
        claims.append(
            rule_claim(
                Stance.FORBID,
                f'"{who.name}" is set, and setting the character is the cost of blocking',
                "fma/cards/block/ruling",
            )
        )
    if gone is not None:  # sent home: still in the attack? the rulings never say
        ctx.fact(gone)
        _open(
            f'"{who.name}" was sent home during this battle, and the rulings say only that "the '
            'battle continues as normal": whether it still participates in the attack (and so '
            "cannot block it) is not said",
            claims,
        )
    _open(
        f'"{who.name}" blocks only with a card or ability that lets it block, and the '
        "situation does not say it has one",
        claims,
    )
    return judge(ctx, claims)


def can_attack(ctx: Context) -> Answer:
    """``can "A" attack "C"?``; a yes a card of unknown text in play may change is open."""
    *attackers, defender = (r.name for r in ctx.question.cards)
    named = " and ".join(f'"{name}"' for name in attackers)
    what = f'whether {named} can attack "{defender}"'
    return unknown_texts.open_yes(ctx.facts, _can_attack(ctx), what)


def _can_attack(ctx: Context) -> Answer:
    """``can "A" and "B" attack "C"?``: a character at home only by Stealth characters."""
    *attackers, defender_ref = ctx.question.cards
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    defender = _character(ctx, state, defender_ref)
    claims: list[Claim] = []
    for ref in (*attackers, defender_ref):
        who = _character(ctx, state, ref)
        if _defeated(ctx, state, who) is not None:
            role = "it cannot attack" if ref is not defender_ref else "it cannot be attacked"
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    f'"{who.name}" is defeated and does not count as a character: {role}',
                    DEFEATED,
                )
            )
    outside = out_of_play.still_out(ctx)
    for ref in (*attackers, defender_ref):
        if _character(ctx, state, ref).gone and not claims:
            raise CannotAnswer(
                f'"{ref.name}" has left play and has not returned, and the rulings never say '
                "whether a card that left play may attack or be attacked"
            )
        if key(ref) in outside and not claims:
            raise CannotAnswer(
                f'"{ref.name}" is out of play, and the rulings say only that an out-of-play '
                "leader cannot recruit and keeps his attachments, not whether he may attack or "
                "be attacked"
            )
    if not claims:
        _set_attackers(ctx, state, table, attackers, claims)
    place = table.place(defender.name)
    if place is None:
        _open(
            f'the situation does not say whether "{defender.name}" is at home or in a search party',
            claims,
        )
    elif place[0] == HOME:
        ctx.fact(place[1])
        home = (STEALTH, *table.place_rules(defender.name))  # returned to play: at home
        stealthy = [_character(ctx, state, r).has_trait("Stealth") for r in attackers]
        if None in stealthy:
            _open(
                "the situation does not say which attackers have Stealth (give the "
                'keyword: my character "A" (strength 3, Stealth))',
                claims,
            )
        elif all(stealthy) and not claims:  # Stealth lifts the home rule, not a defeat
            claims.append(
                rule_claim(
                    Stance.PERMIT,
                    f'"{defender.name}" is at home, and every attacker has Stealth',
                    *home,
                )
            )
        elif any(stealthy):
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    "you cannot declare an attack with a "
                    "Stealth character and a non-Stealth character on a "
                    f'character at home ("{defender.name}")',
                    *home,
                )
            )
        else:
            claims.append(
                rule_claim(
                    Stance.FORBID,
                    "only characters with Stealth may declare "
                    f'an attack on a character at home ("{defender.name}")',
                    *home,
                )
            )
    else:
        ctx.fact(place[1])
        _open(
            "rulesq follows only Stealth and defeat among the rules of declaring an attack "
            "on a character in a search party",
            claims,
        )
    _attack_doubts(ctx, state, table, attackers, defender, claims)
    _attack_defaults(ctx, state, table, attackers, claims)
    return judge(ctx, claims)


#: They never say when an attack may be declared, nor whether a set character may declare one.
_ATTACK_PHASE = _BATTLE_PHASE


def _attack_defaults(
    ctx: Context, state: State, table: Table, attackers: list[CardRef], claims: list[Claim]
) -> None:
    """What a yes to declaring an attack rests on and the situation does not state.

    A stated phase other than the search phase is *cannot answer* (the rulings name no phase
    for declaring an attack); no phase stated, or an attacker whose readiness is not stated,
    is taken as the search phase and ready, and the answer shows it. A no needs neither.
    """
    if any(not c.allows for c in claims):
        return
    if table.step is not None and table.step[0] != _ATTACK_PHASE:
        ctx.fact(table.step[1])
        raise CannotAnswer(
            f"it is the {table.step[0]}, and the rulings do not say in which phase an attack "
            "may be declared (they place a battle only in the search phase)"
        )
    if table.step is None:
        ctx.derivation().absence(
            "no phase is stated: it is taken to be the search phase, where the rulings place a "
            "battle (they do not say in which phase an attack may be declared)",
            assumed=True,
        )
    unstated = [
        _character(ctx, state, r).name
        for r in attackers
        if normalise_name(_character(ctx, state, r).name) not in table.readiness
    ]
    if unstated:
        names = " and ".join(f'"{n}"' for n in unstated)
        ctx.derivation().absence(
            f"the situation does not say whether {names} is ready or set: taken to be ready "
            "(the sources do not say whether a set character may declare an attack)",
            assumed=True,
        )


def _attack_doubts(
    ctx: Context,
    state: State,
    table: Table,
    attackers: list[CardRef],
    defender: Character,
    claims: list[Claim],
) -> None:
    """*Cannot answer* for what the attack rules rulesq follows do not settle.

    An attacker on the defender's own side (the sources never say whether one may attack
    it), an attacker at home (they speak only of attacks on a character at home, and place a
    battle in the search phase), or a card played whose text takes control of a character or
    forbids declaring an attack with one (rulesq does not follow which character).
    """
    for ref in attackers:
        who = _character(ctx, state, ref)
        place = table.place(who.name)
        if place is not None and place[0] == HOME:
            ctx.fact(place[1])
            _open(
                f'"{who.name}" is at home, and the rulings never say whether a character at '
                "home may declare an attack (they speak only of attacks on a character at home)",
                claims,
            )
        owner = who.owner or table.owners.get(normalise_name(who.name))
        theirs = defender.owner or table.owners.get(normalise_name(defender.name))
        if owner is not None and owner == theirs:
            _open(
                f'"{who.name}" and "{defender.name}" are on the same side, and the rules '
                "rulesq follows do not say whether a character may attack one of its own side",
                claims,
            )
    for play in table.plays:
        played = next((r for r in play.fact.cards if key(r) == play.card), None)
        if played is None or played.card is None:
            continue
        effects, _ = effects_of(played.card)
        acts = [
            e
            for e in fx.walk(tuple(effects))
            if isinstance(e, fx.GainControl)
            or (isinstance(e, fx.Prohibition) and any(a.action == "attack" for a in e.actions))
        ]
        if acts:
            _open(
                f'"{played.card.name}" was played (line {play.fact.span.line}) and its text reads '
                f'"{acts[0].render()}": rulesq does not follow which character it takes or '
                "bars from attacking",
                claims,
            )


def _set_attackers(
    ctx: Context, state: State, table: Table, attackers: list[CardRef], claims: list[Claim]
) -> None:
    """*Cannot answer* for an attacker that is set: the sources never say whether one may attack."""
    for ref in attackers:
        found = table.readiness.get(normalise_name(_character(ctx, state, ref).name))
        try:
            paid = set_by_cost(ctx.facts, ref, found[1].span.line if found else 0)
        except CannotAnswer:
            continue
        if paid is not None or (found is not None and found[0] == "set"):
            _open(
                f'"{ref.name}" is set, and the sources do not say whether a set character may '
                "declare an attack",
                claims,
            )


# ---------------------------------------------------------------------------- reacts


def reacts_first(ctx: Context) -> Answer:
    """``who reacts first [to "Y"]?``: the other player, or the active player (no player's act)."""
    table = read_table(ctx.facts)
    ref = ctx.question.cards[0] if ctx.question.cards else None
    play = (
        table.play_of(ref.card.name if ref is not None and ref.card else ref.name)
        if ref is not None
        else (table.plays[-1] if table.plays else None)
    )
    step = table.step
    if (
        ref is None
        and play is not None
        and step is not None
        and step[1].span.line > play.fact.span.line
    ):
        play = None
    if play is not None:
        if play.player is None:
            shown = next(
                (r.name for r in play.fact.cards if normalise_name(r.name) == play.card), play.card
            )
            hint = (
                f'write whose "{play.fact.cards[0].name}" is, e.g. my character '
                f'"{play.fact.cards[0].name}"'
                if play.by is not None
                else f'write: you play "{shown}"'
            )
            raise CannotAnswer(f'the situation does not say who played "{shown}" ({hint})')
        node = ctx.fact(play.fact)
        first = OTHER[play.player]
        creator = "I" if play.player == "me" else "you"
        reason = (
            f"{creator} took the action; in a two-player game the other player has the "
            "first opportunity to react, then the reacts go back and forth"
        )
        return ctx.conclude(
            Word(first),
            reason,
            supported_by=(node, ctx.clause(REACT_TWO, "rule"), ctx.clause(REACT_PLAYER, "rule")),
        )
    if step is None:
        raise CannotAnswer(
            "the situation does not say what is reacted to (a card played, "
            "or an occurrence such as: it is the start of the action step)"
        )
    if table.turn is None:
        raise CannotAnswer(
            f"no player created the {step[0]}, so the active player reacts "
            "first, and the situation does not say whose turn it is"
        )
    support = (ctx.fact(step[1]), ctx.fact(table.turn[1]), ctx.clause(REACT_OCCURRENCE, "rule"))
    return ctx.conclude(
        Word(table.turn[0]),
        f"no player created the {step[0]}, so the active player has the first chance to react",
        supported_by=support,
    )


def waits(ctx: Context) -> Answer:
    """``does "R" wait until "E" has fully resolved?`` (``rulesq.games.fma.timing``)."""
    return _waits(ctx, effects_of)


def acts_when_discarded(ctx: Context) -> Answer:
    """``does "X" act when discarded?`` (``rulesq.games.fma.discards``)."""
    return discards.acts(ctx, effects_of)


# ---------------------------------------------------------------------------- affects


def _out_of_play_open(ctx: Context, who: Character, verb: str) -> None:
    """*Cannot answer* whether a card may ``verb`` a character out of play (not in play)."""
    outside = out_of_play.still_out(ctx).get(normalise_name(who.name))
    if outside is not None:
        raise CannotAnswer(
            f'"{who.name}" is out of play (line {outside.span.line}), and the rulings say of a '
            "card out of play only that an out-of-play leader cannot recruit and keeps his "
            f"attachments, not whether a card in play may {verb} it"
        )


def affects(ctx: Context) -> Answer:
    """``does "X" affect "Y"?``: a location a text changes; the characters a text describes."""
    card = _card(ctx.question.cards[0])
    other_ref = ctx.question.cards[1]
    effects, missing = effects_of(card)
    away = _source_away(ctx, reader_for(ctx)[1], card, played=False)
    if away is not None:
        return judge(ctx, [away])
    named = affect_claims(ctx, card, other_ref)
    if named is not None:  # a ruling says what the card, its text never given, affects
        return judge(ctx, named)
    if other_ref.card is not None and other_ref.card.type == "location":
        return _affects_location(ctx, card, other_ref.card, effects, missing)
    reader, state = reader_for(ctx)
    table = read_table(ctx.facts)
    who = _character(ctx, state, other_ref)
    _out_of_play_open(ctx, who, "affect")
    claims: list[Claim] = []
    granted: list[str] = []  # nos a text in play of unknown words may turn (a faction it grants)
    subjects = [e for e in effects if not isinstance(e, fx.Ability)]
    for effect in subjects:
        for selector in _selectors([effect], targeted=False):
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
        _open(why_not, claims)
    if missing is not None or not claims:
        _open(missing or f'rulesq cannot tell which characters "{card.name}" affects', claims)
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
