"""Type the phrases of a parsed Warhammer sentence: keywords, abilities, frames and acts.

Keywords and restrictions, ability headers, triggers, conditions, durations and one act
per verb.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulesq.effects.base import Effect
from rulesq.effects.words import parse_number
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
_QUANTITY = {"q_count": "{}", "q_of": "{} of", "q_up_to": "up to {}", "q_up_to_x": "up to X",
             "q_any_number": "any number of", "q_all": "all", "q_any": "any",
             "q_each_of": "each of", "q_article": "a", "q_each": "each"}
_MODALS = {"may", "must", "cannot", "can", "would", "could", "will", "shall", "not"}


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
    if words and len(words) == len(items) and all(
            w.kind == "ZONE" for w in words[::2]) and all(w == "or" for w in low[1::2]):
        return [ZoneText(Zone(w.text.lower().rstrip("s")), span=span) for w in words[::2]]
    if len(low) >= 2 and low[-1] == "only" and all(isinstance(i, Word) for i in items):
        what = " ".join(w.text for w in words[:-1])
        zone = Zone(low[0].rstrip("s")) if len(low) == 2 and first and first.kind == "ZONE" \
            else None
        return [Only(what, zone, span=span)]
    if low[:1] == ["limit"] and "per" in low:
        at = low.index("per")
        per = " ".join(low[at + 1:])
        count = _count(words[1])
        trait = " ".join(w.text for w in words[2:at]) or None
        if count is not None and per in ("zone", "deck", "turn"):
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
    """"Toughness 1 (reminder).", "Scout.", "Limited (reminder).", "Unique.", or None."""
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
        if low[:len(parts)] == parts:
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
        if lead is not None and (lead in ("otherwise", "instead") or not _has_main_act(segment)):
            conditions.append(Phrase(lead, words))
            if lead in ("otherwise", "instead") and _has_main_act(segment):
                pass
            else:
                continue
        lead = _lead(low, DURATION_LEADS)
        if lead is not None and not _has_main_act(segment):
            duration = Phrase(lead, words)
            continue
        if not _has_main_act(segment) and _continues(out) and lead is None:
            out[-1] = _extend(out[-1], segment, span)  # "…, where X is …", "…, corrupted"
            continue
        acts = _acts(segment, span)
        out.append(Clause(tuple(acts), trigger, tuple(conditions), duration, then, span=span))
        trigger, conditions, duration, then = None, [], None, False
    if trigger is not None or conditions or duration is not None:
        at = max((i for i, c in enumerate(out) if isinstance(c, Clause) and c.acts), default=-1)
        if at >= 0:  # a frame written after its acts
            last = out[at]
            assert isinstance(last, Clause)
            out[at] = Clause(last.acts, last.trigger or trigger,
                             (*last.conditions, *conditions), last.duration or duration,
                             last.then, span=span)
        else:
            raise NotRead("a frame (" + ", ".join(
                p.render() for p in (trigger, *conditions, duration) if p) + ") with no act")
    return out


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
        return clauses[0] if len(clauses) == 1 else Reminder(tuple(w.text for w in words),
                                                             span=span)
    return clauses[0] if len(clauses) == 1 else Clause(
        tuple(a for c in clauses if isinstance(c, Clause) for a in c.acts), span=span)


def _continues(out: list[Effect]) -> bool:
    return bool(out) and isinstance(out[-1], Clause) and bool(out[-1].acts)


def _extend(clause: Effect, segment: list[Item], span: Span) -> Effect:
    """The clause with a phrase after a comma added to its last act's object."""
    assert isinstance(clause, Clause)
    last = clause.acts[-1]
    more = tuple(w.text for w in _flat(segment))
    words = ((last.object.words if last.object else ()) + (",",) + more)
    obj = selector([Word("WORD", w) for w in words])
    acts = (*clause.acts[:-1], Act(last.kind, last.verb, last.subject, obj, last.modal,
                                   span=span))
    return Clause(acts, clause.trigger, clause.conditions, clause.duration, clause.then,
                  span=span)


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
    low = _low(segment[max(0, at - 4):at])
    return low[-2:] == ["cost", "to"] or low[-4:] == ["cost", "for", "you", "to"]


def _has_main_act(segment: list[Item]) -> bool:
    return any(isinstance(w, Word) and w.kind == "VERB" for w in segment) or (
        _passive(segment) is not None)


def _acts_after_frame(segment: list[Item]) -> bool:
    return False


def _acts(segment: list[Item], span: Span) -> list[Act]:
    """One act per verb.

    The words before the first verb are the subject (and its modal), the words after a verb
    up to the next verb (less a joining "and", "or", "to") its object.
    """
    verbs = [i for i, w in enumerate(segment) if isinstance(w, Word) and w.kind == "VERB"
             and not _complement(segment, i)]
    passive = _passive(segment)
    if passive is not None and (not verbs or passive < verbs[0]):
        verbs = [passive, *verbs]
    if not verbs:
        raise NotRead("no verb in '" + " ".join(w.text for w in _flat(segment)) + "'")
    acts: list[Act] = []
    head = _flat(segment[:verbs[0]])
    modal = " ".join(w.text for w in head if w.text.lower() in _MODALS) or None
    subject_words = [w for w in head if w.text.lower() not in _MODALS]
    subject = selector(subject_words) if subject_words else None
    for n, at in enumerate(verbs):
        end = verbs[n + 1] if n + 1 < len(verbs) else len(segment)
        tail = segment[at + 1:end]
        while tail and isinstance(tail[-1], Word) and tail[-1].text.lower() in (
                "and", "or", "to", "then", *_MODALS):
            tail = tail[:-1]
        verb = segment[at]
        assert isinstance(verb, Word)
        obj = _flat(tail)
        kind = PARTICIPLES[verb.text.lower()] if verb.kind == "WORD" else verb_kind(verb.text)
        acts.append(Act(kind, verb.text, subject if n == 0 else None,
                        selector(obj) if obj else None, modal if n == 0 else None, span=span))
    return acts
