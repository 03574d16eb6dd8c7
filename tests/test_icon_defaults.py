"""A card's unknown icons: stated by the situation, or asked for when they decide the verdict."""

from __future__ import annotations

import pytest

from rulesq.corpus.load import normalise_name
from rulesq.engine import defaults
from rulesq.engine.answer import Answer, Status
from rulesq.engine.defaults import (
    ICON_CARDS_TRIED,
    Ask,
    Restated,
    iconless_cards,
    iconless_in_graph,
    icons_decide,
    no_icons,
    quoted,
    say_the_icons,
)
from rulesq.engine.dispatch import _answer, answer_question, evaluate
from rulesq.errors import InputError
from rulesq.games import get_game
from rulesq.games.bluemoon.icons import icon_rules
from rulesq.games.bluemoon.judge.cards import UnknownIcons, note_unknown_icons
from rulesq.situation import parse_situation
from rulesq.situation.model import Question, Situation

OWL = 'card "Quiet Owl" character: "Your special power texts are ignored."\n'
BAKU = (
    'you have active "Quiet Owl"\nI have active "Baku But"\n'
    'ask is the special power text of "Baku But" ignored?\n'
)


def _situation(*lines: str) -> Situation:
    return parse_situation("game bluemoon\n" + OWL + "".join(lines) + BAKU, "<test>")


def _one(*lines: str) -> Answer:
    (answer,) = evaluate(_situation(*lines))
    return answer


# ---------------------------------------------------------------- the statements
@pytest.mark.parametrize(
    ("line", "kind", "icons"),
    [
        ('"Baku But" has icon PROTECTED', "icons", ("PROTECTED",)),
        ('"Baku But" has icons STOP and FIRE BLUFF', "icons", ("STOP", "FIRE BLUFF")),
        ('"Baku But" has icons STOP, FREE', "icons", ("STOP", "FREE")),
        ('"Baku But" has the FREE icon', "icons", ("FREE",)),
        ('"Baku But" has no icons', "no_icons", ()),
        ('"Baku But" has no PROTECTED icon', "lacks_icon", ("PROTECTED",)),
    ],
)
def test_the_icon_statements_parse(line: str, kind: str, icons: tuple[str, ...]) -> None:
    situation = parse_situation(f"game bluemoon\n{line}\n", "<test>")
    (fact,) = situation.facts
    assert fact.kind == kind
    assert fact.param("icon", ()) == icons
    assert [ref.name for ref in fact.cards] == ["Baku But"]


def test_an_unknown_icon_word_is_an_input_error() -> None:
    with pytest.raises(InputError):
        parse_situation('game bluemoon\n"Baku But" has icon SHINY\n', "<test>")


@pytest.mark.parametrize(
    "lines",
    [
        '"Baku But" has no icons\n"Baku But" has icon STOP\n',
        '"Baku But" has no PROTECTED icon\nI have in hand "Baku But" (PROTECTED)\n',
        '"Giant Octopus" has no icons\n',  # the sources give it a PROTECTED icon
    ],
)
def test_icons_stated_against_each_other_are_an_input_error(lines: str) -> None:
    with pytest.raises(InputError, match="but it is given the icon"):
        evaluate(parse_situation("game bluemoon\n" + lines + "ask can I retreat?\n", "<test>"))


# ---------------------------------------------------------------- asked for, or stated
def test_an_unknown_icon_that_decides_is_asked_for_with_each_verdict() -> None:
    answer = _one()
    assert answer.status is Status.CANNOT
    assert answer.reason == (
        'which icons "Baku But" has decides the answer, and the sources do not say: say which '
        'icons it has ("Baku But" has no icons / "Baku But" has icon PROTECTED / "Baku But" '
        "has no PROTECTED icon): yes with none; no with PROTECTED"
    )


def test_without_the_reasking_the_default_answers_and_is_shown() -> None:
    situation = _situation()
    game = get_game("bluemoon")
    plain = answer_question(situation, situation.questions[0], game, recheck_defaults=False)
    assert plain.verdict is not None and plain.verdict.show() == "yes"
    assert no_icons("Baku But") in plain.graph.assumptions()
    assert iconless_cards(plain) == [('"Baku But"', ("PROTECTED",))]


@pytest.mark.parametrize(
    ("line", "verdict"),
    [
        ('"Baku But" has no icons\n', "yes"),
        ('"Baku But" has no PROTECTED icon\n', "yes"),
        ('"Baku But" has icon PROTECTED\n', "no"),
        ('"Baku But" has icon STOP\n', "yes"),
        ('I have in hand "Baku But" (PROTECTED)\nI play "Baku But"\n', "no"),
    ],
)
def test_stated_icons_answer_with_nothing_assumed(line: str, verdict: str) -> None:
    answer = _one(line)
    assert answer.verdict is not None and answer.verdict.show() == verdict
    assert not [text for text in answer.graph.assumptions() if "icons" in text]


def test_an_icon_that_changes_nothing_leaves_the_assumption_shown() -> None:
    # the PROTECTED icon does not stop "I may" texts of one's own: no icon changes this one
    (answer,) = evaluate(
        parse_situation(
            'game bluemoon\ncard "Lone Hero" character (fire 1, earth 1): ""\n'
            'it is my turn\nphase Character\nI play "Lone Hero"\n"Blaze" has no FREE icon\n'
            'ask can I play "Blaze"?\n',
            "<test>",
        )
    )
    assert answer.verdict is not None and answer.verdict.show() == "no"
    assert no_icons("Blaze") in answer.graph.assumptions()


def test_an_icon_the_corpus_says_a_card_lacks_is_neither_assumed_nor_given() -> None:
    """Laughing Gas lacks PROTECTED by an FAQ answer (``lacks_icons``): nothing to ask."""
    situation = parse_situation(
        # (the icons of Tittertweet, all given: the sources mention RETRIEVE alone)
        'game bluemoon\n"Tittertweet" has icon RETRIEVE\n'
        'you have active "Tittertweet"\nI have active "Laughing Gas"\n'
        'ask is the special power text of "Laughing Gas" ignored?\n',
        "<test>",
    )
    (answer,) = evaluate(situation)
    assert answer.verdict is not None and answer.verdict.show() == "yes"
    assert not [text for text in answer.graph.assumptions() if "icons" in text]
    with pytest.raises(InputError, match="BM-Q268"):
        parse_situation('game bluemoon\n"Laughing Gas" has icon PROTECTED\n', "<test>")


# ---------------------------------------------------------------- what is tried
def _counting(game_name: str = "bluemoon") -> tuple[list[Question], Ask]:
    game = get_game(game_name)
    asked: list[Question] = []

    def ask(other: Situation, again: Question) -> Answer:
        asked.append(again)
        return _answer(other, again, game, {})

    return asked, ask


def test_only_the_icons_the_judging_asked_for_are_tried() -> None:
    situation = _situation()
    game = get_game("bluemoon")
    plain = answer_question(situation, situation.questions[0], game, recheck_defaults=False)
    asked, ask = _counting()
    reason = icons_decide(situation, situation.questions[0], plain, ask, game.flags_tried())
    assert reason is not None and "no with PROTECTED" in reason
    assert len(asked) == 1  # PROTECTED only: no other icon was read


def test_a_card_read_as_a_whole_is_tried_with_every_icon_the_corpus_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    situation = parse_situation(
        'game bluemoon\ncard "Icon Hater" character: "Your cards with icons are ignored."\n'
        'you have active "Icon Hater"\nI have active "Baku But"\n'
        'ask is "Baku But" ignored?\n',
        "<test>",
    )
    game = get_game("bluemoon")
    plain = answer_question(situation, situation.questions[0], game, recheck_defaults=False)
    assert iconless_cards(plain) == [('"Baku But"', None)]
    asked, ask = _counting()
    reason = icons_decide(situation, situation.questions[0], plain, ask, game.flags_tried())
    assert reason is not None
    # Every icon has its verdict; the icons a judging read alike share it (``SAME_READING``):
    # asked one by one, each is asked, and each gives the same verdict.
    monkeypatch.setattr(defaults, "SAME_READING", False)
    every, ask_every = _counting()
    alone = icons_decide(situation, situation.questions[0], plain, ask_every, game.flags_tried())
    assert alone == reason
    assert len(every) == len(game.flags_tried()) > len(asked)


def test_at_most_a_few_cards_are_tried() -> None:
    """Six cards of unknown icons read as a whole: only the first few are tried."""
    game = get_game("bluemoon")
    names = [
        card.name
        for card in game.corpus.cards.values()
        if card.type == "character" and card.fields.get("icons") is None and card.text is None
    ][:6]
    assert len(names) == 6
    situation = parse_situation(
        "game bluemoon\n"
        'card "Icon Hater" character: "Your cards with icons are ignored."\n'
        'you have active "Icon Hater"\n'
        f"I have active {', '.join(quoted(n) for n in names)}\n"
        f"ask is {quoted(names[0])} ignored?\n",
        "<test>",
    )
    plain = answer_question(situation, situation.questions[0], game, recheck_defaults=False)
    for name in names[1:]:  # as a judging that read every card's icons would note them
        plain.graph.absence(no_icons(name), assumed=True, icons_read=None)
    assert plain.iconless is not None  # noted as the graph holds them: so too these
    plain.iconless = (*plain.iconless, *((quoted(name), None) for name in names[1:]))
    assert len(iconless_cards(plain)) == 6 and iconless_cards(plain) == iconless_in_graph(plain)
    asked: list[Question] = []

    def same(other: Situation, again: Question) -> Answer:  # as if no icon changed anything
        asked.append(again)
        return plain

    assert icons_decide(situation, situation.questions[0], plain, same, ("PAIR",)) is None
    assert len(asked) == ICON_CARDS_TRIED


def test_the_unknown_icons_note_what_is_asked_of_them() -> None:
    read = note_unknown_icons()
    icons = UnknownIcons("Some Card", frozenset({"STOP"}))
    assert "FREE" not in icons
    assert "STOP" not in icons  # known absent: not noted
    assert read == {"Some Card": {"FREE"}}
    assert not icons  # truth reads the icons as a whole
    assert read == {"Some Card": None}
    read = note_unknown_icons()
    assert icons & {"PAIR"} == frozenset()
    assert read == {"Some Card": None}
    read = note_unknown_icons()
    assert list(icons) == []
    assert read == {"Some Card": None}


def test_the_reason_names_each_verdict_with_its_icons() -> None:
    reason = say_the_icons('"X"', {"yes": ["none", "STOP"], "no": ["PROTECTED", "FREE"]})
    assert reason.endswith(
        '("X" has no icons / "X" has icon PROTECTED / "X" has no PROTECTED icon): '
        "yes with none, STOP; no with PROTECTED, FREE"
    )


# ---------------------------------------------------------------- the icon list is corpus data
def test_the_icons_tried_are_the_corpus_list_each_with_a_rule_and_a_flag_name() -> None:
    game = get_game("bluemoon")
    assert game.flags_tried() == tuple(name for name, _ in icon_rules())
    assert "PROTECTED" in game.flags_tried()
    for name, rule in icon_rules():
        assert name in game.flag_names
        assert game.corpus.find_clause(rule) is not None, rule


def test_the_other_games_take_no_icon_default() -> None:
    for name in ("warhammer", "fma"):
        assert get_game(name).flags_tried() == ()


def test_a_quoted_name_reads_back() -> None:
    name = 'Say "Hi"'
    situation = parse_situation(
        f'game bluemoon\ncard {quoted(name)} character: ""\nask can I play {quoted(name)}?\n',
        "<test>",
    )
    assert normalise_name(situation.questions[0].cards[0].name) == normalise_name(name)


# ---------------------------------------------------------------- read while replaying
PLAYED_BEFORE = (
    'game bluemoon\ncard "Some Boost" booster (fire 1, earth 1): ""\n{line}'
    'it is my turn\nphase Character\nI play "Baku But"\nask can I play "Some Boost"?\n'
)


def test_icons_read_only_while_replaying_a_play_are_assumed_with_the_icons_read() -> None:
    """The STOP icon of a card played before is read by the replay, not by the judging."""
    situation = parse_situation(PLAYED_BEFORE.format(line=""), "<test>")
    game = get_game("bluemoon")
    plain = answer_question(situation, situation.questions[0], game, recheck_defaults=False)
    assert plain.verdict is not None and plain.verdict.show() == "yes"
    assert no_icons("Baku But") in plain.graph.assumptions()
    ((name, asked),) = iconless_cards(plain)
    assert name == '"Baku But"' and asked is not None and "STOP" in asked
    calls, ask = _counting()
    reason = icons_decide(situation, situation.questions[0], plain, ask, game.flags_tried())
    assert reason is not None and "no with STOP" in reason
    assert len(calls) == len(asked)  # only the icons the replay asked for are tried


@pytest.mark.parametrize(
    ("line", "status", "verdict"),
    [
        ("", Status.CANNOT, None),
        ('"Baku But" has no icons\n', Status.DEFINITE, "yes"),
        ('"Baku But" has no STOP icon\n', Status.DEFINITE, "yes"),
        ('"Baku But" has icon STOP\n', Status.DEFINITE, "no"),
    ],
)
def test_an_icon_of_a_card_played_before_is_asked_for_or_stated(
    line: str, status: Status, verdict: str | None
) -> None:
    (answer,) = evaluate(parse_situation(PLAYED_BEFORE.format(line=line), "<test>"))
    assert answer.status is status
    assert (answer.verdict.show() if answer.verdict is not None else None) == verdict
    if status is Status.CANNOT:
        assert answer.reason.startswith('which icons "Baku But" has decides the answer')


def test_a_line_stated_first_is_read_once_for_all_the_questions() -> None:
    situation = parse_situation(
        PLAYED_BEFORE.format(line="") + 'ask can I play "Some Boost"?\n', "<test>"
    )
    game = get_game("bluemoon")
    restated: Restated = {}
    others: list[list[Situation]] = []
    for question in situation.questions:
        plain = answer_question(situation, question, game, recheck_defaults=False)
        seen: list[Situation] = []

        def ask(other: Situation, again: Question, seen: list[Situation] = seen) -> Answer:
            seen.append(other)
            return _answer(other, again, game, {})

        assert icons_decide(situation, question, plain, ask, game.flags_tried(), restated)
        others.append(seen)
    first, second = others
    assert len(first) == len(restated) > 1
    assert all(a is b for a, b in zip(first, second, strict=True))
