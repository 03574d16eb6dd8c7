"""The replay's kept shortcuts give what the long way gives, and their mechanisms hold.

Cards with an effect kind are kept and extended by the cards added; a fork shares what never
changes (immutable containers, an event's data holding no card); a played card's fields are
set at once; whether a card's text has an effect kind is asked of its effect classes. Each is
compared with the long way over every Blue Moon case file, and its mechanism is checked by the
work it counts or the objects it shares (never by time).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from readings import bluemoon_situations

from rulesq.errors import RulesqError
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.judge.cards import CardInfo, Catalog
from rulesq.games.bluemoon.judge.forces import Forces, Mark, effects_of, has_effect
from rulesq.games.bluemoon.judge.history import new_epoch
from rulesq.games.bluemoon.judge.state import Event, Instance, Player, State, Zone
from rulesq.games.bluemoon.judge.timeline import Timeline
from rulesq.games.bluemoon.judge.work import WORK
from rulesq.situation import parse_situation
from rulesq.situation.model import Situation

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "corpus" / "bluemoon" / "cases").rglob("*.rq")) + sorted(
    (ROOT / "tests" / "cases").rglob("*.rq")
)
#: Effect kinds the judging asks cards for, one class or several.
KINDS: list[type | tuple[type, ...]] = [
    fx.Ignore,
    fx.NextPlayedAsIf,
    fx.PlayAsIf,
    fx.ElementChange,
    (fx.ElementChange, fx.InterferenceTrigger),
]


def situations() -> list[Situation]:
    """Every Blue Moon case file that reads (the others are input errors, tested elsewhere)."""
    return bluemoon_situations(FILES)


def replayed(situation: Situation) -> list[Timeline]:
    """The timeline after each fact read in turn (as far as the facts read)."""
    timeline = Timeline(situation)
    after = []
    for fact in situation.facts:
        try:
            timeline.read([fact])
        except RulesqError:
            break
        after.append(timeline)
    return after


def long_way(state: State, kind: type | tuple[type, ...]) -> list[Instance]:
    """The cards with an effect of a kind, each card's effects read one by one."""
    return [c for c in state.cards if any(isinstance(s.effect, kind) for s in effects_of(c))]


def test_cards_with_an_effect_kind_kept_are_those_found_afresh() -> None:
    """After every fact of every case, the kept (extended) lists are the ones found afresh."""
    compared = 0
    for situation in situations():
        timeline = Timeline(situation)
        for fact in situation.facts:
            try:
                timeline.read([fact])
            except RulesqError:
                break
            state = timeline.state
            for kind in KINDS:
                assert Forces(state)._cards_with(kind) == long_way(state, kind), (
                    situation.source,
                    fact.text,
                    kind,
                )
                compared += 1
    assert compared > 5_000


def test_a_kind_kept_is_extended_by_the_cards_added_only() -> None:
    """Asked again after one card more, the kept list scans that card alone, in place."""
    state = State()
    gag = CardInfo(name="Gag", kind="support", text="Your special power texts are ignored.")
    plain = CardInfo(name="Plain", kind="character", text="")
    for uid in range(40):
        state.cards.append(Instance(uid, plain if uid % 2 else gag, "me", Zone.SUPPORT))
    first = Forces(state)._cards_with(fx.Ignore)
    assert len(first) == 20
    state.cards.append(Instance(99, gag, "you", Zone.SUPPORT))
    before = WORK.cards
    again = Forces(state)._cards_with(fx.Ignore)
    assert WORK.cards - before == 1  # the card added, not the 41
    assert again is first and len(again) == 21 and again[-1].uid == 99


def plain(value: Any, seen: dict[int, int]) -> Any:
    """A value with each card named by its uid (two readings compare field by field)."""
    if isinstance(value, Instance):
        return ("card", value.uid)
    if isinstance(value, Event):
        return ("event", value.seq)
    if isinstance(value, dict):
        return {k: plain(v, seen) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v, seen) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(map(repr, value))
    return value


def fields_of(obj: Instance | Event | Player) -> dict[str, Any]:
    skip = {"_saved", "_history", "_watcher", "_sources", "_acting", "_kinds"}
    return {k: plain(v, {}) for k, v in vars(obj).items() if k not in skip}


def reading(state: State) -> dict[str, Any]:
    """Everything a state holds, cards by uid."""
    return {
        "cards": [fields_of(c) for c in state.cards],
        "events": [fields_of(e) for e in state.events],
        "players": {who: fields_of(p) for who, p in state.players.items()},
        "scalars": {
            k: plain(v, {})
            for k, v in vars(state).items()
            if k not in ("cards", "events", "players", "snapshots", "_index")
        },
        "snapshots": sorted(state.snapshots),
    }


def test_a_fork_holds_what_the_reading_it_copies_holds() -> None:
    """The fork of every case's reading, after each fact, is that reading field by field.

    And it shares no card with it: every card, event and player of the fork is its own.
    """
    forks = 0
    for situation in situations():
        for timeline in replayed(situation)[-3:]:
            fork = timeline.fork()
            assert reading(fork.state) == reading(timeline.state), situation.source
            theirs = {id(c) for c in timeline.state.cards}
            assert not any(id(c) in theirs for c in fork.state.cards)
            for event in fork.state.events:
                assert all(id(c) not in theirs for c in event.cards)
                for value in event.data.values():
                    if isinstance(value, tuple):
                        assert all(id(c) not in theirs for c in value)
            forks += 1
    assert forks > 300


def test_a_fork_shares_what_never_changes_and_copies_what_holds_cards() -> None:
    """An event's data without cards, and a frozenset of icons, are the original's objects."""
    situation = parse_situation(
        'game bluemoon\nI have active "Wild Gazelle"\nit is my turn\nI play "Wild Antelope"\n',
        "<generated>",
    )
    timeline = Timeline(situation)
    timeline.read(situation.facts)
    play = next(e for e in timeline.state.events if e.kind == "play")
    assert play.data["covered"], "the play covers the card of an earlier turn"
    fork = timeline.fork()
    copied = next(e for e in fork.state.events if e.kind == "play")
    assert copied.data is not play.data  # it holds a card: copied, the fork's card inside
    assert copied.data["covered"][0] is fork.state.find("Wild Gazelle")
    assert copied.data["as_if"] is play.data["as_if"]  # a frozenset of names: shared
    turn = next(e for e in timeline.state.events if e.kind == "turn")
    assert next(e for e in fork.state.events if e.kind == "turn").data is turn.data


def test_fields_set_at_once_are_remembered_and_watched_as_set_in_turn() -> None:
    """``Instance.change`` saves the old fields once and moves the card in its index."""
    info = CardInfo(name="Some Card", kind="character")
    state = State()
    made = [Instance(uid, info, "me", Zone.HAND, seq=uid) for uid in (1, 2)]
    state.cards.extend(made)
    assert state.find("Some Card", "me", frozenset({Zone.HAND})) is made[1]
    epoch = new_epoch()
    made[0].change(zone=Zone.COMBAT, active=True, seq=5)
    made[1].zone = Zone.COMBAT
    made[1].active = True
    made[1].seq = 5
    for card in made:
        assert card.fields_at(epoch)["zone"] is Zone.HAND
        assert len(card.__dict__["_history"]) == 1
    assert fields_of(made[0]) == {**fields_of(made[1]), "uid": 1}
    assert state.find("Some Card", "me", frozenset({Zone.HAND})) is None
    found = state.index().placed("some card", ("me",), (Zone.COMBAT,))
    assert found == made


def test_an_effect_kind_asked_of_the_classes_is_the_one_asked_of_the_effects() -> None:
    """For every card of the cases, ``has_effect`` is ``isinstance`` over its effects."""
    asked = 0
    for situation in situations():
        timeline = replayed(situation)
        if not timeline:
            continue
        for card in timeline[-1].state.cards:
            classes = {type(s.effect) for s in effects_of(card)}
            for kind in [*KINDS, *classes]:
                expected = any(isinstance(s.effect, kind) for s in effects_of(card))
                assert has_effect(card, kind) == expected, (card.name, kind)
                asked += 1
    assert asked > 1_000


def test_the_applying_ignores_are_listed_once_the_fixed_point_is_found() -> None:
    situation = parse_situation(
        "game bluemoon\n"
        'card "Gag" support: "Your special power texts are ignored."\n'
        'card "Talker" character (fire 1): "You may not play support cards."\n'
        'I have active "Gag"\n'
        'you have active "Talker"\n'
        "it is my turn\n",
        "<generated>",
    )
    timeline = Timeline(situation)
    timeline.read(situation.facts)
    forces = Forces(timeline.state)
    listed = forces._applying()
    assert listed and forces._applying() is listed
    assert list(listed) == [s for s, m in forces.marks.items() if m is Mark.APPLIES]
    assert forces.applying() == list(listed) and forces.applying() is not forces.applying()


def test_a_catalog_made_again_holds_the_infos_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """For every case, the infos (kept ones, icons and shields stated) are those made anew."""
    from rulesq.games.bluemoon.judge import cards

    compared = 0
    for situation in situations():
        kept = Catalog(situation)
        with monkeypatch.context() as fresh:
            fresh.setattr(cards, "_INFOS", {})
            fresh.setattr(cards, "_REPLACED", {})
            fresh.setattr(cards, "_PARSED", {})
            afresh = Catalog(situation)
        assert kept._infos == afresh._infos, situation.source
        for key, info in kept._infos.items():
            assert info.parsed == afresh._infos[key].parsed, (situation.source, key)
            compared += 1
    assert compared > 1_000


def test_a_card_given_icons_again_is_the_same_info_its_text_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two situations giving a card the same icon share one info; its text is read once."""
    import rulesq.games.bluemoon.parser as card_texts
    from rulesq.games.bluemoon.judge import cards

    read: list[str] = []
    real = card_texts.parse_card_text

    def counted(text: str) -> Any:
        read.append(text)
        return real(text)

    monkeypatch.setattr(card_texts, "parse_card_text", counted)
    monkeypatch.setattr(cards, "_PARSED", {})
    text = 'game bluemoon\n"Laughing Gas" has icon {icon}\nI have active "Laughing Gas"\n'
    infos = [
        Catalog(parse_situation(text.format(icon=icon), "<generated>")).named("Laughing Gas")
        for icon in ("FREE", "FREE", "STOP")
    ]
    assert infos[0] is infos[1] and infos[2] is not infos[0]
    assert all(info is not None and info.parsed is not None for info in infos)
    assert infos[0] is not None and infos[0].text and read.count(infos[0].text) == 1


def _mutables(obj: Any) -> list[int]:
    """The ids of the containers and cards an object's fields hold (a fork copies each)."""
    return [id(v) for v in vars(obj).values() if isinstance(v, list | dict | set | Instance)]


def test_a_state_and_its_players_forked_field_by_plan_are_forked_as_the_long_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After every fact of every case, a fork through the fields that may hold a mutable value
    (``state._fork_planned``) is the long way's fork (``state._fork_fields``) field by field,
    and copies every container the long way copies; the plan is what forks them."""
    from rulesq.games.bluemoon.judge import state as state_module

    planned = [0]
    real = state_module._fork_planned

    def counted(*args: Any) -> Any:
        planned[0] += 1
        return real(*args)

    monkeypatch.setattr(state_module, "_fork_planned", counted)
    compared = 0
    for situation in situations():
        for timeline in replayed(situation)[-2:]:
            state = timeline.state
            quick = state_module.fork_value(state, {})
            with monkeypatch.context() as long:
                long.setitem(state_module._FORKERS, State, state_module._fork_fields)
                long.setitem(state_module._FORKERS, Player, state_module._fork_fields)
                slow = state_module.fork_value(state, {})
            assert reading(quick) == reading(slow), situation.source
            assert quick._index is None and slow._index is None
            for mine, theirs in [
                (quick, state),
                *zip(quick.players.values(), state.players.values(), strict=True),
            ]:
                assert not set(_mutables(mine)) & set(_mutables(theirs)), situation.source
            compared += 1
    assert compared > 300 and planned[0] >= 3 * compared  # the state and its two players


def test_a_player_with_a_field_its_class_does_not_declare_is_forked_the_long_way() -> None:
    """An undeclared field might hold anything: its player is forked field by field."""
    from rulesq.games.bluemoon.judge.state import fork_value

    state = State()
    extra: list[str] = ["a"]
    state.player("me").__dict__["also"] = extra
    fork = fork_value(state, {})
    assert fork.player("me").__dict__["also"] == ["a"]
    assert fork.player("me").__dict__["also"] is not extra  # copied, as the long way does


def test_the_fight_s_events_read_in_one_pass_are_those_two_passes_give() -> None:
    """``State.fight_events``: the events of a kind and player after the fight's last start,
    and the work counted as the two looks over the events it stands for."""
    compared = 0
    for situation in situations():
        for timeline in replayed(situation)[-1:]:
            state = timeline.state
            kinds = [None, "fight_starts", *sorted({e.kind for e in state.events})]
            for kind in kinds:
                for who in (None, "me", "you"):
                    events = list(state.events_of(kind, who))
                    starts = [e.seq for e in state.events_of("fight_starts")]
                    long = [e for e in events if not starts or e.seq > starts[-1]]
                    before = WORK.events
                    assert state.fight_events(kind, who) == long, (situation.source, kind)
                    assert WORK.events - before == 2 * len(state.events)
                    compared += 1
    assert compared > 3_000


def test_readings_find_a_question_s_facts_only_when_an_earlier_one_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The readings a situation's questions share find the facts a later question sees when
    an earlier question asks whether to keep its reading for it (``Readings.wanted``): the
    last question is asked about by none. Every case answers as it did with them all found
    at once."""
    from rulesq.engine.check import check_situation
    from rulesq.games.bluemoon.judge import shared

    found: list[int] = []
    real = Situation.facts_before

    def counted(self: Situation, question: Any) -> Any:
        found.append(question.index)
        return real(self, question)

    def eager(self: Any, situation: Situation, asked_from: Any = None) -> None:
        real_init(self, situation, asked_from)
        self.seen = [(q, situation.facts_before(q)) for q in situation.questions]

    real_init = shared.Readings.__init__
    situation = parse_situation(
        'game bluemoon\nI have active "Blaze"\nask is "Blaze" ignored?\n', "<generated>"
    )
    monkeypatch.setattr(Situation, "facts_before", counted)
    check_situation(situation)
    lazily = len(found)
    with monkeypatch.context() as at_once:
        at_once.setattr(shared.Readings, "__init__", eager)
        found.clear()
        check_situation(situation)
    assert len(found) == lazily + 1  # the one question's facts were not found for the readings
    monkeypatch.setattr(Situation, "facts_before", real)
    lazy = [check_situation(s) for s in situations()]
    monkeypatch.setattr(shared.Readings, "__init__", eager)
    for first, checked in zip(lazy, (check_situation(s) for s in situations()), strict=True):
        assert checked.result == first.result
        for one, other in zip(first.questions, checked.questions, strict=True):
            assert (one.answer.verdict, one.answer.reason) == (
                other.answer.verdict,
                other.answer.reason,
            )
