"""Type the phrases of a parsed Warhammer sentence: keywords, abilities, frames and acts.

Keywords and restrictions, ability headers, triggers, conditions, durations and one act
per verb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.effects.base import Effect
from rulesq.effects.words import parse_number
from rulesq.errors import quoted
from rulesq.games.warhammer.acts import (
    Ability,
    Act,
    AttachTo,
    Clause,
    Keyword,
    Limit,
    Only,
    Phrase,
    Reminder,
    XIs,
    ZoneText,
)
from rulesq.games.warhammer.selectors import Word, selector
from rulesq.games.warhammer.vocab import (
    CONDITION_LEADS,
    DURATION_LEADS,
    NUMBERED_KEYWORDS,
    PARTICIPLES,
    TRIGGER_LEADS,
    Header,
    Zone,
    verb_kind,
)

if TYPE_CHECKING:
    from lark import Tree

    from rulesq.spans import Span


class NotRead(Exception):
    """A sentence the grammar accepts but whose phrases the reader cannot type."""


#: An item of a sentence: a word, or the words of a parenthesis.
Item = Word | tuple[Word, ...]
#: How each shared quantity reads (its kept tokens in the braces; the core drops keywords).
_QUANTITY = {
    "q_count": "{}",
    "q_of": "{} of",
    "q_up_to": "up to {}",
    "q_up_to_x": "up to X",
    "q_any_number": "any number of",
    "q_all": "all",
    "q_any": "any",
    "q_each_of": "each of",
    "q_article": "a",
    "q_each": "each",
}
_MODALS = {
    "may",
    "must",
    "cannot",
    "can",
    "would",
    "could",
    "will",
    "shall",
    "not",
    "be",
    "is",
    "are",
}
#: Words that join one act to the next ("to", "and", "or", "then") with the next's modal.
_JOINS = {"and", "or", "to", "then", *_MODALS}


def tokens(tree: Tree[Any]) -> list[Item]:
    """The sentence's words in order; a quantity is one word, a parenthesis one item."""
    from lark import Token

    out: list[Item] = []

    def walk(node: Tree[Any] | Token, into: list[Item]) -> None:
        if isinstance(node, Token):
            into.append(Word(node.type, str(node)))
        elif node.data == "paren":
            inner: list[Item] = []
            for child in node.children[1:-1]:
                walk(child, inner)
            into.append(tuple(w for w in inner if isinstance(w, Word)))
        elif str(node.data).startswith("q_"):
            kept = " ".join(str(t) for t in node.scan_values(lambda v: isinstance(v, Token)))
            into.append(Word("QUANTITY", _QUANTITY[str(node.data)].format(kept).strip()))
        else:
            for child in node.children:
                walk(child, into)

    walk(tree, out)
    return out


def _low(words: list[Item]) -> list[str]:
    return [w.text.lower() if isinstance(w, Word) else "(...)" for w in words]


def read_sentence(items: list[Item], span: Span) -> list[Effect]:
    """The effects of one sentence (raises ``NotRead`` when a phrase has no reading)."""
    if items and isinstance(items[-1], Word) and items[-1].kind == "PERIOD":
        items = items[:-1]
    if not items:
        raise NotRead("an empty sentence")
    header = None
    if isinstance(items[0], Word) and items[0].kind == "HEADER":
        header = Header(items[0].text)
        items = items[2:]  # the header and its colon
    if header is None:
        fixed = _fixed(items, span)
        if fixed is not None:
            return fixed
    once = False
    if items and isinstance(items[-1], tuple):
        inner = _low([w for w in items[-1] if w.kind != "PERIOD"])
        if inner[:3] == ["limit", "once", "per"]:
            if len(items) == 1:  # "(Limit once per turn.)" after its ability
                return [Limit(1, " ".join(inner[3:]), span=span)]
            once, items = True, items[:-1]
    clauses = _clauses(items, span)
    if header is not None:
        return [Ability(header, tuple(clauses), once, span=span)]
    return clauses


def _fixed(items: list[Item], span: Span) -> list[Effect] | None:
    """Keyword and restriction sentences, or None."""
    low = _low(items)
    words = [w for w in items if isinstance(w, Word)]
    first = words[0] if words else None
    if (
        words
        and len(words) == len(items)
        and all(w.kind == "ZONE" for w in words[::2])
        and all(w == "or" for w in low[1::2])
    ):
        return [ZoneText(Zone(w.text.lower().rstrip("s")), span=span) for w in words[::2]]
    if len(low) >= 2 and low[-1] == "only" and all(isinstance(i, Word) for i in items):
        what = " ".join(w.text for w in words[:-1])
        zone = (
            Zone(low[0].rstrip("s")) if len(low) == 2 and first and first.kind == "ZONE" else None
        )
        return [Only(what, zone, span=span)]
    if low[:1] == ["limit"] and "per" in low:
        at = low.index("per")
        per = " ".join(low[at + 1 :])
        count = 1 if low[1] == "once" else _count(words[1])
        trait = " ".join(w.text for w in words[2:at]) or None
        if count is not None and per in ("zone", "deck", "turn", "phase"):
            return [Limit(count, per, trait, span=span)]
    if low[:2] == ["attach", "to"]:
        return [AttachTo(selector(_flat(items[2:])), span=span)]
    if low[:1] == ["x"] and len(low) > 2 and low[1] in ("is", "equals"):
        return [XIs(selector(_flat(items[2:])), span=span)]
    keywords = _keywords(items, span)
    return keywords


def _count(word: Word) -> int | None:
    if word.kind == "QUANTITY":
        try:
            return parse_number(word.text)
        except ValueError:
            return None
    return None


def _flat(items: list[Item]) -> list[Word]:
    out: list[Word] = []
    for item in items:
        out += list(item) if isinstance(item, tuple) else [item]
    return out


def _keywords(items: list[Item], span: Span) -> list[Effect] | None:
    """Text "Toughness 1 (reminder).", "Scout.", "Limited (reminder).", "Unique.", or None."""
    out: list[Effect] = []
    i = 0
    while i < len(items):
        item = items[i]
        if not isinstance(item, Word):
            if not out:
                return None
            out.append(Reminder(tuple(w.text for w in item), span=span))
            i += 1
            continue
        name = item.text.capitalize()
        if name in ("Limited", "Unique") or name in NUMBERED_KEYWORDS:
            value: int | str | None = None
            nxt = items[i + 1] if i + 1 < len(items) else None
            if isinstance(nxt, Word) and nxt.kind in ("QUANTITY", "X"):
                value = nxt.text if nxt.kind == "X" else _count(nxt)
                i += 1
            out.append(Keyword(name, value, span=span))
            i += 1
            continue
        if item.kind == "COMMA" and out:
            i += 1
            continue
        return None
    return out or None


def _segments(items: list[Item]) -> list[list[Item]]:
    """The phrases between commas (a parenthesis stays with its phrase)."""
    out: list[list[Item]] = [[]]
    for item in items:
        if isinstance(item, Word) and item.kind in ("COMMA", "COLON"):
            out.append([])
        elif isinstance(item, tuple):
            out += [[item], []]
        else:
            out[-1].append(item)
    return [s for s in out if s]


def _lead(low: list[str], leads: tuple[str, ...]) -> str | None:
    for lead in leads:
        parts = lead.split()
        if low[: len(parts)] == parts:
            return lead
    return None


def _clauses(items: list[Item], span: Span) -> list[Effect]:
    """Clauses: phrases framing acts; a frame applies to the acts that follow it."""
    out: list[Effect] = []
    trigger: Phrase | None = None
    conditions: list[Phrase] = []
    duration: Phrase | None = None
    then = False
    for segment in _segments(items):
        if len(segment) == 1 and isinstance(segment[0], tuple):
            out.append(_paren(segment[0], span))
            continue
        low = _low(segment)
        if low[:1] == ["or"] and _continues(out) and _has_main_act(segment[1:]):
            out[-1] = _or_acts(out[-1], segment[1:], span)  # "either …, or sacrifice …"
            continue
        if low and low[0] == "then":
            then, segment, low = True, segment[1:], low[1:]
            if not segment:
                continue
        words = tuple(w.text for w in _flat(segment))
        lead = _lead(low, TRIGGER_LEADS)
        if lead is not None and not _acts_after_frame(segment):
            trigger = Phrase(lead, words)
            continue
        lead = _lead(low, CONDITION_LEADS)
        if lead in ("otherwise", "instead") and _has_main_act(segment[1:]):
            conditions.append(Phrase(lead, words[:1]))  # "Otherwise, …" / "instead return …"
            segment, low = segment[1:], low[1:]
        elif lead is not None:
            conditions.append(Phrase(lead, words))  # "If you control …", "…, if able"
            continue
        lead = _lead(low, DURATION_LEADS)
        if lead is not None and not _has_main_act(segment):
            duration = Phrase(lead, words)
            continue
        if not _has_main_act(segment) and _continues(out) and lead is None:
            out[-1] = _extend(out[-1], segment, span)  # "…, where X is …", "…, corrupted"
            continue
        if not _has_main_act(segment) and lead is None and _aside_after(out):
            out[-2] = _extend(out[-2], segment, span)  # "… (you may split them up), corrupted"
            continue
        acts = _acts(segment, span)
        acts[-1], until = _until(acts[-1])
        duration = duration or until
        out.append(Clause(tuple(acts), trigger, tuple(conditions), duration, then, span=span))
        trigger, conditions, duration, then = None, [], None, False
    if trigger is not None or conditions or duration is not None:
        at = max((i for i, c in enumerate(out) if isinstance(c, Clause) and c.acts), default=-1)
        if at >= 0:  # a frame written after its acts
            last = out[at]
            assert isinstance(last, Clause)
            out[at] = Clause(
                last.acts,
                last.trigger or trigger,
                (*last.conditions, *conditions),
                last.duration or duration,
                last.then,
                span=span,
            )
        else:
            raise NotRead(
                "a frame ("
                + ", ".join(p.render() for p in (trigger, *conditions, duration) if p)
                + ") with no act"
            )
    return out


def _or_acts(clause: Effect, segment: list[Item], span: Span) -> Effect:
    """The clause with the acts of an ", or …" phrase joined to it by "or" (one choice).

    "That opponent must either deal 3 damage …, or sacrifice a unit …": the second act is
    the other option of the same subject and modal, not an act of its own.
    """
    assert isinstance(clause, Clause)
    acts = _acts(segment, span)
    first = acts[0]
    modal = first.modal or clause.acts[0].modal
    acts[0] = Act(first.kind, first.verb, None, first.object, modal, "or", span=first.span)
    return Clause(
        (*clause.acts, *acts),
        clause.trigger,
        clause.conditions,
        clause.duration,
        clause.then,
        span=span,
    )


def _until(act: Act) -> tuple[Act, Phrase | None]:
    """The act without a trailing "until the end of …" in its object, and that duration."""
    words = act.object.words if act.object else ()
    low = [w.lower() for w in words]
    if "until" not in low or low.index("until") == 0:
        return act, None
    at = low.index("until")
    obj = selector([Word("WORD", w) for w in words[:at]])
    return (
        Act(act.kind, act.verb, act.subject, obj, act.modal, act.link, span=act.span),
        Phrase("until", tuple(words[at:])),
    )


def _paren(words: tuple[Word, ...], span: Span) -> Effect:
    """A parenthesis: its clauses when they read, else reminder text."""
    chunks: list[list[Item]] = [[]]
    for w in words:
        if w.kind == "PERIOD":
            chunks.append([])
        else:
            chunks[-1].append(w)
    clauses: list[Effect] = []
    try:
        for chunk in chunks:
            if chunk:
                clauses += _fixed(chunk, span) or _clauses(chunk, span)
    except NotRead:
        return Reminder(tuple(w.text for w in words), span=span)
    if not all(isinstance(c, Clause) for c in clauses):
        return (
            clauses[0] if len(clauses) == 1 else Reminder(tuple(w.text for w in words), span=span)
        )
    if len(clauses) == 1:
        only = clauses[0]
        assert isinstance(only, Clause)
        return Clause(
            only.acts,
            only.trigger,
            only.conditions,
            only.duration,
            only.then,
            aside=True,
            span=span,
        )
    return Reminder(tuple(w.text for w in words), span=span)


def _aside_after(out: list[Effect]) -> bool:
    """Whether a reminder in parentheses stands right after a clause with acts."""
    return len(out) >= 2 and isinstance(out[-1], Reminder) and _continues(out[:-1])


def _continues(out: list[Effect]) -> bool:
    return bool(out) and isinstance(out[-1], Clause) and bool(out[-1].acts)


def _extend(clause: Effect, segment: list[Item], span: Span) -> Effect:
    """The clause with a phrase after a comma added to its last act's object."""
    assert isinstance(clause, Clause)
    last = clause.acts[-1]
    more = tuple(w.text for w in _flat(segment))
    words = (last.object.words if last.object else ()) + (",",) + more
    obj = selector([Word("WORD", w) for w in words])
    acts = (*clause.acts[:-1], Act(last.kind, last.verb, last.subject, obj, last.modal, span=span))
    return Clause(acts, clause.trigger, clause.conditions, clause.duration, clause.then, span=span)


def _passive(segment: list[Item]) -> int | None:
    """Where a participle after "be"/"is"/"are" stands (a passive act), or None."""
    low = _low(segment)
    for i in range(1, len(low)):
        if low[i] in PARTICIPLES and low[i - 1] in ("be", "is", "are", "been", "being"):
            return i
    return None


def _complement(segment: list[Item], at: int) -> bool:
    """Whether the verb at ``at`` completes a noun ("the cost to play").

    Such a verb ("the cost for you to play") is part of the noun phrase, not an act.
    """
    low = _low(segment[max(0, at - 4) : at])
    return low[-2:] == ["cost", "to"] or low[-4:] == ["cost", "for", "you", "to"]


#: Nouns that are verbs where an act starts and an object follows ("Turn target development
#: faceup", "name a card", "Target one unit", "each player targets a unit").
_NOUN_VERBS = {
    "turn": "turn",
    "name": "name",
    "names": "name",
    "target": "target",
    "targets": "target",
}
_OBJECT_STARTS = {"target", "this", "it", "that", "one", "each"}


def _quest_verb(segment: list[Item], at: int) -> bool:
    """Whether the word at ``at`` is a verb the grammar reads as a zone or a noun.

    "quest" after a modal ("your units can quest"); "turn", "name", "target" where an act
    starts (first, or after a modal, a join or a subject) and an object follows.
    """
    word = segment[at]
    if not isinstance(word, Word):
        return False
    before = _low(segment[at - 1 : at])[0] if at > 0 else ""
    if word.kind == "ZONE":
        return word.text == "quest" and before in _MODALS
    if word.text.lower() not in _NOUN_VERBS or at + 1 >= len(segment):
        return False
    after = segment[at + 1]
    starts = (
        at == 0
        or before in _JOINS
        or (word.text.lower() in ("names", "targets") and before in ("player", "opponent"))
    )
    return (
        starts
        and isinstance(after, Word)
        and (after.kind == "QUANTITY" or after.text.lower() in _OBJECT_STARTS)
    )


def _has_main_act(segment: list[Item]) -> bool:
    return (
        any(isinstance(w, Word) and w.kind == "VERB" for w in segment)
        or (_passive(segment) is not None)
        or any(_quest_verb(segment, i) for i in range(len(segment)))
    )


def _acts_after_frame(segment: list[Item]) -> bool:
    return False


def _acts(segment: list[Item], span: Span) -> list[Act]:
    """One act per verb.

    The words before the first verb are the subject (and its modal), the words after a verb
    up to the next verb (less a joining "and", "or", "to") its object.
    """
    verbs = [
        i
        for i, w in enumerate(segment)
        if isinstance(w, Word)
        and ((w.kind == "VERB" and not _complement(segment, i)) or _quest_verb(segment, i))
    ]
    passive = _passive(segment)
    if passive is not None and (not verbs or passive < verbs[0]):
        verbs = [passive, *verbs]
    if not verbs:
        raise NotRead("no verb in " + quoted(" ".join(w.text for w in _flat(segment))))
    acts: list[Act] = []
    head = _flat(segment[: verbs[0]])
    cut = next((i for i, w in enumerate(head) if w.text.lower() in _MODALS), len(head))
    subject = selector(head[:cut]) if head[:cut] else None
    modal = " ".join(w.text for w in head[cut:]) or None
    link: list[Word] = []
    for n, at in enumerate(verbs):
        end = verbs[n + 1] if n + 1 < len(verbs) else len(segment)
        tail = segment[at + 1 : end]
        joins: list[Word] = []
        while (
            n + 1 < len(verbs)
            and tail
            and isinstance(tail[-1], Word)
            and tail[-1].text.lower() in _JOINS
        ):
            joins.insert(0, tail[-1])
            tail = tail[:-1]
        verb = segment[at]
        assert isinstance(verb, Word)
        obj = _flat(tail)
        kind = (
            "quest"
            if verb.kind == "ZONE"
            else _NOUN_VERBS.get(verb.text.lower())
            or (PARTICIPLES[verb.text.lower()] if verb.kind == "WORD" else verb_kind(verb.text))
        )
        if n > 0:
            cut = next((i for i, w in enumerate(link) if w.text.lower() in _MODALS), len(link))
            modal = " ".join(w.text for w in link[cut:]) or None
        acts.append(
            Act(
                kind,
                verb.text,
                subject if n == 0 else None,
                selector(obj) if obj else None,
                modal,
                " ".join(w.text for w in link[:cut]) if n > 0 else "",
                span=span,
            )
        )
        link = joins
    return acts
