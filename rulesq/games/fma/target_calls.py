"""FMA calls: may a card target a character (its selectors, places, pairs, doubts)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rulesq.corpus.load import normalise_name
from rulesq.errors import CannotAnswer
from rulesq.games.fma import attributes as at
from rulesq.games.fma import (
    citations,
    out_of_play,
    presence,
    sides,
    target_pairs,
    unknown_texts,
)
from rulesq.games.fma import effects as fx
from rulesq.games.fma.card_effects import effects_of
from rulesq.games.fma.claims import Claim, Stance, card_claim, judge, rule_claim
from rulesq.games.fma.cost_words import COST_WORDS, cost_fits, event_cost_fits
from rulesq.games.fma.costs import changed_by
from rulesq.games.fma.event_targets import event_claims
from rulesq.games.fma.handlers import reader_for
from rulesq.games.fma.named_targets import (
    has_named_targets,
    left_play_claim,
    target_claims,
)
from rulesq.games.fma.readiness_changes import set_by_cost
from rulesq.games.fma.state import Character, State, match_subject
from rulesq.games.fma.still_in_play import in_doubt, in_play
from rulesq.games.fma.table import HOME, Table, key, read_table
from rulesq.games.fma.uniqueness import (
    control_gate,
    no_copy,
)
from rulesq.games.fma.vocab import Attribute, Side

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef

from rulesq.games.fma.call_basics import (
    DEFEATED,
    DEFEATED_EXCEPTION,
    DEFEATED_FACTION,
    ONLY_CHARACTERS_PLAY,
    character_of,
    defeat_node,
    is_ally,
    known_card,
    leave_open,
    out_of_play_open,
    unless_limited,
)


def targets_something(card: Card, effects: list[Any]) -> bool:
    """Whether the card's text may target: a targeted selector, or the word at all."""
    if selectors_of(fx.walk(tuple(effects)), targeted=True):
        return True
    return "target" in str(card.text or "").casefold()


def cancel_cost_fits(
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
    card = known_card(source_ref)
    reader, state = reader_for(ctx)
    effects, missing = effects_of(card)
    selectors = list(dict.fromkeys(selectors_of(fx.walk(tuple(effects)), targeted=True)))
    away = source_away(ctx, state, card, played=True)
    if away is not None:
        return judge(ctx, [away])
    if has_named_targets(card):  # a ruling says what the card, its text never given, targets
        return _target_named(ctx, card, target_ref, state)
    if target_ref.card is not None and target_ref.card.type == "event":
        return _target_event(ctx, card, selectors, target_ref.card, missing)
    target = character_of(ctx, state, target_ref)
    out_of_play_open(ctx, target, "target")
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
    defeated = defeat_node(ctx, state, target) is not None
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
            unless_limited(
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
        leave_open(why_not, claims)
    if missing is not None and defeated:  # the text not read may be the exception
        unless_limited(
            f"{missing}; a card that specifically targets defeated characters may target "
            f'"{target.name}", though it is defeated',
            claims,
        )
    if missing is not None:
        leave_open(missing, claims)
    pairs = [e for e in effects if isinstance(e, fx.TargetPair)]
    if not selectors and len(pairs) == 1 and not defeated:
        _pair_claims(ctx, state, table, card, pairs[0], target, claims)
    elif not selectors and pairs:
        leave_open(
            f'"{card.name}" targets two characters ("{pairs[0].render()}"), and rulesq does not '
            "follow which of them a character could be",
            claims,
        )
    if not selectors and not pairs:
        leave_open(f'"{card.name}" has no text that targets a character', claims)
    home = _home_in_search(table, state, target)
    if home is not None:
        leave_open(home, claims)
    if copyable and taker is not None and not any(not c.allows for c in claims):
        unsure = no_copy(ctx, state, table, target.name, taker)
        if unsure is not None:
            leave_open(unsure, claims)
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
        leave_open(
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
        out_of_play_open(ctx, found, "target")
    if found is not None and found.gone:
        return judge(ctx, [left_play_claim(ctx, card, found.name)])
    _battle_doubt(card, found, state)
    if found is not None and defeat_node(ctx, state, found) is not None:
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


def _attached_away(ctx: Context, card: Card, does: str) -> Claim | None:
    """The no (or *cannot answer*) for an attachment's text once it may not act (None: it acts).

    Read through ``Presence.read``: a copy whose bearer left play or is out of play, or that
    returned unborne, may or may not act; one whose bearer is defeated does not ("Passive
    abilities on attachments do not function if the character bearing the attachment is
    defeated"); one that left play itself, as a card stated in play that left, is not said.
    """
    name = normalise_name(card.name)
    if not any(f.kind == "attach" and key(f.cards[0]) == name for f in ctx.facts):
        return None
    if any(normalise_name(c.name) == name for c, _, _ in in_play(ctx.facts)):
        return None  # a copy of it acts
    for unsure in in_doubt(ctx.facts):
        if normalise_name(unsure.card.name) == name:
            raise CannotAnswer(unsure.reason(f'what "{card.name}" {does}'))
    where, why = presence.where_at(ctx.facts, name)
    if where == presence.DEFEATED and why is not None:
        ctx.fact(why)
        return rule_claim(
            Stance.FORBID,
            f'"{card.name}" is attached to a character who is defeated: its passive text has '
            "no effect",
            citations.PASSIVE_PLACES,
        )
    line = f" (line {why.span.line})" if why is not None else ""
    raise CannotAnswer(
        f'"{card.name}" was attached and has left play{line}, and the rulings never say what '
        f"the text of such a card {does}"
    )


def source_away(ctx: Context, state: State, card: Card, played: bool) -> Claim | None:
    """The no (or *cannot answer*) for a character's text once it is no longer in play.

    Defeated characters "have no attributes, keywords ... or abilities" and "cannot play
    events or abilities", and passive abilities on defeated cards "do not have any effect";
    a card that left play plays no ability ("Only characters “play” events and abilities").
    What the passive text of one that left play, or of one out of play, reaches is not said.
    """
    source = state.find(card.name)
    if source is None:  # a card stated in play (a location, an attachment) that is no longer
        name = normalise_name(card.name)
        does = "targets" if played else "affects"
        attached = _attached_away(ctx, card, does)
        if attached is not None:
            return attached
        stated = [f for f in ctx.facts if f.kind == "in_play" and name in map(key, f.cards)]
        if stated and all(normalise_name(c.name) != name for c, _, _ in in_play(ctx.facts)):
            raise CannotAnswer(
                f'"{card.name}" was in play (line {stated[-1].span.line}) and no longer is, and '
                f"the rulings never say what the text of such a card {does}"
            )
        return None
    if source.fact is None:  # named only by the question: its text as written
        return None
    defeat = defeat_node(ctx, state, source)
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
        leave_open(missing or f'"{card.name}" has no text that targets an event', claims)
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
        ally = is_ally(table, target)
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


def _controller(ctx: Context, card: Card) -> str | None:
    table = read_table(ctx.facts)
    play = table.play_of(card.name)
    return play.player if play is not None else (ctx.question.who or "me")


def selectors_of(effects: list[Any], targeted: bool) -> list[fx.Selector]:
    """The selectors of the effects' subjects and objects, targeted or not."""
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
