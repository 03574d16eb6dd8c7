"""Who may attack, from where and when: the battlefield-phase rule, texts that override it.

The active player attacks in his battlefield phase with units in his battlefield (Turn
Sequence, phase 4; Q&A 35). A card text overrides only the restriction it speaks to (Q&A 35):
a quest that lets its questing unit attack as though it were in the battlefield overrides
where the unit attacks from; a quest that lets its questing unit initiate an attack in the
quest phase overrides both where and when, and that attack follows every step of the
battlefield phase (FAQ, Attacks made outside of the Battlefield Phase). A corrupted unit is
not declared as an attacker, and no text read here speaks to that. A unit "cannot be declared
as an attacker ... unless it has exactly N resource tokens on it" and a resolved link whose
targets cannot attack (or be declared attackers) forbid it; a requirement to attack where
able does not change whether it may. Other texts in play, on the chain or acted this turn
that speak of attacking make the answer *cannot answer*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.games.warhammer import places as P
from rulesq.games.warhammer.board import PHASES, TRIGGERED_THIS_TURN
from rulesq.games.warhammer.claims import Text, decide, rule_claim, text_claim
from rulesq.games.warhammer.vocab import Zone
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay
    from rulesq.games.warhammer.claims import Ruling

FAQ = "warhammer/faq/"
PHASE_4 = FAQ + "turn-sequence/phase-4"
QA_OVERRIDE = FAQ + "qa/35"
LEGEND_CORRUPTED = FAQ + "rules-clarifications/legends/part-2"
OUTSIDE = FAQ + "miscellaneous/attacks-made-outside-of-the-battlefield-phase"
BATTLEFIELD_PHASE = PHASES.index("battlefield")
QUEST_PHASE = PHASES.index("quest")

#: "During your quest phase, the unit questing on this card can initiate a single attack …"
QUEST_PHASE_ATTACK = compiled(
    r"Action: During your quest phase, the unit questing on this card can initiate a single "
    r"attack against a single zone controlled by an opponent\.",
    re.IGNORECASE,
)
#: Words of a text that permit or forbid attacking (or being declared an attacker), or say
#: where from, or that add, take away or cut short a battlefield phase ("You have no
#: Battlefield phase this turn.").
_ATTACK_WORDS = compiled(
    r"\b(?:may|can|cannot|must)\b[^.]*\battack(?:ers?)?\b|\battack from\b"
    r"|\b(?:no|an additional) battlefield phase\b|\bskip the rest of your battlefield phase\b",
    re.IGNORECASE,
)
#: The targets of a resolved link cannot attack (for no longer than the turn).
_TARGETS_CANNOT = compiled(
    r"^(?:Action: (?:When [^,]+, )?)?(?:one )?(?:target unit|that unit|those units) cannot "
    r"(?:be declared as an attacker(?: or defender)?|attack(?: or defend)?)"
    r"(?: this turn| until the end of the turn)?\.?$",
    re.IGNORECASE,
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


def _unfollowed(board: Board, attackers: list[InPlay], out: Topics) -> list[str]:
    """Texts in play that speak of attacking and are not followed (a few shapes are)."""
    from rulesq.games.warhammer.defence_texts import MUST, TOKENS

    gaps = []
    for placed, text in board.faceup_texts():
        in_action = False
        for _effect, quote in P.sentences(placed):
            in_action = quote.startswith(("Action:", "Forced:")) or (
                in_action and re.match(r"^(?:That|Those|It|They)\b", quote) is not None
            )
            if not _ATTACK_WORDS.search(quote) or P.AS_THOUGH.match(quote):
                continue
            if QUEST_PHASE_ATTACK.search(text) and quote.startswith("Action: During your quest"):
                continue
            if in_action and placed not in attackers:
                continue
            if MUST.search(quote):
                continue  # a requirement where able: it does not change whether it may
            tokens = TOKENS.match(quote)
            if tokens is not None:
                want = int(tokens.group("n"))
                if placed in attackers and (
                    not P.tokens_stated(placed) or P.tokens_changed(board, placed)
                ):
                    gaps.append(
                        f'"{placed.name}" reads "{quote}", and {P.tokens_gap(placed, board)}'
                    )
                elif placed in attackers and placed.tokens != want:
                    out.claim(
                        "declared",
                        text_claim(
                            Stance.FORBID,
                            Text(placed.name, quote),
                            f'"{placed.name}" has {placed.tokens} resource tokens on it, not '
                            f"exactly {want}: it cannot be declared as an attacker",
                        ),
                    )
                continue
            gaps.append(f'"{placed.name}": "{quote}" is not followed by the attack rules of rulesq')
    return gaps


def _acted(board: Board, attackers: list[InPlay], out: Topics) -> None:
    """Links and cards that acted this turn and speak of attacking: targets that cannot."""
    from rulesq.games.warhammer.defence_texts import MUST

    for link, where in [
        *((lk, "resolved") for lk in board.resolved),
        *((lk, "on the chain") for lk in board.chain),
    ]:
        if link.card is None:
            continue
        cancelled = any(
            (other.cancelling or "").casefold() == link.name.casefold() for other in board.resolved
        )
        for sentence in _sentences(link.card.text or ""):
            if not _ATTACK_WORDS.search(sentence) or MUST.search(sentence):
                continue
            placed = board.find(link.name)
            if placed is not None and placed.shown_text and not sentence.startswith("Action:"):
                if not re.match(r"^(?:That|Those|It|They)\b", sentence):
                    continue  # a constant sentence of a card in play: read as such
            if where == "resolved" and _TARGETS_CANNOT.match(sentence) and link.targets:
                if cancelled:
                    out.gaps.append(f'"{link.name}" resolved, and a link cancels it: not read')
                    continue
                if re.search(r"\b(?:this turn|until the end of the turn)\b", sentence):
                    from rulesq.games.warhammer.combat_plays import ended

                    over, why = ended(board, link, "until the end of the turn")
                    if over is None:
                        out.gaps.append(f'"{link.name}" resolved and reads "{sentence}", and {why}')
                        continue
                    if over:
                        continue  # its turn is over
                for unit in attackers:
                    if unit in link.targets:
                        out.claim(
                            "declared",
                            text_claim(
                                Stance.FORBID,
                                Text(link.name, sentence),
                                f'"{link.name}" resolved targeting "{unit.name}": "{sentence}"',
                            ),
                        )
                continue
            out.gaps.append(
                f'"{link.name}" ({where}) reads "{sentence}": not followed by the attack rules '
                "of rulesq"
            )
    from rulesq.games.warhammer.defence_texts import unstated

    resolved = {link.name.casefold() for link in [*board.resolved, *board.chain]}
    stated = [
        card
        for card, did in board.acted_this_turn()
        if did != TRIGGERED_THIS_TURN or card.name.casefold() not in resolved
    ]
    for card in stated:
        for sentence in _sentences(card.text or ""):
            if _ATTACK_WORDS.search(sentence) and not MUST.search(sentence):
                out.gaps.append(
                    f'"{card.name}" acted this turn and reads "{sentence}": '
                    + unstated(card.name, sentence)
                )


def _declared_already(board: Board, player: str, out: Topics) -> None:
    """No second attack in a battlefield phase: the player's attack stated in it used it up.

    Its attackers are declared all at once ("Active player simultaneously declares all
    attackers."). A battlefield phase stated again after it may be another one (a card gives
    it): open.
    """
    attack = board.attack
    if attack is None or attack.attacker != player or board.phase != BATTLEFIELD_PHASE:
        return
    before = [number for number, fact in board.phases if fact.index < attack.fact.index]
    if not before or before[-1] != BATTLEFIELD_PHASE:
        return  # an attack outside the battlefield phase (a card lets it) does not use it up
    if any(fact.index > attack.fact.index for _, fact in board.phases):
        out.gaps.append(
            "a battlefield phase is stated again after the attack of this turn: whether it is "
            "another one (a card gives it) is not read"
        )
        return
    out.claim(
        "when",
        rule_claim(
            Stance.FORBID,
            "the attack of this battlefield phase is declared already, its attackers all at once "
            '("Active player simultaneously declares all attackers.")',
            PHASE_4,
        ),
    )


def _sentences(text: str) -> list[str]:
    from rulesq.games.warhammer.parse import sentences

    plain = re.sub(r"\s*\([^)]*\)", "", text)
    return [plain[start:end].strip() for start, end in sentences(plain)]


#: The gap of an attack whose phase no statement gives (a text may still forbid the attack).
NO_PHASE = "the phase is not stated: attacks are made in the battlefield phase"


def can_attack(board: Board, player: str, attackers: list[InPlay]) -> Topics:
    """The claims on declaring these units as attackers now, by restriction."""
    out = Topics()
    out.gaps += _unfollowed(board, attackers, out)
    _acted(board, attackers, out)
    if "declared" in out.topics:  # what a text forbids, the rules permit
        out.topics["declared"].insert(
            0,
            rule_claim(
                Stance.PERMIT,
                "the active player declares attackers in his battlefield phase",
                PHASE_4,
            ),
        )
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
    _declared_already(board, player, out)
    if phase is None:
        out.gaps.append(NO_PHASE)
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
        if unit.legend and P.controller(unit) == player:
            _legend(board, unit, out)
            continue
        here = P.place(board, unit)
        out.gaps += [g for g in here.gaps if g not in out.gaps]
        if "unit" not in here.kinds or here.zone is None or here.controller != player:
            out.claim(
                "from",
                rule_claim(
                    Stance.FORBID,
                    f'"{unit.name}" is not a unit {"I" if player == ME else "you"} control in play',
                    PHASE_4,
                ),
            )
            continue
        from rulesq.games.warhammer.damage import P17, destroyed_at_once

        gone, why = destroyed_at_once(board, unit)
        if gone is None:
            out.gaps.append(why)
            continue
        if gone:
            out.claim("from", rule_claim(Stance.FORBID, why, PHASE_4, P17))
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


_CLOSED = compiled(r"^This zone cannot be attacked\.?$", re.IGNORECASE)
_CLOSED_UNLESS = compiled(
    r"^This zone cannot be attacked, unless each other zone you control is burning\.?$",
    re.IGNORECASE,
)


def closed(board: Board, defender: str, zone: Zone, out: Topics) -> None:
    """A text in the attacked zone that says it cannot be attacked (card text decides)."""
    for placed in board.cards:
        if placed.card is None or placed.facedown or not P.in_play(board, placed):
            continue
        here = P.place(board, placed)
        if here.side != defender or here.zone is not zone or P.blanked(board, placed):
            continue
        for _effect, quote in P.sentences(placed):
            if "cannot be attacked" not in quote.lower():
                continue
            acted = [n for n, _, _ in board.triggered if n == placed.name]
            acted += [lk.name for lk in [*board.chain, *board.resolved] if lk.card is placed.card]
            if acted:
                out.gaps.append(
                    f'"{placed.name}" reads "{quote}", and it was triggered this turn: whether '
                    "its text box is blank now is not followed"
                )
                continue
            if _CLOSED_UNLESS.match(quote):
                burning = board.capital(defender).burning
                if all(z in burning for z in Zone if z is not zone):
                    continue
            elif not _CLOSED.match(quote):
                out.gaps.append(f'"{placed.name}": "{quote}" is not read')
                continue
            out.claim(
                "zone",
                text_claim(
                    Stance.FORBID,
                    Text(placed.name, quote),
                    f'"{placed.name}" is in the {zone.value} zone and reads "{quote}"',
                ),
            )


def _legend(board: Board, legend: InPlay, out: Topics) -> None:
    """A legend attacks: a corrupted one cannot; when another may, the FAQ does not say."""
    from rulesq.games.warhammer.corruption import corrupted

    state, why = corrupted(board, legend)
    if state is None:
        out.gaps.append(why)
    elif state:
        out.claim(
            "corrupted",
            rule_claim(
                Stance.FORBID,
                f'"{legend.name}" is a corrupted legend: corrupted legends cannot attack',
                LEGEND_CORRUPTED,
            ),
        )
    else:
        out.gaps.append(
            f'"{legend.name}" is a legend: the FAQ says corrupted legends cannot attack, not '
            "when and from where another may"
        )


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
    if board.phase == QUEST_PHASE and board.turn is None and len(attackers) == 1:
        out.gaps.append(
            f'"{quest.name}" reads "{found.group(0)}", and the turn is not stated: whose quest '
            "phase it is is not known (write, e.g., it is my turn)"
        )
        return
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


def unlawful(board: Board) -> Ruling | None:
    """The ruling that forbids the attack stated (as declared, or out of its phase), or None.

    The rules say when attacks are made (Turn Sequence, phase 4); an attack stated in another
    phase that no text allows cannot be made: no defender is declared and no combat damage is
    assigned in it. None where it may be made, where what allows it is not read, or where the
    phase is not stated.
    """
    attack = board.attack
    if attack is not None and attack.unmade is not None:
        return attack.unmade  # judged as it was declared (``Reader._unmade_attacks``)
    if attack is None or board.phase is None or board.phase == BATTLEFIELD_PHASE:
        return None
    then = [n for n, fact in board.phases if fact.index < attack.fact.index]
    if not then or then[-1] != board.phase:
        return None  # the phase the attack was stated in is not the one read now
    read = can_attack(board, attack.attacker, attack.attackers)
    if read.gaps:
        return None
    ruling = decide_topics(read)
    return ruling if ruling.allowed is False else None
