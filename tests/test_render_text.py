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

    from rulesq.width import WIDTH

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


def _too_wide(output: str) -> list[str]:
    """The lines of an answer past 80 columns, but for the situation's own lines (the question
    echoed, its calls) and a line of one word (an id longer than a line stays whole)."""
    return [
        line
        for line in output.splitlines()
        if len(line) > 80
        and len(line.split()) > 1
        and not line.startswith("ask ")
        and not line.startswith("  expect ")
    ]


def test_every_answer_fits_in_80_columns() -> None:
    """A terminal of 80 columns never wraps an answer mid-word: the verdict, the reason, the
    assumptions, each citation's head (its id and source) and quote, ``--explain``'s chain."""
    from pathlib import Path

    from rulesq.width import WIDTH

    assert WIDTH <= 80
    root = Path(__file__).resolve().parents[1]
    files = sorted((root / "corpus").glob("*/cases/**/*.rq"))[::25]
    assert len(files) > 20
    for path in files:
        for flags in ([], ["--explain"]):
            result = runner.invoke(app, ["ask", *flags, str(path)])
            assert result.exit_code in (0, 1), result.output
            assert _too_wide(result.output) == [], path


def test_a_citation_head_is_wrapped_under_its_id() -> None:
    """A clause's id and source, longer than a line, go on under the id, indented past the
    quote, so the quote's own lines still stand apart."""
    result = runner.invoke(app, ["ask", "-e", SITUATION.replace("\\n", "\n")])
    lines = result.output.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("    [")]
    assert heads, result.output
    for i in heads:
        assert len(lines[i]) <= 80
        if lines[i + 1].startswith("        "):  # the head went on
            assert lines[i + 2].startswith("      \u201c") or lines[i + 2].startswith("      ")


def test_several_gaps_are_each_said_once() -> None:
    """A question several unstated things stop lists each once, not joined and then listed."""
    result = runner.invoke(
        app,
        [
            "ask",
            "--game",
            "warhammer",
            "-e",
            'my kingdom has "Grudgebearer"',
            "-e",
            'ask can I play "Grudgebearer"?',
        ],
    )
    assert result.exit_code == 1, result.output
    lines = result.output.splitlines()
    assert lines[1] == "  cannot answer, for 3 reasons:"
    text = " ".join(result.output.split())
    for said in ("whose turn it is", "is Unique", "how many resources"):
        assert text.count(said) == 1, result.output


def test_one_gap_the_reason_says_is_not_listed_again() -> None:
    """A reason that holds its one gap (with words before it) says it once, not twice."""
    case = "tests/cases/warhammer-resources/damage-that-may-have-been-spent-leaves-the-unit-open.rq"
    result = runner.invoke(app, ["ask", case])
    assert "cannot answer: the remaining hit points" in result.output, result.output
    text = " ".join(result.output.split())
    assert text.count("so it holds 0 to 2 damage") == 1, result.output


def test_why_a_call_does_not_agree_wraps_under_the_call() -> None:
    """A DISAGREE's detail goes on under the call (the call itself kept as written)."""
    situation = (
        'game bluemoon\\nyou have active "Pandemonium"\\nI play "Trigger Brainstorm"\\n'
        "ask can I play a support card?\\nexpect decided by card text\\n"
        'expect because "Trigger Brainstorm"\\n'
    )
    result = runner.invoke(app, ["ask", "-e", situation])
    lines = result.output.splitlines()
    at = lines.index(
        '  expect decided by card text: DISAGREE (expected decided by "card text", but'
    )
    assert lines[at + 1] == '    "you may not" decided it)'
    assert all(len(line) <= 80 for line in lines[at:]), lines[at:]


def test_ladder_step_names_are_in_double_quotes_as_in_every_other_message() -> None:
    """``--explain``'s deciding step and a DISAGREE on ``expect decided by`` quote the step
    as every other message quotes what it names: in double quotes."""
    situation = (
        'game bluemoon\\nyou have active "Pandemonium"\\nI play "Trigger Brainstorm"\\n'
        "ask can I play a support card?\\nexpect decided by ignore\\n"
    )
    result = runner.invoke(app, ["ask", "--explain", "-e", situation])
    lines = result.output.splitlines()
    assert '  decided by the ladder step "you may not"' in lines, result.output
    text = " ".join(result.output.split())
    assert 'expected decided by "ignore", but "you may not" decided it' in text, text
    assert "step '" not in text and "by '" not in text, text
