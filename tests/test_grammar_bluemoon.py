"""The Blue Moon card-text grammar over the whole corpus, and how it behaves on bad text."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulesq.corpus import load_corpus
from rulesq.effects import Effect, ParsedText, Unparsed
from rulesq.effects.grammar import load_grammar, split_sentences
from rulesq.games import get_game
from rulesq.games.bluemoon import effects as fx
from rulesq.games.bluemoon.effects import classify
from rulesq.games.bluemoon.kinds import Group, Kind
from rulesq.games.bluemoon.parser import INTERNAL, WORDS


@cache
def corpus_texts() -> tuple[tuple[str, str], ...]:
    cards = load_corpus("bluemoon").cards.values()
    return tuple((c.name, c.text) for c in cards if c.text and c.text.strip())


def parse(text: str) -> ParsedText:
    return get_game("bluemoon").parse_card_text(text)


def all_effects() -> list[tuple[str, str, Effect]]:
    return [(name, text, e) for name, text in corpus_texts() for e in parse(text).effects]


def test_every_corpus_text_parses() -> None:
    """All 140 special power texts of the corpus are read with nothing left over."""
    texts = corpus_texts()
    assert len(texts) == 140
    missed = {
        name: [u.text for u in parse(text).unparsed]
        for name, text in texts
        if not parse(text).fully_parsed
    }
    assert missed == {}


def test_rendering_then_parsing_gives_the_same_effect() -> None:
    """Every effect of every corpus text renders to a sentence that parses back to it."""
    failures = []
    for name, _, effect in all_effects():
        again = parse(effect.render()).effects
        if again != (effect,):
            failures.append((name, effect.render()))
    assert failures == []


def test_whole_texts_round_trip() -> None:
    """A card's effects rendered in order parse back to the same effects."""
    for _, text in corpus_texts():
        effects = parse(text).effects
        assert parse(" ".join(e.render() for e in effects)).effects == effects


def test_spans_point_at_the_words() -> None:
    """Each effect's span is the sentence(s) it came from, inside the card text."""
    for _, text, effect in all_effects():
        assert effect.span is not None
        words = effect.span.of(text)
        assert words and text.find(words) == effect.span.start
        assert words[0].isupper() or words[0] in '("'


def test_part_spans_sit_inside_their_effect() -> None:
    """Parts (acts, selectors, times) carry spans inside their effect's span."""
    for _, _, effect in all_effects():
        for part in _parts(effect):
            span = getattr(part, "span", None)
            if span is not None and effect.span is not None:
                assert effect.span.start <= span.start <= span.end <= effect.span.end


def _parts(node: object) -> list[object]:
    out: list[object] = []
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            values = value if isinstance(value, tuple) else (value,)
            for v in values:
                if dataclasses.is_dataclass(v) and not isinstance(v, type):
                    out += [v, *_parts(v)]
    return out


def test_nodes_are_frozen() -> None:
    """Effects and their parts are immutable."""
    _, _, effect = all_effects()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        effect.span = None  # type: ignore[misc]
    for part in _parts(effect):
        assert type(part).__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_one_bad_sentence_does_not_sink_the_card() -> None:
    """An unreadable sentence becomes Unparsed with its span; the others still parse."""
    text = (
        "You may not play support cards. Now I frobnicate the moon. My total power increases to 6."
    )
    parsed = parse(text)
    kinds = [type(e) for e in parsed.effects]
    assert kinds == [fx.Prohibition, Unparsed, fx.ValueChange]
    (bad,) = parsed.unparsed
    assert bad.span is not None and bad.span.of(text) == "Now I frobnicate the moon."
    assert bad.offset == text.index("frobnicate")
    assert not parsed.fully_parsed


def test_a_sentence_that_parses_but_makes_no_sense_is_unparsed() -> None:
    """The reader's checks give an Unparsed with a reason, never a guess."""
    parsed = parse("We both may not play support cards.")
    (bad,) = parsed.unparsed
    assert "may not" in bad.reason


def test_grammar_options() -> None:
    """LALR with the contextual lexer, positions propagated, tables cached by rulesq.

    Never by Lark's own cache, which unpickles a file in the shared temporary folder.
    """
    lark = load_grammar("bluemoon")
    assert lark.options.parser == "lalr" and lark.options.lexer == "contextual"
    assert lark.options.propagate_positions is True and lark.options.cache is False


def test_every_terminal_has_a_readable_name() -> None:
    """No anonymous terminals, so error messages never say __ANON."""
    names = [t.name for t in load_grammar("bluemoon").terminals]
    assert names and [n for n in names if n.startswith("__")] == []


BROKEN = [
    "You may not play suport cards.",
    "Now I may discard all of your active cards except.",
    "The values of my booster cards tripple.",
    "On my turn, I may play one additional.",
    "If I retreat, you attract one extra dragon.",
    "Your icons are ignored, except",
    "(This card has no effect if opposed by.)",
    "I may play this card when you sneeze: Your card is cancelled and discarded.",
    "At the end of my turn, I may draw one card from.",
    "Now I may draw 3 cards from your hand and discard them ,",
]


@pytest.mark.parametrize("text", BROKEN)
def test_errors_say_what_was_expected_in_words(text: str) -> None:
    """Each broken text gives an Unparsed at a column, with words expected, never __ANON."""
    (bad,) = parse(text).unparsed
    assert bad.offset is not None and 0 <= bad.offset <= len(text)
    assert bad.expected and all("__" not in w for w in bad.expected)
    assert "__" not in bad.reason


def test_expected_words_are_words() -> None:
    """Punctuation and name terminals are described, keywords quoted."""
    (bad,) = parse("You may not play suport cards.").unparsed
    assert "a card type" in bad.expected and '"your"' not in bad.expected
    assert '"my", "your" or "our"' in bad.expected
    assert 'did you mean "support"' in bad.reason
    # in double quotes, as a situation's errors show a word to type
    assert WORDS["COMMA_EXCEPT"] == '", except"'
    assert not [w for w in bad.expected if w.startswith("'")], bad.expected


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mangled_texts_never_crash(data: st.DataObject) -> None:
    """Any corpus text with words dropped or swapped parses or is Unparsed, never raises."""
    _, text = data.draw(st.sampled_from(corpus_texts()))
    words = text.split()
    i = data.draw(st.integers(0, len(words) - 1))
    j = data.draw(st.integers(0, len(words) - 1))
    words[i], words[j] = words[j], words[i]
    if data.draw(st.booleans()):
        del words[i]
    mangled = " ".join(words)
    parsed = parse(mangled)
    for effect in parsed.effects:
        assert isinstance(effect, Effect)
    for bad in parsed.unparsed:
        assert bad.span is not None and "__" not in bad.reason


@cache
def corpus_sentences() -> tuple[str, ...]:
    return tuple(t[s:e] for _, t in corpus_texts() for s, e in split_sentences(t))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_spliced_sentences_read_or_fail_cleanly_and_round_trip(data: st.DataObject) -> None:
    """The start of one corpus sentence joined to the end of another: whatever is read
    renders to a sentence that reads back the same; the reader never fails internally."""
    first = data.draw(st.sampled_from(corpus_sentences())).split()
    second = data.draw(st.sampled_from(corpus_sentences())).split()
    cut = data.draw(st.integers(1, len(first)))
    rest = data.draw(st.integers(0, len(second) - 1))
    parsed = parse(" ".join(first[:cut] + second[rest:]))
    for effect in parsed.effects:
        if isinstance(effect, Unparsed):
            assert not effect.reason.startswith(INTERNAL)
        else:
            assert parse(effect.render()).effects == (effect,)


def test_a_choice_whose_last_option_has_exceptions_round_trips() -> None:
    """A shared place is not moved after the last option's exceptions when rendering."""
    text = (
        "Now I may discard two leadership cards, two Hyla cards or all cards from your "
        "combat area, except active PROTECTED cards."
    )
    (effect,) = parse(text).effects
    assert not isinstance(effect, Unparsed)
    assert parse(effect.render()).effects == (effect,)


def test_sentence_splitting() -> None:
    """Sentences end at . ! ? outside brackets and quotes; bullets and spaces are dropped."""
    text = (
        "I attract one dragon (in total). - If I win the game, I receive it. "
        '(This card has no effect if opposed by "Ah. Yes!" or Ho.)'
    )
    pieces = [text[s:e] for s, e in split_sentences(text)]
    assert pieces == [
        "I attract one dragon (in total).",
        "If I win the game, I receive it.",
        '(This card has no effect if opposed by "Ah. Yes!" or Ho.)',
    ]


def test_then_continues_the_sentence_before() -> None:
    """“Then I reshuffle.” joins the clauses of the action before it, with both words spanned."""
    text = "Now I search through my draw deck and may select one card. Then I reshuffle."
    (effect,) = parse(text).effects
    assert isinstance(effect, fx.ActionEffect) and len(effect.dos) == 3
    assert effect.span is not None and effect.span.of(text) == text


def test_then_after_a_non_action_is_unparsed() -> None:
    """A continuation with nothing to continue is not guessed."""
    parsed = parse("Your icons are ignored. Then I reshuffle.")
    (bad,) = parsed.unparsed
    assert "continues" in bad.reason


def test_the_effect_after_a_colon_has_its_own_span() -> None:
    """An interference effect spans the words after the colon."""
    text = "I may play this card when you play a support card: Your turn ends immediately."
    (trigger,) = parse(text).effects
    assert isinstance(trigger, fx.InterferenceTrigger) and trigger.span is not None
    assert trigger.span.of(text) == text
    (effect,) = trigger.effects
    assert effect.span is not None and effect.span.of(text) == "Your turn ends immediately."


def test_opposed_without_brackets() -> None:
    """The opposed clause reads the same with or without its brackets."""
    plain = parse("This card has no effect if opposed by Storm Crow.").effects
    assert plain == parse("(This card has no effect if opposed by Storm Crow.)").effects
    assert isinstance(plain[0], fx.NoEffectIfOpposed)


def test_interference_takes_the_sentences_after_it() -> None:
    """A trigger without a colon takes the next sentence as its effect."""
    text = "I may play this card when you play an interference card. Your turn ends immediately."
    (trigger,) = parse(text).effects
    assert isinstance(trigger, fx.InterferenceTrigger)
    assert [type(e) for e in trigger.effects] == [fx.EndTurn]


@pytest.mark.parametrize(
    "text, ladder, group",
    [
        ("I must discard one card from my hand to play this card.", Kind.I_MUST, Group.ONCE),
        ("I must discard one card at the end of my turn.", Kind.I_MUST, Group.PER_TURN_OR_EVENT),
        ("Your support cards are ignored.", Kind.IGNORE, Group.CONTINUOUS),
        ("You may not play support cards.", Kind.YOU_MAY_NOT, Group.CONTINUOUS),
        ("Now you may not take further cards into your hand.", Kind.YOU_MAY_NOT, Group.ONCE),
        (
            "I may not play further support cards during this fight.",
            Kind.CARD_TEXT,
            Group.CONTINUOUS,
        ),
        (
            "On my turn, I may play one additional support card.",
            Kind.CARD_TEXT,
            Group.PER_TURN_OR_EVENT,
        ),
        ("On this turn, I may play any number of support cards.", Kind.CARD_TEXT, Group.CONTINUOUS),
        (
            "On your turn, you must play a support card, or retreat.",
            Kind.CARD_TEXT,
            Group.PER_TURN_OR_EVENT,
        ),
        ("On your turn, you may not play more than one card.", Kind.YOU_MAY_NOT, Group.CONTINUOUS),
        (
            "If you retreat, I attract one additional dragon.",
            Kind.CARD_TEXT,
            Group.PER_TURN_OR_EVENT,
        ),
        ("The contested element of the fight changes to Fire.", Kind.CARD_TEXT, Group.ONCE),
        ("My active cards attack again.", Kind.CARD_TEXT, Group.ONCE),
        (
            "During my Leadership phase, I may draw one card.",
            Kind.CARD_TEXT,
            Group.PER_TURN_OR_EVENT,
        ),
        ("The values of my booster cards double.", Kind.CARD_TEXT, Group.CONTINUOUS),
    ],
)
def test_ladder_class_and_group(text: str, ladder: Kind, group: Group) -> None:
    """Each shape sits on its ladder step and in its persistence group."""
    (effect,) = parse(text).effects
    assert isinstance(effect, fx.BlueMoonEffect)
    assert classify(effect) == (ladder, group) == (effect.rule_kind, effect.group)


def test_corpus_ladder_counts() -> None:
    """The corpus has 2 I-must texts, 8 ignores and 18 you-may-nots (as the seed reading)."""
    counts: dict[Kind, int] = {}
    for _, _, effect in all_effects():
        if isinstance(effect, fx.BlueMoonEffect):
            counts[effect.rule_kind] = counts.get(effect.rule_kind, 0) + 1
    assert counts[Kind.I_MUST] == 2
    assert counts[Kind.IGNORE] == 8
    assert counts[Kind.YOU_MAY_NOT] == 18


def test_a_choice_after_a_total_in_an_element_round_trips() -> None:
    """A place shared by the options is not said once at the end when an option before the
    last counts a total in an element: "… at least 3 Fire or two cards from your hand" reads
    "Fire or" as the start of "Fire or Earth" (found by the splicing test above)."""
    text = (
        "By the end of your Booster/Support phase, you must discard cards with a total printed"
        " value of at least 3 Fire from your hand, or two cards from your hand."
    )
    (effect,) = parse(text).effects
    assert not isinstance(effect, Unparsed)
    assert parse(effect.render()).effects == (effect,)
