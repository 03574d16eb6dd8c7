"""A situation with lines stated in it, made from the built one: only the new lines are read.

A default a verdict rests on is tried by asking the question again with a line stated (``it
is my turn``, ``phase Fight``, ``"X" has icon PROTECTED``). The situation so made is exactly
the one its text, with the lines written in, would parse to: the new lines are parsed and
built alone, resolved as the statements before them leave the names, and the items after them
moved down (their spans, indexes and the plays they suppose). Then the game checks it, as it
checks any situation. A text with carriage returns, or a line that reads as no statement, is
read again whole instead (``parse_situation``): the exact text is then the simplest truth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from rulesq import games, inputs
from rulesq import situation as situations
from rulesq.errors import RulesqError
from rulesq.situation import lineitems, model, resolve
from rulesq.situation.model import CardRef, Expectation, Fact, Question, Situation
from rulesq.spans import moved_span, text_lines

if TYPE_CHECKING:
    from collections.abc import Sequence

T = TypeVar("T")


def written_in(situation: Situation, at: int, lines: Sequence[str]) -> str:
    """The situation's text with ``lines`` written before its line ``at`` (from 1).

    Past its last line, they are written after it.
    """
    old = text_lines(situation.text)
    at = max(1, min(at, len(old) + 1))
    return "\n".join([*old[: at - 1], *lines, *old[at - 1 :]]) + "\n"


def stated(
    situation: Situation, at: int, lines: Sequence[str], *, checked: bool = True
) -> Situation:
    """The situation with ``lines`` (statements) written before its line ``at`` (from 1).

    Raises ``RulesqError`` where the text so written would not parse, resolve or pass the
    game's checks, as ``parse_situation`` of it would. ``checked=False``: the checks of the
    whole text (its size, its counts, the game's) are left to :func:`check_stated`, for a
    caller to whom whether it passes them matters only now and then (the situation is
    the same; a text read whole again is checked as it is read).
    """
    old = text_lines(situation.text)
    at = max(1, min(at, len(old) + 1))  # where the lines land in the text
    text = "\n".join([*old[: at - 1], *lines, *old[at - 1 :]]) + "\n"  # as ``written_in``
    plain = "\r" not in situation.text and not any("\r" in line for line in lines)
    added = _added(situation, lines) if plain and _between_items(situation, at, old) else None
    if added is None or any(i.supposed is not None for i in situation.items):
        # A play a what-happens question supposes raises questions from the facts before
        # it: read the whole text, which raises them again.
        return situations.parse_situation(
            text, situation.source, situation.game, situation.remembered
        )
    offset = sum(map(len, old[: at - 1])) + at - 1  # each line and its line feed
    return _stated(situation, text, (at, offset, at > len(old)), lines, added, checked)


def _between_items(situation: Situation, at: int, old: list[str]) -> bool:
    """Whether line ``at`` is where a statement may stand: after the game line, no call cut off.

    That is the line of a statement or question (none before it ends with ``expect`` lines
    at or after ``at``), or past the text's last item.
    """
    if at > len(old):
        return True  # past every line: every item and call is before it
    items = situation.items
    if not items:
        return False
    if at < items[0].span.line:
        return False
    return not any(
        call.span.line >= at
        for item in items
        if isinstance(item, Question) and item.span.line < at
        for call in item.expectations
    )


def _stated(
    situation: Situation,
    text: str,
    place: tuple[int, int, bool],
    lines: Sequence[str],
    added: list[Fact],
    checked: bool = True,
) -> Situation:
    """The situation with ``added`` (the facts of ``lines``) at ``place``.

    ``place``: the line and offset the lines are written at, and whether that is past the
    last line (every item is then before them).
    """
    if checked:
        inputs.check_text(text, situation.source)
    at, offset, past_end = place
    moved = sum(len(line) + 1 for line in lines)
    cut = (
        None
        if past_end
        else next((n for n, i in enumerate(situation.items) if i.span.line >= at), None)
    )
    before = situation.items[:cut] if cut is not None else list(situation.items)
    after = situation.items[len(before) :]
    game = games.get_game(situation.game)
    new = [
        _with(
            fact,
            span=moved_span(fact.span, at - 1, offset),
            index=len(before) + n,
            cards=tuple(_with(r, span=moved_span(r.span, at - 1, offset)) for r in fact.cards),
        )
        for n, fact in enumerate(added)
    ]
    shift = len(new)
    made = Situation(
        game=situation.game,
        source=situation.source,
        text=text,
        cards=situation.cards,
        sources=situation.sources,
        remembered=situation.remembered,
    )
    new = resolve.resolve_added(made, game, before, new)
    made.items = [*before, *new, *(_down(item, moved, len(lines), shift) for item in after)]
    if past_end and model.KEPT:
        # Facts after every item: the questions, and the facts before each, are the
        # situation's; the facts, its and these (``Situation._kinds``, found once).
        facts, questions, seen = situation._kinds()
        kept = (made.items, len(made.items), [*facts, *new], list(questions), dict(seen))
        made.__dict__["_kept"] = kept
    if checked:
        _checked_whole(made, game)
    return made


def check_stated(made: Situation) -> None:
    """Raise ``RulesqError`` where a situation :func:`stated` made unchecked fails a check.

    The checks ``stated`` leaves out with ``checked=False``: the text's size and numbers, the
    counts of its items, and the game's checks. A situation made checked passes them again.
    """
    inputs.check_text(made.text, made.source)
    _checked_whole(made, games.get_game(made.game))


def _checked_whole(made: Situation, game: games.Game) -> None:
    """The counts of a situation made and the game's checks of it (``RulesqError`` if not)."""
    named = sum(len(item.cards) for item in made.items)
    inputs.check_counts(len(made.items), len(made.questions), made.source, named)
    game.check_situation(made)


#: (game, lines as one text, whether a file's) -> the facts they state, read alone; never
#: handed out unchanged.
_ADDED: dict[tuple[str, str, bool], list[Fact] | None] = {}
#: How many texts of added lines are remembered (a few per card whose icons are asked about).
ADDED_LIMIT = 4096


def _added(situation: Situation, lines: Sequence[str]) -> list[Fact] | None:
    """The facts ``lines`` state, read alone (spans from the first line's start), or None.

    None when they are anything but statements (a question, a call, a card or a source), or
    do not parse or read alone. Each text is read once per process, its lines' items as a
    file's are (:mod:`rulesq.situation.lineitems`: those of a file's situation kept on disk).
    """
    block = "\n".join(lines) + "\n"
    key = (situation.game, block, situation.remembered)
    if key in _ADDED:
        return _ADDED[key]
    try:
        built = lineitems.read_by_lines(
            situation.game, situation.source, block, situation.remembered
        )
    except RulesqError:
        built = None  # the whole text is read instead, and fails as it does
    found = _facts(built)
    if len(_ADDED) < ADDED_LIMIT:
        _ADDED[key] = found
    return found


def forget() -> None:
    """Forget the lines read (a benchmark measures a fresh process's work so)."""
    _ADDED.clear()


def _facts(built: Situation | None) -> list[Fact] | None:
    """The items of a text of statements only; None for any other (or no) text."""
    if built is None or built.cards or built.sources:
        return None
    facts = [item for item in built.items if isinstance(item, Fact)]
    return facts if len(facts) == len(built.items) else None


def _down(item: Fact | Question, offset: int, lines: int, shift: int) -> Fact | Question:
    """An item after the lines written in: its place moved down, its index ``shift`` on."""
    new = _new(type(item))
    fields = new.__dict__
    fields.update(item.__dict__)
    fields["span"] = moved_span(fields["span"], lines, offset)
    fields["index"] += shift
    fields["cards"] = tuple([_card_down(ref, offset, lines) for ref in fields["cards"]])
    if isinstance(item, Question) and item.expectations:
        fields["expectations"] = tuple(
            [_call_down(call, offset, lines) for call in item.expectations]
        )
    return new


def _call_down(call: Expectation, offset: int, lines: int) -> Expectation:
    """An ``expect`` call after the lines written in (and the card it names) moved down."""
    new = _new(type(call))
    fields = new.__dict__
    fields.update(call.__dict__)
    fields["span"] = moved_span(fields["span"], lines, offset)
    value = fields["value"]
    if isinstance(value, CardRef):
        fields["value"] = _card_down(value, offset, lines)
    return new


def _card_down(ref: CardRef, offset: int, lines: int) -> CardRef:
    new = _new(type(ref))
    fields = new.__dict__
    fields.update(ref.__dict__)
    fields["span"] = moved_span(fields["span"], lines, offset)
    return new


def _with(item: T, **changes: Any) -> T:
    """A copy of a frozen model object with some fields changed (no ``__init__`` run)."""
    new: T = _new(type(item))
    fields = new.__dict__
    fields.update(item.__dict__)
    fields.update(changes)
    return new


_new = object.__new__
