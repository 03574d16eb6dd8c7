"""What the texts in play, on the chain and acted this turn say about a unit defending.

Each sentence that permits, forbids or requires defending is read by its shape. Followed: a
unit's own "This unit cannot defend." and "cannot be declared as an attacker or defender
unless it has exactly N resource tokens on it"; "Units in a zone with no developments cannot
defend." (the zone's stated count); "While this unit is attacking a player with no resources
or with no cards in his hand, units cannot defend." (the stated pool and hand); a resolved
link whose target "cannot defend" / "cannot be declared as an attacker or defender" / "cannot
attack or defend" (the targets stated). A requirement to defend "if able" does not change
whether a unit may; a text that lets units defend other zones (or with a legend) matters only
where the rules say no. Any other such sentence, one acted at an unstated time or on targets
not stated, and any link still on the chain leave the answer open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer.board import TRIGGERED_THIS_TURN
from rulesq.games.warhammer.claims import Text
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link

#: A sentence that permits, forbids or requires defending (a trigger "when ... defends" does not).
SPEAKS = compiled(
    r"\b(?:cannot|can|may|must)\b[^.]*\bdefend\b|\bdeclare(?:d|s)?\b[^.]*\bdefenders?\b"
    r"|\bdefenders?\b[^.]*\bdeclared\b",
    re.IGNORECASE,
)
_SELF = compiled(r"^This unit cannot defend\.?$", re.IGNORECASE)
TOKENS = compiled(
    r"^This unit cannot be declared as an attacker or defender unless it has exactly "
    r"(?P<n>\d+) resource tokens? on it\.?$",
    re.IGNORECASE,
)
_NO_DEVELOPMENTS = compiled(
    r"^Units in a zone with no developments cannot defend\.?$", re.IGNORECASE
)
_POOR = compiled(
    r"^While this unit is attacking a player with no resources or with no cards in his hand, "
    r"units cannot defend\.?$",
    re.IGNORECASE,
)
#: A constant text that holds only while its unit attacks (alone).
_WHILE_ATTACKING = compiled(r"^While this unit is attacking(?P<alone> alone)?\b", re.IGNORECASE)
_ALONE = compiled(r"^(?P<who>.+) cannot attack or defend alone\.?$", re.IGNORECASE)
#: The targets of a link cannot defend (for a time no longer than the turn).
_TARGETS_CANNOT = compiled(
    r"^(?:Action: (?:When [^,]+, )?)?(?:one )?(?:target unit|that unit|those units) cannot "
    r"(?:defend|be declared as an attacker or defender|attack or defend)"
    r"(?: against this attack| this turn| until the end of the turn)?\.?$",
    re.IGNORECASE,
)
#: A requirement to defend where able: it does not change whether a unit may.
MUST = compiled(
    r"\bmust (?:defend|be declared as an attacker or defender)\b[^.]*\bif able\b", re.IGNORECASE
)
#: A text that lets units defend where the rules do not (another zone, beside a legend).
_WIDENS = compiled(
    r"\b(?:may|can) defend (?:any|this)\b|\bcan attack or defend whenever\b"
    r"|\bmay declare defenders from\b",
    re.IGNORECASE,
)


#: A quest's questing unit may defend any zone.
_QUESTING = compiled(
    r"^Any unit questing (?:here|on this card) (?:may|can) defend any (?:of your )?zones?"
    r"(?: when they are attacked)?\.?$",
    re.IGNORECASE,
)
#: A unit that may defend any zone on a condition of its controller's board.
_ANY_ZONE_IF = compiled(
    r"^(?:If you control a (?P<legend>legend)|While you have at least (?P<n>\d+) resources in "
    r"your pool), this unit may (?:attack from any zone and may )?defend any zone\.?$",
    re.IGNORECASE,
)
#: Units of a kind their controller controls in any zone may defend this card's zone.
_KIND_TO_HERE = compiled(
    r"^(?P<kind>\w+) units you control in any zone may defend this zone\.?$", re.IGNORECASE
)
#: Its own unit may defend whenever a legend of a race its player controls defends.
_WITH_LEGEND = compiled(
    r"^This unit can attack or defend whenever an? \[(?P<race>[^\]]+)\] legend you control "
    r"attacks or defends\.?$",
    re.IGNORECASE,
)
#: An attachment that lets its legend defend any of its player's zones.
_LEGEND_ANY = compiled(
    r"^Attached legend (?:gets \+\d+ hit points and )?can defend any of your zones\.?$",
    re.IGNORECASE,
)
#: A resolved Action: units of a kind its player controls may defend any of that player's zones.
_KIND_ANY = compiled(
    r"^Action: Until the end of the turn, (?P<kind>\w+) units you control can defend any of "
    r"your zones\b",
    re.IGNORECASE,
)
#: A cost the defending player pays to declare any defender.
_SACRIFICE_TO_DECLARE = compiled(
    r"\ba player must sacrifice a unit in order to declare defenders\b", re.IGNORECASE
)
#: A resolved Action: the units in the zone it chose may defend any zone this turn.
_CHOSEN_ZONE = compiled(r"^Units in that zone may defend any zone this turn\.?$", re.IGNORECASE)
#: A resolved Action: the defending opponent may declare defenders from all his unburned zones.
_ALL_ZONES = compiled(
    r"^Defending opponent may declare defenders from all of his non-burning zones\.?$",
    re.IGNORECASE,
)
_UNBURNED = compiled(
    r"^This unit can defend any unburned zone if you are not attacking\.?$", re.IGNORECASE
)


@dataclass
class Reading:
    """The texts' say on one unit defending: forbids, permits, widening texts not read, gaps."""

    forbids: list[tuple[Text, str]] = field(default_factory=list)
    #: Texts that let the unit defend where the rules do not (another zone).
    permits: list[tuple[Text, str]] = field(default_factory=list)
    widens: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    #: Forbids that bar only declaring the unit ("cannot be declared as … defender"), with
    #: the index of the statement of the link that made them and the card's errata.
    declaring: list[tuple[Text, int, tuple[str, ...]]] = field(default_factory=list)


def _sentences(text: str) -> list[str]:
    from rulesq.games.warhammer.parse import sentences

    plain = re.sub(r"\s*\([^)]*\)", "", text)  # reminder text speaks of no rule
    return [plain[start:end].strip() for start, end in sentences(plain)]


def read(board: Board, unit: InPlay) -> Reading:
    """What every text that speaks of defending says of ``unit`` defending the attack stated."""
    found = Reading()
    for placed, text in board.faceup_texts():
        in_action = False
        for sentence in _sentences(text):
            in_action = sentence.startswith("Action:") or (
                in_action and re.match(r"^(?:That|Those|It|They)\b", sentence) is not None
            )
            if SPEAKS.search(sentence):
                _in_play(board, unit, placed, sentence, in_action, found)
    for link in board.chain:
        if link.card is not None and any(
            SPEAKS.search(s) for s in _sentences(link.card.text or "")
        ):
            found.gaps.append(
                f'"{link.name}" is on the chain and speaks of defending: rulesq does not read '
                "what it will do"
            )
    for link in board.resolved:
        if link.card is not None:
            _resolved(board, unit, link, found)
    resolved = {link.name.casefold() for link in board.resolved}
    for card, what in board.acted_this_turn():
        for sentence in _sentences(card.text or ""):
            if not SPEAKS.search(sentence) or MUST.search(sentence):
                continue
            if what == TRIGGERED_THIS_TURN and card.name.casefold() in resolved:
                continue  # the resolved link is read
            if _WIDENS.search(sentence):
                found.widens.append(f'"{card.name}" {what} and reads "{sentence}"')
                continue
            found.gaps.append(
                f'"{card.name}" {what} and reads "{sentence}": {unstated(card.name, sentence)}'
            )
    return found


def unstated(name: str, sentence: str) -> str:
    """What a text that acted this turn leaves unstated (target, time), and how to say it."""
    say = f'say it, e.g. I trigger "{name}" targeting "Some Unit" and the chain has resolved'
    if _TARGETS_CANNOT.match(sentence):
        if re.search(r"\bagainst this attack\b", sentence, re.IGNORECASE):
            return f"the unit it targeted, and the attack it acted in, are not stated: {say}"
        return f"the unit it targeted is not stated: {say}"
    return f"when it acted and on what are not stated: {say}"


def _in_play(
    board: Board, unit: InPlay, placed: InPlay, sentence: str, in_action: bool, found: Reading
) -> None:
    """A sentence of a faceup card in play."""
    quote = Text(placed.name, sentence)
    if MUST.search(sentence):
        return
    if in_action:
        return  # part of an Action: it acts only when triggered (then it is a link)
    if attacking := _WHILE_ATTACKING.match(sentence):
        attack = board.attack
        attackers = attack.attackers if attack is not None else []
        if placed not in attackers or (attacking.group("alone") and len(attackers) > 1):
            return  # its condition does not hold
    if _WIDENS.search(sentence):
        _widens(board, unit, placed, quote, found)
        return
    if _SELF.match(sentence):
        if placed is unit:
            found.forbids.append((quote, f'"{unit.name}" reads "{sentence}"'))
        return
    if tokens := TOKENS.match(sentence):
        if placed is unit:
            from rulesq.games.warhammer import places as P

            want = int(tokens.group("n"))
            if not P.tokens_stated(unit) or P.tokens_changed(board, unit):
                found.gaps.append(
                    f'"{unit.name}" reads "{sentence}", and {P.tokens_gap(unit, board)}'
                )
            elif unit.tokens != want:
                found.forbids.append(
                    (
                        quote,
                        f'"{unit.name}" has {unit.tokens} resource tokens on it, not exactly '
                        f"{want}: it cannot be declared as a defender",
                    )
                )
            else:
                found.steps.append(f'"{unit.name}" has exactly {want} resource tokens on it')
        return
    if _NO_DEVELOPMENTS.match(sentence):
        _no_developments(board, unit, quote, found)
        return
    if _POOR.match(sentence):
        _poor(board, placed, quote, found)
        return
    if alone := _ALONE.match(sentence):
        who = alone.group("who").casefold()
        if placed is unit and who in ("this unit", placed.name.casefold()):
            found.gaps.append(
                f'"{unit.name}" reads "{sentence}": whether another unit will defend with it is '
                "not stated"
            )
        return
    if _SACRIFICE_TO_DECLARE.search(sentence):
        found.gaps.append(
            f'"{placed.name}" reads "{sentence}", and its condition holds: whether the defending '
            "player sacrifices a unit to declare defenders (and which) is not stated"
        )
        return
    found.gaps.append(
        f'"{placed.name}" reads "{sentence}": rulesq does not follow a text that speaks of '
        "defending in this way"
    )


def _no_developments(board: Board, unit: InPlay, quote: Text, found: Reading) -> None:
    from rulesq.games.warhammer import places as P
    from rulesq.games.warhammer import terms

    if unit.legend:
        return  # a legend is no unit, in no zone
    here = P.place(board, unit)
    count = terms.developments(board, here.side, here.zone)
    zone = here.zone.value if here.zone is not None else "no zone"
    if count is None:
        found.gaps.append(
            f'"{quote.card}" reads "{quote.quote}", and the situation does not state how many '
            f'developments the {zone} of "{unit.name}" has'
        )
    elif count == 0:
        found.forbids.append(
            (
                quote,
                f'"{unit.name}" is in a {zone} with no developments, and "{quote.card}" reads '
                f'"{quote.quote}"',
            )
        )
    else:
        found.steps.append(f'"{unit.name}" is in a {zone} with {count} developments')


def _poor(board: Board, placed: InPlay, quote: Text, found: Reading) -> None:
    attack = board.attack
    if attack is None or placed not in attack.attackers:
        return
    resources = board.capital(attack.defender).resources
    hand = board.hands.get(attack.defender)
    if resources == 0 or hand == 0:
        why = "no resources" if resources == 0 else "no cards in his hand"
        found.forbids.append(
            (quote, f'"{placed.name}" attacks a player with {why}: "{quote.quote}"')
        )
    elif resources is None or hand is None:
        found.gaps.append(
            f'"{placed.name}" reads "{quote.quote}", and the situation does not state the '
            "defending player's resources and hand (e.g. you have 2 resources, you have 3 "
            "cards in hand)"
        )


#: A text that bars declaring a unit, not a unit already declared.
_DECLARING = compiled(r"\bcannot be declared as an? (?:attacker or )?defender\b", re.I)


def _resolved(board: Board, unit: InPlay, link: Link, found: Reading) -> None:
    """A link of a chain stated resolved: its targets "cannot defend", or a gap."""
    assert link.card is not None
    cancelled = any(
        (other.cancelling or "").casefold() == link.name.casefold() for other in board.resolved
    )
    in_action = False
    for sentence in _sentences(link.card.text or ""):
        in_action = sentence.startswith("Action:") or (
            in_action and re.match(r"^(?:That|Those|It|They)\b", sentence) is not None
        )
        if not SPEAKS.search(sentence) or MUST.search(sentence):
            continue
        placed = board.find(link.name)
        if not in_action and placed is not None and placed.shown_text:
            continue  # a constant sentence of a card in play: read as such
        if _WIDENS.search(sentence):
            if cancelled or not _widened_by_link(board, unit, link, sentence, found):
                found.widens.append(f'"{link.name}" resolved and reads "{sentence}"')
            continue
        if _TARGETS_CANNOT.match(sentence) and link.targets and not cancelled:
            lasting = re.search(r"\b(?:this turn|until the end of the turn)\b", sentence)
            if lasting and unit in link.targets:
                from rulesq.games.warhammer.combat_plays import ended

                over, why = ended(board, link, "until the end of the turn")
                if over is None:
                    found.gaps.append(f'"{link.name}" resolved and reads "{sentence}", and {why}')
                    continue
                if over:
                    found.steps.append(f'"{link.name}" resolved, but {why}')
                    continue
            if unit in link.targets:
                quote = Text(link.name, sentence)
                found.forbids.append(
                    (quote, f'"{link.name}" resolved targeting "{unit.name}": "{sentence}"')
                )
                if _DECLARING.search(sentence):
                    rulings = [
                        r for r in link.card.fields.get("rulings") or () if "/errata/" in r
                    ]  # the FAQ's clarifications of the card, then its errata
                    found.declaring.append((quote, link.fact.index, (*rulings, *link.card.errata)))
            continue
        why = "a link cancels it" if cancelled else "its targets are not stated"
        found.gaps.append(f'"{link.name}" resolved and reads "{sentence}": {why}')


def _widens(board: Board, unit: InPlay, placed: InPlay, quote: Text, found: Reading) -> None:
    """A text that lets units defend other zones: does it reach ``unit``?"""
    from rulesq.games.warhammer.vocab import Zone

    sentence = quote.quote
    attack = board.attack
    assert attack is not None
    from rulesq.games.warhammer import places as P

    here = P.place(board, unit)
    if _QUESTING.match(sentence):
        questing = here.questing
        if questing is placed:
            found.permits.append(
                (quote, f'"{unit.name}" is questing on "{placed.name}": "{sentence}"')
            )
        elif here.zone is Zone.QUEST and questing is None and unit.questing_on is None:
            found.widens.append(
                f'"{placed.name}" reads "{sentence}", and whether "{unit.name}" is questing on '
                "it is not stated"
            )
        return
    if _kind_to_here(board, unit, placed, quote, found) or _with_legend(
        board, unit, placed, quote, found
    ):
        return
    if _LEGEND_ANY.match(sentence):
        _legend_any(board, unit, placed, quote, found)
        return
    condition = _ANY_ZONE_IF.match(sentence)
    unburned = _UNBURNED.match(sentence)
    if (condition or unburned) and placed is not unit:
        return  # it speaks of its own unit only
    if unburned:
        burning = attack.zone is not None and attack.zone in board.capital(attack.defender).burning
        if attack.attacker != here.controller and not burning:
            found.permits.append((quote, f'"{unit.name}" reads "{sentence}"'))
        return
    if condition and condition.group("legend"):
        legends = [c for c in board.cards if c.legend and c.owner == here.controller]
        if legends:
            found.permits.append(
                (quote, f'"{unit.name}" reads "{sentence}", and "{legends[0].name}" is its legend')
            )
        else:
            found.widens.append(
                f'"{unit.name}" reads "{sentence}", and whether its player controls a legend is '
                'not stated (write, e.g., my legend is "Some Legend")'
            )
        return
    if condition:
        want, pool = int(condition.group("n")), board.capital(here.controller).resources
        if pool is None:
            found.widens.append(
                f'"{unit.name}" reads "{sentence}", and the resources of its player are not stated'
            )
        elif pool >= want:
            found.permits.append((quote, f'"{unit.name}" reads "{sentence}" ({pool} resources)'))
        return
    found.widens.append(f'"{placed.name}" reads "{sentence}"')


def _kind_to_here(board: Board, unit: InPlay, placed: InPlay, quote: Text, found: Reading) -> bool:
    """Units of a kind may defend this card's zone from any zone (False: not this shape)."""
    from rulesq.games.warhammer import places as P
    from rulesq.games.warhammer import traits

    shape = _KIND_TO_HERE.match(quote.quote)
    if shape is None:
        return False
    attack = board.attack
    assert attack is not None and unit.card is not None
    if unit.legend:
        return True  # it speaks of units
    source = P.place(board, placed)
    if attack.zone is not source.zone or attack.defender != source.controller:
        return True  # another zone is attacked: it speaks of this one only
    if P.place(board, unit).controller != source.controller:
        return True
    kind = shape.group("kind")
    if traits.of_kind(board, unit.card, kind):
        found.permits.append((quote, f'"{unit.name}" is a {kind} unit: "{quote.quote}"'))
    return True


def _with_legend(board: Board, unit: InPlay, placed: InPlay, quote: Text, found: Reading) -> bool:
    """Its own unit may defend while a legend of a race its player controls defends."""
    from rulesq.games.warhammer import places as P

    shape = _WITH_LEGEND.match(quote.quote)
    if shape is None:
        return False
    if placed is not unit:
        return True  # it speaks of its own unit only
    attack = board.attack
    assert attack is not None
    race = shape.group("race")
    mine = P.place(board, unit).controller
    legends = [
        c
        for c in board.cards
        if c.legend
        and c.card is not None
        and (c.card.fields.get("race") or "").casefold() == race.casefold()
        and P.place(board, c).controller == mine
    ]
    if not legends:
        found.widens.append(
            f'"{unit.name}" reads "{quote.quote}", and whether its player controls a [{race}] '
            'legend is not stated (write, e.g., my legend is "Some Legend")'
        )
        return True
    defending = [
        c
        for c in legends
        if c in attack.defenders
        or (attack.legend is c and not c.corrupted and not attack.defenders)
    ]
    elsewhere = [c for c in legends if any(_LEGEND_ANY.match(t) for t in _attached_texts(board, c))]
    if defending:
        found.widens.append(
            f'"{unit.name}" reads "{quote.quote}", and "{defending[0].name}" defends: the FAQ does '
            "not say whether units may defend an attacked legend"
        )
    elif elsewhere and not attack.defenders:
        found.widens.append(
            f'"{unit.name}" reads "{quote.quote}", and whether "{elsewhere[0].name}" will defend '
            "is not stated"
        )
    else:
        names = ", ".join(f'"{c.name}"' for c in legends)
        found.steps.append(f"{names}, its player's [{race}] legend, does not defend this attack")
    return True


def _attached_texts(board: Board, card: InPlay) -> list[str]:
    """The sentences of the faceup cards attached to a card."""
    return [s for c in board.attached_to(card) if c.shown_text for s in _sentences(c.shown_text)]


def _legend_any(board: Board, unit: InPlay, placed: InPlay, quote: Text, found: Reading) -> None:
    """An attachment letting its legend defend any of its player's zones."""
    from rulesq.games.warhammer import places as P

    if placed.attached_to is not unit:
        return  # it speaks of the legend it is attached to
    attack = board.attack
    assert attack is not None
    if unit.corrupted:
        found.widens.append(
            f'"{unit.name}" is corrupted and "{placed.name}" reads "{quote.quote}": corrupted '
            "legends cannot defend, and which of the two decides is not read"
        )
    elif attack.defender == P.place(board, unit).controller and attack.legend is None:
        found.permits.append(
            (quote, f'"{placed.name}" is attached to "{unit.name}": "{quote.quote}"')
        )


def _widened_by_link(board: Board, unit: InPlay, link: Link, sentence: str, found: Reading) -> bool:
    """A resolved link letting its player's units of a kind defend any zone (False: not read)."""
    from rulesq.games.warhammer import places as P
    from rulesq.games.warhammer import traits

    if _CHOSEN_ZONE.match(sentence) or _ALL_ZONES.match(sentence):
        return _widened_to_zones(board, unit, link, sentence, found)
    shape = _KIND_ANY.match(sentence)
    attack = board.attack
    if shape is None or attack is None or unit.card is None:
        return False
    if unit.legend:
        return True  # it speaks of units
    if P.place(board, unit).controller != link.who or attack.defender != link.who:
        return True  # another player's units
    kind = shape.group("kind")
    if traits.of_kind(board, unit.card, kind):
        from rulesq.games.warhammer.combat_plays import ended

        over, why = ended(board, link, "until the end of the turn")
        if over is None:
            found.widens.append(f'"{link.name}" resolved and reads "{sentence}", and {why}')
        elif over:
            found.steps.append(f'"{link.name}" resolved, but {why}')
        else:
            found.permits.append(
                (Text(link.name, sentence), f'"{link.name}" resolved this turn: "{sentence}"')
            )
    return True


def _widened_to_zones(
    board: Board, unit: InPlay, link: Link, sentence: str, found: Reading
) -> bool:
    """A resolved link letting units in a chosen zone, or in any unburned zone, defend."""
    from rulesq.games.warhammer import places as P

    attack = board.attack
    if attack is None or unit.legend:
        return True  # it speaks of units, in an attack
    here = P.place(board, unit)
    quote = Text(link.name, sentence)
    if here.controller != attack.defender or here.zone is None:
        return True  # units defend their own player's zones
    from rulesq.games.warhammer.combat_plays import ended

    lasts = (
        "until the end of the phase" if _ALL_ZONES.match(sentence) else "until the end of the turn"
    )
    over, why = ended(board, link, lasts)
    if over is None:
        found.widens.append(f'"{link.name}" resolved and reads "{sentence}", and {why}')
        return True
    if over:
        found.steps.append(f'"{link.name}" resolved, but {why}')
        return True
    moved = [m for m in board.moves if m.card is unit]
    if moved:
        found.widens.append(
            f'"{link.name}" resolved and reads "{sentence}", and "{unit.name}" moved this turn: '
            "whether the zone it was in when the link resolved or the one it is in now counts "
            "is not read"
        )
        return True
    if _ALL_ZONES.match(sentence):
        if link.who != attack.attacker:
            return True  # its player's opponent defends
        burning = here.zone in board.capital(here.side).burning
        if not burning:
            found.permits.append(
                (
                    quote,
                    f'"{link.name}" resolved this phase, and "{unit.name}" is in a zone that '
                    f'is not burning: "{sentence}"',
                )
            )
        return True
    chosen = link.chosen_zone
    if chosen is None:
        found.widens.append(
            f'"{link.name}" resolved and reads "{sentence}", and the zone it chose is not '
            f'stated (write, e.g., I trigger "{link.name}" choosing my battlefield)'
        )
        return True
    if (here.side, here.zone) == chosen:
        found.permits.append(
            (
                quote,
                f'"{link.name}" resolved this turn choosing the zone of "{unit.name}": '
                f'"{sentence}"',
            )
        )
    return True


#: What each shape of sentence does, as :func:`shape` names it ("" = read on the board).
SHAPES = {
    "own": "forbids its own unit",
    "tokens": "forbids its own unit unless it has exactly N resource tokens",
    "no developments": "forbids units in a zone with no developments",
    "poor": "forbids defending against it, its opponent having nothing",
    "targets": "forbids its targets, once resolved",
    "must": "requires defending where able: no bearing on whether a unit may",
    "questing": "lets its questing unit defend any zone",
    "any zone if": "lets its own unit defend any zone on a condition",
    "unburned": "lets its own unit defend any unburned zone",
    "kind to here": "lets its player's units of a kind defend its zone from any zone",
    "with legend": "lets its own unit defend while its player's legend of a race defends "
    "(open when the legend defends: the FAQ is silent on defending a legend)",
    "legend any": "lets its attached legend defend any of its player's zones",
    "kind any": "lets its player's units of a kind defend any zone, once resolved",
    "chosen zone": "lets the units in the zone it chose defend any zone, once resolved",
    "all zones": "lets the defending opponent declare defenders from all his unburned zones, "
    "once resolved",
    "widens": "lets units defend elsewhere: not read (only where the rules say no)",
    "alone": "cannot defend alone: not read for its own unit",
    "action": "part of an Action of a card in play: acts only when triggered",
    "": "not read",
}


def shape(text: str, tactic: bool) -> list[tuple[str, str]]:
    """Each sentence of a text that speaks of defending, with its shape (a key of SHAPES)."""
    found: list[tuple[str, str]] = []
    in_action = False
    for sentence in _sentences(text):
        in_action = sentence.startswith("Action:") or (
            in_action and re.match(r"^(?:That|Those|It|They)\b", sentence) is not None
        )
        if not SPEAKS.search(sentence):
            continue
        patterns = (
            ("must", MUST.search),
            ("targets", _TARGETS_CANNOT.match),
            ("questing", _QUESTING.match),
            ("any zone if", _ANY_ZONE_IF.match),
            ("unburned", _UNBURNED.match),
            ("kind to here", _KIND_TO_HERE.match),
            ("with legend", _WITH_LEGEND.match),
            ("legend any", _LEGEND_ANY.match),
            ("kind any", _KIND_ANY.match),
            ("chosen zone", _CHOSEN_ZONE.match),
            ("all zones", _ALL_ZONES.match),
            ("widens", _WIDENS.search),
            ("own", _SELF.match),
            ("tokens", TOKENS.match),
            ("no developments", _NO_DEVELOPMENTS.match),
            ("poor", _POOR.match),
            ("alone", _ALONE.match),
        )
        kind = next((name for name, test in patterns if test(sentence)), "")
        if in_action and not tactic and kind not in ("must", "targets", "widens", "kind any"):
            kind = "action"
        found.append((sentence, kind))
    return found
