"""Can a player play a card: each restriction's claims, decided by the ladder.

The FAQ's restrictions on playing cards, the card's own play texts, its price (cost, loyalty,
constant cost changes) against the resources in the pool, its target, Limited, Unique and
"Limit one Hero per zone".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Claim, Stance
from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import (
    paid_costs,
    play_conditions,
    play_phases,
    spendable,
    target_phrases,
    target_taxes,
    terms,
    texts,
    traits,
    xvalue,
)
from rulesq.games.warhammer import values as V
from rulesq.games.warhammer.board import PHASE_CLAUSE, PHASES
from rulesq.games.warhammer.claims import Ruling, Text, decide, rule_claim, text_claim
from rulesq.games.warhammer.places import QUESTS, controller, in_play
from rulesq.games.warhammer.tactic_targets import QA_LEGAL_TARGET, target_claim
from rulesq.games.warhammer.turn_plays import TurnPlay, played_unplaced, plays_this_turn
from rulesq.games.warhammer.vocab import Zone
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer import effects as fx
    from rulesq.games.warhammer.board import Board, InPlay, Link

FAQ = "warhammer/faq/"
NON_TACTIC = FAQ + "rules-clarifications/playing-non-tactic-cards"
PLAY = FAQ + "terminology-clarifications/play"
HERO = FAQ + "terminology-clarifications/limit-one-hero-per-zone"
PUT_INTO_PLAY = FAQ + "terminology-clarifications/put-into-play"
ATTACHMENTS = FAQ + "card-types/attachments"
NON_TACTIC_TYPES = ("unit", "support", "quest")
CAPITAL = PHASES.index("capital")


@dataclass
class PlayCheck:
    """The claims on a play by restriction, the gaps that block an answer, the price.

    A card text overrides only the restriction it speaks to (FAQ Q&A 35), so the claims of
    each restriction (timing, zone, target, Limited, Unique, price) are decided apart.
    """

    topics: dict[str, list[Claim]] = field(default_factory=dict)
    gaps: list[tuple[str, bool]] = field(default_factory=list)  # (why, a card text could permit)
    price: V.Value | None = None
    facts: list[str] = field(default_factory=list)
    #: Conditions of playing checked and met: (why, the clause that sets the condition).
    met: list[tuple[str, str]] = field(default_factory=list)
    #: Card texts that set a condition of playing, checked and met (they decide a yes).
    met_texts: list[tuple[str, Text]] = field(default_factory=list)

    def claim(self, topic: str, claim: Claim) -> None:
        """Add a claim on one restriction."""
        self.topics.setdefault(topic, []).append(claim)


def can_play(
    board: Board, card: Card, player: str, zone: Zone | None, hand: list[str] | None
) -> tuple[Ruling | None, PlayCheck]:
    """The ruling on playing ``card`` (into ``zone``, or any zone), with what it rests on.

    The ruling is None when a gap blocks it.
    """
    check = PlayCheck()
    kind = (card.type or "").lower()
    text = card.text or ""
    if hand is not None and card.name.casefold() not in hand:
        check.claim(
            "hand",
            rule_claim(
                Stance.FORBID,
                f'"{card.name}" is not in the hand: "play" means to play from the hand',
                PLAY,
            ),
        )
    _timing(board, card, kind, text, player, check)
    if card.text is None:
        check.gaps.append((f'the sources do not give the text of "{card.name}"', True))
    _zones(board, card, text, player, zone, check)
    _attachment(board, card, text, player, check)
    target = target_claim(board, card, check.met)
    if target is not None:
        check.facts.append("no legal target of the tactic is in play")
        check.claim("target", target)
    elif kind == "tactic":
        _target_units(board, card, player, check)
    _targets_maybe_in_play(board, check)
    _limited(board, card, text, player, check)
    _unique(board, card, player, check)
    _price(board, card, text, player, check)
    if kind == "tactic":
        _tactic_cost(board, card, player, check)
    rulings = [
        decide([*claims, rule_claim(Stance.PERMIT, "nothing stops it", PLAY, default=True)])
        for claims in check.topics.values()
    ]
    refused = next((r for r in rulings if r.allowed is False), None)
    if refused is not None and not any(permit for _, permit in check.gaps):
        return refused, check
    if check.gaps or any(r.allowed is None for r in rulings):
        return None, check
    decided = next((r for r in rulings if r.step is not None), None)
    if decided is not None:
        return decided, check
    met = [why for why, _ in [*check.met, *check.met_texts] if why]
    reason = "; ".join(["nothing in the rules or the texts in play stops it", *met])
    rules = (*dict.fromkeys(r for _, r in check.met), PLAY)
    return Ruling(True, reason, rules, tuple(text for _, text in check.met_texts)), check


def _targets_maybe_in_play(board: Board, check: PlayCheck) -> None:
    """No legal target in play, but a card stated played this turn and placed nowhere may be one.

    Such a card may be in play (its chain resolved, nothing stated took it out): the target
    refused is open, the card named.
    """
    forbids = [c for c in check.topics.get("target", []) if c.stance is Stance.FORBID]
    if not forbids:
        return
    maybe = [c.name for who in list(board.capitals) for c in played_unplaced(board, who)]
    if not maybe:
        return
    del check.topics["target"]
    said = ", ".join(f'"{n}"' for n in maybe)
    check.gaps.append(
        (
            "; ".join(c.reason for c in forbids)
            + f"; but {said}, stated played this turn and placed nowhere, may be in play and "
            "a legal target (state where it is)",
            True,
        )
    )


#: Targets are checked when a card is played (Targeting: Target); three of them (Q&A 26).
TARGETING = "warhammer/faq/targeting/target"
QA_TARGETS = "warhammer/faq/qa/26"


#: A target in an out of play zone: "return target card … from your discard pile".
_OUT_OF_PLAY_TARGET = compiled(
    r"\btarget\b[^.]*?\b(?:in|from) (?:your|an opponent's|his|each player's) "
    r"(?:discard pile|hand|deck)\b",
    re.IGNORECASE,
)


def _target_units(board: Board, card: Card, player: str, check: PlayCheck) -> None:
    """A tactic's target units, read with their qualifiers: one must be in play (Q&A 46)."""
    action, _ = ab.action_of(card)
    if action is None:
        return
    found = target_phrases.check(board, action.effect, player, None)
    if found.gaps and (pile := _OUT_OF_PLAY_TARGET.search(action.effect)) is not None:
        # "Unless otherwise stated, a card can only target cards that are in play": this one
        # targets a card out of play, and whether one is there is not read (Q&A 46)
        check.gaps.append(
            (
                f'"{card.name}" targets a card out of play ("{pile.group(0)}"): whether a legal '
                "target is there is not read by rulesq, and a card that targets must have one "
                "to be played",
                False,
            )
        )
    for words in found.missing:
        check.facts.append("no legal target of the tactic is in play")
        check.claim(
            "target",
            text_claim(
                Stance.FORBID,
                Text(card.name, action.quote),
                f'"{card.name}" targets "{words}" and no unit in play is one: a card that '
                "targets must have a legal target to be played",
                QA_LEGAL_TARGET,
            ),
        )
    needed = [t for t in action.in_play if t == "unit"]
    units = [
        c
        for c in board.cards
        if c.card is not None
        and not c.facedown
        and not c.legend
        and (c.card.type or "").lower() == "unit"
    ]
    if len(needed) > 1 and len(units) < len(needed):
        check.facts.append("too few legal targets of the tactic are in play")
        check.claim(
            "target",
            rule_claim(
                Stance.FORBID,
                f'"{card.name}" needs {len(needed)} different target units and {len(units)} '
                "are in play: a card effect is triggered only with valid targets",
                TARGETING,
                QA_TARGETS,
            ),
        )
    elif len(needed) > 1 and not found.missing:
        check.met.append(
            (
                f'"{card.name}" needs {len(needed)} different target units and {len(units)} '
                "are in play: a card effect is triggered only with valid targets",
                QA_TARGETS,
            )
        )


def _timing(board: Board, card: Card, kind: str, text: str, player: str, check: PlayCheck) -> None:
    any_time = texts.plays_any_time(text) if text else None
    if any_time:
        check.claim(
            "timing",
            text_claim(
                Stance.PERMIT,
                Text(card.name, any_time),
                f'"{card.name}" may be played whenever an action may be taken: {any_time}',
            ),
        )
    if kind == "legend":
        check.gaps.append(
            (
                "the FAQ's clause on playing cards names units, supports, "
                "developments and quests; when a legend may be played it does not "
                "say",
                False,
            )
        )
        return
    if kind in NON_TACTIC_TYPES:
        if board.turn is None or board.phase is None:
            missing = "whose turn it is" if board.turn is None else "the phase"
            own = "it is my turn" if player == "me" else "it is your turn"
            line = own if board.turn is None else "phase capital"  # what to write, as typed
            check.gaps.append(
                (
                    f"the situation does not say {missing}: a {kind} is played "
                    f"during its owner's Capital Phase (write, e.g., {line})",
                    bool(any_time),
                )
            )
            return
        if board.turn != player or board.phase != CAPITAL:
            now = f"phase {board.phase} ({PHASES[board.phase]})"
            whose = "your" if board.turn != player else "the player's own"
            check.claim(
                "timing",
                rule_claim(
                    Stance.FORBID,
                    f"a {kind} is played only during its owner's Capital Phase; it is "
                    f"{whose} turn, {now}",
                    NON_TACTIC,
                    PHASE_CLAUSE.format(n=board.phase),
                ),
            )
        return
    for sentence in texts.play_restrictions(text):
        low = sentence.lower().rstrip(".")
        if low in texts.OWN_TURN_ONLY:
            if board.turn is None:
                check.gaps.append(("the situation does not say whose turn it is", False))
            elif board.turn != player:
                check.claim(
                    "timing",
                    text_claim(
                        Stance.FORBID,
                        Text(card.name, sentence),
                        f'"{card.name}" reads "{sentence}", and it is not that player\'s turn',
                    ),
                )
            continue
        if play_phases.reads(sentence):
            verdict, why, rules = play_phases.met(board, sentence, player)
            quote = Text(card.name, sentence)
            said = f'"{card.name}" reads "{sentence}", and {why}'
            if verdict is None:
                check.gaps.append((said, False))
            elif verdict is False:
                check.claim("timing", text_claim(Stance.FORBID, quote, said, *rules))
            else:
                check.met_texts.append((said, quote))
                check.met += [("", rule) for rule in rules]  # the clauses it rests on
            continue
        if play_conditions.reads(sentence):
            verdict, why = play_conditions.met(board, sentence, player)
            if verdict is None:
                check.gaps.append((f'"{card.name}" reads "{sentence}", and {why}', False))
            elif verdict is False:
                check.claim(
                    "condition",
                    text_claim(
                        Stance.FORBID,
                        Text(card.name, sentence),
                        f'"{card.name}" reads "{sentence}", and {why}',
                    ),
                )
            continue
        check.gaps.append(
            (f'"{card.name}" reads "{sentence}": rulesq does not check that timing', False)
        )


def _zones(
    board: Board, card: Card, text: str, player: str, zone: Zone | None, check: PlayCheck
) -> None:
    allowed = list(Zone) if zone is None else [zone]
    only = texts.zone_only(text) if text else None
    if only is not None:
        if zone is not None and zone is not only[0]:
            check.claim(
                "zone",
                text_claim(
                    Stance.FORBID, Text(card.name, only[1]), f'"{card.name}" reads "{only[1]}"'
                ),
            )
        elif zone is not None:
            why = f'"{card.name}" reads "{only[1]}", and it is played into that zone'
            check.met_texts.append((why, Text(card.name, only[1])))
        allowed = [z for z in allowed if z is only[0]]
    hero = True if text and texts.hero_limit(text) else _hero(board, card)
    if hero is False or (card.type or "").lower() != "unit":
        return
    free, unsure = [], []
    for z in allowed:
        shown = [
            c
            for c in board.in_zone(player, z)
            if c.card is not None and not c.facedown and in_play(board, c)
        ]
        heroes = [c.name for c in shown if c.card is not None and _hero(board, c.card)]
        unknown = [c.card for c in shown if c.card is not None and _hero(board, c.card) is None]
        if heroes:
            check.facts.append(f'"{heroes[0]}", a Hero, is in the {z.value} zone')
        elif unknown:
            unsure += unknown
        else:
            free.append(z)
    maybe = [c for c in played_unplaced(board, player) if (c.type or "").lower() == "unit"]
    maybe = [c for c in maybe if _hero(board, c) is not False]
    if free and hero and len(free) <= len(maybe):
        where = " or ".join(z.value for z in free)
        check.gaps.append(
            (
                f'"{maybe[0].name}", stated played and not stated where it is, may be a Hero '
                f"in the {where} zone (Limit one Hero per zone)",
                False,
            )
        )
        return
    if allowed and not free and (hero is None or unsure):
        # Limit one Hero per zone decides, and a card's traits it reads are unknown
        check.gaps.append((traits.unknown_traits(card if hero is None else unsure[0]), False))
        return
    if allowed and not free:
        where = " or ".join(z.value for z in allowed)
        check.claim(
            "zone",
            rule_claim(
                Stance.FORBID,
                f"Limit one Hero per zone: the {where} zone already holds a Hero",
                HERO,
            ),
        )
    elif allowed and hero and not unsure and zone is not None:
        check.met.append(
            (f"Limit one Hero per zone: the {zone.value} zone holds no other Hero", HERO)
        )


def _hero(board: Board, card: Card) -> bool | None:
    """Whether a card bears the Hero trait (None: its traits are unknown)."""
    shown = traits.traits_of(board, card)
    return None if shown is None else "Hero" in shown


def _attachment(board: Board, card: Card, text: str, player: str, check: PlayCheck) -> None:
    """An attachment needs a target in play (FAQ, Attachments): a unit its "Attach to" allows."""
    shown = traits.traits_of(board, card)
    if shown is not None and "Attachment" not in shown:
        _attach_to_hero(board, card, text, player, check)
        return
    target = texts.attach_to(text) if text else None
    if shown is None:  # unknown traits: an "Attach to" text makes the trait matter
        if target is not None and not _attach_targets(board, target[0], player):
            check.gaps.append((traits.unknown_traits(card), False))
        return
    if target is None:
        check.gaps.append((f'"{card.name}" is an attachment whose "Attach to" is not read', False))
        return
    to, sentence = target
    if to.card_type != "unit":
        check.gaps.append(
            (f'"{card.name}" reads "{sentence}": rulesq checks unit targets only', False)
        )
        return
    quals = [w for w in to.words if w.casefold() not in _PLAIN_ATTACH_WORDS]
    if quals:  # a race, a trait or a state: read as the target phrases of an effect are
        found = target_phrases.check(board, sentence, player, None)
        if found.gaps:
            check.gaps += [(gap, False) for gap in found.gaps]
            return
        if found.missing:
            check.facts.append("no unit the attachment may go on is in play")
            check.claim(
                "target",
                text_claim(
                    Stance.FORBID,
                    Text(card.name, sentence),
                    f'"{card.name}" reads "{sentence}", and no such unit is in play ('
                    + ", ".join(quals)
                    + "): an attachment must be attached to a target in play",
                    ATTACHMENTS,
                    QA_LEGAL_TARGET,
                ),
            )
            return
    if not _attach_targets(board, to, player):
        check.facts.append("no unit the attachment may go on is in play")
        check.claim(
            "target",
            text_claim(
                Stance.FORBID,
                Text(card.name, sentence),
                f'"{card.name}" reads "{sentence}", and '
                "no such unit is in play: an attachment must be attached to a target in play",
                ATTACHMENTS,
            ),
        )
    else:
        check.met.append(
            (
                f'"{card.name}" reads "{sentence}", and such a unit is in play: an attachment '
                "must be attached to a target in play",
                ATTACHMENTS,
            )
        )


_HERO_OR_LEGEND = compiled(r"^Attach to a target Hero or legend(?P<mine> you control)?\.?$")


def _attach_to_hero(board: Board, card: Card, text: str, player: str, check: PlayCheck) -> None:
    """A card with no Attachment trait that reads "Attach to a target …" still targets.

    A card that targets must have a legal target to be played (Q&A 46): "a target Hero or
    legend [you control]" is read; another "Attach to" leaves the answer open.
    """
    target = texts.attach_to(text) if text else None
    if target is None:
        return
    sentence = target[1]
    found = _HERO_OR_LEGEND.match(sentence)
    if found is None:
        check.gaps.append((f'"{card.name}" reads "{sentence}": its targets are not read', False))
        return
    unknown: Card | None = None
    for placed in board.cards:
        if placed.card is None or placed.facedown or not in_play(board, placed):
            continue
        if found.group("mine") and controller(placed) != player:
            continue
        if placed.legend:
            return
        if (placed.card.type or "").lower() == "unit":
            hero = _hero(board, placed.card)
            if hero:
                return
            unknown = placed.card if hero is None else unknown
    if unknown is not None:
        check.gaps.append((traits.unknown_traits(unknown), False))
        return
    check.facts.append("no Hero or legend it may be attached to is in play")
    check.claim(
        "target",
        text_claim(
            Stance.FORBID,
            Text(card.name, sentence),
            f'"{card.name}" reads "{sentence}", and no such card is in play: a card that '
            "targets must have a legal target to be played",
            QA_LEGAL_TARGET,
        ),
    )


#: The words of an "Attach to" the zone and controller checks read; any other (a race, a trait,
#: a state) is read by the target phrases.
_PLAIN_ATTACH_WORDS = frozenset(
    ("a", "an", "one", "target", "unit", "you", "control", "in", "your")
    + ("battlefield", "kingdom", "quest", "zone")
)


def _attach_targets(board: Board, to: fx.Selector, player: str) -> list[InPlay]:
    """The faceup units in play an "Attach to" allows."""
    if to.card_type != "unit":
        return []
    return [
        c
        for c in board.cards
        if c.card is not None
        and not c.facedown
        and in_play(board, c)
        and (c.card.type or "").lower() == "unit"
        and (to.owner != "you" or c.owner == player)
        and (to.zone is None or c.zone is to.zone)
    ]


def _limited(board: Board, card: Card, text: str, player: str, check: PlayCheck) -> None:
    flag = traits.limited(board, card)
    if flag is False:
        return
    asked = _asked(board, card)
    plays = [p for p in plays_this_turn(board, player) if asked is None or p.link is not asked]
    maybe = [p for p in plays if p.maybe and traits.limited(board, p.card)]
    plays = [p for p in plays if not p.maybe]
    earlier = [p for p in plays if traits.limited(board, p.card)]
    if flag and not earlier and maybe:
        check.gaps.append(
            (
                f'"{maybe[0].card.name}", a limited card, was played before the same player\'s '
                "turn was stated again, which may be this turn or a later one: whether a "
                "limited card was played this turn is not known",
                False,
            )
        )
        return
    unknown = [p for p in plays if traits.limited(board, p.card) is None]
    if flag is None or not earlier:
        if (earlier or unknown) and card.text is not None:  # an unknown Limited matters
            check.gaps.append(
                (traits.unknown_limited(card if flag is None else unknown[0].card), False)
            )
        return
    sentence = texts.limited_text(text) if text else None
    when = _when(earlier[0])
    reason = (
        f'"{card.name}" is Limited, and "{earlier[0].card.name}", a limited card, was played '
        f"this turn{when}: no more than one limited card per turn"
    )
    if sentence:
        check.claim("limited", text_claim(Stance.FORBID, Text(card.name, sentence), reason))
    else:
        check.claim("limited", rule_claim(Stance.FORBID, reason, *card.errata))


def _asked(board: Board, card: Card) -> Link | None:
    """The play asked about when the card is on the open chain: its last link there."""
    return next(
        (
            link
            for link in reversed(board.chain)
            if link.card is not None and link.card.id == card.id
        ),
        None,
    )


def _when(play: TurnPlay) -> str:
    if play.link is None:
        return ""
    if play.resolved:
        return " (its chain has resolved)"
    return " (it is on the action chain)"


def _unique(board: Board, card: Card, player: str, check: PlayCheck) -> None:
    """Forbid a second copy of a Unique card; a copy in play of a card not known Unique is a gap.

    The card data marks no card Unique: only the FAQ's keyword errata do. Any other card may
    be Unique, so a copy already in play leaves the answer open rather than a silent yes.
    """
    copy = next(
        (
            c
            for c in board.cards
            if c.owner == player
            and c.card is not None
            and c.card.name == card.name
            and in_play(board, c)
        ),
        None,
    )
    if copy is None:
        if any(c.name == card.name for c in played_unplaced(board, player)):
            check.gaps.append(
                (
                    f'a copy of "{card.name}" was stated played and is not stated in play or '
                    "out of it: whether a copy is in play (for Unique) is not known",
                    False,
                )
            )
        return
    if not card.fields.get("unique"):
        check.gaps.append(
            (
                f'a copy of "{card.name}" is already in play, and whether it is Unique is not '
                "in the sources (only the FAQ's keyword errata mark a card Unique)",
                False,
            )
        )
        return
    check.claim(
        "unique",
        rule_claim(
            Stance.FORBID,
            f'"{card.name}" is Unique and a copy is already in play',
            *card.errata,
            PUT_INTO_PLAY,
        ),
    )


def price(board: Board, card: Card, text: str, player: str) -> V.Value:
    """What playing the card costs.

    Its cost less the constant reductions (never below zero; a cost of 0 is not reduced),
    plus one for each loyalty icon the player's cards in play lack.
    """
    value = _base_cost(board, card, player)
    if value.value is None:
        return value
    cost = value.value
    changes: list[tuple[int, Text]] = []
    sources = [(card.name, text, True)] + [
        (c.name, c.card.text or "", False)
        for c in board.cards
        if c.card is not None and c.owner == player and in_play(board, c)
    ]
    for name, source_text, own in sources:
        for constant in texts.constants(source_text) if source_text else ():
            if constant.act.kind not in ("lower_cost", "raise_cost"):
                continue
            change = texts.cost_change(constant.act)
            quote = Text(name, constant.quote.strip())
            if not own and not _changes_others(constant):
                continue  # another card's text that lowers or raises its own cost
            if own and change is not None and change.what in ("this unit", "this card"):
                times = _per(board, player, change.rest)
                if times is not None and isinstance(change.amount, int):
                    changes.append((change.amount * times, quote))
                    value.steps.append(f'"{name}": {times} counted for "{change.rest}"')
                    continue
                holds = V.condition(board, change.rest)
                if holds and isinstance(change.amount, int):
                    changes.append((change.amount, quote))
                    continue
                if holds is False:
                    value.steps.append(f'"{name}": "{quote.quote}" does not apply')
                    continue
            value.gaps.append(
                f'"{name}" changes costs ("{quote.quote}"): what it does to '
                f'"{card.name}" here is not read'
            )
    for amount, quote in changes:
        if cost == 0:
            value.steps.append(
                f'"{quote.card}" would lower it, but a card with cost 0 cannot be reduced'
            )
            value.rules.append(V.COST)
            continue
        lowered = max(0, cost - amount)
        value.add(lowered - cost, f'"{quote.card}" lowers it by {amount}', quote, V.REDUCTION)
        cost = lowered
    _other_costs(board, card, player, value)
    loyalty = card.fields.get("loyalty")
    race = card.fields.get("race")
    base = value.value
    if isinstance(loyalty, int) and loyalty > 0 and race:
        icons = V.loyalty_icons(board, str(race), player)
        stated = board.capital(player).icons is not None
        capital = icons.value is not None and loyalty > icons.value and not stated
        if capital:
            # the capital's own icons would lower what the loyalty adds: the seeds never say
            icons.gaps.append(V.capital_icons(str(race), player))
        value.gaps += icons.gaps
        value.rules += [r for r in icons.rules if r not in value.rules]
        if icons.value is not None:
            short = max(0, loyalty - icons.value)
            where = "on the capital (stated) and in play" if stated else "in play"
            value.add(
                short, f"{loyalty} loyalty, {icons.value} matching [{race}] icons {where}: +{short}"
            )
            if icons.gaps and base is not None:
                # the icons not known only lower what the loyalty adds: from what the most
                # icons leave short (none when their most is not known) to ``short`` more
                top = icons.bounds[1] if icons.bounds is not None and not capital else None
                least = max(0, loyalty - top) if top is not None else 0
                value.bounds, value.bounded = (base + least, base + short), list(icons.gaps)
    elif loyalty is None and (card.fields.get("race") or "Neutral") != "Neutral":
        gap = f'the sources do not give the loyalty of "{card.name}"'
        value.gaps.append(gap)
        if base is not None:
            value.bounds, value.bounded = (base, None), [gap]  # loyalty only adds to the cost
    return value


def _per(board: Board, player: str, rest: str) -> int | None:
    """How many times a cost change "for each corrupted unit …" counts (None: not read).

    CannotAnswer names a unit whose corruption is left open.
    """
    if not rest.startswith("for each "):
        return None
    term = terms.count_term(rest.removeprefix("for each "))
    if term is None or term.kind != "corrupted":
        return None
    return terms.corrupted_units(board, player, term.what)


#: Words of a constant text that change what cards cost.
_COST_WORDS = compiled(
    r"\bcosts? [^.]*\b(?:more|less|additional|fewer)\b|"
    r"\b(?:lower|reduce|raise|increase)\w* the cost",
    re.IGNORECASE,
)
#: The cost change read on another card: opponents' units cost N more to play.
_OPPONENTS_UNITS = compiled(
    r"^opponent(?:'s|s') units cost (?P<n>\d+) additional resources? to play\.?$",
    re.IGNORECASE,
)


def _changes_others(constant: texts.Constant) -> bool:
    """Whether a cost change in a card's text can reach another card than itself."""
    if "cost" not in constant.quote.casefold():
        return False
    change = texts.cost_change(constant.act)
    if change is None:
        return True
    # "this unit into your kingdom": its own cost, played into one zone (still itself).
    itself = re.sub(r" into your (?:kingdom|battlefield|quest zone)$", "", change.what)
    return itself not in ("this unit", "this card")


def _other_costs(board: Board, card: Card, player: str, value: V.Value) -> None:
    """The cost changes of the other cards in play: opponents' units cost more, or a gap.

    The player's own cards that lower or raise costs are read by :func:`price`; any other
    card in play whose constant text changes costs is read here or makes the price a gap.
    """
    from rulesq.effects.base import Unparsed

    for who in list(board.capitals):  # a card played this turn, placed nowhere: maybe in play
        for other in played_unplaced(board, who):
            for constant in texts.constants(other.text or ""):
                if _COST_WORDS.search(constant.quote) and _changes_others(constant):
                    gap = (
                        f'"{other.name}" is stated played this turn and placed nowhere: it may '
                        f'be in play, and "{constant.quote.strip()}" changes costs'
                    )
                    value.gaps += [gap] if gap not in value.gaps else []
    for placed, text in board.faceup_texts():
        if not in_play(board, placed):
            continue
        for effect in texts.parsed(text).effects:  # a sentence not read that changes costs
            said = effect.span.of(text).strip()
            if isinstance(effect, Unparsed) and _COST_WORDS.search(said):
                gap = f'"{placed.name}": "{said}" speaks of costs, and the grammar does not read it'
                value.gaps += [gap] if gap not in value.gaps else []
        for constant in texts.constants(text):
            quote = Text(placed.name, constant.quote.strip())
            own = controller(placed) == player
            gap = (
                f'"{placed.name}" changes costs ("{quote.quote}"): what it does to '
                f'"{card.name}" here is not read'
            )
            if constant.act.kind in ("lower_cost", "raise_cost"):
                if not own and _changes_others(constant) and gap not in value.gaps:
                    value.gaps.append(gap)
                continue
            if any(a.kind in ("lower_cost", "raise_cost") for a in constant.clause.acts):
                continue  # its lowering or raising act is the one read above
            if not _COST_WORDS.search(quote.quote):
                continue
            found = _OPPONENTS_UNITS.match(quote.quote)
            if found is not None and (own or (card.type or "").lower() != "unit"):
                continue
            if found is None or constant.clause.conditions:
                value.gaps += [gap] if gap not in value.gaps else []
                continue
            if not texts.active_in(constant.zones, placed.zone):
                value.steps.append(
                    f'"{placed.name}" is not in its {texts.zone_names(constant.zones)} zone: '
                    "its text is not active"
                )
                continue
            amount = int(found.group("n"))
            value.add(
                amount,
                f'"{placed.name}" makes an opponent\'s unit cost {amount} more',
                quote,
                V.CONSTANT,
            )


def _base_cost(board: Board, card: Card, player: str) -> V.Value:
    """The printed cost, or X as the card's own text defines it (FAQ Q&A 48).

    A cost of X that the card's text does not define is 0 (The Letter X); one it defines in
    words rulesq does not read, or by what the situation does not state, is *cannot answer*.
    """
    if card.fields.get("cost") != "X" or xvalue.definition(card) is None:
        return V.printed_cost(card)
    defined = xvalue.defined_x(board, card, player)
    if defined.value is None:
        defined.gaps = [
            f'the cost of "{card.name}" is X, and X is not determined: {gap}'
            for gap in defined.gaps
        ]
    return defined


def _tactic_cost(board: Board, card: Card, player: str, check: PlayCheck) -> None:
    """A tactic's Action cost ("Do X to do Y"), paid as it is played: one it cannot pay stops it."""
    action, _ = ab.action_of(card)
    if action is None or action.cost is None:
        return
    for paid in paid_costs.tactic_cost(board, card, action.cost, player):
        if paid.payable is None:
            check.gaps.append((paid.why, False))
        elif not paid.payable:
            check.facts.append(paid.why)
            check.claim(
                "cost",
                rule_claim(Stance.FORBID, paid.why, paid_costs.TRIGGERING),
            )
        else:
            check.met.append((paid.why, paid_costs.TRIGGERING))


def _price(board: Board, card: Card, text: str, player: str, check: PlayCheck) -> None:
    cost = price(board, card, text, player)
    check.price = cost
    capital = board.capital(player)
    pool = capital.resources
    if cost.gaps and _bounded(board, card, player, cost, pool, check):
        return
    if cost.gaps:
        check.gaps += [(g, False) for g in cost.gaps]
        return
    reached = spendable.reach(board, player)
    if reached is not None and cost.value is not None:
        _price_reached(board, card, player, cost, cost.value, reached, check)
        return
    most = capital.pool_most
    if pool is None and most is not None and cost.value is not None and cost.value > most:
        check.claim(
            "price",
            rule_claim(
                Stance.FORBID,
                f'playing "{card.name}" costs {cost.value} '
                f"({'; '.join(cost.steps)}), and at most {most} resources are in the pool "
                f"({capital.pool_note})",
                *cost.rules,
            ),
        )
        return
    if pool is None:
        check.gaps.append((capital.pool_unknown(), False))
        return
    if capital.pool_note:
        check.facts.append(f"{pool} resources are in the pool ({capital.pool_note})")
    extra = spendable.beside_pool(board, player)
    if cost.value is not None and pool < cost.value <= pool + extra.amount:
        # the pool alone is short: what a card lets the player spend as resources pays it
        said = f"only {pool} resources are in the pool, but " + "; ".join(extra.steps)
        check.met_texts += [(said, extra.texts[0])] + [("", t) for t in extra.texts[1:]]
        check.met += [("", rule) for rule in extra.rules]
        _taxes(board, card, player, cost.value, pool + extra.amount, check)
        return
    if cost.value is not None and cost.value <= pool:
        _taxes(board, card, player, cost.value, pool, check)
    if cost.value is not None and cost.value > pool + extra.amount and extra.unknown:
        check.gaps.append(
            (
                f'playing "{card.name}" costs {cost.value}, and {pool} resources are in the pool'
                + capital.pool_shown()
                + "; "
                + "; ".join(extra.unknown),
                False,
            )
        )
        return
    if cost.value is not None and cost.value > pool:
        beside = f", and only {extra.amount} more may be spent ({'; '.join(extra.steps)})"
        removed = "".join(f" ({why})" for why in extra.removed)
        check.claim(
            "price",
            rule_claim(
                Stance.FORBID,
                f'playing "{card.name}" costs {cost.value} '
                f"({'; '.join(cost.steps)}), and only {pool} resources are in the pool"
                + capital.pool_shown()
                + (beside if extra.amount else "")
                + removed,
                *cost.rules,
                *extra.rules,
                *([QUESTS] if extra.removed else []),
            ),
        )


def _price_reached(
    board: Board,
    card: Card,
    player: str,
    cost: V.Value,
    value: int,
    reached: tuple[int, int, spendable.Spendable],
    check: PlayCheck,
) -> None:
    """The price against a pool paid from beside it too: the least and most left to spend."""
    least, most, extra = reached
    capital = board.capital(player)
    held = f"{least} to {most}" if least != most else f"{least}"
    said = f"{held} resources may be spent ({capital.pool_note})"
    if value <= least:
        if extra.texts and value > (capital.pool_least or 0):  # the pool alone may fall short
            check.met_texts += [(said, extra.texts[0])] + [("", t) for t in extra.texts[1:]]
            check.met += [("", rule) for rule in extra.rules]
        else:
            check.facts.append(said)
        _taxes(board, card, player, value, least, check)
        return
    if value > most and extra.unknown:
        check.gaps.append(
            (f'playing "{card.name}" costs {value}, and {said}; ' + "; ".join(extra.unknown), False)
        )
        return
    if value > most:
        check.claim(
            "price",
            rule_claim(
                Stance.FORBID,
                f'playing "{card.name}" costs {value} ({"; ".join(cost.steps)}), and only {said}',
                *cost.rules,
                *extra.rules,
            ),
        )
        return
    check.gaps.append(
        (
            f'playing "{card.name}" costs {value}, and {said}: how each payment was split '
            "between the pool and what may be spent beside it is not stated",
            False,
        )
    )


def _bounded(
    board: Board, card: Card, player: str, cost: V.Value, pool: int | None, check: PlayCheck
) -> bool:
    """Decide the price where only loyalty is not known and every value gives one answer."""
    if cost.bounds is None or pool is None or set(cost.gaps) != set(cost.bounded):
        return False
    least, most = cost.bounds
    unknown = "; ".join(cost.bounded)
    extra = spendable.beside_pool(board, player)
    if least > pool and (extra.unknown or least <= pool + extra.amount):
        return False  # what a card lets him spend beside the pool may pay it
    if least > pool:
        beside = f", and {extra.amount} more ({'; '.join(extra.steps)})" if extra.amount else ""
        check.claim(
            "price",
            rule_claim(
                Stance.FORBID,
                f'playing "{card.name}" costs at least {least} whatever its loyalty adds '
                f"({unknown}), and only {pool} resources are in the pool{beside}",
                *cost.rules,
                *extra.rules,
            ),
        )
        return True
    if most is not None and most <= pool:
        check.facts.append(
            f'playing "{card.name}" costs at most {most} whatever the loyalty icons not known '
            f"give ({unknown}), and {pool} resources are in the pool"
        )
        _taxes(board, card, player, most, pool, check)
        return True
    return False


def _taxes(board: Board, card: Card, player: str, cost: int, pool: int, check: PlayCheck) -> None:
    """Targeting taxes in force: affordable, or the answer rests on a target not read."""
    found = target_taxes.taxes(board, card, player)
    check.gaps += [(g, False) for g in found.gaps]
    if not found.amount:
        return
    if cost + found.amount <= pool:
        if check.price is not None:
            check.price.steps += found.steps
            check.price.texts += found.texts
        check.facts.append(
            f"with the additional {found.amount} to target, the play costs "
            f"{cost + found.amount}, and {pool} resources are in the pool"
        )
        return
    quotes = "; ".join(f'"{t.card}": "{t.quote}"' for t in found.texts)
    check.gaps.append(
        (
            f"targeting is taxed ({quotes}): with the tax the play costs "
            f"{cost + found.amount}, and only {pool} resources are in the pool; whether "
            f'"{card.name}" has a legal target without the tax is not read by rulesq',
            False,
        )
    )
