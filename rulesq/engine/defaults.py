"""Defaults a verdict rests on: shown as assumptions, and re-asked when another would differ.

A game that takes a default where the situation is silent says so in an assumption. Two
defaults concern the turn:

- ``turn_default``: an event with no turn stated (``you announced a total power of 5``)
  is taken to happen on its player's turn, and the question is asked on that turn. The
  engine asks the question again with each turn stated just before it; when the verdicts
  differ, the default decided the answer and there is none: the judge is asked to say whose
  turn it is.
- ``question_turn``: a question about playing, with no turn stated at all, is asked on the
  turn of the player it asks about (a player plays on his own turn), and re-asked likewise.

One concerns the phase: a turn whose phase no statement gives is at its beginning, before
any phase of it is over (``beginning_of_turn``). A yes/no or number answer that rests on it
is asked again in each phase of that turn (``Game.phases``); when the verdicts differ, the judge is
asked to say which phase it is, and told the verdict in each. A phase whose judging would read
the same as that of a phase asked already (``Answer.phase_alike``: the game notes how the
judging compared the phase stated) takes that verdict.

One concerns a card's flags (Blue Moon's icons): a card whose icons no source gives is taken
to have none (``no_icons``), shown where the judging read them. An answer that read them
is asked again with each icon the game lists (``Game.flags_tried``) given to the card, one at
a time; when a verdict differs, or an icon given leaves the question with no answer, the
judge is asked to say which icons the card has. An icon
whose reading no step used (``Answer.unneeded_flags``, as the game notes it) would give the
same verdict: it is asked about only when another icon changes the verdict. An icon that the
judging with another icon given never asked for, where it read the card's flags only by name
or counted them (``Answer.flags_read``), would be read the same: it takes that verdict.

One concerns a player's choice the situation does not state (a Blue Moon "I may discard"
text played with no use stated): the game lists each such choice the judging took one way,
with the lines that state each other way (``Answer.choices``); the question is asked again with
each, and when a verdict differs (or a way cannot be asked), the judge is asked to state the
choice, told the verdict of each way.

Asked again, a question needs its verdict and status alone: it is answered *light* (without
the answer's graph; ``rulesq.engine.dispatch``).

Asked again, a question is asked of the situation with the line stated (``it is my turn``,
``phase Fight``, ``"X" has icon PROTECTED``), made from the built one: only the line is read
(:mod:`rulesq.situation.restate`), and the situation is the one its text would parse to.
Whether that text passes the checks of a whole text (the game's) decides only whether the
icon or phase is listed with its verdict: an icon's situation is asked before it is checked,
and checked where an icon changes the verdict; a phase read alike is stated only where the
phases differ (``CHECKED_LAZILY``).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

from rulesq.engine.answer import Status
from rulesq.errors import RulesqError
from rulesq.situation.restate import check_stated, stated
from rulesq.spans import line_count

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.games.base import ShownDefault
    from rulesq.situation.model import Fact, Question, Situation

#: How every assumption that the engine re-asks begins.
TURN_DEFAULT = "no turn is stated: "
#: How the assumption of a question about playing begins.
QUESTION_TURN = "no turn is stated, so "
#: The reason of an answer that a turn default would decide.
SAY_THE_TURN = (
    "whose turn it is decides the answer, and the situation does not say: say whose "
    "turn it is (it is my turn / it is your turn)"
)
#: The statements that state a turn, tried in turn.
TURN_LINES = ("it is my turn", "it is your turn")
#: How the assumption of a turn's phase, when no statement gives it, begins.
PHASE_DEFAULT = "no phase is stated: "
#: The phase a turn is taken to be in when no statement gives it ({whose}: my or your).
BEGINNING = "it is taken to be the beginning of {whose} turn (no phase over)"
#: The reason of an answer that the phase default would decide ({verdicts}: each phase's).
SAY_THE_PHASE = (
    "which phase it is decides the answer, and the situation does not say: say which "
    "phase it is (phase <name>): {verdicts}"
)


#: How the assumption of a card whose icons no source gives begins, and how it ends.
ICONS_DEFAULT = "the sources give no icons for "
ICONS_TAKEN = ": it is taken to have none"
#: A card the sources mention some icons of (not all): the icons they give follow the name,
#: and it is taken to have no other ("... for "X" beyond PAIR: it is taken to have no other").
ICONS_BEYOND = " beyond "
ICONS_OTHER = ": it is taken to have no other"
#: The statements that say which icons a card has ({name}: the card's name, quoted).
NO_ICONS_LINE = "{name} has no icons"
ICON_LINE = "{name} has icon {icon}"
#: The reason of an answer that the icons of a card would decide ({icon}: one that changes
#: the verdict; {verdicts}: the icons that give each verdict, "none" first).
SAY_THE_ICONS = (
    "which icons {name} has decides the answer, and the sources do not say: say which "
    "icons it has ({name} has no icons / {name} has icon {icon} / {name} has no {icon} "
    "icon): {verdicts}"
)
#: The same, for a card the sources mention some icons of ({known}: those, as a line states
#: them; {verdicts}: "no other" first).
SAY_OTHER_ICONS = (
    "which icons {name} has beside {known} decides the answer, and the sources do not say "
    "(they mention only the icons an answer needs): say which icons it has ({name} has "
    "{icons} {known} / {name} has icons {known} and {icon} / {name} has no {icon} icon): "
    "{verdicts}"
)
#: Whether an icon is given the verdict of another whose judging read the card's icons only
#: by name, neither icon among them (:func:`icon_verdicts`; a test turns it off to compare).
SAME_READING = True
#: Whether the lines of the icons given a verdict unasked (:func:`icon_verdicts`) are stated
#: only when another icon changes the verdict (a test turns it off to compare).
STATED_LAZILY = True
#: Whether a phase is given the verdict of another whose judging read the phase only by
#: comparisons both pass alike (:func:`phase_verdicts`; a test turns it off to compare).
SAME_PHASE_READING = True
#: Whether an icon the sources mention of a card, tried where the judging read the card's icons
#: as a whole, takes the answer's verdict unasked (:func:`icon_verdicts`; a test turns it off
#: to compare).
MENTIONED_TAKEN = True
#: Whether a re-ask's situation is asked before the checks of its whole text are run, those
#: run only where whether its line can be stated changes what is shown: an icon's verdict that
#: differs, a phase read alike where the phases' verdicts differ (:func:`icon_verdicts`,
#: :func:`phase_verdicts`; a test turns it off to compare).
CHECKED_LAZILY = True
#: At most this many cards' icons are asked about again for one answer (each card costs one
#: answer for each icon the game lists).
ICON_CARDS_TRIED = 4
#: The verdict shown for a re-ask that cannot be answered: with that default another way (an
#: icon given), the question has no answer, so no answer may rest on the default.
UNANSWERED = "cannot answer"


def other_way(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    known: AbstractSet[str],
    icons: WayIcons | None = None,
) -> Answer:
    """The answer another way of an unstated choice gives, if it differs; else ``answer``.

    For a default's re-ask (an icon given, a turn stated): a verdict there that rests on a
    choice the first answer did not meet (its assumption not in ``known``) is then seen to
    differ; a choice the first answer met is asked each way of that answer itself. Each way
    is asked down its path (:func:`_way_verdicts`: a choice it opens, each way of that one
    too), and a way that cannot be answered leaves none: :class:`WayUnanswered`. ``icons``:
    when given, a way whose verdict the icons of a card it reaches anew decide is one that
    cannot be answered (:func:`_way_icons`).
    """
    if not answer.answered or answer.verdict is None:
        return answer
    shown = answer.verdict.show()
    position = situation.questions.index(question)
    met = known | frozenset(c.assumption for c in answer.choices)
    budget = [NESTED_WAYS]
    for choice in answer.choices:
        if choice.assumption in known:
            continue
        for at, lines, label in choice.branches:
            other = stated_at(situation, at, lines)
            if other is None:
                continue
            # Each way asked down its path: a way that opens another choice (a card it plays,
            # whose text acts) is asked each way of that one too, as the first answer's are.
            kept: dict[str, Answer] = {}
            found = _way_verdicts(other, position, label, ask, ask, met, budget, kept, icons)
            for verdict, path in found:
                if path not in kept or verdict.startswith(UNANSWERED):
                    # not answered (or not with every icon): no verdict may rest on the others
                    said = f"{path}: {verdict}" if path in kept else path
                    raise WayUnanswered(
                        WAY_UNANSWERED.format(what=choice.what, path=said, hint=choice.hint)
                    )
                if verdict != shown:
                    return kept[path]
    return _other_way_together(situation, question, answer, ask, known)


class TooManyChoices(Exception):
    """A default's re-ask met unstated choices whose ways together are too many to ask."""


class WayUnanswered(TooManyChoices):
    """A default's re-ask met an unstated choice one way of which cannot be answered."""


#: The reason when a way of a choice a default's re-ask met cannot be answered ({what}: the
#: choice; {path}: the way, down its path; {hint}: how to state it).
WAY_UNANSWERED = (
    "the choice of {what} is not stated, and where the question is asked again with another "
    "default (an icon given, a turn or a phase stated) one way of it ({path}) cannot be "
    "answered: no answer may rest on the others ({hint})"
)


def _other_way_together(
    situation: Situation, question: Question, answer: Answer, ask: Ask, known: AbstractSet[str]
) -> Answer:
    """The answer two or more unstated choices at once give, if it differs; else ``answer``.

    As :func:`choices_together` does for the first answer, for a default's re-ask: each way of
    two or more of its choices at once, one at least a choice the first answer did not meet
    (those it met are asked together of that answer itself). Past ``COMBINED_WAYS`` ways, no
    answer may rest on them: :class:`TooManyChoices`, with the reason.
    """
    assert answer.verdict is not None
    choices = [c for c in answer.choices if c.branches]
    if len(choices) < 2 or all(c.assumption in known for c in choices):
        return answer
    ways = [
        way
        for way in product(*[[None, *c.branches] for c in choices])
        if sum(branch is not None for branch in way) >= 2
        and any(
            b is not None and c.assumption not in known for c, b in zip(choices, way, strict=True)
        )
    ]
    if len(ways) > COMBINED_WAYS:
        whats = " and ".join(c.what for c in choices)
        hints = "; ".join(f"{c.what}: {c.hint}" for c in choices)
        raise TooManyChoices(TOO_MANY_CHOICES.format(whats=whats, most=COMBINED_WAYS, hints=hints))
    shown = answer.verdict.show()
    position = situation.questions.index(question)
    for way in ways:
        other: Situation | None = situation
        for at, lines, _ in sorted((b for b in way if b is not None), key=lambda b: -b[0]):
            other = stated_at(other, at, lines) if other is not None else None
        if other is None:
            continue
        again = ask(other, other.questions[position])
        if again.answered and again.verdict is not None and again.verdict.show() != shown:
            return again
    return answer


#: At most this many ways of two or more unstated choices together are asked (each costs an
#: answer); past it, no answer may rest on them (:func:`choices_together`).
COMBINED_WAYS = 12
#: At most this many ways are asked for one question's choices, those opened further down
#: included (each costs an answer; a chain of choices could otherwise multiply without end).
NESTED_WAYS = 96
#: The reason of an answer that unstated choices decide together ({whats}: the cards that
#: offer them; {verdicts}: each way's; {hints}: how to state them).
SAY_THE_CHOICES = (
    "the choices of {whats} are not stated, and they decide the answer together, though "
    "neither does alone: {verdicts} ({hints})"
)
#: The reason when the ways of unstated choices together are too many to ask.
TOO_MANY_CHOICES = (
    "the choices of {whats} are not stated, and together they have more than {most} ways, "
    "too many to try: no answer may rest on them ({hints})"
)


#: Up to this many ways, a reason lists each with its verdict; past it, the ways are grouped by
#: verdict, each group counted, with its first ``SHOWN_WAYS`` ways (:func:`readable_ways`).
LISTED_WAYS = 8
SHOWN_WAYS = 3


def readable_ways(ways: list[tuple[str, str]]) -> str:
    """Each way of a choice with its verdict ("yes if it plays "A""), as a reason says them.

    Up to ``LISTED_WAYS`` ways, each is listed in turn. Past it the list is grouped by verdict
    (in the order the verdicts first come): each group says how many ways give it and shows
    its first ``SHOWN_WAYS`` (every way of a group of at most ``SHOWN_WAYS + 1``, so "1 more"
    is never said), so a verdict that few ways give, what decides, is shown whole; a verdict
    of one way is said as a listed way is ("yes if it plays "A"").
    """
    if len(ways) <= LISTED_WAYS:
        return "; ".join(f"{verdict} {path}" for verdict, path in ways)
    groups: dict[str, list[str]] = {}
    for verdict, path in ways:
        groups.setdefault(verdict, []).append(path)
    out = []
    for verdict, paths in groups.items():
        if len(paths) == 1:  # a verdict of one way: said as a listed way is
            out.append(f"{verdict} {paths[0]}")
            continue
        shown = paths if len(paths) <= SHOWN_WAYS + 1 else paths[:SHOWN_WAYS]
        more = len(paths) - len(shown)
        listed = "; ".join(shown) + (f"; and {more} more" if more else "")
        out.append(f"{verdict} in {len(paths)} ways ({listed})")
    return f"{len(ways)} ways: " + "; ".join(out)


def choice_decides(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    plain: Ask | None = None,
    flags: tuple[str, ...] = (),
) -> tuple[str, str] | None:
    """Why a player's unstated choice decides the answer (each way asked), or None.

    The reason comes twice: as shown (many ways grouped by verdict: :func:`readable_ways`)
    and whole (every way and its verdict, for ``--json``).

    Each choice the answer took one way (``Answer.choices``) is asked again each other way,
    stated in the situation; a way that cannot be stated or answered, or gives another
    verdict, leaves no answer: the reason names the choice and each way's verdict. A way
    that opens another choice is asked each way of that one too, and named by the whole
    path (``plain``: the re-ask that does not try the choices it meets). When no choice
    alone does, the choices are asked together (:func:`choices_together`).

    ``flags``: the game's icons. A card a way reaches that the answer did not (a card it
    plays or retrieves), whose icons the sources do not give, is asked about with each of
    them given, as the answer's own are (:func:`icons_decide`): a way whose verdict an icon
    changes has none (:class:`WayIcons`).
    """
    if not answer.answered or answer.verdict is None or not answer.choices:
        return None  # no choice taken one way: none to ask the other ways of
    icons = (
        WayIcons(flags, frozenset(name for name, _ in iconless_cards(answer)), plain)
        if flags and plain is not None
        else None
    )
    alone = _choice_alone(situation, question, answer, ask, plain, icons)
    if alone is not None or len(answer.choices) < 2:
        return alone
    return choices_together(situation, question, answer, ask, plain, icons)


@dataclass(frozen=True)
class WayIcons:
    """How a way of a choice asks about the icons of the cards it reaches anew."""

    #: The game's icons, each given to such a card in turn.
    flags: tuple[str, ...]
    #: The cards the answer itself took to have no icons (named quoted): asked about there.
    known: frozenset[str]
    #: The plain re-ask (each choice taken one way): with an icon given, a choice the path
    #: did not meet is asked each way too (:func:`other_way`), those it met are not (each of
    #: their ways is a path of its own).
    plain: Ask


#: The verdict of a way whose verdict the icons of a card it reaches anew decide ({name}: the
#: card, quoted; {verdicts}: the icons that give each verdict).
WAY_ICONS = "cannot answer (which icons {name} has decides it: {verdicts})"


def _way_icons(
    other: Situation,
    question: Question,
    found: Answer,
    icons: WayIcons | None,
    met: AbstractSet[str],
) -> str | None:
    """The verdict of a way when the icons of a card it reaches anew decide it, else None.

    A card the answer itself took to have no icons is asked about there (and with it, each
    way again), not here; at most ``ICON_CARDS_TRIED`` cards are tried. ``met``: the choices
    met down the way's path (each way of them is asked as a path of its own).
    """
    if icons is None:
        return None
    plain = icons.plain

    def ask(situation: Situation, again: Question) -> Answer:
        answer = plain(situation, again)
        return answer if not answer.choices else other_way(situation, again, answer, plain, met)

    for name, asked in iconless_cards(found)[:ICON_CARDS_TRIED]:
        if name in icons.known:
            continue
        tried = icons.flags if asked is None else tuple(i for i in icons.flags if i in asked)
        if not tried:
            continue
        verdicts = icon_verdicts(other, question, found, ask, name, tried)
        if len(verdicts) > 1:
            shown = "; ".join(
                f"{verdict} with {', '.join(given)}" for verdict, given in verdicts.items()
            )
            return WAY_ICONS.format(name=name, verdicts=shown)
    return None


def _choice_alone(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    plain: Ask | None,
    icons: WayIcons | None = None,
) -> tuple[str, str] | None:
    """Why one unstated choice, the others taken as the answer took them, decides it."""
    assert answer.verdict is not None
    shown = answer.verdict.show()
    position = situation.questions.index(question)
    met = frozenset(c.assumption for c in answer.choices)
    budget = [NESTED_WAYS]
    for choice in answer.choices:
        verdicts = [(shown, choice.taken)]
        differs = not choice.branches
        for at, lines, label in choice.branches:
            other = stated_at(situation, at, lines)
            found = _way_verdicts(other, position, label, ask, plain, met, budget, icons=icons)
            for verdict, path in found:
                verdicts.append((verdict, path))
                differs = differs or verdict != shown
        if differs:
            whole = "; ".join(f"{verdict} {path}" for verdict, path in verdicts)
            return choice.reason.format(verdicts=readable_ways(verdicts)), choice.reason.format(
                verdicts=whole
            )
    return None


def _way_verdicts(
    other: Situation | None,
    position: int,
    label: str,
    ask: Ask,
    plain: Ask | None,
    met: AbstractSet[str],
    budget: list[int],
    kept: dict[str, Answer] | None = None,
    icons: WayIcons | None = None,
) -> list[tuple[str, str]]:
    """Each verdict one way of a choice gives ("not answered" when none), with its path.

    ``kept``: when given, the answer of each path answered, by its path. ``icons``: when
    given, a card the way reaches anew whose icons decide its verdict leaves it none
    (:func:`_way_icons`).

    A way that opens a choice the answer did not meet (a card it plays, whose text may act
    in turn) is asked each way of that choice too, and so on down, each named by the whole
    path ("if it plays "A" and "A" exchanges it for "B""), not by its first step alone.
    Each way asked takes one from ``budget`` (shared by every path of one question); with
    none left, the way is not asked and no answer may rest on it.
    """
    if other is None:
        return [("not answered", label)]
    if budget[0] <= 0:
        return [("not answered", f"{label} (past {NESTED_WAYS} ways, not tried)")]
    budget[0] -= 1
    question = other.questions[position]
    found = plain(other, question) if plain is not None else None
    opened = (
        [c for c in found.choices if c.branches and c.assumption not in met]
        if found is not None and found.answered and found.verdict is not None
        else []
    )
    if found is None or not opened:
        # (asked plainly already when ``ask`` is the plain re-ask: that answer is the one)
        again = found if found is not None and ask is plain else ask(other, question)
        if not again.answered or again.verdict is None:
            return [("not answered", label)]
        if kept is not None:
            kept[label] = again
        said = _way_icons(other, question, again, icons, met)
        return [(said or again.verdict.show(), label)]
    assert found.verdict is not None
    taken = " and ".join([label, *(f"{c.what} {_bare(c.taken)}" for c in opened)])
    if kept is not None:
        kept[taken] = found
    # A way of an opened choice may open another in turn (a card it plays, whose text acts):
    # asked the same way, each choice met once along a path (so the paths end).
    seen = met | frozenset(c.assumption for c in opened)
    out = [(_way_icons(other, question, found, icons, seen) or found.verdict.show(), taken)]
    for nested in opened:
        for at, lines, inner in nested.branches:
            deeper = stated_at(other, at, lines)
            path = f"{label} and {nested.what} {_bare(inner)}"
            out.extend(_way_verdicts(deeper, position, path, ask, plain, seen, budget, kept, icons))
    return out


def choices_together(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    plain: Ask | None = None,
    icons: WayIcons | None = None,
) -> tuple[str, str] | None:
    """Why unstated choices decide the answer together, each other way alone having not.

    Each way of two or more of the choices at once (the others as the answer took them) is
    stated in the situation, the later line first; at most ``COMBINED_WAYS`` are asked, and
    past it no answer may rest on them. A way that opens another choice is asked each way of
    that one too, named by the whole path (:func:`_way_verdicts`; ``plain`` as there). None
    when every way gives the answer's verdict.
    """
    assert answer.verdict is not None
    shown = answer.verdict.show()
    position = situation.questions.index(question)
    choices = [c for c in answer.choices if c.branches]
    whats = " and ".join(c.what for c in choices)
    hints = "; ".join(f"{c.what}: {c.hint}" for c in choices)
    ways = [
        way
        for way in product(*[[None, *c.branches] for c in choices])
        if sum(branch is not None for branch in way) >= 2
    ]
    if len(ways) > COMBINED_WAYS:
        said = TOO_MANY_CHOICES.format(whats=whats, most=COMBINED_WAYS, hints=hints)
        return said, said
    met = frozenset(c.assumption for c in answer.choices)
    taken = " and ".join(f"{c.what} {_bare(c.taken)}" for c in choices)
    budget = [NESTED_WAYS]
    for way in ways:
        other: Situation | None = situation
        for at, lines, _ in sorted((b for b in way if b is not None), key=lambda b: -b[0]):
            other = stated_at(other, at, lines) if other is not None else None
        used = " and ".join(
            f"{c.what} {_bare(b[2])}" for c, b in zip(choices, way, strict=True) if b is not None
        )
        found = _way_verdicts(other, position, f"if {used}", ask, plain, met, budget, icons=icons)
        if all(verdict == shown for verdict, _ in found):
            continue
        every = [(shown, f"if {taken}"), *found]
        whole = "; ".join(f"{verdict} {path}" for verdict, path in every)
        return (
            SAY_THE_CHOICES.format(whats=whats, verdicts=readable_ways(every), hints=hints),
            SAY_THE_CHOICES.format(whats=whats, verdicts=whole, hints=hints),
        )
    return None


def _bare(label: str) -> str:
    """A way's label without its "if it": what the card's player did ("discards "Aid"")."""
    return label.removeprefix("if ").removeprefix("it ")


def quoted(name: str) -> str:
    """A card name as a situation writes it: in double quotes, inner quotes escaped."""
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def no_icons(name: str, known: tuple[str, ...] = ()) -> str:
    """The assumption that a card whose icons no source gives has none.

    ``known``: the icons the sources mention, not all of its icons: it is taken to have no
    other.
    """
    if known:
        return f"{ICONS_DEFAULT}{quoted(name)}{ICONS_BEYOND}{', '.join(known)}{ICONS_OTHER}"
    return f"{ICONS_DEFAULT}{quoted(name)}{ICONS_TAKEN}"


def iconless_label(label: str) -> tuple[str, tuple[str, ...]] | None:
    """The card (quoted) and the icons mentioned of a :func:`no_icons` assumption, else None."""
    if not label.startswith(ICONS_DEFAULT):
        return None
    if label.endswith(ICONS_TAKEN):
        return label[len(ICONS_DEFAULT) : -len(ICONS_TAKEN)], ()
    if label.endswith(ICONS_OTHER):
        name, beyond, icons = label[len(ICONS_DEFAULT) : -len(ICONS_OTHER)].rpartition(
            '"' + ICONS_BEYOND
        )
        if beyond:
            return name + '"', tuple(icons.split(", "))
    return None


def phase_default(text: str) -> str:
    """The assumption of the phase of a turn no statement gives the phase of."""
    return PHASE_DEFAULT + text


#: The assumption of the phase a play brought the turn to, no phase stated since ({card}: the
#: card played, quoted; {phase}: the phase). Not a ``PHASE_DEFAULT``: it is shown, not re-asked
#: (the turn may have gone on, but the situation states the play as its latest event).
PLAYED_PHASE = (
    "no phase is stated since {card} was played: the turn is taken to be in the {phase} "
    "phase still, the one it is played in (a later phase would be stated: phase <name>)"
)


def played_phase(card: str, phase: str) -> str:
    """The assumption that the turn is still in the phase a card was played in."""
    return PLAYED_PHASE.format(card=quoted(card), phase=phase)


def beginning_of_turn(whose: str) -> str:
    """The assumption that a turn no phase is stated of is at its beginning (my / your)."""
    return phase_default(BEGINNING.format(whose=whose))


def turn_default(text: str) -> str:
    """The assumption that an event happens on its player's turn (``text`` says which)."""
    return TURN_DEFAULT + text


def question_turn(text: str) -> str:
    """The assumption that a question about playing is asked on its player's turn."""
    return QUESTION_TURN + text


#: Statements after which the turn at the question is stated, not assumed.
TURN_FACTS = frozenset({"turn", "turn_ends"})


def rests_on_turn(situation: Situation, question: Question, answer: Answer) -> bool:
    """Whether a yes/no answer assumed whose turn it is at the question.

    Only a turn no statement gives is in doubt: an event's turn (a player announces, plays,
    retreats on his own turn) is assumed, but the question may come on the next turn. A
    count or a list answers for the event itself and is not re-asked.
    """
    if not answer.answered or answer.verdict is None or answer.verdict.kind != "yes-no":
        return False
    if not any(a.startswith((TURN_DEFAULT, QUESTION_TURN)) for a in answer.graph.assumptions()):
        return False  # (most answers: their facts are not gone through)
    return not any(f.kind in TURN_FACTS for f in situation.facts_before(question))


def stated_at(situation: Situation, at: int, line: str) -> Situation | None:
    """The situation with ``line`` (one or more statements) written before its line ``at``.

    Made from the built situation, reading only the new lines
    (:func:`rulesq.situation.restate.stated`); None if the text so written would not be a
    situation (it would not parse, resolve or pass the game's checks).
    """
    try:
        return stated(situation, at, line.split("\n"))
    except RulesqError:
        return None


Ask = Callable[["Situation", "Question"], "Answer"]

#: Where a situation's memo holds what its re-asks may share (a game keeps there, for
#: instance, its reading of the facts before the line a re-ask states).
FAMILY = "defaults.family"
#: Where a re-ask's memo holds the ``FAMILY`` of the situation it was made from.
ASKED_FROM = "defaults.asked_from"


def asked_with(situation: Situation, question: Question, line: str, ask: Ask) -> Answer | None:
    """``question`` answered again with ``line`` stated just before it; None if that cannot be."""
    position = situation.questions.index(question)
    other = stated_at(situation, question.span.line, line)
    if other is None:
        return None
    return ask(other, other.questions[position])


def turn_decides(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    phases: tuple[str, ...] = (),
) -> bool:
    """Whether stating either turn before ``question`` changes its verdict (``ask`` answers).

    A turn so stated whose judging took its phase to be its beginning (``phase_assumed``) is
    asked in each of ``phases`` (the game's) too: the turn and the phase are both unstated.
    """
    shown = answer.verdict.show() if answer.verdict is not None else None

    def differs(again: Answer | None) -> bool:
        if again is None:
            return False  # no situation of the game: not a turn the question is asked on
        # another verdict, or none: no answer may rest on the turn taken
        return not again.answered or again.verdict is None or again.verdict.show() != shown

    for line in TURN_LINES:
        again = asked_with(situation, question, line, ask)
        if differs(again):
            return True
        if again is not None and again.phase_assumed:
            for phase in phases:
                if differs(asked_with(situation, question, f"{line}\nphase {phase}", ask)):
                    return True
    return False


def shown_default(
    situation: Situation, question: Question, answer: Answer, default: ShownDefault, ask: Ask
) -> str | None:
    """The assumption to show when ``default``'s line would change a yes/no verdict, or None.

    Not asked when the situation states it (a fact of a kind of ``default.stated_by`` before
    the question) or the line cannot be stated there.
    """
    if not answer.answered or answer.verdict is None or answer.verdict.kind != "yes-no":
        return None
    if question.kind not in default.asked_of:
        return None
    if any(f.kind in default.stated_by for f in situation.facts_before(question)):
        return None
    stated = stated_at(situation, question.span.line, default.line)
    if stated is None:
        return None
    again = ask(stated, stated.questions[situation.questions.index(question)])
    other = again.verdict.show() if again.answered and again.verdict is not None else UNANSWERED
    if other == answer.verdict.show():
        return None
    return default.assumption.format(verdict=other)


#: The verdicts a phase re-ask is made for: a yes/no, or a number (a count, a value, a total).
PHASE_ASKED = frozenset({"yes-no", "number"})


def rests_on_phase(situation: Situation, question: Question, answer: Answer) -> bool:
    """Whether a yes/no or number answer assumed the phase of the turn at the question.

    A number only on a turn a statement makes: on a turn taken for an event (``I retreat``,
    no turn stated), a count answers for the event itself, as it does for the turn taken.
    """
    if not answer.answered or answer.verdict is None or answer.verdict.kind not in PHASE_ASKED:
        return False
    if not any(a.startswith(PHASE_DEFAULT) for a in answer.graph.assumptions()):
        return False  # (most answers: their facts are not gone through)
    facts = situation.facts_before(question)
    if _phase_stated_this_turn(facts):
        return False
    return answer.verdict.kind != "number" or any(f.kind in TURN_FACTS for f in facts)


def _phase_stated_this_turn(facts: list[Fact]) -> bool:
    """Whether a phase is stated after the last statement of a turn (one before is past)."""
    for fact in reversed(facts):
        if fact.kind == "phase":
            return True
        if fact.kind in TURN_FACTS:
            return False
    return False


def _assumed_turn(situation: Situation, question: Question, answer: Answer) -> str | None:
    """The turn line to state with a phase: the turn the phase default was taken on.

    None when a turn is stated before the question (a phase line alone is then read on it).
    """
    if any(f.kind in TURN_FACTS for f in situation.facts_before(question)):
        return None
    for whose, line in zip(("my", "your"), TURN_LINES, strict=True):
        if beginning_of_turn(whose) in answer.graph.assumptions():
            return line
    return None


def phase_verdicts(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    phases: tuple[str, ...],
    *,
    differ: bool = False,
) -> dict[str, list[str]]:
    """The phases in which ``question`` is answerable, by the verdict each gives.

    Each phase is stated just before the question (with the turn the default was taken on,
    when no turn is stated). A phase the turn is already past is no phase the question can
    be asked in, and is left out.

    ``differ``: only whether the verdicts differ is wanted (the dict when they do). A phase
    that takes the verdict of one asked (read alike) gives a verdict some phase asked gives:
    whether its line can be stated, which decides whether it is listed, is then read only when
    the phases asked give two verdicts or more (``CHECKED_LAZILY``); otherwise every phase
    read alike is listed with its verdict, its line unread.
    """
    turn = _assumed_turn(situation, question, answer)
    at = _phase_line(situation, question, answer) if turn is None else question.span.line
    ways: list[tuple[str, str, str | None]] = []  # a phase, its verdict, a line to state first
    asked: list[tuple[str, Callable[[str], bool]]] = []  # a verdict, and the phases alike
    for phase in phases:
        line = f"phase {phase}" if turn is None else f"{turn}\nphase {phase}"
        verdict = _alike_verdict(asked, phase) if SAME_PHASE_READING else None
        if verdict is not None:
            # Judged in another phase, the phase was read only by comparisons this one
            # passes alike: judged in it, the reading is the same, so is the verdict, if the
            # line can be stated at all.
            ways.append((phase, verdict, line))
            continue
        again = _asked_at(situation, question, at, line, ask)
        if again is not None and again.answered and again.verdict is not None:
            shown = again.verdict.show()
            ways.append((phase, shown, None))
            if again.phase_alike is not None:
                asked.append((shown, again.phase_alike))
        elif again is not None and again.status is not Status.CONFLICT:
            # No answer in that phase: no answer may rest on the phase taken either.
            ways.append((phase, UNANSWERED, None))
    lazily = differ and CHECKED_LAZILY and not _asked_differ(ways)
    verdicts: dict[str, list[str]] = {}
    for phase, verdict, to in ways:
        if to is None or lazily or stated_at(situation, at, to) is not None:
            verdicts.setdefault(verdict, []).append(phase)
    return verdicts


def _asked_differ(ways: list[tuple[str, str, str | None]]) -> bool:
    """Whether the phases asked give two verdicts or more (a phase, its verdict, a line).

    A phase read alike (its line given: to be stated first) takes the verdict of a phase asked
    before it: it adds no verdict.
    """
    return len({verdict for _, verdict, to in ways if to is None}) > 1


def _phase_line(situation: Situation, question: Question, answer: Answer) -> int:
    """Where a phase re-ask states the phase: the line before which ``phase <name>`` goes.

    A yes/no answer's: just before the question. A number's (a count the situation states on
    the turn, then read at the question): just after the statement that made the turn (a
    number is asked again only on such a turn: :func:`rests_on_phase`), so that what is
    stated on the turn is stated in that phase (``I have 3 cards in hand`` in the End of Turn
    phase is the hand after its refresh, not before it).
    """
    if answer.verdict is None or answer.verdict.kind != "number":
        return question.span.line
    turns = [f for f in situation.facts_before(question) if f.kind in TURN_FACTS]
    return turns[-1].span.line + 1 if turns else question.span.line


def _asked_at(
    situation: Situation, question: Question, at: int, line: str, ask: Ask
) -> Answer | None:
    """``question`` answered again with ``line`` stated before line ``at``; None if it cannot be."""
    if at == question.span.line:
        return asked_with(situation, question, line, ask)
    other = stated_at(situation, at, line)
    if other is None:
        return None
    return ask(other, other.questions[situation.questions.index(question)])


def _alike_verdict(asked: list[tuple[str, Callable[[str], bool]]], phase: str) -> str | None:
    """The verdict of a judging in another phase that would read ``phase`` the same."""
    return next((verdict for verdict, alike in asked if alike(phase)), None)


def say_the_phase(verdicts: dict[str, list[str]]) -> str:
    """The reason that asks for the phase, with the phases that give each verdict."""
    shown = "; ".join(f"{verdict} in {', '.join(phases)}" for verdict, phases in verdicts.items())
    return SAY_THE_PHASE.format(verdicts=shown)


def iconless_cards(answer: Answer) -> list[tuple[str, tuple[str, ...] | None]]:
    """The cards whose icons an answer took to be none, with the icons it asked about.

    Each card is named as written (quoted), with the icons the judging asked the card for
    (``icons_read`` on the assumption), or None when it read them as a whole. Any verdict is
    re-asked, a number as a yes or no (a card's unknown PROTECTED icon may keep its text in
    force, and change a total); a card the situation says the icons of is not taken to have
    none, so it is not among them.
    """
    if not answer.answered or answer.verdict is None:
        return []
    if answer.iconless is not None:  # noted as the graph holds them (a light one holds none)
        return list(answer.iconless)
    return iconless_in_graph(answer)


def iconless_in_graph(answer: Answer) -> list[tuple[str, tuple[str, ...] | None]]:
    """:func:`iconless_cards` as an answer's graph holds them (its assumptions of no icons)."""
    cards: list[tuple[str, tuple[str, ...] | None]] = []
    for _, data in answer.graph.absence_nodes():
        card = iconless_label(str(data["label"])) if data.get("assumed") else None
        if card is not None:
            read = data.get("icons_read")
            asked = tuple(str(i) for i in read) if isinstance(read, list) else None
            cards.append((card[0], asked))
    return cards


def icons_mentioned(answer: Answer, name: str) -> tuple[str, ...]:
    """The icons the sources mention of a card an answer took to have no other (quoted name)."""
    for _, data in answer.graph.absence_nodes():
        card = iconless_label(str(data["label"])) if data.get("assumed") else None
        if card is not None and card[0] == name:
            return card[1]
    return ()


def after_last_line(situation: Situation) -> int:
    """The line past the situation's last: where a card's icons are stated to ask again.

    A card's icons are the card's, whenever they are stated (the situation's cards are read
    with every line that gives them icons): stated after every line, the line moves no event
    and sits in no moment of the replay, and no item moves. The facts each question sees are
    then the very ones of the situation: nothing is placed anew but the line itself.
    """
    return line_count(situation.text) + 1


#: The situations made with a line stated after the last, by that line, each with whether it
#: is known to pass the checks of a whole text (False: made unchecked, ``CHECKED_LAZILY``).
#: None: the line cannot be stated.
Restated = dict[str, tuple["Situation | None", bool]]


def restated_first(
    situation: Situation, line: str, restated: Restated | None = None
) -> Situation | None:
    """The situation with ``line`` stated apart, after its last line; None if that cannot be.

    ``restated`` keeps each situation so made, for the situation's other questions: the
    same line is stated once per situation, not once per question. One made unchecked there
    (:func:`_made_first`) is checked now, once.
    """
    found = restated.get(line) if restated is not None else None
    if found is not None and found[1]:
        return found[0]
    if found is not None and found[0] is not None:
        other = found[0] if _passes(found[0]) else None
    else:
        other = stated_at(situation, after_last_line(situation), line)
    if restated is not None:
        restated[line] = (other, True)
    return other


def _passes(made: Situation) -> bool:
    """Whether a situation made unchecked passes the checks of a whole text."""
    try:
        check_stated(made)
    except RulesqError:
        return False
    return True


def _made_first(
    situation: Situation, line: str, restated: Restated
) -> tuple[Situation | None, bool]:
    """The situation with ``line`` stated apart, made unchecked (``CHECKED_LAZILY``).

    With whether it is known to pass the checks of a whole text; None where it cannot be
    made at all (the line does not read or resolve: it cannot be stated).
    """
    found = restated.get(line)
    if found is not None:
        return found
    try:
        made = stated(situation, after_last_line(situation), line.split("\n"), checked=False)
    except RulesqError:
        restated[line] = (None, True)
        return None, True
    restated[line] = (made, False)
    return made, False


def asked_first(
    situation: Situation,
    question: Question,
    line: str,
    ask: Ask,
    restated: Restated | None = None,
    lazily: bool = False,
) -> Answer | None:
    """``question`` answered again with ``line`` stated apart; None if that cannot be.

    ``lazily``: the situation is asked before the checks of its whole text are run (kept
    in ``restated`` as unchecked: :func:`restated_first` checks it when that is wanted). The
    answer is then that of the situation the line states, if it can be stated at all;
    asking it may raise where the checks would have refused it: they are run then, and
    None given if they refuse it.
    """
    position = situation.questions.index(question)
    if not lazily or restated is None:
        other = restated_first(situation, line, restated)
        if other is None:
            return None
        return ask(other, other.questions[position])
    made, checked = _made_first(situation, line, restated)
    if made is None:
        return None
    try:
        return ask(made, made.questions[position])
    except Exception:
        if not checked and restated_first(situation, line, restated) is None:
            return None  # a situation no game allows: the line cannot be stated
        raise


def icon_verdicts(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    name: str,
    icons: tuple[str, ...],
    restated: Restated | None = None,
    unneeded: AbstractSet[str] = frozenset(),
    taken: AbstractSet[str] = frozenset(),
) -> dict[str, list[str]]:
    """The icons given to the card ``name`` (quoted), by the verdict each gives.

    No icons is the verdict the answer gave; each icon the game lists is then given to the
    card alone, one at a time. An icon that makes rules of one rank disagree gives a
    *conflict*; one the judge cannot answer with gives ``UNANSWERED`` (no answer may rest on
    the card having none: with that icon there is none), and one that cannot be stated at all
    (the situation would be no game's) is left out. An icon of ``unneeded`` (whose
    reading no step of the answer used: ``Answer.unneeded_flags``) gives the answer's
    verdict: it is asked about only when another icon changes the verdict (the verdicts of
    every icon are then shown).

    An icon of ``taken`` (one the sources mention: the answer took the card to have it) gives
    the answer's verdict, if the line can be stated, unasked: given again, the card's icons are
    those the answer took (every icon asked for by name, every count, every whole reading the
    same), and the line says too that it shows no shield, which the game reads only to stop
    the judging where a shield could decide (the answer was given: it did not stop there).

    When no icon changes the verdict, the answer's is the one verdict given (``"none"`` its
    only icon): the lines of the icons given a verdict unasked are then not stated at all
    (``STATED_LAZILY``), as whether they can be changes nothing. So too, each icon is asked
    before its situation's whole text is checked (``CHECKED_LAZILY``): whether its line can
    be stated is read only when an icon changes the verdict (a verdict of an icon whose line
    cannot be stated is then left out, as it is when that is found first).
    """
    shown = answer.verdict.show() if answer.verdict is not None else ""
    restated = restated if restated is not None else {}
    asked: list[tuple[str, str | None, AbstractSet[str] | None]] = []  # icon, verdict, read
    spared: dict[str, str] = {}  # an icon given a verdict unasked, and its line

    def verdict_with(icon: str) -> str | None:
        line = ICON_LINE.format(name=name, icon=icon)
        for given, verdict, read in asked if SAME_READING else ():
            if read is not None and given not in read and icon not in read:
                # Judged with ``given``, the card's icons were read only by name, neither
                # ``given`` nor ``icon``: with ``icon`` the judging reads the same, so gives
                # the same verdict, if the line can be stated at all.
                spared[icon] = line
                return verdict
        verdict, read = _icon_verdict(situation, question, ask, line, restated, name)
        asked.append((icon, verdict, read))
        return verdict

    def as_taken(icon: str) -> str:
        spared[icon] = ICON_LINE.format(name=name, icon=icon)
        return shown

    gave = {
        i: as_taken(i) if i in taken else shown if i in unneeded else verdict_with(i) for i in icons
    }
    if CHECKED_LAZILY:
        # An icon asked before its line was checked changes the verdict only if the line can
        # be stated (so too one that took its verdict): checked, each, before anything else.
        for icon, verdict in gave.items():
            if verdict not in (shown, None):
                line = ICON_LINE.format(name=name, icon=icon)
                if restated_first(situation, line, restated) is None:
                    gave[icon] = None
    if not any(v not in (shown, None) for v in gave.values()):
        # No icon changes the verdict: nor would a spared one (its verdict is the answer's, or
        # that of an icon asked), whether or not its line can be stated (``STATED_LAZILY``).
        if STATED_LAZILY:
            return {shown: ["none"]}
    else:
        gave = {
            i: verdict_with(i) if i in unneeded and i not in taken else v for i, v in gave.items()
        }
    for icon, line in spared.items():  # listed only if the line can be stated at all
        if restated_first(situation, line, restated) is None:
            gave[icon] = None
    for icon, verdict, _ in asked:  # asked before the checks of its line (``CHECKED_LAZILY``)
        if verdict is not None and gave[icon] is not None:
            if restated_first(situation, ICON_LINE.format(name=name, icon=icon), restated) is None:
                gave[icon] = None
    if not any(v not in (shown, None) for v in gave.values()):
        return {shown: ["none"]}
    verdicts: dict[str, list[str]] = {shown: ["none"]}
    for icon in icons:
        verdict = gave[icon]
        if verdict is not None:
            verdicts.setdefault(verdict, []).append(icon)
    return verdicts


def _icon_verdict(
    situation: Situation,
    question: Question,
    ask: Ask,
    line: str,
    restated: Restated | None,
    name: str,
) -> tuple[str | None, AbstractSet[str] | None]:
    """The verdict with ``line`` stated apart (``UNANSWERED`` when none; None: left out).

    A *conflict* gives its status; a situation the line cannot be stated in is left out.
    With it, how that judging read the flags of the card ``name`` (quoted): the flags asked
    for by name, or None (read as a whole, or not known).
    """
    lazily = CHECKED_LAZILY and restated is not None
    again = asked_first(situation, question, line, ask, restated, lazily)
    if again is None:
        return None, None
    reads = again.flags_read() if again.flags_read is not None else {}
    read = reads.get(name)
    if again.status is Status.CONFLICT:
        return Status.CONFLICT.value, read
    if again.answered and again.verdict is not None:
        return again.verdict.show(), read
    return UNANSWERED, read


def say_the_icons(name: str, verdicts: dict[str, list[str]], known: tuple[str, ...] = ()) -> str:
    """The reason that asks for a card's icons, with the icons that give each verdict.

    The first verdict is the one with no icons (``known``: no icon but those the sources
    mention); the forms name the first icon that differs.
    """
    other = "no other" if known else "none"
    shown = "; ".join(
        f"{verdict} with {', '.join(other if i == 'none' else i for i in icons)}"
        for verdict, icons in verdicts.items()
    )
    icon = next(i for icons in list(verdicts.values())[1:] for i in icons)  # the first to differ
    if known:
        return SAY_OTHER_ICONS.format(
            name=name,
            known=" and ".join(known),
            icons="icons" if len(known) > 1 else "icon",
            icon=icon,
            verdicts=shown,
        )
    return SAY_THE_ICONS.format(name=name, icon=icon, verdicts=shown)


def icons_decide(
    situation: Situation,
    question: Question,
    answer: Answer,
    ask: Ask,
    icons: tuple[str, ...],
    restated: Restated | None = None,
) -> str | None:
    """The reason to ask for a card's icons, if giving one an icon changes the verdict.

    Each card the answer took to have no icons is tried (at most ``ICON_CARDS_TRIED``), one
    icon of ``icons`` (the game's) at a time: only the icons the judging asked the card for,
    when it asked for some by name (another icon could not have changed a step of it). An
    icon the sources mention of the card gives the answer's verdict (``icon_verdicts``'s
    ``taken``). None when no icon tried changes the verdict.
    """
    cards = iconless_cards(answer)[:ICON_CARDS_TRIED]
    spare = answer.unneeded_flags() if cards and answer.unneeded_flags is not None else {}
    for name, asked in cards:
        tried = icons if asked is None else tuple(i for i in icons if i in asked)
        # (asked for by name, a mentioned icon is never among them: the card has it)
        taken = icons_mentioned(answer, name) if asked is None and MENTIONED_TAKEN else ()
        if not tried:
            continue
        unneeded = spare.get(name, frozenset()) if asked is not None else frozenset()
        if all(i in unneeded for i in tried):
            continue  # no icon tried could give another verdict
        verdicts = icon_verdicts(
            situation, question, answer, ask, name, tried, restated, unneeded, frozenset(taken)
        )
        if len(verdicts) > 1:
            return say_the_icons(name, verdicts, icons_mentioned(answer, name))
    return None
