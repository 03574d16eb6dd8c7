"""Who may attack, from where and when: the battlefield-phase rule, texts that override it.

The active player attacks in his battlefield phase with units in his battlefield (Turn
Sequence, phase 4; Q&A 35). A card text overrides only the restriction it speaks to (Q&A 35):
a quest that lets its questing unit attack as though it were in the battlefield overrides
where the unit attacks from; a quest that lets its questing unit initiate an attack in the
quest phase overrides both where and when, and that attack follows every step of the
battlefield phase (FAQ, Attacks made outside of the Battlefield Phase). A corrupted unit is
not declared as an attacker, and no text read here speaks to that. Other texts in play that
speak of attacking make the answer *cannot answer*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.board import PHASES
from rulesq.games.warhammer.claims import Text, decide, rule_claim, text_claim
from rulesq.games.warhammer.vocab import Zone

if TYPE_CHECKING:
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.claims import Ruling

FAQ = "warhammer/faq/"
PHASE_4 = FAQ + "turn-sequence/phase-4"
QA_OVERRIDE = FAQ + "qa/35"
OUTSIDE = FAQ + "miscellaneous/attacks-made-outside-of-the-battlefield-phase"
BATTLEFIELD_PHASE = PHASES.index("battlefield")
QUEST_PHASE = PHASES.index("quest")

#: "During your quest phase, the unit questing on this card can initiate a single attack …"
QUEST_PHASE_ATTACK = re.compile(
    r"Action: During your quest phase, the unit questing on this card can initiate a single "
    r"attack against a single zone controlled by an opponent\.",
    re.IGNORECASE,
)
#: Words of a text that permit or forbid attacking, or say where from.
_ATTACK_WORDS = re.compile(
    r"\b(?:may|can|cannot|must)\b[^.]*\battack\b|\battack from\b", re.IGNORECASE
)


@dataclass
class Topics:
    """The claims on an attack, by the restriction they speak to, and what is not read."""

    topics: dict[str, list[Claim]] = field(default_factory=dict)
    gaps: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    outside: bool = False

    def claim(self, topic: str, claim: Claim) -> None:
        """Add a claim on one restriction."""
        self.topics.setdefault(topic, []).append(claim)


def _unfollowed(board: Board, attackers: list[InPlay]) -> list[str]:
    gaps = []
    for placed, text in board.faceup_texts():
        for _effect, quote in P.sentences(placed):
            if not _ATTACK_WORDS.search(quote) or P.AS_THOUGH.match(quote):
                continue
            if QUEST_PHASE_ATTACK.search(text) and quote.startswith("Action: During your quest"):
                continue
            if quote.startswith(("Action:", "Forced:")) and placed not in attackers:
                continue
            gaps.append(f'"{placed.name}": "{quote}" is not followed by the attack rules of rulesq')
    return gaps


def can_attack(board: Board, player: str, attackers: list[InPlay]) -> Topics:
    """The claims on declaring these units as attackers now, by restriction."""
    out = Topics()
    out.gaps += _unfollowed(board, attackers)
    phase, turn = board.phase, board.turn
    for where in ("from", "when"):
        out.claim(
            where,
            rule_claim(
                Stance.PERMIT,
                "the active player declares attackers in his battlefield phase",
                PHASE_4,
                default=True,
            ),
        )
    if turn is not None and turn != player:
        out.claim(
            "when",
            rule_claim(
                Stance.FORBID, "only the active player attacks, in his battlefield phase", PHASE_4
            ),
        )
    if phase is None:
        out.gaps.append("the phase is not stated: attacks are made in the battlefield phase")
    elif phase != BATTLEFIELD_PHASE:
        out.claim(
            "when",
            rule_claim(
                Stance.FORBID,
                f"it is the {PHASES[phase]} phase: units attack during the battlefield phase",
                PHASE_4,
                QA_OVERRIDE,
            ),
        )
    for unit in attackers:
        here = P.place(board, unit)
        out.gaps += [g for g in here.gaps if g not in out.gaps]
        if "unit" not in here.kinds or here.zone is None or here.controller != player:
            out.claim(
                "from",
                rule_claim(
                    Stance.FORBID, f'"{unit.name}" is not a unit {player} controls', PHASE_4
                ),
            )
            continue
        if here.zone is not Zone.BATTLEFIELD:
            out.claim(
                "from",
                rule_claim(
                    Stance.FORBID,
                    f'"{unit.name}" is in the {here.zone.value} zone: units attack from their '
                    "battlefield",
                    QA_OVERRIDE,
                ),
            )
        from rulesq.games.warhammer.corruption import corrupted

        state, why = corrupted(board, unit)
        if state is None:
            out.gaps.append(why)
        elif state:
            out.claim(
                "corrupted",
                rule_claim(
                    Stance.FORBID,
                    f'"{unit.name}" is corrupted'
                    + ("" if unit.corrupted else f" ({why})")
                    + ": a corrupted unit is not allowed to be declared as an attacker",
                    QA_OVERRIDE,
                ),
            )
        _overrides(board, unit, here, attackers, out)
    return out


def _overrides(
    board: Board, unit: InPlay, here: P.Place, attackers: list[InPlay], out: Topics
) -> None:
    """The quest a unit quests on: texts overriding where (and when) it attacks from."""
    quest = here.questing
    if quest is None or quest.card is None or not P.in_play(board, quest):
        return
    as_though = P.has(quest, P.AS_THOUGH)
    if as_though is not None:
        out.claim(
            "from",
            text_claim(
                Stance.PERMIT,
                as_though,
                f'"{unit.name}" quests on "{quest.name}": it may attack as though it were in '
                "the battlefield",
                P.QA_AS_THOUGH,
            ),
        )
    found = QUEST_PHASE_ATTACK.search(quest.card.text or "")
    if found is None:
        return
    quote = Text(quest.name, found.group(0))
    if board.phase == QUEST_PHASE and board.turn == here.controller and len(attackers) == 1:
        for topic in ("from", "when"):
            out.claim(
                topic,
                text_claim(
                    Stance.PERMIT,
                    quote,
                    f'"{unit.name}", questing on "{quest.name}", may initiate a single attack '
                    "in its controller's quest phase",
                    QA_OVERRIDE,
                ),
            )
        out.outside = True
        out.steps.append("an attack made outside the battlefield phase follows all its steps")


def decide_topics(read: Topics) -> Ruling:
    """No as soon as one restriction forbids; else the last restriction's yes."""
    rulings = [decide(claims) for claims in read.topics.values()]
    for ruling in rulings:
        if ruling.allowed is False:
            return ruling
    for ruling in rulings:
        if ruling.allowed is None:
            return ruling
    chosen = next((r for r in rulings if r.step is not None), rulings[-1])
    if read.outside:
        chosen.rules = (*chosen.rules, OUTSIDE)
        chosen.reason += "; " + "; ".join(read.steps)
    return chosen


def outside(board: Board) -> tuple[bool | None, Topics]:
    """Whether the attack stated is made outside the battlefield phase by an effect's leave.

    None: the attack is in the battlefield phase (or the phase is not stated).
    """
    attack = board.attack
    if attack is None or board.phase is None or board.phase == BATTLEFIELD_PHASE:
        return None, Topics()
    read = can_attack(board, attack.attacker, attack.attackers)
    ruling = decide_topics(read) if not read.gaps else None
    return bool(ruling and ruling.allowed and read.outside), read
