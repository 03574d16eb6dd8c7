"""``can my leader gain 2 experience / level up in the power-up phase?``: one or the other.

During the power-up phase, leaders can either gain two experience or level up (gaining no
experience); they cannot level up and gain one experience (a card ruling states it for the
phase). Levelling up alone is *cannot answer*: the rulings give it as the choice, not what it
requires.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

POWER_UP = "fma/cards/dark-alleys/ruling"


def power_up(ctx: Context) -> Answer:
    """Answer ``can my leader [level up and] gain N experience in the power-up phase?``."""
    level_up = ctx.question.param("level_up") is not None
    gain = ctx.question.param("number")
    rule = ctx.clause(POWER_UP, "rule")
    if level_up and gain is not None:
        return ctx.conclude(
            YesNo(False),
            "in the power-up phase a leader either gains two experience or levels up, gaining "
            "no experience: not both",
            supported_by=(rule,),
        )
    if gain is not None:
        two = int(gain) == 2
        return ctx.conclude(
            YesNo(two),
            "in the power-up phase a leader either gains two experience or levels up"
            + ("" if two else f": not {gain} experience"),
            supported_by=(rule,),
        )
    raise CannotAnswer(
        "in the power-up phase a leader may level up instead of gaining two experience, and "
        "the rulings do not say what levelling up requires"
    )
