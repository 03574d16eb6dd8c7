"""Toughness that tactics played this turn give units for a time, read on the board.

A tactic whose chain the situation states resolved gives the units it names Toughness until
the end of the turn or phase ("each Slayer unit you control … gains Toughness 1"; "Target
Slayer unit gains Toughness X …. X is the damage on the unit."). Toughness cancels damage as
it is assigned (Cancelling Damage), so it counts for damage assigned after the tactic's link;
damage stated assigned before it, a tactic stated only "played this turn" (when, on whom), a
target not stated, a link cancelled, or a sentence not read leave the Toughness open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.warhammer import combat_plays, terms, texts, traits
from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.turns import ended
from rulesq.games.warhammer.vocab import Header
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay, Link
    from rulesq.games.warhammer.values import Value

#: "gains Toughness 1" / "gain Toughness X" (the act's words, lower case).
_GAIN = compiled(r"^toughness (?P<n>\d+|x)$")
_GIVES = compiled(r"\bgains? Toughness\b", re.IGNORECASE)
#: "… to have your units gain Toughness 2 until the end of the turn" (an Action's cost first).
_TO_HAVE = compiled(
    r"\bto have (?P<who>your units|this unit) gain Toughness (?P<n>\d+) until the end of the "
    r"(?:turn|phase)\.?$",
    re.IGNORECASE,
)
#: X as a tactic defines it: "X is the damage on the unit" (its target's damage).
_X_DAMAGE = compiled(r"^(?:the )?damage on (?:the|that|this) unit$", re.IGNORECASE)
#: X as a tactic defines it: "X is the number of defending units" (when it resolved).
_X_DEFENDERS = compiled(r"^(?:the )?number of defending units$", re.IGNORECASE)
#: A targeted subject naming a race or trait: "Target Slayer unit".
_TARGET_KIND = compiled(r"^target (?P<kind>[\w'-]+) unit$", re.IGNORECASE)
_LASTING = ("until the end of the turn", "until the end of the phase")
#: An Action's trigger on its own unit ("When this unit ambushes,"): "it" is that unit.
_OWN_TRIGGER = compiled(r"^When this unit \w+$", re.IGNORECASE)
#: A card effect, once triggered, exists apart from its source (FAQ, Card Effects).
CARD_EFFECTS = combat_plays.CARD_EFFECTS
#: Words of a text that may deal, move or cancel damage.
_DAMAGE = compiled(r"\b(damage|toughness|cancel\w*|redirect\w*)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    """A sentence of a tactic that gives Toughness for a time, read."""

    quote: str
    #: The amount, or None for X ("the damage on the unit": its target's).
    amount: int | None
    reach: terms.Reach | None
    targeted: bool
    duration: str
    #: The subject's words ("Target Slayer unit").
    subject: str = ""
    #: "to have this unit gain …": the card whose Action it is, only.
    own: bool = False


def _tactic(card: Card) -> bool:
    return (card.type or "").lower() == "tactic"


def _parts(card: Card) -> list[fx.Clause]:
    """The clauses that act for a time: a tactic's, or the Actions of another card."""
    text = card.text or ""
    found: list[fx.Clause] = []
    for effect in texts.parsed(text).effects:
        if isinstance(effect, fx.Ability):
            if _tactic(card) or effect.header is Header.ACTION:
                found += [c for c in effect.clauses if isinstance(c, fx.Clause)]
        elif isinstance(effect, fx.Clause) and _tactic(card):
            found.append(effect)
    return found


def gives(card: Card) -> bool:
    """Whether a tactic, or an Action of a card, gives Toughness ("gains Toughness …")."""
    text = card.text or ""
    return any(_GIVES.search(c.span.of(text)) for c in _parts(card))


def read(card: Card) -> list[Term] | None:
    """The Toughness grants of a tactic (or a card's Actions), or None when one is not read."""
    text = card.text or ""
    definition = terms.x_definition(text)
    found: list[Term] = []
    for clause in _parts(card):
        quote = clause.span.of(text).strip()
        duration = clause.duration.render().lower() if clause.duration else ""
        if have := _TO_HAVE.search(quote):
            if clause.conditions or clause.trigger is not None or duration not in _LASTING:
                return None
            own = have.group("who").lower() == "this unit"
            reach = None if own else terms.Reach(mine=True)
            fixed = int(have.group("n"))
            found.append(Term(quote, fixed, reach, False, duration, have.group("who"), own))
            continue
        shared: fx.Act | None = None  # "each Slayer unit … deals +1 … and gains Toughness 1"
        own_trigger = clause.trigger is not None and bool(
            _OWN_TRIGGER.match(clause.trigger.render().strip())
        )
        for act in clause.acts:
            if act.subject is not None:
                shared = act
            gain = _GAIN.match(texts.words(act)) if act.kind == "gain" else None
            if gain is None:
                continue
            subject = shared.subject.render() if shared and shared.subject else ""
            own = own_trigger and subject.lower() in ("it", "this unit")
            targeted = not own and (
                subject.lower() == "it" or subject.lower().startswith("target ")
            )
            reach = None if targeted or own or shared is None else terms.reach(shared)
            x = gain.group("n") == "x"
            if (
                clause.conditions
                or (clause.trigger is not None and not own)
                or (reach is None and not targeted and not own)
                or duration not in _LASTING
                or (x and (own or not _x_read(targeted, reach, definition)))
            ):
                return None
            amount = None if x else int(gain.group("n"))
            found.append(Term(quote, amount, reach, targeted, duration, subject, own))
    return found


def _x_read(targeted: bool, reach: terms.Reach | None, definition: str | None) -> bool:
    """Whether X is read: the damage on its target, or the defenders counted for defenders."""
    if not definition:
        return False
    if targeted:
        return _X_DAMAGE.match(definition) is not None
    return reach is not None and reach.side == "defending" and bool(_X_DEFENDERS.match(definition))


@dataclass(frozen=True)
class _Acted:
    """A card that acted this turn and gives Toughness: its link once resolved (else None)."""

    card: Card
    who: str
    link: Link | None
    cancelled: bool
    how: str


def _acted(board: Board) -> list[_Acted]:
    """The tactics and Actions that acted this turn and give Toughness."""
    found: list[_Acted] = []
    resolved = set()
    for link in board.resolved:
        if link.card is not None and gives(link.card):
            name = link.name.casefold()
            resolved.add(name)
            cancelled = any((o.cancelling or "").casefold() == name for o in board.resolved)
            found.append(_Acted(link.card, link.who, link, cancelled, "resolved"))
    for who, capital in board.capitals.items():
        found += [
            _Acted(card, who, None, False, "was played this turn")
            for card, fact in capital.played
            if card is not None
            and _tactic(card)
            and gives(card)
            and ended(board, fact.index) is not True
        ]
    for name, who, fact in board.triggered:
        if ended(board, fact.index) is True:
            continue  # a trigger of a turn now over: what it gave for a time is over
        placed = board.find(name)
        card = placed.card if placed is not None else None
        if card is not None and gives(card) and name.casefold() not in resolved:
            found.append(_Acted(card, who, None, False, "was triggered this turn"))
    return found


def given(
    board: Board, target: InPlay, value: Value, after: int | None
) -> list[tuple[int, Text, str]] | None:
    """The Toughness tactics that acted this turn give a unit (None: a gap in ``value``).

    ``after`` is the index of the fact that assigns the damage (None: damage yet to come).
    """
    found: list[tuple[int, Text, str]] = []
    for play in _acted(board):
        name = play.card.name
        read_terms = read(play.card)
        if read_terms is None:
            lead = f'"{name}" acted this turn and gives Toughness'
            if not any(g.startswith(lead) for g in value.gaps):
                value.gaps.append(f"{lead} in words rulesq does not read")
            return None
        for term in read_terms:
            quote = f'"{name}" gives Toughness ("{term.quote}")'
            if play.cancelled:
                value.gaps.append(f"{quote}, and a link cancels it: whether it acted is not read")
                return None
            if play.link is None:
                value.gaps.append(
                    f"{quote} and {play.how}: the situation does not say when (before or after "
                    f'the damage) nor on whom; state it, e.g. I trigger "{name}" and the chain '
                    "has resolved"
                )
                return None
            over, why = combat_plays.ended(board, play.link, term.duration, after)
            if over is None:
                value.gaps.append(f"{quote}, and {why}")
                return None
            if over:
                continue  # its effect has ended
            if after is not None and after < play.link.fact.index:
                value.gaps.append(
                    f"{quote}, and the damage is stated assigned before it was triggered: "
                    "whether it was assigned before the Toughness is not read"
                )
                return None
            others = [
                link.name
                for link in board.resolved
                if link is not play.link
                and _DAMAGE.search(link.card.text or "" if link.card else "")
            ]
            if others:
                value.gaps.append(
                    f'{quote}, and "{others[0]}" resolved this turn and speaks of damage: their '
                    "order is not read by rulesq"
                )
                return None
            targets = play.link.targets
            if term.own:
                if play.link.source is not target:
                    continue
            elif term.targeted:
                if len(targets) != 1:
                    value.gaps.append(f"{quote} to a target, and the situation does not say which")
                    return None
                if targets[0] is not target:
                    continue
                kind = _TARGET_KIND.match(term.subject)
                if kind is None or target.card is None:
                    value.gaps.append(f"{quote}: whom it may target is not read by rulesq")
                    return None
                if not traits.of_kind(board, target.card, kind.group("kind")):
                    value.gaps.append(
                        f'{quote}, and "{target.name}" is not a {kind.group("kind")} unit: '
                        "its target is not one it may target"
                    )
                    return None
            else:
                assert term.reach is not None
                if not terms.reaches(board, play.who, None, target, term.reach):
                    continue
                if _entered_after(board, target, play.link.fact.index):
                    value.gaps.append(
                        f'{quote}, and "{target.name}" is stated in play only after it resolved: '
                        "whether a unit that enters play later gains it is not read"
                    )
                    return None
            amount = term.amount
            why = f'"{name}" gives it Toughness {amount} {term.duration}'
            if amount is None and not term.targeted:
                attack = board.attack
                declared = attack.declared if attack is not None else None
                if attack is None or declared is None or declared.index > play.link.fact.index:
                    value.gaps.append(
                        f"{quote}, X the number of defending units when it resolved: the "
                        "defenders are not stated declared before it"
                    )
                    return None
                gone = {id(c) for c, _ in [*board.left, *board.sacrificed]}
                if any(id(c) in gone for c in attack.defenders):
                    value.gaps.append(
                        f"{quote}, X the number of defending units, and a defender left play: "
                        "whether X counts it is not read"
                    )
                    return None
                amount = len(attack.defenders)
                why = (
                    f'"{name}" gives it Toughness X {term.duration}, X the {amount} defending units'
                )
            if amount is None:
                hits = [a for a in board.assigned if a.card is target]
                if len(hits) > 1 or board.chain:
                    value.gaps.append(
                        f'{quote}, X the damage on "{target.name}": the FAQ does not say whether X '
                        "is set when the tactic resolves or follows the damage as more is applied, "
                        "and more than one damage reaches it"
                    )
                    return None
                from rulesq.games.warhammer.spendable import damage_left, damage_now

                amount = damage_left(board, target)
                if amount is None:
                    value.gaps.append(
                        f'{quote}, X the damage on "{target.name}": '
                        f"{damage_now(board, target).step}"
                    )
                    return None
                why = (
                    f'"{name}" gives it Toughness X {term.duration}, X the damage on it ({amount})'
                )
            found.append((amount, Text(name, term.quote), why))
    return found


def _entered_after(board: Board, target: InPlay, index: int) -> bool:
    """Whether a unit is stated on the board, or entering play, only after a link."""
    if target.fact.index > index:
        return True
    return any(
        e.card is target and e.kind == "enters_play" and e.fact.index > index for e in board.events
    )


def unread(card: Card) -> bool:
    """Whether a tactic that gives Toughness has a sentence on damage rulesq does not read.

    Its Toughness grants, its X definition and its combat damage grants (read where combat
    damage is counted) are read.
    """
    toughness = read(card)
    if toughness is None:
        return True
    text = card.text or ""
    quotes = {t.quote for t in toughness} | {t.quote for t in combat_plays.read(card) or []}
    for effect in texts.parsed(text).effects:
        parts = effect.clauses if isinstance(effect, fx.Ability) else (effect,)
        for part in parts:
            quote = part.span.of(text).strip()
            if isinstance(part, fx.XIs) or quote in quotes:
                continue
            if _DAMAGE.search(quote):
                return True
    return False
