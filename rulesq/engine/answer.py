"""An answer: verdict, status, the ladder step that decided, and the graph of why."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from collections.abc import Set as AbstractSet

    from rulesq.engine.verdict import Verdict
    from rulesq.explain.graph import Derivation
    from rulesq.situation.model import Question


class Status(StrEnum):
    """How sure the answer is: the four statuses of DESIGN.md ("What an answer shows")."""

    DEFINITE = "definite"
    PRECEDENCE = "decided by precedence"
    CONFLICT = "conflict"
    CANNOT = "cannot answer"

    @property
    def key(self) -> str:
        """The status as JSON spells it: definite, precedence, conflict, cannot-answer."""
        value = str.__str__(self)  # the value, without the enum's descriptor (read per answer)
        return _KEYS.get(value, value)


#: The statuses JSON spells otherwise than they read.
_KEYS = {"decided by precedence": "precedence", "cannot answer": "cannot-answer"}
#: Held as a plain name: on Python 3.11 reading a member off its enum class goes through the
#: enum metaclass's ``__getattr__`` hook (ten times a plain class attribute), and ``answered``
#: is read thousands of times a check.
_CANNOT = Status.CANNOT


@dataclass(frozen=True)
class Choice:
    """A player's choice the situation does not state, which the answer took one way.

    ``assumption`` (one of the answer's assumptions) says which way; each of ``branches`` is
    another way, as lines to state before a line of the situation: ``(at, lines, label)``,
    ``label`` naming the way in a reason (as ``taken`` names the one taken). No branches: the
    ways are too many to try, and no answer may rest on the choice.
    """

    assumption: str
    #: Why there is no answer when the ways give different verdicts ({verdicts}: each way's).
    reason: str
    taken: str
    branches: tuple[tuple[int, str, str], ...]
    #: How a reason names the choice among others (the card that offers it), and how the
    #: situation may state it: for the reason of choices that decide only together.
    what: str = ""
    hint: str = ""


@dataclass
class Answer:
    """The answer to one question.

    ``verdict`` is None exactly when ``status`` is ``CANNOT``. ``reason`` is the one-line
    reason the short text output prints. Everything else — the effects involved, the
    clauses cited (rule first, precedent second), the alternatives that lost and what beat
    them, the negative facts relied on, what blocked an answer — is read from ``graph``.
    """

    question: Question
    game: str
    verdict: Verdict | None
    status: Status
    reason: str
    graph: Derivation
    #: The flags (icons) of each card (named quoted) whose reading no step of the judging
    #: used: asked again with one of them given, the verdict is the same. Called when the
    #: re-asks begin (the judging notes until then); None: not known, each flag is asked.
    unneeded_flags: Callable[[], Mapping[str, AbstractSet[str]]] | None = None
    #: How the judging read the flags the situation gives each card (named quoted) whose
    #: flags the sources do not give: the flags asked for by name, None when read as a whole
    #: (a count of them is neither). Asked again with another flag given instead, one neither
    #: read by name nor given, the judging reads the same (``rulesq.engine.defaults``).
    flags_read: Callable[[], Mapping[str, AbstractSet[str] | None]] | None = None
    #: Whether the judging would read the same with another phase (named) stated instead of
    #: the one a phase re-ask stated: it read the phase only by comparisons that phase
    #: passes alike (``rulesq.engine.defaults.phase_verdicts``). None: not known.
    phase_alike: Callable[[str], bool] | None = None
    #: The cards (named quoted) whose icons no source gives that the answer took to have none,
    #: each with the icons the judging asked it for (None: read as a whole), as a full
    #: answer's graph holds them (a light answer, a default's re-ask, has no graph to hold
    #: them). None: not noted (then found in the graph).
    iconless: tuple[tuple[str, tuple[str, ...] | None], ...] | None = None
    #: Whether the judging took a turn whose phase no statement gives to be at its beginning
    #: (a light answer too: a turn re-ask then asks each phase of that turn).
    phase_assumed: bool = False
    #: The choices of the players the situation leaves unstated that the judging took one way
    #: (shown as assumptions): asked again each other way, the verdict must be the same.
    choices: tuple[Choice, ...] = ()
    #: The questions a play raises that were not asked because the play cannot be made (an
    #: answer no to whether it can): their texts, listed under that answer.
    not_asked: tuple[str, ...] = ()

    @property
    def answered(self) -> bool:
        """Whether there is a verdict."""
        return self.verdict is not None and self.status is not _CANNOT

    @property
    def decided_by(self) -> str | None:
        """The ladder step that decided the verdict, or None."""
        return self.graph.deciding_step()

    @property
    def deciding_card(self) -> str | None:
        """The card whose text decided the verdict, or None when the game rules did.

        It is the card of the first card effect the verdict rests on: the first effect with
        a ``supports`` edge to the verdict in the derivation graph (a game lists the
        effects that decided before any other support). A verdict resting on no card effect
        (the rules alone, or no verdict at all) has no deciding card. ``expect because
        "Card"`` checks this, and ``--json`` gives it as ``deciding_card``.
        """
        effects = self.graph.supporting_effects()
        return str(effects[0]["card"]) if effects else None

    def citations(self) -> list[dict[str, Any]]:
        """Every clause cited, rules first, then precedents."""
        return self.graph.citations()

    def deciding_clause(self) -> dict[str, Any] | None:
        """The rule the verdict rests on most directly (the one a contrary call contradicts)."""
        deciding = self.graph.deciding_clauses()
        if deciding:
            return deciding[0]
        cited = self.citations()
        return cited[0] if cited else None
