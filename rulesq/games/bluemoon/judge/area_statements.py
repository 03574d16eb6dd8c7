"""What a situation says a player's areas hold must hold at once: else an input error at the line.

A count (``my combat area has 3 cards``) says how many cards an area holds, named or not; ``my
combat area holds no other cards`` says the named cards are all it holds; the cards named there
are at least what it holds. Read together (a count follows the cards played into the areas, or
discarded or retrieved from them, as the judge follows it), they bound each area: a count below
the named cards, above them beside "no other cards", or two counts that cannot both be, is a
state no game reaches.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rulesq.errors import InputError
from rulesq.games.bluemoon.judge.open_areas import AREA_WORDS, BOTH_AREAS, whose
from rulesq.games.bluemoon.judge.state import Zone

if TYPE_CHECKING:
    from rulesq.games.bluemoon.judge.state import State
    from rulesq.situation.model import Fact, Situation

#: What to write instead, shown under the error.
HINT = (
    'A count says how many cards an area holds, named or not, and "holds no other cards" '
    "that the cards named there are all it holds: keep the one that is true."
)


#: The statements about one player's areas still in force, by what they say and of which area
#: (``("count", "combat area")``, ``("whole", "combat and support areas")``): a plain dict, as
#: a timeline forks it.
Said = Mapping[tuple[str, str], "Fact"]


def check(situation: Situation, state: State, who: str, said: Said, fact: Fact) -> None:
    """Raise ``InputError`` at ``fact`` when the player's area statements cannot all hold."""
    player = state.player(who)
    named = {zone: len(state.owned(who, frozenset({zone}))) for zone in AREA_WORDS}
    # Each area: the fewest and the most cards it may hold, and the lines that say so.
    low = dict(named)
    high: dict[Zone, float] = dict.fromkeys(AREA_WORDS, float("inf"))
    why: dict[Zone, list[Fact]] = {zone: [] for zone in AREA_WORDS}
    for zone, word in AREA_WORDS.items():
        whole = said.get(("whole", word)) or said.get(("whole", BOTH_AREAS))
        if whole is not None:
            high[zone] = named[zone]
            why[zone].append(whole)
    for zone, word in AREA_WORDS.items():
        stated = said.get(("count", word))
        if stated is None or word not in player.area_counts:
            continue
        count = player.area_counts[word]
        if not low[zone] <= count <= high[zone]:
            _refuse(situation, fact, [*why[zone], stated], who, word, count, named[zone])
        low[zone] = count
        high[zone] = count
        why[zone].append(stated)
    both = said.get(("count", BOTH_AREAS))
    if both is not None and BOTH_AREAS in player.area_counts:
        count = player.area_counts[BOTH_AREAS]
        if not sum(low.values()) <= count <= sum(high.values()):
            lines = [*why[Zone.COMBAT], *why[Zone.SUPPORT], both]
            _refuse(situation, fact, lines, who, BOTH_AREAS, count, sum(named.values()))


def check_counts(situation: Situation, earlier: Fact, fact: Fact, was: int, now: int) -> None:
    """Two counts of one area at one moment (nothing happened between them) must agree."""
    if was != now:
        raise InputError(
            f'this count contradicts line {earlier.span.line} ("{earlier.text.strip()}"): '
            f"nothing moved a card between them, and one area holds {was} card(s) or {now}, "
            "not both",
            situation.source,
            situation.text,
            fact.span.line,
            fact.span.column,
            suggestion=HINT,
        )


def _refuse(
    situation: Situation,
    fact: Fact,
    lines: list[Fact],
    who: str,
    word: str,
    count: int,
    named: int,
) -> None:
    """The error at ``fact``, naming the other lines it contradicts."""
    others = [f for f in dict.fromkeys(lines) if f is not fact]
    against = "; ".join(f'line {f.span.line} says "{f.text.strip()}"' for f in others)
    holds = "they would hold" if word == BOTH_AREAS else "it would hold"
    message = (
        f"this line contradicts what the situation says of {whose(who)} {word}"
        f"{f' ({against})' if against else ''}: {holds} {count} card(s), {named} named there"
    )
    raise InputError(
        message,
        situation.source,
        situation.text,
        fact.span.line,
        fact.span.column,
        suggestion=HINT,
    )
