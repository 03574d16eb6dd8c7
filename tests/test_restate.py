"""A question asked again with a line stated: made from the built situation, as its text would read.

The engine asks a question again with a turn, a phase or a card's icons stated
(``rulesq.engine.defaults``). The situation so made (``rulesq.situation.restate.stated``)
reads only the new lines, and must be the one the text with the lines written in parses to:
these tests compare the two, line by line of several texts and over every FAQ case that asks
again, and count what is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulesq.engine import defaults
from rulesq.engine.dispatch import _answer, evaluate
from rulesq.errors import RulesqError
from rulesq.games import get_game
from rulesq.games.bluemoon.judge import view
from rulesq.situation import lineitems, parse_situation, read_situation, restate
from rulesq.situation.model import Situation
from rulesq.situation.restate import stated, written_in
from rulesq.spans import text_lines

CASES = Path(__file__).resolve().parent.parent / "corpus" / "bluemoon" / "cases"

OWL = 'card "Quiet Owl" character: "Your special power texts are ignored."\n'
#: Baku But's icons are unknown; a PROTECTED icon would spare its text the ignore.
BAKU = (
    "game bluemoon\n" + OWL + 'you have active "Quiet Owl"\nI have active "Baku But"\n'
    'ask is the special power text of "Baku But" ignored?\n'
)

TEXTS = {
    "calls and cards": (
        "# a comment first\ngame bluemoon\n\n"
        'card "Icon Hater" character (fire 1, earth 1): "Your cards with icons are ignored, '
        'except PROTECTED cards."\ncard "Guarded Replacer" character (REPLACE, PROTECTED): ""\n'
        'you have active "Icon Hater"\n\nit is my turn\nphase Leadership\n'
        'I have in hand "Guarded Replacer"\n'
        'ask can I use the REPLACE icon of "Guarded Replacer"?\nexpect yes\n'
        'expect because "Icon Hater"\n# between\n'
        'ask is the special power text of "Icon Hater" ignored?\nexpect no\n'
    ),
    "two questions": BAKU + 'I play "Hagbaad"\nask can I play "Trigger Brainstorm"?\n',
    "no final line feed": BAKU.rstrip("\n"),
    "carriage returns": BAKU.replace("\n", "\r\n"),
    "ad hoc characters": (
        'game fma\ncharacter "Havoc" (strength 4)\n"Havoc" gets +1 strength\n'
        'attackers "Havoc"\ndefenders "Roy" (strength 2)\nask who wins the battle?\n'
    ),
    "a supposed play": (
        'game bluemoon\nit is my turn\nphase Booster/Support\nyou have active "TopDog"\n'
        'ask what happens if I play "Laughing Gas"?\nexpect yes\n'
    ),
}

LINES = {
    "bluemoon": [
        ['"Baku But" has icon PROTECTED'],
        ["it is your turn"],
        ["it is my turn", "phase Fight"],
        ['"Baku But" has no icons', '"Baku But" has icon STOP'],  # they contradict
        ['"Not A Card" has icon STOP'],
        ["expect yes"],
        ["this reads as nothing"],
    ],
    "fma": [['"Havoc" gets +1 wits'], ['"Nobody" gets +1 wits'], ['attackers "Edward"']],
}


def _made(read: Any, *args: Any) -> Situation | None:
    try:
        made: Situation | None = read(*args)
    except RulesqError:
        made = None
    return made


def _parsed(situation: Situation, at: int, lines: list[str]) -> Situation | None:
    """The situation its text with ``lines`` written before line ``at`` parses to (or None)."""
    text = written_in(situation, at, lines)
    args = (text, situation.source, situation.game, situation.remembered)
    return _made(parse_situation, *args)


def _same(made: Situation | None, parsed: Situation | None) -> None:
    assert (made is None) == (parsed is None)
    if made is not None and parsed is not None:
        assert made.text == parsed.text
        assert made.items == parsed.items  # kinds, spans, texts, indexes, cards, calls
        assert made == parsed
        for ours, theirs in zip(made.items, parsed.items, strict=True):
            assert [r.card for r in ours.cards] == [r.card for r in theirs.cards]
            assert [r.adhoc for r in ours.cards] == [r.adhoc for r in theirs.cards]


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_the_situation_made_is_the_text_parsed_at_every_line(name: str) -> None:
    situation = parse_situation(TEXTS[name], "<test>")
    for lines in LINES[situation.game]:
        for at in range(1, len(text_lines(situation.text)) + 3):
            made = _made(stated, situation, at, lines)
            _same(made, _parsed(situation, at, lines))


def _counting(monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Record the texts parsed whole (``parse_situation``) and the texts read by their lines."""
    wholes: list[str] = []
    trees: list[str] = []
    whole = parse_situation
    tree = lineitems.read_by_lines

    def counted_whole(text: str, *args: Any, **kwargs: Any) -> Situation:
        wholes.append(text)
        return whole(text, *args, **kwargs)

    def counted_tree(game: str, source: str, text: str, *args: Any, **kwargs: Any) -> Any:
        trees.append(text)
        return tree(game, source, text, *args, **kwargs)

    import rulesq.situation

    monkeypatch.setattr(rulesq.situation, "parse_situation", counted_whole)
    monkeypatch.setattr(lineitems, "read_by_lines", counted_tree)
    monkeypatch.setattr(restate, "_ADDED", {})
    return wholes, trees


def test_an_icon_re_ask_reads_only_the_icon_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each icon tried is one line read, once: the situation's text is not read again."""
    situation = parse_situation(BAKU + 'ask is "Baku But" ignored?\n', "<test>")
    wholes, trees = _counting(monkeypatch)
    asked: list[str] = []
    first = defaults.asked_first

    def counted(*args: Any) -> Any:
        asked.append(args[2])
        return first(*args)

    monkeypatch.setattr(defaults, "asked_first", counted)
    answers = evaluate(situation)
    assert any("which icons" in answer.reason for answer in answers)
    assert asked  # the icons were tried
    assert wholes == []
    assert sorted(trees) == sorted({line + "\n" for line in asked})  # each line read once
    again = parse_situation(situation.text, "<again>")
    trees.clear()
    evaluate(again)
    assert trees == []  # a line read before is not read again


def test_a_turn_re_ask_reads_only_the_turn_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whose turn it is, tried: the two turn lines are read, not the situation again."""
    situation = parse_situation(
        'game bluemoon\nyou have active "Pandemonium"\nI play "Trigger Brainstorm"\n'
        "ask can I play a support card?\n",
        "<test>",
    )
    wholes, trees = _counting(monkeypatch)
    evaluate(situation)
    assert wholes == []
    assert {line + "\n" for line in defaults.TURN_LINES} <= set(trees)
    assert all(text.count("\n") == 1 for text in trees)  # one line each, read once
    assert len(trees) == len(set(trees))


def _faq_situations() -> list[Situation]:
    return [read_situation(path) for path in sorted(CASES.rglob("*.rq"))]


def test_every_faq_re_ask_is_the_text_re_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the FAQ cases: each situation made to ask again equals its text parsed, and each
    of its questions gets the same answer from both."""
    asking: set[str] = set()
    made_ones: list[Situation] = []
    made_at = defaults.stated_at

    def both(situation: Situation, at: int, line: str) -> Situation | None:
        made = made_at(situation, at, line)
        asking.add(situation.source)
        if made is not None:
            made_ones.append(made)
        _same(made, _parsed(situation, at, line.split("\n")))
        return made

    monkeypatch.setattr(defaults, "stated_at", both)
    # Every icon is asked about, even one whose reading no step used (those are spared in a
    # check): each line a re-ask could state is made here.
    monkeypatch.setattr(view, "unneeded_flags", lambda *uses: {})
    for situation in _faq_situations():
        evaluate(situation)
    assert len(asking) >= 50  # the FAQ cases that ask again (103 now)
    for made in made_ones:
        game = get_game(made.game)
        again = parse_situation(made.text, made.source, made.game)
        for ours, theirs in zip(made.questions, again.questions, strict=True):
            one, other = _answer(made, ours, game, {}), _answer(again, theirs, game, {})
            assert (one.status, one.reason) == (other.status, other.reason)
            assert (one.verdict and one.verdict.show()) == (other.verdict and other.verdict.show())
