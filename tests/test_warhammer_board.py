"""Warhammer situations: the board, its input errors, the questions and the FAQ cases."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import INVENTED, corpus_at

from rulesq.engine.check import check_situation
from rulesq.engine.dispatch import evaluate
from rulesq.engine.expect import Result
from rulesq.errors import InputError
from rulesq.paths import corpus_dir
from rulesq.situation import parse_situation

CASES = corpus_dir() / "warhammer" / "cases"


def answer(body: str) -> str:
    """The verdict (or status) of the last question of a Warhammer situation."""
    situation = parse_situation("game warhammer\n" + body)
    last = evaluate(situation)[-1]
    return last.verdict.show() if last.verdict is not None else last.status.key


def error(body: str) -> InputError:
    """The input error a Warhammer situation raises."""
    with pytest.raises(InputError) as caught:
        parse_situation("game warhammer\n" + body)
    return caught.value


def test_a_value_outside_the_board_is_an_error_at_the_value() -> None:
    """'(damage 5, CORRUPTED)' on a card that is not in play is refused, caret on 'damage'."""
    line = 'I play "Defender of the Hold" (damage 5, CORRUPTED)'
    found = error(line + '\nask what does "Malekith" read?\n')
    assert found.line == 2 and found.column == line.index("damage") + 1
    assert "not in play" in found.message and found.suggestion


def test_unknown_value_icon_and_phase_have_a_did_you_mean() -> None:
    """Misspelt values, icons and phases: caret, what was expected, did you mean."""
    found = error('my battlefield has "Defender of the Hold" (damge 1)\n')
    assert found.suggestion == 'Did you mean "damage"?'
    found = error('my battlefield has "Defender of the Hold" (CORUPTED)\n')
    assert found.suggestion == 'Did you mean "CORRUPTED"?'
    found = error("phase kingdm\n")
    assert found.column == len("phase ") + 1 and found.suggestion == 'Did you mean "kingdom"?'
    found = error("phase Banana Time\n")
    assert found.column == len("phase ") + 1 and found.expected and found.suggestion


def test_a_value_no_card_has_is_an_error() -> None:
    """``what is the powr of "X"?``: caret on the word, did you mean."""
    found = error('ask what is the powr of "Malekith"?\n')
    assert found.column == len("ask what is the ") + 1
    assert found.suggestion == 'Did you mean "power"?'


def test_impossible_boards_are_errors() -> None:
    """Damage that would destroy a unit, damage on a support, a printed value on the board."""
    assert "destroyed" in error('my battlefield has "Defender of the Hold" (damage 1)\n').message
    assert "no hit points" in error('my kingdom has "Watchtower" (damage 1)\n').message
    assert "comes from the card" in error('my kingdom has "Watchtower" (cost 1)\n').message
    assert "not in play" in error('"Assassin\'s Blade" is attached to "Urguck"\n').message


def test_phases_by_name_and_number() -> None:
    """Phases 0-5 of the turn sequence, by name or number, decide the Capital Phase rule."""
    base = 'it is my turn\nI have 5 resources\n{}\nask can I play "Defender of the Hold"?\n'
    assert answer(base.format("phase 3")) == "yes"
    assert answer(base.format("phase capital phase")) == "yes"
    for phase in ("0", "kingdom", "quest", "battlefield", "end of the turn"):
        assert answer(base.format(f"phase {phase}")) == "no", phase


def test_card_text_beats_the_rules_only_where_it_speaks() -> None:
    """Assassin's Blade's 'any time' beats the Capital Phase rule, not its own target."""
    body = (
        "it is my turn\nphase battlefield\nI have 1 resource\n{}"
        'ask can I play "Assassin\'s Blade"?\n'
    )
    assert answer(body.format('my battlefield has "Defender of the Hold"\n')) == "yes"
    assert answer(body.format('my kingdom has "Zhufbar Engineers"\n')) == "no"


def test_reversed_ladder_changes_the_verdict(tmp_path: Path) -> None:
    """With game rules above card text, Assassin's Blade may no longer be played then."""
    case = CASES / "playing" / "card-text-overrides-capital-phase.rq"
    copy = tmp_path / "corpus"
    shutil.copytree(corpus_dir(), copy, ignore=shutil.ignore_patterns("cases"))
    ladder = copy / "warhammer" / "ladder.toml"
    text = ladder.read_text(encoding="utf-8")
    head, card, rules = text.split("[[step]]")
    ladder.write_text(head + "[[step]]" + rules.rstrip() + "\n\n[[step]]" + card, encoding="utf-8")
    assert check_situation(parse_situation(case.read_text(encoding="utf-8"))).result is Result.AGREE
    with corpus_at(copy):
        checked = check_situation(parse_situation(case.read_text(encoding="utf-8")))
        assert checked.result is Result.DISAGREE


def test_every_case_names_its_clause() -> None:
    """At least 30 Warhammer FAQ cases, each with a source line of the Warhammer FAQ."""
    cases = sorted(CASES.rglob("*.rq"))
    assert len(cases) >= 30
    for path in cases:
        situation = parse_situation(path.read_text(encoding="utf-8"), str(path))
        assert situation.sources, path.name
        assert all(s.startswith("warhammer/faq/") for s in situation.sources), path.name


def test_the_fixes_of_the_issue_are_cases() -> None:
    """The text-in-force and legend fixes are encoded as cases."""
    names = {p.stem for p in CASES.rglob("*.rq")}
    assert {
        "warpstone-excavation-limit-replaces-restricted",
        "arcane-power-spliced-and-limited",
        "temple-of-ulric-limit-once-per-turn",
        "malekith-power-is-weakest-zone",
    } <= names


def test_spliced_text_states_its_assumption() -> None:
    """A splice the seed leaves open is answered with the assumption it rests on."""
    situation = parse_situation('game warhammer\nask what does "Temple of Ulric" read?\n')
    (reply,) = evaluate(situation)
    assert any("taken to stay" in a for a in reply.graph.assumptions())


def test_copies_left_open_say_which_are_gone() -> None:
    """A question naming one of two copies, one sacrificed since, says so: not 2 on the board."""
    situation = parse_situation(
        "game warhammer\nit is my turn\nphase capital\n"
        'your kingdom has "Chaos Knights" (damage 1), "Chaos Knights" (damage 1)\n'
        'you sacrifice "Chaos Knights"\nask where is "Chaos Knights"?\n'
    )
    reason = evaluate(situation)[-1].reason
    assert "your kingdom (sacrificed since), your kingdom" in reason
    assert "1 of them still in play" in reason


def test_the_copy_hint_offers_only_what_can_be_typed() -> None:
    """A copy whose board line gives no values is offered one, never its bare name."""
    path = INVENTED / "warhammer-copies" / "a-copy-with-no-values-is-offered-a-value-to-name-it.rq"
    text = path.read_text()
    reason = evaluate(parse_situation(text))[-1].reason
    assert 'writes it: "Chaos Knights" (damage 3, CORRUPTED);' in reason
    assert 'or "Chaos Knights")' not in reason
    assert 'e.g., "Chaos Knights" (damage 0)' in reason
    # the hint followed: the copy given that value on its board line is named by it
    board = 'your kingdom has "Chaos Knights" (damage 3, CORRUPTED), "Chaos Knights" (damage 0)'
    followed = text.replace(
        'your kingdom has "Chaos Knights" (damage 3, CORRUPTED), "Chaos Knights"', board
    ).replace('you sacrifice "Chaos Knights"', 'you sacrifice "Chaos Knights" (damage 0)')
    assert evaluate(parse_situation(followed))[-1].verdict is not None
    found = error(
        'your kingdom has "Chaos Knights" (damage 3), "Chaos Knights"\n'
        'you sacrifice "Chaos Knights" (damage 2)\n'
    )
    assert found.suggestion == 'Did you mean "Chaos Knights" (damage 3)?'


def test_damage_stated_that_may_have_been_spent_is_said_stated() -> None:
    """A range of damage spent off a unit is no damage unstated: the reason says what was."""
    path = (
        INVENTED / "warhammer-resources" / "damage-that-may-have-paid-a-play-with-no-pool-stated.rq"
    )
    remaining, destroyed = evaluate(parse_situation(path.read_text()))
    assert not remaining.answered
    assert "2 damage stated, less 0 to 2 spent as resources" in destroyed.reason
    assert "states no damage" not in destroyed.reason
