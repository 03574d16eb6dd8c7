"""Evaluate a situation: each question goes to its game's handler, which returns an answer.

A game lists the questions it answers in ``Game.questions`` (question kind ->
``"module:function"``); the engine imports a handler on first use and calls it with a
``Context``. Question kinds no game handles fall back to the generic handlers below
(``GENERIC``); anything else is answered *cannot answer*, never guessed. The engine
imports no game module: it finds games by name through ``rulesq.games.get_game``.

A handler is ``def handler(ctx: Context) -> Answer``. It builds the derivation graph with
``ctx.derivation()``, adds the facts, effects, clauses, alternatives and negative facts it
used, and returns ``ctx.conclude(...)``; or it raises ``CannotAnswer(reason)`` (or returns
``ctx.cannot(...)`` with gaps in the graph). ``ctx.memo`` is shared by the questions of one
situation, for state a game computes once.

Question kinds of the shared and game grammars, and the verdict their handler returns
(``rulesq.engine.verdict``), so that ``expect`` lines match:

- ``card_text`` -> ``Text`` (generic: ``rulesq.engine.generic``);
- ``can_play``, ``can_play_type``, ``can_retrieve``, ``text_ignored``, ``ignored``,
  ``must_retreat``, ``deck_legal``, ``deck_lists`` -> ``YesNo``;
- ``value``, ``total_power``, ``draw_count``, ``dragons``, ``power_to_reach`` -> ``Number``;
- ``battle_winner`` -> ``Word`` (``attackers``, ``defenders``, ``tie``);
- ``defeated`` -> ``Cards`` (empty means nobody); ``defeat_choice`` -> ``Alternatives``.

A precedence verdict passes ``decided_by=<ladder step name>`` to ``ctx.conclude``: the
step node (with the clauses of ``ladder.toml``) gets a ``decides`` edge to the verdict and
the status becomes *decided by precedence*. Add the losing alternatives with
``graph.alternative(...)`` and a ``beats`` edge from what beat each; negative facts with
``graph.absence(...)`` (linked from the verdict when it is concluded); what blocks an
answer with ``ctx.cannot(reason, gaps=...)``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from rulesq.engine import defaults
from rulesq.engine.answer import Answer, Status
from rulesq.engine.ladder import load_ladder
from rulesq.errors import CannotAnswer, Undecided
from rulesq.explain.graph import Derivation, Ending
from rulesq.games import get_game
from rulesq.situation.model import Question

if TYPE_CHECKING:
    from rulesq.corpus import Clause, Corpus
    from rulesq.engine.ladder import Ladder, LadderStep
    from rulesq.engine.verdict import Verdict
    from rulesq.games.base import Game
    from rulesq.situation.model import Fact, Situation

Handler = Callable[["Context"], Answer]
_T = TypeVar("_T")

#: Questions every game can answer from its corpus alone, unless it handles them itself.
GENERIC: dict[str, str] = {
    "card_text": "rulesq.engine.generic:card_text",
}


class _Once(Generic[_T]):
    """``cached_property`` without its lock (shared by every context): kept on first read.

    A non-data descriptor: the value goes into the object's ``__dict__``, where later reads
    find it directly. Answering runs in one thread, and every answer reads a few of these.
    """

    def __init__(self, function: Callable[[Any], _T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> _Once[_T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> _T | _Once[_T]:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


@dataclass
class Context:
    """What a handler gets: the situation, the question, the game and helpers."""

    situation: Situation
    question: Question
    game: Game
    memo: dict[str, Any] = field(default_factory=dict)
    _graph: Derivation | None = None
    #: Whether only the verdict and status are wanted (a default's re-ask): the answer's
    #: graph then holds no more than the judging put in it (see :meth:`conclude`).
    light: bool = False

    @property
    def corpus(self) -> Corpus:
        """The game's corpus."""
        return self.game.corpus

    @_Once
    def facts(self) -> list[Fact]:
        """The facts written before the question (found once; not to be changed)."""
        return self.situation.facts_before(self.question)

    def facts_of(self, kind: str) -> list[Fact]:
        """The facts of one kind written before the question."""
        return [f for f in self.facts if f.kind == kind]

    @_Once
    def ladder(self) -> Ladder | None:
        """The game's precedence ladder, or None."""
        return load_ladder(self.game.name)

    def derivation(self) -> Derivation:
        """The graph of this answer (created on first use, with the question node)."""
        if self._graph is None:
            self._graph = Derivation(self.question.text, self.question.span.line)
        return self._graph

    def fact(self, fact: Fact) -> str:
        """Add a fact of the situation to the graph; returns its node."""
        return self.derivation().fact(fact.text, fact.span.line)

    def clause(self, ref: str, role: str | None = None) -> str:
        """Add the clause with this id or alias to the graph; returns its node.

        A clause the corpus does not hold means the answer cannot be cited: *cannot answer*.
        """
        found = self.corpus.find_clause(ref)
        if found is None:
            raise CannotAnswer(f'the {self.game.title} corpus has no clause "{ref}"')
        return self.derivation().clause(found, role)

    def cite(self, clause: Clause, role: str | None = None) -> str:
        """Add a clause object to the graph; returns its node."""
        return self.derivation().clause(clause, role)

    def step(self, name: str, carried: tuple[str, ...] | None = None) -> str:
        """Add the ladder step ``name`` (with its clauses) to the graph; returns its node.

        ``carried``: the clauses of the claim that decided. A step of several clauses (one per
        kind of rule it ranks) is then cited with only those of them the claim carries, or, when
        it carries none of them, with the claim's own clauses: the rule that decided, not its
        siblings on the same step.
        """
        return self.derivation().step(*self._step_clauses(name, carried))

    def _step_clauses(
        self, name: str, carried: tuple[str, ...] | None
    ) -> tuple[LadderStep, list[Clause]]:
        """The ladder step ``name`` and the clauses it is cited with (see :meth:`step`)."""
        step = self.ladder_step(name)
        clauses = step.resolve_clauses(self.corpus)
        if carried is not None and clauses:
            found = [c for c in (self.corpus.find_clause(ref) for ref in carried) if c is not None]
            ids = {c.id for c in found}
            clauses = [c for c in clauses if c.id in ids] or found
        return step, clauses

    def ladder_step(self, name: str) -> LadderStep:
        """The ladder step called ``name``."""
        step = self.ladder.step(name) if self.ladder else None
        if step is None:
            raise CannotAnswer(f'{self.game.title} has no ladder step "{name}"')
        return step

    def conclude(
        self,
        verdict: Verdict,
        reason: str,
        status: Status = Status.DEFINITE,
        decided_by: str | None = None,
        supported_by: tuple[str, ...] = (),
        carried: tuple[str, ...] | None = None,
        facts: Sequence[Fact] = (),
    ) -> Answer:
        """The answer with this verdict; ``supported_by`` nodes get a ``supports`` edge.

        ``carried``: the clauses of the claim that won on the ``decided_by`` step (see
        :meth:`step`); None cites every clause of the step. ``facts``: statements of the
        situation the verdict rests on besides, each added as :meth:`fact` adds it (before
        the step and the verdict) and supporting the verdict after ``supported_by``.

        The graph's end (those facts, the step, the verdict and their edges) is built when
        the graph is first read or built on (:meth:`Derivation.defer`): a check reads the
        verdict of most answers and never their graph. What could make the answer *cannot
        answer* (a step the ladder does not have) is found here, at once.
        """
        graph = self.derivation()
        step = None
        ends: tuple[LadderStep, list[Clause]] | None = None
        if decided_by is not None:
            step = self.ladder_step(decided_by).name
            if not self.light:
                ends = self._step_clauses(step, carried)
            if status is Status.DEFINITE:
                status = Status.PRECEDENCE
        if self.light:  # the verdict alone: its step exists (found above), no end is built
            return Answer(self.question, self.game.name, verdict, status, reason, graph)
        shown, value, key = verdict.show(), verdict.to_json(), status.key
        written = list(facts)

        def end(graph: Derivation) -> None:
            # Holds what it reads, not the context nor the answer (see ``Derivation.later``).
            nodes = graph.facts_of([(fact.text, fact.span.line) for fact in written])
            if ends is not None:
                graph.step(*ends)
            graph.conclude(shown, value, key, decided_by=step)
            graph.support(dict.fromkeys([*supported_by, *nodes]) if nodes else supported_by)

        clause_ids = tuple(c.id for c in ends[1]) if ends is not None else ()
        graph.defer(end, _ending(step, clause_ids, tuple(supported_by)))
        return Answer(self.question, self.game.name, verdict, status, reason, graph)

    def conflict(self, reason: str, sides: tuple[str, ...] = ()) -> Answer:
        """A *conflict*: rules of the same rank disagree; ``sides`` are their nodes (cited)."""
        graph = self.derivation()
        for node in sides:
            data = graph.data(node)
            shown = f'"{data["card"]}": {data["label"]}' if data.get("card") else data["label"]
            graph.gap(str(shown), "disagrees with another rule of the same rank")
        return Answer(self.question, self.game.name, None, Status.CONFLICT, reason, graph)

    def cannot(self, reason: str, gaps: tuple[tuple[str, str], ...] = ()) -> Answer:
        """A *cannot answer* with its reason; ``gaps`` are (text, why) pairs for the graph.

        The facts the handler read before it stopped (added, linked to nothing) support the
        gaps: they are what the answer could not get past.
        """
        graph = self.derivation()
        read = graph.loose_facts()
        for text, why in gaps or ((reason, reason),):
            graph.support(read, graph.gap(text, why))
        return Answer(self.question, self.game.name, None, Status.CANNOT, reason, graph)


def _ending(step: str | None, clauses: tuple[str, ...], supported_by: tuple[str, ...]) -> Ending:
    """``Ending(...)`` made without the frozen class's ``__init__`` (one an answer)."""
    made = object.__new__(Ending)
    made.__dict__.update(step=step, step_clauses=clauses, supported_by=supported_by)
    return made


def handler_for(game: Game, kind: str) -> Handler | None:
    """The handler of a question kind for a game (its own, else a generic one), or None."""
    target = game.questions.get(kind) or GENERIC.get(kind)
    if target is None:
        return None
    module, _, name = target.partition(":")
    # A module imported already is the one ``import_module`` would give (it looks there first).
    found = sys.modules.get(module)
    loaded = found if found is not None else importlib.import_module(module)
    handler: Handler = getattr(loaded, name)
    return handler


#: Whether a default's re-ask of a question already asked of the very same situation made
#: to ask again takes that answer (a test turns it off to compare).
ASKED_ONCE = True
#: Where the memo of a situation made to ask again keeps its answers, by question index.
ASKED_KEY = "dispatch.asked"


def asked_once(memo: dict[str, Any], question: Question, answer: Callable[[], Answer]) -> Answer:
    """The answer to ``question`` of the situation whose memo is ``memo``, found once.

    A situation made to ask again may be asked the same question twice (a way of a choice
    asked plainly, then through the re-ask that tries the choices it meets): the second
    time takes the first answer, which is light and never changed once made. Kept by the
    question's index, for that very question (another situation's, at the same index, is
    answered anew); each situation made has a memo of its own.
    """
    if not ASKED_ONCE:
        return answer()
    asked: dict[int, tuple[Question, Answer]] = memo.setdefault(ASKED_KEY, {})
    found = asked.get(question.index)
    if found is None or found[0] is not question:
        found = asked[question.index] = (question, answer())
    return found[1]


def answer_question(
    situation: Situation,
    question: Question,
    game: Game,
    memo: dict[str, Any] | None = None,
    *,
    recheck_defaults: bool = True,
    first: Answer | None = None,
    assumed: bool = True,
) -> Answer:
    """Answer one question of a situation.

    An answer that rests on a default turn is asked again with each turn stated, one that
    rests on a default phase in each phase, one that took a card's unknown icons to be none
    with each icon the game lists given to the card; when that changes the verdict, there
    is no answer until the judge says whose turn (which phase, which icons) it is.
    ``first``: the question's answer before that, when it was judged already (without
    ``recheck_defaults``). ``assumed``: the assumptions an answer only shows (the game's
    ``shown_defaults``, each found by asking again) are looked for; a command that prints no
    assumption (a check's text report) leaves them out: its verdicts and reasons are the same.
    """
    memo = memo if memo is not None else {}
    answer = first if first is not None else _answer(situation, question, game, memo)
    if recheck_defaults:
        # A situation made to ask again is kept with its memo while its questions are asked.
        # Each is told what the situation's re-asks share (``defaults.FAMILY``).
        memos: dict[int, tuple[Situation, dict[str, Any]]] = memo.setdefault("defaults.memos", {})
        family: dict[str, Any] = memo.setdefault(defaults.FAMILY, {})

        def plain(other: Situation, again: Question) -> Answer:
            kept = memos.get(id(other))
            if kept is None or kept[0] is not other:
                kept = memos[id(other)] = (other, {defaults.ASKED_FROM: family})
            return asked_once(
                kept[1], again, lambda: _answer(other, again, game, kept[1], light=True)
            )

        met = frozenset(c.assumption for c in answer.choices)
        way_icons: list[defaults.WayIcons] = []

        def ask(other: Situation, again: Question) -> Answer:
            # Asked again with another default, a verdict may rest on a choice the first
            # judging did not meet (a text in force only with an icon given): asked each way,
            # a card a way reaches anew asked about with each icon (as the first answer's are).
            found = plain(other, again)
            if not found.choices:
                return found
            if not way_icons:
                known = frozenset(name for name, _ in defaults.iconless_cards(answer))
                way_icons.append(defaults.WayIcons(game.flags_tried(), known, plain))
            return defaults.other_way(other, again, found, plain, met, way_icons[0])

        try:
            if defaults.rests_on_turn(situation, question, answer) and defaults.turn_decides(
                situation, question, answer, ask, game.phases
            ):
                return Context(situation, question, game, {}).cannot(defaults.SAY_THE_TURN)
            if game.phases and defaults.rests_on_phase(situation, question, answer):
                verdicts = defaults.phase_verdicts(
                    situation, question, answer, ask, game.phases, differ=True
                )
                if len(verdicts) > 1:
                    reason = defaults.say_the_phase(verdicts)
                    return Context(situation, question, game, {}).cannot(reason)
            restated = memo.setdefault("defaults.restated", {})
            say = defaults.icons_decide(
                situation, question, answer, ask, game.flags_tried(), restated
            )
            if say is not None:
                return Context(situation, question, game, {}).cannot(say)
            # Each way of a choice asked, the choices it leaves met anew (a text no longer
            # ignored once a card is discarded) are asked each way too.
            said = defaults.choice_decides(
                situation, question, answer, ask, plain, game.flags_tried()
            )
        except defaults.TooManyChoices as error:
            return Context(situation, question, game, {}).cannot(str(error))
        if said is not None:
            # Shown grouped when the ways are many; the gap keeps every way (``--json``).
            shown, whole = said
            return Context(situation, question, game, {}).cannot(shown, ((shown, whole),))
        for default in game.shown_defaults if assumed else ():
            other = defaults.shown_default(situation, question, answer, default, plain)
            if other is not None:
                answer.graph.absence(other, assumed=True)
    return answer


def _answer(
    situation: Situation,
    question: Question,
    game: Game,
    memo: dict[str, Any] | None = None,
    *,
    light: bool = False,
) -> Answer:
    """The handler's answer to ``question``; ``light``: its verdict and status only.

    A light answer (a default's re-ask) is the same verdict, status and reason, with no
    more graph than the judging itself built: no verdict node, facts, assumptions,
    precedents or pruning of its facts.
    """
    ctx = Context(situation, question, game, memo if memo is not None else {}, light=light)
    handler = handler_for(game, question.kind)
    if handler is None:
        return ctx.cannot(
            f"{game.title} cannot answer this kind of question yet "
            f'(no handler for "{question.kind}")'
        )
    try:
        answer = handler(ctx)
    except CannotAnswer as error:
        return ctx.cannot(str(error))
    except Undecided as error:
        graph = ctx.derivation()
        sides = tuple(graph.effect(card, quote) for card, quote in error.sides)
        return ctx.conflict(str(error), sides)
    if answer.answered and not light:
        # The analysis holds what it reads, not the answer: an answer whose graph held it
        # back would be a reference cycle, freed only by the collector (see Derivation).
        question, verdict = answer.question, answer.verdict
        answer.graph.analysis(lambda graph: _prune_facts(situation, question, verdict, graph, game))
    return answer


#: How many facts, all tries together, the necessity check of an answer's facts may replay.
PRUNING_WORK = 2_000


def _prune_facts(
    situation: Situation, question: Question, verdict: Verdict | None, graph: Derivation, game: Game
) -> None:
    """Keep a fact's ``supports`` edge only if the verdict changes without that fact."""
    from rulesq.errors import RulesqError
    from rulesq.explain.analysis import prune_facts

    facts = situation.facts_before(question)
    shown = verdict.show() if verdict is not None else None

    def unchanged_without(node: str) -> bool:
        data = graph.data(node)
        gone = [f for f in facts if f.text == data["label"] and f.span.line == data.get("line")]
        if len(gone) != 1:
            return False
        items = [f for f in facts if f is not gone[0]] + [question]
        try:
            again = answer_question(replace(situation, items=items), question, game)
        except RulesqError:
            return False
        return again.answered and again.verdict is not None and again.verdict.show() == shown

    # Each try answers the situation again: the tries are bounded so that the work stays
    # about PRUNING_WORK facts replayed, whatever the size of the situation.
    prune_facts(graph, unchanged_without, checks=max(1, PRUNING_WORK // max(len(facts), 1)))


def evaluate(
    situation: Situation,
    questions: list[Question] | None = None,
    first: dict[int, Answer] | None = None,
    *,
    assumed: bool = True,
) -> list[Answer]:
    """Answer every question of a situation (or those of ``questions``), in order.

    A question a supposed play raises (``Question.supposed``) is asked only if the play can
    be made: when the question whether it can answers no, it is not asked, and has no
    answer; the answer whether the play can be made lists it (``Answer.not_asked``).
    ``first``: the answers, by question index, of questions judged already without asking
    the defaults again. ``assumed``: as :func:`answer_question`'s.
    """
    first = first or {}
    game = get_game(situation.game)
    memo: dict[str, Any] = {}
    answers: dict[int, Answer] = {}
    out: list[Answer] = []
    for question in questions if questions is not None else situation.questions:
        if question.supposed is not None:
            gate = situation.items[question.supposed]
            assert isinstance(gate, Question)
            if question.supposed not in answers:
                answers[question.supposed] = answer_question(
                    situation, gate, game, memo, assumed=assumed
                )
            refused = answers[question.supposed]
            if _refused(refused):
                listed = replace(refused, not_asked=(*refused.not_asked, question.text))
                answers[question.supposed] = listed
                out = [listed if a is refused else a for a in out]
                continue
        answer = answers.get(question.index) or answer_question(
            situation, question, game, memo, first=first.get(question.index), assumed=assumed
        )
        answers[question.index] = answer
        out.append(answer)
    return out


def _refused(answer: Answer) -> bool:
    """Whether an answer is a definite no."""
    return answer.answered and answer.verdict is not None and answer.verdict.to_json() is False
