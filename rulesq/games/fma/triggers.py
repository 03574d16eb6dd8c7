"""When an FMA text acts: the events and moments that trigger it, and its conditions."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect
from rulesq.games.fma.acts import Clause
from rulesq.games.fma.references import Possessive, Ref
from rulesq.games.fma.selectors import Selector, subject_verb
from rulesq.games.fma.vocab import sentence


@dataclass(frozen=True)
class WinsBattle:
    """``this character wins a battle``."""

    who: Ref | Selector

    def render(self) -> str:
        """The phrase."""
        return f"{subject_verb(self.who, 'win')} a battle"


@dataclass(frozen=True)
class ReceivesBonus:
    """``one of your characters receives an attribute bonus from an event or …``."""

    who: Ref | Selector
    sources: tuple[str, ...]

    def render(self) -> str:
        """The phrase."""
        names = {"event": "an event", "ability": "activated ability"}
        words = [names[source] for source in self.sources]
        return f"{subject_verb(self.who, 'receive')} an attribute bonus from " + " or ".join(words)


@dataclass(frozen=True)
class IsDefeated:
    """``this character is defeated``."""

    who: Ref | Selector

    def render(self) -> str:
        """The phrase."""
        return f"{self.who.render()} is defeated"


@dataclass(frozen=True)
class Discards:
    """``you discard this card``: the card leaves the hand for the discard pile, by any means."""

    who: Ref | Selector
    what: Ref

    def render(self) -> str:
        """The phrase."""
        return f"{subject_verb(self.who, 'discard')} {self.what.render()}"


@dataclass(frozen=True)
class Draws:
    """``a player draws a card`` (``one``) or ``… draws cards``: cards are drawn one at a time."""

    who: Ref | Selector
    one: bool = True

    def render(self) -> str:
        """The phrase."""
        return f"{subject_verb(self.who, 'draw')} " + ("a card" if self.one else "cards")


#: The moments a ``StepStart`` may name besides a step: the start of a turn, of the game.
TURN, GAME = "turn", "game"


@dataclass(frozen=True)
class StepStart:
    """``the start of the action step`` (optionally once the active player is known).

    ``step`` is ``turn`` (``at the start of your turn``, ``whose`` the possessive; None: each
    turn) or ``game``
    (``at the start of the game``) for the start-of-turn and start-of-game effects.
    """

    step: str
    active_player_known: bool = False
    whose: Possessive | None = None

    def render(self) -> str:
        """The phrase."""
        if self.step == GAME:
            return "at the start of the game"
        if self.step == TURN:
            whose = self.whose.render() if self.whose is not None else "each"
            return f"at the start of {whose} turn"
        head = f"at the start of the {self.step} step"
        return head + (
            ", after the active player has been determined" if self.active_player_known else ""
        )


GameEvent = WinsBattle | ReceivesBonus | IsDefeated | Discards | Draws


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
            head = self.event.render() + ", "
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
