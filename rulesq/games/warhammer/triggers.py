"""Trigger conditions checked against the events a situation states: how often a card triggers.

A Forced effect, a triggered constant effect or a triggered action triggers once for each
event that meets its condition (FAQ, Trigger Conditions; Q&A 13). The events come from the
board (``happenings``); an event the situation does not state is a gap, never a silent no.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import damage as D
from rulesq.games.warhammer import lost_actions, texts
from rulesq.games.warhammer import trigger_texts as T
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.values import Value, power
from rulesq.situation.model import ME, YOU

if TYPE_CHECKING:
    from collections.abc import Callable

    from rulesq.games.warhammer.board import Board, Event, InPlay
    from rulesq.games.warhammer.vocab import Zone

FAQ = "warhammer/faq/"
TRIGGER_CONDITIONS = FAQ + "rules-clarifications/trigger-conditions"
TRIGGER_EXAMPLES = FAQ + "rules-clarifications/trigger-conditions/part-2"
ENTERING_PLAY = FAQ + "terminology-clarifications/entering-play"
NOT_ENTERING = FAQ + "card-types/developments/part-2"
QA_FACEUP = FAQ + "qa/6"
IN_PLAY = FAQ + "terminology-clarifications/in-play"
HEALING = FAQ + "terminology-clarifications/healing"
QA_HEALED_EACH = FAQ + "qa/13"
QA_ENTER_STATE = FAQ + "qa/17"
QA_PRINTED_TYPE = FAQ + "qa/29"
COMBAT_DEALT = FAQ + "damage/dealing-damage-in-combat"
BEGINNING = FAQ + "timing-structure/d"
ENDING = FAQ + "timing-structure/e"
QA_DECLARE = FAQ + "qa/32"
QA_EACH_COST = FAQ + "qa/10"
QA_SPIKE = FAQ + "qa/19"
TRIGGERED_ACTIONS = FAQ + "rules-clarifications/triggered-actions-formerly-response-actions"
ZONE_TEXT = FAQ + "terminology-clarifications/zones-of-play"
_OTHER = {ME: YOU, YOU: ME}


@dataclass
class Count:
    """How many times a trigger condition is met, with the steps, rules, texts and gaps."""

    value: int = 0
    steps: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    #: The header of the ability triggered ("Action", "Forced"; None: a constant effect).
    header: str | None = None
    #: The resources its triggers paid (their costs), counted against the pool.
    paid: int = 0

    def cite(self, *rules: str) -> None:
        """Add rules once each."""
        self.rules += [r for r in rules if r not in self.rules]

    def met(self, step: str, *rules: str) -> None:
        """One more time the condition is met."""
        self.value += 1
        self.steps.append(step)
        self.cite(*rules)

    def unmet(self, step: str, *rules: str) -> None:
        """A stated event that does not meet the condition."""
        self.steps.append(step)
        self.cite(*rules)


def _events(board: Board, placed: InPlay, *kinds: str) -> list[Event]:
    return [e for e in board.events if e.card is placed and e.kind in kinds]


def _printed_type(placed: InPlay) -> str:
    return (placed.card.type or "").lower() if placed.card is not None else ""


def _left_play(board: Board, placed: InPlay) -> str | None:
    """How a card left play, if the situation says it did (destroyed, sacrificed, left)."""
    if any(victim is placed for victim, _ in board.sacrificed):
        return "sacrificed"
    for event in _events(board, placed, "destroyed", "leaves_play"):
        return "destroyed" if event.kind == "destroyed" else "left play"
    return None


def _enters_play(board: Board, source: InPlay, count: Count) -> None:
    if _events(board, source, "enters_play"):
        count.met(f'"{source.name}" enters play', ENTERING_PLAY)
    for event in _events(board, source, "faceup"):
        count.unmet(
            f'"{source.name}" is turned faceup by "{event.by.name if event.by else "an effect"}"'
            ": it was already in play as a development, so it does not enter play",
            NOT_ENTERING,
            QA_FACEUP,
        )
    if not count.steps:
        count.gaps.append(f'the situation does not say whether "{source.name}" enters play')


def _unit_enters_this_zone(board: Board, source: InPlay, count: Count) -> None:
    stated = [e for e in board.events if e.kind in ("enters_play", "moved")]
    for event in stated:
        unit = event.card
        how = "enters play" if event.kind == "enters_play" else "moves"
        if _printed_type(unit) != "unit" or unit.facedown:
            count.unmet(f'"{unit.name}" is not a unit')
        elif unit.owner == source.owner and unit.zone is source.zone:
            itself = " (the card itself, once in play)" if unit is source else ""
            count.met(f'"{unit.name}"{itself} {how} into this zone', ENTERING_PLAY)
        else:
            count.unmet(f'"{unit.name}" {how} into another zone', ENTERING_PLAY)
    if not stated:
        count.gaps.append("the situation states no unit entering play or moving")


def _leaves_play(board: Board, source: InPlay, count: Count) -> None:
    how = _left_play(board, source)
    rules = {
        "destroyed": (D.DESTROY,),
        "sacrificed": (D.SACRIFICE,),
    }.get(how or "", ())
    if how is not None:
        count.met(f'"{source.name}" is {how}: it leaves play', TRIGGER_EXAMPLES, *rules)
    if _events(board, source, "moved"):
        count.unmet(
            f'"{source.name}" moves from one zone in play to another: it stays in play',
            IN_PLAY,
        )
    if not count.steps:
        count.gaps.append(f'the situation does not say whether "{source.name}" leaves play')


def _you_heal(board: Board, source: InPlay, count: Count) -> None:
    heals = [e for e in board.events if e.kind == "healed"]
    for event in heals:
        healer = board.find(event.by.name) if event.by is not None else None
        if healer is None:
            count.gaps.append(
                f'who heals "{event.card.name}" is not stated: put "'
                f'{event.by.name if event.by else "the healer"}" on the board'
            )
            continue
        if healer.owner != source.owner:
            count.unmet(f'"{event.card.name}" is healed by the opponent\'s "{healer.name}"')
            continue
        from rulesq.games.warhammer.spendable import bears_damage, damage_now

        damaged = bears_damage(board, event.card)
        if damaged is None:
            count.gaps.append(f'"{event.card.name}": {damage_now(board, event.card).step}')
            continue
        if not damaged:
            count.unmet(f'"{event.card.name}" has no damage on it, so it is not healed', HEALING)
            continue
        count.met(f'"{healer.name}" heals "{event.card.name}"', HEALING, QA_HEALED_EACH)
    if not heals:
        count.gaps.append("the situation states no unit healed")


def _corrupting_zone(
    board: Board, placed: InPlay, zone: Zone | None, count: Count
) -> InPlay | None:
    """A card in ``zone`` (the unit's) whose text makes its controller's units enter corrupted."""
    for other, text in board.faceup_texts():
        if other.zone is not zone or other.owner != placed.owner:
            continue
        for _header, _zone, quote, body in T.sentences(other.name, text):
            if T.ENTER_CORRUPTED.match(body):
                count.texts.append(Text(other.name, quote))
                return other
    return None


def _unit_corrupted(board: Board, source: InPlay, count: Count) -> None:
    stated = [e for e in board.events if e.kind in ("moved", "enters_play")]
    for event in stated:
        unit = event.card
        # where the unit is after the event: a move's destination, else the zone it is in
        zone = _corrupting_zone(board, unit, event.zone or unit.zone, count)
        if zone is None:
            count.gaps.append(
                f'whether "{unit.name}" is corrupted as it '
                f"{'moves' if event.kind == 'moved' else 'enters play'} is not read"
            )
            continue
        if event.kind == "enters_play":
            count.unmet(
                f'"{unit.name}" enters play in the zone of "{zone.name}" already corrupted: '
                "a unit that enters play in a state has not changed state",
                QA_ENTER_STATE,
            )
        elif unit.corrupted:
            count.unmet(f'"{unit.name}" is corrupted already', QA_ENTER_STATE)
        else:
            count.met(
                f'"{unit.name}", already in play, moves to the zone of "{zone.name}": '
                "it is corrupted",
                QA_ENTER_STATE,
            )
    if not stated:
        count.gaps.append("the situation states no unit entering play or moving")


def _questing_here(board: Board, source: InPlay, body: str, count: Count) -> bool:
    """Whether an effect's "if a unit is questing here" holds (True when it has none)."""
    if "if a unit is questing here" not in body.lower():
        return True
    questing = [c for c in board.cards if c.questing_on is source]
    if questing:
        count.steps.append(f'"{questing[0].name}" is questing here')
        return True
    count.gaps.append(
        f'no unit is stated questing on "{source.name}": its effect applies only "if a unit '
        'is questing here"'
    )
    return False


def _opponent_unit_to_discard(board: Board, source: InPlay, count: Count) -> None:
    opponent = _OTHER.get(source.owner)
    stated = 0
    for placed in board.cards:
        how = _left_play(board, placed)
        if how is None or how == "left play":
            continue
        stated += 1
        rule = D.DESTROY if how == "destroyed" else D.SACRIFICE
        if placed.owner != opponent:
            count.unmet(
                f"\"{placed.name}\" goes to its owner's discard pile, not the opponent's", rule
            )
        elif _printed_type(placed) != "unit":
            count.unmet(
                f'"{placed.name}" is {how} and enters the discard pile as its printed type, '
                f"a {_printed_type(placed) or 'card'}, not a unit",
                rule,
                QA_PRINTED_TYPE,
            )
        else:
            development = " (a development in play)" if placed.facedown else ""
            count.met(
                f'"{placed.name}"{development} is {how}: a unit card enters the opponent\'s '
                "discard pile from play",
                rule,
                QA_PRINTED_TYPE,
            )
    if not stated:
        count.gaps.append("the situation states no card destroyed or sacrificed")


def _combat_applied(board: Board, count: Count) -> bool | None:
    """Whether at least 1 combat damage is applied to an opponent's unit or capital."""
    attack = board.attack
    assert attack is not None
    combat = [a for a in board.assigned if a.combat or (a.card in attack.defenders)]
    combat = [a for a in combat if a.card not in attack.attackers]
    if not combat:
        count.gaps.append("the combat damage assigned is not stated")
        return None
    if D.doublers(board):
        count.gaps.append("damage doubled as it is assigned: not followed here")
        return None
    for assigned in combat:
        if assigned.card is None:
            if assigned.amount > 0:
                count.steps.append(f"{assigned.amount} combat damage is applied to the capital")
                return True
            continue
        probe = Value(0)
        amount = D.toughness(
            board, assigned.card, probe, assigned.fact.index, combat=True, assigned=assigned.amount
        )
        if amount is None:
            count.gaps += probe.gaps
            return None
        if assigned.amount > amount:
            count.steps.append(
                f'{assigned.amount - amount} combat damage is applied to "{assigned.card.name}"'
            )
            return True
    count.steps.append("no combat damage is applied to an opponent's unit or capital")
    return False


def _attached_deals_combat_damage(board: Board, source: InPlay, count: Count) -> None:
    host, attack = source.attached_to, board.attack
    if host is None:
        count.gaps.append(f'"{source.name}" is not attached to a unit')
        return
    if attack is None:
        count.gaps.append("no attack is stated")
        return
    if host not in attack.attackers:
        count.unmet(f'"{host.name}" is not attacking', COMBAT_DEALT)
        return
    found = power(board, host)
    count.gaps += found.gaps
    count.texts += found.texts
    applied = _combat_applied(board, count)
    if found.gaps or found.value is None or applied is None:
        return
    if found.value < 1:
        count.unmet(
            f'"{host.name}" adds no damage to the combat damage pool (power {found.value})',
            COMBAT_DEALT,
        )
    elif not applied:
        count.unmet("no damage from the pool is applied", COMBAT_DEALT)
    else:
        count.met(
            f'"{host.name}" adds {found.value} to the combat damage pool and combat damage is '
            "applied to the opponent: every unit that added to the pool has dealt damage",
            COMBAT_DEALT,
        )


def _at_turn(phase: int, rule: str, word: str) -> Callable[[Board, InPlay, Count], None]:
    def check(board: Board, source: InPlay, count: Count) -> None:
        if board.turn is None or board.phase is None:
            count.gaps.append("whose turn it is and the phase are not both stated")
            return
        if board.turn == source.owner and board.phase == phase:
            count.met(f"it is the {word} of its controller's turn", rule, TRIGGER_EXAMPLES)
        else:
            count.unmet(f"it is not the {word} of its controller's turn", rule)

    return check


def _attack_on_this_zone(board: Board, source: InPlay, count: Count) -> None:
    attack = board.attack
    if attack is None:
        count.gaps.append("no attack is stated")
        return
    if attack.defender == source.owner and attack.zone is source.zone:
        count.met(
            "an opponent declares an attack on this zone: the attackers are declared all at "
            "once, then the Forced effects resulting from it trigger",
            QA_DECLARE,
        )
    else:
        count.unmet("the attack is not on this zone", QA_DECLARE)


def _attackers_take_combat_damage(board: Board, source: InPlay, count: Count) -> None:
    for victim in spike_victims(board, source, count):
        count.met(f'attacking "{victim.name}" has combat damage assigned to it', QA_SPIKE)


def _your_unit_would_be_destroyed(board: Board, source: InPlay, count: Count, cost: int) -> None:
    victims = [e for e in board.events if e.kind == "destroyed" and e.card.owner == source.owner]
    if not victims:
        count.gaps.append("the situation states none of its controller's units destroyed")
        return
    resources = board.capital(source.owner).resources
    if resources is None:
        count.gaps.append("its controller's resources are not stated")
        return
    others = f", {count.paid} paid for another copy's triggers" if count.paid else ""
    for event in victims:
        if count.paid + cost > resources:
            count.unmet(
                f'"{event.card.name}" would be destroyed, but the {cost} resource cost cannot '
                f"be paid again ({resources} resources{others})",
                QA_EACH_COST,
            )
        else:
            count.paid += cost
            count.met(
                f'"{event.card.name}" would be destroyed: once for it, paying {cost} resource',
                QA_EACH_COST,
            )


_CHECKS: dict[str, Callable[[Board, InPlay, Count], None]] = {
    "enters_play": _enters_play,
    "leaves_play": _leaves_play,
    "unit_enters_this_zone": _unit_enters_this_zone,
    "you_heal": _you_heal,
    "unit_corrupted": _unit_corrupted,
    "opponent_unit_to_discard": _opponent_unit_to_discard,
    "attached_deals_combat_damage": _attached_deals_combat_damage,
    "beginning_of_your_turn": _at_turn(0, BEGINNING, "beginning"),
    "end_of_your_turn": _at_turn(5, ENDING, "end"),
    "attack_on_this_zone": _attack_on_this_zone,
    "attackers_take_combat_damage": _attackers_take_combat_damage,
}


def spike_victims(board: Board, source: InPlay, count: Count) -> list[InPlay]:
    """The attackers a "destroy all attacking units when they take combat damage" destroys."""
    attack, host = board.attack, source.attached_to
    if attack is None:
        count.gaps.append("no attack is stated")
        return []
    if host is None or host not in attack.defenders:
        count.unmet(f'"{source.name}" is not on a defending unit', QA_SPIKE)
        return []
    if len(attack.defenders) != 1:
        count.unmet(f'"{host.name}" is not defending alone', QA_SPIKE)
        return []
    return [
        a
        for a in attack.attackers
        if any(x.card is a and x.combat and x.amount > 0 for x in board.assigned)
    ]


def times(board: Board, source: InPlay, paid: int = 0) -> Count:
    """How many times a card in play triggers on the events stated (its one trigger).

    ``paid``: the resources its controller paid already for other copies' triggers: one pool
    pays them all.
    """
    count = Count(rules=[TRIGGER_CONDITIONS], paid=paid)
    found = T.triggers(source.name, source.card.text if source.card else None)
    if source.facedown:
        count.gaps.append(f'"{source.name}" is facedown: a development has no text')
        return count
    if len(found) != 1:
        count.gaps.append(
            f'"{source.name}" states {len(found)} trigger conditions rulesq follows'
            + (": which one is asked is not read" if found else "")
        )
        return count
    trigger = found[0]
    count.texts.append(trigger.quote)
    count.header = trigger.header
    if not texts.active_in(trigger.zones, source.zone):
        count.unmet(
            f'"{source.name}" is not in its {texts.zone_names(trigger.zones)} zone: '
            "its text is not active",
            ZONE_TEXT,
        )
        return count
    lost, quote, why = lost_actions.taken(board, source, trigger.header or "")
    if lost is None:
        count.gaps.append(why)
        return count
    if lost and quote is not None:
        count.texts.append(quote)
        count.unmet(f"{why}: it has lost it")
        return count
    if not _questing_here(board, source, trigger.body, count):
        return count
    if trigger.condition == "your_unit_would_be_destroyed":
        _your_unit_would_be_destroyed(board, source, count, int(trigger.match.group("cost")))
    else:
        _CHECKS[trigger.condition](board, source, count)
    return count


def spike_destroys(board: Board, target: InPlay) -> tuple[bool, Count] | None:
    """Whether a "destroy all attacking units when they take combat damage" text destroys it.

    None when no such text is in play (then the damage decides alone).
    """
    for source, text in board.faceup_texts():
        for trigger in T.triggers(source.name, text):
            if trigger.condition != "attackers_take_combat_damage":
                continue
            count = Count(rules=[QA_SPIKE], texts=[trigger.quote])
            victims = spike_victims(board, source, count)
            if target in victims:
                count.met(
                    f'"{target.name}" is an attacking unit that takes combat damage while '
                    f'"{source.name}" is on the lone defender: it is destroyed',
                    QA_SPIKE,
                )
                return True, count
            if board.attack is not None and target in board.attack.attackers:
                if not count.steps:
                    count.unmet(
                        f'"{target.name}" has no combat damage assigned to it: "{source.name}" '
                        "destroys only each attacking unit that takes combat damage",
                        QA_SPIKE,
                    )
                return False, count
    return None
