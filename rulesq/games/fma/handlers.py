"""FMA question handlers: battle winner, who is defeated, a side's choices, values and goals.

Each handler reads the facts before its question (``rulesq.games.fma.situation``), answers
with the pure rules (``battle``, ``attributes``, ``goals``) and records why in the
derivation graph: the facts used, the card effects, the clauses (rule first, worked example
second), the alternatives that lost and the negative facts relied on. A value the sources
never give, or a text rulesq does not understand, gives *cannot answer* with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from rulesq.engine.verdict import Alternatives, Cards, Number, Word
from rulesq.errors import CannotAnswer, InputError, did_you_mean, suggest
from rulesq.explain.graph import BEATS
from rulesq.games.fma import attributes as at
from rulesq.games.fma import citations
from rulesq.games.fma.battle import (
    Battle,
    BattleError,
    BattleResult,
    Combatant,
    SideResult,
    resolve_battle,
)
from rulesq.games.fma.situation import (
    PRECEDENT,
    RULE,
    Character,
    Cited,
    Reader,
    State,
    card_clauses,
)
from rulesq.games.fma.vocab import Attribute, Side

if TYPE_CHECKING:
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context

#: The role each library clause plays in an answer.
ROLES: dict[str, str] = {
    citations.SET_VALUE: RULE, citations.SET_VALUE_EXAMPLE: PRECEDENT,
    citations.SET_VALUE_ORDER: PRECEDENT, citations.DEFEATED: RULE,
    citations.TOUGHNESS: RULE, citations.SENT_HOME: RULE,
    citations.BATTLE_RESOLUTION: PRECEDENT, citations.GOAL_CHANGE: RULE,
    citations.GOAL_OTHER: RULE, citations.PRINTED: RULE,
}
#: The amount a modifier step starts with: ``+1``, ``-2``.
_AMOUNT = re.compile(r"^[+-]?\d+")
#: Above this many characters a side's rejected choices are not listed one by one.
MAX_LISTED_POOL = 6


class Goals(Cards):
    """The goals of a location (a set of printed goals such as ``Strength +1``)."""

    kind = "goals"


# ---------------------------------------------------------------------------- reading


def reader_for(ctx: Context) -> tuple[Reader, State]:
    """The facts before the question, read in order."""
    reader = Reader(ctx.situation, ctx.game)
    return reader, reader.read(ctx.facts)


def cite(ctx: Context, cited: Iterable[Cited]) -> list[str]:
    """Add clauses to the graph with their roles; their nodes, in order."""
    return [ctx.clause(ref, role) for ref, role in dict.fromkeys(cited)]


def cite_one(ctx: Context, ref: str) -> str:
    """Add one of the library's clauses with its usual role."""
    return ctx.clause(ref, ROLES.get(ref))


def _names(names: Iterable[str]) -> str:
    quoted = [f'"{n}"' for n in names]
    if not quoted:
        return "nobody"
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def _attribute(ctx: Context) -> Attribute:
    word = str(ctx.question.param("attribute", ""))
    try:
        return Attribute.named(word)
    except Exception:
        line = ctx.question.span.line
        column = ctx.situation.line(line).find(word) + 1
        options = [a.value for a in Attribute]
        raise InputError(f"'{word}' is not an FMA attribute", ctx.situation.source,
                         ctx.situation.text, line, max(column, 1), expected=options,
                         suggestion=did_you_mean(suggest(word, options))) from None


def _character(ctx: Context, reader: Reader, state: State) -> Character:
    ref = ctx.question.card
    found = state.find(ref.card.name if ref.card is not None else ref.name)
    if found is not None:
        return found
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a character of this situation')
    return reader.introduce(ref)


def _blocked(ctx: Context, state: State, names: Iterable[str],
             attribute: Attribute | None) -> Answer | None:
    gaps = [gap for name in names for gap in state.blocking(name, attribute)]
    if not gaps:
        return None
    unique = list(dict.fromkeys(gaps))
    return ctx.cannot(unique[0].reason, gaps=tuple((g.text, g.reason) for g in unique))


# ---------------------------------------------------------------------------- battles


@dataclass
class Fight:
    """A battle read from the situation and resolved, with its nodes in the graph."""

    battle: Battle
    result: BattleResult
    facts: list[str]
    rule: str


def fight(ctx: Context) -> Fight | Answer:
    """The battle before the question, resolved; or the *cannot answer* that stops it."""
    _, state = reader_for(ctx)
    setup = state.battle
    attribute = setup.attribute
    if attribute is None:
        raise CannotAnswer("the situation does not say which attribute the battle is fought "
                           "with (write, e.g., battle strength)")
    for side in Side:
        if not setup.sides[side]:
            raise CannotAnswer(f"the situation names no {side.value} (write, e.g., "
                               f'{side.value} "A" (strength 3))')
    names = [n for side in Side for n in setup.sides[side]]
    blocked = _blocked(ctx, state, names, attribute)
    if blocked is not None:
        return blocked
    timeline = state.timeline(setup.ended_at)
    sides: dict[Side, list[Combatant]] = {side: [] for side in Side}
    for side in Side:
        for name in setup.sides[side]:
            character = state.characters[_key(state, name)]
            reading = at.attribute_value(timeline, name, attribute)
            if reading.status is at.Status.NO_ATTRIBUTES:
                raise CannotAnswer(f'"{name}" is defeated and has no attributes, so it cannot '
                                   "take part in the battle")
            sides[side].append(Combatant(name, reading.value, character.toughness,
                                         character.undefeatable, name in setup.sent_home))
    battle = Battle(attribute, tuple(sides[Side.ATTACKERS]), tuple(sides[Side.DEFENDERS]))
    try:
        result = resolve_battle(battle)
    except BattleError as error:
        raise CannotAnswer(str(error)) from None
    facts = [ctx.fact(f) for f in setup.facts]
    facts += [ctx.fact(f) for f in setup.sent_home.values()]
    entries = state.all_entries(setup.ended_at)
    for entry in entries:
        if entry.fact is not None and any((n, attribute) in entry.touches for n in names):
            facts.append(ctx.fact(entry.fact))
    return Fight(battle, result, list(dict.fromkeys(facts)),
                 cite_one(ctx, citations.BATTLE_RESOLUTION))


def _key(state: State, name: str) -> str:
    return next(k for k, c in state.characters.items() if c.name == name)


def _outcome_words(result: BattleResult) -> str:
    a, d = result.attackers.total, result.defenders.total
    if result.winner is None:
        return f"the battle is a tie, {a} to {d}"
    return (f"the {result.winner.value} win the battle, {result.side(result.winner).total} "
            f"to {result.side(result.winner.other).total}")


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
                    graph.absence(f'"{c.name}" was sent home during the battle: its '
                                  f"{attribute} no longer counts for its side")
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
    head = (f"the {side.value}' player defeats opposing characters with total "
            f"{attribute.value} {bound} {result.total}")
    if result.choices == ((),):
        return f"{head}: none fits"
    sets = [_names(choice) for choice in result.choices]
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
                graph.absence(f'"{c.name}" was sent home during the battle: it is out of it '
                              "and is not defeated in it")
                nodes.append(cite_one(ctx, citations.SENT_HOME))
            elif c.name in result.side(side).protected:
                graph.absence(_protection(fought, side, c.name))
                if c.toughness and not c.undefeatable:
                    nodes.append(cite_one(ctx, citations.TOUGHNESS))
            else:
                bound = "not less than" if chooser.strict else "more than"
                graph.absence(f'"{c.name}" ({attribute.value} {c.value}) is not defeated: '
                              f"{c.value} is {bound} the {side.other.value}' total of "
                              f"{chooser.total}")
    return list(dict.fromkeys(nodes))


def defeated(ctx: Context) -> Answer:
    """Answer ``ask who is defeated?``: the characters, or the outcomes a choice leaves open."""
    fought = fight(ctx)
    if not isinstance(fought, Fight):
        return fought
    result = fought.result
    attribute = fought.battle.attribute
    graph = ctx.derivation()
    protecting = _negatives(ctx, fought)
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
    reason = f"{_outcome_words(result)}; " + "; ".join(choices)
    return ctx.conclude(verdict, reason,
                        supported_by=(*fought.facts, fought.rule, *protecting))


def defeat_choice(ctx: Context) -> Answer:
    """Answer ``ask which characters may the attacking/defending player defeat?``."""
    fought = fight(ctx)
    if not isinstance(fought, Fight):
        return fought
    side = Side.ATTACKERS if ctx.question.param("side") == "attacking" else Side.DEFENDERS
    result = fought.result
    mine = result.side(side)
    attribute = fought.battle.attribute
    graph = ctx.derivation()
    protecting: list[str] = []
    for c in fought.battle.side(side.other):
        if c.name in result.side(side.other).protected:
            graph.absence(_protection(fought, side.other, c.name).replace(
                "so it is not defeated", "so it cannot be chosen"))
            if c.toughness and not c.undefeatable:
                protecting.append(cite_one(ctx, citations.TOUGHNESS))
        elif c.sent_home:
            graph.absence(f'"{c.name}" was sent home during the battle, so it cannot be chosen')
            protecting.append(cite_one(ctx, citations.SENT_HOME))
    pool = [c for c in fought.battle.side(side.other)
            if not c.sent_home and c.name not in result.side(side.other).protected]
    if len(pool) <= MAX_LISTED_POOL:
        _rejected(ctx, fought, pool, mine)
    choices = mine.choices
    verdict: Cards | Alternatives = (Cards(choices[0]) if len(choices) == 1
                                     else Alternatives(choices))
    reason = f"{_outcome_words(result)}; {_choice_words(side, mine, attribute)}"
    return ctx.conclude(verdict, reason,
                        supported_by=(*fought.facts, fought.rule, *dict.fromkeys(protecting)))


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
            label = _names(c.name for c in chosen)
            if not fits(total):
                bound = "is not less than" if mine.strict else "is over"
                note = f"{label}: total {total} {bound} {limit}"
            else:
                extra = next(c for c in pool if c not in chosen and fits(total + (c.value or 0)))
                note = (f'{label}: "{extra.name}" could still be added (total '
                        f"{total + (extra.value or 0)}, within {limit})")
            node = graph.alternative(note, sorted(names))
            graph.link(fought.rule, node, BEATS, note=note)


# ---------------------------------------------------------------------------- values


def value(ctx: Context) -> Answer:
    """Answer ``ask what is the strength of "X"?`` at this point of the timeline."""
    attribute = _attribute(ctx)
    reader, state = reader_for(ctx)
    character = _character(ctx, reader, state)
    blocked = _blocked(ctx, state, [character.name], attribute)
    if blocked is not None:
        return blocked
    if character.gone:
        raise CannotAnswer(f'"{character.name}" has left play')
    reading = at.attribute_value(state.timeline(), character.name, attribute)
    graph = ctx.derivation()
    support: list[str] = []
    if character.fact is not None:
        support.append(ctx.fact(character.fact))
    support += cite(ctx, character.sources)
    entries = [e for e in state.all_entries() if (character.name, attribute) in e.touches]
    clauses: list[Cited] = []
    quoted: dict[tuple[str, str], str] = {}
    for entry in entries:
        if entry.fact is not None:
            support.append(ctx.fact(entry.fact))
        if entry.effect is not None:
            card, text = entry.effect
            if (card.id, text) not in quoted:
                quoted[card.id, text] = graph.effect(card.name, text, card)
            support.append(quoted[card.id, text])
        clauses += entry.clauses
    _suppressed(ctx, state, character, attribute, support)
    if reading.status is at.Status.NO_ATTRIBUTES:
        rule = cite_one(ctx, citations.DEFEATED)
        return ctx.conclude(Word("none"), f'"{character.name}" is defeated, and defeated '
                            "characters have no attributes", supported_by=(*support, rule))
    if reading.status is at.Status.UNKNOWN:
        return ctx.cannot(
            f'the {attribute.value} of "{character.name}" is not known: the sources give no '
            f'printed {attribute.value} for it (give it, e.g. character "{character.name}" '
            f"({attribute.value} 3))",
            gaps=((f'printed {attribute.value} of "{character.name}"', "not given"),))
    if entries or not character.sources:
        clauses.insert(0, (citations.SET_VALUE, RULE))
    clauses += [(ref, ROLES.get(ref, RULE)) for ref in reading.clauses]
    support += cite(ctx, clauses)
    wiped = 0
    for step in reading.steps:
        if not step.counts:
            graph.absence(f"{step.change} from {step.source}: {step.why}")
            amount = _AMOUNT.match(step.change)
            wiped += int(amount.group(0)) if amount else 0
    if wiped and reading.value is not None:
        rule = cite_one(ctx, citations.SET_VALUE)
        node = graph.alternative(f"{reading.value + wiped}: the modifiers applied before the "
                                 "value was set still counting", reading.value + wiped)
        graph.link(rule, node, BEATS, note="a value set to a number wipes earlier modifiers")
    still = {step.source for step in reading.steps}
    timeline = state.timeline()
    for entry in entries:
        event = entry.event
        if isinstance(event, at.Modifier | at.SetValue) and event.source not in still:
            change = (f"set to {event.value} by" if isinstance(event, at.SetValue)
                      else f"{event.amount:+d} from")
            graph.absence(f"{change} {event.source} no longer applies: "
                          + _where_now(timeline, event.id))
    assert reading.value is not None
    return ctx.conclude(Number(reading.value), _value_reason(reading),
                        supported_by=tuple(dict.fromkeys(support)))


def _suppressed(ctx: Context, state: State, character: Character, attribute: Attribute,
                support: list[str]) -> None:
    """Attachments that give no bonus because a card in play says so: negative facts."""
    stoppers = state.suppressing()
    if not stoppers:
        return
    stopped = [e for e in state.entries if e.origin == "attachment"
               and (character.name, attribute) in e.touches]
    if not stopped:
        return
    graph = ctx.derivation()
    for passive in stoppers:
        if passive.fact is not None:
            support.append(ctx.fact(passive.fact))
        effect = graph.effect(passive.card.name, passive.effect.render(), passive.card)
        support.append(effect)
        support += cite(ctx, card_clauses(passive.card))
        for entry in stopped:
            source = getattr(entry.event, "source", "an attachment")
            graph.absence(f'{source} gives no {attribute.value} bonus or penalty: '
                          f'"{passive.card.name}" is in play ("{passive.effect.render()}")')
            graph.link(effect, graph.alternative(f"with {source}"), BEATS,
                       note="attachments do not give attribute bonuses or penalties")


def _where_now(timeline: at.Timeline, ident: str) -> str:
    """Why an effect no longer counts for an attribute: moved elsewhere, or ended."""
    try:
        attribute, amount = at.bonus_amount(timeline, ident)
    except at.TimelineError:
        return "it has ended"
    return f"it was moved to {attribute.value} (now {amount:+d})"


def _value_reason(reading: at.Reading) -> str:
    parts = [f"printed {reading.printed}" if reading.printed is not None
             else "no printed value"]
    for step in reading.steps:
        if not step.counts:
            continue
        tail = f" {step.why}" if step.why else ""
        if step.change.startswith("set to"):
            parts.append(f"{step.change} by {step.source}{tail}")
        else:
            parts.append(f"{step.change} from {step.source}{tail}")
    return "; ".join(parts) + f": {reading.attribute.value} {reading.value}"


def printed(ctx: Context) -> Answer:
    """Answer ``ask what is the printed strength of "X"?``: the number on the card."""
    attribute = _attribute(ctx)
    reader, state = reader_for(ctx)
    character = _character(ctx, reader, state)
    number = character.printed[attribute]
    if number is None:
        raise CannotAnswer(f'the printed {attribute.value} of "{character.name}" is not known '
                           f'(give it, e.g. character "{character.name}" ({attribute.value} 3))')
    support = [ctx.fact(character.fact)] if character.fact is not None else []
    support += cite(ctx, character.sources)
    rule = cite_one(ctx, citations.PRINTED)
    changes = [e for e in state.all_entries() if (character.name, attribute) in e.touches]
    if changes:
        ctx.derivation().absence(f"{len(changes)} later change(s) to its {attribute.value} do "
                                 "not count: printed attributes are only the printed numbers")
    return ctx.conclude(Number(number), f'the number printed on "{character.name}": '
                        f"{attribute.value} {number}", supported_by=(*support, rule))


# ---------------------------------------------------------------------------- goals


def goals(ctx: Context) -> Answer:
    """Answer ``ask what is the goal of the location?`` after the goal changes written."""
    _, state = reader_for(ctx)
    if state.goals is None:
        raise CannotAnswer('the situation gives no goal (write, e.g., the location has goals '
                           '"Wits +1" and "Alchemy +1")')
    support = [ctx.fact(f) for f in state.goal_facts]
    support += cite(ctx, state.goal_clauses)
    shown = tuple(goal.render() for goal in state.goals)
    reason = ("the goals as written" if len(state.goal_facts) == 1
              else "after the changes: " + (", ".join(shown) or "no goal"))
    return ctx.conclude(Goals(shown), reason, supported_by=tuple(support))


__all__ = ["battle_winner", "defeat_choice", "defeated", "goals", "printed", "value"]
