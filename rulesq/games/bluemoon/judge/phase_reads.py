"""The phase a re-ask states, noting how the judging reads it.

A yes/no answer that took the phase of the turn to be its beginning is asked again in each
phase (``rulesq.engine.defaults.phase_verdicts``), with ``phase <name>`` stated just before
the question. Stated so, the phase the replay reads from that line is a :class:`NotedStep`:
a stand-in for the :class:`~rulesq.games.bluemoon.judge.state.Step` that notes, in its
:class:`PhaseReads`, each comparison made with it (``<``, ``<=``, ``>``, ``>=``, ``==``,
``!=`` with a step, and its truth) and any other reading of it (its title, value, name, hash,
a comparison with another noted phase): a reading *as a whole*.

Judging is a function of what it reads. A judging with phase P stated that read it only by
comparisons, each of which gives the same with phase Q, would read the very same with Q
stated instead: it gives the same verdict (:meth:`PhaseReads.alike`), and the question need
not be asked again in Q. Compare a phase with ``==`` or ``!=``, never ``is``: a stand-in is
no member of ``Step``. Everything a stated phase leads to in the replay (the event of the
phase, a refresh passed, a landed ship discarded) is decided by comparisons with it, noted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import eq, ge, gt, le, lt, ne
from typing import Any

from rulesq.games.bluemoon.judge.state import PHASE_TITLES, Step

#: A comparison noted: the operator, and the step it compared the phase with.
Test = tuple[Callable[[Any, Any], bool], int]


class PhaseReads:
    """How the judging read the phase a re-ask states: the comparisons, or as a whole."""

    __slots__ = ("given", "tests", "whole", "worded")

    def __init__(self, given: Step) -> None:
        #: The phase stated.
        self.given = given
        #: Each comparison made with it (the phase on the left).
        self.tests: set[Test] = set()
        #: Whether it was read otherwise than compared (its name, value, hash …).
        self.whole = False
        #: Whether its title was put into words (a reason): no step reads those.
        self.worded = False

    def alike(self, name: str) -> bool:
        """Whether the judging would read the same with the phase ``name`` stated instead."""
        other = Step.named(name)
        if other is None or self.whole:
            return False
        given = int(self.given)
        return all(test(int(other), step) == test(given, step) for test, step in self.tests)


def _step_of(value: object) -> int | None:
    """The step a phase is compared with, as a number (None: not a step)."""
    if isinstance(value, NotedStep) or not isinstance(value, int):
        return None
    return int(value)


class NotedStep:
    """A stated phase that notes each reading of it into ``reads`` (see the module)."""

    __slots__ = ("_step", "_reads")

    def __init__(self, step: Step, reads: PhaseReads) -> None:
        self._step = step
        self._reads = reads

    def _whole(self) -> Step:
        """The phase, noted as read as a whole."""
        self._reads.whole = True
        return self._step

    def _test(self, test: Callable[[Any, Any], bool], other: object) -> Any:
        step = _step_of(other)
        if step is None:  # another noted phase, or no step at all
            if isinstance(other, NotedStep):
                other._whole()
            return test(self._whole(), other)
        self._reads.tests.add((test, step))
        return test(int(self._step), step)

    def __lt__(self, other: object) -> Any:
        return self._test(lt, other)

    def __le__(self, other: object) -> Any:
        return self._test(le, other)

    def __gt__(self, other: object) -> Any:
        return self._test(gt, other)

    def __ge__(self, other: object) -> Any:
        return self._test(ge, other)

    def __eq__(self, other: object) -> Any:
        return self._test(eq, other)

    def __ne__(self, other: object) -> Any:
        return self._test(ne, other)

    def __bool__(self) -> bool:
        return bool(self._test(ne, 0))

    def __hash__(self) -> int:
        return hash(self._whole())

    def __int__(self) -> int:
        return int(self._whole())

    def __index__(self) -> int:
        return int(self._whole())

    def __repr__(self) -> str:
        return repr(self._whole())

    def __str__(self) -> str:
        return str(self._whole())

    def __format__(self, spec: str) -> str:
        return format(self._whole(), spec)

    def __copy__(self) -> NotedStep:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> NotedStep:
        return self

    @property
    def title(self) -> str:
        """The phase as the rulebook names it, for words only (see :class:`Worded`)."""
        made: Any = Worded(PHASE_TITLES[self._step], self._reads)
        return made  # type: ignore[no-any-return]

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # ``isinstance(phase, Step)`` holds, as for the step itself
        return Step

    def __getattr__(self, name: str) -> Any:
        """Any other attribute (``title``, ``value``, ``name`` …): read as a whole."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._whole(), name)


class Worded:
    """A noted phase's title: put into words (``f"…{now.title}…"``), it is noted as worded.

    Words (an answer's reason) are shown, and no step of the judging reads them: a judging
    that put the phase into words only reads the same with another phase. Any other
    reading of the title (compared, hashed, made a string) reads the phase as a whole.
    """

    __slots__ = ("_title", "_reads")

    def __init__(self, title: str, reads: PhaseReads) -> None:
        self._title = title
        self._reads = reads

    def _whole(self) -> str:
        self._reads.whole = True
        return self._title

    def __format__(self, spec: str) -> str:
        self._reads.worded = True
        return format(self._title, spec)

    def __str__(self) -> str:
        return self._whole()

    def __repr__(self) -> str:
        return repr(self._whole())

    def __eq__(self, other: object) -> bool:
        return self._whole() == other

    def __ne__(self, other: object) -> bool:
        return self._whole() != other

    def __hash__(self) -> int:
        return hash(self._whole())

    def __lt__(self, other: str) -> bool:
        return self._whole() < other

    def __le__(self, other: str) -> bool:
        return self._whole() <= other

    def __gt__(self, other: str) -> bool:
        return self._whole() > other

    def __ge__(self, other: str) -> bool:
        return self._whole() >= other

    def __add__(self, other: str) -> str:
        return self._whole() + other

    def __radd__(self, other: str) -> str:
        return other + self._whole()

    def __len__(self) -> int:
        return len(self._whole())

    def __iter__(self) -> Iterator[str]:
        return iter(self._whole())

    def __contains__(self, part: str) -> bool:
        return part in self._whole()

    def __getitem__(self, at: int | slice) -> str:
        return self._whole()[at]

    def __getattr__(self, name: str) -> Any:
        """Any other reading (``lower``, ``split`` …): the phase read as a whole."""
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self._whole(), name)


def noted(step: Step, reads: PhaseReads) -> Step:
    """``step``, noting its readings into ``reads`` (typed as the step it stands for)."""
    made: Any = NotedStep(step, reads)
    return made  # type: ignore[no-any-return]
