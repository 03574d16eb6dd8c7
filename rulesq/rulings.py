"""FAQ-style rulings about a set of cards: the game's question templates, asked and kept.

A game lists in ``corpus/<game>/rulings.toml`` the questions worth asking about one card
(``[[single]]``) or about two (``[[pair]]``: "{a}" may act on "{b}"), the card types each
applies to and when an answer is worth printing. Every question is a situation the judge
answers like any other, so each ruling can be re-run with ``rulesq ask``.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulesq.engine.answer import Status
from rulesq.errors import RulesqError
from rulesq.paths import corpus_dir

if TYPE_CHECKING:
    from rulesq.corpus.models import Card, Clause
    from rulesq.engine.answer import Answer
    from rulesq.narrow import Touch
    from rulesq.shapes import Shape
    from rulesq.situation.model import Situation

KEEP_RULES = ("quotes-a", "cites", "verdict:")


def of_family(card_type: str, types: Sequence[str]) -> bool:
    """Whether a card type is one of ``types`` or of their family (by its last word).

    A "Tutu character" is a character.
    """
    return _of_family(card_type, tuple(types))


@functools.cache
def _of_family(card_type: str, types: tuple[str, ...]) -> bool:
    wanted = {t.lower() for t in types}
    words = card_type.lower().split()
    return card_type.lower() in wanted or bool(words) and words[-1] in wanted


@dataclass(frozen=True)
class Template:
    """One question about one card or an ordered pair of cards."""

    title: str
    situation: str
    keep: str
    a_types: tuple[str, ...] = ()
    b_types: tuple[str, ...] = ()
    ordered: bool = True
    #: The title of the template this one follows up: asked only when that one's answer,
    #: for the same cards, is "yes" (the card can legally be played there).
    after: str = ""
    #: The phase a card of each type family is played in (``[phases]`` of rulings.toml),
    #: stated by a ``phase {b_phase}`` line; for a card of no listed family the line is left out.
    phases: tuple[tuple[str, str], ...] = ()

    def phase_of(self, card: Card | None) -> str | None:
        """The phase the card is played in, by its type family, or None."""
        if card is None:
            return None
        return next((phase for kind, phase in self.phases if of_family(card.type, [kind])), None)

    def applies(self, a: Card, b: Card | None = None) -> bool:
        """Whether the cards are of the types the template is about (by family)."""
        return self.misfit(a, b) is None

    def misfit(self, a: Card, b: Card | None = None) -> str | None:
        """Why the template does not apply to these cards, or None when it does."""
        for card, types in ((a, self.a_types), (b, self.b_types)):
            if card is not None and types and not of_family(card.type, types):
                return (
                    f'"{card.name}" is a {card.type} card, not one of the types this '
                    f"question is about ({', '.join(types)})"
                )
        return None

    def heading(self, a: Card, b: Card | None = None) -> str:
        """The question's title, for these cards."""
        return self.title.format(a=a.name, b=b.name if b is not None else "")

    def with_one(self, cards: Sequence[Card]) -> str:
        """The title of a question about two cards where only ``cards`` (one or none) are given.

        Its places are said in words, never shown as they are written (``"{b}"``): the card
        given, and "another card" (or "a card") for each one missing.
        """
        named = [f'"{card.name}"' for card in cards[:1]] or ["a card"]
        title = self.title.replace('"{a}"', "{a}").replace('"{b}"', "{b}")
        return title.format(a=named[0], b="another card")

    def fill(self, game: str, a: Card, b: Card | None = None) -> tuple[str, str]:
        """The question's title and its situation text, for these cards."""
        names = {"a": a.name, "b": b.name if b is not None else ""}
        phase = self.phase_of(b)
        lines = self.situation.strip().splitlines()
        if phase is None:
            lines = [line for line in lines if "{b_phase}" not in line]
        body = "\n".join(lines).format(**names, b_phase=phase or "")
        return self.heading(a, b), f"game {game}\n{body}\n"

    def worth_keeping(self, answer: Answer, a: Card) -> bool:
        """Whether the answer is a ruling about these cards (conflicts always are)."""
        if answer.status is Status.CONFLICT:
            return True
        if not answer.answered or answer.verdict is None:
            return False
        if self.keep == "quotes-a":
            return any(effect["card"] == a.name for effect in answer.graph.effects())
        if self.keep == "cites":
            return bool(answer.citations())
        return answer.verdict.show() == self.keep.removeprefix("verdict:")


@dataclass
class Ruling:
    """A question asked about the cards, with its situation and answer."""

    title: str
    situation: str
    answer: Answer
    #: The other questions of the same situation, which no card changes alone: they show
    #: where the ruling's card text stops, as the FAQ answers them together.
    beside: list[Answer] = field(default_factory=list)
    #: No given card changes this answer alone, but an FAQ answer about the same cards
    #: rules on the same question with the same verdict (its precedent): the FAQ's "No, X
    #: does not stop Y".
    unchanged: bool = False


@dataclass(frozen=True)
class OpenQuestion:
    """A question rulesq asked about the cards and could not answer, with why."""

    title: str
    situation: str
    reason: str


@dataclass(frozen=True)
class Skipped:
    """A template question not asked of some cards, with why."""

    title: str
    reason: str


@dataclass
class Rulings:
    """The rulings about a set of cards, and the questions rulesq could not answer."""

    game: str
    cards: list[str]
    rulings: list[Ruling] = field(default_factory=list)
    open: list[OpenQuestion] = field(default_factory=list)
    asked: int = 0
    #: Clauses that name the cards (two of them, when several are given) and that no
    #: ruling cites: what the sources say about the cards beyond the questions asked.
    about: list[Clause] = field(default_factory=list)
    #: Template questions not asked, each with why (a card of another type, no other card).
    skipped: list[Skipped] = field(default_factory=list)
    #: Questions not asked because a card in them neither is named by the question nor has
    #: a text that touches it (``rulesq.narrow``): no card's text could change their answer.
    untouched: int = 0
    #: The questions asked, each counted once by what it gave: a ruling (one or more; the same
    #: ruling is written once), none but a question left open, or neither (no card changes
    #: its answer). They add up to ``asked``.
    ruled: int = 0
    left_open: int = 0
    no_ruling: int = 0


def load_templates(game: str) -> tuple[list[Template], list[Template]]:
    """The game's ``[[single]]`` and ``[[pair]]`` templates."""
    path = corpus_dir() / game / "rulings.toml"
    if not path.is_file():
        raise RulesqError(
            f"no ruling questions are written for {game} (corpus/{game}/rulings.toml)"
        )
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    phases = tuple((str(kind), str(phase)) for kind, phase in data.get("phases", {}).items())
    return (
        [_template(entry, path.name, phases) for entry in data.get("single", [])],
        [_template(entry, path.name, phases) for entry in data.get("pair", [])],
    )


def _template(
    entry: dict[str, object], where: str, phases: tuple[tuple[str, str], ...] = ()
) -> Template:
    keep = str(entry.get("keep", "quotes-a"))
    if not keep.startswith(KEEP_RULES):
        raise RulesqError(
            f'{where}: unknown keep rule "{keep}" (one of quotes-a, cites, verdict:<word>)'
        )
    return Template(
        title=str(entry["title"]),
        situation=str(entry["situation"]),
        keep=keep,
        a_types=_names(entry.get("a_types")),
        b_types=_names(entry.get("b_types")),
        ordered=bool(entry.get("ordered", True)),
        after=str(entry.get("after", "")),
        phases=phases,
    )


def _names(value: object) -> tuple[str, ...]:
    """A list of card types from the TOML (absent: any type)."""
    return tuple(map(str, value)) if isinstance(value, list) else ()


def questions(
    game: str,
    cards: Sequence[Card],
    skipped: list[Skipped] | None = None,
    found: Rulings | None = None,
    follow: list[FollowUp] | None = None,
) -> Iterator[tuple[Template, Card, str, str]]:
    """Every (template, card a, title, situation) the game's templates make of the cards.

    A template that does not apply to some cards is added to ``skipped`` with the reason.
    With ``found``, a pair question whose card a has no text that touches it is not asked
    (counted in ``found.untouched``): its answer could not quote card a. With ``follow``, a
    follow-up question is not checked here: it is added there (``FollowUp``) and yielded, its
    place in ``skipped`` held by a ``FollowUp`` too, so that the check can be made later.
    """
    from rulesq.narrow import asks, fits, slot_table, touch_table, touches, touching

    table = touch_table(game) if found is not None else None
    slots = slot_table(game)
    singles, pairs = load_templates(game)
    by_title = {template.title: template for template in [*singles, *pairs]}
    for template in singles:
        for card in cards:
            why = template.misfit(card)
            if why is None:
                yield (template, card, *template.fill(game, card))
            elif skipped is not None:
                skipped.append(Skipped(template.fill(game, card)[0], why))
    for template in pairs:
        combos = (
            itertools.permutations(cards, 2)
            if template.ordered
            else itertools.combinations(cards, 2)
        )
        wanted: frozenset[str] | None = None
        first = by_title.get(template.after)
        narrowed = template.keep == "quotes-a" and table is not None and found is not None
        for a, b in combos:
            why = template.misfit(a, b)
            if narrowed and table is not None and found is not None:
                if wanted is None:  # the kinds of its questions (the same for any cards)
                    wanted = frozenset().union(
                        *(
                            touching(table, frozenset([kind]), a.name in named)
                            for kind, named in asks(template.fill(game, a, b)[1])
                        )
                    )
                if why is None and not (
                    touches(game, wanted, a) and fits(game, slots, template.title, 0, a)
                ):
                    found.untouched += 1
                    continue
            if why is None and first is not None and follow is not None and skipped is not None:
                follow.append(FollowUp(game, first, b, len(skipped)))
                skipped.append(follow[-1])  # type: ignore[arg-type]  # its place, for later
                yield (template, a, *template.fill(game, a, b))
                continue
            why = why or _not_after(game, by_title, template, a, b)
            if why is None:
                yield (template, a, *template.fill(game, a, b))
            elif skipped is not None:
                skipped.append(Skipped(template.heading(a, b), why))
        if len(cards) < 2 and skipped is not None:
            skipped.append(
                Skipped(template.with_one(cards), "a question about two cards needs two")
            )


@dataclass(frozen=True)
class FollowUp:
    """A follow-up question's check, made where the question is answered, not before.

    The question is asked only when ``first``, for the same cards, answers "yes"; otherwise
    it is listed as not asked, at ``slot`` of the document's questions not asked.
    """

    game: str
    first: Template
    b: Card
    slot: int


@dataclass(frozen=True)
class NotFollowed:
    """A follow-up question not asked (``FollowUp``), with its place among those not asked."""

    slot: int
    skipped: Skipped


def _not_after(
    game: str, by_title: dict[str, Template], template: Template, a: Card, b: Card
) -> str | None:
    """Why a follow-up question is not asked (the question it follows is not "yes"), or None."""
    if not template.after:
        return None
    first = by_title.get(template.after)
    if first is None:
        raise RulesqError(f'rulings.toml: "{template.title}" follows an unknown question')
    return _not_yes(game, first, a, b)


def _not_yes(game: str, first: Template, a: Card, b: Card) -> str | None:
    """Why the question ``first`` about the cards is not "yes" (None when it is)."""
    if first.misfit(a, b) is not None:
        return f"it follows {first.fill(game, a, b)[0]!r}, which is not asked of these cards"
    title, text = first.fill(game, a, b)
    try:
        answers = _evaluate(text)
    except (RulesqError, ValueError) as error:
        return f'it follows "{title}", which rulesq cannot answer ({error})'
    shown = [x.verdict.show() for x in answers if x.verdict is not None]
    if shown != ["yes"]:
        reason = answers[0].reason if answers else "no answer"
        return f'"{b.name}" cannot be played there ({title} {shown[0] if shown else "?"}: {reason})'
    return None


def write_rulings(
    game: str, cards: Sequence[Card], jobs: int = 1, *, narrow: bool = True
) -> Rulings:
    """Ask every question about the cards; keep the rulings in which a card changes the answer.

    A pair question is a ruling only when card a changes it: asked without the lines that
    name "{a}", the verdict is another, or a text of "{a}" argued for a verdict the ladder
    beat. The same verdict for the same reason is kept once. The questions are answered in
    ``jobs`` processes; the document is the same as with one. With ``narrow`` (the default)
    a question is asked only when its cards' texts touch it (``rulesq.narrow``): the rulings
    are those of asking every question, without the questions that cannot give one.
    """
    found = Rulings(game, [card.name for card in cards])
    seen: dict[tuple[str, str, str], Ruling] = {}
    with _fewer_collections():
        asked: list[Any] = []
        follow: list[FollowUp] = []  # follow-ups are checked where they are answered
        attached: list[FollowUp] = []
        for item in questions(game, cards, found.skipped, found if narrow else None, follow):
            if len(follow) > len(attached):  # the question yielded is that follow-up
                attached.append(follow[-1])
                asked.append((*item, follow[-1]))
            else:
                asked.append(item)
        asked += _shape_items(game, cards, found, narrow)
        found.asked += len(asked)
        # One map for both kinds of question: the workers are forked once.
        for outcomes in _mapped(_read_first if narrow else _outcomes, asked, jobs):
            _merge(found, seen, outcomes)
        found.skipped = [s for s in found.skipped if isinstance(s, Skipped)]
    cited = {c["clause_id"] for ruling in found.rulings for c in ruling.answer.citations()}
    found.about = [c for c in clauses_naming(game, cards) if c.id not in cited]
    return found


#: Allocations between two collections of the youngest objects while rulings are asked.
YOUNG_OBJECTS = 50_000
#: The collections of the middle generation (every 10 of the youngest, as by default) and
#: of every object (none meanwhile).
OLDER = (10, 1 << 30)


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """No collection of every object meanwhile, and fewer of the youngest.

    The answers kept (the situations' cache, the rulings) grow into the oldest generation,
    and each collection of it walks them all: over many questions, about a fifth of the CPU.
    The younger generations are still collected, so most of an answer's cycles are freed
    (the cycles of an answer that dies old wait for the next full collection, after this).
    The workers inherit the setting.
    """
    import gc

    before = gc.get_threshold()
    gc.set_threshold(max(before[0], YOUNG_OBJECTS), *OLDER)
    try:
        yield
    finally:
        gc.set_threshold(*before)


@dataclass(frozen=True)
class Unquoted:
    """A question asked no further: no answer of its first judging quotes every card in it."""


@dataclass(frozen=True)
class SentBefore:
    """A ruling a worker sent before, left out of a later question's outcomes: it still counts."""


#: What one question gives: its rulings (before the same verdict for the same reason is
#: dropped) and the questions left open, in the order they were found; or that it was not
#: asked further (``Unquoted``), or not asked (``NotFollowed``).
Outcomes = list["Ruling | OpenQuestion | Unquoted | NotFollowed | SentBefore"]


def _read_first(item: Any) -> Outcomes:
    """The outcomes of a question, unless its first judging shows it cannot give a ruling.

    A ruling quotes a text of every card it is about (a template's card a; every card of a
    shape filled with other cards than its FAQ case's own). When no answer of the first
    judging does (``rulesq.quotes.may_quote``), the defaults are not tried: they could only
    make an answer *cannot answer*, so the question is counted with those no card's text
    touches, and its rulings are those of asking it in full (none).
    """
    from rulesq.quotes import may_quote, quotes_all

    if isinstance(item[0], Template):
        item, stop = _followed(item)
        if stop:
            return stop
        template, a, _, text = item
        if template.keep == "quotes-a" and not may_quote(
            text, lambda x: quotes_all(x, [a.name]), read=_READ
        ):
            return [Unquoted()]
    else:
        text, chosen, own, sets = item
        names = [card.name for card in chosen]
        if not own and frozenset(names) not in sets:
            if not may_quote(
                text, lambda x: x.verdict is not None and quotes_all(x, names), read=_READ
            ):
                return [Unquoted()]
    try:
        return _outcomes(item)
    finally:
        _READ.clear()


def _outcomes(item: Any) -> Outcomes:
    """The rulings and open questions of a template question or of a filled case shape.

    A follow-up question (a template question with its ``FollowUp``) is first checked: when
    the question it follows is not "yes", it is not asked (``NotFollowed``).
    """
    if isinstance(item[0], Template):
        item, stop = _followed(item)
        return stop or _template_outcomes(item)
    return _shape_outcomes(item)


def _followed(item: Any) -> tuple[tuple[Template, Card, str, str], Outcomes]:
    """A template question without its ``FollowUp``, and ``NotFollowed`` if it is not asked."""
    if len(item) == 4:
        return item, []
    later: FollowUp = item[4]
    why = _not_yes(later.game, later.first, item[1], later.b)
    return item[:4], [] if why is None else [NotFollowed(later.slot, Skipped(item[2], why))]


def _template_outcomes(item: tuple[Template, Card, str, str]) -> Outcomes:
    """The rulings and open questions of one template question."""
    template, a, title, text = item
    try:
        answers = _evaluate(text)
    except RulesqError as error:
        return [OpenQuestion(title, text, str(error))]
    out: Outcomes = []
    for answer in answers:
        if template.worth_keeping(answer, a):
            if _changes_answer(template, a, text, answer):
                out.append(Ruling(title, text, answer))
        elif answer.status is Status.CANNOT:
            out.append(OpenQuestion(title, text, answer.reason))
    return out


def _mark(answer: Answer) -> tuple[str, str, str]:
    """What makes two rulings the same: the question, the verdict and the reason."""
    shown = answer.verdict.show() if answer.verdict is not None else ""
    return (answer.question.text, shown, answer.reason)


def _merge(found: Rulings, seen: dict[tuple[str, str, str], Ruling], outcomes: Outcomes) -> None:
    """Add one question's outcomes: each ruling once (the first with its mark), every open.

    A ruling already written gains the contrasts a later situation prints beside it. The
    question is counted by what it gave (``Rulings.ruled``, ``left_open``, ``no_ruling``).
    """
    if not any(isinstance(o, (Unquoted, NotFollowed)) for o in outcomes):
        if any(isinstance(o, (Ruling, SentBefore)) for o in outcomes):
            found.ruled += 1
        elif any(isinstance(o, OpenQuestion) for o in outcomes):
            found.left_open += 1
        else:
            found.no_ruling += 1
    for outcome in outcomes:
        if isinstance(outcome, Unquoted):
            found.asked -= 1
            found.untouched += 1
            continue
        if isinstance(outcome, NotFollowed):
            found.asked -= 1
            found.skipped[outcome.slot] = outcome.skipped
            continue
        if isinstance(outcome, OpenQuestion):
            found.open.append(outcome)
            continue
        if isinstance(outcome, SentBefore):
            continue
        mark = _mark(outcome.answer)
        if mark not in seen:
            seen[mark] = outcome
            found.rulings.append(outcome)
        elif outcome.beside:
            _add_beside(seen[mark], outcome.beside)


#: How many questions at most are answered before the workers fork.
HERE = 8


def _mapped(
    function: Callable[[Any], Outcomes], items: Sequence[Any], jobs: int
) -> Iterator[Outcomes]:
    """``function`` of every item in order, in ``jobs`` processes (here, with one)."""
    from rulesq.pool import ordered_map

    if jobs < 2:
        return map(function, items)
    chunk = max(4, len(items) // (jobs * 64))  # neighbours share situations (and a cache)
    # A few questions are answered here: the workers inherit what they loaded (the judge's
    # modules, the corpus); more would be work only this process does.
    portable = functools.partial(_portable, function, set())
    return ordered_map(portable, items, jobs, chunk, here=min(chunk, HERE))


def _portable(
    function: Callable[[Any], Outcomes], sent: set[tuple[str, str, str]], item: Any
) -> Outcomes:
    """In a worker: the outcomes of one item, their answers ready to be sent back.

    A worker takes the items in order, so a ruling whose mark it has sent before is one
    the merge drops (unless it brings contrasts to add beside the first): it is left out
    here, and its answer is neither completed nor sent: a ``SentBefore`` stands in for it, so
    the question still counts as one that gave a ruling.
    """
    out: Outcomes = []
    for outcome in function(item):
        if isinstance(outcome, Ruling):
            mark = _mark(outcome.answer)
            if mark in sent and not outcome.beside:
                out.append(SentBefore())
                continue
            sent.add(mark)
            for answer in (outcome.answer, *outcome.beside):
                answer.graph.portable()
        out.append(outcome)
    return out


def shape_settings(game: str) -> tuple[str, int] | None:
    """Where the game's case shapes come from and how many cards a shape may name, if any."""
    path = corpus_dir() / game / "rulings.toml"
    if not path.is_file():
        return None
    with path.open("rb") as handle:
        entry = tomllib.load(handle).get("cases")
    if not isinstance(entry, dict):
        return None
    return str(entry.get("folder", "cases")), int(entry.get("most", 3))


#: A case shape filled with cards, to ask: its situation text, the cards, whether they are the
#: FAQ case's own, and the card sets of every FAQ case.
ShapeItem = tuple[str, tuple["Card", ...], bool, frozenset[frozenset[str]]]


def _shape_items(
    game: str, cards: Sequence[Card], found: Rulings, narrow: bool = True
) -> list[ShapeItem]:
    """Every case shape the cards fit, filled with them, to ask (each situation text once).

    The answers one of the cards changes are kept (``_shape_outcomes``).
    """
    from rulesq.narrow import touch_table
    from rulesq.shapes import load_shapes

    settings = shape_settings(game)
    if settings is None or len(cards) < 2:
        return []
    table = touch_table(game) if narrow else None
    shapes = load_shapes(game, *settings)
    sets = frozenset(frozenset(own) for shape in shapes for own in shape.owns)
    asked: dict[str, tuple[tuple[Card, ...], bool]] = {}
    for shape in shapes:
        for chosen in _fillings(game, shape, cards, table, sets, found):
            own = tuple(card.name for card in chosen) in shape.owns
            text = shape.fill(chosen)
            before = asked.get(text)
            asked[text] = (before[0], before[1] or own) if before else (chosen, own)
    return [(text, chosen, own, sets) for text, (chosen, own) in asked.items()]


def _fillings(
    game: str,
    shape: Shape,
    cards: Sequence[Card],
    table: Touch | None,
    sets: frozenset[frozenset[str]],
    found: Rulings,
) -> list[tuple[Card, ...]]:
    """The fillings of a shape worth asking, in the order of every filling.

    Without ``table``, every filling. With it, those of which one of the shape's questions
    reads every card (``rulesq.narrow.reads``) and every card has a text that touches that
    question, and those that are the cards of an FAQ case (whose answer may be kept
    unchanged); the others are counted as untouched.
    """
    from rulesq.narrow import fits, reads, slot_table, touches, touching
    from rulesq.shapes import family

    if table is None:
        return list(shape.fillings(cards))
    fit = slot_table(game)
    index = {card.name: n for n, card in enumerate(cards)}
    slots = [[n for n, c in enumerate(cards) if family(c.type) == f] for f in shape.families]
    picked: set[tuple[int, ...]] = set()
    own = shape.owns[0]
    for kind, named, read in reads(shape.fill_names(own), game):
        if not read.issuperset(own):
            continue
        keep = [
            [
                n
                for n in slot
                if touches(game, touching(table, frozenset([kind]), name in named), cards[n])
                and fits(game, fit, shape.case, at, cards[n])
            ]
            for at, (slot, name) in enumerate(zip(slots, own, strict=True))
        ]
        picked |= {c for c in itertools.product(*keep) if len(set(c)) == len(c)}
    for names in _own_orders(sets, len(slots), index):
        if all(n in slot for n, slot in zip(names, slots, strict=True)):
            picked.add(names)
    found.untouched += _distinct_count(slots) - len(picked)
    return [tuple(cards[n] for n in combo) for combo in sorted(picked)]


def _own_orders(
    sets: frozenset[frozenset[str]], size: int, index: dict[str, int]
) -> Iterator[tuple[int, ...]]:
    """Every order of the given cards that makes up an FAQ case's cards, as indexes."""
    for names in sets:
        if len(names) == size and names <= index.keys():
            yield from itertools.permutations(sorted(index[name] for name in names))


def _distinct_count(slots: Sequence[Sequence[int]]) -> int:
    """How many fillings of the slots use distinct cards (counted without listing them)."""
    if len(slots) > 3:
        return sum(1 for combo in itertools.product(*slots) if len(set(combo)) == len(combo))
    sets = [set(slot) for slot in slots]
    total = 1
    for slot in sets:
        total *= len(slot)
    pairs = list(itertools.combinations(range(len(sets)), 2))
    for i, j in pairs:
        rest = 1
        for k in range(len(sets)):
            if k not in (i, j):
                rest *= len(sets[k])
        total -= len(sets[i] & sets[j]) * rest
    if len(sets) == 3:
        total += 2 * len(sets[0] & sets[1] & sets[2])
    return total


def _shape_outcomes(item: ShapeItem) -> Outcomes:
    """The rulings and open questions of one case shape filled with cards."""
    text, chosen, own, sets = item
    try:
        answers = _evaluate(text)
    except (RulesqError, ValueError) as error:
        return [OpenQuestion(_title(_first_ask(text)), text, str(error))]
    return _keep_situation(text, answers, chosen, own, sets)


def _keep_situation(
    text: str,
    answers: Sequence[Answer],
    chosen: Sequence[Card],
    own: bool = True,
    sets: frozenset[frozenset[str]] = frozenset(),
) -> Outcomes:
    """The rulings one situation gives: the answers a card changes, then their contrasts.

    Unless the cards are those of the FAQ case the situation is made of (``own``), an answer
    is a ruling only when a text of every card is quoted in its derivation: the ruling is
    about all of them (a card only asked about stands for any card of its type). An answer no
    card changes is kept when the FAQ rules on the same question about exactly these cards
    (``sets``: the FAQ cases' cards).
    The other questions of a situation that gave a ruling are kept beside its first ruling:
    they show where the card's text stops, as the FAQ answers them together.
    """
    out: Outcomes = []
    kept: list[Ruling] = []
    beside: list[Answer] = []
    for index, answer in enumerate(answers):
        if answer.status is Status.CANNOT:
            out.append(OpenQuestion(_title(answer.question.text), text, answer.reason))
            continue
        if not answer.answered or answer.verdict is None:
            continue
        if (own or _all_quoted(answer, chosen)) and _a_card_changes(text, index, answer, chosen):
            kept.append(Ruling(_title(answer.question.text), text, answer))
        else:
            beside.append(answer)
    if not kept and (own or frozenset(c.name for c in chosen) in sets):
        ruled = [a for a in beside if faq_rules_on(a, chosen)]
        if ruled:
            kept = [Ruling(_title(ruled[0].question.text), text, ruled[0], unchanged=True)]
            beside = [a for a in beside if a is not ruled[0]]
    if kept:
        kept[0].beside = beside
    return out + list(kept)


def _all_quoted(answer: Answer, cards: Sequence[Card]) -> bool:
    """Whether a text of every card is quoted in the answer's derivation."""
    quoted = {effect.get("card") for effect in answer.graph.effects()}
    return all(card.name in quoted for card in cards)


def _add_beside(ruling: Ruling, others: Sequence[Answer]) -> None:
    """Add to a ruling the contrasts it does not hold yet (same question and verdict)."""
    held = {_mark(a)[:2] for a in [ruling.answer, *ruling.beside]}
    for other in others:
        if _mark(other)[:2] not in held:
            held.add(_mark(other)[:2])
            ruling.beside.append(other)


def faq_rules_on(answer: Answer, cards: Sequence[Card]) -> bool:
    """Whether an FAQ answer about these cards rules on the answer's question, as it does.

    One of the answer's precedents encodes the same kind of question with the same verdict,
    in a situation that names two or more of the cards and no other corpus card.
    """
    if answer.verdict is None:
        return False
    names = {card.name for card in cards}
    shown = answer.verdict.show()
    return any(
        clause.get("role") == "precedent"
        and clause.get("matched_kind") == answer.question.kind
        and clause.get("matched_verdict") == shown
        and 2 <= len(set(clause.get("matched_cards") or ())) <= len(names)
        and set(clause.get("matched_cards") or ()) <= names
        for clause in answer.citations()
    )


def _first_ask(text: str) -> str:
    return next((line for line in text.splitlines() if line.startswith("ask ")), text)


def _title(question: str) -> str:
    """A ruling's heading: its question, capitalised."""
    question = question.strip().removeprefix("ask ").strip()
    return question[:1].upper() + question[1:]


def _a_card_changes(text: str, index: int, answer: Answer, cards: Sequence[Card]) -> bool:
    """Whether one of the cards is why the question has its answer.

    Taking one of the cards out of the situation (or out of one player's lines, when both
    have it) gives the question another verdict; or a text of one of them argued for a
    verdict the ladder beat; or the question names two of the cards, or the cards are named
    only in the question (it is about them together).
    """
    if answer.status is Status.CONFLICT or any(_argued_and_lost(answer, c) for c in cards):
        return True
    asked = {card.name for card in answer.question.cards}
    if len(asked & {c.name for c in cards}) >= 2:
        return True
    from rulesq.quotes import first_verdicts
    from rulesq.shapes import sides, without

    shown = answer.verdict.show() if answer.verdict is not None else ""
    removable = False
    for card in cards:
        both = sides(text, card)
        for side in [None, *both] if len(both) > 1 else [None]:
            less = without(text, card, side)
            if less is None:
                continue
            removable = True
            first = first_verdicts(less)
            if first is not None and index < len(first) and first[index] in (None, shown):
                continue  # asked in full, it has the same verdict or none
            try:
                again = _evaluate(less)
            except (RulesqError, ValueError):
                continue
            if index >= len(again):
                continue
            other = again[index]
            if other.answered and other.verdict is not None and other.verdict.show() != shown:
                return True
    return not removable


#: The situation of the text a first judging read and the answers it judged (by question
#: index), for its answers in full (``_read_first``).
_READ: dict[str, tuple[Situation, dict[int, Answer]]] = {}


@functools.lru_cache(maxsize=8192)
def _evaluate(text: str) -> tuple[Answer, ...]:
    """The answers to a situation text (the same text recurs across sets of cards)."""
    from rulesq.engine.dispatch import evaluate
    from rulesq.situation import parse_situation

    kept = _READ.pop(text, None)
    situation, first = kept if kept is not None else (parse_situation(text, "<ruling>"), {})
    return tuple(evaluate(situation, first=first))


def _changes_answer(template: Template, a: Card, text: str, answer: Answer) -> bool:
    """Whether the answer changes without card a (single-card questions always count)."""
    if template.b_types == () and "{b}" not in template.situation:
        return True
    if answer.status is Status.CONFLICT or _argued_and_lost(answer, a):
        return True
    lines = [
        line for line in text.splitlines() if f'"{a.name}"' not in line or line.startswith("ask ")
    ]
    if len(lines) == len(text.splitlines()):
        return True
    from rulesq.quotes import first_verdicts

    less = "\n".join(lines) + "\n"
    first = first_verdicts(less)
    shown = answer.verdict.show() if answer.verdict is not None else None
    if first is not None and len(first) == 1 and shown is not None and first[0] != shown:
        return True  # asked in full, it has another verdict or none
    try:
        [again] = _evaluate(less)
    except (RulesqError, ValueError):
        return True
    if not again.answered or again.verdict is None or answer.verdict is None:
        return True
    return again.verdict.show() != answer.verdict.show()


def _argued_and_lost(answer: Answer, a: Card) -> bool:
    """Whether an effect of card a argued for a verdict that lost (the ladder beat it)."""
    graph = answer.graph.graph
    return any(
        data.get("kind") == "effect"
        and data.get("card") == a.name
        and any(str(target).startswith("alternative:") for _, target in graph.out_edges(node))
        for node, data in graph.nodes(data=True)
    )


def clauses_naming(game: str, cards: Sequence[Card]) -> list[Clause]:
    """The clauses that speak of the cards: two of them, when several are given.

    A clause speaks of a card when its ``card``/``cards``/``card_id`` fields name it, or its
    text, question or other text fields (what it reverses, what a card should read) name it
    or give its set and number ("[Hoax 28]", "Core Set 45").
    """
    from rulesq.corpus.load import normalise_name

    refs = {card.name: [_flat(card.name), *_set_numbers(card, _flat)] for card in cards}
    coded = {card.name: pattern for card in cards if (pattern := _coded_number(card))}
    need = min(2, len(cards))
    wanted = {normalise_name(card.name): card.name for card in cards}
    ids = {card.id: card.name for card in cards}
    found = []
    for clause, listed, card_id, words in _clause_words(game, str(corpus_dir())):
        named = {wanted[key] for key in listed if key in wanted}
        if card_id in ids:
            named.add(ids[card_id])
        named |= {name for name, forms in refs.items() if any(f in words for f in forms)}
        named |= {name for name, pattern in coded.items() if pattern.search(words)}
        if len(named) >= need:
            found.append(clause)
    return found


#: The fields of a clause besides its question and text whose words may name a card.
TEXT_FIELDS = ("reverses", "should_read", "applies_to")


@functools.cache
def _clause_words(game: str, where: str) -> tuple[tuple[Clause, frozenset[str], str, str], ...]:
    """Each clause of a game with the card names its fields list, its card id and its words.

    ``where`` (the corpus folder) keys the cache.
    """
    from rulesq.corpus.load import load_corpus, normalise_name

    out = []
    for clause in load_corpus(game).clauses.values():
        listed = [clause.extra.get("card"), *(clause.extra.get("cards") or [])]
        texts = [clause.question or "", clause.text]
        texts += [str(clause.extra.get(name) or "") for name in TEXT_FIELDS]
        out.append(
            (
                clause,
                frozenset(normalise_name(str(n)) for n in listed if n),
                str(clause.extra.get("card_id") or ""),
                _flat(" ".join(texts)),
            )
        )
    return tuple(out)


def _flat(text: str) -> str:
    """Lower-case words separated by single spaces, with a space at each end."""
    return " " + re.sub(r"[^a-z0-9]+", " ", text.lower()).strip() + " "


def _coded_number(card: Card) -> re.Pattern[str] | None:
    """A card named, in full or by its first words, before a set code and its number.

    "Grim Old Keep (CS 75)" numbers a card "Grim Old Keep Gate" of number 75: the code
    ("CS") is not checked, the number and at least two words of the name (all, if fewer) are;
    a possessive "'s" may follow the name.
    """
    number = card.fields.get("number")
    words = _flat(card.name).split()
    if not isinstance(number, int) or not words:
        return None
    need = min(2, len(words))
    name = " ".join(map(re.escape, words[:need]))
    rest = "".join(f"(?: {re.escape(w)}" for w in words[need:]) + ")?" * (len(words) - need)
    return re.compile(rf" {name}{rest}(?: s)? [a-z]{{2}} 0*{number} ")


def _set_numbers(card: Card, flat: Callable[[str], str]) -> list[str]:
    """How a source may number a card: its set and number ("hoax 28", "core set 45")."""
    pack, number = card.fields.get("pack"), card.fields.get("number")
    forms = [flat(f"{pack} {number}")] if pack and number is not None else []
    slug = card.id.rpartition("/")[2]
    if slug and slug[-1].isdigit():
        forms.append(flat(slug))
    return forms
