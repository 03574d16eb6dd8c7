"""FMA situations: statements, the timeline they build, handlers, citations, gaps and errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulesq.cli import app
from rulesq.engine import Answer, Status, evaluate
from rulesq.engine.verdict import Alternatives, Cards, Number, Word
from rulesq.errors import InputError
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

runner = CliRunner()


def answers(body: str) -> list[Answer]:
    """Every answer of an FMA situation."""
    return evaluate(parse_situation("game fma\n" + body, "case.rq"))


def ask(body: str) -> Answer:
    """The last answer of an FMA situation."""
    return answers(body)[-1]


def cited(reply: Answer) -> list[str]:
    return [c["clause_id"] for c in reply.citations()]


def error_of(body: str) -> InputError:
    with pytest.raises(InputError) as caught:
        parse_situation("game fma\n" + body, "case.rq")
    return caught.value


# ---------------------------------------------------------------------------- statements


@pytest.mark.parametrize(
    ("line", "kind", "params"),
    [
        ('character "A" (strength 3)', "character", {}),
        ('attach "Saber" (strength +1) to "A"', "attach", {}),
        (
            '"A" gets +2 strength from an event until the end of the battle',
            "bonus",
            {
                "signed_number": "+2",
                "attribute": "strength",
                "bonus_source": "an event",
                "duration": "battle",
            },
        ),
        ('"A" gets -1 to each attribute', "bonus", {"signed_number": "-1", "each": "each"}),
        (
            '"Wall" sets the strength of "A" to 0 until end of turn',
            "set",
            {"attribute": "strength", "number": 0, "duration": "turn"},
        ),
        ('the wits of "A" is set to 5', "set", {"attribute": "wits", "number": 5}),
        (
            '"A" copies the strength of "A" until the end of the turn',
            "copy",
            {"attribute": "strength", "duration": "turn"},
        ),
        (
            '"Mover" moves the wits bonus of "A" to strength',
            "move",
            {"attribute": "wits", "to_attribute": "strength"},
        ),
        ("the search phase ends", "period_ends", {"period": "search phase"}),
        ('"A" is sent home', "sent_home", {}),
        (
            'the location has goals "Wits +1" and "a State Alchemist"',
            "goals",
            {"goal": ("Wits +1", "a State Alchemist")},
        ),
    ],
)
def test_statements_become_facts(line: str, kind: str, params: dict[str, object]) -> None:
    """Each FMA statement is a fact of its kind with its parameters (goals as a tuple)."""
    situation = parse_situation(
        f'game fma\ncharacter "A" (strength 3, wits 1)\n"A" gets +1 wits\n{line}\n'
    )
    fact = situation.facts[-1]
    assert fact.kind == kind
    assert {k: fact.params[k] for k in params} == params


def test_a_name_introduced_earlier_resolves_later() -> None:
    """An ad-hoc character can be named again; a misspelt one is an error naming it."""
    situation = parse_situation(
        'game fma\ncharacter "Havoc" (strength 4)\n"Havoc" gets +1 strength\n'
    )
    assert situation.facts[-1].card.adhoc
    error = error_of('character "Havoc" (strength 4)\n"Havok" gets +1 strength\n')
    assert (error.line, error.column) == (3, 1)
    assert error.suggestion == 'Did you mean "Havoc"?'


@pytest.mark.parametrize(
    ("body", "message", "line"),
    [
        ('character "A" (strenght 3)\n', '"strenght" is not a value of an FMA character', 2),
        (
            'character "A" (strength 3)\ncharacter "A" (strength 4)\n',
            '"A" cannot have strength 4: line 2 gives 3',
            3,
        ),
        (
            'character "A" (strength 3)\n"M" moves the wits bonus of "A" to strength\n',
            '"A" has no wits bonus to move here',
            3,
        ),
        (
            'character "A" (strength 3)\nattach "Saber" (fire +1) to "A"\n',
            '"fire" is not an attribute',
            3,
        ),
        ('"Wall" sets the strength of "Wall" to 3\n', '"Wall" is not a character', 2),
        ('"Marta" changes the attribute goals to strength\n', "no goal has been given", 2),
        ('I have active "Momentum"\n', "FMA has no active cards", 2),
    ],
)
def test_inconsistent_input_is_an_error_at_its_line(body: str, message: str, line: int) -> None:
    """The game checks the whole situation when it is read, questions or not."""
    error = error_of(body)
    assert message in error.message
    assert error.line == line


def test_check_reports_a_bad_question_as_an_error(tmp_path: Path) -> None:
    """An input error met while answering is an error (exit 2), never a traceback."""
    path = tmp_path / "bad.rq"
    path.write_text(
        'game fma\ncharacter "A" (strength 3)\nask what is the fire of "A"?\nexpect 3\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert 'bad.rq:3:17: error: "fire" is not an FMA attribute' in result.output
    assert "Traceback" not in result.output


# ---------------------------------------------------------------------------- values


def test_attribute_timeline_cites_the_rule_then_the_example() -> None:
    """A set value wipes earlier modifiers (negative facts); rule first, example second."""
    reply = ask(
        'character "A" (strength 4)\nattach "Saber" (strength +1) to "A"\n'
        '"Wall" sets the strength of "A" to 0 until the end of the search phase\n'
        '"A" gets +2 strength until the end of the battle\n'
        'ask what is the strength of "A"?\n'
    )
    assert reply.verdict == Number(2)
    assert cited(reply)[:2] == [
        "fma/rulings/changing-attributes/1",
        "fma/rulings/changing-attributes/example-1",
    ]
    assert [c["role"] for c in reply.citations()][:2] == ["rule", "precedent"]
    assert any("Saber" in n and "before a value was set" in n for n in reply.graph.negatives())
    ((alternative, beaten_by),) = reply.graph.alternatives()
    assert alternative["label"].startswith("3: the modifiers applied before")
    assert [n["clause_id"] for n, _ in beaten_by] == ["fma/rulings/changing-attributes/1"]
    assert reply.graph.supported()


def test_removing_an_attachment_ends_its_bonus() -> None:
    """A constant bonus lasts while its attachment is attached."""
    first, second = answers(
        'character "A" (strength 2)\nattach "Saber" (strength +1) to "A"\n'
        'ask what is the strength of "A"?\n"Saber" is removed\n'
        'ask what is the strength of "A"?\n'
    )
    assert (first.verdict, second.verdict) == (Number(3), Number(2))


def test_passive_text_reaches_only_the_characters_it_describes() -> None:
    """A passive bonus for a faction: given to the faction, not to others, unknown = gap."""
    body = (
        'card "Shrine" location: "Elric faction characters get +1 strength."\n'
        'character "Ed" (strength 3, Elric)\ncharacter "Roy" (strength 3, Military)\n'
        'character "Who" (strength 3)\n"Shrine" is in play\n'
    )
    ed, roy, who = answers(
        body + "".join(f'ask what is the strength of "{n}"?\n' for n in ("Ed", "Roy", "Who"))
    )
    assert (ed.verdict, roy.verdict) == (Number(4), Number(3))
    assert who.status is Status.CANNOT and "Elric faction characters" in who.reason
    assert [e["card"] for e in ed.graph.effects()] == ["Shrine"]


def test_unparsed_card_text_in_play_cannot_be_answered() -> None:
    """A card in play whose text rulesq does not understand: cannot answer, with the text."""
    reply = ask(
        'card "Odd" location: "Characters dance wildly."\n'
        'character "A" (strength 3)\n"Odd" is in play\n'
        'ask what is the strength of "A"?\n'
    )
    assert reply.status is Status.CANNOT
    assert "does not understand" in reply.reason and "dance wildly" in reply.reason


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ('character "A" (wits 3)\n', 'the strength of "A" is not known'),
        ('character "A" (strength 3)\nattach "Saber" to "A"\n', 'the bonuses "Saber" gives'),
        (
            'character "A" (strength 0)\n"A" gets +2 strength from an event\nI play "Momentum"\n',
            'whether "A" is one of your characters',
        ),
        (
            'my character "A" (strength 0)\n"A" gets +2 strength from its own text\n'
            'I play "Momentum"\n',
            "came from its own text",
        ),
    ],
)
def test_unknowns_give_cannot_answer(body: str, reason: str) -> None:
    """A value or fact the situation does not give: cannot answer, with the reason."""
    reply = ask(body + 'ask what is the strength of "A"?\n')
    assert reply.status is Status.CANNOT
    assert reason in reply.reason


def test_doubling_follows_the_card_text() -> None:
    """A played card whose text doubles a bonus just received doubles that bonus."""
    reply = ask(
        'my character "A" (strength 1)\n"A" gets +3 strength from an activated '
        'ability\nI play "Momentum"\nask what is the strength of "A"?\n'
    )
    assert reply.verdict == Number(7)
    assert cited(reply)[:2] == ["fma/rulings/changing-attributes/1", "fma/cards/momentum/erratum"]


# ---------------------------------------------------------------------------- battles


def test_battle_uses_the_timeline_values() -> None:
    """A character named earlier fights with its value at that point of the timeline."""
    reply = ask(
        'character "A" (strength 2)\n"A" gets +3 strength until the end of the '
        'battle\nbattle strength\nattackers "A"\ndefenders "D" (strength 4)\n'
        "ask who wins the battle?\n"
    )
    assert reply.verdict == Word("attackers")
    labels = [f["label"] for f in reply.graph.facts()]
    assert '"A" gets +3 strength until the end of the battle' in labels


def test_toughness_answer_names_the_negative_fact_and_the_lost_alternative() -> None:
    """Example 4: "B" survives on toughness; the set with "B" is the alternative that lost."""
    reply = ask(
        'battle strength\nattackers "A" (strength 3), "B" (strength 3, toughness 3)\n'
        'defenders "D" (strength 4)\nask who is defeated?\n'
    )
    assert reply.verdict == Cards(("A", "D"))
    assert reply.graph.negatives() == [
        '"B" has toughness 3 and its side did not lose, so it is not defeated'
    ]
    ((alternative, beaten_by),) = reply.graph.alternatives()
    assert alternative["label"].startswith('"A", "B", "D":')
    assert [(n["clause_id"], e) for n, e in beaten_by] == [("fma/rulings/toughness/1", "beats")]
    assert cited(reply)[0] == "fma/rulings/toughness/1"


def test_choices_name_the_sets_that_lost() -> None:
    """The wits example: B and C lose (total 8 is over 7); a single character is not enough."""
    reply = ask(
        'battle wits\nattackers "A" (wits 2), "B" (wits 3), "C" (wits 5)\n'
        'defenders "D" (wits 7)\nask which characters may the defending player '
        "defeat?\n"
    )
    assert reply.verdict == Alternatives((("A", "B"), ("A", "C")))
    lost = [alt["label"] for alt, _ in reply.graph.alternatives()]
    assert '"B" and "C": total 8 is over 7' in lost
    assert '"A": "B" could still be added (total 5, within 7)' in lost
    assert len(lost) == 2**3 - 2


def test_who_is_defeated_with_a_choice_gives_the_outcomes() -> None:
    """When a player chooses, "who is defeated" lists each possible outcome."""
    reply = ask(
        'battle wits\nattackers "A" (wits 2), "B" (wits 3), "C" (wits 5)\n'
        'defenders "D" (wits 7)\nask who is defeated?\n'
    )
    assert reply.verdict == Alternatives((("A", "B", "D"), ("A", "C", "D")))


def test_a_battle_ends_and_later_changes_do_not_count() -> None:
    """After the battle ends its result is fixed; a bonus given later changes nothing."""
    reply = ask(
        'battle strength\nattackers "A" (strength 3)\ndefenders "D" (strength 4)\n'
        'the battle ends\n"A" gets +5 strength\nask who wins the battle?\n'
    )
    assert reply.verdict == Word("defenders")


def test_a_defeated_character_cannot_fight() -> None:
    """A character defeated before the battle has no attributes: cannot answer."""
    reply = ask(
        'character "A" (strength 3)\n"A" is defeated\nbattle strength\n'
        'attackers "A"\ndefenders "D" (strength 4)\nask who wins the battle?\n'
    )
    assert reply.status is Status.CANNOT and "no attributes" in reply.reason


def test_battle_without_attribute_or_side_cannot_be_answered() -> None:
    """No battle line, or no defenders: cannot answer, saying what to write."""
    assert (
        "battle strength"
        in ask(
            'attackers "A" (strength 3)\ndefenders "D" (strength 4)\nask who wins the battle?\n'
        ).reason
    )
    assert (
        "no defenders"
        in ask('battle strength\nattackers "A" (strength 3)\nask who wins the battle?\n').reason
    )


# ---------------------------------------------------------------------------- goals, cases


def test_goals_change_and_cite_the_goal_rules() -> None:
    """Attribute goals change together and do not stack; both goal clauses are cited."""
    reply = ask(
        'the location has goals "Wits +1", "Alchemy +1" and "a State Alchemist"\n'
        '"Marta" changes the attribute goals to strength\n'
        "ask what are the goals of the location?\n"
    )
    assert reply.verdict is not None and set(reply.verdict.to_json()) == {
        "Strength +1",
        "a State Alchemist",
    }
    assert cited(reply) == [
        "fma/rulings/changing-attribute-goals/1",
        "fma/rulings/changing-attribute-goals/2",
    ]


def test_every_case_names_its_clause() -> None:
    """At least 25 FMA cases, each with a source line (the resolver checks the ids)."""
    cases = sorted((corpus_dir() / "fma" / "cases").rglob("*.rq"))
    assert len(cases) >= 25
    for path in cases:
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        assert situation.sources, path.name
        assert all(s.startswith("fma/") for s in situation.sources), path.name


def test_the_readme_example_agrees() -> None:
    """The FMA example in grammar/README.md parses and agrees with its expect lines."""
    from rulesq.engine.check import check_situation
    from rulesq.engine.expect import Result
    from rulesq.paths import grammar_dir

    readme = (grammar_dir() / "README.md").read_text(encoding="utf-8")
    block = readme.split("### Fullmetal Alchemist TCG", 1)[1].split("```", 2)[1]
    checked = check_situation(parse_situation(block.strip() + "\n", "README.md"))
    assert checked.result is Result.AGREE, checked.reason
    assert len([o for q in checked.questions for o in q.outcomes]) == 2


def test_fma_slips_are_explained_in_words() -> None:
    """A bonus without its sign, a period misnamed: what was expected, in words."""
    error = error_of('character "A" (strength 3)\n"A" gets 2 strength\n')
    assert (error.line, error.column) == (3, 10)
    assert error.expected == ["a bonus or penalty such as +2 or -1"]
    error = error_of(
        'character "A" (strength 3)\n"A" gets +2 strength until the end of the phase\n'
    )
    assert error.expected == ['"battle", "search phase" or "turn"']


def test_the_short_reason_says_why_a_tough_character_is_not_defeated() -> None:
    """The reason names the character toughness keeps out of the defeated, and why."""
    reply = ask(
        'battle strength\nattackers "A" (strength 3), "B" (strength 3, toughness 3)\n'
        'defenders "D" (strength 4)\nask who is defeated?'
    )
    assert reply.verdict == Cards(("A", "D"))
    assert '"B" has toughness 3 and its side did not lose, so it is not defeated' in reply.reason
