"""Damage on its way to units: generated, redirected and cancelled by links of the action chain.

The chain resolves last in, first out, where it is stated; damage assigned before or after it
comes in the order stated. A chain the situation states resolved is played out the same way
for its redirects and cancels (their waiting effects outlast the chain); any other of its
damage texts is left to the damage rules' list of texts not followed. A link that redirects
or cancels "the next N damage" to a target unit creates a constant effect that waits for that
damage (FAQ, Conditional Actions; Redirecting Damage: redirected after it is assigned, right
before it is applied). A link that makes each
unit in play take damage assigns it at once (p.17 erratum; Non-combat Damage). A link whose
text speaks of damage and is not one of these makes the damage answer *cannot answer*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import permutations
from typing import TYPE_CHECKING

from rulesq.games.warhammer import abilities as ab
from rulesq.games.warhammer import board as B
from rulesq.games.warhammer.board import Assigned
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.corruption import corrupted
from rulesq.games.warhammer.turns import ended
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.games.warhammer.board import Board, InPlay, Link

FAQ = "warhammer/faq/"
REDIRECTING = FAQ + "damage/redirecting-damage"
NOT_CANCELLING = FAQ + "damage/redirecting-damage/part-3"
WAITS = FAQ + "rules-clarifications/conditional-actions/part-2"
NON_COMBAT = FAQ + "damage/non-combat-damage"
CANCELLING = FAQ + "damage/cancelling-damage"
P17 = FAQ + "rulebook-errata/p17"
TARGET = FAQ + "targeting/target"
DESTROY = FAQ + "terminology-clarifications/destroy"

REDIRECT = compiled(
    r"Action: The next (?P<n>\d+) damage that would be dealt to one target unit are "
    r"redirected to another target unit\.",
    re.IGNORECASE,
)
CANCEL_NEXT = compiled(
    r"Action: Cancel the next (?P<n>\d+) damage that would be dealt to one target "
    r"(?:(?P<race>\[[^\]]+\]) )?unit this turn\.",
    re.IGNORECASE,
)
EACH_UNIT = compiled(
    r"Action: Each unit in play takes (?P<n>\d+) damage\.(?P<more> Corrupted units take an "
    r"additional damage\.)?",
    re.IGNORECASE,
)
DESTROY_ALL = compiled(r"Action: Destroy all units in play\.", re.IGNORECASE)
#: Words of a link's text that speak to the damage units take (Toughness and hit points too).
_DAMAGE_WORDS = compiled(
    r"\b(damage|destroy\w*|cancel\w*|redirect\w*|toughness|hit points?)\b", re.IGNORECASE
)
_THIS_TURN = compiled(r"\bthis turn\b", re.IGNORECASE)


@dataclass
class Hit:
    """Damage reaching a unit: how much, whether combat damage, and how it came."""

    unit: InPlay
    amount: int
    combat: bool
    step: str


@dataclass
class Shield:
    """A waiting effect: the next ``left`` damage to ``unit`` go to ``to`` (None: cancelled)."""

    unit: InPlay
    to: InPlay | None
    left: int
    name: str
    #: The fact index of the link that made it, when it waits only "this turn" (else None).
    this_turn: int | None = None


@dataclass
class Flow:
    """The damage reaching one unit, with the steps, rules, texts and gaps of the way there."""

    hits: list[Hit] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    shielded: bool = False
    #: The card whose text decided what reached each unit (by ``id`` of the unit): the last
    #: that cancelled or redirected some of its damage, else the one that dealt it.
    decided: dict[int, str] = field(default_factory=dict)

    #: Why the damage reaching a unit is not known (by ``id`` of the unit): waiting effects
    #: on one unit whose order of applying, a choice the sources do not give, changes it.
    open: dict[int, str] = field(default_factory=dict)

    def cite(self, *rules: str) -> None:
        """Add rules once each."""
        self.rules += [r for r in rules if r not in self.rules]


#: The most orders of waiting effects played out for one question (past it all are open).
MOST_ORDERS = 64


def _text(link: Link) -> str:
    return link.card.text if link.card is not None and link.card.text else ""


def destroyers(board: Board) -> list[tuple[Link, Text]]:
    """Links of the chain that destroy every unit in play (they target none)."""
    found = []
    for link in board.chain:
        hit = DESTROY_ALL.search(_text(link))
        if hit is not None:
            found.append((link, Text(link.name, hit.group(0))))
    return found


#: A text in play that restricts targeting with card effects.
TARGET_RESTRICTION = compiled(r"[^.]*\bcannot (?:target|be targeted)\b[^.]*\.", re.IGNORECASE)


def target_restrictions(board: Board) -> list[Text]:
    """The sentences of cards in play that restrict targeting, quoted."""
    found = []
    for placed, text in board.faceup_texts():
        hit = TARGET_RESTRICTION.search(text)
        if hit is not None:
            found.append(Text(placed.name, hit.group(0).strip()))
    return found


def redirected_from(board: Board) -> list[InPlay]:
    """The units whose next damage a link (on the chain, or resolved) would redirect."""
    return [
        link.targets[0]
        for link in [*board.resolved, *board.chain]
        if REDIRECT.search(_text(link)) is not None and len(link.targets) == 2
    ]


def followed(link: Link) -> bool:
    """Whether a resolved link's damage text is all followed here: a redirect or a cancel.

    Its waiting effect is played out like a link of the chain, at the place the chain's
    links are stated, so the damage assigned after it meets it (FAQ, Conditional Actions).
    """
    text = _text(link)
    for form, targets in ((REDIRECT, 2), (CANCEL_NEXT, 1)):
        found = form.search(text)
        if found is not None and len(link.targets) == targets:
            rest = text[: found.start()] + text[found.end() :]
            return _DAMAGE_WORDS.search(rest) is None
    return False


def _race(unit: InPlay) -> str:
    race = unit.card.fields.get("race") if unit.card is not None else None
    return str(race or "").casefold()


def chains(links: list[Link]) -> list[list[Link]]:
    """The chains the links form: a trigger opens a new chain, responses join the last one."""
    found: list[list[Link]] = []
    for link in links:
        if link.fact.kind == "trigger" or not found:
            found.append([])
        found[-1].append(link)
    return found


def _named(board: Board, link: Link) -> bool:
    """Whether a resolved link is one another resolved link names to cancel (not followed)."""
    return any(
        (other.cancelling or "").casefold() == link.name.casefold() for other in board.resolved
    )


class _Run:
    """One pass over the facts and the chain, in order, for every unit."""

    def __init__(self, board: Board, picks: tuple[tuple[int, ...], ...] = ()) -> None:
        self.board = board
        self.at = -1
        self.flow = Flow()
        self.dealt: dict[int, list[Assigned]] = {}
        self.shields: list[Shield] = []
        #: The order taken at each damage that several unlike waiting effects share, in turn.
        self.picks = picks
        #: Each such damage met: the unit and how many effects wait on it.
        self.contested: list[tuple[InPlay, list[str]]] = []

    def run(self) -> Flow:
        board = self.board
        events: list[tuple[int, int, Assigned | Link]] = [
            (a.fact.index, 0, a) for a in board.assigned if a.card is not None and a.link is None
        ]
        #: the damage of resolved links read as assigned, met in the order their chain resolves
        self.dealt = {}
        for a in board.assigned:
            if a.link is not None:
                self.dealt.setdefault(id(a.link), []).append(a)
        resolved = [
            link
            for link in board.resolved
            if id(link) in self.dealt or followed(link) and not _named(board, link)
        ]
        for chain in [*chains(resolved), *chains(board.chain)]:
            first, last = chain[0].fact.index, chain[-1].fact.index
            if any(first < index < last for index, _, _ in events):
                self.flow.gaps.append(
                    "damage is assigned while the chain is still open: not followed by rulesq"
                )
                return self.flow
            order = B.resolution_order(chain)
            events += [(last, n + 1, link) for n, link in enumerate(order)]
        for index, _n, item in sorted(events, key=lambda e: (e[0], e[1])):
            self.at = item.fact.index if isinstance(item, Assigned) else index
            if isinstance(item, Assigned):
                kind = "combat damage" if item.combat else "damage"
                self.hit(item.card, item.amount, item.combat, f"{item.amount} {kind} assigned")
            else:
                self.link(item)
        return self.flow

    def link(self, link: Link) -> None:
        text, flow = _text(link), self.flow
        dealt = self.dealt.get(id(link))
        if dealt:
            action, _why = ab.action_of(link.card)
            flow.texts.append(Text(link.name, action.quote if action else _text(link)))
            flow.cite(NON_COMBAT, P17)
            for hit in dealt:  # its sentences in their order, each to its target
                how = f'{hit.amount} damage from "{link.name}"'
                self.hit(hit.card, hit.amount, False, how, by=link.name)
            return
        if link.targets and not re.search(r"\btargets?\b", text, re.IGNORECASE):
            flow.gaps.append(
                f'"{link.name}" is stated with targets, but its text does not say "target": '
                "it targets nothing"
            )
            return
        redirect, cancel = REDIRECT.search(text), CANCEL_NEXT.search(text)
        each, destroy = EACH_UNIT.search(text), DESTROY_ALL.search(text)
        if redirect is not None and len(link.targets) == 2:
            source, to = link.targets
            self.shields.append(Shield(source, to, int(redirect.group("n")), link.name))
            flow.texts.append(Text(link.name, redirect.group(0)))
            flow.steps.append(
                f'"{link.name}" resolves: the next {redirect.group("n")} damage that would be '
                f'dealt to "{source.name}" wait to be redirected to "{to.name}"'
            )
            flow.cite(WAITS, REDIRECTING)
            flow.shielded = True
        elif cancel is not None and len(link.targets) == 1:
            (unit,) = link.targets
            race = (cancel.group("race") or "").strip("[]").casefold()
            if race and _race(unit) != race:
                flow.gaps.append(
                    f'"{unit.name}" is not a {cancel.group("race")} unit: a target of '
                    f'"{link.name}" that is not legal is not followed'
                )
                return
            lasts = link.fact.index if _THIS_TURN.search(cancel.group(0)) else None
            self.shields.append(Shield(unit, None, int(cancel.group("n")), link.name, lasts))
            flow.texts.append(Text(link.name, cancel.group(0)))
            flow.steps.append(
                f'"{link.name}" resolves first: the next {cancel.group("n")} damage that would '
                f'be dealt to "{unit.name}" this turn wait to be cancelled'
            )
            flow.cite(CANCELLING)
            flow.shielded = True
        elif each is not None:
            flow.texts.append(Text(link.name, each.group(0)))
            flow.cite(NON_COMBAT, P17)
            amount = int(each.group("n"))
            more = " (a corrupted unit 1 more)" if each.group("more") else ""
            flow.steps.append(
                f'"{link.name}" resolves: every unit in play takes {amount}{more}, assigned at once'
            )
            for unit in self.board.cards:
                if unit.card is None or (unit.card.type or "").lower() != "unit":
                    continue
                state, why = corrupted(self.board, unit) if each.group("more") else (False, "")
                if state is None:
                    flow.gaps.append(why)
                extra = 1 if state else 0
                how = f'{amount + extra} damage from "{link.name}"'
                extra_how = how + (", corrupted" if extra else "")
                self.hit(unit, amount + extra, False, extra_how, by=link.name)
        elif destroy is not None:
            flow.cite(DESTROY, TARGET)
        elif _DAMAGE_WORDS.search(text):
            flow.gaps.append(
                f'"{link.name}" on the chain: its text is not followed by the damage rules '
                "of rulesq"
            )

    def hit(
        self,
        unit: InPlay | None,
        amount: int,
        combat: bool,
        how: str,
        by: str | None = None,
    ) -> None:
        if unit is None:
            return
        whole = amount
        if by is not None:
            self.flow.decided.setdefault(id(unit), by)
        for shield in self._ordered(unit, amount):
            if amount <= 0 or shield.left <= 0:
                continue
            taken = min(shield.left, amount)
            shield.left -= taken
            amount -= taken
            self.flow.decided[id(unit)] = shield.name
            if shield.to is None:
                self.flow.steps.append(
                    f'"{shield.name}" cancels {taken} of the {how} to "{unit.name}"'
                )
                continue
            self.flow.steps.append(
                f'"{shield.name}" redirects {taken} of the {how} from "{unit.name}" to '
                f'"{shield.to.name}" (after it is assigned, right before it is applied)'
            )
            # each pass uses up some of a shield, so damage redirected back and forth ends
            moved = f'{taken} of the {how}, redirected from "{unit.name}"'
            self.hit(shield.to, taken, combat, moved, by=shield.name)
        if amount > 0:
            left = how if amount == whole else f"{how}, {amount} of it left"
            self.flow.hits.append(Hit(unit, amount, combat, left))

    def _lasts(self, shield: Shield) -> bool:
        """Whether a waiting effect still waits at the damage met now ("this turn" ones end).

        Its turn is over once a turn of the other player is stated after it; the same
        player's turn restated may be a later turn (``turns.ended``): a gap, and it waits.
        """
        if shield.this_turn is None:
            return True
        over = ended(self.board, shield.this_turn, self.at)
        if over:
            step = f'the turn "{shield.name}" resolved in is over: its cancel no longer waits'
            self.flow.steps += [step] if step not in self.flow.steps else []
            return False
        if over is None:
            gap = (
                f'"{shield.name}" cancels damage "this turn", and a turn stated after it may be '
                "the same turn or a later one (the same player's turn restated): whether it "
                "still waits is not known"
            )
            self.flow.gaps += [gap] if gap not in self.flow.gaps else []
        return True

    def _ordered(self, unit: InPlay, amount: int) -> list[Shield]:
        """The effects waiting on the unit, in the order they apply to this damage.

        Resolution order, unless several that do unlike things (cancel, redirect elsewhere)
        share less damage than they wait for: their order is then a choice, taken from
        ``picks`` and noted in ``contested``.
        """
        waiting = [s for s in self.shields if s.unit is unit and s.left > 0 and self._lasts(s)]
        unlike = len({id(s.to) if s.to is not None else None for s in waiting}) > 1
        if len(waiting) < 2 or not unlike or amount >= sum(s.left for s in waiting):
            return waiting
        turn = len(self.contested)
        self.contested.append((unit, [s.name for s in waiting]))
        pick = self.picks[turn] if turn < len(self.picks) else tuple(range(len(waiting)))
        return [waiting[n] for n in pick]


def _reached(found: Flow) -> dict[int, list[tuple[int, bool]]]:
    """The damage reaching each unit (by ``id``): its amounts, combat or not, sorted."""
    out: dict[int, list[tuple[int, bool]]] = {}
    for hit in found.hits:
        out.setdefault(id(hit.unit), []).append((hit.amount, hit.combat))
    return {key: sorted(value) for key, value in out.items()}


def flow(board: Board) -> Flow:
    """The damage reaching every unit once the facts and the chain are played out.

    Where several effects wait on one unit's damage and the order they apply in would change
    what reaches a unit, that unit's damage is open (:attr:`Flow.open`): the sources give no
    order for them (Redirecting Damage, Cancelling Damage say only when each applies).
    """
    first = _Run(board)
    found = first.run()
    if not first.contested:
        return found
    runs: list[_Run] = []
    todo: list[tuple[tuple[int, ...], ...]] = [()]
    while todo and len(runs) < MOST_ORDERS:
        picks = todo.pop()
        run = _Run(board, picks)
        run.run()
        runs.append(run)
        if len(run.contested) > len(picks):  # the next shared damage: each order of it
            _unit, names = run.contested[len(picks)]
            todo += [(*picks, order) for order in permutations(range(len(names)))]
    seen = [_reached(run.flow) for run in runs]
    units = {id(u): u for u in board.cards}
    shared = "; ".join(
        f'"{unit.name}": ' + ", ".join(f'"{n}"' for n in names) for unit, names in first.contested
    )
    keys = set(units) if todo else {k for reached in seen for k in reached}
    for key in keys:
        if todo or len({tuple(reached.get(key, [])) for reached in seen}) > 1:
            name = units[key].name if key in units else "a unit"
            found.open[key] = (
                f"effects waiting on one unit's damage ({shared}) apply in an order the sources "
                f'do not give (a choice), and the damage reaching "{name}" rests on it'
                + (f" (past {MOST_ORDERS} orders, not tried)" if todo else "")
            )
    return found
