"""Questions about dragons: ``how many dragons do I attract?``, ``… additional dragons …``.

The attractions of the moment (``attractions.turn_packets``) are separate; each keeps the rules,
card texts and precedence that decided its number.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesq.engine.verdict import Number
from rulesq.games.bluemoon.judge import rules as R
from rulesq.games.bluemoon.judge.attractions import turn_packets
from rulesq.games.bluemoon.judge.ruling import Ruling, yes
from rulesq.games.bluemoon.judge.state import ME
from rulesq.games.bluemoon.judge.view import View

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.games.bluemoon.judge.dragons import Packet


def _whose(who: str) -> str:
    return "I" if who == ME else "you"


def packets_ruling(packets: list[Packet], who: str, count: int, what: str) -> Ruling:
    """A ruling on a number of dragons, from the attractions that give it."""
    if not packets:
        return yes(
            f"{_whose(who)} attract no {what} now: nothing that attracts dragons has happened",
            R.ANNOUNCE_RETREAT,
        )
    parts = [f"{p.count}: {p.reason}" for p in packets]
    reason = f"{_whose(who)} attract {count} {what}"
    attracting = [p for p in packets if p.count]
    if len(attracting) > 1:
        reason += f" in {len(attracting)} separate attractions"
    ruling = yes(reason + " (" + "; ".join(parts) + ")")
    # the attractions that give dragons come first: their texts decide the number
    for packet in sorted(packets, key=lambda p: not p.count):
        ruling.sources += [s for s in packet.sources if s not in ruling.sources]
    for packet in packets:
        ruling.cite(*packet.rules)
        ruling.beaten += packet.beaten
        ruling.negatives += [n for n in packet.negatives if n not in ruling.negatives]
        ruling.assumptions += [n for n in packet.assumptions if n not in ruling.assumptions]
    steps = {p.step for p in packets}
    if len(steps) == 1:
        ruling.step = steps.pop()
    if len(attracting) > 1:
        ruling.cite(R.SEPARATE_DRAGONS)
    return ruling


def dragons(ctx: Context) -> Answer:
    """Answer ``how many dragons do I attract?``."""
    view = View(ctx)
    view.refuse_unread()
    who = view.who
    packets = [p for p in turn_packets(view.forces) if p.who == who]
    count = sum(p.count for p in packets)
    ruling = packets_ruling(packets, who, count, "dragon" if count == 1 else "dragons")
    return view.answer(Number(count), ruling)


def extra_dragons(ctx: Context) -> Answer:
    """Answer ``how many additional dragons do you attract?`` (beyond the game rules' ones)."""
    view = View(ctx)
    view.refuse_unread()
    who = view.who
    packets = [p for p in turn_packets(view.forces) if p.who == who]
    extra = sum(p.extra for p in packets)
    count = sum(p.count for p in packets)
    ruling = packets_ruling(packets, who, count, "dragon" if count == 1 else "dragons")
    ruling.reason += f"; of these, {extra} beyond the ones the game rules give"
    return view.answer(Number(extra), ruling)
