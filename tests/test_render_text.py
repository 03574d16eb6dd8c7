"""The text of an answer: short by default, the whole chain with ``--explain``."""

from typer.testing import CliRunner

from rulesq.cli import app

runner = CliRunner()

#: A card with no quoted text is taken to have none: an assumption the answer must show.
SITUATION = (
    'game bluemoon\\ncard "Plain Card" character (fire 1, earth 1): ""\\n'
    'card "Quiet Card" support\\nyou have active "Quiet Card"\\nit is my turn\\n'
    "phase Character\\n"
    'ask can I play "Plain Card"?\\n'
)
ASSUMED = 'the sources quote no special power text for "Quiet Card"'


def test_short_answer_shows_the_assumption() -> None:
    """The short form lists what rulesq took for granted, after the reason."""
    result = runner.invoke(app, ["ask", "-e", SITUATION])
    assert result.exit_code == 0, result.output
    assert f"  assumes: {ASSUMED}" in result.output


def test_explain_sets_assumptions_apart_from_negative_facts() -> None:
    """``--explain`` lists assumptions under "assumes:", not among the facts it relies on.

    A negative fact the situation establishes ("relies on") is not the same as one taken
    for granted because no source quotes the card's text.
    """
    result = runner.invoke(app, ["ask", "--explain", "-e", SITUATION])
    assert result.exit_code == 0, result.output
    chain = result.output.partition("  cites:")[0]
    relied, _, assumed = chain.partition("  assumes:\n")
    assert ASSUMED in assumed, result.output
    assert ASSUMED not in relied, result.output


def test_a_gap_whose_reason_is_its_label_is_shown_once() -> None:
    """A gap's line does not repeat its text ("- X: X") when its reason says the same."""
    situation = (
        "game warhammer\\nit is my turn\\n"
        'my battlefield has "Chaos Knights"\\nyour battlefield has "Clan Rats"\\n'
        'I trigger "Blessing of Valaya" targeting "Chaos Knights", "Clan Rats"\\n'
        'you respond with "Drain Magic" cancelling "Blessing of Valaya"\\n'
        "the chain has resolved\\n"
        '3 damage is assigned to "Chaos Knights"\\n'
        'ask how much damage is "Chaos Knights" dealt?\\n'
    )
    result = runner.invoke(app, ["ask", "-e", situation])
    gaps = [line.removeprefix("    - ") for line in result.output.splitlines()]
    gaps = [line for line in gaps if line.startswith('"Blessing of Valaya" acted')]
    assert gaps, result.output
    for line in gaps:
        half = (len(line) - 2) // 2
        assert line[:half] != line[half + 2 :], line


def test_a_long_verdict_and_the_sides_of_a_conflict_are_wrapped() -> None:
    """A card's whole text as the verdict, and a conflict's sides, keep to the width."""
    from pathlib import Path

    from rulesq.render.text import WIDTH

    root = Path(__file__).resolve().parents[1]
    for path in (
        "corpus/fma/cases/cards/burning-the-past-reads.rq",
        "tests/cases/ignore/values-of-a-card-in-an-undecided-ignore-loop-are-a-conflict.rq",
    ):
        result = runner.invoke(app, ["ask", str(root / path)])
        answer = result.output.partition("  cites:")[0]
        assert all(len(line) <= WIDTH for line in answer.splitlines()), result.output
        assert "\n    " in answer  # a continued line, indented


def test_a_control_character_of_an_inline_card_is_shown_escaped() -> None:
    """An inline card named with an escape sequence never reaches the terminal raw."""
    situation = (
        'game bluemoon\\ncard "Odd\x1b[2J" support: "You may not play booster cards."\\n'
        'you have active "Odd\x1b[2J"\\nask can I play "Volcanic Gauntlets"?\\n'
    )
    for flags in ([], ["--explain"]):
        result = runner.invoke(app, ["ask", *flags, "-e", situation])
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and '"Odd\\x1b[2J" forbids it' in result.output
