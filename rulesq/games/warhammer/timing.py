"""Warhammer timing questions: can a player trigger or respond now, can a card cancel a link.

Each restriction is a claim of the rules (the FAQ's clause cited) and the ladder decides: the
chain resolving (no action may be added), a card just played (neither in play nor out of
play), "at the beginning of your turn" (phase 0), once per copy for a Triggered Action, a
cancel "just played" with nothing of its type on the chain, targets, and costs. Also: does a
"Then" clause resolve, and what triggering a card costs.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from rulesq.engine.resolve import Stance
from rulesq.engine.verdict import Text as TextVerdict
from rulesq.engine.verdict import Word, YesNo
from rulesq.errors import CannotAnswer
from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import action_limits as limits
from rulesq.games.warhammer import (
    action_zones,
    granted_actions,
    lost_actions,
    paid_costs,
    play_phases,
    target_phrases,
    traits,
)
from rulesq.games.warhammer import chain as C
from rulesq.games.warhammer import targeted_cancels as TC
from rulesq.games.warhammer.actions_held import grants_action, holds_action
from rulesq.games.warhammer.answers import _board, _card, _conclude, _concluded, _two_cards
from rulesq.games.warhammer.board import PHASES
from rulesq.games.warhammer.claims import Text, decide, rule_claim, text_claim
from rulesq.games.warhammer.places import QUESTS, controller, in_play, tokens_gap, tokens_held
from rulesq.games.warhammer.turns import ended
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.engine.resolve import Claim
    from rulesq.games.warhammer.board import Board, InPlay

FAQ = "warhammer/faq/"
NO_ACTION_RESOLVING = FAQ + "qa/18"
PLAYED_BY_EFFECT = FAQ + "miscellaneous/card-effects-resulting-in-playing-cards"
PLAYED_BY_EFFECT_QA = FAQ + "qa/43"
BEGINNING = FAQ + "turn-sequence/phase-0"
BEGINNING_QA = FAQ + "qa/3"
NON_TACTIC = FAQ + "rules-clarifications/playing-non-tactic-cards"
BEGINNING_TIMING = FAQ + "timing-structure/d"
FIRST_OPPORTUNITY = FAQ + "qa/38"
TRIGGERED = FAQ + "rules-clarifications/triggered-actions-formerly-response-actions"
CANCEL_ACTION_QA = FAQ + "qa/45"
ACTIONS = FAQ + "rules-clarifications/actions"
TARGETS = FAQ + "targeting/target"
TARGETS_QA = FAQ + "qa/26"
THEN = FAQ + "rules-clarifications/multiple-effects"
THEN_QA = FAQ + "qa/31"
IRON_QA = FAQ + "qa/24"
_BEGINNING_TRIGGER = "at the beginning of your turn"
_OTHER = {ME: "you", "you": ME}


def cite_precedents(ctx: Context, names: list[str], rules: list[str]) -> None:
    """Cite as precedents the FAQ's Q&As on the cards whose texts the answer quotes."""
    for name in dict.fromkeys(names):
        card = ctx.corpus.find_card(name)
        listed = card.fields.get("rulings") if card is not None else None
        for ref in listed if isinstance(listed, list) else ():
            if str(ref).startswith(FAQ + "qa/") and ref not in rules:
                ctx.clause(str(ref), role="precedent")


def _claims_to_answer(
    ctx: Context, claims: list[Claim], gaps: list[str], met: list[tuple[str, str]] | None = None
) -> Answer:
    """The ruling on the claims; a yes names the conditions checked and met, with their clauses."""
    if gaps and not any(c.stance is Stance.FORBID for c in claims):
        return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
    ruling = decide(claims)
    if ruling.allowed is None:
        return ctx.cannot(ruling.reason)
    if ruling.allowed and met:
        ruling = dataclasses.replace(
            ruling,
            reason="; ".join([ruling.reason, *(why for why, _ in met)]),
            rules=tuple(dict.fromkeys([*(rule for _, rule in met), *ruling.rules])),
        )
    return _concluded(ctx, ruling)


def _forbid(claims: list[Claim], reason: str, *rules: str) -> None:
    claims.append(rule_claim(Stance.FORBID, reason, *rules))


_ENDS_CHAIN = compiled(
    r"When this card is played, immediately end and resolve the current action chain\."
)


def _window(board: Board, claims: list[Claim]) -> None:
    """No action may be added while the chain resolves (a card played by an effect included)."""
    ender = next(
        (lk for lk in board.chain if lk.card and _ENDS_CHAIN.search(lk.card.text or "")), None
    )
    if ender is not None and board.resolving is None:
        _forbid(
            claims,
            f'"{ender.name}" was played: the current chain is ended and resolves at once, so no '
            "action can be added to it; the next chance is the next action chain",
            FIRST_OPPORTUNITY,
            NO_ACTION_RESOLVING,
        )
        return
    if board.resolving is None:
        return
    by_effect = [lk for lk in board.chain if lk.kind == "by-effect"]
    if by_effect:
        _forbid(
            claims,
            f'the chain is resolving: "{by_effect[-1].name}" is played as part of it, and no '
            "one can respond to it with more actions",
            PLAYED_BY_EFFECT,
            PLAYED_BY_EFFECT_QA,
            NO_ACTION_RESOLVING,
        )
        return
    _forbid(
        claims,
        "the chain is resolving: actions are taken before all players pass, and no effect "
        "can be added once it resolves",
        NO_ACTION_RESOLVING,
        C.WINDOW,
    )


def _cancel_needs(board: Board, action: ab.Action, name: str, claims: list[Claim]) -> None:
    """A "cancel … just played/triggered" card needs a link of that type on the chain."""
    sentence = action.first("cancel") or action.first("cancel-unless-all")
    if sentence is None or sentence.match is None:
        return
    what = _cancel_what(sentence.match) if sentence.form == "cancel" else "unit or support card"
    fits = [lk for lk in board.chain if _is_a(lk.kind, lk.card, what, board)]
    done = "triggered" if what.startswith("action") else "played"
    cancels = f"{_a(what)} just {done}"
    if what.endswith("in play"):
        what, cancels = "Action of a card in play", "an Action just triggered by a card in play"
    if fits and board.resolving is None:
        claims.append(
            rule_claim(
                Stance.PERMIT,
                f'"{fits[0].name}" is on the unresolved chain: a card that cancels {cancels} '
                "may be played at any time during the chain, before it resolves",
                C.JUST_PLAYED,
                default=True,
            )
        )
        return
    if fits:
        return
    _forbid(
        claims,
        f'no {what} is on the chain: "{name}" cancels {cancels} and can only be played in '
        "response to that type of card",
        C.JUST_PLAYED,
    )


def _a(what: str) -> str:
    """The words with their article: "a tactic", "an action"."""
    return f"{'an' if what[0] in 'aeio' else 'a'} {what}"  # a unit, an action


def _cancel_what(found: re.Match[str]) -> str:
    """What a "cancel … just played/triggered" reaches: "tactic", "action", "spell card"."""
    what = found.group("what").lower()
    return f"{what} by a card in play" if found.group("in_play") else what


#: The card types a "target unit or support card just played" reaches.
_CARDS = ("unit", "support")


def _is_a(kind: str, card: Card | None, what: str, board: Board | None = None) -> bool:
    """Whether a link (or a card asked about) is a tactic, an "Action", or a Spell card played.

    A Spell card is one with the Spell trait (its traits unknown: CannotAnswer); triggering
    the Action of a card in play is not playing it.
    """
    tactic = card is not None and (card.type or "").lower() == "tactic"
    if what == "tactic":
        return tactic
    if what == "spell card":
        return card is not None and kind != "trigger" and traits.bears(board, card, "Spell")
    if what == "action by a card in play":
        return not tactic and kind == "trigger"  # a tactic is played from the hand
    if what == "unit or support card":  # played from the hand: a link of the card itself
        return kind == "card" and card is not None and (card.type or "").lower() in _CARDS
    return tactic or kind == "trigger"


def _targets(
    board: Board,
    action: ab.Action,
    player: str,
    claims: list[Claim],
    source: InPlay | None,
    met: list[tuple[str, str]],
) -> list[str]:
    """A card that targets needs as many different legal targets in play as it names.

    Several target units, all found in play, are a condition met: added to ``met`` (Q&A 26).
    """
    units = [c for c in board.cards if c.card is not None and not c.facedown and not c.legend]
    units = [c for c in units if (c.card.type or "").lower() == "unit"]  # type: ignore[union-attr]
    needed = [t for t in action.in_play if t == "unit"]
    found = target_phrases.check(board, action.effect, player, source)
    gaps = list(found.gaps)
    from rulesq.games.warhammer.turn_plays import played_unplaced

    maybe = [
        c.name
        for who in list(board.capitals)
        for c in played_unplaced(board, who)
        if (c.type or "").lower() == "unit"
    ]
    if maybe and (found.missing or (needed and len(units) < len(needed))):
        said = ", ".join(f'"{n}"' for n in maybe)
        return [
            *gaps,
            f"too few legal target units are in play, but {said}, stated played this turn and "
            "placed nowhere, may be in play and a target (state where it is)",
        ]
    for words in found.missing:
        _forbid(
            claims,
            f'no unit in play is a legal "{words}": a card effect is triggered only with valid '
            "targets",
            TARGETS,
            TARGETS_QA,
        )
    if needed and len(units) < len(needed):
        _forbid(
            claims,
            f"it needs {len(needed)} different target units and {len(units)} "
            "are in play: a card effect is triggered only with valid targets",
            TARGETS,
            TARGETS_QA,
        )
    elif len(needed) > 1 and not found.missing:
        met.append(
            (
                f"it needs {len(needed)} different target units and {len(units)} are in play: "
                "a card effect is triggered only with valid targets",
                TARGETS_QA,
            )
        )
    return gaps


def _trigger_claims(ctx: Context, respond: bool) -> Answer:
    board = _board(ctx)
    card = _card(ctx)
    player = ctx.question.who or ME
    claims: list[Claim] = []
    gaps: list[str] = []
    _window(board, claims)
    tactic = (card.type or "").lower() == "tactic"
    on_chain = [lk for lk in board.chain if lk.card is card and lk.kind == "card"]
    placed = board.find(card.name)
    if on_chain:
        _forbid(
            claims,
            f'"{card.name}" was just played: it is neither in play nor out of play until the '
            "rest of the chain has resolved; its Triggered Action may be used during the next "
            "chain",
            C.ENTERING,
        )
    action, why = ab.action_of(card)
    met: list[tuple[str, str]] = []
    only = _ONLY_OPPONENT.search(card.text or "") if not tactic else None
    if on_chain:
        pass
    elif only is not None and placed is not None and placed.owner == player:
        claims.append(
            text_claim(
                Stance.FORBID,
                Text(card.name, only.group(0)),
                f'"{card.name}" reads "{only.group(0)}", and the player controls it',
                ACTIONS,
            )
        )
    elif only is not None and placed is not None:
        met.append((f'"{card.name}" reads "{only.group(0)}": an opponent triggers it', ACTIONS))
    elif not tactic and placed is None and _played_unplaced(board, card, player):
        gaps.append(
            f'"{card.name}" is stated played this turn and placed nowhere: it may be in play '
            f'(state where it is, e.g., my battlefield has "{card.name}")'
        )
    elif not tactic and (placed is None or placed.owner != player):
        _forbid(
            claims,
            f'"{card.name}" is not in play under the player\'s control',
            FAQ + "terminology-clarifications/in-play",
        )
    present = [p.card for p in board.cards] + [lk.card for lk in board.chain]
    grant = _granted(board, card, placed, player, present) if action is None else None
    if grant is not None:
        gaps += grant.gaps
        if grant.refused is not None:
            claims.append(
                text_claim(Stance.FORBID, Text(grant.source, grant.quote), grant.refused, ACTIONS)
            )
    elif (
        action is None
        and not tactic
        and holds_action(card) is False
        and grants_action(present) is None
    ):
        _forbid(claims, f'"{card.name}" has no Action: its text holds no "Action:"', ACTIONS)
    elif action is None:
        gaps.append(f'"{card.name}": {why}')
    else:
        _timing(board, card, action, player, claims, gaps)
        _during(board, card, action, player, claims, gaps, met)
        limits.once_per(board, card, action.quote, player, claims, gaps)
        limits.barred(board, card, claims, gaps)
        if placed is not None and not tactic:
            lost_actions.check(board, placed, claims, gaps)
            action_zones.check(board, placed, action.quote, claims, gaps)
        _cancel_needs(board, action, card.name, claims)
        gaps += _targets(board, action, player, claims, placed, met)
        _cost(board, action, card, placed, player, claims, gaps, met)
        if not tactic:  # a tactic's taxes are part of playing it (plays.can_play)
            _target_taxes(board, action, card, player, gaps)
        _conditions(board, action, player, claims, gaps)
        _then_unmet(board, action, placed, met)
    if tactic:
        _play_rules(board, card, player, claims, gaps)
    claims.append(
        rule_claim(
            Stance.PERMIT,
            "actions may be taken in an action window"
            + (", in response to the chain" if respond else ""),
            C.WINDOW,
            ACTIONS,
            default=True,
        )
    )
    return _claims_to_answer(ctx, claims, gaps, met)


def _played_unplaced(board: Board, card: Card, player: str) -> bool:
    """Whether the player is stated to have played the card this turn, placed nowhere."""
    from rulesq.games.warhammer.turn_plays import played_unplaced

    return any(c.name == card.name for c in played_unplaced(board, player))


def _then_unmet(
    board: Board, action: ab.Action, placed: InPlay | None, met: list[tuple[str, str]]
) -> None:
    """An effect before "Then" that cannot resolve does not stop the trigger (Q&A 31)."""
    before = [s for s in action.sentences if not s.then]
    if placed is None or not before or len(before) == len(action.sentences):
        return
    first = before[-1]
    if first.form != "remove-token" or first.match is None:
        return
    held = tokens_held(board, placed)
    if held is not None and held < int(first.match.group("n") or 1):
        met.append(
            (
                f'"{placed.name}" has {held} resource tokens: "{first.words}" cannot '
                'resolve, and the "Then" clause with it, but the Action can be triggered; it '
                "will have no effect",
                THEN_QA,
            )
        )


def _granted(
    board: Board, card: Card, placed: InPlay | None, player: str, present: list[Card | None]
) -> granted_actions.Granted | None:
    """The Action an attachment gives a unit with none of its own, read (None: not read)."""
    if placed is None or (card.type or "").lower() == "tactic" or holds_action(card) is not False:
        return None
    grant = granted_actions.granted(board, placed, player)
    if grant is None:
        return None
    others = [c for c in present if c is not None and c.name != grant.source]
    return grant if grants_action(others) is None else None


def _conditions(
    board: Board, action: ab.Action, player: str, claims: list[Claim], gaps: list[str]
) -> None:
    """A conditional requirement must be met to trigger (one after "Then" need not be)."""
    for sentence in action.sentences:
        if sentence.then or not re.search(r"\bif\b", sentence.words, re.IGNORECASE):
            continue
        if sentence.form == "discard-hand" and sentence.match is not None:
            least = int(sentence.match.group("least"))
            held = board.hands.get(_OTHER[player])
            if held is None:
                gaps.append("the number of cards in the opponent's hand is not stated")
            elif held < least:
                _forbid(
                    claims,
                    f"the opponent has {held} cards in hand, fewer than {least}: the "
                    "condition is not met",
                    C.TRIGGERING,
                )
            continue
        gaps.append(f'the condition of "{sentence.words}" is not checked by rulesq')


def _play_rules(
    board: Board, card: Card, player: str, claims: list[Claim], gaps: list[str]
) -> None:
    """A tactic is played: the rules on playing it (its timing text, its price) apply."""
    from rulesq.games.warhammer import plays

    ruling, check = plays.can_play(board, card, player, None, None)
    if ruling is None or ruling.allowed is None:
        gaps += [g for g, _ in check.gaps] or ["whether the tactic can be played is not known"]
    elif not ruling.allowed and ruling.texts:  # a card's own restriction: its text decides
        claims.append(text_claim(Stance.FORBID, ruling.texts[0], ruling.reason))
    elif not ruling.allowed:
        _forbid(claims, ruling.reason, *ruling.rules)


def _during(
    board: Board,
    card: Card,
    action: ab.Action,
    player: str,
    claims: list[Claim],
    gaps: list[str],
    met: list[tuple[str, str]],
) -> None:
    """An Action led by "During your quest phase," is taken in that phase of its player's turn."""
    if action.during is None:
        return
    ok, why, rules = play_phases.met(board, "play " + action.during, player)
    said = f'"{card.name}" reads "{action.during}"'
    if ok is None:
        gaps.append(f"{said}: {why}")
    elif not ok:
        claims.append(
            text_claim(Stance.FORBID, Text(card.name, action.during), f"{said}: {why}", *rules)
        )
    else:
        met.append((f"{said}: {why}", rules[-1]))


def _timing(
    board: Board,
    card: Card,
    action: ab.Action,
    player: str,
    claims: list[Claim],
    gaps: list[str],
) -> None:
    """A Triggered Action's trigger condition: when it can be met, and once per copy."""
    if action.trigger is None:
        return
    if action.trigger.casefold() != _BEGINNING_TRIGGER:
        gaps.append(f'whether "{action.trigger}" has been met is not stated')
        return
    if board.turn is None or board.phase is None:
        gaps.append("whose turn and which phase it is are not stated")
        return
    if board.turn != player or board.phase != 0:
        _forbid(
            claims,
            f'"{action.trigger}" is met only in phase 0 (the beginning of the turn) of its '
            f"controller's turn; it is the {PHASES[board.phase]} phase of "
            f"{'my' if board.turn == ME else 'your'} turn",
            BEGINNING_QA,
            BEGINNING,
            BEGINNING_TIMING,
        )
        return
    mine = [(n, ended(board, fact.index)) for n, who, fact in board.triggered if who == player]
    done = [n for n, over in mine if n == card.name and over is False]
    done += [lk.name for lk in board.chain if lk.card is card and lk.kind == "trigger"]
    if not done and any(n == card.name and over is None for n, over in mine):
        gaps.append(
            f'"{card.name}" was triggered before the same player\'s turn was stated again, '
            "which may be this turn or a later one: whether its trigger condition is used up "
            "is not known"
        )
        return
    copies = [
        c
        for c in board.cards
        if c.card is card and not c.facedown and in_play(board, c) and controller(c) == player
    ]
    if done and len(done) < len(copies):  # once per copy: a copy not yet triggered may be
        claims.append(
            rule_claim(
                Stance.PERMIT,
                f'"{card.name}" was triggered {len(done)} time(s) this turn and {len(copies)} '
                "copies of it are in play: a Triggered Action can be triggered once per copy, "
                "so a copy not yet triggered may be",
                TRIGGERED,
                BEGINNING_QA,
                default=True,
            )
        )
        return
    if done:
        _forbid(
            claims,
            f'"{card.name}" was already triggered this turn: a Triggered Action can be '
            "triggered once per copy and only once per trigger condition",
            TRIGGERED,
        )
        return
    earlier = [n for n, over in mine if over is False]
    quoted = ", ".join(f'"{n}"' for n in earlier)
    claims.append(
        rule_claim(
            Stance.PERMIT,
            f'it is phase 0 of the controller\'s turn: "{action.trigger}" is met'
            + (
                f"; triggering {quoted} earlier does not use up "
                "this card's first opportunity, which is the next action chain of phase 0"
                if earlier
                else ""
            ),
            *((FIRST_OPPORTUNITY, TRIGGERED) if earlier else ()),
            BEGINNING_QA,
            BEGINNING,
            default=True,
        )
    )


_SPEND = compiled(r"^Spend (?P<n>\d+) resources?$", re.IGNORECASE)
#: A card in play whose Action only its controller's opponents trigger.
_ONLY_OPPONENT = compiled(r"\bOnly an opponent may trigger this ability\.", re.IGNORECASE)


def _cost(
    board: Board,
    action: ab.Action,
    card: Card,
    placed: InPlay | None,
    player: str,
    claims: list[Claim],
    gaps: list[str],
    met: list[tuple[str, str]],
) -> None:
    """A cost that cannot be paid stops the trigger; a cost not followed makes a gap."""
    cost = action.cost
    if cost is None:
        return
    choice = paid_costs.options(cost)
    if choice is not None:
        _or_cost(board, cost, choice, card, placed, player, claims, gaps, met)
        return
    together = paid_costs.parts(cost)
    if together is not None:
        _and_cost(board, together, card, placed, player, claims, gaps, met)
        return
    _one_cost(board, cost, card, placed, player, claims, gaps, met)


def _and_cost(
    board: Board,
    together: list[str],
    card: Card,
    placed: InPlay | None,
    player: str,
    claims: list[Claim],
    gaps: list[str],
    met: list[tuple[str, str]],
) -> None:
    """Costs paid together: each must be paid, so one that cannot be stops the trigger."""
    own_claims: list[Claim] = []
    own_gaps: list[str] = []
    own_met: list[tuple[str, str]] = []
    for part in together:
        _one_cost(board, part, card, placed, player, own_claims, own_gaps, own_met)
    forbids = [c for c in own_claims if c.stance is Stance.FORBID]
    if forbids:
        claims.extend(forbids)
    elif own_gaps:
        gaps.extend(own_gaps)
    else:
        claims.extend(own_claims)
        met.extend(own_met)


def _or_cost(
    board: Board,
    cost: str,
    choice: list[str],
    card: Card,
    placed: InPlay | None,
    player: str,
    claims: list[Claim],
    gaps: list[str],
    met: list[tuple[str, str]],
) -> None:
    """A choice of costs: paid when the payer can pay one of them completely (The Word "Or")."""
    ways: list[tuple[str, bool | None, str]] = []
    for option in choice:
        own_claims: list[Claim] = []
        own_gaps: list[str] = []
        _one_cost(board, option, card, placed, player, own_claims, own_gaps, [])
        forbids = [c for c in own_claims if c.stance is Stance.FORBID]
        if own_gaps:
            ways.append((option, None, "; ".join(own_gaps)))
        elif forbids:
            ways.append((option, False, "; ".join(c.reason for c in forbids)))
        else:
            ways.append((option, True, f'"{option}" can be paid'))
    said = "; ".join(why for _, _, why in ways)
    if any(ok for _, ok, _ in ways):
        met.append(
            (
                f'the cost "{cost}" is a choice its payer makes, and he may choose an option he '
                f"can pay completely: {said}",
                paid_costs.WORD_OR,
            )
        )
    elif all(ok is False for _, ok, _ in ways):
        _forbid(
            claims,
            f'the cost "{cost}" is a choice, and neither option can be paid: {said}',
            paid_costs.WORD_OR,
            C.TRIGGERING,
        )
    else:
        gaps.append(f'the cost "{cost}" is a choice of its payer: {said}')


def _one_cost(
    board: Board,
    cost: str,
    card: Card,
    placed: InPlay | None,
    player: str,
    claims: list[Claim],
    gaps: list[str],
    met: list[tuple[str, str]],
) -> None:
    """One cost: paid, not payable (a claim) or not followed (a gap)."""
    tactic = card if (card.type or "").lower() == "tactic" else None
    for read in (
        paid_costs.from_hand(board, cost, player, tactic),
        paid_costs.sacrifice(board, cost, player),
        paid_costs.self_development(board, cost, placed),
    ):
        if read is None:
            continue
        if read.payable is None:
            gaps.append(read.why)
        elif not read.payable:
            _forbid(claims, read.why, C.TRIGGERING)
        else:
            met.append((read.why, C.TRIGGERING))
        return
    low = cost.casefold()
    if low in ("corrupt this unit", "sacrifice this unit"):
        if placed is None or not low.startswith("corrupt"):
            return
        from rulesq.games.warhammer.corruption import corrupted

        state, why = corrupted(board, placed)
        if state and not placed.corrupted and len({who for who, _ in board.turns}) > 1:
            state = None  # a later turn's Kingdom phase may have restored it
            why = (
                f'"{card.name}" was corrupted by an effect ({why}), and a later turn is stated: '
                "whether it was restored since is not followed"
            )
        if state is None:
            gaps.append(why)
        elif state:
            _forbid(
                claims,
                f'"{card.name}" is already corrupted ({why}): its cost "{cost}" cannot be paid',
                C.TRIGGERING,
            )
        return
    spend = _SPEND.match(cost)
    want = int(spend.group("n")) if spend is not None else 0
    x, defined = paid_costs.spend_x(board, cost, card, placed)
    if defined and x is None:
        gaps.append(defined)
        return
    if defined and x is not None:
        spend, want = _SPEND.match(f"Spend {x} resources"), x
        cost = f"{cost} (X = {x})"
        met.append((defined, paid_costs.LETTER_X))
    if spend is not None and _spend_reached(board, player, cost, want, claims, gaps):
        return
    if spend is not None:
        capital = board.capital(player)
        pool = capital.resources if capital.resources is not None else capital.pool_most
        if want == 0:
            return
        if pool is None or (capital.resources is None and pool >= want):
            gaps.append(
                capital.pool_gap if capital.pool_gap else "the resources in the pool are not stated"
            )
        elif pool < want:
            from rulesq.games.warhammer.spendable import beside_pool

            extra = beside_pool(board, player, playing=False)
            if pool + extra.amount >= want:
                claims.append(
                    text_claim(
                        Stance.PERMIT,
                        extra.texts[0],
                        f'the cost "{cost}" is paid with {pool} resources in the pool, as '
                        + "; ".join(extra.steps),
                        *extra.rules,
                        C.TRIGGERING,
                    )
                )
                return
            if extra.unknown:
                gaps.append(f'the cost is "{cost}", and ' + "; ".join(extra.unknown))
                return
            most = "" if capital.resources is not None else "at most "
            beside = f", and {extra.amount} more ({'; '.join(extra.steps)})"
            _forbid(
                claims,
                f'the cost "{cost}" cannot be paid with {most}{pool} resources'
                + (f" ({capital.pool_note})" if capital.pool_note else "")
                + (beside if extra.amount else ""),
                C.TRIGGERING,
            )
        return
    own = _OWN_TOKENS.match(cost)
    if own is not None and placed is not None and (own.group("n") or "1").upper() != "X":
        _own_tokens(board, placed, cost, int(own.group("n") or 1), claims, gaps)
        return
    tokens = _TOKENS_FOR_A_CARD.match(cost)
    if tokens is not None and placed is not None and tokens_held(board, placed) is None:
        gaps.append(f'the cost is "{cost}", and {tokens_gap(placed, board)}')
        return
    if tokens is not None and placed is not None:
        trait = tokens.group("trait")
        pile = [c for c in board.discard.get(player, []) if _has_trait(board, c, trait)]
        payable = [
            c.name for c in pile if (_printed(c) or 0) <= placed.tokens and _printed(c) is not None
        ]
        since = [
            lk.name
            for lk in board.resolved
            if lk.who == player
            and lk.kind == "tactic"
            and lk.card is not None
            and lk.fact.index > board.discard_at.get(player, -1)
            and _has_trait(board, lk.card, trait)
        ]
        if not payable and player not in board.discard:
            gaps.append(
                f'the cost is "{cost}", and what the discard pile holds is not stated (write, '
                f'e.g., {"my" if player == ME else "your"} discard pile has "…")'
            )
            return
        if not payable and since:
            gaps.append(
                f'the cost is "{cost}", and "{since[0]}" resolved after the discard pile was '
                "stated: it may be there now"
            )
            return
        if payable:
            claims.append(
                rule_claim(
                    Stance.PERMIT,
                    f'"{card.name}" has {placed.tokens} resource tokens, enough for "{payable[0]}" '
                    f"in the discard pile; it stays in play until a card it plays has resolved",
                    PLAYED_BY_EFFECT_QA,
                    C.TRIGGERING,
                    default=True,
                )
            )
        else:
            _forbid(
                claims,
                f'"{card.name}" has {placed.tokens} resource tokens: no {trait} card in the '
                "discard pile has a printed cost it can pay",
                C.TRIGGERING,
            )
        return
    gaps.append(f'whether the cost "{cost}" can be paid is not followed by rulesq')


def _spend_reached(
    board: Board, player: str, cost: str, want: int, claims: list[Claim], gaps: list[str]
) -> bool:
    """A "Spend N resources" cost against a pool paid from beside it too (False: not so)."""
    from rulesq.games.warhammer.spendable import reach

    reached = reach(board, player, playing=False)
    if reached is None:
        return False
    least, most, extra = reached
    capital = board.capital(player)
    held = f"{least} to {most}" if least != most else f"{least}"
    said = f"{held} resources may be spent ({capital.pool_note})"
    if want <= least and extra.texts and want > (capital.pool_least or 0):
        claims.append(
            text_claim(
                Stance.PERMIT,
                extra.texts[0],
                f'the cost "{cost}" is paid: {said}',
                *extra.rules,
                C.TRIGGERING,
            )
        )
    elif want > most and extra.unknown:
        gaps.append(f'the cost is "{cost}", and {said}; ' + "; ".join(extra.unknown))
    elif want > most:
        _forbid(claims, f'the cost "{cost}" cannot be paid: only {said}', C.TRIGGERING)
    elif want > least:
        gaps.append(
            f'the cost is "{cost}", and {said}: how each payment was split between the pool '
            "and what may be spent beside it is not stated"
        )
    return True


#: A cost paid in the card's own resource tokens ("Discard 3 resource tokens from this card").
_OWN_TOKENS = compiled(
    r"^(?:Discard|Remove) (?:a|(?P<n>\d+|X)) resource(?: token)?s? (?:from|on) this card$",
    re.IGNORECASE,
)


def _own_tokens(
    board: Board, placed: InPlay, cost: str, want: int, claims: list[Claim], gaps: list[str]
) -> None:
    """The card's own tokens pay the cost, or it cannot be paid (none left on a lone quest)."""
    held = tokens_held(board, placed)
    if held is None:
        gaps.append(f'the cost is "{cost}", and {tokens_gap(placed, board)}')
        return
    if held >= want:
        return
    if held < placed.tokens:  # tokens stated on a quest no unit is questing on
        _forbid(
            claims,
            f'the {placed.tokens} resource tokens stated on "{placed.name}" are removed, as no '
            f'unit is questing on it: its cost "{cost}" cannot be paid',
            QUESTS,
            C.TRIGGERING,
        )
        return
    _forbid(
        claims,
        f'"{placed.name}" has {held} resource tokens: its cost "{cost}" cannot be paid',
        C.TRIGGERING,
    )


def _target_taxes(
    board: Board, action: ab.Action, card: Card, player: str, gaps: list[str]
) -> None:
    """Targeting taxes in force on a triggered Action: affordable, or a gap."""
    from rulesq.games.warhammer.target_taxes import taxes

    found = taxes(board, card, player)
    gaps += found.gaps
    if not found.amount:
        return
    spend = _SPEND.match(action.cost or "")
    need = (int(spend.group("n")) if spend else 0) + found.amount
    pool = board.capital(player).resources
    if pool is not None and need <= pool:
        return
    quotes = "; ".join(f'"{t.card}": "{t.quote}"' for t in found.texts)
    gaps.append(
        f"targeting is taxed ({quotes}): with the tax the Action needs {need} resources, "
        + (f"and only {pool} are in the pool" if pool is not None else "and the pool is not stated")
        + f'; whether "{card.name}" has a legal target without the tax is not read by rulesq'
    )


_TOKENS_FOR_A_CARD = compiled(
    r"^Remove resource tokens from this card equal to the printed cost of a target "
    r"(?P<trait>[A-Z]\w*) card in your discard pile$"
)


def _printed(card: Card) -> int | None:
    """The printed cost a card effect reads (X is 0)."""
    cost = card.fields.get("cost")
    return 0 if cost == "X" else cost if isinstance(cost, int) else None


def _has_trait(board: Board, card: Card, trait: str) -> bool:
    return traits.bears(board, card, trait)


def can_trigger(ctx: Context) -> Answer:
    """Answer ``can I trigger "X" [now]?``."""
    return _trigger_claims(ctx, respond=False)


def can_respond(ctx: Context) -> Answer:
    """Answer ``can I respond with "X"?``."""
    board = _board(ctx)
    if not board.chain:
        raise CannotAnswer('no action chain is stated to respond to (write, e.g., you play "X")')
    card = _card(ctx)
    kind = (card.type or "").lower()
    if kind in ("unit", "support", "quest") and board.find(card.name) is None:
        return _conclude(
            ctx,
            YesNo(False),
            f'"{card.name}" is a {kind} card, not in play: playing a unit, support, development '
            "or quest card from hand cannot be done in response to anything",
            [NON_TACTIC],
        )
    return _trigger_claims(ctx, respond=True)


def can_respond_to(ctx: Context) -> Answer:
    """Answer ``can I respond to "X"?``: a link of an open chain, not one played as it resolves."""
    board = _board(ctx)
    card = _card(ctx)
    link = next((lk for lk in reversed(board.chain) if lk.card is card), None)
    if link is None:
        raise CannotAnswer(f'"{card.name}" is not on the action chain')
    claims: list[Claim] = []
    _window(board, claims)
    claims.append(
        rule_claim(
            Stance.PERMIT,
            f'"{card.name}" is on the chain and players have not all passed: actions may be '
            "added to the chain in response",
            C.WINDOW,
            default=True,
        )
    )
    return _claims_to_answer(ctx, claims, [])


def can_cancel(ctx: Context) -> Answer:
    """Answer ``can "A" cancel "B"?``: what a "cancel … just played/triggered" card reaches."""
    canceller, other = _two_cards(ctx)
    action, why = ab.action_of(canceller)
    if action is None:
        raise CannotAnswer(f'"{canceller.name}": {why}')
    sentence = action.first("cancel")
    played = action.first("cancel-unless-all")
    if (sentence is None or sentence.match is None) and played is not None and played.match:
        return _cancel_played_card(ctx, canceller, other, action)
    if sentence is None or sentence.match is None:
        wanted = next((w for s in action.sentences if (w := TC.whom(s.words + "."))), None)
        if wanted is not None:
            return _targeted_cancel(ctx, canceller, other, action, wanted)
        raise CannotAnswer(f'"{canceller.name}": "{action.quote}" is not read as a cancel')
    what = _cancel_what(sentence.match)
    board = _board(ctx)
    link = next((lk for lk in board.chain if lk.card is other), None)
    if link is None and any(lk.card is other for lk in board.resolved):
        return _no_longer_just(ctx, canceller, other, action)
    if link is not None and not any(lk.card is canceller for lk in board.chain):
        window: list[Claim] = []
        _window(board, window)  # it must still be added to the chain to cancel anything
        if window:
            return _claims_to_answer(ctx, window, [])
    kind = link.kind if link is not None else "card"
    text = Text(canceller.name, action.quote)
    shown = 'an "Action"' if what == "action" else f"a {what}"
    if what == "action by a card in play":
        shown = 'an "Action" triggered by a card in play'
        if not _is_a(kind, other, what, board):
            why = (
                " (a tactic is played, not in play)"
                if (other.type or "").lower() == "tactic"
                else ""
            )
            reason = (
                f'"{other.name}" is not an "Action:" triggered by a card in play{why}: '
                f'"{canceller.name}" cancels only {shown}'
            )
            return _conclude(ctx, YesNo(False), reason, [CANCEL_ACTION_QA, ACTIONS], [text])
    if _is_a(kind, other, what, board):
        what_it_is = (
            "a Spell card played"
            if what == "spell card"
            else 'a tactic: playing it is an "Action", whether or not it is played from hand'
            if (other.type or "").lower() == "tactic"
            else 'triggered: its "Action:" is on the chain'
        )
        reason = (
            f'"{other.name}" is {what_it_is}, and "{canceller.name}" cancels {shown} just '
            f"{'triggered' if what == 'action' else 'played'}"
        )
        return _conclude(ctx, YesNo(True), reason, [CANCEL_ACTION_QA, ACTIONS], [text])
    reason = (
        f'playing "{other.name}" (a {(other.type or "card").lower()}) is an action but not an '
        f'"Action:": "{canceller.name}" cancels only {shown}'
    )
    if what == "spell card":
        reason = (
            f'"{other.name}" is triggered, not played: "{canceller.name}" cancels only {shown} '
            "just played"
            if kind == "trigger"
            else f'"{other.name}" does not bear the Spell trait: "{canceller.name}" cancels only '
            f"{shown} just played"
        )
    return _conclude(ctx, YesNo(False), reason, [CANCEL_ACTION_QA, ACTIONS], [text])


def _cancel_played_card(ctx: Context, canceller: Card, other: Card, action: ab.Action) -> Answer:
    """A cancel of "target unit or support card just played": a card played, on the chain."""
    board = _board(ctx)
    text = Text(canceller.name, action.quote)
    if any(lk.card is other for lk in board.resolved) and not any(
        lk.card is other for lk in board.chain
    ):
        return _no_longer_just(ctx, canceller, other, action)
    kind = (other.type or "card").lower()
    link = next((lk for lk in board.chain if lk.card is other), None)
    if kind not in ("unit", "support"):
        reason = f'"{other.name}" is a {kind}: "{canceller.name}" cancels a unit or support card'
        return _conclude(ctx, YesNo(False), reason, [C.JUST_PLAYED], [text])
    if link is None or link.kind != "card":
        raise CannotAnswer(
            f'"{other.name}" is not stated played on the action chain (write, e.g., you play '
            f'"{other.name}")'
        )
    reason = (
        f'"{other.name}", a {kind} card, is played and on the unresolved chain: "{canceller.name}" '
        "cancels a unit or support card just played, unless its controller spends all the "
        "resources in his pool"
    )
    return _conclude(ctx, YesNo(True), reason, [C.JUST_PLAYED], [text])


def _no_longer_just(ctx: Context, canceller: Card, other: Card, action: ab.Action) -> Answer:
    """A link whose chain has resolved is no longer "just played" nor "just triggered"."""
    reason = (
        f'"{other.name}" is not part of an unresolved action chain (its chain has resolved): '
        f'it is no longer "just played" or "just triggered", and "{canceller.name}" cancels '
        "only such a card"
    )
    text = Text(canceller.name, action.quote)
    return _conclude(ctx, YesNo(False), reason, [C.JUST_PLAYED], [text])


def _targeted_cancel(
    ctx: Context, canceller: Card, other: Card, action: ab.Action, wanted: str
) -> Answer:
    """``can "A" cancel "B"?`` for a cancel of an Action "that targets" some card."""
    board = _board(ctx)
    link = next((lk for lk in board.chain if lk.card is other), None)
    if link is None and any(lk.card is other for lk in board.resolved):
        return _no_longer_just(ctx, canceller, other, action)
    if link is None:
        raise CannotAnswer(f'"{other.name}" is not on the action chain')
    if not any(lk.card is canceller for lk in board.chain):
        window: list[Claim] = []
        _window(board, window)  # it must still be added to the chain to cancel anything
        if window:
            return _claims_to_answer(ctx, window, [])
    text = Text(canceller.name, action.quote)
    if not _is_a(link.kind, other, "action", board):
        reason = (
            f'playing "{other.name}" (a {(other.type or "card").lower()}) is an action but not '
            f'an "Action:": "{canceller.name}" cancels only an "Action" just triggered'
        )
        return _conclude(ctx, YesNo(False), reason, [CANCEL_ACTION_QA, ACTIONS], [text])
    found, why = TC.verdict(board, link, wanted, TC.player_of(board, canceller))
    if found is None:
        raise CannotAnswer(f'"{canceller.name}" cancels an Action that targets {wanted}: {why}')
    reason = f'{why}, and "{canceller.name}" cancels only an "Action" that targets {wanted}'
    return _conclude(ctx, YesNo(found), reason, [CANCEL_ACTION_QA, ACTIONS], [text])


def then_resolves(ctx: Context) -> Answer:
    """Answer ``does the Then clause of "X" resolve?``: only if the effect before it did."""
    card = _card(ctx)
    board = _board(ctx)
    action, why = ab.action_of(card)
    if action is None:
        raise CannotAnswer(f'"{card.name}": {why}')
    before = [s for s in action.sentences if not s.then]
    if len(before) == len(action.sentences):
        raise CannotAnswer(f'"{card.name}" has no "Then" clause')
    text = Text(card.name, action.quote)
    link = next((lk for lk in board.chain if lk.card is card), None)
    if link is not None:
        verdict, state = C.cancelled(board, link)
        if verdict is None:
            gaps = state.gaps or ["the chain does not resolve as far as it"]
            return ctx.cannot("; ".join(gaps), gaps=tuple((g, g) for g in gaps))
        if verdict:
            reason = "; ".join(state.steps) + (
                '; the effect before "Then" is not a cost, so it is cancelled with the rest '
                'and the "Then" clause does not resolve'
            )
            return _conclude(ctx, YesNo(False), reason, [*state.rules, THEN], [text, *state.texts])
    first = before[-1]
    placed = board.find(card.name)
    if first.form == "remove-token" and first.match is not None and placed is not None:
        needed = int(first.match.group("n") or 1)
        held = tokens_held(board, placed)
        if held is None:
            raise CannotAnswer(f'"{first.words}" needs {needed}: {tokens_gap(placed, board)}')
        done = held >= needed
        reason = f'"{card.name}" has {held} resource tokens: ' + (
            f'"{first.words}" resolves, so the "Then" clause can resolve'
            if done
            else f'"{first.words}" cannot resolve, so the "Then" clause does not: the '
            "Action can be triggered but has no effect"
        )
        return _conclude(ctx, YesNo(done), reason, [THEN, THEN_QA], [text])
    if first.form == "put-token" and link is not None:
        return _conclude(
            ctx,
            YesNo(True),
            f'"{first.words}" resolves, so the "Then" clause can resolve',
            [THEN],
            [text],
        )
    raise CannotAnswer(f'whether "{first.words}" resolves is not followed by rulesq')


def action_cost(ctx: Context) -> Answer:
    """Answer ``what does triggering "X" cost?``: the "Do X" of "Do X to do Y", or nothing."""
    card = _card(ctx)
    action, why = ab.action_of(card)
    if action is None:
        raise CannotAnswer(f'"{card.name}": {why}')
    text = Text(card.name, action.quote)
    rules = [C.TRIGGERING] + (
        [IRON_QA] if action.cost is None and len(action.sentences) > 1 else []
    )
    if action.cost is None and _tactic_costs(card):
        raise CannotAnswer(
            f'"{card.name}" is a tactic: its Action is triggered by playing it, which costs its '
            f"printed cost ({card.fields.get('cost')}) and its loyalty; its text names no other "
            f'cost (ask: what is the cost of "{card.name}"? or can I play "{card.name}"?)'
        )
    if action.cost is None:
        return _conclude(
            ctx,
            Word("nothing"),
            f'"{action.quote}" has no "Do X to do Y": nothing in it is a cost; its effects are '
            "not paid when it is triggered, and are cancelled with it",
            rules,
            [text],
        )
    return _conclude(
        ctx,
        TextVerdict(action.cost),
        f'the cost is the "Do X" of "Do X to do Y": "{action.cost}"',
        rules,
        [text],
    )


def _tactic_costs(card: Card) -> bool:
    """Whether playing a tactic may cost something: a cost or loyalty not known to be 0."""
    if (card.type or "").lower() != "tactic":
        return False
    return card.fields.get("cost") != 0 or card.fields.get("loyalty") not in (None, 0)


def card_can_target(ctx: Context) -> Answer:
    """Answer ``can "A" target "B"?``: a card in play, or one just played ("just played")."""
    source, other = _two_cards(ctx)
    action, why = ab.action_of(source)
    if action is None:
        raise CannotAnswer(f'"{source.name}": {why}')
    board = _board(ctx)
    text = Text(source.name, action.quote)
    played = [lk for lk in board.chain if lk.card is other and lk.kind == "card"]
    if not action.targets:
        raise CannotAnswer(f'"{action.quote}" is not read as targeting')
    if played:
        just = "just played" in action.effect
        reason = (
            f'"{other.name}" was just played: it is neither in play nor out of play while the '
            'chain is unresolved, and only a card effect that says "just played" can affect it'
            + (f'; "{source.name}" says so' if just else "")
        )
        return _conclude(ctx, YesNo(just), reason, [C.ENTERING, C.JUST_PLAYED], [text])
    if board.find(other.name) is None:
        return _conclude(
            ctx,
            YesNo(False),
            f'"{other.name}" is not in play: unless stated otherwise a card targets only cards '
            "in play",
            [TARGETS],
            [text],
        )
    placed = board.find(other.name)
    assert placed is not None
    from rulesq.games.warhammer.damage import P17, destroyed_at_once

    gone, why = destroyed_at_once(board, placed)
    if gone is None:
        raise CannotAnswer(why)
    if gone:
        return _conclude(ctx, YesNo(False), why, [TARGETS, P17], [])
    mine = board.find(source.name)
    player = mine.owner if mine is not None else ctx.question.who or ME
    legal, words = target_phrases.unit_is_legal(board, action.effect, player, mine, placed)
    if legal is None:
        raise CannotAnswer(
            f'whether "{other.name}" is a legal target of "{source.name}" is not read ({words})'
        )
    if legal:  # a text in force that restricts targeting may leave it no legal target
        from rulesq.games.warhammer.target_taxes import taxes

        barred = taxes(board, source, player).gaps
        if barred:
            raise CannotAnswer("; ".join(barred))
    return _conclude(
        ctx,
        YesNo(legal),
        f'"{other.name}" {"is" if legal else "is not"} a legal "{words}" of "{source.name}"',
        [TARGETS],
        [text],
    )


_PUT_COST = compiled(
    r"Put all revealed units with a printed cost of (?P<n>\d+) or lower into your battlefield"
)


def can_put(ctx: Context) -> Answer:
    """Answer ``can I put "X" into play with "Y"?``: Y's cost limit against X's cost.

    A card in play, or an effect whose words are not read here, is the question of
    :func:`whereabouts.can_put` (only from out of play, Q&A 20).
    """
    from rulesq.games.warhammer import xvalue
    from rulesq.games.warhammer.values import printed_cost

    unit, effect = _two_cards(ctx)
    found = _PUT_COST.search(effect.text or "")
    board = _board(ctx)
    if found is None or board.find(unit.name) is not None:
        from rulesq.games.warhammer.whereabouts import can_put as from_out_of_play

        return from_out_of_play(ctx)
    player = ctx.question.who or ME
    defined = unit.fields.get("cost") == "X" and xvalue.definition(unit) is not None
    cost = xvalue.defined_x(board, unit, player) if defined else printed_cost(unit)
    if cost.value is None:
        return ctx.cannot("; ".join(cost.gaps), gaps=tuple((g, g) for g in cost.gaps))
    limit = int(found.group("n"))
    fits = cost.value <= limit and (unit.type or "").lower() == "unit"
    reason = (
        "; ".join(cost.steps)
        + f'; "{effect.name}" puts into play units with a printed cost of {limit} or lower'
    )
    texts = [Text(effect.name, found.group(0))]
    return _conclude(
        ctx,
        YesNo(fits),
        reason,
        [*cost.rules, FAQ + "terminology-clarifications/put-into-play"],
        texts,
    )


_TOKENS_ON_QUEST = compiled(
    r"^When an opponent puts at least (?P<n>\d+) resource tokens? on a quest in any "
    r"corresponding zone$"
)
INTERRUPT_QA = FAQ + "qa/40"
FORCED_TIMING = FAQ + "timing-structure/a"


def can_interrupt(ctx: Context) -> Answer:
    """Answer ``can "F" interrupt "A"?``: a Forced effect interrupts at the sentence break.

    It does when a sentence of the Action meets its trigger condition.
    """
    from rulesq.games.warhammer.values import power

    forced_card, acting = _two_cards(ctx)
    forced = ab.forced_of(forced_card)
    action, why = ab.action_of(acting)
    if forced is None or action is None:
        raise CannotAnswer(f'"{forced_card.name}" has no Forced effect read, or {why}')
    when = _TOKENS_ON_QUEST.match(forced[0])
    sentence = action.first("put-tokens-questing")
    if when is None or sentence is None:
        raise CannotAnswer(
            f'whether "{action.quote}" meets "{forced[0]}" is not followed by rulesq'
        )
    board = _board(ctx)
    watcher, quest = board.find(forced_card.name), board.find(acting.name)
    if watcher is None or quest is None:
        raise CannotAnswer("both cards must be in play")
    texts = [
        Text(forced_card.name, f"Forced: {forced[0]}, {forced[1]}."),
        Text(acting.name, action.quote),
    ]
    rules = [INTERRUPT_QA, C.WINDOW, FORCED_TIMING]
    if watcher.owner == quest.owner or watcher.zone is not quest.zone:
        reason = (
            f'"{acting.name}" is not an opponent\'s quest in the zone corresponding to '
            f'"{forced_card.name}"\'s: its trigger condition is not met'
        )
        return _conclude(ctx, YesNo(False), reason, rules, texts)
    questing = [c for c in board.cards if c.questing_on is quest]
    if not questing:
        reason = f'no unit is questing on "{acting.name}": no token is put on it'
        return _conclude(ctx, YesNo(False), reason, rules, texts)
    found = power(board, questing[0])
    if found.value is None:
        return ctx.cannot("; ".join(found.gaps), gaps=tuple((g, g) for g in found.gaps))
    least = int(when.group("n"))
    met = found.value >= least
    reason = (
        f'"{sentence.words}" puts {found.value} resource tokens on "{acting.name}" (the power '
        f'of "{questing[0].name}"), an opponent\'s quest in the corresponding zone'
        + (
            f': "{forced[0]}" is met, and the Forced effect interrupts the Action at the '
            "sentence break, before its next sentence resolves"
            if met
            else f": fewer than {least}, the trigger condition is not met"
        )
    )
    return _conclude(ctx, YesNo(met), reason, rules, texts)


_TOP_REVEALED = compiled(r"Players play with the top card of their decks revealed\.")
DRAWS_AT_ONCE = FAQ + "qa/15"


def reveals_each(ctx: Context) -> Answer:
    """Answer ``does "X" reveal each card you draw?``: one action draws its cards at once."""
    card = _card(ctx)
    found = _TOP_REVEALED.search(card.text or "")
    if found is None:
        raise CannotAnswer(f'"{card.name}": a text revealing the top card of a deck is not read')
    drawer = ctx.question.who or ME
    draws = [f for f in ctx.facts if f.kind == "draw" and (f.who or ME) == drawer]
    if not draws:
        raise CannotAnswer("no draw is stated (write, e.g., you draw 3 cards)")
    count = int(draws[-1].param("number"))
    text = Text(card.name, found.group(0))
    if count > 1:
        reason = (
            f"the {count} cards are drawn by a single action, all at the same time: only the "
            "top card before and after the draw is revealed, not each card drawn"
        )
        return _conclude(ctx, YesNo(False), reason, [DRAWS_AT_ONCE], [text])
    reason = "one card is drawn: it was the revealed top card of the deck"
    return _conclude(ctx, YesNo(True), reason, [DRAWS_AT_ONCE], [text])


SIMULTANEOUS = FAQ + "rules-clarifications/simultaneous-effects"


def _effect_type(card: Card) -> tuple[str, str] | None:
    """A card's triggered effect: ("forced" or "action", its trigger condition), or None."""
    forced = ab.forced_of(card)
    if forced is not None:
        return "forced", forced[0]
    action, _ = ab.action_of(card)
    if action is not None and action.trigger is not None:
        return "action", action.trigger
    return None


def _trigger_quote(card: Card, kind: str, when: str) -> Text:
    """The trigger quoted with its designator ("Forced: At the beginning of your turn").

    Which designator a text bears is what orders it (Forced effects before Actions): the quote
    shows it, where the card's text has it just before the trigger condition.
    """
    designated = f"{'Forced' if kind == 'forced' else 'Action'}: {when}"
    return Text(card.name, designated if designated in (card.text or "") else when)


def resolves_before(ctx: Context) -> Answer:
    """Answer ``does "A" resolve before "B"?`` for effects with the same trigger condition."""
    first, second = _two_cards(ctx)
    on_chain = _links_in_order(ctx, first.name, second.name)
    if on_chain is not None:
        return on_chain
    kinds = [_effect_type(first), _effect_type(second)]
    names = {"forced": "Forced effect", "action": "Triggered Action"}
    if kinds[0] is None or kinds[1] is None:
        raise CannotAnswer("a card asked about has no Forced effect or Triggered Action read")
    (kind_a, when_a), (kind_b, when_b) = kinds[0], kinds[1]
    if when_a.casefold() != when_b.casefold():
        raise CannotAnswer(f'"{when_a}" and "{when_b}" are different trigger conditions')
    texts = [_trigger_quote(first, kind_a, when_a), _trigger_quote(second, kind_b, when_b)]
    if kind_a != kind_b:
        reason = (
            f'"{first.name}" is a {names[kind_a]} and "{second.name}" a {names[kind_b]}'
            ": they are not simultaneous, since Forced effects always resolve before Actions "
            "can be triggered"
        )
        return _conclude(
            ctx, YesNo(kind_a == "forced"), reason, [SIMULTANEOUS, BEGINNING_TIMING], texts
        )
    if kind_a == "action":
        raise CannotAnswer(
            "two Actions are taken in turn in the action window: the order is the players'"
        )
    board = _board(ctx)
    placed = [board.find(first.name), board.find(second.name)]
    if placed[0] is None or placed[1] is None:
        raise CannotAnswer("both cards must be in play")
    if placed[0].owner == placed[1].owner:
        raise CannotAnswer(
            "two Forced effects with the same trigger condition are simultaneous: their "
            "controller chooses the order, and the choice is not stated"
        )
    if board.turn is None:
        raise CannotAnswer("whose turn it is is not stated")
    mine = placed[0].owner == board.turn
    reason = (
        "the two Forced effects are simultaneous: the player whose turn it is applies his "
        "first, then the opponent his"
    )
    return _conclude(ctx, YesNo(mine), reason, [SIMULTANEOUS], texts)


def _links_in_order(ctx: Context, first: str, second: str) -> Answer | None:
    """Two links of the open chain resolve last in, first out (None: not both on it once)."""
    chain = _board(ctx).chain
    where = [
        [n for n, link in enumerate(chain) if link.name.casefold() == name.casefold()]
        for name in (first, second)
    ]
    if any(len(found) != 1 for found in where) or first.casefold() == second.casefold():
        return None
    (a,), (b,) = where
    later, earlier = (first, second) if a > b else (second, first)
    reason = (
        f'"{later}" was added to the chain after "{earlier}": last in, first out, '
        f'"{later}" resolves first'
    )
    return _conclude(ctx, YesNo(a > b), reason, [C.LIFO])
