"""Whether a card in play may defend the attack stated: the defending player's, in the zone.

The FAQ says the defending player declares all defenders at once (Turn Sequence, phase 4;
Q&A 32), that a unit defends the zone it is in (Moving Cards), that legends have no inherent
ability to defend capital zones but an attacked legend is declared a defender unless it is
corrupted (Legends). It does not say whether a corrupted unit may defend, nor whether a unit
may defend an attacked legend: those are *cannot answer*. A card text that forbids a unit to
defend beats the rules' permission (``corpus/warhammer/ladder.toml``); what the texts say,
and which of them are not read, is ``defence_texts``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import defence_texts
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.claims import Ruling, decide, rule_claim, text_claim
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

FAQ = "warhammer/faq/"
DECLARE = FAQ + "turn-sequence/phase-4/part-3"
ALL_AT_ONCE = FAQ + "qa/32"
ZONE = FAQ + "miscellaneous/moving-cards"
LEGENDS = FAQ + "rules-clarifications/legends"
ATTACKED_LEGEND = FAQ + "rules-clarifications/legends/part-2"
DEVELOPMENT = FAQ + "card-types/developments/part-2"


def can_defend(board: Board, unit: InPlay, player: str | None = None) -> Ruling:
    """Whether ``unit`` may be declared a defender (by ``player``, when asked) now."""
    attack = board.attack
    if attack is None:
        raise CannotAnswer(
            "no attack is stated: defenders are declared against an attack (write, e.g., "
            'you attack my battlefield with "Some Unit")'
        )
    from rulesq.games.warhammer.attacks import unlawful

    unmade = unlawful(board)
    if unmade is not None:
        return replace(
            unmade,
            reason=f"the attack stated cannot be made ({unmade.reason}): no defender is "
            "declared against it",
        )
    here = P.place(board, unit)
    texts = defence_texts.read(board, unit)
    gaps = [*here.gaps, *texts.gaps]
    if gaps:
        raise CannotAnswer("; ".join(gaps))
    ruling = _by_rules(board, unit, here, player)
    forbids = [] if unit.legend or "legend" in here.kinds else texts.forbids
    if ruling.allowed is None and forbids and unit not in attack.defenders:
        # Whatever the rules say, a text forbids it (card text decides over the rules).
        return decide([text_claim(Stance.FORBID, quote, why) for quote, why in forbids])
    if ruling.allowed is None:
        raise CannotAnswer(ruling.reason)
    if not ruling.allowed:
        if ZONE not in ruling.rules and LEGENDS not in ruling.rules:
            return ruling  # a rule no text that lets units defend elsewhere speaks to
        if texts.widens:
            raise CannotAnswer(
                f"{ruling.reason}; but "
                + "; ".join(texts.widens)
                + ": rulesq does not follow a text that lets units defend where the rules do not"
            )
        if not texts.permits:
            return ruling
        claims = [rule_claim(Stance.FORBID, ruling.reason, *ruling.rules)]
        claims += [text_claim(Stance.PERMIT, quote, why) for quote, why in texts.permits]
        claims += [text_claim(Stance.FORBID, quote, why) for quote, why in forbids]
        return decide(claims)
    if not forbids:
        if ruling.allowed and texts.steps:
            # The conditions of texts that could forbid it, met: say so.
            return replace(ruling, reason="; ".join([ruling.reason, *texts.steps]))
        return ruling
    declared = attack.declared.index if attack.declared is not None else None
    barred = {quote for quote, _, _ in texts.declaring}
    if (
        unit in attack.defenders
        and declared is not None
        and all(quote in barred for quote, _ in forbids)
        and all(index > declared for _, index, _ in texts.declaring)
    ):
        # a text that bars declaring it, resolved after it was declared: no change of status
        quotes = tuple(quote for quote, _, _ in texts.declaring)
        errata = tuple(r for _, _, rules in texts.declaring for r in rules)
        return Ruling(
            True,
            f'"{unit.name}" was declared a defender before '
            + ", ".join(f'"{q.card}" resolved ("{q.quote}")' for q in quotes)
            + ": a unit already defending keeps its status",
            (*errata, DECLARE, ALL_AT_ONCE),
            quotes,
        )
    if unit in attack.defenders:
        raise CannotAnswer(
            f'"{unit.name}" is declared a defender, and '
            + "; ".join(why for _, why in forbids)
            + ": which came first is not read"
        )
    claims = [rule_claim(Stance.PERMIT, ruling.reason, *ruling.rules)]
    claims += [text_claim(Stance.FORBID, quote, why) for quote, why in forbids]
    return decide(claims)


def _by_rules(board: Board, unit: InPlay, here: P.Place, player: str | None) -> Ruling:
    """What the rules alone say (``allowed`` None: they do not say; the reason says why)."""
    attack = board.attack
    assert attack is not None
    name = unit.name
    if player is not None and player != attack.defender:
        return Ruling(
            False,
            f"{'I' if player == ME else 'you'} attack: the defending player declares the defenders",
            (DECLARE,),
        )
    if here.controller != attack.defender:
        return Ruling(
            False,
            f'"{name}" is not controlled by the defending player: the defending player '
            "declares the defenders",
            (DECLARE,),
        )
    if unit.legend or "legend" in here.kinds:
        return _legend(board, unit)
    if here.kinds == {"development"}:
        return Ruling(
            False,
            "; ".join(
                [
                    *here.steps,
                    f'"{name}" is only a development, a card type other than a unit (with no '
                    "power and no hit points): the defending player declares units as defenders",
                ]
            ),
            (*here.rules, DEVELOPMENT, DECLARE),
            tuple(here.texts),
        )
    if "unit" not in here.kinds:
        return Ruling(None, f'"{name}" is not a unit: rulesq answers for units and legends')
    if attack.legend is not None:
        return Ruling(
            None, "a legend is attacked: the FAQ does not say whether units may defend it"
        )
    if here.zone is not attack.zone:
        where = here.zone.value if here.zone is not None else "no zone"
        attacked = attack.zone.value if attack.zone is not None else "no zone"
        return Ruling(
            False,
            f'"{name}" is in the {where}, and the {attacked} is attacked: a unit defends the '
            "zone it is in",
            (ZONE, DECLARE),
        )
    if attack.defenders:
        declared = ", ".join(f'"{d.name}"' for d in attack.defenders)
        if unit in attack.defenders:
            return Ruling(True, f'"{name}" is declared a defender', (DECLARE, ALL_AT_ONCE))
        return Ruling(
            False,
            f"the defenders are declared ({declared}): all of them at once, and "
            f'"{name}" is not one of them',
            (ALL_AT_ONCE, DECLARE),
        )
    from rulesq.games.warhammer.corruption import corrupted

    state, why = corrupted(board, unit)
    if state is None:
        return Ruling(None, why)
    if state:
        return Ruling(
            None,
            f'"{name}" is corrupted: the FAQ says that a corrupted unit is not declared as an '
            "attacker (Q&A 35) and that a corrupted legend cannot defend, not whether a "
            "corrupted unit may defend",
        )
    zone = here.zone.value if here.zone is not None else "zone"
    return Ruling(
        True,
        f'"{name}" is a unit of the defending player in the attacked {zone}: the defending '
        "player may declare it a defender",
        (DECLARE, ZONE),
    )


def _legend(board: Board, legend: InPlay) -> Ruling:
    """A legend defends only when attacked (and not corrupted), unless a text allows it."""
    attack = board.attack
    assert attack is not None
    if attack.legend is not legend:
        return Ruling(
            False,
            f'"{legend.name}" is a legend that is not attacked: legends have no inherent '
            "ability to defend capital zones",
            (LEGENDS,),
        )
    if legend.corrupted:
        return Ruling(
            False,
            f'"{legend.name}" is attacked but corrupted: a corrupted legend cannot defend',
            (ATTACKED_LEGEND,),
        )
    return Ruling(
        True,
        f'"{legend.name}" is attacked: an attacked legend is declared a defender automatically',
        (ATTACKED_LEGEND,),
    )
