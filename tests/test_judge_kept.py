"""The judging's kept shortcuts give what the long way gives, and their mechanisms hold.

A forces object keeps, while the state's cards stay as they are, the cards with an effect of a
kind and the players some ignore effect could reach; the unread sentences are looked for on
the cards that have one; a card's effect classes are read once per info; the "no effect if
opposed" check is skipped for a card without such a sentence; a probe card is made at once.
Each is compared with the long way after every fact of every Blue Moon case file, one forces
object kept across the facts, and its mechanism is checked by the work it counts.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulesq.effects.base import Unparsed
from rulesq.errors import RulesqError
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge import forces as forces_module
from rulesq.games.bluemoon.judge.cards import CardInfo
from rulesq.games.bluemoon.judge.forces import Forces, Source, effects_of
from rulesq.games.bluemoon.judge.history import OWN
from rulesq.games.bluemoon.judge.state import (
    CardIndex,
    Event,
    Instance,
    Player,
    State,
    Zone,
    new_instance,
)
from rulesq.games.bluemoon.judge.timeline import Timeline
from rulesq.games.bluemoon.judge.work import WORK
from rulesq.situation import parse_situation
from tests.test_replay_kept import KINDS, situations

ASKED: list[type | tuple[type, ...]] = [*KINDS, Unparsed, (fx.PlayPermission, fx.Prohibition)]


def long_cards_with(state: State, kind: type | tuple[type, ...]) -> list[Instance]:
    """The cards with an effect of a kind, each card's effects read one by one."""
    return [c for c in state.cards if any(isinstance(s.effect, kind) for s in effects_of(c))]


def long_beyond_reach(state: State, card: Instance) -> bool:
    """Whether no ignore effect of any card of the state names the card's owner."""
    return not any(card.owner in forces_module._ignore_reach(other) for other in state.cards)


def long_unparsed(forces: Forces) -> list[Source]:
    """Every live card's unread sentences, every card of the state looked at."""
    return [
        s
        for card in forces.state.cards
        if forces.live(card)
        for s in effects_of(card)
        if isinstance(s.effect, Unparsed)
    ]


def long_in_force(forces: Forces, card: Instance, in_hand: bool = False) -> list[Source]:
    """``Forces.in_force`` asking every card whether it is opposed."""
    if not in_hand and not forces.live(card):
        return []
    sources = effects_of(card)
    acting = [s for s in sources if not isinstance(s.effect, Unparsed | fx.NoEffectIfOpposed)]
    beyond = [s for s in sources if forces_module.unignorable(s)]
    if forces.opposed(card) is not None:
        return beyond
    if all(s in beyond for s in acting):
        return acting
    silenced = forces.text_ignored(card) is not None
    return [s for s in acting if not silenced or s in beyond]


def _outcome(call: Any) -> Any:
    try:
        return ("gave", call())
    except RulesqError as error:
        return ("stopped", type(error).__name__, str(error))


def test_what_one_forces_keeps_across_the_facts_is_what_the_long_way_finds() -> None:
    """After every fact of every case, one forces object kept across them gives the long way's.

    Its kept card lists and reach (extended, or found again, as cards are added) are those
    found afresh, as are the unread sentences; each card's effects in force (a forces object
    of the moment) are those found asking every card whether it is opposed.
    """
    compared = 0
    for situation in situations():
        timeline = Timeline(situation)
        kept: Forces | None = None
        for fact in situation.facts:
            try:
                timeline.read([fact])
            except RulesqError:
                break
            state = timeline.state
            if kept is None or kept.state is not state:
                kept = Forces(state)
            for kind in ASKED:
                assert kept._cards_with(kind) == long_cards_with(state, kind), (
                    situation.source,
                    fact.text,
                    kind,
                )
            for card in state.cards:
                assert kept._beyond_reach(card) == long_beyond_reach(state, card)
                # a forces object is for one moment (its ignore statuses are found once)
                now, fresh = Forces(state), Forces(state)
                assert _outcome(lambda c=card, f=now: f.in_force(c)) == _outcome(
                    lambda c=card, f=fresh: long_in_force(f, c)
                ), (situation.source, fact.text, card.name)
                compared += 1
            assert kept.unparsed() == long_unparsed(Forces(state))
    assert compared > 5_000


def test_a_kept_list_is_given_again_without_work_until_a_card_is_added() -> None:
    """Asked again with the same cards, a forces object neither groups nor scans any card."""
    state = State()
    gag = CardInfo(name="Gag", kind="support", text="Your special power texts are ignored.")
    plain = CardInfo(name="Plain", kind="character", text="")
    for uid in range(10):
        state.cards.append(new_instance(uid, gag if uid % 2 else plain, "me", Zone.SUPPORT))
    state.cards.append(new_instance(10, plain, "you", Zone.COMBAT))
    mine, yours = state.cards[0], state.cards[10]
    forces = Forces(state)
    first = forces._cards_with(fx.Ignore)
    assert forces._beyond_reach(mine) and not forces._beyond_reach(yours)
    before = WORK.cards
    grouped: list[str] = []
    real = CardIndex.group

    def counted(self: CardIndex, name: str, keys: Any) -> Any:
        grouped.append(name)
        return real(self, name, keys)

    CardIndex.group = counted  # type: ignore[method-assign]
    try:
        assert forces._cards_with(fx.Ignore) is first
        assert forces._beyond_reach(mine) and not forces._beyond_reach(yours)
        assert grouped == [] and WORK.cards == before
        state.cards.append(new_instance(99, gag, "you", Zone.SUPPORT))  # it reaches mine
        again = forces._cards_with(fx.Ignore)
        assert not forces._beyond_reach(mine)
        assert again is first and again[-1].uid == 99 and len(again) == 6  # extended in place
        assert grouped == ["ignore-reach"] and WORK.cards == before + 2  # the card added
    finally:
        CardIndex.group = real  # type: ignore[method-assign]


def test_unread_sentences_are_looked_for_on_the_cards_that_have_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Of many cards, only the one with an unread sentence is asked whether it is live."""
    text = "Zorblax the frobnicator wibbles."
    assert fx_unparsed(text), "the sentence is one the card-text grammar does not read"
    state = State()
    plain = CardInfo(name="Plain", kind="character", text="")
    odd = CardInfo(name="Odd", kind="support", text=text)
    for uid in range(30):
        state.cards.append(new_instance(uid, plain, "me", Zone.COMBAT, active=True))
    state.cards.append(new_instance(30, odd, "you", Zone.SUPPORT, active=True))
    asked: list[str] = []
    real = Forces.live

    def live(self: Forces, card: Instance) -> bool:
        asked.append(card.name)
        return real(self, card)

    monkeypatch.setattr(Forces, "live", live)
    found = Forces(state).unparsed()
    assert [s.card.name for s in found] == ["Odd"] and asked == ["Odd"]


def fx_unparsed(text: str) -> bool:
    info = CardInfo(name="Odd", kind="support", text=text)
    return info.parsed is not None and any(isinstance(e, Unparsed) for e in info.parsed.effects)


def test_the_opposed_check_is_made_for_the_cards_with_such_a_sentence_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A card with a "no effect if opposed" sentence is switched off; another is not asked."""
    situation = parse_situation(
        "game bluemoon\n"
        'card "Shy" support: "You may not play support cards. '
        '(This card has no effect if opposed by Loud.)"\n'
        'card "Loud" character (fire 1): ""\n'
        'card "Calm" support: "You may not play booster cards."\n'
        'I have active "Shy"\n'
        'I have active "Calm"\n'
        'you have active "Loud"\n'
        "it is my turn\n",
        "<generated>",
    )
    timeline = Timeline(situation)
    timeline.read(situation.facts)
    state = timeline.state
    asked: list[str] = []
    real = Forces.opposed

    def opposed(self: Forces, card: Instance) -> Source | None:
        asked.append(card.name)
        return real(self, card)

    monkeypatch.setattr(Forces, "opposed", opposed)
    forces = Forces(state)
    shy, calm = state.find("Shy"), state.find("Calm")
    assert shy is not None and calm is not None
    assert forces.in_force(shy) == [s for s in effects_of(shy) if forces_module.unignorable(s)]
    assert [s.index for s in forces.in_force(calm)] == [0]
    assert asked == ["Shy"]


def test_a_cards_effect_classes_are_read_once_per_info() -> None:
    """Two cards of one info share the classes found for the first; another info reads its own."""
    info = CardInfo(name="Gag", kind="support", text="Your special power texts are ignored.")
    first = new_instance(1, info, "me", Zone.SUPPORT)
    second = new_instance(2, info, "you", Zone.SUPPORT)
    kinds = forces_module._effect_kinds(first)
    assert kinds == frozenset(type(s.effect) for s in effects_of(first)) == {fx.Ignore}
    assert info.__dict__["effect_classes"] is kinds
    assert forces_module._effect_kinds(second) is kinds
    other = CardInfo(name="Gag", kind="support", text="You may not play support cards.")
    assert forces_module._effect_kinds(new_instance(3, other, "me", Zone.SUPPORT)) == {
        fx.Prohibition
    }


def test_a_probe_card_is_made_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card the question supposes in hand is its constructor's card, no field set by call."""
    from rulesq.games.bluemoon.judge.view import View

    info = CardInfo(name="Some Card", kind="character")
    set_by_call: list[str] = []
    real = Instance.__setattr__

    def counted(self: Instance, name: str, value: Any) -> None:
        set_by_call.append(name)
        real(self, name, value)

    made = View.hypothetical(object.__new__(View), info, "you")
    monkeypatch.setattr(Instance, "__setattr__", counted)
    again = View.hypothetical(object.__new__(View), info, "you")
    assert set_by_call == []
    built = Instance(-1, info, "you", Zone.HAND, seq=10**9)
    skip = ("_history", "_saved")
    plain = {k: v for k, v in vars(built).items() if k not in skip}
    assert {k: v for k, v in vars(made).items() if k not in skip} == plain
    assert {k: v for k, v in vars(again).items() if k not in skip} == plain


def test_enum_members_held_as_plain_names_are_the_members_and_read_as_before() -> None:
    """The members hot paths hold as plain names are their enums' own, and read as before.

    ``players_of`` hands out shared sets that are the sets it made before, ``CardInfo.is_a``
    (an ``if`` chain, not a ``match`` on the members) gives what the ``match`` gave.
    """
    from rulesq.engine import answer, resolve
    from rulesq.engine.answer import Status
    from rulesq.engine.resolve import Stance
    from rulesq.games.bluemoon.judge import cards, moves, playing, select
    from rulesq.games.bluemoon.judge.cards import CHARACTER_KINDS, KINDS
    from rulesq.games.bluemoon.judge.select import players_of
    from rulesq.games.bluemoon.judge.state import ME, YOU, Step, other
    from rulesq.games.bluemoon.vocab import CardType, Role

    held = {
        **{name: getattr(forces_module, name) for name in ("_LEADERSHIP", "_ICONS", "_UNDECIDED")},
        "answer": answer._CANNOT,
        "resolve": resolve._IGNORE,
        "moves": (moves._COMBAT, moves._GONE, moves._BOOSTER_SUPPORT),
        "playing": (playing._CARGO, playing._LANDED),
        "select": (select._BOTH, select._CONTROLLER),
        "cards": (cards._CHARACTER, cards._INFLUENCE, cards._BLUFF),
    }
    assert held["_LEADERSHIP"] is Zone.LEADERSHIP and held["_ICONS"] is fx.Scope.ICONS
    assert held["_UNDECIDED"] is forces_module.Mark.UNDECIDED
    assert held["answer"] is Status.CANNOT and held["resolve"] is Stance.IGNORE
    assert held["moves"] == (Zone.COMBAT, Zone.GONE, Step.BOOSTER_SUPPORT)
    assert held["playing"] == (Zone.CARGO, Zone.LANDED)
    assert held["select"] == (Role.BOTH, Role.CONTROLLER)
    assert held["cards"] == (CardType.CHARACTER, CardType.INFLUENCE, CardType.BLUFF)
    from rulesq.games.bluemoon.judge import claims, permits, plays, values
    from rulesq.games.bluemoon.kinds import Kind
    from rulesq.games.bluemoon.selectors import Q

    assert claims._GAME_RULE is Kind.GAME_RULE and permits._PERMIT is Stance.PERMIT
    assert permits._REQUIRING == {Kind.I_MUST, Kind.CARD_TEXT}
    assert permits._FORBIDDING == {Kind.IGNORE, Kind.YOU_MAY_NOT, Kind.CARD_TEXT}
    assert permits._RULING == {Kind.CARD_TEXT, Kind.GAME_RULE}
    assert (values._PRINTED_VALUE, values._VALUE) == (fx.Stage.PRINTED_VALUE, fx.Stage.VALUE)
    assert values._GROUPS == (Q.GENERIC, Q.ALL, Q.EACH) and values._SOME == (Q.OF, Q.COUNT)
    assert (plays._PERMIT, plays._CARGO, plays._HAND) == (Stance.PERMIT, Zone.CARGO, Zone.HAND)
    for role in (None, *Role):
        for controller in (ME, YOU):
            if role is None or role is Role.BOTH:
                expected = frozenset({ME, YOU})
            elif role is Role.CONTROLLER:
                expected = frozenset({controller})
            else:
                expected = frozenset({other(controller)})
            assert players_of(role, controller) == expected
    for kind in {*KINDS.values(), "unknown"}:
        info = CardInfo(name="Some Card", kind=kind)
        for card_type in CardType:
            match card_type:
                case CardType.CHARACTER:
                    expected_type = kind in CHARACTER_KINDS
                case CardType.INFLUENCE:
                    expected_type = kind in ("hyla", "ship")
                case CardType.BLUFF:
                    expected_type = False
                case _:
                    expected_type = kind == card_type.value
            assert info.is_a(card_type) is expected_type, (kind, card_type)


def _containers(obj: object) -> dict[str, object]:
    """The list, dict and set fields of a state, player or card, by name (not its own caches)."""
    return {
        name: value
        for name, value in vars(obj).items()
        if type(value) in (list, dict, set) and name not in OWN
    }


def test_a_fork_copies_every_container_empty_or_not_as_its_forker_did() -> None:
    """After each case's facts, every list, dict and set of the fork's state is its own.

    Empty ones included (copied at once, without their forkers): each holds what the
    original holds (its cards the fork's) and is not it, for the state, both players and
    every card.
    """
    compared = 0
    for situation in situations():
        timeline = replayed_last(situation)
        if timeline is None:
            continue
        fork = timeline.fork()
        pairs: list[tuple[object, object]] = [(timeline.state, fork.state)]
        pairs += [(timeline.state.players[w], fork.state.players[w]) for w in ("me", "you")]
        pairs += list(zip(timeline.state.cards, fork.state.cards, strict=True))
        for original, copy in pairs:
            mine, theirs = _containers(original), _containers(copy)
            assert mine.keys() == theirs.keys()
            for name, value in mine.items():
                copied = theirs[name]
                assert copied is not value and len(copied) == len(value), (situation.source, name)
                if isinstance(value, dict):
                    assert list(copied) == list(value)  # cards inside are the fork's own
                elif not any(isinstance(v, Instance | Player | Event) for v in value):
                    assert copied == value, (situation.source, name)
                compared += 1
    assert compared > 2_000


def replayed_last(situation: Any) -> Timeline | None:
    """The timeline after the facts that read (None: not even the first)."""
    timeline = Timeline(situation)
    read = False
    for fact in situation.facts:
        try:
            timeline.read([fact])
        except RulesqError:
            break
        read = True
    return timeline if read else None


def test_empty_containers_and_an_events_cards_are_copied_without_a_call_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An empty list, dict or set takes no forker call; a list shared stays shared.

    An event's cards, copied already with the state's, are looked up, not gone through again.
    """
    from rulesq.games.bluemoon.judge import state as state_module
    from rulesq.games.bluemoon.judge.state import fork_value

    situation = parse_situation(
        'game bluemoon\nI have active "Wild Gazelle"\nit is my turn\nI play "Wild Antelope"\n',
        "<generated>",
    )
    timeline = Timeline(situation)
    timeline.read(situation.facts)
    state = timeline.state
    shared: list[str] = []
    state.assumed = shared
    state.player("me").__dict__["also"] = shared  # the same (empty) list twice
    called: list[str] = []
    for kind in (list, dict, set):
        real = state_module._FORKERS[kind]

        def counted(value: Any, memo: Any, epoch: Any, real: Any = real) -> Any:
            called.append(f"{type(value).__name__}:{len(value)}")
            return real(value, memo, epoch)

        monkeypatch.setitem(state_module._FORKERS, kind, counted)
    gone_through: list[int] = []
    real_items = state_module._forked_items

    def items(values: Any, memo: Any, epoch: Any) -> Any:
        values = list(values)
        gone_through.append(sum(isinstance(v, Instance) for v in values))
        return real_items(values, memo, epoch)

    monkeypatch.setattr(state_module, "_forked_items", items)
    fork = fork_value(state, {})
    assert all(not entry.endswith(":0") for entry in called), called  # no empty one
    assert "list:2" in called  # the cards (and the events): non-empty, by their forker
    assert fork.assumed is fork.player("me").__dict__["also"] is not shared
    play = next(e for e in fork.events if e.kind == "play")
    assert play.cards[0] is fork.find("Wild Antelope")
    # the state's cards went through once, as its cards list; no event's cards again
    assert gone_through.count(2) == 1 and sum(gone_through) == 2 + 1  # + the play's data


def test_references_that_give_nothing_are_left_out_of_a_cards_info_key() -> None:
    """A card named once or three times, plainly, is the same info; one given icons is not.

    The infos are those made afresh (a reference giving no value nor icon gives nothing).
    """
    from rulesq.games.bluemoon.judge import cards

    base = 'game bluemoon\nI have active "Laughing Gas"\n'
    texts = [
        base,
        base + 'you have active "Tittertweet"\nit is my turn\nI discard "Laughing Gas"\n',
        'game bluemoon\nI have active "Laughing Gas" (fire 3)\n',
    ]
    infos = [
        cards.Catalog(parse_situation(text, "<generated>")).named("Laughing Gas") for text in texts
    ]
    assert infos[0] is infos[1] and infos[2] is not infos[0]
    assert infos[2] is not None and infos[2].printed == {"fire": 3}
    refs = [
        ref
        for text in texts[:2]
        for item in parse_situation(text, "<generated>").items
        for ref in item.cards
        if ref.name == "Laughing Gas"
    ]
    assert len(refs) > 2 and infos[1] == cards.card_info(refs[0].card, "Laughing Gas", refs)


def test_the_icons_tried_are_listed_once() -> None:
    """Asked for every question, the icons' names are the corpus's, the same tuple each time."""
    from rulesq.games.bluemoon.icons import icon_names, icon_rules

    first = icon_names()
    assert first == tuple(name for name, _ in icon_rules()) and "PROTECTED" in first
    assert icon_names() is first
