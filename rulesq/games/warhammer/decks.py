"""Warhammer deck legality: the FAQ's restricted and banned lists, and "Limit N per deck".

The lists are data: clauses of kind ``list-policy`` (one per list, ``list`` = ``restricted``
or ``banned``) and ``list-entry`` (``list`` and ``card``). The restricted policy allows one
restricted card per deck, in any number of copies the regular rules allow; a banned card
may not be in a deck at all. A card whose text in force says "Limit N per deck" allows N
copies. The seeds give no other deck-construction rule (deck size, copies in general,
loyalty), so a deck that passes these checks is "cannot answer" for ``is my deck legal?``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.corpus.load import normalise_name
from rulesq.engine.verdict import YesNo
from rulesq.errors import CannotAnswer
from rulesq.explain.graph import BEATS, SUPPORTS
from rulesq.regexcache import compiled
from rulesq.situation.model import ME

if TYPE_CHECKING:
    from rulesq.corpus import Card, Clause, Corpus
    from rulesq.engine.answer import Answer
    from rulesq.engine.dispatch import Context
    from rulesq.situation.model import CardRef

RESTRICTED, BANNED = "restricted", "banned"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_LIMIT = compiled(r"\bLimit (\d+|one|two|three|four|five) per deck\b", re.IGNORECASE)


@dataclass
class DeckList:
    """One list: its policy clause and its entries by card name."""

    policy: Clause
    entries: dict[str, Clause] = field(default_factory=dict)


@dataclass
class Entry:
    """A card of the deck: the card, its copies and the deck line that put it there."""

    card: Card
    copies: int
    fact_node: str


def lists(corpus: Corpus) -> dict[str, DeckList]:
    """The restricted and banned lists of the corpus, by list name."""
    found: dict[str, DeckList] = {}
    for clause in corpus.clauses.values():
        if clause.kind == "list-policy":
            found.setdefault(str(clause.extra.get("list")), DeckList(clause)).policy = clause
    for clause in corpus.clauses.values():
        name = str(clause.extra.get("list"))
        card = corpus.find_card(str(clause.extra.get("card") or ""))
        if clause.kind == "list-entry" and name in found and card is not None:
            found[name].entries[normalise_name(card.name)] = clause
    return found


def copy_limit(card: Card) -> tuple[int, str] | None:
    """The "Limit N per deck" of the card's text in force (N and the words), or None."""
    match = _LIMIT.search(card.text or "")
    if not match:
        return None
    word = match.group(1).lower()
    return (int(word) if word.isdigit() else _NUMBERS[word]), match.group(0)


def deck_of(ctx: Context) -> list[Entry]:
    """The cards of the deck the question is about (``my deck`` unless it says ``your``)."""
    who = ctx.question.who or ME
    entries: dict[str, Entry] = {}
    for fact in ctx.facts_of("deck"):
        if (fact.who or ME) != who:
            continue
        node = ctx.fact(fact)
        for ref in fact.cards:
            card = _card(ref)
            key = normalise_name(card.name)
            copies = 1 if ref.count is None else ref.count
            if key in entries:
                entries[key].copies += copies
            else:
                entries[key] = Entry(card, copies, node)
    if not entries:
        whose = "my" if who == ME else "your"
        raise CannotAnswer(
            f"the situation does not say what {whose} deck holds (write, e.g., "
            f'{whose} deck has 3 "Card Name")'
        )
    return list(entries.values())


def _card(ref: CardRef) -> Card:
    if ref.card is None:
        raise CannotAnswer(f'"{ref.name}" is not a card of the corpus')
    return ref.card


@dataclass
class Findings:
    """What the checks found: breaches (reason, the node that defeats "yes"), negatives."""

    breaches: list[tuple[str, str]] = field(default_factory=list)
    negatives: list[str] = field(default_factory=list)
    policies: list[Clause] = field(default_factory=list)
    restricted: list[str] = field(default_factory=list)
    assumed: list[str] = field(default_factory=list)


def inspect(ctx: Context, deck: list[Entry], limits_for_all: bool) -> Findings:
    """Check the deck against the lists (and "Limit N per deck"); cite what applies."""
    graph = ctx.derivation()
    found = lists(ctx.corpus)
    for name in (RESTRICTED, BANNED):
        if name not in found:
            raise CannotAnswer(f"the {ctx.game.title} corpus has no {name} list")
    restricted, banned = found[RESTRICTED], found[BANNED]
    out = Findings()

    chosen = [e for e in deck if normalise_name(e.card.name) in restricted.entries]
    out.restricted = [e.card.name for e in chosen]
    bans = [e for e in deck if normalise_name(e.card.name) in banned.entries]
    out.policies = [restricted.policy, banned.policy]
    if len(chosen) > 1:
        policy = _cite_list(ctx, restricted, chosen)
        names = ", ".join(f'"{name}"' for name in out.restricted)
        out.breaches.append(
            (
                f"the deck holds {len(chosen)} different restricted cards "
                f"({names}); a deck may hold only one",
                policy,
            )
        )
    elif chosen:
        _cite_list(ctx, restricted, chosen)
        out.negatives.append(f'no restricted card other than "{chosen[0].card.name}" in the deck')
    else:
        out.negatives.append("no restricted card in the deck")
    if bans:
        policy = _cite_list(ctx, banned, bans)
        out.breaches += [(f'"{entry.card.name}" is banned', policy) for entry in bans]
    else:
        out.negatives.append("no banned card in the deck")

    for entry in deck if limits_for_all else chosen:
        found_limit = copy_limit(entry.card)
        if found_limit is None:
            if entry in chosen and entry.copies > 1:
                out.assumed.append(_copies_left_to_the_rules(entry))
            continue
        limit, words = found_limit
        effect = graph.effect(entry.card.name, words, entry.card)
        graph.link(entry.fact_node, effect, SUPPORTS)
        for erratum in _errata_stating(ctx.corpus, entry.card, words):
            graph.link(ctx.cite(erratum), effect, SUPPORTS)
        if entry.copies > limit and entry in chosen:
            # the list leaves the copies to the regular rules, and the card's own limit is one
            out.breaches.append(
                (
                    f'{entry.copies} copies of "{entry.card.name}", the deck\'s restricted card: '
                    'the restricted list allows as many copies of it "as the regular game rules '
                    f'allow", and its own text ("{words}") allows {limit} per deck',
                    effect,
                )
            )
        elif entry.copies > limit:
            out.breaches.append(
                (
                    f'{entry.copies} copies of "{entry.card.name}", whose text '
                    f"allows {limit} per deck",
                    effect,
                )
            )
        else:
            out.negatives.append(
                f'no more than {limit} {"copy" if limit == 1 else "copies"} of "{entry.card.name}"'
            )
    return out


def _copies_left_to_the_rules(entry: Entry) -> str:
    """Why a deck with several copies of its restricted card is open (the number unknown)."""
    return (
        f'the deck holds one restricted card ("{entry.card.name}") and no banned card, but the '
        'restricted list leaves the number of copies of it to "the regular game rules", '
        f"which the sources do not give: whether {entry.copies} copies are allowed is not "
        "known"
    )


def _errata_stating(corpus: Corpus, card: Card, words: str) -> list[Clause]:
    """The card's errata whose quoted text says ``words`` (where a limit comes from)."""
    found = []
    for clause_id in card.errata:
        clause = corpus.find_clause(clause_id)
        quoted = str(clause.extra.get("should_read") or "") if clause else ""
        if clause is not None and words.casefold() in quoted.casefold():
            found.append(clause)
    return found


def _cite_list(ctx: Context, deck_list: DeckList, entries: list[Entry]) -> str:
    """Cite a list's policy and the entries of the deck's cards on it; the policy's node."""
    graph = ctx.derivation()
    policy = ctx.cite(deck_list.policy)
    for entry in entries:
        node = ctx.cite(deck_list.entries[normalise_name(entry.card.name)])
        graph.link(entry.fact_node, node, SUPPORTS)
        graph.link(node, policy, SUPPORTS)
    return policy


def _breached(ctx: Context, findings: Findings) -> Answer:
    """Answer no: each breach beats the alternative "yes"."""
    graph = ctx.derivation()
    lost = graph.alternative("yes", True)
    winners = tuple(dict.fromkeys(node for _, node in findings.breaches))
    for reason, node in findings.breaches:
        graph.link(node, lost, BEATS, note=reason)
    reason = "; ".join(reason for reason, _ in findings.breaches)
    return ctx.conclude(YesNo(False), reason, supported_by=winners)


def deck_lists(ctx: Context) -> Answer:
    """Answer ``ask does my deck obey the restricted and banned lists?``."""
    findings = inspect(ctx, deck_of(ctx), limits_for_all=False)
    if findings.breaches:
        return _breached(ctx, findings)
    for text in findings.negatives:
        ctx.derivation().absence(text)
    if findings.assumed:
        gaps = tuple(
            (text, "the seed documents do not give the regular game rules")
            for text in findings.assumed
        )
        return ctx.cannot("; ".join(findings.assumed), gaps=gaps)
    held = (
        f"one restricted card ({findings.restricted[0]})"
        if findings.restricted
        else "no restricted card"
    )
    policies = tuple(ctx.cite(policy) for policy in findings.policies)
    return ctx.conclude(
        YesNo(True), f"the deck holds {held} and no banned card", supported_by=policies
    )


def deck_legal(ctx: Context) -> Answer:
    """Answer ``ask is my deck legal?``: no on a breach that can be checked, else cannot."""
    findings = inspect(ctx, deck_of(ctx), limits_for_all=True)
    if findings.breaches:
        return _breached(ctx, findings)
    return ctx.cannot(
        "the deck obeys the restricted and banned lists and its cards' own limits, but the "
        "sources give no other deck-construction rule (deck size, copies, loyalty)",
        gaps=(("deck-construction rules", "the seed documents do not give them"),),
    )
