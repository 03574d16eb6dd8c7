"""FMA battle questions: who wins, who is defeated, which characters a side may defeat.

The battle is the one the facts before the question set up, with each character's value
at that point of the timeline (or when the battle ended); ``rulesq.games.fma.battle``
resolves it. Answers cite the resolution example, the toughness rule and the sent-home
ruling where they apply, and name the alternatives that lost and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import Alternatives, Cards, Word, YesNo
from rulesq.errors import CannotAnswer
from rulesq.explain.graph import BEATS
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations, out_of_play, presence
from rulesq.games.fma.battle import (
    Battle,
    BattleError,
    BattleResult,
    Combatant,
    SideResult,
    resolve_battle,
    unknown_toughness_doubt,
    zero_toughness_doubt,
)
from rulesq.games.fma.handlers import (
    blocked_by_gaps,
    cite_one,
    names_of,
    reader_for,
    settled_support,
)
from rulesq.games.fma.spared import spared_by
from rulesq.games.fma.state import Character, State
from rulesq.games.fma.undefeatable import why_undefeatable
from rulesq.games.fma.vocab import Attribute, Side

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: Above this many characters a side's rejected choices are not listed one by one.
MAX_LISTED_POOL = 6


@dataclass
class Fight:
    """A battle read from the situation and resolved, with its nodes in the graph."""

    battle: Battle
    result: BattleResult
    facts: list[str]
    rule: str
    #: Characters of the corpus whose keywords and text are not all given (toughness unknown).
    unread: tuple[str, ...] = ()

    def doubt(self) -> tuple[tuple[Side, ...], str]:
        """The sides a toughness of 0, or one not known, leaves open, and why."""
        open_sides, why = zero_toughness_doubt(self.battle)
        if open_sides:
            return open_sides, why
        return unknown_toughness_doubt(self.battle, self.unread)


#: A character sent home is read as out of the battle; the ruling says only that "the battle
#: continues as normal", so an answer resting on it shows it as an assumption.
OUT_OF_IT = (
    'the rulings say only that "the battle continues as normal" when a card is sent home; '
    "that the card leaves the battle is read from it"
)


def fight(ctx: Context) -> Fight | Answer:
    """The battle before the question, resolved; or the *cannot answer* that stops it."""
    _, state = reader_for(ctx)
    setup = state.battle
    attribute = setup.attribute
    if attribute is None:
        raise CannotAnswer(
            "the situation does not say which attribute the battle is fought "
            "with (write, e.g., battle strength)"
        )
    for side in Side:
        if not setup.sides[side]:
            raise CannotAnswer(
                f'the situation names no {side.value} (write, e.g., {side.value} "A" (strength 3))'
            )
    names = [n for side in Side for n in setup.sides[side]]
    outside = out_of_play.still_out(ctx)
    for name in names:
        if normalise_name(name) in outside:
            raise CannotAnswer(
                f'"{name}" is out of play, and the rulings do not say what a character out of '
                "play does in a battle (only that an out-of-play leader cannot recruit and keeps "
                "his attachments)"
            )
        left = [  # the one reading of who leaves play (``Presence.read``)
            f.span.line
            for f, moves in presence.walk(ctx.facts)
            if presence.taken(moves, normalise_name(name))
        ]
        if left and (setup.ended_line is None or left[-1] < setup.ended_line):
            raise CannotAnswer(
                f'"{name}" left play during the battle (line {left[-1]}), and the rulings say '
                'only that "the battle continues as normal" when a card is sent home, not what '
                "a character that left play does in it"
            )
    blocked = blocked_by_gaps(ctx, state, names, attribute, setup.ended_at, setup.ended_line)
    if blocked is not None:
        return blocked
    timeline = state.timeline(setup.ended_at)
    sides: dict[Side, list[Combatant]] = {side: [] for side in Side}
    ruled_by: list[str] = []  # the clauses that make a combatant undefeatable
    for side in Side:
        for name in setup.sides[side]:
            character = state.characters[_key(state, name)]
            reading = at.attribute_value(timeline, name, attribute)
            if reading.status is at.Status.NO_ATTRIBUTES:
                raise CannotAnswer(
                    f'"{name}" is defeated and has no attributes, so it cannot '
                    "take part in the battle"
                )
            if reading.status is at.Status.BELOW_ZERO:
                raise CannotAnswer(reading.render() + ", so the battle cannot be resolved")
            ruled = why_undefeatable(ctx, state, character, side)
            if ruled:
                ruled_by.append(ruled)
            sides[side].append(
                Combatant(
                    name,
                    reading.value,
                    character.toughness,
                    character.undefeatable or ruled is not None,
                    name in setup.sent_home,
                )
            )
    for side in Side:
        if sides[side] and all(c.sent_home for c in sides[side]):
            raise CannotAnswer(
                f"every one of the {side.value} was sent home during the battle, and the rulings "
                'say only that "the battle continues as normal" when a card is sent home, not '
                "how a battle with no character left on one side is resolved"
            )
    battle = Battle(attribute, tuple(sides[Side.ATTACKERS]), tuple(sides[Side.DEFENDERS]))
    try:
        result = resolve_battle(battle)
    except BattleError as error:
        raise CannotAnswer(str(error)) from None
    facts = [ctx.fact(f) for f in setup.facts]
    facts += [ctx.clause(ref, "rule") for ref in dict.fromkeys(ruled_by)]
    facts += [ctx.fact(f) for f in setup.sent_home.values()]
    if setup.sent_home:  # every answer the battle gives rests on the reading
        gone = " and ".join(f'"{n}"' for n in setup.sent_home)
        ctx.derivation().absence(
            f"{gone} sent home during the battle: read as out of it, its value no longer "
            f"counted and not defeated in it ({OUT_OF_IT})",
            assumed=True,
        )
    entries = state.all_entries(setup.ended_at)
    for entry in entries:
        if entry.fact is not None and any((n, attribute) in entry.touches for n in names):
            facts.append(ctx.fact(entry.fact))
    facts += _after_the_battle(ctx, state, setup.ended_at, names, attribute)
    facts += settled_support(ctx, state, names, attribute, setup.ended_at)
    unread = tuple(
        name
        for side in Side
        for name in setup.sides[side]
        if _unread(state.characters[_key(state, name)])
    )
    return Fight(
        battle,
        result,
        list(dict.fromkeys(facts)),
        cite_one(ctx, citations.BATTLE_RESOLUTION),
        unread,
    )


def _unread(character: Character) -> bool:
    """Whether a character is a corpus card whose keywords and text the sources do not give.

    Such a card may have Toughness, or a text that keeps it from being defeated; a card line
    of the situation (or a character it makes up) is the whole card, unless it only restates
    a corpus card (``restated``: no text of its own).
    """
    card = character.card
    whole = card is not None and card.fields.get("inline") and not card.fields.get("restated")
    if card is None or whole or character.toughness is not None:
        return False
    if card.fields.get("keywords_complete") and card.text:
        return False
    return True


def _after_the_battle(
    ctx: Context, state: State, ended_at: int | None, names: list[str], attribute: Attribute
) -> list[str]:
    """Changes to the fighters made after the battle ended: negative facts, and the rule."""
    if ended_at is None:
        return []
    later = [
        e
        for e in state.all_entries()
        if e.key >= (ended_at, 1, 0)
        and e.fact is not None
        and any((n, attribute) in e.touches for n in names)
    ]
    graph = ctx.derivation()
    for entry in later:
        assert entry.fact is not None
        graph.absence(
            f"{entry.fact.text.strip()} (line {entry.fact.span.line}) comes after the battle "
            "ended: it has no effect on the battle"
        )
    # what rulesq could not follow after the battle ended cannot change it either
    unread = list(
        dict.fromkeys(
            gap.text
            for name in names
            for gap in state.blocking(name, attribute)
            if state.battle.ended_line is not None and gap.line > state.battle.ended_line
        )
    )
    for text in unread:
        graph.absence(
            f"{text}, after the battle ended: whatever it does has no effect on the battle"
        )
    return [cite_one(ctx, citations.AFTER_THE_BATTLE)] if later or unread else []


def _key(state: State, name: str) -> str:
    return next(k for k, c in state.characters.items() if c.name == name)


def _outcome_words(result: BattleResult) -> str:
    a, d = result.attackers.total, result.defenders.total
    if result.winner is None:
        return f"the battle is a tie, {a} to {d}"
    return (
        f"the {result.winner.value} win the battle, {result.side(result.winner).total} "
        f"to {result.side(result.winner.other).total}"
    )


def _totals(fought: Fight) -> str:
    attribute = fought.battle.attribute.value
    parts = []
    for side in Side:
        members = [c for c in fought.battle.side(side) if not c.sent_home]
        listed = " + ".join(f'"{c.name}" {c.value}' for c in members) or "nobody"
        parts.append(f"{side.value} {listed} = {fought.result.side(side).total} {attribute}")
    return "; ".join(parts)


def battle_winner(ctx: Context) -> Answer:
    """Answer ``ask who wins the battle?``: attackers, defenders or tie."""
    fought = fight(ctx)
    if not isinstance(fought, Fight):
        return fought
    result = fought.result
    word = result.winner.value if result.winner is not None else "tie"
    graph = ctx.derivation()
    a, d = result.attackers.total, result.defenders.total
    attribute = fought.battle.attribute.value
    totals = f"the attackers total {a} {attribute}, the defenders {d}"
    for other in ("attackers", "defenders", "tie"):
        if other != word:
            node = graph.alternative(f"{other}: {totals}", other)
            graph.link(fought.rule, node, BEATS, note=totals)
    if any(c.sent_home for side in Side for c in fought.battle.side(side)):
        home = cite_one(ctx, citations.SENT_HOME)
        for side in Side:
            for c in fought.battle.side(side):
                if c.sent_home:
                    graph.absence(
                        f'"{c.name}" was sent home during the battle: its '
                        f"{attribute} no longer counts for its side"
                    )
        fought.facts.append(home)
    reason = f"{_totals(fought)}; {_outcome_words(result)}"
    return ctx.conclude(Word(word), reason, supported_by=(*fought.facts, fought.rule))


def _protection(fought: Fight, side: Side, name: str) -> str:
    combatant = next(c for c in fought.battle.side(side) if c.name == name)
    if combatant.undefeatable:
        return f'"{name}" cannot be defeated (undefeatable)'
    lost_by = fought.result.side(side).lost_by
    how = "did not lose" if lost_by <= 0 else f"lost by only {lost_by}"
    return f'"{name}" has toughness {combatant.toughness} and its side {how}, so it is not defeated'


def _choice_words(side: Side, result: SideResult, attribute: Attribute) -> str:
    bound = "less than" if result.strict else "equal to or less than"
    head = (
        f"the {side.value}' player defeats opposing characters with total "
        f"{attribute.value} {bound} {result.total}"
    )
    if result.choices == ((),):
        return f"{head}: none fits"
    sets = [names_of(choice) for choice in result.choices]
    if len(sets) == 1:
        return f"{head}: {sets[0]}"
    return f"{head}, as many as fit: {' or '.join(sets)}"


def _negatives(ctx: Context, fought: Fight) -> list[str]:
    """Record why each character that is never defeated is not; the protecting clauses."""
    graph = ctx.derivation()
    result = fought.result
    attribute = fought.battle.attribute
    always = set(result.defeated) | set(result.may_be_defeated)
    nodes: list[str] = []
    for side in Side:
        chooser = result.side(side.other)
        for c in fought.battle.side(side):
            if c.name in always:
                continue
            if c.sent_home:
                graph.absence(
                    f'"{c.name}" was sent home during the battle: it is out of it '
                    "and is not defeated in it"
                )
                nodes.append(cite_one(ctx, citations.SENT_HOME))
            elif c.name in result.side(side).protected:
                graph.absence(_protection(fought, side, c.name))
                if c.toughness and not c.undefeatable:
                    nodes.append(cite_one(ctx, citations.TOUGHNESS))
            else:
                bound = "not less than" if chooser.strict else "more than"
                graph.absence(
                    f'"{c.name}" ({attribute.value} {c.value}) is not defeated: '
                    f"{c.value} is {bound} the {side.other.value}' total of "
                    f"{chooser.total}"
                )
    return list(dict.fromkeys(nodes))


def defeated(ctx: Context) -> Answer:
    """Answer ``ask who is defeated?``: the characters, or the outcomes a choice leaves open."""
    fought = fight(ctx)
    if not isinstance(fought, Fight):
        return fought
    open_sides, why = fought.doubt()
    if open_sides:
        raise CannotAnswer(why)
    result = fought.result
    _replaced(ctx, {*result.defeated, *result.may_be_defeated})
    attribute = fought.battle.attribute
    graph = ctx.derivation()
    protecting = _negatives(ctx, fought)
    always = {*result.defeated, *result.may_be_defeated}
    if any(
        c.toughness and not c.undefeatable and c.name in always
        for side in Side
        for c in fought.battle.side(side)
    ):
        # defeated with toughness: its side lost by at least its toughness
        protecting.append(cite_one(ctx, citations.TOUGHNESS))
    everyone = [c.name for side in Side for c in fought.battle.side(side)]
    order = everyone.index
    if len(result.outcomes) == 1:
        verdict: Cards | Alternatives = Cards(result.outcomes[0])
        for side in Side:
            for name in result.side(side).protected:
                tough = cite_one(ctx, citations.TOUGHNESS)
                names = sorted((*result.outcomes[0], name), key=order)
                why = _protection(fought, side, name)
                node = graph.alternative(f"{Cards(tuple(names)).show()}: {why}", names)
                graph.link(tough, node, BEATS, note=why)
    else:
        verdict = Alternatives(result.outcomes)
    choices = [_choice_words(side, result.side(side), attribute) for side in Side]
    # A character the choice leaves out because it is protected is named with why, so that
    # the short answer explains who is missing from it (not only --explain).
    shielded = [
        _protection(fought, side, name) for side in Side for name in result.side(side).protected
    ]
    reason = f"{_outcome_words(result)}; " + "; ".join([*choices, *shielded])
    return ctx.conclude(verdict, reason, supported_by=(*fought.facts, fought.rule, *protecting))


def _replaced(ctx: Context, names: set[str]) -> None:
    """*Cannot answer* when a text on a character the battle defeats replaces his defeat."""
    _, state = reader_for(ctx)
    for name in sorted(names):
        who = state.find(name)
        why = spared_by(ctx, who, ctx.question.span.line, unread=False) if who else None
        if why is not None:
            raise CannotAnswer(why)


def defeat_choice(ctx: Context) -> Answer:
    """Answer ``ask which characters may the attacking/defending player defeat?``."""
    fought = fight(ctx)
    if not isinstance(fought, Fight):
        return fought
    side = Side.ATTACKERS if ctx.question.param("side") == "attacking" else Side.DEFENDERS
    open_sides, why = fought.doubt()
    if side in open_sides:
        raise CannotAnswer(why)
    result = fought.result
    mine = result.side(side)
    attribute = fought.battle.attribute
    graph = ctx.derivation()
    protecting: list[str] = []
    for c in fought.battle.side(side.other):
        if c.name in result.side(side.other).protected:
            graph.absence(
                _protection(fought, side.other, c.name).replace(
                    "so it is not defeated", "so it cannot be chosen"
                )
            )
            if c.toughness and not c.undefeatable:
                protecting.append(cite_one(ctx, citations.TOUGHNESS))
        elif c.sent_home:
            graph.absence(f'"{c.name}" was sent home during the battle, so it cannot be chosen')
            protecting.append(cite_one(ctx, citations.SENT_HOME))
    pool = [
        c
        for c in fought.battle.side(side.other)
        if not c.sent_home and c.name not in result.side(side.other).protected
    ]
    if len(pool) <= MAX_LISTED_POOL:
        _rejected(ctx, fought, pool, mine)
    choices = mine.choices
    verdict: Cards | Alternatives = (
        Cards(choices[0]) if len(choices) == 1 else Alternatives(choices)
    )
    reason = f"{_outcome_words(result)}; {_choice_words(side, mine, attribute)}"
    return ctx.conclude(
        verdict, reason, supported_by=(*fought.facts, fought.rule, *dict.fromkeys(protecting))
    )


def _rejected(ctx: Context, fought: Fight, pool: list[Combatant], mine: SideResult) -> None:
    """Every other set of the pool, as an alternative that lost, with why."""
    graph = ctx.derivation()
    limit = mine.total

    def fits(total: int) -> bool:
        return total < limit if mine.strict else total <= limit

    allowed = {frozenset(choice) for choice in mine.choices}
    for size in range(len(pool), -1, -1):
        for chosen in combinations(pool, size):
            names = frozenset(c.name for c in chosen)
            if names in allowed:
                continue
            total = sum(c.value or 0 for c in chosen)
            label = names_of(c.name for c in chosen)
            if not fits(total):
                bound = "is not less than" if mine.strict else "is over"
                note = f"{label}: total {total} {bound} {limit}"
            else:
                extra = next(c for c in pool if c not in chosen and fits(total + (c.value or 0)))
                note = (
                    f'{label}: "{extra.name}" could still be added (total '
                    f"{total + (extra.value or 0)}, within {limit})"
                )
            node = graph.alternative(note, sorted(names))
            graph.link(fought.rule, node, BEATS, note=note)


def in_battle(ctx: Context, name: str, late: str | None = None) -> Answer | None:
    """``is "X" defeated?`` for a character of the battle: as ``who is defeated?`` says.

    Returns None when the character is not in the battle. ``late`` is why a card stated after
    the battle ended may have defeated him since: it leaves only a defeat by the battle sure.

    Raises:
        CannotAnswer: the battle cannot be resolved, or its outcome is the players' choice.
    """
    _, state = reader_for(ctx)
    setup = state.battle
    if not any(name in setup.sides[side] for side in Side):
        return None
    fought = fight(ctx)
    if not isinstance(fought, Fight):
        return fought
    if late is not None and name not in fought.result.defeated:
        raise CannotAnswer(late)
    if name in setup.sent_home:
        return ctx.conclude(
            YesNo(False),
            f'"{name}" was sent home during the battle, so the battle does not defeat it',
            supported_by=(
                *fought.facts,
                ctx.fact(setup.sent_home[name]),
                cite_one(ctx, citations.SENT_HOME),
            ),
        )
    open_sides, why = fought.doubt()
    if open_sides:
        raise CannotAnswer(why)
    result = fought.result
    reason = f"{_outcome_words(result)}; " + "; ".join(
        _choice_words(side, result.side(side), fought.battle.attribute) for side in Side
    )
    if name in result.may_be_defeated:
        raise CannotAnswer(
            f"{reason}: whether the choice falls on \"{name}\" is the player's, not the rules'"
        )
    tough = [
        cite_one(ctx, citations.TOUGHNESS)
        for side in Side
        for c in fought.battle.side(side)
        if c.name == name and c.toughness
    ]
    support = (*fought.facts, fought.rule, *tough)
    if name in result.defeated:
        return ctx.conclude(
            YesNo(True),
            f'{reason}: "{name}" is defeated when the battle resolves',
            supported_by=support,
        )
    protected = [
        _protection(fought, side, name) for side in Side if name in result.side(side).protected
    ]
    return ctx.conclude(
        YesNo(False),
        "; ".join([reason, *protected]) + f': the battle does not defeat "{name}"',
        supported_by=support,
    )
