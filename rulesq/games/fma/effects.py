"""The FMA effect language: typed, immutable nodes for card text, each rendering one sentence.

Noun phrases (``Selector``, references, zones, comparisons) are plain frozen values; the
effects built from them subclass ``rulesq.effects.base.Effect`` and carry their span in the
card text. ``render()`` gives one canonical sentence per effect, and parsing that sentence
gives the same effect back (tests check this over every FMA text of the corpus).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect, ParsedText, Unparsed
from rulesq.games.fma.vocab import Attribute, Duration, Timing

# ---------------------------------------------------------------------------- words

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                 "nine", "ten")

#: Singular and plural forms of the card and player nouns the grammar knows.
PLURALS = {
    "character": "characters", "ally": "allies", "leader": "leaders", "player": "players",
    "event": "events", "card": "cards", "ability": "abilities", "attachment": "attachments",
    "alchemist": "alchemists", "opponent": "opponents", "action": "actions",
}
SINGULARS = {plural: singular for singular, plural in PLURALS.items()}


def number_word(n: int) -> str:
    """``1`` -> ``one`` (up to ten), otherwise the digits."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def sentence(phrase: str) -> str:
    """A phrase as a sentence: first letter capitalised, a full stop at the end."""
    return phrase[:1].upper() + phrase[1:] + "."


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


# ---------------------------------------------------------------------------- references


@dataclass(frozen=True)
class This:
    """``this character``, ``this battle``: the card itself or the thing it is in."""

    noun: str

    def render(self) -> str:
        """The phrase."""
        return f"this {self.noun}"


@dataclass(frozen=True)
class That:
    """``that card``, ``that bonus``: something named earlier in the text."""

    noun: str

    def render(self) -> str:
        """The phrase."""
        return f"that {self.noun}"


@dataclass(frozen=True)
class Pronoun:
    """``it``, ``him``, ``he`` or ``you`` (on a card, "you" is the card's controller)."""

    word: str

    def render(self) -> str:
        """The pronoun."""
        return self.word

    @property
    def second_person(self) -> bool:
        """Whether this is "you" (which takes the plain verb)."""
        return self.word == "you"


@dataclass(frozen=True)
class Named:
    """A card named in the text (the card itself or another one), resolved by the engine."""

    name: str

    def render(self) -> str:
        """The name as written."""
        return self.name


Ref = This | That | Pronoun | Named


@dataclass(frozen=True)
class Possessive:
    """``your``, ``his``, ``their``, ``its`` or a name's possessive (``X’s``)."""

    owner: str | Named

    def render(self) -> str:
        """The possessive."""
        if isinstance(self.owner, Named):
            return f"{self.owner.name}\u2019s"
        return self.owner


@dataclass(frozen=True)
class Zone:
    """A place cards are in: ``your discard pile``, ``his hand``, ``a search party``."""

    place: str
    owner: Possessive | None = None

    def render(self) -> str:
        """The phrase."""
        if self.place == "search party":
            return "a search party"
        assert self.owner is not None
        return f"{self.owner.render()} {self.place}"


# ---------------------------------------------------------------------------- selectors


@dataclass(frozen=True)
class CostOf:
    """A card's cost used as a value: ``this character’s cost``."""

    of: Ref

    def render(self) -> str:
        """The phrase."""
        return f"{self.of.render()}\u2019s cost"


Value = int | str | CostOf


def render_value(value: Value) -> str:
    """A number, ``X`` or a card's cost."""
    return value.render() if isinstance(value, CostOf) else str(value)


@dataclass(frozen=True)
class CostBelow:
    """``with cost lower than V``."""

    value: Value

    def render(self) -> str:
        """The phrase."""
        return f"with cost lower than {render_value(self.value)}"


@dataclass(frozen=True)
class CostAtMost:
    """``with cost of V or lower``.

    ``value`` None is ``with equal or lower cost`` (than the card the text compares with).
    """

    value: Value | None = None

    def render(self) -> str:
        """The phrase."""
        if self.value is None:
            return "with equal or lower cost"
        return f"with cost of {render_value(self.value)} or lower"


@dataclass(frozen=True)
class AttributeAtLeastOther:
    """``with equal or higher strength`` (than the other character the text names)."""

    attribute: Attribute

    def render(self) -> str:
        """The phrase."""
        return f"with equal or higher {self.attribute.value}"


@dataclass(frozen=True)
class AttributeBelow:
    """``with strength less than a losing character``."""

    attribute: Attribute
    than: Selector

    def render(self) -> str:
        """The phrase."""
        return f"with {self.attribute.value} less than {self.than.render()}"


@dataclass(frozen=True)
class HandAbove:
    """``with more than 8 cards in his hand``."""

    count: int
    owner: Possessive

    def render(self) -> str:
        """The phrase."""
        return f"with more than {self.count} cards in {self.owner.render()} hand"


@dataclass(frozen=True)
class ControlledBy:
    """``controlled by another player``."""

    by: Selector

    def render(self) -> str:
        """The phrase."""
        return f"controlled by {self.by.render()}"


@dataclass(frozen=True)
class In:
    """``in your discard pile``."""

    zone: Zone

    def render(self) -> str:
        """The phrase."""
        return f"in {self.zone.render()}"


@dataclass(frozen=True)
class Targeting:
    """``targeting you or one of your alchemists``."""

    targets: tuple[Ref | Selector, ...]

    def render(self) -> str:
        """The phrase."""
        return "targeting " + " or ".join(t.render() for t in self.targets)


Postmod = (CostBelow | CostAtMost | AttributeAtLeastOther | AttributeBelow | HandAbove
           | ControlledBy | In | Targeting)


@dataclass(frozen=True)
class Quantity:
    """How many a selector takes.

    One of ``a``, ``each``, ``each of``, ``all``, ``any``, ``any number of``, ``another``,
    ``up to`` N, N (``count``), N ``of`` (``count of``).
    """

    word: str
    count: int | None = None

    def render(self, following: str) -> str:
        """The quantity before ``following`` (which decides between "a" and "an")."""
        if self.word == "a":
            return _article(following)
        if self.word == "up to":
            return f"up to {number_word(self.count or 0)}"
        if self.word == "count":
            return str(self.count)
        if self.word == "count of":
            return f"{number_word(self.count or 0)} of"
        return self.word


@dataclass(frozen=True)
class Designator:
    """Event designators in a noun phrase: ``search or battle wits`` (event)."""

    timings: tuple[Timing, ...]
    attribute: Attribute | None = None

    def render(self) -> str:
        """The phrase."""
        words = " or ".join(t.value for t in self.timings)
        return f"{words} {self.attribute.value}" if self.attribute else words


@dataclass(frozen=True)
class Selector:
    """A description of cards, characters or players (who or what an effect is about).

    ``kind`` is the singular noun (``character``, ``ally``, ``event`` …, or ``event and
    ability`` for "events and abilities"); ``faction`` is a faction or keyword name
    ("Elric", "Homunculus", "Rebel"); ``qualities`` are words like ``ready``, ``other``,
    ``losing``, ``villain``.
    """

    kind: str
    plural: bool = False
    quantity: Quantity | None = None
    owner: Possessive | None = None
    target: bool = False
    qualities: tuple[str, ...] = ()
    faction: str | None = None
    faction_word: bool = False
    designator: Designator | None = None
    postmods: tuple[Postmod, ...] = ()

    def noun(self) -> str:
        """The head noun, singular or plural."""
        if self.kind == "event and ability":
            return "events and abilities"
        return PLURALS.get(self.kind, self.kind + "s") if self.plural else self.kind

    def render(self) -> str:
        """The noun phrase."""
        words: list[str] = []
        if self.owner:
            words.append(self.owner.render())
        if self.target:
            words.append("target")
        words += list(self.qualities)
        if self.faction:
            words.append(self.faction + (" faction" if self.faction_word else ""))
        if self.designator:
            words.append(self.designator.render())
        words.append(self.noun())
        rest = " ".join(words)
        head = f"{self.quantity.render(rest)} {rest}" if self.quantity else rest
        return " ".join([head, *(p.render() for p in self.postmods)])


Subject = Ref | Selector


def third_person(who: Subject | None) -> bool:
    """Whether a verb after ``who`` takes the -s form (he draws; you draw; players draw)."""
    if who is None:
        return False
    if isinstance(who, Pronoun):
        return not who.second_person
    if isinstance(who, Selector):
        singular_of = who.quantity is not None and (
            who.quantity.word == "each of"
            or (who.quantity.word == "count of" and who.quantity.count == 1))
        return singular_of or not who.plural
    return True


def _verb(who: Subject | None, base: str, third: str | None = None) -> str:
    """The verb in agreement with its subject, the subject first when there is one."""
    form = (third or base + "s") if third_person(who) else base
    return f"{who.render()} {form}" if who is not None else form


# ---------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class Clause(Effect):
    """An effect that is a verb phrase, possibly with its subject (``he``, ``each player``)."""

    def phrase(self) -> str:
        """The clause without its full stop."""
        raise NotImplementedError(type(self).__name__)

    def render(self) -> str:
        """The clause as a sentence."""
        return sentence(self.phrase())


@dataclass(frozen=True)
class Draw(Clause):
    """Draw ``count`` cards."""

    count: int
    who: Subject | None = None

    def phrase(self) -> str:
        """``draw 2 cards``."""
        noun = "card" if self.count == 1 else "cards"
        return f"{_verb(self.who, 'draw')} {self.count} {noun}"


@dataclass(frozen=True)
class RevealHand(Clause):
    """Reveal a hand (to someone)."""

    owner: Possessive
    to: Selector | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``reveal your hand to your opponents``."""
        tail = f" to {self.to.render()}" if self.to else ""
        return f"{_verb(self.who, 'reveal')} {self.owner.render()} hand{tail}"


@dataclass(frozen=True)
class Choose(Clause):
    """Choose cards."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``you choose 4 cards``."""
        return f"{_verb(self.who, 'choose')} {self.what.render()}"


@dataclass(frozen=True)
class HandAndDiscard:
    """``his hand and discard pile`` (what a player shuffles into his deck)."""

    owner: Possessive

    def render(self) -> str:
        """The phrase."""
        return f"{self.owner.render()} hand and discard pile"


@dataclass(frozen=True)
class ShuffleInto(Clause):
    """Shuffle cards (or a hand and discard pile) into a deck."""

    what: Selector | HandAndDiscard
    deck_owner: Possessive
    who: Subject | None = None

    def phrase(self) -> str:
        """``he shuffles all other cards into his deck``."""
        verb = _verb(self.who, "shuffle")
        return f"{verb} {self.what.render()} into {self.deck_owner.render()} deck"


@dataclass(frozen=True)
class RemoveFromGame(Clause):
    """Remove a card from the game."""

    what: Ref
    who: Subject | None = None

    def phrase(self) -> str:
        """``remove that card from the game``."""
        return f"{_verb(self.who, 'remove')} {self.what.render()} from the game"


@dataclass(frozen=True)
class BeginBattle(Clause):
    """Begin a battle of an attribute."""

    attribute: Attribute
    who: Subject | None = None

    def phrase(self) -> str:
        """``begin a battle of strength``."""
        return f"{_verb(self.who, 'begin')} a battle of {self.attribute.value}"


@dataclass(frozen=True)
class Target(Clause):
    """Choose a target."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``target a player with more than 8 cards in his hand``."""
        return f"{_verb(self.who, 'target')} {self.what.render()}"


@dataclass(frozen=True)
class TargetPair(Clause):
    """Choose two targets with their roles in a battle (attack, defend)."""

    first: Selector
    first_role: str
    second: Selector
    second_role: str
    who: Subject | None = None

    def phrase(self) -> str:
        """``target X to attack and Y to defend``."""
        return (f"{_verb(self.who, 'target')} {self.first.render()} to {self.first_role} "
                f"and {self.second.render()} to {self.second_role}")


@dataclass(frozen=True)
class Cancel(Clause):
    """Cancel an event or ability."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``cancel an event with cost lower than X``."""
        return f"{_verb(self.who, 'cancel')} {self.what.render()}"


@dataclass(frozen=True)
class SetCard(Clause):
    """Set (exhaust) characters."""

    what: Ref | Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``set target ally with cost lower than X``."""
        return f"{_verb(self.who, 'set')} {self.what.render()}"


@dataclass(frozen=True)
class Defeat(Clause):
    """Defeat characters."""

    what: Ref | Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``defeat target character with strength less than a losing character``."""
        return f"{_verb(self.who, 'defeat')} {self.what.render()}"


@dataclass(frozen=True)
class IncreaseCost(Clause):
    """Increase the attribute cost of events and abilities."""

    what: Selector
    amount: int
    who: Subject | None = None

    def phrase(self) -> str:
        """``increase the attribute cost of all events and abilities by 2``."""
        return (f"{_verb(self.who, 'increase')} the attribute cost of {self.what.render()} "
                f"by {self.amount}")


@dataclass(frozen=True)
class GainControl(Clause):
    """Gain control of a character (for a while)."""

    what: Selector
    duration: Duration | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``you gain control of target ally … until the end of the turn``."""
        tail = f" {self.duration.value}" if self.duration else ""
        return f"{_verb(self.who, 'gain')} control of {self.what.render()}{tail}"


@dataclass(frozen=True)
class GainFaction(Clause):
    """Gain the factions of other characters."""

    of: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``X gains the faction of each of your allies``."""
        return f"{_verb(self.who, 'gain')} the faction of {self.of.render()}"


@dataclass(frozen=True)
class SearchDeck(Clause):
    """Search a deck for a card."""

    owner: Possessive
    for_: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``search your deck for any card``."""
        verb = _verb(self.who, "search", "searches")
        return f"{verb} {self.owner.render()} deck for {self.for_.render()}"


@dataclass(frozen=True)
class AddTo(Clause):
    """Add a card to a hand or to a leader's experience."""

    what: Ref
    zone: Zone
    who: Subject | None = None

    def phrase(self) -> str:
        """``add it to your hand``."""
        return f"{_verb(self.who, 'add')} {self.what.render()} to {self.zone.render()}"


@dataclass(frozen=True)
class Play(Clause):
    """Play a card or action (from a zone, as though it were in another)."""

    what: Selector
    from_zone: Zone | None = None
    as_if_in: Zone | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``play an event from your experience as though it were in your hand``."""
        text = f"{_verb(self.who, 'play')} {self.what.render()}"
        if self.from_zone and self.as_if_in:
            text += (f" from {self.from_zone.render()} as though it were in "
                     f"{self.as_if_in.render()}")
        return text


@dataclass(frozen=True)
class Move(Clause):
    """Move characters home or into the search party."""

    what: Ref | Selector
    to: str
    from_: str | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``move him home``; ``move … into the search party from home``."""
        where = "home" if self.to == "home" else "into the search party"
        tail = f" from {self.from_}" if self.from_ else ""
        return f"{_verb(self.who, 'move')} {self.what.render()} {where}{tail}"


@dataclass(frozen=True)
class DoubleBonus(Clause):
    """Double an attribute bonus as it stands."""

    what: Ref
    who: Subject | None = None

    def phrase(self) -> str:
        """``double that bonus``."""
        return f"{_verb(self.who, 'double')} {self.what.render()}"


@dataclass(frozen=True)
class AttributeBonus(Clause):
    """``+N`` (or ``-N``) to one attribute or to each attribute, constantly or for a while."""

    amount: int
    attribute: Attribute | None
    duration: Duration | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``Elric faction characters get +1 to each attribute``."""
        sign = "+" if self.amount >= 0 else "-"
        where = "to each attribute" if self.attribute is None else self.attribute.value
        tail = f" {self.duration.value}" if self.duration else ""
        return f"{_verb(self.who, 'get')} {sign}{abs(self.amount)} {where}{tail}"


@dataclass(frozen=True)
class AttributeSet(Clause):
    """Change an attribute to a number (wiping earlier modifiers while it lasts)."""

    of: Ref | Selector
    attribute: Attribute
    value: int
    duration: Duration | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``change the strength of target character to 0 until the end of the turn``."""
        tail = f" {self.duration.value}" if self.duration else ""
        return (f"{_verb(self.who, 'change')} the {self.attribute.value} of "
                f"{self.of.render()} to {self.value}{tail}")


# ---------------------------------------------------------------------------- passive text


@dataclass(frozen=True)
class PlayRestriction(Effect):
    """``May only be played by …``: who may play the card."""

    by: Selector

    def render(self) -> str:
        """The sentence."""
        return sentence(f"may only be played by {self.by.render()}")


@dataclass(frozen=True)
class PlayCondition(Effect):
    """A play condition: ``X can only be played if your leader has N or more experience``."""

    card: Ref
    who: Selector
    experience: int

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.card.render()} can only be played if {self.who.render()} has "
                        f"{number_word(self.experience)} or more experience")


@dataclass(frozen=True)
class WillNotJoin(Effect):
    """``X will not join a Rebel leader.`` ("join": put into play by any means)."""

    card: Ref
    leader: Selector

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.card.render()} will not join {self.leader.render()}")


@dataclass(frozen=True)
class NoGrants(Effect):
    """Cards that give nothing: ``Attachments do not give abilities or … penalties``."""

    source: Selector
    grants: tuple[str, ...]

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.source.render()} do not give " + " or ".join(self.grants))


@dataclass(frozen=True)
class DefeatedWhenMoved(Effect):
    """A passive defeat: ``Characters moved home during the search phase are defeated``."""

    who: Selector
    phase: str = "search"

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.who.render()} moved home during the {self.phase} phase are "
                        "defeated")


@dataclass(frozen=True)
class BattleClosed(Effect):
    """A closed battle: ``No other characters can assign or move into this battle``."""

    def render(self) -> str:
        """The sentence."""
        return "No other characters can assign or move into this battle."


@dataclass(frozen=True)
class GrantPlay(Effect):
    """Permission to play a card: ``Until the end of the turn, X can play that card once``."""

    duration: Duration
    who: Ref
    what: Ref

    def render(self) -> str:
        """The sentence."""
        return sentence(f"{self.duration.value}, {self.who.render()} can play "
                        f"{self.what.render()} once")


@dataclass(frozen=True)
class Forbidden:
    """One forbidden action: ``sacrifice that ally``, ``declare an attack with that ally``."""

    action: str
    what: Ref

    def render(self) -> str:
        """The phrase."""
        if self.action == "attack":
            return f"declare an attack with {self.what.render()}"
        return f"sacrifice {self.what.render()}"


@dataclass(frozen=True)
class Prohibition(Effect):
    """``You cannot sacrifice that ally or declare an attack with that ally while …``."""

    who: Ref
    actions: tuple[Forbidden, ...]
    while_control: bool = False

    def render(self) -> str:
        """The sentence."""
        tail = " while you control it" if self.while_control else ""
        acts = " or ".join(a.render() for a in self.actions)
        return sentence(f"{self.who.render()} cannot {acts}{tail}")


@dataclass(frozen=True)
class CannotGain(Effect):
    """What a leader cannot gain: ``X cannot gain experience or level up, even while …``."""

    who: Ref
    things: tuple[str, ...]
    even_while_defeated: Ref | None = None

    def render(self) -> str:
        """The sentence."""
        words = {"experience": "gain experience", "level": "level up"}
        text = f"{self.who.render()} cannot " + " or ".join(words[t] for t in self.things)
        if self.even_while_defeated:
            text += f", even while {self.even_while_defeated.render()} is defeated"
        return sentence(text)


# ---------------------------------------------------------------------------- triggers


@dataclass(frozen=True)
class WinsBattle:
    """``this character wins a battle``."""

    who: Ref | Selector

    def render(self) -> str:
        """The phrase."""
        return f"{_verb(self.who, 'win')} a battle"


@dataclass(frozen=True)
class ReceivesBonus:
    """``one of your characters receives an attribute bonus from an event or …``."""

    who: Ref | Selector
    sources: tuple[str, ...]

    def render(self) -> str:
        """The phrase."""
        names = {"event": "an event", "ability": "activated ability"}
        words = [names[source] for source in self.sources]
        return (f"{_verb(self.who, 'receive')} an attribute bonus from " + " or ".join(words))


@dataclass(frozen=True)
class IsDefeated:
    """``this character is defeated``."""

    who: Ref | Selector

    def render(self) -> str:
        """The phrase."""
        return f"{self.who.render()} is defeated"


@dataclass(frozen=True)
class StepStart:
    """``the start of the action step`` (optionally once the active player is known)."""

    step: str
    active_player_known: bool = False


GameEvent = WinsBattle | ReceivesBonus | IsDefeated


@dataclass(frozen=True)
class Trigger(Effect):
    """A triggered effect: ``After <event>, [instead of defeating …,] <effects> [instead]``."""

    when: str
    event: GameEvent | StepStart
    effects: tuple[Effect, ...]
    instead_of_defeating: Selector | None = None
    instead: bool = False

    def render(self) -> str:
        """The sentence."""
        if isinstance(self.event, StepStart):
            head = f"at the start of the {self.event.step} step, "
            if self.event.active_player_known:
                head += "after the active player has been determined, "
        else:
            head = f"{self.when} {self.event.render()}, "
        if self.instead_of_defeating:
            head += f"instead of defeating {self.instead_of_defeating.render()}, "
        body = " and ".join(_phrase(e) for e in self.effects)
        return sentence(head + body + (" instead" if self.instead else ""))


@dataclass(frozen=True)
class Conditional(Effect):
    """A conditional effect: ``If you play <card> in this way, <effects>``."""

    played: Selector
    effects: tuple[Effect, ...]

    def render(self) -> str:
        """The sentence."""
        body = " and ".join(_phrase(e) for e in self.effects)
        return sentence(f"if you play {self.played.render()} in this way, {body}")


def _phrase(effect: Effect) -> str:
    if isinstance(effect, Clause):
        return effect.phrase()
    return effect.render().rstrip(".")


# ---------------------------------------------------------------------------- abilities


@dataclass(frozen=True)
class ExtraCost:
    """A cost besides the attribute cost: ``Set this character``, ``Sacrifice an ally``."""

    action: str
    what: Ref | Selector

    def render(self) -> str:
        """The phrase, capitalised as in a header."""
        return f"{self.action.capitalize()} {self.what.render()}"


@dataclass(frozen=True)
class Ability(Effect):
    """An activated ability or event: ``Main Wits 5: …``.

    ``cost`` is the attribute cost (a number, ``"X"``, or None when the header has none);
    ``body`` holds the effects of the sentences after the header.
    """

    timing: Timing
    attribute: Attribute
    cost: int | str | None
    body: tuple[Effect, ...]
    extra_cost: ExtraCost | None = None

    def header(self) -> str:
        """``Main Wits 5:``."""
        words = [self.timing.heading, self.attribute.heading]
        if self.cost is not None:
            words.append(str(self.cost))
        if self.extra_cost:
            words.append(self.extra_cost.render())
        return " ".join(words) + ":"

    def render(self) -> str:
        """The header and the body's sentences."""
        return " ".join([self.header(), *(e.render() for e in self.body)])


# ---------------------------------------------------------------------------- parsed text


def walk(effects: tuple[Effect, ...]) -> list[Effect]:
    """Every effect, nested ones (ability bodies, trigger effects) included, in order."""
    out: list[Effect] = []
    for effect in effects:
        out.append(effect)
        if isinstance(effect, Ability):
            out += walk(effect.body)
        elif isinstance(effect, Trigger | Conditional):
            out += walk(effect.effects)
    return out


@dataclass(frozen=True)
class FmaParsedText(ParsedText):
    """A parsed FMA text; unparsed sentences inside an ability's body count too."""

    @property
    def unparsed(self) -> tuple[Unparsed, ...]:
        """Every sentence that was not understood, at any depth."""
        return tuple(e for e in walk(self.effects) if isinstance(e, Unparsed))

    def render(self) -> str:
        """The canonical text: each top-level effect's sentence, in order."""
        return " ".join(e.render() for e in self.effects)
