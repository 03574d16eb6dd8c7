"""A card's Action read for the chain: its trigger condition, its cost, its sentences and targets.

The FAQ's formula "Do X to do Y" marks the cost (Triggering a Card Effect); a lead "When …,"
or "At the beginning of …," is a trigger condition (Trigger Conditions); "Then," starts a
clause that resolves only if the one before it did (Multiple Effects). Only the effect forms
named in :data:`FORMS` are followed; any other sentence is read as *unfollowed*, and an answer
that would depend on it is *cannot answer*.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulesq.games.warhammer import effects as fx
from rulesq.games.warhammer import texts
from rulesq.games.warhammer.vocab import Header
from rulesq.regexcache import compiled

if TYPE_CHECKING:
    from rulesq.corpus.models import Card

#: The verbs that begin a cost ("Do X" of "Do X to do Y").
_COST_VERBS = r"corrupt|sacrifice|spend|remove|discard|pay|turn|return"
#: The verbs that begin the effect after a cost ("to do Y").
_EFFECT_VERBS = (
    r"deal|destroy|cancel|play|discard|force|draw|put|move|heal|restore|corrupt|search|"
    r"return|gain|take|look|reveal|have|give|treat"
)
_COST = compiled(
    rf"^(?P<cost>(?:{_COST_VERBS})\b.+?) to (?P<effect>(?:{_EFFECT_VERBS})\b.*)$",
    re.IGNORECASE,
)
_TRIGGER = compiled(r"^(?P<when>(?:When|Whenever|At)\b[^,]+),\s*(?P<rest>.+)$")
_DURING = compiled(
    r"^(?P<during>During your (?:kingdom|quest|capital|battlefield) phase),\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
_THEN = compiled(r"(?:^|(?<=\.)\s*)Then,\s*", re.IGNORECASE)
_NEXT_HEADER = compiled(r"(?:Action|Forced|Quest)\s*:")
_TARGET = compiled(
    r"\b[Tt]arget\s+(?:one\s+)?(?P<what>unit|units|development|support card|player|opponent)"
)

#: What follows a target that is a card on the chain, not in play ("target unit or support
#: card just played"): no unit in play need be there to trigger it.
_ON_CHAIN = compiled(r"(?:\s+or\s+\w+(?:\s+card)?)?\s+just\s+(?:played|triggered)\b")

#: Effect forms followed on the chain, by name: a pattern over one effect sentence.
FORMS: dict[str, re.Pattern[str]] = {
    "deal": compiled(r"^deal (?P<n>\d+|X) damage to (?:one )?target unit$", re.IGNORECASE),
    "destroy": compiled(
        r"^destroy one target unit(?: with fewer hit points than the number of "
        r"(?P<trait>[A-Z][\w']*) cards in play)?$"
    ),
    "guard": compiled(
        r"^Target one unit\. Until the end of the turn, cancel any other action that targets "
        r"this unit unless the action's controller pays an additional (?P<n>\d+) resources"
        r"(?: \(per action\))?$"
    ),
    "cancel": compiled(
        r"^cancel (?:a|an) (?P<what>tactic|Action|Spell card) just (?:played|triggered)"
        r"(?P<in_play> by a card in play)?$",
        re.IGNORECASE,
    ),
    "cancel-unless-all": compiled(
        r"^Cancel and discard target (?P<what>unit or support card) just played unless its "
        r"controller spends all resources in his pool$"
    ),
    "discard-hand": compiled(
        r"^discard (?P<n>\d+) cards? at random from that player's hand if he has "
        r"(?P<least>\d+) or more cards in hand$",
        re.IGNORECASE,
    ),
    "remove-token": compiled(
        r"^remove (?:a|(?P<n>\d+)) resource tokens? from this card$", re.IGNORECASE
    ),
    "put-tokens-questing": compiled(
        r"^if a unit is questing here, put X resource tokens on this card, where X is the "
        r"unit's power$"
    ),
    "put-token": compiled(r"^put a resource token on this (?:unit|card)$", re.IGNORECASE),
}


@dataclass(frozen=True)
class Sentence:
    """One effect sentence of an Action: its words, the form followed (None: not followed)."""

    words: str
    form: str | None
    match: re.Match[str] | None
    then: bool = False


@dataclass
class Action:
    """A card's Action: the words quoted, its trigger condition, cost and effect sentences."""

    quote: str
    trigger: str | None = None
    #: A lead "During your quest phase," naming the phase of its player's turn it is taken in.
    during: str | None = None
    cost: str | None = None
    sentences: list[Sentence] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)
    #: The targets that are cards in play (not one "just played", on the chain).
    in_play: list[str] = field(default_factory=list)

    @property
    def effect(self) -> str:
        """The effect's words (after the trigger condition and the cost)."""
        return " ".join(s.words for s in self.sentences)

    def first(self, form: str) -> Sentence | None:
        """The first sentence read as ``form``."""
        return next((s for s in self.sentences if s.form == form), None)


def _sentences(body: str) -> list[Sentence]:
    whole = body.rstrip(".")
    guard = FORMS["guard"].match(whole)
    if guard is not None:
        return [Sentence(whole, "guard", guard)]
    found_list: list[Sentence] = []
    parts = [p for p in _THEN.split(body) if p.strip()]
    for index, part in enumerate(parts):
        for piece in re.split(r"(?<=\.)\s+", part.strip()):
            words = piece.strip().rstrip(".")
            if not words:
                continue
            form: str | None = None
            match: re.Match[str] | None = None
            for name, pattern in FORMS.items():
                match = pattern.match(words)
                if match is not None:
                    form = name
                    break
            found_list.append(Sentence(words, form, match, index > 0))
    return found_list


def action_of(card: Card | None) -> tuple[Action | None, str | None]:
    """The card's one Action, or None with the reason it is not read."""
    if card is None or not card.text:
        return None, "the text of the card is not known"
    actions = [
        e
        for e in texts.parsed(card.text).effects
        if isinstance(e, fx.Ability) and e.header is Header.ACTION
    ]
    if not actions and "Action:" in card.text:
        return None, f'the grammar does not read the Action of "{card.name}"'
    if not actions:
        return None, f'"{card.name}" has no Action of its own (its text holds no "Action:")'
    if len(actions) != 1:
        return None, f'"{card.name}" has {len(actions)} Actions: which one is meant is not read'
    start = card.text.find(actions[0].span.of(card.text).strip())
    rest = card.text[start:]
    after = _NEXT_HEADER.search(rest, len("Action:"))
    quote = (rest[: after.start()] if after else rest).strip()
    body = re.sub(r"\s*\([^)]*\)", "", quote.split(":", 1)[1]).strip()  # reminder text
    action = Action(quote)
    trigger = _TRIGGER.match(body)
    if trigger is not None:
        action.trigger, body = trigger.group("when"), trigger.group("rest")
    during = _DURING.match(body)
    if during is not None:
        action.during, body = during.group("during"), during.group("rest")
    first_sentence, _, rest = body.partition(". ")
    costed = _COST.match(first_sentence.rstrip("."))
    if costed is not None:
        action.cost = costed.group("cost")
        body = costed.group("effect") + (". " + rest if rest else "")
    action.sentences = _sentences(body.strip())
    action.targets = [m.group("what") for m in _TARGET.finditer(action.effect)]
    action.in_play = [
        m.group("what")
        for m in _TARGET.finditer(action.effect)
        if not _ON_CHAIN.match(action.effect, m.end())
    ]
    return action, None


_FORCED = compiled(r"Forced:\s*(?P<when>(?:When|At) [^,]+),\s*(?P<effect>[^.]+)\.")


def forced_of(card: Card | None) -> tuple[str, str] | None:
    """A card's Forced effect: its trigger condition and its effect, or None."""
    found = _FORCED.search(card.text or "") if card is not None else None
    return (found.group("when"), found.group("effect")) if found else None
