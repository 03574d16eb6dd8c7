"""Turn the Lark tree of one Blue Moon sentence into effect-language nodes."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from rulesq.effects.grammar import span_at
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.conditions import (
    AttackedBy,
    Condition,
    Having,
    PlayedFrom,
    Retreats,
    Wins,
)
from rulesq.games.bluemoon.selectors import (
    Amount,
    CardName,
    Cards,
    CardsExpr,
    Dragon,
    DragonCount,
    Dragons,
    Measure,
    Noun,
    Place,
    Prep,
    Q,
    Quantity,
    R,
    Ref,
    ShipPlace,
    Total,
    Which,
)
from rulesq.games.bluemoon.times import W, When
from rulesq.games.bluemoon.vocab import CardType, Element, Phase, Role, Zone, parse_number
from rulesq.spans import Span


class ReadError(Exception):
    """The sentence parses but does not make sense as an effect (said in words)."""


# ------------------------------------------------------------------ intermediate pieces


@dataclass
class Head:
    """The head of a card phrase: types, phase, noun and whether it was plural."""

    types: tuple[CardType, ...]
    phase: Phase | None
    noun: Noun
    plural: bool


@dataclass
class Mod:
    """A modifier of a card phrase (before or after the noun): a field and its value."""

    name: str
    value: Any


@dataclass
class Suffix:
    """Something said after a verb phrase: a purpose, a time, a condition, a trigger."""

    kind: str
    value: Any = None


@dataclass
class Adverb:
    """``now``, ``immediately`` or ``also`` inside a clause."""

    word: str


@dataclass
class Joiner:
    """The words between two items of a chain (``, then``, ``and``, ``, or``)."""

    words: frozenset[str]


@dataclass
class Item:
    """One verb phrase (or a bare card phrase) of a chain, with what came with it."""

    subject: Role | None = None
    mode: a.Mode | None = None
    adverbs: list[Adverb] = field(default_factory=list)
    act: a.Act | None = None
    np: CardsExpr | None = None
    suffixes: list[Suffix] = field(default_factory=list)
    joiner: Joiner | None = None
    span: Span | None = None


@dataclass
class Chain:
    """A sentence's clauses as a flat list of items; ``build_chain`` groups them."""

    now: bool
    items: list[Item]


@dataclass
class Lead:
    """An opening phrase: a time, a condition, or both."""

    when: When | None = None
    condition: Condition | None = None


@dataclass(frozen=True)
class EitherStart(a.Act):
    """``select either <cards>``: the start of a choice the chain builder completes."""

    cards: CardsExpr


@dataclass(frozen=True)
class WinGame(a.Act):
    """``win the game`` (only meaningful as a condition)."""

    def render(self) -> str:
        """The verb phrase."""
        return "win the game"


@dataclass(frozen=True)
class Continuation(fx.BlueMoonEffect):
    """``Then I reshuffle.``: more clauses of the sentence before; merged into it."""

    dos: tuple[a.Do, ...]

    def render(self) -> str:
        """The sentence."""
        return fx.sentence("then " + a.render_dos(self.dos))


# ------------------------------------------------------------------ the transformer


def _tokens(children: list[Any]) -> list[Token]:
    return [c for c in children if isinstance(c, Token)]


def _values(children: list[Any]) -> list[Any]:
    return [c for c in children if not isinstance(c, Token)]


def _of(children: list[Any], kind: type) -> list[Any]:
    return [c for c in children if isinstance(c, kind)]


def _one(children: list[Any], kind: type) -> Any:
    found = _of(children, kind)
    return found[0] if found else None


def _has(children: list[Any], *names: str) -> bool:
    return any(isinstance(c, Token) and c.type in names for c in children)


@v_args(meta=True)
class Reader(Transformer[Token, Any]):
    """The Lark transformer: one method per rule (or alias) of ``grammar/bluemoon.lark``."""

    def __init__(
        self,
        text: str,
        offset: int,
        build: Callable[[list[Lead], Any, tuple[fx.BlueMoonEffect, ...], Span], fx.BlueMoonEffect],
    ):
        super().__init__()
        self._text = text
        self._offset = offset
        self._build = build

    def _span_of(self, meta: Meta | Token) -> Span:
        """The span in the card text of a rule's match or a token."""
        return span_at(
            self._text, self._offset + (meta.start_pos or 0), self._offset + (meta.end_pos or 0)
        )

    # -------------------------------------------------------------- sentence level

    def start(self, meta: Meta, ch: list[Any]) -> Any:
        """The sentence's effect."""
        return ch[0]

    def sentence(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """Leads, a body and, after a colon, the effect of an interference card."""
        colon = next(
            (i for i, c in enumerate(ch) if isinstance(c, Token) and c.type == "COLON"), len(ch)
        )
        before, after = _values(ch[:colon]), _values(ch[colon + 1 :])
        span = self._span_of(meta)
        effects: tuple[fx.BlueMoonEffect, ...] = ()
        if after:
            start = self._span_of(ch[colon]).end  # the words after the colon
            while start < span.end and self._text[start].isspace():
                start += 1
            effects = (self._build(*_split_leads(after), (), span_at(self._text, start, span.end)),)
        return self._build(*_split_leads(before), effects, span)

    def parenthetical(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``(This card has no effect if opposed by …)``."""
        opposed: fx.NoEffectIfOpposed = _values(ch)[0]
        return replace(opposed, span=self._span_of(meta))

    def opposed(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``This card has no effect if opposed by <names>``."""
        return fx.NoEffectIfOpposed(tuple(_of(ch, CardName)), span=self._span_of(meta))

    def card_name(self, meta: Meta, ch: list[Any]) -> CardName:
        """A name (capitalised words) or a quoted name."""
        tok = ch[0]
        if tok.type == "QUOTED":
            return CardName(tok.value[1:-1], quoted=True, span=self._span_of(meta))
        return CardName(tok.value, span=self._span_of(meta))

    def lead_when(self, meta: Meta, ch: list[Any]) -> Lead:
        """``On my turn,``."""
        return Lead(when=_one(ch, When))

    def lead_if(self, meta: Meta, ch: list[Any]) -> Lead:
        """``If <condition>,``; a time inside the condition is the effect's time."""
        cond, when = _values(ch)[0]
        return Lead(when=when, condition=cond)

    def lead_about_to_end(self, meta: Meta, ch: list[Any]) -> Lead:
        """``If my turn is about to end [with me holding …],``."""
        when, cond = _values(ch)[0]
        return Lead(when=when, condition=cond)

    def turn_about_to_end(self, meta: Meta, ch: list[Any]) -> tuple[When, Condition | None]:
        """The time and, with "with me holding …", the condition."""
        roles = _of(ch, Role)
        when = When(W.TURN_ABOUT_TO_END, roles[0], span=self._span_of(meta))
        cards = _values(ch)[-1] if len(roles) == 2 else None
        if cards is None:
            return when, None
        if roles[1] is not roles[0]:
            raise ReadError("the player holding the cards must be the player whose turn ends")
        return when, Having(roles[1], a.Have(_compared(cards, None)), span=self._span_of(meta))

    def continuation(self, meta: Meta, ch: list[Any]) -> Any:
        """``Then <clauses>``."""
        return ("continuation", _one(ch, Chain))

    # -------------------------------------------------------------- chains

    def chain(self, meta: Meta, ch: list[Any]) -> Chain:
        """The items with the joiners before them."""
        items: list[Item] = []
        joiner: Joiner | None = None
        for c in ch:
            if isinstance(c, Joiner):
                joiner = c
            elif isinstance(c, Item):
                c.joiner = joiner
                items.append(c)
        return Chain(now=_has(ch[:1], "NOW"), items=items)

    def joiner(self, meta: Meta, ch: list[Any]) -> Joiner:
        """``, then`` and the like."""
        return Joiner(frozenset(t.type.lower() for t in _tokens(ch)))

    def item(self, meta: Meta, ch: list[Any]) -> Item:
        """A verb phrase with its subject, mode, adverbs and suffixes."""
        return Item(
            subject=_one(ch, Role),
            mode=_one(ch, a.Mode),
            adverbs=_of(ch, Adverb),
            act=_one(ch, a.Act),
            suffixes=_of(ch, Suffix),
            span=self._span_of(meta),
        )

    def np_item(self, meta: Meta, ch: list[Any]) -> Item:
        """A bare card phrase: another option for the cards just named."""
        return Item(np=_values(ch)[0], suffixes=_of(ch, Suffix), span=self._span_of(meta))

    def me(self, meta: Meta, ch: list[Any]) -> Role:
        """I / my / me."""
        return Role.CONTROLLER

    def you(self, meta: Meta, ch: list[Any]) -> Role:
        """You / your."""
        return Role.OPPONENT

    def we(self, meta: Meta, ch: list[Any]) -> Role:
        """We (both) / our / us."""
        return Role.BOTH

    def may(self, meta: Meta, ch: list[Any]) -> a.Mode:
        """``may``."""
        return a.Mode.MAY

    def may_not(self, meta: Meta, ch: list[Any]) -> a.Mode:
        """``may not``."""
        return a.Mode.MAY_NOT

    def may_only(self, meta: Meta, ch: list[Any]) -> a.Mode:
        """``may only``."""
        return a.Mode.MAY_ONLY

    def must(self, meta: Meta, ch: list[Any]) -> a.Mode:
        """``must``."""
        return a.Mode.MUST

    def do_not(self, meta: Meta, ch: list[Any]) -> a.Mode:
        """``do not``."""
        return a.Mode.DO_NOT

    def adverb(self, meta: Meta, ch: list[Any]) -> Adverb:
        """``now`` / ``immediately`` / ``also``."""
        return Adverb(str(ch[0].type.lower()))

    def purpose_attract(self, meta: Meta, ch: list[Any]) -> Suffix:
        """``to attract one dragon``."""
        return Suffix("purpose", a.Attract(_one(ch, Dragons), span=self._span_of(meta)))

    def purpose_play(self, meta: Meta, ch: list[Any]) -> Suffix:
        """``to play this card``."""
        return Suffix("to_play")

    def suffix_when(self, meta: Meta, ch: list[Any]) -> Suffix:
        """A time after the verb phrase."""
        return Suffix("when", _one(ch, When))

    def suffix_if(self, meta: Meta, ch: list[Any]) -> Suffix:
        """``if <condition>`` after the verb phrase."""
        return Suffix("if", _values(ch)[0])

    def trigger_when(self, meta: Meta, ch: list[Any]) -> Suffix:
        """``when <event>``."""
        return Suffix("trigger", (fx.Timing.WHEN, _one(ch, a.Do)))

    def trigger_after(self, meta: Meta, ch: list[Any]) -> Suffix:
        """``immediately after <event>``."""
        return Suffix("trigger", (fx.Timing.IMMEDIATELY_AFTER, _one(ch, a.Do)))

    def even_if(self, meta: Meta, ch: list[Any]) -> Suffix:
        """``- even if you retreat``."""
        return Suffix("even_if", _one(ch, Role))

    def event(self, meta: Meta, ch: list[Any]) -> a.Do:
        """A player doing something, as a trigger: the opponent's action (E&I rulesheet)."""
        act, who = _one(ch, a.Act), _one(ch, Role)
        if who is not Role.OPPONENT:
            raise ReadError('an interference card answers the opponent\'s action: "when you …"')
        if isinstance(act, a.AnnouncePower) and act.owner is not who:
            raise ReadError('a player announces his own power: "when you announce your power"')
        return a.Do(who, (act,), span=self._span_of(meta))

    # -------------------------------------------------------------- verb phrases

    def _cards(self, ch: list[Any]) -> list[Any]:
        return [c for c in _values(ch) if isinstance(c, Cards | Ref | CardName)]

    def discard(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``discard <cards>``."""
        return a.Discard(self._cards(ch)[0], span=self._span_of(meta))

    def draw(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``draw <cards> [into <place>]``."""
        return a.Draw(self._cards(ch)[0], _one(ch, Place), span=self._span_of(meta))

    def draw_to(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``draw to nine cards``."""
        return a.DrawTo(_one(ch, int), span=self._span_of(meta))

    def draw_to_same(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``draw to the same number of cards``."""
        return a.DrawTo(None, span=self._span_of(meta))

    def retrieve(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``retrieve <cards> into <place>``."""
        return a.Retrieve(self._cards(ch)[0], _one(ch, Place), span=self._span_of(meta))

    def load(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``load <cards> onto <ship>``."""
        return a.Load(self._cards(ch)[0], _one(ch, ShipPlace), span=self._span_of(meta))

    def shuffle(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``shuffle <cards> [face down] [into <place>] [, except …]``."""
        cards = self._cards(ch)[0]
        mods = _once(_of(ch, Mod), "shuffle")
        if "exceptions" in mods:
            if not isinstance(cards, Cards) or cards.exceptions:
                raise ReadError('"except" needs the cards it makes exceptions to')
            cards = replace(cards, exceptions=_card_exceptions(mods["exceptions"]))
        return a.Shuffle(
            cards, bool(mods.get("face_down")), mods.get("into"), span=self._span_of(meta)
        )

    def shuffle_pile(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``shuffle <pile> [face down] [into <place>]``."""
        mods = _once(_of(ch, Mod), "shuffle")
        if "exceptions" in mods:
            raise ReadError('"except" needs cards, not a pile')
        return a.Shuffle(
            _one(ch, Place), bool(mods.get("face_down")), mods.get("into"), span=self._span_of(meta)
        )

    def face_down(self, meta: Meta, ch: list[Any]) -> Mod:
        """``face down``."""
        return Mod("face_down", True)

    def shuffle_into(self, meta: Meta, ch: list[Any]) -> Mod:
        """``into <place>``."""
        return Mod("into", _one(ch, Place))

    def shuffle_except(self, meta: Meta, ch: list[Any]) -> Mod:
        """``, except <cards>`` after the place."""
        return Mod("exceptions", _of(ch, Mod))

    def search(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``search through <place>``."""
        return a.Search(_one(ch, Place), span=self._span_of(meta))

    def select(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``select <cards>``."""
        return a.Select(self._cards(ch)[0], span=self._span_of(meta))

    def select_either(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``select either <cards> …``."""
        return EitherStart(self._cards(ch)[0], span=self._span_of(meta))

    def reveal(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``reveal <cards> [to you]``."""
        return a.Reveal(self._cards(ch)[0], _one(ch, Role), span=self._span_of(meta))

    def take(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``take <cards> [into <place>]``."""
        return a.Take(self._cards(ch)[0], _one(ch, Place), span=self._span_of(meta))

    def play(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``play <cards>`` with how it is played."""
        mods = _once(_of(ch, Mod), "play")
        if len(_of(ch, a.AsIfIcon) + _of(ch, a.AsIfDragon)) > 1:
            raise ReadError('"play" says "as if" twice')
        as_if = _one(ch, a.AsIfIcon) or _one(ch, a.AsIfDragon)
        return a.Play(
            self._cards(ch)[0],
            mods.get("into"),
            bool(mods.get("without_pushing")),
            as_if,
            span=self._span_of(meta),
        )

    def play_into(self, meta: Meta, ch: list[Any]) -> Mod:
        """``into <place>``."""
        return Mod("into", _one(ch, Place))

    def without_pushing(self, meta: Meta, ch: list[Any]) -> Mod:
        """``without pushing the previously active cards under it``."""
        return Mod("without_pushing", True)

    def as_if_icon(self, meta: Meta, ch: list[Any]) -> a.AsIfIcon:
        """``as if it had the FREE icon``."""
        if isinstance(_one(ch, Role), Role):
            raise ReadError('a card has the icon: "as if it had …", "as if they had …"')
        icon = [t for t in _tokens(ch) if t.type == "ICON_NAME"][0]
        return a.AsIfIcon(str(icon), span=self._span_of(meta))

    def as_if_dragon(self, meta: Meta, ch: list[Any]) -> a.AsIfDragon:
        """``as if we had the respective dragon on our side``."""
        holder = _one(ch, Role)
        if holder is None:
            raise ReadError('a dragon is had by a player: "as if I had …", "as if we had …"')
        return a.AsIfDragon(holder, _one(ch, Dragon), span=self._span_of(meta))

    def pronoun(self, meta: Meta, ch: list[Any]) -> Any:
        """``it`` / ``they`` / a player."""
        return ch[0] if isinstance(ch[0], Role) else str(ch[0]).lower()

    def dragon_colour(self, meta: Meta, ch: list[Any]) -> Dragon:
        """``the red dragon on my side``."""
        colour = [t for t in _tokens(ch) if t.type == "COLOUR"][0]
        return Dragon(_one(ch, Role), str(colour).lower(), span=self._span_of(meta))

    def dragon_respective(self, meta: Meta, ch: list[Any]) -> Dragon:
        """``the respective dragon on our side``."""
        return Dragon(_one(ch, Role), None, span=self._span_of(meta))

    def exchange(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``exchange <cards> with <cards>``."""
        first, other = self._cards(ch)
        return a.Exchange(first, other, span=self._span_of(meta))

    def force(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``force you to <act>``."""
        return a.Force(_one(ch, Role), (_one(ch, a.Act),), span=self._span_of(meta))

    def disclose(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``disclose your hand``."""
        return a.Disclose(_one(ch, Place), span=self._span_of(meta))

    def refresh(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``refresh our hands``."""
        return a.Refresh(_one(ch, Place), span=self._span_of(meta))

    def attract(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``attract <dragons>``."""
        return a.Attract(_one(ch, Dragons), span=self._span_of(meta))

    def retreat(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``retreat``."""
        return a.Retreat(span=self._span_of(meta))

    def reshuffle(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``reshuffle``."""
        return a.Reshuffle(span=self._span_of(meta))

    def have(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``have <cards> [than <player>]`` / ``hold <cards>``."""
        cards, than = self._cards(ch)[0], _one(ch, Role)
        return a.Have(_compared(cards, than), than, span=self._span_of(meta))

    def have_dragon(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``have the red dragon on my side``."""
        return a.Have(_one(ch, Dragon), span=self._span_of(meta))

    def call_bluff(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``call my bluff``."""
        return a.CallBluff(_one(ch, Role), span=self._span_of(meta))

    def receive(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``receive one additional crystal``."""
        return a.Receive(_one(ch, int), span=self._span_of(meta))

    def score(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``score one dragon fewer``."""
        return a.Score(_one(ch, Dragons), span=self._span_of(meta))

    def announce_power(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``announce your power``."""
        return a.AnnouncePower(_one(ch, Role), span=self._span_of(meta))

    def win(self, meta: Meta, ch: list[Any]) -> a.Act:
        """``win the game``."""
        return WinGame(span=self._span_of(meta))

    # -------------------------------------------------------------- conditions and times

    def cond_clause(self, meta: Meta, ch: list[Any]) -> tuple[Condition, When | None]:
        """``I have …``, ``you retreat [now]``, ``I win the game`` (+ a time)."""
        who, act, when = _one(ch, Role), _one(ch, a.Act), _one(ch, When)
        span = self._span_of(meta)
        now = _has(ch, "NOW")
        if isinstance(act, a.Retreat):
            return Retreats(who, now, span=span), when
        if now:
            raise ReadError('"now" in a condition only follows "retreat"')
        if isinstance(act, a.Have):
            if act.than is not None and act.than is who:
                raise ReadError("a player's cards are compared with the other player's")
            if isinstance(act.what, Cards) and act.what.exceptions:
                # "if I have two cards, except PROTECTED cards, you …": where does it end?
                raise ReadError('a condition\'s cards take no "except …"')
            return Having(who, act, span=span), when
        if isinstance(act, WinGame):
            return Wins(who, span=span), when
        raise ReadError(f'"{act.render()}" cannot be a condition')

    def attacked(self, meta: Meta, ch: list[Any]) -> tuple[Condition, None]:
        """``I am attacked by at least 7 total power``."""
        element = _one(ch, Element)
        n = [c for c in _values(ch) if isinstance(c, int) and not isinstance(c, bool)][0]
        return AttackedBy(Role.CONTROLLER, n, element, span=self._span_of(meta)), None

    def total_power(self, meta: Meta, ch: list[Any]) -> None:
        """``total power`` (as opposed to an element)."""
        return None

    def played_from(self, meta: Meta, ch: list[Any]) -> tuple[Condition, None]:
        """``this card is played from a landed ship``."""
        place = _one(ch, Place) or _one(ch, ShipPlace)
        return PlayedFrom(place, span=self._span_of(meta)), None

    def _when(self, meta: Meta, kind: W, ch: list[Any]) -> When:
        return When(kind, _one(ch, Role), _one(ch, Phase), span=self._span_of(meta))

    def on_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``on my turn`` / ``on this turn``."""
        when: When = _one(ch, When)
        return when

    def owned_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``my turn``."""
        return self._when(meta, W.ON_TURN, ch)

    def this_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``this turn``."""
        return self._when(meta, W.THIS_TURN, ch)

    def land_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``on the turn in which I land this ship``."""
        return self._when(meta, W.LAND_TURN, [])

    def in_phase(self, meta: Meta, ch: list[Any]) -> When:
        """``in my Character phase``."""
        return self._when(meta, W.IN_PHASE, ch)

    def during_phase(self, meta: Meta, ch: list[Any]) -> When:
        """``during my Leadership phase``."""
        return self._when(meta, W.DURING_PHASE, ch)

    def this_fight(self, meta: Meta, ch: list[Any]) -> When:
        """``during this fight``."""
        return self._when(meta, W.THIS_FIGHT, ch)

    def end_of_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``at the end of my turn``."""
        return self._when(meta, W.END_OF_TURN, ch)

    def after_end_of_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``after the end of my turn``."""
        return self._when(meta, W.AFTER_END_OF_TURN, ch)

    def beginning_of_turn(self, meta: Meta, ch: list[Any]) -> When:
        """``at the beginning of my turn``."""
        return self._when(meta, W.BEGINNING_OF_TURN, ch)

    def end_of_phase(self, meta: Meta, ch: list[Any]) -> When:
        """``at the end of your Character phase``."""
        return self._when(meta, W.END_OF_PHASE, ch)

    def by_end_of_phase(self, meta: Meta, ch: list[Any]) -> When:
        """``by the end of your Booster/Support phase``."""
        return self._when(meta, W.BY_END_OF_PHASE, ch)

    def after_phase(self, meta: Meta, ch: list[Any]) -> When:
        """``immediately after my Booster/Support phase``."""
        return self._when(meta, W.AFTER_PHASE, ch)

    def end_of_each_fight(self, meta: Meta, ch: list[Any]) -> When:
        """``at the end of each fight``."""
        return self._when(meta, W.END_OF_EACH_FIGHT, ch)

    def start_of_game(self, meta: Meta, ch: list[Any]) -> When:
        """``at the start of the game``."""
        return self._when(meta, W.START_OF_GAME, ch)

    def phase(self, meta: Meta, ch: list[Any]) -> Phase:
        """``Booster/Support phase``: only the game's phases."""
        found = Phase.from_types(_one(ch, tuple))
        if found is None:
            raise ReadError("the phases are the Leadership, Character and Booster/Support phase")
        return found

    # -------------------------------------------------------------- card phrases

    def cards(self, meta: Meta, ch: list[Any]) -> Cards:
        """A card selector from its determiner, owner, modifiers, head and postmodifiers."""
        quantity = _one(ch, Quantity)
        owner = _one(ch, Role)
        head: Head = _one(ch, Head)
        if quantity is None:
            quantity = Quantity(Q.GENERIC if head.plural else Q.DEFINITE)
        elif quantity.kind is Q.ANY and quantity.n is None and not head.plural:
            quantity = replace(quantity, n=1)
        if quantity.kind in (Q.OF, Q.EACH) and owner is None:
            raise ReadError(f'"{quantity.render()}" needs whose cards: "my", "your" or "our"')
        values: dict[str, Any] = {}
        for mod in _of(ch, Mod):
            if mod.name in values:
                raise ReadError(f"the card phrase says its {mod.name.replace('_', ' ')} twice")
            values[mod.name] = mod.value
        if "exceptions" in values:
            values["exceptions"] = _card_exceptions(values["exceptions"])
        if "place" in values:
            values["prep"], values["place"] = values["place"]
        return Cards(
            quantity=quantity,
            owner=owner,
            types=head.types,
            phase=head.phase,
            noun=head.noun,
            span=self._span_of(meta),
            **values,
        )

    def it(self, meta: Meta, ch: list[Any]) -> Ref:
        """``it``."""
        return Ref(R.IT, span=self._span_of(meta))

    def them(self, meta: Meta, ch: list[Any]) -> Ref:
        """``them``."""
        return Ref(R.THEM, span=self._span_of(meta))

    def part_of_them(self, meta: Meta, ch: list[Any]) -> Ref:
        """``one of them``."""
        return Ref(R.PART_OF_THEM, _one(ch, int), span=self._span_of(meta))

    def the_others(self, meta: Meta, ch: list[Any]) -> Ref:
        """``the others``."""
        return Ref(R.THE_OTHERS, span=self._span_of(meta))

    def this_card(self, meta: Meta, ch: list[Any]) -> Ref:
        """``this card``."""
        return Ref(R.THIS_CARD, span=self._span_of(meta))

    def _q(self, meta: Meta, kind: Q, ch: list[Any]) -> Quantity:
        return Quantity(kind, _one(ch, int), span=self._span_of(meta))

    def q_count(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``two``."""
        return self._q(meta, Q.COUNT, ch)

    def q_of(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``one of``."""
        return self._q(meta, Q.OF, ch)

    def q_each_of(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``each of``."""
        return self._q(meta, Q.EACH, ch)

    def q_all(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``all (of)``."""
        return self._q(meta, Q.ALL, ch)

    def q_any_number(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``any number of``."""
        return self._q(meta, Q.ANY_NUMBER, ch)

    def q_any(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``any`` / ``any one`` / ``any two``."""
        return self._q(meta, Q.ANY, ch)

    def q_up_to(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``up to three`` / ``(up to) three``."""
        return self._q(meta, Q.UP_TO, ch)

    def q_article(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``a`` / ``an``."""
        return self._q(meta, Q.ARTICLE, ch)

    def q_more_than(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``more than one``."""
        return self._q(meta, Q.MORE_THAN, ch)

    def q_at_least(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``at least three`` / ``four or more``."""
        return self._q(meta, Q.AT_LEAST, ch)

    def q_at_least_more(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``at least two more``."""
        return self._q(meta, Q.AT_LEAST_MORE, ch)

    def q_total_at_least(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``a total of at least six``."""
        return self._q(meta, Q.TOTAL_AT_LEAST, ch)

    def q_fewer_than(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``fewer than nine``."""
        return self._q(meta, Q.FEWER_THAN, ch)

    def q_fewer(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``fewer`` (… than you)."""
        return self._q(meta, Q.FEWER, ch)

    def q_no(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``no``."""
        return self._q(meta, Q.NO, ch)

    def q_no_more_than(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``no more than``."""
        return self._q(meta, Q.NO_MORE_THAN, ch)

    def q_exactly(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``exactly``."""
        return self._q(meta, Q.EXACTLY, ch)

    def q_same_number(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``the same number of``."""
        return self._q(meta, Q.SAME_NUMBER, ch)

    def q_up_to_same_number(self, meta: Meta, ch: list[Any]) -> Quantity:
        """``up to the same number of``."""
        return self._q(meta, Q.UP_TO_SAME_NUMBER, ch)

    def active(self, meta: Meta, ch: list[Any]) -> Mod:
        """``active``."""
        return Mod("active", True)

    def additional(self, meta: Meta, ch: list[Any]) -> Mod:
        """``additional``."""
        return Mod("additional", True)

    def further(self, meta: Meta, ch: list[Any]) -> Mod:
        """``further``."""
        return Mod("further", True)

    def first(self, meta: Meta, ch: list[Any]) -> Mod:
        """``first``."""
        return Mod("first", True)

    def last_remaining(self, meta: Meta, ch: list[Any]) -> Mod:
        """``last remaining``."""
        return Mod("last_remaining", True)

    def icon(self, meta: Meta, ch: list[Any]) -> Mod:
        """``PROTECTED`` (cards): an icon predicate."""
        return Mod("icon", str(ch[0]))

    def family(self, meta: Meta, ch: list[Any]) -> Mod:
        """A people or family name before the card type (capitalised)."""
        name = str(ch[0])
        if any(word.fullmatch(name) for word in _keywords()):
            # "four Fire cards", "If cards": a word of the grammar, not a people or family
            raise ReadError(f'"{name}" is a word of card texts, not a people or family name')
        return Mod("family", name)

    def head_cards(self, meta: Meta, ch: list[Any]) -> Head:
        """``character/booster cards``, ``Leadership phase card``, ``cards``."""
        types = _one(ch, tuple) or ()
        card = [t for t in _tokens(ch) if t.type == "CARD"][0]
        plural = str(card).lower().endswith("s")
        if _has(ch, "PHASE"):
            phase = Phase.from_types(types)
            if phase is None:
                raise ReadError(
                    "the phases are the Leadership, Character and Booster/Support phase"
                )
            return Head((), phase, Noun.CARD, plural)
        return Head(types, None, Noun.CARD, plural)

    def head_mutant(self, meta: Meta, ch: list[Any]) -> Head:
        """``mutant(s)``."""
        return Head((CardType.MUTANT,), None, Noun.TYPE, str(ch[0]).lower().endswith("s"))

    def head_ship(self, meta: Meta, ch: list[Any]) -> Head:
        """``ship(s)``."""
        return Head((CardType.SHIP,), None, Noun.TYPE, str(ch[0]).lower().endswith("s"))

    def head_replacement(self, meta: Meta, ch: list[Any]) -> Head:
        """``replacement``."""
        return Head((), None, Noun.REPLACEMENT, str(ch[0]).lower().endswith("s"))

    def with_icon(self, meta: Meta, ch: list[Any]) -> Mod:
        """``with icons`` / ``that has an icon``."""
        return Mod("with_icon", True)

    def with_named_icon(self, meta: Meta, ch: list[Any]) -> Mod:
        """``with the STOP icon``: the same predicate as "STOP cards"."""
        icon = [t for t in _tokens(ch) if t.type == "ICON_NAME"][0]
        return Mod("icon", str(icon))

    def with_spt(self, meta: Meta, ch: list[Any]) -> Mod:
        """``that have special power text``."""
        return Mod("special_power_text", True)

    def without_spt(self, meta: Meta, ch: list[Any]) -> Mod:
        """``that do not have special power text``."""
        return Mod("special_power_text", False)

    def printed_above(self, meta: Meta, ch: list[Any]) -> Mod:
        """``that have a printed value higher than 4``."""
        return Mod("printed_value_above", _one(ch, int))

    def played_this_turn(self, meta: Meta, ch: list[Any]) -> Mod:
        """``that you played on this turn``."""
        return Mod("played_by", _one(ch, Role))

    def from_place(self, meta: Meta, ch: list[Any]) -> Mod:
        """``from your hand``: the place the cards are in (a Mod pair: place and prep)."""
        return Mod("place", (Prep.FROM, _values(ch)[0]))

    def in_place(self, meta: Meta, ch: list[Any]) -> Mod:
        """``in your hand``."""
        return Mod("place", (Prep.IN, _one(ch, Place)))

    def on_place(self, meta: Meta, ch: list[Any]) -> Mod:
        """``on our leaders``."""
        return Mod("place", (Prep.ON, _one(ch, Place)))

    def from_top(self, meta: Meta, ch: list[Any]) -> Mod:
        """``from the top of my draw deck``."""
        return Mod("place", (Prep.FROM, replace(_one(ch, Place), top=True)))

    def from_there(self, meta: Meta, ch: list[Any]) -> Mod:
        """``from there``."""
        return Mod("place", (Prep.FROM, Ref(R.THERE, span=self._span_of(meta))))

    def from_it(self, meta: Meta, ch: list[Any]) -> Mod:
        """``from it`` (the pile just named)."""
        return Mod("place", (Prep.FROM, Ref(R.IT, span=self._span_of(meta))))

    def on_turn_of(self, meta: Meta, ch: list[Any]) -> Mod:
        """``on your turn`` after the cards."""
        return Mod("turn", _one(ch, When))

    def not_this_card(self, meta: Meta, ch: list[Any]) -> Mod:
        """``(not this card)``."""
        return Mod("not_this_card", True)

    def total_value(self, meta: Meta, ch: list[Any]) -> Mod:
        """``with a total printed value of at least 3 Fire [or 5 Earth] …``."""
        amounts, either = _one(ch, tuple)
        different = _has(ch, "DIFFERENT") or any(c == "different" for c in _values(ch))
        return Mod(
            "total",
            Total(Measure.PRINTED_VALUE, amounts, either, different, span=self._span_of(meta)),
        )

    def total_moons(self, meta: Meta, ch: list[Any]) -> Mod:
        """``with a total of at least five moons``."""
        return Mod(
            "total", Total(Measure.MOONS, (Amount(_one(ch, int)),), span=self._span_of(meta))
        )

    def different(self, meta: Meta, ch: list[Any]) -> str:
        """``(on different cards)``."""
        return "different"

    def amounts_all(self, meta: Meta, ch: list[Any]) -> tuple[tuple[Amount, ...], bool]:
        """``2 Fire and 2 Earth``."""
        return tuple(_of(ch, Amount)), False

    def amounts_either(self, meta: Meta, ch: list[Any]) -> tuple[tuple[Amount, ...], bool]:
        """``5 Fire or 5 Earth``."""
        return tuple(_of(ch, Amount)), True

    def amount(self, meta: Meta, ch: list[Any]) -> Amount:
        """``3 Fire``."""
        return Amount(_one(ch, int), _one(ch, Element).value, span=self._span_of(meta))

    def exceptions(self, meta: Meta, ch: list[Any]) -> Mod:
        """``, except <cards> and <cards>``."""
        return Mod("exceptions", _of(ch, Mod))

    exceptions_ignore = exceptions

    def except_cards(self, meta: Meta, ch: list[Any]) -> Mod:
        """Cards left out."""
        return Mod("cards", _values(ch)[0])

    def except_icon(self, meta: Meta, ch: list[Any]) -> Mod:
        """An icon left out (``STOP``)."""
        return Mod("icon", str(ch[0]))

    def except_on(self, meta: Meta, ch: list[Any]) -> Mod:
        """``on <cards>``: the cards on which something is left out."""
        return Mod("on", _values(ch)[0])

    def types(self, meta: Meta, ch: list[Any]) -> tuple[CardType, ...]:
        """``character/booster/support`` or ``booster or support``."""
        found = tuple(_of(ch, CardType))
        if len(set(found)) != len(found):
            raise ReadError("a card type is named twice")
        return found

    def card_type(self, meta: Meta, ch: list[Any]) -> CardType:
        """One card type word."""
        return CardType(str(ch[0]).lower())

    or_type = card_type

    def place(self, meta: Meta, ch: list[Any]) -> Place:
        """``your hand``, ``our draw decks``, ``my combat and support areas``."""
        return Place(_one(ch, Role), _one(ch, tuple), span=self._span_of(meta))

    def z_hand(self, meta: Meta, ch: list[Any]) -> tuple[Zone, ...]:
        """``hand``."""
        return (Zone.HAND,)

    def z_draw_deck(self, meta: Meta, ch: list[Any]) -> tuple[Zone, ...]:
        """``draw deck``."""
        return (Zone.DRAW_DECK,)

    def z_discard_pile(self, meta: Meta, ch: list[Any]) -> tuple[Zone, ...]:
        """``discard pile``."""
        return (Zone.DISCARD_PILE,)

    def z_areas(self, meta: Meta, ch: list[Any]) -> tuple[Zone, ...]:
        """``combat area``, ``combat and support areas``."""
        return tuple(_of(ch, Zone))

    def z_side(self, meta: Meta, ch: list[Any]) -> tuple[Zone, ...]:
        """``side``."""
        return (Zone.SIDE,)

    def z_leader(self, meta: Meta, ch: list[Any]) -> tuple[Zone, ...]:
        """``leaders``."""
        return (Zone.LEADER,)

    def area(self, meta: Meta, ch: list[Any]) -> Zone:
        """``combat`` / ``support`` / ``influence``."""
        return Zone(str(ch[0]).lower())

    def this_ship(self, meta: Meta, ch: list[Any]) -> ShipPlace:
        """``this ship``."""
        return ShipPlace(Which.THIS, span=self._span_of(meta))

    def one_of_ships(self, meta: Meta, ch: list[Any]) -> ShipPlace:
        """``one of my ships``."""
        if _one(ch, int) != 1:
            raise ReadError("cards are loaded onto one ship")
        return ShipPlace(Which.ONE_OF, _one(ch, Role), span=self._span_of(meta))

    def landed_ship(self, meta: Meta, ch: list[Any]) -> ShipPlace:
        """``a landed ship``."""
        return ShipPlace(Which.LANDED, span=self._span_of(meta))

    def _dragons(self, meta: Meta, kind: DragonCount, ch: list[Any]) -> Dragons:
        in_total = any(c == "in total" for c in _values(ch))
        return Dragons(kind, _one(ch, int), in_total, span=self._span_of(meta))

    def d_count(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``one dragon``."""
        return self._dragons(meta, DragonCount.COUNT, ch)

    def d_additional(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``one additional dragon`` / ``1 (additional) dragon``."""
        return self._dragons(meta, DragonCount.ADDITIONAL, ch)

    def d_fewer(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``one fewer dragon`` / ``one dragon fewer``."""
        return self._dragons(meta, DragonCount.FEWER, ch)

    def d_no_more_than(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``no more than one dragon``."""
        return self._dragons(meta, DragonCount.NO_MORE_THAN, ch)

    def d_exactly(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``exactly one dragon``."""
        return self._dragons(meta, DragonCount.EXACTLY, ch)

    def d_generic(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``dragons``."""
        return self._dragons(meta, DragonCount.GENERIC, ch)

    def d_the(self, meta: Meta, ch: list[Any]) -> Dragons:
        """``the dragon``."""
        return self._dragons(meta, DragonCount.THE, ch)

    def in_total(self, meta: Meta, ch: list[Any]) -> str:
        """``(in total)``."""
        return "in total"

    def number(self, meta: Meta, ch: list[Any]) -> int:
        """A number in digits or words."""
        return parse_number(str(ch[0]))

    def element(self, meta: Meta, ch: list[Any]) -> Element:
        """``Fire`` / ``Earth``."""
        return Element(str(ch[0]).capitalize())

    # -------------------------------------------------------------- fixed sentence forms

    def ignore_cards(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``Your support cards are ignored[, except …]``."""
        cards = _values(ch)[0]
        if not isinstance(cards, Cards) or cards.owner is None:
            raise ReadError('say whose cards are ignored: "your … cards are ignored"')
        if cards.quantity.singular or _has(ch, "IS"):
            # "your support card is ignored" does not say which one of them
            raise ReadError('ignored cards are said in the plural: "your … cards are ignored"')
        return _ignore(fx.Scope.CARDS, cards.owner, cards, _one(ch, Mod), self._span_of(meta))

    def ignore_icons(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``Your icons are ignored[, except …]``."""
        return _ignore(fx.Scope.ICONS, _one(ch, Role), None, _one(ch, Mod), self._span_of(meta))

    def ignore_texts(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``Your special power texts are ignored[, except …]``."""
        return _ignore(
            fx.Scope.SPECIAL_POWER_TEXTS, _one(ch, Role), None, _one(ch, Mod), self._span_of(meta)
        )

    def cancel_card(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``Your card is cancelled and discarded``."""
        cards = _values(ch)[0]
        if cards != Cards(Quantity(Q.DEFINITE), owner=Role.OPPONENT):
            # the card cancelled is the one the interference card answers: "your card"
            raise ReadError(
                'the card cancelled is the card answered: "your card is cancelled and discarded"'
            )
        return fx.CancelCard(cards, span=self._span_of(meta))

    def attack_again(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``My active cards attack again``."""
        cards = _values(ch)[0]
        if cards != Cards(owner=Role.CONTROLLER, active=True):
            # the attack is the player's whole combat area: "my active cards attack again"
            raise ReadError(
                'a player\'s active cards attack again together: "my active cards attack again"'
            )
        return fx.AttackAgain(cards, span=self._span_of(meta))

    def end_turn(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``Your turn ends immediately``."""
        return fx.EndTurn(_one(ch, Role), _has(ch, "IMMEDIATELY"), span=self._span_of(meta))

    def total_power_change(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``My total power [in Earth] increases to 7``."""
        op, n = _one(ch, tuple)
        if op in (fx.Op.INCREASE_TO_SUM, fx.Op.INCREASE_TO_HIGHER):
            raise ReadError("total power changes by or to a number, or doubles")
        return fx.ValueChange(
            fx.Stage.TOTAL_POWER,
            op,
            n,
            owner=_one(ch, Role),
            element=_one(ch, Element),
            span=self._span_of(meta),
        )

    def value_change(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``The <stage> of <cards> <changes>``."""
        stage, parity, element = _values(ch)[0]
        cards = [c for c in _values(ch) if isinstance(c, Cards | Ref)][0]
        op, n = _values(ch)[-1]
        if stage is fx.Stage.EFFECT and op is not fx.Op.DOUBLE:
            raise ReadError("an effect can only double")
        if op in (fx.Op.INCREASE_TO_SUM, fx.Op.INCREASE_TO_HIGHER) and element is not None:
            raise ReadError("the sum or higher of printed values sets both values")
        return fx.ValueChange(
            stage, op, n, cards=cards, element=element, parity=parity, span=self._span_of(meta)
        )

    def stage_value(self, meta: Meta, ch: list[Any]) -> tuple[fx.Stage, Any, Any]:
        """``values``, ``Earth value``, ``odd printed values``."""
        stage = fx.Stage.PRINTED_VALUE if _has(ch, "PRINTED") else fx.Stage.VALUE
        return stage, _one(ch, fx.Parity), _one(ch, Element)

    def stage_effect(self, meta: Meta, ch: list[Any]) -> tuple[fx.Stage, Any, Any]:
        """``effect``."""
        return fx.Stage.EFFECT, None, None

    def parity(self, meta: Meta, ch: list[Any]) -> fx.Parity:
        """``odd`` / ``even``."""
        return fx.Parity(str(ch[0]).lower())

    def op_double(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, None]:
        """``double(s)``."""
        return fx.Op.DOUBLE, None

    def op_reduce_to(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, int]:
        """``reduce(s) to 0``."""
        return fx.Op.REDUCE_TO, _one(ch, int)

    def op_increase_to(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, int]:
        """``increase(s) to 5``."""
        return fx.Op.INCREASE_TO, _one(ch, int)

    def op_increase_by(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, int]:
        """``increase(s) by 2``."""
        return fx.Op.INCREASE_BY, _one(ch, int)

    def op_reduce_by(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, int]:
        """``reduce(s) by 1``."""
        return fx.Op.REDUCE_BY, _one(ch, int)

    def op_sum(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, None]:
        """``increase to the sum of its printed Fire value + its printed Earth value``."""
        _both_elements(_of(ch, Element))
        return fx.Op.INCREASE_TO_SUM, None

    def op_higher(self, meta: Meta, ch: list[Any]) -> tuple[fx.Op, None]:
        """``increase to the higher of their printed Fire value or their printed …``."""
        _both_elements(_of(ch, Element))
        return fx.Op.INCREASE_TO_HIGHER, None

    def its_printed(self, meta: Meta, ch: list[Any]) -> Element:
        """``its printed Fire value``."""
        element: Element = _one(ch, Element)
        return element

    def swap_element(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``The contested element of the fight changes between Fire and Earth``."""
        _both_elements(_of(ch, Element))
        return fx.ElementChange(None, span=self._span_of(meta))

    def change_element(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``The contested element of the fight changes to Fire``."""
        return fx.ElementChange(_one(ch, Element), span=self._span_of(meta))

    def next_as_if(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``The next <cards> I play on this turn is treated as if it had the FREE icon``."""
        head: Head = _one(ch, Head)
        if head.plural:
            raise ReadError('"the next" takes one card: "the next … card"')
        values = _once(_of(ch, Mod), "the next")
        cards = Cards(
            quantity=Quantity(Q.DEFINITE),
            types=head.types,
            phase=head.phase,
            noun=head.noun,
            **values,
        )
        as_if = _one(ch, a.AsIfIcon)
        if as_if is None:
            raise ReadError("a card is treated as if it had an icon")
        who, when = _one(ch, Role), _one(ch, When)
        if who is not Role.CONTROLLER or when is None or when.kind is not W.THIS_TURN:
            # what the effect means: the next card its controller plays on the turn it is played
            raise ReadError('"the next … card I play on this turn is treated as if …"')
        return fx.NextPlayedAsIf(cards, as_if, who, when, span=self._span_of(meta))

    def not_selectable(self, meta: Meta, ch: list[Any]) -> fx.BlueMoonEffect:
        """``<Card> may not be selected``."""
        return fx.NotSelectable(_one(ch, CardName), span=self._span_of(meta))


@cache
def _keywords() -> tuple[re.Pattern[str], ...]:
    """The patterns of the grammar's keywords (``Fire``, ``If``, ``One`` …)."""
    from rulesq.effects.grammar import load_grammar

    return tuple(
        re.compile(t.pattern.to_regexp())
        for t in load_grammar("bluemoon").terminals
        if t.priority > 1
    )


def _compared(cards: Any, than: Role | None) -> Any:
    """The cards held, checked: a comparison ("fewer …", "at least two more …") has a "than"."""
    compares = isinstance(cards, Cards) and cards.quantity.kind in (Q.FEWER, Q.AT_LEAST_MORE)
    if compares != (than is not None):
        # "fewer cards" needs "than you"; "two cards … than you" compares nothing
        raise ReadError(
            '"fewer …" and "at least two more …" go with "than <player>", and only they do'
        )
    return cards


def _once(mods: list[Mod], verb: str) -> dict[str, Any]:
    """The modifiers of a verb by name; one said twice ("into … into …") is an error."""
    out: dict[str, Any] = {}
    for mod in mods:
        if mod.name in out:
            raise ReadError(f'"{verb}" says its {mod.name.replace("_", " ")} twice')
        out[mod.name] = mod.value
    return out


def _split_leads(values: list[Any]) -> tuple[list[Lead], Any]:
    leads = [v for v in values if isinstance(v, Lead)]
    return leads, [v for v in values if not isinstance(v, Lead)][0]


def _both_elements(found: list[Element]) -> None:
    if set(found) != {Element.FIRE, Element.EARTH}:
        raise ReadError("name both elements: Fire and Earth")


def _card_exceptions(mods: list[Mod]) -> tuple[CardsExpr, ...]:
    out: list[CardsExpr] = []
    for mod in mods:
        if mod.name != "cards":
            raise ReadError('here the exceptions are cards: "except active PROTECTED cards"')
        out.append(mod.value)
    return tuple(out)


def _ignore(
    scope: fx.Scope, owner: Role, cards: Cards | None, exceptions: Mod | None, span: Span
) -> fx.Ignore:
    # Ignored cards are excepted as cards; ignored texts or icons by the cards they are on
    # ("except on X and Y": on both).
    icons: list[str] = []
    excepted: list[CardsExpr] = []
    for mod in exceptions.value if exceptions else []:
        (icons if mod.name == "icon" else excepted).append(mod.value)
        # what each scope spares: icons by name; cards; the texts on cards
        if scope is fx.Scope.ICONS and mod.name != "icon":
            raise ReadError('ignored icons are excepted by name: "except STOP and PROTECTED"')
        if scope is not fx.Scope.ICONS and mod.name == "icon":
            raise ReadError(f'say which cards are excepted: "except {mod.value} cards"')
        if scope is fx.Scope.CARDS and mod.name == "on":
            raise ReadError('ignored cards are excepted as cards: "except Flit cards"')
    on_cards = scope is not fx.Scope.CARDS
    return fx.Ignore(
        scope,
        owner,
        cards,
        () if on_cards else tuple(excepted),
        tuple(icons),
        tuple(excepted) if on_cards else (),
        span=span,
    )
