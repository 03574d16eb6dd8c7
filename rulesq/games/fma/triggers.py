"""When an FMA text acts: the events and moments that trigger it, and its conditions."""

from __future__ import annotations

from dataclasses import dataclass

from rulesq.effects.base import Effect
from rulesq.games.fma.acts import Clause
from rulesq.games.fma.references import Ref
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
class StepStart:
    """``the start of the action step`` (optionally once the active player is known)."""

    step: str
    active_player_known: bool = False


GameEvent = WinsBattle | ReceivesBonus | IsDefeated | Discards


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
