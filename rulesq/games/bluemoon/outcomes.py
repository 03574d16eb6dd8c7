"""The questions a Blue Moon play raises: what the played card's text in force touches.

A character or booster card adds to its player's total power; a text that changes values
touches both totals; a contested element it changes, the texts it ignores (of the cards in
play), the dragons, draws, discards and retreats it makes a player do, each raise the
question the judge answers about them, for the player the text names.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING

from rulesq.effects.roles import Role
from rulesq.games.bluemoon import acts as a
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.cards import card_info
from rulesq.situation.model import ME, YOU, CardRef, Fact, Question

if TYPE_CHECKING:
    from rulesq.situation.model import Situation

#: The question topics, in the order they are asked.
TOPICS = ("power", "element", "ignored", "dragons", "draw", "discard", "retreat")
#: Card kinds whose values count towards their player's total power.
VALUED = frozenset({"character", "booster"})
#: Effects that forbid their acts: those acts raise no question of what the play does.
NEGATIONS = (fx.Prohibition, fx.SelfRestriction, fx.NotSelectable)
#: Facts that put cards in play, and those that take them out.
IN_PLAY = frozenset({"active", "play"})
OUT_OF_PLAY = frozenset({"discard", "inactive", "retrieve", "hand", "fight_ends"})


def _other(who: str) -> str:
    return YOU if who == ME else ME


def _players(role: Role | None, who: str) -> tuple[str, ...]:
    """The players a role of a text stands for, when ``who`` plays the card."""
    if role is Role.CONTROLLER:
        return (who,)
    if role is Role.OPPONENT:
        return (_other(who),)
    return (who, _other(who))


def _walk(node: object, actor: Role | None) -> Iterator[tuple[object, Role | None]]:
    """Every node under ``node``, each with the actor of the clause it is in."""
    if isinstance(node, a.Do):
        actor = node.actor
    if isinstance(node, a.Force):
        actor = node.who
    yield node, actor
    if isinstance(node, tuple | list):
        for item in node:
            yield from _walk(item, actor)
    elif is_dataclass(node) and not isinstance(node, type):
        for f in fields(node):
            yield from _walk(getattr(node, f.name), actor)


def touched(parsed_effects: tuple[object, ...], who: str) -> dict[str, set[str]]:
    """Topic -> the players a card's effects touch (``who`` plays the card)."""
    found: dict[str, set[str]] = {}

    def add(topic: str, players: tuple[str, ...]) -> None:
        found.setdefault(topic, set()).update(players)

    for effect in parsed_effects:
        if isinstance(effect, fx.ValueChange):
            add("power", _players(effect.owner, who))
        elif isinstance(effect, fx.ElementChange):
            add("element", ())
        elif isinstance(effect, fx.Ignore):
            add("ignored", _players(effect.owner, who))
        elif isinstance(effect, fx.DragonModifier):
            add("dragons", _players(effect.attracting, who))
        if isinstance(effect, NEGATIONS):
            continue  # "you may not retreat" makes nobody retreat
        # an act outside a clause with its own subject is the card's controller's ("I must
        # discard one card to play this card")
        for node, actor in _walk(effect, Role.CONTROLLER):
            if isinstance(node, a.Attract):
                add("dragons", _players(actor, who))
            elif isinstance(node, a.Draw | a.DrawTo | a.Refresh):
                add("draw", _players(actor, who))
            elif isinstance(node, a.Discard):
                add("discard", _players(actor, who))
            elif isinstance(node, a.Retreat):
                add("retreat", _players(actor, who))
    return found


def _in_play(situation: Situation, before: int) -> dict[str, list[CardRef]]:
    """The cards in play by player, as the facts before item ``before`` leave them."""
    cards: dict[str, dict[str, CardRef]] = {ME: {}, YOU: {}}
    for item in situation.items[:before]:
        if not isinstance(item, Fact) or item.supposed is not None:
            continue
        side = cards[item.who or ME]
        if item.kind == "fight_ends":
            cards = {ME: {}, YOU: {}}
        elif item.kind in IN_PLAY:
            side.update({ref.name: ref for ref in item.cards})
        elif item.kind in OUT_OF_PLAY:
            for ref in item.cards:
                side.pop(ref.name, None)
    return {who: list(refs.values()) for who, refs in cards.items()}


def play_raises(situation: Situation, play: Fact) -> list[Question]:
    """The questions a play raises (see the module's docstring), in the order of TOPICS."""
    who = play.who or ME
    ref = play.card
    info = card_info(ref.card, ref.name, [ref])
    topics = touched(info.parsed.effects if info.parsed is not None else (), who)
    if info.kind in VALUED:
        topics.setdefault("power", set()).add(who)
    before = f'if {"I" if who == ME else "you"} play "{ref.name}": '
    out: list[Question] = []

    def ask(kind: str, text: str, whom: str | None = None, cards: tuple[CardRef, ...] = ()) -> None:
        out.append(Question(kind, play.span, f"ask {before}{text}", 0, whom, cards, {}))

    for topic in TOPICS:
        players = sorted(topics.get(topic, ()), key=lambda p: p != who)
        if topic == "element" and topic in topics:
            ask("element", "what is the contested element?")
        for player in players:
            me = player == ME
            if topic == "power":
                ask("total_power", f"what is {'my' if me else 'your'} total power?", player)
            elif topic == "ignored":
                for card in _in_play(situation, play.index).get(player, []):
                    if card.name != ref.name:
                        ask(
                            "text_ignored",
                            f'is the special power text of "{card.name}" ignored?',
                            None,
                            (card,),
                        )
            elif topic == "dragons":
                ask("dragons", f"how many dragons {'do I' if me else 'do you'} attract?", player)
            elif topic == "draw":
                ask("draw_count", f"how many cards {'do I' if me else 'do you'} draw?", player)
            elif topic == "discard":
                ask("discard_count", f"how many cards must {'I' if me else 'you'} discard?", player)
            elif topic == "retreat":
                ask("must_retreat", f"must {'I' if me else 'you'} retreat?", player)
    return out
