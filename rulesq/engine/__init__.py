"""The generic judge engine: answers, verdicts, the precedence ladder, dispatch, checking.

Nothing here imports a game module: a game registers itself (``rulesq.games.register``)
and lists its question handlers in ``Game.questions``; see ``rulesq.engine.dispatch``.
"""

from rulesq.engine.answer import Answer, Status
from rulesq.engine.dispatch import Context, evaluate
from rulesq.engine.verdict import Alternatives, Cards, Number, Text, Verdict, Word, YesNo

__all__ = [
    "Alternatives",
    "Answer",
    "Cards",
    "Context",
    "Number",
    "Status",
    "Text",
    "Verdict",
    "Word",
    "YesNo",
    "evaluate",
]
