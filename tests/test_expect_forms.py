"""The ``expect`` forms: ``because "Card"``, ``cannot answer``, the words a call may use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import INVENTED
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine.check import check_situation
from rulesq.engine.expect import Result
from rulesq.errors import InputError
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

runner = CliRunner()

FORBIDDEN = 'game bluemoon\nyou have active "Pandemonium"\nask can I play a support card?\n'
OPEN = "game bluemoon\nit is my turn\nphase Booster/Support\nask can I play a support card?\n"
UNANSWERABLE = sorted((corpus_dir() / "bluemoon" / "unanswerable").glob("*.rq"))[0]


def outcomes(text: str) -> list[tuple[Result, str]]:
    """Each call of the situation's only question: its result and detail."""
    [question] = check_situation(parse_situation(text, "case.rq")).questions
    return [(o.result, o.detail) for o in question.outcomes]


def error_of(text: str) -> InputError:
    """The InputError parsing ``text`` raises."""
    with pytest.raises(InputError) as caught:
        parse_situation(text, "case.rq")
    return caught.value


def unanswerable(call: str) -> str:
    """The unanswerable FAQ case with its call replaced by ``call``."""
    text = UNANSWERABLE.read_text(encoding="utf-8")
    assert "expect yes" in text
    return text.replace("expect yes", call)


# ------------------------------------------------------------------ expect because
def test_because_agrees_with_the_card_whose_text_decided() -> None:
    """The card whose "you may not" decided is the deciding card, written any case."""
    assert outcomes(FORBIDDEN + 'expect no\nexpect because "pandemonium"\n') == [
        (Result.AGREE, ""),
        (Result.AGREE, ""),
    ]
    [answer] = [q.answer for q in check_situation(parse_situation(FORBIDDEN)).questions]
    assert answer.deciding_card == "Pandemonium"


def test_because_disagrees_naming_the_card_that_decided() -> None:
    """Another card named: disagree, and the detail names the card that did decide."""
    text = (
        'game bluemoon\nyou have active "Pandemonium", "Laughing Gas"\n'
        + FORBIDDEN[FORBIDDEN.index("ask") :]
        + 'expect because "Laughing Gas"\n'
    )
    [(result, detail)] = outcomes(text)
    assert result is Result.DISAGREE
    assert detail == 'expected "Laughing Gas" to decide, but "Pandemonium" decided it'


def test_because_disagrees_when_the_game_rules_decided() -> None:
    """No card in play: the rules decide, and the detail says so."""
    [(result, detail)] = outcomes(OPEN + 'expect because "Pandemonium"\n')
    assert result is Result.DISAGREE
    assert detail.endswith("but no card decided: the game rules did")


def test_because_takes_an_inline_card() -> None:
    """A card defined in the situation may be named, like any card reference."""
    text = (
        'game bluemoon\ncard "House Rule" support: "You may not play support cards."\n'
        'you have active "House Rule"\nask can I play a support card?\n'
        'expect no\nexpect because "House Rule"\n'
    )
    assert [r for r, _ in outcomes(text)] == [Result.AGREE, Result.AGREE]


def test_because_with_an_unknown_card_is_an_input_error() -> None:
    """A misspelt card: its place, a caret under it and "Did you mean"."""
    error = error_of(FORBIDDEN + 'expect because "Pandemonum"\n')
    assert (error.line, error.column) == (4, 16)
    assert "unknown card" in error.message
    assert error.suggestion == 'Did you mean "Pandemonium"?'
    assert error.render().splitlines()[2] == "  " + " " * 15 + "^"


def test_because_needs_a_quoted_name() -> None:
    """An unquoted name is a syntax error that asks for quotes."""
    error = error_of(FORBIDDEN + "expect because Pandemonium\n")
    assert (error.line, error.column) == (4, 16)
    assert any("quoted" in e for e in error.expected)


def test_because_on_an_unanswered_question_cannot_be_decided() -> None:
    """Like any call but ``cannot answer``, it is itself cannot answer without a verdict."""
    [(result, _)] = outcomes(unanswerable('expect because "CoolCat"'))
    assert result is Result.CANNOT


# ------------------------------------------------------------------ expect cannot answer
def test_cannot_answer_agrees_when_rulesq_cannot_answer() -> None:
    """The unanswerable FAQ case, called "cannot answer": the call and the file agree."""
    checked = check_situation(parse_situation(unanswerable("expect cannot answer")))
    assert [o.result for o in checked.questions[0].outcomes] == [Result.AGREE]
    assert checked.result is Result.AGREE


def test_cannot_answer_disagrees_with_a_definite_answer_naming_the_verdict() -> None:
    """A definite answer: disagree, and the detail gives the verdict."""
    [(result, detail)] = outcomes(FORBIDDEN + "expect cannot answer\n")
    assert result is Result.DISAGREE
    assert detail == "expected cannot answer, but the answer is no"


def test_other_calls_on_a_cannot_answer_keep_their_result() -> None:
    """``expect yes`` on an unanswered question stays cannot answer."""
    checked = check_situation(parse_situation(unanswerable("expect yes")))
    assert checked.result is Result.CANNOT


def test_check_json_carries_the_new_calls(tmp_path: Path) -> None:
    """``check --json``: each call with its kind and result; the answer's deciding card."""
    path = tmp_path / "case.rq"
    path.write_text(
        FORBIDDEN + 'expect because "Pandemonium"\nexpect cannot answer\n', encoding="utf-8"
    )
    result = runner.invoke(app, ["check", "--json", str(path)])
    [record] = json.loads(result.output)["files"]
    [answer] = record["answers"]
    assert result.exit_code == 1 and record["result"] == "disagree"
    assert answer["deciding_card"] == "Pandemonium"
    assert [(e["kind"], e["result"]) for e in answer["expectations"]] == [
        ("because", "agree"),
        ("cannot-answer", "disagree"),
    ]


# ------------------------------------------------------------------ expect words
def test_an_unknown_word_is_an_input_error_with_a_suggestion(tmp_path: Path) -> None:
    """``expect nope``: file:line:col, a caret, the words allowed, "Did you mean", exit 2."""
    error = error_of(FORBIDDEN + "expect nope\n")
    assert (error.line, error.column) == (4, 8)
    assert error.suggestion is not None and '"no"' in error.suggestion
    assert '"yes"' in error.expected and '"cannot answer"' in error.expected
    path = tmp_path / "nope.rq"
    path.write_text(FORBIDDEN + "expect nope\n", encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f'{path}:4:8: error: "nope" is not a call' in result.stderr
    assert "         ^" in result.stderr


def test_the_words_of_one_game_are_not_calls_in_another() -> None:
    """``attackers`` is an FMA word: in Blue Moon it is an error; ``me`` is a Blue Moon one."""
    error = error_of(FORBIDDEN + "expect attackers\n")
    assert "not a call" in error.message and error.line == 4
    assert outcomes(FORBIDDEN + "expect me\n")[0][0] is Result.DISAGREE


def test_a_near_miss_of_cannot_answer_is_suggested() -> None:
    """``expect cannot-answer`` suggests the form with a space."""
    error = error_of(FORBIDDEN + "expect cannot-answer\n")
    assert error.suggestion == 'Did you mean "cannot answer"?'


def test_cannot_without_answer_is_a_syntax_error() -> None:
    """``expect cannot`` alone is an error at the end of the line."""
    error = error_of(FORBIDDEN + "expect cannot\n")
    assert error.line == 4 and "cannot answer" in error.message


def test_expect_conflict_agrees_only_with_a_conflict(tmp_path: Path) -> None:
    loop = tmp_path / "loop.rq"
    loop.write_text(
        "game bluemoon\n"
        'card "Veil Heron" character (fire 2, earth 2): "Your character cards are ignored."\n'
        'card "Veil Stork" character (fire 3, earth 3): "Your character cards are ignored."\n'
        'I have active "Veil Heron"\nyou have active "Veil Stork"\n'
        'ask what is the fire value of "Veil Heron"?\nexpect conflict\n',
        encoding="utf-8",
    )
    plain = tmp_path / "plain.rq"
    plain.write_text(
        "game bluemoon\nit is my turn\nphase Booster/Support\n"
        "ask can I play a support card?\nexpect conflict\n",
        encoding="utf-8",
    )
    agreed = runner.invoke(app, ["check", str(loop)])
    assert agreed.exit_code == 0 and agreed.output.startswith("AGREE"), agreed.output
    disagreed = runner.invoke(app, ["check", str(plain)])
    assert (
        disagreed.exit_code == 1
        and "expected a conflict, but the answer is yes" in disagreed.output
    )


# ------------------------------------------------------------------ expect cannot answer because
#: Cases whose cannot-answer call pins its reason: by a card, and by words.
BY_CARD = INVENTED / "fma-unknown-text/a-required-ability-beside-a-card-of-unknown-text-is-open.rq"
BY_WORDS = INVENTED / "defaults/a-turn-whose-re-ask-meets-an-unstated-phase-asks-each-phase.rq"


def pinned(path: Path, old: str, new: str) -> list[tuple[Result, str]]:
    """The calls of the case's question whose reason is pinned by ``old``, now pinned by ``new``."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    checked = check_situation(parse_situation(text.replace(old, new), str(path)))
    return [
        (o.result, o.detail)
        for question in checked.questions
        for o in question.outcomes
        if new in o.expectation.text
    ]


def test_a_reason_pinned_by_a_card_agrees_only_when_the_reason_names_it() -> None:
    """The card named by the reason agrees; another card of the situation disagrees, saying why."""
    pin = 'expect cannot answer because "Odd Device"'
    assert pinned(BY_CARD, pin, pin) == [(Result.AGREE, "")]
    assert pinned(BY_CARD, pin, pin.replace("Odd Device", "odd device")) == [(Result.AGREE, "")]
    [(result, detail)] = pinned(BY_CARD, pin, pin.replace("Odd Device", "Bright Hero"))
    assert result is Result.DISAGREE
    assert detail.startswith(
        'expected cannot answer because "Bright Hero", but the reason is: the sources give no '
        'text for "Odd Device"'
    )


def test_a_reason_pinned_by_words_agrees_only_when_the_reason_holds_them() -> None:
    """Words held by the reason (case and spacing aside) agree; words it lacks disagree."""
    pin = "expect cannot answer because whose turn it is"
    assert pinned(BY_WORDS, pin, pin) == [(Result.AGREE, "")]
    assert pinned(BY_WORDS, pin, pin.replace("whose turn", "Whose   Turn")) == [(Result.AGREE, "")]
    [(result, detail)] = pinned(BY_WORDS, pin, pin.replace("whose turn", "which phase"))
    assert result is Result.DISAGREE
    assert detail.startswith("expected cannot answer because which phase it is, but the reason")


def test_a_pinned_reason_on_an_answered_question_disagrees_naming_the_verdict() -> None:
    """The pin aside, an answer is no *cannot answer*: the detail gives the verdict."""
    [(result, detail)] = outcomes(FORBIDDEN + 'expect cannot answer because "Pandemonium"\n')
    assert result is Result.DISAGREE
    assert detail == "expected cannot answer, but the answer is no"


def test_a_card_pinned_resolves_as_a_card_and_words_stay_words() -> None:
    """``because "X"`` alone is a card (its corpus name); other words are kept, spacing squashed."""
    text = BY_CARD.read_text(encoding="utf-8")
    card = 'because "Odd Device"'

    def pins(written: str) -> list[object]:
        checked = check_situation(parse_situation(text.replace(card, written), str(BY_CARD)))
        calls = [o.expectation for q in checked.questions for o in q.outcomes]
        refs = [c.card for c in calls if c.kind == "cannot_answer"]
        values = [c.value for c in calls if c.kind == "cannot_answer"]
        return [r.card.name if r and r.card else v for r, v in zip(refs, values, strict=True)]

    assert pins(card) == [None, "Odd Device"]
    assert pins("because “odd device”") == [None, "Odd Device"]
    assert pins('because the sources  give no text for "Odd Device"  ') == [
        None,
        'the sources give no text for "Odd Device"',
    ]


def test_a_reason_pin_ends_at_a_comment_but_not_inside_a_quoted_name() -> None:
    """A "#" outside quotes starts a comment (the blanks before it are not the pin's); inside
    a quoted name it is the name's: the case's card renamed "Odd Device #2" is still named."""
    text = BY_CARD.read_text(encoding="utf-8")
    pin = 'expect cannot answer because "Odd Device"'
    commented = text.replace(pin, pin + "   # the card line's")
    renamed = text.replace("Odd Device", "Odd Device #2")
    for written in (commented, renamed):
        checked = check_situation(parse_situation(written, str(BY_CARD)))
        calls = [o for q in checked.questions for o in q.outcomes if o.expectation.card]
        assert [(o.result, o.expectation.text) for o in calls] == [
            (
                Result.AGREE,
                pin.replace("Odd Device", "Odd Device #2") if written is renamed else pin,
            )
        ]


def test_a_reason_pin_is_listed_by_forms() -> None:
    """``rulesq forms`` lists the call, with what it checks."""
    result = runner.invoke(app, ["forms", "--game", "warhammer"])
    assert result.exit_code == 0
    assert '    expect cannot answer because "Card"\n' in result.output
