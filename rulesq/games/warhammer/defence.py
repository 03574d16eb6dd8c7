"""Whether a card in play may defend the attack stated: the defending player's, in the zone.

The FAQ says the defending player declares all defenders at once (Turn Sequence, phase 4;
Q&A 32), that a unit defends the zone it is in (Moving Cards), that legends have no inherent
ability to defend capital zones but an attacked legend is declared a defender unless it is
corrupted (Legends). It does not say whether a corrupted unit may defend, nor whether a unit
may defend an attacked legend: those are *cannot answer*, as is any text in play, on the
chain or played this turn that permits, forbids or requires defending.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.claims import Ruling
from rulesq.games.warhammer.turn_plays import plays_this_turn
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay

FAQ = "warhammer/faq/"
DECLARE = FAQ + "turn-sequence/phase-4/part-3"
ALL_AT_ONCE = FAQ + "qa/32"
ZONE = FAQ + "miscellaneous/moving-cards"
LEGENDS = FAQ + "rules-clarifications/legends"
ATTACKED_LEGEND = FAQ + "rules-clarifications/legends/part-2"

#: A sentence that permits, forbids or requires defending (a trigger "when ... defends" does not).
_SPEAKS = re.compile(
    r"\b(?:cannot|can|may|must)\b[^.]*\bdefend\b|\bdeclare(?:d|s)?\b[^.]*\bdefenders?\b"
    r"|\bdefenders?\b[^.]*\bdeclared\b",
    re.IGNORECASE,
)


def _speaking(board: Board) -> list[str]:
    """Why texts about defending leave the answer open (one reason per card)."""
    from rulesq.games.warhammer.parse import sentences

    seen: dict[str, str] = {}
    texts = [(placed.name, text) for placed, text in board.faceup_texts()]
    texts += [(link.name, link.card.text or "") for link in board.chain if link.card is not None]
    texts += [(p.card.name, p.card.text or "") for p in plays_this_turn(board, None)]
    for name, text in texts:
        plain = re.sub(r"\s*\([^)]*\)", "", text)  # reminder text speaks of no rule
        for start, end in sentences(plain):
            sentence = plain[start:end]
            if _SPEAKS.search(sentence) and name not in seen:
                seen[name] = (
                    f'"{name}" reads "{sentence.strip()}": rulesq does not follow a text that '
                    "speaks of defending"
                )
    return list(seen.values())


def can_defend(board: Board, unit: InPlay, player: str | None = None) -> Ruling:
    """Whether ``unit`` may be declared a defender (by ``player``, when asked) now."""
    attack = board.attack
    if attack is None:
        raise CannotAnswer(
            "no attack is stated: defenders are declared against an attack (write, e.g., "
            'you attack my battlefield with "Some Unit")'
        )
    here = P.place(board, unit)
    gaps = [*here.gaps, *_speaking(board)]
    if gaps:
        raise CannotAnswer("; ".join(gaps))
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
    if "unit" not in here.kinds:
        raise CannotAnswer(f'"{name}" is not a unit: rulesq answers for units and legends')
    if attack.legend is not None:
        raise CannotAnswer("a legend is attacked: the FAQ does not say whether units may defend it")
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
    if unit.corrupted:
        raise CannotAnswer(
            f'"{name}" is corrupted: the FAQ says that a corrupted unit is not declared as an '
            "attacker (Q&A 35) and that a corrupted legend cannot defend, not whether a "
            "corrupted unit may defend"
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
