"""Bad situations give errors for humans: file:line:col, a caret, expected words, a hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesq.errors import InputError
from rulesq.situation import parse_situation
from rulesq.situation.syntax_errors import EXACT, MALFORMED


def error_of(text: str, source: str = "case.rq") -> InputError:
    """The InputError parsing ``text`` raises."""
    with pytest.raises(InputError) as caught:
        parse_situation(text, source)
    return caught.value


def test_unknown_card_points_at_the_name_and_suggests(whi_fixture: Path) -> None:
    """A misspelt card name: its line and column, a caret under it, "Did you mean"."""
    error = error_of('game warhammer\n\nask what does "Franz Decree" read?\n')
    assert (error.source, error.line, error.column) == ("case.rq", 3, 15)
    rendered = error.render()
    assert rendered.splitlines()[0].startswith("case.rq:3:15: error: unknown card")
    assert rendered.splitlines()[2] == "  " + " " * 14 + "^"
    assert error.suggestion == 'Did you mean "Franz\'s Decree"?'


def test_unknown_game_and_missing_game_line() -> None:
    """The game line: a misspelt game is suggested; a missing one is asked for."""
    error = error_of("game warhamer\n")
    assert (error.line, error.column) == (1, 6)
    assert error.suggestion == 'Did you mean "warhammer"?'
    error = error_of("# no game\nask must I retreat?\n")
    assert "which game" in error.message and error.line == 1


def test_game_line_and_game_option_must_agree() -> None:
    """A file for one game asked about as another is an error at the game name."""
    with pytest.raises(InputError) as caught:
        parse_situation("game bluemoon\n", "f.rq", game="fma")
    assert (caught.value.line, caught.value.column) == (1, 6)


def test_game_line_must_come_first() -> None:
    """A game line after a statement is an error (the grammar is chosen by the first)."""
    error = error_of("game bluemoon\nyou retreat\ngame bluemoon\n")
    assert error.line == 3 and "must come first" in error.message


def test_expect_without_a_question() -> None:
    """An expect line needs an ask line before it."""
    error = error_of("game bluemoon\nexpect yes\n")
    assert error.line == 2 and "must follow an ask line" in error.message


@pytest.mark.parametrize(
    ("line", "label"),
    [
        ('ask can I play "Some Card"', "a question ends with a question mark"),
        ("I play Some Card", 'card names go in double quotes, e.g. "Card Name"'),
        ('you have active "One" "Two"', 'separate cards with commas: "A", "B"'),
        (
            'I have active "One" fire 3',
            "values and icons go in parentheses after the card "
            'name, e.g. "Card Name" (fire 2, earth 3)',
        ),
        ('I have active "One" (3 fire)', "a value is a name then a number, e.g. (fire 2)"),
        ('can I retrieve "One"?', 'a question starts with "ask"'),
        ("ask must I retreat? expect no", "one statement per line"),
        ("expect", next(k for k in MALFORMED if k.startswith("an expect line"))),
    ],
)
def test_common_slips_get_a_plain_label(line: str, label: str) -> None:
    """Common mistakes are named in words (Lark's match_examples over malformed samples)."""
    text = "game bluemoon\nask must I retreat?\n" + line + "\n"
    error = error_of(text)
    assert error.line == 3
    assert error.message.startswith(label)


def test_an_unknown_word_is_not_mislabelled() -> None:
    """A word that is no question word gets "unexpected", not the "starts with ask" label."""
    error = error_of("game bluemoon\nhello there\n")
    assert error.message == 'unexpected "hello"'
    assert all(label not in error.message for label in EXACT)


def test_an_unclosed_quote_shows_the_name_as_typed_with_the_caret_at_its_quote() -> None:
    """The name or text is shown as typed (it was ``(found "\\"Blaze")``), the caret under the
    opening quote."""
    error = error_of('game bluemoon\nI play "Blaze\n')
    assert error.message == (
        'the quoted name or text is not closed: "Blaze has no closing quote (add it where the '
        "name or text ends)"
    )
    assert (error.line, error.column) == (2, 8)
    shown = error.render().splitlines()
    assert shown[2].index("^") - 2 == shown[1].index('"') - 2 == 7  # under the quote
    error = error_of("game bluemoon\nask what does \u201cPandemonium read?\n")
    assert "not closed: \u201cPandemonium read? has no closing quote" in error.message


def test_the_text_found_is_in_double_quotes_an_inner_quote_escaped() -> None:
    """What was found is quoted as every message quotes; the quote it holds is written \\"."""
    from rulesq.errors import quoted, unquoted

    assert unquoted(quoted('say "hi"')) == 'say "hi"'
    assert unquoted("'hi'") == ""


def test_words_after_a_card_that_are_no_value_are_not_labelled_as_values() -> None:
    """ "on my turn" after a card is no value written without its parentheses."""
    error = error_of('game bluemoon\nI play "Laughing Gas" on my turn\n')
    assert error.message == 'unexpected "on"'
    assert error.nearest[0] == 'I play "Laughing Gas"'
    slip = error_of('game bluemoon\nI play "Laughing Gas" fire 2\n')
    assert slip.message.startswith("values and icons go in parentheses after the card name")


def test_expected_words_never_show_internal_names() -> None:
    """What was expected is said in words: no __ANON, no namespaces, no _NL."""
    texts = [
        "game bluemoon\naks must I retreat?\n",
        "game fma\nbattle speed\n",
        "game bluemoon\nexpect\n",
        "game warhammer\nmy deck has 3\n",
        'game bluemoon\nI have active "A" (fire\n',
        "game bluemoon\nelement water\n",
    ]
    for text in texts:
        error = error_of(text)
        assert error.expected, text
        words = " ".join(error.expected) + " " + error.message
        for internal in ("ANON", "__", "_NL", "situation", "STRING", "NAME"):
            assert internal not in words, (text, words)


def test_misspelt_keyword_gets_did_you_mean() -> None:
    """A misspelt keyword is matched against the keywords allowed at that point."""
    error = error_of("game bluemoon\naks must I retreat?\n")
    assert error.suggestion == 'Did you mean "ask"?'
    assert '"ask"' in error.expected
    error = error_of("game bluemoon\nask how many dragons do I atract?\n")
    assert error.suggestion == 'Did you mean "attract"?'


def test_game_vocabulary_stays_in_its_game() -> None:
    """An FMA statement in a Blue Moon situation is a syntax error (extensions do not leak)."""
    error = error_of("game bluemoon\nbattle wits\n")
    assert (error.line, error.column) == (2, 1)


def test_decided_by_names_a_ladder_step() -> None:
    """``decided by`` must name a step of the game's ladder (or a clause): else suggestions."""
    error = error_of(
        'game bluemoon\ncard "A"\nask can I play "A"?\nexpect decided by you may nat\n'
    )
    assert error.line == 4 and error.column == 19
    assert error.suggestion == 'Did you mean "you may not"?'
    assert '"I must"' in error.expected


def test_unknown_source_is_reported(whi_fixture: Path) -> None:
    """A ``source`` line must name a clause of the game's corpus."""
    error = error_of("game warhammer\nsource warhammer/faq/restricted-lst\n")
    assert error.line == 2 and error.column == 8
    assert str(error.suggestion).startswith('Did you mean "warhammer/faq/restricted-list"')


def test_a_common_english_word_is_no_misspelt_keyword() -> None:
    """FMA's "how" is the judge's own word, not a slip for "who"; a word of the language
    ("pay") and a common word the language uses ("is") may still be slips for a keyword."""
    from rulesq.situation.parser import parser_for
    from rulesq.situation.syntax_errors import _plain_word

    assert error_of('game fma\nask how much power does "X" have?\n').suggestion is None
    assert _plain_word("how", parser_for("fma"))
    assert not _plain_word("pay", parser_for("warhammer"))
    assert not _plain_word("is", parser_for("bluemoon"))
    slip = error_of('game warhammer\nyour kingdom has "Longbeards"\n"Longbeards" stays in pay\n')
    assert slip.suggestion == 'Did you mean "play"?'


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ('game bluemoon\ncard "X" wizzard (fire 3): ""\n', '"character"'),
        ('game bluemoon\nask what is the power of "Blaze"?\n', '"fire"'),
        ('game fma\ncharacter "F" (strength 3)\nask what is the power of "F"?\n', '"strength"'),
        ("game fma\nit is the serch phase\n", '"draw phase"'),
        ('game warhammer\nask what is the value of "Chaos Knights"?\n', '"cost"'),
    ],
)
def test_words_the_game_checks_are_expected_in_double_quotes(text: str, first: str) -> None:
    """A word checked after the grammar (a card type, a value, a phase) is expected as a
    syntax error's keywords are: what to type, in double quotes (they were bare words)."""
    import json

    from typer.testing import CliRunner

    from rulesq.cli import app

    result = CliRunner().invoke(app, ["ask", "--json", "-e", text.replace("\n", "\\n")])
    assert result.exit_code == 2
    assert json.loads(result.output)["expected"][0] == first
