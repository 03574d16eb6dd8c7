"""Tactics played this turn that change the damage units deal in combat, read on the board.

A tactic whose chain the situation states resolved ("the chain has resolved") acted in the
phase the situation describes; one stated "played this turn" acted at an unstated time of
the turn, with no target stated. Its "+N damage in combat" lasts what its duration says
("until the end of the turn" / "of the phase"); each of its sentences that changes combat
damage must be read, or the tactic's effect is *cannot answer*. A tactic still on the chain
has not acted: the situation must say whether the chain resolved.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import keyword_amounts, terms, texts
from rulesq.games.warhammer.board import PHASES
from rulesq.games.warhammer.claims import Text
from rulesq.games.warhammer.values import Value
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.corpus.models import Card
    from rulesq.games.warhammer.board import Board, InPlay, Link

#: "deals no damage in combat".
_NONE = compiled(r"^no damage in combat$")
#: A card effect, once triggered, exists apart from its source (FAQ, Card Effects).
CARD_EFFECTS = "warhammer/faq/rules-clarifications/card-effects"


@dataclass(frozen=True)
class Played:
    """A tactic that acted this turn: by whom, on which targets, and whether in this phase."""

    card: Card
    who: str
    targets: tuple[InPlay, ...]
    this_phase: bool
    known_targets: bool
    #: A link of the chain named it to cancel (whether it was is not followed here).
    cancelled: bool = False
    #: The resolved link that played it (None: stated played this turn).
    link: Link | None = None
    #: The statement that played it (the link's, or "played … this turn").
    at: int = -1


@dataclass(frozen=True)
class Term:
    """A sentence of a tactic that grants combat damage, read."""

    quote: str
    grant: texts.Grant
    reach: terms.Reach | None
    targeted: bool
    duration: str
    #: "deals no damage in combat": the unit counts nothing.
    none: bool = False
    #: "while defending" / "while attacking": only a unit on that side of the attack.
    side: str = ""
    #: X as "the amount of <Keyword> they have": the keyword's value on the unit counts.
    keyword: str = ""
    #: "for each unit in that player's discard pile", the player its text chose.
    pile: bool = False


def played(board: Board) -> list[Played]:
    """The tactics that acted this turn: resolved links, then those stated played."""
    found = [
        Played(
            link.card,
            link.who,
            link.targets,
            True,
            True,
            _cancelled(board, link.name),
            link,
            link.fact.index,
        )
        for link in board.resolved
        if link.card is not None and _tactic(link.card)
    ]
    for who, capital in board.capitals.items():
        found += [
            Played(card, who, (), False, False, at=fact.index)
            for card, fact in capital.played
            if card is not None and _tactic(card)
        ]
    return found


#: What an effect "until the end of the phase" of a situation that states no phase says.
PHASE_UNSTATED = "no phase is stated anywhere in the situation"
#: How such an effect is read while its question is asked each way (``each_reading``): its
#: phase over (True) or not (False); None: not asked each way, so open.
PHASE_OVER: ContextVar[bool | None] = ContextVar("phase_over", default=None)
#: What the judging took to be so of a lasting effect's phase that no statement gives (a
#: phase stated before its link and none after), noted for the answer's ``assumes:``; None:
#: not collected.
PHASE_TAKEN: ContextVar[list[str] | None] = ContextVar("phase_taken", default=None)


def ended(
    board: Board, link: Link, duration: str, at: int | None = None
) -> tuple[bool | None, str]:
    """Whether a lasting effect of a resolved link has ended (None: open), with why.

    Phases follow one another within a turn: a phase stated after the link other than the one
    it resolved in means its phase is over, and a turn stated after it of the other player
    means its turn is over. A turn restated for the same player may be a later one (open).
    With no phase stated anywhere, whether its phase is over is open, unless the question is
    being asked each way (``PHASE_OVER``). ``at``: the index of the fact whose moment is read
    (damage assigned then): a turn or phase stated after it has not begun yet there.
    """
    until = at if at is not None else float("inf")
    before = [w for w, f in board.turns if f.index < link.fact.index]
    after = [w for w, f in board.turns if link.fact.index < f.index < until]
    if after:
        if before and any(w != before[-1] for w in after):
            return (
                True,
                f"the turn it resolved in is over (a turn of the other player is stated after "
                f"it), and it lasts {duration}",
            )
        return (
            None,
            f"a turn is stated after it resolved, and it lasts {duration}: whether it is a "
            "later turn is not stated",
        )
    if not duration.endswith("phase"):
        return False, ""
    then = [n for n, f in board.phases if f.index < link.fact.index]
    later = [n for n, f in board.phases if link.fact.index < f.index < until]
    if not board.phases:
        over = PHASE_OVER.get()
        if over is None:
            return (
                None,
                f"it lasts {duration}, and {PHASE_UNSTATED}: whether the phase it resolved in "
                "is over is not said",
            )
        if over:
            return True, f"its phase is taken to be over, and it lasts {duration}"
        return False, ""
    if not later:
        _taken(link, then[-1] if then else None, duration, at is not None)
        return False, ""
    if not then:
        return None, f"a phase is stated after it resolved and none before, and it lasts {duration}"
    if any(n != then[-1] for n in later):
        return (
            True,
            f"the phase it resolved in is over (a later phase is stated after it), and it "
            f"lasts {duration}",
        )
    return False, ""


def _taken(link: Link, phase: int | None, duration: str, damage: bool) -> None:
    """Notes that a lasting effect is read as lasting: its phase is taken to be the one still.

    Phases follow one another within a turn, and no statement after its link (before the
    damage read, ``damage``) says the phase changed: the turn is taken to be in the phase
    stated before it, as every question after a phase line reads it, and the answer says so.
    """
    notes = PHASE_TAKEN.get()
    if notes is None or phase is None:
        return
    then = "the damage assigned after it is" if damage else "the turn is"
    note = (
        f'no phase is stated after "{link.name}" resolved{" until the damage" if damage else ""}:'
        f" {then} taken to be in the {PHASES[phase]} phase still, so what it does {duration} "
        "holds"
    )
    if note not in notes:
        notes.append(note)


def _tactic(card: Card) -> bool:
    return (card.type or "").lower() == "tactic"


def _cancelled(board: Board, name: str) -> bool:
    return any((link.cancelling or "").casefold() == name.casefold() for link in board.resolved)


def read(card: Card) -> list[Term] | None:
    """The combat damage grants of a tactic's text, or None when one is not read."""
    text = card.text or ""
    found: list[Term] = []
    keyword = _keyword_x(text)
    pile = _CHOOSE_PLAYER.search(text) is not None and _PILE.search(text) is not None
    for effect in texts.parsed(text).effects:
        clauses = effect.clauses if isinstance(effect, fx.Ability) else (effect,)
        for clause in clauses:
            if not isinstance(clause, fx.Clause):
                continue
            shared: terms.Reach | None = None  # "X units ... can defend ... and deal +X"
            for act in clause.acts:
                if act.subject is not None:
                    shared = terms.reach(act)
                grant = texts.combat_damage_grant(act)
                none = grant is None and _NONE.match(texts.words(act)) is not None
                if none and act.kind == "deal_damage":
                    grant = texts.Grant(0)
                if grant is None:
                    continue
                subject = act.subject.render().lower() if act.subject else ""
                targeted = subject == "it" or subject.startswith("target ")
                reach = None if targeted else (terms.reach(act) if act.subject else shared)
                duration = clause.duration.render().lower() if clause.duration else ""
                side = _SIDE.get(grant.condition, "")
                per_pile = pile and grant.per.startswith("unit in that player")
                if (
                    (grant.per and not (grant.per == texts.X and keyword) and not per_pile)
                    or (grant.condition and not side)
                    or clause.conditions
                    or (reach is None and not targeted)
                    or duration not in ("until the end of the turn", "until the end of the phase")
                ):
                    return None
                quote = clause.span.of(text).strip()
                per = keyword if grant.per == texts.X else ""
                found.append(
                    Term(quote, grant, reach, targeted, duration, none, side, per, per_pile)
                )
    return found


#: "Choose a player." and a count of that player's discard pile.
_CHOOSE_PLAYER = compiled(r"\bChoose a player\.")
_PILE = compiled(r"\bfor each unit in that player's discard pile\b")
#: The "while …" conditions read: a side of the attack.
_SIDE = {"while defending": "defending", "while attacking": "attacking"}
#: "X is (equal to) the amount of Savage they have".
_KEYWORD_X = compiled(r"^(?:the )?amount of (?P<keyword>[A-Z]\w+) (?:they have|it has)$")


def _keyword_x(text: str) -> str:
    """The keyword whose value X is on each unit ("the amount of Savage they have"), or ""."""
    definition = terms.x_definition(text)
    found = _KEYWORD_X.match(definition.strip()) if definition else None
    return found.group("keyword").casefold() if found else ""


def unread(card: Card, changes: re.Pattern[str]) -> list[str]:
    """The sentences of a tactic that change combat damage and are not read."""
    terms_read = read(card)
    quotes = {t.quote for t in terms_read} if terms_read is not None else set()
    text = card.text or ""
    return [
        quote
        for effect in texts.parsed(text).effects
        if changes.search(quote := effect.span.of(text).strip())
        and (terms_read is None or not any(q in quote for q in quotes))
    ]


def _reached(board: Board, target: InPlay) -> tuple[list[tuple[Played, Term]], list[str]]:
    """The terms of the tactics that acted this turn that reach a unit, and the gaps."""
    reached: list[tuple[Played, Term]] = []
    gaps: list[str] = []
    for play in played(board):
        for term in read(play.card) or []:
            name = play.card.name
            if play.cancelled:
                gaps.append(f'a link of the chain cancels "{name}": whether it acted is not read')
                continue
            if term.duration.endswith("phase") and not play.this_phase:
                gaps.append(
                    f'"{name}" was played this turn, and its effect lasts until the end of the '
                    "phase: the situation does not say in which phase"
                )
                continue
            over, why = ended(board, play.link, term.duration) if play.link else (False, "")
            if over is None:
                gaps.append(f'"{name}" resolved, and {why}')
                continue
            if over:
                continue  # its effect has ended

            if term.side and not _on_side(board, target, term.side):
                continue
            if term.targeted:
                if not play.known_targets or len(play.targets) != 1:
                    gaps.append(f'"{name}" targets a unit, and the situation does not say which')
                    continue
                reaches = play.targets[0] is target
            else:
                assert term.reach is not None
                reaches = terms.reaches(board, play.who, None, target, term.reach)
            if reaches:
                reached.append((play, term))
    return reached, gaps


def _pile_units(board: Board, play: Played, value: Value) -> int | None:
    """The units in the discard pile of the player a tactic chose (None: a gap in ``value``)."""
    name = play.card.name
    chosen = play.link.chosen if play.link is not None else None
    if chosen is None:
        value.gaps.append(
            f'"{name}" counts the units in the discard pile of a player it chose: say which, '
            f'e.g. I trigger "{name}" targeting "Some Unit" choosing you'
        )
        return None
    units = board.pile_units.get(chosen)
    whose = "my" if chosen == ME else "your"
    if units is None:
        value.gaps.append(
            f'"{name}" counts the units in {whose} discard pile, and the situation does not '
            f"say how many it holds: e.g. {whose} discard pile has 3 units"
        )
        return None
    value.steps.append(f'"{name}" counts the {units} units in {whose} discard pile')
    return units


def _on_side(board: Board, target: InPlay, side: str) -> bool:
    attack = board.attack
    if attack is None:
        return False
    return target in (attack.attackers if side == "attacking" else attack.defenders)


def grants(board: Board, target: InPlay) -> Value:
    """The combat damage the tactics that acted this turn add to a unit."""
    value = Value(0)
    reached, value.gaps = _reached(board, target)
    for play, term in reached:
        if term.none:
            continue
        name = play.card.name
        amount = term.grant.amount
        if term.keyword:
            times = keyword_amounts.amount(
                board, target, term.keyword, play.card, played(board), value
            )
            if times is None:
                continue
            amount *= times
        if term.pile:
            times = _pile_units(board, play, value)
            if times is None:
                continue
            amount *= times
        value.add(
            amount,
            f'"{name}" gives {amount:+d} combat damage {term.duration}',
            Text(name, term.quote),
            CARD_EFFECTS,
        )
    return value


def silenced(board: Board, target: InPlay) -> Text | None:
    """The tactic that acted this turn by which a unit deals no damage in combat, quoted."""
    reached, _gaps = _reached(board, target)
    return next((Text(p.card.name, t.quote) for p, t in reached if t.none), None)
