"""What an FMA text makes a player do: clauses such as draw, target, move, get +2 strength."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect
from rulesq.games.fma.references import Possessive, Ref, Zone
from rulesq.games.fma.selectors import Selector, Subject, subject_verb
from rulesq.games.fma.vocab import Attribute, Duration, sentence


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
    """Draw ``count`` cards (``up_to``: a number the player chooses, up to ``count``)."""

    count: int
    who: Subject | None = None
    up_to: bool = False

    def phrase(self) -> str:
        """``draw 2 cards``, ``draw up to 3 cards``."""
        noun = "card" if self.count == 1 else "cards"
        limit = "up to " if self.up_to else ""
        return f"{subject_verb(self.who, 'draw')} {limit}{self.count} {noun}"


@dataclass(frozen=True)
class RevealCard(Clause):
    """Reveal a card the text names (``he reveals it``: the card a trigger drew)."""

    what: Ref
    who: Subject | None = None

    def phrase(self) -> str:
        """``he reveals it``."""
        return f"{subject_verb(self.who, 'reveal')} {self.what.render()}"


@dataclass(frozen=True)
class DiscardHand(Clause):
    """Discard a whole hand."""

    owner: Possessive
    who: Subject | None = None

    def phrase(self) -> str:
        """``each player discards his hand``."""
        return f"{subject_verb(self.who, 'discard')} {self.owner.render()} hand"


@dataclass(frozen=True)
class BeginPhase(Clause):
    """Begin a search phase: a phase the card creates."""

    who: Subject | None = None

    def phrase(self) -> str:
        """``begin a search phase``."""
        return f"{subject_verb(self.who, 'begin')} a search phase"


@dataclass(frozen=True)
class RevealHand(Clause):
    """Reveal a hand (to someone)."""

    owner: Possessive
    to: Selector | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``reveal your hand to your opponents``."""
        tail = f" to {self.to.render()}" if self.to else ""
        return f"{subject_verb(self.who, 'reveal')} {self.owner.render()} hand{tail}"


@dataclass(frozen=True)
class Choose(Clause):
    """Choose cards."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``you choose 4 cards``."""
        return f"{subject_verb(self.who, 'choose')} {self.what.render()}"


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
        verb = subject_verb(self.who, "shuffle")
        return f"{verb} {self.what.render()} into {self.deck_owner.render()} deck"


@dataclass(frozen=True)
class RemoveFromGame(Clause):
    """Remove a card from the game."""

    what: Ref
    who: Subject | None = None

    def phrase(self) -> str:
        """``remove that card from the game``."""
        return f"{subject_verb(self.who, 'remove')} {self.what.render()} from the game"


@dataclass(frozen=True)
class BeginBattle(Clause):
    """Begin a battle of an attribute."""

    attribute: Attribute
    who: Subject | None = None

    def phrase(self) -> str:
        """``begin a battle of strength``."""
        return f"{subject_verb(self.who, 'begin')} a battle of {self.attribute.value}"


@dataclass(frozen=True)
class Target(Clause):
    """Choose a target."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``target a player with more than 8 cards in his hand``."""
        return f"{subject_verb(self.who, 'target')} {self.what.render()}"


@dataclass(frozen=True)
class Recover(Clause):
    """Recover a card (the rulings name the act, never what it does: only its target)."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``recover target defeated Military ally``."""
        return f"{subject_verb(self.who, 'recover')} {self.what.render()}"


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
        return (
            f"{subject_verb(self.who, 'target')} {self.first.render()} to {self.first_role} "
            f"and {self.second.render()} to {self.second_role}"
        )


@dataclass(frozen=True)
class Cancel(Clause):
    """Cancel an event or ability."""

    what: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``cancel an event with cost lower than X``."""
        return f"{subject_verb(self.who, 'cancel')} {self.what.render()}"


@dataclass(frozen=True)
class SetCard(Clause):
    """Set (exhaust) characters."""

    what: Ref | Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``set target ally with cost lower than X``."""
        return f"{subject_verb(self.who, 'set')} {self.what.render()}"


@dataclass(frozen=True)
class Defeat(Clause):
    """Defeat characters."""

    what: Ref | Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``defeat target character with strength less than a losing character``."""
        return f"{subject_verb(self.who, 'defeat')} {self.what.render()}"


@dataclass(frozen=True)
class ChangeLocation(Clause):
    """Change the current location (without playing a location)."""

    who: Subject | None = None

    def phrase(self) -> str:
        """``change the current location``."""
        return f"{subject_verb(self.who, 'change')} the current location"


@dataclass(frozen=True)
class SendToDiscard(Clause):
    """Send cards to the discard pile (they are not defeated)."""

    what: Ref | Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``send target character to the discard pile``."""
        return f"{subject_verb(self.who, 'send')} {self.what.render()} to the discard pile"


@dataclass(frozen=True)
class IncreaseCost(Clause):
    """Increase the attribute cost of events and abilities."""

    what: Selector
    amount: int
    who: Subject | None = None

    def phrase(self) -> str:
        """``increase the attribute cost of all events and abilities by 2``."""
        return (
            f"{subject_verb(self.who, 'increase')} the attribute cost of {self.what.render()} "
            f"by {self.amount}"
        )


@dataclass(frozen=True)
class ReduceCost(Clause):
    """Reduce the attribute cost of events and abilities (to a minimum, if one is given)."""

    what: Selector
    amount: int
    minimum: int | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``reduce the attribute cost of events by 1, to a minimum of 1``."""
        floor = f", to a minimum of {self.minimum}" if self.minimum is not None else ""
        return (
            f"{subject_verb(self.who, 'reduce')} the attribute cost of {self.what.render()} "
            f"by {self.amount}{floor}"
        )


@dataclass(frozen=True)
class GainControl(Clause):
    """Gain control of a character (for a while)."""

    what: Selector
    duration: Duration | None = None
    who: Subject | None = None

    def phrase(self) -> str:
        """``you gain control of target ally … until the end of the turn``."""
        tail = f" {self.duration.value}" if self.duration else ""
        return f"{subject_verb(self.who, 'gain')} control of {self.what.render()}{tail}"


@dataclass(frozen=True)
class GainFaction(Clause):
    """Gain the factions of other characters."""

    of: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``X gains the faction of each of your allies``."""
        return f"{subject_verb(self.who, 'gain')} the faction of {self.of.render()}"


@dataclass(frozen=True)
class SearchDeck(Clause):
    """Search a deck for a card."""

    owner: Possessive
    for_: Selector
    who: Subject | None = None

    def phrase(self) -> str:
        """``search your deck for any card``."""
        verb = subject_verb(self.who, "search", "searches")
        return f"{verb} {self.owner.render()} deck for {self.for_.render()}"


@dataclass(frozen=True)
class AddTo(Clause):
    """Add a card to a hand or to a leader's experience."""

    what: Ref
    zone: Zone
    who: Subject | None = None

    def phrase(self) -> str:
        """``add it to your hand``."""
        return f"{subject_verb(self.who, 'add')} {self.what.render()} to {self.zone.render()}"


@dataclass(frozen=True)
class Play(Clause):
    """Play a card or action (from a zone, as though it were in another; without its cost).

    ``free``: "without paying its cost"; ``may``: a standing permission ("You may play …").
    """

    what: Selector
    from_zone: Zone | None = None
    as_if_in: Zone | None = None
    who: Subject | None = None
    free: bool = False
    may: bool = False

    def phrase(self) -> str:
        """``play an event from your experience as though it were in your hand``."""
        if self.may and self.who is not None:
            text = f"{self.who.render()} may play {self.what.render()}"
        else:
            text = f"{subject_verb(self.who, 'play')} {self.what.render()}"
        if self.from_zone:
            text += f" from {self.from_zone.render()}"
        if self.as_if_in:
            text += f" as though it were in {self.as_if_in.render()}"
        if self.free:
            text += f" without paying {'their' if self.what.plural else 'its'} cost"
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
        return f"{subject_verb(self.who, 'move')} {self.what.render()} {where}{tail}"


@dataclass(frozen=True)
class DoubleBonus(Clause):
    """Double an attribute bonus as it stands."""

    what: Ref
    who: Subject | None = None

    def phrase(self) -> str:
        """``double that bonus``."""
        return f"{subject_verb(self.who, 'double')} {self.what.render()}"


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
        return f"{subject_verb(self.who, 'get')} {sign}{abs(self.amount)} {where}{tail}"


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
        return (
            f"{subject_verb(self.who, 'change')} the {self.attribute.value} of "
            f"{self.of.render()} to {self.value}{tail}"
        )
