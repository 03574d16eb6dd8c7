"""Warhammer damage: what assigned damage deals, what it destroys and burns, who may take it.

Damage is assigned, then cancelled (Toughness), then applied (FAQ, Cancelling Damage; Dealt
Damage). A unit leaves play when its damage reaches its hit points (Turn Sequence, phase 4;
Q&A 7); a zone burns when its damage reaches the zone's hit points (an assumed rule of
the Core Rulebook). Every card text in play that speaks of damage and is not followed here
makes the answer *cannot answer*.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.effects.base import Unparsed
from rulesq.games.warhammer import (
    cancel_all,
    combat_plays,
    forced_corrupting,
    lasting_grants,
    shields,
    tactic_toughness,
    terms,
    texts,
)
from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.places import damage_stated
from rulesq.games.warhammer.spendable import Damage, damage_now, spends_damage
from rulesq.games.warhammer.trigger_texts import followed_in_destruction
from rulesq.games.warhammer.turns import ended
from rulesq.games.warhammer.values import (
    CONSTANT,
    HIT_POINTS,
    Value,
    combat_damage,
    hit_points,
    power,
    steady_hit_points,
    toughness_given,
    x_value,
)
from rulesq.games.warhammer.vocab import Header, Zone
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.games.warhammer.board import Assigned, Board, InPlay

FAQ = "warhammer/faq/"
P12 = FAQ + "rulebook-errata/p12"
P17 = FAQ + "rulebook-errata/p17"
QA_ASSIGN = FAQ + "qa/12"
QA_BURNING = FAQ + "qa/1"
QA_ZERO = FAQ + "qa/7"
QA_ZONE_DEALT = FAQ + "qa/47"
QA_LEGEND = FAQ + "qa/44"
QA_MOVE = FAQ + "qa/22"
MOVING = FAQ + "damage/moving-damage"
MOVING_CARDS = FAQ + "miscellaneous/moving-cards"
DEALT = FAQ + "damage/dealt-damage"
CANCELLING = FAQ + "damage/cancelling-damage"
NON_COMBAT = FAQ + "damage/non-combat-damage"
COUNTERSTRIKE = FAQ + "keywords/counterstrike"
LEAVE_PLAY = FAQ + "turn-sequence/phase-4"
DESTROY = FAQ + "terminology-clarifications/destroy"
SACRIFICE = FAQ + "terminology-clarifications/sacrifice"
#: A card that left play "is treated as though it were a new card": in no combat.
OUT_OF_PLAY = FAQ + "terminology-clarifications/out-of-play"
#: How a unit in combat that left play is said to.
LEFT_PLAY = "left play"
ZONE_HIT_POINTS = "warhammer/assumed/zone-hit-points"
COMBAT_POOL = "warhammer/assumed/combat-damage-counted"
#: A capital section's hit points before developments (assumed rule, Core Rulebook).
SECTION_HIT_POINTS = 8

#: Words of a card text that speak to damage, destruction or burning.
_DAMAGE_WORDS = compiled(
    r"\b(damage|toughness|counterstrike|destroy\w*|burn\w*|"
    r"hit points|redirect\w*|cancel\w*)\b",
    re.IGNORECASE,
)
#: Words of a text that may change the least damage that destroys a unit: damage it takes
#: or has cancelled as it is assigned (uncancellable too), its hit points.
_LETHAL_WORDS = compiled(
    r"\b(toughness|(?:un)?cancel\w*|prevent\w*|damage|hit points)\b", re.IGNORECASE
)
#: A constant text that doubles the damage assigned to units as it is assigned (Q&A 23).
_DOUBLE = compiled(
    r"^double all damage assigned to units(?: as it is being assigned)?\.?$", re.IGNORECASE
)
QA_DOUBLE = FAQ + "qa/23"
#: A sentence that gives Toughness (a tactic's, for a time).
_GIVES_TOUGHNESS = compiled(r"[^.:]*\bgains? Toughness\b[^.]*", re.IGNORECASE)
#: A constant Toughness X that counts the damage on its unit (it changes as damage is applied).
_LIVE_X = compiled(r"\bToughness X, where X is the damage on\b", re.IGNORECASE)
#: The keywords this module follows.
FOLLOWED_KEYWORDS = frozenset({"toughness", "counterstrike"})


def keyword(placed: InPlay, name: str) -> tuple[int | str | None, Text] | None:
    """The value of a keyword the card's text states (Toughness 1), with its quote."""
    text = placed.shown_text
    if text is None:
        return None
    for found in texts.parsed(text).keywords():
        if found.name.casefold() == name:
            return found.value, Text(placed.name, found.span.of(text).strip())
    return None


def unfollowed(
    board: Board,
    words: re.Pattern[str] = _DAMAGE_WORDS,
    capital: bool = False,
    unit: InPlay | None = None,
) -> list[str]:
    """Texts in play that speak of damage (``words``) and that this module does not follow.

    Actions happen only when triggered (a situation says so); keywords this module follows,
    hit point modifiers (read by the hit points) and reminder text are not gaps; with
    ``capital``, neither is a text that cancels one damage to its controller's capital each
    turn (read by the damage a zone is dealt and whether it burns). With ``unit``, an Action
    resolved that deals damage only to its stated targets does not reach another unit.
    """
    gaps: list[str] = []
    for placed, text in board.faceup_texts():
        for effect in texts.parsed(text).effects:
            if isinstance(effect, (fx.Reminder, fx.ZoneText, fx.Limit, fx.Only, fx.XIs)):
                continue
            if isinstance(effect, fx.Keyword) and effect.name.casefold() in FOLLOWED_KEYWORDS:
                continue
            if isinstance(effect, fx.Ability) and effect.header is Header.ACTION:
                continue
            if read_grant(effect) or _toughness_reminder(effect):
                continue
            quote = effect.span.of(text).strip()
            if _doubles(effect, quote) or followed_in_destruction(quote):
                continue
            if forced_corrupting.ENTERS_FORCED.match(quote) and not forced_corrupting.entered(
                board, placed
            ):
                continue  # its unit is not shown entering play: the board states its effect
            if cancel_all.shape(quote):
                continue  # read by ``toughness``
            if spends_damage(quote):
                continue  # the damage it spends is taken off by ``damage_now``
            if capital and _CAPITAL_CANCEL.match(quote):
                continue  # read by ``zone_dealt`` and ``zone_burns``
            if words.search(quote):
                gaps.append(
                    f'"{placed.name}": "{quote}" is not followed by the damage rules of rulesq'
                )
    for play in combat_plays.played(board):
        if _spent(board, play.card.text or "", play.at, words):
            continue
        if (
            play.link is not None
            and not play.cancelled
            and (shields.followed(play.link) or board.dealt_by(play.link) is not None)
        ):
            continue  # a resolved redirect or cancel, or damage read: played out in order
        given = _GIVES_TOUGHNESS.search(play.card.text or "")
        if given is not None and not tactic_toughness.unread(play.card):
            continue  # its Toughness is read by ``toughness``
        if given is not None:
            gaps.append(
                f'"{play.card.name}" acted this turn and gives Toughness for a time '
                f'("{given.group(0).strip()}") in words rulesq does not read'
            )
        elif words.search(play.card.text or ""):
            gaps.append(
                f'"{play.card.name}" acted this turn and speaks of damage: what it does to the '
                "damage units take is not followed by rulesq"
            )
    for link in board.resolved:  # an Action triggered and resolved (tactics are above)
        card = link.card
        if card is None or (card.type or "").lower() == "tactic" or shields.followed(link):
            continue
        if board.dealt_by(link) is not None:
            continue  # its damage is read (``resolved_damage``), met in order
        said = [m.group(0).strip() for m in _DEALS_DAMAGE.finditer(card.text or "")]
        said = [sentence for sentence in said if words.search(sentence)]
        if not said:
            continue
        if unit is not None and link.targets and unit not in link.targets:
            if all(_only_targets(sentence) for sentence in said):
                continue  # it reached only the targets stated
        gaps.append(
            f'"{link.name}" was triggered and resolved this turn, and its Action reads '
            f'"{said[0]}": the damage it dealt, moved or removed is not followed by rulesq'
        )
    return gaps


def _spent(board: Board, text: str, at: int, words: re.Pattern[str]) -> bool:
    """Whether a tactic of a turn now over is spent: all it says of damage lasted that turn.

    Each sentence that speaks of damage lasts the turn or phase it was played in and deals,
    moves, heals or removes none ("At the end of the turn, that unit takes 2
    damage." is damage dealt, whose amount the damage stated since may not hold), and every
    damage stated assigned came after that turn was over (what it did to damage assigned while
    it lasted is not read).
    """
    if ended(board, at) is not True:
        return False
    if any(ended(board, at, a.fact.index) is not True for a in board.assigned):
        return False  # damage assigned while its turn lasted: what it did to that is not read
    said = [s for s in _SENTENCE.findall(text) if words.search(s)]
    return all(
        _FOR_A_TIME.search(s) and not _DEALS_DAMAGE.search(s) and not _TAKES.search(s) for s in said
    )


#: A sentence of a card text.
_SENTENCE = compiled(r"[^.]+\.?")
#: A unit that takes damage ("that unit takes 2 damage").
_TAKES = compiled(r"\btakes? (?:\d+|X) (?:\w+ )?damage\b", re.IGNORECASE)


def _only_targets(sentence: str) -> bool:
    """Whether a sentence deals its damage to its targets alone."""
    return bool(_TARGETED_ONLY.search(sentence)) and not _NOT_TARGETED.search(sentence)


#: Damage dealt to the targets alone ("to target unit", "to one target damaged unit").
_TARGETED_ONLY = compiled(r"\bdamage to (?:one |a )?target\b", re.IGNORECASE)
#: Words that may reach beyond the targets.
_NOT_TARGETED = compiled(
    r"\b(?:each|all|every|additional|other|another|move|moves)\b", re.IGNORECASE
)
#: An Action sentence that deals, moves, heals or removes damage (not a combat damage grant).
_DEALS_DAMAGE = compiled(
    r"[^.:]*\b(?:deal|deals|move|moves|heal|heals|remove|removes)\b(?! \+)[^.]*\bdamage\b[^.]*\.?",
    re.IGNORECASE,
)


def _doubles(effect: object, quote: str) -> bool:
    return (
        isinstance(effect, fx.Clause)
        and effect.trigger is None
        and not effect.conditions
        and _DOUBLE.match(quote) is not None
    )


def doublers(board: Board) -> list[Text]:
    """The constant texts in play that double damage assigned to units, quoted."""
    found: list[Text] = []
    for placed, text in board.faceup_texts():
        for effect in texts.parsed(text).effects:
            quote = effect.span.of(text).strip()
            if _doubles(effect, quote):
                found.append(Text(placed.name, quote))
    return found


def toughness(
    board: Board,
    placed: InPlay,
    value: Value,
    after: int | None = None,
    combat: bool | None = None,
    assigned: int | None = None,
) -> int | None:
    """A unit's Toughness: its own keyword, or one text that gives it (None: a gap).

    The texts: a constant text in play, or a tactic that acted this turn (for damage assigned
    after it: ``after`` is the index of the fact that assigns it, None for damage to come).
    The FAQ says Toughness cancels damage (Cancelling Damage), not how two Toughness values on
    a unit add up: a unit with Toughness from two sources is a gap naming them. A unit whose
    own text cancels all damage to it cancels :data:`cancel_all.CANCELS_ALL`, whatever else
    cancels some.
    """
    kept = cancel_all.keeps(placed, board)
    if kept is not None:
        return _keeps(board, placed, value, kept, after, combat, assigned)
    every, said, why = cancel_all.cancels_all(board, placed, combat)
    if every is None:
        value.gaps += [why] if why not in value.gaps else []
        return None
    if every and said is not None:
        value.texts += [said] if said not in value.texts else []
        step = f"{why}: {cancel_all.what(said)} to it is cancelled"
        value.steps += [step] if step not in value.steps else []
        value.rules += [CANCELLING] if CANCELLING not in value.rules else []
        return cancel_all.CANCELS_ALL
    sources: list[tuple[int, Text, str]] = []
    found = keyword(placed, "toughness")
    if found is not None:
        amount, quote = found
        why = f'"{placed.name}" has Toughness {amount}'
        if isinstance(amount, str) and amount.upper() == "X":
            counted, how = x_value(board, placed)
            if counted is None:
                value.gaps.append(f"{why}, and {how}")
                return None
            amount, why = counted, f"{why} ({how})"
        if not isinstance(amount, int):
            value.gaps.append(f"{why}: its value is not read")
            return None
        sources.append((amount, quote, why))
    granted, given = toughness_given(board, placed)
    if granted.gaps:
        value.gaps += granted.gaps
        return None
    # A text that would give Toughness but does not now (its condition fails, its card is out
    # of its zone) is why the damage is not cancelled: the reason says so.
    value.steps += [s for s in granted.steps if s not in value.steps]
    value.rules += [r for r in granted.rules if r not in value.rules]
    for amount, quote in given:
        if _LIVE_X.search(quote.quote) and (
            len([a for a in board.assigned if a.card is placed]) > 1 or board.chain
        ):
            gap = (
                f'"{quote.card}" reads "{quote.quote}": X grows as damage is applied, and more '
                f'than one damage reaching "{placed.name}" is not followed by rulesq'
            )
            value.gaps += [gap] if gap not in value.gaps else []
            return None
        sources.append((amount, quote, f'"{quote.card}" gives it Toughness {amount}'))
    lasting = tactic_toughness.given(board, placed, value, after)
    if lasting is None:
        return None
    sources += lasting
    if len(sources) > 1:
        value.gaps.append(
            f'"{placed.name}" has Toughness from {len(sources)} sources ('
            + "; ".join(why for _, _, why in sources)
            + "): the FAQ does not say how Toughness values add up"
        )
        return None
    if not sources:
        return 0
    amount, quote, why = sources[0]
    value.texts.append(quote)
    if found is None:
        rule = CONSTANT if not lasting else tactic_toughness.CARD_EFFECTS
        value.rules += [rule] if rule not in value.rules else []
    if found is None or not isinstance(found[0], int):
        value.steps.append(why)  # a grant, or an X counted: say where the amount comes from
    return amount


def _keeps(
    board: Board,
    placed: InPlay,
    value: Value,
    kept: tuple[int, Text],
    after: int | None,
    combat: bool | None,
    amount: int | None,
) -> int | None:
    """What a unit's "cancel all but N of that damage" cancels of one assignment (``amount``).

    With no amount (a caller asking whether anything cancels) it cancels; with another text
    that cancels some of the damage too, the order is not read (a gap naming both).
    """
    keep, said = kept
    probe = Value(0)
    others = toughness_without_keeps(board, placed, probe, after, combat)
    if others != 0:
        gap = (
            f'"{placed.name}" reads "{said.quote}" and another text cancels damage to it '
            + (f"({'; '.join(probe.gaps + probe.steps)})" if probe.gaps or probe.steps else "")
            + ": which applies first is not read by rulesq"
        )
        value.gaps += [gap] if gap not in value.gaps else []
        return None
    if amount is None:
        return cancel_all.CANCELS_ALL
    value.texts += [said] if said not in value.texts else []
    value.rules += [CANCELLING] if CANCELLING not in value.rules else []
    step = f'"{placed.name}" reads "{said.quote}": {min(amount, keep)} of {amount} is kept'
    value.steps += [step] if step not in value.steps else []
    return max(0, amount - keep)


def toughness_without_keeps(
    board: Board, placed: InPlay, value: Value, after: int | None, combat: bool | None
) -> int | None:
    """The unit's other damage cancellation (Toughness, cancel all), its own "all but" aside."""
    every, said, why = cancel_all.cancels_all(board, placed, combat)
    if every is None or every:
        value.gaps.append(why)
        return None
    found = keyword(placed, "toughness")
    granted, given = toughness_given(board, placed)
    lasting = tactic_toughness.given(board, placed, Value(0), after)
    if found is not None or granted.gaps or given or lasting is None or lasting:
        value.steps.append(f'"{placed.name}" has Toughness or is given it')
        return None
    return 0


def _first_assigned(board: Board, target: InPlay) -> int | None:
    """The index of the first fact that assigns damage to a unit (None: none stated)."""
    return min((a.fact.index for a in board.assigned if a.card is target), default=None)


#: Toughness's reminder text read as a clause where the data's full stop falls inside it.
_TOUGHNESS_REMINDER = compiled(r"^\d+ of that damage$")


def _toughness_reminder(effect: object) -> bool:
    """Whether a clause is Toughness's reminder text, its full stop misplaced in the data."""
    return (
        isinstance(effect, fx.Clause)
        and effect.trigger is not None
        and " ".join(effect.trigger.words) == "whenever this unit is assigned damage"
        and all(
            a.kind == "cancel" and _TOUGHNESS_REMINDER.match(texts.words(a)) for a in effect.acts
        )
    )


def read_grant(effect: object) -> bool:
    """Whether a constant clause only changes hit points or gives Toughness (read elsewhere)."""
    return (
        isinstance(effect, fx.Clause)
        and effect.trigger is None
        and all(
            texts.hit_point_grant(act) is not None or texts.toughness_grant(act) is not None
            for act in effect.acts
        )
    )


def dealt(board: Board, target: InPlay) -> Value:
    """The damage dealt to a unit: what is assigned to it, less what Toughness cancels."""
    value = Value(0, rules=[DEALT])
    value.gaps += unfollowed(board, unit=target)
    doubling = doublers(board)
    flow = shields.flow(board)
    value.gaps += flow.gaps
    if id(target) in flow.open:
        value.gaps.append(flow.open[id(target)])
    if flow.shielded and (doubling or toughness(board, target, Value(0)) != 0):
        value.gaps.append(
            "damage redirected or cancelled by an effect together with damage doubled or "
            "Toughness: their order is not followed by rulesq"
        )
    value.steps += flow.steps
    value.texts += _deciding_last(flow.texts, flow.decided.get(id(target)))
    value.rules += [r for r in flow.rules if r not in value.rules]
    for assigned in flow.hits:
        if assigned.unit is not target:
            continue
        amount = assigned.amount * (1 + len(doubling))
        cancel = toughness(
            board, target, value, _first_assigned(board, target), assigned.combat, amount
        )
        if cancel is None:
            continue
        step = assigned.step
        if doubling:
            step += (
                f", each of {len(doubling)} doubling texts adds {assigned.amount} as it is "
                f"assigned (the net of constant effects): {amount}"
            )
            value.texts += [t for t in doubling if t not in value.texts]
            value.rules += [QA_DOUBLE] if QA_DOUBLE not in value.rules else []
        cancelled = min(cancel, amount)
        if cancel >= cancel_all.CANCELS_ALL:
            step += f", all {cancelled} cancelled"
        elif cancelled and cancel_all.keeps(target, board) is not None:
            step += f", {cancelled} cancelled"
        elif cancelled:
            step += f", Toughness {cancel} cancels {cancelled}"
            value.rules += [CANCELLING] if CANCELLING not in value.rules else []
        value.add(amount - cancelled, step)
        if not assigned.combat and NON_COMBAT not in value.rules:
            value.rules += [NON_COMBAT, P17]
    _counterstrike(board, target, value)
    _unmade(board, value, lambda a: a.card is target)
    return value


def _unmade(board: Board, value: Value, here: Callable[[Assigned], bool]) -> None:
    """Combat damage stated assigned in an attack that cannot be made: said, not counted.

    Where whether the attack may be made is not read, that damage is open. ``here``: whether
    an assignment is to the unit or zone asked about.
    """
    void = [(a, r) for a, r in board.unmade_damage if here(a)]
    for assigned, why in board.unsure_damage:
        if not here(assigned):
            continue
        value.gaps.append(
            f"{assigned.amount} combat damage is stated assigned in an attack that may not be "
            f"possible ({'; '.join(why)}): whether it is assigned is not known"
        )
    for assigned, ruling in void:
        value.steps.append(
            f"{assigned.amount} combat damage is stated assigned in an attack that cannot be "
            f"made ({ruling.reason}): no combat damage is assigned in it"
        )
        value.texts += [t for t in ruling.texts if t not in value.texts]
        value.rules += [r for r in ruling.rules if r not in value.rules]


def _deciding_last(texts: list[Text], card: str | None) -> list[Text]:
    """The texts with the deciding card's last: the answer takes the last text quoted first."""
    return [t for t in texts if t.card != card] + [t for t in texts if t.card == card]


def _counterstrike(board: Board, target: InPlay, value: Value) -> None:
    """Counterstrike damage from the defenders to a lone attacker (uncancellable)."""
    attack = board.attack
    if attack is None or target not in attack.attackers:
        return
    for defender in attack.defenders:
        found = keyword(defender, "counterstrike")
        if found is None:
            continue
        amount, quote = found
        if not isinstance(amount, int):
            value.gaps.append(
                f'"{defender.name}" has Counterstrike {amount}: its value is not read'
            )
        elif (struck := attack.struck.get(defender.name.casefold())) is not None:
            if struck[0] is target:
                value.add(
                    amount,
                    f'"{defender.name}" deals Counterstrike {amount} to it when declared '
                    "as a defender (uncancellable; stated dealt to it)",
                    quote,
                    COUNTERSTRIKE,
                )
            elif COUNTERSTRIKE not in value.rules:
                value.steps.append(
                    f'"{defender.name}" deals its Counterstrike to "{struck[0].name}", and '
                    "Counterstrike damage cannot be split among attackers"
                )
                value.rules.append(COUNTERSTRIKE)
        elif len(attack.attackers) > 1:
            value.gaps.append(
                f'"{defender.name}" has Counterstrike {amount}: its controller '
                "chooses which attacker takes it, and the situation does not say "
                f'(write, e.g., "{defender.name}" deals its Counterstrike to '
                f'"{attack.attackers[0].name}")'
            )
        else:
            value.add(
                amount,
                f'"{defender.name}" deals Counterstrike {amount} when declared '
                "as a defender (uncancellable)",
                quote,
                COUNTERSTRIKE,
            )


def destroyed(board: Board, target: InPlay) -> tuple[bool | None, Value]:
    """Whether a unit leaves play destroyed once its assigned damage is applied."""
    total = dealt(board, target)
    points = hit_points(board, target)
    total.gaps += points.gaps
    total.steps += points.steps
    total.texts += points.texts
    total.rules += [r for r in [*points.rules, HIT_POINTS, LEAVE_PLAY] if r not in total.rules]
    if total.gaps or total.value is None or points.value is None:
        return None, total
    now = damage_now(board, target).below(steady_hit_points(target, points))
    if now.step:
        stated = now.known is not None or damage_stated(target)  # a range spent off it
        total.steps.append(now.step if stated else _unstated(now, points.value))
        total.texts += now.texts
        total.rules += [r for r in now.rules if r not in total.rules]
    reached = now.least + total.value >= points.value
    if not reached and (now.most is None or now.most + total.value >= points.value):
        total.gaps.append(
            f"{now.step}: whether its damage reaches its {points.value} hit points rests on it "
            f"(it may hold {now.held()})"
        )
        return None, total
    damage = (now.least if reached or now.most is None else now.most) + total.value
    bound = "" if now.known is not None else "at least " if reached else "at most "
    total.steps.append(f"{bound}{damage} damage on it against {points.value} hit points")
    if points.value == 0 and damage == 0:
        total.rules.append(QA_ZERO)
    elif damage == 0 and _lowers_hit_points(board):
        total.steps.append(
            "a text in play lowers hit points, and a unit with no damage is destroyed only "
            "once its hit points are 0"
        )
        total.rules.append(QA_ZERO)
    return damage >= points.value, total


def destroyed_at_once(board: Board, target: InPlay) -> tuple[bool | None, str]:
    """Whether damage assigned outside combat has destroyed a unit (None: open), with why.

    Damage outside combat is applied as soon as it is assigned (p.17): a unit it destroys is
    out of play for every question after it. Combat damage is applied later: not read here.
    """
    hits = [a for a in board.assigned if a.card is target]
    if not hits or any(a.combat for a in hits):
        return False, ""
    gone, value = destroyed(board, target)
    if gone is None:
        gaps = value.gaps or ["whether the damage assigned destroys it is not known"]
        return None, f'damage is assigned to "{target.name}" outside combat: ' + "; ".join(gaps)
    if gone:
        return True, (
            f'"{target.name}" is destroyed by the damage assigned to it outside combat, applied '
            "as soon as it is assigned: it has left play"
        )
    return False, ""


def _unstated(now: Damage, points: int) -> str:
    """The damage not stated on a unit in play, bounded by its hit points, as a step says it."""
    if now.most is None:
        return f"the situation states no damage on it: it holds {now.held()}"
    return (
        f"the situation states no damage on it: in play with {points} hit points, it holds "
        f"{now.held()} (a unit whose damage reaches its hit points is destroyed)"
    )


def _lowers_hit_points(board: Board) -> bool:
    """Whether a constant text of a card in play lowers hit points."""
    for _placed, text in board.faceup_texts():
        for constant in texts.constants(text):
            grant = texts.hit_point_grant(constant.act)
            if grant is not None and grant.amount < 0:
                return True
    return False


#: A text that sends a card leaving play elsewhere than its owner's discard pile, "instead".
_REPLACES_PILE = compiled(
    r"^if an? (?:unit|card)\b[^.]*\bwould (?:enter|be (?:put|placed) (?:in|into)) its "
    r"owner's discard pile\b[^.]*\binstead\b",
    re.IGNORECASE,
)
QA_REPLACED = FAQ + "qa/34"


def pile_replacements(board: Board) -> list[Text]:
    """The texts in play that replace the discard pile a unit leaving play would enter."""
    found: list[Text] = []
    for placed, text in board.faceup_texts():
        for effect in texts.parsed(text).effects:
            quote = effect.span.of(text).strip()
            if _REPLACES_PILE.match(quote):
                found.append(Text(placed.name, quote))
    return found


def replaced_step(board: Board, what: str) -> tuple[str, list[Text]]:
    """Why a replacement of the discard pile does not prevent leaving play (Q&A 34)."""
    found = pile_replacements(board)
    if not found:
        return "", []
    names = ", ".join(f'"{t.card}"' for t in found)
    return (
        f"; {names} replaces only where the unit goes once it has left play: it does not "
        f"prevent it from being {what}",
        found,
    )


def zone_hit_points(board: Board, owner: str, zone: Zone) -> Value:
    """A zone's hit points: the section's 8, plus one per development in it (assumed rule).

    The value is None when the situation does not state how many developments the zone has
    (then the hit points are only known to be at least :data:`SECTION_HIT_POINTS`).
    """
    developments = board.capital(owner).developments.get(zone)
    value = Value(
        SECTION_HIT_POINTS,
        [f"a capital section has {SECTION_HIT_POINTS} hit points"],
        [ZONE_HIT_POINTS],
    )
    unsure = board.capital(owner).unsure.get(zone)
    if developments is None and unsure:
        value.value = None
        value.steps.append(
            f"plus 1 for each development in it, and how many it has is not known: {unsure} "
            f"(at least {SECTION_HIT_POINTS} hit points)"
        )
    elif developments is None:
        value.value = None
        value.steps.append(
            f"plus 1 for each development in it, and how many it has is not stated (at least "
            f"{SECTION_HIT_POINTS} hit points; say how many: {_developments_form(owner, zone)})"
        )
    elif developments:
        value.add(developments, f"plus {developments} for its developments")
    for gap in [
        *_made_developments(board, owner, zone),
        *_pending_developments(board, owner, zone),
    ]:
        value.value = None
        value.steps.append(gap)
    return value


def _pending_developments(board: Board, owner: str, zone: Zone) -> list[str]:
    """Links on the open chain that turn a card of the zone into a development (not counted).

    The count stated is read as the chain left it only once the chain is stated resolved.
    """
    from rulesq.games.warhammer.places import TURN_FACEDOWN, self_development

    gaps = []
    for link in board.chain:
        text = link.card.text or "" if link.card is not None else ""
        turned = [t for t in link.targets if TURN_FACEDOWN.search(text)]
        if self_development(link) is not None and link.source is not None:
            turned.append(link.source)
        if not TURN_FACEDOWN.search(text) and self_development(link) is None:
            continue
        if turned and not any(c.owner == owner and c.zone is zone for c in turned):
            continue
        gaps.append(
            f'plus 1 for each development in it, and "{link.name}", on the chain and not stated '
            "resolved, turns a card into a development: whether it is counted is not followed "
            "(state it: the chain has resolved)"
        )
    return gaps


#: A constant text that makes cards of its zone developments as well as what they are printed.
_ALSO_DEVELOPMENTS = compiled(r"\bin this zone is considered to be a development\b", re.IGNORECASE)


def _made_developments(board: Board, owner: str, zone: Zone) -> list[str]:
    """Texts active in the zone that make its cards developments too: a count not followed."""
    from rulesq.games.warhammer.places import controller, in_play

    gaps = []
    for placed, text in board.faceup_texts():
        if controller(placed) != owner or placed.zone is not zone or not in_play(board, placed):
            continue
        for constant in texts.constants(text):
            if not texts.active_in(constant.zones, placed.zone):
                continue
            if _ALSO_DEVELOPMENTS.search(constant.quote):
                gaps.append(
                    f'plus 1 for each development in it, and "{placed.name}" makes cards in it '
                    f'developments too ("{constant.quote.strip()}"): how many is not followed'
                )
    return gaps


def _developments_form(owner: str, zone: Zone) -> str:
    """The statement that gives a zone's developments ("your kingdom has 0 developments")."""
    whose = "my" if owner == ME else "your"
    return f"{whose} {zone.value}{' zone' if zone is Zone.QUEST else ''} has N developments"


def zone_damage(board: Board, owner: str, zone: Zone) -> int | None:
    """The damage already on a zone, when the situation states it (None: not stated)."""
    return board.capital(owner).damage.get(zone)


#: A constant text that cancels one damage to its controller's capital once a turn.
_CAPITAL_CANCEL = compiled(r"^Cancel one damage assigned to your capital each turn\.?$")


def capital_cancel(board: Board, owner: str) -> Text | None:
    """The text in play that cancels one damage to ``owner``'s capital each turn, quoted."""
    from rulesq.games.warhammer.places import controller, in_play

    for placed, text in board.faceup_texts():
        if controller(placed) != owner or not in_play(board, placed):
            continue
        for effect in texts.parsed(text).effects:
            quote = effect.span.of(text).strip()
            if _CAPITAL_CANCEL.match(quote):
                return Text(placed.name, quote)
    return None


def zone_dealt(board: Board, owner: str, zone: Zone, less: int | None = None) -> Value:
    """The damage dealt to a zone: all the damage assigned to it (Q&A 47).

    A text that cancels one damage to the capital each turn may have been used earlier this
    turn (the situation does not say): the count is open, unless ``less`` says how much of
    the damage assigned here it cancels (``zone_burns`` tries both).
    """
    value = Value(0, rules=[DEALT])
    value.gaps += unfollowed(board, capital=True)
    for assigned in board.assigned:
        if assigned.zone is zone and assigned.owner == owner:
            value.add(
                assigned.amount,
                f"{assigned.amount} damage assigned to the zone",
                None,
                QA_ZONE_DEALT,
            )
    _unmade(board, value, lambda a: a.zone is zone and a.owner == owner)
    gate = capital_cancel(board, owner)
    if gate is None or not value.value:
        return value
    if less is None:
        value.gaps.append(
            f'"{gate.card}" reads "{gate.quote}": whether it has cancelled one damage to this '
            "capital earlier this turn is not stated"
        )
    elif less:
        value.add(-less, f'"{gate.card}" cancels {less} of it', gate, CANCELLING)
    return value


def zone_burns(board: Board, owner: str, zone: Zone) -> tuple[bool | None, Value]:
    """Whether a zone burns once the damage assigned to it is applied (see ``_zone_burns``).

    A text that cancels one damage to the capital each turn may or may not have been used
    this turn: the verdict stands when both give it, else it is open.
    """
    gate = capital_cancel(board, owner)
    if gate is None:
        return _zone_burns(board, owner, zone, None)
    whole, value = _zone_burns(board, owner, zone, 0)
    less, _ = _zone_burns(board, owner, zone, 1)
    if whole is not None and whole == less:
        value.texts += [gate] if gate not in value.texts else []
        value.steps.append(
            f'whether "{gate.card}" ("{gate.quote}") cancels one of it or not, the verdict '
            "is the same"
        )
        return whole, value
    if whole is not None:
        value.gaps.append(
            f'"{gate.card}" reads "{gate.quote}": the zone burns unless it cancels one of this '
            "damage, and whether it has cancelled one earlier this turn is not stated"
        )
    return None, value


def _zone_burns(
    board: Board, owner: str, zone: Zone, less: int | None
) -> tuple[bool | None, Value]:
    """Whether a zone burns once the damage assigned to it is applied.

    A count the situation does not state (the developments, the damage already on the zone)
    leaves the verdict to what every value it may take gives: a zone not stated burning has
    less damage on it than its hit points, and has at least 8 of them.
    """
    capital = board.capital(owner)
    if zone in capital.burning:
        return True, Value(None, ["the situation states that the zone burns"])
    total = zone_dealt(board, owner, zone, less)
    points = zone_hit_points(board, owner, zone)
    total.steps += points.steps
    total.rules += points.rules
    if total.gaps or total.value is None:
        return None, total
    dealt, on = total.value, zone_damage(board, owner, zone)
    if dealt == 0:
        total.steps.append("no damage is assigned to it, and it is not burning")
        return False, total
    if on is None and points.value is not None and dealt >= points.value:
        total.steps.append(f"{dealt} damage assigned reaches its {points.value} hit points")
        return True, total
    if on is None:
        total.gaps.append(
            "the damage already on the zone is not stated (write, e.g., "
            f"{_developments_form(owner, zone).replace('N developments', 'N damage')})"
        )
        return None, total
    damage = on + dealt
    if points.value is None:
        if damage < SECTION_HIT_POINTS:
            total.steps.append(
                f"{damage} damage on it, less than the {SECTION_HIT_POINTS} hit points it has "
                "at the least"
            )
            return False, total
        unsure = capital.unsure.get(zone)
        if capital.developments.get(zone) is not None and points.steps:
            unsure = points.steps[-1]  # the count is stated: a text or a link leaves it open
        total.gaps.append(
            f"{damage} damage on it, and its hit points depend on its developments: {unsure}"
            if unsure
            else f"{damage} damage on it, and its hit points depend on its developments, which "
            f"the situation does not state ({_developments_form(owner, zone)})"
        )
        return None, total
    total.steps.append(f"{damage} damage on it against {points.value} hit points")
    return damage >= points.value, total


def lethal_bounds(board: Board, defender: InPlay, combat: bool = True) -> tuple[Value, Value]:
    """The least damage that destroys a unit, least and most: its damage may not be stated.

    Where the situation states no damage on it and its hit points bound it, the least is
    counted with the most it may hold, the most with none; else both are :func:`lethal`.
    """
    now = damage_now(board, defender).below(
        steady_hit_points(defender, hit_points(board, defender))
    )
    if now.known is not None or now.most is None:
        found = lethal(board, defender, combat)
        return found, found
    return lethal(board, defender, combat, now.most), lethal(board, defender, combat, now.least)


def lethal(board: Board, defender: InPlay, combat: bool = True, held: int | None = None) -> Value:
    """The least damage that destroys a unit: remaining hit points plus active Toughness.

    ``combat``: whether the damage is combat damage (a text may cancel only that). ``held``:
    the damage taken to be on it, where the situation states none (:func:`lethal_bounds`).
    """
    value = hit_points(board, defender)
    if doublers(board):
        value.gaps.append(
            "damage doubled as it is assigned: the least damage that destroys a "
            "defender is not computed"
        )
    # A text that gives Toughness (to units in a zone, say), cancels damage or deals it (as a
    # unit is opposed in combat, say) may change it.
    value.gaps += unfollowed(board, _LETHAL_WORDS, unit=defender)
    now = damage_now(board, defender).below(steady_hit_points(defender, value))
    if held is not None and now.known is None and now.most is not None:
        now = Damage(
            held,
            held,
            f"taking {held} of the {now.held()} it may hold (none is stated)",
            now.texts,
            now.rules,
        )
    if now.known is None:
        value.gaps.append(f"{now.step}, so it holds {now.held()}")
    if value.value is None or value.gaps or now.most is None:
        return value
    on = f"less {now.most} damage on it" + (f" ({now.step})" if now.step else "")
    value.add(-now.most, on, None, HIT_POINTS)
    value.texts += [t for t in now.texts if t not in value.texts]
    value.rules += [r for r in now.rules if r not in value.rules]
    if any(defender is first for first in shields.redirected_from(board)):
        value.steps.append(
            "damage an effect would redirect from it is not counted: redirecting is not "
            "damage cancellation"
        )
        value.rules += [shields.NOT_CANCELLING, shields.REDIRECTING]
    kept = cancel_all.keeps(defender, board)
    if kept is not None and value.value is not None:
        left = value.value
        if left <= kept[0] and toughness(board, defender, value, combat, assigned=left) == 0:
            value.steps.append(
                f'"{defender.name}" reads "{kept[1].quote}": {left} damage, no more than it '
                f"keeps ({kept[0]}), is not cancelled"
            )
            return value
        value.gaps += (
            []
            if value.gaps
            else [
                f'"{defender.name}" reads "{kept[1].quote}": no amount of damage assigned to it at '
                "once destroys it, and the FAQ does not say how much may be assigned to it then"
            ]
        )
        return value
    cancel = toughness(board, defender, value, combat=combat)
    if cancel is not None and cancel >= cancel_all.CANCELS_ALL:
        every = cancel_all.what(value.texts[-1]) if value.texts else "all damage"
        value.gaps.append(
            f'"{defender.name}" cancels {every} to it: no amount of damage destroys it, and '
            "the FAQ does not say how much may be assigned to it then"
        )
    elif cancel:
        value.add(
            cancel,
            f"plus Toughness {cancel}, a damage cancellation already active",
            None,
            QA_ASSIGN,
        )
    return value


def combat_pool(board: Board) -> Value:
    """The combat damage the attackers count: their power (assumed rule) and what texts add.

    A constant "deals +N damage in combat" that reaches an attacker is added; any other text
    in play, or played or triggered this turn, that changes the damage dealt in combat makes
    the count *cannot answer*.
    """
    value = Value(0, rules=[COMBAT_POOL])
    attack = board.attack
    spread: list[tuple[int, str]] = []  # a legend's count not known: its range, and why
    for attacker in attack.attackers if attack else []:
        if _silenced(board, attacker, value) or _moved_out(board, attacker, value):
            continue
        if _left_attack(board, attacker, value):
            continue
        if _struck_down(board, attacker, value):
            continue
        found = power(board, attacker)
        if attacker.legend and attacker.card is not None and found.value is not None:
            found = _legend_count(board, attacker, found)
            value.rules += [r for r in found.rules if r not in value.rules]
            if found.bounds is not None:
                least, most = found.bounds
                value.add(least, f'"{attacker.name}" counts {least} to {most}')
                spread += [((most or least) - least, g) for g in found.bounded]
        value.gaps += found.gaps
        value.texts += found.texts
        if found.value is not None:
            value.add(found.value, f'"{attacker.name}" counts {found.value}')
        extra = combat_damage(board, attacker)
        for played in (
            combat_plays.grants(board, attacker),
            lasting_grants.grants(board, attacker),
        ):
            extra.value = (extra.value or 0) + (played.value or 0)
            extra.steps += played.steps
            extra.texts += played.texts
            extra.rules += [r for r in played.rules if r not in extra.rules]
            extra.gaps += played.gaps
        value.gaps += extra.gaps
        value.texts += extra.texts
        value.rules += [r for r in extra.rules if r not in value.rules]
        gives = [s for s in extra.steps if "gives" in s]
        if extra.value:
            why = f" ({', '.join(gives)})" if gives else ""
            value.add(
                extra.value, f'"{attacker.name}" deals {extra.value:+d} damage in combat{why}'
            )
        value.steps += [s for s in extra.steps if s not in gives]
    value.gaps += unread_combat_texts(board)
    if spread and value.value is not None and set(value.gaps) == {g for _, g in spread}:
        value.bounds = (value.value, value.value + sum(n for n, _ in spread))
        value.bounded = [g for _, g in spread]
    return value


def _legend_count(board: Board, legend: InPlay, found: Value) -> Value:
    """An attacking legend's combat damage: its icons in a zone, when every zone gives one.

    Its power (its weakest zone) is for card effects; in combat a legend deals its power
    icons in a zone (FAQ, Legends). A constant grant of power to it is not read here.
    """
    from rulesq.games.warhammer.values import printed_power, zone_icons

    assert legend.card is not None
    counted = zone_icons(legend.card)
    if counted.value is not None and found.value != printed_power(legend.card).value:
        counted.gaps.append(
            f'"{legend.name}" has its power changed ({found.value}): how that reaches the '
            "icons it deals in combat is not read"
        )
    return counted


def _struck_down(board: Board, attacker: InPlay, value: Value) -> bool:
    """Whether Counterstrike destroyed the attacker as the defenders were declared.

    Counterstrike damage "is applied as soon as it is assigned, before any other actions can
    be taken" (Keywords: Counterstrike): an attacker it destroys has left play before the
    combat damage is counted, and counts nothing. Its hit points not known is a gap; with
    several attackers the defending player chooses which takes it, and that is not read here.
    """
    struck = Value(0)
    _counterstrike(board, attacker, struck)
    points = hit_points(board, attacker)
    now = damage_now(board, attacker).below(steady_hit_points(attacker, points))
    if struck.gaps:
        most = _open_counterstrike(board)
        if (
            most is None
            or points.value is None
            or now.most is None
            or now.most + most >= points.value
        ):
            value.gaps += [g for g in struck.gaps if g not in value.gaps]
            value.gaps.append(
                f'if "{attacker.name}" takes it, it may be destroyed before combat damage '
                "and count nothing"
            )
        return False
    if not struck.value:
        return False
    if points.value is None or points.gaps:
        value.gaps.append(
            f'"{attacker.name}" takes Counterstrike {struck.value}, and its hit points are not '
            "known: whether it is still attacking is not"
        )
        return True
    if now.most is not None and now.most + struck.value < points.value:
        return False
    if now.least + struck.value < points.value:
        value.gaps.append(
            f'"{attacker.name}" takes Counterstrike {struck.value} against {points.value} hit '
            f"points: {now.step}, so whether it is destroyed before combat damage is not known"
        )
        value.texts += [t for t in now.texts if t not in value.texts]
        return True
    value.texts += [t for t in [*struck.texts, *now.texts] if t not in value.texts]
    spent = f" ({now.step})" if now.step else ""
    value.steps.append(
        f'{"; ".join(struck.steps)}: "{attacker.name}" ({points.value} hit points, '
        f"{now.least} damage on it{spent}) is destroyed before combat damage and counts nothing"
    )
    value.rules += [r for r in (COUNTERSTRIKE, *now.rules) if r not in value.rules]
    return True


def _open_counterstrike(board: Board) -> int | None:
    """The most Counterstrike damage not stated dealt that one attacker may take (None: unread)."""
    attack = board.attack
    assert attack is not None
    most = 0
    for defender in attack.defenders:
        found = keyword(defender, "counterstrike")
        if found is None or defender.name.casefold() in attack.struck:
            continue
        if not isinstance(found[0], int):
            return None
        most += found[0]
    return most


def _moved_out(board: Board, attacker: InPlay, value: Value) -> bool:
    """Whether an attacker moved out of the battlefield after the attack: no longer attacking.

    Moving Cards: "When an attacking unit is moved out of the battlefield, that unit is no
    longer considered to be attacking." Damage stated assigned before the move, or a text that
    lets a unit attack from elsewhere, leaves it open.
    """
    attack = board.attack
    assert attack is not None
    moves = [
        m
        for m in board.moves
        if m.card is attacker
        and m.fact.index > attack.fact.index
        and m.zone is not Zone.BATTLEFIELD
    ]
    if not moves:
        return False
    move = moves[0]
    early = [a for a in board.assigned if a.fact.index < move.fact.index]
    elsewhere = [t for _, t in board.faceup_texts() if re.search(r"\battack from\b", t, re.I)]
    if early or elsewhere:
        value.gaps.append(
            f'"{attacker.name}" moved out of the battlefield during the attack: '
            + (
                "damage was assigned before, so whether it counted is not followed"
                if early
                else "a text in play lets a unit attack from another zone"
            )
        )
        return True
    value.steps.append(
        f'"{attacker.name}" moved out of the battlefield: it is no longer attacking and counts '
        "nothing"
    )
    value.rules += [MOVING_CARDS] if MOVING_CARDS not in value.rules else []
    return True


def no_longer_defending(board: Board, defender: InPlay) -> tuple[bool | None, str]:
    """Whether a declared defender is defending no longer: it left play, or moved away.

    A card that left play (sacrificed, destroyed, discarded: "remove a card you control from
    play") is in no combat; Moving Cards: "When a defending unit is moved out of the zone it
    is defending, that unit is no longer considered to be defending." Damage stated assigned
    before it went, or a text that lets a unit defend from elsewhere, leaves it open (None,
    with why).
    """
    attack = board.attack
    if attack is None or attack.zone is None or attack.declared is None:
        return False, ""
    declared = attack.declared.index
    gone, why = _left_combat(board, defender, declared)
    if gone is not False:
        return gone, why if gone is None else f"{why}: it is no longer defending"
    moves = [m for m in board.moves if m.card is defender and m.fact.index > declared]
    if not moves or moves[-1].zone is attack.zone:
        return False, ""
    early = [a for a in board.assigned if a.fact.index < moves[0].fact.index]
    elsewhere = [t for _, t in board.faceup_texts() if re.search(r"\bdefend\b", t, re.I)]
    if early or elsewhere:
        return None, (
            f'"{defender.name}" moved out of the zone it defends: '
            + (
                "damage was assigned before, so whether it still counts is not followed"
                if early
                else "a text in play speaks of defending"
            )
        )
    return True, f'"{defender.name}" moved out of the zone it defends: it is no longer defending'


def _left_combat(board: Board, unit: InPlay, since: int) -> tuple[bool | None, str]:
    """Whether a unit in combat since the fact ``since`` left play (None: open, with why).

    Stated gone, or the one unit left to pay a sacrifice cost; damage assigned before it went
    leaves open whether it still counts.
    """
    from rulesq.games.warhammer import cost_sacrifices as S
    from rulesq.games.warhammer import places as P

    went = [f.index for card, f in [*board.left, *board.sacrificed] if card is unit]
    went += [m.fact.index for m in board.moves if m.card is unit and m.zone is None]
    if not went and (forced := P.left_forced(board, unit)):
        return None, forced[0]
    if not went and (unit.legend or P.place(board, unit).zone is not None):
        return False, ""
    went += [
        link.fact.index
        for link in [*board.resolved, *board.chain]
        if link.who == P.controller(unit) and S.unit_cost(link.card) is not None  # its payer's
    ]
    if went and max(went) < since:
        return False, ""  # gone before it was in combat: not read here
    after = min((n for n in went if n > since), default=None)
    if any(after is None or a.fact.index < after for a in board.assigned):
        return None, (
            f'"{unit.name}" left play during the attack: damage was assigned before, so '
            "whether it still counts is not followed"
        )
    return True, f'"{unit.name}" left play'


def _left_attack(board: Board, attacker: InPlay, value: Value) -> bool:
    """Whether an attacker left play after the attack: it counts no combat damage."""
    attack = board.attack
    assert attack is not None
    gone, why = _left_combat(board, attacker, attack.fact.index)
    if gone is None:
        value.gaps.append(why)
        return True
    if gone:
        value.steps.append(f"{why}: it is no longer attacking and counts nothing")
        value.rules += [OUT_OF_PLAY] if OUT_OF_PLAY not in value.rules else []
    return bool(gone)


def _silenced(board: Board, attacker: InPlay, value: Value) -> bool:
    """Whether an effect makes the attacker deal no damage in combat (then it counts 0)."""
    quiet = combat_plays.silenced(board, attacker)
    if quiet is None:
        return False
    extra = combat_damage(board, attacker)
    played = combat_plays.grants(board, attacker)
    lasting = lasting_grants.grants(board, attacker)
    if any(v.texts or v.gaps for v in (extra, played, lasting)):
        value.gaps.append(
            f'"{attacker.name}" deals no damage in combat ("{quiet.card}") and a text adds '
            "to its combat damage: which applies is not read by rulesq"
        )
        return True
    value.texts.append(quiet)
    value.add(
        0,
        f'"{attacker.name}" deals no damage in combat ("{quiet.card}")',
        None,
        combat_plays.CARD_EFFECTS,
    )
    return True


#: Words of a card text that change the damage dealt in combat or what a unit counts.
_COMBAT_WORDS = compiled(
    r"damage in combat|additional damage|combat damage|double all (?:combat )?damage|"
    r"deals? no (?:combat )?damage|count(?:s)? (?:its|their) power",
    re.IGNORECASE,
)


#: A change that lasts the turn or the phase it was made in.
_FOR_A_TIME = compiled(r"\b(?:this|the end of the) (?:turn|phase)\b", re.IGNORECASE)


def _action_quotes(text: str) -> list[str]:
    """The quotes of a text's Action abilities."""
    return [
        effect.span.of(text).strip()
        for effect in texts.parsed(text).effects
        if isinstance(effect, fx.Ability) and effect.header is Header.ACTION
    ]


#: "+-X" / "+-1": a sign lost or doubled in the card data (corpus/warhammer/seed-problems.md).
_BOTH_SIGNS = compiled(r"\+-(?:\d+|X\b)")


def _unparsed_combat(placed: InPlay, text: str) -> list[str]:
    """The sentences of a text the grammar does not parse that change combat damage."""
    gaps = []
    for effect in texts.parsed(text).effects:
        quote = effect.span.of(text).strip()
        if not isinstance(effect, Unparsed) or not _COMBAT_WORDS.search(quote):
            continue
        signs = _BOTH_SIGNS.search(quote)
        why = (
            f'its amount reads "{signs.group(0)}" in the card data, a sign lost or doubled '
            "there: whether it adds or takes away is unknown (corpus/warhammer/seed-problems.md)"
            if signs
            else "the grammar does not parse it"
        )
        gaps.append(f'"{placed.name}": "{quote}" changes the damage dealt in combat, and {why}')
    return gaps


def unread_combat_texts(board: Board) -> list[str]:
    """The texts that change the damage dealt in combat and that rulesq does not read.

    Constant texts of the cards in play (a "deals +N damage in combat" grant is read), and
    the whole text of a card played or triggered this turn or on the chain.
    """
    gaps: list[str] = []
    for placed, text in board.faceup_texts():
        gaps += _unparsed_combat(placed, text)
        for constant in texts.constants(text):
            quote = constant.quote.strip()
            if "counterstrike" in quote.casefold():
                continue  # the keyword, read by the damage a defender deals
            if cancel_all.shape(quote):
                continue  # read by ``toughness``
            if _COMBAT_WORDS.search(quote) and texts.combat_damage_grant(constant.act) is None:
                gap = (
                    f'"{placed.name}": "{quote}" changes the damage dealt in combat, '
                    "and rulesq does not read it"
                )
                # One sentence may hold two acts ("Cancel all combat damage assigned to
                # this unit."): it is one text not read, said once.
                gaps += [gap] if gap not in gaps else []
    for link in board.chain:
        card = link.card
        if card is None or not card.text or lasting_grants.reads(card.text):
            continue  # an Action giving its own card combat damage: lasting_grants reads it
        tactic = (card.type or "").lower() == "tactic"
        if any(
            _COMBAT_WORDS.search(q) for q in ([card.text] if tactic else _action_quotes(card.text))
        ):
            gaps.append(
                f'"{link.name}" is on the action chain and changes the damage dealt in combat: '
                "say whether the chain has resolved"
            )
    acted = [(card, f) for capital in board.capitals.values() for card, f in capital.played]
    acted += [(link.card, link.fact) for link in board.resolved if link.kind == "tactic"]
    acted += [(p.card, f) for name, _, f in board.triggered if (p := board.find(name)) is not None]
    seen: set[str] = set()
    for card, fact in acted:
        if card is None or not card.text or card.id in seen or lasting_grants.reads(card.text):
            continue
        seen.add(card.id)
        tactic = (card.type or "").lower() == "tactic"
        quotes = combat_plays.unread(card, _COMBAT_WORDS) if tactic else _action_quotes(card.text)
        # Acted on a turn now over: a tactic acted once, and a lasting change lasted that turn.
        over = ended(board, fact.index) is True
        for quote in quotes:
            if over and (tactic or _FOR_A_TIME.search(quote)):
                continue
            if _COMBAT_WORDS.search(quote):
                gaps.append(
                    f'"{card.name}", played or triggered this turn, changes the damage dealt '
                    f'in combat ("{quote}"): what it changes is not read by rulesq'
                )
    return gaps


def room(board: Board, target: InPlay) -> Value:
    """The damage a unit can still take before it is destroyed: its remaining hit points.

    Moved damage is not assigned, so Toughness does not count (FAQ, Moving Damage).
    """
    value = hit_points(board, target)
    now = damage_now(board, target).below(steady_hit_points(target, value))
    if now.known is None:
        value.gaps.append(f"{now.step}, so it holds {now.held()}")
    if value.value is not None and not value.gaps and now.most is not None:
        on = f"less {now.most} damage on it" + (f" ({now.step})" if now.step else "")
        value.add(-now.most, on, None, HIT_POINTS)
        value.value = max(value.value or 0, 0)
    return value


terms.follow_damage(dealt)  # "damaged" texts read the damage a followed link dealt a unit
