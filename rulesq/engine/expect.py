"""Match an ``expect`` line (the call being checked) against an answer: agree or disagree."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.answer import Answer, Status
from rulesq.engine.verdict import Alternatives, Cards, Number, Text, Verdict, Word, YesNo

if TYPE_CHECKING:
    from rulesq.corpus import Corpus
    from rulesq.engine.ladder import Ladder
    from rulesq.situation.model import Expectation

#: Words that mean "no one / nothing" in an expectation.
NOBODY = frozenset({"nobody", "none", "nothing", "no one"})


class Result(StrEnum):
    """The outcome of checking one call (or a file: ``NO_CALL`` when it has none)."""

    AGREE = "agree"
    DISAGREE = "disagree"
    CANNOT = "cannot answer"
    NO_CALL = "no call"

    @property
    def key(self) -> str:
        """The result as JSON spells it, like a status: agree, disagree, cannot-answer, no-call."""
        return self.value.replace(" ", "-")


#: Each result by its value (what ``Result(value)`` gives, without the enum's call).
RESULTS: dict[str, Result] = {result.value: result for result in Result}


@dataclass(frozen=True)
class Outcome:
    """One ``expect`` line checked: the result and, unless it agrees, why."""

    expectation: Expectation
    result: Result
    detail: str = ""


def _outcome(expectation: Expectation, result: Result, detail: str = "") -> Outcome:
    """``Outcome(...)``, made without the frozen class's ``__init__`` (a call a field)."""
    made = object.__new__(Outcome)
    made.__dict__.update(expectation=expectation, result=result, detail=detail)
    return made


def normalise_text(text: str) -> str:
    """Text folded for comparison: curly quotes and apostrophes straightened, spacing squashed."""
    table = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})
    return " ".join(text.translate(table).split())


def match(
    expectation: Expectation,
    answer: Answer,
    ladder: Ladder | None = None,
    corpus: Corpus | None = None,
) -> Outcome:
    """Check one expectation against an answer.

    ``expect cannot answer`` agrees exactly when the answer's status is *cannot answer*, and
    ``expect conflict`` when it is a *conflict* (rules of one rank that disagree).
    Any other call on an answer without a verdict is itself *cannot answer*.
    """
    if expectation.kind == "cannot_answer":
        if answer.status is not Status.CANNOT:
            return _outcome(expectation, Result.DISAGREE, _answered_after_all(answer))
        detail = _other_reason(expectation, answer) if expectation.value is not None else ""
        return _outcome(expectation, Result.DISAGREE if detail else Result.AGREE, detail)
    if expectation.kind == "conflict":
        ok = answer.status is Status.CONFLICT
        detail = "" if ok else _answered_after_all(answer).replace("cannot answer", "a conflict", 1)
        return _outcome(expectation, Result.AGREE if ok else Result.DISAGREE, detail)
    if not answer.answered:
        return _outcome(expectation, Result.CANNOT, answer.reason)
    if expectation.kind == "because":
        ok, detail = _because(expectation, answer)
    elif expectation.kind == "decided_by":
        ok, detail = _decided_by(str(expectation.value), answer, ladder, corpus)
    else:
        ok, detail = _verdict(expectation, answer)
    return _outcome(expectation, Result.AGREE if ok else Result.DISAGREE, "" if ok else detail)


def _verdict(expectation: Expectation, answer: Answer) -> tuple[bool, str]:
    """Whether the call agrees with the verdict, and why not (worded only when it does not)."""
    verdict = answer.verdict
    agrees = _agrees(expectation, verdict, answer)
    if agrees is None:
        return False, f"unknown kind of expectation: {expectation.kind}"
    if agrees:
        return True, ""
    shown = verdict.show() if verdict else "nothing"
    return False, f"expected {_expected(expectation)}, but the answer is {shown}"


def _agrees(expectation: Expectation, verdict: Verdict | None, answer: Answer) -> bool | None:
    """Whether a word, number or quoted call agrees with the verdict; None for another kind."""
    kind, value = expectation.kind, expectation.value
    if kind == "word":
        word = str(value)
        if isinstance(verdict, YesNo):
            return word in ("yes", "no") and verdict.value == (word == "yes")
        if word in NOBODY:
            return (
                (isinstance(verdict, Cards) and not verdict.names)
                or (isinstance(verdict, Number) and verdict.value == 0)
                or (isinstance(verdict, Word) and verdict.value in NOBODY)
            )
        if isinstance(verdict, Word):
            return verdict.value.lower() == word
        return False
    if kind == "number":
        return isinstance(verdict, Number) and verdict.value == value
    if kind == "quoted":
        return _quoted(expectation.groups, answer)
    return None


def _quoted(groups: tuple[tuple[str, ...], ...], answer: Answer) -> bool:
    verdict = answer.verdict
    if isinstance(verdict, Text):
        body = normalise_text(verdict.value)
        return all(normalise_text(s) in body for group in groups for s in group)
    if isinstance(verdict, Cards):
        return len(groups) == 1 and _names(groups[0]) == _names(verdict.names)
    if isinstance(verdict, Alternatives):
        return {_names(g) for g in groups} == {_names(o) for o in verdict.options}
    return False


def _names(names: tuple[str, ...]) -> frozenset[str]:
    return frozenset(normalise_name(n) for n in names)


def _decided_by(
    step_name: str, answer: Answer, ladder: Ladder | None, corpus: Corpus | None
) -> tuple[bool, str]:
    actual = answer.decided_by
    step = ladder.step(step_name) if ladder else None
    if step is not None:
        if actual is not None and (actual == step.name or step.called(actual)):
            return True, ""
        if actual is None:
            return False, (
                f'expected the verdict to be decided by "{step.name}", but no '
                f"precedence decided it ({answer.status})"
            )
        return False, f'expected decided by "{step.name}", but "{actual}" decided it'
    clause = corpus.find_clause(step_name) if corpus else None
    cited = answer.graph.deciding_clause_ids()
    if clause is not None and clause.id in cited:
        return True, ""
    rest = ", ".join(sorted(cited)) or "no clause"
    return False, f"expected decided by {step_name}, but the verdict rests on {rest}"


def _answered_after_all(answer: Answer) -> str:
    """Why ``expect cannot answer`` disagrees: the verdict given, or the conflict."""
    if answer.verdict is None:
        return f"expected cannot answer, but the answer is a {answer.status}: {answer.reason}"
    return f"expected cannot answer, but the answer is {answer.verdict.show()}"


#: A quoted name in a reason: straight or curly quotes.
_NAMED = re.compile(r'"((?:[^"\\]|\\.)*)"|\u201c([^\u201d]*)\u201d')


def _other_reason(expectation: Expectation, answer: Answer) -> str:
    """Why ``cannot answer because …`` disagrees with a *cannot answer* (empty: it agrees).

    The reason is the answer's and its gaps' (one each when several things stop it). A card
    pinned must be named in it, quoted; words pinned must stand in it (case and spacing
    aside, quotes straightened).
    """
    reasons = [answer.reason, *(str(g.get("label", "")) for g in answer.graph.gaps())]
    said = " ".join(reasons)
    ref = expectation.card
    if ref is not None:
        wanted = ref.card.name if ref.card is not None else ref.name
        named = {normalise_name(a or b) for a, b in _NAMED.findall(said)}
        if normalise_name(wanted) in named:
            return ""
        pinned = f'"{wanted}"'
    else:
        words = str(expectation.value)
        if normalise_text(words).casefold() in normalise_text(said).casefold():
            return ""
        pinned = words
    return f"expected cannot answer because {pinned}, but the reason is: {answer.reason}"


def _because(expectation: Expectation, answer: Answer) -> tuple[bool, str]:
    """Whether the card named is the card whose text decided (``Answer.deciding_card``)."""
    ref = expectation.card
    wanted = (
        ref.card.name
        if ref is not None and ref.card is not None
        else (ref.name if ref is not None else "")
    )
    actual = answer.deciding_card
    if actual is not None and normalise_name(actual) == normalise_name(wanted):
        return True, ""
    if actual is None:
        return False, f'expected "{wanted}" to decide, but no card decided: the game rules did'
    return False, f'expected "{wanted}" to decide, but "{actual}" decided it'


def _expected(expectation: Expectation) -> str:
    return expectation.text.split(None, 1)[1] if " " in expectation.text else expectation.text
