"""What an FMA text makes true while it is in play: restrictions, conditions, prohibitions."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect
from rulesq.effects.words import number_word
from rulesq.games.fma.references import Ref
from rulesq.games.fma.selectors import Selector
from rulesq.games.fma.vocab import Duration, sentence


@dataclass(frozen=True)
class PlayRestriction(Effect):
    """``May only be played by …``: who may play the card."""

    by: Selector

    def render(self) -> str:
        """The sentence."""
        return sentence(f"may only be played by {self.by.render()}")


@dataclass(frozen=True)
class AttachRestriction(Effect):
    """``Will only attach to …``: which characters an attachment may be attached to."""

    to: Selector

    def render(self) -> str:
        """The sentence."""
        return sentence(f"will only attach to {self.to.render()}")


@dataclass(frozen=True)
class PlayCondition(Effect):
    """A play condition: ``X can only be played if your leader has N or more experience``."""

    card: Ref
    who: Selector
    experience: int

    def render(self) -> str:
        """The sentence."""
        return sentence(
            f"{self.card.render()} can only be played if {self.who.render()} has "
            f"{number_word(self.experience)} or more experience"
        )


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
        return sentence(
            f"{self.who.render()} moved home during the {self.phase} phase are defeated"
        )


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
        return sentence(
            f"{self.duration.value}, {self.who.render()} can play {self.what.render()} once"
        )


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
