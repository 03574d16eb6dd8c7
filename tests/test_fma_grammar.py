"""The FMA card-text grammar: coverage of the corpus, round trips, typed effects, honesty."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesq.corpus.load import load_corpus
from rulesq.effects.base import Unparsed
from rulesq.games import get_game
from rulesq.games.fma import effects as fx
from rulesq.games.fma.parse import parse_card_text, parser
from rulesq.games.fma.vocab import Attribute, Duration, Timing
from rulesq.paths import grammar_dir


def card_texts() -> list[tuple[str, str]]:
    """(card name, text in force) for every FMA card whose complete text is known."""
    return [(c.name, c.text) for c in load_corpus("fma").cards.values() if c.text]


def part_texts() -> list[tuple[str, str]]:
    """(card name, text) for the complete parts of otherwise unknown texts."""
    return [
        (c.name, p["text"])
        for c in load_corpus("fma").cards.values()
        for p in c.fields.get("text_parts") or ()
    ]


def test_coverage_every_card_text_is_fully_parsed() -> None:
    """fma: parsed X of Y card texts, with X = Y (every text in force of the corpus)."""
    game = get_game("fma")
    texts = card_texts()
    parsed = [name for name, text in texts if game.parse_card_text(text).fully_parsed]
    x, y = len(parsed), len(texts)
    print(f"fma: parsed {x} of {y} card texts")
    assert y == 19
    assert x == y, sorted({n for n, _ in texts} - set(parsed))


def test_every_text_part_is_fully_parsed() -> None:
    """The abilities and sentences the errata give for otherwise unknown texts parse too."""
    parts = part_texts()
    assert len(parts) == 7
    assert [n for n, t in parts if not parse_card_text(t).fully_parsed] == []


@pytest.mark.parametrize(
    ("name", "text"), card_texts() + part_texts(), ids=[n for n, _ in card_texts() + part_texts()]
)
def test_render_then_parse_gives_the_same_effects(name: str, text: str) -> None:
    """Each effect renders to one canonical sentence that parses back to the same effect."""
    first = parse_card_text(text)
    rendered = first.render()
    second = parse_card_text(rendered)
    assert second.fully_parsed, [u.reason for u in second.unparsed]
    assert second.effects == first.effects
    assert parse_card_text(second.render()).render() == rendered


def effects_of(name: str) -> tuple[fx.Effect, ...]:
    card = load_corpus("fma").card(name)
    text = card.text or card.fields["text_parts"][0]["text"]
    return parse_card_text(text).effects


def test_ability_headers() -> None:
    """Timing, attribute, cost (number, X or none) and extra costs are read from headers."""
    (ability,) = effects_of("Edward Elric, Researcher")
    assert isinstance(ability, fx.Ability)
    assert (ability.timing, ability.attribute, ability.cost) == (
        Timing.REACT,
        Attribute.ALCHEMY,
        "X",
    )
    (cancel,) = ability.body
    assert isinstance(cancel, fx.Cancel) and cancel.what.kind == "event"
    assert fx.CostBelow("X") in cancel.what.postmods
    (hero,) = effects_of("The Confident Hero")
    assert isinstance(hero, fx.Ability) and hero.cost is None
    assert hero.extra_cost == fx.ExtraCost("set", fx.This("character"))
    assert hero.header() == "Search Wits Set this character:"


def test_double_bonus_trigger() -> None:
    """The doubling react is a trigger on receiving a bonus from an event or ability."""
    (ability,) = effects_of("Momentum")
    assert isinstance(ability, fx.Ability) and ability.cost == 5
    (trigger,) = ability.body
    assert isinstance(trigger, fx.Trigger) and trigger.when == "after"
    assert isinstance(trigger.event, fx.ReceivesBonus)
    assert trigger.event.sources == ("event", "ability")
    assert trigger.effects == (fx.DoubleBonus(fx.That("bonus"), span=trigger.span),)


def test_passive_modifiers_and_restrictions() -> None:
    """Passive bonuses, suppressed attachments and play restrictions are typed."""
    (bonus,) = effects_of("Resembool Graveyard")
    assert isinstance(bonus, fx.AttributeBonus)
    assert (bonus.amount, bonus.attribute, bonus.duration) == (1, None, None)
    assert isinstance(bonus.who, fx.Selector) and bonus.who.faction == "Elric"
    (grants,) = effects_of("Riverside")
    assert isinstance(grants, fx.NoGrants)
    assert grants.grants == ("abilities", "attribute bonuses", "attribute penalties")
    restriction, ability = effects_of("Persuasion")
    assert isinstance(restriction, fx.PlayRestriction)
    assert (restriction.by.faction, restriction.by.kind) == ("Homunculus", "ally")
    assert isinstance(ability, fx.Ability) and len(ability.body) == 2
    control, prohibition = ability.body
    assert isinstance(control, fx.GainControl) and control.duration is Duration.TURN
    assert isinstance(prohibition, fx.Prohibition)
    assert [a.action for a in prohibition.actions] == ["sacrifice", "attack"]
    (join,) = effects_of("Outcast, Ishbalan Exile")
    assert isinstance(join, fx.WillNotJoin) and join.card == fx.Named("Outcast")


def test_defeat_cancel_draw_move() -> None:
    """Defeat (instead of the usual defeat), draw and move effects carry their objects."""
    (ability,) = effects_of("Caught Off Guard")
    assert isinstance(ability, fx.Ability)
    (trigger,) = ability.body
    assert isinstance(trigger, fx.Trigger) and trigger.instead_of_defeating is not None
    (defeat,) = trigger.effects
    assert isinstance(defeat, fx.Defeat) and isinstance(defeat.what, fx.Selector)
    assert defeat.what.postmods == (
        fx.AttributeBelow(
            Attribute.STRENGTH,
            fx.Selector("character", quantity=fx.Quantity("a"), qualities=("losing",)),
        ),
    )
    (more,) = effects_of("More")
    assert isinstance(more, fx.Ability)
    assert isinstance(more.body[0], fx.Draw) and more.body[0].count == 2
    (move,) = effects_of("Mobilization")
    assert isinstance(move, fx.Ability)
    assert isinstance(move.body[0], fx.Move) and move.body[0].to == "search party"
    shuffle, draw = effects_of("Burning the Past")[1].body[:2]  # type: ignore[attr-defined]
    assert isinstance(draw, fx.Draw) and draw.count == 4 and draw.who == shuffle.who


def test_named_references_are_kept_for_the_engine() -> None:
    """A name in the text is a Named reference: the engine decides whether it is the card."""
    (ability,) = effects_of("Gluttony, Big Fists")
    assert isinstance(ability, fx.Ability)
    grant = ability.body[-1]
    assert isinstance(grant, fx.GrantPlay) and grant.who == fx.Named("Envy")
    (ability,) = effects_of("Burning the Past")[1:]
    assert isinstance(ability, fx.Ability)
    assert ability.body[-1] == fx.RemoveFromGame(
        fx.Named("Burning the Past"), span=ability.body[-1].span
    )


def test_unknown_sentence_is_unparsed_with_its_span_and_reason() -> None:
    """A sentence the grammar cannot read is kept, in place, never dropped or guessed."""
    text = "Main Wits 5: Draw 2 cards. Swap the moon with a dragon. Reveal your hand."
    parsed = parse_card_text(text)
    assert not parsed.fully_parsed
    (ability,) = parsed.effects
    assert isinstance(ability, fx.Ability)
    draw, unparsed, reveal = ability.body
    assert isinstance(unparsed, Unparsed) and unparsed.text == "Swap the moon with a dragon."
    assert unparsed.span.of(text) == unparsed.text and unparsed.span.column == 28
    assert "does not read this sentence" in unparsed.reason
    assert parsed.unparsed == (unparsed,)
    assert isinstance(draw, fx.Draw) and isinstance(reveal, fx.RevealHand)


def test_spans_point_into_the_text() -> None:
    """Every effect's span slices its own words out of the card text."""
    text = "May only be played by a Homunculus ally. Main Wits 5: Draw 2 cards."
    restriction, ability = parse_card_text(text).effects
    assert restriction.span.of(text) == "May only be played by a Homunculus ally"
    assert ability.span.of(text) == "Main Wits 5: Draw 2 cards."
    assert isinstance(ability, fx.Ability)
    assert ability.body[0].span.of(text) == "Draw 2 cards"


def test_name_never_swallows_a_keyword() -> None:
    """NAME's negative lookahead lists every keyword of the grammar (capitalised or not)."""
    lark = parser()
    name = re.compile(lark.get_terminal("NAME").pattern.to_regexp())
    keywords = {
        t.pattern.value
        for t in lark.terminals
        if t.pattern.type == "str" and t.pattern.value.isalpha()
    }
    assert len(keywords) > 100
    swallowed = sorted(k for k in keywords if name.fullmatch(k.capitalize()))
    assert swallowed == []
    assert name.fullmatch("Lessons from the Past") and name.fullmatch("Edward Elric")


def test_terminals_have_readable_names() -> None:
    """No terminal is anonymous, so parse errors never say __ANON."""
    assert [t.name for t in parser().terminals if t.name.startswith("__")] == []


def test_grammar_is_lalr_without_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    """The grammar builds as LALR with no shift/reduce conflict resolved behind our back."""
    from lark import Lark

    caplog.set_level(logging.DEBUG, logger="lark")
    Lark.open(str(grammar_dir() / "fma.lark"), parser="lalr", debug=True)
    assert [r.message for r in caplog.records if "conflict" in r.message.lower()] == []


def test_grammar_uses_the_shared_terminals() -> None:
    """The grammar imports numbers and whitespace from common.lark."""
    text = Path(grammar_dir() / "fma.lark").read_text("utf-8")
    assert "%import .common (" in text


selectors = st.builds(
    fx.Selector,
    kind=st.sampled_from(["character", "ally", "leader"]),
    plural=st.booleans(),
    quantity=st.sampled_from([None, fx.Quantity("each"), fx.Quantity("all")]),
    owner=st.sampled_from([None, fx.Possessive("your")]),
    qualities=st.sampled_from([(), ("ready",), ("other",)]),
)
durations = st.sampled_from([None, *Duration.__members__.values()]).filter(
    lambda d: d is not Duration.CONSTANT
)


@given(
    st.integers(min_value=-9, max_value=9),
    st.sampled_from([None, *Attribute]),
    durations,
    selectors,
)
def test_attribute_bonus_round_trips(
    amount: int, attribute: Attribute | None, duration: Duration | None, who: fx.Selector
) -> None:
    """Any attribute bonus on any selector renders to a sentence that parses back to it."""
    from rulesq.spans import Span

    effect = fx.AttributeBonus(amount, attribute, duration, who, span=Span(0, 0))
    parsed = parse_card_text(effect.render())
    assert parsed.fully_parsed, (effect.render(), parsed.unparsed)
    assert parsed.effects == (effect,)


def test_corpus_json_texts_are_what_the_tests_parse() -> None:
    """The texts parsed here are the corpus's (no private copy that could drift)."""
    path = Path(__file__).resolve().parents[1] / "corpus" / "fma" / "cards.jsonl"
    if not path.exists():
        pytest.skip("no checkout")
    rows = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    assert sorted(r["text"] for r in rows if r.get("text")) == sorted(t for _, t in card_texts())


def test_targeted_bonus_and_set_value_effects() -> None:
    """Temporary bonuses on a target and set values are typed for the attribute engine."""
    text = (
        "Battle Strength 3: Target character gets +2 strength until the end of the battle. "
        "Change the strength of target character to 0 until the end of the search phase."
    )
    (ability,) = parse_card_text(text).effects
    assert isinstance(ability, fx.Ability)
    bonus, set_value = ability.body
    assert isinstance(bonus, fx.AttributeBonus)
    assert (bonus.amount, bonus.attribute, bonus.duration) == (
        2,
        Attribute.STRENGTH,
        Duration.BATTLE,
    )
    assert isinstance(bonus.who, fx.Selector) and bonus.who.target
    assert isinstance(set_value, fx.AttributeSet)
    assert (set_value.value, set_value.duration) == (0, Duration.SEARCH_PHASE)
    assert parse_card_text(ability.render()).effects == (ability,)


@given(
    st.sampled_from(list(Attribute)),
    st.integers(min_value=0, max_value=12),
    durations,
    selectors.map(lambda s: replace(s, target=True)),
)
def test_attribute_set_round_trips(
    attribute: Attribute, value: int, duration: Duration | None, of: fx.Selector
) -> None:
    """Any set-value effect renders to a sentence that parses back to it."""
    from rulesq.spans import Span

    effect = fx.AttributeSet(of, attribute, value, duration, span=Span(0, 0))
    parsed = parse_card_text(effect.render())
    assert parsed.effects == (effect,), effect.render()


@pytest.mark.parametrize(
    ("text", "kind", "faction", "target"),
    [
        ("Main Wits 3: Target a defeated character.", "character", None, False),
        ("Main Wits 3: Target defeated ally.", "ally", None, False),
        ("Recover target defeated Military ally.", "ally", "Military", True),
    ],
)
def test_defeated_is_a_quality_of_a_selector(
    text: str, kind: str, faction: str | None, target: bool
) -> None:
    """Text "defeated" describes the characters a text names; the rest of the noun is kept."""
    parsed = parse_card_text(text)
    assert parsed.fully_parsed
    (effect,) = [e for e in fx.walk(parsed.effects) if isinstance(e, fx.Target | fx.Recover)]
    what = effect.what
    assert isinstance(what, fx.Selector)
    assert (what.kind, what.faction, what.target, what.qualities) == (
        kind,
        faction,
        target,
        ("defeated",),
    )
    assert parse_card_text(effect.render()).effects == (effect,)


def test_a_defeated_character_is_still_the_subject_of_is_defeated() -> None:
    """The quality does not take the word from "… is defeated" or "… are defeated"."""
    (trigger,) = parse_card_text("After this character is defeated, draw 1 card.").effects
    assert isinstance(trigger, fx.Trigger) and isinstance(trigger.event, fx.IsDefeated)
    (moved,) = parse_card_text(
        "Characters moved home during the search phase are defeated."
    ).effects
    assert isinstance(moved, fx.DefeatedWhenMoved)


@pytest.mark.parametrize(
    ("text", "may", "plural"),
    [
        ("You may play cards without paying their cost.", True, True),
        ("You may play an event without paying its cost.", True, False),
        ("You may play attachments without cost.", True, True),
        ("Main Wits 2: Play an event from your hand without paying its cost.", False, False),
    ],
)
def test_playing_without_paying_the_cost(text: str, may: bool, plural: bool) -> None:
    """A play without its cost: a standing permission ("You may …") or an instruction."""
    parsed = parse_card_text(text)
    assert parsed.fully_parsed
    (play,) = [e for e in fx.walk(parsed.effects) if isinstance(e, fx.Play)]
    assert play.free and play.may is may and play.what.plural is plural
    assert (play.who == fx.Pronoun("you")) is may
    again = [e for e in fx.walk(parse_card_text(play.render()).effects) if isinstance(e, fx.Play)]
    assert again == [play]


def test_a_play_with_its_cost_is_not_free() -> None:
    """Without the words, a play is an ordinary one (and "may play" needs a subject)."""
    parsed = parse_card_text(
        "Battle Alchemy 8: Play an event from your experience as though it were in your hand."
    )
    (play,) = [e for e in fx.walk(parsed.effects) if isinstance(e, fx.Play)]
    assert not play.free and not play.may
    assert not parse_card_text("May play cards without paying their cost.").fully_parsed


def test_send_to_discard_pile_is_its_own_act() -> None:
    """Text "Send … to the discard pile" is read as its own act (not a defeat) and renders back."""
    (ability,) = parse_card_text(
        "Main Strength 4: Send target character to the discard pile."
    ).effects
    assert isinstance(ability, fx.Ability)
    (send,) = ability.body
    assert isinstance(send, fx.SendToDiscard) and not isinstance(send, fx.Defeat)
    assert send.render() == "Send target character to the discard pile."


def test_an_unread_sentence_says_where_and_what_in_words() -> None:
    """The grammar's stop: its place (the caret goes under it, not at the sentence's start) and
    what it expected as words to type (``"adds"``), not terminal names (``ADDS``)."""
    from rulesq.effects.base import Unparsed
    from rulesq.games.fma.parse import parse_card_text

    parsed = parse_card_text("Zap: blah the thing.")
    (bad,) = [e for e in parsed.effects if isinstance(e, Unparsed)]
    assert bad.offset == 3 and bad.reason.endswith('(at ":")')
    assert '"adds"' in bad.expected and "ADDS" not in bad.expected
    assert all(w.islower() or w.startswith('"') for w in bad.expected), bad.expected
